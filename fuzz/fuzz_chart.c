/* libFuzzer target: the chart readers (every format and auto-detection)
 * and the verifier on whatever they read.  No crash, no leak, no UB. */
#include "tensu.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const tensu_chart_format formats[] = {TENSU_CHART_AUTO, TENSU_CHART_CSV,
                                                 TENSU_CHART_GRID, TENSU_CHART_WIKI,
                                                 TENSU_CHART_LATEX};
    tensu_rules r;
    if (tensu_rules_preset("tenhou", &r, NULL) != TENSU_OK)
        return 0;
    (void)tensu_chart_detect((const char *)data, size);
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        tensu_chart *c = NULL;
        tensu_error err;
        if (tensu_chart_read((const char *)data, size, "fuzz", formats[i], &c, &err) ==
            TENSU_OK) {
            tensu_verdict *v = NULL;
            if (tensu_verify(c, tensu_chart_rules(c) ? tensu_chart_rules(c) : &r,
                             TENSU_INFER_ALL, 0, &v, NULL) == TENSU_OK)
                tensu_verdict_free(v);
            tensu_chart_free(c);
        }
    }
    return 0;
}
