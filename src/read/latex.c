/* LaTeX tables as words: the rows of a tabular ('&' between cells, "\\"
 * at the end), each cell's text without its commands, set on a grid of
 * their own (each column as wide as its widest cell; \multicolumn spans
 * its columns), a blank line after each tabular; other lines (captions,
 * comments naming the table) as text. */
#include "words.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 40

/* A cell's text without LaTeX commands, braces and '$' ("\textbf{8,000}"
 * is "8,000", '~' a space); a \multicolumn{N}{spec}{text} gives its span
 * in *span and keeps only the text. */
static size_t clean(const char *s, size_t n, char *buf, size_t size, int *span)
{
    size_t k = 0, i = 0;
    *span = 1;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (!(n - i > 12 && strncmp(s + i, "\\multicolumn", 12) == 0))
        i = 0; /* the cell's blanks kept: its words keep their columns */
    if (n - i > 12 && strncmp(s + i, "\\multicolumn", 12) == 0) {
        /* \multicolumn{N}{spec}{text}: skip to the third group */
        size_t j = i + 12;
        int groups = 0, depth = 0, v = 0;
        for (; j < n && groups < 2; j++) {
            if (s[j] == '{' && depth++ == 0)
                continue;
            if (s[j] == '}' && --depth == 0)
                groups++;
            else if (groups == 0 && depth == 1 && isdigit((unsigned char)s[j]))
                v = v * 10 + (s[j] - '0');
        }
        if (v >= 1 && v <= MAX_COLS)
            *span = v;
        i = j;
    }
    for (; i < n && k + 1 < size; i++) {
        char c = s[i];
        if (c == '\\') {
            if (i + 1 < n && !isalpha((unsigned char)s[i + 1])) {
                if (s[i + 1] == '%' || s[i + 1] == '&' || s[i + 1] == '$')
                    buf[k++] = s[i + 1]; /* an escaped character */
                else if (s[i + 1] == ',' || s[i + 1] == ' ' || s[i + 1] == ';')
                    buf[k++] = ' ';
                i++;
                continue;
            }
            while (i + 1 < n && isalpha((unsigned char)s[i + 1]))
                i++;
            continue;
        }
        if (c == '{' || c == '}' || c == '$')
            continue;
        buf[k++] = c == '~' ? ' ' : c;
    }
    buf[k] = '\0';
    return k;
}

/* The cells of a row: split at '&' not escaped, up to "\\". */
static int cells(const char *s, size_t n, size_t *from, size_t *to)
{
    int k = 0;
    size_t start = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == '\\' && s[i + 1] == '\\') {
            n = i;
            break;
        }
    for (size_t i = 0; i <= n; i++)
        if (i == n || (s[i] == '&' && (i == 0 || s[i - 1] != '\\'))) {
            if (k == MAX_COLS)
                return -1;
            from[k] = start;
            to[k] = i;
            k++;
            start = i + 1;
        }
    return k;
}

static bool is_row(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '&' && (i == 0 || s[i - 1] != '\\'))
            return true;
    return false;
}

tensu_status read_latex_words(const char *data, size_t len, tensu_words *w, tensu_error *err)
{
    text_lines L = {data, len, 0, 0};
    const char *s;
    size_t n;
    int cell = 0;
    tensu_status st = TENSU_OK;
    while (st == TENSU_OK && read_text_next(&L, &s, &n)) {
        if (!is_row(s, n)) {
            char buf[512];
            int span;
            size_t k;
            size_t i = 0;
            while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
            if (i < n && s[i] == '%') {
                /* a comment: its words, the '%' dropped */
                i++;
            }
            k = clean(s + i, n - i, buf, sizeof buf, &span);
            st = read_text_words(w, buf, k, L.line, (int)i + 1, 0, 0, NULL, err);
            continue;
        }
        {
            /* a block of rows: widths, then words */
            text_lines B = L, P = L;
            int width[MAX_COLS] = {0}, nrows = 0;
            size_t from[MAX_COLS], to[MAX_COLS];
            const char *t = s;
            size_t m = n;
            char buf[256];
            int span;
            for (;;) {
                int k = cells(t, m, from, to);
                for (int c = 0, col = 0; c < k && col < MAX_COLS; c++) {
                    size_t cl = clean(t + from[c], to[c] - from[c], buf, sizeof buf, &span);
                    int wd = read_text_width(buf, cl);
                    if (span == 1 && wd > width[col])
                        width[col] = wd;
                    col += span;
                }
                nrows++;
                B = P;
                if (!read_text_next(&P, &t, &m) || !is_row(t, m))
                    break;
            }
            /* the words */
            P = L;
            t = s, m = n;
            for (int r = 0; r < nrows && st == TENSU_OK; r++) {
                int k;
                double at = 0;
                if (r > 0 && !read_text_next(&P, &t, &m))
                    break;
                k = cells(t, m, from, to);
                for (int c = 0, col = 0; c < k && col < MAX_COLS && st == TENSU_OK; c++) {
                    size_t cl = clean(t + from[c], to[c] - from[c], buf, sizeof buf, &span);
                    int wide = 0;
                    for (int j = col; j < col + span && j < MAX_COLS; j++)
                        wide += width[j] + 3;
                    cell++;
                    st = read_text_words(w, buf, cl, P.line, (int)from[c] + 1, (int)at, cell, NULL,
                                    err);
                    at += wide;
                    col += span;
                }
            }
            L = B;
        }
    }
    return st;
}
