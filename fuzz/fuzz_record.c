/* fuzz-with: src/record/jread.c src/record/score_json.c src/record/score_write.c -ljansson
 * libFuzzer target: one line of tensu score --jsonl (a record of
 * ../shared/formats/hands.md, or a corpus record) read by jread.c and
 * scored under tenhou and tenhou-sanma, as score --jsonl does.  Nothing may
 * crash, hang or read out of bounds; every answer is one JSON object with
 * "ok" (checked with jansson, the reader it replaced); whatever jansson
 * reads as an object, jread reads too (but for a NUL byte). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "record/score_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const presets[] = {"tenhou", "tenhou-sanma"};
    static jr_doc doc; /* kept from input to input, as score --jsonl keeps it */
    static char buf[SCORE_LINE_MAX];
    json_t *ref = json_loadb((const char *)data, size, 0, NULL);
    for (int i = 0; i < 2; i++) {
        tensu_rules r;
        json_t *out;
        score_outcome outcome;
        size_t n;
        if (tensu_rules_preset(presets[i], &r, NULL) != TENSU_OK)
            abort();
        n = score_json_text(&doc, (const char *)data, size, 1, &r, buf, sizeof buf, &outcome);
        if (n >= sizeof buf)
            abort();
        if (json_is_object(ref) && outcome == SCORE_NOT_JSON && memchr(data, '\0', size) == NULL)
            abort(); /* a record jansson reads, jread refused (jansson takes
                      * a NUL byte for the end; jread refuses it) */
        out = json_loads(buf, 0, NULL);
        if (out == NULL || !json_is_object(out) || json_object_get(out, "ok") == NULL)
            abort();
        json_decref(out);
    }
    json_decref(ref);
    return 0;
}
