/* Fu: the minipoints of one reading, every source listed with its reason
 * (seed texts 000-002): 20 base; closed ron 10; tsumo 2 (not for pinfu,
 * and per rule not on a kan replacement tile); sets by open/closed,
 * simples/outside, triplet/kan; value pairs; kanchan, penchan, tanki 2;
 * rounded up to 10.  Seven pairs are 25 flat. */
#include "scorer.h"

/* One source of fu; items may be NULL (only the sum is wanted).  The
 * count is the caller's local (never more than 10 items: base, closed ron,
 * four sets, pair, wait, tsumo, open ron). */
static inline void add(tensu_fu_item *items, int *n, const char *reason, int tile, int ntiles,
                       int fu)
{
    if (items != NULL && *n < TENSU_MAX_FU_ITEMS) {
        items[*n].reason = reason;
        items[*n].tile = tile;
        items[*n].ntiles = ntiles;
        items[*n].fu = fu;
        (*n)++;
    }
}

static const char *const set_reason[2][2][2] = {
    /* [closed][outside][kan] */
    {{"open triplet, simples", "open kan, simples"},
     {"open triplet, terminals/honours", "open kan, terminals/honours"}},
    {{"closed triplet, simples", "closed kan, simples"},
     {"closed triplet, terminals/honours", "closed kan, terminals/honours"}},
};

int tensu_set_fu(bool kan, bool concealed, bool terminal_or_honour)
{
    return set_fu(kan, concealed, terminal_or_honour);
}

static int pair_fu(const hctx *c, int k, const char **reason)
{
    int fu = 0;
    bool seat = k == 27 + c->h->seat, round = k == 27 + c->h->round;
    *reason = NULL;
    if (k >= 31) {
        *reason = "pair of dragons";
        return 2;
    }
    if (seat && round) {
        consult(c, KEY_DOUBLE_WIND);
        *reason = "pair of the seat and round wind";
        return c->r->double_wind_fu;
    }
    if (seat) {
        *reason = "pair of the seat wind";
        fu = 2;
    } else if (round) {
        *reason = "pair of the round wind";
        fu = 2;
    }
    return fu;
}

int fu_reading(const hctx *c, const reading *rd, bool pinfu, tensu_fu_item *items,
               int *nitems, int *raw_out)
{
    int n = 0, raw, fu;
    const char *why;

    if (rd->shape == TENSU_SHAPE_CHIITOITSU) {
        add(items, &n, "seven pairs (flat)", -1, 0, 25);
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
    add(items, &n, "base", -1, 0, 20);
    if (c->menzen && !c->tsumo) {
        raw += 10;
        add(items, &n, "closed hand won by ron", -1, 0, 10);
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
                ? (outside ? "triplet completed by ron (counts as open), terminals/honours"
                           : "triplet completed by ron (counts as open), simples")
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
            rd->wait == TENSU_WAIT_KANCHAN   ? "closed wait (kanchan)"
            : rd->wait == TENSU_WAIT_PENCHAN ? "edge wait (penchan)"
                                             : "pair wait (tanki)",
            c->win, 1, 2);
    }
    if (c->tsumo) {
        if (pinfu) {
            consult(c, KEY_PINFU_TSUMO);
            if (c->r->pinfu_tsumo_fu == 30) {
                raw += 2;
                add(items, &n, "tsumo (kept with pinfu by rule)", -1, 0, 2);
            }
        } else if (c->h->rinshan && (consult(c, KEY_RINSHAN), c->r->rinshan_fu == 0)) {
            /* no tsumo fu on a kan replacement tile, by rule */
        } else {
            raw += 2;
            add(items, &n, "tsumo", -1, 0, 2);
        }
    }
    fu = fu_round_up(raw);
    if (!c->menzen && !c->tsumo && raw == 20) {
        int extra;
        consult(c, KEY_OPEN_PINFU);
        extra = c->r->open_pinfu_fu - 20;
        if (extra > 0)
            add(items, &n, "open hand won by ron with no fu", -1, 0, extra);
        raw += extra;
        fu = c->r->open_pinfu_fu;
    }
    if (nitems != NULL)
        *nitems = n;
    *raw_out = raw;
    return fu;
}
