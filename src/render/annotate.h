/*
 * annotate.h - the annotated chart of `tensu verify --annotate`: a chart
 * someone published, redrawn as a sheet (the page model of render.h) with
 * every wrong cell marked, the expected value and the likely cause beside
 * it, from the verifier's verdict.
 *
 * The layout never decides a payment: the values drawn are the chart's,
 * the verdicts and expected values the verifier's (tensu_verify).
 */
#ifndef TENSU_ANNOTATE_H
#define TENSU_ANNOTATE_H

#include "render.h"

typedef struct tensu_annotate_opts {
    const char *data_dir;   /* holds templates/ (annotate.json, <lang>.json) and fonts/ */
    const char *lang;       /* catalog name: "en", "fr" */
    const char *paper;      /* "a4" or "letter" (landscape) */
    const char *file;       /* the chart's name, printed in the header */
} tensu_annotate_opts;

/* The pages are paper pages (A4 or letter, landscape), a new one when a
 * table does not fit; a PDF holds them all, an SVG is one of them. */

/* Lay out the chart with its verdict (from tensu_verify on this chart).
 * Tags on the drawn values, for tests: "wrong.<column>.<row>" on each
 * wrong value, "warn.<column>.<row>" on each warning, "value.<column>.<row>"
 * on the others, "expected.<column>.<row>" on each expected value, where
 * <column> is tensu_chart_pay_key() and <row> is "han.fu" ("3.50"), the han
 * of a row without fu ("5"), or a limit ("mangan", "yakuman2").  NULL with
 * err filled on error (a template or catalog problem names the file). */
tensu_doc *tensu_annotate_build(const tensu_annotate_opts *o, const tensu_chart *chart,
                                const tensu_verdict *v, tensu_error *err);

#endif
