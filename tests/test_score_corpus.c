/* The whole Tenhou corpus (../shared/corpus): every hand scored with the
 * tenhou / tenhou-sanma preset must agree with the server on fu, han, the
 * set of yaku with their han, dora/aka/ura counts, yakuman count, limit,
 * points, tsumo payments, and every player's score change with honba and
 * sticks (pao included).  Each hand, prepared with tensu_prepare, is also
 * scored with every one of its tiles as the winning tile, by ron and by
 * tsumo: tensu_score_prepared must give exactly what tensu_score gives. */
#include "harness.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tensu.h>

#define MAX_SHOWN 10

static const struct {
    const char *tenhou, *canonical;
} names[] = {
    {"menzen_tsumo", "menzen_tsumo"}, {"riichi", "riichi"}, {"ippatsu", "ippatsu"},
    {"chankan", "chankan"}, {"rinshan_kaihou", "rinshan"}, {"haitei_raoyue", "haitei"},
    {"houtei_raoyui", "houtei"}, {"pinfu", "pinfu"}, {"tanyao", "tanyao"},
    {"iipeikou", "iipeikou"}, {"yakuhai_seat_east", "seat_wind"},
    {"yakuhai_seat_south", "seat_wind"}, {"yakuhai_seat_west", "seat_wind"},
    {"yakuhai_seat_north", "seat_wind"}, {"yakuhai_round_east", "round_wind"},
    {"yakuhai_round_south", "round_wind"}, {"yakuhai_round_west", "round_wind"},
    {"yakuhai_round_north", "round_wind"}, {"yakuhai_haku", "haku"},
    {"yakuhai_hatsu", "hatsu"}, {"yakuhai_chun", "chun"}, {"double_riichi", "double_riichi"},
    {"chiitoitsu", "chiitoitsu"}, {"chanta", "chanta"}, {"ittsu", "ittsu"},
    {"sanshoku_doujun", "sanshoku"}, {"sanshoku_doukou", "sanshoku_doukou"},
    {"sankantsu", "sankantsu"}, {"toitoi", "toitoi"}, {"sanankou", "sanankou"},
    {"shousangen", "shousangen"}, {"honroutou", "honroutou"}, {"ryanpeikou", "ryanpeikou"},
    {"junchan", "junchan"}, {"honitsu", "honitsu"}, {"chinitsu", "chinitsu"},
    {"renhou", "renhou"}, {"tenhou", "tenhou"}, {"chiihou", "chiihou"},
    {"daisangen", "daisangen"}, {"suuankou", "suuankou"}, {"suuankou_tanki", "suuankou_tanki"},
    {"tsuuiisou", "tsuuiisou"}, {"ryuuiisou", "ryuuiisou"}, {"chinroutou", "chinroutou"},
    {"chuuren_poutou", "chuuren"}, {"junsei_chuuren_poutou", "junsei_chuuren"},
    {"kokushi_musou", "kokushi"}, {"kokushi_musou_13_wait", "kokushi_13"},
    {"daisuushii", "daisuushii"}, {"shousuushii", "shousuushii"}, {"suukantsu", "suukantsu"},
};

static int canonical_id(const char *tenhou_name)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i].tenhou, tenhou_name) == 0)
            return tensu_yaku_lookup(names[i].canonical);
    return -1;
}

static bool jbool(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_true(v);
}

static int wind_index(const char *w)
{
    return w[0] == 'E' ? 0 : w[0] == 'S' ? 1 : w[0] == 'W' ? 2 : w[0] == 'N' ? 3 : -1;
}

/* Build the scorer's input from a record; false with a message on error. */
static bool to_hand(json_t *rec, tensu_hand *h, char *why, size_t n)
{
    json_t *hand = json_object_get(rec, "hand"), *flags = json_object_get(rec, "flags");
    json_t *round = json_object_get(rec, "round"), *result = json_object_get(rec, "result");
    json_t *melds = json_object_get(hand, "melds"), *v;
    tensu_error err;
    size_t i;
    int players = (int)json_integer_value(
        json_object_get(json_object_get(rec, "rules"), "players"));

    tensu_hand_init(h);
    if (tensu_hand_parse(json_string_value(json_object_get(hand, "closed_without_win_tile")), h,
                         &err) != TENSU_OK ||
        tensu_hand_set_win(h, json_string_value(json_object_get(hand, "win_tile")), &err) !=
            TENSU_OK) {
        snprintf(why, n, "hand: %s", err.message);
        return false;
    }
    json_array_foreach(melds, i, v) {
        const char *type = json_string_value(json_object_get(v, "type"));
        tensu_meld_type t;
        if (strcmp(type, "nuki") == 0) {
            h->nukidora++;
            continue;
        }
        if (!tensu_meld_type_parse(type, &t)) {
            snprintf(why, n, "meld type %s", type);
            return false;
        }
        if (tensu_hand_add_meld(h, t, json_string_value(json_object_get(v, "tiles")), &err) !=
            TENSU_OK) {
            snprintf(why, n, "meld: %s", err.message);
            return false;
        }
    }
    h->tsumo = jbool(rec, "is_tsumo");
    h->seat = wind_index(json_string_value(json_object_get(rec, "seat_wind")));
    h->round = wind_index(json_string_value(json_object_get(rec, "round_wind")));
    json_array_foreach(json_object_get(rec, "dora_indicators"), i, v) {
        int k[1], got;
        bool red[1];
        if (tensu_tiles_parse(json_string_value(v), k, red, 1, &got, &err) == TENSU_OK &&
            got == 1 && h->ndora < TENSU_MAX_INDICATORS)
            h->dora[h->ndora++] = k[0];
    }
    json_array_foreach(json_object_get(rec, "ura_indicators"), i, v) {
        int k[1], got;
        bool red[1];
        if (tensu_tiles_parse(json_string_value(v), k, red, 1, &got, &err) == TENSU_OK &&
            got == 1 && h->nura < TENSU_MAX_INDICATORS)
            h->ura[h->nura++] = k[0];
    }
    h->riichi = jbool(flags, "riichi");
    h->double_riichi = jbool(flags, "double_riichi");
    if (h->double_riichi)
        h->riichi = false;
    h->ippatsu = jbool(flags, "ippatsu");
    h->chankan = jbool(flags, "chankan");
    h->rinshan = jbool(flags, "rinshan");
    h->haitei = jbool(flags, "haitei");
    h->houtei = jbool(flags, "houtei");
    h->tenhou = jbool(flags, "tenhou");
    h->chiihou = jbool(flags, "chiihou");
    h->renhou = jbool(flags, "renhou");
    h->honba = (int)json_integer_value(json_object_get(round, "honba"));
    h->sticks = (int)json_integer_value(json_object_get(round, "riichi_sticks"));
    v = json_object_get(result, "pao_seat");
    if (json_is_integer(v)) {
        int dealer = (int)json_integer_value(json_object_get(round, "dealer_seat"));
        h->pao = (int)((json_integer_value(v) - dealer + players) % players);
    }
    return true;
}

typedef struct tally {
    int total, agree, shown;
} tally;

static void mismatch(tally *t, const char *id, const char *what)
{
    if (t->shown++ < MAX_SHOWN)
        fprintf(stderr, "  mismatch %s: %s\n", id, what);
}

static void check_record(json_t *rec, const tensu_rules *rules, tally *t)
{
    const char *id = json_string_value(json_object_get(rec, "id"));
    json_t *result = json_object_get(rec, "result"), *round = json_object_get(rec, "round");
    json_t *v;
    tensu_hand h;
    tensu_score_result res;
    tensu_error err;
    char why[512];
    int want_ykm = (int)json_integer_value(json_object_get(result, "yakuman_count"));
    bool kazoe = jbool(result, "kazoe_yakuman");
    int players = rules->players;
    int dealer = (int)json_integer_value(json_object_get(round, "dealer_seat"));
    int winner = (int)json_integer_value(json_object_get(rec, "winner"));
    int from = (int)json_integer_value(json_object_get(rec, "from_who"));
    bool receives = jbool(json_object_get(rec, "check"), "receives_honba_and_sticks");
    int want_han[TENSU_YAKU_COUNT];
    int got_han[TENSU_YAKU_COUNT];
    int dora = 0, aka = 0, ura = 0;
    size_t i;
    int64_t delta[4] = {0, 0, 0, 0};

    t->total++;
    if (!to_hand(rec, &h, why, sizeof why)) {
        mismatch(t, id, why);
        return;
    }
    if (tensu_score(rules, &h, &res, &err) != TENSU_OK) {
        snprintf(why, sizeof why, "%s: %s", tensu_status_name(err.status), err.message);
        mismatch(t, id, why);
        return;
    }
    for (int k = 0; k < TENSU_YAKU_COUNT; k++)
        want_han[k] = got_han[k] = -1;
    json_array_foreach(json_object_get(result, "yaku"), i, v) {
        const char *name = json_string_value(json_object_get(v, "name"));
        int han = (int)json_integer_value(json_object_get(v, "han"));
        int k;
        if (strcmp(name, "dora") == 0) {
            dora = han;
            continue;
        }
        if (strcmp(name, "aka_dora") == 0) {
            aka = han;
            continue;
        }
        if (strcmp(name, "ura_dora") == 0) {
            ura = han;
            continue;
        }
        k = canonical_id(name);
        if (k < 0) {
            snprintf(why, sizeof why, "unknown Tenhou yaku %s", name);
            mismatch(t, id, why);
            return;
        }
        want_han[k] = (want_han[k] < 0 ? 0 : want_han[k]) + han;
    }
    json_array_foreach(json_object_get(result, "yakuman"), i, v) {
        int k = canonical_id(json_string_value(json_object_get(v, "name")));
        if (k >= 0)
            want_han[k] = 0;
    }
    for (int k = 0; k < res.nyaku; k++)
        got_han[res.yaku[k].id] = (got_han[res.yaku[k].id] < 0 ? 0 : got_han[res.yaku[k].id]) +
                                  res.yaku[k].han;
    for (int k = 0; k < TENSU_YAKU_COUNT; k++)
        if (want_han[k] != got_han[k]) {
            char list[256] = "";
            for (int j = 0; j < res.nyaku; j++) {
                strncat(list, res.yaku[j].name, sizeof list - strlen(list) - 2);
                strncat(list, " ", sizeof list - strlen(list) - 1);
            }
            snprintf(why, sizeof why, "yaku %s: han %d, expected %d (we have: %s; %d fu %d han)",
                     tensu_yaku_name((tensu_yaku_id)k), got_han[k], want_han[k], list, res.fu,
                     res.han);
            mismatch(t, id, why);
            return;
        }
    if (want_ykm > 0) {
        if (res.yakuman != want_ykm || res.limit != TENSU_LIMIT_YAKUMAN) {
            snprintf(why, sizeof why, "yakuman %d, expected %d", res.yakuman, want_ykm);
            mismatch(t, id, why);
            return;
        }
    } else {
        int want_fu = (int)json_integer_value(json_object_get(result, "fu"));
        int want_h = (int)json_integer_value(json_object_get(result, "han"));
        const char *lim = json_string_value(json_object_get(result, "limit"));
        const char *got_lim = tensu_limit_name(res.limit);
        if (kazoe && got_lim != NULL && strcmp(got_lim, "kazoe_yakuman") == 0)
            got_lim = "yakuman";
        if (res.fu != want_fu || res.han != want_h || res.dora != dora || res.aka != aka ||
            res.ura != ura || res.yakuman != 0 ||
            (lim == NULL) != (got_lim == NULL) || (lim && strcmp(lim, got_lim) != 0)) {
            snprintf(why, sizeof why,
                     "%d fu %d han dora %d aka %d ura %d limit %s; expected %d fu %d han dora %d "
                     "aka %d ura %d limit %s",
                     res.fu, res.han, res.dora, res.aka, res.ura, got_lim ? got_lim : "none",
                     want_fu, want_h, dora, aka, ura, lim ? lim : "none");
            mismatch(t, id, why);
            return;
        }
    }
    if (res.payment.total != json_integer_value(json_object_get(result, "points"))) {
        snprintf(why, sizeof why, "points %lld, expected %lld", (long long)res.payment.total,
                 (long long)json_integer_value(json_object_get(result, "points")));
        mismatch(t, id, why);
        return;
    }
    v = json_object_get(result, "tsumo_payments");
    if (h.tsumo && json_is_object(v)) {
        json_t *d = json_object_get(v, "dealer"), *nd = json_object_get(v, "non_dealer");
        if ((d != NULL && json_integer_value(d) != res.payment.from_dealer) ||
            json_integer_value(nd) != res.payment.from_non_dealer) {
            snprintf(why, sizeof why, "tsumo payments %lld/%lld", (long long)res.payment.from_dealer,
                     (long long)res.payment.from_non_dealer);
            mismatch(t, id, why);
            return;
        }
    }
    /* score changes */
    {
        int64_t honba = receives ? res.payment.honba_each : 0;
        int64_t sticks = receives ? (int64_t)h.sticks * rules->riichi_stick : 0;
        if (res.pao_seat >= 0) {
            int pao = (dealer + res.pao_seat) % players;
            if (h.tsumo) {
                delta[pao] -= res.pao_pays - (receives ? 0 : 0);
                delta[winner] += res.pao_pays;
            } else {
                delta[pao] -= res.pao_pays;
                delta[from] -= res.discarder_pays;
                delta[winner] += res.pao_pays + res.discarder_pays;
            }
        } else if (!h.tsumo) {
            delta[from] -= res.payment.ron + honba;
            delta[winner] += res.payment.ron + honba;
        } else {
            for (int p = 0; p < players; p++) {
                int64_t pay;
                if (p == winner)
                    continue;
                pay = (p == dealer ? res.payment.from_dealer : res.payment.from_non_dealer) +
                      honba;
                delta[p] -= pay;
                delta[winner] += pay;
            }
        }
        delta[winner] += sticks;
        json_array_foreach(json_object_get(result, "score_delta"), i, v) {
            if (i < 4 && json_integer_value(v) != delta[i]) {
                snprintf(why, sizeof why, "score change of seat %d: %lld, expected %lld",
                         (int)i, (long long)delta[i], (long long)json_integer_value(v));
                mismatch(t, id, why);
                return;
            }
        }
    }
    t->agree++;
}

/* ------------------------------------------------------------------ */
/* tensu_score_prepared must give exactly what tensu_score gives        */
/* ------------------------------------------------------------------ */

typedef struct ptally {
    long scored, differ, shown;
} ptally;

static bool same_payment(const tensu_payment *a, const tensu_payment *b)
{
    return memcmp(&a->value, &b->value, sizeof a->value) == 0 && a->dealer == b->dealer &&
           a->tsumo == b->tsumo && a->players == b->players && a->honba == b->honba &&
           a->sticks == b->sticks && a->ron == b->ron && a->from_dealer == b->from_dealer &&
           a->from_non_dealer == b->from_non_dealer &&
           a->non_dealer_payers == b->non_dealer_payers && a->total == b->total &&
           a->ron_raw == b->ron_raw && a->from_dealer_raw == b->from_dealer_raw &&
           a->from_non_dealer_raw == b->from_non_dealer_raw && a->honba_each == b->honba_each &&
           a->ron_honba == b->ron_honba && a->from_dealer_honba == b->from_dealer_honba &&
           a->from_non_dealer_honba == b->from_non_dealer_honba &&
           a->total_honba == b->total_honba && a->total_with_sticks == b->total_with_sticks &&
           a->big == b->big;
}

/* Every field of two results (status and message on error). */
static bool same_result(tensu_status sa, const tensu_score_result *a, const tensu_error *ea,
                        tensu_status sb, const tensu_score_result *b, const tensu_error *eb)
{
    if (sa != sb)
        return false;
    if (sa != TENSU_OK)
        return strcmp(ea->message, eb->message) == 0;
    if (a->shape != b->shape || a->wait != b->wait || a->han != b->han || a->fu != b->fu ||
        a->yakuman != b->yakuman || a->limit != b->limit || a->nyaku != b->nyaku ||
        a->dora != b->dora || a->aka != b->aka || a->ura != b->ura || a->nfu != b->nfu ||
        a->fu_raw != b->fu_raw || a->pao_seat != b->pao_seat || a->pao_pays != b->pao_pays ||
        a->discarder_pays != b->discarder_pays || a->total != b->total ||
        a->total_with_sticks != b->total_with_sticks ||
        a->nalternatives != b->nalternatives || !same_payment(&a->payment, &b->payment))
        return false;
    for (int i = 0; i < a->nyaku; i++)
        if (a->yaku[i].id != b->yaku[i].id || a->yaku[i].han != b->yaku[i].han ||
            a->yaku[i].yakuman != b->yaku[i].yakuman ||
            strcmp(a->yaku[i].name, b->yaku[i].name) != 0)
            return false;
    for (int i = 0; i < a->nfu; i++)
        if (a->fu_detail[i].reason != b->fu_detail[i].reason ||
            a->fu_detail[i].tile != b->fu_detail[i].tile ||
            a->fu_detail[i].ntiles != b->fu_detail[i].ntiles ||
            a->fu_detail[i].fu != b->fu_detail[i].fu)
            return false;
    for (int i = 0; i < a->nalternatives; i++)
        if (memcmp(&a->alternatives[i], &b->alternatives[i], sizeof a->alternatives[i]) != 0)
            return false;
    return true;
}

static void compare_prepared(const tensu_prepared *p, const tensu_rules *rules,
                             const tensu_hand *h, const char *id, ptally *t)
{
    static tensu_score_result a, b;
    tensu_error ea, eb;
    tensu_status sa = tensu_score(rules, h, &a, &ea);
    tensu_status sb = tensu_score_prepared(p, rules, h, &b, &eb);
    t->scored++;
    if (!same_result(sa, &a, &ea, sb, &b, &eb)) {
        t->differ++;
        if (t->shown++ < MAX_SHOWN)
            fprintf(stderr, "  prepared differs %s (win %d, tsumo %d): %s / %s\n", id, h->win,
                    h->tsumo, sa == TENSU_OK ? "ok" : ea.message,
                    sb == TENSU_OK ? "ok" : eb.message);
    }
}

/* The record's hand prepared once, then scored as it is and with each of
 * its tiles as the winning tile, by ron and by tsumo, in both seats that
 * matter (dealer or not). */
static void check_prepared(json_t *rec, const tensu_rules *rules, ptally *t)
{
    const char *id = json_string_value(json_object_get(rec, "id"));
    tensu_hand h, v;
    tensu_prepared p;
    char why[512];
    int full;

    if (!to_hand(rec, &h, why, sizeof why) || tensu_prepare(rules, &h, &p, NULL) != TENSU_OK)
        return;
    compare_prepared(&p, rules, &h, id, t);
    /* the same tiles written with the winning tile inside tiles[] */
    v = h;
    full = 13 - 3 * h.nmelds + 1;
    if (v.ntiles != full) {
        v.tiles[v.win]++;
        v.ntiles++;
        if (v.win_red) {
            v.red[v.win / 9]++;
            v.win_red = false;
        }
    }
    v.haitei = v.houtei = v.rinshan = v.chankan = false;
    v.tenhou = v.chiihou = v.renhou = v.ippatsu = false;
    v.pao = -1;
    for (int k = 0; k < TENSU_TILE_KINDS; k++) {
        if (v.tiles[k] == 0)
            continue;
        v.win = k;
        for (int ts = 0; ts < 2; ts++) {
            v.tsumo = ts;
            v.seat = rules->players == 3 ? (k % 3) : (k % 4);
            compare_prepared(&p, rules, &v, id, t);
        }
    }
    /* other tiles are refused */
    v.tiles[v.win]--;
    v.tiles[(v.win + 1) % TENSU_TILE_KINDS]++;
    {
        tensu_score_result res;
        tensu_error err;
        if (tensu_score_prepared(&p, rules, &v, &res, &err) != TENSU_ERR_INVALID ||
            strstr(err.message, "not the prepared tiles") == NULL) {
            t->differ++;
            if (t->shown++ < MAX_SHOWN)
                fprintf(stderr, "  prepared accepts other tiles %s\n", id);
        }
        t->scored++;
    }
}

static void run_file(const char *label, const char *file, const char *preset)
{
    char path[1024], line[1 << 16];
    FILE *f;
    tensu_rules rules;
    tally t = {0, 0, 0};
    ptally pt = {0, 0, 0};

    snprintf(path, sizeof path, "%s/corpus/%s", TENSU_SHARED_DIR, file);
    f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        CHECK(f != NULL);
        return;
    }
    CHECK(tensu_rules_preset(preset, &rules, NULL) == TENSU_OK);
    while (fgets(line, sizeof line, f) != NULL) {
        json_error_t jerr;
        json_t *rec;
        if (line[0] == '\n')
            continue;
        rec = json_loads(line, 0, &jerr);
        if (rec == NULL) {
            fprintf(stderr, "%s: bad JSON: %s\n", file, jerr.text);
            t.total++;
            continue;
        }
        check_record(rec, &rules, &t);
        check_prepared(rec, &rules, &pt);
        json_decref(rec);
    }
    fclose(f);
    printf("%s: %d/%d agree\n", label, t.agree, t.total);
    CHECK(t.total > 0);
    CHECK_EQ(t.agree, t.total);
    printf("%s: tensu_score_prepared: %ld scorings (each winning tile, ron and tsumo), %ld "
           "differ from tensu_score\n",
           label, pt.scored, pt.differ);
    CHECK(pt.scored > t.total);
    CHECK_EQ(pt.differ, 0);
}

int main(void)
{
    run_file("4p", "tenhou_agari.jsonl", "tenhou");
    run_file("3p", "tenhou_agari_sanma.jsonl", "tenhou-sanma");
    return harness_report("test_score_corpus");
}
