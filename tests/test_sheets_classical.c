/* The classical sheets' page model (issue 7): the doubling table's cells,
 * the limit, the score sticks, seed 003's worked examples (28 + 4 = 32
 * doubled to 64, 128 in the East round, 36 doubled four times = 576 and
 * the limit), French typography, the fit on the paper, and the sheets
 * refusing the wrong rule family. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "../src/render/internal.h"
#include "sheet_checks.h"

#include <stdlib.h>
#include <string.h>

#define NNBSP "\u202f"

static tensu_doc *build(const char *sheet, const char *lang, const char *paper,
                        const char *preset, const char *const *set, tensu_error *err)
{
    tensu_rules r;
    tensu_sheet_opts o = {TENSU_SOURCE_DIR, sheet, lang, paper, ""};
    if (tensu_rules_preset(preset, &r, err) != TENSU_OK)
        return NULL;
    for (; set && *set; set += 2)
        if (tensu_rules_set(&r, set[0], set[1], err) != TENSU_OK)
            return NULL;
    return tensu_sheet_build(&o, &r, err);
}

/* Every text run of the document, joined by spaces (runs split where the
 * font changes: "2 × 576 = 1 152 → limite" then the bold "1 000"). */
static char *doc_text(const tensu_doc *d)
{
    size_t n = 1, o = 0;
    char *s;
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++)
            if (d->pages[p].items[i].kind == TENSU_ITEM_TEXT)
                n += strlen(d->pages[p].items[i].text) + 1;
    s = malloc(n);
    if (s == NULL)
        return NULL;
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++) {
            const tensu_item *it = &d->pages[p].items[i];
            if (it->kind != TENSU_ITEM_TEXT)
                continue;
            memcpy(s + o, it->text, strlen(it->text));
            o += strlen(it->text);
            s[o++] = ' ';
        }
    s[o] = '\0';
    return s;
}

static void check_has(const char *text, const char *want)
{
    CHECK(text != NULL && strstr(text, want) != NULL);
    if (text && strstr(text, want) == NULL)
        fprintf(stderr, "  missing text: \"%s\"\n", want);
}

static void test_card(void)
{
    tensu_error err;
    tensu_doc *d = build("classical-card", "fr", "a4", "classical", NULL, &err);
    char *text;
    CHECK(d != NULL);
    if (d == NULL) {
        fprintf(stderr, "%s\n", err.message);
        return;
    }
    CHECK_EQ(d->npages, 1);
    CHECK(d->pages[0].width > d->pages[0].height); /* landscape */
    /* 20 basic points, 4 doubles: 320 from each non-East loser, East 640;
     * an East winner gets 640 from each, 1 920 in all */
    CHECK_STR(tag_text(d, "ne.each.20.4"), "320");
    CHECK_STR(tag_text(d, "ne.east.20.4"), "Est 640");
    CHECK_STR(tag_text(d, "e.each.20.4"), "640");
    CHECK_STR(tag_text(d, "e.total.20.4"), "total 1" NNBSP "920");
    CHECK_STR(tag_text(d, "ne.each.20.0"), "20");
    CHECK_STR(tag_text(d, "ne.each.30.3"), "240");
    /* 20 x 2^5 = 640: over the limit, 500 (East 1 000) */
    CHECK_STR(tag_text(d, "ne.each.20.5"), "500");
    CHECK_STR(tag_text(d, "ne.east.20.5"), "Est 1" NNBSP "000");
    CHECK_STR(tag_text(d, "e.each.20.5"), "1" NNBSP "000");
    CHECK_STR(tag_text(d, "e.total.20.5"), "total 3" NNBSP "000");
    /* 200 x 4 = 800 for an East winner is 1 600 each: the limit, 1 000 */
    CHECK_STR(tag_text(d, "e.each.200.2"), "1" NNBSP "000");
    CHECK_STR(tag_text(d, "ne.each.200.1"), "400");
    /* columns stop once every cell is at the limit: 0 .. 5 doubles */
    CHECK(tag_text(d, "ne.each.200.5") != NULL);
    CHECK(tag_text(d, "ne.each.20.6") == NULL);
    /* the limit: 500 + 500 + 1 000 = 2 000; East 3 x 1 000 */
    CHECK_STR(tag_text(d, "cl.limit.ne.each"), "500");
    CHECK_STR(tag_text(d, "cl.limit.ne.east"), "1" NNBSP "000");
    CHECK_STR(tag_text(d, "cl.limit.ne.total"), "2" NNBSP "000");
    CHECK_STR(tag_text(d, "cl.limit.e.each"), "1" NNBSP "000");
    CHECK_STR(tag_text(d, "cl.limit.e.total"), "3" NNBSP "000");
    /* the sticks: 2 x 500 + 9 x 100 + 10 x 10 = 2 000 to start */
    CHECK_STR(tag_text(d, "cl.sticks.start"), "2" NNBSP "000");
    text = doc_text(d);
    check_has(text, "Fleurs et saisons");
    check_has(text, "+4 points fondamentaux");
    check_has(text, "chrysanthème");
    check_has(text, "Barrette");
    check_has(text, "le plus qu’un autre vent qu’Est peut gagner");
    check_has(text, "8" NNBSP "000 points en barrettes");
    free(text);
    check_geometry(d, "classical card fr a4");
    check_french(d);
    tensu_doc_free(d);

    d = build("classical-card", "en", "letter", "classical", NULL, &err);
    CHECK(d != NULL);
    if (d) {
        CHECK_EQ(d->npages, 1);
        CHECK(d->pages[0].width == 792);
        CHECK_STR(tag_text(d, "ne.each.20.4"), "320");
        CHECK_STR(tag_text(d, "ne.east.20.4"), "East 640");
        CHECK_STR(tag_text(d, "cl.limit.ne.total"), "2,000");
        check_geometry(d, "classical card en letter");
    }
    tensu_doc_free(d);
}

static void test_rule_changes(void)
{
    tensu_error err;
    static const char *const limit1000[] = {"limit", "1000", NULL};
    static const char *const no_east[] = {"east-double", "no", NULL};
    tensu_doc *d = build("classical-card", "en", "a4", "classical", limit1000, &err);
    char *text;
    CHECK(d != NULL);
    if (d) {
        /* 20 x 2^6 = 1 280: a seventh column, at the new limit */
        CHECK_STR(tag_text(d, "ne.each.20.5"), "640");
        CHECK_STR(tag_text(d, "ne.each.20.6"), "1,000");
        CHECK_STR(tag_text(d, "ne.east.20.6"), "East 2,000");
        CHECK_STR(tag_text(d, "cl.limit.ne.total"), "4,000");
        /* the 2 000 start is no longer the most a non-East winner takes */
        text = doc_text(d);
        check_has(text, "wins at most 4,000 on one hand");
        free(text);
        check_geometry(d, "classical card limit=1000");
    }
    tensu_doc_free(d);
    d = build("classical-card", "fr", "a4", "classical", no_east, &err);
    CHECK(d != NULL);
    if (d) {
        CHECK_STR(tag_text(d, "ne.east.20.4"), "Est 320");
        CHECK_STR(tag_text(d, "e.each.20.4"), "320");
        CHECK_STR(tag_text(d, "cl.limit.e.total"), "1" NNBSP "500");
    }
    tensu_doc_free(d);
}

static void test_study(void)
{
    tensu_error err;
    const char *langs[2] = {"fr", "en"};
    for (int l = 0; l < 2; l++) {
        tensu_doc *d = build("classical-study", langs[l], l ? "letter" : "a4", "classical",
                             NULL, &err);
        char *text;
        CHECK(d != NULL);
        if (d == NULL) {
            fprintf(stderr, "%s\n", err.message);
            continue;
        }
        CHECK(d->npages >= 1 && d->npages <= 2);
        CHECK(d->pages[0].height > d->pages[0].width); /* portrait */
        check_geometry(d, langs[l]);
        text = doc_text(d);
        /* seed 003: East, South round, 28 points and the orchid: 28 + 4 = 32,
         * doubled (own wind) = 64; each loser pays East double, 128 -> 130 */
        check_has(text, "28 + 4 = 32");
        check_has(text, "32 × 2¹ = 64");
        check_has(text, "2 × 64 = 128 → ");
        CHECK_STR(tag_text(d, "ex.orchid.pay"), "390");
        /* in the East round: doubled twice, 128; 256 -> 260 each */
        check_has(text, "32 × 2² = 128");
        CHECK_STR(tag_text(d, "ex.orchid.east.pay"), "780");
        /* orchid and spring in the East round: 36 doubled four times = 576,
         * 1 152 for each loser: the limit, 1 000 */
        check_has(text, "28 + 8 = 36");
        check_has(text, "36 × 2⁴ = 576");
        check_has(text, l ? "2 × 576 = 1,152 → limit 1,000" : "2 × 576 = 1" NNBSP
                                                               "152 → limite 1" NNBSP "000");
        CHECK_STR(tag_text(d, "ex.two.pay"), l ? "3,000" : "3" NNBSP "000");
        /* four flowers: the limit for a non-East winner, 500 + 500 + 1 000 */
        CHECK_STR(tag_text(d, "ex.full.pay"), l ? "2,000" : "2" NNBSP "000");
        /* a hand counted: 20 + 8 + 2 + 16 + 2 = 48, one double: 96; each
         * non-East 100, East 200, 400 in all */
        check_has(text, "48 × 2¹ = 96");
        CHECK_STR(tag_text(d, "ex.count.pay"), "400");
        /* the summary from the core: kong of terminals 16 exposed, 32 concealed */
        check_has(text, "16 / 32");
        check_has(text, l ? "Each flower or season" : "Chaque fleur ou saison");
        CHECK_STR(tag_text(d, "ne.each.20.4"), "320");
        if (l == 0) {
            check_french(d);
            check_has(text, "Fiche récapitulative");
            check_has(text, "points fondamentaux");
            check_has(text, "Les barrettes");
        }
        free(text);
        tensu_doc_free(d);
    }
}

static void test_family(void)
{
    tensu_error err;
    /* a riichi sheet under classical rules, and the other way round */
    tensu_doc *d = build("card", "fr", "a4", "classical", NULL, &err);
    CHECK(d == NULL);
    CHECK(d == NULL && strstr(err.message, "classical-card") != NULL);
    tensu_doc_free(d);
    d = build("classical-study", "en", "a4", "tenhou", NULL, &err);
    CHECK(d == NULL);
    CHECK(d == NULL && strstr(err.message, "--rules classical") != NULL);
    tensu_doc_free(d);
    /* the riichi card is untouched by the classical keys in the catalogs */
    d = build("card", "fr", "a4", "tenhou", NULL, &err);
    CHECK(d != NULL);
    CHECK_STR(tag_text(d, "nd.ron.4.30"), "7" NNBSP "700");
    tensu_doc_free(d);
}

int main(void)
{
    test_card();
    test_rule_changes();
    test_study();
    test_family();
    return harness_report("test_sheets_classical");
}
