/* The cells of a table read into the chart (table.h): each cell's words
 * as one text (its lines, the parts that stand apart), read by the core's
 * cell grammar, each amount put in the payment its table, row and column
 * say, at the place of its word.  What cannot be read is noted at its
 * place; a line of amounts that no table took is noted too. */
#include "table.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int read_row_of(const table *t, const rword *w)
{
    /* the rows are in order, their bands one after the other */
    int lo = 0, hi = t->nrows;
    if (w->region != t->region)
        return -1;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (t->row[mid].y2 <= w->cy)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int r = lo; r < t->nrows && t->row[r].y1 <= w->cy; r++)
        if (w->cy >= t->row[r].y1 && w->cy < t->row[r].y2)
            return r;
    /* bands that overlap: the ones before */
    for (int r = lo - 1; r >= 0 && r >= lo - 2; r--)
        if (w->cy >= t->row[r].y1 && w->cy < t->row[r].y2)
            return r;
    return -1;
}

/* ------------------------------------------------------------------ */
/* A cell's text                                                       */
/* ------------------------------------------------------------------ */

#define CELL_WORDS 64

static const rword *sort_w;

static int by_line_x(const void *a, const void *b)
{
    const rword *x = &sort_w[*(const int *)a], *y = &sort_w[*(const int *)b];
    if (x->cy != y->cy)
        return x->cy < y->cy ? -1 : 1;
    return x->x1 < y->x1 ? -1 : x->x1 > y->x1;
}

/* The value words of row r (indexes into p->w), by line then left to
 * right: those in its band, right of the labels, in the table. */
static int row_words(const page_words *p, const table *t, int r, int *idx, int max)
{
    int n = 0, from, to;
    read_slice(p, t->region, t->row[r].y1, t->row[r].y2, &from, &to);
    for (int i = from; i < to && n < max; i++) {
        const rword *w = &p->w[i];
        if (w->region != t->region || w->cy < t->row[r].y1 || w->cy >= t->row[r].y2 ||
            w->cx < t->label_x2 || w->cx >= t->x2 || w->owner < 0 || w->label ||
            (w->owner > 0 && w->owner != t->number))
            continue;
        idx[n++] = i;
    }
    sort_w = p->w;
    qsort(idx, (size_t)n, sizeof *idx, by_line_x);
    return n;
}

/* The lines of a row's words, by their tops (row_lines). */
static int row_lines_of(const page_words *p, const int *idx, int n, int *line_of, int max)
{
    double top[8], bot[8];
    int nl = 0;
    for (int k = 0; k < n; k++) {
        const rword *w = &p->w[idx[k]];
        double best = 1e300;
        if (nl > 0) {
            double over = (w->y2 < bot[nl - 1] ? w->y2 : bot[nl - 1]) -
                          (w->y1 > top[nl - 1] ? w->y1 : top[nl - 1]);
            double h = w->h < bot[nl - 1] - top[nl - 1] ? w->h : bot[nl - 1] - top[nl - 1];
            if (over >= 0.5 * h) {
                /* the line keeps its first word's extent: a word centred
                 * between two lines (a one-line cell beside two-line ones)
                 * does not join them */
                line_of[k] = nl - 1;
                continue;
            }
        }
        if (nl < max) {
            top[nl] = w->y1;
            bot[nl] = w->y2;
            line_of[k] = nl++;
            continue;
        }
        /* more lines than kept: the nearest */
        line_of[k] = 0;
        for (int l = 0; l < nl; l++) {
            double d = fabs(w->cy - (top[l] + bot[l]) / 2);
            if (d < best)
                best = d, line_of[k] = l;
        }
    }
    return nl;
}

/* The lines of a row's words (its ron line, its tsumo line), top to
 * bottom: each word's line into line_of, and the words put in order of
 * their lines, then left to right (a dash drawn lower than the digits
 * beside it comes before them); returns how many. */
static int row_lines(const page_words *p, int *idx, int n, int *line_of, int max)
{
    int nl = row_lines_of(p, idx, n, line_of, max);
    for (int k = 1; k < n; k++) {
        int i = idx[k], l = line_of[k], j = k - 1;
        while (j >= 0 && (line_of[j] > l || (line_of[j] == l && p->w[idx[j]].x1 > p->w[i].x1))) {
            idx[j + 1] = idx[j];
            line_of[j + 1] = line_of[j];
            j--;
        }
        idx[j + 1] = i;
        line_of[j + 1] = l;
    }
    return nl;
}

/* Append s to buf (at *k), its bytes mapped to word. */
static void put_text(char *buf, size_t size, size_t *k, int *map, const char *s, int word)
{
    for (; *s && *k + 1 < size; s++) {
        if (map != NULL)
            map[*k] = word;
        buf[(*k)++] = *s;
    }
    buf[*k] = '\0';
}

/* The text of the words idx[j] of a row whose pick[j] is set: its lines
 * by '\n' (a cell that has only the row's last line, its tsumo under a
 * ron left blank, starts with a blank line), words apart by '\t'. */
static bool build_text(const page_words *p, const int *idx, const int *line_of, const bool *pick,
                       int n, int nl, char *buf, size_t size, int *map)
{
    int first = -1, last = -1;
    size_t k = 0;
    buf[0] = '\0';
    for (int j = 0; j < n; j++)
        if (pick[j]) {
            if (first < 0 || line_of[j] < first)
                first = line_of[j];
            if (line_of[j] > last)
                last = line_of[j];
        }
    if (first < 0)
        return false;
    if (nl >= 2 && first == nl - 1)
        put_text(buf, size, &k, map, "\n", idx[0]);
    for (int l = first; l <= last; l++) {
        double x = -1e300, h = 0;
        int prev = -1;
        for (int j = 0; j < n; j++) {
            const rword *w = &p->w[idx[j]];
            if (!pick[j] || line_of[j] != l)
                continue;
            if (prev < 0 && l > first)
                put_text(buf, size, &k, map, "\n", idx[j]);
            if (prev >= 0) {
                bool apart = (w->w->cell > 0 && p->w[prev].w->cell > 0 &&
                              w->w->cell != p->w[prev].w->cell) ||
                             w->x1 - x > 0.8 * (h > w->h ? h : w->h);
                put_text(buf, size, &k, map, apart ? "\t" : " ", idx[j]);
            }
            put_text(buf, size, &k, map, w->w->text, idx[j]);
            if (w->x2 > x)
                x = w->x2;
            h = w->h;
            prev = idx[j];
        }
    }
    return true;
}

#define ROW_WORDS 256

bool read_cell_text(const page_words *p, const table *t, int r, double x1, double x2, char *buf,
                    size_t size, int *map)
{
    int idx[ROW_WORDS], line_of[ROW_WORDS], n, nl;
    bool pick[ROW_WORDS];
    n = row_words(p, t, r, idx, ROW_WORDS);
    nl = row_lines(p, idx, n, line_of, 8);
    for (int j = 0; j < n; j++)
        pick[j] = p->w[idx[j]].cx >= x1 && p->w[idx[j]].cx < x2;
    return build_text(p, idx, line_of, pick, n, nl, buf, size, map);
}

/* Does a word start a new cell after the word before on its line: a
 * group's end, ')' or ']', then an amount or a mark ("2,000 (500/1,000)
 * 3,900": cells set close on a typed line), not a second group ("(300)
 * (500)")? */
static bool starts_cell(const char *prev, const char *cur)
{
    size_t n = strlen(prev);
    while (n > 0 && prev[n - 1] == '*')
        n--;
    return n > 0 && (prev[n - 1] == ')' || prev[n - 1] == ']') && cur[0] != '(' && cur[0] != '[';
}

/* The cells of row r: each value column's text and map.  A line of the
 * row whose cells, standing apart, are as many as the columns gives them
 * in order (a typed table whose columns do not line up); else each word
 * goes to the column under which it stands. */
typedef struct row_cells {
    char text[MAX_COLS][512];
    int map[MAX_COLS][512];
    bool has[MAX_COLS];
} row_cells;

static void cells_of_row(const page_words *p, const table *t, int r, row_cells *rc)
{
    int idx[ROW_WORDS], line_of[ROW_WORDS], col_of[ROW_WORDS], n, nl, nvalue = 0;
    int value[MAX_COLS];
    bool pick[ROW_WORDS];
    n = row_words(p, t, r, idx, ROW_WORDS);
    nl = row_lines(p, idx, n, line_of, 8);
    for (int c = 0; c < t->ncols; c++)
        if (t->col[c].role == C_VALUE)
            value[nvalue++] = c;
    for (int j = 0; j < n; j++) {
        const rword *w = &p->w[idx[j]];
        col_of[j] = -1;
        for (int c = 0; c < t->ncols; c++)
            if (w->cx >= t->col[c].x1 && w->cx < t->col[c].x2)
                col_of[j] = c;
    }
    if (t->kind == K_GRID)
        for (int l = 0; l < nl; l++) {
            /* the line's cells, as they stand apart */
            int seg[ROW_WORDS], nseg = 0, prev = -1;
            double x2 = 0;
            for (int j = 0; j < n; j++) {
                const rword *w = &p->w[idx[j]];
                if (line_of[j] != l)
                    continue;
                if (prev < 0) {
                    seg[j] = nseg++;
                } else {
                    const rword *v = &p->w[idx[prev]];
                    bool apart = (w->w->cell > 0 && v->w->cell > 0 && w->w->cell != v->w->cell) ||
                                 w->x1 - x2 > 0.8 * (w->h > v->h ? w->h : v->h) ||
                                 starts_cell(v->w->text, w->w->text);
                    seg[j] = apart ? nseg++ : seg[prev];
                }
                if (prev < 0 || w->x2 > x2)
                    x2 = w->x2;
                prev = j;
            }
            if (nseg == nvalue && nseg > 1) {
                /* as many as the columns, and in their order under them
                 * give or take a column: in order */
                bool near = true;
                for (int j = 0; j < n; j++)
                    if (line_of[j] == l && col_of[j] >= 0) {
                        int want = value[seg[j]];
                        near = near && abs(col_of[j] - want) <= 1;
                        /* not into a column whose cell stands level with
                         * it on a line of its own (a dash set lower than
                         * the amounts: "—" beside "10 600") */
                        for (int k = 0; k < n && near && want != col_of[j]; k++) {
                            const rword *u = &p->w[idx[k]], *v = &p->w[idx[j]];
                            double over = fmin(u->y2, v->y2) - fmax(u->y1, v->y1);
                            near = line_of[k] == l || col_of[k] != want ||
                                   over < 0.25 * fmin(u->h, v->h);
                        }
                    }
                if (near)
                    for (int j = 0; j < n; j++)
                        if (line_of[j] == l)
                            col_of[j] = value[seg[j]];
            }
        }
    for (int c = 0; c < t->ncols; c++) {
        for (int j = 0; j < n; j++)
            pick[j] = col_of[j] == c;
        rc->has[c] = build_text(p, idx, line_of, pick, n, nl, rc->text[c], sizeof rc->text[c],
                                rc->map[c]);
    }
}

/* The words of a cell's text as read (put, or noted as unreadable). */
static void used_words(page_words *p, const char *text, const int *map)
{
    for (size_t i = 0; text[i]; i++)
        if (map[i] >= 0)
            p->w[map[i]].used = true;
}

/* Mark the words of the cell as read by the table. */
static void take(page_words *p, const table *t, int r, double x1, double x2)
{
    int from, to;
    read_slice(p, t->region, t->row[r].y1, t->row[r].y2, &from, &to);
    for (int i = from; i < to; i++) {
        rword *w = &p->w[i];
        if (w->region == t->region && w->cy >= t->row[r].y1 && w->cy < t->row[r].y2 &&
            w->cx >= x1 && w->cx < x2 && w->owner == 0)
            w->owner = t->number;
    }
}

/* ------------------------------------------------------------------ */
/* Notes and places                                                    */
/* ------------------------------------------------------------------ */

/* A place from a word: its page, its box. */
static void place_of(const rword *w, tensu_place *pl)
{
    memset(pl, 0, sizeof *pl);
    pl->page = w->w->page;
    pl->x1 = w->w->x1;
    pl->y1 = w->w->y1;
    pl->x2 = w->w->x2;
    pl->y2 = w->w->y2;
}

/* The text for a message: at most 40 bytes, whole UTF-8 characters kept,
 * control characters as '?', lines and parts of a cell as spaces. */
static void excerpt(const char *t, char *buf, size_t size)
{
    size_t k = 0, i = 0, n = strlen(t);
    while (i < n && (t[i] == '\n' || t[i] == '\t' || t[i] == ' '))
        i++;
    while (i < n && i < 40 && k + 5 < size) {
        unsigned char c = (unsigned char)t[i];
        size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
                                 : (c & 0xF8) == 0xF0 ? 4 : 0;
        bool ok = len > 0 && i + len <= n && c != 127;
        for (size_t j = 1; ok && j < len; j++)
            ok = ((unsigned char)t[i + j] & 0xC0) == 0x80;
        if (c == '\n' || c == '\t') {
            if (k > 0 && buf[k - 1] != ' ')
                buf[k++] = ' ';
            i++;
            continue;
        }
        if (!ok || (len == 1 && c < 32)) {
            buf[k++] = '?';
            i++;
            continue;
        }
        memcpy(buf + k, t + i, len);
        k += len;
        i += len;
    }
    while (k > 0 && buf[k - 1] == ' ')
        k--;
    if (i < n && k + 4 <= size) {
        memcpy(buf + k, "...", 3);
        k += 3;
    }
    buf[k] = '\0';
}

tensu_status read_note_at(reading *R, bool error, bool inferred, int word, int tnum, int cells,
                     const char *text, const char *why)
{
    tensu_chart_note n;
    memset(&n, 0, sizeof n);
    n.error = error;
    n.inferred = inferred;
    n.cells = cells;
    n.table = tnum;
    if (word >= 0) {
        const rword *w = &R->page->w[word];
        n.line = w->w->line;
        n.column = w->w->column;
        place_of(w, &n.place);
        if (w->w->field > 0) {
            n.place.row = w->w->line;
            n.place.col = w->w->field;
        }
    }
    excerpt(text, n.text, sizeof n.text);
    snprintf(n.why, sizeof n.why, "%s", why);
    return tensu_chart_note_add(R->chart, &n, R->err);
}

/* ------------------------------------------------------------------ */
/* Putting amounts                                                     */
/* ------------------------------------------------------------------ */

/* A cell of the chart being put: its key and its place. */
typedef struct at {
    int han, fu;
    tensu_limit limit;
    int yakuman;
    int table, row, col;
    const int *map;   /* the cell text's bytes' words */
    const char *text; /* the cell's text */
    double x1, y1, x2, y2;
} at;

static tensu_status put(reading *R, const at *a, tensu_chart_pay pay, const tensu_cell_amount *m,
                        bool empty)
{
    tensu_chart_cell c;
    const rword *w = NULL;
    memset(&c, 0, sizeof c);
    c.han = a->han;
    c.fu = a->fu;
    c.limit = a->limit;
    c.yakuman = a->yakuman;
    c.pay = pay;
    c.empty = empty || m->empty;
    c.value = c.empty ? 0 : m->value;
    c.mark = m->mark;
    c.table = a->table;
    if (a->map != NULL && a->map[m->at] >= 0)
        w = &R->page->w[a->map[m->at]];
    if (w != NULL) {
        size_t off = 0;
        /* the amount's column: its word's, and where in the word it starts */
        for (size_t i = m->at; i > 0 && a->map[i - 1] == a->map[m->at] &&
                               (a->text == NULL || (a->text[i - 1] != '\n' &&
                                                    a->text[i - 1] != '\t' && a->text[i - 1] != ' '));
             i--)
            off++;
        c.line = w->w->line;
        c.column = w->w->column > 0
                       ? w->w->column + (tensu_words_places(R->words) == TENSU_PLACES_TEXT ||
                                                 tensu_words_places(R->words) == TENSU_PLACES_CSV
                                             ? (int)off
                                             : 0)
                       : 0;
        c.place.page = w->w->page;
    }
    c.place.row = a->row;
    c.place.col = a->col;
    if (w != NULL && w->w->field > 0) {
        /* a spreadsheet's cell: its line and its field ("D33") */
        c.place.row = w->w->line;
        c.place.col = w->w->field;
    }
    c.place.x1 = a->x1;
    c.place.y1 = a->y1;
    c.place.x2 = a->x2;
    c.place.y2 = a->y2;
    return tensu_chart_add(R->chart, &c, R->err);
}

/* Remember that the cell just to be put is "X (shares)": read_settle_cells
 * decides whether X is a ron or the tsumo's total. */
static tensu_status pair(reading *R)
{
    if (R->npairs == R->pairs_cap) {
        size_t cap = R->pairs_cap ? R->pairs_cap * 2 : 64;
        size_t *p = realloc(R->pairs, cap * sizeof *p);
        if (p == NULL)
            return tensu_fail_at(R->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
        R->pairs = p;
        R->pairs_cap = cap;
    }
    R->pairs[R->npairs++] = tensu_chart_count(R->chart);
    return TENSU_OK;
}

/* The tsumo shares of a cell: a non-dealer's two (each non-dealer's, then
 * the dealer's, unless the chart writes the dealer's first), the dealer's
 * one.  An empty mark: both empty. */
static tensu_status put_shares(reading *R, const at *a, bool dealer, const tensu_cell_text *c)
{
    tensu_status s;
    if (c->shares == 1 && c->share[0].empty) {
        if (dealer)
            return put(R, a, TENSU_CHART_DEALER_TSUMO_EACH, &c->share[0], true);
        s = put(R, a, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, &c->share[0], true);
        return s == TENSU_OK ? put(R, a, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, &c->share[0], true)
                             : s;
    }
    if (dealer)
        return put(R, a, TENSU_CHART_DEALER_TSUMO_EACH, &c->share[0], false);
    {
        int nd = R->dealer_share_first ? 1 : 0, d = 1 - nd;
        s = put(R, a, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, &c->share[nd], false);
        return s == TENSU_OK ? put(R, a, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, &c->share[d], false)
                             : s;
    }
}

/* A cell that could not be read, noted at its place: the byte where its
 * text stops being a cell (bad, 1-based; 0: its start), the cell's box,
 * its row and column in the table. */
static tensu_status note_cell(reading *R, const table *t, const at *a, const char *text,
                              const int *map, size_t bad, const char *why)
{
    size_t n = strlen(text), i = bad > 0 ? bad - 1 : 0, start;
    int word;
    tensu_status s;
    tensu_chart_note *nt;
    if (n == 0)
        return TENSU_OK;
    if (i >= n)
        i = n - 1; /* the end of the cell: its last character */
    while (i > 0 && (text[i] == '\n' || text[i] == '\t' || text[i] == ' '))
        i--;
    word = map[i];
    for (start = i; start > 0 && map[start - 1] == word && text[start - 1] != '\n' &&
                    text[start - 1] != '\t' && text[start - 1] != ' ';
         start--)
        ;
    s = read_note_at(R, true, false, word, t->number, 1, text, why);
    if (s != TENSU_OK)
        return s;
    nt = (tensu_chart_note *)tensu_chart_note_at(R->chart, tensu_chart_note_count(R->chart) - 1);
    if ((tensu_words_places(R->words) == TENSU_PLACES_TEXT ||
         tensu_words_places(R->words) == TENSU_PLACES_CSV) &&
        nt->column > 0)
        nt->column += (int)(bad > 0 && bad - 1 >= n ? n - start : i - start);
    if (word < 0 || R->page->w[word].w->field == 0) {
        nt->place.row = a->row;
        nt->place.col = a->col;
    }
    nt->place.x1 = a->x1, nt->place.y1 = a->y1, nt->place.x2 = a->x2, nt->place.y2 = a->y2;
    return TENSU_OK;
}

static tensu_status put_cell(reading *R, const at *a, bool dealer, unsigned kind,
                             const tensu_cell_text *c, char *why, size_t wsize);

/* A cell on two lines (a ron over its tsumo) that does not read whole:
 * each line by itself, what reads put, the rest noted at its place.
 * False (nothing done) when neither line reads by itself. */
static bool split_cell(reading *R, const table *t, const at *a, bool dealer, unsigned kind,
                       const char *text, const int *map, tensu_status *s)
{
    const char *nl = strchr(text, '\n');
    size_t first_len, n = strlen(text);
    tensu_cell_text one, two;
    size_t bad1, bad2;
    char part[512];
    bool ok1, ok2;
    if (nl == NULL || nl == text)
        return false;
    first_len = (size_t)(nl - text);
    memcpy(part, text, first_len);
    part[first_len] = '\0';
    bad1 = tensu_cell_parse(part, first_len, &one);
    bad2 = tensu_cell_parse(nl, n - first_len, &two);
    ok1 = bad1 == 0 && (one.empty || (one.has_first && one.shares == 0));
    ok2 = bad2 == 0 && !two.has_first && (two.empty || two.shares == (dealer ? 1 : 2) ||
                                           (two.shares == 1 && two.share[0].empty));
    if (!ok1 && !ok2)
        return false;
    kind &= P_RON | P_TSUMO;
    if (ok1) {
        tensu_cell_amount e = {0, true, TENSU_MARK_NONE, 0};
        tensu_chart_pay first = kind == P_TSUMO ? (dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL
                                                          : TENSU_CHART_NONDEALER_TSUMO_TOTAL)
                                                : (dealer ? TENSU_CHART_DEALER_RON
                                                          : TENSU_CHART_NONDEALER_RON);
        *s = put(R, a, first, one.empty ? &e : &one.first, one.empty);
    } else {
        *s = note_cell(R, t, a, part, map, bad1 ? bad1 : 1,
                       kind == P_TSUMO ? "expected the tsumo's total, as 1100"
                                       : "expected the ron amount, as 7700, or a mark such as -");
    }
    if (*s != TENSU_OK)
        return true;
    if (ok2) {
        at b = *a;
        b.map = map + first_len;
        b.text = nl;
        if (two.empty) {
            two.shares = 1;
            two.share[0] = (tensu_cell_amount){0, true, TENSU_MARK_NONE, 0};
        }
        *s = put_shares(R, &b, dealer, &two);
    } else {
        /* the shares' line, noted where it starts */
        at b = *a;
        const char *start = nl;
        while (*start == '\n')
            start++;
        *s = note_cell(R, t, &b, start, map + (start - text), 1,
                       dealer ? "expected one tsumo amount for the dealer (each payer's share, "
                                "as 500 all)"
                              : "expected two tsumo amounts for a non-dealer (each non-dealer/"
                                "dealer, as 300/500)");
    }
    return true;
}

/* What a cell of a table that gives the ron and the tsumo (kind 0), only
 * the ron (P_RON) or only the tsumo (P_TSUMO) says, for a non-dealer or the
 * dealer.  An error's why into why; TENSU_OK with why[0] set when the cell
 * is not one. */
static tensu_status put_cell(reading *R, const at *a, bool dealer, unsigned kind,
                             const tensu_cell_text *c, char *why, size_t wsize)
{
    tensu_status s = TENSU_OK;
    tensu_chart_pay ron = dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON;
    tensu_chart_pay total = dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL : TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    int want = dealer ? 1 : 2;
    bool totals = (kind & P_TOTAL) != 0; /* a table of tsumo that gives their totals */
    kind &= P_RON | P_TSUMO;
    why[0] = '\0';
    if (c->empty) {
        tensu_cell_amount e = {0, true, TENSU_MARK_NONE, 0};
        tensu_cell_text ce = *c;
        ce.shares = 1;
        ce.share[0] = e;
        if (kind != P_TSUMO || totals)
            s = put(R, a, kind == P_TSUMO ? total : ron, &e, true);
        if (s == TENSU_OK && kind != P_RON)
            s = put_shares(R, a, dealer, &ce);
        return s;
    }
    if (kind == P_TSUMO && !dealer && c->has_first && !c->first.empty && c->shares == 1 &&
        c->below && !c->grouped && !c->all) {
        /* a table of a non-dealer's tsumo: its two shares one over the other
         * ("Top: each non-dealer; bottom: the dealer") */
        tensu_cell_text two = *c;
        two.has_first = false;
        two.shares = 2;
        two.share[0] = c->first;
        two.share[1] = c->share[0];
        return put_shares(R, a, false, &two);
    }
    if (c->shares > 0 && !c->share[0].empty && c->shares != want && !(dealer && c->all)) {
        snprintf(why, wsize,
                 dealer ? "expected one tsumo amount for the dealer (each payer's share, as "
                          "500 all)"
                        : "expected two tsumo amounts for a non-dealer (each non-dealer/dealer, "
                          "as 300/500)");
        return TENSU_OK;
    }
    if (c->all && !dealer) {
        snprintf(why, wsize, "'all' after a non-dealer's tsumo: expected two amounts, as 300/500");
        return TENSU_OK;
    }
    if (kind == P_RON) {
        if (c->shares > 0 || !c->has_first) {
            snprintf(why, wsize, "expected the ron amount, as 7700 (a table of rons)");
            return TENSU_OK;
        }
        return put(R, a, ron, &c->first, false);
    }
    if (kind == P_TSUMO) {
        if (c->has_first && c->shares > 0)
            s = put(R, a, total, &c->first, false);
        else if (c->has_first && dealer && !c->first.empty) {
            /* "700": the dealer's share alone in a table of tsumo */
            tensu_cell_text one = *c;
            one.shares = 1;
            one.share[0] = c->first;
            return put_shares(R, a, true, &one);
        } else if (c->has_first) {
            snprintf(why, wsize, "expected the tsumo amounts, as 300/500 (a table of tsumo)");
            return TENSU_OK;
        }
        return s == TENSU_OK && c->shares > 0 ? put_shares(R, a, dealer, c) : s;
    }
    if (c->has_first && c->shares > 0 && !c->first.empty && !c->share[0].empty &&
        !c->has_total) {
        s = pair(R);
        if (s != TENSU_OK)
            return s;
    }
    if (c->has_first)
        s = put(R, a, ron, &c->first, false);
    if (s == TENSU_OK && c->has_total)
        s = put(R, a, total, &c->total, false);
    if (s == TENSU_OK && c->shares > 0)
        s = put_shares(R, a, dealer, c);
    return s;
}

/* The ron a side is paid at the cell of row r and column c under std (the
 * engine's: a limit row's, else its han and fu's), or -1 when the cell
 * has none (a row not read, a double yakuman row, han or fu out of the
 * tables). */
static int64_t cell_ron(const tensu_rules *std, const table *t, int r, int c, bool dealer)
{
    const trow *rw = &t->row[r];
    tensu_payment pay;
    int han = t->kind != K_GRID ? rw->han : t->by_han ? rw->han : t->col[c].han;
    int fu = t->kind != K_GRID ? rw->fu : t->by_han ? t->col[c].fu : rw->fu;
    if (rw->bad >= 0)
        return -1;
    if (rw->limit != TENSU_LIMIT_NONE)
        return rw->yakuman <= 1 && tensu_pay_limit(std, rw->limit, 1, dealer, false, 0, &pay,
                                                   NULL) == TENSU_OK
                   ? pay.ron
                   : -1;
    if (han < 1 || han > TENSU_TABLE_MAX_HAN || !tensu_fu_valid(fu) ||
        tensu_pay(std, han, fu, 0, dealer, false, 0, 0, &pay, NULL) != TENSU_OK)
        return -1;
    return pay.ron;
}

/* The side a grid table without a heading is, from its cells: a dealer's
 * tsumo is one amount, a non-dealer's two; else its rons are a dealer's
 * (1.5 times a non-dealer's) or not.  0 when they do not tell. */
static unsigned side_from_cells(reading *R, const table *t, const char **why)
{
    int one = 0, two = 0, as_nd = 0, as_d = 0;
    tensu_rules std;
    (void)R;
    tensu_rules_preset(tensu_default_preset(), &std, NULL);
    for (int r = 0; r < t->nrows; r++)
        for (int c = 0; c < t->ncols; c++) {
            char text[256];
            tensu_cell_text x;
            const trow *rw = &t->row[r];
            if (t->col[c].role != C_VALUE || rw->limit != TENSU_LIMIT_NONE || rw->bad >= 0 ||
                (t->col[c].pay & (P_ND | P_D)) ||
                !read_cell_text(R->page, t, r, t->col[c].x1, t->col[c].x2, text, sizeof text, NULL) ||
                tensu_cell_parse(text, strlen(text), &x) != 0)
                continue;
            if (x.shares > 0 && !x.share[0].empty) {
                one += x.shares == 1;
                two += x.shares == 2;
            }
            if (x.has_first && !x.first.empty && !(t->col[c].pay & P_TSUMO)) {
                int64_t nd = cell_ron(&std, t, r, c, false), d = cell_ron(&std, t, r, c, true);
                if (nd > 0 && d > 0) {
                    as_nd += x.first.value == nd;
                    as_d += x.first.value == d;
                }
            }
        }
    if (one != two) {
        *why = one > two ? "its tsumo cells hold one amount each" : "its tsumo cells hold two amounts each";
        return one > two ? P_D : P_ND;
    }
    if (as_nd != as_d) {
        *why = as_d > as_nd ? "its ron amounts are the dealer's, 1.5 times a non-dealer's"
                            : "its ron amounts are a non-dealer's";
        return as_d > as_nd ? P_D : P_ND;
    }
    return 0;
}

/* The box of the words of a cell. */
static void cell_box(const page_words *p, const table *t, int r, double x1, double x2, at *a)
{
    bool any = false;
    int from, to;
    read_slice(p, t->region, t->row[r].y1, t->row[r].y2, &from, &to);
    for (int i = from; i < to; i++) {
        const rword *w = &p->w[i];
        if (w->region != t->region || w->cy < t->row[r].y1 || w->cy >= t->row[r].y2 ||
            w->cx < x1 || w->cx >= x2 || w->label || (w->owner > 0 && w->owner != t->number))
            continue;
        if (!any || w->w->x1 < a->x1)
            a->x1 = w->w->x1;
        if (!any || w->w->y1 < a->y1)
            a->y1 = w->w->y1;
        if (!any || w->w->x2 > a->x2)
            a->x2 = w->w->x2;
        if (!any || w->w->y2 > a->y2)
            a->y2 = w->w->y2;
        any = true;
    }
}

/* The confidence under which a word is not sure (tensu_read_options). */
static float min_conf(const reading *R)
{
    return R->opt != NULL && R->opt->min_conf > 0 ? R->opt->min_conf : TENSU_OCR_SURE;
}

/* The least sure word with a digit of a cell's text (its confidence; 100
 * when all are sure, as text is).  The amounts are in those words: an
 * unsure word without a digit ("all" read "alt", a bracket) cannot make a
 * wrong amount; when it is no part of a cell, the cell does not parse. */
static float cell_conf(const reading *R, const char *text, const int *map)
{
    float least = 100;
    for (size_t i = 0; text[i]; i++) {
        const tensu_word *w;
        if (map[i] < 0)
            continue;
        w = R->page->w[map[i]].w;
        if (w->conf < least && strpbrk(w->text, "0123456789") != NULL)
            least = w->conf;
    }
    return least;
}

/* Is the text marks only, a line or a part each ("-", "- / -")? */
static bool only_marks(const char *text)
{
    size_t i = 0, n = strlen(text);
    bool any = false;
    while (i < n) {
        size_t e = i;
        while (e < n && text[e] != '\n' && text[e] != '\t' && text[e] != ' ')
            e++;
        if (e > i) {
            if (!tensu_empty_mark(text + i, e - i))
                return false;
            any = true;
        }
        i = e + 1;
    }
    return any;
}

/* A box read again (tensu_read_options.reread), given in word's region's
 * frame (in_region: a column's, a row's; a tent card's far face turned
 * back) or as it stands on the page (a cell's box, at). */
static bool ask_again(reading *R, int word, bool in_region, double x1, double y1, double x2,
                      double y2, char *got, size_t size, float *conf)
{
    const rword *w = &R->page->w[word];
    if (R->opt == NULL || R->opt->reread == NULL)
        return false;
    if (in_region)
        read_page_box(R->page, w->region, &x1, &y1, &x2, &y2);
    return R->opt->reread(R->opt->ctx, w->w->page, x1, y1, x2, y2, got, size, conf);
}

/* How many lines of text have a digit. */
static int digit_lines(const char *text)
{
    int n = 0;
    bool digit = false;
    for (;; text++) {
        if (*text == '\n' || *text == '\0') {
            n += digit;
            digit = false;
            if (*text == '\0')
                return n;
        } else if (*text >= '0' && *text <= '9') {
            digit = true;
        }
    }
}

/* Does text (n bytes) name a limit or han ("Haneman", "6-7 han"), or
 * is it a word without figures ("n" of "Haneman" cut), no mark of a
 * cell ("-", "(")? */
static bool label_word(const char *t, size_t n)
{
    tensu_label l;
    bool figures = false;
    for (size_t i = 0; i < n; i++)
        figures |= t[i] >= '0' && t[i] <= '9';
    if (!figures)
        return !tensu_empty_mark(t, n) && t[0] != '(' && t[0] != '[';
    return tensu_label_parse(t, n, &l) &&
           (l.kind == TENSU_LABEL_HAN || l.kind == TENSU_LABEL_HAN_RANGE ||
            l.kind == TENSU_LABEL_LIMIT);
}

/* A cell read again from its box, got, that took in words of a label
 * beside it ("n 12,000" of "Haneman 12,000", "6-7 han 3,000 / 6,000"):
 * each of its lines past the words before its figures that name a limit
 * or han, or have no figures. */
static void drop_label_words(char *got)
{
    for (char *g = got; *g != '\0';) {
        size_t glen = strcspn(g, "\n");
        char *from = g;
        while (from < g + glen) {
            /* the longest run of one or two words that is a label */
            size_t m1 = strcspn(from, " \n"), m2 = m1;
            if (from[m1] == ' ')
                m2 = m1 + 1 + strcspn(from + m1 + 1, " \n");
            if (m2 > m1 && label_word(from, m2))
                m1 = m2;
            else if (!label_word(from, m1))
                break;
            from += m1;
            from += strspn(from, " ");
        }
        /* only before figures ("all" under "500" is the cell's) */
        for (char *d = from; from > g && d < g + glen; d++)
            if (*d >= '0' && *d <= '9') {
                memmove(g, from, strlen(from) + 1);
                glen -= (size_t)(from - g);
                break;
            }
        g += glen;
        g += *g == '\n';
    }
}

/* The cell's lines read again one by one, each across the cell's width
 * between the top and the bottom of its words, into got: false unless
 * each reads surely. */
static bool read_lines_again(reading *R, const at *a, const char *text, const int *map,
                             char *got, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; text[i];) {
        size_t e = i, n;
        double y1 = 1e300, y2 = -1e300;
        char line[256];
        float conf = 0;
        int word = -1;
        while (text[e] && text[e] != '\n')
            e++;
        for (size_t j = i; j < e; j++)
            if (map[j] >= 0) {
                const tensu_word *w = R->page->w[map[j]].w;
                word = map[j];
                y1 = fmin(y1, w->y1);
                y2 = fmax(y2, w->y2);
            }
        i = text[e] ? e + 1 : e;
        if (word < 0)
            continue;
        if (!ask_again(R, word, false, a->x1, y1, a->x2, y2, line, sizeof line, &conf) ||
            conf < min_conf(R))
            return false;
        n = strlen(line);
        if (n == 0 || k + n + 2 > size)
            return false;
        if (k > 0)
            got[k++] = '\n';
        memcpy(got + k, line, n + 1);
        k += n;
    }
    return k > 0;
}

/* The cell's box read again (tensu_read_options.reread): true when the
 * reading is sure and reads as a cell (into *x), its text then in text,
 * every byte mapped to the cell's first word. */
static bool read_box_again(reading *R, const at *a, char *text, size_t size, int *map,
                           tensu_cell_text *x)
{
    char got[512], lines[512];
    bool whole;
    float conf = 0;
    int word = -1;
    size_t n;
    if (R->opt == NULL || R->opt->reread == NULL || a->x2 <= a->x1)
        return false;
    for (size_t i = 0; text[i] && word < 0; i++)
        word = map[i];
    if (word < 0)
        return false;
    /* the box whole; a line with figures lost there ("48,000" over a light
     * "16,000" read as "48,000" alone): line by line, else what the whole
     * box gave (its lost line perhaps read again later: reread_lost_line) */
    whole = ask_again(R, word, false, a->x1, a->y1, a->x2, a->y2, got, sizeof got, &conf) &&
            conf >= min_conf(R);
    if ((!whole || digit_lines(got) < digit_lines(text)) && digit_lines(text) >= 2 &&
        read_lines_again(R, a, text, map, lines, sizeof lines))
        memcpy(got, lines, strlen(lines) + 1);
    else if (!whole)
        return false;
    drop_label_words(got);
    if ((n = strlen(got)) + 1 > size || tensu_cell_parse(got, n, x) != 0)
        return false;
    memcpy(text, got, n + 1);
    for (size_t i = 0; i <= n; i++)
        map[i] = word;
    return true;
}

/* A cell read as one of its two lines, the other lost by the OCR (the
 * ron's above, an amount or a mark: "\n700 / 1,300", "2,600" not read;
 * the tsumo's below):
 * that line read again, between the row's edge (top, or bottom) and the
 * words read (a's box).  True when the two lines then read as a cell with
 * both (into *x), its text and box theirs. */
static bool reread_lost_line(reading *R, const tcol *c, double top, double bottom, bool above,
                             at *a, char *text, size_t size, int *map, tensu_cell_text *x)
{
    char got[512];
    float conf = 0;
    int word = -1;
    tensu_cell_text one;
    /* the lost line's place dropped ("\n700 / 1,300") */
    size_t skip = strspn(text, "\n"), n, k = strlen(text) - skip;
    double pad, x1, x2, y1, y2;
    at b = *a; /* its box in the region's frame, the column's and the row's */
    memmove(text, text + skip, k + 1);
    memmove(map, map + skip, (k + 1) * sizeof *map);
    for (size_t i = 0; text[i] && word < 0; i++)
        word = map[i];
    if (word < 0 || a->x2 <= a->x1)
        return false;
    read_page_box(R->page, R->page->w[word].region, &b.x1, &b.y1, &b.x2, &b.y2);
    /* wider than the line read (bold figures are, and an amount may have
     * a digit more: "18,000" over "6,000"), within the column */
    pad = fmax(0.3 * (b.x2 - b.x1), 1.5 * (b.y2 - b.y1));
    x1 = fmax(b.x1 - pad, c->x1), x2 = fmin(b.x2 + pad, c->x2);
    y1 = above ? top : b.y2, y2 = above ? b.y1 : bottom;
    if (y2 - y1 < 4 || !ask_again(R, word, true, x1, y1, x2, y2, got, sizeof got, &conf) ||
        conf < min_conf(R) || (n = strlen(got)) + k + 2 > size ||
        tensu_cell_parse(got, n, &one) != 0 ||
        (above ? !(one.empty || (one.has_first && one.shares == 0))
               : one.empty || !read_has_amount(got)))
        return false;
    if (above) {
        memmove(text + n + 1, text, k + 1);
        memmove(map + n + 1, map, (k + 1) * sizeof *map);
        memcpy(text, got, n);
        text[n] = '\n';
        for (size_t i = 0; i <= n; i++)
            map[i] = word;
        b.y1 = top; /* the cell's place: both lines */
    } else {
        text[k] = '\n';
        memcpy(text + k + 1, got, n + 1);
        for (size_t i = k; i <= k + 1 + n; i++)
            map[i] = word;
        b.y2 = bottom;
    }
    b.x1 = fmin(b.x1, x1);
    b.x2 = fmax(b.x2, x2);
    read_page_box(R->page, R->page->w[word].region, &b.x1, &b.y1, &b.x2, &b.y2);
    a->x1 = b.x1, a->y1 = b.y1, a->x2 = b.x2, a->y2 = b.y2;
    return tensu_cell_parse(text, strlen(text), x) == 0 && x->has_first && x->shares > 0;
}

/* A cell with a word the OCR is not sure of: read again from its box
 * (tensu_read_options.reread).  True with the new text in text (every
 * byte mapped to the cell's first word) when the second reading is sure
 * and reads as a cell; else false, and *conf the first reading's. */
static bool reread_cell(reading *R, const at *a, char *text, size_t size, int *map, float *conf)
{
    tensu_cell_text x;
    *conf = cell_conf(R, text, map);
    if (*conf >= min_conf(R)) {
        /* sure of each word, but the words make no cell ("5, 2 00"): read
         * again, taken when that reads as a cell */
        if (tensu_cell_parse(text, strlen(text), &x) != 0)
            read_box_again(R, a, text, size, map, &x);
        return true;
    }
    /* a dash the OCR is not sure of: a dash all the same (no digit hides
     * in a dash) */
    if (only_marks(text))
        return true;
    return read_box_again(R, a, text, size, map, &x);
}

/* Note a cell the OCR is not sure of: not read, not checked. */
static tensu_status note_unsure(reading *R, const table *t, const at *a, const char *text,
                                const int *map, float conf)
{
    char why[160];
    snprintf(why, sizeof why,
             "the OCR is not sure of it (confidence %d of 100, under %d), so it is not checked",
             (int)conf, (int)min_conf(R));
    return note_cell(R, t, a, text, map, 0, why);
}

/* Do the rows just above and below row r stand two rows apart, as they
 * do around a row of the table (not one apart, around a line that is no
 * row of its own: a tsumo line read as a row)?  By the labels' pitch. */
static bool row_between(const table *t, int r)
{
    double d[64], gap, pitch;
    int n = 0;
    if (r == 0 || r + 1 >= t->nrows)
        return false;
    for (int i = 0; i + 1 < t->nrows && n < 64; i++)
        d[n++] = (t->row[i + 1].ly1 + t->row[i + 1].ly2 - t->row[i].ly1 - t->row[i].ly2) / 2;
    pitch = read_median(d, n);
    gap = (t->row[r + 1].ly1 + t->row[r + 1].ly2 - t->row[r - 1].ly1 - t->row[r - 1].ly2) / 2;
    return pitch > 0 && gap >= 1.6 * pitch;
}

/* A row label out of the rows' order, no count a row can have, or
 * none read (find_tables.c, row_order, row_label, find_rows): read again from
 * its box; kept when it
 * then falls in order between its neighbours.  Else, between two rows
 * read whose counts leave one between them (60 fu and 80 fu: 70), that
 * one, noted as inferred. */
static tensu_status reread_label(reading *R, table *t, int r)
{
    trow *rw = &t->row[r];
    const rword *w = &R->page->w[rw->label];
    char got[64], msg[160];
    float conf = 0;
    tensu_label lab;
    int lo = 0, hi = 1 << 30, v = -1, between = 0;
    for (int i = r - 1; i >= 0; i--)
        if (t->row[i].bad < 0 && t->row[i].limit == TENSU_LIMIT_NONE) {
            lo = t->by_han ? t->row[i].han : t->row[i].fu;
            break;
        }
    for (int i = r + 1; i < t->nrows; i++)
        if (t->row[i].bad < 0 && t->row[i].limit == TENSU_LIMIT_NONE) {
            hi = t->by_han ? t->row[i].han : t->row[i].fu;
            break;
        }
    /* its box, and left of it the digits the OCR may have lost ("符" of
     * "80符" alone) */
    if (ask_again(R, rw->label, true, rw->bad_role == C_SKIP ? w->x1 - 2 * w->h : w->x1, w->y1,
                  w->x2, w->y2, got, sizeof got, &conf) &&
        conf >= min_conf(R) && tensu_label_parse(got, strlen(got), &lab) &&
        (lab.kind == TENSU_LABEL_NUMBER ||
         lab.kind == (t->by_han ? TENSU_LABEL_HAN : TENSU_LABEL_FU)) &&
        lab.value > lo && lab.value < hi && (t->by_han || tensu_fu_valid(lab.value))) {
        if (t->by_han)
            rw->han = lab.value;
        else
            rw->fu = lab.value;
        rw->bad = -1;
        return TENSU_OK;
    }
    /* its neighbours, the rows just above and below, read */
    if (r == 0 || r + 1 >= t->nrows || t->row[r - 1].bad >= 0 || t->row[r + 1].bad >= 0 ||
        t->row[r - 1].limit != TENSU_LIMIT_NONE || t->row[r + 1].limit != TENSU_LIMIT_NONE ||
        lo <= 0 || hi >= 1 << 30 || !row_between(t, r))
        return TENSU_OK;
    for (int k = lo + 1; k < hi; k++)
        if (t->by_han ? k <= TENSU_TABLE_MAX_HAN : tensu_fu_valid(k)) {
            v = k;
            between++;
        }
    if (between != 1)
        return TENSU_OK;
    if (t->by_han)
        rw->han = v;
    else
        rw->fu = v;
    rw->bad = -1;
    snprintf(msg, sizeof msg, "a %s label not read: read as %d, the one between the rows around it",
             t->by_han ? "han" : "fu", v);
    return read_note_at(R, false, true, rw->label, t->number, 0, w->w->text, msg);
}

/* A limits table's row whose name and han cannot be read, between two
 * limits one apart (haneman, then sanbaiman), before the second
 * (haneman) or the last after sanbaiman (the yakuman row): that limit,
 * noted as inferred. */
static tensu_status limit_between(reading *R, table *t, int r)
{
    trow *rw = &t->row[r];
    const trow *next = r + 1 < t->nrows ? &t->row[r + 1] : NULL,
               *prev = r > 0 ? &t->row[r - 1] : NULL;
    tensu_limit want;
    char msg[160];
    if (next == NULL) {
        /* the last row, after sanbaiman: the yakuman row */
        if (prev == NULL || prev->bad >= 0 || prev->limit != TENSU_LIMIT_SANBAIMAN)
            return TENSU_OK;
        want = TENSU_LIMIT_YAKUMAN;
    } else {
        if (next->bad >= 0 || next->limit == TENSU_LIMIT_NONE ||
            next->limit > TENSU_LIMIT_SANBAIMAN)
            return TENSU_OK;
        want = (tensu_limit)(next->limit - 1);
        if (want == TENSU_LIMIT_NONE ||
            (prev != NULL && (prev->bad >= 0 || prev->limit != want - 1 || !row_between(t, r))) ||
            (prev == NULL && want != TENSU_LIMIT_MANGAN))
            return TENSU_OK;
    }
    rw->limit = want;
    rw->yakuman = want == TENSU_LIMIT_YAKUMAN ? 1 : 0;
    rw->bad = -1;
    snprintf(msg, sizeof msg, "a limit's name not read: read as %s, from the rows around it",
             tensu_limit_name(want));
    return read_note_at(R, false, true, rw->label, t->number, 0, R->page->w[rw->label].w->text,
                        msg);
}

/* The shapes of column c's cells, its rows read: one amount as a ron's,
 * a tsumo's two shares, a tsumo's one share (paid by all), empty, else. */
typedef struct shapes {
    int rons, twos, ones, empty, other;
} shapes;

static shapes column_shapes(reading *R, const table *t, int c)
{
    shapes n = {0, 0, 0, 0, 0};
    char text[256];
    for (int r = 0; r < t->nrows; r++) {
        tensu_cell_text x;
        if (t->row[r].bad >= 0 ||
            !read_cell_text(R->page, t, r, t->col[c].x1, t->col[c].x2, text, sizeof text, NULL))
            continue;
        if (tensu_cell_parse(text, strlen(text), &x) != 0)
            n.other++;
        else if (x.has_first && x.shares == 0)
            n.rons++;
        else if (x.empty)
            n.empty++;
        else if (x.has_first || x.shares == 0)
            n.other++;
        else if (x.shares == 2)
            n.twos++;
        else
            n.ones++;
    }
    return n;
}

/* Are most of column c's cells one amount each, as a ron's? */
static bool ron_cells(reading *R, const table *t, int c)
{
    shapes n = column_shapes(R, t, c);
    return n.rons >= 3 && (n.twos + n.ones + n.other) * 4 <= n.rons;
}

/* The first word of the header line whose middle is in [x1, x2], or -1
 * (none, or no header line). */
static int head_word(const page_words *p, const table *t, double x1, double x2)
{
    const rline *hl = t->header >= 0 ? &p->l[t->header] : NULL;
    for (int j = 0; hl != NULL && j < hl->n; j++)
        if (p->w[hl->at[j]].cx >= x1 && p->w[hl->at[j]].cx <= x2)
            return hl->at[j];
    return -1;
}

/* A limits table's column whose head could not be read (its words no
 * payment): its cells tell, when each holds a tsumo's shares, two (a
 * non-dealer's tsumo) or one paid by all (the dealer's).  Noted as
 * inferred. */
static tensu_status limits_column_from_cells(reading *R, table *t)
{
    page_words *p = R->page;
    if (t->kind != K_LIMITS || t->by_side || t->strip || t->header < 0)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        const rline *hl = &p->l[t->header];
        char text[256], msg[200];
        shapes n;
        int one, two, head;
        if (t->col[c].role != C_SKIP || t->col[c].hx2 <= t->col[c].hx1)
            continue;
        n = column_shapes(R, t, c);
        one = n.ones, two = n.twos;
        if (n.other + n.empty + n.rons > 0 || (one > 0) == (two > 0) || one + two < 2)
            continue;
        head = head_word(p, t, t->col[c].hx1, t->col[c].hx2);
        t->col[c].role = C_VALUE;
        t->col[c].pay = P_TSUMO | (two > 0 ? P_ND : P_D);
        snprintf(msg, sizeof msg, "a column's head not read: read as the %s (%s)",
                 two > 0 ? "non-dealer's tsumo" : "dealer's tsumo",
                 two > 0 ? "its cells hold two amounts each" : "its cells hold one amount each");
        read_words_text(p, hl, 0, hl->n, text, sizeof text);
        {
            tensu_status s = read_note_at(R, false, true, head, t->number, 0, text, msg);
            if (s != TENSU_OK)
                return s;
        }
    }
    return TENSU_OK;
}

/* The heads of a table's columns that name no payment ("Nor d L" for
 * "Non-dealer ron", "Dealer" with its "ron" lost on a tinted head): read
 * again from the column's box on the header line (tensu_read_options.
 * reread); a head that then names how a side wins is that column's. */
static void reread_heads(reading *R, table *t)
{
    page_words *p = R->page;
    const rline *hl;
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side || t->header < 0 ||
        R->opt == NULL || R->opt->reread == NULL)
        return;
    hl = &p->l[t->header];
    if (hl->n == 0 || p->w[hl->at[0]].w->conf >= 99.5f)
        return; /* words of a text, not of an OCR */
    for (int c = 0; c < t->ncols; c++) {
        char got[160];
        float conf = 0;
        unsigned pay;
        double y1 = hl->y1 - 0.2 * hl->h, y2 = hl->y2 + 0.2 * hl->h;
        if (t->col[c].role != C_SKIP || t->col[c].x2 <= t->col[c].x1 ||
            !ask_again(R, hl->at[0], true, t->col[c].x1, y1, t->col[c].x2, y2, got, sizeof got,
                       &conf) ||
            conf < min_conf(R))
            continue;
        pay = read_pay_words(got);
        if (!(pay & (P_RON | P_TSUMO)) || (t->kind == K_LIMITS && !(pay & (P_ND | P_D))))
            continue;
        t->col[c].role = C_VALUE;
        t->col[c].pay = pay;
    }
}

/* A long table's or a limits table's column whose head could not be
 * read ("Non-dealer ron"
 * read "Nor d L"), the one payment of the four (each side's ron and
 * tsumo) no other column gives: that payment, when its cells hold one
 * amount each as a ron does.  side: the table's, for columns that name
 * none.  Noted as inferred. */
static tensu_status long_column_left(reading *R, table *t, unsigned side)
{
    page_words *p = R->page;
    static const unsigned four[] = {P_ND | P_RON, P_ND | P_TSUMO, P_D | P_RON, P_D | P_TSUMO};
    unsigned given[4] = {0};
    int missing = -1, col = -1, n = 0, head = -1;
    char text[256], msg[200];
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side || t->header < 0)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        unsigned pay = t->col[c].pay;
        if (t->col[c].role == C_SKIP && t->col[c].hx2 > t->col[c].hx1) {
            /* one such column of single amounts only */
            if (ron_cells(R, t, c))
                col = col < 0 ? c : -2;
            continue;
        }
        if (t->col[c].role != C_VALUE)
            continue;
        if (!(pay & (P_ND | P_D)))
            pay |= side;
        if (!(pay & (P_RON | P_TSUMO)) && ron_cells(R, t, c))
            pay |= P_RON; /* a side alone ("Dealer", its "ron" lost) */
        for (int k = 0; k < 4; k++)
            if ((pay & four[k]) == four[k] && !(pay & P_TOTAL))
                given[k]++;
    }
    if (col < 0)
        return TENSU_OK;
    for (int k = 0; k < 4; k++)
        if (given[k] == 0) {
            missing = missing < 0 ? k : 9;
            n++;
        }
    if (n != 1 || !(four[missing] & P_RON))
        return TENSU_OK;
    t->col[col].role = C_VALUE;
    t->col[col].pay = four[missing];
    head = head_word(p, t, t->col[col].hx1, t->col[col].hx2);
    read_words_text(p, &p->l[t->header], 0, p->l[t->header].n, text, sizeof text);
    snprintf(msg, sizeof msg,
             "a column's head not read: read as the %s (the one payment no other column gives)",
             (four[missing] & P_ND) ? "non-dealer's ron" : "dealer's ron");
    return read_note_at(R, false, true, head, t->number, 0, text, msg);
}

/* How many of column c's cells hold the ron of their row for a side
 * (cell_ron under std). */
static int rons_of(reading *R, const tensu_rules *std, const table *t, int c, bool dealer)
{
    int n = 0;
    for (int r = 0; r < t->nrows; r++) {
        char text[256];
        tensu_cell_text x;
        int64_t want = cell_ron(std, t, r, c, dealer);
        if (want > 0 &&
            read_cell_text(R->page, t, r, t->col[c].x1, t->col[c].x2, text, sizeof text, NULL) &&
            tensu_cell_parse(text, strlen(text), &x) == 0 && x.has_first && !x.first.empty)
            n += x.first.value == want;
    }
    return n;
}

/* A long table's or a limits table's two columns whose heads both read as
 * one side's ron, no column the other side's ("Non-dealer ron" read
 * "Dealer ron", its "Non-" lost): the one whose amounts are the other
 * side's rons in most rows (three at least) is that side's.  Noted as
 * inferred. */
static tensu_status ron_read_twice(reading *R, table *t)
{
    page_words *p = R->page;
    int two[2], n = 0, other = 0, col;
    unsigned side = 0;
    char text[256], msg[200];
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side || t->header < 0)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        unsigned pay = t->col[c].pay;
        /* (a side alone is a ron when its cells are: "Dealer", its "ron" lost) */
        if (t->col[c].role != C_VALUE || (pay & P_TOTAL) ||
            !((pay & P_RON) || (!(pay & P_TSUMO) && ron_cells(R, t, c))))
            continue;
        if ((pay & (P_ND | P_D)) == P_ND || (pay & (P_ND | P_D)) == P_D) {
            if (n == 0 || (pay & (P_ND | P_D)) == side) {
                side = pay & (P_ND | P_D);
                if (n < 2)
                    two[n] = c;
                n++;
            } else {
                other++;
            }
        }
    }
    if (n != 2 || other > 0)
        return TENSU_OK;
    {
        bool dealer = side == P_ND; /* the other side */
        tensu_rules std;
        int a0, a1, c0, c1;
        tensu_rules_preset(tensu_default_preset(), &std, NULL);
        a0 = rons_of(R, &std, t, two[0], dealer), a1 = rons_of(R, &std, t, two[1], dealer);
        c0 = rons_of(R, &std, t, two[0], !dealer), c1 = rons_of(R, &std, t, two[1], !dealer);
        if (a0 >= 3 && a0 > c0 && c1 >= 3 && c1 > a1)
            col = two[0];
        else if (a1 >= 3 && a1 > c1 && c0 >= 3 && c0 > a0)
            col = two[1];
        else
            return TENSU_OK;
        t->col[col].pay = (t->col[col].pay & ~(unsigned)(P_ND | P_D)) | (dealer ? P_D : P_ND);
        snprintf(msg, sizeof msg,
                 "a column's head read as the %s, as another's: read as the %s (its amounts "
                 "are)",
                 dealer ? "non-dealer's ron" : "dealer's ron",
                 dealer ? "dealer's ron" : "non-dealer's ron");
    }
    read_words_text(p, &p->l[t->header], 0, p->l[t->header].n, text, sizeof text);
    return read_note_at(R, false, true, head_word(p, t, t->col[col].hx1, t->col[col].hx2),
                        t->number, 0, text, msg);
}

/* Columns of amounts left under heads that name no payment (heads the
 * OCR garbled, read again in vain): their cells are not read, and said
 * so, each column once, so that no verdict is clean without them. */
static tensu_status note_skipped_columns(reading *R, const table *t)
{
    page_words *p = R->page;
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side)
        return TENSU_OK;
    for (int c = 0; c < t->ncols; c++) {
        int amounts = 0, first = -1;
        char text[256];
        if (t->col[c].role != C_SKIP || t->col[c].x2 <= t->col[c].x1)
            continue;
        for (int r = 0; r < t->nrows; r++) {
            int map[256];
            if (t->row[r].bad >= 0 ||
                !read_cell_text(p, t, r, t->col[c].x1, t->col[c].x2, text, sizeof text, map) ||
                !read_has_amount(text))
                continue;
            amounts++;
            for (size_t i = 0; text[i] && first < 0; i++)
                first = map[i];
        }
        if (amounts < 2 || first < 0)
            continue;
        {
            tensu_status st;
            int head = head_word(p, t, t->col[c].x1, t->col[c].x2);
            snprintf(text, sizeof text, "%s", p->w[head >= 0 ? head : first].w->text);
            st = read_note_at(R, true, false, head >= 0 ? head : first, t->number, amounts, text,
                              "a column of amounts whose head names no payment (non-dealer "
                              "or dealer, ron or tsumo): its cells are not read");
            if (st != TENSU_OK)
                return st;
        }
    }
    return TENSU_OK;
}

tensu_status read_cells(reading *R, table *t)
{
    page_words *p = R->page;
    unsigned side = t->side & (P_ND | P_D), kind = t->side & (P_RON | P_TSUMO);
    tensu_status s = TENSU_OK;
    bool sideless = t->kind == K_GRID;
    reread_heads(R, t);
    for (int c = 0; c < t->ncols && t->kind == K_LONG; c++)
        sideless |= t->col[c].role == C_VALUE && !(t->col[c].pay & (P_ND | P_D));
    if (sideless && side == 0) {
        /* no heading says whose table this is: its cells tell, else its
         * place (the first one the non-dealer's) */
        const char *why = NULL;
        int before = 0;
        side = side_from_cells(R, t, &why);
        for (int i = 0; i < t->number - 1; i++)
            before++;
        if (side == 0) {
            side = P_ND;
            why = "the first table; no tsumo cells tell";
            /* the second table without heading: the dealer's */
            for (size_t i = 0; i < tensu_chart_note_count(R->chart); i++) {
                const tensu_chart_note *n = tensu_chart_note_at(R->chart, i);
                if (n->inferred && strstr(n->why, "no heading says whose table") != NULL &&
                    strstr(n->why, "non-dealer's") != NULL) {
                    side = P_D;
                    why = "the second table; no tsumo cells tell";
                }
            }
        }
        {
            char msg[160];
            snprintf(msg, sizeof msg, "no heading says whose table this is: read as the %s's (%s)",
                     side == P_D ? "dealer" : "non-dealer", why);
            if (t->header >= 0)
                s = read_note_at(R, false, true, p->l[t->header].at[0], t->number, 0, "header", msg);
            else
                s = read_note_at(R, false, true, t->row[0].label, t->number, 0, "rows", msg);
            if (s != TENSU_OK)
                return s;
            /* about the whole line: no column */
            ((tensu_chart_note *)tensu_chart_note_at(R->chart, tensu_chart_note_count(R->chart) -
                                                                   1))
                ->column = 0;
            /* the excerpt: the header's words */
            if (t->header >= 0) {
                tensu_chart_note *n = (tensu_chart_note *)tensu_chart_note_at(
                    R->chart, tensu_chart_note_count(R->chart) - 1);
                char text[160];
                read_words_text(p, &p->l[t->header], 0, p->l[t->header].n, text, sizeof text);
                excerpt(text, n->text, sizeof n->text);
            }
        }
        (void)before;
    }
    row_cells *rc;
    bool blank;
    int firsts = 0, shares = 0, rons = 0, lost;
    bool ron_at[MAX_COLS];
    if ((s = limits_column_from_cells(R, t)) != TENSU_OK ||
        (s = ron_read_twice(R, t)) != TENSU_OK)
        return s;
    t->side = (t->side & ~(unsigned)(P_ND | P_D)) | side; /* for the tables going on from it */
    if ((s = long_column_left(R, t, side)) != TENSU_OK ||
        (s = note_skipped_columns(R, t)) != TENSU_OK)
        return s;
    rc = malloc(sizeof *rc);
    if (rc == NULL)
        return tensu_fail_at(R->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    if (kind == P_TSUMO && t->kind == K_GRID) {
        /* a table of tsumo: does it give their totals ("1 100 (300/500)")? */
        int with = 0, without = 0;
        for (int r = 0; r < t->nrows; r++) {
            cells_of_row(p, t, r, rc);
            for (int c = 0; c < t->ncols; c++) {
                tensu_cell_text x;
                if (!rc->has[c] || tensu_cell_parse(rc->text[c], strlen(rc->text[c]), &x) != 0 ||
                    x.empty)
                    continue;
                with += x.has_first && x.shares > 0;
                without += !(x.has_first && x.shares > 0);
            }
        }
        if (with > without)
            kind |= P_TOTAL;
    }
    for (int r = 0; r < t->nrows && s == TENSU_OK; r++) {
        trow *rw = &t->row[r];
        if (rw->bad >= 0 &&
            (rw->bad_role == C_ORDER || (rw->bad_role == C_SKIP && t->kind == K_GRID)) &&
            (s = reread_label(R, t, r)) != TENSU_OK)
            break;
        if (rw->bad >= 0 && t->kind == K_LIMITS && !t->by_side &&
            (s = limit_between(R, t, r)) != TENSU_OK)
            break;
        if (rw->bad >= 0) {
            /* a row whose label cannot be read: its cells are not read */
            int cells = 0;
            char text[160];
            const rword *bw = &p->w[rw->bad];
            cells_of_row(p, t, r, rc);
            for (int c = 0; c < t->ncols; c++)
                cells += t->col[c].role == C_VALUE && rc->has[c];
            snprintf(text, sizeof text, "%s", bw->w->text);
            {
                /* no digit beside it either ("-", "L"): strokes and specks,
                 * no amount to read */
                bool none = true;
                for (int c = 0; c < t->ncols && none; c++)
                    none = t->col[c].role != C_VALUE || !rc->has[c] ||
                           strpbrk(rc->text[c], "0123456789") == NULL;
                if (none)
                    cells = 0;
            }
            {
                /* a line of prose under the table ("Table des points –
                 * World Riichi Championship 2015": a card's title below):
                 * words, a number for three of them at most */
                const rline *ln = &p->l[bw->line];
                int numbers = 0, words = 0;
                for (int j = 0; j < ln->n; j++) {
                    const char *wt = p->w[ln->at[j]].w->text;
                    if (strpbrk(wt, "0123456789") != NULL)
                        numbers++;
                    else if (strlen(wt) >= 3 && isalpha((unsigned char)wt[0]))
                        words++;
                }
                if (3 * numbers <= words && words >= 4 && strpbrk(text, "0123456789") == NULL &&
                    rw->bad_role != C_ORDER)
                    cells = 0;
            }
            if (cells == 0 && strpbrk(text, "0123456789") == NULL && rw->bad_role != C_HAN &&
                rw->bad_role != C_FU) {
                /* no cell beside it, no digit in it: no row of the chart
                 * ("Le": a rule's shadow under the table, read as letters;
                 * "EEE - L": the paper's edge) */
                take(p, t, r, -1e300, 1e300);
                continue;
            }
            s = read_note_at(R, true, false, rw->bad, t->number, cells > 0 ? cells : 1, text,
                             rw->bad_role == C_ORDER
                                 ? (t->by_han ? "a han count out of the rows' order (read again, "
                                                "still out of it): its row is not read"
                                              : "a fu count out of the rows' order (read again, "
                                                "still out of it): its row is not read")
                             : rw->bad_role == C_HAN
                                 ? "expected a han count or a limit name (mangan, haneman, "
                                   "baiman, sanbaiman, yakuman, 2x_yakuman ...) in the han column"
                             : rw->bad_role == C_FU
                                 ? "expected a fu count (20, 25, 30 ... 110) or nothing"
                                 : "expected a fu (or han) label, then the cells");
            take(p, t, r, -1e300, 1e300);
            for (int c = 0; c < t->ncols; c++)
                if (rc->has[c])
                    used_words(p, rc->text[c], rc->map[c]);
            continue;
        }
        if (rw->limit != TENSU_LIMIT_NONE && t->kind == K_GRID) {
            /* a limit row among rows of values: its amounts wherever they
             * stand, for the table's side */
            char text[512], why[160];
            int map[512];
            tensu_cell_text c;
            size_t bad;
            at a = {0, 0, rw->limit, rw->yakuman, t->number, r + 2, 2, map, text, 0, 0, 0, 0};
            float conf;
            if (!read_cell_text(p, t, r, t->label_x2, t->x2, text, sizeof text, map))
                continue;
            used_words(p, text, map);
            cell_box(p, t, r, t->label_x2, t->x2, &a);
            if (!reread_cell(R, &a, text, sizeof text, map, &conf)) {
                s = note_unsure(R, t, &a, text, map, conf);
                take(p, t, r, t->label_x2, t->x2);
                continue;
            }
            bad = tensu_cell_parse(text, strlen(text), &c);
            if (bad != 0) {
                /* a note on the han cut short at the page's edge, or its
                 * word misread: "6,000 / 12,000 (11-12 he" */
                char *open = strrchr(text, '(');
                if (open != NULL && open > text && strchr(open, ')') == NULL &&
                    !read_has_amount(open) && tensu_cell_parse(text, (size_t)(open - text), &c) == 0)
                    bad = 0;
            }
            why[0] = '\0';
            if (bad == 0)
                s = put_cell(R, &a, side == P_D, kind, &c, why, sizeof why);
            else
                snprintf(why, sizeof why, "expected a limit cell such as 8000 (2000/4000) or "
                                          "12000 (4000)");
            if (s == TENSU_OK && why[0])
                s = note_cell(R, t, &a, text, map, bad, why);
            take(p, t, r, t->label_x2, t->x2);
            continue;
        }
        cells_of_row(p, t, r, rc);
        /* a row of one hand whose fields are all there and all blank (a
         * CSV's "1,110,,,,"): the hand cannot happen */
        blank = t->kind == K_LONG && rw->label >= 0 && p->w[rw->label].w->field > 0;
        for (int col = 0; col < t->ncols && blank; col++)
            blank = t->col[col].role != C_VALUE || !rc->has[col];
        {
            /* limits side by side, one line of ron and one of tsumo: how
             * many give their ron, how many their tsumo (a limit that lacks
             * one its neighbours give was not read in full); so too the
             * cells of a grid's row */
            firsts = shares = rons = 0;
            memset(ron_at, 0, sizeof ron_at);
            for (int col = 0; col < t->ncols && (t->by_side || t->strip); col++) {
                tensu_cell_text y;
                if (t->col[col].role == C_VALUE && rc->has[col] &&
                    tensu_cell_parse(rc->text[col], strlen(rc->text[col]), &y) == 0 && !y.empty) {
                    firsts += y.has_first && !y.first.empty;
                    shares += y.shares > 0;
                }
            }
            /* a grid's row of a fu: how many cells give a ron over their
             * tsumo (digits on their first line, the words as first read);
             * not a row of a han, whose 20 fu has no ron */
            for (int col = 0; col < t->ncols && t->kind == K_GRID && !t->by_han; col++) {
                const char *nl = rc->text[col], *d;
                if (t->col[col].role == C_VALUE && rc->has[col] &&
                    (nl = strchr(rc->text[col], '\n')) != NULL &&
                    (d = strpbrk(rc->text[col], "0123456789")) != NULL && d < nl)
                    rons++, ron_at[col] = true;
            }
        }
        for (int col = 0; col < t->ncols && s == TENSU_OK; col++) {
            const tcol *c = &t->col[col];
            char *text = rc->text[col], why[160];
            int *map = rc->map[col];
            tensu_cell_text x;
            size_t bad;
            bool dealer;
            unsigned ckind = kind;
            at a = {0, 0, TENSU_LIMIT_NONE, 0, t->number, r + 2, col + 2, map, text, 0, 0, 0, 0};
            if (c->role != C_VALUE || (!rc->has[col] && !blank))
                continue;
            if (!rc->has[col]) {
                text[0] = '\0';
                map[0] = rw->label; /* placed at its row */
            }
            used_words(p, text, map);
            cell_box(p, t, r, c->x1, c->x2, &a);
            if (t->kind == K_GRID) {
                a.han = t->by_han ? rw->han : c->han;
                a.fu = t->by_han ? c->fu : rw->fu;
                dealer = side == P_D;
                if (c->pay & (P_RON | P_TSUMO))
                    ckind = c->pay & (P_RON | P_TSUMO); /* "Ron  Tsumo" under each head */
            } else if (t->by_side || t->strip) {
                /* limits side by side: the column's limit, the row's side */
                a.limit = c->limit;
                a.yakuman = c->yakuman;
                dealer = (rw->pay & (P_ND | P_D)) == P_D;
                ckind = rw->pay & (P_RON | P_TSUMO);
                if (ckind == (P_RON | P_TSUMO))
                    ckind = 0;
            } else {
                unsigned cs = c->pay & (P_ND | P_D);
                a.han = rw->han;
                a.fu = rw->fu;
                a.limit = rw->limit;
                a.yakuman = rw->yakuman;
                if (cs == 0)
                    cs = side ? side : P_ND;
                dealer = cs == P_D;
                ckind = c->pay & (P_RON | P_TSUMO);
                if (ckind == (P_RON | P_TSUMO))
                    ckind = 0;
                if (ckind == 0)
                    ckind = kind;
            }
            if (a.han == 0 && a.limit == TENSU_LIMIT_NONE)
                continue;
            {
                float conf;
                if (!reread_cell(R, &a, text, sizeof rc->text[col], map, &conf)) {
                    s = note_unsure(R, t, &a, text, map, conf);
                    take(p, t, r, c->x1, c->x2);
                    continue;
                }
            }
            bad = tensu_cell_parse(text, strlen(text), &x);
            why[0] = '\0';
            /* one line of a cell lost (the ron's, or the tsumo's) where the
             * cells beside it give both: read again where it stands, else
             * noted.  A picture's grid ("2,600" over "700 / 1,300" read as
             * the tsumo alone), limits side by side in any document */
            lost = 0;
            if (bad == 0 && ckind == 0 && !x.empty && t->kind == K_GRID && !x.has_first &&
                x.shares > 0 && rons - ron_at[col] >= 1 && R->opt != NULL &&
                R->opt->reread != NULL)
                lost = 1;
            else if (bad == 0 && ckind == 0 && !x.empty && (t->by_side || t->strip) &&
                     firsts >= 2 && shares >= 2 &&
                     (!x.has_first || x.first.empty || x.shares == 0))
                lost = x.shares == 0 ? 2 : 1;
            if (lost && R->opt != NULL && R->opt->reread != NULL &&
                !(x.has_first && x.first.empty) &&
                reread_lost_line(R, c, t->row[r].y1, t->row[r].y2, lost == 1, &a, text,
                                 sizeof rc->text[col], map, &x))
                lost = 0;
            if (bad == 0 && t->kind != K_GRID && (c->pay & (P_FROM_ND | P_FROM_D)) &&
                !x.empty && x.has_first && x.shares == 0) {
                /* one share in a column of its own: each non-dealer's, or
                 * the dealer's */
                s = put(R, &a,
                        (c->pay & P_FROM_D) ? TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER
                                            : TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER,
                        &x.first, false);
            } else if (bad == 0 && t->kind != K_GRID && (c->pay & (P_FROM_ND | P_FROM_D)) &&
                       x.empty) {
                tensu_cell_amount e = {0, true, TENSU_MARK_NONE, 0};
                s = put(R, &a,
                        (c->pay & P_FROM_D) ? TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER
                                            : TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER,
                        &e, true);
            } else if (bad == 0 && t->kind != K_GRID && (c->pay & P_TOTAL) && x.has_first &&
                       x.shares == 0) {
                s = put(R, &a,
                        dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL : TENSU_CHART_NONDEALER_TSUMO_TOTAL,
                        &x.first, x.empty);
            } else if (bad == 0) {
                s = put_cell(R, &a, dealer, ckind, &x, why, sizeof why);
                if (s == TENSU_OK && why[0] && t->kind == K_GRID &&
                    split_cell(R, t, &a, dealer, ckind, text, map, &s))
                    why[0] = '\0';
            } else if (t->kind == K_GRID && split_cell(R, t, &a, dealer, ckind, text, map, &s)) {
                /* read line by line: what could be read is, the rest noted */
            } else {
                snprintf(why, sizeof why,
                         ckind == P_RON ? "expected a number of points (7700, 7,700, 7 700) or an empty "
                                          "mark (-, ---, null, 0, nothing)"
                         : dealer       ? "expected a dealer cell such as 1500 (500), - (700) or -"
                                        : "expected a non-dealer cell such as 1000 (300/500), - "
                                          "(400/700) or -");
            }
            if (s == TENSU_OK && why[0])
                s = note_cell(R, t, &a, text, map, bad, why);
            else if (s == TENSU_OK && lost)
                s = note_cell(R, t, &a, text, map, 0,
                              lost == 2 ? (t->kind == K_GRID ? "its tsumo amounts not read (the "
                                                               "cells beside it give theirs)"
                                                             : "its tsumo amounts not read (the "
                                                               "limits beside it give theirs)")
                              : t->kind == K_GRID ? "its ron amount not read (the cells beside "
                                                    "it give theirs)"
                                                  : "its ron amount not read (the limits beside "
                                                    "it give theirs)");
            take(p, t, r, c->x1, c->x2);
        }
    }
    free(rc);
    return s;
}

/* ------------------------------------------------------------------ */
/* Lines no table took                                                 */
/* ------------------------------------------------------------------ */

/* How many amounts (100 or more) the text holds; *sign: how many of them
 * have a sign before them (+30 000 / −10 000: uma, not a chart's cells). */
static int amounts_signed(const char *text, int *sign)
{
    size_t k = strlen(text);
    int amounts = 0;
    *sign = 0;
    for (size_t i = 0; i < k; i++) {
        int64_t v;
        size_t used;
        if (!isdigit((unsigned char)text[i]) || (i > 0 && isdigit((unsigned char)text[i - 1])))
            continue;
        used = tensu_amount_parse(text + i, k - i, &v);
        if (used > 0 && v >= 100) {
            amounts++;
            /* +, -, − (minus), and – or — where OCR reads a minus */
            if (i > 0 && (text[i - 1] == '+' || text[i - 1] == '-' ||
                          (i >= 3 && (memcmp(text + i - 3, "\xE2\x88\x92", 3) == 0 ||
                                      memcmp(text + i - 3, "\xE2\x80\x93", 3) == 0 ||
                                      memcmp(text + i - 3, "\xE2\x80\x94", 3) == 0))))
                (*sign)++;
        }
        if (used > 0)
            i += used - 1;
    }
    return amounts;
}

static int amounts_in(const char *text)
{
    int sign;
    return amounts_signed(text, &sign);
}

tensu_status read_leftovers(reading *R)
{
    page_words *p = R->page;
    for (int l = 0; l < p->nl; l++) {
        const rline *ln = &p->l[l];
        char text[512];
        size_t k = 0;
        int first = -1, numbers, words, amounts = 0, sign;
        bool digit = false, item;
        text[0] = '\0';
        for (int j = 0; j < ln->n; j++) {
            const rword *w = &p->w[ln->at[j]];
            size_t m;
            /* nobody's, or in a table's rows but in no cell it read */
            if (w->owner < 0 || w->used || w->label)
                continue;
            if (first < 0)
                first = ln->at[j];
            m = strlen(w->w->text);
            if (k > 0 && k + 1 < sizeof text)
                text[k++] = ' ';
            if (k + m >= sizeof text)
                m = sizeof text - k - 1;
            memcpy(text + k, w->w->text, m);
            k += m;
            text[k] = '\0';
        }
        for (size_t i = 0; i < k; i++)
            digit |= isdigit((unsigned char)text[i]) != 0;
        if (first < 0 || !digit)
            continue;
        if (amounts_in(text) == 0)
            continue; /* no amount: no cells left unread ("1 han  2 han  6 han") */
        read_count_words(text, &numbers, &words);
        amounts = amounts_signed(text, &sign);
        if (sign == amounts)
            continue; /* gains and losses (uma: +30 000 / +10 000 / −10 000) */
        item = k >= 3 && memcmp(text, "\xE2\x80\xA2", 3) == 0; /* • */
        /* page furniture: a running head, a caption, a page number; prose;
         * an item of a list */
        if (numbers <= 2 && amounts <= 1 && (amounts == 0 || words > 0))
            continue;
        if (numbers == 1 && words == 0 && strspn(text, "0123456789 -\xE2\x80\x93") == k)
            continue; /* a page number */
        if (numbers == 1 && strchr(text, ')') != NULL && strchr(text, '(') == NULL)
            continue; /* the end of a sentence's brackets, from the line above ("dealer / 11,600)") */
        if (words > 0 && (words >= 2 * numbers || item))
            continue;
        if (words > 0 && strpbrk(text, "=:;") != NULL)
            continue; /* a sentence, its amounts in words ("two yakuman = 64,000") */
        {
            /* at least one cell of the chart left unread: never a clean
             * verdict past a line of amounts nobody read (a tent card's far
             * face its OCR read upside down) */
            tensu_status s =
                read_note_at(R, false, false, first, 0, amounts >= 2 ? amounts : 1, text,
                        "expected a fu (or han) label, then the cells");
            if (s != TENSU_OK)
                return s;
            /* a note for the whole line: no column */
            ((tensu_chart_note *)tensu_chart_note_at(R->chart, tensu_chart_note_count(R->chart) -
                                                                   1))
                ->column = 0;
        }
    }
    return TENSU_OK;
}
