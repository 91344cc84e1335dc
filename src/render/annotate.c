/* The annotated chart (tensu verify --annotate): the chart's own cells
 * laid out like the club card (fu rows x han columns, non-dealer and
 * dealer, ron above tsumo; then the rows without fu), every wrong value
 * marked white on black in a thick frame with the expected value and a
 * short cause beneath, warnings shaded, cells the chart lacks hatched.
 * Nothing here decides a payment: the values drawn are the chart's, every
 * verdict and expected value is the verifier's (tensu_verdict).
 *
 * This file: the pages (each section placed where it fits, a grid split
 * between fu rows over pages, one page tried at a smaller size), the rows
 * and columns the chart has, the template, catalog and fonts, and the
 * build (tensu_annotate_build).  The cells are drawn in annotate_cells.c,
 * the header and its legend in annotate_header.c; what they share is in
 * annotation.h. */
#define _POSIX_C_SOURCE 200809L
#include "annotation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(json_t *o, const char *key, double dflt)
{
    json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

/* The least zoom that keeps every text at 7 pt or more. */
static double min_zoom(const ann *a)
{
    const double *v = &a->base.title;
    double least = 1e9;
    for (size_t i = 0; i < sizeof a->base / sizeof *v; i++)
        if (v[i] > 0 && v[i] < least)
            least = v[i];
    return least < 1e9 ? 7.0 / least : 1;
}

/* Every size scaled by z, none under 7 pt: a chart kept on one page
 * shrinks its larger texts only. */
static double at_least7(double base, double z)
{
    double v = base * z;
    return v < 7 && base > 0 ? (base < 7 ? base : 7) : v;
}

static void set_zoom(ann *a, double z)
{
    a->s.title = at_least7(a->base.title, z);
    a->s.text = at_least7(a->base.text, z);
    a->s.head = at_least7(a->base.head, z);
    a->s.ron = at_least7(a->base.ron, z);
    a->s.tsumo = at_least7(a->base.tsumo, z);
    a->s.expected = at_least7(a->base.expected, z);
    a->s.cause = at_least7(a->base.cause, z);
    a->s.legend = at_least7(a->base.legend, z);
    a->s.footer = at_least7(a->base.footer, z);
}

/* ---- pages ---- */

static void new_page(ann *a)
{
    char *t;
    a->c.page = doc_add_page(a->c.doc, a->c.paper_w, a->c.paper_h);
    if (a->c.page == NULL) {
        ctx_fail(&a->c, TENSU_ERR_NOMEM, "out of memory");
        return;
    }
    a->y = a->margin;
    a->fresh = true;
    if (a->c.doc->npages > 1) {
        t = cat_expand(&a->c, "annotate.continued", NULL);
        put_text(&a->c, a->margin, a->y + a->s.head * 1.1, a->width, 'l', TENSU_FONT_BOLD,
                 a->s.head * 1.1, 0.3, t);
        free(t);
        a->y += a->s.head * 2;
    }
}

/* Place a section: on this page when it fits, else on a new page; a
 * section taller than a whole page is drawn smaller (down to 55%). */
static void place(ann *a, section_fn fn, const void *arg)
{
    tensu_page *p = a->c.page;
    size_t mark = p->n;
    double h = fn(a, arg, a->margin, a->y, a->width);
    if (a->y + h > a->bottom && !a->fresh) {
        page_truncate(p, mark);
        new_page(a);
        if (a->c.status != TENSU_OK)
            return;
        p = a->c.page;
        mark = p->n;
        h = fn(a, arg, a->margin, a->y, a->width);
    }
    if (a->y + h > a->bottom) {
        double z = (a->bottom - a->y) / h * 0.98;
        page_truncate(p, mark);
        /* a section taller than a page: smaller, but never under 7 pt */
        set_zoom(a, a->zoom * (z < min_zoom(a) ? min_zoom(a) : z));
        h = fn(a, arg, a->margin, a->y, a->width);
        set_zoom(a, a->zoom);
    }
    a->y += h + GAP;
    a->fresh = false;
}

static void footers(ann *a)
{
    size_t n = a->c.doc->npages;
    for (size_t i = 0; i < n; i++) {
        tensu_page *p = &a->c.doc->pages[i];
        json_t *v = json_object();
        double by = p->height - a->margin * 0.55, pw;
        char *t;
        a->c.page = p;
        var_set(v, "page", "%zu", i + 1);
        var_set(v, "pages", "%zu", n);
        t = cat_expand(&a->c, "annotate.page", v);
        pw = text_width(&a->c, TENSU_FONT_REGULAR, a->s.footer, t) + 4;
        put_text(&a->c, a->margin + a->width - pw, by, pw, 'r', TENSU_FONT_REGULAR, a->s.footer,
                 0.3, t);
        free(t);
        t = cat_expand(&a->c, "annotate.footer", NULL);
        put_text(&a->c, a->margin, by, a->width - pw - 10, 'l', TENSU_FONT_REGULAR, a->s.footer,
                 0.3, t);
        free(t);
        json_decref(v);
    }
}

/* ---- the rows and columns the chart has ---- */

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

static int add_unique(int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return n;
    v[n] = x;
    return n + 1;
}

static int cmp_rowkey(const void *x, const void *y)
{
    const rowkey *a = x, *b = y;
    int ka[4] = {a->limit == TENSU_LIMIT_NONE ? 0 : 1, a->limit == TENSU_LIMIT_NONE ? a->han
                                                                                    : (int)a->limit,
                 a->yakuman, a->fu};
    int kb[4] = {b->limit == TENSU_LIMIT_NONE ? 0 : 1, b->limit == TENSU_LIMIT_NONE ? b->han
                                                                                    : (int)b->limit,
                 b->yakuman, b->fu};
    for (int i = 0; i < 4; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

/* What the chart has: han columns and fu rows of the grid, rows without fu. */
typedef struct axes {
    const int *hans;
    int nh;
    const int *fus;
    int nf;
    const rowkey *rows;
    int nr;
} axes;

#define MIN_FIT                                                                                    \
    0.8 /* smallest zoom tried to keep a chart on one page (texts stay at 7 pt                     \
           or more) */


/* The height of fu rows [start, start + n) of a grid, drawn and taken away. */
static double rows_h(ann *a, const grid_arg *g, int start, int n)
{
    grid_arg part = *g;
    size_t mark = a->c.page->n;
    double h;
    part.fus = g->fus + start;
    part.nf = n;
    h = grid_section(a, &part, a->margin, a->y, a->width);
    page_truncate(a->c.page, mark);
    return h;
}

/* The most rows from start that fit in avail (0 when not one). */
static int rows_fit(ann *a, const grid_arg *g, int start, double avail)
{
    int n = g->nf - start;
    while (n > 0 && rows_h(a, g, start, n) > avail)
        n--;
    return n;
}

/* The new pages the rows from start take, each as full as it can be. */
static int pages_for(ann *a, const grid_arg *g, int start, double avail)
{
    int k = 0;
    while (start < g->nf) {
        int n = rows_fit(a, g, start, avail);
        start += n > 0 ? n : 1;
        k++;
    }
    return k;
}

/* Place a grid whose fu rows may not fit on one page: split between fu
 * rows, each part with its heads, so that no text goes under 7 pt and
 * none runs off the paper.  A grid that fits on a new page goes there
 * whole; one that takes several pages starts on this page only when that
 * saves a page or puts a fair share of the rows here (never one row left
 * alone), and its rows are shared evenly between the pages it takes: no
 * last page with a few rows and the rest of it empty. */
static void place_grid(ann *a, const grid_arg *g)
{
    double fresh_avail = a->bottom - (a->margin + a->s.head * 2);
    int start = 0, here = rows_fit(a, g, 0, a->bottom - a->y);

    if (here < g->nf && !a->fresh) {
        int fresh = pages_for(a, g, 0, fresh_avail);
        int after = here > 0 ? pages_for(a, g, here, fresh_avail) : fresh + 1;
        int share = (g->nf + after) / (after + 1); /* rows a page if it starts here */
        bool stay = fresh > 1 && here > 1 &&
                    (after < fresh || (after == fresh && 2 * here >= share));
        if (!stay)
            new_page(a);
    }
    while (start < g->nf && a->c.status == TENSU_OK) {
        int fit = rows_fit(a, g, start, a->bottom - a->y), n, left, even;
        double h;
        if (fit == 0 && !a->fresh) {
            new_page(a);
            continue;
        }
        if (fit == 0)
            fit = 1; /* one row taller than a page: drawn as it is */
        n = fit;
        if (start + fit < g->nf) {
            /* as many rows on each page the grid takes, if it takes no more */
            left = 1 + pages_for(a, g, start + fit, fresh_avail);
            even = (g->nf - start + left - 1) / left;
            if (even < fit && pages_for(a, g, start + even, fresh_avail) <= left - 1)
                n = even;
        }
        {
            grid_arg part = *g;
            part.fus = g->fus + start;
            part.nf = n;
            h = grid_section(a, &part, a->margin, a->y, a->width);
        }
        a->y += h + GAP;
        a->fresh = false;
        start += n;
        if (start < g->nf)
            new_page(a);
    }
}

/* Lay every section out at a size (zoom); grow: one page as tall as
 * needed (to measure the content).  Returns the number of pages. */
static size_t pages_at(ann *a, const axes *ax, double zoom, bool grow)
{
    doc_clear_pages(a->c.doc);
    a->zoom = zoom;
    set_zoom(a, zoom);
    a->bottom = grow ? 1e9 : a->c.paper_h - a->margin - a->base.footer * 1.5;
    new_page(a);
    if (a->c.status == TENSU_OK)
        place(a, header_section, NULL);
    for (int at = 0; at < ax->nh && a->c.status == TENSU_OK; at += a->max_cols) {
        grid_arg g = {ax->hans + at, ax->fus, ax->nh - at < a->max_cols ? ax->nh - at : a->max_cols,
                      ax->nf, 3};
        if (g.nh <= a->side_cols) {
            place_grid(a, &g);
        } else {
            g.seats = 1;
            place_grid(a, &g);
            g.seats = 2;
            if (a->c.status == TENSU_OK)
                place_grid(a, &g);
        }
    }
    if (ax->nr > 0 && a->c.status == TENSU_OK) {
        limit_arg L = {ax->rows, ax->nr};
        place(a, limit_section, &L);
    }
    return a->c.doc->npages;
}

static void lay_out(ann *a)
{
    size_t n = tensu_chart_count(a->chart);
    int *hans = malloc((n + 5) * sizeof *hans), *fus = malloc((n + TENSU_TABLE_MAX_FU) *
                                                               sizeof *fus);
    rowkey *rows = malloc((n + 1) * sizeof *rows);
    int nh = 0, nf = 0, nr = 0;

    if (hans == NULL || fus == NULL || rows == NULL) {
        ctx_fail(&a->c, TENSU_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(a->chart, i);
        if (in_grid(c)) {
            nh = add_unique(hans, nh, c->han);
            nf = add_unique(fus, nf, c->fu);
        } else {
            rowkey k = {c->han, c->fu, c->limit,
                        c->limit == TENSU_LIMIT_YAKUMAN ? c->yakuman : 0};
            int j;
            for (j = 0; j < nr; j++)
                if (cmp_rowkey(&rows[j], &k) == 0)
                    break;
            if (j == nr)
                rows[nr++] = k;
        }
    }
    if (nh > 0) {
        /* the card's columns and rows, and whatever else the chart has */
        int std[TENSU_TABLE_MAX_FU], ns = tensu_fu_rows(&a->v->rules, std, TENSU_TABLE_MAX_FU);
        for (int h = 1; h <= tensu_fu_han_max(); h++)
            nh = add_unique(hans, nh, h);
        for (int i = 0; i < ns; i++)
            nf = add_unique(fus, nf, std[i]);
    }
    if ((long)nh * nf > 4000 || nr > 500) {
        ctx_fail(&a->c, TENSU_ERR_RANGE,
                 "the chart is too large to draw: %d han columns, %d fu rows, %d rows "
                 "without fu (at most 4000 cells of han and fu, 500 rows)",
                 nh, nf, nr);
        goto done;
    }
    qsort(hans, (size_t)nh, sizeof *hans, cmp_int);
    qsort(fus, (size_t)nf, sizeof *fus, cmp_int);
    qsort(rows, (size_t)nr, sizeof *rows, cmp_rowkey);

    {
        axes ax = {hans, nh, fus, nf, rows, nr};
        double avail = a->c.paper_h - a->margin - a->base.footer * 1.5;
        if (pages_at(a, &ax, 1, false) > 1 && a->c.status == TENSU_OK) {
            /* Try one page at a smaller size (down to MIN_FIT), else keep
             * the pages at full size. */
            double z = 1, content;
            pages_at(a, &ax, 1, true);
            content = a->y - GAP - a->margin;
            if (content > 0)
                z = (avail - a->margin) / content;
            if (z > 1)
                z = 1;
            for (; z >= MIN_FIT && a->c.status == TENSU_OK; z *= 0.97)
                if (pages_at(a, &ax, z, false) == 1)
                    break;
            if (z < MIN_FIT && a->c.status == TENSU_OK)
                pages_at(a, &ax, 1, false);
        }
    }
    if (a->c.status == TENSU_OK)
        footers(a);
done:
    free(hans);
    free(fus);
    free(rows);
}

/* ---- files ---- */

static bool load(ann *a, json_file *f, const char *name, const char *what)
{
    return json_file_load(&a->c, f, a->o->data_dir, name, what);
}

static void load_fonts(ann *a)
{
    json_t *fonts = json_object_get(a->c.tmpl.root, "fonts");
    char path[1200];
    if (!json_is_object(fonts)) {
        ctx_fail(&a->c, TENSU_ERR_INVALID, "%s: no \"fonts\" object", a->c.tmpl.path);
        return;
    }
    for (int r = 0; r < TENSU_FONT_JP && a->c.status == TENSU_OK; r++) {
        const char *name = json_string_value(json_object_get(fonts, tensu_font_role_name(r)));
        tensu_error e;
        if (name == NULL) {
            ctx_fail(&a->c, TENSU_ERR_INVALID, "%s:%d: \"fonts\" has no \"%s\"",
                     a->c.tmpl.path, json_file_line(&a->c.tmpl, "fonts"),
                     tensu_font_role_name(r));
            return;
        }
        snprintf(path, sizeof path, "%s/fonts/%s", a->o->data_dir, name);
        memset(&e, 0, sizeof e);
        if (tensu_fontset_load(a->c.doc->fonts, (tensu_font_role)r, path, &e) != TENSU_OK)
            ctx_fail(&a->c, e.status, "%s", e.message);
    }
}

/* The chart's name as printed: characters the fonts lack become '?'. */
static void display_name(ann *a, const char *name, char *buf, size_t size)
{
    size_t o = 0;
    for (const char *p = name; *p && o + 5 < size;) {
        uint32_t cp;
        int len = utf8_next(p, &cp);
        char one[8];
        memcpy(one, p, (size_t)len);
        one[len] = '\0';
        if (cp < 0x20 || cp == 0xFFFD ||
            !tensu_fontset_covers(a->c.doc->fonts, TENSU_FONT_BOLD, one, NULL) ||
            !tensu_fontset_covers(a->c.doc->fonts, TENSU_FONT_REGULAR, one, NULL)) {
            buf[o++] = '?';
        } else {
            memcpy(buf + o, one, (size_t)len);
            o += (size_t)len;
        }
        p += len;
    }
    buf[o] = '\0';
}

static void check_coverage(ann *a)
{
    for (size_t p = 0; p < a->c.doc->npages; p++)
        for (size_t i = 0; i < a->c.doc->pages[p].n; i++) {
            const tensu_item *it = &a->c.doc->pages[p].items[i];
            uint32_t cp = 0;
            if (it->kind != TENSU_ITEM_TEXT ||
                tensu_fontset_covers(a->c.doc->fonts, it->font, it->text, &cp))
                continue;
            ctx_fail(&a->c, TENSU_ERR_INVALID, "font %s has no glyph for U+%04X in \"%s\"",
                     tensu_fontset_path(a->c.doc->fonts, it->font), (unsigned)cp, it->text);
            return;
        }
}

tensu_doc *tensu_annotate_build(const tensu_annotate_opts *o, const tensu_chart *chart,
                                const tensu_verdict *v, tensu_error *err)
{
    ann a;
    tensu_doc *d;
    json_t *num_fmt, *mine, *sz;
    const char *paper = o->paper ? o->paper : "a4", *lang = o->lang ? o->lang : "en", *kind;
    char name[400];
    size_t n = tensu_chart_count(chart);

    memset(&a, 0, sizeof a);
    a.o = o;
    a.chart = chart;
    a.v = v;
    a.c.rules = &v->rules;
    a.c.err = err;
    a.c.scale = 1;
    if (err)
        memset(err, 0, sizeof *err);
    d = calloc(1, sizeof *d);
    if (d == NULL || (d->fonts = tensu_fontset_new()) == NULL) {
        free(d);
        error_fill(err, TENSU_ERR_NOMEM, "out of memory");
        return NULL;
    }
    a.c.doc = d;
    a.c.vars = json_object();
    snprintf(d->sheet, sizeof d->sheet, "annotate");
    snprintf(d->lang, sizeof d->lang, "%s", lang);
    if (strcmp(paper, "a4") == 0) {
        a.c.paper_w = 841.890;
        a.c.paper_h = 595.276;
    } else if (strcmp(paper, "letter") == 0) {
        a.c.paper_w = 792;
        a.c.paper_h = 612;
    } else {
        ctx_fail(&a.c, TENSU_ERR_RANGE, "bad paper '%s': allowed a4, letter", paper);
        goto done;
    }
    if (!load(&a, &a.c.tmpl, "annotate", "annotated-chart template") ||
        !load(&a, &a.c.cat, lang, "language"))
        goto done;
    kind = json_string_value(json_object_get(a.c.tmpl.root, "kind"));
    if (kind == NULL || strcmp(kind, "annotate") != 0) {
        ctx_fail(&a.c, TENSU_ERR_INVALID, "%s:1: not the annotated-chart template "
                 "(\"kind\": \"annotate\")", a.c.tmpl.path);
        goto done;
    }
    num_fmt = json_object_get(a.c.cat.root, "number");
    if (!json_is_object(json_object_get(a.c.cat.root, "strings")) || !json_is_object(num_fmt)) {
        ctx_fail(&a.c, TENSU_ERR_INVALID,
                 "%s:1: not a string catalog (needs \"strings\" and \"number\" objects)",
                 a.c.cat.path);
        goto done;
    }
    /* the catalog's words, then this template's for the language (or English) */
    a.c.strings = json_deep_copy(json_object_get(a.c.cat.root, "strings"));
    mine = json_object_get(json_object_get(a.c.tmpl.root, "strings"), lang);
    if (!json_is_object(mine))
        mine = json_object_get(json_object_get(a.c.tmpl.root, "strings"), "en");
    if (a.c.strings == NULL || json_object_update(a.c.strings, mine) != 0) {
        ctx_fail(&a.c, TENSU_ERR_INVALID, "%s: no \"strings\" for '%s' or 'en'", a.c.tmpl.path,
                 lang);
        goto done;
    }
    snprintf(a.c.group, sizeof a.c.group, "%s",
             json_string_value(json_object_get(num_fmt, "group"))
                 ? json_string_value(json_object_get(num_fmt, "group"))
                 : ",");
    snprintf(a.c.decimal, sizeof a.c.decimal, "%s",
             json_string_value(json_object_get(num_fmt, "decimal"))
                 ? json_string_value(json_object_get(num_fmt, "decimal"))
                 : ".");
    a.c.group_min = (int)num(num_fmt, "group_min", 1000);
    /* {rules_title} and the amounts the rule sentences quote, as on the sheets */
    vars_rules(&a.c);
    vars_amounts(&a.c);
    sz = json_object_get(a.c.tmpl.root, "sizes");
    a.base.title = num(sz, "title", 13);
    a.base.text = num(sz, "text", 7.4);
    a.base.head = num(sz, "head", 7.8);
    a.base.ron = num(sz, "ron", 8.2);
    a.base.tsumo = num(sz, "tsumo", 7);
    a.base.expected = num(sz, "expected", 6.6);
    a.base.cause = num(sz, "cause", 5.6);
    a.base.legend = num(sz, "legend", 6.6);
    a.base.footer = num(sz, "footer", 6);
    a.zoom = 1;
    set_zoom(&a, 1);
    a.max_cols = (int)num(a.c.tmpl.root, "max_columns", 13);
    a.side_cols = (int)num(a.c.tmpl.root, "side_by_side", 6);
    if (a.max_cols < 1)
        a.max_cols = 13;
    a.margin = num(a.c.tmpl.root, "margin", 24);
    a.width = a.c.paper_w - 2 * a.margin;
    load_fonts(&a);
    if (a.c.status != TENSU_OK)
        goto done;

    a.worst = malloc((n + 1) * sizeof *a.worst);
    a.order = malloc((n + 1) * sizeof *a.order);
    if (a.worst == NULL || a.order == NULL) {
        ctx_fail(&a.c, TENSU_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(chart, i);
        a.worst[i] = -1;
        entry_key(&a.order[i], c->han, c->fu, c->limit, c->yakuman, c->pay);
        a.order[i].cell = (int)i;
    }
    qsort(a.order, n, sizeof *a.order, cmp_entry);
    for (size_t i = 0; i < v->nfindings; i++) {
        int c = v->findings[i].cell;
        if (c >= 0 && (size_t)c < n && rank(&a, (int)i) > rank(&a, a.worst[c]))
            a.worst[c] = (int)i;
    }
    display_name(&a, o->file ? o->file : tensu_chart_name(chart) ? tensu_chart_name(chart) : "-",
                 name, sizeof name);
    var_set(a.c.vars, "file", "%s", name);
    {
        char *t = cat_expand(&a.c, "annotate.title", NULL);
        snprintf(d->title, sizeof d->title, "%s", t);
        free(t);
    }
    if (a.c.status == TENSU_OK)
        lay_out(&a);
    if (a.c.status == TENSU_OK)
        check_coverage(&a);
done:
    free(a.worst);
    free(a.order);
    json_decref(a.c.strings);
    json_decref(a.c.vars);
    json_decref(a.c.tmpl.root);
    json_decref(a.c.cat.root);
    free(a.c.tmpl.text);
    free(a.c.cat.text);
    if (a.c.status != TENSU_OK) {
        if (err && err->status == TENSU_OK)
            error_fill(err, a.c.status, "cannot lay out the annotated chart");
        tensu_doc_free(d);
        return NULL;
    }
    return d;
}
