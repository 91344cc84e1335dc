/* Text extracted from a document, line by line with its places (extract.h). */
#include "extract.h"

#include <stdlib.h>
#include <string.h>

void extract_add(extract *x, const char *s, size_t n)
{
    if (x->bad)
        return;
    if (x->n + n + 1 > x->cap) {
        size_t cap = (x->n + n + 1) * 2;
        char *p = realloc(x->s, cap);
        if (p == NULL) {
            x->bad = true;
            return;
        }
        x->s = p;
        x->cap = cap;
    }
    memcpy(x->s + x->n, s, n);
    x->n += n;
    x->s[x->n] = '\0';
}

void extract_line(extract *x, int place)
{
    extract_add(x, "\n", 1);
    if (x->bad)
        return;
    if (x->lines == x->from_cap) {
        size_t cap = x->from_cap ? x->from_cap * 2 : 64;
        int *p = realloc(x->from, cap * sizeof *p);
        if (p == NULL) {
            x->bad = true;
            return;
        }
        x->from = p;
        x->from_cap = cap;
    }
    x->from[x->lines++] = place;
}

void extract_free(extract *x)
{
    free(x->s);
    free(x->from);
    memset(x, 0, sizeof *x);
}
