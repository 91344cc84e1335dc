/*
 * tensu.h - the core library's public API.
 *
 * The core computes riichi mahjong payments, point tables, hand scores and
 * chart verdicts.  It does no I/O and prints nothing: every function takes
 * its input in memory and returns a status; text for people is built by the
 * command-line layer.  One source of truth: the table, the scorer, the
 * verifier and the renderers all pay through tensu_pay().
 *
 * Conventions
 *  - Public names start with tensu_ / TENSU_.  No _t suffixes.
 *  - Functions that can fail return a tensu_status and, when the caller
 *    passes a non-NULL tensu_error, fill it with a one-line message naming
 *    the bad word and what is allowed (and a position where there is one).
 *  - Objects returned by a _new function are freed by the matching _free;
 *    _free(NULL) is safe.
 */
#ifndef TENSU_H
#define TENSU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Status and errors                                                   */
/* ------------------------------------------------------------------ */

typedef enum tensu_status {
    TENSU_OK = 0,
    TENSU_ERR_UNKNOWN,     /* an unknown name: preset, rule key, command word */
    TENSU_ERR_RANGE,       /* a value out of range, or not one of the allowed words */
    TENSU_ERR_INVALID,     /* malformed input (notation, chart, template) */
    TENSU_ERR_NOT_AGARI,   /* the tiles are not a winning hand */
    TENSU_ERR_NO_YAKU,     /* a winning shape without any yaku */
    TENSU_ERR_NOMEM,       /* out of memory */
    TENSU_ERR_OVERFLOW     /* a value too large to represent */
} tensu_status;

typedef struct tensu_error {
    tensu_status status;
    int line;          /* 1-based line of the input, 0 when not applicable */
    int column;        /* 1-based column (byte) of the input, 0 when not applicable */
    char message[256]; /* one line, no trailing newline */
} tensu_error;

/* A short stable name for a status: "ok", "unknown", "range", "invalid_input",
 * "not_agari", "no_yaku", "nomem", "overflow". */
const char *tensu_status_name(tensu_status s);

/* ------------------------------------------------------------------ */
/* Rules                                                               */
/* ------------------------------------------------------------------ */

/* What 13 or more counted han are worth (key "kazoe"). */
typedef enum tensu_kazoe {
    TENSU_KAZOE_YAKUMAN = 0,   /* 13+ han is a (counted) yakuman */
    TENSU_KAZOE_SANBAIMAN      /* 13+ han is capped at sanbaiman */
} tensu_kazoe;

/* How a three-player tsumo is paid (key "sanma"). */
typedef enum tensu_sanma {
    TENSU_SANMA_TSUMO_SON = 0,    /* the missing player's share is simply lost */
    TENSU_SANMA_NORTH_BISECTION   /* the missing share is split between the two payers */
} tensu_sanma;

/* Renhou (key "renhou"): off, a limit, or a number of han (1..13). */
enum {
    TENSU_RENHOU_OFF = 0,
    TENSU_RENHOU_MANGAN = -1,
    TENSU_RENHOU_YAKUMAN = -2
};

/* Pao for a kan replacement win after an open kan called from a discard
 * (seed 004, item 8; key "pao-kan"). */
typedef enum tensu_pao_kan {
    TENSU_PAO_KAN_OFF = 0,        /* an ordinary tsumo: everybody pays */
    TENSU_PAO_KAN_DISCARDER       /* the player who discarded the kan tile pays it all */
} tensu_pao_kan;

/* Every rule option that changes a payment or a score.  Fill it with
 * tensu_rules_preset() and change single keys with tensu_rules_set(); the
 * fields are public so that the core's own modules read them directly. */
typedef struct tensu_rules {
    char preset[32];        /* the preset it started from ("tenhou", ...) */
    int players;            /* 4 or 3 */
    bool kiriage;           /* 4 han 30 fu and 3 han 60 fu paid as mangan */
    tensu_kazoe kazoe;
    bool multiple_yakuman;  /* true: yakuman stack (2x, 3x ...); false: one at most */
    bool double_yakuman;    /* kokushi 13-wait, suuankou tanki, junsei chuuren, daisuushii count 2 */
    int double_wind_fu;     /* 2 or 4: a pair that is both seat and round wind */
    int open_pinfu_fu;      /* 30 or 20: an open ron hand with no fu */
    int pinfu_tsumo_fu;     /* 20, or 30 when pinfu keeps the tsumo 2 fu */
    int rinshan_fu;         /* 2 or 0: the tsumo fu on a kan replacement win */
    bool kuitan;            /* open tanyao */
    int aka;                /* number of red fives in the set (0..4) */
    int renhou;             /* TENSU_RENHOU_OFF, _MANGAN, _YAKUMAN, or 1..13 han */
    bool aotenjou;          /* no limits: exact values at any han */
    tensu_sanma sanma;      /* three-player tsumo payments */
    int honba;              /* points per honba counter, all payers together */
    int riichi_stick;       /* points per riichi stick (1000) */
    tensu_pao_kan pao_kan;
} tensu_rules;

/* Description of one rule key, for listings and help. */
typedef struct tensu_rule_key {
    const char *name;    /* "kiriage" */
    const char *values;  /* allowed values: "yes|no", "2|4", "0..4" */
    const char *help;    /* one sentence */
} tensu_rule_key;

size_t tensu_rule_key_count(void);
const tensu_rule_key *tensu_rule_key_at(size_t i);   /* NULL past the end */

/* Description of one named preset. */
typedef struct tensu_preset {
    const char *name;        /* "tenhou" */
    const char *title;       /* "Tenhou (four players)" */
    const char *source;      /* where the settings come from */
    const char *settings;    /* the preset as data: "kiriage=no kazoe=yakuman ..." */
} tensu_preset;

size_t tensu_preset_count(void);
const tensu_preset *tensu_preset_at(size_t i);       /* NULL past the end */
const char *tensu_default_preset(void);              /* "tenhou" */

/* Fill *out with the rules of a named preset.  TENSU_ERR_UNKNOWN with the
 * list of presets in err when the name is not one. */
tensu_status tensu_rules_preset(const char *name, tensu_rules *out, tensu_error *err);

/* Set one key from its text value (as in --set KEY=VALUE).  Errors:
 * TENSU_ERR_UNKNOWN (no such key), TENSU_ERR_RANGE (value not allowed);
 * err names the word and what is allowed.  *r is unchanged on error. */
tensu_status tensu_rules_set(tensu_rules *r, const char *key, const char *value,
                             tensu_error *err);

/* Parse "KEY=VALUE" and set it. */
tensu_status tensu_rules_assign(tensu_rules *r, const char *assignment, tensu_error *err);

/* Write the current value of a key as text (the form tensu_rules_set
 * accepts) into buf.  Returns false for an unknown key. */
bool tensu_rules_get(const tensu_rules *r, const char *key, char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* Payment engine                                                      */
/* ------------------------------------------------------------------ */

typedef enum tensu_limit {
    TENSU_LIMIT_NONE = 0,
    TENSU_LIMIT_MANGAN,
    TENSU_LIMIT_HANEMAN,
    TENSU_LIMIT_BAIMAN,
    TENSU_LIMIT_SANBAIMAN,
    TENSU_LIMIT_KAZOE_YAKUMAN,   /* 13+ counted han under kazoe=yakuman */
    TENSU_LIMIT_YAKUMAN          /* one or more yakuman (see tensu_value.yakuman) */
} tensu_limit;

/* "mangan", "haneman", ..., "kazoe_yakuman", "yakuman"; NULL for NONE. */
const char *tensu_limit_name(tensu_limit l);

/* Decimal text of an amount too large for int64 (aotenjou only). */
#define TENSU_BIG_DIGITS 160

/* What a hand is worth before it is split between payers. */
typedef struct tensu_value {
    int han;               /* counted han (dora included); ignored for yakuman hands */
    int fu;                /* 20, 25, 30 ... (after rounding) */
    int yakuman;           /* yakuman units scored (after rules), 0 for none */
    tensu_limit limit;
    bool kiriage;          /* raised to mangan by kiriage */
    int64_t base;          /* base points after the limit; -1 when too large (see big) */
    int64_t raw_base;      /* fu x 2^(han+2) before any limit; -1 when too large */
} tensu_value;

/* Evaluate han/fu (yakuman = 0) or a yakuman count (>= 1) under the rules.
 * Errors: TENSU_ERR_RANGE for han < 1 (ordinary hand), fu < 20 or not a
 * multiple of 10 (25 accepted), yakuman < 0. */
tensu_status tensu_evaluate(const tensu_rules *r, int han, int fu, int yakuman,
                            tensu_value *out, tensu_error *err);

/* Who pays what.  All amounts are rounded up to 100 per payer.  The
 * *_honba fields add the honba counters; total_with_sticks adds the riichi
 * sticks.  Amounts are -1 when they do not fit in int64 (aotenjou at very
 * high han): then "big" holds every amount as decimal text. */
typedef struct tensu_payment {
    tensu_value value;
    bool dealer;            /* the winner is the dealer (East) */
    bool tsumo;             /* self-drawn */
    int players;            /* 4 or 3 */
    int honba;              /* counters on the table */
    int sticks;             /* riichi sticks on the table */

    /* before honba */
    int64_t ron;            /* ron: what the discarder pays */
    int64_t from_dealer;    /* non-dealer tsumo: the dealer's share */
    int64_t from_non_dealer;/* tsumo: each non-dealer's share */
    int non_dealer_payers;  /* how many non-dealers pay on tsumo */
    int64_t total;          /* what the winner receives, before honba and sticks */

    /* unrounded products, for explaining the working */
    int64_t ron_raw, from_dealer_raw, from_non_dealer_raw;

    /* with honba */
    int64_t honba_each;     /* honba added to each tsumo share (or to the ron) */
    int64_t ron_honba, from_dealer_honba, from_non_dealer_honba;
    int64_t total_honba;    /* total with honba */
    int64_t total_with_sticks;

    bool big;               /* amounts overflowed int64: see below */
    struct {
        char base[TENSU_BIG_DIGITS];
        char ron[TENSU_BIG_DIGITS];
        char from_dealer[TENSU_BIG_DIGITS];
        char from_non_dealer[TENSU_BIG_DIGITS];
        char total[TENSU_BIG_DIGITS];
    } exact;
} tensu_payment;

/* Split a value into payments.  honba and sticks >= 0. */
tensu_status tensu_pay_value(const tensu_rules *r, const tensu_value *v, bool dealer,
                             bool tsumo, int honba, int sticks, tensu_payment *out,
                             tensu_error *err);

/* tensu_evaluate() then tensu_pay_value(). */
tensu_status tensu_pay(const tensu_rules *r, int han, int fu, int yakuman, bool dealer,
                       bool tsumo, int honba, int sticks, tensu_payment *out,
                       tensu_error *err);

/* The value of a limit row as if a hand reached it (mangan .. N x yakuman):
 * han is the lowest han of the row (5, 6, 8, 11, 13), yakuman the count for
 * TENSU_LIMIT_YAKUMAN. */
tensu_status tensu_pay_limit(const tensu_rules *r, tensu_limit limit, int yakuman,
                             bool dealer, bool tsumo, tensu_payment *out, tensu_error *err);

/* Round up to a multiple of 100. */
int64_t tensu_round_up_100(int64_t x);

/* ------------------------------------------------------------------ */
/* Point tables                                                        */
/* ------------------------------------------------------------------ */

#define TENSU_TABLE_MAX_FU 20    /* fu rows */
#define TENSU_TABLE_MAX_HAN 13   /* han columns */
#define TENSU_TABLE_MAX_LIMITS 12

/* Can a hand of this many han and fu occur, won this way, under the rules?
 * The answer comes from the facts the cross-check proves (see README):
 * every 20 fu ron, 1 han 20/25 fu, 2 han 25 fu tsumo, 1 han 110 fu tsumo
 * cannot; open-pinfu, pinfu-tsumo and double-wind-fu move those lines. */
bool tensu_cell_reachable(const tensu_rules *r, int han, int fu, bool dealer, bool tsumo);

/* The fu rows of a table under the rules: 20, 25, 30, 40 ... 110 (more
 * under aotenjou).  Returns the count written to rows (at most max). */
int tensu_fu_rows(const tensu_rules *r, int *rows, int max);

typedef struct tensu_cell {
    int han, fu;
    bool reachable[2][2];        /* [dealer][tsumo] */
    tensu_payment pay[2][2];     /* [dealer][tsumo], the formula value */
} tensu_cell;

typedef struct tensu_limit_row {
    tensu_limit limit;
    int yakuman;                 /* multiplier for TENSU_LIMIT_YAKUMAN */
    char name[24];               /* "mangan" ... "yakuman", "2x_yakuman" */
    int han_from, han_to;        /* han range (0 when the row is reached by yakuman) */
    tensu_payment pay[2][2];     /* [dealer][tsumo] */
} tensu_limit_row;

typedef struct tensu_table {
    tensu_rules rules;
    int han_max;                 /* columns 1..han_max */
    int nfu;
    int fu[TENSU_TABLE_MAX_FU];
    tensu_cell cells[TENSU_TABLE_MAX_FU][TENSU_TABLE_MAX_HAN]; /* [row][han-1] */
    int nlimits;
    tensu_limit_row limits[TENSU_TABLE_MAX_LIMITS];
} tensu_table;

/* Build the table: han 1..han_max (1..13).  Caller frees with
 * tensu_table_free.  NULL with err filled on error. */
tensu_table *tensu_table_new(const tensu_rules *r, int han_max, tensu_error *err);
void tensu_table_free(tensu_table *t);

/* The cell for (han, fu), or NULL when the table has no such row/column. */
const tensu_cell *tensu_table_cell(const tensu_table *t, int han, int fu);

/* ------------------------------------------------------------------ */
/* Hand scorer (issue 3)                                               */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Chart verifier (issue 5)                                            */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Classical rules (issue 7)                                           */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Cross-check (issue 6)                                               */
/* ------------------------------------------------------------------ */

#ifdef __cplusplus
}
#endif

#endif /* TENSU_H */
