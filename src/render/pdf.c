/* PDF back end: libharu.  Text in UTF-8 through embedded TrueType fonts
 * (libharu keeps only the glyphs used in glyf, the other tables whole:
 * hence the small subsets shipped in fonts/).  The optional Japanese face
 * is drawn as glyph outlines instead of an embedded font: libharu would
 * embed some 250 KB of IPA Gothic's tables for five names.  Errors: the
 * handler records the first one (no setjmp/longjmp); it is checked at the
 * end. */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include <hpdf.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct pdf_state {
    HPDF_STATUS error, detail; /* the first error */
    HPDF_Font font[TENSU_FONT_COUNT];
} pdf_state;

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
    pdf_state *st = user;
    if (st->error == 0) {
        st->error = error_no;
        st->detail = detail_no;
    }
}

static HPDF_Font get_font(HPDF_Doc pdf, pdf_state *st, const tensu_fontset *fs,
                          tensu_font_role role)
{
    if (st->font[role] == NULL) {
        const char *name = HPDF_LoadTTFontFromFile(pdf, tensu_fontset_path(fs, role), HPDF_TRUE);
        if (name != NULL)
            st->font[role] = HPDF_GetFont(pdf, name, "UTF-8");
    }
    return st->font[role];
}

/* Glyph outlines into the page's path, in PDF coordinates. */
typedef struct outline_ctx {
    HPDF_Page page;
    double x0, y0, scale, cx, cy;
} outline_ctx;

/* A point of the glyph, in font units, on the page */
static double px(const outline_ctx *o, FT_Pos x)
{
    return o->x0 + x * o->scale;
}

static double py(const outline_ctx *o, FT_Pos y)
{
    return o->y0 + y * o->scale;
}

/* The pen moved to a point (where the next segment starts) */
static void pen_to(outline_ctx *o, const FT_Vector *to)
{
    o->cx = px(o, to->x);
    o->cy = py(o, to->y);
}

static int o_move(const FT_Vector *to, void *u)
{
    outline_ctx *o = u;
    pen_to(o, to);
    HPDF_Page_MoveTo(o->page, (HPDF_REAL)o->cx, (HPDF_REAL)o->cy);
    return 0;
}

static int o_line(const FT_Vector *to, void *u)
{
    outline_ctx *o = u;
    pen_to(o, to);
    HPDF_Page_LineTo(o->page, (HPDF_REAL)o->cx, (HPDF_REAL)o->cy);
    return 0;
}

static int o_conic(const FT_Vector *ctl, const FT_Vector *to, void *u)
{
    outline_ctx *o = u;
    double qx = px(o, ctl->x), qy = py(o, ctl->y), ex = px(o, to->x), ey = py(o, to->y);
    /* quadratic to cubic */
    HPDF_Page_CurveTo(o->page, (HPDF_REAL)(o->cx + 2.0 / 3 * (qx - o->cx)),
                      (HPDF_REAL)(o->cy + 2.0 / 3 * (qy - o->cy)),
                      (HPDF_REAL)(ex + 2.0 / 3 * (qx - ex)), (HPDF_REAL)(ey + 2.0 / 3 * (qy - ey)),
                      (HPDF_REAL)ex, (HPDF_REAL)ey);
    o->cx = ex;
    o->cy = ey;
    return 0;
}

static int o_cubic(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *u)
{
    outline_ctx *o = u;
    pen_to(o, to);
    HPDF_Page_CurveTo(o->page, (HPDF_REAL)px(o, c1->x), (HPDF_REAL)py(o, c1->y),
                      (HPDF_REAL)px(o, c2->x), (HPDF_REAL)py(o, c2->y), (HPDF_REAL)o->cx,
                      (HPDF_REAL)o->cy);
    return 0;
}

static void draw_outlines(HPDF_Page page, FT_Face face, const tensu_item *it, double page_h)
{
    static const FT_Outline_Funcs funcs = {o_move, o_line, o_conic, o_cubic, 0, 0};
    outline_ctx o;
    double x = it->x;
    o.page = page;
    o.scale = it->h / face->units_per_EM;
    HPDF_Page_SetGrayFill(page, (HPDF_REAL)it->ink);
    for (const char *p = it->text; *p;) {
        uint32_t cp;
        FT_UInt g;
        p += utf8_next(p, &cp);
        g = FT_Get_Char_Index(face, cp);
        if (FT_Load_Glyph(face, g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) != 0)
            continue;
        if (face->glyph->format == FT_GLYPH_FORMAT_OUTLINE &&
            face->glyph->outline.n_contours > 0) {
            o.x0 = x;
            o.y0 = page_h - it->y;
            o.cx = o.x0;
            o.cy = o.y0;
            FT_Outline_Decompose(&face->glyph->outline, &funcs, &o);
            HPDF_Page_Fill(page);
        }
        x += face->glyph->metrics.horiAdvance * o.scale;
    }
}

static void draw_page(HPDF_Doc pdf, pdf_state *st, const tensu_doc *d, const tensu_page *pg)
{
    HPDF_Page page = HPDF_AddPage(pdf);
    double H = pg->height;
    if (page == NULL)
        return;
    HPDF_Page_SetWidth(page, (HPDF_REAL)pg->width);
    HPDF_Page_SetHeight(page, (HPDF_REAL)pg->height);
    for (size_t i = 0; i < pg->n && st->error == 0; i++) {
        const tensu_item *it = &pg->items[i];
        switch (it->kind) {
        case TENSU_ITEM_TEXT: {
            HPDF_Font f;
            if (it->font == TENSU_FONT_JP) {
                draw_outlines(page, tensu_fontset_face(d->fonts, it->font), it, H);
                break;
            }
            f = get_font(pdf, st, d->fonts, it->font);
            if (f == NULL)
                return;
            HPDF_Page_BeginText(page);
            HPDF_Page_SetFontAndSize(page, f, (HPDF_REAL)it->h);
            if (it->has_rgb)
                HPDF_Page_SetRGBFill(page, (HPDF_REAL)((it->rgb >> 16) & 255) / 255,
                                     (HPDF_REAL)((it->rgb >> 8) & 255) / 255,
                                     (HPDF_REAL)(it->rgb & 255) / 255);
            else
                HPDF_Page_SetGrayFill(page, (HPDF_REAL)it->ink);
            if (it->rot != 0) {
                /* the text matrix turns the run about its start */
                double a = it->rot * 3.14159265358979323846 / 180;
                HPDF_Page_SetTextMatrix(page, (HPDF_REAL)cos(a), (HPDF_REAL)sin(a),
                                        (HPDF_REAL)-sin(a), (HPDF_REAL)cos(a),
                                        (HPDF_REAL)it->x, (HPDF_REAL)(H - it->y));
                HPDF_Page_ShowText(page, it->text);
            } else {
                HPDF_Page_TextOut(page, (HPDF_REAL)it->x, (HPDF_REAL)(H - it->y), it->text);
            }
            HPDF_Page_EndText(page);
            break;
        }
        case TENSU_ITEM_RECT:
            if (it->fill >= 0)
                HPDF_Page_SetGrayFill(page, (HPDF_REAL)it->fill);
            if (it->stroke > 0) {
                HPDF_Page_SetLineWidth(page, (HPDF_REAL)it->stroke);
                HPDF_Page_SetGrayStroke(page, (HPDF_REAL)it->ink);
            }
            HPDF_Page_Rectangle(page, (HPDF_REAL)it->x, (HPDF_REAL)(H - it->y - it->h),
                                (HPDF_REAL)it->w, (HPDF_REAL)it->h);
            if (it->fill >= 0 && it->stroke > 0)
                HPDF_Page_FillStroke(page);
            else if (it->fill >= 0)
                HPDF_Page_Fill(page);
            else if (it->stroke > 0)
                HPDF_Page_Stroke(page);
            else
                HPDF_Page_EndPath(page);
            break;
        case TENSU_ITEM_LINE:
            HPDF_Page_SetLineWidth(page, (HPDF_REAL)it->stroke);
            HPDF_Page_SetGrayStroke(page, (HPDF_REAL)it->ink);
            HPDF_Page_MoveTo(page, (HPDF_REAL)it->x, (HPDF_REAL)(H - it->y));
            HPDF_Page_LineTo(page, (HPDF_REAL)(it->x + it->w), (HPDF_REAL)(H - it->y - it->h));
            HPDF_Page_Stroke(page);
            break;
        }
    }
}

/* The creation date from SOURCE_DATE_EPOCH, or none. */
static void set_date(HPDF_Doc pdf)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    char *end;
    long long v;
    time_t t;
    struct tm tm;
    HPDF_Date date;
    if (e == NULL || *e == '\0')
        return;
    v = strtoll(e, &end, 10);
    if (*end != '\0' || v < 0)
        return;
    t = (time_t)v;
    if (gmtime_r(&t, &tm) == NULL)
        return;
    memset(&date, 0, sizeof date);
    date.year = tm.tm_year + 1900;
    date.month = tm.tm_mon + 1;
    date.day = tm.tm_mday;
    date.hour = tm.tm_hour;
    date.minutes = tm.tm_min;
    date.seconds = tm.tm_sec;
    date.ind = 'Z';
    HPDF_SetInfoDateAttr(pdf, HPDF_INFO_CREATION_DATE, date);
    HPDF_SetInfoDateAttr(pdf, HPDF_INFO_MOD_DATE, date);
}

/* libharu writes, for its UTF-8 fonts, a ToUnicode map that is a CID map
 * ("begincidrange"), which poppler warns about and text extraction cannot
 * use.  The codes of those fonts are UTF-16 units (Identity-H), so the
 * right map is the identity, in bfrange rows of 256 codes; the tile font's
 * private-use codes map to the Unicode mahjong tiles they stand for. */
static void write_tounicode(HPDF_Font font, bool tiles)
{
    HPDF_Dict map = (HPDF_Dict)HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT);
    char line[96];
    if (map == NULL || map->stream == NULL)
        return;
    HPDF_MemStream_FreeData(map->stream);
    HPDF_Stream_WriteStr(map->stream,
                         "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                         "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> "
                         "def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                         "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    /* 256-code rows, but the surrogates (no character of their own) */
    for (int hi = 0; hi < 256; hi += 100) {
        int n = 0;
        for (int r = hi; r < hi + 100 && r < 256; r++)
            n += !(r >= 0xD8 && r <= 0xDF) && !(tiles && r == 0xE0);
        snprintf(line, sizeof line, "%d beginbfrange\n", n);
        HPDF_Stream_WriteStr(map->stream, line);
        for (int r = hi; r < hi + 100 && r < 256; r++) {
            if ((r >= 0xD8 && r <= 0xDF) || (tiles && r == 0xE0))
                continue;
            snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", r, r, r);
            HPDF_Stream_WriteStr(map->stream, line);
        }
        HPDF_Stream_WriteStr(map->stream, "endbfrange\n");
    }
    if (tiles) {
        /* U+E000 + k stands for U+1F000 + k: D83C DC00 + k in UTF-16 */
        HPDF_Stream_WriteStr(map->stream, "44 beginbfchar\n");
        for (int k = 0; k < 44; k++) {
            snprintf(line, sizeof line, "<E0%02X> <D83CDC%02X>\n", k, k);
            HPDF_Stream_WriteStr(map->stream, line);
        }
        HPDF_Stream_WriteStr(map->stream, "endbfchar\n");
    }
    HPDF_Stream_WriteStr(map->stream, "endcmap\nCMapName currentdict /CMap defineresource pop\n"
                                      "end\nend\n");
}

/* /Lang in the catalog: "fr", "en" (a catalog's name is its language). */
static void set_lang(HPDF_Doc pdf, const char *lang)
{
    HPDF_Dict catalog = (HPDF_Dict)pdf->catalog;
    if (catalog != NULL && lang != NULL && lang[0] != '\0')
        HPDF_Dict_Add(catalog, "Lang", HPDF_String_New(pdf->mmgr, lang, NULL));
}

tensu_status tensu_pdf_write(const tensu_doc *d, const char *path, tensu_error *err)
{
    pdf_state st;
    HPDF_Doc pdf;
    memset(&st, 0, sizeof st);
    pdf = HPDF_New(on_error, &st);
    if (pdf == NULL)
        return error_fill(err, TENSU_ERR_NOMEM, "cannot start a PDF");
    HPDF_UseUTFEncodings(pdf);
    HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL);
    HPDF_SetInfoAttr(pdf, HPDF_INFO_CREATOR, "tensu");
    set_date(pdf);
    for (size_t i = 0; i < d->npages && st.error == 0; i++)
        draw_page(pdf, &st, d, &d->pages[i]);
    for (int r = 0; r < TENSU_FONT_COUNT && st.error == 0; r++)
        if (st.font[r] != NULL)
            write_tounicode(st.font[r], r == TENSU_FONT_TILES);
    if (st.error == 0) {
        /* what a reader shows and reads aloud: the title and the language */
        HPDF_SetCurrentEncoder(pdf, "UTF-8"); /* the title as Unicode, not PDFDocEncoding */
        HPDF_SetInfoAttr(pdf, HPDF_INFO_TITLE, d->title);
        set_lang(pdf, d->lang);
        /* into memory, then to the file with every write checked: libharu's
         * own file stream does not report a full disk, and a cut PDF would
         * then be renamed to its final name */
        if (HPDF_SaveToStream(pdf) == HPDF_OK && st.error == 0) {
            HPDF_UINT32 size = HPDF_GetStreamSize(pdf), got = size;
            unsigned char *buf = malloc(size ? size : 1);
            if (buf == NULL) {
                HPDF_Free(pdf);
                return error_fill(err, TENSU_ERR_NOMEM, "%s: out of memory", path);
            }
            HPDF_ResetStream(pdf);
            if (HPDF_ReadFromStream(pdf, buf, &got) != HPDF_OK && got != size)
                st.error = st.error ? st.error : HPDF_STREAM_EOF;
            else
                st.error = st.error == HPDF_STREAM_EOF ? 0 : st.error; /* read to its end */
            if (st.error == 0) {
                FILE *f;
                int e = 0;
                errno = 0;
                f = fopen(path, "wb");
                if (f == NULL || fwrite(buf, 1, got, f) != got || fflush(f) != 0)
                    e = errno ? errno : EIO;
                if (f != NULL && fclose(f) != 0 && e == 0)
                    e = errno ? errno : EIO;
                if (e != 0) {
                    free(buf);
                    HPDF_Free(pdf);
                    return error_fill(err, TENSU_ERR_INVALID, "%s: %s", path, strerror(e));
                }
            }
            free(buf);
        }
    }
    HPDF_Free(pdf);
    if (st.error != 0)
        return error_fill(err, TENSU_ERR_INVALID, "%s: libharu error 0x%04X (detail %u)", path,
                          (unsigned)st.error, (unsigned)st.detail);
    return TENSU_OK;
}
