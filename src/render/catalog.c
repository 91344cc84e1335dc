/* String catalogs: look-up, {placeholder} expansion, and number formatting
 * from the catalog (never from the C locale). */
#include "sheet.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ctx_fail(sheet_ctx *c, tensu_status s, const char *fmt, ...)
{
    va_list ap;
    if (c->status != TENSU_OK)
        return;
    c->status = s;
    if (c->err) {
        memset(c->err, 0, sizeof *c->err);
        c->err->status = s;
        va_start(ap, fmt);
        vsnprintf(c->err->message, sizeof c->err->message, fmt, ap);
        va_end(ap);
    }
}

int json_file_line(const json_file *f, const char *word)
{
    char needle[160];
    const char *at;
    int line = 1;
    if (f->text == NULL)
        return 0;
    snprintf(needle, sizeof needle, "\"%s\"", word);
    at = strstr(f->text, needle);
    if (at == NULL)
        return 0;
    for (const char *p = f->text; p < at; p++)
        if (*p == '\n')
            line++;
    return line;
}

bool cat_has(const sheet_ctx *c, const char *key)
{
    return json_is_string(json_object_get(c->strings, key));
}

const char *cat_str(sheet_ctx *c, const char *key)
{
    const char *s = json_string_value(json_object_get(c->strings, key));
    if (s == NULL) {
        int line = json_file_line(&c->tmpl, key);
        if (line > 0)
            ctx_fail(c, TENSU_ERR_INVALID, "%s: no string \"%s\" (used at %s:%d)", c->cat.path,
                     key, c->tmpl.path, line);
        else
            ctx_fail(c, TENSU_ERR_INVALID, "%s: no string \"%s\"", c->cat.path, key);
        return "";
    }
    return s;
}

char *expand(sheet_ctx *c, const char *key_for_errors, const char *text, json_t *extra)
{
    strbuf b = {0};
    const char *p = text;
    strbuf_put(&b, "", 0);
    while (*p) {
        const char *open = strchr(p, '{'), *close;
        char name[64];
        const char *val;
        if (open == NULL) {
            strbuf_puts(&b, p);
            break;
        }
        strbuf_put(&b, p, (size_t)(open - p));
        close = strchr(open, '}');
        if (close == NULL || close - open - 1 >= (long)sizeof name || close == open + 1) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: string \"%s\": unclosed '{'", c->cat.path,
                     json_file_line(&c->cat, key_for_errors), key_for_errors);
            break;
        }
        memcpy(name, open + 1, (size_t)(close - open - 1));
        name[close - open - 1] = '\0';
        val = json_string_value(json_object_get(extra, name));
        if (val == NULL)
            val = json_string_value(json_object_get(c->vars, name));
        if (val == NULL || *val == '\0') {
            /* a sentence with a hole is never printed */
            ctx_fail(c, TENSU_ERR_INVALID,
                     "%s: string \"%s\" (%s:%d): %s placeholder {%s}%s", c->tmpl.path,
                     key_for_errors, c->cat.path, json_file_line(&c->cat, key_for_errors),
                     val == NULL ? "unknown" : "empty", name,
                     val == NULL ? "" : " under these rules (leave the sentence out with \"when\")");
            val = "";
        }
        strbuf_puts(&b, val);
        p = close + 1;
    }
    if (b.bad) {
        free(b.s);
        c->alloc_failed = true;
        ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
        b.s = calloc(1, 1);
    }
    return b.s;
}

char *cat_expand(sheet_ctx *c, const char *key, json_t *extra)
{
    return expand(c, key, cat_str(c, key), extra);
}

const char *fmt_amount(const sheet_ctx *c, int64_t v, char *buf, size_t size)
{
    char digits[32];
    size_t n, o = 0;
    bool neg = v < 0;
    snprintf(digits, sizeof digits, "%" PRIu64, neg ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v);
    n = strlen(digits);
    if (neg && o + 1 < size)
        buf[o++] = '-';
    for (size_t i = 0; i < n && o + 1 < size; i++) {
        if (i > 0 && (n - i) % 3 == 0 && (v >= c->group_min || -v >= c->group_min)) {
            size_t g = strlen(c->group);
            if (o + g + 1 >= size)
                break;
            memcpy(buf + o, c->group, g);
            o += g;
        }
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
    return buf;
}

const char *fmt_decimal(const sheet_ctx *c, double v, int places, char *buf, size_t size)
{
    char tmp[64], *dot;
    snprintf(tmp, sizeof tmp, "%.*f", places, v);
    dot = strchr(tmp, '.');
    if (dot == NULL) {
        snprintf(buf, size, "%s", tmp);
    } else {
        *dot = '\0';
        snprintf(buf, size, "%s%s%s", tmp, c->decimal, dot + 1);
    }
    return buf;
}

const char *fmt_superscript(int v, char *buf, size_t size)
{
    static const char *const sup[10] = {"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
                                        "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
    char digits[16];
    size_t o = 0;
    snprintf(digits, sizeof digits, "%d", v < 0 ? -v : v);
    buf[0] = '\0';
    for (const char *d = digits; *d; d++) {
        const char *s = sup[*d - '0'];
        size_t n = strlen(s);
        if (o + n + 1 > size)
            break;
        memcpy(buf + o, s, n + 1);
        o += n;
    }
    return buf;
}

void var_set(json_t *obj, const char *name, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    json_object_set_new(obj, name, json_string(buf));
}

void tensu_text_fill(char *out, size_t size, size_t *len, const char *text,
                     const char *const *vars, int n)
{
    if (size == 0)
        return;
    while (*text && *len + 1 < size) {
        int k = n;
        if (*text == '{')
            for (k = 0; k < n; k++) {
                size_t nl = strlen(vars[2 * k]);
                if (strncmp(text + 1, vars[2 * k], nl) == 0 && text[1 + nl] == '}')
                    break;
            }
        if (k < n) {
            *len += (size_t)snprintf(out + *len, size - *len, "%s", vars[2 * k + 1]);
            if (*len >= size)
                *len = size - 1;
            text += strlen(vars[2 * k]) + 2;
        } else {
            out[(*len)++] = *text++;
        }
    }
    out[*len] = '\0';
}

const char *nd_payer_word(sheet_ctx *c, bool shorter)
{
    bool three = c->rules->players == 3;
    return cat_str(c, shorter ? (three ? "word.payer.nd.other.short" : "word.payer.nd.each.short")
                              : (three ? "word.payer.nd.other" : "word.payer.nd.each"));
}

json_t *limit_row_vars(const tensu_limit_row *row)
{
    json_t *v = json_object();
    var_set(v, "n", "%d", row->yakuman);
    var_set(v, "from", "%d", row->han_from);
    var_set(v, "to", "%d", row->han_to);
    return v;
}

void limit_name_key(const tensu_limit_row *row, char *key, size_t size)
{
    if (row->limit == TENSU_LIMIT_YAKUMAN && row->yakuman > 1)
        snprintf(key, size, "limit.multi");
    else
        snprintf(key, size, "limit.%s", tensu_limit_name(row->limit));
}

void limit_range_key(const tensu_limit_row *row, const char *prefix, char *key, size_t size)
{
    snprintf(key, size, "%s.%s", prefix,
             row->han_from == 0 ? "yakuman"
             : row->han_to == 0 ? "from"
             : row->han_to == row->han_from ? "one" : "span");
}

void var_amount(sheet_ctx *c, json_t *obj, const char *name, int64_t v)
{
    char buf[64];
    json_object_set_new(obj, name, json_string(fmt_amount(c, v, buf, sizeof buf)));
}

void var_halves(sheet_ctx *c, json_t *obj, const char *name, int64_t x2)
{
    if (x2 % 2 == 0)
        var_set(obj, name, "%lld", (long long)(x2 / 2));
    else
        var_set(obj, name, "%lld%s5", (long long)(x2 / 2), c->decimal);
}

/* An amount with its sign: "+20 000", "0", "−20 000" (a true minus). */
static const char *signed_amount(sheet_ctx *c, int64_t v, char *buf, size_t size)
{
    char n[32];
    fmt_amount(c, v < 0 ? -v : v, n, sizeof n);
    snprintf(buf, size, "%s%s", v > 0 ? "+" : v < 0 ? "\u2212" : "", n);
    return buf;
}

/* The uma in points, first to last: "+15 000 / +5 000 / −5 000 / −15 000",
 * at three players "+20 000 / 0 / −20 000". */
static const char *uma_words(sheet_ctx *c, const tensu_rules *r, char *buf, size_t size)
{
    char hi[32], lo[32], third[32];
    json_t *x = json_object();
    char *t;
    if (r->uma_three) {
        var_set(x, "first", "%s", signed_amount(c, tensu_uma_points(r, 1), hi, sizeof hi));
        var_set(x, "second", "%s", signed_amount(c, tensu_uma_points(r, 2), lo, sizeof lo));
        var_set(x, "third", "%s",
                signed_amount(c, tensu_uma_points(r, 3), third, sizeof third));
        t = cat_expand(c, "fmt.uma3", x);
        snprintf(buf, size, "%s", t);
        free(t);
        json_decref(x);
        return buf;
    }
    fmt_amount(c, tensu_uma_points(r, 1), hi, sizeof hi);
    fmt_amount(c, tensu_uma_points(r, 2), lo, sizeof lo);
    var_set(x, "big", "%s", hi);
    var_set(x, "small", "%s", lo);
    t = cat_expand(c, "fmt.uma", x);
    snprintf(buf, size, "%s", t);
    free(t);
    json_decref(x);
    return buf;
}

/* A rule value in words: "word.KEY.V" or "word.V" from the catalog when
 * there is one ("yes" -> "oui"), an amount grouped as the catalog says
 * (25 000), the uma in points, else the value itself. */
static const char *value_words(sheet_ctx *c, const char *name, const char *v, char *buf,
                               size_t size)
{
    char key[128], *end;
    long n = strtol(v, &end, 10);
    snprintf(key, sizeof key, "word.%s.%s", name, v);
    if (cat_has(c, key)) {
        snprintf(buf, size, "%s", cat_str(c, key));
        return buf;
    }
    if (strcmp(name, "uma") == 0 && (c->rules->uma_big >= 0 || c->rules->uma_three))
        return uma_words(c, c->rules, buf, size);
    if (*v != '\0' && *end == '\0')
        return fmt_amount(c, n, buf, size);
    snprintf(key, sizeof key, "word.%s", v);
    snprintf(buf, size, "%s", cat_has(c, key) ? cat_str(c, key) : v);
    return buf;
}

/* The rules of the game around the table, not of the hand's payment. */
static bool is_table_rule(const char *key)
{
    static const char *const table_keys[] = {"start-points", "return-points", "uma", "noten",
                                              "riichi-min", "busting", "chombo"};
    for (size_t i = 0; i < sizeof table_keys / sizeof table_keys[0]; i++)
        if (strcmp(key, table_keys[i]) == 0)
            return true;
    return false;
}

/* The table rules (start, return, uma, noten, riichi minimum, busting,
 * chombo) as placeholders: {start_points}, {oka}, {uma}, {noten},
 * {riichi_min}, {chombo}, {settings_box} (the title of the box that gives
 * them, for a sentence that sends the reader there), and the sheet values
 * "table_rules" (yes when any is set), "oka_kind" (plus: the first gets it,
 * none: return = start, unknown: not both set or a negative difference)
 * for "when". */
static void vars_table_rules(sheet_ctx *c)
{
    const tensu_rules *r = c->rules;
    json_t *vars = c->vars;
    char buf[160];
    long oka = tensu_rules_oka(r);
    bool any = r->start_points > 0 || r->return_points > 0 || r->uma_big >= 0 || r->uma_three ||
               r->noten_total >= 0 || r->riichi_min >= 0 || r->busting >= 0 || r->chombo >= 0;
    var_set(vars, "table_rules", "%s", any ? "yes" : "no");
    var_amount(c, vars, "start_points", r->start_points);
    var_amount(c, vars, "return_points", r->return_points);
    var_amount(c, vars, "oka", oka);
    var_set(vars, "oka_kind", "%s",
            r->start_points <= 0 || r->return_points <= 0 ? "unknown"
            : oka > 0                                      ? "plus"
            : oka == 0                                     ? "none"
                                                           : "unknown");
    var_amount(c, vars, "noten", r->noten_total);
    var_amount(c, vars, "riichi_min", r->riichi_min);
    var_amount(c, vars, "chombo", r->chombo);
    var_set(vars, "settings_box", "%s", cat_str(c, "rules.table.title"));
    if (r->uma_big >= 0 || r->uma_three)
        var_set(vars, "uma", "%s", uma_words(c, r, buf, sizeof buf));
}

/* The numbers of the rules a sentence may state, from the engine:
 * {mangan_han} (the han a hand is a limit from, whatever its fu),
 * {fu_han_max} (the most han the fu still count at), {kazoe_han} (the
 * counted han of a counted yakuman), {han_below_max} (one han fewer than
 * fu_han_max), {ron_x} and {ron_x_dealer} (the base points' multiple a ron
 * pays), {dealer_ratio} (how many times a non-dealer's the dealer's ron is:
 * 1.5); {tsumo_x_dealer} (the dealer's, on a
 * non-dealer's tsumo: 2; 2.5 under north-bisection), {tsumo_x_nd} (another
 * non-dealer's: 1; 1.5) and {tsumo_x_each} (each payer's, on the dealer's:
 * 2; 3); the power of two in the base points, fu × 2ⁿ: {exp_plus} (n = han
 * + 2), {two_pow_1} and {two_pow_max} (2³ at 1 han, 2⁶ at fu_han_max); the
 * cells kiriage rounds up, {kiriage_han_1} {kiriage_fu_1} (4 han 30 fu),
 * {kiriage_han_2} {kiriage_fu_2} ... */
static void vars_rule_numbers(sheet_ctx *c)
{
    int han[4], fu[4], n = tensu_kiriage_cells(c->rules, han, fu, 4);
    char sup[32], name[32];
    var_set(c->vars, "mangan_han", "%d", tensu_limit_han(TENSU_LIMIT_MANGAN));
    var_set(c->vars, "fu_han_max", "%d", tensu_fu_han_max());
    var_set(c->vars, "han_below_max", "%d", tensu_fu_han_max() - 1);
    var_set(c->vars, "kazoe_han", "%d", tensu_limit_han(TENSU_LIMIT_KAZOE_YAKUMAN));
    var_set(c->vars, "ron_x", "%d", tensu_ron_multiplier(false));
    var_set(c->vars, "ron_x_dealer", "%d", tensu_ron_multiplier(true));
    var_halves(c, c->vars, "dealer_ratio",
               2 * tensu_ron_multiplier(true) / tensu_ron_multiplier(false));
    var_halves(c, c->vars, "tsumo_x_dealer", tensu_tsumo_share_x2(c->rules, false, true));
    var_halves(c, c->vars, "tsumo_x_nd", tensu_tsumo_share_x2(c->rules, false, false));
    var_halves(c, c->vars, "tsumo_x_each", tensu_tsumo_share_x2(c->rules, true, false));
    var_set(c->vars, "exp_plus", "%d", tensu_base_exponent(0));
    var_set(c->vars, "two_pow_1", "2%s", fmt_superscript(tensu_base_exponent(1), sup, sizeof sup));
    var_set(c->vars, "two_pow_max", "2%s",
            fmt_superscript(tensu_base_exponent(tensu_fu_han_max()), sup, sizeof sup));
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "kiriage_han_%d", i + 1);
        var_set(c->vars, name, "%d", han[i]);
        snprintf(name, sizeof name, "kiriage_fu_%d", i + 1);
        var_set(c->vars, name, "%d", fu[i]);
    }
}

/* The placeholders of the rules in force, shared by every sheet:
 * {preset} (the preset's name), {preset_title} (its title, from the
 * catalog), {changes} (what --set changed, in words: "avec kiriage"), and
 * {rules_title}: the title with the changes, which every sheet prints so
 * that a changed card never passes for the standard one; {rules_short}: the
 * same, but a club's name alone without the rules it starts from, for the
 * lines that must stay one line long (a tent's foot, a pocket card's
 * title: a paragraph's "short"); {rules_base}: those rules without the
 * club's name (a pocket card's footer under a title that gave the name). */
void vars_rules(sheet_ctx *c)
{
    const tensu_rules *r = c->rules;
    json_t *vars = c->vars;
    const char *changed[64];
    size_t n = tensu_rules_changed(r, changed, 64);
    char buf[1024], key[128], vb[64], words[160];
    size_t len = 0, ntable = 0;
    bool table_said = false, noten_changed = false;

    vars_table_rules(c);
    vars_rule_numbers(c);
    var_set(vars, "preset", "%s", r->preset);
    snprintf(key, sizeof key, "preset.%s", r->preset);
    if (cat_has(c, key))
        var_set(vars, "preset_title", "%s", cat_str(c, key));
    for (size_t i = 0; i < tensu_preset_count() && !json_object_get(vars, "preset_title"); i++)
        if (strcmp(tensu_preset_at(i)->name, r->preset) == 0)
            var_set(vars, "preset_title", "%s", tensu_preset_at(i)->title);
    if (json_object_get(vars, "preset_title") == NULL)
        var_set(vars, "preset_title", "%s", r->preset);
    buf[0] = '\0';
    for (size_t i = 0; i < n && i < 64; i++) {
        ntable += is_table_rule(changed[i]);
        noten_changed |= strcmp(changed[i], "noten") == 0;
    }
    /* "noten_unread": yes when the named preset itself leaves the noten
     * payment unset (its sources were not read for it: the sheets say the
     * amount is not confirmed); no when a club's file or a --set leaves it
     * to the table (the sheets say to agree on it) */
    var_set(vars, "noten_unread", "%s", !r->club[0] && !noten_changed ? "yes" : "no");
    for (size_t i = 0; i < n && i < 64; i++) {
        char *t;
        json_t *x;
        if (ntable >= 2 && is_table_rule(changed[i])) {
            /* several table rules: one phrase, the box on the sheet lists them */
            if (table_said)
                continue;
            table_said = true;
            len += (size_t)snprintf(buf + len, len < sizeof buf ? sizeof buf - len : 0, "%s%s",
                                    len ? cat_str(c, "fmt.list.sep") : "",
                                    cat_str(c, "set.table-rules"));
            continue;
        }
        x = json_object();
        if (!tensu_rules_get(r, changed[i], vb, sizeof vb)) {
            json_decref(x);
            continue;
        }
        /* "set.kiriage.yes" = "avec kiriage"; else "label : value" */
        snprintf(key, sizeof key, "set.%s.%s", changed[i], vb);
        if (!cat_has(c, key)) {
            char lk[96];
            snprintf(lk, sizeof lk, "key.%s", changed[i]);
            var_set(x, "label", "%s", cat_str(c, lk));
            var_set(x, "value", "%s", value_words(c, changed[i], vb, words, sizeof words));
            snprintf(key, sizeof key, "set.generic");
        }
        t = cat_expand(c, key, x);
        len += (size_t)snprintf(buf + len, len < sizeof buf ? sizeof buf - len : 0, "%s%s",
                                len ? cat_str(c, "fmt.list.sep") : "", t);
        free(t);
        json_decref(x);
        if (len >= sizeof buf)
            break;
    }
    if (n > 0) {
        json_t *x = json_object();
        char *t;
        var_set(vars, "changes", "%s", buf);
        var_set(x, "title", "%s", json_string_value(json_object_get(vars, "preset_title")));
        var_set(x, "changes", "%s", buf);
        t = cat_expand(c, "fmt.rules.changed", x);
        var_set(vars, "rules_title", "%s", t);
        free(t);
        json_decref(x);
    } else {
        var_set(vars, "rules_title", "%s", json_string_value(json_object_get(vars, "preset_title")));
    }
    var_set(vars, "rules_short", "%s", json_string_value(json_object_get(vars, "rules_title")));
    var_set(vars, "rules_base", "%s", json_string_value(json_object_get(vars, "rules_title")));
    if (r->club[0]) {
        /* a club's rules file: the club's name first, its base after */
        json_t *x = json_object();
        char *t;
        var_set(vars, "rules_short", "%s", r->club);
        var_set(x, "club", "%s", r->club);
        var_set(x, "rules", "%s", json_string_value(json_object_get(vars, "rules_title")));
        t = cat_expand(c, "fmt.rules.club", x);
        var_set(vars, "rules_title", "%s", t);
        free(t);
        json_decref(x);
        /* and its own notes in the rules box, in the sheet's language */
        c->rules_notes = strcmp(c->doc->lang, "fr") == 0 ? r->notes_fr
                         : strcmp(c->doc->lang, "en") == 0 ? r->notes_en
                                                           : NULL;
    }
}
