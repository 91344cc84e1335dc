/* The text a document's reader extracts for the grid reader (chart_html.c,
 * chart_pdf.c): lines of cells, each text line keeping where it came from
 * in the document (a page's line, or a PDF's page). */
#ifndef TENSU_EXTRACT_H
#define TENSU_EXTRACT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct extract {
    char *s;          /* the text, NUL-terminated */
    size_t n, cap;
    int *from;        /* from[i]: where text line i + 1 came from */
    size_t lines, from_cap;
    bool bad;         /* out of memory: everything after is dropped */
} extract;

/* Append n bytes of text. */
void extract_add(extract *x, const char *s, size_t n);
/* End the current line, which came from place. */
void extract_line(extract *x, int place);
/* Free what x holds. */
void extract_free(extract *x);

#endif
