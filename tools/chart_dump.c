/* A developer's look inside the table reader: the tables it finds in a
 * text chart's words (or in words given as TSV: x1 y1 x2 y2 page conf
 * flags text), their columns, rows and cells' texts.
 * usage: chart_dump FILE [FORMAT]    (FORMAT: auto, grid, csv, latex, wiki, words) */
#include "../src/read/doc.h"
#include "../src/read/table.h"
#ifdef TENSU_HAVE_OCR
#include "../src/read/picture.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    *len = (size_t)n;
    return buf;
}

static tensu_words *words_tsv(const char *data)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PAGES);
    const char *p = data;
    while (*p) {
        tensu_word x;
        char text[256];
        int n = 0;
        memset(&x, 0, sizeof x);
        if (sscanf(p, "%lf %lf %lf %lf %d %f %u %255[^\n]%n", &x.x1, &x.y1, &x.x2, &x.y2, &x.page,
                   &x.conf, &x.flags, text, &n) == 8) {
            x.text = text;
            tensu_words_add(w, &x, NULL);
        }
        p = strchr(p, '\n');
        if (p == NULL)
            break;
        p++;
    }
    return w;
}

int main(int argc, char **argv)
{
    size_t len;
    char *data;
    tensu_words *w = NULL;
    tensu_chart_format f = TENSU_CHART_AUTO;
    page_words page;
    table *t;
    int nt;
    if (argc < 2 || (data = slurp(argv[1], &len)) == NULL) {
        fprintf(stderr, "usage: chart_dump FILE [FORMAT]\n");
        return 2;
    }
    if (argc > 2 && strcmp(argv[2], "words") == 0)
        w = words_tsv(data);
    else if (tensu_chart_detect(data, len) == TENSU_CHART_PDF) {
        char why[600];
        int np;
        if (doc_pdf_words(data, len, 1, 0, &w, &np, why, sizeof why) != TENSU_OK) {
            fprintf(stderr, "%s\n", why);
            return 2;
        }
    } else if (tensu_chart_detect(data, len) == TENSU_CHART_HTML) {
        if (doc_html_words(data, len, &w, NULL) != TENSU_OK)
            return 2;
    } else if (tensu_chart_detect(data, len) == TENSU_CHART_SVG) {
        if (doc_svg_words(data, len, &w, NULL) != TENSU_OK)
            return 2;
    } else if (tensu_chart_detect(data, len) == TENSU_CHART_PICTURE && getenv("DUMP_PREP")) {
        /* DUMP_PREP=out.png: what the OCR reads, as prepared */
        prepared pr;
        char why[600];
        if (!picture_load(why, sizeof why) || !picture_prepare(data, len, &pr, why, sizeof why)) {
            fprintf(stderr, "%s\n", why);
            return 2;
        }
        pixWrite(getenv("DUMP_PREP"), pr.pix, IFF_PNG);
        printf("prepared: scale %.3f angle %.4f char_h %.1f lean %.4f %.6f\n", pr.scale, pr.angle,
               pr.char_h, pr.lean, pr.lean_b);
        return 0;
    } else if (tensu_chart_detect(data, len) == TENSU_CHART_PICTURE) {
        char why[600];
        doc_picture *pic;
        if (doc_picture_words(data, len, getenv("DUMP_JPN") != NULL, &w, &pic, why, sizeof why) != TENSU_OK) {
            fprintf(stderr, "%s\n", why);
            return 2;
        }
        /* DUMP_REREAD="x1,y1,x2,y2,factor": a box read again (frame units) */
        if (getenv("DUMP_REREAD") != NULL) {
            double x1, y1, x2, y2, fac = 1;
            char text[512];
            float conf = 0;
            if (getenv("DUMP_CHART") != NULL) {
                /* the whole chart read first, its rereads made */
                tensu_read_options o;
                tensu_chart *c = NULL;
                tensu_error e;
                memset(&o, 0, sizeof o);
                o.reread = doc_picture_reread;
                o.ctx = pic;
                tensu_chart_from_words(w, argv[1], TENSU_CHART_PICTURE, &o, &c, &e);
                printf("chart read: %zu cells\n", c ? tensu_chart_count(c) : 0);
                for (size_t i = 0; c != NULL && i < tensu_chart_count(c); i++) {
                    const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
                    printf("cell %d han %d fu %d pay %d = %lld at [%.1f %.1f %.1f %.1f]\n",
                           (int)i, x->han, x->fu, (int)x->pay, (long long)x->value,
                           x->place.x1, x->place.y1, x->place.x2, x->place.y2);
                }
                tensu_chart_free(c);
            }
            if (getenv("DUMP_PRE") != NULL) {
                double a, b, c2, d;
                if (sscanf(getenv("DUMP_PRE"), "%lf,%lf,%lf,%lf", &a, &b, &c2, &d) == 4) {
                    doc_picture_reread(pic, 0, a, b, c2, d, text, sizeof text, &conf);
                    printf("pre conf %.0f: %s\n", conf, text);
                }
            }
            if (sscanf(getenv("DUMP_REREAD"), "%lf,%lf,%lf,%lf,%lf", &x1, &y1, &x2, &y2, &fac) >= 4) {
                bool got = fac == 1 ? doc_picture_reread(pic, 0, x1, y1, x2, y2, text, sizeof text, &conf)
                                    : fac > 1 ? doc_picture_confirm(pic, 0, x1, y1, x2, y2, text, sizeof text, &conf)
                                              : doc_picture_confirm2(pic, 0, x1, y1, x2, y2, text, sizeof text, &conf);
                printf("reread %d conf %.0f: %s\n", got, conf, text);
            }
        }
    } else {
        if (argc > 2)
            tensu_chart_format_parse(argv[2], &f);
        if (tensu_words_from_text(data, len, f, &w, NULL) != TENSU_OK)
            return 2;
    }
    read_page_build(w, &page);
    printf("%d words, %d lines\n", page.nw, page.nl);
    if (getenv("DUMP_WORDS") != NULL)
        for (int i = 0; i < page.nw; i++)
            printf("word %d r%d line %d [%.1f %.1f %.1f %.1f] c%.0f %s\n", i, page.w[i].region,
                   page.w[i].line, page.w[i].x1, page.w[i].y1, page.w[i].x2, page.w[i].y2,
                   page.w[i].w->conf, page.w[i].w->text);
    if (getenv("DUMP_LINES") != NULL)
        for (int l = 0; l < page.nl; l++) {
            char text[512];
            read_words_text(&page, &page.l[l], 0, page.l[l].n, text, sizeof text);
            printf("line %d r%d y %.1f..%.1f x %.1f..%.1f: %s\n", l, page.l[l].region,
                   page.l[l].y1, page.l[l].y2, page.l[l].x1, page.l[l].x2, text);
        }
    if (getenv("DUMP_HEADS") != NULL)
        for (int l = 0; l < page.nl; l++) {
            table g[8];
            int ng = header_groups(&page, &page.l[l], g, 8);
            for (int i = 0; i < ng; i++)
                printf("heads of line %d: kind %d ncols %d strip %d by_side %d\n", l, g[i].kind,
                       g[i].ncols, g[i].strip, g[i].by_side);
        }
    read_find_tables(&page, &t, &nt);
    for (int i = 0; i < nt; i++) {
        table *x = &t[i];
        printf("table %d: kind %d by_han %d header line %d x %.1f..%.1f labels to %.1f side %u\n",
               x->number, x->kind, x->by_han, x->header, x->x1, x->x2, x->label_x2, x->side);
        for (int c = 0; c < x->ncols; c++)
            printf("  col %d: role %d han %d fu %d pay %u head %.1f..%.1f span %.1f..%.1f\n", c,
                   x->col[c].role, x->col[c].han, x->col[c].fu, x->col[c].pay, x->col[c].hx1,
                   x->col[c].hx2, x->col[c].x1, x->col[c].x2);
        for (int r = 0; r < x->nrows; r++) {
            printf("  row %d: han %d fu %d limit %d band %.2f..%.2f |", r, x->row[r].han,
                   x->row[r].fu, (int)x->row[r].limit, x->row[r].y1, x->row[r].y2);
            for (int c = 0; c < x->ncols; c++) {
                char text[256];
                if (read_cell_text(&page, x, r, x->col[c].x1, x->col[c].x2, text, sizeof text,
                                   NULL)) {
                    for (char *s = text; *s; s++)
                        if (*s == '\n')
                            *s = '/';
                        else if (*s == '\t')
                            *s = '>';
                    printf(" [%s]", text);
                } else {
                    printf(" []");
                }
            }
            printf("\n");
        }
    }
    return 0;
}
