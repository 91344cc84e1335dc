/* The annotated chart (tensu verify --annotate): the chart's own cells
 * laid out like the club card (fu rows x han columns, non-dealer and
 * dealer, ron above tsumo; then the rows without fu), every wrong value
 * marked white on black in a thick frame with the expected value and a
 * short cause beneath, warnings shaded, cells the chart lacks hatched.
 * Nothing here decides a payment: the values drawn are the chart's, every
 * verdict and expected value is the verifier's (tensu_verdict). */
#define _POSIX_C_SOURCE 200809L
#include "annotate.h"
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How one value is drawn. */
typedef enum look_kind {
    LOOK_ABSENT = 0, /* the chart has no such cell: hatched */
    LOOK_PLAIN,      /* a value, nothing to say */
    LOOK_EMPTY,      /* left empty by the chart, rightly: grey */
    LOOK_WARN,       /* a warning: shaded and framed */
    LOOK_WRONG       /* an error: white on black, thick frame, expected beneath */
} look_kind;

typedef struct look {
    look_kind kind;
    char value[32];       /* the chart's value, "" when empty */
    char expected[64];    /* LOOK_WRONG: "→6400" or "no such hand" */
    const char *cause;    /* LOOK_WRONG: a short cause label, NULL for none */
} look;

typedef struct sizes {
    double title, text, head, ron, tsumo, expected, cause, legend, footer;
} sizes;

/* A chart row: a han/fu cell of the grid, or a row without fu. */
typedef struct rowkey {
    int han, fu;
    tensu_limit limit;
    int yakuman;
} rowkey;

typedef struct ann {
    sheet_ctx c;                 /* catalog, fonts, current page */
    const tensu_annotate_opts *o;
    const tensu_chart *chart;
    const tensu_verdict *v;
    int *worst;                  /* per chart cell: its worst finding, -1 for none */
    struct entry *order;         /* chart cells sorted by row and column (slot_of) */
    sizes base, s;               /* from the template; s = base x zoom */
    double zoom;                 /* of the whole document (fitting one page) */
    int max_cols, side_cols;
    double margin, width, bottom, y;
    bool fresh;                  /* nothing placed on this page yet */
    bool hatched;                /* the box drawn is within a hatched band: no hatching of its own */
} ann;

/* A section placed on the pages: a header, a grid chunk, the limit rows. */
typedef double (*section_fn)(ann *a, const void *arg, double x, double y, double w);

#define GAP 10.0
#define PAD 1.5

static double num(json_t *o, const char *key, double dflt)
{
    json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

/* The least zoom that keeps every text at 7 pt or more. */
static double min_zoom(const ann *a)
{
    const double *v = &a->base.title;
    double least = 1e9;
    for (size_t i = 0; i < sizeof a->base / sizeof *v; i++)
        if (v[i] > 0 && v[i] < least)
            least = v[i];
    return least < 1e9 ? 7.0 / least : 1;
}

/* Every size scaled by z, none under 7 pt: a chart kept on one page
 * shrinks its larger texts only. */
static double at_least7(double base, double z)
{
    double v = base * z;
    return v < 7 && base > 0 ? (base < 7 ? base : 7) : v;
}

static void set_zoom(ann *a, double z)
{
    a->s.title = at_least7(a->base.title, z);
    a->s.text = at_least7(a->base.text, z);
    a->s.head = at_least7(a->base.head, z);
    a->s.ron = at_least7(a->base.ron, z);
    a->s.tsumo = at_least7(a->base.tsumo, z);
    a->s.expected = at_least7(a->base.expected, z);
    a->s.cause = at_least7(a->base.cause, z);
    a->s.legend = at_least7(a->base.legend, z);
    a->s.footer = at_least7(a->base.footer, z);
}

/* Heights of a value line (ron, tsumo) and of the expected + cause lines. */
static double ron_h(const ann *a)
{
    return a->s.ron * 1.45;
}

static double tsumo_h(const ann *a)
{
    return a->s.tsumo * 1.5;
}

static double extra_h(const ann *a)
{
    return a->s.expected * 1.15 + a->s.cause * 1.2 + 2;
}

/* ---- cells and their verdicts ---- */

static bool in_grid(const tensu_chart_cell *c)
{
    return c->limit == TENSU_LIMIT_NONE && c->han > 0 && c->fu > 0;
}

static int rank(const ann *a, int f)
{
    return f < 0 ? 0 : a->v->findings[f].error ? 2 : 1;
}

/* A chart cell's row and column as a sort key, with its index. */
typedef struct entry {
    int key[5];
    int cell;
} entry;

static void key_of(entry *e, int han, int fu, tensu_limit limit, int yakuman,
                   tensu_chart_pay pay)
{
    e->key[0] = han;
    e->key[1] = fu;
    e->key[2] = (int)limit;
    e->key[3] = limit == TENSU_LIMIT_YAKUMAN ? yakuman : 0;
    e->key[4] = (int)pay;
}

static int cmp_key(const entry *x, const entry *y)
{
    for (int i = 0; i < 5; i++)
        if (x->key[i] != y->key[i])
            return x->key[i] < y->key[i] ? -1 : 1;
    return 0;
}

static int cmp_entry(const void *x, const void *y)
{
    const entry *a = x, *b = y;
    int r = cmp_key(a, b);
    return r != 0 ? r : (a->cell > b->cell) - (a->cell < b->cell);
}

/* The chart cell shown for a row and column (the one with the worst
 * finding when the chart gives it twice, else the first); -1 when the
 * chart lacks it. */
static int slot_of(const ann *a, const rowkey *k, tensu_chart_pay pay, int *finding)
{
    size_t lo = 0, n = tensu_chart_count(a->chart), hi = n;
    int best = -1, bf = -1;
    entry want;
    key_of(&want, k->han, k->fu, k->limit, k->yakuman, pay);
    while (lo < hi) { /* the first cell not before (k, pay) */
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_key(&a->order[mid], &want) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < n && cmp_key(&a->order[lo], &want) == 0; lo++) {
        int i = a->order[lo].cell;
        if (best < 0 || rank(a, a->worst[i]) > rank(a, bf)) {
            best = i;
            bf = a->worst[i];
        }
    }
    *finding = bf;
    return best;
}

static bool slot_wrong(const ann *a, const rowkey *k, tensu_chart_pay pay)
{
    int f;
    slot_of(a, k, pay, &f);
    return rank(a, f) == 2;
}

/* Does the chart give a value there? */
static bool has_value(const ann *a, const rowkey *k, tensu_chart_pay pay)
{
    int f, cell = slot_of(a, k, pay, &f);
    return cell >= 0 && !tensu_chart_cell_at(a->chart, (size_t)cell)->empty;
}

/* What a side's cells show on top: the ron, or the tsumo total for a chart
 * that gives totals and no ron on that side ("1 100 (300/500)" in a tsumo
 * table).  Its wrong totals are then drawn where they are. */
static tensu_chart_pay top_pay(const ann *a, bool dealer)
{
    tensu_chart_pay ron = dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON,
                    total = dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL
                                   : TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    bool rons = false, totals = false;
    for (size_t i = 0; i < tensu_chart_count(a->chart); i++) {
        tensu_chart_pay p = tensu_chart_cell_at(a->chart, i)->pay;
        rons = rons || p == ron;
        totals = totals || p == total;
    }
    return totals && !rons ? total : ron;
}

static bool totals_on_top(const ann *a)
{
    return top_pay(a, false) == TENSU_CHART_NONDEALER_TSUMO_TOTAL ||
           top_pay(a, true) == TENSU_CHART_DEALER_TSUMO_TOTAL;
}

static void look_of(ann *a, const rowkey *k, tensu_chart_pay pay, look *lk)
{
    int f, cell = slot_of(a, k, pay, &f);
    const tensu_chart_cell *c;
    memset(lk, 0, sizeof *lk);
    if (cell < 0) {
        lk->kind = LOOK_ABSENT;
        return;
    }
    c = tensu_chart_cell_at(a->chart, (size_t)cell);
    if (!c->empty)
        /* the chart's value, grouped as the page's language groups amounts */
        fmt_amount(&a->c, c->value, lk->value, sizeof lk->value);
    if (rank(a, f) == 2) {
        const tensu_finding *fd = &a->v->findings[f];
        lk->kind = LOOK_WRONG;
        if (fd->kind == TENSU_FINDING_WRONG && fd->expected >= 0) {
            char key[64], amount[32];
            snprintf(lk->expected, sizeof lk->expected, "\u2192%s",
                     fmt_amount(&a->c, fd->expected, amount, sizeof amount));
            snprintf(key, sizeof key, "annotate.cause.%s", tensu_cause_name(fd->cause));
            lk->cause = cat_str(&a->c, key);
        } else {
            snprintf(lk->expected, sizeof lk->expected, "%s", cat_str(&a->c, "annotate.nosuch"));
        }
    } else if (f >= 0) {
        lk->kind = LOOK_WARN;
    } else {
        lk->kind = c->empty ? LOOK_EMPTY : LOOK_PLAIN;
    }
}

/* ---- drawing one value ---- */

/* Light diagonal hatching over a box: "absent from the chart". */
static void hatch(ann *a, double x, double y, double w, double h)
{
    const double step = 4.5;
    for (double d = step / 2; d < w + h; d += step) {
        double x1 = d <= w ? x + d : x + w, y1 = d <= w ? y : y + d - w;
        double x2 = d <= h ? x : x + d - h, y2 = d <= h ? y + d : y + h;
        page_line(a->c.page, x1, y1, x2, y2, 0.35, 0.62);
    }
}

static tensu_font_role bold_of(tensu_font_role f)
{
    return f == TENSU_FONT_CONDENSED ? TENSU_FONT_CONDENSED_BOLD : f;
}

/* One value in the box (x, y, w, vh + eh): vh for the value line, eh for
 * the expected value and the cause (0 when the row has no wrong value).
 * tag: "<column>.<row>", NULL for none (the legend's samples). */
static void draw_look(ann *a, const look *lk, double x, double y, double w, double vh,
                      double eh, tensu_font_role font, double size, const char *tag)
{
    tensu_page *p = a->c.page;
    double base = y + vh * 0.5 + size * 0.36;
    tensu_item *it;
    switch (lk->kind) {
    case LOOK_ABSENT:
        if (!a->hatched)
            hatch(a, x, y, w, vh + eh);
        break;
    case LOOK_EMPTY:
        page_rect(p, x, y, w, vh + eh, 0.72, 0, 0);
        break;
    case LOOK_PLAIN:
        it = put_text(&a->c, x + PAD, base, w - 2 * PAD, 'c', font, size, 0, lk->value);
        if (tag)
            item_set_tag(it, "value.%s", tag);
        break;
    case LOOK_WARN:
        page_rect(p, x + 1, y + 1, w - 2, vh - 2, 0.86, 0.5, 0.3);
        it = put_text(&a->c, x + PAD, base, w - 2 * PAD, 'c', font, size, 0,
                      lk->value[0] ? lk->value : "\u2013");
        if (tag)
            item_set_tag(it, "warn.%s", tag);
        if (w > 22)
            /* the warning mark, 7 pt like the least text */
            put_text(&a->c, x + w - 1.5 - 7 * 1.1, y + 1.5 + 7 * 0.9, 7 * 1.1, 'l',
                     TENSU_FONT_REGULAR, 7, 0.25, "\u25b2");
        break;
    case LOOK_WRONG: {
        double ey = y + vh + a->s.expected * 1.02;
        page_rect(p, x + 1, y + 1, w - 2, vh - 1, 0.0, 0, 0);
        it = put_text(&a->c, x + PAD + 1, base, w - 2 * PAD - 2, 'c', bold_of(font), size, 1,
                      lk->value);
        if (tag)
            item_set_tag(it, "wrong.%s", tag);
        if (eh > 0) {
            it = put_text(&a->c, x + PAD, ey, w - 2 * PAD, 'c', TENSU_FONT_CONDENSED_BOLD,
                          a->s.expected, 0, lk->expected);
            if (tag)
                item_set_tag(it, "expected.%s", tag);
            if (lk->cause)
                /* the whole width: a half cell of a 13-column table is narrow */
                put_text(&a->c, x + 0.5, ey + a->s.cause * 1.05, w - 1, 'c',
                         TENSU_FONT_CONDENSED, a->s.cause, 0.2, lk->cause);
        }
        page_rect(p, x + 1.1, y + 1.1, w - 2.2, vh + eh - 2.2, -1, 1.6, 0);
        break;
    }
    }
}

/* ---- the grid: fu rows x han columns, for one seat ---- */

typedef struct grid_arg {
    const int *hans, *fus;
    int nh, nf;
    int seats;                   /* 1 non-dealer, 2 dealer, 3 both side by side */
} grid_arg;

/* A han column of yakuman counted as han (26 han: 2x yakuman), as the
 * chart says (tensu_chart_row_yakuman). */
static bool yakuman_han(int han)
{
    return tensu_chart_row_yakuman(han, TENSU_LIMIT_NONE, 0) > 1;
}

static void row_id(const rowkey *k, char *buf, size_t size)
{
    if (k->limit == TENSU_LIMIT_NONE && k->fu > 0)
        snprintf(buf, size, "%d.%d", k->han, k->fu);
    else if (k->limit == TENSU_LIMIT_NONE)
        snprintf(buf, size, "%d", k->han);
    else if (k->limit == TENSU_LIMIT_YAKUMAN)
        snprintf(buf, size, "yakuman%d", k->yakuman);
    else
        snprintf(buf, size, "%s", tensu_limit_name(k->limit));
}

static void draw_at(ann *a, const rowkey *k, tensu_chart_pay pay, double x, double y, double w,
                    double vh, double eh, tensu_font_role font, double size)
{
    look lk;
    char id[48], tag[96];
    look_of(a, k, pay, &lk);
    row_id(k, id, sizeof id);
    snprintf(tag, sizeof tag, "%s.%s", tensu_chart_pay_key(pay), id);
    draw_look(a, &lk, x, y, w, vh, eh, font, size, tag);
}

/* Does the chart lack every value of a cell (ron and tsumo) for a seat? */
static bool cell_absent(const ann *a, const rowkey *k, bool dealer)
{
    static const tensu_chart_pay nd[] = {TENSU_CHART_NONDEALER_RON,
                                         TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER,
                                         TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER},
                                 d[] = {TENSU_CHART_DEALER_RON, TENSU_CHART_DEALER_TSUMO_EACH};
    const tensu_chart_pay *pays = dealer ? d : nd;
    int n = dealer ? 2 : 3, f;
    for (int i = 0; i < n; i++)
        if (slot_of(a, k, pays[i], &f) >= 0)
            return false;
    return slot_of(a, k, top_pay(a, dealer), &f) < 0;
}

static bool row_absent(const ann *a, const grid_arg *g, int r, bool dealer)
{
    for (int i = 0; i < g->nh; i++) {
        rowkey k = {g->hans[i], g->fus[r], TENSU_LIMIT_NONE, 0};
        if (!cell_absent(a, &k, dealer))
            return false;
    }
    return true;
}

static double grid_table(ann *a, bool dealer, const grid_arg *g, double x, double y, double w)
{
    tensu_page *p = a->c.page;
    double hs = a->s.head, title_h = hs * 1.9, head_h = hs * 1.9, h, top0;
    double fw = w * 0.075, cw;
    tensu_chart_pay ron = top_pay(a, dealer); /* the ron, or the tsumo total */
    char *t;

    if (fw < 30)
        fw = 30;
    cw = (w - fw) / g->nh;
    for (int i = 0; i < g->nh; i++)
        if (yakuman_han(g->hans[i]))
            head_h = hs * 2.8;
    t = cat_expand(&a->c, dealer ? "table.dealer" : "table.nondealer", NULL);
    put_text(&a->c, x, y + hs * 1.3, w, 'l', TENSU_FONT_BOLD, hs * 1.2, 0, t);
    if (ron != (dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON)) {
        /* what the top value is, beside the title */
        double tw = text_width(&a->c, TENSU_FONT_BOLD, hs * 1.2, t) + hs;
        char *u = cat_expand(&a->c, "annotate.top.total", NULL);
        put_text(&a->c, x + tw, y + hs * 1.3, w - tw, 'l', TENSU_FONT_REGULAR, hs, 0, u);
        free(u);
    }
    free(t);
    top0 = y + title_h;
    page_rect(p, x, top0, w, head_h, 0.15, 0, 0);
    t = cat_expand(&a->c, "table.corner", NULL);
    put_text(&a->c, x + PAD, top0 + hs * 1.3, fw - 2 * PAD, 'c', TENSU_FONT_BOLD, hs, 1, t);
    free(t);
    for (int i = 0; i < g->nh; i++) {
        json_t *v = json_object();
        var_set(v, "han", "%d", g->hans[i]);
        t = cat_expand(&a->c, "fmt.han", v);
        put_text(&a->c, x + fw + i * cw + PAD, top0 + hs * 1.3, cw - 2 * PAD, 'c',
                 TENSU_FONT_BOLD, hs, 1, t);
        free(t);
        if (yakuman_han(g->hans[i])) {
            var_set(v, "n", "%d", tensu_chart_row_yakuman(g->hans[i], TENSU_LIMIT_NONE, 0));
            t = cat_expand(&a->c, "limit.multi", v);
            put_text(&a->c, x + fw + i * cw + PAD, top0 + hs * 2.35, cw - 2 * PAD, 'c',
                     TENSU_FONT_CONDENSED, hs * 0.8 > 7 ? hs * 0.8 : 7, 0.85, t);
            free(t);
        }
        json_decref(v);
    }
    h = title_h + head_h;
    for (int r = 0, band_rows = 0; r < g->nf; r++) {
        bool rw = false, tw = false;
        double top = y + h, rh, eh_r, eh_t, ty;
        json_t *v;
        for (int i = 0; i < g->nh; i++) {
            rowkey k = {g->hans[i], g->fus[r], TENSU_LIMIT_NONE, 0};
            rw = rw || slot_wrong(a, &k, ron);
            if (dealer)
                tw = tw || slot_wrong(a, &k, TENSU_CHART_DEALER_TSUMO_EACH);
            else
                tw = tw || slot_wrong(a, &k, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER) ||
                     slot_wrong(a, &k, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER);
        }
        eh_r = rw ? extra_h(a) : 0;
        eh_t = tw ? extra_h(a) : 0;
        rh = ron_h(a) + eh_r + tsumo_h(a) + eh_t;
        ty = top + ron_h(a) + eh_r;
        page_rect(p, x, top, fw, rh, 0.88, 0, 0);
        v = json_object();
        var_set(v, "fu", "%d", g->fus[r]);
        t = cat_expand(&a->c, "fmt.fu", v);
        put_text(&a->c, x + PAD, top + rh / 2 + hs * 0.36, fw - 2 * PAD, 'c', TENSU_FONT_BOLD, hs,
                 0, t);
        free(t);
        json_decref(v);
        if (band_rows == 0) {
            /* rows the chart lacks whole, one after another: one hatched
             * region (such a row has no wrong value, so its height is known) */
            while (r + band_rows < g->nf && row_absent(a, g, r + band_rows, dealer))
                band_rows++;
            if (band_rows > 0)
                hatch(a, x + fw, top, w - fw, band_rows * (ron_h(a) + tsumo_h(a)));
        }
        if (band_rows > 0) {
            band_rows--;
        } else {
            /* the cells the chart lacks whole, hatched as one band (a lighter
             * drawing than each value's box hatched apart) */
            int from = -1;
            for (int i = 0; i <= g->nh; i++) {
                rowkey k = {i < g->nh ? g->hans[i] : 0, g->fus[r], TENSU_LIMIT_NONE, 0};
                bool gone = i < g->nh && cell_absent(a, &k, dealer);
                if (gone && from < 0)
                    from = i;
                if (!gone && from >= 0) {
                    hatch(a, x + fw + from * cw, top, (i - from) * cw, rh);
                    from = -1;
                }
            }
        }
        for (int i = 0; i < g->nh; i++) {
            rowkey k = {g->hans[i], g->fus[r], TENSU_LIMIT_NONE, 0};
            double cx = x + fw + i * cw;
            a->hatched = cell_absent(a, &k, dealer);
            draw_at(a, &k, ron, cx, top, cw, ron_h(a), eh_r, TENSU_FONT_CONDENSED_BOLD,
                    a->s.ron);
            if (dealer) {
                draw_at(a, &k, TENSU_CHART_DEALER_TSUMO_EACH, cx, ty, cw, tsumo_h(a), eh_t,
                        TENSU_FONT_CONDENSED, a->s.tsumo);
            } else {
                draw_at(a, &k, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, cx, ty, cw / 2,
                        tsumo_h(a), eh_t, TENSU_FONT_CONDENSED, a->s.tsumo);
                draw_at(a, &k, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, cx + cw / 2, ty, cw / 2,
                        tsumo_h(a), eh_t, TENSU_FONT_CONDENSED, a->s.tsumo);
                if (has_value(a, &k, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER) ||
                    has_value(a, &k, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER))
                    page_line(p, cx + cw / 2, ty + 2, cx + cw / 2, ty + tsumo_h(a) + eh_t - 2,
                              0.3, 0.6);
            }
            if (has_value(a, &k, ron))
                page_line(p, cx + 3, ty, cx + cw - 3, ty, 0.3, 0.75);
            a->hatched = false;
        }
        h += rh;
        page_line(p, x, y + h, x + w, y + h, 0.4, 0.45);
    }
    for (int i = 0; i < g->nh; i++)
        page_line(p, x + fw + i * cw, top0, x + fw + i * cw, y + h, i == 0 ? 0.9 : 0.4,
                  i == 0 ? 0 : 0.45);
    page_rect(p, x, top0, w, y + h - top0, -1, 1.1, 0);
    return h;
}

static double grid_section(ann *a, const void *arg, double x, double y, double w)
{
    const grid_arg *g = arg;
    if (g->seats == 3) {
        double half = (w - 16) / 2, h1 = grid_table(a, false, g, x, y, half),
               h2 = grid_table(a, true, g, x + half + 16, y, half);
        return h1 > h2 ? h1 : h2;
    }
    return grid_table(a, g->seats == 2, g, x, y, w);
}

/* ---- rows without fu: limits, and han rows of 5+ han ---- */

typedef struct limit_arg {
    const rowkey *rows;
    int n;
} limit_arg;

static char *row_label(ann *a, const rowkey *k)
{
    json_t *v = json_object();
    char key[48], *t;
    var_set(v, "han", "%d", k->han);
    var_set(v, "n", "%d", k->yakuman);
    if (k->limit == TENSU_LIMIT_NONE)
        t = cat_expand(&a->c, "fmt.han", v);
    else if (k->limit == TENSU_LIMIT_YAKUMAN && k->yakuman > 1)
        t = cat_expand(&a->c, "limit.multi", v);
    else {
        snprintf(key, sizeof key, "limit.%s", tensu_limit_name(k->limit));
        t = cat_expand(&a->c, key, v);
    }
    json_decref(v);
    return t;
}

static double limit_section(ann *a, const void *arg, double x, double y, double w)
{
    static const char *const heads[TENSU_CHART_PAYS] = {
        "annotate.col.nd.ron", "annotate.col.nd.tsumo.nd", "annotate.col.nd.tsumo.d",
        "annotate.col.d.ron", "annotate.col.d.tsumo"};
    const limit_arg *L = arg;
    tensu_page *p = a->c.page;
    double hs = a->s.head, lw, cw, title_h = hs * 1.9, head_h = hs * 1.25 * 2 + 4, h, top0;
    char *t;

    if (w > 620)
        w = 620;
    lw = w * 0.19;
    cw = (w - lw) / TENSU_CHART_PAYS;
    t = cat_expand(&a->c, "annotate.limits", NULL);
    put_text(&a->c, x, y + hs * 1.3, w, 'l', TENSU_FONT_BOLD, hs * 1.2, 0, t);
    free(t);
    top0 = y + title_h;
    page_rect(p, x, top0, w, head_h, 0.15, 0, 0);
    t = cat_expand(&a->c, "annotate.col.row", NULL);
    put_text(&a->c, x + 3, top0 + head_h / 2 + hs * 0.36, lw - 6, 'l', TENSU_FONT_BOLD, hs, 1,
             t);
    free(t);
    tensu_chart_pay col[TENSU_CHART_PAYS];
    for (int j = 0; j < TENSU_CHART_PAYS; j++)
        col[j] = j == 0   ? top_pay(a, false)
                 : j == 3 ? top_pay(a, true)
                          : (tensu_chart_pay)j;
    for (int j = 0; j < TENSU_CHART_PAYS; j++) {
        t = cat_expand(&a->c, col[j] == TENSU_CHART_NONDEALER_TSUMO_TOTAL ? "annotate.col.nd.total"
                              : col[j] == TENSU_CHART_DEALER_TSUMO_TOTAL  ? "annotate.col.d.total"
                                                                          : heads[j],
                       NULL);
        flow_text(&a->c, x + lw + j * cw + 3, top0 + 2, cw - 6, hs * 0.95 > 7 ? hs * 0.95 : 7,
                  TENSU_FONT_CONDENSED_BOLD, 1, t, 0);
        free(t);
    }
    h = title_h + head_h;
    for (int r = 0; r < L->n; r++) {
        const rowkey *k = &L->rows[r];
        bool wrong = false;
        double top = y + h, eh, rh;
        for (int j = 0; j < TENSU_CHART_PAYS; j++)
            wrong = wrong || slot_wrong(a, k, col[j]);
        eh = wrong ? extra_h(a) : 0;
        rh = ron_h(a) + eh;
        if (r % 2 == 1)
            page_rect(p, x, top, lw, rh, 0.94, 0, 0);
        t = row_label(a, k);
        put_text(&a->c, x + 3, top + ron_h(a) / 2 + hs * 0.36, lw - 6, 'l', TENSU_FONT_BOLD, hs,
                 0, t);
        free(t);
        a->hatched = cell_absent(a, k, false) && cell_absent(a, k, true);
        if (a->hatched)
            hatch(a, x + lw, top, w - lw, rh);
        for (int j = 0; j < TENSU_CHART_PAYS; j++)
            draw_at(a, k, col[j], x + lw + j * cw, top, cw, ron_h(a), eh,
                    j == 0 || j == 3 ? TENSU_FONT_CONDENSED_BOLD : TENSU_FONT_CONDENSED,
                    j == 0 || j == 3 ? a->s.ron : a->s.tsumo * 1.1);
        a->hatched = false;
        h += rh;
        page_line(p, x, y + h, x + w, y + h, 0.4, 0.45);
    }
    for (int j = 0; j < TENSU_CHART_PAYS; j++)
        page_line(p, x + lw + j * cw, top0, x + lw + j * cw, y + h, j == 0 || j == 3 ? 0.9 : 0.4,
                  j == 0 || j == 3 ? 0 : 0.45);
    page_rect(p, x, top0, w, y + h - top0, -1, 1.1, 0);
    return h;
}

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

static double header_section(ann *a, const void *arg, double x, double y, double w)
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

/* ---- pages ---- */

static void new_page(ann *a)
{
    char *t;
    a->c.page = doc_add_page(a->c.doc, a->c.paper_w, a->c.paper_h);
    if (a->c.page == NULL) {
        ctx_fail(&a->c, TENSU_ERR_NOMEM, "out of memory");
        return;
    }
    a->y = a->margin;
    a->fresh = true;
    if (a->c.doc->npages > 1) {
        t = cat_expand(&a->c, "annotate.continued", NULL);
        put_text(&a->c, a->margin, a->y + a->s.head * 1.1, a->width, 'l', TENSU_FONT_BOLD,
                 a->s.head * 1.1, 0.3, t);
        free(t);
        a->y += a->s.head * 2;
    }
}

/* Place a section: on this page when it fits, else on a new page; a
 * section taller than a whole page is drawn smaller (down to 55%). */
static void place(ann *a, section_fn fn, const void *arg)
{
    tensu_page *p = a->c.page;
    size_t mark = p->n;
    double h = fn(a, arg, a->margin, a->y, a->width);
    if (a->y + h > a->bottom && !a->fresh) {
        page_truncate(p, mark);
        new_page(a);
        if (a->c.status != TENSU_OK)
            return;
        p = a->c.page;
        mark = p->n;
        h = fn(a, arg, a->margin, a->y, a->width);
    }
    if (a->y + h > a->bottom) {
        double z = (a->bottom - a->y) / h * 0.98;
        page_truncate(p, mark);
        /* a section taller than a page: smaller, but never under 7 pt */
        set_zoom(a, a->zoom * (z < min_zoom(a) ? min_zoom(a) : z));
        h = fn(a, arg, a->margin, a->y, a->width);
        set_zoom(a, a->zoom);
    }
    a->y += h + GAP;
    a->fresh = false;
}

static void footers(ann *a)
{
    size_t n = a->c.doc->npages;
    for (size_t i = 0; i < n; i++) {
        tensu_page *p = &a->c.doc->pages[i];
        json_t *v = json_object();
        double by = p->height - a->margin * 0.55, pw;
        char *t;
        a->c.page = p;
        var_set(v, "page", "%zu", i + 1);
        var_set(v, "pages", "%zu", n);
        t = cat_expand(&a->c, "annotate.page", v);
        pw = text_width(&a->c, TENSU_FONT_REGULAR, a->s.footer, t) + 4;
        put_text(&a->c, a->margin + a->width - pw, by, pw, 'r', TENSU_FONT_REGULAR, a->s.footer,
                 0.3, t);
        free(t);
        t = cat_expand(&a->c, "annotate.footer", NULL);
        put_text(&a->c, a->margin, by, a->width - pw - 10, 'l', TENSU_FONT_REGULAR, a->s.footer,
                 0.3, t);
        free(t);
        json_decref(v);
    }
}

/* ---- the rows and columns the chart has ---- */

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

static int add_unique(int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return n;
    v[n] = x;
    return n + 1;
}

static int cmp_rowkey(const void *x, const void *y)
{
    const rowkey *a = x, *b = y;
    int ka[4] = {a->limit == TENSU_LIMIT_NONE ? 0 : 1, a->limit == TENSU_LIMIT_NONE ? a->han
                                                                                    : (int)a->limit,
                 a->yakuman, a->fu};
    int kb[4] = {b->limit == TENSU_LIMIT_NONE ? 0 : 1, b->limit == TENSU_LIMIT_NONE ? b->han
                                                                                    : (int)b->limit,
                 b->yakuman, b->fu};
    for (int i = 0; i < 4; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

/* What the chart has: han columns and fu rows of the grid, rows without fu. */
typedef struct axes {
    const int *hans;
    int nh;
    const int *fus;
    int nf;
    const rowkey *rows;
    int nr;
} axes;

#define MIN_FIT                                                                                    \
    0.8 /* smallest zoom tried to keep a chart on one page (texts stay at 7 pt                     \
           or more) */


/* The height of fu rows [start, start + n) of a grid, drawn and taken away. */
static double rows_h(ann *a, const grid_arg *g, int start, int n)
{
    grid_arg part = *g;
    size_t mark = a->c.page->n;
    double h;
    part.fus = g->fus + start;
    part.nf = n;
    h = grid_section(a, &part, a->margin, a->y, a->width);
    page_truncate(a->c.page, mark);
    return h;
}

/* The most rows from start that fit in avail (0 when not one). */
static int rows_fit(ann *a, const grid_arg *g, int start, double avail)
{
    int n = g->nf - start;
    while (n > 0 && rows_h(a, g, start, n) > avail)
        n--;
    return n;
}

/* The new pages the rows from start take, each as full as it can be. */
static int pages_for(ann *a, const grid_arg *g, int start, double avail)
{
    int k = 0;
    while (start < g->nf) {
        int n = rows_fit(a, g, start, avail);
        start += n > 0 ? n : 1;
        k++;
    }
    return k;
}

/* Place a grid whose fu rows may not fit on one page: split between fu
 * rows, each part with its heads, so that no text goes under 7 pt and
 * none runs off the paper.  A grid that fits on a new page goes there
 * whole; one that takes several pages starts on this page only when that
 * saves a page or puts a fair share of the rows here (never one row left
 * alone), and its rows are shared evenly between the pages it takes: no
 * last page with a few rows and the rest of it empty. */
static void place_grid(ann *a, const grid_arg *g)
{
    double fresh_avail = a->bottom - (a->margin + a->s.head * 2);
    int start = 0, here = rows_fit(a, g, 0, a->bottom - a->y);

    if (here < g->nf && !a->fresh) {
        int fresh = pages_for(a, g, 0, fresh_avail);
        int after = here > 0 ? pages_for(a, g, here, fresh_avail) : fresh + 1;
        int share = (g->nf + after) / (after + 1); /* rows a page if it starts here */
        bool stay = fresh > 1 && here > 1 &&
                    (after < fresh || (after == fresh && 2 * here >= share));
        if (!stay)
            new_page(a);
    }
    while (start < g->nf && a->c.status == TENSU_OK) {
        int fit = rows_fit(a, g, start, a->bottom - a->y), n, left, even;
        double h;
        if (fit == 0 && !a->fresh) {
            new_page(a);
            continue;
        }
        if (fit == 0)
            fit = 1; /* one row taller than a page: drawn as it is */
        n = fit;
        if (start + fit < g->nf) {
            /* as many rows on each page the grid takes, if it takes no more */
            left = 1 + pages_for(a, g, start + fit, fresh_avail);
            even = (g->nf - start + left - 1) / left;
            if (even < fit && pages_for(a, g, start + even, fresh_avail) <= left - 1)
                n = even;
        }
        {
            grid_arg part = *g;
            part.fus = g->fus + start;
            part.nf = n;
            h = grid_section(a, &part, a->margin, a->y, a->width);
        }
        a->y += h + GAP;
        a->fresh = false;
        start += n;
        if (start < g->nf)
            new_page(a);
    }
}

/* Lay every section out at a size (zoom); grow: one page as tall as
 * needed (to measure the content).  Returns the number of pages. */
static size_t pages_at(ann *a, const axes *ax, double zoom, bool grow)
{
    doc_clear_pages(a->c.doc);
    a->zoom = zoom;
    set_zoom(a, zoom);
    a->bottom = grow ? 1e9 : a->c.paper_h - a->margin - a->base.footer * 1.5;
    new_page(a);
    if (a->c.status == TENSU_OK)
        place(a, header_section, NULL);
    for (int at = 0; at < ax->nh && a->c.status == TENSU_OK; at += a->max_cols) {
        grid_arg g = {ax->hans + at, ax->fus, ax->nh - at < a->max_cols ? ax->nh - at : a->max_cols,
                      ax->nf, 3};
        if (g.nh <= a->side_cols) {
            place_grid(a, &g);
        } else {
            g.seats = 1;
            place_grid(a, &g);
            g.seats = 2;
            if (a->c.status == TENSU_OK)
                place_grid(a, &g);
        }
    }
    if (ax->nr > 0 && a->c.status == TENSU_OK) {
        limit_arg L = {ax->rows, ax->nr};
        place(a, limit_section, &L);
    }
    return a->c.doc->npages;
}

static void lay_out(ann *a)
{
    size_t n = tensu_chart_count(a->chart);
    int *hans = malloc((n + 5) * sizeof *hans), *fus = malloc((n + TENSU_TABLE_MAX_FU) *
                                                               sizeof *fus);
    rowkey *rows = malloc((n + 1) * sizeof *rows);
    int nh = 0, nf = 0, nr = 0;

    if (hans == NULL || fus == NULL || rows == NULL) {
        ctx_fail(&a->c, TENSU_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(a->chart, i);
        if (in_grid(c)) {
            nh = add_unique(hans, nh, c->han);
            nf = add_unique(fus, nf, c->fu);
        } else {
            rowkey k = {c->han, c->fu, c->limit,
                        c->limit == TENSU_LIMIT_YAKUMAN ? c->yakuman : 0};
            int j;
            for (j = 0; j < nr; j++)
                if (cmp_rowkey(&rows[j], &k) == 0)
                    break;
            if (j == nr)
                rows[nr++] = k;
        }
    }
    if (nh > 0) {
        /* the card's columns and rows, and whatever else the chart has */
        int std[TENSU_TABLE_MAX_FU], ns = tensu_fu_rows(&a->v->rules, std, TENSU_TABLE_MAX_FU);
        for (int h = 1; h <= tensu_fu_han_max(); h++)
            nh = add_unique(hans, nh, h);
        for (int i = 0; i < ns; i++)
            nf = add_unique(fus, nf, std[i]);
    }
    if ((long)nh * nf > 4000 || nr > 500) {
        ctx_fail(&a->c, TENSU_ERR_RANGE,
                 "the chart is too large to draw: %d han columns, %d fu rows, %d rows "
                 "without fu (at most 4000 cells of han and fu, 500 rows)",
                 nh, nf, nr);
        goto done;
    }
    qsort(hans, (size_t)nh, sizeof *hans, cmp_int);
    qsort(fus, (size_t)nf, sizeof *fus, cmp_int);
    qsort(rows, (size_t)nr, sizeof *rows, cmp_rowkey);

    {
        axes ax = {hans, nh, fus, nf, rows, nr};
        double avail = a->c.paper_h - a->margin - a->base.footer * 1.5;
        if (pages_at(a, &ax, 1, false) > 1 && a->c.status == TENSU_OK) {
            /* Try one page at a smaller size (down to MIN_FIT), else keep
             * the pages at full size. */
            double z = 1, content;
            pages_at(a, &ax, 1, true);
            content = a->y - GAP - a->margin;
            if (content > 0)
                z = (avail - a->margin) / content;
            if (z > 1)
                z = 1;
            for (; z >= MIN_FIT && a->c.status == TENSU_OK; z *= 0.97)
                if (pages_at(a, &ax, z, false) == 1)
                    break;
            if (z < MIN_FIT && a->c.status == TENSU_OK)
                pages_at(a, &ax, 1, false);
        }
    }
    if (a->c.status == TENSU_OK)
        footers(a);
done:
    free(hans);
    free(fus);
    free(rows);
}

/* ---- files ---- */

static bool load(ann *a, json_file *f, const char *name, const char *what)
{
    return json_file_load(&a->c, f, a->o->data_dir, name, what);
}

static void load_fonts(ann *a)
{
    json_t *fonts = json_object_get(a->c.tmpl.root, "fonts");
    char path[1200];
    if (!json_is_object(fonts)) {
        ctx_fail(&a->c, TENSU_ERR_INVALID, "%s: no \"fonts\" object", a->c.tmpl.path);
        return;
    }
    for (int r = 0; r < TENSU_FONT_JP && a->c.status == TENSU_OK; r++) {
        const char *name = json_string_value(json_object_get(fonts, tensu_font_role_name(r)));
        tensu_error e;
        if (name == NULL) {
            ctx_fail(&a->c, TENSU_ERR_INVALID, "%s:%d: \"fonts\" has no \"%s\"",
                     a->c.tmpl.path, json_file_line(&a->c.tmpl, "fonts"),
                     tensu_font_role_name(r));
            return;
        }
        snprintf(path, sizeof path, "%s/fonts/%s", a->o->data_dir, name);
        memset(&e, 0, sizeof e);
        if (tensu_fontset_load(a->c.doc->fonts, (tensu_font_role)r, path, &e) != TENSU_OK)
            ctx_fail(&a->c, e.status, "%s", e.message);
    }
}

/* The chart's name as printed: characters the fonts lack become '?'. */
static void display_name(ann *a, const char *name, char *buf, size_t size)
{
    size_t o = 0;
    for (const char *p = name; *p && o + 5 < size;) {
        uint32_t cp;
        int len = utf8_next(p, &cp);
        char one[8];
        memcpy(one, p, (size_t)len);
        one[len] = '\0';
        if (cp < 0x20 || cp == 0xFFFD ||
            !tensu_fontset_covers(a->c.doc->fonts, TENSU_FONT_BOLD, one, NULL) ||
            !tensu_fontset_covers(a->c.doc->fonts, TENSU_FONT_REGULAR, one, NULL)) {
            buf[o++] = '?';
        } else {
            memcpy(buf + o, one, (size_t)len);
            o += (size_t)len;
        }
        p += len;
    }
    buf[o] = '\0';
}

static void check_coverage(ann *a)
{
    for (size_t p = 0; p < a->c.doc->npages; p++)
        for (size_t i = 0; i < a->c.doc->pages[p].n; i++) {
            const tensu_item *it = &a->c.doc->pages[p].items[i];
            uint32_t cp = 0;
            if (it->kind != TENSU_ITEM_TEXT ||
                tensu_fontset_covers(a->c.doc->fonts, it->font, it->text, &cp))
                continue;
            ctx_fail(&a->c, TENSU_ERR_INVALID, "font %s has no glyph for U+%04X in \"%s\"",
                     tensu_fontset_path(a->c.doc->fonts, it->font), (unsigned)cp, it->text);
            return;
        }
}

tensu_doc *tensu_annotate_build(const tensu_annotate_opts *o, const tensu_chart *chart,
                                const tensu_verdict *v, tensu_error *err)
{
    ann a;
    tensu_doc *d;
    json_t *num_fmt, *mine, *sz;
    const char *paper = o->paper ? o->paper : "a4", *lang = o->lang ? o->lang : "en", *kind;
    char name[400];
    size_t n = tensu_chart_count(chart);

    memset(&a, 0, sizeof a);
    a.o = o;
    a.chart = chart;
    a.v = v;
    a.c.rules = &v->rules;
    a.c.err = err;
    a.c.scale = 1;
    if (err)
        memset(err, 0, sizeof *err);
    d = calloc(1, sizeof *d);
    if (d == NULL || (d->fonts = tensu_fontset_new()) == NULL) {
        free(d);
        tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
        return NULL;
    }
    a.c.doc = d;
    a.c.vars = json_object();
    snprintf(d->sheet, sizeof d->sheet, "annotate");
    snprintf(d->lang, sizeof d->lang, "%s", lang);
    if (strcmp(paper, "a4") == 0) {
        a.c.paper_w = 841.890;
        a.c.paper_h = 595.276;
    } else if (strcmp(paper, "letter") == 0) {
        a.c.paper_w = 792;
        a.c.paper_h = 612;
    } else {
        ctx_fail(&a.c, TENSU_ERR_RANGE, "bad paper '%s': allowed a4, letter", paper);
        goto done;
    }
    if (!load(&a, &a.c.tmpl, "annotate", "annotated-chart template") ||
        !load(&a, &a.c.cat, lang, "language"))
        goto done;
    kind = json_string_value(json_object_get(a.c.tmpl.root, "kind"));
    if (kind == NULL || strcmp(kind, "annotate") != 0) {
        ctx_fail(&a.c, TENSU_ERR_INVALID, "%s:1: not the annotated-chart template "
                 "(\"kind\": \"annotate\")", a.c.tmpl.path);
        goto done;
    }
    num_fmt = json_object_get(a.c.cat.root, "number");
    if (!json_is_object(json_object_get(a.c.cat.root, "strings")) || !json_is_object(num_fmt)) {
        ctx_fail(&a.c, TENSU_ERR_INVALID,
                 "%s:1: not a string catalog (needs \"strings\" and \"number\" objects)",
                 a.c.cat.path);
        goto done;
    }
    /* the catalog's words, then this template's for the language (or English) */
    a.c.strings = json_deep_copy(json_object_get(a.c.cat.root, "strings"));
    mine = json_object_get(json_object_get(a.c.tmpl.root, "strings"), lang);
    if (!json_is_object(mine))
        mine = json_object_get(json_object_get(a.c.tmpl.root, "strings"), "en");
    if (a.c.strings == NULL || json_object_update(a.c.strings, mine) != 0) {
        ctx_fail(&a.c, TENSU_ERR_INVALID, "%s: no \"strings\" for '%s' or 'en'", a.c.tmpl.path,
                 lang);
        goto done;
    }
    snprintf(a.c.group, sizeof a.c.group, "%s",
             json_string_value(json_object_get(num_fmt, "group"))
                 ? json_string_value(json_object_get(num_fmt, "group"))
                 : ",");
    snprintf(a.c.decimal, sizeof a.c.decimal, "%s",
             json_string_value(json_object_get(num_fmt, "decimal"))
                 ? json_string_value(json_object_get(num_fmt, "decimal"))
                 : ".");
    a.c.group_min = (int)num(num_fmt, "group_min", 1000);
    /* {rules_title} and the amounts the rule sentences quote, as on the sheets */
    vars_rules(&a.c);
    vars_amounts(&a.c);
    sz = json_object_get(a.c.tmpl.root, "sizes");
    a.base.title = num(sz, "title", 13);
    a.base.text = num(sz, "text", 7.4);
    a.base.head = num(sz, "head", 7.8);
    a.base.ron = num(sz, "ron", 8.2);
    a.base.tsumo = num(sz, "tsumo", 7);
    a.base.expected = num(sz, "expected", 6.6);
    a.base.cause = num(sz, "cause", 5.6);
    a.base.legend = num(sz, "legend", 6.6);
    a.base.footer = num(sz, "footer", 6);
    a.zoom = 1;
    set_zoom(&a, 1);
    a.max_cols = (int)num(a.c.tmpl.root, "max_columns", 13);
    a.side_cols = (int)num(a.c.tmpl.root, "side_by_side", 6);
    if (a.max_cols < 1)
        a.max_cols = 13;
    a.margin = num(a.c.tmpl.root, "margin", 24);
    a.width = a.c.paper_w - 2 * a.margin;
    load_fonts(&a);
    if (a.c.status != TENSU_OK)
        goto done;

    a.worst = malloc((n + 1) * sizeof *a.worst);
    a.order = malloc((n + 1) * sizeof *a.order);
    if (a.worst == NULL || a.order == NULL) {
        ctx_fail(&a.c, TENSU_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(chart, i);
        a.worst[i] = -1;
        key_of(&a.order[i], c->han, c->fu, c->limit, c->yakuman, c->pay);
        a.order[i].cell = (int)i;
    }
    qsort(a.order, n, sizeof *a.order, cmp_entry);
    for (size_t i = 0; i < v->nfindings; i++) {
        int c = v->findings[i].cell;
        if (c >= 0 && (size_t)c < n && rank(&a, (int)i) > rank(&a, a.worst[c]))
            a.worst[c] = (int)i;
    }
    display_name(&a, o->file ? o->file : tensu_chart_name(chart) ? tensu_chart_name(chart) : "-",
                 name, sizeof name);
    var_set(a.c.vars, "file", "%s", name);
    {
        char *t = cat_expand(&a.c, "annotate.title", NULL);
        snprintf(d->title, sizeof d->title, "%s", t);
        free(t);
    }
    if (a.c.status == TENSU_OK)
        lay_out(&a);
    if (a.c.status == TENSU_OK)
        check_coverage(&a);
done:
    free(a.worst);
    free(a.order);
    json_decref(a.c.strings);
    json_decref(a.c.vars);
    json_decref(a.c.tmpl.root);
    json_decref(a.c.cat.root);
    free(a.c.tmpl.text);
    free(a.c.cat.text);
    if (a.c.status != TENSU_OK) {
        if (err && err->status == TENSU_OK)
            tensu_fail(err, a.c.status, "cannot lay out the annotated chart");
        tensu_doc_free(d);
        return NULL;
    }
    return d;
}
