/* fuzz-with: src/cli/chart_html.c src/cli/extract.c -lxml2
 * libFuzzer target: a web page's tables (tensu verify page.html): the page
 * turned into grid text by libxml2's HTML parser, read into the chart
 * model and verified.  Nothing may crash, hang or read out of bounds, and
 * every text line keeps a page line. */
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
    int *map = NULL;
    size_t nmap = 0, lines = 0;
    char *text = cli_html_tables((const char *)data, size, &map, &nmap);
    if (text == NULL)
        return 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    if (lines != nmap)
        abort(); /* a text line without its page line */
    memset(&err, 0, sizeof err);
    if (tensu_chart_read(text, strlen(text), "fuzz.html", TENSU_CHART_GRID, &chart, &err) ==
        TENSU_OK) {
        tensu_rules_preset(tensu_default_preset(), &r, NULL);
        if (tensu_verify(chart, &r, TENSU_INFER_ALL, &v, &err) == TENSU_OK)
            tensu_verdict_free(v);
        tensu_chart_free(chart);
    }
    free(text);
    free(map);
    return 0;
}
