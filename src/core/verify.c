/* Chart verification: every cell against the payment engine, the rule
 * variant the chart follows, and the likely cause of each wrong value.
 * Expected values always come from tensu_pay()/tensu_pay_limit(); the only
 * arithmetic here builds wrong hypotheses (a missing rounding, a swapped
 * digit) to explain a value that is already known to be wrong. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tensu_cause_name(tensu_cause c)
{
    switch (c) {
    case TENSU_CAUSE_NONE: return "none";
    case TENSU_CAUSE_OTHER_PAYER: return "other_payer";
    case TENSU_CAUSE_KIRIAGE: return "kiriage";
    case TENSU_CAUSE_KAZOE: return "kazoe";
    case TENSU_CAUSE_YAKUMAN_MULTIPLIER: return "yakuman_multiplier";
    case TENSU_CAUSE_ROUNDING: return "rounding";
    case TENSU_CAUSE_NEIGHBOUR_HAN: return "neighbour_han";
    case TENSU_CAUSE_NEIGHBOUR_FU: return "neighbour_fu";
    case TENSU_CAUSE_DIGIT_TYPO: return "digit_typo";
    case TENSU_CAUSE_SHARES: return "shares";
    case TENSU_CAUSE_HONBA: return "honba";
    }
    return "none";
}

const char *tensu_finding_kind_name(tensu_finding_kind k)
{
    switch (k) {
    case TENSU_FINDING_WRONG: return "wrong";
    case TENSU_FINDING_NO_SUCH_CELL: return "no_such_cell";
    case TENSU_FINDING_IMPOSSIBLE: return "impossible";
    case TENSU_FINDING_NOT_IMPOSSIBLE: return "not_impossible";
    case TENSU_FINDING_EMPTY: return "empty";
    case TENSU_FINDING_MISSING: return "missing";
    case TENSU_FINDING_DUPLICATE: return "duplicate";
    case TENSU_FINDING_UNREADABLE: return "unreadable";
    case TENSU_FINDING_NOT_READ: return "not_read";
    case TENSU_FINDING_INFERRED: return "inferred";
    }
    return "?";
}

const char *tensu_guess_name(tensu_guess g)
{
    switch (g) {
    case TENSU_GUESS_GIVEN: return "given";
    case TENSU_GUESS_UNDECIDED: return "undecided";
    case TENSU_GUESS_SURE: return "sure";
    case TENSU_GUESS_LIKELY: return "likely";
    case TENSU_GUESS_MIXED: return "mixed";
    }
    return "?";
}

/* ------------------------------------------------------------------ */
/* What the engine pays for a chart row                                */
/* ------------------------------------------------------------------ */

typedef struct key {
    int han, fu;
    tensu_limit limit;
    int yakuman;
} key;

typedef struct expect {
    bool ok;                           /* the engine has a value for the row */
    bool limit_row;                    /* paid as a limit whatever the fu */
    bool reachable[TENSU_CHART_COLUMNS];  /* a value here is no warning */
    bool strict[TENSU_CHART_COLUMNS];     /* the engine's own table fills it */
    int64_t v[TENSU_CHART_COLUMNS];       /* rounded amounts, honba included */
    int64_t raw[TENSU_CHART_COLUMNS];     /* before rounding (-1: none) */
    int payers[2];                        /* [dealer]: non-dealers paying a tsumo */
    char why[120];                        /* when !ok */
} expect;

static key key_of(const tensu_chart_cell *c)
{
    key k = {c->han, c->fu, c->limit, c->yakuman};
    return k;
}

static int yakuman_of(key k)
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

static void row_expect(const tensu_rules *r, key k, int honba, expect *e)
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

static void row_name(key k, char *buf, size_t size)
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

static void where_text(key k, tensu_chart_pay pay, char *buf, size_t size)
{
    char row[64];
    row_name(k, row, sizeof row);
    snprintf(buf, size, "%s, %s", row, tensu_chart_pay_text(pay));
}

/* ------------------------------------------------------------------ */
/* Variant inference                                                   */
/* ------------------------------------------------------------------ */

typedef struct variant_def {
    const char *key, *a, *b;  /* rule key and its two values */
    unsigned bit;
    const char *cells;        /* what the deciding cells are */
} variant_def;

#define RULE_VARIANTS 3 /* the rule keys inferred by infer_one */

static const variant_def variant_defs[RULE_VARIANTS] = {
    {"kiriage", "no", "yes", TENSU_INFER_KIRIAGE, "4 han 30 fu and 3 han 60 fu cells"},
    {"kazoe", "yakuman", "sanbaiman", TENSU_INFER_KAZOE, "cells of 13 han or more"},
    {"multiple-yakuman", "stack", "single", TENSU_INFER_MULTIPLE_YAKUMAN,
     "multiple-yakuman rows (2x, 26 han ...)"},
};

/* The multipliers the chart's multiple-yakuman rows pay: "2x pays 2x, 5x
 * pays 6x". */
static void multipliers(const tensu_chart *ch, const tensu_rules *r, char *buf, size_t size)
{
    int pays[101];
    bool seen[101], mixed[101];
    size_t len = 0;
    bool any_off = false;
    memset(pays, 0, sizeof pays);
    memset(seen, 0, sizeof seen);
    memset(mixed, 0, sizeof mixed);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        int n = yakuman_of(key_of(c));
        tensu_payment p;
        int64_t one;
        int m;
        if (c->empty || n < 2 || n > 100)
            continue;
        if (tensu_pay(r, 0, 30, 1, tensu_chart_pay_dealer(c->pay), tensu_chart_pay_tsumo(c->pay),
                      0, 0, &p, NULL) != TENSU_OK)
            continue;
        one = c->pay == TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER ? p.from_dealer
              : c->pay == TENSU_CHART_NONDEALER_TSUMO_TOTAL ||
                      c->pay == TENSU_CHART_DEALER_TSUMO_TOTAL
                  ? p.total
              : tensu_chart_pay_tsumo(c->pay) ? p.from_non_dealer
                                              : p.ron;
        m = one > 0 && c->value % one == 0 && c->value / one <= 1000 ? (int)(c->value / one) : -1;
        if (seen[n] && pays[n] != m)
            mixed[n] = true;
        seen[n] = true;
        pays[n] = m;
    }
    buf[0] = '\0';
    for (int n = 2; n <= 100; n++)
        if (seen[n] && (mixed[n] || pays[n] != n))
            any_off = true;
    for (int n = 2; n <= 100 && len < size; n++) {
        if (!seen[n])
            continue;
        if (mixed[n])
            len += (size_t)snprintf(buf + len, size - len, "%s%dx row pays different multiples",
                                    len ? ", " : "", n);
        else if (pays[n] < 0)
            len += (size_t)snprintf(buf + len, size - len, "%s%dx row pays no multiple",
                                    len ? ", " : "", n);
        else if (any_off)
            len += (size_t)snprintf(buf + len, size - len, "%s%dx pays %dx", len ? ", " : "", n,
                                    pays[n]);
    }
}

/* The variant's line: what decided it, or what is lacking. */
static void describe(tensu_variant *out, const char *cells, const char *name)
{
    switch (out->guess) {
    case TENSU_GUESS_GIVEN:
        if (out->agree + out->disagree + out->neither == 0)
            snprintf(out->text, sizeof out->text, "given (the chart has no cells that tell: %s)",
                     cells);
        else
            snprintf(out->text, sizeof out->text,
                     "given; of the %d cells that tell (%s), %d pay it, %d the other value, %d "
                     "neither",
                     out->agree + out->disagree + out->neither, cells, out->agree, out->disagree, out->neither);
        break;
    case TENSU_GUESS_UNDECIDED:
        if (out->neither > 0)
            snprintf(out->text, sizeof out->text,
                     "not decided: none of the %d cells that tell (%s) pays either value; "
                     "kept %s=%s of the base rules",
                     out->neither, cells, name, out->value);
        else
            snprintf(out->text, sizeof out->text,
                     "not decided: the chart has no cells that tell (%s); kept %s=%s of the "
                     "base rules",
                     cells, name, out->value);
        break;
    case TENSU_GUESS_SURE:
        snprintf(out->text, sizeof out->text, "sure: the %d cells that tell (%s) all pay it",
                 out->agree, cells);
        break;
    case TENSU_GUESS_LIKELY:
        if (out->neither > 0)
            snprintf(out->text, sizeof out->text,
                     "likely: %d of the %d cells that tell (%s) pay it, %d neither value",
                     out->agree, out->agree + out->disagree + out->neither, cells, out->neither);
        else
            snprintf(out->text, sizeof out->text,
                     "likely: the one cell that tells (%s) pays it", cells);
        break;
    case TENSU_GUESS_MIXED:
        snprintf(out->text, sizeof out->text,
                 "mixed: %d cells that tell (%s) pay %s, %d the other value, %d neither",
                 out->agree, cells, out->value, out->disagree, out->neither);
        break;
    }
}

/* The guess from the deciding cells: a follow the value kept, b the other
 * one, neither none (the same ladder for every inferred key). */
static void settle_guess(tensu_variant *v, bool infer, int a, int b, int neither)
{
    v->agree = a;
    v->disagree = b;
    v->neither = neither;
    if (!infer)
        v->guess = TENSU_GUESS_GIVEN;
    else if (a + b == 0)
        v->guess = TENSU_GUESS_UNDECIDED;
    else if (a > 0 && b > 0)
        v->guess = TENSU_GUESS_MIXED;
    else if (a + b >= 2 && neither == 0)
        v->guess = TENSU_GUESS_SURE;
    else
        v->guess = TENSU_GUESS_LIKELY;
}

static void infer_one(const tensu_chart *ch, tensu_rules *r, int honba, const variant_def *def,
                      bool infer, tensu_variant *out)
{
    tensu_rules ra = *r, rb = *r;
    char current[24];
    int a = 0, b = 0, neither = 0;
    const char *win;

    memset(out, 0, sizeof *out);
    snprintf(out->key, sizeof out->key, "%s", def->key);
    tensu_rules_get(r, def->key, current, sizeof current);
    tensu_rules_set(&ra, def->key, def->a, NULL);
    tensu_rules_set(&rb, def->key, def->b, NULL);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        expect ea, eb;
        if (c->empty)
            continue;
        row_expect(&ra, key_of(c), honba, &ea);
        row_expect(&rb, key_of(c), honba, &eb);
        if (!ea.ok || !eb.ok || ea.v[c->pay] == eb.v[c->pay])
            continue;
        if (c->value == ea.v[c->pay])
            a++;
        else if (c->value == eb.v[c->pay])
            b++;
        else
            neither++;
    }
    win = !infer || a == b ? current : a > b ? def->a : def->b;
    snprintf(out->value, sizeof out->value, "%s", win);
    tensu_rules_set(r, def->key, win, NULL);
    if (strcmp(win, def->a) == 0)
        settle_guess(out, infer, a, b, neither);
    else
        settle_guess(out, infer, b, a, neither);

    describe(out, def->cells, def->key);
    if (def->bit == TENSU_INFER_MULTIPLE_YAKUMAN && a + b + neither > 0) {
        char m[120];
        size_t len = strlen(out->text);
        multipliers(ch, r, m, sizeof m);
        if (m[0] && len + 4 < sizeof out->text)
            snprintf(out->text + len, sizeof out->text - len, "; %s", m);
    }
}

/* The fu of a double-wind pair, from the cells whose hand can occur with
 * one value and not with the other (1 han 110 fu needs the 4 fu): a cell
 * with a value says the hand occurs, a cell left empty or marked says it
 * does not. */
static void infer_double_wind(const tensu_chart *ch, tensu_rules *r, int honba, bool infer,
                              tensu_variant *out)
{
    static const char *const cells = "the cells of hands that need 4 fu for the pair (1 han "
                                     "110 fu)";
    tensu_rules ra = *r, rb = *r;
    char current[24];
    int a = 0, b = 0;
    const char *win;
    memset(out, 0, sizeof *out);
    snprintf(out->key, sizeof out->key, "double-wind-fu");
    tensu_rules_get(r, "double-wind-fu", current, sizeof current);
    tensu_rules_set(&ra, "double-wind-fu", "4", NULL);
    tensu_rules_set(&rb, "double-wind-fu", "2", NULL);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        expect ea, eb;
        row_expect(&ra, key_of(c), honba, &ea);
        row_expect(&rb, key_of(c), honba, &eb);
        if (!ea.ok || !eb.ok || ea.strict[c->pay] == eb.strict[c->pay])
            continue;
        /* a value where the hand occurs: whoever says it occurs; a value
         * that is the engine's is no less a sign */
        bool none = c->empty || c->mark == TENSU_MARK_IMPOSSIBLE; /* "cannot happen" */
        if (none == !ea.strict[c->pay])
            a++;
        else
            b++;
    }
    win = !infer || a == b ? current : a > b ? "4" : "2";
    snprintf(out->value, sizeof out->value, "%s", win);
    tensu_rules_set(r, "double-wind-fu", win, NULL);
    if (strcmp(win, "4") == 0)
        settle_guess(out, infer, a, b, 0);
    else
        settle_guess(out, infer, b, a, 0);
    describe(out, cells, "double-wind-fu");
}

/* ------------------------------------------------------------------ */
/* Players and honba                                                   */
/* ------------------------------------------------------------------ */

/* What the engine pays for a cell, the last row kept (a chart's cells come
 * row by row); false when it pays nothing there. */
typedef struct row_cache {
    bool valid;
    key k;
    const tensu_rules *r;
    int honba;
    expect e;
} row_cache;

static bool cell_value(row_cache *rc, const tensu_rules *r, int honba, const tensu_chart_cell *c,
                       int64_t *v)
{
    key k = key_of(c);
    if (!rc->valid || rc->r != r || rc->honba != honba || rc->k.han != k.han ||
        rc->k.fu != k.fu || rc->k.limit != k.limit || rc->k.yakuman != k.yakuman) {
        row_expect(r, k, honba, &rc->e);
        rc->valid = true;
        rc->r = r;
        rc->honba = honba;
        rc->k = k;
    }
    if (!rc->e.ok || rc->e.v[c->pay] < 0)
        return false;
    *v = rc->e.v[c->pay];
    return true;
}

/* The rules for three players: the preset's three-player sibling gives
 * its name and its honba value (tenhou -> tenhou-sanma, 200 a counter). */
static void three_players(const tensu_rules *base, tensu_sanma sanma, tensu_rules *out)
{
    *out = *base;
    if (base->players != 3) {
        char name[48];
        tensu_rules sib;
        snprintf(name, sizeof name, "%s-sanma", base->preset);
        if (tensu_rules_preset(name, &sib, NULL) == TENSU_OK) {
            out->honba = sib.honba;
            snprintf(out->preset, sizeof out->preset, "%s", sib.preset);
        }
        tensu_rules_set(out, "players", "3", NULL);
    }
    out->sanma = sanma;
}

static void four_players(const tensu_rules *base, tensu_rules *out)
{
    *out = *base;
    if (base->players != 4) {
        size_t n = strlen(base->preset);
        tensu_rules sib;
        if (n > 6 && strcmp(base->preset + n - 6, "-sanma") == 0) {
            char name[48];
            snprintf(name, sizeof name, "%.*s", (int)(n - 6), base->preset);
            if (tensu_rules_preset(name, &sib, NULL) == TENSU_OK) {
                out->honba = sib.honba;
                snprintf(out->preset, sizeof out->preset, "%s", sib.preset);
            }
        }
        tensu_rules_set(out, "players", "4", NULL);
    }
}

/* Cells with the value the rules pay at these honba. */
static int matches(const tensu_chart *ch, const tensu_rules *r, int honba)
{
    row_cache rc;
    int n = 0;
    memset(&rc, 0, sizeof rc);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        int64_t v;
        if (!c->empty && cell_value(&rc, r, honba, c, &v) && v == c->value)
            n++;
    }
    return n;
}

/* The players (and the three-player tsumo) and the honba counters that
 * the most cells follow; ties go to what the chart's words say, else the
 * base rules, and to no honba. */
static void settle_players(const tensu_chart *ch, const tensu_rules *base, unsigned infer,
                           tensu_rules *r, int *honba)
{
    tensu_rules cand[3];
    int nc = 0, h0 = (infer & TENSU_INFER_HONBA) ? 0 : *honba;
    int hmax = (infer & TENSU_INFER_HONBA) ? TENSU_VERIFY_MAX_HONBA : h0;
    int want = tensu_chart_players(ch, NULL, NULL) == 3 ? 3 : base->players;
    int best = -1000000, best_rank = 0, best_c = 0, best_h = h0;
    bool sanma = (infer & TENSU_INFER_SANMA) != 0;

    if (infer & TENSU_INFER_PLAYERS)
        four_players(base, &cand[nc++]);
    if ((infer & TENSU_INFER_PLAYERS) || base->players == 3) {
        three_players(base, sanma ? TENSU_SANMA_TSUMO_SON : base->sanma, &cand[nc++]);
        if (sanma)
            three_players(base, TENSU_SANMA_NORTH_BISECTION, &cand[nc++]);
    }
    if (nc == 0)
        cand[nc++] = *base;
    /* leaving the preferred players or no honba takes a tenth of the
     * cells more: a chart of wrong cells is no three-player chart */
    int cells = 0, step;
    for (size_t i = 0; i < tensu_chart_count(ch); i++)
        cells += !tensu_chart_cell_at(ch, i)->empty;
    step = cells / 10 > 1 ? cells / 10 : 1;
    for (int c = 0; c < nc; c++)
        for (int h = (infer & TENSU_INFER_HONBA) ? 0 : h0; h <= hmax; h++) {
            int m = matches(ch, &cand[c], h) - step * (h != h0) -
                    step * (cand[c].players != want);
            int rank = (h != h0) * 4 + (cand[c].players != want) * 2 +
                       (cand[c].sanma != base->sanma);
            if (m > best || (m == best && rank < best_rank)) {
                best = m;
                best_rank = rank;
                best_c = c;
                best_h = h;
            }
        }
    *r = cand[best_c];
    *honba = best_h;
}

/* Count the deciding cells of a choice among alternatives: a cell decides
 * when every alternative pays it otherwise.  *a: cells that follow the
 * choice; *b: those that follow an alternative (with strays, only the
 * alternative most followed, and only from two cells: one wrong cell that
 * happens to be 6 honba off is no sign of honba); *neither: the rest. */
static void tally(const tensu_chart *ch, const tensu_rules *r, int honba,
                  const tensu_rules *alt, const int *alt_honba, int nalt, bool strays, int *a,
                  int *b, int *neither)
{
    row_cache rc, rcs[TENSU_VERIFY_MAX_HONBA + 1];
    int per[TENSU_VERIFY_MAX_HONBA + 1], deciding = 0, any = 0, most = 0;
    *a = 0;
    memset(per, 0, sizeof per);
    memset(&rc, 0, sizeof rc);
    memset(rcs, 0, sizeof rcs);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        int64_t v, w;
        bool decides = nalt > 0, other = false;
        if (c->empty || !cell_value(&rc, r, honba, c, &v))
            continue;
        for (int k = 0; k < nalt; k++) {
            if (!cell_value(&rcs[k], &alt[k], alt_honba[k], c, &w) || w == v) {
                decides = false;
                break;
            }
        }
        if (!decides)
            continue;
        deciding++;
        for (int k = 0; k < nalt; k++)
            if (cell_value(&rcs[k], &alt[k], alt_honba[k], c, &w) && w == c->value) {
                per[k]++;
                other = true;
            }
        if (c->value == v)
            ++*a;
        else if (other)
            any++;
    }
    for (int k = 0; k < nalt; k++)
        if (per[k] > most)
            most = per[k];
    *b = !strays ? any : most >= 2 ? most : 0;
    *neither = deciding - *a - *b;
}

/* The players, sanma and honba-included lines of the verdict, counted
 * under the final rules (kiriage and the rest settled). */
static void describe_players(const tensu_chart *ch, const tensu_rules *r, int honba,
                             unsigned infer, tensu_variant *vp, tensu_variant *vs,
                             tensu_variant *vh)
{
    tensu_rules alt[TENSU_VERIFY_MAX_HONBA + 1];
    int alt_h[TENSU_VERIFY_MAX_HONBA + 1], nalt = 0, a, b, n, wline = 0;
    char word[24], said[96] = "";
    size_t len;
    int words = tensu_chart_players(ch, &wline, word);

    if (words == 3)
        snprintf(said, sizeof said, "the chart's words say three players ('%s', line %d)", word,
                 wline);
    /* players: the other count (both three-player tsumo rules) */
    memset(vp, 0, sizeof *vp);
    snprintf(vp->key, sizeof vp->key, "players");
    snprintf(vp->value, sizeof vp->value, "%d", r->players);
    if (r->players == 3) {
        four_players(r, &alt[nalt]);
        alt_h[nalt++] = honba;
    } else {
        three_players(r, TENSU_SANMA_TSUMO_SON, &alt[nalt]);
        alt_h[nalt++] = honba;
        three_players(r, TENSU_SANMA_NORTH_BISECTION, &alt[nalt]);
        alt_h[nalt++] = honba;
    }
    tally(ch, r, honba, alt, alt_h, nalt, false, &a, &b, &n);
    settle_guess(vp, (infer & TENSU_INFER_PLAYERS) != 0, a, b, n);
    if (vp->guess == TENSU_GUESS_UNDECIDED && words == 3 && r->players == 3) {
        vp->guess = TENSU_GUESS_LIKELY;
        snprintf(vp->text, sizeof vp->text, "likely: %s; no cell tells (%s)", said,
                 "tsumo totals, a North's share split");
    } else {
        describe(vp, "tsumo totals, a North's share split", "players");
        if (said[0] && (len = strlen(vp->text)) + 4 < sizeof vp->text)
            snprintf(vp->text + len, sizeof vp->text - len, "; %s", said);
    }
    if (r->players == 3 && (len = strlen(vp->text)) + 4 < sizeof vp->text)
        snprintf(vp->text + len, sizeof vp->text - len, "; checked under %s", r->preset);

    /* sanma: the other three-player tsumo */
    memset(vs, 0, sizeof *vs);
    snprintf(vs->key, sizeof vs->key, "sanma");
    tensu_rules_get(r, "sanma", vs->value, sizeof vs->value);
    if (r->players != 3) {
        vs->guess = (infer & TENSU_INFER_SANMA) ? TENSU_GUESS_UNDECIDED : TENSU_GUESS_GIVEN;
        snprintf(vs->text, sizeof vs->text, "not used: a four-player chart");
    } else {
        three_players(r, r->sanma == TENSU_SANMA_TSUMO_SON ? TENSU_SANMA_NORTH_BISECTION
                                                          : TENSU_SANMA_TSUMO_SON,
                      &alt[0]);
        alt_h[0] = honba;
        tally(ch, r, honba, alt, alt_h, 1, false, &a, &b, &n);
        settle_guess(vs, (infer & TENSU_INFER_SANMA) != 0, a, b, n);
        describe(vs, "non-dealer and dealer tsumo cells", "sanma");
    }

    /* honba-included: every other count of counters */
    memset(vh, 0, sizeof *vh);
    snprintf(vh->key, sizeof vh->key, "honba-included");
    snprintf(vh->value, sizeof vh->value, "%d", honba);
    nalt = 0;
    for (int h = 0; h <= TENSU_VERIFY_MAX_HONBA; h++)
        if (h != honba && ((infer & TENSU_INFER_HONBA) || h == 0 || (honba == 0 && h == 1))) {
            alt[nalt] = *r;
            alt_h[nalt++] = h;
        }
    tally(ch, r, honba, alt, alt_h, nalt, true, &a, &b, &n);
    settle_guess(vh, (infer & TENSU_INFER_HONBA) != 0, a, b, n);
    describe(vh, "every cell", "honba-included");
    if (honba > 0 && (len = strlen(vh->text)) + 4 < sizeof vh->text) {
        /* what the counters add, as the engine pays them */
        tensu_payment ron, tsumo;
        if (tensu_pay(r, 1, 30, 0, false, false, honba, 0, &ron, NULL) == TENSU_OK &&
            tensu_pay(r, 1, 30, 0, false, true, honba, 0, &tsumo, NULL) == TENSU_OK)
            snprintf(vh->text + len, sizeof vh->text - len,
                     "; %d honba: every ron +%lld, every tsumo share +%lld", honba,
                     (long long)(ron.ron_honba - ron.ron), (long long)tsumo.honba_each);
    }
}

/* ------------------------------------------------------------------ */
/* Causes                                                              */
/* ------------------------------------------------------------------ */

typedef struct cand {
    tensu_cause cause;
    int detail;        /* direction for neighbours, else 0 */
    char text[150];
} cand;

#define MAX_CANDS 12

typedef struct causes {
    int n;
    cand c[MAX_CANDS];
} causes;

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

static void find_causes(const tensu_rules *r, int honba, const tensu_chart *ch, size_t ci,
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

/* ------------------------------------------------------------------ */
/* The verdict                                                         */
/* ------------------------------------------------------------------ */

typedef struct builder {
    tensu_verdict *v;
    size_t cap;
    causes *cs;        /* per finding, for WRONG ones (parallel to findings) */
    bool failed;
} builder;

static tensu_finding *new_finding(builder *B, tensu_finding_kind kind, bool error)
{
    tensu_finding *f;
    if (B->v->nfindings == B->cap) {
        size_t cap = B->cap ? B->cap * 2 : 32;
        tensu_finding *p = realloc(B->v->findings, cap * sizeof *p);
        causes *q;
        if (p == NULL) {
            B->failed = true;
            return NULL;
        }
        B->v->findings = p;
        q = realloc(B->cs, cap * sizeof *q);
        if (q == NULL) {
            B->failed = true;
            return NULL;
        }
        B->cs = q;
        B->cap = cap;
    }
    f = &B->v->findings[B->v->nfindings];
    memset(f, 0, sizeof *f);
    B->cs[B->v->nfindings].n = 0;
    B->v->nfindings++;
    f->kind = kind;
    f->error = error;
    f->cell = -1;
    f->found = -1;
    f->expected = -1;
    if (error)
        B->v->errors++;
    else
        B->v->warnings++;
    return f;
}

static tensu_finding *cell_finding(builder *B, const tensu_chart_cell *c, size_t i,
                                   tensu_finding_kind kind, bool error)
{
    tensu_finding *f = new_finding(B, kind, error);
    if (f == NULL)
        return NULL;
    f->cell = (int)i;
    f->line = c->line;
    f->column = c->column;
    f->table = c->table;
    f->place = c->place;
    f->found = c->empty ? -1 : c->value;
    where_text(key_of(c), c->pay, f->where, sizeof f->where);
    return f;
}

static int cmp_key(const tensu_chart_cell *a, const tensu_chart_cell *b)
{
    int x[5] = {a->han, a->fu, (int)a->limit, a->yakuman, (int)a->pay};
    int y[5] = {b->han, b->fu, (int)b->limit, b->yakuman, (int)b->pay};
    for (int i = 0; i < 5; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

typedef struct sorted {
    const tensu_chart_cell *c;
    size_t i;
} sorted;

static int cmp_sorted(const void *a, const void *b)
{
    const sorted *x = a, *y = b;
    int c = cmp_key(x->c, y->c);
    if (c != 0)
        return c;
    return x->i < y->i ? -1 : x->i > y->i;
}

typedef struct wrong_ix {
    key k;
    size_t i; /* the finding */
} wrong_ix;

static int cmp_wrong(const void *a, const void *b)
{
    const wrong_ix *x = a, *y = b;
    int c = x->k.han != y->k.han             ? (x->k.han < y->k.han ? -1 : 1)
            : x->k.fu != y->k.fu             ? (x->k.fu < y->k.fu ? -1 : 1)
            : x->k.limit != y->k.limit       ? (x->k.limit < y->k.limit ? -1 : 1)
            : x->k.yakuman != y->k.yakuman   ? (x->k.yakuman < y->k.yakuman ? -1 : 1)
                                             : 0;
    return c != 0 ? c : (x->i < y->i ? -1 : x->i > y->i);
}

/* Pick each wrong cell's cause; in a row with several wrong cells, prefer
 * a cause that explains them all (a whole row shifted by one han).  The
 * wrong cells are grouped by row first, so that a chart with many wrong
 * cells costs no more than its rows (no pass over every finding for each). */
static void choose_causes(builder *B, const tensu_chart *ch)
{
    tensu_verdict *v = B->v;
    size_t nw = 0;
    wrong_ix *w = malloc((v->nfindings ? v->nfindings : 1) * sizeof *w);
    if (w == NULL) {
        B->failed = true;
        return;
    }
    for (size_t i = 0; i < v->nfindings; i++)
        if (v->findings[i].kind == TENSU_FINDING_WRONG) {
            w[nw].k = key_of(tensu_chart_cell_at(ch, (size_t)v->findings[i].cell));
            w[nw++].i = i;
        }
    qsort(w, nw, sizeof *w, cmp_wrong);
    for (size_t g0 = 0, g1; g0 < nw; g0 = g1) {
        for (g1 = g0 + 1; g1 < nw && cmp_wrong(&(wrong_ix){w[g0].k, 0}, &(wrong_ix){w[g1].k, 0}) == 0; g1++)
            ;
        for (size_t a = g0; a < g1; a++) {
            size_t i = w[a].i;
            tensu_finding *f = &v->findings[i];
            causes *cs = &B->cs[i];
            int pick = 0;
            if (cs->n == 0) {
                f->cause = TENSU_CAUSE_NONE;
                snprintf(f->message, sizeof f->message, "no simple cause explains it");
                continue;
            }
            for (int ci = 0; ci < cs->n; ci++) {
                int others = 0, share = 0;
                for (size_t b = g0; b < g1; b++) {
                    size_t j = w[b].i;
                    if (j == i)
                        continue;
                    others++;
                    for (int cj = 0; cj < B->cs[j].n; cj++)
                        if (B->cs[j].c[cj].cause == cs->c[ci].cause &&
                            B->cs[j].c[cj].detail == cs->c[ci].detail) {
                            share++;
                            break;
                        }
                }
                if (others == 0)
                    break;
                if (share == others) {
                    pick = ci;
                    break;
                }
            }
            f->cause = cs->c[pick].cause;
            snprintf(f->message, sizeof f->message, "%s", cs->c[pick].text);
            {
                size_t len = 0;
                f->also[0] = '\0';
                for (int ci = 0; ci < cs->n && len < sizeof f->also; ci++)
                    if (ci != pick)
                        len += (size_t)snprintf(f->also + len, sizeof f->also - len, "%s%s",
                                                len ? "; " : "", cs->c[ci].text);
            }
        }
    }
    free(w);
}

/* Rows of cells that can occur, below mangan, that the chart lacks. */
static void missing_rows(builder *B, const tensu_chart *ch, const tensu_rules *r)
{
    bool present[14][TENSU_TABLE_MAX_FU], hans[14];
    unsigned need[TENSU_TABLE_MAX_FU], miss[TENSU_TABLE_MAX_FU];
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    bool any = false;
    unsigned pays = 0; /* the payments the chart gives (a page of one case: only its own) */

    memset(present, 0, sizeof present);
    memset(hans, 0, sizeof hans);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        pays |= 1u << c->pay;
        if (c->limit != TENSU_LIMIT_NONE || c->han < 1 || c->han > TENSU_TABLE_MAX_HAN || c->fu == 0)
            continue;
        for (int j = 0; j < nrows; j++)
            if (rows[j] == c->fu) {
                present[c->han][j] = true;
                hans[c->han] = true;
                any = true;
            }
    }
    if (!any)
        return;
    for (int j = 0; j < nrows; j++) {
        need[j] = miss[j] = 0;
        for (int h = 1; h <= TENSU_TABLE_MAX_HAN; h++) {
            tensu_value val;
            bool reach = false;
            if (!hans[h] || tensu_evaluate(r, h, rows[j], 0, &val, NULL) != TENSU_OK ||
                val.limit != TENSU_LIMIT_NONE)
                continue;
            for (int p = 0; p < TENSU_CHART_PAYS; p++)
                reach = reach || ((pays & (1u << p)) &&
                                  tensu_cell_reachable(r, h, rows[j],
                                                      tensu_chart_pay_dealer((tensu_chart_pay)p),
                                                      tensu_chart_pay_tsumo((tensu_chart_pay)p)));
            if (!reach)
                continue;
            need[j] |= 1u << h;
            if (!present[h][j])
                miss[j] |= 1u << h;
        }
    }
    for (int j = 0; j < nrows;) {
        int end = j + 1;
        tensu_finding *f;
        size_t len = 0;
        char fus[96], hs[64];
        bool whole;
        if (miss[j] == 0) {
            j++;
            continue;
        }
        while (end < nrows && miss[end] == miss[j])
            end++;
        whole = true;
        fus[0] = hs[0] = '\0';
        for (int x = j; x < end; x++) {
            whole = whole && miss[x] == need[x];
            len += (size_t)snprintf(fus + len, sizeof fus - len, "%s%d", x > j ? ", " : "",
                                    rows[x]);
            if (len >= sizeof fus)
                len = sizeof fus - 1;
        }
        len = 0;
        for (int h = 1; h <= TENSU_TABLE_MAX_HAN; h++)
            if (miss[j] & (1u << h)) {
                len += (size_t)snprintf(hs + len, sizeof hs - len, "%s%d", len ? ", " : "", h);
                if (len >= sizeof hs)
                    len = sizeof hs - 1;
            }
        f = new_finding(B, TENSU_FINDING_MISSING, false);
        if (f == NULL)
            return;
        snprintf(f->where, sizeof f->where, "%s fu", fus);
        if (whole)
            snprintf(f->message, sizeof f->message,
                     "no %s fu row%s (hands of %s han at %s fu can occur and are below "
                     "mangan)",
                     fus, end - j > 1 ? "s" : "", hs, fus);
        else
            snprintf(f->message, sizeof f->message,
                     "no cell for %s han at %s fu (such hands can occur and are below mangan)", hs,
                     fus);
        j = end;
    }
}

static void duplicates(builder *B, const tensu_chart *ch)
{
    size_t n = tensu_chart_count(ch);
    sorted *ix;
    if (n < 2)
        return;
    ix = malloc(n * sizeof *ix);
    if (ix == NULL) {
        B->failed = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        ix[i].c = tensu_chart_cell_at(ch, i);
        ix[i].i = i;
    }
    qsort(ix, n, sizeof *ix, cmp_sorted);
    for (size_t i = 1; i < n; i++) {
        const tensu_chart_cell *a = ix[i - 1].c, *b = ix[i].c;
        tensu_finding *f;
        /* the same again (both amounts alike, or both left empty): a copy
         * of the table (a sheet of four cards), not a contradiction */
        if (cmp_key(a, b) != 0 || a->empty != b->empty || a->empty || a->value == b->value)
            continue;
        f = cell_finding(B, b, ix[i].i, TENSU_FINDING_DUPLICATE, false);
        if (f == NULL)
            break;
        snprintf(f->message, sizeof f->message, "given twice: %lld at line %d, %lld at line %d",
                 (long long)a->value, a->line, (long long)b->value, b->line);
    }
    free(ix);
}

/* The chart's notes (cells and lines its reader could not take) as
 * findings: an unreadable cell is an error, a line not read a warning. */
static void note_findings(builder *B, const tensu_chart *ch)
{
    for (size_t i = 0; i < tensu_chart_note_count(ch) && !B->failed; i++) {
        const tensu_chart_note *n = tensu_chart_note_at(ch, i);
        tensu_finding *f = new_finding(B, n->error      ? TENSU_FINDING_UNREADABLE
                                          : n->inferred ? TENSU_FINDING_INFERRED
                                                        : TENSU_FINDING_NOT_READ,
                                       n->error);
        if (f == NULL)
            return;
        f->cell = -1;
        f->line = n->line;
        f->column = n->column;
        f->table = n->table;
        f->place = n->place;
        B->v->unread += n->cells;
        f->found = f->expected = -1;
        snprintf(f->where, sizeof f->where, "'%s'", n->text);
        snprintf(f->message, sizeof f->message, "%s: %s",
                 n->error      ? "not read"
                 : n->inferred ? "inferred"
                               : "a line with numbers, not read as part of a table",
                 n->why);
    }
}

/* Findings in chart order (line, column), the findings about whole rows
 * (no line) last; findings at one place keep their order. */
typedef struct ordered {
    tensu_finding f;
    size_t i;
} ordered;

static int cmp_ordered(const void *a, const void *b)
{
    const ordered *x = a, *y = b;
    long lx = x->f.line > 0 ? x->f.line : 0x7fffffffL, ly = y->f.line > 0 ? y->f.line : 0x7fffffffL;
    if (lx != ly)
        return lx < ly ? -1 : 1;
    if (x->f.column != y->f.column)
        return x->f.column < y->f.column ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

static void order_findings(builder *B)
{
    size_t n = B->v->nfindings;
    ordered *o = n ? malloc(n * sizeof *o) : NULL;
    if (n == 0)
        return;
    if (o == NULL) {
        B->failed = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        o[i].f = B->v->findings[i];
        o[i].i = i;
    }
    qsort(o, n, sizeof *o, cmp_ordered);
    for (size_t i = 0; i < n; i++)
        B->v->findings[i] = o[i].f;
    free(o);
}

/* The same table by table: the cells such a table has are, for each
 * payment it gives, han 1 to 4 at every fu row where the hand can occur
 * (when it has rows of values) and the five limits (when it has limit
 * rows). */
static bool table_coverage(tensu_verdict *v, const tensu_chart *ch, const tensu_rules *r)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    size_t n = tensu_chart_count(ch);
    for (size_t i = 0; i < n; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        size_t t;
        for (t = 0; t < v->ntables; t++)
            if (v->tables[t].table == c->table)
                break;
        if (t == v->ntables) {
            struct tensu_table_read *p = realloc(v->tables, (t + 1) * sizeof *p);
            if (p == NULL)
                return false;
            v->tables = p;
            memset(&p[t], 0, sizeof p[t]);
            p[t].table = c->table;
            p[t].line = c->line;
            v->ntables++;
        }
        v->tables[t].pays |= 1u << (c->pay == TENSU_CHART_NONDEALER_TSUMO_TOTAL
                                        ? TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER
                                    : c->pay == TENSU_CHART_DEALER_TSUMO_TOTAL
                                        ? TENSU_CHART_DEALER_TSUMO_EACH
                                        : c->pay);
    }
    for (size_t t = 0; t < v->ntables; t++) {
        struct tensu_table_read *tr = &v->tables[t];
        bool values = false, limits = false;
        for (size_t i = 0; i < n; i++) {
            const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
            if (c->table != tr->table)
                continue;
            if (c->limit != TENSU_LIMIT_NONE)
                limits = true;
            else
                values = true;
        }
        for (int p = 0; p < TENSU_CHART_PAYS; p++) {
            bool d = tensu_chart_pay_dealer((tensu_chart_pay)p),
                 ts = tensu_chart_pay_tsumo((tensu_chart_pay)p);
            if (!(tr->pays & (1u << p)))
                continue;
            if (limits)
                tr->full += 5;
            for (int h = 1; values && h <= tensu_fu_han_max(); h++)
                for (int j = 0; j < nrows; j++)
                    if (tensu_cell_reachable(r, h, rows[j], d, ts))
                        tr->full++;
        }
        /* the cells it gives of those, each once */
        {
            bool seen[TENSU_CHART_PAYS][5][TENSU_TABLE_MAX_FU];
            bool lim[TENSU_CHART_PAYS][TENSU_LIMIT_YAKUMAN + 1];
            memset(seen, 0, sizeof seen);
            memset(lim, 0, sizeof lim);
            for (size_t i = 0; i < n; i++) {
                const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
                tensu_limit l = c->limit == TENSU_LIMIT_KAZOE_YAKUMAN ? TENSU_LIMIT_YAKUMAN
                                                                       : c->limit;
                if (c->table != tr->table || (unsigned)c->pay >= TENSU_CHART_PAYS)
                    continue; /* a total is no payment of the table */
                if (l >= TENSU_LIMIT_MANGAN && l <= TENSU_LIMIT_YAKUMAN && c->yakuman <= 1) {
                    if (!lim[c->pay][l])
                        tr->read++;
                    lim[c->pay][l] = true;
                } else if (l == TENSU_LIMIT_NONE && c->han >= 1 && c->han <= tensu_fu_han_max()) {
                    for (int j = 0; j < nrows; j++)
                        if (rows[j] == c->fu && !seen[c->pay][c->han][j] &&
                            tensu_cell_reachable(r, c->han, c->fu,
                                                 tensu_chart_pay_dealer(c->pay),
                                                 tensu_chart_pay_tsumo(c->pay))) {
                            seen[c->pay][c->han][j] = true;
                            tr->read++;
                        }
                }
            }
        }
    }
    return true;
}

/* How much of a full table the chart gives (tensu_verdict.full/covered). */
static void coverage(tensu_verdict *v, const tensu_chart *ch, const tensu_rules *r)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    /* [pay][han 1..4][row], and [pay][limit mangan..yakuman] */
    bool need[TENSU_CHART_PAYS][5][TENSU_TABLE_MAX_FU], got[TENSU_CHART_PAYS][5][TENSU_TABLE_MAX_FU];
    bool lim[TENSU_CHART_PAYS][TENSU_LIMIT_YAKUMAN + 1];
    memset(need, 0, sizeof need);
    memset(got, 0, sizeof got);
    memset(lim, 0, sizeof lim);
    for (int p = 0; p < TENSU_CHART_PAYS; p++) {
        bool d = tensu_chart_pay_dealer((tensu_chart_pay)p), t = tensu_chart_pay_tsumo((tensu_chart_pay)p);
        v->full[p] = 5; /* mangan, haneman, baiman, sanbaiman, yakuman */
        for (int h = 1; h <= tensu_fu_han_max(); h++)
            for (int j = 0; j < nrows; j++)
                if (tensu_cell_reachable(r, h, rows[j], d, t)) {
                    need[p][h][j] = true;
                    v->full[p]++;
                }
    }
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        tensu_value val;
        tensu_limit l = c->limit;
        if ((unsigned)c->pay >= TENSU_CHART_PAYS)
            continue; /* a total is no payment of the table */
        if (l == TENSU_LIMIT_NONE && c->han >= 1 && c->han <= tensu_fu_han_max()) {
            for (int j = 0; j < nrows; j++)
                if (rows[j] == c->fu && need[c->pay][c->han][j] && !got[c->pay][c->han][j]) {
                    got[c->pay][c->han][j] = true;
                    v->covered[c->pay]++;
                }
            continue;
        }
        /* a limit row, or a han row that pays a limit (5 han ...) */
        if (l == TENSU_LIMIT_NONE && c->han > tensu_fu_han_max() &&
            tensu_evaluate(r, c->han, c->fu > 0 ? c->fu : 30, 0, &val, NULL) == TENSU_OK)
            l = val.limit;
        if (l == TENSU_LIMIT_KAZOE_YAKUMAN)
            l = TENSU_LIMIT_YAKUMAN; /* 13 counted han: the yakuman row */
        if (l >= TENSU_LIMIT_MANGAN && l <= TENSU_LIMIT_YAKUMAN && c->yakuman <= 1 &&
            !lim[c->pay][l]) {
            lim[c->pay][l] = true;
            v->covered[c->pay]++;
        }
    }
}

/* Does the cell's text, read again, give the amount (among the amounts
 * in it, whatever else the reading caught at the box's edges)? */
static bool reread_gives(const char *text, int64_t value)
{
    size_t n = strlen(text);
    for (size_t i = 0; i < n; i++) {
        int64_t v;
        size_t used;
        if (text[i] < '0' || text[i] > '9' || (i > 0 && text[i - 1] >= '0' && text[i - 1] <= '9'))
            continue;
        used = tensu_amount_parse(text + i, n - i, &v);
        if (used > 0 && v == value)
            return true;
        if (used > 0)
            i += used - 1;
    }
    return false;
}

/* Read the cell's box again with opt: its text and how sure the reading
 * is (true when it is sure). */
static bool read_again(const tensu_read_options *opt, const tensu_chart_cell *c, char *text,
                       size_t size, bool *got)
{
    float conf = 0, min = opt->min_conf > 0 ? opt->min_conf : TENSU_OCR_SURE;
    *got = opt->reread(opt->ctx, c->place.page, c->place.x1, c->place.y1, c->place.x2,
                       c->place.y2, text, size, &conf);
    return *got && conf >= min;
}

/* The copies of a duplicate finding's cell (its key elsewhere in the
 * chart), each at its amount after the rereads (right[i] >= 0: cell i read
 * again as that; UNREAD: no longer read): still two amounts? */
enum { UNREAD = -2 };
static bool still_twice(const tensu_chart *chart, const int64_t *right, size_t cell)
{
    const tensu_chart_cell *d = tensu_chart_cell_at(chart, cell);
    int64_t first = -1;
    for (size_t i = 0; i < tensu_chart_count(chart); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(chart, i);
        int64_t v;
        if (c->empty || right[i] == UNREAD || cmp_key(c, d) != 0)
            continue;
        v = right[i] >= 0 ? right[i] : c->value;
        if (first < 0)
            first = v;
        else if (v != first)
            return true;
    }
    return false;
}

/* "Given twice" made only by a first reading the rereads put right (a
 * copy of the table on a sheet of four cards read 0 for 2,600): gone. */
static void drop_false_twice(tensu_verdict *v, const tensu_chart *chart, const int64_t *right)
{
    size_t keep = 0;
    for (size_t i = 0; i < v->nfindings; i++) {
        tensu_finding *f = &v->findings[i];
        if (f->kind == TENSU_FINDING_DUPLICATE && f->cell >= 0 &&
            !still_twice(chart, right, (size_t)f->cell)) {
            if (f->error)
                v->errors--;
            else
                v->warnings--;
            continue;
        }
        v->findings[keep++] = *f;
    }
    v->nfindings = keep;
}

/* The votes of the readings of a wrong cell (tensu_verdict_confirm): for
 * the amount found (first: by the first way), for the one expected (sure
 * readings among them). */
typedef struct votes {
    int found, expected, sure;
    int got, alike; /* readings made; those that gave the amount found, sure or not */
    bool first;
} votes;

static void vote(const tensu_read_options *opt, const tensu_chart_cell *c,
                 const tensu_finding *f, votes *n)
{
    char text[256];
    bool got, sure = read_again(opt, c, text, sizeof text, &got);
    if (!got)
        return;
    n->got++;
    if (reread_gives(text, f->found)) {
        n->found += sure;
        n->alike++;
    }
    else if (reread_gives(text, f->expected)) {
        n->expected++;
        n->sure += sure;
    }
}

int tensu_verdict_confirm(tensu_verdict *v, const tensu_chart *chart,
                          const tensu_read_options *again, size_t n)
{
    int changed = 0;
    size_t keep = 0;
    int64_t *right;
    if (v == NULL || chart == NULL || n == 0 || again == NULL || again[0].reread == NULL)
        return 0;
    right = malloc((tensu_chart_count(chart) + 1) * sizeof *right);
    for (size_t i = 0; right != NULL && i < tensu_chart_count(chart); i++)
        right[i] = -1;
    for (size_t i = 0; i < v->nfindings; i++) {
        tensu_finding *f = &v->findings[i];
        const tensu_chart_cell *c;
        votes k = {0, 0, 0, 0, 0, false};
        if (f->kind != TENSU_FINDING_WRONG || f->cell < 0 ||
            (c = tensu_chart_cell_at(chart, (size_t)f->cell)) == NULL ||
            c->place.x2 <= c->place.x1 || c->place.y2 <= c->place.y1) {
            v->findings[keep++] = *f;
            continue;
        }
        /* as many readings as it takes: two alike decide, else a third */
        for (size_t r = 0; r < n && again[r].reread != NULL; r++) {
            vote(&again[r], c, f, &k);
            k.first |= r == 0 && k.found == 1;
            if (r >= 1 && (k.found >= 2 || (k.expected >= 2 && k.sure >= 1 && k.found == 0)))
                break;
        }
        if (k.found > k.expected &&
            (k.found >= 2 || k.first || (k.got >= 3 && k.alike == k.got))) {
            /* read so again (by the first way, or by two; or by every way,
             * one of them sure): wrong */
            v->findings[keep++] = *f;
            continue;
        }
        changed++;
        if (k.expected >= 2 && k.sure >= 1 && k.expected > k.found) {
            /* read right by most readings: the first was the OCR's mistake */
            v->errors--;
            if (right != NULL)
                right[f->cell] = f->expected;
            continue;
        }
        f->kind = TENSU_FINDING_UNREADABLE;
        f->cause = TENSU_CAUSE_NONE;
        f->also[0] = '\0';
        snprintf(f->message, sizeof f->message,
                 "not read: the OCR read %lld here, but not when it read the cell again, so "
                 "it is not checked",
                 (long long)f->found);
        if (right != NULL)
            right[f->cell] = UNREAD;
        f->found = f->expected = -1;
        v->unread++;
        v->cells--;
        v->findings[keep++] = *f;
    }
    v->nfindings = keep;
    if (right != NULL)
        drop_false_twice(v, chart, right);
    free(right);
    return changed;
}

tensu_status tensu_verify(const tensu_chart *chart, const tensu_rules *base, unsigned infer,
                          int honba, tensu_verdict **out, tensu_error *err)
{
    builder B;
    tensu_rules r = *base;

    *out = NULL;
    if (honba < 0 || honba > TENSU_VERIFY_MAX_HONBA)
        return tensu_fail(err, TENSU_ERR_RANGE, "bad honba count %d: allowed 0..%d", honba,
                          TENSU_VERIFY_MAX_HONBA);
    memset(&B, 0, sizeof B);
    B.v = calloc(1, sizeof *B.v);
    if (B.v == NULL)
        return tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
    /* the players and the honba first: they move every amount */
    settle_players(chart, base, infer, &r, &honba);
    for (int i = 0; i < RULE_VARIANTS; i++)
        infer_one(chart, &r, honba, &variant_defs[i], (infer & variant_defs[i].bit) != 0,
                  &B.v->variant[i]);
    describe_players(chart, &r, honba, infer, &B.v->variant[3], &B.v->variant[4],
                     &B.v->variant[5]);
    infer_double_wind(chart, &r, honba, (infer & TENSU_INFER_DOUBLE_WIND) != 0,
                      &B.v->variant[6]);
    B.v->rules = r;
    B.v->honba = honba;

    for (size_t i = 0; i < tensu_chart_count(chart) && !B.failed; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(chart, i);
        expect e;
        tensu_finding *f;
        int64_t want;
        row_expect(&r, key_of(c), honba, &e);
        if (c->empty) {
            if (e.ok && e.strict[c->pay]) {
                f = cell_finding(&B, c, i, TENSU_FINDING_EMPTY, false);
                if (f != NULL) {
                    f->expected = e.v[c->pay];
                    snprintf(f->message, sizeof f->message,
                             "left empty, but the hand can occur (it pays %lld)",
                             (long long)e.v[c->pay]);
                }
            }
            continue;
        }
        B.v->cells++;
        if (!e.ok) {
            f = cell_finding(&B, c, i, TENSU_FINDING_NO_SUCH_CELL, true);
            if (f != NULL)
                snprintf(f->message, sizeof f->message, "no such hand: %s", e.why);
            continue;
        }
        want = e.v[c->pay];
        if (c->value == want) {
            if (!e.reachable[c->pay] && c->mark != TENSU_MARK_IMPOSSIBLE) {
                f = cell_finding(&B, c, i, TENSU_FINDING_IMPOSSIBLE, false);
                if (f != NULL) {
                    f->expected = want;
                    snprintf(f->message, sizeof f->message,
                             "a value for a hand that cannot occur (the value agrees with the "
                             "formula)");
                }
            } else if (e.reachable[c->pay] && c->mark == TENSU_MARK_IMPOSSIBLE) {
                f = cell_finding(&B, c, i, TENSU_FINDING_NOT_IMPOSSIBLE, false);
                if (f != NULL) {
                    f->expected = want;
                    snprintf(f->message, sizeof f->message,
                             "marked as a hand that cannot occur, but it can");
                }
            }
            continue;
        }
        f = cell_finding(&B, c, i, TENSU_FINDING_WRONG, true);
        if (f == NULL)
            break;
        f->expected = want;
        find_causes(&r, honba, chart, i, &e, &B.cs[B.v->nfindings - 1]);
    }
    if (!B.failed)
        choose_causes(&B, chart);
    /* note the cells that cannot occur among the wrong ones */
    for (size_t i = 0; i < B.v->nfindings && !B.failed; i++) {
        tensu_finding *f = &B.v->findings[i];
        expect e;
        const tensu_chart_cell *c;
        size_t len;
        if (f->kind != TENSU_FINDING_WRONG)
            continue;
        c = tensu_chart_cell_at(chart, (size_t)f->cell);
        row_expect(&r, key_of(c), honba, &e);
        len = strlen(f->message);
        if (!e.reachable[c->pay] && len + 2 < sizeof f->message)
            snprintf(f->message + len, sizeof f->message - len,
                     "; besides, the hand cannot occur");
    }
    if (!B.failed)
        missing_rows(&B, chart, &r);
    if (!B.failed)
        duplicates(&B, chart);
    if (!B.failed)
        note_findings(&B, chart);
    if (!B.failed)
        order_findings(&B);
    if (!B.failed)
        coverage(B.v, chart, &r);
    if (!B.failed && !table_coverage(B.v, chart, &r))
        B.failed = true;
    free(B.cs);
    if (B.failed) {
        tensu_verdict_free(B.v);
        return tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
    }
    *out = B.v;
    return TENSU_OK;
}

void tensu_verdict_free(tensu_verdict *v)
{
    if (v == NULL)
        return;
    free(v->findings);
    free(v->tables);
    free(v);
}
