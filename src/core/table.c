/* Point tables: the payment engine iterated over every fu/han cell, plus
 * the limit rows.  Which cells can occur is decided here, from the facts
 * the cross-check proves; the payments themselves come from pay.c. */
#include "internal.h"
#include "sweep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool tensu_cell_reachable(const tensu_rules *r, int han, int fu, bool dealer, bool tsumo)
{
    /* The cross-check's result (reachable_data.c, scripts/regen-reachable):
     * the least han met at this fu, every han from it up occurs.  The data
     * has every combination of the keys that move a cell; nothing is
     * stated by hand beside it. */
    int least = reach_min_han(r, fu, dealer, tsumo);
    return least > 0 && han >= least;
}

int tensu_fu_row_top(const tensu_rules *r)
{
    return r->aotenjou ? 140 : 110; /* nothing reaches 150 fu (tensu crosscheck) */
}

int tensu_fu_rows(const tensu_rules *r, int *rows, int max)
{
    int n = 0;
    int top = tensu_fu_row_top(r);
    if (n < max)
        rows[n++] = 20;
    if (n < max)
        rows[n++] = 25;
    for (int fu = 30; fu <= top && n < max; fu += 10)
        rows[n++] = fu;
    return n;
}

int tensu_kiriage_cells(const tensu_rules *r, int *han, int *fu, int max)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU), n = 0;
    for (int h = tensu_fu_han_max(); h >= 1; h--)
        for (int i = 0; i < nrows; i++)
            if (tensu_kiriage_cell(r, h, rows[i]) && n < max) {
                han[n] = h;
                fu[n++] = rows[i];
            }
    return n;
}

static tensu_status fill_pay(const tensu_rules *r, tensu_payment pay[2][2],
                             tensu_status (*fn)(const tensu_rules *, bool, bool,
                                                tensu_payment *, const void *, tensu_error *),
                             const void *arg, tensu_error *err)
{
    for (int d = 0; d < 2; d++)
        for (int t = 0; t < 2; t++) {
            tensu_status s = fn(r, d != 0, t != 0, &pay[d][t], arg, err);
            if (s != TENSU_OK)
                return s;
        }
    return TENSU_OK;
}

/* The honba counters of the table being built (one table at a time per
 * call chain: passed beside the cell or row). */
typedef struct cell_arg {
    const tensu_cell *cell;
    const tensu_limit_row *row;
    int honba;
} cell_arg;

static tensu_status pay_cell(const tensu_rules *r, bool dealer, bool tsumo,
                             tensu_payment *out, const void *arg, tensu_error *err)
{
    const cell_arg *a = arg;
    return tensu_pay(r, a->cell->han, a->cell->fu, 0, dealer, tsumo, a->honba, 0, out, err);
}

static tensu_status pay_limit_row(const tensu_rules *r, bool dealer, bool tsumo,
                                  tensu_payment *out, const void *arg, tensu_error *err)
{
    const cell_arg *a = arg;
    return tensu_pay_limit(r, a->row->limit, a->row->yakuman, dealer, tsumo, a->honba,
                                 out, err);
}

static void add_limit(tensu_table *t, tensu_limit limit, int yakuman, int from, int to)
{
    tensu_limit_row *l;
    if (t->nlimits >= TENSU_TABLE_MAX_LIMITS)
        return;
    l = &t->limits[t->nlimits++];
    memset(l, 0, sizeof *l);
    l->limit = limit;
    l->yakuman = yakuman;
    l->han_from = from;
    l->han_to = to;
    if (limit == TENSU_LIMIT_YAKUMAN && yakuman > 1)
        snprintf(l->name, sizeof l->name, "%dx_yakuman", yakuman);
    else
        snprintf(l->name, sizeof l->name, "%s",
                 limit == TENSU_LIMIT_KAZOE_YAKUMAN ? "yakuman" : tensu_limit_name(limit));
}

tensu_table *tensu_table_new(const tensu_rules *r, int han_max, int honba, tensu_error *err)
{
    tensu_table *t;

    if (han_max < 1 || han_max > TENSU_TABLE_MAX_HAN) {
        error_fill(err, TENSU_ERR_RANGE, "bad han count %d: allowed 1..%d", han_max,
                   TENSU_TABLE_MAX_HAN);
        return NULL;
    }
    if ((t = alloc_or_fail(sizeof *t, err)) == NULL)
        return NULL;
    t->rules = *r;
    if (honba < 0 || honba > 100) {
        free(t);
        error_fill(err, TENSU_ERR_RANGE, "bad honba count %d: allowed 0..100", honba);
        return NULL;
    }
    t->honba = honba;
    t->han_max = han_max;
    t->nfu = tensu_fu_rows(r, t->fu, TENSU_TABLE_MAX_FU);
    for (int i = 0; i < t->nfu; i++) {
        for (int h = 1; h <= han_max; h++) {
            tensu_cell *c = &t->cells[i][h - 1];
            c->han = h;
            c->fu = t->fu[i];
            for (int d = 0; d < 2; d++)
                for (int ts = 0; ts < 2; ts++)
                    c->reachable[d][ts] = tensu_cell_reachable(r, h, c->fu, d, ts);
            cell_arg a = {c, NULL, honba};
            if (fill_pay(r, c->pay, pay_cell, &a, err) != TENSU_OK) {
                free(t);
                return NULL;
            }
        }
    }
    if (!r->aotenjou) {
        int from, to; /* to 0: no upper bound */
        for (int l = TENSU_LIMIT_MANGAN; l <= TENSU_LIMIT_SANBAIMAN; l++) {
            limit_han_range(r, (tensu_limit)l, 0, &from, &to);
            add_limit(t, (tensu_limit)l, 0, from, to);
        }
        limit_han_range(r, TENSU_LIMIT_YAKUMAN, 1, &from, &to);
        add_limit(t, TENSU_LIMIT_YAKUMAN, 1, from, to);
        if (tensu_yakuman_paid(r, 2) > 1) /* yakuman add up: a row for each count */
            for (int y = 2; y <= 6; y++)
                add_limit(t, TENSU_LIMIT_YAKUMAN, y, 0, 0);
        for (int i = 0; i < t->nlimits; i++) {
            cell_arg a = {NULL, &t->limits[i], honba};
            if (fill_pay(r, t->limits[i].pay, pay_limit_row, &a, err) != TENSU_OK) {
                free(t);
                return NULL;
            }
        }
    }
    return t;
}

void tensu_table_free(tensu_table *t)
{
    free(t);
}

const tensu_cell *tensu_table_cell(const tensu_table *t, int han, int fu)
{
    if (han < 1 || han > t->han_max)
        return NULL;
    for (int i = 0; i < t->nfu; i++)
        if (t->fu[i] == fu)
            return &t->cells[i][han - 1];
    return NULL;
}
