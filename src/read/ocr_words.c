/* An OCR's words of a picture, mended as a list before they join the
 * document's words (ocr_words.h): a dealer's tsumo read in pieces, an
 * amount's thousands read apart, boxes that take in a neighbour's, and
 * strokes of the rules read as words. */
#include "ocr_words.h"
#include "ocr_text.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A dealer's tsumo "700オール" as the OCR reads it: "7004" and "—JL" (the
 * オ a 4), or "700", "オ", "-", "ル": the amount, then "all". */
void fix_all_words(ocr_word *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t k = strlen(w[i].text), j = i + 1;
        if (strcmp(w[i].text, "\xE3\x82\xAA") == 0 && i + 1 < n) {
            /* "オ" then "-" then "ル", or "オ" "ル": one word */
            while (j < n && (strcmp(w[j].text, "-") == 0 || strcmp(w[j].text, "\xE3\x83\xBC") == 0))
                j++;
            if (j < n && strcmp(w[j].text, "\xE3\x83\xAB") == 0 && w[j].x1 - w[i].x2 < 3 * (w[i].y2 - w[i].y1)) {
                snprintf(w[i].text, sizeof w[i].text, "all");
                w[i].conf = 90; /* known by its shape, whatever the OCR's doubt */
                w[i].x2 = w[j].x2;
                for (size_t m = i + 1; m <= j; m++)
                    w[m].text[0] = '\0';
            }
            continue;
        }
        if (ocr_glued_ru(w[i].text) > 0) {
            /* "1,500#—L": the amount and its all, one word */
            size_t g = ocr_glued_ru(w[i].text);
            w[i].text[g] = '\0';
            if (ocr_ends_in_o(w[i].text, g))
                w[i].text[g - 1] = '\0';
            if (strlen(w[i].text) + 5 < sizeof w[i].text)
                strcat(w[i].text, " all");
            continue;
        }
        if (!ocr_katakana_ru(w[i].text))
            continue;
        snprintf(w[i].text, sizeof w[i].text, "all");
        w[i].conf = 90;
        /* the word before it on its line: "7004" is 700 and the オ */
        for (size_t m = 0; m < n; m++) {
            char *t = w[m].text;
            size_t len = strlen(t);
            double h = w[i].y2 - w[i].y1, gap = w[i].x1 - w[m].x2;
            if (m == i || len < 4 || t[len - 1] != '4' || gap < -0.2 * h || gap > 1.5 * h ||
                w[m].y2 < w[i].y1 || w[m].y1 > w[i].y2)
                continue;
            if (ocr_ends_in_o(t, len)) {
                t[len - 1] = '\0'; /* an amount ends in 00 */
                /* its doubt was the オ's */
                if (w[m].conf < 75)
                    w[m].conf = 75;
            }
        }
        (void)k;
    }
    /* the amount just left of each all: no 9 at its end */
    for (size_t i = 0; i < n; i++) {
        double h = w[i].y2 - w[i].y1;
        size_t best = n;
        if (strcmp(w[i].text, "all") != 0)
            continue;
        for (size_t m = 0; m < n; m++) {
            /* left of it, touching it or over its start (the OCR's box of
             * "2,309" may hold the オ the all was made of) */
            double gap = w[i].x1 - w[m].x2;
            if (m == i || w[m].x1 >= w[i].x1 || gap > 1.5 * h || w[m].x2 > w[i].x2 + 0.3 * h ||
                w[m].y2 < w[i].y1 || w[m].y1 > w[i].y2 ||
                strpbrk(w[m].text, "0123456789") == NULL)
                continue;
            if (best == n || w[m].x1 > w[best].x1)
                best = m;
        }
        if (best < n) {
            size_t len = strlen(w[best].text), end;
            if (len >= 2 && w[best].text[len - 1] == 'A' &&
                isdigit((unsigned char)w[best].text[len - 2])) {
                w[best].text[--len] = '\0'; /* "6, 000A": the オ read as a letter */
                if (w[best].conf < 75)
                    w[best].conf = 75;
            }
            end = ocr_amount_before_all(w[best].text, len);
            if (end < len) {
                w[best].text[end] = '\0'; /* "0007": the オ read as a 7 */
                if (w[best].conf < 75)
                    w[best].conf = 75; /* its doubt was the オ's */
            }
        }
    }
}

/* Is t digits only, from least to most of them? */
static bool digits_only(const char *t, size_t least, size_t most)
{
    size_t n = strlen(t);
    if (n < least || n > most)
        return false;
    for (size_t i = 0; i < n; i++)
        if (t[i] < '0' || t[i] > '9')
            return false;
    return true;
}

/* An amount grouped by a thin space ("18 000" in French) that the OCR
 * read as two words: one word, as the amount reads in a text ("18" and
 * "000" apart are no amount a line of limits can name). */
void join_groups(ocr_word *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        double h = w[i].y2 - w[i].y1;
        size_t best = n;
        if (w[i].dropped || !digits_only(w[i].text, 1, 3) || h <= 0)
            continue;
        for (size_t m = 0; m < n; m++) {
            /* a turned word's box is the turned picture's: its group
             * stands left of it */
            double gap = w[i].turned ? w[i].x1 - w[m].x2 : w[m].x1 - w[i].x2;
            if (m == i || w[m].dropped || w[m].turned != w[i].turned ||
                !digits_only(w[m].text, 3, 3) || gap < 0 || gap > 0.6 * h ||
                w[m].y2 < w[i].y1 + 0.5 * h || w[m].y1 > w[i].y2 - 0.5 * h)
                continue;
            if (best == n ||
                fabs(gap) < fabs(w[i].turned ? w[i].x1 - w[best].x2 : w[best].x1 - w[i].x2))
                best = m;
        }
        if (best == n || strlen(w[i].text) + strlen(w[best].text) + 2 > sizeof w[i].text)
            continue;
        strcat(w[i].text, " ");
        strcat(w[i].text, w[best].text);
        if (w[i].turned)
            w[i].x1 = w[best].x1;
        else
            w[i].x2 = w[best].x2;
        if (w[best].conf < w[i].conf)
            w[i].conf = w[best].conf;
        w[best].dropped = true;
    }
}

/* A word whose box takes in another's of its line at one end (an OCR's
 * "32,000" given the width of the "8,000/16,000" beside it): its box
 * ends where the other's starts. */
void unshare_boxes(ocr_word *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            ocr_word *a = &w[i];
            const ocr_word *b = &w[j];
            double h = a->y2 - a->y1, over = (a->y2 < b->y2 ? a->y2 : b->y2) -
                                               (a->y1 > b->y1 ? a->y1 : b->y1);
            double bw = b->x2 - b->x1;
            if (i == j || a->dropped || b->dropped || b->text[0] == '\0' || over < 0.5 * h ||
                b->x1 < a->x1 - 0.1 * bw || b->x2 > a->x2 + 0.1 * bw || bw < 0.3 * (a->x2 - a->x1))
                continue;
            if (b->x2 >= a->x2 - 0.1 * bw && b->x1 - a->x1 > 0.5 * h)
                a->x2 = b->x1 - 1; /* b at a's right end */
            else if (b->x1 <= a->x1 + 0.1 * bw && a->x2 - b->x2 > 0.5 * h)
                a->x1 = b->x2 + 1; /* at its left */
        }
}

/* Does the text have no letter nor digit ("+", "|", "-")? */
static bool no_letters(const char *t)
{
    for (; *t; t++)
        if (isalnum((unsigned char)*t) || (unsigned char)*t >= 0x80)
            return false;
    return true;
}

/* Flat dashes on a line of their own, no other word beside them across
 * the page: what is left of a rule between two rows (a photo's, not on
 * the rules taken out), no dash of a cell (a cell's dash stands on a line
 * of the table, among its row's words).  And a word of strokes only far
 * taller than the text (a "+" where a row's rule crossed a column's):
 * no word either (a line begun by it would take in the rows around). */
void drop_lone_strokes(ocr_word *w, size_t n, double ch)
{
    if (ch <= 0)
        return;
    for (size_t i = 0; i < n; i++) {
        double cy = (w[i].y1 + w[i].y2) / 2;
        bool alone = true;
        if (w[i].y2 - w[i].y1 > 2.5 * ch && no_letters(w[i].text)) {
            w[i].dropped = true;
            continue;
        }
        if (strcmp(w[i].text, "-") != 0 || w[i].y2 - w[i].y1 > 0.3 * ch)
            continue;
        /* (a word beside it: one of letters or digits whose middle is
         * level with it, or whose box reaches it; not one that ends just
         * above or starts just below, a rule's stroke between two rows,
         * nor specks: ":" "-") */
        for (size_t j = 0; j < n && alone; j++) {
            double mid = (w[j].y1 + w[j].y2) / 2;
            alone = j == i || no_letters(w[j].text) ||
                    ((w[j].y2 < w[i].y1 - 0.25 * ch || w[j].y1 > w[i].y2 + 0.25 * ch) &&
                     fabs(mid - cy) > 0.5 * ch);
        }
        if (alone)
            w[i].dropped = true;
    }
}
