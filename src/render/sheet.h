/* What a sheet is built from and with, shared by the render library's own
 * files: the page model's building, the sheet's context (template, catalog,
 * rules), the catalog's words, the layout primitives and every block.  Not
 * part of its API (render.h). */
#ifndef TENSU_RENDER_SHEET_H
#define TENSU_RENDER_SHEET_H

#include "render.h"
#include "../util/buf.h"
#include "../util/fail.h"
#include "../util/utf8.h"

#include <jansson.h>

/* Page model building (page.c). */
/* A copy of s, malloc'd (the caller frees); NULL when out of memory. */
char *text_dup(const char *s);
tensu_page *doc_add_page(tensu_doc *d, double width, double height);
tensu_item *page_text(tensu_page *p, double x, double y, tensu_font_role font, double size,
                      double ink, const char *text, double width);
void page_rect(tensu_page *p, double x, double y, double w, double h, double fill,
               double stroke, double ink);
void page_line(tensu_page *p, double x1, double y1, double x2, double y2, double width,
               double ink);
void page_clear(tensu_page *p);
/* Every page of d freed, none left (its fonts kept). */
void doc_clear_pages(tensu_doc *d);
/* Drop the items from n on (what was drawn after n items). */
void page_truncate(tensu_page *p, size_t n);
/* A copy of an item (its strings too), moved by (dx, dy). */
tensu_item *page_copy_item(tensu_page *dst, const tensu_item *src, double dx, double dy);
bool item_set_tag(tensu_item *it, const char *fmt, ...) TENSU_PRINTF(2, 3);

/* A JSON file kept with its text, to find the line of a word. */
typedef struct json_file {
    char path[512];
    char *text;
    json_t *root;
} json_file;

/* Everything a sheet is built from. */
typedef struct sheet_ctx {
    const tensu_rules *rules;
    tensu_table *table;        /* han 1..4 */
    tensu_classical_table *ctable; /* classical rules (issue 7); table is NULL then */
    json_file tmpl, cat;
    json_t *strings;           /* the catalog's "strings" object */
    json_t *vars;              /* placeholders from the rules: {honba} ... */
    char group[8];             /* thousands separator, from the catalog */
    char decimal[8];           /* decimal mark, from the catalog */
    int group_min;             /* group numbers from this value up (1000) */
    tensu_doc *doc;
    tensu_page *page;
    double scale;              /* every size is multiplied by it (fitting) */
    double paper_w, paper_h;
    const char *rules_notes;   /* a club's own notes for the rules box (NULL: none) */
    const char *data_dir;      /* templates/ and fonts/ are here */
    double min_size;           /* least text size in points (0: no minimum); never shrunk below */
    double paper_scale;        /* every size times this: a layout drawn for a smaller paper */
    int impose_across, impose_down; /* > 0: pages set n-up on impose_w x impose_h */
    double impose_w, impose_h;
    int honba;                 /* honba counters included in the amounts */
    tensu_exercise *quiz;      /* a worksheet's exercises (owned), nquiz of them */
    int nquiz;
    const tensu_quiz_spec *quiz_spec; /* what the worksheet asks (kind, level ...) */
    int quiz_from, quiz_to;    /* the exercises of the page being laid out */
    bool quiz_flow;            /* the quiz block stops where the page ends, quiz_to set */
    double quiz_bottom;        /* where the page's blocks must end */
    double grow;               /* height a page gives its growing blocks (layout.c) */
    bool grows;                /* a block of the page laid out may grow */
    int unfit_page;            /* the template's page that did not fit, -1 */
    const tensu_hand *hand;    /* tensu score --draw: the hand, scored into score */
    tensu_score_result score;
    tensu_status status;       /* the first error, cairo-style */
    tensu_error *err;
    bool alloc_failed;
} sheet_ctx;

/* Open a sheet's template, catalog, fonts (when with_fonts), table and
 * placeholders (sheet_open.c); close frees them, and the doc on error.  The
 * PDF/SVG/PNG sheets and the HTML page share them. */
tensu_status sheet_ctx_open(sheet_ctx *c, const tensu_sheet_opts *o, const tensu_rules *r,
                            bool with_fonts, tensu_error *err);
void sheet_ctx_close(sheet_ctx *c);
/* One rules-box item in words (rulesbox.c): malloc'd, NULL when the item
 * does not apply under the rules (or on error: see c->status). */
char *rules_box_item(sheet_ctx *c, json_t *it);
/* A rule in words (rulesbox.c): the catalog's "rule.KEY.VALUE", else
 * "rule.KEY" with {value} ("Kiriage : non ..."); malloc'd. */
char *rule_sentence(sheet_ctx *c, const char *key, const char *value);
int rules_box_texts(sheet_ctx *c, json_t *b, char **texts, int max);

/* Record the first error (message already formatted with file:line). */
void ctx_fail(sheet_ctx *c, tensu_status s, const char *fmt, ...) TENSU_PRINTF(3, 4);
/* The line of the first occurrence of "word" (with quotes) in a file, 0 if none. */
int json_file_line(const json_file *f, const char *word);
/* The most bytes of a template or a catalog read (bounded work). */
#define TEMPLATE_MAX_BYTES (4 << 20)
bool json_file_load(sheet_ctx *c, json_file *f, const char *dir, const char *name,
                    const char *what);
char *data_file_text(sheet_ctx *c, const char *dir, const char *file, const char *what,
                     const char *name, char *path, size_t path_size);
/* Catalog string for a key (error and "" when missing). */
const char *cat_str(sheet_ctx *c, const char *key);
bool cat_has(const sheet_ctx *c, const char *key);
/* Expand {name} placeholders from extra (may be NULL) then the rule
 * variables.  Returns malloc'd text ("" on error). */
char *expand(sheet_ctx *c, const char *key_for_errors, const char *text, json_t *extra);
/* cat_str then expand. */
char *cat_expand(sheet_ctx *c, const char *key, json_t *extra);
/* An amount with the catalog's grouping: "12 000" / "12,000". */
const char *fmt_amount(const sheet_ctx *c, int64_t v, char *buf, size_t size);
/* A decimal number with the catalog's decimal mark. */
const char *fmt_decimal(const sheet_ctx *c, double v, int places, char *buf, size_t size);
/* Superscript digits for an exponent. */
const char *fmt_superscript(int v, char *buf, size_t size);
/* Set a string variable in obj (printf style). */
void var_set(json_t *obj, const char *name, const char *fmt, ...) TENSU_PRINTF(3, 4);
void var_amount(sheet_ctx *c, json_t *obj, const char *name, int64_t v);
/* A multiple given in halves, with the catalog's decimal mark: 4 "2", 5
 * "2.5" ("2,5"). */
void var_halves(sheet_ctx *c, json_t *obj, const char *name, int64_t x2);
/* A limit row's placeholders, a new object: {n} its yakuman, {from} and {to}
 * its han; the catalog key of its name ("limit.mangan" ... "limit.multi");
 * the key of its han range under prefix (PREFIX.one "5", .span "6–7",
 * .from "13+", .yakuman: none). */
json_t *limit_row_vars(const tensu_limit_row *row);
/* Who pays the non-dealer's share of a non-dealer's tsumo, in words: each
 * of the two others, or with three players the one other ("each
 * non-dealer", "the other non-dealer"; shorter: "each other"). */
const char *nd_payer_word(sheet_ctx *c, bool shorter);
void limit_name_key(const tensu_limit_row *row, char *key, size_t size);
void limit_range_key(const tensu_limit_row *row, const char *prefix, char *key, size_t size);

/* Does a block or item apply under the rules?  Its optional "when" is a
 * list of conditions joined by '&': KEY=V1|V2 or KEY!=V (rule keys and
 * their values as `tensu rules` prints them).  A bad condition fails the
 * sheet, naming the template and the line. */
bool when_ok(sheet_ctx *c, json_t *b);

/* Layout primitives (draw.c).  All sizes are before scaling. */
double text_width(sheet_ctx *c, tensu_font_role f, double size, const char *s);
/* Wrap text in a column; '*' toggles bold.  Returns the height used.
 * indent: extra left margin of the lines after the first. */
double flow_text(sheet_ctx *c, double x, double y, double width, double size,
                 tensu_font_role font, double ink, const char *text, double indent);
/* The height of one of flow_text's lines at size (before scaling). */
double line_height(const sheet_ctx *c, double size);
/* A box's title (a catalog key; NULL: none) in bold one size above the
 * box's text, inside the box's padding at its top left (x, y); returns the
 * height it takes, lead times its size. */
double box_title(sheet_ctx *c, const char *title, double x, double y, double width,
                 double pad, double size, double lead);
/* One line, aligned: 'l', 'r' or 'c' within [x, x + width]. */
tensu_item *put_text(sheet_ctx *c, double x, double baseline, double width, char align,
                     tensu_font_role font, double size, double ink, const char *text);

/* Blocks (blocks.c dispatches on "type"). */
double layout_blocks(sheet_ctx *c, json_t *blocks, double x, double y, double width);
/* The i-th key of a "short" (one catalog key, or an array of them tried in
 * order), NULL past the last. */
const char *short_key(json_t *v, size_t i);
double block_point_table(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_limit_table(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_limit_line(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_han_table(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_fu_sets(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_fu_example(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_examples(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_tips(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_grid(sheet_ctx *c, json_t *b, double x, double y, double width);
/* Hands drawn as tiles (hand.c): the hand with its top left at (x, y),
 * tiles tile_h tall; returns the width used.  hand_height: the height it
 * takes (more than tile_h with an added kan). */
double draw_hand(sheet_ctx *c, const tensu_hand *h, double x, double y, double tile_h);
/* The phone page's scorer section (html_scorer.c), written through emit:
 * the engine's script engine_js, the tile pictures, words and rules, the
 * page's script.  false with c failed on error. */
bool html_scorer(sheet_ctx *c, const tensu_rules *r, const char *engine_js,
                 void (*emit)(void *, const char *, size_t), void *ctx);
/* One tile (kind -1: its back) with its top at y on c->page; its width. */
double draw_tile(sheet_ctx *c, int kind, bool red, double x, double y, double tile_h);
double hand_height(const tensu_hand *h, double tile_h);
/* The width draw_hand would use, nothing drawn. */
double hand_width(sheet_ctx *c, const tensu_hand *h, double tile_h);
/* A hand from a template block ("hand", "melds", "tsumo"); false with the
 * error recorded. */
bool hand_from_json(sheet_ctx *c, json_t *b, tensu_hand *h);
double block_hand(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_waits(sheet_ctx *c, json_t *b, double x, double y, double width);
/* The yaku with their value, words and example (yaku_sheet.c). */
double block_yaku_list(sheet_ctx *c, json_t *b, double x, double y, double width);
/* A yaku's value in the catalog's words (malloc'd). */
char *yaku_value_text(sheet_ctx *c, const tensu_yaku_entry *e);
/* How an example (open: the open one) was won, and its han in all when it
 * has other yaku it cannot do without, in the catalog's words:
 * "riichi, ippatsu · 2 han in all, with Riichi" (malloc'd); NULL when it
 * is a non-dealer's plain ron with nothing else. */
char *yaku_situation_text(sheet_ctx *c, const tensu_yaku_entry *e, bool open);
/* The groups of a yaku list in the order printed: the template's, the
 * group whose value the rules set (renhou) before "6" when worth less
 * (mangan, 4 or 5 han).  Their names (owned by groups) in out; how many. */
size_t yaku_group_order(const tensu_yaku_entry *list, size_t n, json_t *groups,
                        const char **out, size_t max);
/* A payment worked through, as on the study sheet (study.c). */
double draw_working(sheet_ctx *c, const tensu_payment *p, int han, int fu, bool dealer,
                    bool tsumo, bool title, double x, double y, double width, double size);
/* Worksheets (quiz_sheet.c): the exercises, and their key with the working. */
double block_quiz_sheet(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_quiz_key(sheet_ctx *c, json_t *b, double x, double y, double width);
/* A scored hand's working in the catalog's words (quiz_sheet.c): every fu with
 * its reason and the rounding; the yaku with their han and the dora. */
double fu_working(sheet_ctx *c, const tensu_score_result *s, double x, double y, double width,
                  double size);
double han_working(sheet_ctx *c, const tensu_score_result *s, int nukidora, double x, double y,
                   double width, double size);
/* The picture of one scored hand (scorecard.c: tensu score --draw). */
double block_score_card(sheet_ctx *c, json_t *b, double x, double y, double width);
/* The worksheet's placeholders ({quiz_kind}, {quiz_level}, {quiz_seed} ...). */
void quiz_vars(sheet_ctx *c, const tensu_quiz_spec *q);
double block_rules_box(sheet_ctx *c, json_t *b, double x, double y, double width);

/* A generic ruled table: ncols columns (widths relative), rows of cells
 * already expanded; row 0 is the header when header is true. */
typedef struct grid_spec {
    int ncols;
    const double *rel;          /* relative widths */
    const char *align;          /* per column: 'l', 'r', 'c' */
    double size;                /* font size */
    bool header;
    bool zebra;
} grid_spec;
double draw_grid(sheet_ctx *c, const grid_spec *g, char ***cells, int nrows, double x,
                 double y, double width);

/* Tips over the whole table (tips.c). */
typedef struct tip_cell {
    int han, fu;
    bool dealer, tsumo;
} tip_cell;
#define TIP_MAX_EXC 64
typedef struct tip_result {
    int checked;       /* comparisons made */
    int holds;         /* of which the tip held */
    int nexc;
    tip_cell exc[TIP_MAX_EXC];
    double lo, hi;     /* ratios or differences, tip-dependent */
    int exact;         /* cases exactly on the rule (ratio tips) */
    int exc_limit;     /* failed comparisons where a side is paid as a limit */
    int nnone;         /* fu rows where a cell has nothing to compare with */
    int none_fu[TIP_MAX_EXC]; /* (tsumo-dealer-share: a tsumo, no ron of one han less) */
} tip_result;
/* Check a tip by name ("fu-double", "dealer-ratio", "tsumo-dealer-share",
 * "dealer-tsumo", "ron-vs-tsumo", "four-han-mangan", "five-han-no-fu").
 * false for an unknown name. */
bool tip_check(const tensu_rules *r, const char *name, tip_result *out);

/* Classical sheets (classical_sheet.c, issue 7): the placeholders of the
 * classical rules, and the blocks that draw the classical game. */
void classical_vars(sheet_ctx *c);
/* The placeholders "preset", "preset_title", "changes" (when --set changed
 * the preset) and "rules_title" (the title with the changes), shared by
 * every sheet. */
void vars_rules(sheet_ctx *c);
/* The amounts the rule sentences quote (sheet_open.c): {kiriage_ron_1}, {mangan},
 * {ron_13}, {yakuman_2} ..., from the engine under c->rules. */
void vars_amounts(sheet_ctx *c);
double block_classical_table(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_classical_limit(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_classical_items(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_classical_bonus(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_classical_sticks(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_classical_examples(sheet_ctx *c, json_t *b, double x, double y, double width);
double block_classical_count(sheet_ctx *c, json_t *b, double x, double y, double width);

#endif
