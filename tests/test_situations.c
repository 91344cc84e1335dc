/* Situations that cannot happen (issue 19): 20,000 winning hands drawn at
 * random (the worksheet generator's), each scored as a chankan ron: the
 * scorer must refuse every one where the winner holds a copy of the
 * winning tile (the kan being added to holds the other three), and accept
 * the others.  The rules one per line are cases in data/hands.jsonl. */
#include "harness.h"
#include "../src/tensu.h"

#include <stdio.h>
#include <string.h>

static tensu_exercise ex[TENSU_QUIZ_MAX];

int main(void)
{
    tensu_rules r;
    int hands = 0, accepted_with_copy = 0, refused_without = 0, with_copy = 0;
    tensu_rules_preset("tenhou", &r, NULL);
    for (uint64_t seed = 0; hands < 20000; seed++) {
        if (tensu_quiz_make(&r, TENSU_QUIZ_FU, 1 + (int)(seed % 2), TENSU_QUIZ_MAX, seed, ex, NULL) !=
            TENSU_OK)
            break;
        for (int i = 0; i < TENSU_QUIZ_MAX; i++) {
            tensu_hand h = ex[i].hand;
            tensu_score_result res;
            tensu_error err;
            int copies = h.tiles[h.win] - 1; /* the winning tile is among the tiles */
            tensu_status st;
            for (int m = 0; m < h.nmelds; m++) {
                const tensu_meld *ml = &h.melds[m];
                if (ml->type == TENSU_MELD_CHI)
                    copies += h.win >= ml->tile && h.win <= ml->tile + 2;
                else
                    copies += ml->tile == h.win ? (ml->type == TENSU_MELD_PON ? 3 : 4) : 0;
            }
            h.tsumo = false;
            h.chankan = true;
            h.riichi = h.riichi && !h.ippatsu;
            st = tensu_score(&r, &h, &res, &err);
            if (copies > 0) {
                with_copy++;
                if (st == TENSU_OK)
                    accepted_with_copy++;
                else
                    CHECK(strstr(err.message, "chankan") != NULL);
            } else if (st == TENSU_ERR_INVALID) {
                refused_without++;
                fprintf(stderr, "refused without a copy: %s\n", err.message);
            }
            hands++;
        }
    }
    fprintf(stderr, "%d chankan hands, %d with a copy held: %d accepted\n", hands, with_copy,
            accepted_with_copy);
    CHECK(hands >= 20000);
    CHECK(with_copy > 1000); /* the comparison means something */
    CHECK_EQ(accepted_with_copy, 0);
    CHECK_EQ(refused_without, 0);
    return harness_report("test_situations");
}
