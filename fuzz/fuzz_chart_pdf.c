/* fuzz-with: src/read/doc_pdf.c src/read/dynlib.c -ldl pkg:poppler-glib
 * libFuzzer target: a PDF document (tensu verify book.pdf): its words where
 * they stand (poppler), the tables read from them, and the verdict.
 * Nothing may crash, hang or read out of bounds in our code. */
#include <stdint.h>
#include <string.h>

#include "read/doc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tensu_words *w = NULL;
    tensu_chart *chart = NULL;
    tensu_verdict *v = NULL;
    tensu_error err;
    tensu_rules r;
    char why[600];
    int npages = 0;
    memset(&err, 0, sizeof err);
    if (doc_pdf_words((const char *)data, size, 1, 0, &w, &npages, why, sizeof why) != TENSU_OK)
        return 0;
    if (tensu_chart_from_words(w, "fuzz.pdf", TENSU_CHART_PDF, NULL, &chart, &err) == TENSU_OK) {
        tensu_rules_preset(tensu_default_preset(), &r, NULL);
        if (tensu_verify(chart, &r, TENSU_INFER_ALL, 0, &v, &err) == TENSU_OK)
            tensu_verdict_free(v);
        tensu_chart_free(chart);
    }
    tensu_words_free(w);
    return 0;
}
