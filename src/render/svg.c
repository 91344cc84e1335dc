/* SVG back end, written from the page model directly.  Each glyph a page
 * uses is defined once per font, in the font's own units, from its
 * FreeType outline, and every run of text places those glyphs at its size:
 * a page weighs a fraction of what cairo writes (which defines every glyph
 * again at every size), and shows the same on any machine, with no font
 * installed.  The page's title is in <title> and its text in <desc>, for
 * search and screen readers, and again where it stands as unseen <text>
 * (the glyphs themselves are outlines): what a browser finds and selects,
 * and what tensu verify reads. */
#include "sheet.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void xml(strbuf *o, const char *s)
{
    for (; *s; s++) {
        const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;"
                        : *s == '"' ? "&quot;" : NULL;
        if (e)
            strbuf_puts(o, e);
        else
            strbuf_put(o, s, 1);
    }
}

/* A number with at most 2 decimals and no trailing zeros. */
static void num(strbuf *o, double v)
{
    char buf[32];
    long long c = (long long)(v * 100 + (v < 0 ? -0.5 : 0.5));
    if (c % 100 == 0)
        snprintf(buf, sizeof buf, "%lld", c / 100);
    else if (c % 10 == 0)
        snprintf(buf, sizeof buf, "%s%lld.%lld", c < 0 ? "-" : "", llabs(c) / 100,
                 (llabs(c) % 100) / 10);
    else
        snprintf(buf, sizeof buf, "%s%lld.%02lld", c < 0 ? "-" : "", llabs(c) / 100,
                 llabs(c) % 100);
    strbuf_puts(o, buf);
}

/* grey 0 black .. 1 white, or a colour; #abc when it can be */
static void colour(strbuf *o, double grey, bool has_rgb, uint32_t rgb)
{
    if (!has_rgb) {
        unsigned g = (unsigned)(grey * 255 + 0.5);
        rgb = (uint32_t)(g << 16 | g << 8 | g);
    }
    if (((rgb >> 20) & 15) == ((rgb >> 16) & 15) && ((rgb >> 12) & 15) == ((rgb >> 8) & 15) &&
        ((rgb >> 4) & 15) == (rgb & 15))
        strbuf_printf(o, "#%x%x%x", (unsigned)(rgb >> 16) & 15, (unsigned)(rgb >> 8) & 15,
                      (unsigned)rgb & 15);
    else
        strbuf_printf(o, "#%06x", (unsigned)rgb);
}

/* fill="..." unless black, the default */
static void fill(strbuf *o, double grey, bool has_rgb, uint32_t rgb)
{
    if (!has_rgb && grey <= 0.001)
        return;
    strbuf_puts(o, " fill=\"");
    colour(o, grey, has_rgb, rgb);
    strbuf_puts(o, "\"");
}

/* Outline to path data in font units divided by QUANT (y up), each point
 * relative to the last: short numbers, a fraction of the absolute ones. */
#define QUANT 16
/* the tiles are drawn bigger than they are detailed: a coarser grid */
#define QUANT_TILES 16
typedef struct pathw {
    strbuf *o;
    long x, y; /* the pen, in quantized units */
    long quant;
    char last; /* the last command letter written */
    bool ctrl; /* the last segment was a conic: its control point is cx, cy */
    long cx, cy;
} pathw;

static long qq(long v, long quant)
{
    return v >= 0 ? (v + quant / 2) / quant : -((-v + quant / 2) / quant);
}

#define q(v) qq((v), w->quant)

/* Kanji are small and intricate: a coarser grid keeps their outlines light. */
static long quant_of(int role)
{
    return role == TENSU_FONT_TILES ? QUANT_TILES : role == TENSU_FONT_JP ? 32 : QUANT;
}

/* A number after another: the minus sign is separator enough. */
static void pnum(pathw *w, long v, bool sep)
{
    strbuf_printf(w->o, sep && v >= 0 ? " %ld" : "%ld", v);
}

static void rel(pathw *w, const FT_Vector *v, bool sep)
{
    pnum(w, q(v->x) - w->x, sep);
    pnum(w, q(v->y) - w->y, true);
}

/* The command letter, left out when it repeats the last one. */
static bool cmd(pathw *w, char c)
{
    if (w->last == c)
        return true; /* the numbers that follow need a separator */
    strbuf_put(w->o, &c, 1);
    w->last = c;
    return false;
}

static int p_move(const FT_Vector *to, void *u)
{
    pathw *w = u;
    w->last = 0;
    w->ctrl = false;
    strbuf_put(w->o, "m", 1);
    rel(w, to, false);
    w->last = 'l'; /* numbers after a moveto are linetos */
    w->x = q(to->x);
    w->y = q(to->y);
    return 0;
}
static int p_line(const FT_Vector *to, void *u)
{
    pathw *w = u;
    w->ctrl = false;
    rel(w, to, cmd(w, 'l'));
    w->x = q(to->x);
    w->y = q(to->y);
    return 0;
}
/* A conic whose control point is the last one's mirrored through the pen
 * (TrueType's runs of off-curve points, whose on-curve points between are
 * implied) is written with 't' and its end point alone: the control point
 * drawn is at most a grid step from the font's, and the next mirror starts
 * from the one drawn, so the error does not add up. */
static int p_conic(const FT_Vector *c, const FT_Vector *to, void *u)
{
    pathw *w = u;
    long cx = q(c->x), cy = q(c->y);
    if (w->ctrl && labs(2 * w->x - w->cx - cx) <= 1 && labs(2 * w->y - w->cy - cy) <= 1) {
        w->cx = 2 * w->x - w->cx;
        w->cy = 2 * w->y - w->cy;
        rel(w, to, cmd(w, 't'));
    } else {
        rel(w, c, cmd(w, 'q'));
        rel(w, to, true);
        w->cx = cx;
        w->cy = cy;
    }
    w->ctrl = true;
    w->x = q(to->x);
    w->y = q(to->y);
    return 0;
}
static int p_cubic(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *u)
{
    pathw *w = u;
    w->ctrl = false;
    rel(w, c1, cmd(w, 'c'));
    rel(w, c2, true);
    rel(w, to, true);
    w->x = q(to->x);
    w->y = q(to->y);
    return 0;
}

/* The glyphs used, per font role: defined once each. */
typedef struct used {
    unsigned *gid[TENSU_FONT_COUNT];
    size_t n[TENSU_FONT_COUNT], cap[TENSU_FONT_COUNT];
} used;

/* The glyph's number in the file (its id: the role's letter and this
 * number, short), noting it as used; -1 when out of memory. */
static long mark(used *u, int role, unsigned gid)
{
    for (size_t i = 0; i < u->n[role]; i++)
        if (u->gid[role][i] == gid)
            return (long)i;
    if (u->n[role] == u->cap[role]) {
        size_t cap = u->cap[role] ? u->cap[role] * 2 : 64;
        unsigned *p = realloc(u->gid[role], cap * sizeof *p);
        if (p == NULL)
            return -1;
        u->gid[role] = p;
        u->cap[role] = cap;
    }
    u->gid[role][u->n[role]] = gid;
    return (long)u->n[role]++;
}

/* A tile: one glyph of the tile font. */
static bool one_tile(const tensu_item *it)
{
    uint32_t cp;
    return it->kind == TENSU_ITEM_TEXT && it->font == TENSU_FONT_TILES && it->text[0] &&
           utf8_next(it->text, &cp) == (int)strlen(it->text);
}

/* Is b a tile upright on the row of tile a, in its colour? */
static bool same_row(const tensu_item *a, const tensu_item *b)
{
    return one_tile(b) && b->rot == 0 && b->h == a->h && b->y == a->y && b->ink == a->ink &&
           b->has_rgb == a->has_rgb && (!a->has_rgb || b->rgb == a->rgb);
}

/* The glyphs of a run of text, placed along the baseline in font units. */
static void run_glyphs(strbuf *o, used *u, FT_Face face, const tensu_item *it, const char *idp)
{
    long pen = 0;
    for (const char *s = it->text; *s;) {
        uint32_t cp;
        unsigned gid;
        s += utf8_next(s, &cp);
        gid = FT_Get_Char_Index(face, cp);
        if (FT_Load_Glyph(face, gid, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) != 0)
            continue;
        if (face->glyph->outline.n_points > 0) {
            long x = qq(pen, quant_of(it->font));
            long g = mark(u, it->font, gid); /* numbered per file */
            if (g < 0)
                o->bad = true;
            if (x == 0)
                strbuf_printf(o, "<use href=\"#%s%c%ld\"/>", idp, 'a' + (int)it->font, g);
            else
                strbuf_printf(o, "<use href=\"#%s%c%ld\" x=\"%ld\"/>", idp, 'a' + (int)it->font,
                              g, x);
        }
        pen += face->glyph->metrics.horiAdvance;
    }
}

/* transform="..." placing a run (font units, y up) at its size and place. */
static void run_transform(strbuf *o, const tensu_item *it, double k)
{
    if (it->rot != 0) {
        strbuf_puts(o, " transform=\"translate(");
        num(o, it->x);
        strbuf_puts(o, " ");
        num(o, it->y);
        strbuf_puts(o, ") rotate(");
        num(o, -it->rot);
        strbuf_printf(o, ") scale(%.5g %.5g)\"", k, -k);
    } else {
        /* scale and place in one matrix */
        strbuf_printf(o, " transform=\"matrix(%.5g 0 0 %.5g ", k, -k);
        num(o, it->x);
        strbuf_puts(o, " ");
        num(o, it->y);
        strbuf_puts(o, ")\"");
    }
}

static int cmp_run(const void *x, const void *y)
{
    const tensu_item *a = *(const tensu_item *const *)x, *b = *(const tensu_item *const *)y;
    int r = (int)a->font - (int)b->font;
    return r != 0 ? r : strcmp(a->text, b->text);
}

/* Runs of text drawn more than once on the page (the same words in the same
 * font, at any size): run[i] is the number of item i's run (>= 0), defined
 * once and used at each place, -1 for a run drawn once.  false: no memory.
 * (The items are sorted through pointers: no state outside the call.) */
static bool repeated_runs(const tensu_page *pg, long *run)
{
    const tensu_item **ix = malloc((pg->n + 1) * sizeof *ix);
    size_t m = 0;
    long next = 0;
    if (ix == NULL)
        return false;
    for (size_t i = 0; i < pg->n; i++) {
        run[i] = -1;
        if (pg->items[i].kind == TENSU_ITEM_TEXT && pg->items[i].font != TENSU_FONT_TILES)
            ix[m++] = &pg->items[i];
    }
    qsort(ix, m, sizeof *ix, cmp_run);
    for (size_t i = 0; i < m;) {
        size_t j = i + 1;
        while (j < m && cmp_run(&ix[i], &ix[j]) == 0)
            j++;
        for (size_t k = i; j - i > 1 && k < j; k++)
            run[ix[k] - pg->items] = next;
        next += j - i > 1;
        i = j;
    }
    free(ix);
    return true;
}

char *tensu_svg_build(const tensu_doc *d, size_t page, const char *idp, size_t *len,
                      tensu_error *err)
{
    const tensu_page *pg;
    strbuf o = {0}, body = {0}, runs = {0};
    used u;
    long *run;
    bool *defined;
    FT_Outline_Funcs fn = {p_move, p_line, p_conic, p_cubic, 0, 0};
    if (page >= d->npages) {
        error_fill(err, TENSU_ERR_RANGE, "no page %zu", page + 1);
        return NULL;
    }
    pg = &d->pages[page];
    memset(&u, 0, sizeof u);
    run = malloc((pg->n + 1) * sizeof *run);
    defined = calloc(pg->n + 1, sizeof *defined);
    if (run == NULL || defined == NULL || !repeated_runs(pg, run)) {
        free(run);
        free(defined);
        error_fill(err, TENSU_ERR_NOMEM, "out of memory");
        return NULL;
    }

    /* the drawing first, noting the glyphs */
    strbuf_printf(&body, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    for (size_t i = 0; i < pg->n; i++) {
        const tensu_item *it = &pg->items[i];
        if (it->kind == TENSU_ITEM_RECT) {
            strbuf_puts(&body, "<rect x=\"");
            num(&body, it->x);
            strbuf_puts(&body, "\" y=\"");
            num(&body, it->y);
            strbuf_puts(&body, "\" width=\"");
            num(&body, it->w);
            strbuf_puts(&body, "\" height=\"");
            num(&body, it->h);
            strbuf_puts(&body, "\" fill=\"");
            if (it->fill >= 0)
                colour(&body, it->fill, false, 0);
            else
                strbuf_puts(&body, "none");
            if (it->stroke > 0) {
                strbuf_puts(&body, "\" stroke=\"");
                colour(&body, it->ink, false, 0);
                strbuf_puts(&body, "\" stroke-width=\"");
                num(&body, it->stroke);
            }
            strbuf_puts(&body, "\"/>\n");
        } else if (it->kind == TENSU_ITEM_LINE) {
            /* the lines that follow with the same stroke: one path */
            strbuf_puts(&body, "<path d=\"");
            for (;;) {
                const tensu_item *nx = i + 1 < pg->n ? &pg->items[i + 1] : NULL;
                strbuf_puts(&body, "M");
                num(&body, it->x);
                strbuf_puts(&body, " ");
                num(&body, it->y);
                strbuf_puts(&body, "l");
                num(&body, it->w);
                strbuf_puts(&body, " ");
                num(&body, it->h);
                if (nx == NULL || nx->kind != TENSU_ITEM_LINE || nx->ink != it->ink ||
                    nx->stroke != it->stroke)
                    break;
                it = nx;
                i++;
            }
            strbuf_puts(&body, "\" stroke=\"");
            colour(&body, it->ink, false, 0);
            strbuf_puts(&body, "\" stroke-width=\"");
            num(&body, it->stroke);
            strbuf_puts(&body, "\"/>\n");
        } else if (it->kind == TENSU_ITEM_TEXT) {
            FT_Face face = tensu_fontset_face(d->fonts, it->font);
            long g;
            double k;
            const char *s = it->text;
            if (face == NULL)
                continue;
            k = it->h / face->units_per_EM * quant_of(it->font);
            if (one_tile(it) && it->rot == 0 && i + 1 < pg->n &&
                same_row(it, &pg->items[i + 1])) {
                /* a row of tiles (a hand): one group, a <use> per tile */
                size_t j = i;
                strbuf_puts(&body, "<g");
                fill(&body, it->ink, it->has_rgb, it->rgb);
                strbuf_printf(&body, " transform=\"matrix(%.5g 0 0 %.5g ", k, -k);
                num(&body, it->x);
                strbuf_puts(&body, " ");
                num(&body, it->y);
                strbuf_puts(&body, ")\">");
                for (; j < pg->n && (j == i || same_row(it, &pg->items[j])); j++) {
                    uint32_t cp;
                    unsigned gid;
                    utf8_next(pg->items[j].text, &cp);
                    gid = FT_Get_Char_Index(face, cp);
                    if ((g = mark(&u, it->font, gid)) < 0)
                        body.bad = true;
                    strbuf_printf(&body, "<use href=\"#%s%c%ld\"", idp, 'a' + (int)it->font, g);
                    if (j > i)
                        strbuf_printf(&body, " x=\"%ld\"", lround((pg->items[j].x - it->x) / k));
                    strbuf_puts(&body, "/>");
                }
                strbuf_puts(&body, "</g>\n");
                i = j - 1;
                continue;
            }
            if (one_tile(it)) {
                /* one tile: one <use>, no group around it */
                uint32_t cp;
                unsigned gid;
                utf8_next(s, &cp);
                gid = FT_Get_Char_Index(face, cp);
                if ((g = mark(&u, it->font, gid)) < 0)
                    body.bad = true;
                strbuf_printf(&body, "<use href=\"#%s%c%ld\"", idp, 'a' + (int)it->font, g);
                fill(&body, it->ink, it->has_rgb, it->rgb);
                if (it->rot != 0) {
                    strbuf_puts(&body, " transform=\"translate(");
                    num(&body, it->x);
                    strbuf_puts(&body, " ");
                    num(&body, it->y);
                    strbuf_puts(&body, ") rotate(");
                    num(&body, -it->rot);
                    strbuf_printf(&body, ") scale(%.5g %.5g)\"/>\n", k, -k);
                } else {
                    strbuf_printf(&body, " transform=\"matrix(%.5g 0 0 %.5g ", k, -k);
                    num(&body, it->x);
                    strbuf_puts(&body, " ");
                    num(&body, it->y);
                    strbuf_puts(&body, ")\"/>\n");
                }
                continue;
            }
            if (run[i] >= 0) {
                /* a run drawn more than once: defined once, used at each place */
                long r = run[i];
                if (!defined[r]) {
                    strbuf_printf(&runs, "<g id=\"%sr%ld\">", idp, r);
                    run_glyphs(&runs, &u, face, it, idp);
                    strbuf_puts(&runs, "</g>\n");
                    defined[r] = true;
                }
                strbuf_printf(&body, "<use href=\"#%sr%ld\"", idp, r);
                fill(&body, it->ink, it->has_rgb, it->rgb);
                run_transform(&body, it, k);
                strbuf_puts(&body, "/>\n");
                continue;
            }
            strbuf_puts(&body, "<g");
            fill(&body, it->ink, it->has_rgb, it->rgb);
            run_transform(&body, it, k);
            strbuf_puts(&body, ">");
            run_glyphs(&body, &u, face, it, idp);
            strbuf_puts(&body, "</g>\n");
        }
    }

    /* then the page: title, text, the glyphs once each, the drawing */
    if (idp[0] == '\0')
        strbuf_puts(&o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    strbuf_puts(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" ");
    strbuf_puts(&o, "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"");
    num(&o, pg->width);
    strbuf_puts(&o, "pt\" height=\"");
    num(&o, pg->height);
    strbuf_puts(&o, "pt\" viewBox=\"0 0 ");
    num(&o, pg->width);
    strbuf_puts(&o, " ");
    num(&o, pg->height);
    strbuf_printf(&o, "\" xml:lang=\"%s\">\n<title>", d->lang);
    xml(&o, d->title);
    if (d->npages > 1)
        strbuf_printf(&o, " (%zu/%zu)", page + 1, d->npages);
    strbuf_puts(&o, "</title>\n<desc>");
    {
        /* the runs in order: a new line between lines; within a line a
         * space only where the page shows a gap (a bold word and the
         * "\u00a0:" that follows it are two runs, side by side) */
        double last = -1e9, end = -1e9;
        bool first = true;
        for (size_t i = 0; i < pg->n; i++) {
            const tensu_item *it = &pg->items[i];
            if (it->kind != TENSU_ITEM_TEXT || it->font == TENSU_FONT_TILES)
                continue;
            if (!first) {
                bool same = it->y - last < 1 && last - it->y < 1;
                bool touch = it->rot == 0 && it->x - end < 0.1 * it->h && it->x - end > -0.1 * it->h;
                strbuf_puts(&o, !same ? "\n" : touch ? "" : " ");
            }
            xml(&o, it->text);
            last = it->y;
            end = it->x + it->w;
            first = false;
        }
    }
    strbuf_puts(&o, "</desc>\n<defs>\n");
    for (int r = 0; r < TENSU_FONT_COUNT; r++) {
        FT_Face face = u.n[r] ? tensu_fontset_face(d->fonts, (tensu_font_role)r) : NULL;
        for (size_t i = 0; face && i < u.n[r]; i++) {
            if (FT_Load_Glyph(face, u.gid[r][i], FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) != 0)
                continue;
            pathw w = {&o, 0, 0, quant_of(r), 0, false, 0, 0};
            strbuf_printf(&o, "<path id=\"%s%c%zu\" d=\"", idp, 'a' + r, i);
            FT_Outline_Decompose(&face->glyph->outline, &fn, &w);
            strbuf_puts(&o, "Z\"/>\n");
        }
        free(u.gid[r]);
    }
    if (runs.s)
        strbuf_put(&o, runs.s, runs.n);
    strbuf_puts(&o, "</defs>\n");
    if (body.s)
        strbuf_put(&o, body.s, body.n);
    /* the text again, where it stands and unseen: the glyphs are outlines,
     * this is what a browser searches and selects, what a screen reader
     * and tensu verify read */
    strbuf_puts(&o, "<g fill-opacity=\"0\" font-family=\"DejaVu Sans\">\n");
    for (size_t i = 0; i < pg->n; i++) {
        const tensu_item *it = &pg->items[i];
        if (it->kind != TENSU_ITEM_TEXT || it->font == TENSU_FONT_TILES || it->text[0] == '\0')
            continue;
        strbuf_puts(&o, "<text");
        if (it->rot != 0) {
            strbuf_puts(&o, " transform=\"translate(");
            num(&o, it->x);
            strbuf_puts(&o, " ");
            num(&o, it->y);
            strbuf_puts(&o, ") rotate(");
            num(&o, -it->rot);
            strbuf_puts(&o, ")\"");
        } else {
            strbuf_puts(&o, " x=\"");
            num(&o, it->x);
            strbuf_puts(&o, "\" y=\"");
            num(&o, it->y);
            strbuf_puts(&o, "\"");
        }
        strbuf_puts(&o, " font-size=\"");
        num(&o, it->h);
        if (it->w > 0) {
            strbuf_puts(&o, "\" textLength=\"");
            num(&o, it->w);
        }
        if (it->font == TENSU_FONT_BOLD)
            strbuf_puts(&o, "\" font-weight=\"bold");
        strbuf_puts(&o, "\">");
        xml(&o, it->text);
        strbuf_puts(&o, "</text>\n");
    }
    strbuf_puts(&o, "</g>\n</svg>\n");
    free(body.s);
    free(runs.s);
    free(run);
    free(defined);
    if (o.bad || body.bad || runs.bad) {
        free(o.s);
        error_fill(err, TENSU_ERR_NOMEM, "out of memory");
        return NULL;
    }
    *len = o.n;
    return o.s;
}

tensu_status tensu_svg_write(const tensu_doc *d, size_t page, const char *path,
                             tensu_error *err)
{
    size_t n = 0;
    char *s = tensu_svg_build(d, page, "", &n, err);
    FILE *f;
    tensu_status st = TENSU_OK;
    if (s == NULL)
        return err ? err->status : TENSU_ERR_NOMEM;
    f = fopen(path, "wb");
    if (f == NULL || fwrite(s, 1, n, f) != n) {
        if (f)
            fclose(f);
        st = error_fill(err, TENSU_ERR_INVALID, "%s: cannot write", path);
    } else if (fclose(f) != 0) {
        st = error_fill(err, TENSU_ERR_INVALID, "%s: cannot write", path);
    }
    free(s);
    return st;
}
