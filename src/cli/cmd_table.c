/* tensu table: the point table of a preset in text, CSV, JSON, Markdown or
 * HTML (the phone page of the render library). */
#include "cli.h"
#include "../render/render.h"

#include <stdio.h>
#include <stdlib.h>

#include <inttypes.h>
#include <jansson.h>
#include <string.h>

typedef enum fmt { F_TEXT, F_CSV, F_JSON, F_MD, F_HTML } fmt;

/* --lang: the catalog's strings for the text and Markdown tables, NULL
 * for their built-in English. */
static json_t *table_strings;

static const char *T(const char *key, const char *english)
{
    return cli_str(table_strings, key, english);
}

typedef struct opts {
    int format; /* fmt */
    int han_max;
    bool all_cells;
} opts;

static const char *const csv_header =
    "han,fu,nondealer_ron,nondealer_tsumo_from_nondealer,nondealer_tsumo_from_dealer,"
    "dealer_ron,dealer_tsumo_each";

/* One amount, or the exact text of a big one. */
static const char *amt(char *buf, size_t n, int64_t v, const char *exact)
{
    return cli_amount(buf, n, v, exact);
}

/* "1000 (300/500)" for a non-dealer, "1500 (500)" for the dealer; "-" for
 * what cannot occur (or the value with '*' under --all-cells). */
static void cell_text(const tensu_cell *c, int dealer, bool all, char *out, size_t n)
{
    char ron[TENSU_BIG_DIGITS + 4], tsumo[2 * TENSU_BIG_DIGITS + 8];
    char a[TENSU_BIG_DIGITS], b[TENSU_BIG_DIGITS];
    const tensu_payment *pr = &c->pay[dealer][0], *pt = &c->pay[dealer][1];
    bool rr = c->reachable[dealer][0], rt = c->reachable[dealer][1];

    if (rr || all)
        snprintf(ron, sizeof ron, "%s%s", amt(a, sizeof a, pr->ron, pr->exact.ron),
                 rr ? "" : "*");
    else
        snprintf(ron, sizeof ron, "-");
    if (rt || all) {
        if (dealer)
            snprintf(tsumo, sizeof tsumo, "(%s)%s",
                     amt(a, sizeof a, pt->from_non_dealer, pt->exact.from_non_dealer),
                     rt ? "" : "*");
        else
            snprintf(tsumo, sizeof tsumo, "(%s/%s)%s",
                     amt(a, sizeof a, pt->from_non_dealer, pt->exact.from_non_dealer),
                     amt(b, sizeof b, pt->from_dealer, pt->exact.from_dealer), rt ? "" : "*");
        snprintf(out, n, "%s %s", ron, tsumo);
    } else {
        snprintf(out, n, "%s", ron);
    }
}

static void limit_text(const tensu_limit_row *l, int dealer, char *out, size_t n)
{
    char a[32], b[32], c[32];
    const tensu_payment *pr = &l->pay[dealer][0], *pt = &l->pay[dealer][1];
    if (dealer)
        snprintf(out, n, "%s (%s)", amt(a, sizeof a, pr->ron, NULL),
                 amt(b, sizeof b, pt->from_non_dealer, NULL));
    else
        snprintf(out, n, "%s (%s/%s)", amt(a, sizeof a, pr->ron, NULL),
                 amt(b, sizeof b, pt->from_non_dealer, NULL),
                 amt(c, sizeof c, pt->from_dealer, NULL));
}

static void han_range(const tensu_limit_row *l, char *out, size_t n)
{
    if (l->han_from == 0)
        snprintf(out, n, "%s", l->yakuman > 1 ? T("table.stacked", "stacked yakuman") : "yakuman");
    else if (l->han_to == 0)
        snprintf(out, n, "%d+ han%s", l->han_from,
                 l->limit == TENSU_LIMIT_YAKUMAN ? T("table.or_yakuman", " or yakuman") : "");
    else if (l->han_to == l->han_from)
        snprintf(out, n, "%d han", l->han_from);
    else
        snprintf(out, n, "%d-%d han", l->han_from, l->han_to);
}

/* A limit's row as text: its han, and what a non-dealer and a dealer win. */
typedef struct limit_row_text {
    char range[40], nd[64], de[64];
} limit_row_text;

static void limit_row(const tensu_limit_row *l, limit_row_text *out)
{
    han_range(l, out->range, sizeof out->range);
    limit_text(l, 0, out->nd, sizeof out->nd);
    limit_text(l, 1, out->de, sizeof out->de);
}

static void rules_summary(const tensu_rules *r, char *out, size_t n)
{
    static const char *const shown[] = {"players", "kiriage", "kazoe", "multiple-yakuman",
                                        "double-yakuman", "double-wind-fu", "open-pinfu",
                                        "pinfu-tsumo", "aotenjou", "honba"};
    size_t len = 0;
    char v[32];
    out[0] = '\0';
    for (size_t i = 0; i < sizeof shown / sizeof shown[0] && len < n; i++) {
        tensu_rules_get(r, shown[i], v, sizeof v);
        len += (size_t)snprintf(out + len, n - len, "%s%s=%s", i ? " " : "", shown[i], v);
    }
}

static void print_text(const tensu_table *t, bool all)
{
    char buf[2 * TENSU_BIG_DIGITS + 40], sum[512], name[160];
    int width = 16;
    for (int i = 0; i < t->nfu; i++)
        for (int h = 1; h <= t->han_max; h++)
            for (int d = 0; d < 2; d++) {
                int len;
                cell_text(&t->cells[i][h - 1], d, all, buf, sizeof buf);
                len = (int)strlen(buf);
                if (len + 2 > width)
                    width = len + 2;
            }
    rules_summary(&t->rules, sum, sizeof sum);
    printf("%s %s (%s)\n", T("table.text.title", "Point table, rules"),
           cli_rules_name(&t->rules, name, sizeof name), sum);
    printf("%s\n", T("table.text.legend", "Each cell: ron (tsumo). Non-dealer tsumo: (each "
                                          "non-dealer/dealer); dealer tsumo: (each)."));
    for (int d = 0; d < 2; d++) {
        printf("\n%s\n%6s", d ? T("table.text.dealer", "DEALER")
                               : T("table.text.nondealer", "NON-DEALER"),
               "fu");
        for (int h = 1; h <= t->han_max; h++) {
            char head[16];
            snprintf(head, sizeof head, "%d han", h);
            printf("%*s", width, head);
        }
        putchar('\n');
        for (int i = 0; i < t->nfu; i++) {
            printf("%6d", t->fu[i]);
            for (int h = 1; h <= t->han_max; h++) {
                cell_text(&t->cells[i][h - 1], d, all, buf, sizeof buf);
                printf("%*s", width, buf);
            }
            putchar('\n');
        }
    }
    if (all)
        printf("\n* %s\n", T("table.text.star", "cannot occur under these rules (formula value "
                                              "shown)"));
    else
        printf("\n- %s\n", T("table.text.dash", "cannot occur under these rules"));
    if (t->nlimits > 0) {
        printf("\n%-6s%*s%26s%22s\n", T("table.text.limits", "LIMITS"), 26, "han",
               T("table.head.nondealer", "non-dealer"), T("table.head.dealer", "dealer"));
        for (int l = 0; l < t->nlimits; l++) {
            limit_row_text x;
            limit_row(&t->limits[l], &x);
            /* (the range padded by what it shows: "cumulés" is 7 wide) */
            printf("%-14s%*s%s%26s%22s\n", t->limits[l].name,
                   18 - cli_display_width(x.range) > 0 ? 18 - cli_display_width(x.range) : 0, "",
                   x.range, x.nd, x.de);
        }
    }
}

static void csv_amount(int64_t v, const char *exact, bool show)
{
    char a[TENSU_BIG_DIGITS];
    printf(",%s", show ? amt(a, sizeof a, v, exact) : "");
}

static void print_csv(const tensu_table *t, bool all)
{
    puts(csv_header);
    for (int h = 1; h <= t->han_max; h++)
        for (int i = 0; i < t->nfu; i++) {
            const tensu_cell *c = &t->cells[i][h - 1];
            const tensu_payment *p;
            printf("%d,%d", h, c->fu);
            p = &c->pay[0][0];
            csv_amount(p->ron, p->exact.ron, all || c->reachable[0][0]);
            p = &c->pay[0][1];
            csv_amount(p->from_non_dealer, p->exact.from_non_dealer, all || c->reachable[0][1]);
            csv_amount(p->from_dealer, p->exact.from_dealer, all || c->reachable[0][1]);
            p = &c->pay[1][0];
            csv_amount(p->ron, p->exact.ron, all || c->reachable[1][0]);
            p = &c->pay[1][1];
            csv_amount(p->from_non_dealer, p->exact.from_non_dealer, all || c->reachable[1][1]);
            putchar('\n');
        }
    for (int l = 0; l < t->nlimits; l++) {
        const tensu_limit_row *r = &t->limits[l];
        printf("%s,,%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64 "\n", r->name,
               r->pay[0][0].ron, r->pay[0][1].from_non_dealer, r->pay[0][1].from_dealer,
               r->pay[1][0].ron, r->pay[1][1].from_non_dealer);
    }
}

static json_t *json_amount(int64_t v, const char *exact)
{
    if (v < 0 && exact != NULL && exact[0])
        return json_string(exact);
    return json_integer((json_int_t)v);
}

static json_t *json_side(const tensu_payment pay[2], const bool reach[2], int dealer)
{
    json_t *side = json_object(), *ron = json_object(), *tsumo = json_object();
    json_object_set_new(ron, "points", json_amount(pay[0].ron, pay[0].exact.ron));
    json_object_set_new(ron, "reachable", json_boolean(reach[0]));
    if (dealer) {
        json_object_set_new(tsumo, "each",
                            json_amount(pay[1].from_non_dealer, pay[1].exact.from_non_dealer));
    } else {
        json_object_set_new(tsumo, "from_nondealer",
                            json_amount(pay[1].from_non_dealer, pay[1].exact.from_non_dealer));
        json_object_set_new(tsumo, "from_dealer",
                            json_amount(pay[1].from_dealer, pay[1].exact.from_dealer));
    }
    json_object_set_new(tsumo, "total", json_amount(pay[1].total, pay[1].exact.total));
    json_object_set_new(tsumo, "reachable", json_boolean(reach[1]));
    json_object_set_new(side, "ron", ron);
    json_object_set_new(side, "tsumo", tsumo);
    return side;
}

static int print_json(const tensu_table *t)
{
    static const bool yes[2] = {true, true};
    json_t *root = json_object(), *cells = json_array(), *limits = json_array(),
           *rows = json_array();

    json_object_set_new(root, "format", json_string("tensu-table-1"));
    json_object_set_new(root, "rules", cli_json_rules(&t->rules));
    json_object_set_new(root, "han_max", json_integer(t->han_max));
    for (int i = 0; i < t->nfu; i++)
        json_array_append_new(rows, json_integer(t->fu[i]));
    json_object_set_new(root, "fu_rows", rows);
    for (int h = 1; h <= t->han_max; h++)
        for (int i = 0; i < t->nfu; i++) {
            const tensu_cell *c = &t->cells[i][h - 1];
            json_t *o = json_object();
            json_object_set_new(o, "han", json_integer(h));
            json_object_set_new(o, "fu", json_integer(c->fu));
            json_object_set_new(o, "nondealer", json_side(c->pay[0], c->reachable[0], 0));
            json_object_set_new(o, "dealer", json_side(c->pay[1], c->reachable[1], 1));
            json_array_append_new(cells, o);
        }
    json_object_set_new(root, "cells", cells);
    for (int l = 0; l < t->nlimits; l++) {
        const tensu_limit_row *r = &t->limits[l];
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(r->name));
        json_object_set_new(o, "han_from", r->han_from ? json_integer(r->han_from) : json_null());
        json_object_set_new(o, "han_to", r->han_to ? json_integer(r->han_to) : json_null());
        json_object_set_new(o, "yakuman", json_integer(r->yakuman));
        json_object_set_new(o, "nondealer", json_side(r->pay[0], yes, 0));
        json_object_set_new(o, "dealer", json_side(r->pay[1], yes, 1));
        json_array_append_new(limits, o);
    }
    json_object_set_new(root, "limits", limits);
    return cli_json_print("table", root);
}

static void print_md(const tensu_table *t, bool all)
{
    char buf[2 * TENSU_BIG_DIGITS + 40], sum[512], name[160];
    rules_summary(&t->rules, sum, sizeof sum);
    printf("# %s %s\n\n%s\n\n", T("table.md.title", "Point table:"),
           cli_rules_name(&t->rules, name, sizeof name), sum);
    printf("%s %s\n",
           T("table.md.legend", "Each cell: ron (tsumo); a non-dealer's tsumo reads (each "
                                "non-dealer/dealer), a dealer's (each)."),
           all ? T("table.md.star", "`*` marks a cell that cannot occur (formula value shown).")
               : T("table.md.dash", "`-` marks a cell that cannot occur."));
    for (int d = 0; d < 2; d++) {
        printf("\n## %s\n\n| fu |", d ? T("table.md.dealer", "Dealer")
                                       : T("table.md.nondealer", "Non-dealer"));
        for (int h = 1; h <= t->han_max; h++)
            printf(" %d han |", h);
        printf("\n|---:|");
        for (int h = 1; h <= t->han_max; h++)
            printf("---:|");
        putchar('\n');
        for (int i = 0; i < t->nfu; i++) {
            printf("| %d |", t->fu[i]);
            for (int h = 1; h <= t->han_max; h++) {
                cell_text(&t->cells[i][h - 1], d, all, buf, sizeof buf);
                printf(" %s |", buf);
            }
            putchar('\n');
        }
    }
    if (t->nlimits > 0) {
        printf("\n## %s\n\n| %s | han | %s | %s |\n|---|---|---:|---:|\n",
               T("table.md.limits", "Limits"), T("table.md.limit", "limit"),
               T("table.head.nondealer", "non-dealer"), T("table.head.dealer", "dealer"));
        for (int l = 0; l < t->nlimits; l++) {
            limit_row_text x;
            limit_row(&t->limits[l], &x);
            printf("| %s | %s | %s | %s |\n", t->limits[l].name, x.range, x.nd, x.de);
        }
    }
}

static void help(void)
{
    printf("usage: tensu table [--rules NAME|FILE] [--set KEY=VALUE]...\n"
           "                   [--format text|csv|json|md|html] [--han-max N] [--all-cells]\n"
           "                   [--lang fr|en]\n\n"
           "Rows of fu (20, 25, 30 .. 110), columns of han (1..4, up to 13 with --han-max),\n"
           "non-dealer and dealer, ron and tsumo, then the limit table.  Cells that cannot\n"
           "occur under the rules are marked '-' (empty in CSV); --all-cells fills in the\n"
           "formula value instead (marked '*' in text and md).  --format html writes the\n"
           "self-contained page for a phone (the club card's tables and rules, in --lang,\n"
           "English by default), the same page as tensu sheets --format html.  --lang fr\n"
           "writes the words of the text and md tables in French too (CSV and JSON keep\n"
           "their keys).\n");
}

int cmd_table(int argc, char **argv)
{
    tensu_rules r;
    tensu_error err;
    tensu_table *t;
    opts o = {F_TEXT, tensu_fu_han_max(), false};
    static const char *const formats[] = {"text", "csv", "json", "md", "html", NULL};
    const char *lang = NULL;
    const cli_opt options[] = {
        {"--all-cells", CLI_FLAG, &o.all_cells},
        {"--format", CLI_WORD, &o.format, .words = formats, .what = "format"},
        {"--lang", CLI_TEXT, &lang},
        {"--han-max", CLI_INT, &o.han_max, 1, TENSU_TABLE_MAX_HAN},
        {NULL}};
    const cli_command cmd = {"table", help, options};
    int st = cli_start(&cmd, argc, argv, &r);

    if (st != CLI_OK)
        return st;
    lang = cli_lang(lang, "en");
    if (o.format == F_HTML) {
        char dbuf[1200];
        const char *dir = cli_data_dir(dbuf, sizeof dbuf);
        tensu_sheet_opts so = {dir, "card", lang, "a4", ""};
        size_t len = 0;
        char *page;
        if (dir == NULL)
            return cli_no_data_dir("table");
        so.han_max = o.han_max;
        page = tensu_html_build(&so, &r, &len, &err);
        if (page == NULL)
            return cli_core_error("table", &err);
        fwrite(page, 1, len, stdout);
        free(page);
        return CLI_OK;
    }
    if (r.family == TENSU_FAMILY_CLASSICAL)
        return cli_classical_table(&r, formats[o.format]);
    if (strcmp(lang, "en") != 0) {
        json_t *strings, *cat = cli_catalog("table", lang, &strings);
        if (cat == NULL)
            return CLI_USAGE;
        table_strings = json_incref(strings);
        json_decref(cat);
    }
    t = tensu_table_new(&r, o.han_max, 0, &err);
    if (t == NULL) {
        json_decref(table_strings);
        table_strings = NULL;
        return cli_core_error("table", &err);
    }
    switch (o.format) {
    case F_TEXT: print_text(t, o.all_cells); break;
    case F_CSV: print_csv(t, o.all_cells); break;
    case F_JSON: st = print_json(t); break;
    case F_MD: print_md(t, o.all_cells); break;
    case F_HTML: break; /* above */
    }
    tensu_table_free(t);
    json_decref(table_strings);
    table_strings = NULL;
    return st;
}
