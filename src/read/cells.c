/* The cells of a table read into the chart (table.h): each cell's words
 * as one text (cell_text.c), read by the core's cell grammar, each amount
 * put in the payment its table, row and column say, at the place of its
 * word (put_amounts.c).  What cannot be read is noted at its place; an
 * OCR's cell it is not sure of is read again (reread.c); a side or a
 * column's payment its words do not say is told by the cells
 * (from_cells.c).  This file: read_cells, the driver of the stages. */
#include "table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tensu_status read_cells(reading *R, table *t)
{
    page_words *p = R->page;
    unsigned side = t->side & (P_ND | P_D), kind = t->side & (P_RON | P_TSUMO);
    tensu_status s = TENSU_OK;
    bool sideless = t->kind == K_GRID;
    reread_heads(R, t);
    for (int c = 0; c < t->ncols && t->kind == K_LONG; c++)
        sideless |= t->col[c].role == C_VALUE && !(t->col[c].pay & (P_ND | P_D));
    if (sideless && side == 0) {
        /* no heading says whose table this is: its cells tell, else its
         * place (the first one the non-dealer's) */
        const char *why = NULL;
        int before = 0;
        side = side_from_cells(R, t, &why);
        for (int i = 0; i < t->number - 1; i++)
            before++;
        if (side == 0) {
            side = P_ND;
            why = "the first table; no tsumo cells tell";
            /* the second table without heading: the dealer's */
            for (size_t i = 0; i < tensu_chart_note_count(R->chart); i++) {
                const tensu_chart_note *n = tensu_chart_note_at(R->chart, i);
                if (n->inferred && strstr(n->why, "no heading says whose table") != NULL &&
                    strstr(n->why, "non-dealer's") != NULL) {
                    side = P_D;
                    why = "the second table; no tsumo cells tell";
                }
            }
        }
        {
            char msg[160];
            snprintf(msg, sizeof msg, "no heading says whose table this is: read as the %s's (%s)",
                     side == P_D ? "dealer" : "non-dealer", why);
            if (t->header >= 0)
                s = read_note_at(R, false, true, p->l[t->header].at[0], t->number, 0, "header", msg);
            else
                s = read_note_at(R, false, true, t->row[0].label, t->number, 0, "rows", msg);
            if (s != TENSU_OK)
                return s;
            /* about the whole line: no column */
            ((tensu_chart_note *)tensu_chart_note_at(R->chart, tensu_chart_note_count(R->chart) -
                                                                   1))
                ->column = 0;
            /* the excerpt: the header's words */
            if (t->header >= 0) {
                tensu_chart_note *n = (tensu_chart_note *)tensu_chart_note_at(
                    R->chart, tensu_chart_note_count(R->chart) - 1);
                char text[160];
                read_words_text(p, &p->l[t->header], 0, p->l[t->header].n, text, sizeof text);
                excerpt(text, n->text, sizeof n->text);
            }
        }
        (void)before;
    }
    row_cells *rc;
    bool blank;
    int firsts = 0, shares = 0, rons = 0, lost;
    bool ron_at[MAX_COLS];
    if ((s = limits_column_from_cells(R, t)) != TENSU_OK ||
        (s = ron_read_twice(R, t)) != TENSU_OK)
        return s;
    t->side = (t->side & ~(unsigned)(P_ND | P_D)) | side; /* for the tables going on from it */
    if ((s = fu_label_from_cells(R, t, side)) != TENSU_OK)
        return s;
    if ((s = long_column_left(R, t, side)) != TENSU_OK ||
        (s = note_skipped_columns(R, t)) != TENSU_OK)
        return s;
    rc = malloc(sizeof *rc);
    if (rc == NULL)
        return error_fill_at(R->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    if (kind == P_TSUMO && t->kind == K_GRID) {
        /* a table of tsumo: does it give their totals ("1 100 (300/500)")? */
        int with = 0, without = 0;
        for (int r = 0; r < t->nrows; r++) {
            cells_of_row(p, t, r, rc);
            for (int c = 0; c < t->ncols; c++) {
                tensu_cell_text x;
                if (!rc->has[c] || tensu_cell_parse(rc->text[c], strlen(rc->text[c]), &x) != 0 ||
                    x.empty)
                    continue;
                with += x.has_first && x.shares > 0;
                without += !(x.has_first && x.shares > 0);
            }
        }
        if (with > without)
            kind |= P_TOTAL;
    }
    for (int r = 0; r < t->nrows && s == TENSU_OK; r++) {
        trow *rw = &t->row[r];
        if (rw->inferred && rw->label >= 0 &&
            (r == 0 || !t->row[r - 1].inferred || t->row[r - 1].han != rw->han)) {
            /* a long table's han told by the runs of fu around it: said once */
            char msg[160];
            snprintf(msg, sizeof msg, "a han label not read: read as %d, from the runs of fu "
                     "around it", rw->han);
            s = read_note_at(R, false, true, rw->label, t->number, 0,
                             p->w[rw->label].w->text, msg);
            if (s != TENSU_OK)
                break;
        }
        if (rw->bad >= 0 &&
            (rw->bad_role == C_ORDER || (rw->bad_role == C_SKIP && t->kind == K_GRID)) &&
            (s = reread_label(R, t, r)) != TENSU_OK)
            break;
        if (rw->bad >= 0 && t->kind == K_LIMITS && !t->by_side &&
            (s = limit_between(R, t, r)) != TENSU_OK)
            break;
        if (rw->bad >= 0) {
            /* a row whose label cannot be read: its cells are not read */
            int cells = 0;
            char text[160];
            const rword *bw = &p->w[rw->bad];
            cells_of_row(p, t, r, rc);
            for (int c = 0; c < t->ncols; c++)
                cells += t->col[c].role == C_VALUE && rc->has[c];
            snprintf(text, sizeof text, "%s", bw->w->text);
            {
                /* no digit beside it either ("-", "L"): strokes and specks,
                 * no amount to read */
                bool none = true;
                for (int c = 0; c < t->ncols && none; c++)
                    none = t->col[c].role != C_VALUE || !rc->has[c] ||
                           strpbrk(rc->text[c], "0123456789") == NULL;
                if (none)
                    cells = 0;
            }
            {
                /* a line of prose under the table ("Table des points –
                 * World Riichi Championship 2015": a card's title below):
                 * words, a number for three of them at most */
                const rline *ln = &p->l[bw->line];
                int numbers = 0, words = 0;
                for (int j = 0; j < ln->n; j++) {
                    const char *wt = p->w[ln->at[j]].w->text;
                    if (strpbrk(wt, "0123456789") != NULL)
                        numbers++;
                    else if (strlen(wt) >= 3 && isalpha((unsigned char)wt[0]))
                        words++;
                }
                if (3 * numbers <= words && words >= 4 && strpbrk(text, "0123456789") == NULL &&
                    rw->bad_role != C_ORDER)
                    cells = 0;
            }
            if (cells == 0 && strpbrk(text, "0123456789") == NULL && rw->bad_role != C_HAN &&
                rw->bad_role != C_FU) {
                /* no cell beside it, no digit in it: no row of the chart
                 * ("Le": a rule's shadow under the table, read as letters;
                 * "EEE - L": the paper's edge) */
                take(p, t, r, -1e300, 1e300);
                continue;
            }
            s = read_note_at(R, true, false, rw->bad, t->number, cells > 0 ? cells : 1, text,
                             rw->bad_role == C_ORDER
                                 ? (t->by_han ? "a han count out of the rows' order (read again, "
                                                "still out of it): its row is not read"
                                              : "a fu count out of the rows' order (read again, "
                                                "still out of it): its row is not read")
                             : rw->bad_role == C_HAN
                                 ? "expected a han count or a limit name (mangan, haneman, "
                                   "baiman, sanbaiman, yakuman, 2x_yakuman ...) in the han column"
                             : rw->bad_role == C_FU
                                 ? "expected a fu count (20, 25, 30 ... 110) or nothing"
                                 : "expected a fu (or han) label, then the cells");
            take(p, t, r, -1e300, 1e300);
            for (int c = 0; c < t->ncols; c++)
                if (rc->has[c])
                    used_words(p, rc->text[c], rc->map[c]);
            continue;
        }
        if (rw->limit != TENSU_LIMIT_NONE && t->kind == K_GRID) {
            /* a limit row among rows of values: its amounts wherever they
             * stand, for the table's side */
            char text[512], why[160];
            int map[512];
            tensu_cell_text c;
            size_t bad;
            cell_at a = {0, 0, rw->limit, rw->yakuman, t->number, r + 2, 2, map, text, 0, 0, 0, 0};
            float conf;
            if (!read_cell_text(p, t, r, t->label_x2, t->x2, text, sizeof text, map))
                continue;
            used_words(p, text, map);
            cell_box(p, t, r, t->label_x2, t->x2, &a);
            if (!reread_cell(R, &a, text, sizeof text, map, &conf)) {
                s = note_unsure(R, t, &a, text, map, conf);
                take(p, t, r, t->label_x2, t->x2);
                continue;
            }
            bad = tensu_cell_parse(text, strlen(text), &c);
            if (bad != 0) {
                /* a note on the han cut short at the page's edge, or its
                 * word misread: "6,000 / 12,000 (11-12 he" */
                char *open = strrchr(text, '(');
                if (open != NULL && open > text && strchr(open, ')') == NULL &&
                    !read_has_amount(open) && tensu_cell_parse(text, (size_t)(open - text), &c) == 0)
                    bad = 0;
            }
            why[0] = '\0';
            if (bad == 0)
                s = put_cell(R, &a, side == P_D, kind, &c, why, sizeof why);
            else
                snprintf(why, sizeof why, "expected a limit cell such as 8000 (2000/4000) or "
                                          "12000 (4000)");
            if (s == TENSU_OK && why[0])
                s = note_cell(R, t, &a, text, map, bad, why);
            take(p, t, r, t->label_x2, t->x2);
            continue;
        }
        cells_of_row(p, t, r, rc);
        /* a row of one hand whose fields are all there and all blank (a
         * CSV's "1,110,,,,"): the hand cannot happen */
        blank = t->kind == K_LONG && rw->label >= 0 && p->w[rw->label].w->field > 0;
        for (int col = 0; col < t->ncols && blank; col++)
            blank = t->col[col].role != C_VALUE || !rc->has[col];
        {
            /* limits side by side, one line of ron and one of tsumo: how
             * many give their ron, how many their tsumo (a limit that lacks
             * one its neighbours give was not read in full); so too the
             * cells of a grid's row */
            firsts = shares = rons = 0;
            memset(ron_at, 0, sizeof ron_at);
            for (int col = 0; col < t->ncols && (t->by_side || t->strip); col++) {
                tensu_cell_text y;
                if (t->col[col].role == C_VALUE && rc->has[col] &&
                    tensu_cell_parse(rc->text[col], strlen(rc->text[col]), &y) == 0 && !y.empty) {
                    firsts += y.has_first && !y.first.empty;
                    shares += y.shares > 0;
                }
            }
            /* a grid's row of a fu: how many cells give a ron over their
             * tsumo (digits on their first line, the words as first read);
             * not a row of a han, whose 20 fu has no ron */
            for (int col = 0; col < t->ncols && t->kind == K_GRID && !t->by_han; col++) {
                const char *nl = rc->text[col], *d;
                if (t->col[col].role == C_VALUE && rc->has[col] &&
                    (nl = strchr(rc->text[col], '\n')) != NULL &&
                    (d = strpbrk(rc->text[col], "0123456789")) != NULL && d < nl)
                    rons++, ron_at[col] = true;
            }
        }
        for (int col = 0; col < t->ncols && s == TENSU_OK; col++) {
            const tcol *c = &t->col[col];
            char *text = rc->text[col], why[160];
            int *map = rc->map[col];
            tensu_cell_text x;
            size_t bad;
            bool dealer;
            unsigned ckind = kind;
            cell_at a = {0, 0, TENSU_LIMIT_NONE, 0, t->number, r + 2, col + 2, map, text,
                         0, 0, 0, 0};
            if (c->role != C_VALUE || (!rc->has[col] && !blank))
                continue;
            if (!rc->has[col]) {
                text[0] = '\0';
                map[0] = rw->label; /* placed at its row */
            }
            used_words(p, text, map);
            cell_box(p, t, r, c->x1, c->x2, &a);
            if (t->kind == K_GRID) {
                a.han = t->by_han ? rw->han : c->han;
                a.fu = t->by_han ? c->fu : rw->fu;
                dealer = side == P_D;
                if (c->pay & (P_RON | P_TSUMO))
                    ckind = c->pay & (P_RON | P_TSUMO); /* "Ron  Tsumo" under each head */
            } else if (t->by_side || t->strip) {
                /* limits side by side: the column's limit, the row's side */
                a.limit = c->limit;
                a.yakuman = c->yakuman;
                dealer = (rw->pay & (P_ND | P_D)) == P_D;
                ckind = rw->pay & (P_RON | P_TSUMO);
                if (ckind == (P_RON | P_TSUMO))
                    ckind = 0;
            } else {
                unsigned cs = c->pay & (P_ND | P_D);
                a.han = rw->han;
                a.fu = rw->fu;
                a.limit = rw->limit;
                a.yakuman = rw->yakuman;
                if (cs == 0)
                    cs = side ? side : P_ND;
                dealer = cs == P_D;
                ckind = c->pay & (P_RON | P_TSUMO);
                if (ckind == (P_RON | P_TSUMO))
                    ckind = 0;
                if (ckind == 0)
                    ckind = kind;
            }
            if (a.han == 0 && a.limit == TENSU_LIMIT_NONE)
                continue;
            if (ckind == P_RON || ckind == P_TSUMO) {
                a.has_pay = true;
                a.pay = ckind == P_RON ? (dealer ? TENSU_CHART_DEALER_RON
                                                 : TENSU_CHART_NONDEALER_RON)
                                       : (dealer ? TENSU_CHART_DEALER_TSUMO_EACH
                                                 : TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER);
            }
            {
                float conf;
                if (!reread_cell(R, &a, text, sizeof rc->text[col], map, &conf)) {
                    s = note_unsure(R, t, &a, text, map, conf);
                    take(p, t, r, c->x1, c->x2);
                    continue;
                }
            }
            if (R->opt != NULL && R->opt->reread != NULL)
                cell_mend_words(text, map, sizeof rc->text[col]);
            bad = tensu_cell_parse(text, strlen(text), &x);
            if (bad != 0 && R->opt != NULL && R->opt->reread != NULL &&
                cell_mend(text, map, sizeof rc->text[col]))
                bad = tensu_cell_parse(text, strlen(text), &x);
            why[0] = '\0';
            /* one line of a cell lost (the ron's, or the tsumo's) where the
             * cells beside it give both: read again where it stands, else
             * noted.  A picture's grid ("2,600" over "700 / 1,300" read as
             * the tsumo alone), limits side by side in any document */
            lost = 0;
            if (bad == 0 && ckind == 0 && !x.empty && t->kind == K_GRID && !x.has_first &&
                x.shares > 0 && rons - ron_at[col] >= 1 && R->opt != NULL &&
                R->opt->reread != NULL)
                lost = 1;
            else if (bad == 0 && ckind == 0 && !x.empty && (t->by_side || t->strip) &&
                     firsts >= 2 && shares >= 2 &&
                     (!x.has_first || x.first.empty || x.shares == 0))
                lost = x.shares == 0 ? 2 : 1;
            if (lost && R->opt != NULL && R->opt->reread != NULL &&
                !(x.has_first && x.first.empty) &&
                reread_lost_line(R, c, t->row[r].y1, t->row[r].y2, lost == 1, &a, text,
                                 sizeof rc->text[col], map, &x))
                lost = 0;
            if (bad == 0 && t->kind != K_GRID && (c->pay & (P_FROM_ND | P_FROM_D)) &&
                !x.empty && x.has_first && x.shares == 0) {
                /* one share in a column of its own: each non-dealer's, or
                 * the dealer's */
                s = put(R, &a,
                        (c->pay & P_FROM_D) ? TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER
                                            : TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER,
                        &x.first, false);
            } else if (bad == 0 && t->kind != K_GRID && (c->pay & (P_FROM_ND | P_FROM_D)) &&
                       x.empty) {
                tensu_cell_amount e = {0, true, TENSU_MARK_NONE, 0};
                s = put(R, &a,
                        (c->pay & P_FROM_D) ? TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER
                                            : TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER,
                        &e, true);
            } else if (bad == 0 && t->kind != K_GRID && (c->pay & P_TOTAL) && x.has_first &&
                       x.shares == 0) {
                s = put(R, &a,
                        dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL : TENSU_CHART_NONDEALER_TSUMO_TOTAL,
                        &x.first, x.empty);
            } else if (bad == 0) {
                s = put_cell(R, &a, dealer, ckind, &x, why, sizeof why);
                if (s == TENSU_OK && why[0] && R->opt != NULL && R->opt->reread != NULL &&
                    cell_mend(text, map, sizeof rc->text[col]) &&
                    tensu_cell_parse(text, strlen(text), &x) == 0)
                    /* a picture's cell that says what its place does not
                     * want, a speck in it ("8 000 -" in a column of rons):
                     * mended */
                    s = put_cell(R, &a, dealer, ckind, &x, why, sizeof why);
                if (s == TENSU_OK && why[0] && t->kind == K_GRID &&
                    split_cell(R, t, &a, dealer, ckind, text, map, &s))
                    why[0] = '\0';
            } else if (t->kind == K_GRID && split_cell(R, t, &a, dealer, ckind, text, map, &s)) {
                /* read line by line: what could be read is, the rest noted */
            } else {
                snprintf(why, sizeof why,
                         ckind == P_RON ? "expected a number of points (7700, 7,700, 7 700) or an empty "
                                          "mark (-, ---, null, 0, nothing)"
                         : dealer       ? "expected a dealer cell such as 1500 (500), - (700) or -"
                                        : "expected a non-dealer cell such as 1000 (300/500), - "
                                          "(400/700) or -");
            }
            if (s == TENSU_OK && why[0])
                s = note_cell(R, t, &a, text, map, bad, why);
            else if (s == TENSU_OK && lost)
                s = note_cell(R, t, &a, text, map, 0,
                              lost == 2 ? (t->kind == K_GRID ? "its tsumo amounts not read (the "
                                                               "cells beside it give theirs)"
                                                             : "its tsumo amounts not read (the "
                                                               "limits beside it give theirs)")
                              : t->kind == K_GRID ? "its ron amount not read (the cells beside "
                                                    "it give theirs)"
                                                  : "its ron amount not read (the limits beside "
                                                    "it give theirs)");
            take(p, t, r, c->x1, c->x2);
        }
    }
    free(rc);
    return s;
}
