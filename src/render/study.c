/* The study sheet's own blocks: the fu of sets, a fu count worked through,
 * payments worked through by the engine, and the checked tips. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}


double block_fu_sets(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    static const char *const rows[4] = {"fu.sets.pon.open", "fu.sets.pon.closed",
                                        "fu.sets.kan.open", "fu.sets.kan.closed"};
    static const double rel[3] = {2.1, 0.9, 1.6};
    char *cells_mem[5][3], **cells[5];
    grid_spec g = {3, rel, "lcc", num(b, "size", 8), true, true};
    double h;
    cells_mem[0][0] = cat_expand(c, "fu.sets.head.kind", NULL);
    cells_mem[0][1] = cat_expand(c, "fu.sets.head.simple", NULL);
    cells_mem[0][2] = cat_expand(c, "fu.sets.head.terminal", NULL);
    for (int r = 0; r < 4; r++) {
        char buf[16];
        bool kan = r >= 2, closed = r % 2 == 1;
        cells_mem[r + 1][0] = cat_expand(c, rows[r], NULL);
        snprintf(buf, sizeof buf, "%d", tensu_set_fu(kan, closed, false));
        cells_mem[r + 1][1] = text_dup(buf);
        snprintf(buf, sizeof buf, "%d", tensu_set_fu(kan, closed, true));
        cells_mem[r + 1][2] = text_dup(buf);
    }
    for (int r = 0; r < 5; r++)
        cells[r] = cells_mem[r];
    h = draw_grid(c, &g, cells, 5, x, y, width);
    for (int r = 0; r < 5; r++)
        for (int k = 0; k < 3; k++)
            free(cells_mem[r][k]);
    return h + num(b, "after", 4) * c->scale;
}

static void who_how(sheet_ctx *c, json_t *v, bool dealer, bool tsumo)
{
    char key[32];
    var_set(v, "who", "%s", cat_str(c, dealer ? "word.dealer" : "word.nondealer"));
    var_set(v, "how", "%s", cat_str(c, tsumo ? "word.tsumo" : "word.ron"));
    /* the two as one phrase, in the language's order ("ron d'un non-donneur") */
    snprintf(key, sizeof key, "word.case.%s.%s", dealer ? "d" : "nd", tsumo ? "tsumo" : "ron");
    var_set(v, "case", "%s", cat_str(c, key));
}

/* One line per part, then the sum, the rounding and the engine's payment. */
double block_fu_example(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *parts = json_object_get(b, "parts"), *part;
    const char *title = json_string_value(json_object_get(b, "title"));
    int han = (int)num(b, "han", 1), sum = 0, fu;
    bool dealer = json_is_true(json_object_get(b, "dealer"));
    bool tsumo = json_is_true(json_object_get(b, "tsumo"));
    double s = num(b, "size", 8.5) * c->scale, lh = s * 1.3, h = 0, ind = 8 * c->scale;
    size_t i;
    tensu_payment p;
    json_t *v;
    char buf[64], *t;

    if (title) {
        t = cat_expand(c, title, NULL);
        h += flow_text(c, x, y, width, s / c->scale, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
    }
    if (json_object_get(b, "hand")) {
        /* the hand drawn, and proven: the scorer must count the same fu
         * and han as the parts printed, or the sheet is not made */
        tensu_hand hand;
        tensu_score_result res;
        tensu_error err;
        int want = 0;
        double th = num(b, "tile", 15) * c->scale;
        size_t k;
        json_t *pt;
        if (!hand_from_json(c, b, &hand))
            return h;
        hand.tsumo = tsumo;
        hand.seat = dealer ? TENSU_EAST : TENSU_SOUTH;
        hand.riichi = json_is_true(json_object_get(b, "riichi"));
        json_array_foreach(parts, k, pt)
            want += (int)num(pt, "fu", 0);
        if (tensu_score(c->rules, &hand, &res, &err) != TENSU_OK) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s: fu-example: the hand %s does not score: %s",
                     c->tmpl.path, json_string_value(json_object_get(b, "hand")), err.message);
            return h;
        }
        if (res.fu_raw != want || res.han != han) {
            ctx_fail(c, TENSU_ERR_INVALID,
                     "%s: fu-example: the scorer counts %d fu and %d han for %s, the sheet "
                     "prints %d fu and %d han",
                     c->tmpl.path, res.fu_raw, res.han,
                     json_string_value(json_object_get(b, "hand")), want, han);
            return h;
        }
        h += 2 * c->scale;
        draw_hand(c, &hand, x + ind, y + h, th);
        h += hand_height(&hand, th) + 4 * c->scale;
    }
    v = json_object(); /* after the refusals above, which return */
    json_array_foreach(parts, i, part) {
        const char *key = json_string_value(json_object_get(part, "text"));
        int f = (int)num(part, "fu", 0);
        sum += f;
        t = cat_expand(c, key ? key : "part", NULL);
        put_text(c, x + ind, y + h + s * 0.93, width * 0.75 - ind, 'l', TENSU_FONT_REGULAR, s,
                 0, t);
        snprintf(buf, sizeof buf, "%s%d", i ? "+" : "", f);
        put_text(c, x + width * 0.75, y + h + s * 0.93, width * 0.2, 'r', TENSU_FONT_REGULAR, s,
                 0, buf);
        free(t);
        h += lh;
    }
    page_line(c->page, x + width * 0.75, y + h + 1, x + width * 0.95, y + h + 1,
              0.5 * c->scale, 0);
    h += 2 * c->scale;
    fu = (sum + 9) / 10 * 10;
    if (tensu_pay(c->rules, han, fu, 0, dealer, tsumo, 0, 0, &p, NULL) != TENSU_OK) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: fu-example: %d han %d fu cannot be paid",
                 c->tmpl.path, han, fu);
        json_decref(v);
        return h;
    }
    var_set(v, "sum", "%d", sum);
    var_set(v, "fu", "%d", fu);
    var_set(v, "han", "%d", han);
    who_how(c, v, dealer, tsumo);
    var_amount(c, v, "pay", tsumo ? p.total : p.ron);
    t = cat_expand(c, "fu.example.total", v);
    h += flow_text(c, x + ind, y + h, width - ind, s / c->scale, TENSU_FONT_REGULAR, 0, t, 0);
    free(t);
    json_decref(v);
    return h + num(b, "after", 4) * c->scale;
}

/* A payer's multiple of the base, from the engine's own numbers ("2",
 * "1.5" with north-bisection): raw is the base times it, rounded up. */
static void var_mult(sheet_ctx *c, json_t *v, const char *name, int64_t raw, int64_t base)
{
    var_halves(c, v, name, base > 0 ? (2 * raw + base / 2) / base : 0);
}

/* A share worked out: "{raw} → *{paid}*" when rounding changed it, else
 * "*{paid}*" alone (no "6,000 → 6,000"), into the placeholder name. */
static void var_paid(sheet_ctx *c, json_t *v, const char *name, int64_t raw, int64_t paid)
{
    json_t *x = json_object();
    char *t;
    var_amount(c, x, "raw", raw);
    var_amount(c, x, "paid", paid);
    t = cat_expand(c, raw == paid ? "ex.paid" : "ex.paid.rounded", x);
    var_set(v, name, "%s", t);
    free(t);
    json_decref(x);
}

/* A payment worked through: the title line (when title is true), the
 * base with its limit and where the limit comes from (the han count from
 * 5 han, the 2 000 cap, or kiriage below it), and the ron or the tsumo
 * shares with their multiples, rounded; every number from the engine's
 * payment p. */
double draw_working(sheet_ctx *c, const tensu_payment *p, int han, int fu, bool dealer,
                    bool tsumo, bool title, double x, double y, double width, double size)
{
    double h = 0, ind = 8 * c->scale;
    json_t *v = json_object();
    char sup[32], *t;
    const char *base_key = "ex.base";
    var_set(v, "han", "%d", han);
    var_set(v, "fu", "%d", fu);
    var_set(v, "exp", "%s", fmt_superscript(tensu_base_exponent(han), sup, sizeof sup));
    who_how(c, v, dealer, tsumo);
    var_amount(c, v, "raw_base", p->value.raw_base);
    var_amount(c, v, "base", p->value.base);
    var_amount(c, v, "cap", tensu_limit_base(TENSU_LIMIT_MANGAN));
    var_set(v, "mult", "%d", tensu_ron_multiplier(dealer));
    var_paid(c, v, "ron_paid", p->ron_raw, p->ron);
    var_paid(c, v, "nd_paid", p->from_non_dealer_raw, p->from_non_dealer);
    var_paid(c, v, "d_paid", p->from_dealer_raw, p->from_dealer);
    var_amount(c, v, "total", p->total);
    var_set(v, "payers", "%d", p->non_dealer_payers);
    var_mult(c, v, "ndmult", p->from_non_dealer_raw, p->value.base);
    var_mult(c, v, "dmult", p->from_dealer_raw, p->value.base);
    if (p->value.limit != TENSU_LIMIT_NONE) {
        char key[48];
        /* the limit's name as a word in a sentence ("mangan"), not a heading */
        snprintf(key, sizeof key, "limit.word.%s", tensu_limit_name(p->value.limit));
        var_set(v, "limit", "%s", cat_str(c, key));
        /* 5 han and more reach a limit by their count, whatever the fu;
         * below, the base went over the cap, or kiriage raised it */
        base_key = p->value.kiriage ? "ex.base.kiriage"
                   : han >= tensu_limit_han(TENSU_LIMIT_MANGAN) ? "ex.base.limit.han"
                                    : "ex.base.limit";
    }
    if (title) {
        t = cat_expand(c, "ex.title", v);
        h += flow_text(c, x, y + h, width, size, TENSU_FONT_BOLD, 0, t, 0);
        free(t);
    } else {
        ind = 0;
    }
    if (p->value.yakuman == 0) {
        t = cat_expand(c, base_key, v);
        h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
    }
    t = cat_expand(c,
                   !tsumo                         ? "ex.ron"
                   : dealer                       ? "ex.tsumo.d"
                   : p->non_dealer_payers == 1    ? "ex.tsumo.nd.1"
                                                  : "ex.tsumo.nd",
                   v);
    h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
    free(t);
    json_decref(v);
    return h;
}

/* What the counters on the table add to a worked payment: the honba (on
 * the ron, or on each tsumo share) and the riichi sticks the winner takes;
 * every amount a difference of the engine's own totals. */
static double draw_counters(sheet_ctx *c, const tensu_payment *p, double x, double y,
                            double width, double size)
{
    double h = 0;
    json_t *v = json_object();
    char *t;
    var_set(v, "honba", "%d", p->honba);
    var_set(v, "sticks", "%d", p->sticks);
    var_amount(c, v, "honba_pts", p->total_honba - p->total);
    var_amount(c, v, "honba_each", p->honba_each);
    var_amount(c, v, "ron_honba", p->ron_honba);
    var_amount(c, v, "total_honba", p->total_honba);
    var_amount(c, v, "sticks_pts", p->total_with_sticks - p->total_honba);
    var_amount(c, v, "total_sticks", p->total_with_sticks);
    if (p->honba > 0 && p->total_honba > p->total) {
        t = cat_expand(c, p->tsumo ? "ex.honba.tsumo" : "ex.honba.ron", v);
        h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
    }
    if (p->sticks > 0 && p->total_with_sticks > p->total_honba) {
        t = cat_expand(c, p->sticks == 1 ? "ex.sticks.1" : "ex.sticks", v);
        h += flow_text(c, x, y + h, width, size, TENSU_FONT_REGULAR, 0, t, 0);
        free(t);
    }
    json_decref(v);
    return h;
}

/* Worked payments: each item {"han", "fu"} or {"yakuman": N}, dealer,
 * tsumo, and optionally "honba" and "sticks" on the table and a "when".
 * The title says what is paid; a yakuman under aotenjou is worked as the
 * han and fu the engine counts it. */
double block_examples(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *items = json_object_get(b, "items"), *e;
    double size = num(b, "size", 8.5), h = 0, ind = 8 * c->scale;
    size_t i;
    json_array_foreach(items, i, e) {
        int han = (int)num(e, "han", 0), fu = (int)num(e, "fu", 30);
        int yakuman = (int)num(e, "yakuman", 0), honba = (int)num(e, "honba", 0);
        int sticks = (int)num(e, "sticks", 0);
        bool dealer = json_is_true(json_object_get(e, "dealer"));
        bool tsumo = json_is_true(json_object_get(e, "tsumo"));
        const char *title_key;
        tensu_payment p;
        json_t *v;
        char *t;
        if (!when_ok(c, e)) {
            if (c->status != TENSU_OK)
                return h;
            continue;
        }
        if (tensu_pay(c->rules, han, fu, yakuman, dealer, tsumo, honba, sticks, &p, NULL) !=
                TENSU_OK ||
            p.big) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: example %d han %d fu %d yakuman cannot be "
                     "paid", c->tmpl.path, json_file_line(&c->tmpl, "examples"), han, fu,
                     yakuman);
            return h;
        }
        /* the engine's count: an aotenjou yakuman is so many han at so many fu */
        han = p.value.han;
        fu = p.value.fu;
        title_key = p.value.yakuman > 0 ? "ex.title.yakuman"
                    : yakuman > 0       ? "ex.title.yakuman.aotenjou"
                    : sticks > 0 && honba > 0 ? "ex.title.counters"
                    : sticks > 0        ? "ex.title.sticks"
                    : honba > 0         ? "ex.title.honba"
                                        : "ex.title";
        v = json_object();
        if (sticks > 0) {
            /* the sticks in words, one or more (the quiz's words) */
            json_t *n = json_object();
            var_set(n, "n", "%d", sticks);
            t = cat_expand(c, sticks == 1 ? "quiz.counters.sticks.1" : "quiz.counters.sticks.n", n);
            var_set(v, "sticks_words", "%s", t);
            free(t);
            json_decref(n);
        }
        var_set(v, "han", "%d", han);
        var_set(v, "fu", "%d", fu);
        var_set(v, "honba", "%d", honba);
        var_set(v, "sticks", "%d", sticks);
        var_amount(c, v, "base", p.value.base);
        who_how(c, v, dealer, tsumo);
        t = cat_expand(c, title_key, v);
        h += flow_text(c, x, y + h, width, size, TENSU_FONT_BOLD, 0, t, 0);
        free(t);
        if (p.value.yakuman > 0) {
            t = cat_expand(c, "ex.base.yakuman", v);
            h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, t, 0);
            free(t);
        }
        json_decref(v);
        h += draw_working(c, &p, han, fu, dealer, tsumo, false, x + ind, y + h, width - ind,
                          size);
        h += draw_counters(c, &p, x + ind, y + h, width - ind, size);
        h += 3 * c->scale;
    }
    return h + num(b, "after", 2) * c->scale;
}

/* "4 han 40 fu, 3 han 70 fu" (the first few). */
static void exc_list(sheet_ctx *c, const tip_result *t, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < t->nexc && len < size; i++) {
        json_t *v = json_object();
        char *s;
        var_set(v, "han", "%d", t->exc[i].han);
        var_set(v, "fu", "%d", t->exc[i].fu);
        s = cat_expand(c, "fmt.cell", v);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? cat_str(c, "fmt.list.sep") : "",
                                s);
        free(s);
        json_decref(v);
    }
}

/* A tip is printed as a rule in words, and only when the program finds it
 * true over the whole table: always (✓), or except in cells that share a
 * reason the sheet can say ("except when the tsumo is a mangan"), or, when
 * it holds in at least TIP_MOST of the cells, except in at most TIP_FEW_EXC
 * cells it names.  Any other tip is left out: under those rules it is not
 * a tip.  An item without "check" is a
 * fact read off the table (its placeholders come from the engine). */
#define TIP_MOST 0.75
#define TIP_FEW_EXC 3

double block_tips(sheet_ctx *c, json_t *b, double x, double y, double width)
{
    json_t *items = json_object_get(b, "items"), *it;
    double size = num(b, "size", 10), h = 0, ind = size * 1.2 * c->scale;
    size_t i;
    json_array_foreach(items, i, it) {
        const char *check = json_string_value(json_object_get(it, "check"));
        const char *text = json_string_value(json_object_get(it, "text"));
        tip_result t;
        json_t *v;
        char list[512], key[128], *s, *full = NULL;
        const char *reason = NULL;
        if (!when_ok(c, it)) {
            if (c->status != TENSU_OK)
                return h;
            continue;
        }
        memset(&t, 0, sizeof t);
        if (text == NULL || (check != NULL && !tip_check(c->rules, check, &t))) {
            ctx_fail(c, TENSU_ERR_INVALID,
                     "%s:%d: a tip needs \"text\" and, when checked, a known \"check\" "
                     "(fu-double, dealer-ratio, tsumo-dealer-share, dealer-tsumo, ron-vs-tsumo, "
                     "four-han-mangan, five-han-no-fu)",
                     c->tmpl.path, json_file_line(&c->tmpl, check ? check : "tips"));
            return h;
        }
        if (check != NULL) {
            if (t.checked == 0)
                continue;
            if (t.holds < t.checked) {
                snprintf(key, sizeof key, "%s.except.limit", text);
                if (t.exc_limit == t.checked - t.holds && cat_has(c, key))
                    reason = key; /* true once the reason is said */
                else if ((double)t.holds >= TIP_MOST * t.checked && t.nexc <= TIP_FEW_EXC &&
                         t.checked - t.holds == t.nexc)
                    reason = "tip.except.cells";
                else
                    continue; /* not a tip under these rules */
            }
        }
        v = json_object();
        exc_list(c, &t, list, sizeof list);
        if (list[0])
            var_set(v, "exceptions", "%s", list);
        /* "TEXT.except.limit" is the whole tip with its exception */
        s = cat_expand(c, reason && reason == key ? key : text, v);
        if (reason == key) {
            full = s;
            s = NULL;
        } else if (reason) {
            char *r = cat_expand(c, reason, v);
            size_t n = strlen(s) + strlen(r) + 2;
            full = malloc(n);
            if (full)
                snprintf(full, n, "%s %s", s, r);
            free(r);
        } else {
            full = s;
            s = NULL;
        }
        if (full && t.nnone > 0) {
            /* rows where the tip has nothing to compare with (a tsumo at
             * 20 fu has no ron of one han less): said, or no tip */
            char nk[140], rows[256], *r = NULL;
            size_t len = 0;
            rows[0] = '\0';
            for (int k = 0; k < t.nnone && len < sizeof rows; k++) {
                json_t *f = json_object();
                char *fs;
                var_set(f, "fu", "%d", t.none_fu[k]);
                fs = cat_expand(c, "fmt.fu", f);
                len += (size_t)snprintf(rows + len, sizeof rows - len, "%s%s",
                                        k ? cat_str(c, "fmt.list.sep") : "", fs);
                free(fs);
                json_decref(f);
            }
            snprintf(nk, sizeof nk, "%s.none", text);
            if (cat_has(c, nk)) {
                var_set(v, "none", "%s", rows);
                r = cat_expand(c, nk, v);
            }
            if (r) {
                size_t n = strlen(full) + strlen(r) + 2;
                char *both = malloc(n);
                if (both)
                    snprintf(both, n, "%s %s", full, r);
                free(full);
                full = both;
                reason = "none"; /* the mark: true but for what is said */
            } else {
                free(full);
                full = NULL;
            }
            free(r);
        }
        if (full) {
            put_text(c, x, y + h + size * c->scale * 0.93, ind, 'l', TENSU_FONT_BOLD,
                     size * c->scale, 0, reason ? "\u2248" : "\u2713");
            h += flow_text(c, x + ind, y + h, width - ind, size, TENSU_FONT_REGULAR, 0, full, 0);
            h += 2.5 * c->scale;
        }
        free(full);
        free(s);
        json_decref(v);
    }
    return h + num(b, "after", 2) * c->scale;
}
