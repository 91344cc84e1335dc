/* Status names (errors are filled by src/util/fail.c). */
#include "internal.h"

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
