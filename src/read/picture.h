/* A picture made ready for the OCR (picture_prep.c): decoded, in grey
 * levels, scaled to the size tesseract reads best, light evened out, its
 * skew undone; and the way back from the OCR's pixels to the picture's.
 * Leptonica's and tesseract's functions are opened at the first picture
 * (dynlib.h); this header gives their table to doc_picture.c.  Private to
 * src/read. */
#ifndef TENSU_READ_PICTURE_H
#define TENSU_READ_PICTURE_H

#ifdef TENSU_HAVE_OCR

#include "../tensu.h"
#include "dynlib.h"

#include <leptonica/allheaders.h>
#include <tesseract/capi.h>

/* Leptonica's functions and tesseract's */
#define OCR_FUNCTIONS(X)                                                                       \
    X(l_int32, setMsgSeverity, (l_int32))                                                       \
    X(l_ok, pixReadHeaderMem,                                                                   \
      (const l_uint8 *, size_t, l_int32 *, l_int32 *, l_int32 *, l_int32 *, l_int32 *,          \
       l_int32 *))                                                                              \
    X(PIX *, pixReadMem, (const l_uint8 *, size_t))                                             \
    X(PIX *, pixConvertTo8, (PIX *, l_int32))                                                   \
    X(PIX *, pixScaleGrayLI, (PIX *, l_float32, l_float32))                                     \
    X(PIX *, pixScale, (PIX *, l_float32, l_float32))                                           \
    X(l_ok, pixGetDimensions, (const PIX *, l_int32 *, l_int32 *, l_int32 *))                   \
    X(l_int32, pixGetWidth, (const PIX *))                                                      \
    X(l_int32, pixGetHeight, (const PIX *))                                                     \
    X(l_ok, pixGetPixel, (PIX *, l_int32, l_int32, l_uint32 *))                                 \
    X(PIX *, pixBackgroundNormSimple, (PIX *, PIX *, PIX *))                                    \
    X(PIX *, pixConvertTo1, (PIX *, l_int32))                                                   \
    X(l_ok, pixFindSkew, (PIX *, l_float32 *, l_float32 *))                                     \
    X(PIX *, pixRotate, (PIX *, l_float32, l_int32, l_int32, l_int32, l_int32))                 \
    X(PIX *, pixClipRectangle, (PIX *, BOX *, BOX **))                                          \
    X(BOX *, boxCreate, (l_int32, l_int32, l_int32, l_int32))                                   \
    X(void, boxDestroy, (BOX **))                                                               \
    X(BOXA *, pixConnCompBB, (PIX *, l_int32))                                                  \
    X(l_int32, boxaGetCount, (BOXA *))                                                          \
    X(l_ok, boxaGetBoxGeometry, (BOXA *, l_int32, l_int32 *, l_int32 *, l_int32 *, l_int32 *))  \
    X(void, boxaDestroy, (BOXA **))                                                             \
    X(PIX *, pixCopy, (PIX *, const PIX *))                                                     \
    X(void, pixDestroy, (PIX **))                                                               \
    X(PIX *, pixOpenBrick, (PIX *, PIX *, l_int32, l_int32))                                  \
    X(PIX *, pixDilateBrick, (PIX *, PIX *, l_int32, l_int32))                                \
    X(PIX *, pixOr, (PIX *, PIX *, PIX *))                                                      \
    X(PIX *, pixSubtract, (PIX *, PIX *, PIX *))                                                \
    X(PIX *, pixCreate, (l_int32, l_int32, l_int32))                                          \
    X(l_uint32 *, pixGetData, (PIX *))                                                          \
    X(l_int32, pixGetWpl, (const PIX *))                                                        \
    X(PIX *, pixCloseGray, (PIX *, l_int32, l_int32))                                         \
    X(PIX *, pixTophat, (PIX *, l_int32, l_int32, l_int32))                                   \
    X(l_ok, pixCombineMasked, (PIX *, PIX *, PIX *))                                            \
    X(PIX *, pixCloseBrick, (PIX *, PIX *, l_int32, l_int32))                                 \
    X(PIX *, pixInvert, (PIX *, PIX *))                                                         \
    X(PIX *, pixRotate180, (PIX *, PIX *))                                                      \
    X(PIX *, pixRotate90, (PIX *, l_int32))                                                     \
    X(l_ok, pixPaintThroughMask, (PIX *, PIX *, l_int32, l_int32, l_uint32))                  \
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
    X(BOOL, TessPageIteratorIsAtFinalElement,                                                   \
      (const TessPageIterator *, TessPageIteratorLevel, TessPageIteratorLevel))                 \
    X(void, TessResultIteratorDelete, (TessResultIterator *))                                   \
    X(void, TessDeleteText, (const char *))                                                     \
    X(void, TessBaseAPIEnd, (TessBaseAPI *))                                                    \
    X(void, TessBaseAPIDelete, (TessBaseAPI *))

typedef struct ocr_functions {
    OCR_FUNCTIONS(DYNLIB_MEMBER)
    /* OpenMP's, from the libgomp tesseract loads; none when it has no
     * OpenMP */
    void (*omp_set_dynamic)(int);
} ocr_functions;

extern ocr_functions ocr;

/* Open Leptonica and tesseract the first time; false with why filled when
 * one is not there. */
bool picture_load(char *why, size_t whysize);
/* The picture's size from its header; false when it is no picture. */
bool picture_size(const char *data, size_t len, int *width, int *height);

/* A picture made ready for the OCR. */
typedef struct prepared {
    PIX *pix;          /* what the OCR reads (grey, scaled, straightened) */
    float scale;       /* the picture's pixels times scale are pix's */
    float angle;       /* the skew undone, in radians (pix = picture turned by it) */
    /* and what was left of it, line by line (a photo's keystone): a point
     * (x, y) of pix was at (x, y + (x - shear_x) * (shear_a + shear_b * y))
     * of the turned picture */
    double shear_x, shear_a, shear_b;
    /* and the lean of its columns (a photo's keystone), left in pix but
     * taken out of the frame: the point (x, y) of the frame (its columns
     * straight, times scale) is (x + (lean + lean_b (x - lean_x)) (y -
     * lean_y), y) of pix */
    double lean, lean_b, lean_x, lean_y;
    int width, height; /* the picture's */
    int dpi;           /* the resolution to tell the OCR */
    double char_h;     /* the characters' usual height, the picture's pixels (0: unknown) */
    PIX *rules;        /* where the table's rules were (1 bpp, as pix; may be NULL) */
    /* a page of even white (a screenshot, a rendering): the picture as it
     * came, in grey levels, for a second reading of a box (NULL for a
     * photo) */
    PIX *plain;
    bool turned;       /* a band printed upside down was read (a tent card's far face) */
    double ty1, ty2;   /* that band, in the frame's units (picture_to_frame) */
} prepared;

/* Decode and prepare; false with why filled. */
bool picture_prepare(const char *data, size_t len, prepared *out, char *why, size_t whysize);
/* A point of pix back in the picture's pixels. */
void picture_to_original(const prepared *p, double x, double y, double *ox, double *oy);
/* The frame the words are given in: pix's pixels (the picture
 * straightened), its columns' lean taken out, at the picture's own scale;
 * and back to pix. */
void picture_to_frame(const prepared *p, double x, double y, double *fx, double *fy);
void picture_from_frame(const prepared *p, double x, double y, double *px, double *py);
/* A point of the picture in pix. */
void picture_from_original(const prepared *p, double x, double y, double *px, double *py);
/* Marks the OCR passes over: a lone dash of a cell that cannot occur (a
 * word "-"), a character alone in its cell (read by itself). */
tensu_status picture_marks(const prepared *p, TessBaseAPI *api, tensu_words *w,
                           tensu_error *err);
/* Does the box (pix's pixels) touch where a rule of the table was? */
bool picture_on_rule(const prepared *p, int bx, int by, int bw, int bh);
/* Read a box of the picture (its own pixels) again, by itself, scaled by
 * factor (1: as the OCR read it first); turned: printed upside down (a
 * tent card's far face), turned back before it is read.  plain: from the
 * picture as it came (p->plain, its tints made white), not as prepared
 * (false when there is none). */
bool picture_reread(const prepared *p, TessBaseAPI *api, double x1, double y1, double x2,
                    double y2, char *text, size_t size, float *conf, float factor, bool turned,
                    bool plain);
void picture_release(prepared *p);

#endif

#endif
