/* The JSON side of the scorer (../shared/formats/hands.md): a record in,
 * a result object out.  Shared by tensu score --jsonl, tensu bench and the
 * data-driven tests. */
#ifndef TENSU_SCORE_JSON_H
#define TENSU_SCORE_JSON_H

#include "../tensu.h"
#include "score_write.h"

#include <jansson.h>

/* Read one input record (the hands.md layout, or a corpus record of
 * ../shared/corpus) into *h and the rules in force for it (base plus the
 * record's "rules" overrides; a corpus record picks tenhou-sanma for three
 * players).  On error returns the status and writes "what, where" to why. */
tensu_status score_json_read(json_t *rec, const tensu_rules *base, tensu_rules *rules,
                             tensu_hand *h, char *why, size_t n);

/* The longest result line: every yaku, fu item and alternative (a few KB). */
#define SCORE_LINE_MAX 16384

/* Score one record and write its result line (score_write.h) into buf:
 * returns the length it needs, as snprintf does. */
size_t score_json_write(json_t *rec, const tensu_rules *base, char *buf, size_t cap);

/* Score one record and build the output object (new reference). */
json_t *score_json_line(json_t *rec, const tensu_rules *base);

#endif
