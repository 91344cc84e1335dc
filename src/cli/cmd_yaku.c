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
    printf("usage: tensu yaku [--rules NAME] [--set K=V]... [--lang fr|en]\n"
           "                  [--format text|json|csv]\n\n"
           "Every yaku the scorer knows under the rules: its id, its name and one line in\n"
           "the language, han closed and open (open: null when it needs a closed hand),\n"
           "yakuman units, and an example hand as a JSON record (see man tensu-hands).\n"
           "Each example is scored first: it has its yaku with that value.  The classical\n"
           "game has no yaku (exit 2).\n");
}

/* The catalog's string for key, or NULL. */
static const char *word(json_t *strings, const char *prefix, const char *id, char *buf,
                        size_t size)
{
    snprintf(buf, size, "%s%s", prefix, id);
    return json_string_value(json_object_get(strings, buf));
}

int cmd_yaku(int argc, char **argv)
{
    tensu_rules r;
    tensu_error err;
    cli_args a;
    static const char *const formats[] = {"text", "json", "csv", NULL};
    int fi = 0, st;
    const char *lang = "en", *dir;
    char dbuf[1200], path[1400], key[96];
    tensu_yaku_entry list[TENSU_YAKU_COUNT];
    size_t n;
    json_t *cat, *strings;

    st = cli_rules("yaku", &argc, argv, &r);
    if (st != CLI_OK)
        return st;
    a = (cli_args){"yaku", argc, argv, 1};
    while (a.i < argc) {
        const char *v;
        int got;
        if (strcmp(argv[a.i], "--help") == 0 || strcmp(argv[a.i], "-h") == 0) {
            help();
            return CLI_OK;
        }
        if ((got = cli_opt_word(&a, "--format", "format", formats, &fi)) != 0) {
            if (got < 0)
                return CLI_USAGE;
            continue;
        }
        if ((got = cli_opt_value(&a, "--lang", &v)) != 0) {
            if (got < 0)
                return CLI_USAGE;
            lang = v;
            continue;
        }
        return cli_error("yaku", "unknown option '%s' (see tensu yaku --help)", argv[a.i]);
    }
    if (r.family != TENSU_FAMILY_RIICHI)
        return cli_error("yaku", "the classical game has no yaku: it counts basic points and "
                                 "doubles (see tensu table --rules classical)");
    dir = cli_data_dir(dbuf, sizeof dbuf);
    if (dir == NULL)
        return cli_error("yaku", "cannot find the templates: set TENSU_DATA_DIR to the folder "
                                 "that holds templates/");
    snprintf(path, sizeof path, "%s/templates/%s.json", dir, lang);
    cat = json_load_file(path, 0, NULL);
    strings = json_object_get(cat, "strings");
    if (!json_is_object(strings)) {
        json_decref(cat);
        return cli_error("yaku", "no language '%s' (no catalog %s)", lang, path);
    }
    if (tensu_yaku_list(dir, &r, list, TENSU_YAKU_COUNT, &n, &err) != TENSU_OK) {
        json_decref(cat);
        return cli_core_error("yaku", &err);
    }
    if (fi == 1) {
        json_t *root = json_object(), *arr = json_array();
        json_object_set_new(root, "format", json_string("tensu-yaku-1"));
        json_object_set_new(root, "rules", cli_json_rules(&r));
        json_object_set_new(root, "lang", json_string(lang));
        for (size_t i = 0; i < n; i++) {
            const tensu_yaku_entry *e = &list[i];
            const char *id = tensu_yaku_name(e->id), *nm, *ds;
            char k2[96];
            json_t *o = json_object();
            json_error_t je;
            nm = word(strings, "yaku.", id, key, sizeof key);
            ds = word(strings, "yaku.desc.", id, k2, sizeof k2);
            json_object_set_new(o, "id", json_string(id));
            json_object_set_new(o, "name", json_string(nm ? nm : id));
            json_object_set_new(o, "description", ds ? json_string(ds) : json_null());
            json_object_set_new(o, "group", json_string(tensu_yaku_group_name(e->group)));
            json_object_set_new(o, "han_closed", e->yakuman ? json_null() : json_integer(e->closed));
            json_object_set_new(o, "han_open", e->yakuman || e->open == 0 ? json_null()
                                                                           : json_integer(e->open));
            json_object_set_new(o, "yakuman", json_integer(e->yakuman));
            json_object_set_new(o, "example", json_loads(e->example_json, 0, &je));
            json_array_append_new(arr, o);
        }
        json_object_set_new(root, "yaku", arr);
        st = cli_json_print("yaku", root);
    } else if (fi == 2) {
        printf("id,name,group,han_closed,han_open,yakuman\n");
        for (size_t i = 0; i < n; i++) {
            const tensu_yaku_entry *e = &list[i];
            const char *id = tensu_yaku_name(e->id), *nm = word(strings, "yaku.", id, key, sizeof key);
            printf("%s,\"%s\",%s,", id, nm ? nm : id, tensu_yaku_group_name(e->group));
            if (e->yakuman)
                printf(",,%d\n", e->yakuman);
            else if (e->open)
                printf("%d,%d,0\n", e->closed, e->open);
            else
                printf("%d,,0\n", e->closed);
        }
    } else {
        printf("yaku under the rules %s (%zu)\n\n", r.preset, n);
        for (size_t i = 0; i < n; i++) {
            const tensu_yaku_entry *e = &list[i];
            const char *id = tensu_yaku_name(e->id), *nm = word(strings, "yaku.", id, key, sizeof key);
            char val[48];
            if (e->yakuman)
                snprintf(val, sizeof val, "%s", e->yakuman > 1 ? "double yakuman" : "yakuman");
            else if (e->open == 0)
                snprintf(val, sizeof val, "%d han, closed only", e->closed);
            else if (e->open == e->closed)
                snprintf(val, sizeof val, "%d han", e->closed);
            else
                snprintf(val, sizeof val, "%d han (open %d)", e->closed, e->open);
            printf("  %-16s %-30s %-20s %s\n", id, nm ? nm : id, val, e->example_json);
        }
    }
    tensu_yaku_list_free(list, n);
    json_decref(cat);
    return st;
}
