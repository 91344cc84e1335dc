/* One pool of threads for the commands that work on several (tensu score
 * --jsonl, tensu crosscheck): --jobs threads, started once, take the tasks
 * of the runs given to the pool, oldest run first, each task once; the
 * caller waits for a run, taking tasks of it meanwhile or not.  Which
 * thread does a task is chance: a task writes only its own results (or its
 * worker's, by the worker's number), so that the output is the same bytes
 * for every --jobs. */
#ifndef TENSU_CLI_POOL_H
#define TENSU_CLI_POOL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_pool cli_pool;

/* A task: number task of its run, done by worker (0 .. threads - 1 for the
 * pool's threads, threads for the caller that helps). */
typedef void cli_task(void *user, int worker, size_t task);

/* A run of ntasks tasks: the caller's memory, alive until it is waited
 * for; its fields are the pool's. */
typedef struct cli_run {
    cli_task *fn;
    void *user;
    size_t ntasks, next, done;
    struct cli_run *later; /* the run given after it, still out */
} cli_run;

/* The default of --jobs: the cores there are (at least 1). */
int cli_pool_cores(void);
/* A pool of up to threads threads (0: none; the caller then does every task
 * by helping): fewer when the system will not start more (see
 * cli_pool_threads).  NULL when out of memory. */
cli_pool *cli_pool_new(int threads);
/* How many threads were started. */
int cli_pool_threads(const cli_pool *p);
/* The tasks 0 .. ntasks - 1 of fn given to the pool's threads, after those
 * of the runs given before; returns at once. */
void cli_pool_give(cli_pool *p, cli_run *run, cli_task *fn, void *user, size_t ntasks);
/* Until every task of run is done: the caller takes the run's tasks left
 * (as worker cli_pool_threads(p)) when help is true, then waits for those
 * the threads are doing. */
void cli_pool_wait(cli_pool *p, cli_run *run, bool help);
/* Waits for run at most ms milliseconds without helping: true when every
 * task of it is done (then it is the pool's no more). */
bool cli_pool_wait_for(cli_pool *p, cli_run *run, int ms);
/* The threads stopped and the pool freed, once its runs are waited for.
 * NULL is safe. */
void cli_pool_free(cli_pool *p);

#endif
