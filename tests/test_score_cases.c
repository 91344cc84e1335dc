/* Data-driven scorer cases (tests/data/hands.jsonl: a reader can add a
 * line without touching C), plus the notation parser's error positions. */
#include "harness.h"
#include "../src/record/score_jansson.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tensu.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Two JSON arrays of strings hold the same set. */
static bool same_set(json_t *a, json_t *b)
{
    const char *x[64], *y[64];
    size_t n = json_array_size(a), i;
    if (!json_is_array(a) || !json_is_array(b) || n != json_array_size(b) || n > 64)
        return false;
    for (i = 0; i < n; i++) {
        x[i] = json_string_value(json_array_get(a, i));
        y[i] = json_string_value(json_array_get(b, i));
        if (x[i] == NULL || y[i] == NULL)
            return false;
    }
    qsort(x, n, sizeof x[0], cmp_str);
    qsort(y, n, sizeof y[0], cmp_str);
    for (i = 0; i < n; i++)
        if (strcmp(x[i], y[i]) != 0)
            return false;
    return true;
}

static bool check_key(const char *key, json_t *want, json_t *out)
{
    json_t *got = json_object_get(out, key);
    if (strcmp(key, "yaku") == 0)
        return same_set(want, got);
    if (strcmp(key, "error_contains") == 0) {
        const char *e = json_string_value(json_object_get(out, "error"));
        return e != NULL && json_is_string(want) && strstr(e, json_string_value(want)) != NULL;
    }
    if (strcmp(key, "alternative_totals") == 0) {
        json_t *alts = json_object_get(out, "alternatives"), *a;
        size_t i;
        json_t *totals = json_array();
        bool ok;
        json_array_foreach(alts, i, a) json_array_append(totals, json_object_get(a, "total"));
        ok = json_equal(totals, want);
        json_decref(totals);
        return ok;
    }
    return got != NULL && json_equal(got, want);
}

static void run_cases(void)
{
    char path[1024], line[8192];
    FILE *f;
    tensu_rules base;
    int lineno = 0, cases = 0;

    snprintf(path, sizeof path, "%s/hands.jsonl", TENSU_TEST_DATA);
    f = fopen(path, "r");
    CHECK(f != NULL);
    if (f == NULL)
        return;
    CHECK(tensu_rules_preset("tenhou", &base, NULL) == TENSU_OK);
    while (fgets(line, sizeof line, f) != NULL) {
        json_t *rec, *expect, *out, *v;
        json_error_t jerr;
        const char *key;
        lineno++;
        if (line[0] == '\n' || (line[0] == '/' && line[1] == '/'))
            continue;
        rec = json_loads(line, 0, &jerr);
        if (rec == NULL) {
            fprintf(stderr, "hands.jsonl:%d: bad JSON: %s\n", lineno, jerr.text);
            CHECK(rec != NULL);
            continue;
        }
        expect = json_object_get(rec, "expect");
        CHECK(json_is_object(expect));
        out = score_json_line(rec, &base);
        cases++;
        json_object_foreach(expect, key, v) {
            if (check_key(key, v, out)) {
                harness_passed++;
            } else {
                char *o = json_dumps(out, JSON_COMPACT | JSON_PRESERVE_ORDER);
                char *w = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
                harness_failed++;
                fprintf(stderr, "hands.jsonl:%d (%s): %s should be %s; got %s\n", lineno,
                        json_string_value(json_object_get(rec, "id")), key, w, o);
                free(o);
                free(w);
            }
        }
        if (json_object_get(expect, "ok") == NULL && json_object_get(expect, "error") == NULL &&
            json_object_get(expect, "error_contains") == NULL) {
            if (!json_is_true(json_object_get(out, "ok")))
                fprintf(stderr, "hands.jsonl:%d: %s\n", lineno,
                        json_string_value(json_object_get(out, "error")));
            CHECK(json_is_true(json_object_get(out, "ok")));
        }
        json_decref(out);
        json_decref(rec);
    }
    fclose(f);
    printf("hands.jsonl: %d cases\n", cases);
    CHECK(cases >= 50);
}

static void parser_errors(void)
{
    tensu_hand h;
    tensu_error e;
    int kinds[20], n;
    bool red[20];

    tensu_hand_init(&h);
    CHECK_EQ(tensu_hand_parse("123m4x", &h, &e), TENSU_ERR_INVALID);
    CHECK_EQ(e.column, 6);
    tensu_hand_init(&h);
    CHECK_EQ(tensu_hand_parse("123m8z", &h, &e), TENSU_ERR_INVALID);
    CHECK_EQ(e.column, 5);
    tensu_hand_init(&h);
    CHECK_EQ(tensu_hand_parse("1234", &h, &e), TENSU_ERR_INVALID);
    CHECK_EQ(e.column, 1);
    tensu_hand_init(&h);
    CHECK_EQ(tensu_hand_parse("12m+3x", &h, &e), TENSU_ERR_INVALID);
    CHECK_EQ(e.column, 6);
    tensu_hand_init(&h);
    CHECK_EQ(tensu_hand_parse("1111m1m", &h, &e), TENSU_ERR_INVALID);
    CHECK_EQ(e.column, 6);
    CHECK(strstr(e.message, "fifth copy of 1m") != NULL);
    tensu_hand_init(&h);
    CHECK_EQ(tensu_hand_parse("234m1122z+1z", &h, &e), TENSU_OK);
    CHECK_EQ(h.ntiles, 7);
    CHECK_EQ(h.win, 27);
    CHECK_EQ(tensu_hand_add_meld(&h, TENSU_MELD_PON, "123z", &e), TENSU_ERR_INVALID);
    CHECK_EQ(tensu_hand_add_meld(&h, TENSU_MELD_CHI, "89m1p", &e), TENSU_ERR_INVALID);
    CHECK_EQ(tensu_hand_add_meld(&h, TENSU_MELD_ANKAN, "111s", &e), TENSU_ERR_INVALID);
    CHECK_EQ(tensu_hand_add_meld(&h, TENSU_MELD_ANKAN, "1111s", &e), TENSU_OK);
    CHECK_EQ(tensu_tiles_parse("0m0p0s", kinds, red, 20, &n, &e), TENSU_OK);
    CHECK_EQ(n, 3);
    CHECK(red[0] && red[1] && red[2]);
    CHECK_EQ(kinds[1], 13);
    CHECK_EQ(tensu_tiles_parse("0z", kinds, red, 20, &n, &e), TENSU_ERR_INVALID);
    CHECK_STR(tensu_yaku_name(TENSU_YAKU_JUNSEI_CHUUREN), "junsei_chuuren");
    CHECK_EQ(tensu_yaku_lookup("sanshoku_doukou"), TENSU_YAKU_SANSHOKU_DOUKOU);
}

/* Every fu reason has its English text and its id, each its own; every
 * catalog has words for each id and no other fu.reason key; a result is
 * asked about a reason and about a set. */
static void fu_reasons(void)
{
    static const char *const langs[] = {"fr", "en"};
    tensu_rules r;
    tensu_hand h;
    tensu_score_result s;
    tensu_error e;

    for (int i = 0; i < TENSU_FU_REASON_COUNT; i++) {
        const char *name = tensu_fu_reason_name((tensu_fu_reason)i);
        const char *id = tensu_fu_reason_id((tensu_fu_reason)i);
        CHECK(name != NULL && id != NULL);
        for (int j = 0; name != NULL && id != NULL && j < i; j++) {
            CHECK(strcmp(name, tensu_fu_reason_name((tensu_fu_reason)j)) != 0);
            CHECK(strcmp(id, tensu_fu_reason_id((tensu_fu_reason)j)) != 0);
        }
    }
    CHECK_STR(tensu_fu_reason_name(TENSU_FU_CLOSED_RON), "closed hand won by ron");
    CHECK_STR(tensu_fu_reason_id(TENSU_FU_CLOSED_RON), "closed_ron");
    CHECK(tensu_fu_reason_name(TENSU_FU_REASON_COUNT) == NULL);
    CHECK(tensu_fu_reason_id((tensu_fu_reason)-1) == NULL);

    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        char path[1024], key[128];
        json_t *file, *cat, *v;
        const char *k;
        int n = 0;
        snprintf(path, sizeof path, "%s/templates/%s.json", TENSU_SOURCE_DIR, langs[l]);
        file = json_load_file(path, 0, NULL);
        cat = json_object_get(file, "strings");
        CHECK(json_is_object(cat));
        for (int i = 0; cat != NULL && i < TENSU_FU_REASON_COUNT; i++) {
            snprintf(key, sizeof key, "fu.reason.%s", tensu_fu_reason_id((tensu_fu_reason)i));
            if (!json_is_string(json_object_get(cat, key)))
                fprintf(stderr, "%s: no words for %s\n", path, key);
            CHECK(json_is_string(json_object_get(cat, key)));
        }
        json_object_foreach(cat, k, v)
            n += strncmp(k, "fu.reason.", 10) == 0;
        CHECK_EQ(n, TENSU_FU_REASON_COUNT);
        json_decref(file);
    }

    /* tensu score 234m1122z+1z --ankan 1111s --ankan 7777z --ron --seat S --round S */
    CHECK_EQ(tensu_rules_preset("tenhou", &r, &e), TENSU_OK);
    tensu_hand_init(&h);
    CHECK_EQ(tensu_hand_parse("234m1122z+1z", &h, &e), TENSU_OK);
    CHECK_EQ(tensu_hand_add_meld(&h, TENSU_MELD_ANKAN, "1111s", &e), TENSU_OK);
    CHECK_EQ(tensu_hand_add_meld(&h, TENSU_MELD_ANKAN, "7777z", &e), TENSU_OK);
    h.seat = h.round = 1;
    CHECK_EQ(tensu_score(&r, &h, &s, &e), TENSU_OK);
    CHECK_EQ(s.nfu, 6);
    CHECK_EQ(s.fu_detail[4].reason, TENSU_FU_RON_TRIPLET_TERMINALS);
    CHECK_EQ(s.fu_detail[4].tile, 27);
    CHECK(tensu_result_has_fu(&s, TENSU_FU_CLOSED_KAN_TERMINALS));
    CHECK(tensu_result_has_fu(&s, TENSU_FU_DOUBLE_WIND_PAIR));
    CHECK(!tensu_result_has_fu(&s, TENSU_FU_TSUMO));
    CHECK(!tensu_result_has_fu(&s, TENSU_FU_REASON_COUNT));
    CHECK(tensu_result_has_fu_in(&s, TENSU_FU_RON_TRIPLETS));
    CHECK(tensu_result_has_fu_in(&s, TENSU_FU_WIND_PAIRS));
    CHECK(!tensu_result_has_fu_in(&s, TENSU_FU_WAITS));
    CHECK(!tensu_result_has_fu_in(&s, 0));
}

int main(void)
{
    run_cases();
    parser_errors();
    fu_reasons();
    return harness_report("test_score_cases");
}
