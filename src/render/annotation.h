/* What the files of the annotated chart share (private to render): the
 * state of one annotation (ann), how a value is drawn (look), the chart's
 * rows and cells as sort keys, the sections placed on the pages, and the
 * functions the pages (annotate.c) and the header (annotate_header.c) call
 * in the cells (annotate_cells.c). */
#ifndef TENSU_ANNOTATION_H
#define TENSU_ANNOTATION_H

#include "annotate.h"
#include "sheet.h"

/* How one value is drawn. */
typedef enum look_kind {
    LOOK_ABSENT = 0, /* the chart has no such cell: hatched */
    LOOK_PLAIN,      /* a value, nothing to say */
    LOOK_EMPTY,      /* left empty by the chart, rightly: grey */
    LOOK_WARN,       /* a warning: shaded and framed */
    LOOK_WRONG       /* an error: white on black, thick frame, expected beneath */
} look_kind;

typedef struct look {
    look_kind kind;
    char value[32];       /* the chart's value, "" when empty */
    char expected[64];    /* LOOK_WRONG: "→6400" or "no such hand" */
    const char *cause;    /* LOOK_WRONG: a short cause label, NULL for none */
} look;

typedef struct sizes {
    double title, text, head, ron, tsumo, expected, cause, legend, footer;
} sizes;

/* A chart row: a han/fu cell of the grid, or a row without fu. */
typedef struct rowkey {
    int han, fu;
    tensu_limit limit;
    int yakuman;
} rowkey;

typedef struct ann {
    sheet_ctx c;                 /* catalog, fonts, current page */
    const tensu_annotate_opts *o;
    const tensu_chart *chart;
    const tensu_verdict *v;
    int *worst;                  /* per chart cell: its worst finding, -1 for none */
    struct entry *order;         /* chart cells sorted by row and column (slot_of) */
    sizes base, s;               /* from the template; s = base x zoom */
    double zoom;                 /* of the whole document (fitting one page) */
    int max_cols, side_cols;
    double margin, width, bottom, y;
    bool fresh;                  /* nothing placed on this page yet */
    bool hatched;                /* the box drawn is within a hatched band: none of its own */
} ann;

/* A section placed on the pages: a header, a grid chunk, the limit rows. */
typedef double (*section_fn)(ann *a, const void *arg, double x, double y, double w);

#define GAP 10.0
#define PAD 1.5

/* A chart cell's row and column as a sort key, with its index. */
typedef struct entry {
    int key[5];
    int cell;
} entry;

typedef struct grid_arg {
    const int *hans, *fus;
    int nh, nf;
    int seats;                   /* 1 non-dealer, 2 dealer, 3 both side by side */
} grid_arg;

typedef struct limit_arg {
    const rowkey *rows;
    int n;
} limit_arg;

/* The cells and their verdicts, each value drawn, the grid and the rows
 * without fu (annotate_cells.c). */
double ron_h(const ann *a);
double tsumo_h(const ann *a);
double extra_h(const ann *a);
bool in_grid(const tensu_chart_cell *c);
int rank(const ann *a, int f);
void entry_key(entry *e, int han, int fu, tensu_limit limit, int yakuman, tensu_chart_pay pay);
int cmp_entry(const void *x, const void *y);
bool totals_on_top(const ann *a);
void draw_look(ann *a, const look *lk, double x, double y, double w, double vh, double eh,
               tensu_font_role font, double size, const char *tag);
double grid_section(ann *a, const void *arg, double x, double y, double w);
double limit_section(ann *a, const void *arg, double x, double y, double w);
/* The header, with its legend (annotate_header.c). */
double header_section(ann *a, const void *arg, double x, double y, double w);

#endif
