/* tensu quiz: a worksheet and its answer key, as separate files (PDF, SVG,
 * PNG through the sheet templates quiz and quiz-key; or JSON: each hand as
 * a record of ../shared/formats/hands.md, the key with the answer that
 * tensu score --jsonl gives for it). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../record/score_jansson.h"
#include "../render/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf("usage: tensu quiz [--kind fu|han|table|payment|mixed] [--level 1|2|3] [--count N]\n"
           "                  [--seed S] [--rules NAME|FILE] [--set KEY=VALUE]... [--lang fr|en]\n"
           "                  [--format pdf|svg|png|html|json]... [--paper a4|letter] [-o DIR]\n\n"
           "A worksheet and its answer key, as separate files: exercises drawn from the seed\n"
           "(the same seed gives the same sheet), every answer computed by the scorer or the\n"
           "payment engine under the rules, with the working in the key.\n\n"
           "Levels:\n"
           "  1  closed hands, no call, no kan, read one way, with a simple wait (two-sided,\n"
           "     middle, edge or pair wait: no shanpon), no pair worth fu, no pinfu tsumo;\n"
           "     the yaku vary (riichi, menzen tsumo, tanyao, yakuhai); tables at 1-4 han\n"
           "  2  calls, kans, wind pairs, every wait; tables mostly at 1-4 han, where the fu\n"
           "     matter, and a few limits by han\n"
           "  3  the traps that exist under the rules, each at least once when --count\n"
           "     allows, each on a kind of question that tests it: shanpon won by ron,\n"
           "     pinfu by tsumo, an open hand with no fu (four players), seven pairs, tiles\n"
           "     read two ways (fu); open hands' yaku one han less, a dora indicator that\n"
           "     wraps round (han); kiriage or its absence, limits by han, the 25 fu and\n"
           "     20 fu columns (table)\n\n"
           "--rules NAME|FILE   a preset (tensu rules lists them) or a club's rules file;\n"
           "--set KEY=VALUE     a rule changed (the files' names then say it).\n"
           "HTML: one self-contained page per file (the sheet's pages, scaled to the\n"
           "screen, one per sheet of paper when printed).\n"
           "Defaults: --kind mixed --level 1 --seed 1, French and English, PDF; --count 6\n"
           "(12 for tables; at level 3 at least as many as the traps under the rules).\n");
}

/* A hand as a record of hands.md. */
static json_t *record_of(const tensu_hand *h)
{
    json_t *o = json_object(), *melds = json_array(), *dora = json_array();
    char buf[64], t[4];
    int left[TENSU_TILE_KINDS];
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        left[k] = h->tiles[k];
    if (h->win >= 0 && left[h->win] > 0)
        left[h->win]--;
    tensu_tiles_write(left, h->red, buf, sizeof buf);
    json_object_set_new(o, "hand", json_string(buf));
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        json_t *jm = json_object();
        tensu_meld_write(m, buf, sizeof buf);
        json_object_set_new(jm, "type", json_string(tensu_meld_type_name(m->type)));
        json_object_set_new(jm, "tiles", json_string(buf));
        json_array_append_new(melds, jm);
    }
    json_object_set_new(o, "melds", melds);
    json_object_set_new(o, "win", json_string(tensu_tile_name(h->win, h->win_red, t)));
    json_object_set_new(o, "tsumo", json_boolean(h->tsumo));
    json_object_set_new(o, "seat", json_string((char[2]){"ESWN"[h->seat], 0}));
    json_object_set_new(o, "round", json_string((char[2]){"ESWN"[h->round], 0}));
    for (int i = 0; i < h->ndora; i++)
        json_array_append_new(dora, json_string(tensu_tile_name(h->dora[i], false, t)));
    json_object_set_new(o, "dora", dora);
    if (h->riichi)
        json_object_set_new(o, "riichi", json_true());
    if (h->honba)
        json_object_set_new(o, "honba", json_integer(h->honba));
    if (h->sticks)
        json_object_set_new(o, "riichi_sticks", json_integer(h->sticks));
    return o;
}

static json_t *payment_json(const tensu_payment *p)
{
    json_t *o = json_object();
    if (!p->tsumo) {
        json_object_set_new(o, "ron", json_integer(p->ron));
    } else if (p->dealer) {
        json_object_set_new(o, "non_dealer", json_integer(p->from_non_dealer));
    } else {
        json_object_set_new(o, "dealer", json_integer(p->from_dealer));
        json_object_set_new(o, "non_dealer", json_integer(p->from_non_dealer));
    }
    json_object_set_new(o, "total", json_integer(p->total));
    return o;
}

/* The worksheet, or its key, as JSON. */
static char *quiz_json(const tensu_rules *r, const tensu_quiz_spec *q, const tensu_exercise *ex,
                       bool key)
{
    json_t *root = json_object(), *list = json_array();
    char *text;
    json_object_set_new(root, "format", json_string(key ? "tensu-quiz-key-1" : "tensu-quiz-1"));
    json_object_set_new(root, "rules", cli_json_rules(r));
    json_object_set_new(root, "kind", json_string(tensu_quiz_kind_name(q->kind)));
    json_object_set_new(root, "level", json_integer(q->level));
    json_object_set_new(root, "seed", json_integer((json_int_t)q->seed));
    if (key && q->level == 3) {
        tensu_quiz_trap traps[TENSU_TRAP_COUNT];
        int n = tensu_quiz_traps(r, q->kind, traps, TENSU_TRAP_COUNT);
        json_t *names = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(names, json_string(tensu_quiz_trap_name(traps[i])));
        json_object_set_new(root, "traps", names);
    }
    for (int i = 0; i < q->count; i++) {
        const tensu_exercise *e = &ex[i];
        json_t *o = json_object();
        json_object_set_new(o, "n", json_integer(i + 1));
        json_object_set_new(o, "kind", json_string(tensu_quiz_kind_name(e->kind)));
        if (key && e->trap != TENSU_TRAP_NONE) /* the learner's copy gives no trap away */
            json_object_set_new(o, "trap", json_string(tensu_quiz_trap_name(e->trap)));
        if (e->kind == TENSU_QUIZ_TABLE) {
            json_object_set_new(o, "han", json_integer(e->han));
            json_object_set_new(o, "fu", json_integer(e->fu));
            json_object_set_new(o, "dealer", json_boolean(e->dealer));
            json_object_set_new(o, "tsumo", json_boolean(e->tsumo));
            if (key)
                json_object_set_new(o, "answer", payment_json(&e->payment));
        } else {
            json_t *rec = record_of(&e->hand);
            if (key) /* the answer tensu score --jsonl gives for this record */
                json_object_set_new(o, "answer", score_json_line(rec, r));
            json_object_set_new(o, "record", rec);
        }
        json_array_append_new(list, o);
    }
    json_object_set_new(root, "exercises", list);
    text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (text) {
        size_t n = strlen(text);
        char *t2 = realloc(text, n + 2);
        if (t2) {
            t2[n] = '\n';
            t2[n + 1] = '\0';
            text = t2;
        }
    }
    return text;
}

/* The HTML page of a worksheet's pages. */
static char *html_pages(const void *doc, size_t *len, tensu_error *err)
{
    char *page = tensu_html_pages(doc, NULL, err);
    *len = page ? strlen(page) : 0;
    return page;
}

static int render(const char *dir, const char *data, const char *lang, const char *paper,
                  const tensu_rules *r, const tensu_quiz_spec *q, int formats, const char *stem)
{
    for (int key = 0; key < 2; key++) {
        tensu_sheet_opts o = {data, key ? "quiz-key" : "quiz", lang, paper, "", 0, q};
        char name[400];
        int st;
        tensu_error err;
        tensu_doc *d = NULL;
        cli_doc_files files = {"quiz", dir, name, formats & ~CLI_JSON, 300, html_pages};
        if (formats & (CLI_PDF | CLI_SVG | CLI_PNG | CLI_HTML)) {
            d = tensu_sheet_build(&o, r, &err);
            if (d == NULL)
                return cli_core_error("quiz", &err);
        }
        files.html_of = d;
        snprintf(name, sizeof name, "%s-%s%s", stem, lang, key ? "-key" : "");
        st = cli_write_doc(&files, d, NULL);
        tensu_doc_free(d);
        if (st != CLI_OK)
            return st;
    }
    return CLI_OK;
}

static int kind_of(const cli_args *a, const cli_opt *o, const char *v)
{
    if (!tensu_quiz_kind_parse(v, o->out))
        return cli_error(a->cmd, "bad kind '%s': allowed fu, han, table, payment, mixed", v);
    return CLI_OK;
}

int cmd_quiz(int argc, char **argv)
{
    tensu_rules r;
    tensu_quiz_spec q = {TENSU_QUIZ_MIXED, 1, 0, 1};
    const char *lang = NULL, *paper = NULL, *out = "output";
    int formats = 0, st, seed = 1;
    char dbuf[1200], stem[300];
    const char *dir;
    static const char *const format_words[] = {"pdf", "svg", "png", "html", "json", NULL};
    const cli_opt options[] = {
        {"--kind", CLI_CALL, &q.kind, .call = kind_of},
        {"--level", CLI_INT, &q.level, 1, 3},
        {"--count", CLI_INT, &q.count, 1, TENSU_QUIZ_MAX},
        {"--seed", CLI_INT, &seed, 0, 999999999},
        {"--lang", CLI_TEXT, &lang},
        {"--paper", CLI_TEXT, &paper},
        {"--format", CLI_BITS, &formats, .words = format_words, .what = "format"},
        {"-o", CLI_TEXT, &out},
        {"--output", CLI_TEXT, &out},
        {NULL}};
    const cli_command cmd = {"quiz", help, options};

    if ((st = cli_start(&cmd, argc, argv, &r)) != CLI_OK)
        return st;
    q.seed = (uint64_t)seed;
    if (formats == 0)
        formats = CLI_PDF;
    if (r.family != TENSU_FAMILY_RIICHI)
        return cli_error("quiz", "worksheets are for riichi rules: the classical game has no "
                                 "fu to count (use a riichi preset)");
    dir = cli_data_dir(dbuf, sizeof dbuf);
    if (dir == NULL && (formats & ~CLI_JSON))
        return cli_no_data_dir("quiz");
    if (lang != NULL && dir != NULL) {
        /* a language is a catalog file: refused before anything is written */
        json_t *strings, *cat = cli_catalog("quiz", lang, &strings);
        if (cat == NULL)
            return CLI_USAGE;
        json_decref(cat);
    }
    if (q.count == 0) {
        /* enough for a page of tables, and at level 3 for every trap */
        int traps = q.level == 3 ? tensu_quiz_traps(&r, q.kind, NULL, 0) : 0;
        q.count = q.kind == TENSU_QUIZ_TABLE ? 12 : 6;
        if (traps > q.count)
            q.count = traps;
    }
    {
        /* the exercises first: a bad combination writes nothing */
        tensu_exercise *ex = calloc((size_t)q.count, sizeof *ex);
        tensu_error err;
        if (ex == NULL)
            return cli_error("quiz", "out of memory");
        if (tensu_quiz_make(&r, q.kind, q.level, q.count, q.seed, ex, &err) != TENSU_OK) {
            free(ex);
            return cli_core_error("quiz", &err);
        }
        if ((st = cli_out_dir("quiz", out)) != CLI_OK) {
            free(ex);
            return st;
        }
        {
            /* another preset, a club's file or --set changes: in the name, so
             * that they never overwrite the standard sheet */
            const char *changed[1];
            char tag[200];
            cli_rules_tag(&r,
                          strcmp(r.preset, tensu_default_preset()) != 0 ||
                              tensu_rules_changed(&r, changed, 1) > 0,
                          tag, sizeof tag);
            snprintf(stem, sizeof stem, "quiz-%s-%d-%llu%s", tensu_quiz_kind_name(q.kind),
                     q.level, (unsigned long long)q.seed, tag);
        }
        char rname[160];
        printf("tensu quiz: %s, level %d, %d exercises, seed %llu, rules %s, into %s/\n",
               tensu_quiz_kind_name(q.kind), q.level, q.count, (unsigned long long)q.seed,
               cli_rules_name(&r, rname, sizeof rname), out);
        if (q.level == 3) {
            tensu_quiz_trap traps[TENSU_TRAP_COUNT];
            int n = tensu_quiz_traps(&r, q.kind, traps, TENSU_TRAP_COUNT);
            printf("  traps under these rules:");
            for (int i = 0; i < n; i++)
                printf("%s %s", i ? "," : "", tensu_quiz_trap_name(traps[i]));
            printf("\n");
        }
        for (int key = 0; key < 2 && (formats & CLI_JSON) && st == CLI_OK; key++) {
            char name[400], *text = quiz_json(&r, &q, ex, key == 1);
            snprintf(name, sizeof name, "%s%s.json", stem, key ? "-key" : "");
            st = text ? cli_write_text("quiz", out, name, text, NULL)
                      : cli_error("quiz", "out of memory");
            free(text);
        }
        free(ex);
        if (st != CLI_OK)
            return st;
    }
    if (formats & (CLI_PDF | CLI_SVG | CLI_PNG | CLI_HTML)) {
        static const char *const langs[] = {"fr", "en"};
        for (int l = 0; l < 2; l++) {
            if (lang && l > 0)
                break;
            st = render(out, dir, lang ? lang : langs[l], paper, &r, &q, formats, stem);
            if (st != CLI_OK)
                return st;
        }
    }
    return CLI_OK;
}
