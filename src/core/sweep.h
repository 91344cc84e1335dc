/* The cross-check's machinery: the enumeration of winning hands, the
 * whole cross-check as steps a caller runs on its threads, and the rule
 * combinations of the shipped result.  For the crosscheck command, the
 * core and their tests; not part of the public API (tensu.h), not
 * installed. */
#ifndef TENSU_SWEEP_H
#define TENSU_SWEEP_H

#include "../tensu.h"

/* Enumerating closed winning hands as counts of the 34 tile kinds (1m..9m,
 * 1p..9p, 1s..9s, 1z..7z).  Each hand of a family comes exactly once; a
 * hand of seven pairs that also reads as four sets and a pair comes once in
 * each family.  fn returns false to stop.  Work is split into nshards
 * disjoint shards (0..nshards-1) for threads.  *count gets the number of
 * hands visited.  Reentrant: each call allocates its own tables (~3 MB
 * for sweep_standard), so one thread per shard is fine.  Errors:
 * TENSU_ERR_RANGE (shard outside 0..nshards-1), TENSU_ERR_NOMEM. */
#define SWEEP_KINDS 34
typedef bool (*sweep_fn)(const uint8_t counts[SWEEP_KINDS], void *user);
tensu_status sweep_standard(int shard, int nshards, sweep_fn fn, void *user,
                                  uint64_t *count, tensu_error *err);
tensu_status sweep_chiitoitsu(int shard, int nshards, sweep_fn fn, void *user,
                                    uint64_t *count, tensu_error *err);
tensu_status sweep_kokushi(sweep_fn fn, void *user, uint64_t *count);

/* The whole cross-check as steps (src/core/xsweep.c): one phase (every
 * hand), in XSWEEP_SHARDS shards
 * that the caller runs on as many threads as it likes; merged and
 * finished, the result is the same for any number of threads.  For part K
 * of N (tests), every shard is one N-th as large.
 *
 *   s = xsweep_new(r, 0, 1, false, &err);
 *   while (xsweep_phase(s, &phase)) {
 *       per thread: t = xsweep_tally(s, &err);
 *                   for each shard it takes: xsweep_shard(s, t, shard, ...);
 *       after the threads: xsweep_add(s, t, &err); tensu_xcheck_free(t);
 *       xsweep_next(s, &err);
 *   }
 *   x = xsweep_take(s); xsweep_free(s);
 *
 * xsweep_shard only reads s: several threads may run shards at once,
 * each into its own tally.  xsweep_add and xsweep_next change
 * s: call them from one thread, after the shards of the phase are done. */
#define XSWEEP_SHARDS 16
typedef struct xsweep xsweep;

/* A sweep of part (0..parts-1) of the hands under r, for r alone or for
 * every combination of the keys that move a cell (tensu_xcheck_new).  NULL
 * with err:
 * TENSU_ERR_RANGE (bad part), TENSU_ERR_NOMEM.  Free with xsweep_free
 * (NULL is fine). */
xsweep *xsweep_new(const tensu_rules *r, int part, int parts,
                               bool every_combination, tensu_error *err);
void xsweep_free(xsweep *s);
/* The phase to run now; false once it is done. */
bool xsweep_phase(const xsweep *s, tensu_xcheck_phase *phase);
/* Hands the current phase visits in this part (for a progress bar); 0 when done. */
uint64_t xsweep_work(const xsweep *s);
/* A new empty tally for a thread (the caller frees it); NULL with err
 * (TENSU_ERR_NOMEM). */
tensu_xcheck *xsweep_tally(const xsweep *s, tensu_error *err);
/* Run shard (0..XSWEEP_SHARDS-1) of the current phase and add it to
 * tally.  Errors: TENSU_ERR_RANGE (bad shard, or the sweep is done),
 * TENSU_ERR_NOMEM; progress returning false stops it (an error). */
tensu_status xsweep_shard(const xsweep *s, tensu_xcheck *tally, int shard,
                                tensu_xcheck_progress progress, void *user, tensu_error *err);
/* Add a thread's tally to the current phase (s keeps no pointer to it).
 * Errors: TENSU_ERR_RANGE (the sweep is done). */
tensu_status xsweep_add(xsweep *s, const tensu_xcheck *tally, tensu_error *err);
/* End the current phase and decide every cell for the sweep's rules
 * (tensu_xcheck_finish).  Errors: TENSU_ERR_NOMEM, TENSU_ERR_RANGE (done). */
tensu_status xsweep_next(xsweep *s, tensu_error *err);
/* The finished cross-check, handed over (the caller frees it with
 * tensu_xcheck_free); NULL before the sweep is done, or taken already. */
tensu_xcheck *xsweep_take(xsweep *s);

/* The rule combinations the shipped data covers: every combination of the
 * keys that move a cell (open-pinfu, pinfu-tsumo, double-wind-fu,
 * rinshan-fu, kuitan) on tenhou, and tenhou-sanma.  reach_combo
 * fills *out with combination i (0..count-1) and name (n bytes) with its
 * words ("tenhou open-pinfu=20"); TENSU_ERR_RANGE for i past the end. */
size_t reach_combo_count(void);
tensu_status reach_combo(size_t i, tensu_rules *out, char *name, size_t n,
                               tensu_error *err);

/* A row where a sweep and the shipped data differ. */
typedef struct reach_diff {
    int fu;
    bool dealer, tsumo;
    int swept, shipped;       /* least han: the sweep's, the data's (0: no hand) */
} reach_diff;
/* Compare a finished sweep with the shipped data for r: a whole sweep
 * must equal it; a part (whole false) may only find as many han or more.
 * *rows gets the rows compared, *ndiff the rows that differ (the first
 * max of them in out).  Errors: TENSU_ERR_UNKNOWN when no data was shipped
 * for these rules. */
tensu_status reach_compare(const tensu_xcheck *x, const tensu_rules *r, bool whole,
                                 reach_diff *out, size_t max, size_t *ndiff, int *rows,
                                 tensu_error *err);

/* The cross-check's result as shipped (src/core/reachable_data.c, made by
 * scripts/regen-reachable): the least han at a fu for the rule keys that
 * move it (players, open-pinfu, pinfu-tsumo, double-wind-fu, rinshan-fu,
 * kuitan: every combination of them, three and four players).  0: no hand
 * at that fu; -1: a fu that is no row (or rules of the classical family). */
int reach_min_han(const tensu_rules *r, int fu, bool dealer, bool tsumo);
size_t reach_entry_count(void);
/* Set the six keys of shipped entry i in *r (other fields untouched). */
bool reach_entry_rules(size_t i, tensu_rules *r);

#endif
