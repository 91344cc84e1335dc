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

#endif
