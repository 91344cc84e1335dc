/* String catalogs: look-up, {placeholder} expansion, and number formatting
 * from the catalog (never from the C locale). */
#include "internal.h"

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

/* Growing string. */
typedef struct sbuf {
    char *s;
    size_t n, cap;
    bool bad;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->bad)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->n + n + 1) * 2;
        char *p = realloc(b->s, cap);
        if (p == NULL) {
            b->bad = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

char *expand(sheet_ctx *c, const char *key_for_errors, const char *text, json_t *extra)
{
    sbuf b = {0};
    const char *p = text;
    sb_add(&b, "", 0);
    while (*p) {
        const char *open = strchr(p, '{'), *close;
        char name[64];
        const char *val;
        if (open == NULL) {
            sb_add(&b, p, strlen(p));
            break;
        }
        sb_add(&b, p, (size_t)(open - p));
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
        sb_add(&b, val, strlen(val));
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

void var_amount(sheet_ctx *c, json_t *obj, const char *name, int64_t v)
{
    char buf[64];
    json_object_set_new(obj, name, json_string(fmt_amount(c, v, buf, sizeof buf)));
}
