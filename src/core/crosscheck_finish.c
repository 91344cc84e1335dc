/* The cross-check's finish: the tallies of the view's rule combination
 * merged, then an example for every cell (found in the sweep or built up
 * from a simpler one), checked by scoring it again and comparing its
 * payment with the table's. */
#include "crosscheck_private.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Finish: an example for every cell, checked by scoring it again       */
/* ------------------------------------------------------------------ */

/* The view's combination: what every slot that holds for it met. */
static void effective(tensu_xcheck *x)
{
    int c = combo_of(x, &x->view);
    memset(&x->eff, 0, sizeof x->eff);
    tally_merge(&x->eff, x->slot[0]);
    for (int k = 0; k < NKEYS; k++)
        tally_merge(&x->eff, x->slot[SLOT_KEY(k, (c >> k) & 1)]);
    tally_merge(&x->eff, x->slot[SLOT_COMBO(c)]);
}

/* Every tile of the hand, melds and the winning tile included. */
static void all_tiles(const tensu_hand *h, int *c)
{
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        c[k] = h->tiles[k];
    if (h->ntiles == 13 - 3 * h->nmelds && h->win >= 0)
        c[h->win]++;
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        if (m->type == TENSU_MELD_CHI) {
            c[m->tile]++, c[m->tile + 1]++, c[m->tile + 2]++;
        } else {
            c[m->tile] += m->type == TENSU_MELD_PON ? 3 : 4;
        }
    }
}

/* Add han to a hand: the win flags first (or dora first), then dora
 * indicators, the largest count that still fits. */
static bool add_han(const tensu_rules *r, tensu_hand *h, int more, bool dora_first)
{
    int c[TENSU_TILE_KINDS];
    all_tiles(h, c);
    for (int pass = 0; pass < 2 && more > 0; pass++) {
        if ((pass == 0) != dora_first) {
            if (more > 0 && !h->haitei && !h->houtei && !h->rinshan) {
                if (h->tsumo)
                    h->haitei = true;
                else
                    h->houtei = true;
                more--;
            }
            if (more > 0 && !tensu_hand_open(h) && !h->riichi) {
                h->riichi = true;
                more--;
            }
            if (more > 0 && h->riichi && !h->ippatsu && r->ippatsu) {
                h->ippatsu = true;
                more--;
            }
            if (more > 0 && h->riichi && !h->double_riichi) {
                h->riichi = false;
                h->double_riichi = true;
                more--;
            }
        } else {
            /* indicators a table can show (as the scorer checks them): one,
             * or five with kan dora; as many ura under riichi; never a
             * fifth copy of a tile in sight */
            int seen[TENSU_TILE_KINDS], most = r->kan_dora ? TENSU_SEEN_INDICATORS : 1;
            memcpy(seen, c, sizeof seen);
            seen[30] += h->nukidora;
            for (int i = 0; i < h->ndora; i++)
                seen[h->dora[i]]++;
            for (int i = 0; i < h->nura; i++)
                seen[h->ura[i]]++;
            while (more > 0) {
                bool ura = h->ndora >= most;
                int best = -1;
                if (ura && !(r->ura_dora && (h->riichi || h->double_riichi) && h->nura < h->ndora))
                    break;
                for (int k = 0; k < TENSU_TILE_KINDS; k++)
                    if (c[k] > 0 && c[k] <= more && seen[tensu_dora_indicator(r, k)] < 4 &&
                        (best < 0 || c[k] > c[best]))
                        best = k;
                if (best < 0)
                    break;
                if (ura)
                    h->ura[h->nura++] = tensu_dora_indicator(r, best);
                else
                    h->dora[h->ndora++] = tensu_dora_indicator(r, best);
                seen[tensu_dora_indicator(r, best)]++;
                more -= c[best];
            }
            /* then red fives among the concealed fives, as the rules have */
            for (int su = 0; su < 3 && more > 0; su++) {
                int reds = h->red[0] + h->red[1] + h->red[2] + (h->win_red ? 1 : 0);
                for (int i = 0; i < h->nmelds; i++)
                    reds += h->melds[i].red;
                /* a five held, not the winning tile (written apart) */
                int fives = h->tiles[su * 9 + 4] -
                            (h->ntiles == 14 - 3 * h->nmelds && h->win == su * 9 + 4);
                if (!h->win_red && reds < r->aka && h->red[su] < fives &&
                    h->red[su] < (su == 1 && r->aka >= 4 ? 2 : 1)) {
                    h->red[su]++;
                    more--;
                }
            }
        }
    }
    return more == 0;
}

static bool lands(const tensu_xcheck *x, const tensu_hand *h, int row, int han, int d, int t,
                  tensu_score_result *res)
{
    if (tensu_score(&x->view, h, res, NULL) != TENSU_OK)
        return false;
    return res->yakuman == 0 && res->han == han && row_of(res->fu) == row &&
           res->payment.dealer == d && h->tsumo == t;
}

/* Try a candidate for a cell; keep it when it lands there and is simpler. */
static void try_cell(tensu_xcheck *x, tensu_xcheck_cell *cell, const tensu_hand *h, int row,
                     bool direct)
{
    tensu_score_result res;
    if (cell->reach == TENSU_REACH_YES && !simpler(h, &cell->example))
        return;
    if (!lands(x, h, row, cell->han, cell->dealer, cell->tsumo, &res))
        return;
    cell->reach = TENSU_REACH_YES;
    cell->direct = direct;
    cell->example = *h;
    cell->result_han = res.han;
    cell->result_fu = res.fu;
    cell->payment = res.payment;
}

/* The same hand without its sweep flag (haitei or houtei), or with riichi
 * in its place. */
static void unflagged(tensu_xcheck *x, tensu_xcheck_cell *cell, const tensu_hand *h, int row)
{
    tensu_hand u = *h;
    u.haitei = u.houtei = false;
    try_cell(x, cell, &u, row, false);
    if (cell->reach != TENSU_REACH_YES && !tensu_hand_open(&u)) {
        u.riichi = true;
        try_cell(x, cell, &u, row, false);
    }
}

/* The payment of a cell's example against the table's cell. */
static void compare_cell(tensu_xcheck *x, const tensu_xcheck_cell *cell, int d, int t)
{
    const tensu_cell *tc = tensu_table_cell(x->vtable, cell->han, cell->fu);
    if (tc != NULL) {
        const tensu_payment *p = &cell->payment, *q = &tc->pay[d][t];
        if (p->ron != q->ron || p->from_dealer != q->from_dealer ||
            p->from_non_dealer != q->from_non_dealer || p->total != q->total) {
            tensu_score_result res;
            if (tensu_score(&x->view, &cell->example, &res, NULL) == TENSU_OK)
                disagree(x, &cell->example, &res, q);
        }
    }
}

/* A closed example of the row (any han, either way of winning, the same
 * seat) with one of its runs called and the win made the cell's way, then
 * han added.  Open hands at high han need it: the examples built up from
 * the cell below run out of dora indicators, while a closed hand of one
 * suit has room for them. */
static void opened(tensu_xcheck *x, tensu_xcheck_cell *cell, int row)
{
    for (int t2 = 0; t2 < 2; t2++)
        for (int h2 = XHAN; h2 >= 1; h2--) {
            const tensu_xcheck_cell *src = &x->cells[row][h2 - 1][cell->dealer][t2];
            if (src->reach != TENSU_REACH_YES || src->example.nmelds > 0)
                continue;
            for (int k = 0; k < 27; k++) {
                tensu_hand u = src->example;
                tensu_score_result res;
                int keep = u.ntiles == 14 ? u.win : -1;
                if (k % 9 > 6 || u.tiles[k] - (keep == k) < 1 ||
                    u.tiles[k + 1] - (keep == k + 1) < 1 || u.tiles[k + 2] - (keep == k + 2) < 1)
                    continue;
                u.tiles[k]--, u.tiles[k + 1]--, u.tiles[k + 2]--;
                u.ntiles -= 3;
                u.melds[u.nmelds++] = (tensu_meld){TENSU_MELD_CHI, k, 0};
                u.tsumo = cell->tsumo;
                u.riichi = u.double_riichi = u.ippatsu = false;
                u.haitei = u.houtei = u.rinshan = u.chankan = false;
                u.tenhou = u.chiihou = u.renhou = false;
                u.nura = 0;
                for (int su = 0; su < 3; su++)
                    if (u.red[su] > u.tiles[su * 9 + 4])
                        u.red[su] = u.tiles[su * 9 + 4];
                if (tensu_score(&x->view, &u, &res, NULL) != TENSU_OK || res.yakuman > 0 ||
                    res.fu != cell->fu || res.han > cell->han)
                    continue;
                for (int order = 0; order < 2; order++) {
                    tensu_hand up = u;
                    if (add_han(&x->view, &up, cell->han - res.han, order == 1))
                        try_cell(x, cell, &up, row, false);
                }
                if (cell->reach == TENSU_REACH_YES)
                    return;
            }
        }
}

tensu_status tensu_xcheck_finish(tensu_xcheck *x, tensu_error *err)
{
    (void)err;
    effective(x);
    x->st.undecided = 0;
    for (int row = 0; row < XROWS; row++)
        for (int d = 0; d < 2; d++)
            for (int t = 0; t < 2; t++) {
                int lb = x->eff.lb[row][d][t];
                for (int han = 1; han <= XHAN; han++) {
                    tensu_xcheck_cell *cell = &x->cells[row][han - 1][d][t];
                    memset(cell, 0, sizeof *cell);
                    cell->han = han;
                    cell->fu = tensu_xcheck_row_fu(row);
                    cell->dealer = d;
                    cell->tsumo = t;
                    if (lb == 0 || han < lb) {
                        cell->reach = TENSU_REACH_NO;
                        continue;
                    }
                    /* the scoring one han up, without its flag */
                    if (han < XHAN && x->eff.has[row][han][d][t])
                        unflagged(x, cell, &x->eff.ex[row][han][d][t], row);
                    if (han == lb)
                        unflagged(x, cell, &x->eff.lbex[row][d][t], row);
                    if (x->eff.has[row][han - 1][d][t])
                        try_cell(x, cell, &x->eff.ex[row][han - 1][d][t], row, true);
                    /* a simpler example one or more han down, with han added */
                    for (int lower = han - 1; lower >= lb && lower >= 1; lower--) {
                        const tensu_xcheck_cell *low = &x->cells[row][lower - 1][d][t];
                        if (low->reach != TENSU_REACH_YES)
                            continue;
                        /* from that cell's example, or from the hand scored
                         * there directly when it differs (it may have more
                         * room for dora: five indicators at most) */
                        for (int order = 0; order < 4; order++) {
                            tensu_hand up = low->example;
                            if (order >= 2) {
                                if (!x->eff.has[row][lower - 1][d][t] || low->direct)
                                    break;
                                up = x->eff.ex[row][lower - 1][d][t];
                            }
                            if (add_han(&x->view, &up, han - lower, order % 2 == 1))
                                try_cell(x, cell, &up, row, false);
                        }
                        if (cell->reach == TENSU_REACH_YES)
                            break;
                    }
                    if (cell->reach != TENSU_REACH_YES)
                        cell->reach = TENSU_REACH_UNDECIDED;
                }
            }
    /* a cell still open: an open hand made from a closed example of the
     * row, with room for dora (five indicators at most), then compared */
    for (int row = 0; row < XROWS; row++)
        for (int han = 1; han <= XHAN; han++)
            for (int d = 0; d < 2; d++)
                for (int t = 0; t < 2; t++) {
                    tensu_xcheck_cell *cell = &x->cells[row][han - 1][d][t];
                    if (cell->reach == TENSU_REACH_UNDECIDED)
                        opened(x, cell, row);
                    if (cell->reach == TENSU_REACH_UNDECIDED)
                        x->st.undecided++;
                    else if (cell->reach == TENSU_REACH_YES)
                        compare_cell(x, cell, d, t);
                }
    x->finished = true;
    return TENSU_OK;
}
