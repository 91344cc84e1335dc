/* A picture's wrong cells read again (tensu_verdict_confirm): each reading
 * votes for the amount found, the one expected or another; the votes
 * decide whether the error stands, goes, takes the amount read again, or
 * leaves the cell unread. */
#include "verify_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next amount of text from *i on (an amount starts at a digit that
 * follows none): true with *v, *i past it; false at the end. */
static bool next_amount(const char *text, size_t n, size_t *i, int64_t *v)
{
    for (; *i < n; (*i)++) {
        size_t used;
        if (text[*i] < '0' || text[*i] > '9' ||
            (*i > 0 && text[*i - 1] >= '0' && text[*i - 1] <= '9'))
            continue;
        used = tensu_amount_parse(text + *i, n - *i, v);
        if (used > 0) {
            *i += used;
            return true;
        }
    }
    return false;
}

/* The amounts of text, at most max of them: how many there are (max + 1
 * when there are more). */
static size_t amounts_of(const char *text, int64_t *a, size_t max)
{
    size_t n = strlen(text), i = 0, m = 0;
    int64_t v;
    while (next_amount(text, n, &i, &v)) {
        if (m == max)
            return max + 1;
        a[m++] = v;
    }
    return m;
}

/* The cells with an amount that share cell ci's box (a tsumo's two
 * shares in one word, "(300-500)"; not the "-" of a ron beside them), ci
 * among them, in the chart's order (they are added side by side): how
 * many, at most BOX_MAX, into ix. */
enum { BOX_MAX = 4, AMOUNTS_MAX = 16 };
static size_t box_cells(const tensu_chart *ch, size_t ci, size_t *ix)
{
    const tensu_chart_cell *c = tensu_chart_cell_at(ch, ci), *d;
    size_t from = ci >= BOX_MAX ? ci - BOX_MAX + 1 : 0, n = 0;
    for (size_t j = from; j < ci + BOX_MAX && (d = tensu_chart_cell_at(ch, j)) != NULL; j++)
        if ((!d->empty || j == ci) && d->place.page == c->place.page &&
            d->place.x1 == c->place.x1 &&
            d->place.y1 == c->place.y1 && d->place.x2 == c->place.x2 &&
            d->place.y2 == c->place.y2 && n < BOX_MAX)
            ix[n++] = j;
    return n;
}

/* Read the cell's box again with opt: its text and how sure the reading
 * is (true when it is sure). */
static bool read_again(const tensu_read_options *opt, const tensu_chart_cell *c, char *text,
                       size_t size, bool *got)
{
    float conf = 0, min = opt->min_conf > 0 ? opt->min_conf : TENSU_OCR_SURE;
    *got = opt->reread(opt->ctx, c->place.page, c->place.x1, c->place.y1, c->place.x2,
                       c->place.y2, text, size, &conf);
    return *got && conf >= min;
}

/* The amount a wrong cell shows when its box is read again with room on
 * its left (a digit group and its space): an amount longer than the one
 * found that ends with its digits ("1 700" where the OCR lost the lone "1"
 * and gave "700"), read sure, the one found not read whole beside it;
 * -1 when none. */
static int64_t lost_digits(const tensu_read_options *opt, const tensu_chart_cell *c,
                           int64_t found)
{
    char text[256];
    float conf = 0, min = opt->min_conf > 0 ? opt->min_conf : TENSU_OCR_SURE;
    double h = c->place.y2 - c->place.y1;
    int64_t unit = 10, longer = -1, x;
    size_t n;
    while (unit <= found)
        unit *= 10;
    if (!opt->reread(opt->ctx, c->place.page, c->place.x1 - 1.2 * h, c->place.y1,
                     c->place.x2, c->place.y2, text, sizeof text, &conf) ||
        conf < min)
        return -1;
    n = strlen(text);
    for (size_t i = 0; next_amount(text, n, &i, &x);) {
        if (x == found)
            return -1; /* read whole again (the longer one is another amount) */
        if (x > found && x % unit == found && longer < 0)
            longer = x;
    }
    return longer;
}

/* The amount a wrong cell shows when its box is read again with room on
 * its right: one digit longer than the one found ("1200" where the box
 * cut the last "0" off and the OCR gave "120"), read sure, the one found
 * not read beside it; -1 when none. */
static int64_t cut_digit(const tensu_read_options *opt, const tensu_chart_cell *c,
                         int64_t found)
{
    char text[256];
    float conf = 0, min = opt->min_conf > 0 ? opt->min_conf : TENSU_OCR_SURE;
    double h = c->place.y2 - c->place.y1;
    int64_t longer = -1, x;
    size_t n;
    if (!opt->reread(opt->ctx, c->place.page, c->place.x1 - 0.2 * h, c->place.y1 - 0.2 * h,
                     c->place.x2 + 0.6 * h, c->place.y2 + 0.2 * h, text, sizeof text, &conf) ||
        conf < min)
        return -1;
    n = strlen(text);
    for (size_t i = 0; next_amount(text, n, &i, &x);) {
        if (x == found)
            return -1;
        if (x / 10 == found && longer < 0)
            longer = x;
    }
    return longer;
}

/* The copies of a duplicate finding's cell (its key elsewhere in the
 * chart), each at its amount after the rereads (right[i] >= 0: cell i read
 * again as that; UNREAD: no longer read): still two amounts? */
enum { UNREAD = -2 };
static bool still_twice(const tensu_chart *chart, const int64_t *right, size_t cell)
{
    const tensu_chart_cell *d = tensu_chart_cell_at(chart, cell);
    int64_t first = -1;
    for (size_t i = 0; i < tensu_chart_count(chart); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(chart, i);
        int64_t v;
        if (c->empty || right[i] == UNREAD || cmp_key(c, d) != 0)
            continue;
        v = right[i] >= 0 ? right[i] : c->value;
        if (first < 0)
            first = v;
        else if (v != first)
            return true;
    }
    return false;
}

/* "Given twice" made only by a first reading the rereads put right (a
 * copy of the table on a sheet of four cards read 0 for 2,600): gone. */
static void drop_false_twice(tensu_verdict *v, const tensu_chart *chart, const int64_t *right)
{
    size_t keep = 0;
    for (size_t i = 0; i < v->nfindings; i++) {
        tensu_finding *f = &v->findings[i];
        if (f->kind == TENSU_FINDING_DUPLICATE && f->cell >= 0 &&
            !still_twice(chart, right, (size_t)f->cell)) {
            if (f->error)
                v->errors--;
            else
                v->warnings--;
            continue;
        }
        v->findings[keep++] = *f;
    }
    v->nfindings = keep;
}

/* The amount a reading of cell ci's box gives for the cell (-1: none it
 * can be told): its box alone, the amount found or else the expected one
 * among those read (whatever the reading caught at the box's edges), or
 * the only amount read; a box of several cells (kept in the chart in the
 * order they are printed), as many amounts as cells, the cell's by its
 * place among them. */
static int64_t reading_of(const tensu_chart *ch, size_t ci, const char *text, int64_t found,
                          int64_t expected)
{
    int64_t a[AMOUNTS_MAX + 1];
    size_t ix[BOX_MAX], nb = box_cells(ch, ci, ix), m = amounts_of(text, a, AMOUNTS_MAX);
    if (nb <= 1) {
        for (size_t j = 0; j < m && j < AMOUNTS_MAX; j++)
            if (a[j] == found)
                return found;
        for (size_t j = 0; j < m && j < AMOUNTS_MAX; j++)
            if (a[j] == expected)
                return expected;
        return m == 1 ? a[0] : -1;
    }
    for (size_t j = 0; m == nb && j < nb; j++)
        if (ix[j] == ci)
            return a[j];
    return -1;
}

/* The votes of the readings of a wrong cell (tensu_verdict_confirm): for
 * the amount found (first: by the first way), for the one expected (sure
 * readings among them), for another. */
typedef struct votes {
    int found, expected, sure;
    int got, alike; /* readings made; those that gave the amount found, sure or not */
    bool first;
    int64_t other;  /* another amount, read sure by the first reading that gave one */
    int others;     /* sure readings that gave it */
} votes;

static void vote(const tensu_read_options *opt, const tensu_chart *ch, size_t ci,
                 const tensu_finding *f, votes *n)
{
    char text[256];
    bool got, sure = read_again(opt, tensu_chart_cell_at(ch, ci), text, sizeof text, &got);
    int64_t x;
    if (!got)
        return;
    n->got++;
    x = reading_of(ch, ci, text, f->found, f->expected);
    if (x < 0)
        return;
    if (x == f->found) {
        n->found += sure;
        n->alike++;
    } else if (x == f->expected) {
        n->expected++;
        n->sure += sure;
    } else if (sure && (n->others == 0 || x == n->other)) {
        n->other = x;
        n->others++;
    }
}

/* A wrong cell that two sure readings, and more than gave any other, read
 * as another amount than the first reading did: the cell takes it, still
 * wrong (the rereads gave neither the first amount nor the expected one),
 * its cause found again. */
static void read_as(tensu_verdict *v, tensu_chart *chart, tensu_finding *f, int64_t value)
{
    tensu_chart_cell *c = chart_cell_edit(chart, (size_t)f->cell);
    int64_t first = f->found;
    expect e;
    causes cs;
    size_t len = 0;
    c->value = value;
    f->found = value;
    row_expect(&v->rules, key_of(c), v->honba, &e);
    find_causes(&v->rules, v->honba, chart, (size_t)f->cell, &e, &cs);
    f->cause = cs.n > 0 ? cs.c[0].cause : TENSU_CAUSE_NONE;
    snprintf(f->message, sizeof f->message,
             "%s (read again: the first reading gave %lld)",
             cs.n > 0 ? cs.c[0].text : "no simple cause explains it", (long long)first);
    f->also[0] = '\0';
    for (int i = 1; i < cs.n && len < sizeof f->also; i++)
        len += (size_t)snprintf(f->also + len, sizeof f->also - len, "%s%s", len ? "; " : "",
                                cs.c[i].text);
}

/* A wrong cell the readings did not confirm, now of kind (its message
 * said): no amount found or expected, no cause, unread for the "given
 * twice" check. */
static void no_longer_read(tensu_finding *f, tensu_finding_kind kind, int64_t *right)
{
    f->kind = kind;
    f->cause = TENSU_CAUSE_NONE;
    f->also[0] = '\0';
    f->found = f->expected = -1;
    if (right != NULL)
        right[f->cell] = UNREAD;
}

int tensu_verdict_confirm(tensu_verdict *v, tensu_chart *chart,
                          const tensu_read_options *again, size_t n)
{
    int changed = 0;
    size_t keep = 0;
    int64_t *right;
    if (v == NULL || chart == NULL || n == 0 || again == NULL || again[0].reread == NULL)
        return 0;
    right = malloc((tensu_chart_count(chart) + 1) * sizeof *right);
    for (size_t i = 0; right != NULL && i < tensu_chart_count(chart); i++)
        right[i] = -1;
    for (size_t i = 0; i < v->nfindings; i++) {
        tensu_finding *f = &v->findings[i];
        const tensu_chart_cell *c;
        votes k = {0, 0, 0, 0, 0, false, -1, 0};
        if (f->kind != TENSU_FINDING_WRONG || f->cell < 0 ||
            (c = tensu_chart_cell_at(chart, (size_t)f->cell)) == NULL ||
            c->place.x2 <= c->place.x1 || c->place.y2 <= c->place.y1) {
            v->findings[keep++] = *f;
            continue;
        }
        /* as many readings as it takes: two alike decide, else a third */
        for (size_t r = 0; r < n && again[r].reread != NULL; r++) {
            vote(&again[r], chart, (size_t)f->cell, f, &k);
            k.first |= r == 0 && k.found == 1;
            if (r >= 1 && (k.found >= 2 || (k.expected >= 2 && k.sure >= 1 && k.found == 0) ||
                           (k.others >= 2 && k.found == 0 && k.expected == 0)))
                break;
        }
        if (k.found > k.expected &&
            (k.found >= 2 || k.first || (k.got >= 3 && k.alike == k.got))) {
            /* read so again (by the first way, or by two; or by every way,
             * one of them sure): wrong, unless the box read with room on
             * its left shows a digit the OCR lost before it, or with room
             * on its right one the box cut off after it */
            int64_t longer = lost_digits(&again[0], c, f->found);
            if (longer < 0)
                longer = cut_digit(&again[0], c, f->found);
            if (longer < 0) {
                v->findings[keep++] = *f;
                continue;
            }
            if (longer == f->expected)
                k.expected = 2, k.sure = 1, k.found = 0;
        }
        changed++;
        if (f->found < TENSU_PAY_UNIT && c->limit == TENSU_LIMIT_NONE &&
            no_hand(&v->rules, c->han, c->fu, v->honba, (int)c->pay)) {
            /* a small number where no hand can occur, not read so again:
             * the row's mark */
            snprintf(f->message, sizeof f->message,
                     "inferred: the OCR read %lld here, but not when it read the cell again: "
                     "read as the mark of a hand that cannot occur (no payment is under 100)",
                     (long long)f->found);
            no_longer_read(f, TENSU_FINDING_INFERRED, right);
            f->error = false;
            v->errors--;
            v->warnings++;
            v->cells--;
            v->findings[keep++] = *f;
            continue;
        }
        if (k.expected >= 2 && k.sure >= 1 && k.expected > k.found) {
            /* read right by most readings: the first was the OCR's mistake */
            v->errors--;
            if (right != NULL)
                right[f->cell] = f->expected;
            continue;
        }
        if (k.others >= 2 && k.others > k.found && k.others > k.expected) {
            /* read alike, and otherwise, again: that is the cell */
            read_as(v, chart, f, k.other);
            v->findings[keep++] = *f;
            continue;
        }
        snprintf(f->message, sizeof f->message,
                 "not read: the OCR read %lld here, but not when it read the cell again, so "
                 "it is not checked",
                 (long long)f->found);
        no_longer_read(f, TENSU_FINDING_UNREADABLE, right);
        v->unread++;
        v->cells--;
        v->findings[keep++] = *f;
    }
    v->nfindings = keep;
    if (right != NULL)
        drop_false_twice(v, chart, right);
    free(right);
    return changed;
}
