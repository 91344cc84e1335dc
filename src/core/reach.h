/* Which cells can occur: the least han per fu row found by the
 * cross-check (tensu crosscheck --emit-c writes reachable_data.c; see
 * scripts/regen-reachable).  Private to the core. */
#ifndef TENSU_REACH_H
#define TENSU_REACH_H

#include "internal.h"

/* One rule combination: the keys that change which cells occur. */
typedef struct reach_entry {
    int players;
    int open_pinfu_fu;
    int pinfu_tsumo_fu;
    int double_wind_fu;
    int rinshan_fu;
    bool kuitan;
    /* least han per fu row (20, 25, 30 ... 170), [dealer][tsumo]; 0: no hand */
    uint8_t min_han[TENSU_XCHECK_FU_ROWS][2][2];
} reach_entry;

extern const reach_entry reach_data[];
extern const size_t reach_count;

#endif
