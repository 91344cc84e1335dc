/* Blocks: the generic blocks of a template (title, heading, paragraph,
 * bullets, notes, rows of columns, grids) and the table of every block,
 * by its "type" (layout_blocks); the families' blocks live with their
 * families (tables.c, study.c, classical_sheet.c ...) and draw with
 * draw.c, below them all.  The sheet is built in layout.c. */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
const char *short_key(json_t *v, size_t i)
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
    h += box_title(c, title, x, y + h, width, pad, size, 1.45);
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
                     "bullets, notes, row, grid, hand, waits, yaku-list, score-card, rules-box, "
                     "quiz-sheet, quiz-key, spacer, point-table, limit-table, limit-line, fu-sets, "
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
