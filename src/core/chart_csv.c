/* CSV charts: a header naming han, fu and payment columns, one row per
 * han and fu (the layout tensu table --format csv writes). */
#include "chart_read.h"

/* ------------------------------------------------------------------ */
/* CSV                                                                 */
/* ------------------------------------------------------------------ */



/* Split one CSV line (quotes allowed) into fields. */
int split_csv(span line, char sep, span *f, int max)
{
    int nf = 0;
    size_t i = 0;
    for (;;) {
        size_t start = i;
        bool quoted = false;
        if (nf == max)
            return -1;
        while (i < line.n && is_space(line.s[i]))
            i++;
        if (i < line.n && line.s[i] == '"') {
            quoted = true;
            start = ++i;
            while (i < line.n && !(line.s[i] == '"' && (i + 1 >= line.n || line.s[i + 1] != '"')))
                i += line.s[i] == '"' ? 2 : 1;
            f[nf] = (span){line.s + start, (i < line.n ? i : line.n) - start, line.col + (int)start};
            if (i < line.n)
                i++;
            while (i < line.n && line.s[i] != sep)
                i++;
        } else {
            i = start;
            while (i < line.n && line.s[i] != sep)
                i++;
            f[nf] = (span){line.s + start, i - start, line.col + (int)start};
        }
        (void)quoted;
        nf++;
        if (i >= line.n)
            return nf;
        i++; /* the separator */
    }
}

/* The role of a header name. */
int csv_role(span name)
{
    char s[64], *t;
    bool nd, d, ron, tsumo;
    normalize(name, s, sizeof s);
    if (strcmp(s, "han") == 0 || strcmp(s, "hanlimit") == 0 || strcmp(s, "hans") == 0)
        return C_HAN;
    if (strcmp(s, "fu") == 0 || strcmp(s, "minipoints") == 0)
        return C_FU;
    nd = strstr(s, "nondealer") != NULL || strstr(s, "notdealer") != NULL ||
         strstr(s, "child") != NULL || starts(s, "ko") || starts(s, "nd");
    d = !nd && (strstr(s, "dealer") != NULL || strstr(s, "oya") != NULL || starts(s, "d"));
    ron = strstr(s, "ron") != NULL;
    tsumo = strstr(s, "tsumo") != NULL || strstr(s, "selfdraw") != NULL;
    if (!(nd || d) || ron == tsumo)
        return C_IGNORE;
    if (ron)
        return nd ? TENSU_CHART_NONDEALER_RON : TENSU_CHART_DEALER_RON;
    if (d)
        return TENSU_CHART_DEALER_TSUMO_EACH;
    /* the payer, after the word tsumo */
    t = strstr(s, "tsumo");
    t = t ? t + 5 : strstr(s, "selfdraw") + 8;
    if (strstr(t, "nondealer") || strstr(t, "child") || strstr(t, "each") || strstr(t, "other"))
        return TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER;
    if (strstr(t, "dealer") || strstr(t, "oya"))
        return TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER;
    return C_ND_TSUMO; /* "300/500" in one field */
}

static bool only_digits(span t, size_t lo, size_t hi)
{
    t = trim(t);
    if (t.n < lo || t.n > hi)
        return false;
    for (size_t i = 0; i < t.n; i++)
        if (!is_digit(t.s[i]))
            return false;
    return true;
}

/* Inside a reader's loop over lines: note the row's problem and go on
 * with the next line. */
#define NOTE_ROW(col, what, found)                                      \
    do {                                                                \
        if (note(R, true, (col), (what), (found)) != TENSU_OK)          \
            return R->err ? R->err->status : TENSU_ERR_NOMEM;           \
        goto next_row;                                                  \
    } while (0)

tensu_status read_csv(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line, f[MAX_FIELDS + 1];
    int role[MAX_FIELDS], ncols = 0, han_col = -1, fu_col = -1, npay = 0;
    char sep = ',';
    bool header = false;

    while (next_line(&L, &line)) {
        span t = trim(line);
        int nf;
        rowkey k;
        R->line = L.line;
        if (t.n == 0 || t.s[0] == '#')
            continue;
        if (!header) {
            size_t counts[3] = {0, 0, 0};
            const char seps[3] = {',', ';', '\t'};
            for (size_t i = 0; i < line.n; i++)
                for (int j = 0; j < 3; j++)
                    counts[j] += line.s[i] == seps[j];
            sep = counts[1] > counts[0] ? ';' : ',';
            if (counts[2] > counts[0] && counts[2] > counts[1])
                sep = '\t';
            ncols = split_csv(line, sep, f, MAX_FIELDS);
            if (ncols < 0)
                return bad(R, 1, "expected at most 32 columns in the header", t);
            for (int i = 0; i < ncols; i++) {
                role[i] = csv_role(f[i]);
                if (role[i] == C_HAN)
                    han_col = i;
                else if (role[i] == C_FU)
                    fu_col = i;
                else if (role[i] != C_IGNORE)
                    npay++;
            }
            if (han_col < 0 || npay == 0)
                return bad(R, 1,
                           "expected a header naming han, fu and payment columns "
                           "(han,fu,nondealer_ron,nondealer_tsumo_from_nondealer,"
                           "nondealer_tsumo_from_dealer,dealer_ron,dealer_tsumo_each)",
                           t);
            header = true;
            continue;
        }
        nf = split_csv(line, sep, f, MAX_FIELDS + 1);
        if (nf < 0)
            nf = MAX_FIELDS + 1;
        /* "7,700" unquoted in a comma-separated file: join the groups */
        while (sep == ',' && nf > ncols && nf <= MAX_FIELDS) {
            int j;
            for (j = 0; j + 1 < nf; j++)
                if (j != han_col && j != fu_col && only_digits(f[j], 1, 3) &&
                    only_digits(f[j + 1], 3, 3))
                    break;
            if (j + 1 >= nf)
                break;
            f[j].n = (size_t)(f[j + 1].s + f[j + 1].n - f[j].s);
            memmove(&f[j + 1], &f[j + 2], (size_t)(nf - j - 2) * sizeof f[0]);
            nf--;
        }
        if (nf > ncols) {
            char what[96];
            snprintf(what, sizeof what, "expected %d fields as in the header, found %d", ncols,
                     nf);
            NOTE_ROW(f[ncols].col, what, f[ncols]);
        }
        memset(&k, 0, sizeof k);
        {
            span h = han_col < nf ? trim(f[han_col]) : t;
            if (han_col >= nf || h.n == 0)
                NOTE_ROW(han_col < nf ? h.col : 1,
                         "expected a han count or a limit name (mangan .. yakuman, "
                         "2x_yakuman) in the han column",
                         h);
            if (parse_int(h, &k.han)) {
                if (k.han < 1 || k.han > 1000)
                    NOTE_ROW(h.col, "expected a han count from 1 to 1000", h);
            } else if (!parse_limit_name(h, &k.limit, &k.yakuman)) {
                NOTE_ROW(h.col,
                         "expected a han count or a limit name (mangan, haneman, baiman, "
                         "sanbaiman, yakuman, 2x_yakuman ...)",
                         h);
            }
        }
        if (fu_col >= 0 && fu_col < nf && k.limit == TENSU_LIMIT_NONE) {
            span u = trim(f[fu_col]);
            if (!is_empty_token(u)) {
                char w[8];
                if (!parse_int_word(u, &k.fu, w, sizeof w) || (w[0] && strcmp(w, "fu") != 0) ||
                    k.fu < 1 || k.fu > 1000)
                    NOTE_ROW(u.col, "expected a fu count (20, 25, 30 ... 110) or nothing", u);
            }
        }
        for (int i = 0; i < nf && i < ncols; i++) {
            amounts a;
            size_t off;
            tensu_status s;
            if (role[i] < 0 && role[i] != C_ND_TSUMO && role[i] != C_D_TSUMO)
                continue;
            off = parse_amounts(f[i], &a);
            if (off && (role[i] == C_ND_TSUMO || role[i] == TENSU_CHART_DEALER_TSUMO_EACH)) {
                /* a tsumo column holding the total and the shares,
                 * "1,100 (300/500)", "1500 (500 all)" */
                grid_cell g;
                if (parse_grid_cell(f[i], &g) == 0 && g.has_ron && g.has_tsumo &&
                    !g.ron.empty) {
                    s = put_total_cell(R, k, role[i] == TENSU_CHART_DEALER_TSUMO_EACH, &g,
                                       trim(f[i]));
                    if (s != TENSU_OK)
                        return s;
                    continue;
                }
            }
            if (off) {
                s = note(R, true, trim(f[i]).col + (int)off - 1,
                         "expected a number of points (7700, 7,700, 7 700) or an empty mark "
                         "(-, ---, null, 0, nothing)",
                         trim(f[i]));
                if (s != TENSU_OK)
                    return s;
                continue;
            }
            if (role[i] == C_ND_TSUMO) {
                s = put_tsumo(R, k, false, &a, trim(f[i]));
            } else {
                if (!a.empty && a.count != 1) {
                    s = note(R, true, trim(f[i]).col, "expected one amount in this column",
                             trim(f[i]));
                    if (s != TENSU_OK)
                        return s;
                    continue;
                }
                if (a.empty)
                    a.col[0] = trim(f[i]).col;
                s = put_one(R, k, (tensu_chart_pay)role[i], &a);
            }
            if (s != TENSU_OK)
                return s;
        }
    next_row:;
    }
    if (!header)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "expected a header line naming han, fu and payment columns, "
                             "found no line");
    return TENSU_OK;
}
