/* The grammar of a chart's cells and labels (tensu.h): what the text of
 * one cell says, whatever the document it was read from.  A cell's text
 * comes from the words of one table cell, its lines separated by '\n' and
 * the parts that stand apart on a line by '\t': "1,000 (300/500)",
 * "1,500\n500 all", "-\n400 / 700", "8,000\t2,000 / 4,000", "800 [500-300]",
 * "7 700 (3 900 chacun)", "500オール".  The table reader (src/read) decides
 * what the first amount and the shares are paid for. */
#include "internal.h"

#include <ctype.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Characters                                                          */
/* ------------------------------------------------------------------ */

static bool digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Length of a UTF-8 space that may sit inside a number: U+00A0, U+2009
 * (thin), U+202F (narrow no-break); 0 when none. */
static size_t nb_space(const char *s, size_t n)
{
    if (n >= 2 && (unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0)
        return 2;
    if (n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
        ((unsigned char)s[2] == 0x89 || (unsigned char)s[2] == 0xAF))
        return 3;
    return 0;
}

/* A blank of a line (not '\n', not '\t'): ' ', or a no-break space. */
static size_t blank(const char *s, size_t n)
{
    if (n > 0 && (s[0] == ' ' || s[0] == '\r' || s[0] == '\v' || s[0] == '\f'))
        return 1;
    return nb_space(s, n);
}

/* Is the UTF-8 character at s (n bytes left) one of these? Its length. */
static size_t one_of(const char *s, size_t n, const char *const *set, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        size_t k = strlen(set[i]);
        if (k <= n && memcmp(s, set[i], k) == 0)
            return k;
    }
    return 0;
}

/* A dash: '-', '_', en and em dashes, the minus sign, the horizontal bar,
 * the full-width hyphen-minus, the katakana long vowel an OCR reads a dash
 * as ("ー"), the figure dash. */
static size_t dash(const char *s, size_t n)
{
    static const char *const dashes[] = {"-",
                                         "_",
                                         "\xE2\x80\x93",
                                         "\xE2\x80\x94",
                                         "\xE2\x88\x92",
                                         "\xE2\x80\x95",
                                         "\xEF\xBC\x8D",
                                         "\xE3\x83\xBC",
                                         "\xE2\x80\x92"};
    return one_of(s, n, dashes, sizeof dashes / sizeof dashes[0]);
}

/* ------------------------------------------------------------------ */
/* Amounts and marks                                                   */
/* ------------------------------------------------------------------ */

size_t tensu_amount_parse(const char *t, size_t n, int64_t *out)
{
    size_t i = 0, group = 0, digits = 0;
    int64_t v = 0;
    bool grouped = false;
    while (i < n && digit(t[i])) {
        v = v * 10 + (t[i++] - '0');
        group++;
        if (++digits > 15)
            return 0;
    }
    if (group == 0 || (group > 1 && t[0] == '0'))
        return 0; /* no amount starts with 0 ("00": the end of "2,600" the OCR kept) */
    for (;;) {
        size_t sep, j;
        if (group > 3 && !grouped)
            break;
        if (i + 1 < n && t[i] == ',' && t[i + 1] == ' ')
            sep = 2; /* "1, 300": an OCR's reading of "1,300" */
        else if (i < n && (t[i] == ',' || t[i] == '.' || t[i] == '\'' || t[i] == ' '))
            sep = 1;
        else
            sep = nb_space(t + i, n - i);
        if (sep == 0)
            break;
        j = i + sep;
        if (j + 3 > n || !digit(t[j]) || !digit(t[j + 1]) || !digit(t[j + 2]))
            break;
        if (j + 3 < n && digit(t[j + 3]))
            break;
        for (int k = 0; k < 3; k++)
            v = v * 10 + (t[j + k] - '0');
        digits += 3;
        if (digits > 15)
            return 0;
        i = j + 3;
        group = 3;
        grouped = true;
    }
    *out = v;
    return i;
}

bool tensu_empty_mark(const char *t, size_t n)
{
    /* "IM", "RIM", "TIM": impossible (on some charts: ron, tsumo) */
    static const char *const words[] = {"null", "none", "nil", "n/a", "na", "x",
                                        "0",    "im",   "rim", "tim", "(-)"};
    char buf[8];
    size_t i = 0, k, count = 0;
    while (n > 0 && blank(t, n))
        k = blank(t, n), t += k, n -= k;
    while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\r'))
        n--;
    if (n == 0)
        return true;
    if ((n == 2 && memcmp(t, "\xC3\x97", 2) == 0) ||  /* × */
        (n == 5 && memcmp(t, "(\xE2\x80\x94)", 5) == 0)) /* (—) */
        return true;
    /* one to four dashes of one kind or another */
    while (i < n && (k = dash(t + i, n - i)) > 0)
        i += k, count++;
    if (i == n && count <= 4)
        return true;
    if (n >= sizeof buf)
        return false;
    for (i = 0; i < n; i++)
        buf[i] = (char)tolower((unsigned char)t[i]);
    buf[n] = '\0';
    for (i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(buf, words[i]) == 0)
            return true;
    return false;
}

size_t tensu_cell_all_word(const char *t, size_t n)
{
    static const char *const words[] = {"all", "each", "chacun"};
    if (n >= 9 && memcmp(t, "\xE3\x82\xAA\xE3\x83\xBC\xE3\x83\xAB", 9) == 0)
        return 9;
    if (n >= 3 && memcmp(t, "\xE2\x88\x80", 3) == 0)
        return 3;
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        size_t k = strlen(words[w]), i;
        if (k > n)
            continue;
        for (i = 0; i < k && tolower((unsigned char)t[i]) == words[w][i]; i++)
            ;
        if (i == k && (k == n || !isalpha((unsigned char)t[k])))
            return k;
    }
    return 0;
}

/* Marks after an amount or a group: '*' (cannot occur) and daggers. */
static size_t marks(const char *t, size_t n, tensu_chart_mark *mark)
{
    size_t i = 0;
    for (;;) {
        size_t j = i, k;
        while (j < n && (k = blank(t + j, n - j)) > 0)
            j += k;
        if (j < n && t[j] == '*') {
            *mark = TENSU_MARK_IMPOSSIBLE;
            i = j + 1;
        } else if (j + 3 <= n && (unsigned char)t[j] == 0xE2 && (unsigned char)t[j + 1] == 0x80 &&
                   ((unsigned char)t[j + 2] == 0xA0 || (unsigned char)t[j + 2] == 0xA1)) {
            if (*mark == TENSU_MARK_NONE)
                *mark = TENSU_MARK_NOTE;
            i = j + 3;
        } else {
            return i;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Cells                                                               */
/* ------------------------------------------------------------------ */

/* The tokens of a cell's text. */
typedef enum tok_kind {
    T_AMOUNT, T_EMPTY, T_SEP, T_OPEN, T_CLOSE, T_ALL, T_LINE, T_PART, T_END, T_BAD
} tok_kind;

typedef struct tok {
    tok_kind kind;
    size_t at, len;
    int64_t value;
    tensu_chart_mark mark;
} tok;

#define MAX_TOKS 24

/* Split the text into tokens; false (with *bad, 1-based) at a character
 * that is none, or when there are too many. */
/* Does an all-word ("all", "each", "chacun", "オール") come next after i,
 * past blanks and gaps? */
static bool all_after(const char *t, size_t n, size_t i)
{
    size_t m;
    while (i < n && ((m = blank(t + i, n - i)) > 0 || t[i] == '\t'))
        i += m > 0 ? m : 1;
    return i < n && tensu_cell_all_word(t + i, n - i) > 0;
}

static bool tokens(const char *t, size_t n, tok *out, size_t *count, size_t *bad)
{
    size_t i = 0, k = 0;
    int depth = 0; /* within a group's brackets, words apart are one part */
    while (i < n) {
        size_t m;
        tok x = {T_BAD, i, 1, 0, TENSU_MARK_NONE};
        if ((m = blank(t + i, n - i)) > 0 || (depth > 0 && t[i] == '\t')) {
            i += m > 0 ? m : 1;
            continue;
        }
        if (k + 2 >= MAX_TOKS) {
            *bad = i + 1;
            return false;
        }
        if (t[i] == '\n') {
            x.kind = T_LINE;
        } else if (t[i] == '\t' && all_after(t, n, i + 1)) {
            i++; /* "600\tall": the word's gap, wide as it is, is no part's */
            continue;
        } else if (t[i] == '\t' || t[i] == '|') {
            x.kind = T_PART;
        } else if (t[i] == '(' || t[i] == '[') {
            x.kind = T_OPEN;
            depth++;
        } else if (t[i] == ')' || t[i] == ']') {
            x.kind = T_CLOSE;
            depth -= depth > 0;
            x.len += marks(t + i + 1, n - i - 1, &x.mark); /* "(200/400)*" */
        } else if (t[i] == '/') {
            x.kind = T_SEP;
        } else if ((m = tensu_amount_parse(t + i, n - i, &x.value)) > 0) {
            x.kind = T_AMOUNT;
            x.len = m;
            x.len += marks(t + i + m, n - i - m, &x.mark);
        } else if ((m = dash(t + i, n - i)) > 0) {
            /* a run of dashes; a separator when it stands between amounts
             * (decided by the parser) */
            size_t j = i + m, c;
            while (j < n && (c = dash(t + j, n - j)) > 0)
                j += c;
            x.kind = T_EMPTY;
            x.len = j - i;
        } else if ((m = tensu_cell_all_word(t + i, n - i)) > 0) {
            x.kind = T_ALL;
            x.len = m;
        } else if ((unsigned char)t[i] == 0xC3 && i + 1 < n && (unsigned char)t[i + 1] == 0x97) {
            x.kind = T_EMPTY; /* × */
            x.len = 2;
        } else {
            /* a word that is an empty mark by itself: "null", "n/a" */
            size_t j = i;
            while (j < n && !blank(t + j, n - j) && t[j] != '\n' && t[j] != '\t' && t[j] != ')' &&
                   t[j] != ']')
                j++;
            if (j > i && tensu_empty_mark(t + i, j - i)) {
                x.kind = T_EMPTY;
                x.len = j - i;
            } else {
                *bad = i + 1;
                return false;
            }
        }
        out[k++] = x;
        i += x.len;
    }
    out[k] = (tok){T_END, n, 0, 0, TENSU_MARK_NONE};
    *count = k;
    return true;
}

/* The shares of a tsumo at p: "300/500", "300 - 500", "500 all", "500",
 * "-", each maybe followed by a second group "(500)".  Returns the token
 * after them, or (size_t)-1 when none are there. */
static size_t shares(const tok *x, size_t p, tensu_cell_text *c)
{
    if (x[p].kind == T_EMPTY) {
        c->shares = 1;
        c->share[0] = (tensu_cell_amount){0, true, TENSU_MARK_NONE, x[p].at};
        return p + 1;
    }
    if (x[p].kind != T_AMOUNT)
        return (size_t)-1;
    c->shares = 1;
    c->share[0] = (tensu_cell_amount){x[p].value, false, x[p].mark, x[p].at};
    p++;
    if ((x[p].kind == T_SEP || x[p].kind == T_EMPTY) && x[p + 1].kind == T_AMOUNT) {
        c->shares = 2;
        c->share[1] = (tensu_cell_amount){x[p + 1].value, false, x[p + 1].mark, x[p + 1].at};
        p += 2;
    } else if ((x[p].kind == T_SEP || x[p].kind == T_EMPTY) && x[p + 1].kind == T_ALL) {
        c->all = true; /* "500-all", "500/ALL" */
        p += 2;
    } else if (x[p].kind == T_ALL) {
        c->all = true;
        p++;
    } else if (c->below && x[p].kind == T_LINE && x[p + 1].kind == T_AMOUNT &&
               (x[p + 2].kind == T_END || x[p + 2].kind == T_LINE)) {
        /* the shares one under the other, under the first amount:
         * "2,000\n500\n1,000" */
        c->shares = 2;
        c->share[1] = (tensu_cell_amount){x[p + 1].value, false, x[p + 1].mark, x[p + 1].at};
        p += 2;
    }
    return p;
}

static bool number_label(const char *t, size_t n, size_t i, tensu_label *l);

/* The text without a han range written after the amounts, "8,000 (5 han)",
 * "2,000 / 4,000 (6–7 han)": what a limit's cell may say of itself. */
static size_t without_han(const char *t, size_t n)
{
    size_t e = n, open;
    tensu_label l;
    while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\n' || t[e - 1] == '\t'))
        e--;
    if (e == 0 || t[e - 1] != ')')
        return n;
    for (open = e - 1; open > 0 && t[open - 1] != '('; open--)
        ;
    if (open == 0)
        return n;
    /* the group must name han ("(5 han)", "(13+ han)"), not be shares */
    if (!number_label(t, e - 1, open, &l) ||
        (l.kind != TENSU_LABEL_HAN && l.kind != TENSU_LABEL_HAN_RANGE))
        return n;
    {
        /* its unit said: "(6-7)" may be shares */
        bool unit_said = false;
        for (size_t i = open; i + 2 < e && !unit_said; i++)
            unit_said = ((t[i] | 0x20) == 'h' && (t[i + 1] | 0x20) == 'a' &&
                         (t[i + 2] | 0x20) == 'n') ||
                        memcmp(t + i, "\xE7\xBF\xBB", 3) == 0 ||
                        memcmp(t + i, "\xE9\xA3\x9C", 3) == 0;
        if (!unit_said)
            return n;
    }
    if (open - 1 == 0)
        return n;
    return open - 1;
}

size_t tensu_cell_parse(const char *t, size_t n, tensu_cell_text *c)
{
    tok x[MAX_TOKS];
    size_t count = 0, bad = 0, p = 0, q;
    bool lines = false;
    memset(c, 0, sizeof *c);
    n = without_han(t, n);
    if (tensu_empty_mark(t, n)) {
        c->empty = true;
        return 0;
    }
    if (!tokens(t, n, x, &count, &bad))
        return bad;
    /* blank lines and parts before the cell (a ron line left blank) */
    while (x[p].kind == T_LINE || x[p].kind == T_PART) {
        lines = lines || x[p].kind == T_LINE;
        p++;
    }
    if (x[p].kind == T_END) {
        c->empty = true;
        return 0;
    }
    /* the whole cell one empty mark (on one line, or over its lines) */
    {
        size_t e = p, marks_ = 0;
        for (; x[e].kind != T_END; e++) {
            if (x[e].kind == T_EMPTY)
                marks_++;
            else if (x[e].kind != T_LINE && x[e].kind != T_PART)
                break;
        }
        if (x[e].kind == T_END && marks_ == 1) {
            c->empty = true;
            return 0;
        }
    }
    /* a first amount, outside any group, unless the cell starts below its
     * first line with one amount alone (then it is the tsumo's: "\n700") */
    if (!(lines && x[p].kind == T_AMOUNT &&
          (x[p + 1].kind == T_END || x[p + 1].kind == T_LINE)) &&
        (x[p].kind == T_AMOUNT || x[p].kind == T_EMPTY) &&
        !(x[p].kind == T_AMOUNT && (x[p + 1].kind == T_SEP || x[p + 1].kind == T_ALL ||
                                    ((x[p + 1].kind == T_EMPTY) &&
                                     (x[p + 2].kind == T_AMOUNT || x[p + 2].kind == T_ALL))))) {
        c->has_first = true;
        c->first = (tensu_cell_amount){x[p].value, x[p].kind == T_EMPTY, x[p].mark, x[p].at};
        p++;
        if (x[p].kind == T_END)
            return 0;
        while (x[p].kind == T_LINE || x[p].kind == T_PART) {
            c->below = c->below || x[p].kind == T_LINE;
            p++;
        }
        if (x[p].kind == T_END)
            return 0;
        if (c->below && x[p].kind == T_AMOUNT && x[p + 1].kind == T_OPEN) {
            /* the tsumo's total, then its shares, on their own line */
            c->has_total = true;
            c->total = (tensu_cell_amount){x[p].value, false, x[p].mark, x[p].at};
            p++;
        }
        /* what follows a first amount on its line without parentheses
         * is the tsumo only when it says so (a separator, "all") or stands
         * apart; "1500 500" is no cell */
        if (x[p].kind == T_AMOUNT && !c->below && x[p - 1].kind != T_PART &&
            !(x[p + 1].kind == T_SEP || x[p + 1].kind == T_ALL ||
              (x[p + 1].kind == T_EMPTY && x[p + 2].kind == T_AMOUNT)))
            return x[p].at + 1;
    } else {
        c->below = lines;
    }
    if (x[p].kind == T_OPEN) {
        /* "(300/500)", "[500-300]", "(500 all)", "(300) (500)" */
        tensu_chart_mark m = TENSU_MARK_NONE;
        c->grouped = true;
        q = shares(x, p + 1, c);
        if (q == (size_t)-1)
            return x[p + 1].at + 1;
        if (x[q].kind != T_CLOSE)
            return x[q].kind == T_END ? n + 1 : x[q].at + 1;
        m = x[q].mark;
        if (m != TENSU_MARK_NONE)
            c->share[0].mark = c->share[1].mark = m;
        q++;
        if (x[q].kind == T_OPEN && c->shares == 1 && !c->share[0].empty && !c->all &&
            x[q + 1].kind == T_AMOUNT && x[q + 2].kind == T_CLOSE) {
            /* a second group of one amount: "(300) (500)" */
            c->shares = 2;
            c->share[1] =
                (tensu_cell_amount){x[q + 1].value, false, x[q + 1].mark, x[q + 1].at};
            q += 3;
        }
        p = q;
    } else if (x[p].kind == T_AMOUNT || x[p].kind == T_EMPTY) {
        q = shares(x, p, c);
        if (q == (size_t)-1)
            return x[p].at + 1;
        p = q;
    } else {
        return x[p].at + 1;
    }
    while (x[p].kind == T_LINE || x[p].kind == T_PART)
        p++;
    if (x[p].kind != T_END)
        return x[p].at + 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Labels and heads                                                    */
/* ------------------------------------------------------------------ */

/* Lowercase letters and digits only. */
static void normalize(const char *t, size_t n, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < size; i++) {
        unsigned char c = (unsigned char)t[i];
        if (isalnum(c))
            buf[k++] = (char)tolower(c);
        else if (c >= 0x80)
            buf[k++] = (char)c; /* UTF-8 kept: "翻以上" */
    }
    buf[k] = '\0';
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A limit's name, the whole text: mangan .. sanbaiman, (kazoe) yakuman,
 * double .. yakuman, "2x yakuman", "yakuman x2", in Japanese and Chinese
 * too. */
static bool limit_name(const char *t, size_t n, tensu_limit *limit, int *yakuman)
{
    /* 満貫/满贯, 跳満/跳满, 倍満/倍满, 三倍満/三倍满, 数え役満/累计役满, 役満/役满,
     * ダブル役満, トリプル役満 */
    static const struct {
        const char *text;
        tensu_limit limit;
        int yakuman;
    } cjk[] = {
        {"\xE6\xBA\x80\xE8\xB2\xAB", TENSU_LIMIT_MANGAN, 0},
        {"\xE6\xBB\xA1\xE8\xB4\xAF", TENSU_LIMIT_MANGAN, 0},
        {"\xE8\xB7\xB3\xE6\xBA\x80", TENSU_LIMIT_HANEMAN, 0},
        {"\xE8\xB7\xB3\xE6\xBB\xA1", TENSU_LIMIT_HANEMAN, 0},
        {"\xE4\xB8\x89\xE5\x80\x8D\xE6\xBA\x80", TENSU_LIMIT_SANBAIMAN, 0},
        {"\xE4\xB8\x89\xE5\x80\x8D\xE6\xBB\xA1", TENSU_LIMIT_SANBAIMAN, 0},
        {"\xE5\x80\x8D\xE6\xBA\x80", TENSU_LIMIT_BAIMAN, 0},
        {"\xE5\x80\x8D\xE6\xBB\xA1", TENSU_LIMIT_BAIMAN, 0},
        {"\xE6\x95\xB0\xE3\x81\x88\xE5\xBD\xB9\xE6\xBA\x80", TENSU_LIMIT_KAZOE_YAKUMAN, 0},
        {"\xE7\xB4\xAF\xE8\xAE\xA1\xE5\xBD\xB9\xE6\xBB\xA1", TENSU_LIMIT_KAZOE_YAKUMAN, 0},
        {"\xE3\x83\x80\xE3\x83\x96\xE3\x83\xAB\xE5\xBD\xB9\xE6\xBA\x80", TENSU_LIMIT_YAKUMAN, 2},
        {"\xE3\x83\x88\xE3\x83\xAA\xE3\x83\x97\xE3\x83\xAB\xE5\xBD\xB9\xE6\xBA\x80",
         TENSU_LIMIT_YAKUMAN, 3},
        {"\xE5\xBD\xB9\xE6\xBA\x80", TENSU_LIMIT_YAKUMAN, 1},
        {"\xE5\xBD\xB9\xE6\xBB\xA1", TENSU_LIMIT_YAKUMAN, 1},
    };
    static const char *const mult[] = {"single", "double", "triple", "quadruple", "quintuple",
                                       "sextuple"};
    char s[48];
    int count = 0;
    size_t i = 0;
    {
        /* the characters, spaces between them dropped ("役 満", as an OCR
         * reads a name set wide) */
        char c[48];
        size_t m = 0;
        bool wide = false;
        for (size_t k = 0; k < n && m + 1 < sizeof c; k++) {
            wide |= (unsigned char)t[k] >= 0x80;
            if (t[k] != ' ')
                c[m++] = t[k];
        }
        for (size_t k = 0; k < sizeof cjk / sizeof cjk[0]; k++)
            if ((n == strlen(cjk[k].text) && memcmp(t, cjk[k].text, n) == 0) ||
                (wide && m == strlen(cjk[k].text) && memcmp(c, cjk[k].text, m) == 0)) {
                *limit = cjk[k].limit;
                *yakuman = cjk[k].yakuman;
                return true;
            }
    }
    if (n == 0 || n >= sizeof s)
        return false;
    /* a name is letters, digits, and the marks of "2x_yakuman", "2× yakuman"
     * ("yakuman =" is words around a name) */
    for (size_t k = 0; k < n; k++) {
        unsigned char ch = (unsigned char)t[k];
        if (!(isalnum(ch) || ch == ' ' || ch == '-' || ch == '_' ||
              (ch == 0xC3 && k + 1 < n && (unsigned char)t[k + 1] == 0x97) ||
              (ch == 0x97 && k > 0 && (unsigned char)t[k - 1] == 0xC3)))
            return false;
    }
    /* "2× yakuman": the multiplication sign as an x */
    {
        char u[48];
        size_t k = 0;
        for (size_t j = 0; j < n && k + 1 < sizeof u; j++) {
            if (j + 1 < n && (unsigned char)t[j] == 0xC3 && (unsigned char)t[j + 1] == 0x97) {
                u[k++] = 'x';
                j++;
            } else {
                u[k++] = t[j];
            }
        }
        normalize(u, k, s, sizeof s);
    }
    *yakuman = 0;
    if (strcmp(s, "mangan") == 0)
        *limit = TENSU_LIMIT_MANGAN;
    else if (strcmp(s, "haneman") == 0)
        *limit = TENSU_LIMIT_HANEMAN;
    else if (strcmp(s, "baiman") == 0)
        *limit = TENSU_LIMIT_BAIMAN;
    else if (strcmp(s, "sanbaiman") == 0)
        *limit = TENSU_LIMIT_SANBAIMAN;
    else if (strcmp(s, "kazoeyakuman") == 0 || strcmp(s, "kazoe") == 0)
        *limit = TENSU_LIMIT_KAZOE_YAKUMAN;
    else if (strcmp(s, "yakuman") == 0) {
        *limit = TENSU_LIMIT_YAKUMAN;
        *yakuman = 1;
    } else {
        for (size_t k = 0; k < sizeof mult / sizeof mult[0]; k++)
            if (starts(s, mult[k]) && strcmp(s + strlen(mult[k]), "yakuman") == 0) {
                *limit = TENSU_LIMIT_YAKUMAN;
                *yakuman = (int)k + 1;
                return true;
            }
        /* 2xyakuman, 2yakuman, yakumanx2, yakuman2x, yakuman2 (not "Yakuman
         * 13+", a yakuman and its han) */
        if (starts(s, "yakuman")) {
            i = 7;
            if (s[i] == 'x')
                i++;
            else if (memchr(t, '+', n) != NULL || memchr(t, ' ', n) != NULL)
                return false;
        }
        while (digit(s[i]) && count < 1000)
            count = count * 10 + (s[i++] - '0');
        if (count < 1 || count > 100)
            return false;
        if (strcmp(s + i, "xyakuman") == 0 || strcmp(s + i, "yakuman") == 0 ||
            (starts(s, "yakuman") && (s[i] == '\0' || strcmp(s + i, "x") == 0))) {
            *limit = TENSU_LIMIT_YAKUMAN;
            *yakuman = count;
            return true;
        }
        return false;
    }
    return true;
}

/* The unit after a number: han or fu, in English, Japanese or Chinese. */
static tensu_label_kind unit(const char *t, size_t n)
{
    static const struct {
        const char *text;
        tensu_label_kind kind;
    } cjk[] = {{"\xE7\xAC\xA6", TENSU_LABEL_FU},           /* 符 */
               {"\xE7\xBF\xBB", TENSU_LABEL_HAN},          /* 翻 */
               {"\xE9\xA3\x9C", TENSU_LABEL_HAN},          /* 飜 */
               {"\xE7\x95\xAA", TENSU_LABEL_HAN},          /* 番 */
               {"\xE3\x83\x8F\xE3\x83\xB3", TENSU_LABEL_HAN}}; /* ハン */
    char w[16];
    for (size_t k = 0; k < sizeof cjk / sizeof cjk[0]; k++)
        if (n == strlen(cjk[k].text) && memcmp(t, cjk[k].text, n) == 0)
            return cjk[k].kind;
    for (size_t i = 0; i < n; i++)
        if (!isalpha((unsigned char)t[i]))
            return TENSU_LABEL_NONE;
    normalize(t, n, w, sizeof w);
    if (strcmp(w, "han") == 0 || strcmp(w, "hans") == 0)
        return TENSU_LABEL_HAN;
    if (strcmp(w, "fu") == 0)
        return TENSU_LABEL_FU;
    return TENSU_LABEL_NONE;
}

/* Skip blanks. */
static size_t skip(const char *t, size_t n, size_t i)
{
    size_t k;
    while (i < n && (k = blank(t + i, n - i)) > 0)
        i += k;
    return i;
}

/* A word between the two ends of a range: "à" ("6 à 7 han"), "a", "to". */
static size_t range_word(const char *t, size_t n)
{
    if (n >= 2 && (unsigned char)t[0] == 0xC3 && (unsigned char)t[1] == 0xA0)
        return 2; /* à */
    if (n >= 2 && (t[0] == 'a' || t[0] == 'A') && (t[1] == ' ' || digit(t[1])))
        return 1; /* "6 a 7": à written plain (or so read: "6 a7") */
    if (n >= 2 && (t[0] == 't' || t[0] == 'T') && (t[1] == 'o' || t[1] == 'O') &&
        (n == 2 || t[2] == ' '))
        return 2;
    return 0;
}

/* Between the two ends of a han range: a dash, or the wave dash of a
 * Japanese chart ("6〜7翻", read "6~7"). */
static size_t range_dash(const char *t, size_t n)
{
    static const char *const waves[] = {"~", "\xE3\x80\x9C", "\xEF\xBD\x9E"};
    size_t k = dash(t, n);
    return k > 0 ? k : one_of(t, n, waves, sizeof waves / sizeof waves[0]);
}

/* What the OCR may make of the 翻 after a han range ("#)", "番", "83"
 * read as digits of the range's end): a sign or two, or one character
 * of three bytes (a kanji). */
static bool misread_han(const char *t, size_t n)
{
    if (n == 3 && (unsigned char)t[0] >= 0xE3)
        return true;
    for (size_t i = 0; i < n; i++)
        if (strchr("#)]}|*%$", t[i]) == NULL)
            return false;
    return n > 0 && n <= 2;
}

/* A han range or a number with its unit, the whole text from i:
 * "30", "30 fu", "30符", "4-han", "6-7", "6-7 han", "13+", "(8-10 han)". */
static bool number_label(const char *t, size_t n, size_t i, tensu_label *l)
{
    int v = 0, last = -1;
    size_t d = 0, k;
    bool paren = false;
    i = skip(t, n, i);
    if (i < n && t[i] == '(') {
        paren = true;
        i++;
    }
    while (i < n && digit(t[i]) && d < 4)
        v = v * 10 + (t[i++] - '0'), d++;
    if (d == 0 || (i < n && digit(t[i])))
        return false;
    i = skip(t, n, i);
    if (i < n && t[i] == '+') {
        last = 0; /* "13+" */
        i++;
    } else if (i < n && (((k = range_dash(t + i, n - i)) > 0 && i + k < n &&
                          digit(t[skip(t, n, i + k)])) ||
                         ((k = range_word(t + i, n - i)) > 0 && i + k < n &&
                          digit(t[skip(t, n, i + k)])))) {
        size_t e = skip(t, n, i + k), from = e;
        last = 0;
        d = 0;
        while (e < n && digit(t[e]) && d < 4)
            last = last * 10 + (t[e++] - '0'), d++;
        i = e;
        if (d >= 3) {
            /* no range ends past the tables' last han: the 翻 after it
             * read as digits by the OCR ("8~1083"), the end is the first
             * two digits, or the first */
            int two = (t[from] - '0') * 10 + (t[from + 1] - '0');
            last = two > v && two <= TENSU_TABLE_MAX_HAN ? two : t[from] - '0';
        }
        if (last <= v)
            return false;
    } else if (i < n && (k = dash(t + i, n - i)) > 0 && i + k < n &&
               isalpha((unsigned char)t[i + k])) {
        i += k; /* "4-han" */
    }
    i = skip(t, n, i);
    {
        size_t e = n;
        tensu_label_kind u = TENSU_LABEL_NONE;
        if (paren) {
            /* the group closes the text: "(6-7 han)", not "(5 han) 8,000" */
            while (e > i && t[e - 1] == ' ')
                e--;
            if (e == i || t[e - 1] != ')')
                return false;
            e--;
        }
        while (e > i && (t[e - 1] == ' ' || t[e - 1] == '.'))
            e--;
        if (e > i) {
            /* "han", "fu", "han and more", "han or more" */
            char w[32];
            u = unit(t + i, e - i);
            normalize(t + i, e - i, w, sizeof w);
            /* "13+ han", "13 han and more", "13 han et plus", "13 et +" */
            static const char *const more[] = {"hanandmore", "hanormore", "hanplus", "andmore",
                                               "ormore", "plus", "et", "etplus", "hanet",
                                               "hanetplus", "ouplus", "hanouplus", "hanetplu",
                                               "\xE7\xBF\xBB\xE4\xBB\xA5\xE4\xB8\x8A", /* 翻以上 */
                                               "\xE4\xBB\xA5\xE4\xB8\x8A"}; /* 以上 */
            for (size_t m = 0; u == TENSU_LABEL_NONE && m < sizeof more / sizeof more[0]; m++)
                if (strcmp(w, more[m]) == 0)
                    u = TENSU_LABEL_HAN, last = last < 0 ? 0 : last;
            if (u == TENSU_LABEL_NONE && last > 0 && misread_han(t + i, e - i))
                u = TENSU_LABEL_HAN; /* "6~7#)", "6-7番": a range, its 翻 misread */
            if (u == TENSU_LABEL_NONE)
                return false;
        }
        if (last >= 0) {
            if (u == TENSU_LABEL_FU)
                return false;
            l->kind = TENSU_LABEL_HAN_RANGE;
            l->value = v;
            l->last = last;
            return true;
        }
        l->kind = u == TENSU_LABEL_NONE ? TENSU_LABEL_NUMBER : u;
        l->value = v;
        return true;
    }
}

bool tensu_label_parse(const char *t, size_t n, tensu_label *l)
{
    size_t i, e;
    memset(l, 0, sizeof *l);
    i = skip(t, n, 0);
    while (n > i && (t[n - 1] == ' ' || t[n - 1] == ':'))
        n--;
    if (i >= n)
        return false;
    if (digit(t[i]) || t[i] == '(') {
        /* "2x yakuman", "2× yakuman" first */
        if (limit_name(t + i, n - i, &l->limit, &l->yakuman)) {
            l->kind = TENSU_LABEL_LIMIT;
            return true;
        }
        return number_label(t, n, i, l);
    }
    if (limit_name(t + i, n - i, &l->limit, &l->yakuman)) {
        l->kind = TENSU_LABEL_LIMIT;
        return true;
    }
    /* a limit's name, then its han range: "Mangan 5 han", "Haneman (6-7
     * han)", "Yakuman 13+", "満貫 5翻" */
    for (e = i + 1; e < n; e++) {
        tensu_label range;
        if (!(digit(t[e]) || t[e] == '('))
            continue;
        if (limit_name(t + i, e - i, &l->limit, &l->yakuman) ||
            (e > i && limit_name(t + i, e - i - (t[e - 1] == ' ' ? 1 : 0), &l->limit,
                                 &l->yakuman))) {
            if (number_label(t, n, e, &range) &&
                (range.kind == TENSU_LABEL_HAN || range.kind == TENSU_LABEL_HAN_RANGE ||
                 range.kind == TENSU_LABEL_NUMBER)) {
                l->kind = TENSU_LABEL_LIMIT;
                return true;
            }
            break;
        }
    }
    memset(l, 0, sizeof *l);
    return false;
}

tensu_limit tensu_label_han_limit(const tensu_label *l)
{
    if (l == NULL || (l->kind != TENSU_LABEL_HAN && l->kind != TENSU_LABEL_NUMBER &&
                      l->kind != TENSU_LABEL_HAN_RANGE))
        return TENSU_LIMIT_NONE;
    for (int k = TENSU_LIMIT_MANGAN; k <= TENSU_LIMIT_KAZOE_YAKUMAN; k++) {
        int first = tensu_limit_han((tensu_limit)k),
            next = k < TENSU_LIMIT_KAZOE_YAKUMAN ? tensu_limit_han((tensu_limit)(k + 1)) : 0;
        if (first <= 0 || l->value != first)
            continue;
        if (l->kind == TENSU_LABEL_HAN_RANGE && l->last != 0 && l->last != next - 1)
            return TENSU_LIMIT_NONE;
        /* the last row, 13 han and more: the yakuman row */
        return k == TENSU_LIMIT_KAZOE_YAKUMAN ? TENSU_LIMIT_YAKUMAN : (tensu_limit)k;
    }
    return TENSU_LIMIT_NONE;
}
