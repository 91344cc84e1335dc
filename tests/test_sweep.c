/* The enumeration of closed winning hands behind the cross-check: the
 * published counts (11,498,658 hands of four sets and a pair; C(34,7)
 * seven pairs; 13 thirteen orphans), valid hands only, no duplicates,
 * shards that split the work exactly. */
#include "harness.h"
#include "tensu.h"
#include "core/sweep.h"

#include <stdlib.h>

typedef struct tally {
    uint64_t n, bad, not_winning, checked;
    uint64_t *codes; /* manzu+honour-only hands, encoded */
    size_t ncodes, cap;
} tally;

/* A plain recursive test: can the counts be split into sets and one pair? */
static bool sets_only(uint8_t *c, int from)
{
    int i = from;
    while (i < 34 && c[i] == 0)
        i++;
    if (i == 34)
        return true;
    if (c[i] >= 3) {
        c[i] -= 3;
        bool ok = sets_only(c, i);
        c[i] += 3;
        if (ok)
            return true;
    }
    if (i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        bool ok = sets_only(c, i);
        c[i]++, c[i + 1]++, c[i + 2]++;
        if (ok)
            return true;
    }
    return false;
}

static bool winning(const uint8_t *counts)
{
    uint8_t c[34];
    memcpy(c, counts, 34);
    for (int p = 0; p < 34; p++)
        if (c[p] >= 2) {
            c[p] -= 2;
            bool ok = sets_only(c, 0);
            c[p] += 2;
            if (ok)
                return true;
        }
    return false;
}

static bool visit(const uint8_t counts[SWEEP_KINDS], void *user)
{
    tally *t = user;
    int sum = 0;
    bool only_m_and_z = true;
    for (int i = 0; i < 34; i++) {
        sum += counts[i];
        if (counts[i] > 4)
            t->bad++;
        if (i >= 9 && i < 27 && counts[i])
            only_m_and_z = false;
    }
    if (sum != 14)
        t->bad++;
    if (t->n % 997 == 0) {
        t->checked++;
        if (!winning(counts))
            t->not_winning++;
    }
    if (only_m_and_z && t->codes) {
        uint64_t code = 0;
        for (int i = 0; i < 9; i++)
            code = code * 5 + counts[i];
        for (int i = 27; i < 34; i++)
            code = code * 5 + counts[i];
        if (t->ncodes == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 4096;
            t->codes = realloc(t->codes, t->cap * sizeof *t->codes);
        }
        t->codes[t->ncodes++] = code;
    }
    t->n++;
    return true;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void standard(void)
{
    tally t;
    tensu_error err;
    uint64_t n = 0, shards = 0;
    size_t dups = 0;
    memset(&t, 0, sizeof t);
    t.codes = malloc(8);
    t.cap = 1;
    CHECK(sweep_standard(0, 1, visit, &t, &n, &err) == TENSU_OK);
    CHECK_EQ(n, 11498658);
    CHECK_EQ(t.n, 11498658);
    CHECK_EQ(t.bad, 0);
    CHECK_EQ(t.not_winning, 0);
    CHECK(t.checked > 11000);
    qsort(t.codes, t.ncodes, sizeof *t.codes, cmp_u64);
    for (size_t i = 1; i < t.ncodes; i++)
        dups += t.codes[i] == t.codes[i - 1];
    CHECK_EQ(dups, 0);
    CHECK(t.ncodes > 10000);
    free(t.codes);
    for (int s = 0; s < 3; s++) {
        uint64_t part = 0;
        tally u;
        memset(&u, 0, sizeof u);
        CHECK(sweep_standard(s, 3, visit, &u, &part, &err) == TENSU_OK);
        CHECK(part > 1000000);
        shards += part;
    }
    CHECK_EQ(shards, 11498658);
    CHECK(sweep_standard(3, 3, visit, &t, &n, &err) == TENSU_ERR_RANGE);
}

static bool stop_at_10(const uint8_t counts[SWEEP_KINDS], void *user)
{
    (void)counts;
    return ++*(int *)user < 10;
}

static void others(void)
{
    tally t;
    tensu_error err;
    uint64_t n = 0, c = 1;
    int seen = 0;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < 7; i++)
        c = c * (uint64_t)(34 - i) / (uint64_t)(i + 1);
    CHECK(sweep_chiitoitsu(0, 1, visit, &t, &n, &err) == TENSU_OK);
    CHECK_EQ(n, c);
    CHECK_EQ(c, 5379616);
    CHECK_EQ(t.bad, 0);
    CHECK(sweep_kokushi(visit, &t, &n) == TENSU_OK);
    CHECK_EQ(n, 13);
    CHECK(sweep_standard(0, 1, stop_at_10, &seen, &n, &err) == TENSU_OK);
    CHECK_EQ(n, 10);
}

/* The cross-check's shipped data (reachable_data.c) against the facts the
 * tensu-crosscheck(1) states, for every rule combination it holds; and the tables read
 * it.  (crosscheck_test.sh compares it with a fresh sweep.) */
static void shipped(void)
{
    tensu_rules r;
    tensu_error err;
    size_t n = reach_entry_count();
    CHECK_EQ(n, 64); /* five keys that move a cell, on four and three players */
    for (size_t i = 0; i < n; i++) {
        CHECK(tensu_rules_preset("tenhou", &r, &err) == TENSU_OK);
        CHECK(reach_entry_rules(i, &r));
        for (int d = 0; d < 2; d++) {
            int m30 = reach_min_han(&r, 30, d, false);
            /* three players have no chi: an open hand holds a pon or kan, so
             * it has fu, and no 20 fu ron exists even under open-pinfu=20 */
            CHECK_EQ(reach_min_han(&r, 20, d, false),
                     r.open_pinfu_fu == 20 && r.players == 4 ? 1 : 0);
            CHECK_EQ(reach_min_han(&r, 20, d, true), r.pinfu_tsumo_fu == 20 ? 2 : 0);
            CHECK_EQ(reach_min_han(&r, 25, d, false), 2);
            CHECK_EQ(reach_min_han(&r, 25, d, true), 3);
            CHECK_EQ(reach_min_han(&r, 110, d, false), r.double_wind_fu == 4 ? 1 : 2);
            CHECK_EQ(reach_min_han(&r, 110, d, true), 2);
            CHECK_EQ(m30, 1);
            for (int fu = 30; fu <= 100; fu += 10)
                for (int t = 0; t < 2; t++)
                    CHECK_EQ(reach_min_han(&r, fu, d, t), 1);
            for (int fu = 120; fu <= 170; fu += 10)
                for (int t = 0; t < 2; t++) {
                    int m = reach_min_han(&r, fu, d, t);
                    CHECK(m == 0 || m >= 4);
                    /* the tables follow the data */
                    CHECK(tensu_cell_reachable(&r, 4, fu, d, t) == (m == 4));
                }
            CHECK(tensu_cell_reachable(&r, 1, 110, d, false) == (r.double_wind_fu == 4));
            CHECK(!tensu_cell_reachable(&r, 1, 25, d, false));
        }
    }
    /* no combination lacks data (the tables state nothing by hand): every
     * preset, and three players with every other key */
    {
        const char *presets[] = {"tenhou", "tenhou-sanma", "majsoul", "majsoul-sanma", "ema2016",
                                 "wrc2015", "wrc2022", "mleague", "jpml"};
        for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
            CHECK(tensu_rules_preset(presets[i], &r, &err) == TENSU_OK);
            CHECK(reach_min_han(&r, 30, false, false) == 1);
        }
    }
    CHECK(tensu_rules_preset("tenhou-sanma", &r, &err) == TENSU_OK);
    CHECK(tensu_rules_set(&r, "kuitan", "no", &err) == TENSU_OK);
    CHECK(tensu_rules_set(&r, "double-wind-fu", "2", &err) == TENSU_OK);
    CHECK(reach_min_han(&r, 30, false, false) == 1);
    CHECK(reach_min_han(&r, 110, false, false) == 2);
    CHECK(!tensu_cell_reachable(&r, 1, 110, false, false));
    CHECK(reach_min_han(&r, 35, false, false) == -1); /* no such row */
    CHECK(!tensu_cell_reachable(&r, 1, 35, false, false));
}

/* The sweep as steps (xsweep): every shipped combination named and
 * set; one part of the tenhou sweep run shard by shard into two tallies
 * (as two threads would) finds no fewer han than the shipped data; the
 * steps refuse what comes out of order. */
static void steps(void)
{
    tensu_rules r;
    tensu_error err;
    char name[160];
    xsweep *s;
    tensu_xcheck *t[2], *x;
    tensu_xcheck_phase phase;
    reach_diff diff[8];
    size_t ndiff = 99;
    int rows = 0, phases = 0;

    CHECK_EQ(reach_combo_count(), reach_entry_count());
    CHECK(reach_combo(0, &r, name, sizeof name, &err) == TENSU_OK);
    CHECK_STR(name, "tenhou");
    CHECK(reach_combo(5, &r, name, sizeof name, &err) == TENSU_OK);
    CHECK_STR(name, "tenhou open-pinfu=20 double-wind-fu=2");
    CHECK(r.open_pinfu_fu == 20 && r.double_wind_fu == 2 && r.pinfu_tsumo_fu == 20);
    CHECK(reach_combo(32, &r, name, sizeof name, &err) == TENSU_OK);
    CHECK_STR(name, "tenhou-sanma");
    CHECK_EQ(r.players, 3);
    CHECK(reach_combo(63, &r, name, sizeof name, &err) == TENSU_OK);
    CHECK_STR(name, "tenhou-sanma open-pinfu=20 pinfu-tsumo=30 double-wind-fu=2 rinshan-fu=0 "
                    "kuitan=no");
    CHECK(reach_combo(64, &r, name, sizeof name, &err) == TENSU_ERR_RANGE);
    for (size_t i = 0; i < reach_combo_count(); i++)
        CHECK(reach_combo(i, &r, NULL, 0, &err) == TENSU_OK &&
              reach_min_han(&r, 30, false, false) == 1); /* shipped, every one */

    CHECK(tensu_rules_preset("tenhou", &r, &err) == TENSU_OK);
    CHECK(xsweep_new(&r, 3, 3, false, &err) == NULL && err.status == TENSU_ERR_RANGE);
    s = xsweep_new(&r, 5, 64, false, &err);
    CHECK(s != NULL);
    if (s == NULL)
        return;
    CHECK(xsweep_take(s) == NULL); /* not done */
    while (xsweep_phase(s, &phase)) {
        CHECK_EQ((int)phase, phases);
        CHECK(xsweep_work(s) > 0);
        t[0] = xsweep_tally(s, &err);
        t[1] = xsweep_tally(s, &err);
        CHECK(t[0] != NULL && t[1] != NULL);
        CHECK(xsweep_shard(s, t[0], XSWEEP_SHARDS, NULL, NULL, &err) ==
              TENSU_ERR_RANGE);
        for (int k = 0; k < XSWEEP_SHARDS; k++)
            CHECK(xsweep_shard(s, t[k % 2], k, NULL, NULL, &err) == TENSU_OK);
        CHECK(xsweep_add(s, t[0], &err) == TENSU_OK);
        CHECK(xsweep_add(s, t[1], &err) == TENSU_OK);
        tensu_xcheck_free(t[0]);
        tensu_xcheck_free(t[1]);
        CHECK(xsweep_next(s, &err) == TENSU_OK);
        phases++;
    }
    CHECK_EQ(phases, 1); /* one phase: closed hands and their called variants together */
    CHECK_EQ(xsweep_work(s), 0);
    CHECK(xsweep_next(s, &err) == TENSU_ERR_RANGE);
    x = xsweep_take(s);
    CHECK(x != NULL);
    CHECK(xsweep_take(s) == NULL); /* handed over once */
    xsweep_free(s);
    if (x == NULL)
        return;
    CHECK(tensu_xcheck_counts(x)->hands > 0);
    CHECK_EQ(tensu_xcheck_ndisagreements(x), 0);
    /* a 64th of the hands: met rows have as many han as the data or more */
    CHECK(reach_compare(x, &r, false, diff, 8, &ndiff, &rows, &err) == TENSU_OK);
    CHECK_EQ(rows, 4 * TENSU_XCHECK_FU_ROWS);
    CHECK_EQ(ndiff, 0);
    CHECK_EQ(tensu_xcheck_min_han(x, 30, false, false), 1);
    /* as a whole sweep it differs: a 64th misses rows */
    CHECK(reach_compare(x, &r, true, diff, 8, &ndiff, &rows, &err) == TENSU_OK);
    CHECK(ndiff > 0);
    CHECK(diff[0].swept != diff[0].shipped);
    CHECK(tensu_rules_preset("classical", &r, &err) == TENSU_OK);
    CHECK(reach_compare(x, &r, false, diff, 8, &ndiff, &rows, &err) ==
          TENSU_ERR_UNKNOWN);
    /* a sweep for its own rules alone decides no other combination; and
     * not three players */
    CHECK(tensu_xcheck_view(x, &r, &err) == TENSU_ERR_RANGE);
    CHECK(tensu_rules_preset("tenhou", &r, &err) == TENSU_OK);
    CHECK(tensu_rules_assign(&r, "kiriage=yes", &err) == TENSU_OK);
    CHECK(tensu_xcheck_view(x, &r, &err) == TENSU_OK); /* kiriage moves no reach */
    CHECK(tensu_rules_assign(&r, "kuitan=no", &err) == TENSU_OK);
    CHECK(tensu_xcheck_view(x, &r, &err) == TENSU_ERR_RANGE);
    CHECK(tensu_rules_preset("tenhou-sanma", &r, &err) == TENSU_OK);
    CHECK(tensu_xcheck_view(x, &r, &err) == TENSU_ERR_RANGE);
    tensu_xcheck_free(x);
}

/* A part of the hands: the tenhou sweep, viewed under every combination
 * of a few keys, finds the least han per fu that a sweep scoring under
 * those rules finds (the hand scored once, and again only under the keys
 * the scorer read, gives what scoring under each would). */
static tensu_xcheck *part_sweep(const tensu_rules *r, int part, int parts, bool every)
{
    tensu_error err;
    tensu_xcheck *x = tensu_xcheck_new(r, every, &err);
    CHECK(x != NULL);
    if (x == NULL)
        return NULL;
    for (int k = 0; k < XSWEEP_SHARDS; k++)
        CHECK(tensu_xcheck_run(x, part + k * parts, XSWEEP_SHARDS * parts, NULL, NULL,
                               &err) == TENSU_OK);
    return x;
}

static void combos(void)
{
    static const char *const sets[][2] = {{"open-pinfu=20", "kuitan=no"},
                                          {"double-wind-fu=2", "pinfu-tsumo=30"},
                                          {"rinshan-fu=0", "open-pinfu=20"}};
    tensu_rules base, r;
    tensu_error err;
    tensu_xcheck *x, *y;
    CHECK(tensu_rules_preset("tenhou", &base, &err) == TENSU_OK);
    x = part_sweep(&base, 7, 96, true);
    if (x == NULL)
        return;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        int same = 0, met = 0;
        r = base;
        CHECK(tensu_rules_assign(&r, sets[i][0], &err) == TENSU_OK);
        CHECK(tensu_rules_assign(&r, sets[i][1], &err) == TENSU_OK);
        y = part_sweep(&r, 7, 96, false);
        if (y == NULL)
            break;
        CHECK(tensu_xcheck_view(x, &r, &err) == TENSU_OK);
        CHECK(tensu_xcheck_finish(x, &err) == TENSU_OK);
        CHECK(tensu_xcheck_finish(y, &err) == TENSU_OK);
        for (int row = 0; row < TENSU_XCHECK_FU_ROWS; row++)
            for (int d = 0; d < 2; d++)
                for (int t = 0; t < 2; t++) {
                    int fu = tensu_xcheck_row_fu(row);
                    int a = tensu_xcheck_min_han(x, fu, d, t), b = tensu_xcheck_min_han(y, fu, d, t);
                    same += a == b;
                    met += a > 0;
                }
        CHECK_EQ(same, 4 * TENSU_XCHECK_FU_ROWS);
        CHECK(met > 20);
        tensu_xcheck_free(y);
    }
    /* open-pinfu=20: the 20 fu ron row is met, from 1 han; not under tenhou */
    r = base;
    CHECK(tensu_rules_assign(&r, "open-pinfu=20", &err) == TENSU_OK);
    CHECK(tensu_xcheck_view(x, &r, &err) == TENSU_OK && tensu_xcheck_finish(x, &err) == TENSU_OK);
    CHECK_EQ(tensu_xcheck_min_han(x, 20, false, false), 1);
    CHECK(tensu_xcheck_view(x, &base, &err) == TENSU_OK && tensu_xcheck_finish(x, &err) == TENSU_OK);
    CHECK_EQ(tensu_xcheck_min_han(x, 20, false, false), 0);
    tensu_xcheck_free(x);
}

int main(void)
{
    standard();
    others();
    shipped();
    combos();
    steps();
    return harness_report("test_sweep");
}
