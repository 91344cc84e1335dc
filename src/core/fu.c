/* Fu: the minipoints of one reading, every source listed with its reason
 * (seed texts 000-002): 20 base; closed ron 10; tsumo 2 (not for pinfu,
 * and per rule not on a kan replacement tile); sets by open/closed,
 * simples/outside, triplet/kan; value pairs; kanchan, penchan, tanki 2;
 * rounded up to 10.  Seven pairs are 25 flat. */
#include "scorer.h"

/* One source of fu; items may be NULL (only the sum is wanted).  The
 * count is the caller's local (never more than 10 items: base, closed ron,
 * four sets, pair, wait, tsumo, open ron). */
static inline void add(tensu_fu_item *items, int *n, tensu_fu_reason reason, int tile,
                       int ntiles, int fu)
{
    if (items != NULL && *n < TENSU_MAX_FU_ITEMS) {
        items[*n].reason = reason;
        items[*n].tile = tile;
        items[*n].ntiles = ntiles;
        items[*n].fu = fu;
        (*n)++;
    }
}

/* Each reason's id and its words in English (the JSON records'). */
static const struct {
    const char *id, *name;
} reasons[TENSU_FU_REASON_COUNT] = {
    [TENSU_FU_BASE] = {"base", "base"},
    [TENSU_FU_CLOSED_RON] = {"closed_ron", "closed hand won by ron"},
    [TENSU_FU_TSUMO] = {"tsumo", "tsumo"},
    [TENSU_FU_PINFU_TSUMO] = {"pinfu_tsumo", "tsumo (kept with pinfu by rule)"},
    [TENSU_FU_OPEN_PINFU] = {"open_pinfu", "open hand won by ron with no fu"},
    [TENSU_FU_SEVEN_PAIRS] = {"seven_pairs", "seven pairs (flat)"},
    [TENSU_FU_OPEN_TRIPLET_SIMPLES] = {"open_triplet_simples", "open triplet, simples"},
    [TENSU_FU_OPEN_TRIPLET_TERMINALS] = {"open_triplet_terminals",
                                         "open triplet, terminals/honours"},
    [TENSU_FU_CLOSED_TRIPLET_SIMPLES] = {"closed_triplet_simples", "closed triplet, simples"},
    [TENSU_FU_CLOSED_TRIPLET_TERMINALS] = {"closed_triplet_terminals",
                                           "closed triplet, terminals/honours"},
    [TENSU_FU_OPEN_KAN_SIMPLES] = {"open_kan_simples", "open kan, simples"},
    [TENSU_FU_OPEN_KAN_TERMINALS] = {"open_kan_terminals", "open kan, terminals/honours"},
    [TENSU_FU_CLOSED_KAN_SIMPLES] = {"closed_kan_simples", "closed kan, simples"},
    [TENSU_FU_CLOSED_KAN_TERMINALS] = {"closed_kan_terminals", "closed kan, terminals/honours"},
    [TENSU_FU_RON_TRIPLET_SIMPLES] = {"ron_triplet_simples",
                                      "triplet completed by ron (counts as open), simples"},
    [TENSU_FU_RON_TRIPLET_TERMINALS] = {"ron_triplet_terminals",
                                        "triplet completed by ron (counts as open), "
                                        "terminals/honours"},
    [TENSU_FU_DRAGON_PAIR] = {"dragon_pair", "pair of dragons"},
    [TENSU_FU_SEAT_WIND_PAIR] = {"seat_wind_pair", "pair of the seat wind"},
    [TENSU_FU_ROUND_WIND_PAIR] = {"round_wind_pair", "pair of the round wind"},
    [TENSU_FU_DOUBLE_WIND_PAIR] = {"double_wind_pair", "pair of the seat and round wind"},
    [TENSU_FU_KANCHAN] = {"kanchan", "closed wait (kanchan)"},
    [TENSU_FU_PENCHAN] = {"penchan", "edge wait (penchan)"},
    [TENSU_FU_TANKI] = {"tanki", "pair wait (tanki)"},
};

const char *tensu_fu_reason_name(tensu_fu_reason reason)
{
    return (unsigned)reason < TENSU_FU_REASON_COUNT ? reasons[reason].name : NULL;
}

const char *tensu_fu_reason_id(tensu_fu_reason reason)
{
    return (unsigned)reason < TENSU_FU_REASON_COUNT ? reasons[reason].id : NULL;
}

static const tensu_fu_reason set_reason[2][2][2] = {
    /* [closed][outside][kan] */
    {{TENSU_FU_OPEN_TRIPLET_SIMPLES, TENSU_FU_OPEN_KAN_SIMPLES},
     {TENSU_FU_OPEN_TRIPLET_TERMINALS, TENSU_FU_OPEN_KAN_TERMINALS}},
    {{TENSU_FU_CLOSED_TRIPLET_SIMPLES, TENSU_FU_CLOSED_KAN_SIMPLES},
     {TENSU_FU_CLOSED_TRIPLET_TERMINALS, TENSU_FU_CLOSED_KAN_TERMINALS}},
};

int tensu_set_fu(bool kan, bool concealed, bool terminal_or_honour)
{
    return set_fu(kan, concealed, terminal_or_honour);
}

/* The fu of the pair (0 for none) and its reason. */
static int pair_fu(const hctx *c, int k, tensu_fu_reason *reason)
{
    bool seat = k == 27 + c->h->seat, round = k == 27 + c->h->round;
    if (k >= 31) {
        *reason = TENSU_FU_DRAGON_PAIR;
        return 2;
    }
    if (seat && round) {
        consult(c, KEY_DOUBLE_WIND);
        *reason = TENSU_FU_DOUBLE_WIND_PAIR;
        return c->r->double_wind_fu;
    }
    *reason = seat ? TENSU_FU_SEAT_WIND_PAIR : TENSU_FU_ROUND_WIND_PAIR;
    return seat || round ? 2 : 0;
}

int fu_reading(const hctx *c, const reading *rd, bool pinfu, tensu_fu_item *items,
               int *nitems, int *raw_out)
{
    int n = 0, raw, fu;
    tensu_fu_reason why;

    if (rd->shape == TENSU_SHAPE_CHIITOITSU) {
        add(items, &n, TENSU_FU_SEVEN_PAIRS, -1, 0, 25);
        if (nitems != NULL)
            *nitems = n;
        *raw_out = 25;
        return 25;
    }
    if (rd->shape == TENSU_SHAPE_KOKUSHI) {
        if (nitems != NULL)
            *nitems = 0;
        *raw_out = 0;
        return 0;
    }
    raw = 20;
    add(items, &n, TENSU_FU_BASE, -1, 0, 20);
    if (c->menzen && !c->tsumo) {
        raw += 10;
        add(items, &n, TENSU_FU_CLOSED_RON, -1, 0, 10);
    }
    for (int i = 0; i < 4; i++) {
        const hset *s = &rd->sets[i];
        bool outside, kan;
        int f;
        if (s->type == SET_CHI)
            continue;
        outside = tile_is_terminal_or_honour(s->tile);
        kan = s->type == SET_KAN;
        f = set_fu(kan, s->concealed, outside);
        raw += f;
        add(items, &n,
            !s->concealed && !s->called
                ? (outside ? TENSU_FU_RON_TRIPLET_TERMINALS : TENSU_FU_RON_TRIPLET_SIMPLES)
                : set_reason[s->concealed][outside][kan],
            s->tile, kan ? 4 : 3, f);
    }
    if (rd->pair >= 27) { /* only honours are value pairs */
        int f = pair_fu(c, rd->pair, &why);
        if (f > 0) {
            raw += f;
            add(items, &n, why, rd->pair, 2, f);
        }
    }
    if (rd->wait == TENSU_WAIT_KANCHAN || rd->wait == TENSU_WAIT_PENCHAN ||
        rd->wait == TENSU_WAIT_TANKI) {
        raw += 2;
        add(items, &n,
            rd->wait == TENSU_WAIT_KANCHAN   ? TENSU_FU_KANCHAN
            : rd->wait == TENSU_WAIT_PENCHAN ? TENSU_FU_PENCHAN
                                             : TENSU_FU_TANKI,
            c->win, 1, 2);
    }
    if (c->tsumo) {
        if (pinfu) {
            consult(c, KEY_PINFU_TSUMO);
            if (c->r->pinfu_tsumo_fu == 30) {
                raw += 2;
                add(items, &n, TENSU_FU_PINFU_TSUMO, -1, 0, 2);
            }
        } else if (c->h->rinshan && (consult(c, KEY_RINSHAN), c->r->rinshan_fu == 0)) {
            /* no tsumo fu on a kan replacement tile, by rule */
        } else {
            raw += 2;
            add(items, &n, TENSU_FU_TSUMO, -1, 0, 2);
        }
    }
    fu = fu_round_up(raw);
    if (!c->menzen && !c->tsumo && raw == 20) {
        int extra;
        consult(c, KEY_OPEN_PINFU);
        extra = c->r->open_pinfu_fu - 20;
        if (extra > 0)
            add(items, &n, TENSU_FU_OPEN_PINFU, -1, 0, extra);
        raw += extra;
        fu = c->r->open_pinfu_fu;
    }
    if (nitems != NULL)
        *nitems = n;
    *raw_out = raw;
    return fu;
}
