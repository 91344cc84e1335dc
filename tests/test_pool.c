/* The pool of threads of tensu score --jsonl and tensu crosscheck
 * (src/cli/pool.c): every task of a run done once, by a worker of the
 * numbers said; two runs out at once; the caller helping or not; a pool
 * without threads; the wait with a time limit. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "../src/cli/pool.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#define NTASKS 5000
#define MAX_WORKERS 9

typedef struct tally {
    atomic_int times[NTASKS];          /* how often each task ran */
    atomic_int by[MAX_WORKERS + 1];    /* tasks per worker */
    atomic_int bad_worker;
    int workers;                       /* threads + the caller */
    int sleep_us;                      /* each task's length */
} tally;

static void count(void *user, int worker, size_t task)
{
    tally *t = user;
    if (worker < 0 || worker >= t->workers || task >= NTASKS)
        atomic_fetch_add(&t->bad_worker, 1);
    else {
        atomic_fetch_add(&t->times[task], 1);
        atomic_fetch_add(&t->by[worker], 1);
    }
    if (t->sleep_us > 0) {
        struct timespec ts = {0, t->sleep_us * 1000L};
        nanosleep(&ts, NULL);
    }
}

static tally *new_tally(int workers, int sleep_us)
{
    tally *t = calloc(1, sizeof *t);
    if (t != NULL) {
        t->workers = workers;
        t->sleep_us = sleep_us;
    }
    return t;
}

/* Every task of 0 .. n - 1 ran once, none past n, no worker out of range. */
static void check_once(const tally *t, size_t n)
{
    int wrong = 0;
    for (size_t i = 0; i < NTASKS; i++)
        wrong += atomic_load(&t->times[i]) != (i < n);
    CHECK_EQ(wrong, 0);
    CHECK_EQ(atomic_load(&t->bad_worker), 0);
}

static void runs(int threads)
{
    cli_pool *p = cli_pool_new(threads);
    cli_run a, b;
    tally *ta, *tb;
    int n;
    CHECK(p != NULL);
    if (p == NULL)
        return;
    n = cli_pool_threads(p);
    CHECK_EQ(n, threads);
    ta = new_tally(n + 1, 0);
    tb = new_tally(n + 1, 0);
    /* two runs out at once, the second waited for first, with help */
    cli_pool_give(p, &a, count, ta, NTASKS);
    cli_pool_give(p, &b, count, tb, 1234);
    cli_pool_wait(p, &b, true);
    check_once(tb, 1234);
    cli_pool_wait(p, &a, true);
    check_once(ta, NTASKS);
    /* the caller helps as worker n; without threads it does them all */
    if (n == 0)
        CHECK_EQ(atomic_load(&ta->by[0]), NTASKS);
    free(ta);
    free(tb);
    /* waiting without help: the threads do every task */
    if (n > 0) {
        ta = new_tally(n + 1, 0);
        cli_pool_give(p, &a, count, ta, 777);
        cli_pool_wait(p, &a, false);
        check_once(ta, 777);
        CHECK_EQ(atomic_load(&ta->by[n]), 0);
        free(ta);
        /* a run longer than the time limit: not over at first, then over */
        ta = new_tally(n + 1, 5000);
        cli_pool_give(p, &a, count, ta, 40);
        CHECK(!cli_pool_wait_for(p, &a, 1));
        while (!cli_pool_wait_for(p, &a, 50))
            ;
        check_once(ta, 40);
        free(ta);
    }
    /* a run of no task */
    cli_pool_give(p, &a, count, NULL, 0);
    CHECK(cli_pool_wait_for(p, &a, 0));
    cli_pool_free(p);
}

int main(void)
{
    CHECK(cli_pool_cores() >= 1);
    runs(0);
    runs(1);
    runs(3);
    runs(8);
    cli_pool_free(NULL);
    return harness_report("test_pool");
}
