/* Charts in pictures (tensu verify chart.png, chart.jpg): the words of a
 * screenshot or a photograph of a point chart, read by OCR (tesseract,
 * through its C API, the picture decoded by Leptonica), each with its box
 * and confidence, rebuilt into lines and cells as a PDF's glyphs are
 * (extract_boxes), given to the core's chart reader as grid text.
 *
 * A table's columns are where the cells of most of its lines lie; each
 * word goes to its column, and a column without a word in a line is a
 * blank cell, or a mark read again by itself (a lone '-').  A cell with a
 * word the OCR is not sure of (confidence under CLI_PICTURE_MIN_CONFIDENCE;
 * outside a table, a word with a digit or no letter) is never guessed: it
 * goes to the grid text as '?', which the grammar cannot read, so that the
 * cell is reported unreadable at its place and never checked.
 * Each text line keeps its row of the picture, each cell its box, so that
 * findings name "FILE:row R (x=X, y=Y)" in the picture's own pixels.
 * Extraction only: the grammar of cells is the core's.
 *
 * Built only with tesseract's headers (pkg-config tesseract and lept):
 * without them, cli_picture_read says how to get them.  The libraries
 * themselves are opened at the first picture read (dynlib.h). */
#include "cli.h"
#include "dynlib.h"
#include "extract.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#ifdef TENSU_HAVE_OCR
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
#endif

const char *cli_picture_kind(const char *data, size_t len)
{
    if (len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0)
        return "png";
    if (len >= 3 && memcmp(data, "\xFF\xD8\xFF", 3) == 0)
        return "jpeg";
    return NULL;
}

void cli_picture_free(cli_picture *p)
{
    if (p == NULL)
        return;
    free(p->text);
    free(p->cells);
    free(p->row_y);
    memset(p, 0, sizeof *p);
}

const cli_picture_cell *cli_picture_cell_at(const cli_picture *p, int line, int column)
{
    const cli_picture_cell *best = NULL;
    for (size_t i = 0; i < p->ncells; i++) {
        const cli_picture_cell *c = &p->cells[i];
        if (c->line == line && c->col <= (column > 0 ? column : 1) &&
            (best == NULL || c->col > best->col))
            best = c;
    }
    return best;
}

void cli_picture_place(const cli_picture *p, int line, int column, char *buf, size_t size)
{
    const cli_picture_cell *c = cli_picture_cell_at(p, line, column);
    if (line <= 0 || (size_t)line > p->nlines)
        snprintf(buf, size, "row ?");
    else if (c != NULL)
        snprintf(buf, size, "row %d (x=%d, y=%d)", line, c->x, c->y);
    else
        snprintf(buf, size, "row %d (y=%d)", line, p->row_y[line - 1]);
}

#ifndef TENSU_HAVE_OCR

bool cli_picture_read(const char *data, size_t len, cli_picture *out, char *why, size_t whysize)
{
    (void)data;
    (void)len;
    memset(out, 0, sizeof *out);
    snprintf(why, whysize,
             "a picture, and this tensu was built without OCR: install libtesseract-dev and "
             "tesseract-ocr-eng (scripts/deps does) and build again");
    return false;
}

#else

#ifndef TENSU_LEPT_SONAME
#define TENSU_LEPT_SONAME "liblept.so.5"
#endif
#ifndef TENSU_LEPT_PACKAGE
#define TENSU_LEPT_PACKAGE "liblept5"
#endif
#ifndef TENSU_TESSERACT_SONAME
#define TENSU_TESSERACT_SONAME "libtesseract.so.5"
#endif
#ifndef TENSU_TESSERACT_PACKAGE
#define TENSU_TESSERACT_PACKAGE "libtesseract5"
#endif

/* Leptonica's functions and tesseract's */
#define OCR_FUNCTIONS(X)                                                                       \
    X(l_int32, setMsgSeverity, (l_int32))                                                       \
    X(l_ok, pixReadHeaderMem,                                                                   \
      (const l_uint8 *, size_t, l_int32 *, l_int32 *, l_int32 *, l_int32 *, l_int32 *,          \
       l_int32 *))                                                                              \
    X(PIX *, pixReadMem, (const l_uint8 *, size_t))                                             \
    X(PIX *, pixConvertTo8, (PIX *, l_int32))                                                   \
    X(PIX *, pixScaleGrayLI, (PIX *, l_float32, l_float32))                                     \
    X(l_ok, pixGetDimensions, (const PIX *, l_int32 *, l_int32 *, l_int32 *))                   \
    X(l_int32, pixGetWidth, (const PIX *))                                                      \
    X(l_int32, pixGetHeight, (const PIX *))                                                     \
    X(l_ok, pixGetPixel, (PIX *, l_int32, l_int32, l_uint32 *))                                 \
    X(void, pixDestroy, (PIX **))                                                               \
    X(TessBaseAPI *, TessBaseAPICreate, (void))                                                 \
    X(int, TessBaseAPIInit3, (TessBaseAPI *, const char *, const char *))                       \
    X(BOOL, TessBaseAPISetVariable, (TessBaseAPI *, const char *, const char *))                \
    X(void, TessBaseAPISetPageSegMode, (TessBaseAPI *, TessPageSegMode))                        \
    X(void, TessBaseAPISetImage2, (TessBaseAPI *, struct Pix *))                                \
    X(void, TessBaseAPISetSourceResolution, (TessBaseAPI *, int))                               \
    X(void, TessBaseAPISetRectangle, (TessBaseAPI *, int, int, int, int))                       \
    X(int, TessBaseAPIRecognize, (TessBaseAPI *, ETEXT_DESC *))                                 \
    X(char *, TessBaseAPIGetUTF8Text, (TessBaseAPI *))                                          \
    X(int, TessBaseAPIMeanTextConf, (TessBaseAPI *))                                            \
    X(TessResultIterator *, TessBaseAPIGetIterator, (TessBaseAPI *))                            \
    X(const TessPageIterator *, TessResultIteratorGetPageIteratorConst,                         \
      (const TessResultIterator *))                                                             \
    X(char *, TessResultIteratorGetUTF8Text, (const TessResultIterator *, TessPageIteratorLevel)) \
    X(float, TessResultIteratorConfidence, (const TessResultIterator *, TessPageIteratorLevel))   \
    X(BOOL, TessPageIteratorBoundingBox,                                                        \
      (const TessPageIterator *, TessPageIteratorLevel, int *, int *, int *, int *))            \
    X(BOOL, TessResultIteratorNext, (TessResultIterator *, TessPageIteratorLevel))              \
    X(void, TessResultIteratorDelete, (TessResultIterator *))                                   \
    X(void, TessDeleteText, (const char *))                                                     \
    X(void, TessBaseAPIEnd, (TessBaseAPI *))                                                    \
    X(void, TessBaseAPIDelete, (TessBaseAPI *))

OCR_FUNCTIONS(DYNLIB_CHECK)
static struct {
    OCR_FUNCTIONS(DYNLIB_MEMBER)
    /* OpenMP's, from the libgomp tesseract loads; none when it has no
     * OpenMP */
    void (*omp_set_dynamic)(int);
} ocr;

/* Open Leptonica and tesseract the first time; false with why filled when
 * one is not there. */
static bool load_ocr(char *why, size_t whysize)
{
    static const dynlib_lib libs[] = {{TENSU_LEPT_SONAME, TENSU_LEPT_PACKAGE},
                                      {TENSU_TESSERACT_SONAME, TENSU_TESSERACT_PACKAGE}};
    static const char *const names[] = {OCR_FUNCTIONS(DYNLIB_NAME)};
    static bool loaded;
    void *addr[sizeof names / sizeof names[0]], *handle = NULL, *omp;
    _Static_assert(sizeof addr + sizeof ocr.omp_set_dynamic == sizeof ocr,
                   "one address a function");
    if (loaded)
        return true;
    if (!dynlib_load(libs, 2, names, addr, sizeof names / sizeof names[0],
                     "reading a picture (tesseract's OCR)", &handle, why, whysize))
        return false;
    memcpy(&ocr, addr, sizeof addr);
    omp = dynlib_optional(handle, "omp_set_dynamic");
    memcpy(&ocr.omp_set_dynamic, &omp, sizeof omp);
    loaded = true;
    return true;
}

/* The most pixels read (bounded work and memory: a phone's photo is
 * 12-50 megapixels; a point table is legible at a few). */
#define PICTURE_MAX_PIXELS (60L * 1000 * 1000)
/* Text is read best around 30 px of capital height: a picture narrower than
 * this is scaled up (2x, or 3x under a third of it). */
#define PICTURE_SMALL_WIDTH 2000
/* A gap between words wider than this times the line's height starts a
 * new cell. */
#define PICTURE_CELL_GAP 0.75

/* Where the language data is: $TESSDATA_PREFIX, else Debian's places. */
static const char *tessdata(void)
{
    static const char *const dirs[] = {"/usr/share/tesseract-ocr/5/tessdata",
                                       "/usr/share/tesseract-ocr/4.00/tessdata",
                                       "/usr/share/tessdata", "/usr/local/share/tessdata"};
    static char found[1024];
    const char *env = getenv("TESSDATA_PREFIX");
    for (int i = -1; i < (int)(sizeof dirs / sizeof dirs[0]); i++) {
        const char *d = i < 0 ? env : dirs[i];
        FILE *f;
        if (d == NULL || d[0] == '\0')
            continue;
        snprintf(found, sizeof found, "%s/eng.traineddata", d);
        f = fopen(found, "rb");
        if (f != NULL) {
            fclose(f);
            snprintf(found, sizeof found, "%s", d);
            return found;
        }
    }
    return NULL;
}

/* Would this word be (part of) a cell: a digit, or no letter at all? */
static bool cell_like(const char *w)
{
    bool letter = false;
    for (const unsigned char *s = (const unsigned char *)w; *s; s++) {
        if (isdigit(*s))
            return true;
        if (isalpha(*s) || *s >= 0x80)
            letter = true;
    }
    return !letter;
}

/* The OCR's reading of a word, tidied for the grid reader: '|' (a table's
 * rule read as a letter, or our cell separator) dropped, '—' kept. */
static char *tidy(const char *w)
{
    size_t n = strlen(w), k = 0;
    char *s = malloc(n + 1);
    if (s == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (w[i] != '|')
            s[k++] = w[i];
    s[k] = '\0';
    return s;
}


/* A word the OCR read. */
typedef struct word {
    char *text; /* tidied */
    float conf;
} word;

/* A cell of a rebuilt line: its words, where they are. */
typedef struct pcell {
    int line;          /* the text line (1-based) */
    double x1, x2, y1; /* its words' left, right, top, in the picture's pixels */
    float conf;        /* the least sure of its words that would be a cell's */
    char text[256];    /* for the grid reader: a word not trusted is '?' */
    char read[48];     /* what the OCR read */
} pcell;

/* A word in reading order: where it is, how sure the OCR is. */
typedef struct pword {
    int line;
    double x1, x2, y1;
    float conf;
    const char *text;
} pword;

typedef struct reader {
    TessBaseAPI *api;
    PIX *pix;           /* what the OCR reads: grey, scaled up */
    float scale;
    word *words;
    size_t nw;
    pcell *cells;       /* by the gaps between words (extract_boxes) */
    size_t nc, ccap;
    pword *pw;          /* the words by line, then left to right */
    double *top, *bottom; /* each text line's band */
    size_t nlines;
    extract out;        /* the grid text */
    size_t out_cap;     /* of the picture's cells */
    bool bad;           /* out of memory */
} reader;

static pcell *new_cell(reader *R)
{
    if (R->nc == R->ccap) {
        size_t c = R->ccap ? R->ccap * 2 : 256;
        pcell *p = realloc(R->cells, c * sizeof *p);
        if (p == NULL) {
            R->bad = true;
            return NULL;
        }
        R->cells = p;
        R->ccap = c;
    }
    memset(&R->cells[R->nc], 0, sizeof R->cells[R->nc]);
    return &R->cells[R->nc++];
}

static void append(char *dst, size_t size, const char *s)
{
    size_t n = strlen(dst);
    if (n + strlen(s) + 2 > size)
        return;
    if (n > 0)
        dst[n++] = ' ';
    strcpy(dst + n, s);
}

static const extract_box *sorted_boxes;

static int by_place(const void *a, const void *b)
{
    const extract_box *x = &sorted_boxes[*(const size_t *)a],
                      *y = &sorted_boxes[*(const size_t *)b];
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->col < y->col ? -1 : x->col > y->col;
}

/* The cells of the lines extract_boxes made, in reading order, and each
 * line's band of height. */
static void make_cells(reader *R, const extract_box *boxes, size_t nlines)
{
    size_t *order = malloc((R->nw ? R->nw : 1) * sizeof *order);
    R->pw = calloc(R->nw ? R->nw : 1, sizeof *R->pw);
    R->nlines = nlines;
    R->top = calloc(nlines ? nlines : 1, sizeof *R->top);
    R->bottom = calloc(nlines ? nlines : 1, sizeof *R->bottom);
    if (order == NULL || R->pw == NULL || R->top == NULL || R->bottom == NULL) {
        free(order);
        R->bad = true;
        return;
    }
    for (size_t i = 0; i < R->nw; i++)
        order[i] = i;
    sorted_boxes = boxes;
    qsort(order, R->nw, sizeof *order, by_place);
    for (size_t i = 0; i < R->nw && !R->bad; i++) {
        const extract_box *bx = &boxes[order[i]];
        const word *wd = &R->words[bx->id];
        bool unsure = wd->conf < CLI_PICTURE_MIN_CONFIDENCE && cell_like(wd->text);
        size_t l = (size_t)bx->line - 1;
        pcell *c;
        R->pw[i] = (pword){bx->line, bx->x1, bx->x2, bx->y1, wd->conf, wd->text};
        if (bx->line <= 0 || (size_t)bx->line > nlines)
            continue;
        if (R->bottom[l] == 0 || bx->y1 < R->top[l])
            R->top[l] = bx->y1;
        if (bx->y2 > R->bottom[l])
            R->bottom[l] = bx->y2;
        if (bx->cell || R->nc == 0 || R->cells[R->nc - 1].line != bx->line) {
            if ((c = new_cell(R)) == NULL)
                break;
            c->line = bx->line;
            c->x1 = bx->x1;
            c->y1 = bx->y1;
            c->conf = 100;
        } else {
            c = &R->cells[R->nc - 1];
        }
        if (bx->x2 > c->x2)
            c->x2 = bx->x2;
        if (cell_like(wd->text) && wd->conf < c->conf)
            c->conf = wd->conf;
        append(c->text, sizeof c->text, unsure ? "?" : wd->text);
        append(c->read, sizeof c->read, wd->text);
    }
    free(order);
}

/* Is there ink (dark pixels) in this box of the picture? */
static bool ink(const reader *R, double x1, double x2, double y1, double y2)
{
    int w = (int)ocr.pixGetWidth(R->pix), h = (int)ocr.pixGetHeight(R->pix), dark = 0;
    int a = (int)(x1 * R->scale), b = (int)(x2 * R->scale), t = (int)(y1 * R->scale),
        u = (int)(y2 * R->scale);
    for (int y = t < 0 ? 0 : t; y < u && y < h; y++)
        for (int x = a < 0 ? 0 : a; x < b && x < w; x++) {
            l_uint32 v = 255;
            ocr.pixGetPixel(R->pix, x, y, &v);
            dark += v < 128;
        }
    /* a dash of a few pixels, not a speck */
    return dark >= (int)(4 * R->scale * R->scale);
}

/* A column of a table where a line has no word: nothing there is an empty
 * cell; a mark the page's reading passed over (a lone '-' is small) is read
 * again by itself, and kept when the OCR is sure of it, else unreadable. */
static void fill(reader *R, pcell *c, double x1, double x2, double top, double bottom)
{
    char *t;
    int conf;
    double pad = (bottom - top) * 0.3;
    int W = (int)ocr.pixGetWidth(R->pix), H = (int)ocr.pixGetHeight(R->pix);
    int l, u, r, d;
    c->x1 = x1;
    c->x2 = x2;
    c->y1 = top;
    c->conf = 100;
    if (!ink(R, x1, x2, top, bottom))
        return; /* blank */
    l = (int)((x1 - pad) * R->scale), r = (int)((x2 + pad) * R->scale);
    u = (int)((top - pad) * R->scale), d = (int)((bottom + pad) * R->scale);
    l = l < 0 ? 0 : l, u = u < 0 ? 0 : u, r = r > W ? W : r, d = d > H ? H : d;
    ocr.TessBaseAPISetPageSegMode(R->api, PSM_SINGLE_LINE);
    ocr.TessBaseAPISetRectangle(R->api, l, u, r - l, d - u);
    t = ocr.TessBaseAPIGetUTF8Text(R->api);
    conf = ocr.TessBaseAPIMeanTextConf(R->api);
    if (t != NULL) {
        char *s = tidy(t);
        if (s != NULL) {
            size_t n = strlen(s);
            while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' '))
                s[--n] = '\0';
            snprintf(c->read, sizeof c->read, "%s", n ? s : "(a mark)");
            if (n > 0 && conf >= CLI_PICTURE_MIN_CONFIDENCE && strchr(s, '\n') == NULL)
                snprintf(c->text, sizeof c->text, "%s", s);
            free(s);
        }
        ocr.TessDeleteText(t);
    }
    if (c->text[0] == '\0') {
        snprintf(c->text, sizeof c->text, "?");
        if (c->read[0] == '\0')
            snprintf(c->read, sizeof c->read, "(a mark)");
        c->conf = (float)(conf < 0 ? 0 : conf);
        if (c->conf >= CLI_PICTURE_MIN_CONFIDENCE)
            c->conf = CLI_PICTURE_MIN_CONFIDENCE - 1; /* read as more than one line */
    }
}

/* A column of a table: the span of its cells' words. */
typedef struct column {
    double x1, x2;
} column;

/* The columns of a table (the lines of cells R->cells[from..end), nl of
 * them): where the cells of more than a quarter of its lines lie, so that
 * a cell a line ran into its neighbour (a stain between them, a gap read
 * short) does not join two columns.  Returns how many. */
static size_t columns(reader *R, column *cols, size_t from, size_t end, int nl)
{
    int W = (int)(ocr.pixGetWidth(R->pix) / R->scale) + 2, n = 0;
    int *cover = calloc((size_t)W, sizeof *cover);
    if (cover == NULL) {
        R->bad = true;
        return 0;
    }
    for (size_t j = from; j < end; j++)
        for (int x = (int)R->cells[j].x1; x <= (int)R->cells[j].x2 && x < W; x++)
            cover[x < 0 ? 0 : x]++;
    for (int x = 0; x < W; x++) {
        bool in = cover[x] * 4 > nl;
        if (in && (x == 0 || !(cover[x - 1] * 4 > nl)))
            cols[n++] = (column){x, x};
        if (in)
            cols[n - 1].x2 = x;
    }
    free(cover);
    return (size_t)n;
}

/* Write one line of cells: a line of a table as "| a | b |" (an empty cell
 * kept in its column), another as its text. */
static void put_line(reader *R, cli_picture *out, const pcell *c, size_t n, bool table)
{
    size_t start = R->out.n;
    for (size_t i = 0; i < n && !R->out.bad; i++) {
        cli_picture_cell *pc;
        if (out->ncells == R->out_cap) {
            size_t cap = R->out_cap ? R->out_cap * 2 : 256;
            cli_picture_cell *p = realloc(out->cells, cap * sizeof *p);
            if (p == NULL) {
                R->out.bad = true;
                break;
            }
            out->cells = p;
            R->out_cap = cap;
        }
        pc = &out->cells[out->ncells++];
        memset(pc, 0, sizeof *pc);
        if (table)
            extract_add(&R->out, i == 0 ? "| " : " | ", i == 0 ? 2 : 3);
        else if (i > 0)
            extract_add(&R->out, "  ", 2);
        pc->line = (int)R->out.lines + 1;
        pc->col = (int)(R->out.n - start) + 1;
        pc->x = (int)c[i].x1;
        pc->y = (int)c[i].y1;
        pc->conf = c[i].conf;
        snprintf(pc->read, sizeof pc->read, "%s", c[i].read);
        extract_add(&R->out, c[i].text, strlen(c[i].text));
    }
    if (table && n > 0)
        extract_add(&R->out, " |", 2);
    extract_line(&R->out, 0);
}

/* The grid text: the lines in order; the lines of a table (runs of lines
 * of two cells or more) with their columns (the spans of their cells'
 * words, merged), a column without a word in a line filled (fill). */
static void write_text(reader *R, cli_picture *out)
{
    size_t i = 0;
    column *cols = malloc((R->nc ? R->nc : 1) * sizeof *cols);
    pcell *row = malloc((2 * R->nc + 1) * sizeof *row); /* a line's cells and fillings */
    out->row_y = calloc(R->nlines ? R->nlines : 1, sizeof *out->row_y);
    if (cols == NULL || row == NULL || out->row_y == NULL) {
        free(cols);
        free(row);
        R->bad = true;
        return;
    }
    for (size_t l = 0; l < R->nlines; l++)
        out->row_y[l] = (int)R->top[l];
    for (int line = 1; (size_t)line <= R->nlines && !R->bad; line++) {
        size_t from = i, to, n;
        while (i < R->nc && R->cells[i].line == line)
            i++;
        to = i;
        if (to - from < 2) {
            put_line(R, out, R->cells + from, to - from, false);
            continue;
        }
        /* a table: this line and the next ones of two cells or more */
        {
            size_t end = to, k = to;
            int last = line;
            while (k < R->nc) {
                size_t m = k;
                int l2 = R->cells[k].line;
                while (m < R->nc && R->cells[m].line == l2)
                    m++;
                if (m - k < 2 || l2 != last + 1)
                    break;
                last = l2;
                end = k = m;
            }
            n = columns(R, cols, from, end, last - line + 1);
            /* each line of the table, its words in their columns */
            for (int l2 = line; l2 <= last && !R->bad; l2++) {
                size_t m = 0;
                for (size_t col = 0; col < n; col++) {
                    pcell *c = &row[m++];
                    memset(c, 0, sizeof *c);
                    c->line = l2;
                    c->conf = 100;
                }
                for (size_t q = 0; q < R->nw; q++) {
                    const pword *w = &R->pw[q];
                    double mid = (w->x1 + w->x2) / 2, best = 1e18;
                    size_t at = 0;
                    pcell *c;
                    if (w->line != l2)
                        continue;
                    for (size_t col = 0; col < n; col++) {
                        double dist = mid < cols[col].x1   ? cols[col].x1 - mid
                                      : mid > cols[col].x2 ? mid - cols[col].x2
                                                           : 0;
                        if (dist < best)
                            best = dist, at = col;
                    }
                    c = &row[at];
                    if (c->text[0] == '\0') {
                        c->x1 = w->x1;
                        c->y1 = w->y1;
                    }
                    c->x2 = w->x2;
                    if (w->conf < c->conf)
                        c->conf = w->conf;
                    append(c->text, sizeof c->text, w->text);
                    append(c->read, sizeof c->read, w->text);
                }
                for (size_t col = 0; col < n; col++) {
                    pcell *c = &row[col];
                    if (c->text[0] == '\0')
                        fill(R, c, cols[col].x1, cols[col].x2, R->top[l2 - 1],
                             R->bottom[l2 - 1]);
                    else if (c->conf < CLI_PICTURE_MIN_CONFIDENCE)
                        snprintf(c->text, sizeof c->text, "?"); /* never guessed */
                }
                put_line(R, out, row, m, true);
            }
            line = last;
            i = end;
        }
    }
    /* the blank line that ends the picture */
    extract_line(&R->out, 0);
    free(cols);
    free(row);
    if (R->out.bad)
        R->bad = true;
}

bool cli_picture_read(const char *data, size_t len, cli_picture *out, char *why, size_t whysize)
{
    PIX *pix = NULL, *gray = NULL;
    TessResultIterator *it = NULL;
    const char *dir;
    int w = 0, h = 0, d = 0, format = 0, bps = 0, spp = 0, cmap = 0;
    extract_box *boxes = NULL;
    size_t cap = 0;
    extract lines = {0};
    reader R = {0};
    bool ok = false;

    memset(out, 0, sizeof *out);
    if (!load_ocr(why, whysize))
        return false;
    ocr.setMsgSeverity(L_SEVERITY_NONE); /* Leptonica's own messages: ours say it */
    if (ocr.pixReadHeaderMem((const l_uint8 *)data, len, &format, &w, &h, &bps, &spp, &cmap) != 0 ||
        w <= 0 || h <= 0) {
        snprintf(why, whysize, "not a picture that can be decoded (a whole PNG or JPEG?)");
        return false;
    }
    if ((long)w * h > PICTURE_MAX_PIXELS) {
        snprintf(why, whysize,
                 "%d x %d pixels, more than %ld million: scale the picture down (a point "
                 "table is legible at 2-4 million)",
                 w, h, PICTURE_MAX_PIXELS / 1000000);
        return false;
    }
    pix = ocr.pixReadMem((const l_uint8 *)data, len);
    if (pix == NULL) {
        snprintf(why, whysize, "the picture cannot be decoded (cut short, or damaged)");
        return false;
    }
    gray = ocr.pixConvertTo8(pix, 0);
    ocr.pixGetDimensions(pix, &w, &h, &d);
    ocr.pixDestroy(&pix);
    if (gray == NULL) {
        snprintf(why, whysize, "the picture cannot be turned to grey levels");
        return false;
    }
    R.scale = 1;
    if (w < PICTURE_SMALL_WIDTH)
        R.scale = w < PICTURE_SMALL_WIDTH / 3 ? 3.0f : 2.0f;
    if (R.scale != 1) {
        R.pix = ocr.pixScaleGrayLI(gray, R.scale, R.scale);
        ocr.pixDestroy(&gray);
        if (R.pix == NULL) {
            snprintf(why, whysize, "out of memory scaling the picture up");
            return false;
        }
    } else {
        R.pix = gray;
    }
    dir = tessdata();
    if (dir == NULL) {
        snprintf(why, whysize,
                 "no tesseract language data (eng.traineddata) in $TESSDATA_PREFIX nor "
                 "/usr/share/tesseract-ocr/5/tessdata: install tesseract-ocr-eng");
        ocr.pixDestroy(&R.pix);
        return false;
    }
    /* tesseract's OpenMP threads: as many as the machine has idle (on a busy
     * one, their waiting costs more than they bring) */
    if (ocr.omp_set_dynamic != NULL)
        ocr.omp_set_dynamic(1);
    R.api = ocr.TessBaseAPICreate();
    if (R.api == NULL || ocr.TessBaseAPIInit3(R.api, dir, "eng") != 0) {
        snprintf(why, whysize, "tesseract cannot start with the language data of %s", dir);
        goto done;
    }
    ocr.TessBaseAPISetVariable(R.api, "debug_file", "/dev/null");
    /* a table: words scattered in cells, no paragraphs to follow */
    ocr.TessBaseAPISetPageSegMode(R.api, PSM_SPARSE_TEXT);
    ocr.TessBaseAPISetImage2(R.api, R.pix);
    ocr.TessBaseAPISetSourceResolution(R.api, (int)(96 * R.scale));
    if (ocr.TessBaseAPIRecognize(R.api, NULL) != 0) {
        snprintf(why, whysize, "tesseract could not read the picture");
        goto done;
    }
    it = ocr.TessBaseAPIGetIterator(R.api);
    if (it != NULL) {
        do {
            const TessPageIterator *pi = ocr.TessResultIteratorGetPageIteratorConst(it);
            char *t = ocr.TessResultIteratorGetUTF8Text(it, RIL_WORD);
            int l, tp, r, b;
            if (t != NULL && ocr.TessPageIteratorBoundingBox(pi, RIL_WORD, &l, &tp, &r, &b)) {
                char *s = tidy(t);
                if (s == NULL) {
                    ocr.TessDeleteText(t);
                    R.bad = true;
                    break;
                }
                if (s[0] != '\0' && r > l && b > tp) {
                    if (R.nw == cap) {
                        size_t c = cap ? cap * 2 : 256;
                        word *pw = realloc(R.words, c * sizeof *pw);
                        extract_box *pb = realloc(boxes, c * sizeof *pb);
                        if (pw != NULL)
                            R.words = pw;
                        if (pb != NULL)
                            boxes = pb;
                        if (pw == NULL || pb == NULL) {
                            free(s);
                            ocr.TessDeleteText(t);
                            R.bad = true;
                            break;
                        }
                        cap = c;
                    }
                    R.words[R.nw].conf = ocr.TessResultIteratorConfidence(it, RIL_WORD);
                    R.words[R.nw].text = s;
                    /* back to the picture's own pixels */
                    boxes[R.nw] = (extract_box){s,          l / R.scale,  tp / R.scale,
                                                r / R.scale, b / R.scale, (int)R.nw,
                                                0,          0,            false};
                    R.nw++;
                } else {
                    free(s);
                }
            }
            ocr.TessDeleteText(t);
        } while (ocr.TessResultIteratorNext(it, RIL_WORD));
        ocr.TessResultIteratorDelete(it);
    }
    if (R.bad) {
        snprintf(why, whysize, "out of memory");
        goto done;
    }
    if (R.nw == 0) {
        snprintf(why, whysize, "no chart cell found: no text in the picture (%d x %d pixels)", w,
                 h);
        goto done;
    }
    /* a word's box is its ink, not its font's height as a PDF glyph's: a
     * space between words is 0.35-0.7 of a line's height, a cell's padding
     * more */
    extract_boxes(&lines, boxes, R.nw, 2, PICTURE_CELL_GAP, 0);
    if (!lines.bad)
        make_cells(&R, boxes, lines.lines);
    if (!lines.bad && !R.bad)
        write_text(&R, out);
    if (lines.bad || R.bad || R.out.s == NULL) {
        snprintf(why, whysize, "out of memory");
        goto done;
    }
    out->text = R.out.s;
    out->nlines = R.out.lines;
    R.out.s = NULL;
    out->width = w;
    out->height = h;
    out->scale = R.scale;
    ok = true;
done:
    if (!ok)
        cli_picture_free(out);
    extract_free(&R.out);
    extract_free(&lines);
    for (size_t i = 0; i < R.nw; i++)
        free(R.words[i].text);
    free(R.words);
    free(R.cells);
    free(R.pw);
    free(R.top);
    free(R.bottom);
    free(boxes);
    if (R.api != NULL) {
        ocr.TessBaseAPIEnd(R.api);
        ocr.TessBaseAPIDelete(R.api);
    }
    ocr.pixDestroy(&R.pix);
    return ok;
}

#endif
