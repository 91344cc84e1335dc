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

/* ------------------------------------------------------------------ */
/* Positioned text into lines (a PDF's glyphs, a picture's words)       */
/* ------------------------------------------------------------------ */

static int by_y(const void *a, const void *b)
{
    const extract_box *x = a, *y = b;
    double cx = (x->y1 + x->y2) / 2, cy = (y->y1 + y->y2) / 2;
    return cx < cy ? -1 : cx > cy;
}

static int by_x(const void *a, const void *b)
{
    const extract_box *x = a, *y = b;
    return x->x1 < y->x1 ? -1 : x->x1 > y->x1;
}

/* A line: its pieces b[from..to), its box. */
typedef struct bline {
    size_t from, to;
    double x1, x2, top, bottom;
    bool label_first; /* a lone label moved in from the line under it */
    size_t label_from, label_to;
} bline;

/* The pieces of a line as text: a gap wider than cell_gap times the line's
 * height (half of it in a PDF) starts a new cell (two spaces, as a printed chart's text has them: the
 * grid reader also ends a cell after its tsumo group's ')'), a narrower
 * one is a space.  start: where the text line begins in x->s. */
static void emit(extract *x, extract_box *b, size_t from, size_t to, double h, double cell_gap,
                 bool *first, size_t start)
{
    double prev = -1e9;
    for (size_t k = from; k < to; k++) {
        double gap = b[k].x1 - prev;
        bool cell = *first || gap > cell_gap * h;
        if (!*first && gap > cell_gap * h)
            extract_add(x, "  ", 2);
        else if (!*first && gap > 0.15 * h)
            extract_add(x, " ", 1);
        b[k].line = (int)x->lines + 1;
        b[k].col = (int)(x->n - start) + 1;
        b[k].cell = cell;
        extract_add(x, b[k].text, strlen(b[k].text));
        prev = b[k].x2;
        *first = false;
    }
}

void extract_boxes(extract *x, extract_box *b, size_t n, size_t label_max, double cell_gap,
                   int place)
{
    size_t i = 0, nl = 0;
    bline *L = malloc((n ? n : 1) * sizeof *L);
    if (L == NULL) {
        x->bad = true;
        return;
    }
    qsort(b, n, sizeof *b, by_y);
    while (i < n) {
        size_t j = i + 1;
        double top = b[i].y1, bottom = b[i].y2;
        /* the band: pieces whose middle falls inside the line's height */
        while (j < n) {
            double mid = (b[j].y1 + b[j].y2) / 2;
            if (mid < top || mid > bottom)
                break;
            if (b[j].y1 < top)
                top = b[j].y1;
            if (b[j].y2 > bottom)
                bottom = b[j].y2;
            j++;
        }
        qsort(b + i, j - i, sizeof *b, by_x);
        L[nl++] = (bline){i, j, b[i].x1, b[j - 1].x2, top, bottom, false, 0, 0};
        i = j;
    }
    /* a table's row label printed in the middle of a two-line row (ron
     * amounts above, tsumo under): a short line wholly left of the line
     * above it and close under it is that line's first cell */
    for (size_t k = 1; k < nl; k++) {
        bline *up = &L[k - 1], *me = &L[k];
        double h = up->bottom - up->top;
        if (me->to - me->from <= label_max && me->x2 < up->x1 && !up->label_first &&
            me->top - up->bottom < 0.8 * h) {
            up->label_first = true;
            up->label_from = me->from;
            up->label_to = me->to;
            me->to = me->from; /* emptied */
        }
    }
    for (size_t k = 0; k < nl && !x->bad; k++) {
        double h = L[k].bottom - L[k].top;
        bool first = true;
        size_t start = x->n;
        if (L[k].to == L[k].from && !L[k].label_first)
            continue;
        if (L[k].label_first) {
            emit(x, b, L[k].label_from, L[k].label_to, h, cell_gap, &first, start);
            extract_add(x, "  ", 2);
            first = true;
        }
        emit(x, b, L[k].from, L[k].to, h, cell_gap, &first, start);
        extract_line(x, place);
    }
    free(L);
    extract_line(x, place); /* a page ends a table's line */
}
