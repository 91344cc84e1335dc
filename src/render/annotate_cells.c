/* The annotated chart's cells (tensu verify --annotate): each chart cell
 * and its verdict (the worst finding of the cells shown in a slot), how
 * one value is drawn (plain, empty, warned, wrong with the expected value
 * and the cause, hatched when absent), the grid of fu rows x han columns
 * for one seat, and the rows without fu.  The pages are placed in
 * annotate.c, the header and its legend drawn in annotate_header.c. */
#define _POSIX_C_SOURCE 200809L
#include "annotation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Heights of a value line (ron, tsumo) and of the expected + cause lines. */
double ron_h(const ann *a)
{
    return a->s.ron * 1.45;
}

double tsumo_h(const ann *a)
{
    return a->s.tsumo * 1.5;
}

double extra_h(const ann *a)
{
    return a->s.expected * 1.15 + a->s.cause * 1.2 + 2;
}

/* ---- cells and their verdicts ---- */

bool in_grid(const tensu_chart_cell *c)
{
    return c->limit == TENSU_LIMIT_NONE && c->han > 0 && c->fu > 0;
}

int rank(const ann *a, int f)
{
    return f < 0 ? 0 : a->v->findings[f].error ? 2 : 1;
}


void entry_key(entry *e, int han, int fu, tensu_limit limit, int yakuman,
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

int cmp_entry(const void *x, const void *y)
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
    entry_key(&want, k->han, k->fu, k->limit, k->yakuman, pay);
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

bool totals_on_top(const ann *a)
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
void draw_look(ann *a, const look *lk, double x, double y, double w, double vh,
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

double grid_section(ann *a, const void *arg, double x, double y, double w)
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

double limit_section(ann *a, const void *arg, double x, double y, double w)
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
