/* Private to the hand scorer: readings, the per-hand context, and the
 * stages tiles -> readings -> yaku/fu -> score. */
#ifndef TENSU_SCORER_H
#define TENSU_SCORER_H

#include "internal.h"

#include <stddef.h>
#include <string.h>

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
    uint64_t base_mask;      /* every yaku that does not depend on the reading */
    uint64_t base_yakuman;   /* its yakuman bits (renhou too when it is a yakuman) */
    uint64_t base_plain;     /* its other bits that are worth han */
    int base_han;            /* the han of base_plain */
    /* properties of the tile set */
    bool all_simples, all_terminal_honour, all_honours, all_green, all_terminals;
    uint64_t present;  /* bit per tile kind the hand holds (melds included) */
    int suits_used;    /* bit per suit 0..2 */
    bool has_honours;
    int meld_red[3];   /* red fives in the melds, per suit */
    int dora, aka, ura;
    /* the decomposition of the concealed tiles (readings.c: decompose) */
    bool standard;              /* they may be four sets and a pair */
    int8_t honour_pair;         /* honour pair tile kind, -1 for none */
    uint8_t nhonour;            /* honour triplets */
    uint8_t honour_pon[4];
    uint8_t nlist[3];           /* per suit: how many decompositions */
    const uint32_t *list[3];    /* and where (in the suit table) */
    /* NULL, or where fu.c and yaku.c mark the rule keys (KEY_*) whose value
     * they read for this hand: the cross-check scores a hand once for every
     * combination of the keys it did not mark (crosscheck.c) */
    unsigned *consulted;
} hctx;

/* The keys that can move a cell of the table, in the order of the shipped
 * data's combinations (xsweep.c). */
enum {
    KEY_OPEN_PINFU = 1,   /* open_pinfu_fu: an open hand won by ron with no fu */
    KEY_PINFU_TSUMO = 2,  /* pinfu_tsumo_fu: pinfu won by tsumo */
    KEY_DOUBLE_WIND = 4,  /* double_wind_fu: a pair of the seat and round wind */
    KEY_RINSHAN = 8,      /* rinshan_fu: a win on a kan's replacement tile */
    KEY_KUITAN = 16       /* kuitan: an open hand of simples */
};
static inline void consult(const hctx *c, unsigned key)
{
    if (c->consulted != NULL)
        *c->consulted |= key;
}

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
/* Fu of a triplet or kan (seeds 000, 002): 2 for an open triplet of
 * simples, doubled when concealed, doubled for terminals and honours, four
 * times for a kan. */
static inline int set_fu(bool kan, bool concealed, bool outside)
{
    return 2 << ((outside ? 1 : 0) + (concealed ? 1 : 0) + (kan ? 2 : 0));
}
/* A hand's fu: the sum rounded up to 10. */
static inline int fu_round_up(int raw)
{
    return (raw + 9) / 10 * 10;
}
static inline int popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
/* Eight tile counts as one word, byte i the count of tile i of the eight. */
static inline uint64_t load8(const uint8_t *b)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    memcpy(&x, b, sizeof x);
    return x;
#else
    return (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 |
           (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40 | (uint64_t)b[6] << 48 |
           (uint64_t)b[7] << 56;
#endif
}
/* The nine counts of a suit (each 0..7) packed 3 bits each, count i at
 * bit 3i: the key of the suit table (readings.c). */
static inline uint32_t suit_key(const uint8_t *t)
{
    uint64_t x = load8(t);
    x = (x | x >> 5) & 0x003F003F003F003FULL;
    x = (x | x >> 10) & 0x00000FFF00000FFFULL;
    x = (x | x >> 20) & 0xFFFFFFULL;
    return (uint32_t)x | (uint32_t)t[8] << 24;
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
/* For the few functions of the per-hand path that are written once but
 * must not cost a call there (the compiler's own weighing keeps them out
 * of line). */
#if defined(__GNUC__) || defined(__clang__)
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif

/* Any of ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou,
 * renhou: eight bools side by side, read as one word (most hands have
 * none, and eight tests cost more than the rest of the flag checks). */
_Static_assert(offsetof(tensu_hand, haitei) == offsetof(tensu_hand, ippatsu) + 1 &&
                   offsetof(tensu_hand, renhou) == offsetof(tensu_hand, ippatsu) + 7,
               "the eight flags are side by side");
static inline bool any_special_flag(const tensu_hand *h)
{
    uint64_t x;
    memcpy(&x, &h->ippatsu, sizeof x);
    return x != 0;
}
/* hand_prepare = check_numbers, check_tiles, decompose, check_situation. */
tensu_status hand_prepare(const tensu_rules *r, const tensu_hand *h, hctx *c,
                          tensu_error *err);
tensu_status check_numbers(const tensu_rules *r, const tensu_hand *h, tensu_error *err);
tensu_status check_tiles(const tensu_rules *r, const tensu_hand *h, hctx *c, int *red_suit,
                         tensu_error *err);
tensu_status check_situation(const tensu_rules *r, const tensu_hand *h, hctx *c,
                             const int *red_suit, tensu_error *err);

/* readings.c: decompose() looks the concealed tiles up (after check_tiles);
 * readings_each() calls fn for every reading, stopping early when fn
 * returns false. */
void decompose(hctx *c);
typedef bool (*reading_fn)(const hctx *c, const reading *rd, void *user);
int readings_each(const hctx *c, reading_fn fn, void *user);

/* score.c: the readings of prepared tiles (hand: the winning tile and the
 * way of winning; no rules needed). */
int prepared_readings(const tensu_prepared *p, const tensu_hand *hand, reading_fn fn,
                      void *user);
/* The cross-check's many scorings of one prepared hand: its context copied
 * once (prepared_ctx), then each situation scored light from it, marking
 * the keys it reads in *consulted (score_ctx_light: hand must hold exactly
 * the prepared tiles, its winning tile among them, without red fives: that
 * is not checked again).  Light: the best reading and the alternatives as
 * han, fu, yakuman and limit only (no fu items, yaku list, payment
 * amounts, pao).  The readings depend only on the winning tile and the way
 * of winning: ctx_readings keeps them in list (room for max; it returns
 * their number, which may be more than max: then not all are kept), and score_ctx_light scores from that list
 * any situation with the same winning tile and way of winning (list NULL:
 * it walks the readings itself). */
void prepared_ctx(const tensu_prepared *p, hctx *c);
int ctx_readings(hctx *c, const tensu_hand *hand, reading *list, int max);
tensu_status score_ctx_light(hctx *c, const tensu_rules *r, const tensu_hand *hand,
                             const reading *list, int nlist, tensu_score_result *out,
                             unsigned *consulted);

/* yaku.c */
typedef struct yaku_eval {
    uint64_t mask;
    int han;          /* yaku han, dora excluded */
    int yakuman;      /* units */
} yaku_eval;
void yaku_context(hctx *c);
void yaku_reading(const hctx *c, const reading *rd, yaku_eval *out);
int yaku_han_of(const hctx *c, tensu_yaku_id id);
/* The items of a yaku mask (at most TENSU_MAX_YAKU); returns how many. */
int yaku_fill(const hctx *c, uint64_t mask, bool yakuman, tensu_yaku_item *items);
int yaku_units_of(const hctx *c, tensu_yaku_id id);

/* fu.c: the rounded fu of a reading; items (may be NULL) get every source. */
int fu_reading(const hctx *c, const reading *rd, bool pinfu, tensu_fu_item *items,
               int *nitems, int *raw);

#endif
