/* Checks of a rendered page model shared by the sheet tests. */
#ifndef TENSU_SHEET_CHECKS_H
#define TENSU_SHEET_CHECKS_H

#include "harness.h"
#include "../src/render/sheet.h"

static const char *tag_text(const tensu_doc *d, const char *tag)
{
    const tensu_item *it = d ? tensu_doc_find_tag(d, tag) : NULL;
    return it ? it->text : NULL;
}

/* Every item on its page; no two text runs overlap. */
static void check_geometry(const tensu_doc *d, const char *what)
{
    int outside = 0, overlaps = 0;
    for (size_t p = 0; p < d->npages; p++) {
        const tensu_page *pg = &d->pages[p];
        for (size_t i = 0; i < pg->n; i++) {
            const tensu_item *a = &pg->items[i];
            double ax0 = a->x, ax1 = a->x + a->w, ay0 = a->y, ay1 = a->y + a->h;
            if (a->kind == TENSU_ITEM_TEXT) {
                ay0 = a->y - 0.72 * a->h;
                ay1 = a->y + 0.2 * a->h;
            }
            if (ax0 < -0.01 || ay0 < -0.01 || ax1 > pg->width + 0.01 || ay1 > pg->height + 0.01) {
                if (outside++ < 3)
                    fprintf(stderr, "%s: item outside the page: %s\n", what,
                            a->text ? a->text : "(box)");
            }
            if (a->kind != TENSU_ITEM_TEXT)
                continue;
            for (size_t j = i + 1; j < pg->n; j++) {
                const tensu_item *b = &pg->items[j];
                double bx0 = b->x, bx1 = b->x + b->w, by0 = b->y - 0.72 * b->h,
                       by1 = b->y + 0.2 * b->h;
                if (b->kind != TENSU_ITEM_TEXT)
                    continue;
                if (ax0 < bx1 - 0.3 && bx0 < ax1 - 0.3 && ay0 < by1 - 0.3 && by0 < ay1 - 0.3) {
                    if (overlaps++ < 3)
                        fprintf(stderr, "%s: \"%s\" overlaps \"%s\"\n", what, a->text, b->text);
                }
            }
        }
    }
    CHECK_EQ(outside, 0);
    CHECK_EQ(overlaps, 0);
}

/* French: a no-break space (U+00A0 or U+202F) before every ':' ';' and
 * grouped thousands with U+202F. */
static void check_french(const tensu_doc *d)
{
    int bad = 0, colons = 0;
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++) {
            const tensu_item *it = &d->pages[p].items[i];
            if (it->kind != TENSU_ITEM_TEXT)
                continue;
            for (const char *s = it->text; *s; s++) {
                if (*s != ':' && *s != ';')
                    continue;
                colons++;
                if (!(s - it->text >= 2 && (unsigned char)s[-2] == 0xC2 &&
                      (unsigned char)s[-1] == 0xA0) &&
                    !(s - it->text >= 3 && memcmp(s - 3, "\u202f", 3) == 0)) {
                    if (bad++ < 3)
                        fprintf(stderr, "no no-break space before '%c' in \"%s\"\n", *s,
                                it->text);
                }
            }
        }
    CHECK(colons > 3);
    CHECK_EQ(bad, 0);
}

#endif
