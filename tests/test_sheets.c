/* The sheets' page model: the numbers in their cells (from the engine),
 * the French typography, the fit on the paper, the tips' checks, the
 * template errors, and a new language as one catalog file. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "../src/render/sheet.h"
#include "sheet_checks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static tensu_doc *build(const char *dir, const char *sheet, const char *lang, const char *paper,
                        const char *preset, tensu_error *err)
{
    tensu_rules r;
    tensu_sheet_opts o = {dir, sheet, lang, paper, NULL};
    if (tensu_rules_preset(preset, &r, err) != TENSU_OK)
        return NULL;
    return tensu_sheet_build(&o, &r, err);
}

static void test_card(const char *dir)
{
    tensu_error err;
    tensu_doc *d = build(dir, "card", "fr", "a4", "tenhou", &err);
    CHECK(d != NULL);
    if (d == NULL) {
        fprintf(stderr, "%s\n", err.message);
        return;
    }
    CHECK_EQ(d->npages, 2); /* the table, and the yaku on the back */
    CHECK(d->pages[0].width > d->pages[0].height); /* landscape */
    /* seed 000: 4 han 30 fu non-dealer ron 7700; 30 fu 2 han dealer ron 2900;
     * 50 fu 3 han non-dealer tsumo 1600/3200 */
    CHECK_STR(tag_text(d, "nd.ron.4.30"), "7\u202f700");
    CHECK_STR(tag_text(d, "d.ron.2.30"), "2\u202f900");
    CHECK_STR(tag_text(d, "nd.tsumo.3.50"), "1\u202f600 / 3\u202f200");
    CHECK_STR(tag_text(d, "d.tsumo.4.30"), "3\u202f900 chacun");
    CHECK_STR(tag_text(d, "nd.ron.1.30"), "1\u202f000");
    /* impossible cells are left empty: every 20 fu ron, 1 han 20 fu tsumo,
     * 2 han 25 fu tsumo */
    CHECK(tag_text(d, "nd.ron.2.20") == NULL);
    CHECK(tag_text(d, "nd.tsumo.1.20") == NULL);
    CHECK(tag_text(d, "nd.tsumo.2.25") == NULL);
    CHECK_STR(tag_text(d, "nd.tsumo.2.20"), "400 / 700");
    CHECK_STR(tag_text(d, "limit.mangan.0.nd.ron"), "8\u202f000");
    CHECK_STR(tag_text(d, "limit.yakuman.1.d.ron"), "48\u202f000");
    CHECK_STR(tag_text(d, "limit.yakuman.2.nd.ron"), "64\u202f000");
    check_geometry(d, "card fr a4");
    check_french(d);
    tensu_doc_free(d);

    d = build(dir, "card", "fr", "a4", "wrc2015", &err);
    CHECK(d != NULL);
    CHECK_STR(tag_text(d, "nd.ron.4.30"), "8\u202f000"); /* kiriage */
    {
        tensu_rules w;
        tensu_rules_preset("wrc2015", &w, NULL);
        /* the 2x yakuman row only where yakuman stack */
        CHECK((tag_text(d, "limit.yakuman.2.nd.ron") != NULL) == w.multiple_yakuman);
    }
    tensu_doc_free(d);

    d = build(dir, "card", "en", "letter", "tenhou", &err);
    CHECK(d != NULL);
    if (d) {
        CHECK_STR(tag_text(d, "nd.ron.4.30"), "7,700");
        CHECK_STR(tag_text(d, "d.tsumo.4.30"), "3,900 all");
        CHECK(d->pages[0].width == 792);
        check_geometry(d, "card en letter");
    }
    tensu_doc_free(d);

    d = build(dir, "card", "en", "a4", "tenhou-sanma", &err);
    CHECK(d != NULL);
    if (d) {
        check_geometry(d, "card en sanma");
        CHECK_STR(tag_text(d, "nd.ron.4.30"), "7,700");
    }
    tensu_doc_free(d);
}

static void test_study(const char *dir)
{
    tensu_error err;
    const char *langs[2] = {"fr", "en"};
    for (int l = 0; l < 2; l++) {
        tensu_doc *d = build(dir, "study", langs[l], l ? "letter" : "a4", "tenhou", &err);
        CHECK(d != NULL);
        if (d == NULL) {
            fprintf(stderr, "%s\n", err.message);
            continue;
        }
        CHECK(d->npages == 3); /* learn, the rules, practice */
        check_geometry(d, langs[l]);
        if (l == 0)
            check_french(d);
        tensu_doc_free(d);
    }
}

/* The hand of the fu count on page 1 reads on paper: its tiles at least
 * 6 mm high (a tile's face is 0.95 of its font size), all on the page
 * inside the margins, under both papers and languages. */
static void test_study_tiles(const char *dir)
{
    static const char *const papers[] = {"a4", "letter"};
    static const char *const langs[] = {"fr", "en"};
    for (int q = 0; q < 2; q++)
        for (int l = 0; l < 2; l++) {
            tensu_error err;
            tensu_doc *d = build(dir, "study", langs[l], papers[q], "wrc2015", &err);
            int hand = 0;
            CHECK(d != NULL);
            if (d == NULL)
                continue;
            for (size_t i = 0; i < d->pages[0].n; i++) {
                const tensu_item *it = &d->pages[0].items[i];
                if (it->kind != TENSU_ITEM_TEXT || it->tag == NULL ||
                    strncmp(it->tag, "tile.win.", 9) != 0)
                    continue; /* the waits have no winning tile set apart */
                hand++;
                CHECK(it->h * 0.95 >= 6 / 25.4 * 72 - 1e-6);
                if (it->x + it->w > d->pages[0].width - 30 + 1e-6)
                    fprintf(stderr, "study %s %s: the hand ends at %.1f pt, past the margin\n",
                            langs[l], papers[q], it->x + it->w);
                CHECK(it->x + it->w <= d->pages[0].width - 30 + 1e-6);
            }
            CHECK_EQ(hand, 1);
            tensu_doc_free(d);
        }
}

/* The tips, against values worked out by hand from the formula. */
static void test_tips(void)
{
    tensu_rules r;
    tip_result t;
    bool found;
    tensu_rules_preset("tenhou", &r, NULL);
    CHECK(tip_check(&r, "fu-double", &t));
    CHECK(t.checked > 40);
    CHECK_EQ(t.holds, t.checked);
    /* 4 han 40 fu tsumo: the dealer pays 4000 (mangan), 3 han 40 fu ron is 5200 */
    CHECK(tip_check(&r, "tsumo-dealer-share", &t));
    found = false;
    for (int i = 0; i < t.nexc; i++)
        if (t.exc[i].han == 4 && t.exc[i].fu == 40)
            found = true;
    CHECK(found);
    for (int i = 0; i < t.nexc; i++) {
        /* it fails only where the tsumo is paid as a limit (4 han 40+ fu,
         * 3 han 70+ fu): the ron of one han less is not capped */
        tensu_payment p;
        CHECK(tensu_pay(&r, t.exc[i].han, t.exc[i].fu, 0, false, true, 0, 0, &p, NULL) ==
              TENSU_OK);
        CHECK(p.value.limit == TENSU_LIMIT_MANGAN);
        CHECK(t.exc[i].han == 4 || (t.exc[i].han == 3 && t.exc[i].fu >= 70));
    }
    /* the 20 fu tsumo has no ron of one han less to compare with: said
     * (review2 N15), unless an open hand with no fu stays at 20 fu */
    CHECK_EQ(t.nnone, 1);
    CHECK_EQ(t.none_fu[0], 20);
    {
        tensu_rules o = r;
        CHECK(tensu_rules_assign(&o, "open-pinfu=20", NULL) == TENSU_OK);
        CHECK(tip_check(&o, "tsumo-dealer-share", &t));
        CHECK_EQ(t.nnone, 0);
        CHECK(tip_check(&r, "tsumo-dealer-share", &t));
    }
    CHECK(tip_check(&r, "dealer-tsumo", &t));
    CHECK_EQ(t.holds, t.checked);
    /* 4 han: 20, 25 and 30 fu stay below mangan without kiriage */
    CHECK(tip_check(&r, "four-han-mangan", &t));
    CHECK_EQ(t.nexc, 3);
    CHECK_EQ(t.exc[0].fu, 20);
    CHECK_EQ(t.exc[2].fu, 30);
    /* dealer ron / non-dealer ron: 1 han 30 fu is 1500/1000 = 1.5; 1 han 40 fu 2000/1300 */
    CHECK(tip_check(&r, "dealer-ratio", &t));
    CHECK(t.lo <= 2000.0 / 1300 + 1e-9 && t.lo > 1.4);
    CHECK(t.hi >= 1.5);
    CHECK(t.exact > 0);
    CHECK(tip_check(&r, "five-han-no-fu", &t));
    CHECK_EQ(t.holds, t.checked);
    CHECK(!tip_check(&r, "no-such-tip", &t));
    tensu_rules_preset("wrc2015", &r, NULL);
    CHECK(tip_check(&r, "four-han-mangan", &t));
    CHECK_EQ(t.nexc, 2); /* kiriage: 30 fu is mangan too */
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

static bool doc_has_text(const tensu_doc *d, const char *needle)
{
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++)
            if (d->pages[p].items[i].kind == TENSU_ITEM_TEXT &&
                strstr(d->pages[p].items[i].text, needle))
                return true;
    return false;
}

static int line_at(const char *text, const char *at)
{
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}


/* Legible in print (issue 11): on the card and the study sheet, under every
 * rule set and in both languages, no text under 9 pt but the footer (at
 * least 7 pt), tsumo shares at least 10 pt and upright, and the rules box. */
static void test_sizes(const char *src)
{
    static const char *const sets[][2] = {
        {"tenhou", NULL},           {"tenhou-sanma", NULL},    {"wrc2015", NULL},
        {"ema2016", NULL},          {"majsoul", NULL},         {"tenhou", "aotenjou=yes"},
        {"tenhou", "kiriage=yes"},  {"tenhou-sanma", "sanma=north-bisection"},
    };
    static const char *const sheets[] = {"card", "study"};
    static const char *const langs[] = {"fr", "en"};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (size_t s = 0; s < 2; s++)
            for (size_t l = 0; l < 2; l++) {
                tensu_rules r;
                tensu_error err;
                tensu_sheet_opts o = {src, sheets[s], langs[l], "a4", ""};
                tensu_doc *d;
                double least = 1e9, least_footer = 1e9, least_tsumo = 1e9;
                int italic_tsumo = 0, box = 0;
                CHECK(tensu_rules_preset(sets[k][0], &r, NULL) == TENSU_OK);
                if (sets[k][1])
                    CHECK(tensu_rules_assign(&r, sets[k][1], NULL) == TENSU_OK);
                d = tensu_sheet_build(&o, &r, &err);
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "%s %s %s %s: %s\n", sheets[s], langs[l], sets[k][0],
                            sets[k][1] ? sets[k][1] : "", err.message);
                    continue;
                }
                for (size_t p = 0; p < d->npages; p++)
                    for (size_t i = 0; i < d->pages[p].n; i++) {
                        const tensu_item *it = &d->pages[p].items[i];
                        if (it->kind != TENSU_ITEM_TEXT)
                            continue;
                        if (it->tag && strcmp(it->tag, "footer") == 0) {
                            if (it->h < least_footer)
                                least_footer = it->h;
                            continue;
                        }
                        if (it->h < least)
                            least = it->h;
                        if (it->tag && strstr(it->tag, ".tsumo.")) {
                            if (it->h < least_tsumo)
                                least_tsumo = it->h;
                            italic_tsumo += it->font == TENSU_FONT_ITALIC;
                        }
                        if (strcmp(it->text, "Règles de calcul") == 0 ||
                            strcmp(it->text, "Scoring rules") == 0)
                            box++;
                    }
                if (least < 9 - 1e-6 || least_footer < 7 - 1e-6 || least_tsumo < 10 - 1e-6 ||
                    italic_tsumo || box == 0)
                    fprintf(stderr, "%s %s %s %s: least %.2f pt, footer %.2f pt, tsumo %.2f pt, "
                                    "%d italic tsumo, %d rules boxes\n",
                            sheets[s], langs[l], sets[k][0], sets[k][1] ? sets[k][1] : "",
                            least, least_footer, least_tsumo, italic_tsumo, box);
                CHECK(least >= 9 - 1e-6);
                CHECK(least_footer >= 7 - 1e-6 && least_footer < 1e9);
                if (s == 0)
                    CHECK(least_tsumo >= 10 - 1e-6);
                CHECK_EQ(italic_tsumo, 0);
                CHECK(box >= 1);
                tensu_doc_free(d);
            }
}

/* Every row at its style's size (the audit of issue 11): put_text shrinks a
 * run that does not fit its box, and a shrunk run lands between the sizes a
 * template gives, all whole quarter points (7, 8.5, 10, 10.5, 12.5 ...).
 * The tiles, drawn at the size that makes their height, are left out. */
static void test_no_shrink(const char *src)
{
    /* majsoul: the card's back at its fullest (double yakuman, the longest
     * 'at the table') */
    static const char *const sets[][2] = {
        {"tenhou", NULL},          {"tenhou-sanma", NULL}, {"wrc2015", NULL},
        {"ema2016", NULL},         {"jpml", NULL},         {"tenhou", "aotenjou=yes"},
        {"tenhou", "kiriage=yes"}, {"tenhou-sanma", "sanma=north-bisection"},
        {"majsoul", NULL},
    };
    static const char *const sheets[] = {"card", "study"};
    static const char *const papers[] = {"a4", "letter"};
    static const char *const langs[] = {"fr", "en"};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (size_t s = 0; s < 2; s++)
            for (size_t q = 0; q < 2; q++)
                for (size_t l = 0; l < 2; l++) {
                    tensu_rules r;
                    tensu_sheet_opts o = {src, sheets[s], langs[l], papers[q], ""};
                    if (s == 1 && q == 1)
                        continue; /* the study sheet is made for A4 */
                    tensu_doc *d;
                    tensu_error err;
                    int shrunk = 0;
                    CHECK(tensu_rules_preset(sets[k][0], &r, NULL) == TENSU_OK);
                    if (sets[k][1])
                        CHECK(tensu_rules_assign(&r, sets[k][1], NULL) == TENSU_OK);
                    d = tensu_sheet_build(&o, &r, &err);
                    CHECK(d != NULL);
                    if (d == NULL) {
                        fprintf(stderr, "%s %s %s %s %s: %s\n", sheets[s], langs[l], papers[q],
                                sets[k][0], sets[k][1] ? sets[k][1] : "", err.message);
                        continue;
                    }
                    for (size_t p = 0; p < d->npages; p++)
                        for (size_t i = 0; i < d->pages[p].n; i++) {
                            const tensu_item *it = &d->pages[p].items[i];
                            double quarters = it->h * 4;
                            if (it->kind != TENSU_ITEM_TEXT || it->font == TENSU_FONT_TILES ||
                                (it->tag && strncmp(it->tag, "tile.", 5) == 0))
                                continue;
                            if (quarters - (double)(long)(quarters + 0.5) > 1e-6 ||
                                (double)(long)(quarters + 0.5) - quarters > 1e-6) {
                                if (shrunk++ < 3)
                                    fprintf(stderr, "%s %s %s %s %s: \"%s\" shrunk to %.2f pt\n",
                                            sheets[s], langs[l], papers[q], sets[k][0],
                                            sets[k][1] ? sets[k][1] : "", it->text, it->h);
                            }
                        }
                    CHECK_EQ(shrunk, 0);
                    tensu_doc_free(d);
                }
}

/* The yaku lists in columns (review C5): every column begins with a group's
 * heading (said again, "2 han (cont.)", inside a group), and no heading
 * ends a column alone or with one entry while its group goes on in the
 * next one.  The card's back (A4 and Letter) and the yaku sheet, under
 * every preset, in both languages. */
static bool yaku_mark(const tensu_item *it)
{
    return it->tag && strncmp(it->tag, "yaku.", 5) == 0;
}

static void check_yaku_columns(const tensu_doc *d, const char *what)
{
    for (size_t p = 0; p < d->npages; p++) {
        const tensu_page *pg = &d->pages[p];
        double xs[8];
        char seq[8][64];
        int ncols = 0;
        /* the columns, left to right: where the headings and names begin */
        for (size_t i = 0; i < pg->n; i++) {
            int k;
            if (!yaku_mark(&pg->items[i]))
                continue;
            for (k = 0; k < ncols && fabs(pg->items[i].x - xs[k]) > 0.5; k++)
                ;
            if (k == ncols && ncols < 8)
                xs[ncols++] = pg->items[i].x;
        }
        for (int a = 0; a < ncols; a++)
            for (int b = a + 1; b < ncols; b++)
                if (xs[b] < xs[a]) {
                    double t = xs[a];
                    xs[a] = xs[b];
                    xs[b] = t;
                }
        /* each column's headings (H; C: said again) and names (E), top down */
        for (int k = 0; k < ncols; k++) {
            int n = 0;
            double last = -1;
            for (;;) {
                const tensu_item *next = NULL;
                for (size_t i = 0; i < pg->n; i++) {
                    const tensu_item *it = &pg->items[i];
                    if (yaku_mark(it) && fabs(it->x - xs[k]) <= 0.5 && it->y > last + 0.1 &&
                        (!next || it->y < next->y))
                        next = it;
                }
                if (next == NULL || n >= 63)
                    break;
                seq[k][n++] = strcmp(next->tag, "yaku.group.cont") == 0 ? 'C'
                              : strcmp(next->tag, "yaku.group") == 0    ? 'H'
                                                                        : 'E';
                last = next->y;
            }
            seq[k][n] = '\0';
        }
        for (int k = 0; k < ncols; k++) {
            /* the last heading of the column, and does its group go on? */
            const char *h = seq[k], *t;
            bool goes_on = k + 1 < ncols && seq[k + 1][0] == 'C';
            for (t = seq[k]; *t; t++)
                if (*t != 'E')
                    h = t;
            bool ok = (seq[k][0] == 'H' || seq[k][0] == 'C') && !strstr(seq[k], "HH") &&
                      !strstr(seq[k], "HC") && !strstr(seq[k] + 1, "C") && h[1] == 'E' &&
                      !(goes_on && strlen(h + 1) < 2);
            if (!ok)
                fprintf(stderr, "%s page %zu column %d: %s, then %s\n", what, p + 1, k + 1,
                        seq[k], k + 1 < ncols ? seq[k + 1] : "nothing");
            CHECK(ok);
        }
    }
}

/* The presets whose yaku sheets and card backs differ (double yakuman,
 * three players, renhou, the rules boxes' length). */
static const char *const yaku_presets[] = {"tenhou", "tenhou-sanma", "majsoul", "majsoul-sanma",
                                           "wrc2015", "ema2016", "mleague", "jpml"};
#define NPRESETS (sizeof yaku_presets / sizeof yaku_presets[0])

static void test_yaku_columns(const char *src)
{
    const char *const *presets = yaku_presets;
    static const char *const langs[] = {"fr", "en"};
    static const char *const papers[] = {"a4", "letter"};
    for (size_t k = 0; k < NPRESETS; k++)
        for (size_t l = 0; l < 2; l++)
            for (size_t q = 0; q < 3; q++) {
                tensu_error err;
                char what[96];
                const char *sheet = q < 2 ? "card" : "yaku";
                tensu_doc *d = build(src, sheet, langs[l], q < 2 ? papers[q] : "a4", presets[k],
                                     &err);
                snprintf(what, sizeof what, "%s %s %s %s", sheet, langs[l],
                         q < 2 ? papers[q] : "a4", presets[k]);
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "%s: %s\n", what, err.message);
                    continue;
                }
                check_yaku_columns(d, what);
                tensu_doc_free(d);
            }
}

/* Every example of the yaku sheet in its column (review N6: the four kans
 * of suukantsu ran 11 pt into the margin): no tile, nor the words of how it
 * was won, crosses the column it begins in, nor the page's margin (28 pt, templates/yaku.json), on A4 and
 * Letter, under every preset, in both languages.  A column is the rule
 * under its heading.  A tile turned sideways reaches from 0.76 of its size
 * left of where it is drawn to 0.19 right of it (hand.c). */
static void check_yaku_tiles(const tensu_doc *d, const char *what)
{
    int tiles = 0, bad = 0;
    for (size_t p = 0; p < d->npages; p++) {
        const tensu_page *pg = &d->pages[p];
        double x0[8], x1[8];
        int ncols = 0;
        for (size_t i = 0; i < pg->n; i++) {
            const tensu_item *h = &pg->items[i];
            if (!h->tag || strncmp(h->tag, "yaku.group", 10) != 0)
                continue;
            /* the rule drawn under the heading: the column's width */
            for (size_t j = i + 1; j < pg->n && j < i + 3; j++) {
                const tensu_item *l = &pg->items[j];
                int k;
                if (l->kind != TENSU_ITEM_LINE || fabs(l->x - h->x) > 0.5 || l->h != 0)
                    continue;
                for (k = 0; k < ncols && fabs(x0[k] - l->x) > 0.5; k++)
                    ;
                if (k == ncols && ncols < 8) {
                    x0[ncols] = l->x;
                    x1[ncols++] = l->x + l->w;
                }
                break;
            }
        }
        for (size_t i = 0; i < pg->n; i++) {
            const tensu_item *t = &pg->items[i];
            double left, right;
            int k, best = -1;
            /* the tiles, and how each example was won (in italics) */
            if ((!t->tag || strncmp(t->tag, "tile.", 5) != 0) &&
                !(t->kind == TENSU_ITEM_TEXT && t->font == TENSU_FONT_ITALIC))
                continue;
            left = t->rot != 0 ? t->x - 0.76 * t->h : t->x;
            right = t->rot != 0 ? t->x + 0.19 * t->h : t->x + t->w;
            for (k = 0; k < ncols; k++) /* the column it begins in */
                if (x0[k] <= left + 0.5 && (best < 0 || x0[k] > x0[best]))
                    best = k;
            tiles++;
            if (best < 0 || right > x1[best] + 0.01 || right > pg->width - 28 + 0.01 ||
                left < 28 - 0.01) {
                if (bad++ < 3)
                    fprintf(stderr, "%s page %zu: \"%s\" from %.1f to %.1f pt, its column "
                                    "%.1f to %.1f pt, the page %.1f pt wide\n",
                            what, p + 1, t->tag ? t->tag : t->text, left, right,
                            best < 0 ? 0 : x0[best],
                            best < 0 ? 0 : x1[best], pg->width);
            }
        }
        CHECK(ncols >= 2);
    }
    CHECK(tiles > 500);
    CHECK_EQ(bad, 0);
}

/* No two runs of words overlap on the yaku sheet (how an example was won,
 * beside its tiles, and the line above it), the tiles left out (a tile
 * turned sideways lies on another). */
static void check_yaku_words(const tensu_doc *d, const char *what)
{
    int overlaps = 0;
    for (size_t p = 0; p < d->npages; p++) {
        const tensu_page *pg = &d->pages[p];
        for (size_t i = 0; i < pg->n; i++) {
            const tensu_item *a = &pg->items[i];
            if (a->kind != TENSU_ITEM_TEXT || a->font == TENSU_FONT_TILES)
                continue;
            for (size_t j = i + 1; j < pg->n; j++) {
                const tensu_item *b = &pg->items[j];
                if (b->kind != TENSU_ITEM_TEXT || b->font == TENSU_FONT_TILES)
                    continue;
                if (a->x < b->x + b->w - 0.3 && b->x < a->x + a->w - 0.3 &&
                    a->y - 0.72 * a->h < b->y + 0.2 * b->h - 0.3 &&
                    b->y - 0.72 * b->h < a->y + 0.2 * a->h - 0.3 && overlaps++ < 3)
                    fprintf(stderr, "%s: \"%s\" overlaps \"%s\"\n", what, a->text, b->text);
            }
        }
    }
    CHECK_EQ(overlaps, 0);
}

/* The heading over an entry of a yaku list: the last heading above it in
 * its column. */
static const char *heading_over(const tensu_doc *d, const char *tag)
{
    for (size_t p = 0; p < d->npages; p++) {
        const tensu_page *pg = &d->pages[p];
        const tensu_item *e = NULL, *h = NULL;
        for (size_t i = 0; i < pg->n; i++)
            if (pg->items[i].tag && strcmp(pg->items[i].tag, tag) == 0)
                e = &pg->items[i];
        if (e == NULL)
            continue;
        for (size_t i = 0; i < pg->n; i++) {
            const tensu_item *it = &pg->items[i];
            if (it->tag && strncmp(it->tag, "yaku.group", 10) == 0 && fabs(it->x - e->x) <= 0.5 &&
                it->y < e->y && (h == NULL || it->y > h->y))
                h = it;
        }
        return h ? h->text : NULL;
    }
    return NULL;
}

static void test_yaku_examples(const char *src)
{
    const char *const *presets = yaku_presets;
    static const char *const langs[] = {"fr", "en"};
    static const char *const papers[] = {"a4", "letter"};
    for (size_t k = 0; k < NPRESETS; k++)
        for (size_t l = 0; l < 2; l++)
            for (size_t q = 0; q < 2; q++) {
                tensu_error err;
                char what[96];
                tensu_doc *d = build(src, "yaku", langs[l], papers[q], presets[k], &err);
                snprintf(what, sizeof what, "yaku %s %s %s", langs[l], papers[q], presets[k]);
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "%s: %s\n", what, err.message);
                    continue;
                }
                check_yaku_tiles(d, what);
                check_yaku_words(d, what);
                tensu_doc_free(d);
            }
    /* the longest titles (a --set named in them) on the shorter paper: page
     * 1 still fits at 100 % in French */
    for (size_t l = 0; l < 2; l++)
        for (size_t q = 0; q < 2; q++) {
            static const char *const sets[] = {"aotenjou=yes", "kiriage=yes",
                                               "double-yakuman=yes"};
            for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
                tensu_rules r;
                tensu_error err;
                tensu_sheet_opts o = {src, "yaku", langs[l], papers[q], ""};
                tensu_doc *d;
                char what[96];
                CHECK(tensu_rules_preset("tenhou", &r, NULL) == TENSU_OK);
                CHECK(tensu_rules_assign(&r, sets[k], NULL) == TENSU_OK);
                d = tensu_sheet_build(&o, &r, &err);
                snprintf(what, sizeof what, "yaku %s %s --set %s", langs[l], papers[q], sets[k]);
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "%s: %s\n", what, err.message);
                    continue;
                }
                check_yaku_tiles(d, what);
                tensu_doc_free(d);
            }
        }
    /* renhou's group says its value, as the others do (review N11): 5 han
     * under WRC 2015, a mangan under EMA 2016; before 6 han; on the yaku
     * sheet and the card's back */
    for (size_t l = 0; l < 2; l++)
        for (int s = 0; s < 2; s++) {
            tensu_error err;
            const char *sheet = s ? "yaku" : "card";
            tensu_doc *d = build(src, sheet, langs[l], "a4", "wrc2015", &err);
            CHECK(d != NULL);
            CHECK_STR(heading_over(d, "yaku.renhou"), l ? "5 han" : "5\u00a0han");
            CHECK_STR(heading_over(d, "yaku.chinitsu"), l ? "6 han" : "6\u00a0han");
            tensu_doc_free(d);
            d = build(src, sheet, langs[l], "a4", "ema2016", &err);
            CHECK(d != NULL);
            CHECK_STR(heading_over(d, "yaku.renhou"), "Mangan");
            tensu_doc_free(d);
        }
}

/* A template block that does not apply under the rules is left out; a bad
 * condition or an empty placeholder fails with the template's name. */
static void test_conditions(const char *src)
{
    tensu_rules r;
    tensu_error err;
    tensu_sheet_opts o = {src, "study", "fr", "a4", ""};
    tensu_doc *d;
    tensu_rules_preset("tenhou", &r, NULL);
    d = tensu_sheet_build(&o, &r, &err);
    CHECK(d != NULL);
    /* the red fives line only when there are red fives */
    CHECK(doc_has_text(d, "Cinq rouges"));
    tensu_doc_free(d);
    tensu_rules_assign(&r, "aka=0", NULL);
    d = tensu_sheet_build(&o, &r, &err);
    CHECK(d != NULL);
    CHECK(!doc_has_text(d, "ces règles en comptent"));
    tensu_doc_free(d);
}

/* A scratch data dir: fonts linked from the source, templates copied. */
static void test_errors_and_languages(const char *src)
{
    char dir[] = "/tmp/tensu-sheets-XXXXXX", path[512], target[512];
    tensu_error err;
    tensu_doc *d;
    char *text, *at, *names[16];
    size_t n;
    if (mkdtemp(dir) == NULL)
        return;
    snprintf(path, sizeof path, "%s/fonts", dir);
    snprintf(target, sizeof target, "%s/fonts", src);
    CHECK(symlink(target, path) == 0);
    snprintf(path, sizeof path, "%s/templates", dir);
    mkdir(path, 0700);
    {
        const char *files[] = {"card", "en", "fr", "yaku-data"};
        for (int i = 0; i < 4; i++) {
            snprintf(target, sizeof target, "%s/templates/%s.json", src, files[i]);
            text = slurp(target);
            snprintf(path, sizeof path, "%s/templates/%s.json", dir, files[i]);
            if (text)
                write_file(path, text);
            if (i == 1 && text) {
                /* a new language: one catalog file, no C change */
                snprintf(path, sizeof path, "%s/templates/xx.json", dir);
                write_file(path, text);
            }
            free(text);
        }
    }
    d = build(dir, "card", "xx", "a4", "tenhou", &err);
    CHECK(d != NULL);
    CHECK_STR(tag_text(d, "nd.ron.4.30"), "7,700");
    tensu_doc_free(d);
    n = tensu_sheet_list(dir, true, names, 16);
    CHECK_EQ(n, 3);
    if (n == 3) {
        CHECK_STR(names[0], "en");
        CHECK_STR(names[2], "xx");
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);

    /* a syntax error: file, line and column */
    snprintf(path, sizeof path, "%s/templates/card.json", dir);
    text = slurp(path);
    if (text && (at = strstr(text, "\"pages\"")) != NULL) {
        char *broken = malloc(strlen(text) + 2);
        size_t k = (size_t)(at - text);
        memcpy(broken, text, k);
        broken[k] = ',';
        strcpy(broken + k + 1, text + k);
        write_file(path, broken);
        free(broken);
        d = build(dir, "card", "en", "a4", "tenhou", &err);
        CHECK(d == NULL);
        snprintf(target, sizeof target, "card.json:%d:", line_at(text, at));
        CHECK(strstr(err.message, target) != NULL);
        fprintf(stderr, "(expected) %s\n", err.message);
        /* an unknown block type: file and line */
        broken = malloc(strlen(text) + 1);
        strcpy(broken, text);
        at = strstr(broken, "\"limit-table\"");
        if (at)
            memcpy(at, "\"limit-tabel\"", 13);
        snprintf(target, sizeof target, "card.json:%d: unknown block type \"limit-tabel\"",
                 at ? line_at(broken, at) : 0);
        write_file(path, broken);
        free(broken);
        d = build(dir, "card", "en", "a4", "tenhou", &err);
        CHECK(d == NULL);
        CHECK(strstr(err.message, target) != NULL);
        fprintf(stderr, "(expected) %s\n", err.message);
    }
    free(text);
    /* a worked fu example the scorer does not prove: refused, naming the
     * counts (found by fuzz_template: this path leaked under ASan) */
    snprintf(path, sizeof path, "%s/templates/fx.json", dir);
    write_file(path,
               "{\"kind\": \"sheet\", \"title\": \"card.hand.title\", \"orientation\": "
               "\"portrait\", \"margin\": 24, \"fonts\": {\"regular\": \"DejaVuSans.ttf\", "
               "\"bold\": \"DejaVuSans-Bold.ttf\", \"italic\": \"DejaVuSans-Oblique.ttf\", "
               "\"condensed\": \"DejaVuSansCondensed.ttf\", \"condensed-bold\": "
               "\"DejaVuSansCondensed-Bold.ttf\", \"tiles\": \"TensuTiles.ttf\"}, \"pages\": "
               "[{\"blocks\": [{\"type\": \"fu-example\", \"han\": 1, \"parts\": "
               "[{\"text\": \"study.fuex.base\", \"fu\": 20}], \"hand\": "
               "\"999m456p678p13s77z+2s\", \"riichi\": true}]}]}\n");
    d = build(dir, "fx", "en", "a4", "tenhou", &err);
    CHECK(d == NULL);
    CHECK(strstr(err.message, "fx.json: fu-example: the scorer counts 42 fu and 1 han") != NULL);
    fprintf(stderr, "(expected) %s\n", err.message);
    tensu_doc_free(d);
    /* a bad condition: the template, the line, the key */
    snprintf(target, sizeof target, "%s/templates/card.json", src);
    text = slurp(target);
    if (text && (at = strstr(text, "\"when\": \"aotenjou=no\"")) != NULL) {
        char *broken = malloc(strlen(text) + 8);
        size_t k = (size_t)(at - text);
        memcpy(broken, text, k);
        strcpy(broken + k, "\"when\": \"aotenjoux=no\"");
        strcat(broken, at + strlen("\"when\": \"aotenjou=no\""));
        snprintf(path, sizeof path, "%s/templates/card.json", dir);
        write_file(path, broken);
        d = build(dir, "card", "fr", "a4", "tenhou", &err);
        CHECK(d == NULL);
        CHECK(strstr(err.message, "card.json") != NULL &&
              strstr(err.message, "unknown rule key 'aotenjoux'") != NULL);
        fprintf(stderr, "(expected) %s\n", err.message);
        free(broken);
        write_file(path, text);
    }
    free(text);
    /* an empty placeholder: "mangan_cells" has no value under aotenjou, so
     * a template that prints it there fails, naming template and placeholder */
    snprintf(target, sizeof target, "%s/templates/fr.json", src);
    text = slurp(target);
    if (text && (at = strstr(text, "\"card.sticks\": \"")) != NULL) {
        char *broken = malloc(strlen(text) + 64);
        size_t k = (size_t)(at - text) + strlen("\"card.sticks\": \"");
        memcpy(broken, text, k);
        strcpy(broken + k, "dès {mangan_cells}. ");
        strcat(broken, text + k);
        snprintf(path, sizeof path, "%s/templates/fr.json", dir);
        write_file(path, broken);
        {
            tensu_rules a;
            tensu_sheet_opts o = {dir, "card", "fr", "a4", ""};
            tensu_rules_preset("tenhou", &a, NULL);
            d = tensu_sheet_build(&o, &a, &err);
            CHECK(d != NULL); /* under tenhou it has a value */
            tensu_doc_free(d);
            tensu_rules_assign(&a, "aotenjou=yes", NULL);
            d = tensu_sheet_build(&o, &a, &err);
            CHECK(d == NULL);
            CHECK(strstr(err.message, "card.json") != NULL &&
                  strstr(err.message, "empty placeholder {mangan_cells}") != NULL);
            fprintf(stderr, "(expected) %s\n", err.message);
        }
        free(broken);
        write_file(path, text);
    }
    free(text);
    /* a missing string */
    d = build(dir, "card", "nope", "a4", "tenhou", &err);
    CHECK(d == NULL);
    CHECK_EQ(err.status, TENSU_ERR_UNKNOWN);
    snprintf(path, sizeof path, "rm -rf '%s'", dir);
    CHECK(system(path) == 0);
}

/* The lowest ink of the left and of the right half of a page, its
 * footer left out. */
static void column_bottoms(const tensu_page *pg, double *left, double *right)
{
    *left = *right = 0;
    for (size_t i = 0; i < pg->n; i++) {
        const tensu_item *it = &pg->items[i];
        double y1 = it->kind == TENSU_ITEM_TEXT ? it->y + 0.2 * it->h : it->y + it->h;
        double *side = it->x < pg->width / 2 ? left : right;
        if (it->tag && strcmp(it->tag, "footer") == 0)
            continue;
        if (y1 > *side)
            *side = y1;
    }
}

/* The study sheet uses its paper (issue C1: page 1's right column 40 %
 * empty, page 3's lower third blank, aotenjou's page 2 left column half
 * empty): page 1's columns end within 60 pt of each other, page 3 goes
 * down past 80 % of the page; under aotenjou, page 2 carries the ron from
 * 5 to 13 han at 30 and 40 fu, from the engine, and its columns end within
 * 100 pt of each other. */
static void test_study_space(const char *dir)
{
    static const char *const langs[] = {"fr", "en"};
    static const char *const papers[] = {"a4", "letter"};
    for (size_t q = 0; q < 2; q++)
        for (size_t l = 0; l < 2; l++) {
            tensu_rules r;
            tensu_error err;
            tensu_sheet_opts o = {dir, "study", langs[l], papers[q], NULL};
            tensu_doc *d = build(dir, "study", langs[l], papers[q], "tenhou", &err);
            double left, right;
            int bad = 0;
            CHECK(d != NULL && d->npages == 3);
            if (d == NULL || d->npages != 3) {
                tensu_doc_free(d);
                continue;
            }
            column_bottoms(&d->pages[0], &left, &right);
            if (fabs(left - right) > 60)
                fprintf(stderr, "study %s %s page 1: columns end at %.0f and %.0f pt\n",
                        langs[l], papers[q], left, right);
            CHECK(fabs(left - right) <= 60);
            column_bottoms(&d->pages[2], &left, &right);
            CHECK(fmax(left, right) > 0.8 * d->pages[2].height);
            CHECK(tensu_doc_find_tag(d, "han.nd.5.30") == NULL); /* limits: no such table */
            tensu_doc_free(d);

            tensu_rules_preset("tenhou", &r, NULL);
            tensu_rules_assign(&r, "aotenjou=yes", NULL);
            d = tensu_sheet_build(&o, &r, &err);
            CHECK(d != NULL);
            if (d == NULL)
                continue;
            for (int han = 5; han <= 13; han++)
                for (int fu = 30; fu <= 40; fu += 10)
                    for (int dl = 0; dl < 2; dl++) {
                        char tag[32], want[32], digits[24];
                        const char *sep = l ? "," : "\u202f";
                        const tensu_item *it;
                        tensu_payment p;
                        size_t n, w = 0;
                        snprintf(tag, sizeof tag, "han.%s.%d.%d", dl ? "d" : "nd", han, fu);
                        tensu_pay(&r, han, fu, 0, dl, false, 0, 0, &p, NULL);
                        snprintf(digits, sizeof digits, "%" PRId64, p.ron);
                        n = strlen(digits);
                        for (size_t i = 0; i < n; i++) {
                            if (i > 0 && (n - i) % 3 == 0)
                                w += (size_t)snprintf(want + w, sizeof want - w, "%s", sep);
                            want[w++] = digits[i];
                            want[w] = '\0';
                        }
                        it = tensu_doc_find_tag(d, tag);
                        if ((it == NULL || strcmp(it->text, want) != 0) && bad++ < 3)
                            fprintf(stderr, "study %s aotenjou %s: \"%s\", want \"%s\"\n",
                                    langs[l], tag, it ? it->text : "none", want);
                        CHECK(it != NULL && it->text && strcmp(it->text, want) == 0);
                    }
            column_bottoms(&d->pages[1], &left, &right);
            if (fabs(left - right) > 100)
                fprintf(stderr, "study %s %s aotenjou page 2: columns end at %.0f and %.0f pt\n",
                        langs[l], papers[q], left, right);
            CHECK(fabs(left - right) <= 100);
            tensu_doc_free(d);
        }
}

/* The text runs of a document: whether one is exactly t. */
static bool has_run(const tensu_doc *d, const char *t)
{
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++)
            if (d->pages[p].items[i].kind == TENSU_ITEM_TEXT &&
                strcmp(d->pages[p].items[i].text, t) == 0)
                return true;
    return false;
}

/* The line of text that starts with the run beginning with start (its runs
 * joined: a bold amount is a run of its own), in buf; NULL if none. */
static const char *line_from(const tensu_doc *d, const char *start, char *buf, size_t size)
{
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++) {
            const tensu_item *it = &d->pages[p].items[i];
            size_t o = 0;
            if (it->kind != TENSU_ITEM_TEXT || strncmp(it->text, start, strlen(start)) != 0)
                continue;
            for (size_t j = i; j < d->pages[p].n; j++) {
                const tensu_item *q = &d->pages[p].items[j];
                if (q->kind != TENSU_ITEM_TEXT || fabs(q->y - it->y) > 0.01)
                    break;
                o += (size_t)snprintf(buf + o, o < size ? size - o : 0, "%s%s",
                                      j > i && q->text[0] != ',' && q->text[0] != ';' ? " " : "",
                                      q->text);
            }
            return buf;
        }
    return NULL;
}

/* No word left alone on the last line of a paragraph (issue C6: "Doubles
 * yakuman (kokushi à 13 attentes…) : ⏎ non", "Yakuman (counted as 13 han
 * 30 fu), dealer, ⏎ ron", "…= 1,600; total ⏎ 6,400", "→ 700; ⏎ total
 * 2,700"): the line before gives its last words, from a comma or a
 * semicolon, and "total 6,400" stays whole; never a lone yes or no in the
 * rules boxes of the card and the study sheet, under any preset. */
static void test_runts(const char *src)
{
    static const char *const presets[] = {"tenhou", "tenhou-sanma", "wrc2015", "ema2016",
                                          "majsoul", "mleague", "jpml"};
    static const char *const lone[] = {"non", "oui", "no", "yes", "non)", "no)"};
    tensu_error err;
    tensu_doc *d = build(src, "study", "en", "a4", "tenhou", &err);
    CHECK(d != NULL);
    if (d) {
        char buf[256];
        CHECK_STR(line_from(d, "each non-dealer 1 × 1,600", buf, sizeof buf),
                  "each non-dealer 1 × 1,600 = 1,600; total\u00a06,400");
        CHECK_STR(line_from(d, "each non-dealer 1 × 640", buf, sizeof buf),
                  "each non-dealer 1 × 640 = 640 → 700; total\u00a02,700");
        CHECK(!has_run(d, "6,400") && !has_run(d, "total\u00a06,400"));
        tensu_doc_free(d);
    }
    d = build(src, "study", "fr", "a4", "tenhou", &err);
    CHECK(d != NULL);
    if (d) {
        char buf[256];
        const char *l = line_from(d, "chaque non-donneur 1 × 640", buf, sizeof buf);
        CHECK(l != NULL && strstr(l, "total\u00a02\u202f700") != NULL);
        CHECK(has_run(d, "attentes…)\u00a0: non"));
        tensu_doc_free(d);
    }
    {
        tensu_rules r;
        tensu_sheet_opts o = {src, "study", "en", "a4", NULL};
        tensu_rules_preset("tenhou", &r, NULL);
        tensu_rules_assign(&r, "aotenjou=yes", NULL);
        d = tensu_sheet_build(&o, &r, &err);
        CHECK(d != NULL);
        if (d) {
            CHECK(has_run(d, "dealer, ron") && !has_run(d, "ron"));
            tensu_doc_free(d);
        }
    }
    for (size_t k = 0; k < sizeof presets / sizeof presets[0]; k++)
        for (int l = 0; l < 2; l++)
            for (int s = 0; s < 2; s++) {
                d = build(src, s ? "study" : "card", l ? "en" : "fr", "a4", presets[k], &err);
                CHECK(d != NULL);
                if (d == NULL)
                    continue;
                for (size_t i = 0; i < sizeof lone / sizeof lone[0]; i++) {
                    if (has_run(d, lone[i]))
                        fprintf(stderr, "%s %s %s: \"%s\" alone on a line\n",
                                s ? "study" : "card", l ? "en" : "fr", presets[k], lone[i]);
                    CHECK(!has_run(d, lone[i]));
                }
                tensu_doc_free(d);
            }
}

int main(void)
{
    const char *src = TENSU_SOURCE_DIR;
    test_card(src);
    test_study(src);
    test_study_tiles(src);
    test_study_space(src);
    test_tips();
    test_errors_and_languages(src);
    test_sizes(src);
    test_no_shrink(src);
    test_yaku_columns(src);
    test_yaku_examples(src);
    test_conditions(src);
    test_runts(src);
    return harness_report("test_sheets");
}
