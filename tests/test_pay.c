/* The payment engine: the seed texts' worked examples, limits, kiriage,
 * kazoe, yakuman, honba and sticks, three players, aotenjou. */
#include "harness.h"
#include "tensu.h"

static tensu_rules preset(const char *name)
{
    tensu_rules r;
    tensu_error err;
    if (tensu_rules_preset(name, &r, &err) != TENSU_OK)
        fprintf(stderr, "preset %s: %s\n", name, err.message);
    return r;
}

static tensu_payment pay(const tensu_rules *r, int han, int fu, bool dealer, bool tsumo)
{
    tensu_payment p;
    tensu_error err;
    memset(&p, 0, sizeof p);
    if (tensu_pay(r, han, fu, 0, dealer, tsumo, 0, 0, &p, &err) != TENSU_OK)
        fprintf(stderr, "pay %d han %d fu: %s\n", han, fu, err.message);
    return p;
}

static void seed_examples(void)
{
    tensu_rules r = preset("tenhou");
    tensu_payment p;

    /* seed 000: dealer ron 30 fu 2 han = 2900 (480 x 6 = 2880, rounded up) */
    p = pay(&r, 2, 30, true, false);
    CHECK_EQ(p.value.raw_base, 480);
    CHECK_EQ(p.ron_raw, 2880);
    CHECK_EQ(p.ron, 2900);
    /* seed 000: non-dealer tsumo 50 fu 3 han = 1600 / 3200 */
    p = pay(&r, 3, 50, false, true);
    CHECK_EQ(p.from_non_dealer, 1600);
    CHECK_EQ(p.from_dealer, 3200);
    CHECK_EQ(p.total, 6400);
    /* 25 fu 4 han non-dealer tsumo = 1600/3200 (6400) */
    p = pay(&r, 4, 25, false, true);
    CHECK_EQ(p.from_non_dealer, 1600);
    CHECK_EQ(p.from_dealer, 3200);
    CHECK_EQ(p.total, 6400);
    CHECK_EQ(p.value.limit, TENSU_LIMIT_NONE);
    /* the dealer's share of 4 han 30 fu = ron value of 3 han 30 fu (3900) */
    CHECK_EQ(pay(&r, 4, 30, false, true).from_dealer, 3900);
    CHECK_EQ(pay(&r, 3, 30, false, false).ron, 3900);
    /* and the dealer's tsumo 'each' of 4 han 30 fu is that too */
    CHECK_EQ(pay(&r, 4, 30, true, true).from_non_dealer, 3900);
}

static void basics(void)
{
    tensu_rules r = preset("tenhou");
    tensu_payment p = pay(&r, 1, 30, false, true);
    CHECK_EQ(p.from_non_dealer, 300);
    CHECK_EQ(p.from_dealer, 500);
    CHECK_EQ(p.non_dealer_payers, 2);
    CHECK_EQ(p.total, 1100);
    p = pay(&r, 1, 30, true, false);
    CHECK_EQ(p.ron, 1500);
    p = pay(&r, 1, 30, true, true);
    CHECK_EQ(p.from_non_dealer, 500);
    CHECK_EQ(p.total, 1500);
    CHECK_EQ(pay(&r, 2, 20, false, true).from_dealer, 700);
    CHECK_EQ(pay(&r, 2, 20, false, true).from_non_dealer, 400);
    CHECK_EQ(pay(&r, 1, 110, false, false).ron, 3600);
    CHECK_EQ(pay(&r, 2, 110, true, false).ron, 10600);
    CHECK_EQ(pay(&r, 3, 70, false, false).ron, 8000); /* 2240: over mangan */
    CHECK_EQ(pay(&r, 3, 70, false, false).value.limit, TENSU_LIMIT_MANGAN);
}

static void limits_and_kiriage(void)
{
    tensu_rules t = preset("tenhou"), w = preset("wrc2015"), e = preset("ema2016");
    tensu_payment p;

    CHECK_EQ(pay(&t, 4, 30, false, false).ron, 7700);
    CHECK_EQ(pay(&t, 4, 30, true, false).ron, 11600);
    CHECK_EQ(pay(&t, 3, 60, false, false).ron, 7700);
    p = pay(&w, 4, 30, false, false);
    CHECK_EQ(p.ron, 8000);
    CHECK(p.value.kiriage);
    CHECK_EQ(pay(&w, 3, 60, true, false).ron, 12000);
    CHECK_EQ(pay(&w, 4, 30, false, true).from_dealer, 4000);
    CHECK_EQ(pay(&w, 4, 30, false, true).from_non_dealer, 2000);
    CHECK_EQ(pay(&w, 4, 30, true, true).from_non_dealer, 4000);
    CHECK_EQ(pay(&w, 4, 25, false, false).ron, 6400);  /* 1600 base: no kiriage */

    CHECK_EQ(pay(&t, 5, 30, false, false).ron, 8000);
    CHECK_EQ(pay(&t, 6, 30, false, false).ron, 12000);
    CHECK_EQ(pay(&t, 7, 30, true, false).ron, 18000);
    CHECK_EQ(pay(&t, 8, 30, false, false).ron, 16000);
    CHECK_EQ(pay(&t, 10, 30, false, true).from_dealer, 8000);
    CHECK_EQ(pay(&t, 11, 30, false, false).ron, 24000);
    CHECK_EQ(pay(&t, 12, 30, true, false).ron, 36000);
    p = pay(&t, 13, 30, false, false);
    CHECK_EQ(p.ron, 32000);
    CHECK_EQ(p.value.limit, TENSU_LIMIT_KAZOE_YAKUMAN);
    p = pay(&e, 15, 40, false, false);
    CHECK_EQ(p.ron, 24000);
    CHECK_EQ(p.value.limit, TENSU_LIMIT_SANBAIMAN);
}

/* The limits as the engine gives them to the sheets and the CLI: each
 * limit's base and least han, and the formula agreeing with both (the
 * least han reaches the limit at 20 fu, one han less does not). */
static void limit_table(void)
{
    static const struct {
        tensu_limit l;
        int64_t base;
        int han;
    } want[] = {{TENSU_LIMIT_NONE, 0, 0},          {TENSU_LIMIT_MANGAN, 2000, 5},
                {TENSU_LIMIT_HANEMAN, 3000, 6},    {TENSU_LIMIT_BAIMAN, 4000, 8},
                {TENSU_LIMIT_SANBAIMAN, 6000, 11}, {TENSU_LIMIT_KAZOE_YAKUMAN, 8000, 13},
                {TENSU_LIMIT_YAKUMAN, 8000, 0}};
    tensu_rules t = preset("tenhou");
    tensu_value v;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        CHECK_EQ(tensu_limit_base(want[i].l), want[i].base);
        CHECK_EQ(tensu_limit_han(want[i].l), want[i].han);
        if (want[i].han == 0)
            continue;
        CHECK_EQ(tensu_evaluate(&t, want[i].han, 20, 0, &v, NULL), TENSU_OK);
        CHECK_EQ(v.limit, want[i].l);
        CHECK_EQ(v.base, want[i].base);
        CHECK_EQ(tensu_evaluate(&t, want[i].han - 1, 20, 0, &v, NULL), TENSU_OK);
        CHECK(v.limit != want[i].l);
    }
    CHECK_EQ(tensu_limit_base((tensu_limit)99), 0);
    CHECK_EQ(tensu_limit_han((tensu_limit)99), 0);
    /* one yakuman under aotenjou: 13 han at 30 fu */
    t.aotenjou = true;
    CHECK_EQ(tensu_evaluate(&t, 0, 30, 1, &v, NULL), TENSU_OK);
    CHECK_EQ(v.han, TENSU_AOTENJOU_YAKUMAN_HAN);
    CHECK_EQ(v.raw_base, (int64_t)30 << (TENSU_AOTENJOU_YAKUMAN_HAN + 2));
}

static void yakuman(void)
{
    tensu_rules t = preset("tenhou"), e = preset("ema2016");
    tensu_payment p;
    tensu_error err;

    CHECK(tensu_pay(&t, 0, 0, 1, false, false, 0, 0, &p, &err) == TENSU_OK);
    CHECK_EQ(p.ron, 32000);
    CHECK(tensu_pay(&t, 0, 0, 2, true, true, 0, 0, &p, &err) == TENSU_OK);
    CHECK_EQ(p.from_non_dealer, 32000);
    CHECK_EQ(p.total, 96000);
    /* single yakuman under EMA: two count as one */
    CHECK(tensu_pay(&e, 0, 0, 2, false, false, 0, 0, &p, &err) == TENSU_OK);
    CHECK_EQ(p.ron, 32000);
    CHECK(tensu_pay_limit(&t, TENSU_LIMIT_YAKUMAN, 5, false, false, 0, &p, &err) == TENSU_OK);
    CHECK_EQ(p.ron, 160000);
    CHECK(tensu_pay_limit(&t, TENSU_LIMIT_HANEMAN, 0, false, true, 0, &p, &err) == TENSU_OK);
    CHECK_EQ(p.from_dealer, 6000);
    CHECK_EQ(p.from_non_dealer, 3000);
}

static void honba_and_sticks(void)
{
    tensu_rules t = preset("tenhou"), s = preset("tenhou-sanma");
    tensu_payment p;
    tensu_error err;

    CHECK(tensu_pay(&t, 1, 110, 0, false, false, 1, 0, &p, &err) == TENSU_OK);
    CHECK_EQ(p.ron_honba, 3900); /* the example of formats/hands.md */
    CHECK(tensu_pay(&t, 3, 30, 0, false, true, 2, 3, &p, &err) == TENSU_OK);
    CHECK_EQ(p.honba_each, 200);
    CHECK_EQ(p.from_dealer_honba, 2200);
    CHECK_EQ(p.from_non_dealer_honba, 1200);
    CHECK_EQ(p.total_honba, 4600);
    CHECK_EQ(p.total_with_sticks, 7600);
    /* three players: 200 per honba, 100 from each of the two payers */
    CHECK(tensu_pay(&s, 3, 30, 0, false, true, 1, 0, &p, &err) == TENSU_OK);
    CHECK_EQ(p.honba_each, 100);
    CHECK_EQ(p.total, 3000);       /* tsumo-son: 2000 + 1000 */
    CHECK_EQ(p.total_honba, 3200);
    CHECK(tensu_pay(&s, 3, 30, 0, false, false, 2, 1, &p, &err) == TENSU_OK);
    CHECK_EQ(p.ron_honba, 3900 + 400);
    CHECK_EQ(p.total_with_sticks, 3900 + 400 + 1000);
}

static void three_players(void)
{
    tensu_rules s = preset("tenhou-sanma");
    tensu_error err;
    tensu_payment p = pay(&s, 1, 30, true, true);
    CHECK_EQ(p.from_non_dealer, 500);
    CHECK_EQ(p.non_dealer_payers, 2);
    CHECK_EQ(p.total, 1000);
    p = pay(&s, 1, 30, false, true);
    CHECK_EQ(p.non_dealer_payers, 1);
    CHECK_EQ(p.total, 800);
    /* north-bisection: the missing 240 split: dealer 480+120, other 240+120 */
    CHECK(tensu_rules_set(&s, "sanma", "north-bisection", &err) == TENSU_OK);
    p = pay(&s, 1, 30, false, true);
    CHECK_EQ(p.from_dealer, 600);
    CHECK_EQ(p.from_non_dealer, 400);
    p = pay(&s, 1, 30, true, true);
    CHECK_EQ(p.from_non_dealer, 800); /* 480 + 240 = 720 */
    p = pay(&s, 5, 30, true, true);
    CHECK_EQ(p.from_non_dealer, 6000);
    CHECK_EQ(p.total, 12000);
}

static void aotenjou(void)
{
    tensu_rules r = preset("tenhou");
    tensu_error err;
    tensu_payment p;
    CHECK(tensu_rules_set(&r, "aotenjou", "yes", &err) == TENSU_OK);
    p = pay(&r, 5, 30, false, false);
    CHECK_EQ(p.ron, 15400);      /* 30 x 128 x 4 = 15360 */
    CHECK_EQ(p.value.limit, TENSU_LIMIT_NONE);
    p = pay(&r, 20, 30, false, false);
    CHECK_EQ(p.ron, 503316500);  /* 30 x 2^22 x 4 = 503316480 */
    p = pay(&r, 100, 30, false, false);
    CHECK(p.big);
    CHECK_STR(p.exact.ron, "608472288109550112718417538580500");
    p = pay(&r, 300, 110, true, true);
    CHECK(p.big);
    CHECK_STR(p.exact.total,
              "5377774977523043267748696617400758345175876559278071701679410786295566631375"
              "208904324169072700");
    CHECK(tensu_pay(&r, 1000, 30, 0, false, false, 0, 0, &p, &err) == TENSU_ERR_OVERFLOW);
}

static void bad_input(void)
{
    tensu_rules r = preset("tenhou");
    tensu_error err;
    tensu_payment p;
    CHECK(tensu_pay(&r, 0, 30, 0, false, false, 0, 0, &p, &err) == TENSU_ERR_RANGE);
    CHECK(strstr(err.message, "han") != NULL);
    CHECK(tensu_pay(&r, 2, 35, 0, false, false, 0, 0, &p, &err) == TENSU_ERR_RANGE);
    CHECK(strstr(err.message, "35") != NULL);
    CHECK(tensu_pay(&r, 2, 15, 0, false, false, 0, 0, &p, &err) == TENSU_ERR_RANGE);
    CHECK(tensu_pay(&r, 2, 30, 0, false, false, -1, 0, &p, &err) == TENSU_ERR_RANGE);
}

int main(void)
{
    seed_examples();
    basics();
    limits_and_kiriage();
    limit_table();
    yakuman();
    honba_and_sticks();
    three_players();
    aotenjou();
    bad_input();
    return harness_report("test_pay");
}
