/* What the whole chart tells (table.h), before its cells are read: the
 * order of a non-dealer's shares its words give, the players they name,
 * the rules it states; and after: the order of the shares where no words
 * gave it, and whether the first amounts of "X (shares)" cells are rons or
 * tsumo totals. */
#include "table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ */
/* Before the cells: what the chart's words say                        */
/* ------------------------------------------------------------------ */

/* Lowercase letters and digits. */
static void normalize(const char *t, char *buf, size_t size)
{
    size_t k = 0;
    for (; *t && k + 1 < size; t++)
        if (isalnum((unsigned char)*t))
            buf[k++] = (char)tolower((unsigned char)*t);
    buf[k] = '\0';
}

/* Does the normalized text hold the word a right before the word b, a
 * being a word of its own ("dealer", not the end of "nondealer"), and b
 * not the start of a longer one ("dealer" in "dealernondealer")? */
static bool pair_of_words(const char *s, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    for (const char *p = strstr(s, a); p != NULL; p = strstr(p + 1, a)) {
        const char *q = p + la;
        if (p - s >= 3 && strncmp(p - 3, "non", 3) == 0)
            continue;
        if (strncmp(q, b, lb) == 0 && strncmp(q + lb, "non", 3) != 0 &&
            strncmp(q + lb, "dealer", 6) != 0 && strncmp(q + lb, "donneur", 7) != 0)
            return true;
    }
    return false;
}

/* The order of a non-dealer's two shares a line of words gives: the two
 * sides named one after the other with only words of a share between them
 * ("(non-dealer/dealer)", "[the dealer's share-each non-dealer's share]",
 * "part de chaque non-donneur/part du donneur", "子の支払い/親の支払い").
 * 1: the non-dealer's first; 2: the dealer's first; 0: no such pair. */
static int share_order(const char *text)
{
    static const char *const filler[] = {
        "the", "s", "share", "shares", "each", "of", "payment", "pays", "paid", "by", "from",
        "part", "de", "du", "chaque", "la", "le", "paiement", "joueur",
        "\xE3\x81\xAE", /* の */ "\xE6\x94\xAF", "\xE6\x89\x95", "\xE3\x81\x84", /* 支払い */
    };
    int first = 0, gap = 0;
    const char *t = text;
    while (*t) {
        char w[32];
        size_t k = 0;
        int side = 0;
        unsigned char c = (unsigned char)*t;
        if (c < 0x80 && !isalnum(c)) {
            t++;
            continue;
        }
        if (c >= 0x80) {
            size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
            for (size_t i = 0; i < len && t[i] && k + 1 < sizeof w; i++)
                w[k++] = t[i];
            t += len;
        } else {
            while (*t && (unsigned char)*t < 0x80 && isalnum((unsigned char)*t)) {
                if (k + 1 < sizeof w)
                    w[k++] = (char)tolower((unsigned char)*t);
                t++;
            }
        }
        w[k] = '\0';
        if (strcmp(w, "non") == 0) {
            /* "non-dealer": the next word is the side's */
            const char *q = t;
            while (*q == '-' || *q == ' ')
                q++;
            if (strncasecmp(q, "dealer", 6) == 0 || strncasecmp(q, "donneur", 7) == 0) {
                side = 1;
                t = q + (tolower((unsigned char)*q) == 'd' && tolower((unsigned char)q[1]) == 'e' ? 6 : 7);
            }
        } else if (strcmp(w, "nondealer") == 0 || strcmp(w, "nondonneur") == 0 ||
                   strcmp(w, "\xE5\xAD\x90") == 0 /* 子 */) {
            side = 1;
        } else if (strcmp(w, "dealer") == 0 || strcmp(w, "donneur") == 0 ||
                   strcmp(w, "\xE8\xA6\xAA") == 0 /* 親 */) {
            side = 2;
        }
        if (side != 0) {
            if (first != 0 && first != side && gap <= 4)
                return first;
            first = side;
            gap = 0;
            continue;
        }
        if (first != 0) {
            bool fill = false;
            for (size_t i = 0; i < sizeof filler / sizeof filler[0] && !fill; i++)
                fill = strcmp(w, filler[i]) == 0;
            if (!fill)
                first = 0;
            else
                gap++;
        }
    }
    return 0;
}

/* "Point table, rules NAME (k=v k=v ...)" or "# Point table: NAME" and a
 * line of k=v: the rules the chart states.  preset keeps the last name. */
static void stated_rules(reading *R, const char *line, char *preset, size_t psize)
{
    char buf[512];
    tensu_rules r;
    int set = 0;
    char *p;
    const char *mark;
    snprintf(buf, sizeof buf, "%s", line);
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

void read_stated_things(reading *R)
{
    page_words *p = R->page;
    char preset[32] = "";
    bool players = false;
    if (R->words->has_rules)
        tensu_chart_set_rules(R->chart, &R->words->rules);
    for (int l = 0; l < p->nl; l++) {
        char text[512], words[256];
        const char *pw;
        int order;
        const rline *ln = &p->l[l];
        read_words_text(p, ln, 0, ln->n, text, sizeof text);
        if (!R->words->has_rules)
            stated_rules(R, text, preset, sizeof preset);
        if (!players && (pw = read_players_word(text)) != NULL) {
            tensu_chart_set_players(R->chart, 3, p->w[ln->at[0]].w->line, pw);
            players = true;
        }
        /* the order of a non-dealer's two tsumo shares, in the chart's own
         * words: "(non-dealer/dealer)", "[dealer-nondealer]" (not a line of
         * amounts, not the limits' heading that names its columns) */
        if (read_has_amount(text) || read_limit_head(text))
            continue;
        normalize(text, words, sizeof words);
        order = share_order(text);
        if (order == 2 || pair_of_words(words, "dealer", "nondealer") ||
            pair_of_words(words, "donneur", "nondonneur")) {
            R->dealer_share_first = R->order_said = true;
        } else if (order == 1 || pair_of_words(words, "nondealer", "dealer") ||
                   pair_of_words(words, "nondonneur", "donneur")) {
            R->dealer_share_first = false;
            R->order_said = true;
        }
    }
}

/* ------------------------------------------------------------------ */
/* After the cells                                                     */
/* ------------------------------------------------------------------ */

static tensu_chart_cell *edit(reading *R, size_t i)
{
    /* the chart's cells, changed in place by the last pass */
    return (tensu_chart_cell *)tensu_chart_cell_at(R->chart, i);
}

static bool same_place(const tensu_chart_cell *a, const tensu_chart_cell *b)
{
    return a->han == b->han && a->fu == b->fu && a->limit == b->limit &&
           a->yakuman == b->yakuman && a->line == b->line && a->table == b->table &&
           a->place.row == b->place.row && a->place.col == b->place.col;
}

static tensu_status inferred(reading *R, const tensu_chart_cell *at, const char *text,
                             const char *why)
{
    tensu_chart_note nt;
    memset(&nt, 0, sizeof nt);
    nt.inferred = true;
    nt.line = at->line;
    nt.table = at->table;
    nt.place = at->place;
    snprintf(nt.text, sizeof nt.text, "%s", text);
    snprintf(nt.why, sizeof nt.why, "%s", why);
    return tensu_chart_note_add(R->chart, &nt, R->err);
}

/* A non-dealer's two shares where no words gave their order: the dealer
 * pays the larger one, so a table that writes the larger first in most of
 * its cells is read so ("800 [500-300]"), and the report says so. */
static tensu_status settle_order(reading *R, size_t from, size_t to)
{
    int larger = 0, smaller = 0;
    for (size_t j = from; j + 1 < to; j++) {
        const tensu_chart_cell *a = tensu_chart_cell_at(R->chart, j),
                               *b = tensu_chart_cell_at(R->chart, j + 1);
        if (a->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER ||
            b->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER || !same_place(a, b) || a->empty ||
            b->empty)
            continue;
        larger += a->value > b->value;
        smaller += a->value < b->value;
    }
    if (larger < 2 || larger <= smaller)
        return TENSU_OK;
    /* the pays swapped, not the amounts: the chart's cells stay in the
     * order they are printed (a box read again gives them so) */
    for (size_t j = from; j + 1 < to; j++) {
        tensu_chart_cell *a = edit(R, j), *b = edit(R, j + 1);
        if (a->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER ||
            b->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER || !same_place(a, b))
            continue;
        a->pay = TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER;
        b->pay = TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER;
        j++;
    }
    {
        char why[160];
        snprintf(why, sizeof why,
                 "a non-dealer's tsumo shares read the dealer's first: the first is the larger "
                 "in %d cells (the dealer pays more), the smaller in %d",
                 larger, smaller);
        return inferred(R, tensu_chart_cell_at(R->chart, from), "tsumo shares", why);
    }
}

/* The ron and the tsumo total the default rules pay for a cell's row
 * (false when none). */
static bool standard_pay(const tensu_rules *std, const tensu_chart_cell *c, bool dealer,
                         int64_t *ron, int64_t *total)
{
    tensu_payment p[2];
    if (c->limit == TENSU_LIMIT_NONE &&
        (c->han < 1 || c->han > TENSU_TABLE_MAX_HAN ||
         (c->fu < 20 && c->han < tensu_limit_han(TENSU_LIMIT_MANGAN))))
        return false;
    for (int t = 0; t < 2; t++)
        if (tensu_chart_row_pay(std, c->han, c->fu, c->limit, c->yakuman, dealer, t, 0, &p[t],
                                NULL) != TENSU_OK ||
            p[t].ron < 0 || p[t].total < 0)
            return false;
    *ron = p[0].ron;
    *total = p[1].total;
    return true;
}

/* The cells "X (shares)" of one table: is X the tsumo total?  Only the
 * cells where the default rules' ron and total differ tell; among them X
 * is the sum of its cell's shares (for four or three players) in three of
 * four at least.  Three-player sums count only where they are no ron:
 * north-bisection's shares make a total that is the ron, give or take a
 * rounding ("1000 (400/600)" is a ron).  Returns 1 (totals), 0 (rons) or -1
 * (no cell tells). */
static int tell_totals(reading *R, size_t from, size_t to, size_t *eq_out, size_t *m_out)
{
    tensu_rules std, three_players;
    size_t m = 0, eq = 0;
    int n4[2], n3[2]; /* [dealer]: the non-dealers who pay a tsumo */
    tensu_rules_preset(tensu_default_preset(), &std, NULL);
    three_players = std;
    tensu_rules_set(&three_players, "players", "3", NULL);
    for (int d = 0; d < 2; d++) {
        tensu_payment p;
        n4[d] = tensu_pay(&std, 1, 30, 0, d, true, 0, 0, &p, NULL) == TENSU_OK ? p.non_dealer_payers
                                                                              : 0;
        n3[d] = tensu_pay(&three_players, 1, 30, 0, d, true, 0, 0, &p, NULL) == TENSU_OK
                    ? p.non_dealer_payers
                    : 0;
    }
    for (size_t i = from; i < to; i++) {
        size_t at = R->pairs[i];
        const tensu_chart_cell *x = tensu_chart_cell_at(R->chart, at),
                               *a = tensu_chart_cell_at(R->chart, at + 1),
                               *b = tensu_chart_cell_at(R->chart, at + 2);
        bool dealer = x && x->pay == TENSU_CHART_DEALER_RON, three;
        int64_t s4, s3, ron, total;
        if (x == NULL || a == NULL || !same_place(x, a) || x->empty || a->empty)
            continue;
        if (!standard_pay(&std, x, dealer, &ron, &total) || ron == total)
            continue; /* a cell that does not tell */
        if (dealer) {
            s4 = n4[1] * a->value, s3 = n3[1] * a->value;
            three = x->value != ron;
        } else {
            /* the two shares by their pays (printed in either order) */
            const tensu_chart_cell *nd = a, *dd = b;
            if (b == NULL || !same_place(x, b) || b->empty)
                continue;
            if (a->pay == TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER)
                nd = b, dd = a;
            s4 = n4[0] * nd->value + dd->value, s3 = n3[0] * nd->value + dd->value;
            three = dd->value >= 2 * nd->value - 100; /* the dealer's share twice the other */
        }
        m++;
        eq += x->value == s4 || (three && x->value == s3);
    }
    *eq_out = eq;
    *m_out = m;
    return m == 0 ? -1 : eq * 4 >= m * 3 ? 1 : 0;
}

/* Read the first amounts of a table's "X (shares)" cells as totals, and
 * its empty marks as the totals' ("-" in a tsumo table). */
static void make_totals(reading *R, size_t from, size_t to)
{
    int tnum = tensu_chart_cell_at(R->chart, R->pairs[from])->table;
    for (size_t i = from; i < to; i++) {
        tensu_chart_cell *x = edit(R, R->pairs[i]);
        if (x->pay == TENSU_CHART_DEALER_RON)
            x->pay = TENSU_CHART_DEALER_TSUMO_TOTAL;
        else if (x->pay == TENSU_CHART_NONDEALER_RON)
            x->pay = TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    }
    for (size_t i = 0; i < tensu_chart_count(R->chart); i++) {
        tensu_chart_cell *x = edit(R, i);
        if (x->table != tnum || !x->empty)
            continue;
        if (x->pay == TENSU_CHART_DEALER_RON)
            x->pay = TENSU_CHART_DEALER_TSUMO_TOTAL;
        else if (x->pay == TENSU_CHART_NONDEALER_RON)
            x->pay = TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    }
}

tensu_status read_settle_cells(reading *R)
{
    size_t n = tensu_chart_count(R->chart);
    tensu_status s = TENSU_OK;
    int totals = 0, rons = 0;
    /* table by table: a table's cells follow each other */
    for (size_t a = 0, b; a < n && s == TENSU_OK && !R->order_said; a = b) {
        int t = tensu_chart_cell_at(R->chart, a)->table;
        for (b = a + 1; b < n && tensu_chart_cell_at(R->chart, b)->table == t; b++)
            ;
        s = settle_order(R, a, b);
    }
    /* tables read as totals by their heading ("Non-dealer tsumo") */
    for (size_t i = 0, last = (size_t)-1; i < n; i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(R->chart, i);
        if ((c->pay == TENSU_CHART_NONDEALER_TSUMO_TOTAL ||
             c->pay == TENSU_CHART_DEALER_TSUMO_TOTAL) &&
            (size_t)c->table != last) {
            totals++;
            last = (size_t)c->table;
        }
    }
    /* the tables whose cells tell, then those whose cells do not (a table
     * of limits) as the others */
    for (int pass = 0; pass < 2 && s == TENSU_OK; pass++)
        for (size_t a = 0, b; a < R->npairs && s == TENSU_OK; a = b) {
            const tensu_chart_cell *first = tensu_chart_cell_at(R->chart, R->pairs[a]);
            int t = first->table, told;
            size_t eq, m;
            char why[160];
            for (b = a + 1; b < R->npairs && tensu_chart_cell_at(R->chart, R->pairs[b])->table == t;
                 b++)
                ;
            if (pass == 1 && !tensu_chart_pay_dealer(first->pay) &&
                first->pay != TENSU_CHART_NONDEALER_RON)
                continue; /* read as totals in the first pass */
            if (pass == 1 && first->pay == TENSU_CHART_DEALER_TSUMO_TOTAL)
                continue;
            told = tell_totals(R, a, b, &eq, &m);
            if (pass == 0) {
                totals += told == 1;
                rons += told == 0;
            }
            if (pass == 0 && told == 1)
                snprintf(why, sizeof why,
                         "the first amount of each cell read as the tsumo total, not a ron: it "
                         "is the sum of the cell's shares in %zu of the %zu cells where a ron "
                         "differs",
                         eq, m);
            else if (pass == 1 && told == -1 && totals > 0 && rons == 0)
                snprintf(why, sizeof why,
                         "the first amount of each cell read as the tsumo total, as in the "
                         "chart's other tables (a ron and a total agree in every cell here)");
            else
                continue;
            make_totals(R, a, b);
            s = inferred(R, tensu_chart_cell_at(R->chart, R->pairs[a]), "total (shares)", why);
        }
    return s;
}
