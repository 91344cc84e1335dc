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
    CHECK(tensu_rules_preset("wrc2022", &r, &err) == TENSU_OK);
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

/* Every riichi key of every preset, as its sources give it (see each
 * preset's source and "not confirmed" lines): a changed value must change
 * here too, and a new preset must be added. */
static const struct {
    const char *name;
    const char *values;
} expected[] = {
    {"tenhou",
      "players=4 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=no "
      "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=3 "
      "renhou=off aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 pao-kan=off "
      "pao-split=whole pao-suukantsu=no tenhou-double=no ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=25000 return-points=30000 uma=20/10 noten=3000 "
      "riichi-min=1000 busting=yes chombo=-1"},
    {"tenhou-sanma",
      "players=3 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=no "
      "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=2 "
      "renhou=off aotenjou=no sanma=tsumo-son honba=200 riichi-stick=1000 pao-kan=off "
      "pao-split=whole pao-suukantsu=no tenhou-double=no ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=35000 return-points=40000 uma=20/0/-20 noten=2000 "
      "riichi-min=1000 busting=yes chombo=-1"},
    {"majsoul",
      "players=4 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=yes "
      "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=3 "
      "renhou=off aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 pao-kan=off "
      "pao-split=yakuman pao-suukantsu=no tenhou-double=yes ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=25000 return-points=0 uma=none noten=-1 riichi-min=-1 "
      "busting=yes chombo=-1"},
    {"majsoul-sanma",
      "players=3 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=yes "
      "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=2 "
      "renhou=off aotenjou=no sanma=tsumo-son honba=200 riichi-stick=1000 pao-kan=off "
      "pao-split=yakuman pao-suukantsu=no tenhou-double=yes ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=35000 return-points=0 uma=none noten=-1 riichi-min=-1 "
      "busting=yes chombo=-1"},
    {"ema2016",
      "players=4 kiriage=no kazoe=sanbaiman multiple-yakuman=single double-yakuman=no "
      "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
      "renhou=mangan aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 pao-kan=off "
      "pao-split=whole pao-suukantsu=no tenhou-double=no ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=0 return-points=0 uma=15/5 noten=3000 riichi-min=-1 "
      "busting=unknown chombo=20000"},
    {"wrc2015",
      "players=4 kiriage=yes kazoe=sanbaiman multiple-yakuman=single double-yakuman=no "
      "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
      "renhou=5 aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 pao-kan=off "
      "pao-split=whole pao-suukantsu=no tenhou-double=no ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=30000 return-points=30000 uma=15/5 noten=3000 riichi-min=-1 "
      "busting=yes chombo=-1"},
    {"wrc2022",
      "players=4 kiriage=yes kazoe=sanbaiman multiple-yakuman=stack double-yakuman=no "
      "double-wind-fu=2 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
      "renhou=off aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 pao-kan=off "
      "pao-split=whole pao-suukantsu=no tenhou-double=no ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=0 return-points=0 uma=none noten=-1 riichi-min=-1 "
      "busting=unknown chombo=30000"},
    {"mleague",
      "players=4 kiriage=yes kazoe=sanbaiman multiple-yakuman=stack double-yakuman=no "
      "double-wind-fu=2 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=3 "
      "renhou=off aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 pao-kan=off "
      "pao-split=whole pao-suukantsu=yes tenhou-double=no ippatsu=yes ura-dora=yes "
      "kan-dora=yes start-points=25000 return-points=30000 uma=30/10 noten=-1 riichi-min=0 "
      "busting=no chombo=20000"},
    {"jpml",
      "players=4 kiriage=no kazoe=sanbaiman multiple-yakuman=single double-yakuman=no "
      "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
      "renhou=off aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 "
      "pao-kan=discarder pao-split=whole pao-suukantsu=yes tenhou-double=no ippatsu=no "
      "ura-dora=no kan-dora=no start-points=30000 return-points=30000 uma=none noten=3000 "
      "riichi-min=-1 busting=unknown chombo=-1"},
};

static void preset_values(void)
{
    tensu_rules r;
    tensu_error err;
    char v[64], buf[1024];

    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        size_t nkeys = 0;
        CHECK(tensu_rules_preset(expected[i].name, &r, &err) == TENSU_OK);
        snprintf(buf, sizeof buf, "%s", expected[i].values);
        for (char *kv = strtok(buf, " "); kv != NULL; kv = strtok(NULL, " ")) {
            char *eq = strchr(kv, '=');
            CHECK(eq != NULL);
            if (eq == NULL)
                continue;
            *eq = '\0';
            CHECK(tensu_rules_get(&r, kv, v, sizeof v));
            if (strcmp(v, eq + 1) != 0)
                fprintf(stderr, "preset %s: %s=%s, expected %s\n", expected[i].name, kv, v,
                        eq + 1);
            CHECK_STR(v, eq + 1);
            nkeys++;
        }
        /* every riichi key is listed */
        {
            size_t want = 0;
            for (size_t k = 0; k < tensu_rule_key_count(); k++)
                if (tensu_rule_key_applies(tensu_rule_key_at(k), &r) &&
                    strcmp(tensu_rule_key_at(k)->name, "family") != 0)
                    want++;
            CHECK_EQ(nkeys, want);
        }
    }
    /* every preset but the classical one is in the table */
    for (size_t i = 0; i < tensu_preset_count(); i++) {
        const char *name = tensu_preset_at(i)->name;
        bool found = strcmp(name, "classical") == 0;
        for (size_t j = 0; j < sizeof expected / sizeof expected[0]; j++)
            found = found || strcmp(expected[j].name, name) == 0;
        if (!found)
            fprintf(stderr, "preset %s has no row in expected[]\n", name);
        CHECK(found);
    }

    /* the table rules read into the fields the sheets use */
    CHECK(tensu_rules_preset("mleague", &r, &err) == TENSU_OK);
    CHECK(r.start_points == 25000 && r.return_points == 30000);
    CHECK(r.uma_big == 30 && r.uma_small == 10);
    CHECK_EQ(r.busting, 0);
    CHECK_EQ(r.chombo, 20000);
    CHECK_EQ(r.riichi_min, 0);
    CHECK(r.multiple_yakuman && !r.double_yakuman && r.kazoe == TENSU_KAZOE_SANBAIMAN);
    CHECK(r.pao_suukantsu && r.honba == 300);
    CHECK(tensu_rules_preset("tenhou", &r, &err) == TENSU_OK);
    CHECK(r.uma_big == 20 && r.uma_small == 10 && r.riichi_min == 1000 && r.busting == 1);
    CHECK(tensu_rules_preset("tenhou-sanma", &r, &err) == TENSU_OK);
    CHECK(r.start_points == 35000 && r.return_points == 40000 && r.uma_big == -1);
    /* three players: the uma in three places (mjstars.net, riichi.wiki: +20/0/-20) */
    CHECK(r.uma_three && r.uma3[0] == 20 && r.uma3[1] == 0 && r.uma3[2] == -20);
    /* noten from the corpus's official scores (tests/noten_corpus_test.py) */
    CHECK_EQ(r.noten_total, 2000);
    CHECK(tensu_rules_set(&r, "uma", "15/5", &err) == TENSU_ERR_RANGE);
    CHECK(strstr(err.message, "'uma'") && strstr(err.message, "'15/5'") &&
          strstr(err.message, "three players"));
    CHECK(tensu_rules_set(&r, "uma", "20/0/-10", &err) == TENSU_ERR_RANGE);
    CHECK(strstr(err.message, "'20/0/-10'") && strstr(err.message, "adding up to 0"));
    CHECK(tensu_rules_set(&r, "uma", "0/20/-20", &err) == TENSU_ERR_RANGE);
    CHECK(tensu_rules_set(&r, "uma", "20/0/-20/0", &err) == TENSU_ERR_RANGE);
    CHECK(tensu_rules_set(&r, "uma", "30/0/-30", &err) == TENSU_OK);
    CHECK(r.uma_three && r.uma3[0] == 30 && r.uma3[2] == -30);
    /* four players again: a three-place uma says nothing true and is dropped */
    CHECK(tensu_rules_set(&r, "players", "4", &err) == TENSU_OK);
    CHECK(!r.uma_three && r.uma_big == -1);
    CHECK(tensu_rules_set(&r, "uma", "20/0/-20", &err) == TENSU_ERR_RANGE);
    CHECK(strstr(err.message, "three players") != NULL);
    /* noten from the rule books (WRC 2015 5.7.2, EMA 2016 3.4.2): 3,000 in all */
    CHECK(tensu_rules_preset("wrc2015", &r, &err) == TENSU_OK);
    CHECK(r.noten_total == 3000 && r.riichi_min == -1 && r.busting == 1);
    CHECK(tensu_rules_preset("ema2016", &r, &err) == TENSU_OK);
    CHECK_EQ(r.noten_total, 3000);
    /* 0 is a value (none), -1 is "not set" */
    CHECK(tensu_rules_set(&r, "noten", "0", &err) == TENSU_OK && r.noten_total == 0);
    CHECK(tensu_rules_set(&r, "riichi-min", "-1", &err) == TENSU_OK && r.riichi_min == -1);
    CHECK(tensu_rules_set(&r, "riichi-min", "-2", &err) == TENSU_ERR_RANGE);
    CHECK(tensu_rules_preset("jpml", &r, &err) == TENSU_OK);
    CHECK(r.noten_total == 3000 && r.start_points == 30000 && r.busting == -1);
    CHECK(!r.multiple_yakuman && r.pao_kan == TENSU_PAO_KAN_DISCARDER);
    CHECK(tensu_rules_preset("ema2016", &r, &err) == TENSU_OK);
    CHECK(r.chombo == 20000 && r.uma_big == 15 && r.start_points == 0);
    CHECK(tensu_rules_preset("wrc2022", &r, &err) == TENSU_OK);
    CHECK(r.chombo == 30000 && r.multiple_yakuman && r.double_wind_fu == 2);
    CHECK(tensu_rules_preset("majsoul-sanma", &r, &err) == TENSU_OK);
    CHECK(r.double_yakuman && r.tenhou_double && r.players == 3 && r.start_points == 35000);
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

/* The tiles in play: three players have no 2m..8m; four have all 34; the
 * dora indicators. */
static void tiles_in_play(void)
{
    tensu_rules r4, r3;
    int in4 = 0, in3 = 0;
    CHECK_EQ(tensu_rules_preset("tenhou", &r4, NULL), TENSU_OK);
    CHECK_EQ(tensu_rules_preset("tenhou-sanma", &r3, NULL), TENSU_OK);
    for (int k = 0; k < TENSU_TILE_KINDS; k++) {
        in4 += tensu_tile_in_play(&r4, k);
        in3 += tensu_tile_in_play(&r3, k);
    }
    CHECK_EQ(in4, 34);
    CHECK_EQ(in3, 27);
    CHECK(tensu_tile_in_play(&r3, 0));  /* 1m */
    CHECK(!tensu_tile_in_play(&r3, 1)); /* 2m */
    CHECK(!tensu_tile_in_play(&r3, 7)); /* 8m */
    CHECK(tensu_tile_in_play(&r3, 8));  /* 9m */
    CHECK(!tensu_tile_in_play(&r4, 34));
    CHECK(!tensu_tile_in_play(&r4, -1));
    /* the indicator of each dora, and back */
    for (int k = 0; k < TENSU_TILE_KINDS; k++) {
        if (tensu_tile_in_play(&r3, k))
            CHECK_EQ(tensu_dora_tile(&r3, tensu_dora_indicator(&r3, k)), k);
        CHECK_EQ(tensu_dora_tile(&r4, tensu_dora_indicator(&r4, k)), k);
    }
    CHECK_EQ(tensu_dora_indicator(&r4, 0), 8);   /* 9m shows 1m */
    CHECK_EQ(tensu_dora_indicator(&r3, 8), 0);   /* three players: 1m shows 9m */
    CHECK_EQ(tensu_dora_indicator(&r4, 27), 30); /* north shows east */
    CHECK_EQ(tensu_dora_indicator(&r4, 31), 33); /* red shows white */
}

/* The one writer of tiles: mpsz with red fives as 0, read back by the
 * parser; cut short as snprintf when the buffer is small. */
static void tiles_written(void)
{
    int counts[TENSU_TILE_KINDS] = {0}, red[3] = {0, 1, 0}, kinds[16], n = 0;
    bool reds[16];
    char buf[32], small[5];
    tensu_meld chi = {TENSU_MELD_CHI, 2, 1}, pon = {TENSU_MELD_PON, 13, 1};
    tensu_meld kan = {TENSU_MELD_ANKAN, 18, 0}, bad = {TENSU_MELD_CHI, 7, 0};
    counts[0] = counts[1] = counts[2] = 1;   /* 123m */
    counts[13] = 2;                          /* 5p, one red */
    counts[31] = 2;                          /* 55z */
    CHECK_EQ(tensu_tiles_write(counts, red, buf, sizeof buf), 10);
    CHECK_STR(buf, "123m05p55z");
    CHECK_EQ(tensu_tiles_write(counts, NULL, buf, sizeof buf), 10);
    CHECK_STR(buf, "123m55p55z");
    CHECK_EQ(tensu_tiles_parse("123m05p55z", kinds, reds, 16, &n, NULL), TENSU_OK);
    CHECK_EQ(n, 7);
    CHECK(reds[3] && kinds[3] == 13);
    CHECK_EQ(tensu_tiles_write(counts, red, small, sizeof small), 10);
    CHECK_STR(small, "123m");
    CHECK_EQ(tensu_tiles_write(counts, red, NULL, 0), 10);
    CHECK_EQ(tensu_meld_write(&chi, buf, sizeof buf), 4);
    CHECK_STR(buf, "340m");
    tensu_meld_write(&pon, buf, sizeof buf);
    CHECK_STR(buf, "055p");
    tensu_meld_write(&kan, buf, sizeof buf);
    CHECK_STR(buf, "1111s");
    tensu_meld_write(&bad, buf, sizeof buf);
    CHECK_STR(buf, "?");
}

int main(void)
{
    presets();
    preset_values();
    keys();
    tiles_in_play();
    tiles_written();
    return harness_report("test_rules");
}
