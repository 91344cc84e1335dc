/* Scoring a hand: every reading, the one worth most to the player, dora,
 * the payment (through the payment engine) and pao. */
#include "scorer.h"

#include <string.h>

const char *tensu_wait_name(tensu_wait w)
{
    switch (w) {
    case TENSU_WAIT_RYANMEN: return "ryanmen";
    case TENSU_WAIT_KANCHAN: return "kanchan";
    case TENSU_WAIT_PENCHAN: return "penchan";
    case TENSU_WAIT_SHANPON: return "shanpon";
    case TENSU_WAIT_TANKI: return "tanki";
    case TENSU_WAIT_KOKUSHI: return "kokushi";
    }
    return "?";
}

/* One scored reading. */
typedef struct cand {
    reading rd;
    yaku_eval y;
    int han;           /* with dora */
    int fu;
    bool pinfu;
    int raw;           /* fu before rounding */
    tensu_value v;
    int64_t total;
    int index;         /* which reading (1, 2, ...) */
} cand;

typedef struct best_state {
    cand best;
    bool have;
    int nreadings;
    int nalt;
    /* the fu items, written for the first reading with yaku (the best one
     * unless a later reading beats it) */
    tensu_fu_item *detail;
    int ndetail;
    int detail_index;
    cand alt[TENSU_MAX_ALTERNATIVES + 1];
} best_state;

#define BIT(id) ((uint64_t)1 << (id))

static int64_t total_of(const hctx *c, const tensu_value *v)
{
    tensu_payment p;
    if (tensu_pay_value(c->r, v, c->dealer, c->tsumo, 0, 0, &p, NULL) != TENSU_OK)
        return -1;
    return p.total;
}

/* Is a better than b for the player?  Totals are computed only here, when
 * two readings compete. */
static bool better(const hctx *c, cand *a, cand *b)
{
    if (a->v.base != b->v.base || a->v.limit != b->v.limit) {
        if (a->total < 0)
            a->total = total_of(c, &a->v);
        if (b->total < 0)
            b->total = total_of(c, &b->v);
    } else {
        a->total = b->total; /* same base: same payment */
    }
    if (a->total != b->total)
        return a->total > b->total;
    if (a->y.yakuman != b->y.yakuman)
        return a->y.yakuman > b->y.yakuman;
    if (a->han != b->han)
        return a->han > b->han;
    return a->fu > b->fu;
}

static bool same_alt(const cand *a, const cand *b)
{
    return a->rd.shape == b->rd.shape && a->han == b->han && a->fu == b->fu &&
           a->y.yakuman == b->y.yakuman && a->y.mask == b->y.mask;
}

/* Han, fu and value of one reading; false when it has no yaku.  items (may
 * be NULL) get the fu sources. */
static bool evaluate(const hctx *c, const reading *rd, cand *out, tensu_fu_item *items,
                     int *nitems)
{
    yaku_reading(c, rd, &out->y);
    if (out->y.yakuman == 0 && out->y.han == 0)
        return false;
    out->rd = *rd;
    out->pinfu = (out->y.mask & BIT(TENSU_YAKU_PINFU)) != 0;
    out->fu = fu_reading(c, rd, out->pinfu, items, nitems, &out->raw);
    if (out->y.yakuman > 0) {
        out->han = 0;
    } else {
        out->han = out->y.han + c->dora + c->aka + c->ura;
        if ((out->y.mask & BIT(TENSU_YAKU_RENHOU)) && c->r->renhou == TENSU_RENHOU_MANGAN) {
            /* renhou as mangan: not added to the other yaku; the player
             * takes whichever is worth more */
            const int mangan = tensu_limit_han(TENSU_LIMIT_MANGAN); /* renhou's han */
            int others = out->han - mangan;
            tensu_value ov;
            if (out->y.han > mangan &&
                tensu_evaluate(c->r, others, out->fu, 0, &ov, NULL) == TENSU_OK &&
                ov.base >= tensu_limit_base(TENSU_LIMIT_MANGAN)) {
                out->y.mask &= ~BIT(TENSU_YAKU_RENHOU);
                out->y.han -= mangan;
                out->han = others;
            } else {
                out->y.mask = BIT(TENSU_YAKU_RENHOU);
                out->y.han = mangan;
                out->han = mangan;
            }
        }
    }
    if (tensu_evaluate(c->r, out->han, out->fu < 20 ? 30 : out->fu, out->y.yakuman, &out->v,
                       NULL) != TENSU_OK)
        return false;
    out->total = -1;
    return true;
}

static bool on_reading(const hctx *c, const reading *rd, void *user)
{
    best_state *st = user;
    cand cd;
    st->nreadings++;
    if (!st->have) {
        /* the first reading with yaku is the best so far */
        if (evaluate(c, rd, &st->best, st->detail, &st->ndetail)) {
            st->best.index = st->detail_index = st->nreadings;
            st->have = true;
        }
        return true;
    }
    if (!evaluate(c, rd, &cd, NULL, NULL))
        return true;
    cd.index = st->nreadings;
    if (better(c, &cd, &st->best)) {
        st->alt[st->nalt < TENSU_MAX_ALTERNATIVES + 1 ? st->nalt++ : TENSU_MAX_ALTERNATIVES] =
            st->best;
        st->best = cd;
    } else if (st->nalt < TENSU_MAX_ALTERNATIVES + 1) {
        st->alt[st->nalt++] = cd;
    }
    return true;
}

static void clear_error(tensu_error *err)
{
    if (err != NULL) {
        err->status = TENSU_OK;
        err->line = err->column = 0;
        err->message[0] = '\0';
    }
}

/* Pao (hand->pao >= 0): who answers for the payment, out->payment made
 * beforehand. */
static tensu_status pay_pao(const hctx *c, const tensu_rules *r, const tensu_hand *hand,
                            const cand *b, tensu_score_result *out, tensu_error *err)
{
    tensu_status s;
    /* the yakuman a player can be liable for: daisangen, daisuushii, and
     * suukantsu under pao-suukantsu=yes */
    uint64_t pao_bits = BIT(TENSU_YAKU_DAISANGEN) | BIT(TENSU_YAKU_DAISUUSHII) |
                        (r->pao_suukantsu ? BIT(TENSU_YAKU_SUUKANTSU) : 0);
    bool big3 = (b->y.mask & pao_bits) != 0;
    bool kan = false;
    for (int i = 0; i < hand->nmelds; i++)
        kan = kan || hand->melds[i].type == TENSU_MELD_MINKAN;
    kan = kan && hand->rinshan && r->pao_kan == TENSU_PAO_KAN_DISCARDER;
    if (!big3 && !kan)
        return error_fill(err, TENSU_ERR_INVALID,
                          "pao: only for daisangen or daisuushii (or suukantsu under "
                          "pao-suukantsu=yes), or a rinshan win after an open kan under "
                          "pao-kan=discarder");
    if (out->payment.big)
        return error_fill(err, TENSU_ERR_OVERFLOW, "pao: amounts too large");
    out->pao_seat = hand->pao;
    {
        /* pao-split=yakuman: the liable player answers for the yakuman
         * that caused the pao only; the others are paid as usual (and
         * payment is then their ordinary split) */
        int units = 0;
        for (uint64_t m = b->y.mask & pao_bits; m != 0; m &= m - 1)
            units += yaku_units_of(c, (tensu_yaku_id)lowest_bit(m));
        if (r->pao_split && big3 && !kan && units > 0 && units < b->y.yakuman) {
            tensu_payment part, rest;
            s = tensu_pay(r, 0, 0, units, c->dealer, c->tsumo, hand->honba, 0, &part, err);
            if (s == TENSU_OK)
                s = tensu_pay(r, 0, 0, b->y.yakuman - units, c->dealer, c->tsumo, 0,
                              hand->sticks, &rest, err);
            if (s != TENSU_OK)
                return s;
            if (c->tsumo) {
                out->pao_pays = part.total_honba;
            } else {
                int64_t half = part.ron / 2;
                out->pao_pays = part.ron - half + part.honba_each;
                out->discarder_pays = half + rest.ron;
            }
            out->payment = rest;
        } else if (c->tsumo) {
            out->pao_pays = out->payment.total_honba;
        } else {
            int64_t half = out->payment.ron / 2;
            out->pao_pays = out->payment.ron - half + out->payment.honba_each;
            out->discarder_pays = half;
        }
    }
    return TENSU_OK;
}

/* Scoring a checked hand: the readings, the best, its payment.  light
 * (the cross-check): the readings and the best only, as han, fu, yakuman
 * and limit: no fu items, no yaku list, no payment (dealer and tsumo
 * only), no pao, alternatives without their totals.  Inline in its callers
 * (a call less on every scoring). */
static HOT_INLINE tensu_status score_checked(hctx *c, const tensu_rules *r,
                                             const tensu_hand *hand, const reading *list,
                                             int nlist, tensu_score_result *out, bool light,
                                             tensu_error *err)
{
    best_state st;
    tensu_status s;
    const cand *b;
    int raw;
    bool counted;

    yaku_context(c);
    st.have = false;
    st.nreadings = 0;
    st.nalt = 0;
    st.detail = light ? NULL : out->fu_detail;
    st.ndetail = 0;
    st.detail_index = 0;
    if (list != NULL)
        for (int i = 0; i < nlist; i++)
            on_reading(c, &list[i], &st);
    else
        readings_each(c, on_reading, &st);
    if (st.nreadings == 0)
        return error_fill(err, TENSU_ERR_NOT_AGARI, "the tiles are not a winning hand");
    if (!st.have)
        return error_fill(err, TENSU_ERR_NO_YAKU,
                          "a winning shape without any yaku (dora do not count as yaku)");
    b = &st.best;

    out->shape = b->rd.shape;
    out->wait = b->rd.wait;
    out->yakuman = b->v.yakuman;
    /* a yakuman under aotenjou is paid as counted han (13 each) at its fu:
     * those are its han and fu; otherwise a yakuman has none */
    counted = b->y.yakuman > 0 && b->v.yakuman == 0;
    out->han = counted ? b->v.han : b->y.yakuman > 0 ? 0 : b->han;
    out->fu = counted ? b->v.fu : b->y.yakuman > 0 ? 0 : b->fu;
    out->counted_yakuman = counted ? b->v.han / TENSU_AOTENJOU_YAKUMAN_HAN : 0;
    out->limit = b->v.limit;
    out->nyaku = light ? 0 : yaku_fill(c, b->y.mask, b->y.yakuman > 0, out->yaku);
    out->dora = b->y.yakuman > 0 ? 0 : c->dora;
    out->aka = b->y.yakuman > 0 ? 0 : c->aka;
    out->ura = b->y.yakuman > 0 ? 0 : c->ura;
    if ((b->y.mask & BIT(TENSU_YAKU_RENHOU)) && r->renhou == TENSU_RENHOU_MANGAN &&
        b->y.yakuman == 0)
        out->dora = out->aka = out->ura = 0;
    if ((b->y.yakuman > 0 && !counted) || light || (counted && b->v.fu != b->fu)) {
        out->nfu = 0;
        out->fu_raw = b->y.yakuman > 0 && !counted ? 0 : counted ? b->v.fu : b->raw;
    } else {
        if (b->index == st.detail_index)
            out->nfu = st.ndetail;
        else
            fu_reading(c, &b->rd, b->pinfu, out->fu_detail, &out->nfu, &raw);
        out->fu_raw = b->raw;
    }
    out->pao_seat = -1;
    out->pao_pays = out->discarder_pays = 0;
    if (light) {
        memset(&out->payment, 0, sizeof out->payment);
        out->payment.dealer = c->dealer;
        out->payment.tsumo = c->tsumo;
    } else {
        s = tensu_pay_value(r, &b->v, c->dealer, c->tsumo, hand->honba, hand->sticks,
                            &out->payment, err);
        if (s != TENSU_OK)
            return s;
        out->total = out->payment.total_honba;
        out->total_with_sticks = out->payment.total_with_sticks;
        if (hand->pao >= 0 && (s = pay_pao(c, r, hand, b, out, err)) != TENSU_OK)
            return s;
    }

    /* alternatives: other readings with a different value or yaku */
    out->nalternatives = 0;
    for (int i = 0; i < st.nalt && out->nalternatives < TENSU_MAX_ALTERNATIVES; i++) {
        const cand *a = &st.alt[i];
        bool dup = same_alt(a, b);
        for (int j = 0; j < out->nalternatives && !dup; j++) {
            const tensu_alternative *o = &out->alternatives[j];
            dup = o->shape == a->rd.shape && o->han == a->han && o->fu == a->fu &&
                  o->yakuman == a->y.yakuman && o->yaku == a->y.mask;
        }
        if (dup)
            continue;
        {
            tensu_alternative *o = &out->alternatives[out->nalternatives++];
            o->shape = a->rd.shape;
            o->wait = a->rd.wait;
            o->han = a->y.yakuman > 0 ? 0 : a->han;
            o->fu = a->y.yakuman > 0 ? 0 : a->fu;
            o->yakuman = a->v.yakuman;
            o->limit = a->v.limit;
            o->total = a->total >= 0 ? a->total : light ? -1 : total_of(c, &a->v);
            o->yaku = a->y.mask;
        }
    }
    return TENSU_OK;
}

bool tensu_result_has_yaku(const tensu_score_result *s, tensu_yaku_id id)
{
    for (int i = 0; i < s->nyaku; i++)
        if (s->yaku[i].id == id)
            return true;
    return false;
}

bool tensu_result_has_fu_in(const tensu_score_result *s, uint32_t reasons)
{
    for (int i = 0; i < s->nfu; i++)
        if ((unsigned)s->fu_detail[i].reason < TENSU_FU_REASON_COUNT &&
            (reasons & TENSU_FU_BIT(s->fu_detail[i].reason)) != 0)
            return true;
    return false;
}

bool tensu_result_has_fu(const tensu_score_result *s, tensu_fu_reason reason)
{
    return (unsigned)reason < TENSU_FU_REASON_COUNT &&
           tensu_result_has_fu_in(s, TENSU_FU_BIT(reason));
}

tensu_status tensu_score(const tensu_rules *r, const tensu_hand *hand,
                         tensu_score_result *out, tensu_error *err)
{
    hctx c;
    tensu_status s;

    clear_error(err);
    s = hand_prepare(r, hand, &c, err);
    if (s != TENSU_OK)
        return s;
    return score_checked(&c, r, hand, NULL, 0, out, false, err);
}

/* ------------------------------------------------------------------ */
/* Prepared tiles                                                      */
/* ------------------------------------------------------------------ */

/* What a tensu_prepared holds: the checked tiles and their decomposition
 * (c.r and c.h are set per call). */
typedef struct prepared {
    hctx c;
    int players;
    int nmelds;
    tensu_meld melds[4];
} prepared;

_Static_assert(sizeof(prepared) <= TENSU_PREPARED_SIZE, "TENSU_PREPARED_SIZE is too small");

static tensu_status not_prepared(tensu_error *err, const char *what)
{
    return error_fill(err, TENSU_ERR_INVALID, "not the prepared tiles: %s", what);
}

tensu_status tensu_prepare(const tensu_rules *r, const tensu_hand *hand, tensu_prepared *p,
                           tensu_error *err)
{
    prepared ps;
    int red_suit[3];
    tensu_status s;

    clear_error(err);
    memset(&ps, 0, sizeof ps);
    ps.c.r = r;
    ps.c.h = hand;
    if ((s = check_numbers(r, hand, err)) != TENSU_OK ||
        (s = check_tiles(r, hand, &ps.c, red_suit, err)) != TENSU_OK)
        return s;
    decompose(&ps.c);
    ps.c.r = NULL;
    ps.c.h = NULL;
    ps.players = r->players;
    ps.nmelds = hand->nmelds;
    memcpy(ps.melds, hand->melds, (size_t)hand->nmelds * sizeof ps.melds[0]);
    memset(p, 0, sizeof *p);
    memcpy(p->priv.bytes, &ps, sizeof ps);
    return TENSU_OK;
}

void prepared_ctx(const tensu_prepared *p, hctx *c)
{
    prepared ps;
    memcpy(&ps, p->priv.bytes, sizeof ps);
    *c = ps.c;
}

typedef struct collector {
    reading *list;
    int n, max;
} collector;

/* A reading equal to one kept is left out: the walk meets a few
 * decompositions twice (readings.c), and a second copy can neither beat
 * the first nor be an alternative of its own. */
static bool collect(const hctx *c, const reading *rd, void *user)
{
    collector *k = user;
    (void)c;
    for (int i = 0; i < k->n && i < k->max; i++)
        if (memcmp(&k->list[i], rd, sizeof *rd) == 0)
            return true;
    if (k->n < k->max)
        k->list[k->n] = *rd;
    k->n++;
    return true;
}

int ctx_readings(hctx *c, const tensu_hand *hand, reading *list, int max)
{
    collector k = {list, 0, max};
    c->h = hand;
    c->win = hand->win;
    c->tsumo = hand->tsumo;
    readings_each(c, collect, &k);
    return k.n;
}

tensu_status score_ctx_light(hctx *c, const tensu_rules *r, const tensu_hand *hand,
                             const reading *list, int nlist, tensu_score_result *out,
                             unsigned *consulted)
{
    int red_suit[3];
    tensu_status s;
    for (int k = 0; k < 3; k++)
        red_suit[k] = hand->red[k] + c->meld_red[k];
    c->r = r;
    c->h = hand;
    c->consulted = consulted;
    if ((s = check_situation(r, hand, c, red_suit, NULL)) != TENSU_OK)
        return s;
    return score_checked(c, r, hand, list, nlist, out, true, NULL);
}

int prepared_readings(const tensu_prepared *p, const tensu_hand *hand, reading_fn fn,
                      void *user)
{
    prepared ps;
    memcpy(&ps, p->priv.bytes, sizeof ps);
    ps.c.h = hand;
    ps.c.win = hand->win;
    ps.c.tsumo = hand->tsumo;
    return readings_each(&ps.c, fn, user);
}

tensu_status tensu_score_prepared(const tensu_prepared *p, const tensu_rules *r,
                                  const tensu_hand *hand, tensu_score_result *out,
                                  tensu_error *err)
{
    prepared ps;
    int red_suit[3], expected, win;
    tensu_status s;

    clear_error(err);
    memcpy(&ps, p->priv.bytes, sizeof ps);
    if ((s = check_numbers(r, hand, err)) != TENSU_OK)
        return s;
    if (r->players != ps.players)
        return not_prepared(err, "rules with another number of players");
    if (hand->nmelds != ps.nmelds)
        return not_prepared(err, "another number of melds");
    for (int i = 0; i < ps.nmelds; i++)
        if (hand->melds[i].type != ps.melds[i].type || hand->melds[i].tile != ps.melds[i].tile ||
            hand->melds[i].red != ps.melds[i].red)
            return not_prepared(err, "another meld");
    /* the concealed tiles, the winning tile counted once */
    expected = 13 - 3 * hand->nmelds;
    win = hand->win;
    if (hand->ntiles == expected + 1) {
        if (memcmp(hand->tiles, ps.c.conc, sizeof ps.c.conc) != 0)
            return not_prepared(err, "other concealed tiles");
        if (hand->tiles[win] == 0) {
            char nb[4];
            return error_fill(err, TENSU_ERR_INVALID,
                              "%d concealed tiles with %d meld%s include the winning tile, "
                              "but there is no %s among them",
                              hand->ntiles, hand->nmelds, hand->nmelds == 1 ? "" : "s",
                              tensu_tile_name(win, false, nb));
        }
    } else if (hand->ntiles == expected) {
        if (hand->tiles[win] + 1 != ps.c.conc[win] ||
            memcmp(hand->tiles, ps.c.conc, (size_t)win) != 0 ||
            memcmp(hand->tiles + win + 1, ps.c.conc + win + 1,
                   (size_t)(TENSU_TILE_KINDS - win - 1)) != 0)
            return not_prepared(err, "other concealed tiles");
    } else {
        return not_prepared(err, "another tile count");
    }
    for (int k = 0; k < 3; k++)
        red_suit[k] = hand->red[k] + ps.c.meld_red[k];
    if (hand->win_red) {
        if (win >= 27 || win % 9 != 4)
            return error_fill(err, TENSU_ERR_INVALID, "a red winning tile that is not a five");
        if (hand->ntiles == expected)
            red_suit[win / 9]++;
    }
    if (ps.c.all[30] + hand->nukidora > 4)
        return error_fill(err, TENSU_ERR_INVALID, "a fifth copy of 4z (with nukidora)");
    ps.c.r = r;
    ps.c.h = hand;
    if ((s = check_situation(r, hand, &ps.c, red_suit, err)) != TENSU_OK)
        return s;
    return score_checked(&ps.c, r, hand, NULL, 0, out, false, err);
}
