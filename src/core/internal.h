/* Shared by the core's own files; not part of the public API. */
#ifndef TENSU_INTERNAL_H
#define TENSU_INTERNAL_H

#include "../tensu.h"

#include "../util/fail.h"

#include <stdarg.h>

/* The keys that can move a cell of the table, 0 .. TENSU_CELL_KEYS - 1:
 * open-pinfu, pinfu-tsumo, double-wind-fu, rinshan-fu, kuitan (the
 * cross-check's combinations and the shipped data's entries, in this
 * order).  Do a and b give key k the same value? */
#define TENSU_CELL_KEYS 5
static inline bool cell_key_same(const tensu_rules *a, const tensu_rules *b, int k)
{
    switch (k) {
    case 0: return a->open_pinfu_fu == b->open_pinfu_fu;
    case 1: return a->pinfu_tsumo_fu == b->pinfu_tsumo_fu;
    case 2: return a->double_wind_fu == b->double_wind_fu;
    case 3: return a->rinshan_fu == b->rinshan_fu;
    default: return a->kuitan == b->kuitan;
    }
}

/* pay.c: the han a limit row of a table stands for under the rules, from
 * *from to *to (0: no upper bound): mangan 5, haneman 6-7, baiman 8-10,
 * sanbaiman 11-12 (11 and up under kazoe=sanbaiman), the one-yakuman row
 * (yakuman 1) 13 and up under kazoe=yakuman.  Both 0 for a row no han
 * reaches (several yakuman, kazoe=sanbaiman's yakuman) or no limit. */
void limit_han_range(const tensu_rules *r, tensu_limit l, int yakuman, int *from, int *to);

/* Unsigned big integers for aotenjou: 512 bits, enough for any han the
 * scorer produces (an overflow is reported, never wrapped). */
#define BIG_LIMBS 16
typedef struct big {
    uint32_t w[BIG_LIMBS]; /* little-endian limbs */
} big;

void big_set(big *b, uint64_t v);
bool big_shl(big *b, unsigned bits);          /* false on overflow */
bool big_mul_small(big *b, uint32_t m);       /* false on overflow */
bool big_add_small(big *b, uint32_t a);       /* false on overflow */
uint32_t big_div_small(big *b, uint32_t d);   /* returns the remainder */
bool big_fits_i64(const big *b);
int64_t big_to_i64(const big *b);
void big_to_dec(const big *b, char *buf, size_t size);
bool big_round_up_100(big *b);

/* crosscheck.c: the keys that move a cell, key 0..4 (open-pinfu,
 * pinfu-tsumo, double-wind-fu, rinshan-fu, kuitan) at value 0 (tenhou's) or
 * 1, as `tensu rules` writes them ("open-pinfu=20"); NULL outside. */
const char *xcheck_key_value(int key, int value);

/* A chart's cell to change in place (the readers' last pass: a first
 * amount found to be a tsumo total); NULL past the end. */
tensu_chart_cell *chart_cell_edit(tensu_chart *c, size_t i);


#endif
