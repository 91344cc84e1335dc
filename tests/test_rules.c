/* Rule keys and presets: the presets hold what their rule books publish,
 * every key reads back what was set, bad words are named. */
#include "harness.h"
#include "tensu.h"

static void presets(void)
{
    tensu_rules r;
    tensu_error err;
    char v[64];

    CHECK(tensu_rules_preset("tenhou", &r, &err) == TENSU_OK);
    CHECK_STR(r.preset, "tenhou");
    CHECK_EQ(r.players, 4);
    CHECK(!r.kiriage);
    CHECK_EQ(r.kazoe, TENSU_KAZOE_YAKUMAN);
    CHECK(r.multiple_yakuman);
    CHECK(!r.double_yakuman);
    CHECK_EQ(r.double_wind_fu, 4);
    CHECK_EQ(r.aka, 3);
    CHECK(r.kuitan);
    CHECK_EQ(r.honba, 300);
    CHECK_EQ(r.riichi_stick, 1000);

    CHECK(tensu_rules_preset("tenhou-sanma", &r, &err) == TENSU_OK);
    CHECK_EQ(r.players, 3);
    CHECK_EQ(r.sanma, TENSU_SANMA_TSUMO_SON);
    CHECK_EQ(r.honba, 200);

    CHECK(tensu_rules_preset("majsoul", &r, &err) == TENSU_OK);
    CHECK(r.double_yakuman);
    CHECK(r.multiple_yakuman);
    CHECK_EQ(r.kazoe, TENSU_KAZOE_YAKUMAN);

    CHECK(tensu_rules_preset("ema2016", &r, &err) == TENSU_OK);
    CHECK(!r.kiriage);
    CHECK_EQ(r.kazoe, TENSU_KAZOE_SANBAIMAN);
    CHECK(!r.multiple_yakuman);
    CHECK_EQ(r.double_wind_fu, 4);

    CHECK(tensu_rules_preset("wrc2015", &r, &err) == TENSU_OK);
    CHECK(r.kiriage);
    CHECK_EQ(r.kazoe, TENSU_KAZOE_SANBAIMAN);
    /* WRC 2015: a double-wind pair is 4 fu (2 fu came with WRC 2022), yakuman
     * do not add up (6.5), renhou is a 5-han yaku added to the others */
    CHECK_EQ(r.double_wind_fu, 4);
    CHECK(!r.multiple_yakuman);
    CHECK_EQ(r.renhou, 5);
    CHECK_EQ(r.start_points, 30000);
    CHECK_EQ(r.uma_big, 15);
    CHECK_EQ(r.uma_small, 5);
    CHECK(tensu_rules_preset("wrc2022", &r, &err) == TENSU_OK);
    CHECK_EQ(r.double_wind_fu, 2);
    CHECK(r.multiple_yakuman && !r.double_yakuman && r.kiriage && r.aka == 0);
    CHECK(tensu_rules_preset("ema2016", &r, &err) == TENSU_OK);
    CHECK_EQ(r.renhou, TENSU_RENHOU_MANGAN);
    CHECK(tensu_rules_preset("majsoul", &r, &err) == TENSU_OK);
    CHECK(r.pao_split && r.tenhou_double && r.double_yakuman);
    CHECK(tensu_rules_preset("mleague", &r, &err) == TENSU_OK);
    CHECK(r.kiriage && r.aka == 3 && r.pao_suukantsu && r.double_wind_fu == 2);
    CHECK(tensu_rules_preset("jpml", &r, &err) == TENSU_OK);
    CHECK(!r.ippatsu && !r.ura_dora && !r.kan_dora && r.pao_suukantsu && !r.kiriage);
    CHECK(tensu_rules_preset("majsoul-sanma", &r, &err) == TENSU_OK);
    CHECK(r.players == 3 && r.aka == 2 && r.honba == 200 && r.pao_split);
    /* table rules: a value, or not set */
    CHECK(tensu_rules_preset("tenhou", &r, &err) == TENSU_OK);
    CHECK_EQ(r.start_points, 0);
    CHECK_EQ(r.busting, -1);
    CHECK(tensu_rules_set(&r, "uma", "20/10", &err) == TENSU_OK);
    CHECK(r.uma_big == 20 && r.uma_small == 10);
    CHECK(tensu_rules_set(&r, "uma", "10/20", &err) == TENSU_ERR_RANGE);
    {
        char buf[32];
        CHECK(tensu_rules_get(&r, "uma", buf, sizeof buf));
        CHECK_STR(buf, "20/10");
    }

    CHECK(tensu_rules_preset("nosuch", &r, &err) == TENSU_ERR_UNKNOWN);
    CHECK(strstr(err.message, "nosuch") != NULL);
    CHECK(strstr(err.message, "wrc2015") != NULL);

    /* every preset's data is made of known keys */
    for (size_t i = 0; i < tensu_preset_count(); i++)
        CHECK(tensu_rules_preset(tensu_preset_at(i)->name, &r, &err) == TENSU_OK);
    tensu_rules_preset("wrc2015", &r, &err);
    CHECK(tensu_rules_get(&r, "kiriage", v, sizeof v));
    CHECK_STR(v, "yes");
}

static void keys(void)
{
    tensu_rules r;
    tensu_error err;
    char v[64];
    static const char *const settings[][2] = {
        {"kiriage", "yes"}, {"kazoe", "sanbaiman"}, {"multiple-yakuman", "single"},
        {"double-yakuman", "yes"}, {"double-wind-fu", "2"}, {"open-pinfu", "20"},
        {"pinfu-tsumo", "30"}, {"rinshan-fu", "0"}, {"kuitan", "no"}, {"aka", "4"},
        {"renhou", "mangan"}, {"aotenjou", "yes"}, {"players", "3"},
        {"sanma", "north-bisection"}, {"honba", "1500"}, {"pao-kan", "discarder"},
    };
    tensu_rules_preset("tenhou", &r, &err);
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
        tensu_status s = tensu_rules_set(&r, settings[i][0], settings[i][1], &err);
        if (strcmp(settings[i][0], "honba") == 0) {
            CHECK(s == TENSU_ERR_RANGE); /* 0..1000 */
            continue;
        }
        CHECK(s == TENSU_OK);
        CHECK(tensu_rules_get(&r, settings[i][0], v, sizeof v));
        CHECK_STR(v, settings[i][1]);
    }
    CHECK(tensu_rules_set(&r, "renhou", "5", &err) == TENSU_OK);
    CHECK_EQ(r.renhou, 5);
    CHECK(tensu_rules_set(&r, "renhou", "yakuman", &err) == TENSU_OK);
    CHECK_EQ(r.renhou, TENSU_RENHOU_YAKUMAN);
    CHECK(tensu_rules_set(&r, "renhou", "14", &err) == TENSU_ERR_RANGE);

    CHECK(tensu_rules_set(&r, "double-wind-fu", "3", &err) == TENSU_ERR_RANGE);
    CHECK(strstr(err.message, "'3'") != NULL);
    CHECK(strstr(err.message, "2|4") != NULL);
    CHECK_EQ(r.double_wind_fu, 2); /* unchanged */
    CHECK(tensu_rules_set(&r, "kiriage", "maybe", &err) == TENSU_ERR_RANGE);
    CHECK(tensu_rules_set(&r, "kirage", "yes", &err) == TENSU_ERR_UNKNOWN);
    CHECK(strstr(err.message, "kirage") != NULL);
    CHECK(tensu_rules_assign(&r, "aka=2", &err) == TENSU_OK);
    CHECK_EQ(r.aka, 2);
    CHECK(tensu_rules_assign(&r, "aka", &err) == TENSU_ERR_INVALID);
    CHECK(tensu_rules_assign(&r, "aka=9", &err) == TENSU_ERR_RANGE);
    CHECK(tensu_rule_key_count() >= 16);
    CHECK(tensu_rule_key_at(tensu_rule_key_count()) == NULL);
}

int main(void)
{
    presets();
    keys();
    return harness_report("test_rules");
}
