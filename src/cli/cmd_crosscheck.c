/* tensu crosscheck: every winning hand scored, the cells they land on, an
 * example per cell, the proof of the blanks, and table vs scorer. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "pool.h"
#include "../core/sweep.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CMD "crosscheck"

enum { F_TEXT, F_JSON, F_CSV }; /* --format */

/* ------------------------------------------------------------------ */
/* Running the sweep on threads                                        */
/* ------------------------------------------------------------------ */

/* The sweep's steps are the core's (xsweep); the command runs each
 * phase's shards on --jobs threads of a pool (pool.h), one tally per
 * thread, and shows the progress. */
typedef struct job {
    tensu_xcheck *x;              /* the thread's shards, merged */
    tensu_status status;          /* after an error, the thread's other shards are skipped */
    tensu_error err;
} job;

typedef struct phase_run {
    const xsweep *s;
    job *js;                      /* one per thread of the pool */
    atomic_uint_fast64_t done;    /* hands visited */
} phase_run;

static bool on_progress(uint64_t hands, void *user)
{
    phase_run *p = user;
    atomic_fetch_add(&p->done, hands);
    return true;
}

/* A task of the pool: one shard. */
static void shard_task(void *user, int worker, size_t shard)
{
    phase_run *p = user;
    job *j = &p->js[worker];
    if (j->status == TENSU_OK)
        j->status = xsweep_shard(p->s, j->x, (int)shard, on_progress, p, &j->err);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void bar(const char *what, uint64_t done, uint64_t total, double t0)
{
    int width = 30, fill = total ? (int)(done * (uint64_t)width / total) : width;
    if (fill > width)
        fill = width;
    fprintf(stderr, "\r%-7s [%.*s%*s] %3d%%  %.0f s ", what, fill,
            "##############################", width - fill, "",
            total ? (int)(done * 100 / total) : 100, now() - t0);
    fflush(stderr);
}

/* Run a phase on the pool's threads (shards part, part+parts ... when
 * parts > 1), merged into main. */
static int run_phase(xsweep *sw, tensu_xcheck_phase phase, cli_pool *pool, bool progress,
                     double t0)
{
    int jobs = cli_pool_threads(pool);
    job *js = calloc((size_t)jobs, sizeof *js);
    phase_run p;
    cli_run run;
    uint64_t total = xsweep_work(sw);
    int st = CLI_OK;
    tensu_error err;

    p.s = sw;
    p.js = js;
    atomic_init(&p.done, 0);
    if (js == NULL)
        return cli_error(CMD, "out of memory");
    for (int i = 0; i < jobs; i++) {
        js[i].x = xsweep_tally(sw, &err);
        if (js[i].x == NULL) {
            st = cli_core_error(CMD, &err);
            break;
        }
    }
    if (st == CLI_OK) {
        cli_pool_give(pool, &run, shard_task, &p, XSWEEP_SHARDS);
        if (progress) {
            const char *what = phase == TENSU_XCHECK_HANDS ? "hands" : "?";
            bar(what, 0, total, t0);
            while (!cli_pool_wait_for(pool, &run, 200))
                bar(what, atomic_load(&p.done), total, t0);
            bar(what, total, total, t0);
            fputc('\n', stderr);
        } else {
            cli_pool_wait(pool, &run, false);
        }
    }
    for (int i = 0; i < jobs; i++) {
        if (js[i].x == NULL)
            continue;
        if (st == CLI_OK && js[i].status != TENSU_OK)
            st = cli_core_error(CMD, &js[i].err);
        if (st == CLI_OK && xsweep_add(sw, js[i].x, &err) != TENSU_OK)
            st = cli_core_error(CMD, &err);
        tensu_xcheck_free(js[i].x);
    }
    free(js);
    return st;
}

/* The whole cross-check for one set of rules: *out on success. */
static int crosscheck(const tensu_rules *r, bool every, int jobs, int part, int parts,
                      bool progress, tensu_xcheck **out, double *seconds)
{
    tensu_error err;
    tensu_xcheck_phase phase;
    double t0 = now();
    int st = CLI_OK;
    xsweep *sw = xsweep_new(r, part, parts, every, &err);
    cli_pool *pool;

    if (sw == NULL)
        return cli_core_error(CMD, &err);
    pool = cli_pool_new(jobs);
    if (pool == NULL)
        st = cli_error(CMD, "out of memory");
    else if (cli_pool_threads(pool) < jobs)
        st = cli_error(CMD, "cannot start a thread");
    while (st == CLI_OK && xsweep_phase(sw, &phase)) {
        st = run_phase(sw, phase, pool, progress, t0);
        if (st == CLI_OK && xsweep_next(sw, &err) != TENSU_OK)
            st = cli_core_error(CMD, &err);
    }
    if (st == CLI_OK) {
        *seconds = now() - t0;
        *out = xsweep_take(sw);
    }
    cli_pool_free(pool);
    xsweep_free(sw);
    return st;
}

/* ------------------------------------------------------------------ */
/* Hands as text and JSON                                               */
/* ------------------------------------------------------------------ */

static const char winds[] = "ESWN";

static const char *tile(int k, char *buf)
{
    return tensu_tile_name(k, false, buf);
}

/* The concealed tiles without the winning tile, red fives as 0. */
static void concealed(const tensu_hand *h, char *buf, size_t n)
{
    int c[TENSU_TILE_KINDS];
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        c[k] = h->tiles[k];
    if (h->ntiles == 14 - 3 * h->nmelds && h->win >= 0)
        c[h->win]--;
    tensu_tiles_write(c, h->red, buf, n);
}

typedef struct flag_name {
    const char *name;
    size_t off;
} flag_name;

#define FLAG(f) {#f, offsetof(tensu_hand, f)}
static const flag_name flags[] = {FLAG(riichi), FLAG(double_riichi), FLAG(ippatsu),
                                  FLAG(haitei),  FLAG(houtei),        FLAG(rinshan),
                                  FLAG(chankan)};

static bool flag_set(const tensu_hand *h, size_t i)
{
    return *(const bool *)((const char *)h + flags[i].off);
}

/* The tensu score command line of a hand. */
static void hand_line(const tensu_hand *h, char *buf, size_t n)
{
    char conc[64], t[4], m[16];
    size_t len;
    concealed(h, conc, sizeof conc);
    len = (size_t)snprintf(buf, n, "%s+%s", conc, tile(h->win, t));
    for (int i = 0; i < h->nmelds && len < n; i++) {
        tensu_meld_write(&h->melds[i], m, sizeof m);
        len += (size_t)snprintf(buf + len, n - len, " --%s %s",
                                tensu_meld_type_name(h->melds[i].type), m);
    }
    if (len < n)
        len += (size_t)snprintf(buf + len, n - len, " --%s --seat %c --round %c",
                                h->tsumo ? "tsumo" : "ron", winds[h->seat], winds[h->round]);
    for (size_t i = 0; i < sizeof flags / sizeof flags[0] && len < n; i++)
        if (flag_set(h, i)) {
            char word[24];
            size_t j = 0;
            for (const char *p = flags[i].name; *p && j + 1 < sizeof word; p++)
                word[j++] = *p == '_' ? '-' : *p;
            word[j] = '\0';
            len += (size_t)snprintf(buf + len, n - len, " --%s", word);
        }
    if (h->ndora > 0 && len < n) {
        len += (size_t)snprintf(buf + len, n - len, " --dora ");
        for (int i = 0; i < h->ndora && len < n; i++)
            len += (size_t)snprintf(buf + len, n - len, "%s", tile(h->dora[i], t));
    }
    if (h->nura > 0 && len < n) {
        len += (size_t)snprintf(buf + len, n - len, " --ura ");
        for (int i = 0; i < h->nura && len < n; i++)
            len += (size_t)snprintf(buf + len, n - len, "%s", tile(h->ura[i], t));
    }
}

/* The hand as an input record of shared/formats/hands.md. */
static json_t *hand_json(const tensu_hand *h, const char *id)
{
    json_t *o = json_object(), *melds = json_array();
    char conc[64], t[4], m[16], w[2] = {0, 0};
    if (id)
        json_object_set_new(o, "id", json_string(id));
    concealed(h, conc, sizeof conc);
    json_object_set_new(o, "hand", json_string(conc));
    for (int i = 0; i < h->nmelds; i++) {
        json_t *jm = json_object();
        tensu_meld_write(&h->melds[i], m, sizeof m);
        json_object_set_new(jm, "type", json_string(tensu_meld_type_name(h->melds[i].type)));
        json_object_set_new(jm, "tiles", json_string(m));
        json_array_append_new(melds, jm);
    }
    json_object_set_new(o, "melds", melds);
    json_object_set_new(o, "win", json_string(tile(h->win, t)));
    json_object_set_new(o, "tsumo", json_boolean(h->tsumo));
    w[0] = winds[h->seat];
    json_object_set_new(o, "seat", json_string(w));
    w[0] = winds[h->round];
    json_object_set_new(o, "round", json_string(w));
    if (h->ndora > 0) {
        json_t *d = json_array();
        for (int i = 0; i < h->ndora; i++)
            json_array_append_new(d, json_string(tile(h->dora[i], t)));
        json_object_set_new(o, "dora", d);
    }
    if (h->nura > 0) {
        json_t *d = json_array();
        for (int i = 0; i < h->nura; i++)
            json_array_append_new(d, json_string(tile(h->ura[i], t)));
        json_object_set_new(o, "ura", d);
    }
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (flag_set(h, i))
            json_object_set_new(o, flags[i].name, json_true());
    return o;
}

/* ------------------------------------------------------------------ */
/* Facts: the blank cells in words                                      */
/* ------------------------------------------------------------------ */

static const char *side(bool dealer, bool tsumo)
{
    static const char *const names[2][2] = {{"non-dealer ron", "non-dealer tsumo"},
                                            {"dealer ron", "dealer tsumo"}};
    return names[dealer][tsumo];
}

/* One line per fu row and way of winning: the least han (both seats the
 * same unless said). */
static json_t *facts(const tensu_xcheck *x, FILE *text)
{
    json_t *list = json_array();
    for (int row = 0; row < TENSU_XCHECK_FU_ROWS; row++) {
        int fu = tensu_xcheck_row_fu(row);
        for (int t = 0; t < 2; t++) {
            int a = tensu_xcheck_min_han(x, fu, false, t), b = tensu_xcheck_min_han(x, fu, true, t);
            char line[160];
            if (a == b && a == 0)
                snprintf(line, sizeof line, "%d fu %s: no hand at all", fu, t ? "tsumo" : "ron");
            else if (a == b)
                snprintf(line, sizeof line, "%d fu %s: %d han or more%s", fu,
                         t ? "tsumo" : "ron", a, a > 1 ? "" : "");
            else
                snprintf(line, sizeof line, "%d fu %s: non-dealer %d han, dealer %d han or more",
                         fu, t ? "tsumo" : "ron", a, b);
            if (text)
                fprintf(text, "  %s\n", line);
            {
                json_t *o = json_object();
                json_object_set_new(o, "fu", json_integer(fu));
                json_object_set_new(o, "tsumo", json_boolean(t));
                json_object_set_new(o, "min_han_nondealer", a ? json_integer(a) : json_null());
                json_object_set_new(o, "min_han_dealer", b ? json_integer(b) : json_null());
                json_object_set_new(o, "text", json_string(line));
                json_array_append_new(list, o);
            }
        }
    }
    return list;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

static char mark(const tensu_xcheck_cell *c)
{
    if (c->reach == TENSU_REACH_NO)
        return '.';
    if (c->reach == TENSU_REACH_UNDECIDED)
        return '?';
    return c->direct ? 'x' : '+';
}

static void print_stats(const tensu_xcheck *x, double seconds, FILE *f)
{
    const tensu_xcheck_stats *s = tensu_xcheck_counts(x);
    fprintf(f, "hands: %" PRIu64 " closed hands visited, %" PRIu64 " of them scored (one per "
               "symmetry class), %" PRIu64 " called/kan variants of these (each prepared once)\n",
            s->hands, s->canonical, s->variants);
    fprintf(f, "readings: %" PRIu64 " (every decomposition of a variant, every place of the "
               "winning tile, for each winning tile by ron and by tsumo; each scored for every "
               "wind case)\n", s->readings);
    fprintf(f, "scorings: %" PRIu64 " under the rules, %" PRIu64 " again under other values of "
               "the keys a hand read\n", s->scored, s->rescored);
    if (s->overflow)
        fprintf(f, "error: %" PRIu64 " hands had more variants than kept\n", s->overflow);
    fprintf(f, "payments compared with the table: %" PRIu64 " (each value of han, fu, dealer and "
               "way of winning where a scoring first meets it, scored again in full), "
               "disagreements: %" PRIu64 "\n",
            s->compared, s->disagreements);
    if (s->saturated)
        fprintf(f, "note: %" PRIu64 " scorings listed the most alternatives (%d)\n", s->saturated,
                TENSU_MAX_ALTERNATIVES);
    fprintf(f, "undecided cells: %d\n", s->undecided);
    fprintf(f, "%" PRIu64 " scorings in %.1f s: %.0f scorings/s\n", s->scored + s->rescored,
            seconds, seconds > 0 ? (double)(s->scored + s->rescored) / seconds : 0.0);
}

static void print_text(const tensu_xcheck *x, const tensu_rules *r, double seconds)
{
    char name[160];
    printf("cross-check, rules %s: x = a scored hand lands there, + = an example built from\n"
           "one (flags or dora added, scored again), . = cannot occur (below the least han\n"
           "at that fu), ? = undecided\n",
           cli_rules_name(r, name, sizeof name));
    for (int d = 0; d < 2; d++)
        for (int t = 0; t < 2; t++) {
            printf("\n%s\n  fu  han 1 2 3 4 5 6 7 8 9 10 11 12 13\n", side(d, t));
            for (int row = 0; row < TENSU_XCHECK_FU_ROWS; row++) {
                int fu = tensu_xcheck_row_fu(row);
                printf(" %3d       ", fu);
                for (int h = 1; h <= TENSU_TABLE_MAX_HAN; h++)
                    printf("%c%s", mark(tensu_xcheck_cell_at(x, h, fu, d, t)),
                           h >= 9 ? "  " : " ");
                printf("\n");
            }
        }
    printf("\nleast han per fu (the proof of the blank cells):\n");
    json_decref(facts(x, stdout));
    printf("\nexamples (tensu score ... scores each to its cell):\n");
    for (int d = 0; d < 2; d++)
        for (int t = 0; t < 2; t++)
            for (int row = 0; row < TENSU_XCHECK_FU_ROWS; row++)
                for (int h = 1; h <= TENSU_TABLE_MAX_HAN; h++) {
                    int fu = tensu_xcheck_row_fu(row);
                    const tensu_xcheck_cell *c = tensu_xcheck_cell_at(x, h, fu, d, t);
                    char line[256];
                    if (c->reach != TENSU_REACH_YES)
                        continue;
                    hand_line(&c->example, line, sizeof line);
                    printf("  %2d han %3d fu %-16s %s\n", h, fu, side(d, t), line);
                }
    printf("\ndisagreements between the scorer and the table: %zu\n",
           tensu_xcheck_ndisagreements(x));
    for (size_t i = 0; i < tensu_xcheck_ndisagreements(x); i++) {
        const tensu_xcheck_disagreement *e = tensu_xcheck_disagreement_at(x, i);
        char line[256];
        hand_line(&e->hand, line, sizeof line);
        printf("  %s: %d han %d fu: scored %" PRId64 "/%" PRId64 "/%" PRId64
               ", table %" PRId64 "/%" PRId64 "/%" PRId64 "\n",
               line, e->han, e->fu, e->scored[0], e->scored[1], e->scored[2], e->table[0],
               e->table[1], e->table[2]);
    }
    printf("\n");
    print_stats(x, seconds, stdout);
}

/* Cell k of the CSV and the JSON, in their order (fu row, han, dealer,
 * tsumo). */
#define NCELLS (TENSU_XCHECK_FU_ROWS * 13 * 4)

static const tensu_xcheck_cell *cell_at(const tensu_xcheck *x, int k, int *h, int *fu, int *d,
                                        int *t)
{
    *t = k % 2;
    *d = k / 2 % 2;
    *h = k / 4 % 13 + 1;
    *fu = tensu_xcheck_row_fu(k / (13 * 4));
    return tensu_xcheck_cell_at(x, *h, *fu, *d, *t);
}

static void print_csv(const tensu_xcheck *x)
{
    printf("han,fu,dealer,tsumo,reachable,min_han,example\n");
    for (int k = 0; k < NCELLS; k++) {
        int h, fu, d, t;
        const tensu_xcheck_cell *c = cell_at(x, k, &h, &fu, &d, &t);
        char line[256] = "";
        if (c->reach == TENSU_REACH_YES)
            hand_line(&c->example, line, sizeof line);
        printf("%d,%d,%s,%s,%s,%d,\"%s\"\n", h, fu, d ? "yes" : "no", t ? "yes" : "no",
               c->reach == TENSU_REACH_YES  ? "yes"
               : c->reach == TENSU_REACH_NO ? "no"
                                            : "undecided",
               tensu_xcheck_min_han(x, fu, d, t), line);
    }
}

static int print_json(const tensu_xcheck *x, const tensu_rules *r, double seconds)
{
    json_t *root = json_object(), *cells = json_array(), *dis = json_array(), *st = json_object();
    const tensu_xcheck_stats *s = tensu_xcheck_counts(x);
    json_object_set_new(root, "rules", cli_json_rules(r));
    for (int k = 0; k < NCELLS; k++) {
        int h, fu, d, t;
        const tensu_xcheck_cell *c = cell_at(x, k, &h, &fu, &d, &t);
        json_t *o = json_object();
        char id[48];
        json_object_set_new(o, "han", json_integer(h));
        json_object_set_new(o, "fu", json_integer(fu));
        json_object_set_new(o, "dealer", json_boolean(d));
        json_object_set_new(o, "tsumo", json_boolean(t));
        json_object_set_new(o, "reachable",
                            c->reach == TENSU_REACH_UNDECIDED
                                ? json_null()
                                : json_boolean(c->reach == TENSU_REACH_YES));
        snprintf(id, sizeof id, "%dhan%dfu-%s-%s", h, fu, d ? "dealer" : "nondealer",
                 t ? "tsumo" : "ron");
        if (c->reach == TENSU_REACH_YES) {
            json_t *pay = json_object();
            json_object_set_new(o, "example", hand_json(&c->example, id));
            json_object_set_new(o, "scored_directly", json_boolean(c->direct));
            if (t) {
                if (!d)
                    json_object_set_new(pay, "dealer",
                                        json_integer(c->payment.from_dealer));
                json_object_set_new(pay, "non_dealer",
                                    json_integer(c->payment.from_non_dealer));
            } else {
                json_object_set_new(pay, "ron", json_integer(c->payment.ron));
            }
            json_object_set_new(o, "payment", pay);
        } else {
            json_object_set_new(o, "example", json_null());
        }
        json_array_append_new(cells, o);
    }
    json_object_set_new(root, "cells", cells);
    json_object_set_new(root, "facts", facts(x, NULL));
    for (size_t i = 0; i < tensu_xcheck_ndisagreements(x); i++) {
        const tensu_xcheck_disagreement *e = tensu_xcheck_disagreement_at(x, i);
        json_t *o = json_object(), *a = json_array(), *b = json_array();
        json_object_set_new(o, "hand", hand_json(&e->hand, NULL));
        json_object_set_new(o, "han", json_integer(e->han));
        json_object_set_new(o, "fu", json_integer(e->fu));
        json_object_set_new(o, "yakuman", json_integer(e->yakuman));
        for (int k = 0; k < 3; k++) {
            json_array_append_new(a, json_integer(e->scored[k]));
            json_array_append_new(b, json_integer(e->table[k]));
        }
        json_object_set_new(o, "scored", a);
        json_object_set_new(o, "table", b);
        json_array_append_new(dis, o);
    }
    json_object_set_new(root, "disagreements", dis);
    json_object_set_new(st, "hands", json_integer((json_int_t)s->hands));
    json_object_set_new(st, "canonical", json_integer((json_int_t)s->canonical));
    json_object_set_new(st, "variants", json_integer((json_int_t)s->variants));
    json_object_set_new(st, "readings", json_integer((json_int_t)s->readings));
    json_object_set_new(st, "rescored", json_integer((json_int_t)s->rescored));
    json_object_set_new(st, "overflow", json_integer((json_int_t)s->overflow));
    json_object_set_new(st, "scored", json_integer((json_int_t)s->scored));
    json_object_set_new(st, "compared", json_integer((json_int_t)s->compared));
    json_object_set_new(st, "disagreements", json_integer((json_int_t)s->disagreements));
    json_object_set_new(st, "saturated", json_integer((json_int_t)s->saturated));
    json_object_set_new(st, "undecided", json_integer(s->undecided));
    json_object_set_new(st, "seconds", json_real(seconds));
    json_object_set_new(st, "scorings_per_second",
                        json_real(seconds > 0 ? (double)(s->scored + s->rescored) / seconds
                                              : 0.0));
    json_object_set_new(root, "stats", st);
    return cli_json_print(CMD, root);
}

/* ------------------------------------------------------------------ */
/* The shipped data: emit and check                                     */
/* ------------------------------------------------------------------ */

/* The rule combinations shipped: four players, every combination of the
 * five keys that can move a cell (32), then the three-player preset. */

/* The two sweeps every combination comes from: four players (tenhou) and
 * three (tenhou-sanma); *secs gets their time. */
static int sweep_both(int jobs, bool progress, tensu_xcheck *x[2], double *secs)
{
    static const char *const base[2] = {"tenhou", "tenhou-sanma"};
    int st = CLI_OK;
    x[0] = x[1] = NULL;
    *secs = 0;
    for (int i = 0; i < 2 && st == CLI_OK; i++) {
        tensu_rules r;
        tensu_error err;
        double s = 0;
        if (tensu_rules_preset(base[i], &r, &err) != TENSU_OK)
            return cli_core_error(CMD, &err);
        st = crosscheck(&r, true, jobs, 0, 1, progress, &x[i], &s);
        *secs += s;
    }
    return st;
}

/* The sweep of x (four or three players) made to decide for r. */
static int view(tensu_xcheck *const x[2], const tensu_rules *r, tensu_xcheck **out)
{
    tensu_error err;
    *out = x[r->players == 3];
    if (tensu_xcheck_view(*out, r, &err) != TENSU_OK ||
        tensu_xcheck_finish(*out, &err) != TENSU_OK)
        return cli_core_error(CMD, &err);
    return CLI_OK;
}

static int emit_c(const char *path, int jobs, bool progress)
{
    char tmp[4096];
    FILE *f;
    int st;
    tensu_xcheck *both[2];
    double secs;
    st = sweep_both(jobs, progress, both, &secs);
    if (st != CLI_OK) {
        tensu_xcheck_free(both[0]);
        tensu_xcheck_free(both[1]);
        return st;
    }
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    f = fopen(tmp, "w");
    if (f == NULL) {
        tensu_xcheck_free(both[0]);
        tensu_xcheck_free(both[1]);
        return cli_error(CMD, "cannot write %s", tmp);
    }
    fprintf(f, "/* Generated by 'tensu crosscheck --emit-c' (scripts/regen-reachable): do not\n"
               " * edit.  The least han met at each fu row (20, 25, 30 ... 170 fu), per\n"
               " * [dealer][tsumo], 0 when no hand has that fu, for each rule combination\n"
               " * that moves it.  All han from the least up occur (each shown by an\n"
               " * example hand the cross-check scored). */\n"
               "#include \"reach.h\"\n\nconst reach_entry reach_data[] = {\n");
    for (size_t i = 0; i < reach_combo_count() && st == CLI_OK; i++) {
        tensu_rules r;
        tensu_xcheck *x = NULL;
        char name[160];
        tensu_error err;
        if (reach_combo(i, &r, name, sizeof name, &err) != TENSU_OK)
            st = cli_core_error(CMD, &err);
        if (st == CLI_OK)
            st = view(both, &r, &x);
        if (st != CLI_OK)
            break;
        if (tensu_xcheck_counts(x)->undecided > 0 || tensu_xcheck_ndisagreements(x) > 0) {
            st = cli_error(CMD, "%s: %d undecided cells, %zu disagreements: not shipped", name,
                           tensu_xcheck_counts(x)->undecided,
                           tensu_xcheck_ndisagreements(x));
            break;
        }
        fprintf(f, "    /* %s */\n", name);
        fprintf(f, "    {%d, %d, %d, %d, %d, %s, {\n", r.players, r.open_pinfu_fu,
                r.pinfu_tsumo_fu, r.double_wind_fu, r.rinshan_fu, r.kuitan ? "true" : "false");
        for (int row = 0; row < TENSU_XCHECK_FU_ROWS; row++) {
            int fu = tensu_xcheck_row_fu(row);
            fprintf(f, "        {{%d, %d}, {%d, %d}}, /* %d fu */\n",
                    tensu_xcheck_min_han(x, fu, false, false),
                    tensu_xcheck_min_han(x, fu, false, true),
                    tensu_xcheck_min_han(x, fu, true, false),
                    tensu_xcheck_min_han(x, fu, true, true), fu);
        }
        fprintf(f, "    }},\n");
    }
    fprintf(f, "};\nconst size_t reach_count = sizeof reach_data / sizeof reach_data[0];\n");
    if (fclose(f) != 0 && st == CLI_OK)
        st = cli_error(CMD, "cannot write %s", tmp);
    if (st == CLI_OK && rename(tmp, path) != 0)
        st = cli_error(CMD, "cannot rename %s to %s", tmp, path);
    if (st != CLI_OK)
        remove(tmp);
    else
        fprintf(stderr, "tensu crosscheck: %zu rule combinations from two sweeps in %.1f s\n",
                reach_combo_count(), secs);
    tensu_xcheck_free(both[0]);
    tensu_xcheck_free(both[1]);
    return st;
}

static int check_data(const tensu_xcheck *x, const tensu_rules *r, bool whole, bool quiet);

/* Every preset and every shipped combination from the two sweeps: each
 * decided (no undecided cell, no disagreement) and compared with the
 * shipped data. */
static int check_all(int jobs, bool progress)
{
    tensu_xcheck *both[2];
    double secs, t0 = now();
    int st = sweep_both(jobs, progress, both, &secs), found = 0, n = 0;
    for (size_t i = 0; st == CLI_OK && i < tensu_preset_count() + reach_combo_count();
         i++) {
        tensu_rules r;
        tensu_error err;
        tensu_xcheck *x;
        char name[160];
        const tensu_xcheck_stats *s;
        int cs;
        if (i < tensu_preset_count()) {
            const tensu_preset *p = tensu_preset_at(i);
            if (tensu_rules_preset(p->name, &r, &err) != TENSU_OK) {
                st = cli_core_error(CMD, &err);
                break;
            }
            if (r.family != TENSU_FAMILY_RIICHI)
                continue;
            snprintf(name, sizeof name, "%s", p->name);
        } else if (reach_combo(i - tensu_preset_count(), &r, name, sizeof name, &err) !=
                   TENSU_OK) {
            st = cli_core_error(CMD, &err);
            break;
        }
        if ((st = view(both, &r, &x)) != CLI_OK)
            break;
        s = tensu_xcheck_counts(x);
        cs = check_data(x, &r, true, true);
        printf("%-60s %d undecided, %zu disagreements, %s\n", name, s->undecided,
               tensu_xcheck_ndisagreements(x), cs == CLI_OK ? "as shipped" : "NOT as shipped");
        found += s->undecided > 0 || tensu_xcheck_ndisagreements(x) > 0 || cs != CLI_OK;
        n++;
    }
    if (st == CLI_OK) {
        for (int i = 0; i < 2; i++)
            print_stats(both[i], secs, stdout);
        printf("%d rule sets decided from two sweeps (%.1f s of sweeps, %.1f s in all), "
               "%d with a problem\n", n, secs, now() - t0, found);
    }
    tensu_xcheck_free(both[0]);
    tensu_xcheck_free(both[1]);
    return st != CLI_OK ? st : found ? CLI_FOUND : CLI_OK;
}

/* Compare a sweep (whole, or one part of several) with the shipped data:
 * a whole sweep must equal it; a part can only find a least han at or
 * above it (fewer hands). */
static int check_data(const tensu_xcheck *x, const tensu_rules *r, bool whole, bool quiet)
{
    reach_diff diff[4 * TENSU_XCHECK_FU_ROWS];
    size_t ndiff;
    int rows;
    tensu_error err;
    if (reach_compare(x, r, whole, diff, sizeof diff / sizeof diff[0], &ndiff, &rows,
                            &err) != TENSU_OK)
        return cli_core_error(CMD, &err);
    for (size_t i = 0; i < ndiff && !quiet; i++)
        fprintf(stderr, "tensu crosscheck: %d fu %s: the sweep finds %d han, "
                        "the shipped data says %d\n",
                diff[i].fu, side(diff[i].dealer, diff[i].tsumo), diff[i].swept,
                diff[i].shipped);
    if (!quiet)
        fprintf(stderr, "tensu crosscheck: %d rows checked against the shipped data (%s sweep), "
                        "%zu differ\n",
                rows, whole ? "whole" : "partial", ndiff);
    return ndiff ? CLI_FOUND : CLI_OK;
}

static void help(void)
{
    printf("usage: tensu crosscheck [--rules NAME|FILE] [--set KEY=VALUE]...\n"
           "                        [--format text|json|csv] [--jobs N] [--part K/N]\n"
           "                        [--check-data] [--all] [--emit-c FILE]\n"
           "Scores every winning hand and reports which (fu, han) cells occur, with an\n"
           "example hand for each, the least han per fu, and any payment where the\n"
           "scorer and the table disagree.\n"
           "  --jobs N       threads (default: the number of cores)\n"
           "  --part K/N     only part K of N of the hands (tests)\n"
           "  --check-data   also compare with the data tensu_cell_reachable uses (exit 1 if\n"
           "                 a whole sweep differs, or a part finds fewer han than it says)\n"
           "  --all          every preset and every shipped rule combination, from one sweep\n"
           "                 of four players and one of three: each decided and compared with\n"
           "                 the shipped data (exit 1 if one is not)\n"
           "  --emit-c FILE  write the data of every shipped rule combination as C (the same\n"
           "                 two sweeps)\n");
}

/* --part K/N: part[0] = K, part[1] = N. */
static int part_of(const cli_args *a, const cli_opt *o, const char *v)
{
    int *part = o->out;
    char extra;
    if (sscanf(v, "%d/%d%c", &part[0], &part[1], &extra) != 2 || part[1] < 1 ||
        part[1] > 100000 || part[0] < 0 || part[0] >= part[1])
        return cli_error(a->cmd, "bad part '%s': K/N with 0 <= K < N", v);
    return CLI_OK;
}

int cmd_crosscheck(int argc, char **argv)
{
    tensu_rules r;
    int format = F_TEXT;
    static const char *const formats[] = {"text", "json", "csv", NULL};
    int jobs = cli_pool_cores(), part[2] = {0, 1}, st;
    bool check = false, all = false;
    const char *emit = NULL;
    tensu_xcheck *x = NULL;
    double secs = 0;
    const cli_opt options[] = {
        {"--check-data", CLI_FLAG, &check},
        {"--all", CLI_FLAG, &all},
        {"--format", CLI_WORD, &format, .words = formats, .what = "format"},
        {"--jobs", CLI_INT, &jobs, 1, 256},
        {"--part", CLI_CALL, part, .call = part_of},
        {"--emit-c", CLI_TEXT, &emit},
        {NULL}};
    const cli_command cmd = {CMD, help, options};

    if ((st = cli_start(&cmd, argc, argv, &r)) != CLI_OK)
        return st;
    if (r.family != TENSU_FAMILY_RIICHI)
        return cli_error(CMD, "the cross-check is for riichi rules, not family=classical");
    if (emit)
        return emit_c(emit, jobs, isatty(2) != 0);
    if (all)
        return check_all(jobs, isatty(2) != 0);
    st = crosscheck(&r, false, jobs, part[0], part[1], isatty(2) != 0, &x, &secs);
    if (st != CLI_OK)
        return st;
    switch (format) {
    case F_TEXT: print_text(x, &r, secs); break;
    case F_CSV: print_csv(x); break;
    case F_JSON: st = print_json(x, &r, secs); break;
    }
    if (st == CLI_OK && tensu_xcheck_counts(x)->disagreements > 0)
        st = CLI_FOUND;
    if (check) {
        int cs = check_data(x, &r, part[1] == 1, false);
        if (st == CLI_OK)
            st = cs;
    }
    tensu_xcheck_free(x);
    return st;
}
