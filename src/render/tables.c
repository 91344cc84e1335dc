/* The point table and the limit table blocks: every number from the
 * table the core built (tensu_table_new), laid out as the template says. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fill of a cell paid as a limit: 25 % grey, which a black-and-white
 * photocopy still shows apart from white. */
#define LIMIT_SHADE 0.75

/* The height of DejaVu Sans's digits (bold or not, condensed or not), in
 * em: where a line of amounts has its ink. */
#define DIGIT_H 0.73

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

/* "2 000/3 900" (non-dealer tsumo) or "1 300 all" (dealer tsumo). */
static char *tsumo_text(sheet_ctx *c, const tensu_payment *p, bool dealer)
{
    json_t *x = json_object();
    char *t;
    var_amount(c, x, "each", p->from_non_dealer_honba);
    var_amount(c, x, "nd", p->from_non_dealer_honba);
    var_amount(c, x, "d", p->from_dealer_honba);
    t = cat_expand(c, dealer ? "fmt.tsumo.dealer" : "fmt.tsumo.nondealer", x);
    json_decref(x);
    return t;
}

/* The widest ron amount of the turned table's first han_max rows in the
 * face f at size rs. */
static double widest_ron_t(sheet_ctx *c, int dealer, int han_max, tensu_font_role f, double rs)
{
    const tensu_table *t = c->table;
    double w = 0;
    char buf[64];
    for (int han = 1; han <= han_max; han++)
        for (int i = 0; i < t->nfu; i++) {
            const tensu_cell *cell = &t->cells[i][han - 1];
            double cw;
            if (!cell->reachable[dealer][0])
                continue;
            cw = text_width(c, f, rs, fmt_amount(c, cell->pay[dealer][0].ron_honba, buf,
                                                 sizeof buf));
            if (cw > w)
                w = cw;
        }
    return w;
}

/* The width the turned table's label column needs: its han labels and its
 * corner, each with its padding. */
static double label_width_t(sheet_ctx *c, int han_max, double hs, double pad)
{
    char *s = cat_expand(c, "table.corner.t", NULL);
    double w = s ? text_width(c, TENSU_FONT_CONDENSED_BOLD, hs, s) : 0;
    free(s);
    for (int han = 1; han <= han_max; han++) {
        json_t *v = json_object();
        double lw;
        var_set(v, "han", "%d", han);
        s = cat_expand(c, "fmt.han", v);
        json_decref(v);
        lw = s ? text_width(c, TENSU_FONT_BOLD, hs, s) : 0;
        free(s);
        if (lw > w)
            w = lw;
    }
    return w + 4 * pad;
}

/* The i-th key of a "note_short" (one catalog key, or an array of them
 * tried in order), NULL past the last. */
static const char *nth_key(json_t *v, size_t i)
{
    if (json_is_string(v))
        return i == 0 ? json_string_value(v) : NULL;
    return json_string_value(json_array_get(v, i));
}

/* "grow": the height each of nrows rows of height rh gains, sharing what
 * the page (or a tent's face) leaves under its blocks, up to half a row,
 * the amounts in their middle; 0 for a table that does not grow. */
static double grow_extra(sheet_ctx *c, json_t *b, int nrows, double rh)
{
    double extra;
    if (!json_is_true(json_object_get(b, "grow")) || nrows <= 0)
        return 0;
    c->grows = true;
    extra = c->grow / nrows;
    return extra > rh / 2 ? rh / 2 : extra;
}

/* A side's title (non-dealer or dealer) and, beside it, how to read a cell
 * (the catalog's key legend, or none); returns the height used.  With a
 * note (a tent's face, short of height: its rules and what a dash and a
 * grey cell mean, at its head rather than on a line of their own): the
 * note under the legend, both right of the title, which stands between
 * their two lines; else on a line of its own under the title.  The block's
 * "note", then its "note_short" keys in turn: the first that fits beside
 * the title or on its own line, the last one on as many lines as it
 * takes. */
static double side_title(sheet_ctx *c, json_t *b, int dealer, const char *legend, double x,
                         double y, double width, double hs)
{
    const char *note = json_string_value(json_object_get(b, "note"));
    char *title = cat_expand(c, dealer ? "table.dealer" : "table.nondealer", NULL);
    double l1 = y + hs * 1.2, l2 = l1 + hs * 1.15, ty = l1, h = hs * 1.9;
    double tw = text_width(c, TENSU_FONT_BOLD, hs * 1.25, title), room = width - tw - hs;
    char *nt = NULL, *lg = legend ? cat_expand(c, legend, NULL) : NULL;
    bool beside = false;
    tensu_item *ti;
    for (size_t i = 0; note; i++) {
        const char *key = i == 0 ? note : nth_key(json_object_get(b, "note_short"), i - 1);
        double w;
        if (key == NULL)
            break; /* the last one, on its lines */
        free(nt);
        nt = cat_expand(c, key, NULL);
        w = text_width(c, TENSU_FONT_CONDENSED, hs, nt);
        if (w <= room) {
            beside = true;
            break;
        }
        if (w <= width)
            break;
    }
    if (beside) {
        /* the title's capitals centred on the two lines */
        l1 = y + hs * 0.95;
        l2 = l1 + hs * 1.15;
        ty = (l1 - DIGIT_H * hs + l2) / 2 + DIGIT_H * hs * 1.25 / 2;
        h = l2 - y + hs * 0.55;
    }
    ti = put_text(c, x, ty, width, 'l', TENSU_FONT_BOLD, hs * 1.25, 0, title);
    if (ti && lg)
        put_text(c, ti->x + ti->w + hs, l1, room, 'r', TENSU_FONT_CONDENSED, hs, 0, lg);
    if (ti && nt && beside)
        put_text(c, ti->x + ti->w + hs, l2, room, 'r', TENSU_FONT_CONDENSED, hs, 0, nt);
    else if (nt) /* its first line where the second line beside the title would be */
        h = l1 + hs * (1.15 - 0.93) - y +
            flow_text(c, x, l1 + hs * (1.15 - 0.93), width, hs / c->scale,
                      TENSU_FONT_CONDENSED, 0, nt, 0);
    free(nt);
    free(lg);
    free(title);
    return h;
}

/* The table turned a quarter: han as rows, fu as columns, a non-dealer's
 * tsumo shares on two lines (each non-dealer, then the dealer).  Wide and
 * low: one face of a table tent, read from across the table.  No amount is
 * shrunk to fit (issue: '12,000' at 15 pt on Letter, aotenjou's '10,300' at
 * 12.5 pt on A4): the label column gives up what it does not need, then the
 * whole table takes the condensed bold face. */
static double point_table_t(sheet_ctx *c, json_t *b, int dealer, double x, double y,
                            double width)
{
    const tensu_table *t = c->table;
    int han_max = (int)num(b, "han", tensu_fu_han_max());
    double sc = c->scale, rs = num(b, "ron_size", 16) * sc, ts = num(b, "tsumo_size", 12) * sc;
    double hs = num(b, "head_size", 12) * sc, pad = 2 * sc, hpad = 4 * sc;
    /* a row: white, the ron's digits, white, each tsumo line's digits,
     * white (digits have no descent: the white is even above and below) */
    double top_w = 4 * sc, gap1 = 5 * sc, gap2 = 4.2 * sc, foot_w = 3.5 * sc;
    double ron_l = top_w + rs * DIGIT_H, ts_l = gap1 + ts * DIGIT_H, ts_l2 = gap2 + ts * DIGIT_H;
    double rh = ron_l + ts_l + (dealer ? 0 : ts_l2) + foot_w, title_h, extra = 0;
    double head_h = hs * 1.7, lab_w = width * 0.085, col_w, h = 0;
    const char *legend = json_string_value(json_object_get(b, "legend"));
    const char *tag = dealer ? "d" : "nd";
    tensu_font_role face = TENSU_FONT_BOLD;
    tensu_page *p = c->page;
    char buf[64], buf2[64];
    if (han_max < 1 || han_max > t->han_max)
        han_max = t->han_max;
    /* an amount keeps hpad of white on each side, never touches its cell */
    if (widest_ron_t(c, dealer, han_max, face, rs) > (width - lab_w) / t->nfu - 2 * hpad) {
        double need = label_width_t(c, han_max, hs, pad);
        if (need < lab_w)
            lab_w = need;
        if (widest_ron_t(c, dealer, han_max, face, rs) > (width - lab_w) / t->nfu - 2 * hpad) {
            /* condensed, with what white is left (never less than pad) */
            double room = ((width - lab_w) / t->nfu -
                           widest_ron_t(c, dealer, han_max, TENSU_FONT_CONDENSED_BOLD, rs)) / 2;
            face = TENSU_FONT_CONDENSED_BOLD;
            hpad = room < pad ? pad : room < hpad ? room : hpad;
        }
    }
    col_w = (width - lab_w) / t->nfu;
    extra = grow_extra(c, b, han_max, rh);
    rh += extra;
    h += title_h = side_title(c, b, dealer, legend, x, y, width, hs);
    page_rect(p, x, y + h, width, head_h, 0.15, 0, 0);
    {
        char *corner = cat_expand(c, "table.corner.t", NULL);
        put_text(c, x + pad, y + h + head_h / 2 + hs * 0.35, lab_w - 2 * pad, 'c',
                 TENSU_FONT_CONDENSED_BOLD, hs, 1, corner);
        free(corner);
    }
    for (int i = 0; i < t->nfu; i++) {
        json_t *v = json_object();
        char *s;
        var_set(v, "fu", "%d", t->fu[i]);
        s = cat_expand(c, "fmt.fu", v);
        put_text(c, x + lab_w + i * col_w, y + h + head_h / 2 + hs * 0.35, col_w, 'c',
                 TENSU_FONT_BOLD, hs, 1, s);
        free(s);
        json_decref(v);
    }
    h += head_h;
    for (int han = 1; han <= han_max; han++) {
        double top = y + h;
        json_t *v = json_object();
        char *s;
        var_set(v, "han", "%d", han);
        s = cat_expand(c, "fmt.han", v);
        json_decref(v);
        page_rect(p, x, top, lab_w, rh, 0.93, 0, 0);
        put_text(c, x + pad, top + rh / 2 + hs * 0.4, lab_w - 2 * pad, 'c', TENSU_FONT_BOLD, hs,
                 0, s);
        free(s);
        for (int i = 0; i < t->nfu; i++) {
            const tensu_cell *cell = &t->cells[i][han - 1];
            const tensu_payment *pr = &cell->pay[dealer][0], *pt = &cell->pay[dealer][1];
            bool rr = cell->reachable[dealer][0], rt = cell->reachable[dealer][1];
            double cx = x + lab_w + i * col_w, ly = top + extra / 2 + ron_l;
            tensu_item *it;
            if (rr && pr->value.limit != TENSU_LIMIT_NONE)
                page_rect(p, cx, top, col_w, rh, LIMIT_SHADE, 0, 0);
            if (rr) {
                it = put_text(c, cx + hpad, ly, col_w - 2 * hpad, 'c', face, rs, 0,
                              fmt_amount(c, pr->ron_honba, buf, sizeof buf));
                item_set_tag(it, "%s.ron.%d.%d", tag, han, cell->fu);
            } else {
                put_text(c, cx, ly, col_w, 'c', TENSU_FONT_REGULAR, rs, 0.35, "\u2014");
            }
            ly += ts_l;
            if (!rt) {
                put_text(c, cx, ly, col_w, 'c', TENSU_FONT_REGULAR, ts, 0.35, "\u2014");
                continue;
            }
            it = put_text(c, cx + pad, ly, col_w - 2 * pad, 'c', TENSU_FONT_CONDENSED, ts, 0,
                          fmt_amount(c, pt->from_non_dealer_honba, buf, sizeof buf));
            item_set_tag(it, "%s.tsumo.%d.%d", tag, han, cell->fu);
            if (!dealer)
                put_text(c, cx + pad, ly + ts_l2, col_w - 2 * pad, 'c', TENSU_FONT_CONDENSED,
                         ts, 0, fmt_amount(c, pt->from_dealer_honba, buf2, sizeof buf2));
        }
        h += rh;
        page_line(p, x, y + h, x + width, y + h, 0.4 * sc, 0.45);
    }
    for (int i = 0; i < t->nfu; i++)
        page_line(p, x + lab_w + i * col_w, y + title_h, x + lab_w + i * col_w, y + h,
                  i == 0 ? 0.9 * sc : 0.4 * sc, i == 0 ? 0 : 0.45);
    page_rect(p, x, y + title_h, width, h - title_h, -1, 1.1 * sc, 0);
    return h + num(b, "after", 6) * sc;
}

double block_point_table(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const char *side = json_string_value(json_object_get(b, "side"));
    const tensu_table *t = c->table;
    int dealer, han_max = (int)num(b, "han", 4);
    double sc = c->scale, rs = num(b, "ron_size", 12) * sc, ts = num(b, "tsumo_size", 10) * sc;
    double hs = num(b, "head_size", 10) * sc, pad = 2 * sc;
    double ron_h = rs * 1.1 + pad, tsu_h = ts * 1.15 + pad * 0.5, rh = ron_h + tsu_h;
    const char *legend = json_string_value(json_object_get(b, "legend"));
    double head_h = hs * 1.9, fu_w = width * 0.13, col_w = (width - fu_w) / han_max, h = 0;
    double extra = 0; /* added to each row by "grow" */
    tensu_page *p = c->page;
    const char *tag = NULL;

    if (side && strcmp(side, "non-dealer") == 0)
        dealer = 0;
    else if (side && strcmp(side, "dealer") == 0)
        dealer = 1;
    else {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:%d: point-table \"side\" must be \"non-dealer\" or \"dealer\"",
                 c->tmpl.path, json_file_line(&c->tmpl, "point-table"));
        return 0;
    }
    if (han_max < 1 || han_max > t->han_max)
        han_max = t->han_max;
    tag = dealer ? "d" : "nd";
    if (json_is_true(json_object_get(b, "transpose")))
        return point_table_t(c, b, dealer, x, y, width);
    extra = grow_extra(c, b, t->nfu, rh);
    rh += extra;

    double title_h = side_title(c, b, dealer, legend, x, y, width, hs);
    h += title_h;

    /* header row */
    page_rect(p, x, y + h, width, head_h, 0.15, 0, 0);
    {
        char *fu = cat_expand(c, "table.corner", NULL);
        put_text(c, x + pad, y + h + head_h / 2 + hs * 0.35, fu_w - 2 * pad, 'c',
                 TENSU_FONT_BOLD, hs, 1, fu);
        free(fu);
    }
    for (int han = 1; han <= han_max; han++) {
        json_t *v = json_object();
        char *s;
        var_set(v, "han", "%d", han);
        s = cat_expand(c, "fmt.han", v);
        put_text(c, x + fu_w + (han - 1) * col_w, y + h + head_h / 2 + hs * 0.35, col_w, 'c',
                 TENSU_FONT_BOLD, hs, 1, s);
        free(s);
        json_decref(v);
    }
    h += head_h;

    for (int i = 0; i < t->nfu; i++) {
        double top = y + h;
        json_t *v = json_object();
        char *s;
        var_set(v, "fu", "%d", t->fu[i]);
        s = cat_expand(c, "fmt.fu", v);
        json_decref(v);
        page_rect(p, x, top, fu_w, rh, 0.93, 0, 0);
        put_text(c, x + pad, top + rh / 2 + hs * 0.4, fu_w - 2 * pad, 'c', TENSU_FONT_BOLD,
                 hs * 1.1, 0, s);
        free(s);
        for (int han = 1; han <= han_max; han++) {
            const tensu_cell *cell = &t->cells[i][han - 1];
            const tensu_payment *pr = &cell->pay[dealer][0], *pt = &cell->pay[dealer][1];
            bool rr = cell->reachable[dealer][0], rt = cell->reachable[dealer][1];
            double cx = x + fu_w + (han - 1) * col_w, mid = top + extra / 2;
            char buf[64];
            tensu_item *it;
            /* A cell that cannot occur holds a dash (readable on any copy);
             * a cell paid as a limit is shaded 25 % grey. */
            if (!rr && !rt) {
                it = put_text(c, cx, top + rh / 2 + rs * 0.35, col_w, 'c', TENSU_FONT_REGULAR, rs,
                              0.35, "—");
                continue;
            }
            if (rr && pr->value.limit != TENSU_LIMIT_NONE)
                page_rect(p, cx, top, col_w, rh, LIMIT_SHADE, 0, 0);
            if (!rr)
                put_text(c, cx, mid + pad + rs * 0.98, col_w, 'c', TENSU_FONT_REGULAR, rs, 0.35,
                         "—");
            if (!rt)
                put_text(c, cx, mid + ron_h + ts * 0.95, col_w, 'c', TENSU_FONT_REGULAR, ts, 0.35,
                         "—");
            if (rr) {
                it = put_text(c, cx + pad, mid + pad + rs * 0.98, col_w - 2 * pad, 'c',
                              TENSU_FONT_BOLD, rs, 0,
                              pr->ron >= 0 ? fmt_amount(c, pr->ron_honba, buf, sizeof buf)
                                           : pr->exact.ron);
                item_set_tag(it, "%s.ron.%d.%d", tag, han, cell->fu);
            }
            if (rt) {
                char *ts_text = tsumo_text(c, pt, dealer);
                it = put_text(c, cx + pad, mid + ron_h + ts * 0.95, col_w - 2 * pad, 'c',
                              TENSU_FONT_CONDENSED, ts, 0, ts_text);
                item_set_tag(it, "%s.tsumo.%d.%d", tag, han, cell->fu);
                free(ts_text);
            }
        }
        h += rh;
        page_line(p, x, y + h, x + width, y + h, 0.4 * sc, 0.45);
    }
    /* column rules and frame */
    for (int han = 1; han <= han_max; han++)
        page_line(p, x + fu_w + (han - 1) * col_w, y + title_h,
                  x + fu_w + (han - 1) * col_w, y + h, han == 1 ? 0.9 * sc : 0.4 * sc,
                  han == 1 ? 0 : 0.45);
    page_rect(p, x, y + title_h, width, h - title_h, -1, 1.1 * sc, 0);
    return h + num(b, "after", 6) * sc;
}

/* The texts of one limit row, made once for measuring and drawing. */
typedef struct limit_cells {
    const tensu_limit_row *row;
    char *name, *range, *tsumo[2];
    char ron[2][64];
} limit_cells;

/* The rows of the limit table (yakuman up to max_y), their texts made;
 * returns how many (free them with limit_cells_free). */
static int limit_cells_make(sheet_ctx *c, int max_y, limit_cells *out, int max)
{
    const tensu_table *t = c->table;
    int n = 0;
    for (int l = 0; l < t->nlimits && n < max; l++) {
        const tensu_limit_row *row = &t->limits[l];
        limit_cells *lc = &out[n];
        json_t *v;
        char key[48];
        if (row->limit == TENSU_LIMIT_YAKUMAN && row->yakuman > max_y)
            continue;
        v = limit_row_vars(row);
        lc->row = row;
        limit_name_key(row, key, sizeof key);
        lc->name = cat_expand(c, key, v);
        limit_range_key(row, "limits.range", key, sizeof key);
        lc->range = cat_expand(c, key, v);
        json_decref(v);
        for (int d = 0; d < 2; d++) {
            fmt_amount(c, row->pay[d][0].ron_honba, lc->ron[d], sizeof lc->ron[d]);
            lc->tsumo[d] = tsumo_text(c, &row->pay[d][1], d);
        }
        n++;
    }
    return n;
}

static void limit_cells_free(limit_cells *lc, int n)
{
    for (int i = 0; i < n; i++) {
        free(lc[i].name);
        free(lc[i].range);
        free(lc[i].tsumo[0]);
        free(lc[i].tsumo[1]);
    }
}

/* The widest of a text and its current width, with padding. */
static double wider(sheet_ctx *c, double w, tensu_font_role f, double s, const char *t,
                    double pad)
{
    double tw = t ? text_width(c, f, s, t) + 2 * pad : 0;
    return tw > w ? tw : w;
}

/* The limits turned a quarter (a poster's foot, wide and low): a column
 * for each limit, its name and han on the header, over the ron (bold) and
 * the tsumo of a non-dealer, then of the dealer. */
static double limit_table_t(sheet_ctx *c, json_t *b, limit_cells *lc, int n, double x, double y,
                            double width)
{
    double sc = c->scale, s = num(b, "size", 10) * sc, ts = num(b, "tsumo_size", 10) * sc;
    double pad = 3 * sc, rh = s * 1.6, side_h = s * 1.1 + pad + ts * 1.15 + 2 * pad;
    double lab_w = 0, h = 0, sp = text_width(c, TENSU_FONT_REGULAR, s, " ");
    double colw[TENSU_TABLE_MAX_LIMITS], colx[TENSU_TABLE_MAX_LIMITS + 1];
    static const char *const labels[3] = {"limits.name.han", "limits.nondealer",
                                          "limits.dealer"};
    char *lab[3];
    tensu_page *p = c->page;
    for (int i = 0; i < 3; i++) {
        lab[i] = cat_expand(c, labels[i], NULL);
        lab_w = wider(c, lab_w, TENSU_FONT_BOLD, s, lab[i], pad);
    }
    /* each column as wide as its texts, the width left shared out evenly
     * (evenly from the start when they do not all fit) */
    {
        double need = 0, left;
        for (int k = 0; k < n; k++) {
            double w = text_width(c, TENSU_FONT_BOLD, s, lc[k].name) + 2 * pad;
            if (*lc[k].range)
                w += sp + text_width(c, TENSU_FONT_REGULAR, ts, lc[k].range);
            for (int d = 0; d < 2; d++) {
                w = wider(c, w, TENSU_FONT_BOLD, s, lc[k].ron[d], pad);
                w = wider(c, w, TENSU_FONT_CONDENSED, ts, lc[k].tsumo[d], pad);
            }
            colw[k] = w;
            need += w;
        }
        left = width - lab_w - need;
        for (int k = 0; k < n; k++)
            colw[k] = left >= 0 ? colw[k] + left / n : (width - lab_w) / n;
        colx[0] = x + lab_w;
        for (int k = 1; k <= n; k++)
            colx[k] = colx[k - 1] + colw[k - 1];
    }
    /* the names and their han on the dark header */
    page_rect(p, x, y, width, rh * 1.1, 0.15, 0, 0);
    put_text(c, x + pad, y + rh * 0.55 + s * 0.35, lab_w - 2 * pad, 'l', TENSU_FONT_BOLD, s, 1,
             lab[0]);
    for (int k = 0; k < n; k++) {
        double cx = colx[k], col_w = colw[k], nw = text_width(c, TENSU_FONT_BOLD, s, lc[k].name);
        double rw = *lc[k].range ? sp + text_width(c, TENSU_FONT_REGULAR, ts, lc[k].range) : 0;
        double left = cx + (col_w - nw - rw) / 2;
        tensu_item *it;
        if (left < cx + pad)
            left = cx + pad;
        it = put_text(c, left, y + rh * 0.55 + s * 0.35, cx + col_w - pad - left, 'l',
                      TENSU_FONT_BOLD, s, 1, lc[k].name);
        item_set_tag(it, "limit.%s.%d", tensu_limit_name(lc[k].row->limit), lc[k].row->yakuman);
        if (rw > 0 && it != NULL) /* the han, at the tsumo's size */
            put_text(c, it->x + it->w + sp, y + rh * 0.55 + s * 0.35,
                     cx + col_w - pad - (it->x + it->w + sp), 'l', TENSU_FONT_REGULAR, ts, 1,
                     lc[k].range);
    }
    h = rh * 1.1;
    for (int d = 0; d < 2; d++) {
        double top = y + h;
        if (d == 1)
            page_rect(p, x, top, width, side_h, 0.94, 0, 0);
        put_text(c, x + pad, top + side_h / 2 + s * 0.36, lab_w - 2 * pad, 'l', TENSU_FONT_BOLD,
                 s, 0, lab[1 + d]);
        for (int k = 0; k < n; k++) {
            double cx = colx[k], col_w = colw[k];
            const char *side = d ? "d" : "nd";
            const char *ln = tensu_limit_name(lc[k].row->limit);
            tensu_item *it = put_text(c, cx + pad, top + pad + s * 0.98, col_w - 2 * pad, 'c',
                                      TENSU_FONT_BOLD, s, 0, lc[k].ron[d]);
            item_set_tag(it, "limit.%s.%d.%s.ron", ln, lc[k].row->yakuman, side);
            it = put_text(c, cx + pad, top + pad + s * 1.1 + pad + ts * 0.95, col_w - 2 * pad,
                          'c', TENSU_FONT_CONDENSED, ts, 0, lc[k].tsumo[d]);
            item_set_tag(it, "limit.%s.%d.%s.tsumo", ln, lc[k].row->yakuman, side);
        }
        h += side_h;
    }
    page_line(p, x, y + rh * 1.1 + side_h, x + width, y + rh * 1.1 + side_h, 0.4 * sc, 0.45);
    for (int k = 0; k < n; k++)
        page_line(p, colx[k], y, colx[k], y + h, k == 0 ? 0.9 * sc : 0.4 * sc,
                  k == 0 ? 0 : 0.45);
    page_rect(p, x, y, width, h, -1, 1.1 * sc, 0);
    for (int i = 0; i < 3; i++)
        free(lab[i]);
    return h + num(b, "after", 6) * sc;
}

/* One side's limits in a strip of grey cells (the shade of a limit in the
 * point tables), one cell a limit, on two lines: its name and its ron
 * (bold), then its han and its tsumo as the point table above gives it (a
 * table tent's face, under its table, where the height is short and the
 * width is long).  Each cell is as wide as its texts, the width left shared
 * out evenly; when the texts do not fit, the han keep their unit in the
 * first cell only ("5 han", then "6–7"), then in none, then the ron takes
 * the condensed bold face. */
static double limit_strip(sheet_ctx *c, json_t *b, limit_cells *lc, int n, int only, double x,
                          double y, double width)
{
    double sc = c->scale, s = num(b, "size", 12) * sc, rs = num(b, "ron_size", 12) * sc;
    double pad = 4 * sc, vpad = 3.5 * sc, gap = s * 0.5, colw[TENSU_TABLE_MAX_LIMITS];
    double l1 = vpad + rs * DIGIT_H, l2 = l1 + 4.5 * sc + s * DIGIT_H, h = l2 + vpad;
    tensu_font_role ron_f = TENSU_FONT_BOLD;
    char *han[TENSU_TABLE_MAX_LIMITS];
    tensu_page *p = c->page;
    char ts[TENSU_TABLE_MAX_LIMITS][64];
    for (int k = 0; k < n; k++) {
        han[k] = NULL;
        /* the tsumo as the point table above it gives it: a dealer's
         * what each pays, a non-dealer's what each non-dealer, then the
         * dealer pays */
        if (only)
            fmt_amount(c, lc[k].row->pay[1][1].from_non_dealer_honba, ts[k], sizeof ts[k]);
        else
            snprintf(ts[k], sizeof ts[k], "%s", lc[k].tsumo[0]);
    }
    /* units: 0 every cell's han with its unit, 1 the first cell's only (a
     * series: "5 han", "6–7", "8–10"), 2 none; 3 the ron condensed too */
    for (int tries = 0; tries < 4; tries++) {
        double need = 0;
        if (tries == 3)
            ron_f = TENSU_FONT_CONDENSED_BOLD;
        for (int k = 0; k < n; k++) {
            json_t *v = limit_row_vars(lc[k].row);
            char key[48];
            double w1, w2;
            limit_range_key(lc[k].row,
                            tries == 0 || (tries == 1 && k == 0) ? "limits.strip" : "limits.range",
                            key, sizeof key);
            free(han[k]);
            han[k] = cat_expand(c, key, v);
            json_decref(v);
            w1 = text_width(c, TENSU_FONT_CONDENSED_BOLD, s, lc[k].name) + gap +
                 text_width(c, ron_f, rs, lc[k].ron[only]);
            w2 = text_width(c, TENSU_FONT_CONDENSED, s, han[k]) + (*han[k] ? gap : 0) +
                 text_width(c, TENSU_FONT_CONDENSED, s, ts[k]);
            colw[k] = (w1 > w2 ? w1 : w2) + 2 * pad;
            need += colw[k];
        }
        if (need <= width || tries == 3) {
            for (int k = 0; k < n; k++)
                colw[k] += need <= width ? (width - need) / n : 0;
            break;
        }
    }
    double cx = x;
    for (int k = 0; k < n; k++) {
        double w = colw[k] - 2 * pad;
        const char *ln = tensu_limit_name(lc[k].row->limit), *side = only ? "d" : "nd";
        tensu_item *it;
        page_rect(p, cx, y, colw[k], h, LIMIT_SHADE, 0, 0);
        it = put_text(c, cx + pad, y + l1, w, 'l', TENSU_FONT_CONDENSED_BOLD, s, 0, lc[k].name);
        item_set_tag(it, "limit.%s.%d", ln, lc[k].row->yakuman);
        it = put_text(c, cx + pad, y + l1, w, 'r', ron_f, rs, 0, lc[k].ron[only]);
        item_set_tag(it, "limit.%s.%d.%s.ron", ln, lc[k].row->yakuman, side);
        if (*han[k]) {
            it = put_text(c, cx + pad, y + l2, w, 'l', TENSU_FONT_CONDENSED, s, 0, han[k]);
            item_set_tag(it, "limit.%s.%d.%s.han", ln, lc[k].row->yakuman, side);
        }
        it = put_text(c, cx + pad, y + l2, w, 'r', TENSU_FONT_CONDENSED, s, 0,
                      ts[k]);
        item_set_tag(it, "limit.%s.%d.%s.tsumo", ln, lc[k].row->yakuman, side);
        if (k > 0)
            page_line(p, cx, y, cx, y + h, 0.4 * sc, 0.45);
        cx += colw[k];
        free(han[k]);
    }
    page_rect(p, x, y, cx - x, h, -1, 1.1 * sc, 0);
    return h + num(b, "after", 3) * sc;
}

/* "fit": each column as wide as its widest text (header included), the
 * width left shared out in the proportions of rel; false when the texts
 * do not fit the width (the proportions then hold). */
static bool limit_widths_fit(sheet_ctx *c, limit_cells *lc, int n, int only, double s,
                             double pad, const double *rel, int ncol, double width, double *w)
{
    static const char *const heads[4] = {"limits.name", "limits.han", "limits.nondealer",
                                         "limits.dealer"};
    double need = 0, total = 0;
    char *hd[4];
    for (int i = 0; i < ncol; i++)
        w[i] = 0;
    for (int i = 0; i < 4; i++)
        hd[i] = cat_expand(c, heads[i], NULL);
    w[0] = wider(c, w[0], TENSU_FONT_BOLD, s, hd[0], pad);
    w[1] = wider(c, w[1], TENSU_FONT_BOLD, s, hd[1], pad);
    for (int r = 0; r < n; r++) {
        w[0] = wider(c, w[0], TENSU_FONT_BOLD, s, lc[r].name, pad);
        w[1] = wider(c, w[1], TENSU_FONT_REGULAR, s, lc[r].range, pad);
        for (int d = 0, k = 0; d < 2; d++) {
            if (only >= 0 && d != only)
                continue;
            w[2 + 2 * k] = wider(c, w[2 + 2 * k], TENSU_FONT_BOLD, s, lc[r].ron[d], pad);
            w[3 + 2 * k] = wider(c, w[3 + 2 * k], TENSU_FONT_CONDENSED, s, lc[r].tsumo[d], pad);
            k++;
        }
    }
    for (int d = 0, k = 0; d < 2; d++) {
        double hw;
        if (only >= 0 && d != only)
            continue;
        hw = text_width(c, TENSU_FONT_BOLD, s, hd[2 + d]) + 2 * pad;
        if (w[2 + 2 * k] + w[3 + 2 * k] < hw)
            w[3 + 2 * k] = hw - w[2 + 2 * k];
        k++;
    }
    for (int i = 0; i < 4; i++)
        free(hd[i]);
    for (int i = 0; i < ncol; i++) {
        need += w[i];
        total += rel[i];
    }
    if (need > width)
        return false;
    for (int i = 0; i < ncol; i++)
        w[i] += (width - need) * rel[i] / total;
    return true;
}

double block_limit_table(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const tensu_table *t = c->table;
    int max_y = (int)num(b, "max_yakuman", 2), n;
    double sc = c->scale, s = num(b, "size", 10) * sc, rh = s * 1.6, pad = 3 * sc, h = 0;
    static const double rel_both[6] = {2.1, 1.2, 1.23, 2.15, 1.23, 2.02};
    static const double rel_one[6] = {2.0, 1.1, 1.4, 2.3, 0, 0};
    static const char *const heads[4] = {"limits.name", "limits.han", "limits.nondealer",
                                         "limits.dealer"};
    /* "side": one side's columns only (a pocket card's face) */
    const char *side = json_string_value(json_object_get(b, "side"));
    int only = side == NULL ? -1 : strcmp(side, "dealer") == 0 ? 1 : 0;
    const double *rel = only < 0 ? rel_both : rel_one;
    int ncol = only < 0 ? 6 : 4;
    double xs[7], ws[6], total = 0, cx = x;
    tensu_page *p = c->page;
    bool jp = tensu_fontset_has(c->doc->fonts, TENSU_FONT_JP) && !json_is_false(
                                                                    json_object_get(b, "jp"));
    limit_cells lc[TENSU_TABLE_MAX_LIMITS];

    if (t->nlimits == 0) {
        char *msg = cat_expand(c, "limits.none", NULL);
        h = flow_text(c, x, y, width, num(b, "size", 8.5), TENSU_FONT_REGULAR, 0, msg, 0);
        free(msg);
        return h + 4 * sc;
    }
    n = limit_cells_make(c, max_y, lc, TENSU_TABLE_MAX_LIMITS);
    if (json_is_true(json_object_get(b, "strip"))) {
        if (only < 0) {
            limit_cells_free(lc, n);
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: a limit-table \"strip\" needs a \"side\"",
                     c->tmpl.path, json_file_line(&c->tmpl, "strip"));
            return 0;
        }
        h = n > 0 ? limit_strip(c, b, lc, n, only, x, y, width) : 0;
        limit_cells_free(lc, n);
        return h;
    }
    if (json_is_true(json_object_get(b, "transpose"))) {
        h = n > 0 ? limit_table_t(c, b, lc, n, x, y, width) : 0;
        limit_cells_free(lc, n);
        return h;
    }
    if (json_is_true(json_object_get(b, "fit")) &&
        limit_widths_fit(c, lc, n, only, s, pad, rel, ncol, width, ws)) {
        for (int i = 0; i < ncol; i++) {
            xs[i] = cx;
            cx += ws[i];
        }
    } else {
        for (int i = 0; i < ncol; i++)
            total += rel[i];
        for (int i = 0; i < ncol; i++) {
            xs[i] = cx;
            cx += width * rel[i] / total;
        }
    }
    xs[ncol] = x + width;
    page_rect(p, x, y, width, rh * 1.1, 0.15, 0, 0);
    /* one header over each side's ron and tsumo columns (bold: ron, as on
     * the point tables) */
    for (int i = 0; i < 4; i++) {
        int from = i < 2 ? i : 2 + 2 * (i - 2), to = i < 2 ? i + 1 : from + 2;
        char *txt;
        if (only >= 0 && i >= 2) {
            if (i - 2 != only)
                continue;
            from = 2;
            to = 4;
        }
        txt = cat_expand(c, heads[i], NULL);
        put_text(c, xs[from] + pad, y + rh * 0.55 + s * 0.35, xs[to] - xs[from] - 2 * pad,
                 i == 0 ? 'l' : 'c', TENSU_FONT_BOLD, s, 1, txt);
        free(txt);
    }
    h = rh * 1.1;
    for (int l = 0; l < n; l++) {
        const tensu_limit_row *row = lc[l].row;
        char key[48];
        double top = y + h, base = top + rh / 2 + s * 0.36, nx;
        const char *lname = tensu_limit_name(row->limit);
        tensu_item *it;
        if (l % 2 == 1)
            page_rect(p, x, top, width, rh, 0.94, 0, 0);
        it = put_text(c, xs[0] + pad, base, xs[1] - xs[0] - 2 * pad, 'l', TENSU_FONT_BOLD, s, 0,
                      lc[l].name);
        item_set_tag(it, "limit.%s.%d", lname, row->yakuman);
        nx = it ? it->x + it->w + s * 0.4 : xs[0];
        if (jp) {
            if (row->limit == TENSU_LIMIT_YAKUMAN && row->yakuman > 1)
                snprintf(key, sizeof key, "jp.yakuman.%d", row->yakuman);
            else
                snprintf(key, sizeof key, "jp.%s", lname);
            if (cat_has(c, key) && nx + text_width(c, TENSU_FONT_JP, s, cat_str(c, key)) <
                                       xs[1] - pad) {
                it = put_text(c, nx, base, xs[1] - pad - nx, 'l', TENSU_FONT_JP, s, 0,
                              cat_str(c, key));
                item_set_tag(it, "limit.jp.%s.%d", lname, row->yakuman);
            }
        }
        put_text(c, xs[1] + pad, base, xs[2] - xs[1] - 2 * pad, 'c', TENSU_FONT_REGULAR, s, 0,
                 lc[l].range);
        for (int d = 0; d < 2; d++) {
            int k = only >= 0 ? 0 : d; /* column pair of this side */
            if (only >= 0 && d != only)
                continue;
            it = put_text(c, xs[2 + 2 * k] + pad, base, xs[3 + 2 * k] - xs[2 + 2 * k] - 2 * pad,
                          'c', TENSU_FONT_BOLD, s, 0, lc[l].ron[d]);
            item_set_tag(it, "limit.%s.%d.%s.ron", lname, row->yakuman, d ? "d" : "nd");
            put_text(c, xs[3 + 2 * k] + pad, base, xs[4 + 2 * k] - xs[3 + 2 * k] - 2 * pad, 'c',
                     TENSU_FONT_CONDENSED, s, 0, lc[l].tsumo[d]);
        }
        h += rh;
    }
    limit_cells_free(lc, n);
    page_line(p, xs[2], y, xs[2], y + h, 0.8 * sc, 0.5);
    if (only < 0)
        page_line(p, xs[4], y, xs[4], y + h, 0.8 * sc, 0.5);
    page_rect(p, x, y, width, h, -1, 1.1 * sc, 0);
    return h + num(b, "after", 6) * sc;
}

/* The limits in one flowing line (a poster, read from afar): "Mangan
 * 8 000 / 12 000 · Haneman ..." with the ron of the non-dealer and of the
 * dealer, from the same rows as the limit table. */
double block_limit_line(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const tensu_table *t = c->table;
    int max_y = (int)num(b, "max_yakuman", 1);
    double size = num(b, "size", 10);
    char line[2048], buf[64], buf2[64];
    size_t len = 0;
    double h;
    char *head;
    if (t->nlimits == 0)
        return 0;
    head = cat_expand(c, "limits.line.head", NULL);
    len = (size_t)snprintf(line, sizeof line, "%s ", head);
    free(head);
    for (int l = 0; l < t->nlimits && len < sizeof line; l++) {
        const tensu_limit_row *row = &t->limits[l];
        json_t *v;
        char key[48], *name, *item;
        if (row->limit == TENSU_LIMIT_YAKUMAN && row->yakuman > max_y)
            continue;
        v = json_object();
        var_set(v, "n", "%d", row->yakuman);
        if (row->limit == TENSU_LIMIT_YAKUMAN && row->yakuman > 1)
            snprintf(key, sizeof key, "limit.multi");
        else
            snprintf(key, sizeof key, "limit.%s", tensu_limit_name(row->limit));
        name = cat_expand(c, key, v);
        var_set(v, "name", "%s", name);
        var_set(v, "nd", "%s", fmt_amount(c, row->pay[0][0].ron_honba, buf, sizeof buf));
        var_set(v, "d", "%s", fmt_amount(c, row->pay[1][0].ron_honba, buf2, sizeof buf2));
        item = cat_expand(c, "limits.line.item", v);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s",
                                l ? cat_str(c, "limits.line.sep") : "", item);
        free(item);
        free(name);
        json_decref(v);
    }
    h = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, 0, line, 0);
    return h + num(b, "after", 4) * c->scale;
}

/* Beyond the point tables when there are no limits (aotenjou): a row for
 * each han from "from" to "to"; the ron of a non-dealer, then of the
 * dealer, at each fu of "fu", from the engine (honba included, as on the
 * tables).  The header names the side over its fu columns. */
double block_han_table(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *fus = json_object_get(b, "fu");
    int from = (int)num(b, "from", 5), to = (int)num(b, "to", 13);
    int nfu = (int)json_array_size(fus);
    double sc = c->scale, s = num(b, "size", 10) * sc, pad = 3 * sc, h = 0;
    double rh = s * num(b, "row_height", 1.6); /* a row, in sizes */
    double lab_w = 0, col_w;
    tensu_page *p = c->page;
    char buf[64];
    if (nfu < 1 || nfu > 4 || from < 1 || to < from || to > 26) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:%d: han-table needs \"fu\" (1 to 4 of them) and \"from\" <= \"to\" "
                 "(han 1..26)",
                 c->tmpl.path, json_file_line(&c->tmpl, "han-table"));
        return 0;
    }
    /* the han labels as wide as they need, the amounts share the rest */
    for (int han = from; han <= to; han++) {
        json_t *v = json_object();
        char *t;
        var_set(v, "han", "%d", han);
        t = cat_expand(c, "fmt.han", v);
        lab_w = wider(c, lab_w, TENSU_FONT_BOLD, s, t, pad);
        free(t);
        json_decref(v);
    }
    col_w = (width - lab_w) / (2 * nfu);
    /* the side over its fu columns, the fu under it */
    page_rect(p, x, y, width, rh * 1.1, 0.15, 0, 0);
    page_rect(p, x, y + rh * 1.1, width, rh, 0.82, 0, 0);
    {
        char *t = cat_expand(c, "hantable.han", NULL);
        put_text(c, x + pad, y + rh * 1.1 + rh * 0.5 + s * 0.35, lab_w - 2 * pad, 'c',
                 TENSU_FONT_BOLD, s, 0, t);
        free(t);
    }
    for (int d = 0; d < 2; d++) {
        double cx = x + lab_w + d * nfu * col_w;
        char *t = cat_expand(c, d ? "hantable.d" : "hantable.nd", NULL);
        put_text(c, cx + pad, y + rh * 0.55 + s * 0.35, nfu * col_w - 2 * pad, 'c',
                 TENSU_FONT_BOLD, s, 1, t);
        free(t);
        for (int k = 0; k < nfu; k++) {
            json_t *v = json_object();
            var_set(v, "fu", "%d", (int)json_integer_value(json_array_get(fus, (size_t)k)));
            t = cat_expand(c, "fmt.fu", v);
            put_text(c, cx + k * col_w + pad, y + rh * 1.1 + rh * 0.5 + s * 0.35,
                     col_w - 2 * pad, 'c', TENSU_FONT_BOLD, s, 0, t);
            free(t);
            json_decref(v);
        }
    }
    h = rh * 2.1;
    for (int han = from; han <= to; han++) {
        double top = y + h, base = top + rh / 2 + s * 0.36;
        json_t *v = json_object();
        char *t;
        if ((han - from) % 2 == 1)
            page_rect(p, x, top, width, rh, 0.94, 0, 0);
        var_set(v, "han", "%d", han);
        t = cat_expand(c, "fmt.han", v);
        put_text(c, x + pad, base, lab_w - 2 * pad, 'c', TENSU_FONT_BOLD, s, 0, t);
        free(t);
        json_decref(v);
        for (int d = 0; d < 2; d++)
            for (int k = 0; k < nfu; k++) {
                int fu = (int)json_integer_value(json_array_get(fus, (size_t)k));
                tensu_payment pay;
                tensu_item *it;
                tensu_error err;
                if (tensu_pay(c->rules, han, fu, 0, d, false, c->honba, 0, &pay, &err) !=
                    TENSU_OK) {
                    ctx_fail(c, err.status, "%s: han-table: %s", c->tmpl.path, err.message);
                    return 0;
                }
                it = put_text(c, x + lab_w + (d * nfu + k) * col_w + pad, base,
                              col_w - 2 * pad, 'c', TENSU_FONT_REGULAR, s, 0,
                              pay.ron_honba >= 0
                                  ? fmt_amount(c, pay.ron_honba, buf, sizeof buf)
                                  : pay.exact.ron);
                item_set_tag(it, "han.%s.%d.%d", d ? "d" : "nd", han, fu);
            }
        h += rh;
    }
    page_line(p, x + lab_w, y, x + lab_w, y + h, 0.8 * sc, 0.5);
    page_line(p, x + lab_w + nfu * col_w, y, x + lab_w + nfu * col_w, y + h, 0.8 * sc, 0.5);
    page_rect(p, x, y, width, h, -1, 1.1 * sc, 0);
    return h + num(b, "after", 6) * sc;
}
