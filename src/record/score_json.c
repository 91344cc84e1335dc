/* Hand records in JSON: reading (hands.md or corpus layout) and writing.
 * Records are read with jread.c, which allocates nothing per record once
 * warm.  No jansson here (the WebAssembly scorer, src/wasm/scorer.c, reads
 * its records through this file): callers that hold a jansson value go
 * through score_jansson.c. */
#include "score_json.h"

#include <stdio.h>
#include <string.h>

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
static int wind_of(const jr_doc *d, uint32_t v)
{
    if (jr_kind(d, v) == JR_INT) {
        long long i = jr_int(d, v);
        return i >= 0 && i <= 3 ? (int)i : -1;
    }
    if (jr_kind(d, v) == JR_STR)
        return tensu_wind_parse(jr_str(d, v));
    return -1;
}

/* Indicators: a list of tile strings, or one string of tiles. */
static tensu_status indicators(const jr_doc *d, uint32_t v, int *out, int *count,
                               const char *field, char *why, size_t n)
{
    size_t i = 0;
    tensu_error e;
    *count = 0;
    if (v == 0 || jr_is_null(d, v))
        return TENSU_OK;
    if (jr_kind(d, v) == JR_STR) {
        int got;
        bool red[TENSU_MAX_INDICATORS];
        if (tensu_tiles_parse(jr_str(d, v), out, red, TENSU_MAX_INDICATORS, &got, &e) !=
            TENSU_OK)
            return fail(why, n, TENSU_ERR_INVALID, NULL, field, &e);
        *count = got;
        return TENSU_OK;
    }
    if (jr_kind(d, v) != JR_ARR)
        return fail(why, n, TENSU_ERR_INVALID, "%s: a list of tiles", field, NULL);
    for (uint32_t x = jr_first(d, v); x != 0; x = jr_next(d, x), i++) {
        int got, k[TENSU_MAX_INDICATORS];
        bool red[TENSU_MAX_INDICATORS];
        bool str = jr_kind(d, x) == JR_STR;
        if (!str || tensu_tiles_parse(jr_str(d, x), k, red, TENSU_MAX_INDICATORS, &got, &e) !=
                        TENSU_OK) {
            char where[64]; /* written for the error only: this loop runs for every record */
            snprintf(where, sizeof where, "%s[%zu]", field, i);
            return str ? fail(why, n, TENSU_ERR_INVALID, NULL, where, &e)
                       : fail(why, n, TENSU_ERR_INVALID, "%s: a tile string", where, NULL);
        }
        for (int j = 0; j < got; j++) {
            if (*count >= TENSU_MAX_INDICATORS)
                return fail(why, n, TENSU_ERR_INVALID, "%s: at most 10 indicators", field, NULL);
            out[(*count)++] = k[j];
        }
    }
    return TENSU_OK;
}

/* The rules of a three-player corpus record: tenhou-sanma, a constant
 * (the preset sets every key), made once per thread rather than once per
 * record (it reads the preset's table of settings). */
static tensu_status sanma_rules(tensu_rules *rules, tensu_error *e)
{
    static _Thread_local tensu_rules sanma;
    static _Thread_local bool made;
    if (!made) {
        tensu_status s = tensu_rules_preset("tenhou-sanma", &sanma, e);
        if (s != TENSU_OK)
            return s;
        made = true;
    }
    *rules = sanma;
    return TENSU_OK;
}

/* A record of ../shared/corpus (hand is an object). */
static tensu_status read_corpus(const jr_doc *d, uint32_t rec, const tensu_rules *base,
                                tensu_rules *rules, tensu_hand *h, char *why, size_t n)
{
    uint32_t hand = jr_get(d, rec, "hand"), flags = jr_get(d, rec, "flags");
    uint32_t round = jr_get(d, rec, "round"), result = jr_get(d, rec, "result");
    uint32_t v;
    tensu_error e;
    int players = (int)jr_int(d, jr_get(d, jr_get(d, rec, "rules"), "players"));
    const char *closed = jr_str(d, jr_get(d, hand, "closed_without_win_tile"));
    const char *win = jr_str(d, jr_get(d, hand, "win_tile"));

    if (players == 3 && base->players != 3) {
        if (sanma_rules(rules, &e) != TENSU_OK)
            return fail(why, n, e.status, NULL, "rules", &e);
    } else {
        *rules = *base;
    }
    if (closed == NULL || win == NULL)
        return fail(why, n, TENSU_ERR_INVALID, "%s: a corpus record without tiles", "hand",
                    NULL);
    if (tensu_hand_parse(closed, h, &e) != TENSU_OK)
        return fail(why, n, TENSU_ERR_INVALID, NULL, "hand.closed_without_win_tile", &e);
    if (tensu_hand_set_win(h, win, &e) != TENSU_OK)
        return fail(why, n, TENSU_ERR_INVALID, NULL, "hand.win_tile", &e);
    for (v = jr_first(d, jr_get(d, hand, "melds")); v != 0; v = jr_next(d, v)) {
        const char *type = jr_str(d, jr_get(d, v, "type"));
        tensu_meld_type t;
        if (type != NULL && strcmp(type, "nuki") == 0) {
            h->nukidora++;
            continue;
        }
        if (type == NULL || !tensu_meld_type_parse(type, &t))
            return fail(why, n, TENSU_ERR_INVALID, "%s: unknown meld type", "hand.melds", NULL);
        if (tensu_hand_add_meld(h, t, jr_str(d, jr_get(d, v, "tiles")), &e) != TENSU_OK)
            return fail(why, n, TENSU_ERR_INVALID, NULL, "hand.melds", &e);
    }
    h->tsumo = jr_is_true(d, jr_get(d, rec, "is_tsumo"));
    h->seat = tensu_wind_parse(jr_str(d, jr_get(d, rec, "seat_wind")));
    h->round = tensu_wind_parse(jr_str(d, jr_get(d, rec, "round_wind")));
    if (indicators(d, jr_get(d, rec, "dora_indicators"), h->dora, &h->ndora, "dora_indicators",
                   why, n) != TENSU_OK ||
        indicators(d, jr_get(d, rec, "ura_indicators"), h->ura, &h->nura, "ura_indicators",
                   why, n) != TENSU_OK)
        return TENSU_ERR_INVALID;
    for (size_t f = 0; f < sizeof flag_names / sizeof flag_names[0]; f++)
        *flag_field(h, f) = jr_is_true(d, jr_get(d, flags, flag_names[f]));
    if (h->double_riichi)
        h->riichi = false;
    h->honba = (int)jr_int(d, jr_get(d, round, "honba"));
    h->sticks = (int)jr_int(d, jr_get(d, round, "riichi_sticks"));
    v = jr_get(d, result, "pao_seat");
    if (jr_kind(d, v) == JR_INT && players > 0) {
        int dealer = (int)jr_int(d, jr_get(d, round, "dealer_seat"));
        h->pao = (int)((jr_int(d, v) - dealer + players) % players);
    }
    return TENSU_OK;
}

static tensu_status read_int(const jr_doc *d, uint32_t rec, const char *k, int lo, int hi,
                             int *out, char *why, size_t n)
{
    uint32_t v = jr_get(d, rec, k);
    if (v == 0 || jr_is_null(d, v))
        return TENSU_OK;
    if (jr_kind(d, v) != JR_INT || jr_int(d, v) < lo || jr_int(d, v) > hi) {
        snprintf(why, n, "%s: an integer %d..%d", k, lo, hi);
        return TENSU_ERR_INVALID;
    }
    *out = (int)jr_int(d, v);
    return TENSU_OK;
}

tensu_status score_json_read(const jr_doc *d, uint32_t rec, const tensu_rules *base,
                             tensu_rules *rules, tensu_hand *h, char *why, size_t n)
{
    static const char *const known[] = {
        "id", "hand", "melds", "win", "tsumo", "ron", "seat", "round", "dealer", "dora", "ura",
        "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
        "tenhou", "chiihou", "renhou", "honba", "riichi_sticks", "nukidora", "rules", "pao",
        "expect", "comment"};
    uint32_t v, t, r;
    tensu_error e;
    size_t i = 0;

    tensu_hand_init(h);
    if (jr_kind(d, rec) != JR_OBJ)
        return fail(why, n, TENSU_ERR_INVALID, "%s", "a record is a JSON object", NULL);
    if (jr_kind(d, jr_get(d, rec, "hand")) == JR_OBJ)
        return read_corpus(d, rec, base, rules, h, why, n);

    for (v = jr_first(d, rec); v != 0; v = jr_next(d, v)) {
        bool ok = false;
        const char *k = jr_key(d, v);
        for (i = 0; i < sizeof known / sizeof known[0] && !ok; i++)
            ok = known[i][0] == k[0] && strcmp(k, known[i]) == 0;
        if (!ok)
            return fail(why, n, TENSU_ERR_INVALID, "unknown field '%s'", jr_key(d, v), NULL);
    }
    *rules = *base;
    v = jr_get(d, rec, "rules");
    if (v != 0 && !jr_is_null(d, v)) {
        if (jr_kind(d, v) != JR_OBJ)
            return fail(why, n, TENSU_ERR_INVALID, "%s: an object of KEY: VALUE", "rules", NULL);
        for (uint32_t x = jr_first(d, v); x != 0; x = jr_next(d, x)) {
            char val[64];
            if (jr_kind(d, x) == JR_STR)
                snprintf(val, sizeof val, "%s", jr_str(d, x));
            else if (jr_kind(d, x) == JR_INT)
                snprintf(val, sizeof val, "%lld", jr_int(d, x));
            else if (jr_is_bool(d, x))
                snprintf(val, sizeof val, "%s", jr_is_true(d, x) ? "yes" : "no");
            else
                return fail(why, n, TENSU_ERR_INVALID, "rules.%s: a string or number",
                            jr_key(d, x), NULL);
            if (tensu_rules_set(rules, jr_key(d, x), val, &e) != TENSU_OK)
                return fail(why, n, TENSU_ERR_INVALID, NULL, "rules", &e);
        }
    }

    v = jr_get(d, rec, "hand");
    if (jr_kind(d, v) != JR_STR)
        return fail(why, n, TENSU_ERR_INVALID, "%s: a string of tiles is required", "hand",
                    NULL);
    if (tensu_hand_parse(jr_str(d, v), h, &e) != TENSU_OK)
        return fail(why, n, TENSU_ERR_INVALID, NULL, "hand", &e);
    v = jr_get(d, rec, "melds");
    if (v != 0 && !jr_is_null(d, v)) {
        if (jr_kind(d, v) != JR_ARR)
            return fail(why, n, TENSU_ERR_INVALID, "%s: a list", "melds", NULL);
        i = 0;
        for (uint32_t m = jr_first(d, v); m != 0; m = jr_next(d, m), i++) {
            const char *type = jr_str(d, jr_get(d, m, "type"));
            const char *tiles = jr_str(d, jr_get(d, m, "tiles"));
            tensu_meld_type mt;
            bool typed = type != NULL && tensu_meld_type_parse(type, &mt);
            if (!typed || tiles == NULL || tensu_hand_add_meld(h, mt, tiles, &e) != TENSU_OK) {
                char where[32]; /* for the error only */
                snprintf(where, sizeof where, "melds[%zu]", i);
                if (!typed)
                    return fail(why, n, TENSU_ERR_INVALID,
                                "%s: type is chi, pon, minkan, ankan or shouminkan", where, NULL);
                if (tiles == NULL)
                    return fail(why, n, TENSU_ERR_INVALID, "%s: tiles missing", where, NULL);
                return fail(why, n, TENSU_ERR_INVALID, NULL, where, &e);
            }
        }
    }
    v = jr_get(d, rec, "win");
    if (jr_kind(d, v) == JR_STR) {
        if (tensu_hand_set_win(h, jr_str(d, v), &e) != TENSU_OK)
            return fail(why, n, TENSU_ERR_INVALID, NULL, "win", &e);
    } else if (h->win < 0) {
        return fail(why, n, TENSU_ERR_INVALID, "%s: the winning tile is required", "win", NULL);
    }
    t = jr_get(d, rec, "tsumo");
    r = jr_get(d, rec, "ron");
    if (!jr_is_bool(d, t) && !jr_is_bool(d, r))
        return fail(why, n, TENSU_ERR_INVALID, "%s: true or false is required", "tsumo", NULL);
    if (jr_is_bool(d, t) && jr_is_bool(d, r) && jr_is_true(d, t) == jr_is_true(d, r))
        return fail(why, n, TENSU_ERR_INVALID, "%s: tsumo and ron contradict each other",
                    "tsumo", NULL);
    h->tsumo = jr_is_bool(d, t) ? jr_is_true(d, t) : !jr_is_true(d, r);
    v = jr_get(d, rec, "seat");
    if (v != 0 && (h->seat = wind_of(d, v)) < 0)
        return fail(why, n, TENSU_ERR_INVALID, "%s: E, S, W or N", "seat", NULL);
    v = jr_get(d, rec, "round");
    if (v != 0 && (h->round = wind_of(d, v)) < 0)
        return fail(why, n, TENSU_ERR_INVALID, "%s: E, S, W or N", "round", NULL);
    v = jr_get(d, rec, "dealer");
    if (jr_is_bool(d, v)) {
        if (jr_get(d, rec, "seat") == 0)
            h->seat = jr_is_true(d, v) ? TENSU_EAST : TENSU_SOUTH;
        else if (jr_is_true(d, v) != (h->seat == TENSU_EAST))
            return fail(why, n, TENSU_ERR_INVALID, "%s: contradicts seat", "dealer", NULL);
    }
    v = jr_get(d, rec, "pao");
    if (v != 0 && !jr_is_null(d, v) && (h->pao = wind_of(d, v)) < 0)
        return fail(why, n, TENSU_ERR_INVALID, "%s: the liable player's seat, E, S, W or N",
                    "pao", NULL);
    if (indicators(d, jr_get(d, rec, "dora"), h->dora, &h->ndora, "dora", why, n) !=
            TENSU_OK ||
        indicators(d, jr_get(d, rec, "ura"), h->ura, &h->nura, "ura", why, n) != TENSU_OK)
        return TENSU_ERR_INVALID;
    for (size_t f = 0; f < sizeof flag_names / sizeof flag_names[0]; f++) {
        v = jr_get(d, rec, flag_names[f]);
        if (v != 0 && !jr_is_bool(d, v))
            return fail(why, n, TENSU_ERR_INVALID, "%s: true or false", flag_names[f], NULL);
        *flag_field(h, f) = jr_is_true(d, v);
    }
    if (read_int(d, rec, "honba", 0, 100, &h->honba, why, n) != TENSU_OK ||
        read_int(d, rec, "riichi_sticks", 0, 100, &h->sticks, why, n) != TENSU_OK ||
        read_int(d, rec, "nukidora", 0, 4, &h->nukidora, why, n) != TENSU_OK)
        return TENSU_ERR_INVALID;
    return TENSU_OK;
}

size_t score_json_write(const jr_doc *d, uint32_t rec, const tensu_rules *base, long line,
                        char *buf, size_t cap, bool *scored)
{
    tensu_rules rules;
    tensu_hand h;
    tensu_score_result res;
    tensu_error e;
    char why[400];
    char id[SCORE_ID_MAX];
    uint32_t idv = jr_kind(d, rec) == JR_OBJ ? jr_get(d, rec, "id") : 0;
    tensu_status s;
    /* the record's id as JSON text, echoed in its result */
    if (idv != 0 && score_write_value(id, sizeof id, d, idv) >= sizeof id) {
        snprintf(why, sizeof why, "id: longer than %d bytes", SCORE_ID_MAX - 1);
        *scored = false;
        return score_write_error(buf, cap, NULL, line, TENSU_ERR_INVALID, why);
    }
    s = score_json_read(d, rec, base, &rules, &h, why, sizeof why);
    if (s == TENSU_OK) {
        s = tensu_score(&rules, &h, &res, &e);
        if (s != TENSU_OK)
            snprintf(why, sizeof why, "%s", e.message);
    }
    *scored = s == TENSU_OK;
    if (s != TENSU_OK)
        return score_write_error(buf, cap, idv ? id : NULL, line, s, why);
    return score_write_result(buf, cap, idv ? id : NULL, &h, &res);
}

/* key (n bytes) is the literal s */
#define IS(s) (n == sizeof s - 1 && memcmp(key, s, sizeof s - 1) == 0)

/* The members of a record that score_json_read and score_json_write look
 * at, in either layout; the rest of a corpus record (its source, the
 * replay's raw fields, the recorded result's yaku, the checks: more than
 * half of its 2 KB) is only checked.  Asked for every member of every
 * record: by length and fixed-size compares, no strcmp. */
static jr_want record_want(const char *parent, const char *key, size_t n)
{
    bool all;
    if (parent != NULL) /* a corpus record's hand and result */
        return (parent[0] == 'h' ? IS("closed_without_win_tile") || IS("win_tile") || IS("melds")
                                 : IS("pao_seat"))
                   ? JR_WANT_ALL
                   : JR_WANT_NONE;
    switch (key[0]) {
    case 'c': all = IS("chankan") || IS("chiihou"); break;
    case 'd': all = IS("dealer") || IS("dora") || IS("double_riichi") || IS("dora_indicators"); break;
    case 'f': all = IS("flags"); break;
    case 'h':
        if (IS("hand"))
            return JR_WANT_SOME;
        all = IS("haitei") || IS("houtei") || IS("honba");
        break;
    case 'i': all = IS("id") || IS("ippatsu") || IS("is_tsumo"); break;
    case 'm': all = IS("melds"); break;
    case 'n': all = IS("nukidora"); break;
    case 'p': all = IS("pao"); break;
    case 'r':
        if (IS("result"))
            return JR_WANT_SOME;
        all = IS("ron") || IS("round") || IS("riichi") || IS("rinshan") || IS("renhou") ||
              IS("riichi_sticks") || IS("rules") || IS("round_wind");
        break;
    case 's': all = IS("seat") || IS("seat_wind"); break;
    case 't': all = IS("tsumo") || IS("tenhou"); break;
    case 'u': all = IS("ura") || IS("ura_indicators"); break;
    case 'w': all = IS("win"); break;
    default: all = false; break;
    }
    return all ? JR_WANT_ALL : JR_WANT_NONE;
}
#undef IS

size_t score_json_text(jr_doc *scratch, const char *text, size_t len, long line,
                       const tensu_rules *base, char *buf, size_t cap, score_outcome *outcome)
{
    bool scored;
    size_t n;
    if (!jr_parse_some(scratch, text, len, record_want)) {
        char why[200];
        if (line > 0)
            snprintf(why, sizeof why, "line %ld, column %d: bad JSON: %s", line, scratch->column,
                     scratch->error);
        else
            snprintf(why, sizeof why, "column %d: bad JSON: %s", scratch->column,
                     scratch->error);
        *outcome = SCORE_NOT_JSON;
        return score_write_error(buf, cap, NULL, line, TENSU_ERR_INVALID, why);
    }
    n = score_json_write(scratch, JR_ROOT, base, line, buf, cap, &scored);
    *outcome = scored ? SCORE_SCORED : SCORE_REFUSED;
    return n;
}
