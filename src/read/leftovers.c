/* Lines no table took (table.h, read.c): a line with amounts that no
 * table read is noted (a warning), unless it is prose or page
 * furniture. */
#include "table.h"

#include <ctype.h>
#include <string.h>

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
