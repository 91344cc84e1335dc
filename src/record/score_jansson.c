/* Hand records held as jansson values: through their text to score_json.c. */
#include "score_jansson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A jansson value as a parsed document (the callers that build records). */
static bool doc_of(json_t *rec, jr_doc *d)
{
    char *text = json_dumps(rec, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    bool ok = text != NULL && jr_parse(d, text, strlen(text));
    free(text);
    return ok;
}

tensu_status score_json_read_json(json_t *rec, const tensu_rules *base, tensu_rules *rules,
                                  tensu_hand *h, char *why, size_t n)
{
    jr_doc d = {0};
    tensu_status s;
    if (!doc_of(rec, &d)) {
        jr_free(&d);
        tensu_hand_init(h);
        snprintf(why, n, "out of memory");
        return TENSU_ERR_NOMEM;
    }
    s = score_json_read(&d, JR_ROOT, base, rules, h, why, n);
    jr_free(&d);
    return s;
}

json_t *score_json_line(json_t *rec, const tensu_rules *base)
{
    char buf[SCORE_LINE_MAX];
    jr_doc d = {0};
    if (!doc_of(rec, &d)) {
        jr_free(&d);
        return NULL;
    }
    bool scored;
    score_json_write(&d, JR_ROOT, base, 0, buf, sizeof buf, &scored);
    jr_free(&d);
    return json_loads(buf, 0, NULL);
}
