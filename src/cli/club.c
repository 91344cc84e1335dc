/* A club's rules file (--rules FILE: a path, a name with a '.', or a file
 * that is there under a name that is no preset's): the club's name, the
 * preset it starts from, its key values and free notes per language, read
 * with jansson.  Every error names the file, the line and the column. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool cli_is_rules_file(const char *name)
{
    struct stat st;
    tensu_rules r;
    /* no preset's name holds '/' or '.'; club.txt or a bare "club" that is
     * there is read too, unless a preset has that name */
    if (strchr(name, '/') != NULL || strchr(name, '.') != NULL)
        return true;
    return stat(name, &st) == 0 && tensu_rules_preset(name, &r, NULL) != TENSU_OK;
}

/* Line and column (from 1, in characters) of the byte at in text. */
static void line_col(const char *text, const char *at, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (const char *p = text; p < at && *p; p++) {
        if (*p == '\n') {
            (*line)++;
            *col = 1;
        } else if (((unsigned char)*p & 0xC0) != 0x80) {
            (*col)++;
        }
    }
}

/* Line and column of the first "word" (quotes included) at or after from. */
static void where(const char *text, const char *word, const char *from, int *line, int *col)
{
    char needle[160];
    const char *at;
    snprintf(needle, sizeof needle, "\"%s\"", word);
    at = strstr(from ? from : text, needle);
    line_col(text, at ? at : text, line, col);
}

/* The next token of JSON text at *p (spaces skipped): its start in *tok and
 * its length; 0 at the end or for a string left open. */
static size_t token(const char **p, const char **tok)
{
    const char *s = *p + strspn(*p, " \t\r\n"), *e = s;
    *tok = s;
    if (*s == '\0')
        return 0;
    if (*s == '"') {
        for (e = s + 1; *e && *e != '"'; e++)
            if (*e == '\\' && e[1])
                e++;
        if (*e != '"')
            return 0;
        e++;
    } else if (strchr("{}[]:,", *s)) {
        e = s + 1;
    } else {
        e = s + strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
        if (e == s)
            return 0;
    }
    *p = e;
    return (size_t)(e - s);
}

/* When the first fault of the JSON text is a comma missing between two
 * items (missing true) or one after the last item: true, *at the byte where
 * the comma belongs or stands, *before and *after the tokens around it
 * (their lengths in *nb, *na).  False for any other fault, which jansson's
 * own message says. */
static bool comma_fault(const char *text, bool *missing, const char **at, const char **before,
                        size_t *nb, const char **after, size_t *na)
{
    enum { VALUE, FIRST_KEY, KEY, COLON, NEXT, FIRST_VALUE } state = VALUE;
    char open[64]; /* the brackets open, '{' or '[' */
    int depth = 0;
    const char *p = text, *tok, *prev = NULL, *comma = NULL;
    size_t n, nprev = 0;
    while ((n = token(&p, &tok)) > 0) {
        char c = *tok;
        bool value = c == '"' || c == '{' || c == '[' || !strchr("}]:,", c);
        bool close = depth > 0 && c == (open[depth - 1] == '{' ? '}' : ']');
        if (state == NEXT && value && depth > 0) {
            *missing = true;
            *at = prev + nprev;
            *before = prev;
            *nb = nprev;
            *after = tok;
            *na = n;
            return true;
        }
        if (((state == KEY && c == '}') || (state == VALUE && comma && c == ']')) && close) {
            *missing = false;
            *at = *before = comma;
            *nb = 1;
            *after = tok;
            *na = 1;
            return true;
        }
        if (state == NEXT && c == ',' && depth > 0) {
            comma = tok;
            state = open[depth - 1] == '{' ? KEY : VALUE;
        } else if ((state == NEXT || state == FIRST_KEY || state == FIRST_VALUE) && close) {
            depth--;
            state = NEXT;
        } else if ((state == FIRST_KEY || state == KEY) && c == '"') {
            state = COLON;
        } else if (state == COLON && c == ':') {
            comma = NULL;
            state = VALUE;
        } else if ((state == VALUE || state == FIRST_VALUE) && (c == '{' || c == '[')) {
            if (depth == (int)sizeof open)
                return false;
            open[depth++] = c;
            comma = NULL;
            state = c == '{' ? FIRST_KEY : FIRST_VALUE;
        } else if ((state == VALUE || state == FIRST_VALUE) && value) {
            state = NEXT;
        } else {
            return false;
        }
        prev = tok;
        nprev = n;
    }
    return false;
}

/* The error of a file jansson could not read: a comma missing or one too
 * many said as such, where it is or belongs; else jansson's own. */
static int json_fault(const char *cmd, const char *path, const char *text, size_t n,
                      const json_error_t *je)
{
    bool missing;
    const char *at, *before, *after;
    size_t nb, na;
    int line, col;
    if (comma_fault(text, &missing, &at, &before, &nb, &after, &na) &&
        je->position > (int)(after - text) && je->position <= (int)n) {
        /* jansson stopped past the token after the comma: no other fault before */
        line_col(text, at, &line, &col);
        if (missing)
            return cli_error(cmd, "%s:%d:%d: missing comma between %.*s and %.*s", path, line,
                             col, (int)(nb > 40 ? 40 : nb), before, (int)(na > 40 ? 40 : na),
                             after);
        return cli_error(cmd, "%s:%d:%d: trailing comma before '%c': no comma after the last "
                              "item", path, line, col, *after);
    }
    return cli_error(cmd, "%s:%d:%d: %s", path, je->line, je->column, je->text);
}

static char *slurp(const char *path, size_t *n)
{
    FILE *f;
    char *buf = NULL;
    long len = -1;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return NULL;
    }
    f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0)
        len = ftell(f);
    if (len >= (1 << 20))
        errno = EFBIG; /* bounded work: a rules file is a few hundred bytes */
    else if (len >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
             (buf = malloc((size_t)len + 1)) != NULL) {
        if (fread(buf, 1, (size_t)len, f) == (size_t)len) {
            buf[len] = '\0';
            *n = (size_t)len;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    return buf;
}

/* A key changed from the preset that does nothing under the rules' family
 * (a classical key under riichi rules, or the reverse); NULL if none.
 * Here, below cli.c, which calls it too. */
const char *cli_rule_inert(const tensu_rules *r)
{
    const char *changed[64];
    size_t n = tensu_rules_changed(r, changed, 64);
    for (size_t i = 0; i < n && i < 64; i++)
        for (size_t k = 0; k < tensu_rule_key_count(); k++) {
            const tensu_rule_key *key = tensu_rule_key_at(k);
            if (strcmp(key->name, changed[i]) == 0 && !tensu_rule_key_applies(key, r))
                return key->name;
        }
    return NULL;
}

/* The rule key of that name; NULL if none. */
static const tensu_rule_key *rule_key(const char *name)
{
    for (size_t i = 0; i < tensu_rule_key_count(); i++)
        if (strcmp(tensu_rule_key_at(i)->name, name) == 0)
            return tensu_rule_key_at(i);
    return NULL;
}

int cli_rules_file(const char *cmd, const char *path, tensu_rules *r)
{
    size_t n = 0;
    char *text, *body, value[64];
    json_error_t je;
    json_t *root, *v, *rules, *notes;
    const char *base, *key;
    int line, col, st = CLI_OK;
    tensu_error err;
    errno = 0;
    text = slurp(path, &n);
    if (text == NULL && errno == EISDIR)
        return cli_error(cmd, "%s: a directory, not a club's rules file (a .json file: tensu "
                              "rules PRESET --export > club.json makes one)", path);
    if (text == NULL && errno == EFBIG)
        return cli_error(cmd, "%s: larger than 1 MB, the most a club's rules file may be", path);
    if (text == NULL)
        return cli_error(cmd, "%s: cannot read the club's rules file: %s", path,
                         strerror(errno ? errno : EIO));
    body = text;
    if (n >= 3 && memcmp(body, "\xEF\xBB\xBF", 3) == 0) {
        body += 3; /* a byte-order mark (Windows Notepad): no character of the file */
        n -= 3;
    }
    root = json_loadb(body, n, JSON_REJECT_DUPLICATES, &je);
    if (root == NULL) {
        st = json_fault(cmd, path, body, n, &je);
        goto done;
    }
    if (!json_is_object(root)) {
        st = cli_error(cmd, "%s:1:1: a club's rules file holds one JSON object", path);
        goto done;
    }
    json_object_foreach(root, key, v)
        if (strcmp(key, "name") != 0 && strcmp(key, "base") != 0 && strcmp(key, "rules") != 0 &&
            strcmp(key, "notes") != 0) {
            where(body, key, NULL, &line, &col);
            st = cli_error(cmd, "%s:%d:%d: unknown field \"%s\" (a club file has name, base, "
                                "rules and notes)", path, line, col, key);
            goto done;
        }
    base = json_string_value(json_object_get(root, "base"));
    if (base == NULL) {
        st = cli_error(cmd, "%s:1:1: no \"base\": the preset the club starts from (see tensu "
                            "rules)", path);
        goto done;
    }
    if (tensu_rules_preset(base, r, &err) != TENSU_OK) {
        where(body, "base", NULL, &line, &col);
        st = cli_error(cmd, "%s:%d:%d: %s", path, line, col, err.message);
        goto done;
    }
    v = json_object_get(root, "name");
    if (v == NULL) {
        /* the sheets print the club's name: a file without one would pass for the preset */
        st = cli_error(cmd, "%s:1:1: no \"name\": the club's name, which the sheets print in "
                            "their title (null for none: the sheets then name the base and "
                            "what the file changes)", path);
        goto done;
    }
    if (!json_is_null(v) && (!json_is_string(v) || json_string_length(v) == 0 ||
                             json_string_length(v) >= sizeof r->club)) {
        where(body, "name", NULL, &line, &col);
        st = cli_error(cmd, "%s:%d:%d: \"name\" is the club's name, 1 to %zu bytes, or null",
                       path, line, col, sizeof r->club - 1);
        goto done;
    }
    /* null: no name yet (a preset as exported), the rules named as --set names them */
    snprintf(r->club, sizeof r->club, "%s", json_is_null(v) ? "" : json_string_value(v));
    rules = json_object_get(root, "rules");
    if (rules != NULL && !json_is_object(rules)) {
        where(body, "rules", NULL, &line, &col);
        st = cli_error(cmd, "%s:%d:%d: \"rules\" is an object of KEY: VALUE", path, line, col);
        goto done;
    }
    json_object_foreach(rules, key, v) {
        const char *rules_at = strstr(body, "\"rules\"");
        const tensu_rule_key *k = rule_key(key);
        if (json_is_null(v) && k != NULL && k->unset == NULL) {
            where(body, key, rules_at, &line, &col);
            st = cli_error(cmd, "%s:%d:%d: rule '%s' is never unset (null): give it one of %s",
                           path, line, col, key, k->values);
            goto done;
        }
        if (json_is_null(v)) /* not set (as exported); an unknown key says so below */
            snprintf(value, sizeof value, "%s", k != NULL ? k->unset : "null");
        else if (json_is_string(v))
            snprintf(value, sizeof value, "%s", json_string_value(v));
        else if (json_is_integer(v))
            snprintf(value, sizeof value, "%lld", (long long)json_integer_value(v));
        else if (json_is_boolean(v))
            snprintf(value, sizeof value, "%s", json_is_true(v) ? "yes" : "no");
        else
            value[0] = '\0';
        if (value[0] == '\0' || tensu_rules_set(r, key, value, &err) != TENSU_OK) {
            where(body, key, rules_at, &line, &col);
            st = cli_error(cmd, "%s:%d:%d: %s", path, line, col,
                           value[0] ? err.message : "a rule's value is a word, a number, "
                                                    "true/false, or null (not set)");
            goto done;
        }
    }
    /* a key of the other family (kiriage on a classical base) would do nothing */
    key = cli_rule_inert(r);
    if (key != NULL) {
        where(body, key, strstr(body, "\"rules\""), &line, &col);
        st = cli_error(cmd, "%s:%d:%d: rule '%s' does nothing on the base %s: it is a %s rule",
                       path, line, col, key, base,
                       r->family == TENSU_FAMILY_CLASSICAL ? "riichi" : "classical");
        goto done;
    }
    notes = json_object_get(root, "notes");
    if (notes != NULL && !json_is_object(notes)) {
        where(body, "notes", NULL, &line, &col);
        st = cli_error(cmd, "%s:%d:%d: \"notes\" is an object of LANGUAGE: TEXT (\"fr\", \"en\")",
                       path, line, col);
        goto done;
    }
    json_object_foreach(notes, key, v) {
        char *dst = strcmp(key, "fr") == 0 ? r->notes_fr : strcmp(key, "en") == 0 ? r->notes_en
                                                                                   : NULL;
        if (dst == NULL) {
            where(body, key, strstr(body, "\"notes\""), &line, &col);
            st = cli_error(cmd, "%s:%d:%d: no sheets in \"%s\": \"notes\" holds the languages "
                                "of the sheets, \"fr\" and \"en\"", path, line, col, key);
            goto done;
        }
        if (!json_is_string(v) || json_string_length(v) >= TENSU_NOTES_SIZE) {
            where(body, key, strstr(body, "\"notes\""), &line, &col);
            if (json_is_string(v))
                st = cli_error(cmd, "%s:%d:%d: \"notes\".\"%s\" is %zu bytes long, more than "
                                    "%d, the most a club's note may be",
                               path, line, col, key, json_string_length(v), TENSU_NOTES_SIZE - 1);
            else
                st = cli_error(cmd, "%s:%d:%d: \"notes\".\"%s\" is a text of at most %d bytes",
                               path, line, col, key, TENSU_NOTES_SIZE - 1);
            goto done;
        }
        snprintf(dst, TENSU_NOTES_SIZE, "%s", json_string_value(v));
    }
done:
    json_decref(root);
    free(text);
    return st;
}

const char *cli_rules_name(const tensu_rules *r, char *buf, size_t size)
{
    if (r->club[0])
        snprintf(buf, size, "%s (club rules on top of %s)", r->club, r->preset);
    else
        snprintf(buf, size, "%s", r->preset);
    return buf;
}

int cli_rules_export(const tensu_rules *r, const tensu_preset *p)
{
    json_t *root = json_object(), *rules = json_object(), *notes = json_object();
    char value[64];
    /* null, not a made-up name that the sheets would print as the club's:
     * the person who edits the file writes the club's name there */
    json_object_set_new(root, "name", r->club[0] ? json_string(r->club) : json_null());
    json_object_set_new(root, "base", json_string(p ? p->name : r->preset));
    for (size_t i = 0; i < tensu_rule_key_count(); i++) {
        const tensu_rule_key *k = tensu_rule_key_at(i);
        if (!tensu_rule_key_applies(k, r) || strcmp(k->name, "family") == 0 ||
            !tensu_rules_get(r, k->name, value, sizeof value))
            continue;
        /* a rule not set is null, not its code ("-1"), which reads as an amount */
        json_object_set_new(rules, k->name, k->unset && strcmp(value, k->unset) == 0
                                                ? json_null()
                                                : json_string(value));
    }
    json_object_set_new(root, "rules", rules);
    json_object_set_new(notes, "fr", json_string(r->notes_fr));
    json_object_set_new(notes, "en", json_string(r->notes_en));
    json_object_set_new(root, "notes", notes);
    return cli_json_print("rules", root);
}
