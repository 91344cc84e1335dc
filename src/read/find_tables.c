/* Tables in a page's lines (table.h), found as a person finds them: a
 * header (a line of han or fu heads, of payments, or of limits), the row
 * labels under its corner (fu, han, a limit's name), the columns under its
 * heads (where the words of the rows stand apart, and where the cells on
 * either side read as cells), the heading above it that says whose table
 * it is.  Tables side by side are read one by one; a table with no header
 * whose rows are labelled with fu is read with columns of 1 han, 2 han ... */
#include "table.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* What a header's words say                                           */
/* ------------------------------------------------------------------ */

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

/* A phrase's gap: words further apart than this many line heights stand
 * apart (a text file's two spaces; a page's cell padding). */
#define PHRASE_GAP 0.8

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
         * whole; three of them at least, and nothing else in the line */
        int heads = 0, next = 0, i;
        for (i = 0; i < n; i++) {
            int v = it[i].value, h = v / 10;
            bool ocr = p->w[l->at[it[i].from]].w->conf < 99.5f;
            if (it[i].kind == I_CORNER || (it[i].kind == I_TEXT && i == 0))
                continue;
            if (it[i].kind == I_HAN)
                h = v;
            else if (!it[i].number || !ocr || v < 11 || v > 139 || v % 10 == 0)
                break;
            if (h < 1 || h > TENSU_TABLE_MAX_HAN || (next > 0 && h != next))
                break;
            next = h + 1;
            heads++;
        }
        if (i == n && heads >= 3)
            for (i = 0; i < n; i++)
                if (it[i].number && it[i].kind != I_HAN && it[i].kind != I_CORNER &&
                    !(it[i].kind == I_TEXT && i == 0)) {
                    it[i].kind = I_HAN;
                    it[i].value /= 10;
                    it[i].number = false;
                }
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

static bool add_row(table *t, const trow *r)
{
    if (t->nrows == t->rows_cap) {
        int cap = t->rows_cap ? t->rows_cap * 2 : 32;
        trow *p = realloc(t->row, (size_t)cap * sizeof *p);
        if (p == NULL)
            return false;
        t->row = p;
        t->rows_cap = cap;
    }
    t->row[t->nrows++] = *r;
    return true;
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

static int header_groups(const page_words *p, const rline *l, table *out, int max)
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
                tensu_label lab;
                tcol *c;
                if (!limit_head(p, l, &it[i], &lab))
                    continue;
                c = &t->col[t->ncols++];
                memset(c, 0, sizeof *c);
                c->role = C_VALUE;
                c->hx1 = it[i].x1;
                c->hx2 = it[i].x2;
                c->x1 = it[i].x1;
                c->limit = lab.limit;
                c->yakuman = lab.yakuman;
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
            if (it[i].kind == I_TEXT && it[i].to >= it[i].from + 2 &&
                it[i].to <= it[i].from + 3 &&
                strlen(p->w[l->at[it[i].to - 2]].w->text) <= 3 &&
                strpbrk(p->w[l->at[it[i].to - 2]].w->text, "0123456789") == NULL &&
                read_unit_word(p->w[l->at[it[i].to - 1]].w->text) == TENSU_LABEL_HAN &&
                i + 1 < n && it[i + 1].kind == I_HAN && it[i + 1].value == 2) {
                /* "à han" before "2 han": the 1 misread, its unit read
                 * (a photo's "1 han" on a grey head) */
                it[i].kind = I_HAN;
                it[i].value = 1;
                continue;
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
            for (int i = first; i < n && t->ncols < MAX_COLS; i++) {
                tensu_label lab;
                tcol *c;
                if (!limit_head(p, l, &it[i], &lab))
                    continue;
                c = &t->col[t->ncols++];
                memset(c, 0, sizeof *c);
                c->role = C_VALUE;
                c->hx1 = it[i].x1;
                c->hx2 = it[i].x2;
                c->limit = lab.limit;
                c->yakuman = lab.yakuman;
                t->x2 = it[i].x2;
            }
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
            memset(c, 0, sizeof *c);
            c->hx1 = it[i].x1;
            c->hx2 = it[i].x2;
            if (it[i].kind == I_CORNER)
                c->role = it[i].value == 'h' ? C_HAN : it[i].value == 'f' ? C_FU : C_SKIP;
            else if (it[i].kind == I_PAY && (it[i].pay & (P_RON | P_TSUMO | P_TOTAL)))
                c->role = C_VALUE, c->pay = it[i].pay;
            else
                c->role = C_SKIP;
            t->x2 = it[i].x2;
        }
        return 1;
    }
    /* limits: "Limit  han  Non-dealer  Dealer", "Limits  non-dealer  dealer" */
    if (pays && count < max) {
        table *t = &out[count];
        int sides = 0, paid = 0; /* paid: the columns up to a payment's head */
        double from = 1e300;      /* a head's first letters, set apart */
        memset(t, 0, sizeof *t);
        t->kind = K_LIMITS;
        t->x1 = limit ? it[0].x1 : -1e300;
        for (int i = 0; i < n && t->ncols < MAX_COLS; i++) {
            tcol *c;
            if (it[i].kind == I_LIMITHEAD) {
                t->x1 = it[i].x1;
                continue;
            }
            if (it[i].kind == I_TEXT && t->ncols == 0)
                continue; /* words in the corner */
            if (it[i].kind == I_TEXT && i + 1 < n && it[i + 1].kind == I_PAY &&
                it[i].to == it[i].from + 1 && side_initial(p->w[l->at[it[i].from]].w->text) &&
                it[i + 1].x1 - it[i].x2 < 4 * l->h) {
                /* "D  ur tsumo": an OCR's "Donneur tsumo", its middle lost
                 * (the initial of a side's word: Dealer, Non-dealer ...) */
                from = it[i].x1;
                continue;
            }
            c = &t->col[t->ncols++];
            memset(c, 0, sizeof *c);
            c->hx1 = from < it[i].x1 ? from : it[i].x1;
            from = 1e300;
            c->hx2 = it[i].x2;
            if (it[i].kind == I_CORNER && it[i].value == 'h')
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
         * column still (cells.c reads it by its cells) */
        while (t->ncols > paid && t->col[t->ncols - 1].role == C_SKIP)
            t->ncols--;
        if (t->ncols > 0)
            t->x2 = t->col[t->ncols - 1].hx2;
        if (sides > 0 && (limit || sides >= 2 || (t->ncols > 0 && t->col[0].role == C_RANGE)))
            return 1;
    }
    return 0;
}

/* The lines of the page from line k on that overlap [x1, x2]. */
static bool overlaps(const rline *l, double x1, double x2)
{
    return l->x2 > x1 && l->x1 < x2;
}

/* The words of line l whose middle is in [x1, x2). */
static void words_in(const page_words *p, const rline *l, double x1, double x2, int *from,
                     int *to)
{
    int a = 0, b;
    while (a < l->n && p->w[l->at[a]].cx < x1)
        a++;
    b = a;
    while (b < l->n && p->w[l->at[b]].cx < x2)
        b++;
    *from = a;
    *to = b;
}

/* An OCR's reading of a label whose unit it could not read ("50%", "40FF",
 * "20待" for 50符, 40符, 20符: the kanji after Latin digits): its number,
 * when the rest is one to three characters that are no digits.  0 when
 * it is not such a label. */
static int ocr_label(const rword *first, const char *text)
{
    int v = 0, nd = 0, rest = 0;
    const char *t = text;
    if (first->w->conf >= 99.5f)
        return 0; /* words of a text, not of an OCR */
    while (*t >= '0' && *t <= '9' && nd < 4)
        v = v * 10 + (*t++ - '0'), nd++;
    if (nd == 0 || nd > 3)
        return 0;
    if (*t == ' ')
        t++;
    while (*t) {
        unsigned char c = (unsigned char)*t;
        size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        if ((c >= '0' && c <= '9') || c == ' ' || c == '\t')
            return 0;
        for (size_t i = 0; i < len; i++)
            if (t[i] == '\0')
                return 0;
        t += len;
        rest++;
    }
    return rest >= 1 && rest <= 3 ? v : 0;
}

/* A row's label, read from words at[from..to) of line l: what it says for
 * this table; false when it is no row label of it. */
static bool row_label(const page_words *p, const rline *l, int from, int to, const table *t,
                      trow *r)
{
    char text[160];
    tensu_label lab;
    read_words_text(p, l, from, to, text, sizeof text);
    if (t->by_side) {
        /* a side, as a heading names it: "Non-dealer wins", "Dealer", "子" */
        int score;
        unsigned pay = read_heading_words(text, &score);
        if (!(pay & (P_ND | P_D)) || score < 3)
            return false;
        memset(r, 0, sizeof *r);
        r->label = l->at[from];
        r->bad = -1;
        r->pay = pay;
        r->ly1 = l->y1;
        r->ly2 = l->y2;
        return true;
    }
    if (!tensu_label_parse(text, strlen(text), &lab)) {
        int v = ocr_label(&p->w[l->at[from]], text);
        if (v == 0)
            return false;
        lab.kind = TENSU_LABEL_NUMBER;
        lab.value = v;
    }
    if (p->w[l->at[from]].w->conf < 99.5f && strstr(text, "\xE7\xAC\xA6") != NULL &&
        lab.value >= 29 && lab.value < 120 && !tensu_fu_valid(lab.value) && !t->by_han) {
        /* the OCR reads the 0 of "50符" as a 9 or a 6 (the kanji's stroke
         * closes it): no fu ends so; the rows' order checks it */
        lab.value -= lab.value % 10;
    }
    if (p->w[l->at[from]].w->conf < 99.5f && !t->by_han && lab.kind == TENSU_LABEL_NUMBER &&
        lab.value > 200 && to == from + 1) {
        /* "507", "2077", "254": the 符 after "50", "20", "25" read as
         * digits (4, 7, 8, 9) */
        int v = lab.value;
        while (v > 110 && strchr("46789", '0' + v % 10) != NULL)
            v /= 10;
        if (v <= 110 && tensu_fu_valid(v))
            lab.value = v;
    }
    memset(r, 0, sizeof *r);
    r->label = l->at[from];
    r->bad = -1;
    r->ly1 = l->y1;
    r->ly2 = l->y2;
    for (int j = from; j < to; j++) {
        const rword *w = &p->w[l->at[j]];
        if (j == from || w->y1 < r->ly1)
            r->ly1 = w->y1;
        if (j == from || w->y2 > r->ly2)
            r->ly2 = w->y2;
    }
    if (lab.kind == TENSU_LABEL_LIMIT) {
        r->limit = lab.limit;
        r->yakuman = lab.yakuman;
        return true;
    }
    if (t->kind == K_LIMITS)
        return false;
    if (t->by_han) {
        /* han: 1 to 13, and the multiples a counted yakuman row may use */
        if (lab.kind != TENSU_LABEL_HAN && lab.kind != TENSU_LABEL_NUMBER)
            return false;
        if (lab.value < 1 || (lab.value > TENSU_TABLE_MAX_HAN && lab.kind == TENSU_LABEL_NUMBER) ||
            lab.value > 1000)
            return false;
        r->han = lab.value;
        return true;
    }
    /* fu: 20, 25, then tens (a page number is none) */
    if (lab.kind != TENSU_LABEL_FU && lab.kind != TENSU_LABEL_NUMBER)
        return false;
    if (lab.value < 20 || lab.value > 1000 || (lab.value != 25 && lab.value % 10 != 0) ||
        (lab.kind == TENSU_LABEL_NUMBER && lab.value > 200)) {
        /* an OCR's label that is no fu ("10%" for 70符, the 7 read as a
         * 1), among rows of a grid: its row all the same, its count read
         * again or told by its neighbours (cells.c, reread_label) */
        const rword *last = &p->w[l->at[to - 1]];
        const char *lt = last->w->text;
        char end = lt[0] ? lt[strlen(lt) - 1] : '\0';
        bool two_digits = to == from + 1 && strlen(lt) == 2 && isdigit((unsigned char)lt[0]) &&
                          isdigit((unsigned char)lt[1]);
        if (p->w[l->at[from]].w->conf >= 99.5f || t->kind != K_GRID || lab.value < 1 ||
            lab.value > 200 || to - from > 2 ||
            ((end >= '0' && end <= '9') && !two_digits) || end == ',' || end == '.' ||
            t->ncols == 0 || last->x2 > t->col[0].hx1)
            return false; /* its unit read as a sign ("10%"), or its 0 as
                           * another digit ("78"), left of the heads */
        r->fu = lab.value;
        r->bad = r->label;
        r->bad_role = C_ORDER;
        return true;
    }
    r->fu = lab.value;
    return true;
}

/* A limits table's row by its han, the words under its han head ("6 - 7
 * 翻"), when its name cannot be read: the limit they span. */
static bool range_row(page_words *p, const rline *l, const table *t, int from, trow *r)
{
    const tcol *c = NULL;
    int a = -1, e;
    char text[96];
    tensu_label lab;
    for (int k = 0; k < t->ncols && c == NULL; k++)
        if (t->col[k].role == C_RANGE)
            c = &t->col[k];
    if (c == NULL)
        return false;
    for (int j = from; j < l->n && a < 0; j++) {
        const rword *w = &p->w[l->at[j]];
        if (w->cx >= c->hx1 - 2 * l->h && w->cx <= c->hx2 + 2 * l->h)
            a = j;
    }
    if (a < 0)
        return false;
    for (e = a; e < l->n; e++) {
        const rword *w = &p->w[l->at[e]];
        /* (a number under the han head is the range's end, its 翻 read as
         * digits: "8~" "1083") */
        if (w->cx > c->hx2 + 2 * l->h || (read_has_amount(w->w->text) && w->x1 > c->hx2))
            break;
    }
    read_words_text(p, l, a, e, text, sizeof text);
    if (!tensu_label_parse(text, strlen(text), &lab)) {
        /* "6~7H": the unit misread; the range without it */
        size_t k = strlen(text);
        while (k > 0 && !(text[k - 1] >= '0' && text[k - 1] <= '9'))
            k--;
        if (k == 0 || k == strlen(text) || !tensu_label_parse(text, k, &lab) ||
            lab.kind != TENSU_LABEL_HAN_RANGE)
            return false;
    }
    if ((r->limit = tensu_label_han_limit(&lab)) == TENSU_LIMIT_NONE)
        return false;
    {
        tensu_limit limit = r->limit;
        memset(r, 0, sizeof *r);
        r->limit = limit;
    }
    r->yakuman = r->limit == TENSU_LIMIT_YAKUMAN ? 1 : 0;
    r->label = l->at[a];
    r->bad = -1;
    r->ly1 = l->y1;
    r->ly2 = l->y2;
    for (int j = a; j < e; j++)
        p->w[l->at[j]].label = true;
    return true;
}

/* The label of a long table's row: its han (or limit) and its fu, from
 * the words under the han and fu heads. */
static bool long_label(const page_words *p, const rline *l, const table *t, trow *r)
{
    int han = -1, fu = -1, used = 0;
    memset(r, 0, sizeof *r);
    r->label = -1;
    r->bad = -1;
    for (int c = 0; c < t->ncols; c++) {
        int a, b;
        char text[160];
        tensu_label lab;
        if (t->col[c].role != C_HAN && t->col[c].role != C_FU)
            continue;
        words_in(p, l, t->col[c].x1, t->col[c].x2, &a, &b);
        if (a < used)
            a = used;
        if (a >= b)
            continue;
        /* and the rest of the source's cell (a long label in a column
         * whose head is short) */
        while (b < l->n && p->w[l->at[b]].w->cell > 0 &&
               p->w[l->at[b]].w->cell == p->w[l->at[b - 1]].w->cell)
            b++;
        used = b;
        read_words_text(p, l, a, b, text, sizeof text);
        r->bad = l->at[a];
        r->bad_role = t->col[c].role;
        if (!tensu_label_parse(text, strlen(text), &lab)) {
            /* a merged han cell's label on its middle row, that row's fu
             * slid into the han column beside it ("4  60"): the two */
            tensu_label fl;
            const char *f1 = p->w[l->at[a]].w->text, *f2 = p->w[l->at[a + 1 < b ? a + 1 : a]].w->text;
            if (t->col[c].role != C_HAN || b - a != 2 || fu >= 0 ||
                !tensu_label_parse(f1, strlen(f1), &lab) || lab.kind != TENSU_LABEL_NUMBER ||
                lab.value < 1 || lab.value > TENSU_TABLE_MAX_HAN ||
                !tensu_label_parse(f2, strlen(f2), &fl) || fl.kind != TENSU_LABEL_NUMBER ||
                !tensu_fu_valid(fl.value))
                return false;
            fu = fl.value;
        }
        r->bad = -1;
        if (r->label < 0) {
            r->label = l->at[a];
            r->ly1 = l->y1;
            r->ly2 = l->y2;
        }
        if (t->col[c].role == C_HAN) {
            if (lab.kind == TENSU_LABEL_LIMIT) {
                r->limit = lab.limit;
                r->yakuman = lab.yakuman;
                han = 0;
            } else if ((lab.kind == TENSU_LABEL_NUMBER || lab.kind == TENSU_LABEL_HAN) &&
                       lab.value >= 1 && lab.value <= 1000) {
                han = lab.value;
            } else {
                r->bad = l->at[a];
                r->bad_role = C_HAN;
                return false;
            }
        } else if ((lab.kind == TENSU_LABEL_NUMBER || lab.kind == TENSU_LABEL_FU) &&
                   lab.value >= 1 && lab.value <= 1000) {
            fu = lab.value;
        } else if (lab.kind != TENSU_LABEL_LIMIT || han != 0) {
            r->bad = l->at[a];
            r->bad_role = C_FU;
            return false;
        }
    }
    if (han < 0 && fu < 0) {
        r->bad = -1;
        return false;
    }
    if (fu < 0 && han > TENSU_TABLE_MAX_HAN && tensu_fu_valid(han)) {
        /* a fu that slid into the han column (a photo's keystone moves the
         * columns down the page), its row's han cell merged above: no count
         * of han over 13 is a fu (13 x 2, 3 ... are not) */
        for (int c = 0; c < t->ncols; c++)
            if (t->col[c].role == C_FU) {
                fu = han;
                han = -1;
                break;
            }
    }
    /* a fu without its han: the han's cell merged over its rows
     * (long_merged gives it); a han without a fu: that merged cell's
     * label, standing between rows (the caller keeps it aside) */
    r->han = han;
    r->fu = fu < 0 ? 0 : fu;
    return true;
}

/* A long table whose han cell is merged over the rows of that han (a
 * rowspan): each run of rows of increasing fu is one han's, and takes the
 * han of the row in it that shows one, else of the label standing within
 * its rows (labels[], their middles mid[]).  Rows left without a han are
 * marked bad. */
static void long_merged(table *t, const int *labels, const double *mid, int nlabels)
{
    int start = 0;
    while (start < t->nrows) {
        int end = start + 1, han = -1;
        double top, bot;
        if (t->row[start].limit == TENSU_LIMIT_NONE)
            while (end < t->nrows && t->row[end].limit == TENSU_LIMIT_NONE &&
                   t->row[end].fu > t->row[end - 1].fu)
                end++;
        {
            /* the han most of the run's rows read (a "1" read "2" on one
             * row of a photo's run of 1 han rows is that run's 1) */
            int best = 0;
            for (int r = start; r < end; r++) {
                int same = 0;
                for (int q = start; q < end; q++)
                    same += t->row[q].han > 0 && t->row[q].han == t->row[r].han;
                if (t->row[r].han > 0 && same > best) {
                    best = same;
                    han = t->row[r].han;
                }
            }
            for (int r = start; r < end && best >= 3; r++)
                if (t->row[r].han > 0 && t->row[r].han != han &&
                    t->row[r].limit == TENSU_LIMIT_NONE) {
                    int same = 0;
                    for (int q = start; q < end; q++)
                        same += t->row[q].han == t->row[r].han;
                    if (same == 1)
                        t->row[r].han = han;
                }
        }
        top = t->row[start].ly1;
        bot = t->row[end - 1].ly2;
        for (int i = 0; i < nlabels && han < 0; i++) {
            double h = t->row[start].ly2 - t->row[start].ly1;
            if (mid[i] >= top - h && mid[i] <= bot + h)
                han = labels[i];
        }
        for (int r = start; r < end; r++)
            if (t->row[r].han < 0 && t->row[r].limit == TENSU_LIMIT_NONE) {
                if (han > 0) {
                    t->row[r].han = han;
                } else {
                    t->row[r].bad = t->row[r].label;
                    t->row[r].bad_role = C_HAN;
                }
            }
        start = end;
    }
}

/* ------------------------------------------------------------------ */
/* Columns: where the rows' words stand apart                          */
/* ------------------------------------------------------------------ */

typedef struct span_ {
    double x1, x2;
} span_;

static int by_x1(const void *a, const void *b)
{
    const span_ *x = a, *y = b;
    return x->x1 < y->x1 ? -1 : x->x1 > y->x1;
}


/* Does the text between x1 and x2 of row r read as what the column holds
 * (a cell, or a label for the labels' column)?  1 yes, 0 no, -1 empty. */
static int reads(const page_words *p, const table *t, int r, double x1, double x2, bool label)
{
    char text[256];
    tensu_cell_text c;
    tensu_label lab;
    if (!read_cell_text(p, t, r, x1, x2, text, sizeof text, NULL))
        return -1;
    if (label) {
        int score;
        for (char *s = text; *s; s++)
            if (*s == '\n' || *s == '\t')
                *s = ' ';
        if (t->by_side)
            return (read_heading_words(text, &score) & (P_ND | P_D)) && score >= 3;
        return tensu_label_parse(text, strlen(text), &lab) ? 1 : 0;
    }
    return tensu_cell_parse(text, strlen(text), &c) == 0 ? 1 : 0;
}

/* The boundary between the column ending at a and the one starting at b
 * (their heads' middles, or the label column and the first head): among
 * the gaps where no word of the rows stands, the one that leaves cells
 * that read on both sides in the most rows, then the widest, then the
 * closest to the middle.  left: where the left column starts; right_end:
 * where the right column ends at most. */
static double boundary(const page_words *p, table *t, double a, double b, double left,
                       double right_end, bool label_left)
{
    span_ *s;
    int ns = 0, best = -1, best_score = -1;
    double best_w = -1, best_d = 1e300, mid = (a + b) / 2;
    double gaps[64][2];
    int ng = 0, nin = 0;
    double far = right_end > b && right_end < 1e299 ? right_end : b;
    int from, to;
    read_slice(p, t->region, t->header >= 0 ? p->l[t->header].y1 - p->l[t->header].h : t->top,
               t->row[t->nrows - 1].y2, &from, &to);
    s = malloc(((size_t)(to - from) + 1) * sizeof *s);
    if (s == NULL)
        return mid;
    for (int i = from; i < to; i++) {
        const rword *w = &p->w[i];
        /* the rows' words, and the header's: a column is its head and the
         * cells under it */
        if (w->region != t->region || w->x2 <= a || w->x1 >= far ||
            (read_row_of(t, w) < 0 && (t->header < 0 || w->line != t->header)))
            continue;
        if (w->w->conf < 50)
            continue; /* a smudge read as a word joins no columns */
        s[ns++] = (span_){w->x1, w->x2};
    }
    qsort(s, (size_t)ns, sizeof *s, by_x1);
    /* the gaps between the heads' middles (the candidates), then those
     * up to the column after (where the right column may end) */
    {
        double x = a;
        for (int i = 0; i <= ns && ng < 64; i++) {
            double nx = i < ns ? s[i].x1 : far;
            if (nx > x && nx > a && x < far) {
                gaps[ng][0] = x > a ? x : a;
                gaps[ng][1] = nx < far ? nx : far;
                if (gaps[ng][0] >= b)
                    ; /* beyond the candidates */
                else if (gaps[ng][1] > b)
                    gaps[ng][1] = b;
                if (gaps[ng][1] > gaps[ng][0]) {
                    nin += gaps[ng][0] < b;
                    ng++;
                }
            }
            if (i < ns && s[i].x2 > x)
                x = s[i].x2;
        }
    }
    free(s);
    if (nin == 0)
        return mid;
    if (nin == 1)
        return (gaps[0][0] + gaps[0][1]) / 2;
    for (int g = 0; g < nin; g++) {
        double x = (gaps[g][0] + gaps[g][1]) / 2, wd = gaps[g][1] - gaps[g][0];
        int score = 0;
        /* the right column: up to its first gap after its head's middle */
        double end = right_end;
        for (int h = g + 1; h < ng; h++)
            if (gaps[h][0] >= b) {
                end = (gaps[h][0] + gaps[h][1]) / 2;
                break;
            }
        for (int r = 0; r < t->nrows; r++) {
            score += reads(p, t, r, left, x, label_left) == 1;
            score += reads(p, t, r, x, end, false) == 1;
        }
        if (score > best_score || (score == best_score && wd > best_w + 1e-9) ||
            (score == best_score && fabs(wd - best_w) <= 1e-9 && fabs(x - mid) < best_d)) {
            best = g;
            best_score = score;
            best_w = wd;
            best_d = fabs(x - mid);
        }
    }
    return (gaps[best][0] + gaps[best][1]) / 2;
}

/* The right end of the last column: its rows' words chained from its
 * head, a gap of more than two line heights ending the chain (a box of
 * text beside the table). */
static double last_end(const page_words *p, const table *t, double from, double limit)
{
    const tcol *c = &t->col[t->ncols - 1];
    double end = c->hx2;
    for (int r = 0; r < t->nrows; r++) {
        int a, b, seen[64], ns = 0;
        read_slice(p, t->region, t->row[r].y1, t->row[r].y2, &a, &b);
        /* the lines of the row's words */
        for (int i = a; i < b && ns < 64; i++) {
            int k = 0;
            while (k < ns && seen[k] != p->w[i].line)
                k++;
            if (k == ns)
                seen[ns++] = p->w[i].line;
        }
        for (int q = 0; q < ns; q++) {
            const rline *ln = &p->l[seen[q]];
            /* from the head's right: the words under it, then those each
             * close to the one before */
            double x = c->hx2;
            for (int j = 0; j < ln->n; j++) {
                const rword *w = &p->w[ln->at[j]];
                if (w->cy < t->row[r].y1 || w->cy >= t->row[r].y2 || w->x2 <= from ||
                    w->x1 >= limit)
                    continue;
                if (w->x1 - x > 2.0 * ln->h && w->x1 > c->hx2)
                    break;
                if (w->x2 > x)
                    x = w->x2;
            }
            if (x > end)
                end = x;
        }
    }
    return end + 1e-6;
}

/* The columns' spans, from the heads and the rows' words. */
static void place_columns(const page_words *p, table *t, double right_limit)
{
    double start;
    int first = 0;
    if (t->ncols == 0 || t->strip)
        return;
    if (t->kind == K_LONG) {
        /* every column has its head: the boundaries between heads */
        start = t->x1;
    } else {
        /* the labels' column: its words' right edge (else where the
         * words of the rows stand apart), then the first value column */
        double lx = t->x1 > -1e299 ? t->x1 : t->col[0].hx1 - 1e6;
        double b = (t->col[0].hx1 + t->col[0].hx2) / 2;
        double a = t->label_x2 > lx ? t->label_x2 : lx, right = -1e300;
        int from, to;
        read_slice(p, t->region, t->row[0].y1, t->row[t->nrows - 1].y2, &from, &to);
        /* the fu (or han) labels; a limit row's name may run on over the
         * first column (a "2x yakuman" heading two columns) */
        for (int i = from; i < to; i++) {
            int ri = p->w[i].label && p->w[i].region == t->region ? read_row_of(t, &p->w[i]) : -1;
            if (ri >= 0 && !t->row[ri].limit && p->w[i].x2 > right && p->w[i].cx < b)
                right = p->w[i].x2;
        }
        if (a > b)
            a = t->col[0].hx1;
        if (right > -1e299 && t->kind == K_GRID)
            start = right + 1e-6;
        else
            start = boundary(p, t, a, b, lx, t->ncols > 1 ? t->col[1].hx1 : right_limit, true);
        t->label_x2 = start;
    }
    for (int c = first; c < t->ncols; c++) {
        double a = (t->col[c].hx1 + t->col[c].hx2) / 2;
        t->col[c].x1 = c == 0 ? start : t->col[c - 1].x2;
        if (c + 1 < t->ncols) {
            double b = (t->col[c + 1].hx1 + t->col[c + 1].hx2) / 2;
            double end = c + 2 < t->ncols ? (t->col[c + 2].hx1 + t->col[c + 2].hx2) / 2
                                          : right_limit;
            if (t->kind == K_LONG && c == 0 && t->col[0].x1 > a)
                t->col[0].x1 = t->col[0].hx1;
            t->col[c].x2 = boundary(p, t, a, b, t->col[c].x1, end, false);
        } else {
            t->col[c].x2 = last_end(p, t, t->col[c].x1, right_limit);
        }
    }
    if (t->kind == K_LONG && t->col[0].x1 > t->col[0].hx1)
        t->col[0].x1 = t->col[0].hx1;
    t->x2 = t->col[t->ncols - 1].x2;
}

/* ------------------------------------------------------------------ */
/* Rows: the labels under the corner                                   */
/* ------------------------------------------------------------------ */

/* Is the text amounts and marks only ("(500 all) (1,000 all)"): cells? */
static bool amounts_only(const char *t)
{
    static const char *const all[] = {"all", "each", "chacun", "ALL", "All"};
    bool amount = false;
    for (size_t i = 0; t[i];) {
        if (isalpha((unsigned char)t[i])) {
            size_t k = 0, e = i;
            while (isalpha((unsigned char)t[e]))
                e++;
            for (size_t w = 0; w < sizeof all / sizeof all[0] && k == 0; w++)
                if (e - i == strlen(all[w]) && strncmp(t + i, all[w], e - i) == 0)
                    k = e - i;
            if (k == 0)
                return false;
            i = e;
            continue;
        }
        amount = amount || isdigit((unsigned char)t[i]);
        i++;
    }
    return amount;
}

/* Is the word at j of the line part of a phrase, not a cell: a dash
 * between words ("tensu – Tenhou"), a number after one ("Championship
 * 2015")?  after: a word after it counts too.  Near: within most of the
 * line's height (a dash is flat: its own height says nothing). */
static bool in_phrase(const page_words *p, const rline *l, int j, bool after)
{
    const rword *w = &p->w[l->at[j]];
    for (int k = j - 1; k <= j + (after ? 1 : -1); k += 2) {
        const rword *v;
        int numbers, words;
        if (k < 0 || k >= l->n)
            continue;
        v = &p->w[l->at[k]];
        if ((k < j ? w->x1 - v->x2 : v->x1 - w->x2) > 0.8 * fmax(w->h, l->h))
            continue;
        read_count_words(v->w->text, &numbers, &words);
        if (words > 0 && numbers == 0)
            return true;
    }
    return false;
}

/* Does the line hold amounts (or marks) right of x: a row of cells? */
static bool amounts_right(const page_words *p, const rline *l, double x)
{
    for (int j = 0; j < l->n; j++) {
        const rword *w = &p->w[l->at[j]];
        if (w->x1 >= x && ((read_has_amount(w->w->text) && !in_phrase(p, l, j, false)) ||
                           (tensu_empty_mark(w->w->text, strlen(w->w->text)) &&
                            !in_phrase(p, l, j, true))))
            return true;
    }
    return false;
}

/* Does the line hold a header overlapping [x1, x2]? */
static bool header_at(const page_words *p, const rline *l, double x1, double x2)
{
    table g[8];
    int n = header_groups(p, l, g, 8);
    for (int i = 0; i < n; i++) {
        double a = g[i].col[0].hx1, b = g[i].col[g[i].ncols - 1].hx2;
        if (b > x1 && a < x2)
            return true;
    }
    return false;
}

static int by_cy(const void *a, const void *b)
{
    const trow *x = a, *y = b;
    double cx = (x->ly1 + x->ly2) / 2, cy = (y->ly1 + y->ly2) / 2;
    return cx < cy ? -1 : cx > cy;
}

/* The lines of the value words whose middles are between a and b (in the
 * table, right of its labels), top to bottom: their tops and bottoms.
 * Returns how many (at most max; -1 when more). */
static int value_lines(const page_words *p, const table *t, double a, double b, double right,
                       double *top, double *bot, int max)
{
    int n = 0, from, to;
    if (b <= a)
        return 0;
    read_slice(p, t->region, a, b, &from, &to);
    for (int i = from; i < to; i++) {
        const rword *w = &p->w[i];
        int j;
        if (w->region != t->region || w->cy <= a || w->cy >= b || w->cx < t->col[0].hx1 - w->h ||
            w->cx >= right || w->label)
            continue;
        /* the line it is on: one whose height it shares by half */
        for (j = 0; j < n; j++) {
            double over = (w->y2 < bot[j] ? w->y2 : bot[j]) - (w->y1 > top[j] ? w->y1 : top[j]);
            double hh = w->h < bot[j] - top[j] ? w->h : bot[j] - top[j];
            if (over >= 0.5 * hh)
                break;
        }
        if (j < n) {
            if (w->y1 < top[j])
                top[j] = w->y1;
            if (w->y2 > bot[j])
                bot[j] = w->y2;
            continue;
        }
        if (n == max)
            return -1;
        top[n] = w->y1;
        bot[n] = w->y2;
        n++;
    }
    /* top to bottom */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && top[j] < top[j - 1]; j--) {
            double x = top[j], y = bot[j];
            top[j] = top[j - 1], bot[j] = bot[j - 1];
            top[j - 1] = x, bot[j - 1] = y;
        }
    return n;
}

/* The boundary between two rows whose labels' middles are a and b: the
 * widest gap between the lines of the words between them (in the table,
 * right of its labels), when it is clearly the widest; false when none is. */
static bool row_gap(const page_words *p, const table *t, double a, double b, double right,
                    double *at)
{
    double iv[256][2], best = 0, second = 0, where = 0, h = 0;
    int n = 0, from, to;
    read_slice(p, t->region, a, b, &from, &to);
    for (int i = from; i < to && n < 256; i++) {
        const rword *w = &p->w[i];
        if (w->region != t->region || w->cy <= a || w->cy >= b || w->cx < t->col[0].hx1 - w->h ||
            w->cx >= right)
            continue;
        iv[n][0] = w->y1;
        iv[n][1] = w->y2;
        h += w->h;
        n++;
    }
    if (n < 2)
        return false;
    h /= n;
    /* sort by top, merge, and weigh the gaps */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && iv[j][0] < iv[j - 1][0]; j--) {
            double x0 = iv[j][0], x1 = iv[j][1];
            iv[j][0] = iv[j - 1][0], iv[j][1] = iv[j - 1][1];
            iv[j - 1][0] = x0, iv[j - 1][1] = x1;
        }
    {
        double end = iv[0][1];
        for (int i = 1; i < n; i++) {
            if (iv[i][0] > end) {
                double g = iv[i][0] - end;
                if (g > best) {
                    second = best;
                    best = g;
                    where = (iv[i][0] + end) / 2;
                } else if (g > second) {
                    second = g;
                }
            }
            if (iv[i][1] > end)
                end = iv[i][1];
        }
    }
    if (best < 0.15 * h || best < 1.4 * second)
        return false;
    *at = where;
    return true;
}

/* The rows of table t, from the lines under its header (line k): their
 * labels, then their bands.  Returns the line after the table. */
/* A strip of limits (line k): its one row, the names' line and the line
 * under it (the han and the tsumo), the names and the han its labels. */
static int strip_rows(page_words *p, table *t, int k)
{
    const rline *ln = &p->l[k], *next = k + 1 < p->nl ? &p->l[k + 1] : NULL;
    trow r;
    memset(&r, 0, sizeof r);
    r.label = ln->at[0];
    r.bad = -1;
    r.ly1 = ln->y1;
    r.ly2 = ln->y2;
    r.y1 = ln->y1 - 0.25 * ln->h;
    r.y2 = ln->y2;
    /* the names: the line's words that are no amount */
    for (int j = 0; j < ln->n; j++) {
        rword *w = &p->w[ln->at[j]];
        if (!read_has_amount(w->w->text))
            w->label = true;
    }
    if (next != NULL && next->region == ln->region && next->y1 - ln->y2 < ln->h) {
        r.y2 = next->y2 + 0.25 * next->h;
        /* the han of each limit, before its amounts: "5 han", "6–7 han" */
        for (int c = 0; c < t->ncols; c++) {
            for (int j = 0; j < next->n; j++) {
                rword *w = &p->w[next->at[j]];
                tensu_label lab;
                if (w->cx < t->col[c].x1 || w->cx >= t->col[c].x2)
                    continue;
                if (read_has_amount(w->w->text))
                    break;
                /* "5 han", "6–7", "13 han et +": what comes before the amounts */
                (void)lab;
                w->label = true;
            }
        }
    }
    if (!add_row(t, &r))
        return -1;
    t->label_x2 = t->x1;
    t->top = r.y1;
    t->bottom = r.y2;
    return next != NULL && r.y2 > next->y1 ? k + 2 : k + 1;
}

/* A grid's row labels go up (20, 25, 30, 40 ... fu; 1, 2, 3 ... han): the
 * longest run of them in order stands; a label out of it (an OCR's "30"
 * for a 50 between 40 and 60) is marked, its cells not read unless it is
 * read again (cells.c). */
static void row_order(table *t)
{
    int n = t->nrows, *len, *prev, best = -1;
    if (n < 3)
        return;
    len = malloc((size_t)n * sizeof *len);
    prev = malloc((size_t)n * sizeof *prev);
    if (len == NULL || prev == NULL) {
        free(len);
        free(prev);
        return;
    }
    for (int i = 0; i < n; i++) {
        int v = t->by_han ? t->row[i].han : t->row[i].fu;
        len[i] = 0;
        prev[i] = -1;
        if (t->row[i].limit != TENSU_LIMIT_NONE || t->row[i].bad >= 0 || v <= 0)
            continue;
        len[i] = 1;
        for (int j = 0; j < i; j++) {
            int u = t->by_han ? t->row[j].han : t->row[j].fu;
            if (len[j] > 0 && u < v && len[j] + 1 > len[i]) {
                len[i] = len[j] + 1;
                prev[i] = j;
            }
        }
        if (best < 0 || len[i] > len[best])
            best = i;
    }
    if (best >= 0) {
        bool *keep = calloc((size_t)n, sizeof *keep);
        if (keep != NULL) {
            for (int i = best; i >= 0; i = prev[i])
                keep[i] = true;
            for (int i = 0; i < n; i++)
                if (len[i] > 0 && !keep[i]) {
                    t->row[i].bad = t->row[i].label;
                    t->row[i].bad_role = C_ORDER;
                }
            free(keep);
        }
    }
    free(len);
    free(prev);
}

/* A label the OCR read as two lines ("40" level with the tsumo line, its
 * "符" read "待" level with the ron line, a row of its own with no digit
 * in its label): one row, its label both, centred between its lines. */
static void split_labels(const page_words *p, table *t)
{
    for (int r = 0; r < t->nrows; r++) {
        trow *bad = &t->row[r];
        const rword *bw;
        if (bad->bad < 0 || bad->bad_role != C_SKIP)
            continue;
        bw = &p->w[bad->label];
        if (strpbrk(bw->w->text, "0123456789") != NULL || bw->w->conf >= 99.5f)
            continue;
        for (int k = r - 1; k <= r + 1; k += 2) {
            trow *good;
            const rword *gw;
            double lh;
            if (k < 0 || k >= t->nrows || t->row[k].bad >= 0)
                continue;
            good = &t->row[k];
            gw = &p->w[good->label];
            lh = good->ly2 - good->ly1;
            if (fabs((good->ly1 + good->ly2) / 2 - (bad->ly1 + bad->ly2) / 2) > 1.6 * lh ||
                bw->x2 < gw->x1 - lh || bw->x1 > gw->x2 + 2 * lh)
                continue;
            good->ly1 = good->ly1 < bad->ly1 ? good->ly1 : bad->ly1;
            good->ly2 = good->ly2 > bad->ly2 ? good->ly2 : bad->ly2;
            memmove(bad, bad + 1, (size_t)(t->nrows - r - 1) * sizeof *bad);
            t->nrows--;
            r--;
            break;
        }
    }
}

static int find_rows(page_words *p, table *t, int k, double right_limit)
{
    if (t->strip)
        return strip_rows(p, t, k);
    double bottom = p->l[k].y2, label_right;
    double h = p->l[k].h;
    int last = k, l;
    int labels[64], nlabels = 0; /* a long table's merged han labels */
    double mids[64];
    bool merged = false;
    /* the labels' column: left of the first head (long tables: under the
     * han and fu heads) */
    label_right = t->col[0].hx1;
    if (t->kind == K_LONG) {
        for (int c = 0; c < t->ncols; c++) {
            t->col[c].x1 = c == 0 ? t->col[c].hx1 - h : (t->col[c - 1].hx2 + t->col[c].hx1) / 2;
            t->col[c].x2 = c + 1 < t->ncols ? (t->col[c].hx2 + t->col[c + 1].hx1) / 2
                                            : t->col[c].hx2 + 4 * h;
        }
    }
    for (l = k + 1; l < p->nl; l++) {
        const rline *ln = &p->l[l];
        int a, b;
        trow r;
        if (ln->region != t->region)
            break;
        if (!overlaps(ln, t->left, right_limit)) /* (labels may stand left of the corner) */
            continue;
        if (ln->y1 - bottom > 3.0 * (h > ln->h ? h : ln->h) &&
            ln->y1 - bottom > 3.0 * h)
            break; /* the table ended above a wide space */
        if (header_at(p, ln, t->x1 > -1e299 ? t->x1 : t->col[0].hx1, right_limit))
            break; /* another table starts */
        if (t->kind == K_GRID && !amounts_right(p, ln, ln->x1)) {
            /* the heading of a table of limits under it ("満貫以上") */
            char text[160];
            read_words_text(p, ln, 0, ln->n, text, sizeof text);
            if (read_limit_head(text))
                break;
        }
        if (t->x1 > -1e299 && ln->n == 1 && ln->x2 < t->x1 - 2 * ln->h &&
            ln->x2 - ln->x1 < 0.8 * ln->h &&
            strpbrk(p->w[ln->at[0]].w->text, "0123456789") == NULL)
            continue; /* a speck well left of the corner: the edge of a photo */
        if (t->kind == K_LONG) {
            bool ok = long_label(p, ln, t, &r);
            if (ok && r.han >= 0 && r.fu == 0 && r.limit == TENSU_LIMIT_NONE &&
                !amounts_right(p, ln, p->w[r.label].x2)) {
                /* a merged han cell's label between its rows */
                if (nlabels < 64) {
                    labels[nlabels] = r.han;
                    mids[nlabels++] = (ln->y1 + ln->y2) / 2;
                }
                continue;
            }
            merged |= ok && r.han < 0;
            if (ok || (r.bad >= 0 && amounts_right(p, ln, p->w[r.bad].x2))) {
                /* a row, or a row of amounts whose label cannot be read */
                if (!ok) {
                    r.label = r.bad;
                    r.ly1 = ln->y1;
                    r.ly2 = ln->y2;
                }
                if (!add_row(t, &r))
                    return -1;
                bottom = ln->y2;
                last = l;
                continue;
            }
            words_in(p, ln, t->col[0].x1, t->col[0].x2, &a, &b);
            if (a < b)
                break; /* something else under the han head */
            continue;
        }
        /* the label: the line's first phrase in the table, when it starts
         * left of the first head (the longest start of it that reads as a
         * label: "30" of "30  1000 (300/500)" set close) */
        words_in(p, ln, t->left, 1e300, &a, &b);
        /* a speck well left of the corner is the photo's edge, no label */
        while (a + 1 < b && t->x1 > -1e299 && p->w[ln->at[a]].x2 < t->x1 - 2 * ln->h &&
               p->w[ln->at[a]].x2 - p->w[ln->at[a]].x1 < 0.8 * ln->h &&
               strpbrk(p->w[ln->at[a]].w->text, "0123456789") == NULL)
            a++;
        if (a < b && p->w[ln->at[a]].x1 < label_right) {
            double x2 = p->w[ln->at[a]].x2;
            int e = a + 1;
            while (e < b) {
                const rword *u = &p->w[ln->at[e - 1]], *v = &p->w[ln->at[e]];
                bool other = u->w->cell > 0 && v->w->cell > 0 && u->w->cell != v->w->cell;
                if (other || v->x1 - x2 > PHRASE_GAP * ln->h)
                    break;
                if (v->x2 > x2)
                    x2 = v->x2;
                e++;
            }
            b = e;
        } else {
            b = a;
        }
        if (a == b) {
            /* a line of the row above (its tsumo) or beside the table */
            bool inside = false;
            for (int j = 0; j < ln->n; j++) {
                const rword *w = &p->w[ln->at[j]];
                inside |= w->cx >= t->col[0].hx1 && w->cx < right_limit;
            }
            if (inside)
                bottom = ln->y2;
            continue;
        }
        {
            /* the whole phrase, else its longest start that is a label */
            bool found = false;
            int e;
            for (e = b; e > a && !found; e--)
                found = row_label(p, ln, a, e, t, &r);
            if (found) {
                /* its words are the label's, no cell's */
                for (int j = a; j <= e; j++)
                    p->w[ln->at[j]].label = true;
                if (!add_row(t, &r))
                    return -1;
                bottom = ln->y2;
                last = l;
                continue;
            }
            if (t->kind == K_LIMITS && range_row(p, ln, t, a, &r)) {
                /* a limit's name not read, its han under the han head */
                if (!add_row(t, &r))
                    return -1;
                bottom = ln->y2;
                last = l;
                continue;
            }
            {
                /* a cell that starts left of its head (the tsumo line of
                 * the row above, its amounts wider than the head): no label */
                char text[160];
                tensu_cell_text ct;
                const char *w0 = p->w[ln->at[a]].w->text;
                read_words_text(p, ln, a, b, text, sizeof text);
                if (tensu_cell_parse(text, strlen(text), &ct) == 0 ||
                    (t->nrows > 0 && tensu_cell_parse(w0, strlen(w0), &ct) == 0) ||
                    (t->nrows > 0 && amounts_only(text))) {
                    bottom = ln->y2;
                    continue;
                }
            }
            if (t->nrows > 0 && b == a + 1 && ln->n == 1 &&
                read_unit_word(p->w[ln->at[a]].w->text) != TENSU_LABEL_NONE) {
                /* a label's unit alone, set lower than its number ("30"
                 * then "符" on a line of its own in a photo) */
                bottom = ln->y2;
                continue;
            }
            if (t->nrows > 0 && amounts_right(p, ln, p->w[ln->at[b - 1]].x2)) {
                /* a row of amounts whose label cannot be read */
                memset(&r, 0, sizeof r);
                r.label = r.bad = ln->at[a];
                r.bad_role = C_SKIP;
                r.ly1 = ln->y1;
                r.ly2 = ln->y2;
                if (!add_row(t, &r))
                    return -1;
                bottom = ln->y2;
                last = l;
                continue;
            }
        }
        break; /* words that are no label: the table ended */
    }
    if (t->nrows == 0)
        return k + 1;
    qsort(t->row, (size_t)t->nrows, sizeof *t->row, by_cy);
    if (merged || t->kind == K_LONG)
        long_merged(t, labels, mids, nlabels);
    if (t->kind == K_GRID) {
        split_labels(p, t);
        row_order(t);
    }
    /* the bands: labels level with a line of the row (its first) start
     * their row; labels centred in their row (between its ron and its
     * tsumo line) are in its middle */
    {
        int level = 0, centred = 0;
        double pitch = 0, *d = malloc((size_t)t->nrows * sizeof *d);
        if (d == NULL)
            return -1;
        for (int r = 0; r + 1 < t->nrows; r++)
            d[r] = (t->row[r + 1].ly1 + t->row[r + 1].ly2 - t->row[r].ly1 - t->row[r].ly2) / 2;
        if (t->nrows > 1) {
            /* the median distance between labels */
            for (int i = 0; i < t->nrows - 1; i++)
                for (int j = i + 1; j < t->nrows - 1; j++)
                    if (d[j] < d[i]) {
                        double x = d[i];
                        d[i] = d[j];
                        d[j] = x;
                    }
            pitch = d[(t->nrows - 1) / 2];
        }
        free(d);
        for (int r = 0; r < t->nrows; r++) {
            const trow *rw = &t->row[r];
            double lc = (rw->ly1 + rw->ly2) / 2, lh = rw->ly2 - rw->ly1;
            bool lv = false;
            int from, to;
            read_slice(p, t->region, lc - 0.3 * lh, lc + 0.3 * lh, &from, &to);
            for (int i = from; i < to && !lv; i++) {
                const rword *w = &p->w[i];
                if (w->region == t->region && w->cx >= t->col[0].hx1 && w->cx < right_limit &&
                    fabs(w->cy - lc) < 0.3 * lh)
                    lv = true;
            }
            level += lv;
            centred += !lv;
        }
        if (pitch <= 0) {
            double lh = t->row[0].ly2 - t->row[0].ly1;
            pitch = 2.2 * lh;
        }
        for (int r = 0; r < t->nrows; r++) {
            trow *rw = &t->row[r];
            double lh = rw->ly2 - rw->ly1, lc = (rw->ly1 + rw->ly2) / 2;
            if (level >= centred) {
                rw->y1 = rw->ly1 - 0.25 * lh;
                rw->y2 = r + 1 < t->nrows ? t->row[r + 1].ly1 - 0.25 * (t->row[r + 1].ly2 - t->row[r + 1].ly1)
                                          : rw->y1 + pitch;
            } else {
                double up = r > 0 ? (lc + (t->row[r - 1].ly1 + t->row[r - 1].ly2) / 2) / 2
                                  : lc - pitch / 2;
                double down = r + 1 < t->nrows
                                  ? (lc + (t->row[r + 1].ly1 + t->row[r + 1].ly2) / 2) / 2
                                  : lc + pitch / 2;
                rw->y1 = up;
                rw->y2 = down;
            }
            if (r == 0 && rw->y1 < p->l[k].y2)
                rw->y1 = p->l[k].y2;
        }
        /* the boundary between two rows: where their lines stand apart
         * more than a row's own lines (a cell's padding and rule); else
         * each line between the two labels belongs to the nearer one (the
         * upper one when both are as near: a label level with its row's
         * first line) */
        {
            double top[16], bot[16];
            for (int r = 0; r + 1 < t->nrows; r++) {
                double a = (t->row[r].ly1 + t->row[r].ly2) / 2;
                double b = (t->row[r + 1].ly1 + t->row[r + 1].ly2) / 2;
                double hr = t->row[r].ly2 - t->row[r].ly1, at;
                int kl = value_lines(p, t, a + 0.3 * hr, b - 0.3 * hr, right_limit, top, bot, 16);
                if (row_gap(p, t, a - 0.3 * hr, b + 0.3 * hr, right_limit, &at)) {
                    t->row[r].y2 = at;
                    t->row[r + 1].y1 = at;
                } else if (kl >= 1) {
                    int mine = 0; /* the lines of row r after its label */
                    while (mine < kl &&
                           (top[mine] + bot[mine]) / 2 - a <= b - (top[mine] + bot[mine]) / 2 + 1e-9)
                        mine++;
                    if (mine == 0)
                        at = (a + top[0]) / 2;
                    else if (mine == kl)
                        at = (bot[kl - 1] + t->row[r + 1].ly1) / 2;
                    else
                        at = (bot[mine - 1] + top[mine]) / 2;
                    t->row[r].y2 = at;
                    t->row[r + 1].y1 = at;
                }
            }
        }
        /* the first row from the header down; the last as tall as the one
         * before it */
        t->row[0].y1 = p->l[k].y2;
        if (t->nrows >= 2) {
            trow *a = &t->row[t->nrows - 2], *b = &t->row[t->nrows - 1];
            double lc = (b->ly1 + b->ly2) / 2, la = (a->ly1 + a->ly2) / 2;
            /* the label's place in its row, as in the row before */
            b->y2 = lc + (a->y2 - la);
            if (b->y2 < b->ly2)
                b->y2 = b->ly2;
        }
    }
    t->top = p->l[k].y1;
    t->bottom = t->row[t->nrows - 1].y2;
    return last + 1;
}

/* ------------------------------------------------------------------ */
/* The heading above a table, and what stands above its columns        */
/* ------------------------------------------------------------------ */

/* The side the table's heading names: the best heading among the phrases
 * of the lines above its header (down to the table above it), over the
 * table's width; and for a long or limits table, what stands above each
 * column ("Non-dealer" over "ron  tsumo"). */
static void find_heading(page_words *p, table *t, int k, int stop)
{
    int best_score = -1000;
    double x1 = t->x1 > -1e299 ? t->x1 : t->col[0].hx1, x2 = t->x2;
    /* the table's width from its row labels on (a heading over the labels'
     * column, a corner left empty) */
    for (int r = 0; r < t->nrows; r++)
        if (t->row[r].label >= 0 && p->w[t->row[r].label].x1 < x1)
            x1 = p->w[t->row[r].label].x1;
    t->side = 0;
    t->side_line = -1;
    for (int l = k - 1, seen = 0; l > stop && seen < 6; l--) {
        const rline *ln = &p->l[l];
        phrase ph[32];
        int n;
        if (ln->region != t->region)
            break;
        if (p->l[k].y1 - ln->y2 > 12 * p->l[k].h)
            break;
        if (!overlaps(ln, x1, x2))
            continue;
        seen++;
        n = read_line_phrases(p, ln, PHRASE_GAP, ph, 32);
        for (int i = 0; i < n; i++) {
            int score;
            unsigned side;
            bool owned = false;
            if (ph[i].x2 <= x1 || ph[i].x1 >= x2)
                continue;
            for (int j = ph[i].from; j < ph[i].to; j++)
                owned |= p->w[ln->at[j]].owner > 0;
            if (owned)
                continue;
            side = read_heading_words(ph[i].text, &score);
            if (side == 0)
                continue;
            score -= seen; /* the nearest */
            if (ph[i].text[0] >= 'a' && ph[i].text[0] <= 'z' && l > 0 &&
                ln->y1 - p->l[l - 1].y2 < 0.8 * ln->h && overlaps(&p->l[l - 1], x1, x2))
                score -= 4; /* a sentence going on from the line above ("... bottom: the
                             * / dealer."), not a heading */
            if (t->kind != K_GRID && ph[i].x2 - ph[i].x1 < 0.8 * (x2 - x1)) {
                /* over some columns only: their side */
                for (int c = 0; c < t->ncols; c++) {
                    double m = (t->col[c].hx1 + t->col[c].hx2) / 2;
                    if (t->col[c].role == C_VALUE && m >= ph[i].x1 - p->l[k].h &&
                        m <= ph[i].x2 + p->l[k].h && !(t->col[c].pay & (P_ND | P_D)))
                        t->col[c].pay |= side & (P_ND | P_D);
                }
            }
            if (score > best_score) {
                best_score = score;
                t->side = side;
                t->side_line = ln->at[ph[i].from];
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* The tables of the page                                              */
/* ------------------------------------------------------------------ */

/* Mark the words of the table's header and labels as its own. */
static void own(page_words *p, const table *t, int k)
{
    const rline *hl = &p->l[k];
    for (int j = 0; j < hl->n; j++) {
        rword *w = &p->w[hl->at[j]];
        double x1 = t->x1 > -1e299 ? t->x1 : t->col[0].hx1;
        if (w->cx >= x1 - 0.5 * hl->h && w->cx < t->x2 && w->owner == 0) {
            w->owner = t->number;
            w->used = true; /* the header's */
        }
    }
    int from, to;
    read_slice(p, t->region, t->row[0].y1, t->row[t->nrows - 1].y2, &from, &to);
    for (int i = from; i < to; i++) {
        rword *w = &p->w[i];
        if (w->region != t->region || w->owner != 0 || read_row_of(t, w) < 0)
            continue;
        if (t->kind != K_LONG && w->cx < t->label_x2 &&
            w->cx >= (t->x1 > -1e299 ? t->x1 - 0.5 * hl->h : -1e300))
            w->owner = t->number;
        /* the columns of labels and ranges (a long table's han and fu) */
        for (int c = 0; c < t->ncols; c++)
            if (t->col[c].role != C_VALUE && w->cx >= t->col[c].x1 && w->cx < t->col[c].x2) {
                w->owner = t->number;
                w->used = true;
            }
    }
}

static bool push(table **all, int *n, int *cap, const table *t)
{
    if (*n == *cap) {
        int c = *cap ? *cap * 2 : 8;
        table *q = realloc(*all, (size_t)c * sizeof *q);
        if (q == NULL)
            return false;
        *all = q;
        *cap = c;
    }
    (*all)[(*n)++] = *t;
    return true;
}

/* A table with no header: lines whose first word is a fu (20 .. 110) and
 * the others cells, one under the other (a book's tabular body); its
 * columns read as 1 han, 2 han ... */
static int implicit_table(page_words *p, int k, table *t)
{
    int e = k, cols = 0;
    memset(t, 0, sizeof *t);
    for (; e < p->nl; e++) {
        const rline *ln = &p->l[e];
        tensu_label lab;
        const rword *w;
        int owned = 0;
        if (ln->region != p->l[k].region)
            break;
        for (int j = 0; j < ln->n; j++)
            owned += p->w[ln->at[j]].owner != 0;
        if (owned)
            break;
        w = &p->w[ln->at[0]];
        if (tensu_label_parse(w->w->text, strlen(w->w->text), &lab) &&
            (lab.kind == TENSU_LABEL_NUMBER || lab.kind == TENSU_LABEL_FU) &&
            tensu_fu_valid(lab.value) && ln->n >= 3) {
            int c = 0;
            for (int j = 1; j < ln->n; j++)
                c += p->w[ln->at[j]].w->cell != p->w[ln->at[j - 1]].w->cell ||
                     p->w[ln->at[j]].w->cell == 0;
            if (c > cols)
                cols = c;
            continue;
        }
        /* a line under a labelled line, without a label (its tsumo) */
        if (e > k && w->x1 > p->w[p->l[k].at[0]].x2)
            continue;
        break;
    }
    /* one row is a table when its source says where its cells are (a
     * tabular's row) */
    if (e - k < 1 || cols < 1 || (e - k < 2 && p->w[p->l[k].at[0]].w->cell == 0))
        return 0;
    return e - k;
}

/* The cells of a line as they stand apart (a gap of a line's height, or a
 * group's end before an amount): their spans.  Returns how many. */
static int line_segments(const page_words *p, const rline *l, double *x1, double *x2, int max)
{
    int n = 0;
    for (int j = 0; j < l->n; j++) {
        const rword *w = &p->w[l->at[j]];
        if (n > 0 && !(w->x1 - x2[n - 1] > 0.8 * l->h)) {
            const char *prev = p->w[l->at[j - 1]].w->text;
            size_t k = strlen(prev);
            bool group_end = k > 0 && (prev[k - 1] == ')' || prev[k - 1] == ']') &&
                             w->w->text[0] != '(' && w->w->text[0] != '[';
            if (!group_end) {
                if (w->x2 > x2[n - 1])
                    x2[n - 1] = w->x2;
                continue;
            }
        }
        if (n == max)
            return -1;
        x1[n] = w->x1;
        x2[n] = w->x2;
        n++;
    }
    return n;
}

/* A typed table whose header does not stand over its cells ("fu  1 han  2
 * han" over "30 fu  1000 (300/500)  2000 (500/1000)"): when most lines under
 * it have as many cells as the header has words (labels and heads), and
 * those do not stand under the heads, the heads are put where the cells
 * stand, in order. */
static void realign(const page_words *p, int k, table *g, int ng)
{
    int items = 0, match = 0, lines = 0, aligned = 0;
    double sx1[MAX_COLS * 2], sx2[MAX_COLS * 2], x1[MAX_COLS * 2], x2[MAX_COLS * 2];
    for (int i = 0; i < ng; i++)
        items += g[i].ncols + 1;
    if (items > MAX_COLS * 2)
        return;
    for (int l = k + 1; l < p->nl && l <= k + 8 && p->l[l].region == p->l[k].region; l++) {
        int n = line_segments(p, &p->l[l], x1, x2, MAX_COLS * 2);
        lines++;
        if (n != items)
            continue;
        if (match == 0)
            for (int i = 0; i < n; i++)
                sx1[i] = x1[i], sx2[i] = x2[i];
        match++;
        /* do its cells stand under the heads? */
        {
            int at = 0, under = 0;
            for (int i = 0; i < ng; i++) {
                at++; /* the label */
                for (int c = 0; c < g[i].ncols; c++, at++) {
                    double m = (x1[at] + x2[at]) / 2;
                    under += m >= g[i].col[c].hx1 - (g[i].col[c].hx2 - g[i].col[c].hx1) &&
                             m <= g[i].col[c].hx2 + (g[i].col[c].hx2 - g[i].col[c].hx1);
                }
            }
            aligned += under * 10 >= (items - ng) * 8;
        }
    }
    if (match < 2 || match * 2 < lines || aligned * 2 >= match)
        return;
    /* the heads where the first such line's cells stand */
    {
        int at = 0;
        for (int i = 0; i < ng; i++) {
            g[i].x1 = sx1[at];
            at++;
            for (int c = 0; c < g[i].ncols; c++, at++) {
                g[i].col[c].hx1 = sx1[at];
                g[i].col[c].hx2 = sx2[at];
            }
            g[i].x2 = g[i].col[g[i].ncols - 1].hx2;
        }
    }
}

/* Tables side by side whose headings are one line over them all
 * ("Non-dealer  Dealer" over a typed table's header): the line's headings
 * in order, one a table, for those that have none of their own. */
static void side_headings(page_words *p, int k, table *t, int nt)
{
    int missing = 0;
    for (int i = 0; i < nt; i++)
        missing += (t[i].side & (P_ND | P_D)) == 0;
    if (missing == 0)
        return;
    for (int l = k - 1; l >= 0 && l >= k - 3 && p->l[l].region == p->l[k].region; l--) {
        phrase ph[16];
        unsigned side[16];
        int n = read_line_phrases(p, &p->l[l], PHRASE_GAP, ph, 16), found = 0;
        for (int i = 0; i < n; i++) {
            int score;
            side[found] = read_heading_words(ph[i].text, &score);
            if (side[found] & (P_ND | P_D))
                found++;
            if (found == 16)
                break;
        }
        if (found == nt) {
            for (int i = 0; i < nt; i++)
                if ((t[i].side & (P_ND | P_D)) == 0)
                    t[i].side = side[i];
            return;
        }
    }
}

/* Between two tables side by side (heads ending at a, starting at b): the
 * middle of the widest gap in the lines under the header (line k) where no
 * word stands; the middle of a and b when none is. */
static double side_split(const page_words *p, int k, double a, double b)
{
    span_ s[1024];
    int ns = 0;
    double best = 0, at = (a + b) / 2;
    if (b <= a)
        return at;
    for (int l = k + 1; l < p->nl && l <= k + 60 && p->l[l].region == p->l[k].region; l++)
        for (int j = 0; j < p->l[l].n && ns < 1024; j++) {
            const rword *w = &p->w[p->l[l].at[j]];
            if (w->x2 > a && w->x1 < b)
                s[ns++] = (span_){w->x1, w->x2};
        }
    qsort(s, (size_t)ns, sizeof *s, by_x1);
    {
        double x = a;
        for (int i = 0; i <= ns; i++) {
            double nx = i < ns ? s[i].x1 : b;
            if (nx - x > best) {
                best = nx - x;
                at = (x + nx) / 2;
            }
            if (i < ns && s[i].x2 > x)
                x = s[i].x2;
        }
    }
    return at;
}

/* A grid's second header line: under each head, the payments it splits
 * into ("1 han" over "Ron  Tsumo", colspan): the columns become one a
 * payment, each with its head's han (or fu).  Returns the line the rows
 * start under (k + 1 when there is such a line, else k). */
static int sub_heads(const page_words *p, table *t, int k)
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
    if (n == 1 && it[0].kind == I_CORNER && it[0].x2 < t->col[0].hx1 && at + 1 < p->nl &&
        p->l[at + 1].region == l->region) {
        /* the corner between the two lines (its cell spans both) */
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

/* The page a table stands on (its first row's label, else its header). */
static int page_of(const page_words *p, const table *t)
{
    int w = t->nrows > 0 && t->row[0].label >= 0 ? t->row[0].label
            : t->header >= 0 && p->l[t->header].n > 0 ? p->l[t->header].at[0]
                                                       : -1;
    return w >= 0 ? p->w[w].w->page : 0;
}

/* A table at the top of a page, its header repeated and no heading of its
 * own (a browser repeats a table's head on the next page): it goes on from
 * the table of the page before that stands where it stands, with the same
 * heads, and is that table's (whose, ron or tsumo). */
static void goes_on(const page_words *p, const table *all, int n, table *t)
{
    int page = page_of(p, t), best = -1;
    double most = 0, lo, hi, ov;
    if (page <= 1 || t->ncols == 0)
        return;
    for (int j = 0; j < n; j++) {
        const table *q = &all[j];
        int qp = page_of(p, q);
        if (qp == page && q->top < t->top && q->x2 > t->x1 && q->x1 < t->x2)
            return; /* a table above it on its page: not at the top */
        if (qp != page - 1 || q->kind != t->kind || q->by_han != t->by_han ||
            q->ncols != t->ncols || (q->side & (P_ND | P_D)) == 0)
            continue;
        for (int c = 0; c < t->ncols; c++)
            if (q->col[c].han != t->col[c].han || q->col[c].fu != t->col[c].fu ||
                q->col[c].role != t->col[c].role)
                goto next;
        lo = q->x1 > t->x1 ? q->x1 : t->x1;
        hi = q->x2 < t->x2 ? q->x2 : t->x2;
        ov = hi - lo;
        /* the lowest on its page: the one the page break cut */
        if (ov > 0.5 * (t->x2 - t->x1) && (best < 0 || q->bottom > most)) {
            most = q->bottom;
            best = j;
        }
    next:;
    }
    if (best < 0)
        return;
    t->side = all[best].side;
    t->continues = all[best].number;
}

bool read_find_tables(page_words *p, table **out, int *count)
{
    table *all = NULL;
    int n = 0, cap = 0;
    int stop = -1; /* the last line of the table above, in this region */
    for (int k = 0; k < p->nl; k++) {
        table g[8];
        int ng;
        if (k > 0 && p->l[k].region != p->l[k - 1].region)
            stop = k - 1;
        ng = header_groups(p, &p->l[k], g, 8);
        if (ng > 0 && g[0].kind == K_GRID)
            realign(p, k, g, ng);
        if (ng == 0)
            continue;
        {
            bool taken = false;
            for (int j = 0; j < p->l[k].n; j++)
                taken |= p->w[p->l[k].at[j]].owner > 0;
            if (taken)
                continue; /* a line of a table found above */
        }
        {
            int next = -1, first = n;
            double split[8];
            /* tables side by side: where the lines under them stand apart
             * most between one's last head and the next one's first */
            for (int i = 0; i + 1 < ng; i++)
                split[i] = side_split(p, k, g[i].col[g[i].ncols - 1].hx2,
                                      g[i + 1].x1 > -1e299 ? g[i + 1].x1 : g[i + 1].col[0].hx1);
            for (int i = 0; i < ng; i++) {
                table t = g[i];
                double right = i + 1 < ng ? split[i] : 1e300;
                int after, kh;
                t.region = p->l[k].region;
                t.header = k;
                t.number = n + 1;
                if (t.x1 < -1e299 && i > 0)
                    t.x1 = all[n - 1].x2;
                /* the labels may stand left of the corner (centred under a
                 * narrow one), not in the table beside it */
                t.left = i > 0 ? split[i - 1] : -1e300;
                kh = sub_heads(p, &t, k);
                t.header = kh;
                after = find_rows(p, &t, kh, right);
                if (after < 0) {
                    free(t.row);
                    read_tables_free(all, n);
                    return false;
                }
                if (t.nrows == 0) {
                    free(t.row);
                    continue;
                }
                place_columns(p, &t, right);
                find_heading(p, &t, k, stop);
                if (t.strip) {
                    /* a strip of limits under a table: that table's side */
                    for (int j = n - 1; j >= 0 && !(t.side & (P_ND | P_D)); j--)
                        if (all[j].region == t.region && all[j].x2 > t.x1 && all[j].x1 < t.x2)
                            t.side = all[j].side & (P_ND | P_D);
                    for (int j = 0; j < t.nrows; j++)
                        t.row[j].pay = t.side & (P_ND | P_D);
                }
                own(p, &t, k);
                if (kh != k)
                    own(p, &t, kh);
                if (!push(&all, &n, &cap, &t)) {
                    free(t.row);
                    read_tables_free(all, n);
                    return false;
                }
                if (after > next)
                    next = after;
            }
            if (n - first >= 2)
                side_headings(p, k, all + first, n - first);
            for (int j = first; j < n; j++)
                if (!all[j].strip && (all[j].side & (P_ND | P_D)) == 0)
                    goes_on(p, all, first, &all[j]);
            if (next > 0)
                stop = next - 1;
        }
    }
    /* tables without a header */
    for (int k = 0; k < p->nl; k++) {
        table t;
        int len = implicit_table(p, k, &t);
        if (len == 0)
            continue;
        t.region = p->l[k].region;
        t.header = -1;
        t.implicit = true;
        t.number = n + 1;
        t.kind = K_GRID;
        t.x1 = p->l[k].x1;
        {
            /* its rows, labelled by their first word */
            for (int l = k; l < k + len; l++) {
                const rline *ln = &p->l[l];
                trow r;
                if (row_label(p, ln, 0, 1, &t, &r) && p->w[ln->at[0]].x1 <= p->l[k].x1 + 0.1)
                    if (!add_row(&t, &r)) {
                        free(t.row);
                        read_tables_free(all, n);
                        return false;
                    }
            }
            if (t.nrows == 0) {
                free(t.row);
                continue;
            }
            /* the columns: each run of the rows' words that stand apart */
            {
                double lx2 = 0;
                for (int r = 0; r < t.nrows; r++)
                    if (p->w[t.row[r].label].x2 > lx2)
                        lx2 = p->w[t.row[r].label].x2;
                t.label_x2 = lx2 + 1e-6;
                for (int r = 0; r < t.nrows; r++) {
                    trow *rw = &t.row[r];
                    rw->y1 = rw->ly1 - 0.25 * (rw->ly2 - rw->ly1);
                    rw->y2 = r + 1 < t.nrows ? t.row[r + 1].ly1 - 0.25 * (rw->ly2 - rw->ly1)
                                             : rw->ly1 + 2 * (rw->ly2 - rw->ly1);
                }
                t.top = t.row[0].y1;
                t.bottom = t.row[t.nrows - 1].y2;
                /* a table going on from a page before, without its header:
                 * its columns where that table's stand */
                for (int j = n - 1; j >= 0 && t.ncols == 0; j--) {
                    const table *q = &all[j];
                    int in = 0, off = 0, from, to;
                    if (q->kind != K_GRID || q->by_han || q->region >= t.region)
                        continue;
                    read_slice(p, t.region, t.top, t.bottom, &from, &to);
                    for (int i = from; i < to; i++) {
                        const rword *w = &p->w[i];
                        if (w->cx <= t.label_x2 || read_row_of(&t, w) < 0)
                            continue;
                        if (w->cx >= q->col[0].x1 && w->cx < q->col[q->ncols - 1].x2)
                            in++;
                        else
                            off++;
                    }
                    if (in > 0 && off * 10 <= in &&
                        t.label_x2 <= q->col[0].x1 + 0.2 * (q->col[0].x2 - q->col[0].x1)) {
                        memcpy(t.col, q->col, sizeof t.col);
                        t.ncols = q->ncols;
                        t.x2 = q->x2;
                        t.label_x2 = q->label_x2 > t.label_x2 ? q->label_x2 : t.label_x2;
                        t.side = q->side;
                        t.implicit = false;
                        t.continues = q->number;
                        t.number = q->number; /* one table, over two pages */
                    }
                    break;
                }
                if (t.ncols == 0) {
                    /* the source's cells when it has them, else the gaps */
                    span_ s[512];
                    int ns = 0;
                    for (int i = 0; i < p->nw && ns < 512; i++) {
                        const rword *w = &p->w[i];
                        if (w->region == t.region && w->cx > t.label_x2 && read_row_of(&t, w) >= 0)
                            s[ns++] = (span_){w->x1, w->x2};
                    }
                    qsort(s, (size_t)ns, sizeof *s, by_x1);
                    t.ncols = 0;
                    for (int i = 0; i < ns && t.ncols < MAX_COLS;) {
                        double x2 = s[i].x2;
                        int j = i + 1;
                        while (j < ns && s[j].x1 < x2 + 1e-9) {
                            if (s[j].x2 > x2)
                                x2 = s[j].x2;
                            j++;
                        }
                        memset(&t.col[t.ncols], 0, sizeof t.col[0]);
                        t.col[t.ncols].role = C_VALUE;
                        t.col[t.ncols].han = t.ncols + 1;
                        t.col[t.ncols].x1 = t.ncols == 0 ? t.label_x2 : s[i].x1 - 1e-6;
                        t.col[t.ncols].x2 = x2 + 1e-6;
                        t.col[t.ncols].hx1 = s[i].x1;
                        t.col[t.ncols].hx2 = x2;
                        t.ncols++;
                        i = j;
                    }
                    /* contiguous */
                    for (int c = 1; c < t.ncols; c++)
                        t.col[c].x1 = t.col[c - 1].x2;
                    t.x2 = t.ncols ? t.col[t.ncols - 1].x2 : t.label_x2;
                }
            }
            if (t.ncols == 0) {
                free(t.row);
                continue;
            }
            if (t.continues == 0)
                find_heading(p, &t, k, -1);
            if (t.continues == 0 && (t.side & (P_ND | P_D)) == 0)
                goes_on(p, all, n, &t);
            for (int i = 0; i < p->nw; i++)
                if (p->w[i].region == t.region && p->w[i].owner == 0 && read_row_of(&t, &p->w[i]) >= 0 &&
                    p->w[i].cx < t.label_x2)
                    p->w[i].owner = t.number;
            if (!push(&all, &n, &cap, &t)) {
                free(t.row);
                read_tables_free(all, n);
                return false;
            }
            k += len - 1;
        }
    }
    *out = all;
    *count = n;
    return true;
}

void read_tables_free(table *t, int count)
{
    for (int i = 0; i < count; i++)
        free(t[i].row);
    free(t);
}
