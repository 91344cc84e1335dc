/* The table reader's own parts (tensu_chart_from_words): the words of a
 * page in lines (lines.c), what a word or a phrase says (labels.c), the
 * tables found in the lines (find_tables.c; its stages header.c,
 * find_columns.c, find_rows.c, row_labels.c), their cells read into the
 * chart (cells.c; its stages cell_text.c, put_amounts.c, reread.c,
 * from_cells.c; leftovers.c the lines no table took), and what the whole
 * chart tells (settle.c).  Private to src/read. */
#ifndef TENSU_READ_TABLE_H
#define TENSU_READ_TABLE_H

#include "words.h"

#include <stdint.h>

/* -- Words in their region's frame (lines.c) -------------------------- */

/* A word as the reader sees it: on its region (a page, or a page's
 * upside-down part turned back), with its line. */
typedef struct rword {
    const tensu_word *w;
    double x1, y1, x2, y2, h;
    double cx, cy;
    int region;
    int line;     /* its line (index into the page's lines) */
    int owner;    /* 0: nobody's; -1: a heading's or a note's; else the table's number */
    bool label;   /* a head or a label of its table, no cell's */
    bool used;    /* read: a cell's (put or noted), a label's, a head's */
} rword;

/* A line: words whose heights overlap, left to right. */
typedef struct rline {
    int *at;      /* the words (indexes into the rwords), left to right */
    int n;
    double x1, x2, y1, y2, h;
    int region;
} rline;

typedef struct page_words {
    rword *w;
    int nw;
    rline *l;
    int nl;
    int *store;   /* the lines' word indexes */
    double *pw, *ph; /* each page's size: what its upside-down part is turned about */
    int npages;
} page_words;

/* The median of v[0..n-1] (sorted in place by it); 0 when n is 0. */
double read_median(double *v, int n);
/* The words of region r whose middles are in [y1, y2): p->w[*from .. *to)
 * (the words are sorted by region, then by their middles). */
void read_slice(const page_words *p, int region, double y1, double y2, int *from, int *to);

/* The words of the document in regions and lines.  Out of memory: false. */
bool read_page_build(const tensu_words *words, page_words *p);
void read_page_free(page_words *p);
/* A box in region's frame as it stands on its page, the frame of the
 * document's words (a cell's place, a box read again), or back: a turned
 * region's box turned about its page's middle, another's kept. */
void read_page_box(const page_words *p, int region, double *x1, double *y1, double *x2,
                   double *y2);

/* A phrase: words of a line standing close together (or of one source
 * cell), and its text. */
typedef struct phrase {
    int from, to; /* positions in the line (l->at[from..to)) */
    double x1, x2, y1, y2;
    char text[160];
} phrase;

/* The phrases of a line: a gap wider than gap times the line's height, or
 * another source cell, starts a new one.  Returns how many (at most max). */
int read_line_phrases(const page_words *p, const rline *l, double gap, phrase *out, int max);
/* The text of words at[from..to) of line l, joined by spaces, into buf. */
void read_words_text(const page_words *p, const rline *l, int from, int to, char *buf, size_t size);
/* A phrase's gap: words further apart than this many line heights stand
 * apart (a text file's two spaces; a page's cell padding). */
#define PHRASE_GAP 0.8

/* -- What words say (labels.c) ---------------------------------------- */

/* A payment's description, from a head or a heading: whose win, ron or
 * tsumo, who pays. */
enum {
    P_ND = 1,        /* a non-dealer wins */
    P_D = 2,         /* the dealer wins */
    P_RON = 4,
    P_TSUMO = 8,
    P_FROM_ND = 16,  /* each non-dealer's share */
    P_FROM_D = 32,   /* the dealer's share */
    P_TOTAL = 64     /* the tsumo's total */
};

/* The payment the text names (P_* bits, 0 for none). */
unsigned read_pay_words(const char *text);
/* The side a heading names, when it names one and is a heading ("Dealer",
 * "Non-dealer wins", "Table 6.12: Scores for dealer", "子 (ko)", "Dealer,
 * tsumo"): P_ND or P_D, with P_RON or P_TSUMO when it says; 0 when it
 * names none or both.  *score: how much it looks like a heading. */
unsigned read_heading_words(const char *text, int *score);
/* Is this the head of a table of limits ("Limit", "Limits", "Table 6.13:
 * Limits", "満貫以上")? */
bool read_limit_head(const char *text);
/* A corner's word naming the label column: 'f' (fu), 'h' (han), 'b' (both,
 * "fu\han" or "符\翻": rows of fu), 0 for none. */
int read_corner_word(const char *text);
/* A unit word alone: TENSU_LABEL_HAN, TENSU_LABEL_FU or NONE. */
tensu_label_kind read_unit_word(const char *text);
/* Does the text hold a number of 100 or more (an amount)? */
bool read_has_amount(const char *text);
/* How many numbers and how many words the text holds. */
void read_count_words(const char *text, int *numbers, int *words);
/* Three players named: "three-player", "sanma", "3 joueurs", "三人" ... */
const char *read_players_word(const char *text);

/* -- Tables (find_tables.c and its stages) --------------------------- */

#define MAX_COLS 40

enum { K_GRID, K_LONG, K_LIMITS };        /* a table's layout */
enum { C_VALUE, C_HAN, C_FU, C_RANGE, C_SKIP }; /* a column's role */
#define C_ORDER 100 /* trow.bad_role: a label out of the rows' order */

typedef struct tcol {
    double x1, x2;    /* its span on the page */
    double hx1, hx2;  /* its head's */
    int role;
    int han, fu;      /* a grid's column: its han (or fu, when rows are of han) */
    unsigned pay;     /* P_* from its head and what stands above it */
    tensu_limit limit; /* a table of limits side by side: its limit */
    int yakuman;
} tcol;

typedef struct trow {
    double y1, y2;    /* its band */
    double ly1, ly2;  /* its label's */
    int han, fu;
    tensu_limit limit;
    int yakuman;
    int label;        /* its label's first word (rword index), -1 when none */
    unsigned pay;     /* a table of limits side by side: the row's side (P_*) */
    int bad;          /* a row whose label cannot be read: the word (else -1) */
    int bad_role;     /* and what it should have been: C_HAN, C_FU, else a label */
    bool inferred;    /* its han told by the rows around it (long_merged), not read */
} trow;

typedef struct table {
    int region;
    int number;       /* from 1, in reading order */
    int kind;         /* K_* */
    bool by_han;      /* a grid whose rows are of han (columns of fu) */
    bool by_side;     /* limits side by side: rows of sides, columns of limits */
    bool implicit;    /* no header: the columns read as 1 han, 2 han ... */
    bool strip;       /* limits in a strip: "Mangan 8,000  Haneman 12,000", their han
                       * and tsumo on the line under */
    int header;       /* the header's line, -1 when none */
    double x1, x2, top, bottom;
    double left;      /* where its labels may start: the table beside it on the left */
    double label_x2;  /* the label column's right edge */
    tcol col[MAX_COLS];
    int ncols;
    trow *row;
    int nrows, rows_cap;
    unsigned side;    /* P_ND / P_D (and P_RON / P_TSUMO) from its heading, 0 when none */
    int side_line;    /* the heading's word, -1 when none */
    bool side_inferred;
    int continues;    /* the table it goes on from (a page before), its number; 0 none */
} table;

/* The tables of a page's lines, in reading order.  Out of memory: false. */
bool read_find_tables(page_words *p, table **out, int *count);
void read_tables_free(table *t, int count);

/* A table's header (header.c).  The header groups of line l (one of
 * p's lines: those under it are looked at): each a table's header, in
 * out (at most max); how many. */
int header_groups(const page_words *p, const rline *l, table *out, int max);
/* A grid's second header line under line k: the payments each head splits
 * into.  The line the rows start under. */
int sub_heads(const page_words *p, table *t, int k);

/* A table's columns (find_columns.c): a span on the page, ordered by its
 * start (qsort); the columns' spans from the heads and the rows' words. */
typedef struct span_ {
    double x1, x2;
} span_;
int by_x1(const void *a, const void *b);
void place_columns(const page_words *p, table *t, double right_limit);

/* A row's label (row_labels.c).  Does line l overlap [x1, x2]? */
bool overlaps(const rline *l, double x1, double x2);
/* The words of line l whose middle is in [x1, x2): l->at[*from .. *to). */
void words_in(const page_words *p, const rline *l, double x1, double x2, int *from, int *to);
/* A row's label from words at[from..to) of line l; false when it is none
 * of table t's. */
bool row_label(const page_words *p, const rline *l, int from, int to, const table *t, trow *r);
/* Does the line hold a header overlapping [x1, x2]? (find_rows.c) */
bool header_at(const page_words *p, const rline *l, double x1, double x2);
/* A limits table's row by the words under its han head. */
bool range_row(page_words *p, const rline *l, const table *t, int from, trow *r);
/* A long table's row: its han (or limit) and fu under their heads. */
bool long_label(const page_words *p, const rline *l, const table *t, trow *r);
/* A long table whose han cell is merged over the rows of that han. */
void long_merged(table *t, const int *labels, const double *mid, int nlabels);

/* A table's rows (find_rows.c).  Add row r to t; out of memory: false. */
bool add_row(table *t, const trow *r);
/* The rows of table t under its header (line k), no further right than
 * right_limit: their labels, then their bands.  The line after the table
 * (-1: out of memory). */
int find_rows(page_words *p, table *t, int k, double right_limit);

/* -- Cells (cells.c and its stages) ---------------------------------- */

/* A cell's text (cell_text.c). */

/* The text of the words of row r of table t whose middles are between x1
 * and x2: its lines (the row's lines that hold some) by '\n', words apart
 * on a line by '\t', as the cell grammar reads it.  map (may be NULL, room
 * for size ints) gets each byte's word.  False when there is no word. */
bool read_cell_text(const page_words *p, const table *t, int r, double x1, double x2, char *buf,
               size_t size, int *map);
/* Is w in the band of one of the table's rows?  The row, or -1. */
int read_row_of(const table *t, const rword *w);
/* The cells of row r: each value column's text and map (by the line
 * whose cells stand apart as many as the columns, else under each column). */
typedef struct row_cells {
    char text[MAX_COLS][512];
    int map[MAX_COLS][512];
    bool has[MAX_COLS];
} row_cells;
void cells_of_row(const page_words *p, const table *t, int r, row_cells *rc);
/* A picture's cell whose line of amounts lost one of its brackets
 * ("2,600)", "(2,000/4,000"): the bracket put back, the map following
 * (size: the text's room); a stop or a quote alone (a speck: "1300 each
 * :") dropped.  False when nothing was mended. */
bool cell_mend(char *text, int *map, size_t size);
/* A picture's cell with its words as an OCR may give them mended: an
 * all-word after an amount that lost letters ("2 600 hacun)", "500 alt")
 * made the word it was, a thousands' group set apart ("(1<tab>000")
 * joined, an "8" read "&" before a thousands' group ("& 000").  False when
 * nothing was mended. */
bool cell_mend_words(char *text, int *map, size_t size);
/* The words of a cell's text as read (put, or noted as unreadable). */
void used_words(page_words *p, const char *text, const int *map);
/* Mark the words of row r between x1 and x2 as the table's. */
void take(page_words *p, const table *t, int r, double x1, double x2);
/* The text for a message: at most 40 bytes, whole UTF-8 characters. */
void excerpt(const char *t, char *buf, size_t size);

/* What the reading adds to the chart. */
typedef struct reading {
    tensu_chart *chart;
    tensu_error *err;
    const tensu_words *words;
    page_words *page;
    const tensu_read_options *opt;
    bool dealer_share_first;  /* a non-dealer's shares written the dealer's first */
    bool order_said;          /* the chart's words said the order */
    /* cells "X (shares)" read as a ron and its tsumo: the index of each ron
     * cell (its shares right after it), for read_settle_cells */
    size_t *pairs, npairs, pairs_cap;
} reading;

/* Read every cell of table t into the chart (cells.c). */
tensu_status read_cells(reading *R, table *t);
/* A line with numbers that no table took: noted (a warning), unless it is
 * prose or page furniture (leftovers.c). */
tensu_status read_leftovers(reading *R);
/* Add a note at a word's place (cell_text.c). */
tensu_status read_note_at(reading *R, bool error, bool inferred, int word, int tnum, int cells,
                     const char *text, const char *why);

/* Putting a cell's amounts (put_amounts.c).  A cell of the chart being
 * put: its key and its place. */
typedef struct cell_at {
    int han, fu;
    tensu_limit limit;
    int yakuman;
    int table, row, col;
    const int *map;   /* the cell text's bytes' words */
    const char *text; /* the cell's text */
    double x1, y1, x2, y2;
    bool has_pay;     /* the cell holds one payment only (a column of rons ...): pay */
    tensu_chart_pay pay;
} cell_at;
/* Put one amount m of the cell at a, in payment pay. */
tensu_status put(reading *R, const cell_at *a, tensu_chart_pay pay, const tensu_cell_amount *m,
                 bool empty);
/* Note a cell that could not be read at its place (bad: the byte where its
 * text stops being a cell, 1-based; 0: its start). */
tensu_status note_cell(reading *R, const table *t, const cell_at *a, const char *text,
                       const int *map, size_t bad, const char *why);
/* Put what a cell says for a side (kind: 0 ron and tsumo, P_RON, P_TSUMO);
 * a cell that is not one: TENSU_OK with why[0] set. */
tensu_status put_cell(reading *R, const cell_at *a, bool dealer, unsigned kind,
                      const tensu_cell_text *c, char *why, size_t wsize);
/* A cell on two lines that does not read whole, line by line; false
 * (nothing done) when neither line reads by itself. */
bool split_cell(reading *R, const table *t, const cell_at *a, bool dealer, unsigned kind,
                const char *text, const int *map, tensu_status *s);

/* Cells and labels read again (reread.c).  The box of the words of a
 * cell into a. */
void cell_box(const page_words *p, const table *t, int r, double x1, double x2, cell_at *a);
/* A cell with a word the OCR is not sure of, read again from its box: true
 * with the new text when it is sure and reads as a cell. */
bool reread_cell(reading *R, const cell_at *a, char *text, size_t size, int *map, float *conf);
/* A cell read as one of its two lines: the lost line read again. */
bool reread_lost_line(reading *R, const tcol *c, double top, double bottom, bool above,
                      cell_at *a, char *text, size_t size, int *map, tensu_cell_text *x);
/* Note a cell the OCR is not sure of: not read, not checked. */
tensu_status note_unsure(reading *R, const table *t, const cell_at *a, const char *text,
                         const int *map, float conf);
/* A row label out of order or not read: read again, or told by the rows
 * around it. */
tensu_status reread_label(reading *R, table *t, int r);
/* A limits table's row not read, between two limits one apart. */
tensu_status limit_between(reading *R, table *t, int r);
/* The heads of a table's columns that name no payment, read again. */
void reread_heads(reading *R, table *t);

/* What a table's cells tell (from_cells.c).  The side of a grid table
 * without a heading (0 when its cells do not tell). */
unsigned side_from_cells(reading *R, const table *t, const char **why);
/* A column whose head could not be read: its payment from its cells. */
tensu_status limits_column_from_cells(reading *R, table *t);
tensu_status long_column_left(reading *R, table *t, unsigned side);
/* Two columns whose heads both read as one side's ron. */
tensu_status ron_read_twice(reading *R, table *t);
/* A grid's fu label an OCR misread as another fu ("120" for 110): when
 * the rons of its row are those of the fu 10 up or down that no other row
 * has (three at least, two more than at the label's fu, none right at the
 * label's fu only: a limit's ron is both's), the row is that fu's.  Noted
 * as inferred (one row a table). */
tensu_status fu_label_from_cells(reading *R, table *t, unsigned side);
/* Columns of amounts left under heads that name no payment: noted. */
tensu_status note_skipped_columns(reading *R, const table *t);

/* -- The whole chart (settle.c) --------------------------------------- */

/* The order of a non-dealer's shares where no words said it, the first
 * amounts of "X (shares)" cells that are tsumo totals, the players the
 * words name, the rules the chart states. */
tensu_status read_settle_cells(reading *R);
void read_stated_things(reading *R);

#endif
