/* A table's rows (table.h, find_tables.c): the labels under its corner,
 * each row's band (between its label and the next), a strip of limits,
 * labels read in the rows' order, a label the OCR read as two lines.  The
 * labels themselves are read in row_labels.c. */
#include "table.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool add_row(table *t, const trow *r)
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

bool header_at(const page_words *p, const rline *l, double x1, double x2)
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
 * read again (reread.c). */
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

/* Is line l its label's words (a .. b) alone, between a line of amounts
 * above it and one below (a label the OCR garbled, centred between its
 * row's ron and tsumo: "em" for "110 fu")? */
static bool between_amounts(const page_words *p, const table *t, int l, int a, int b)
{
    const rline *ln = &p->l[l];
    double x = p->w[ln->at[b - 1]].x2;
    return t->nrows > 0 && a == 0 && b == ln->n && l >= 1 && l + 1 < p->nl &&
           p->l[l - 1].region == ln->region && p->l[l + 1].region == ln->region &&
           amounts_right(p, &p->l[l - 1], x) && amounts_right(p, &p->l[l + 1], x) &&
           p->l[l - 1].x1 > x && p->l[l + 1].x1 > x;
}

/* A speck well left of a table's corner, no label: the edge of a photo
 * (a mark narrower than a character, or a short word without a digit
 * the OCR was not sure of: '"a', "ne,").  A grid without a corner: left
 * of its first row's label (a limits table's may be its han). */
static bool edge_speck(const page_words *p, const table *t, const rword *w, double h)
{
    double wide = w->x2 - w->x1,
           left = t->x1 > -1e299                      ? t->x1
                  : t->kind == K_GRID && t->nrows > 0 ? p->w[t->row[0].label].x1
                                                       : -1e300;
    return left > -1e299 && w->x2 < left - 2 * h &&
           strpbrk(w->w->text, "0123456789") == NULL &&
           (wide < 0.8 * h || (w->w->conf < TENSU_OCR_SURE && wide < 2 * h));
}

/* Are a line's words all left of x, none with a digit (words of a label)? */
static bool words_only_left(const page_words *p, const rline *l, double x)
{
    for (int j = 0; j < l->n; j++) {
        const rword *w = &p->w[l->at[j]];
        if (w->x2 >= x || strpbrk(w->w->text, "0123456789") != NULL)
            return false;
    }
    return l->n > 0;
}

int find_rows(page_words *p, table *t, int k, double right_limit)
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
        if (ln->n == 1 && edge_speck(p, t, &p->w[ln->at[0]], ln->h))
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
        while (a + 1 < b && edge_speck(p, t, &p->w[ln->at[a]], ln->h))
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
            if (t->kind == K_LIMITS && t->nrows > 0 && !t->by_side &&
                ln->y1 - t->row[t->nrows - 1].ly2 < h && words_only_left(p, ln, label_right)) {
                /* the rest of the row above's name, set lower in a photo
                 * (its "倍" read with the row, "満" under it) */
                continue;
            }
            if ((t->nrows > 0 || t->kind == K_LIMITS ||
                 (t->kind == K_GRID && ln->y1 - p->l[k].y2 < 3 * h)) &&
                (amounts_right(p, ln, p->w[ln->at[b - 1]].x2) ||
                 between_amounts(p, t, l, a, b))) {
                /* a row of amounts whose label cannot be read (a limits
                 * table's first too: reread.c's limit_between tells it; a
                 * grid's first, just under its heads: reread_label) */
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
