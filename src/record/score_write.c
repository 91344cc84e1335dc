/* The result line of a scored hand, written as JSON text without a JSON
 * library (see score_write.h).  Its bytes are those jansson's compact dump
 * gave for the same object, key for key in the same order. */
#include "score_write.h"
#include "../util/utf8.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wbuf {
    char *s;
    size_t cap, n; /* n counts every byte asked for, written or not */
    bool first;    /* no key yet in the object just opened */
} wbuf;

static inline void put(wbuf *b, const char *s, size_t len)
{
    if (b->n < b->cap) {
        size_t room = b->cap - b->n;
        memcpy(b->s + b->n, s, len < room ? len : room);
    }
    b->n += len;
}

static void puts_(wbuf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void putf(wbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(wbuf *b, const char *fmt, ...)
{
    char tmp[64];
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k > 0)
        put(b, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

/* A JSON string: quotes, backslashes and control characters escaped as
 * jansson does; bytes that are not UTF-8 (a message quoting bad input)
 * become U+FFFD, so that the line stays JSON. */
/* A JSON string's text without its quotes. */
static void str_body(wbuf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
    while (*p) {
        size_t k;
        const unsigned char *q = p;
        while (*q - 0x20u < 0x60u && *q != '"' && *q != '\\') /* printable ASCII */
            q++;
        if (q != p) { /* a run of plain ASCII, as it is */
            put(b, (const char *)p, (size_t)(q - p));
            p = q;
            continue;
        }
        k = utf8_valid(p, (size_t)(end - p));
        if (k == 0) {
            puts_(b, "\xEF\xBF\xBD");
            p++;
        } else if (*p == '"' || *p == '\\') {
            put(b, "\\", 1);
            put(b, (const char *)p++, 1);
        } else if (*p < 0x20) {
            const char *e = *p == '\b' ? "\\b" : *p == '\f' ? "\\f" : *p == '\n' ? "\\n"
                            : *p == '\r' ? "\\r" : *p == '\t' ? "\\t" : NULL;
            if (e)
                puts_(b, e);
            else
                putf(b, "\\u%04X", *p);
            p++;
        } else {
            put(b, (const char *)p, k);
            p += k;
        }
    }
}

static void str(wbuf *b, const char *s)
{
    put(b, "\"", 1);
    str_body(b, s);
    put(b, "\"", 1);
}

static void obj_open(wbuf *b)
{
    put(b, "{", 1);
    b->first = true;
}

static void obj_close(wbuf *b)
{
    put(b, "}", 1);
    b->first = false;
}

/* A member's key: a literal, written with its quotes, colon and the
 * comma before it as one piece (it needs no escaping). */
#define key(b, k) key_text(b, ",\"" k "\":", sizeof ",\"" k "\":" - 1)
static void key_text(wbuf *b, const char *text, size_t n)
{
    if (b->first)
        put(b, text + 1, n - 1);
    else
        put(b, text, n);
    b->first = false;
}

static void i64(wbuf *b, int64_t v)
{
    char tmp[24], *e = tmp + sizeof tmp, *q = e;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do
        *--q = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        *--q = '-';
    put(b, q, (size_t)(e - q));
}

/* An amount, or the exact digits when it is too large for 64 bits
 * (aotenjou). */
static void amount(wbuf *b, int64_t v, const char *exact)
{
    if (v < 0 && exact != NULL && exact[0] != '\0')
        str(b, exact);
    else
        i64(b, v);
}

static size_t finish(wbuf *b)
{
    obj_close(b);
    if (b->cap > 0)
        b->s[b->n < b->cap ? b->n : b->cap - 1] = '\0';
    return b->n;
}

static void open_line(wbuf *b, const char *id_json)
{
    obj_open(b);
    if (id_json != NULL) {
        key(b, "id");
        puts_(b, id_json);
    }
}

static const char *shape_name(tensu_shape s)
{
    return s == TENSU_SHAPE_CHIITOITSU ? "chiitoitsu" : s == TENSU_SHAPE_KOKUSHI ? "kokushi"
                                                                                 : "standard";
}

static void yaku_names(wbuf *b, uint64_t mask)
{
    bool first = true;
    put(b, "[", 1);
    for (int id = 0; id < TENSU_YAKU_COUNT; id++)
        if (mask & ((uint64_t)1 << id)) {
            if (!first)
                put(b, ",", 1);
            first = false;
            str(b, tensu_yaku_name((tensu_yaku_id)id));
        }
    put(b, "]", 1);
}

const char *score_limit_text(const tensu_score_result *res, char *buf, size_t n)
{
    if (res->limit == TENSU_LIMIT_YAKUMAN && res->yakuman > 1) {
        snprintf(buf, n, "%dx_yakuman", res->yakuman);
        return buf;
    }
    return tensu_limit_name(res->limit);
}

/* The tiles of a fu item ("1111s"), "" for none. */
static void fu_tiles(const tensu_fu_item *it, char tiles[16])
{
    char nb[4];
    tiles[0] = '\0';
    if (it->tile >= 0 && it->ntiles > 0) {
        int k = it->ntiles < 4 ? it->ntiles : 4;
        tensu_tile_name(it->tile, false, nb);
        memset(tiles, nb[0], (size_t)k);
        tiles[k] = nb[1];
        tiles[k + 1] = '\0';
    }
}

void score_fu_text(const tensu_fu_item *it, char *buf, size_t n)
{
    char tiles[16];
    fu_tiles(it, tiles);
    if (tiles[0] != '\0')
        snprintf(buf, n, "%s %s", tensu_fu_reason_name(it->reason), tiles);
    else
        snprintf(buf, n, "%s", tensu_fu_reason_name(it->reason));
}

size_t score_write_error(char *buf, size_t cap, const char *id_json, long line, tensu_status s,
                         const char *why)
{
    wbuf b = {buf, cap, 0, true};
    bool named = s == TENSU_ERR_NOT_AGARI || s == TENSU_ERR_NO_YAKU;
    open_line(&b, id_json);
    key(&b, "ok");
    puts_(&b, "false");
    if (line > 0) {
        key(&b, "line");
        i64(&b, line);
    }
    key(&b, "error");
    if (named) {
        str(&b, tensu_status_name(s));
        key(&b, "message");
        str(&b, why);
    } else {
        char msg[480];
        snprintf(msg, sizeof msg, "invalid_input: %s", why);
        str(&b, msg);
    }
    return finish(&b);
}

size_t score_write_result(char *buf, size_t cap, const char *id_json, const tensu_hand *h,
                          const tensu_score_result *res)
{
    static const char *const winds[] = {"E", "S", "W", "N"};
    const tensu_payment *p = &res->payment;
    wbuf b = {buf, cap, 0, true};
    char t[96];
    const char *l;

    open_line(&b, id_json);
    key(&b, "ok");
    puts_(&b, "true");
    key(&b, "han");
    if (res->yakuman > 0)
        puts_(&b, "null");
    else
        i64(&b, res->han);
    key(&b, "fu");
    if (res->yakuman > 0)
        puts_(&b, "null");
    else
        i64(&b, res->fu);
    key(&b, "yakuman");
    i64(&b, res->yakuman);
    key(&b, "limit");
    l = score_limit_text(res, t, sizeof t);
    if (l)
        str(&b, l);
    else
        puts_(&b, "null");
    key(&b, "yaku");
    put(&b, "[", 1);
    for (int i = 0; i < res->nyaku; i++) {
        if (i)
            put(&b, ",", 1);
        str(&b, res->yaku[i].name);
    }
    put(&b, "]", 1);
    key(&b, "yaku_detail");
    put(&b, "[", 1);
    for (int i = 0; i < res->nyaku; i++) {
        if (i)
            put(&b, ",", 1);
        obj_open(&b);
        key(&b, "name");
        str(&b, res->yaku[i].name);
        key(&b, "han");
        i64(&b, res->yaku[i].han);
        key(&b, "yakuman");
        i64(&b, res->yaku[i].yakuman);
        obj_close(&b);
    }
    put(&b, "]", 1);
    key(&b, "dora");
    obj_open(&b);
    key(&b, "dora");
    i64(&b, res->dora);
    key(&b, "aka");
    i64(&b, res->aka);
    key(&b, "ura");
    i64(&b, res->ura);
    obj_close(&b);
    key(&b, "fu_detail");
    put(&b, "[", 1);
    for (int i = 0; i < res->nfu; i++) {
        if (i)
            put(&b, ",", 1);
        char tiles[16];
        const char *why = tensu_fu_reason_name(res->fu_detail[i].reason);
        obj_open(&b);
        fu_tiles(&res->fu_detail[i], tiles);
        key(&b, "reason");
        if (strlen(why) + strlen(tiles) + 2 > sizeof t) {
            score_fu_text(&res->fu_detail[i], t, sizeof t); /* cut as score_fu_text cuts */
            str(&b, t);
        } else { /* "reason tiles", written in place */
            put(&b, "\"", 1);
            str_body(&b, why);
            if (tiles[0] != '\0') {
                put(&b, " ", 1);
                str_body(&b, tiles);
            }
            put(&b, "\"", 1);
        }
        key(&b, "fu");
        i64(&b, res->fu_detail[i].fu);
        obj_close(&b);
    }
    put(&b, "]", 1);
    key(&b, "payment");
    obj_open(&b);
    if (res->pao_seat >= 0) {
        key(&b, "pao");
        i64(&b, res->pao_pays);
        key(&b, "pao_seat");
        str(&b, winds[res->pao_seat & 3]);
        if (!h->tsumo) {
            key(&b, "ron");
            i64(&b, res->discarder_pays);
        } else if (res->pao_pays < res->total) {
            /* pao-split=yakuman: the rest is an ordinary tsumo */
            if (!p->dealer) {
                key(&b, "dealer");
                i64(&b, p->from_dealer_honba);
            }
            key(&b, "non_dealer");
            i64(&b, p->from_non_dealer_honba);
        }
    } else if (!h->tsumo) {
        key(&b, "ron");
        amount(&b, p->ron_honba, p->exact.ron);
    } else {
        if (!p->dealer) {
            key(&b, "dealer");
            amount(&b, p->from_dealer_honba, p->exact.from_dealer);
        }
        key(&b, "non_dealer");
        amount(&b, p->from_non_dealer_honba, p->exact.from_non_dealer);
    }
    obj_close(&b);
    key(&b, "total");
    amount(&b, res->total, p->exact.total);
    key(&b, "total_with_sticks");
    amount(&b, res->total_with_sticks, p->exact.total);
    key(&b, "shape");
    str(&b, shape_name(res->shape));
    key(&b, "wait");
    str(&b, tensu_wait_name(res->wait));
    if (res->nalternatives > 0) {
        key(&b, "alternatives");
        put(&b, "[", 1);
        for (int i = 0; i < res->nalternatives; i++) {
            const tensu_alternative *a = &res->alternatives[i];
            if (i)
            put(&b, ",", 1);
        obj_open(&b);
            key(&b, "shape");
            str(&b, shape_name(a->shape));
            key(&b, "wait");
            str(&b, tensu_wait_name(a->wait));
            key(&b, "han");
            if (a->yakuman)
                puts_(&b, "null");
            else
                i64(&b, a->han);
            key(&b, "fu");
            if (a->yakuman)
                puts_(&b, "null");
            else
                i64(&b, a->fu);
            key(&b, "yakuman");
            i64(&b, a->yakuman);
            key(&b, "total");
            i64(&b, a->total);
            key(&b, "yaku");
            yaku_names(&b, a->yaku);
            obj_close(&b);
        }
        put(&b, "]", 1);
    }
    return finish(&b);
}

static void value(wbuf *b, const jr_doc *d, uint32_t v)
{
    switch (jr_kind(d, v)) {
    case JR_NONE:
    case JR_SKIPPED: break;
    case JR_NULL: puts_(b, "null"); break;
    case JR_TRUE: puts_(b, "true"); break;
    case JR_FALSE: puts_(b, "false"); break;
    case JR_INT: i64(b, jr_int(d, v)); break;
    case JR_REAL: {
        /* as jansson: 17 significant digits, and a '.' or an exponent */
        char num[40];
        snprintf(num, sizeof num, "%.17g", strtod(d->node[v].str, NULL));
        puts_(b, num);
        if (strpbrk(num, ".eE") == NULL)
            puts_(b, ".0");
        break;
    }
    case JR_STR: str(b, jr_str(d, v)); break; /* no NUL inside: jread refuses it */
    case JR_ARR:
    case JR_OBJ: {
        bool obj = jr_kind(d, v) == JR_OBJ, first = true;
        put(b, obj ? "{" : "[", 1);
        for (uint32_t c = jr_first(d, v); c != 0; c = jr_next(d, c)) {
            if (!first)
                put(b, ",", 1);
            first = false;
            if (obj) {
                str(b, jr_key(d, c));
                put(b, ":", 1);
            }
            value(b, d, c);
        }
        put(b, obj ? "}" : "]", 1);
        break;
    }
    }
}

size_t score_write_value(char *buf, size_t cap, const jr_doc *d, uint32_t v)
{
    wbuf b = {buf, cap, 0, false};
    value(&b, d, v);
    if (cap > 0)
        buf[b.n < cap ? b.n : cap - 1] = '\0';
    return b.n;
}
