/* tensu's JSON table ("tensu-table-1", what tensu table --format json
 * writes) as words: the table of one row per han and fu (then per limit)
 * that the JSON describes, with a column per payment, as a spreadsheet
 * would show it; a value the JSON marks as a hand that cannot occur
 * ("reachable": false) carries the chart mark '*'.  The rules it states
 * are kept with the words.  Read with jansson. */
#include "doc.h"
#include "words.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The columns of the table: their heads, and where each value comes from. */
static const struct {
    const char *head;
    bool dealer, tsumo;
    const char *key;
} cols[] = {
    {"nondealer_ron", false, false, "points"},
    {"nondealer_tsumo_from_nondealer", false, true, "from_nondealer"},
    {"nondealer_tsumo_from_dealer", false, true, "from_dealer"},
    {"dealer_ron", true, false, "points"},
    {"dealer_tsumo_each", true, true, "each"},
};

#define X_HAN 0
#define X_FU 12
#define X_FIRST 18
#define X_STEP 34

typedef struct ctx {
    tensu_words *w;
    tensu_error *err;
    int cell;
    double y;
} ctx;

static tensu_status word(ctx *C, const char *text, int at)
{
    tensu_word x;
    memset(&x, 0, sizeof x);
    x.text = text;
    x.x1 = at * TEXT_CHAR;
    x.x2 = (at + read_text_width(text, strlen(text))) * TEXT_CHAR;
    x.y1 = C->y;
    x.y2 = C->y + 1;
    x.cell = ++C->cell;
    x.conf = 100;
    return tensu_words_add(C->w, &x, C->err);
}

/* A JSON value as a chart's cell text: an amount, "-" for none, '*' after
 * it when the hand cannot occur. */
static tensu_status value(ctx *C, json_t *side, const char *kind, const char *key, int at,
                          const char *where)
{
    json_t *o = json_object_get(side, kind), *v;
    char text[64];
    bool reachable;
    if (!json_is_object(o))
        return error_fill_at(C->err, TENSU_ERR_INVALID, 0, 0,
                             "%s: expected \"ron\" and \"tsumo\" objects", where);
    reachable = !json_is_false(json_object_get(o, "reachable"));
    v = json_object_get(o, key);
    if (v == NULL || json_is_null(v))
        snprintf(text, sizeof text, "-");
    else if (json_is_integer(v) && json_integer_value(v) >= 0)
        snprintf(text, sizeof text, "%lld%s", (long long)json_integer_value(v),
                 reachable ? "" : "*");
    else if (json_is_string(v) && strspn(json_string_value(v), "0123456789") ==
                                      strlen(json_string_value(v)) &&
             json_string_value(v)[0] != '\0' && strlen(json_string_value(v)) < 40)
        snprintf(text, sizeof text, "%s%s", json_string_value(v), reachable ? "" : "*");
    else
        return error_fill_at(C->err, TENSU_ERR_INVALID, 0, 0,
                             "%s: expected a number of points in \"%s\"", where, key);
    return word(C, text, at);
}

/* One row: its label words, then its five values. */
static tensu_status row(ctx *C, json_t *r, const char *han, const char *fu, const char *where)
{
    tensu_status st = word(C, han, X_HAN);
    if (st == TENSU_OK && fu != NULL)
        st = word(C, fu, X_FU);
    for (size_t c = 0; c < sizeof cols / sizeof cols[0] && st == TENSU_OK; c++) {
        json_t *side = json_object_get(r, cols[c].dealer ? "dealer" : "nondealer");
        if (!json_is_object(side))
            return error_fill_at(C->err, TENSU_ERR_INVALID, 0, 0, "%s: expected an object \"%s\"",
                                 where, cols[c].dealer ? "dealer" : "nondealer");
        st = value(C, side, cols[c].tsumo ? "tsumo" : "ron", cols[c].key,
                   X_FIRST + (int)c * X_STEP, where);
    }
    C->y += 1;
    return st;
}

static void stated_rules(tensu_words *w, json_t *rules)
{
    tensu_rules r;
    const char *k;
    json_t *v;
    json_t *preset = json_object_get(rules, "preset");
    if (!json_is_object(rules))
        return;
    if (!json_is_string(preset) ||
        tensu_rules_preset(json_string_value(preset), &r, NULL) != TENSU_OK)
        tensu_rules_preset(tensu_default_preset(), &r, NULL);
    json_object_foreach(rules, k, v)
    {
        if (strcmp(k, "preset") != 0 && json_is_string(v))
            tensu_rules_set(&r, k, json_string_value(v), NULL); /* unknown keys: ignored */
    }
    tensu_words_set_rules(w, &r);
}

tensu_status doc_json_words(const char *data, size_t len, tensu_words **out, tensu_error *err)
{
    json_error_t je;
    json_t *root, *cells, *limits, *r;
    size_t i;
    ctx C;
    tensu_status st = TENSU_OK;
    *out = NULL;
    root = json_loadb(data, len, 0, &je);
    if (root == NULL)
        return error_fill_at(err, TENSU_ERR_INVALID, je.line > 0 ? je.line : 1,
                             je.column > 0 ? je.column : 1,
                             "expected JSON as tensu table --format json writes it: %s", je.text);
    cells = json_object_get(root, "cells");
    limits = json_object_get(root, "limits");
    if (!json_is_object(root) || (!json_is_array(cells) && !json_is_array(limits))) {
        json_decref(root);
        return error_fill_at(err, TENSU_ERR_INVALID, 1, 1,
                             "expected a JSON object with a \"cells\" array (tensu table --format "
                             "json)");
    }
    memset(&C, 0, sizeof C);
    C.err = err;
    C.w = tensu_words_new(TENSU_PLACES_TEXT);
    if (C.w == NULL) {
        json_decref(root);
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    }
    stated_rules(C.w, json_object_get(root, "rules"));
    /* the header */
    st = word(&C, "han", X_HAN);
    if (st == TENSU_OK)
        st = word(&C, "fu", X_FU);
    for (size_t c = 0; c < sizeof cols / sizeof cols[0] && st == TENSU_OK; c++)
        st = word(&C, cols[c].head, X_FIRST + (int)c * X_STEP);
    C.y += 1;
    json_array_foreach(cells, i, r)
    {
        json_t *h = json_object_get(r, "han"), *f = json_object_get(r, "fu");
        char where[32], hs[16], fs[16];
        if (st != TENSU_OK)
            break;
        snprintf(where, sizeof where, "cells[%zu]", i);
        if (!json_is_integer(h) || !json_is_integer(f) || json_integer_value(h) < 1 ||
            json_integer_value(h) > 1000 || json_integer_value(f) < 1 ||
            json_integer_value(f) > 1000) {
            st = error_fill_at(err, TENSU_ERR_INVALID, 0, 0,
                               "%s: expected \"han\" and \"fu\" numbers (1..1000)", where);
            break;
        }
        snprintf(hs, sizeof hs, "%lld", (long long)json_integer_value(h));
        snprintf(fs, sizeof fs, "%lld", (long long)json_integer_value(f));
        st = row(&C, r, hs, fs, where);
    }
    json_array_foreach(limits, i, r)
    {
        json_t *n = json_object_get(r, "name"), *y = json_object_get(r, "yakuman");
        int yk = json_is_integer(y) ? (int)json_integer_value(y) : 0;
        char where[32], name[32];
        bool known = false;
        if (st != TENSU_OK)
            break;
        snprintf(where, sizeof where, "limits[%zu]", i);
        if (yk >= 1 && yk <= 100) {
            snprintf(name, sizeof name, "%dx_yakuman", yk);
            known = true;
        } else if (json_is_string(n)) {
            for (int l = TENSU_LIMIT_MANGAN; l <= TENSU_LIMIT_SANBAIMAN; l++)
                if (strcmp(json_string_value(n), tensu_limit_name((tensu_limit)l)) == 0) {
                    snprintf(name, sizeof name, "%s", tensu_limit_name((tensu_limit)l));
                    known = true;
                }
        }
        if (!known) {
            st = error_fill_at(err, TENSU_ERR_INVALID, 0, 0,
                               "%s: expected a limit \"name\" (mangan .. sanbaiman) or a "
                               "\"yakuman\" count",
                               where);
            break;
        }
        st = row(&C, r, name, NULL, where);
    }
    json_decref(root);
    if (st != TENSU_OK) {
        tensu_words_free(C.w);
        return st;
    }
    *out = C.w;
    return TENSU_OK;
}
