/* A table's columns (table.h, find_tables.c): where the rows' words stand
 * apart, and where the cells on either side of a boundary read as what the
 * columns hold; the last column's right end. */
#include "table.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int by_x1(const void *a, const void *b)
{
    const span_ *x = a, *y = b;
    return x->x1 < y->x1 ? -1 : x->x1 > y->x1;
}

/* Does the text between x1 and x2 of row r read as what the column holds
 * (a cell, or a label for the labels' column)?  1 yes, 0 no, -1 empty. */
static int reads(const page_words *p, const table *t, int r, double x1, double x2, bool label)
{
    char text[256];
    tensu_cell_text c;
    tensu_label lab;
    if (!read_cell_text(p, t, r, x1, x2, text, sizeof text, NULL))
        return -1;
    if (label) {
        int score;
        for (char *s = text; *s; s++)
            if (*s == '\n' || *s == '\t')
                *s = ' ';
        if (t->by_side)
            return (read_heading_words(text, &score) & (P_ND | P_D)) && score >= 3;
        return tensu_label_parse(text, strlen(text), &lab) ? 1 : 0;
    }
    return tensu_cell_parse(text, strlen(text), &c) == 0 ? 1 : 0;
}

/* The boundary between the column ending at a and the one starting at b
 * (their heads' middles, or the label column and the first head): among
 * the gaps where no word of the rows stands, the one that leaves cells
 * that read on both sides in the most rows (and words that read as no
 * cell in the fewest), then the widest, then the
 * closest to the middle.  left: where the left column starts; right_end:
 * where the right column ends at most. */
static double boundary(const page_words *p, table *t, double a, double b, double left,
                       double right_end, bool label_left)
{
    span_ *s;
    int ns = 0, best = -1, best_score = INT_MIN;
    double best_w = -1, best_d = 1e300, mid = (a + b) / 2;
    double gaps[64][2];
    int ng = 0, nin = 0;
    double far = right_end > b && right_end < 1e299 ? right_end : b;
    int from, to;
    read_slice(p, t->region, t->header >= 0 ? p->l[t->header].y1 - p->l[t->header].h : t->top,
               t->row[t->nrows - 1].y2, &from, &to);
    s = malloc(((size_t)(to - from) + (size_t)t->ncols + 1) * sizeof *s);
    if (s == NULL)
        return mid;
    for (int i = from; i < to; i++) {
        const rword *w = &p->w[i];
        /* the rows' words, and the heads: a column is its head and the
         * cells under it (a head whole, no gap between its words: "Dealer
         * ron") */
        if (w->region != t->region || w->x2 <= a || w->x1 >= far || read_row_of(t, w) < 0)
            continue;
        if (w->w->conf < 50)
            continue; /* a smudge read as a word joins no columns */
        s[ns++] = (span_){w->x1, w->x2};
    }
    for (int c = 0; t->header >= 0 && c < t->ncols; c++)
        if (t->col[c].hx2 > a && t->col[c].hx1 < far)
            s[ns++] = (span_){t->col[c].hx1, t->col[c].hx2};
    qsort(s, (size_t)ns, sizeof *s, by_x1);
    /* the gaps between the heads' middles (the candidates), then those
     * up to the column after (where the right column may end) */
    {
        double x = a;
        for (int i = 0; i <= ns && ng < 64; i++) {
            double nx = i < ns ? s[i].x1 : far;
            if (nx > x && nx > a && x < far) {
                gaps[ng][0] = x > a ? x : a;
                gaps[ng][1] = nx < far ? nx : far;
                if (gaps[ng][0] >= b)
                    ; /* beyond the candidates */
                else if (gaps[ng][1] > b)
                    gaps[ng][1] = b;
                if (gaps[ng][1] > gaps[ng][0]) {
                    nin += gaps[ng][0] < b;
                    ng++;
                }
            }
            if (i < ns && s[i].x2 > x)
                x = s[i].x2;
        }
    }
    free(s);
    if (nin == 0)
        return mid;
    if (nin == 1)
        return (gaps[0][0] + gaps[0][1]) / 2;
    for (int g = 0; g < nin; g++) {
        double x = (gaps[g][0] + gaps[g][1]) / 2, wd = gaps[g][1] - gaps[g][0];
        int score = 0;
        /* the right column: up to its first gap after its head's middle */
        double end = right_end;
        for (int h = g + 1; h < ng; h++)
            if (gaps[h][0] >= b) {
                end = (gaps[h][0] + gaps[h][1]) / 2;
                break;
            }
        for (int r = 0; r < t->nrows; r++) {
            /* a side that reads as no cell counts against (its words
             * belong to two columns, or to half of one) */
            int lr = reads(p, t, r, left, x, label_left), rr = reads(p, t, r, x, end, false);
            score += (lr == 1) - (lr == 0) + (rr == 1) - (rr == 0);
        }
        if (score > best_score || (score == best_score && wd > best_w + 1e-9) ||
            (score == best_score && fabs(wd - best_w) <= 1e-9 && fabs(x - mid) < best_d)) {
            best = g;
            best_score = score;
            best_w = wd;
            best_d = fabs(x - mid);
        }
    }
    return (gaps[best][0] + gaps[best][1]) / 2;
}

/* The right end of the last column: its rows' words chained from its
 * head, a gap of more than two line heights ending the chain (a box of
 * text beside the table). */
static double last_end(const page_words *p, const table *t, double from, double limit)
{
    const tcol *c = &t->col[t->ncols - 1];
    double end = c->hx2;
    for (int r = 0; r < t->nrows; r++) {
        int a, b, seen[64], ns = 0;
        read_slice(p, t->region, t->row[r].y1, t->row[r].y2, &a, &b);
        /* the lines of the row's words */
        for (int i = a; i < b && ns < 64; i++) {
            int k = 0;
            while (k < ns && seen[k] != p->w[i].line)
                k++;
            if (k == ns)
                seen[ns++] = p->w[i].line;
        }
        for (int q = 0; q < ns; q++) {
            const rline *ln = &p->l[seen[q]];
            /* from the head's right: the words under it, then those each
             * close to the one before */
            double x = c->hx2;
            for (int j = 0; j < ln->n; j++) {
                const rword *w = &p->w[ln->at[j]];
                if (w->cy < t->row[r].y1 || w->cy >= t->row[r].y2 || w->x2 <= from ||
                    w->x1 >= limit)
                    continue;
                if (w->x1 - x > 2.0 * ln->h && w->x1 > c->hx2)
                    break;
                if (w->x2 > x)
                    x = w->x2;
            }
            if (x > end)
                end = x;
        }
    }
    return end + 1e-6;
}

/* The columns' spans, from the heads and the rows' words. */
void place_columns(const page_words *p, table *t, double right_limit)
{
    double start;
    int first = 0;
    if (t->ncols == 0 || t->strip)
        return;
    if (t->kind == K_LONG) {
        /* every column has its head: the boundaries between heads */
        start = t->x1;
    } else {
        /* the labels' column: its words' right edge (else where the
         * words of the rows stand apart), then the first value column */
        double lx = t->x1 > -1e299 ? t->x1 : t->col[0].hx1 - 1e6;
        double b = (t->col[0].hx1 + t->col[0].hx2) / 2;
        double a = t->label_x2 > lx ? t->label_x2 : lx, right = -1e300;
        int from, to;
        read_slice(p, t->region, t->row[0].y1, t->row[t->nrows - 1].y2, &from, &to);
        /* the fu (or han) labels; a limit row's name may run on over the
         * first column (a "2x yakuman" heading two columns) */
        for (int i = from; i < to; i++) {
            int ri = p->w[i].label && p->w[i].region == t->region ? read_row_of(t, &p->w[i]) : -1;
            if (ri >= 0 && !t->row[ri].limit && p->w[i].x2 > right && p->w[i].cx < b)
                right = p->w[i].x2;
        }
        if (a > b)
            a = t->col[0].hx1;
        if (right > -1e299 && t->kind == K_GRID)
            start = right + 1e-6;
        else
            start = boundary(p, t, a, b, lx, t->ncols > 1 ? t->col[1].hx1 : right_limit, true);
        t->label_x2 = start;
    }
    for (int c = first; c < t->ncols; c++) {
        double a = (t->col[c].hx1 + t->col[c].hx2) / 2;
        t->col[c].x1 = c == 0 ? start : t->col[c - 1].x2;
        if (c + 1 < t->ncols) {
            double b = (t->col[c + 1].hx1 + t->col[c + 1].hx2) / 2;
            double end = c + 2 < t->ncols ? (t->col[c + 2].hx1 + t->col[c + 2].hx2) / 2
                                          : right_limit;
            if (t->kind == K_LONG && c == 0 && t->col[0].x1 > a)
                t->col[0].x1 = t->col[0].hx1;
            t->col[c].x2 = boundary(p, t, a, b, t->col[c].x1, end, false);
        } else {
            t->col[c].x2 = last_end(p, t, t->col[c].x1, right_limit);
        }
    }
    if (t->kind == K_LONG && t->col[0].x1 > t->col[0].hx1)
        t->col[0].x1 = t->col[0].hx1;
    t->x2 = t->col[t->ncols - 1].x2;
}
