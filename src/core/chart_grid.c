/* Charts as they are printed (text, Markdown, a web page or a PDF turned
 * into lines of cells): columns of han (or fu), rows of fu (or han),
 * headings, limit rows, tsumo on the line under the ron line. */
#include "chart_read.h"

/* A group of one plain amount: "(300)", not "(300/500)" nor "(500 all)". */
static bool plain_group(const char *s, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (s[k] == '/' || s[k] == '-' || isalpha((unsigned char)s[k]) ||
            (unsigned char)s[k] >= 0x80)
            return false;
    return true;
}

/* Is the group after the space at s[n] a second plain one, so that the
 * cell is "(300) (500)" (the two tsumo shares), and not two cells? */
static bool second_group(const char *s, size_t n, size_t len)
{
    size_t a = n + 1, b;
    if (a >= len || (s[a] != '(' && s[a] != '['))
        return false;
    for (b = a + 1; b < len && s[b] != ')' && s[b] != ']'; b++)
        ;
    return b < len && plain_group(s + a + 1, b - a - 1);
}

/* Does the text end with a group of one amount, "(300)", that a second
 * one may follow ("(300) (500)": the two tsumo shares)? */
static bool single_group(const char *s, size_t n)
{
    size_t open = n;
    while (open > 0 && s[open - 1] != '(' && s[open - 1] != '[')
        open--;
    if (open == 0)
        return false;
    /* one plain amount: no separator, no word ("(500 all)" is a dealer's) */
    if (!plain_group(s + open, n - open - 1))
        return false;
    /* and it is the cell's first group */
    for (size_t k = 0; k + 1 < open; k++)
        if (s[k] == '(' || s[k] == '[')
            return false;
    return true;
}

/* Cells of a grid line: split at '|' when the line has one, else at runs
 * of two or more spaces or a tab. */
static int split_grid(span line, span *cells, int max)
{
    int n = 0;
    size_t i = 0;
    bool pipes = memchr(line.s, '|', line.n) != NULL;
    if (pipes) {
        size_t start = 0;
        for (i = 0; i <= line.n; i++) {
            if (i == line.n || line.s[i] == '|') {
                span c = trim((span){line.s + start, i - start, line.col + (int)start});
                bool edge = (start == 0 || i == line.n) && c.n == 0;
                if (!edge) {
                    if (n == max)
                        return -1;
                    cells[n++] = c;
                }
                start = i + 1;
            }
        }
        return n;
    }
    while (i < line.n) {
        size_t start;
        while (i < line.n && is_space(line.s[i]))
            i++;
        if (i >= line.n)
            break;
        start = i;
        while (i < line.n) {
            if (line.s[i] == '\t')
                break;
            if (line.s[i] == ' ' && i + 1 < line.n && is_space(line.s[i + 1]))
                break;
            /* a cell ends with its tsumo group: "1000 (300/500) 2000 (500/1000)",
             * unless a second group follows: "1000 (300) (500)" */
            if (line.s[i] == ' ' && i > start &&
                (line.s[i - 1] == ')' || line.s[i - 1] == ']' ||
                 (line.s[i - 1] == '*' && i - 1 > start && line.s[i - 2] == ')')) &&
                !(second_group(line.s, i, line.n) && single_group(line.s + start, i - start)))
                break;
            i++;
        }
        if (n == max)
            return -1;
        cells[n++] = trim((span){line.s + start, i - start, line.col + (int)start});
    }
    return n;
}

/* Page furniture: a running head ("162 CHAPTER 6. SCORING"), a caption
 * ("Table 6.11: Scores"), a page number ("- 163 -"): words and at most two
 * numbers, or a lone number; never an amount in a cell of its own.  Also
 * a line of prose (words twice as many as numbers) and an item of a list
 * ("• Uma: +30,000 / +10,000 ..."), with no amount in a cell of its own. */
static bool furniture(span line, const span *cells, int n)
{
    int numbers = 0, words = 0;
    span t = trim(line);
    bool item = t.n >= 3 && memcmp(t.s, "\xE2\x80\xA2", 3) == 0; /* • */
    for (size_t i = 0; i < t.n; i++) {
        size_t used;
        int64_t v;
        /* an amount read as the cells read it ("40,000" is one number) */
        if (is_digit(t.s[i]) && (i == 0 || !is_digit(t.s[i - 1])) &&
            parse_amount((span){t.s + i, t.n - i, 0}, &used, &v)) {
            numbers++;
            i += used - 1;
            continue;
        }
        if (isalpha((unsigned char)t.s[i]) && (i == 0 || !isalpha((unsigned char)t.s[i - 1])))
            words++;
    }
    if (n == 1 && words == 0 && numbers == 1) {
        int v;
        char w[8];
        span c = cells[0];
        while (c.n > 0 && (c.s[0] == '-' || is_space(c.s[0])))
            c.s++, c.n--;
        while (c.n > 0 && (c.s[c.n - 1] == '-' || is_space(c.s[c.n - 1])))
            c.n--;
        return parse_int_word(c, &v, w, sizeof w); /* a page number */
    }
    /* (many numbers: a line of prose, "Riichi  1 han, closed only  Ittsu
     * 2 han (open: 1)", or an item of a list) */
    if (words == 0 || (numbers > 2 && words < 2 * numbers && !item))
        return false;
    for (int i = 0; i < n; i++) {
        grid_cell g;
        int v;
        if ((i == 0 || i == n - 1) && parse_int(cells[i], &v))
            continue; /* the page number before or after the title */
        if (has_digit(cells[i]) && parse_grid_cell(cells[i], &g) == 0)
            return false; /* an amount in a cell of its own */
    }
    return true;
}

/* A line of tsumo amounts only, printed under the line of ron amounts
 * ("       (300/500)  (500/1000) ..."): its cells, else 0. */
static int tsumo_line(span line, span *cells, int max)
{
    int n = split_grid(line, cells, max), got = 0;
    for (int i = 0; i < n; i++) {
        span c = trim(cells[i]);
        if (c.n == 0 || is_empty_token(c))
            continue;
        if (c.s[0] != '(' && c.s[0] != '[') {
            /* the total before the shares, "1 100 (300/500)" */
            grid_cell g;
            if (parse_grid_cell(c, &g) != 0 || !g.has_ron || !g.has_tsumo || g.ron.empty)
                return 0;
        }
        got++;
    }
    return got > 0 ? n : 0;
}

/* A cell given in two places: the ron amount on the value line, the tsumo
 * amounts on the line under it ([a/b] read as (a/b)). */
static tensu_status put_split_cell(reader *R, rowkey k, bool dealer, span ron, span tsumo,
                                   int ron_line, int tsumo_line_no)
{
    grid_cell g, t;
    size_t off;
    char buf[96];
    span ts = trim(tsumo);
    tensu_status st = TENSU_OK;
    R->line = ron_line;
    off = parse_grid_cell(ron, &g);
    if (off || g.has_tsumo)
        /* noted; its tsumo on the next line is still read */
        st = note(R, true, ron.col + (int)(off ? off - 1 : 0),
                  "expected the ron amount of the cell (its tsumo is on the next line)", ron);
    else if (g.has_ron)
        st = put_one(R, k, dealer ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON, &g.ron);
    if (st != TENSU_OK || ts.n == 0)
        return st;
    R->line = tsumo_line_no;
    if (ts.n < sizeof buf && ts.s[0] == '[') {
        memcpy(buf, ts.s, ts.n);
        buf[0] = '(';
        if (buf[ts.n - 1] == ']')
            buf[ts.n - 1] = ')';
        ts = (span){buf, ts.n, ts.col};
    }
    if (is_empty_token(ts))
        return put_tsumo(R, k, dealer, &(amounts){.empty = true, .col = {ts.col, 0}}, ts);
    off = parse_grid_cell(ts, &t);
    if (off || !t.has_tsumo || (t.has_ron && (t.ron.empty || t.tsumo.empty)))
        return note(R, true, ts.col + (int)(off ? off - 1 : 0),
                    dealer ? "expected the dealer's tsumo amount, as (500), (500 all) or "
                             "1500 (500 all)"
                           : "expected the tsumo amounts, as (300/500) or 1100 (300/500)",
                    tsumo);
    if (t.has_ron) /* the total, then the shares: "1 100 (300/500)" */
        return put_total_cell(R, k, dealer, &t, ts);
    return put_tsumo(R, k, dealer, &t.tsumo, ts);
}

/* Whose table starts under this header, when no heading says: a dealer's
 * tsumo is one amount ("(500)", "(500 all)"), a non-dealer's two
 * ("(300/500)").  Counts the tsumo groups of the table's rows, up to the
 * next header, heading or limit row: S_D, S_ND, or S_NONE when they do not
 * tell (no tsumo, or as many of each). */
static int side_from_values(lines L, const int *heads, int nheads, bool by_fu, int *ron_side)
{
    span line, cells[MAX_COLS];
    int one = 0, two = 0, as_nd = 0, as_d = 0;
    bool df;
    tensu_rules std;
    /* ron amounts: a dealer's is 1.5 times a non-dealer's; which side's the
     * standard values do they match (kiriage or not, both count the same)? */
    tensu_rules_preset(tensu_default_preset(), &std, NULL);
    while (next_line(&L, &line)) {
        int n, hh[MAX_COLS];
        bool bf;
        tensu_limit lim;
        int yk;
        if (trim(line).n == 0)
            continue;
        n = split_grid(line, cells, MAX_COLS);
        if (n <= 0 || column_heads(cells, n, hh, &bf) > 0 || heading(line, &df) >= 0 ||
            limit_cell(cells[0], &lim, &yk))
            break;
        for (int i = 0; i < n; i++) {
            grid_cell g;
            int label;
            char w[16];
            if (parse_grid_cell(cells[i], &g) != 0)
                continue;
            if (g.has_tsumo && !g.tsumo.empty) {
                one += g.tsumo.count == 1;
                two += g.tsumo.count == 2;
            }
            if (i > 0 && i - 1 < nheads && g.has_ron && !g.ron.empty && g.ron.count == 1 &&
                parse_int_word(cells[0], &label, w, sizeof w)) {
                tensu_payment nd, d;
                int han = by_fu ? label : heads[i - 1], fu = by_fu ? heads[i - 1] : label;
                if (han >= 1 && han <= 13 && fu >= 20 && fu <= 130 &&
                    tensu_pay(&std, han, fu, 0, false, false, 0, 0, &nd, NULL) == TENSU_OK &&
                    tensu_pay(&std, han, fu, 0, true, false, 0, 0, &d, NULL) == TENSU_OK) {
                    as_nd += g.ron.v[0] == nd.ron;
                    as_d += g.ron.v[0] == d.ron;
                }
            }
        }
    }
    *ron_side = as_d > as_nd ? S_D : as_nd > as_d ? S_ND : S_NONE;
    return one > two ? S_D : two > one ? S_ND : S_NONE;
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
            continue; /* "dealer" ending "nondealer" */
        if (strncmp(q, b, lb) == 0 && strncmp(q + lb, "non", 3) != 0 &&
            strncmp(q + lb, "dealer", 6) != 0 && strncmp(q + lb, "donneur", 7) != 0)
            return true;
    }
    return false;
}

/* Tables side by side (a card: the non-dealer's table on the left, the
 * dealer's on the right, each under its heading): their lines hold the
 * cells of both.  A header whose label head comes again after some column
 * heads, "fu  1 han .. 4 han  fu  1 han .. 4 han", is two tables; its cell
 * where the second one starts, else 0. */
static int header_split(const span *cells, int n)
{
    char a[16], b[16];
    int hh[MAX_COLS];
    bool bf;
    if (n < 4)
        return 0;
    normalize(cells[0], a, sizeof a);
    for (int k = 2; k + 1 < n; k++) {
        normalize(cells[k], b, sizeof b);
        if (strcmp(a, b) == 0 && column_heads(cells, k, hh, &bf) > 0 &&
            column_heads(cells + k, n - k, hh, &bf) > 0)
            return k;
    }
    return 0;
}

/* The cell of a line of the band where the right table's part starts, else
 * 0 (the line is no line of the band): the header's label head again; a
 * row's label again ("20 fu ... 20 fu ...": the same word after it, else
 * at the header's cell k); a line of headings, at the first heading that
 * names the other side ("Non-dealer wins  ron in bold; tsumo: non-dealer
 * / dealer  Dealer wins ..."). */
static int band_split(const span *cells, int n, int k, bool headings)
{
    int label, v, h0, hs;
    char w[16], w2[16];
    bool df = false;
    if (n < 2)
        return 0;
    if ((hs = header_split(cells, n)) > 0)
        return hs;
    if (parse_int_word(cells[0], &label, w, sizeof w)) {
        for (int i = 2; i < n; i++)
            if ((w[0] || i == k) && parse_int_word(cells[i], &v, w2, sizeof w2) &&
                strcmp(w, w2) == 0)
                return i;
        return 0;
    }
    if (!headings || (h0 = heading(cells[0], &df)) < 0 || h0 == S_LIMITS)
        return 0;
    for (int i = 1; i < n; i++) {
        int h = heading(cells[i], &df);
        if (h >= 0 && h != h0 && h != S_LIMITS)
            return i;
    }
    return 0;
}

/* In the han column of a limit table, an amount (100 or more) is the
 * row's first payment: the han cell was left empty (a yakuman row has no
 * count of han).  "5", "6-7", "13+", a dash: a han range. */
static bool limit_amount(span t)
{
    grid_cell g;
    return parse_grid_cell(t, &g) == 0 && g.has_ron && !g.ron.empty && g.ron.v[0] >= 100;
}

tensu_status read_grid(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line, cells[MAX_COLS];
    int section = S_NONE, heads[MAX_COLS], nheads = 0, implicit = 0;
    bool by_fu = false, dealer_first = false, any = false, limits_han = false;
    char preset[32] = "";
    /* tables side by side: the lines of their band [start, end) read twice,
     * the left table's part of each (side 0), then the right one's */
    struct {
        bool on;
        int side, k, end;
        lines start;
    } band = {false, 0, 0, 0, {0}};
    lines before_prev = L; /* before the last non-blank line */
    span prev = {"", 0, 1};

#define GRID_NOTE(is_error, col, what, found)                           \
    do {                                                                \
        if (note(R, (is_error), (col), (what), (found)) != TENSU_OK)    \
            return R->err ? R->err->status : TENSU_ERR_NOMEM;           \
    } while (0)

    for (;;) {
        int n, h, label;
        char w[16];
        lines here = L;
        if (!next_line(&L, &line)) {
            if (band.on && band.side == 0) {
                band.side = 1; /* the band ends the input: the right table */
                L = band.start;
                continue;
            }
            break;
        }
        if (band.on && L.line >= band.end) {
            if (band.side == 0) {
                band.side = 1; /* the right table: its lines again */
                L = band.start;
                continue;
            }
            band.on = false;
        }
        if (band.on) {
            int at, nc = split_grid(line, cells, MAX_COLS);
            at = nc > 0 ? band_split(cells, nc, band.k, true) : 0;
            if (at > 0) {
                size_t off = (size_t)(cells[at].s - line.s);
                if (band.side == 0)
                    line.n = off;
                else
                    line = (span){line.s + off, line.n - off, line.col + (int)off};
            }
        }
        R->line = L.line;
        if (trim(line).n == 0)
            continue;
        if (!band.on) {
            int nc = split_grid(line, cells, MAX_COLS), k = nc > 0 ? header_split(cells, nc) : 0;
            if (k > 0) {
                /* the band: from the headings above the header, if they
                 * name each table's side, to the last row of both */
                lines scan = L;
                span next, pc[MAX_COLS];
                int np = split_grid(prev, pc, MAX_COLS);
                band.on = true;
                band.side = 0;
                band.k = k;
                band.start = np > 0 && band_split(pc, np, k, true) > 0 ? before_prev : here;
                band.end = L.line + 1;
                while (next_line(&scan, &next)) {
                    int nn = split_grid(next, pc, MAX_COLS);
                    if (nn <= 0 || band_split(pc, nn, k, false) == 0)
                        break;
                    band.end = scan.line + 1;
                }
                L = band.start;
                continue;
            }
        }
        before_prev = here;
        prev = line;
        stated_rules(R, line, preset, sizeof preset);
        if (largest_number(line) < 100 && heading(line, &dealer_first) != S_LIMITS) {
            /* (not the limits' heading: "Limits  non-dealer  dealer" names
             * its columns, not the order of the shares) */
            /* the order of a non-dealer's two tsumo shares, in the chart's
             * own words: "(non-dealer/dealer)", "[dealer-nondealer]" */
            char words[256];
            normalize(line, words, sizeof words);
            if (pair_of_words(words, "dealer", "nondealer") ||
                pair_of_words(words, "donneur", "nondonneur"))
                R->dealer_share_first = R->order_said = true;
            else if (pair_of_words(words, "nondealer", "dealer") ||
                     pair_of_words(words, "nondonneur", "donneur")) {
                R->dealer_share_first = false;
                R->order_said = true;
            }
        }
        n = split_grid(line, cells, MAX_COLS);
        if (n <= 0) {
            if (n < 0)
                GRID_NOTE(false, 0, "more than 40 cells in a line", line);
            continue;
        }
        {
            int hh[MAX_COLS];
            bool bf = false;
            int nh = column_heads(cells, n, hh, &bf);
            if (nh > 0) {
                memcpy(heads, hh, sizeof hh);
                nheads = nh;
                R->table++; /* a header starts a table */
                by_fu = bf;
                if (implicit >= 0 && (section == S_NONE || section == S_ND || section == S_D)) {
                    /* no heading: the values tell, else the order (the
                     * non-dealer's first), and the report says which */
                    int by_ron = S_NONE, by_values = side_from_values(L, hh, nh, bf, &by_ron);
                    tensu_chart_note nt;
                    bool from_ron = by_values == S_NONE && by_ron != S_NONE;
                    if (from_ron)
                        by_values = by_ron;
                    section = by_values != S_NONE ? by_values : implicit == 0 ? S_ND : S_D;
                    implicit++;
                    memset(&nt, 0, sizeof nt);
                    nt.inferred = true;
                    nt.line = L.line;
                    excerpt(trim(line), nt.text, sizeof nt.text);
                    snprintf(nt.why, sizeof nt.why,
                             "no heading says whose table this is: read as the %s's (%s)",
                             section == S_D ? "dealer" : "non-dealer",
                             from_ron && by_values == S_D
                                 ? "its ron amounts are the dealer's, 1.5 times a non-dealer's"
                             : from_ron          ? "its ron amounts are a non-dealer's"
                             : by_values == S_D  ? "its tsumo cells hold one amount each"
                             : by_values == S_ND ? "its tsumo cells hold two amounts each"
                             : implicit == 1     ? "the first table; no tsumo cells tell"
                                                 : "the second table; no tsumo cells tell");
                    if (tensu_chart_note_add(R->chart, &nt, R->err) != TENSU_OK)
                        return R->err ? R->err->status : TENSU_ERR_NOMEM;
                }
                continue;
            }
        }
        h = heading(line, &dealer_first);
        if (h >= 0) {
            section = h;
            if (h == S_LIMITS) {
                R->table++; /* the limits' table */
                /* a column of han ranges: "Limit  han  Non-dealer ..." */
                limits_han = false;
                for (int i = 1; i < n; i++) {
                    char s[8];
                    normalize(cells[i], s, sizeof s);
                    limits_han |= strcmp(s, "han") == 0;
                }
            }
            implicit = -1;
            continue;
        }
        /* a limit row: a limit name, an optional han range, the values */
        {
            tensu_limit lim;
            int yk;
            if (limit_cell(cells[0], &lim, &yk)) {
                rowkey k = {0, 0, lim, yk};
                int got = 0, words = 0;
                bool ron_only = false, last_dealer = false;
                for (int i = 1; i < n; i++) {
                    grid_cell g;
                    amounts a;
                    char s[64];
                    size_t off;
                    bool dealer;
                    words = 0;
                    for (size_t c = 0; c < cells[i].n; c++)
                        words += isalpha((unsigned char)cells[i].s[c]) &&
                                 (c == 0 || !isalpha((unsigned char)cells[i].s[c - 1]));
                    if (got > 0 && (words >= 3 || (cells[i].n >= 3 &&
                                                   memcmp(cells[i].s, "\xE2\x80\xA2", 3) == 0)))
                        break; /* words beside the table (a box of rules), not a cell */
                    normalize(cells[i], s, sizeof s);
                    if (strstr(s, "han") || strstr(s, "yakuman") ||
                        (i == 1 && limits_han && !limit_amount(cells[i])))
                        continue; /* the han range, in a column of its own or not */
                    if (ron_only && parse_amounts(cells[i], &a) == 0 && !a.empty &&
                        ((!last_dealer && a.count == 2) ||
                         (last_dealer && a.count == 1 && words > 0))) {
                        /* the tsumo of the ron just read, in a cell of its
                         * own: "8 000  2 000 / 4 000", "12 000  4 000 all" */
                        if (put_tsumo(R, k, last_dealer, &a, cells[i]) != TENSU_OK)
                            return R->err ? R->err->status : TENSU_ERR_INVALID;
                        ron_only = false;
                        continue;
                    }
                    ron_only = false;
                    off = parse_grid_cell(cells[i], &g);
                    if (off && got >= (section == S_ND || section == S_D ? 1 : 2))
                        break; /* the row is whole: the rest is beside the table ("12,000)"
                                  of a sentence wrapped in a box of rules) */
                    if (off) {
                        GRID_NOTE(true, cells[i].col + (int)off - 1,
                                  "expected a limit cell such as 8000 (2000/4000) or 12000 "
                                  "(4000)",
                                  cells[i]);
                        continue;
                    }
                    if (section == S_ND || section == S_D)
                        dealer = section == S_D;
                    else
                        dealer = (got == 0) == dealer_first;
                    if (got >= (section == S_ND || section == S_D ? 1 : 2)) {
                        GRID_NOTE(true, cells[i].col, "expected no more cells in this limit row",
                                  cells[i]);
                        continue;
                    }
                    if (put_grid_cell(R, k, dealer, &g, cells[i]) != TENSU_OK)
                        return R->err ? R->err->status : TENSU_ERR_INVALID;
                    ron_only = g.has_ron && !g.has_tsumo && !g.ron.empty;
                    last_dealer = dealer;
                    got++;
                    any = true;
                }
                continue;
            }
        }
        /* a value row: the fu (or han) label, then one cell per column */
        if (nheads == 0 || !parse_int_word(cells[0], &label, w, sizeof w) ||
            (w[0] && strcmp(w, "fu") != 0 && strcmp(w, "han") != 0) || section == S_LIMITS) {
            if (has_digit(line) && !furniture(line, cells, n))
                GRID_NOTE(false, 0,
                          nheads == 0 ? "no line of han (or fu) columns above it"
                          : section == S_LIMITS ? "a row of values among the limits"
                                                : "expected a fu (or han) label, then the cells",
                          line);
            continue;
        }
        if (furniture(line, cells, n))
            continue;
        if (section == S_NONE) {
            section = S_ND;
            implicit = 1;
        }
        if (label < 1 || label > 1000) {
            GRID_NOTE(true, cells[0].col, "expected a fu (or han) label from 1 to 1000",
                      cells[0]);
            continue;
        }
        if (n - 1 > nheads) {
            char what[96];
            snprintf(what, sizeof what, "expected at most %d cells after the label, as the "
                     "header has columns", nheads);
            GRID_NOTE(true, cells[nheads + 1].col, what, cells[nheads + 1]);
            n = nheads + 1;
        }
        {
            /* the tsumo amounts may be on the next line */
            lines peek = L;
            span next, tc[MAX_COLS];
            int nt = 0, next_no = 0;
            while (next_line(&peek, &next))
                if (trim(next).n > 0) {
                    nt = tsumo_line(next, tc, MAX_COLS);
                    next_no = peek.line;
                    break;
                }
            if (nt > 0 && (nt == n || nt == n - 1)) {
                int shift = nt == n ? 1 : 0;
                int ron_line = L.line;
                for (int i = 1; i < n; i++) {
                    rowkey k = {by_fu ? label : heads[i - 1], by_fu ? heads[i - 1] : label,
                                TENSU_LIMIT_NONE, 0};
                    span t = i - 1 + shift < nt ? tc[i - 1 + shift] : (span){"", 0, 0};
                    if (put_split_cell(R, k, section == S_D, cells[i], t, ron_line, next_no) !=
                        TENSU_OK)
                        return R->err ? R->err->status : TENSU_ERR_NOMEM;
                    any = true;
                }
                L = peek; /* the tsumo line is read */
                R->line = L.line;
                continue;
            }
        }
        for (int i = 1; i < n; i++) {
            grid_cell g;
            rowkey k = {0, 0, TENSU_LIMIT_NONE, 0};
            size_t off = parse_grid_cell(cells[i], &g);
            if (off) {
                GRID_NOTE(true, cells[i].col + (int)off - 1,
                          section == S_D ? "expected a dealer cell such as 1500 (500), "
                                           "- (700) or -"
                                         : "expected a non-dealer cell such as 1000 (300/500), "
                                           "- (400/700) or -",
                          cells[i]);
                continue;
            }
            k.han = by_fu ? label : heads[i - 1];
            k.fu = by_fu ? heads[i - 1] : label;
            if (k.han < 1 || k.han > 1000 || k.fu < 1 || k.fu > 1000) {
                GRID_NOTE(true, cells[0].col, "expected han and fu from 1 to 1000", cells[0]);
                break;
            }
            if (put_grid_cell(R, k, section == S_D, &g, cells[i]) != TENSU_OK)
                return R->err ? R->err->status : TENSU_ERR_INVALID;
            any = true;
        }
    }
#undef GRID_NOTE
    if (!any)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "no chart cell found: expected a line of han columns "
                             "('fu  1 han  2 han ...') and rows of fu under it");
    return TENSU_OK;
}
