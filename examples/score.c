/* Score a winning hand with libtensu, the library of tensu.
 *
 *   cc score.c $(pkg-config --cflags --libs tensu) -o score
 *   ./score 123m456p789s23s55z+4s riichi dora 3s
 *   2 han 40 fu: 2600 (riichi)
 *
 * Arguments: the concealed tiles in mpsz notation with "+" and the winning
 * tile, then any of: tsumo, riichi, ippatsu, seat E|S|W|N, round E|S|W|N,
 * dora TILES (indicators), ura TILES, rules PRESET, and a meld as
 * pon|chi|minkan|ankan|shouminkan TILES.  The library does no I/O: this
 * program reads its arguments and prints. */
#include <stdio.h>
#include <string.h>

#include <tensu.h>

static int fail(const char *what, const tensu_error *err)
{
    fprintf(stderr, "score: %s: %s\n", what, err->message);
    return 2;
}

int main(int argc, char **argv)
{
    tensu_rules rules;
    tensu_hand hand;
    tensu_score_result res;
    tensu_error err;
    const char *preset = "tenhou";

    if (argc < 2) {
        fprintf(stderr, "usage: score HAND [tsumo] [riichi] [seat W] [dora TILES] ...\n");
        return 2;
    }
    for (int i = 2; i + 1 < argc; i++)
        if (strcmp(argv[i], "rules") == 0)
            preset = argv[i + 1];
    if (tensu_rules_preset(preset, &rules, &err) != TENSU_OK)
        return fail("rules", &err);
    tensu_hand_init(&hand);
    if (tensu_hand_parse(argv[1], &hand, &err) != TENSU_OK)
        return fail(argv[1], &err);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        tensu_meld_type mt;
        if (strcmp(a, "tsumo") == 0) {
            hand.tsumo = true;
        } else if (strcmp(a, "riichi") == 0) {
            hand.riichi = true;
        } else if (strcmp(a, "ippatsu") == 0) {
            hand.ippatsu = true;
        } else if (v != NULL && (strcmp(a, "seat") == 0 || strcmp(a, "round") == 0)) {
            int w = tensu_wind_parse(v);
            if (w < 0)
                return fprintf(stderr, "score: %s: E, S, W or N\n", a), 2;
            *(a[0] == 's' ? &hand.seat : &hand.round) = w;
            i++;
        } else if (v != NULL && (strcmp(a, "dora") == 0 || strcmp(a, "ura") == 0)) {
            bool red[TENSU_MAX_INDICATORS];
            bool dora = a[0] == 'd';
            if (tensu_tiles_parse(v, dora ? hand.dora : hand.ura, red, TENSU_MAX_INDICATORS,
                                  dora ? &hand.ndora : &hand.nura, &err) != TENSU_OK)
                return fail(a, &err);
            i++;
        } else if (v != NULL && tensu_meld_type_parse(a, &mt)) {
            if (tensu_hand_add_meld(&hand, mt, v, &err) != TENSU_OK)
                return fail(a, &err);
            i++;
        } else if (strcmp(a, "rules") == 0 && v != NULL) {
            i++;
        } else {
            fprintf(stderr, "score: unknown argument '%s'\n", a);
            return 2;
        }
    }
    if (tensu_score(&rules, &hand, &res, &err) != TENSU_OK)
        return fail(tensu_status_name(err.status), &err);
    if (res.yakuman > 0)
        printf("yakuman x%d: %lld (", res.yakuman, (long long)res.total);
    else
        printf("%d han %d fu: %lld (", res.han, res.fu, (long long)res.total);
    for (int i = 0; i < res.nyaku; i++)
        printf("%s%s", i ? ", " : "", res.yaku[i].name);
    printf(")\n");
    return 0;
}
