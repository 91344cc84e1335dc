/* The one grammar of chart cells, shared by every chart reader
 * (chart_cells.c): spans of text, amounts ("7,700", "300/500", "500 all"),
 * grid cells ("1000 (300/500)"), limit names, headings and column heads,
 * and adding cells and notes to the chart.  Each reader of a format
 * (chart_csv.c, chart_grid.c, chart_wiki.c, chart_latex.c) turns its
 * layout into calls of these; chart_read.c detects the format and calls
 * the reader.  Internal to the core. */
#ifndef TENSU_CHART_READ_H
#define TENSU_CHART_READ_H

#include "internal.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* external names of the core's own, out of the way of anything else */
#define next_line chart_next_line
#define is_space chart_is_space
#define is_digit chart_is_digit
#define utf8_space chart_utf8_space
#define trim chart_trim
#define normalize chart_normalize
#define starts chart_starts
#define ends chart_ends
#define excerpt chart_excerpt
#define parse_int chart_parse_int
#define parse_int_word chart_parse_int_word
#define is_empty_token chart_is_empty_token
#define parse_limit_name chart_parse_limit_name
#define parse_amount chart_parse_amount
#define parse_marks chart_parse_marks
#define skip_sep chart_skip_sep
#define all_word chart_all_word
#define parse_amounts chart_parse_amounts
#define parse_grid_cell chart_parse_grid_cell
#define bad chart_bad
#define note chart_note
#define put chart_put
#define put_one chart_put_one
#define put_tsumo chart_put_tsumo
#define put_grid_cell chart_put_grid_cell
#define put_total_cell chart_put_total_cell
#define settle_cells chart_settle_cells
#define players_words chart_players_words
#define stated_rules chart_stated_rules
#define has_digit chart_has_digit
#define has_word chart_has_word
#define largest_number chart_largest_number
#define heading chart_heading
#define column_heads chart_column_heads
#define limit_cell chart_limit_cell
#define split_csv chart_split_csv
#define csv_role chart_csv_role
#define read_csv chart_read_csv
#define read_grid chart_read_grid
#define read_wiki chart_read_wiki
#define read_latex chart_read_latex

#define MAX_COLS 40   /* cells of a grid line */
#define MAX_FIELDS 32 /* fields of a CSV line */

/* the side of the table being read */
enum { S_NONE, S_ND, S_D, S_LIMITS };

/* A slice of the input. */
typedef struct span {
    const char *s;
    size_t n;
    int col; /* 1-based column of s[0] in its line */
} span;

/* Line iteration over the whole input. */
typedef struct lines {
    const char *data;
    size_t len, pos;
    int line;
} lines;

/* One or two amounts: "7700", "300/500", "300-500", "300 / 500",
 * "4000 all", or an empty mark.  Positions of each amount kept. */
typedef struct amounts {
    bool empty;
    int count;               /* 1 or 2 */
    int64_t v[2];
    int col[2];
    tensu_chart_mark mark[2];
} amounts;

/* A grid cell "1000 (300/500)", "1500 (500)", "- (400/700)", "(700)",
 * "700* (200/400)*", "-".  Ron and tsumo parts, each may be absent. */
typedef struct grid_cell {
    bool all_empty;          /* the whole cell is an empty mark */
    bool has_ron, has_tsumo;
    amounts ron, tsumo;
} grid_cell;

typedef struct reader {
    tensu_chart *chart;
    tensu_error *err;
    const char *name;
    int line;
    int table;   /* the table being read, from 1 (cells say which) */
    bool dealer_share_first; /* a non-dealer's tsumo written dealer's share first */
    bool order_said;         /* the chart's words said the order of the shares */
    /* cells "X (shares)" read as a ron and its tsumo: the index of each
     * ron cell, the shares right after it; settle_cells decides, table by
     * table, whether X is the ron or the tsumo total */
    size_t *pairs, npairs, pairs_cap;
} reader;

/* A row's key: han/fu or a limit. */
typedef struct rowkey {
    int han, fu;
    tensu_limit limit;
    int yakuman;
} rowkey;


bool next_line(lines *L, span *out);
bool is_space(char c);
bool is_digit(char c);
size_t utf8_space(const char *s, size_t n);
span trim(span t);
void normalize(span t, char *buf, size_t size);
bool starts(const char *s, const char *prefix);
bool ends(const char *s, const char *suffix);
void excerpt(span t, char *buf, size_t size);
bool parse_int(span t, int *out);
bool parse_int_word(span t, int *out, char *word, size_t wsize);
bool is_empty_token(span t);
bool parse_limit_name(span t, tensu_limit *limit, int *yakuman);
bool parse_amount(span t, size_t *used, int64_t *out);
size_t parse_marks(span t, tensu_chart_mark *mark);
bool skip_sep(span t, size_t *i);
bool all_word(span t);
size_t parse_amounts(span t, amounts *a);
size_t parse_grid_cell(span t, grid_cell *g);
tensu_status bad(reader *R, int col, const char *what, span found);
tensu_status note(reader *R, bool error, int col, const char *what, span found);
tensu_status put(reader *R, rowkey k, tensu_chart_pay pay, bool empty, int64_t v,
                        tensu_chart_mark mark, int col);
tensu_status put_one(reader *R, rowkey k, tensu_chart_pay pay, const amounts *a);
tensu_status put_tsumo(reader *R, rowkey k, bool dealer, const amounts *a, span src);
tensu_status put_grid_cell(reader *R, rowkey k, bool dealer, const grid_cell *g,
                                  span src);
/* A tsumo cell that gives the total and the shares, "1 100 (300/500)",
 * "800 [500-300]", "1500 (500 all)": the total (g->ron) into the total
 * column, then the shares; where the chart says the cell is a tsumo (a
 * tsumo column, key or line). */
tensu_status put_total_cell(reader *R, rowkey k, bool dealer, const grid_cell *g, span src);
/* After a reader: the first amounts of "X (shares)" cells that are totals
 * (table by table, from the values), the order of a non-dealer's shares
 * where no words said it (the dealer's is the larger). */
tensu_status settle_cells(reader *R);
/* The words naming a three-player game, anywhere in the input. */
void players_words(reader *R, const char *data, size_t len);
void stated_rules(reader *R, span line, char *preset, size_t psize);
bool has_digit(span t);
bool has_word(span t, const char *w);
long largest_number(span t);
int heading(span line, bool *dealer_first);
int column_heads(const span *cells, int n, int *heads, bool *by_fu);
bool limit_cell(span t, tensu_limit *lim, int *yakuman);

/* The readers: each fills R->chart from the whole input. */
tensu_status read_csv(reader *R, const char *data, size_t len);
tensu_status read_grid(reader *R, const char *data, size_t len);
tensu_status read_wiki(reader *R, const char *data, size_t len);
tensu_status read_latex(reader *R, const char *data, size_t len);
/* Split one CSV line (quotes allowed) into at most max fields; -1 when
 * there are more. */
int split_csv(span line, char sep, span *f, int max);
/* The role of a CSV header name: a payment column (tensu_chart_pay), or
 * one of these. */
enum { C_IGNORE = -1, C_HAN = -2, C_FU = -3, C_ND_TSUMO = -4, C_D_TSUMO = -5 };
int csv_role(span name);

#endif
