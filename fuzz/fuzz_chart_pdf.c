/* fuzz-with: src/cli/chart_pdf.c src/cli/extract.c src/cli/dynlib.c -ldl pkg:poppler-glib
 * libFuzzer target: a PDF document's text with its positions rebuilt into
 * lines and cells (tensu verify book.pdf), read into the chart model and
 * verified.  Nothing may crash, hang or read out of bounds in our code,
 * and every text line keeps its page. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tensu_chart *chart = NULL;
    tensu_verdict *v = NULL;
    tensu_error err;
    tensu_rules r;
    int *pages = NULL, npages = 0;
    size_t nlines = 0, lines = 0;
    char why[300];
    char *text = cli_pdf_text((const char *)data, size, 1, 0, &pages, &nlines, &npages, why,
                              sizeof why);
    if (text == NULL) {
        if (why[0] == '\0')
            abort(); /* a refusal without a reason */
        return 0;
    }
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    if (lines != nlines)
        abort();
    memset(&err, 0, sizeof err);
    if (tensu_chart_read(text, strlen(text), "fuzz.pdf", TENSU_CHART_GRID, &chart, &err) ==
        TENSU_OK) {
        tensu_rules_preset(tensu_default_preset(), &r, NULL);
        if (tensu_verify(chart, &r, TENSU_INFER_ALL, &v, &err) == TENSU_OK)
            tensu_verdict_free(v);
        tensu_chart_free(chart);
    }
    free(text);
    free(pages);
    return 0;
}
