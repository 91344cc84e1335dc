/* The cross-check's walk: every hand of the sweep up to its symmetry
 * class, its called variants and wind cases, each scored and recorded in
 * the tallies of the rule combinations it holds for.  In order: the
 * combinations and fu rows, hands (simplicity, relabelling), recording one
 * scoring (and merging tallies), symmetry classes and wind cases, the walk
 * itself (the sweep's callbacks).  The design is told at the top of
 * crosscheck.c. */
#include "crosscheck_private.h"

#include <string.h>

#define MAX_VARIANTS 4096
#define MAX_READINGS 48   /* kept per winning tile and way of winning */

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

/* The combination of rules r: key k's bit set when r gives it the value of
 * the combinations that have it (value 1 of key_values). */
int combo_of(const tensu_xcheck *x, const tensu_rules *r)
{
    int c = 0;
    for (int k = 0; k < NKEYS; k++)
        c |= cell_key_same(r, &x->combo[1 << k], k) << k;
    return c;
}

int row_of(int fu)
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

bool simpler(const tensu_hand *a, const tensu_hand *b)
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

void disagree(tensu_xcheck *x, const tensu_hand *h, const tensu_score_result *res,
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

void tally_merge(tally *dst, const tally *src)
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
    bool chi; /* runs may be called (tensu_chi_allowed) */
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
        if (!open && v->chi)
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

bool visit_closed(const uint8_t counts[SWEEP_KINDS], void *user)
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
        v.chi = tensu_chi_allowed(&x->rules);
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

bool visit_kokushi(const uint8_t counts[SWEEP_KINDS], void *user)
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
