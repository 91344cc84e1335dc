/* The readers of documents that need a library (src/read/doc_*.c): a web
 * page (libxml2), a PDF (poppler), an SVG (libxml2), a picture (tesseract
 * with Leptonica), a JSON table (jansson).  Each turns the document into
 * words where they stand (tensu.h); the table reader does the rest.  The
 * command's, not the core library's: poppler and tesseract are opened at
 * their first use (dynlib.h). */
#ifndef TENSU_READ_DOC_H
#define TENSU_READ_DOC_H

#include "../tensu.h"

#include <stdbool.h>

/* A web page's words (its text and tables laid out as lines and grids). */
tensu_status doc_html_words(const char *data, size_t len, tensu_words **out, tensu_error *err);
/* An SVG's words: its <text> where it stands (transforms applied). */
tensu_status doc_svg_words(const char *data, size_t len, tensu_words **out, tensu_error *err);
/* A PDF's words, pages first to last (last 0: to the end); *npages gets the
 * document's page count.  why: a message when it cannot be read (poppler
 * missing, not a PDF, pages out of range). */
tensu_status doc_pdf_words(const char *data, size_t len, int first, int last, tensu_words **out,
                           int *npages, char *why, size_t whysize);
/* tensu's JSON table ("tensu-table-1") as the words of a table of one row
 * per han and fu, its stated rules kept. */
tensu_status doc_json_words(const char *data, size_t len, tensu_words **out, tensu_error *err);

/* A picture read by OCR. */
typedef struct doc_picture doc_picture;
/* "png" or "jpeg" when the bytes start like one, else NULL. */
const char *doc_picture_kind(const char *data, size_t len);
/* The picture's words (in the picture straightened, at its scale:
 * doc_picture_place gives its own pixels), read in English and French,
 * with japanese in Japanese too ($TENSU_OCR_LANGS: those languages, and
 * nothing with japanese); and *pic to read boxes of it again
 * (tensu_read_options.reread with pic as ctx).  why: a message when it
 * cannot be read (no OCR built in, libraries or language data missing, not
 * a picture, too large, no text). */
tensu_status doc_picture_words(const char *data, size_t len, bool japanese, tensu_words **out,
                               doc_picture **pic, char *why, size_t whysize);
/* Read a box of the picture again (tensu_reread_fn). */
bool doc_picture_reread(void *pic, int page, double x1, double y1, double x2, double y2,
                        char *text, size_t size, float *conf);
/* Read a box again at another size: a second opinion on a cell found
 * wrong (tensu_verdict_confirm). */
bool doc_picture_confirm(void *pic, int page, double x1, double y1, double x2, double y2,
                         char *text, size_t size, float *conf);
/* And a third way, smaller (the tie-break). */
bool doc_picture_confirm2(void *pic, int page, double x1, double y1, double x2, double y2,
                          char *text, size_t size, float *conf);
/* A box of the words' frame (the picture straightened) in the picture's
 * own pixels, for the report. */
void doc_picture_place(const doc_picture *pic, double *x1, double *y1, double *x2, double *y2);
/* The picture's size in pixels. */
void doc_picture_size(const doc_picture *pic, int *width, int *height);
void doc_picture_free(doc_picture *pic);
/* A picture's chart (tensu_chart_from_words on its words): read in
 * English and French (most charts, and the quicker); when that leaves cells
 * unread, read again with Japanese too (the slower reading, for 符, 翻,
 * オール) and the better reading kept: fewer cells unread, then more
 * cells.  ro gets doc_picture_reread with *pic, the kept reading's picture,
 * for reading its boxes again.  why: doc_picture_words's message when the
 * picture cannot be read; else err, the table reader's. */
tensu_status doc_picture_chart(const char *data, size_t len, const char *file,
                               tensu_read_options *ro, tensu_chart **chart, doc_picture **pic,
                               tensu_error *err, char *why, size_t whysize);
/* The confidence (0-100) under which an OCR word is not sure. */
#define DOC_PICTURE_MIN_CONFIDENCE 75

#endif
