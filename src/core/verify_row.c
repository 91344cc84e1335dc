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

/* The amounts with the honba counters (the engine's *_honba); the raw
 * ones moved by the same counters, for the rounding causes. */
static void amounts_of(tensu_payment p[2][2], expect *e)
{
    e->v[TENSU_CHART_NONDEALER_RON] = p[0][0].ron_honba;
    e->raw[TENSU_CHART_NONDEALER_RON] = p[0][0].ron_raw + (p[0][0].ron_honba - p[0][0].ron);
    e->v[TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER] = p[0][1].from_non_dealer_honba;
    e->raw[TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER] =
        p[0][1].from_non_dealer_raw + (p[0][1].from_non_dealer_honba - p[0][1].from_non_dealer);
    e->v[TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER] = p[0][1].from_dealer_honba;
    e->raw[TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER] =
        p[0][1].from_dealer_raw + (p[0][1].from_dealer_honba - p[0][1].from_dealer);
    e->v[TENSU_CHART_DEALER_RON] = p[1][0].ron_honba;
    e->raw[TENSU_CHART_DEALER_RON] = p[1][0].ron_raw + (p[1][0].ron_honba - p[1][0].ron);
    e->v[TENSU_CHART_DEALER_TSUMO_EACH] = p[1][1].from_non_dealer_honba;
    e->raw[TENSU_CHART_DEALER_TSUMO_EACH] =
        p[1][1].from_non_dealer_raw + (p[1][1].from_non_dealer_honba - p[1][1].from_non_dealer);
    e->v[TENSU_CHART_NONDEALER_TSUMO_TOTAL] = p[0][1].total_honba;
    e->raw[TENSU_CHART_NONDEALER_TSUMO_TOTAL] = -1;
    e->v[TENSU_CHART_DEALER_TSUMO_TOTAL] = p[1][1].total_honba;
    e->raw[TENSU_CHART_DEALER_TSUMO_TOTAL] = -1;
    e->payers[0] = p[0][1].non_dealer_payers;
    e->payers[1] = p[1][1].non_dealer_payers;
    if (p[0][0].big || p[0][1].big || p[1][0].big || p[1][1].big)
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
