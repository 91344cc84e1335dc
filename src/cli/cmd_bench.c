/* tensu bench: how many full scorings per second on one core.  The hands
 * are read and checked first; only tensu_score() is timed. */
#include "cli.h"
#include "../record/score_jansson.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A fixed, deterministic set when no file is given: every shape and wait,
 * open and closed, dora, kans, yakuman, in the hands.md layout. */
static const char *const builtin[] = {
    "{\"hand\":\"234m1122z\",\"melds\":[{\"type\":\"ankan\",\"tiles\":\"1111s\"},{\"type\":\"ankan\",\"tiles\":\"7777z\"}],\"win\":\"1z\",\"tsumo\":false,\"seat\":\"S\",\"round\":\"S\"}",
    "{\"hand\":\"123m456p789s23s55z\",\"win\":\"1s\",\"tsumo\":false,\"riichi\":true,\"dora\":[\"4s\"],\"ura\":[\"1z\"]}",
    "{\"hand\":\"22334455m66778p\",\"win\":\"8p\",\"tsumo\":true}",
    "{\"hand\":\"19m19p19s1234567z\",\"win\":\"1m\",\"tsumo\":true,\"seat\":\"E\"}",
    "{\"hand\":\"11123456789999m\",\"win\":\"5m\",\"tsumo\":false,\"riichi\":true}",
    "{\"hand\":\"345m345p345s6799p\",\"win\":\"8p\",\"tsumo\":true,\"riichi\":true,\"dora\":[\"2m\"]}",
    "{\"hand\":\"234m67p50s\",\"melds\":[{\"type\":\"chi\",\"tiles\":\"678s\"},{\"type\":\"pon\",\"tiles\":\"222p\"}],\"win\":\"8p\",\"tsumo\":false,\"dora\":[\"1p\"]}",
    "{\"hand\":\"111222333m4567p\",\"win\":\"4p\",\"tsumo\":true,\"seat\":\"E\",\"riichi\":true}",
    "{\"hand\":\"1112345678999p\",\"win\":\"9p\",\"tsumo\":false,\"riichi\":true}",
    "{\"hand\":\"556677m234p5567s\",\"win\":\"5s\",\"tsumo\":false,\"seat\":\"W\",\"riichi\":true,\"ippatsu\":true}",
    "{\"hand\":\"13m99p\",\"melds\":[{\"type\":\"pon\",\"tiles\":\"555z\"},{\"type\":\"pon\",\"tiles\":\"666z\"},{\"type\":\"chi\",\"tiles\":\"789m\"}],\"win\":\"2m\",\"tsumo\":false}",
    "{\"hand\":\"1133557799m1133p\",\"win\":\"3p\",\"tsumo\":false,\"riichi\":true}",
    "{\"hand\":\"23444m567p66688s\",\"win\":\"4m\",\"tsumo\":true,\"seat\":\"N\",\"round\":\"S\"}",
    "{\"hand\":\"11m\",\"melds\":[{\"type\":\"pon\",\"tiles\":\"111z\"},{\"type\":\"pon\",\"tiles\":\"222z\"},{\"type\":\"pon\",\"tiles\":\"333z\"},{\"type\":\"minkan\",\"tiles\":\"4444z\"}],\"win\":\"1m\",\"tsumo\":true,\"seat\":\"W\"}",
    "{\"hand\":\"234567m2345699s\",\"win\":\"7s\",\"tsumo\":false,\"riichi\":true,\"dora\":[\"9s\"]}",
    "{\"hand\":\"123789m123789p5z\",\"win\":\"5z\",\"tsumo\":true,\"riichi\":true}",
};

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The hands in one array, each with the index of its rules in a short
 * list of the distinct rule sets (a corpus has one or two): a rule set is
 * 1.2 KB, five times a hand, and a copy per hand would make the set too
 * large for the caches, so that the bench would time memory, not the
 * scorer. */
typedef struct set {
    tensu_hand *hand;
    uint16_t *which;   /* the rules of hand i: rules[which[i]] */
    size_t n, cap;
    tensu_rules *rules;
    size_t nrules;
} set;

static void set_free(set *s)
{
    free(s->hand);
    free(s->which);
    free(s->rules);
}

static void help(void)
{
    printf("usage: tensu bench [FILE] [--seconds S] [--rules NAME|FILE]\n"
           "                   [--set KEY=VALUE]...\n\n"
           "Scores a fixed set of hands again and again for S seconds (default 2) and\n"
           "prints the speed as 'N hands/s': hands per second of CPU time on one core\n"
           "(reading the hands is not timed; every scoring is complete: readings, yaku,\n"
           "fu items, payment, alternatives).  The first line also gives the speed by\n"
           "the wall clock, lower when other programs share the core.\n"
           "FILE is JSON lines, in the layout of 'tensu score --jsonl' or the corpus\n"
           "layout; without FILE a built-in set of %d hands is used.  Hands that do not\n"
           "score (errors) are left out of the set.\n",
           (int)(sizeof builtin / sizeof builtin[0]));
}

static int add(set *s, json_t *rec, const tensu_rules *r)
{
    tensu_rules rules;
    tensu_hand hand;
    char why[300];
    tensu_score_result res;
    size_t k;
    if (score_json_read_json(rec, r, &rules, &hand, why, sizeof why) != TENSU_OK ||
        tensu_score(&rules, &hand, &res, NULL) != TENSU_OK)
        return 0;
    for (k = 0; k < s->nrules; k++)
        if (memcmp(&s->rules[k], &rules, sizeof rules) == 0)
            break;
    if (k == s->nrules) {
        tensu_rules *nr;
        if (k == UINT16_MAX || (nr = realloc(s->rules, (k + 1) * sizeof *nr)) == NULL)
            return -1;
        s->rules = nr;
        s->rules[s->nrules++] = rules;
    }
    if (s->n == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 256;
        tensu_hand *nh = realloc(s->hand, nc * sizeof *nh);
        uint16_t *nw;
        if (nh == NULL)
            return -1;
        s->hand = nh;
        if ((nw = realloc(s->which, nc * sizeof *nw)) == NULL)
            return -1;
        s->which = nw;
        s->cap = nc;
    }
    s->hand[s->n] = hand;
    s->which[s->n++] = (uint16_t)k;
    return 1;
}

int cmd_bench(int argc, char **argv)
{
    tensu_rules r;
    const char *path = NULL;
    int seconds = 2;
    set hs = {0};
    const cli_opt options[] = {{"--seconds", CLI_INT, &seconds, 1, 600}, {NULL}};
    const cli_command cmd = {"bench", help, options, .operand = &path, .operand_name = "file",
                             .terse = true};
    int st = cli_start(&cmd, argc, argv, &r);

    if (st != CLI_OK)
        return st;
    if (path == NULL) {
        for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
            json_t *rec = json_loads(builtin[i], 0, NULL);
            if (rec == NULL || add(&hs, rec, &r) < 0) {
                json_decref(rec);
                set_free(&hs);
                return cli_error("bench", "out of memory");
            }
            json_decref(rec);
        }
    } else {
        FILE *f = fopen(path, "r");
        static char line[1 << 17];
        long lineno = 0;
        if (f == NULL)
            return cli_error("bench", "cannot open '%s': %s", path, strerror(errno));
        while (fgets(line, sizeof line, f) != NULL) {
            json_error_t jerr;
            json_t *rec;
            lineno++;
            if (line[0] == '\n' || (line[0] == '/' && line[1] == '/'))
                continue;
            rec = json_loads(line, 0, &jerr);
            if (rec == NULL) {
                fclose(f);
                set_free(&hs);
                return cli_error("bench", "%s: line %ld, column %d: bad JSON: %s", path, lineno,
                                 jerr.column, jerr.text);
            }
            if (add(&hs, rec, &r) < 0) {
                json_decref(rec);
                fclose(f);
                set_free(&hs);
                return cli_error("bench", "out of memory");
            }
            json_decref(rec);
        }
        fclose(f);
    }
    if (hs.n == 0) {
        set_free(&hs);
        return cli_error("bench", "no hand to score");
    }
    {
        tensu_score_result res;
        double t0, t, cpu;
        clock_t c0;
        unsigned long long done = 0;
        long long sink = 0;
        /* one untimed pass: the first call builds the scorer's table */
        for (size_t i = 0; i < hs.n; i++)
            if (tensu_score(&hs.rules[hs.which[i]], &hs.hand[i], &res, NULL) == TENSU_OK)
                sink += res.total;
        sink = 0;
        t0 = now();
        c0 = clock();
        do {
            for (size_t i = 0; i < hs.n; i++) {
                if (tensu_score(&hs.rules[hs.which[i]], &hs.hand[i], &res, NULL) == TENSU_OK)
                    sink += res.total;
            }
            done += hs.n;
            t = now() - t0;
        } while (t < seconds);
        cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        if (cpu <= 0)
            cpu = t;
        printf("scored %llu hands (a set of %zu) in %.2f s, %.2f s of CPU, %.0f hands/s by the "
               "clock (checksum %lld)\n",
               done, hs.n, t, cpu, (double)done / t, sink / (long long)done);
        printf("%.0f hands/s\n", (double)done / cpu);
    }
    set_free(&hs);
    return CLI_OK;
}
