/* Cells and labels read again (table.h, cells.c): a cell's box, a cell
 * with a word the OCR is not sure of read again from its box (or line by
 * line, or as the line the OCR lost), noted when still unsure; a row
 * label out of the rows' order or not read, told by the rows around it;
 * a limits row between two others; the heads of a table's columns read
 * again. */
#include "table.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The box of the words of a cell. */
void cell_box(const page_words *p, const table *t, int r, double x1, double x2, cell_at *a)
{
    bool any = false;
    int from, to;
    read_slice(p, t->region, t->row[r].y1, t->row[r].y2, &from, &to);
    for (int i = from; i < to; i++) {
        const rword *w = &p->w[i];
        if (w->region != t->region || w->cy < t->row[r].y1 || w->cy >= t->row[r].y2 ||
            w->cx < x1 || w->cx >= x2 || w->label || (w->owner > 0 && w->owner != t->number))
            continue;
        if (!any || w->w->x1 < a->x1)
            a->x1 = w->w->x1;
        if (!any || w->w->y1 < a->y1)
            a->y1 = w->w->y1;
        if (!any || w->w->x2 > a->x2)
            a->x2 = w->w->x2;
        if (!any || w->w->y2 > a->y2)
            a->y2 = w->w->y2;
        any = true;
    }
}

/* The confidence under which a word is not sure (tensu_read_options). */
static float min_conf(const reading *R)
{
    return R->opt != NULL && R->opt->min_conf > 0 ? R->opt->min_conf : TENSU_OCR_SURE;
}

/* The least sure word with a digit of a cell's text (its confidence; 100
 * when all are sure, as text is).  The amounts are in those words: an
 * unsure word without a digit ("all" read "alt", a bracket) cannot make a
 * wrong amount; when it is no part of a cell, the cell does not parse.
 * But a dash as tall as the digits of its line is no dash (an amount the
 * OCR made a "-" of): it counts. */
static bool tall_dash(const reading *R, int word)
{
    const rword *r = &R->page->w[word];
    const char *t = r->w->text;
    return t[0] != '\0' && strspn(t, "-") == strlen(t) && r->h >= 0.6 * R->page->l[r->line].h;
}

static float cell_conf(const reading *R, const char *text, const int *map, bool *tall)
{
    float least = 100;
    *tall = false;
    for (size_t i = 0; text[i]; i++) {
        const tensu_word *w;
        bool dash;
        if (map[i] < 0)
            continue;
        w = R->page->w[map[i]].w;
        dash = tall_dash(R, map[i]);
        *tall |= dash;
        if (w->conf < least && (dash || strpbrk(w->text, "0123456789") != NULL))
            least = w->conf;
    }
    return least;
}

/* Is the text marks only, a line or a part each ("-", "- / -")? */
static bool only_marks(const char *text)
{
    size_t i = 0, n = strlen(text);
    bool any = false;
    while (i < n) {
        size_t e = i;
        while (e < n && text[e] != '\n' && text[e] != '\t' && text[e] != ' ')
            e++;
        if (e > i) {
            if (!tensu_empty_mark(text + i, e - i))
                return false;
            any = true;
        }
        i = e + 1;
    }
    return any;
}

/* A box read again (tensu_read_options.reread), given in word's region's
 * frame (in_region: a column's, a row's; a tent card's far face turned
 * back) or as it stands on the page (a cell's box, at). */
static bool ask_again(reading *R, int word, bool in_region, double x1, double y1, double x2,
                      double y2, char *got, size_t size, float *conf)
{
    const rword *w = &R->page->w[word];
    if (R->opt == NULL || R->opt->reread == NULL)
        return false;
    if (in_region)
        read_page_box(R->page, w->region, &x1, &y1, &x2, &y2);
    return R->opt->reread(R->opt->ctx, w->w->page, x1, y1, x2, y2, got, size, conf);
}

/* How many lines of text have a digit. */
static int digit_lines(const char *text)
{
    int n = 0;
    bool digit = false;
    for (;; text++) {
        if (*text == '\n' || *text == '\0') {
            n += digit;
            digit = false;
            if (*text == '\0')
                return n;
        } else if (*text >= '0' && *text <= '9') {
            digit = true;
        }
    }
}

/* Does text (n bytes) name a limit or han ("Haneman", "6-7 han"), or
 * is it a word without figures ("n" of "Haneman" cut), no mark of a
 * cell ("-", "(")? */
static bool label_word(const char *t, size_t n)
{
    tensu_label l;
    bool figures = false;
    for (size_t i = 0; i < n; i++)
        figures |= t[i] >= '0' && t[i] <= '9';
    if (!figures)
        return !tensu_empty_mark(t, n) && t[0] != '(' && t[0] != '[';
    return tensu_label_parse(t, n, &l) &&
           (l.kind == TENSU_LABEL_HAN || l.kind == TENSU_LABEL_HAN_RANGE ||
            l.kind == TENSU_LABEL_LIMIT);
}

/* A cell read again from its box, got, that took in words of a label
 * beside it ("n 12,000" of "Haneman 12,000", "6-7 han 3,000 / 6,000"):
 * each of its lines past the words before its figures that name a limit
 * or han, or have no figures. */
static void drop_label_words(char *got)
{
    for (char *g = got; *g != '\0';) {
        size_t glen = strcspn(g, "\n");
        char *from = g;
        while (from < g + glen) {
            /* the longest run of one or two words that is a label */
            size_t m1 = strcspn(from, " \n"), m2 = m1;
            if (from[m1] == ' ')
                m2 = m1 + 1 + strcspn(from + m1 + 1, " \n");
            if (m2 > m1 && label_word(from, m2))
                m1 = m2;
            else if (!label_word(from, m1))
                break;
            from += m1;
            from += strspn(from, " ");
        }
        /* only before figures ("all" under "500" is the cell's) */
        for (char *d = from; from > g && d < g + glen; d++)
            if (*d >= '0' && *d <= '9') {
                memmove(g, from, strlen(from) + 1);
                glen -= (size_t)(from - g);
                break;
            }
        g += glen;
        g += *g == '\n';
    }
}

/* The cell's lines read again one by one, each across the cell's width
 * between the top and the bottom of its words, into got: false unless
 * each reads surely. */
static bool read_lines_again(reading *R, const cell_at *a, const char *text, const int *map,
                             char *got, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; text[i];) {
        size_t e = i, n;
        double y1 = 1e300, y2 = -1e300;
        char line[256];
        float conf = 0;
        int word = -1;
        while (text[e] && text[e] != '\n')
            e++;
        for (size_t j = i; j < e; j++)
            if (map[j] >= 0) {
                const tensu_word *w = R->page->w[map[j]].w;
                word = map[j];
                y1 = fmin(y1, w->y1);
                y2 = fmax(y2, w->y2);
            }
        i = text[e] ? e + 1 : e;
        if (word < 0)
            continue;
        if (!ask_again(R, word, false, a->x1, y1, a->x2, y2, line, sizeof line, &conf) ||
            conf < min_conf(R))
            return false;
        n = strlen(line);
        if (n == 0 || k + n + 2 > size)
            return false;
        if (k > 0)
            got[k++] = '\n';
        memcpy(got + k, line, n + 1);
        k += n;
    }
    return k > 0;
}

/* The cell's box read again (tensu_read_options.reread): true when the
 * reading is sure and reads as a cell (into *x), its text then in text,
 * every byte mapped to the cell's first word. */
static bool read_box_again(reading *R, const cell_at *a, char *text, size_t size, int *map,
                           tensu_cell_text *x)
{
    char got[512], lines[512];
    bool whole;
    float conf = 0;
    int word = -1;
    size_t n;
    if (R->opt == NULL || R->opt->reread == NULL || a->x2 <= a->x1)
        return false;
    for (size_t i = 0; text[i] && word < 0; i++)
        word = map[i];
    if (word < 0)
        return false;
    /* the box whole; a line with figures lost there ("48,000" over a light
     * "16,000" read as "48,000" alone): line by line, else what the whole
     * box gave (its lost line perhaps read again later: reread_lost_line) */
    whole = ask_again(R, word, false, a->x1, a->y1, a->x2, a->y2, got, sizeof got, &conf) &&
            conf >= min_conf(R);
    if ((!whole || digit_lines(got) < digit_lines(text)) && digit_lines(text) >= 2 &&
        read_lines_again(R, a, text, map, lines, sizeof lines))
        memcpy(got, lines, strlen(lines) + 1);
    else if (!whole)
        return false;
    drop_label_words(got);
    if ((n = strlen(got)) + 1 > size || tensu_cell_parse(got, n, x) != 0) {
        /* a speck on the box's edge read as a mark ("2, 000/'4, 000"): the
         * box with a little room around it */
        double pad = 0.3 * (a->y2 - a->y1) / (digit_lines(text) > 1 ? digit_lines(text) : 1);
        if (!ask_again(R, word, false, a->x1 - pad, a->y1 - pad, a->x2 + pad, a->y2 + pad, got,
                       sizeof got, &conf) ||
            conf < min_conf(R))
            return false;
        drop_label_words(got);
        if ((n = strlen(got)) + 1 > size || tensu_cell_parse(got, n, x) != 0)
            return false;
    }
    memcpy(text, got, n + 1);
    for (size_t i = 0; i <= n; i++)
        map[i] = word;
    return true;
}

/* A cell read as one of its two lines, the other lost by the OCR (the
 * ron's above, an amount or a mark: "\n700 / 1,300", "2,600" not read;
 * the tsumo's below):
 * that line read again, between the row's edge (top, or bottom) and the
 * words read (a's box).  True when the two lines then read as a cell with
 * both (into *x), its text and box theirs. */
bool reread_lost_line(reading *R, const tcol *c, double top, double bottom, bool above,
                      cell_at *a, char *text, size_t size, int *map, tensu_cell_text *x)
{
    char got[512];
    float conf = 0;
    int word = -1;
    tensu_cell_text one;
    /* the lost line's place dropped ("\n700 / 1,300") */
    size_t skip = strspn(text, "\n"), n, k = strlen(text) - skip;
    double pad, x1, x2, y1, y2;
    cell_at b = *a; /* its box in the region's frame, the column's and the row's */
    memmove(text, text + skip, k + 1);
    memmove(map, map + skip, (k + 1) * sizeof *map);
    for (size_t i = 0; text[i] && word < 0; i++)
        word = map[i];
    if (word < 0 || a->x2 <= a->x1)
        return false;
    read_page_box(R->page, R->page->w[word].region, &b.x1, &b.y1, &b.x2, &b.y2);
    /* wider than the line read (bold figures are, and an amount may have
     * a digit more: "18,000" over "6,000"), within the column */
    pad = fmax(0.3 * (b.x2 - b.x1), 1.5 * (b.y2 - b.y1));
    x1 = fmax(b.x1 - pad, c->x1), x2 = fmin(b.x2 + pad, c->x2);
    y1 = above ? top : b.y2, y2 = above ? b.y1 : bottom;
    if (y2 - y1 < 4 || !ask_again(R, word, true, x1, y1, x2, y2, got, sizeof got, &conf) ||
        conf < min_conf(R) || (n = strlen(got)) + k + 2 > size ||
        tensu_cell_parse(got, n, &one) != 0 ||
        (above ? !(one.empty || (one.has_first && one.shares == 0))
               : one.empty || !read_has_amount(got)))
        return false;
    if (above) {
        memmove(text + n + 1, text, k + 1);
        memmove(map + n + 1, map, (k + 1) * sizeof *map);
        memcpy(text, got, n);
        text[n] = '\n';
        for (size_t i = 0; i <= n; i++)
            map[i] = word;
        b.y1 = top; /* the cell's place: both lines */
    } else {
        text[k] = '\n';
        memcpy(text + k + 1, got, n + 1);
        for (size_t i = k; i <= k + 1 + n; i++)
            map[i] = word;
        b.y2 = bottom;
    }
    b.x1 = fmin(b.x1, x1);
    b.x2 = fmax(b.x2, x2);
    read_page_box(R->page, R->page->w[word].region, &b.x1, &b.y1, &b.x2, &b.y2);
    a->x1 = b.x1, a->y1 = b.y1, a->x2 = b.x2, a->y2 = b.y2;
    return tensu_cell_parse(text, strlen(text), x) == 0 && x->has_first && x->shares > 0;
}

/* A cell with a word the OCR is not sure of: read again from its box
 * (tensu_read_options.reread).  True with the new text in text (every
 * byte mapped to the cell's first word) when the second reading is sure
 * and reads as a cell; else false, and *conf the first reading's. */
bool reread_cell(reading *R, const cell_at *a, char *text, size_t size, int *map, float *conf)
{
    tensu_cell_text x;
    bool tall;
    *conf = cell_conf(R, text, map, &tall);
    if (*conf >= min_conf(R)) {
        /* sure of each word, but the words make no cell ("5, 2 00"): read
         * again, taken when that reads as a cell */
        if (tensu_cell_parse(text, strlen(text), &x) != 0)
            read_box_again(R, a, text, size, map, &x);
        return true;
    }
    /* a dash the OCR is not sure of: a dash all the same (no digit hides
     * in a dash), unless it is as tall as digits */
    if (only_marks(text) && !tall)
        return true;
    return read_box_again(R, a, text, size, map, &x);
}

/* Note a cell the OCR is not sure of: not read, not checked. */
tensu_status note_unsure(reading *R, const table *t, const cell_at *a, const char *text,
                         const int *map, float conf)
{
    char why[160];
    snprintf(why, sizeof why,
             "the OCR is not sure of it (confidence %d of 100, under %d), so it is not checked",
             (int)conf, (int)min_conf(R));
    return note_cell(R, t, a, text, map, 0, why);
}

/* Do the rows just above and below row r stand two rows apart, as they
 * do around a row of the table (not one apart, around a line that is no
 * row of its own: a tsumo line read as a row)?  By the labels' pitch. */
static bool row_between(const table *t, int r)
{
    double d[64], gap, pitch;
    int n = 0;
    if (r == 0 || r + 1 >= t->nrows)
        return false;
    for (int i = 0; i + 1 < t->nrows && n < 64; i++)
        d[n++] = (t->row[i + 1].ly1 + t->row[i + 1].ly2 - t->row[i].ly1 - t->row[i].ly2) / 2;
    pitch = read_median(d, n);
    gap = (t->row[r + 1].ly1 + t->row[r + 1].ly2 - t->row[r - 1].ly1 - t->row[r - 1].ly2) / 2;
    return pitch > 0 && gap >= 1.6 * pitch;
}

/* The one han (by_han) or fu a row can count between lo and hi (both
 * out), or -1 when there are none or several. */
static int only_count(const table *t, int lo, int hi)
{
    int v = -1, n = 0;
    for (int k = lo + 1; k < hi; k++)
        if (t->by_han ? k <= TENSU_TABLE_MAX_HAN : tensu_fu_valid(k)) {
            v = k;
            n++;
        }
    return n == 1 ? v : -1;
}

/* Row r's label, not read, taken as v (its han or fu) for the reason why:
 * noted as inferred. */
static tensu_status label_inferred(reading *R, table *t, int r, int v, const char *why)
{
    trow *rw = &t->row[r];
    char msg[160];
    if (t->by_han)
        rw->han = v;
    else
        rw->fu = v;
    rw->bad = -1;
    snprintf(msg, sizeof msg, "a %s label not read: read as %d, %s", t->by_han ? "han" : "fu", v,
             why);
    return read_note_at(R, false, true, rw->label, t->number, 0, R->page->w[rw->label].w->text,
                        msg);
}

/* A row label out of the rows' order, no count a row can have, or
 * none read (find_rows.c, row_order, row_label, find_rows): read again from
 * its box; kept when it
 * then falls in order between its neighbours.  Else, between two rows
 * read whose counts leave one between them (60 fu and 80 fu: 70), that
 * one, noted as inferred. */
tensu_status reread_label(reading *R, table *t, int r)
{
    trow *rw = &t->row[r];
    const rword *w = &R->page->w[rw->label];
    char got[64], msg[160];
    float conf = 0;
    tensu_label lab;
    int lo = 0, hi = 1 << 30, v = -1;
    for (int i = r - 1; i >= 0; i--)
        if (t->row[i].bad < 0 && t->row[i].limit == TENSU_LIMIT_NONE) {
            lo = t->by_han ? t->row[i].han : t->row[i].fu;
            break;
        }
    for (int i = r + 1; i < t->nrows; i++)
        if (t->row[i].bad < 0 && t->row[i].limit == TENSU_LIMIT_NONE) {
            hi = t->by_han ? t->row[i].han : t->row[i].fu;
            break;
        }
    /* its box, and left of it the digits the OCR may have lost ("符" of
     * "80符" alone) */
    if (ask_again(R, rw->label, true, rw->bad_role == C_SKIP ? w->x1 - 2 * w->h : w->x1, w->y1,
                  w->x2, w->y2, got, sizeof got, &conf) &&
        conf >= min_conf(R) && tensu_label_parse(got, strlen(got), &lab) &&
        (lab.kind == TENSU_LABEL_NUMBER ||
         lab.kind == (t->by_han ? TENSU_LABEL_HAN : TENSU_LABEL_FU)) &&
        lab.value > lo && lab.value < hi && (t->by_han || tensu_fu_valid(lab.value))) {
        if (t->by_han)
            rw->han = lab.value;
        else
            rw->fu = lab.value;
        rw->bad = -1;
        return TENSU_OK;
    }
    if (!t->by_han && r > 0 && r + 1 == t->nrows && lo == 100 && t->row[r - 1].bad < 0) {
        /* the last row, after 100 fu: 110 fu, the last a hand can count */
        rw->fu = 110;
        rw->bad = -1;
        return read_note_at(R, false, true, rw->label, t->number, 0, w->w->text,
                            "a fu label not read: read as 110, the row after 100 fu that ends "
                            "the table");
    }
    if (r == 0 && r + 1 < t->nrows && t->row[1].bad < 0 && t->row[1].limit == TENSU_LIMIT_NONE &&
        hi < 1 << 30 && (v = only_count(t, 0, hi)) > 0) {
        /* the first row, before 2 han (25 fu): 1 han (20 fu), the only
         * count a row above it can have */
        snprintf(msg, sizeof msg, "the first row, before %d", hi);
        return label_inferred(R, t, r, v, msg);
    }
    /* its neighbours, the rows just above and below, read */
    if (r == 0 || r + 1 >= t->nrows || t->row[r - 1].bad >= 0 || t->row[r + 1].bad >= 0 ||
        t->row[r - 1].limit != TENSU_LIMIT_NONE || t->row[r + 1].limit != TENSU_LIMIT_NONE ||
        lo <= 0 || hi >= 1 << 30 || !row_between(t, r) || (v = only_count(t, lo, hi)) <= 0)
        return TENSU_OK;
    return label_inferred(R, t, r, v, "the one between the rows around it");
}

/* A limits table's row whose name and han cannot be read, between two
 * limits one apart (haneman, then sanbaiman), before the second
 * (haneman) or the last after sanbaiman (the yakuman row): that limit,
 * noted as inferred. */
tensu_status limit_between(reading *R, table *t, int r)
{
    trow *rw = &t->row[r];
    const trow *next = r + 1 < t->nrows ? &t->row[r + 1] : NULL,
               *prev = r > 0 ? &t->row[r - 1] : NULL;
    tensu_limit want;
    char msg[160];
    if (next == NULL) {
        /* the last row, after sanbaiman: the yakuman row */
        if (prev == NULL || prev->bad >= 0 || prev->limit != TENSU_LIMIT_SANBAIMAN)
            return TENSU_OK;
        want = TENSU_LIMIT_YAKUMAN;
    } else {
        if (next->bad >= 0 || next->limit == TENSU_LIMIT_NONE ||
            next->limit > TENSU_LIMIT_SANBAIMAN)
            return TENSU_OK;
        want = (tensu_limit)(next->limit - 1);
        if (want == TENSU_LIMIT_NONE ||
            (prev != NULL && (prev->bad >= 0 || prev->limit != want - 1 || !row_between(t, r))) ||
            (prev == NULL && want != TENSU_LIMIT_MANGAN))
            return TENSU_OK;
    }
    rw->limit = want;
    rw->yakuman = want == TENSU_LIMIT_YAKUMAN ? 1 : 0;
    rw->bad = -1;
    snprintf(msg, sizeof msg, "a limit's name not read: read as %s, from the rows around it",
             tensu_limit_name(want));
    return read_note_at(R, false, true, rw->label, t->number, 0, R->page->w[rw->label].w->text,
                        msg);
}

/* The heads of a table's columns that name no payment ("Nor d L" for
 * "Non-dealer ron", "Dealer" with its "ron" lost on a tinted head): read
 * again from the column's box on the header line (tensu_read_options.
 * reread); a head that then names how a side wins is that column's. */
void reread_heads(reading *R, table *t)
{
    page_words *p = R->page;
    const rline *hl;
    if ((t->kind != K_LONG && t->kind != K_LIMITS) || t->strip || t->by_side || t->header < 0 ||
        R->opt == NULL || R->opt->reread == NULL)
        return;
    hl = &p->l[t->header];
    if (hl->n == 0 || p->w[hl->at[0]].w->conf >= 99.5f)
        return; /* words of a text, not of an OCR */
    for (int c = 0; c < t->ncols; c++) {
        char got[160];
        float conf = 0;
        unsigned pay;
        double y1 = hl->y1 - 0.2 * hl->h, y2 = hl->y2 + 0.2 * hl->h;
        if (t->col[c].role != C_SKIP || t->col[c].x2 <= t->col[c].x1 ||
            !ask_again(R, hl->at[0], true, t->col[c].x1, y1, t->col[c].x2, y2, got, sizeof got,
                       &conf) ||
            conf < min_conf(R))
            continue;
        pay = read_pay_words(got);
        /* (a limits table's head may name a side alone: its cells give
         * the ron and the tsumo) */
        if ((t->kind != K_LIMITS && !(pay & (P_RON | P_TSUMO))) ||
            (t->kind == K_LIMITS && !(pay & (P_ND | P_D))))
            continue;
        t->col[c].role = C_VALUE;
        t->col[c].pay = pay;
    }
}
