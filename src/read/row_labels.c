/* A table's row labels (table.h, find_rows.c): what the label of a row
 * says, read from its words (a grid's fu or han, an OCR's misreadings of
 * them, a limits table's han range, a long table's han and fu, a han cell
 * merged over its rows). */
#include "table.h"

#include <ctype.h>
#include <string.h>

/* The lines of the page from line k on that overlap [x1, x2]. */
bool overlaps(const rline *l, double x1, double x2)
{
    return l->x2 > x1 && l->x1 < x2;
}

/* The words of line l whose middle is in [x1, x2). */
void words_in(const page_words *p, const rline *l, double x1, double x2, int *from,
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
 * when the rest is one to three characters that are no digits (a letter
 * before it, unsure, a speck: "b4 han"), or four that start as han does
 * ("3 heal"); a digit read as its look-alike letter before han ("Zhan",
 * "Shan", "lhan").  0 when it is not such a label. */
static int ocr_label(const rword *first, const char *text)
{
    int v = 0, nd = 0, rest = 0;
    const char *t = text;
    if (first->w->conf >= 99.5f)
        return 0; /* words of a text, not of an OCR */
    if (isalpha((unsigned char)t[0]) && t[1] >= '1' && t[1] <= '9' &&
        first->w->conf < TENSU_OCR_SURE)
        t++; /* a speck glued before it, read as a letter */
    if (first->w->conf < TENSU_OCR_SURE && t[0] != '\0' && strchr("ZzSsIl", t[0]) != NULL &&
        (strcmp(t + 1, "han") == 0 || strcmp(t + 1, " han") == 0))
        return t[0] == 'Z' || t[0] == 'z' ? 2 : t[0] == 'S' || t[0] == 's' ? 5 : 1; /* "Zhan" */
    while (*t >= '0' && *t <= '9' && nd < 4)
        v = v * 10 + (*t++ - '0'), nd++;
    if (nd == 0 || nd > 3)
        return 0;
    if (*t == ' ')
        t++;
    if ((t[0] == 'h' || t[0] == 'H') && strlen(t) == 4 && isalpha((unsigned char)t[3]))
        return v; /* "3 heal": the unit han, one letter too many */
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

/* The top fu row of a table under the default rules (110), the engine's. */
static int top_fu_row(void)
{
    tensu_rules std;
    tensu_rules_preset(tensu_default_preset(), &std, NULL);
    return tensu_fu_row_top(&std);
}

/* A row's label, read from words at[from..to) of line l: what it says for
 * this table; false when it is no row label of it. */
bool row_label(const page_words *p, const rline *l, int from, int to, const table *t,
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
        lab.value >= 29 && !tensu_fu_valid(lab.value) && !t->by_han &&
        lab.value < top_fu_row() + 10) {
        /* the OCR reads the 0 of "50符" as a 9 or a 6 (the kanji's stroke
         * closes it): no fu ends so (the top row's tens, 110 to 119, are
         * 110); the rows' order checks it */
        lab.value -= lab.value % 10;
    }
    if (p->w[l->at[from]].w->conf < 99.5f && !t->by_han && lab.kind == TENSU_LABEL_NUMBER &&
        lab.value > 200 && to == from + 1) {
        /* "507", "2077", "254": the 符 after "50", "20", "25" read as
         * digits (4, 7, 8, 9) */
        int v = lab.value, top = top_fu_row();
        while (v > top && strchr("46789", '0' + v % 10) != NULL)
            v /= 10;
        if (v <= top && tensu_fu_valid(v))
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
         * again or told by its neighbours (reread.c, reread_label) */
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
bool range_row(page_words *p, const rline *l, const table *t, int from, trow *r)
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
        /* (under the head, or a number that ends near it: a photo's
         * keystone moves a narrow column's cells left of its head) */
        if ((w->cx >= c->hx1 - 2 * l->h ||
             (w->x2 >= c->hx1 - 2.5 * l->h && w->w->text[0] >= '0' && w->w->text[0] <= '9')) &&
            w->cx <= c->hx2 + 2 * l->h)
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
    r->limit = TENSU_LIMIT_NONE;
    if (tensu_label_parse(text, strlen(text), &lab))
        r->limit = tensu_label_han_limit(&lab);
    for (size_t k = strlen(text); k-- > 1 && r->limit == TENSU_LIMIT_NONE;) {
        /* its unit misread: "6~7H", "13 翻 以上" (the range without what
         * follows), "11-125" (翻 read as a digit after the range) */
        bool digit_cut = text[k] >= '0' && text[k] <= '9';
        if (text[k - 1] < '0' || text[k - 1] > '9' || !tensu_label_parse(text, k, &lab) ||
            (digit_cut && lab.kind != TENSU_LABEL_HAN_RANGE))
            continue;
        r->limit = tensu_label_han_limit(&lab);
    }
    if (r->limit == TENSU_LIMIT_NONE)
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
bool long_label(const page_words *p, const rline *l, const table *t, trow *r)
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
        if (!tensu_label_parse(text, strlen(text), &lab) && t->col[c].role == C_HAN &&
            b - a == 1 && strlen(text) <= 2 && strpbrk(text, "0123456789") == NULL &&
            c + 1 < t->ncols && t->col[c + 1].role == C_FU) {
            /* a merged han cell's label an OCR could not read ("L" for
             * "1"), its row's fu beside it: the fu's row, its han told by
             * the rows around it (long_merged) */
            r->bad = -1;
            continue;
        }
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

/* The end of the run of rows of one han starting at row start (rows of
 * increasing fu, no limit). */
static int run_end(const table *t, int start)
{
    int end = start + 1;
    if (t->row[start].limit == TENSU_LIMIT_NONE)
        while (end < t->nrows && t->row[end].limit == TENSU_LIMIT_NONE &&
               t->row[end].fu > t->row[end - 1].fu)
            end++;
    return end;
}

/* A long table's run of rows whose han was not read at all (its merged
 * cell's label lost), between runs that were: the han one more than the
 * run's above, or one less than the run's below when it is the first;
 * marked inferred. */
static void han_between(table *t)
{
    for (int start = 0, prev = 0; start < t->nrows;) {
        int end = run_end(t, start), next = 0, han;
        bool lost = true;
        for (int r = start; r < end; r++)
            lost &= t->row[r].bad >= 0 && t->row[r].bad_role == C_HAN && t->row[r].fu > 0;
        if (!lost) {
            prev = t->row[start].bad < 0 ? t->row[start].han : 0;
            start = end;
            continue;
        }
        if (end < t->nrows && t->row[end].bad < 0 && t->row[end].limit == TENSU_LIMIT_NONE)
            next = t->row[end].han;
        han = prev > 0 ? prev + 1 : next > 1 ? next - 1 : 0;
        if (han > 0 && (next == 0 || next == han + 1) && han <= TENSU_TABLE_MAX_HAN)
            for (int r = start; r < end; r++) {
                t->row[r].han = han;
                t->row[r].bad = -1;
                t->row[r].inferred = true;
            }
        prev = han;
        start = end;
    }
}

/* A long table whose han cell is merged over the rows of that han (a
 * rowspan): each run of rows of increasing fu is one han's, and takes the
 * han of the row in it that shows one, else of the label standing within
 * its rows (labels[], their middles mid[]).  Rows left without a han are
 * marked bad. */
void long_merged(table *t, const int *labels, const double *mid, int nlabels)
{
    int start = 0;
    while (start < t->nrows) {
        int end = run_end(t, start), han = -1;
        double top, bot;
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
    han_between(t);
}
