/* Text files as words: a chart typed in a text file or Markdown, each
 * word at its line and column; the cells of '|' tables and of tab-separated
 * lines, whose columns a text file does not line up, set on a grid of
 * their own (each column as wide as its widest cell), as a page would show
 * them.  Also what the text formats share: lines, widths, words. */
#include "words.h"

#include <stdlib.h>
#include <string.h>

bool read_text_next(text_lines *L, const char **s, size_t *n)
{
    size_t start, end;
    if (L->pos >= L->len)
        return false;
    start = L->pos;
    end = start;
    while (end < L->len && L->data[end] != '\n')
        end++;
    L->pos = end < L->len ? end + 1 : end;
    L->line++;
    if (L->line == 1 && end - start >= 3 && memcmp(L->data + start, "\xEF\xBB\xBF", 3) == 0)
        start += 3; /* byte order mark */
    while (end > start && L->data[end - 1] == '\r')
        end--;
    *s = L->data + start;
    *n = end - start;
    return true;
}

/* Is the code point wide on a terminal (CJK, full-width forms)? */
static bool wide(unsigned cp)
{
    return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
           (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
           (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
           (cp >= 0xFFE0 && cp <= 0xFFE6);
}

int read_text_width(const char *s, size_t n)
{
    int w = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        unsigned cp = c;
        size_t k = 1;
        if (c >= 0xF0 && i + 3 < n + 1)
            k = 4, cp = c & 7u;
        else if (c >= 0xE0)
            k = 3, cp = c & 15u;
        else if (c >= 0xC0)
            k = 2, cp = c & 31u;
        for (size_t j = 1; j < k && i + j < n; j++)
            cp = (cp << 6) | ((unsigned char)s[i + j] & 63u);
        if (c == '\t')
            w = (w / 8 + 1) * 8;
        else if (c >= 0x80 && c < 0xC0)
            ; /* a stray continuation byte */
        else
            w += wide(cp) ? 2 : 1;
        i += k;
    }
    return w;
}

tensu_status read_text_word(tensu_words *w, const char *s, size_t n, int line, int column, int at,
                       int cell, tensu_error *err)
{
    return read_text_word_y(w, s, n, line, line, column, at, cell, err);
}

tensu_status read_text_word_y(tensu_words *w, const char *s, size_t n, double y, int line,
                              int column, int at, int cell, tensu_error *err)
{
    char buf[512];
    tensu_word word;
    size_t k = n < sizeof buf - 1 ? n : sizeof buf - 1;
    while (k > 0 && k < n && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--; /* a long word cut at a whole character */
    memcpy(buf, s, k);
    buf[k] = '\0';
    for (size_t i = 0; i < k; i++)
        if (buf[i] == '\t' || buf[i] == '\n')
            buf[i] = ' ';
    memset(&word, 0, sizeof word);
    word.text = buf;
    word.x1 = at * TEXT_CHAR;
    word.x2 = (at + read_text_width(s, n)) * TEXT_CHAR;
    word.y1 = y;
    word.y2 = y + 1;
    word.cell = cell;
    word.line = line;
    word.column = column;
    word.conf = 100;
    return tensu_words_add(w, &word, err);
}

tensu_status read_text_words(tensu_words *w, const char *s, size_t n, int line, int column, int at,
                        int cell, int *end, tensu_error *err)
{
    size_t i = 0;
    while (i < n) {
        size_t j;
        tensu_status st;
        if (s[i] == ' ' || s[i] == '\t') {
            at += s[i] == '\t' ? 8 - at % 8 : 1;
            i++;
            continue;
        }
        for (j = i; j < n && s[j] != ' ' && s[j] != '\t'; j++)
            ;
        st = read_text_word(w, s + i, j - i, line, column + (int)i, at, cell, err);
        if (st != TENSU_OK)
            return st;
        at += read_text_width(s + i, j - i);
        i = j;
    }
    if (end != NULL)
        *end = at;
    return TENSU_OK;
}

/* ------------------------------------------------------------------ */
/* A text grid, Markdown                                               */
/* ------------------------------------------------------------------ */

#define MAX_CELLS 64

/* The cells of a line of a table: split at '|' (the edges' empty cells
 * dropped) or at tabs.  Returns how many, -1 when more than MAX_CELLS. */
static int split(const char *s, size_t n, char sep, size_t *from, size_t *to)
{
    int k = 0;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || s[i] == sep) {
            size_t a = start, b = i;
            bool edge = sep == '|' && (start == 0 || i == n);
            while (a < b && (s[a] == ' ' || s[a] == '\t'))
                a++;
            while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
                b--;
            if (!(edge && a == b)) {
                if (k == MAX_CELLS)
                    return -1;
                from[k] = a;
                to[k] = b;
                k++;
            }
            start = i + 1;
        }
    }
    return k;
}

/* A Markdown table's rule line: "|---|:---:|". */
static bool rule_line(const char *s, size_t n)
{
    bool dash = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '-')
            dash = true;
        else if (s[i] != '|' && s[i] != ':' && s[i] != ' ' && s[i] != '\t' && s[i] != '+' &&
                 s[i] != '=')
            return false;
    }
    return dash;
}

/* The separator of a table's line: '|', '\t', or 0 for a line of text. */
static char table_sep(const char *s, size_t n)
{
    if (memchr(s, '|', n) != NULL)
        return '|';
    if (memchr(s, '\t', n) != NULL) {
        /* a tab between words, not only the indent */
        size_t i = 0;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (memchr(s + i, '\t', n - i) != NULL)
            return '\t';
    }
    return 0;
}

/* One line of the input. */
typedef struct src_line {
    const char *s;
    size_t n;
    char sep;
} src_line;

/* The words of the table lines l[from..to), separated by sep: each cell's
 * words from the column where the cells of its place start (the widest
 * before it), each cell its own. */
static tensu_status table_block(const src_line *l, int from, int to, char sep, int *cell,
                                tensu_words *w, tensu_error *err)
{
    int width[MAX_CELLS] = {0};
    size_t a[MAX_CELLS], b[MAX_CELLS];
    for (int i = from; i < to; i++) {
        int k = rule_line(l[i].s, l[i].n) ? 0 : split(l[i].s, l[i].n, sep, a, b);
        for (int c = 0; c < k; c++) {
            int wd = read_text_width(l[i].s + a[c], b[c] - a[c]);
            if (wd > width[c])
                width[c] = wd;
        }
    }
    for (int i = from; i < to; i++) {
        int k, at = 0;
        tensu_status st = TENSU_OK;
        if (rule_line(l[i].s, l[i].n))
            continue;
        k = split(l[i].s, l[i].n, sep, a, b);
        if (k < 0) /* too many cells for a table: the line as text */
            st = read_text_words(w, l[i].s, l[i].n, i + 1, 1, 0, 0, NULL, err);
        for (int c = 0; c < k && st == TENSU_OK; c++) {
            (*cell)++;
            st = read_text_words(w, l[i].s + a[c], b[c] - a[c], i + 1, (int)a[c] + 1, at, *cell, NULL,
                            err);
            at += width[c] + 3;
        }
        if (st != TENSU_OK)
            return st;
    }
    return TENSU_OK;
}

tensu_status read_grid_words(const char *data, size_t len, tensu_words *w, tensu_error *err)
{
    text_lines L = {data, len, 0, 0};
    src_line *l = NULL;
    size_t cap = 0;
    int n = 0, cell = 0;
    tensu_status st = TENSU_OK;
    const char *s;
    size_t m;
    while (read_text_next(&L, &s, &m)) {
        if ((size_t)n == cap) {
            size_t c = cap ? cap * 2 : 256;
            src_line *p = realloc(l, c * sizeof *p);
            if (p == NULL) {
                free(l);
                return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
            }
            l = p;
            cap = c;
        }
        l[n].s = s;
        l[n].n = m;
        l[n].sep = table_sep(s, m);
        n++;
    }
    for (int i = 0; i < n && st == TENSU_OK;) {
        int e = i + 1;
        if (l[i].sep == 0) {
            st = read_text_words(w, l[i].s, l[i].n, i + 1, 1, 0, 0, NULL, err);
            i = e;
            continue;
        }
        while (e < n && l[e].sep == l[i].sep)
            e++;
        st = table_block(l, i, e, l[i].sep, &cell, w, err);
        i = e;
    }
    free(l);
    return st;
}
