/* fuzz-with: src/render/score_json.c src/render/score_write.c -ljansson
 * libFuzzer target: one line of tensu score --jsonl (a record of
 * ../shared/formats/hands.md, or a corpus record) read and scored under
 * tenhou and tenhou-sanma.  Nothing may crash, hang or read out of bounds;
 * every answer is an object with "ok". */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render/score_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const presets[] = {"tenhou", "tenhou-sanma"};
    json_error_t jerr;
    json_t *rec = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &jerr);
    if (rec == NULL)
        return 0;
    for (int i = 0; i < 2; i++) {
        tensu_rules r;
        json_t *out;
        if (tensu_rules_preset(presets[i], &r, NULL) != TENSU_OK)
            abort();
        out = score_json_line(rec, &r);
        if (out == NULL || !json_is_object(out) || json_object_get(out, "ok") == NULL)
            abort();
        json_decref(out);
    }
    json_decref(rec);
    return 0;
}
