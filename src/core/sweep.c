/* Every closed winning hand, as tile-count vectors: the input of the
 * cross-check.  Each suit's patterns (sets and an optional pair) are
 * listed once without duplicates, then the suits and honours are combined,
 * so every 14-tile hand comes exactly once per shape family. */
#include "internal.h"
#include "sweep.h"

#include <stdlib.h>
#include <string.h>

#define SUIT 9
#define POW5_9 1953125 /* 5^9 encodings of a suit's counts */

typedef struct pattern {
    uint8_t c[SUIT];
} pattern;

/* patterns[k][p]: suit patterns of k sets (0..4) and p pairs (0..1). */
typedef struct suit_patterns {
    pattern *list[5][2];
    int n[5][2];
} suit_patterns;

static int encode(const uint8_t *c)
{
    int code = 0;
    for (int i = 0; i < SUIT; i++)
        code = code * 5 + c[i];
    return code;
}

typedef struct gen {
    uint8_t c[SUIT];
    uint8_t *seen;     /* per (k, p): a bitmap over encodings */
    suit_patterns *sp;
    bool ok;
} gen;

static void record(gen *g, int k, int p)
{
    int code = encode(g->c);
    uint8_t *seen = g->seen + (size_t)(k * 2 + p) * (POW5_9 / 8 + 1);
    pattern *grown;
    if (seen[code >> 3] & (1u << (code & 7)))
        return;
    seen[code >> 3] |= (uint8_t)(1u << (code & 7));
    grown = realloc(g->sp->list[k][p], (size_t)(g->sp->n[k][p] + 1) * sizeof *grown);
    if (grown == NULL) {
        g->ok = false;
        return;
    }
    g->sp->list[k][p] = grown;
    memcpy(grown[g->sp->n[k][p]++].c, g->c, SUIT);
}

/* Add sets from index 'from' on (sets in canonical order: by kind, a pon
 * before a chi of the same start), k sets placed so far. */
static void grow(gen *g, int k, int p, int from)
{
    record(g, k, p);
    if (k == 4 || !g->ok)
        return;
    for (int s = from; s < 2 * SUIT; s++) {
        int t = s / 2;
        if (s % 2 == 0) { /* pon */
            if (g->c[t] + 3 > 4)
                continue;
            g->c[t] += 3;
            grow(g, k + 1, p, s);
            g->c[t] -= 3;
        } else { /* chi */
            if (t > 6 || g->c[t] == 4 || g->c[t + 1] == 4 || g->c[t + 2] == 4)
                continue;
            g->c[t]++, g->c[t + 1]++, g->c[t + 2]++;
            grow(g, k + 1, p, s);
            g->c[t]--, g->c[t + 1]--, g->c[t + 2]--;
        }
    }
}

static void free_patterns(suit_patterns *sp)
{
    for (int k = 0; k < 5; k++)
        for (int p = 0; p < 2; p++)
            free(sp->list[k][p]);
}

static bool build_patterns(suit_patterns *sp)
{
    gen g;
    memset(&g, 0, sizeof g);
    memset(sp, 0, sizeof *sp);
    g.sp = sp;
    g.ok = true;
    g.seen = calloc(10, POW5_9 / 8 + 1);
    if (g.seen == NULL)
        return false;
    grow(&g, 0, 0, 0);
    for (int t = 0; t < SUIT && g.ok; t++) {
        g.c[t] = 2;
        grow(&g, 0, 1, 0);
        g.c[t] = 0;
    }
    free(g.seen);
    if (!g.ok)
        free_patterns(sp);
    return g.ok;
}

/* Honours: k pungs of distinct kinds and p pairs (0..1) of another kind. */
static int honour_patterns(int k, int p, uint8_t out[][7], int max)
{
    int n = 0;
    for (int mask = 0; mask < 128; mask++) {
        int bits = 0;
        for (int i = 0; i < 7; i++)
            bits += (mask >> i) & 1;
        if (bits != k)
            continue;
        for (int pair = p ? 0 : -1; pair < (p ? 7 : 0); pair++) {
            if (pair >= 0 && ((mask >> pair) & 1))
                continue;
            if (n == max)
                return n;
            for (int i = 0; i < 7; i++)
                out[n][i] = (uint8_t)(((mask >> i) & 1) ? 3 : 0);
            if (pair >= 0)
                out[n][pair] = 2;
            n++;
        }
    }
    return n;
}

tensu_status sweep_standard(int shard, int nshards, sweep_fn fn, void *user,
                                  uint64_t *count, tensu_error *err)
{
    suit_patterns sp;
    uint8_t hon[5][2][256][7];
    int nhon[5][2];
    uint64_t n = 0, pair = 0;
    uint8_t counts[SWEEP_KINDS];
    bool go = true;

    if (nshards < 1 || shard < 0 || shard >= nshards)
        return error_fill(err, TENSU_ERR_RANGE, "bad shard %d of %d", shard, nshards);
    if (!build_patterns(&sp))
        return error_fill(err, TENSU_ERR_NOMEM, "out of memory");
    for (int k = 0; k < 5; k++)
        for (int p = 0; p < 2; p++)
            nhon[k][p] = honour_patterns(k, p, hon[k][p], 256);

    /* The (man, pin) pattern pair, counted in order, decides the shard:
     * balanced enough for threads (a man pattern alone is not: the empty
     * one stands for every hand without man tiles). */
    for (int km = 0; km <= 4 && go; km++)
        for (int pm = 0; pm < 2 && go; pm++)
            for (int im = 0; im < sp.n[km][pm] && go; im++) {
                memcpy(counts, sp.list[km][pm][im].c, SUIT);
                for (int kp = 0; kp <= 4 - km && go; kp++)
                    for (int pp = 0; pp < 2 - pm && go; pp++)
                        for (int ip = 0; ip < sp.n[kp][pp] && go; ip++) {
                            if (pair++ % (uint64_t)nshards != (uint64_t)shard)
                                continue;
                            memcpy(counts + 9, sp.list[kp][pp][ip].c, SUIT);
                            for (int ks = 0; ks <= 4 - km - kp && go; ks++)
                                for (int ps = 0; ps < 2 - pm - pp && go; ps++) {
                                    int kh = 4 - km - kp - ks, ph = 1 - pm - pp - ps;
                                    for (int is = 0; is < sp.n[ks][ps] && go; is++) {
                                        memcpy(counts + 18, sp.list[ks][ps][is].c, SUIT);
                                        for (int ih = 0; ih < nhon[kh][ph] && go; ih++) {
                                            memcpy(counts + 27, hon[kh][ph][ih], 7);
                                            n++;
                                            go = fn(counts, user);
                                        }
                                    }
                                }
                        }
            }
    free_patterns(&sp);
    if (count)
        *count = n;
    return TENSU_OK;
}

/* The pairs after the first two: every 5-combination of the kinds above b. */
static bool chiitoitsu_rest(uint8_t *counts, int from, int left, sweep_fn fn, void *user,
                            uint64_t *n)
{
    if (left == 0) {
        (*n)++;
        return fn(counts, user);
    }
    for (int k = from; k <= SWEEP_KINDS - left; k++) {
        bool go;
        counts[k] = 2;
        go = chiitoitsu_rest(counts, k + 1, left - 1, fn, user, n);
        counts[k] = 0;
        if (!go)
            return false;
    }
    return true;
}

tensu_status sweep_chiitoitsu(int shard, int nshards, sweep_fn fn, void *user,
                                    uint64_t *count, tensu_error *err)
{
    uint8_t counts[SWEEP_KINDS];
    uint64_t n = 0, index = 0;
    bool go = true;

    if (nshards < 1 || shard < 0 || shard >= nshards)
        return error_fill(err, TENSU_ERR_RANGE, "bad shard %d of %d", shard, nshards);
    memset(counts, 0, sizeof counts);
    /* a shard is every hand whose three lowest pairs are its (5,984 sets
     * of three kinds, dealt in turn): no shard walks the others' hands */
    for (int a = 0; a < SWEEP_KINDS && go; a++)
        for (int b = a + 1; b < SWEEP_KINDS && go; b++)
            for (int c = b + 1; c < SWEEP_KINDS && go; c++) {
                if (index++ % (uint64_t)nshards != (uint64_t)shard)
                    continue;
                counts[a] = counts[b] = counts[c] = 2;
                go = chiitoitsu_rest(counts, c + 1, 4, fn, user, &n);
                counts[a] = counts[b] = counts[c] = 0;
            }
    if (count)
        *count = n;
    return TENSU_OK;
}

tensu_status sweep_kokushi(sweep_fn fn, void *user, uint64_t *count)
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    uint8_t counts[SWEEP_KINDS];
    uint64_t n = 0;
    for (int d = 0; d < 13; d++) {
        memset(counts, 0, sizeof counts);
        for (int i = 0; i < 13; i++)
            counts[orphans[i]] = 1;
        counts[orphans[d]] = 2;
        n++;
        if (!fn(counts, user))
            break;
    }
    if (count)
        *count = n;
    return TENSU_OK;
}
