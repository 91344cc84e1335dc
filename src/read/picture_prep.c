/* A picture made ready for the OCR (picture.h): grey levels, a scale that
 * gives text of about 20 pixels, the light evened out (a photo's shadow,
 * a shaded cell), the skew of a photo taken askew undone; the way back to
 * the picture's pixels; the marks the OCR passes over; a box read again. */
#include "picture.h"

#ifdef TENSU_HAVE_OCR

#include "words.h"

#include <math.h>
#include <sched.h>

#define PI 3.14159265358979323846
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

OCR_FUNCTIONS(DYNLIB_CHECK)

ocr_functions ocr;

/* A point of the frame's straight columns back where it stands in pix (x
 * moved along its row by the columns' lean), and the way there. */
static double leaned(const prepared *p, double x, double y)
{
    return x + (p->lean + p->lean_b * (x - p->lean_x)) * (y - p->lean_y);
}

static double straight(const prepared *p, double x, double y)
{
    double d = y - p->lean_y, den = 1 + p->lean_b * d;
    return fabs(den) > 1e-9 ? (x - p->lean * d + p->lean_b * p->lean_x * d) / den : x;
}

bool picture_load(char *why, size_t whysize)
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
    ocr.setMsgSeverity(L_SEVERITY_NONE); /* Leptonica's own messages: ours say it */
    /* the count is OMP_THREAD_LIMIT's (the caller may set it: tensu's
     * command line does, cli_ocr_threads) */
    if (ocr.omp_set_dynamic != NULL)
        ocr.omp_set_dynamic(0);
    loaded = true;
    return true;
}

bool picture_size(const char *data, size_t len, int *width, int *height)
{
    int format = 0, bps = 0, spp = 0, cmap = 0;
    return ocr.pixReadHeaderMem((const l_uint8 *)data, len, &format, width, height, &bps, &spp,
                                &cmap) == 0 &&
           *width > 0 && *height > 0;
}

/* The OCR reads digits best at about this many pixels of height (the
 * gallery of tests/gallery read at 16 to 36: 20 read the most): smaller
 * they lose their strokes, larger its line finder misjudges them (a 5 read
 * as a 9 at four times a screenshot's size). */
#define TEXT_HEIGHT 20.0

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The height of the picture's characters: the median height of the dark
 * marks shaped as a digit or a letter is (taller than wide, not a rule nor
 * a dot); 0 when there are too few. */
static double char_height(PIX *grey)
{
    PIX *bin = ocr.pixConvertTo1(grey, 140);
    BOXA *boxes = bin ? ocr.pixConnCompBB(bin, 8) : NULL;
    int n = boxes ? ocr.boxaGetCount(boxes) : 0, *h = NULL, k = 0;
    double med = 0;
    ocr.pixDestroy(&bin);
    if (n > 0)
        h = malloc((size_t)n * sizeof *h);
    for (int i = 0; h != NULL && i < n; i++) {
        int bx, by, bw, bh;
        if (ocr.boxaGetBoxGeometry(boxes, i, &bx, &by, &bw, &bh) == 0 && bh >= 5 && bh <= 400 &&
            bw >= bh / 5 && bw <= bh)
            h[k++] = bh;
    }
    if (k >= 10) {
        qsort(h, (size_t)k, sizeof *h, by_int);
        med = h[k / 2];
    }
    free(h);
    ocr.boxaDestroy(&boxes);
    return med;
}

/* The thin dark strokes of grey, across (across) or down: darker by 30
 * levels than what is around them within k pixels (odd: half a
 * character) above and below (or to each side), however light the paper
 * around them. */
static PIX *thin_strokes(PIX *grey, int k, bool across)
{
    PIX *hat = ocr.pixTophat(grey, across ? 1 : k, across ? k : 1, L_TOPHAT_BLACK), *inv, *bin;
    if (hat == NULL)
        return NULL;
    inv = ocr.pixInvert(NULL, hat);
    bin = inv ? ocr.pixConvertTo1(inv, 225) : NULL;
    ocr.pixDestroy(&inv);
    ocr.pixDestroy(&hat);
    return bin;
}

/* The straight lines of bin at least len long, across or down, and
 * thinner than thick: no block of a tint the light's evening made dark
 * (a grey strip's patches, which a rule may touch). */
static PIX *long_lines(PIX *bin, int len, int thick, bool across)
{
    PIX *lines, *fat;
    if (bin == NULL)
        return NULL;
    lines = ocr.pixOpenBrick(NULL, bin, across ? len : 1, across ? 1 : len);
    fat = lines ? ocr.pixOpenBrick(NULL, lines, across ? 1 : thick, across ? thick : 1) : NULL;
    if (fat != NULL)
        ocr.pixSubtract(lines, lines, fat);
    ocr.pixDestroy(&fat);
    return lines;
}

/* Paint the long straight lines of the picture white (ch: the
 * characters' height in pix).  In a photo: the dark ones (under 170: its
 * rules are blurred grey) longer than four characters.  On a page of even
 * white (even: a screenshot, a rendering, whose rules are crisp): those
 * longer than four characters across or three down (a head row's rules),
 * thinner than half a character, darker than 140 or than what is around
 * them (a rule by a grey band); not the patches the light's evening left
 * in a grey band, which may be darker than 170. */
static PIX *remove_rules(PIX *grey, double ch, bool even)
{
    int len = (int)(ch > 0 ? 4 * ch : 60), thick = (int)(ch > 0 ? 0.5 * ch : 9) | 1;
    PIX *dark = ocr.pixConvertTo1(grey, even ? 140 : 170), *across = NULL, *down = NULL, *both,
        *mask = NULL;
    for (int d = 0; d < 2 && dark != NULL; d++) {
        PIX *lines = NULL;
        if (!even) {
            lines = ocr.pixOpenBrick(NULL, dark, d == 0 ? len : 1, d == 0 ? 1 : len);
        } else {
            PIX *thin = thin_strokes(grey, thick, d == 0);
            if (thin != NULL && ocr.pixOr(thin, thin, dark) != NULL)
                lines = long_lines(thin, d == 0 ? len : 3 * len / 4, thick, d == 0);
            ocr.pixDestroy(&thin);
        }
        *(d == 0 ? &across : &down) = lines;
    }
    ocr.pixDestroy(&dark);
    both = across && down ? ocr.pixOr(NULL, across, down) : NULL;
    if (both != NULL) {
        /* in the grey around them (a header's shade, the paper's): the
         * picture closed (its thin dark lines gone) put where they were */
        PIX *wide = ocr.pixDilateBrick(NULL, both, 3, 3);
        int k = (int)(ch > 0 ? ch / 3 : 5) | 1;
        PIX *closed = ocr.pixCloseGray(grey, k < 5 ? 5 : k, k < 5 ? 5 : k);
        if (closed != NULL)
            ocr.pixCombineMasked(grey, closed, wide ? wide : both);
        ocr.pixDestroy(&closed);
        /* where they were, a little wider: what is left there is no mark */
        mask = ocr.pixDilateBrick(NULL, both, 9, 9);
        ocr.pixDestroy(&wide);
    }
    ocr.pixDestroy(&both);
    ocr.pixDestroy(&across);
    ocr.pixDestroy(&down);
    return mask;
}

bool picture_on_rule(const prepared *p, int bx, int by, int bw, int bh)
{
    l_uint32 v = 0;
    if (p->rules == NULL)
        return false;
    for (int y = by; y < by + bh; y += bh > 4 ? bh / 4 : 1)
        for (int x = bx; x < bx + bw; x += bw > 4 ? bw / 4 : 1)
            if (ocr.pixGetPixel(p->rules, x, y, &v) == 0 && v != 0)
                return true;
    return false;
}

/* Dark bands with light text in them (wider than three characters, as
 * tall as a line at least) turned over, so that their text reads as the
 * rest does; a plain dark area (around a photographed screen) turns light. */
static void invert_bands(PIX *grey, double ch)
{
    PIX *bin, *open, *band, *inv;
    int kw, kh;
    if (ch <= 0)
        return;
    kw = (int)(2 * ch), kh = (int)(0.4 * ch) | 1;
    bin = ocr.pixConvertTo1(grey, 128);
    open = bin ? ocr.pixOpenBrick(NULL, bin, kw, kh) : NULL;
    band = open ? ocr.pixCloseBrick(NULL, open, (int)(3 * ch), (int)(2 * ch)) : NULL;
    if (band != NULL) {
        /* only where it is dark all round: the band less its edges */
        PIX *core = ocr.pixOpenBrick(NULL, band, (int)(3 * ch), (int)(1.2 * ch));
        inv = core ? ocr.pixInvert(NULL, grey) : NULL;
        if (inv != NULL)
            ocr.pixCombineMasked(grey, inv, core);
        ocr.pixDestroy(&inv);
        ocr.pixDestroy(&core);
    }
    ocr.pixDestroy(&band);
    ocr.pixDestroy(&open);
    ocr.pixDestroy(&bin);
}

/* The ink of a grey picture as 1 bpp, its solid areas (wider and taller
 * than k: the dark around a screen, a filled box) left out, so that a
 * skew is found from text and rules only; NULL when out of memory. */
static PIX *strokes_of(PIX *grey, int k)
{
    PIX *bin = grey ? ocr.pixConvertTo1(grey, 160) : NULL, *solid;
    if (bin == NULL)
        return NULL;
    solid = ocr.pixOpenBrick(NULL, bin, k, k);
    if (solid != NULL)
        ocr.pixSubtract(bin, bin, solid);
    ocr.pixDestroy(&solid);
    return bin;
}

/* The skew of a band of the page: its angle (degrees, pixFindSkew's), and
 * false when the band has too little text to tell. */
static bool band_skew(PIX *grey, int y, int h, double ch, float *angle)
{
    BOX *box = ocr.boxCreate(0, y, ocr.pixGetWidth(grey), h);
    PIX *part = box ? ocr.pixClipRectangle(grey, box, NULL) : NULL;
    PIX *bin = strokes_of(part, (int)(ch > 0 ? 1.5 * ch : 20));
    l_float32 a = 0, conf = 0;
    bool ok = false;
    ocr.boxDestroy(&box);
    ocr.pixDestroy(&part);
    if (bin == NULL)
        return false;
    ok = ocr.pixFindSkew(bin, &a, &conf) == 0 && conf > 3.0f && fabsf(a) < 5;
    ocr.pixDestroy(&bin);
    *angle = a;
    return ok;
}

/* The skew left after the turn, measured band by band and fitted as a
 * line (angle = a + b y): when it changes down the page by a third of a
 * degree or more, each line of pixels is sheared by its own angle. */
static void unslant(PIX **greyp, prepared *out)
{
    PIX *grey = *greyp, *dst;
    int W = ocr.pixGetWidth(grey), H = ocr.pixGetHeight(grey);
    double ch = out->char_h * out->scale, sw = 0, sy = 0, sa = 0, syy = 0, sya = 0;
    int bands, bh, n = 0;
    if (ch <= 0 || H < 12 * ch)
        return;
    bands = (int)(H / (10 * ch));
    bands = bands < 3 ? 3 : bands > 8 ? 8 : bands;
    bh = H / bands;
    for (int i = 0; i < bands; i++) {
        float a;
        double y;
        if (!band_skew(grey, i * bh, bh, ch, &a))
            continue;
        y = i * bh + bh / 2.0;
        sw += 1, sy += y, sa += a, syy += y * y, sya += y * a;
        n++;
    }
    if (n < 3)
        return;
    {
        double den = sw * syy - sy * sy, b, a0, top, bottom;
        if (fabs(den) < 1e-9)
            return;
        b = (sw * sya - sy * sa) / den;
        a0 = (sa - b * sy) / sw;
        top = a0, bottom = a0 + b * H;
        if (fabs(top - bottom) < 0.33 && fabs(top) < 0.15 && fabs(bottom) < 0.15)
            return;
        /* degrees to slopes: the line through (x, y) is found at
         * y + (x - W/2) * tan(-angle) in the picture */
        out->shear_x = W / 2.0;
        out->shear_a = -tan(a0 * PI / 180.0);
        out->shear_b = -tan(b * PI / 180.0);
    }
    dst = ocr.pixCreate(W, H, 8);
    if (dst == NULL) {
        out->shear_a = out->shear_b = 0;
        return;
    }
    {
        l_uint32 *sd = ocr.pixGetData(grey), *dd = ocr.pixGetData(dst);
        int swpl = ocr.pixGetWpl(grey), dwpl = ocr.pixGetWpl(dst);
        for (int y = 0; y < H; y++) {
            double slope = out->shear_a + out->shear_b * y;
            l_uint32 *dl = dd + (size_t)y * dwpl;
            for (int x = 0; x < W; x++) {
                double fy = y + (x - out->shear_x) * slope;
                int y0 = (int)floor(fy);
                double f = fy - y0;
                int v = 255;
                if (y0 >= 0 && y0 + 1 < H) {
                    int a = GET_DATA_BYTE(sd + (size_t)y0 * swpl, x);
                    int c = GET_DATA_BYTE(sd + (size_t)(y0 + 1) * swpl, x);
                    v = (int)(a + (c - a) * f + 0.5);
                }
                SET_DATA_BYTE(dl, x, v);
            }
        }
    }
    ocr.pixDestroy(greyp);
    *greyp = dst;
}

/* The lean of a band of the page's columns (x1 .. x2), found as
 * pixFindSkew finds a skew but on the band turned a quarter (its columns
 * then lines); false when it has too little to tell. */
static bool band_lean(PIX *bin, int x1, int x2, double *lean)
{
    BOX *box = ocr.boxCreate(x1, 0, x2 - x1, ocr.pixGetHeight(bin));
    PIX *part = box ? ocr.pixClipRectangle(bin, box, NULL) : NULL;
    PIX *quarter = part ? ocr.pixRotate90(part, 1) : NULL;
    l_float32 angle = 0, conf = 0;
    bool ok;
    ocr.boxDestroy(&box);
    ocr.pixDestroy(&part);
    if (quarter == NULL)
        return false;
    ok = ocr.pixFindSkew(quarter, &angle, &conf) == 0 && conf > 3.0f && fabsf(angle) < 6;
    ocr.pixDestroy(&quarter);
    *lean = tan(angle * PI / 180.0);
    return ok;
}

/* The lean of the columns left after the turn (a photo taken from a
 * little below or to one side: rows level, columns askew, the more so
 * the further from the middle when the far edge is the shorter), found
 * in bands across the page and fitted as a line (lean = a + b x).  Not
 * undone in the pixels (the OCR reads a resampled picture worse): the
 * frame the words are given in has its columns straight
 * (picture_to_frame). */
static void find_lean(PIX *grey, prepared *out)
{
    PIX *bin;
    int W = ocr.pixGetWidth(grey), H = ocr.pixGetHeight(grey), n = 0;
    double ch = out->char_h * out->scale, sw = 0, sx = 0, sl = 0, sxx = 0, sxl = 0;
    double lo = 1e300, hi = -1e300;
    if (ch <= 0 || H < 12 * ch || W < 12 * ch || (bin = strokes_of(grey, (int)(1.5 * ch))) == NULL)
        return;
    for (int i = 0; i < 3; i++) {
        double l, x = (i + 0.5) * W / 3.0;
        if (!band_lean(bin, i * W / 3, (i + 1) * W / 3, &l))
            continue;
        sw += 1, sx += x, sl += l, sxx += x * x, sxl += x * l;
        lo = l < lo ? l : lo;
        hi = l > hi ? l : hi;
        n++;
    }
    if (n == 0) {
        double l;
        if (band_lean(bin, 0, W, &l))
            sw = 1, sx = W / 2.0, sl = l, sxx = sx * sx, sxl = sx * l, lo = hi = l, n = 1;
    }
    ocr.pixDestroy(&bin);
    /* less than about a third of a degree all across: nothing to undo */
    if (n == 0 || (fabs(lo) < 0.006 && fabs(hi) < 0.006))
        return;
    out->lean_x = W / 2.0;
    out->lean_y = H / 2.0;
    if (n >= 2 && fabs(sw * sxx - sx * sx) > 1e-9) {
        double b = (sw * sxl - sx * sl) / (sw * sxx - sx * sx);
        out->lean_b = b;
        out->lean = (sl - b * sx) / sw + b * out->lean_x;
    } else {
        out->lean = sl / sw;
    }
}

/* Is most of the page pure white (a screenshot or a rendered page, not a
 * photo, whose paper is never so)?  From every fourth pixel of every
 * fourth row. */
static bool even_paper(PIX *grey)
{
    int w = ocr.pixGetWidth(grey), h = ocr.pixGetHeight(grey), wpl = ocr.pixGetWpl(grey);
    l_uint32 *data = ocr.pixGetData(grey);
    long white = 0, all = 0;
    if (data == NULL)
        return false;
    for (int y = 0; y < h; y += 4) {
        const l_uint32 *line = data + (size_t)y * (size_t)wpl;
        for (int x = 0; x < w; x += 4, all++)
            white += GET_DATA_BYTE(line, x) >= 250;
    }
    return all > 0 && white * 2 > all;
}

/* The flat tints of a page of even white (shaded cells, a grey band)
 * made white, the text on them kept: the pixels lighter than text within
 * wide areas of one mid grey (at least 15 pixels square, the text within
 * 41 pixels of their edges taken in: characters of 8 to 40 pixels, as the
 * pictures of charts come). */
static void flatten_tints(PIX *grey)
{
    int w = ocr.pixGetWidth(grey), h = ocr.pixGetHeight(grey), wpl = ocr.pixGetWpl(grey);
    l_uint32 *data = ocr.pixGetData(grey);
    PIX *tint = ocr.pixCreate(w, h, 1), *flat = NULL, *area = NULL;
    l_uint32 *td;
    int twpl;
    if (tint == NULL || data == NULL) {
        ocr.pixDestroy(&tint);
        return;
    }
    td = ocr.pixGetData(tint);
    twpl = ocr.pixGetWpl(tint);
    for (int y = 0; y < h; y++) {
        const l_uint32 *line = data + (size_t)y * (size_t)wpl;
        l_uint32 *tl = td + (size_t)y * (size_t)twpl;
        for (int x = 0; x < w; x++) {
            int v = GET_DATA_BYTE(line, x);
            if (v >= 150 && v <= 240)
                SET_DATA_BIT(tl, x);
        }
    }
    /* wide flat areas (not a glyph's grey edge), then the text on them
     * taken in */
    flat = ocr.pixOpenBrick(NULL, tint, 15, 15);
    area = flat ? ocr.pixCloseBrick(NULL, flat, 41, 41) : NULL;
    for (int y = 0, awpl = area ? ocr.pixGetWpl(area) : 0; area != NULL && y < h; y++) {
        l_uint32 *line = data + (size_t)y * (size_t)wpl;
        const l_uint32 *al = ocr.pixGetData(area) + (size_t)y * (size_t)awpl;
        for (int x = 0; x < w; x++)
            if (GET_DATA_BIT(al, x) && GET_DATA_BYTE(line, x) >= 150)
                SET_DATA_BYTE(line, x, 255);
    }
    ocr.pixDestroy(&area);
    ocr.pixDestroy(&flat);
    ocr.pixDestroy(&tint);
}

bool picture_prepare(const char *data, size_t len, prepared *out, char *why, size_t whysize)
{
    PIX *pix, *grey, *even;
    bool white;
    int w, h, d;
    double ch;
    memset(out, 0, sizeof *out);
    pix = ocr.pixReadMem((const l_uint8 *)data, len);
    if (pix == NULL) {
        snprintf(why, whysize, "the picture cannot be decoded (cut short, or damaged)");
        return false;
    }
    grey = ocr.pixConvertTo8(pix, 0);
    ocr.pixGetDimensions(pix, &w, &h, &d);
    ocr.pixDestroy(&pix);
    if (grey == NULL) {
        snprintf(why, whysize, "the picture cannot be turned to grey levels");
        return false;
    }
    out->width = w;
    out->height = h;
    out->scale = 1;
    /* a page of even white kept as it came, for a second reading (the
     * light evened out by tiles below makes a grey band patchy, its bold
     * digits then taken for rules) */
    white = even_paper(grey);
    if (white)
        out->plain = ocr.pixCopy(NULL, grey);
    /* the light evened out: a shadow across a photo, a grey cell */
    even = ocr.pixBackgroundNormSimple(grey, NULL, NULL);
    if (even != NULL) {
        ocr.pixDestroy(&grey);
        grey = even;
    }
    /* the characters brought to the height the OCR reads best */
    ch = char_height(grey);
    out->char_h = ch;
    if (ch > 0) {
        out->scale = (float)((double)TEXT_HEIGHT / ch);
        if (out->scale > 4)
            out->scale = 4;
        if (out->scale < 0.4f)
            out->scale = 0.4f;
        if (out->scale > 0.85f && out->scale < 1.15f)
            out->scale = 1;
    }
    if (out->scale != 1) {
        PIX *sc = out->scale > 1 ? ocr.pixScaleGrayLI(grey, out->scale, out->scale)
                                 : ocr.pixScale(grey, out->scale, out->scale);
        ocr.pixDestroy(&grey);
        if (sc == NULL) {
            snprintf(why, whysize, "out of memory scaling the picture");
            return false;
        }
        grey = sc;
    }
    /* the skew of a photo taken askew, found from its text lines and
     * rules (not from the dark around a screen: solid areas are left out) */
    {
        PIX *bin = strokes_of(grey, (int)(ch > 0 ? 1.5 * ch * out->scale : 20));
        l_float32 angle = 0, conf = 0;
        int fs;
        fs = bin ? ocr.pixFindSkew(bin, &angle, &conf) : -1;
        if (bin != NULL && fs == 0 && conf > 2.5f &&
            fabsf(angle) > 0.15f && fabsf(angle) < 10) {
            PIX *rot = ocr.pixRotate(grey, (l_float32)(angle * PI / 180.0), L_ROTATE_AREA_MAP,
                                     L_BRING_IN_WHITE, 0, 0);
            if (rot != NULL) {
                ocr.pixDestroy(&grey);
                grey = rot;
                out->angle = (float)(angle * PI / 180.0);
            }
        }
        ocr.pixDestroy(&bin);
    }
    /* what is left of the skew, band by band down the page (the keystone
     * of a photo taken from a little below or above): undone by a shear
     * that follows it */
    unslant(&grey, out);
    find_lean(grey, out);
    /* light text on a dark band (a card's head row) turned dark on light */
    invert_bands(grey, out->char_h * out->scale);
    /* a table's rules taken out: the OCR's page layout goes astray among
     * them (a grid read as "zo sers sw") */
    out->rules = remove_rules(grey, out->char_h * out->scale, white);
    out->pix = grey;
    /* what tesseract is told: at a screen's 96 dpi it takes strokes for
     * specks (a chart read as "ye ee SE"); the characters are brought to
     * the size they have in print at 300 */
    out->dpi = 300;
    return true;
}

void picture_to_original(const prepared *p, double x, double y, double *ox, double *oy)
{
    /* back through the shear, then the turn */
    y += (x - p->shear_x) * (p->shear_a + p->shear_b * y);
    /* undo the turn about pix's centre, then the scale */
    double cx = ocr.pixGetWidth(p->pix) / 2.0, cy = ocr.pixGetHeight(p->pix) / 2.0;
    double c = cos(p->angle), s = sin(p->angle);
    double dx = x - cx, dy = y - cy;
    double rx = c * dx - s * dy + cx, ry = s * dx + c * dy + cy;
    *ox = rx / p->scale;
    *oy = ry / p->scale;
}

void picture_to_frame(const prepared *p, double x, double y, double *fx, double *fy)
{
    *fx = straight(p, x, y) / p->scale;
    *fy = y / p->scale;
}

void picture_from_frame(const prepared *p, double x, double y, double *px, double *py)
{
    *py = y * p->scale;
    *px = leaned(p, x * p->scale, *py);
}

void picture_from_original(const prepared *p, double x, double y, double *px, double *py)
{
    double cx = ocr.pixGetWidth(p->pix) / 2.0, cy = ocr.pixGetHeight(p->pix) / 2.0;
    double c = cos(p->angle), s = sin(p->angle);
    double dx = x * p->scale - cx, dy = y * p->scale - cy;
    *px = c * dx + s * dy + cx;
    *py = -s * dx + c * dy + cy;
}

/* Is the box (pix's pixels) covered by a word already read? */
static bool covered_by(const prepared *p, const tensu_words *w, size_t nw, int bx, int by, int bw,
                       int bh)
{
    double x1, y1, x2, y2;
    picture_to_frame(p, bx, by, &x1, &y1);
    picture_to_frame(p, bx + bw, by + bh, &x2, &y2);
    for (size_t k = 0; k < nw; k++) {
        const tensu_word *x = tensu_words_at(w, k);
        if (x->x1 < x2 && x->x2 > x1 && x->y1 < y2 && x->y2 > y1)
            return true;
    }
    return false;
}

/* Is a thin mark a piece of a faint rule (the line goes on, grey, on
 * either side of it) rather than a dash with white around it? */
static bool rule_piece(PIX *pix, int bx, int by, int bw, int bh)
{
    int W = ocr.pixGetWidth(pix), y = by + bh / 2, side[2] = {0, 0};
    for (int s = 0; s < 2; s++)
        for (int k = 2; k <= 12; k += 2) {
            int x = s == 0 ? bx - k : bx + bw - 1 + k;
            l_uint32 v = 255, best = 255;
            if (x < 0 || x >= W)
                continue;
            for (int dy = -1; dy <= 1; dy++)
                if (ocr.pixGetPixel(pix, x, y + dy, &v) == 0 && v < best)
                    best = v;
            /* darker than the paper: the light is evened out to about
             * 200 (Leptonica's background), a faint rule is well under */
            side[s] += best < 185;
        }
    return side[0] >= 4 || side[1] >= 4;
}

typedef struct glyph {
    int x, y, w, h;
    bool used;
} glyph;

static int by_gx(const void *a, const void *b)
{
    const glyph *x = a, *y = b;
    return (x->x > y->x) - (x->x < y->x);
}

tensu_status picture_marks(const prepared *p, TessBaseAPI *api, tensu_words *w, tensu_error *err)
{
    PIX *bin = ocr.pixConvertTo1(p->pix, 128);
    BOXA *boxes;
    int n, ng = 0;
    double line = 0;
    size_t nw = tensu_words_count(w);
    tensu_status st = TENSU_OK;
    glyph *g = NULL;
    if (bin == NULL)
        return TENSU_OK;
    boxes = ocr.pixConnCompBB(bin, 8);
    ocr.pixDestroy(&bin);
    if (boxes == NULL)
        return TENSU_OK;
    /* the words' usual height (in pix's pixels) */
    {
        double sum = 0;
        int count = 0;
        for (size_t i = 0; i < nw; i++) {
            const tensu_word *x = tensu_words_at(w, i);
            if (x->conf >= 60) {
                sum += (x->y2 - x->y1) * p->scale;
                count++;
            }
        }
        line = count ? sum / count : 0;
    }
    n = ocr.boxaGetCount(boxes);
    g = n > 0 ? malloc((size_t)n * sizeof *g) : NULL;
    for (int i = 0; i < n && line > 0 && st == TENSU_OK; i++) {
        int bx, by, bw, bh;
        double x1, y1, x2, y2;
        if (ocr.boxaGetBoxGeometry(boxes, i, &bx, &by, &bw, &bh) != 0)
            continue;
        if (covered_by(p, w, nw, bx, by, bw, bh) || picture_on_rule(p, bx, by, bw, bh))
            continue;
        if (g != NULL && bh >= 0.45 * line && bh <= 1.5 * line && bw <= 1.5 * bh &&
            bw >= 0.25 * bh) {
            /* a character the OCR passed over (a digit alone in its cell) */
            g[ng++] = (glyph){bx, by, bw, bh, false};
            continue;
        }
        /* a dash: wide, thin, about as wide as a digit or two */
        if (bh > 0.25 * line || bw < 2.5 * bh || bw < 0.3 * line || bw > 2.5 * line)
            continue;
        if (rule_piece(p->pix, bx, by, bw, bh))
            continue;
        picture_to_frame(p, bx, by, &x1, &y1);
        picture_to_frame(p, bx + bw, by + bh, &x2, &y2);
        {
            /* a dash stands in a line of words, level with their middle
             * (a piece of a faint rule between two lines of text is none,
             * even where a bracket's box reaches down to it) */
            double mid = (y1 + y2) / 2, cx = (x1 + x2) / 2, lf = line / p->scale;
            bool in_line = false, capping = false;
            for (size_t k = 0; k < nw && !in_line; k++) {
                const tensu_word *x = tensu_words_at(w, k);
                double edge = 0.2 * (x->y2 - x->y1);
                in_line = x->conf >= 60 && x->y1 + edge < mid && x->y2 - edge > mid;
            }
            /* nor is the top stroke of a digit under it that the OCR's box
             * left out (the bar of a "5") */
            for (size_t k = 0; k < nw && !capping; k++) {
                const tensu_word *x = tensu_words_at(w, k);
                capping = x->x1 <= cx && x->x2 >= cx && x->y1 >= mid &&
                          x->y1 - mid < 0.5 * lf && strpbrk(x->text, "0123456789") != NULL;
            }
            if (!in_line || capping)
                continue;
        }
        {
            /* the dash's word: as tall as a line of text around it */
            tensu_word word;
            double mid = (y1 + y2) / 2, half = line / p->scale / 2;
            memset(&word, 0, sizeof word);
            word.text = "-";
            if (p->turned && mid >= p->ty1 && mid <= p->ty2)
                word.flags = TENSU_WORD_TURNED;
            word.x1 = x1 < x2 ? x1 : x2;
            word.x2 = x1 < x2 ? x2 : x1;
            word.y1 = mid - half;
            word.y2 = mid + half;
            word.conf = 80;
            st = tensu_words_add(w, &word, err);
        }
    }
    ocr.boxaDestroy(&boxes);
    /* the characters passed over, those side by side together, each group
     * read by itself */
    if (g != NULL && ng > 0 && ng <= 200) {
        qsort(g, (size_t)ng, sizeof *g, by_gx);
        for (int i = 0; i < ng && st == TENSU_OK; i++) {
            int x1 = g[i].x, y1 = g[i].y, x2 = g[i].x + g[i].w, y2 = g[i].y + g[i].h;
            char text[64];
            float conf = 0;
            double ox1, oy1, ox2, oy2;
            bool turned;
            if (g[i].used)
                continue;
            g[i].used = true;
            for (int j = i + 1; j < ng; j++) {
                int cy = g[j].y + g[j].h / 2;
                if (g[j].used || g[j].x > x2 + 0.6 * line)
                    continue;
                if (cy < y1 || cy > y2)
                    continue;
                g[j].used = true;
                x2 = g[j].x + g[j].w > x2 ? g[j].x + g[j].w : x2;
                y1 = g[j].y < y1 ? g[j].y : y1;
                y2 = g[j].y + g[j].h > y2 ? g[j].y + g[j].h : y2;
            }
            /* alone: no word close beside it (a letter at the edge of a
             * word's box is that word's) */
            if (covered_by(p, w, nw, x1 - (int)(0.35 * line), y1, x2 - x1 + (int)(0.7 * line),
                           y2 - y1))
                continue;
            picture_to_frame(p, x1, y1, &ox1, &oy1);
            picture_to_frame(p, x2, y2, &ox2, &oy2);
            turned = p->turned && (oy1 + oy2) / 2 >= p->ty1 && (oy1 + oy2) / 2 <= p->ty2;
            if (picture_reread(p, api, ox1, oy1, ox2, oy2, text, sizeof text, &conf, 1, turned, false) &&
                conf >= 50 && strchr(text, '\n') == NULL) {
                tensu_word word;
                memset(&word, 0, sizeof word);
                word.text = text;
                word.flags = turned ? TENSU_WORD_TURNED : 0;
                word.x1 = ox1 < ox2 ? ox1 : ox2;
                word.x2 = ox1 < ox2 ? ox2 : ox1;
                word.y1 = oy1 < oy2 ? oy1 : oy2;
                word.y2 = oy1 < oy2 ? oy2 : oy1;
                word.conf = conf;
                st = tensu_words_add(w, &word, err);
            }
        }
    }
    free(g);
    return st;
}

bool picture_reread(const prepared *p, TessBaseAPI *api, double x1, double y1, double x2,
                    double y2, char *text, size_t size, float *conf, float factor, bool turned,
                    bool plain)
{
    double a[4][2], l = 1e300, t = 1e300, r = -1e300, b = -1e300, pad;
    int W = ocr.pixGetWidth(p->pix), H = ocr.pixGetHeight(p->pix);
    BOX *box;
    PIX *crop, *big;
    char *got;
    int c;
    PIX *from = plain ? p->plain : p->pix;
    if (from == NULL)
        return false;
    picture_from_frame(p, x1, y1, &a[0][0], &a[0][1]);
    picture_from_frame(p, x2, y1, &a[1][0], &a[1][1]);
    picture_from_frame(p, x1, y2, &a[2][0], &a[2][1]);
    picture_from_frame(p, x2, y2, &a[3][0], &a[3][1]);
    for (int i = 0; plain && i < 4; i++) /* pix's pixels, the picture's */
        picture_to_original(p, a[i][0], a[i][1], &a[i][0], &a[i][1]);
    if (plain) {
        W = ocr.pixGetWidth(from);
        H = ocr.pixGetHeight(from);
    }
    for (int i = 0; i < 4; i++) {
        l = a[i][0] < l ? a[i][0] : l;
        r = a[i][0] > r ? a[i][0] : r;
        t = a[i][1] < t ? a[i][1] : t;
        b = a[i][1] > b ? a[i][1] : b;
    }
    /* a margin above and below; little beside (the next cell is near) */
    pad = (b - t) * 0.15 + 2;
    l -= 3, r += 3, t -= pad, b += pad;
    l = l < 0 ? 0 : l, t = t < 0 ? 0 : t, r = r > W ? W : r, b = b > H ? H : b;
    *conf = 0;
    text[0] = '\0';
    if (r - l < 4 || b - t < 4)
        return false;
    box = ocr.boxCreate((int)l, (int)t, (int)(r - l), (int)(b - t));
    crop = box ? ocr.pixClipRectangle(from, box, NULL) : NULL;
    ocr.boxDestroy(&box);
    if (crop != NULL && plain) {
        /* its tints white, at pix's size */
        flatten_tints(crop);
        factor *= p->scale;
    }
    if (crop != NULL && turned) {
        PIX *back = ocr.pixRotate180(NULL, crop);
        ocr.pixDestroy(&crop);
        crop = back;
    }
    if (crop == NULL)
        return false;
    /* pix's text is at the height the OCR reads best: read at another
     * size when asked (a second opinion) */
    big = factor > 1.01f || factor < 0.99f ? ocr.pixScaleGrayLI(crop, factor, factor) : NULL;
    ocr.TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK);
    ocr.TessBaseAPISetImage2(api, big ? big : crop);
    ocr.TessBaseAPISetSourceResolution(api,
                                       (int)(p->dpi * (big ? factor / (plain ? p->scale : 1) : 1)));
    got = ocr.TessBaseAPIGetUTF8Text(api);
    c = ocr.TessBaseAPIMeanTextConf(api);
    {
        /* how sure of the words with digits (the amounts are in them; an
         * "all" misread does not make an amount unsure), when there are */
        TessResultIterator *it = ocr.TessBaseAPIGetIterator(api);
        double sum = 0;
        int n = 0;
        if (it != NULL) {
            do {
                char *w = ocr.TessResultIteratorGetUTF8Text(it, RIL_WORD);
                if (w != NULL && strpbrk(w, "0123456789") != NULL) {
                    sum += ocr.TessResultIteratorConfidence(it, RIL_WORD);
                    n++;
                }
                ocr.TessDeleteText(w);
            } while (ocr.TessResultIteratorNext(it, RIL_WORD));
            ocr.TessResultIteratorDelete(it);
        }
        if (n > 0)
            c = (int)(sum / n);
    }
    ocr.pixDestroy(&big);
    ocr.pixDestroy(&crop);
    if (got == NULL)
        return false;
    {
        size_t k = 0, n = strlen(got);
        while (n > 0 && (got[n - 1] == '\n' || got[n - 1] == ' '))
            n--;
        for (size_t i = 0; i < n && k + 1 < size; i++)
            if (got[i] != '|')
                text[k++] = got[i] == '\n' && i + 1 < n && got[i + 1] == '\n' ? ' ' : got[i];
        text[k] = '\0';
    }
    ocr.TessDeleteText(got);
    *conf = (float)(c < 0 ? 0 : c);
    return text[0] != '\0';
}

void picture_release(prepared *p)
{
    if (p->pix != NULL)
        ocr.pixDestroy(&p->pix);
    if (p->rules != NULL)
        ocr.pixDestroy(&p->rules);
    if (p->plain != NULL)
        ocr.pixDestroy(&p->plain);
}

#endif
