/* The chart in a document's words (tensu_chart_from_words): the words in
 * lines, what the chart's words say, its tables, each table's cells, the
 * lines no table took, and what the whole chart tells. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tensu_status tensu_chart_from_words(const tensu_words *w, const char *name,
                                    tensu_chart_format format, const tensu_read_options *opt,
                                    tensu_chart **out, tensu_error *err)
{
    page_words page;
    table *tables = NULL;
    int ntables = 0;
    reading R;
    tensu_status s = TENSU_OK;
    tensu_error local;

    *out = NULL;
    memset(&R, 0, sizeof R);
    R.err = err != NULL ? err : &local;
    R.words = w;
    R.opt = opt;
    R.chart = tensu_chart_new(name, format);
    if (R.chart == NULL)
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    tensu_chart_set_places(R.chart, tensu_words_places(w));
    if (!read_page_build(w, &page)) {
        tensu_chart_free(R.chart);
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    }
    R.page = &page;
    read_stated_things(&R);
    if (!read_find_tables(&page, &tables, &ntables))
        s = error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    /* what the format's reader could not make words of */
    for (size_t i = 0; i < w->nnotes && s == TENSU_OK; i++) {
        tensu_chart_note n;
        memset(&n, 0, sizeof n);
        n.error = true;
        n.line = w->notes[i].line;
        n.column = w->notes[i].column;
        n.cells = w->notes[i].cells;
        snprintf(n.text, sizeof n.text, "%s", w->notes[i].text);
        snprintf(n.why, sizeof n.why, "%s", w->notes[i].why);
        s = tensu_chart_note_add(R.chart, &n, err);
    }
    for (int t = 0; t < ntables && s == TENSU_OK; t++) {
        if (tables[t].continues > 0 && (tables[t].side & (P_ND | P_D)) == 0)
            tables[t].side = tables[tables[t].continues - 1].side; /* as it was read */
        s = read_cells(&R, &tables[t]);
    }
    if (s == TENSU_OK && tensu_chart_count(R.chart) == 0) {
        /* nothing read: no table, or nothing in it that could be read */
        bool noted = false;
        int line = 0;
        for (size_t i = 0; i < tensu_chart_note_count(R.chart); i++)
            noted |= tensu_chart_note_at(R.chart, i)->error;
        for (int i = 0; i < page.nw; i++)
            if (page.w[i].w->line > line)
                line = page.w[i].w->line;
        if (!noted)
            s = error_fill_at(err, TENSU_ERR_INVALID, line > 0 ? line : 1, 1, "%s",
                              format == TENSU_CHART_WIKI
                              ? "no chart cell found: expected template lines such as "
                                "|2and30ron=2000"
                              : format == TENSU_CHART_LATEX
                              ? "no chart cell found: expected tabular rows such as "
                                "'30 & 1000 & 2000 \\\\' and '& (300-500) & (500-1000) \\\\'"
                              : format == TENSU_CHART_CSV
                              ? "no chart cell found: expected lines of han, fu and amounts "
                                "under the header"
                              : "no chart cell found: expected a line of han columns ('fu  1 "
                                "han  2 han ...') and rows of fu under it");
    }
    if (s == TENSU_OK)
        s = read_leftovers(&R);
    if (s == TENSU_OK)
        s = read_settle_cells(&R);
    read_tables_free(tables, ntables);
    read_page_free(&page);
    free(R.pairs);
    if (s != TENSU_OK) {
        tensu_chart_free(R.chart);
        return s;
    }
    *out = R.chart;
    return TENSU_OK;
}
