/* The chart verifier's ground truth: what the payment engine pays for a
 * chart row (every column, honba included, and which cells the hand can
 * reach), and the words that name a row and a cell in the findings. */
#include "verify_private.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* What the engine pays for a chart row                                */
/* ------------------------------------------------------------------ */

key key_of(const tensu_chart_cell *c)
{
    key k = {c->han, c->fu, c->limit, c->yakuman};
    return k;
}

int yakuman_of(key k)
{
    return tensu_chart_row_yakuman(k.han, k.limit, k.yakuman);
}

/* One payment of a column: with the honba counters (the engine's
 * *_honba), and its raw amount moved by the same counters, for the
 * rounding causes. */
static void amount_of(expect *e, int column, int64_t with_honba, int64_t paid, int64_t raw)
{
    e->v[column] = with_honba;
    e->raw[column] = raw + (with_honba - paid);
}

/* Every column's amounts. */
static void amounts_of(tensu_payment p[2][2], expect *e)
{
    const tensu_payment *nd_ron = &p[0][0], *nd_tsumo = &p[0][1];
    const tensu_payment *d_ron = &p[1][0], *d_tsumo = &p[1][1];
    amount_of(e, TENSU_CHART_NONDEALER_RON, nd_ron->ron_honba, nd_ron->ron, nd_ron->ron_raw);
    amount_of(e, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, nd_tsumo->from_non_dealer_honba,
              nd_tsumo->from_non_dealer, nd_tsumo->from_non_dealer_raw);
    amount_of(e, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, nd_tsumo->from_dealer_honba,
              nd_tsumo->from_dealer, nd_tsumo->from_dealer_raw);
    amount_of(e, TENSU_CHART_DEALER_RON, d_ron->ron_honba, d_ron->ron, d_ron->ron_raw);
    amount_of(e, TENSU_CHART_DEALER_TSUMO_EACH, d_tsumo->from_non_dealer_honba,
              d_tsumo->from_non_dealer, d_tsumo->from_non_dealer_raw);
    e->v[TENSU_CHART_NONDEALER_TSUMO_TOTAL] = nd_tsumo->total_honba;
    e->raw[TENSU_CHART_NONDEALER_TSUMO_TOTAL] = -1;
    e->v[TENSU_CHART_DEALER_TSUMO_TOTAL] = d_tsumo->total_honba;
    e->raw[TENSU_CHART_DEALER_TSUMO_TOTAL] = -1;
    e->payers[0] = nd_tsumo->non_dealer_payers;
    e->payers[1] = d_tsumo->non_dealer_payers;
    if (nd_ron->big || nd_tsumo->big || d_ron->big || d_tsumo->big)
        for (int c = 0; c < TENSU_CHART_COLUMNS; c++)
            e->raw[c] = -1; /* aotenjou past int64: the amounts are -1 */
}

void row_expect(const tensu_rules *r, key k, int honba, expect *e)
{
    tensu_payment p[2][2];
    tensu_error err;
    int yk = yakuman_of(k);
    memset(e, 0, sizeof *e);

    if (k.limit == TENSU_LIMIT_NONE && k.han < 1) {
        snprintf(e->why, sizeof e->why, "a row needs a han count or a limit name");
        return;
    }
    if (k.limit == TENSU_LIMIT_NONE && yk == 0 && k.fu == 0 &&
        (k.han < tensu_limit_han(TENSU_LIMIT_MANGAN) || r->aotenjou)) {
        snprintf(e->why, sizeof e->why, "a row of %d han needs a fu to have a value", k.han);
        return;
    }
    for (int d = 0; d < 2; d++)
        for (int t = 0; t < 2; t++) {
            tensu_status s = tensu_chart_row_pay(r, k.han, k.fu, k.limit, k.yakuman, d, t,
                                                 honba, &p[d][t], &err);
            if (s != TENSU_OK) {
                snprintf(e->why, sizeof e->why, "%s", err.message);
                return;
            }
        }
    e->ok = true;
    e->limit_row = k.limit != TENSU_LIMIT_NONE || yk > 0 ||
                   (k.han >= tensu_limit_han(TENSU_LIMIT_MANGAN) && !r->aotenjou);
    amounts_of(p, e);
    for (int c = 0; c < TENSU_CHART_COLUMNS; c++) {
        tensu_chart_pay pay = (tensu_chart_pay)c;
        e->strict[c] = (k.limit != TENSU_LIMIT_NONE || yk > 0 || k.fu == 0) ||
                       tensu_cell_reachable(r, k.han, k.fu, tensu_chart_pay_dealer(pay),
                                            tensu_chart_pay_tsumo(pay));
        /* a limit reached by han alone: the fu does not matter */
        e->reachable[c] = e->limit_row || e->strict[c];
    }
}

/* ------------------------------------------------------------------ */
/* Words                                                               */
/* ------------------------------------------------------------------ */

void row_name(key k, char *buf, size_t size)
{
    int yk = yakuman_of(k);
    if (k.limit == TENSU_LIMIT_YAKUMAN)
        snprintf(buf, size, yk > 1 ? "%dx_yakuman" : "yakuman", yk);
    else if (k.limit == TENSU_LIMIT_KAZOE_YAKUMAN)
        snprintf(buf, size, "kazoe_yakuman");
    else if (k.limit != TENSU_LIMIT_NONE)
        snprintf(buf, size, "%s", tensu_limit_name(k.limit));
    else if (yk > 0 && k.fu > 0)
        snprintf(buf, size, "%d han (%dx yakuman) %d fu", k.han, yk, k.fu);
    else if (yk > 0)
        snprintf(buf, size, "%d han (%dx yakuman)", k.han, yk);
    else if (k.fu > 0)
        snprintf(buf, size, "%d han %d fu", k.han, k.fu);
    else
        snprintf(buf, size, "%d han", k.han);
}

void where_text(key k, tensu_chart_pay pay, char *buf, size_t size)
{
    char row[64];
    row_name(k, row, sizeof row);
    snprintf(buf, size, "%s, %s", row, tensu_chart_pay_text(pay));
}
