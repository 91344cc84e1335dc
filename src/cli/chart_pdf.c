/* Charts in PDF documents (tensu verify book.pdf): the text of each page
 * with its positions (poppler), rebuilt into lines and cells by
 * extract_boxes (glyphs sharing a band of height are one line; a gap wider
 * than half the line's height starts a new cell, a space inside a cell,
 * "1,000 (300/500)", is narrower; a table's row whose lines overlap, cells
 * wrapped on two lines beside one-line cells and the label centred, is one
 * line of cells; a row label printed in the middle of a two-line row joins
 * the line above it), given to the core's chart reader
 * as grid text.  Each page ends with a blank line, and each text line keeps
 * its page, so that findings name "FILE:page N".  Extraction only: the
 * grammar of cells is the core's.
 *
 * poppler-glib is opened at the first PDF read (dynlib.h): its header gives
 * the types, the table below the functions. */
#include "cli.h"
#include "dynlib.h"
#include "extract.h"

#include <poppler.h>

#include <stdlib.h>
#include <string.h>

#ifndef TENSU_POPPLER_SONAME
#define TENSU_POPPLER_SONAME "libpoppler-glib.so.8"
#endif
#ifndef TENSU_POPPLER_PACKAGE
#define TENSU_POPPLER_PACKAGE "libpoppler-glib8"
#endif

/* poppler's functions, and glib's and gobject's, which poppler-glib loads */
#define PDF_FUNCTIONS(X)                                                                       \
    X(PopplerDocument *, poppler_document_new_from_bytes, (GBytes *, const char *, GError **))  \
    X(int, poppler_document_get_n_pages, (PopplerDocument *))                                   \
    X(PopplerPage *, poppler_document_get_page, (PopplerDocument *, int))                       \
    X(char *, poppler_page_get_text, (PopplerPage *))                                           \
    X(gboolean, poppler_page_get_text_layout, (PopplerPage *, PopplerRectangle **, guint *))    \
    X(GBytes *, g_bytes_new_static, (gconstpointer, gsize))                                     \
    X(void, g_bytes_unref, (GBytes *))                                                          \
    X(void, g_error_free, (GError *))                                                           \
    X(void, g_free, (gpointer))                                                                 \
    X(void, g_object_unref, (gpointer))

PDF_FUNCTIONS(DYNLIB_CHECK)
static struct {
    PDF_FUNCTIONS(DYNLIB_MEMBER)
} pp;

/* Open poppler-glib the first time; false with why filled when it is not
 * there. */
static bool load_poppler(char *why, size_t whysize)
{
    static const dynlib_lib lib = {TENSU_POPPLER_SONAME, TENSU_POPPLER_PACKAGE};
    static const char *const names[] = {PDF_FUNCTIONS(DYNLIB_NAME)};
    static bool loaded;
    void *addr[sizeof names / sizeof names[0]];
    _Static_assert(sizeof addr == sizeof pp, "one address a function");
    if (loaded)
        return true;
    if (!dynlib_load(&lib, 1, names, addr, sizeof names / sizeof names[0],
                     "reading a PDF (poppler)", NULL, why, whysize))
        return false;
    memcpy(&pp, addr, sizeof pp);
    loaded = true;
    return true;
}

/* The most pages read in one run (bounded work; LIMITS in tensu(1)). */
#define PDF_MAX_PAGES 2000

char *cli_pdf_text(const char *data, size_t len, int first, int last, int **pages,
                   size_t *nlines, int *npages, char *why, size_t whysize)
{
    GError *error = NULL;
    GBytes *bytes;
    PopplerDocument *doc;
    extract b = {0};
    int count;
    if (!load_poppler(why, whysize))
        return NULL;
    bytes = pp.g_bytes_new_static(data, len);
    doc = pp.poppler_document_new_from_bytes(bytes, NULL, &error);
    if (doc == NULL) {
        snprintf(why, whysize, "not a PDF poppler can read: %s",
                 error ? error->message : "unknown error");
        if (error)
            pp.g_error_free(error);
        pp.g_bytes_unref(bytes);
        return NULL;
    }
    count = pp.poppler_document_get_n_pages(doc);
    *npages = count;
    if (first > count) {
        snprintf(why, whysize, "--pages %d-%d: the document has %d page%s", first, last, count,
                 count == 1 ? "" : "s");
        pp.g_object_unref(doc);
        pp.g_bytes_unref(bytes);
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
        pp.g_object_unref(doc);
        pp.g_bytes_unref(bytes);
        return NULL;
    }
    for (int p = first; p <= last && !b.bad; p++) {
        PopplerPage *page = pp.poppler_document_get_page(doc, p - 1);
        PopplerRectangle *rects = NULL;
        guint nrects = 0;
        char *text;
        char(*ch)[8];    /* each glyph's UTF-8 */
        extract_box *g;
        size_t ng = 0;
        const char *s;
        if (page == NULL)
            continue;
        text = pp.poppler_page_get_text(page);
        if (text == NULL || !pp.poppler_page_get_text_layout(page, &rects, &nrects)) {
            pp.g_free(text);
            pp.g_object_unref(page);
            extract_line(&b, p);
            continue;
        }
        g = malloc((nrects ? nrects : 1) * sizeof *g);
        ch = malloc((nrects ? nrects : 1) * sizeof *ch);
        if (g == NULL || ch == NULL) {
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
                    memcpy(ch[ng], s, k);
                    ch[ng][k] = '\0';
                    if (k == 1 && c == '|')
                        ch[ng][0] = '/'; /* the grid reader's cell separator */
                    g[ng].text = ch[ng];
                    g[ng].x1 = rects[r].x1;
                    g[ng].y1 = rects[r].y1;
                    g[ng].x2 = rects[r].x2;
                    g[ng].y2 = rects[r].y2;
                    ng++;
                }
                s += k;
            }
            /* a row label: at most 4 glyphs ("110", "30fu") */
            extract_boxes(&b, g, ng, 4, 0.5, p);
        }
        free(g);
        free(ch);
        pp.g_free(rects);
        pp.g_free(text);
        pp.g_object_unref(page);
    }
    pp.g_object_unref(doc);
    pp.g_bytes_unref(bytes);
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
