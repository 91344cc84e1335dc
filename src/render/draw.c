/* Drawing text on a sheet: widths, one line of text, flowing text with
 * bold runs, the conditions of a template block, grids of cells.  The layer
 * below every block (blocks.c's generic ones and each family's: tables.c,
 * study.c, classical.c ...): it calls none of them. */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE 1.28 /* line height / font size */

double text_width(sheet_ctx *c, tensu_font_role f, double size, const char *s)
{
    return tensu_fontset_width(c->doc->fonts, f, size, s);
}

tensu_item *put_text(sheet_ctx *c, double x, double baseline, double width, char align,
                     tensu_font_role font, double size, double ink, const char *text)
{
    double w = text_width(c, font, size, text);
    tensu_item *it;
    if (w > width && w > 0) { /* shrink rather than cut, never below the sheet's minimum */
        if (c->min_size > 0 && size * width / w < c->min_size - 1e-6) {
            ctx_fail(c, TENSU_ERR_RANGE,
                     "%s: \"%s\" does not fit its %.0f pt box at %.1f pt (the sheet's least "
                     "size is %.1f pt): shorten the text",
                     c->tmpl.path, text, width, size, c->min_size);
            return NULL;
        }
        size *= width / w;
        w = width;
    }
    if (align == 'r')
        x += width - w;
    else if (align == 'c')
        x += (width - w) / 2;
    it = page_text(c->page, x, baseline, font, size, ink, text, w);
    if (it == NULL)
        ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
    return it;
}

static tensu_font_role bold_of(tensu_font_role f)
{
    if (f == TENSU_FONT_CONDENSED)
        return TENSU_FONT_CONDENSED_BOLD;
    return TENSU_FONT_BOLD;
}

/* A run of text on the current line, flushed when the font changes. */
typedef struct run {
    char buf[1024];
    size_t n;
    double x;
    tensu_font_role font;
} run;

static void run_flush(sheet_ctx *c, run *r, double baseline, double size, double ink)
{
    if (r->n == 0)
        return;
    r->buf[r->n] = '\0';
    /* a trailing space is not drawn */
    while (r->n > 0 && r->buf[r->n - 1] == ' ')
        r->buf[--r->n] = '\0';
    if (r->n > 0 && page_text(c->page, r->x, baseline, r->font, size, ink, r->buf,
                              text_width(c, r->font, size, r->buf)) == NULL)
        ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
    r->n = 0;
}

double line_height(const sheet_ctx *c, double size)
{
    return size * c->scale * LINE;
}

/* The width of the word from p to e, its '*' toggling bold (*bold holds the
 * style in force, and after). */
static double word_width(sheet_ctx *c, tensu_font_role font, double s, const char *p,
                         const char *e, bool *bold)
{
    char seg[512];
    size_t sn = 0;
    double ww = 0;
    for (const char *q = p; q < e; q++) {
        if (*q == '*') {
            seg[sn] = '\0';
            ww += text_width(c, *bold ? bold_of(font) : font, s, seg);
            sn = 0;
            *bold = !*bold;
            continue;
        }
        if (sn + 1 < sizeof seg)
            seg[sn++] = *q;
    }
    seg[sn] = '\0';
    return ww + text_width(c, *bold ? bold_of(font) : font, s, seg);
}

/* Whether the word from p to e ends with one of the marks of a class of
 * break (its '*' aside): 0 ";" and the dash "–", 1 ",", 2 ":", 3 the end
 * of a sentence. */
static bool ends_with_mark(const char *p, const char *e, int cls)
{
    while (e > p && e[-1] == '*')
        e--;
    if (e == p)
        return false;
    if (cls == 0)
        return e[-1] == ';' || (e - p >= 3 && memcmp(e - 3, "\xe2\x80\x93", 3) == 0);
    if (cls == 3)
        return e[-1] == '.' || e[-1] == '!' || e[-1] == '?' || e[-1] == ')';
    return e[-1] == (cls == 1 ? ',' : ':');
}

typedef struct flow_word {
    const char *p, *e;
    double w;
    int line;
    bool wrapped; /* starts a line because the one before was full */
} flow_word;

/* No word left alone at the end of a paragraph (a runt: "…attentes…) :
 * ⏎ non", "…; total ⏎ 6,400", "640 → ⏎ 700 ; total 2 700"): where the last
 * line of a paragraph (up to a newline or the end) is short (under 30 % of
 * the width) and holds one word, or follows a line that ends on no mark,
 * it starts earlier: after the last ";" or "–" of the line before from
 * which the rest fits one line, else after a ",", else a ":", else (one
 * word) with the word before it; the line before keeps 30 % of the width
 * at least.  The lines stay as many.  Fills breaks[]
 * with the words that start a line so (at most max); returns how many. */
static int runt_breaks(sheet_ctx *c, const char *text, double width, double s,
                       tensu_font_role font, double indent, const char **breaks, int max)
{
    flow_word *w = NULL;
    size_t n = 0, cap = 0;
    double cx = 0, space = text_width(c, font, s, " ");
    int line = 0, nb = 0;
    bool bold = false;
    for (const char *p = text; *p;) {
        const char *e = p;
        while (*e && *e != ' ' && *e != '\n')
            e++;
        if (n == cap) {
            flow_word *g = realloc(w, (cap = cap ? 2 * cap : 64) * sizeof *w);
            if (g == NULL) {
                free(w);
                return 0;
            }
            w = g;
        }
        w[n].p = p;
        w[n].e = e;
        w[n].w = word_width(c, font, s, p, e, &bold);
        w[n].wrapped = false;
        if (cx > 0 && cx + space + w[n].w > width) {
            line++;
            cx = indent;
            w[n].wrapped = true;
        } else if (cx > 0) {
            cx += space;
        }
        w[n].line = line;
        cx += w[n].w;
        n++;
        p = e;
        if (*p == '\n') {
            line++;
            cx = 0;
            p++;
        } else if (*p == ' ') {
            p++;
        }
        /* the end of a paragraph: its last line short, one word alone on
         * it or the line before ending on no mark */
        if ((*p == '\0' || e[0] == '\n') && n >= 3 && nb < max) {
            size_t last = n - 1, top = last, first, k = 0;
            double tail = 0;
            bool alone, open;
            while (top > 0 && w[top - 1].line == w[last].line)
                top--;
            for (size_t i = top; i <= last; i++)
                tail += w[i].w + (i > top ? space : 0);
            alone = top == last;
            open = top > 0 && !ends_with_mark(w[top - 1].p, w[top - 1].e, 0) &&
                   !ends_with_mark(w[top - 1].p, w[top - 1].e, 1) &&
                   !ends_with_mark(w[top - 1].p, w[top - 1].e, 2) &&
                   !ends_with_mark(w[top - 1].p, w[top - 1].e, 3);
            if (!w[top].wrapped || tail >= 0.3 * width || !(alone || open) || top < 2)
                goto next;
            first = top - 1;
            while (first > 0 && w[first - 1].line == w[first].line)
                first--;
            for (int cls = 0; cls <= 3 && k == 0; cls++)
                for (size_t j = last - 1; j > first && k == 0; j--) {
                    double rest = indent, kept = w[first].wrapped ? indent : 0;
                    if (j >= top)
                        continue;
                    for (size_t i = j; i <= last; i++)
                        rest += w[i].w + (i > j ? space : 0);
                    for (size_t i = first; i < j; i++)
                        kept += w[i].w + (i > first ? space : 0);
                    /* the line before keeps 30 % of the width ("tensu –" alone no) */
                    if (rest <= width && kept >= 0.3 * width &&
                        (cls == 3 ? alone && j == last - 1
                                  : ends_with_mark(w[j - 1].p, w[j - 1].e, cls)))
                        k = j;
                }
            if (k > 0)
                breaks[nb++] = w[k].p;
        }
    next:;
    }
    free(w);
    return nb;
}

double box_title(sheet_ctx *c, const char *title, double x, double y, double width,
                 double pad, double size, double lead)
{
    double s = (size + 1) * c->scale;
    char *t;
    if (title == NULL)
        return 0;
    t = cat_expand(c, title, NULL);
    put_text(c, x + pad, y + s * 0.93, width - 2 * pad, 'l', TENSU_FONT_BOLD, s, 0, t);
    free(t);
    return s * lead;
}

double flow_text(sheet_ctx *c, double x, double y, double width, double size,
                 tensu_font_role font, double ink, const char *text, double indent)
{
    double s = size * c->scale, lh = s * LINE, cx = 0, baseline = y + s * 0.93;
    int lines = 1;
    bool bold = false;
    run r = {{0}, 0, x, font};
    const char *p = text;
    double space = text_width(c, font, s, " ");
    const char *breaks[16];
    int nbreaks = runt_breaks(c, text, width, s, font, indent * c->scale, breaks, 16), nextb = 0;

    while (*p) {
        /* one word: up to a space or newline, with '*' style toggles */
        const char *e = p;
        double pen = -1, ww;
        bool b = bold;
        while (*e && *e != ' ' && *e != '\n')
            e++;
        ww = word_width(c, font, s, p, e, &b); /* with its style changes */
        bool forced = nextb < nbreaks && p == breaks[nextb];
        if (forced)
            nextb++;
        if (cx > 0 && (forced || cx + space + ww > width)) {
            run_flush(c, &r, baseline, s, ink);
            lines++;
            baseline += lh;
            cx = indent * c->scale;
        } else if (cx > 0) {
            if (r.n + 1 < sizeof r.buf)
                r.buf[r.n++] = ' ';
            cx += space;
        }
        /* place the word's segments */
        for (const char *q = p; q < e; q++) {
            tensu_font_role want;
            if (*q == '*') {
                bold = !bold;
                continue;
            }
            want = bold ? bold_of(font) : font;
            if (r.n > 0 && r.font != want) {
                /* the new run starts where the old one ends, spaces included */
                r.buf[r.n] = '\0';
                pen = r.x + text_width(c, r.font, s, r.buf);
                run_flush(c, &r, baseline, s, ink);
            }
            if (r.n == 0) {
                r.font = want;
                r.x = pen >= 0 ? pen : x + cx;
            }
            pen = -1;
            if (r.n + 1 < sizeof r.buf)
                r.buf[r.n++] = *q;
        }
        cx += ww;
        p = e;
        if (*p == '\n') {
            run_flush(c, &r, baseline, s, ink);
            lines++;
            baseline += lh;
            cx = 0;
            p++;
        } else if (*p == ' ') {
            p++;
        }
    }
    run_flush(c, &r, baseline, s, ink);
    return lines * lh;
}

/* ---- conditions ---- */

static bool when_term(sheet_ctx *c, const char *term, size_t n)
{
    char buf[160], key[64], have[64];
    char *eq, *vals;
    bool neg = false, any = false;
    if (n == 0 || n >= sizeof buf)
        goto bad;
    memcpy(buf, term, n);
    buf[n] = '\0';
    eq = strchr(buf, '=');
    if (eq == NULL || eq == buf)
        goto bad;
    vals = eq + 1;
    if (eq[-1] == '!') {
        neg = true;
        eq--;
    }
    if ((size_t)(eq - buf) >= sizeof key)
        goto bad;
    memcpy(key, buf, (size_t)(eq - buf));
    key[eq - buf] = '\0';
    if (!tensu_rules_get(c->rules, key, have, sizeof have)) {
        /* not a rule: a value of the sheet ("honba_count") */
        const char *v = json_string_value(json_object_get(c->vars, key));
        if (v == NULL) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s:%d: \"when\": unknown rule key '%s' in \"%s\"",
                     c->tmpl.path, json_file_line(&c->tmpl, buf), key, buf);
            return false;
        }
        snprintf(have, sizeof have, "%s", v);
    }
    for (char *v = vals;;) {
        char *bar = strchr(v, '|');
        size_t len = bar ? (size_t)(bar - v) : strlen(v);
        if (strlen(have) == len && strncmp(have, v, len) == 0)
            any = true;
        if (bar == NULL)
            break;
        v = bar + 1;
    }
    return neg ? !any : any;
bad:
    ctx_fail(c, TENSU_ERR_INVALID,
             "%s: \"when\": bad condition \"%.*s\" (KEY=VALUE, KEY!=VALUE, KEY=V1|V2, joined by &)",
             c->tmpl.path, (int)(n < 100 ? n : 100), term);
    return false;
}

bool when_ok(sheet_ctx *c, json_t *b)
{
    const char *w = json_string_value(json_object_get(b, "when"));
    if (!json_is_object(b) || w == NULL)
        return true;
    while (*w) {
        const char *amp = strchr(w, '&');
        size_t n = amp ? (size_t)(amp - w) : strlen(w);
        while (n > 0 && w[0] == ' ') {
            w++;
            n--;
        }
        while (n > 0 && w[n - 1] == ' ')
            n--;
        if (!when_term(c, w, n))
            return false;
        if (amp == NULL)
            break;
        w = amp + 1;
    }
    return true;
}

/* ---- generic grid ---- */

double draw_grid(sheet_ctx *c, const grid_spec *g, char ***cells, int nrows, double x,
                 double y, double width)
{
    double s = g->size * c->scale, rh = s * 1.6, pad = 3 * c->scale, total = 0, cx;
    double xs[16];
    if (g->ncols > 15)
        return 0;
    for (int i = 0; i < g->ncols; i++)
        total += g->rel[i];
    cx = x;
    for (int i = 0; i < g->ncols; i++) {
        xs[i] = cx;
        cx += width * g->rel[i] / total;
    }
    xs[g->ncols] = x + width;
    for (int r = 0; r < nrows; r++) {
        double top = y + r * rh, baseline = top + rh / 2 + s * 0.35;
        bool head = g->header && r == 0;
        if (head)
            page_rect(c->page, x, top, width, rh, 0.82, 0, 0);
        else if (g->zebra && (r % 2 == (g->header ? 0 : 1)))
            page_rect(c->page, x, top, width, rh, 0.94, 0, 0);
        for (int k = 0; k < g->ncols; k++) {
            const char *t = cells[r][k];
            tensu_font_role f = head ? TENSU_FONT_BOLD : TENSU_FONT_REGULAR;
            if (t == NULL || *t == '\0')
                continue;
            if (t[0] == '*') {
                f = TENSU_FONT_BOLD;
                t++;
            }
            put_text(c, xs[k] + pad, baseline, xs[k + 1] - xs[k] - 2 * pad, g->align[k], f, s,
                     0, t);
        }
    }
    page_line(c->page, x, y, x + width, y, 0.8 * c->scale, 0);
    if (g->header)
        page_line(c->page, x, y + rh, x + width, y + rh, 0.5 * c->scale, 0);
    page_line(c->page, x, y + nrows * rh, x + width, y + nrows * rh, 0.8 * c->scale, 0);
    return nrows * rh;
}
