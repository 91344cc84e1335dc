/* Fonts: FreeType faces loaded from files, and text measurement shared by
 * the layout and both back ends (so that what is measured is what is
 * drawn). */
#include "render.h"
#include "../util/fail.h"
#include "../util/utf8.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H

#include <stdlib.h>
#include <string.h>

struct tensu_fontset {
    FT_Library lib;
    FT_Face face[TENSU_FONT_COUNT];
    char *path[TENSU_FONT_COUNT];
};

const char *tensu_font_role_name(tensu_font_role role)
{
    static const char *const names[TENSU_FONT_COUNT] = {"regular",   "bold",           "italic",
                                                        "condensed", "condensed-bold", "jp",
                                                        "tiles"};
    return role < TENSU_FONT_COUNT ? names[role] : "?";
}

tensu_fontset *tensu_fontset_new(void)
{
    tensu_fontset *fs = calloc(1, sizeof *fs);
    if (fs == NULL)
        return NULL;
    if (FT_Init_FreeType(&fs->lib) != 0) {
        free(fs);
        return NULL;
    }
    return fs;
}

void tensu_fontset_free(tensu_fontset *fs)
{
    if (fs == NULL)
        return;
    for (int i = 0; i < TENSU_FONT_COUNT; i++) {
        if (fs->face[i])
            FT_Done_Face(fs->face[i]);
        free(fs->path[i]);
    }
    FT_Done_FreeType(fs->lib);
    free(fs);
}

tensu_status tensu_fontset_load(tensu_fontset *fs, tensu_font_role role, const char *path,
                                tensu_error *err)
{
    FT_Face face;
    FT_ULong len = 0;
    if (FT_New_Face(fs->lib, path, 0, &face) != 0)
        return error_fill(err, TENSU_ERR_INVALID, "%s: cannot read this font file", path);
    /* libharu embeds TrueType outlines only: insist on a glyf table. */
    if (FT_Load_Sfnt_Table(face, FT_MAKE_TAG('g', 'l', 'y', 'f'), 0, NULL, &len) != 0 ||
        len == 0) {
        FT_Done_Face(face);
        return error_fill(err, TENSU_ERR_INVALID,
                          "%s: not a TrueType font with glyf outlines", path);
    }
    if (fs->face[role])
        FT_Done_Face(fs->face[role]);
    free(fs->path[role]);
    fs->face[role] = face;
    fs->path[role] = malloc(strlen(path) + 1);
    if (fs->path[role] == NULL)
        return error_fill(err, TENSU_ERR_NOMEM, "out of memory");
    strcpy(fs->path[role], path);
    return TENSU_OK;
}

bool tensu_fontset_has(const tensu_fontset *fs, tensu_font_role role)
{
    return fs != NULL && role < TENSU_FONT_COUNT && fs->face[role] != NULL;
}

const char *tensu_fontset_path(const tensu_fontset *fs, tensu_font_role role)
{
    return tensu_fontset_has(fs, role) ? fs->path[role] : NULL;
}

void *tensu_fontset_face(const tensu_fontset *fs, tensu_font_role role)
{
    return tensu_fontset_has(fs, role) ? fs->face[role] : NULL;
}

double tensu_fontset_width(const tensu_fontset *fs, tensu_font_role role, double size,
                           const char *utf8)
{
    FT_Face face;
    double units = 0;
    if (!tensu_fontset_has(fs, role))
        return 0;
    face = fs->face[role];
    for (const char *p = utf8; *p;) {
        uint32_t cp;
        FT_UInt g;
        p += utf8_next(p, &cp);
        g = FT_Get_Char_Index(face, cp);
        if (FT_Load_Glyph(face, g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) == 0)
            units += (double)face->glyph->metrics.horiAdvance;
    }
    return units * size / (double)face->units_per_EM;
}

bool tensu_fontset_covers(const tensu_fontset *fs, tensu_font_role role, const char *utf8,
                          uint32_t *missing)
{
    if (!tensu_fontset_has(fs, role))
        return false;
    for (const char *p = utf8; *p;) {
        uint32_t cp;
        p += utf8_next(p, &cp);
        if (FT_Get_Char_Index(fs->face[role], cp) == 0) {
            if (missing)
                *missing = cp;
            return false;
        }
    }
    return true;
}
