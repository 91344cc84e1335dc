/* The reader on the words an OCR gives of a photo, as it gives them: the
 * list mended before it joins the page (ocr_words.c: boxes that take in a
 * neighbour's, strokes of the rules), cells whose words lost letters or
 * were set apart (cell_text.c), a lone ron centred in its row, heads
 * glued to their corner or garbled over a column of amounts, a limits
 * table whose first name is lost. */
#include "../src/read/ocr_text.h"
#include "../src/read/ocr_words.h"
#include "../src/read/table.h"
#include "harness.h"
#include "words_helpers.h"

#include <stdlib.h>

/* The value the chart read for a cell, -1 when it has none. */
static long long value_of(const tensu_chart *c, int han, int fu, tensu_limit limit,
                          tensu_chart_pay pay)
{
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        if (x->han == han && x->fu == fu && x->limit == limit && x->pay == pay)
            return x->empty ? 0 : (long long)x->value;
    }
    return -1;
}

static int errors_of(const tensu_chart *c)
{
    int n = 0;
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        n += tensu_chart_note_at(c, i)->error;
    return n;
}

/* Does the chart carry an inferred note that says what (a phrase of its
 * why)? */
static bool has_inferred(const tensu_chart *c, const char *what)
{
    for (size_t i = 0; i < tensu_chart_note_count(c); i++) {
        const tensu_chart_note *n = tensu_chart_note_at(c, i);
        if (n->inferred && strstr(n->why, what) != NULL)
            return true;
    }
    return false;
}

static ocr_word ocr(const char *text, double x1, double y1, double x2, double y2)
{
    ocr_word o;
    memset(&o, 0, sizeof o);
    snprintf(o.text, sizeof o.text, "%s", text);
    o.x1 = x1, o.y1 = y1, o.x2 = x2, o.y2 = y2;
    o.conf = 90;
    return o;
}

/* An OCR's "all" read "ait" or "aii" is "all"; a speck read as a quote
 * before a head ("“30fu") is dropped.  Its "32,000" given the width of
 * the "8,000/16,000" after it ends where that starts; one that takes in
 * nothing stays; a "+" as tall as four lines (two rules crossing) is
 * dropped, a tall "8" is not. */
static void test_ocr_words(void)
{
    ocr_word w[5] = {ocr("32,000", 600, 3219, 997.7, 3261), ocr("8,000/16,000", 766.4, 3220,
                                                                  997.8, 3250),
                     ocr("48,000", 1038, 3219, 1160, 3252), ocr("+", 1756, 784, 1821, 859),
                     ocr("8", 100, 700, 130, 790)};
    unshare_boxes(w, 5);
    CHECK(w[0].x2 < 766.4 && w[0].x2 > 760);
    CHECK(w[0].x1 == 600);
    CHECK(w[1].x1 == 766.4 && w[1].x2 == 997.8);
    CHECK(w[2].x1 == 1038 && w[2].x2 == 1160);
    char buf[16];
    ocr_tidy("ait", buf, sizeof buf); /* a photo's "all", its ll two strokes */
    CHECK_STR(buf, "all");
    ocr_tidy("aii)", buf, sizeof buf);
    CHECK_STR(buf, "all)");
    ocr_tidy("ant", buf, sizeof buf);
    CHECK_STR(buf, "ant");
    ocr_tidy("\xE2\x80\x9C" "30fu", buf, sizeof buf); /* a speck read as a quote */
    CHECK_STR(buf, "30fu");
    ocr_tidy("\xE2\x80\x9C" "300", buf, sizeof buf); /* (an amount quoted stays so) */
    CHECK_STR(buf, "\xE2\x80\x9C" "300");
    drop_lone_strokes(w, 5, 16);
    CHECK(w[3].dropped);
    CHECK(!w[4].dropped);
    CHECK(!w[0].dropped && !w[1].dropped);
    {
        /* a flat dash between two rows (a rule's stroke), a ":" speck
         * reaching down to it, the rows' words ending just above and
         * starting just below: dropped; a flat dash level with the middle
         * of a row's words (a cell's mark): kept */
        ocr_word r[6] = {ocr("-", 700, 883, 725, 885),     ocr(":", 911, 848, 918, 885),
                         ocr("(700", 766, 858, 812, 874),  ocr("2 400", 792, 893, 850, 910),
                         ocr("-", 700, 900, 725, 902),     ocr("chacun)", 820, 857, 904, 876)};
        drop_lone_strokes(r, 6, 13);
        CHECK(r[0].dropped);
        CHECK(!r[4].dropped);
        CHECK(!r[2].dropped && !r[3].dropped && !r[5].dropped);
    }
}

/* A cell's text as a photo's OCR gives it, mended: "chacun" or "all"
 * that lost letters after an amount, a French thousands' group set
 * apart, a tab between a share and its all-word; a word that is no
 * all-word left as it is ("han", "each", a han count). */
static void mends(const char *in, const char *out, bool changed)
{
    char text[128];
    int map[128];
    snprintf(text, sizeof text, "%s", in);
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        map[i] = (int)i;
    CHECK_EQ(cell_mend_words(text, map, sizeof text), changed);
    CHECK_STR(text, out);
}

static void test_cell_words(void)
{
    char text[64] = "1 600 chacun)";
    int map[64] = {0};
    tensu_cell_text x;
    mends("4 800\n(1\t600 hacun)", "4 800\n(1 600 chacun)", true);
    mends("2 000\n(700 cha", "2 000\n(700 chacun", true);
    mends("1,500\n500 alt", "1,500\n500 all", true);
    mends("9 600\n3 200 nacun)", "9 600\n3 200 chacun)", true);
    mends("4 800\n1 600\tchacun)", "4 800\n1 600 chacun)", true);
    mends("& 000 (2 000/4 000)", "8 000 (2 000/4 000)", true); /* an 8 read "&" */
    mends("(& 000 chacun)", "(8 000 chacun)", true);
    mends("& 00", "& 00", false); /* no thousands group after it */
    mends("6000 each", "6000 each", false);
    mends("8 han", "8 han", false);
    mends("2000 han", "2000 chacun", true); /* (an amount, then its all-word) */
    mends("1000 nha", "1000 nha", false);
    mends("12\t000", "12 000", true);
    mends("1\t300\t500", "1 300\t500", true);
    /* a dash after the amounts that end a line, a rule's end: dropped */
    {
        char t2[32] = "8 000\n-", t3[32] = "500/500 -", t4[32] = "2 000/4 000)";
        int m[32] = {0};
        CHECK(cell_mend(t2, m, sizeof t2));
        CHECK_STR(t2, "8 000");
        CHECK(cell_mend(t3, m, sizeof t3));
        CHECK_STR(t3, "500/500");
        CHECK(cell_mend(t4, m, sizeof t4)); /* thousands set apart by spaces */
        CHECK_STR(t4, "(2 000/4 000)");
    }
    /* the bracket a share lost, put back when it reads as none */
    CHECK(cell_mend(text, map, sizeof text));
    CHECK_STR(text, "(1 600 chacun)");
    CHECK_EQ(tensu_cell_parse(text, strlen(text), &x), 0);
    CHECK(x.all && x.shares == 1 && x.share[0].value == 1600);
}

/* A non-dealer's table of ron over tsumo whose 110 fu row has a lone
 * ron ("3,600"), centred in the row and so a little lower than the rons
 * beside it: the ron, not the tsumo line.  Its heads: the corner "Fu"
 * glued to the "1" of "1 han" ("Fuel han"). */
static void test_centred_ron(void)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Non-dealer", 0, -60, 120);
    add_word(w, "Fuel", 0, 0, 50), add_word(w, "han", 58, 0, 90);
    add_word(w, "2", 200, 0, 210), add_word(w, "han", 214, 0, 246);
    add_word(w, "30", 0, 46, 30);
    add_word(w, "1,000", 60, 36, 110), add_word(w, "2,000", 200, 36, 250);
    add_word(w, "300/500", 55, 58, 120), add_word(w, "500/1,000", 190, 58, 260);
    add_word(w, "110", 0, 126, 40);
    add_word(w, "3,600", 60, 124, 110);
    add_word(w, "7,100", 200, 116, 250);
    add_word(w, "1,800/3,600", 185, 136, 270);
    c = chart_of_words(w, "photo", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(value_of(c, 1, 110, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 3600);
    CHECK_EQ(value_of(c, 2, 110, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 7100);
    CHECK_EQ(value_of(c, 2, 110, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER),
             3600);
    CHECK_EQ(value_of(c, 1, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER),
             300);
    CHECK_EQ(value_of(c, 2, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 2000);
    tensu_chart_free(c);
}

/* A table of limits whose first row's name and han the OCR lost ("wa
 * Sa"): the row before haneman, mangan (inferred); the last head of the
 * header garbled ("MT") over a column of "4,000 all": a column still, the
 * dealer's tsumo by its cells. */
static void test_limits_first_lost(void)
{
    static const struct {
        const char *name, *han;
        const char *amount[4];
    } row[] = {{"wa", "Sa", {"8,000", "2,000/4,000", "12,000", "4,000 all"}},
               {"Haneman", "6-7", {"12,000", "3,000/6,000", "18,000", "6,000 all"}},
               {"Baiman", "8-10", {"16,000", "4,000/8,000", "24,000", "8,000 all"}},
               {"Sanbaiman", "11-12", {"24,000", "6,000/12,000", "36,000", "12,000 all"}}};
    static const double x[4] = {300, 420, 580, 700};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Han", 160, 0, 200);
    add_word(w, "Non-dealer", 290, 0, 370), add_word(w, "ron", 376, 0, 400);
    add_word(w, "Non-dealer", 410, 0, 490), add_word(w, "tsumo", 496, 0, 540);
    add_word(w, "Dealer", 570, 0, 620), add_word(w, "ron", 626, 0, 650);
    add_word(w, "MT", 700, 0, 730);
    for (int r = 0; r < 4; r++) {
        double y = 40.0 * (r + 1);
        add_word(w, row[r].name, 0, y, r == 0 ? 30 : 110);
        add_word(w, row[r].han, 160, y, 200);
        for (int k = 0; k < 4; k++)
            add_word(w, row[r].amount[k], x[k], y, x[k] + 90);
    }
    c = chart_of_words(w, "photo", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_MANGAN, TENSU_CHART_NONDEALER_RON), 8000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_MANGAN, TENSU_CHART_DEALER_TSUMO_EACH), 4000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_SANBAIMAN, TENSU_CHART_DEALER_TSUMO_EACH), 12000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_HANEMAN, TENSU_CHART_DEALER_RON), 18000);
    CHECK(has_inferred(c, "read as mangan"));
    tensu_chart_free(c);
}

/* A table of one row per han and fu whose han is a merged cell, its
 * label ("3") set a little above the first of its rows: that row's
 * amounts are its cells' first lines (its ron, not a tsumo under a blank
 * ron). */
static void test_merged_han_above(void)
{
    static const char *const heads[][2] = {{"Non-dealer", "ron"}, {"Non-dealer", "tsumo"},
                                           {"Dealer", "ron"}, {"Dealer", "tsumo"}};
    static const double x[4] = {120, 300, 480, 640};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Han", 0, 0, 36), add_word(w, "Fu", 60, 0, 84);
    for (int k = 0; k < 4; k++)
        add_word(w, heads[k][0], x[k], 0, x[k] + 80),
            add_word(w, heads[k][1], x[k] + 86, 0, x[k] + 130);
    add_word(w, "3", 10, 40, 22);
    for (int r = 0; r < 3; r++) {
        static const char *const fu[] = {"70", "80", "90"};
        double y = 52 + 40.0 * r;
        add_word(w, fu[r], 60, y, 84);
        add_word(w, "8,000", x[0], y, x[0] + 60), add_word(w, "2,000/4,000", x[1], y, x[1] + 110);
        add_word(w, "12,000", x[2], y, x[2] + 66), add_word(w, "4,000", x[3], y, x[3] + 60);
        add_word(w, "all", x[3] + 66, y, x[3] + 90);
    }
    c = chart_of_words(w, "photo", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(value_of(c, 3, 70, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 8000);
    CHECK_EQ(value_of(c, 3, 70, TENSU_LIMIT_NONE, TENSU_CHART_DEALER_RON), 12000);
    CHECK_EQ(value_of(c, 3, 90, TENSU_LIMIT_NONE, TENSU_CHART_DEALER_TSUMO_EACH), 4000);
    tensu_chart_free(c);
}

/* A table of han rows under fu heads whose first head lost its unit
 * ("20te") beside the corner's speck ("SRE"): the 20 fu column still; a
 * row label with a speck glued before it, read as a letter ("b3 han",
 * unsure): the 3 han row. */
static void test_fu_head_misread(void)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Non-dealer", 0, -60, 120);
    add_word_at(w, "SRE", 0, -6, 60, 26, 31);
    add_word_at(w, "20te", 70, 0, 110, 20, 69);
    add_word(w, "25fu", 160, 0, 200), add_word(w, "30fu", 250, 0, 290);
    add_word(w, "2", 0, 52, 10), add_word(w, "han", 14, 52, 44);
    add_word(w, "400/700", 60, 52, 130), add_word(w, "1,600", 155, 52, 205);
    add_word(w, "2,000", 245, 40, 295), add_word(w, "500/1,000", 235, 64, 305);
    add_word_at(w, "b3", 0, 112, 12, 132, 4), add_word(w, "han", 16, 112, 46);
    add_word(w, "700/1,300", 55, 112, 135), add_word(w, "3,200", 155, 100, 205);
    add_word(w, "800/1,600", 145, 124, 215), add_word(w, "3,900", 245, 100, 295);
    add_word(w, "1,000/2,000", 230, 124, 310);
    c = chart_of_words(w, "photo", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(value_of(c, 2, 20, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER), 700);
    CHECK_EQ(value_of(c, 3, 20, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER),
             700);
    CHECK_EQ(value_of(c, 2, 25, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 1600);
    CHECK_EQ(value_of(c, 3, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 3900);
    tensu_chart_free(c);
}

/* A screenshot's table of limits whose side heads the OCR garbled on
 * their grey ("non-d" "I" for "non-dealer", "d" "L" for "dealer"), under
 * "limit" and "han": a table still, each garbled head's pieces one
 * column, read again from its box ("non-dealer", "dealer"), every cell
 * read. */
static bool heads_again(void *ctx, int page, double x1, double y1, double x2, double y2,
                        char *text, size_t size, float *conf)
{
    (void)ctx, (void)page, (void)y1, (void)y2;
    *conf = 92;
    snprintf(text, size, "%s", (x1 + x2) / 2 < 490 ? "non-dealer" : "dealer");
    return (x1 + x2) / 2 > 250; /* (no head over the han column) */
}

static void test_limits_heads_garbled(void)
{
    static const char *const name[] = {"mangan", "haneman", "baiman", "sanbaiman"};
    static const char *const han[] = {"5", "6-7", "8-10", "11+"};
    static const char *const nd[] = {"8,000 (2,000/4,000)", "12,000 (3,000/6,000)",
                                     "16,000 (4,000/8,000)", "24,000 (6,000/12,000)"};
    static const char *const d[] = {"12,000 (4,000)", "18,000 (6,000)", "24,000 (8,000)",
                                    "36,000 (12,000)"};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_read_options opt = {0, heads_again, NULL};
    tensu_chart *c;
    add_word(w, "limit", 0, 0, 60), add_word(w, "han", 150, 0, 190);
    add_word_at(w, "non-d", 310, 0, 360, 20, 70), add_word_at(w, "I", 380, 0, 386, 20, 40);
    add_word_at(w, "d", 560, 0, 570, 20, 60), add_word_at(w, "L", 600, 0, 608, 20, 40);
    for (int r = 0; r < 4; r++) {
        double y = 40.0 * (r + 1);
        add_word(w, name[r], 0, y, 100), add_word(w, han[r], 150, y, 190);
        add_word(w, "han", 196, y, 226);
        add_word(w, nd[r], 280, y, 470), add_word(w, d[r], 520, y, 660);
    }
    c = chart_of_words(w, "limits", TENSU_CHART_PICTURE, &opt);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_MANGAN, TENSU_CHART_NONDEALER_RON), 8000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_BAIMAN, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER),
             8000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_SANBAIMAN, TENSU_CHART_DEALER_RON), 36000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_HANEMAN, TENSU_CHART_DEALER_TSUMO_EACH), 6000);
    tensu_chart_free(c);
}

/* A grid whose han heads split into "Ron" and "Tsumo" on a second line,
 * a photo's speck ("F", what the OCR kept of the corner's "Fu") on a
 * line of its own between the two: the payments' line still, each han
 * two columns. */
static void test_speck_between_heads(void)
{
    static const char *const cells[2][4] = {{"1,000", "300/500", "2,000", "500/1,000"},
                                            {"1,300", "400/700", "2,600", "700/1,300"}};
    static const double x[4] = {100, 200, 300, 400};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Non-dealer", 0, -60, 120);
    add_word(w, "1", 150, 0, 160), add_word(w, "han", 164, 0, 194);
    add_word(w, "2", 350, 0, 360), add_word(w, "han", 364, 0, 394);
    add_word_at(w, "F", 4, 30, 14, 46, 60);
    for (int k = 0; k < 4; k++)
        add_word(w, k % 2 ? "Tsumo" : "Ron", x[k], 56, x[k] + 50);
    for (int r = 0; r < 2; r++) {
        add_word(w, r ? "40" : "30", 0, 100 + 40.0 * r, 24);
        for (int k = 0; k < 4; k++)
            add_word(w, cells[r][k], x[k], 100 + 40.0 * r, x[k] + 70);
    }
    c = chart_of_words(w, "speck", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(tensu_chart_count(c), 12);
    CHECK_EQ(value_of(c, 2, 40, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 2600);
    CHECK_EQ(value_of(c, 2, 40, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER), 1300);
    CHECK_EQ(value_of(c, 1, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER),
             300);
    tensu_chart_free(c);
}

/* A non-dealer's table of ron over tsumo whose last label the OCR
 * garbled ("em" for "110 fu"), centred between its row's two lines and
 * not read again: that row still, after 100 fu the 110 fu row (said as
 * inferred), its cells read. */
static bool nothing_again(void *ctx, int page, double x1, double y1, double x2, double y2,
                          char *text, size_t size, float *conf)
{
    (void)ctx, (void)page, (void)x1, (void)y1, (void)x2, (void)y2, (void)size;
    text[0] = '\0';
    *conf = 0;
    return false;
}

static void test_last_label_garbled(void)
{
    static const char *const label[] = {"90", "100", "em"};
    static const char *const ron[][2] = {
        {"2,900", "5,800"}, {"3,200", "6,400"}, {"3,600", "7,100"}};
    static const char *const tsumo[][2] = {
        {"800/1,500", "1,500/2,900"}, {"800/1,600", "1,600/3,200"}, {"-", "1,800/3,600"}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_read_options opt = {0, nothing_again, NULL};
    tensu_chart *c;
    add_word(w, "Non-dealer", 0, -60, 120);
    add_word(w, "fu", 0, 0, 20);
    add_word(w, "1", 120, 0, 130), add_word(w, "han", 134, 0, 164);
    add_word(w, "2", 260, 0, 270), add_word(w, "han", 274, 0, 304);
    for (int r = 0; r < 3; r++) {
        double y = 40 + 60.0 * r;
        add_word_at(w, label[r], 0, y + 12, r == 2 ? 24 : 30, y + 32, r == 2 ? 40 : 95);
        add_word(w, ron[r][0], 110, y, 170), add_word(w, ron[r][1], 250, y, 310);
        add_word(w, tsumo[r][0], 100, y + 24, 180), add_word(w, tsumo[r][1], 240, y + 24, 330);
    }
    c = chart_of_words(w, "last", TENSU_CHART_PICTURE, &opt);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(value_of(c, 1, 110, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 3600);
    CHECK_EQ(value_of(c, 2, 110, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER), 3600);
    CHECK_EQ(value_of(c, 2, 100, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 6400);
    CHECK(has_inferred(c, "read as 110"));
    tensu_chart_free(c);
}

/* A Japanese limits table as a photo's OCR gives it: the head over the
 * han column and the non-dealer's two heads garbled ("sx", "+" "OF",
 * "ae"), the amounts in pieces ("8," "000"), names lost ("LL", "ii") or
 * set apart ("倍" with its row, "満" on a line under it), the han misread
 * ("11-125" for 11〜12翻, "13 翻 以上"), the han words a little left of
 * their head: a column for each garbled head over its amounts or han (the
 * payments inferred from the cells), each row by its han, every cell read. */
static void test_limits_japanese_garbled(void)
{
    static const struct {
        const char *name, *han;
        const char *ron[2], *ts[3], *dron[2], *dts[2];
    } row[] = {{"LL", "5", {"8,", "000"}, {"2,", "000/4,", "000"}, {"12,", "000"}, {"4,", "000"}},
               {"跳満", "6-7", {"12,", "000"}, {"3,", "000/6,", "000"}, {"18,", "000"},
                {"6,", "000"}},
               {"倍", "8~10", {"16,", "000"}, {"4,", "000/8,", "000"}, {"24,", "000"},
                {"8,", "000"}},
               {"三", "11-125", {"24,", "000"}, {"6,", "000/12,", "000"}, {"36,", "000"},
                {"12,", "000"}},
               {"ii", "13", {"32,", "000"}, {"8,", "000/16,", "000"}, {"48,", "000"},
                {"16,", "000"}}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word_at(w, "sx", 162, 0, 197, 20, 57);
    add_word_at(w, "+", 265, 0, 282, 20, 86), add_word_at(w, "OF", 296, 0, 326, 20, 86);
    add_word_at(w, "ae", 404, 0, 465, 20, 31);
    add_word(w, "親", 542, 0, 559), add_word(w, "ロン", 571, 0, 603);
    add_word(w, "親", 681, 0, 698), add_word(w, "ツモ", 709, 0, 740);
    for (int r = 0; r < 5; r++) {
        double y = 60.0 * (r + 1);
        add_word_at(w, row[r].name, 40, y, 86, y + 20, r == 1 || r == 2 ? 95 : 40);
        if (r == 2)
            add_word(w, "満", 60, y + 24, 86); /* the name's end, set lower */
        add_word(w, row[r].han, 150, y, 150 + 12.0 * (double)strlen(row[r].han));
        add_word(w, "翻", 200, y, 214);
        if (r == 4)
            add_word(w, "以上", 216, y, 240);
        add_word(w, row[r].ron[0], 270, y, 288), add_word(w, row[r].ron[1], 292, y, 318);
        add_word(w, row[r].ts[0], 380, y, 399), add_word(w, row[r].ts[1], 404, y, 452);
        add_word(w, row[r].ts[2], 458, y, 484);
        add_word(w, row[r].dron[0], 546, y, 569), add_word(w, row[r].dron[1], 574, y, 600);
        add_word(w, row[r].dts[0], 660, y, 680), add_word(w, row[r].dts[1], 684, y, 722);
        add_word(w, "all", 729, y, 760);
    }
    c = chart_of_words(w, "limits", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(tensu_chart_count(c), 5 * 5);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_MANGAN, TENSU_CHART_NONDEALER_RON), 8000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_HANEMAN, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER),
             6000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_BAIMAN, TENSU_CHART_DEALER_RON), 24000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_SANBAIMAN, TENSU_CHART_DEALER_TSUMO_EACH), 12000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_YAKUMAN, TENSU_CHART_NONDEALER_RON), 32000);
    CHECK_EQ(value_of(c, 0, 0, TENSU_LIMIT_YAKUMAN, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER),
             8000);
    CHECK(has_inferred(c, "a column's head not read"));
    tensu_chart_free(c);
}

/* A photo's line of fu heads whose rows were not read ("20 fu  25 fu ...",
 * the row labels garbled, the amounts under them): no table of its own
 * (its fu read as amounts of han 1, 2 ...). */
static void test_heads_no_rows(void)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    tensu_error err;
    static const char *const fu[] = {"20", "25", "30", "40"};
    for (int k = 0; k < 4; k++)
        add_word(w, fu[k], 100.0 * (k + 1), 0, 100.0 * (k + 1) + 24),
            add_word(w, "fu", 100.0 * (k + 1) + 28, 0, 100.0 * (k + 1) + 48);
    add_word(w, "1,000", 300, 36, 350), add_word(w, "1,300", 400, 36, 450);
    add_word(w, "300/500", 290, 60, 360), add_word(w, "400/700", 390, 60, 460);
    c = NULL;
    CHECK(tensu_chart_from_words(w, "heads", TENSU_CHART_PICTURE, NULL, &c, &err) != TENSU_OK);
    CHECK(c == NULL); /* no table read: nothing to check, not a wrong one */
    CHECK(strstr(err.message, "no chart cell found") != NULL);
    tensu_chart_free(c);
    tensu_words_free(w);
}

/* A grid of fu across and han down whose labels the OCR garbled: the
 * first ("1 han" read "phen") just under the heads, "Zhan", "3 heal": the
 * first row 1 han (inferred: before 2 han), the others by their look-alike
 * letters and unit; every cell read. */
static void test_han_labels_garbled(void)
{
    static const char *const label[] = {"phen", "Zhan", "3 heal", "4 han"};
    static const char *const ron[4][4] = {{"-", "-", "1,000", "1,300"},
                                          {"-", "1,600", "2,000", "2,600"},
                                          {"-", "3,200", "3,900", "5,200"},
                                          {"-", "6,400", "7,700", "8,000"}};
    static const char *const fu[] = {"20", "25", "30", "40"};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Non-dealer", 0, -40, 100), add_word(w, "ron", 110, -40, 140);
    for (int k = 0; k < 4; k++)
        add_word(w, fu[k], 100.0 * (k + 1), 0, 100.0 * (k + 1) + 24),
            add_word(w, "fu", 100.0 * (k + 1) + 28, 0, 100.0 * (k + 1) + 48);
    for (int r = 0; r < 4; r++) {
        double y = 40.0 * (r + 1);
        add_word_at(w, label[r], 0, y, 60, y + 20, r == 3 ? 95 : 60);
        for (int k = 0; k < 4; k++)
            add_word(w, ron[r][k], 100.0 * (k + 1), y, 100.0 * (k + 1) + 50);
    }
    c = chart_of_words(w, "labels", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(value_of(c, 1, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 1000);
    CHECK_EQ(value_of(c, 2, 25, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 1600);
    CHECK_EQ(value_of(c, 3, 40, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 5200);
    CHECK_EQ(value_of(c, 4, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 7700);
    CHECK(has_inferred(c, "the first row, before 2"));
    tensu_chart_free(c);
}

/* Han heads a photo's OCR garbled after the first two ("18" "2 翻" "EL,"
 * "483" for 1翻 2翻 3翻 4翻): a garbled word after a run of han heads, as
 * far from the last as they stand apart, over a column of amounts, is the
 * next han; every cell read. */
static void test_han_heads_garbled(void)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Non-dealer", 0, -40, 100), add_word(w, "ron", 110, -40, 140);
    add_word(w, "18", 100, 0, 126), add_word(w, "2", 200, 0, 210), add_word(w, "翻", 212, 0, 226);
    add_word_at(w, "EL,", 300, 0, 328, 20, 40), add_word(w, "483", 400, 0, 428);
    add_word(w, "30符", 0, 40, 40);
    add_word(w, "1000", 100, 40, 140), add_word(w, "2000", 200, 40, 240);
    add_word(w, "3900", 300, 40, 340), add_word(w, "7700", 400, 40, 440);
    add_word(w, "40符", 0, 80, 40);
    add_word(w, "1300", 100, 80, 140), add_word(w, "2600", 200, 80, 240);
    add_word(w, "5200", 300, 80, 340), add_word(w, "8000", 400, 80, 440);
    c = chart_of_words(w, "heads", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(errors_of(c), 0);
    CHECK_EQ(tensu_chart_count(c), 8);
    CHECK_EQ(value_of(c, 3, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 3900);
    CHECK_EQ(value_of(c, 4, 40, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 8000);
    tensu_chart_free(c);
}

/* A grid with no heading whose tsumo lines a photo's OCR garbled into
 * one amount in two cells ("500" for "300/500"), its rons those of a
 * non-dealer in eight: the non-dealer's (the rons say it by more cells
 * than the shapes say the dealer). */
static void test_side_by_rons(void)
{
    static const char *const ron[2][4] = {{"1000", "2000", "3900", "7700"},
                                          {"1300", "2600", "5200", "8000"}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "fu", 0, 0, 20);
    for (int k = 0; k < 4; k++) {
        const char *h = k == 0 ? "1" : k == 1 ? "2" : k == 2 ? "3" : "4";
        add_word(w, h, 100.0 * (k + 1), 0, 100.0 * (k + 1) + 10);
        add_word(w, "han", 100.0 * (k + 1) + 14, 0, 100.0 * (k + 1) + 44);
    }
    for (int r = 0; r < 2; r++) {
        double y = 40 + 60.0 * r;
        add_word(w, r == 0 ? "30" : "40", 0, y, 24);
        for (int k = 0; k < 4; k++)
            add_word(w, ron[r][k], 100.0 * (k + 1), y, 100.0 * (k + 1) + 40);
    }
    add_word(w, "500", 100, 64, 130), add_word(w, "1000", 200, 64, 240);
    c = chart_of_words(w, "side", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(value_of(c, 1, 30, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 1000);
    CHECK_EQ(value_of(c, 4, 40, TENSU_LIMIT_NONE, TENSU_CHART_NONDEALER_RON), 8000);
    CHECK_EQ(value_of(c, 1, 30, TENSU_LIMIT_NONE, TENSU_CHART_DEALER_RON), -1);
    CHECK(has_inferred(c, "its ron amounts are a non-dealer's"));
    tensu_chart_free(c);
}

int main(void)
{
    test_ocr_words();
    test_cell_words();
    test_centred_ron();
    test_limits_first_lost();
    test_merged_han_above();
    test_fu_head_misread();
    test_limits_heads_garbled();
    test_speck_between_heads();
    test_last_label_garbled();
    test_limits_japanese_garbled();
    test_heads_no_rows();
    test_han_labels_garbled();
    test_han_heads_garbled();
    test_side_by_rons();
    return harness_report("test_read_words");
}
