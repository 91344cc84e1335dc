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
 *  - Objects returned by a _new function belong to the caller and are
 *    freed by the matching _free; _free(NULL) is safe.  A _new function
 *    returns NULL (with err filled) when it fails; nothing is left to free.
 *  - Pointers returned by _at, _get and tensu_table_cell() borrow from the
 *    object they were asked of: valid until that object is freed, never
 *    freed by the caller.  NULL past the end.
 *  - A const char * returned by a _name function, tensu_version() and the
 *    like is a static string: never freed, valid for the program's life.
 *  - Out parameters (tensu_rules *out, tensu_score_result *out, ...) are
 *    caller-owned memory the function fills; on failure their content is
 *    unspecified unless the function says otherwise (tensu_rules_set leaves
 *    the rules unchanged).  Input structures are only read.
 *  - Memory: the library allocates only for the objects it hands over
 *    (_new, tensu_chart_read, tensu_chart_add and _note_add, tensu_verify
 *    and the cross-check's runs); scoring, paying, evaluating and drawing
 *    worksheets use no heap.
 *  - Threads: no function keeps state between calls except read-only tables
 *    built on first use (thread-safe); functions on const objects may run
 *    on several threads at once.  A tensu_xcheck is one thread's.
 *  - Link with pkg-config --cflags --libs tensu (libtensu.so.2 exports the
 *    functions declared here and nothing else).
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

/* The library's version, "MAJOR.MINOR.PATCH" (CMake's project()), and the
 * version of the reachability data shipped in it (which cells can occur,
 * written by the cross-check): "N rule sets, fnv1a XXXXXXXX", a digest of
 * the data itself, so that two builds with the same data say the same.
 * Static strings. */
const char *tensu_version(void);
const char *tensu_data_version(void);

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

/* Rule family (key "family"): riichi scoring (han and fu) or the classical
 * game played before riichi (basic points doubled). */
typedef enum tensu_family {
    TENSU_FAMILY_RIICHI = 0,
    TENSU_FAMILY_CLASSICAL
} tensu_family;

/* Pao for a kan replacement win after an open kan called from a discard
 * (an optional rule; key "pao-kan"). */
typedef enum tensu_pao_kan {
    TENSU_PAO_KAN_OFF = 0,        /* an ordinary tsumo: everybody pays */
    TENSU_PAO_KAN_DISCARDER       /* the player who discarded the kan tile pays it all */
} tensu_pao_kan;

/* The room for a club's notes in one language (tensu_rules' notes_fr and
 * notes_en), the terminating NUL included: a note holds at most
 * TENSU_NOTES_SIZE - 1 bytes of UTF-8.  The library never shortens a note:
 * whoever fills one keeps it NUL-terminated within that room (snprintf
 * would cut a longer text at a byte, perhaps inside a character).  tensu's
 * club-file reader (--rules FILE) refuses a longer note, FILE:LINE:COL and
 * its length, rather than cut it. */
#define TENSU_NOTES_SIZE 480

/* Every rule option that changes a payment or a score.  Fill it with
 * tensu_rules_preset() and change single keys with tensu_rules_set(); the
 * fields are public so that the core's own modules read them directly.  A
 * plain value: copied with =, nothing to free. */
typedef struct tensu_rules {
    char preset[32];        /* the preset it started from ("tenhou", ...) */
    char club[96];          /* a club's rules file: the club's name ("" for a preset) */
    char notes_fr[TENSU_NOTES_SIZE]; /* the club's own notes for its sheets, per language
                                        ("" for none; printed in the rules box) */
    char notes_en[TENSU_NOTES_SIZE];
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
    bool pao_split;         /* pao charges only the yakuman that caused it (else the whole hand) */
    bool pao_suukantsu;     /* pao also for the fourth kan of suukantsu */
    bool tenhou_double;     /* a dealer's tenhou: kokushi, suuankou, chuuren count as their doubles */
    bool ippatsu;           /* the ippatsu yaku exists */
    bool ura_dora;          /* ura dora count after a winning riichi */
    bool kan_dora;          /* each kan turns up a new dora indicator */

    /* table rules: no payment of a table depends on them (0 / -1: not set) */
    int start_points;       /* points each player starts with */
    int return_points;      /* points the final score is counted from (oka = difference x players) */
    int uma_small, uma_big; /* placement bonus: 2nd/3rd and 1st/4th (+big/+small/-small/-big),
                             * in thousands; -1 when not set or given in three places */
    bool uma_three;         /* three players: the uma in uma3 (first, second, third) */
    int uma3[3];            /* three-place uma in thousands, first to third, adding up to 0 */
    int noten_total;        /* points paid in all by the players not ready at an exhaustive draw
                             * (0: no payment, -1: not set) */
    int riichi_min;         /* least points a player must hold to declare riichi (0: no minimum,
                             * -1: not set) */
    int busting;            /* 1: a player below zero ends the game, 0: play goes on, -1: unknown */
    int chombo;             /* points a chombo costs, -1 when unknown */

    /* classical family (see tensu_classical_*) */
    tensu_family family;
    int limit;              /* most a non-East loser pays a non-East winner (0: none) */
    int rounding;           /* each payment rounded up to a multiple of this (1, 2, 10) */
    bool east_double;       /* East pays and receives double */
    int flower_points;      /* basic points per flower or season */
    int mahjong_points;     /* basic points for going out */
} tensu_rules;

/* Description of one rule key, for listings and help. */
typedef struct tensu_rule_key {
    const char *name;    /* "kiriage" */
    const char *values;  /* allowed values: "yes|no", "2|4", "0..4" */
    const char *help;    /* one sentence */
    tensu_family family; /* the family the key belongs to ("family" itself: riichi) */
    const char *unset;   /* the value that says "not set" (a table rule: "0", "-1", "none",
                          * "unknown"), as tensu_rules_get writes it; NULL for a key that
                          * always has a value */
} tensu_rule_key;

/* Does the key matter under the family of r?  ("family" always does.) */
bool tensu_rule_key_applies(const tensu_rule_key *k, const tensu_rules *r);

size_t tensu_rule_key_count(void);
const tensu_rule_key *tensu_rule_key_at(size_t i);   /* NULL past the end */

/* Description of one named preset. */
typedef struct tensu_preset {
    const char *name;        /* "tenhou" */
    const char *title;       /* "Tenhou (four players)" */
    const char *source;      /* where the settings come from */
    const char *settings;    /* the preset as data: "kiriage=no kazoe=yakuman ..." */
    const char *unconfirmed; /* the keys whose value no source read here confirms, with why */
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

/* Parse "KEY=VALUE" and set it.  Errors: TENSU_ERR_INVALID (no '='),
 * then those of tensu_rules_set.  *r is unchanged on error. */
tensu_status tensu_rules_assign(tensu_rules *r, const char *assignment, tensu_error *err);

/* Write the current value of a key as text (the form tensu_rules_set
 * accepts) into buf.  Returns false for an unknown key. */
bool tensu_rules_get(const tensu_rules *r, const char *key, char *buf, size_t size);

/* The keys whose value differs from the preset r started from (r->preset),
 * in the order `tensu rules` lists them: what --set changed.  Writes at most
 * max key names (static strings) and returns how many differ (0 when r is
 * the preset as published, or r->preset names no preset). */
size_t tensu_rules_changed(const tensu_rules *r, const char **keys, size_t max);

/* The oka: what the first player receives from the difference between the
 * return points and the start points, (return - start) x players; 0 when
 * either table rule is not set (negative when the return is below the
 * start). */
long tensu_rules_oka(const tensu_rules *r);

/* May a player call a run (chi) under the rules?  Not with three players
 * (r->players == 3): only pon and kan. */
bool tensu_chi_allowed(const tensu_rules *r);

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
/* The base points of a limit (mangan 2000 ... one yakuman 8000); 0 for
 * NONE or a value out of range. */
int64_t tensu_limit_base(tensu_limit l);
/* The least counted han that reaches a limit by itself, whatever the fu
 * (mangan 5, haneman 6, baiman 8, sanbaiman 11, kazoe yakuman 13); 0 for
 * NONE, YAKUMAN or a value out of range.  Under aotenjou nothing does. */
int tensu_limit_han(tensu_limit l);
/* A ron is paid base points times this (4; 6 for the dealer winning),
 * rounded up to 100, by the player who discarded. */
int tensu_ron_multiplier(bool dealer);
/* How many players pay a tsumo of the dealer: every other player
 * (r->players - 1). */
int tensu_dealer_tsumo_payers(const tensu_rules *r);
/* What a payer of a tsumo pays, in halves of the base points (before
 * rounding): the dealer (dealer_pays; 0 on the dealer's own tsumo) or each
 * non-dealer.  4 (2 x base) from the dealer and 2 from each other on a
 * non-dealer's tsumo, 4 from each on the dealer's; with three players under
 * sanma=north-bisection, 5 and 3, and 6 from each. */
int tensu_tsumo_share_x2(const tensu_rules *r, bool dealer_wins, bool dealer_pays);
/* Base points are fu times 2 to the power of this: han + 2 (2^3 at 1 han,
 * 2^6 at 4 han). */
int tensu_base_exponent(int han);
/* Kiriage rounds up to mangan a hand whose base points fall just short of
 * it (1920): is a hand of han and fu one, under r's limits?  Whatever r
 * says of kiriage (r->kiriage says whether it is rounded); never under
 * aotenjou (no limits), in the classical game, or with han or fu out of
 * range. */
bool tensu_kiriage_cell(const tensu_rules *r, int han, int fu);
/* Those cells on r's point table (its fu rows, tensu_fu_rows; han 1 to
 * tensu_fu_han_max()), most han first: 4 han 30 fu, 3 han 60 fu.  Writes
 * at most max to han[] and fu[]; returns the count (0 under aotenjou). */
int tensu_kiriage_cells(const tensu_rules *r, int *han, int *fu, int max);
/* What honba counters add to a ron, all payers together (honba times the
 * rules' points a counter; a tsumo splits it between its payers). */
int64_t tensu_honba_points(const tensu_rules *r, int honba);
/* The uma in points of the player who ends in place 1 .. r->players: at
 * four players +big, +small, -small, -big (thousands as the rules hold them,
 * times 1,000); at three players with a three-place uma, its value for the
 * place; 0 for a place out of range. */
int64_t tensu_uma_points(const tensu_rules *r, int place);
/* The most fu a hand can hold once rounded (a table's rows stop before:
 * tensu_fu_rows). */
#define TENSU_FU_MAX 170
/* Is fu a count a hand can have once rounded: 20, 25, or a multiple of 10
 * from 30 to TENSU_FU_MAX?  tensu_pay and tensu_evaluate refuse any other. */
bool tensu_fu_valid(int fu);
/* The most han whose payment the fu decide (4): from
 * tensu_limit_han(TENSU_LIMIT_MANGAN) on, a hand is paid as a limit whatever
 * its fu (under aotenjou too, the tables stop there: their limit rows give
 * the rest).  A table's, a chart's and a quiz's han columns are 1 to this. */
int tensu_fu_han_max(void);
/* Under aotenjou each yakuman counts as this many han. */
#define TENSU_AOTENJOU_YAKUMAN_HAN 13

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

/* The yakuman a hand of `units` yakuman units (a double yakuman counts 2)
 * is paid under the rules: all of them when yakuman add up
 * (multiple-yakuman=stack), one otherwise, a double yakuman too; 0 for 0.
 * tensu_evaluate and tensu_pay pay this many (as 13 han each under
 * aotenjou). */
int tensu_yakuman_paid(const tensu_rules *r, int units);

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

/* Split a value into payments (*out written on success).  Errors:
 * TENSU_ERR_RANGE for honba or sticks outside 0..100. */
tensu_status tensu_pay_value(const tensu_rules *r, const tensu_value *v, bool dealer,
                             bool tsumo, int honba, int sticks, tensu_payment *out,
                             tensu_error *err);

/* tensu_evaluate() then tensu_pay_value(); the errors of both. */
tensu_status tensu_pay(const tensu_rules *r, int han, int fu, int yakuman, bool dealer,
                       bool tsumo, int honba, int sticks, tensu_payment *out,
                       tensu_error *err);

/* The value of a limit row as if a hand reached it (mangan .. N x yakuman):
 * han is the lowest han of the row (5, 6, 8, 11, 13), yakuman the count for
 * TENSU_LIMIT_YAKUMAN, honba the counters included (0: none).  Errors:
 * TENSU_ERR_RANGE for no limit, a yakuman count below 1 for
 * TENSU_LIMIT_YAKUMAN, honba outside 0..100. */
tensu_status tensu_pay_limit(const tensu_rules *r, tensu_limit limit, int yakuman,
                             bool dealer, bool tsumo, int honba, tensu_payment *out,
                             tensu_error *err);

/* Every amount paid is rounded up to a multiple of this (each payer's
 * share alone): 100 points. */
#define TENSU_PAY_UNIT 100
/* Round up to a multiple of TENSU_PAY_UNIT. */
int64_t tensu_round_up_100(int64_t x);

/* ------------------------------------------------------------------ */
/* Point tables                                                        */
/* ------------------------------------------------------------------ */

#define TENSU_TABLE_MAX_FU 20    /* fu rows */
#define TENSU_TABLE_MAX_HAN 13   /* han columns */
#define TENSU_TABLE_MAX_LIMITS 12

/* Can a hand of this many han and fu occur, won this way, under the rules?
 * The answer is the cross-check's, as shipped with the program: every
 * han from the least met at that fu.  E.g. every 20 fu ron, 1 han 20/25 fu,
 * 2 han 25 fu tsumo, 1 han 110 fu tsumo cannot (tensu-crosscheck(1));
 * open-pinfu, pinfu-tsumo and double-wind-fu move those lines.  False for
 * a fu not on a row. */
bool tensu_cell_reachable(const tensu_rules *r, int han, int fu, bool dealer, bool tsumo);

/* The fu rows of a table under the rules: 20, 25, 30, 40 ... 110 (more
 * under aotenjou).  Returns the count written to rows (at most max). */
int tensu_fu_rows(const tensu_rules *r, int *rows, int max);
/* The last of them: 110, or 140 under aotenjou (no hand reaches 150 fu:
 * tensu crosscheck). */
int tensu_fu_row_top(const tensu_rules *r);

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
    int honba;                   /* counters included in every payment (0: none) */
} tensu_table;

/* Build the table: han 1..han_max (1..13), with honba counters included in
 * every payment (0: none; N: the table to print for a hand played with N
 * honba on the table).  Caller frees with tensu_table_free.  NULL with err
 * filled on error: TENSU_ERR_RANGE (han_max outside 1..13, honba outside
 * 0..100), TENSU_ERR_NOMEM. */
tensu_table *tensu_table_new(const tensu_rules *r, int han_max, int honba, tensu_error *err);
void tensu_table_free(tensu_table *t);

/* The cell for (han, fu), or NULL when the table has no such row/column. */
const tensu_cell *tensu_table_cell(const tensu_table *t, int han, int fu);

/* ------------------------------------------------------------------ */
/* Hand scorer                                                         */
/* ------------------------------------------------------------------ */

/* Tile kinds: 0..8 = 1m..9m, 9..17 = 1p..9p, 18..26 = 1s..9s,
 * 27..33 = 1z..7z (East, South, West, North, haku, hatsu, chun).
 * A red five is kind 4, 13 or 22 with a "red" mark. */
#define TENSU_TILE_KINDS 34
#define TENSU_MAX_INDICATORS 10   /* room for dora (or ura) indicators in a hand */
#define TENSU_SEEN_INDICATORS 5   /* the most a table shows: the first and four kan dora */
#define TENSU_MAX_YAKU 24
#define TENSU_MAX_FU_ITEMS 12
#define TENSU_MAX_ALTERNATIVES 8

/* Winds: seat and round.  The East seat is the dealer. */
enum { TENSU_EAST = 0, TENSU_SOUTH, TENSU_WEST, TENSU_NORTH };

typedef enum tensu_meld_type {
    TENSU_MELD_CHI = 0,     /* a run called from the left */
    TENSU_MELD_PON,         /* a triplet called from a discard */
    TENSU_MELD_MINKAN,      /* an open kan called from a discard */
    TENSU_MELD_ANKAN,       /* a closed kan: the hand stays closed */
    TENSU_MELD_SHOUMINKAN   /* a kan added to a pon */
} tensu_meld_type;

typedef struct tensu_meld {
    tensu_meld_type type;
    int tile;               /* lowest tile kind of the meld */
    int red;                /* red fives in the meld */
} tensu_meld;

/* One winning hand, as the scorer reads it.  Fill it with tensu_hand_init()
 * then tensu_hand_parse() / tensu_hand_add_meld() / tensu_hand_set_win() /
 * tensu_tiles_parse(), or set the fields directly. */
typedef struct tensu_hand {
    uint8_t tiles[TENSU_TILE_KINDS]; /* concealed tiles; the winning tile may be among them */
    int ntiles;
    int red[3];             /* red fives among tiles[], per suit (m, p, s) */
    int win;                /* winning tile kind, -1 when not given */
    bool win_red;           /* the winning tile is a red five */
    int nmelds;
    tensu_meld melds[4];
    bool tsumo;             /* self-drawn (false: ron) */
    int seat, round;        /* TENSU_EAST .. TENSU_NORTH (defaults: South seat, East round) */
    int ndora, nura;
    int dora[TENSU_MAX_INDICATORS];   /* dora indicator tile kinds */
    int ura[TENSU_MAX_INDICATORS];    /* ura dora indicators (count only with riichi) */
    bool riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan;
    bool tenhou, chiihou, renhou;
    int honba, sticks;      /* honba counters, riichi sticks on the table */
    int nukidora;           /* three players: North tiles set aside */
    int pao;                /* seat of the player liable (pao), -1 for none; see tensu_score */
} tensu_hand;

/* Empty hand with the defaults (seat South, round East, no win tile, pao -1). */
void tensu_hand_init(tensu_hand *h);

/* Is the hand open: has it a called meld (chi, pon, open kan)?  A closed
 * kan keeps it closed. */
bool tensu_hand_open(const tensu_hand *h);

/* Parse mpsz tiles ("123m406p77z"; 0 = red five) into kinds[]/red[] (at
 * most max tiles); spaces and commas between them are skipped ("123m 456p",
 * "4m,2p").  Errors: TENSU_ERR_INVALID naming the bad character and its
 * 1-based column in err->column. */
tensu_status tensu_tiles_parse(const char *text, int *kinds, bool *red, int max, int *n,
                               tensu_error *err);

/* Add concealed tiles in the compact notation "TILES[+WIN]": mpsz tiles,
 * and optionally "+" and the winning tile ("234m1122z+1z"; spaces between
 * tiles allowed: "234m 1122z + 1z").  Checks every character, and that no
 * tile has a fifth copy.  Errors: TENSU_ERR_INVALID
 * (an unknown letter, a digit without its suit, no tiles, a fifth copy,
 * more than one winning tile), with the 1-based column in err->column. */
tensu_status tensu_hand_parse(const char *text, tensu_hand *h, tensu_error *err);
/* The winning tile, one mpsz tile ("1z", "0p").  Errors: TENSU_ERR_INVALID
 * (not exactly one tile; the column in err->column). */
tensu_status tensu_hand_set_win(tensu_hand *h, const char *tile, tensu_error *err);
/* A called meld (or closed kan): 3 tiles for chi/pon, 4 for kans ("1111s").
 * TENSU_ERR_INVALID for an impossible meld. */
tensu_status tensu_hand_add_meld(tensu_hand *h, tensu_meld_type type, const char *tiles,
                                 tensu_error *err);
/* "chi", "pon", "minkan" (or "daiminkan"), "ankan", "shouminkan" (or "kakan");
 * false for another word. */
bool tensu_meld_type_parse(const char *word, tensu_meld_type *out);
const char *tensu_meld_type_name(tensu_meld_type t);
/* "E"/"S"/"W"/"N" (or "0".."3", "east" ...); -1 for another word or NULL. */
int tensu_wind_parse(const char *word);

/* The mpsz name of a tile kind ("1m", "7z"; "0p" when red).  buf >= 3. */
const char *tensu_tile_name(int kind, bool red, char *buf);
/* Write tiles in the mpsz notation ("123m0p55z"), the one writer of a hand:
 * counts[k] copies of each tile kind k (TENSU_TILE_KINDS counts, read
 * only), in kind order, each suit's digits then its letter; of the fives of
 * suit s (0..2: m, p, s), red[s] are red, written 0 before the plain ones
 * (red may be NULL: none).  Writes at most size bytes into buf (NULL when
 * size is 0), NUL-terminated whenever size > 0, the text cut short when it
 * does not fit; returns the length of the whole text (without the NUL), as
 * snprintf does.  The text reads back with tensu_tiles_parse. */
size_t tensu_tiles_write(const int *counts, const int *red, char *buf, size_t size);
/* The tiles of a meld in the same notation and with the same contract
 * ("340m" for a chi of 3m 4m and a red 5m, "055p", "1111s"): its m->red
 * red fives written 0.  "?" for a meld whose tile cannot start it. */
size_t tensu_meld_write(const tensu_meld *m, char *buf, size_t size);
/* Is the tile kind (0..33) in the set the rules play with?  Three players
 * play without the characters 2 to 8 (kinds 1..7). */
bool tensu_tile_in_play(const tensu_rules *r, int kind);

/* Every yaku, in the canonical order of the hand record format. */
typedef enum tensu_yaku_id {
    TENSU_YAKU_MENZEN_TSUMO = 0, TENSU_YAKU_RIICHI, TENSU_YAKU_DOUBLE_RIICHI,
    TENSU_YAKU_IPPATSU, TENSU_YAKU_HAITEI, TENSU_YAKU_HOUTEI, TENSU_YAKU_RINSHAN,
    TENSU_YAKU_CHANKAN, TENSU_YAKU_TENHOU, TENSU_YAKU_CHIIHOU, TENSU_YAKU_RENHOU,
    TENSU_YAKU_HAKU, TENSU_YAKU_HATSU, TENSU_YAKU_CHUN, TENSU_YAKU_SEAT_WIND,
    TENSU_YAKU_ROUND_WIND, TENSU_YAKU_PINFU, TENSU_YAKU_TANYAO, TENSU_YAKU_IIPEIKOU,
    TENSU_YAKU_SANSHOKU, TENSU_YAKU_ITTSU, TENSU_YAKU_CHANTA, TENSU_YAKU_CHIITOITSU,
    TENSU_YAKU_TOITOI, TENSU_YAKU_SANANKOU, TENSU_YAKU_SANKANTSU,
    TENSU_YAKU_SANSHOKU_DOUKOU, TENSU_YAKU_HONROUTOU, TENSU_YAKU_SHOUSANGEN,
    TENSU_YAKU_HONITSU, TENSU_YAKU_JUNCHAN, TENSU_YAKU_RYANPEIKOU, TENSU_YAKU_CHINITSU,
    TENSU_YAKU_KOKUSHI, TENSU_YAKU_KOKUSHI_13, TENSU_YAKU_SUUANKOU,
    TENSU_YAKU_SUUANKOU_TANKI, TENSU_YAKU_DAISANGEN, TENSU_YAKU_DAISUUSHII,
    TENSU_YAKU_SHOUSUUSHII, TENSU_YAKU_TSUUIISOU, TENSU_YAKU_RYUUIISOU,
    TENSU_YAKU_CHINROUTOU, TENSU_YAKU_SUUKANTSU, TENSU_YAKU_CHUUREN,
    TENSU_YAKU_JUNSEI_CHUUREN,
    TENSU_YAKU_COUNT
} tensu_yaku_id;

/* Canonical name ("menzen_tsumo" ...), NULL out of range. */
const char *tensu_yaku_name(tensu_yaku_id id);
/* The id of a canonical name; -1 when unknown. */
int tensu_yaku_lookup(const char *name);
/* What a yaku is worth under the rules: han when closed and when open (0:
 * not allowed open), yakuman units (0 for an ordinary yaku; 2 for a double
 * yakuman under double-yakuman=yes).  false when the yaku does not exist
 * under the rules (renhou=off, the classical family).  Any out pointer may
 * be NULL.  The scorer counts exactly these. */
bool tensu_yaku_value(const tensu_rules *r, tensu_yaku_id id, int *closed, int *open,
                      int *yakuman);
/* Is the yaku worth fewer han open than closed under the rules (kuisagari:
 * sanshoku, ittsu, chanta, junchan, honitsu, chinitsu)?  From
 * tensu_yaku_value. */
bool tensu_yaku_worth_less_open(const tensu_rules *r, tensu_yaku_id id);

typedef struct tensu_yaku_item {
    tensu_yaku_id id;
    const char *name;       /* canonical name (static) */
    int han;                /* 0 for a yakuman */
    int yakuman;            /* yakuman units (2 for a double yakuman), 0 otherwise */
} tensu_yaku_item;

/* Why a hand counts some fu: one value per reason the scorer gives.  The
 * fu each is worth is in its tensu_fu_item; the rules move some.  A set
 * is open when called, closed when concealed; "terminals" means
 * terminals or honours. */
typedef enum tensu_fu_reason {
    TENSU_FU_BASE = 0,                 /* 20, any winning hand but seven pairs */
    TENSU_FU_CLOSED_RON,               /* 10, a closed hand won by ron */
    TENSU_FU_TSUMO,                    /* 2, won by tsumo (not with pinfu, nor on a
                                          kan's replacement tile under rinshan-fu=0) */
    TENSU_FU_PINFU_TSUMO,              /* 2, the tsumo kept with pinfu (pinfu-tsumo=30) */
    TENSU_FU_OPEN_PINFU,               /* an open hand with no fu won by ron, raised to
                                          open-pinfu (10 under open-pinfu=30) */
    TENSU_FU_SEVEN_PAIRS,              /* 25, seven pairs, flat and never rounded */
    TENSU_FU_OPEN_TRIPLET_SIMPLES,     /* 2 */
    TENSU_FU_OPEN_TRIPLET_TERMINALS,   /* 4 */
    TENSU_FU_CLOSED_TRIPLET_SIMPLES,   /* 4 */
    TENSU_FU_CLOSED_TRIPLET_TERMINALS, /* 8 */
    TENSU_FU_OPEN_KAN_SIMPLES,         /* 8 */
    TENSU_FU_OPEN_KAN_TERMINALS,       /* 16 */
    TENSU_FU_CLOSED_KAN_SIMPLES,       /* 16 */
    TENSU_FU_CLOSED_KAN_TERMINALS,     /* 32 */
    TENSU_FU_RON_TRIPLET_SIMPLES,      /* 2, a concealed triplet completed by ron: open */
    TENSU_FU_RON_TRIPLET_TERMINALS,    /* 4, the same of terminals */
    TENSU_FU_DRAGON_PAIR,              /* 2, a pair of dragons */
    TENSU_FU_SEAT_WIND_PAIR,           /* 2, a pair of the seat wind */
    TENSU_FU_ROUND_WIND_PAIR,          /* 2, a pair of the round wind */
    TENSU_FU_DOUBLE_WIND_PAIR,         /* a pair of the wind both seat and round:
                                          double-wind-fu (2 or 4) */
    TENSU_FU_KANCHAN,                  /* 2, a closed (middle) wait */
    TENSU_FU_PENCHAN,                  /* 2, an edge wait */
    TENSU_FU_TANKI,                    /* 2, a pair wait */
    TENSU_FU_REASON_COUNT
} tensu_fu_reason;

/* The reason in English, as tensu score and its JSON records write it
 * ("closed hand won by ron", "open triplet, terminals/honours"; static);
 * NULL out of range. */
const char *tensu_fu_reason_name(tensu_fu_reason reason);
/* A short id that does not change with the wording ("closed_ron",
 * "open_triplet_terminals": the value's name in lower case without
 * TENSU_FU_; static); the language catalogs key the reason's words by
 * "fu.reason.ID".  NULL out of range. */
const char *tensu_fu_reason_id(tensu_fu_reason reason);

/* A set of reasons, one bit each, for tensu_result_has_fu_in(). */
#define TENSU_FU_BIT(reason) ((uint32_t)1 << (reason))
/* A pair worth fu: of dragons, of the seat or the round wind, of both. */
#define TENSU_FU_VALUE_PAIRS                                                                  \
    (TENSU_FU_BIT(TENSU_FU_DRAGON_PAIR) | TENSU_FU_BIT(TENSU_FU_SEAT_WIND_PAIR) |              \
     TENSU_FU_BIT(TENSU_FU_ROUND_WIND_PAIR) | TENSU_FU_BIT(TENSU_FU_DOUBLE_WIND_PAIR))
/* A pair of the seat wind, the round wind or both. */
#define TENSU_FU_WIND_PAIRS                                                                   \
    (TENSU_FU_BIT(TENSU_FU_SEAT_WIND_PAIR) | TENSU_FU_BIT(TENSU_FU_ROUND_WIND_PAIR) |          \
     TENSU_FU_BIT(TENSU_FU_DOUBLE_WIND_PAIR))
/* A concealed triplet completed by ron (counted as open). */
#define TENSU_FU_RON_TRIPLETS                                                                 \
    (TENSU_FU_BIT(TENSU_FU_RON_TRIPLET_SIMPLES) | TENSU_FU_BIT(TENSU_FU_RON_TRIPLET_TERMINALS))
/* A wait worth fu: kanchan, penchan, tanki. */
#define TENSU_FU_WAITS                                                                        \
    (TENSU_FU_BIT(TENSU_FU_KANCHAN) | TENSU_FU_BIT(TENSU_FU_PENCHAN) |                         \
     TENSU_FU_BIT(TENSU_FU_TANKI))

/* One fu source: its reason, the tiles it is about (tile kind and how many
 * copies to show; tile -1 when none), and its fu. */
typedef struct tensu_fu_item {
    tensu_fu_reason reason;
    int tile;
    int ntiles;
    int fu;
} tensu_fu_item;

/* How the tiles were read. */
typedef enum tensu_shape {
    TENSU_SHAPE_STANDARD = 0,   /* four sets and a pair */
    TENSU_SHAPE_CHIITOITSU,     /* seven pairs */
    TENSU_SHAPE_KOKUSHI         /* thirteen orphans */
} tensu_shape;

typedef enum tensu_wait {
    TENSU_WAIT_RYANMEN = 0, TENSU_WAIT_KANCHAN, TENSU_WAIT_PENCHAN, TENSU_WAIT_SHANPON,
    TENSU_WAIT_TANKI, TENSU_WAIT_KOKUSHI
} tensu_wait;
const char *tensu_wait_name(tensu_wait w);   /* "ryanmen", "kanchan" ... */

/* Fu of a triplet (kan = false) or kan: open or concealed, of simples or
 * of terminals/honours (2, 4, 8, 16, 32: the scorer's own rule). */
int tensu_set_fu(bool kan, bool concealed, bool terminal_or_honour);

/* Another reading of the same tiles (the player scores the best one). */
typedef struct tensu_alternative {
    tensu_shape shape;
    tensu_wait wait;
    int han, fu, yakuman;
    tensu_limit limit;
    int64_t total;          /* what the winner would collect, before honba and sticks */
    uint64_t yaku;          /* bit (1 << tensu_yaku_id) per yaku */
} tensu_alternative;

typedef struct tensu_score_result {
    tensu_shape shape;
    tensu_wait wait;
    int han;                /* counted han with dora (0 for a yakuman hand, unless counted) */
    int fu;                 /* after rounding (0 for a yakuman hand, unless counted) */
    int yakuman;            /* yakuman units paid (after the rules), 0 for none */
    tensu_limit limit;
    int nyaku;
    tensu_yaku_item yaku[TENSU_MAX_YAKU];       /* dora not included */
    int dora, aka, ura;     /* dora counted (nukidora inside dora), red fives, ura dora */
    int nfu;
    tensu_fu_item fu_detail[TENSU_MAX_FU_ITEMS];/* before rounding; sums to fu_raw */
    int fu_raw;
    tensu_payment payment;  /* the ordinary split (tensu_pay_value) */
    /* Pao: pao_seat >= 0 when a liable player pays.  Tsumo: pao_pays is the
     * whole hand (honba included) and nobody else pays.  Ron: pao_pays and
     * discarder_pays split the ron payment half and half; the liable player
     * pays the honba. */
    int pao_seat;
    int64_t pao_pays, discarder_pays;
    int64_t total;          /* what the winner collects, honba included */
    int64_t total_with_sticks;
    int nalternatives;
    tensu_alternative alternatives[TENSU_MAX_ALTERNATIVES];
    /* aotenjou: the yakuman units of a yakuman hand paid as counted han
     * (TENSU_AOTENJOU_YAKUMAN_HAN each, at its fu: han and fu say so, and
     * yakuman is 0); 0 otherwise */
    int counted_yakuman;
} tensu_score_result;

/* Score a hand: every reading of the tiles, the best one for the player
 * (highest total, then han, then fu), and its payment.  Uses no heap; its
 * only global state is a read-only table of suit decompositions, built on
 * first use (thread-safe): safe to call from several threads.
 * Errors: TENSU_ERR_INVALID (bad tile counts, impossible melds or flag
 * combinations; err names what), TENSU_ERR_NOT_AGARI, TENSU_ERR_NO_YAKU.
 * Pao (hand->pao >= 0) applies to daisangen and daisuushii, and to a
 * rinshan win after an open kan under pao-kan=discarder (the liable player
 * is then the discarder of the kan tile and pays all). */
tensu_status tensu_score(const tensu_rules *r, const tensu_hand *hand,
                         tensu_score_result *out, tensu_error *err);

/* Does a result count the yaku?  Does it count fu for the reason?  For
 * any reason of a set (TENSU_FU_VALUE_PAIRS, TENSU_FU_RON_TRIPLETS, ... or
 * TENSU_FU_BIT(a) | TENSU_FU_BIT(b))? */
bool tensu_result_has_yaku(const tensu_score_result *s, tensu_yaku_id id);
bool tensu_result_has_fu(const tensu_score_result *s, tensu_fu_reason reason);
bool tensu_result_has_fu_in(const tensu_score_result *s, uint32_t reasons);

/* Scoring the same tiles many ways.  When one set of tiles (the concealed
 * tiles with the winning tile, and the melds) is scored for several winning
 * tiles, ron and tsumo, winds, flags, dora or counters, prepare the tiles
 * once and score each case with tensu_score_prepared(): the tile checks
 * and the decomposition into sets are done once, the rest per case.
 * A tensu_prepared is plain data: no heap, nothing to free, it may be
 * copied and shared between threads (it is only read).  Its bytes are
 * private. */
#define TENSU_PREPARED_SIZE 384
typedef struct tensu_prepared {
    union {
        uint64_t align_;
        const void *align_ptr_;
        unsigned char bytes[TENSU_PREPARED_SIZE];
    } priv;
} tensu_prepared;

/* Prepare the tiles of hand (a complete hand, as for tensu_score: its
 * numbers and tiles are checked, with the errors tensu_score gives for
 * them).  Tiles that are no winning shape are prepared all the same:
 * scoring them gives TENSU_ERR_NOT_AGARI. */
tensu_status tensu_prepare(const tensu_rules *r, const tensu_hand *hand, tensu_prepared *p,
                           tensu_error *err);

/* Exactly tensu_score(r, hand, out, err), for a hand with the prepared
 * tiles: the same concealed tiles counting the winning tile (whether
 * tiles[] holds it or not), the same melds in the same order (red fives
 * included), and rules with the same number of players.  Anything else may
 * differ: which of the tiles is the winning one, ron or tsumo, winds, flags,
 * dora and ura indicators, red fives among the concealed tiles, nukidora,
 * honba, sticks, pao, the other rules.  TENSU_ERR_INVALID when the hand does
 * not have the prepared tiles.  Errors that tensu_score would report for
 * the tiles were reported by tensu_prepare. */
tensu_status tensu_score_prepared(const tensu_prepared *p, const tensu_rules *r,
                                  const tensu_hand *hand, tensu_score_result *out,
                                  tensu_error *err);


/* ------------------------------------------------------------------ */
/* Worksheets                                                          */
/* ------------------------------------------------------------------ */

typedef enum tensu_quiz_kind {
    TENSU_QUIZ_FU = 0,      /* a hand: count its fu */
    TENSU_QUIZ_HAN,         /* a hand: name its yaku and count the han */
    TENSU_QUIZ_TABLE,       /* han and fu given: who pays what */
    TENSU_QUIZ_PAYMENT,     /* a hand with honba and sticks: the whole payment */
    TENSU_QUIZ_MIXED        /* the four kinds in turn */
} tensu_quiz_kind;

/* The traps of level 3, each tested by the kinds of exercise it concerns:
 * the fu traps on fu and payment questions, the han traps on han and
 * payment questions, the table traps on table (and payment) questions. */
typedef enum tensu_quiz_trap {
    TENSU_TRAP_NONE = 0,
    TENSU_TRAP_SHANPON_RON,   /* fu: a shanpon completed by ron: that triplet counts as open */
    TENSU_TRAP_PINFU_TSUMO,   /* fu: pinfu by tsumo: 20 fu, no tsumo fu (30 fu under
                                 pinfu-tsumo=30: the 2 fu are kept) */
    TENSU_TRAP_OPEN_PINFU,    /* fu: an open hand with no fu won by ron: 30 fu (20 under
                                 open-pinfu=20); four players only (no chi in three) */
    TENSU_TRAP_CHIITOITSU,    /* fu: seven pairs: 25 fu */
    TENSU_TRAP_TWO_READINGS,  /* fu: tiles read two ways: the player takes the better */
    TENSU_TRAP_KIRIAGE,       /* table: 4 han 30 fu or 3 han 60 fu under kiriage: mangan */
    TENSU_TRAP_NO_KIRIAGE,    /* table: the same cells without kiriage: not mangan */
    TENSU_TRAP_OPEN_HAN,      /* han: an open hand's sanshoku, ittsu, chanta, junchan,
                                 honitsu or chinitsu counts one han less */
    TENSU_TRAP_DORA_WRAP,     /* han: the indicator wraps (9 -> 1, North -> East, red
                                 dragon -> white; three players: 1m -> 9m) */
    TENSU_TRAP_LIMIT_BY_HAN,  /* table: 5 han and more: the fu no longer count */
    TENSU_TRAP_CELL_25,       /* table: 25 fu (seven pairs), never rounded */
    TENSU_TRAP_CELL_20,       /* table: 20 fu by tsumo (pinfu tsumo) */
    TENSU_TRAP_COUNT
} tensu_quiz_trap;

const char *tensu_quiz_kind_name(tensu_quiz_kind k);   /* "fu", "han", ... */
bool tensu_quiz_kind_parse(const char *word, tensu_quiz_kind *out);
const char *tensu_quiz_trap_name(tensu_quiz_trap t);   /* "shanpon-ron", ... */

/* The traps a level-3 sheet of this kind (MIXED: of any kind) draws under
 * the rules, in the order a sheet takes them: those that exist under the
 * rules (kiriage or no-kiriage, open pinfu with four players, the 20 fu and
 * 25 fu cells the rules can reach, no limits under aotenjou) and that the
 * kind tests.  Writes at most max into out; returns how many there are. */
int tensu_quiz_traps(const tensu_rules *r, tensu_quiz_kind kind, tensu_quiz_trap *out, int max);

/* The dora an indicator tile kind shows under the rules (9 -> 1, North ->
 * East, red dragon -> white dragon; three players: 1m -> 9m). */
int tensu_dora_tile(const tensu_rules *r, int indicator);
/* The indicator that makes the tile kind dora under the rules (the inverse
 * of tensu_dora_tile, among the tiles in play); -1 for none. */
int tensu_dora_indicator(const tensu_rules *r, int dora);

#define TENSU_QUIZ_MAX 60

/* One exercise and its answer.  Hand kinds: hand and result (the scorer's
 * answer under the rules); han, fu, dealer, tsumo and payment are copied
 * from it.  Table kind: han, fu, dealer, tsumo given, payment the answer. */
typedef struct tensu_exercise {
    tensu_quiz_kind kind;       /* never MIXED: the kind drawn */
    tensu_quiz_trap trap;
    tensu_hand hand;
    tensu_score_result result;
    int han, fu;
    bool dealer, tsumo;
    tensu_payment payment;
} tensu_exercise;

/* Draw count (1..TENSU_QUIZ_MAX) exercises of a kind and level from seed
 * into out[].  Level 1: closed hands (no call, no kan) with one reading and
 * a simple wait (ryanmen, kanchan, penchan or tanki: no shanpon, no wait
 * read two ways), no pair that scores fu, no pinfu by tsumo; the yaku vary
 * (riichi, menzen tsumo, tanyao, yakuhai).  Level 2: calls, kans, wind
 * pairs, every wait.  Level 3: the traps of tensu_quiz_traps in turn, each
 * at least once when count allows, each on a kind that tests it.  Table
 * questions keep mostly to 1-4 han, where the fu matter.  The same rules,
 * kind, level, count and seed give the same exercises; no hand comes
 * twice.  Hands are generated (no red fives), scored by tensu_score.
 * Errors: TENSU_ERR_RANGE (a bad argument), TENSU_ERR_INVALID (classical
 * rules).  No heap. */
tensu_status tensu_quiz_make(const tensu_rules *r, tensu_quiz_kind kind, int level, int count,
                             uint64_t seed, tensu_exercise *out, tensu_error *err);

/* ------------------------------------------------------------------ */
/* Chart verifier                                                      */
/* ------------------------------------------------------------------ */

/* A published point chart, read into one model whatever its format: a
 * list of cells, each one amount (or an empty/impossible mark) for one
 * han/fu (or limit row) and one payment column. */

typedef enum tensu_chart_format {
    TENSU_CHART_AUTO = 0,  /* detect from the bytes (tensu_chart_detect) */
    TENSU_CHART_CSV,       /* long layout: one row per han/fu, five payment columns */
    TENSU_CHART_GRID,      /* rows of fu, columns of han, "1000 (300/500)" cells */
    TENSU_CHART_JSON,      /* tensu table --format json (read by the caller, see below) */
    TENSU_CHART_WIKI,      /* MediaWiki template lines "|2and30tsumo=500/1000" */
    TENSU_CHART_LATEX,     /* tabular rows: ron line, then "(400-700)" tsumo line */
    TENSU_CHART_HTML,      /* a web page's tables and text (read by the caller into words) */
    TENSU_CHART_PDF,       /* a PDF document's text with positions (likewise) */
    TENSU_CHART_SVG,       /* an SVG picture's text (likewise) */
    TENSU_CHART_PICTURE    /* a PNG or JPEG picture, read by OCR (likewise) */
} tensu_chart_format;

/* "auto", "csv", "grid", "json", "wiki", "latex", "html", "pdf", "svg",
 * "picture". */
const char *tensu_chart_format_name(tensu_chart_format f);
/* The format of a name ("text" and "md" are accepted for grid); false when
 * the name is not one. */
bool tensu_chart_format_parse(const char *name, tensu_chart_format *out);
/* Guess the format from the bytes: never returns TENSU_CHART_AUTO. */
tensu_chart_format tensu_chart_detect(const char *data, size_t len);

/* The five payment columns of a chart row. */
typedef enum tensu_chart_pay {
    TENSU_CHART_NONDEALER_RON = 0,                 /* non-dealer wins by ron */
    TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER,    /* non-dealer tsumo: each non-dealer pays */
    TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER,       /* non-dealer tsumo: the dealer pays */
    TENSU_CHART_DEALER_RON,                        /* dealer wins by ron */
    TENSU_CHART_DEALER_TSUMO_EACH,                 /* dealer tsumo: each pays */
    /* Not payments but what a chart may print beside the shares, "1 100
     * (300/500)", "1500 (500 all)": what the winner receives in all on a
     * tsumo.  Checked against the engine's total and against the cell's own
     * shares; not counted in a full table's cells. */
    TENSU_CHART_NONDEALER_TSUMO_TOTAL,
    TENSU_CHART_DEALER_TSUMO_TOTAL
} tensu_chart_pay;
#define TENSU_CHART_PAYS 5     /* the payments: full[] and covered[] below */
#define TENSU_CHART_COLUMNS 7  /* the payments and the two totals */

/* "nondealer_ron", "nondealer_tsumo_from_nondealer", ... (the CSV header
 * names; "nondealer_tsumo_total", "dealer_tsumo_total" for the totals) and
 * "non-dealer ron", "non-dealer tsumo, each non-dealer's share", ... for
 * people. */
const char *tensu_chart_pay_key(tensu_chart_pay p);
const char *tensu_chart_pay_text(tensu_chart_pay p);
bool tensu_chart_pay_dealer(tensu_chart_pay p);   /* the winner is the dealer */
bool tensu_chart_pay_tsumo(tensu_chart_pay p);

/* Where a cell stands in a document, as a person finds it: its page, the
 * row and the column of its table as printed (the header's row is row 1,
 * the labels' column is column 1), and its box on the page or picture (in
 * the document's units: points, pixels, or text columns and lines).  Every
 * field is 0 when the document does not say. */
typedef struct tensu_place {
    int page;                /* from 1 */
    int row, col;            /* in its table, from 1 */
    double x1, y1, x2, y2;   /* y grows downwards */
} tensu_place;

/* How the chart marks a cell beside its value. */
typedef enum tensu_chart_mark {
    TENSU_MARK_NONE = 0,
    TENSU_MARK_IMPOSSIBLE,   /* the chart says the cell cannot occur ('*', reachable:false) */
    TENSU_MARK_NOTE          /* another footnote mark (a dagger ...) */
} tensu_chart_mark;

typedef struct tensu_chart_cell {
    int han;                 /* counted han; 0 in a row named by its limit */
    int fu;                  /* 0 when the row gives no fu (limit rows, "5,," rows) */
    tensu_limit limit;       /* a row named "mangan" ... "2x_yakuman"; NONE otherwise */
    int yakuman;             /* TENSU_LIMIT_YAKUMAN rows: the multiplier (1, 2 ...) */
    tensu_chart_pay pay;     /* which payment */
    bool empty;              /* left empty or marked impossible ("-", "---", "null", "0") */
    tensu_chart_mark mark;
    int64_t value;           /* the amount when !empty */
    int line, column;        /* 1-based position of the cell's text, 0 when unknown */
    int table;               /* which table of the document, from 1 (0: not said) */
    tensu_place place;       /* where it stands (page, the table's row and column, x, y) */
} tensu_chart_cell;

/* A chart: owns its cells.  Free with tensu_chart_free. */
typedef struct tensu_chart tensu_chart;

/* An empty chart; name is kept for messages (may be NULL).  NULL when out
 * of memory. */
tensu_chart *tensu_chart_new(const char *name, tensu_chart_format format);
void tensu_chart_free(tensu_chart *c);
/* The most cells a chart holds: bounded work on any input (a full point
 * table has about 700 cells, a rule book's every table a few thousand). */
#define TENSU_CHART_MAX_CELLS 20000
/* Append a cell (copied).  TENSU_ERR_NOMEM, or TENSU_ERR_RANGE for a cell
 * that names no han and no limit, or past TENSU_CHART_MAX_CELLS. */
tensu_status tensu_chart_add(tensu_chart *c, const tensu_chart_cell *cell, tensu_error *err);
/* The rules the chart states about itself (a JSON table's "rules", the
 * header line of tensu's text table); NULL when it states none. */
void tensu_chart_set_rules(tensu_chart *c, const tensu_rules *r);
const tensu_rules *tensu_chart_rules(const tensu_chart *c);
size_t tensu_chart_count(const tensu_chart *c);
const tensu_chart_cell *tensu_chart_cell_at(const tensu_chart *c, size_t i); /* NULL past end */
const char *tensu_chart_name(const tensu_chart *c);
tensu_chart_format tensu_chart_format_of(const tensu_chart *c);
/* The number of players the chart's words name ("three-player", "sanma",
 * "三人麻雀", "3 joueurs"): 3, or 0 when they name none; *line (may be NULL)
 * gets the line and *word (may be NULL, 24 bytes) the word.  The readers set
 * it; tensu_verify takes it where the values do not tell. */
void tensu_chart_set_players(tensu_chart *c, int players, int line, const char *word);
int tensu_chart_players(const tensu_chart *c, int *line, char *word);

/* What a reader saw but could not take as cells.  An error for a cell
 * that holds a value it cannot read, or is incomplete (one tsumo share of
 * two); a warning for a line with numbers that is not part of a table it
 * understood.  The reading goes on after each: a chart is never said to be
 * right about cells that were not read. */
typedef struct tensu_chart_note {
    bool error;
    bool inferred;           /* not a problem: what the reader inferred (a table's side) */
    int line, column;        /* 1-based; column 0 for the whole line */
    char text[48];           /* the text there, UTF-8 kept, cut at 40 bytes ("..." added) */
    char why[160];           /* what was expected there */
    int cells;               /* how many of the chart's cells it leaves unread (an
                              * unreadable cell: 1 or more; a line of amounts not read:
                              * its amounts; 0 for prose and what was inferred) */
    int table;               /* the table it is in, from 1 (0: none) */
    int han, fu;             /* the hand of the cell it is about (0: no one cell, or a
                              * limit's) */
    bool has_pay;            /* that cell holds one payment only, pay */
    tensu_chart_pay pay;
    tensu_place place;
} tensu_chart_note;
/* The most notes a chart keeps (bounded work); the last one then says so. */
#define TENSU_CHART_MAX_NOTES 1000

/* Add a note (copied).  TENSU_ERR_NOMEM. */
tensu_status tensu_chart_note_add(tensu_chart *c, const tensu_chart_note *n, tensu_error *err);
size_t tensu_chart_note_count(const tensu_chart *c);
const tensu_chart_note *tensu_chart_note_at(const tensu_chart *c, size_t i); /* NULL past end */

/* The yakuman a chart row stands for: its yakuman count on a yakuman row
 * (one when it gives none), or 26, 39 ... han (the josun-go way) for 2x,
 * 3x ...; 0 otherwise. */
int tensu_chart_row_yakuman(int han, tensu_limit limit, int yakuman);
/* What the engine pays for a chart row (the one reading of a row for the
 * readers and the verifier): a yakuman row by its count, a kazoe yakuman
 * row as 13 han, another limit by its name, else han and fu (a row without
 * fu, 5 han or more, at 30).  Errors: those of tensu_pay. */
tensu_status tensu_chart_row_pay(const tensu_rules *r, int han, int fu, tensu_limit limit,
                                 int yakuman, bool dealer, bool tsumo, int honba,
                                 tensu_payment *out, tensu_error *err);

/* How the document names a place, for the report. */
typedef enum tensu_places {
    TENSU_PLACES_TEXT = 0,   /* line and column of a text file */
    TENSU_PLACES_CSV,        /* a spreadsheet's cell: "D33" (column letter, line) */
    TENSU_PLACES_LINES,      /* a web page's or an SVG's lines */
    TENSU_PLACES_PAGES,      /* a PDF's pages, tables, rows and columns */
    TENSU_PLACES_PICTURE     /* a picture's tables, rows and columns, and pixels */
} tensu_places;
void tensu_chart_set_places(tensu_chart *c, tensu_places places);
tensu_places tensu_chart_places(const tensu_chart *c);

/* ------------------------------------------------------------------ */
/* Reading a chart: the words of a document, where they stand (26)     */
/* ------------------------------------------------------------------ */

/* Every chart is read as a person reads it, by where its words stand,
 * whatever its file: a format's reader turns the document into words, each
 * with its box, and tensu_chart_from_words finds the tables in them (their
 * headings, headers, row labels, columns and cells) and reads each cell
 * with the grammar below.  The text formats (a text grid, Markdown, CSV,
 * LaTeX, a wiki template) are turned into words here; a web page, a PDF,
 * an SVG and a picture by the caller (they need a document library). */

enum {
    TENSU_WORD_BOLD = 1,     /* printed bold */
    TENSU_WORD_TURNED = 2,   /* printed upside down (a tent card's far face) */
    TENSU_WORD_INK = 4       /* a mark that was seen but not read (text "?") */
};

typedef struct tensu_word {
    const char *text;        /* UTF-8, not empty; no '\n' or '\t' */
    double x1, y1, x2, y2;   /* its box, y downwards; in the page's units (points,
                              * pixels; a text file's columns and lines) */
    int page;                /* from 1; 0 when the document has no pages */
    int cell;                /* the source's own cell (an HTML cell, a CSV field, a
                              * '|' cell): words of one cell share a number > 0; 0 when
                              * the source does not say */
    int line, column;        /* where the source has it: a text's line and byte column,
                              * a page's source line; 0 unknown */
    int field;               /* the source's column of cells (a CSV's field), from 1; 0
                              * when it has none */
    float conf;              /* how sure the reading is, 0 to 100 (OCR); 100 for text */
    unsigned flags;          /* TENSU_WORD_* */
} tensu_word;

/* A document's words.  Free with tensu_words_free. */
typedef struct tensu_words tensu_words;
/* An empty list; NULL when out of memory. */
tensu_words *tensu_words_new(tensu_places places);
void tensu_words_free(tensu_words *w);
/* Append a word (its text copied).  TENSU_ERR_NOMEM; TENSU_ERR_RANGE past
 * TENSU_WORDS_MAX (bounded work); TENSU_ERR_INVALID for an empty text or a
 * box that is not one. */
#define TENSU_WORDS_MAX 200000
tensu_status tensu_words_add(tensu_words *w, const tensu_word *word, tensu_error *err);
/* A page's size (what a turned word is turned about); pages without one
 * take the extent of their words. */
tensu_status tensu_words_page_size(tensu_words *w, int page, double width, double height,
                                   tensu_error *err);
size_t tensu_words_count(const tensu_words *w);
const tensu_word *tensu_words_at(const tensu_words *w, size_t i); /* NULL past end */
tensu_places tensu_words_places(const tensu_words *w);
/* The rules a document states about itself (the JSON table's "rules"):
 * copied to the chart.  NULL clears. */
void tensu_words_set_rules(tensu_words *w, const tensu_rules *r);

/* Read a box of the page again, for a word the reading is not sure of or
 * a mark it saw but could not read: the text found there (one line, or the
 * cell's lines separated by '\n') into text, how sure in *conf; false when
 * nothing could be read.  The caller's (an OCR): the core reads no pixels. */
typedef bool (*tensu_reread_fn)(void *ctx, int page, double x1, double y1, double x2,
                                double y2, char *text, size_t size, float *conf);

/* How sure the OCR must be of a word (0 to 100) when the options do not say. */
#define TENSU_OCR_SURE 75

typedef struct tensu_read_options {
    float min_conf;          /* a word read with less is not sure (0: TENSU_OCR_SURE) */
    tensu_reread_fn reread;  /* may be NULL */
    void *ctx;
} tensu_read_options;

/* The chart in a document's words: every table found in them, each cell
 * read at its place (tensu_chart_cell.place), and a note for every cell
 * that could not be read and every line of amounts that is no table's.
 * name is kept for messages; format is what the report calls the document.
 * opt may be NULL.  TENSU_ERR_INVALID when no table is found (err says
 * what was looked for).  On success *out is a new chart (caller frees). */
tensu_status tensu_chart_from_words(const tensu_words *w, const char *name,
                                    tensu_chart_format format, const tensu_read_options *opt,
                                    tensu_chart **out, tensu_error *err);

/* The words of a text format (GRID: a text grid or Markdown; CSV; WIKI;
 * LATEX; AUTO detects): each word at its line and column.  TENSU_ERR_INVALID
 * for another format; on success *out is new (caller frees). */
tensu_status tensu_words_from_text(const char *data, size_t len, tensu_chart_format format,
                                   tensu_words **out, tensu_error *err);

/* Read a chart from memory (len bytes, need not be NUL-terminated): its
 * words (tensu_words_from_text), then its tables (tensu_chart_from_words).
 * name is used in messages.  format AUTO detects it; the other formats are
 * read by the caller into words.  Unreadable input: TENSU_ERR_INVALID with
 * err->line/column and a message saying what was expected.  On success
 * *out is a new chart (caller frees). */
tensu_status tensu_chart_read(const char *data, size_t len, const char *name,
                              tensu_chart_format format, tensu_chart **out, tensu_error *err);

/* -- The grammar of a chart's cells and labels -------------------------- */

/* One amount of a cell, where it stands in the cell's text. */
typedef struct tensu_cell_amount {
    int64_t value;
    bool empty;              /* an empty mark in its place (the '-' of "- (400/700)") */
    tensu_chart_mark mark;   /* '*' (cannot occur), a dagger */
    size_t at;               /* its byte offset in the text */
} tensu_cell_amount;

/* What a cell's text says: a first amount (a ron, or a tsumo's total),
 * then the tsumo shares, as charts print them: "1,000 (300/500)", "1,500"
 * over "500 all", "(400-700)", "800 [500-300]", "7 700 (3 900 chacun)",
 * "500オール", "-" ... */
typedef struct tensu_cell_text {
    bool empty;              /* the whole cell is an empty mark ("-", "—", "×", "null", "0") */
    bool has_first;
    tensu_cell_amount first;
    int shares;              /* 0, 1 ("(500)", "500 all") or 2 ("300/500") */
    tensu_cell_amount share[2];
    bool all;                /* one share said to be each player's ("all", "chacun", "オール") */
    bool below;              /* the shares on a line of their own, under the first */
    bool grouped;            /* the shares in parentheses or brackets */
    /* A tsumo's total before its shares on their own line, the first amount
     * above them being the ron: "1,000" over "1,100 (300/500)". */
    bool has_total;
    tensu_cell_amount total;
} tensu_cell_text;

/* Read a cell's text: its lines separated by '\n', the parts of a line
 * that stand apart (a wide gap, another column of the same cell) by '\t'.
 * 0 when the text is a cell; else the 1-based offset where it stops being
 * one (out then holds what was read before). */
size_t tensu_cell_parse(const char *text, size_t len, tensu_cell_text *out);
/* The word after a dealer's tsumo share that says each player pays it, at
 * the start of t (n bytes): "all", "each", "chacun" (any case), "オール",
 * "∀".  Its length, 0 when there is none. */
size_t tensu_cell_all_word(const char *t, size_t n);
/* One amount at the start of text: "7700", "7,700", "7 700", "7.700";
 * the bytes it takes, 0 when none (also for digits after a leading 0:
 * "00", "0500" are no amounts). */
size_t tensu_amount_parse(const char *text, size_t len, int64_t *out);
/* The whole text is an empty mark. */
bool tensu_empty_mark(const char *text, size_t len);

/* What a row label or a column head says. */
typedef enum tensu_label_kind {
    TENSU_LABEL_NONE = 0,
    TENSU_LABEL_NUMBER,      /* a number without its unit: "30", "4" */
    TENSU_LABEL_HAN,         /* "4 han", "4翻", "4-han" */
    TENSU_LABEL_FU,          /* "30 fu", "30符" */
    TENSU_LABEL_HAN_RANGE,   /* "6-7", "13+", "8-10 han": a limit's han */
    TENSU_LABEL_LIMIT        /* "Mangan", "満貫", "2x yakuman", "Mangan 5 han" */
} tensu_label_kind;

typedef struct tensu_label {
    tensu_label_kind kind;
    int value;               /* the number; a range's first han */
    int last;                /* a range's last han (0: "13+", open) */
    tensu_limit limit;       /* TENSU_LABEL_LIMIT */
    int yakuman;             /* a yakuman row's count (1, 2 ...) */
} tensu_label;

/* Read a label or head (the whole text).  False when it is none. */
bool tensu_label_parse(const char *text, size_t len, tensu_label *out);
/* The limit a limits table's row names by its han alone ("5 han" mangan,
 * "6-7" haneman ... "13+" the yakuman row, as charts name their last
 * row): a number, or a range that spans one limit's han exactly
 * (tensu_limit_han); NONE otherwise. */
tensu_limit tensu_label_han_limit(const tensu_label *l);

/* What a finding is about. */
typedef enum tensu_finding_kind {
    TENSU_FINDING_WRONG = 0,     /* error: the value is not what the engine pays */
    TENSU_FINDING_NO_SUCH_CELL,  /* error: a han/fu the engine has no value for (35 fu ...) */
    TENSU_FINDING_IMPOSSIBLE,    /* warning: a value for a hand that cannot occur */
    TENSU_FINDING_NOT_IMPOSSIBLE,/* warning: marked impossible, but the hand can occur */
    TENSU_FINDING_EMPTY,         /* warning: left empty, but the hand can occur */
    TENSU_FINDING_MISSING,       /* warning: rows of cells that can occur are absent */
    TENSU_FINDING_DUPLICATE,     /* warning: the same cell given twice, differently */
    TENSU_FINDING_UNREADABLE,    /* error: a cell that could not be read (a chart note) */
    TENSU_FINDING_NOT_READ,      /* warning: a line with numbers not read (a chart note) */
    TENSU_FINDING_INFERRED       /* warning: whose table it is, inferred (no heading says) */
} tensu_finding_kind;

/* The likely cause of a wrong value. */
typedef enum tensu_cause {
    TENSU_CAUSE_NONE = 0,        /* none of the causes below explains it */
    TENSU_CAUSE_OTHER_PAYER,     /* the value of another payment column of the same row */
    TENSU_CAUSE_KIRIAGE,         /* the value under the other kiriage rule */
    TENSU_CAUSE_KAZOE,           /* the value under the other 13-han rule */
    TENSU_CAUSE_YAKUMAN_MULTIPLIER, /* another multiple of the yakuman value */
    TENSU_CAUSE_ROUNDING,        /* missing, extra or misplaced rounding */
    TENSU_CAUSE_NEIGHBOUR_HAN,   /* the value of the cell one han up or down */
    TENSU_CAUSE_NEIGHBOUR_FU,    /* the value of the fu row above or below */
    TENSU_CAUSE_DIGIT_TYPO,      /* one digit changed, dropped, added, or two swapped */
    TENSU_CAUSE_SHARES,          /* a total that is not the sum of its own cell's shares */
    TENSU_CAUSE_HONBA            /* the value with another number of honba counters */
} tensu_cause;

/* "none", "other_payer", "kiriage", "kazoe", "yakuman_multiplier",
 * "rounding", "neighbour_han", "neighbour_fu", "digit_typo", "shares",
 * "honba". */
const char *tensu_cause_name(tensu_cause c);
/* "wrong", "no_such_cell", "impossible", ... */
const char *tensu_finding_kind_name(tensu_finding_kind k);

typedef struct tensu_finding {
    tensu_finding_kind kind;
    bool error;              /* an error (else a warning) */
    int cell;                /* index of the chart cell, -1 for a finding about rows */
    int line, column;        /* position in the chart, 0 when unknown */
    int table;               /* the table, from 1 (0: none or not said) */
    tensu_place place;       /* where it stands (page, row and column of its table, box) */
    char where[96];          /* "3 han 50 fu, non-dealer ron", "2x_yakuman, dealer ron" */
    int64_t found;           /* the chart's value (-1 when none) */
    int64_t expected;        /* the engine's value (-1 when none) */
    tensu_cause cause;       /* for TENSU_FINDING_WRONG */
    char message[224];       /* the explanation, one line */
    char also[160];          /* other causes that also fit, "" when none */
} tensu_finding;

/* How a rule variant was settled. */
typedef enum tensu_guess {
    TENSU_GUESS_GIVEN = 0,   /* given by --rules/--set, or not inferred */
    TENSU_GUESS_UNDECIDED,   /* the chart lacks the deciding cells: kept the base value */
    TENSU_GUESS_SURE,        /* every deciding cell agrees (2 or more) */
    TENSU_GUESS_LIKELY,      /* one deciding cell, or some cells match neither value */
    TENSU_GUESS_MIXED        /* cells follow both values: the majority wins */
} tensu_guess;

const char *tensu_guess_name(tensu_guess g);  /* "given", "undecided", "sure", ... */

typedef struct tensu_variant {
    char key[24];            /* rule key: "kiriage", "kazoe", "multiple-yakuman" */
    char value[24];          /* the value verified against */
    tensu_guess guess;
    int agree;               /* deciding cells that follow value */
    int disagree;            /* deciding cells that follow the other value */
    int neither;             /* deciding cells that follow no value */
    char text[224];          /* one line: what decided it, or what is lacking */
} tensu_variant;

/* Bits of tensu_verify's infer argument: which keys to infer from the chart.
 * PLAYERS: four or three players (from the totals and the North's share
 * split, else the chart's words), then played under the preset's
 * three-player sibling (tenhou -> tenhou-sanma); SANMA: the three-player
 * tsumo (tsumo-son or north-bisection); HONBA: honba counters included in
 * every amount (a table "with 1 honba"). */
enum {
    TENSU_INFER_KIRIAGE = 1,
    TENSU_INFER_KAZOE = 2,
    TENSU_INFER_MULTIPLE_YAKUMAN = 4,
    TENSU_INFER_PLAYERS = 8,
    TENSU_INFER_SANMA = 16,
    TENSU_INFER_HONBA = 32,
    TENSU_INFER_DOUBLE_WIND = 64, /* 2 or 4 fu for a double-wind pair: from the
                                   * cells that can occur with 4 fu only */
    TENSU_INFER_ALL = 127
};

/* The most honba counters tensu_verify looks for in a chart. */
#define TENSU_VERIFY_MAX_HONBA 10

#define TENSU_VERIFY_VARIANTS 7

typedef struct tensu_verdict {
    tensu_rules rules;       /* the rules the chart was verified against */
    int honba;               /* honba counters included in every amount (0: none) */
    /* kiriage, kazoe, multiple-yakuman, players, sanma, honba-included (the
     * counters: not a rule key, key "honba-included", value "0", "1" ...),
     * double-wind-fu */
    tensu_variant variant[TENSU_VERIFY_VARIANTS];
    int cells;               /* cells with a value that were checked */
    /* Cells the chart prints that were not read (unreadable, or in a line
     * of amounts that is no table's): a chart is clean only when none is
     * left, whatever the cells read say. */
    int unread;
    int errors, warnings;
    /* How much of a full table the chart gives, per payment: full[p] is the
     * cells such a table has (han 1 to 4 at every fu row where the hand can
     * occur, and the five limits mangan .. yakuman); covered[p] those the
     * chart gives, with a value or marked empty. */
    int full[TENSU_CHART_PAYS], covered[TENSU_CHART_PAYS];
    /* The same, table by table (a document may hold several: the
     * non-dealer's, the dealer's, the limits): in the order they come. */
    size_t ntables;
    struct tensu_table_read {
        int table;           /* tensu_chart_cell.table */
        int line;            /* the line of its first cell */
        unsigned pays;       /* bit p set: the table gives payment p */
        int read, full;      /* cells given, of the cells such a table has */
    } *tables;
    size_t nfindings;
    tensu_finding *findings; /* errors and warnings, in chart order, row findings last */
} tensu_verdict;

/* Check every cell of the chart against the payment engine.  base: the
 * rules to start from; the keys named in infer are then inferred from the
 * chart's cells (where it has deciding cells).  honba: the counters every
 * amount of the chart includes (0..TENSU_VERIFY_MAX_HONBA), used when infer
 * lacks TENSU_INFER_HONBA.  On success *out is a new verdict (free with
 * tensu_verdict_free).  Errors: TENSU_ERR_NOMEM, TENSU_ERR_RANGE (honba out
 * of range). */
tensu_status tensu_verify(const tensu_chart *chart, const tensu_rules *base, unsigned infer,
                          int honba, tensu_verdict **out, tensu_error *err);
void tensu_verdict_free(tensu_verdict *v);
/* A chart read by OCR: each cell found wrong read again, in turn by each of
 * the n ways of again[] (each should read otherwise than the first reading
 * did: another size, another crop), as many as it takes to decide.  Each
 * reading votes for the wrong amount (read so, the OCR sure of it) or for
 * the expected one (read so, and not the wrong one; unsure readings count
 * when a sure one agrees).  More votes for the wrong amount, two of them
 * or the first way's: the error stands.  Two votes or more for the
 * expected amount, and more of them: the first reading was the OCR's
 * mistake, the cell is right and the error goes.  Two sure votes or more
 * for a third amount, and more of them: the cell takes that amount
 * (changed in chart), still wrong, its cause found again.  A box that
 * holds several cells (a tsumo's two shares) votes amount by amount, in
 * its order.  Else the cell becomes one not read
 * (TENSU_FINDING_UNREADABLE: not checked, the verdict incomplete) rather
 * than an error that may be the OCR's.  Returns how many errors were so
 * changed.  Nothing is done when n is 0 or
 * again[0].reread is NULL. */
int tensu_verdict_confirm(tensu_verdict *v, tensu_chart *chart,
                          const tensu_read_options *again, size_t n);

/* ------------------------------------------------------------------ */
/* Classical rules                                                     */
/* ------------------------------------------------------------------ */

/* The classical game: a hand's basic points ("points
 * fondamentaux") are doubled once per double, then each loser pays that
 * value, capped at the limit; East pays and receives double.  Bonus tiles
 * (flowers and seasons) add flower-points each, and double the basic
 * points once for a tile of the player's own wind and once more for a tile
 * of the round's wind. */

/* Bonus tiles: 0..3 the flowers of East, South, West, North (orchid,
 * bamboo, chrysanthemum, plum); 4..7 the seasons (spring, summer, autumn,
 * winter). */
#define TENSU_BONUS_TILES 8
/* Parse an English or French name ("orchid", "orchidée", "spring",
 * "printemps" ...) or a code ("f1".."f4", "s1".."s4"); -1 when unknown. */
int tensu_bonus_tile_parse(const char *name);
const char *tensu_bonus_tile_name(int tile);   /* English name; NULL when out of range */
int tensu_bonus_tile_wind(int tile);           /* 0..3 = E S W N */

typedef struct tensu_classical_hand {
    int basic;                        /* basic points of the hand, bonus tiles excluded */
    int doubles;                      /* doubles of the hand, bonus tiles excluded */
    int seat;                         /* 0..3: East, South, West, North (East deals) */
    int round;                        /* 0..3: the round's wind */
    int nbonus;
    int bonus[TENSU_BONUS_TILES];     /* bonus tiles held, each at most once */
} tensu_classical_hand;

typedef struct tensu_classical_payment {
    int basic;             /* basic points, bonus tiles included */
    int doubles;           /* doubles, bonus tiles included */
    int bonus_points;      /* added by bonus tiles */
    int seat_doubles;      /* doubles from bonus tiles of the own wind */
    int round_doubles;     /* doubles from bonus tiles of the round's wind */
    bool full_set;         /* all four flowers or all four seasons: the limit (false
                              when the rules have no limit: the set then earns no more) */
    int64_t value;         /* basic x 2^doubles, before rounding and limit (-1 if huge) */
    bool east;             /* the winner is East */
    int64_t from_each;     /* what each non-East loser pays (East winner: each loser) */
    int64_t from_east;     /* non-East winner: what East pays */
    bool capped_each, capped_east;
    int64_t total;         /* what the winner receives */
} tensu_classical_payment;

/* Pay basic points and doubles (bonus tiles already counted).  Errors:
 * TENSU_ERR_RANGE for basic < 0 or > 100000, doubles < 0 or > 30, rules
 * not of the classical family. */
tensu_status tensu_classical_pay(const tensu_rules *r, int basic, int doubles, bool east,
                                 tensu_classical_payment *out, tensu_error *err);

/* How many times the ordinary share East pays, and is paid by each loser
 * when East wins: 2 under east-double=yes, else 1 (before rounding and
 * the limit, which is multiplied alike). */
int tensu_classical_east_factor(const tensu_rules *r);

/* Count the bonus tiles of a hand, then pay it.  Errors: TENSU_ERR_RANGE
 * (a seat or round wind outside 0..3, more than 8 bonus tiles, a bonus
 * tile unknown, and those of tensu_classical_pay), TENSU_ERR_INVALID (a
 * bonus tile given twice). */
tensu_status tensu_classical_score(const tensu_rules *r, const tensu_classical_hand *h,
                                   tensu_classical_payment *out, tensu_error *err);

/* The fewest doubles at which a hand of `basic` points pays the limit from
 * every loser, whoever wins (East or another wind): the column of the
 * doubling table where that row reaches the limit.  -1 when the rules have
 * no limit (limit=0), when `basic` is outside 1..100000, when it takes
 * more than 30 doubles, or for rules not of the classical family. */
int tensu_classical_limit_doubles(const tensu_rules *r, int basic);

/* One entry of the classical scoring summary (for tables and sheets). */
typedef struct tensu_classical_item {
    const char *id;        /* "pung_simple" ... */
    const char *what;      /* English description */
    int exposed;           /* basic points exposed (or the only value); 0 if none */
    int concealed;         /* basic points concealed; 0 if none */
    int doubles;           /* doubles it gives; 0 if none */
} tensu_classical_item;
size_t tensu_classical_item_count(void);
const tensu_classical_item *tensu_classical_item_at(size_t i);

#define TENSU_CLASSICAL_MAX_ROWS 16
#define TENSU_CLASSICAL_MAX_DOUBLES 12

typedef struct tensu_classical_table {
    tensu_rules rules;
    int nrows;
    int basic[TENSU_CLASSICAL_MAX_ROWS];
    int ndoubles;                        /* columns 0 .. ndoubles-1 */
    tensu_classical_payment non_east[TENSU_CLASSICAL_MAX_ROWS][TENSU_CLASSICAL_MAX_DOUBLES];
    tensu_classical_payment east[TENSU_CLASSICAL_MAX_ROWS][TENSU_CLASSICAL_MAX_DOUBLES];
    tensu_classical_payment limit_non_east, limit_east; /* the limit hand (full set) */
} tensu_classical_table;

/* Rows of basic points 20 .. 100, 120, 150, 200; columns of doubles from 0
 * until every cell is at the limit, that is to the column
 * tensu_classical_limit_doubles gives for the first row (at most
 * TENSU_CLASSICAL_MAX_DOUBLES columns; that many without a limit).
 * Caller frees with tensu_classical_table_free.  NULL with err:
 * TENSU_ERR_NOMEM. */
tensu_classical_table *tensu_classical_table_new(const tensu_rules *r, tensu_error *err);
void tensu_classical_table_free(tensu_classical_table *t);


/* ------------------------------------------------------------------ */
/* Cross-check                                                         */
/* ------------------------------------------------------------------ */

/* The cross-check: every winning hand up to symmetry, closed and with 0 to
 * 4 of its sets called or made kans, scored (every winning tile, ron and
 * tsumo, the kan's replacement tile, every seat/round wind case that
 * differs) once for every combination of the keys that move a cell; each
 * scoring lands on a (fu, han, dealer, tsumo) cell, its payment is
 * compared with tensu_table_new's, and the least han per fu row is a proof
 * of the blank cells (method and symmetries: src/core/crosscheck.c and
 * tensu-crosscheck(1)).  Rows: 20, 25, 30, 40 ... 170 fu; han 1..13. */
#define TENSU_XCHECK_FU_ROWS 17

typedef enum tensu_xcheck_phase {
    TENSU_XCHECK_HANDS = 0    /* every hand: closed, seven pairs, kokushi, called variants */
} tensu_xcheck_phase;

typedef enum tensu_reach {
    TENSU_REACH_NO = 0,       /* below the least han met at that fu: cannot occur */
    TENSU_REACH_YES,          /* an example hand scores to it */
    TENSU_REACH_UNDECIDED     /* not below the least han, but no example was found */
} tensu_reach;

typedef struct tensu_xcheck_cell {
    int han, fu;
    bool dealer, tsumo;
    tensu_reach reach;
    bool direct;              /* the example was scored by the sweep itself */
    tensu_hand example;       /* reach == YES: the simplest example found (fewest kans, dora) */
    int result_han, result_fu;
    tensu_payment payment;    /* the scorer's payment for the example */
} tensu_xcheck_cell;

typedef struct tensu_xcheck_disagreement {
    tensu_hand hand;
    int han, fu, yakuman;
    bool dealer, tsumo;
    int64_t scored[3];        /* ron, from_dealer, from_non_dealer as scored */
    int64_t table[3];         /* the same from the table */
} tensu_xcheck_disagreement;

typedef struct tensu_xcheck_stats {
    uint64_t hands;           /* hands the sweeps visited (each symmetry class whole) */
    uint64_t canonical;       /* closed hands scored: one per symmetry class */
    uint64_t variants;        /* their called/kan variants, each prepared once */
    uint64_t scored;          /* scorings under the sweep's rules */
    uint64_t rescored;        /* scorings again, under other values of keys a hand read */
    uint64_t overflow;        /* hands with more variants than kept (0 expected) */
    uint64_t compared;        /* payments compared with the table */
    uint64_t disagreements;
    uint64_t outside;         /* payments with no table cell or limit row to compare with */
    uint64_t beyond;          /* readings above 170 fu */
    uint64_t saturated;       /* scorings whose list of alternatives was full */
    uint64_t not_agari, invalid; /* variants the scorer refused (expected for some) */
    int undecided;            /* cells neither proven blank nor shown by an example */
    uint64_t readings;        /* readings of the variants (every decomposition, every place
                                 of the winning tile) per winning tile and way of winning,
                                 each found once and scored for every wind case */
} tensu_xcheck_stats;

typedef struct tensu_xcheck tensu_xcheck;

/* A new, empty tally for the rules (riichi family): it scores with r and
 * keeps results for r alone, or (every_combination) for every combination
 * of the keys that move a cell on r's number of players, which costs more
 * scorings.  NULL with err on error.  Free with tensu_xcheck_free. */
tensu_xcheck *tensu_xcheck_new(const tensu_rules *r, bool every_combination,
                               tensu_error *err);
void tensu_xcheck_free(tensu_xcheck *x);
/* The rules tensu_xcheck_finish and the results are for (r at first): any
 * rules of the same number of players (of the same keys that move a cell,
 * unless the tally keeps every combination); call tensu_xcheck_finish
 * again after.  Errors: TENSU_ERR_RANGE (another number of players,
 * classical rules, a combination not kept), those of tensu_table_new. */
tensu_status tensu_xcheck_view(tensu_xcheck *x, const tensu_rules *r, tensu_error *err);

/* Called with the hands visited since the last call; false stops the run. */
typedef bool (*tensu_xcheck_progress)(uint64_t hands, void *user);
/* Closed hands the sweep visits over all its shards (for a progress bar). */
uint64_t tensu_xcheck_work(void);

/* Run one shard (0..nshards-1) of the sweep into x.  One tally per thread,
 * merged after.  Errors: TENSU_ERR_RANGE (a bad shard; progress returned
 * false: "stopped"), TENSU_ERR_NOMEM. */
tensu_status tensu_xcheck_run(tensu_xcheck *x, int shard, int nshards,
                              tensu_xcheck_progress progress, void *user, tensu_error *err);
/* Add src's tally to dst (made for the same rules); src is unchanged.
 * Errors: TENSU_ERR_RANGE (tallies of other rules). */
tensu_status tensu_xcheck_merge(tensu_xcheck *dst, const tensu_xcheck *src, tensu_error *err);
/* Decide every cell for the view's rules: an example (scored again) or the
 * proof it is blank.  Never fails today (TENSU_OK); err is for what a later
 * version may add. */
tensu_status tensu_xcheck_finish(tensu_xcheck *x, tensu_error *err);

/* The least han met at a fu row for the view's rules (0: no hand at all,
 * or not finished). */
int tensu_xcheck_min_han(const tensu_xcheck *x, int fu, bool dealer, bool tsumo);
/* A cell after tensu_xcheck_finish; NULL before, or off the grid. */
const tensu_xcheck_cell *tensu_xcheck_cell_at(const tensu_xcheck *x, int han, int fu,
                                              bool dealer, bool tsumo);
/* What the sweeps counted (x keeps it; valid while x lives). */
const tensu_xcheck_stats *tensu_xcheck_counts(const tensu_xcheck *x);
size_t tensu_xcheck_ndisagreements(const tensu_xcheck *x);   /* kept: the first 32 */
const tensu_xcheck_disagreement *tensu_xcheck_disagreement_at(const tensu_xcheck *x, size_t i);
int tensu_xcheck_row_fu(int row);  /* fu of row 0..TENSU_XCHECK_FU_ROWS-1, else -1 */

#ifdef __cplusplus
}
#endif

#endif /* TENSU_H */
