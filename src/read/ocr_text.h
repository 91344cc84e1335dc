/* What the OCR makes of a chart's words, mended as text (ocr_text.c):
 * used on the page's words and on the boxes read again (doc_picture.c). */
#ifndef TENSU_READ_OCR_TEXT_H
#define TENSU_READ_OCR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* A reading with figures: '_' and a period after an amount dropped. */
void ocr_drop_specks(char *t);
/* A word as the OCR read it (w), tidied into buf: '|' dropped, braces
 * made brackets, strokes of dashes one dash, "aIl" "all", O and l among
 * digits 0 and 1, a 1 read as a letter before "han". */
void ocr_tidy(const char *w, char *buf, size_t size);
/* Is the word what the OCR makes of "ール" ("—JL", "-JIL", "ル")? */
bool ocr_katakana_ru(const char *t);
/* Does the amount t (len bytes) end in the オ after it, read as a digit
 * ("7004", "1, 3002")? */
bool ocr_ends_in_o(const char *t, size_t len);
/* The amount before an "all" ending at t[len]: len - 1 when its last
 * digit is the オ read as one ("12, 0007"), else len, its trailing 9s
 * made 0s ("2, 309" is 2,300). */
size_t ocr_amount_before_all(char *t, size_t len);
/* The length of the amount in a token glued to what the OCR made of
 * "ール" ("600—JL", "1,500#—L"), or 0. */
size_t ocr_glued_ru(const char *tok);
/* A box's text read again, its オール made "all" as the page's words are
 * ("1, 6004 —JL" and "4, 000A all" are "1, 600 all", "4, 000 all"); a
 * comma beside a speck one comma.  Never longer than it was. */
void ocr_fix_all(char *text);

#endif
