/* A small JSON reader for the hand records of tensu score --jsonl: one
 * document at a time into arrays that are kept from one document to the
 * next, so that reading a stream of records allocates nothing once the
 * arrays have grown to the longest record.  Strict RFC 8259 (UTF-8 checked,
 * no NUL in strings, integers within long long), nesting at most
 * JR_MAX_DEPTH deep.  Duplicate keys: the last one is the one read, as
 * jansson does.
 *
 * Nodes are numbered from 1 (the root); 0 means "none", and every accessor
 * takes 0 and answers as for a missing value, so that lookups chain:
 * jr_get(d, jr_get(d, JR_ROOT, "hand"), "melds"). */
#ifndef TENSU_JREAD_H
#define TENSU_JREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JR_ROOT 1u
#define JR_MAX_DEPTH 64

/* JR_SKIPPED: a member that jr_parse_some checked but did not build (its
 * key only); every accessor answers for it as for a value of no use. */
typedef enum {
    JR_NONE, JR_NULL, JR_FALSE, JR_TRUE, JR_INT, JR_REAL, JR_STR, JR_ARR, JR_OBJ, JR_SKIPPED
} jr_type;

typedef struct jr_node {
    jr_type type;
    uint32_t first, next; /* first child (arrays, objects), next sibling */
    uint32_t keylen;      /* strlen(key): lookups compare it first */
    const char *key;      /* a member's key (in the document's strings) */
    const char *str;      /* a string, or a number's text */
    size_t len;           /* the string's length in bytes */
    long long i;          /* an integer's value */
} jr_node;

typedef struct jr_doc {
    jr_node *node;        /* node[0] unused */
    size_t nnode, capnode;
    char *str;            /* decoded strings and numbers, NUL-terminated */
    size_t capstr;
    int line, column;     /* where the error is (1-based), after a failed parse */
    char error[96];       /* what it is */
} jr_doc;

/* Reads text[0..len) as one JSON document.  Returns false on a syntax error
 * (d->error, d->line, d->column) or when out of memory (d->error says so).
 * The previous document's nodes and strings are gone. */
bool jr_parse(jr_doc *d, const char *text, size_t len);

/* What jr_parse_some builds of an object's member, asked with the key of
 * the member that holds the object (NULL for the document's own members). */
typedef enum {
    JR_WANT_NONE, /* checked as strictly, built as a JR_SKIPPED node (its key) */
    JR_WANT_ALL,  /* built in full */
    JR_WANT_SOME  /* an object: its own members asked for in turn; else in full */
} jr_want;
typedef jr_want (*jr_filter)(const char *parent, const char *key, size_t keylen);

/* jr_parse, building only the members want asks for: a reader that needs
 * a few fields of a large record spends on the rest only the checking.
 * The errors are jr_parse's, at the same places. */
bool jr_parse_some(jr_doc *d, const char *text, size_t len, jr_filter want);
void jr_free(jr_doc *d);

static inline jr_type jr_kind(const jr_doc *d, uint32_t v)
{
    return v == 0 ? JR_NONE : d->node[v].type;
}

/* An object's member (the last of that key), 0 if none or not an object. */
uint32_t jr_get(const jr_doc *d, uint32_t obj, const char *key);
/* Children of an array or object, in order: for (c = jr_first(d, v); c; c = jr_next(d, c)) */
static inline uint32_t jr_first(const jr_doc *d, uint32_t v)
{
    return v != 0 && (d->node[v].type == JR_ARR || d->node[v].type == JR_OBJ) ? d->node[v].first
                                                                               : 0;
}
static inline uint32_t jr_next(const jr_doc *d, uint32_t v)
{
    return v == 0 ? 0 : d->node[v].next;
}
static inline const char *jr_key(const jr_doc *d, uint32_t v)
{
    return v == 0 ? NULL : d->node[v].key;
}
/* A string's text (NUL-terminated), NULL if not a string. */
static inline const char *jr_str(const jr_doc *d, uint32_t v)
{
    return jr_kind(d, v) == JR_STR ? d->node[v].str : NULL;
}
static inline bool jr_is_bool(const jr_doc *d, uint32_t v)
{
    return jr_kind(d, v) == JR_TRUE || jr_kind(d, v) == JR_FALSE;
}
static inline bool jr_is_true(const jr_doc *d, uint32_t v)
{
    return jr_kind(d, v) == JR_TRUE;
}
static inline bool jr_is_null(const jr_doc *d, uint32_t v)
{
    return jr_kind(d, v) == JR_NULL;
}
/* An integer's value (0 if not an integer). */
static inline long long jr_int(const jr_doc *d, uint32_t v)
{
    return jr_kind(d, v) == JR_INT ? d->node[v].i : 0;
}

#endif
