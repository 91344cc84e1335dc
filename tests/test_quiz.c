/* Worksheets (issue 18): the same seed gives the same sheet, seeds differ,
 * no hand twice, every answer is the scorer's on the hand as written out in
 * notation (over 1 000 seeds), level 1 keeps to closed hands with a simple
 * wait and varied yaku, level 2 has calls, kans and wind pairs, level 3
 * holds every trap the rules have (each on a kind that tests it) for
 * several presets and rule changes, and table questions keep mostly to
 * 1-4 han.  (The printed key against tensu score: quiz_key_test.py.) */
#include "harness.h"
#include "../src/tensu.h"

#include <stdio.h>
#include <string.h>

/* The hand written out as a player reads it, then read back by the
 * scorer's own parser: what a learner sees is what is scored. */
static bool rescore(const tensu_rules *r, const tensu_exercise *e, tensu_score_result *out)
{
    const tensu_hand *h = &e->hand;
    tensu_hand back;
    char text[64], t[4];
    size_t len = 0;
    tensu_error err;
    for (int suit = 0; suit < 4; suit++) {
        bool any = false;
        for (int k = suit * 9; k < (suit == 3 ? 34 : suit * 9 + 9); k++)
            for (int n = 0; n < h->tiles[k] - (k == h->win); n++) {
                text[len++] = (char)('1' + k % 9);
                any = true;
            }
        if (any)
            text[len++] = "mpsz"[suit];
    }
    len += (size_t)snprintf(text + len, sizeof text - len, "+%s", tensu_tile_name(h->win, false, t));
    tensu_hand_init(&back);
    if (tensu_hand_parse(text, &back, &err) != TENSU_OK) {
        fprintf(stderr, "%s: %s\n", text, err.message);
        return false;
    }
    for (int i = 0; i < h->nmelds; i++) {
        char m[8];
        int n = h->melds[i].type == TENSU_MELD_CHI || h->melds[i].type == TENSU_MELD_PON ? 3 : 4;
        size_t ml = 0;
        for (int j = 0; j < n; j++)
            m[ml++] = (char)('1' + (h->melds[i].tile + (h->melds[i].type == TENSU_MELD_CHI ? j : 0)) % 9);
        m[ml++] = "mpsz"[h->melds[i].tile / 9];
        m[ml] = '\0';
        if (tensu_hand_add_meld(&back, h->melds[i].type, m, &err) != TENSU_OK)
            return false;
    }
    back.tsumo = h->tsumo;
    back.seat = h->seat;
    back.round = h->round;
    back.riichi = h->riichi;
    back.ndora = h->ndora;
    memcpy(back.dora, h->dora, sizeof back.dora);
    back.honba = h->honba;
    back.sticks = h->sticks;
    return tensu_score(r, &back, out, &err) == TENSU_OK;
}

/* Does the exercise show its trap, under the rules? */
static bool trap_holds(const tensu_rules *r, const tensu_exercise *e)
{
    const tensu_score_result *s = &e->result;
    switch (e->trap) {
    case TENSU_TRAP_NONE: return true;
    case TENSU_TRAP_SHANPON_RON:
        return !e->hand.tsumo && s->wait == TENSU_WAIT_SHANPON &&
               tensu_result_has_fu_in(s, TENSU_FU_RON_TRIPLETS);
    case TENSU_TRAP_PINFU_TSUMO:
        return e->hand.tsumo && tensu_result_has_yaku(s, TENSU_YAKU_PINFU) &&
               s->fu == r->pinfu_tsumo_fu;
    case TENSU_TRAP_OPEN_PINFU:
        return tensu_hand_open(&e->hand) && !e->hand.tsumo && s->fu == r->open_pinfu_fu;
    case TENSU_TRAP_CHIITOITSU: return s->shape == TENSU_SHAPE_CHIITOITSU && s->fu == 25;
    case TENSU_TRAP_TWO_READINGS: {
        /* another reading that counts otherwise, and pays less */
        int other = 0;
        for (int i = 0; i < s->nalternatives; i++)
            if (s->alternatives[i].han != s->han || s->alternatives[i].fu != s->fu) {
                if (s->alternatives[i].total >= s->payment.total)
                    return false;
                other++;
            }
        return other > 0;
    }
    case TENSU_TRAP_KIRIAGE:
        return r->kiriage && e->payment.value.kiriage &&
               e->payment.value.limit == TENSU_LIMIT_MANGAN;
    case TENSU_TRAP_NO_KIRIAGE:
        return !r->kiriage && e->payment.value.limit == TENSU_LIMIT_NONE &&
               ((e->han == 4 && e->fu == 30) || (e->han == 3 && e->fu == 60));
    case TENSU_TRAP_OPEN_HAN: {
        static const tensu_yaku_id less[] = {TENSU_YAKU_HONITSU, TENSU_YAKU_CHINITSU,
                                             TENSU_YAKU_ITTSU,   TENSU_YAKU_SANSHOKU,
                                             TENSU_YAKU_CHANTA,  TENSU_YAKU_JUNCHAN};
        bool any = false;
        for (size_t i = 0; i < sizeof less / sizeof less[0]; i++)
            any = any || tensu_result_has_yaku(s, less[i]);
        return tensu_hand_open(&e->hand) && any;
    }
    case TENSU_TRAP_DORA_WRAP:
        return s->dora > 0 && tensu_dora_tile(r, e->hand.dora[0]) != e->hand.dora[0] + 1;
    case TENSU_TRAP_LIMIT_BY_HAN: return e->han >= 5 && e->payment.value.limit != TENSU_LIMIT_NONE;
    case TENSU_TRAP_CELL_25: return e->fu == 25 && e->han >= 2;
    case TENSU_TRAP_CELL_20: return e->fu == 20 && e->tsumo && e->han >= 2;
    case TENSU_TRAP_COUNT: break;
    }
    return false;
}

/* Is the trap among those tensu_quiz_traps gives for a kind? */
static bool tested_by(const tensu_rules *r, tensu_quiz_kind k, tensu_quiz_trap t)
{
    tensu_quiz_trap traps[TENSU_TRAP_COUNT];
    int n = tensu_quiz_traps(r, k, traps, TENSU_TRAP_COUNT);
    for (int i = 0; i < n; i++)
        if (traps[i] == t)
            return true;
    return false;
}

/* The traps of a kind under the rules, by name: "a, b, c". */
static const char *trap_list(const tensu_rules *r, tensu_quiz_kind k, char *buf, size_t size)
{
    tensu_quiz_trap traps[TENSU_TRAP_COUNT];
    int n = tensu_quiz_traps(r, k, traps, TENSU_TRAP_COUNT);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
                                tensu_quiz_trap_name(traps[i]));
    return buf;
}

static tensu_exercise a[TENSU_QUIZ_MAX], b[TENSU_QUIZ_MAX];

static bool simple_wait(tensu_wait w)
{
    return w == TENSU_WAIT_RYANMEN || w == TENSU_WAIT_KANCHAN || w == TENSU_WAIT_PENCHAN ||
           w == TENSU_WAIT_TANKI;
}

int main(void)
{
    static const char *const presets[] = {"tenhou", "wrc2015", "tenhou-sanma", "ema2016"};
    tensu_rules r;
    tensu_error err;
    long checked = 0, wrong = 0;
    /* level 1 and 2: what the hands hold, counted over the seeds */
    long l1 = 0, l1_riichi = 0, l1_tsumo = 0, l1_tanyao = 0, l1_yakuhai = 0, l1_tanki = 0;
    long l2 = 0, l2_open = 0, l2_kan = 0, l2_wind = 0, l2_wait = 0;
    long tables = 0, tables_fu = 0;

    /* every answer is the scorer's, over 1 000 seeds of every kind and level */
    for (size_t p = 0; p < 4; p++) {
        tensu_rules_preset(presets[p], &r, NULL);
        for (int seed = 0; seed < (p == 0 ? 1000 : 150); seed++) {
            int kind = seed % 5, level = 1 + seed / 5 % 3;
            CHECK(tensu_quiz_make(&r, (tensu_quiz_kind)kind, level, 6, (uint64_t)seed, a, &err) ==
                  TENSU_OK);
            for (int i = 0; i < 6; i++) {
                tensu_score_result s;
                tensu_payment pay;
                const tensu_hand *h = &a[i].hand;
                CHECK(trap_holds(&r, &a[i]));
                if (level < 3)
                    CHECK_EQ(a[i].trap, TENSU_TRAP_NONE);
                if (a[i].kind == TENSU_QUIZ_TABLE) {
                    CHECK(tensu_pay(&r, a[i].han, a[i].fu, 0, a[i].dealer, a[i].tsumo, 0, 0, &pay,
                                    NULL) == TENSU_OK);
                    if (pay.total != a[i].payment.total || pay.ron != a[i].payment.ron)
                        wrong++;
                    checked++;
                    if (level == 2) {
                        tables++;
                        tables_fu += a[i].han <= 4;
                    }
                    if (level == 1)
                        CHECK(a[i].han <= 4 && a[i].fu >= 30 && a[i].fu <= 70);
                    continue;
                }
                if (!rescore(&r, &a[i], &s) || s.han != a[i].result.han || s.fu != a[i].result.fu ||
                    s.yakuman != a[i].result.yakuman ||
                    s.total_with_sticks != a[i].result.total_with_sticks)
                    wrong++;
                checked++;
                /* no hand twice on a sheet */
                for (int j = 0; j < i; j++)
                    CHECK(memcmp(a[j].hand.tiles, a[i].hand.tiles, sizeof a[i].hand.tiles) != 0 ||
                          a[j].hand.nmelds != a[i].hand.nmelds ||
                          a[j].kind == TENSU_QUIZ_TABLE);
                if (level == 1) {
                    /* closed, no kan, one reading, a simple wait, no pair
                     * that scores, no pinfu tsumo */
                    const tensu_score_result *q = &a[i].result;
                    CHECK_EQ(h->nmelds, 0);
                    CHECK_EQ(q->nalternatives, 0);
                    CHECK(q->shape == TENSU_SHAPE_STANDARD && simple_wait(q->wait));
                    CHECK(!tensu_result_has_fu_in(q, TENSU_FU_VALUE_PAIRS));
                    l1_tanki += q->wait == TENSU_WAIT_TANKI; /* a simple wait too */
                    CHECK(!(h->tsumo && tensu_result_has_yaku(q, TENSU_YAKU_PINFU)));
                    l1++;
                    l1_riichi += h->riichi;
                    l1_tsumo += tensu_result_has_yaku(q, TENSU_YAKU_MENZEN_TSUMO) && !h->riichi;
                    l1_tanyao += tensu_result_has_yaku(q, TENSU_YAKU_TANYAO) && !h->riichi;
                    l1_yakuhai += (tensu_result_has_yaku(q, TENSU_YAKU_HAKU) ||
                                   tensu_result_has_yaku(q, TENSU_YAKU_HATSU) ||
                                   tensu_result_has_yaku(q, TENSU_YAKU_CHUN)) &&
                                  !h->riichi;
                }
                if (level == 2) {
                    bool kan = false, open = false;
                    for (int m = 0; m < h->nmelds; m++) {
                        kan |= h->melds[m].type == TENSU_MELD_ANKAN ||
                               h->melds[m].type == TENSU_MELD_MINKAN;
                        open |= h->melds[m].type == TENSU_MELD_CHI ||
                                h->melds[m].type == TENSU_MELD_PON;
                    }
                    l2++;
                    l2_open += open;
                    l2_kan += kan;
                    l2_wind += tensu_result_has_fu_in(&a[i].result, TENSU_FU_WIND_PAIRS);
                    l2_wait += a[i].result.wait != TENSU_WAIT_RYANMEN;
                }
                /* three players: no characters 2 to 8 */
                if (r.players == 3)
                    for (int k = 1; k <= 7; k++)
                        CHECK_EQ(a[i].hand.tiles[k], 0);
            }
        }
    }
    fprintf(stderr, "%ld answers checked against the scorer, %ld wrong\n", checked, wrong);
    CHECK(checked > 5000);
    CHECK_EQ(wrong, 0);
    /* level 1 varies its yaku; level 2 has calls, kans, wind pairs, waits */
    fprintf(stderr,
            "level 1: %ld hands, riichi %ld, menzen tsumo %ld, tanyao %ld, yakuhai %ld "
            "(without riichi)\nlevel 2: %ld hands, open %ld, kan %ld, wind pair %ld, "
            "other waits %ld; tables %ld, at 1-4 han %ld\n",
            l1, l1_riichi, l1_tsumo, l1_tanyao, l1_yakuhai, l2, l2_open, l2_kan, l2_wind,
            l2_wait, tables, tables_fu);
    CHECK(l1 > 300);
    CHECK(l1_riichi < l1 * 6 / 10);
    CHECK(l1_tsumo > l1 / 20 && l1_tanyao > l1 / 20 && l1_yakuhai > l1 / 20);
    CHECK(l1_tanki > l1 / 50); /* the pair wait the help promises at level 1 */
    CHECK(l2_open > l2 / 5 && l2_kan > l2 / 20 && l2_wind > l2 / 50 && l2_wait > l2 / 3);
    CHECK(tables_fu * 10 >= tables * 7);

    /* the same seed, the same sheet; another seed, another sheet */
    tensu_rules_preset("tenhou", &r, NULL);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 2, 10, 42, a, NULL) == TENSU_OK);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 2, 10, 42, b, NULL) == TENSU_OK);
    CHECK(memcmp(a, b, sizeof a[0] * 10) == 0);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 2, 10, 43, b, NULL) == TENSU_OK);
    {
        int same = 0;
        for (int i = 0; i < 10; i++)
            same += memcmp(&a[i].hand, &b[i].hand, sizeof a[i].hand) == 0;
        CHECK(same < 3);
    }

    /* level 3: every trap the rules have, on a sheet as long as the list,
     * each on a kind that tests it, for several rules and every kind */
    {
        static const char *const rules3[][3] = {
            {"tenhou", NULL, NULL},
            {"wrc2015", NULL, NULL},
            {"tenhou-sanma", NULL, NULL},
            {"tenhou", "pinfu-tsumo=30", "open-pinfu=20"},
            {"wrc2015", "aotenjou=yes", NULL},
            {"ema2016", "kuitan=no", NULL},
        };
        for (size_t p = 0; p < sizeof rules3 / sizeof rules3[0]; p++) {
            tensu_rules_preset(rules3[p][0], &r, NULL);
            for (int k = 1; k < 3; k++)
                if (rules3[p][k])
                    CHECK(tensu_rules_assign(&r, rules3[p][k], NULL) == TENSU_OK);
            for (int kind = 0; kind <= TENSU_QUIZ_MIXED; kind++) {
                tensu_quiz_trap traps[TENSU_TRAP_COUNT];
                int n = tensu_quiz_traps(&r, (tensu_quiz_kind)kind, traps, TENSU_TRAP_COUNT);
                CHECK(n >= 2);
                for (int t = 0; t < n; t++) {
                    /* the list: what the rules have */
                    if (traps[t] == TENSU_TRAP_KIRIAGE)
                        CHECK(r.kiriage);
                    if (traps[t] == TENSU_TRAP_NO_KIRIAGE)
                        CHECK(!r.kiriage);
                    if (traps[t] == TENSU_TRAP_OPEN_PINFU)
                        CHECK_EQ(r.players, 4);
                    if (traps[t] == TENSU_TRAP_LIMIT_BY_HAN)
                        CHECK(!r.aotenjou);
                }
                if (kind == TENSU_QUIZ_FU || kind == TENSU_QUIZ_MIXED) {
                    int pt = 0;
                    for (int t = 0; t < n; t++)
                        pt += traps[t] == TENSU_TRAP_PINFU_TSUMO;
                    CHECK_EQ(pt, 1); /* said per rules, never dropped */
                }
                for (int seed = 1; seed <= 6; seed++) {
                    CHECK(tensu_quiz_make(&r, (tensu_quiz_kind)kind, 3, n, (uint64_t)seed, a,
                                          &err) == TENSU_OK);
                    for (int t = 0; t < n; t++) {
                        int seen = 0;
                        for (int i = 0; i < n; i++)
                            seen += a[i].trap == traps[t];
                        if (seen != 1)
                            fprintf(stderr, "%s %s kind %d seed %d: trap %s %d times\n",
                                    rules3[p][0], rules3[p][1] ? rules3[p][1] : "", kind, seed,
                                    tensu_quiz_trap_name(traps[t]), seen);
                        CHECK_EQ(seen, 1);
                    }
                    for (int i = 0; i < n; i++) {
                        CHECK(a[i].trap != TENSU_TRAP_NONE);
                        CHECK(tested_by(&r, a[i].kind, a[i].trap));
                        CHECK(trap_holds(&r, &a[i]));
                        if (kind != TENSU_QUIZ_MIXED)
                            CHECK_EQ(a[i].kind, (tensu_quiz_kind)kind);
                    }
                }
            }
        }
        /* a mixed sheet long enough has every kind of question */
        tensu_rules_preset("tenhou", &r, NULL);
        CHECK(tensu_quiz_make(&r, TENSU_QUIZ_MIXED, 3, 12, 3, a, NULL) == TENSU_OK);
        for (int kind = 0; kind < TENSU_QUIZ_MIXED; kind++) {
            int seen = 0;
            for (int i = 0; i < 12; i++)
                seen += a[i].kind == (tensu_quiz_kind)kind;
            CHECK(seen >= 2);
        }
        /* which kinds test which traps (the words: fu traps on fu
         * and payment questions, never han; kiriage on table and payment) */
        {
            char buf[512];
            tensu_rules_preset("tenhou", &r, NULL);
            CHECK_STR(trap_list(&r, TENSU_QUIZ_FU, buf, sizeof buf),
                      "shanpon-ron, pinfu-tsumo, open-pinfu, chiitoitsu, two-readings");
            CHECK_STR(trap_list(&r, TENSU_QUIZ_HAN, buf, sizeof buf), "open-han, dora-wrap");
            CHECK_STR(trap_list(&r, TENSU_QUIZ_TABLE, buf, sizeof buf),
                      "no-kiriage, limit-by-han, 25-fu, 20-fu-tsumo");
            CHECK_STR(trap_list(&r, TENSU_QUIZ_PAYMENT, buf, sizeof buf),
                      "shanpon-ron, pinfu-tsumo, open-pinfu, chiitoitsu, two-readings, "
                      "no-kiriage, open-han, dora-wrap, limit-by-han");
            CHECK_STR(trap_list(&r, TENSU_QUIZ_MIXED, buf, sizeof buf),
                      "shanpon-ron, pinfu-tsumo, open-pinfu, chiitoitsu, two-readings, "
                      "no-kiriage, open-han, dora-wrap, limit-by-han, 25-fu, 20-fu-tsumo");
            tensu_rules_preset("wrc2015", &r, NULL);
            CHECK_STR(trap_list(&r, TENSU_QUIZ_PAYMENT, buf, sizeof buf),
                      "shanpon-ron, pinfu-tsumo, open-pinfu, chiitoitsu, two-readings, kiriage, "
                      "open-han, dora-wrap, limit-by-han");
            tensu_rules_preset("tenhou-sanma", &r, NULL);
            CHECK_STR(trap_list(&r, TENSU_QUIZ_FU, buf, sizeof buf),
                      "shanpon-ron, pinfu-tsumo, chiitoitsu, two-readings");
            CHECK_EQ(tensu_quiz_trap_name(TENSU_TRAP_NONE)[0], 'n');
            CHECK(tensu_quiz_trap_name(TENSU_TRAP_COUNT) == NULL);
            for (int t = 1; t < TENSU_TRAP_COUNT; t++) { /* every trap has a name of its own */
                const char *name = tensu_quiz_trap_name((tensu_quiz_trap)t);
                CHECK(name != NULL);
                for (int u = 0; name != NULL && u < t; u++)
                    CHECK(strcmp(name, tensu_quiz_trap_name((tensu_quiz_trap)u)) != 0);
            }
        }
        /* table questions of level 3: kiriage under kiriage rules, else the
         * cells where its absence, 25 fu, 20 fu and limits by han catch */
        tensu_rules_preset("wrc2015", &r, NULL);
        CHECK(tensu_quiz_traps(&r, TENSU_QUIZ_TABLE, NULL, 0) >= 3);
        {
            tensu_quiz_trap t[TENSU_TRAP_COUNT];
            tensu_quiz_traps(&r, TENSU_QUIZ_TABLE, t, TENSU_TRAP_COUNT);
            CHECK_EQ(t[0], TENSU_TRAP_KIRIAGE);
            tensu_rules_preset("tenhou", &r, NULL);
            tensu_quiz_traps(&r, TENSU_QUIZ_TABLE, t, TENSU_TRAP_COUNT);
            CHECK_EQ(t[0], TENSU_TRAP_NO_KIRIAGE);
        }
    }
    /* bad requests */
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 4, 5, 1, a, &err) == TENSU_ERR_RANGE);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 1, 0, 1, a, &err) == TENSU_ERR_RANGE);
    tensu_rules_preset("classical", &r, NULL);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 1, 5, 1, a, &err) == TENSU_ERR_INVALID);
    return harness_report("test_quiz");
}
