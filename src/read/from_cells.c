/* What a table's cells tell (table.h, cells.c): the side of a grid with
 * no heading, from the rons in its cells; the payment of a column whose
 * head could not be read (a limits table's, a long table's), of two
 * columns whose heads read the same; columns of amounts under heads that
 * name no payment, noted. */
#include "table.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ron a side is paid at the cell of row r and column c under std (the
 * engine's: a limit row's, else its han and fu's), or -1 when the cell
 * has none (a row not read, a double yakuman row, han or fu out of the
 * tables). */
static int64_t cell_ron(const tensu_rules *std, const table *t, int r, int c, bool dealer)
{
    const trow *rw = &t->row[r];
    tensu_payment pay;
    int han = t->kind != K_GRID ? rw->han : t->by_han ? rw->han : t->col[c].han;
    int fu = t->kind != K_GRID ? rw->fu : t->by_han ? t->col[c].fu : rw->fu;
    if (rw->bad >= 0)
        return -1;
    if (rw->limit != TENSU_LIMIT_NONE)
        return rw->yakuman <= 1 && tensu_pay_limit(std, rw->limit, 1, dealer, false, 0, &pay,
                                                   NULL) == TENSU_OK
                   ? pay.ron
                   : -1;
    if (han < 1 || han > TENSU_TABLE_MAX_HAN || !tensu_fu_valid(fu) ||
        tensu_pay(std, han, fu, 0, dealer, false, 0, 0, &pay, NULL) != TENSU_OK)
        return -1;
    return pay.ron;
}

/* The side a grid table without a heading is, from its cells: a dealer's
 * tsumo is one amount, a non-dealer's two; its rons are a dealer's (1.5
 * times a non-dealer's) or not; the shapes decide unless the rons say the
 * other side by more cells.  0 when they do not tell. */
unsigned side_from_cells(reading *R, const table *t, const char **why)
{
    int one = 0, two = 0, as_nd = 0, as_d = 0;
    tensu_rules std;
    (void)R;
    tensu_rules_preset(tensu_default_preset(), &std, NULL);
    for (int r = 0; r < t->nrows; r++)
        for (int c = 0; c < t->ncols; c++) {
            char text[256];
            tensu_cell_text x;
            const trow *rw = &t->row[r];
            if (t->col[c].role != C_VALUE || rw->limit != TENSU_LIMIT_NONE || rw->bad >= 0 ||
                (t->col[c].pay & (P_ND | P_D)) ||
                !read_cell_text(R->page, t, r, t->col[c].x1, t->col[c].x2, text, sizeof text, NULL) ||
                tensu_cell_parse(text, strlen(text), &x) != 0)
                continue;
            if (x.shares > 0 && !x.share[0].empty) {
                one += x.shares == 1;
                two += x.shares == 2;
            }
            if (x.has_first && !x.first.empty && !(t->col[c].pay & P_TSUMO)) {
                int64_t nd = cell_ron(&std, t, r, c, false), d = cell_ron(&std, t, r, c, true);
                if (nd > 0 && d > 0) {
                    as_nd += x.first.value == nd;
                    as_d += x.first.value == d;
                }
            }
        }
    /* the shapes, unless the rons say the other side more strongly (a
     * photo's tsumo lines garbled into single amounts) */
    if (one != two && (as_nd == as_d || (one > two) == (as_d > as_nd) ||
                       abs(one - two) >= abs(as_d - as_nd))) {
        *why = one > two ? "its tsumo cells hold one amount each" : "its tsumo cells hold two amounts each";
        return one > two ? P_D : P_ND;
    }
    if (as_nd != as_d) {
        *why = as_d > as_nd ? "its ron amounts are the dealer's, 1.5 times a non-dealer's"
                            : "its ron amounts are a non-dealer's";
        return as_d > as_nd ? P_D : P_ND;
    }
    return 0;
}

/* The shapes of column c's cells, its rows read: one amount as a ron's,
 * a tsumo's two shares, a tsumo's one share (paid by all), empty, else. */
typedef struct shapes {
    int rons, twos, ones, empty, other;
} shapes;

static shapes column_shapes(reading *R, const table *t, int c)
{
    shapes n = {0, 0, 0, 0, 0};
    char text[256];
    for (int r = 0; r < t->nrows; r++) {
        tensu_cell_text x;
        if (t->row[r].bad >= 0 ||
            !read_cell_text(R->page, t, r, t->col[c].x1, t->col[c].x2, text, sizeof text, NULL))
            continue;
        if (tensu_cell_parse(text, strlen(text), &x) != 0)
            n.other++;
        else if (x.has_first && x.shares == 0)
            n.rons++;
        else if (x.empty)
            n.empty++;
        else if (x.has_first || x.shares == 0)
            n.other++;
        else if (x.shares == 2)
            n.twos++;
        else
            n.ones++;
    }
    return n;
}

/* Are most of column c's cells one amount each, as a ron's? */
static bool ron_cells(reading *R, const table *t, int c)
{
    shapes n = column_shapes(R, t, c);
    return n.rons >= 3 && (n.twos + n.ones + n.other) * 4 <= n.rons;
}

/* The first word of the header line whose middle is in [x1, x2], or -1
 * (none, or no header line). */
static int head_word(const page_words *p, const table *t, double x1, double x2)
{
    const rline *hl = t->header >= 0 ? &p->l[t->header] : NULL;
    for (int j = 0; hl != NULL && j < hl->n; j++)
        if (p->w[hl->at[j]].cx >= x1 && p->w[hl->at[j]].cx <= x2)
            return hl->at[j];
    return -1;
}

/* A limits table's column whose head could not be read (its words no
 * payment): its cells tell, when each holds a tsumo's shares, two (a
 * non-dealer's tsumo) or one paid by all (the dealer's).  Noted as
 * inferred. */
tensu_status limits_column_from_cells(reading *R, table *t)
{
    page_words *p = R->page;
    if (t->kind != K_LIMITS || t->by_side || t->strip || t->header < 0)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        const rline *hl = &p->l[t->header];
        char text[256], msg[200];
        shapes n;
        int one, two, head;
        if (t->col[c].role != C_SKIP || t->col[c].hx2 <= t->col[c].hx1)
            continue;
        n = column_shapes(R, t, c);
        one = n.ones, two = n.twos;
        if (n.other + n.empty + n.rons > 0 || (one > 0) == (two > 0) || one + two < 2)
            continue;
        head = head_word(p, t, t->col[c].hx1, t->col[c].hx2);
        t->col[c].role = C_VALUE;
        t->col[c].pay = P_TSUMO | (two > 0 ? P_ND : P_D);
        snprintf(msg, sizeof msg, "a column's head not read: read as the %s (%s)",
                 two > 0 ? "non-dealer's tsumo" : "dealer's tsumo",
                 two > 0 ? "its cells hold two amounts each" : "its cells hold one amount each");
        read_words_text(p, hl, 0, hl->n, text, sizeof text);
        {
            tensu_status s = read_note_at(R, false, true, head, t->number, 0, text, msg);
            if (s != TENSU_OK)
                return s;
        }
    }
    return TENSU_OK;
}

/* A long table's or a limits table's column whose head could not be
 * read ("Non-dealer ron"
 * read "Nor d L"), the one payment of the four (each side's ron and
 * tsumo) no other column gives: that payment, when its cells hold one
 * amount each as a ron does.  side: the table's, for columns that name
 * none.  Noted as inferred. */
tensu_status long_column_left(reading *R, table *t, unsigned side)
{
    page_words *p = R->page;
    static const unsigned four[] = {P_ND | P_RON, P_ND | P_TSUMO, P_D | P_RON, P_D | P_TSUMO};
    unsigned given[4] = {0};
    int missing = -1, col = -1, n = 0, head = -1;
    char text[256], msg[200];
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side || t->header < 0)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        unsigned pay = t->col[c].pay;
        if (t->col[c].role == C_SKIP && t->col[c].hx2 > t->col[c].hx1) {
            /* one such column of single amounts only */
            if (ron_cells(R, t, c))
                col = col < 0 ? c : -2;
            continue;
        }
        if (t->col[c].role != C_VALUE)
            continue;
        if (!(pay & (P_ND | P_D)))
            pay |= side;
        if (!(pay & (P_RON | P_TSUMO)) && ron_cells(R, t, c))
            pay |= P_RON; /* a side alone ("Dealer", its "ron" lost) */
        for (int k = 0; k < 4; k++)
            if ((pay & four[k]) == four[k] && !(pay & P_TOTAL))
                given[k]++;
    }
    if (col < 0)
        return TENSU_OK;
    for (int k = 0; k < 4; k++)
        if (given[k] == 0) {
            missing = missing < 0 ? k : 9;
            n++;
        }
    if (n != 1 || !(four[missing] & P_RON))
        return TENSU_OK;
    t->col[col].role = C_VALUE;
    t->col[col].pay = four[missing];
    head = head_word(p, t, t->col[col].hx1, t->col[col].hx2);
    read_words_text(p, &p->l[t->header], 0, p->l[t->header].n, text, sizeof text);
    snprintf(msg, sizeof msg,
             "a column's head not read: read as the %s (the one payment no other column gives)",
             (four[missing] & P_ND) ? "non-dealer's ron" : "dealer's ron");
    return read_note_at(R, false, true, head, t->number, 0, text, msg);
}

/* The cells that hold the ron of their row for a side (cell_ron under std,
 * the first amount of a value cell): of column c when r < 0, of row r when
 * c < 0 (then *cols, when not NULL, gets bit c for column c).  Returns how
 * many. */
static int rons_in(reading *R, const tensu_rules *std, const table *t, int r, int c, bool dealer,
                   uint64_t *cols)
{
    int n = 0;
    if (cols != NULL)
        *cols = 0;
    for (int i = 0; i < (r < 0 ? t->nrows : t->ncols); i++) {
        int row = r < 0 ? i : r, col = c < 0 ? i : c;
        char text[256];
        tensu_cell_text x;
        int64_t want = t->col[col].role == C_VALUE ? cell_ron(std, t, row, col, dealer) : -1;
        if (want > 0 &&
            read_cell_text(R->page, t, row, t->col[col].x1, t->col[col].x2, text, sizeof text,
                           NULL) &&
            tensu_cell_parse(text, strlen(text), &x) == 0 && x.has_first && !x.first.empty &&
            x.first.value == want) {
            n++;
            if (cols != NULL)
                *cols |= (uint64_t)1 << col;
        }
    }
    return n;
}

/* A long table's or a limits table's two columns whose heads both read as
 * one side's ron, no column the other side's ("Non-dealer ron" read
 * "Dealer ron", its "Non-" lost): the one whose amounts are the other
 * side's rons in most rows (three at least) is that side's.  Noted as
 * inferred. */
tensu_status ron_read_twice(reading *R, table *t)
{
    page_words *p = R->page;
    int two[2], n = 0, other = 0, col;
    unsigned side = 0;
    char text[256], msg[200];
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side || t->header < 0)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        unsigned pay = t->col[c].pay;
        /* (a side alone is a ron when its cells are: "Dealer", its "ron" lost) */
        if (t->col[c].role != C_VALUE || (pay & P_TOTAL) ||
            !((pay & P_RON) || (!(pay & P_TSUMO) && ron_cells(R, t, c))))
            continue;
        if ((pay & (P_ND | P_D)) == P_ND || (pay & (P_ND | P_D)) == P_D) {
            if (n == 0 || (pay & (P_ND | P_D)) == side) {
                side = pay & (P_ND | P_D);
                if (n < 2)
                    two[n] = c;
                n++;
            } else {
                other++;
            }
        }
    }
    if (n != 2 || other > 0)
        return TENSU_OK;
    {
        bool dealer = side == P_ND; /* the other side */
        tensu_rules std;
        int a0, a1, c0, c1;
        tensu_rules_preset(tensu_default_preset(), &std, NULL);
        a0 = rons_in(R, &std, t, -1, two[0], dealer, NULL);
        a1 = rons_in(R, &std, t, -1, two[1], dealer, NULL);
        c0 = rons_in(R, &std, t, -1, two[0], !dealer, NULL);
        c1 = rons_in(R, &std, t, -1, two[1], !dealer, NULL);
        if (a0 >= 3 && a0 > c0 && c1 >= 3 && c1 > a1)
            col = two[0];
        else if (a1 >= 3 && a1 > c1 && c0 >= 3 && c0 > a0)
            col = two[1];
        else
            return TENSU_OK;
        t->col[col].pay = (t->col[col].pay & ~(unsigned)(P_ND | P_D)) | (dealer ? P_D : P_ND);
        snprintf(msg, sizeof msg,
                 "a column's head read as the %s, as another's: read as the %s (its amounts "
                 "are)",
                 dealer ? "non-dealer's ron" : "dealer's ron",
                 dealer ? "dealer's ron" : "non-dealer's ron");
    }
    read_words_text(p, &p->l[t->header], 0, p->l[t->header].n, text, sizeof text);
    return read_note_at(R, false, true, head_word(p, t, t->col[col].hx1, t->col[col].hx2),
                        t->number, 0, text, msg);
}

/* Columns of amounts left under heads that name no payment (heads the
 * OCR garbled, read again in vain): their cells are not read, and said
 * so, each column once, so that no verdict is clean without them. */
tensu_status note_skipped_columns(reading *R, const table *t)
{
    page_words *p = R->page;
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        int amounts = 0, first = -1;
        char text[256];
        if (t->col[c].role != C_SKIP || t->col[c].x2 <= t->col[c].x1)
            continue;
        for (int r = 0; r < t->nrows; r++) {
            int map[256];
            if (t->row[r].bad >= 0 ||
                !read_cell_text(p, t, r, t->col[c].x1, t->col[c].x2, text, sizeof text, map) ||
                !read_has_amount(text))
                continue;
            amounts++;
            for (size_t i = 0; text[i] && first < 0; i++)
                first = map[i];
        }
        if (amounts < 2 || first < 0)
            continue;
        {
            tensu_status st;
            int head = head_word(p, t, t->col[c].x1, t->col[c].x2);
            snprintf(text, sizeof text, "%s", p->w[head >= 0 ? head : first].w->text);
            st = read_note_at(R, true, false, head >= 0 ? head : first, t->number, amounts, text,
                              "a column of amounts whose head names no payment (non-dealer "
                              "or dealer, ron or tsumo): its cells are not read");
            if (st != TENSU_OK)
                return st;
        }
    }
    return TENSU_OK;
}

tensu_status fu_label_from_cells(reading *R, table *t, unsigned side)
{
    page_words *p = R->page;
    tensu_rules std;
    bool dealer = side == P_D;
    if (t->kind != K_GRID || t->by_han || (side != P_ND && side != P_D))
        return TENSU_OK;
    tensu_rules_preset(tensu_default_preset(), &std, NULL);
    for (int r = 0; r < t->nrows; r++) {
        trow *rw = &t->row[r];
        uint64_t now, alt;
        int nnow;
        if (rw->bad >= 0 || rw->limit != TENSU_LIMIT_NONE || rw->fu <= 0 ||
            p->w[rw->label].w->conf >= 99.5f)
            continue;
        nnow = rons_in(R, &std, t, r, -1, dealer, &now);
        for (int d = -10; d <= 10; d += 20) {
            int fu = rw->fu + d, taken = 0, keep = rw->fu, nalt;
            char msg[160], text[64];
            for (int k = 0; k < t->nrows; k++)
                taken |= k != r && t->row[k].fu == fu;
            if (taken || !tensu_fu_valid(fu))
                continue;
            /* every ron right at fu, two more at least (a limit's ron is
             * both fu's) */
            rw->fu = fu;
            nalt = rons_in(R, &std, t, r, -1, dealer, &alt);
            rw->fu = keep;
            if ((now & ~alt) != 0 || nalt < 3 || nalt < nnow + 2)
                continue;
            snprintf(msg, sizeof msg, "a fu label read as %d: read as %d (its rons are those of "
                     "%d fu)", rw->fu, fu, fu);
            snprintf(text, sizeof text, "%s", p->w[rw->label].w->text);
            rw->fu = fu;
            return read_note_at(R, false, true, rw->label, t->number, 0, text, msg);
        }
    }
    return TENSU_OK;
}
