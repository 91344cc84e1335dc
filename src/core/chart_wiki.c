/* MediaWiki template charts: "|2and30tsumo=500/1000" parameters. */
#include "chart_read.h"

/* ------------------------------------------------------------------ */
/* MediaWiki template                                                  */
/* ------------------------------------------------------------------ */

tensu_status read_wiki(reader *R, const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line;
    int section = S_NONE;
    bool any = false;

    while (next_line(&L, &line)) {
        span t = trim(line), key, val;
        const char *eq;
        char s[64];
        rowkey k = {0, 0, TENSU_LIMIT_NONE, 0};
        bool tsumo;
        amounts a;
        size_t off;
        tensu_status st;
        R->line = L.line;
        if (t.n == 0)
            continue;
        eq = t.s[0] == '|' ? memchr(t.s, '=', t.n) : NULL;
        if (eq == NULL) {
            char n[128];
            normalize(t, n, sizeof n);
            if (strstr(n, "nondealer") || strstr(n, "child"))
                section = S_ND;
            else if (strstr(n, "dealer"))
                section = S_D;
            continue;
        }
        key = trim((span){t.s + 1, (size_t)(eq - t.s - 1), t.col + 1});
        val = trim((span){eq + 1, t.n - (size_t)(eq - t.s) - 1, t.col + (int)(eq - t.s) + 1});
        if (val.n >= 2 && val.s[val.n - 2] == '}' && val.s[val.n - 1] == '}')
            val = trim((span){val.s, val.n - 2, val.col});
        normalize(key, s, sizeof s);
        if (ends(s, "tsumo")) {
            tsumo = true;
            s[strlen(s) - 5] = '\0';
        } else if (ends(s, "ron")) {
            tsumo = false;
            s[strlen(s) - 3] = '\0';
        } else {
            continue; /* another parameter of the template */
        }
        {
            char *and = strstr(s, "and");
            if (and != NULL) {
                *and = '\0';
                if (!parse_int((span){s, strlen(s), 0}, &k.han) ||
                    !parse_int((span){and + 3, strlen(and + 3), 0}, &k.fu) || k.han < 1 ||
                    k.han > 1000 || k.fu < 1 || k.fu > 1000)
                    return bad(R, key.col, "expected a parameter such as 2and30ron or "
                               "2and30tsumo", key);
            } else if (!parse_limit_name((span){s, strlen(s), 0}, &k.limit, &k.yakuman)) {
                continue;
            }
        }
        off = parse_amounts(val, &a);
        if (off && tsumo) {
            /* the total and the shares, "1100 (300/500)" */
            grid_cell g;
            if (parse_grid_cell(val, &g) == 0 && g.has_ron && g.has_tsumo && !g.ron.empty) {
                if (section == S_NONE && g.tsumo.count == 2)
                    section = S_ND;
                if (section == S_NONE)
                    return bad(R, key.col,
                               "expected a '# Dealer block' or '# Nondealer block' line before "
                               "the cells",
                               key);
                st = put_total_cell(R, k, section == S_D, &g, val);
                if (st != TENSU_OK)
                    return st;
                any = true;
                continue;
            }
        }
        if (off)
            return bad(R, val.col + (int)off - 1,
                       "expected an amount (7700), a tsumo pair (2000/3900) or an empty mark",
                       val);
        if (section == S_NONE) {
            if (tsumo && a.count == 2)
                section = S_ND;
            else
                return bad(R, key.col,
                           "expected a '# Dealer block' or '# Nondealer block' line before the "
                           "cells",
                           key);
        }
        if (tsumo)
            st = put_tsumo(R, k, section == S_D, &a, val);
        else if (!a.empty && a.count != 1)
            return bad(R, val.col, "expected one amount for a ron", val);
        else
            st = put_one(R, k, section == S_D ? TENSU_CHART_DEALER_RON : TENSU_CHART_NONDEALER_RON,
                         &a);
        if (st != TENSU_OK)
            return st;
        any = true;
    }
    if (!any)
        return tensu_fail_at(R->err, TENSU_ERR_INVALID, L.line > 0 ? L.line : 1, 1,
                             "no chart cell found: expected template lines such as "
                             "|2and30ron=2000");
    return TENSU_OK;
}
