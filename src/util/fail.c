/* Errors filled the library's way (fail.h). */
#include "fail.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static tensu_status vfail(tensu_error *err, tensu_status status, int line, int column,
                          const char *fmt, va_list ap)
{
    if (err != NULL) {
        err->status = status;
        err->line = line;
        err->column = column;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
    }
    return status;
}

tensu_status error_fill(tensu_error *err, tensu_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status = vfail(err, status, 0, 0, fmt, ap);
    va_end(ap);
    return status;
}

tensu_status error_fill_at(tensu_error *err, tensu_status status, int line, int column,
                           const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status = vfail(err, status, line, column, fmt, ap);
    va_end(ap);
    return status;
}

void *alloc_or_fail(size_t size, tensu_error *err)
{
    void *p = calloc(1, size);
    if (p == NULL)
        error_fill(err, TENSU_ERR_NOMEM, "out of memory");
    return p;
}
