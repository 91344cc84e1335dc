/* The classical family on the command line: its table (tensu table --rules
 * classical) and one payment with the working (tensu pay --rules classical). */
#include "cli.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const char *const wind_names[4] = {"East", "South", "West", "North"};

static void summary(const tensu_rules *r, char *out, size_t n)
{
    snprintf(out, n, "limit=%d rounding=%d east-double=%s flower-points=%d mahjong-points=%d",
             r->limit, r->rounding, r->east_double ? "yes" : "no", r->flower_points,
             r->mahjong_points);
}

static void cell(const tensu_classical_payment *p, char *out, size_t n)
{
    if (p->east)
        snprintf(out, n, "%" PRId64 "%s", p->from_each, p->capped_each ? "*" : "");
    else
        snprintf(out, n, "%" PRId64 " (%" PRId64 ")%s", p->from_each, p->from_east,
                 p->capped_each ? "*" : "");
}

static void print_grid(const tensu_classical_table *t, bool md)
{
    char buf[64];
    for (int side = 0; side < 2; side++) {
        const char *title = side ? "East winner: what each loser pays"
                                 : "Non-East winner: what each non-East loser pays (what East pays)";
        if (md) {
            printf("\n## %s\n\n| basic points |", title);
            for (int d = 0; d < t->ndoubles; d++)
                printf(" %d double%s |", d, d == 1 ? "" : "s");
            printf("\n|---:|");
            for (int d = 0; d < t->ndoubles; d++)
                printf("---:|");
            putchar('\n');
        } else {
            printf("\n%s\n%6s", title, "basic");
            for (int d = 0; d < t->ndoubles; d++) {
                snprintf(buf, sizeof buf, "%d dbl", d);
                printf("%14s", buf);
            }
            putchar('\n');
        }
        for (int i = 0; i < t->nrows; i++) {
            printf(md ? "| %d |" : "%6d", t->basic[i]);
            for (int d = 0; d < t->ndoubles; d++) {
                cell(side ? &t->east[i][d] : &t->non_east[i][d], buf, sizeof buf);
                printf(md ? " %s |" : "%14s", buf);
            }
            putchar('\n');
        }
    }
}

static void print_limit(const tensu_classical_table *t, bool md)
{
    const tensu_classical_payment *n = &t->limit_non_east, *e = &t->limit_east;
    if (t->rules.limit <= 0) {
        printf("\nNo limit (limit=0): all four flowers or seasons pay as counted.\n");
        return;
    }
    printf(md ? "\n## Limit\n\n" : "\nLIMIT\n");
    printf("%sNon-East winner: %" PRId64 " from each non-East loser, %" PRId64
           " from East, %" PRId64 " in all\n",
           md ? "- " : "", n->from_each, n->from_east, n->total);
    printf("%sEast winner: %" PRId64 " from each loser, %" PRId64 " in all\n", md ? "- " : "",
           e->from_each, e->total);
    printf("%sAll four flowers or all four seasons score the limit.\n", md ? "- " : "");
}

static int print_json(const tensu_classical_table *t)
{
    json_t *root = json_object(), *cells = json_array(), *lim;
    json_object_set_new(root, "format", json_string("tensu-classical-table-1"));
    json_object_set_new(root, "rules", cli_json_rules(&t->rules));
    for (int i = 0; i < t->nrows; i++)
        for (int d = 0; d < t->ndoubles; d++) {
            const tensu_classical_payment *n = &t->non_east[i][d], *e = &t->east[i][d];
            json_t *o = json_object();
            json_object_set_new(o, "basic_points", json_integer(t->basic[i]));
            json_object_set_new(o, "doubles", json_integer(d));
            json_object_set_new(o, "value", json_integer(n->value));
            json_object_set_new(o, "non_east_winner",
                                json_pack("{s:I,s:I,s:b}", "from_non_east", (json_int_t)n->from_each,
                                          "from_east", (json_int_t)n->from_east, "at_limit",
                                          n->capped_each || n->capped_east));
            json_object_set_new(o, "east_winner",
                                json_pack("{s:I,s:b}", "from_each", (json_int_t)e->from_each,
                                          "at_limit", e->capped_each));
            json_array_append_new(cells, o);
        }
    json_object_set_new(root, "cells", cells);
    lim = json_pack("{s:I,s:I,s:I}", "non_east_from_non_east",
                    (json_int_t)t->limit_non_east.from_each, "non_east_from_east",
                    (json_int_t)t->limit_non_east.from_east, "east_from_each",
                    (json_int_t)t->limit_east.from_each);
    json_object_set_new(root, "limit", t->rules.limit > 0 ? lim : json_null());
    if (t->rules.limit <= 0)
        json_decref(lim);
    return cli_json_print("table", root);
}

int cli_classical_table(const tensu_rules *r, const char *format)
{
    tensu_error err;
    char sum[256];
    int st = CLI_OK;
    tensu_classical_table *t = tensu_classical_table_new(r, &err);
    if (t == NULL)
        return cli_core_error("table", &err);
    summary(r, sum, sizeof sum);
    if (strcmp(format, "csv") == 0) {
        puts("basic_points,doubles,value,nonEast_winner_from_nonEast,nonEast_winner_from_East,"
             "East_winner_from_each");
        for (int i = 0; i < t->nrows; i++)
            for (int d = 0; d < t->ndoubles; d++)
                printf("%d,%d,%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64 "\n", t->basic[i], d,
                       t->non_east[i][d].value, t->non_east[i][d].from_each,
                       t->non_east[i][d].from_east, t->east[i][d].from_each);
        if (r->limit > 0)
            printf("limit,,,%" PRId64 ",%" PRId64 ",%" PRId64 "\n", t->limit_non_east.from_each,
                   t->limit_non_east.from_east, t->limit_east.from_each);
    } else if (strcmp(format, "json") == 0) {
        st = print_json(t);
    } else {
        bool md = strcmp(format, "md") == 0;
        printf(md ? "# Classical table: %s\n\n%s\n\n" : "Classical table, rules %s (%s)\n",
               r->preset, sum);
        printf("Value = basic points x 2^doubles, each payment rounded up to %d%s; "
               "* = at the limit.\n",
               r->rounding, r->east_double ? ", East pays and receives double" : "");
        print_grid(t, md);
        print_limit(t, md);
    }
    tensu_classical_table_free(t);
    return st;
}

static int wind_of(const cli_args *a, const cli_opt *o, const char *v)
{
    static const char *const w[4][3] = {
        {"E", "east", "0"}, {"S", "south", "1"}, {"W", "west", "2"}, {"N", "north", "3"}};
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            if (strcmp(v, w[i][k]) == 0) {
                *(int *)o->out = i;
                return CLI_OK;
            }
    return cli_error(a->cmd, "bad value '%s' for %s: allowed E, S, W, N", v, o->name);
}

/* --bonus TILE,TILE...: the bonus tiles held. */
static int bonus(const cli_args *a, const cli_opt *o, const char *v)
{
    tensu_classical_hand *h = o->out;
    char tok[64];
    const char *rest = v;
    while (*rest) {
        size_t n = strcspn(rest, ",");
        int t;
        snprintf(tok, sizeof tok, "%.*s", (int)n, rest);
        rest += n + (rest[n] == 0x2c);
        t = tensu_bonus_tile_parse(tok);
        if (t < 0)
            return cli_error(a->cmd,
                             "unknown bonus tile '%s': allowed orchid, bamboo, "
                             "chrysanthemum, plum, spring, summer, autumn, winter",
                             tok);
        if (h->nbonus >= TENSU_BONUS_TILES)
            return cli_error(a->cmd, "too many bonus tiles: there are 8");
        h->bonus[h->nbonus++] = t;
    }
    return CLI_OK;
}

static void pay_help(void)
{
    printf("usage: tensu pay --rules classical --points B [--doubles D] [--seat W]\n"
           "       [--round W] [--bonus TILE,TILE...] [--east]\n\n"
           "Basic points and doubles of the hand (bonus tiles excluded); the bonus\n"
           "tiles held (orchid, bamboo, chrysanthemum, plum, spring, summer, autumn,\n"
           "winter, or their French names); --east is --seat E.  Prints the working:\n"
           "bonus points, doubles, value, the rounding, the limit, who pays what.\n");
}

int cli_classical_pay(const tensu_rules *r, int argc, char **argv)
{
    tensu_classical_hand h;
    tensu_classical_payment p;
    tensu_error err;
    bool have_basic = false;
    const cli_opt options[] = {
        {"--east", CLI_SET, &h.seat, 0},
        {"--points", CLI_INT, &h.basic, 0, 100000, .seen = &have_basic},
        {"--doubles", CLI_INT, &h.doubles, 0, 30},
        {"--seat", CLI_CALL, &h.seat, .call = wind_of},
        {"--round", CLI_CALL, &h.round, .call = wind_of},
        {"--bonus", CLI_CALL, &h, .call = bonus},
        {NULL}};
    const cli_command cmd = {"pay", pay_help, options, .see = "pay --rules classical"};
    int st;

    memset(&h, 0, sizeof h);
    h.seat = 1;
    if ((st = cli_parse(&cmd, argc, argv)) != CLI_OK)
        return st;
    if (!have_basic)
        return cli_error("pay", "give --points B (the hand's basic points) under classical rules");
    if (tensu_classical_score(r, &h, &p, &err) != TENSU_OK)
        return cli_core_error("pay", &err);

    printf("%d basic points, %d double%s, %s winner in the %s round (rules %s)\n", h.basic,
           h.doubles, h.doubles == 1 ? "" : "s", wind_names[h.seat], wind_names[h.round],
           r->preset);
    for (int i = 0; i < h.nbonus; i++) {
        int t = h.bonus[i], w = tensu_bonus_tile_wind(t);
        printf("%s: +%d basic points%s%s\n", tensu_bonus_tile_name(t), r->flower_points,
               w == h.seat ? ", own wind: double" : "", w == h.round ? ", round wind: double" : "");
    }
    printf("basic points %d, doubles %d: value = %d x 2^%d = %" PRId64 "\n", p.basic, p.doubles,
           p.basic, p.doubles, p.value);
    if (p.full_set)
        printf("all four %s: the limit\n", "flowers or seasons");
    if (p.east) {
        printf("East wins: each loser pays %s%" PRId64 "%s\n", r->east_double ? "double, " : "",
               p.from_each, p.capped_each ? " (the limit)" : "");
    } else {
        printf("each non-East loser pays %" PRId64 "%s\n", p.from_each,
               p.capped_each ? " (the limit)" : "");
        printf("East pays %s%" PRId64 "%s\n", r->east_double ? "double: " : "", p.from_east,
               p.capped_east ? " (the limit)" : "");
    }
    printf("(each payment rounded up to %d)\nthe winner receives %" PRId64 "\n", r->rounding,
           p.total);
    return CLI_OK;
}
