/* Charts in PDF documents (tensu verify book.pdf): the text of each page
 * with its positions (poppler), rebuilt into lines and cells, given to the
 * core's chart reader as grid text.  Glyphs whose boxes share a band of
 * height are one line; within a line, a gap wider than half the line's
 * height starts a new cell (a space inside a cell, "1,000 (300/500)", is
 * narrower); a row label printed in the middle of a two-line row joins
 * the line above it.  Each page ends with a blank line, and each text line keeps its
 * page, so that findings name "FILE:page N".  Extraction only: the grammar
 * of cells is the core's. */
#include "cli.h"
#include "extract.h"

#include <poppler.h>

#include <stdlib.h>
#include <string.h>

/* The most pages read in one run (bounded work; LIMITS in tensu(1)). */
#define PDF_MAX_PAGES 2000

typedef struct glyph {
    char ch[8];       /* UTF-8 */
    double x1, y1, x2, y2;
} glyph;

static int by_y(const void *a, const void *b)
{
    const glyph *x = a, *y = b;
    double cx = (x->y1 + x->y2) / 2, cy = (y->y1 + y->y2) / 2;
    return cx < cy ? -1 : cx > cy;
}

static int by_x(const void *a, const void *b)
{
    const glyph *x = a, *y = b;
    return x->x1 < y->x1 ? -1 : x->x1 > y->x1;
}

/* A line of a page: its glyphs g[from..to), its box. */
typedef struct pline {
    size_t from, to;
    double x1, x2, top, bottom;
    bool label_first; /* a lone label moved in from the line under it */
    size_t label_from, label_to;
} pline;

/* The glyphs of a line as text: a gap wider than half the line's height
 * starts a new cell (two spaces, as a printed chart's text has them: the
 * grid reader also ends a cell after its tsumo group's ')'), a narrower
 * one is a space. */
static void emit(extract *b, const glyph *g, size_t from, size_t to, double h, bool *first)
{
    double prev = -1e9;
    for (size_t k = from; k < to; k++) {
        double gap = g[k].x1 - prev;
        if (!*first && gap > 0.5 * h)
            extract_add(b, "  ", 2);
        else if (!*first && gap > 0.15 * h)
            extract_add(b, " ", 1);
        extract_add(b, g[k].ch, strlen(g[k].ch));
        prev = g[k].x2;
        *first = false;
    }
}

/* One page's glyphs into lines of cells. */
static void page_lines(glyph *g, size_t n, int page, extract *b)
{
    size_t i = 0, nl = 0;
    pline *L = malloc((n ? n : 1) * sizeof *L);
    if (L == NULL) {
        b->bad = true;
        return;
    }
    qsort(g, n, sizeof *g, by_y);
    while (i < n) {
        size_t j = i + 1;
        double top = g[i].y1, bottom = g[i].y2;
        /* the band: glyphs whose middle falls inside the line's height */
        while (j < n) {
            double mid = (g[j].y1 + g[j].y2) / 2;
            if (mid < top || mid > bottom)
                break;
            if (g[j].y1 < top)
                top = g[j].y1;
            if (g[j].y2 > bottom)
                bottom = g[j].y2;
            j++;
        }
        qsort(g + i, j - i, sizeof *g, by_x);
        L[nl++] = (pline){i, j, g[i].x1, g[j - 1].x2, top, bottom, false, 0, 0};
        i = j;
    }
    /* a table's row label printed in the middle of a two-line row (ron
     * amounts above, tsumo under): a short line wholly left of the line
     * above it and close under it is that line's first cell */
    for (size_t k = 1; k < nl; k++) {
        pline *up = &L[k - 1], *me = &L[k];
        double h = up->bottom - up->top;
        if (me->to - me->from <= 4 && me->x2 < up->x1 && !up->label_first &&
            me->top - up->bottom < 0.8 * h) {
            up->label_first = true;
            up->label_from = me->from;
            up->label_to = me->to;
            me->to = me->from; /* emptied */
        }
    }
    for (size_t k = 0; k < nl && !b->bad; k++) {
        double h = L[k].bottom - L[k].top;
        bool first = true;
        if (L[k].to == L[k].from && !L[k].label_first)
            continue;
        if (L[k].label_first) {
            emit(b, g, L[k].label_from, L[k].label_to, h, &first);
            extract_add(b, "  ", 2);
            first = true;
        }
        emit(b, g, L[k].from, L[k].to, h, &first);
        extract_line(b, page);
    }
    free(L);
    extract_line(b, page); /* a page ends a table's line */
}

char *cli_pdf_text(const char *data, size_t len, int first, int last, int **pages,
                   size_t *nlines, int *npages, char *why, size_t whysize)
{
    GError *error = NULL;
    GBytes *bytes = g_bytes_new_static(data, len);
    PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, &error);
    extract b = {0};
    int count;
    if (doc == NULL) {
        snprintf(why, whysize, "not a PDF poppler can read: %s",
                 error ? error->message : "unknown error");
        if (error)
            g_error_free(error);
        g_bytes_unref(bytes);
        return NULL;
    }
    count = poppler_document_get_n_pages(doc);
    *npages = count;
    if (first > count) {
        snprintf(why, whysize, "--pages %d-%d: the document has %d page%s", first, last, count,
                 count == 1 ? "" : "s");
        g_object_unref(doc);
        g_bytes_unref(bytes);
        return NULL;
    }
    if (last <= 0 || last > count)
        last = count;
    if (first < 1)
        first = 1;
    if (last - first + 1 > PDF_MAX_PAGES) {
        /* bounded work: a rule book has a few hundred pages */
        snprintf(why, whysize,
                 "%d pages to read, more than %d: choose some with --pages (a rule book's "
                 "tables are in a few of them)",
                 last - first + 1, PDF_MAX_PAGES);
        g_object_unref(doc);
        g_bytes_unref(bytes);
        return NULL;
    }
    for (int p = first; p <= last && !b.bad; p++) {
        PopplerPage *page = poppler_document_get_page(doc, p - 1);
        PopplerRectangle *rects = NULL;
        guint nrects = 0;
        char *text;
        glyph *g;
        size_t ng = 0;
        const char *s;
        if (page == NULL)
            continue;
        text = poppler_page_get_text(page);
        if (text == NULL || !poppler_page_get_text_layout(page, &rects, &nrects)) {
            g_free(text);
            g_object_unref(page);
            extract_line(&b, p);
            continue;
        }
        g = malloc((nrects ? nrects : 1) * sizeof *g);
        if (g == NULL) {
            b.bad = true;
        } else {
            /* one rectangle per character of the text */
            s = text;
            for (guint r = 0; r < nrects && *s; r++) {
                size_t k = 1;
                unsigned char c = (unsigned char)*s;
                if (c >= 0xC0)
                    while (k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80)
                        k++;
                if (!(c == ' ' || c == '\n' || c == '\r' || c == '\t') &&
                    rects[r].x2 > rects[r].x1 && rects[r].y2 > rects[r].y1 && k < 8) {
                    memcpy(g[ng].ch, s, k);
                    g[ng].ch[k] = '\0';
                    if (k == 1 && c == '|')
                        g[ng].ch[0] = '/'; /* the grid reader's cell separator */
                    g[ng].x1 = rects[r].x1;
                    g[ng].y1 = rects[r].y1;
                    g[ng].x2 = rects[r].x2;
                    g[ng].y2 = rects[r].y2;
                    ng++;
                }
                s += k;
            }
            page_lines(g, ng, p, &b);
            free(g);
        }
        g_free(rects);
        g_free(text);
        g_object_unref(page);
    }
    g_object_unref(doc);
    g_bytes_unref(bytes);
    if (b.bad || b.s == NULL) {
        snprintf(why, whysize, b.bad ? "out of memory" : "no text in pages %d to %d", first,
                 last);
        extract_free(&b);
        return NULL;
    }
    *pages = b.from;
    *nlines = b.lines;
    return b.s;
}
