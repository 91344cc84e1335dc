/* The study sheet's tips, each checked over the whole table (han 1..4,
 * every fu row, both seats, ron and tsumo) with the payment engine; the
 * cells where a tip fails are returned so the sheet can state them. */
#include "sheet.h"

#include <string.h>

static bool pay(const tensu_rules *r, int han, int fu, bool dealer, bool tsumo, tensu_payment *p)
{
    return tensu_pay(r, han, fu, 0, dealer, tsumo, 0, 0, p, NULL) == TENSU_OK;
}

static void add_exc(tip_result *t, int han, int fu, bool dealer, bool tsumo)
{
    for (int i = 0; i < t->nexc; i++)
        if (t->exc[i].han == han && t->exc[i].fu == fu)
            return; /* one entry per cell */
    if (t->nexc < TIP_MAX_EXC)
        t->exc[t->nexc++] = (tip_cell){han, fu, dealer, tsumo};
}

/* A fu row where a cell of the table has no counterpart to compare with
 * (the sheet says so: the tip cannot be used there). */
static void add_none(tip_result *t, int fu)
{
    for (int i = 0; i < t->nnone; i++)
        if (t->none_fu[i] == fu)
            return;
    if (t->nnone < TIP_MAX_EXC)
        t->none_fu[t->nnone++] = fu;
}

static void tally(tip_result *t, bool ok, int han, int fu, bool dealer, bool tsumo)
{
    t->checked++;
    if (ok)
        t->holds++;
    else
        add_exc(t, han, fu, dealer, tsumo);
}

static bool is_limit(const tensu_payment *p)
{
    return p->value.limit != TENSU_LIMIT_NONE;
}

/* A comparison of two payments: when it fails and one of the two is paid
 * as a limit, the limit is the reason (the sheet says so in words). */
static void tally2(tip_result *t, bool ok, const tensu_payment *a, const tensu_payment *b, int han,
                   int fu, bool dealer, bool tsumo)
{
    tally(t, ok, han, fu, dealer, tsumo);
    if (!ok && (is_limit(a) || is_limit(b)))
        t->exc_limit++;
}

static void range(tip_result *t, double v)
{
    if (t->checked == 0 || v < t->lo)
        t->lo = v;
    if (t->checked == 0 || v > t->hi)
        t->hi = v;
}

static bool same_pay(const tensu_payment *a, const tensu_payment *b, bool tsumo)
{
    if (!tsumo)
        return a->ron == b->ron;
    return a->from_non_dealer == b->from_non_dealer && a->from_dealer == b->from_dealer;
}

bool tip_check(const tensu_rules *r, const char *name, tip_result *out)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    const int han_max = tensu_fu_han_max(); /* the han where the fu count */
    tensu_payment a, b;
    memset(out, 0, sizeof *out);

    if (strcmp(name, "fu-double") == 0) {
        /* row 2f at h han reads as row f at h+1 han */
        for (int i = 0; i < nrows; i++)
            for (int j = 0; j < nrows; j++) {
                if (rows[j] != 2 * rows[i])
                    continue;
                for (int h = 1; h <= han_max; h++)
                    for (int d = 0; d < 2; d++)
                        for (int ts = 0; ts < 2; ts++) {
                            if (!tensu_cell_reachable(r, h, rows[j], d, ts) ||
                                !tensu_cell_reachable(r, h + 1, rows[i], d, ts))
                                continue;
                            if (!pay(r, h, rows[j], d, ts, &a) ||
                                !pay(r, h + 1, rows[i], d, ts, &b))
                                continue;
                            tally2(out, same_pay(&a, &b, ts), &a, &b, h, rows[j], d, ts);
                        }
            }
        return true;
    }
    if (strcmp(name, "dealer-ratio") == 0) {
        /* dealer ron / non-dealer ron */
        for (int i = 0; i < nrows; i++)
            for (int h = 1; h <= TENSU_TABLE_MAX_HAN; h++) {
                double q;
                if (!tensu_cell_reachable(r, h, rows[i], false, false) ||
                    !pay(r, h, rows[i], false, false, &a) || !pay(r, h, rows[i], true, false, &b) ||
                    a.ron <= 0 || b.ron <= 0)
                    continue;
                q = (double)b.ron / (double)a.ron;
                range(out, q);
                if (b.ron * tensu_ron_multiplier(false) == a.ron * tensu_ron_multiplier(true))
                    out->exact++;
                tally(out, q > 1.4 && q < 1.6, h, rows[i], true, false);
            }
        return true;
    }
    if (strcmp(name, "tsumo-dealer-share") == 0) {
        /* a non-dealer's tsumo: the dealer pays the ron of one han less */
        for (int i = 0; i < nrows; i++)
            for (int h = 2; h <= han_max; h++) {
                if (!tensu_cell_reachable(r, h, rows[i], false, true))
                    continue;
                if (!tensu_cell_reachable(r, h - 1, rows[i], false, false)) {
                    add_none(out, rows[i]); /* a tsumo with no such ron (20 fu) */
                    continue;
                }
                if (!pay(r, h, rows[i], false, true, &a) || !pay(r, h - 1, rows[i], false, false, &b))
                    continue;
                tally2(out, a.from_dealer == b.ron, &a, &b, h, rows[i], false, true);
            }
        return true;
    }
    if (strcmp(name, "dealer-tsumo") == 0) {
        /* a dealer's tsumo: each pays what the dealer pays on a non-dealer's tsumo */
        for (int i = 0; i < nrows; i++)
            for (int h = 1; h <= han_max; h++) {
                if (!tensu_cell_reachable(r, h, rows[i], true, true) ||
                    !pay(r, h, rows[i], true, true, &a) || !pay(r, h, rows[i], false, true, &b))
                    continue;
                tally2(out, a.from_non_dealer == b.from_dealer, &a, &b, h, rows[i], true, true);
            }
        return true;
    }
    if (strcmp(name, "ron-vs-tsumo") == 0) {
        /* the ron and the sum of the tsumo shares differ by rounding only:
         * each payer's share rounded up by less than the unit */
        const double slack = (double)TENSU_PAY_UNIT * tensu_dealer_tsumo_payers(r);
        for (int i = 0; i < nrows; i++)
            for (int h = 1; h <= han_max; h++)
                for (int d = 0; d < 2; d++) {
                    double diff;
                    if (!tensu_cell_reachable(r, h, rows[i], d, false) ||
                        !tensu_cell_reachable(r, h, rows[i], d, true) ||
                        !pay(r, h, rows[i], d, false, &a) || !pay(r, h, rows[i], d, true, &b))
                        continue;
                    diff = (double)(b.total - a.ron);
                    range(out, diff);
                    if (diff == 0)
                        out->exact++;
                    tally(out, diff >= -slack && diff <= slack, h, rows[i], d, false);
                }
        return true;
    }
    if (strcmp(name, "four-han-mangan") == 0) {
        /* at 4 han, the rows not paid as mangan */
        for (int i = 0; i < nrows; i++) {
            bool ron = tensu_cell_reachable(r, han_max, rows[i], false, false);
            bool tsumo = tensu_cell_reachable(r, han_max, rows[i], false, true);
            if (!ron && !tsumo)
                continue;
            if (!pay(r, han_max, rows[i], false, tsumo && !ron, &a))
                continue;
            tally(out, a.value.limit != TENSU_LIMIT_NONE, han_max, rows[i], false, tsumo && !ron);
        }
        return true;
    }
    if (strcmp(name, "five-han-no-fu") == 0) {
        /* from 5 han on, the fu change nothing */
        for (int h = tensu_limit_han(TENSU_LIMIT_MANGAN); h <= TENSU_TABLE_MAX_HAN; h++)
            for (int i = 0; i < nrows; i++)
                for (int d = 0; d < 2; d++) {
                    if (!pay(r, h, rows[i], d, false, &a) || !pay(r, h, 30, d, false, &b))
                        continue;
                    tally(out, a.ron == b.ron, h, rows[i], d, false);
                }
        return true;
    }
    return false;
}
