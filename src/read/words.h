/* The word list's insides, and what the text formats' readers share (a
 * word at a line and column): shared by the chart readers of src/read.
 * Not part of the public API. */
#ifndef TENSU_READ_WORDS_H
#define TENSU_READ_WORDS_H

#include "../tensu.h"

#include "../util/fail.h"

#include <stdarg.h>


#define TEXT_BLOCK 65536

typedef struct text_block {
    struct text_block *next;
    size_t size, used;
    char text[];
} text_block;

typedef struct page_size {
    double w, h;
} page_size;

/* What a format's reader saw but could not make words of (a CSV line with
 * more fields than its header): copied to the chart as notes. */
typedef struct word_note {
    int line, column, cells;
    char text[48], why[160];
} word_note;

struct tensu_words {
    word_note *notes;
    size_t nnotes;
    tensu_word *words;
    size_t n, cap;
    text_block *blocks;
    page_size *pages; /* by page number; 0 x 0 when not given */
    size_t npages;
    tensu_places places;
    bool has_rules;
    tensu_rules rules;
};

/* The digits of text in order into out, and their count: a reading's
 * figures, to compare two readings by (labels.c). */
size_t read_figures(const char *text, char *out, size_t size);

/* Note what a format's reader could not make words of. */
tensu_status read_words_note(tensu_words *w, int line, int column, int cells, const char *text,
                             const char *why, tensu_error *err);

/* -- Text files: a character is half a line's height wide (text.c) -- */
#define TEXT_CHAR 0.5

/* The display width of n bytes of UTF-8: a wide (CJK) character counts 2. */
int read_text_width(const char *s, size_t n);
/* The word s[0..n) of text line `line` (from 1), at byte column `column`
 * (from 1) and display column `at` (from 0), in the source's cell `cell`
 * (0: none). */
tensu_status read_text_word(tensu_words *w, const char *s, size_t n, int line, int column, int at,
                       int cell, tensu_error *err);
/* The same set at row y (a table drawn from another source's lines). */
tensu_status read_text_word_y(tensu_words *w, const char *s, size_t n, double y, int line,
                              int column, int at, int cell, tensu_error *err);
/* The words of s[0..n), split at blanks, from display column `at`; returns
 * the display column after them. */
tensu_status read_text_words(tensu_words *w, const char *s, size_t n, int line, int column, int at,
                        int cell, int *end, tensu_error *err);

/* One line of the input at a time (a byte order mark and CR dropped). */
typedef struct text_lines {
    const char *data;
    size_t len, pos;
    int line;
} text_lines;
bool read_text_next(text_lines *L, const char **s, size_t *n);

/* The text formats' readers: the words of the whole input. */
tensu_status read_grid_words(const char *data, size_t len, tensu_words *w, tensu_error *err);
tensu_status read_csv_words(const char *data, size_t len, tensu_words *w, tensu_error *err);
tensu_status read_latex_words(const char *data, size_t len, tensu_words *w, tensu_error *err);
tensu_status read_wiki_words(const char *data, size_t len, tensu_words *w, tensu_error *err);

#endif
