/* Rule keys and presets.  Each key is one row of a table (its name, field,
 * allowed values and meaning); each preset is a line of key=value data on
 * top of the base rules.  Nothing else in the core knows key names. */
#include "internal.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum key_kind { K_BOOL, K_INT, K_ENUM, K_RENHOU, K_UMA } key_kind;

typedef struct key_def {
    tensu_rule_key pub;
    key_kind kind;
    size_t offset;              /* into tensu_rules */
    int lo, hi;                 /* K_INT range */
    const int *allowed;         /* K_INT: explicit allowed values (0-terminated list by count) */
    int nallowed;
    const char *const *words;   /* K_ENUM: words indexed by value */
    int nwords;
} key_def;

static const int two_four[] = {2, 4};
static const int thirty_twenty[] = {30, 20};
static const int twenty_thirty[] = {20, 30};
static const int two_zero[] = {2, 0};
static const int four_three[] = {4, 3};
static const char *const kazoe_words[] = {"yakuman", "sanbaiman"};
static const char *const stack_words[] = {"single", "stack"};
static const char *const sanma_words[] = {"tsumo-son", "north-bisection"};
static const char *const pao_kan_words[] = {"off", "discarder"};
static const char *const pao_split_words[] = {"whole", "yakuman"};
static const char *const busting_words[] = {"no", "yes", "unknown"};
static const char *const family_words[] = {"riichi", "classical"};
static const int roundings[] = {1, 2, 10};

#define F(field) offsetof(tensu_rules, field)

static const key_def keys[] = {
    {{"players", "4|3", "number of players; three-player games pay tsumo by the 'sanma' key"},
     K_INT, F(players), 3, 4, four_three, 2, NULL, 0},
    {{"kiriage", "yes|no", "round 4 han 30 fu and 3 han 60 fu up to mangan"},
     K_BOOL, F(kiriage), 0, 1, NULL, 0, NULL, 0},
    {{"kazoe", "yakuman|sanbaiman", "what 13 or more counted han are worth"},
     K_ENUM, F(kazoe), 0, 0, NULL, 0, kazoe_words, 2},
    {{"multiple-yakuman", "stack|single", "several yakuman in one hand add up (stack) or pay one yakuman (single)"},
     K_ENUM, F(multiple_yakuman), 0, 0, NULL, 0, stack_words, 2},
    {{"double-yakuman", "yes|no", "13-wait kokushi, suuankou tanki, junsei chuuren and daisuushii count as two yakuman"},
     K_BOOL, F(double_yakuman), 0, 1, NULL, 0, NULL, 0},
    {{"double-wind-fu", "2|4", "fu for a pair that is both the seat and the round wind"},
     K_INT, F(double_wind_fu), 2, 4, two_four, 2, NULL, 0},
    {{"open-pinfu", "30|20", "fu of an open hand won by ron with no fu at all"},
     K_INT, F(open_pinfu_fu), 20, 30, thirty_twenty, 2, NULL, 0},
    {{"pinfu-tsumo", "20|30", "fu of pinfu won by tsumo: 20, or 30 when the tsumo 2 fu is kept"},
     K_INT, F(pinfu_tsumo_fu), 20, 30, twenty_thirty, 2, NULL, 0},
    {{"rinshan-fu", "2|0", "tsumo fu for a win on a kan replacement tile"},
     K_INT, F(rinshan_fu), 0, 2, two_zero, 2, NULL, 0},
    {{"kuitan", "yes|no", "tanyao counts in an open hand"},
     K_BOOL, F(kuitan), 0, 1, NULL, 0, NULL, 0},
    {{"aka", "0..4", "number of red fives in the set, each worth one dora"},
     K_INT, F(aka), 0, 4, NULL, 0, NULL, 0},
    {{"renhou", "off|mangan|yakuman|1..13", "a non-dealer's ron before their first draw: off, a limit, or a number of han"},
     K_RENHOU, F(renhou), 1, 13, NULL, 0, NULL, 0},
    {{"aotenjou", "yes|no", "no limits: every hand is paid its exact formula value"},
     K_BOOL, F(aotenjou), 0, 1, NULL, 0, NULL, 0},
    {{"sanma", "tsumo-son|north-bisection", "three-player tsumo: the missing player's share is lost, or split between the payers"},
     K_ENUM, F(sanma), 0, 0, NULL, 0, sanma_words, 2},
    {{"honba", "0..1000", "points per honba counter, all payers together (split per payer on tsumo)"},
     K_INT, F(honba), 0, 1000, NULL, 0, NULL, 0},
    {{"riichi-stick", "0..10000", "points per riichi stick on the table"},
     K_INT, F(riichi_stick), 0, 10000, NULL, 0, NULL, 0},
    {{"pao-kan", "off|discarder", "a win on the replacement tile of an open kan called from a discard: ordinary tsumo, or the discarder pays it all"},
     K_ENUM, F(pao_kan), 0, 0, NULL, 0, pao_kan_words, 2},
    {{"pao-split", "whole|yakuman", "pao on a hand with several yakuman: the liable player pays the whole hand, or only the yakuman that caused the pao"},
     K_ENUM, F(pao_split), 0, 0, NULL, 0, pao_split_words, 2},
    {{"pao-suukantsu", "yes|no", "pao also for the player who fed the fourth kan of suukantsu"},
     K_BOOL, F(pao_suukantsu), 0, 1, NULL, 0, NULL, 0},
    {{"tenhou-double", "yes|no", "a dealer's tenhou counts kokushi, suuankou and chuuren as their double versions, whatever the winning tile"},
     K_BOOL, F(tenhou_double), 0, 1, NULL, 0, NULL, 0},
    {{"ippatsu", "yes|no", "the ippatsu yaku exists (a win within a go-round of riichi)"},
     K_BOOL, F(ippatsu), 0, 1, NULL, 0, NULL, 0},
    {{"ura-dora", "yes|no", "ura dora count after a winning riichi"},
     K_BOOL, F(ura_dora), 0, 1, NULL, 0, NULL, 0},
    {{"kan-dora", "yes|no", "each kan turns up one more dora indicator"},
     K_BOOL, F(kan_dora), 0, 1, NULL, 0, NULL, 0},
    {{"start-points", "0..1000000", "table rule: points each player starts with (0: not set)",
      .unset = "0"},
     K_INT, F(start_points), 0, 1000000, NULL, 0, NULL, 0},
    {{"return-points", "0..1000000", "table rule: points the final score is counted from; the difference from the start goes to the first (oka) (0: not set)",
      .unset = "0"},
     K_INT, F(return_points), 0, 1000000, NULL, 0, NULL, 0},
    {{"uma", "BIG/SMALL|FIRST/SECOND/THIRD|none", "table rule: placement bonus in thousands; four players: BIG/SMALL as 15/5 for +BIG/+SMALL/-SMALL/-BIG from first to last; three players: the three places, adding up to 0, as 20/0/-20; a change of 'players' drops an uma of the other form (none: not set)",
      .unset = "none"},
     K_UMA, F(uma_small), 0, 1000, NULL, 0, NULL, 0},
    {{"noten", "-1..100000", "table rule: points the players not ready pay in all at an exhaustive draw (0: no payment, -1: not set)",
      .unset = "-1"},
     K_INT, F(noten_total), -1, 100000, NULL, 0, NULL, 0},
    {{"riichi-min", "-1..100000", "table rule: least points a player must hold to declare riichi (0: no minimum, -1: not set)",
      .unset = "-1"},
     K_INT, F(riichi_min), -1, 100000, NULL, 0, NULL, 0},
    {{"busting", "yes|no|unknown", "table rule: a player below zero ends the game",
      .unset = "unknown"},
     K_ENUM, F(busting), 0, 0, NULL, 0, busting_words, 3},
    {{"chombo", "-1..100000", "table rule: points a chombo takes off the offender's final score, after uma (-1: not set)",
      .unset = "-1"},
     K_INT, F(chombo), -1, 100000, NULL, 0, NULL, 0},
    {{"family", "riichi|classical", "riichi scoring (han and fu), or the classical game before riichi (basic points and doubles)"},
     K_ENUM, F(family), 0, 0, NULL, 0, family_words, 2},
    {{"limit", "0..100000", "classical: the most a non-East loser pays a non-East winner (East pays and receives double); 0 for no limit", TENSU_FAMILY_CLASSICAL},
     K_INT, F(limit), 0, 100000, NULL, 0, NULL, 0},
    {{"rounding", "10|2|1", "classical: each payment rounded up to a multiple of this (10: the smallest score stick)", TENSU_FAMILY_CLASSICAL},
     K_INT, F(rounding), 1, 10, roundings, 3, NULL, 0},
    {{"east-double", "yes|no", "classical: East pays double and is paid double", TENSU_FAMILY_CLASSICAL},
     K_BOOL, F(east_double), 0, 1, NULL, 0, NULL, 0},
    {{"flower-points", "0..100", "classical: basic points for each flower or season", TENSU_FAMILY_CLASSICAL},
     K_INT, F(flower_points), 0, 100, NULL, 0, NULL, 0},
    {{"mahjong-points", "0..100", "classical: basic points for going out (mah jong)", TENSU_FAMILY_CLASSICAL},
     K_INT, F(mahjong_points), 0, 100, NULL, 0, NULL, 0},
};

#define NKEYS (sizeof keys / sizeof keys[0])

/* The base every preset starts from; each preset then names its own values
 * for every key that matters to it. */
static const char base_settings[] =
    "players=4 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=no "
    "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=3 "
    "renhou=off aotenjou=no sanma=tsumo-son honba=300 riichi-stick=1000 pao-kan=off "
    "pao-split=whole pao-suukantsu=no tenhou-double=no ippatsu=yes ura-dora=yes kan-dora=yes "
    "start-points=0 return-points=0 uma=none noten=-1 riichi-min=-1 busting=unknown chombo=-1 "
    "family=riichi limit=500 rounding=10 east-double=yes flower-points=4 mahjong-points=20";

static const tensu_preset presets[] = {
    {"tenhou", "Tenhou, four players (ranked lobbies)",
     "Tenhou's published rules (tenhou.net/man); every scoring key confirmed by the 13,146 "
     "four-player hands of the corpus with their official scores. Table rules from the English "
     "translation of Tenhou's 4-player ranking-match rules (mjstars.net/rules-for): 25,000 "
     "start, 30,000 return, uma 10-20, riichi only with 1,000 points or more, a negative score "
     "ends the game. Noten 3,000 in all from the corpus's official scores: of the games where "
     "one hand without a win lies between two recorded wins, 156 exhaustive draws moved "
     "3,000 points from the players not ready to those ready (1,000 from each of three, "
     "1,500 from each of two, 3,000 from one), 74 moved nothing (all or none ready), 7 other "
     "amounts (wins the corpus lacks)",
     "players=4 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=no "
     "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=3 "
     "renhou=off aotenjou=no honba=300 start-points=25000 return-points=30000 uma=20/10 "
     "noten=3000 riichi-min=1000 busting=yes",
     "noten: from the official scores of the corpus, not from a rule text (tenhou.net/man not "
     "read here); chombo: not read"},
    {"tenhou-sanma", "Tenhou, three players",
     "Tenhou's three-player rules (tenhou.net/man); every scoring key confirmed by the 3,981 "
     "three-player hands of the corpus. Table rules from the English translation of Tenhou's "
     "3-player ranking-match rules (mjstars.net/rules-for-3-player-ranking-match): 35,000 "
     "start, 40,000 return, uma +20/0/-20 (also riichi.wiki, Tenhou.net rules, 'Three-player "
     "rules': a placement uma of +20, 0, -20); otherwise as four players (riichi with 1,000 points or "
     "more, a negative score ends the game). Noten 2,000 in all from the corpus's official "
     "scores: of the games where one hand without a win lies between two recorded wins, 38 "
     "exhaustive draws moved 2,000 points (1,000 from each of two, 2,000 from one), 46 moved "
     "nothing",
     "players=3 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=no "
     "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=2 "
     "renhou=off aotenjou=no sanma=tsumo-son honba=200 start-points=35000 return-points=40000 "
     "uma=20/0/-20 noten=2000 riichi-min=1000 busting=yes",
     "noten: from the official scores of the corpus, not from a rule text (tenhou.net/man not "
     "read here); chombo: not read"},
    {"majsoul", "Mahjong Soul, four players (ranked)",
     "Mahjong Soul's ranked-match rules (in-game rule page, 2023): double yakuman, pao per "
     "yakuman, a dealer's tenhou with kokushi, suuankou or chuuren counted as the double "
     "version (as reported in issue 12 of this project). Start 25,000 and busting below zero: "
     "riichi.wiki, Majsoul (Rules, Ladder)",
     "players=4 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=yes "
     "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=3 "
     "renhou=off aotenjou=no honba=300 pao-split=yakuman tenhou-double=yes "
     "start-points=25000 busting=yes",
     "the in-game rule page not read here: pao-split and tenhou-double follow issue 12's "
     "report of Mahjong Soul's payments; return points, uma, noten, riichi minimum and chombo "
     "not read"},
    {"majsoul-sanma", "Mahjong Soul, three players (ranked)",
     "Mahjong Soul's three-player ranked rules (in-game rule page): tsumo loss, North set "
     "aside as dora, two red fives, 200 per honba, double yakuman, pao per yakuman (issue "
     "12's summary). Start 35,000 and busting below zero: riichi.wiki, Majsoul (Rules, Ladder)",
     "players=3 kiriage=no kazoe=yakuman multiple-yakuman=stack double-yakuman=yes "
     "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=2 "
     "renhou=off aotenjou=no sanma=tsumo-son honba=200 pao-split=yakuman tenhou-double=yes "
     "start-points=35000 busting=yes",
     "the in-game rule page not read here: the scoring keys follow issue 12's summary (North "
     "bisection is a room option: --set sanma=north-bisection); return points, uma, noten, "
     "riichi minimum and chombo not read"},
    {"ema2016", "European Mahjong Association, riichi rules 2016",
     "EMA Riichi Competition Rules, 2016 edition, in force 1 April 2016; its list of changes "
     "(mahjong-europe.org, 'Revised EMA Riichi rules are ready'): no red fives, open tanyao, "
     "renhou a mangan, daisuushii a single yakuman, 13 han or more a sanbaiman, 4 han 30 fu "
     "not rounded to mangan, uma 15,000/5,000, a chombo 20,000 points off after uma; one "
     "yakuman at most (riichi.wiki, EMA Riichi Competition Rules, 'Current (2016+)'). The "
     "noten payment from the 2016 book's text (3.4.2 Exhaustive draw: 'The total noten "
     "penalty amounts to 3000 points'), as shown by ooyamaneko.net's rule-book viewer "
     "(ooyamaneko.net/mahjong/bookcmp/view.php?book=RCR_2016_en)",
     "players=4 kiriage=no kazoe=sanbaiman multiple-yakuman=single double-yakuman=no "
     "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
     "renhou=mangan aotenjou=no honba=300 uma=15/5 noten=3000 chombo=20000",
     "the 2016 book read here only in its section 3.4.2 (the noten payment): the double-wind "
     "pair (4 fu), start and return points, riichi minimum and busting not confirmed"},
    {"wrc2015", "World Riichi Championship rules 2015",
     "World Riichi Championship Rules, rule book 2015 (S. Malbec): 6.5 'yakuman yaku are not "
     "cumulative'; a double-wind pair scores 4 fu; renhou among the mangan yaku, cumulative "
     "with other yaku and dora (WRC 2014 errata); kiriage; 13 han at most sanbaiman; 5.7.2 "
     "'The total noten penalty amounts to 3,000 points' (the rule book's text as shown by "
     "ooyamaneko.net/en/mahjong/bookcmp/view.php?book=WRC_2015&chap=5.5). Table rules: "
     "30,000 start and target, no oka, uma +15/+5, a negative score ends the game "
     "(riichi.wiki, World Riichi Championship rules)",
     "players=4 kiriage=yes kazoe=sanbaiman multiple-yakuman=single double-yakuman=no "
     "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
     "renhou=5 aotenjou=no honba=300 start-points=30000 return-points=30000 uma=15/5 "
     "noten=3000 busting=yes",
     "busting: a negative score ends the game rests on riichi.wiki's summary only, the rule "
     "book's own 5.9 (End of the game) not read here; riichi minimum and chombo: not read here"},
    {"wrc2022", "World Riichi Championship rules 2022",
     "WRC 2022 Major Rule Changes Summary (worldriichi.org/wrc-rules, 29 March 2022, as "
     "quoted in riichi-pointer-js issue 29): different yakuman add up, a single yakuman never "
     "counts double, a double-wind pair scores 2 fu; Mahjong Belgium's report of the changes "
     "(mahjongbelgium.be, 2 April 2022): 13 han or more capped at sanbaiman, a chombo costs "
     "30,000. Kiriage and no red fives carried over from WRC 2015",
     "players=4 kiriage=yes kazoe=sanbaiman multiple-yakuman=stack double-yakuman=no "
     "double-wind-fu=2 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
     "renhou=off aotenjou=no honba=300 chombo=30000",
     "the 2022 rule book itself not read here: kiriage, red fives, renhou, start and return "
     "points, uma, noten, riichi minimum and busting not confirmed for 2022"},
    {"mleague", "M.League (Japanese professional team league)",
     "M.League rules (m-league.jp/about, 2018) as summarised by riichi.wiki (M.League, Game "
     "rules): 25,000 start, 30,000 return, uma +30/+10, a double-wind pair 2 fu, one red five "
     "a suit, 300 per honba, pao on daisangen, daisuushii and suukantsu (the fourth kan an "
     "open kan called from a discard); by majannavi.com: no busting, riichi below 1,000 "
     "allowed; by k-bys.work: kiriage, no kazoe yakuman, different yakuman add up (since 2023: "
     "w.atwiki.jp/mahjlocal) but none counts double; by top3776.hatenablog.com (rules, "
     "chapter 7): a chombo costs 20 points (20,000)",
     "players=4 kiriage=yes kazoe=sanbaiman multiple-yakuman=stack double-yakuman=no "
     "double-wind-fu=2 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=3 "
     "renhou=off aotenjou=no honba=300 pao-suukantsu=yes start-points=25000 "
     "return-points=30000 uma=30/10 riichi-min=0 busting=no chombo=20000",
     "the league's own text not read here, only summaries (mahjong-space.com gives the chombo "
     "as a mangan payment); noten not read"},
    {"jpml", "Japan Professional Mahjong League, A rules",
     "JPML competition rules (ma-jan.or.jp/guide/game_rule.php, archived 2012): 30,000 each "
     "to start, 1 han minimum with two ba-zoro han, 13 han or more (with ba-zoro) a "
     "sanbaiman; summaries of the JPML official rules (note.com/mahjong_academy; "
     "ameblo.jp/rkkita, 2017): no ippatsu, no ura dora, no kan dora, no oka, noten 3,000 in "
     "all, a rinshan win on an open kan called from a discard paid by the discarder",
     "players=4 kiriage=no kazoe=sanbaiman multiple-yakuman=single double-yakuman=no "
     "double-wind-fu=4 open-pinfu=30 pinfu-tsumo=20 rinshan-fu=2 kuitan=yes aka=0 "
     "renhou=off aotenjou=no honba=300 ippatsu=no ura-dora=no kan-dora=no pao-suukantsu=yes "
     "pao-kan=discarder start-points=30000 return-points=30000 noten=3000",
     "multiple-yakuman: sources disagree (ameblo.jp/rkkita, 2017: no double yakuman such as "
     "daisangen with tsuuiisou; w.atwiki.jp/mahjlocal: JPML adds up different yakuman), kept "
     "single; red fives, the double-wind pair (4 fu), pao on suukantsu, uma, riichi minimum, "
     "busting and chombo not read"},
    {"classical", "Classical game before riichi (flowers and seasons, doubles, a limit)",
     "seed 003 (flowers, seasons, the 2000-point start and limit); classical rule books "
     "for the rest (see man 7 tensu-rules)",
     "family=classical players=4 limit=500 rounding=10 east-double=yes flower-points=4 "
     "mahjong-points=20 aka=0 honba=0 riichi-stick=0",
     "rounding, East doubling, flower and mahjong points: classical rule books differ"},
};

#define NPRESETS (sizeof presets / sizeof presets[0])

size_t tensu_rule_key_count(void) { return NKEYS; }

bool tensu_rule_key_applies(const tensu_rule_key *k, const tensu_rules *r)
{
    if (strcmp(k->name, "family") == 0)
        return true;
    if (r->family == TENSU_FAMILY_CLASSICAL)
        return k->family == TENSU_FAMILY_CLASSICAL || strcmp(k->name, "players") == 0;
    return k->family == TENSU_FAMILY_RIICHI;
}

const tensu_rule_key *tensu_rule_key_at(size_t i)
{
    return i < NKEYS ? &keys[i].pub : NULL;
}

size_t tensu_preset_count(void) { return NPRESETS; }

const tensu_preset *tensu_preset_at(size_t i)
{
    return i < NPRESETS ? &presets[i] : NULL;
}

const char *tensu_default_preset(void) { return "tenhou"; }

static const key_def *find_key(const char *name)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (strcmp(keys[i].pub.name, name) == 0)
            return &keys[i];
    return NULL;
}

/* The key at most two edits from name (a typo), NULL when none is. */
static const char *nearest_key(const char *name)
{
    size_t n = strlen(name);
    const char *best = NULL;
    int best_d = 3;
    if (n >= 32)
        return NULL;
    for (size_t i = 0; i < NKEYS; i++) {
        const char *k = keys[i].pub.name;
        size_t m = strlen(k);
        int row[33];
        if (m >= 32)
            continue;
        for (size_t j = 0; j <= m; j++)
            row[j] = (int)j;
        for (size_t a = 1; a <= n; a++) {
            int diag = row[0];
            row[0] = (int)a;
            for (size_t j = 1; j <= m; j++) {
                int up = row[j], d = diag + (name[a - 1] != k[j - 1]);
                if (up + 1 < d)
                    d = up + 1;
                if (row[j - 1] + 1 < d)
                    d = row[j - 1] + 1;
                diag = up;
                row[j] = d;
            }
        }
        if (row[m] < best_d) {
            best_d = row[m];
            best = k;
        }
    }
    return best;
}

static bool parse_int(const char *s, int *out)
{
    char *end;
    long v;
    if (*s == '\0')
        return false;
    v = strtol(s, &end, 10);
    if (*end != '\0' || v < -1000000 || v > 1000000)
        return false;
    *out = (int)v;
    return true;
}

/* An uma given in points (15000/5000): the error says it is in thousands,
 * with the value in thousands when the points are whole thousands. */
static tensu_status uma_in_points(const char *value, const int *u, int n, tensu_error *err)
{
    char k[48] = "";
    bool whole = true;
    for (int i = 0; i < n; i++)
        whole = whole && u[i] % 1000 == 0;
    if (whole && n == 2)
        snprintf(k, sizeof k, " (%s in points is %d/%d)", value, u[0] / 1000, u[1] / 1000);
    else if (whole)
        snprintf(k, sizeof k, " (%s in points is %d/%d/%d)", value, u[0] / 1000, u[1] / 1000,
                 u[2] / 1000);
    return error_fill(err, TENSU_ERR_RANGE,
                      "bad value '%s' for rule 'uma': the uma is in thousands, e.g. %s%s", value,
                      n == 2 ? "15/5" : "20/0/-20", k);
}

static bool parse_bool(const char *s, bool *out)
{
    static const char *const yes[] = {"yes", "on", "true", "1"};
    static const char *const no[] = {"no", "off", "false", "0"};
    for (size_t i = 0; i < 4; i++) {
        if (strcmp(s, yes[i]) == 0) {
            *out = true;
            return true;
        }
        if (strcmp(s, no[i]) == 0) {
            *out = false;
            return true;
        }
    }
    return false;
}

static tensu_status bad_value(const key_def *k, const char *value, tensu_error *err)
{
    return error_fill(err, TENSU_ERR_RANGE, "bad value '%s' for rule '%s': allowed %s",
                      value, k->pub.name, k->pub.values);
}

tensu_status tensu_rules_set(tensu_rules *r, const char *key, const char *value,
                             tensu_error *err)
{
    const key_def *k = find_key(key);
    char *field;
    int v;

    if (k == NULL) {
        /* the list of keys is longer than one message: tensu rules prints it */
        const char *near = nearest_key(key);
        if (near != NULL)
            return error_fill(err, TENSU_ERR_UNKNOWN,
                              "unknown rule '%s' (did you mean '%s'?): 'tensu rules' lists "
                              "every rule key and its values", key, near);
        return error_fill(err, TENSU_ERR_UNKNOWN,
                          "unknown rule '%s': 'tensu rules' lists every rule key and its values",
                          key);
    }
    field = (char *)r + k->offset;
    switch (k->kind) {
    case K_BOOL: {
        bool b;
        if (!parse_bool(value, &b))
            return bad_value(k, value, err);
        *(bool *)field = b;
        break;
    }
    case K_INT:
        if (!parse_int(value, &v) || v < k->lo || v > k->hi)
            return bad_value(k, value, err);
        if (k->allowed != NULL) {
            bool ok = false;
            for (int i = 0; i < k->nallowed; i++)
                ok = ok || k->allowed[i] == v;
            if (!ok)
                return bad_value(k, value, err);
        }
        /* an uma counts places: one for the other number of players no
         * longer says anything true, so it is dropped (the uma key sets it) */
        if (k->offset == offsetof(tensu_rules, players) &&
            ((v == 3 && r->uma_big >= 0) || (v == 4 && r->uma_three))) {
            r->uma_big = r->uma_small = -1;
            r->uma_three = false;
        }
        *(int *)field = v;
        break;
    case K_ENUM:
        for (v = 0; v < k->nwords; v++)
            if (strcmp(value, k->words[v]) == 0)
                break;
        if (v == k->nwords)
            return bad_value(k, value, err);
        if (k->offset == offsetof(tensu_rules, multiple_yakuman) ||
            k->offset == offsetof(tensu_rules, pao_split))
            *(bool *)field = v == 1;
        else if (k->offset == offsetof(tensu_rules, busting))
            *(int *)field = v == 2 ? -1 : v;
        else
            *(int *)field = v;
        break;
    case K_UMA: {
        /* "15/5" (BIG/SMALL: +15/+5/-5/-15 from first to last), "20/0/-20"
         * (three players: first/second/third) or "none" */
        int u[3], n = 0;
        bool points = false; /* a part past 1000: given in points, not thousands */
        const char *p = value;
        if (strcmp(value, "none") == 0) {
            r->uma_big = r->uma_small = -1;
            r->uma_three = false;
            break;
        }
        while (n < 3) {
            char part[32];
            size_t len = strcspn(p, "/");
            if (len == 0 || len >= sizeof part)
                return bad_value(k, value, err);
            memcpy(part, p, len);
            part[len] = '\0';
            if (!parse_int(part, &u[n]))
                return bad_value(k, value, err);
            points = points || u[n] < -1000 || u[n] > 1000;
            n++;
            p += len;
            if (*p == '\0')
                break;
            p++;
        }
        if (*p != '\0' || n < 2)
            return bad_value(k, value, err);
        if (points)
            return uma_in_points(value, u, n, err);
        if (n == 2) {
            if (u[0] < 0 || u[1] < 0 || u[1] > u[0])
                return error_fill(err, TENSU_ERR_RANGE,
                                  "bad value '%s' for rule 'uma': BIG/SMALL are two amounts in "
                                  "thousands, BIG not below SMALL, as 15/5 for +15/+5/-5/-15",
                                  value);
            if (r->players == 3)
                return error_fill(err, TENSU_ERR_RANGE,
                                  "bad value '%s' for rule 'uma': it is the four-place form "
                                  "(+%d/+%d/-%d/-%d) and these rules have three players: give "
                                  "first/second/third, as 20/0/-20",
                                  value, u[0], u[1], u[1], u[0]);
            r->uma_big = u[0];
            r->uma_small = u[1];
            r->uma_three = false;
            break;
        }
        if (u[0] < u[1] || u[1] < u[2] || u[0] + u[1] + u[2] != 0)
            return error_fill(err, TENSU_ERR_RANGE,
                              "bad value '%s' for rule 'uma': the three places in thousands, "
                              "first to third, from highest to lowest and adding up to 0, as "
                              "20/0/-20",
                              value);
        if (r->players != 3)
            return error_fill(err, TENSU_ERR_RANGE,
                              "bad value '%s' for rule 'uma': three places are for three "
                              "players; with %d players give BIG/SMALL, as 15/5",
                              value, r->players);
        r->uma_big = r->uma_small = -1;
        r->uma_three = true;
        memcpy(r->uma3, u, sizeof r->uma3);
        break;
    }
    case K_RENHOU:
        if (strcmp(value, "off") == 0 || strcmp(value, "no") == 0)
            v = TENSU_RENHOU_OFF;
        else if (strcmp(value, "mangan") == 0)
            v = TENSU_RENHOU_MANGAN;
        else if (strcmp(value, "yakuman") == 0)
            v = TENSU_RENHOU_YAKUMAN;
        else if (!parse_int(value, &v) || v < k->lo || v > k->hi)
            return bad_value(k, value, err);
        *(int *)field = v;
        break;
    }
    return TENSU_OK;
}

bool tensu_rules_get(const tensu_rules *r, const char *key, char *buf, size_t size)
{
    const key_def *k = find_key(key);
    const char *field;
    if (k == NULL || size == 0)
        return false;
    field = (const char *)r + k->offset;
    switch (k->kind) {
    case K_BOOL:
        snprintf(buf, size, "%s", *(const bool *)field ? "yes" : "no");
        break;
    case K_INT:
        snprintf(buf, size, "%d", *(const int *)field);
        break;
    case K_ENUM: {
        int v = k->offset == offsetof(tensu_rules, multiple_yakuman) ||
                        k->offset == offsetof(tensu_rules, pao_split)
                    ? (*(const bool *)field ? 1 : 0)
                    : *(const int *)field;
        if (k->offset == offsetof(tensu_rules, busting) && v < 0)
            v = 2;
        snprintf(buf, size, "%s", (v >= 0 && v < k->nwords) ? k->words[v] : "?");
        break;
    }
    case K_UMA:
        if (r->uma_three)
            snprintf(buf, size, "%d/%d/%d", r->uma3[0], r->uma3[1], r->uma3[2]);
        else if (r->uma_big < 0)
            snprintf(buf, size, "none");
        else
            snprintf(buf, size, "%d/%d", r->uma_big, r->uma_small);
        break;
    case K_RENHOU: {
        int v = *(const int *)field;
        if (v == TENSU_RENHOU_OFF)
            snprintf(buf, size, "off");
        else if (v == TENSU_RENHOU_MANGAN)
            snprintf(buf, size, "mangan");
        else if (v == TENSU_RENHOU_YAKUMAN)
            snprintf(buf, size, "yakuman");
        else
            snprintf(buf, size, "%d", v);
        break;
    }
    }
    return true;
}

tensu_status tensu_rules_assign(tensu_rules *r, const char *assignment, tensu_error *err)
{
    char key[64];
    const char *eq = strchr(assignment, '=');
    size_t n;
    if (eq == NULL || eq == assignment)
        return error_fill(err, TENSU_ERR_INVALID,
                          "bad rule setting '%s': expected KEY=VALUE", assignment);
    n = (size_t)(eq - assignment);
    if (n >= sizeof key)
        return error_fill(err, TENSU_ERR_UNKNOWN, "unknown rule '%.*s'", (int)n, assignment);
    memcpy(key, assignment, n);
    key[n] = '\0';
    return tensu_rules_set(r, key, eq + 1, err);
}

/* Apply a space-separated list of key=value settings. */
static tensu_status apply_settings(tensu_rules *r, const char *settings, tensu_error *err)
{
    char word[96];
    const char *p = settings;
    while (*p) {
        size_t n = strcspn(p, " ");
        if (n > 0) {
            tensu_status s;
            if (n >= sizeof word)
                return error_fill(err, TENSU_ERR_INVALID, "preset setting too long");
            memcpy(word, p, n);
            word[n] = '\0';
            s = tensu_rules_assign(r, word, err);
            if (s != TENSU_OK)
                return s;
        }
        p += n;
        while (*p == ' ')
            p++;
    }
    return TENSU_OK;
}

tensu_status tensu_rules_preset(const char *name, tensu_rules *out, tensu_error *err)
{
    const tensu_preset *p = NULL;
    tensu_rules r;
    tensu_status s;

    for (size_t i = 0; i < NPRESETS; i++)
        if (strcmp(presets[i].name, name) == 0)
            p = &presets[i];
    if (p == NULL) {
        char list[256];
        size_t n = 0;
        list[0] = '\0';
        for (size_t i = 0; i < NPRESETS && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                                  presets[i].name);
        return error_fill(err, TENSU_ERR_UNKNOWN, "unknown rules preset '%s': known presets are %s",
                          name, list);
    }
    memset(&r, 0, sizeof r);
    s = apply_settings(&r, base_settings, err);
    if (s == TENSU_OK)
        s = apply_settings(&r, p->settings, err);
    if (s != TENSU_OK)
        return s;
    snprintf(r.preset, sizeof r.preset, "%s", p->name);
    *out = r;
    return TENSU_OK;
}

size_t tensu_rules_changed(const tensu_rules *r, const char **out, size_t max)
{
    tensu_rules base;
    size_t n = 0;
    if (tensu_rules_preset(r->preset, &base, NULL) != TENSU_OK)
        return 0;
    for (size_t i = 0; i < NKEYS; i++) {
        char a[64], b[64];
        const char *name = keys[i].pub.name;
        if (!tensu_rules_get(r, name, a, sizeof a) || !tensu_rules_get(&base, name, b, sizeof b) ||
            strcmp(a, b) == 0)
            continue;
        if (n < max && out != NULL)
            out[n] = name;
        n++;
    }
    return n;
}

long tensu_rules_oka(const tensu_rules *r)
{
    if (r->start_points <= 0 || r->return_points <= 0)
        return 0;
    return (long)(r->return_points - r->start_points) * r->players;
}

bool tensu_chi_allowed(const tensu_rules *r)
{
    return r->players != 3;
}

int64_t tensu_uma_points(const tensu_rules *r, int place)
{
    if (r->uma_three)
        return place >= 1 && place <= 3 ? (int64_t)r->uma3[place - 1] * 1000 : 0;
    switch (place) {
    case 1: return (int64_t)r->uma_big * 1000;
    case 2: return (int64_t)r->uma_small * 1000;
    case 3: return -(int64_t)r->uma_small * 1000;
    case 4: return -(int64_t)r->uma_big * 1000;
    default: return 0;
    }
}
