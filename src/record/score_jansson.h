/* Hand records held as jansson values (the callers that build records:
 * tensu bench, tensu quiz, the yaku sheet, the data-driven tests), read
 * and scored through their text by score_json.c, so that there is one
 * reader of records.  Kept apart from score_json.c so that the WebAssembly
 * scorer (src/wasm/scorer.c) builds without jansson. */
#ifndef TENSU_SCORE_JANSSON_H
#define TENSU_SCORE_JANSSON_H

#include "score_json.h"

#include <jansson.h>

/* score_json_read of a jansson value; TENSU_ERR_NOMEM when its text
 * cannot be made. */
tensu_status score_json_read_json(json_t *rec, const tensu_rules *base, tensu_rules *rules,
                                  tensu_hand *h, char *why, size_t n);

/* Score one record and build the output object (new reference); NULL when
 * out of memory. */
json_t *score_json_line(json_t *rec, const tensu_rules *base);

#endif
