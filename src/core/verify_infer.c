/* The chart verifier's inference: the rule variant a chart follows
 * (kiriage, kazoe, multiple yakuman, the double-wind pair's fu), the
 * players (and the three-player tsumo) and the honba counters its amounts
 * include, each with the verdict's line saying what decided it. */
#include "verify_private.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Variant inference                                                   */
/* ------------------------------------------------------------------ */

const variant_def variant_defs[RULE_VARIANTS] = {
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

void infer_one(const tensu_chart *ch, tensu_rules *r, int honba, const variant_def *def,
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
void infer_double_wind(const tensu_chart *ch, tensu_rules *r, int honba, bool infer,
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
void settle_players(const tensu_chart *ch, const tensu_rules *base, unsigned infer,
                    tensu_rules *r, int *honba)
{
    tensu_rules cands[3];
    int nc = 0, h0 = (infer & TENSU_INFER_HONBA) ? 0 : *honba;
    int hmax = (infer & TENSU_INFER_HONBA) ? TENSU_VERIFY_MAX_HONBA : h0;
    int want = tensu_chart_players(ch, NULL, NULL) == 3 ? 3 : base->players;
    int best = -1000000, best_rank = 0, best_c = 0, best_h = h0;
    bool sanma = (infer & TENSU_INFER_SANMA) != 0;

    if (infer & TENSU_INFER_PLAYERS)
        four_players(base, &cands[nc++]);
    if ((infer & TENSU_INFER_PLAYERS) || base->players == 3) {
        three_players(base, sanma ? TENSU_SANMA_TSUMO_SON : base->sanma, &cands[nc++]);
        if (sanma)
            three_players(base, TENSU_SANMA_NORTH_BISECTION, &cands[nc++]);
    }
    if (nc == 0)
        cands[nc++] = *base;
    /* leaving no honba takes a tenth of the cells more, leaving the
     * preferred players a tenth of the cells the players decide (tsumo
     * totals, a North's share split; not the rons, alike under all): a
     * chart of wrong cells is no three-player chart, and a few totals
     * among many rons decide */
    int cells = 0, deciding = 0, step, pstep;
    row_cache rcs[3];
    memset(rcs, 0, sizeof rcs);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        int64_t a, b;
        bool differ = false;
        cells += !c->empty;
        for (int k = 1; k < nc && !c->empty && !differ; k++)
            differ = cell_value(&rcs[0], &cands[0], h0, c, &a) &&
                     cell_value(&rcs[k], &cands[k], h0, c, &b) && a != b;
        deciding += differ;
    }
    step = cells / 10 > 1 ? cells / 10 : 1;
    pstep = deciding / 10 > 1 ? deciding / 10 : 1;
    for (int c = 0; c < nc; c++)
        for (int h = (infer & TENSU_INFER_HONBA) ? 0 : h0; h <= hmax; h++) {
            int m = matches(ch, &cands[c], h) - step * (h != h0) -
                    pstep * (cands[c].players != want);
            int rank = (h != h0) * 4 + (cands[c].players != want) * 2 +
                       (cands[c].sanma != base->sanma);
            if (m > best || (m == best && rank < best_rank)) {
                best = m;
                best_rank = rank;
                best_c = c;
                best_h = h;
            }
        }
    *r = cands[best_c];
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
void describe_players(const tensu_chart *ch, const tensu_rules *r, int honba,
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
