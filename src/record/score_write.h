/* A scored hand as one JSON result line (../shared/formats/hands.md),
 * written straight into a caller's buffer: no JSON library, no heap.  The
 * one writer of the result layout: tensu score --jsonl, tensu quiz's keys
 * and the WebAssembly scorer of the phone page (src/wasm/scorer.c) all
 * print through it, so that they cannot disagree. */
#ifndef TENSU_SCORE_WRITE_H
#define TENSU_SCORE_WRITE_H

#include "../tensu.h"
#include "jread.h"

#include <stddef.h>

/* The result of a scored hand: {"id":..., "ok":true, "han":..., ...}.
 * id_json is the record's "id" as JSON text (NULL for none); h the hand
 * as scored.  Writes at most cap bytes with the terminating NUL and
 * returns the length the line needs (without the NUL), as snprintf does:
 * a return >= cap means the line was cut. */
size_t score_write_result(char *buf, size_t cap, const char *id_json, const tensu_hand *h,
                          const tensu_score_result *res);

/* The result of a hand that was not scored: {"id":..., "ok":false,
 * "line":N, "error":"not_agari"} with "message" why for not_agari and
 * no_yaku, or "error":"invalid_input: why" for anything else; "line" (the
 * record's line in a batch) only when line > 0. */
size_t score_write_error(char *buf, size_t cap, const char *id_json, long line, tensu_status s,
                         const char *why);

/* Node v of a document read by jread.c as compact JSON text, as jansson's
 * json_dumps(JSON_COMPACT | JSON_ENCODE_ANY) writes it (the record's "id",
 * echoed in its result line); returns the length it needs, as snprintf. */
size_t score_write_value(char *buf, size_t cap, const jr_doc *d, uint32_t v);

/* "mangan" ... "yakuman", "2x_yakuman"; NULL for no limit. */
const char *score_limit_text(const tensu_score_result *res, char *buf, size_t n);

/* Text of a fu item: "closed kan, terminals/honours 1111s". */
void score_fu_text(const tensu_fu_item *it, char *buf, size_t n);

#endif
