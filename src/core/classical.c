/* The classical game (seed 003): basic points, doubles, bonus tiles, the
 * limit.  The one place where classical payments are computed. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const bonus_names[TENSU_BONUS_TILES][4] = {
    /* English, French, French without accents, code */
    {"orchid", "orchidée", "orchidee", "f1"},
    {"bamboo", "bambou", "bambou", "f2"},
    {"chrysanthemum", "chrysanthème", "chrysantheme", "f3"},
    {"plum", "prune", "prune", "f4"},
    {"spring", "printemps", "printemps", "s1"},
    {"summer", "été", "ete", "s2"},
    {"autumn", "automne", "automne", "s3"},
    {"winter", "hiver", "hiver", "s4"},
};

int tensu_bonus_tile_parse(const char *name)
{
    for (int t = 0; t < TENSU_BONUS_TILES; t++)
        for (int k = 0; k < 4; k++)
            if (strcmp(name, bonus_names[t][k]) == 0)
                return t;
    return -1;
}

const char *tensu_bonus_tile_name(int tile)
{
    return tile >= 0 && tile < TENSU_BONUS_TILES ? bonus_names[tile][0] : NULL;
}

int tensu_bonus_tile_wind(int tile) { return tile & 3; }

/* What classical rule books count; the sheets print this list. */
static const tensu_classical_item items[] = {
    {"mahjong", "going out (mah jong); the 'mahjong-points' rule", 20, 0, 0},
    {"pung_simple", "pung of simples (2 to 8)", 2, 4, 0},
    {"pung_terminal_honour", "pung of terminals or honours", 4, 8, 0},
    {"kong_simple", "kong of simples", 8, 16, 0},
    {"kong_terminal_honour", "kong of terminals or honours", 16, 32, 0},
    {"pair_value", "pair of dragons, of the own wind or of the round's wind", 2, 0, 0},
    {"bonus_tile", "each flower or season; the 'flower-points' rule", 4, 0, 0},
    {"pung_dragon", "pung or kong of dragons", 0, 0, 1},
    {"pung_own_wind", "pung or kong of the own wind", 0, 0, 1},
    {"pung_round_wind", "pung or kong of the round's wind", 0, 0, 1},
    {"bonus_own_wind", "flower or season of the own wind", 0, 0, 1},
    {"bonus_round_wind", "flower or season of the round's wind", 0, 0, 1},
    {"full_bonus_set", "all four flowers or all four seasons: the limit", 0, 0, 0},
};

size_t tensu_classical_item_count(void) { return sizeof items / sizeof items[0]; }

const tensu_classical_item *tensu_classical_item_at(size_t i)
{
    return i < tensu_classical_item_count() ? &items[i] : NULL;
}

static int64_t round_up(int64_t x, int unit)
{
    return unit > 1 ? (x + unit - 1) / unit * unit : x;
}

int tensu_classical_east_factor(const tensu_rules *r)
{
    return r->east_double ? 2 : 1;
}

/* One payer's share: the value (doubled for East), rounded, capped. */
static int64_t payer_share(const tensu_rules *r, int64_t value, bool doubled, bool full_set,
                           bool *capped)
{
    int f = doubled ? tensu_classical_east_factor(r) : 1;
    int64_t cap = r->limit > 0 ? (int64_t)r->limit * f : 0;
    int64_t x;
    *capped = false;
    if (full_set && cap > 0) {
        *capped = true;
        return cap;
    }
    x = value < 0 ? INT64_MAX / 4 : round_up(value * f, r->rounding);
    if (cap > 0 && x >= cap) {
        *capped = true;
        return cap;
    }
    return x;
}

static tensu_status check_family(const tensu_rules *r, tensu_error *err)
{
    if (r->family != TENSU_FAMILY_CLASSICAL)
        return error_fill(err, TENSU_ERR_RANGE,
                          "these rules are riichi rules: classical payments need family=classical "
                          "(--rules classical)");
    return TENSU_OK;
}

static tensu_status pay(const tensu_rules *r, int basic, int doubles, bool east, bool full_set,
                        tensu_classical_payment *out, tensu_error *err)
{
    tensu_classical_payment p;
    tensu_status s = check_family(r, err);
    if (s != TENSU_OK)
        return s;
    if (basic < 0 || basic > 100000)
        return error_fill(err, TENSU_ERR_RANGE, "bad basic points %d: allowed 0..100000", basic);
    if (doubles < 0 || doubles > 30)
        return error_fill(err, TENSU_ERR_RANGE, "bad number of doubles %d: allowed 0..30",
                          doubles);
    memset(&p, 0, sizeof p);
    p.basic = basic;
    p.doubles = doubles;
    p.full_set = full_set && r->limit > 0; /* with no limit, a full set earns no more */
    p.east = east;
    p.value = (int64_t)basic << doubles;
    if (east) {
        p.from_each = payer_share(r, p.value, r->east_double, full_set, &p.capped_each);
        p.total = 3 * p.from_each;
    } else {
        p.from_each = payer_share(r, p.value, false, full_set, &p.capped_each);
        p.from_east = payer_share(r, p.value, r->east_double, full_set, &p.capped_east);
        p.total = 2 * p.from_each + p.from_east;
    }
    *out = p;
    return TENSU_OK;
}

tensu_status tensu_classical_pay(const tensu_rules *r, int basic, int doubles, bool east,
                                 tensu_classical_payment *out, tensu_error *err)
{
    return pay(r, basic, doubles, east, false, out, err);
}

tensu_status tensu_classical_score(const tensu_rules *r, const tensu_classical_hand *h,
                                   tensu_classical_payment *out, tensu_error *err)
{
    bool seen[TENSU_BONUS_TILES] = {false};
    int bonus = 0, seat_d = 0, round_d = 0, flowers = 0, seasons = 0;
    tensu_status s;

    if (h->seat < 0 || h->seat > 3 || h->round < 0 || h->round > 3)
        return error_fill(err, TENSU_ERR_RANGE, "bad wind: seat and round are 0..3 (E, S, W, N)");
    if (h->nbonus < 0 || h->nbonus > TENSU_BONUS_TILES)
        return error_fill(err, TENSU_ERR_RANGE, "bad number of bonus tiles %d: allowed 0..8",
                          h->nbonus);
    for (int i = 0; i < h->nbonus; i++) {
        int t = h->bonus[i];
        if (t < 0 || t >= TENSU_BONUS_TILES)
            return error_fill(err, TENSU_ERR_RANGE, "bad bonus tile %d", t);
        if (seen[t])
            return error_fill(err, TENSU_ERR_INVALID, "bonus tile '%s' given twice: there is one",
                              tensu_bonus_tile_name(t));
        seen[t] = true;
        bonus += r->flower_points;
        if (tensu_bonus_tile_wind(t) == h->seat)
            seat_d++;
        if (tensu_bonus_tile_wind(t) == h->round)
            round_d++;
        if (t < 4)
            flowers++;
        else
            seasons++;
    }
    if (h->basic < 0 || h->basic > 100000)
        return error_fill(err, TENSU_ERR_RANGE, "bad basic points %d: allowed 0..100000",
                          h->basic);
    if (h->doubles < 0 || h->doubles + seat_d + round_d > 30)
        return error_fill(err, TENSU_ERR_RANGE, "bad number of doubles %d: allowed 0..30",
                          h->doubles);
    s = pay(r, h->basic + bonus, h->doubles + seat_d + round_d, h->seat == 0,
            flowers == 4 || seasons == 4, out, err);
    if (s != TENSU_OK)
        return s;
    out->bonus_points = bonus;
    out->seat_doubles = seat_d;
    out->round_doubles = round_d;
    return TENSU_OK;
}

int tensu_classical_limit_doubles(const tensu_rules *r, int basic)
{
    if (r->family != TENSU_FAMILY_CLASSICAL || r->limit <= 0 || basic < 1 || basic > 100000)
        return -1;
    for (int d = 0; d <= 30; d++) {
        tensu_classical_payment ne, e;
        if (pay(r, basic, d, false, false, &ne, NULL) != TENSU_OK ||
            pay(r, basic, d, true, false, &e, NULL) != TENSU_OK)
            return -1;
        if (ne.capped_each && ne.capped_east && e.capped_each)
            return d;
    }
    return -1;
}

tensu_classical_table *tensu_classical_table_new(const tensu_rules *r, tensu_error *err)
{
    static const int rows[] = {20, 30, 40, 50, 60, 70, 80, 90, 100, 120, 150, 200};
    tensu_classical_table *t;
    int nd;

    if (check_family(r, err) != TENSU_OK)
        return NULL;
    if ((t = alloc_or_fail(sizeof *t, err)) == NULL)
        return NULL;
    t->rules = *r;
    t->nrows = (int)(sizeof rows / sizeof rows[0]);
    memcpy(t->basic, rows, sizeof rows);
    /* Columns until the smallest row is at the limit for every payer. */
    nd = tensu_classical_limit_doubles(r, rows[0]) + 1;
    if (nd < 1 || nd > TENSU_CLASSICAL_MAX_DOUBLES)
        nd = TENSU_CLASSICAL_MAX_DOUBLES;
    t->ndoubles = nd;
    for (int i = 0; i < t->nrows; i++)
        for (int d = 0; d < nd; d++)
            if (pay(r, rows[i], d, false, false, &t->non_east[i][d], err) != TENSU_OK ||
                pay(r, rows[i], d, true, false, &t->east[i][d], err) != TENSU_OK) {
                free(t);
                return NULL;
            }
    pay(r, 0, 0, false, true, &t->limit_non_east, err);
    pay(r, 0, 0, true, true, &t->limit_east, err);
    return t;
}

void tensu_classical_table_free(tensu_classical_table *t) { free(t); }
