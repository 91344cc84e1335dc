/* Layout: the sheet builder (tensu_sheet_build), which fits each page of
 * the template (every size scaled down a little until the page holds its
 * blocks; a page that does not fit may say what to print instead), lays
 * out a table tent's two faces, then checks every glyph, and sets the
 * pages n-up on a larger paper.  What a sheet is built from is opened in
 * sheet_open.c; its blocks are laid out by blocks.c. */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include <stdlib.h>
#include <string.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

/* A table tent: one sheet folded in two along its long side, a face on
 * each half.  Each face is laid out upright in the lower half (its top at
 * the fold); the first face is then turned about the centre of the sheet,
 * so that it stands upside down on the upper half and reads right once the
 * sheet stands folded on the table.  Fold marks at the edges. */
static void layout_faces(sheet_ctx *c, json_t *pg, size_t index)
{
    json_t *faces = json_object_get(pg, "faces");
    double W = c->paper_w, H = c->paper_h, half = H / 2;
    double edge = num(c->tmpl.root, "margin", 20), fold = num(pg, "fold_margin", 14);
    if (json_array_size(faces) != 2) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: page %zu: \"faces\" must hold two faces (the upper, "
                 "printed upside down, then the lower)", c->tmpl.path, index + 1);
        return;
    }
    for (int k = 0; k < 2 && c->status == TENSU_OK; k++) {
        size_t first = c->page->n;
        double h, grow = 0;
        /* a face whose table may grow ("grow") is laid out again with the
         * height left under it shared out to its rows (as a page's) */
        for (;;) {
            c->grow = grow > 0 ? grow : 0;
            c->grows = false;
            page_truncate(c->page, first);
            h = layout_blocks(c, json_array_get(faces, (size_t)k), edge, half + fold,
                              W - 2 * edge);
            if (c->status != TENSU_OK)
                return;
            if (c->grows && grow == 0 && half + fold + h < H - edge - 2) {
                grow = H - edge - (half + fold + h) - 1;
                continue;
            }
            if (grow > 0 && half + fold + h > H - edge) { /* grown, it no longer fits */
                grow = -1;
                continue;
            }
            break;
        }
        c->grow = 0;
        c->grows = false;
        if (half + fold + h > H - edge) {
            ctx_fail(c, TENSU_ERR_RANGE,
                     "%s: face %d of the tent does not fit its half of the paper (%.0f pt for "
                     "%.0f pt): shorten its text or its table",
                     c->tmpl.path, k + 1, h, half - fold - edge);
            return;
        }
        if (k == 0)
            for (size_t i = first; i < c->page->n; i++) {
                tensu_item *it = &c->page->items[i];
                switch (it->kind) {
                case TENSU_ITEM_TEXT:
                    it->x = W - it->x;
                    it->y = H - it->y;
                    it->rot += 180;
                    break;
                case TENSU_ITEM_RECT:
                    it->x = W - it->x - it->w;
                    it->y = H - it->y - it->h;
                    break;
                case TENSU_ITEM_LINE:
                    it->x = W - it->x;
                    it->y = H - it->y;
                    it->w = -it->w;
                    it->h = -it->h;
                    break;
                }
            }
    }
    /* the fold: marks in the margins (where they are wider than the
     * printable 5 mm leaves) and a light line */
    if (edge - 2 - 14.17 >= 3) {
        page_line(c->page, 14.17, half, edge - 2, half, 0.6, 0);
        page_line(c->page, W - edge + 2, half, W - 14.17, half, 0.6, 0);
    }
    page_line(c->page, edge, half, W - edge, half, 0.3, 0.75);
}

static tensu_status build_pages(sheet_ctx *c)
{
    json_t *pages = json_object_get(c->tmpl.root, "pages");
    double margin = num(c->tmpl.root, "margin", 28);
    size_t i;
    json_t *pg;
    if (!json_is_array(pages) || json_array_size(pages) == 0) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: \"pages\" must be a non-empty array",
                 c->tmpl.path, json_file_line(&c->tmpl, "pages"));
        return c->status;
    }
    /* Every page is laid out at the largest scale (up to "max_scale") at
     * which it fits; then all pages again at the smallest of those. */
    double max_scale = num(c->tmpl.root, "max_scale", 1.0) * c->paper_scale, common = max_scale;
    double min_scale = num(c->tmpl.root, "min_scale", 0.6) * c->paper_scale;
    c->min_size = num(c->tmpl.root, "min_size", 0);
    /* a page that flows ("flow": true) takes as many exercises as fit, up
     * to "per_page": where each of its pages ends is found on the first
     * pass and kept for the second */
    int flow_to[TENSU_QUIZ_MAX + 1], nflow = 0;
    size_t flow_page = (size_t)-1;
    for (int pass = 0; pass < 2; pass++) {
    size_t np = 0; /* pages laid out: a page may apply only under some rules */
    json_array_foreach(pages, i, pg) {
        /* a page with "per_page" is repeated for each group of that many
         * exercises (worksheets) */
        int per = (int)num(pg, "per_page", 0), reps = per > 0 ? (c->nquiz + per - 1) / per : 1;
        bool flow = per > 0 && json_is_true(json_object_get(pg, "flow"));
        if (flow && flow_page != (size_t)-1 && flow_page != i) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: only one page may flow", c->tmpl.path,
                     json_file_line(&c->tmpl, "flow"));
            return c->status;
        }
        if (flow)
            flow_page = i;
        for (int rep = 0;; rep++) {
        const char *footer = json_string_value(json_object_get(pg, "footer"));
        /* "footer_short": said instead of a footer longer than a line (one
         * key, or keys tried in turn) */
        json_t *footer_short = json_object_get(pg, "footer_short");
        double fs = num(c->tmpl.root, "footer_size", 7), bottom;
        int from = per > 0 ? rep * per : 0;
        if (flow) {
            from = rep == 0 ? 0 : flow_to[rep - 1];
            if ((pass == 0 && rep > 0 && from >= c->nquiz) || (pass == 1 && rep >= nflow) ||
                rep > TENSU_QUIZ_MAX)
                break;
        } else if (rep >= (reps > 0 ? reps : 1)) {
            break;
        }
        c->quiz_from = from;
        /* the footer's last line stays inside the printable margin (5 mm) */
        double foot_gap = margin * 0.6 > 15 ? margin * 0.6 : 15;
        if (!when_ok(c, pg)) {
            if (c->status != TENSU_OK)
                return c->status;
            break; /* nor any of its repeats */
        }
        if (pass == 0) {
            c->page = doc_add_page(c->doc, c->paper_w, c->paper_h);
            if (c->page == NULL) {
                ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
                return c->status;
            }
        } else {
            c->page = &c->doc->pages[np];
        }
        np++;
        if (json_object_get(pg, "faces")) {
            c->scale = max_scale;
            page_clear(c->page);
            layout_faces(c, pg, i);
            if (c->status != TENSU_OK)
                return c->status;
            continue;
        }
        /* a page whose blocks may grow (a point table's "grow") is laid out
         * again, at the same scale, with the height left under it shared
         * out to them (-1: grown, it did not fit; not again) */
        double grow = 0;
        for (c->scale = pass ? common : max_scale;;) {
            double h, fh = 0;
            c->grow = grow > 0 ? grow : 0;
            c->grows = false;
            page_clear(c->page);
            if (footer) {
                char *t = cat_expand(c, footer, NULL);
                /* measure the footer, then place it at the bottom */
                fh = flow_text(c, margin, 0, c->paper_w - 2 * margin, fs, TENSU_FONT_REGULAR,
                               0.3, t, 0);
                for (size_t k = 0; short_key(footer_short, k) != NULL &&
                                   fh > line_height(c, fs) + 1e-6;
                     k++) {
                    free(t);
                    t = cat_expand(c, short_key(footer_short, k), NULL);
                    page_clear(c->page);
                    fh = flow_text(c, margin, 0, c->paper_w - 2 * margin, fs,
                                   TENSU_FONT_REGULAR, 0.3, t, 0);
                }
                page_clear(c->page);
                flow_text(c, margin, c->paper_h - foot_gap - fh, c->paper_w - 2 * margin,
                          fs, TENSU_FONT_REGULAR, 0.3, t, 0);
                for (size_t k = 0; k < c->page->n; k++) /* the footer's runs, for tests */
                    item_set_tag(&c->page->items[k], "footer");
                free(t);
            }
            bottom = c->paper_h - foot_gap - fh - 4;
            c->quiz_to = flow && pass == 1            ? flow_to[rep]
                         : per > 0 && from + per < c->nquiz ? from + per
                                                            : c->nquiz;
            c->quiz_flow = flow && pass == 0;
            c->quiz_bottom = bottom;
            h = layout_blocks(c, json_object_get(pg, "blocks"), margin, margin,
                              c->paper_w - 2 * margin);
            if (c->status != TENSU_OK)
                return c->status;
            if (margin + h <= bottom && c->grows && grow == 0 && bottom - (margin + h) > 2) {
                grow = bottom - (margin + h) - 1;
                continue;
            }
            if (margin + h <= bottom) {
                if (c->scale < common)
                    common = c->scale;
                if (flow && pass == 0)
                    flow_to[nflow++] = c->quiz_to;
                /* "fit_height": the page only as tall as its content, the
                 * footer moved up under it (a picture to share) */
                if (pass == 1 && json_is_true(json_object_get(c->tmpl.root, "fit_height")) &&
                    bottom - (margin + h) > 0) {
                    double cut = bottom - (margin + h);
                    for (size_t k = 0; k < c->page->n; k++)
                        if (c->page->items[k].tag &&
                            strcmp(c->page->items[k].tag, "footer") == 0)
                            c->page->items[k].y -= cut;
                    c->page->height -= cut;
                }
                break;
            }
            if (grow > 0) { /* grown, it no longer fits: as it was, never grown */
                grow = -1;
                continue;
            }
            if (c->scale <= min_scale + 1e-9) {
                c->unfit_page = (int)i;
                ctx_fail(c, TENSU_ERR_RANGE,
                         "%s: page %zu does not fit on the paper at %.0f%% size (its least "
                         "size): shorten its text or move a block to another page",
                         c->tmpl.path, i + 1, min_scale * 100);
                return c->status;
            }
            c->scale = c->scale * 0.97 < min_scale ? min_scale : c->scale * 0.97;
        }
        c->grow = 0;
        c->grows = false;
        }
    }
    }
    return c->status;
}

/* Every character drawn must have a glyph in its font. */
static void check_coverage(sheet_ctx *c)
{
    for (size_t p = 0; p < c->doc->npages; p++)
        for (size_t i = 0; i < c->doc->pages[p].n; i++) {
            const tensu_item *it = &c->doc->pages[p].items[i];
            uint32_t cp = 0;
            if (it->kind != TENSU_ITEM_TEXT ||
                tensu_fontset_covers(c->doc->fonts, it->font, it->text, &cp))
                continue;
            ctx_fail(c, TENSU_ERR_INVALID, "font %s has no glyph for U+%04X in \"%s\"",
                     tensu_fontset_path(c->doc->fonts, it->font), (unsigned)cp, it->text);
            return;
        }
}

/* Set each page n-up on the larger paper (a pocket card four times on
 * A4), with cut marks in the white between the copies and at the edges,
 * inside the printable margin.  The copies of a back page fall behind
 * those of its front, as every copy is the same. */
static void impose(sheet_ctx *c)
{
    tensu_doc *d = c->doc;
    tensu_page *old = d->pages;
    size_t n = d->npages;
    double cw = c->impose_w / c->impose_across, ch = c->impose_h / c->impose_down;
    const double edge = 14.17, mark = 12; /* 5 mm printable margin, 4 mm marks */
    d->pages = NULL;
    d->npages = 0;
    for (size_t p = 0; p < n && c->status == TENSU_OK; p++) {
        tensu_page *np = doc_add_page(d, c->impose_w, c->impose_h);
        if (np == NULL) {
            ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
            break;
        }
        for (int a = 0; a < c->impose_across; a++)
            for (int b = 0; b < c->impose_down; b++) {
                double dx = a * cw + (cw - old[p].width) / 2,
                       dy = b * ch + (ch - old[p].height) / 2;
                for (size_t i = 0; i < old[p].n; i++)
                    if (page_copy_item(np, &old[p].items[i], dx, dy) == NULL)
                        ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
            }
        for (int a = 1; a < c->impose_across; a++) {
            double x = a * cw;
            page_line(np, x, edge, x, edge + mark, 0.5, 0);
            page_line(np, x, c->impose_h - edge - mark, x, c->impose_h - edge, 0.5, 0);
            for (int b = 1; b < c->impose_down; b++) /* a small cross where cuts meet */
                page_line(np, x, b * ch - mark / 2, x, b * ch + mark / 2, 0.5, 0);
        }
        for (int b = 1; b < c->impose_down; b++) {
            double y = b * ch;
            page_line(np, edge, y, edge + mark, y, 0.5, 0);
            page_line(np, c->impose_w - edge - mark, y, c->impose_w - edge, y, 0.5, 0);
            for (int a = 1; a < c->impose_across; a++)
                page_line(np, a * cw - mark / 2, y, a * cw + mark / 2, y, 0.5, 0);
        }
    }
    for (size_t p = 0; p < n; p++) {
        page_clear(&old[p]);
        free(old[p].items);
    }
    free(old);
}

/* Large print: every text black (no grey), for the highest contrast. */
static void all_black(sheet_ctx *c)
{
    for (size_t p = 0; p < c->doc->npages; p++)
        for (size_t i = 0; i < c->doc->pages[p].n; i++) {
            tensu_item *it = &c->doc->pages[p].items[i];
            if (it->kind == TENSU_ITEM_TEXT && it->ink < 0.5)
                it->ink = 0;
        }
}

/* A page that does not fit may say what to print instead ("or": a list
 * of pages, e.g. its blocks over two pages when the rules in force say
 * more than one page holds): the template's page is replaced by them and
 * the sheet laid out again.  Returns false when the page has no "or". */
static bool use_or_pages(sheet_ctx *c)
{
    json_t *pages = json_object_get(c->tmpl.root, "pages");
    json_t *pg = json_array_get(pages, (size_t)c->unfit_page), *alt, *q;
    tensu_doc *d = c->doc;
    size_t k;
    alt = json_object_get(pg, "or");
    if (c->unfit_page < 0 || !json_is_array(alt) || json_array_size(alt) == 0)
        return false;
    json_incref(alt);
    json_array_remove(pages, (size_t)c->unfit_page);
    json_array_foreach(alt, k, q)
        json_array_insert(pages, (size_t)c->unfit_page + k, q);
    json_decref(alt);
    doc_clear_pages(d);
    c->page = NULL;
    c->unfit_page = -1;
    c->status = TENSU_OK;
    if (c->err)
        memset(c->err, 0, sizeof *c->err);
    return true;
}

tensu_doc *tensu_sheet_build(const tensu_sheet_opts *o, const tensu_rules *r, tensu_error *err)
{
    sheet_ctx c;
    if (sheet_ctx_open(&c, o, r, true, err) == TENSU_OK) {
        while (build_pages(&c) == TENSU_ERR_RANGE && use_or_pages(&c))
            ;
    }
    if (c.status == TENSU_OK)
        check_coverage(&c);
    if (c.status == TENSU_OK && json_is_true(json_object_get(c.tmpl.root, "black")))
        all_black(&c);
    if (c.status == TENSU_OK && c.impose_across > 0)
        impose(&c);
    sheet_ctx_close(&c);
    return c.doc;
}
