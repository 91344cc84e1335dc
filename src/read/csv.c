/* CSV files as words: each field a cell of its own, the fields of a
 * column set one under the other (each column as wide as its widest
 * field), as a spreadsheet shows them; a word's column is its field's
 * number, so that the report can name the cell ("D33").  Lines starting
 * with '#' are comments. */
#include "words.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 64

/* One field: where its text is, unquoted into buf. */
typedef struct field {
    size_t at;     /* byte offset of the field in its line */
    char buf[256];
    size_t n;
} field;

/* Split one line at sep (quotes allowed, "" a quote).  Returns the number
 * of fields, -1 when more than MAX_FIELDS. */
static int split(const char *s, size_t n, char sep, field *f)
{
    int nf = 0;
    size_t i = 0;
    for (;;) {
        size_t k = 0;
        if (nf == MAX_FIELDS)
            return -1;
        while (i < n && (s[i] == ' ' || s[i] == '\t') && s[i] != sep)
            i++;
        f[nf].at = i;
        if (i < n && s[i] == '"') {
            i++;
            while (i < n) {
                if (s[i] == '"' && i + 1 < n && s[i + 1] == '"') {
                    if (k + 1 < sizeof f[nf].buf)
                        f[nf].buf[k++] = '"';
                    i += 2;
                } else if (s[i] == '"') {
                    i++;
                    break;
                } else {
                    if (k + 1 < sizeof f[nf].buf)
                        f[nf].buf[k++] = s[i];
                    i++;
                }
            }
            while (i < n && s[i] != sep)
                i++;
        } else {
            while (i < n && s[i] != sep) {
                if (k + 1 < sizeof f[nf].buf)
                    f[nf].buf[k++] = s[i];
                i++;
            }
        }
        while (k > 0 && (f[nf].buf[k - 1] == ' ' || f[nf].buf[k - 1] == '\t'))
            k--;
        f[nf].buf[k] = '\0';
        f[nf].n = k;
        nf++;
        if (i >= n)
            return nf;
        i++; /* the separator */
    }
}

static bool digits(const field *f, size_t lo, size_t hi)
{
    if (f->n < lo || f->n > hi)
        return false;
    for (size_t i = 0; i < f->n; i++)
        if (!isdigit((unsigned char)f->buf[i]))
            return false;
    return true;
}

/* Is this header field the han or the fu column (whose numbers are no
 * amounts to join)? */
static bool label_field(const field *f)
{
    char s[16];
    size_t k = 0;
    for (size_t i = 0; i < f->n && k + 1 < sizeof s; i++)
        if (isalpha((unsigned char)f->buf[i]))
            s[k++] = (char)tolower((unsigned char)f->buf[i]);
    s[k] = '\0';
    return strcmp(s, "han") == 0 || strcmp(s, "fu") == 0 || strcmp(s, "hans") == 0;
}

tensu_status read_csv_words(const char *data, size_t len, tensu_words *w, tensu_error *err)
{
    text_lines L = {data, len, 0, 0};
    const char *s;
    size_t n;
    char sep = 0;
    int ncols = 0, width[MAX_FIELDS] = {0}, cell = 0, pass;
    bool label[MAX_FIELDS] = {false};
    field *f = malloc((MAX_FIELDS + 1) * sizeof *f);
    tensu_status st = TENSU_OK;
    if (f == NULL)
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    /* twice: the columns' widths, then the words */
    for (pass = 0; pass < 2 && st == TENSU_OK; pass++) {
        L = (text_lines){data, len, 0, 0};
        while (st == TENSU_OK && read_text_next(&L, &s, &n)) {
            int nf, at = 0;
            size_t i = 0;
            while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
            if (i == n || s[i] == '#')
                continue;
            if (sep == 0) {
                /* the header: the separator it uses most */
                size_t counts[3] = {0, 0, 0};
                for (size_t k = 0; k < n; k++)
                    counts[0] += s[k] == ',', counts[1] += s[k] == ';', counts[2] += s[k] == '\t';
                sep = counts[1] > counts[0] ? ';' : ',';
                if (counts[2] > counts[0] && counts[2] > counts[1])
                    sep = '\t';
            }
            nf = split(s, n, sep, f);
            if (nf < 0)
                nf = MAX_FIELDS;
            if (ncols == 0) {
                bool han = false;
                char text[48];
                ncols = nf;
                for (int k = 0; k < nf; k++) {
                    label[k] = label_field(&f[k]);
                    han = han || (label[k] && (f[k].buf[0] == 'h' || f[k].buf[0] == 'H'));
                }
                if (!han) {
                    snprintf(text, sizeof text, "%.*s", n > 40 ? 40 : (int)n, s);
                    st = error_fill_at(err, TENSU_ERR_INVALID, L.line, 1,
                                       "expected a header naming han, fu and payment columns "
                                       "(han,fu,nondealer_ron,nondealer_tsumo_from_nondealer,"
                                       "nondealer_tsumo_from_dealer,dealer_ron,dealer_tsumo_each), "
                                       "found '%s'",
                                       text);
                    break;
                }
            }
            /* "7,700" unquoted in a comma-separated file: join the groups */
            while (sep == ',' && nf > ncols) {
                int j;
                for (j = 0; j + 1 < nf; j++)
                    if (!label[j] && digits(&f[j], 1, 3) && digits(&f[j + 1], 3, 3))
                        break;
                if (j + 1 >= nf)
                    break;
                if (f[j].n + 1 + f[j + 1].n < sizeof f[j].buf) {
                    f[j].buf[f[j].n] = ',';
                    memcpy(f[j].buf + f[j].n + 1, f[j + 1].buf, f[j + 1].n + 1);
                    f[j].n += 1 + f[j + 1].n;
                }
                memmove(&f[j + 1], &f[j + 2], (size_t)(nf - j - 2) * sizeof f[0]);
                nf--;
            }
            if (nf > ncols && pass == 1) {
                char why[96];
                snprintf(why, sizeof why, "expected %d fields as in the header, found %d", ncols,
                         nf);
                st = read_words_note(w, L.line, (int)f[ncols].at + 1, 1, f[ncols].buf, why, err);
                nf = ncols; /* the fields beyond the header's are no column's */
            }
            for (int k = 0; k < nf && st == TENSU_OK; k++) {
                if (pass == 0) {
                    int wd = read_text_width(f[k].buf, f[k].n);
                    if (wd > width[k])
                        width[k] = wd;
                    continue;
                }
                cell++;
                if (f[k].n > 0) {
                    /* the words of the field; each keeps the field's number */
                    size_t a = 0;
                    int x = at;
                    while (a < f[k].n && st == TENSU_OK) {
                        size_t b;
                        if (f[k].buf[a] == ' ') {
                            a++, x++;
                            continue;
                        }
                        for (b = a; b < f[k].n && f[k].buf[b] != ' '; b++)
                            ;
                        st = read_text_word(w, f[k].buf + a, b - a, L.line,
                                            (int)(f[k].at + a) + 1, x, cell, err);
                        if (st == TENSU_OK)
                            w->words[w->n - 1].field = k + 1;
                        x += read_text_width(f[k].buf + a, b - a);
                        a = b;
                    }
                }
                at += (k < MAX_FIELDS ? width[k] : 8) + 3;
            }
        }
    }
    free(f);
    if (st == TENSU_OK && ncols == 0)
        st = error_fill_at(err, TENSU_ERR_INVALID, 1, 1,
                           "expected a header line naming han, fu and payment columns, "
                           "found no line");
    return st;
}
