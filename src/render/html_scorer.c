/* The scorer section of the phone page (tensu sheets --format html
 * --with-scorer): the WebAssembly engine's script as given, the tile
 * pictures drawn by hand.c and written by svg.c (one small SVG per tile),
 * the catalog's words, the rules in force, and templates/scorer.js and
 * scorer.css, the page's part that taps tiles in and shows the result.
 * html.c calls it and gives it a place to write; it calls nothing of
 * html.c. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The catalog's words the script uses, by prefix (yaku names, not their
 * descriptions). */
static bool wanted(const char *key)
{
    static const char *const prefixes[] = {"scorer.",     "card.reading.", "score.",
                                           "limit.",      "html.tsumo.",   "quiz.ron",
                                           "quiz.tsumo"};
    if (strncmp(key, "yaku.", 5) == 0)
        return strncmp(key, "yaku.desc.", 10) != 0 && strchr(key + 5, '.') == NULL;
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(key, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

/* The words of a fu reason ("fu.reason.closed_ron") are keyed in the page
 * by its English text ("fu.reason.closed hand won by ron"): the engine's
 * records name a reason so, as tensu score --jsonl does, and the script
 * looks its words up by the record's text.  Other keys: NULL. */
static const char *fu_reason_key(const char *key, char *buf, size_t size)
{
    static const char prefix[] = "fu.reason.";
    if (strncmp(key, prefix, sizeof prefix - 1) != 0)
        return NULL;
    for (int i = 0; i < TENSU_FU_REASON_COUNT; i++)
        if (strcmp(key + sizeof prefix - 1, tensu_fu_reason_id((tensu_fu_reason)i)) == 0) {
            snprintf(buf, size, "%s%s", prefix, tensu_fu_reason_name((tensu_fu_reason)i));
            return buf;
        }
    return NULL;
}

/* Every tile of the game (34 kinds and the red fives; 27 kinds and two red
 * fives with three players) as its own SVG. */
static json_t *tile_pictures(sheet_ctx *c, const tensu_rules *r, const char *data_dir)
{
    json_t *tiles = json_object();
    tensu_page *keep = c->page;
    char path[1100];
    snprintf(path, sizeof path, "%s/fonts/TensuTiles.ttf", data_dir);
    if (!tensu_fontset_has(c->doc->fonts, TENSU_FONT_TILES) &&
        tensu_fontset_load(c->doc->fonts, TENSU_FONT_TILES, path, c->err) != TENSU_OK) {
        ctx_fail(c, c->err ? c->err->status : TENSU_ERR_INVALID, "%s: cannot load", path);
        json_decref(tiles);
        return NULL;
    }
    for (int i = 0; i < TENSU_TILE_KINDS + 3 && c->status == TENSU_OK; i++) {
        int kind = i < TENSU_TILE_KINDS ? i : 4 + 9 * (i - TENSU_TILE_KINDS);
        bool red = i >= TENSU_TILE_KINDS;
        char name[4], idp[8];
        size_t len;
        char *svg;
        double w;
        if (!tensu_tile_in_play(r, kind) || (red && r->aka <= 0))
            continue; /* no 2m to 8m with three players; no red five without aka */
        c->page = doc_add_page(c->doc, 30, 40);
        if (c->page == NULL) {
            ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
            break;
        }
        w = draw_tile(c, kind, red, 0, 0, 40);
        c->page->width = w;
        tensu_tile_name(kind, red, name);
        snprintf(idp, sizeof idp, "t%s", name);
        svg = tensu_svg_build(c->doc, c->doc->npages - 1, idp, &len, c->err);
        if (svg == NULL) {
            ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
            break;
        }
        json_object_set_new(tiles, name, json_stringn(svg, len));
        free(svg);
    }
    c->page = keep;
    if (c->status != TENSU_OK) {
        json_decref(tiles);
        return NULL;
    }
    return tiles;
}

/* The rules in force for the engine: {"preset": NAME, "set": {KEY: VALUE}}
 * with each key set otherwise than the preset has it (scorer.js puts "set"
 * in each record's "rules", as tensu score --jsonl reads it). */
static json_t *rules_object(const tensu_rules *r)
{
    tensu_rules base;
    json_t *set = json_object();
    if (set == NULL || tensu_rules_preset(r->preset, &base, NULL) != TENSU_OK) {
        json_decref(set);
        return NULL;
    }
    for (size_t i = 0; i < tensu_rule_key_count(); i++) {
        const tensu_rule_key *k = tensu_rule_key_at(i);
        char v[64], b[64];
        if (!tensu_rule_key_applies(k, r) || !tensu_rules_get(r, k->name, v, sizeof v) ||
            (tensu_rules_get(&base, k->name, b, sizeof b) && strcmp(v, b) == 0))
            continue;
        if (json_object_set_new(set, k->name, json_string(v)) != 0) {
            json_decref(set);
            return NULL;
        }
    }
    return json_pack("{s:s,s:o}", "preset", r->preset, "set", set);
}

/* JSON inside a <script>: "</" written "<\/" so that no string ends it. */
static void emit_json(json_t *v, void (*emit)(void *, const char *, size_t), void *ctx)
{
    char *s = json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY);
    const char *p = s, *q;
    if (s == NULL)
        return;
    while ((q = strstr(p, "</")) != NULL) {
        emit(ctx, p, (size_t)(q - p));
        emit(ctx, "<\\/", 3);
        p = q + 2;
    }
    emit(ctx, p, strlen(p));
    free(s);
}

static void emit_str(void (*emit)(void *, const char *, size_t), void *ctx, const char *s)
{
    emit(ctx, s, strlen(s));
}

bool html_scorer(sheet_ctx *c, const tensu_rules *r, const char *engine_js,
                 void (*emit)(void *, const char *, size_t), void *ctx)
{
    char path[1100];
    char *js = NULL, *css = NULL;
    json_t *tiles = NULL, *rules = NULL, *words = NULL, *data = NULL, *v;
    const char *key;
    bool ok = false;

    if (strstr(engine_js, "</script") != NULL || strstr(engine_js, "</SCRIPT") != NULL) {
        ctx_fail(c, TENSU_ERR_INVALID, "the scorer's script holds '</script>': not embedded");
        return false;
    }
    js = data_file_text(c, c->data_dir, "scorer.js", "scorer script", NULL, path, sizeof path);
    css = js ? data_file_text(c, c->data_dir, "scorer.css", "scorer style", NULL, path,
                              sizeof path)
             : NULL;
    if (css == NULL || strstr(js, "</script") != NULL)
        goto done;
    tiles = tile_pictures(c, r, c->data_dir);
    rules = rules_object(r);
    if (tiles == NULL || rules == NULL)
        goto done;
    words = json_object();
    json_object_foreach(c->strings, key, v) {
        char fu_key[128];
        const char *as = fu_reason_key(key, fu_key, sizeof fu_key);
        if (json_is_string(v) && (as != NULL || wanted(key)))
            json_object_set(words, as != NULL ? as : key, v);
    }
    /* who pays a non-dealer's share of a tsumo, as the card says it */
    data = json_pack("{s:O,s:O,s:O,s:i,s:b,s:s,s:i,s:s}", "tiles", tiles, "L", words, "rules",
                     rules, "players", r->players, "chi", tensu_chi_allowed(r), "group", c->group,
                     "groupMin", c->group_min, "ndPayer", nd_payer_word(c, false));
    if (data == NULL) {
        ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
        goto done;
    }
    emit_str(emit, ctx, "<section id=\"scorer\" class=\"scorer\" hidden></section>"
                        "<noscript><p>");
    {
        /* the one sentence shown without scripts, escaped */
        const char *s = cat_str(c, "scorer.noscript");
        for (; *s; s++) {
            const char *e = *s == '<' ? "&lt;" : *s == '&' ? "&amp;" : NULL;
            if (e)
                emit_str(emit, ctx, e);
            else
                emit(ctx, s, 1);
        }
    }
    emit_str(emit, ctx, "</p></noscript><style>");
    emit_str(emit, ctx, css);
    emit_str(emit, ctx, "</style><script>");
    emit_str(emit, ctx, engine_js);
    emit_str(emit, ctx, "</script><script>window.TENSU=");
    emit_json(data, emit, ctx);
    emit_str(emit, ctx, ";\n");
    emit_str(emit, ctx, js);
    emit_str(emit, ctx, "</script>");
    ok = c->status == TENSU_OK;
done:
    free(js);
    free(css);
    json_decref(rules);
    json_decref(tiles);
    json_decref(words);
    json_decref(data);
    return ok;
}
