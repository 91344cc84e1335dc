/* The whole cross-check as steps (sweep.h): which shards make
 * the sweep, how the tallies come together; the rule combinations the
 * shipped data covers, and a sweep compared with that data.  Above
 * crosscheck.c and reach.c, called by neither. */
#include "internal.h"
#include "sweep.h"

#include <stdio.h>
#include <stdlib.h>

struct xsweep {
    tensu_rules rules;
    int part, parts;
    bool done;
    bool every;               /* every combination of the keys that move a cell */
    tensu_xcheck *all;        /* the shards' tallies, merged */
};

xsweep *xsweep_new(const tensu_rules *r, int part, int parts,
                               bool every_combination, tensu_error *err)
{
    xsweep *s;
    if (parts < 1 || part < 0 || part >= parts) {
        error_fill(err, TENSU_ERR_RANGE, "bad part %d of %d: 0 <= part < parts", part, parts);
        return NULL;
    }
    if ((s = alloc_or_fail(sizeof *s, err)) == NULL)
        return NULL;
    s->rules = *r;
    s->part = part;
    s->parts = parts;
    s->every = every_combination;
    s->all = tensu_xcheck_new(r, every_combination, err);
    if (s->all == NULL) {
        free(s);
        return NULL;
    }
    return s;
}

void xsweep_free(xsweep *s)
{
    if (s == NULL)
        return;
    tensu_xcheck_free(s->all);
    free(s);
}

bool xsweep_phase(const xsweep *s, tensu_xcheck_phase *phase)
{
    if (s->done)
        return false;
    *phase = TENSU_XCHECK_HANDS;
    return true;
}

uint64_t xsweep_work(const xsweep *s)
{
    return s->done ? 0 : tensu_xcheck_work() / (uint64_t)s->parts;
}

tensu_xcheck *xsweep_tally(const xsweep *s, tensu_error *err)
{
    return tensu_xcheck_new(&s->rules, s->every, err);
}

tensu_status xsweep_shard(const xsweep *s, tensu_xcheck *tally, int shard,
                                tensu_xcheck_progress progress, void *user, tensu_error *err)
{
    if (s->done)
        return error_fill(err, TENSU_ERR_RANGE, "the sweep is done");
    if (shard < 0 || shard >= XSWEEP_SHARDS)
        return error_fill(err, TENSU_ERR_RANGE, "bad shard %d: 0..%d", shard,
                          XSWEEP_SHARDS - 1);
    /* the tallies keep the least han and the simplest hand (a fixed order
     * between equals): merged in any order, the result is the same for
     * any number of threads */
    return tensu_xcheck_run(tally, s->part + shard * s->parts, XSWEEP_SHARDS * s->parts,
                            progress, user, err);
}

tensu_status xsweep_add(xsweep *s, const tensu_xcheck *tally, tensu_error *err)
{
    if (s->done)
        return error_fill(err, TENSU_ERR_RANGE, "the sweep is done");
    return tensu_xcheck_merge(s->all, tally, err);
}

tensu_status xsweep_next(xsweep *s, tensu_error *err)
{
    tensu_status st;
    if (s->done)
        return error_fill(err, TENSU_ERR_RANGE, "the sweep is done");
    if ((st = tensu_xcheck_finish(s->all, err)) != TENSU_OK)
        return st;
    s->done = true;
    return TENSU_OK;
}

tensu_xcheck *xsweep_take(xsweep *s)
{
    tensu_xcheck *x;
    if (!s->done)
        return NULL;
    x = s->all;
    s->all = NULL;
    return x;
}

/* The shipped data has every combination of the keys that move a cell
 * (crosscheck.c: xcheck_key_value), on tenhou (four players) and on
 * tenhou-sanma (three). */
#define FOUR_PLAYER_COMBOS 32

size_t reach_combo_count(void)
{
    return 2 * FOUR_PLAYER_COMBOS;
}

tensu_status reach_combo(size_t i, tensu_rules *out, char *name, size_t n,
                               tensu_error *err)
{
    tensu_status st;
    size_t len;
    if (i >= reach_combo_count())
        return error_fill(err, TENSU_ERR_RANGE, "no rule combination %zu", i);
    st = tensu_rules_preset(i < FOUR_PLAYER_COMBOS ? "tenhou" : "tenhou-sanma", out, err);
    if (st != TENSU_OK)
        return st;
    len = n > 0 ? (size_t)snprintf(name, n, "%s", out->preset) : 0;
    for (int k = 0; k < 5; k++) {
        const char *a = xcheck_key_value(k, (i % FOUR_PLAYER_COMBOS >> k) & 1);
        if ((st = tensu_rules_assign(out, a, err)) != TENSU_OK)
            return st;
        if ((i % FOUR_PLAYER_COMBOS >> k) & 1 && len < n)
            len += (size_t)snprintf(name + len, n - len, " %s", a);
    }
    return TENSU_OK;
}

tensu_status reach_compare(const tensu_xcheck *x, const tensu_rules *r, bool whole,
                                 reach_diff *out, size_t max, size_t *ndiff, int *rows,
                                 tensu_error *err)
{
    *ndiff = 0;
    *rows = 0;
    if (reach_min_han(r, 30, false, false) < 0)
        return error_fill(err, TENSU_ERR_UNKNOWN,
                          "no shipped data for these rules (see scripts/regen-reachable)");
    for (int row = 0; row < TENSU_XCHECK_FU_ROWS; row++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                int fu = tensu_xcheck_row_fu(row);
                int got = tensu_xcheck_min_han(x, fu, d, t);
                int want = reach_min_han(r, fu, d, t);
                /* a whole sweep must find the data; a part has fewer hands,
                 * so it can only find as many han or more, or no hand */
                bool ok = whole ? got == want : (got == 0 || (want != 0 && got >= want));
                (*rows)++;
                if (ok)
                    continue;
                if (*ndiff < max)
                    out[*ndiff] = (reach_diff){fu, d, t, got, want};
                (*ndiff)++;
            }
    return TENSU_OK;
}
