/* What the OCR makes of a chart's words, mended as text (no OCR library
 * here: the readings of doc_picture.c come in as strings): specks and
 * rules read as signs, letters among digits, strokes of dashes, and the
 * many readings of the katakana オール ("all") after a dealer's tsumo. */
#include "ocr_text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Is the word made only of strokes the OCR gives for a run of dashes
 * ("---" read as "ーー", "ニー", "=", "一一")? */
static bool dash_strokes(const char *w)
{
    static const char *const strokes[] = {"-", "_", "=", "~", "\xE2\x80\x93", "\xE2\x80\x94",
                                          "\xE2\x80\x95", "\xE2\x88\x92",
                                          "\xE3\x83\xBC" /* ー */, "\xE3\x83\x8B" /* ニ */,
                                          "\xE4\xB8\x80" /* 一 */, "\xEF\xBC\x9D" /* ＝ */};
    size_t i = 0, n = strlen(w);
    if (n == 0)
        return false;
    while (i < n) {
        size_t k, len = 0;
        for (k = 0; k < sizeof strokes / sizeof strokes[0]; k++) {
            len = strlen(strokes[k]);
            if (strncmp(w + i, strokes[k], len) == 0)
                break;
        }
        if (k == sizeof strokes / sizeof strokes[0])
            return false;
        i += len;
    }
    return true;
}

/* What is left of a rule or a speck in a reading with figures: '_' (no
 * amount is written with one), a period after an amount ("16,000."). */
void ocr_drop_specks(char *t)
{
    size_t k = 0;
    bool figures = strpbrk(t, "0123456789") != NULL;
    for (size_t i = 0; t[i]; i++) {
        bool period = t[i] == '.' && i > 0 && isdigit((unsigned char)t[i - 1]) &&
                      (t[i + 1] == '\0' || t[i + 1] == '\n' || t[i + 1] == ' ');
        if (!(figures && t[i] == '_') && !period)
            t[k++] = t[i];
    }
    t[k] = '\0';
}

/* The OCR's reading of a word, tidied: '|' (a table's rule read as a
 * letter) dropped, and its specks (ocr_drop_specks); a word of rules only is
 * none; strokes of dashes a dash; braces that are brackets; "all"
 * misread. */
void ocr_tidy(const char *w, char *buf, size_t size)
{
    static const char *const all[] = {"ail", "aIl", "alI", "aII", "a1l", "al1", "a11", "ali",
                                      "aii", "ait", "alt"};
    size_t k = 0;
    for (size_t i = 0; w[i] && k + 1 < size; i++)
        if (w[i] != '|' && w[i] != '\n')
            buf[k++] = w[i] == '{' ? '(' : w[i] == '}' ? ')' : w[i];
    buf[k] = '\0';
    ocr_drop_specks(buf);
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        size_t n = strlen(all[i]);
        if (strncmp(buf, all[i], n) == 0 && (buf[n] == '\0' || buf[n] == ')' || buf[n] == ']'))
            memcpy(buf, "all", 3);
    }
    /* a speck read as a quote before a word ("‘Tsumo", "“30fu": a head
     * whose 30 follows a letter stays a head) */
    if ((strncmp(buf, "\xE2\x80\x98", 3) == 0 && isalpha((unsigned char)buf[3])) ||
        (strncmp(buf, "\xE2\x80\x9C", 3) == 0 && isdigit((unsigned char)buf[3]) &&
         strpbrk(buf + 3, "abcdefghijklmnopqrstuvwxyz") != NULL))
        memmove(buf, buf + 3, strlen(buf + 3) + 1);
    else if ((buf[0] == '\'' || buf[0] == '`') && isalpha((unsigned char)buf[1]))
        memmove(buf, buf + 1, strlen(buf + 1) + 1);
    if (dash_strokes(buf))
        snprintf(buf, size, "-");

    /* a 1 read as a letter before its unit ("Lhan", "lfu") */
    if ((buf[0] == 'l' || buf[0] == 'L' || buf[0] == 'I' || buf[0] == '!') &&
        (strcmp(buf + 1, "han") == 0 || strcmp(buf + 1, " han") == 0))
        buf[0] = '1';
    /* letters among digits: O for 0, l and I for 1 ("1O00", "2,0O0") */
    {
        int digits = 0;
        for (size_t i = 0; buf[i]; i++)
            digits += buf[i] >= '0' && buf[i] <= '9';
        for (size_t i = 0; buf[i] && digits >= 2; i++) {
            bool by = (i > 0 && buf[i - 1] >= '0' && buf[i - 1] <= '9') ||
                      (buf[i + 1] >= '0' && buf[i + 1] <= '9');
            if (!by)
                continue;
            if (buf[i] == 'O' || buf[i] == 'o')
                buf[i] = '0';
            else if (buf[i] == 'l' || buf[i] == 'I')
                buf[i] = '1';
        }
    }
}

/* A dash, then from least to most of the signs the OCR makes of ル
 * (among set): "—JL", "-JIL", "—)". */
static bool ru_strokes(const char *t, const char *set, size_t least, size_t most)
{
    static const char *const dashes[] = {"-", "\xE2\x80\x94", "\xE2\x80\x93", "\xE3\x83\xBC"};
    for (size_t k = 0; k < sizeof dashes / sizeof dashes[0]; k++) {
        size_t n = strlen(dashes[k]), m = 0;
        if (strncmp(t, dashes[k], n) != 0)
            continue;
        for (t += n; t[m]; m++)
            if (strchr(set, t[m]) == NULL)
                return false;
        return m >= least && m <= most;
    }
    return false;
}

/* the signs the OCR makes of ル */
static const char ru_signs[] = "JjIilLyvb|)";

/* Is the text what the OCR makes of the katakana "ール" of オール ("—JL",
 * "-JIL", "—yL", "ル")? */
bool ocr_katakana_ru(const char *t)
{
    if (strcmp(t, "\xE3\x83\xAB") == 0 || strcmp(t, "\xE3\x83\xBC\xE3\x83\xAB") == 0)
        return true; /* ル, ール */
    return ru_strokes(t, ru_signs, 2, 64);
}

/* Does the amount t (len bytes) end in the オ after it, read as a digit:
 * "7004", "1, 3002" (an amount ends in 00; a group has three digits)? */
bool ocr_ends_in_o(const char *t, size_t len)
{
    size_t run = 0;
    while (run < len && t[len - 1 - run] >= '0' && t[len - 1 - run] <= '9')
        run++;
    if (run < 3 || t[len - 2] != '0' || t[len - 3] != '0')
        return false;
    if (t[len - 1] != '0')
        return run >= 4;
    /* "1, 3000": four digits in a group */
    return run == 4 && run < len && strchr(",. ", t[len - 1 - run]) != NULL;
}

/* The amount before an "all", ending at t[len]: its last digit the オ
 * read as one ("12, 0007": the amount's new end, len - 1, returned), else
 * its 9s made 0s ("2, 309", "1, 699", "6999" are 2,300, 1,600, 6,000: the
 * last 0 and the オ read as one 9; no payment ends in 9, each is rounded
 * to 100, an unrounded one to 20) and len returned. */
size_t ocr_amount_before_all(char *t, size_t len)
{
    if (ocr_ends_in_o(t, len) && t[len - 1] != '0')
        return len - 1;
    for (size_t k = len; k > 0 && t[k - 1] == '9'; k--)
        t[k - 1] = '0';
    return len;
}

/* The length of the amount in a token glued to what the OCR made of
 * "ール" ("600—JL", "1,500#—L"), or 0. */
size_t ocr_glued_ru(const char *tok)
{
    size_t i = 0;
    while (tok[i] && strchr("0123456789,.", tok[i]) != NULL)
        i++;
    if (i < 3 || tok[i] == '\0')
        return 0;
    /* one sign is enough after an amount: "—L" */
    return ru_strokes(tok + i + (tok[i] == '#'), ru_signs, 1, 64) ? i : 0;
}

/* A dash and a sign or two ("—)", "—,"): what the OCR may make of "ール"
 * after an amount whose オ it read as a digit (o_before). */
static bool weak_ru(const char *t)
{
    return ru_strokes(t, "JjIilLyvb|),.", 0, 2); /* and a comma or a period */
}

/* Does the text before out[k] end in an amount and the オ read as a digit
 * ("1, 0004 ")? */
static bool o_before(const char *out, size_t k)
{
    while (k > 0 && out[k - 1] == ' ')
        k--;
    return ocr_ends_in_o(out, k);
}

/* A box's text read again, its オール as the words of a page are
 * (fix_all_words): "1, 6004 —JL" is "1, 600 all", "2,000 オ ー ル" is
 * "2,000 all". */
void ocr_fix_all(char *text)
{
    char out[512];
    size_t k = 0, n = strlen(text);
    for (size_t i = 0; i < n && k + 8 < sizeof out;) {
        size_t e = i;
        char tok[128];
        if (text[i] == ' ' || text[i] == '\n') {
            out[k++] = text[i++];
            continue;
        }
        while (e < n && text[e] != ' ' && text[e] != '\n')
            e++;
        snprintf(tok, sizeof tok, "%.*s", (int)(e - i), text + i);
        if (strcmp(tok, "\xE3\x82\xAA") == 0 || strcmp(tok, "\xE3\x82\xAA\xE3\x83\xBC\xE3\x83\xAB") == 0) {
            /* "オ" then "ー" "ル" (or "-"), or "オール": one "all" */
            size_t j = e;
            while (j < n && text[j] == ' ')
                j++;
            while (strcmp(tok, "\xE3\x82\xAA") == 0 && j < n &&
                   (strncmp(text + j, "\xE3\x83\xBC", 3) == 0 || strncmp(text + j, "\xE3\x83\xAB", 3) == 0 ||
                    text[j] == '-')) {
                j += text[j] == '-' ? 1 : 3;
                e = j;
                while (j < n && text[j] == ' ')
                    j++;
            }
            memcpy(out + k, "all", 3);
            k += 3;
        } else if (ocr_katakana_ru(tok) || ocr_glued_ru(tok) > 0 || (weak_ru(tok) && o_before(out, k))) {
            /* "600—JL": the amount first */
            size_t g = ocr_glued_ru(tok), m;
            memcpy(out + k, tok, g);
            k += g;
            /* the オ before it read as a digit at the amount's end: "6004" */
            m = k;
            while (m > 0 && out[m - 1] == ' ')
                m--;
            if (ocr_ends_in_o(out, m)) {
                k = m - 1;
                out[k++] = ' ';
            } else if (g > 0) {
                out[k++] = ' ';
            }
            memcpy(out + k, "all", 3);
            k += 3;
        } else {
            memcpy(out + k, tok, strlen(tok));
            k += strlen(tok);
        }
        i = e;
    }
    out[k] = '\0';
    /* "2, 309 all": the last 0 and the オ read as one 9; "4,000%# all",
     * "4, 000A all", "12, 0007 all": the オ read as signs, a letter or a
     * digit */
    for (char *a = strstr(out, "all"); a != NULL; a = strstr(a + 3, "all")) {
        char *z = a;
        while (z > out && (z[-1] == ' ' || strchr("%#*&$@A", z[-1]) != NULL)) {
            bool digit = z - 1 > out && isdigit((unsigned char)z[-2]) != 0;
            if (z[-1] != ' ' && z - 1 > out && !digit && strchr("%#*&$@", z[-2]) == NULL)
                break;
            if (z[-1] == 'A' && !digit)
                break; /* a letter only right after the figures */
            z[-1] = ' ';
            z--;
        }
        if (ocr_amount_before_all(out, (size_t)(z - out)) < (size_t)(z - out))
            z[-1] = ' '; /* "12, 0007 all": the オ read as a 7 */
    }
    {
        /* "2,.000", "2.,000": a comma and a speck read as a period, one comma */
        size_t q = 0;
        for (size_t i = 0; out[i]; i++) {
            bool pair = (out[i] == ',' && out[i + 1] == '.') ||
                        (out[i] == '.' && out[i + 1] == ',');
            if (pair && out[i + 2] >= '0' && out[i + 2] <= '9') {
                out[q++] = ',';
                i++;
            } else {
                out[q++] = out[i];
            }
        }
        out[q] = '\0';
    }
    /* never longer than the text it replaces ("all" is no longer than
     * what the OCR made of オール): within the caller's buffer */
    snprintf(text, strlen(text) + 1, "%s", out);
}
