/* The growing string buffer (buf.h). */
#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strbuf_put(strbuf *b, const char *s, size_t n)
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
    if (n > 0)
        memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

void strbuf_puts(strbuf *b, const char *s)
{
    strbuf_put(b, s, strlen(s));
}

void strbuf_printf(strbuf *b, const char *fmt, ...)
{
    char small[256], *big;
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->bad = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        strbuf_put(b, small, (size_t)n);
        return;
    }
    big = malloc((size_t)n + 1);
    if (big == NULL) {
        b->bad = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    strbuf_put(b, big, (size_t)n);
    free(big);
}

void strbuf_free(strbuf *b)
{
    free(b->s);
    *b = (strbuf){0};
}
