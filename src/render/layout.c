/* Layout: the generic blocks of a template (title, heading, paragraph,
 * bullets, notes, rows of columns, grids), the table of every block (the
 * families' blocks live with their families: tables.c, study.c,
 * classical.c ...; they draw with draw.c, below them all), and the sheet
 * builder that reads the template and the catalog and fits each page
 * (every size scaled down a little until the page holds its blocks). */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Cell text of a grid: a catalog key, or literal text when it holds a
 * placeholder or starts with a digit or '*'. */
static char *grid_cell(sheet_ctx *c, const char *s)
{
    if (strchr(s, '{') || (s[0] >= '0' && s[0] <= '9') || s[0] == '+' || s[0] == '\0')
        return expand(c, s, s, NULL);
    if (s[0] == '*') {
        char *inner = cat_expand(c, s + 1, NULL), *out = malloc(strlen(inner) + 2);
        if (out)
            sprintf(out, "*%s", inner);
        free(inner);
        return out;
    }
    return cat_expand(c, s, NULL);
}

double block_grid(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *cols = json_object_get(b, "columns"), *rows = json_object_get(b, "rows"),
           *head = json_object_get(b, "header");
    const char *align = json_string_value(json_object_get(b, "align"));
    double rel[16], h = 0;
    int ncols = (int)json_array_size(cols), nrows = (int)json_array_size(rows) + (head ? 1 : 0);
    char ***cells;
    grid_spec g;
    if (ncols < 1 || ncols > 15 || align == NULL || (int)strlen(align) != ncols) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:%d: grid needs \"columns\" (1..15 widths) and \"align\" (one of l, r, c "
                 "per column)",
                 c->tmpl.path, json_file_line(&c->tmpl, "grid"));
        return 0;
    }
    for (int i = 0; i < ncols; i++)
        rel[i] = json_number_value(json_array_get(cols, (size_t)i));
    cells = calloc((size_t)nrows, sizeof *cells);
    if (cells == NULL)
        return 0;
    for (int r = 0; r < nrows; r++) {
        json_t *row = head ? (r == 0 ? head : json_array_get(rows, (size_t)r - 1))
                           : json_array_get(rows, (size_t)r);
        cells[r] = calloc((size_t)ncols, sizeof **cells);
        for (int k = 0; cells[r] && k < ncols; k++) {
            const char *s = json_string_value(json_array_get(row, (size_t)k));
            cells[r][k] = grid_cell(c, s ? s : "");
        }
    }
    g.ncols = ncols;
    g.rel = rel;
    g.align = align;
    g.size = json_number_value(json_object_get(b, "size"));
    if (g.size <= 0)
        g.size = 8;
    g.header = head != NULL;
    g.zebra = true;
    h = draw_grid(c, &g, cells, nrows, x, y, width);
    for (int r = 0; r < nrows; r++) {
        for (int k = 0; cells[r] && k < ncols; k++)
            free(cells[r][k]);
        free(cells[r]);
    }
    free(cells);
    return h;
}

/* ---- simple blocks ---- */

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

static const char *short_key(json_t *v, size_t i);

/* "short": the key (or keys, in turn) said instead of a title longer than
 * its line (a club's long name: the name alone, its rules in the footer). */
static double block_title(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const char *key = json_string_value(json_object_get(b, "text")), *alt;
    const char *sub = json_string_value(json_object_get(b, "subtitle"));
    double s = num(b, "size", 16) * c->scale, h;
    char *t = cat_expand(c, key ? key : "title", NULL);
    double w = text_width(c, TENSU_FONT_BOLD, s, t);
    for (size_t i = 0;
         w > width && (alt = short_key(json_object_get(b, "short"), i)) != NULL; i++) {
        free(t);
        t = cat_expand(c, alt, NULL);
        w = text_width(c, TENSU_FONT_BOLD, s, t);
    }
    if (json_is_true(json_object_get(b, "wrap")) && w > width) {
        /* "wrap": a long title (the rules changed by --set) takes a second
         * line at its own size rather than a smaller size */
        h = flow_text(c, x, y, width, s / c->scale, TENSU_FONT_BOLD, 0, t, 0) + s * 0.1;
    } else if (w <= width / 0.8) {
        put_text(c, x, y + s * 0.93, width, 'l', TENSU_FONT_BOLD, s, 0, t);
        h = s * 1.25;
    } else {
        /* a long title (a club's name and its changes) on two lines, a size smaller */
        h = flow_text(c, x, y, width, 0.8 * s / c->scale, TENSU_FONT_BOLD, 0, t, 0) +
            0.25 * s;
    }
    free(t);
    if (sub) {
        double ss = num(b, "subsize", 9) * c->scale;
        t = cat_expand(c, sub, NULL);
        h += flow_text(c, x, y + h, width, ss / c->scale, TENSU_FONT_REGULAR, 0.25, t, 0);
        free(t);
    }
    page_line(c->page, x, y + h + 2 * c->scale, x + width, y + h + 2 * c->scale,
              1.2 * c->scale, 0);
    return h + 6 * c->scale;
}

static double block_heading(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const char *key = json_string_value(json_object_get(b, "text"));
    double s = num(b, "size", 10.5) * c->scale, top = 4 * c->scale;
    char *t = cat_expand(c, key ? key : "heading", NULL);
    put_text(c, x, y + top + s * 0.93, width, 'l', TENSU_FONT_BOLD, s, 0, t);
    free(t);
    page_line(c->page, x, y + top + s * 1.25, x + width, y + top + s * 1.25, 0.6 * c->scale,
              0.3);
    return top + s * 1.25 + 3.5 * c->scale;
}

/* The i-th key of a "short" (one catalog key, or an array of them tried in
 * order), NULL past the last. */
static const char *short_key(json_t *v, size_t i)
{
    if (json_is_string(v))
        return i == 0 ? json_string_value(v) : NULL;
    return json_string_value(json_array_get(v, i));
}

/* "short": the catalog key (or keys, in turn) said instead when the text
 * takes more than "lines" lines (1), e.g. a club's long name without the
 * rules it starts from, so that a page made to the line does not
 * overflow. */
static double block_paragraph(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const char *key = json_string_value(json_object_get(b, "text")), *alt;
    json_t *shorts = json_object_get(b, "short");
    double size = num(b, "size", 8.5), ink = num(b, "ink", 0);
    size_t first = c->page->n;
    char *t = cat_expand(c, key ? key : "paragraph", NULL);
    double h = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, ink, t, 0);
    free(t);
    for (size_t i = 0; (alt = short_key(shorts, i)) != NULL &&
                       h > num(b, "lines", 1) * line_height(c, size) + 1e-6;
         i++) {
        page_truncate(c->page, first);
        t = cat_expand(c, alt, NULL);
        h = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, ink, t, 0);
        free(t);
    }
    return h + num(b, "after", 3) * c->scale;
}

static double bullets(sheet_ctx *c, json_t *items, double size, double x, double y,
                      double width)
{
    double h = 0, ind = size * 1.1 * c->scale;
    size_t i;
    json_t *it;
    json_array_foreach(items, i, it) {
        const char *key = json_is_object(it) ? json_string_value(json_object_get(it, "text"))
                                             : json_string_value(it);
        char *t;
        if (!when_ok(c, it))
            continue;
        t = cat_expand(c, key ? key : "item", NULL);
        put_text(c, x, y + h + size * c->scale * 0.93, ind, 'l', TENSU_FONT_REGULAR,
                 size * c->scale, 0, "\u2022");
        h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
        h += 1.5 * c->scale;
        free(t);
    }
    return h;
}

static double block_bullets(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    return bullets(c, json_object_get(b, "items"), num(b, "size", 8.5), x, y, width) +
           num(b, "after", 2) * c->scale;
}

static double block_notes(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const char *title = json_string_value(json_object_get(b, "title"));
    double pad = 6 * c->scale, h = pad, size = num(b, "size", 9);
    tensu_page *p = c->page;
    size_t first = p->n;
    page_rect(p, x, y, width, 1, 0.96, 0.8 * c->scale, 0); /* resized below */
    if (title) {
        char *t = cat_expand(c, title, NULL);
        double s = (size + 1) * c->scale;
        put_text(c, x + pad, y + h + s * 0.93, width - 2 * pad, 'l', TENSU_FONT_BOLD, s, 0, t);
        h += s * 1.45;
        free(t);
    }
    h += bullets(c, json_object_get(b, "items"), size, x + pad, y + h, width - 2 * pad);
    h += pad - 1.5 * c->scale;
    if (first < p->n)
        p->items[first].h = h;
    return h + 4 * c->scale;
}

/* "float": groups of blocks set under the columns, after them (boxes and
 * tables that balance the columns whatever the rules make them hold): each
 * group is measured in each column, then placed where the columns end the
 * highest they can (the groups keep their order within a column), and of
 * such placements where they end closest together. */
#define FLOAT_GROUPS 6
#define FLOAT_COLUMNS 4
static double block_row(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *cols = json_object_get(b, "columns"), *widths = json_object_get(b, "widths");
    json_t *floats = json_object_get(b, "float");
    size_t n = json_array_size(cols);
    double gap = num(b, "gap", 14) * c->scale, total = 0, cx = x, h = 0;
    double colx[16], colw[16], colh[16];
    if (n == 0 || n > 16)
        return 0;
    for (size_t i = 0; i < n; i++)
        total += widths ? json_number_value(json_array_get(widths, i)) : 1;
    for (size_t i = 0; i < n; i++) {
        double rel = widths ? json_number_value(json_array_get(widths, i)) : 1;
        double w = (width - gap * (double)(n - 1)) * rel / total;
        colh[i] = layout_blocks(c, json_array_get(cols, i), cx, y, w);
        colx[i] = cx;
        colw[i] = w;
        cx += w + gap;
    }
    if (json_array_size(floats) > 0) {
        size_t ng = json_array_size(floats), ways = 1, best = 0;
        double fh[FLOAT_GROUPS][FLOAT_COLUMNS], best_end = 0, best_spread = 0;
        if (ng > FLOAT_GROUPS || n > FLOAT_COLUMNS) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s: a row floats at most %d groups over %d columns",
                     c->tmpl.path, FLOAT_GROUPS, FLOAT_COLUMNS);
            return 0;
        }
        for (size_t g = 0; g < ng; g++) {
            for (size_t i = 0; i < n; i++) {
                size_t first = c->page->n;
                fh[g][i] = layout_blocks(c, json_array_get(floats, g), colx[i], y + colh[i],
                                         colw[i]);
                page_truncate(c->page, first);
                if (c->status != TENSU_OK)
                    return 0;
            }
            ways *= n;
        }
        /* every placement: group g under column (way / n^g) % n */
        for (size_t way = 0; way < ways; way++) {
            double end[FLOAT_COLUMNS], hi = 0, lo = 1e30;
            size_t w = way;
            memcpy(end, colh, n * sizeof *end);
            for (size_t g = 0; g < ng; g++, w /= n)
                end[w % n] += fh[g][w % n];
            for (size_t i = 0; i < n; i++) {
                hi = end[i] > hi ? end[i] : hi;
                lo = end[i] < lo ? end[i] : lo;
            }
            if (way == 0 || hi < best_end - 1e-6 ||
                (hi < best_end + 1e-6 && hi - lo < best_spread - 1e-6)) {
                best = way;
                best_end = hi;
                best_spread = hi - lo;
            }
        }
        for (size_t g = 0; g < ng; g++, best /= n) {
            size_t col = best % n;
            colh[col] += layout_blocks(c, json_array_get(floats, g), colx[col], y + colh[col],
                                       colw[col]);
        }
    }
    for (size_t i = 0; i < n; i++)
        if (colh[i] > h)
            h = colh[i];
    return h;
}

typedef double (*block_fn)(sheet_ctx *, json_t *, double, double, double);

static const struct {
    const char *type;
    block_fn fn;
} block_types[] = {
    {"title", block_title},
    {"heading", block_heading},
    {"paragraph", block_paragraph},
    {"bullets", block_bullets},
    {"notes", block_notes},
    {"row", block_row},
    {"grid", block_grid},
    {"hand", block_hand},
    {"waits", block_waits},
    {"yaku-list", block_yaku_list},
    {"score-card", block_score_card},
    {"quiz-sheet", block_quiz_sheet},
    {"quiz-key", block_quiz_key},
    {"rules-box", block_rules_box},
    {"point-table", block_point_table},
    {"limit-table", block_limit_table},
    {"limit-line", block_limit_line},
    {"han-table", block_han_table},
    {"fu-sets", block_fu_sets},
    {"fu-example", block_fu_example},
    {"examples", block_examples},
    {"tips", block_tips},
    /* classical sheets (issue 7) */
    {"classical-table", block_classical_table},
    {"classical-limit", block_classical_limit},
    {"classical-items", block_classical_items},
    {"classical-bonus", block_classical_bonus},
    {"classical-sticks", block_classical_sticks},
    {"classical-examples", block_classical_examples},
    {"classical-count", block_classical_count},
};

double layout_blocks(sheet_ctx *c, json_t *blocks, double x, double y, double width)
{
    double h = 0;
    size_t i;
    json_t *b;
    if (!json_is_array(blocks)) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: \"blocks\" and row \"columns\" must be arrays",
                 c->tmpl.path);
        return 0;
    }
    json_array_foreach(blocks, i, b) {
        const char *type = json_string_value(json_object_get(b, "type"));
        size_t k;
        if (type == NULL) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s: a block has no \"type\"", c->tmpl.path);
            return h;
        }
        if (!when_ok(c, b)) {
            if (c->status != TENSU_OK)
                return h;
            continue;
        }
        if (strcmp(type, "spacer") == 0) {
            h += num(b, "height", 6) * c->scale;
            continue;
        }
        for (k = 0; k < sizeof block_types / sizeof block_types[0]; k++)
            if (strcmp(type, block_types[k].type) == 0)
                break;
        if (k == sizeof block_types / sizeof block_types[0]) {
            ctx_fail(c, TENSU_ERR_INVALID,
                     "%s:%d: unknown block type \"%s\" (allowed: title, heading, paragraph, "
                     "bullets, notes, row, grid, hand, waits, yaku-list, score-card, rules-box, quiz-sheet, quiz-key, spacer, point-table, limit-table, limit-line, fu-sets, "
                     "fu-example, examples, tips, classical-table, classical-limit, "
                     "classical-items, classical-bonus, classical-sticks, classical-examples, "
                     "classical-count)",
                     c->tmpl.path, json_file_line(&c->tmpl, type), type);
            return h;
        }
        h += block_types[k].fn(c, b, x, y + h, width);
        if (c->status != TENSU_OK)
            return h;
    }
    return h;
}

/* ---- building a sheet ---- */

/* The text of DIR/templates/FILE (a template, a catalog, the phone page's
 * script): malloc'd, NULL with c failed.  At most TEMPLATE_MAX_BYTES:
 * bounded work.  "what" names the file in messages. */
char *data_file_text(sheet_ctx *c, const char *dir, const char *file, const char *what,
                     const char *name, char *path, size_t path_size)
{
    FILE *fp;
    long n = -1;
    char *text = NULL;
    snprintf(path, path_size, "%s/templates/%s", dir, file);
    fp = fopen(path, "rb");
    if (fp == NULL) {
        if (name != NULL)
            ctx_fail(c, TENSU_ERR_UNKNOWN, "no %s '%s' (no file %s)", what, name, path);
        else
            ctx_fail(c, TENSU_ERR_UNKNOWN, "no %s (no file %s)", what, path);
        return NULL;
    }
    if (fseek(fp, 0, SEEK_END) == 0)
        n = ftell(fp);
    if (n > TEMPLATE_MAX_BYTES) {
        fclose(fp);
        ctx_fail(c, TENSU_ERR_INVALID, "%s: larger than %d MB, the most a %s may be", path,
                 TEMPLATE_MAX_BYTES >> 20, what);
        return NULL;
    }
    if (n >= 0 && fseek(fp, 0, SEEK_SET) == 0) {
        text = malloc((size_t)n + 1);
        if (text && fread(text, 1, (size_t)n, fp) == (size_t)n) {
            text[n] = '\0';
        } else {
            free(text);
            text = NULL;
        }
    }
    fclose(fp);
    if (text == NULL)
        ctx_fail(c, TENSU_ERR_INVALID, "%s: cannot read", path);
    return text;
}

/* Read DIR/templates/NAME.json into f (a template or a catalog: "what"
 * names it in messages). */
bool json_file_load(sheet_ctx *c, json_file *f, const char *dir, const char *name,
                    const char *what)
{
    json_error_t je;
    char file[300];
    snprintf(file, sizeof file, "%s.json", name);
    f->text = data_file_text(c, dir, file, what, name, f->path, sizeof f->path);
    if (f->text == NULL)
        return false;
    f->root = json_loads(f->text, JSON_REJECT_DUPLICATES, &je);
    if (f->root == NULL) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d:%d: %s", f->path, je.line, je.column, je.text);
        return false;
    }
    if (!json_is_object(f->root)) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:1: the file must hold a JSON object", f->path);
        return false;
    }
    return true;
}

static const char *jp_candidates[] = {
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
};

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static void load_fonts(sheet_ctx *c, const tensu_sheet_opts *o)
{
    json_t *fonts = json_object_get(c->tmpl.root, "fonts");
    char path[1024];
    if (!json_is_object(fonts)) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: no \"fonts\" object", c->tmpl.path);
        return;
    }
    for (int r = 0; r < TENSU_FONT_COUNT && c->status == TENSU_OK; r++) {
        const char *name = json_string_value(json_object_get(fonts, tensu_font_role_name(r)));
        if (r == TENSU_FONT_JP)
            continue;
        if (r == TENSU_FONT_TILES && name == NULL)
            continue; /* only the sheets that draw hands name it */
        if (name == NULL) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s: \"fonts\" has no \"%s\"", c->tmpl.path,
                     tensu_font_role_name(r));
            return;
        }
        snprintf(path, sizeof path, "%s/fonts/%s", o->data_dir, name);
        tensu_fontset_load(c->doc->fonts, r, path, c->err);
        if (c->err && c->err->status != TENSU_OK)
            c->status = c->err->status;
        else if (!tensu_fontset_has(c->doc->fonts, r))
            c->status = TENSU_ERR_INVALID;
    }
    if (c->status != TENSU_OK)
        return;
    /* Japanese: optional, found at run time (see FONTS in tensu-sheets(1)). */
    if (o->jp_font != NULL) {
        if (o->jp_font[0] && tensu_fontset_load(c->doc->fonts, TENSU_FONT_JP, o->jp_font,
                                                c->err) != TENSU_OK)
            c->status = c->err ? c->err->status : TENSU_ERR_INVALID;
        return;
    }
    snprintf(path, sizeof path, "%s/fonts/ipag.ttf", o->data_dir);
    if (file_exists(path) && tensu_fontset_load(c->doc->fonts, TENSU_FONT_JP, path, NULL) ==
                                 TENSU_OK)
        return;
    for (size_t i = 0; i < sizeof jp_candidates / sizeof jp_candidates[0]; i++)
        if (file_exists(jp_candidates[i]) &&
            tensu_fontset_load(c->doc->fonts, TENSU_FONT_JP, jp_candidates[i], NULL) ==
                TENSU_OK)
            return;
}

/* The amounts the rule sentences quote, from the engine: with the honba
 * counters the sheet includes (--honba), as its tables, so that the rules
 * box beside a table never gives another figure for the same hand. */
void vars_amounts(sheet_ctx *c)
{
    const tensu_rules *r = c->rules;
    tensu_payment p;
    json_t *vars = c->vars;
    int hb = c->honba;

    if (tensu_pay(r, 4, 30, 0, false, false, hb, 0, &p, NULL) == TENSU_OK)
        var_amount(c, vars, "ron_4_30", p.ron_honba);
    if (tensu_pay(r, 3, 60, 0, false, false, hb, 0, &p, NULL) == TENSU_OK)
        var_amount(c, vars, "ron_3_60", p.ron_honba);
    if (tensu_pay(r, 4, 30, 0, true, false, hb, 0, &p, NULL) == TENSU_OK)
        var_amount(c, vars, "ron_4_30_d", p.ron_honba);
    if (tensu_pay_limit(r, TENSU_LIMIT_MANGAN, 0, false, false, hb, &p, NULL) ==
        TENSU_OK) {
        var_amount(c, vars, "mangan", p.ron_honba);
        var_amount(c, vars, "mangan_base", p.value.base);
    }
    if (tensu_pay_limit(r, TENSU_LIMIT_MANGAN, 0, true, false, hb, &p, NULL) == TENSU_OK)
        var_amount(c, vars, "mangan_d", p.ron_honba);
    /* 13 han: a counted yakuman, or sanbaiman under kazoe=sanbaiman */
    if (tensu_pay(r, tensu_limit_han(TENSU_LIMIT_KAZOE_YAKUMAN), 30, 0, false, false, hb, 0, &p,
                  NULL) == TENSU_OK)
        var_amount(c, vars, "ron_13", p.ron_honba);
    /* one and two yakuman, non-dealer and dealer ron; under aotenjou the
     * engine counts them as han at some fu, and the sentences say which */
    for (int n = 1; n <= 2; n++)
        for (int d = 0; d < 2; d++) {
            char name[32];
            if (tensu_pay(r, 0, 0, n, d, false, hb, 0, &p, NULL) != TENSU_OK || p.big)
                continue;
            snprintf(name, sizeof name, "yakuman_%d%s", n, d ? "_d" : "");
            var_amount(c, vars, name, p.ron_honba);
            if (d == 0 && p.value.yakuman == 0) {
                snprintf(name, sizeof name, "yakuman_%d_han", n);
                var_set(vars, name, "%d", p.value.han);
                var_set(vars, "yakuman_fu", "%d", p.value.fu);
            }
        }
    /* an aotenjou yakuman is paid as so many han at 30 fu */
    var_set(vars, "yakuman_han", "%d", TENSU_AOTENJOU_YAKUMAN_HAN);
}

/* Placeholders every string may use, from the rules and the engine. */
static void make_vars(sheet_ctx *c)
{
    const tensu_rules *r = c->rules;
    tensu_payment p;
    char buf[512];
    size_t len = 0;
    json_t *vars = c->vars;
    const char *word_yes = cat_str(c, "word.yes"), *word_no = cat_str(c, "word.no");

    vars_rules(c);
    var_set(vars, "honba_count", "%d", c->honba);
    if (tensu_pay(r, 1, 30, 0, false, true, c->honba, 0, &p, NULL) == TENSU_OK) {
        var_amount(c, vars, "honba_ron", tensu_honba_points(r, c->honba));
        var_amount(c, vars, "honba_each", p.honba_each);
    }
    /* how a formula's ron is rounded, and the counters it leaves out when
     * the amounts include them: "rounded up to 100, then +600 for honba" */
    {
        json_t *x = json_object();
        char *t;
        var_amount(c, x, "ron", tensu_honba_points(r, c->honba));
        t = cat_expand(c, c->honba > 0 ? "fmt.rounded.honba" : "fmt.rounded", x);
        var_set(vars, "rounded", "%s", t);
        free(t);
        json_decref(x);
    }
    /* the rules' name without the counters, for a sheet that states them
     * in a line of its own (the pocket card) */
    var_set(vars, "rules_plain", "%s", json_string_value(json_object_get(vars, "rules_title")));
    if (c->honba > 0) {
        /* the amounts include the counters: the title says so, the short one too */
        static const char *const keys[] = {"rules_title", "rules_short", "rules_base"};
        for (size_t k = 0; k < 3; k++) {
            json_t *x = json_object();
            char *t;
            var_set(x, "title", "%s", json_string_value(json_object_get(vars, keys[k])));
            var_set(x, "n", "%d", c->honba);
            var_amount(c, x, "ron", tensu_honba_points(r, c->honba));
            t = cat_expand(c, c->honba == 1 ? "fmt.rules.honba.1" : "fmt.rules.honba", x);
            var_set(vars, keys[k], "%s", t);
            free(t);
            json_decref(x);
        }
    }
    var_set(vars, "players", "%d", r->players);
    var_set(vars, "payers", "%d", tensu_dealer_tsumo_payers(r));
    /* who pays the non-dealer's share of a non-dealer's tsumo: each of the
     * two others, or with three players the one other */
    var_set(vars, "nd_payer", "%s", nd_payer_word(c, false));
    /* the same, in fewer words, where the dealer is named beside it (the
     * French card's legend on Letter: "chaque autre / le donneur") */
    var_set(vars, "nd_payer_short", "%s", nd_payer_word(c, true));
    var_amount(c, vars, "honba", r->honba);
    if (tensu_pay(r, 1, 30, 0, false, true, 1, 0, &p, NULL) == TENSU_OK)
        var_amount(c, vars, "honba_tsumo", p.honba_each);
    var_amount(c, vars, "stick", r->riichi_stick);
    var_set(vars, "aka", "%d", r->aka);
    var_set(vars, "double_wind_fu", "%d", r->double_wind_fu);
    var_set(vars, "open_pinfu_fu", "%d", r->open_pinfu_fu);
    var_set(vars, "pinfu_tsumo_fu", "%d", r->pinfu_tsumo_fu);
    var_set(vars, "rinshan_fu", "%d", r->rinshan_fu);
    var_set(vars, "kiriage", "%s", r->kiriage ? word_yes : word_no);
    var_set(vars, "aotenjou", "%s", r->aotenjou ? word_yes : word_no);
    var_set(vars, "multiple_yakuman", "%s", r->multiple_yakuman ? word_yes : word_no);
    var_set(vars, "double_yakuman", "%s", r->double_yakuman ? word_yes : word_no);
    var_set(vars, "kazoe", "%s",
            cat_str(c, r->kazoe == TENSU_KAZOE_YAKUMAN ? "word.kazoe.yakuman"
                                                       : "word.kazoe.sanbaiman"));
    /* mangan before 5 han: the lowest fu of each han column paid as mangan */
    len = 0;
    buf[0] = '\0';
    for (int han = 1; han <= tensu_fu_han_max(); han++)
        for (int i = 0; i < c->table->nfu; i++) {
            const tensu_cell *cell = &c->table->cells[i][han - 1];
            if (cell->pay[0][0].value.limit == TENSU_LIMIT_MANGAN && cell->reachable[0][0]) {
                json_t *x = json_object();
                char *t;
                var_set(x, "han", "%d", han);
                var_set(x, "fu", "%d", cell->fu);
                t = cat_expand(c, "fmt.cell", x);
                len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
                                        len ? cat_str(c, "fmt.list.sep") : "", t);
                free(t);
                json_decref(x);
                break;
            }
        }
    var_set(vars, "mangan_cells", "%s", buf); /* empty under aotenjou: a sentence using it fails */
    vars_amounts(c);
    {
        /* the lowest fu row paid as mangan at 3 and at 4 han */
        for (int han = tensu_fu_han_max() - 1; han <= tensu_fu_han_max(); han++)
            for (int i = 0; i < c->table->nfu; i++) {
                const tensu_cell *cell = &c->table->cells[i][han - 1];
                bool all = true;
                for (int j = i; j < c->table->nfu; j++)
                    for (int d = 0; d < 2; d++)
                        for (int ts = 0; ts < 2; ts++)
                            if (c->table->cells[j][han - 1].reachable[d][ts] &&
                                c->table->cells[j][han - 1].pay[d][ts].value.limit ==
                                    TENSU_LIMIT_NONE)
                                all = false;
                if (all && (cell->reachable[0][0] || cell->reachable[0][1])) {
                    var_set(vars, han == 3 ? "mangan_from_3" : "mangan_from_4", "%d", cell->fu);
                    break;
                }
            }
    }
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

static const struct {
    const char *name;
    double w, h;
} papers[] = {
    {"a6", 297.638, 419.528}, {"a5", 419.528, 595.276}, {"a4", 595.276, 841.890},
    {"letter", 612, 792},     {"a3", 841.890, 1190.551}, {"a2", 1190.551, 1683.780},
};

bool tensu_paper_size(const char *name, double *w, double *h)
{
    for (size_t i = 0; i < sizeof papers / sizeof papers[0]; i++)
        if (strcmp(papers[i].name, name) == 0) {
            *w = papers[i].w;
            *h = papers[i].h;
            return true;
        }
    return false;
}

/* The papers a template fills ("papers", a4 and letter by default) in
 * words ("a6, or a4 (n-up)"), and whether it takes paper (on its own or
 * n-up: *imposed then names the n-up paper's object). */
static bool template_papers(json_t *root, const char *paper, char *allowed, size_t size,
                            json_t **imposed)
{
    json_t *list = json_object_get(root, "papers"), *imp = json_object_get(root, "impose"), *p;
    const char *ip = json_string_value(json_object_get(imp, "paper"));
    bool ok = list == NULL && paper && (strcmp(paper, "a4") == 0 || strcmp(paper, "letter") == 0);
    size_t i, len = 0;
    allowed[0] = '\0';
    *imposed = NULL;
    json_array_foreach(list, i, p) {
        const char *n = json_string_value(p);
        if (n && paper && strcmp(n, paper) == 0)
            ok = true;
        len += (size_t)snprintf(allowed + len, len < size ? size - len : 0, "%s%s",
                                len ? ", " : "", n ? n : "?");
    }
    if (list == NULL)
        len = (size_t)snprintf(allowed, size, "a4, letter");
    if (ip)
        snprintf(allowed + (len < size ? len : size - 1), len < size ? size - len : 1,
                 ", or %s (n-up)", ip);
    if (!ok && ip && paper && strcmp(ip, paper) == 0 &&
        json_string_value(json_array_get(list, 0))) {
        *imposed = imp;
        ok = true;
    }
    return ok;
}

bool tensu_sheet_papers(const char *data_dir, const char *sheet, const char *paper,
                        char *takes, size_t size)
{
    char path[1400];
    json_t *root, *imp;
    bool ok;
    snprintf(path, sizeof path, "%s/templates/%s.json", data_dir, sheet);
    root = json_load_file(path, 0, NULL);
    if (root == NULL) { /* a template that does not load fails later, saying why */
        snprintf(takes, size, "?");
        return true;
    }
    ok = template_papers(root, paper, takes, size, &imp);
    json_decref(root);
    return ok;
}

/* The template says which papers it fills well ("papers", a4 and letter
 * by default), which paper its sizes are drawn for ("design", the first
 * of them; a larger one scales every size up when "scale_to_paper" is
 * true), and the paper its pages may be set n-up on ("impose": {"paper",
 * "across", "down"}).  Any other paper is refused: a layout never shrinks
 * its text to fit. */
static bool choose_paper(sheet_ctx *c, const char *paper)
{
    json_t *list = json_object_get(c->tmpl.root, "papers"), *imp;
    const char *design = json_string_value(json_array_get(list, 0));
    char allowed[200];
    if (!template_papers(c->tmpl.root, paper, allowed, sizeof allowed, &imp)) {
        ctx_fail(c, TENSU_ERR_RANGE,
                 "%s: this layout fills %s; not %s (its text is never shrunk to fit a paper)",
                 c->tmpl.path, allowed, paper);
        return false;
    }
    if (imp != NULL) {
        /* drawn on the design paper, then set n-up on this one */
        c->impose_across = (int)num(imp, "across", 2);
        c->impose_down = (int)num(imp, "down", 2);
        tensu_paper_size(paper, &c->impose_w, &c->impose_h);
        tensu_paper_size(design, &c->paper_w, &c->paper_h);
        return true;
    }
    if (design && json_is_true(json_object_get(c->tmpl.root, "scale_to_paper"))) {
        double dw = 0, dh = 0;
        if (tensu_paper_size(design, &dw, &dh) && dw > 0)
            c->paper_scale = c->paper_w / dw;
    }
    return true;
}

/* Open everything a sheet is built from: template, catalog, fonts (when
 * with_fonts), the table and the placeholders.  On error c->status is set
 * and the message is in err; sheet_ctx_close() frees in every case. */
tensu_status sheet_ctx_open(sheet_ctx *c, const tensu_sheet_opts *o, const tensu_rules *r,
                            bool with_fonts, tensu_error *err)
{
    json_t *num_fmt;
    const char *paper = o->paper ? o->paper : "a4", *orient;
    tensu_doc *d;

    memset(c, 0, sizeof *c);
    c->rules = r;
    c->err = err;
    if (err)
        memset(err, 0, sizeof *err);
    c->scale = 1;
    c->unfit_page = -1;
    d = calloc(1, sizeof *d);
    if (d == NULL || (d->fonts = tensu_fontset_new()) == NULL) {
        free(d);
        tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
        c->status = TENSU_ERR_NOMEM;
        return c->status;
    }
    c->doc = d;
    c->vars = json_object();
    snprintf(d->sheet, sizeof d->sheet, "%s", o->sheet);
    snprintf(d->lang, sizeof d->lang, "%s", o->lang);

    c->paper_scale = 1;
    c->honba = o->honba;
    c->data_dir = o->data_dir;
    if (!json_file_load(c, &c->tmpl, o->data_dir, o->sheet, "template") ||
        !json_file_load(c, &c->cat, o->data_dir, o->lang, "language"))
        return c->status;
    if (o->paper == NULL) /* the paper the template is drawn for */
        paper = json_string_value(json_array_get(json_object_get(c->tmpl.root, "papers"), 0))
                    ? json_string_value(
                          json_array_get(json_object_get(c->tmpl.root, "papers"), 0))
                    : "a4";
    if (!tensu_paper_size(paper, &c->paper_w, &c->paper_h)) {
        ctx_fail(c, TENSU_ERR_RANGE, "bad paper '%s': allowed a6, a5, a4, letter, a3, a2", paper);
        return c->status;
    }
    if (!choose_paper(c, paper))
        return c->status;
    if (!json_is_string(json_object_get(c->tmpl.root, "kind")) ||
        strcmp(json_string_value(json_object_get(c->tmpl.root, "kind")), "sheet") != 0) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:1: not a sheet template (\"kind\": \"sheet\")",
                 c->tmpl.path);
        return c->status;
    }
    c->strings = json_object_get(c->cat.root, "strings");
    num_fmt = json_object_get(c->cat.root, "number");
    if (!json_is_object(c->strings) || !json_is_object(num_fmt)) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:1: not a string catalog (needs \"strings\" and \"number\" objects)",
                 c->cat.path);
        return c->status;
    }
    snprintf(c->group, sizeof c->group, "%s",
             json_string_value(json_object_get(num_fmt, "group"))
                 ? json_string_value(json_object_get(num_fmt, "group"))
                 : ",");
    snprintf(c->decimal, sizeof c->decimal, "%s",
             json_string_value(json_object_get(num_fmt, "decimal"))
                 ? json_string_value(json_object_get(num_fmt, "decimal"))
                 : ".");
    c->group_min = (int)num(num_fmt, "group_min", 1000);
    orient = json_string_value(json_object_get(c->tmpl.root, "orientation"));
    if (orient && strcmp(orient, "landscape") == 0) {
        double t = c->paper_w;
        c->paper_w = c->paper_h;
        c->paper_h = t;
    }
    {
        /* a sheet is drawn for one rule family ("family", riichi by default) */
        const char *fam = json_string_value(json_object_get(c->tmpl.root, "family"));
        bool classical = fam != NULL && strcmp(fam, "classical") == 0;
        if (classical != (r->family == TENSU_FAMILY_CLASSICAL)) {
            if (classical)
                ctx_fail(c, TENSU_ERR_INVALID,
                         "%s: this sheet is for the classical game, and the rules %s are "
                         "riichi rules (use --rules classical)",
                         c->tmpl.path, r->preset);
            else
                ctx_fail(c, TENSU_ERR_INVALID,
                         "%s: this sheet is for riichi rules, and the rules %s are classical "
                         "rules (classical sheets: classical-card, classical-study)",
                         c->tmpl.path, r->preset);
            return c->status;
        }
    }
    if (with_fonts) {
        load_fonts(c, o);
        if (c->status != TENSU_OK)
            return c->status;
    }
    if (r->family == TENSU_FAMILY_CLASSICAL) {
        c->ctable = tensu_classical_table_new(r, err);
        if (c->ctable == NULL) {
            c->status = err ? err->status : TENSU_ERR_INVALID;
            return c->status;
        }
        classical_vars(c);
    } else {
        c->table = tensu_table_new(r, o->han_max > 0 ? o->han_max : tensu_fu_han_max(),
                                   o->honba, err);
        if (c->table == NULL) {
            c->status = err ? err->status : TENSU_ERR_INVALID;
            return c->status;
        }
        make_vars(c);
        if (c->table != NULL) /* "beyond {table_han} han" under aotenjou */
            var_set(c->vars, "table_han", "%d", c->table->han_max);
        if (o->hand != NULL) {
            /* the score card's hand, scored once for every block */
            c->hand = o->hand;
            if (tensu_score(r, o->hand, &c->score, err) != TENSU_OK) {
                c->status = err ? err->status : TENSU_ERR_INVALID;
                return c->status;
            }
        }
        if (o->quiz != NULL) {
            c->quiz = calloc((size_t)(o->quiz->count > 0 ? o->quiz->count : 1), sizeof *c->quiz);
            if (c->quiz == NULL) {
                ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
                return c->status;
            }
            if (tensu_quiz_make(r, o->quiz->kind, o->quiz->level, o->quiz->count, o->quiz->seed,
                                c->quiz, err) != TENSU_OK) {
                c->status = err ? err->status : TENSU_ERR_RANGE;
                return c->status;
            }
            c->nquiz = o->quiz->count;
            c->quiz_spec = o->quiz;
            quiz_vars(c, o->quiz);
        }
    }
    {
        const char *tk = json_string_value(json_object_get(c->tmpl.root, "title"));
        char *t = cat_expand(c, tk ? tk : "title", NULL);
        snprintf(d->title, sizeof d->title, "%s", t);
        free(t);
    }
    return c->status;
}

/* Free what sheet_ctx_open() made, but the doc (the caller's, or freed
 * here when c->status is an error). */
void sheet_ctx_close(sheet_ctx *c)
{
    free(c->quiz);
    c->quiz = NULL;
    tensu_table_free(c->table);
    tensu_classical_table_free(c->ctable);
    json_decref(c->vars);
    json_decref(c->tmpl.root);
    json_decref(c->cat.root);
    free(c->tmpl.text);
    free(c->cat.text);
    if (c->status != TENSU_OK) {
        if (c->err && c->err->status == TENSU_OK)
            tensu_fail(c->err, c->status, "cannot build the sheet");
        tensu_doc_free(c->doc);
        c->doc = NULL;
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
                double dx = a * cw + (cw - old[p].width) / 2, dy = b * ch + (ch - old[p].height) / 2;
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

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t tensu_sheet_list(const char *data_dir, bool catalogs, char **names, size_t max)
{
    /* Every templates/NAME.json whose "kind" is "sheet" (or "catalog"):
     * a new language is one new file, found here. */
    char dir[1024], path[1400];
    DIR *dp;
    struct dirent *e;
    size_t n = 0;
    snprintf(dir, sizeof dir, "%s/templates", data_dir);
    dp = opendir(dir);
    if (dp == NULL)
        return 0;
    while ((e = readdir(dp)) != NULL && n < max) {
        size_t len = strlen(e->d_name);
        json_t *root;
        const char *kind;
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0 || e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        root = json_load_file(path, 0, NULL);
        kind = json_string_value(json_object_get(root, "kind"));
        if (kind && strcmp(kind, catalogs ? "catalog" : "sheet") == 0) {
            names[n] = malloc(len - 4);
            if (names[n]) {
                memcpy(names[n], e->d_name, len - 5);
                names[n++][len - 5] = '\0';
            }
        }
        json_decref(root);
    }
    closedir(dp);
    qsort(names, n, sizeof names[0], cmp_names);
    return n;
}
