/* A small JSON reader (jread.h): recursive descent over one document, nodes
 * in one array, decoded strings in one buffer as long as the document (a
 * string never decodes longer than it is written), both kept for the next
 * document. */
#include "jread.h"

#include <float.h>
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

static void skip_ws(parser *ps)
{
    while (ps->p < ps->end &&
           (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
        ps->p++;
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

static char *put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        *o++ = (char)cp;
    } else if (cp < 0x800) {
        *o++ = (char)(0xC0 | cp >> 6);
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (char)(0xE0 | cp >> 12);
        *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (char)(0xF0 | cp >> 18);
        *o++ = (char)(0x80 | (cp >> 12 & 0x3F));
        *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    }
    return o;
}

/* The length of the UTF-8 sequence at p (1..4), 0 if it is not valid. */
static int utf8_len(const unsigned char *p, const unsigned char *end)
{
    unsigned c = p[0];
    int n;
    unsigned cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07;
    else
        return 0;
    if (end - p < n)
        return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
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

/* A string at ps->p (on its opening quote), decoded into d->str. */
static const char *string(parser *ps, size_t *len)
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
            const char *q = p + 1; /* a run of plain ASCII, copied at once */
            while (q < ps->end && plain[(unsigned char)*q])
                q++;
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
                o = put_utf8(o, cp);
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
            int n = utf8_len((const unsigned char *)p, (const unsigned char *)ps->end);
            if (n == 0) {
                fail(ps, p, "invalid UTF-8 in a string");
                return NULL;
            }
            memcpy(o, p, (size_t)n);
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

static uint32_t number(parser *ps)
{
    const char *p = ps->p, *start = p;
    bool integer = true;
    uint32_t v;
    size_t n;
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
    memcpy(ps->out, start, n);
    ps->out[n] = '\0';
    if (!integer) {
        double x = strtod(ps->out, NULL);
        if (x > DBL_MAX || x < -DBL_MAX)
            return fail(ps, start, "real number overflow"), 0;
    }
    v = add(ps, integer ? JR_INT : JR_REAL);
    if (v == 0)
        return 0;
    ps->d->node[v].str = ps->out;
    ps->d->node[v].len = n;
    if (integer) {
        long long x = 0;
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
        ps->d->node[v].i = x;
    }
    ps->out += n + 1;
    ps->p = p;
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

static uint32_t value(parser *ps);

/* An array or an object at ps->p (on its bracket). */
static uint32_t container(parser *ps, bool object)
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
        uint32_t c;
        if (object) {
            size_t klen;
            if (ps->p >= ps->end || *ps->p != '"')
                return fail(ps, ps->p, "a key (a string) expected"), 0;
            if ((key = string(ps, &klen)) == NULL)
                return 0;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':')
                return fail(ps, ps->p, "':' expected"), 0;
            ps->p++;
        }
        if ((c = value(ps)) == 0)
            return 0;
        ps->d->node[c].key = key;
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

static uint32_t value(parser *ps)
{
    uint32_t v;
    skip_ws(ps);
    if (ps->p >= ps->end)
        return fail(ps, ps->p, "a value expected"), 0;
    switch (*ps->p) {
    case '{': return container(ps, true);
    case '[': return container(ps, false);
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
            return number(ps);
        return fail(ps, ps->p, "invalid token"), 0;
    }
}

bool jr_parse(jr_doc *d, const char *text, size_t len)
{
    parser ps = {d, text, text, text + len, NULL, 0, false};
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
    if (value(&ps) == 0) {
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
    if (jr_kind(d, obj) != JR_OBJ)
        return 0;
    for (uint32_t c = d->node[obj].first; c != 0; c = d->node[c].next)
        if (d->node[c].key[0] == key[0] && strcmp(d->node[c].key, key) == 0)
            found = c;
    return found;
}
