/* Chart reading: csv, grid (text and Markdown), wiki and LaTeX charts into
 * one model, a list of cells (han/fu or limit row, payment column, value or
 * empty mark, position).  JSON charts are parsed by the caller and fed in
 * with tensu_chart_add.  No I/O: the bytes come in memory. */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tensu_chart {
    char name[256];
    tensu_chart_format format;
    tensu_chart_cell *cells;
    size_t n, cap;
    bool has_rules;
    tensu_rules rules;
    tensu_chart_note *notes;
    size_t nnotes, notes_cap;
};

/* ------------------------------------------------------------------ */
/* The model                                                           */
/* ------------------------------------------------------------------ */

static const char *const format_names[] = {"auto", "csv", "grid", "json", "wiki", "latex",
                                           "html", "pdf"};

const char *tensu_chart_format_name(tensu_chart_format f)
{
    if ((int)f < 0 || (size_t)f >= sizeof format_names / sizeof format_names[0])
        return "?";
    return format_names[f];
}

bool tensu_chart_format_parse(const char *name, tensu_chart_format *out)
{
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (strcmp(name, format_names[i]) == 0) {
            *out = (tensu_chart_format)i;
            return true;
        }
    if (strcmp(name, "text") == 0 || strcmp(name, "md") == 0 || strcmp(name, "markdown") == 0) {
        *out = TENSU_CHART_GRID;
        return true;
    }
    if (strcmp(name, "htm") == 0) {
        *out = TENSU_CHART_HTML;
        return true;
    }
    if (strcmp(name, "tex") == 0 || strcmp(name, "mediawiki") == 0) {
        *out = name[0] == 't' ? TENSU_CHART_LATEX : TENSU_CHART_WIKI;
        return true;
    }
    return false;
}

static const char *const pay_keys[TENSU_CHART_PAYS] = {
    "nondealer_ron", "nondealer_tsumo_from_nondealer", "nondealer_tsumo_from_dealer",
    "dealer_ron", "dealer_tsumo_each"};
static const char *const pay_texts[TENSU_CHART_PAYS] = {
    "non-dealer ron", "non-dealer tsumo, each non-dealer's share",
    "non-dealer tsumo, the dealer's share", "dealer ron", "dealer tsumo, each payer's share"};

const char *tensu_chart_pay_key(tensu_chart_pay p)
{
    return (unsigned)p < TENSU_CHART_PAYS ? pay_keys[p] : "?";
}

const char *tensu_chart_pay_text(tensu_chart_pay p)
{
    return (unsigned)p < TENSU_CHART_PAYS ? pay_texts[p] : "?";
}

bool tensu_chart_pay_dealer(tensu_chart_pay p)
{
    return p == TENSU_CHART_DEALER_RON || p == TENSU_CHART_DEALER_TSUMO_EACH;
}

bool tensu_chart_pay_tsumo(tensu_chart_pay p)
{
    return p != TENSU_CHART_NONDEALER_RON && p != TENSU_CHART_DEALER_RON;
}

tensu_chart *tensu_chart_new(const char *name, tensu_chart_format format)
{
    tensu_chart *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    snprintf(c->name, sizeof c->name, "%s", name ? name : "chart");
    c->format = format;
    return c;
}

void tensu_chart_free(tensu_chart *c)
{
    if (c == NULL)
        return;
    free(c->cells);
    free(c->notes);
    free(c);
}

tensu_status tensu_chart_note_add(tensu_chart *c, const tensu_chart_note *n, tensu_error *err)
{
    if (c->nnotes >= TENSU_CHART_MAX_NOTES)
        return TENSU_OK; /* the last kept says that more were left out */
    if (c->nnotes == c->notes_cap) {
        size_t cap = c->notes_cap ? c->notes_cap * 2 : 16;
        tensu_chart_note *p = realloc(c->notes, cap * sizeof *p);
        if (p == NULL)
            return tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
        c->notes = p;
        c->notes_cap = cap;
    }
    c->notes[c->nnotes] = *n;
    if (++c->nnotes == TENSU_CHART_MAX_NOTES)
        snprintf(c->notes[c->nnotes - 1].why, sizeof c->notes[0].why,
                 "and more: a chart keeps %d notes at most", TENSU_CHART_MAX_NOTES);
    return TENSU_OK;
}

size_t tensu_chart_note_count(const tensu_chart *c)
{
    return c->nnotes;
}

const tensu_chart_note *tensu_chart_note_at(const tensu_chart *c, size_t i)
{
    return i < c->nnotes ? &c->notes[i] : NULL;
}

tensu_status tensu_chart_add(tensu_chart *c, const tensu_chart_cell *cell, tensu_error *err)
{
    if (cell->han <= 0 && cell->limit == TENSU_LIMIT_NONE)
        return tensu_fail_at(err, TENSU_ERR_RANGE, cell->line, cell->column,
                             "a cell needs a han count or a limit row");
    if ((unsigned)cell->pay >= TENSU_CHART_PAYS)
        return tensu_fail(err, TENSU_ERR_RANGE, "bad payment column %d", (int)cell->pay);
    if (c->n >= TENSU_CHART_MAX_CELLS)
        return tensu_fail_at(err, TENSU_ERR_RANGE, cell->line, cell->column,
                             "more than %d cells: the most a chart may have (a full point "
                             "table has about 700)",
                             TENSU_CHART_MAX_CELLS);
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        tensu_chart_cell *p = realloc(c->cells, cap * sizeof *p);
        if (p == NULL)
            return tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
        c->cells = p;
        c->cap = cap;
    }
    c->cells[c->n++] = *cell;
    return TENSU_OK;
}

void tensu_chart_set_rules(tensu_chart *c, const tensu_rules *r)
{
    c->has_rules = r != NULL;
    if (r != NULL)
        c->rules = *r;
}

const tensu_rules *tensu_chart_rules(const tensu_chart *c)
{
    return c->has_rules ? &c->rules : NULL;
}

size_t tensu_chart_count(const tensu_chart *c)
{
    return c->n;
}

const tensu_chart_cell *tensu_chart_cell_at(const tensu_chart *c, size_t i)
{
    return i < c->n ? &c->cells[i] : NULL;
}

const char *tensu_chart_name(const tensu_chart *c)
{
    return c->name;
}

tensu_chart_format tensu_chart_format_of(const tensu_chart *c)
{
    return c->format;
}

/* ------------------------------------------------------------------ */
/* Text helpers                                                        */
/* ------------------------------------------------------------------ */

/* A slice of the input. */
typedef struct span {
    const char *s;
    size_t n;
    int col; /* 1-based column of s[0] in its line */
} span;

/* Line iteration over the whole input. */
typedef struct lines {
    const char *data;
    size_t len, pos;
    int line;
} lines;

static bool next_line(lines *L, span *out)
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

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Length of a UTF-8 space that may sit inside a number or a cell:
 * U+00A0, U+2009 (thin), U+202F (narrow no-break); 0 when none. */
static size_t utf8_space(const char *s, size_t n)
{
    if (n >= 2 && (unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0)
        return 2;
    if (n >= 3 && (unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
        ((unsigned char)s[2] == 0x89 || (unsigned char)s[2] == 0xAF))
        return 3;
    return 0;
}

static span trim(span t)
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
static void normalize(span t, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < t.n && k + 1 < size; i++) {
        unsigned char c = (unsigned char)t.s[i];
        if (isalnum(c))
            buf[k++] = (char)tolower(c);
    }
    buf[k] = '\0';
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool ends(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* The cell text for a message: at most 40 bytes, whole UTF-8 characters
 * kept as they are (a Japanese heading is shown, not '???'), control
 * characters and broken sequences as '?'. */
static void excerpt(span t, char *buf, size_t size)
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
static bool parse_int(span t, int *out)
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
static bool parse_int_word(span t, int *out, char *word, size_t wsize)
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
    normalize((span){t.s + i, t.n - i, 0}, word, wsize);
    for (size_t j = i; j < t.n; j++)
        if (!isalpha((unsigned char)t.s[j]) && !is_space(t.s[j]))
            return false;
    return true;
}

/* The tokens that mean "no value here". */
static bool is_empty_token(span t)
{
    static const char *const words[] = {"null", "none", "nil", "n/a", "na", "x", "0"};
    char buf[8];
    t = trim(t);
    if (t.n == 0)
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
static bool parse_limit_name(span t, tensu_limit *limit, int *yakuman)
{
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
static bool parse_amount(span t, size_t *used, int64_t *out)
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
static size_t parse_marks(span t, tensu_chart_mark *mark)
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

/* One or two amounts: "7700", "300/500", "300-500", "300 / 500",
 * "4000 all", or an empty mark.  Positions of each amount kept. */
typedef struct amounts {
    bool empty;
    int count;               /* 1 or 2 */
    int64_t v[2];
    int col[2];
    tensu_chart_mark mark[2];
} amounts;

static bool skip_sep(span t, size_t *i)
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
 * "all", "each" (any case), "オール", "∀". */
static bool all_word(span t)
{
    char w[8];
    t = trim(t);
    if (t.n == 0 || t.n > 12)
        return false;
    if ((t.n == 9 && memcmp(t.s, "\xE3\x82\xAA\xE3\x83\xBC\xE3\x83\xAB", 9) == 0) ||
        (t.n == 3 && memcmp(t.s, "\xE2\x88\x80", 3) == 0))
        return true;
    normalize(t, w, sizeof w);
    return strcmp(w, "all") == 0 || strcmp(w, "each") == 0;
}

/* Returns 0 on success, else the 1-based offset in t where it went wrong. */
static size_t parse_amounts(span t, amounts *a)
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

/* A grid cell "1000 (300/500)", "1500 (500)", "- (400/700)", "(700)",
 * "700* (200/400)*", "-".  Ron and tsumo parts, each may be absent. */
typedef struct grid_cell {
    bool all_empty;          /* the whole cell is an empty mark */
    bool has_ron, has_tsumo;
    amounts ron, tsumo;
} grid_cell;

static size_t parse_grid_cell(span t, grid_cell *g)
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
    if (t.n > 0 && t.s[0] != '(') {
        size_t end = 0;
        while (end < t.n && t.s[end] != '(')
            end++;
        bad = parse_amounts((span){t.s, end, t.col}, &g->ron);
        if (bad)
            return bad;
        if (g->ron.count > 1)
            return 1; /* "300/500" outside parentheses */
        g->has_ron = true;
        i = end;
    }
    if (i < t.n && t.s[i] == '(') {
        size_t close = i + 1;
        tensu_chart_mark m = TENSU_MARK_NONE;
        while (close < t.n && t.s[close] != ')')
            close++;
        if (close >= t.n)
            return t.n + 1;
        bad = parse_amounts((span){t.s + i + 1, close - i - 1, t.col + (int)i + 1}, &g->tsumo);
        if (bad)
            return i + 1 + bad;
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

typedef struct reader {
    tensu_chart *chart;
    tensu_error *err;
    const char *name;
    int line;
} reader;

static tensu_status bad(reader *R, int col, const char *what, span found)
{
    char ex[48];
    excerpt(found, ex, sizeof ex);
    return tensu_fail_at(R->err, TENSU_ERR_INVALID, R->line, col, "%s, found '%s'", what, ex);
}

/* A cell (error) or a line (warning, column 0) that was not read: noted in
 * the chart, and the reading goes on.  Returns the status of the noting
 * (TENSU_OK, or out of memory). */
static tensu_status note(reader *R, bool error, int col, const char *what, span found)
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

/* A row's key: han/fu or a limit. */
typedef struct rowkey {
    int han, fu;
    tensu_limit limit;
    int yakuman;
} rowkey;

static tensu_status put(reader *R, rowkey k, tensu_chart_pay pay, bool empty, int64_t v,
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
    c.column = col;
    return tensu_chart_add(R->chart, &c, R->err);
}

/* Ron amount (a single amount or empty) into one column. */
static tensu_status put_one(reader *R, rowkey k, tensu_chart_pay pay, const amounts *a)
{
    return put(R, k, pay, a->empty, a->v[0], a->mark[0], a->col[0]);
}

/* Tsumo amounts of a non-dealer (each non-dealer / dealer) or the dealer
 * (each). */
static tensu_status put_tsumo(reader *R, rowkey k, bool dealer, const amounts *a, span src)
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
    s = put(R, k, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER, false, a->v[0], a->mark[0],
            a->col[0]);
    if (s == TENSU_OK)
        s = put(R, k, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER, false, a->v[1], a->mark[1],
                a->col[1]);
    return s;
}

static tensu_status put_grid_cell(reader *R, rowkey k, bool dealer, const grid_cell *g,
                                  span src)
{
    tensu_status s = TENSU_OK;
    if (g->has_ron)
        s = put_one(R, k, dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON, &g->ron);
    if (s == TENSU_OK && g->all_empty)
        s = put_tsumo(R, k, dealer, &g->ron, src);
    if (s == TENSU_OK && g->has_tsumo)
        s = put_tsumo(R, k, dealer, &g->tsumo, src);
    return s;
}

/* ------------------------------------------------------------------ */
/* Stated rules (the header line of tensu's own text and md tables)    */
/* ------------------------------------------------------------------ */

/* "Point table, rules NAME (k=v k=v ...)" or "# Point table: NAME" and a
 * line of k=v.  preset keeps the last name seen. */
static void stated_rules(reader *R, span line, char *preset, size_t psize)
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

/* ------------------------------------------------------------------ */
/* CSV                                                                 */
/* ------------------------------------------------------------------ */

#define MAX_FIELDS 32

enum { C_IGNORE = -1, C_HAN = -2, C_FU = -3, C_ND_TSUMO = -4, C_D_TSUMO = -5 };

/* Split one CSV line (quotes allowed) into fields. */
static int split_csv(span line, char sep, span *f, int max)
{
    int nf = 0;
    size_t i = 0;
    for (;;) {
        size_t start = i;
        bool quoted = false;
        if (nf == max)
            return -1;
        while (i < line.n && is_space(line.s[i]))
            i++;
        if (i < line.n && line.s[i] == '"') {
            quoted = true;
            start = ++i;
            while (i < line.n && !(line.s[i] == '"' && (i + 1 >= line.n || line.s[i + 1] != '"')))
                i += line.s[i] == '"' ? 2 : 1;
            f[nf] = (span){line.s + start, (i < line.n ? i : line.n) - start, line.col + (int)start};
            if (i < line.n)
                i++;
            while (i < line.n && line.s[i] != sep)
                i++;
        } else {
            i = start;
            while (i < line.n && line.s[i] != sep)
                i++;
            f[nf] = (span){line.s + start, i - start, line.col + (int)start};
        }
        (void)quoted;
        nf++;
        if (i >= line.n)
            return nf;
        i++; /* the separator */
    }
}

/* The role of a header name. */
static int csv_role(span name)
{
    char s[64], *t;
    bool nd, d, ron, tsumo;
    normalize(name, s, sizeof s);
    if (strcmp(s, "han") == 0 || strcmp(s, "hanlimit") == 0 || strcmp(s, "hans") == 0)
        return C_HAN;
    if (strcmp(s, "fu") == 0 || strcmp(s, "minipoints") == 0)
        return C_FU;
    nd = strstr(s, "nondealer") != NULL || strstr(s, "notdealer") != NULL ||
         strstr(s, "child") != NULL || starts(s, "ko") || starts(s, "nd");
    d = !nd && (strstr(s, "dealer") != NULL || strstr(s, "oya") != NULL || starts(s, "d"));
    ron = strstr(s, "ron") != NULL;
    tsumo = strstr(s, "tsumo") != NULL || strstr(s, "selfdraw") != NULL;
    if (!(nd || d) || ron == tsumo)
        return C_IGNORE;
    if (ron)
        return nd ? TENSU_CHART_NONDEALER_RON : TENSU_CHART_DEALER_RON;
    if (d)
        return TENSU_CHART_DEALER_TSUMO_EACH;
    /* the payer, after the word tsumo */
    t = strstr(s, "tsumo");
    t = t ? t + 5 : strstr(s, "selfdraw") + 8;
    if (strstr(t, "nondealer") || strstr(t, "child") || strstr(t, "each") || strstr(t, "other"))
        return TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER;
    if (strstr(t, "dealer") || strstr(t, "oya"))
        return TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER;
    return C_ND_TSUMO; /* "300/500" in one field */
}

static bool only_digits(span t, size_t lo, size_t hi)
{
    t = trim(t);
    if (t.n < lo || t.n > hi)
        return false;
    for (size_t i = 0; i < t.n; i++)
        if (!is_digit(t.s[i]))
            return false;
    return true;
}

/* Inside a reader's loop over lines: note the row's problem and go on
 * with the next line. */
#define NOTE_ROW(col, what, found)                                      \
    do {                                                                \
        if (note(R, true, (col), (what), (found)) != TENSU_OK)          \
            return R->err ? R->err->status : TENSU_ERR_NOMEM;           \
        goto next_row;                                                  \
    } while (0)

static tensu_status read_csv(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line, f[MAX_FIELDS + 1];
    int role[MAX_FIELDS], ncols = 0, han_col = -1, fu_col = -1, npay = 0;
    char sep = ',';
    bool header = false;

    while (next_line(&L, &line)) {
        span t = trim(line);
        int nf;
        rowkey k;
        R->line = L.line;
        if (t.n == 0 || t.s[0] == '#')
            continue;
        if (!header) {
            size_t counts[3] = {0, 0, 0};
            const char seps[3] = {',', ';', '\t'};
            for (size_t i = 0; i < line.n; i++)
                for (int j = 0; j < 3; j++)
                    counts[j] += line.s[i] == seps[j];
            sep = counts[1] > counts[0] ? ';' : ',';
            if (counts[2] > counts[0] && counts[2] > counts[1])
                sep = '\t';
            ncols = split_csv(line, sep, f, MAX_FIELDS);
            if (ncols < 0)
                return bad(R, 1, "expected at most 32 columns in the header", t);
            for (int i = 0; i < ncols; i++) {
                role[i] = csv_role(f[i]);
                if (role[i] == C_HAN)
                    han_col = i;
                else if (role[i] == C_FU)
                    fu_col = i;
                else if (role[i] != C_IGNORE)
                    npay++;
            }
            if (han_col < 0 || npay == 0)
                return bad(R, 1,
                           "expected a header naming han, fu and payment columns "
                           "(han,fu,nondealer_ron,nondealer_tsumo_from_nondealer,"
                           "nondealer_tsumo_from_dealer,dealer_ron,dealer_tsumo_each)",
                           t);
            header = true;
            continue;
        }
        nf = split_csv(line, sep, f, MAX_FIELDS + 1);
        if (nf < 0)
            nf = MAX_FIELDS + 1;
        /* "7,700" unquoted in a comma-separated file: join the groups */
        while (sep == ',' && nf > ncols && nf <= MAX_FIELDS) {
            int j;
            for (j = 0; j + 1 < nf; j++)
                if (j != han_col && j != fu_col && only_digits(f[j], 1, 3) &&
                    only_digits(f[j + 1], 3, 3))
                    break;
            if (j + 1 >= nf)
                break;
            f[j].n = (size_t)(f[j + 1].s + f[j + 1].n - f[j].s);
            memmove(&f[j + 1], &f[j + 2], (size_t)(nf - j - 2) * sizeof f[0]);
            nf--;
        }
        if (nf > ncols) {
            char what[96];
            snprintf(what, sizeof what, "expected %d fields as in the header, found %d", ncols,
                     nf);
            NOTE_ROW(f[ncols].col, what, f[ncols]);
        }
        memset(&k, 0, sizeof k);
        {
            span h = han_col < nf ? trim(f[han_col]) : t;
            if (han_col >= nf || h.n == 0)
                NOTE_ROW(han_col < nf ? h.col : 1,
                         "expected a han count or a limit name (mangan .. yakuman, "
                         "2x_yakuman) in the han column",
                         h);
            if (parse_int(h, &k.han)) {
                if (k.han < 1 || k.han > 1000)
                    NOTE_ROW(h.col, "expected a han count from 1 to 1000", h);
            } else if (!parse_limit_name(h, &k.limit, &k.yakuman)) {
                NOTE_ROW(h.col,
                         "expected a han count or a limit name (mangan, haneman, baiman, "
                         "sanbaiman, yakuman, 2x_yakuman ...)",
                         h);
            }
        }
        if (fu_col >= 0 && fu_col < nf && k.limit == TENSU_LIMIT_NONE) {
            span u = trim(f[fu_col]);
            if (!is_empty_token(u)) {
                char w[8];
                if (!parse_int_word(u, &k.fu, w, sizeof w) || (w[0] && strcmp(w, "fu") != 0) ||
                    k.fu < 1 || k.fu > 1000)
                    NOTE_ROW(u.col, "expected a fu count (20, 25, 30 ... 110) or nothing", u);
            }
        }
        for (int i = 0; i < nf && i < ncols; i++) {
            amounts a;
            size_t off;
            tensu_status s;
            if (role[i] < 0 && role[i] != C_ND_TSUMO && role[i] != C_D_TSUMO)
                continue;
            off = parse_amounts(f[i], &a);
            if (off) {
                s = note(R, true, trim(f[i]).col + (int)off - 1,
                         "expected a number of points (7700, 7,700, 7 700) or an empty mark "
                         "(-, ---, null, 0, nothing)",
                         trim(f[i]));
                if (s != TENSU_OK)
                    return s;
                continue;
            }
            if (role[i] == C_ND_TSUMO) {
                s = put_tsumo(R, k, false, &a, trim(f[i]));
            } else {
                if (!a.empty && a.count != 1) {
                    s = note(R, true, trim(f[i]).col, "expected one amount in this column",
                             trim(f[i]));
                    if (s != TENSU_OK)
                        return s;
                    continue;
                }
                if (a.empty)
                    a.col[0] = trim(f[i]).col;
                s = put_one(R, k, (tensu_chart_pay)role[i], &a);
            }
            if (s != TENSU_OK)
                return s;
        }
    next_row:;
    }
    if (!header)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "expected a header line naming han, fu and payment columns, "
                             "found no line");
    return TENSU_OK;
}

/* ------------------------------------------------------------------ */
/* Grid (text and Markdown)                                            */
/* ------------------------------------------------------------------ */

#define MAX_COLS 40

/* Cells of a grid line: split at '|' when the line has one, else at runs
 * of two or more spaces or a tab. */
static int split_grid(span line, span *cells, int max)
{
    int n = 0;
    size_t i = 0;
    bool pipes = memchr(line.s, '|', line.n) != NULL;
    if (pipes) {
        size_t start = 0;
        for (i = 0; i <= line.n; i++) {
            if (i == line.n || line.s[i] == '|') {
                span c = trim((span){line.s + start, i - start, line.col + (int)start});
                bool edge = (start == 0 || i == line.n) && c.n == 0;
                if (!edge) {
                    if (n == max)
                        return -1;
                    cells[n++] = c;
                }
                start = i + 1;
            }
        }
        return n;
    }
    while (i < line.n) {
        size_t start;
        while (i < line.n && is_space(line.s[i]))
            i++;
        if (i >= line.n)
            break;
        start = i;
        while (i < line.n) {
            if (line.s[i] == '\t')
                break;
            if (line.s[i] == ' ' && i + 1 < line.n && is_space(line.s[i + 1]))
                break;
            /* a cell ends with its tsumo group: "1000 (300/500) 2000 (500/1000)" */
            if (line.s[i] == ' ' && i > start &&
                (line.s[i - 1] == ')' ||
                 (line.s[i - 1] == '*' && i - 1 > start && line.s[i - 2] == ')')))
                break;
            i++;
        }
        if (n == max)
            return -1;
        cells[n++] = trim((span){line.s + start, i - start, line.col + (int)start});
    }
    return n;
}

enum { S_NONE, S_ND, S_D, S_LIMITS };

static bool has_digit(span t)
{
    for (size_t i = 0; i < t.n; i++)
        if (is_digit(t.s[i]))
            return true;
    return false;
}

/* Does the raw text hold this UTF-8 word? */
static bool has_word(span t, const char *w)
{
    size_t n = strlen(w);
    for (size_t i = 0; i + n <= t.n; i++)
        if (memcmp(t.s + i, w, n) == 0)
            return true;
    return false;
}

/* The largest number in the line (0 when none): amounts are 100 and up. */
static long largest_number(span t)
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
static int heading(span line, bool *dealer_first)
{
    char s[256];
    const char *nd, *d;
    if (largest_number(line) >= 100)
        return -1;
    normalize(line, s, sizeof s);
    if (starts(s, "limit") || (strstr(s, "limit") && strlen(s) < 64)) {
        nd = strstr(s, "nondealer");
        d = nd ? strstr(nd + 3, "dealer") : strstr(s, "dealer");
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

/* Page furniture: a running head ("162 CHAPTER 6. SCORING"), a caption
 * ("Table 6.11: Scores"), a page number ("- 163 -"): words and at most two
 * numbers, or a lone number; never an amount in a cell of its own. */
static bool furniture(span line, const span *cells, int n)
{
    int numbers = 0, words = 0;
    span t = trim(line);
    for (size_t i = 0; i < t.n; i++) {
        if (is_digit(t.s[i]) && (i == 0 || !is_digit(t.s[i - 1])))
            numbers++;
        if (isalpha((unsigned char)t.s[i]) && (i == 0 || !isalpha((unsigned char)t.s[i - 1])))
            words++;
    }
    if (n == 1 && words == 0 && numbers == 1) {
        int v;
        char w[8];
        span c = cells[0];
        while (c.n > 0 && (c.s[0] == '-' || is_space(c.s[0])))
            c.s++, c.n--;
        while (c.n > 0 && (c.s[c.n - 1] == '-' || is_space(c.s[c.n - 1])))
            c.n--;
        return parse_int_word(c, &v, w, sizeof w); /* a page number */
    }
    if (words == 0 || numbers > 2)
        return false;
    for (int i = 0; i < n; i++) {
        grid_cell g;
        int v;
        if ((i == 0 || i == n - 1) && parse_int(cells[i], &v))
            continue; /* the page number before or after the title */
        if (has_digit(cells[i]) && parse_grid_cell(cells[i], &g) == 0)
            return false; /* an amount in a cell of its own */
    }
    return true;
}

/* A header of han (or fu) columns: "fu  1 han  2 han" or "fu | 1 | 2".
 * Every cell after the first is a column head: a row labelled "3 han"
 * whose cells hold "(1,300)" or "1,300" is a row of values, not a header. */
static int column_heads(const span *cells, int n, int *heads, bool *by_fu)
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
static bool limit_cell(span t, tensu_limit *lim, int *yakuman)
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

/* A line of tsumo amounts only, printed under the line of ron amounts
 * ("       (300/500)  (500/1000) ..."): its cells, else 0. */
static int tsumo_line(span line, span *cells, int max)
{
    int n = split_grid(line, cells, max), got = 0;
    for (int i = 0; i < n; i++) {
        span c = trim(cells[i]);
        if (c.n == 0 || is_empty_token(c))
            continue;
        if (c.s[0] != '(' && c.s[0] != '[')
            return 0;
        got++;
    }
    return got > 0 ? n : 0;
}

/* A cell given in two places: the ron amount on the value line, the tsumo
 * amounts on the line under it ([a/b] read as (a/b)). */
static tensu_status put_split_cell(reader *R, rowkey k, bool dealer, span ron, span tsumo,
                                   int ron_line, int tsumo_line_no)
{
    grid_cell g, t;
    size_t off;
    char buf[96];
    span ts = trim(tsumo);
    tensu_status st = TENSU_OK;
    R->line = ron_line;
    off = parse_grid_cell(ron, &g);
    if (off || g.has_tsumo)
        /* noted; its tsumo on the next line is still read */
        st = note(R, true, ron.col + (int)(off ? off - 1 : 0),
                  "expected the ron amount of the cell (its tsumo is on the next line)", ron);
    else if (g.has_ron)
        st = put_one(R, k, dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON, &g.ron);
    if (st != TENSU_OK || ts.n == 0)
        return st;
    R->line = tsumo_line_no;
    if (ts.n < sizeof buf && ts.s[0] == '[') {
        memcpy(buf, ts.s, ts.n);
        buf[0] = '(';
        if (buf[ts.n - 1] == ']')
            buf[ts.n - 1] = ')';
        ts = (span){buf, ts.n, ts.col};
    }
    if (is_empty_token(ts))
        return put_tsumo(R, k, dealer, &(amounts){.empty = true, .col = {ts.col, 0}}, ts);
    off = parse_grid_cell(ts, &t);
    if (off || !t.has_tsumo || t.has_ron)
        return note(R, true, ts.col + (int)(off ? off - 1 : 0),
                    dealer ? "expected the dealer's tsumo amount, as (500) or (500 all)"
                           : "expected the tsumo amounts, as (300/500)",
                    tsumo);
    return put_tsumo(R, k, dealer, &t.tsumo, ts);
}

/* Whose table starts under this header, when no heading says: a dealer's
 * tsumo is one amount ("(500)", "(500 all)"), a non-dealer's two
 * ("(300/500)").  Counts the tsumo groups of the table's rows, up to the
 * next header, heading or limit row: S_D, S_ND, or S_NONE when they do not
 * tell (no tsumo, or as many of each). */
static int side_from_values(lines L)
{
    span line, cells[MAX_COLS];
    int one = 0, two = 0;
    bool df;
    while (next_line(&L, &line)) {
        int n, hh[MAX_COLS];
        bool bf;
        tensu_limit lim;
        int yk;
        if (trim(line).n == 0)
            continue;
        n = split_grid(line, cells, MAX_COLS);
        if (n <= 0 || column_heads(cells, n, hh, &bf) > 0 || heading(line, &df) >= 0 ||
            limit_cell(cells[0], &lim, &yk))
            break;
        for (int i = 0; i < n; i++) {
            grid_cell g;
            if (parse_grid_cell(cells[i], &g) == 0 && g.has_tsumo && !g.tsumo.empty) {
                one += g.tsumo.count == 1;
                two += g.tsumo.count == 2;
            }
        }
    }
    return one > two ? S_D : two > one ? S_ND : S_NONE;
}

static tensu_status read_grid(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line, cells[MAX_COLS];
    int section = S_NONE, heads[MAX_COLS], nheads = 0, implicit = 0;
    bool by_fu = false, dealer_first = false, any = false;
    char preset[32] = "";

#define GRID_NOTE(is_error, col, what, found)                           \
    do {                                                                \
        if (note(R, (is_error), (col), (what), (found)) != TENSU_OK)    \
            return R->err ? R->err->status : TENSU_ERR_NOMEM;           \
    } while (0)

    while (next_line(&L, &line)) {
        int n, h, label;
        char w[16];
        R->line = L.line;
        if (trim(line).n == 0)
            continue;
        stated_rules(R, line, preset, sizeof preset);
        n = split_grid(line, cells, MAX_COLS);
        if (n <= 0) {
            if (n < 0)
                GRID_NOTE(false, 0, "more than 40 cells in a line", line);
            continue;
        }
        {
            int hh[MAX_COLS];
            bool bf = false;
            int nh = column_heads(cells, n, hh, &bf);
            if (nh > 0) {
                memcpy(heads, hh, sizeof hh);
                nheads = nh;
                by_fu = bf;
                if (implicit >= 0 && (section == S_NONE || section == S_ND || section == S_D)) {
                    /* no heading: the values tell, else the order (the
                     * non-dealer's first), and the report says which */
                    int by_values = side_from_values(L);
                    tensu_chart_note nt;
                    section = by_values != S_NONE ? by_values : implicit == 0 ? S_ND : S_D;
                    implicit++;
                    memset(&nt, 0, sizeof nt);
                    nt.inferred = true;
                    nt.line = L.line;
                    excerpt(trim(line), nt.text, sizeof nt.text);
                    snprintf(nt.why, sizeof nt.why,
                             "no heading says whose table this is: read as the %s's (%s)",
                             section == S_D ? "dealer" : "non-dealer",
                             by_values == S_D    ? "its tsumo cells hold one amount each"
                             : by_values == S_ND ? "its tsumo cells hold two amounts each"
                             : implicit == 1     ? "the first table; no tsumo cells tell"
                                                 : "the second table; no tsumo cells tell");
                    if (tensu_chart_note_add(R->chart, &nt, R->err) != TENSU_OK)
                        return R->err ? R->err->status : TENSU_ERR_NOMEM;
                }
                continue;
            }
        }
        h = heading(line, &dealer_first);
        if (h >= 0) {
            section = h;
            implicit = -1;
            continue;
        }
        /* a limit row: a limit name, an optional han range, the values */
        {
            tensu_limit lim;
            int yk;
            if (limit_cell(cells[0], &lim, &yk)) {
                rowkey k = {0, 0, lim, yk};
                int got = 0;
                for (int i = 1; i < n; i++) {
                    grid_cell g;
                    char s[64];
                    size_t off;
                    bool dealer;
                    normalize(cells[i], s, sizeof s);
                    if (strstr(s, "han") || strstr(s, "yakuman"))
                        continue; /* the han range */
                    off = parse_grid_cell(cells[i], &g);
                    if (off) {
                        GRID_NOTE(true, cells[i].col + (int)off - 1,
                                  "expected a limit cell such as 8000 (2000/4000) or 12000 "
                                  "(4000)",
                                  cells[i]);
                        continue;
                    }
                    if (section == S_ND || section == S_D)
                        dealer = section == S_D;
                    else
                        dealer = (got == 0) == dealer_first;
                    if (got >= (section == S_ND || section == S_D ? 1 : 2)) {
                        GRID_NOTE(true, cells[i].col, "expected no more cells in this limit row",
                                  cells[i]);
                        continue;
                    }
                    if (put_grid_cell(R, k, dealer, &g, cells[i]) != TENSU_OK)
                        return R->err ? R->err->status : TENSU_ERR_INVALID;
                    got++;
                    any = true;
                }
                continue;
            }
        }
        /* a value row: the fu (or han) label, then one cell per column */
        if (nheads == 0 || !parse_int_word(cells[0], &label, w, sizeof w) ||
            (w[0] && strcmp(w, "fu") != 0 && strcmp(w, "han") != 0) || section == S_LIMITS) {
            if (has_digit(line) && !furniture(line, cells, n))
                GRID_NOTE(false, 0,
                          nheads == 0 ? "no line of han (or fu) columns above it"
                          : section == S_LIMITS ? "a row of values among the limits"
                                                : "expected a fu (or han) label, then the cells",
                          line);
            continue;
        }
        if (furniture(line, cells, n))
            continue;
        if (section == S_NONE) {
            section = S_ND;
            implicit = 1;
        }
        if (label < 1 || label > 1000) {
            GRID_NOTE(true, cells[0].col, "expected a fu (or han) label from 1 to 1000",
                      cells[0]);
            continue;
        }
        if (n - 1 > nheads) {
            char what[96];
            snprintf(what, sizeof what, "expected at most %d cells after the label, as the "
                     "header has columns", nheads);
            GRID_NOTE(true, cells[nheads + 1].col, what, cells[nheads + 1]);
            n = nheads + 1;
        }
        {
            /* the tsumo amounts may be on the next line */
            lines peek = L;
            span next, tc[MAX_COLS];
            int nt = 0, next_no = 0;
            while (next_line(&peek, &next))
                if (trim(next).n > 0) {
                    nt = tsumo_line(next, tc, MAX_COLS);
                    next_no = peek.line;
                    break;
                }
            if (nt > 0 && (nt == n || nt == n - 1)) {
                int shift = nt == n ? 1 : 0;
                int ron_line = L.line;
                for (int i = 1; i < n; i++) {
                    rowkey k = {by_fu ? label : heads[i - 1], by_fu ? heads[i - 1] : label,
                                TENSU_LIMIT_NONE, 0};
                    span t = i - 1 + shift < nt ? tc[i - 1 + shift] : (span){"", 0, 0};
                    if (put_split_cell(R, k, section == S_D, cells[i], t, ron_line, next_no) !=
                        TENSU_OK)
                        return R->err ? R->err->status : TENSU_ERR_NOMEM;
                    any = true;
                }
                L = peek; /* the tsumo line is read */
                R->line = L.line;
                continue;
            }
        }
        for (int i = 1; i < n; i++) {
            grid_cell g;
            rowkey k = {0, 0, TENSU_LIMIT_NONE, 0};
            size_t off = parse_grid_cell(cells[i], &g);
            if (off) {
                GRID_NOTE(true, cells[i].col + (int)off - 1,
                          section == S_D ? "expected a dealer cell such as 1500 (500), "
                                           "- (700) or -"
                                         : "expected a non-dealer cell such as 1000 (300/500), "
                                           "- (400/700) or -",
                          cells[i]);
                continue;
            }
            k.han = by_fu ? label : heads[i - 1];
            k.fu = by_fu ? heads[i - 1] : label;
            if (k.han < 1 || k.han > 1000 || k.fu < 1 || k.fu > 1000) {
                GRID_NOTE(true, cells[0].col, "expected han and fu from 1 to 1000", cells[0]);
                break;
            }
            if (put_grid_cell(R, k, section == S_D, &g, cells[i]) != TENSU_OK)
                return R->err ? R->err->status : TENSU_ERR_INVALID;
            any = true;
        }
    }
#undef GRID_NOTE
    if (!any)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "no chart cell found: expected a line of han columns "
                             "('fu  1 han  2 han ...') and rows of fu under it");
    return TENSU_OK;
}

/* ------------------------------------------------------------------ */
/* MediaWiki template                                                  */
/* ------------------------------------------------------------------ */

static tensu_status read_wiki(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line;
    int section = S_NONE;
    bool any = false;

    while (next_line(&L, &line)) {
        span t = trim(line), key, val;
        const char *eq;
        char s[64];
        rowkey k = {0, 0, TENSU_LIMIT_NONE, 0};
        bool tsumo;
        amounts a;
        size_t off;
        tensu_status st;
        R->line = L.line;
        if (t.n == 0)
            continue;
        eq = t.s[0] == '|' ? memchr(t.s, '=', t.n) : NULL;
        if (eq == NULL) {
            char n[128];
            normalize(t, n, sizeof n);
            if (strstr(n, "nondealer") || strstr(n, "child"))
                section = S_ND;
            else if (strstr(n, "dealer"))
                section = S_D;
            continue;
        }
        key = trim((span){t.s + 1, (size_t)(eq - t.s - 1), t.col + 1});
        val = trim((span){eq + 1, t.n - (size_t)(eq - t.s) - 1, t.col + (int)(eq - t.s) + 1});
        if (val.n >= 2 && val.s[val.n - 2] == '}' && val.s[val.n - 1] == '}')
            val = trim((span){val.s, val.n - 2, val.col});
        normalize(key, s, sizeof s);
        if (ends(s, "tsumo")) {
            tsumo = true;
            s[strlen(s) - 5] = '\0';
        } else if (ends(s, "ron")) {
            tsumo = false;
            s[strlen(s) - 3] = '\0';
        } else {
            continue; /* another parameter of the template */
        }
        {
            char *and = strstr(s, "and");
            if (and != NULL) {
                *and = '\0';
                if (!parse_int((span){s, strlen(s), 0}, &k.han) ||
                    !parse_int((span){and + 3, strlen(and + 3), 0}, &k.fu) || k.han < 1 ||
                    k.han > 1000 || k.fu < 1 || k.fu > 1000)
                    return bad(R, key.col, "expected a parameter such as 2and30ron or "
                               "2and30tsumo", key);
            } else if (!parse_limit_name((span){s, strlen(s), 0}, &k.limit, &k.yakuman)) {
                continue;
            }
        }
        off = parse_amounts(val, &a);
        if (off)
            return bad(R, val.col + (int)off - 1,
                       "expected an amount (7700), a tsumo pair (2000/3900) or an empty mark",
                       val);
        if (section == S_NONE) {
            if (tsumo && a.count == 2)
                section = S_ND;
            else
                return bad(R, key.col,
                           "expected a '# Dealer block' or '# Nondealer block' line before the "
                           "cells",
                           key);
        }
        if (tsumo)
            st = put_tsumo(R, k, section == S_D, &a, val);
        else if (!a.empty && a.count != 1)
            return bad(R, val.col, "expected one amount for a ron", val);
        else
            st = put_one(R, k, section == S_D ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON,
                         &a);
        if (st != TENSU_OK)
            return st;
        any = true;
    }
    if (!any)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "no chart cell found: expected template lines such as "
                             "|2and30ron=2000");
    return TENSU_OK;
}

/* ------------------------------------------------------------------ */
/* LaTeX tabular                                                       */
/* ------------------------------------------------------------------ */

/* Drop LaTeX commands, braces and '$' from a cell (in place in buf); the
 * kept bytes keep their order. */
static span clean_tex(span t, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < t.n && k + 1 < size; i++) {
        char c = t.s[i];
        if (c == '\\') {
            if (i + 1 < t.n && !isalpha((unsigned char)t.s[i + 1])) {
                i++; /* \, \; \! and the like */
                continue;
            }
            while (i + 1 < t.n && isalpha((unsigned char)t.s[i + 1]))
                i++;
            continue;
        }
        if (c == '{' || c == '}' || c == '$')
            continue;
        buf[k++] = c == '~' ? ' ' : c;
    }
    buf[k] = '\0';
    return (span){buf, k, t.col};
}

static tensu_status read_latex(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line;
    int section = S_NONE, tables = 0, heads[MAX_COLS], nheads = 0, fu = 0;
    bool named = false, any = false;

    while (next_line(&L, &line)) {
        span t = trim(line), cells[MAX_COLS];
        const char *end;
        int n = 0;
        size_t start = 0;
        R->line = L.line;
        if (t.n == 0)
            continue;
        if (memchr(t.s, '&', t.n) == NULL) {
            char s[128];
            normalize(t, s, sizeof s);
            if (strstr(s, "nondealer") || strstr(s, "child")) {
                section = S_ND, named = true;
            } else if (strstr(s, "dealer")) {
                section = S_D, named = true;
            } else if (strstr(s, "begintabular")) {
                if (!named)
                    section = tables == 0 ? S_ND : S_D;
                tables++;
                named = false;
                fu = 0;
            }
            continue;
        }
        /* the row ends at \\ */
        end = NULL;
        for (size_t i = 0; i + 1 < t.n; i++)
            if (t.s[i] == '\\' && t.s[i + 1] == '\\') {
                end = t.s + i;
                break;
            }
        if (end != NULL)
            t.n = (size_t)(end - t.s);
        for (size_t i = 0; i <= t.n; i++)
            if (i == t.n || t.s[i] == '&') {
                if (n == MAX_COLS)
                    return bad(R, t.col, "expected at most 40 cells in a row", t);
                cells[n++] = (span){t.s + start, i - start, t.col + (int)start};
                start = i + 1;
            }
        {
            char buf[MAX_COLS][96];
            span c[MAX_COLS];
            int hh[MAX_COLS], label;
            bool bf = false, tsumo_line;
            char w[16];
            for (int i = 0; i < n; i++)
                c[i] = trim(clean_tex(cells[i], buf[i], sizeof buf[i]));
            if (column_heads(c, n, hh, &bf) > 0 && !bf) {
                nheads = column_heads(c, n, heads, &bf);
                continue;
            }
            tsumo_line = c[0].n == 0;
            if (tsumo_line) {
                if (fu == 0)
                    continue;
                label = fu;
            } else if (!parse_int_word(c[0], &label, w, sizeof w) ||
                       (w[0] && strcmp(w, "fu") != 0)) {
                continue; /* a header or text row */
            } else if (label < 1 || label > 1000) {
                return bad(R, c[0].col, "expected a fu from 1 to 1000", c[0]);
            }
            if (section == S_NONE) {
                section = S_ND;
                tables = 1;
            }
            fu = label;
            for (int i = 1; i < n; i++) {
                grid_cell g;
                size_t off;
                rowkey k = {0, label, TENSU_LIMIT_NONE, 0};
                k.han = nheads > 0 ? (i - 1 < nheads ? heads[i - 1] : 0) : i;
                if (k.han <= 0)
                    return bad(R, c[i].col, "expected no more cells than the han columns",
                               c[i]);
                off = parse_grid_cell(c[i], &g);
                if (off)
                    return bad(R, c[i].col,
                               tsumo_line ? "expected a tsumo cell such as (400-700), (700) "
                                            "or ---"
                                          : "expected an amount such as 7700 or ---",
                               c[i]);
                if (g.all_empty) {
                    /* "---" is the ron on the first line, the tsumo on the second */
                    amounts e = g.ron;
                    tensu_status s =
                        tsumo_line ? put_tsumo(R, k, section == S_D, &e, c[i])
                                   : put_one(R, k,
                                             section == S_D ? TENSU_CHART_DEALER_RON
                                                            : TENSU_CHART_NONDEALER_RON,
                                             &e);
                    if (s != TENSU_OK)
                        return s;
                } else if (put_grid_cell(R, k, section == S_D, &g, c[i]) != TENSU_OK) {
                    return R->err ? R->err->status : TENSU_ERR_INVALID;
                }
                any = true;
            }
        }
    }
    if (!any)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "no chart cell found: expected tabular rows such as "
                             "'30 & 1000 & 2000 \\\\' and '& (300-500) & (500-1000) \\\\'");
    return TENSU_OK;
}

/* ------------------------------------------------------------------ */
/* Detection and entry point                                           */
/* ------------------------------------------------------------------ */

/* Does s start with the lowercase word w, in any case? */
static bool strncasecmp_ascii(const char *s, const char *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != w[i])
            return false;
    return true;
}

tensu_chart_format tensu_chart_detect(const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line;
    bool first = true, csv = false;
    int wiki = 0, latex = 0;

    if (len >= 5 && memcmp(data, "%PDF-", 5) == 0)
        return TENSU_CHART_PDF;
    while (next_line(&L, &line) && L.line < 400) {
        span t = trim(line);
        char s[16];
        if (t.n == 0)
            continue;
        if (first && (t.s[0] == '[' || (t.s[0] == '{' && (t.n == 1 || t.s[1] != '{'))))
            return TENSU_CHART_JSON;
        /* a web page, or Markdown holding HTML tables */
        for (size_t i = 0; i + 6 <= t.n; i++)
            if (t.s[i] == '<' && (strncasecmp_ascii(t.s + i + 1, "table", 5) ||
                                  strncasecmp_ascii(t.s + i + 1, "html", 4)))
                return TENSU_CHART_HTML;
        if (t.s[0] == '|' && memchr(t.s, '=', t.n) != NULL) {
            const char *eq = memchr(t.s, '=', t.n);
            size_t k = (size_t)(eq - t.s);
            normalize((span){eq - (k < 8 ? k : 8), k < 8 ? k : 8, 0}, s, sizeof s);
            if (ends(s, "ron") || ends(s, "tsumo"))
                wiki++;
        }
        for (size_t i = 0; i + 1 < t.n; i++)
            if (t.s[i] == '\\' && t.s[i + 1] == '\\' && memchr(t.s, '&', t.n) != NULL) {
                latex++;
                break;
            }
        if (first && t.s[0] != '#' && t.s[0] != '|') {
            span f[MAX_FIELDS];
            for (int k = 0; k < 3 && !csv; k++) {
                char sep = ",;\t"[k];
                int nf = memchr(t.s, sep, t.n) ? split_csv(t, sep, f, MAX_FIELDS) : 0;
                for (int i = 0; i < nf; i++)
                    if (csv_role(f[i]) == C_HAN && nf >= 3)
                        csv = true;
            }
        }
        if (t.s[0] != '#')
            first = false;
    }
    if (wiki > 0)
        return TENSU_CHART_WIKI;
    if (latex > 0)
        return TENSU_CHART_LATEX;
    if (csv)
        return TENSU_CHART_CSV;
    return TENSU_CHART_GRID;
}

tensu_status tensu_chart_read(const char *data, size_t len, const char *name,
                              tensu_chart_format format, tensu_chart **out, tensu_error *err)
{
    reader R;
    tensu_status s;
    tensu_error local;

    *out = NULL;
    if (format == TENSU_CHART_AUTO)
        format = tensu_chart_detect(data, len);
    if (format == TENSU_CHART_JSON)
        return tensu_fail(err, TENSU_ERR_INVALID,
                          "a JSON chart is read by the caller (the core has no JSON parser)");
    if (format == TENSU_CHART_HTML || format == TENSU_CHART_PDF)
        return tensu_fail(err, TENSU_ERR_INVALID,
                          "an HTML page or a PDF document is read by the caller (its tables "
                          "turned into grid text)");
    R.chart = tensu_chart_new(name, format);
    if (R.chart == NULL)
        return tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
    R.err = err != NULL ? err : &local;
    R.name = name;
    R.line = 0;
    switch (format) {
    case TENSU_CHART_CSV: s = read_csv(&R, data, len); break;
    case TENSU_CHART_GRID: s = read_grid(&R, data, len); break;
    case TENSU_CHART_WIKI: s = read_wiki(&R, data, len); break;
    case TENSU_CHART_LATEX: s = read_latex(&R, data, len); break;
    default: s = tensu_fail(err, TENSU_ERR_RANGE, "unknown chart format %d", (int)format); break;
    }
    if (s != TENSU_OK) {
        tensu_chart_free(R.chart);
        return s;
    }
    *out = R.chart;
    return TENSU_OK;
}
