/* Detecting a chart's format, and reading it with its reader. */
#include "chart_read.h"

/* ------------------------------------------------------------------ */
/* Detection and entry point                                           */
/* ------------------------------------------------------------------ */

/* Does s start with the lowercase word w, in any case? */
static bool strncasecmp_ascii(const char *s, const char *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != w[i])
            return false;
    return true;
}

tensu_chart_format tensu_chart_detect(const char *data, size_t len)
{
    lines L = {data, len, 0, 0};
    span line;
    bool first = true, csv = false;
    int wiki = 0, latex = 0;

    if (len >= 5 && memcmp(data, "%PDF-", 5) == 0)
        return TENSU_CHART_PDF;
    while (next_line(&L, &line) && L.line < 400) {
        span t = trim(line);
        char s[16];
        if (t.n == 0)
            continue;
        if (first && (t.s[0] == '[' || (t.s[0] == '{' && (t.n == 1 || t.s[1] != '{'))))
            return TENSU_CHART_JSON;
        /* a web page, or Markdown holding HTML tables */
        for (size_t i = 0; i + 6 <= t.n; i++)
            if (t.s[i] == '<' && (strncasecmp_ascii(t.s + i + 1, "table", 5) ||
                                  strncasecmp_ascii(t.s + i + 1, "html", 4)))
                return TENSU_CHART_HTML;
        if (t.s[0] == '|' && memchr(t.s, '=', t.n) != NULL) {
            const char *eq = memchr(t.s, '=', t.n);
            size_t k = (size_t)(eq - t.s);
            normalize((span){eq - (k < 8 ? k : 8), k < 8 ? k : 8, 0}, s, sizeof s);
            if (ends(s, "ron") || ends(s, "tsumo"))
                wiki++;
        }
        for (size_t i = 0; i + 1 < t.n; i++)
            if (t.s[i] == '\\' && t.s[i + 1] == '\\' && memchr(t.s, '&', t.n) != NULL) {
                latex++;
                break;
            }
        if (first && t.s[0] != '#' && t.s[0] != '|') {
            span f[MAX_FIELDS];
            for (int k = 0; k < 3 && !csv; k++) {
                char sep = ",;\t"[k];
                int nf = memchr(t.s, sep, t.n) ? split_csv(t, sep, f, MAX_FIELDS) : 0;
                for (int i = 0; i < nf; i++)
                    if (csv_role(f[i]) == C_HAN && nf >= 3)
                        csv = true;
            }
        }
        if (t.s[0] != '#')
            first = false;
    }
    if (wiki > 0)
        return TENSU_CHART_WIKI;
    if (latex > 0)
        return TENSU_CHART_LATEX;
    if (csv)
        return TENSU_CHART_CSV;
    return TENSU_CHART_GRID;
}

tensu_status tensu_chart_read(const char *data, size_t len, const char *name,
                              tensu_chart_format format, tensu_chart **out, tensu_error *err)
{
    reader R;
    tensu_status s;
    tensu_error local;

    *out = NULL;
    if (format == TENSU_CHART_AUTO)
        format = tensu_chart_detect(data, len);
    if (format == TENSU_CHART_JSON)
        return tensu_fail(err, TENSU_ERR_INVALID,
                          "a JSON chart is read by the caller (the core has no JSON parser)");
    if (format == TENSU_CHART_HTML || format == TENSU_CHART_PDF)
        return tensu_fail(err, TENSU_ERR_INVALID,
                          "an HTML page or a PDF document is read by the caller (its tables "
                          "turned into grid text)");
    R.chart = tensu_chart_new(name, format);
    if (R.chart == NULL)
        return tensu_fail(err, TENSU_ERR_NOMEM, "out of memory");
    R.err = err != NULL ? err : &local;
    R.name = name;
    R.line = 0;
    R.table = 0;
    R.dealer_share_first = false;
    switch (format) {
    case TENSU_CHART_CSV: s = read_csv(&R, data, len); break;
    case TENSU_CHART_GRID: s = read_grid(&R, data, len); break;
    case TENSU_CHART_WIKI: s = read_wiki(&R, data, len); break;
    case TENSU_CHART_LATEX: s = read_latex(&R, data, len); break;
    default: s = tensu_fail(err, TENSU_ERR_RANGE, "unknown chart format %d", (int)format); break;
    }
    if (s != TENSU_OK) {
        tensu_chart_free(R.chart);
        return s;
    }
    *out = R.chart;
    return TENSU_OK;
}
