/* LaTeX tabular charts: a ron line, then its "(400-700)" tsumo line. */
#include "chart_read.h"

/* ------------------------------------------------------------------ */
/* LaTeX tabular                                                       */
/* ------------------------------------------------------------------ */

/* Drop LaTeX commands, braces and '$' from a cell (in place in buf); the
 * kept bytes keep their order. */
static span clean_tex(span t, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < t.n && k + 1 < size; i++) {
        char c = t.s[i];
        if (c == '\\') {
            if (i + 1 < t.n && !isalpha((unsigned char)t.s[i + 1])) {
                i++; /* \, \; \! and the like */
                continue;
            }
            while (i + 1 < t.n && isalpha((unsigned char)t.s[i + 1]))
                i++;
            continue;
        }
        if (c == '{' || c == '}' || c == '$')
            continue;
        buf[k++] = c == '~' ? ' ' : c;
    }
    buf[k] = '\0';
    return (span){buf, k, t.col};
}

tensu_status read_latex(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line;
    int section = S_NONE, tables = 0, heads[MAX_COLS], nheads = 0, fu = 0;
    bool named = false, any = false;

    while (next_line(&L, &line)) {
        span t = trim(line), cells[MAX_COLS];
        const char *end;
        int n = 0;
        size_t start = 0;
        R->line = L.line;
        if (t.n == 0)
            continue;
        if (memchr(t.s, '&', t.n) == NULL) {
            char s[128];
            normalize(t, s, sizeof s);
            if (strstr(s, "nondealer") || strstr(s, "child")) {
                section = S_ND, named = true;
            } else if (strstr(s, "dealer")) {
                section = S_D, named = true;
            } else if (strstr(s, "begintabular")) {
                if (!named)
                    section = tables == 0 ? S_ND : S_D;
                tables++;
                named = false;
                fu = 0;
            }
            continue;
        }
        /* the row ends at \\ */
        end = NULL;
        for (size_t i = 0; i + 1 < t.n; i++)
            if (t.s[i] == '\\' && t.s[i + 1] == '\\') {
                end = t.s + i;
                break;
            }
        if (end != NULL)
            t.n = (size_t)(end - t.s);
        for (size_t i = 0; i <= t.n; i++)
            if (i == t.n || t.s[i] == '&') {
                if (n == MAX_COLS)
                    return bad(R, t.col, "expected at most 40 cells in a row", t);
                cells[n++] = (span){t.s + start, i - start, t.col + (int)start};
                start = i + 1;
            }
        {
            char buf[MAX_COLS][96];
            span c[MAX_COLS];
            int hh[MAX_COLS], label;
            bool bf = false, tsumo_line;
            char w[16];
            for (int i = 0; i < n; i++)
                c[i] = trim(clean_tex(cells[i], buf[i], sizeof buf[i]));
            if (column_heads(c, n, hh, &bf) > 0 && !bf) {
                nheads = column_heads(c, n, heads, &bf);
                continue;
            }
            tsumo_line = c[0].n == 0;
            if (tsumo_line) {
                if (fu == 0)
                    continue;
                label = fu;
            } else if (!parse_int_word(c[0], &label, w, sizeof w) ||
                       (w[0] && strcmp(w, "fu") != 0)) {
                continue; /* a header or text row */
            } else if (label < 1 || label > 1000) {
                return bad(R, c[0].col, "expected a fu from 1 to 1000", c[0]);
            }
            if (section == S_NONE) {
                section = S_ND;
                tables = 1;
            }
            fu = label;
            for (int i = 1; i < n; i++) {
                grid_cell g;
                size_t off;
                rowkey k = {0, label, TENSU_LIMIT_NONE, 0};
                k.han = nheads > 0 ? (i - 1 < nheads ? heads[i - 1] : 0) : i;
                if (k.han <= 0)
                    return bad(R, c[i].col, "expected no more cells than the han columns",
                               c[i]);
                off = parse_grid_cell(c[i], &g);
                if (off)
                    return bad(R, c[i].col,
                               tsumo_line ? "expected a tsumo cell such as (400-700), (700) "
                                            "or ---"
                                          : "expected an amount such as 7700 or ---",
                               c[i]);
                if (g.all_empty) {
                    /* "---" is the ron on the first line, the tsumo on the second */
                    amounts e = g.ron;
                    tensu_status s =
                        tsumo_line ? put_tsumo(R, k, section == S_D, &e, c[i])
                                   : put_one(R, k,
                                             section == S_D ? TENSU_CHART_DEALER_RON
                                                            : TENSU_CHART_NONDEALER_RON,
                                             &e);
                    if (s != TENSU_OK)
                        return s;
                } else if (tsumo_line && g.has_ron && g.has_tsumo) {
                    /* the total, then the shares: "1,100 (300-500)" */
                    if (put_total_cell(R, k, section == S_D, &g, c[i]) != TENSU_OK)
                        return R->err ? R->err->status : TENSU_ERR_INVALID;
                } else if (put_grid_cell(R, k, section == S_D, &g, c[i]) != TENSU_OK) {
                    return R->err ? R->err->status : TENSU_ERR_INVALID;
                }
                any = true;
            }
        }
    }
    if (!any)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "no chart cell found: expected tabular rows such as "
                             "'30 & 1000 & 2000 \\\\' and '& (300-500) & (500-1000) \\\\'");
    return TENSU_OK;
}
