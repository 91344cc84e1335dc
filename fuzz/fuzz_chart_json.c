/* fuzz-with: src/read/doc_json.c -ljansson
 * libFuzzer target: tensu table's JSON (tensu verify FILE.json): its words
 * as a table of one row per han and fu, read, and the
 * verdict.  Nothing may crash, hang or read out of bounds. */
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
    memset(&err, 0, sizeof err);
    if (doc_json_words((const char *)data, size, &w, &err) != TENSU_OK)
        return 0;
    if (tensu_chart_from_words(w, "fuzz.json", TENSU_CHART_JSON, NULL, &chart, &err) ==
        TENSU_OK) {
        tensu_rules_preset(tensu_default_preset(), &r, NULL);
        if (tensu_verify(chart, &r, TENSU_INFER_ALL, 0, &v, &err) == TENSU_OK)
            tensu_verdict_free(v);
        tensu_chart_free(chart);
    }
    tensu_words_free(w);
    return 0;
}
