/* The classical family: the worked examples of seed 003, the limit, the
 * keys, the table, bad input. */
#include "harness.h"
#include "tensu.h"

static tensu_rules classical(void)
{
    tensu_rules r;
    tensu_error err;
    if (tensu_rules_preset("classical", &r, &err) != TENSU_OK)
        fprintf(stderr, "%s\n", err.message);
    return r;
}

static tensu_classical_payment score(const tensu_rules *r, int basic, int seat, int round,
                                     const char *b1, const char *b2)
{
    tensu_classical_hand h;
    tensu_classical_payment p;
    tensu_error err;
    memset(&h, 0, sizeof h);
    memset(&p, 0, sizeof p);
    h.basic = basic;
    h.seat = seat;
    h.round = round;
    if (b1)
        h.bonus[h.nbonus++] = tensu_bonus_tile_parse(b1);
    if (b2)
        h.bonus[h.nbonus++] = tensu_bonus_tile_parse(b2);
    if (tensu_classical_score(r, &h, &p, &err) != TENSU_OK)
        fprintf(stderr, "%s\n", err.message);
    return p;
}

static void seed_examples(void)
{
    tensu_rules r = classical();
    tensu_classical_payment p;

    /* South round, East holds 28 basic points and draws the orchid:
     * 28 + 4 = 32, doubled for the own wind: 64. */
    p = score(&r, 28, 0, 1, "orchid", NULL);
    CHECK_EQ(p.basic, 32);
    CHECK_EQ(p.bonus_points, 4);
    CHECK_EQ(p.doubles, 1);
    CHECK_EQ(p.value, 64);
    /* East pays and receives double: 128 from each, rounded up to 130 */
    CHECK_EQ(p.from_each, 130);
    CHECK_EQ(p.total, 390);
    /* The same in the East round: doubled twice, 128. */
    p = score(&r, 28, 0, 0, "orchid", NULL);
    CHECK_EQ(p.value, 128);
    CHECK_EQ(p.doubles, 2);
    /* Orchid and spring in the East round: 36 doubled four times = 576. */
    p = score(&r, 28, 0, 0, "orchidée", "printemps");
    CHECK_EQ(p.basic, 36);
    CHECK_EQ(p.doubles, 4);
    CHECK_EQ(p.value, 576);
    CHECK_EQ(p.from_each, 1000); /* 1152 capped at twice the limit */
    CHECK(p.capped_each);
    CHECK_EQ(p.total, 3000);
    /* A bonus tile of another wind only adds its points. */
    p = score(&r, 28, 2, 0, "bamboo", NULL);
    CHECK_EQ(p.value, 32);
    CHECK_EQ(p.from_each, 40);  /* 32 rounded up to 40 */
    CHECK_EQ(p.from_east, 70);  /* 64 rounded up to 70 */
    CHECK_EQ(p.total, 150);
}

static void limits(void)
{
    tensu_rules r = classical();
    tensu_classical_hand h;
    tensu_classical_payment p;
    tensu_error err;

    /* The most a non-East winner gets is 500 + 500 + 1000 = 2000 (the
     * starting score); an East winner 3 x 1000. */
    CHECK(tensu_classical_pay(&r, 200, 5, false, &p, &err) == TENSU_OK);
    CHECK_EQ(p.from_each, 500);
    CHECK_EQ(p.from_east, 1000);
    CHECK_EQ(p.total, 2000);
    CHECK(tensu_classical_pay(&r, 200, 5, true, &p, &err) == TENSU_OK);
    CHECK_EQ(p.total, 3000);
    /* All four flowers: the limit whatever the hand. */
    memset(&h, 0, sizeof h);
    h.basic = 20;
    h.seat = 2;
    for (int t = 0; t < 4; t++)
        h.bonus[h.nbonus++] = t;
    CHECK(tensu_classical_score(&r, &h, &p, &err) == TENSU_OK);
    CHECK(p.full_set);
    CHECK_EQ(p.total, 2000);
    /* Keys: no East double, rounding 2, no limit. */
    CHECK(tensu_rules_set(&r, "east-double", "no", &err) == TENSU_OK);
    CHECK(tensu_classical_pay(&r, 30, 1, false, &p, &err) == TENSU_OK);
    CHECK_EQ(p.from_east, 60);
    CHECK_EQ(p.total, 180);
    CHECK(tensu_rules_set(&r, "rounding", "2", &err) == TENSU_OK);
    CHECK(tensu_rules_set(&r, "limit", "0", &err) == TENSU_OK);
    CHECK(tensu_classical_pay(&r, 27, 6, true, &p, &err) == TENSU_OK);
    CHECK_EQ(p.from_each, 1728);
    /* with no limit, all four flowers are no limit hand: paid as they count */
    CHECK(tensu_classical_score(&r, &h, &p, &err) == TENSU_OK);
    CHECK(!p.full_set);
    CHECK(p.total > 0 && p.total != 2000);
    CHECK(tensu_rules_set(&r, "rounding", "3", &err) == TENSU_ERR_RANGE);
}

static void table(void)
{
    tensu_rules r = classical();
    tensu_error err;
    tensu_classical_table *t = tensu_classical_table_new(&r, &err);
    CHECK(t != NULL);
    if (t == NULL)
        return;
    CHECK_EQ(t->basic[0], 20);
    /* 20 x 2^5 = 640: six columns (0..5) bring every row to the limit */
    CHECK_EQ(t->ndoubles, 6);
    for (int i = 0; i < t->nrows; i++) {
        CHECK(t->non_east[i][t->ndoubles - 1].capped_each);
        CHECK(t->east[i][t->ndoubles - 1].capped_each);
    }
    CHECK_EQ(t->non_east[1][2].from_each, 120); /* 30 x 4 */
    CHECK_EQ(t->non_east[1][2].from_east, 240);
    CHECK_EQ(t->east[1][2].from_each, 240);
    CHECK_EQ(t->limit_non_east.total, 2000);
    CHECK_EQ(t->limit_east.total, 3000);
    tensu_classical_table_free(t);
}

/* Where a row reaches the limit, under several limits: the fewest doubles
 * at which every loser pays the limit, East winning or not. */
static void limit_doubles(void)
{
    tensu_rules r = classical(), riichi;
    tensu_error err;
    /* limit 500: 20 x 2^4 = 320 is under it, 20 x 2^5 = 640 over; 200 x 2^2 = 800 */
    CHECK_EQ(tensu_classical_limit_doubles(&r, 20), 5);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 30), 5);  /* 480, then 960 */
    CHECK_EQ(tensu_classical_limit_doubles(&r, 40), 4);  /* 640 */
    CHECK_EQ(tensu_classical_limit_doubles(&r, 200), 2); /* 400, then 800 */
    CHECK_EQ(tensu_classical_limit_doubles(&r, 500), 0); /* the limit itself */
    /* 1000: 20 x 2^6 = 1 280 */
    CHECK(tensu_rules_set(&r, "limit", "1000", &err) == TENSU_OK);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 20), 6);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 200), 3);
    /* 250: 20 x 2^4 = 320; 200 x 2 = 400 */
    CHECK(tensu_rules_set(&r, "limit", "250", &err) == TENSU_OK);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 20), 4);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 200), 1);
    /* 10: every row is there with no double */
    CHECK(tensu_rules_set(&r, "limit", "10", &err) == TENSU_OK);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 20), 0);
    /* 100000: 20 x 2^13 = 163 840, past the table's 12 columns */
    CHECK(tensu_rules_set(&r, "limit", "100000", &err) == TENSU_OK);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 20), 13);
    /* rounding to 10: 25 x 2^4 = 400 -> 400; limit 395 reached at 4 doubles */
    CHECK(tensu_rules_set(&r, "limit", "395", &err) == TENSU_OK);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 25), 4);
    CHECK(tensu_rules_set(&r, "limit", "0", &err) == TENSU_OK);
    CHECK_EQ(tensu_classical_limit_doubles(&r, 20), -1);
    tensu_rules_preset("tenhou", &riichi, &err);
    CHECK_EQ(tensu_classical_limit_doubles(&riichi, 20), -1);
    r = classical();
    CHECK_EQ(tensu_classical_limit_doubles(&r, 0), -1);
    /* the table's columns end where its first row reaches the limit */
    for (int lim = 100; lim <= 3000; lim += 100) {
        tensu_classical_table *t;
        char v[16];
        snprintf(v, sizeof v, "%d", lim);
        CHECK(tensu_rules_set(&r, "limit", v, &err) == TENSU_OK);
        t = tensu_classical_table_new(&r, &err);
        CHECK(t != NULL);
        if (t == NULL)
            continue;
        CHECK_EQ(t->ndoubles, tensu_classical_limit_doubles(&r, t->basic[0]) + 1);
        CHECK(t->non_east[0][t->ndoubles - 1].capped_each);
        CHECK(t->ndoubles < 2 || !t->non_east[0][t->ndoubles - 2].capped_each);
        tensu_classical_table_free(t);
    }
}

static void bad_input(void)
{
    tensu_rules r = classical(), riichi;
    tensu_error err;
    tensu_classical_payment p;
    tensu_classical_hand h;
    tensu_payment rp;
    CHECK(tensu_classical_pay(&r, -4, 0, false, &p, &err) == TENSU_ERR_RANGE);
    CHECK(strstr(err.message, "-4") != NULL);
    CHECK(tensu_classical_pay(&r, 20, 31, false, &p, &err) == TENSU_ERR_RANGE);
    CHECK(tensu_bonus_tile_parse("rose") == -1);
    memset(&h, 0, sizeof h);
    h.basic = 20;
    h.nbonus = 2;
    h.bonus[0] = h.bonus[1] = 3;
    CHECK(tensu_classical_score(&r, &h, &p, &err) == TENSU_ERR_INVALID);
    CHECK(strstr(err.message, "plum") != NULL);
    /* the families do not mix */
    CHECK(tensu_pay(&r, 2, 30, 0, false, false, 0, 0, &rp, &err) == TENSU_ERR_RANGE);
    tensu_rules_preset("tenhou", &riichi, &err);
    CHECK(tensu_classical_pay(&riichi, 20, 1, false, &p, &err) == TENSU_ERR_RANGE);
    CHECK(tensu_classical_table_new(&riichi, &err) == NULL);
}

int main(void)
{
    seed_examples();
    limits();
    table();
    limit_doubles();
    bad_input();
    return harness_report("test_classical");
}
