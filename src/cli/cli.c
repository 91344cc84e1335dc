/* Helpers shared by the commands: rules as data, the data folder,
 * catalogs (the options, --rules and --set among them, are read in
 * options.c, files written in write.c; the messages are in messages.c,
 * below this file and club.c). */
#define _GNU_SOURCE /* sched_getaffinity, getloadavg */
#include "cli.h"
#include "../util/utf8.h"

#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

const char *cli_str(const json_t *strings, const char *key, const char *english)
{
    const char *s = json_string_value(json_object_get(strings, key));
    return s ? s : english;
}

const char *cli_lang(const char *given, const char *fallback)
{
    const char *env = getenv("TENSU_LANG");
    if (given != NULL)
        return given;
    if (env != NULL && (strcmp(env, "fr") == 0 || strcmp(env, "en") == 0))
        return env;
    return fallback;
}

/* The keys --set changed on top of a club's file (cli_rules_set_on_club). */
static const char *set_on_club[32];
static size_t nset_on_club;

size_t cli_rules_set_on_club(const char **keys, size_t max)
{
    size_t n = nset_on_club < max ? nset_on_club : max;
    for (size_t i = 0; i < n; i++)
        keys[i] = set_on_club[i];
    return nset_on_club;
}

void cli_note_set_on_club(const tensu_rules *before, const tensu_rules *r)
{
    const tensu_rule_key *k;
    nset_on_club = 0;
    for (size_t i = 0; before != NULL && (k = tensu_rule_key_at(i)) != NULL && nset_on_club < 32;
         i++) {
        char a[64], b[64];
        if (tensu_rules_get(before, k->name, a, sizeof a) &&
            tensu_rules_get(r, k->name, b, sizeof b) && strcmp(a, b) != 0)
            set_on_club[nset_on_club++] = k->name;
    }
}

/* The letters a Latin letter with its accent stands for in a file name
 * ("é" e, "œ" oe), from its UTF-8 bytes at q (*len set to how many);
 * NULL for any other character. */
static const char *plain_letters(const char *q, size_t *len)
{
    /* U+00C0 .. U+00FF, lower case */
    static const char *const latin1[64] = {
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", NULL, "o", "u", "u", "u", "u", "y", "th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", NULL, "o", "u", "u", "u", "u", "y", "th", "y"};
    unsigned char a = (unsigned char)q[0], b = (unsigned char)q[1];
    *len = 2;
    if (a == 0xC3 && b >= 0x80 && b <= 0xBF)
        return latin1[b - 0x80];
    if (a == 0xC5 && (b == 0x92 || b == 0x93)) /* Œ œ */
        return "oe";
    return NULL;
}

size_t cli_rules_tag(const tensu_rules *r, bool named_preset, char *out, size_t size)
{
    const char *changed[32];
    size_t nch = tensu_rules_changed(r, changed, 32), len = 0;
    char slug[48] = "";
    out[0] = '\0';
    if (r->club[0]) {
        /* a club's files carry a short form of its name, its accents
         * dropped ("Vénissieux" venissieux) */
        size_t k = 0;
        for (const char *q = r->club; *q && k + 3 < sizeof slug; q++) {
            char ch = *q;
            size_t n;
            const char *plain = plain_letters(q, &n);
            if (plain != NULL) {
                for (const char *c = plain; *c && k + 1 < sizeof slug; c++)
                    slug[k++] = *c;
                q += n - 1;
                continue;
            }
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
        /* the club's changes are in its name; what --set changed on top
         * of its file is not */
        nch = cli_rules_set_on_club(changed, 32);
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

int cli_no_data_dir(const char *cmd)
{
    return cli_error(cmd, "cannot find the templates: set TENSU_DATA_DIR to the folder that "
                          "holds templates/ and fonts/");
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

/* tesseract's OpenMP threads: as many as the machine has idle when the
 * first picture is read (on a busy one their waiting costs more than they
 * bring), decided once before libgomp starts: its own dynamic count asks
 * the load at every parallel region, thousands of times a page (5 % of a
 * reading on one core).  The user's OMP_THREAD_LIMIT stands. */
void cli_ocr_threads(void)
{
    cpu_set_t set;
    double load;
    int idle = 1;
    char n[16];
    if (getenv("OMP_THREAD_LIMIT") != NULL)
        return;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        idle = CPU_COUNT(&set);
    if (getloadavg(&load, 1) == 1)
        idle -= (int)(load + 0.5);
    snprintf(n, sizeof n, "%d", idle < 1 ? 1 : idle);
    setenv("OMP_THREAD_LIMIT", n, 0);
}
