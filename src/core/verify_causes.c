/* The chart verifier's causes: for a cell whose value is wrong, the
 * likely explanations (another payer's column, the other kiriage or kazoe
 * rule, honba, a yakuman multiplier, a rounding, a neighbouring cell, a
 * digit typo), each a wrong hypothesis built to match the value found. */
#include "verify_private.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Causes                                                              */
/* ------------------------------------------------------------------ */

static void add_cand(causes *cs, tensu_cause cause, int detail, const char *fmt, ...)
    TENSU_PRINTF(4, 5);
static void add_cand(causes *cs, tensu_cause cause, int detail, const char *fmt, ...)
{
    va_list ap;
    if (cs->n >= MAX_CANDS)
        return;
    for (int i = 0; i < cs->n; i++)
        if (cs->c[i].cause == cause && cs->c[i].detail == detail)
            return;
    cs->c[cs->n].cause = cause;
    cs->c[cs->n].detail = detail;
    va_start(ap, fmt);
    vsnprintf(cs->c[cs->n].text, sizeof cs->c[cs->n].text, fmt, ap);
    va_end(ap);
    cs->n++;
}

/* The shares the chart gives beside a total, in the same cell: their sum
 * (the engine says how many non-dealers pay) and the sum in words. */
static bool own_shares(const tensu_chart *ch, size_t ci, const expect *e, int64_t *sum,
                       char *how, size_t size)
{
    const tensu_chart_cell *t = tensu_chart_cell_at(ch, ci);
    int64_t nd = -1, d = -1;
    bool dealer = t->pay == TENSU_CHART_DEALER_TSUMO_TOTAL;
    int payers = e->payers[dealer];
    size_t len = 0;
    for (size_t j = ci + 1; j <= ci + 2; j++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, j);
        if (c == NULL || c->han != t->han || c->fu != t->fu || c->limit != t->limit ||
            c->yakuman != t->yakuman || c->line != t->line || c->table != t->table || c->empty)
            break;
        if (c->pay == (dealer ? TENSU_CHART_DEALER_TSUMO_EACH
                              : TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER))
            nd = c->value;
        else if (!dealer && c->pay == TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER)
            d = c->value;
    }
    if (nd < 0 || (!dealer && d < 0) || payers < 1 || payers > 3)
        return false;
    *sum = (dealer ? 0 : d) + nd * payers;
    how[0] = '\0';
    if (!dealer)
        len = (size_t)snprintf(how, size, "%lld", (long long)d);
    for (int i = 0; i < payers && len < size; i++)
        len += (size_t)snprintf(how + len, size - len, "%s%lld", len ? " + " : "",
                                (long long)nd);
    return true;
}

/* One digit changed, two neighbours swapped, one dropped or added. */
static const char *digit_typo(int64_t found, int64_t expected)
{
    char a[24], b[24];
    size_t la, lb, diff = 0, first = 0;
    snprintf(a, sizeof a, "%lld", (long long)found);
    snprintf(b, sizeof b, "%lld", (long long)expected);
    la = strlen(a);
    lb = strlen(b);
    if (la == lb) {
        for (size_t i = 0; i < la; i++)
            if (a[i] != b[i]) {
                if (diff == 0)
                    first = i;
                diff++;
            }
        if (diff == 1)
            return "one digit differs";
        if (diff == 2 && first + 1 < la && a[first] == b[first + 1] && a[first + 1] == b[first] &&
            a[first] != a[first + 1])
            return "two digits swapped";
        return NULL;
    }
    if (la + 1 == lb || lb + 1 == la) {
        const char *l = la > lb ? a : b, *s = la > lb ? b : a;
        for (size_t skip = 0; skip < strlen(l); skip++) {
            bool same = true;
            for (size_t i = 0, j = 0; i < strlen(l) && same; i++) {
                if (i == skip)
                    continue;
                same = l[i] == s[j++];
            }
            if (same)
                return la > lb ? "a digit added" : "a digit dropped";
        }
    }
    return NULL;
}

static const int fu_list_max = 32;

void find_causes(const tensu_rules *r, int honba, const tensu_chart *ch, size_t ci,
                 const expect *e, causes *cs)
{
    const tensu_chart_cell *c = tensu_chart_cell_at(ch, ci);
    key k = key_of(c);
    int64_t found = c->value, want = e->v[c->pay];
    tensu_chart_pay pay = c->pay;
    int yk = yakuman_of(k);
    expect o;
    tensu_rules r2;
    char row[64];
    const char *typo;

    cs->n = 0;
    /* a total that is not the sum of its own cell's shares */
    if (pay == TENSU_CHART_NONDEALER_TSUMO_TOTAL || pay == TENSU_CHART_DEALER_TSUMO_TOTAL) {
        int64_t sum;
        char how[96];
        if (own_shares(ch, ci, e, &sum, how, sizeof how) && sum != found)
            add_cand(cs, TENSU_CAUSE_SHARES, 0,
                     "the total disagrees with its own shares (%s = %lld)", how,
                     (long long)sum);
    }
    /* another payer's column of the same row */
    for (int q = 0; q < TENSU_CHART_PAYS; q++)
        if (q != (int)pay && e->v[q] == found && e->v[q] != want) {
            add_cand(cs, TENSU_CAUSE_OTHER_PAYER, 0,
                     "copied from another payer: the same row's %s",
                     tensu_chart_pay_text((tensu_chart_pay)q));
            break;
        }
    /* the other kiriage / kazoe rule */
    r2 = *r;
    r2.kiriage = !r->kiriage;
    row_expect(&r2, k, honba, &o);
    if (o.ok && o.v[pay] == found)
        add_cand(cs, TENSU_CAUSE_KIRIAGE, 0, "%s", r->kiriage
                                                        ? "the value without kiriage"
                                                        : "the kiriage value (paid as mangan)");
    /* another number of honba counters */
    for (int h = 0; h <= 3; h++) {
        if (h == honba)
            continue;
        row_expect(r, k, h, &o);
        if (o.ok && o.v[pay] == found) {
            if (h == 0)
                add_cand(cs, TENSU_CAUSE_HONBA, h, "the value without the %d honba", honba);
            else
                add_cand(cs, TENSU_CAUSE_HONBA, h, "the value with %d honba", h);
            break;
        }
    }
    r2 = *r;
    r2.kazoe = r->kazoe == TENSU_KAZOE_YAKUMAN ? TENSU_KAZOE_SANBAIMAN : TENSU_KAZOE_YAKUMAN;
    row_expect(&r2, k, honba, &o);
    if (o.ok && o.v[pay] == found)
        add_cand(cs, TENSU_CAUSE_KAZOE, 0, "%s",
                 r->kazoe == TENSU_KAZOE_YAKUMAN ? "13 han capped at sanbaiman"
                                                 : "13 han counted as yakuman");
    /* another multiple of one yakuman */
    if (yk > 0 || k.limit == TENSU_LIMIT_KAZOE_YAKUMAN) {
        key one = {0, 0, TENSU_LIMIT_YAKUMAN, 1};
        row_expect(r, one, honba, &o);
        if (o.ok && o.v[pay] > 0 && found % o.v[pay] == 0 && found / o.v[pay] <= 1000) {
            int m = (int)(found / o.v[pay]);
            int want_m = yk > 0 ? tensu_yakuman_paid(r, yk) : 1;
            if (m != want_m)
                add_cand(cs, TENSU_CAUSE_YAKUMAN_MULTIPLIER, m,
                         "a wrong yakuman multiplier: pays %dx the yakuman value, not %dx", m,
                         want_m);
        }
    }
    /* rounding */
    {
        int64_t raw = e->raw[pay];
        int64_t nd = e->v[TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER];
        int64_t dt = e->v[TENSU_CHART_DEALER_TSUMO_EACH];
        if (raw > 0 && raw != want) {
            if (found == raw)
                add_cand(cs, TENSU_CAUSE_ROUNDING, 0, "a missing rounding (the exact value %lld)",
                         (long long)raw);
            else if (found == raw / 100 * 100)
                add_cand(cs, TENSU_CAUSE_ROUNDING, 0,
                         "rounded down instead of up to 100 (exact %lld)", (long long)raw);
            else if (found == (raw + 50) / 100 * 100)
                add_cand(cs, TENSU_CAUSE_ROUNDING, 0,
                         "rounded to the nearest 100 instead of up (exact %lld)", (long long)raw);
        }
        if (r->players == 4 && !e->limit_row) {
            if ((pay == TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER ||
                 pay == TENSU_CHART_DEALER_TSUMO_EACH) &&
                found == 2 * nd && found != want)
                add_cand(cs, TENSU_CAUSE_ROUNDING, 0,
                         "twice the rounded non-dealer share (rounded before doubling)");
            if (pay == TENSU_CHART_NONDEALER_RON && found != want &&
                (found == 4 * nd || found == 2 * dt))
                add_cand(cs, TENSU_CAUSE_ROUNDING, 0,
                         "a multiple of a rounded tsumo share (rounded before multiplying)");
            if (pay == TENSU_CHART_DEALER_RON && found == 3 * dt && found != want)
                add_cand(cs, TENSU_CAUSE_ROUNDING, 0,
                         "three times the rounded tsumo share (rounded before multiplying)");
        }
        if (found != want && found == (want + 999) / 1000 * 1000)
            add_cand(cs, TENSU_CAUSE_ROUNDING, 0, "an extra rounding up to 1000");
    }
    /* neighbouring cells */
    if (k.limit == TENSU_LIMIT_NONE && yk == 0) {
        for (int d = 1; d >= -1; d -= 2) {
            key n = k;
            n.han += d;
            if (n.han < 1 || n.han > TENSU_TABLE_MAX_HAN)
                continue;
            row_expect(r, n, honba, &o);
            if (o.ok && o.v[pay] == found) {
                row_name(n, row, sizeof row);
                add_cand(cs, TENSU_CAUSE_NEIGHBOUR_HAN, d, "the value of %s (one han %s)", row,
                         d > 0 ? "more" : "less");
            }
        }
        if (k.fu > 0) {
            int rows[32], nrows = tensu_fu_rows(r, rows, fu_list_max), at = -1;
            for (int i = 0; i < nrows; i++)
                if (rows[i] == k.fu)
                    at = i;
            for (int d = -1; d <= 1 && at >= 0; d += 2) {
                key n = k;
                if (at + d < 0 || at + d >= nrows)
                    continue;
                n.fu = rows[at + d];
                row_expect(r, n, honba, &o);
                if (o.ok && o.v[pay] == found) {
                    row_name(n, row, sizeof row);
                    add_cand(cs, TENSU_CAUSE_NEIGHBOUR_FU, d, "the value of %s (the fu row %s)",
                             row, d < 0 ? "above" : "below");
                }
            }
        }
    } else if (k.limit >= TENSU_LIMIT_MANGAN && k.limit <= TENSU_LIMIT_SANBAIMAN) {
        static const tensu_limit order[] = {TENSU_LIMIT_MANGAN, TENSU_LIMIT_HANEMAN,
                                            TENSU_LIMIT_BAIMAN, TENSU_LIMIT_SANBAIMAN,
                                            TENSU_LIMIT_YAKUMAN};
        int at = (int)k.limit - (int)TENSU_LIMIT_MANGAN;
        for (int d = 1; d >= -1; d -= 2) {
            key n = {0, 0, TENSU_LIMIT_NONE, 0};
            if (at + d < 0 || at + d > 4)
                continue;
            n.limit = order[at + d];
            n.yakuman = n.limit == TENSU_LIMIT_YAKUMAN ? 1 : 0;
            row_expect(r, n, honba, &o);
            if (o.ok && o.v[pay] == found) {
                row_name(n, row, sizeof row);
                add_cand(cs, TENSU_CAUSE_NEIGHBOUR_HAN, d, "the value of the %s row", row);
            }
        }
    }
    typo = digit_typo(found, want);
    if (typo != NULL)
        add_cand(cs, TENSU_CAUSE_DIGIT_TYPO, 0, "a digit typo (%s: %lld for %lld)", typo,
                 (long long)found, (long long)want);
}
