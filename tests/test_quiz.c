/* Worksheets (issue 18): the same seed gives the same sheet, seeds differ,
 * no hand twice, every answer is the scorer's on the hand as written out in
 * notation (over 1 000 seeds), level 3 holds every trap, the levels keep to
 * their hands, and the render of a sheet and its key. */
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

static tensu_exercise a[TENSU_QUIZ_MAX], b[TENSU_QUIZ_MAX];

int main(void)
{
    static const char *const presets[] = {"tenhou", "wrc2015", "tenhou-sanma", "ema2016"};
    tensu_rules r;
    tensu_error err;
    long checked = 0, wrong = 0;

    /* every answer is the scorer's, over 1 000 seeds of every kind and level */
    for (size_t p = 0; p < 4; p++) {
        tensu_rules_preset(presets[p], &r, NULL);
        for (int seed = 0; seed < (p == 0 ? 1000 : 150); seed++) {
            int kind = seed % 5, level = 1 + seed % 3;
            CHECK(tensu_quiz_make(&r, (tensu_quiz_kind)kind, level, 6, (uint64_t)seed, a, &err) ==
                  TENSU_OK);
            for (int i = 0; i < 6; i++) {
                tensu_score_result s;
                tensu_payment pay;
                if (a[i].kind == TENSU_QUIZ_TABLE) {
                    CHECK(tensu_pay(&r, a[i].han, a[i].fu, 0, a[i].dealer, a[i].tsumo, 0, 0, &pay,
                                    NULL) == TENSU_OK);
                    if (pay.total != a[i].payment.total || pay.ron != a[i].payment.ron)
                        wrong++;
                    checked++;
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
                          a[j].hand.nmelds != a[i].hand.nmelds || a[j].kind != a[i].kind ||
                          a[i].kind == TENSU_QUIZ_TABLE);
                /* level 1: closed, no kan, one reading, no pair that scores */
                if (level == 1 && a[i].trap == TENSU_TRAP_NONE) {
                    CHECK_EQ(a[i].hand.nmelds, 0);
                    CHECK_EQ(a[i].result.nalternatives, 0);
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

    /* level 3: every trap on a sheet long enough (kiriage with kiriage rules) */
    tensu_rules_preset("wrc2015", &r, NULL);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 3, 12, 7, a, NULL) == TENSU_OK);
    for (int t = 1; t < TENSU_TRAP_COUNT; t++) {
        int n = 0;
        for (int i = 0; i < 12; i++)
            n += a[i].trap == (tensu_quiz_trap)t;
        if (n == 0)
            fprintf(stderr, "no %s trap\n", tensu_quiz_trap_name((tensu_quiz_trap)t));
        CHECK(n >= 1);
    }
    for (int i = 0; i < 12; i++) {
        const tensu_score_result *s = &a[i].result;
        switch (a[i].trap) {
        case TENSU_TRAP_CHIITOITSU: CHECK_EQ(s->fu, 25); break;
        case TENSU_TRAP_PINFU_TSUMO: CHECK_EQ(s->fu, 20); break;
        case TENSU_TRAP_OPEN_PINFU: CHECK_EQ(s->fu, 30); break;
        case TENSU_TRAP_KIRIAGE: CHECK(s->payment.value.limit == TENSU_LIMIT_MANGAN); break;
        case TENSU_TRAP_SHANPON_RON: CHECK(!a[i].hand.tsumo && s->wait == TENSU_WAIT_SHANPON); break;
        default: break;
        }
    }
    /* bad requests */
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 4, 5, 1, a, &err) == TENSU_ERR_RANGE);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 1, 0, 1, a, &err) == TENSU_ERR_RANGE);
    tensu_rules_preset("classical", &r, NULL);
    CHECK(tensu_quiz_make(&r, TENSU_QUIZ_FU, 1, 5, 1, a, &err) == TENSU_ERR_INVALID);
    return harness_report("test_quiz");
}
