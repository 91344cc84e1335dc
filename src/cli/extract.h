/* The text a document's reader extracts for the grid reader (chart_html.c,
 * chart_pdf.c, chart_picture.c): lines of cells, each text line keeping
 * where it came from in the document (a page's line, a PDF's page, a
 * picture's row); and positioned text (a PDF's glyphs, a picture's words)
 * rebuilt into such lines. */
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
/* A piece of positioned text: a glyph of a PDF, a word read in a picture.
 * y grows downwards. */
typedef struct extract_box {
    const char *text; /* UTF-8, not empty */
    double x1, y1, x2, y2;
    int id;           /* the caller's, kept */
    int line, col;    /* out: the text line (1-based, as extract_line counts)
                       * and byte column (1-based) where it was put */
    bool cell;        /* out: it starts a cell of its line */
} extract_box;

/* Pieces of one page (or picture) into lines of cells, each line from
 * place: pieces whose middles share a band of height (not its lowest
 * quarter) are one line; within a line, a gap wider than cell_gap times
 * the line's height starts a new cell (two spaces), a gap wider than 0.15
 * of it is a space.  Lines that share more than a quarter of their height
 * (a table's row: cells wrapped on two lines beside one-line cells and a
 * label centred between them) are one text line when their cells fall in
 * columns and all share a quarter of their height with one of them (not a
 * box of text beside a table, its lines interleaved with the rows): each
 * cell's parts top to bottom ("2000 (500/1000)"; an amount under an
 * amount in parentheses, "1 000 (300 / 500)").  Else a
 * short line (at most label_max pieces) wholly left of the line above it
 * and close under it is that line's first cell (a row label printed in the
 * middle of a two-line row).  The pieces are reordered (line by line, left
 * to right); a blank line ends the page. */
void extract_boxes(extract *x, extract_box *b, size_t n, size_t label_max, double cell_gap,
                   int place);
/* Free what x holds. */
void extract_free(extract *x);

#endif
