/* The one grammar of chart cells (chart_read.h): text helpers, amounts,
 * grid cells, limit names, headings and column heads, adding cells. */
#include "chart_read.h"

/* ------------------------------------------------------------------ */
/* Text helpers                                                        */
/* ------------------------------------------------------------------ */



bool next_line(lines *L, span *out)
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
    while (end > start && (L->data[end - 1] == '\r'))
        end--;
    out->s = L->data + start;
    out->n = end - start;
    out->col = 1;
    return true;
}

bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Length of a UTF-8 space that may sit inside a number or a cell:
 * U+00A0, U+2009 (thin), U+202F (narrow no-break); 0 when none. */
size_t utf8_space(const char *s, size_t n)
{
    if (n >= 2 && (unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0)
        return 2;
    if (n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
        ((unsigned char)s[2] == 0x89 || (unsigned char)s[2] == 0xAF))
        return 3;
    return 0;
}

span trim(span t)
{
    for (;;) {
        size_t u;
        if (t.n > 0 && is_space(t.s[0])) {
            t.s++, t.n--, t.col++;
        } else if ((u = utf8_space(t.s, t.n)) > 0) {
            t.s += u, t.n -= u, t.col += (int)u;
        } else {
            break;
        }
    }
    while (t.n > 0 && is_space(t.s[t.n - 1]))
        t.n--;
    return t;
}

/* Lowercase letters and digits only, into buf. */
void normalize(span t, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < t.n && k + 1 < size; i++) {
        unsigned char c = (unsigned char)t.s[i];
        if (isalnum(c))
            buf[k++] = (char)tolower(c);
    }
    buf[k] = '\0';
}

bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool ends(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* The cell text for a message: at most 40 bytes, whole UTF-8 characters
 * kept as they are (a Japanese heading is shown, not '???'), control
 * characters and broken sequences as '?'. */
void excerpt(span t, char *buf, size_t size)
{
    size_t k = 0, i = 0;
    while (i < t.n && i < 40 && k + 5 < size) {
        unsigned char c = (unsigned char)t.s[i];
        size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
                                 : (c & 0xF8) == 0xF0 ? 4 : 0;
        bool ok = len > 0 && i + len <= t.n && (len > 1 || c >= 32) && c != 127;
        for (size_t j = 1; ok && j < len; j++)
            ok = ((unsigned char)t.s[i + j] & 0xC0) == 0x80;
        if (!ok) {
            buf[k++] = '?';
            i++;
            continue;
        }
        memcpy(buf + k, t.s + i, len);
        k += len;
        i += len;
    }
    if (i < t.n && k + 4 <= size) {
        memcpy(buf + k, "...", 3);
        k += 3;
    }
    buf[k] = '\0';
}

/* A plain non-negative integer (the whole span), at most 9 digits. */
bool parse_int(span t, int *out)
{
    long v = 0;
    t = trim(t);
    if (t.n == 0 || t.n > 9)
        return false;
    for (size_t i = 0; i < t.n; i++) {
        if (!is_digit(t.s[i]))
            return false;
        v = v * 10 + (t.s[i] - '0');
    }
    *out = (int)v;
    return true;
}

/* An integer followed by an optional word ("30", "30 fu", "2 han"):
 * word is set to "" or the lowercased word. */
bool parse_int_word(span t, int *out, char *word, size_t wsize)
{
    size_t i = 0;
    span num;
    t = trim(t);
    while (i < t.n && is_digit(t.s[i]))
        i++;
    if (i == 0)
        return false;
    num = (span){t.s, i, t.col};
    if (!parse_int(num, out))
        return false;
    /* "1-han": a hyphen between the number and its word */
    if (i + 1 < t.n && t.s[i] == '-' && isalpha((unsigned char)t.s[i + 1]))
        i++;
    {
        /* the word in Japanese or Chinese: 符 is fu; 番, 翻, ハン are han */
        span w = trim((span){t.s + i, t.n - i, 0});
        static const struct {
            const char *text, *word;
        } cjk[] = {{"\xE7\xAC\xA6", "fu"},
                   {"\xE7\x95\xAA", "han"},
                   {"\xE7\xBF\xBB", "han"},
                   {"\xE3\x83\x8F\xE3\x83\xB3", "han"}};
        for (size_t k = 0; k < sizeof cjk / sizeof cjk[0]; k++)
            if (w.n == strlen(cjk[k].text) && memcmp(w.s, cjk[k].text, w.n) == 0) {
                snprintf(word, wsize, "%s", cjk[k].word);
                return true;
            }
    }
    normalize((span){t.s + i, t.n - i, 0}, word, wsize);
    for (size_t j = i; j < t.n; j++)
        if (!isalpha((unsigned char)t.s[j]) && !is_space(t.s[j]))
            return false;
    return true;
}

/* The tokens that mean "no value here". */
bool is_empty_token(span t)
{
    /* "IM", "RIM", "TIM": impossible (on some charts: ron, tsumo) */
    static const char *const words[] = {"null", "none", "nil", "n/a", "na", "x",
                                        "0",    "im",   "rim", "tim", "(-)"};
    char buf[8];
    t = trim(t);
    if (t.n == 0)
        return true;
    if ((t.n == 2 && memcmp(t.s, "\xC3\x97", 2) == 0) || /* × */
        (t.n == 5 && memcmp(t.s, "(\xE2\x80\x94)", 5) == 0))  /* (—) */
        return true;
    if (t.n <= 4) {
        bool dashes = true;
        for (size_t i = 0; i < t.n; i++)
            dashes = dashes && (t.s[i] == '-' || t.s[i] == '_');
        if (dashes)
            return true;
    }
    /* em dash, en dash, minus sign, alone or repeated */
    if (t.n % 3 == 0 && t.n <= 9) {
        bool all = true;
        for (size_t i = 0; i < t.n; i += 3) {
            const unsigned char *u = (const unsigned char *)t.s + i;
            all = all && ((u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x93 || u[2] == 0x94)) ||
                          (u[0] == 0xE2 && u[1] == 0x88 && u[2] == 0x92));
        }
        if (all)
            return true;
    }
    if (t.n >= sizeof buf)
        return false;
    for (size_t i = 0; i < t.n; i++)
        buf[i] = (char)tolower((unsigned char)t.s[i]);
    buf[t.n] = '\0';
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(buf, words[i]) == 0)
            return true;
    return false;
}

/* A limit row's name: mangan .. sanbaiman, yakuman, kazoe yakuman,
 * double/triple.. yakuman, "2x_yakuman", "yakuman x2". */
bool parse_limit_name(span t, tensu_limit *limit, int *yakuman)
{
    /* in Japanese and Chinese: 満貫/满贯, 跳満/跳满, 倍満/倍满, 三倍満/三倍满,
     * 役満/役满, 数え役満/累计役满 */
    static const struct {
        const char *text;
        tensu_limit limit;
    } cjk[] = {
        {"\xE6\xBA\x80\xE8\xB2\xAB", TENSU_LIMIT_MANGAN},
        {"\xE6\xBB\xA1\xE8\xB4\xAF", TENSU_LIMIT_MANGAN},
        {"\xE8\xB7\xB3\xE6\xBA\x80", TENSU_LIMIT_HANEMAN},
        {"\xE8\xB7\xB3\xE6\xBB\xA1", TENSU_LIMIT_HANEMAN},
        {"\xE4\xB8\x89\xE5\x80\x8D\xE6\xBA\x80", TENSU_LIMIT_SANBAIMAN},
        {"\xE4\xB8\x89\xE5\x80\x8D\xE6\xBB\xA1", TENSU_LIMIT_SANBAIMAN},
        {"\xE5\x80\x8D\xE6\xBA\x80", TENSU_LIMIT_BAIMAN},
        {"\xE5\x80\x8D\xE6\xBB\xA1", TENSU_LIMIT_BAIMAN},
        {"\xE6\x95\xB0\xE3\x81\x88\xE5\xBD\xB9\xE6\xBA\x80", TENSU_LIMIT_KAZOE_YAKUMAN},
        {"\xE7\xB4\xAF\xE8\xAE\xA1\xE5\xBD\xB9\xE6\xBB\xA1", TENSU_LIMIT_KAZOE_YAKUMAN},
        {"\xE5\xBD\xB9\xE6\xBA\x80", TENSU_LIMIT_YAKUMAN},
        {"\xE5\xBD\xB9\xE6\xBB\xA1", TENSU_LIMIT_YAKUMAN},
    };
    {
        span w = trim(t);
        for (size_t k = 0; k < sizeof cjk / sizeof cjk[0]; k++)
            if (w.n == strlen(cjk[k].text) && memcmp(w.s, cjk[k].text, w.n) == 0) {
                *limit = cjk[k].limit;
                *yakuman = cjk[k].limit == TENSU_LIMIT_YAKUMAN;
                return true;
            }
    }
    static const char *const mult[] = {"single", "double", "triple", "quadruple",
                                       "quintuple", "sextuple"};
    char s[48];
    int n = 0;
    size_t i = 0;
    t = trim(t);
    if (t.n == 0 || t.n >= sizeof s)
        return false;
    normalize(t, s, sizeof s);
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
        /* 2xyakuman, 2yakuman, yakumanx2, yakuman2x, yakuman2 */
        if (starts(s, "yakuman")) {
            i = 7;
            if (s[i] == 'x')
                i++;
        }
        while (is_digit(s[i]) && n < 1000)
            n = n * 10 + (s[i++] - '0');
        if (n < 1 || n > 100)
            return false;
        if (strcmp(s + i, "xyakuman") == 0 || strcmp(s + i, "yakuman") == 0 ||
            (starts(s, "yakuman") && (s[i] == '\0' || strcmp(s + i, "x") == 0))) {
            *limit = TENSU_LIMIT_YAKUMAN;
            *yakuman = n;
            return true;
        }
        return false;
    }
    return true;
}

/* One amount: digits, possibly grouped by thousands ("7,700", "7 700",
 * "7.700", "7'700"); *used gets the bytes read.  At most 15 digits. */
bool parse_amount(span t, size_t *used, int64_t *out)
{
    size_t i = 0, group = 0, digits = 0;
    int64_t v = 0;
    bool grouped = false;
    while (i < t.n && is_digit(t.s[i])) {
        v = v * 10 + (t.s[i++] - '0');
        group++;
        if (++digits > 15)
            return false;
    }
    if (group == 0)
        return false;
    for (;;) {
        size_t sep = 0, j;
        if (group > 3 && !grouped)
            break;
        if (i < t.n && (t.s[i] == ',' || t.s[i] == '.' || t.s[i] == '\'' || t.s[i] == ' '))
            sep = 1;
        else
            sep = utf8_space(t.s + i, t.n - i);
        if (sep == 0)
            break;
        j = i + sep;
        if (j + 3 > t.n || !is_digit(t.s[j]) || !is_digit(t.s[j + 1]) || !is_digit(t.s[j + 2]))
            break;
        if (j + 3 < t.n && is_digit(t.s[j + 3]))
            break;
        for (int k = 0; k < 3; k++)
            v = v * 10 + (t.s[j + k] - '0');
        digits += 3;
        if (digits > 15)
            return false;
        i = j + 3;
        group = 3;
        grouped = true;
    }
    *used = i;
    *out = v;
    return true;
}

/* Marks after an amount: '*' (cannot occur) and daggers (notes). */
size_t parse_marks(span t, tensu_chart_mark *mark)
{
    size_t i = 0;
    for (;;) {
        size_t j = i;
        while (j < t.n && is_space(t.s[j]))
            j++;
        if (j < t.n && t.s[j] == '*') {
            *mark = TENSU_MARK_IMPOSSIBLE;
            i = j + 1;
        } else if (j + 3 <= t.n && (unsigned char)t.s[j] == 0xE2 &&
                   (unsigned char)t.s[j + 1] == 0x80 &&
                   ((unsigned char)t.s[j + 2] == 0xA0 || (unsigned char)t.s[j + 2] == 0xA1)) {
            if (*mark == TENSU_MARK_NONE)
                *mark = TENSU_MARK_NOTE;
            i = j + 3;
        } else {
            return i;
        }
    }
}


bool skip_sep(span t, size_t *i)
{
    size_t j = *i;
    while (j < t.n && is_space(t.s[j]))
        j++;
    if (j < t.n && (t.s[j] == '/' || t.s[j] == '-')) {
        j++;
    } else if (j + 3 <= t.n && (unsigned char)t.s[j] == 0xE2 &&
               (unsigned char)t.s[j + 1] == 0x80 &&
               ((unsigned char)t.s[j + 2] == 0x93 || (unsigned char)t.s[j + 2] == 0x94)) {
        j += 3;
    } else {
        return false;
    }
    while (j < t.n && is_space(t.s[j]))
        j++;
    *i = j;
    return true;
}

/* The word after a dealer's tsumo amount that says each player pays it:
 * "all", "each", "chacun" (any case), "オール", "∀". */
bool all_word(span t)
{
    char w[8];
    t = trim(t);
    if (t.n == 0 || t.n > 12)
        return false;
    if ((t.n == 9 && memcmp(t.s, "\xE3\x82\xAA\xE3\x83\xBC\xE3\x83\xAB", 9) == 0) ||
        (t.n == 3 && memcmp(t.s, "\xE2\x88\x80", 3) == 0))
        return true;
    normalize(t, w, sizeof w);
    return strcmp(w, "all") == 0 || strcmp(w, "each") == 0 || strcmp(w, "chacun") == 0;
}

/* Returns 0 on success, else the 1-based offset in t where it went wrong. */
size_t parse_amounts(span t, amounts *a)
{
    size_t i = 0, used;
    memset(a, 0, sizeof *a);
    t = trim(t);
    if (is_empty_token(t)) {
        a->empty = true;
        a->col[0] = t.col;
        return 0;
    }
    while (a->count < 2) {
        span rest = {t.s + i, t.n - i, t.col + (int)i};
        if (a->count == 1 && all_word(rest))
            break; /* "500-all", "500/ALL": the dealer's tsumo */
        if (!parse_amount(rest, &used, &a->v[a->count]))
            return i + 1;
        a->col[a->count] = rest.col;
        i += used;
        i += parse_marks((span){t.s + i, t.n - i, 0}, &a->mark[a->count]);
        a->count++;
        if (a->count == 2 || !skip_sep(t, &i))
            break;
    }
    while (i < t.n && is_space(t.s[i]))
        i++;
    /* "4000 all" / "4000 each" / "4000オール" / "4000∀" for the dealer's tsumo */
    if (a->count == 1 && all_word((span){t.s + i, t.n - i, 0}))
        i = t.n;
    if (i < t.n)
        return i + 1;
    return 0;
}


size_t parse_grid_cell(span t, grid_cell *g)
{
    size_t i = 0, bad;
    memset(g, 0, sizeof *g);
    t = trim(t);
    if (is_empty_token(t)) {
        g->all_empty = true;
        g->has_ron = true;
        g->ron.empty = true;
        g->ron.col[0] = t.col;
        return 0;
    }
    if (t.n > 0 && t.s[0] != '(' && t.s[0] != '[') {
        size_t end = 0;
        while (end < t.n && t.s[end] != '(' && t.s[end] != '[')
            end++;
        bad = parse_amounts((span){t.s, end, t.col}, &g->ron);
        if (bad)
            return bad;
        if (g->ron.count > 1)
            return 1; /* "300/500" outside parentheses */
        g->has_ron = true;
        i = end;
    }
    /* the tsumo group "(300/500)" or "[300/500]", or two of one amount
     * each, "(300) (500)": the non-dealers' share, then the dealer's */
    for (int group = 0; group < 2 && i < t.n && (t.s[i] == '(' || t.s[i] == '['); group++) {
        char closing = t.s[i] == '(' ? ')' : ']';
        size_t close = i + 1;
        tensu_chart_mark m = TENSU_MARK_NONE;
        amounts part;
        while (close < t.n && t.s[close] != closing)
            close++;
        if (close >= t.n)
            return t.n + 1;
        bad = parse_amounts((span){t.s + i + 1, close - i - 1, t.col + (int)i + 1}, &part);
        if (bad)
            return i + 1 + bad;
        if (group == 0) {
            g->tsumo = part;
        } else {
            /* a second group: one amount more, when both are single */
            if (g->tsumo.count != 1 || part.count != 1 || g->tsumo.empty || part.empty)
                return i + 1;
            g->tsumo.v[1] = part.v[0];
            g->tsumo.col[1] = part.col[0];
            g->tsumo.mark[1] = part.mark[0];
            g->tsumo.count = 2;
        }
        g->has_tsumo = true;
        i = close + 1;
        i += parse_marks((span){t.s + i, t.n - i, 0}, &m);
        if (m != TENSU_MARK_NONE)
            g->tsumo.mark[0] = g->tsumo.mark[1] = m;
        while (i < t.n && is_space(t.s[i]))
            i++;
    }
    if (i < t.n)
        return i + 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Adding cells                                                        */
/* ------------------------------------------------------------------ */


tensu_status bad(reader *R, int col, const char *what, span found)
{
    char ex[48];
    excerpt(found, ex, sizeof ex);
    return tensu_fail_at(R->err, TENSU_ERR_INVALID, R->line, col, "%s, found '%s'", what, ex);
}

/* A cell (error) or a line (warning, column 0) that was not read: noted in
 * the chart, and the reading goes on.  Returns the status of the noting
 * (TENSU_OK, or out of memory). */
tensu_status note(reader *R, bool error, int col, const char *what, span found)
{
    tensu_chart_note n;
    memset(&n, 0, sizeof n);
    n.error = error;
    n.line = R->line;
    n.column = col;
    excerpt(trim(found), n.text, sizeof n.text);
    snprintf(n.why, sizeof n.why, "%s", what);
    return tensu_chart_note_add(R->chart, &n, R->err);
}


tensu_status put(reader *R, rowkey k, tensu_chart_pay pay, bool empty, int64_t v,
                        tensu_chart_mark mark, int col)
{
    tensu_chart_cell c;
    memset(&c, 0, sizeof c);
    c.han = k.han;
    c.fu = k.fu;
    c.limit = k.limit;
    c.yakuman = k.yakuman;
    c.pay = pay;
    c.empty = empty;
    c.value = empty ? 0 : v;
    c.mark = mark;
    c.line = R->line;
    c.table = R->table > 0 ? R->table : 1;
    c.column = col;
    return tensu_chart_add(R->chart, &c, R->err);
}

/* Ron amount (a single amount or empty) into one column. */
tensu_status put_one(reader *R, rowkey k, tensu_chart_pay pay, const amounts *a)
{
    return put(R, k, pay, a->empty, a->v[0], a->mark[0], a->col[0]);
}

/* Tsumo amounts of a non-dealer (each non-dealer / dealer) or the dealer
 * (each). */
tensu_status put_tsumo(reader *R, rowkey k, bool dealer, const amounts *a, span src)
{
    tensu_status s;
    if (a->empty) {
        if (dealer)
            return put(R, k, TENSU_CHART_DEALER_TSUMO_EACH, true, 0, TENSU_MARK_NONE, a->col[0]);
        s = put(R, k, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, true, 0, TENSU_MARK_NONE,
                a->col[0]);
        if (s == TENSU_OK)
            s = put(R, k, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, true, 0, TENSU_MARK_NONE,
                    a->col[0]);
        return s;
    }
    if (dealer) {
        if (a->count != 1)
            return note(R, true, src.col,
                        "expected one tsumo amount for the dealer (each payer's share, as 500)",
                        src);
        return put(R, k, TENSU_CHART_DEALER_TSUMO_EACH, false, a->v[0], a->mark[0], a->col[0]);
    }
    if (a->count != 2)
        return note(R, true, src.col,
                    "expected two tsumo amounts for a non-dealer (each non-dealer/dealer, as "
                    "300/500)",
                    src);
    {
        /* the chart says the dealer's share comes first ("[dealer-nondealer]") */
        int nd = R->dealer_share_first ? 1 : 0, d = 1 - nd;
        s = put(R, k, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, false, a->v[nd],
                a->mark[nd], a->col[nd]);
        if (s == TENSU_OK)
            s = put(R, k, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, false, a->v[d], a->mark[d],
                    a->col[d]);
    }
    return s;
}

tensu_status put_grid_cell(reader *R, rowkey k, bool dealer, const grid_cell *g,
                                  span src)
{
    tensu_status s = TENSU_OK;
    if (g->has_ron && g->has_tsumo && !g->ron.empty && !g->tsumo.empty &&
        g->tsumo.count == (dealer ? 1 : 2)) {
        /* "X (shares)": X may be the tsumo total; settle_cells decides */
        if (R->npairs == R->pairs_cap) {
            size_t cap = R->pairs_cap ? R->pairs_cap * 2 : 64;
            size_t *p = realloc(R->pairs, cap * sizeof *p);
            if (p == NULL)
                return tensu_fail(R->err, TENSU_ERR_NOMEM, "out of memory");
            R->pairs = p;
            R->pairs_cap = cap;
        }
        R->pairs[R->npairs++] = tensu_chart_count(R->chart);
    }
    if (g->has_ron)
        s = put_one(R, k, dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON, &g->ron);
    if (s == TENSU_OK && g->all_empty)
        s = put_tsumo(R, k, dealer, &g->ron, src);
    if (s == TENSU_OK && g->has_tsumo)
        s = put_tsumo(R, k, dealer, &g->tsumo, src);
    return s;
}

tensu_status put_total_cell(reader *R, rowkey k, bool dealer, const grid_cell *g, span src)
{
    tensu_status s;
    if (!g->has_ron || !g->has_tsumo || g->ron.count != 1)
        return put_grid_cell(R, k, dealer, g, src);
    s = put_one(R, k, dealer ? TENSU_CHART_DEALER_TSUMO_TOTAL : TENSU_CHART_NONDEALER_TSUMO_TOTAL,
                &g->ron);
    if (s == TENSU_OK)
        s = put_tsumo(R, k, dealer, &g->tsumo, src);
    return s;
}

/* ------------------------------------------------------------------ */
/* Stated rules (the header line of tensu's own text and md tables)    */
/* ------------------------------------------------------------------ */

/* "Point table, rules NAME (k=v k=v ...)" or "# Point table: NAME" and a
 * line of k=v.  preset keeps the last name seen. */
void stated_rules(reader *R, span line, char *preset, size_t psize)
{
    char buf[512];
    size_t n = line.n < sizeof buf - 1 ? line.n : sizeof buf - 1;
    tensu_rules r;
    int set = 0;
    char *p;
    const char *mark;

    memcpy(buf, line.s, n);
    buf[n] = '\0';
    mark = strstr(buf, "Point table, rules ");
    if (mark != NULL)
        mark += strlen("Point table, rules ");
    else if ((mark = strstr(buf, "Point table: ")) != NULL)
        mark += strlen("Point table: ");
    if (mark != NULL) {
        size_t k = 0;
        while (mark[k] && (isalnum((unsigned char)mark[k]) || mark[k] == '-') && k + 1 < psize)
            k++;
        memcpy(preset, mark, k);
        preset[k] = '\0';
    }
    if (strchr(buf, '=') == NULL)
        return;
    if (tensu_rules_preset(preset[0] ? preset : tensu_default_preset(), &r, NULL) != TENSU_OK &&
        tensu_rules_preset(tensu_default_preset(), &r, NULL) != TENSU_OK)
        return;
    for (p = buf; *p; p++)
        if (*p == '(' || *p == ')' || *p == ',' || *p == '|' || *p == '`')
            *p = ' ';
    for (p = buf; *p;) {
        char *tok;
        while (*p == ' ' || *p == '\t')
            p++;
        tok = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
        if (strchr(tok, '=') != NULL && tensu_rules_assign(&r, tok, NULL) == TENSU_OK)
            set++;
    }
    if (set >= 2)
        tensu_chart_set_rules(R->chart, &r);
}


bool has_digit(span t)
{
    for (size_t i = 0; i < t.n; i++)
        if (is_digit(t.s[i]))
            return true;
    return false;
}

/* Does the raw text hold this UTF-8 word? */
bool has_word(span t, const char *w)
{
    size_t n = strlen(w);
    for (size_t i = 0; i + n <= t.n; i++)
        if (memcmp(t.s + i, w, n) == 0)
            return true;
    return false;
}

/* The largest number in the line (0 when none): amounts are 100 and up. */
long largest_number(span t)
{
    long best = 0;
    for (size_t i = 0; i < t.n;) {
        size_t used;
        int64_t v;
        if (is_digit(t.s[i]) && (i == 0 || !is_digit(t.s[i - 1])) &&
            parse_amount((span){t.s + i, t.n - i, 0}, &used, &v)) {
            if (v > best)
                best = (long)(v > 2000000000 ? 2000000000 : v);
            i += used;
        } else {
            i++;
        }
    }
    return best;
}

/* A section heading naming the side, in English, French, Japanese or
 * Chinese ("Non-dealer", "Table 6.11: Scores for dealer", "子", "庄家",
 * "donneur"), or the limits; it may hold digits (a table number), but no
 * amount. */
int heading(span line, bool *dealer_first)
{
    char s[256];
    const char *nd, *d;
    if (largest_number(line) >= 100)
        return -1;
    normalize(line, s, sizeof s);
    if (starts(s, "limit") || (strstr(s, "limit") && strlen(s) < 64)) {
        nd = strstr(s, "nondealer");
        d = nd ? strstr(nd + 3, "dealer") : strstr(s, "dealer");
        if (nd == NULL && d == NULL) {
            nd = strstr(s, "nondonneur");
            d = nd ? strstr(nd + 3, "donneur") : strstr(s, "donneur");
        }
        if (d && nd && d < nd)
            *dealer_first = true;
        else
            *dealer_first = false;
        return S_LIMITS;
    }
    if (strstr(s, "nondealer") || strstr(s, "nondonneur") || starts(s, "child") ||
        (starts(s, "ko") && strlen(s) <= 4) || has_word(line, "\xE5\xAD\x90") /* 子 */ ||
        has_word(line, "\xE9\x97\xB2\xE5\xAE\xB6") /* 闲家 */ ||
        has_word(line, "\xE9\x96\x91\xE5\xAE\xB6") /* 閑家 */)
        return S_ND;
    if (strstr(s, "dealer") || strstr(s, "donneur") || (starts(s, "oya") && strlen(s) <= 5) ||
        has_word(line, "\xE8\xA6\xAA") /* 親 */ ||
        has_word(line, "\xE5\xBA\x84\xE5\xAE\xB6") /* 庄家 */ ||
        has_word(line, "\xE8\x8E\x8A\xE5\xAE\xB6") /* 莊家 */)
        return S_D;
    return -1;
}

/* A header of han (or fu) columns: "fu  1 han  2 han" or "fu | 1 | 2".
 * Every cell after the first is a column head: a row labelled "3 han"
 * whose cells hold "(1,300)" or "1,300" is a row of values, not a header. */
int column_heads(const span *cells, int n, int *heads, bool *by_fu)
{
    int count = 0, plain = 0;
    char w[16];
    bool fu_first = false;
    for (int i = 0; i < n; i++) {
        int v;
        if (parse_int_word(cells[i], &v, w, sizeof w)) {
            if (strcmp(w, "han") == 0 || strcmp(w, "fu") == 0) {
                *by_fu = strcmp(w, "fu") == 0;
                heads[count++] = v;
            } else if (w[0] == '\0') {
                plain++;
            } else {
                return 0;
            }
        } else if (i == 0) {
            normalize(cells[i], w, sizeof w);
            fu_first = strcmp(w, "fu") == 0 || strcmp(w, "fuhan") == 0 || strcmp(w, "hanfu") == 0;
        } else {
            return 0; /* a value, not a column head */
        }
    }
    if (count > 0 && plain == 0 && (count >= 2 || n == 1 || fu_first))
        return count;
    if (count == 0 && fu_first && plain == n - 1 && plain > 0) {
        for (int i = 1; i < n; i++)
            parse_int(cells[i], &heads[i - 1]);
        *by_fu = false;
        return plain;
    }
    return 0;
}

/* A limit row's first cell: the name, and maybe its han range in the same
 * cell ("Mangan  5 han", "Haneman (6-7 han)", "Yakuman 13+"). */
bool limit_cell(span t, tensu_limit *lim, int *yakuman)
{
    size_t end = 0;
    char rest[32];
    t = trim(t);
    if (parse_limit_name(t, lim, yakuman))
        return true;
    while (end < t.n && !is_digit(t.s[end]) && t.s[end] != '(')
        end++;
    if (end == 0 || end == t.n || !parse_limit_name((span){t.s, end, t.col}, lim, yakuman))
        return false;
    normalize((span){t.s + end, t.n - end, 0}, rest, sizeof rest);
    /* what is left is a han range: digits, then "han" or nothing */
    for (size_t i = 0; rest[i]; i++)
        if (!is_digit(rest[i]))
            return strcmp(rest + i, "han") == 0 || strcmp(rest + i, "hanandmore") == 0 ||
                   strcmp(rest + i, "hanormore") == 0;
    return true;
}
