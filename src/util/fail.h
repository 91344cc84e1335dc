/* Failing the library's way, for every layer (core, read, render): fill a
 * tensu_error when the caller gave one and return the status; and the
 * check of printf formats that the helpers which format ask for.  Not part
 * of the public API. */
#ifndef TENSU_UTIL_FAIL_H
#define TENSU_UTIL_FAIL_H

#include "../tensu.h"

#if defined(__GNUC__)
#define TENSU_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TENSU_PRINTF(a, b)
#endif

/* Fill err (when not NULL) and return status. */
tensu_status error_fill(tensu_error *err, tensu_status status, const char *fmt, ...)
    TENSU_PRINTF(3, 4);
/* The same with a position. */
tensu_status error_fill_at(tensu_error *err, tensu_status status, int line, int column,
                           const char *fmt, ...) TENSU_PRINTF(5, 6);
/* size bytes of zeroes, or NULL with err filled ("out of memory"): the
 * caller frees. */
void *alloc_or_fail(size_t size, tensu_error *err);

#endif
