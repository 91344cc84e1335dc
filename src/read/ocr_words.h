/* An OCR's words of a picture, mended as a list (ocr_words.c): used by
 * doc_picture.c on what tesseract gives, before the words join the
 * document's. */
#ifndef TENSU_READ_OCR_WORDS_H
#define TENSU_READ_OCR_WORDS_H

#include <stdbool.h>
#include <stddef.h>

/* A word as the OCR gave it, before it joins the document's words. */
typedef struct ocr_word {
    char text[256];
    double x1, y1, x2, y2;
    float conf;
    bool turned;   /* read from the picture turned upside down */
    bool dropped;  /* the other reading's there won */
} ocr_word;


/* A dealer's tsumo "700オール" read as "7004" and "—JL" (the オ a 4), or
 * "700", "オ", "-", "ル": the amount, then "all". */
void fix_all_words(ocr_word *w, size_t n);
/* An amount grouped by a thin space ("18 000") read as two words: one. */
void join_groups(ocr_word *w, size_t n);
/* A word whose box takes in another's of its line at one end: its box
 * ends where the other's starts. */
void unshare_boxes(ocr_word *w, size_t n);
/* Flat dashes alone on their line (what is left of a rule between two
 * rows), and words of strokes only far taller than the text (ch, the
 * height of a character: a "+" where two rules crossed): dropped. */
void drop_lone_strokes(ocr_word *w, size_t n, double ch);

#endif
