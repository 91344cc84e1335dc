/* Hand records in JSON: reading (hands.md or corpus layout) and writing. */
#include "score_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool jtrue(json_t *o, const char *k)
{
    return json_is_true(json_object_get(o, k));
}

static const char *const flag_names[] = {"riichi", "double_riichi", "ippatsu", "haitei",
                                         "houtei", "rinshan", "chankan", "tenhou",
                                         "chiihou", "renhou"};

static bool *flag_field(tensu_hand *h, size_t i)
{
    bool *f[] = {&h->riichi, &h->double_riichi, &h->ippatsu, &h->haitei, &h->houtei,
                 &h->rinshan, &h->chankan, &h->tenhou, &h->chiihou, &h->renhou};
    return f[i];
}

static tensu_status fail(char *why, size_t n, tensu_status s, const char *fmt, const char *a,
                         const tensu_error *e)
{
    char msg[300];
    if (e != NULL && e->column > 0)
        snprintf(msg, sizeof msg, "%s, column %d: %s", a, e->column, e->message);
    else if (e != NULL)
        snprintf(msg, sizeof msg, "%s: %s", a, e->message);
    else
        snprintf(msg, sizeof msg, fmt, a);
    snprintf(why, n, "%s", msg);
    return s;
}

/* A wind: "E".."N" or 0..3. */
static int wind_of(json_t *v)
{
    if (json_is_integer(v)) {
        json_int_t i = json_integer_value(v);
        return i >= 0 && i <= 3 ? (int)i : -1;
    }
    if (json_is_string(v))
        return tensu_wind_parse(json_string_value(v));
    return -1;
}

/* Indicators: a list of tile strings, or one string of tiles. */
static tensu_status indicators(json_t *v, int *out, int *count, const char *field, char *why,
                               size_t n)
{
    size_t i;
    json_t *x;
    tensu_error e;
    *count = 0;
    if (v == NULL || json_is_null(v))
        return TENSU_OK;
    if (json_is_string(v)) {
        int got;
        bool red[TENSU_MAX_INDICATORS];
        if (tensu_tiles_parse(json_string_value(v), out, red, TENSU_MAX_INDICATORS, &got, &e) !=
            TENSU_OK)
            return fail(why, n, TENSU_ERR_INVALID, NULL, field, &e);
        *count = got;
        return TENSU_OK;
    }
    if (!json_is_array(v))
        return fail(why, n, TENSU_ERR_INVALID, "%s: a list of tiles", field, NULL);
    json_array_foreach(v, i, x) {
        int got, k[TENSU_MAX_INDICATORS];
        bool red[TENSU_MAX_INDICATORS];
        char where[64];
        snprintf(where, sizeof where, "%s[%zu]", field, i);
        if (!json_is_string(x))
            return fail(why, n, TENSU_ERR_INVALID, "%s: a tile string", where, NULL);
        if (tensu_tiles_parse(json_string_value(x), k, red, TENSU_MAX_INDICATORS, &got, &e) !=
            TENSU_OK)
            return fail(why, n, TENSU_ERR_INVALID, NULL, where, &e);
        for (int j = 0; j < got; j++) {
            if (*count >= TENSU_MAX_INDICATORS)
                return fail(why, n, TENSU_ERR_INVALID, "%s: at most 10 indicators", field, NULL);
            out[(*count)++] = k[j];
        }
    }
    return TENSU_OK;
}

static int wind_letter_index(const char *w)
{
    return w == NULL ? -1 : tensu_wind_parse(w);
}

/* A record of ../shared/corpus (hand is an object). */
static tensu_status read_corpus(json_t *rec, const tensu_rules *base, tensu_rules *rules,
                                tensu_hand *h, char *why, size_t n)
{
    json_t *hand = json_object_get(rec, "hand"), *flags = json_object_get(rec, "flags");
    json_t *round = json_object_get(rec, "round"), *result = json_object_get(rec, "result");
    json_t *v;
    tensu_error e;
    size_t i;
    int players = (int)json_integer_value(
        json_object_get(json_object_get(rec, "rules"), "players"));
    const char *closed = json_string_value(json_object_get(hand, "closed_without_win_tile"));
    const char *win = json_string_value(json_object_get(hand, "win_tile"));

    *rules = *base;
    if (players == 3 && base->players != 3 &&
        tensu_rules_preset("tenhou-sanma", rules, &e) != TENSU_OK)
        return fail(why, n, e.status, NULL, "rules", &e);
    if (closed == NULL || win == NULL)
        return fail(why, n, TENSU_ERR_INVALID, "%s: a corpus record without tiles", "hand",
                    NULL);
    if (tensu_hand_parse(closed, h, &e) != TENSU_OK)
        return fail(why, n, TENSU_ERR_INVALID, NULL, "hand.closed_without_win_tile", &e);
    if (tensu_hand_set_win(h, win, &e) != TENSU_OK)
        return fail(why, n, TENSU_ERR_INVALID, NULL, "hand.win_tile", &e);
    json_array_foreach(json_object_get(hand, "melds"), i, v) {
        const char *type = json_string_value(json_object_get(v, "type"));
        tensu_meld_type t;
        if (type != NULL && strcmp(type, "nuki") == 0) {
            h->nukidora++;
            continue;
        }
        if (type == NULL || !tensu_meld_type_parse(type, &t))
            return fail(why, n, TENSU_ERR_INVALID, "%s: unknown meld type", "hand.melds", NULL);
        if (tensu_hand_add_meld(h, t, json_string_value(json_object_get(v, "tiles")), &e) !=
            TENSU_OK)
            return fail(why, n, TENSU_ERR_INVALID, NULL, "hand.melds", &e);
    }
    h->tsumo = jtrue(rec, "is_tsumo");
    h->seat = wind_letter_index(json_string_value(json_object_get(rec, "seat_wind")));
    h->round = wind_letter_index(json_string_value(json_object_get(rec, "round_wind")));
    if (indicators(json_object_get(rec, "dora_indicators"), h->dora, &h->ndora,
                   "dora_indicators", why, n) != TENSU_OK ||
        indicators(json_object_get(rec, "ura_indicators"), h->ura, &h->nura, "ura_indicators",
                   why, n) != TENSU_OK)
        return TENSU_ERR_INVALID;
    for (size_t f = 0; f < sizeof flag_names / sizeof flag_names[0]; f++)
        *flag_field(h, f) = jtrue(flags, flag_names[f]);
    if (h->double_riichi)
        h->riichi = false;
    h->honba = (int)json_integer_value(json_object_get(round, "honba"));
    h->sticks = (int)json_integer_value(json_object_get(round, "riichi_sticks"));
    v = json_object_get(result, "pao_seat");
    if (json_is_integer(v) && players > 0) {
        int dealer = (int)json_integer_value(json_object_get(round, "dealer_seat"));
        h->pao = (int)((json_integer_value(v) - dealer + players) % players);
    }
    return TENSU_OK;
}

static tensu_status read_int(json_t *rec, const char *k, int lo, int hi, int *out, char *why,
                             size_t n)
{
    json_t *v = json_object_get(rec, k);
    if (v == NULL || json_is_null(v))
        return TENSU_OK;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        snprintf(why, n, "%s: an integer %d..%d", k, lo, hi);
        return TENSU_ERR_INVALID;
    }
    *out = (int)json_integer_value(v);
    return TENSU_OK;
}

tensu_status score_json_read(json_t *rec, const tensu_rules *base, tensu_rules *rules,
                             tensu_hand *h, char *why, size_t n)
{
    static const char *const known[] = {
        "id", "hand", "melds", "win", "tsumo", "ron", "seat", "round", "dealer", "dora", "ura",
        "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
        "tenhou", "chiihou", "renhou", "honba", "riichi_sticks", "nukidora", "rules", "pao",
        "expect", "comment"};
    const char *key;
    json_t *v;
    tensu_error e;
    size_t i;

    tensu_hand_init(h);
    if (!json_is_object(rec))
        return fail(why, n, TENSU_ERR_INVALID, "%s", "a record is a JSON object", NULL);
    if (json_is_object(json_object_get(rec, "hand")))
        return read_corpus(rec, base, rules, h, why, n);

    json_object_foreach(rec, key, v) {
        bool ok = false;
        for (i = 0; i < sizeof known / sizeof known[0]; i++)
            ok = ok || strcmp(key, known[i]) == 0;
        if (!ok)
            return fail(why, n, TENSU_ERR_INVALID, "unknown field '%s'", key, NULL);
    }
    *rules = *base;
    v = json_object_get(rec, "rules");
    if (v != NULL && !json_is_null(v)) {
        json_t *x;
        if (!json_is_object(v))
            return fail(why, n, TENSU_ERR_INVALID, "%s: an object of KEY: VALUE", "rules", NULL);
        json_object_foreach(v, key, x) {
            char val[64];
            if (json_is_string(x))
                snprintf(val, sizeof val, "%s", json_string_value(x));
            else if (json_is_integer(x))
                snprintf(val, sizeof val, "%lld", (long long)json_integer_value(x));
            else if (json_is_boolean(x))
                snprintf(val, sizeof val, "%s", json_is_true(x) ? "yes" : "no");
            else
                return fail(why, n, TENSU_ERR_INVALID, "rules.%s: a string or number", key,
                            NULL);
            if (tensu_rules_set(rules, key, val, &e) != TENSU_OK)
                return fail(why, n, TENSU_ERR_INVALID, NULL, "rules", &e);
        }
    }

    v = json_object_get(rec, "hand");
    if (!json_is_string(v))
        return fail(why, n, TENSU_ERR_INVALID, "%s: a string of tiles is required", "hand",
                    NULL);
    if (tensu_hand_parse(json_string_value(v), h, &e) != TENSU_OK)
        return fail(why, n, TENSU_ERR_INVALID, NULL, "hand", &e);
    v = json_object_get(rec, "melds");
    if (v != NULL && !json_is_null(v)) {
        json_t *m;
        if (!json_is_array(v))
            return fail(why, n, TENSU_ERR_INVALID, "%s: a list", "melds", NULL);
        json_array_foreach(v, i, m) {
            const char *type = json_string_value(json_object_get(m, "type"));
            const char *tiles = json_string_value(json_object_get(m, "tiles"));
            tensu_meld_type t;
            char where[32];
            snprintf(where, sizeof where, "melds[%zu]", i);
            if (type == NULL || !tensu_meld_type_parse(type, &t))
                return fail(why, n, TENSU_ERR_INVALID,
                            "%s: type is chi, pon, minkan, ankan or shouminkan", where, NULL);
            if (tiles == NULL)
                return fail(why, n, TENSU_ERR_INVALID, "%s: tiles missing", where, NULL);
            if (tensu_hand_add_meld(h, t, tiles, &e) != TENSU_OK)
                return fail(why, n, TENSU_ERR_INVALID, NULL, where, &e);
        }
    }
    v = json_object_get(rec, "win");
    if (json_is_string(v)) {
        if (tensu_hand_set_win(h, json_string_value(v), &e) != TENSU_OK)
            return fail(why, n, TENSU_ERR_INVALID, NULL, "win", &e);
    } else if (h->win < 0) {
        return fail(why, n, TENSU_ERR_INVALID, "%s: the winning tile is required", "win", NULL);
    }
    {
        json_t *t = json_object_get(rec, "tsumo"), *r = json_object_get(rec, "ron");
        if (!json_is_boolean(t) && !json_is_boolean(r))
            return fail(why, n, TENSU_ERR_INVALID, "%s: true or false is required", "tsumo",
                        NULL);
        if (json_is_boolean(t) && json_is_boolean(r) && json_is_true(t) == json_is_true(r))
            return fail(why, n, TENSU_ERR_INVALID, "%s: tsumo and ron contradict each other",
                        "tsumo", NULL);
        h->tsumo = json_is_boolean(t) ? json_is_true(t) : !json_is_true(r);
    }
    v = json_object_get(rec, "seat");
    if (v != NULL && (h->seat = wind_of(v)) < 0)
        return fail(why, n, TENSU_ERR_INVALID, "%s: E, S, W or N", "seat", NULL);
    v = json_object_get(rec, "round");
    if (v != NULL && (h->round = wind_of(v)) < 0)
        return fail(why, n, TENSU_ERR_INVALID, "%s: E, S, W or N", "round", NULL);
    v = json_object_get(rec, "dealer");
    if (json_is_boolean(v)) {
        if (json_object_get(rec, "seat") == NULL)
            h->seat = json_is_true(v) ? TENSU_EAST : TENSU_SOUTH;
        else if (json_is_true(v) != (h->seat == TENSU_EAST))
            return fail(why, n, TENSU_ERR_INVALID, "%s: contradicts seat", "dealer", NULL);
    }
    v = json_object_get(rec, "pao");
    if (v != NULL && !json_is_null(v) && (h->pao = wind_of(v)) < 0)
        return fail(why, n, TENSU_ERR_INVALID, "%s: the liable player's seat, E, S, W or N",
                    "pao", NULL);
    if (indicators(json_object_get(rec, "dora"), h->dora, &h->ndora, "dora", why, n) !=
            TENSU_OK ||
        indicators(json_object_get(rec, "ura"), h->ura, &h->nura, "ura", why, n) != TENSU_OK)
        return TENSU_ERR_INVALID;
    for (size_t f = 0; f < sizeof flag_names / sizeof flag_names[0]; f++) {
        v = json_object_get(rec, flag_names[f]);
        if (v != NULL && !json_is_boolean(v))
            return fail(why, n, TENSU_ERR_INVALID, "%s: true or false", flag_names[f], NULL);
        *flag_field(h, f) = json_is_true(v);
    }
    if (read_int(rec, "honba", 0, 100, &h->honba, why, n) != TENSU_OK ||
        read_int(rec, "riichi_sticks", 0, 100, &h->sticks, why, n) != TENSU_OK ||
        read_int(rec, "nukidora", 0, 4, &h->nukidora, why, n) != TENSU_OK)
        return TENSU_ERR_INVALID;
    return TENSU_OK;
}

/* The record's "id" as JSON text (malloc'd), NULL for none. */
static char *id_text(json_t *rec)
{
    json_t *id = json_is_object(rec) ? json_object_get(rec, "id") : NULL;
    return id ? json_dumps(id, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
}

size_t score_json_write(json_t *rec, const tensu_rules *base, char *buf, size_t cap)
{
    tensu_rules rules;
    tensu_hand h;
    tensu_score_result res;
    tensu_error e;
    char why[400];
    char *id = id_text(rec);
    size_t n;
    tensu_status s = score_json_read(rec, base, &rules, &h, why, sizeof why);
    if (s == TENSU_OK) {
        s = tensu_score(&rules, &h, &res, &e);
        if (s != TENSU_OK)
            snprintf(why, sizeof why, "%s", e.message);
    }
    if (s != TENSU_OK)
        n = score_write_error(buf, cap, id, s, why);
    else
        n = score_write_result(buf, cap, id, &h, &res);
    free(id);
    return n;
}

json_t *score_json_line(json_t *rec, const tensu_rules *base)
{
    char buf[SCORE_LINE_MAX];
    score_json_write(rec, base, buf, sizeof buf);
    return json_loads(buf, 0, NULL);
}
