/* Look up the cross-check's shipped result (reachable_data.c). */
#include "reach.h"
#include "sweep.h"

#include <stdio.h>

#ifndef TENSU_VERSION
#define TENSU_VERSION "0.0.0-unversioned" /* set by CMake from project() */
#endif

static const reach_entry *find(const tensu_rules *r)
{
    for (size_t i = 0; i < reach_count; i++) {
        tensu_rules e;
        bool same;
        reach_entry_rules(i, &e);
        same = e.players == r->players;
        for (int k = 0; k < TENSU_CELL_KEYS && same; k++)
            same = cell_key_same(&e, r, k);
        if (same)
            return &reach_data[i];
    }
    return NULL;
}

int reach_min_han(const tensu_rules *r, int fu, bool dealer, bool tsumo)
{
    const reach_entry *e = r->family == TENSU_FAMILY_RIICHI ? find(r) : NULL;
    for (int row = 0; e != NULL && row < TENSU_XCHECK_FU_ROWS; row++)
        if (tensu_xcheck_row_fu(row) == fu)
            return e->min_han[row][dealer][tsumo];
    return -1;
}

size_t reach_entry_count(void)
{
    return reach_count;
}

bool reach_entry_rules(size_t i, tensu_rules *r)
{
    const reach_entry *e;
    if (i >= reach_count)
        return false;
    e = &reach_data[i];
    r->players = e->players;
    r->open_pinfu_fu = e->open_pinfu_fu;
    r->pinfu_tsumo_fu = e->pinfu_tsumo_fu;
    r->double_wind_fu = e->double_wind_fu;
    r->rinshan_fu = e->rinshan_fu;
    r->kuitan = e->kuitan;
    return true;
}

const char *tensu_data_version(void)
{
    static char text[64];
    if (text[0] == '\0') {
        /* FNV-1a over the entries' fields, in a fixed order */
        uint32_t h = 2166136261u;
        for (size_t i = 0; i < reach_count; i++) {
            const reach_entry *e = &reach_data[i];
            int fields[6] = {e->players,       e->open_pinfu_fu, e->pinfu_tsumo_fu,
                             e->double_wind_fu, e->rinshan_fu,    e->kuitan};
            for (int f = 0; f < 6; f++)
                h = (h ^ (uint32_t)(fields[f] & 0xFF)) * 16777619u;
            for (size_t r = 0; r < TENSU_XCHECK_FU_ROWS; r++)
                for (int d = 0; d < 2; d++)
                    for (int t = 0; t < 2; t++)
                        h = (h ^ e->min_han[r][d][t]) * 16777619u;
        }
        snprintf(text, sizeof text, "%zu rule sets, fnv1a %08x", reach_count, (unsigned)h);
    }
    return text;
}

const char *tensu_version(void)
{
    return TENSU_VERSION;
}
