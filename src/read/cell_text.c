/* A cell's text and a note's place (table.h): the words of a row by line,
 * a cell's words as one text (its lines, the parts that stand apart) as
 * the core's cell grammar reads it, each byte mapped to its word; the row
 * a word stands in; the words a table took; a note at a word's place. */
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

#define CELL_WORDS 64

static const rword *sort_w;

static int by_line_x(const void *a, const void *b)
{
    const rword *x = &sort_w[*(const int *)a], *y = &sort_w[*(const int *)b];
    if (x->cy != y->cy)
        return x->cy < y->cy ? -1 : 1;
    return x->x1 < y->x1 ? -1 : x->x1 > y->x1;
}

/* Is x in a long table's han or fu column? */
static bool in_label_column(const table *t, double x)
{
    for (int c = 0; t->kind == K_LONG && c < t->ncols; c++)
        if ((t->col[c].role == C_HAN || t->col[c].role == C_FU) && x >= t->col[c].x1 &&
            x < t->col[c].x2)
            return true;
    return false;
}

/* The value words of row r (indexes into p->w), by line then left to
 * right: those in its band, right of the labels, in the table. */
static int row_words(const page_words *p, const table *t, int r, int *idx, int max)
{
    int n = 0, from, to;
    /* a long table's labels are columns: nothing of it is left of its
     * first (a speck at a photo's edge is no line of the row) */
    double left = t->kind == K_LONG && t->ncols > 0 && t->col[0].x1 > t->label_x2
                      ? t->col[0].x1
                      : t->label_x2;
    read_slice(p, t->region, t->row[r].y1, t->row[r].y2, &from, &to);
    for (int i = from; i < to && n < max; i++) {
        const rword *w = &p->w[i];
        if (w->region != t->region || w->cy < t->row[r].y1 || w->cy >= t->row[r].y2 ||
            w->cx < left || w->cx >= t->x2 || w->owner < 0 || w->label ||
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

/* Do a cell's words (pick), all on the row's last line, stand centred
 * between the line above and the rest of their own (a lone ron in a row
 * whose other cells are ron over tsumo, drawn a little low: that line
 * began with it)?  Their middle is nearer the middle of the two lines'
 * middles than the rest of their line's. */
static bool centred(const page_words *p, const int *idx, const int *line_of, const bool *pick,
                    int n, int nl)
{
    double in = 0, rest = 0, above = 0;
    int nin = 0, nrest = 0, nabove = 0;
    for (int j = 0; j < n; j++) {
        double cy = p->w[idx[j]].cy;
        if (line_of[j] == nl - 2)
            above += cy, nabove++;
        else if (line_of[j] == nl - 1 && pick[j])
            in += cy, nin++;
        else if (line_of[j] == nl - 1)
            rest += cy, nrest++;
    }
    if (nin == 0 || nrest == 0 || nabove == 0)
        return false;
    in /= nin, rest /= nrest, above /= nabove;
    return rest - above > 0 && fabs(in - (rest + above) / 2) < fabs(in - rest);
}

/* The text of the words idx[j] of a row whose pick[j] is set: its lines
 * by '\n' (a cell that has only the row's last line, its tsumo under a
 * ron left blank, starts with a blank line), words apart by '\t'. */
static bool build_text(const page_words *p, const table *t, const int *idx, const int *line_of,
                       const bool *pick, int n, int nl, char *buf, size_t size, int *map)
{
    bool values_above = false; /* a line above the last with words of the value columns */
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
    for (int j = 0; j < n; j++)
        values_above |= line_of[j] < nl - 1 && !in_label_column(t, p->w[idx[j]].cx);
    /* (a long table's merged han, its label set above the row's amounts,
     * makes no line of its cells) */
    if (nl >= 2 && first == nl - 1 && values_above && !centred(p, idx, line_of, pick, n, nl))
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
    return build_text(p, t, idx, line_of, pick, n, nl, buf, size, map);
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
void cells_of_row(const page_words *p, const table *t, int r, row_cells *rc)
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
        rc->has[c] = build_text(p, t, idx, line_of, pick, n, nl, rc->text[c], sizeof rc->text[c],
                                rc->map[c]);
    }
}

/* The words of a cell's text as read (put, or noted as unreadable). */
void used_words(page_words *p, const char *text, const int *map)
{
    for (size_t i = 0; text[i]; i++)
        if (map[i] >= 0)
            p->w[map[i]].used = true;
}

/* Mark the words of the cell as read by the table. */
void take(page_words *p, const table *t, int r, double x1, double x2)
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
void excerpt(const char *t, char *buf, size_t size)
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

/* The length of the all-word (the grammar's: "chacun", "each", "all" ...)
 * that starts a word at t[i] (of a line of n bytes); 0 when there is none. */
static size_t all_word_at(const char *t, size_t i, size_t n)
{
    return i == 0 || t[i - 1] == ' ' ? tensu_cell_all_word(t + i, n - i) : 0;
}

/* Is the line (n bytes) amounts and their signs only, digits among them
 * (and an all-word: "(2 000 chacun")?  *all set when it has one. */
static bool amounts_line(const char *t, size_t n, bool *all)
{
    bool digit = false;
    *all = false;
    for (size_t i = 0; i < n; i++) {
        size_t k = all_word_at(t, i, n);
        if (k > 0) {
            i += k - 1;
            *all = true;
            continue;
        }
        if (strchr("0123456789,./ ()[]", t[i]) == NULL)
            return false;
        digit |= t[i] >= '0' && t[i] <= '9';
    }
    return digit;
}

/* Is t (3 bytes) a Japanese bracket or stop an OCR made of a speck? */
static bool speck_mark(const char *t)
{
    static const char *const marks[] = {"「", "」", "『", "』", "、", "。"};
    for (size_t k = 0; k < sizeof marks / sizeof *marks; k++)
        if (strncmp(t, marks[k], 3) == 0)
            return true;
    return false;
}

/* Drop the words of a cell's text that are a stop or a quote alone (a
 * speck: "1300 each :"), or a dash after the amounts that end a line (a
 * rule's end: "500/500 -"), with the gap before them.  True when one was. */
static bool drop_specks(char *text, int *map)
{
    bool dropped = false;
    for (size_t i = 0; text[i];) {
        size_t e = i;
        while (text[e] && text[e] != ' ' && text[e] != '\t' && text[e] != '\n')
            e++;
        bool dash_after = e == i + 1 && text[i] == '-' && (text[e] == '\0' || text[e] == '\n') &&
                          i >= 2 && strchr(" \t\n", text[i - 1]) != NULL &&
                          isdigit((unsigned char)text[i - 2]);
        if (e > i && ((e - i <= 2 && strspn(text + i, ":;'`\"|!") >= e - i) ||
                      (e - i == 3 && speck_mark(text + i)) || dash_after)) {
            size_t from = i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' ||
                                    (dash_after && text[i - 1] == '\n'))
                              ? i - 1
                              : i;
            size_t len = strlen(text);
            memmove(text + from, text + e, len - e + 1);
            memmove(map + from, map + e, (len - e) * sizeof *map);
            dropped = true;
            i = from;
            continue;
        }
        i = text[e] ? e + 1 : e;
    }
    return dropped;
}

/* Is every space of the line (n bytes) a thousands' gap ("2 000/4 000)":
 * a digit before it, three after it and no more)? */
static bool thousands_only(const char *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (l[i] == ' ' && (i == 0 || !isdigit((unsigned char)l[i - 1]) || i + 3 >= n ||
                            strspn(l + i + 1, "0123456789") != 3))
            return false;
    return true;
}

bool cell_mend(char *text, int *map, size_t size)
{
    bool put = drop_specks(text, map);
    for (size_t at = 0; text[at];) {
        size_t n = strcspn(text + at, "\n"), len = strlen(text), open = 0, close = 0;
        char *l = text + at;
        bool all;
        for (size_t i = 0; i < n; i++)
            open += l[i] == '(', close += l[i] == ')';
        if (amounts_line(l, n, &all) && open + close == 1 && len + 2 <= size &&
            (open || memchr(l, ' ', n) == NULL || (all && l[n - 1] == ')') ||
             thousands_only(l, n))) {
            /* "2,600)": the "(" before it; "(2,600": the ")" after it;
             * "1 600 chacun)" */
            size_t k = close ? at : at + n;
            int from = map[close ? at : at + n - 1];
            memmove(text + k + 1, text + k, len - k + 1);
            memmove(map + k + 1, map + k, (len - k) * sizeof *map);
            text[k] = close ? '(' : ')';
            map[k] = from;
            n++;
            put = true;
        }
        at += n;
        if (text[at] == '\n')
            at++;
    }
    return put;
}

/* The length of the longest run of a's letters found in b in order. */
static size_t in_order(const char *a, size_t n, const char *b)
{
    size_t best[16] = {0}, m = strlen(b);
    if (m >= sizeof best / sizeof *best)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t diag = 0;
        for (size_t j = 1; j <= m; j++) {
            size_t up = best[j], v = tolower((unsigned char)a[i]) == b[j - 1]
                                         ? diag + 1
                                         : (best[j] > best[j - 1] ? best[j] : best[j - 1]);
            diag = up;
            best[j] = v;
        }
    }
    return best[m];
}

/* Replace bytes [i, e) of text by s, the map following (each new byte
 * the word of the first it replaces).  False when there is no room. */
static bool replace(char *text, int *map, size_t size, size_t i, size_t e, const char *s)
{
    size_t len = strlen(text), k = strlen(s);
    int word = map[i];
    if (len - (e - i) + k + 1 > size)
        return false;
    memmove(text + i + k, text + e, len - e + 1);
    memmove(map + i + k, map + e, (len - e) * sizeof *map);
    memcpy(text + i, s, k);
    for (size_t j = 0; j < k; j++)
        map[i + j] = word;
    return true;
}

/* Does the line before text[i] end in an amount (its last word digits,
 * after a bracket)? */
static bool amounts_before(const char *text, size_t i)
{
    size_t b = i;
    while (b > 0 && text[b - 1] != ' ' && text[b - 1] != '\t' && text[b - 1] != '\n')
        b--;
    return b < i && strspn(text + b + (text[b] == '(' || text[b] == '['), "0123456789,.") ==
                        i - b - (text[b] == '(' || text[b] == '[');
}

bool cell_mend_words(char *text, int *map, size_t size)
{
    /* the grammar's all-words an OCR's reading may have lost letters of */
    static const char *const all[] = {"chacun", "each", "all"};
    bool put = false;
    size_t digits = 0; /* the digits of the amount just before, on its line */
    for (size_t i = 0; text[i];) {
        size_t e = i, a = i, z;
        while (text[e] && text[e] != ' ' && text[e] != '\t' && text[e] != '\n')
            e++;
        size_t open = text[i] == '(';
        if (text[e] == '\t' && digits == 0 && e - i >= 1 && e - i <= 3 &&
            isdigit((unsigned char)text[e - 1]) &&
            strspn(text + i + open, "0123456789") == e - i - open &&
            strspn(text + e + 1, "0123456789") == 3 && !isdigit((unsigned char)text[e + 4])) {
            /* "(1<gap>000": a thousands' group set wide */
            text[e] = ' ';
            put = true;
        }
        if (e == i + 1 + open && text[i + open] == '&' && text[e] == ' ' &&
            strspn(text + e + 1, "0123456789") == 3 && !isdigit((unsigned char)text[e + 4])) {
            /* "& 000": an 8 the OCR read as its look-alike, before a
             * thousands' group (no "&" stands in a cell) */
            text[i + open] = '8';
            put = true;
        }
        /* the word's letters, brackets aside */
        while (a < e && strchr("([", text[a]))
            a++;
        z = e;
        while (z > a && strchr(")]", text[z - 1]))
            z--;
        if (z > a && digits >= 3) {
            bool letters = true;
            const char *to = NULL; /* the all-word it is, or was */
            for (size_t j = a; j < z; j++)
                letters = letters && isalpha((unsigned char)text[j]);
            if (letters && tensu_cell_all_word(text + a, z - a) == z - a)
                to = text + a; /* the word itself */
            for (size_t k = 0; letters && to == NULL && k < sizeof all / sizeof *all; k++) {
                size_t n = z - a, got = in_order(text + a, n, all[k]);
                if (n >= 2 && n <= strlen(all[k]) + 1 && got >= 2 && got + 1 >= n &&
                    got + 3 >= strlen(all[k]) && replace(text, map, size, a, z, all[k])) {
                    /* "hacun", "cha", "alt": the OCR's all-word */
                    e = e - (z - a) + strlen(all[k]);
                    to = all[k];
                    put = true;
                }
            }
            if (to != NULL && i > 0 && text[i - 1] == '\t' && amounts_before(text, i - 1)) {
                /* "1 600<gap>chacun": one share, said each player's */
                text[i - 1] = ' ';
                put = true;
            }
        }
        /* an amount's digits: this word's, with the group before it */
        {
            size_t d = 0;
            for (size_t j = i; j < e; j++)
                d += isdigit((unsigned char)text[j]) != 0;
            if (text[i] == '\n' || i == 0 || text[i - 1] == '\n')
                digits = 0;
            digits = d > 0 ? digits + d : 0;
        }
        if (text[e] == '\n')
            digits = 0;
        i = text[e] ? e + 1 : e;
    }
    return put;
}
