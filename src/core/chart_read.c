/* Detecting a chart's format, and reading it with its reader. */
#include "chart_read.h"

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

/* ------------------------------------------------------------------ */
/* What the whole chart tells                                          */
/* ------------------------------------------------------------------ */

/* The ron and the tsumo total the default rules pay for a cell's row
 * (false when none). */
static bool standard_pay(const tensu_rules *std, const tensu_chart_cell *c, bool dealer,
                         int64_t *ron, int64_t *total)
{
    tensu_payment p[2];
    if (c->limit == TENSU_LIMIT_NONE &&
        (c->han < 1 || c->han > 13 || (c->fu < 20 && c->han < tensu_limit_han(TENSU_LIMIT_MANGAN))))
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

static bool same_place(const tensu_chart_cell *a, const tensu_chart_cell *b)
{
    return a->han == b->han && a->fu == b->fu && a->limit == b->limit &&
           a->yakuman == b->yakuman && a->line == b->line && a->table == b->table;
}

static tensu_status inferred(reader *R, int line, const char *text, const char *why)
{
    tensu_chart_note nt;
    memset(&nt, 0, sizeof nt);
    nt.inferred = true;
    nt.line = line;
    snprintf(nt.text, sizeof nt.text, "%s", text);
    snprintf(nt.why, sizeof nt.why, "%s", why);
    return tensu_chart_note_add(R->chart, &nt, R->err);
}

/* A non-dealer's two shares where no words gave their order: the dealer
 * pays the larger one, so a table that writes the larger first in most of
 * its cells is read so ("800 [500-300]"), and the report says so. */
static tensu_status settle_order(reader *R, size_t from, size_t to)
{
    int larger = 0, smaller = 0;
    tensu_chart *ch = R->chart;
    for (size_t j = from; j + 1 < to; j++) {
        const tensu_chart_cell *a = tensu_chart_cell_at(ch, j), *b = tensu_chart_cell_at(ch, j + 1);
        if (a->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER ||
            b->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER || !same_place(a, b) ||
            a->empty || b->empty)
            continue;
        larger += a->value > b->value;
        smaller += a->value < b->value;
    }
    if (larger < 2 || larger <= smaller)
        return TENSU_OK;
    for (size_t j = from; j + 1 < to; j++) {
        tensu_chart_cell *a = tensu_chart_cell_edit(ch, j), *b = tensu_chart_cell_edit(ch, j + 1);
        tensu_chart_cell t;
        if (a->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER ||
            b->pay != TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER || !same_place(a, b))
            continue;
        t = *a;
        a->value = b->value, a->empty = b->empty, a->mark = b->mark, a->column = b->column;
        b->value = t.value, b->empty = t.empty, b->mark = t.mark, b->column = t.column;
    }
    {
        char why[160];
        snprintf(why, sizeof why,
                 "a non-dealer's tsumo shares read the dealer's first: the first is the larger "
                 "in %d cells (the dealer pays more), the smaller in %d",
                 larger, smaller);
        return inferred(R, tensu_chart_cell_at(ch, from)->line, "tsumo shares", why);
    }
}

/* The cells "X (shares)" of one table: is X the tsumo total?  Only the
 * cells where the default rules' ron and total differ tell (a ron chart
 * with honba or kiriage: X and the sum of the shares move together, they
 * still differ); among them X is the sum of its cell's shares (for four
 * or three players) in three of four at least.  Three-player sums count
 * only where they are no ron: north-bisection's shares make a total that
 * is the ron, give or take a rounding ("1000 (400/600)" is a ron).
 * Returns 1 (totals), 0 (rons) or -1 (no cell tells). */
static int tell_totals(reader *R, size_t from, size_t to, size_t *eq_out, size_t *m_out)
{
    tensu_chart *ch = R->chart;
    tensu_rules std, three_players;
    size_t m = 0, eq = 0;
    int n4[2], n3[2]; /* [dealer]: the non-dealers who pay a tsumo, four and three players */
    tensu_rules_preset(tensu_default_preset(), &std, NULL);
    three_players = std;
    tensu_rules_set(&three_players, "players", "3", NULL);
    for (int d = 0; d < 2; d++) {
        tensu_payment p;
        n4[d] = tensu_pay(&std, 1, 30, 0, d, true, 0, 0, &p, NULL) == TENSU_OK
                    ? p.non_dealer_payers : 0;
        n3[d] = tensu_pay(&three_players, 1, 30, 0, d, true, 0, 0, &p, NULL) == TENSU_OK
                    ? p.non_dealer_payers : 0;
    }
    for (size_t i = from; i < to; i++) {
        size_t at = R->pairs[i];
        const tensu_chart_cell *x = tensu_chart_cell_at(ch, at), *a = tensu_chart_cell_at(ch, at + 1),
                               *b = tensu_chart_cell_at(ch, at + 2);
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
            if (b == NULL || !same_place(x, b) || b->empty)
                continue;
            s4 = n4[0] * a->value + b->value, s3 = n3[0] * a->value + b->value;
            three = b->value >= 2 * a->value - 100; /* the dealer's share twice the other */
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
static void make_totals(reader *R, size_t from, size_t to)
{
    tensu_chart *ch = R->chart;
    int table = tensu_chart_cell_at(ch, R->pairs[from])->table;
    for (size_t i = from; i < to; i++) {
        tensu_chart_cell *x = tensu_chart_cell_edit(ch, R->pairs[i]);
        if (x->pay == TENSU_CHART_DEALER_RON)
            x->pay = TENSU_CHART_DEALER_TSUMO_TOTAL;
        else if (x->pay == TENSU_CHART_NONDEALER_RON)
            x->pay = TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    }
    for (size_t i = 0; i < tensu_chart_count(ch); i++) {
        tensu_chart_cell *x = tensu_chart_cell_edit(ch, i);
        if (x->table != table || !x->empty)
            continue;
        if (x->pay == TENSU_CHART_DEALER_RON)
            x->pay = TENSU_CHART_DEALER_TSUMO_TOTAL;
        else if (x->pay == TENSU_CHART_NONDEALER_RON)
            x->pay = TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    }
}

tensu_status settle_cells(reader *R)
{
    tensu_chart *ch = R->chart;
    size_t n = tensu_chart_count(ch);
    tensu_status s = TENSU_OK;
    int totals = 0, rons = 0;
    /* table by table: a table's cells follow each other */
    for (size_t a = 0, b; a < n && s == TENSU_OK && !R->order_said; a = b) {
        int t = tensu_chart_cell_at(ch, a)->table;
        for (b = a + 1; b < n && tensu_chart_cell_at(ch, b)->table == t; b++)
            ;
        s = settle_order(R, a, b);
    }
    /* the tables whose cells tell, then those whose cells do not (a table
     * of limits) as the others */
    for (int pass = 0; pass < 2 && s == TENSU_OK; pass++)
        for (size_t a = 0, b; a < R->npairs && s == TENSU_OK; a = b) {
            int t = tensu_chart_cell_at(ch, R->pairs[a])->table, told;
            size_t eq, m;
            char why[160];
            for (b = a + 1; b < R->npairs && tensu_chart_cell_at(ch, R->pairs[b])->table == t;
                 b++)
                ;
            if (pass == 1 && !tensu_chart_pay_dealer(tensu_chart_cell_at(ch, R->pairs[a])->pay) &&
                tensu_chart_cell_at(ch, R->pairs[a])->pay != TENSU_CHART_NONDEALER_RON)
                continue; /* read as totals in the first pass */
            if (pass == 1 && tensu_chart_cell_at(ch, R->pairs[a])->pay ==
                                 TENSU_CHART_DEALER_TSUMO_TOTAL)
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
            s = inferred(R, tensu_chart_cell_at(ch, R->pairs[a])->line, "total (shares)", why);
        }
    return s;
}

void players_words(reader *R, const char *data, size_t len)
{
    static const char *const words[] = {"three-player", "three player", "3-player", "3 player",
                                        "sanma", "3 joueurs", "trois joueurs",
                                        /* a dealer's tsumo: "each of the 2 others" */
                                        "of the 2 others", "des 2 autres",
                                        "\xE4\xB8\x89\xE4\xBA\xBA" /* 三人 */,
                                        "\xE4\xB8\x89\xE9\xBA\xBB" /* 三麻 */,
                                        "\xE3\x82\xB5\xE3\x83\xB3\xE3\x83\x9E" /* サンマ */};
    lines L = {data, len, 0, 0};
    span line;
    while (next_line(&L, &line)) {
        char low[512];
        size_t k = line.n < sizeof low - 1 ? line.n : sizeof low - 1;
        for (size_t i = 0; i < k; i++)
            low[i] = (char)tolower((unsigned char)line.s[i]);
        low[k] = '\0';
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            const char *at = strstr(low, words[w]);
            /* "3 player", not "13 player" */
            if (at != NULL && (at == low || !is_digit(at[-1]))) {
                tensu_chart_set_players(R->chart, 3, L.line, words[w]);
                return;
            }
        }
    }
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
    R.table = 0;
    R.dealer_share_first = false;
    R.order_said = false;
    R.pairs = NULL;
    R.npairs = R.pairs_cap = 0;
    switch (format) {
    case TENSU_CHART_CSV: s = read_csv(&R, data, len); break;
    case TENSU_CHART_GRID: s = read_grid(&R, data, len); break;
    case TENSU_CHART_WIKI: s = read_wiki(&R, data, len); break;
    case TENSU_CHART_LATEX: s = read_latex(&R, data, len); break;
    default: s = tensu_fail(err, TENSU_ERR_RANGE, "unknown chart format %d", (int)format); break;
    }
    if (s == TENSU_OK)
        s = settle_cells(&R);
    if (s == TENSU_OK)
        players_words(&R, data, len);
    free(R.pairs);
    if (s != TENSU_OK) {
        tensu_chart_free(R.chart);
        return s;
    }
    *out = R.chart;
    return TENSU_OK;
}
