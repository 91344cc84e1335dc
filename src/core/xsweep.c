/* The whole cross-check as steps (tensu.h, "The sweep"): which shards make a
 * phase, the order of the phases (closed, then the called one planned from
 * it), how the tallies come together; the rule combinations the shipped
 * data covers, and a sweep compared with that data.  Above crosscheck.c
 * and reach.c, called by neither. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

struct tensu_xsweep {
    tensu_rules rules;
    int part, parts;
    int phase;                /* TENSU_XCHECK_CLOSED, TENSU_XCHECK_CALLED, 2: done */
    tensu_xcheck *closed;     /* the closed phase's tallies, merged */
    tensu_xcheck *called;     /* the called phase's, planned from closed */
};

tensu_xsweep *tensu_xsweep_new(const tensu_rules *r, int part, int parts, tensu_error *err)
{
    tensu_xsweep *s;
    if (parts < 1 || part < 0 || part >= parts) {
        tensu_fail(err, TENSU_ERR_RANGE, "bad part %d of %d: 0 <= part < parts", part, parts);
        return NULL;
    }
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
        return NULL;
    }
    s->rules = *r;
    s->part = part;
    s->parts = parts;
    s->closed = tensu_xcheck_new(r, err);
    if (s->closed == NULL) {
        free(s);
        return NULL;
    }
    return s;
}

void tensu_xsweep_free(tensu_xsweep *s)
{
    if (s == NULL)
        return;
    tensu_xcheck_free(s->closed);
    tensu_xcheck_free(s->called);
    free(s);
}

bool tensu_xsweep_phase(const tensu_xsweep *s, tensu_xcheck_phase *phase)
{
    if (s->phase > TENSU_XCHECK_CALLED)
        return false;
    *phase = (tensu_xcheck_phase)s->phase;
    return true;
}

uint64_t tensu_xsweep_work(const tensu_xsweep *s)
{
    return s->phase > TENSU_XCHECK_CALLED
               ? 0
               : tensu_xcheck_work((tensu_xcheck_phase)s->phase) / (uint64_t)s->parts;
}

tensu_xcheck *tensu_xsweep_tally(const tensu_xsweep *s, tensu_error *err)
{
    return tensu_xcheck_new(&s->rules, err);
}

tensu_status tensu_xsweep_shard(const tensu_xsweep *s, tensu_xcheck *tally, int shard,
                                tensu_xcheck_progress progress, void *user, tensu_error *err)
{
    tensu_xcheck *t;
    tensu_status st;
    if (s->phase > TENSU_XCHECK_CALLED)
        return tensu_fail(err, TENSU_ERR_RANGE, "the sweep is done");
    if (shard < 0 || shard >= TENSU_XSWEEP_SHARDS)
        return tensu_fail(err, TENSU_ERR_RANGE, "bad shard %d: 0..%d", shard,
                          TENSU_XSWEEP_SHARDS - 1);
    /* each shard into a tally of its own, planned as the phase is: its
     * pruning sees only its own hands, whatever else the thread ran, so
     * the merged result is the same for any number of threads */
    t = tensu_xcheck_new(&s->rules, err);
    if (t == NULL)
        return err ? err->status : TENSU_ERR_NOMEM;
    if (s->phase == TENSU_XCHECK_CALLED)
        tensu_xcheck_plan(t, s->closed);
    st = tensu_xcheck_run(t, (tensu_xcheck_phase)s->phase, s->part + shard * s->parts,
                          TENSU_XSWEEP_SHARDS * s->parts, progress, user, err);
    if (st == TENSU_OK)
        st = tensu_xcheck_merge(tally, t, err);
    tensu_xcheck_free(t);
    return st;
}

tensu_status tensu_xsweep_add(tensu_xsweep *s, const tensu_xcheck *tally, tensu_error *err)
{
    if (s->phase > TENSU_XCHECK_CALLED)
        return tensu_fail(err, TENSU_ERR_RANGE, "the sweep is done");
    return tensu_xcheck_merge(s->phase == TENSU_XCHECK_CLOSED ? s->closed : s->called, tally,
                              err);
}

tensu_status tensu_xsweep_next(tensu_xsweep *s, tensu_error *err)
{
    tensu_status st;
    switch (s->phase) {
    case TENSU_XCHECK_CLOSED:
        /* the called phase explores the rows the closed hands left above 1 han */
        s->called = tensu_xcheck_new(&s->rules, err);
        if (s->called == NULL)
            return err ? err->status : TENSU_ERR_NOMEM;
        tensu_xcheck_plan(s->called, s->closed);
        s->phase = TENSU_XCHECK_CALLED;
        return TENSU_OK;
    case TENSU_XCHECK_CALLED:
        if ((st = tensu_xcheck_merge(s->called, s->closed, err)) != TENSU_OK ||
            (st = tensu_xcheck_finish(s->called, err)) != TENSU_OK)
            return st;
        s->phase = 2;
        return TENSU_OK;
    default:
        return tensu_fail(err, TENSU_ERR_RANGE, "the sweep is done");
    }
}

tensu_xcheck *tensu_xsweep_take(tensu_xsweep *s)
{
    tensu_xcheck *x;
    if (s->phase <= TENSU_XCHECK_CALLED)
        return NULL;
    x = s->called;
    s->called = NULL;
    return x;
}

/* The keys that move a cell, each with its preset value first: the shipped
 * data has every combination of them, on tenhou (four players) and on
 * tenhou-sanma (three). */
static const char *const combo_keys[5][2] = {{"open-pinfu=30", "open-pinfu=20"},
                                             {"pinfu-tsumo=20", "pinfu-tsumo=30"},
                                             {"double-wind-fu=4", "double-wind-fu=2"},
                                             {"rinshan-fu=2", "rinshan-fu=0"},
                                             {"kuitan=yes", "kuitan=no"}};
#define FOUR_PLAYER_COMBOS 32

size_t tensu_reach_combo_count(void)
{
    return 2 * FOUR_PLAYER_COMBOS;
}

tensu_status tensu_reach_combo(size_t i, tensu_rules *out, char *name, size_t n,
                               tensu_error *err)
{
    tensu_status st;
    size_t len;
    if (i >= tensu_reach_combo_count())
        return tensu_fail(err, TENSU_ERR_RANGE, "no rule combination %zu", i);
    st = tensu_rules_preset(i < FOUR_PLAYER_COMBOS ? "tenhou" : "tenhou-sanma", out, err);
    if (st != TENSU_OK)
        return st;
    len = n > 0 ? (size_t)snprintf(name, n, "%s", out->preset) : 0;
    for (int k = 0; k < 5; k++) {
        const char *a = combo_keys[k][(i % FOUR_PLAYER_COMBOS >> k) & 1];
        if ((st = tensu_rules_assign(out, a, err)) != TENSU_OK)
            return st;
        if ((i % FOUR_PLAYER_COMBOS >> k) & 1 && len < n)
            len += (size_t)snprintf(name + len, n - len, " %s", a);
    }
    return TENSU_OK;
}

tensu_status tensu_reach_compare(const tensu_xcheck *x, const tensu_rules *r, bool whole,
                                 tensu_reach_diff *out, size_t max, size_t *ndiff, int *rows,
                                 tensu_error *err)
{
    *ndiff = 0;
    *rows = 0;
    if (tensu_reach_min_han(r, 30, false, false) < 0)
        return tensu_fail(err, TENSU_ERR_UNKNOWN,
                          "no shipped data for these rules (see scripts/regen-reachable)");
    for (int row = 0; row < TENSU_XCHECK_FU_ROWS; row++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                int fu = tensu_xcheck_row_fu(row);
                int got = tensu_xcheck_min_han(x, fu, d, t);
                int want = tensu_reach_min_han(r, fu, d, t);
                /* a whole sweep must find the data; a part has fewer hands,
                 * so it can only find as many han or more, or no hand */
                bool ok = whole ? got == want : (got == 0 || (want != 0 && got >= want));
                (*rows)++;
                if (ok)
                    continue;
                if (*ndiff < max)
                    out[*ndiff] = (tensu_reach_diff){fu, d, t, got, want};
                (*ndiff)++;
            }
    return TENSU_OK;
}
