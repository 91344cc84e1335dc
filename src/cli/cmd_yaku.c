/* tensu yaku: every yaku under the rules, with its value, names, one line
 * and an example hand (a record of shared/formats/hands.md) that the
 * scorer has just scored to that yaku and value. */
#include "cli.h"
#include "../render/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void help(void)
{
    printf("usage: tensu yaku [--rules NAME|FILE] [--set K=V]... [--lang fr|en]\n"
           "                  [--format text|json|csv]\n\n"
           "Every yaku the scorer knows under the rules: its id, its name in romaji, in\n"
           "the language (json: name_fr, name_en and the kanji too) and one line, han\n"
           "closed and open (open: null when it needs a closed hand), yakuman units, and\n"
           "an example hand as a JSON record, see man tensu-hands (example_open: a\n"
           "second one with a called meld, for a yaku worth less open).  Each example is\n"
           "scored first: it has its yaku with that value (a yakuman's hand pays that\n"
           "many yakuman, no more); a yaku of the scorer with no example in the data is\n"
           "an error.  Under an example, in brackets (json: situation, situation_open),\n"
           "how it was won as the sheets print it beside the hand: tsumo, riichi,\n"
           "ippatsu..., the seat and round when a wind yakuhai is among its yaku, and its\n"
           "han in all when it has other yaku it cannot do without; nothing for a\n"
           "non-dealer's plain ron.  A double form (13-sided kokushi, suuankou tanki,\n"
           "junsei chuuren) worth no more than its base is said in the base's entry\n"
           "(json: includes).\n"
           "The classical game has no yaku (exit 2).\n");
}

/* The catalog's string for key, or NULL. */
static const char *word(json_t *strings, const char *prefix, const char *id, char *buf,
                        size_t size)
{
    snprintf(buf, size, "%s%s", prefix, id);
    return json_string_value(json_object_get(strings, buf));
}

/* The catalog's string for key (dflt when it has none) with {name} put
 * for each of the n pairs vars[2i] (name), vars[2i + 1] (value). */
static void expand(json_t *strings, const char *key, const char *dflt, char *out, size_t size,
                   const char *const *vars, int n)
{
    const char *t = json_string_value(json_object_get(strings, key));
    size_t len = 0;
    tensu_text_fill(out, size, &len, t ? t : dflt, vars, n);
}

/* The value in the catalog's words: "2 han (open: 1)", "yakuman". */
static void value_text(json_t *strings, const tensu_rules *r, const tensu_yaku_entry *e,
                       char *out, size_t size)
{
    /* the words without a catalog, per key */
    static const char *const defaults[][2] = {
        {"yaku.han.double", "double yakuman"},  {"yaku.han.yakuman", "yakuman"},
        {"yaku.han.mangan", "mangan"},          {"yaku.han.closed", "{han} han, closed only"},
        {"yaku.han", "{han} han"},              {"yaku.han.open", "{han} han (open: {open})"}};
    char han[16], open[16];
    const char *vars[] = {"han", han, "open", open};
    const char *key = tensu_yaku_value_key(r, e), *dflt = "{han} han";
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
        if (strcmp(defaults[i][0], key) == 0)
            dflt = defaults[i][1];
    snprintf(han, sizeof han, "%d", e->closed);
    snprintf(open, sizeof open, "%d", e->open);
    expand(strings, key, dflt, out, size, vars, 2);
}

/* How an example (open: the open one) was won, as the sheet prints it
 * beside the hand; "" when there is nothing to say (or a word is missing
 * from the catalog: then the key). */
static void situation_text(json_t *strings, const tensu_yaku_entry *e, bool open, char *out,
                           size_t size)
{
    const char *missing;
    if (!tensu_yaku_situation_text(strings, e, open, out, size, &missing))
        snprintf(out, size, "%s", missing);
}

/* One CSV field, quoted when it must be (RFC 4180), then a comma or the
 * end of the line. */
static void csv(const char *s, bool last)
{
    if (s && strpbrk(s, ",\"\r\n") != NULL) {
        putchar('"');
        for (; *s; s++) {
            if (*s == '"')
                putchar('"');
            putchar(*s);
        }
        putchar('"');
    } else if (s) {
        fputs(s, stdout);
    }
    putchar(last ? '\n' : ',');
}

/* s, padded with spaces to width characters (UTF-8 characters counted). */
static void padded(const char *s, int width)
{
    int n = cli_display_width(s);
    fputs(s, stdout);
    for (; n < width; n++)
        putchar(' ');
}

int cmd_yaku(int argc, char **argv)
{
    tensu_rules r;
    tensu_error err;
    static const char *const formats[] = {"text", "json", "csv", NULL};
    int fi = 0, st;
    const char *lang = NULL, *dir;
    char dbuf[1200], key[96], sit[700];
    tensu_yaku_entry list[TENSU_YAKU_COUNT];
    size_t n;
    json_t *cat, *strings;
    const cli_opt options[] = {
        {"--format", CLI_WORD, &fi, .words = formats, .what = "format"},
        {"--lang", CLI_TEXT, &lang},
        {NULL}};
    const cli_command cmd = {"yaku", help, options};

    if ((st = cli_start(&cmd, argc, argv, &r)) != CLI_OK)
        return st;
    lang = cli_lang(lang, "en");
    if (r.family != TENSU_FAMILY_RIICHI)
        return cli_error("yaku", "the classical game has no yaku: it counts basic points and "
                                 "doubles (see tensu table --rules classical)");
    dir = cli_data_dir(dbuf, sizeof dbuf);
    if (dir == NULL)
        return cli_error("yaku", "cannot find the templates: set TENSU_DATA_DIR to the folder "
                                 "that holds templates/");
    if ((cat = cli_catalog("yaku", lang, &strings)) == NULL)
        return CLI_USAGE;
    if (tensu_yaku_list(dir, &r, list, TENSU_YAKU_COUNT, &n, &err) != TENSU_OK) {
        json_decref(cat);
        return cli_core_error("yaku", &err);
    }
    if (fi == 1) {
        json_t *root = json_object(), *arr = json_array();
        json_t *sfr = NULL, *sen = NULL, *catfr = cli_catalog(NULL, "fr", &sfr),
               *caten = cli_catalog(NULL, "en", &sen);
        json_object_set_new(root, "format", json_string("tensu-yaku-1"));
        json_object_set_new(root, "rules", cli_json_rules(&r));
        json_object_set_new(root, "lang", json_string(lang));
        for (size_t i = 0; i < n; i++) {
            const tensu_yaku_entry *e = &list[i];
            const char *id = tensu_yaku_name(e->id), *nm, *ds, *kj;
            char k2[96];
            json_t *o = json_object();
            json_error_t je;
            nm = word(strings, "yaku.", id, key, sizeof key);
            tensu_yaku_desc_key(e, k2, sizeof k2);
            ds = json_string_value(json_object_get(strings, k2));
            json_object_set_new(o, "id", json_string(id));
            json_object_set_new(o, "romaji", json_string(e->romaji));
            json_object_set_new(o, "name", json_string(nm ? nm : e->romaji));
            nm = word(sfr, "yaku.", id, key, sizeof key);
            json_object_set_new(o, "name_fr", nm ? json_string(nm) : json_null());
            nm = word(sen, "yaku.", id, key, sizeof key);
            json_object_set_new(o, "name_en", nm ? json_string(nm) : json_null());
            kj = word(strings, "jp.yaku.", id, key, sizeof key);
            if (kj == NULL)
                kj = word(sen, "jp.yaku.", id, key, sizeof key);
            if (kj)
                json_object_set_new(o, "kanji", json_string(kj));
            json_object_set_new(o, "description", ds ? json_string(ds) : json_null());
            json_object_set_new(o, "group", json_string(tensu_yaku_group_name(e->group)));
            json_object_set_new(o, "han_closed", e->yakuman ? json_null() : json_integer(e->closed));
            json_object_set_new(o, "han_open", e->yakuman || e->open == 0 ? json_null()
                                                                           : json_integer(e->open));
            json_object_set_new(o, "yakuman", json_integer(e->yakuman));
            /* a variant worth as much, said in this entry (folded) */
            json_object_set_new(o, "includes", e->folded >= 0
                                    ? json_string(tensu_yaku_name((tensu_yaku_id)e->folded))
                                    : json_null());
            json_object_set_new(o, "example", json_loads(e->example_json, 0, &je));
            json_object_set_new(o, "example_open",
                                e->open_json ? json_loads(e->open_json, 0, &je) : json_null());
            /* how each was won, as the sheet prints it beside the hand */
            situation_text(strings, e, false, sit, sizeof sit);
            json_object_set_new(o, "situation", sit[0] ? json_string(sit) : json_null());
            if (e->open_json)
                situation_text(strings, e, true, sit, sizeof sit);
            json_object_set_new(o, "situation_open",
                                e->open_json && sit[0] ? json_string(sit) : json_null());
            json_array_append_new(arr, o);
        }
        json_decref(catfr);
        json_decref(caten);
        json_object_set_new(root, "yaku", arr);
        st = cli_json_print("yaku", root);
    } else if (fi == 2) {
        printf("id,romaji,name,group,han_closed,han_open,yakuman,description,example,"
               "example_open\n");
        for (size_t i = 0; i < n; i++) {
            const tensu_yaku_entry *e = &list[i];
            const char *id = tensu_yaku_name(e->id), *nm = word(strings, "yaku.", id, key, sizeof key);
            char num[3][16], k2[96];
            snprintf(num[0], sizeof num[0], "%d", e->closed);
            snprintf(num[1], sizeof num[1], "%d", e->open);
            snprintf(num[2], sizeof num[2], "%d", e->yakuman);
            csv(id, false);
            csv(e->romaji, false);
            csv(nm ? nm : e->romaji, false);
            csv(tensu_yaku_group_name(e->group), false);
            csv(e->yakuman ? "" : num[0], false);
            csv(e->yakuman || e->open == 0 ? "" : num[1], false);
            csv(num[2], false);
            tensu_yaku_desc_key(e, k2, sizeof k2);
            csv(json_string_value(json_object_get(strings, k2)), false);
            csv(e->example_json, false);
            csv(e->open_json ? e->open_json : "", true);
        }
    } else {
        char title[256], count[16], val[96], lbl[96], rname[160];
        const char *vars[] = {"rules", rname, "count", count};
        /* a club by its name, its preset after it (in any language) */
        if (r.club[0])
            snprintf(rname, sizeof rname, "%s (%s)", r.club, r.preset);
        else
            snprintf(rname, sizeof rname, "%s", r.preset);
        snprintf(count, sizeof count, "%zu", n);
        expand(strings, "yaku.list.title", "The yaku under the rules {rules} ({count})", title,
               sizeof title, vars, 2);
        printf("%s\n\n", title);
        for (size_t i = 0; i < n; i++) {
            const tensu_yaku_entry *e = &list[i];
            const char *id = tensu_yaku_name(e->id), *nm = word(strings, "yaku.", id, key, sizeof key);
            const char *ds;
            tensu_yaku_desc_key(e, lbl, sizeof lbl);
            ds = json_string_value(json_object_get(strings, lbl));
            value_text(strings, &r, e, val, sizeof val);
            printf("  ");
            padded(nm ? nm : e->romaji, 32);
            printf(" %s\n", val);
            if (ds)
                printf("      %s\n", ds);
            expand(strings, "yaku.list.example", "example:", lbl, sizeof lbl, NULL, 0);
            printf("      %s %s\n", lbl, e->example_json);
            situation_text(strings, e, false, sit, sizeof sit);
            if (sit[0])
                printf("        (%s)\n", sit);
            if (e->open_json) {
                expand(strings, "yaku.open_example", "open:", lbl, sizeof lbl, NULL, 0);
                printf("      %s %s\n", lbl, e->open_json);
                situation_text(strings, e, true, sit, sizeof sit);
                if (sit[0])
                    printf("        (%s)\n", sit);
            }
        }
    }
    tensu_yaku_list_free(list, n);
    json_decref(cat);
    return st;
}
