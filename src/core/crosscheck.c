/* The cross-check: enumerate every winning hand up to the symmetries that
 * cannot change a score, open hands included, score each with the scorer,
 * tally the (fu, han, dealer, tsumo) cells they land on, check each payment
 * against the table, and prove the blank cells by a lower bound on han per
 * fu.
 *
 * The hands.  Every hand is a closed 14-tile winning hand (the sweep of
 * sweep.c) with 0 to 4 of the sets of one of its readings called (chi,
 * pon, open kan) or made closed kans.  The closed hand is decomposed once,
 * by the scorer (tensu_prepare); its readings give the sets that can be
 * called; each variant is prepared once and scored for every winning tile
 * among its concealed tiles, every seat and round wind that changes its
 * score, ron and tsumo (and the kan's replacement tile when it has a kan).
 *
 * The rule combinations.  Five keys can move a cell (open-pinfu,
 * pinfu-tsumo, double-wind-fu, rinshan-fu, kuitan): 32 combinations per
 * number of players.  A hand is scored once, under the sweep's rules; the
 * scorer marks the keys it read for that hand (fu.c, yaku.c: consult), and
 * only under those keys' other values is the hand scored again.  A result
 * is tallied in the slot of the combinations it holds for: all of them, the
 * sixteen with one key at one value, or each single combination.
 *
 * Why a minimum per fu is enough: riichi, ippatsu, haitei/houtei and dora
 * add han to every reading of a hand alike and never change a fu (riichi
 * asks for a closed hand, which the menzen ron fu already distinguishes),
 * so every sweep scoring is made with haitei (tsumo) or houtei (ron) set:
 * all readings are then valid (a hand without yaku too), each reading's
 * han is its yaku han plus one, and the least han any hand can have at a
 * fu is the least max(yaku han, 1) over every reading met at that fu (the
 * best reading and the alternatives).  Every han above it is then shown by
 * a real example built in tensu_xcheck_finish and scored again.
 *
 * Symmetries (each keeps every fu and every han of a non-yakuman hand):
 * the three suits permuted, every suit read backwards (1 <-> 9) at once,
 * the dragons permuted, and the winds of the seats (East, South, West,
 * and North with four players; with three, North is no seat and no round
 * and is a guest wind to every seat) relabelled together with the seat and
 * round winds; the dealer only
 * changes the payment, so a hand scored for one seat stands for the
 * other.  Only the hand that is largest in its class is scored; its called
 * variants are those of that hand (a symmetry maps the variants of one hand
 * of a class onto those of another). */
#include "scorer.h"
#include "sweep.h"

#include <stdlib.h>
#include <string.h>

#define XROWS TENSU_XCHECK_FU_ROWS
#define XHAN 13
#define MAX_DIS 32
#define MAX_VARIANTS 4096
#define MAX_READINGS 48   /* kept per winning tile and way of winning */
#define NKEYS TENSU_CELL_KEYS
#define NCOMBO (1 << NKEYS)
/* slots: 0 every combination, 1 + 2k + v key k at value v, 11 + c one
 * combination */
#define SLOT_KEY(k, v) (1 + 2 * (k) + (v))
#define SLOT_COMBO(c) (1 + 2 * NKEYS + (c))
#define NSLOTS (1 + 2 * NKEYS + NCOMBO)
#define ALL_COMBOS 0xFFFFFFFFu
/* the combinations with rinshan-fu=0 (bit 3 of the combination: 8..15, 24..31) */
#define RINSHAN_COMBOS 0xFF00FF00u
_Static_assert(KEY_RINSHAN == 1 << 3, "RINSHAN_COMBOS: rinshan-fu is key 3");

/* The keys that move a cell, each value as `tensu rules` writes it: value 0
 * is the tenhou preset's.  Bit k of a combination is key k's value; the
 * scorer's KEY_* bits are in the same order. */
static const char *const key_values[NKEYS][2] = {{"open-pinfu=30", "open-pinfu=20"},
                                                 {"pinfu-tsumo=20", "pinfu-tsumo=30"},
                                                 {"double-wind-fu=4", "double-wind-fu=2"},
                                                 {"rinshan-fu=2", "rinshan-fu=0"},
                                                 {"kuitan=yes", "kuitan=no"}};

const char *tensu_xcheck_key_value(int key, int value)
{
    return key >= 0 && key < NKEYS && (value == 0 || value == 1) ? key_values[key][value] : NULL;
}

/* The combinations that agree with combination c on the keys in keys
 * (bit o for combination o): the combinations with key k at 1 are those
 * whose bit k is set, a fixed pattern per key. */
static uint32_t agreeing(unsigned keys, int c)
{
    static const uint32_t with_key[NKEYS] = {0xAAAAAAAAu, 0xCCCCCCCCu, 0xF0F0F0F0u,
                                             0xFF00FF00u, 0xFFFF0000u};
    uint32_t m = 0xFFFFFFFFu;
    for (int k = 0; k < NKEYS; k++)
        if ((keys >> k) & 1)
            m &= (c >> k) & 1 ? with_key[k] : ~with_key[k];
    return m;
}
_Static_assert(NCOMBO == 32, "agreeing: one bit per combination in 32 bits");

/* What one slot met. */
typedef struct tally {
    /* what every scoring reads first, side by side (a few KB) */
    uint8_t lb[XROWS][2][2];              /* least han per fu row, [dealer][tsumo]; 0 = not met */
    int lbs[XROWS][2][2];                 /* the simplicity of its example */
    bool has[XROWS][XHAN][2][2];
    int exs[XROWS][XHAN][2][2];           /* the simplicity of each example */
    /* the examples, read only on a tie of simplicity */
    tensu_hand lbex[XROWS][2][2];         /* a scoring (with the flag) that met the least han */
    tensu_hand ex[XROWS][XHAN][2][2];     /* scored examples, simplest first */
} tally;

struct tensu_xcheck {
    tensu_rules rules;                    /* the rules the sweep scores with */
    tensu_rules combo[NCOMBO];            /* them with each combination of the keys */
    int base;                             /* the combination of rules */
    uint32_t want;                        /* the combinations kept: base's, or all */
    tensu_table *table;                   /* rules' table: payments checked while scoring */
    tensu_table *rtable;                  /* the same with rinshan-fu=0 */
    /* the values whose payment was checked, per table: [yakuman][han][fu/5][dealer][tsumo] */
    uint8_t checked[2][8][64][64];
    tensu_rules view;                     /* the rules finish and the results are for */
    tensu_table *vtable;
    tensu_xcheck_stats st;
    tally *slot[NSLOTS];
    tally eff;                            /* view's combination, all slots merged (finish) */
    size_t ndis;
    tensu_xcheck_disagreement dis[MAX_DIS];
    bool finished;
    tensu_xcheck_cell cells[XROWS][XHAN][2][2];
};


/* The combination of rules r: key k's bit set when r gives it the value of
 * the combinations that have it (value 1 of key_values). */
static int combo_of(const tensu_xcheck *x, const tensu_rules *r)
{
    int c = 0;
    for (int k = 0; k < NKEYS; k++)
        c |= cell_key_same(r, &x->combo[1 << k], k) << k;
    return c;
}

static int row_of(int fu)
{
    if (!tensu_fu_valid(fu))
        return -1;
    return fu == 20 ? 0 : fu == 25 ? 1 : fu / 10 - 1;
}


/* ------------------------------------------------------------------ */
/* Hands: simplicity, relabelling                                      */
/* ------------------------------------------------------------------ */

static int count_kans(const tensu_hand *h)
{
    int n = 0;
    for (int i = 0; i < h->nmelds; i++)
        n += h->melds[i].type >= TENSU_MELD_MINKAN;
    return n;
}

/* Fewest kans, then melds, then dora, then flags: the example a learner
 * reads most easily. */
static int simplicity(const tensu_hand *h)
{
    int flags = h->riichi + h->double_riichi + h->ippatsu + h->haitei + h->houtei +
                h->rinshan + h->chankan;
    return count_kans(h) * 1000000 + h->nmelds * 10000 + (h->ndora + h->nura) * 10 + flags;
}

/* a (of simplicity ka) before b (kb)? */
static bool simpler_k(const tensu_hand *a, int ka, const tensu_hand *b, int kb)
{
    if (ka != kb)
        return ka < kb;
    return memcmp(a, b, sizeof *a) < 0; /* any fixed order: the same result for any --jobs */
}

static bool simpler(const tensu_hand *a, const tensu_hand *b)
{
    return simpler_k(a, simplicity(a), b, simplicity(b));
}

static int swap_wind(int k, int a, int b)
{
    return k == a ? b : k == b ? a : k;
}

/* The same hand with winds a and b exchanged (tiles, melds, seat, round). */
static void relabel(tensu_hand *h, int a, int b)
{
    uint8_t t = h->tiles[27 + a];
    h->tiles[27 + a] = h->tiles[27 + b];
    h->tiles[27 + b] = t;
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].tile >= 27 && h->melds[i].tile <= 30)
            h->melds[i].tile = 27 + swap_wind(h->melds[i].tile - 27, a, b);
    if (h->win >= 27 && h->win <= 30)
        h->win = 27 + swap_wind(h->win - 27, a, b);
    h->seat = swap_wind(h->seat, a, b);
    h->round = swap_wind(h->round, a, b);
}

/* The hand with the other dealer: the seat wind exchanged with East, or
 * East (the seat) with South. */
static void other_dealer(tensu_hand *h)
{
    if (h->seat == TENSU_EAST)
        relabel(h, TENSU_EAST, TENSU_SOUTH);
    else
        relabel(h, TENSU_EAST, h->seat);
}

/* The same hand in an East or South round (four players): the round wind
 * exchanged with South (the dealer's hand, or the seat's own wind) or
 * with East.  Examples then read like real games. */
static void usual_round(tensu_hand *h)
{
    if (h->round <= TENSU_SOUTH)
        return;
    if (h->seat == TENSU_EAST || h->seat == h->round)
        relabel(h, h->round, TENSU_SOUTH);
    else
        relabel(h, h->round, TENSU_EAST);
}

/* ------------------------------------------------------------------ */
/* Recording one scoring                                               */
/* ------------------------------------------------------------------ */

/* k: the simplicity of h. */
static void keep_example(tally *y, int row, int han, int d, int t, const tensu_hand *h, int k)
{
    if (!y->has[row][han - 1][d][t] ||
        simpler_k(h, k, &y->ex[row][han - 1][d][t], y->exs[row][han - 1][d][t])) {
        y->has[row][han - 1][d][t] = true;
        y->ex[row][han - 1][d][t] = *h;
        y->exs[row][han - 1][d][t] = k;
    }
}

/* v: a reading's han without the sweep's flag (at least 1). */
static void keep_lb(tally *y, int row, int v, int d, int t, const tensu_hand *h, int k)
{
    uint8_t *lb = &y->lb[row][d][t];
    if (*lb == 0 || v < *lb || (v == *lb && simpler_k(h, k, &y->lbex[row][d][t], y->lbs[row][d][t]))) {
        *lb = (uint8_t)v;
        y->lbex[row][d][t] = *h;
        y->lbs[row][d][t] = k;
    }
}

static void disagree(tensu_xcheck *x, const tensu_hand *h, const tensu_score_result *res,
                     const tensu_payment *want)
{
    x->st.disagreements++;
    if (x->ndis < MAX_DIS) {
        tensu_xcheck_disagreement *e = &x->dis[x->ndis++];
        e->hand = *h;
        e->han = res->han;
        e->fu = res->fu;
        e->yakuman = res->yakuman;
        e->dealer = res->payment.dealer;
        e->tsumo = res->payment.tsumo;
        e->scored[0] = res->payment.ron;
        e->scored[1] = res->payment.from_dealer;
        e->scored[2] = res->payment.from_non_dealer;
        e->table[0] = want->ron;
        e->table[1] = want->from_dealer;
        e->table[2] = want->from_non_dealer;
    }
}

/* The scorer's payment against the table (a cell, or a limit row). */
static void check_payment(tensu_xcheck *x, const tensu_table *table, const tensu_hand *h,
                          const tensu_score_result *res)
{
    const tensu_payment *p = &res->payment, *want = NULL;
    int d = p->dealer, t = p->tsumo;
    const tensu_cell *c = NULL;
    if (res->yakuman == 0 && res->han <= XHAN)
        c = tensu_table_cell(table, res->han, res->fu);
    if (c != NULL) {
        want = &c->pay[d][t];
    } else if (res->limit != TENSU_LIMIT_NONE) {
        for (int i = 0; i < table->nlimits && want == NULL; i++) {
            const tensu_limit_row *l = &table->limits[i];
            if (res->yakuman > 0 ? (l->limit == TENSU_LIMIT_YAKUMAN && l->yakuman == res->yakuman)
                                 : (res->limit == TENSU_LIMIT_KAZOE_YAKUMAN
                                        ? l->limit == TENSU_LIMIT_YAKUMAN && l->yakuman == 1
                                        : l->limit == res->limit))
                want = &l->pay[d][t];
        }
    }
    if (want == NULL) {
        x->st.outside++;
        return;
    }
    x->st.compared++;
    if (p->big || want->big || p->ron != want->ron || p->from_dealer != want->from_dealer ||
        p->from_non_dealer != want->from_non_dealer || p->total != want->total)
        disagree(x, h, res, want);
}

/* The payment of a value the first time a scoring meets it: the hand
 * scored again in full (the light scoring has no payment) and its payment
 * compared with the table's. */
static void check_value(tensu_xcheck *x, int c, const tensu_hand *h, const tensu_prepared *p,
                        const tensu_score_result *light)
{
    int t = c != x->base, fu5 = light->fu / 5;
    uint8_t *seen = NULL, bit = (uint8_t)(1u << (light->payment.dealer * 2 + light->payment.tsumo));
    tensu_score_result full;
    if (light->yakuman < 8 && light->han < 64 && fu5 < 64) {
        seen = &x->checked[t][light->yakuman][light->han][fu5];
        if (*seen & bit)
            return;
    }
    if (tensu_score_prepared(p, &x->combo[c], h, &full, NULL) != TENSU_OK)
        return;
    if (seen != NULL)
        *seen |= bit;
    check_payment(x, t ? x->rtable : x->table, h, &full);
}

/* A scored hand as the tallies keep it: the hand in a usual round, and
 * the same hand for the other dealer, made when a tally
 * first needs them (most scorings change no tally). */
typedef struct scored {
    const tensu_score_result *res;
    const tensu_hand *h;
    int d, t, sub;
    bool made;
    tensu_hand hand, other;
    int k;                                /* their simplicity (the same: relabelling keeps it) */
} scored;

static const tensu_hand *hand_of(scored *s, bool other)
{
    if (!s->made) {
        s->hand = *s->h;
        usual_round(&s->hand);
        s->other = s->hand;
        other_dealer(&s->other);
        usual_round(&s->other);
        s->made = true;
    }
    return other ? &s->other : &s->hand;
}

/* Would h (simplicity k) be kept before the example e (simplicity ke)? */
static bool before(scored *s, bool other, int k, bool has, const tensu_hand *e, int ke)
{
    if (!has || k < ke)
        return true;
    return k == ke && memcmp(hand_of(s, other), e, sizeof *e) < 0;
}

/* A least han v for a row, both dealers. */
static void keep_lb_of(tally *y, int row, int v, int d, int t, scored *s)
{
    for (int o = 0; o <= 1; o++) {
        int dd = o ? !d : d, lb = y->lb[row][dd][t];
        if (lb == 0 || v < lb ||
            (v == lb && before(s, o, s->k, true, &y->lbex[row][dd][t], y->lbs[row][dd][t])))
            keep_lb(y, row, v, dd, t, hand_of(s, o), s->k);
    }
}

static void tally_add(tally *y, scored *s)
{
    const tensu_score_result *res = s->res;
    int d = s->d, t = s->t, sub = s->sub;
    if (y == NULL)
        return;
    /* a yakuman counted as han (aotenjou) is paid as the cell of its han
     * and fu (checked as any payment), but it is a yakuman: the yakuman
     * row's, not a hand of the grid */
    if (res->yakuman == 0 && res->counted_yakuman == 0) {
        int row = row_of(res->fu);
        if (row >= 0) {
            int v = res->han - sub > 1 ? res->han - sub : 1;
            if (res->han <= XHAN) {
                int i = res->han - 1;
                if (before(s, false, s->k, y->has[row][i][d][t], &y->ex[row][i][d][t],
                           y->exs[row][i][d][t]))
                    keep_example(y, row, res->han, d, t, hand_of(s, false), s->k);
                if (before(s, true, s->k, y->has[row][i][!d][t],
                                      &y->ex[row][i][!d][t], y->exs[row][i][!d][t]))
                    keep_example(y, row, res->han, !d, t, hand_of(s, true), s->k);
            }
            keep_lb_of(y, row, v, d, t, s);
        }
    }
    for (int i = 0; i < res->nalternatives; i++) {
        const tensu_alternative *a = &res->alternatives[i];
        int row, v;
        if (a->yakuman > 0 || (row = row_of(a->fu)) < 0)
            continue;
        v = a->han - sub > 1 ? a->han - sub : 1;
        keep_lb_of(y, row, v, d, t, s);
    }
}

/* One result, for the combinations whose values of keys are those of
 * combination c (keys 0: every combination). */
static void record(tensu_xcheck *x, const tensu_hand *h, const tensu_score_result *res,
                   unsigned keys, int c)
{
    scored s;
    s.res = res;
    s.d = res->payment.dealer;
    s.t = h->tsumo;
    /* the flag's han comes off, except rinshan: its fu goes with it */
    s.sub = h->rinshan ? 0 : 1;
    s.h = h;
    s.made = false;
    s.k = simplicity(h);
    if (res->nalternatives >= TENSU_MAX_ALTERNATIVES)
        x->st.saturated++;
    if (res->yakuman == 0 && row_of(res->fu) < 0)
        x->st.beyond++;
    if (keys == 0) {
        tally_add(x->slot[0], &s);
    } else if ((keys & (keys - 1)) == 0) {
        int k = lowest_bit(keys);
        tally_add(x->slot[SLOT_KEY(k, (c >> k) & 1)], &s);
    } else {
        for (uint32_t m = agreeing(keys, c); m != 0; m &= m - 1)
            tally_add(x->slot[SLOT_COMBO(lowest_bit(m))], &s);
    }
}

/* Score a hand (its prepared tiles p) once under the sweep's rules; its
 * result holds for every combination that agrees on the keys the scorer
 * read.  Then the same for the first combination not yet covered, until
 * all of those in want are (most hands read no key: one scoring). */
static void score_one(tensu_xcheck *x, const tensu_prepared *p, hctx *ctx, tensu_hand *h,
                      const reading *list, int nlist, uint32_t want)
{
    tensu_score_result res;
    tensu_status s;
    uint32_t covered;
    want &= x->want;
    if (want == 0)
        return;
    covered = ~want;
    int c = (want >> x->base) & 1 ? x->base : lowest_bit(want);
    h->haitei = h->tsumo && !h->rinshan;
    h->houtei = !h->tsumo;
    for (;;) {
        unsigned keys = 0;
        x->st.scored += c == x->base;
        x->st.rescored += c != x->base;
        s = score_ctx_light(ctx, &x->combo[c], h, list, nlist, &res, &keys);
        if (s != TENSU_OK) {
            /* tiles and situation are checked alike under every combination */
            if (s == TENSU_ERR_NOT_AGARI)
                x->st.not_agari++;
            else
                x->st.invalid++;
            return;
        }
        if (c == x->base || (h->rinshan && c == (x->base | KEY_RINSHAN)))
            check_value(x, c, h, p, &res);
        record(x, h, &res, keys, c);
        if (keys == 0)
            return;
        covered |= agreeing(keys, c);
        if (covered == 0xFFFFFFFFu)
            return;
        c = lowest_bit(~(uint64_t)covered);
    }
}

/* ------------------------------------------------------------------ */
/* Symmetry classes and wind cases                                     */
/* ------------------------------------------------------------------ */

static int suit_code(const uint8_t *c, bool backwards)
{
    int code = 0;
    for (int i = 0; i < 9; i++)
        code = code * 5 + c[backwards ? 8 - i : i];
    return code;
}

static void sort3(int *a, int from)
{
    for (int i = from; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (a[j] > a[i]) {
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
            }
}

/* Is the hand the largest of its symmetry class (and a possible hand)? */
static bool canonical(const tensu_xcheck *x, const uint8_t *c)
{
    int a[3], b[3];
    bool sanma = x->rules.players == 3;
    if (sanma)
        for (int k = 1; k < 8; k++)
            if (c[k])
                return false;
    for (int s = 0; s < 3; s++) {
        a[s] = suit_code(c + 9 * s, false);
        b[s] = suit_code(c + 9 * s, true);
    }
    /* sanma: the man suit stays first; the pin and sou suits may swap */
    if (sanma ? a[1] < a[2] : (a[0] < a[1] || a[1] < a[2]))
        return false;
    sort3(b, sanma ? 1 : 0);
    for (int s = 0; s < 3; s++) {
        if (b[s] > a[s])
            return false;
        if (b[s] < a[s])
            break;
    }
    /* the winds of the seats (E, S, W and, with four players, N) */
    if (!(c[27] >= c[28] && c[28] >= c[29] && (sanma || c[29] >= c[30])))
        return false;
    return c[31] >= c[32] && c[32] >= c[33];
}

/* What the winds the hand holds see of a seat and round wind. */
static int wind_key(const uint8_t *c, int s, int r)
{
    int key = 0;
    for (int w = 0; w < 4; w++)
        if (c[27 + w])
            key |= ((s == w) | (r == w) << 1) << (2 * w);
    return key;
}

/* The seat and round winds that differ for this hand: n cases (the other
 * dealer comes from relabelling the winds: record). */
static int wind_cases(const tensu_xcheck *x, const uint8_t *c, int seats[16], int rounds[16])
{
    int n = 0, keys[16];
    bool sanma = x->rules.players == 3;
    for (int s = 0; s < 4; s++) {
        if (sanma && s == TENSU_NORTH)
            continue;
        for (int r = 0; r < 4; r++) {
            int key = wind_key(c, s, r);
            bool dup = false;
            if (sanma && r == TENSU_NORTH)
                continue;
            for (int i = 0; i < n && !dup; i++)
                dup = keys[i] == key;
            if (dup)
                continue;
            keys[n] = key;
            seats[n] = s;
            rounds[n] = r;
            n++;
        }
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* The walk: closed hands and their called variants                    */
/* ------------------------------------------------------------------ */

typedef struct walk {
    tensu_xcheck *x;
    tensu_xcheck_progress progress;
    void *user;
    uint64_t pending;
    bool stop;
    bool one_win;      /* seven pairs: every pair is a tanki wait alike */
} walk;

static bool tick(walk *w)
{
    w->x->st.hands++;
    if (++w->pending == 4096) {
        if (w->progress && !w->progress(w->pending, w->user))
            w->stop = true;
        w->pending = 0;
    }
    return !w->stop;
}

/* The readings of h (its winning tile, ron or tsumo) in list, counted:
 * their number, or -1 when there are more than the list holds (then each
 * scoring finds them again). */
static int kept_readings(tensu_xcheck *x, hctx *ctx, const tensu_hand *h, reading *list)
{
    int n = ctx_readings(ctx, h, list, MAX_READINGS);
    x->st.readings += (uint64_t)n;
    return n <= MAX_READINGS ? n : -1;
}

/* Every winning tile among the concealed tiles of h (prepared as p), each
 * wind case of the whole hand (all), ron and tsumo, and a tsumo on a
 * kan's replacement tile when the hand has a kan. */
static void score_hand(tensu_xcheck *x, const tensu_prepared *p, tensu_hand *h,
                       const uint8_t *all, bool one_win)
{
    int seats[16], rounds[16], n;
    uint8_t none[SWEEP_KINDS] = {0};
    hctx ctx;
    bool kans = count_kans(h) > 0;
    /* seven pairs: no fu from pairs or winds, and yaku that do not depend
     * on the wind: one wind case, one winning tile */
    n = wind_cases(x, one_win ? none : all, seats, rounds);
    prepared_ctx(p, &ctx);
    for (int k = 0; k < TENSU_TILE_KINDS; k++) {
        /* the readings of this winning tile, by ron and by tsumo: the same
         * for every wind case and every combination (NULL: too many to
         * keep, walked by each scoring) */
        reading ron[MAX_READINGS], tsumo[MAX_READINGS];
        int nron, ntsumo;
        if (!h->tiles[k])
            continue;
        h->win = k;
        h->tsumo = false;
        nron = kept_readings(x, &ctx, h, ron);
        h->tsumo = true;
        ntsumo = kept_readings(x, &ctx, h, tsumo);
        for (int i = 0; i < n; i++) {
            h->seat = seats[i];
            h->round = rounds[i];
            h->rinshan = false;
            h->tsumo = false;
            score_one(x, p, &ctx, h, nron < 0 ? NULL : ron, nron, ALL_COMBOS);
            h->tsumo = true;
            score_one(x, p, &ctx, h, ntsumo < 0 ? NULL : tsumo, ntsumo, ALL_COMBOS);
            if (kans) {
                /* with tsumo fu on the replacement tile, the win on it has
                 * the fu and han of the tsumo above (rinshan's han for
                 * haitei's): scored only under rinshan-fu=0 */
                h->rinshan = true;
                score_one(x, p, &ctx, h, ntsumo < 0 ? NULL : tsumo, ntsumo, RINSHAN_COMBOS);
                h->rinshan = false;
            }
        }
        if (one_win)
            break;
    }
}

/* The variants of a closed hand: for each of its readings (the scorer's),
 * every run kept concealed or called (chi, four players), every triplet
 * kept concealed, called (pon), or made a closed or an open kan (a
 * shouminkan is an open kan for fu and han).  Four kans (suukantsu) are a
 * yakuman and left out.  Each set of melds is kept once. */

enum { V_CHI = 0, V_PON, V_ANKAN, V_MINKAN };

typedef struct vlist {
    int n;
    bool sanma;
    bool full;
    int last_pair;
    hset last[4];
    uint32_t key[MAX_VARIANTS];
} vlist;

static void add_variant(vlist *v, const int *melds, int k)
{
    int m[4];
    uint32_t key;
    memcpy(m, melds, (size_t)k * sizeof *m);
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (m[j] < m[i]) {
                int t = m[i];
                m[i] = m[j];
                m[j] = t;
            }
    key = 0; /* four slots of base 137, 136 for an empty slot */
    for (int i = 0; i < 4; i++)
        key = key * 137u + (uint32_t)(i < k ? m[i] : 136);
    for (int i = 0; i < v->n; i++)
        if (v->key[i] == key)
            return;
    if (v->n < MAX_VARIANTS)
        v->key[v->n++] = key;
    else
        v->full = true;
}

/* One reading of the closed hand: its sets, each way of calling them. */
static bool on_reading(const hctx *c, const reading *rd, void *user)
{
    vlist *v = user;
    int total = 1, modes[4];
    (void)c;
    if (rd->shape != TENSU_SHAPE_STANDARD)
        return true;
    /* the readings of one decomposition come together (one per place of
     * the winning tile): its variants once */
    if (rd->pair == v->last_pair) {
        bool same = true;
        for (int i = 0; i < 4 && same; i++)
            same = rd->sets[i].type == v->last[i].type && rd->sets[i].tile == v->last[i].tile;
        if (same)
            return true;
    }
    v->last_pair = rd->pair;
    memcpy(v->last, rd->sets, sizeof v->last);
    /* the triplets: concealed, pon, closed kan, open kan (4^n ways); the
     * runs: all concealed, or one called when no triplet is (an open hand
     * with a run more called or kept concealed has the same fu and han in
     * every reading that keeps the run: a symmetry of readings) */
    for (int i = 0; i < 4; i++) {
        modes[i] = rd->sets[i].type == SET_CHI ? 1 : 4;
        total *= modes[i];
    }
    for (int m = 0; m < total; m++) {
        int mm = m, melds[4], k = 0, kans = 0;
        bool open = false;
        for (int i = 0; i < 4; i++) {
            int mode = mm % modes[i], tile = rd->sets[i].tile;
            mm /= modes[i];
            if (mode == 0)
                continue;
            open = open || mode == 1 || mode == 3;
            kans += mode >= 2;
            melds[k++] = (mode == 1 ? V_PON : mode == 2 ? V_ANKAN : V_MINKAN) * 34 + tile;
        }
        if (kans == 4)
            continue;
        if (k > 0)
            add_variant(v, melds, k);
        if (!open && !v->sanma)
            for (int i = 0; i < 4; i++)
                if (rd->sets[i].type == SET_CHI) {
                    melds[k] = V_CHI * 34 + rd->sets[i].tile;
                    add_variant(v, melds, k + 1);
                }
    }
    return true;
}

/* A variant: its melds taken from the closed hand, prepared once, scored. */
static void score_variant(tensu_xcheck *x, const uint8_t *counts, uint32_t key)
{
    int k, melds[4];
    tensu_hand h;
    tensu_prepared p;
    uint32_t rest = key;

    for (int i = 3; i >= 0; i--) {
        melds[i] = (int)(rest % 137u);
        rest /= 137u;
    }
    k = 0;
    while (k < 4 && melds[k] != 136)
        k++;
    tensu_hand_init(&h);
    memcpy(h.tiles, counts, TENSU_TILE_KINDS);
    for (int i = 0; i < k; i++) {
        int m = melds[i], type = m / 34, tile = m % 34;
        if (type == V_CHI) {
            h.tiles[tile]--, h.tiles[tile + 1]--, h.tiles[tile + 2]--;
            h.melds[i].type = TENSU_MELD_CHI;
        } else {
            if (type != V_PON && counts[tile] != 3)
                return; /* no fifth copy for the kan */
            h.tiles[tile] -= 3;
            h.melds[i].type = type == V_PON     ? TENSU_MELD_PON
                              : type == V_ANKAN ? TENSU_MELD_ANKAN
                                                : TENSU_MELD_MINKAN;
        }
        h.melds[i].tile = tile;
    }
    h.nmelds = k;
    h.ntiles = 14 - 3 * k;
    h.win = -1; /* the first concealed tile to prepare; each in turn below */
    for (int t = 0; t < TENSU_TILE_KINDS; t++)
        if (h.tiles[t]) {
            h.win = t;
            break;
        }
    if (tensu_prepare(&x->rules, &h, &p, NULL) != TENSU_OK) {
        x->st.invalid++;
        return;
    }
    x->st.variants++;
    score_hand(x, &p, &h, counts, false);
}

static bool visit_closed(const uint8_t counts[SWEEP_KINDS], void *user)
{
    walk *w = user;
    tensu_xcheck *x = w->x;
    tensu_hand h;
    tensu_prepared p;
    if (!canonical(x, counts))
        return tick(w);
    x->st.canonical++;
    tensu_hand_init(&h);
    memcpy(h.tiles, counts, TENSU_TILE_KINDS);
    h.ntiles = 14;
    for (int k = 0; k < TENSU_TILE_KINDS && h.win < 0; k++)
        if (counts[k])
            h.win = k;
    /* decomposed once: the closed hand's scorings and its variants */
    if (tensu_prepare(&x->rules, &h, &p, NULL) != TENSU_OK) {
        x->st.invalid++;
        return tick(w);
    }
    if (!w->one_win) {
        vlist v;
        v.n = 0;
        v.sanma = x->rules.players == 3;
        v.full = false;
        v.last_pair = -2;
        prepared_readings(&p, &h, on_reading, &v);
        if (v.full)
            x->st.overflow++;
        for (int i = 0; i < v.n; i++)
            score_variant(x, counts, v.key[i]);
    }
    score_hand(x, &p, &h, counts, w->one_win);
    return tick(w);
}

static bool visit_kokushi(const uint8_t counts[SWEEP_KINDS], void *user)
{
    walk *w = user;
    tensu_hand h;
    tensu_prepared p;
    hctx ctx;
    w->x->st.canonical++;
    tensu_hand_init(&h);
    memcpy(h.tiles, counts, TENSU_TILE_KINDS);
    h.ntiles = 14;
    h.win = 0;
    if (tensu_prepare(&w->x->rules, &h, &p, NULL) != TENSU_OK) {
        w->x->st.invalid++;
        return tick(w);
    }
    prepared_ctx(&p, &ctx);
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        if (counts[k]) {
            reading ron[MAX_READINGS], tsumo[MAX_READINGS];
            int nron, ntsumo;
            h.win = k;
            h.tsumo = false;
            nron = kept_readings(w->x, &ctx, &h, ron);
            h.tsumo = true;
            ntsumo = kept_readings(w->x, &ctx, &h, tsumo);
            for (int s = 0; s < 2; s++) {
                h.seat = s == 0 ? TENSU_EAST : TENSU_SOUTH;
                h.tsumo = false;
                score_one(w->x, &p, &ctx, &h, nron < 0 ? NULL : ron, nron, ALL_COMBOS);
                h.tsumo = true;
                score_one(w->x, &p, &ctx, &h, ntsumo < 0 ? NULL : tsumo, ntsumo, ALL_COMBOS);
            }
        }
    return tick(w);
}

/* ------------------------------------------------------------------ */
/* Public: new, run, merge                                             */
/* ------------------------------------------------------------------ */

tensu_xcheck *tensu_xcheck_new(const tensu_rules *r, bool every_combination,
                               tensu_error *err)
{
    tensu_xcheck *x;
    if (r->family != TENSU_FAMILY_RIICHI) {
        tensu_fail(err, TENSU_ERR_RANGE, "the cross-check is for riichi rules (family=riichi)");
        return NULL;
    }
    x = calloc(1, sizeof *x);
    if (x == NULL) {
        tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
        return NULL;
    }
    x->rules = *r;
    x->view = *r;
    for (int c = 0; c < NCOMBO; c++) {
        x->combo[c] = *r;
        for (int k = 0; k < NKEYS; k++)
            if (tensu_rules_assign(&x->combo[c], key_values[k][(c >> k) & 1], err) != TENSU_OK) {
                tensu_xcheck_free(x);
                return NULL;
            }
    }
    x->base = combo_of(x, r);
    x->want = every_combination ? ALL_COMBOS : (uint32_t)1 << x->base;
    for (int i = 0; i < NSLOTS; i++)
        if ((x->slot[i] = calloc(1, sizeof(tally))) == NULL) {
            tensu_xcheck_free(x);
            tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
            return NULL;
        }
    x->table = tensu_table_new(r, XHAN, 0, err);
    x->rtable = x->table != NULL
                    ? tensu_table_new(&x->combo[x->base | KEY_RINSHAN], XHAN, 0, err)
                    : NULL;
    x->vtable = x->rtable != NULL ? tensu_table_new(r, XHAN, 0, err) : NULL;
    if (x->vtable == NULL) {
        tensu_xcheck_free(x);
        return NULL;
    }
    return x;
}

void tensu_xcheck_free(tensu_xcheck *x)
{
    if (x == NULL)
        return;
    for (int i = 0; i < NSLOTS; i++)
        free(x->slot[i]);
    tensu_table_free(x->table);
    tensu_table_free(x->rtable);
    tensu_table_free(x->vtable);
    free(x);
}

tensu_status tensu_xcheck_view(tensu_xcheck *x, const tensu_rules *r, tensu_error *err)
{
    tensu_table *t;
    if (r->family != TENSU_FAMILY_RIICHI || r->players != x->rules.players)
        return tensu_fail(err, TENSU_ERR_RANGE,
                          "a sweep of %d players cannot give results for %d players",
                          x->rules.players, r->players);
    if (!((x->want >> combo_of(x, r)) & 1))
        return tensu_fail(err, TENSU_ERR_RANGE,
                          "the sweep kept its own rules' combination only (%s): sweep for "
                          "every combination", x->rules.preset);
    if ((t = tensu_table_new(r, XHAN, 0, err)) == NULL)
        return err ? err->status : TENSU_ERR_NOMEM;
    tensu_table_free(x->vtable);
    x->vtable = t;
    x->view = *r;
    x->finished = false;
    return TENSU_OK;
}

uint64_t tensu_xcheck_work(void)
{
    /* hands the sweeps visit: standard, seven pairs, kokushi */
    return 11498658u + 5379616u + 13u;
}

tensu_status tensu_xcheck_run(tensu_xcheck *x, int shard, int nshards,
                              tensu_xcheck_progress progress, void *user, tensu_error *err)
{
    walk w;
    tensu_status s;
    memset(&w, 0, sizeof w);
    w.x = x;
    w.progress = progress;
    w.user = user;
    if (nshards < 1 || shard < 0 || shard >= nshards)
        return tensu_fail(err, TENSU_ERR_RANGE, "bad shard %d of %d", shard, nshards);
    x->finished = false;
    /* each shard checks its own first values: the same counts for any
     * number of threads */
    memset(x->checked, 0, sizeof x->checked);
    s = sweep_standard(shard, nshards, visit_closed, &w, NULL, err);
    if (s == TENSU_OK && !w.stop) {
        w.one_win = true;
        s = sweep_chiitoitsu(shard, nshards, visit_closed, &w, NULL, err);
        w.one_win = false;
    }
    if (s == TENSU_OK && !w.stop && shard == 0)
        s = sweep_kokushi(visit_kokushi, &w, NULL);
    if (s == TENSU_OK && w.pending && progress)
        progress(w.pending, user);
    if (s == TENSU_OK && w.stop)
        s = tensu_fail(err, TENSU_ERR_RANGE, "stopped");
    return s;
}

static void tally_merge(tally *dst, const tally *src)
{
    for (int row = 0; row < XROWS; row++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                if (src->lb[row][d][t])
                    keep_lb(dst, row, src->lb[row][d][t], d, t, &src->lbex[row][d][t],
                            src->lbs[row][d][t]);
                for (int h = 1; h <= XHAN; h++)
                    if (src->has[row][h - 1][d][t])
                        keep_example(dst, row, h, d, t, &src->ex[row][h - 1][d][t],
                                     src->exs[row][h - 1][d][t]);
            }
}

tensu_status tensu_xcheck_merge(tensu_xcheck *dst, const tensu_xcheck *src, tensu_error *err)
{
    if (dst->rules.players != src->rules.players || dst->base != src->base ||
        dst->want != src->want)
        return tensu_fail(err, TENSU_ERR_RANGE, "tallies of other rules cannot be merged");
    dst->st.hands += src->st.hands;
    dst->st.canonical += src->st.canonical;
    dst->st.scored += src->st.scored;
    dst->st.rescored += src->st.rescored;
    dst->st.variants += src->st.variants;
    dst->st.readings += src->st.readings;
    dst->st.overflow += src->st.overflow;
    dst->st.saturated += src->st.saturated;
    dst->st.disagreements += src->st.disagreements;
    dst->st.outside += src->st.outside;
    dst->st.beyond += src->st.beyond;
    dst->st.compared += src->st.compared;
    dst->st.not_agari += src->st.not_agari;
    dst->st.invalid += src->st.invalid;
    for (int i = 0; i < NSLOTS; i++)
        tally_merge(dst->slot[i], src->slot[i]);
    for (size_t i = 0; i < src->ndis && dst->ndis < MAX_DIS; i++)
        dst->dis[dst->ndis++] = src->dis[i];
    dst->finished = false;
    return TENSU_OK;
}

/* The view's combination: what every slot that holds for it met. */
static void effective(tensu_xcheck *x)
{
    int c = combo_of(x, &x->view);
    memset(&x->eff, 0, sizeof x->eff);
    tally_merge(&x->eff, x->slot[0]);
    for (int k = 0; k < NKEYS; k++)
        tally_merge(&x->eff, x->slot[SLOT_KEY(k, (c >> k) & 1)]);
    tally_merge(&x->eff, x->slot[SLOT_COMBO(c)]);
}

/* ------------------------------------------------------------------ */
/* Finish: an example for every cell, checked by scoring it again       */
/* ------------------------------------------------------------------ */

/* Every tile of the hand, melds and the winning tile included. */
static void all_tiles(const tensu_hand *h, int *c)
{
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        c[k] = h->tiles[k];
    if (h->ntiles == 13 - 3 * h->nmelds && h->win >= 0)
        c[h->win]++;
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        if (m->type == TENSU_MELD_CHI) {
            c[m->tile]++, c[m->tile + 1]++, c[m->tile + 2]++;
        } else {
            c[m->tile] += m->type == TENSU_MELD_PON ? 3 : 4;
        }
    }
}

/* Add han to a hand: the win flags first (or dora first), then dora
 * indicators, the largest count that still fits. */
static bool add_han(const tensu_rules *r, tensu_hand *h, int more, bool dora_first)
{
    int c[TENSU_TILE_KINDS];
    all_tiles(h, c);
    for (int pass = 0; pass < 2 && more > 0; pass++) {
        if ((pass == 0) != dora_first) {
            if (more > 0 && !h->haitei && !h->houtei && !h->rinshan) {
                if (h->tsumo)
                    h->haitei = true;
                else
                    h->houtei = true;
                more--;
            }
            if (more > 0 && !tensu_hand_open(h) && !h->riichi) {
                h->riichi = true;
                more--;
            }
            if (more > 0 && h->riichi && !h->ippatsu && r->ippatsu) {
                h->ippatsu = true;
                more--;
            }
            if (more > 0 && h->riichi && !h->double_riichi) {
                h->riichi = false;
                h->double_riichi = true;
                more--;
            }
        } else {
            /* indicators a table can show (as the scorer checks them): one,
             * or five with kan dora; as many ura under riichi; never a
             * fifth copy of a tile in sight */
            int seen[TENSU_TILE_KINDS], most = r->kan_dora ? TENSU_SEEN_INDICATORS : 1;
            memcpy(seen, c, sizeof seen);
            seen[30] += h->nukidora;
            for (int i = 0; i < h->ndora; i++)
                seen[h->dora[i]]++;
            for (int i = 0; i < h->nura; i++)
                seen[h->ura[i]]++;
            while (more > 0) {
                bool ura = h->ndora >= most;
                int best = -1;
                if (ura && !(r->ura_dora && (h->riichi || h->double_riichi) && h->nura < h->ndora))
                    break;
                for (int k = 0; k < TENSU_TILE_KINDS; k++)
                    if (c[k] > 0 && c[k] <= more && seen[tensu_dora_indicator(r, k)] < 4 &&
                        (best < 0 || c[k] > c[best]))
                        best = k;
                if (best < 0)
                    break;
                if (ura)
                    h->ura[h->nura++] = tensu_dora_indicator(r, best);
                else
                    h->dora[h->ndora++] = tensu_dora_indicator(r, best);
                seen[tensu_dora_indicator(r, best)]++;
                more -= c[best];
            }
            /* then red fives among the concealed fives, as the rules have */
            for (int su = 0; su < 3 && more > 0; su++) {
                int reds = h->red[0] + h->red[1] + h->red[2] + (h->win_red ? 1 : 0);
                for (int i = 0; i < h->nmelds; i++)
                    reds += h->melds[i].red;
                /* a five held, not the winning tile (written apart) */
                int fives = h->tiles[su * 9 + 4] -
                            (h->ntiles == 14 - 3 * h->nmelds && h->win == su * 9 + 4);
                if (!h->win_red && reds < r->aka && h->red[su] < fives &&
                    h->red[su] < (su == 1 && r->aka >= 4 ? 2 : 1)) {
                    h->red[su]++;
                    more--;
                }
            }
        }
    }
    return more == 0;
}

static bool lands(const tensu_xcheck *x, const tensu_hand *h, int row, int han, int d, int t,
                  tensu_score_result *res)
{
    if (tensu_score(&x->view, h, res, NULL) != TENSU_OK)
        return false;
    return res->yakuman == 0 && res->han == han && row_of(res->fu) == row &&
           res->payment.dealer == d && h->tsumo == t;
}

/* Try a candidate for a cell; keep it when it lands there and is simpler. */
static void try_cell(tensu_xcheck *x, tensu_xcheck_cell *cell, const tensu_hand *h, int row,
                     bool direct)
{
    tensu_score_result res;
    if (cell->reach == TENSU_REACH_YES && !simpler(h, &cell->example))
        return;
    if (!lands(x, h, row, cell->han, cell->dealer, cell->tsumo, &res))
        return;
    cell->reach = TENSU_REACH_YES;
    cell->direct = direct;
    cell->example = *h;
    cell->result_han = res.han;
    cell->result_fu = res.fu;
    cell->payment = res.payment;
}

/* The same hand without its sweep flag (haitei or houtei), or with riichi
 * in its place. */
static void unflagged(tensu_xcheck *x, tensu_xcheck_cell *cell, const tensu_hand *h, int row)
{
    tensu_hand u = *h;
    u.haitei = u.houtei = false;
    try_cell(x, cell, &u, row, false);
    if (cell->reach != TENSU_REACH_YES && !tensu_hand_open(&u)) {
        u.riichi = true;
        try_cell(x, cell, &u, row, false);
    }
}

/* The payment of a cell's example against the table's cell. */
static void compare_cell(tensu_xcheck *x, const tensu_xcheck_cell *cell, int d, int t)
{
    const tensu_cell *tc = tensu_table_cell(x->vtable, cell->han, cell->fu);
    if (tc != NULL) {
        const tensu_payment *p = &cell->payment, *q = &tc->pay[d][t];
        if (p->ron != q->ron || p->from_dealer != q->from_dealer ||
            p->from_non_dealer != q->from_non_dealer || p->total != q->total) {
            tensu_score_result res;
            if (tensu_score(&x->view, &cell->example, &res, NULL) == TENSU_OK)
                disagree(x, &cell->example, &res, q);
        }
    }
}

/* A closed example of the row (any han, either way of winning, the same
 * seat) with one of its runs called and the win made the cell's way, then
 * han added.  Open hands at high han need it: the examples built up from
 * the cell below run out of dora indicators, while a closed hand of one
 * suit has room for them. */
static void opened(tensu_xcheck *x, tensu_xcheck_cell *cell, int row)
{
    for (int t2 = 0; t2 < 2; t2++)
        for (int h2 = XHAN; h2 >= 1; h2--) {
            const tensu_xcheck_cell *src = &x->cells[row][h2 - 1][cell->dealer][t2];
            if (src->reach != TENSU_REACH_YES || src->example.nmelds > 0)
                continue;
            for (int k = 0; k < 27; k++) {
                tensu_hand u = src->example;
                tensu_score_result res;
                int keep = u.ntiles == 14 ? u.win : -1;
                if (k % 9 > 6 || u.tiles[k] - (keep == k) < 1 ||
                    u.tiles[k + 1] - (keep == k + 1) < 1 || u.tiles[k + 2] - (keep == k + 2) < 1)
                    continue;
                u.tiles[k]--, u.tiles[k + 1]--, u.tiles[k + 2]--;
                u.ntiles -= 3;
                u.melds[u.nmelds++] = (tensu_meld){TENSU_MELD_CHI, k, 0};
                u.tsumo = cell->tsumo;
                u.riichi = u.double_riichi = u.ippatsu = false;
                u.haitei = u.houtei = u.rinshan = u.chankan = false;
                u.tenhou = u.chiihou = u.renhou = false;
                u.nura = 0;
                for (int su = 0; su < 3; su++)
                    if (u.red[su] > u.tiles[su * 9 + 4])
                        u.red[su] = u.tiles[su * 9 + 4];
                if (tensu_score(&x->view, &u, &res, NULL) != TENSU_OK || res.yakuman > 0 ||
                    res.fu != cell->fu || res.han > cell->han)
                    continue;
                for (int order = 0; order < 2; order++) {
                    tensu_hand up = u;
                    if (add_han(&x->view, &up, cell->han - res.han, order == 1))
                        try_cell(x, cell, &up, row, false);
                }
                if (cell->reach == TENSU_REACH_YES)
                    return;
            }
        }
}

tensu_status tensu_xcheck_finish(tensu_xcheck *x, tensu_error *err)
{
    (void)err;
    effective(x);
    x->st.undecided = 0;
    for (int row = 0; row < XROWS; row++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                int lb = x->eff.lb[row][d][t];
                for (int han = 1; han <= XHAN; han++) {
                    tensu_xcheck_cell *cell = &x->cells[row][han - 1][d][t];
                    memset(cell, 0, sizeof *cell);
                    cell->han = han;
                    cell->fu = tensu_xcheck_row_fu(row);
                    cell->dealer = d;
                    cell->tsumo = t;
                    if (lb == 0 || han < lb) {
                        cell->reach = TENSU_REACH_NO;
                        continue;
                    }
                    /* the scoring one han up, without its flag */
                    if (han < XHAN && x->eff.has[row][han][d][t])
                        unflagged(x, cell, &x->eff.ex[row][han][d][t], row);
                    if (han == lb)
                        unflagged(x, cell, &x->eff.lbex[row][d][t], row);
                    if (x->eff.has[row][han - 1][d][t])
                        try_cell(x, cell, &x->eff.ex[row][han - 1][d][t], row, true);
                    /* a simpler example one or more han down, with han added */
                    for (int lower = han - 1; lower >= lb && lower >= 1; lower--) {
                        const tensu_xcheck_cell *low = &x->cells[row][lower - 1][d][t];
                        if (low->reach != TENSU_REACH_YES)
                            continue;
                        /* from that cell's example, or from the hand scored
                         * there directly when it differs (it may have more
                         * room for dora: five indicators at most) */
                        for (int order = 0; order < 4; order++) {
                            tensu_hand up = low->example;
                            if (order >= 2) {
                                if (!x->eff.has[row][lower - 1][d][t] || low->direct)
                                    break;
                                up = x->eff.ex[row][lower - 1][d][t];
                            }
                            if (add_han(&x->view, &up, han - lower, order % 2 == 1))
                                try_cell(x, cell, &up, row, false);
                        }
                        if (cell->reach == TENSU_REACH_YES)
                            break;
                    }
                    if (cell->reach != TENSU_REACH_YES)
                        cell->reach = TENSU_REACH_UNDECIDED;
                }
            }
    /* a cell still open: an open hand made from a closed example of the
     * row, with room for dora (five indicators at most), then compared */
    for (int row = 0; row < XROWS; row++)
        for (int han = 1; han <= XHAN; han++)
            for (int d = 0; d < 2; d++)
                for (int t = 0; t < 2; t++) {
                    tensu_xcheck_cell *cell = &x->cells[row][han - 1][d][t];
                    if (cell->reach == TENSU_REACH_UNDECIDED)
                        opened(x, cell, row);
                    if (cell->reach == TENSU_REACH_UNDECIDED)
                        x->st.undecided++;
                    else if (cell->reach == TENSU_REACH_YES)
                        compare_cell(x, cell, d, t);
                }
    x->finished = true;
    return TENSU_OK;
}

/* ------------------------------------------------------------------ */
/* Results                                                             */
/* ------------------------------------------------------------------ */

int tensu_xcheck_min_han(const tensu_xcheck *x, int fu, bool dealer, bool tsumo)
{
    int row = row_of(fu);
    return row < 0 || !x->finished ? 0 : x->eff.lb[row][dealer][tsumo];
}

const tensu_xcheck_cell *tensu_xcheck_cell_get(const tensu_xcheck *x, int han, int fu,
                                               bool dealer, bool tsumo)
{
    int row = row_of(fu);
    if (!x->finished || row < 0 || han < 1 || han > XHAN)
        return NULL;
    return &x->cells[row][han - 1][dealer][tsumo];
}

const tensu_xcheck_stats *tensu_xcheck_stats_get(const tensu_xcheck *x)
{
    return &x->st;
}

size_t tensu_xcheck_ndisagreements(const tensu_xcheck *x)
{
    return x->ndis;
}

const tensu_xcheck_disagreement *tensu_xcheck_disagreement_at(const tensu_xcheck *x, size_t i)
{
    return i < x->ndis ? &x->dis[i] : NULL;
}
