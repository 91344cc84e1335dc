/* The fu rows the cross-check, the shipped reachability data and the
 * tables count in: 20, 25, 30 ... 170 fu.  One place below crosscheck.c,
 * reach.c and table.c, so that none of them calls back into another. */
#include "internal.h"

static const int row_fu[TENSU_XCHECK_FU_ROWS] = {20,  25,  30,  40,  50,  60,
                                                 70,  80,  90,  100, 110, 120,
                                                 130, 140, 150, 160, 170};

int tensu_xcheck_row_fu(int row)
{
    return row >= 0 && row < TENSU_XCHECK_FU_ROWS ? row_fu[row] : -1;
}
