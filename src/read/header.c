/* A table's header (table.h, find_tables.c): what a header line's words
 * say (items: heads of han or fu, payments, limits, text, amounts), the
 * header groups of a line (each a table's header: a grid's heads, a long
 * table's payments, a limits table's names), and a grid's second header
 * line (the payments each head splits into). */
#include "table.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

enum {
    I_HAN, I_FU, I_NUM, I_CORNER, I_PAY, I_LIMITHEAD, I_LIMIT, I_TEXT, I_AMOUNT
};

typedef struct item {
    int kind;
    int value;        /* a head's number; a corner's letter */
    unsigned pay;     /* I_PAY */
    double x1, x2;
    int from, to;     /* the words (positions in the line) */
    bool number;      /* a plain number ("110": a fu head, or an amount) */
} item;

#define MAX_ITEMS 64

/* "D", "N": the initial of a side's word (Dealer, Non-dealer, Donneur),
 * the rest of it lost by an OCR. */
static bool side_initial(const char *t)
{
    return (t[0] == 'D' || t[0] == 'N') && t[1] == '\0';
}

/* A head an OCR read in pieces: a side's initial ("D", "N": Dealer,
 * Non-dealer, Donneur), specks of its lost letters (words of one or two
 * characters it was not sure of), then how the side wins ("D  1 tsumo",
 * "D I ron" for "Dealer tsumo", "Dealer ron"), all within a head's
 * width.  The item of how it wins (it[i] the initial), or -1. */
static int initial_head(const page_words *p, const rline *l, const item *it, int n, int i)
{
    int j = i + 1;
    if (it[i].kind != I_TEXT || it[i].to != it[i].from + 1 ||
        !side_initial(p->w[l->at[it[i].from]].w->text))
        return -1;
    while (j < n && it[j].kind != I_PAY) {
        const tensu_word *w = p->w[l->at[it[j].from]].w;
        if (it[j].to != it[j].from + 1 || strlen(w->text) > 2 || w->conf >= TENSU_OCR_SURE)
            return -1;
        j++;
    }
    if (j == n || (it[j].pay & (P_ND | P_D)) || !(it[j].pay & (P_RON | P_TSUMO)) ||
        it[j].x2 - it[i].x1 > 12 * l->h)
        return -1;
    return j;
}

/* The side an initial says (initial_head). */
static unsigned initial_side(const page_words *p, const rline *l, const item *it)
{
    return p->w[l->at[it->from]].w->text[0] == 'D' ? P_D : P_ND;
}

/* "Than", "Ihan": a head's digit misread as a letter or two, glued to
 * its "han". */
static bool glued_han(const char *t)
{
    size_t n = strlen(t);
    return n >= 4 && n <= 5 && strcmp(t + n - 3, "han") == 0 &&
           strpbrk(t, "0123456789") == NULL && t[0] != 'h';
}

/* The word before a "han" head whose 1 the OCR lost: a letter or
 * three ("à", "I"), or the corner's "Fu" glued to it ("Fuel"). */
static bool lost_one(const char *t)
{
    size_t n = strlen(t);
    return strpbrk(t, "0123456789") == NULL &&
           (n <= 3 || (n <= 5 && (t[0] == 'F' || t[0] == 'f') && t[1] == 'u'));
}

/* What words_under counts under a head. */
typedef enum under {
    U_AMOUNTS, /* amounts, in the two lines under it, across its span */
    U_DIGITS,  /* words with a digit ("8," "000": amounts in pieces) */
    U_RANGES   /* words that name a limit by its han ("5", "6-7", "13+") */
} under;

/* Are there two words or more of the kind under line l's head from x1
 * to x2 (of its region): a head the OCR garbled over a column of cells,
 * not a box's heading beside the table?  U_DIGITS and U_RANGES look three
 * lines down and a line's height either side (a limits table's han
 * column, or a column of amounts in pieces, under a garbled head). */
static bool words_under(const page_words *p, const rline *l, double x1, double x2, under kind)
{
    int k = (int)(l - p->l), n = 0, lines = kind == U_AMOUNTS ? 2 : 3;
    double pad = kind == U_AMOUNTS ? 0 : l->h;
    for (int m = k + 1; m <= k + lines && m < p->nl && p->l[m].region == l->region; m++)
        for (int j = 0; j < p->l[m].n; j++) {
            const rword *w = &p->w[p->l[m].at[j]];
            const char *s = w->w->text;
            tensu_label lab;
            if (w->x1 >= x2 + pad || w->x2 <= x1 - pad)
                continue;
            n += kind == U_AMOUNTS  ? read_has_amount(s)
                 : kind == U_DIGITS ? strpbrk(s, "0123456789") != NULL
                                    : tensu_label_parse(s, strlen(s), &lab) &&
                                          tensu_label_han_limit(&lab) != TENSU_LIMIT_NONE;
        }
    return n >= 2;
}

/* Do the heads a and b (pieces of one garbled head?) stand over one column
 * of cells: in more of the next three lines than not, the words under a
 * and under b are one word, or the pieces of one amount ("8," "000"), not
 * two cells apart? */
static bool one_cell_under(const page_words *p, const rline *l, const tcol *a, const tcol *b)
{
    int k = (int)(l - p->l), one = 0, two = 0;
    for (int m = k + 1; m <= k + 3 && m < p->nl && p->l[m].region == l->region; m++) {
        const rline *u = &p->l[m];
        const rword *left = NULL, *right = NULL;
        for (int j = 0; j < u->n; j++) {
            const rword *w = &p->w[u->at[j]];
            if (w->x1 < a->hx2 && w->x2 > a->hx1 && (left == NULL || w->x2 > left->x2))
                left = w;
            if (w->x1 < b->hx2 && w->x2 > b->hx1 && (right == NULL || w->x1 < right->x1))
                right = w;
        }
        if (left == NULL || right == NULL)
            continue;
        if (left == right || right->x1 - left->x2 < 0.6 * u->h)
            one++;
        else
            two++;
    }
    return one > two;
}

/* A head whose unit the OCR misread: two or three digits, then one to
 * three letters and nothing else ("20te"). */
static bool misread_head(const char *t)
{
    size_t d = strspn(t, "0123456789"), n = strlen(t);
    if (d < 2 || d > 3 || n - d < 1 || n - d > 3)
        return false;
    for (size_t i = d; i < n; i++)
        if (!isalpha((unsigned char)t[i]))
            return false;
    return true;
}

/* The fu head after fu (step 1) or before it (-1) as tables go: 20, 25,
 * 30, 40 ... 110; 0 when there is none. */
static int fu_step(int fu, int step)
{
    if (step > 0)
        return fu == 20 ? 25 : fu == 25 ? 30 : fu >= 30 && fu < 130 ? fu + 10 : 0;
    return fu == 25 ? 20 : fu == 30 ? 25 : fu > 30 && fu <= 130 ? fu - 10 : 0;
}

/* A word that makes a yakuman a multiple: "2×", "2x", "Double". */
static bool multiplier(const char *t)
{
    size_t n = strlen(t), i = 0;
    static const char *const words[] = {"double", "triple", "quadruple", "quintuple", "sextuple"};
    while (i < n && t[i] >= '0' && t[i] <= '9')
        i++;
    if (i > 0 && (i == n || strcmp(t + i, "x") == 0 || strcmp(t + i, "\xC3\x97") == 0))
        return true;
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        size_t m = strlen(words[k]), j;
        for (j = 0; j < m && j < n && (t[j] | 0x20) == words[k][j]; j++)
            ;
        if (j == m && n == m)
            return true;
    }
    return false;
}

/* The items of a line: heads ("1 han", "30符", "30", "fu"), payments,
 * limits, text, amounts. */
static int line_items(const page_words *p, const rline *l, item *it, int max)
{
    int n = 0;
    for (int j = 0; j < l->n && n < max;) {
        const rword *w = &p->w[l->at[j]];
        tensu_label lab;
        item x = {I_TEXT, 0, 0, w->x1, w->x2, j, j + 1};
        const char *t = w->w->text;
        if (tensu_label_parse(t, strlen(t), &lab) &&
            (lab.kind == TENSU_LABEL_HAN || lab.kind == TENSU_LABEL_FU ||
             lab.kind == TENSU_LABEL_NUMBER)) {
            x.kind = lab.kind == TENSU_LABEL_HAN ? I_HAN : lab.kind == TENSU_LABEL_FU ? I_FU : I_NUM;
            x.value = lab.value;
            if (x.kind == I_NUM && j + 1 < l->n) {
                /* "1" "han": the number and its unit */
                const rword *u = &p->w[l->at[j + 1]];
                tensu_label_kind k = read_unit_word(u->w->text);
                bool same = w->w->cell == u->w->cell || w->w->cell == 0 || u->w->cell == 0;
                /* (a unit stands a little further in a typewriter's
                 * font than words do) */
                if (k != TENSU_LABEL_NONE && same && u->x1 - w->x2 < 1.5 * l->h) {
                    x.kind = k == TENSU_LABEL_HAN ? I_HAN : I_FU;
                    x.x2 = u->x2;
                    x.to = j + 2;
                }
            }
            x.number = x.kind == I_NUM;
            if (x.kind == I_NUM && read_has_amount(t))
                x.kind = I_AMOUNT;
            it[n++] = x;
            j = x.to;
            continue;
        }
        {
            /* a phrase of words that are no heads */
            int e = j + 1;
            double x2 = w->x2;
            char text[160];
            if (read_has_amount(t)) {
                /* an amount stands alone: a cell's, not a name's */
                x.kind = I_AMOUNT;
                it[n++] = x;
                j++;
                continue;
            }
            while (e < l->n) {
                const rword *a = &p->w[l->at[e - 1]], *b = &p->w[l->at[e]];
                tensu_label lb;
                bool other = a->w->cell > 0 && b->w->cell > 0 && a->w->cell != b->w->cell;
                if (other || b->x1 - x2 > PHRASE_GAP * (a->h > b->h ? a->h : b->h) || read_has_amount(b->w->text))
                    break;
                if (tensu_label_parse(b->w->text, strlen(b->w->text), &lb) &&
                    lb.kind != TENSU_LABEL_LIMIT && lb.kind != TENSU_LABEL_HAN_RANGE)
                    break; /* a head starts ("fu" "1 han") */
                if (misread_head(b->w->text))
                    break; /* a number starts one, its unit misread ("20te") */
                if (tensu_label_parse(b->w->text, strlen(b->w->text), &lb) &&
                    lb.kind == TENSU_LABEL_LIMIT && !multiplier(a->w->text))
                    break; /* a limit's name starts ("... Haneman") */
                if (b->x2 > x2)
                    x2 = b->x2;
                e++;
            }
            read_words_text(p, l, j, e, text, sizeof text);
            x.to = e;
            x.x2 = x2;
            if (tensu_label_parse(text, strlen(text), &lab) && lab.kind == TENSU_LABEL_LIMIT)
                x.kind = I_LIMIT;
            else if ((x.value = read_corner_word(text)) != 0)
                x.kind = I_CORNER;
            else if (read_limit_head(text))
                x.kind = I_LIMITHEAD;
            else if (read_has_amount(text))
                x.kind = I_AMOUNT;
            else if ((x.pay = read_pay_words(text)) != 0)
                x.kind = I_PAY;
            it[n++] = x;
            j = e;
        }
    }
    {
        /* plain numbers that are the fu rows' in order (20 25 30 40 ...
         * 100 110): heads, not amounts */
        int nums = 0, prev = 0;
        bool fu = true;
        for (int i = 0; i < n && fu; i++) {
            if (it[i].kind == I_CORNER || (it[i].kind == I_TEXT && i == 0))
                continue;
            fu = it[i].number && it[i].value > prev && it[i].value >= 20 &&
                 it[i].value <= 200 && (it[i].value == 25 || it[i].value % 10 == 0);
            prev = it[i].value;
            nums++;
        }
        if (fu && nums >= 4)
            for (int i = 0; i < n; i++)
                if (it[i].number)
                    it[i].kind = I_NUM;
        /* a plain number among fu heads, in their order ("100 fu  110":
         * its unit lost): a head */
        for (int i = 0; i < n; i++) {
            int v = it[i].value;
            bool before = i > 0 && it[i - 1].kind == I_FU && it[i - 1].value < v;
            bool after = i + 1 < n && it[i + 1].kind == I_FU && it[i + 1].value > v;
            if (it[i].number && it[i].kind == I_AMOUNT && (before || after) && v <= 200 &&
                (v == 25 || v % 10 == 0))
                it[i].kind = I_NUM;
        }
    }
    {
        /* an OCR's han heads whose 翻 it read as a digit ("18 28 38 48",
         * "18 25 3翻 45"): numbers of two or three digits, the last no 0,
         * whose others count the han up one by one, among han heads read
         * whole; three of them at least, and nothing else in the line
         * (but a photo's dash, what is left of a rule) */
        int heads = 0, next = 0, i, dashes = 0;
        for (i = 0; i < n; i++) {
            int v = it[i].value, h = v / 10;
            bool ocr = p->w[l->at[it[i].from]].w->conf < 99.5f;
            if (it[i].kind == I_CORNER || (it[i].kind == I_TEXT && i == 0))
                continue;
            if (ocr && it[i].kind == I_TEXT && i > 0 && it[i].to == it[i].from + 1 &&
                strcmp(p->w[l->at[it[i].from]].w->text, "-") == 0) {
                dashes++;
                continue;
            }
            if (it[i].kind == I_HAN)
                h = v;
            else if (!it[i].number || !ocr || v < 11 || v > 139 || v % 10 == 0)
                break;
            if (h < 1 || h > TENSU_TABLE_MAX_HAN || (next > 0 && h != next))
                break;
            next = h + 1;
            heads++;
        }
        if (i == n && heads >= 3) {
            for (i = 0; i < n; i++)
                if (it[i].number && it[i].kind != I_HAN && it[i].kind != I_CORNER &&
                    !(it[i].kind == I_TEXT && i == 0)) {
                    it[i].kind = I_HAN;
                    it[i].value /= 10;
                    it[i].number = false;
                }
            for (i = 1; dashes > 0 && i < n; i++)
                if (it[i].kind == I_TEXT && it[i].to == it[i].from + 1 &&
                    strcmp(p->w[l->at[it[i].from]].w->text, "-") == 0) { /* the dashes out */
                    memmove(&it[i], &it[i + 1], (size_t)(n - i - 1) * sizeof *it);
                    n--, i--;
                }
        }
    }
    return n;
}

/* A header's heads of one unit, increasing: han (or fu) columns. */
static bool grid_heads(const item *it, int from, int to, int corner, table *t)
{
    int unit = -1, count = 0, prev = -1;
    for (int i = from; i < to; i++) {
        int k = it[i].kind;
        if (k != I_HAN && k != I_FU && k != I_NUM)
            return false;
        if (k != I_NUM) {
            if (unit >= 0 && unit != k)
                return false;
            unit = k;
        }
        if (it[i].value <= prev)
            return false;
        prev = it[i].value;
        count++;
    }
    if (count < 2 && !(count == 1 && corner != 0 && unit >= 0))
        return false;
    if (unit < 0) {
        /* numbers alone: the corner tells, else their values */
        if (corner == 'f' || corner == 'b')
            unit = I_HAN;
        else if (corner == 'h' || corner == 'r')
            unit = I_FU;
        else if (it[to - 1].value <= TENSU_TABLE_MAX_HAN && count >= 3)
            unit = I_HAN;
        else if (it[from].value >= 20 && count >= 3)
            unit = I_FU;
        else
            return false;
    }
    t->kind = K_GRID;
    t->by_han = unit == I_FU;
    t->ncols = 0;
    for (int i = from; i < to && t->ncols < MAX_COLS; i++) {
        tcol *c = &t->col[t->ncols++];
        memset(c, 0, sizeof *c);
        c->role = C_VALUE;
        c->hx1 = it[i].x1;
        c->hx2 = it[i].x2;
        if (unit == I_HAN)
            c->han = it[i].value;
        else
            c->fu = it[i].value;
    }
    return true;
}

/* The header groups of a line: each a table's header.  A grid header is a
 * corner (maybe none) and two heads or more of one unit, increasing; a new
 * corner, or a head not above the one before, starts another table beside
 * it.  A long header names the han column and payments; a limits header
 * a limits corner (or none) and the sides. */
/* Is the item a limit's name heading a column ("mangan", "haneman" ...)? */
static bool limit_head(const page_words *p, const rline *l, const item *it, tensu_label *lab)
{
    char text[160];
    if (it->kind != I_LIMIT)
        return false;
    read_words_text(p, l, it->from, it->to, text, sizeof text);
    return tensu_label_parse(text, strlen(text), lab) && lab->kind == TENSU_LABEL_LIMIT;
}

/* A column of limits headed by the item, added to t (its head's box, its
 * limit); NULL when the item names no limit. */
static tcol *limit_col(const page_words *p, const rline *l, const item *it, table *t)
{
    tensu_label lab;
    tcol *c;
    if (!limit_head(p, l, it, &lab))
        return NULL;
    c = &t->col[t->ncols++];
    memset(c, 0, sizeof *c);
    c->role = C_VALUE;
    c->hx1 = it->x1;
    c->hx2 = it->x2;
    c->limit = lab.limit;
    c->yakuman = lab.yakuman;
    return c;
}

int header_groups(const page_words *p, const rline *l, table *out, int max)
{
    item it[MAX_ITEMS];
    int n = line_items(p, l, it, MAX_ITEMS), count = 0;
    bool amounts = false, pays = false, hancol = false, fucol = false, limit = false,
         kinds = false;
    /* a side, then how it wins, set apart ("子  ロン" in a wide font):
     * one head */
    for (int i = 0; i + 1 < n; i++) {
        unsigned a = it[i].pay, b = it[i + 1].pay, side = P_ND | P_D, how = P_RON | P_TSUMO;
        if (it[i].kind == I_PAY && it[i + 1].kind == I_PAY && (a & side) && !(a & how) &&
            (b & how) && !(b & side) && it[i + 1].x1 - it[i].x2 < 2.5 * l->h) {
            it[i].pay = a | b;
            it[i].to = it[i + 1].to;
            it[i].x2 = it[i + 1].x2;
            memmove(&it[i + 1], &it[i + 2], (size_t)(n - i - 2) * sizeof *it);
            n--;
        }
    }
    for (int i = 0; i < n; i++) {
        amounts |= it[i].kind == I_AMOUNT;
        pays |= it[i].kind == I_PAY;
        hancol |= it[i].kind == I_CORNER && it[i].value == 'h';
        fucol |= it[i].kind == I_CORNER && it[i].value == 'f';
        limit |= it[i].kind == I_LIMITHEAD;
    }
    {
        /* limits in a strip: "Mangan 12,000  Haneman 18,000 ...", each
         * name with its amounts after it */
        int lims = 0, last = -1;
        bool order = true;
        /* names, each followed by an amount, mangan .. yakuman in order */
        for (int i = 0; i + 1 < n; i++) {
            tensu_label lab;
            char text[160];
            if (it[i].kind != I_LIMIT || it[i + 1].kind != I_AMOUNT)
                continue;
            read_words_text(p, l, it[i].from, it[i].to, text, sizeof text);
            if (tensu_label_parse(text, strlen(text), &lab) && lab.kind == TENSU_LABEL_LIMIT) {
                int rank = (int)lab.limit * 100 + lab.yakuman;
                order = order && rank > last;
                last = rank;
                lims++;
            }
        }
        if (lims >= 3 && order && amounts && count < max) {
            table *t = &out[count];
            memset(t, 0, sizeof *t);
            t->kind = K_LIMITS;
            t->strip = true;
            for (int i = 0; i < n && t->ncols < MAX_COLS; i++) {
                tcol *c = limit_col(p, l, &it[i], t);
                if (c == NULL)
                    continue;
                c->x1 = it[i].x1;
                if (t->ncols > 1)
                    t->col[t->ncols - 2].x2 = it[i].x1;
            }
            if (t->ncols >= 2) {
                t->col[t->ncols - 1].x2 = l->x2 + l->h;
                t->x1 = t->col[0].x1;
                t->x2 = l->x2 + l->h;
                return 1;
            }
        }
    }
    /* han heads go 1, 2, 3 ...: a number past 13 that starts with the one
     * its neighbour calls for is that head, its unit misread ("1翻" read
     * as "18", "4翻" as "48") */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            int want = 0, v = it[i].value;
            if (it[i].kind == I_HAN && i + 2 < n && it[i + 1].kind == I_HAN &&
                it[i + 2].kind == I_HAN && it[i + 2].value == it[i + 1].value + 1 &&
                it[i + 1].value >= 2 && it[i].value != it[i + 1].value - 1 &&
                (i == 0 || it[i - 1].kind != I_HAN)) {
                /* "4 han 2 han 3 han": the first head's digit misread */
                it[i].value = it[i + 1].value - 1;
                continue;
            }
            if (it[i].kind == I_HAN && i > 0 && i + 1 < n && it[i - 1].kind == I_HAN &&
                it[i + 1].kind == I_HAN && it[i + 1].value == it[i - 1].value + 2 &&
                it[i].value != it[i - 1].value + 1) {
                /* "1 han 8 han 3 han": a head between two, misread */
                it[i].value = it[i - 1].value + 1;
                continue;
            }
            if (it[i].kind == I_TEXT &&
                ((it[i].to >= it[i].from + 2 && it[i].to <= it[i].from + 3 &&
                  lost_one(p->w[l->at[it[i].to - 2]].w->text) &&
                  read_unit_word(p->w[l->at[it[i].to - 1]].w->text) == TENSU_LABEL_HAN) ||
                 (it[i].to == it[i].from + 1 && glued_han(p->w[l->at[it[i].from]].w->text))) &&
                ((i + 1 < n && it[i + 1].kind == I_HAN && it[i + 1].value == 2) ||
                 (i > 0 && it[i - 1].kind == I_HAN && it[i - 1].value < TENSU_TABLE_MAX_HAN &&
                  (i + 1 == n || it[i + 1].kind != I_HAN ||
                   it[i + 1].value == it[i - 1].value + 2)))) {
                /* "à han" before "2 han": the 1 misread, its unit read
                 * (a photo's "1 han" on a grey head), or glued to it
                 * ("Than"); "a han" after "3 han": the 4 */
                it[i].kind = I_HAN;
                it[i].value = i > 0 && it[i - 1].kind == I_HAN ? it[i - 1].value + 1 : 1;
                continue;
            }
            if (it[i].kind == I_TEXT && i >= 2 && it[i - 1].kind == I_HAN &&
                it[i - 2].kind == I_HAN && it[i - 1].value == it[i - 2].value + 1 &&
                it[i - 1].value < TENSU_TABLE_MAX_HAN && it[i].to <= it[i].from + 2 &&
                (i + 1 == n || it[i + 1].kind != I_HAN ||
                 it[i + 1].value == it[i - 1].value + 2) &&
                words_under(p, l, it[i].x1, it[i].x2, U_DIGITS)) {
                /* "1翻 2翻 EL, 483": a head the OCR garbled after a run of
                 * han heads, as far from the last as they stand apart,
                 * over a column of amounts: the next han */
                double d = (it[i - 1].x1 + it[i - 1].x2 - it[i - 2].x1 - it[i - 2].x2) / 2,
                       e = (it[i].x1 + it[i].x2 - it[i - 1].x1 - it[i - 1].x2) / 2;
                if (d > 0 && fabs(e - d) < 0.35 * d) {
                    it[i].kind = I_HAN;
                    it[i].value = it[i - 1].value + 1;
                    continue;
                }
            }
            if (it[i].kind == I_TEXT && it[i].to == it[i].from + 1) {
                /* "1#": a number, then a character or two the unit became */
                const char *t = p->w[l->at[it[i].from]].w->text;
                int d = 0, k = 0;
                while (t[k] >= '0' && t[k] <= '9' && k < 3)
                    d = d * 10 + (t[k++] - '0');
                if (k == 0 || strlen(t + k) == 0 || strlen(t + k) > 3 ||
                    strpbrk(t + k, "0123456789") != NULL)
                    continue;
                if (d >= 20 && ((i + 1 < n && it[i + 1].kind == I_FU &&
                                 fu_step(it[i + 1].value, -1) == d) ||
                                (i > 0 && it[i - 1].kind == I_FU &&
                                 fu_step(it[i - 1].value, 1) == d))) {
                    /* "20te" before "25fu": the fu head its neighbour
                     * calls for, its unit misread */
                    it[i].kind = I_FU;
                    it[i].value = d;
                    continue;
                }
                v = d * 100; /* past the last han: the test below wants its first digits */
            } else if (!(it[i].kind == I_NUM || (it[i].kind == I_AMOUNT && it[i].number)) ||
                       v <= TENSU_TABLE_MAX_HAN) {
                continue;
            }
            if (i > 0 && it[i - 1].kind == I_HAN && it[i - 1].value < TENSU_TABLE_MAX_HAN)
                want = it[i - 1].value + 1;
            else if (i + 1 < n && it[i + 1].kind == I_HAN && it[i + 1].value > 1)
                want = it[i + 1].value - 1;
            if (want == 0)
                continue;
            while (v > want && v >= 10)
                v /= 10;
            if (v == want) {
                it[i].kind = I_HAN;
                it[i].value = want;
            }
        }
    amounts = false;
    for (int i = 0; i < n; i++)
        amounts |= it[i].kind == I_AMOUNT;
    if (amounts || n == 0)
        return 0;
    /* grids: runs of heads, each after its corner */
    for (int i = 0, beside = 0; i < n && count < max;) {
        int corner = 0, start = i, e;
        double left = -1e300;
        if (it[i].kind == I_CORNER) {
            corner = beside = it[i].value;
            left = it[i].x1;
            i++;
        } else if (it[i].kind == I_TEXT && beside && count > 0 && i + 1 < n &&
                   it[i + 1].kind == it[i - 1].kind && it[i + 1].value == 1 &&
                   it[i].to == it[i].from + 1 &&
                   p->w[l->at[it[i].from]].w->conf < TENSU_OCR_SURE) {
            /* tables side by side, the second's corner a word the OCR
             * was not sure of ("fu" read "Btu" on a dark head) where the
             * first has its corner, before its first head: that corner */
            corner = beside;
            left = it[i].x1;
            i++;
        } else if (it[i].kind == I_TEXT || it[i].kind == I_PAY) {
            i++;
            continue;
        }
        e = i;
        while (e < n && (it[e].kind == I_HAN || it[e].kind == I_FU || it[e].kind == I_NUM) &&
               (e == i || it[e].value > it[e - 1].value))
            e++;
        if (e - i >= 2 || (corner && e - i == 1)) {
            table *t = &out[count];
            memset(t, 0, sizeof *t);
            if (grid_heads(it, i, e, corner, t)) {
                t->x1 = corner ? left : (count > 0 ? out[count - 1].x2 : -1e300);
                t->x2 = it[e - 1].x2;
                count++;
                i = e;
                continue;
            }
        }
        i = e > start + (corner ? 1 : 0) ? e : start + 1;
    }
    if (count > 0)
        return count;
    /* limits side by side: "Limit (han)  Mangan 5  Haneman 6-7 ...", rows
     * of the sides under them */
    {
        int lims = 0, first = -1;
        for (int i = 0; i < n; i++)
            if (it[i].kind == I_LIMIT) {
                lims++;
                if (first < 0)
                    first = i;
            }
        if (lims >= 2 && count < max) {
            table *t = &out[count];
            memset(t, 0, sizeof *t);
            t->kind = K_LIMITS;
            t->by_side = true;
            t->x1 = limit ? it[0].x1 : -1e300;
            for (int i = first; i < n && t->ncols < MAX_COLS; i++)
                if (limit_col(p, l, &it[i], t) != NULL)
                    t->x2 = it[i].x2;
            return 1;
        }
    }
    /* one row per han and fu: "han fu nondealer_ron ...", "翻 符 子ロン ..."
     * (a han column without a fu column: the limits, each row's name
     * before its han) */
    for (int i = 0; i < n; i++)
        kinds |= it[i].kind == I_PAY && (it[i].pay & (P_RON | P_TSUMO | P_TOTAL));
    if (hancol && fucol && kinds && !limit && count < max) {
        table *t = &out[count];
        memset(t, 0, sizeof *t);
        t->kind = K_LONG;
        t->x1 = it[0].x1;
        for (int i = 0; i < n && t->ncols < MAX_COLS; i++) {
            tcol *c = &t->col[t->ncols++];
            int j = initial_head(p, l, it, n, i);
            memset(c, 0, sizeof *c);
            c->hx1 = it[i].x1;
            if (j >= 0) {
                c->role = C_VALUE;
                c->pay = it[j].pay | initial_side(p, l, &it[i]);
                i = j;
            } else if (it[i].kind == I_CORNER) {
                c->role = it[i].value == 'h' ? C_HAN : it[i].value == 'f' ? C_FU : C_SKIP;
            } else if (it[i].kind == I_PAY && (it[i].pay & (P_RON | P_TSUMO | P_TOTAL))) {
                c->role = C_VALUE, c->pay = it[i].pay;
            } else {
                c->role = C_SKIP;
            }
            c->hx2 = it[i].x2;
            t->x2 = it[i].x2;
        }
        return 1;
    }
    /* limits: "Limit  han  Non-dealer  Dealer", "Limits  non-dealer  dealer"
     * (or "Limit  han" and heads the OCR garbled over columns of amounts:
     * read again by their columns, reread.c's reread_heads) */
    if ((pays || (limit && hancol)) && count < max) {
        table *t = &out[count];
        int sides = 0, paid = 0; /* paid: the columns up to a payment's head */
        double from = 1e300;      /* a head's first letters, set apart */
        bool garbled[MAX_COLS];   /* a column's head is words that say nothing */
        memset(t, 0, sizeof *t);
        t->kind = K_LIMITS;
        t->x1 = limit ? it[0].x1 : -1e300;
        for (int i = 0; i < n && t->ncols < MAX_COLS; i++) {
            tcol *c;
            if (it[i].kind == I_LIMITHEAD) {
                t->x1 = it[i].x1;
                continue;
            }
            if (it[i].kind == I_TEXT && t->ncols == 0 &&
                !words_under(p, l, it[i].x1, it[i].x2, U_DIGITS))
                continue; /* words in the corner (not a garbled head over
                           * a column of amounts or of han) */
            if (initial_head(p, l, it, n, i) == i + 1 && it[i + 1].x1 - it[i].x2 < 4 * l->h) {
                /* "D  ur tsumo": an OCR's "Donneur tsumo", its middle lost
                 * (the initial of a side's word: Dealer, Non-dealer ...) */
                from = it[i].x1;
                continue;
            }
            garbled[t->ncols] = it[i].kind == I_TEXT && from > 1e299;
            c = &t->col[t->ncols++];
            memset(c, 0, sizeof *c);
            c->hx1 = from < it[i].x1 ? from : it[i].x1;
            from = 1e300;
            c->hx2 = it[i].x2;
            if ((it[i].kind == I_CORNER && it[i].value == 'h') ||
                (it[i].kind == I_TEXT && words_under(p, l, it[i].x1, it[i].x2, U_RANGES)))
                c->role = C_RANGE;
            else if (it[i].kind == I_PAY && (it[i].pay & (P_ND | P_D)))
                c->role = C_VALUE, c->pay = it[i].pay, sides++;
            else
                c->role = C_SKIP;
            if (it[i].kind == I_PAY && (it[i].pay & (P_RON | P_TSUMO)))
                paid = t->ncols; /* a side's "ron" or "tsumo", its side not read */
            t->x2 = it[i].x2;
        }
        /* what stands after the last payment is beside the table (a box's
         * heading); a head that says how a side wins but not whose is a
         * column still (from_cells.c reads it by its cells) */
        while (t->ncols > paid && t->col[t->ncols - 1].role == C_SKIP &&
               !words_under(p, l, t->col[t->ncols - 1].hx1, t->col[t->ncols - 1].hx2, U_AMOUNTS))
            t->ncols--;
        if (t->ncols > 0)
            t->x2 = t->col[t->ncols - 1].hx2;
        if ((sides > 0 && (limit || sides >= 2 || (t->ncols > 0 && t->col[0].role == C_RANGE))) ||
            (sides == 0 && limit && t->ncols >= 2 && t->col[0].role == C_RANGE)) {
            /* the pieces of one garbled head ("non-d" "I" of "non-dealer",
             * "+" "OF" of "子 ロン") one column: words that say nothing,
             * close together over one column of cells, before the first
             * head read */
            int read = 0;
            while (read < t->ncols && t->col[read].role != C_VALUE)
                read++;
            for (int c = 1; c + 1 < read;)
                if (t->col[c].role == C_SKIP && t->col[c + 1].role == C_SKIP &&
                    garbled[c] && garbled[c + 1] &&
                    t->col[c + 1].hx1 - t->col[c].hx2 < 3 * l->h &&
                    one_cell_under(p, l, &t->col[c], &t->col[c + 1])) {
                    t->col[c].hx2 = t->col[c + 1].hx2;
                    memmove(&t->col[c + 1], &t->col[c + 2],
                            (size_t)(t->ncols - c - 2) * sizeof *t->col);
                    memmove(&garbled[c + 1], &garbled[c + 2],
                            (size_t)(t->ncols - c - 2) * sizeof *garbled);
                    t->ncols--;
                    read--;
                } else {
                    c++;
                }
            return 1;
        }
    }
    return 0;
}

/* A grid's second header line: under each head, the payments it splits
 * into ("1 han" over "Ron  Tsumo", colspan): the columns become one a
 * payment, each with its head's han (or fu).  Returns the line the rows
 * start under (k + 1 when there is such a line, else k). */
int sub_heads(const page_words *p, table *t, int k)
{
    item it[MAX_ITEMS];
    int n, per[MAX_COLS], owner[MAX_ITEMS], m = -1;
    const rline *l;
    table split;
    int at = k + 1;
    double corner = -1e300;
    if (t->kind != K_GRID || k + 1 >= p->nl || p->l[k + 1].region != p->l[k].region ||
        t->ncols < 1)
        return k;
    l = &p->l[at];
    n = line_items(p, l, it, MAX_ITEMS);
    while (n == 2 && it[0].kind == I_CORNER && it[1].to == it[1].from + 1 &&
           strcmp(p->w[l->at[it[1].from]].w->text, "-") == 0) {
        /* a dash beside it, between two lines of heads: what is left of a
         * rule (a photo's), no cell */
        n = 1;
    }
    if (n == 1 && (it[0].kind == I_CORNER ||
                   (it[0].kind == I_TEXT && it[0].to == it[0].from + 1 &&
                    strlen(p->w[l->at[it[0].from]].w->text) <= 2 &&
                    p->w[l->at[it[0].from]].w->conf < 99.5f)) &&
        it[0].x2 < t->col[0].hx1 && at + 1 < p->nl && p->l[at + 1].region == l->region) {
        /* the corner between the two lines (its cell spans both), or what
         * a photo's OCR kept of it ("F" of "Fu") */
        corner = it[0].x1;
        l = &p->l[++at];
        n = line_items(p, l, it, MAX_ITEMS);
    }
    if (n >= 1 && it[0].kind == I_CORNER && it[0].x2 < t->col[0].hx1) {
        /* the corner on the payments' line */
        corner = it[0].x1;
        memmove(it, it + 1, (size_t)(n - 1) * sizeof *it);
        n--;
    }
    if (n < 2 * t->ncols)
        return k;
    memset(per, 0, sizeof per);
    for (int i = 0; i < n; i++) {
        double cx = (it[i].x1 + it[i].x2) / 2, best = 1e300;
        if (it[i].kind != I_PAY || !(it[i].pay & (P_RON | P_TSUMO)) ||
            (it[i].pay & (P_RON | P_TSUMO)) == (P_RON | P_TSUMO))
            return k;
        /* under the nearest head */
        owner[i] = -1;
        for (int c = 0; c < t->ncols; c++) {
            double hc = (t->col[c].hx1 + t->col[c].hx2) / 2, d = fabs(cx - hc);
            if (d < best) {
                best = d;
                owner[i] = c;
            }
        }
        per[owner[i]]++;
    }
    for (int c = 0; c < t->ncols; c++) {
        if (m < 0)
            m = per[c];
        if (per[c] != m || m < 2)
            return k;
    }
    if (t->ncols * m > MAX_COLS)
        return k;
    split = *t;
    split.ncols = 0;
    for (int i = 0; i < n; i++) {
        tcol *c = &split.col[split.ncols++];
        *c = t->col[owner[i]];
        c->hx1 = it[i].x1;
        c->hx2 = it[i].x2;
        c->pay = it[i].pay & (P_RON | P_TSUMO | P_TOTAL);
    }
    memcpy(t->col, split.col, sizeof t->col);
    t->ncols = split.ncols;
    if (corner > -1e299 && t->x1 < -1e299)
        t->x1 = corner;
    return at;
}
