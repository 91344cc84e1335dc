/* The cross-check's stages, and what they share: the sweep's constants,
 * a slot's tally, the cross-check itself (struct tensu_xcheck) and the
 * walk's state.  crosscheck.c (new, run, merge, results) calls the walk
 * (crosscheck_walk.c: hands, one scoring recorded, symmetry classes, the
 * walk over the sweep); crosscheck_finish.c (an example for every cell)
 * calls the walk's helpers too; the walk calls neither.  Private to
 * src/core; not installed. */
#ifndef TENSU_CROSSCHECK_PRIVATE_H
#define TENSU_CROSSCHECK_PRIVATE_H

#include "scorer.h"
#include "sweep.h"

#define XROWS TENSU_XCHECK_FU_ROWS
#define XHAN TENSU_TABLE_MAX_HAN
#define MAX_DIS 32
#define NKEYS TENSU_CELL_KEYS
#define NCOMBO (1 << NKEYS)
/* slots: 0 every combination, 1 + 2k + v key k at value v, 11 + c one
 * combination */
#define SLOT_KEY(k, v) (1 + 2 * (k) + (v))
#define SLOT_COMBO(c) (1 + 2 * NKEYS + (c))
#define NSLOTS (1 + 2 * NKEYS + NCOMBO)
#define ALL_COMBOS 0xFFFFFFFFu
/* the combinations with rinshan-fu=0 (bit 3 of the combination: 8..15, 24..31) */
#define RINSHAN_COMBOS 0xFF00FF00u
_Static_assert(KEY_RINSHAN == 1 << 3, "RINSHAN_COMBOS: rinshan-fu is key 3");

/* What one slot met. */
typedef struct tally {
    /* what every scoring reads first, side by side (a few KB) */
    uint8_t lb[XROWS][2][2];              /* least han per fu row, [dealer][tsumo]; 0 = not met */
    int lbs[XROWS][2][2];                 /* the simplicity of its example */
    bool has[XROWS][XHAN][2][2];
    int exs[XROWS][XHAN][2][2];           /* the simplicity of each example */
    /* the examples, read only on a tie of simplicity */
    tensu_hand lbex[XROWS][2][2];         /* a scoring (with the flag) that met the least han */
    tensu_hand ex[XROWS][XHAN][2][2];     /* scored examples, simplest first */
} tally;

struct tensu_xcheck {
    tensu_rules rules;                    /* the rules the sweep scores with */
    tensu_rules combo[NCOMBO];            /* them with each combination of the keys */
    int base;                             /* the combination of rules */
    uint32_t want;                        /* the combinations kept: base's, or all */
    tensu_table *table;                   /* rules' table: payments checked while scoring */
    tensu_table *rtable;                  /* the same with rinshan-fu=0 */
    /* the values whose payment was checked, per table: [yakuman][han][fu/5][dealer][tsumo] */
    uint8_t checked[2][8][64][64];
    tensu_rules view;                     /* the rules finish and the results are for */
    tensu_table *vtable;
    tensu_xcheck_stats st;
    tally *slot[NSLOTS];
    tally eff;                            /* view's combination, all slots merged (finish) */
    size_t ndis;
    tensu_xcheck_disagreement dis[MAX_DIS];
    bool finished;
    tensu_xcheck_cell cells[XROWS][XHAN][2][2];
};

/* What a walk over the sweep carries (tensu_xcheck_run, crosscheck_walk.c). */
typedef struct walk {
    tensu_xcheck *x;
    tensu_xcheck_progress progress;
    void *user;
    uint64_t pending;
    bool stop;
    bool one_win;      /* seven pairs: every pair is a tanki wait alike */
} walk;

/* crosscheck_walk.c */
/* The combination of rules r (bit k: key k at value 1 of the key's values). */
int combo_of(const tensu_xcheck *x, const tensu_rules *r);
/* The row of fu in the cross-check's tables; -1 for none. */
int row_of(int fu);
/* a before b: fewer kans, then melds, then dora, then flags. */
bool simpler(const tensu_hand *a, const tensu_hand *b);
/* A scoring whose payment is not the table's, counted and kept. */
void disagree(tensu_xcheck *x, const tensu_hand *h, const tensu_score_result *res,
              const tensu_payment *want);
/* What src met, added to dst. */
void tally_merge(tally *dst, const tally *src);
/* The sweep's callbacks (user: a walk): a closed hand of the standard and
 * seven-pairs sweeps with its called variants; a hand of kokushi. */
bool visit_closed(const uint8_t counts[SWEEP_KINDS], void *user);
bool visit_kokushi(const uint8_t counts[SWEEP_KINDS], void *user);

#endif
