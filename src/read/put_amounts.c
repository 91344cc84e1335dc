/* Putting a cell's amounts (table.h, cells.c): each amount put in the
 * payment its table, row and column say, at the place of its word (a
 * ron and its tsumo, shares, "X (shares)" remembered for settle.c); a
 * cell that cannot be read noted at its place; a cell on two lines read
 * line by line. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tensu_status put(reading *R, const cell_at *a, tensu_chart_pay pay, const tensu_cell_amount *m,
                 bool empty)
{
    tensu_chart_cell c;
    const rword *w = NULL;
    memset(&c, 0, sizeof c);
    c.han = a->han;
    c.fu = a->fu;
    c.limit = a->limit;
    c.yakuman = a->yakuman;
    c.pay = pay;
    c.empty = empty || m->empty;
    c.value = c.empty ? 0 : m->value;
    c.mark = m->mark;
    c.table = a->table;
    if (a->map != NULL && a->map[m->at] >= 0)
        w = &R->page->w[a->map[m->at]];
    if (w != NULL) {
        size_t off = 0;
        /* the amount's column: its word's, and where in the word it starts */
        for (size_t i = m->at; i > 0 && a->map[i - 1] == a->map[m->at] &&
                               (a->text == NULL || (a->text[i - 1] != '\n' &&
                                                    a->text[i - 1] != '\t' && a->text[i - 1] != ' '));
             i--)
            off++;
        c.line = w->w->line;
        c.column = w->w->column > 0
                       ? w->w->column + (tensu_words_places(R->words) == TENSU_PLACES_TEXT ||
                                                 tensu_words_places(R->words) == TENSU_PLACES_CSV
                                             ? (int)off
                                             : 0)
                       : 0;
        c.place.page = w->w->page;
    }
    c.place.row = a->row;
    c.place.col = a->col;
    if (w != NULL && w->w->field > 0) {
        /* a spreadsheet's cell: its line and its field ("D33") */
        c.place.row = w->w->line;
        c.place.col = w->w->field;
    }
    c.place.x1 = a->x1;
    c.place.y1 = a->y1;
    c.place.x2 = a->x2;
    c.place.y2 = a->y2;
    return tensu_chart_add(R->chart, &c, R->err);
}

/* Remember that the cell just to be put is "X (shares)": read_settle_cells
 * decides whether X is a ron or the tsumo's total. */
static tensu_status pair(reading *R)
{
    if (R->npairs == R->pairs_cap) {
        size_t cap = R->pairs_cap ? R->pairs_cap * 2 : 64;
        size_t *p = realloc(R->pairs, cap * sizeof *p);
        if (p == NULL)
            return error_fill_at(R->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
        R->pairs = p;
        R->pairs_cap = cap;
    }
    R->pairs[R->npairs++] = tensu_chart_count(R->chart);
    return TENSU_OK;
}

/* The tsumo shares of a cell: a non-dealer's two (each non-dealer's, then
 * the dealer's, unless the chart writes the dealer's first), the dealer's
 * one, put in the order they are printed.  An empty mark: both empty. */
static tensu_status put_shares(reading *R, const cell_at *a, bool dealer, const tensu_cell_text *c)
{
    tensu_status s;
    if (c->shares == 1 && c->share[0].empty) {
        if (dealer)
            return put(R, a, TENSU_CHART_DEALER_TSUMO_EACH, &c->share[0], true);
        s = put(R, a, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, &c->share[0], true);
        return s == TENSU_OK ? put(R, a, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, &c->share[0], true)
                             : s;
    }
    if (dealer)
        return put(R, a, TENSU_CHART_DEALER_TSUMO_EACH, &c->share[0], false);
    {
        /* in the order printed (a box read again gives them so) */
        tensu_chart_pay first = R->dealer_share_first ? TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER
                                                      : TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER,
                        second = R->dealer_share_first ? TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER
                                                       : TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER;
        s = put(R, a, first, &c->share[0], false);
        return s == TENSU_OK ? put(R, a, second, &c->share[1], false) : s;
    }
}

/* A cell that could not be read, noted at its place: the byte where its
 * text stops being a cell (bad, 1-based; 0: its start), the cell's box,
 * its row and column in the table. */
tensu_status note_cell(reading *R, const table *t, const cell_at *a, const char *text,
                       const int *map, size_t bad, const char *why)
{
    size_t n = strlen(text), i = bad > 0 ? bad - 1 : 0, start;
    int word;
    tensu_status s;
    tensu_chart_note *nt;
    if (n == 0)
        return TENSU_OK;
    if (i >= n)
        i = n - 1; /* the end of the cell: its last character */
    while (i > 0 && (text[i] == '\n' || text[i] == '\t' || text[i] == ' '))
        i--;
    word = map[i];
    for (start = i; start > 0 && map[start - 1] == word && text[start - 1] != '\n' &&
                    text[start - 1] != '\t' && text[start - 1] != ' ';
         start--)
        ;
    s = read_note_at(R, true, false, word, t->number, 1, text, why);
    if (s != TENSU_OK)
        return s;
    nt = (tensu_chart_note *)tensu_chart_note_at(R->chart, tensu_chart_note_count(R->chart) - 1);
    if ((tensu_words_places(R->words) == TENSU_PLACES_TEXT ||
         tensu_words_places(R->words) == TENSU_PLACES_CSV) &&
        nt->column > 0)
        nt->column += (int)(bad > 0 && bad - 1 >= n ? n - start : i - start);
    if (word < 0 || R->page->w[word].w->field == 0) {
        nt->place.row = a->row;
        nt->place.col = a->col;
    }
    nt->place.x1 = a->x1, nt->place.y1 = a->y1, nt->place.x2 = a->x2, nt->place.y2 = a->y2;
    if (a->limit == TENSU_LIMIT_NONE)
        nt->han = a->han, nt->fu = a->fu;
    nt->has_pay = a->has_pay;
    nt->pay = a->pay;
    return TENSU_OK;
}

/* A cell on two lines (a ron over its tsumo) that does not read whole:
 * each line by itself, what reads put, the rest noted at its place.
 * False (nothing done) when neither line reads by itself. */
bool split_cell(reading *R, const table *t, const cell_at *a, bool dealer, unsigned kind,
                const char *text, const int *map, tensu_status *s)
{
    const char *nl = strchr(text, '\n');
    size_t first_len, n = strlen(text);
    tensu_cell_text one, two;
    size_t bad1, bad2;
    char part[512];
    bool ok1, ok2;
    if (nl == NULL || nl == text)
        return false;
    first_len = (size_t)(nl - text);
    memcpy(part, text, first_len);
    part[first_len] = '\0';
    bad1 = tensu_cell_parse(part, first_len, &one);
    bad2 = tensu_cell_parse(nl, n - first_len, &two);
    ok1 = bad1 == 0 && (one.empty || (one.has_first && one.shares == 0));
    ok2 = bad2 == 0 && !two.has_first && (two.empty || two.shares == (dealer ? 1 : 2) ||
                                           (two.shares == 1 && two.share[0].empty));
    if (!ok1 && !ok2)
        return false;
    kind &= P_RON | P_TSUMO;
    if (ok1) {
        tensu_cell_amount e = {0, true, TENSU_MARK_NONE, 0};
        tensu_chart_pay first = kind == P_TSUMO ? (dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL
                                                          : TENSU_CHART_NONDEALER_TSUMO_TOTAL)
                                                : (dealer ? TENSU_CHART_DEALER_RON
                                                          : TENSU_CHART_NONDEALER_RON);
        *s = put(R, a, first, one.empty ? &e : &one.first, one.empty);
    } else {
        *s = note_cell(R, t, a, part, map, bad1 ? bad1 : 1,
                       kind == P_TSUMO ? "expected the tsumo's total, as 1100"
                                       : "expected the ron amount, as 7700, or a mark such as -");
    }
    if (*s != TENSU_OK)
        return true;
    if (ok2) {
        cell_at b = *a;
        b.map = map + first_len;
        b.text = nl;
        if (two.empty) {
            two.shares = 1;
            two.share[0] = (tensu_cell_amount){0, true, TENSU_MARK_NONE, 0};
        }
        *s = put_shares(R, &b, dealer, &two);
    } else {
        /* the shares' line, noted where it starts */
        cell_at b = *a;
        const char *start = nl;
        while (*start == '\n')
            start++;
        *s = note_cell(R, t, &b, start, map + (start - text), 1,
                       dealer ? "expected one tsumo amount for the dealer (each payer's share, "
                                "as 500 all)"
                              : "expected two tsumo amounts for a non-dealer (each non-dealer/"
                                "dealer, as 300/500)");
    }
    return true;
}

/* What a cell of a table that gives the ron and the tsumo (kind 0), only
 * the ron (P_RON) or only the tsumo (P_TSUMO) says, for a non-dealer or the
 * dealer.  An error's why into why; TENSU_OK with why[0] set when the cell
 * is not one. */
tensu_status put_cell(reading *R, const cell_at *a, bool dealer, unsigned kind,
                      const tensu_cell_text *c, char *why, size_t wsize)
{
    tensu_status s = TENSU_OK;
    tensu_chart_pay ron = dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON;
    tensu_chart_pay total = dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL : TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    int want = dealer ? 1 : 2;
    bool totals = (kind & P_TOTAL) != 0; /* a table of tsumo that gives their totals */
    kind &= P_RON | P_TSUMO;
    why[0] = '\0';
    if (c->empty) {
        tensu_cell_amount e = {0, true, TENSU_MARK_NONE, 0};
        tensu_cell_text ce = *c;
        ce.shares = 1;
        ce.share[0] = e;
        if (kind != P_TSUMO || totals)
            s = put(R, a, kind == P_TSUMO ? total : ron, &e, true);
        if (s == TENSU_OK && kind != P_RON)
            s = put_shares(R, a, dealer, &ce);
        return s;
    }
    if (kind == P_TSUMO && !dealer && c->has_first && !c->first.empty && c->shares == 1 &&
        c->below && !c->grouped && !c->all) {
        /* a table of a non-dealer's tsumo: its two shares one over the other
         * ("Top: each non-dealer; bottom: the dealer") */
        tensu_cell_text two = *c;
        two.has_first = false;
        two.shares = 2;
        two.share[0] = c->first;
        two.share[1] = c->share[0];
        return put_shares(R, a, false, &two);
    }
    if (c->shares > 0 && !c->share[0].empty && c->shares != want && !(dealer && c->all)) {
        snprintf(why, wsize,
                 dealer ? "expected one tsumo amount for the dealer (each payer's share, as "
                          "500 all)"
                        : "expected two tsumo amounts for a non-dealer (each non-dealer/dealer, "
                          "as 300/500)");
        return TENSU_OK;
    }
    if (c->all && !dealer) {
        snprintf(why, wsize, "'all' after a non-dealer's tsumo: expected two amounts, as 300/500");
        return TENSU_OK;
    }
    if (kind == P_RON) {
        if (c->shares > 0 || !c->has_first) {
            snprintf(why, wsize, "expected the ron amount, as 7700 (a table of rons)");
            return TENSU_OK;
        }
        return put(R, a, ron, &c->first, false);
    }
    if (kind == P_TSUMO) {
        if (c->has_first && c->shares > 0)
            s = put(R, a, total, &c->first, false);
        else if (c->has_first && dealer && !c->first.empty) {
            /* "700": the dealer's share alone in a table of tsumo */
            tensu_cell_text one = *c;
            one.shares = 1;
            one.share[0] = c->first;
            return put_shares(R, a, true, &one);
        } else if (c->has_first) {
            snprintf(why, wsize, "expected the tsumo amounts, as 300/500 (a table of tsumo)");
            return TENSU_OK;
        }
        return s == TENSU_OK && c->shares > 0 ? put_shares(R, a, dealer, c) : s;
    }
    if (c->has_first && c->shares > 0 && !c->first.empty && !c->share[0].empty &&
        !c->has_total) {
        s = pair(R);
        if (s != TENSU_OK)
            return s;
    }
    if (c->has_first)
        s = put(R, a, ron, &c->first, false);
    if (s == TENSU_OK && c->has_total)
        s = put(R, a, total, &c->total, false);
    if (s == TENSU_OK && c->shares > 0)
        s = put_shares(R, a, dealer, c);
    return s;
}
