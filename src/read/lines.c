/* The words of a document in regions and lines (table.h): a region is a
 * page, or the upside-down part of a page turned back (a tent card's far
 * face); a line is the words of a region whose heights overlap by half,
 * left to right. */
#include "table.h"

#include <stdlib.h>
#include <string.h>

/* The words sorted by region, then by the middle of their height. */
static int by_place(const void *a, const void *b)
{
    const rword *x = a, *y = b;
    if (x->region != y->region)
        return x->region < y->region ? -1 : 1;
    if (x->cy != y->cy)
        return x->cy < y->cy ? -1 : 1;
    return x->x1 < y->x1 ? -1 : x->x1 > y->x1;
}

static const rword *sort_words;

static int by_x(const void *a, const void *b)
{
    const rword *x = &sort_words[*(const int *)a], *y = &sort_words[*(const int *)b];
    if (x->x1 != y->x1)
        return x->x1 < y->x1 ? -1 : 1;
    return *(const int *)a < *(const int *)b ? -1 : 1;
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double read_median(double *v, int n)
{
    if (n <= 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, by_double);
    return v[n / 2];
}

/* A line whose first word was a speck (a photo's "v" or quote, far
 * smaller than the words beside it): its height and its top and bottom
 * those of its words of the common height, not the speck's. */
static void line_from_specks(page_words *p, rline *l)
{
    double h[64], mid;
    int n = 0;
    for (int j = 0; j < l->n && n < 64; j++)
        h[n++] = p->w[l->at[j]].h;
    if (n < 3)
        return;
    mid = read_median(h, n);
    if (l->h >= 0.6 * mid)
        return;
    l->h = mid;
    l->y1 = 1e300;
    l->y2 = -1e300;
    for (int j = 0; j < l->n; j++) {
        const rword *w = &p->w[l->at[j]];
        if (w->h < 0.6 * mid || w->h > 1.15 * mid)
            continue;
        if (w->y1 < l->y1)
            l->y1 = w->y1;
        if (w->y2 > l->y2)
            l->y2 = w->y2;
    }
}

bool read_page_build(const tensu_words *words, page_words *p)
{
    size_t n = tensu_words_count(words);
    int maxpage = 0;
    double *pw, *ph, common;
    memset(p, 0, sizeof *p);
    p->w = calloc(n ? n : 1, sizeof *p->w);
    p->l = calloc(n ? n : 1, sizeof *p->l);
    p->store = calloc(n ? n : 1, sizeof *p->store);
    if (p->w == NULL || p->l == NULL || p->store == NULL) {
        read_page_free(p);
        return false;
    }
    for (size_t i = 0; i < n; i++)
        if (tensu_words_at(words, i)->page > maxpage)
            maxpage = tensu_words_at(words, i)->page;
    if (maxpage > 100000)
        maxpage = 100000;
    /* each page's size: given, else the extent of its words */
    pw = p->pw = calloc((size_t)maxpage + 1, sizeof *pw);
    ph = p->ph = calloc((size_t)maxpage + 1, sizeof *ph);
    p->npages = maxpage + 1;
    if (pw == NULL || ph == NULL) {
        read_page_free(p);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const tensu_word *w = tensu_words_at(words, i);
        int pg = w->page < 0 ? 0 : w->page > maxpage ? maxpage : w->page;
        if (w->x2 > pw[pg])
            pw[pg] = w->x2;
        if (w->y2 > ph[pg])
            ph[pg] = w->y2;
    }
    for (int pg = 0; pg <= maxpage && (size_t)pg < words->npages; pg++)
        if (words->pages[pg].w > 0) {
            pw[pg] = words->pages[pg].w;
            ph[pg] = words->pages[pg].h;
        }
    for (size_t i = 0; i < n; i++) {
        const tensu_word *w = tensu_words_at(words, i);
        rword *r = &p->w[i];
        int pg = w->page < 0 ? 0 : w->page > maxpage ? maxpage : w->page;
        bool turned = (w->flags & TENSU_WORD_TURNED) != 0;
        r->w = w;
        if (turned) {
            r->x1 = pw[pg] - w->x2;
            r->x2 = pw[pg] - w->x1;
            r->y1 = ph[pg] - w->y2;
            r->y2 = ph[pg] - w->y1;
        } else {
            r->x1 = w->x1, r->x2 = w->x2, r->y1 = w->y1, r->y2 = w->y2;
        }
        r->h = r->y2 - r->y1;
        r->cx = (r->x1 + r->x2) / 2;
        r->cy = (r->y1 + r->y2) / 2;
        r->region = pg * 2 + (turned ? 1 : 0);
    }
    p->nw = (int)n;
    {
        /* the common height of a word (a speck is far smaller) */
        double *h = malloc((n ? n : 1) * sizeof *h);
        if (h == NULL) {
            read_page_free(p);
            return false;
        }
        for (size_t i = 0; i < n; i++)
            h[i] = p->w[i].h;
        common = read_median(h, (int)n);
        free(h);
    }
    qsort(p->w, n, sizeof *p->w, by_place);
    /* lines: a word joins the line before when their heights overlap by
     * half the smaller one */
    for (int i = 0; i < p->nw; i++) {
        rword *r = &p->w[i];
        rline *l = p->nl > 0 ? &p->l[p->nl - 1] : NULL;
        if (l != NULL && l->region == r->region) {
            double over = (r->y2 < l->y2 ? r->y2 : l->y2) - (r->y1 > l->y1 ? r->y1 : l->y1);
            double h = r->h < l->h ? r->h : l->h;
            /* a line begun by specks (a photo's "I" of a word whose other
             * letters were lost) within a word of the common height */
            bool specks = l->h < 0.6 * common && r->h >= 0.8 * common &&
                          r->h <= 1.25 * common && l->y1 >= r->y1 - 1 && l->y2 <= r->y2 + 1;
            /* a word much taller than the line whose middle is past it
             * (an OCR's "3" run into the rule above it) starts its own */
            bool past = r->h > 1.8 * l->h &&
                        (r->cy < l->y1 - 0.25 * l->h || r->cy > l->y2 + 0.25 * l->h);
            if (over >= 0.5 * h && (specks || !past)) {
                l->n++;
                if (specks) {
                    /* the specks' line: the height of that word */
                    l->h = r->h;
                    l->y1 = r->y1;
                    l->y2 = r->y2;
                }
                /* a word much taller than the line (a heading beside two
                 * lines of small print) does not widen it onto the next */
                if (r->h <= 1.15 * l->h) {
                    if (r->y1 < l->y1)
                        l->y1 = r->y1;
                    if (r->y2 > l->y2)
                        l->y2 = r->y2;
                }
                if (r->x1 < l->x1)
                    l->x1 = r->x1;
                if (r->x2 > l->x2)
                    l->x2 = r->x2;
                /* the line's height: its first word's, so that a tall word
                 * does not swallow the lines around it */
                r->line = p->nl - 1;
                continue;
            }
        }
        l = &p->l[p->nl];
        memset(l, 0, sizeof *l);
        l->at = p->store + i;
        l->n = 1;
        l->x1 = r->x1, l->x2 = r->x2, l->y1 = r->y1, l->y2 = r->y2, l->h = r->h;
        l->region = r->region;
        r->line = p->nl++;
    }
    /* each line's words (consecutive in p->w) left to right */
    for (int k = 0, i = 0; k < p->nl; k++) {
        rline *l = &p->l[k];
        for (int j = 0; j < l->n; j++)
            l->at[j] = i + j;
        i += l->n;
        sort_words = p->w;
        qsort(l->at, (size_t)l->n, sizeof *l->at, by_x);
        line_from_specks(p, l);
    }
    return true;
}

void read_page_free(page_words *p)
{
    free(p->w);
    free(p->l);
    free(p->store);
    free(p->pw);
    free(p->ph);
    memset(p, 0, sizeof *p);
}

void read_page_box(const page_words *p, int region, double *x1, double *y1, double *x2,
                   double *y2)
{
    int pg = region / 2;
    double a = *x1, b = *y1;
    if (region % 2 == 0 || pg < 0 || pg >= p->npages)
        return;
    *x1 = p->pw[pg] - *x2;
    *x2 = p->pw[pg] - a;
    *y1 = p->ph[pg] - *y2;
    *y2 = p->ph[pg] - b;
}

void read_words_text(const page_words *p, const rline *l, int from, int to, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int j = from; j < to; j++) {
        const char *t = p->w[l->at[j]].w->text;
        size_t n = strlen(t);
        if (k > 0 && k + 1 < size)
            buf[k++] = ' ';
        if (k + n >= size)
            n = size - k - 1;
        memcpy(buf + k, t, n);
        k += n;
        buf[k] = '\0';
    }
}

int read_line_phrases(const page_words *p, const rline *l, double gap, phrase *out, int max)
{
    int n = 0;
    for (int j = 0; j < l->n && n < max;) {
        int e = j + 1;
        double x2 = p->w[l->at[j]].x2;
        while (e < l->n) {
            const rword *a = &p->w[l->at[e - 1]], *b = &p->w[l->at[e]];
            bool other_cell = a->w->cell > 0 && b->w->cell > 0 && a->w->cell != b->w->cell;
            if (other_cell || b->x1 - x2 > gap * (a->h > b->h ? a->h : b->h))
                break;
            if (b->x2 > x2)
                x2 = b->x2;
            e++;
        }
        out[n].from = j;
        out[n].to = e;
        out[n].x1 = p->w[l->at[j]].x1;
        out[n].x2 = x2;
        out[n].y1 = l->y1;
        out[n].y2 = l->y2;
        read_words_text(p, l, j, e, out[n].text, sizeof out[n].text);
        n++;
        j = e;
    }
    return n;
}

/* The first word not before (region, y). */
static int lower(const page_words *p, int region, double y)
{
    int lo = 0, hi = p->nw;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        const rword *w = &p->w[mid];
        if (w->region < region || (w->region == region && w->cy < y))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void read_slice(const page_words *p, int region, double y1, double y2, int *from, int *to)
{
    *from = lower(p, region, y1);
    *to = y2 > y1 ? lower(p, region, y2) : *from;
}
