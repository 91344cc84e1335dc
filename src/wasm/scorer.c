/* The scorer for the phone page (tensu sheets --format html --with-scorer),
 * built to WebAssembly by emscripten: the same engine as the command line,
 * a record of ../shared/formats/hands.md in, read by the reader of tensu
 * score --jsonl (score_json.c), and its result line out (score_write.c).
 * Built only when emcc is found (CMakeLists.txt). */
#include "../record/score_json.h"

#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

static char out[SCORE_LINE_MAX];

/* Score record, one record of hands.md as JSON text, under the rules of
 * preset (a preset's name; the page's --set values and the record's own
 * go in the record's "rules"), as tensu score --jsonl --rules PRESET does;
 * returns the result line (no newline), valid until the next call. */
EMSCRIPTEN_KEEPALIVE const char *tensu_wasm_score(const char *preset, const char *record)
{
    static jr_doc scratch; /* kept from call to call, as score --jsonl keeps it */
    tensu_rules base;
    tensu_error e;
    score_outcome outcome;

    memset(&e, 0, sizeof e);
    if (tensu_rules_preset(preset, &base, &e) != TENSU_OK) {
        score_write_error(out, sizeof out, NULL, 0, e.status, e.message);
        return out;
    }
    /* one record, not a batch: no line number */
    score_json_text(&scratch, record, strlen(record), 0, &base, out, sizeof out, &outcome);
    return out;
}
