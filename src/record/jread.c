/* A small JSON reader (jread.h): recursive descent over one document, nodes
 * in one array, decoded strings in one buffer as long as the document (a
 * string never decodes longer than it is written), both kept for the next
 * document. */
#include "jread.h"
#include "../util/utf8.h"

#include <float.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    jr_doc *d;
    const char *s, *p, *end;
    char *out;  /* next free byte of d->str */
    int depth;
    bool nomem;
    jr_filter want; /* jr_parse_some's, NULL for all */
} parser;

static bool fail(parser *ps, const char *at, const char *what)
{
    jr_doc *d = ps->d;
    const char *q;
    if (d->error[0] != '\0')
        return false; /* the first error stands */
    d->line = 1;
    d->column = 1;
    if (at > ps->end)
        at = ps->end;
    for (q = ps->s; q < at; q++) {
        if (*q == '\n') {
            d->line++;
            d->column = 1;
        } else if (((unsigned char)*q & 0xC0) != 0x80) {
            d->column++;
        }
    }
    if (at < ps->end && (unsigned char)*at >= 0x21 && (unsigned char)*at < 0x7F)
        snprintf(d->error, sizeof d->error, "%s near '%c'", what, *at);
    else if (at >= ps->end)
        snprintf(d->error, sizeof d->error, "%s at the end of the text", what);
    else
        snprintf(d->error, sizeof d->error, "%s", what);
    return false;
}

static uint32_t add(parser *ps, jr_type t)
{
    jr_doc *d = ps->d;
    if (d->nnode == d->capnode) {
        size_t cap = d->capnode ? d->capnode * 2 : 256;
        jr_node *n = cap <= UINT32_MAX ? realloc(d->node, cap * sizeof *n) : NULL;
        if (n == NULL) {
            ps->nomem = true;
            return 0;
        }
        d->node = n;
        d->capnode = cap;
    }
    d->node[d->nnode] = (jr_node){.type = t};
    return (uint32_t)d->nnode++;
}

/* The first byte from p on that is not white space, or end; one test in
 * the usual case: compact JSON, no space at all. */
static inline const char *past_ws(const char *p, const char *end)
{
    while (p < end && (unsigned char)*p <= ' ' &&
           (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

static inline void skip_ws(parser *ps)
{
    ps->p = past_ws(ps->p, ps->end);
}

static int hex4(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return -1;
    }
    return v;
}

/* The bytes a string holds as they are: printable ASCII but '"' and '\\'. */
#define P16 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
static const unsigned char plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* '"' */
    P16, P16,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* '\\' */
    P16, P16};
#undef P16

/* The first byte from p on that is not plain, or end: eight bytes at a
 * time, since most of a record is runs of plain ASCII (a word is tested
 * for a quote, a backslash, a byte below 0x20 or one from 0x80 at once;
 * each test is exact as a yes or no, and the bytes are then looked at one
 * by one). */
static const char *plain_run(const char *p, const char *end)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    while (end - p >= 8) {
        uint64_t w, q, b, t;
        memcpy(&w, p, 8);
        q = w ^ (ones * '"');
        b = w ^ (ones * '\\');
        t = (((q - ones) & ~q) | ((b - ones) & ~b) | ((w - ones * 0x20) & ~w) | w) & high;
        if (t != 0) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            /* the lowest flag is exact (a borrow only runs upwards) */
            return p + __builtin_ctzll(t) / 8;
#else
            break;
#endif
        }
        p += 8;
    }
    while (p < end && plain[(unsigned char)*p])
        p++;
    return p;
}

/* A string at ps->p (on its opening quote), decoded into d->str. */
static const char *string_slow(parser *ps, size_t *len);

static inline const char *string(parser *ps, size_t *len)
{
    char *o = ps->out;
    const char *p = ps->p + 1, *run = plain_run(p, ps->end);
    if (run < ps->end && *run == '"') { /* the usual string: plain ASCII, copied at once */
        size_t n = (size_t)(run - p);
        memcpy(o, p, n);
        o[n] = '\0';
        *len = n;
        ps->out = o + n + 1;
        ps->p = run + 1;
        return o;
    }
    return string_slow(ps, len);
}

/* Escapes, UTF-8 and errors: out of line, so that the usual string's path
 * stays short. */
static const char *string_slow(parser *ps, size_t *len)
{
    char *o = ps->out, *start = o;
    const char *p = ps->p + 1;
    for (;;) {
        unsigned char c;
        if (p >= ps->end) {
            fail(ps, p, "unterminated string");
            return NULL;
        }
        c = (unsigned char)*p;
        if (plain[c]) {
            const char *q = plain_run(p + 1, ps->end); /* copied at once */
            memcpy(o, p, (size_t)(q - p));
            o += q - p;
            p = q;
            continue;
        }
        if (c == '"') {
            p++;
            break;
        }
        if (c < 0x20) {
            fail(ps, p, "control character in a string");
            return NULL;
        }
        if (c == '\\') {
            if (p + 1 >= ps->end) {
                fail(ps, p, "unterminated string");
                return NULL;
            }
            switch (p[1]) {
            case '"': *o++ = '"'; break;
            case '\\': *o++ = '\\'; break;
            case '/': *o++ = '/'; break;
            case 'b': *o++ = '\b'; break;
            case 'f': *o++ = '\f'; break;
            case 'n': *o++ = '\n'; break;
            case 'r': *o++ = '\r'; break;
            case 't': *o++ = '\t'; break;
            case 'u': {
                int u = ps->end - p >= 6 ? hex4(p + 2) : -1;
                unsigned cp;
                if (u < 0) {
                    fail(ps, p, "invalid \\u escape");
                    return NULL;
                }
                cp = (unsigned)u;
                if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail(ps, p, "invalid Unicode (a lone low surrogate)");
                    return NULL;
                }
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    int lo = ps->end - p >= 12 && p[6] == '\\' && p[7] == 'u' ? hex4(p + 8) : -1;
                    if (lo < 0xDC00 || lo > 0xDFFF) {
                        fail(ps, p, "invalid Unicode (a high surrogate alone)");
                        return NULL;
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned)lo - 0xDC00);
                    p += 6;
                }
                if (cp == 0) {
                    fail(ps, p, "\\u0000 is not allowed in a string");
                    return NULL;
                }
                o = utf8_put(o, cp);
                p += 4;
                break;
            }
            default:
                fail(ps, p, "invalid escape");
                return NULL;
            }
            p += 2;
            continue;
        }
        if (c < 0x80) {
            *o++ = (char)c;
            p++;
        } else {
            size_t n = utf8_valid((const unsigned char *)p, (size_t)(ps->end - p));
            if (n == 0) {
                fail(ps, p, "invalid UTF-8 in a string");
                return NULL;
            }
            memcpy(o, p, n);
            o += n;
            p += n;
        }
    }
    *len = (size_t)(o - start);
    *o++ = '\0';
    ps->out = o;
    ps->p = p;
    return start;
}

static bool digits(const char **p, const char *end)
{
    const char *q = *p;
    while (q < end && *q >= '0' && *q <= '9')
        q++;
    if (q == *p)
        return false;
    *p = q;
    return true;
}

/* A number at ps->p: its node, or (build false) only checked, its text
 * written where the next string would go and left there.  Nonzero when
 * read. */
static uint32_t number(parser *ps, bool build)
{
    const char *p = ps->p, *start = p;
    bool integer = true;
    uint32_t v = 1;
    size_t n;
    long long x = 0;
    if (p < ps->end && *p == '-')
        p++;
    if (p < ps->end && *p == '0')
        p++;
    else if (!digits(&p, ps->end))
        return fail(ps, p, "a number expected"), 0;
    if (p < ps->end && *p == '.') {
        p++;
        integer = false;
        if (!digits(&p, ps->end))
            return fail(ps, p, "digits expected after '.'"), 0;
    }
    if (p < ps->end && (*p == 'e' || *p == 'E')) {
        p++;
        integer = false;
        if (p < ps->end && (*p == '+' || *p == '-'))
            p++;
        if (!digits(&p, ps->end))
            return fail(ps, p, "digits expected in the exponent"), 0;
    }
    n = (size_t)(p - start);
    if (!integer) {
        double r;
        memcpy(ps->out, start, n);
        ps->out[n] = '\0';
        r = strtod(ps->out, NULL);
        if (r > DBL_MAX || r < -DBL_MAX)
            return fail(ps, start, "real number overflow"), 0;
    } else {
        bool neg = *start == '-';
        if (n - neg <= 18) { /* cannot overflow */
            for (const char *q = start + neg; q < p; q++)
                x = x * 10 + (*q - '0');
            x = neg ? -x : x;
        } else {
            for (const char *q = start + neg; q < p; q++) {
                int digit = *q - '0';
                if (neg ? x < (LLONG_MIN + digit) / 10 : x > (LLONG_MAX - digit) / 10)
                    return fail(ps, start, "too big an integer"), 0;
                x = neg ? x * 10 - digit : x * 10 + digit;
            }
        }
    }
    ps->p = p;
    if (!build)
        return v;
    if ((v = add(ps, integer ? JR_INT : JR_REAL)) == 0)
        return 0;
    memcpy(ps->out, start, n);
    ps->out[n] = '\0';
    ps->d->node[v].str = ps->out;
    ps->d->node[v].len = n;
    ps->d->node[v].i = x;
    ps->out += n + 1;
    return v;
}

static bool literal(parser *ps, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
        return fail(ps, ps->p, "invalid token");
    ps->p += n;
    return true;
}

/* A string only checked: decoded where the next one would go, and left
 * there (a string never decodes longer than it is written). */
static bool skip_string(parser *ps)
{
    const char *q = plain_run(ps->p + 1, ps->end);
    char *o = ps->out;
    if (q < ps->end && *q == '"') { /* the usual string */
        ps->p = q + 1;
        return true;
    }
    size_t len;
    bool ok = string(ps, &len) != NULL;
    ps->out = o;
    return ok;
}

/* The value at ps->p checked as value() reads it, with the same errors at
 * the same places, but no node: a loop over the tokens on a local pointer
 * (the plain strings and the integers, most of a record, read in line;
 * the rest by the builder's own functions), the kinds of the open
 * containers a stack of bits (at most JR_MAX_DEPTH). */
static bool skip_value(parser *ps)
{
    const char *p = ps->p, *const end = ps->end;
    uint64_t objects = 0; /* bit 0: the innermost open container is an object */
    int open = 0;
#define WS() (p = past_ws(p, end))
#define AT_FAIL(what) (ps->p = p, fail(ps, p, what))
    for (;;) {
        const char *q;
        WS();
        if (p >= end)
            return AT_FAIL("a value expected");
        switch (*p) {
        case '{':
        case '[':
            if (ps->depth + open + 1 > JR_MAX_DEPTH)
                return AT_FAIL("nested too deep");
            open++;
            objects = objects << 1 | (*p == '{');
            p++;
            WS();
            if (p < end && *p == ((objects & 1) ? '}' : ']')) {
                p++;
                open--;
                objects >>= 1;
                break;
            }
            if (objects & 1)
                goto key;
            continue;
        case '"':
            q = plain_run(p + 1, end);
            if (q < end && *q == '"') {
                p = q + 1;
                break;
            }
            ps->p = p;
            if (!skip_string(ps))
                return false;
            p = ps->p;
            break;
        case 't':
        case 'f':
        case 'n':
            ps->p = p;
            if (!literal(ps, *p == 't' ? "true" : *p == 'f' ? "false" : "null"))
                return false;
            p = ps->p;
            break;
        default:
            q = p + (*p == '-');
            if (end - q > 18 && *q >= '1' && *q <= '9') {
                const char *e = q + 1; /* at most 18 digits: no overflow */
                while (e < q + 19 && *e >= '0' && *e <= '9')
                    e++;
                if (e < q + 19 && *e != '.' && *e != 'e' && *e != 'E') {
                    p = e; /* a plain integer that cannot overflow */
                    break;
                }
            }
            if (*p != '-' && (*p < '0' || *p > '9'))
                return AT_FAIL("invalid token");
            ps->p = p;
            if (number(ps, false) == 0)
                return false;
            p = ps->p;
            break;
        }
        /* after a value: the end, or what its container has next */
        for (;;) {
            if (open == 0) {
                ps->p = p;
                return true;
            }
            WS();
            if (p < end && *p == ',') {
                p++;
                WS();
                break;
            }
            if (p < end && *p == ((objects & 1) ? '}' : ']')) {
                p++;
                open--;
                objects >>= 1;
                continue;
            }
            return AT_FAIL((objects & 1) ? "',' or '}' expected" : "',' or ']' expected");
        }
        if (!(objects & 1))
            continue;
    key:
        if (p >= end || *p != '"')
            return AT_FAIL("a key (a string) expected");
        q = plain_run(p + 1, end);
        if (q < end && *q == '"') {
            p = q + 1;
        } else {
            ps->p = p;
            if (!skip_string(ps))
                return false;
            p = ps->p;
        }
        WS();
        if (p >= end || *p != ':')
            return AT_FAIL("':' expected");
        p++;
    }
#undef WS
#undef AT_FAIL
}

static uint32_t value(parser *ps, const char *parent, bool filtered);

/* An array or an object at ps->p (on its bracket); an object's members
 * asked of ps->want with parent when filtered. */
static uint32_t container(parser *ps, bool object, const char *parent, bool filtered)
{
    uint32_t v = add(ps, object ? JR_OBJ : JR_ARR), last = 0;
    char close = object ? '}' : ']';
    if (v == 0)
        return 0;
    if (++ps->depth > JR_MAX_DEPTH)
        return fail(ps, ps->p, "nested too deep"), 0;
    ps->p++;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == close) {
        ps->p++;
        ps->depth--;
        return v;
    }
    for (;;) {
        const char *key = NULL;
        size_t klen = 0;
        uint32_t c;
        if (object) {
            jr_want w;
            if (ps->p >= ps->end || *ps->p != '"')
                return fail(ps, ps->p, "a key (a string) expected"), 0;
            if ((key = string(ps, &klen)) == NULL)
                return 0;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':')
                return fail(ps, ps->p, "':' expected"), 0;
            ps->p++;
            w = filtered ? ps->want(parent, key, klen) : JR_WANT_ALL;
            if (w == JR_WANT_NONE) {
                if ((c = add(ps, JR_SKIPPED)) == 0 || !skip_value(ps))
                    return 0;
            } else if ((c = value(ps, key, w == JR_WANT_SOME)) == 0) {
                return 0;
            }
        } else if ((c = value(ps, NULL, false)) == 0) {
            return 0;
        }
        ps->d->node[c].key = key;
        ps->d->node[c].keylen = (uint32_t)klen;
        if (last == 0)
            ps->d->node[v].first = c;
        else
            ps->d->node[last].next = c;
        last = c;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            skip_ws(ps);
            continue;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            break;
        }
        return fail(ps, ps->p, object ? "',' or '}' expected" : "',' or ']' expected"), 0;
    }
    ps->depth--;
    return v;
}

/* A value; an object's members filtered (see container). */
static uint32_t value(parser *ps, const char *parent, bool filtered)
{
    uint32_t v;
    skip_ws(ps);
    if (ps->p >= ps->end)
        return fail(ps, ps->p, "a value expected"), 0;
    switch (*ps->p) {
    case '{': return container(ps, true, parent, filtered);
    case '[': return container(ps, false, NULL, false);
    case '"': {
        size_t len;
        const char *s = string(ps, &len);
        if (s == NULL || (v = add(ps, JR_STR)) == 0)
            return 0;
        ps->d->node[v].str = s;
        ps->d->node[v].len = len;
        return v;
    }
    case 't': return literal(ps, "true") ? add(ps, JR_TRUE) : 0;
    case 'f': return literal(ps, "false") ? add(ps, JR_FALSE) : 0;
    case 'n': return literal(ps, "null") ? add(ps, JR_NULL) : 0;
    default:
        if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
            return number(ps, true);
        return fail(ps, ps->p, "invalid token"), 0;
    }
}

bool jr_parse(jr_doc *d, const char *text, size_t len)
{
    return jr_parse_some(d, text, len, NULL);
}

bool jr_parse_some(jr_doc *d, const char *text, size_t len, jr_filter want)
{
    parser ps = {d, text, text, text + len, NULL, 0, false, want};
    d->nnode = 1; /* node 0: none */
    d->error[0] = '\0';
    d->line = d->column = 0;
    if (d->capstr < len + 2) {
        char *s = realloc(d->str, len + 2);
        if (s == NULL) {
            snprintf(d->error, sizeof d->error, "out of memory");
            return false;
        }
        d->str = s;
        d->capstr = len + 2;
    }
    ps.out = d->str;
    if (d->capnode == 0) {
        d->node = malloc(256 * sizeof *d->node);
        if (d->node == NULL) {
            snprintf(d->error, sizeof d->error, "out of memory");
            return false;
        }
        d->capnode = 256;
        memset(&d->node[0], 0, sizeof d->node[0]);
    }
    if (value(&ps, NULL, want != NULL) == 0) {
        if (ps.nomem) {
            d->error[0] = '\0';
            snprintf(d->error, sizeof d->error, "out of memory");
        }
        return false;
    }
    skip_ws(&ps);
    if (ps.p < ps.end)
        return fail(&ps, ps.p, "the end of the text expected");
    return true;
}

void jr_free(jr_doc *d)
{
    free(d->node);
    free(d->str);
    memset(d, 0, sizeof *d);
}

uint32_t jr_get(const jr_doc *d, uint32_t obj, const char *key)
{
    uint32_t found = 0;
    size_t n = strlen(key);
    if (jr_kind(d, obj) != JR_OBJ)
        return 0;
    for (uint32_t c = d->node[obj].first; c != 0; c = d->node[c].next)
        if (d->node[c].keylen == n && d->node[c].key[0] == key[0] &&
            memcmp(d->node[c].key, key, n) == 0)
            found = c;
    return found;
}
