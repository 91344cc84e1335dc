/* Worksheets (issue 18): exercises drawn from a seed, each answered by the
 * scorer or the payment engine under the rules in force.
 *
 * Hands are generated, not read: four sets and a pair (or seven pairs)
 * built at random within the tile counts, a winning tile taken from the
 * hand, a situation (ron or tsumo, seat and round wind, riichi, a dora
 * indicator), then scored; a hand the scorer refuses (no yaku, an
 * impossible combination) is drawn again.  A level keeps the hands that fit
 * it, and level 3 draws each trap in turn.  The same seed and rules give
 * the same exercises: the only state is a splitmix64 generator. */
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
static const char *const trap_names[] = {"none",       "shanpon-ron", "pinfu-tsumo",
                                         "open-pinfu", "chiitoitsu",  "two-readings",
                                         "kiriage"};

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

const char *tensu_quiz_trap_name(tensu_quiz_trap t)
{
    return (unsigned)t < TENSU_TRAP_COUNT ? trap_names[t] : NULL;
}

/* A tile kind that exists under the rules: three players play without the
 * characters 2 to 8. */
static bool kind_ok(const tensu_rules *r, int k)
{
    return !(r->players == 3 && k >= 1 && k <= 7);
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
} shape_opts;

static bool take(uint8_t *used, int k, int n)
{
    if (used[k] + n > 4)
        return false;
    used[k] = (uint8_t)(used[k] + n);
    return true;
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
        int sets = 0;
        /* called sets first, then the kan, then the concealed sets */
        for (int i = 0; i < 4; i++) {
            bool open = i < o->open_sets, kan = !open && i < o->open_sets + o->kans;
            bool run = !kan && (o->runs_only || below(g, 4) != 0);
            int k;
            if (run && r->players == 3 && open)
                run = false; /* no chi with three players */
            if (run) {
                int suit = below(g, 3), start = below(g, 7);
                k = suit * 9 + start;
                if (!kind_ok(r, k) || !kind_ok(r, k + 1) || !kind_ok(r, k + 2))
                    return false;
                if (!take(used, k, 1) || !take(used, k + 1, 1) || !take(used, k + 2, 1))
                    return false;
            } else {
                k = below(g, o->honours ? TENSU_TILE_KINDS : 27);
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
            sets++;
        }
        {
            int k, tries = 0;
            do {
                k = below(g, TENSU_TILE_KINDS);
            } while ((!kind_ok(r, k) || used[k] > 2 || (o->plain_pair && is_value_pair(h, k))) &&
                     ++tries < 200);
            if (!kind_ok(r, k) || !take(used, k, 2) || (o->plain_pair && is_value_pair(h, k)))
                return false;
            concealed[nc++] = k;
            concealed[nc++] = k;
        }
        (void)sets;
    }
    for (int i = 0; i < nc; i++)
        h->tiles[concealed[i]]++;
    h->ntiles = nc;
    h->win = concealed[below(g, nc)];
    {
        bool closed = true;
        for (int i = 0; i < h->nmelds; i++)
            if (h->melds[i].type != TENSU_MELD_ANKAN)
                closed = false;
        h->riichi = closed && o->riichi;
    }
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

static bool has_yaku(const tensu_score_result *s, tensu_yaku_id id)
{
    for (int i = 0; i < s->nyaku; i++)
        if (s->yaku[i].id == id)
            return true;
    return false;
}

static bool has_fu(const tensu_score_result *s, const char *prefix)
{
    for (int i = 0; i < s->nfu; i++)
        if (strncmp(s->fu_detail[i].reason, prefix, strlen(prefix)) == 0)
            return true;
    return false;
}

static bool is_open(const tensu_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != TENSU_MELD_ANKAN)
            return true;
    return false;
}

/* Another reading of the tiles that counts other fu or han: the player
 * must see both and take the better. */
static bool two_readings(const tensu_score_result *s)
{
    for (int i = 0; i < s->nalternatives; i++)
        if (s->alternatives[i].fu != s->fu || s->alternatives[i].han != s->han)
            return true;
    return false;
}

/* Does a scored hand show the trap? */
static bool shows(const tensu_rules *r, tensu_quiz_trap t, const tensu_hand *h,
                  const tensu_score_result *s)
{
    if (s->yakuman > 0)
        return false;
    switch (t) {
    case TENSU_TRAP_NONE: return true;
    case TENSU_TRAP_SHANPON_RON: return s->wait == TENSU_WAIT_SHANPON && !h->tsumo;
    case TENSU_TRAP_PINFU_TSUMO: return has_yaku(s, TENSU_YAKU_PINFU) && h->tsumo;
    case TENSU_TRAP_OPEN_PINFU:
        return is_open(h) && !h->tsumo && has_fu(s, "open hand won by ron with no fu");
    case TENSU_TRAP_CHIITOITSU: return s->shape == TENSU_SHAPE_CHIITOITSU;
    case TENSU_TRAP_TWO_READINGS: return two_readings(s);
    case TENSU_TRAP_KIRIAGE:
        return r->kiriage && ((s->han == 4 && s->fu == 30) || (s->han == 3 && s->fu == 60));
    case TENSU_TRAP_COUNT: break;
    }
    return false;
}

/* The shape to draw for a level and a trap. */
static shape_opts shape_for(rng *g, int level, tensu_quiz_trap trap)
{
    shape_opts o = {0, 0, false, true, false, false, true, -1};
    if (level >= 2) {
        o.open_sets = below(g, 3);
        o.kans = below(g, 4) == 0;
        o.plain_pair = false;
        o.honours = true;
        o.riichi = below(g, 2) == 0;
    }
    switch (trap) {
    case TENSU_TRAP_SHANPON_RON:
        o.tsumo = 0;
        o.open_sets = below(g, 2);
        o.honours = true;
        break;
    case TENSU_TRAP_PINFU_TSUMO:
        o = (shape_opts){0, 0, true, true, false, false, true, 1};
        break;
    case TENSU_TRAP_OPEN_PINFU:
        o = (shape_opts){1 + below(g, 2), 0, true, true, false, false, false, 0};
        break;
    case TENSU_TRAP_CHIITOITSU:
        o = (shape_opts){0, 0, false, false, true, true, below(g, 2) == 0, -1};
        break;
    case TENSU_TRAP_TWO_READINGS:
        o = (shape_opts){0, 0, false, false, false, false, true, -1};
        break;
    case TENSU_TRAP_KIRIAGE:
        o.honours = true;
        o.riichi = true;
        break;
    default: break;
    }
    return o;
}

/* Does a hand fit the level (when no trap is asked for)? */
static bool fits_level(int level, const tensu_hand *h, const tensu_score_result *s)
{
    if (s->yakuman > 0)
        return false;
    if (level == 1)
        /* closed, no kan, no pair that scores, one reading */
        return h->nmelds == 0 && !has_fu(s, "pair") && s->nalternatives == 0 &&
               s->shape == TENSU_SHAPE_STANDARD;
    if (level == 2)
        return h->nmelds > 0 || has_fu(s, "pair") || s->wait != TENSU_WAIT_RYANMEN;
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

/* A table exercise: han and fu given, the payment asked. */
static bool draw_table(rng *g, const tensu_rules *r, int level, tensu_quiz_trap trap,
                       tensu_exercise *e)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    e->dealer = below(g, 2) == 1;
    e->tsumo = below(g, 2) == 1;
    if (trap == TENSU_TRAP_KIRIAGE) {
        bool four = below(g, 2) == 0;
        e->han = four ? 4 : 3;
        e->fu = four ? 30 : 60;
    } else {
        e->han = 1 + below(g, level >= 2 ? 13 : 4);
        e->fu = rows[below(g, nrows)];
    }
    if (!tensu_cell_reachable(r, e->han > 4 ? 4 : e->han, e->fu, e->dealer, e->tsumo) &&
        e->han <= 4)
        return false;
    if (level == 1 && e->han <= 4 && e->fu > 70)
        return false;
    return tensu_pay(r, e->han, e->fu, 0, e->dealer, e->tsumo, 0, 0, &e->payment, NULL) ==
           TENSU_OK;
}

tensu_status tensu_quiz_make(const tensu_rules *r, tensu_quiz_kind kind, int level, int count,
                             uint64_t seed, tensu_exercise *out, tensu_error *err)
{
    rng g = {seed * 0x2545f4914f6cdd1dULL + 0x1234567ULL};
    tensu_quiz_trap traps[TENSU_TRAP_COUNT];
    int ntraps = 0;
    if (r->family != TENSU_FAMILY_RIICHI)
        return tensu_fail(err, TENSU_ERR_INVALID,
                          "worksheets are for riichi rules: the classical game has no fu");
    if ((unsigned)kind > TENSU_QUIZ_MIXED)
        return tensu_fail(err, TENSU_ERR_RANGE, "unknown exercise kind %d", (int)kind);
    if (level < 1 || level > 3)
        return tensu_fail(err, TENSU_ERR_RANGE, "bad level %d: allowed 1, 2, 3", level);
    if (count < 1 || count > TENSU_QUIZ_MAX)
        return tensu_fail(err, TENSU_ERR_RANGE, "bad count %d: allowed 1..%d", count,
                          TENSU_QUIZ_MAX);
    /* level 3: every trap in turn (kiriage only where the rules have it) */
    for (int t = TENSU_TRAP_SHANPON_RON; t < TENSU_TRAP_COUNT; t++)
        if (t != TENSU_TRAP_KIRIAGE || r->kiriage)
            traps[ntraps++] = (tensu_quiz_trap)t;
    for (int i = 0; i < count; i++) {
        tensu_exercise *e = &out[i];
        tensu_quiz_kind k = kind == TENSU_QUIZ_MIXED ? (tensu_quiz_kind)(i % 4) : kind;
        tensu_quiz_trap trap = level == 3 ? traps[i % ntraps] : TENSU_TRAP_NONE;
        bool found = false;
        if (level == 3 && k == TENSU_QUIZ_TABLE && trap != TENSU_TRAP_KIRIAGE)
            trap = TENSU_TRAP_NONE; /* the hand traps are about hands */
        for (int attempt = 0; attempt < 200000 && !found; attempt++) {
            memset(e, 0, sizeof *e);
            e->kind = k;
            e->trap = trap;
            if (k == TENSU_QUIZ_TABLE) {
                found = draw_table(&g, r, level, trap, e);
            } else {
                shape_opts o = shape_for(&g, level, trap);
                if (!build_hand(&g, r, &o, &e->hand))
                    continue;
                if (k == TENSU_QUIZ_PAYMENT) {
                    e->hand.honba = below(&g, 3);
                    e->hand.sticks = below(&g, 3);
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
            if (!found && attempt > 20000 && trap != TENSU_TRAP_NONE)
                trap = e->trap = TENSU_TRAP_NONE; /* rare under these rules: any hand */
        }
        if (!found)
            return tensu_fail(err, TENSU_ERR_RANGE,
                              "no exercise %d of kind %s, level %d, under these rules", i + 1,
                              kind_names[k], level);
    }
    return TENSU_OK;
}
