/* A picture's chart (doc.h, doc_picture_chart): the OCR's words of
 * doc_picture.c read as a chart by the table reader, in English and French
 * first, then with Japanese when cells are left unread. */
#include "doc.h"

#include <stdio.h>
#include <string.h>

/* What a chart read leaves unread: the cells of its unreadable notes, and
 * its lines of amounts not read. */
static int gaps_of(const tensu_chart *c)
{
    int n = 0;
    for (size_t i = 0; i < tensu_chart_note_count(c); i++) {
        const tensu_chart_note *nt = tensu_chart_note_at(c, i);
        if (nt->error)
            n += nt->cells > 0 ? nt->cells : 1;
        else if (!nt->inferred)
            n++;
    }
    return n;
}

/* A picture's chart: read in English and French (most charts, and the
 * quicker); when that leaves cells unread, read again with Japanese too
 * (the slower reading, for 符, 翻, オール), and the better reading kept:
 * fewer cells unread, then more cells.  *pic is the kept reading's, for
 * reading its boxes again. */
tensu_status doc_picture_chart(const char *data, size_t len, const char *file,
                               tensu_read_options *ro, tensu_chart **chart, doc_picture **pic,
                               tensu_error *err, char *why, size_t whysize)
{
    tensu_chart *best = NULL;
    doc_picture *best_pic = NULL;
    int best_gaps = 0;
    tensu_status first = TENSU_OK;
    tensu_error first_err;
    memset(&first_err, 0, sizeof first_err);
    for (int pass = 0; pass < 2; pass++) {
        tensu_words *w = NULL;
        doc_picture *p = NULL;
        tensu_chart *c = NULL;
        tensu_read_options o = *ro;
        tensu_status st;
        int gaps;
        char pwhy[600] = "";
        tensu_error e;
        memset(&e, 0, sizeof e);
        st = doc_picture_words(data, len, pass == 1, &w, &p, pwhy, sizeof pwhy);
        if (st != TENSU_OK) {
            if (pass == 0) {
                snprintf(why, whysize, "%s", pwhy);
                return st;
            }
            break; /* no Japanese data: the first reading stands */
        }
        o.reread = doc_picture_reread;
        o.ctx = p;
        st = tensu_chart_from_words(w, file, TENSU_CHART_PICTURE, &o, &c, &e);
        tensu_words_free(w);
        if (st != TENSU_OK) {
            doc_picture_free(p);
            if (pass == 0) {
                first = st;
                first_err = e;
                continue;
            }
            break;
        }
        gaps = gaps_of(c);
        if (best == NULL || gaps < best_gaps ||
            (gaps == best_gaps && tensu_chart_count(c) > tensu_chart_count(best))) {
            tensu_chart_free(best);
            doc_picture_free(best_pic);
            best = c;
            best_pic = p;
            best_gaps = gaps;
        } else {
            tensu_chart_free(c);
            doc_picture_free(p);
        }
        if (best_gaps == 0)
            break; /* read whole */
    }
    if (best == NULL) {
        *err = first_err;
        return first != TENSU_OK ? first : TENSU_ERR_INVALID;
    }
    *chart = best;
    *pic = best_pic;
    ro->reread = doc_picture_reread;
    ro->ctx = best_pic;
    return TENSU_OK;
}
