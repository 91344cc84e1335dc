/* The physical forms of the card (issue 14): table tent, pocket card (and
 * four-up on A4), poster (A3, A2), large print; papers a layout refuses;
 * amounts with honba included.  Page sizes, least text sizes, the printable
 * margin of 5 mm and the upside-down face are read from the page model. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "../src/render/sheet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MM5 14.17

static const char *tag_text(const tensu_doc *d, const char *tag)
{
    const tensu_item *it = d ? tensu_doc_find_tag(d, tag) : NULL;
    return it ? it->text : NULL;
}

static tensu_doc *build(const char *sheet, const char *lang, const char *paper, const char *preset,
                        const char *set, int honba, tensu_error *err)
{
    tensu_rules r;
    tensu_sheet_opts o = {TENSU_SOURCE_DIR, sheet, lang, paper, "", honba};
    if (tensu_rules_preset(preset, &r, err) != TENSU_OK)
        return NULL;
    if (set && tensu_rules_assign(&r, set, err) != TENSU_OK)
        return NULL;
    return tensu_sheet_build(&o, &r, err);
}

typedef struct extent {
    double least, least_amount;   /* text sizes */
    double x0, y0, x1, y1;        /* ink extent */
    int grey_text, upside_down, upright;
} extent;

static extent measure(const tensu_page *pg)
{
    extent e = {1e9, 1e9, 1e9, 1e9, -1e9, -1e9, 0, 0, 0};
    for (size_t i = 0; i < pg->n; i++) {
        const tensu_item *it = &pg->items[i];
        double x0 = it->x, x1 = it->x + it->w, y0 = it->y, y1 = it->y + it->h;
        if (it->kind == TENSU_ITEM_TEXT) {
            if (it->h < e.least)
                e.least = it->h;
            if (it->tag && strstr(it->tag, ".ron.") && it->h < e.least_amount)
                e.least_amount = it->h;
            if (it->ink > 0.01 && it->ink < 0.99) /* white on the dark header is not grey */
                e.grey_text++;
            if (fabs(it->rot - 180) < 1e-9) {
                e.upside_down++;
                x0 = it->x - it->w;
                x1 = it->x;
                y0 = it->y - 0.2 * it->h;
                y1 = it->y + 0.75 * it->h;
            } else {
                e.upright++;
                y0 = it->y - 0.75 * it->h;
                y1 = it->y + 0.2 * it->h;
            }
        } else if (it->kind == TENSU_ITEM_LINE) {
            x0 = fmin(it->x, it->x + it->w);
            x1 = fmax(it->x, it->x + it->w);
            y0 = fmin(it->y, it->y + it->h);
            y1 = fmax(it->y, it->y + it->h);
        }
        e.x0 = fmin(e.x0, x0);
        e.y0 = fmin(e.y0, y0);
        e.x1 = fmax(e.x1, x1);
        e.y1 = fmax(e.y1, y1);
    }
    return e;
}

/* Every page of a layout: its size, its least text, the 5 mm margin. */
static void check_layout(const char *sheet, const char *paper, double w, double h, int pages,
                         double least, const char *what)
{
    static const char *const sets[][2] = {{"tenhou", NULL},       {"tenhou", "aotenjou=yes"},
                                          {"tenhou-sanma", NULL}, {"wrc2015", NULL},
                                          {"ema2016", NULL},      {"tenhou", "kiriage=yes"}};
    static const char *const langs[] = {"fr", "en"};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (size_t l = 0; l < 2; l++) {
            tensu_error err;
            tensu_doc *d = build(sheet, langs[l], paper, sets[k][0], sets[k][1], 0, &err);
            CHECK(d != NULL);
            if (d == NULL) {
                fprintf(stderr, "%s %s %s %s: %s\n", what, langs[l], sets[k][0],
                        sets[k][1] ? sets[k][1] : "", err.message);
                continue;
            }
            if (pages > 0)
                CHECK(d->npages == (size_t)pages || (sets[k][1] && d->npages >= 1));
            for (size_t p = 0; p < d->npages; p++) {
                const tensu_page *pg = &d->pages[p];
                extent e = measure(pg);
                CHECK(fabs(pg->width - w) < 0.5 && fabs(pg->height - h) < 0.5);
                if (e.least < least - 1e-6 || e.x0 < MM5 - 0.01 || e.y0 < MM5 - 0.01 ||
                    e.x1 > pg->width - MM5 + 0.01 || e.y1 > pg->height - MM5 + 0.01)
                    fprintf(stderr,
                            "%s %s %s %s page %zu: least %.2f pt (min %.1f), ink from (%.1f, "
                            "%.1f) to (%.1f, %.1f) on %.0f x %.0f\n",
                            what, langs[l], sets[k][0], sets[k][1] ? sets[k][1] : "", p + 1,
                            e.least, least, e.x0, e.y0, e.x1, e.y1, pg->width, pg->height);
                CHECK(e.least >= least - 1e-6);
                CHECK(e.x0 >= MM5 - 0.01 && e.y0 >= MM5 - 0.01);
                CHECK(e.x1 <= pg->width - MM5 + 0.01 && e.y1 <= pg->height - MM5 + 0.01);
            }
            tensu_doc_free(d);
        }
}

/* Every amount of the tent at the card's size, in both faces, both
 * languages, A4 and Letter: ron 16 pt (13 pt under aotenjou, whose table
 * has 14 fu columns), tsumo 12 pt; none shrunk to fit its column (issue:
 * '12,000' at 15.2 pt on Letter, '10,300' at 12.5 pt on A4 under aotenjou,
 * refused on Letter).  Returns the number of amounts checked. */
static int check_tent_amounts(void)
{
    static const char *const sets[][2] = {
        {"tenhou", NULL},  {"tenhou", "aotenjou=yes"}, {"tenhou-sanma", NULL},
        {"wrc2015", NULL}, {"mleague", NULL},          {"mleague", "aotenjou=yes"},
        {"jpml", NULL},    {"tenhou", "kiriage=yes"},
    };
    static const char *const langs[] = {"fr", "en"};
    static const char *const papers[] = {"a4", "letter"};
    int n = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (size_t l = 0; l < 2; l++)
            for (size_t q = 0; q < 2; q++) {
                tensu_error err;
                tensu_doc *d = build("card-tent", langs[l], papers[q], sets[k][0], sets[k][1],
                                     0, &err);
                double ron = sets[k][1] && strcmp(sets[k][1], "aotenjou=yes") == 0 ? 13 : 16;
                int bad = 0, nron = 0, ntsumo = 0;
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "tent %s %s %s %s: %s\n", langs[l], papers[q], sets[k][0],
                            sets[k][1] ? sets[k][1] : "", err.message);
                    continue;
                }
                for (size_t i = 0; i < d->pages[0].n; i++) {
                    const tensu_item *it = &d->pages[0].items[i];
                    double want;
                    if (it->tag == NULL || it->kind != TENSU_ITEM_TEXT)
                        continue;
                    if (strstr(it->tag, ".ron."))
                        want = ron, nron++;
                    else if (strstr(it->tag, ".tsumo."))
                        want = 12, ntsumo++;
                    else
                        continue;
                    if (fabs(it->h - want) > 1e-9 && bad++ < 3)
                        fprintf(stderr, "tent %s %s %s %s: %s \"%s\" at %.3f pt, not %.0f\n",
                                langs[l], papers[q], sets[k][0], sets[k][1] ? sets[k][1] : "",
                                it->tag, it->text, it->h, want);
                }
                CHECK_EQ(bad, 0);
                /* both faces: 4 han rows of 10 fu columns at least, some cells a dash */
                CHECK(nron >= 2 * 30 && ntsumo >= 2 * 30);
                n += nron + ntsumo;
                tensu_doc_free(d);
            }
    return n;
}


/* Every text run of a document, joined by spaces (a sentence wrapped over
 * lines reads whole); malloc'd. */
static char *doc_text(const tensu_doc *d)
{
    size_t n = 1, o = 0;
    char *t;
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++)
            if (d->pages[p].items[i].kind == TENSU_ITEM_TEXT)
                n += strlen(d->pages[p].items[i].text) + 1;
    t = malloc(n);
    if (t == NULL)
        return NULL;
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++)
            if (d->pages[p].items[i].kind == TENSU_ITEM_TEXT)
                o += (size_t)sprintf(t + o, "%s ", d->pages[p].items[i].text);
    t[o] = '\0';
    return t;
}

/* How often needle occurs in text. */
static int count_in(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; p && (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* An amount as the English catalog writes it: 3,932,200. */
static const char *en_amount(int64_t v, char *buf, size_t size)
{
    char digits[32];
    size_t n, o = 0;
    snprintf(digits, sizeof digits, "%" PRId64, v);
    n = strlen(digits);
    for (size_t i = 0; i < n && o + 2 < size; i++) {
        if (i > 0 && (n - i) % 3 == 0 && v >= 1000)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
    return buf;
}

/* The lowest ink of a page but its footer. */
static double content_bottom(const tensu_page *pg)
{
    double low = 0;
    for (size_t i = 0; i < pg->n; i++) {
        const tensu_item *it = &pg->items[i];
        double y1 = it->kind == TENSU_ITEM_TEXT ? it->y + 0.2 * it->h : it->y + it->h;
        if (it->tag && strcmp(it->tag, "footer") == 0)
            continue;
        if (y1 > low)
            low = y1;
    }
    return low;
}

/* With --honba N the amounts include the counters, the table's and the
 * rules box's alike (issue A3: the box said "4 han 30 fu = 7,700" beside a
 * table of 8,300, and the note invited to add the honba again): on every
 * card layout, under four rule sets, the box quotes the table's own cells,
 * and the note says the counters are in. */
static void check_honba_consistent(void)
{
    static const char *const layouts[] = {"card", "card-pocket", "card-tent", "card-poster",
                                          "card-large"};
    static const char *const presets[] = {"tenhou", "tenhou-sanma", "wrc2015", "majsoul"};
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++)
        for (size_t k = 0; k < sizeof presets / sizeof presets[0]; k++)
            for (int hb = 1; hb <= 2; hb++) {
                tensu_error err;
                tensu_doc *d = build(layouts[l], "en", NULL, presets[k], NULL, hb, &err);
                char *t, want[160], inc[160];
                tensu_rules r;
                tensu_payment p;
                bool box = strcmp(layouts[l], "card") == 0 ||
                           strcmp(layouts[l], "card-large") == 0;
                CHECK(d != NULL);
                if (d == NULL) {
                    fprintf(stderr, "%s %s honba %d: %s\n", layouts[l], presets[k], hb,
                            err.message);
                    continue;
                }
                t = doc_text(d);
                tensu_rules_preset(presets[k], &r, NULL);
                /* never "+300 per counter": the note of a card without honba */
                CHECK(count_in(t, "per counter") == 0);
                if (box) {
                    const char *nd = tag_text(d, "nd.ron.4.30"), *dl = tag_text(d, "d.ron.4.30");
                    tensu_pay(&r, 1, 30, 0, false, true, hb, 0, &p, NULL);
                    snprintf(inc, sizeof inc, "%d honba already included in every amount "
                             "(%d on a ron, %d per payer on a tsumo)", hb, hb * r.honba,
                             (int)p.honba_each);
                    if (!r.kiriage)
                        snprintf(want, sizeof want, "Kiriage: no (4 han 30 fu = %s, dealer %s)",
                                 nd ? nd : "?", dl ? dl : "?");
                    else
                        snprintf(want, sizeof want, "3 han 60 fu are paid as mangan (%s, "
                                 "dealer %s)", nd ? nd : "?", dl ? dl : "?");
                    if (count_in(t, want) != 1 || count_in(t, inc) != 1)
                        fprintf(stderr, "%s %s honba %d: want \"%s\" and \"%s\" in %.300s\n",
                                layouts[l], presets[k], hb, want, inc, t);
                    CHECK_EQ(count_in(t, want), 1);
                    CHECK_EQ(count_in(t, inc), 1);
                    if (r.multiple_yakuman) {
                        /* the box's two yakuman, the limit table's */
                        const char *two = tag_text(d, "limit.yakuman.2.nd.ron");
                        snprintf(want, sizeof want, "two yakuman = %s)", two ? two : "?");
                        CHECK(two != NULL && count_in(t, want) == 1);
                    }
                }
                free(t);
                tensu_doc_free(d);
            }
}

/* No limits (issue A4): every layout gives a way to value 5 han or more and
 * a yakuman: the formula on each face or page with a table, the yakuman's
 * value; the large card the ron from 5 to 13 han from the engine. */
static void check_aotenjou_beyond(void)
{
    static const char *const layouts[] = {"card", "card-pocket", "card-tent", "card-poster",
                                          "card-large"};
    static const int faces[] = {1, 2, 2, 1, 1}; /* the formula: once per table's face */
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++)
        for (int hb = 0; hb <= 2; hb += 2) {
            tensu_error err;
            tensu_doc *d = build(layouts[l], "en", NULL, "tenhou", "aotenjou=yes", hb, &err);
            char *t;
            CHECK(d != NULL);
            if (d == NULL) {
                fprintf(stderr, "%s aotenjou honba %d: %s\n", layouts[l], hb, err.message);
                continue;
            }
            t = doc_text(d);
            /* in the study's notation: "fu × 2ⁿ, where n = han + 2", or
             * "(n = han + 2)" where the ron is given whole (review2 N8) */
            if (count_in(t, "fu × 2ⁿ") != faces[l] || count_in(t, "n = han + 2") != faces[l] ||
                count_in(t, "13 han 30 fu") < faces[l])
                fprintf(stderr, "%s aotenjou honba %d: the formula %d times (want %d): %.400s\n",
                        layouts[l], hb, count_in(t, "fu × 2ⁿ"), faces[l], t);
            CHECK_EQ(count_in(t, "fu × 2ⁿ"), faces[l]);
            CHECK_EQ(count_in(t, "n = han + 2"), faces[l]);
            CHECK_EQ(count_in(t, "^("), 0); /* the study's notation, no caret (review2 N8) */
            CHECK(count_in(t, "13 han 30 fu") >= faces[l]);
            /* the counters the formula leaves out, said */
            CHECK_EQ(count_in(t, hb ? "then +600 for honba" : "for honba"), hb ? faces[l] : 0);
            /* the yakuman's value (the tent's too, its formula on two lines) */
            if (hb == 0)
                CHECK(count_in(t, "3,932,200") >= 1);
            free(t);
            if (strcmp(layouts[l], "card-large") == 0) {
                tensu_rules r;
                int bad = 0;
                tensu_rules_preset("tenhou", &r, NULL);
                tensu_rules_assign(&r, "aotenjou=yes", NULL);
                for (int han = 5; han <= 13; han++)
                    for (int fu = 30; fu <= 40; fu += 10)
                        for (int dl = 0; dl < 2; dl++) {
                            char tag[32], buf[32];
                            tensu_payment p;
                            snprintf(tag, sizeof tag, "han.%s.%d.%d", dl ? "d" : "nd", han, fu);
                            tensu_pay(&r, han, fu, 0, dl, false, hb, 0, &p, NULL);
                            en_amount(p.ron_honba, buf, sizeof buf);
                            if (tag_text(d, tag) == NULL || strcmp(tag_text(d, tag), buf) != 0)
                                if (bad++ < 3)
                                    fprintf(stderr, "large aotenjou %s: \"%s\", want %s\n", tag,
                                            tag_text(d, tag) ? tag_text(d, tag) : "none", buf);
                        }
                CHECK_EQ(bad, 0);
                /* 13 han 30 fu, a yakuman: 30 x 2^15 x 4 = 3,932,160, rounded up */
                if (hb == 0)
                    CHECK_STR(tag_text(d, "han.nd.13.30"), "3,932,200");
            }
            tensu_doc_free(d);
        }
}

static int count_tag(const tensu_page *pg, const char *tag)
{
    int n = 0;
    for (size_t i = 0; i < pg->n; i++)
        n += pg->items[i].tag && strcmp(pg->items[i].tag, tag) == 0;
    return n;
}

/* An amount as a catalog writes it: 3,932,200 (en) or 3 932 200 with
 * narrow no-break spaces (fr). */
static const char *amount_in(const char *lang, int64_t v, char *buf, size_t size)
{
    char tmp[64];
    size_t o = 0;
    en_amount(v, tmp, sizeof tmp);
    if (strcmp(lang, "en") == 0)
        return snprintf(buf, size, "%s", tmp), buf;
    for (const char *q = tmp; *q && o + 4 < size; q++)
        if (*q == ',')
            o += (size_t)sprintf(buf + o, "\u202f");
        else
            buf[o++] = *q;
    buf[o] = '\0';
    return buf;
}

/* The ink extent of a text item, upright or turned half a turn. */
static void ink_x(const tensu_item *it, double *x0, double *x1)
{
    *x0 = it->rot ? it->x - it->w : it->x;
    *x1 = it->rot ? it->x : it->x + it->w;
}

/* The tent's limits (issue N2: "grey cell: a limit" and no limit's amount
 * anywhere, the foot of each face blank): each face gives its side's
 * mangan, haneman, baiman, sanbaiman, yakuman and, where yakuman stack,
 * two yakuman, ron and tsumo, each the engine's (tensu_pay_limit),
 * once, on that face (the non-dealer's upside down on the upper half), at
 * the sheet's least size or more, a limit's name clear of its ron and its
 * han clear of its tsumo; under every preset, on A4 and Letter, in both
 * languages, with 0 to 2 honba; none under aotenjou (its formula stays,
 * check_aotenjou_beyond).  Returns the number of amounts checked. */
static int check_tent_limits(void)
{
    static const char *const presets[] = {"tenhou", "tenhou-sanma", "wrc2015", "majsoul",
                                          "mleague", "ema2016", "jpml"};
    static const char *const langs[] = {"fr", "en"};
    static const char *const papers[] = {"a4", "letter"};
    static const struct { tensu_limit l; int y; const char *tag; } lim[] = {
        {TENSU_LIMIT_MANGAN, 0, "mangan.0"},     {TENSU_LIMIT_HANEMAN, 0, "haneman.0"},
        {TENSU_LIMIT_BAIMAN, 0, "baiman.0"},     {TENSU_LIMIT_SANBAIMAN, 0, "sanbaiman.0"},
        {TENSU_LIMIT_YAKUMAN, 1, "yakuman.1"},   {TENSU_LIMIT_YAKUMAN, 2, "yakuman.2"},
    };
    int n = 0;
    for (size_t k = 0; k < sizeof presets / sizeof presets[0]; k++)
        for (size_t l = 0; l < 2; l++)
            for (size_t q = 0; q < 2; q++)
                for (int hb = 0; hb <= 2; hb++) {
                    tensu_error err;
                    tensu_rules r;
                    tensu_doc *d = build("card-tent", langs[l], papers[q], presets[k], NULL, hb,
                                         &err);
                    int bad = 0;
                    CHECK(d != NULL);
                    if (d == NULL) {
                        fprintf(stderr, "tent %s %s %s honba %d: %s\n", langs[l], papers[q],
                                presets[k], hb, err.message);
                        continue;
                    }
                    tensu_rules_preset(presets[k], &r, NULL);
                    for (size_t m = 0; m < sizeof lim / sizeof lim[0]; m++)
                        for (int dl = 0; dl < 2; dl++) {
                            const char *side = dl ? "d" : "nd";
                            char tag[64], want[2][96], a[32], b2[32];
                            const tensu_item *name, *ron, *ts;
                            tensu_payment pr, pt;
                            bool shown = lim[m].y < 2 || r.multiple_yakuman;
                            tensu_pay_limit(&r, lim[m].l, lim[m].y, dl, false, hb, &pr,
                                                  NULL);
                            tensu_pay_limit(&r, lim[m].l, lim[m].y, dl, true, hb, &pt,
                                                  NULL);
                            amount_in(langs[l], pr.ron_honba, want[0], sizeof want[0]);
                            if (dl)
                                amount_in(langs[l], pt.from_non_dealer_honba, want[1],
                                          sizeof want[1]);
                            else
                                snprintf(want[1], sizeof want[1], "%s / %s",
                                         amount_in(langs[l], pt.from_non_dealer_honba, a,
                                                   sizeof a),
                                         amount_in(langs[l], pt.from_dealer_honba, b2,
                                                   sizeof b2));
                            snprintf(tag, sizeof tag, "limit.%s.%s.ron", lim[m].tag, side);
                            ron = tensu_doc_find_tag(d, tag);
                            CHECK_EQ(count_tag(&d->pages[0], tag), shown ? 1 : 0);
                            snprintf(tag, sizeof tag, "limit.%s.%s.tsumo", lim[m].tag, side);
                            ts = tensu_doc_find_tag(d, tag);
                            snprintf(tag, sizeof tag, "limit.%s", lim[m].tag);
                            name = tensu_doc_find_tag(d, tag);
                            if (!shown)
                                continue;
                            CHECK(ron && ts && name);
                            if (!ron || !ts || !name)
                                continue;
                            if (strcmp(ron->text, want[0]) != 0 ||
                                strcmp(ts->text, want[1]) != 0) {
                                if (bad++ < 3)
                                    fprintf(stderr, "tent %s %s %s honba %d %s %s: \"%s\" "
                                            "\"%s\", want \"%s\" \"%s\"\n", langs[l],
                                            papers[q], presets[k], hb, lim[m].tag, side,
                                            ron->text, ts->text, want[0], want[1]);
                            }
                            /* on its side's face: the non-dealer's turned, above the fold */
                            CHECK(dl ? ron->rot == 0 && ron->y > d->pages[0].height / 2
                                     : ron->rot == 180 && ron->y < d->pages[0].height / 2);
                            CHECK(ron->h >= 12 - 1e-6 && ts->h >= 12 - 1e-6);
                            n += 2;
                        }
                    /* on both faces, each limit's name clear of its ron, its han
                     * clear of its tsumo (each drawn just before the other) */
                    for (size_t i = 0; i < d->pages[0].n; i++) {
                        const tensu_item *it = &d->pages[0].items[i], *nx;
                        double a0, a1, b0, b1;
                        size_t tl = it->tag ? strlen(it->tag) : 0;
                        bool han = tl > 4 && strcmp(it->tag + tl - 4, ".han") == 0;
                        if (!it->tag || strncmp(it->tag, "limit.", 6) != 0 ||
                            strstr(it->tag, ".ron") || strstr(it->tag, ".tsumo"))
                            continue;
                        nx = i + 1 < d->pages[0].n ? &d->pages[0].items[i + 1] : NULL;
                        CHECK(nx && nx->tag && strstr(nx->tag, han ? ".tsumo" : ".ron"));
                        if (!nx)
                            continue;
                        ink_x(it, &a0, &a1);
                        ink_x(nx, &b0, &b1);
                        CHECK(a1 < b0 - 2 || b1 < a0 - 2);
                        CHECK(it->h >= 12 - 1e-6);
                    }
                    CHECK_EQ(bad, 0);
                    tensu_doc_free(d);
                }
    /* no limits under aotenjou */
    {
        tensu_error err;
        tensu_doc *d = build("card-tent", "en", NULL, "tenhou", "aotenjou=yes", 0, &err);
        CHECK(d != NULL);
        if (d) {
            CHECK(tensu_doc_find_tag(d, "limit.mangan.0.nd.ron") == NULL);
            CHECK(tensu_doc_find_tag(d, "limit.yakuman.1.d.ron") == NULL);
            tensu_doc_free(d);
        }
    }
    return n;
}


/* The tent's amounts keep white on each side in their cells (issue C4:
 * the dealer's bold 12,000 and 10,600 touched both rules of their cell):
 * at least 4 pt each side (2.5 pt for the 14 columns of aotenjou on
 * Letter), the cell's width read as the distance between two neighbouring
 * columns' centres. */
static void check_tent_padding(void)
{
    static const char *const sets[][2] = {
        {"tenhou", NULL}, {"tenhou", "aotenjou=yes"}, {"tenhou", "kiriage=yes"},
        {"mleague", NULL}, {"tenhou-sanma", NULL},
    };
    static const char *const papers[] = {"a4", "letter"};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (size_t q = 0; q < 2; q++)
            for (int l = 0; l < 2; l++) {
                tensu_error err;
                tensu_doc *d = build("card-tent", l ? "en" : "fr", papers[q], sets[k][0],
                                     sets[k][1], 0, &err);
                CHECK(d != NULL);
                if (d == NULL)
                    continue;
                for (int dl = 0; dl < 2; dl++) {
                    char t1[32], t2[32];
                    const tensu_item *a, *b;
                    double pitch, widest = 0;
                    snprintf(t1, sizeof t1, "%s.ron.1.30", dl ? "d" : "nd");
                    snprintf(t2, sizeof t2, "%s.ron.1.40", dl ? "d" : "nd");
                    a = tensu_doc_find_tag(d, t1);
                    b = tensu_doc_find_tag(d, t2);
                    CHECK(a != NULL && b != NULL);
                    if (a == NULL || b == NULL)
                        continue;
                    pitch = fabs((b->x + (b->rot ? -b->w : b->w) / 2) -
                                 (a->x + (a->rot ? -a->w : a->w) / 2));
                    for (size_t i = 0; i < d->pages[0].n; i++) {
                        const tensu_item *it = &d->pages[0].items[i];
                        if (it->tag && strncmp(it->tag, dl ? "d.ron." : "nd.ron.", dl ? 6 : 7) ==
                                           0 && it->w > widest)
                            widest = it->w;
                    }
                    /* 4 pt; 2.5 where 14 fu columns (no limits) share a Letter */
                    double white = q == 1 && sets[k][1] && strcmp(sets[k][1], "aotenjou=yes") == 0
                                       ? 2.5
                                       : 4;
                    if (widest > pitch - 2 * white + 1e-6)
                        fprintf(stderr, "tent %s %s %s %s: an amount %.1f pt wide in a %.1f pt "
                                "cell\n", l ? "en" : "fr", papers[q], sets[k][0],
                                sets[k][1] ? sets[k][1] : "", widest, pitch);
                    CHECK(widest <= pitch - 2 * white + 1e-6);
                }
                tensu_doc_free(d);
            }
}

/* The large-print card (issue C2): a title on each table's page, the rows
 * down to the page's foot, the limits and the rules on one page when they
 * fit (tenhou on A4 and Letter), on two when a rule set says more. */
static void check_large(void)
{
    static const char *const papers[] = {"a4", "letter"};
    for (size_t q = 0; q < 2; q++)
        for (int l = 0; l < 2; l++) {
            tensu_error err;
            tensu_doc *d = build("card-large", l ? "en" : "fr", papers[q], "tenhou", NULL, 0,
                                 &err);
            /* the French title on two lines, broken after its dash (issue C6:
             * "(parties ⏎ classées)"), the English one on one */
            const char *title = l ? "Point table – Tenhou" : "Table des points –";
            const char *second = l ? NULL : "Tenhou, quatre joueurs (parties classées)";
            CHECK(d != NULL);
            if (d == NULL)
                continue;
            CHECK_EQ(d->npages, 3);
            for (size_t p = 0; p < d->npages && p < 2; p++) {
                const tensu_item *last = tensu_doc_find_tag(d, p ? "d.ron.1.110" : "nd.ron.1.110");
                int titled = 0, rest = 0;
                for (size_t i = 0; i < d->pages[p].n; i++) {
                    const tensu_item *it = &d->pages[p].items[i];
                    if (it->kind != TENSU_ITEM_TEXT || it->h < 18 - 1e-6)
                        continue;
                    titled += strncmp(it->text, title, strlen(title)) == 0;
                    rest += second && strcmp(it->text, second) == 0;
                }
                CHECK_EQ(titled, 1);
                CHECK_EQ(rest, second ? 1 : 0);
                /* the last row (110 fu) in the lowest fifth of the page (it was at 2/3) */
                CHECK(last != NULL && last->y > 0.8 * d->pages[p].height);
                if (last && last->y <= 0.8 * d->pages[p].height)
                    fprintf(stderr, "(large %s %s page %zu: 110 fu at %.0f%%)\n", l ? "en" : "fr",
                            papers[q], p + 1, 100 * last->y / d->pages[p].height);
            }
            if (d->npages == 3) {
                const tensu_page *pg = &d->pages[2];
                int box = 0;
                for (size_t i = 0; i < pg->n; i++)
                    box += pg->items[i].kind == TENSU_ITEM_TEXT &&
                           (strcmp(pg->items[i].text, "Scoring rules") == 0 ||
                            strcmp(pg->items[i].text, "Règles de calcul") == 0);
                CHECK_EQ(box, 1);
                CHECK(count_tag(pg, "limit.mangan.0.nd.ron") == 1 &&
                      count_tag(pg, "limit.mangan.0.d.ron") == 1);
                CHECK(content_bottom(pg) > 0.7 * pg->height);
            }
            tensu_doc_free(d);
        }
    /* more rules than a page holds at 16 pt, the boxes stacked (M.League in
     * French on Letter): the boxes side by side under the limits, on one
     * page; more than that too (M.League without limits on Letter): the ron
     * beyond 4 han, then the rules, each on a page of its own, the rules'
     * page saying the rule of no limits */
    {
        tensu_error err;
        tensu_doc *d = build("card-large", "fr", "letter", "mleague", NULL, 0, &err);
        CHECK(d != NULL);
        if (d) {
            const tensu_item *box = NULL, *set = NULL;
            CHECK_EQ(d->npages, 3);
            for (size_t i = 0; d->npages == 3 && i < d->pages[2].n; i++) {
                const tensu_item *it = &d->pages[2].items[i];
                if (it->kind == TENSU_ITEM_TEXT && strcmp(it->text, "Règles de calcul") == 0)
                    box = it;
                if (it->kind == TENSU_ITEM_TEXT &&
                    strcmp(it->text, "Réglages de la partie") == 0)
                    set = it;
            }
            /* side by side: the two titles on one line */
            CHECK(box && set && fabs(box->y - set->y) < 0.5 && set->x > box->x + 100);
            CHECK_EQ(count_tag(&d->pages[2], "limit.mangan.0.nd.ron"), 1);
            tensu_doc_free(d);
        }
        d = build("card-large", "fr", "letter", "mleague", "aotenjou=yes", 0, &err);
        CHECK(d != NULL);
        if (d) {
            CHECK_EQ(d->npages, 4);
            if (d->npages == 4) {
                tensu_doc last = {0};
                char *t;
                last.pages = &d->pages[3];
                last.npages = 1;
                t = doc_text(&last);
                CHECK_EQ(count_tag(&d->pages[2], "han.nd.5.30"), 1);
                CHECK_EQ(count_tag(&d->pages[3], "han.nd.5.30"), 0);
                CHECK(t && strstr(t, "Aotenjou\u00a0: aucune limite") != NULL);
                CHECK(t && strstr(t, "Yakuman cumulés\u00a0: oui") != NULL);
                free(t);
            }
            tensu_doc_free(d);
        }
    }
    /* no limits (issue N7): the French card on three pages as the English
     * one, the ron beyond 4 han and both boxes on the third (it left 45 %
     * then 55 % of two pages blank); its scoring rules say what the study
     * sheet says of stacked and double yakuman (two yakuman, 26 han 30 fu:
     * 32,212,254,800), the formula's yakuman once on the page */
    for (size_t q = 0; q < 2; q++)
        for (int l = 0; l < 2; l++) {
            tensu_error err;
            tensu_doc *d = build("card-large", l ? "en" : "fr", papers[q], "tenhou",
                                 "aotenjou=yes", 0, &err);
            tensu_doc one = {0};
            char *t;
            CHECK(d != NULL);
            if (d == NULL)
                continue;
            /* but French on Letter, the shortest page, since every sheet states
             * the pao rule: the ron beyond 4 han and the rules on a page each */
            if (!l && q == 1) {
                CHECK_EQ(d->npages, 4);
                CHECK(d->npages == 4 && count_tag(&d->pages[2], "han.nd.5.30") == 1);
                tensu_doc_free(d);
                continue;
            }
            CHECK_EQ(d->npages, 3);
            if (d->npages != 3) {
                fprintf(stderr, "large aotenjou %s %s: %zu pages\n", l ? "en" : "fr", papers[q],
                        d->npages);
                tensu_doc_free(d);
                continue;
            }
            one.pages = &d->pages[2];
            one.npages = 1;
            t = doc_text(&one);
            CHECK(count_tag(&d->pages[2], "han.nd.5.30") == 1 &&
                  count_tag(&d->pages[2], "han.d.13.40") == 1);
            CHECK_EQ(count_in(t, l ? "Scoring rules" : "Règles de calcul"), 1);
            CHECK_EQ(count_in(t, l ? "Game settings" : "Réglages de la partie"), 1);
            CHECK_EQ(count_in(t, l ? "32,212,254,800" : "32\u202f212\u202f254\u202f800"), 1);
            CHECK_EQ(count_in(t, l ? "Stacked yakuman: yes" : "Yakuman cumulés\u00a0: oui"), 1);
            CHECK_EQ(count_in(t, l ? "Double yakuman" : "Doubles yakuman"), 1);
            /* the yakuman's value: the formula's line, not the box's again */
            CHECK_EQ(count_in(t, l ? "3,932,200 on a" : "3\u202f932\u202f200 en ron"), 1);
            free(t);
            tensu_doc_free(d);
        }
}

/* The poster's limits (issue C3: "Sanbaiman 24,000 / ⏎ 36,000", no tsumo,
 * no two yakuman, the foot of the page blank): a table, each limit a
 * column with its ron and tsumo for both sides, up to two yakuman; the
 * page used down to its footer. */
static void check_poster_limits(void)
{
    static const char *const langs[] = {"fr", "en"};
    static const char *const papers[] = {"a3", "a2"};
    static const char *const limits[] = {"mangan.0", "haneman.0", "baiman.0", "sanbaiman.0",
                                         "yakuman.1", "yakuman.2"};
    for (size_t q = 0; q < 2; q++)
        for (size_t l = 0; l < 2; l++) {
            tensu_error err;
            tensu_doc *d = build("card-poster", langs[l], papers[q], "tenhou", NULL, 0, &err);
            CHECK(d != NULL);
            if (d == NULL)
                continue;
            for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
                char tag[64];
                const tensu_item *c[4];
                static const char *const parts[] = {"nd.ron", "nd.tsumo", "d.ron", "d.tsumo"};
                for (int j = 0; j < 4; j++) {
                    snprintf(tag, sizeof tag, "limit.%s.%s", limits[k], parts[j]);
                    c[j] = tensu_doc_find_tag(d, tag);
                    CHECK(c[j] != NULL);
                }
                if (!c[0] || !c[1] || !c[2] || !c[3])
                    continue;
                /* one column: the four amounts centred on one another, top to bottom */
                for (int j = 1; j < 4; j++) {
                    CHECK(fabs((c[j]->x + c[j]->w / 2) - (c[0]->x + c[0]->w / 2)) < 0.5);
                    CHECK(c[j]->y > c[j - 1]->y);
                }
            }
            CHECK_STR(tag_text(d, "limit.yakuman.2.nd.ron"), l ? "64,000" : "64\u202f000");
            CHECK_STR(tag_text(d, "limit.mangan.0.nd.tsumo"),
                      l ? "2,000 / 4,000" : "2\u202f000 / 4\u202f000");
            if (content_bottom(&d->pages[0]) < 0.9 * d->pages[0].height)
                fprintf(stderr, "poster %s %s: content ends at %.0f%%\n", langs[l], papers[q],
                        100 * content_bottom(&d->pages[0]) / d->pages[0].height);
            CHECK(content_bottom(&d->pages[0]) >= 0.9 * d->pages[0].height);
            tensu_doc_free(d);
        }
}

int main(void)
{
    tensu_error err;
    tensu_doc *d;

    /* the physical forms: paper, least size, margins, under six rule sets */
    check_layout("card-tent", NULL, 841.89, 595.276, 1, 12, "tent");
    check_layout("card-tent", "letter", 792, 612, 1, 12, "tent letter");
    CHECK(check_tent_amounts() > 32 * 60);
    check_layout("card-pocket", NULL, 297.638, 419.528, 2, 7, "pocket");
    check_layout("card-pocket", "a4", 595.276, 841.89, 2, 7, "pocket four-up");
    check_layout("card-poster", NULL, 1190.551, 841.89, 1, 10, "poster a3");
    check_layout("card-poster", "a2", 1683.78, 1190.551, 1, 14, "poster a2");
    check_layout("card-large", NULL, 595.276, 841.89, 0, 16, "large");

    check_tent_padding();
    CHECK(check_tent_limits() > 7 * 2 * 2 * 3 * 2 * 10);
    check_honba_consistent();
    check_aotenjou_beyond();
    check_large();
    check_poster_limits();

    /* the tent: the first face upside down on the upper half, the second
     * upright on the lower half */
    d = build("card-tent", "fr", NULL, "tenhou", NULL, 0, &err);
    CHECK(d != NULL);
    if (d) {
        const tensu_item *nd = tensu_doc_find_tag(d, "nd.ron.3.30");
        const tensu_item *dl = tensu_doc_find_tag(d, "d.ron.3.30");
        CHECK(nd && fabs(nd->rot - 180) < 1e-9 && nd->y < d->pages[0].height / 2);
        CHECK(dl && dl->rot == 0 && dl->y > d->pages[0].height / 2);
        CHECK_STR(tag_text(d, "nd.ron.3.30"), "3\u202f900");
        CHECK_STR(tag_text(d, "d.ron.3.30"), "5\u202f800");
        CHECK_STR(tag_text(d, "d.tsumo.3.30"), "2\u202f000");
        CHECK(measure(&d->pages[0]).upside_down > 50 && measure(&d->pages[0]).upright > 50);
        tensu_doc_free(d);
    }
    /* poster: amounts of at least 24 pt on A3, bigger on A2 */
    d = build("card-poster", "en", NULL, "tenhou", NULL, 0, &err);
    CHECK(d != NULL);
    if (d) {
        CHECK(measure(&d->pages[0]).least_amount >= 24 - 1e-6);
        tensu_doc_free(d);
    }
    d = build("card-poster", "en", "a2", "tenhou", NULL, 0, &err);
    CHECK(d != NULL);
    if (d) {
        CHECK(measure(&d->pages[0]).least_amount >= 24 * 1.41);
        tensu_doc_free(d);
    }
    /* large print: no grey text anywhere */
    d = build("card-large", "fr", NULL, "tenhou", NULL, 0, &err);
    CHECK(d != NULL);
    if (d) {
        for (size_t p = 0; p < d->npages; p++)
            CHECK_EQ(measure(&d->pages[p]).grey_text, 0);
        tensu_doc_free(d);
    }
    /* pocket four-up: four copies of each face on each A4 side */
    d = build("card-pocket", "fr", "a4", "tenhou", NULL, 0, &err);
    CHECK(d != NULL);
    if (d) {
        CHECK_EQ(d->npages, 2);
        CHECK_EQ(count_tag(&d->pages[0], "nd.ron.4.30"), 4);
        CHECK_EQ(count_tag(&d->pages[1], "d.ron.4.30"), 4);
        CHECK_EQ(count_tag(&d->pages[0], "d.ron.4.30"), 0);
        tensu_doc_free(d);
    }
    /* the pocket card says what a shaded cell is, on each face (issue C6:
     * its cells shaded with no word of it); not without limits, where no
     * cell is shaded */
    for (int l = 0; l < 2; l++)
        for (int ao = 0; ao < 2; ao++) {
            const char *shade = l ? "Shaded cell: paid as a limit."
                                  : "Case tramée\u00a0: payée comme une limite.";
            d = build("card-pocket", l ? "en" : "fr", NULL, "tenhou", ao ? "aotenjou=yes" : NULL,
                      0, &err);
            CHECK(d != NULL);
            if (d == NULL)
                continue;
            CHECK_EQ(d->npages, 2);
            for (size_t p = 0; p < d->npages; p++) {
                int n = 0;
                for (size_t i = 0; i < d->pages[p].n; i++)
                    n += d->pages[p].items[i].kind == TENSU_ITEM_TEXT &&
                         strcmp(d->pages[p].items[i].text, shade) == 0;
                CHECK_EQ(n, ao ? 0 : 1);
            }
            tensu_doc_free(d);
        }
    /* a paper a layout cannot fill well is refused, naming what it fills */
    d = build("card-pocket", "fr", "a3", "tenhou", NULL, 0, &err);
    CHECK(d == NULL);
    CHECK(strstr(err.message, "fills a6, or a4 (n-up); not a3") != NULL);
    fprintf(stderr, "(expected) %s\n", err.message);
    d = build("card-poster", "fr", "a4", "tenhou", NULL, 0, &err);
    CHECK(d == NULL);
    CHECK(strstr(err.message, "fills a3, a2; not a4") != NULL);
    d = build("card", "fr", "a6", "tenhou", NULL, 0, &err);
    CHECK(d == NULL);
    CHECK(strstr(err.message, "not a6") != NULL);

    /* honba included: every amount from the engine with 2 counters (300 each) */
    d = build("card", "fr", NULL, "tenhou", NULL, 2, &err);
    CHECK(d != NULL);
    if (d) {
        CHECK_STR(tag_text(d, "nd.ron.1.30"), "1\u202f600");          /* 1 000 + 600 */
        CHECK_STR(tag_text(d, "nd.tsumo.1.30"), "500 / 700");          /* 300/500 + 200 */
        CHECK_STR(tag_text(d, "d.tsumo.2.30"), "1\u202f200 chacun");   /* 1 000 + 200 */
        CHECK_STR(tag_text(d, "limit.mangan.0.nd.ron"), "8\u202f600");
        CHECK(strstr(d->title, "2\u00a0honba compris") != NULL);
        tensu_doc_free(d);
    }
    d = build("card", "en", NULL, "tenhou-sanma", NULL, 1, &err);
    CHECK(d != NULL);
    if (d) {
        CHECK_STR(tag_text(d, "nd.ron.1.30"), "1,200");      /* 1 000 + 200 (three players) */
        CHECK_STR(tag_text(d, "nd.tsumo.1.30"), "400 / 600"); /* 300/500 + 100 each */
        tensu_doc_free(d);
    }
    return harness_report("test_layouts");
}
