/* Status names and error filling. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

const char *tensu_status_name(tensu_status s)
{
    switch (s) {
    case TENSU_OK: return "ok";
    case TENSU_ERR_UNKNOWN: return "unknown";
    case TENSU_ERR_RANGE: return "range";
    case TENSU_ERR_INVALID: return "invalid_input";
    case TENSU_ERR_NOT_AGARI: return "not_agari";
    case TENSU_ERR_NO_YAKU: return "no_yaku";
    case TENSU_ERR_NOMEM: return "nomem";
    case TENSU_ERR_OVERFLOW: return "overflow";
    }
    return "unknown";
}

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

tensu_status tensu_fail(tensu_error *err, tensu_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status = vfail(err, status, 0, 0, fmt, ap);
    va_end(ap);
    return status;
}

tensu_status tensu_fail_at(tensu_error *err, tensu_status status, int line, int column,
                           const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status = vfail(err, status, line, column, fmt, ap);
    va_end(ap);
    return status;
}
