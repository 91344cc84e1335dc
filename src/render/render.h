/*
 * render.h - printable sheets: fonts, the page model, templates and string
 * catalogs, and the back ends (PDF through libharu, SVG and PNG through
 * cairo).
 *
 * The flow: a template (templates/NAME.json) and a string catalog
 * (templates/LANG.json) are read with jansson; the layout code turns them,
 * with values from the core (tensu_pay, tensu_table_new ...), into a
 * tensu_doc: pages of positioned items (text runs, boxes, rules).  Each
 * back end only draws a tensu_doc; none decides a payment or a position.
 *
 * Errors follow the core: a tensu_status, and a tensu_error whose message
 * names the file, line and problem ("templates/card.json:12:9: ...").
 * Objects from a _new function are freed by the matching _free (NULL safe).
 */
#ifndef TENSU_RENDER_H
#define TENSU_RENDER_H

#include "../tensu.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Fonts                                                               */
/* ------------------------------------------------------------------ */

/* The faces a template may use.  JP is optional (limit names in kanji). */
typedef enum tensu_font_role {
    TENSU_FONT_REGULAR = 0,
    TENSU_FONT_BOLD,
    TENSU_FONT_ITALIC,
    TENSU_FONT_CONDENSED,
    TENSU_FONT_CONDENSED_BOLD,
    TENSU_FONT_JP,
    TENSU_FONT_TILES,       /* the mahjong tiles (fonts/TensuTiles.ttf): optional */
    TENSU_FONT_COUNT
} tensu_font_role;

/* "regular", "bold", "italic", "condensed", "condensed-bold", "jp", "tiles". */
const char *tensu_font_role_name(tensu_font_role role);

/* FreeType faces loaded from files (never through fontconfig). */
typedef struct tensu_fontset tensu_fontset;

tensu_fontset *tensu_fontset_new(void);
void tensu_fontset_free(tensu_fontset *fs);
/* Load a TrueType file (with a glyf table) for a role. */
tensu_status tensu_fontset_load(tensu_fontset *fs, tensu_font_role role, const char *path,
                                tensu_error *err);
bool tensu_fontset_has(const tensu_fontset *fs, tensu_font_role role);
const char *tensu_fontset_path(const tensu_fontset *fs, tensu_font_role role);
/* The FT_Face of a role (as void * to keep FreeType out of this header). */
void *tensu_fontset_face(const tensu_fontset *fs, tensu_font_role role);
/* Advance width in points of UTF-8 text at a size (unhinted, unkerned:
 * what libharu and cairo both draw). */
double tensu_fontset_width(const tensu_fontset *fs, tensu_font_role role, double size,
                           const char *utf8);
/* Does the face have a glyph for every character?  *missing gets the
 * first code point without one. */
bool tensu_fontset_covers(const tensu_fontset *fs, tensu_font_role role, const char *utf8,
                          uint32_t *missing);

/* ------------------------------------------------------------------ */
/* Page model                                                          */
/* ------------------------------------------------------------------ */

typedef enum tensu_item_kind {
    TENSU_ITEM_TEXT = 0, /* a run of text in one font */
    TENSU_ITEM_RECT,     /* a box: fill and/or outline */
    TENSU_ITEM_LINE      /* a straight rule */
} tensu_item_kind;

/* Coordinates in points, origin at the top left, y downwards.
 * TEXT: the baseline starts at (x, y); w is its advance, h the font size.
 * RECT: the box (x, y, w, h).  LINE: from (x, y) to (x + w, y + h). */
typedef struct tensu_item {
    tensu_item_kind kind;
    double x, y, w, h;
    tensu_font_role font;  /* TEXT */
    double ink;            /* grey of the text or the stroke: 0 black .. 1 white */
    double fill;           /* RECT fill grey, < 0 for none */
    double stroke;         /* RECT/LINE stroke width, 0 for none */
    char *text;            /* TEXT: UTF-8, owned */
    char *tag;             /* optional name for tests ("nd.ron.4.30"), owned */
    double rot;            /* TEXT: degrees, counterclockwise about (x, y); 180 is
                              upside down (the far face of a table tent) */
    bool has_rgb;          /* TEXT: drawn in the colour rgb (0xRRGGBB) instead of ink */
    uint32_t rgb;
} tensu_item;

typedef struct tensu_page {
    double width, height;
    size_t n, cap;
    tensu_item *items;
} tensu_page;

typedef struct tensu_doc {
    char sheet[32];        /* template name: "card", "study" */
    char lang[16];         /* catalog name: "fr", "en" */
    char title[160];       /* document title (PDF info) */
    size_t npages;
    tensu_page *pages;
    tensu_fontset *fonts;  /* owned */
} tensu_doc;

void tensu_doc_free(tensu_doc *d);
/* The first text item whose tag is exactly this, or NULL. */
const tensu_item *tensu_doc_find_tag(const tensu_doc *d, const char *tag);

/* ------------------------------------------------------------------ */
/* Sheets                                                              */
/* ------------------------------------------------------------------ */

/* What a worksheet asks (tensu quiz): NULL in tensu_sheet_opts for the
 * other sheets. */
typedef struct tensu_quiz_spec {
    tensu_quiz_kind kind;
    int level;              /* 1..3 */
    int count;              /* 1..TENSU_QUIZ_MAX */
    uint64_t seed;
} tensu_quiz_spec;

typedef struct tensu_sheet_opts {
    const char *data_dir;   /* holds templates/ and fonts/ */
    const char *sheet;      /* template name: templates/<sheet>.json */
    const char *lang;       /* catalog name: templates/<lang>.json */
    const char *paper;      /* "a6", "a5", "a4", "letter", "a3", "a2": the
                               template says which it can fill (NULL: a4) */
    const char *jp_font;    /* a Japanese TrueType file, NULL to look in the
                               usual places, "" for none */
    int honba;              /* honba counters included in every amount (0) */
    const tensu_quiz_spec *quiz; /* a worksheet's exercises (quiz templates), or NULL */
    const tensu_hand *hand; /* the hand of a score card (tensu score --draw), or NULL */
    int han_max;            /* han columns of the sheet's table (0: 4); the paper
                               templates draw at most the columns they say */
    const char *scorer_js;  /* the HTML page: the WebAssembly scorer's script
                               (build/tensu-scorer.js) to embed, or NULL */
} tensu_sheet_opts;

/* The paper sizes in points (portrait); false for an unknown name. */
bool tensu_paper_size(const char *name, double *w, double *h);

/* Does the template sheet (templates/SHEET.json of data_dir) take paper
 * (NULL: none asked)?  papers gets the papers it fills, in words: "a4,
 * letter", "a6, or a4 (n-up)". */
bool tensu_sheet_papers(const char *data_dir, const char *sheet, const char *paper,
                        char *papers, size_t size);

/* Build a sheet for the rules.  NULL with err filled on error; template
 * and catalog errors name the file and line. */
tensu_doc *tensu_sheet_build(const tensu_sheet_opts *o, const tensu_rules *r, tensu_error *err);

/* The names of templates (sheets) and catalogs (languages) in data_dir:
 * the .json files of templates/ whose "kind" is "sheet" or "catalog".
 * Writes up to max names (each owned by the caller: free them). */
size_t tensu_sheet_list(const char *data_dir, bool catalogs, char **names, size_t max);

/* ------------------------------------------------------------------ */
/* Yaku (yaku_sheet.c)                                                */
/* ------------------------------------------------------------------ */

typedef enum tensu_yaku_group {
    TENSU_YAKU_GROUP_1 = 0, TENSU_YAKU_GROUP_2, TENSU_YAKU_GROUP_3, TENSU_YAKU_GROUP_6,
    TENSU_YAKU_GROUP_RULE,     /* renhou as a limit or a count of han */
    TENSU_YAKU_GROUP_YAKUMAN, TENSU_YAKU_GROUP_DOUBLE
} tensu_yaku_group;
/* "1", "2", "3", "6", "rule", "yakuman", "double". */
const char *tensu_yaku_group_name(tensu_yaku_group g);

/* What the scorer found in an example: its han in all, the other yaku it
 * has (those its yaku cannot do without: riichi with ippatsu, toitoi with
 * honroutou, two yakuhai with shousangen), and whether a wind yakuhai is
 * among them (then its seat and round are printed with it). */
typedef struct tensu_yaku_proof {
    int han;                    /* han in all (0: a yakuman hand) */
    int nwith;
    tensu_yaku_id with[6];      /* the other yaku, in the scorer's order */
    bool winds;                 /* a seat or round wind yakuhai */
} tensu_yaku_proof;

/* One yaku under the rules: its value (tensu_yaku_value) and its example
 * hand, proven: the scorer finds the yaku with that value in it. */
typedef struct tensu_yaku_entry {
    tensu_yaku_id id;
    char romaji[48];            /* "Sanshoku doujun" (the data's, or the id) */
    int closed, open, yakuman;  /* han closed, open (0: closed only), yakuman units */
    tensu_yaku_group group;
    tensu_hand hand;            /* the example, read from its record */
    char *example_json;         /* the record (hands.md), owned */
    tensu_hand open_hand;       /* an open example (a chi or pon), proving the open value */
    char *open_json;            /* its record, owned; NULL: none */
    tensu_yaku_proof proof, open_proof; /* what each example was scored to */
    int folded;                 /* a variant said in this entry (suuankou tanki in suuankou
                                 * when it is worth the same), its id; -1: none */
} tensu_yaku_entry;

/* Every yaku that exists under the rules, in the canonical order, from
 * data_dir/templates/yaku-data.json; each example scored: its hand pays
 * the yakuman printed (no more: four triplets won on the pair would also
 * be suuankou tanki), or has the yaku with the han printed.  A variant
 * (the data's "variant_of": kokushi_13, suuankou_tanki, junsei_chuuren)
 * worth what its base is worth (no double yakuman, or one yakuman paid
 * at most) has no entry of its own: its example is scored all the same,
 * and its base's entry says it (folded).  Errors:
 * TENSU_ERR_INVALID (the classical family; a bad data file; an example
 * without its yaku or with other han, naming it; a yaku the scorer has
 * under the rules without an entry, or with two, naming them).  Free the entries'
 * strings with tensu_yaku_list_free. */
tensu_status tensu_yaku_list(const char *data_dir, const tensu_rules *r, tensu_yaku_entry *out,
                             size_t max, size_t *n, tensu_error *err);
void tensu_yaku_list_free(tensu_yaku_entry *e, size_t n);
/* The catalog key of an entry's one line: "yaku.desc.ID", or
 * "yaku.desc.ID.folded" when a variant is said in it. */
void tensu_yaku_desc_key(const tensu_yaku_entry *e, char *buf, size_t size);
/* The catalog key of an entry's value under the rules: "yaku.han.double",
 * "yaku.han.yakuman", "yaku.han.mangan" (renhou as a limit),
 * "yaku.han.closed", "yaku.han" (open or closed alike), "yaku.han.open";
 * {han} and {open} are its closed and open han. */
const char *tensu_yaku_value_key(const tensu_rules *r, const tensu_yaku_entry *e);
/* How an example was won, as the catalog keys of its words, in the order
 * printed, from the same hand record the scorer read: "yaku.sit.seat.S"
 * and "yaku.sit.round.E" when a wind yakuhai is among its yaku,
 * "yaku.sit.dealer" for an East seat otherwise, then "yaku.sit.tsumo",
 * "yaku.sit.riichi" (or ".double_riichi"), ".ippatsu", ".haitei",
 * ".houtei", ".rinshan", ".chankan", ".tenhou", ".chiihou", ".renhou".
 * None (0) for a non-dealer's plain ron with no wind yakuhai.  Writes up to
 * max keys; returns how many. */
int tensu_yaku_situation(const tensu_hand *h, const tensu_yaku_proof *p, const char **keys,
                         int max);
/* The words of tensu_yaku_situation in the catalog strings (joined by
 * "yaku.sit.sep") and, when the example (open: the open one) has other
 * yaku, its han in all with them ("yaku.sit.total": "{han} han in all,
 * with {with}"; two yakuhai or more said as "yaku.sit.yakuhai", {n}):
 * "riichi, ippatsu · 2 han in all, with Riichi", "" when there is nothing
 * to say.  false with *missing the key when the catalog lacks one. */
struct json_t;
/* text appended to out at *len (size bytes in all, cut to fit), each
 * {name} of the n pairs vars[2i] (name), vars[2i + 1] (value) put in; any
 * other brace kept as it is.  For words taken from a catalog outside a
 * sheet (tensu yaku, the situation of an example). */
void tensu_text_fill(char *out, size_t size, size_t *len, const char *text,
                     const char *const *vars, int n);
bool tensu_yaku_situation_text(struct json_t *strings, const tensu_yaku_entry *e, bool open,
                               char *out, size_t size, const char **missing);
/* The catalog key of a group's heading: "yaku.group.1" ... and, for the
 * group whose value the rules set (renhou), "yaku.group.rule.mangan" or
 * "yaku.group.rule.han" ({han}: the value of its first entry). */
const char *tensu_yaku_group_key(const tensu_rules *r, const tensu_yaku_entry *first,
                                 char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* Back ends                                                           */
/* ------------------------------------------------------------------ */

/* Has the template data_dir/templates/SHEET.json an HTML page (html.c)?
 * The page is built from its point tables: the card has one, the study
 * and yaku sheets none.  A template that does not load says yes (its
 * building then fails, saying why). */
bool tensu_html_has_page(const char *data_dir, const char *sheet);

/* The sheet as one self-contained HTML page (html.c): its point tables as
 * real tables, one case (non-dealer or dealer, ron or tsumo) shown at a
 * time by a few lines of script (all of them without it), the rules in
 * words, a style for light and dark mode and for print; no external file.
 * Returns the page (malloc'd, *len bytes) or NULL with err filled. */
char *tensu_html_build(const tensu_sheet_opts *o, const tensu_rules *r, size_t *len,
                       tensu_error *err);

/* A document's pages (a worksheet, its key) as one self-contained HTML
 * page: each page an inline SVG with its text in <title>/<desc>, scaled to
 * the screen, one page per sheet of paper when printed (html.c). */
char *tensu_html_pages(const tensu_doc *d, size_t *len, tensu_error *err);

/* Every page into one PDF.  The creation date is written only when
 * SOURCE_DATE_EPOCH is set (so that the same input gives the same bytes). */
tensu_status tensu_pdf_write(const tensu_doc *d, const char *path, tensu_error *err);
/* One page as SVG, or as PNG at dpi. */
/* The SVG text of one page (malloc'd, *len bytes), NULL with err filled.
 * idp prefixes every id, so that several pages can live in one HTML page;
 * "" for a file of its own (then with the XML declaration). */
char *tensu_svg_build(const tensu_doc *d, size_t page, const char *idp, size_t *len,
                      tensu_error *err);
tensu_status tensu_svg_write(const tensu_doc *d, size_t page, const char *path,
                             tensu_error *err);
tensu_status tensu_png_write(const tensu_doc *d, size_t page, double dpi, const char *path,
                             tensu_error *err);

#endif
