/* The annotated chart's header (tensu verify --annotate): what was
 * checked, the verdict, the rules and how the chart settled their
 * variants, the lines the chart lacks, and the legend (a sample of each
 * way a value is drawn, then the cause labels).  Its values are drawn by
 * annotate_cells.c. */
#define _POSIX_C_SOURCE 200809L
#include "annotation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the header: what was checked, the verdict, the rules, a legend ---- */

/* The rules besides the variants, in words ("Pinfu en tsumo : 20 fu"),
 * joined by the catalog's separator: the ones that shape the fu rows. */
static char *rules_more(ann *a)
{
    static const char *const shown[] = {"double-wind-fu", "open-pinfu", "pinfu-tsumo"};
    const char *sep = cat_str(&a->c, "annotate.rules.sep");
    strbuf b = {0};
    strbuf_put(&b, "", 0);
    for (size_t i = 0; i < sizeof shown / sizeof shown[0] && !b.bad; i++) {
        char v[32], *t;
        if (!tensu_rules_get(&a->v->rules, shown[i], v, sizeof v))
            continue;
        t = rule_sentence(&a->c, shown[i], v);
        if (b.n > 0)
            strbuf_puts(&b, sep);
        strbuf_puts(&b, t);
        free(t);
    }
    if (b.bad) {
        strbuf_free(&b);
        ctx_fail(&a->c, TENSU_ERR_NOMEM, "out of memory");
    }
    return b.s;
}

/* The catalog key of a variant's line: how it was settled, and whether
 * cells decided it. */
static const char *variant_key(const tensu_variant *va, char *key, size_t size)
{
    int n = va->agree + va->disagree + va->neither;
    const char *sub = "";
    if (va->guess == TENSU_GUESS_GIVEN && n > 0)
        sub = ".cells";
    else if (va->guess == TENSU_GUESS_UNDECIDED && va->neither > 0)
        sub = ".neither";
    else if (va->guess == TENSU_GUESS_LIKELY && va->neither == 0)
        sub = ".one";
    snprintf(key, size, "annotate.variant.%s%s", tensu_guess_name(va->guess), sub);
    return key;
}

/* The legend's sample cell, as the engine pays it: 4 han 30 fu won by a
 * non-dealer under the default rules, by ron and by tsumo. */
static void sample_cell(tensu_payment *ron, tensu_payment *tsumo)
{
    tensu_rules r;
    memset(ron, 0, sizeof *ron);
    memset(tsumo, 0, sizeof *tsumo);
    if (tensu_rules_preset(tensu_default_preset(), &r, NULL) != TENSU_OK)
        return;
    tensu_pay(&r, 4, 30, 0, false, false, 0, 0, ron, NULL);
    tensu_pay(&r, 4, 30, 0, false, true, 0, 0, tsumo, NULL);
}

/* One legend entry: a sample at (x, y), its text beside; returns the height. */
static double legend_entry(ann *a, const look *lk, bool cell, double x, double y, double w,
                           const char *key)
{
    double sw = 48, vh = ron_h(a), eh = lk->kind == LOOK_WRONG ? extra_h(a) : 0, sh, th;
    char *t;
    if (cell) {
        /* a whole cell: ron above, the two tsumo shares beneath */
        look v = *lk;
        tensu_page *p = a->c.page;
        double tsh = tsumo_h(a);
        tensu_payment ron, tsumo;
        sample_cell(&ron, &tsumo);
        page_rect(p, x, y, sw, vh + tsh, 1, 0.5, 0.45);
        fmt_amount(&a->c, ron.ron, v.value, sizeof v.value);
        draw_look(a, &v, x, y, sw, vh, 0, TENSU_FONT_CONDENSED_BOLD, a->s.ron, NULL);
        fmt_amount(&a->c, tsumo.from_non_dealer, v.value, sizeof v.value);
        draw_look(a, &v, x, y + vh, sw / 2, tsh, 0, TENSU_FONT_CONDENSED, a->s.tsumo, NULL);
        fmt_amount(&a->c, tsumo.from_dealer, v.value, sizeof v.value);
        draw_look(a, &v, x + sw / 2, y + vh, sw / 2, tsh, 0, TENSU_FONT_CONDENSED, a->s.tsumo,
                  NULL);
        page_line(p, x + sw / 2, y + vh + 2, x + sw / 2, y + vh + tsh - 2, 0.3, 0.6);
        sh = vh + tsh;
    } else {
        draw_look(a, lk, x, y, sw, vh, eh, TENSU_FONT_CONDENSED_BOLD, a->s.ron, NULL);
        sh = vh + eh;
    }
    t = cat_expand(&a->c, key, NULL);
    th = flow_text(&a->c, x + sw + 5, y, w - sw - 5, a->s.legend, TENSU_FONT_REGULAR, 0, t, 0);
    free(t);
    return (th > sh ? th : sh) + 3;
}

/* The legend: samples in two columns, then the cause labels. */
static double legend(ann *a, double x, double y, double w)
{
    tensu_page *p = a->c.page;
    double ls = a->s.legend, pad = 5, h = pad, cw = (w - 2 * pad - 10) / 2, h1, h2;
    size_t box = p->n;
    look lk;
    char *t, amount[32];
    tensu_payment ron, tsumo;

    page_rect(p, x, y, w, 1, 0.965, 0.7, 0); /* resized below */
    t = cat_expand(&a->c, "annotate.legend.title", NULL);
    put_text(&a->c, x + pad, y + h + ls * 1.1, w - 2 * pad, 'l', TENSU_FONT_BOLD, ls * 1.15, 0, t);
    free(t);
    h += ls * 1.7;
    memset(&lk, 0, sizeof lk);
    lk.kind = LOOK_PLAIN;
    h1 = legend_entry(a, &lk, true, x + pad, y + h, cw,
                      totals_on_top(a) ? "annotate.legend.cell.total" : "annotate.legend.cell");
    lk.kind = LOOK_WRONG;
    sample_cell(&ron, &tsumo); /* the sample's ron, one digit wrong */
    fmt_amount(&a->c, ron.ron + 100, lk.value, sizeof lk.value);
    snprintf(lk.expected, sizeof lk.expected, "\u2192%s",
             fmt_amount(&a->c, ron.ron, amount, sizeof amount));
    lk.cause = cat_str(&a->c, "annotate.cause.digit_typo");
    h1 += legend_entry(a, &lk, false, x + pad, y + h + h1, cw, "annotate.legend.wrong");
    memset(&lk, 0, sizeof lk);
    lk.kind = LOOK_WARN;
    fmt_amount(&a->c, 1300, lk.value, sizeof lk.value);
    h2 = legend_entry(a, &lk, false, x + pad + cw + 10, y + h, cw, "annotate.legend.warning");
    lk.kind = LOOK_EMPTY;
    h2 += legend_entry(a, &lk, false, x + pad + cw + 10, y + h + h2, cw,
                       "annotate.legend.empty");
    lk.kind = LOOK_ABSENT;
    h2 += legend_entry(a, &lk, false, x + pad + cw + 10, y + h + h2, cw,
                       "annotate.legend.absent");
    h += h1 > h2 ? h1 : h2;
    t = cat_expand(&a->c, "annotate.legend.causes", NULL);
    h += flow_text(&a->c, x + pad, y + h, w - 2 * pad, ls, TENSU_FONT_REGULAR, 0, t, 0);
    free(t);
    h += pad;
    p->items[box].h = h;
    return h;
}

double header_section(ann *a, const void *arg, double x, double y, double w)
{
    const tensu_verdict *v = a->v;
    double lw = w * 0.5, h = 0, lh, s = a->s.text;
    json_t *x1 = json_object();
    char buf[512], *t;
    (void)arg;

    t = cat_expand(&a->c, "annotate.title", NULL);
    put_text(&a->c, x, y + a->s.title, lw, 'l', TENSU_FONT_BOLD, a->s.title, 0, t);
    free(t);
    h += a->s.title * 1.45;
    var_amount(&a->c, x1, "cells", v->cells);
    var_amount(&a->c, x1, "errors", v->errors);
    var_amount(&a->c, x1, "warnings", v->warnings);
    t = cat_expand(&a->c, "annotate.summary", x1);
    put_text(&a->c, x, y + h + s * 1.15, lw, 'l', TENSU_FONT_BOLD, s * 1.25, 0, t);
    free(t);
    h += s * 1.25 * 1.45;
    t = cat_expand(&a->c, v->errors ? "annotate.verdict.errors" : "annotate.verdict.clean", NULL);
    h += flow_text(&a->c, x, y + h, lw, s, TENSU_FONT_REGULAR, 0, t, 0) + 2;
    free(t);
    snprintf(buf, sizeof buf, "annotate.format.%s",
             tensu_chart_format_name(tensu_chart_format_of(a->chart)));
    var_set(x1, "format", "%s", cat_str(&a->c, buf));
    t = cat_expand(&a->c, "annotate.format", x1);
    h += flow_text(&a->c, x, y + h, lw, s, TENSU_FONT_REGULAR, 0.15, t, 0);
    free(t);
    t = rules_more(a);
    if (t != NULL && *t) {
        char *more;
        var_set(x1, "list", "%s", t);
        more = cat_expand(&a->c, "annotate.rules.more", x1);
        h += flow_text(&a->c, x, y + h, lw, s, TENSU_FONT_REGULAR, 0.15, more, 0);
        free(more);
    }
    free(t);
    h += 2;
    t = cat_expand(&a->c, "annotate.variant.title", NULL);
    h += flow_text(&a->c, x, y + h, lw, s, TENSU_FONT_BOLD, 0, t, 0);
    free(t);
    for (int i = 0; i < TENSU_VERIFY_VARIANTS; i++) {
        const tensu_variant *va = &v->variant[i];
        char key[64];
        /* players, sanma and honba only when they are not the plain case
         * (four players, no honba): the header keeps to its page */
        if (i >= 3 && va->guess != TENSU_GUESS_MIXED &&
            (v->rules.players == 3 ? strcmp(va->key, "honba-included") == 0 && v->honba == 0
                                   : strcmp(va->key, "players") == 0 ||
                                         strcmp(va->key, "sanma") == 0 || v->honba == 0))
            continue;
        if (strcmp(va->key, "honba-included") == 0) {
            /* not a rule of the game: the chart's own counters */
            var_set(x1, "value", "%s", va->value);
            t = cat_expand(&a->c, strcmp(va->value, "0") == 0 ? "annotate.honba.0"
                                                              : "annotate.honba", x1);
        } else {
            t = rule_sentence(&a->c, va->key, va->value);
        }
        var_set(x1, "rule", "%s", t);
        free(t);
        var_set(x1, "agree", "%d", va->agree);
        var_set(x1, "disagree", "%d", va->disagree);
        var_set(x1, "neither", "%d", va->neither);
        var_set(x1, "n", "%d", va->agree + va->disagree + va->neither);
        t = cat_expand(&a->c, variant_key(va, key, sizeof key), x1);
        put_text(&a->c, x, y + h + s * 0.93, s, 'l', TENSU_FONT_REGULAR, s, 0, "\u2022");
        h += flow_text(&a->c, x + s, y + h, lw - s, s * 0.95 > 7 ? s * 0.95 : 7, TENSU_FONT_REGULAR,
                       0.1, t, 0);
        free(t);
    }
    for (size_t i = 0; i < v->nfindings; i++) {
        const tensu_finding *f = &v->findings[i];
        if (f->kind != TENSU_FINDING_MISSING)
            continue;
        {
            /* "80, 90 fu": the unit kept with its number */
            char where[sizeof f->where + 8];
            size_t n = strlen(f->where);
            if (n > 3 && strcmp(f->where + n - 3, " fu") == 0)
                snprintf(where, sizeof where, "%.*s\u00a0fu", (int)(n - 3), f->where);
            else
                snprintf(where, sizeof where, "%s", f->where);
            var_set(x1, "where", "%s", where);
        }
        var_set(x1, "message", "%s", f->message);
        t = cat_expand(&a->c, "annotate.missing", x1);
        h += flow_text(&a->c, x, y + h + 2, lw, s, TENSU_FONT_REGULAR, 0, t, 0) + 2;
        free(t);
    }
    json_decref(x1);
    lh = legend(a, x + lw + 14, y, w - lw - 14);
    if (lh > h)
        h = lh;
    page_line(a->c.page, x, y + h + 4, x + w, y + h + 4, 1.2, 0);
    return h + 6;
}
