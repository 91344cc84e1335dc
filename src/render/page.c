/* The page model: pages of positioned text runs, boxes and rules. */
#include "sheet.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *text_dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

tensu_page *doc_add_page(tensu_doc *d, double width, double height)
{
    tensu_page *pages = realloc(d->pages, (d->npages + 1) * sizeof *pages);
    tensu_page *p;
    if (pages == NULL)
        return NULL;
    d->pages = pages;
    p = &pages[d->npages++];
    memset(p, 0, sizeof *p);
    p->width = width;
    p->height = height;
    return p;
}

/* A new item of this kind and box at the end of the page, the rest zero
 * (no fill); NULL when out of memory. */
static tensu_item *add(tensu_page *p, tensu_item_kind kind, double x, double y, double w,
                       double h)
{
    tensu_item *it;
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 256;
        tensu_item *items = realloc(p->items, cap * sizeof *items);
        if (items == NULL)
            return NULL;
        p->items = items;
        p->cap = cap;
    }
    it = &p->items[p->n++];
    memset(it, 0, sizeof *it);
    it->fill = -1;
    it->kind = kind;
    it->x = x;
    it->y = y;
    it->w = w;
    it->h = h;
    return it;
}

tensu_item *page_text(tensu_page *p, double x, double y, tensu_font_role font, double size,
                      double ink, const char *text, double width)
{
    tensu_item *it;
    char *t = text_dup(text);
    if (t == NULL || (it = add(p, TENSU_ITEM_TEXT, x, y, width, size)) == NULL) {
        free(t);
        return NULL;
    }
    it->font = font;
    it->ink = ink;
    it->text = t;
    return it;
}

void page_rect(tensu_page *p, double x, double y, double w, double h, double fill,
               double stroke, double ink)
{
    tensu_item *it = add(p, TENSU_ITEM_RECT, x, y, w, h);
    if (it == NULL)
        return;
    it->fill = fill;
    it->stroke = stroke;
    it->ink = ink;
}

void page_line(tensu_page *p, double x1, double y1, double x2, double y2, double width,
               double ink)
{
    tensu_item *it = add(p, TENSU_ITEM_LINE, x1, y1, x2 - x1, y2 - y1);
    if (it == NULL)
        return;
    it->stroke = width;
    it->ink = ink;
}

bool item_set_tag(tensu_item *it, const char *fmt, ...)
{
    char buf[128];
    va_list ap;
    if (it == NULL)
        return false;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(it->tag);
    it->tag = text_dup(buf);
    return it->tag != NULL;
}

tensu_item *page_copy_item(tensu_page *dst, const tensu_item *src, double dx, double dy)
{
    tensu_item *it = add(dst, src->kind, src->x, src->y, src->w, src->h);
    if (it == NULL)
        return NULL;
    *it = *src; /* every field, then its own copies of the owned strings */
    it->text = src->text ? text_dup(src->text) : NULL;
    it->tag = src->tag ? text_dup(src->tag) : NULL;
    it->x += dx;
    it->y += dy;
    if ((src->text && it->text == NULL) || (src->tag && it->tag == NULL)) {
        free(it->text);
        free(it->tag);
        dst->n--;
        return NULL;
    }
    return it;
}

void page_truncate(tensu_page *p, size_t n)
{
    for (size_t i = n; i < p->n; i++) {
        free(p->items[i].text);
        free(p->items[i].tag);
    }
    if (n < p->n)
        p->n = n;
}

void page_clear(tensu_page *p)
{
    page_truncate(p, 0);
}

void doc_clear_pages(tensu_doc *d)
{
    for (size_t i = 0; i < d->npages; i++) {
        page_clear(&d->pages[i]);
        free(d->pages[i].items);
    }
    free(d->pages);
    d->pages = NULL;
    d->npages = 0;
}

void tensu_doc_free(tensu_doc *d)
{
    if (d == NULL)
        return;
    doc_clear_pages(d);
    tensu_fontset_free(d->fonts);
    free(d);
}

const tensu_item *tensu_doc_find_tag(const tensu_doc *d, const char *tag)
{
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++) {
            const tensu_item *it = &d->pages[p].items[i];
            if (it->tag != NULL && strcmp(it->tag, tag) == 0)
                return it;
        }
    return NULL;
}
