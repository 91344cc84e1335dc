/* Private to the hand scorer: readings, the per-hand context, and the
 * stages tiles -> readings -> yaku/fu -> score. */
#ifndef TENSU_SCORER_H
#define TENSU_SCORER_H

#include "internal.h"

enum { SET_CHI = 0, SET_PON, SET_KAN };

/* One set of a reading. */
typedef struct hset {
    uint8_t type;      /* SET_CHI, SET_PON, SET_KAN */
    uint8_t tile;      /* lowest tile kind */
    bool called;       /* a called meld (opens the hand); an ankan is not called */
    bool concealed;    /* counts as concealed for fu and ankou (false for a ron-completed triplet) */
} hset;

/* One reading: a decomposition plus the place of the winning tile. */
typedef struct reading {
    tensu_shape shape;
    int nsets;          /* 4 for the standard shape */
    hset sets[4];
    int pair;           /* pair tile kind (standard shape), -1 otherwise */
    tensu_wait wait;
    int win_set;        /* index of the set holding the winning tile, -1 for the pair */
} reading;

/* What every reading of one hand shares. */
typedef struct hctx {
    const tensu_rules *r;
    const tensu_hand *h;
    uint8_t conc[TENSU_TILE_KINDS];  /* concealed tiles, winning tile included */
    uint8_t all[40];                 /* every tile of the hand, kans as 4 (34 used, rest 0) */
    int win;
    bool menzen;       /* no called meld (ankan allowed) */
    bool tsumo;
    bool dealer;
    bool riichi;       /* riichi or double riichi */
    int nkans;
    /* reading-independent yaku */
    uint64_t base_mask;
    int base_han;
    int base_yakuman;
    /* properties of the tile set */
    bool all_simples, all_terminal_honour, all_honours, all_green, all_terminals;
    uint64_t present;  /* bit per tile kind the hand holds (melds included) */
    int suits_used;    /* bit per suit 0..2 */
    bool has_honours;
    int dora, aka, ura;
} hctx;

/* tiles.c */
#define MASK_OUTSIDE 0x3FC060301ULL  /* 1,9 of each suit and the honours */
#define MASK_HONOURS 0x3F8000000ULL
#define MASK_SUITED 0x7FFFFFFULL
#define MASK_TERMINALS 0x4060301ULL
#define MASK_GREEN ((1ULL << 19) | (1ULL << 20) | (1ULL << 21) | (1ULL << 23) | (1ULL << 25) | \
                    (1ULL << 32))
static inline bool tile_is_terminal_or_honour(int k)
{
    return (MASK_OUTSIDE >> k) & 1;
}
static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
/* Index of the lowest set bit; x != 0. */
static inline int lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}
tensu_status hand_prepare(const tensu_rules *r, const tensu_hand *h, hctx *c,
                          tensu_error *err);

/* readings.c: call fn for every reading; stops early when fn returns false. */
typedef bool (*reading_fn)(const hctx *c, const reading *rd, void *user);
int readings_each(const hctx *c, reading_fn fn, void *user);

/* yaku.c */
typedef struct yaku_eval {
    uint64_t mask;
    int han;          /* yaku han, dora excluded */
    int yakuman;      /* units */
} yaku_eval;
void yaku_context(hctx *c);
void yaku_reading(const hctx *c, const reading *rd, int fu_raw_has_none, yaku_eval *out);
int yaku_han_of(const hctx *c, tensu_yaku_id id);
int yaku_units_of(const hctx *c, tensu_yaku_id id);

/* fu.c: the rounded fu of a reading; items (may be NULL) get every source. */
int fu_reading(const hctx *c, const reading *rd, bool pinfu, tensu_fu_item *items,
               int *nitems, int *raw);
/* Does the reading have no fu at all from sets, pair and wait (pinfu shape)? */
bool fu_none(const hctx *c, const reading *rd);

#endif
