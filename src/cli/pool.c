#define _POSIX_C_SOURCE 200809L
/* The pool of threads of pool.h: one mutex over the runs given, one
 * condition the threads wait on for tasks, one the callers wait on for a
 * run's end (on the monotonic clock, for cli_pool_wait_for). */
#include "pool.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef struct thread {
    cli_pool *p;
    int w; /* its worker number */
    pthread_t tid;
} thread;

struct cli_pool {
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    cli_run *runs; /* given and not yet waited for, oldest first */
    bool quit;
    int nthreads;
    thread *th;
};

int cli_pool_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 4096 ? 4096 : (int)n;
}

/* The oldest run with a task left (mu held), or NULL. */
static cli_run *next_run(cli_pool *p)
{
    for (cli_run *r = p->runs; r != NULL; r = r->later)
        if (r->next < r->ntasks)
            return r;
    return NULL;
}

/* Task number t of run r done as worker w (mu held on entry and on return). */
static void do_task(cli_pool *p, cli_run *r, size_t t, int w)
{
    pthread_mutex_unlock(&p->mu);
    r->fn(r->user, w, t);
    pthread_mutex_lock(&p->mu);
    if (++r->done == r->ntasks)
        pthread_cond_broadcast(&p->done);
}

static void *work(void *arg)
{
    const thread *me = arg;
    cli_pool *p = me->p;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        cli_run *r = next_run(p);
        if (r != NULL)
            do_task(p, r, r->next++, me->w);
        else if (p->quit)
            break;
        else
            pthread_cond_wait(&p->work, &p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

cli_pool *cli_pool_new(int threads)
{
    cli_pool *p = calloc(1, sizeof *p);
    pthread_condattr_t ca;
    if (p == NULL || (threads > 0 && (p->th = calloc((size_t)threads, sizeof *p->th)) == NULL)) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&p->done, &ca);
    pthread_condattr_destroy(&ca);
    for (int i = 0; i < threads; i++) {
        p->th[i].p = p;
        p->th[i].w = i;
        if (pthread_create(&p->th[i].tid, NULL, work, &p->th[i]) != 0)
            break; /* fewer threads */
        p->nthreads++;
    }
    return p;
}

int cli_pool_threads(const cli_pool *p)
{
    return p->nthreads;
}

void cli_pool_give(cli_pool *p, cli_run *run, cli_task *fn, void *user, size_t ntasks)
{
    cli_run **end;
    *run = (cli_run){fn, user, ntasks, 0, 0, NULL};
    pthread_mutex_lock(&p->mu);
    for (end = &p->runs; *end != NULL; end = &(*end)->later)
        ;
    *end = run;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->mu);
}

/* run taken off the runs (mu held; every task of it done). */
static void unlink_run(cli_pool *p, cli_run *run)
{
    for (cli_run **at = &p->runs; *at != NULL; at = &(*at)->later)
        if (*at == run) {
            *at = run->later;
            break;
        }
}

void cli_pool_wait(cli_pool *p, cli_run *run, bool help)
{
    pthread_mutex_lock(&p->mu);
    while (help && run->next < run->ntasks)
        do_task(p, run, run->next++, p->nthreads);
    while (run->done < run->ntasks)
        pthread_cond_wait(&p->done, &p->mu);
    unlink_run(p, run);
    pthread_mutex_unlock(&p->mu);
}

bool cli_pool_wait_for(cli_pool *p, cli_run *run, int ms)
{
    struct timespec until;
    bool over;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&p->mu);
    while (run->done < run->ntasks)
        if (pthread_cond_timedwait(&p->done, &p->mu, &until) == ETIMEDOUT)
            break;
    over = run->done == run->ntasks;
    if (over)
        unlink_run(p, run);
    pthread_mutex_unlock(&p->mu);
    return over;
}

void cli_pool_free(cli_pool *p)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->mu);
    p->quit = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->th[i].tid, NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    free(p->th);
    free(p);
}
