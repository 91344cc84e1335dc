/* The classical sheets' page model (issue 7): the doubling table's cells,
 * the limit, the score sticks, seed 003's worked examples (28 + 4 = 32
 * doubled to 64, 128 in the East round, 36 doubled four times = 576 and
 * the limit), French typography, the fit on the paper, and the sheets
 * refusing the wrong rule family. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "../src/render/sheet.h"
#include "sheet_checks.h"

#include <stdlib.h>
#include <string.h>

#define NNBSP "\u202f"
#define NBSP "\u00a0"

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
    /* one space where a line ends (a run may end with one) */
    for (char *a = s, *b = s;; a++)
        if (!(*a == ' ' && (b == s || b[-1] == ' ')) && (*b++ = *a) == '\0')
            break;
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
    CHECK_STR(tag_text(d, "e.each.20.4"), "640");
    CHECK_STR(tag_text(d, "ne.each.20.0"), "20");
    CHECK_STR(tag_text(d, "ne.each.30.3"), "240");
    /* 20 x 2^5 = 640: over the limit, 500 (East 1 000) */
    CHECK_STR(tag_text(d, "ne.each.20.5"), "500");
    CHECK_STR(tag_text(d, "e.each.20.5"), "1" NNBSP "000");
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
    check_has(text, "Règles de calcul");
    check_has(text, "Limite" NBSP ": 500 par perdant (Est" NBSP ": 1" NNBSP "000)");
    check_has(text, "Paiements arrondis à la dizaine supérieure");
    check_has(text, "Case tramée" NBSP ": limite atteinte.");
    check_has(text, "chrysanthème");
    check_has(text, "Barrette");
    check_has(text, "le plus qu’un joueur autre qu’Est peut gagner");
    CHECK(strstr(text, "autre vent qu’Est") == NULL && strstr(text, "non-Est") == NULL);
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
        CHECK_STR(tag_text(d, "e.each.20.4"), "640");
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
        CHECK_STR(tag_text(d, "e.each.20.6"), "2,000");
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
        CHECK_STR(tag_text(d, "ne.each.20.4"), "320");
        CHECK_STR(tag_text(d, "e.each.20.4"), "320");
        text = doc_text(d);
        check_has(text, "Est gagne" NBSP ": chaque perdant paie");
        check_has(text, "Est paie et reçoit comme les autres vents");
        check_has(text, "Table des points – jeu classique d’avant le riichi, Est ne paie pas double");
        free(text);
        CHECK_STR(tag_text(d, "cl.limit.e.total"), "1" NNBSP "500");
    }
    tensu_doc_free(d);
}

/* The largest limit the key takes: the limit's box still holds its
 * amounts on the card, on Letter (it refused "200,000" at 10 pt). */
static void test_largest_limit(void)
{
    static const char *const largest[] = {"limit", "100000", NULL};
    tensu_error err;
    tensu_doc *d = build("classical-card", "en", "letter", "classical", largest, &err);
    CHECK(d != NULL);
    if (d == NULL) {
        fprintf(stderr, "limit=100000: %s\n", err.message);
        return;
    }
    CHECK_STR(tag_text(d, "cl.limit.ne.each"), "100,000");
    CHECK_STR(tag_text(d, "cl.limit.e.each"), "200,000");
    CHECK_STR(tag_text(d, "cl.limit.e.total"), "600,000");
    check_geometry(d, "classical card limit=100000 letter");
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
        CHECK_EQ(d->npages, 3);
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
        /* the examples' intro is made from the examples: three East hands
         * of 28 basic points, one West hand of 30; no unnamed "rule book"
         * (review A8: the reader cannot know which) */
        check_has(text, l ? "counted by the engine: East with 28 basic points (3 hands) and "
                            "West with 30 basic points."
                          : "comptées par le moteur" NBSP ": Est avec 28 points fondamentaux "
                            "(3 mains) et Ouest avec 30 points fondamentaux.");
        CHECK(strstr(text, "rule book") == NULL && strstr(text, "exemples de la règle") == NULL &&
              strstr(text, "exemple de la règle") == NULL);
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

/* The lightest fill of the boxes under a point of the page (1: none). */
static double fill_at(const tensu_page *pg, double x, double y)
{
    double f = 1;
    for (size_t i = 0; i < pg->n; i++) {
        const tensu_item *b = &pg->items[i];
        if (b->kind == TENSU_ITEM_RECT && b->fill >= 0 && x >= b->x && x <= b->x + b->w &&
            y >= b->y && y <= b->y + b->h && b->fill < f)
            f = b->fill;
    }
    return f;
}

/* Legible in print, as the riichi card and study sheet (tests/test_sheets.c):
 * under several rule sets and in both languages, nothing under 10 pt but the
 * footer (at least 7 pt), nothing in italic, no run shrunk to fit (every size
 * a whole or half point, at most five sizes), the rules box, and the limit
 * shaded at 25 % grey at least, exactly where the engine caps the payment. */
static void test_sizes(void)
{
    static const char *const sets[][3] = {
        {NULL},         {"limit", "0", NULL},    {"east-double", "no", NULL},
        {"rounding", "1", NULL}, {"rounding", "2", NULL}, {"limit", "1000", NULL},
    };
    static const char *const sheets[] = {"classical-card", "classical-study"};
    static const char *const langs[] = {"fr", "en"};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (size_t sh = 0; sh < 2; sh++)
            for (size_t l = 0; l < 2; l++) {
                tensu_error err;
                tensu_rules r;
                tensu_classical_table *t;
                tensu_doc *d = build(sheets[sh], langs[l], "a4", "classical",
                                     sets[k][0] ? sets[k] : NULL, &err);
                double least = 1e9, least_footer = 1e9, sizes[16];
                int italic = 0, shrunk = 0, nsizes = 0, box = 0, shade = 0, cells = 0;
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "%s %s %s: %s\n", sheets[sh], langs[l],
                            sets[k][0] ? sets[k][0] : "", err.message);
                    continue;
                }
                CHECK(tensu_rules_preset("classical", &r, NULL) == TENSU_OK);
                if (sets[k][0])
                    CHECK(tensu_rules_set(&r, sets[k][0], sets[k][1], NULL) == TENSU_OK);
                t = tensu_classical_table_new(&r, NULL);
                CHECK(t != NULL);
                for (size_t p = 0; p < d->npages; p++)
                    for (size_t i = 0; i < d->pages[p].n; i++) {
                        const tensu_item *it = &d->pages[p].items[i];
                        int b = -1, dd = -1, row = -1, n;
                        char side[4];
                        bool known = false;
                        if (it->kind != TENSU_ITEM_TEXT)
                            continue;
                        italic += it->font == TENSU_FONT_ITALIC;
                        if (it->h * 2 - (double)(long)(it->h * 2 + 0.5) > 1e-6 ||
                            (double)(long)(it->h * 2 + 0.5) - it->h * 2 > 1e-6)
                            shrunk++;
                        for (int z = 0; z < nsizes; z++)
                            known |= sizes[z] == it->h;
                        if (!known && nsizes < 16)
                            sizes[nsizes++] = it->h;
                        if (it->tag && strcmp(it->tag, "footer") == 0) {
                            if (it->h < least_footer)
                                least_footer = it->h;
                            continue;
                        }
                        if (it->h < least)
                            least = it->h;
                        box += strcmp(it->text, "Règles de calcul") == 0 ||
                               strcmp(it->text, "Scoring rules") == 0;
                        /* a cell of the doubling table: shaded if and only if capped */
                        if (t == NULL || it->tag == NULL ||
                            sscanf(it->tag, "%2[ne].each.%d.%d%n", side, &b, &dd, &n) != 3)
                            continue;
                        for (int q = 0; q < t->nrows; q++)
                            if (t->basic[q] == b)
                                row = q;
                        if (row < 0 || dd < 0 || dd >= t->ndoubles)
                            continue;
                        {
                            const tensu_classical_payment *pay = &t->non_east[row][dd];
                            bool capped = strcmp(side, "e") == 0 ? pay->capped_east
                                                                 : pay->capped_each;
                            double f = fill_at(&d->pages[p], it->x + it->w / 2,
                                               it->y - it->h * 0.3);
                            cells++;
                            if (capped ? f > 0.75 + 1e-9 : f < 1) {
                                if (shade++ < 3)
                                    fprintf(stderr, "%s %s %s: cell %s %s fill %.2f\n",
                                            sheets[sh], langs[l],
                                            sets[k][0] ? sets[k][0] : "", it->tag,
                                            capped ? "capped" : "not capped", f);
                            }
                        }
                    }
                if (least < 10 - 1e-6 || least_footer < 7 - 1e-6 || italic || shrunk ||
                    nsizes > 5 || box != 1)
                    fprintf(stderr, "%s %s %s: least %.2f pt, footer %.2f pt, %d italic, "
                                    "%d shrunk, %d sizes, %d rules boxes\n",
                            sheets[sh], langs[l], sets[k][0] ? sets[k][0] : "", least,
                            least_footer, italic, shrunk, nsizes, box);
                CHECK(least >= 10 - 1e-6);
                CHECK(least_footer >= 7 - 1e-6 && least_footer < 1e9);
                CHECK_EQ(italic, 0);
                CHECK_EQ(shrunk, 0);
                CHECK(nsizes <= 5);
                CHECK_EQ(box, 1);
                CHECK(cells >= 2 * 12 * 5);
                CHECK_EQ(shade, 0);
                check_geometry(d, sheets[sh]);
                tensu_classical_table_free(t);
                tensu_doc_free(d);
            }
}

/* --set limit=0: no limit sentence, no shaded cell, no full-set example, the
 * change in the title (and the file name: tests/sheets_rules_test.sh). */
static void test_no_limit(void)
{
    static const char *const nolimit[] = {"limit", "0", NULL};
    static const char *const sheets[] = {"classical-card", "classical-study"};
    for (int sh = 0; sh < 2; sh++)
        for (int l = 0; l < 2; l++) {
            tensu_error err;
            tensu_doc *d = build(sheets[sh], l ? "en" : "fr", "a4", "classical", nolimit, &err);
            char *text;
            CHECK(d != NULL);
            if (d == NULL)
                continue;
            text = doc_text(d);
            if (l == 0) {
                check_has(text, "jeu classique d’avant le riichi, sans limite");
                check_has(text, "Pas de limite");
                CHECK(strstr(text, "tramée") == NULL);
                CHECK(strstr(text, "quelle que soit") == NULL);
                CHECK(strstr(text, "quatre fleurs") == NULL);
                CHECK(strstr(text, "au plus 0") == NULL);
            } else {
                check_has(text, "the classical game before riichi, no limit");
                check_has(text, "No limit");
                CHECK(strstr(text, "Shaded") == NULL);
                CHECK(strstr(text, "whatever") == NULL);
                CHECK(strstr(text, "four flowers") == NULL);
                CHECK(strstr(text, "at most 0") == NULL);
            }
            CHECK(tag_text(d, "ex.full.pay") == NULL);
            /* without the four-flower hand, the intro names only the East hands */
            if (sh == 1) {
                const char *intro =
                    l ? "Hands with flowers or seasons, counted by the engine: East with 28 "
                        "basic points (3 hands)."
                      : "Des mains avec des fleurs ou des saisons, comptées par le moteur" NBSP
                        ": Est avec 28 points fondamentaux (3 mains).";
                check_has(text, intro);
                CHECK(strstr(text, "West with 30") == NULL && strstr(text, "Ouest avec 30") == NULL);
            }
            free(text);
            tensu_doc_free(d);
        }
}

/* An amount as the catalogs write it: "1,000" or "1 000" (U+202F). */
static const char *amount(long long v, bool fr, char *buf, size_t size)
{
    if (v >= 1000)
        snprintf(buf, size, "%lld%s%03lld", v / 1000, fr ? NNBSP : ",", v % 1000);
    else
        snprintf(buf, size, "%lld", v);
    return buf;
}

/* Where the limit comes (the study sheet's sentence under its doubling
 * table) agrees with the table drawn and with the engine, under limits that
 * move the column, on A4 and Letter, in both languages: the column where
 * the 20 row reaches the limit is drawn, shaded at the limit, the one before
 * it is not at the limit, and the sentence names both rows' columns. */
static void test_limit_reach(void)
{
    static const char *const limits[] = {"500", "250", "1000", "2000", "5000", "30", "10"};
    static const char *const papers[] = {"a4", "letter"};
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++)
        for (int l = 0; l < 2; l++)
            for (int pp = 0; pp < 2; pp++) {
                const char *set[] = {"limit", limits[k], NULL};
                tensu_error err;
                tensu_rules r;
                tensu_doc *d = build("classical-study", l ? "en" : "fr", papers[pp], "classical",
                                     set, &err);
                int lo, hi;
                char tag[64], want[256], at_lo[64], at_hi[64], buf[32];
                char *text;
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "limit=%s: %s\n", limits[k], err.message);
                    continue;
                }
                CHECK(tensu_rules_preset("classical", &r, NULL) == TENSU_OK);
                CHECK(tensu_rules_set(&r, "limit", limits[k], NULL) == TENSU_OK);
                lo = tensu_classical_limit_doubles(&r, 20);
                hi = tensu_classical_limit_doubles(&r, 200);
                CHECK(lo >= 0 && hi >= 0 && hi <= lo);
                /* the column is drawn, at the limit; the one before is under it */
                snprintf(tag, sizeof tag, "ne.each.20.%d", lo);
                CHECK_STR(tag_text(d, tag), amount(r.limit, l == 0, buf, sizeof buf));
                snprintf(tag, sizeof tag, "e.each.20.%d", lo);
                CHECK_STR(tag_text(d, tag), amount(2LL * r.limit, l == 0, buf, sizeof buf));
                if (lo > 0) {
                    snprintf(tag, sizeof tag, "ne.each.20.%d", lo - 1);
                    CHECK_STR(tag_text(d, tag), amount(20LL << (lo - 1), l == 0, buf, sizeof buf));
                }
                text = doc_text(d);
                if (lo == 0) {
                    check_has(text, l ? "Every cell is at the limit, even with no double."
                                      : "Toutes les cases sont à la limite, même sans double.");
                } else {
                    if (l) {
                        snprintf(at_lo, sizeof at_lo, lo == 1 ? "at 1 double" : "at %d doubles", lo);
                        snprintf(at_hi, sizeof at_hi,
                                 hi == 0   ? "from the first column, with no double"
                                 : hi == 1 ? "at 1 double"
                                           : "at %d doubles",
                                 hi);
                        snprintf(want, sizeof want,
                                 "With 20 basic points the limit comes %s; with 200, %s.", at_lo,
                                 at_hi);
                    } else {
                        snprintf(at_lo, sizeof at_lo, lo == 1 ? "à 1 double" : "à %d doubles", lo);
                        snprintf(at_hi, sizeof at_hi,
                                 hi == 0   ? "dès la première colonne, sans double"
                                 : hi == 1 ? "à 1 double"
                                           : "à %d doubles",
                                 hi);
                        snprintf(want, sizeof want,
                                 "Avec 20 points fondamentaux, la limite est atteinte %s" NNBSP
                                 "; avec 200, %s.",
                                 at_lo, at_hi);
                    }
                    check_has(text, want);
                }
                CHECK(strstr(text, "past the last") == NULL &&
                      strstr(text, "au-delà de la dernière") == NULL);
                free(text);
                check_geometry(d, "classical study, limit");
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
    test_largest_limit();
    test_study();
    test_limit_reach();
    test_family();
    test_sizes();
    test_no_limit();
    return harness_report("test_sheets_classical");
}
