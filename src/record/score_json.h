/* The JSON side of the scorer (../shared/formats/hands.md): a record in,
 * a result line out.  Shared by tensu score --jsonl, tensu bench, the yaku
 * sheet, the quiz, the data-driven tests and the phone page's scorer
 * (src/wasm/scorer.c).  Records are read by jread.c; no jansson here
 * (score_jansson.h takes a jansson value for callers that build one). */
#ifndef TENSU_SCORE_JSON_H
#define TENSU_SCORE_JSON_H

#include "../tensu.h"
#include "jread.h"
#include "score_write.h"

/* Read one input record, node rec of d (the hands.md layout, or a corpus
 * record of ../shared/corpus), into *h and the rules in force for it (base
 * plus the record's "rules" overrides; a corpus record picks tenhou-sanma
 * for three players).  On error returns the status and writes "what,
 * where" to why. */
tensu_status score_json_read(const jr_doc *d, uint32_t rec, const tensu_rules *base,
                             tensu_rules *rules, tensu_hand *h, char *why, size_t n);

/* The longest result line: every yaku, fu item and alternative (a few KB). */
#define SCORE_LINE_MAX 16384
/* The longest "id" echoed (as JSON text, its NUL included); a longer one
 * makes the record an error. */
#define SCORE_ID_MAX 1024

/* Score record rec of d and write its result line (score_write.h) into
 * buf: returns the length it needs, as snprintf does.  *scored is false
 * when the line is an error record, which gives line (the record's line
 * in a batch) when line > 0. */
size_t score_json_write(const jr_doc *d, uint32_t rec, const tensu_rules *base, long line,
                        char *buf, size_t cap, bool *scored);

/* What became of a line of JSON text. */
typedef enum score_outcome {
    SCORE_SCORED,   /* its result line */
    SCORE_REFUSED,  /* an error record: not a record, bad input, not_agari, no_yaku */
    SCORE_NOT_JSON  /* an error record: the line is not JSON */
} score_outcome;

/* One line of JSON text, line LINE of a batch (0: not in a batch): parsed
 * into scratch (kept from line to line: no allocation once warm), scored,
 * and its result line written into buf, or its error record (with "line"
 * when line > 0; a line that is not JSON says "line N, column C: bad
 * JSON: ..."). */
size_t score_json_text(jr_doc *scratch, const char *text, size_t len, long line,
                       const tensu_rules *base, char *buf, size_t cap, score_outcome *outcome);

#endif
