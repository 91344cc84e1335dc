/* PDF documents as words (tensu verify book.pdf): each page's characters
 * with their boxes (poppler), made into words (a space, a gap wider than
 * a sixth of their height, or another line ends a word), each word on its
 * page.  Text printed upside down (a tent card's far face) is marked so
 * (its characters run right to left and bottom up), for the table reader
 * to turn it back.  Words only: finding the tables in them is the table
 * reader's.
 *
 * poppler-glib is opened at the first PDF read (dynlib.h): its header
 * gives the types, the table below the functions. */
#include "doc.h"
#include "dynlib.h"
#include "words.h"

#include <poppler.h>

#include <stdio.h>
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
    X(void, poppler_page_get_size, (PopplerPage *, double *, double *))                         \
    X(char *, poppler_page_get_text, (PopplerPage *))                                           \
    X(gboolean, poppler_page_get_text_layout, (PopplerPage *, PopplerRectangle **, guint *))    \
    X(GList *, poppler_page_get_text_attributes, (PopplerPage *))                              \
    X(void, poppler_page_free_text_attributes, (GList *))                                       \
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

/* A word being made of characters. */
typedef struct wbuf {
    char text[256];
    size_t n;
    double x1, y1, x2, y2;
    int chars;
    int backwards;   /* characters placed right to left */
    bool bold;
} wbuf;

static tensu_status flush(wbuf *b, tensu_words *w, int page, tensu_error *err)
{
    tensu_word word;
    tensu_status st;
    if (b->n == 0)
        return TENSU_OK;
    memset(&word, 0, sizeof word);
    b->text[b->n] = '\0';
    word.text = b->text;
    word.x1 = b->x1, word.y1 = b->y1, word.x2 = b->x2, word.y2 = b->y2;
    word.page = page;
    word.line = page;
    word.conf = 100;
    /* its characters right to left: printed upside down */
    if (b->backwards > 0)
        word.flags |= TENSU_WORD_TURNED;
    if (b->bold)
        word.flags |= TENSU_WORD_BOLD;
    st = tensu_words_add(w, &word, err);
    b->n = 0;
    b->chars = 0;
    b->backwards = 0;
    b->bold = false;
    return st;
}

/* Is the character at byte offset `at` of the page's text in a bold font? */
static bool bold_at(GList *attrs, size_t at)
{
    for (GList *l = attrs; l != NULL; l = l->next) {
        const PopplerTextAttributes *a = l->data;
        if ((size_t)a->start_index <= at && at <= (size_t)a->end_index)
            return a->font_name != NULL && (strstr(a->font_name, "Bold") != NULL ||
                                            strstr(a->font_name, "bold") != NULL ||
                                            strstr(a->font_name, "Black") != NULL);
    }
    return false;
}

/* The words of one page. */
static tensu_status page_words(PopplerPage *page, int p, tensu_words *w, tensu_error *err)
{
    PopplerRectangle *rects = NULL;
    guint nrects = 0;
    char *text = pp.poppler_page_get_text(page);
    GList *attrs;
    wbuf b;
    PopplerRectangle prev = {0, 0, 0, 0};
    bool joined = false;
    tensu_status st = TENSU_OK;
    const char *s;
    size_t r = 0, chi = 0;
    double pw = 0, ph = 0;
    if (text == NULL || !pp.poppler_page_get_text_layout(page, &rects, &nrects)) {
        pp.g_free(text);
        return TENSU_OK;
    }
    size_t first = w->n;
    pp.poppler_page_get_size(page, &pw, &ph);
    st = tensu_words_page_size(w, p, pw, ph, err);
    attrs = pp.poppler_page_get_text_attributes(page);
    memset(&b, 0, sizeof b);
    /* one rectangle per character of the text (the attributes count
     * characters too) */
    for (s = text; *s && r < nrects && st == TENSU_OK; r++, chi++) {
        size_t k = 1;
        unsigned char c = (unsigned char)*s;
        const PopplerRectangle *q = &rects[r];
        double h = q->y2 - q->y1;
        if (c >= 0xC0)
            while (k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80)
                k++;
        if (b.n > 0 && b.n + k + 1 < sizeof b.text &&
            ((k == 2 && c == 0xC2 && (unsigned char)s[1] == 0xA0) ||
             (k == 3 && c == 0xE2 && (unsigned char)s[1] == 0x80 &&
              ((unsigned char)s[2] == 0xAF || (unsigned char)s[2] == 0x89)))) {
            /* a no-break space inside a word: "12 000" is one amount */
            memcpy(b.text + b.n, s, k);
            b.n += k;
            s += k;
            joined = true;
            continue;
        }
        if (c == ' ' && b.n > 0 && b.n + 4 < sizeof b.text && b.text[b.n - 1] >= '0' &&
            b.text[b.n - 1] <= '9' && r + 1 < nrects && s[1] >= '0' && s[1] <= '9' &&
            s[2] >= '0' && s[2] <= '9' && s[3] >= '0' && s[3] <= '9' &&
            !(s[4] >= '0' && s[4] <= '9') && rects[r + 1].x1 - b.x2 < 0.5 * (b.y2 - b.y1)) {
            /* a space between groups of digits, narrow: "12 000" is one
             * amount (kept with a narrow no-break space) */
            memcpy(b.text + b.n, "\xE2\x80\xAF", 3);
            b.n += 3;
            s += k;
            joined = true;
            continue;
        }
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || !(q->x2 > q->x1) ||
            !(q->y2 > q->y1)) {
            st = flush(&b, w, p, err);
            s += k;
            continue;
        }
        if (b.n > 0) {
            /* the next character of the word: on its line, next to the one
             * before, in the word's direction (right to left when it is
             * printed upside down) */
            double cy = (q->y1 + q->y2) / 2, py = (prev.y1 + prev.y2) / 2;
            double gap_f = q->x1 - prev.x2, gap_b = prev.x1 - q->x2;
            double tol = (joined ? 0.6 : 0.17) * h; /* after a space kept in the word */
            bool same = cy > py - 0.5 * h && cy < py + 0.5 * h;
            bool fwd = gap_f <= tol && q->x1 >= prev.x1 + 0.05 * h;
            bool bwd = gap_b <= tol && q->x2 <= prev.x2 - 0.05 * h;
            bool ok = same && (b.chars == 1 ? (fwd || bwd) : b.backwards > 0 ? bwd : fwd);
            if (!ok || b.n + k + 1 >= sizeof b.text)
                st = flush(&b, w, p, err);
            else if (bwd && !fwd)
                b.backwards++;
        }
        if (st != TENSU_OK)
            break;
        if (b.n == 0) {
            b.x1 = q->x1, b.y1 = q->y1, b.x2 = q->x2, b.y2 = q->y2;
            b.bold = bold_at(attrs, chi);
        } else {
            if (q->x1 < b.x1)
                b.x1 = q->x1;
            if (q->y1 < b.y1)
                b.y1 = q->y1;
            if (q->x2 > b.x2)
                b.x2 = q->x2;
            if (q->y2 > b.y2)
                b.y2 = q->y2;
        }
        prev = *q;
        joined = false;
        memcpy(b.text + b.n, s, k);
        b.n += k;
        b.chars++;
        if (k == 1 && c == '|')
            b.text[b.n - 1] = '/';
        s += k;
    }
    if (st == TENSU_OK)
        st = flush(&b, w, p, err);
    /* a word of one character tells no direction: upside down when the
     * words beside it on its line are */
    for (size_t i = first; i < w->n && st == TENSU_OK; i++) {
        tensu_word *a = &w->words[i];
        const unsigned char *t = (const unsigned char *)a->text;
        size_t len = strlen(a->text);
        bool one = len == 1 || (len > 1 && t[0] >= 0xC0 && len <= 4);
        double h = a->y2 - a->y1, best = 1e300;
        int turned = -1;
        if (!one || (a->flags & TENSU_WORD_TURNED))
            continue;
        for (size_t j = first; j < w->n; j++) {
            const tensu_word *o = &w->words[j];
            double over = (o->y2 < a->y2 ? o->y2 : a->y2) - (o->y1 > a->y1 ? o->y1 : a->y1);
            double d = o->x1 > a->x2 ? o->x1 - a->x2 : a->x1 > o->x2 ? a->x1 - o->x2 : 0;
            if (j == i || over < 0.5 * h || strlen(o->text) < 2 || d >= best || d > 4 * h)
                continue;
            best = d;
            turned = (o->flags & TENSU_WORD_TURNED) != 0;
        }
        if (turned == 1)
            a->flags |= TENSU_WORD_TURNED;
    }
    if (attrs != NULL)
        pp.poppler_page_free_text_attributes(attrs);
    pp.g_free(rects);
    pp.g_free(text);
    return st;
}

tensu_status doc_pdf_words(const char *data, size_t len, int first, int last, tensu_words **out,
                           int *npages, char *why, size_t whysize)
{
    GError *error = NULL;
    GBytes *bytes;
    PopplerDocument *doc;
    tensu_words *w;
    tensu_error err;
    tensu_status st = TENSU_OK;
    int count;
    *out = NULL;
    if (!load_poppler(why, whysize))
        return TENSU_ERR_INVALID;
    bytes = pp.g_bytes_new_static(data, len);
    doc = pp.poppler_document_new_from_bytes(bytes, NULL, &error);
    if (doc == NULL) {
        snprintf(why, whysize, "not a PDF poppler can read: %s",
                 error ? error->message : "unknown error");
        if (error)
            pp.g_error_free(error);
        pp.g_bytes_unref(bytes);
        return TENSU_ERR_INVALID;
    }
    count = pp.poppler_document_get_n_pages(doc);
    *npages = count;
    if (first > count) {
        snprintf(why, whysize, "--pages %d-%d: the document has %d page%s", first, last, count,
                 count == 1 ? "" : "s");
        pp.g_object_unref(doc);
        pp.g_bytes_unref(bytes);
        return TENSU_ERR_RANGE;
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
        return TENSU_ERR_RANGE;
    }
    w = tensu_words_new(TENSU_PLACES_PAGES);
    if (w == NULL) {
        snprintf(why, whysize, "out of memory");
        st = TENSU_ERR_NOMEM;
    }
    memset(&err, 0, sizeof err);
    for (int p = first; p <= last && st == TENSU_OK; p++) {
        PopplerPage *page = pp.poppler_document_get_page(doc, p - 1);
        if (page == NULL)
            continue;
        st = page_words(page, p, w, &err);
        pp.g_object_unref(page);
    }
    pp.g_object_unref(doc);
    pp.g_bytes_unref(bytes);
    if (st != TENSU_OK) {
        if (w != NULL)
            snprintf(why, whysize, "%s", err.message);
        tensu_words_free(w);
        return st;
    }
    if (tensu_words_count(w) == 0) {
        snprintf(why, whysize, "no text in pages %d to %d", first, last);
        tensu_words_free(w);
        return TENSU_ERR_INVALID;
    }
    *out = w;
    return TENSU_OK;
}
