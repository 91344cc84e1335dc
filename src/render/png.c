/* PNG back end: cairo's image surface.  Fonts come from the files in
 * fonts/ through FreeType (never fontconfig), unhinted so that cairo draws
 * the advances the layout measured.  The PNG carries its resolution (a
 * pHYs chunk), so that it prints at its size. */
#include "sheet.h"

#include <cairo.h>
#include <cairo-ft.h>

#include <ft2build.h>
#include FT_FREETYPE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cairo may keep a font face (and so its FT_Face) in its caches after we
 * drop it: each face gets its own FT_Face from a library that lives as
 * long as the process, closed by cairo when it lets the face go. */
static FT_Library cairo_ft;
static const cairo_user_data_key_t face_key;

static void done_face(void *face)
{
    FT_Done_Face(face);
}

static cairo_font_face_t *open_face(const char *path)
{
    FT_Face f;
    cairo_font_face_t *cf;
    if (path == NULL || (cairo_ft == NULL && FT_Init_FreeType(&cairo_ft) != 0))
        return NULL;
    if (FT_New_Face(cairo_ft, path, 0, &f) != 0)
        return NULL;
    cf = cairo_ft_font_face_create_for_ft_face(f, FT_LOAD_NO_HINTING);
    if (cairo_font_face_set_user_data(cf, &face_key, f, done_face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(cf);
        FT_Done_Face(f);
        return NULL;
    }
    return cf;
}

static void draw(cairo_t *cr, const tensu_doc *d, const tensu_page *pg)
{
    cairo_font_face_t *faces[TENSU_FONT_COUNT] = {0};
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, fo);

    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    for (size_t i = 0; i < pg->n; i++) {
        const tensu_item *it = &pg->items[i];
        switch (it->kind) {
        case TENSU_ITEM_TEXT:
            if (faces[it->font] == NULL)
                faces[it->font] = open_face(tensu_fontset_path(d->fonts, it->font));
            if (faces[it->font] == NULL)
                continue;
            cairo_set_font_face(cr, faces[it->font]);
            cairo_set_font_size(cr, it->h);
            if (it->has_rgb)
                cairo_set_source_rgb(cr, ((it->rgb >> 16) & 255) / 255.0,
                                     ((it->rgb >> 8) & 255) / 255.0, (it->rgb & 255) / 255.0);
            else
                cairo_set_source_rgb(cr, it->ink, it->ink, it->ink);
            if (it->rot != 0) {
                cairo_save(cr);
                cairo_translate(cr, it->x, it->y);
                cairo_rotate(cr, -it->rot * 3.14159265358979323846 / 180); /* y down */
                cairo_move_to(cr, 0, 0);
                cairo_show_text(cr, it->text);
                cairo_restore(cr);
            } else {
                cairo_move_to(cr, it->x, it->y);
                cairo_show_text(cr, it->text);
            }
            break;
        case TENSU_ITEM_RECT:
            cairo_rectangle(cr, it->x, it->y, it->w, it->h);
            if (it->fill >= 0) {
                cairo_set_source_rgb(cr, it->fill, it->fill, it->fill);
                if (it->stroke > 0)
                    cairo_fill_preserve(cr);
                else
                    cairo_fill(cr);
            }
            if (it->stroke > 0) {
                cairo_set_line_width(cr, it->stroke);
                cairo_set_source_rgb(cr, it->ink, it->ink, it->ink);
                cairo_stroke(cr);
            }
            cairo_new_path(cr);
            break;
        case TENSU_ITEM_LINE:
            cairo_move_to(cr, it->x, it->y);
            cairo_line_to(cr, it->x + it->w, it->y + it->h);
            cairo_set_line_width(cr, it->stroke);
            cairo_set_source_rgb(cr, it->ink, it->ink, it->ink);
            cairo_stroke(cr);
            break;
        }
    }
    cairo_set_font_face(cr, NULL);
    for (int i = 0; i < TENSU_FONT_COUNT; i++)
        if (faces[i])
            cairo_font_face_destroy(faces[i]);
    cairo_font_options_destroy(fo);
}

/* The PNG in memory, then written with a pHYs chunk after IHDR: the
 * resolution, so that a print comes out at the page's size. */
static cairo_status_t collect(void *closure, const unsigned char *data, unsigned int length)
{
    strbuf *b = closure;
    strbuf_put(b, (const char *)data, length);
    return b->bad ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return c ^ 0xFFFFFFFFu;
}

static void be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static tensu_status save_with_phys(strbuf *b, double dpi, const char *path, tensu_error *err)
{
    /* signature (8) + IHDR chunk (4 + 4 + 13 + 4) */
    const size_t at = 33;
    unsigned char chunk[21];
    uint32_t ppm = (uint32_t)(dpi / 0.0254 + 0.5); /* pixels per metre */
    FILE *f;
    bool ok;
    if (b->n < at || memcmp(b->s + 12, "IHDR", 4) != 0) {
        strbuf_free(b);
        return error_fill(err, TENSU_ERR_INVALID, "%s: cairo wrote no PNG header", path);
    }
    be32(chunk, 9);
    memcpy(chunk + 4, "pHYs", 4);
    be32(chunk + 8, ppm);
    be32(chunk + 12, ppm);
    chunk[16] = 1; /* the unit is the metre */
    be32(chunk + 17, crc32_of(chunk + 4, 13));
    f = fopen(path, "wb");
    ok = f != NULL && fwrite(b->s, 1, at, f) == at && fwrite(chunk, 1, 21, f) == 21 &&
         fwrite(b->s + at, 1, b->n - at, f) == b->n - at;
    if (f != NULL && fclose(f) != 0)
        ok = false;
    strbuf_free(b);
    if (!ok)
        return error_fill(err, TENSU_ERR_INVALID, "%s: cannot write", path);
    return TENSU_OK;
}

tensu_status tensu_png_write(const tensu_doc *d, size_t page, double dpi, const char *path,
                             tensu_error *err)
{
    const tensu_page *pg;
    cairo_surface_t *s;
    cairo_t *cr;
    cairo_status_t st;
    double k = dpi / 72.0;
    if (page >= d->npages)
        return error_fill(err, TENSU_ERR_RANGE, "no page %zu", page + 1);
    pg = &d->pages[page];
    s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(pg->width * k + 0.5),
                                   (int)(pg->height * k + 0.5));
    cr = cairo_create(s);
    cairo_scale(cr, k, k);
    draw(cr, d, pg);
    st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    {
        strbuf b = {0};
        if (st == CAIRO_STATUS_SUCCESS)
            st = cairo_surface_write_to_png_stream(s, collect, &b);
        cairo_surface_destroy(s);
        if (st != CAIRO_STATUS_SUCCESS || b.bad) {
            strbuf_free(&b);
            return error_fill(err, TENSU_ERR_INVALID, "%s: %s", path,
                              b.bad ? "out of memory" : cairo_status_to_string(st));
        }
        return save_with_phys(&b, dpi, path, err);
    }
}
