/* Worksheets (issue 18): exercises drawn from a seed, each answered by the
 * scorer or the payment engine under the rules in force.
 *
 * Hands are generated, not read: four sets and a pair (or seven pairs)
 * built at random within the tile counts, a winning tile taken from the
 * hand, a situation (ron or tsumo, seat and round wind, riichi, a dora
 * indicator), then scored; a hand the scorer refuses (no yaku, an
 * impossible combination) is drawn again.  A level keeps the hands that fit
 * it, and level 3 draws each trap the rules have in turn, on a kind of
 * question that tests it.  The same seed and rules give the same
 * exercises: the only state is a splitmix64 generator. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rnd(rng *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(rng *g, int n)
{
    return (int)(rnd(g) % (uint64_t)n);
}

static const char *const kind_names[] = {"fu", "han", "table", "payment", "mixed"};
const char *tensu_quiz_kind_name(tensu_quiz_kind k)
{
    return (unsigned)k <= TENSU_QUIZ_MIXED ? kind_names[k] : NULL;
}

bool tensu_quiz_kind_parse(const char *word, tensu_quiz_kind *out)
{
    for (int i = 0; i <= TENSU_QUIZ_MIXED; i++)
        if (strcmp(word, kind_names[i]) == 0) {
            *out = (tensu_quiz_kind)i;
            return true;
        }
    return false;
}

/* A tile kind that exists under the rules (tensu_tile_in_play). */
static bool kind_ok(const tensu_rules *r, int k)
{
    return tensu_tile_in_play(r, k);
}

static bool is_value_pair(const tensu_hand *h, int k)
{
    return k >= 31 || k == 27 + h->seat || k == 27 + h->round;
}

/* What a hand to draw looks like. */
typedef struct shape_opts {
    int open_sets;      /* called chi/pon */
    int kans;           /* one kan (closed or open) */
    bool runs_only;     /* no triplet (pinfu shapes) */
    bool plain_pair;    /* a pair that scores no fu */
    bool honours;       /* honour triplets allowed */
    bool seven_pairs;
    bool riichi;        /* declare riichi when closed */
    int tsumo;          /* 1 tsumo, 0 ron, -1 either */
    int suit;           /* -1: any; else the only suit of the number tiles (honitsu shapes) */
    bool simples;       /* number tiles 2 to 8 only (tanyao shapes) */
    bool dragon;        /* one concealed triplet of dragons (yakuhai) */
} shape_opts;

static shape_opts plain_shape(void)
{
    shape_opts o = {0, 0, false, true, false, false, false, -1, -1, false, false};
    return o;
}

static bool take(uint8_t *used, int k, int n)
{
    if (used[k] + n > 4)
        return false;
    used[k] = (uint8_t)(used[k] + n);
    return true;
}

/* A tile for a triplet or the pair: an honour when allowed, else a number
 * tile of the shape's suit (2 to 8 for tanyao shapes). */
static int pick_tile(rng *g, const shape_opts *o, bool honours)
{
    int k = below(g, honours ? TENSU_TILE_KINDS : 27);
    if (k >= 27)
        return k;
    if (o->suit >= 0)
        k = o->suit * 9 + k % 9;
    if (o->simples && (k % 9 == 0 || k % 9 == 8))
        k = k / 9 * 9 + 1 + below(g, 7);
    return k;
}

static bool build_hand(rng *g, const tensu_rules *r, const shape_opts *o, tensu_hand *h)
{
    uint8_t used[TENSU_TILE_KINDS] = {0};
    int concealed[14], nc = 0;
    tensu_hand_init(h);
    h->seat = below(g, r->players);
    h->round = below(g, 2);
    h->tsumo = o->tsumo < 0 ? below(g, 2) == 1 : o->tsumo == 1;
    if (o->seven_pairs) {
        for (int i = 0; i < 7; i++) {
            int k, tries = 0;
            do {
                k = below(g, TENSU_TILE_KINDS);
            } while ((used[k] || !kind_ok(r, k)) && ++tries < 200);
            if (used[k] || !kind_ok(r, k))
                return false;
            used[k] = 2;
            concealed[nc++] = k;
            concealed[nc++] = k;
        }
    } else {
        /* called sets first, then the kan, then the concealed sets */
        for (int i = 0; i < 4; i++) {
            bool open = i < o->open_sets, kan = !open && i < o->open_sets + o->kans;
            bool dragon = o->dragon && i == 3 && !open && !kan;
            bool run = !kan && !dragon && (o->runs_only || below(g, 4) != 0);
            int k;
            if (run && open && !tensu_chi_allowed(r))
                run = false;
            if (run) {
                int suit = o->suit >= 0 ? o->suit : below(g, 3);
                int start = o->simples ? 1 + below(g, 5) : below(g, 7);
                k = suit * 9 + start;
                if (!kind_ok(r, k) || !kind_ok(r, k + 1) || !kind_ok(r, k + 2))
                    return false;
                if (!take(used, k, 1) || !take(used, k + 1, 1) || !take(used, k + 2, 1))
                    return false;
            } else {
                k = dragon ? 31 + below(g, 3) : pick_tile(g, o, o->honours);
                if (!kind_ok(r, k) || !take(used, k, kan ? 4 : 3))
                    return false;
            }
            if (open || kan) {
                tensu_meld *m = &h->melds[h->nmelds++];
                memset(m, 0, sizeof *m);
                m->tile = k;
                m->type = kan ? (below(g, 2) ? TENSU_MELD_ANKAN : TENSU_MELD_MINKAN)
                              : run ? TENSU_MELD_CHI
                                    : TENSU_MELD_PON;
            } else {
                for (int j = 0; j < 3; j++)
                    concealed[nc++] = run ? k + j : k;
            }
        }
        {
            int k, tries = 0;
            do {
                k = pick_tile(g, o, o->honours || !o->plain_pair);
            } while ((!kind_ok(r, k) || used[k] > 2 || (o->plain_pair && is_value_pair(h, k))) &&
                     ++tries < 200);
            if (!kind_ok(r, k) || !take(used, k, 2) || (o->plain_pair && is_value_pair(h, k)))
                return false;
            concealed[nc++] = k;
            concealed[nc++] = k;
        }
    }
    for (int i = 0; i < nc; i++)
        h->tiles[concealed[i]]++;
    h->ntiles = nc;
    h->win = concealed[below(g, nc)];
    h->riichi = !tensu_hand_open(h) && o->riichi;
    /* one dora indicator, a tile of the set */
    do {
        h->dora[0] = below(g, TENSU_TILE_KINDS);
    } while (!kind_ok(r, h->dora[0]));
    h->ndora = 1;
    for (int i = 0; r->kan_dora && i < h->nmelds; i++)
        if (h->melds[i].type == TENSU_MELD_ANKAN || h->melds[i].type == TENSU_MELD_MINKAN) {
            do { /* a kan turns up one more indicator */
                h->dora[h->ndora] = below(g, TENSU_TILE_KINDS);
            } while (!kind_ok(r, h->dora[h->ndora]));
            h->ndora++;
        }
    return true;
}

/* An indicator that wraps round (a 9, North, the red dragon; 1m with three
 * players) onto a tile of the hand: false when the hand has none. */
static bool wrap_indicator(rng *g, const tensu_rules *r, tensu_hand *h)
{
    int all[TENSU_TILE_KINDS], cand[TENSU_TILE_KINDS], n = 0;
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        all[k] = h->tiles[k];
    for (int i = 0; i < h->nmelds; i++)
        for (int j = 0; j < 3; j++)
            all[h->melds[i].tile + (h->melds[i].type == TENSU_MELD_CHI ? j : 0)]++;
    for (int ind = 0; ind < TENSU_TILE_KINDS; ind++) {
        int d = tensu_dora_tile(r, ind);
        if (kind_ok(r, ind) && d != ind + 1 && all[d] > 0 && all[ind] < 4)
            cand[n++] = ind;
    }
    if (n == 0)
        return false;
    h->dora[0] = cand[below(g, n)];
    return true;
}

/* Another reading of the tiles that counts other fu or han and pays less:
 * the player must see both and take the better.  (Readings that pay the
 * same would make the answer a tie-break: not drawn.) */
static bool two_readings(const tensu_rules *r, const tensu_hand *h, const tensu_score_result *s)
{
    bool other = false;
    (void)r;
    (void)h;
    for (int i = 0; i < s->nalternatives; i++) {
        const tensu_alternative *a = &s->alternatives[i];
        if (a->yakuman > 0 || (a->fu == s->fu && a->han == s->han))
            continue;
        if (a->total >= s->payment.total)
            return false;
        other = true;
    }
    return other;
}

/* An open hand with a yaku worth less open than closed (kuisagari), as
 * the scorer's table of values says under the rules. */
static bool open_han(const tensu_rules *r, const tensu_hand *h, const tensu_score_result *s)
{
    if (!tensu_hand_open(h))
        return false;
    for (int i = 0; i < s->nyaku; i++)
        if (tensu_yaku_worth_less_open(r, s->yaku[i].id))
            return true;
    return false;
}

/* The traps, each said once: the functions of one trap side by side, then
 * its row in the table below. */

static bool no_aotenjou(const tensu_rules *r)
{
    return !r->aotenjou;
}

/* shanpon-ron: a triplet completed by the discard counts as open */
static void shanpon_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)r;
    o->tsumo = 0;
    o->open_sets = below(g, 2);
    o->honours = true;
}

static bool shanpon_shows(const tensu_rules *r, const tensu_hand *h, const tensu_score_result *s)
{
    (void)r;
    return s->wait == TENSU_WAIT_SHANPON && !h->tsumo &&
           tensu_result_has_fu_in(s, TENSU_FU_RON_TRIPLETS);
}

/* pinfu-tsumo */
static void pinfu_tsumo_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)r;
    *o = plain_shape();
    o->runs_only = true;
    o->tsumo = 1;
    o->riichi = below(g, 2) == 0;
}

static bool pinfu_tsumo_shows(const tensu_rules *r, const tensu_hand *h,
                              const tensu_score_result *s)
{
    (void)r;
    return tensu_result_has_yaku(s, TENSU_YAKU_PINFU) && h->tsumo;
}

/* open-pinfu: all runs, a plain pair, a yaku that open hands keep */
static void open_pinfu_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    *o = plain_shape();
    o->open_sets = 1 + below(g, 2);
    o->runs_only = true;
    o->tsumo = 0;
    if (r->kuitan && below(g, 2) == 0) {
        o->simples = true;
    } else {
        o->suit = below(g, 3);
        o->honours = below(g, 2) == 0;
    }
}

static bool open_pinfu_shows(const tensu_rules *r, const tensu_hand *h,
                             const tensu_score_result *s)
{
    /* nothing but the base (and what the rules add to it) */
    if (!tensu_hand_open(h) || h->tsumo || s->fu != r->open_pinfu_fu)
        return false;
    for (int i = 0; i < s->nfu; i++)
        if (s->fu_detail[i].reason != TENSU_FU_BASE &&
            s->fu_detail[i].reason != TENSU_FU_OPEN_PINFU)
            return false;
    return true;
}

/* chiitoitsu */
static void seven_pairs_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)r;
    *o = plain_shape();
    o->seven_pairs = true;
    o->riichi = below(g, 2) == 0;
}

static bool seven_pairs_shows(const tensu_rules *r, const tensu_hand *h,
                              const tensu_score_result *s)
{
    (void)r;
    (void)h;
    return s->shape == TENSU_SHAPE_CHIITOITSU;
}

/* two-readings (two_readings above) */
static void two_readings_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)r;
    *o = plain_shape();
    o->plain_pair = false;
    o->riichi = true;
    if (below(g, 2) == 0)
        o->suit = below(g, 3);
}

/* kiriage and no-kiriage: the cells kiriage rounds up (tensu_kiriage_cells) */
static bool kiriage_rules(const tensu_rules *r)
{
    return r->kiriage && !r->aotenjou;
}

static bool no_kiriage_rules(const tensu_rules *r)
{
    return !r->kiriage && !r->aotenjou;
}

static void kiriage_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)g;
    (void)r;
    o->honours = true;
    o->riichi = true;
}

static bool kiriage_shows(const tensu_rules *r, const tensu_hand *h, const tensu_score_result *s)
{
    (void)h;
    return r->kiriage && s->payment.value.kiriage;
}

static bool no_kiriage_shows(const tensu_rules *r, const tensu_hand *h,
                             const tensu_score_result *s)
{
    (void)h;
    return !r->kiriage && s->payment.value.limit == TENSU_LIMIT_NONE &&
           tensu_kiriage_cell(r, s->han, s->fu);
}

static bool kiriage_table(rng *g, const tensu_rules *r, tensu_exercise *e)
{
    int han[4], fu[4], n = tensu_kiriage_cells(r, han, fu, 4), i;
    if (n == 0)
        return false;
    i = below(g, n);
    e->han = han[i];
    e->fu = fu[i];
    return true;
}

/* open-han (open_han above) */
static void open_han_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)r;
    o->open_sets = 1 + below(g, 2);
    o->kans = 0;
    o->suit = below(g, 3);
    o->simples = false;
}

/* dora-wrap (the indicator set by wrap_indicator above) */
static void no_kan_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)g;
    (void)r;
    o->kans = 0;
}

static bool dora_wrap_shows(const tensu_rules *r, const tensu_hand *h, const tensu_score_result *s)
{
    return h->ndora == 1 && s->dora > 0 && tensu_dora_tile(r, h->dora[0]) != h->dora[0] + 1;
}

/* limit-by-han: 5 han and more */
static void limit_shape(rng *g, const tensu_rules *r, shape_opts *o)
{
    (void)r;
    *o = plain_shape();
    o->suit = below(g, 3);
    o->honours = below(g, 2) == 0;
    o->plain_pair = false;
    o->riichi = true;
}

static bool limit_shows(const tensu_rules *r, const tensu_hand *h, const tensu_score_result *s)
{
    (void)h;
    return !r->aotenjou && s->han >= tensu_limit_han(TENSU_LIMIT_MANGAN);
}

/* A limit by han on a table question (also drawn now and then from level
 * 2): the fu drawn must be a cell of the table, 30 and more. */
static bool limit_table(rng *g, const tensu_rules *r, tensu_exercise *e)
{
    (void)r;
    int first = tensu_limit_han(TENSU_LIMIT_MANGAN);
    e->han = first + below(g, tensu_limit_han(TENSU_LIMIT_KAZOE_YAKUMAN) - first + 1);
    return e->fu >= 30;
}

/* 25-fu and 20-fu-tsumo: 2 to 4 han in a column the rules can reach */
static bool column_reachable(const tensu_rules *r, int fu)
{
    for (int han = 2; han <= tensu_fu_han_max(); han++)
        if (tensu_cell_reachable(r, han, fu, false, true) ||
            (fu == 25 && tensu_cell_reachable(r, han, 25, false, false)))
            return true;
    return false;
}

static bool cell_25_rules(const tensu_rules *r)
{
    return column_reachable(r, 25);
}

static bool cell_20_rules(const tensu_rules *r)
{
    return column_reachable(r, 20);
}

static bool cell_25_table(rng *g, const tensu_rules *r, tensu_exercise *e)
{
    (void)r;
    e->han = 2 + below(g, tensu_fu_han_max() - 1);
    e->fu = 25;
    return true;
}

static bool cell_20_table(rng *g, const tensu_rules *r, tensu_exercise *e)
{
    (void)r;
    e->han = 2 + below(g, tensu_fu_han_max() - 1);
    e->fu = 20;
    e->tsumo = true;
    return true;
}

enum {
    ON_FU = 1u << TENSU_QUIZ_FU,
    ON_HAN = 1u << TENSU_QUIZ_HAN,
    ON_TABLE = 1u << TENSU_QUIZ_TABLE,
    ON_PAYMENT = 1u << TENSU_QUIZ_PAYMENT
};

/* One row a trap: all the engine knows of it.  Its name is also the stem
 * of its catalog keys (quiz.trap.<name>, quiz.trapname.<name>): the
 * renderer words it from the name.  A fu trap is tested by fu and payment
 * questions, a han trap by han and payment questions, a table trap by
 * table (and payment) questions.  A new trap: its value in tensu.h, its
 * row here, its two strings in each catalog, and a row in the renderer's
 * trap_words (src/render/quiz_sheet.c) when its words need more than those. */
typedef struct trap_row {
    const char *name;
    unsigned kinds; /* ON_*: the kinds of question that test it */
    /* Is there such a trap under the rules?  NULL: under all. */
    bool (*exists)(const tensu_rules *r);
    /* The hand to draw: the level's shape changed.  NULL: the level's. */
    void (*shape)(rng *g, const tensu_rules *r, shape_opts *o);
    /* After the hand is built, before it is scored; false: draw again. */
    bool (*finish)(rng *g, const tensu_rules *r, tensu_hand *h);
    /* Does a scored hand (no yakuman) show it?  NULL: no hand does. */
    bool (*shows)(const tensu_rules *r, const tensu_hand *h, const tensu_score_result *s);
    /* A table question's han and fu (a fu of the table, dealer and tsumo
     * drawn before); false: draw again.  NULL: the level's cell. */
    bool (*table)(rng *g, const tensu_rules *r, tensu_exercise *e);
} trap_row;

static const trap_row trap_rows[TENSU_TRAP_COUNT] = {
    [TENSU_TRAP_NONE] = {"none", 0, NULL, NULL, NULL, NULL, NULL},
    [TENSU_TRAP_SHANPON_RON] = {"shanpon-ron", ON_FU | ON_PAYMENT, NULL, shanpon_shape, NULL,
                                shanpon_shows, NULL},
    [TENSU_TRAP_PINFU_TSUMO] = {"pinfu-tsumo", ON_FU | ON_PAYMENT, NULL, pinfu_tsumo_shape, NULL,
                                pinfu_tsumo_shows, NULL},
    /* (all runs: an open one is a chi) */
    [TENSU_TRAP_OPEN_PINFU] = {"open-pinfu", ON_FU | ON_PAYMENT, tensu_chi_allowed,
                               open_pinfu_shape, NULL, open_pinfu_shows, NULL},
    [TENSU_TRAP_CHIITOITSU] = {"chiitoitsu", ON_FU | ON_PAYMENT, NULL, seven_pairs_shape, NULL,
                               seven_pairs_shows, NULL},
    [TENSU_TRAP_TWO_READINGS] = {"two-readings", ON_FU | ON_PAYMENT, NULL, two_readings_shape,
                                 NULL, two_readings, NULL},
    [TENSU_TRAP_KIRIAGE] = {"kiriage", ON_TABLE | ON_PAYMENT, kiriage_rules, kiriage_shape, NULL,
                            kiriage_shows, kiriage_table},
    [TENSU_TRAP_NO_KIRIAGE] = {"no-kiriage", ON_TABLE | ON_PAYMENT, no_kiriage_rules,
                               kiriage_shape, NULL, no_kiriage_shows, kiriage_table},
    [TENSU_TRAP_OPEN_HAN] = {"open-han", ON_HAN | ON_PAYMENT, NULL, open_han_shape, NULL, open_han,
                             NULL},
    [TENSU_TRAP_DORA_WRAP] = {"dora-wrap", ON_HAN | ON_PAYMENT, NULL, no_kan_shape, wrap_indicator,
                              dora_wrap_shows, NULL},
    [TENSU_TRAP_LIMIT_BY_HAN] = {"limit-by-han", ON_TABLE | ON_PAYMENT, no_aotenjou, limit_shape,
                                 NULL, limit_shows, limit_table},
    [TENSU_TRAP_CELL_25] = {"25-fu", ON_TABLE, cell_25_rules, NULL, NULL, NULL, cell_25_table},
    [TENSU_TRAP_CELL_20] = {"20-fu-tsumo", ON_TABLE, cell_20_rules, NULL, NULL, NULL,
                            cell_20_table},
};

const char *tensu_quiz_trap_name(tensu_quiz_trap t)
{
    return (unsigned)t < TENSU_TRAP_COUNT ? trap_rows[t].name : NULL;
}

/* Does a kind of question test the trap? */
static bool kind_tests(tensu_quiz_kind k, tensu_quiz_trap t)
{
    return (trap_rows[t].kinds >> k & 1u) != 0;
}

int tensu_quiz_traps(const tensu_rules *r, tensu_quiz_kind kind, tensu_quiz_trap *out, int max)
{
    int n = 0;
    for (int t = TENSU_TRAP_NONE + 1; t < TENSU_TRAP_COUNT; t++) {
        bool tested = false;
        for (int k = TENSU_QUIZ_FU; k < TENSU_QUIZ_MIXED; k++)
            if ((kind == TENSU_QUIZ_MIXED || kind == (tensu_quiz_kind)k) &&
                kind_tests((tensu_quiz_kind)k, (tensu_quiz_trap)t))
                tested = true;
        if (!tested || (trap_rows[t].exists != NULL && !trap_rows[t].exists(r)))
            continue;
        if (out != NULL && n < max)
            out[n] = (tensu_quiz_trap)t;
        n++;
    }
    return n;
}

/* Does a scored hand show the trap? */
static bool shows(const tensu_rules *r, tensu_quiz_trap t, const tensu_hand *h,
                  const tensu_score_result *s)
{
    return s->yakuman == 0 && trap_rows[t].shows != NULL && trap_rows[t].shows(r, h, s);
}

/* The shape to draw for a level and a trap. */
static shape_opts shape_for(rng *g, const tensu_rules *r, int level, tensu_quiz_trap trap)
{
    shape_opts o = plain_shape();
    if (level == 1) {
        /* closed, and the yaku vary: riichi, menzen tsumo, tanyao, yakuhai */
        switch (below(g, 4)) {
        case 0: o.riichi = true; break;
        case 1: o.tsumo = 1; break;
        case 2: o.simples = true; break;
        default: o.dragon = true; break;
        }
    } else {
        o.open_sets = below(g, 3);
        o.kans = below(g, 4) == 0;
        o.plain_pair = false;
        o.honours = true;
        o.riichi = below(g, 2) == 0;
        if (below(g, 4) == 0)
            o.suit = below(g, 3);
        else if (below(g, 5) == 0)
            o.simples = true;
    }
    if (trap_rows[trap].shape != NULL)
        trap_rows[trap].shape(g, r, &o);
    return o;
}

/* A pair worth fu (level 1 has none; its waits are the simple ones: two-
 * sided, middle, edge or the pair's, as tensu quiz --help says). */
#define PAIR_FU TENSU_FU_VALUE_PAIRS

/* Does a hand fit the level (when no trap is asked for)? */
static bool fits_level(int level, const tensu_hand *h, const tensu_score_result *s)
{
    if (s->yakuman > 0)
        return false;
    if (level == 1)
        /* closed, no kan, no pair that scores, one reading, a simple wait,
         * no pinfu tsumo (a trap of level 3) */
        return h->nmelds == 0 && !tensu_result_has_fu_in(s, PAIR_FU) && s->nalternatives == 0 &&
               s->shape == TENSU_SHAPE_STANDARD && s->wait != TENSU_WAIT_SHANPON &&
               !(h->tsumo && tensu_result_has_yaku(s, TENSU_YAKU_PINFU));
    if (level == 2)
        return h->nmelds > 0 || tensu_result_has_fu_in(s, PAIR_FU) ||
               s->wait != TENSU_WAIT_RYANMEN;
    return true;
}

static bool same_hand(const tensu_exercise *a, const tensu_exercise *b)
{
    if (a->kind == TENSU_QUIZ_TABLE || b->kind == TENSU_QUIZ_TABLE)
        return a->kind == b->kind && a->han == b->han && a->fu == b->fu &&
               a->dealer == b->dealer && a->tsumo == b->tsumo;
    return memcmp(a->hand.tiles, b->hand.tiles, sizeof a->hand.tiles) == 0 &&
           a->hand.nmelds == b->hand.nmelds &&
           memcmp(a->hand.melds, b->hand.melds, sizeof a->hand.melds[0] * (size_t)a->hand.nmelds) ==
               0;
}

/* A table exercise: han and fu given, the payment asked.  Mostly 1 to 4
 * han, where the fu matter; a limit by han now and then from level 2. */
static bool draw_table(rng *g, const tensu_rules *r, int level, tensu_quiz_trap trap,
                       tensu_exercise *e)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    e->dealer = below(g, 2) == 1;
    e->tsumo = below(g, 2) == 1;
    e->fu = rows[below(g, nrows)];
    if (trap_rows[trap].table != NULL) {
        if (!trap_rows[trap].table(g, r, e))
            return false;
    } else if (level >= 2 && below(g, 6) == 0) {
        if (!limit_table(g, r, e))
            return false;
    } else {
        e->han = 1 + below(g, tensu_fu_han_max());
        if (level == 1 && (e->fu < 30 || e->fu > 70))
            return false;
    }
    if (!tensu_cell_reachable(r, e->han > tensu_fu_han_max() ? tensu_fu_han_max() : e->han,
                              e->fu, e->dealer, e->tsumo))
        return false;
    return tensu_pay(r, e->han, e->fu, 0, e->dealer, e->tsumo, 0, 0, &e->payment, NULL) ==
           TENSU_OK;
}

typedef struct plan {
    tensu_quiz_kind kind;
    tensu_quiz_trap trap;
} plan;

/* What each exercise will be: at level 3 the traps in turn, each on the
 * kind that tests it (of a mixed sheet: the kind used least so far), then
 * the kinds interleaved. */
static void make_plan(const tensu_rules *r, tensu_quiz_kind kind, int level, int count,
                      plan *out)
{
    tensu_quiz_trap traps[TENSU_TRAP_COUNT];
    int ntraps = level == 3 ? tensu_quiz_traps(r, kind, traps, TENSU_TRAP_COUNT) : 0;
    int used[TENSU_QUIZ_MIXED] = {0};
    plan tmp[TENSU_QUIZ_MAX];
    for (int i = 0; i < count; i++) {
        tensu_quiz_kind k = kind == TENSU_QUIZ_MIXED ? (tensu_quiz_kind)(i % 4) : kind;
        tensu_quiz_trap t = ntraps > 0 ? traps[i % ntraps] : TENSU_TRAP_NONE;
        if (kind == TENSU_QUIZ_MIXED && t != TENSU_TRAP_NONE) {
            int best = -1;
            for (int c = TENSU_QUIZ_FU; c < TENSU_QUIZ_MIXED; c++)
                if (kind_tests((tensu_quiz_kind)c, t) && (best < 0 || used[c] < used[best]))
                    best = c;
            k = (tensu_quiz_kind)best;
        }
        used[k]++;
        tmp[i] = (plan){k, t};
    }
    if (kind != TENSU_QUIZ_MIXED || ntraps == 0) {
        memcpy(out, tmp, sizeof tmp[0] * (size_t)count);
        return;
    }
    /* fu, han, table, payment, fu, ... as long as each kind has some left */
    {
        bool taken[TENSU_QUIZ_MAX] = {false};
        int n = 0;
        while (n < count)
            for (int c = TENSU_QUIZ_FU; c < TENSU_QUIZ_MIXED && n < count; c++)
                for (int i = 0; i < count; i++)
                    if (!taken[i] && tmp[i].kind == (tensu_quiz_kind)c) {
                        taken[i] = true;
                        out[n++] = tmp[i];
                        break;
                    }
    }
}

tensu_status tensu_quiz_make(const tensu_rules *r, tensu_quiz_kind kind, int level, int count,
                             uint64_t seed, tensu_exercise *out, tensu_error *err)
{
    rng g = {seed * 0x2545f4914f6cdd1dULL + 0x1234567ULL};
    plan pl[TENSU_QUIZ_MAX];
    if (r->family != TENSU_FAMILY_RIICHI)
        return error_fill(err, TENSU_ERR_INVALID,
                          "worksheets are for riichi rules: the classical game has no fu");
    if ((unsigned)kind > TENSU_QUIZ_MIXED)
        return error_fill(err, TENSU_ERR_RANGE, "unknown exercise kind %d", (int)kind);
    if (level < 1 || level > 3)
        return error_fill(err, TENSU_ERR_RANGE, "bad level %d: allowed 1, 2, 3", level);
    if (count < 1 || count > TENSU_QUIZ_MAX)
        return error_fill(err, TENSU_ERR_RANGE, "bad count %d: allowed 1..%d", count,
                          TENSU_QUIZ_MAX);
    make_plan(r, kind, level, count, pl);
    for (int i = 0; i < count; i++) {
        tensu_exercise *e = &out[i];
        tensu_quiz_kind k = pl[i].kind;
        tensu_quiz_trap trap = pl[i].trap;
        bool found = false;
        for (int attempt = 0; attempt < 200000 && !found; attempt++) {
            memset(e, 0, sizeof *e);
            e->kind = k;
            e->trap = trap;
            if (k == TENSU_QUIZ_TABLE) {
                found = draw_table(&g, r, level, trap, e);
            } else {
                shape_opts o = shape_for(&g, r, level, trap);
                if (!build_hand(&g, r, &o, &e->hand))
                    continue;
                if (trap_rows[trap].finish != NULL && !trap_rows[trap].finish(&g, r, &e->hand))
                    continue;
                if (k == TENSU_QUIZ_PAYMENT) {
                    e->hand.honba = below(&g, 3);
                    e->hand.sticks = below(&g, 3);
                    /* a winner in riichi has put a stick on the table: it
                     * is among those the winner takes */
                    if (e->hand.riichi && e->hand.sticks == 0)
                        e->hand.sticks = 1;
                }
                if (tensu_score(r, &e->hand, &e->result, NULL) != TENSU_OK)
                    continue;
                found = trap != TENSU_TRAP_NONE ? shows(r, trap, &e->hand, &e->result)
                                                : fits_level(level, &e->hand, &e->result);
                if (found) {
                    e->han = e->result.han;
                    e->fu = e->result.fu;
                    e->dealer = e->hand.seat == TENSU_EAST;
                    e->tsumo = e->hand.tsumo;
                    e->payment = e->result.payment;
                }
            }
            for (int j = 0; found && j < i; j++)
                if (same_hand(&out[j], e))
                    found = false; /* no hand twice on a sheet */
        }
        if (!found)
            return error_fill(err, TENSU_ERR_RANGE,
                              "no exercise %d of kind %s, level %d%s%s, under these rules", i + 1,
                              kind_names[k], level, trap ? ", trap " : "",
                              trap ? trap_rows[trap].name : "");
    }
    return TENSU_OK;
}
