/* One growing string buffer for the whole program (as cmark's buffer.c):
 * bytes added at the end, the text always followed by a NUL, and the first
 * failure sticky (cairo-style: add without checking, look at bad once at
 * the end).  Start from strbuf b = {0}; strbuf_free(&b) frees it.  Not
 * part of the public API. */
#ifndef TENSU_UTIL_BUF_H
#define TENSU_UTIL_BUF_H

#include "fail.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct strbuf {
    char *s;       /* the text, NUL-terminated; NULL until something is added */
    size_t n, cap; /* its length; the bytes allocated */
    bool bad;      /* out of memory: nothing added since, s what it was */
} strbuf;

/* Add n bytes of s (they may hold NULs).  Adding 0 bytes to an empty
 * buffer allocates it: s is then "". */
void strbuf_put(strbuf *b, const char *s, size_t n);
/* Add the string s. */
void strbuf_puts(strbuf *b, const char *s);
/* Add printf's text of fmt; a format that fails makes b bad. */
void strbuf_printf(strbuf *b, const char *fmt, ...) TENSU_PRINTF(2, 3);
/* Free the text and empty b. */
void strbuf_free(strbuf *b);

#endif
