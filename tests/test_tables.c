/* Point tables: every cell of every preset against a plain restatement of
 * the formula, against the points Tenhou's server paid (the observed
 * tables of ../shared/corpus), and against the two clean published charts
 * (Riichi Book 1, riichi.wiki). */
#include "harness.h"
#include "tensu.h"

#include <jansson.h>
#include <stdlib.h>

static const tensu_table *table_of(const char *preset, tensu_rules *r)
{
    static tensu_table *t;
    tensu_error err;
    tensu_table_free(t);
    tensu_rules_preset(preset, r, &err);
    t = tensu_table_new(r, 13, 0, &err);
    if (t == NULL)
        fprintf(stderr, "table %s: %s\n", preset, err.message);
    return t;
}

static long long up100(double x) { return (long long)(((long long)x + 99) / 100) * 100; }

/* The formula as the seed text states it, written independently. */
static long long expected_base(const tensu_rules *r, int han, int fu)
{
    long long b = fu;
    for (int i = 0; i < han + 2; i++)
        b *= 2;
    if (han >= 13) return r->kazoe == TENSU_KAZOE_YAKUMAN ? 8000 : 6000;
    if (han >= 11) return 6000;
    if (han >= 8) return 4000;
    if (han >= 6) return 3000;
    if (han == 5 || b > 2000) return 2000;
    if (r->kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) return 2000;
    return b;
}

static void formula_everywhere(void)
{
    for (size_t i = 0; i < tensu_preset_count(); i++) {
        tensu_rules r;
        tensu_error err;
        const tensu_table *t;
        tensu_rules_preset(tensu_preset_at(i)->name, &r, &err);
        if (r.family != TENSU_FAMILY_RIICHI)
            continue; /* the classical family has no han/fu table */
        t = table_of(tensu_preset_at(i)->name, &r);
        CHECK(t != NULL);
        if (t == NULL)
            continue;
        for (int f = 0; f < t->nfu; f++)
            for (int h = 1; h <= 13; h++) {
                const tensu_cell *c = tensu_table_cell(t, h, t->fu[f]);
                long long b = expected_base(&r, h, t->fu[f]);
                int three = r.players == 3;
                CHECK_EQ(c->pay[0][0].ron, up100(4 * b));
                CHECK_EQ(c->pay[1][0].ron, up100(6 * b));
                CHECK_EQ(c->pay[0][1].from_non_dealer, up100(b));
                CHECK_EQ(c->pay[0][1].from_dealer, up100(2 * b));
                CHECK_EQ(c->pay[1][1].from_non_dealer, up100(2 * b));
                CHECK_EQ(c->pay[0][1].total, up100(2 * b) + (three ? 1 : 2) * up100(b));
                CHECK_EQ(c->pay[1][1].total, (three ? 2 : 3) * up100(2 * b));
            }
    }
}

static void impossible_cells(void)
{
    tensu_rules r;
    const tensu_table *t = table_of("tenhou", &r);
    tensu_error err;
    for (int h = 1; h <= 13; h++) {
        CHECK(!tensu_table_cell(t, h, 20)->reachable[0][0]);
        CHECK(!tensu_table_cell(t, h, 20)->reachable[1][0]);
        CHECK(tensu_table_cell(t, h, 20)->reachable[0][1] == (h >= 2));
        CHECK(tensu_table_cell(t, h, 25)->reachable[0][0] == (h >= 2));
        CHECK(tensu_table_cell(t, h, 25)->reachable[1][1] == (h >= 3));
        CHECK(tensu_table_cell(t, h, 30)->reachable[0][0]);
    }
    CHECK(!tensu_table_cell(t, 1, 110)->reachable[0][1]);
    CHECK(tensu_table_cell(t, 1, 110)->reachable[0][0]);
    CHECK(tensu_table_cell(t, 2, 110)->reachable[1][1]);
    /* 2-fu double wind: 1 han 110 fu is out of reach even by ron */
    tensu_rules_set(&r, "double-wind-fu", "2", &err);
    CHECK(!tensu_cell_reachable(&r, 1, 110, false, false));
    tensu_rules_set(&r, "open-pinfu", "20", &err);
    CHECK(tensu_cell_reachable(&r, 1, 20, false, false));
    tensu_rules_set(&r, "pinfu-tsumo", "30", &err);
    CHECK(!tensu_cell_reachable(&r, 2, 20, false, true));
    tensu_rules_set(&r, "aotenjou", "yes", &err);
    {
        int rows[32];
        int n = tensu_fu_rows(&r, rows, 32);
        CHECK_EQ(rows[n - 1], 140);
    }
    /* limit rows */
    t = table_of("tenhou", &r);
    CHECK_EQ(t->nlimits, 10);
    CHECK_STR(t->limits[0].name, "mangan");
    CHECK_EQ(t->limits[0].pay[0][0].ron, 8000);
    CHECK_STR(t->limits[4].name, "yakuman");
    CHECK_EQ(t->limits[4].pay[1][1].from_non_dealer, 16000);
    CHECK_STR(t->limits[5].name, "2x_yakuman");
    CHECK_EQ(t->limits[5].pay[0][0].ron, 64000);
    t = table_of("ema2016", &r);
    CHECK_EQ(t->nlimits, 5);
    CHECK_EQ(t->limits[3].han_to, 0); /* sanbaiman: 11 han and up */
}

/* ---- observed tables of the corpus ---- */

static int yakuman_of(const char *limit)
{
    const char *x = strstr(limit, " x");
    return x ? atoi(x + 2) : 1;
}

static tensu_limit limit_named(const char *name)
{
    static const char *const names[] = {"mangan", "haneman", "baiman", "sanbaiman"};
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0)
            return (tensu_limit)(TENSU_LIMIT_MANGAN + i);
    return TENSU_LIMIT_YAKUMAN;
}

static void observed(const char *file, const char *preset)
{
    char path[512];
    tensu_rules r;
    tensu_error err;
    FILE *f;
    char line[4096];
    int entries = 0;

    snprintf(path, sizeof path, "%s/corpus/%s", TENSU_SHARED_DIR, file);
    f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL)
        return;
    tensu_rules_preset(preset, &r, &err);
    while (fgets(line, sizeof line, f)) {
        json_error_t jerr;
        json_t *o = json_loads(line, 0, &jerr), *tp;
        tensu_payment p;
        bool dealer, tsumo;
        tensu_status s;
        if (o == NULL)
            continue;
        dealer = json_is_true(json_object_get(o, "dealer"));
        tsumo = json_is_true(json_object_get(o, "tsumo"));
        if (json_object_get(o, "fu")) {
            int han = (int)json_integer_value(json_object_get(o, "han"));
            int fu = (int)json_integer_value(json_object_get(o, "fu"));
            s = tensu_pay(&r, han, fu, 0, dealer, tsumo, 0, 0, &p, &err);
            CHECK(tensu_cell_reachable(&r, han, fu, dealer, tsumo));
        } else {
            const char *lim = json_string_value(json_object_get(o, "limit"));
            tensu_limit l = limit_named(lim);
            s = tensu_pay_limit(&r, l, l == TENSU_LIMIT_YAKUMAN ? yakuman_of(lim) : 0, dealer,
                                tsumo, 0, &p, &err);
        }
        CHECK(s == TENSU_OK);
        CHECK_EQ(p.total, json_integer_value(json_array_get(json_object_get(o, "points"), 0)));
        tp = json_array_get(json_object_get(o, "tsumo_payments"), 0);
        if (tsumo && dealer) {
            CHECK_EQ(p.from_non_dealer,
                     json_integer_value(json_array_get(json_object_get(tp, "each"), 0)));
        } else if (tsumo) {
            CHECK_EQ(p.from_dealer, json_integer_value(json_object_get(tp, "dealer")));
            CHECK_EQ(p.from_non_dealer,
                     json_integer_value(json_array_get(json_object_get(tp, "non_dealer"), 0)));
        }
        entries++;
        json_decref(o);
    }
    fclose(f);
    CHECK(entries > 90);
    printf("%s: %d observed cells compared under %s\n", file, entries, preset);
}

/* ---- published charts ---- */

static bool empty_token(const char *s)
{
    return *s == '\0' || strcmp(s, "---") == 0 || strcmp(s, "null") == 0;
}

static void chart(const char *file, bool impossible_blank)
{
    char path[512], line[512];
    tensu_rules r;
    const tensu_table *t = table_of("tenhou", &r);
    FILE *f;
    int cells = 0;

    snprintf(path, sizeof path, "%s/charts/%s", TENSU_SHARED_DIR, file);
    f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL)
        return;
    fgets(line, sizeof line, f); /* header */
    while (fgets(line, sizeof line, f)) {
        char *fields[7], *p = line;
        int n = 0;
        line[strcspn(line, "\r\n")] = '\0';
        while (n < 7) {
            fields[n++] = p;
            p = strchr(p, ',');
            if (p == NULL)
                break;
            *p++ = '\0';
        }
        if (n != 7)
            continue;
        if (fields[1][0] == '\0') {
            /* a limit row */
            for (int l = 0; l < t->nlimits; l++) {
                const tensu_limit_row *lr = &t->limits[l];
                if (strcmp(lr->name, fields[0]) != 0)
                    continue;
                CHECK_EQ(atoll(fields[2]), lr->pay[0][0].ron);
                CHECK_EQ(atoll(fields[3]), lr->pay[0][1].from_non_dealer);
                CHECK_EQ(atoll(fields[4]), lr->pay[0][1].from_dealer);
                CHECK_EQ(atoll(fields[5]), lr->pay[1][0].ron);
                CHECK_EQ(atoll(fields[6]), lr->pay[1][1].from_non_dealer);
                cells += 5;
            }
            continue;
        }
        {
            const tensu_cell *c = tensu_table_cell(t, atoi(fields[0]), atoi(fields[1]));
            const int64_t want[5] = {c->pay[0][0].ron, c->pay[0][1].from_non_dealer,
                                     c->pay[0][1].from_dealer, c->pay[1][0].ron,
                                     c->pay[1][1].from_non_dealer};
            const bool reach[5] = {c->reachable[0][0], c->reachable[0][1], c->reachable[0][1],
                                   c->reachable[1][0], c->reachable[1][1]};
            for (int k = 0; k < 5; k++) {
                if (empty_token(fields[2 + k])) {
                    if (impossible_blank)
                        CHECK(!reach[k]);
                    continue;
                }
                if (impossible_blank)
                    CHECK(reach[k]);
                CHECK_EQ(atoll(fields[2 + k]), want[k]);
                cells++;
            }
        }
    }
    fclose(f);
    printf("%s: %d cells agree\n", file, cells);
    CHECK(cells > 150);
}

int main(void)
{
    tensu_rules r;
    formula_everywhere();
    impossible_cells();
    observed("observed_point_table_4p.jsonl", "tenhou");
    observed("observed_point_table_3p.jsonl", "tenhou-sanma");
    chart("riichibook1_score_tables.csv", true);
    chart("riichiwiki_scoring_table.csv", false);
    table_of("tenhou", &r);
    return harness_report("test_tables");
}
