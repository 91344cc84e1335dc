/* libFuzzer target: the hand notation and the scorer behind it.  The input
 * is split at newlines: the first line is "TILES[+WIN]", each further line
 * a meld "TYPE TILES" or a flag word.  Nothing may crash, hang or read out
 * of bounds; a hand that parses is scored under two presets. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <tensu.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[512];
    char *line, *next;
    tensu_hand h;
    tensu_error err;
    tensu_rules r4, r3;
    tensu_score_result res;
    int nline = 0;

    if (size >= sizeof buf)
        size = sizeof buf - 1;
    memcpy(buf, data, size);
    buf[size] = '\0';
    tensu_hand_init(&h);
    for (line = buf; line != NULL; line = next, nline++) {
        char *sp;
        tensu_meld_type t;
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        if (nline == 0) {
            if (tensu_hand_parse(line, &h, &err) != TENSU_OK)
                return 0;
            continue;
        }
        sp = strchr(line, ' ');
        if (sp != NULL) {
            *sp = '\0';
            if (tensu_meld_type_parse(line, &t))
                (void)tensu_hand_add_meld(&h, t, sp + 1, &err);
            else if (strcmp(line, "dora") == 0 && h.ndora < TENSU_MAX_INDICATORS) {
                int k[TENSU_MAX_INDICATORS], n;
                bool red[TENSU_MAX_INDICATORS];
                if (tensu_tiles_parse(sp + 1, k, red, TENSU_MAX_INDICATORS - h.ndora, &n,
                                      &err) == TENSU_OK)
                    for (int i = 0; i < n; i++)
                        h.dora[h.ndora++] = k[i];
            } else if (strcmp(line, "seat") == 0) {
                int w = tensu_wind_parse(sp + 1);
                if (w >= 0)
                    h.seat = w;
            } else if (strcmp(line, "win") == 0) {
                (void)tensu_hand_set_win(&h, sp + 1, &err);
            }
            continue;
        }
        if (strcmp(line, "tsumo") == 0) h.tsumo = true;
        else if (strcmp(line, "riichi") == 0) h.riichi = true;
        else if (strcmp(line, "ippatsu") == 0) h.ippatsu = true;
        else if (strcmp(line, "rinshan") == 0) h.rinshan = true;
        else if (strcmp(line, "chankan") == 0) h.chankan = true;
        else if (strcmp(line, "haitei") == 0) h.haitei = true;
        else if (strcmp(line, "tenhou") == 0) h.tenhou = true;
        else if (strcmp(line, "renhou") == 0) h.renhou = true;
        else if (strcmp(line, "nuki") == 0) h.nukidora++;
        else if (strcmp(line, "pao") == 0) h.pao = 3;
        else if (strcmp(line, "honba") == 0) h.honba += 7;
    }
    if (tensu_rules_preset("tenhou", &r4, NULL) != TENSU_OK ||
        tensu_rules_preset("tenhou-sanma", &r3, NULL) != TENSU_OK)
        return 0;
    r4.renhou = TENSU_RENHOU_MANGAN;
    (void)tensu_score(&r4, &h, &res, &err);
    r3.pao_kan = TENSU_PAO_KAN_DISCARDER;
    (void)tensu_score(&r3, &h, &res, &err);
    return 0;
}
