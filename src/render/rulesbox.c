/* The "rules at this table" box: one short sentence per rule that matters
 * under the rules in force, in the sheet's language, from catalog strings
 * (never key names).  The template lists the rules in the order to print
 * them, each with an optional "when"; the sentence for a rule is the
 * catalog's "rule.KEY.VALUE", else "rule.KEY" (with {value}).  A box marked
 * "optional" may have nothing to say and is then left out; "notes": false
 * keeps the club's notes for the main box. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

char *rule_sentence(sheet_ctx *c, const char *key, const char *value)
{
    char ck[128];
    json_t *x;
    char *t;
    snprintf(ck, sizeof ck, "rule.%s.%s", key, value);
    if (!cat_has(c, ck))
        snprintf(ck, sizeof ck, "rule.%s", key);
    x = json_object();
    {
        /* a number reads with the catalog's grouping: 30 000 */
        char *end;
        long n = strtol(value, &end, 10);
        if (*value != '\0' && *end == '\0')
            var_amount(c, x, "value", n);
        else
            var_set(x, "value", "%s", value);
    }
    t = cat_expand(c, ck, x);
    json_decref(x);
    return t;
}

/* The sentence for one item: {"key": K} (a rule key) or {"text": S} (a
 * catalog string), NULL when it does not apply. */
char *rules_box_item(sheet_ctx *c, json_t *it)
{
    const char *key = json_string_value(json_object_get(it, "key"));
    const char *text = json_string_value(json_object_get(it, "text"));
    char value[64];
    if (!when_ok(c, it))
        return NULL;
    if (text != NULL)
        return cat_expand(c, text, NULL);
    if (key == NULL) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:%d: rules-box items need \"key\" (a rule key) or \"text\" (a string)",
                 c->tmpl.path, json_file_line(&c->tmpl, "rules-box"));
        return NULL;
    }
    if (!tensu_rules_get(c->rules, key, value, sizeof value)) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: rules-box: unknown rule key '%s'", c->tmpl.path,
                 json_file_line(&c->tmpl, key), key);
        return NULL;
    }
    return rule_sentence(c, key, value);
}

/* The sentences of a box, in order: its items that apply, then the club's
 * notes (unless "notes": false).  Returns how many (at most max). */
int rules_box_texts(sheet_ctx *c, json_t *b, char **texts, int max)
{
    json_t *items = json_object_get(b, "items"), *it, *notes = json_object_get(b, "notes");
    size_t i;
    int n = 0;
    json_array_foreach(items, i, it) {
        char *t = rules_box_item(c, it);
        if (c->status != TENSU_OK) {
            free(t);
            break;
        }
        if (t != NULL && n < max)
            texts[n++] = t;
        else
            free(t);
    }
    if (c->status == TENSU_OK && !json_is_false(notes) && c->rules_notes &&
        *c->rules_notes && n < max) {
        texts[n] = malloc(strlen(c->rules_notes) + 1);
        if (texts[n])
            strcpy(texts[n++], c->rules_notes);
    }
    /* a box that may be empty ("optional": true) is then left out */
    if (c->status == TENSU_OK && n == 0 && !json_is_true(json_object_get(b, "optional")))
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: the rules box has nothing to say under these rules",
                 c->tmpl.path, json_file_line(&c->tmpl, "rules-box"));
    return n;
}

double block_rules_box(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const char *title = json_string_value(json_object_get(b, "title"));
    double pad = 6 * c->scale, h = pad, size = num(b, "size", 10), s = size * c->scale;
    double ind = size * 1.1 * c->scale, gap = 12 * c->scale, colh[2] = {0, 0}, colw;
    int ncols = (int)num(b, "columns", 1), n;
    tensu_page *p = c->page;
    size_t first = p->n;
    char *texts[64];

    n = rules_box_texts(c, b, texts, 64);
    if (n == 0)
        return 0;
    if (ncols < 1 || ncols > 2)
        ncols = 1;
    colw = (width - 2 * pad - (ncols - 1) * gap) / ncols;
    page_rect(p, x, y, width, 1, -1, 1.0 * c->scale, 0); /* resized below */
    h += box_title(c, title, x, y + h, width, pad, size, 1.4);
    for (int k = 0; k < n; k++) {
        /* first half in the left column */
        int col = ncols == 2 && k >= (n + 1) / 2 ? 1 : 0;
        double cx = x + pad + col * (colw + gap), cy = y + h + colh[col];
        if (c->status == TENSU_OK) {
            put_text(c, cx, cy + s * 0.93, ind, 'l', TENSU_FONT_BOLD, s, 0, "\u2022");
            colh[col] += flow_text(c, cx + ind, cy, colw - ind, size, TENSU_FONT_REGULAR, 0,
                                   texts[k], 0) +
                         1.2 * c->scale;
        }
        free(texts[k]);
    }
    h += (colh[0] > colh[1] ? colh[0] : colh[1]) + pad - 1.2 * c->scale;
    if (first < p->n)
        p->items[first].h = h;
    return h + num(b, "after", 4) * c->scale;
}
