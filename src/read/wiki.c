/* MediaWiki score-table templates as words: the parameters
 * "|2and30tsumo=500/1000" and "|manganron=8000" of a block are the cells of
 * a table of one row per han and fu (or limit), with a column of han, of
 * fu, of ron and of tsumo, as the wiki shows them; each word keeps its
 * place in the template.  The lines between ("# Dealer block") are text. */
#include "words.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 512

/* Where the columns of the table stand, in characters. */
enum { X_HAN = 0, X_FU = 12, X_RON = 20, X_TSUMO = 34 };

/* A word of the table at its place (text.c's words, set at row y). */
static tensu_status put(tensu_words *w, const char *s, size_t n, double y, int at, int line,
                        int column, int cell, tensu_error *err)
{
    return n == 0 ? TENSU_OK : read_text_word_y(w, s, n, y, line, column, at, cell, err);
}

tensu_status read_wiki_words(const char *data, size_t len, tensu_words *w, tensu_error *err)
{
    text_lines L = {data, len, 0, 0};
    const char *s;
    size_t n;
    double y = 0;
    char (*keys)[24] = malloc(MAX_ROWS * sizeof *keys);
    int nkeys = 0, cell = 0;
    bool block = false;
    tensu_status st = TENSU_OK;
    if (keys == NULL)
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    while (st == TENSU_OK && read_text_next(&L, &s, &n)) {
        const char *eq = n > 0 && s[0] == '|' ? memchr(s, '=', n) : NULL;
        char key[48];
        size_t k = 0, vn;
        const char *v;
        bool tsumo;
        int row;
        if (eq != NULL)
            for (const char *p = s + 1; p < eq && k + 1 < sizeof key; p++)
                if (isalnum((unsigned char)*p))
                    key[k++] = (char)tolower((unsigned char)*p);
        key[k] = '\0';
        tsumo = k > 5 && strcmp(key + k - 5, "tsumo") == 0;
        if (eq == NULL || !(tsumo || (k > 3 && strcmp(key + k - 3, "ron") == 0))) {
            /* a line of text: ends the block of parameters */
            if (eq == NULL) {
                st = read_text_words(w, s, n, L.line, 1, 0, 0, NULL, err);
                block = false;
                nkeys = 0;
                y = L.line + 1;
            }
            continue;
        }
        key[k - (tsumo ? 5 : 3)] = '\0';
        if (!block) {
            /* the block's header, under what came before */
            static const struct {
                const char *text;
                int at;
            } heads[] = {{"han", X_HAN}, {"fu", X_FU}, {"ron", X_RON}, {"tsumo", X_TSUMO}};
            if (y < L.line)
                y = L.line;
            for (size_t h = 0; h < sizeof heads / sizeof heads[0] && st == TENSU_OK; h++)
                st = put(w, heads[h].text, strlen(heads[h].text), y, heads[h].at, 0, 0, ++cell,
                         err);
            y += 1;
            block = true;
            nkeys = 0;
        }
        for (row = 0; row < nkeys && strcmp(keys[row], key) != 0; row++)
            ;
        if (row == nkeys) {
            /* a new row: its han and fu (or its limit) from the key */
            const char *and = strstr(key, "and");
            int col = 2; /* after the '|' */
            if (nkeys == MAX_ROWS) {
                st = error_fill_at(err, TENSU_ERR_RANGE, L.line, 1,
                                   "more than %d rows in a template block", MAX_ROWS);
                break;
            }
            snprintf(keys[nkeys++], sizeof keys[0], "%s", key);
            if (and != NULL) {
                st = put(w, key, (size_t)(and - key), y + row, X_HAN, L.line, col, ++cell, err);
                if (st == TENSU_OK)
                    st = put(w, and + 3, strlen(and + 3), y + row, X_FU, L.line, col, ++cell,
                             err);
            } else {
                st = put(w, key, strlen(key), y + row, X_HAN, L.line, col, ++cell, err);
            }
        }
        /* the value, in the ron or the tsumo column */
        v = eq + 1;
        vn = n - (size_t)(v - s);
        while (vn > 0 && (v[vn - 1] == ' ' || v[vn - 1] == '}'))
            vn--;
        while (vn > 0 && v[0] == ' ')
            v++, vn--;
        if (st == TENSU_OK && vn > 0) {
            tensu_word word;
            char buf[128];
            size_t m = vn < sizeof buf ? vn : sizeof buf - 1;
            memcpy(buf, v, m);
            buf[m] = '\0';
            memset(&word, 0, sizeof word);
            word.text = buf;
            word.x1 = (tsumo ? X_TSUMO : X_RON) * TEXT_CHAR;
            word.x2 = word.x1 + read_text_width(buf, m) * TEXT_CHAR;
            word.y1 = y + row;
            word.y2 = y + row + 1;
            word.cell = ++cell;
            word.line = L.line;
            word.column = (int)(v - s) + 1;
            word.conf = 100;
            st = tensu_words_add(w, &word, err);
        }
    }
    free(keys);
    return st;
}
