/* quiz_keycheck KEY.json...: every answer printed in worksheet keys
 * (tensu quiz --format json) against a scoring of its own: the rules
 * rebuilt from the key's "rules" object, each hand from its record in the
 * notation a player reads (tensu_hand_parse, the melds, the flags), scored
 * by tensu_score; each table question paid by tensu_pay.  Nothing of the
 * quiz's own code or of the JSON writer is used.  Prints what differs;
 * exit status 1 when anything does. */
#include "../src/tensu.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static long checked, wrong;

static void bad(const char *file, int n, const char *what, long long want, long long got)
{
    fprintf(stderr, "%s: exercise %d: %s: the key prints %lld, the scorer gives %lld\n", file, n,
            what, want, got);
    wrong++;
}

static long long jint(json_t *o, const char *key, long long dflt)
{
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}

static int seat_of(const char *w)
{
    const char *p = w ? strchr("ESWN", w[0]) : NULL;
    return p && w[0] ? (int)(p - "ESWN") : -1;
}

static bool rules_of(json_t *jr, tensu_rules *r, const char *file)
{
    const char *key;
    json_t *v;
    tensu_error err;
    if (tensu_rules_preset(json_string_value(json_object_get(jr, "preset")), r, &err) !=
        TENSU_OK) {
        fprintf(stderr, "%s: preset: %s\n", file, err.message);
        return false;
    }
    json_object_foreach(jr, key, v) {
        if (strcmp(key, "preset") == 0)
            continue;
        if (tensu_rules_set(r, key, json_string_value(v), &err) != TENSU_OK) {
            fprintf(stderr, "%s: rule %s: %s\n", file, key, err.message);
            return false;
        }
    }
    return true;
}

/* The hand as the record writes it. */
static bool hand_of(json_t *rec, tensu_hand *h, const char *file, int n)
{
    tensu_error err;
    json_t *m, *d;
    size_t i;
    tensu_hand_init(h);
    if (tensu_hand_parse(json_string_value(json_object_get(rec, "hand")), h, &err) != TENSU_OK ||
        tensu_hand_set_win(h, json_string_value(json_object_get(rec, "win")), &err) != TENSU_OK) {
        fprintf(stderr, "%s: exercise %d: %s\n", file, n, err.message);
        return false;
    }
    json_array_foreach(json_object_get(rec, "melds"), i, m) {
        tensu_meld_type t;
        if (!tensu_meld_type_parse(json_string_value(json_object_get(m, "type")), &t) ||
            tensu_hand_add_meld(h, t, json_string_value(json_object_get(m, "tiles")), &err) !=
                TENSU_OK) {
            fprintf(stderr, "%s: exercise %d: a meld\n", file, n);
            return false;
        }
    }
    json_array_foreach(json_object_get(rec, "dora"), i, d) {
        int k[2], cnt = 0;
        bool red[2];
        if (tensu_tiles_parse(json_string_value(d), k, red, 2, &cnt, &err) != TENSU_OK ||
            cnt != 1 || h->ndora >= TENSU_MAX_INDICATORS) {
            fprintf(stderr, "%s: exercise %d: a dora indicator\n", file, n);
            return false;
        }
        h->dora[h->ndora++] = k[0];
    }
    h->tsumo = json_is_true(json_object_get(rec, "tsumo"));
    h->seat = seat_of(json_string_value(json_object_get(rec, "seat")));
    h->round = seat_of(json_string_value(json_object_get(rec, "round")));
    h->riichi = json_is_true(json_object_get(rec, "riichi"));
    h->honba = (int)jint(rec, "honba", 0);
    h->sticks = (int)jint(rec, "riichi_sticks", 0);
    if (h->seat < 0 || h->round < 0) {
        fprintf(stderr, "%s: exercise %d: a wind\n", file, n);
        return false;
    }
    return true;
}

/* The shares as printed: a hand's with its honba, a table's as they are
 * (no honba). */
static void check_payment(const char *file, int n, json_t *pay, const tensu_payment *p)
{
    if (!p->tsumo) {
        if (jint(pay, "ron", -1) != p->ron_honba)
            bad(file, n, "ron", jint(pay, "ron", -1), p->ron_honba);
        return;
    }
    if (jint(pay, "non_dealer", -1) != p->from_non_dealer_honba)
        bad(file, n, "each non-dealer's share", jint(pay, "non_dealer", -1),
            p->from_non_dealer_honba);
    if (!p->dealer && jint(pay, "dealer", -1) != p->from_dealer_honba)
        bad(file, n, "the dealer's share", jint(pay, "dealer", -1), p->from_dealer_honba);
}

static void check_file(const char *file)
{
    json_error_t je;
    json_t *root = json_load_file(file, 0, &je), *e;
    tensu_rules r;
    size_t i;
    if (root == NULL || !rules_of(json_object_get(root, "rules"), &r, file)) {
        fprintf(stderr, "%s: cannot read the key\n", file);
        wrong++;
        json_decref(root);
        return;
    }
    json_array_foreach(json_object_get(root, "exercises"), i, e) {
        json_t *ans = json_object_get(e, "answer"), *rec = json_object_get(e, "record");
        int n = (int)jint(e, "n", 0);
        checked++;
        if (rec == NULL) { /* a table question */
            tensu_payment p;
            if (tensu_pay(&r, (int)jint(e, "han", 0), (int)jint(e, "fu", 0), 0,
                          json_is_true(json_object_get(e, "dealer")),
                          json_is_true(json_object_get(e, "tsumo")), 0, 0, &p,
                          NULL) != TENSU_OK) {
                fprintf(stderr, "%s: exercise %d: no such cell\n", file, n);
                wrong++;
                continue;
            }
            if (jint(ans, "total", -1) != p.total)
                bad(file, n, "total", jint(ans, "total", -1), p.total);
            check_payment(file, n, ans, &p);
            continue;
        }
        {
            tensu_hand h;
            tensu_score_result s;
            tensu_error err;
            json_t *names = json_object_get(ans, "yaku");
            if (!hand_of(rec, &h, file, n) || tensu_score(&r, &h, &s, &err) != TENSU_OK) {
                fprintf(stderr, "%s: exercise %d: the hand does not score\n", file, n);
                wrong++;
                continue;
            }
            if (jint(ans, "han", -1) != s.han)
                bad(file, n, "han", jint(ans, "han", -1), s.han);
            if (jint(ans, "fu", -1) != s.fu)
                bad(file, n, "fu", jint(ans, "fu", -1), s.fu);
            if (jint(ans, "yakuman", -1) != s.yakuman)
                bad(file, n, "yakuman", jint(ans, "yakuman", -1), s.yakuman);
            if (jint(ans, "total", -1) != s.total)
                bad(file, n, "total", jint(ans, "total", -1), s.total);
            if (jint(ans, "total_with_sticks", -1) != s.total_with_sticks)
                bad(file, n, "total with sticks", jint(ans, "total_with_sticks", -1),
                    s.total_with_sticks);
            check_payment(file, n, json_object_get(ans, "payment"), &s.payment);
            if ((int)json_array_size(names) != s.nyaku)
                bad(file, n, "number of yaku", (long long)json_array_size(names), s.nyaku);
            for (int k = 0; k < s.nyaku && k < (int)json_array_size(names); k++)
                if (strcmp(json_string_value(json_array_get(names, (size_t)k)), s.yaku[k].name))
                    bad(file, n, "a yaku (its place)", k, k);
        }
    }
    json_decref(root);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        check_file(argv[i]);
    printf("%ld answers checked, %ld wrong\n", checked, wrong);
    return wrong > 0 || checked == 0;
}
