/* The cross-check: score every closed winning hand (and a bounded class of
 * called and kan variants of them) with the scorer, tally the (fu, han,
 * dealer, tsumo) cells they land on, check each payment against the
 * table, and prove the blank cells by a lower bound on han per fu.
 *
 * Why a minimum per fu is enough: riichi, ippatsu, haitei/houtei and dora
 * add han to every reading of a hand alike and never change a fu, so
 * every sweep scoring is made with haitei (tsumo) or houtei (ron) set: all
 * readings are then valid (a hand without yaku too), each reading's han
 * is its yaku han plus one, and the least han any hand can have at a fu is
 * the least max(yaku han, 1) over every reading met at that fu (the best
 * reading and the alternatives).  Every han above it is then shown by a
 * real example built in tensu_xcheck_finish and scored again.
 *
 * Symmetries (each keeps every fu and every han of a non-yakuman hand):
 * the three suits permuted, every suit read backwards (1 <-> 9) at once,
 * the dragons permuted, and (four players, any round wind) the winds
 * relabelled together with the seat and round winds; the dealer only
 * changes the payment, so a hand scored for one seat stands for the
 * other.  Only the hand that is largest in its class is scored. */
#include "scorer.h"

#include <stdlib.h>
#include <string.h>

#define XROWS TENSU_XCHECK_FU_ROWS
#define XHAN 13
#define MAX_DIS 32
#define MAX_VARIANTS 512

struct tensu_xcheck {
    tensu_rules rules;
    tensu_table *table;
    tensu_xcheck_stats st;
    bool relabel;                         /* winds may be relabelled (4 players) */
    /* least han per fu row, [dealer][tsumo]; 0 = not met */
    uint8_t lb[XROWS][2][2];
    uint8_t dmin[XROWS][2][2];            /* the same over best readings only */
    tensu_hand lbex[XROWS][2][2];         /* a scoring (with the flag) that met it */
    bool has[XROWS][XHAN][2][2];
    tensu_hand ex[XROWS][XHAN][2][2];     /* scored examples, simplest first */
    /* [row][tsumo]: the called phase explores a row while a hand may have
     * fewer han there than this (99: no hand met yet, 1: nothing to find) */
    uint8_t need[XROWS][2];
    size_t ndis;
    tensu_xcheck_disagreement dis[MAX_DIS];
    bool finished;
    tensu_xcheck_cell cells[XROWS][XHAN][2][2];
};


static int row_of(int fu)
{
    if (fu == 20)
        return 0;
    if (fu == 25)
        return 1;
    if (fu % 10 != 0 || fu < 30 || fu > 170)
        return -1;
    return fu / 10 - 1;
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

/* Fewest kans, then dora, then melds, then flags. */
static int simplicity(const tensu_hand *h)
{
    int flags = h->riichi + h->double_riichi + h->ippatsu + h->haitei + h->houtei +
                h->rinshan + h->chankan;
    return count_kans(h) * 100000 + (h->ndora + h->nura) * 1000 + h->nmelds * 10 + flags;
}

static bool simpler(const tensu_hand *a, const tensu_hand *b)
{
    int ka = simplicity(a), kb = simplicity(b);
    if (ka != kb)
        return ka < kb;
    return memcmp(a, b, sizeof *a) < 0; /* any fixed order: the same result for any --jobs */
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

/* ------------------------------------------------------------------ */
/* Recording one scoring                                               */
/* ------------------------------------------------------------------ */

static void keep_example(tensu_xcheck *x, int row, int han, int d, int t, const tensu_hand *h)
{
    if (!x->has[row][han - 1][d][t] || simpler(h, &x->ex[row][han - 1][d][t])) {
        x->has[row][han - 1][d][t] = true;
        x->ex[row][han - 1][d][t] = *h;
    }
}

/* v: a reading's han without the sweep's flag (at least 1); direct: the
 * best reading, the one the hand is scored by. */
static void keep_lb(tensu_xcheck *x, int row, int v, int d, int t, const tensu_hand *h,
                    bool direct)
{
    uint8_t *lb = &x->lb[row][d][t];
    if (*lb == 0 || v < *lb || (v == *lb && simpler(h, &x->lbex[row][d][t]))) {
        *lb = (uint8_t)v;
        x->lbex[row][d][t] = *h;
    }
    if (direct) {
        /* the called phase need not look for more han than a hand
         * scored directly already has (an alternative reading is not
         * enough: the example must score to the cell) */
        uint8_t *m = &x->dmin[row][d][t];
        int a, b;
        if (*m == 0 || v < *m)
            *m = (uint8_t)v;
        a = x->dmin[row][0][t] ? x->dmin[row][0][t] : 99;
        b = x->dmin[row][1][t] ? x->dmin[row][1][t] : 99;
        if ((a > b ? a : b) < x->need[row][t])
            x->need[row][t] = (uint8_t)(a > b ? a : b);
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
static void check_payment(tensu_xcheck *x, const tensu_hand *h, const tensu_score_result *res)
{
    const tensu_payment *p = &res->payment, *want = NULL;
    int d = p->dealer, t = p->tsumo;
    const tensu_cell *c = NULL;
    if (res->yakuman == 0 && res->han <= XHAN)
        c = tensu_table_cell(x->table, res->han, res->fu);
    if (c != NULL) {
        want = &c->pay[d][t];
    } else if (res->limit != TENSU_LIMIT_NONE) {
        for (int i = 0; i < x->table->nlimits && want == NULL; i++) {
            const tensu_limit_row *l = &x->table->limits[i];
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

/* One sweep scoring: the hand carries haitei (tsumo) or houtei (ron). */
static void record(tensu_xcheck *x, const tensu_hand *scored, const tensu_score_result *res)
{
    int d = res->payment.dealer, t = scored->tsumo;
    /* the flag's han comes off, except rinshan: its fu goes with it */
    int sub = scored->rinshan ? 0 : 1;
    tensu_hand hand = *scored, other;
    const tensu_hand *h = &hand;
    bool both = x->relabel;

    check_payment(x, scored, res);
    if (both) {
        usual_round(&hand);
        other = hand;
        other_dealer(&other);
        usual_round(&other);
    }
    if (res->nalternatives >= TENSU_MAX_ALTERNATIVES)
        x->st.saturated++;
    if (res->yakuman == 0) {
        int row = row_of(res->fu);
        if (row < 0) {
            x->st.beyond++;
        } else {
            if (res->han <= XHAN) {
                keep_example(x, row, res->han, d, t, h);
                if (both)
                    keep_example(x, row, res->han, !d, t, &other);
            }
            keep_lb(x, row, res->han - sub > 1 ? res->han - sub : 1, d, t, h, true);
            if (both)
                keep_lb(x, row, res->han - sub > 1 ? res->han - sub : 1, !d, t, &other, true);
        }
    }
    for (int i = 0; i < res->nalternatives; i++) {
        const tensu_alternative *a = &res->alternatives[i];
        int row, v;
        if (a->yakuman > 0)
            continue;
        row = row_of(a->fu);
        if (row < 0) {
            x->st.beyond++;
            continue;
        }
        v = a->han - sub > 1 ? a->han - sub : 1;
        keep_lb(x, row, v, d, t, h, false);
        if (both)
            keep_lb(x, row, v, !d, t, &other, false);
    }
}

static void score_one(tensu_xcheck *x, tensu_hand *h)
{
    tensu_score_result res;
    tensu_status s;
    h->haitei = h->tsumo && !h->rinshan;
    h->houtei = !h->tsumo;
    x->st.scored++;
    s = tensu_score(&x->rules, h, &res, NULL);
    if (s == TENSU_OK)
        record(x, h, &res);
    else if (s == TENSU_ERR_NOT_AGARI)
        x->st.not_agari++;
    else
        x->st.invalid++;
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
    if (x->relabel && !(c[27] >= c[28] && c[28] >= c[29] && c[29] >= c[30]))
        return false;
    return c[31] >= c[32] && c[32] >= c[33];
}

/* The seat and round winds that differ for this hand: *n pairs. */
static int wind_cases(const tensu_xcheck *x, const uint8_t *c, int seats[16], int rounds[16])
{
    int n = 0, keys[16];
    for (int s = 0; s < 4; s++) {
        if (x->rules.players == 3 && s == TENSU_NORTH)
            continue;
        for (int r = 0; r < 4; r++) {
            int key = 0;
            bool dup = false;
            for (int w = 0; w < 4; w++)
                if (c[27 + w])
                    key |= ((s == w) | (r == w) << 1) << (2 * w);
            if (!x->relabel)
                key |= (s == TENSU_EAST) << 8;
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
/* The closed phase                                                    */
/* ------------------------------------------------------------------ */

typedef struct walk {
    tensu_xcheck *x;
    tensu_xcheck_progress progress;
    void *user;
    uint64_t pending;
    bool stop;
    bool one_win;      /* seven pairs: every pair is a tanki wait alike */
    bool count;        /* count hands (the closed phase; the called one revisits them) */
} walk;

static bool tick(walk *w)
{
    w->x->st.hands += w->count;
    if (++w->pending == 4096) {
        if (w->progress && !w->progress(w->pending, w->user))
            w->stop = true;
        w->pending = 0;
    }
    return !w->stop;
}

static void score_winds(tensu_xcheck *x, tensu_hand *h, const uint8_t *all, bool tsumo_too)
{
    int seats[16], rounds[16];
    int n = wind_cases(x, all, seats, rounds);
    for (int i = 0; i < n; i++) {
        h->seat = seats[i];
        h->round = rounds[i];
        h->tsumo = false;
        h->rinshan = false;
        score_one(x, h);
        if (tsumo_too) {
            h->tsumo = true;
            score_one(x, h);
        }
    }
}

static bool visit_closed(const uint8_t counts[TENSU_SWEEP_KINDS], void *user)
{
    walk *w = user;
    tensu_xcheck *x = w->x;
    tensu_hand h;
    if (!canonical(x, counts))
        return tick(w);
    x->st.canonical++;
    tensu_hand_init(&h);
    memcpy(h.tiles, counts, TENSU_TILE_KINDS);
    h.ntiles = 14;
    for (int k = 0; k < TENSU_TILE_KINDS; k++) {
        if (!counts[k])
            continue;
        h.win = k;
        if (w->one_win) {
            /* seven pairs: no fu from pairs or winds, and yaku that do not
             * depend on the wind: one wind case */
            uint8_t none[TENSU_SWEEP_KINDS] = {0};
            score_winds(x, &h, none, true);
            break;
        }
        score_winds(x, &h, counts, true);
    }
    return tick(w);
}

static bool visit_kokushi(const uint8_t counts[TENSU_SWEEP_KINDS], void *user)
{
    walk *w = user;
    tensu_hand h;
    w->x->st.canonical++;
    tensu_hand_init(&h);
    memcpy(h.tiles, counts, TENSU_TILE_KINDS);
    h.ntiles = 14;
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        if (counts[k]) {
            h.win = k;
            for (int s = 0; s < 2; s++) {
                h.seat = s == 0 ? TENSU_EAST : TENSU_SOUTH;
                h.tsumo = false;
                score_one(w->x, &h);
                h.tsumo = true;
                score_one(w->x, &h);
            }
        }
    return tick(w);
}

/* ------------------------------------------------------------------ */
/* The called phase: open sets and kans                                */
/* ------------------------------------------------------------------ */

/* Variants of a hand of four sets and a pair, for one way of reading it
 * (each reading is enumerated): every triplet kept concealed, called
 * (pon), or made a closed or an open kan (a shouminkan is an open kan for
 * fu and han); and, when no triplet is called, at most one run called
 * (once the hand is open, calling a second run changes no fu and no han,
 * and keeping it concealed leaves the scorer more readings).  Four kans
 * (suukantsu) are yakuman and left out.  Each set of melds is kept once. */

enum { V_CHI = 0, V_PON, V_ANKAN, V_MINKAN };

typedef struct vlist {
    int n;
    uint32_t key[MAX_VARIANTS];
} vlist;

typedef struct decomp {
    int ns;
    int type[4]; /* 0 run, 1 triplet */
    int tile[4];
} decomp;

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
}

static void variants_of(const decomp *dc, bool sanma, vlist *v)
{
    int trip[4], nt = 0, run[4], nr = 0, total = 1;
    for (int i = 0; i < dc->ns; i++) {
        if (dc->type[i])
            trip[nt++] = dc->tile[i];
        else
            run[nr++] = dc->tile[i];
    }
    for (int i = 0; i < nt; i++)
        total *= 4;
    for (int m = 0; m < total; m++) {
        int mm = m, melds[4], k = 0, kans = 0;
        bool open = false;
        for (int i = 0; i < nt; i++) {
            int mode = mm % 4; /* 0 concealed, 1 pon, 2 ankan, 3 minkan */
            mm /= 4;
            if (mode == 0)
                continue;
            open = open || mode == 1 || mode == 3;
            kans += mode >= 2;
            melds[k++] = (mode == 1 ? V_PON : mode == 2 ? V_ANKAN : V_MINKAN) * 34 + trip[i];
        }
        if (kans == 4)
            continue;
        if (k > 0)
            add_variant(v, melds, k);
        if (!open && !sanma)
            for (int r = 0; r < nr; r++) {
                melds[k] = V_CHI * 34 + run[r];
                add_variant(v, melds, k + 1);
            }
    }
}

static void variant_sets(uint8_t *c, int from, decomp *dc, bool sanma, vlist *v)
{
    int i = from;
    while (i < 34 && c[i] == 0)
        i++;
    if (i == 34) {
        if (dc->ns == 4)
            variants_of(dc, sanma, v);
        return;
    }
    if (dc->ns == 4)
        return;
    if (c[i] >= 3) {
        c[i] -= 3;
        dc->type[dc->ns] = 1;
        dc->tile[dc->ns++] = i;
        variant_sets(c, i, dc, sanma, v);
        dc->ns--;
        c[i] += 3;
    }
    if (i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        dc->type[dc->ns] = 0;
        dc->tile[dc->ns++] = i;
        variant_sets(c, i, dc, sanma, v);
        dc->ns--;
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
}

/* Can a variant lower the least han of a row (one the closed phase left
 * above 1 han)?  For each count c of concealed triplets a reading may
 * have: a sound upper bound on its fu (melds, the c best triplets of the
 * concealed tiles, pair, wait, win) and a sound lower bound on its han
 * (yaku every such reading has: dragon triplets, three kans, three
 * concealed triplets, four triplets, menzen tsumo).  Used only to skip
 * variants that cannot matter, never as a score. */
static bool worth(const tensu_xcheck *x, const tensu_hand *h, bool tsumo)
{
    int meldfu = 0, conc = 4 - h->nmelds, pair = 0, lo_raw, lo;
    int kans = 0, ankans = 0, meld_trip = 0, han0 = 0, ntrip = 0, cert = 0, dcert = 0;
    int tripfu[4];
    bool open = false;
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        bool th = tile_is_terminal_or_honour(m->tile);
        kans += m->type >= TENSU_MELD_MINKAN;
        ankans += m->type == TENSU_MELD_ANKAN;
        meld_trip += m->type != TENSU_MELD_CHI;
        han0 += m->type != TENSU_MELD_CHI && m->tile >= 31; /* haku, hatsu, chun */
        switch (m->type) {
        case TENSU_MELD_CHI: open = true; break;
        case TENSU_MELD_PON: open = true; meldfu += set_fu(false, false, th); break;
        case TENSU_MELD_ANKAN: meldfu += set_fu(true, true, th); break;
        default: open = true; meldfu += set_fu(true, false, th); break;
        }
    }
    /* concealed triplet candidates, honours first (always triplets) */
    for (int pass = 0; pass < 3; pass++)
        for (int k = 0; k < TENSU_TILE_KINDS; k++) {
            bool honour = k >= 27, th = tile_is_terminal_or_honour(k);
            if (h->tiles[k] < 3 || (pass == 0) != honour || (pass == 1) != (th && !honour))
                continue;
            if (ntrip < 4)
                tripfu[ntrip++] = set_fu(false, true, th);
            if (honour) {
                cert++;
                dcert += k >= 31;
            }
        }
    for (int k = 27; k < TENSU_TILE_KINDS; k++)
        if (h->tiles[k] == 2)
            pair = k <= 30 ? 4 : (pair > 2 ? pair : 2);
    if (pair == 0 && cert == 0)
        for (int k = 27; k < TENSU_TILE_KINDS; k++)
            if (h->tiles[k] >= 2)
                pair = k <= 30 ? 4 : 2;
    lo_raw = 20 + meldfu + (!open && !tsumo ? 10 : 0);
    lo = fu_round_up(lo_raw);
    /* an open ron hand with no fu scores open-pinfu (20 or 30); tsumo
     * adds 2 fu (none on a kan replacement tile under rinshan-fu=0) */
    if (lo == 20 && (x->rules.open_pinfu_fu != 20 || tsumo)) {
        if (!tsumo || x->rules.rinshan_fu == 2 || h->nmelds == 0)
            lo = 30;
    }
    for (int c = cert; c <= (ntrip < conc ? ntrip : conc); c++) {
        int hi = 20 + meldfu + 4 + 2 + (tsumo ? 2 : 0) + (!open && !tsumo ? 10 : 0);
        int ankou = ankans + (tsumo || c == 0 ? c : c - 1);
        int han = han0 + dcert + (kans >= 3 ? 2 : 0) + (ankou >= 3 ? 2 : 0) +
                  (meld_trip + c == 4 ? 2 : 0) + (!open && tsumo ? 1 : 0);
        if (ankou >= 4)
            continue; /* suuankou: a yakuman */
        hi += pair - 4; /* the pair bound, kept apart from the triplets */
        for (int i = 0; i < c; i++)
            hi += tripfu[i];
        hi = fu_round_up(hi);
        if (han < 1)
            han = 1;
        for (int r = 0; r < XROWS; r++)
            if (r != 1 && han < x->need[r][tsumo] && tensu_xcheck_row_fu(r) >= lo && tensu_xcheck_row_fu(r) <= hi)
                return true;
    }
    return false;
}

static void score_variant(tensu_xcheck *x, const uint8_t *counts, uint32_t key)
{
    int k, melds[4];
    uint8_t conc[TENSU_TILE_KINDS];
    tensu_hand h;
    bool kans = false;
    uint32_t rest = key;

    for (int i = 3; i >= 0; i--) {
        melds[i] = (int)(rest % 137u);
        rest /= 137u;
    }
    k = 0;
    while (k < 4 && melds[k] != 136)
        k++;
    memcpy(conc, counts, sizeof conc);
    tensu_hand_init(&h);
    for (int i = 0; i < k; i++) {
        int m = melds[i], type = m / 34, tile = m % 34;
        if (type == V_CHI) {
            conc[tile]--, conc[tile + 1]--, conc[tile + 2]--;
            h.melds[i].type = TENSU_MELD_CHI;
        } else {
            if (type != V_PON && counts[tile] != 3)
                return; /* no fifth copy for the kan */
            conc[tile] -= 3;
            h.melds[i].type = type == V_PON ? TENSU_MELD_PON
                              : type == V_ANKAN ? TENSU_MELD_ANKAN : TENSU_MELD_MINKAN;
            kans = kans || type != V_PON;
        }
        h.melds[i].tile = tile;
    }
    h.nmelds = k;
    memcpy(h.tiles, conc, sizeof conc);
    h.ntiles = 14 - 3 * k;
    {
        bool w[2];
        w[0] = worth(x, &h, false);
        w[1] = worth(x, &h, true);
        if (!w[0] && !w[1]) {
            x->st.pruned++;
            return;
        }
        x->st.variants++;
        for (int t = 0; t < TENSU_TILE_KINDS; t++) {
            int seats[16], rounds[16], n;
            if (!conc[t])
                continue;
            h.win = t;
            n = wind_cases(x, counts, seats, rounds);
            for (int i = 0; i < n; i++) {
                h.seat = seats[i];
                h.round = rounds[i];
                h.rinshan = false;
                if (w[0]) {
                    h.tsumo = false;
                    score_one(x, &h);
                }
                if (w[1]) {
                    h.tsumo = true;
                    score_one(x, &h);
                    if (kans && x->rules.rinshan_fu != 2) {
                        h.rinshan = true; /* no tsumo fu on the replacement tile */
                        score_one(x, &h);
                        h.rinshan = false;
                    }
                }
            }
        }
    }
}

static bool visit_called(const uint8_t counts[TENSU_SWEEP_KINDS], void *user)
{
    walk *w = user;
    tensu_xcheck *x = w->x;
    vlist v;
    uint8_t c[TENSU_SWEEP_KINDS];
    decomp dc;
    bool sanma = x->rules.players == 3;

    if (!canonical(x, counts))
        return tick(w);
    v.n = 0;
    memcpy(c, counts, sizeof c);
    for (int p = 0; p < TENSU_SWEEP_KINDS; p++)
        if (c[p] >= 2) {
            c[p] -= 2;
            dc.ns = 0;
            variant_sets(c, 0, &dc, sanma, &v);
            c[p] += 2;
        }
    for (int i = 0; i < v.n; i++)
        score_variant(x, counts, v.key[i]);
    return tick(w);
}

/* ------------------------------------------------------------------ */
/* Public: new, run, merge                                             */
/* ------------------------------------------------------------------ */

tensu_xcheck *tensu_xcheck_new(const tensu_rules *r, tensu_error *err)
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
    x->relabel = r->players == 4;
    x->table = tensu_table_new(r, XHAN, err);
    if (x->table == NULL) {
        free(x);
        return NULL;
    }
    for (int row = 0; row < XROWS; row++)
        for (int t = 0; t < 2; t++)
            x->need[row][t] = 99;
    return x;
}

void tensu_xcheck_free(tensu_xcheck *x)
{
    if (x == NULL)
        return;
    tensu_table_free(x->table);
    free(x);
}

uint64_t tensu_xcheck_work(tensu_xcheck_phase phase)
{
    /* hands the sweeps visit: 11,498,658 + 5,379,616 + 13, then 11,498,658 */
    return phase == TENSU_XCHECK_CLOSED ? 11498658u + 5379616u + 13u : 11498658u;
}

tensu_status tensu_xcheck_run(tensu_xcheck *x, tensu_xcheck_phase phase, int shard, int nshards,
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
    if (phase == TENSU_XCHECK_CLOSED) {
        w.count = true;
        s = tensu_sweep_standard(shard, nshards, visit_closed, &w, NULL, err);
        if (s == TENSU_OK && !w.stop) {
            w.one_win = true;
            s = tensu_sweep_chiitoitsu(shard, nshards, visit_closed, &w, NULL, err);
            w.one_win = false;
        }
        if (s == TENSU_OK && !w.stop && shard == 0)
            s = tensu_sweep_kokushi(visit_kokushi, &w, NULL);
    } else {
        s = tensu_sweep_standard(shard, nshards, visit_called, &w, NULL, err);
    }
    if (s == TENSU_OK && w.pending && progress)
        progress(w.pending, user);
    if (s == TENSU_OK && w.stop)
        s = tensu_fail(err, TENSU_ERR_RANGE, "stopped");
    return s;
}

void tensu_xcheck_plan(tensu_xcheck *x, const tensu_xcheck *closed)
{
    for (int row = 0; row < XROWS; row++)
        for (int t = 0; t < 2; t++) {
            int most = 0;
            for (int d = 0; d < 2; d++) {
                int v = closed->dmin[row][d][t] ? closed->dmin[row][d][t] : 99;
                most = v > most ? v : most;
            }
            x->need[row][t] = (uint8_t)most;
        }
}

bool tensu_xcheck_needs(const tensu_xcheck *x, int fu, bool tsumo)
{
    int row = row_of(fu);
    return row >= 0 && x->need[row][tsumo] > 1;
}

tensu_status tensu_xcheck_merge(tensu_xcheck *dst, const tensu_xcheck *src, tensu_error *err)
{
    (void)err;
    dst->st.hands += src->st.hands;
    dst->st.canonical += src->st.canonical;
    dst->st.scored += src->st.scored;
    dst->st.variants += src->st.variants;
    dst->st.pruned += src->st.pruned;
    dst->st.saturated += src->st.saturated;
    dst->st.disagreements += src->st.disagreements;
    dst->st.outside += src->st.outside;
    dst->st.beyond += src->st.beyond;
    dst->st.compared += src->st.compared;
    dst->st.not_agari += src->st.not_agari;
    dst->st.invalid += src->st.invalid;
    for (int row = 0; row < XROWS; row++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                if (src->lb[row][d][t])
                    keep_lb(dst, row, src->lb[row][d][t], d, t, &src->lbex[row][d][t], false);
                if (src->dmin[row][d][t] &&
                    (!dst->dmin[row][d][t] || src->dmin[row][d][t] < dst->dmin[row][d][t]))
                    dst->dmin[row][d][t] = src->dmin[row][d][t];
                for (int h = 1; h <= XHAN; h++)
                    if (src->has[row][h - 1][d][t])
                        keep_example(dst, row, h, d, t, &src->ex[row][h - 1][d][t]);
            }
    for (size_t i = 0; i < src->ndis && dst->ndis < MAX_DIS; i++)
        dst->dis[dst->ndis++] = src->dis[i];
    dst->finished = false;
    return TENSU_OK;
}

/* ------------------------------------------------------------------ */
/* Finish: an example for every cell, checked by scoring it again       */
/* ------------------------------------------------------------------ */

static int dora_indicator(const tensu_rules *r, int k)
{
    if (k < 27) {
        if (r->players == 3 && k == 8)
            return 0; /* sanma: 1m -> 9m */
        return k % 9 == 0 ? k + 8 : k - 1;
    }
    if (k <= 30)
        return k == 27 ? 30 : k - 1;
    return k == 31 ? 33 : k - 1;
}

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

static bool closed_hand(const tensu_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != TENSU_MELD_ANKAN)
            return false;
    return true;
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
            if (more > 0 && closed_hand(h) && !h->riichi) {
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
                    if (c[k] > 0 && c[k] <= more && seen[dora_indicator(r, k)] < 4 &&
                        (best < 0 || c[k] > c[best]))
                        best = k;
                if (best < 0)
                    break;
                if (ura)
                    h->ura[h->nura++] = dora_indicator(r, best);
                else
                    h->dora[h->ndora++] = dora_indicator(r, best);
                seen[dora_indicator(r, best)]++;
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
    if (tensu_score(&x->rules, h, res, NULL) != TENSU_OK)
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
    if (cell->reach != TENSU_REACH_YES && closed_hand(&u)) {
        u.riichi = true;
        try_cell(x, cell, &u, row, false);
    }
}

/* The payment of a cell's example against the table's cell. */
static void compare_cell(tensu_xcheck *x, const tensu_xcheck_cell *cell, int d, int t)
{
    const tensu_cell *tc = tensu_table_cell(x->table, cell->han, cell->fu);
    if (tc != NULL) {
        const tensu_payment *p = &cell->payment, *q = &tc->pay[d][t];
        if (p->ron != q->ron || p->from_dealer != q->from_dealer ||
            p->from_non_dealer != q->from_non_dealer || p->total != q->total) {
            tensu_score_result res;
            if (tensu_score(&x->rules, &cell->example, &res, NULL) == TENSU_OK)
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
                if (tensu_score(&x->rules, &u, &res, NULL) != TENSU_OK || res.yakuman > 0 ||
                    res.fu != cell->fu || res.han > cell->han)
                    continue;
                for (int order = 0; order < 2; order++) {
                    tensu_hand up = u;
                    if (add_han(&x->rules, &up, cell->han - res.han, order == 1))
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
    x->st.undecided = 0;
    for (int row = 0; row < XROWS; row++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                int lb = x->lb[row][d][t];
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
                    if (han < XHAN && x->has[row][han][d][t])
                        unflagged(x, cell, &x->ex[row][han][d][t], row);
                    if (han == lb)
                        unflagged(x, cell, &x->lbex[row][d][t], row);
                    if (x->has[row][han - 1][d][t])
                        try_cell(x, cell, &x->ex[row][han - 1][d][t], row, true);
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
                                if (!x->has[row][lower - 1][d][t] || low->direct)
                                    break;
                                up = x->ex[row][lower - 1][d][t];
                            }
                            if (add_han(&x->rules, &up, han - lower, order % 2 == 1))
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
    return row < 0 ? 0 : x->lb[row][dealer][tsumo];
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
