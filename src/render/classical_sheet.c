/* The classical sheets (issue 7, seed 003): the doubling table, the limit,
 * the bonus tiles, the score sticks, the summary of basic points and
 * doubles, and hands worked through.  Every amount comes from the core
 * (tensu_classical_table_new, tensu_classical_pay, tensu_classical_score);
 * the catalog only gives the words. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}

static bool need_table(sheet_ctx *c, const char *block)
{
    if (c->ctable != NULL)
        return true;
    ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: block \"%s\" needs classical rules", c->tmpl.path,
             json_file_line(&c->tmpl, block), block);
    return false;
}

/* Which of two words a block's field says: 0 for the first, 1 for the
 * second; anything else fails the sheet, naming the template's line (-1). */
static int one_of(sheet_ctx *c, json_t *b, const char *block, const char *field,
                  const char *first, const char *second)
{
    const char *v = json_string_value(json_object_get(b, field));
    if (v && strcmp(v, first) == 0)
        return 0;
    if (v && strcmp(v, second) == 0)
        return 1;
    ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: %s \"%s\" must be \"%s\" or \"%s\"", c->tmpl.path,
             json_file_line(&c->tmpl, block), block, field, first, second);
    return -1;
}

static const char *const wind_codes[4] = {"E", "S", "W", "N"};

/* "E", "S", "W", "N" (or the English names) -> 0..3; -1 if unknown. */
static int wind_parse(const char *s)
{
    static const char *const names[4] = {"east", "south", "west", "north"};
    if (s == NULL)
        return -1;
    for (int w = 0; w < 4; w++)
        if (strcmp(s, wind_codes[w]) == 0 || strcmp(s, names[w]) == 0)
            return w;
    return -1;
}

/* ---- placeholders ---- */

static void limit_reach(sheet_ctx *c, int shown);

void classical_vars(sheet_ctx *c)
{
    const tensu_rules *r = c->rules;
    const tensu_classical_table *t = c->ctable;
    json_t *vars = c->vars;

    vars_rules(c);
    var_amount(c, vars, "limit", r->limit);
    var_amount(c, vars, "limit_east", t->limit_non_east.from_east);
    var_amount(c, vars, "limit_total", t->limit_non_east.total);
    var_amount(c, vars, "limit_east_each", t->limit_east.from_each);
    var_amount(c, vars, "limit_east_total", t->limit_east.total);
    var_set(vars, "rounding", "%d", r->rounding);
    var_set(vars, "flower_points", "%d", r->flower_points);
    var_set(vars, "mahjong_points", "%d", r->mahjong_points);
    var_set(vars, "payers", "%d", tensu_dealer_tsumo_payers(r));
    /* sentences that depend on a rule: one catalog string per case */
    var_set(vars, "rounding_rule", "%s",
            cat_str(c, r->rounding > 1 ? "cl.rule.rounding" : "cl.rule.rounding.none"));
    var_set(vars, "east_rule", "%s",
            cat_str(c, r->east_double ? "cl.rule.east.double" : "cl.rule.east.single"));
    var_set(vars, "limit_rule", "%s",
            cat_str(c, r->limit <= 0                              ? "cl.rule.limit.none"
                       : t->limit_non_east.from_east == t->limit_non_east.from_each
                           ? "cl.rule.limit.single"
                           : "cl.rule.limit"));
    /* expand the rule sentences now: they hold placeholders themselves */
    {
        static const char *const nested[] = {"rounding_rule", "east_rule", "limit_rule"};
        for (size_t i = 0; i < sizeof nested / sizeof nested[0]; i++) {
            char *e = expand(c, nested[i], json_string_value(json_object_get(vars, nested[i])),
                             NULL);
            var_set(vars, nested[i], "%s", e);
            free(e);
        }
    }
    limit_reach(c, t->ndoubles);
}

/* "at 5 doubles", "at 1 double", "with no double": where a row reaches the limit. */
static void var_reach_at(sheet_ctx *c, json_t *v, const char *name, int d)
{
    char *e;
    var_set(v, "n", "%d", d);
    e = cat_expand(c, d == 0 ? "cl.reach.at.0" : d == 1 ? "cl.reach.at.1" : "cl.reach.at", v);
    var_set(v, name, "%s", e);
    free(e);
}

/* {limit_reach}: where the first and the last row of the doubling table
 * reach the limit (the engine says), said of the `shown` columns a table
 * drew: a row that reaches it past the last column is said to. */
static void limit_reach(sheet_ctx *c, int shown)
{
    const tensu_classical_table *t = c->ctable;
    int lo = tensu_classical_limit_doubles(c->rules, t->basic[0]);
    int hi = tensu_classical_limit_doubles(c->rules, t->basic[t->nrows - 1]);
    const char *key;
    json_t *v = json_object();
    char *e;
    if (c->rules->limit <= 0)
        key = "cl.rule.reach.none";
    else if (lo < 0 || hi < 0) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: no row of the doubling table reaches the limit %d",
                 c->tmpl.path, c->rules->limit);
        json_decref(v);
        return;
    } else if (lo == 0)
        key = "cl.rule.reach.all";
    else if (lo < shown)
        key = "cl.rule.reach";
    else if (hi < shown)
        key = "cl.rule.reach.past";
    else
        key = "cl.rule.reach.past.both";
    var_set(v, "row_lo", "%d", t->basic[0]);
    var_set(v, "row_hi", "%d", t->basic[t->nrows - 1]);
    var_reach_at(c, v, "at_lo", lo);
    var_reach_at(c, v, "at_hi", hi);
    e = cat_expand(c, key, v);
    var_set(c->vars, "limit_reach", "%s", e);
    free(e);
    json_decref(v);
}

/* ---- the doubling table ---- */

/* The widest amount of the first nd columns (East's side: the larger). */
static double widest(sheet_ctx *c, bool east, int nd, tensu_font_role f, double size)
{
    const tensu_classical_table *t = c->ctable;
    double w = 0;
    char buf[64];
    for (int i = 0; i < t->nrows; i++)
        for (int d = 0; d < nd; d++) {
            const tensu_classical_payment *pay = &t->non_east[i][d];
            double x = text_width(c, f, size, fmt_amount(c, east ? pay->from_east
                                                                  : pay->from_each,
                                                         buf, sizeof buf));
            if (x > w)
                w = x;
        }
    return w;
}

/* "side": "non-east": what each non-East loser pays another winner;
 * "east": what East pays another winner, which is also what each loser
 * pays East (the engine computes both: checked here, cell by cell).  One
 * amount per cell; the totals are said once in the key. */
double block_classical_table(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    const tensu_classical_table *t = c->ctable;
    double sc = c->scale, ms = num(b, "size", 11) * sc, hs = num(b, "head_size", 10) * sc;
    double ts = num(b, "title_size", 11) * sc, pad = 2.2 * sc;
    double rh = ms * 1.2 + 2 * pad, head_h = hs * 2.6, bw = width * num(b, "label_width", 0.14);
    double cw, h = 0, top0;
    const char *title = json_string_value(json_object_get(b, "title"));
    tensu_page *p = c->page;
    bool dbl = c->rules->east_double;
    tensu_font_role face = TENSU_FONT_BOLD;
    char buf[64];
    int nd, east;
    char *s;

    if (!need_table(c, "classical-table") ||
        (east = one_of(c, b, "classical-table", "side", "non-east", "east")) < 0)
        return 0;
    /* "max_doubles": fewer columns (a table without a limit never ends) */
    nd = (int)num(b, "max_doubles", t->ndoubles);
    if (nd < 1 || nd > t->ndoubles)
        nd = t->ndoubles;
    /* no amount shrunk to fit: the bold face, else the condensed bold one
     * for the whole table, else fewer columns (a table without a limit) */
    for (;; nd--) {
        cw = (width - bw) / nd;
        if (widest(c, true, nd, TENSU_FONT_BOLD, ms) <= cw - 2 * pad)
            break;
        if (widest(c, true, nd, TENSU_FONT_CONDENSED_BOLD, ms) <= cw - 2 * pad) {
            face = TENSU_FONT_CONDENSED_BOLD;
            break;
        }
        if (nd == 1)
            break;
    }
    if (east)
        for (int i = 0; i < t->nrows; i++)
            for (int d = 0; d < nd; d++)
                if (t->east[i][d].from_each != t->non_east[i][d].from_east) {
                    ctx_fail(c, TENSU_ERR_INVALID,
                             "%s: what East pays (%lld) is not what each loser pays East "
                             "(%lld) at %d points, %d doubles: the East table cannot say both",
                             c->tmpl.path, (long long)t->non_east[i][d].from_east,
                             (long long)t->east[i][d].from_each, t->basic[i], d);
                    return 0;
                }

    if (title == NULL)
        title = east ? (dbl ? "cl.table.east" : "cl.table.east.single")
                     : (dbl ? "cl.table.noneast" : "cl.table.noneast.single");
    s = cat_expand(c, title, NULL);
    h += flow_text(c, x, y, width, ts / sc, TENSU_FONT_BOLD, 0, s, 0) + 2 * sc;
    free(s);
    top0 = y + h;

    /* header: the number of doubles, and what it multiplies by */
    page_rect(p, x, y + h, width, head_h, 0.15, 0, 0);
    s = cat_expand(c, "cl.table.corner.doubles", NULL);
    put_text(c, x + pad, y + h + head_h * 0.42, bw - 2 * pad, 'r', TENSU_FONT_BOLD, hs, 1, s);
    free(s);
    s = cat_expand(c, "cl.table.corner.points", NULL);
    put_text(c, x + pad, y + h + head_h * 0.86, bw - 2 * pad, 'l', TENSU_FONT_REGULAR, hs, 1,
             s);
    free(s);
    for (int d = 0; d < nd; d++) {
        json_t *v = json_object();
        char nb[16];
        snprintf(nb, sizeof nb, "%d", d);
        put_text(c, x + bw + d * cw, y + h + head_h * 0.42, cw, 'c', TENSU_FONT_BOLD, hs, 1,
                 nb);
        var_amount(c, v, "m", (int64_t)1 << d);
        s = cat_expand(c, "cl.fmt.mult", v);
        put_text(c, x + bw + d * cw, y + h + head_h * 0.86, cw, 'c', TENSU_FONT_REGULAR, hs, 1,
                 s);
        free(s);
        json_decref(v);
    }
    h += head_h;

    for (int i = 0; i < t->nrows; i++) {
        double top = y + h, base = top + rh / 2 + ms * 0.36;
        snprintf(buf, sizeof buf, "%d", t->basic[i]);
        page_rect(p, x, top, bw, rh, 0.9, 0, 0);
        put_text(c, x + pad, base, bw - 2 * pad, 'c', TENSU_FONT_BOLD, ms, 0, buf);
        for (int d = 0; d < nd; d++) {
            const tensu_classical_payment *pay = &t->non_east[i][d];
            int64_t v = east ? pay->from_east : pay->from_each;
            bool capped = east ? pay->capped_east : pay->capped_each;
            double cx = x + bw + d * cw;
            tensu_item *it;
            /* the limit reached: 25 % grey, as on the riichi card */
            if (capped)
                page_rect(p, cx, top, cw, rh, 0.75, 0, 0);
            it = put_text(c, cx + pad, base, cw - 2 * pad, 'c', face, ms, 0,
                          fmt_amount(c, v, buf, sizeof buf));
            item_set_tag(it, "%s.each.%d.%d", east ? "e" : "ne", t->basic[i], d);
        }
        h += rh;
        page_line(p, x, y + h, x + width, y + h, 0.4 * c->scale, 0.45);
    }
    for (int d = 0; d < nd; d++)
        page_line(p, x + bw + d * cw, top0, x + bw + d * cw, y + h, d == 0 ? 0.9 * sc : 0.4 * sc,
                  d == 0 ? 0 : 0.45);
    page_rect(p, x, top0, width, y + h - top0, -1, 1.1 * sc, 0);
    /* the sentences said of the table, of the columns drawn */
    limit_reach(c, nd);
    return h + num(b, "after", 6) * sc;
}

/* ---- small ruled tables ---- */

typedef struct cells {
    int nrows, ncols;
    char *v[24][6];
} cells;

static void cells_free(cells *t)
{
    for (int r = 0; r < t->nrows; r++)
        for (int k = 0; k < t->ncols; k++)
            free(t->v[r][k]);
}

static double cells_draw(sheet_ctx *c, cells *t, const double *rel, const char *align,
                         double size, double x, double y, double width)
{
    char **rows[24];
    grid_spec g = {t->ncols, rel, align, size, true, true};
    double h;
    for (int r = 0; r < t->nrows; r++) {
        for (int k = 0; k < t->ncols; k++)
            if (t->v[r][k] == NULL)
                t->v[r][k] = text_dup("");
        rows[r] = t->v[r];
    }
    h = draw_grid(c, &g, rows, t->nrows, x, y, width);
    cells_free(t);
    return h;
}

static char *amount_dup(sheet_ctx *c, int64_t v, bool bold)
{
    char buf[64], out[72];
    snprintf(out, sizeof out, "%s%s", bold ? "*" : "", fmt_amount(c, v, buf, sizeof buf));
    return text_dup(out);
}

/* Tag the first untagged text run drawn since index `from` that shows the
 * amount (bold or not): the tests read the cells by these tags. */
static void tag_after(sheet_ctx *c, size_t from, int64_t amount, const char *tag)
{
    tensu_page *p = c->page;
    char buf[64];
    fmt_amount(c, amount, buf, sizeof buf);
    for (size_t i = from; i < p->n; i++)
        if (p->items[i].kind == TENSU_ITEM_TEXT && p->items[i].tag == NULL &&
            strcmp(p->items[i].text, buf) == 0) {
            item_set_tag(&p->items[i], "%s", tag);
            return;
        }
}

/* The limit: what each pays, for a non-East and for an East winner. */
double block_classical_limit(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    static const double rel[4] = {1.6, 1.2, 1.2, 1.2};
    const tensu_classical_table *t;
    cells g = {3, 4, {{0}}};
    double h, size = num(b, "size", 8);
    size_t before;
    char *s;
    if (!need_table(c, "classical-limit"))
        return 0;
    t = c->ctable;
    if (c->rules->limit <= 0) {
        s = cat_expand(c, "cl.limit.none", NULL);
        h = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, 0, s, 0);
        free(s);
        return h + num(b, "after", 4) * c->scale;
    }
    before = c->page->n;
    g.v[0][0] = cat_expand(c, "cl.limit.head.winner", NULL);
    g.v[0][1] = cat_expand(c, "cl.limit.head.each", NULL);
    g.v[0][2] = cat_expand(c, "cl.limit.head.east", NULL);
    g.v[0][3] = cat_expand(c, "cl.limit.head.total", NULL);
    g.v[1][0] = cat_expand(c, "cl.limit.noneast", NULL);
    g.v[1][1] = amount_dup(c, t->limit_non_east.from_each, true);
    g.v[1][2] = amount_dup(c, t->limit_non_east.from_east, true);
    g.v[1][3] = amount_dup(c, t->limit_non_east.total, false);
    g.v[2][0] = cat_expand(c, "cl.limit.east", NULL);
    g.v[2][1] = amount_dup(c, t->limit_east.from_each, true);
    g.v[2][2] = text_dup("–");
    g.v[2][3] = amount_dup(c, t->limit_east.total, false);
    h = cells_draw(c, &g, rel, "lccc", size, x, y, width);
    tag_after(c, before, t->limit_non_east.from_each, "cl.limit.ne.each");
    tag_after(c, before, t->limit_non_east.from_east, "cl.limit.ne.east");
    tag_after(c, before, t->limit_non_east.total, "cl.limit.ne.total");
    tag_after(c, before, t->limit_east.from_each, "cl.limit.e.each");
    tag_after(c, before, t->limit_east.total, "cl.limit.e.total");
    return h + num(b, "after", 4) * c->scale;
}

/* The summary of basic points ("kind": "basic") or of doubles ("doubles")
 * from the core's list; the rule keys override the two counted by rule. */
double block_classical_items(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *widths = json_object_get(b, "widths");
    double rel[2] = {json_number_value(json_array_get(widths, 0)),
                     json_number_value(json_array_get(widths, 1))};
    int doubles;
    cells g = {1, 2, {{0}}};
    if (!need_table(c, "classical-items") ||
        (doubles = one_of(c, b, "classical-items", "kind", "basic", "doubles")) < 0)
        return 0;
    if (rel[0] <= 0 || rel[1] <= 0) {
        rel[0] = 3.4;
        rel[1] = 1.2;
    }
    g.v[0][0] = cat_expand(c, doubles ? "cl.items.head.doubles" : "cl.items.head.basic", NULL);
    g.v[0][1] = cat_expand(c, doubles ? "cl.items.head.dvalue" : "cl.items.head.points", NULL);
    for (size_t i = 0; i < tensu_classical_item_count() && g.nrows < 24; i++) {
        const tensu_classical_item *it = tensu_classical_item_at(i);
        char key[64], buf[64];
        int exposed = it->exposed;
        bool full = strcmp(it->id, "full_bonus_set") == 0;
        if (strcmp(it->id, "mahjong") == 0)
            exposed = c->rules->mahjong_points;
        else if (strcmp(it->id, "bonus_tile") == 0)
            exposed = c->rules->flower_points;
        if (doubles ? !(it->doubles > 0 || full) : !(exposed > 0 || it->concealed > 0))
            continue;
        /* without a limit a full set is counted like any bonus tiles */
        if (full && c->rules->limit <= 0)
            continue;
        snprintf(key, sizeof key, "cl.item.%s", it->id);
        g.v[g.nrows][0] = cat_expand(c, key, NULL);
        if (full) {
            g.v[g.nrows][1] = cat_expand(c, "cl.word.limit", NULL);
        } else if (doubles) {
            json_t *v = json_object();
            var_set(v, "n", "%d", it->doubles);
            g.v[g.nrows][1] = cat_expand(c, "cl.fmt.doubles", v);
            json_decref(v);
        } else if (it->concealed > 0) {
            snprintf(buf, sizeof buf, "%d / %d", exposed, it->concealed);
            g.v[g.nrows][1] = text_dup(buf);
        } else {
            snprintf(buf, sizeof buf, "%d", exposed);
            g.v[g.nrows][1] = text_dup(buf);
        }
        g.nrows++;
    }
    return cells_draw(c, &g, rel, "lc", num(b, "size", 8), x, y, width) +
           num(b, "after", 4) * c->scale;
}

/* Which flower and which season belong to which wind (from the core). */
double block_classical_bonus(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    static const double rel[3] = {1, 1.5, 1.3};
    cells g = {5, 3, {{0}}};
    if (!need_table(c, "classical-bonus"))
        return 0;
    g.v[0][0] = cat_expand(c, "cl.bonus.head.wind", NULL);
    g.v[0][1] = cat_expand(c, "cl.bonus.head.flower", NULL);
    g.v[0][2] = cat_expand(c, "cl.bonus.head.season", NULL);
    for (int w = 0; w < 4; w++) {
        char key[64];
        snprintf(key, sizeof key, "cl.wind.%s", wind_codes[w]);
        g.v[w + 1][0] = cat_expand(c, key, NULL);
    }
    for (int tile = 0; tile < TENSU_BONUS_TILES; tile++) {
        char key[64];
        int w = tensu_bonus_tile_wind(tile);
        snprintf(key, sizeof key, "cl.tile.%s", tensu_bonus_tile_name(tile));
        free(g.v[w + 1][tile < 4 ? 1 : 2]);
        g.v[w + 1][tile < 4 ? 1 : 2] = cat_expand(c, key, NULL);
    }
    return cells_draw(c, &g, rel, "lll", num(b, "size", 8), x, y, width) +
           num(b, "after", 4) * c->scale;
}

/* The score sticks: "sticks": [{"value": 500, "box": 8, "start": 2}, ...];
 * the start is added up, and compared with the most a non-East winner
 * takes under these rules. */
double block_classical_sticks(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    static const double rel[4] = {1.3, 0.9, 1.4, 1.1};
    json_t *sticks = json_object_get(b, "sticks"), *st, *v;
    cells g = {1, 4, {{0}}};
    int64_t start = 0, box = 0;
    double h, size = num(b, "size", 8);
    size_t i, before;
    char *s;
    if (!need_table(c, "classical-sticks"))
        return 0;
    if (!json_is_array(sticks) || json_array_size(sticks) == 0 ||
        json_array_size(sticks) > 20) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:%d: classical-sticks needs \"sticks\": [{\"value\", \"box\", \"start\"}...]",
                 c->tmpl.path, json_file_line(&c->tmpl, "classical-sticks"));
        return 0;
    }
    g.v[0][0] = cat_expand(c, "cl.sticks.head.stick", NULL);
    g.v[0][1] = cat_expand(c, "cl.sticks.head.box", NULL);
    g.v[0][2] = cat_expand(c, "cl.sticks.head.start", NULL);
    g.v[0][3] = cat_expand(c, "cl.sticks.head.value", NULL);
    json_array_foreach(sticks, i, st) {
        int64_t value = (int64_t)num(st, "value", 0), nb = (int64_t)num(st, "box", 0),
                ns = (int64_t)num(st, "start", 0);
        char buf[64];
        v = json_object();
        var_amount(c, v, "value", value);
        g.v[g.nrows][0] = cat_expand(c, "cl.sticks.of", v);
        json_decref(v);
        snprintf(buf, sizeof buf, "%lld", (long long)nb);
        g.v[g.nrows][1] = text_dup(buf);
        snprintf(buf, sizeof buf, "%lld", (long long)ns);
        g.v[g.nrows][2] = text_dup(buf);
        g.v[g.nrows][3] = amount_dup(c, value * ns, false);
        g.nrows++;
        start += value * ns;
        box += value * nb;
    }
    g.v[g.nrows][0] = cat_expand(c, "cl.sticks.total", NULL);
    g.v[g.nrows][3] = amount_dup(c, start, true);
    g.nrows++;
    before = c->page->n;
    h = cells_draw(c, &g, rel, "lccr", size, x, y, width);
    tag_after(c, before, start, "cl.sticks.start");
    h += 3 * c->scale;
    v = json_object();
    var_amount(c, v, "start", start);
    var_amount(c, v, "box", box);
    var_set(v, "players", "%d", c->rules->players);
    var_amount(c, v, "most", c->ctable->limit_non_east.total);
    s = cat_expand(c,
                   c->rules->limit <= 0                     ? "cl.sticks.nolimit"
                   : c->ctable->limit_non_east.total == start ? "cl.sticks.match"
                                                            : "cl.sticks.nomatch",
                   v);
    h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, s, 0);
    free(s);
    if (box == start * c->rules->players) {
        s = cat_expand(c, "cl.sticks.box", v);
        h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, s, 0);
        free(s);
    }
    json_decref(v);
    return h + num(b, "after", 4) * c->scale;
}

/* ---- hands worked through ---- */

/* "2 × 64 = 128 → *130*": one payer's share, from the value. */
static char *share_text(sheet_ctx *c, int64_t value, bool doubled, int64_t paid, bool capped)
{
    json_t *v = json_object();
    int64_t raw = doubled ? value * tensu_classical_east_factor(c->rules) : value;
    char *s;
    var_amount(c, v, "value", value);
    var_amount(c, v, "raw", raw);
    var_amount(c, v, "paid", paid);
    if (value < 0)
        s = cat_expand(c, "cl.share.huge", v);
    else if (capped)
        s = cat_expand(c, doubled ? "cl.share.double.capped" : "cl.share.capped", v);
    else if (raw != paid)
        s = cat_expand(c, doubled ? "cl.share.double.rounded" : "cl.share.rounded", v);
    else
        s = cat_expand(c, doubled ? "cl.share.double" : "cl.share", v);
    json_decref(v);
    return s;
}

/* The value line and the payment line of a classical payment. */
static double payment_lines(sheet_ctx *c, const tensu_classical_payment *p, double x, double y,
                            double width, double size, const char *tag)
{
    const tensu_rules *r = c->rules;
    json_t *v = json_object();
    char sup[32], *s, *each, *east;
    double h = 0;
    tensu_item *last;
    size_t before;
    bool full = p->full_set; /* the limit (never without one: the engine says) */

    var_amount(c, v, "basic", p->basic);
    var_set(v, "doubles", "%d", p->doubles);
    var_set(v, "exp", "%s", fmt_superscript(p->doubles, sup, sizeof sup));
    var_amount(c, v, "value", p->value);
    var_amount(c, v, "total", p->total);
    s = cat_expand(c, full ? "cl.ex.value.full" : "cl.ex.value", v);
    h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, s, 0);
    free(s);
    if (full) {
        char buf[64];
        var_set(v, "each", "*%s*", fmt_amount(c, p->from_each, buf, sizeof buf));
        var_set(v, "east", "*%s*", fmt_amount(c, p->from_east, buf, sizeof buf));
    } else {
        each = share_text(c, p->value, p->east && r->east_double, p->from_each, p->capped_each);
        east = share_text(c, p->value, r->east_double, p->from_east, p->capped_east);
        var_set(v, "each", "%s", each);
        var_set(v, "east", "%s", east);
        free(each);
        free(east);
    }
    s = cat_expand(c, p->east ? "cl.ex.pay.east" : "cl.ex.pay.noneast", v);
    before = c->page->n;
    h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, s, 0);
    free(s);
    /* tag the total (the last run of the line) for the tests */
    last = c->page->n > before ? &c->page->items[c->page->n - 1] : NULL;
    if (tag && last && last->kind == TENSU_ITEM_TEXT)
        item_set_tag(last, "%s.pay", tag);
    json_decref(v);
    return h;
}

static double hand_title(sheet_ctx *c, int seat, int round, const char *extra, double x,
                         double y, double width, double size)
{
    json_t *v = json_object();
    char key[64], *s;
    double h;
    snprintf(key, sizeof key, "cl.wind.%s", wind_codes[seat]);
    var_set(v, "seat", "%s", cat_str(c, key));
    snprintf(key, sizeof key, "cl.round.%s", wind_codes[round]);
    var_set(v, "round", "%s", cat_str(c, key));
    var_set(v, "extra", "%s", extra);
    s = cat_expand(c, extra && *extra ? "cl.ex.title" : "cl.ex.title.plain", v);
    h = flow_text(c, x, y, width, size, TENSU_FONT_BOLD, 0, s, 0);
    free(s);
    json_decref(v);
    return h;
}

/* The sentence before the examples ("intro": KEY), made from the examples
 * drawn under these rules: who wins with how many basic points ("East with
 * 28 basic points (3 hands) and West with 30 basic points"). */
static double examples_intro(sheet_ctx *c, json_t *b, double x, double y, double width,
                             double size)
{
    const char *key = json_string_value(json_object_get(b, "intro"));
    json_t *items = json_object_get(b, "items"), *e, *v;
    int seat[16], basic[16], count[16], ng = 0, shown = 0;
    char hands[512], k2[128], *s;
    size_t i, len = 0;
    double h;
    if (key == NULL)
        return 0;
    json_array_foreach(items, i, e) {
        int w = wind_parse(json_string_value(json_object_get(e, "seat")));
        int pts = (int)num(e, "basic", 0);
        if (!when_ok(c, e))
            continue;
        shown++;
        if (ng > 0 && seat[ng - 1] == w && basic[ng - 1] == pts) {
            count[ng - 1]++;
        } else if (ng < 16) {
            seat[ng] = w < 0 ? 0 : w;
            basic[ng] = pts;
            count[ng++] = 1;
        }
    }
    if (shown == 0) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: classical-examples: an intro with no example "
                 "under these rules", c->tmpl.path, json_file_line(&c->tmpl, "intro"));
        return 0;
    }
    hands[0] = '\0';
    for (int g = 0; g < ng; g++) {
        v = json_object();
        snprintf(k2, sizeof k2, "cl.wind.%s", wind_codes[seat[g]]);
        var_set(v, "seat", "%s", cat_str(c, k2));
        var_amount(c, v, "basic", basic[g]);
        var_set(v, "n", "%d", count[g]);
        s = cat_expand(c, count[g] > 1 ? "cl.ex.who.n" : "cl.ex.who", v);
        len += (size_t)snprintf(hands + len, sizeof hands - len, "%s%s",
                                g == 0            ? ""
                                : g == ng - 1     ? cat_str(c, "cl.ex.who.and")
                                                  : cat_str(c, "fmt.list.sep"),
                                s);
        if (len >= sizeof hands)
            len = sizeof hands - 1;
        free(s);
        json_decref(v);
    }
    v = json_object();
    var_set(v, "hands", "%s", hands);
    s = cat_expand(c, key, v);
    h = flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, 0, s, 0);
    free(s);
    json_decref(v);
    return h + 2 * c->scale;
}

/* One more term of a sum of doubles (key: "2 doubles for the hand", "1 for
 * the seat"), when there are k; parts holds pl bytes.  Returns its length. */
static size_t add_doubles(sheet_ctx *c, json_t *v, char *parts, size_t size, size_t pl,
                          const char *key, int k)
{
    char *s;
    if (k <= 0 || pl >= size)
        return pl;
    var_set(v, "k", "%d", k);
    s = cat_expand(c, key, v);
    pl += (size_t)snprintf(parts + pl, size - pl, "%s%s", pl ? " + " : "", s);
    free(s);
    return pl;
}

/* Hands with bonus tiles, scored by tensu_classical_score:
 * "intro": KEY (see examples_intro),
 * "items": [{"basic": 28, "doubles": 0, "seat": "E", "round": "S",
 *            "bonus": ["orchid"], "tag": "orchid"}] */
double block_classical_examples(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *items = json_object_get(b, "items"), *e;
    double size = num(b, "size", 8.5), h = 0, ind = 8 * c->scale;
    size_t i;
    if (!need_table(c, "classical-examples"))
        return 0;
    h += examples_intro(c, b, x, y, width, size);
    json_array_foreach(items, i, e) {
        tensu_classical_hand hand;
        tensu_classical_payment p;
        tensu_error err;
        json_t *bonus = json_object_get(e, "bonus"), *bt, *v;
        const char *tag = json_string_value(json_object_get(e, "tag"));
        char names[512], *s;
        size_t k, len = 0;
        if (!when_ok(c, e))
            continue;
        memset(&hand, 0, sizeof hand);
        hand.basic = (int)num(e, "basic", 0);
        hand.doubles = (int)num(e, "doubles", 0);
        hand.seat = wind_parse(json_string_value(json_object_get(e, "seat")));
        hand.round = wind_parse(json_string_value(json_object_get(e, "round")));
        names[0] = '\0';
        json_array_foreach(bonus, k, bt) {
            int tile = tensu_bonus_tile_parse(json_string_value(bt) ? json_string_value(bt) : "");
            char key[64];
            if (tile < 0 || hand.nbonus >= TENSU_BONUS_TILES) {
                ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: unknown bonus tile in an example",
                         c->tmpl.path, json_file_line(&c->tmpl, "classical-examples"));
                return h;
            }
            hand.bonus[hand.nbonus++] = tile;
            snprintf(key, sizeof key, "cl.tile.%s", tensu_bonus_tile_name(tile));
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
                                    k ? cat_str(c, "fmt.list.sep") : "", cat_str(c, key));
            if (len >= sizeof names)
                len = sizeof names - 1;
        }
        if (hand.seat < 0 || hand.round < 0 ||
            tensu_classical_score(c->rules, &hand, &p, &err) != TENSU_OK) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: a classical example cannot be scored%s%s",
                     c->tmpl.path, json_file_line(&c->tmpl, "classical-examples"),
                     hand.seat < 0 || hand.round < 0 ? " (seat and round: E, S, W, N)" : ": ",
                     hand.seat < 0 || hand.round < 0 ? "" : err.message);
            return h;
        }
        v = json_object();
        var_set(v, "n", "%d", hand.nbonus);
        var_set(v, "names", "%s", names);
        var_amount(c, v, "basic", hand.basic);
        s = cat_expand(c, hand.nbonus ? "cl.ex.extra.bonus" : "cl.ex.extra", v);
        h += hand_title(c, hand.seat, hand.round, s, x, y + h, width, size);
        free(s);
        /* the bonus tiles: points, then the doubles they give */
        if (hand.nbonus > 0) {
            char parts[256], key[64];
            size_t pl = 0;
            parts[0] = '\0';
            var_amount(c, v, "bonus", p.bonus_points);
            var_amount(c, v, "sum", p.basic);
            var_set(v, "hand_doubles", "%d", hand.doubles);
            var_set(v, "doubles", "%d", p.doubles);
            pl = add_doubles(c, v, parts, sizeof parts, pl, "cl.ex.double.hand", hand.doubles);
            pl = add_doubles(c, v, parts, sizeof parts, pl, "cl.ex.double.seat", p.seat_doubles);
            pl = add_doubles(c, v, parts, sizeof parts, pl, "cl.ex.double.round",
                             p.round_doubles);
            var_set(v, "parts", "%s", parts);
            /* flower-points=0: no "28 + 0 = 28" */
            snprintf(key, sizeof key, "cl.ex.bonus%s%s", p.bonus_points > 0 ? "" : ".nopoints",
                     p.seat_doubles + p.round_doubles > 0 ? "" : ".nodouble");
            s = cat_expand(c, key, v);
            h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, s, 0);
            free(s);
        }
        h += payment_lines(c, &p, x + ind, y + h, width - ind, size, tag);
        h += 3 * c->scale;
        json_decref(v);
    }
    return h + num(b, "after", 2) * c->scale;
}

/* A hand counted from the core's summary: "parts": [{"item": "mahjong"},
 * {"item": "pung_terminal_honour", "concealed": true, "text": KEY}, ...];
 * an item that gives doubles counts its doubles, the others their basic
 * points. */
double block_classical_count(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *parts = json_object_get(b, "parts"), *part;
    const char *title = json_string_value(json_object_get(b, "title"));
    const char *tag = json_string_value(json_object_get(b, "tag"));
    int seat = wind_parse(json_string_value(json_object_get(b, "seat")));
    int round = wind_parse(json_string_value(json_object_get(b, "round")));
    double size = num(b, "size", 8.5), s = size * c->scale, lh = s * 1.3, h = 0,
           ind = 8 * c->scale;
    int basic = 0, doubles = 0;
    size_t i;
    tensu_classical_payment p;
    tensu_error err;
    char buf[64], *t;
    if (!need_table(c, "classical-count"))
        return 0;
    if (seat < 0 || round < 0) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: classical-count needs \"seat\" and \"round\" "
                 "(E, S, W, N)", c->tmpl.path, json_file_line(&c->tmpl, "classical-count"));
        return 0;
    }
    if (title) {
        t = cat_expand(c, title, NULL);
        h += flow_text(c, x, y, width, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
    }
    h += hand_title(c, seat, round, "", x, y + h, width, size);
    json_array_foreach(parts, i, part) {
        const char *id = json_string_value(json_object_get(part, "item"));
        const char *key = json_string_value(json_object_get(part, "text"));
        bool concealed = json_is_true(json_object_get(part, "concealed"));
        const tensu_classical_item *it = NULL;
        int pts;
        for (size_t k = 0; id && k < tensu_classical_item_count(); k++)
            if (strcmp(tensu_classical_item_at(k)->id, id) == 0)
                it = tensu_classical_item_at(k);
        if (it == NULL) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: classical-count: unknown item \"%s\"",
                     c->tmpl.path, json_file_line(&c->tmpl, id ? id : "classical-count"),
                     id ? id : "");
            return h;
        }
        if (it->doubles > 0) {
            json_t *v = json_object();
            doubles += it->doubles;
            var_set(v, "n", "%d", it->doubles);
            t = cat_expand(c, "cl.fmt.doubles", v);
            snprintf(buf, sizeof buf, "%s", t);
            free(t);
            json_decref(v);
        } else {
            pts = strcmp(it->id, "mahjong") == 0      ? c->rules->mahjong_points
                  : strcmp(it->id, "bonus_tile") == 0 ? c->rules->flower_points
                  : concealed && it->concealed > 0    ? it->concealed
                                                      : it->exposed;
            basic += pts;
            snprintf(buf, sizeof buf, "%s%d", i ? "+" : "", pts);
        }
        {
            char ikey[64];
            snprintf(ikey, sizeof ikey, "cl.item.%s", it->id);
            t = cat_expand(c, key ? key : ikey, NULL);
        }
        put_text(c, x + ind, y + h + s * 0.93, width * 0.72 - ind, 'l', TENSU_FONT_REGULAR, s, 0,
                 t);
        put_text(c, x + width * 0.72, y + h + s * 0.93, width * 0.26, 'r', TENSU_FONT_REGULAR, s,
                 0, buf);
        free(t);
        h += lh;
    }
    page_line(c->page, x + width * 0.72, y + h + 1, x + width * 0.98, y + h + 1, 0.5 * c->scale,
              0);
    h += 2 * c->scale;
    if (tensu_classical_pay(c->rules, basic, doubles, seat == 0, &p, &err) != TENSU_OK) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: classical-count: %s", c->tmpl.path,
                 json_file_line(&c->tmpl, "classical-count"), err.message);
        return h;
    }
    h += payment_lines(c, &p, x + ind, y + h, width - ind, size, tag);
    return h + num(b, "after", 4) * c->scale;
}
