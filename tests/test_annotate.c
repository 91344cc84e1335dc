/* The annotated chart (tensu verify --annotate), checked on the page
 * model: every wrong cell of the published charts is marked, with the
 * verifier's expected value; every value the chart gives is drawn as the
 * chart gives it; nothing else is marked wrong. */
#include "harness.h"
#include "render/annotate.h"

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
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

static size_t count_prefix(const tensu_doc *d, const char *prefix)
{
    size_t n = 0, len = strlen(prefix);
    for (size_t p = 0; p < d->npages; p++)
        for (size_t i = 0; i < d->pages[p].n; i++) {
            const tensu_item *it = &d->pages[p].items[i];
            if (it->tag && strncmp(it->tag, prefix, len) == 0)
                n++;
        }
    return n;
}

/* The row part of a tag, as annotate.h describes it. */
static void row_id(const tensu_chart_cell *c, char *buf, size_t size)
{
    if (c->limit == TENSU_LIMIT_NONE && c->fu > 0)
        snprintf(buf, size, "%d.%d", c->han, c->fu);
    else if (c->limit == TENSU_LIMIT_NONE)
        snprintf(buf, size, "%d", c->han);
    else if (c->limit == TENSU_LIMIT_YAKUMAN)
        snprintf(buf, size, "yakuman%d", c->yakuman);
    else
        snprintf(buf, size, "%s", tensu_limit_name(c->limit));
}

/* An amount as the page prints it: grouped by thousands, "12,000" in
 * English, "12 000" (a narrow no-break space) in French. */
static const char *grouped(long long v, const char *lang, char *buf, size_t size)
{
    char digits[32];
    const char *sep = strcmp(lang, "fr") == 0 ? "\u202f" : ",";
    size_t n, o = 0;
    snprintf(digits, sizeof digits, "%lld", v);
    n = strlen(digits);
    for (size_t i = 0; i < n && o + 4 < size; i++) {
        if (i > 0 && (n - i) % 3 == 0 && n > 3) {
            memcpy(buf + o, sep, strlen(sep));
            o += strlen(sep);
        }
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
    return buf;
}

typedef struct chart_case {
    const char *file;
    int errors, warnings;
    size_t max_pages;
} chart_case;

static tensu_doc *build(const char *name, const char *lang, tensu_chart **chart,
                        tensu_verdict **v)
{
    char path[1024];
    size_t len = 0;
    char *data;
    tensu_error err;
    tensu_rules r;
    tensu_annotate_opts o = {TENSU_SOURCE_DIR, lang, "a4", name};
    tensu_doc *d;

    snprintf(path, sizeof path, "%s/charts/%s", TENSU_SHARED_DIR, name);
    data = slurp(path, &len);
    if (data == NULL) { /* ours */
        snprintf(path, sizeof path, "%s/tests/data/charts/%s", TENSU_SOURCE_DIR, name);
        data = slurp(path, &len);
    }
    CHECK(data != NULL);
    if (data == NULL)
        return NULL;
    memset(&err, 0, sizeof err);
    CHECK_EQ(tensu_chart_read(data, len, name, TENSU_CHART_AUTO, chart, &err), TENSU_OK);
    free(data);
    tensu_rules_preset(tensu_default_preset(), &r, NULL);
    CHECK_EQ(tensu_verify(*chart, &r, TENSU_INFER_ALL, 0, v, &err), TENSU_OK);
    d = tensu_annotate_build(&o, *chart, *v, &err);
    if (d == NULL)
        fprintf(stderr, "%s: %s\n", name, err.message);
    CHECK(d != NULL);
    return d;
}

static void check_chart(const chart_case *k, const char *lang)
{
    tensu_chart *chart = NULL;
    tensu_verdict *v = NULL;
    tensu_doc *d = build(k->file, lang, &chart, &v);
    size_t cell_warnings = 0, shown = 0;

    if (d == NULL) {
        tensu_verdict_free(v);
        tensu_chart_free(chart);
        return;
    }
    CHECK_EQ(v->errors, k->errors);
    CHECK_EQ(v->warnings, k->warnings);
    /* one mark and one expected value per wrong cell, nothing more */
    CHECK_EQ(count_prefix(d, "wrong."), (size_t)v->errors);
    CHECK_EQ(count_prefix(d, "expected."), (size_t)v->errors);
    for (size_t i = 0; i < v->nfindings; i++)
        if (!v->findings[i].error && v->findings[i].cell >= 0)
            cell_warnings++;
    CHECK_EQ(count_prefix(d, "warn."), cell_warnings);
    CHECK(d->npages >= 1 && d->npages <= k->max_pages);
    /* nothing runs off the paper, no text under 7 pt */
    for (size_t pg = 0; pg < d->npages; pg++) {
        const tensu_page *p = &d->pages[pg];
        for (size_t i = 0; i < p->n; i++) {
            const tensu_item *it = &p->items[i];
            double bottom = it->kind == TENSU_ITEM_TEXT ? it->y : it->y + (it->h > 0 ? it->h : 0);
            CHECK(it->x >= 0 && bottom <= p->height && it->x + it->w <= p->width + 0.5);
            if (bottom > p->height)
                fprintf(stderr, "%s: page %zu: item at y %.1f, below the paper (%.1f)\n", k->file,
                        pg + 1, bottom, p->height);
            CHECK(it->kind != TENSU_ITEM_TEXT || it->h >= 7 - 1e-6);
            if (it->kind == TENSU_ITEM_TEXT && it->h < 7 - 1e-6)
                fprintf(stderr, "%s: \"%s\" at %.2f pt\n", k->file, it->text, it->h);
        }
    }
    if (d->npages > k->max_pages)
        fprintf(stderr, "%s: %zu pages\n", k->file, d->npages);

    /* each finding's cell carries the finding's values */
    for (size_t i = 0; i < v->nfindings; i++) {
        const tensu_finding *f = &v->findings[i];
        const tensu_chart_cell *c;
        const tensu_item *it;
        char row[48], tag[128], want[64], amount[32];
        if (!f->error)
            continue;
        c = tensu_chart_cell_at(chart, (size_t)f->cell);
        row_id(c, row, sizeof row);
        snprintf(tag, sizeof tag, "wrong.%s.%s", tensu_chart_pay_key(c->pay), row);
        it = tensu_doc_find_tag(d, tag);
        grouped(f->found, lang, want, sizeof want);
        CHECK(it != NULL && strcmp(it->text, want) == 0);
        /* white on a black band */
        CHECK(it != NULL && it->ink == 1);
        snprintf(tag, sizeof tag, "expected.%s.%s", tensu_chart_pay_key(c->pay), row);
        it = tensu_doc_find_tag(d, tag);
        snprintf(want, sizeof want, "\u2192%s", grouped(f->expected, lang, amount, sizeof amount));
        CHECK(it != NULL && strcmp(it->text, want) == 0);
        if (it == NULL || strcmp(it->text, want) != 0)
            fprintf(stderr, "%s: %s: %s, want %s\n", k->file, tag, it ? it->text : "(none)",
                    want);
    }
    /* every value the chart gives is drawn as the chart gives it */
    for (size_t i = 0; i < tensu_chart_count(chart); i++) {
        const tensu_chart_cell *c = tensu_chart_cell_at(chart, i);
        static const char *const prefixes[] = {"value", "warn", "wrong"};
        char row[48], tag[128], want[32];
        bool found = false;
        if (c->empty)
            continue;
        row_id(c, row, sizeof row);
        grouped(c->value, lang, want, sizeof want);
        for (int p = 0; p < 3 && !found; p++) {
            const tensu_item *it;
            snprintf(tag, sizeof tag, "%s.%s.%s", prefixes[p], tensu_chart_pay_key(c->pay), row);
            it = tensu_doc_find_tag(d, tag);
            found = it != NULL && strcmp(it->text, want) == 0;
        }
        CHECK(found);
        if (!found)
            fprintf(stderr, "%s: cell %s %s (%s) not drawn\n", k->file,
                    tensu_chart_pay_key(c->pay), row, want);
        shown += found;
    }
    CHECK_EQ(shown, (size_t)v->cells);
    tensu_doc_free(d);
    tensu_verdict_free(v);
    tensu_chart_free(chart);
}

int main(void)
{
    static const chart_case cases[] = {
        {"reachy_on_rails_scoring.csv", 1, 12, 1},
        {"memorize_mahjong_scores.csv", 6, 7, 2},
        {"riichibook1_score_tables.csv", 0, 0, 1},
        {"riichiwiki_scoring_table.csv", 0, 10, 1},
        {"josun_go_scoremap.csv", 115, 6, 4},
        /* tsumo totals and their shares, two totals wrong: drawn on top;
         * the warnings: the limits table's totals inferred, no 25 fu row
         * (the tables under "Non-dealer tsumo" hold no ron: their totals
         * are said, not inferred) */
        {"tsumo_totals_wrong.txt", 2, 2, 2},
    };
    tensu_chart *chart = NULL;
    tensu_verdict *v = NULL;
    tensu_doc *d;

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int l = 0; l < 2; l++)
            check_chart(&cases[i], l ? "fr" : "en");

    /* reachy-on-rails: the one wrong cell, by name */
    d = build("reachy_on_rails_scoring.csv", "fr", &chart, &v);
    if (d != NULL) {
        const tensu_item *it = tensu_doc_find_tag(d, "wrong.nondealer_ron.3.50");
        CHECK(it != NULL && strcmp(it->text, "6\u202f300") == 0);
        it = tensu_doc_find_tag(d, "expected.nondealer_ron.3.50");
        CHECK(it != NULL && strcmp(it->text, "\u21926\u202f400") == 0);
        /* the cells around it are plain */
        CHECK(tensu_doc_find_tag(d, "value.nondealer_ron.3.40") != NULL);
        CHECK(tensu_doc_find_tag(d, "value.dealer_ron.3.50") != NULL);
        /* one A4 page, landscape */
        CHECK_EQ(d->npages, 1);
        CHECK(d->pages[0].width > 841 && d->pages[0].width < 842);
        CHECK(d->pages[0].height > 595 && d->pages[0].height < 596);
        CHECK_STR(d->lang, "fr");
        CHECK(strstr(d->title, "reachy_on_rails_scoring.csv") != NULL);
        CHECK(strncmp(d->title, "Vérification", strlen("Vérification")) == 0);
        tensu_doc_free(d);
    }
    tensu_verdict_free(v);
    tensu_chart_free(chart);

    /* josun-go: four pages, none of them more than half empty (the rows of a
     * grid that takes several pages are shared evenly between them) */
    d = build("josun_go_scoremap.csv", "fr", &chart, &v);
    if (d != NULL) {
        CHECK_EQ(d->npages, 4);
        for (size_t pg = 0; pg < d->npages; pg++) {
            const tensu_page *p = &d->pages[pg];
            double low = 0;
            for (size_t i = 0; i < p->n; i++) {
                const tensu_item *it = &p->items[i];
                double bottom = it->kind == TENSU_ITEM_TEXT ? it->y : it->y + it->h;
                if (bottom < p->height - 24 && bottom > low) /* the footer left out */
                    low = bottom;
            }
            CHECK(low > p->height / 2);
            if (low <= p->height / 2)
                fprintf(stderr, "josun_go: page %zu filled down to %.0f of %.0f pt\n", pg + 1,
                        low, p->height);
        }
        tensu_doc_free(d);
    }
    tensu_verdict_free(v);
    tensu_chart_free(chart);

    /* an unknown language is an error naming the file it looked for */
    {
        tensu_annotate_opts o = {TENSU_SOURCE_DIR, "xx-none", "a4", "x.csv"};
        tensu_error err;
        tensu_chart *c = tensu_chart_new("x.csv", TENSU_CHART_CSV);
        tensu_verdict *vv = NULL;
        tensu_rules r;
        tensu_rules_preset(tensu_default_preset(), &r, NULL);
        CHECK_EQ(tensu_verify(c, &r, TENSU_INFER_ALL, 0, &vv, &err), TENSU_OK);
        CHECK(tensu_annotate_build(&o, c, vv, &err) == NULL);
        CHECK(strstr(err.message, "templates/xx-none.json") != NULL);
        tensu_verdict_free(vv);
        tensu_chart_free(c);
    }
    printf("%d passed, %d failed\n", harness_passed, harness_failed);
    return harness_failed != 0;
}
