/* Tables in a page's lines (table.h), found as a person finds them: a
 * header (a line of han or fu heads, of payments, or of limits: header.c),
 * the row labels under its corner (fu, han, a limit's name: find_rows.c,
 * row_labels.c), the columns under its heads (where the words of the rows
 * stand apart, and where the cells on either side read as cells:
 * find_columns.c), the heading above it that says whose table it is (here).
 * Tables side by side are read one by one; a table with no header whose
 * rows are labelled with fu is read with columns of 1 han, 2 han ...  This
 * file: the heading and the page's driver, read_find_tables. */
#include "table.h"

#include <stdlib.h>
#include <string.h>

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
static int implicit_table(page_words *p, int k, table *t, const table *all, int n, int *heads)
{
    int e = k, cols = 0;
    memset(t, 0, sizeof *t);
    *heads = 0;
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
            if (header_at(p, ln, -1e300, 1e300))
                break; /* (a line of heads whose rows were not read is no
                        * row: "20 fu  25 fu  30 fu ...") */
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
    /* lines under a line of heads, no wide space between, are that
     * table's rows: *heads, how many heads it has (its rows read here
     * only into as many columns, one each: not its "Ron  Tsumo" pairs
     * taken for han 1, 2 ... nor its fu heads for han) */
    for (int h = k - 1; h >= 0 && p->l[h].region == p->l[k].region; h--) {
        const rline *above = &p->l[h], *below = &p->l[h + 1];
        int owner = above->n > 0 ? p->w[above->at[0]].owner : 0;
        table g[8];
        int ng;
        if (below->y1 - above->y2 > 3.0 * below->h)
            break; /* a wide space above: no table goes on across it */
        if (owner > 0 && owner <= n && all[owner - 1].nrows >= 2)
            break; /* a table read above ends there */
        ng = header_groups(p, above, g, 8);
        for (int i = 0; i < ng; i++)
            *heads += g[i].kind == K_GRID && !g[i].by_han ? g[i].ncols : 1000;
        if (ng > 0)
            break;
    }
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

/* Out of memory with table t under way: t's rows and the tables found
 * so far freed; false. */
static bool give_up(table *t, table *all, int n)
{
    free(t->row);
    read_tables_free(all, n);
    return false;
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
                if (after < 0)
                    return give_up(&t, all, n);
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
                if (!push(&all, &n, &cap, &t))
                    return give_up(&t, all, n);
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
        int heads = 0, len = implicit_table(p, k, &t, all, n, &heads);
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
                if (row_label(p, ln, 0, 1, &t, &r) && p->w[ln->at[0]].x1 <= p->l[k].x1 + 0.1 &&
                    !add_row(&t, &r))
                    return give_up(&t, all, n);
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
            if (t.ncols == 0 || (heads > 0 && t.continues == 0 && t.ncols != heads)) {
                /* (under heads it does not fit: their table, not read) */
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
            if (!push(&all, &n, &cap, &t))
                return give_up(&t, all, n);
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
