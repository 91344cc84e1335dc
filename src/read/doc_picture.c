/* Pictures as words (tensu verify chart.png, chart.jpg): a screenshot or a
 * photograph of a chart, cleaned (picture_prep.c: grey levels, scale,
 * skew), read by OCR (tesseract, through its C API) in the languages
 * charts use, each word with its box in the picture's own pixels and how
 * sure the OCR is of it.  A box the table reader is not sure of is read
 * again by itself (doc_picture_reread: the crop scaled and thresholded).
 * What the OCR makes of the text is mended in ocr_text.c.  Words only:
 * finding the tables in them is the table reader's.
 *
 * Built only with tesseract's headers (pkg-config tesseract and lept):
 * without them, doc_picture_words says how to get them.  The libraries
 * are opened at the first picture read (dynlib.h). */
#include "doc.h"
#include "words.h"
#include "ocr_text.h"
#include "ocr_words.h"
#include "picture.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *doc_picture_kind(const char *data, size_t len)
{
    if (len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0)
        return "png";
    if (len >= 3 && memcmp(data, "\xFF\xD8\xFF", 3) == 0)
        return "jpeg";
    return NULL;
}

#ifndef TENSU_HAVE_OCR

struct doc_picture {
    int unused;
};

tensu_status doc_picture_words(const char *data, size_t len, bool japanese, tensu_words **out,
                               doc_picture **pic, char *why, size_t whysize)
{
    (void)data;
    (void)len;
    (void)japanese;
    *out = NULL;
    *pic = NULL;
    snprintf(why, whysize,
             "a picture, and this tensu was built without OCR: install libtesseract-dev and "
             "tesseract-ocr-eng (scripts/deps does) and build again");
    return TENSU_ERR_INVALID;
}

bool doc_picture_reread(void *pic, int page, double x1, double y1, double x2, double y2,
                        char *text, size_t size, float *conf)
{
    (void)pic, (void)page, (void)x1, (void)y1, (void)x2, (void)y2, (void)text, (void)size;
    *conf = 0;
    return false;
}

bool doc_picture_confirm(void *pic, int page, double x1, double y1, double x2, double y2,
                         char *text, size_t size, float *conf)
{
    return doc_picture_reread(pic, page, x1, y1, x2, y2, text, size, conf);
}

bool doc_picture_confirm2(void *pic, int page, double x1, double y1, double x2, double y2,
                          char *text, size_t size, float *conf)
{
    return doc_picture_reread(pic, page, x1, y1, x2, y2, text, size, conf);
}

void doc_picture_size(const doc_picture *pic, int *width, int *height)
{
    (void)pic;
    *width = *height = 0;
}

void doc_picture_place(const doc_picture *pic, double *x1, double *y1, double *x2, double *y2)
{
    (void)pic, (void)x1, (void)y1, (void)x2, (void)y2;
}

void doc_picture_free(doc_picture *pic)
{
    free(pic);
}

#else

/* The most pixels read (bounded work and memory: a phone's photo is
 * 12-50 megapixels; a point table is legible at a few). */
#define PICTURE_MAX_PIXELS (60L * 1000 * 1000)

struct doc_picture {
    prepared img;          /* what the OCR reads, and how it maps to the picture */
    TessBaseAPI *api;
    int width, height;     /* the picture's own */
    bool turned;           /* a part printed upside down was read (a tent card) */
    double tx1, ty1, tx2, ty2; /* where (the frame's units) */
};

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

/* The languages to read in: English, and French where its data is
 * installed; with japanese, Japanese too ("eng+fra+jpn").  An empty buf
 * when Japanese is asked for and its data is not there. */
static void languages(const char *dir, bool japanese, char *buf, size_t size)
{
    static const char *const extra[] = {"fra", "jpn"};
    const char *env = getenv("TENSU_OCR_LANGS");
    if (env != NULL && env[0] != '\0') {
        snprintf(buf, size, "%s", japanese ? "" : env);
        return;
    }
    snprintf(buf, size, "eng");
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        char path[1200];
        FILE *f;
        if (strcmp(extra[i], "jpn") == 0 && !japanese)
            continue;
        snprintf(path, sizeof path, "%s/%s.traineddata", dir, extra[i]);
        if ((f = fopen(path, "rb")) != NULL) {
            size_t n = strlen(buf);
            fclose(f);
            snprintf(buf + n, size - n, "+%s", extra[i]);
        } else if (strcmp(extra[i], "jpn") == 0) {
            buf[0] = '\0';
        }
    }
}

/* Is the word what is left of a rule taken out (a "1" one pixel wide, a
 * "-" where a line ran)? */
static bool rule_left(const prepared *img, const char *text, int l, int t, int r, int b)
{
    static const char *const strokes[] = {"-", "1", "l", "I", "!", "_", ".", ",", "'", "\xE2\x80\x94",
                                          "\xE2\x80\x93"};
    double ch = img->char_h * img->scale;
    bool stroke = false;
    for (size_t i = 0; i < sizeof strokes / sizeof strokes[0] && !stroke; i++)
        stroke = strcmp(text, strokes[i]) == 0;
    if (!stroke)
        return false;
    if (ch > 0 && r - l < 0.12 * ch && b - t > 0.5 * ch)
        return true; /* a hair, upright */
    return picture_on_rule(img, l, t, r - l > 0 ? r - l : 1, b - t > 0 ? b - t : 1);
}

/* Is there ink (a dark pixel) in row y of pix between l and r? */
static bool ink_row(const prepared *img, int l, int r, int y)
{
    for (int x = l; x < r; x++) {
        l_uint32 v = 255;
        if (ocr.pixGetPixel(img->pix, x, y, &v) == 0 && v < 128)
            return true;
    }
    return false;
}

/* A word's box much taller than the picture's characters (the OCR took a
 * mark above or below into it: "1000" with the "---" over it): its rows
 * of ink, the run as tall as a character, in pix's pixels. */
static void ink_band(const prepared *img, int l, int *t, int r, int *b)
{
    double ch = img->char_h * img->scale;
    int h = *b - *t, best = -1, best_len = 0, run = 0, gap = 0, start = 0;
    if (ch <= 0 || h < 1.6 * ch || h > 400 || r - l > 2000)
        return;
    for (int y = *t; y <= *b; y++) {
        if (ink_row(img, l, r, y)) {
            if (run == 0)
                start = y;
            run += 1 + gap;
            gap = 0;
        } else if (run > 0 && ++gap > 2) {
            if (run > best_len)
                best = start, best_len = run;
            run = gap = 0;
        }
    }
    if (run > best_len)
        best = start, best_len = run;
    if (best >= 0 && best_len >= 0.6 * ch && best_len <= 1.4 * ch) {
        *t = best;
        *b = best + best_len;
    }
}

/* The height of the ink in a box of pix (from its first row with ink to
 * its last), in pix's pixels; 0 when none. */
static int ink_height(const prepared *img, int l, int t, int r, int b)
{
    int first = -1, last = -1;
    if (r - l > 2000 || b - t > 400)
        return b - t;
    for (int y = t; y <= b; y++) {
        if (ink_row(img, l, r, y)) {
            if (first < 0)
                first = y;
            last = y;
        }
    }
    return first < 0 ? 0 : last - first + 1;
}

static bool keep_word(ocr_word **a, size_t *n, size_t *cap, const tensu_word *w)
{
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 256;
        ocr_word *p = realloc(*a, c * sizeof *p);
        if (p == NULL)
            return false;
        *a = p;
        *cap = c;
    }
    snprintf((*a)[*n].text, sizeof (*a)[*n].text, "%s", w->text);
    (*a)[*n].x1 = w->x1, (*a)[*n].y1 = w->y1, (*a)[*n].x2 = w->x2, (*a)[*n].y2 = w->y2;
    (*a)[*n].conf = w->conf;
    (*a)[*n].turned = (w->flags & TENSU_WORD_TURNED) != 0;
    (*a)[*n].dropped = false;
    (*n)++;
    return true;
}

/* The words tesseract read (its last Recognize) added to kept; turned:
 * it read the picture turned upside down, the boxes are turned back. */
static tensu_status collect_words(doc_picture *pic, bool turned, ocr_word **kept, size_t *nkept,
                                  size_t *capkept)
{
    TessResultIterator *it = ocr.TessBaseAPIGetIterator(pic->api);
    int W = ocr.pixGetWidth(pic->img.pix), H = ocr.pixGetHeight(pic->img.pix);
    tensu_status st = TENSU_OK;
    if (it != NULL) {
        /* symbol by symbol: a word's box is its characters' (tesseract's
         * own box for a word may take in a mark above it) */
        char text[256] = "";
        float conf = 0;
        int bl = 0, bt = 0, br = 0, bb = 0;
        bool in_word = false;
        do {
            const TessPageIterator *pi = ocr.TessResultIteratorGetPageIteratorConst(it);
            int l, tp, r, b;
            if (!in_word) {
                char *t = ocr.TessResultIteratorGetUTF8Text(it, RIL_WORD);
                ocr_tidy(t ? t : "", text, sizeof text);
                ocr.TessDeleteText(t);
                conf = ocr.TessResultIteratorConfidence(it, RIL_WORD);
                in_word = true;
                bl = bt = 1 << 30;
                br = bb = -1;
            }
            if (ocr.TessPageIteratorBoundingBox(pi, RIL_SYMBOL, &l, &tp, &r, &b)) {
                bl = l < bl ? l : bl;
                bt = tp < bt ? tp : bt;
                br = r > br ? r : br;
                bb = b > bb ? b : bb;
            }
            if (!ocr.TessPageIteratorIsAtFinalElement(pi, RIL_WORD, RIL_SYMBOL))
                continue;
            in_word = false;
            if (turned && br >= 0) {
                /* the box in the upright picture */
                int l2 = W - br, t2 = H - bb, r2 = W - bl, b2 = H - bt;
                bl = l2, bt = t2, br = r2, bb = b2;
            }
            ink_band(&pic->img, bl, &bt, br, &bb);
            if (rule_left(&pic->img, text, bl, bt, br, bb))
                continue;
            if (conf < 50 && strlen(text) <= 2 && pic->img.char_h > 0 &&
                ink_height(&pic->img, bl, bt, br, bb) < 0.3 * pic->img.char_h * pic->img.scale &&
                br - bl > 0.5 * pic->img.char_h * pic->img.scale) {
                /* a dash the OCR took for a character ("2" at 10 of 100):
                 * its ink is a flat stroke */
                snprintf(text, sizeof text, "-");
                conf = 80;
            }
            if (text[0] != '\0' && br > bl && bb > bt) {
                tensu_word word;
                double x1, y1, x2, y2;
                memset(&word, 0, sizeof word);
                /* in the straightened picture, at its own scale */
                picture_to_frame(&pic->img, bl, bt, &x1, &y1);
                picture_to_frame(&pic->img, br, bb, &x2, &y2);
                word.text = text;
                word.x1 = x1 < x2 ? x1 : x2;
                word.x2 = x1 < x2 ? x2 : x1;
                word.y1 = y1 < y2 ? y1 : y2;
                word.y2 = y1 < y2 ? y2 : y1;
                if (word.x2 <= word.x1)
                    word.x2 = word.x1 + 1;
                if (word.y2 <= word.y1)
                    word.y2 = word.y1 + 1;
                word.conf = conf;
                word.flags = turned ? TENSU_WORD_TURNED : 0;
                if (pic->img.char_h > 0 && word.y2 - word.y1 < 0.3 * pic->img.char_h &&
                    strpbrk(text, "0123456789") == NULL) {
                    /* a flat word is strokes of a dash ("---" in
                     * small type read as "ooo"): its shape says it, however
                     * unsure the OCR was of its letters */
                    snprintf(text, sizeof text, "-");
                    if (word.conf < 80)
                        word.conf = 80;
                    if (rule_left(&pic->img, text, bl, bt, br, bb))
                        continue; /* what is left of a rule taken out */
                } else if (pic->img.char_h > 0 && word.y2 - word.y1 < 0.3 * pic->img.char_h &&
                           word.conf < 50) {
                    continue; /* no figure is so flat: a speck on a photo's rule ("2") */
                }
                st = keep_word(kept, nkept, capkept, &word) ? TENSU_OK : TENSU_ERR_NOMEM;
            }
        } while (st == TENSU_OK && ocr.TessResultIteratorNext(it, RIL_SYMBOL));
        ocr.TessResultIteratorDelete(it);
    }
    return st;
}

/* Amounts read backwards, many: a part of the page may be printed upside
 * down (a tent card's far face). */
/* An amount read upside down: "8,000" turned reads "000'8", "00S'" (no
 * amount starts with 00). */
static bool reversed_amount(const char *t)
{
    size_t i = 0;
    if ((t[0] == 'O' || t[0] == 'o') && (t[1] == 'O' || t[1] == 'o' || t[1] == '0') && t[2])
        return true; /* its zeros read as letters: "OOET" (1300), "oor9" */
    if (t[0] != '0' || t[1] != '0')
        return false;
    while (t[i] >= '0' && t[i] <= '9')
        i++;
    /* digits only: "0008" is "8 000" turned (no amount starts with 0);
     * not "000" (the end of "12 000"), nor "0004" (a Japanese "1,000オ",
     * its オ read as a 4) */
    if (t[i] == '\0')
        return i > 3 && t[i - 1] != '4';
    /* what follows the zeros: a comma or a point turned (', ‘, ", .), or a
     * digit turned into a letter (S, Z, E, €); not an end, a bracket, a
     * slash ("000", "000)": the end of "12 000") */
    return t[i] != '\0' && t[i] != ')' && t[i] != ']' && t[i] != '/' && t[i] != ' ';
}

static bool upside_down_likely(const ocr_word *w, size_t n)
{
    size_t rev = 0, digits = 0;
    for (size_t i = 0; i < n; i++) {
        rev += reversed_amount(w[i].text);
        digits += strpbrk(w[i].text, "0123456789") != NULL;
    }
    /* a fifth of the words with digits at least (a Japanese "500オール"
     * may give a word "00オ..." or two) */
    return rev >= 8 && rev * 5 >= digits;
}

/* Do two boxes overlap by half the smaller one? */
static bool overlap(const ocr_word *a, const ocr_word *b)
{
    double w = (a->x2 < b->x2 ? a->x2 : b->x2) - (a->x1 > b->x1 ? a->x1 : b->x1);
    double h = (a->y2 < b->y2 ? a->y2 : b->y2) - (a->y1 > b->y1 ? a->y1 : b->y1);
    double sa = (a->x2 - a->x1) * (a->y2 - a->y1), sb = (b->x2 - b->x1) * (b->y2 - b->y1);
    return w > 0 && h > 0 && w * h >= 0.5 * (sa < sb ? sa : sb);
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Do two boxes share any part? */
static bool touch(const ocr_word *a, const ocr_word *b)
{
    return a->x1 < b->x2 && b->x1 < a->x2 && a->y1 < b->y2 && b->y1 < a->y2;
}

/* A word an upright reading makes of text printed upside down: no amount
 * and no word of a chart ("000" alone is the end of "12 000" upright, but
 * its turned twin is no proof either way: not this). */
static bool reversed_word(const char *t)
{
    static const char *const turned[] = {"uey", "UeY", "ueY", "nj", "ny"};
    for (size_t i = 0; i < sizeof turned / sizeof turned[0]; i++)
        if (strcmp(t, turned[i]) == 0)
            return true;
    return false;
}

/* Read the picture turned upside down; a word it reads surely where the
 * upright reading was unsure (or read nothing) is kept, marked turned,
 * and the unsure upright words under it are dropped. */
static tensu_status read_turned(doc_picture *pic, ocr_word **kept, size_t *nkept, size_t *capkept)
{
    PIX *rot = ocr.pixRotate180(NULL, pic->img.pix);
    size_t upright = *nkept, any = 0;
    tensu_status st;
    if (rot == NULL)
        return TENSU_OK;
    ocr.TessBaseAPISetImage2(pic->api, rot);
    ocr.TessBaseAPISetSourceResolution(pic->api, pic->img.dpi);
    if (ocr.TessBaseAPIRecognize(pic->api, NULL) != 0) {
        ocr.pixDestroy(&rot);
        return TENSU_OK;
    }
    st = collect_words(pic, true, kept, nkept, capkept);
    ocr.pixDestroy(&rot);
    if (st != TENSU_OK)
        return st;
    /* the part printed upside down: where the turned reading reads numbers
     * surely and the upright one read none, or read them backwards; of such
     * words, the band down the page that holds the most (a few stray ones
     * elsewhere, the upright part read turned, are not it) */
    {
        double *ys = malloc((*nkept - upright + 1) * sizeof *ys), gap, best_a = 0, best_b = 0;
        size_t nw = 0, best = 0;
        if (ys == NULL)
            return TENSU_ERR_NOMEM;
        for (size_t i = upright; i < *nkept; i++) {
            ocr_word *t = &(*kept)[i];
            bool win = t->conf >= 70 && strpbrk(t->text, "0123456789") != NULL;
            for (size_t j = 0; j < upright && win; j++)
                if (touch(t, &(*kept)[j]) && (*kept)[j].conf >= t->conf - 15 &&
                    !reversed_amount((*kept)[j].text) && !reversed_word((*kept)[j].text))
                    win = false;
            if (win)
                ys[nw++] = (t->y1 + t->y2) / 2;
        }
        qsort(ys, nw, sizeof *ys, by_double);
        gap = 6 * (pic->img.char_h > 0 ? pic->img.char_h : 20);
        for (size_t a = 0, b; a < nw; a = b) {
            for (b = a + 1; b < nw && ys[b] - ys[b - 1] <= gap; b++)
                ;
            if (b - a > best) {
                best = b - a;
                best_a = ys[a];
                best_b = ys[b - 1];
            }
        }
        free(ys);
        any = best;
        for (size_t i = upright; i < *nkept && best > 0; i++) {
            ocr_word *t = &(*kept)[i];
            double cy = (t->y1 + t->y2) / 2;
            if (cy < best_a || cy > best_b)
                continue;
            if (pic->ty2 <= pic->ty1) {
                pic->tx1 = t->x1, pic->ty1 = t->y1, pic->tx2 = t->x2, pic->ty2 = t->y2;
            } else {
                pic->tx1 = t->x1 < pic->tx1 ? t->x1 : pic->tx1;
                pic->ty1 = t->y1 < pic->ty1 ? t->y1 : pic->ty1;
                pic->tx2 = t->x2 > pic->tx2 ? t->x2 : pic->tx2;
                pic->ty2 = t->y2 > pic->ty2 ? t->y2 : pic->ty2;
            }
        }
    }
    if (any < 8) {
        /* no such part: the turned reading is none */
        *nkept = upright;
        return TENSU_OK;
    }
    {
        /* the whole width; a margin above and below for its headings, where
         * an upright word the OCR was sure of stays */
        double fw = ocr.pixGetWidth(pic->img.pix) / pic->img.scale,
               fh = ocr.pixGetHeight(pic->img.pix) / pic->img.scale, m = 0.1 * fh;
        pic->tx1 = 0;
        pic->tx2 = fw;
        for (size_t i = 0; i < *nkept; i++) {
            ocr_word *u = &(*kept)[i];
            double cy = (u->y1 + u->y2) / 2;
            bool core = cy >= pic->ty1 && cy <= pic->ty2,
                 near = !core && cy >= pic->ty1 - m && cy <= pic->ty2 + m;
            if (i < upright) {
                u->dropped = core || (near && (u->conf < 60 || reversed_amount(u->text)));
                /* near it, the surer of the two readings */
                for (size_t j = upright; j < *nkept && near && !u->dropped; j++)
                    u->dropped = (*kept)[j].conf >= 60 && (*kept)[j].conf > u->conf &&
                                 overlap(u, &(*kept)[j]);
            } else {
                u->dropped = !core && !near;
            }
        }
        for (size_t i = upright; i < *nkept; i++) {
            ocr_word *t = &(*kept)[i];
            double cy = (t->y1 + t->y2) / 2;
            if (t->dropped || (cy >= pic->ty1 && cy <= pic->ty2))
                continue;
            t->dropped = t->conf < 60;
            for (size_t j = 0; j < upright && !t->dropped; j++)
                t->dropped = !(*kept)[j].dropped && overlap(t, &(*kept)[j]);
        }
    }
    pic->turned = any > 0;
    pic->img.turned = pic->turned;
    pic->img.ty1 = pic->ty1;
    pic->img.ty2 = pic->ty2;
    return TENSU_OK;
}

tensu_status doc_picture_words(const char *data, size_t len, bool japanese, tensu_words **out,
                               doc_picture **picp, char *why, size_t whysize)
{
    doc_picture *pic;
    tensu_words *w = NULL;
    const char *dir;
    char langs[64];
    tensu_status st = TENSU_OK;
    tensu_error err;
    int width = 0, height = 0;
    *out = NULL;
    *picp = NULL;
    if (!picture_load(why, whysize))
        return TENSU_ERR_INVALID;
    if (!picture_size(data, len, &width, &height)) {
        snprintf(why, whysize, "not a picture that can be decoded (a whole PNG or JPEG?)");
        return TENSU_ERR_INVALID;
    }
    if ((long)width * height > PICTURE_MAX_PIXELS) {
        snprintf(why, whysize,
                 "%d x %d pixels, more than %ld million: scale the picture down (a point "
                 "table is legible at 2-4 million)",
                 width, height, PICTURE_MAX_PIXELS / 1000000);
        return TENSU_ERR_RANGE;
    }
    dir = tessdata();
    if (dir == NULL) {
        snprintf(why, whysize,
                 "no tesseract language data (eng.traineddata) in $TESSDATA_PREFIX nor "
                 "/usr/share/tesseract-ocr/5/tessdata: install tesseract-ocr-eng");
        return TENSU_ERR_INVALID;
    }
    pic = calloc(1, sizeof *pic);
    if (pic == NULL) {
        snprintf(why, whysize, "out of memory");
        return TENSU_ERR_NOMEM;
    }
    pic->width = width;
    pic->height = height;
    if (!picture_prepare(data, len, &pic->img, why, whysize)) {
        free(pic);
        return TENSU_ERR_INVALID;
    }
    languages(dir, japanese, langs, sizeof langs);
    if (langs[0] == '\0') {
        snprintf(why, whysize, "no Japanese language data (jpn.traineddata): install "
                               "tesseract-ocr-jpn");
        doc_picture_free(pic);
        return TENSU_ERR_INVALID;
    }
    pic->api = ocr.TessBaseAPICreate();
    if (pic->api == NULL || ocr.TessBaseAPIInit3(pic->api, dir, langs) != 0) {
        snprintf(why, whysize, "tesseract cannot start with the language data %s of %s", langs,
                 dir);
        doc_picture_free(pic);
        return TENSU_ERR_INVALID;
    }
    ocr.TessBaseAPISetVariable(pic->api, "debug_file", "/dev/null");
    /* light text on dark is turned over before (picture_prep.c): no word
     * need be tried again turned over (half the time of an unsure word) */
    ocr.TessBaseAPISetVariable(pic->api, "tessedit_do_invert", "0");
    ocr.TessBaseAPISetVariable(pic->api, "paragraph_text_based", "0");
    /* a table: words scattered in cells, no paragraphs to follow */
    ocr.TessBaseAPISetPageSegMode(pic->api, PSM_SPARSE_TEXT);
    ocr.TessBaseAPISetImage2(pic->api, pic->img.pix);
    ocr.TessBaseAPISetSourceResolution(pic->api, pic->img.dpi);
    if (ocr.TessBaseAPIRecognize(pic->api, NULL) != 0) {
        snprintf(why, whysize, "tesseract could not read the picture");
        doc_picture_free(pic);
        return TENSU_ERR_INVALID;
    }
    w = tensu_words_new(TENSU_PLACES_PICTURE);
    if (w == NULL) {
        snprintf(why, whysize, "out of memory");
        doc_picture_free(pic);
        return TENSU_ERR_NOMEM;
    }
    tensu_words_page_size(w, 0, ocr.pixGetWidth(pic->img.pix) / pic->img.scale,
                          ocr.pixGetHeight(pic->img.pix) / pic->img.scale, NULL);
    memset(&err, 0, sizeof err);
    ocr_word *kept = NULL;
    size_t nkept = 0, capkept = 0;
    st = collect_words(pic, false, &kept, &nkept, &capkept);
    if (st == TENSU_OK && upside_down_likely(kept, nkept))
        st = read_turned(pic, &kept, &nkept, &capkept);
    if (st == TENSU_OK) {
        fix_all_words(kept, nkept);
        drop_lone_strokes(kept, nkept, pic->img.char_h);
        unshare_boxes(kept, nkept);
        join_groups(kept, nkept);
        for (size_t i = 0; i < nkept && st == TENSU_OK; i++) {
            tensu_word word;
            memset(&word, 0, sizeof word);
            word.text = kept[i].text;
            word.x1 = kept[i].x1, word.y1 = kept[i].y1, word.x2 = kept[i].x2, word.y2 = kept[i].y2;
            word.conf = kept[i].conf;
            word.flags = kept[i].turned ? TENSU_WORD_TURNED : 0;
            if (word.text[0] != '\0' && !kept[i].dropped)
                st = tensu_words_add(w, &word, &err);
        }
    }
    free(kept);
    if (st == TENSU_OK)
        st = picture_marks(&pic->img, pic->api, w, &err);
    if (st != TENSU_OK) {
        snprintf(why, whysize, "%s", err.message[0] ? err.message : "out of memory");
        tensu_words_free(w);
        doc_picture_free(pic);
        return st;
    }
    if (tensu_words_count(w) == 0) {
        snprintf(why, whysize, "no chart cell found: no text in the picture (%d x %d pixels)",
                 width, height);
        tensu_words_free(w);
        doc_picture_free(pic);
        return TENSU_ERR_INVALID;
    }
    *out = w;
    *picp = pic;
    return TENSU_OK;
}

/* Is the box (the frame's units) in the part read turned upside down? */
static bool in_turned(const doc_picture *pic, double x1, double y1, double x2, double y2)
{
    double cx = (x1 + x2) / 2, cy = (y1 + y2) / 2;
    return pic->turned && cx >= pic->tx1 && cx <= pic->tx2 && cy >= pic->ty1 && cy <= pic->ty2;
}

/* The box read again by itself at factor times the size it was read at
 * (plain: from the picture as it came, picture_reread). */
static bool reread_at(void *ctx, double x1, double y1, double x2, double y2, char *text,
                      size_t size, float *conf, float factor, bool plain)
{
    doc_picture *pic = ctx;
    bool got = picture_reread(&pic->img, pic->api, x1, y1, x2, y2, text, size, conf, factor,
                              in_turned(pic, x1, y1, x2, y2), plain);
    if (got) {
        ocr_drop_specks(text);
        ocr_fix_all(text);
    }
    return got;
}

bool doc_picture_reread(void *ctx, int page, double x1, double y1, double x2, double y2,
                        char *text, size_t size, float *conf)
{
    char big[512], small[512] = "", d1[64], d2[64], d3[64];
    float c2 = 0, c3 = 0;
    bool got, got2;
    (void)page;
    got = reread_at(ctx, x1, y1, x2, y2, text, size, conf, 1, false);
    if (got && *conf >= TENSU_OCR_SURE)
        return true;
    /* not sure: read again larger (a photo's blurred digits) */
    got2 = reread_at(ctx, x1, y1, x2, y2, big, sizeof big, &c2, 1.5f, false) &&
           strlen(big) < size;
    if (got2 && c2 >= TENSU_OCR_SURE) {
        memcpy(text, big, strlen(big) + 1);
        *conf = c2;
        return true;
    }
    /* still not sure: smaller (small print read better so); else two
     * readings at two sizes that give the same figures (three of them at
     * least) are sure of them, the OCR's doubt was about the shapes
     * around them (small print, a tint) */
    if (reread_at(ctx, x1, y1, x2, y2, small, sizeof small, &c3, 0.8f, false) &&
        strlen(small) < size &&
        c3 >= TENSU_OCR_SURE) {
        memcpy(text, small, strlen(small) + 1);
        *conf = c3;
        return true;
    }
    {
        /* the figures of each reading: two that agree are sure */
        size_t n1 = got ? read_figures(text, d1, sizeof d1) : 0,
               n2 = got2 ? read_figures(big, d2, sizeof d2) : 0,
               n3 = strlen(small) < size ? read_figures(small, d3, sizeof d3) : 0;
        bool with2 = n1 >= 3 && n2 == n1 && strcmp(d1, d2) == 0,
             with3 = n1 >= 3 && n3 == n1 && strcmp(d1, d3) == 0;
        if (with2 || with3) {
            /* the text of the surer of the two ("4, 000A all" at 54 and
             * "4, 000 all" at 73: the second) */
            if (with2 && c2 > *conf)
                memcpy(text, big, strlen(big) + 1);
            else if (!with2 && c3 > *conf)
                memcpy(text, small, strlen(small) + 1);
            *conf = TENSU_OCR_SURE;
            return true;
        }
        if (n2 >= 3 && n3 == n2 && strcmp(d2, d3) == 0) {
            memcpy(text, big, strlen(big) + 1);
            *conf = TENSU_OCR_SURE;
            return true;
        }
    }
    /* a page of even white: the picture as it came, its tints made white
     * (the light evened out by tiles left a grey band patchy, the tops of
     * its bold digits taken for a rule) */
    if (reread_at(ctx, x1, y1, x2, y2, small, sizeof small, &c3, 1, true) &&
        strlen(small) < size && c3 >= TENSU_OCR_SURE) {
        memcpy(text, small, strlen(small) + 1);
        *conf = c3;
        return true;
    }
    if (got2 && (!got || c2 > *conf)) {
        memcpy(text, big, strlen(big) + 1);
        *conf = c2;
        got = true;
    }
    return got;
}

bool doc_picture_confirm(void *ctx, int page, double x1, double y1, double x2, double y2,
                         char *text, size_t size, float *conf)
{
    (void)page;
    return reread_at(ctx, x1, y1, x2, y2, text, size, conf, 1.5f, false);
}

bool doc_picture_confirm2(void *ctx, int page, double x1, double y1, double x2, double y2,
                          char *text, size_t size, float *conf)
{
    (void)page;
    return reread_at(ctx, x1, y1, x2, y2, text, size, conf, 0.8f, false);
}

void doc_picture_size(const doc_picture *pic, int *width, int *height)
{
    *width = pic->width;
    *height = pic->height;
}

void doc_picture_place(const doc_picture *pic, double *x1, double *y1, double *x2, double *y2)
{
    double px[4], py[4], xs[4] = {*x1, *x2, *x1, *x2}, ys[4] = {*y1, *y1, *y2, *y2};
    for (int i = 0; i < 4; i++) {
        double fx, fy;
        picture_from_frame(&pic->img, xs[i], ys[i], &fx, &fy);
        picture_to_original(&pic->img, fx, fy, &px[i], &py[i]);
    }
    *x1 = *x2 = px[0];
    *y1 = *y2 = py[0];
    for (int i = 1; i < 4; i++) {
        *x1 = px[i] < *x1 ? px[i] : *x1;
        *x2 = px[i] > *x2 ? px[i] : *x2;
        *y1 = py[i] < *y1 ? py[i] : *y1;
        *y2 = py[i] > *y2 ? py[i] : *y2;
    }
}

void doc_picture_free(doc_picture *pic)
{
    if (pic == NULL)
        return;
    if (pic->api != NULL) {
        ocr.TessBaseAPIEnd(pic->api);
        ocr.TessBaseAPIDelete(pic->api);
    }
    picture_release(&pic->img);
    free(pic);
}

#endif
