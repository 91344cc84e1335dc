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
    size_t row_end;   /* on a row's first line, the first line after the row
                       * (extract_boxes); 0 on its other lines */
    bool label_first; /* a lone label moved in from the line under it */
    size_t label_from, label_to;
} bline;

/* A cell's part on one line of a row: pieces b[from..to) of line `line`. */
typedef struct bseg {
    size_t from, to, line;
    double x1, x2;
    size_t col; /* its column in the row */
} bseg;

static int seg_by_x(const void *a, const void *b)
{
    const bseg *x = a, *y = b;
    if (x->x1 != y->x1)
        return x->x1 < y->x1 ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

static int seg_by_place(const void *a, const void *b)
{
    const bseg *x = a, *y = b;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Pieces b[from..to) of one cell's part: a gap wider than 0.15 of the
 * line's height is a space.  start: where the text line begins in x->s. */
static void emit_run(extract *x, extract_box *b, size_t from, size_t to, double h, bool cell,
                     size_t start)
{
    for (size_t k = from; k < to; k++) {
        if (k > from && b[k].x1 - b[k - 1].x2 > 0.15 * h)
            extract_add(x, " ", 1);
        b[k].line = (int)x->lines + 1;
        b[k].col = (int)(x->n - start) + 1;
        b[k].cell = cell && k == from;
        extract_add(x, b[k].text, strlen(b[k].text));
    }
}

/* The pieces of a line as text: a gap wider than cell_gap times the line's
 * height (half of it in a PDF) starts a new cell (two spaces, as a printed chart's text has them: the
 * grid reader also ends a cell after its tsumo group's ')'), a narrower
 * one is a space.  start: where the text line begins in x->s. */
static void emit(extract *x, extract_box *b, size_t from, size_t to, double h, double cell_gap,
                 bool *first, size_t start)
{
    size_t k = from;
    while (k < to) {
        size_t e = k + 1;
        while (e < to && b[e].x1 - b[e - 1].x2 <= cell_gap * h)
            e++;
        if (!*first)
            extract_add(x, "  ", 2);
        emit_run(x, b, k, e, h, true, start);
        *first = false;
        k = e;
    }
}

/* The cells' parts of the lines L[r..e) of a row into seg (room for as many
 * as their pieces), each with its column: the parts whose spans across the
 * row overlap are one cell.  Returns how many parts, or 0 when the lines
 * are no table's row (a part would join two cells of another line). */
static size_t row_cells(const extract_box *b, const bline *L, size_t r, size_t e,
                        double cell_gap, bseg *seg)
{
    size_t ns = 0, col = 0;
    double x2 = 0;
    for (size_t l = r; l < e; l++) {
        double h = L[l].bottom - L[l].top;
        size_t k = L[l].from;
        while (k < L[l].to) {
            size_t f = k;
            double right = b[k].x2;
            for (k++; k < L[l].to && b[k].x1 - b[k - 1].x2 <= cell_gap * h; k++)
                if (b[k].x2 > right)
                    right = b[k].x2;
            seg[ns++] = (bseg){f, k, l, b[f].x1, right, 0};
        }
    }
    qsort(seg, ns, sizeof *seg, seg_by_x);
    for (size_t s = 0; s < ns; s++) {
        if (s > 0 && seg[s].x1 >= x2)
            col++; /* clear of the column on its left */
        if (s == 0 || seg[s].x1 >= x2 || seg[s].x2 > x2)
            x2 = seg[s].x2;
        seg[s].col = col;
        /* two parts of one line in a column: no row of cells */
        for (size_t t = s; t-- > 0 && seg[t].col == col;)
            if (seg[t].line == seg[s].line)
                return 0;
    }
    qsort(seg, ns, sizeof *seg, seg_by_place);
    return ns;
}

/* Do lines L[r..e) share a quarter of their height with one of them (a
 * row's label, or a one-line cell, centred in the row)?  Not so a chain of
 * lines that each overlap the next: a box of text beside a table, its
 * lines interleaved with the table's rows. */
static bool one_height(const bline *L, size_t r, size_t e)
{
    for (size_t m = r; m < e; m++) {
        size_t l = r;
        for (; l < e; l++) {
            double h1 = L[l].bottom - L[l].top, h2 = L[m].bottom - L[m].top;
            double over = (L[l].bottom < L[m].bottom ? L[l].bottom : L[m].bottom) -
                          (L[l].top > L[m].top ? L[l].top : L[m].top);
            if (l != m && over <= 0.25 * (h1 < h2 ? h1 : h2))
                break;
        }
        if (l == e)
            return true;
    }
    return false;
}

/* Does a piece of text end (last) or begin (else) an amount or a dash that
 * marks a cell that cannot occur: a digit, or the piece is a dash? */
static bool numeric_edge(const char *t, bool last)
{
    size_t n = strlen(t);
    if (n == 0)
        return false;
    if (strcmp(t, "-") == 0 || strcmp(t, "\xE2\x80\x94") == 0 || strcmp(t, "\xE2\x80\x93") == 0)
        return true;
    return (last ? t[n - 1] : t[0]) >= '0' && (last ? t[n - 1] : t[0]) <= '9';
}

void extract_boxes(extract *x, extract_box *b, size_t n, size_t label_max, double cell_gap,
                   int place)
{
    size_t i = 0, nl = 0;
    bline *L = malloc((n ? n : 1) * sizeof *L);
    bseg *seg = malloc((n ? n : 1) * sizeof *seg);
    if (L == NULL || seg == NULL) {
        free(L);
        free(seg);
        x->bad = true;
        return;
    }
    qsort(b, n, sizeof *b, by_y);
    while (i < n) {
        size_t j = i + 1;
        double top = b[i].y1, bottom = b[i].y2;
        /* the band: pieces whose middle falls inside the line's height, not
         * in its lowest quarter (a row's label, or a one-line cell, centred
         * between the two lines of its neighbours, is a line of its own) */
        while (j < n) {
            double mid = (b[j].y1 + b[j].y2) / 2;
            if (mid < top || mid > bottom - 0.25 * (bottom - top))
                break;
            if (b[j].y1 < top)
                top = b[j].y1;
            if (b[j].y2 > bottom)
                bottom = b[j].y2;
            j++;
        }
        qsort(b + i, j - i, sizeof *b, by_x);
        L[nl++] = (bline){i, j, b[i].x1, b[j - 1].x2, top, bottom, 0, false, 0, 0};
        i = j;
    }
    /* a table's row printed on lines that overlap (a two-line cell beside
     * one-line cells and a label centred in the row's height): lines that
     * share more than a quarter of their height are one row, when their
     * cells fall in columns (else each line is read by itself) */
    for (size_t k = 0; k < nl;) {
        size_t e = k + 1;
        while (e < nl) {
            double h1 = L[e - 1].bottom - L[e - 1].top, h2 = L[e].bottom - L[e].top;
            double over = (L[e - 1].bottom < L[e].bottom ? L[e - 1].bottom : L[e].bottom) -
                          L[e].top;
            if (over <= 0.25 * (h1 < h2 ? h1 : h2))
                break;
            e++;
        }
        if (e > k + 1 && one_height(L, k, e) && row_cells(b, L, k, e, cell_gap, seg) > 0) {
            L[k].row_end = e;
            k = e;
        } else {
            for (; k < e; k++)
                L[k].row_end = k + 1;
        }
    }
    /* a table's row label printed in the middle of a two-line row (ron
     * amounts above, tsumo under): a short line wholly left of the line
     * above it and close under it is that line's first cell */
    for (size_t k = 1; k < nl; k++) {
        bline *up = &L[k - 1], *me = &L[k];
        double h = up->bottom - up->top;
        if (up->row_end != k || me->row_end != k + 1)
            continue; /* lines of a row of several */
        if (me->to - me->from <= label_max && me->x2 < up->x1 && !up->label_first &&
            me->top - up->bottom < 0.8 * h) {
            up->label_first = true;
            up->label_from = me->from;
            up->label_to = me->to;
            me->to = me->from; /* emptied */
        }
    }
    for (size_t k = 0; k < nl && !x->bad;) {
        size_t e = L[k].row_end, ns;
        if (e > k + 1 && (ns = row_cells(b, L, k, e, cell_gap, seg)) > 0) {
            /* one text line: the row's cells left to right, each one's
             * parts top to bottom */
            size_t start = x->n;
            for (size_t s = 0; s < ns; s++) {
                bool cell = s == 0 || seg[s].col != seg[s - 1].col;
                /* an amount under an amount, the cell's only two parts
                 * ("1 000" over "300 / 500"): the lower one is written as
                 * the grammar of cells writes a cell's second part, in
                 * parentheses ("1 000 (300 / 500)"), so that its amounts
                 * do not run on into the upper one's */
                bool group = !cell && (s < 2 || seg[s - 2].col != seg[s].col) &&
                             (s + 1 == ns || seg[s + 1].col != seg[s].col) &&
                             numeric_edge(b[seg[s - 1].to - 1].text, true) &&
                             numeric_edge(b[seg[s].from].text, false);
                if (s > 0)
                    extract_add(x, cell ? "  " : " ", cell ? 2 : 1);
                if (group)
                    extract_add(x, "(", 1);
                emit_run(x, b, seg[s].from, seg[s].to,
                         L[seg[s].line].bottom - L[seg[s].line].top, cell, start);
                if (group)
                    extract_add(x, ")", 1);
            }
            extract_line(x, place);
            k = e;
            continue;
        }
        for (; k < e && !x->bad; k++) {
            double h = L[k].bottom - L[k].top;
            bool first = true;
            size_t start = x->n;
            if (L[k].to == L[k].from && !L[k].label_first)
                continue;
            if (L[k].label_first) {
                emit(x, b, L[k].label_from, L[k].label_to, h, cell_gap, &first, start);
                first = false;
            }
            emit(x, b, L[k].from, L[k].to, h, cell_gap, &first, start);
            extract_line(x, place);
        }
    }
    free(L);
    free(seg);
    extract_line(x, place); /* a page ends a table's line */
}
