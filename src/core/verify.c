/* Chart verification: every cell against the payment engine, the rule
 * variant the chart follows, and the likely cause of each wrong value.
 * Expected values always come from tensu_pay()/tensu_pay_limit(); the only
 * arithmetic here builds wrong hypotheses (a missing rounding, a swapped
 * digit) to explain a value that is already known to be wrong.
 *
 * This file holds the names of causes, findings and guesses, and the
 * verdict: the driver (tensu_verify), the findings and coverage.  The
 * stages it calls: verify_row.c (what the engine pays for a row),
 * verify_infer.c (variant, players, honba), verify_causes.c (causes);
 * verify_confirm.c reads a picture's wrong cells again
 * (tensu_verdict_confirm); verify_private.h their interface. */
#include "verify_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tensu_cause_name(tensu_cause c)
{
    switch (c) {
    case TENSU_CAUSE_NONE: return "none";
    case TENSU_CAUSE_OTHER_PAYER: return "other_payer";
    case TENSU_CAUSE_KIRIAGE: return "kiriage";
    case TENSU_CAUSE_KAZOE: return "kazoe";
    case TENSU_CAUSE_YAKUMAN_MULTIPLIER: return "yakuman_multiplier";
    case TENSU_CAUSE_ROUNDING: return "rounding";
    case TENSU_CAUSE_NEIGHBOUR_HAN: return "neighbour_han";
    case TENSU_CAUSE_NEIGHBOUR_FU: return "neighbour_fu";
    case TENSU_CAUSE_DIGIT_TYPO: return "digit_typo";
    case TENSU_CAUSE_SHARES: return "shares";
    case TENSU_CAUSE_HONBA: return "honba";
    }
    return "none";
}

const char *tensu_finding_kind_name(tensu_finding_kind k)
{
    switch (k) {
    case TENSU_FINDING_WRONG: return "wrong";
    case TENSU_FINDING_NO_SUCH_CELL: return "no_such_cell";
    case TENSU_FINDING_IMPOSSIBLE: return "impossible";
    case TENSU_FINDING_NOT_IMPOSSIBLE: return "not_impossible";
    case TENSU_FINDING_EMPTY: return "empty";
    case TENSU_FINDING_MISSING: return "missing";
    case TENSU_FINDING_DUPLICATE: return "duplicate";
    case TENSU_FINDING_UNREADABLE: return "unreadable";
    case TENSU_FINDING_NOT_READ: return "not_read";
    case TENSU_FINDING_INFERRED: return "inferred";
    }
    return "?";
}

const char *tensu_guess_name(tensu_guess g)
{
    switch (g) {
    case TENSU_GUESS_GIVEN: return "given";
    case TENSU_GUESS_UNDECIDED: return "undecided";
    case TENSU_GUESS_SURE: return "sure";
    case TENSU_GUESS_LIKELY: return "likely";
    case TENSU_GUESS_MIXED: return "mixed";
    }
    return "?";
}

/* ------------------------------------------------------------------ */
/* The verdict                                                         */
/* ------------------------------------------------------------------ */

typedef struct builder {
    tensu_verdict *v;
    size_t cap;
    causes *cs;        /* per finding, for WRONG ones (parallel to findings) */
    bool failed;
} builder;

static tensu_finding *new_finding(builder *B, tensu_finding_kind kind, bool error)
{
    tensu_finding *f;
    if (B->v->nfindings == B->cap) {
        size_t cap = B->cap ? B->cap * 2 : 32;
        tensu_finding *p = realloc(B->v->findings, cap * sizeof *p);
        causes *q;
        if (p == NULL) {
            B->failed = true;
            return NULL;
        }
        B->v->findings = p;
        q = realloc(B->cs, cap * sizeof *q);
        if (q == NULL) {
            B->failed = true;
            return NULL;
        }
        B->cs = q;
        B->cap = cap;
    }
    f = &B->v->findings[B->v->nfindings];
    memset(f, 0, sizeof *f);
    B->cs[B->v->nfindings].n = 0;
    B->v->nfindings++;
    f->kind = kind;
    f->error = error;
    f->cell = -1;
    f->found = -1;
    f->expected = -1;
    if (error)
        B->v->errors++;
    else
        B->v->warnings++;
    return f;
}

static tensu_finding *cell_finding(builder *B, const tensu_chart_cell *c, size_t i,
                                   tensu_finding_kind kind, bool error)
{
    tensu_finding *f = new_finding(B, kind, error);
    if (f == NULL)
        return NULL;
    f->cell = (int)i;
    f->line = c->line;
    f->column = c->column;
    f->table = c->table;
    f->place = c->place;
    f->found = c->empty ? -1 : c->value;
    where_text(key_of(c), c->pay, f->where, sizeof f->where);
    return f;
}

int cmp_key(const tensu_chart_cell *a, const tensu_chart_cell *b)
{
    int x[5] = {a->han, a->fu, (int)a->limit, a->yakuman, (int)a->pay};
    int y[5] = {b->han, b->fu, (int)b->limit, b->yakuman, (int)b->pay};
    for (int i = 0; i < 5; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

typedef struct sorted {
    const tensu_chart_cell *c;
    size_t i;
} sorted;

static int cmp_sorted(const void *a, const void *b)
{
    const sorted *x = a, *y = b;
    int c = cmp_key(x->c, y->c);
    if (c != 0)
        return c;
    return x->i < y->i ? -1 : x->i > y->i;
}

typedef struct wrong_ix {
    key k;
    size_t i; /* the finding */
} wrong_ix;

static int cmp_wrong(const void *a, const void *b)
{
    const wrong_ix *x = a, *y = b;
    int c = x->k.han != y->k.han             ? (x->k.han < y->k.han ? -1 : 1)
            : x->k.fu != y->k.fu             ? (x->k.fu < y->k.fu ? -1 : 1)
            : x->k.limit != y->k.limit       ? (x->k.limit < y->k.limit ? -1 : 1)
            : x->k.yakuman != y->k.yakuman   ? (x->k.yakuman < y->k.yakuman ? -1 : 1)
                                             : 0;
    return c != 0 ? c : (x->i < y->i ? -1 : x->i > y->i);
}

/* Pick each wrong cell's cause; in a row with several wrong cells, prefer
 * a cause that explains them all (a whole row shifted by one han).  The
 * wrong cells are grouped by row first, so that a chart with many wrong
 * cells costs no more than its rows (no pass over every finding for each). */
static void choose_causes(builder *B, const tensu_chart *ch)
{
    tensu_verdict *v = B->v;
    size_t nw = 0;
    wrong_ix *w = malloc((v->nfindings ? v->nfindings : 1) * sizeof *w);
    if (w == NULL) {
        B->failed = true;
        return;
    }
    for (size_t i = 0; i < v->nfindings; i++)
        if (v->findings[i].kind == TENSU_FINDING_WRONG) {
            w[nw].k = key_of(tensu_chart_cell_at(ch, (size_t)v->findings[i].cell));
            w[nw++].i = i;
        }
    qsort(w, nw, sizeof *w, cmp_wrong);
    for (size_t g0 = 0, g1; g0 < nw; g0 = g1) {
        for (g1 = g0 + 1; g1 < nw && cmp_wrong(&(wrong_ix){w[g0].k, 0}, &(wrong_ix){w[g1].k, 0}) == 0; g1++)
            ;
        for (size_t a = g0; a < g1; a++) {
            size_t i = w[a].i;
            tensu_finding *f = &v->findings[i];
            causes *cs = &B->cs[i];
            int pick = 0;
            if (cs->n == 0) {
                f->cause = TENSU_CAUSE_NONE;
                snprintf(f->message, sizeof f->message, "no simple cause explains it");
                continue;
            }
            for (int ci = 0; ci < cs->n; ci++) {
                int others = 0, share = 0;
                for (size_t b = g0; b < g1; b++) {
                    size_t j = w[b].i;
                    if (j == i)
                        continue;
                    others++;
                    for (int cj = 0; cj < B->cs[j].n; cj++)
                        if (B->cs[j].c[cj].cause == cs->c[ci].cause &&
                            B->cs[j].c[cj].detail == cs->c[ci].detail) {
                            share++;
                            break;
                        }
                }
                if (others == 0)
                    break;
                if (share == others) {
                    pick = ci;
                    break;
                }
            }
            f->cause = cs->c[pick].cause;
            snprintf(f->message, sizeof f->message, "%s", cs->c[pick].text);
            {
                size_t len = 0;
                f->also[0] = '\0';
                for (int ci = 0; ci < cs->n && len < sizeof f->also; ci++)
                    if (ci != pick)
                        len += (size_t)snprintf(f->also + len, sizeof f->also - len, "%s%s",
                                                len ? "; " : "", cs->c[ci].text);
            }
        }
    }
    free(w);
}

/* Rows of cells that can occur, below mangan, that the chart lacks. */
static void missing_rows(builder *B, const tensu_chart *ch, const tensu_rules *r)
{
    bool present[14][TENSU_TABLE_MAX_FU], hans[14];
    unsigned need[TENSU_TABLE_MAX_FU], miss[TENSU_TABLE_MAX_FU];
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    bool any = false;
    unsigned pays = 0; /* the payments the chart gives (a page of one case: only its own) */

    memset(present, 0, sizeof present);
    memset(hans, 0, sizeof hans);
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        pays |= 1u << c->pay;
        if (c->limit != TENSU_LIMIT_NONE || c->han < 1 || c->han > TENSU_TABLE_MAX_HAN || c->fu == 0)
            continue;
        for (int j = 0; j < nrows; j++)
            if (rows[j] == c->fu) {
                present[c->han][j] = true;
                hans[c->han] = true;
                any = true;
            }
    }
    if (!any)
        return;
    for (int j = 0; j < nrows; j++) {
        need[j] = miss[j] = 0;
        for (int h = 1; h <= TENSU_TABLE_MAX_HAN; h++) {
            tensu_value val;
            bool reach = false;
            if (!hans[h] || tensu_evaluate(r, h, rows[j], 0, &val, NULL) != TENSU_OK ||
                val.limit != TENSU_LIMIT_NONE)
                continue;
            for (int p = 0; p < TENSU_CHART_PAYS; p++)
                reach = reach || ((pays & (1u << p)) &&
                                  tensu_cell_reachable(r, h, rows[j],
                                                      tensu_chart_pay_dealer((tensu_chart_pay)p),
                                                      tensu_chart_pay_tsumo((tensu_chart_pay)p)));
            if (!reach)
                continue;
            need[j] |= 1u << h;
            if (!present[h][j])
                miss[j] |= 1u << h;
        }
    }
    for (int j = 0; j < nrows;) {
        int end = j + 1;
        tensu_finding *f;
        size_t len = 0;
        char fus[96], hs[64];
        bool whole;
        if (miss[j] == 0) {
            j++;
            continue;
        }
        while (end < nrows && miss[end] == miss[j])
            end++;
        whole = true;
        fus[0] = hs[0] = '\0';
        for (int x = j; x < end; x++) {
            whole = whole && miss[x] == need[x];
            len += (size_t)snprintf(fus + len, sizeof fus - len, "%s%d", x > j ? ", " : "",
                                    rows[x]);
            if (len >= sizeof fus)
                len = sizeof fus - 1;
        }
        len = 0;
        for (int h = 1; h <= TENSU_TABLE_MAX_HAN; h++)
            if (miss[j] & (1u << h)) {
                len += (size_t)snprintf(hs + len, sizeof hs - len, "%s%d", len ? ", " : "", h);
                if (len >= sizeof hs)
                    len = sizeof hs - 1;
            }
        f = new_finding(B, TENSU_FINDING_MISSING, false);
        if (f == NULL)
            return;
        snprintf(f->where, sizeof f->where, "%s fu", fus);
        if (whole)
            snprintf(f->message, sizeof f->message,
                     "no %s fu row%s (hands of %s han at %s fu can occur and are below "
                     "mangan)",
                     fus, end - j > 1 ? "s" : "", hs, fus);
        else
            snprintf(f->message, sizeof f->message,
                     "no cell for %s han at %s fu (such hands can occur and are below mangan)", hs,
                     fus);
        j = end;
    }
}

static void duplicates(builder *B, const tensu_chart *ch)
{
    size_t n = tensu_chart_count(ch);
    sorted *ix;
    if (n < 2)
        return;
    ix = malloc(n * sizeof *ix);
    if (ix == NULL) {
        B->failed = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        ix[i].c = tensu_chart_cell_at(ch, i);
        ix[i].i = i;
    }
    qsort(ix, n, sizeof *ix, cmp_sorted);
    for (size_t i = 1; i < n; i++) {
        const tensu_chart_cell *a = ix[i - 1].c, *b = ix[i].c;
        tensu_finding *f;
        /* the same again (both amounts alike, or both left empty): a copy
         * of the table (a sheet of four cards), not a contradiction */
        if (cmp_key(a, b) != 0 || a->empty != b->empty || a->empty || a->value == b->value)
            continue;
        f = cell_finding(B, b, ix[i].i, TENSU_FINDING_DUPLICATE, false);
        if (f == NULL)
            break;
        snprintf(f->message, sizeof f->message, "given twice: %lld at line %d, %lld at line %d",
                 (long long)a->value, a->line, (long long)b->value, b->line);
    }
    free(ix);
}

/* Can no hand of han and fu occur (paid as pay; pay -1: any payment of
 * its row)? */
bool no_hand(const tensu_rules *r, int han, int fu, int honba, int pay)
{
    key k = {han, fu, TENSU_LIMIT_NONE, 0};
    expect e;
    if (han <= 0 || fu <= 0)
        return false;
    row_expect(r, k, honba, &e);
    for (int p = 0; e.ok && p < TENSU_CHART_COLUMNS; p++)
        if (e.reachable[p] && (pay < 0 || p == pay))
            return false;
    return true;
}

/* Is the text no amount: a number under 100 and nothing else ("2", "4":
 * no payment is so small), or no digit at all ("et")?  An OCR's reading
 * of a mark. */
static bool no_amount(const char *t)
{
    size_t n = strspn(t, "0123456789");
    return (n >= 1 && n <= 4 && t[n] == '\0' && atoi(t) < TENSU_PAY_UNIT) ||
           strpbrk(t, "0123456789") == NULL;
}

/* The chart's notes (cells and lines its reader could not take) as
 * findings: an unreadable cell is an error, a line not read a warning.
 * A cell of a hand that cannot occur read as no amount (a small number,
 * letters: "—" read "4", "et") is that row's mark: inferred, nothing
 * unread. */
static void note_findings(builder *B, const tensu_chart *ch, const tensu_rules *r, int honba)
{
    for (size_t i = 0; i < tensu_chart_note_count(ch) && !B->failed; i++) {
        const tensu_chart_note *n = tensu_chart_note_at(ch, i);
        bool mark = n->error && n->cells == 1 && no_amount(n->text) &&
                    no_hand(r, n->han, n->fu, honba, n->has_pay ? (int)n->pay : -1);
        tensu_finding *f = new_finding(B, n->error && !mark ? TENSU_FINDING_UNREADABLE
                                          : n->inferred || mark ? TENSU_FINDING_INFERRED
                                                                : TENSU_FINDING_NOT_READ,
                                       n->error && !mark);
        if (f == NULL)
            return;
        f->cell = -1;
        f->line = n->line;
        f->column = n->column;
        f->table = n->table;
        f->place = n->place;
        B->v->unread += mark ? 0 : n->cells;
        f->found = f->expected = -1;
        snprintf(f->where, sizeof f->where, "'%s'", n->text);
        if (mark)
            snprintf(f->message, sizeof f->message,
                     "inferred: read as the mark of a hand that cannot occur (no amount there)");
        else
            snprintf(f->message, sizeof f->message, "%s: %s",
                     n->error      ? "not read"
                     : n->inferred ? "inferred"
                                   : "a line with numbers, not read as part of a table",
                     n->why);
    }
}

/* Findings in chart order (line, column), the findings about whole rows
 * (no line) last; findings at one place keep their order. */
typedef struct ordered {
    tensu_finding f;
    size_t i;
} ordered;

static int cmp_ordered(const void *a, const void *b)
{
    const ordered *x = a, *y = b;
    long lx = x->f.line > 0 ? x->f.line : 0x7fffffffL, ly = y->f.line > 0 ? y->f.line : 0x7fffffffL;
    if (lx != ly)
        return lx < ly ? -1 : 1;
    if (x->f.column != y->f.column)
        return x->f.column < y->f.column ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

static void order_findings(builder *B)
{
    size_t n = B->v->nfindings;
    ordered *o = n ? malloc(n * sizeof *o) : NULL;
    if (n == 0)
        return;
    if (o == NULL) {
        B->failed = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        o[i].f = B->v->findings[i];
        o[i].i = i;
    }
    qsort(o, n, sizeof *o, cmp_ordered);
    for (size_t i = 0; i < n; i++)
        B->v->findings[i] = o[i].f;
    free(o);
}

/* The same table by table: the cells such a table has are, for each
 * payment it gives, han 1 to 4 at every fu row where the hand can occur
 * (when it has rows of values) and the five limits (when it has limit
 * rows). */
static bool table_coverage(tensu_verdict *v, const tensu_chart *ch, const tensu_rules *r)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    size_t n = tensu_chart_count(ch);
    for (size_t i = 0; i < n; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        size_t t;
        for (t = 0; t < v->ntables; t++)
            if (v->tables[t].table == c->table)
                break;
        if (t == v->ntables) {
            struct tensu_table_read *p = realloc(v->tables, (t + 1) * sizeof *p);
            if (p == NULL)
                return false;
            v->tables = p;
            memset(&p[t], 0, sizeof p[t]);
            p[t].table = c->table;
            p[t].line = c->line;
            v->ntables++;
        }
        v->tables[t].pays |= 1u << (c->pay == TENSU_CHART_NONDEALER_TSUMO_TOTAL
                                        ? TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER
                                    : c->pay == TENSU_CHART_DEALER_TSUMO_TOTAL
                                        ? TENSU_CHART_DEALER_TSUMO_EACH
                                        : c->pay);
    }
    for (size_t t = 0; t < v->ntables; t++) {
        struct tensu_table_read *tr = &v->tables[t];
        bool values = false, limits = false;
        for (size_t i = 0; i < n; i++) {
            const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
            if (c->table != tr->table)
                continue;
            if (c->limit != TENSU_LIMIT_NONE)
                limits = true;
            else
                values = true;
        }
        for (int p = 0; p < TENSU_CHART_PAYS; p++) {
            bool d = tensu_chart_pay_dealer((tensu_chart_pay)p),
                 ts = tensu_chart_pay_tsumo((tensu_chart_pay)p);
            if (!(tr->pays & (1u << p)))
                continue;
            if (limits)
                tr->full += 5;
            for (int h = 1; values && h <= tensu_fu_han_max(); h++)
                for (int j = 0; j < nrows; j++)
                    if (tensu_cell_reachable(r, h, rows[j], d, ts))
                        tr->full++;
        }
        /* the cells it gives of those, each once */
        {
            bool seen[TENSU_CHART_PAYS][5][TENSU_TABLE_MAX_FU];
            bool lim[TENSU_CHART_PAYS][TENSU_LIMIT_YAKUMAN + 1];
            memset(seen, 0, sizeof seen);
            memset(lim, 0, sizeof lim);
            for (size_t i = 0; i < n; i++) {
                const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
                tensu_limit l = c->limit == TENSU_LIMIT_KAZOE_YAKUMAN ? TENSU_LIMIT_YAKUMAN
                                                                       : c->limit;
                if (c->table != tr->table || (unsigned)c->pay >= TENSU_CHART_PAYS)
                    continue; /* a total is no payment of the table */
                if (l >= TENSU_LIMIT_MANGAN && l <= TENSU_LIMIT_YAKUMAN && c->yakuman <= 1) {
                    if (!lim[c->pay][l])
                        tr->read++;
                    lim[c->pay][l] = true;
                } else if (l == TENSU_LIMIT_NONE && c->han >= 1 && c->han <= tensu_fu_han_max()) {
                    for (int j = 0; j < nrows; j++)
                        if (rows[j] == c->fu && !seen[c->pay][c->han][j] &&
                            tensu_cell_reachable(r, c->han, c->fu,
                                                 tensu_chart_pay_dealer(c->pay),
                                                 tensu_chart_pay_tsumo(c->pay))) {
                            seen[c->pay][c->han][j] = true;
                            tr->read++;
                        }
                }
            }
        }
    }
    return true;
}

/* How much of a full table the chart gives (tensu_verdict.full/covered). */
static void coverage(tensu_verdict *v, const tensu_chart *ch, const tensu_rules *r)
{
    int rows[TENSU_TABLE_MAX_FU], nrows = tensu_fu_rows(r, rows, TENSU_TABLE_MAX_FU);
    /* [pay][han 1..4][row], and [pay][limit mangan..yakuman] */
    bool need[TENSU_CHART_PAYS][5][TENSU_TABLE_MAX_FU], got[TENSU_CHART_PAYS][5][TENSU_TABLE_MAX_FU];
    bool lim[TENSU_CHART_PAYS][TENSU_LIMIT_YAKUMAN + 1];
    memset(need, 0, sizeof need);
    memset(got, 0, sizeof got);
    memset(lim, 0, sizeof lim);
    for (int p = 0; p < TENSU_CHART_PAYS; p++) {
        bool d = tensu_chart_pay_dealer((tensu_chart_pay)p), t = tensu_chart_pay_tsumo((tensu_chart_pay)p);
        v->full[p] = 5; /* mangan, haneman, baiman, sanbaiman, yakuman */
        for (int h = 1; h <= tensu_fu_han_max(); h++)
            for (int j = 0; j < nrows; j++)
                if (tensu_cell_reachable(r, h, rows[j], d, t)) {
                    need[p][h][j] = true;
                    v->full[p]++;
                }
    }
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(ch, i);
        tensu_value val;
        tensu_limit l = c->limit;
        if ((unsigned)c->pay >= TENSU_CHART_PAYS)
            continue; /* a total is no payment of the table */
        if (l == TENSU_LIMIT_NONE && c->han >= 1 && c->han <= tensu_fu_han_max()) {
            for (int j = 0; j < nrows; j++)
                if (rows[j] == c->fu && need[c->pay][c->han][j] && !got[c->pay][c->han][j]) {
                    got[c->pay][c->han][j] = true;
                    v->covered[c->pay]++;
                }
            continue;
        }
        /* a limit row, or a han row that pays a limit (5 han ...) */
        if (l == TENSU_LIMIT_NONE && c->han > tensu_fu_han_max() &&
            tensu_evaluate(r, c->han, c->fu > 0 ? c->fu : 30, 0, &val, NULL) == TENSU_OK)
            l = val.limit;
        if (l == TENSU_LIMIT_KAZOE_YAKUMAN)
            l = TENSU_LIMIT_YAKUMAN; /* 13 counted han: the yakuman row */
        if (l >= TENSU_LIMIT_MANGAN && l <= TENSU_LIMIT_YAKUMAN && c->yakuman <= 1 &&
            !lim[c->pay][l]) {
            lim[c->pay][l] = true;
            v->covered[c->pay]++;
        }
    }
}

tensu_status tensu_verify(const tensu_chart *chart, const tensu_rules *base, unsigned infer,
                          int honba, tensu_verdict **out, tensu_error *err)
{
    builder B;
    tensu_rules r = *base;

    *out = NULL;
    if (honba < 0 || honba > TENSU_VERIFY_MAX_HONBA)
        return error_fill(err, TENSU_ERR_RANGE, "bad honba count %d: allowed 0..%d", honba,
                          TENSU_VERIFY_MAX_HONBA);
    memset(&B, 0, sizeof B);
    if ((B.v = alloc_or_fail(sizeof *B.v, err)) == NULL)
        return TENSU_ERR_NOMEM;
    /* the players and the honba first: they move every amount */
    settle_players(chart, base, infer, &r, &honba);
    for (int i = 0; i < RULE_VARIANTS; i++)
        infer_one(chart, &r, honba, &variant_defs[i], (infer & variant_defs[i].bit) != 0,
                  &B.v->variant[i]);
    describe_players(chart, &r, honba, infer, &B.v->variant[3], &B.v->variant[4],
                     &B.v->variant[5]);
    infer_double_wind(chart, &r, honba, (infer & TENSU_INFER_DOUBLE_WIND) != 0,
                      &B.v->variant[6]);
    B.v->rules = r;
    B.v->honba = honba;

    for (size_t i = 0; i < tensu_chart_count(chart) && !B.failed; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(chart, i);
        expect e;
        tensu_finding *f;
        int64_t want;
        row_expect(&r, key_of(c), honba, &e);
        if (c->empty) {
            if (e.ok && e.strict[c->pay]) {
                f = cell_finding(&B, c, i, TENSU_FINDING_EMPTY, false);
                if (f != NULL) {
                    f->expected = e.v[c->pay];
                    snprintf(f->message, sizeof f->message,
                             "left empty, but the hand can occur (it pays %lld)",
                             (long long)e.v[c->pay]);
                }
            }
            continue;
        }
        B.v->cells++;
        if (!e.ok) {
            f = cell_finding(&B, c, i, TENSU_FINDING_NO_SUCH_CELL, true);
            if (f != NULL)
                snprintf(f->message, sizeof f->message, "no such hand: %s", e.why);
            continue;
        }
        want = e.v[c->pay];
        if (c->value == want) {
            if (!e.reachable[c->pay] && c->mark != TENSU_MARK_IMPOSSIBLE) {
                f = cell_finding(&B, c, i, TENSU_FINDING_IMPOSSIBLE, false);
                if (f != NULL) {
                    f->expected = want;
                    snprintf(f->message, sizeof f->message,
                             "a value for a hand that cannot occur (the value agrees with the "
                             "formula)");
                }
            } else if (e.reachable[c->pay] && c->mark == TENSU_MARK_IMPOSSIBLE) {
                f = cell_finding(&B, c, i, TENSU_FINDING_NOT_IMPOSSIBLE, false);
                if (f != NULL) {
                    f->expected = want;
                    snprintf(f->message, sizeof f->message,
                             "marked as a hand that cannot occur, but it can");
                }
            }
            continue;
        }
        f = cell_finding(&B, c, i, TENSU_FINDING_WRONG, true);
        if (f == NULL)
            break;
        f->expected = want;
        find_causes(&r, honba, chart, i, &e, &B.cs[B.v->nfindings - 1]);
    }
    if (!B.failed)
        choose_causes(&B, chart);
    /* note the cells that cannot occur among the wrong ones */
    for (size_t i = 0; i < B.v->nfindings && !B.failed; i++) {
        tensu_finding *f = &B.v->findings[i];
        expect e;
        const tensu_chart_cell *c;
        size_t len;
        if (f->kind != TENSU_FINDING_WRONG)
            continue;
        c = tensu_chart_cell_at(chart, (size_t)f->cell);
        row_expect(&r, key_of(c), honba, &e);
        len = strlen(f->message);
        if (!e.reachable[c->pay] && len + 2 < sizeof f->message)
            snprintf(f->message + len, sizeof f->message - len,
                     "; besides, the hand cannot occur");
    }
    if (!B.failed)
        missing_rows(&B, chart, &r);
    if (!B.failed)
        duplicates(&B, chart);
    if (!B.failed)
        note_findings(&B, chart, &r, honba);
    if (!B.failed)
        order_findings(&B);
    if (!B.failed)
        coverage(B.v, chart, &r);
    if (!B.failed && !table_coverage(B.v, chart, &r))
        B.failed = true;
    free(B.cs);
    if (B.failed) {
        tensu_verdict_free(B.v);
        return error_fill(err, TENSU_ERR_NOMEM, "out of memory");
    }
    *out = B.v;
    return TENSU_OK;
}

void tensu_verdict_free(tensu_verdict *v)
{
    if (v == NULL)
        return;
    free(v->findings);
    free(v->tables);
    free(v);
}
