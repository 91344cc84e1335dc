/* Readings: every way to split the concealed tiles into sets and a pair
 * (plus seven pairs and thirteen orphans), and every place the winning
 * tile can take in it.
 *
 * Table-driven: the suits are independent (a run never leaves its suit,
 * honours are only pairs and triplets), so each suit's nine counts are
 * looked up in a table of every complete suit (21,743 of them: sets and
 * at most one pair, at most 14 tiles) that lists its decompositions.  A
 * hand's decompositions are the product of its suits' lists.  The lists
 * are in the order of a depth-first search on the lowest tile left (pair,
 * then triplet, then run), always the same order: that order decides ties
 * between readings and the order of the alternatives.  (The search finds a
 * few decompositions twice, "11123" as pair+run and run+pair; the lists
 * keep them, so the readings are exactly those of the search.)
 *
 * The table is built once, on first use, in static storage (about 650 KB)
 * and only read afterwards; an atomic flag makes the first use safe from
 * several threads.  No heap. */
#include "scorer.h"

#include <stdatomic.h>
#include <string.h>

/* One decomposition of a suit in 32 bits: bits 0-3 the pair's number + 1
 * (0: no pair), bits 4-6 the number of sets, then 4 bits per set in search
 * order: 0..6 a run starting at that number, 7..15 a triplet of number
 * v - 7. */
#define DEC_PAIR(w) ((int)((w) & 15u) - 1)
#define DEC_NSETS(w) ((int)(((w) >> 4) & 7u))
#define DEC_SET(w, j) ((int)(((w) >> (8 + 4 * (j))) & 15u))

/* The table: open addressing on the counts packed 3 bits per number. */
#define SLOT_BITS 16
#define NSLOTS (1u << SLOT_BITS)
#define MAX_DECOMPS 34816   /* 32,929 are needed (the search finds some twice) */

typedef struct slot {
    uint32_t key;      /* packed counts; 0: empty slot */
    uint16_t first;    /* index of the first decomposition in decomps[] */
    uint8_t n;         /* how many */
    uint8_t pair;      /* the decompositions have a pair */
} slot;

static slot slots[NSLOTS];
static uint32_t decomps[MAX_DECOMPS];
static int ndecomps;
static atomic_int table_state;   /* 0: not built, 1: being built, 2: ready */

/* The sets a decomposition's 4-bit codes stand for, per suit: a run from
 * v (0..6) or a triplet of v - 7, concealed. */
#define RUN(s, v) {SET_CHI, (uint8_t)((s) * 9 + (v)), false, true}
#define TRIP(s, v) {SET_PON, (uint8_t)((s) * 9 + (v)), false, true}
#define SUIT_SETS(s)                                                                       \
    {RUN(s, 0), RUN(s, 1), RUN(s, 2), RUN(s, 3), RUN(s, 4), RUN(s, 5), RUN(s, 6),           \
     TRIP(s, 0), TRIP(s, 1), TRIP(s, 2), TRIP(s, 3), TRIP(s, 4), TRIP(s, 5), TRIP(s, 6),     \
     TRIP(s, 7), TRIP(s, 8)}
static const hset code_set[3][16] = {SUIT_SETS(0), SUIT_SETS(1), SUIT_SETS(2)};
#undef RUN
#undef TRIP
#undef SUIT_SETS

/* And per byte of codes, the two sets it stands for: a suit's sets are
 * copied two at a time (built with the table; 6 KB). */
static hset code_pair[3][256][2];

static void code_pairs_build(void)
{
    for (int s = 0; s < 3; s++)
        for (int b = 0; b < 256; b++) {
            code_pair[s][b][0] = code_set[s][b & 15];
            code_pair[s][b][1] = code_set[s][b >> 4];
        }
}

static inline uint32_t slot_of(uint32_t key)
{
    return (uint32_t)(key * 2654435761u) >> (32 - SLOT_BITS);
}

static const slot *table_find(uint32_t key)
{
    uint32_t i = slot_of(key);
    for (;;) {
        const slot *s = &slots[i];
        if (s->key == key)
            return s;
        if (s->key == 0)
            return NULL;
        i = (i + 1) & (NSLOTS - 1);
    }
}

/* The search of the original scorer, on one suit: the lowest number left
 * is the pair, the first of a triplet, or the lowest of a run. */
static void suit_dfs(uint8_t *cnt, int k, int pair, uint32_t sets, int nsets, uint32_t *out,
                     int *nout)
{
    while (k < 9 && cnt[k] == 0)
        k++;
    if (k == 9) {
        out[(*nout)++] = (uint32_t)(pair + 1) | (uint32_t)nsets << 4 | sets;
        return;
    }
    if (pair < 0 && cnt[k] >= 2) {
        cnt[k] -= 2;
        suit_dfs(cnt, k, k, sets, nsets, out, nout);
        cnt[k] += 2;
    }
    if (nsets == 4)
        return;
    if (cnt[k] >= 3) {
        cnt[k] -= 3;
        suit_dfs(cnt, k, pair, sets | (uint32_t)(7 + k) << (8 + 4 * nsets), nsets + 1, out,
                 nout);
        cnt[k] += 3;
    }
    if (k <= 6 && cnt[k + 1] > 0 && cnt[k + 2] > 0) {
        cnt[k]--;
        cnt[k + 1]--;
        cnt[k + 2]--;
        suit_dfs(cnt, k, pair, sets | (uint32_t)k << (8 + 4 * nsets), nsets + 1, out, nout);
        cnt[k]++;
        cnt[k + 1]++;
        cnt[k + 2]++;
    }
}

static void table_add(const uint8_t *cnt)
{
    uint32_t key, i;
    uint8_t c[9];
    uint32_t found[64];
    int n = 0;
    for (int k = 0; k < 9; k++)
        if (cnt[k] > 4)
            return;
    key = suit_key(cnt);
    if (key == 0)
        return;
    i = slot_of(key);
    while (slots[i].key != 0) {
        if (slots[i].key == key)
            return;
        i = (i + 1) & (NSLOTS - 1);
    }
    memcpy(c, cnt, sizeof c);
    suit_dfs(c, 0, -1, 0, 0, found, &n);
    if (n == 0 || ndecomps + n > MAX_DECOMPS)
        return; /* cannot happen: every key here is built from sets */
    slots[i].key = key;
    slots[i].first = (uint16_t)ndecomps;
    slots[i].n = (uint8_t)n;
    slots[i].pair = DEC_PAIR(found[0]) >= 0;
    memcpy(&decomps[ndecomps], found, (size_t)n * sizeof found[0]);
    ndecomps += n;
}

/* Every multiset of up to four sets (7 runs, 9 triplets), with and
 * without a pair. */
static void table_gen(uint8_t *cnt, int from, int nsets)
{
    table_add(cnt);
    for (int p = 0; p < 9; p++) {
        cnt[p] += 2;
        table_add(cnt);
        cnt[p] -= 2;
    }
    if (nsets == 4)
        return;
    for (int t = from; t < 16; t++) {
        if (t < 7) {
            cnt[t]++, cnt[t + 1]++, cnt[t + 2]++;
        } else {
            cnt[t - 7] += 3;
        }
        table_gen(cnt, t, nsets + 1);
        if (t < 7) {
            cnt[t]--, cnt[t + 1]--, cnt[t + 2]--;
        } else {
            cnt[t - 7] -= 3;
        }
    }
}

static void table_ready(void)
{
    int expected = 0;
    if (atomic_load_explicit(&table_state, memory_order_acquire) == 2)
        return;
    if (atomic_compare_exchange_strong(&table_state, &expected, 1)) {
        uint8_t cnt[9] = {0};
        table_gen(cnt, 0, 0);
        code_pairs_build();
        atomic_store_explicit(&table_state, 2, memory_order_release);
        return;
    }
    /* another thread is building it (a few milliseconds) */
    while (atomic_load_explicit(&table_state, memory_order_acquire) != 2) {
    }
}

typedef struct emitter {
    const hctx *c;
    reading_fn fn;
    void *user;
    int count;
    bool stop;
} emitter;

static void emit(emitter *e, const reading *rd)
{
    if (e->stop)
        return;
    e->count++;
    if (!e->fn(e->c, rd, e->user))
        e->stop = true;
}

/* A complete decomposition: try the winning tile in each place it fits
 * (the pair, then the sets in order; a set equal to an earlier one gives
 * the same reading and is skipped).  Only sets lo..hi-1 can hold it: the
 * concealed sets of its suit, or the honour triplets (equal sets are
 * always in the same range). */
static void emit_waits(emitter *e, reading *rd, int lo, int hi)
{
    const int win = e->c->win;
    unsigned hits = 0; /* bit i: set i holds a copy of the winning tile */

    /* a triplet holds only its own tile, a run its three */
    for (int i = lo; i < hi; i++) {
        unsigned p = (unsigned)(win - rd->sets[i].tile);
        hits |= (unsigned)(rd->sets[i].type == SET_PON ? p == 0 : p <= 2) << i;
    }
    if (rd->pair == win) {
        rd->wait = TENSU_WAIT_TANKI;
        rd->win_set = -1;
        emit(e, rd);
    }
    for (; hits != 0; hits &= hits - 1) {
        int i = lowest_bit(hits);
        hset *st = &rd->sets[i];
        int t = st->tile, p = win - t;
        bool dup = false;
        for (int j = lo; j < i; j++)
            dup = dup || (rd->sets[j].type == st->type && rd->sets[j].tile == t);
        if (dup)
            continue;
        rd->win_set = i;
        if (st->type == SET_PON) {
            rd->wait = TENSU_WAIT_SHANPON;
            st->concealed = e->c->tsumo;
            emit(e, rd);
            st->concealed = true;
        } else {
            if (p == 1)
                rd->wait = TENSU_WAIT_KANCHAN;
            else if (p == 0)
                rd->wait = t % 9 == 6 ? TENSU_WAIT_PENCHAN : TENSU_WAIT_RYANMEN;
            else
                rd->wait = t % 9 == 0 ? TENSU_WAIT_PENCHAN : TENSU_WAIT_RYANMEN;
            emit(e, rd);
        }
    }
}

/* Append the sets of one suit's decomposition w at buf[n] (buf has room
 * for four more; what lies past the new end is scratch) and note its
 * pair; returns the new count. */
static inline int put_suit(hset *buf, int n, int s, uint32_t w, int *pair)
{
    int p = DEC_PAIR(w);
    if (p >= 0)
        *pair = s * 9 + p;
    memcpy(buf + n, code_pair[s][(w >> 8) & 255], sizeof code_pair[s][0]);
    memcpy(buf + n + 2, code_pair[s][(w >> 16) & 255], sizeof code_pair[s][0]);
    return n + DEC_NSETS(w);
}

/* The honours are settled by their counts (pairs and triplets only); each
 * suit is looked up.  A suit whose count is 1 (mod 3) is not in the table. */
void decompose(hctx *c)
{
    int pairs = 0;

    table_ready();
    c->standard = false;
    c->honour_pair = -1;
    c->nhonour = 0;
    /* the honour kinds the hand holds, melds included (a meld's kind has
     * no concealed tile: skipped) */
    for (uint64_t hon = c->present & MASK_HONOURS; hon != 0; hon &= hon - 1) {
        int k = lowest_bit(hon);
        int n = c->conc[k];
        if (n == 0)
            continue;
        if (n == 2 && c->honour_pair < 0) {
            c->honour_pair = (int8_t)k;
            pairs++;
        } else if (n == 3 && c->nhonour + c->h->nmelds < 4) {
            c->honour_pon[c->nhonour++] = (uint8_t)k;
        } else {
            return;
        }
    }
    for (int s = 0; s < 3; s++) {
        uint32_t key = suit_key(&c->conc[s * 9]);
        static const uint32_t none = 0;  /* an empty suit: one decomposition, no set */
        if (key == 0) {
            c->list[s] = &none;
            c->nlist[s] = 1;
        } else {
            const slot *sl = table_find(key);
            if (sl == NULL)
                return;
            c->list[s] = &decomps[sl->first];
            c->nlist[s] = sl->n;
            pairs += sl->pair;
        }
    }
    c->standard = pairs == 1;
}

/* Four sets and a pair: the melds, the honour triplets, then the product
 * of the three suits' lists. */
static void standard(emitter *e)
{
    const hctx *c = e->c;
    const tensu_hand *h = c->h;
    reading rd;
    hset buf[4 + 3 * 4]; /* the melds and honours, then each suit's sets */
    int nbase = 0;
    const int n0 = c->nlist[0], n1 = c->nlist[1], n2 = c->nlist[2];
    const uint32_t *l0 = c->list[0], *l1 = c->list[1], *l2 = c->list[2];

    const int wsuit = c->win / 9; /* 3 for an honour */

    if (!c->standard)
        return;
    rd.shape = TENSU_SHAPE_STANDARD;
    rd.nsets = 4;
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        hset *st = &buf[nbase++];
        st->tile = (uint8_t)m->tile;
        st->type = m->type == TENSU_MELD_CHI   ? SET_CHI
                   : m->type == TENSU_MELD_PON ? SET_PON
                                               : SET_KAN;
        st->called = m->type != TENSU_MELD_ANKAN;
        st->concealed = m->type == TENSU_MELD_ANKAN;
    }
    for (int i = 0; i < c->nhonour; i++)
        buf[nbase++] = (hset){SET_PON, c->honour_pon[i], false, true};
    /* the product of the three lists, each suit's sets written when its
     * decomposition changes */
    for (int i0 = 0; i0 < n0; i0++) {
        int pair0 = c->honour_pair;
        int k0 = put_suit(buf, nbase, 0, l0[i0], &pair0);
        for (int i1 = 0; i1 < n1; i1++) {
            int pair1 = pair0;
            int k1 = put_suit(buf, k0, 1, l1[i1], &pair1);
            for (int i2 = 0; i2 < n2; i2++) {
                int pair2 = pair1;
                if (put_suit(buf, k1, 2, l2[i2], &pair2) != 4)
                    continue; /* cannot happen: the tile count was checked */
                memcpy(rd.sets, buf, sizeof rd.sets);
                rd.pair = pair2;
                emit_waits(e, &rd, wsuit == 0 ? nbase : wsuit == 1 ? k0 : wsuit == 2 ? k1 : h->nmelds,
                           wsuit == 0 ? k0 : wsuit == 1 ? k1 : wsuit == 2 ? 4 : nbase);
                if (e->stop)
                    return;
            }
        }
    }
}

/* A reading of the whole hand as one shape, with no sets and no pair
 * (seven pairs, thirteen orphans). */
static void emit_whole(emitter *e, tensu_shape shape, tensu_wait wait)
{
    reading rd;
    memset(&rd, 0, sizeof rd);
    rd.shape = shape;
    rd.pair = -1;
    rd.wait = wait;
    rd.win_set = -1;
    emit(e, &rd);
}

int readings_each(const hctx *c, reading_fn fn, void *user)
{
    emitter e;

    e.c = c;
    e.fn = fn;
    e.user = user;
    e.count = 0;
    e.stop = false;
    standard(&e);

    if (c->h->nmelds == 0 && !e.stop) {
        /* 14 concealed tiles: seven pairs are seven kinds of two tiles each;
         * thirteen orphans are the 13 outside kinds and nothing else */
        int kinds = popcount64(c->present);
        if (kinds == 7) {
            int pairs = 0;
            for (int k = 0; k < TENSU_TILE_KINDS; k++)
                pairs += c->conc[k] == 2;
            if (pairs == 7)
                emit_whole(&e, TENSU_SHAPE_CHIITOITSU, TENSU_WAIT_TANKI);
        } else if (kinds == 13 && (c->present & ~MASK_OUTSIDE) == 0) {
            emit_whole(&e, TENSU_SHAPE_KOKUSHI, TENSU_WAIT_KOKUSHI);
        }
    }
    return e.count;
}
