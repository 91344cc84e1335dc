/* Helpers of the tests that read charts from words laid out by hand, as
 * an OCR or a document gives them (test_verify.c, test_read_words.c). */
#ifndef TENSU_TEST_WORDS_HELPERS_H
#define TENSU_TEST_WORDS_HELPERS_H

#include "../src/tensu.h"
#include "harness.h"

/* A word of text in its box, as sure as conf (0 to 100). */
static void add_word_at(tensu_words *w, const char *text, double x1, double y1, double x2,
                        double y2, float conf)
{
    tensu_word word;
    tensu_error err;
    memset(&word, 0, sizeof word);
    word.text = text;
    word.x1 = x1, word.x2 = x2, word.y1 = y1, word.y2 = y2;
    word.conf = conf;
    CHECK_EQ(tensu_words_add(w, &word, &err), TENSU_OK);
}

static void add_word(tensu_words *w, const char *text, double x1, double y, double x2)
{
    add_word_at(w, text, x1, y, x2, y + 20, 95);
}

/* The chart read from a page's words, w freed: NULL, a check failed, when
 * it cannot be read. */
static tensu_chart *chart_of_words(tensu_words *w, const char *name, tensu_chart_format fmt,
                                   const tensu_read_options *opt)
{
    tensu_chart *c = NULL;
    tensu_error err;
    CHECK_EQ(tensu_chart_from_words(w, name, fmt, opt, &c, &err), TENSU_OK);
    tensu_words_free(w);
    return c;
}

/* The chart read from a text grid (as chart_of_words, opt for its
 * rereads): NULL, a check failed, when it cannot be read. */
static inline tensu_chart *chart_of_text(const char *txt, const char *name,
                                         const tensu_read_options *opt)
{
    tensu_words *w = NULL;
    tensu_error err;
    CHECK_EQ(tensu_words_from_text(txt, strlen(txt), TENSU_CHART_GRID, &w, &err), TENSU_OK);
    return w == NULL ? NULL : chart_of_words(w, name, TENSU_CHART_GRID, opt);
}

/* ---- Verdicts of charts so read (test_verify.c, test_confirm.c) */

/* Verify with inference from the tenhou preset (or the chart's own rules). */
static inline tensu_verdict *verify(const tensu_chart *c)
{
    tensu_rules r;
    tensu_verdict *v = NULL;
    tensu_rules_preset("tenhou", &r, NULL);
    if (tensu_chart_rules(c) != NULL)
        r = *tensu_chart_rules(c);
    CHECK_EQ(tensu_verify(c, &r, TENSU_INFER_ALL, 0, &v, NULL), TENSU_OK);
    return v;
}

static inline int count_kind(const tensu_verdict *v, tensu_finding_kind k)
{
    int n = 0;
    for (size_t i = 0; i < v->nfindings; i++)
        n += v->findings[i].kind == k;
    return n;
}

static inline const tensu_finding *find_error(const tensu_verdict *v, const tensu_chart *c,
                                              int han, int fu, tensu_chart_pay pay)
{
    for (size_t i = 0; i < v->nfindings; i++) {
        const tensu_finding *f = &v->findings[i];
        const tensu_chart_cell *x;
        if (!f->error || f->cell < 0)
            continue;
        x = tensu_chart_cell_at(c, (size_t)f->cell);
        if (x->han == han && x->fu == fu && x->pay == pay)
            return f;
    }
    return NULL;
}

/* A non-dealer's ron table of a photo, its head row at y: 1 and 2 han at
 * 30 and 40 fu, the cell of 40 fu 2 han as given (2600 on the chart), its
 * word ending at x2. */
static inline void small_table(tensu_words *w, double y, const char *cell_40_2, double x2)
{
    add_word(w, "Non-dealer", 0, y - 40, 100);
    add_word(w, "ron", 110, y - 40, 140);
    add_word(w, "fu", 10, y, 30);
    add_word(w, "1", 100, y, 110), add_word(w, "han", 114, y, 144);
    add_word(w, "2", 200, y, 210), add_word(w, "han", 214, y, 244);
    add_word(w, "30", 10, y + 40, 30);
    add_word(w, "1000", 100, y + 40, 150), add_word(w, "2000", 200, y + 40, 250);
    add_word(w, "40", 10, y + 80, 30);
    add_word(w, "1300", 100, y + 80, 150), add_word(w, cell_40_2, 200, y + 80, x2);
}

/* The reread a picture's verdict asks for, here a fixed reading (sure,
 * unless it starts with "?"). */
static inline bool reread_as(void *ctx, int page, double x1, double y1, double x2, double y2,
                             char *text, size_t size, float *conf)
{
    const char *said = ctx;
    (void)page, (void)x1, (void)y1, (void)x2, (void)y2;
    *conf = said[0] == '?' ? 60 : 95;
    snprintf(text, size, "%s", said + (said[0] == '?'));
    return true;
}

#endif
