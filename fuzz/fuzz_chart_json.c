/* fuzz-with: src/cli/chart_json.c -ljansson
 * libFuzzer target: a chart in tensu table's JSON (tensu verify FILE.json),
 * read into the chart model and verified.  Nothing may crash, hang or read
 * out of bounds; a refusal names a line. */
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
    memset(&err, 0, sizeof err);
    if (cli_chart_from_json((const char *)data, size, "fuzz.json", &chart, &err) != TENSU_OK) {
        if (err.message[0] == '\0')
            abort(); /* a refusal without a message */
        return 0;
    }
    tensu_rules_preset(tensu_default_preset(), &r, NULL);
    if (tensu_verify(chart, &r, TENSU_INFER_ALL, &v, &err) == TENSU_OK)
        tensu_verdict_free(v);
    tensu_chart_free(chart);
    return 0;
}
