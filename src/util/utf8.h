/* One UTF-8 module for the whole program (as cmark's utf8.c): a sequence
 * checked, a code point read, a code point written.  Not part of the public
 * API. */
#ifndef TENSU_UTIL_UTF8_H
#define TENSU_UTIL_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The length (1..4) of the valid UTF-8 sequence at s, of the n bytes there
 * are, 0 when it is not valid (RFC 3629: no overlong form, no surrogate,
 * nothing past U+10FFFF, not cut short).  Reads no byte past the first
 * one that does not belong, so a NUL-terminated string may give n as
 * SIZE_MAX. */
size_t utf8_valid(const unsigned char *s, size_t n);

/* The code point at s (NUL-terminated) into *cp, and the bytes it takes.
 * Lenient, for drawing text: a byte that starts no sequence, or a sequence
 * cut short, is U+FFFD and takes 1 byte; overlong forms are decoded. */
int utf8_next(const char *s, uint32_t *cp);

/* The characters of s (NUL-terminated): its bytes that continue no
 * sequence, as a width in a fixed-width column. */
size_t utf8_count(const char *s);

/* Code point cp (at most 0x10FFFF) written as UTF-8 at out, which has room
 * for 4 bytes (no NUL added); returns the byte after it. */
char *utf8_put(char *out, uint32_t cp);

#endif
