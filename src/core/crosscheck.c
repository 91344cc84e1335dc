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
 * of a class onto those of another).
 *
 * This file holds the keys' values, the public calls new, view, run and
 * merge, and the results.  The stages: crosscheck_walk.c (hands, one
 * scoring recorded, symmetry classes, the walk), crosscheck_finish.c (an
 * example for every cell); crosscheck_private.h what they share. */
#include "crosscheck_private.h"

#include <stdlib.h>
#include <string.h>

/* The keys that move a cell, each value as `tensu rules` writes it: value 0
 * is the tenhou preset's.  Bit k of a combination is key k's value; the
 * scorer's KEY_* bits are in the same order. */
static const char *const key_values[NKEYS][2] = {{"open-pinfu=30", "open-pinfu=20"},
                                                 {"pinfu-tsumo=20", "pinfu-tsumo=30"},
                                                 {"double-wind-fu=4", "double-wind-fu=2"},
                                                 {"rinshan-fu=2", "rinshan-fu=0"},
                                                 {"kuitan=yes", "kuitan=no"}};

const char *xcheck_key_value(int key, int value)
{
    return key >= 0 && key < NKEYS && (value == 0 || value == 1) ? key_values[key][value] : NULL;
}

/* ------------------------------------------------------------------ */
/* Public: new, run, merge                                             */
/* ------------------------------------------------------------------ */

tensu_xcheck *tensu_xcheck_new(const tensu_rules *r, bool every_combination,
                               tensu_error *err)
{
    tensu_xcheck *x;
    if (r->family != TENSU_FAMILY_RIICHI) {
        error_fill(err, TENSU_ERR_RANGE, "the cross-check is for riichi rules (family=riichi)");
        return NULL;
    }
    if ((x = alloc_or_fail(sizeof *x, err)) == NULL)
        return NULL;
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
            error_fill(err, TENSU_ERR_NOMEM, "out of memory");
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
        return error_fill(err, TENSU_ERR_RANGE,
                          "a sweep of %d players cannot give results for %d players",
                          x->rules.players, r->players);
    if (!((x->want >> combo_of(x, r)) & 1))
        return error_fill(err, TENSU_ERR_RANGE,
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
        return error_fill(err, TENSU_ERR_RANGE, "bad shard %d of %d", shard, nshards);
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
        s = error_fill(err, TENSU_ERR_RANGE, "stopped");
    return s;
}

tensu_status tensu_xcheck_merge(tensu_xcheck *dst, const tensu_xcheck *src, tensu_error *err)
{
    if (dst->rules.players != src->rules.players || dst->base != src->base ||
        dst->want != src->want)
        return error_fill(err, TENSU_ERR_RANGE, "tallies of other rules cannot be merged");
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

/* ------------------------------------------------------------------ */
/* Results                                                             */
/* ------------------------------------------------------------------ */

int tensu_xcheck_min_han(const tensu_xcheck *x, int fu, bool dealer, bool tsumo)
{
    int row = row_of(fu);
    return row < 0 || !x->finished ? 0 : x->eff.lb[row][dealer][tsumo];
}

const tensu_xcheck_cell *tensu_xcheck_cell_at(const tensu_xcheck *x, int han, int fu,
                                               bool dealer, bool tsumo)
{
    int row = row_of(fu);
    if (!x->finished || row < 0 || han < 1 || han > XHAN)
        return NULL;
    return &x->cells[row][han - 1][dealer][tsumo];
}

const tensu_xcheck_stats *tensu_xcheck_counts(const tensu_xcheck *x)
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
