/* The chart verifier's stages, and what they share: the verdict and its
 * driver (verify.c) call what the engine pays for a chart row and the
 * row's words (verify_row.c), the variant inference, players and honba
 * (verify_infer.c) and the causes of a wrong value (verify_causes.c); the
 * stages call verify_row.c only.  Private to src/core; not installed. */
#ifndef TENSU_VERIFY_PRIVATE_H
#define TENSU_VERIFY_PRIVATE_H

#include "internal.h"

/* ---- What the engine pays for a chart row, its words (verify_row.c) */

typedef struct key {
    int han, fu;
    tensu_limit limit;
    int yakuman;
} key;

typedef struct expect {
    bool ok;                           /* the engine has a value for the row */
    bool limit_row;                    /* paid as a limit whatever the fu */
    bool reachable[TENSU_CHART_COLUMNS];  /* a value here is no warning */
    bool strict[TENSU_CHART_COLUMNS];     /* the engine's own table fills it */
    int64_t v[TENSU_CHART_COLUMNS];       /* rounded amounts, honba included */
    int64_t raw[TENSU_CHART_COLUMNS];     /* before rounding (-1: none) */
    int payers[2];                        /* [dealer]: non-dealers paying a tsumo */
    char why[120];                        /* when !ok */
} expect;

key key_of(const tensu_chart_cell *c);
int yakuman_of(key k);
/* What the engine pays for row k at honba counters (e->ok false, e->why
 * said, when it pays nothing there). */
void row_expect(const tensu_rules *r, key k, int honba, expect *e);
/* "3 han 40 fu", "haneman"; and with the payment, "3 han 40 fu, dealer ron". */
void row_name(key k, char *buf, size_t size);
void where_text(key k, tensu_chart_pay pay, char *buf, size_t size);
/* Can no hand of han and fu occur (paid as pay; pay -1: any payment of its
 * row)?  (verify.c) */
bool no_hand(const tensu_rules *r, int han, int fu, int honba, int pay);
/* The order of two cells' rows (han, fu, limit, yakuman), as strcmp. */
int cmp_key(const tensu_chart_cell *a, const tensu_chart_cell *b);

/* ---- Variant inference, players and honba (verify_infer.c) */

typedef struct variant_def {
    const char *key, *a, *b;  /* rule key and its two values */
    unsigned bit;
    const char *cells;        /* what the deciding cells are */
} variant_def;

#define RULE_VARIANTS 3 /* the rule keys inferred by infer_one */

extern const variant_def variant_defs[RULE_VARIANTS];
void infer_one(const tensu_chart *ch, tensu_rules *r, int honba, const variant_def *def,
               bool infer, tensu_variant *out);
void infer_double_wind(const tensu_chart *ch, tensu_rules *r, int honba, bool infer,
                       tensu_variant *out);
void settle_players(const tensu_chart *ch, const tensu_rules *base, unsigned infer,
                    tensu_rules *r, int *honba);
void describe_players(const tensu_chart *ch, const tensu_rules *r, int honba, unsigned infer,
                      tensu_variant *vp, tensu_variant *vs, tensu_variant *vh);

/* ---- Causes (verify_causes.c) */

typedef struct cand {
    tensu_cause cause;
    int detail;        /* direction for neighbours, else 0 */
    char text[150];
} cand;

#define MAX_CANDS 12

typedef struct causes {
    int n;
    cand c[MAX_CANDS];
} causes;

/* The causes that explain the wrong value of cell ci (expected e) into cs. */
void find_causes(const tensu_rules *r, int honba, const tensu_chart *ch, size_t ci,
                 const expect *e, causes *cs);

#endif
