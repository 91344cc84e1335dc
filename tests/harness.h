/* A tiny test harness: CHECK records a failure and goes on; each test
 * program ends with "N passed, N failed". */
#ifndef TENSU_HARNESS_H
#define TENSU_HARNESS_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int harness_passed, harness_failed;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (cond) {                                                                  \
            harness_passed++;                                                        \
        } else {                                                                     \
            harness_failed++;                                                        \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

#define CHECK_EQ(a, b)                                                                  \
    do {                                                                                \
        long long a_ = (long long)(a), b_ = (long long)(b);                             \
        if (a_ == b_) {                                                                 \
            harness_passed++;                                                           \
        } else {                                                                        \
            harness_failed++;                                                           \
            fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__,       \
                    __LINE__, #a, a_, #b, b_);                                          \
        }                                                                               \
    } while (0)

#define CHECK_STR(a, b)                                                                 \
    do {                                                                                \
        const char *a_ = (a), *b_ = (b);                                                \
        if (a_ != NULL && b_ != NULL && strcmp(a_, b_) == 0) {                          \
            harness_passed++;                                                           \
        } else {                                                                        \
            harness_failed++;                                                           \
            fprintf(stderr, "%s:%d: %s == \"%s\", expected \"%s\"\n", __FILE__,          \
                    __LINE__, #a, a_ ? a_ : "(null)", b_ ? b_ : "(null)");              \
        }                                                                               \
    } while (0)

static inline int harness_report(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, harness_passed, harness_failed);
    return harness_failed == 0 && harness_passed > 0 ? 0 : 1;
}

#endif
