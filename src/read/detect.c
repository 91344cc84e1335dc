/* A text chart's format from its bytes, its words by the format's reader,
 * and the whole reading of a text chart (tensu_chart_read). */
#include "words.h"

#include <ctype.h>
#include <string.h>

/* Does s start with the lowercase word w, in any case? */
static bool starts_nocase(const char *s, size_t n, const char *w)
{
    size_t k = strlen(w);
    if (k > n)
        return false;
    for (size_t i = 0; i < k; i++)
        if (tolower((unsigned char)s[i]) != w[i])
            return false;
    return true;
}

/* Is one field of this line, split at sep, the han column's name? */
static bool csv_header(const char *s, size_t n, char sep)
{
    int fields = 1;
    bool han = false;
    size_t start = 0;
    if (memchr(s, sep, n) == NULL)
        return false;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != sep)
            continue;
        {
            char w[16];
            size_t k = 0;
            for (size_t j = start; j < i && k + 1 < sizeof w; j++)
                if (isalnum((unsigned char)s[j]))
                    w[k++] = (char)tolower((unsigned char)s[j]);
            w[k] = '\0';
            han = han || strcmp(w, "han") == 0 || strcmp(w, "hans") == 0 ||
                  strcmp(w, "hanlimit") == 0;
        }
        if (i < n)
            fields++;
        start = i + 1;
    }
    return han && fields >= 3;
}

tensu_chart_format tensu_chart_detect(const char *data, size_t len)
{
    text_lines L = {data, len, 0, 0};
    const char *s;
    size_t n;
    bool first = true, csv = false;
    int wiki = 0, latex = 0;

    if (len >= 5 && memcmp(data, "%PDF-", 5) == 0)
        return TENSU_CHART_PDF;
    if ((len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0) ||
        (len >= 3 && memcmp(data, "\xFF\xD8\xFF", 3) == 0))
        return TENSU_CHART_PICTURE;
    while (read_text_next(&L, &s, &n) && L.line < 400) {
        while (n > 0 && (s[0] == ' ' || s[0] == '\t'))
            s++, n--;
        if (n == 0)
            continue;
        if (first && (s[0] == '[' || (s[0] == '{' && (n == 1 || s[1] != '{'))))
            return TENSU_CHART_JSON;
        /* a web page, or Markdown holding HTML tables; an SVG picture */
        for (size_t i = 0; i + 4 <= n; i++)
            if (s[i] == '<') {
                if (starts_nocase(s + i + 1, n - i - 1, "svg"))
                    return TENSU_CHART_SVG;
                if (starts_nocase(s + i + 1, n - i - 1, "table") ||
                    starts_nocase(s + i + 1, n - i - 1, "html"))
                    return TENSU_CHART_HTML;
            }
        if (s[0] == '|' && memchr(s, '=', n) != NULL) {
            const char *eq = memchr(s, '=', n);
            char k[16];
            size_t m = 0;
            for (const char *p = eq - 1; p > s && m < 5; p--)
                if (isalpha((unsigned char)*p))
                    k[m++] = (char)tolower((unsigned char)*p);
            k[m] = '\0';
            /* reversed: "nor", "omust" */
            if (strncmp(k, "nor", 3) == 0 || strncmp(k, "omust", 5) == 0)
                wiki++;
        }
        for (size_t i = 0; i + 1 < n; i++)
            if (s[i] == '\\' && s[i + 1] == '\\' && memchr(s, '&', n) != NULL) {
                latex++;
                break;
            }
        if (first && s[0] != '#' && s[0] != '|')
            csv = csv_header(s, n, ',') || csv_header(s, n, ';') || csv_header(s, n, '\t');
        if (s[0] != '#')
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

tensu_status tensu_words_from_text(const char *data, size_t len, tensu_chart_format format,
                                   tensu_words **out, tensu_error *err)
{
    tensu_words *w;
    tensu_status st;
    *out = NULL;
    if (format == TENSU_CHART_AUTO)
        format = tensu_chart_detect(data, len);
    if (format != TENSU_CHART_GRID && format != TENSU_CHART_CSV &&
        format != TENSU_CHART_WIKI && format != TENSU_CHART_LATEX)
        return error_fill_at(err, TENSU_ERR_INVALID, 0, 0,
                             "a %s chart is read by the caller into words (it needs a document "
                             "library)",
                             tensu_chart_format_name(format));
    w = tensu_words_new(format == TENSU_CHART_CSV ? TENSU_PLACES_CSV : TENSU_PLACES_TEXT);
    if (w == NULL)
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    switch (format) {
    case TENSU_CHART_CSV: st = read_csv_words(data, len, w, err); break;
    case TENSU_CHART_WIKI: st = read_wiki_words(data, len, w, err); break;
    case TENSU_CHART_LATEX: st = read_latex_words(data, len, w, err); break;
    default: st = read_grid_words(data, len, w, err); break;
    }
    if (st != TENSU_OK) {
        tensu_words_free(w);
        return st;
    }
    *out = w;
    return TENSU_OK;
}

tensu_status tensu_chart_read(const char *data, size_t len, const char *name,
                              tensu_chart_format format, tensu_chart **out, tensu_error *err)
{
    tensu_words *w = NULL;
    tensu_status st;
    *out = NULL;
    if (format == TENSU_CHART_AUTO)
        format = tensu_chart_detect(data, len);
    st = tensu_words_from_text(data, len, format, &w, err);
    if (st != TENSU_OK)
        return st;
    st = tensu_chart_from_words(w, name, format, NULL, out, err);
    tensu_words_free(w);
    return st;
}
