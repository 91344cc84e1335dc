/* Hands drawn as tiles, as people lay them on the table: the concealed
 * tiles sorted, the winning tile set apart, then the called melds to the
 * right with the called tile turned sideways, a closed kan with its two
 * outer tiles face down, an added kan with its fourth tile on the sideways
 * one.  Red fives are drawn red and underlined, so that a black-and-white
 * print still shows them.  The tiles are the glyphs of fonts/TensuTiles.ttf
 * (Symbola's mahjong tiles at U+E000..E02B): one embedded subset per PDF,
 * each tile drawn once per document however often it is used. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Glyph metrics of the tile font, in em: the face from 0.19 below the
 * baseline to 0.76 above it; the advance is measured. */
#define TILE_ASCENT 0.76
#define TILE_DESCENT 0.19
#define TILE_EM_HEIGHT (TILE_ASCENT + TILE_DESCENT)
#define RED_RGB 0xC81E1EU

/* The glyph (UTF-8 of U+E000 + offset in the Unicode Mahjong Tiles block)
 * of a tile kind; kind -1 is the back of a tile. */
static const char *glyph(int kind, char *buf)
{
    int off;
    if (kind < 0)
        off = 0x2B;
    else if (kind < 9)
        off = 0x07 + kind;            /* characters */
    else if (kind < 18)
        off = 0x19 + kind - 9;        /* circles */
    else if (kind < 27)
        off = 0x10 + kind - 18;       /* bamboos */
    else if (kind < 31)
        off = kind - 27;              /* East .. North */
    else
        off = 6 - (kind - 31);        /* haku U+1F006, hatsu 1F005, chun 1F004 */
    *utf8_put(buf, 0xE000u + (uint32_t)off) = '\0';
    return buf;
}

typedef struct pen {
    sheet_ctx *c;
    double x, bottom, size; /* font size; bottom: the lower edge of the row */
    double adv;             /* a tile's width */
    int n;                  /* tiles drawn */
    bool dry;               /* measure only: nothing put on the page */
} pen;

static void tile(pen *p, int kind, bool red, bool sideways, double lift, const char *tag)
{
    char g[4];
    tensu_item *it;
    double w = sideways ? p->size * TILE_EM_HEIGHT : p->adv;
    if (p->dry) {
        if (lift == 0)
            p->x += w;
        p->n++;
        return;
    }
    if (sideways)
        /* turned a quarter: the face's top to the left, read from the left */
        it = page_text(p->c->page, p->x + p->size * TILE_ASCENT, p->bottom - lift,
                       TENSU_FONT_TILES, p->size, 0, glyph(kind, g), p->adv);
    else
        it = page_text(p->c->page, p->x, p->bottom - p->size * TILE_DESCENT, TENSU_FONT_TILES,
                       p->size, 0, glyph(kind, g), p->adv);
    if (it == NULL) {
        ctx_fail(p->c, TENSU_ERR_NOMEM, "out of memory");
        return;
    }
    if (sideways)
        it->rot = 90;
    if (red) {
        it->has_rgb = true;
        it->rgb = RED_RGB;
        /* a bar under the tile: red fives show on a grey copy too */
        page_rect(p->c->page, p->x + w * 0.15, p->bottom + p->size * 0.05 - lift, w * 0.7,
                  p->size * 0.07, 0, 0, 0);
    }
    {
        char name[8];
        item_set_tag(it, "tile.%s%s%s%s", tag, *tag ? "." : "",
                     kind < 0 ? "back" : tensu_tile_name(kind, red, name), sideways ? ".side" : "");
    }
    if (lift == 0)
        p->x += w;
    p->n++;
}

/* A pen at x for tiles tile_h high, their bottom at bottom; false (c
 * failed) when the sheet has no tile font. */
static bool pen_start(pen *p, sheet_ctx *c, double x, double bottom, double tile_h)
{
    char g[4];
    if (!tensu_fontset_has(c->doc->fonts, TENSU_FONT_TILES)) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s: this sheet draws hands: its \"fonts\" need \"tiles\": \"TensuTiles.ttf\"",
                 c->tmpl.path);
        return false;
    }
    p->c = c;
    p->size = tile_h / TILE_EM_HEIGHT;
    p->adv = text_width(c, TENSU_FONT_TILES, p->size, glyph(0, g));
    p->x = x;
    p->n = 0;
    p->bottom = bottom;
    p->dry = false;
    return true;
}

double draw_tile(sheet_ctx *c, int kind, bool red, double x, double y, double tile_h)
{
    pen p;
    if (!pen_start(&p, c, x, y + tile_h, tile_h))
        return 0;
    tile(&p, kind, red, false, 0, "");
    return p.adv;
}

double hand_height(const tensu_hand *h, double tile_h)
{
    double size = tile_h / TILE_EM_HEIGHT;
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type == TENSU_MELD_SHOUMINKAN) /* a tile on a sideways tile */
            return 2 * 0.80 * size; /* two sideways tiles, one on the other */
    return tile_h;
}

/* The hand drawn (or only measured, dry) at (x, y): its width. */
static double lay_hand(sheet_ctx *c, const tensu_hand *h, double x, double y, double tile_h,
                       bool dry)
{
    pen p;
    int left[TENSU_TILE_KINDS], red_left[3];
    double top_extra = hand_height(h, tile_h) - tile_h;
    if (!pen_start(&p, c, x, y + top_extra + tile_h, tile_h))
        return 0;
    p.dry = dry;
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        left[k] = h->tiles[k];
    for (int s = 0; s < 3; s++)
        red_left[s] = h->red[s];
    /* the concealed tiles hold the winning tile when they number 14 less
     * 3 per meld (else it is given apart) */
    if (h->win >= 0 && left[h->win] > 0 && h->ntiles == 14 - 3 * h->nmelds) {
        left[h->win]--;
        if (h->win_red && h->win % 9 == 4 && h->win < 27)
            red_left[h->win / 9]--;
    }
    /* the concealed tiles, sorted; a red five first among its fives */
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        for (int n = 0; n < left[k]; n++) {
            bool red = k < 27 && k % 9 == 4 && red_left[k / 9] > 0;
            if (red)
                red_left[k / 9]--;
            tile(&p, k, red, false, 0, "");
        }
    /* the winning tile, set apart */
    if (h->win >= 0) {
        p.x += p.adv * 0.35;
        tile(&p, h->win, h->win_red, false, 0, "win");
    }
    /* the melds, each apart, in the order they were called */
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        int reds = m->red;
        p.x += p.adv * 0.45;
        for (int j = 0; j < (m->type == TENSU_MELD_CHI || m->type == TENSU_MELD_PON ? 3 : 4);
             j++) {
            int k = m->type == TENSU_MELD_CHI ? m->tile + j : m->tile;
            bool red = k < 27 && k % 9 == 4 && reds > 0;
            if (m->type == TENSU_MELD_ANKAN && (j == 0 || j == 3)) {
                tile(&p, -1, false, false, 0, "meld"); /* face down */
                continue;
            }
            if (red)
                reds--;
            if (m->type == TENSU_MELD_SHOUMINKAN && j == 1) {
                /* the added tile lies on the called one */
                double save = p.x;
                p.x -= p.size * TILE_EM_HEIGHT;
                tile(&p, k, red, true, p.adv, "meld");
                p.x = save;
                continue;
            }
            tile(&p, k, red, m->type != TENSU_MELD_ANKAN && j == 0, 0, "meld");
        }
    }
    /* three players: the North tiles set aside (each a dora), apart */
    for (int i = 0; i < h->nukidora; i++) {
        if (i == 0)
            p.x += p.adv * 0.45;
        tile(&p, 30, false, false, 0, "nuki");
    }
    return p.x - x;
}

double draw_hand(sheet_ctx *c, const tensu_hand *h, double x, double y, double tile_h)
{
    return lay_hand(c, h, x, y, tile_h, false);
}

double hand_width(sheet_ctx *c, const tensu_hand *h, double tile_h)
{
    return lay_hand(c, h, 0, 0, tile_h, true);
}

/* A hand in the notation of the scorer, as a template gives it:
 * "hand": "234m1122z+1z", "melds": [{"type": "ankan", "tiles": "1111s"}]. */
bool hand_from_json(sheet_ctx *c, json_t *b, tensu_hand *h)
{
    const char *text = json_string_value(json_object_get(b, "hand"));
    json_t *melds = json_object_get(b, "melds"), *m;
    size_t i;
    tensu_error err;
    tensu_hand_init(h);
    if (text == NULL || tensu_hand_parse(text, h, &err) != TENSU_OK) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: a hand needs \"hand\" in the scorer's notation%s%s",
                 c->tmpl.path, json_file_line(&c->tmpl, text ? text : "hand"),
                 text ? ": " : "", text ? err.message : "");
        return false;
    }
    json_array_foreach(melds, i, m) {
        const char *type = json_string_value(json_object_get(m, "type"));
        const char *tiles = json_string_value(json_object_get(m, "tiles"));
        tensu_meld_type t;
        if (type == NULL || tiles == NULL || !tensu_meld_type_parse(type, &t) ||
            tensu_hand_add_meld(h, t, tiles, &err) != TENSU_OK) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: bad meld in hand \"%s\"", c->tmpl.path,
                     json_file_line(&c->tmpl, text), text);
            return false;
        }
    }
    h->tsumo = json_is_true(json_object_get(b, "tsumo"));
    return true;
}

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

/* {"type": "hand", "hand": ..., "melds": [...], "size": tile height,
 *  "caption": catalog key} */
double block_hand(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    tensu_hand h;
    double th = num(b, "size", 18) * c->scale, w, hh;
    const char *caption = json_string_value(json_object_get(b, "caption"));
    if (!hand_from_json(c, b, &h))
        return 0;
    hh = hand_height(&h, th);
    w = draw_hand(c, &h, x, y, th);
    if (w > width + 0.5)
        ctx_fail(c, TENSU_ERR_RANGE, "%s: the hand \"%s\" is wider than its column",
                 c->tmpl.path, json_string_value(json_object_get(b, "hand")));
    if (caption) {
        char *t = cat_expand(c, caption, NULL);
        hh += 2 * c->scale + flow_text(c, x, y + hh + 2 * c->scale, width,
                                       num(b, "caption_size", 10), TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
    }
    return hh + num(b, "after", 4) * c->scale;
}

/* The waits, drawn: per row a name, the tiles that wait, what they wait
 * for, and the fu: {"rows": [{"name": key, "shape": "23m", "wins": "14m",
 * "fu": "+0"}]}. */
double block_waits(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *rows = json_object_get(b, "rows"), *r;
    double size = num(b, "size", 10) * c->scale, th = num(b, "tile", 14) * c->scale, h = 0;
    double name_w = width * 0.44, fu_w = width * 0.1, rh = th + 4 * c->scale;
    size_t i;
    json_array_foreach(rows, i, r) {
        const char *name = json_string_value(json_object_get(r, "name"));
        const char *shape = json_string_value(json_object_get(r, "shape"));
        const char *wins = json_string_value(json_object_get(r, "wins"));
        const char *fu = json_string_value(json_object_get(r, "fu"));
        int kinds[8], wk[8], n = 0, nw = 0;
        bool red[8], wred[8];
        tensu_error err;
        pen p;
        char g[4], *t;
        if (name == NULL || shape == NULL || wins == NULL || fu == NULL ||
            tensu_tiles_parse(shape, kinds, red, 8, &n, &err) != TENSU_OK ||
            tensu_tiles_parse(wins, wk, wred, 8, &nw, &err) != TENSU_OK) {
            ctx_fail(c, TENSU_ERR_INVALID,
                     "%s:%d: a waits row needs \"name\", \"shape\" and \"wins\" (tiles) and \"fu\"",
                     c->tmpl.path, json_file_line(&c->tmpl, "waits"));
            return h;
        }
        if (i % 2 == 1)
            page_rect(c->page, x, y + h, width, rh, 0.94, 0, 0);
        t = cat_expand(c, name, NULL);
        put_text(c, x + 3 * c->scale, y + h + rh / 2 + size * 0.35, name_w - 6 * c->scale, 'l',
                 TENSU_FONT_REGULAR, size, 0, t);
        free(t);
        p.c = c;
        p.size = th / TILE_EM_HEIGHT;
        p.adv = text_width(c, TENSU_FONT_TILES, p.size, glyph(0, g));
        p.x = x + name_w;
        p.bottom = y + h + 2 * c->scale + th;
        p.n = 0;
        p.dry = false;
        for (int k = 0; k < n; k++)
            tile(&p, kinds[k], red[k], false, 0, "wait");
        put_text(c, p.x + 2 * c->scale, y + h + rh / 2 + size * 0.35, size * 1.5, 'c',
                 TENSU_FONT_REGULAR, size, 0, "\u2192");
        p.x += size * 1.5 + 4 * c->scale;
        for (int k = 0; k < nw; k++)
            tile(&p, wk[k], wred[k], false, 0, "wins");
        if (p.x > x + width - fu_w)
            ctx_fail(c, TENSU_ERR_RANGE, "%s: the wait \"%s\" does not fit its row",
                     c->tmpl.path, shape);
        put_text(c, x + width - fu_w, y + h + rh / 2 + size * 0.35, fu_w - 3 * c->scale, 'r',
                 TENSU_FONT_REGULAR, size, 0, fu);
        h += rh;
    }
    page_line(c->page, x, y, x + width, y, 0.8 * c->scale, 0);
    page_line(c->page, x, y + h, x + width, y + h, 0.8 * c->scale, 0);
    return h + num(b, "after", 4) * c->scale;
}
