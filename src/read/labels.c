/* What the words of a chart say beside its amounts (table.h): whose
 * payment a head or a heading names, a table of limits, the corner of a
 * table, three players.  In English, French and Japanese (and the Chinese
 * words charts use). */
#include "table.h"

#include <ctype.h>
#include <string.h>

/* Lowercase ASCII letters and digits of text; other bytes (UTF-8) kept,
 * so that Japanese words stay findable. */
static void fold(const char *t, char *buf, size_t size)
{
    size_t k = 0;
    for (; *t && k + 1 < size; t++) {
        unsigned char c = (unsigned char)*t;
        if (c == 0xE2 && (unsigned char)t[1] == 0x80 && (unsigned char)t[2] >= 0x98 &&
            (unsigned char)t[2] <= 0x9D) {
            t += 2; /* a typographic quote (an OCR's speck) */
            continue;
        }
        if (c >= 0x80)
            buf[k++] = (char)c;
        else if (isalnum(c))
            buf[k++] = (char)tolower(c);
    }
    buf[k] = '\0';
}

static bool has(const char *s, const char *w)
{
    return strstr(s, w) != NULL;
}

/* The first place in s of a word naming a non-dealer, or NULL. */
static const char *nd_at(const char *s)
{
    static const char *const words[] = {"nondealer", "notdealer", "nondonneur", "children",
                                        "child",
                                        "\xE5\xAD\x90",          /* 子 */
                                        "\xE9\x97\xB2\xE5\xAE\xB6", /* 闲家 */
                                        "\xE9\x96\x91\xE5\xAE\xB6"}; /* 閑家 */
    const char *best = NULL;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        const char *p = strstr(s, words[i]);
        if (p != NULL && (best == NULL || p < best))
            best = p;
    }
    return best;
}

/* The first place in s of a word naming the dealer (not a non-dealer), or
 * NULL. */
static const char *d_at(const char *s)
{
    static const char *const words[] = {"dealer", "donneur", "oya",
                                        "\xE8\xA6\xAA",             /* 親 */
                                        "\xE5\xBA\x84\xE5\xAE\xB6", /* 庄家 */
                                        "\xE8\x8E\x8A\xE5\xAE\xB6"}; /* 莊家 */
    const char *best = NULL;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        for (const char *p = strstr(s, words[i]); p != NULL; p = strstr(p + 1, words[i])) {
            if (p - s >= 3 && strncmp(p - 3, "non", 3) == 0)
                continue; /* "dealer" of "nondealer" */
            if (i == 2 && p != s)
                continue; /* "oya" only as the word itself */
            if (best == NULL || p < best)
                best = p;
            break;
        }
    return best;
}

static bool ron_word(const char *s)
{
    return has(s, "ron") || has(s, "\xE3\x83\xAD\xE3\x83\xB3") /* ロン */ ||
           has(s, "discard");
}

static bool tsumo_word(const char *s)
{
    return has(s, "tsumo") || has(s, "selfdraw") || has(s, "\xE3\x83\x84\xE3\x83\xA2") /* ツモ */ ||
           has(s, "\xE8\x87\xAA\xE6\x91\xB8") /* 自摸 */;
}

unsigned read_pay_words(const char *text)
{
    char s[160];
    const char *nd, *d, *t;
    unsigned bits = 0;
    fold(text, s, sizeof s);
    nd = nd_at(s);
    d = d_at(s);
    /* the winner's side is the first named; a side named after the word
     * tsumo is the payer's ("nondealer_tsumo_from_dealer") */
    t = strstr(s, "tsumo");
    if (nd != NULL && (d == NULL || nd < d))
        bits |= P_ND;
    else if (d != NULL)
        bits |= P_D;
    if (ron_word(s))
        bits |= P_RON;
    if (tsumo_word(s))
        bits |= P_TSUMO;
    if (t != NULL && (bits & P_ND)) {
        const char *after = t + 5;
        if (has(after, "nondealer") || has(after, "child") || has(after, "each") ||
            has(after, "other"))
            bits |= P_FROM_ND;
        else if (d_at(after) != NULL)
            bits |= P_FROM_D;
    }
    if (has(s, "total"))
        bits |= P_TOTAL;
    /* "ko" and "oya" alone, as some charts head their tables */
    if (strcmp(s, "ko") == 0)
        bits |= P_ND;
    return bits;
}

size_t read_figures(const char *text, char *out, size_t size)
{
    size_t k = 0;
    for (; *text && k + 1 < size; text++)
        if (*text >= '0' && *text <= '9')
            out[k++] = *text;
    out[k] = '\0';
    return k;
}

void read_count_words(const char *text, int *numbers, int *words)
{
    size_t n = strlen(text);
    *numbers = *words = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)text[i];
        bool start = i == 0 || !isalnum((unsigned char)text[i - 1]);
        if (isdigit(c)) {
            /* an amount grouped "1,000", "7 700" (a no-break space) is one number */
            int64_t v;
            size_t used = tensu_amount_parse(text + i, n - i, &v);
            (*numbers)++;
            i += used > 0 ? used : 1;
            while (i < n && isdigit((unsigned char)text[i]))
                i++;
            continue;
        }
        if (isalpha(c) && start)
            (*words)++;
        else if (c >= 0xE0 && c < 0xF0)
            (*words)++; /* a CJK character counts as a word */
        i++;
    }
}

unsigned read_heading_words(const char *text, int *score)
{
    char s[160];
    const char *nd, *d;
    int numbers, words;
    unsigned side;
    fold(text, s, sizeof s);
    *score = 0;
    nd = nd_at(s);
    d = d_at(s);
    if (nd == NULL && d == NULL) {
        if (strcmp(s, "ko") != 0)
            return 0;
        nd = s;
    }
    if (nd != NULL && d != NULL) {
        /* "Dealer tsumo: each non-dealer pays": the first is the winner, if
         * it starts the heading */
        const char *first = nd < d ? nd : d;
        if (first != s)
            return 0;
        side = nd < d ? P_ND : P_D;
        *score -= 2;
    } else {
        side = nd != NULL ? P_ND : P_D;
    }
    read_count_words(text, &numbers, &words);
    if (read_has_amount(text))
        return 0; /* an amount: a line of a table, not a heading */
    *score += (side == P_ND ? nd : d) == s ? 3 : 0; /* it starts the heading */
    *score += words <= 3 ? 3 : words <= 6 ? 1 : words <= 9 ? 0 : -3;
    if (ron_word(s) && !tsumo_word(s))
        side |= P_RON;
    if (tsumo_word(s) && !ron_word(s))
        side |= P_TSUMO;
    return side;
}

bool read_limit_head(const char *text)
{
    char s[96];
    fold(text, s, sizeof s);
    return has(s, "limit") || has(s, "\xE6\xBA\x80\xE8\xB2\xAB\xE4\xBB\xA5\xE4\xB8\x8A") /* 満貫以上 */;
}

int read_corner_word(const char *text)
{
    char s[64];
    fold(text, s, sizeof s);
    if (strcmp(s, "fu") == 0)
        return 'f';
    if (strcmp(s, "han") == 0 || strcmp(s, "hans") == 0 || strcmp(s, "\xE7\xBF\xBB") == 0 ||
        strcmp(s, "\xE9\xA3\x9C") == 0 || strcmp(s, "\xE7\xBF\xBB\xE6\x95\xB0") == 0 /* 翻数 */ ||
        strcmp(s, "\xE7\x95\xAA") == 0 /* 番 (fan; the OCR's 翻 too) */)
        return 'h';
    if (strcmp(s, "\xE7\xAC\xA6") == 0) /* 符 */
        return 'f';
    /* "fu \ han", "fu/han", "符\翻", "han fu": rows, then columns */
    if (strcmp(s, "fuhan") == 0 || strcmp(s, "\xE7\xAC\xA6\xE7\xBF\xBB") == 0 ||
        strcmp(s, "\xE7\xAC\xA6\xE9\xA3\x9C") == 0)
        return 'b';
    if (strcmp(s, "hanfu") == 0 || strcmp(s, "\xE7\xBF\xBB\xE7\xAC\xA6") == 0)
        return 'r'; /* rows of han */
    return 0;
}

tensu_label_kind read_unit_word(const char *text)
{
    int c = read_corner_word(text);
    return c == 'f' ? TENSU_LABEL_FU : c == 'h' ? TENSU_LABEL_HAN : TENSU_LABEL_NONE;
}

bool read_has_amount(const char *text)
{
    size_t n = strlen(text);
    for (size_t i = 0; i < n; i++) {
        int64_t v;
        size_t used;
        if (!isdigit((unsigned char)text[i]) || (i > 0 && isdigit((unsigned char)text[i - 1])))
            continue;
        used = tensu_amount_parse(text + i, n - i, &v);
        if (used > 0 && v >= 100)
            return true;
        i += used;
    }
    return false;
}

const char *read_players_word(const char *text)
{
    static const char *const words[] = {"three-player", "three player", "3-player", "3 player",
                                        "sanma", "3 joueurs", "trois joueurs",
                                        /* a dealer's tsumo: "each of the 2 others" */
                                        "of the 2 others", "des 2 autres",
                                        "\xE4\xB8\x89\xE4\xBA\xBA" /* 三人 */,
                                        "\xE4\xB8\x89\xE9\xBA\xBB" /* 三麻 */,
                                        "\xE3\x82\xB5\xE3\x83\xB3\xE3\x83\x9E" /* サンマ */};
    char low[512];
    size_t k = 0;
    for (; text[k] && k + 1 < sizeof low; k++)
        low[k] = (char)tolower((unsigned char)text[k]);
    low[k] = '\0';
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        const char *at = strstr(low, words[w]);
        /* "3 player", not "13 player" */
        if (at != NULL && (at == low || !isdigit((unsigned char)at[-1])))
            return words[w];
    }
    return NULL;
}
