/* tensu verify --annotate: write the annotated chart (verify_annotate.c). */
#ifndef TENSU_VERIFY_ANNOTATE_H
#define TENSU_VERIFY_ANNOTATE_H

#include "../tensu.h"

/* The kind of file a name asks for, from its extension (any case):
 * 1 PDF (.pdf), 2 SVG (.svg), 0 neither. */
int cli_annotate_kind(const char *path);

/* Lay out the chart with its verdict and write it to path (PDF or SVG by
 * the extension) through a temporary file in the same folder, renamed at
 * the end: no partial file is left on failure.  An SVG is one page: a
 * chart of several pages gives NAME-1.svg, NAME-2.svg ... instead.  lang: a catalog name
 * ("en", "fr"); paper: "a4" or "letter".  Returns CLI_OK, or CLI_USAGE
 * with a one-line message printed. */
int cli_annotate_write(const char *path, const char *lang, const char *paper,
                       const char *file, const tensu_chart *chart, const tensu_verdict *v);

#endif
