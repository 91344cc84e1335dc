/* Helpers shared by the commands: options, rules, data folder (the
 * messages are in messages.c, below this file and club.c). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../util/utf8.h"

#include <sys/stat.h>
#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_opt_value(cli_args *a, const char *name, const char **value)
{
    const char *arg = a->argv[a->i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        a->i++;
        return 1;
    }
    if (arg[n] != '\0')
        return 0;
    if (a->i + 1 >= a->argc) {
        cli_error(a->cmd, "option %s needs a value", name);
        return -1;
    }
    *value = a->argv[a->i + 1];
    a->i += 2;
    return 1;
}

int cli_opt_word(cli_args *a, const char *name, const char *what,
                 const char *const *words, int *out)
{
    const char *v;
    char list[256];
    size_t n = 0;
    int got = cli_opt_value(a, name, &v);
    if (got <= 0)
        return got;
    for (int i = 0; words[i] != NULL; i++)
        if (strcmp(v, words[i]) == 0) {
            *out = i;
            return 1;
        }
    list[0] = '\0';
    for (int i = 0; words[i] != NULL && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", words[i]);
    cli_error(a->cmd, "bad %s '%s': allowed %s", what, v, list);
    return -1;
}

bool cli_opt_flag(cli_args *a, const char *name)
{
    if (strcmp(a->argv[a->i], name) != 0)
        return false;
    a->i++;
    return true;
}

bool cli_int(const char *cmd, const char *opt, const char *text, int lo, int hi, int *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi) {
        cli_error(cmd, "bad value '%s' for %s: allowed %d..%d", text, opt, lo, hi);
        return false;
    }
    *out = (int)v;
    return true;
}

/* Remove argv[i .. i+n-1]. */
static void drop(int *argc, char **argv, int i, int n)
{
    memmove(&argv[i], &argv[i + n], (size_t)(*argc - i - n + 1) * sizeof argv[0]);
    *argc -= n;
}

int cli_rules(const char *cmd, int *argc, char **argv, tensu_rules *r)
{
    tensu_error err;
    const char *preset = tensu_default_preset();
    cli_args a = {cmd, *argc, argv, 0};

    /* The preset first, wherever it stands; then each --set in order. */
    for (int pass = 0; pass < 2; pass++) {
        const char *opt = pass == 0 ? "--rules" : "--set";
        if (pass == 1 && cli_is_rules_file(preset)) {
            int st = cli_rules_file(cmd, preset, r);
            if (st != CLI_OK)
                return st;
        } else if (pass == 1 && tensu_rules_preset(preset, r, &err) != TENSU_OK) {
            return cli_core_error(cmd, &err);
        }
        for (a.i = 0; a.i < *argc;) {
            int at = a.i;
            const char *v;
            int got = cli_opt_value(&a, opt, &v);
            if (got < 0)
                return CLI_USAGE;
            if (got == 0) {
                if (strcmp(argv[a.i], "--") == 0)
                    break;
                a.i++;
                continue;
            }
            if (pass == 0)
                preset = v;
            else if (tensu_rules_assign(r, v, &err) != TENSU_OK)
                return cli_core_error(cmd, &err);
            drop(argc, argv, at, a.i - at);
            a.argc = *argc;
            a.i = at;
        }
    }
    {
        const char *key = cli_rule_inert(r);
        if (key != NULL)
            return cli_error(cmd, "rule '%s' does nothing under %s rules (%s)", key,
                             r->family == TENSU_FAMILY_CLASSICAL ? "classical" : "riichi",
                             r->family == TENSU_FAMILY_CLASSICAL
                                 ? "a riichi rule: start from a riichi preset"
                                 : "a classical rule: --rules classical");
    }
    return CLI_OK;
}

const char *cli_amount(char *buf, size_t size, int64_t v, const char *exact)
{
    if (v < 0 && exact != NULL && exact[0] != '\0')
        snprintf(buf, size, "%s", exact);
    else
        snprintf(buf, size, "%" PRId64, v);
    return buf;
}

json_t *cli_json_rules(const tensu_rules *r)
{
    json_t *o = json_object();
    char v[64];
    json_object_set_new(o, "preset", json_string(r->preset));
    for (size_t i = 0; i < tensu_rule_key_count(); i++) {
        const tensu_rule_key *k = tensu_rule_key_at(i);
        if (!tensu_rule_key_applies(k, r))
            continue;
        tensu_rules_get(r, k->name, v, sizeof v);
        json_object_set_new(o, k->name, json_string(v));
    }
    return o;
}

size_t cli_rules_tag(const tensu_rules *r, bool named_preset, char *out, size_t size)
{
    const char *changed[32];
    size_t nch = tensu_rules_changed(r, changed, 32), len = 0;
    char slug[48] = "";
    out[0] = '\0';
    if (r->club[0]) {
        /* a club's files carry a short form of its name */
        size_t k = 0;
        for (const char *q = r->club; *q && k + 1 < sizeof slug; q++) {
            char ch = *q;
            if (ch >= 'A' && ch <= 'Z')
                ch = (char)(ch - 'A' + 'a');
            if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
                slug[k++] = ch;
            else if (k > 0 && slug[k - 1] != '-')
                slug[k++] = '-';
        }
        while (k > 0 && slug[k - 1] == '-')
            k--;
        slug[k] = '\0';
        nch = 0; /* the club's changes are in its name */
    }
    if (slug[0] || named_preset)
        len = (size_t)snprintf(out, size, "-%s", slug[0] ? slug : r->preset);
    for (size_t i = 0; i < nch && i < 32 && len < size; i++) {
        char v[64];
        if (tensu_rules_get(r, changed[i], v, sizeof v)) {
            /* a file name holds no '/': uma=15/5 is -uma-15-5 */
            for (char *q = v; *q; q++)
                if (*q == '/')
                    *q = '-';
            len += (size_t)snprintf(out + len, size - len, "-%s-%s", changed[i], v);
        }
    }
    return len < size ? len : size - 1;
}

static bool has_templates(const char *dir)
{
    char path[1200];
    struct stat st;
    snprintf(path, sizeof path, "%s/templates/card.json", dir);
    return stat(path, &st) == 0;
}

const char *cli_data_dir(char *buf, size_t size)
{
    const char *env = getenv("TENSU_DATA_DIR");
    char exe[1024];
    ssize_t n;
    if (env && *env)
        return env;
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        char *slash;
        exe[n] = '\0';
        slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            snprintf(buf, size, "%s/../%s/tensu", exe, TENSU_INSTALL_DATADIR);
            if (has_templates(buf))
                return buf;
        }
    }
#ifdef TENSU_SOURCE_DIR
    if (has_templates(TENSU_SOURCE_DIR))
        return TENSU_SOURCE_DIR;
#endif
    return NULL;
}

json_t *cli_catalog(const char *cmd, const char *lang, json_t **strings)
{
    char dbuf[1200], path[1400];
    const char *dir = cli_data_dir(dbuf, sizeof dbuf);
    bool ok = lang[0] != '\0' && strlen(lang) < 16;
    json_t *cat;
    for (const char *p = lang; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || *p == '-' || *p == '_'))
            ok = false;
    *strings = NULL;
    if (!ok) {
        if (cmd != NULL)
            cli_error(cmd, "no language '%s' (a language is the name of a catalog: fr, en ...)",
                      lang);
        return NULL;
    }
    if (dir == NULL) {
        if (cmd != NULL)
            cli_error(cmd, "cannot find the templates: set TENSU_DATA_DIR to the folder that "
                           "holds templates/");
        return NULL;
    }
    snprintf(path, sizeof path, "%s/templates/%s.json", dir, lang);
    cat = json_load_file(path, 0, NULL);
    *strings = json_object_get(cat, "strings");
    if (!json_is_object(*strings)) {
        json_decref(cat);
        *strings = NULL;
        if (cmd != NULL)
            cli_error(cmd, "no language '%s' (no catalog %s)", lang, path);
        return NULL;
    }
    return cat;
}

int cli_display_width(const char *s)
{
    return (int)utf8_count(s);
}

void cli_page_name(const char *stem, const char *ext, size_t i, size_t n, char *buf,
                   size_t size)
{
    if (n <= 1)
        snprintf(buf, size, "%s.%s", stem, ext);
    else
        snprintf(buf, size, "%s-%zu.%s", stem, i + 1, ext);
}

void cli_tmp_path(const char *final, char *tmp, size_t size)
{
    const char *slash = strrchr(final, '/');
    const char *name = slash ? slash + 1 : final;
    char folder[1400], prefix[600];
    size_t np;
    DIR *dir;
    struct dirent *e;
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - final) : 1,
             slash ? (slash == final ? "/" : final) : ".");
    snprintf(prefix, sizeof prefix, ".%s.tmp", name);
    np = strlen(prefix);
    if ((dir = opendir(folder)) != NULL) {
        while ((e = readdir(dir)) != NULL) {
            char *end;
            long pid;
            if (strncmp(e->d_name, prefix, np) != 0 || e->d_name[np] == '\0')
                continue;
            pid = strtol(e->d_name + np, &end, 10);
            if (*end != '\0' || pid <= 0 || pid == (long)getpid())
                continue;
            if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
                char old[2100];
                snprintf(old, sizeof old, "%s/%s", folder, e->d_name);
                remove(old);
            }
        }
        closedir(dir);
    }
    snprintf(tmp, size, "%.*s%s%s%ld", slash ? (int)(slash - final + 1) : 0, final, prefix,
             "", (long)getpid());
}

char *cli_scorer_js(const char *cmd, const char *data_dir)
{
    char path[1200];
    FILE *f = NULL;
    char *text = NULL;
    long n = -1;
    /* installed beside the data, or where this build wrote it */
    if (data_dir != NULL) {
        snprintf(path, sizeof path, "%s/wasm/tensu-scorer.js", data_dir);
        f = fopen(path, "rb");
    }
#ifdef TENSU_SCORER_JS
    if (f == NULL) {
        snprintf(path, sizeof path, "%s", TENSU_SCORER_JS);
        f = fopen(path, "rb");
    }
#endif
    if (f == NULL) {
#ifdef TENSU_SCORER_JS
        cli_error(cmd, "--with-scorer: no %s: build it with 'cmake --build build' (emcc makes it)",
                  TENSU_SCORER_JS);
#else
        cli_error(cmd, "--with-scorer: this tensu was built without the WebAssembly scorer "
                       "(emcc was not found: install Debian's emscripten and node-acorn, as "
                       "scripts/deps does, then build again)");
#endif
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0)
        n = ftell(f);
    if (n > 0 && n < (16L << 20) && fseek(f, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)n + 1)) != NULL && fread(text, 1, (size_t)n, f) == (size_t)n) {
        text[n] = '\0';
    } else {
        free(text);
        text = NULL;
        cli_error(cmd, "--with-scorer: cannot read %s", path);
    }
    fclose(f);
    return text;
}
