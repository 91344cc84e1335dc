/* The chart verifier: the five published charts of ../shared/charts and
 * their verdicts (checked against verification_report.txt, written
 * independently), the readers of every format, our own broken charts, and
 * tables built by the engine fed back in. */
#include "../src/read/doc.h"
#include "../src/read/ocr_text.h"
#include "harness.h"
#include "words_helpers.h"

#include <stdlib.h>

#define CHARTS TENSU_SHARED_DIR "/charts/"
#define DATA TENSU_TEST_DATA "/charts/"

static char *load(const char *path, size_t *len)
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
    if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf != NULL) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

static tensu_chart *read_chart(const char *path, tensu_chart_format fmt)
{
    size_t len = 0;
    char *data = load(path, &len);
    tensu_chart *c = NULL;
    tensu_error err;
    CHECK(data != NULL);
    if (data == NULL)
        return NULL;
    if (fmt == TENSU_CHART_AUTO)
        fmt = tensu_chart_detect(data, len);
    if (fmt == TENSU_CHART_JSON) {
        tensu_words *w = NULL;
        CHECK_EQ(doc_json_words(data, len, &w, &err), TENSU_OK);
        if (w != NULL)
            CHECK_EQ(tensu_chart_from_words(w, path, fmt, NULL, &c, &err), TENSU_OK);
        tensu_words_free(w);
    } else {
        CHECK_EQ(tensu_chart_read(data, len, path, fmt, &c, &err), TENSU_OK);
    }
    if (c == NULL)
        fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.message);
    free(data);
    return c;
}


/* Verify c (as verify does), expect that many errors, free both. */
static void verify_free(tensu_chart *c, int errors)
{
    tensu_verdict *v = verify(c);
    CHECK_EQ(v->errors, errors);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}



static bool pay_of_key(const char *k, tensu_chart_pay *out)
{
    for (int p = 0; p < TENSU_CHART_PAYS; p++)
        if (strcmp(tensu_chart_pay_key((tensu_chart_pay)p), k) == 0) {
            *out = (tensu_chart_pay)p;
            return true;
        }
    return false;
}

/* Every MISMATCH of verification_report.txt for one chart is one of our
 * errors with the same found and expected values, and we have no other. */
static void check_against_report(const char *chart_file, const tensu_chart *c,
                                 const tensu_verdict *v)
{
    size_t len = 0;
    char *rep = load(CHARTS "verification_report.txt", &len);
    char *line, *save = rep;
    bool in = false;
    int listed = 0;
    CHECK(rep != NULL);
    if (rep == NULL)
        return;
    while ((line = save) != NULL && *line) {
        char *nl = strchr(line, '\n');
        save = nl ? nl + 1 : NULL;
        if (nl)
            *nl = '\0';
        if (strncmp(line, "=== ", 4) == 0) {
            in = strncmp(line + 4, chart_file, strlen(chart_file)) == 0;
            continue;
        }
        if (in && strstr(line, "MISMATCH: formula gives ") != NULL) {
            int han, fu = 0;
            char fus[16], col[64];
            long long found, want;
            tensu_chart_pay pay;
            const tensu_finding *f;
            if (sscanf(line, " han=%d fu=%15s %63s %lld", &han, fus, col, &found) != 4 ||
                !pay_of_key(col, &pay)) {
                CHECK(!"unreadable report line");
                continue;
            }
            if (strcmp(fus, "None") != 0)
                fu = atoi(fus);
            want = atoll(strstr(line, "formula gives ") + 14);
            listed++;
            f = find_error(v, c, han, fu, pay);
            CHECK(f != NULL);
            if (f == NULL) {
                fprintf(stderr, "  not found: %s\n", line);
                continue;
            }
            CHECK_EQ(f->found, found);
            CHECK_EQ(f->expected, want);
            CHECK_EQ(f->kind, TENSU_FINDING_WRONG);
        }
    }
    CHECK_EQ(v->errors, listed);
    free(rep);
}

static void test_riichibook1(void)
{
    tensu_chart *c = read_chart(CHARTS "riichibook1_score_tables.csv", TENSU_CHART_AUTO);
    tensu_chart *x = read_chart(CHARTS "riichibook1_score_tables_excerpt.txt", TENSU_CHART_AUTO);
    tensu_verdict *v, *vx;
    int same = 0;
    if (c == NULL || x == NULL)
        return;
    CHECK_EQ(tensu_chart_format_of(x), TENSU_CHART_LATEX);
    v = verify(c);
    vx = verify(x);
    CHECK_EQ(v->cells, 198);
    CHECK_EQ(v->errors, 0);
    CHECK_EQ(v->warnings, 0);
    CHECK_EQ(vx->cells, 198);
    CHECK_EQ(vx->errors, 0);
    CHECK_EQ(vx->warnings, 0);
    CHECK_STR(v->variant[0].key, "kiriage");
    CHECK_STR(v->variant[0].value, "no");
    CHECK_EQ(v->variant[0].guess, TENSU_GUESS_SURE);
    CHECK_EQ(v->variant[0].agree, 8);
    CHECK_EQ(v->variant[1].guess, TENSU_GUESS_UNDECIDED);
    CHECK(strstr(v->variant[1].text, "has no cells that tell") != NULL);
    /* the LaTeX excerpt holds the same cells as the CSV */
    for (size_t i = 0; i < tensu_chart_count(x); i++) {
        const tensu_chart_cell *a = tensu_chart_cell_at(x, i);
        for (size_t j = 0; j < tensu_chart_count(c); j++) {
            const tensu_chart_cell *b = tensu_chart_cell_at(c, j);
            if (a->han == b->han && a->fu == b->fu && a->pay == b->pay) {
                same += a->empty == b->empty && (a->empty || a->value == b->value);
                break;
            }
        }
    }
    CHECK_EQ(same, 220);
    CHECK_EQ(tensu_chart_count(x), 220);
    tensu_verdict_free(v);
    tensu_verdict_free(vx);
    tensu_chart_free(c);
    tensu_chart_free(x);
}

static void test_riichiwiki(void)
{
    const char *files[2] = {CHARTS "riichiwiki_scoring_table.csv",
                            CHARTS "riichiwiki_scoring_table_template.txt"};
    for (int k = 0; k < 2; k++) {
        tensu_chart *c = read_chart(files[k], TENSU_CHART_AUTO);
        tensu_verdict *v;
        const tensu_finding *last;
        if (c == NULL)
            return;
        CHECK_EQ(tensu_chart_format_of(c), k ? TENSU_CHART_WIKI : TENSU_CHART_CSV);
        v = verify(c);
        CHECK_EQ(v->cells, 155);
        CHECK_EQ(v->errors, 0);
        CHECK_EQ(v->warnings, 10);
        CHECK_EQ(count_kind(v, TENSU_FINDING_IMPOSSIBLE), 9);
        CHECK_EQ(count_kind(v, TENSU_FINDING_MISSING), 1);
        last = &v->findings[v->nfindings - 1];
        CHECK_EQ(last->kind, TENSU_FINDING_MISSING);
        CHECK_STR(last->where, "25 fu");
        CHECK(strstr(last->message, "no 25 fu row") != NULL);
        CHECK_STR(v->variant[0].value, "no");
        CHECK_EQ(v->variant[0].guess, TENSU_GUESS_SURE);
        /* the impossible cells: 1 han 110 fu tsumo, 2/3/4 han 20 fu ron */
        for (size_t i = 0; i < v->nfindings; i++) {
            const tensu_finding *f = &v->findings[i];
            const tensu_chart_cell *x;
            if (f->kind != TENSU_FINDING_IMPOSSIBLE)
                continue;
            x = tensu_chart_cell_at(c, (size_t)f->cell);
            CHECK((x->han == 1 && x->fu == 110 && tensu_chart_pay_tsumo(x->pay)) ||
                  (x->han >= 2 && x->han <= 4 && x->fu == 20 && !tensu_chart_pay_tsumo(x->pay)));
            CHECK_EQ(f->found, f->expected);
        }
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
}

static void test_reachy(void)
{
    tensu_chart *c = read_chart(CHARTS "reachy_on_rails_scoring.csv", TENSU_CHART_AUTO);
    tensu_verdict *v;
    const tensu_finding *f;
    if (c == NULL)
        return;
    v = verify(c);
    CHECK_EQ(v->cells, 132);
    CHECK_EQ(v->errors, 1);
    CHECK_EQ(count_kind(v, TENSU_FINDING_IMPOSSIBLE), 11);
    f = find_error(v, c, 3, 50, TENSU_CHART_NONDEALER_RON);
    CHECK(f != NULL);
    if (f != NULL) {
        CHECK_EQ(f->found, 6300);
        CHECK_EQ(f->expected, 6400);
        CHECK_EQ(f->cause, TENSU_CAUSE_DIGIT_TYPO);
        CHECK_EQ(f->line, 19);
        CHECK_EQ(f->column, 6);
        /* a spreadsheet's cell: C19 */
        CHECK_EQ(f->place.row, 19);
        CHECK_EQ(f->place.col, 3);
        CHECK_STR(f->where, "3 han 50 fu, non-dealer ron");
    }
    check_against_report("reachy_on_rails_scoring.csv", c, v);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

static void test_memorize(void)
{
    tensu_chart *c = read_chart(CHARTS "memorize_mahjong_scores.csv", TENSU_CHART_AUTO);
    tensu_verdict *v;
    const tensu_finding *f;
    if (c == NULL)
        return;
    v = verify(c);
    CHECK_EQ(v->cells, 197);
    CHECK_EQ(v->errors, 6);
    /* 3 han 20 fu has the 4 han values: one han more, all five columns */
    for (int p = 0; p < TENSU_CHART_PAYS; p++) {
        f = find_error(v, c, 3, 20, (tensu_chart_pay)p);
        CHECK(f != NULL);
        if (f != NULL)
            CHECK_EQ(f->cause, TENSU_CAUSE_NEIGHBOUR_HAN);
    }
    f = find_error(v, c, 3, 20, TENSU_CHART_NONDEALER_RON);
    if (f != NULL) {
        CHECK_EQ(f->found, 5200);
        CHECK_EQ(f->expected, 2600);
        CHECK(strstr(f->message, "4 han 20 fu") != NULL);
    }
    f = find_error(v, c, 4, 30, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER);
    CHECK(f != NULL);
    if (f != NULL) {
        CHECK_EQ(f->found, 3000);
        CHECK_EQ(f->expected, 3900);
        CHECK_EQ(f->cause, TENSU_CAUSE_DIGIT_TYPO);
    }
    /* kiriage: 7 cells say no, the wrong 3000 says neither */
    CHECK_STR(v->variant[0].value, "no");
    CHECK_EQ(v->variant[0].guess, TENSU_GUESS_LIKELY);
    CHECK_EQ(v->variant[0].agree, 7);
    CHECK_EQ(v->variant[0].neither, 1);
    CHECK_STR(v->variant[1].value, "yakuman");
    CHECK_EQ(v->variant[1].guess, TENSU_GUESS_SURE);
    check_against_report("memorize_mahjong_scores.csv", c, v);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

static void test_josun(void)
{
    tensu_chart *c = read_chart(CHARTS "josun_go_scoremap.csv", TENSU_CHART_AUTO);
    tensu_verdict *v;
    int mult = 0, copied = 0;
    if (c == NULL)
        return;
    v = verify(c);
    CHECK_EQ(v->cells, 974);
    CHECK_EQ(v->errors, 115);
    CHECK_EQ(count_kind(v, TENSU_FINDING_IMPOSSIBLE), 6);
    for (size_t i = 0; i < v->nfindings; i++) {
        const tensu_finding *f = &v->findings[i];
        const tensu_chart_cell *x;
        if (!f->error)
            continue;
        x = tensu_chart_cell_at(c, (size_t)f->cell);
        if (x->han == 65 || x->han == 78) {
            mult += f->cause == TENSU_CAUSE_YAKUMAN_MULTIPLIER;
            CHECK(strstr(f->message, x->han == 65 ? "6x the yakuman value, not 5x"
                                                  : "8x the yakuman value, not 6x") != NULL);
        } else if (x->han == 2 && x->pay == TENSU_CHART_DEALER_TSUMO_EACH) {
            copied += f->cause == TENSU_CAUSE_OTHER_PAYER;
            CHECK(strstr(f->message, "each non-dealer's share") != NULL);
        }
    }
    CHECK_EQ(mult, 110);
    CHECK_EQ(copied, 5);
    CHECK_STR(v->variant[0].value, "no");
    CHECK_STR(v->variant[1].value, "yakuman");
    CHECK_EQ(v->variant[1].agree, 55);
    CHECK_STR(v->variant[2].value, "stack");
    CHECK(strstr(v->variant[2].text, "5x pays 6x, 6x pays 8x") != NULL);
    check_against_report("josun_go_scoremap.csv", c, v);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

/* Our own charts: one per format, each with known faults. */
static void test_own_charts(void)
{
    tensu_chart *c;
    tensu_verdict *v;
    const tensu_finding *f;

    c = read_chart(DATA "tolerant.csv", TENSU_CHART_AUTO);
    if (c != NULL) {
        v = verify(c);
        CHECK_EQ(v->errors, 2);
        f = find_error(v, c, 1, 40, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER);
        CHECK(f != NULL && f->cause == TENSU_CAUSE_ROUNDING && f->found == 300 &&
              f->expected == 400);
        f = find_error(v, c, 2, 40, TENSU_CHART_NONDEALER_RON);
        CHECK(f != NULL && f->cause == TENSU_CAUSE_NEIGHBOUR_FU && f->found == 2000);
        /* "11 600" and "1.500" read as numbers */
        f = find_error(v, c, 4, 30, TENSU_CHART_DEALER_RON);
        CHECK(f == NULL);
        CHECK_EQ(v->variant[0].agree, 4);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    c = read_chart(DATA "kiriage_grid.txt", TENSU_CHART_AUTO);
    if (c != NULL) {
        CHECK_EQ(tensu_chart_format_of(c), TENSU_CHART_GRID);
        v = verify(c);
        CHECK_EQ(v->errors, 0);
        /* 79: the "mangan  5 han" limit row is read (it was once taken for
         * a header of one han column, and its five cells were lost) */
        CHECK_EQ(v->cells, 79);
        CHECK_STR(v->variant[0].value, "yes");
        CHECK_EQ(v->variant[0].guess, TENSU_GUESS_SURE);
        CHECK_EQ(count_kind(v, TENSU_FINDING_IMPOSSIBLE), 0);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    /* a limit table with a han column left empty on its 2x yakuman row
     * (tensu's own card): the row's first amount is its ron, not a han;
     * "12,000)" of a sentence beside the table is not a cell */
    c = read_chart(DATA "limits_han_column.txt", TENSU_CHART_AUTO);
    if (c != NULL) {
        int n = 0;
        v = verify(c);
        CHECK_EQ(v->errors, 0);
        CHECK_EQ(v->cells, 30);
        for (size_t i = 0; i < tensu_chart_count(c); i++) {
            const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
            n += x->limit == TENSU_LIMIT_YAKUMAN && x->yakuman == 2 &&
                 ((x->pay == TENSU_CHART_NONDEALER_RON && x->value == 64000) ||
                  (x->pay == TENSU_CHART_DEALER_RON && x->value == 96000));
        }
        CHECK_EQ(n, 2);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    c = read_chart(DATA "wiki_swapped.txt", TENSU_CHART_AUTO);
    if (c != NULL) {
        CHECK_EQ(tensu_chart_format_of(c), TENSU_CHART_WIKI);
        v = verify(c);
        CHECK_EQ(v->errors, 2);
        f = find_error(v, c, 2, 30, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER);
        CHECK(f != NULL && f->cause == TENSU_CAUSE_OTHER_PAYER && f->line == 5);
        f = find_error(v, c, 2, 30, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER);
        CHECK(f != NULL && f->cause == TENSU_CAUSE_OTHER_PAYER);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    c = read_chart(DATA "latex_small.tex", TENSU_CHART_AUTO);
    if (c != NULL) {
        v = verify(c);
        CHECK_EQ(v->cells, 20);
        CHECK_EQ(v->errors, 1);
        f = find_error(v, c, 2, 40, TENSU_CHART_DEALER_RON);
        CHECK(f != NULL && f->cause == TENSU_CAUSE_ROUNDING && f->expected == 3900);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    c = read_chart(DATA "yakuman.csv", TENSU_CHART_AUTO);
    if (c != NULL) {
        int n = 0;
        v = verify(c);
        CHECK_EQ(v->errors, 5);
        for (size_t i = 0; i < v->nfindings; i++) {
            const tensu_chart_cell *x = tensu_chart_cell_at(c, (size_t)v->findings[i].cell);
            n += x != NULL && x->limit == TENSU_LIMIT_YAKUMAN && x->yakuman == 3 &&
                 v->findings[i].cause == TENSU_CAUSE_YAKUMAN_MULTIPLIER;
        }
        CHECK_EQ(n, 5);
        CHECK_STR(v->variant[2].value, "stack");
        CHECK_EQ(v->variant[2].guess, TENSU_GUESS_LIKELY);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    c = read_chart(DATA "typo.json", TENSU_CHART_AUTO);
    if (c != NULL) {
        CHECK(tensu_chart_rules(c) != NULL && tensu_chart_rules(c)->kiriage);
        v = verify(c);
        CHECK_EQ(v->errors, 1);
        f = find_error(v, c, 2, 40, TENSU_CHART_DEALER_TSUMO_EACH);
        CHECK(f != NULL && f->cause == TENSU_CAUSE_DIGIT_TYPO && f->found == 13000);
        /* reachable:false cells are marked: no warning for them */
        CHECK_EQ(count_kind(v, TENSU_FINDING_IMPOSSIBLE), 0);
        CHECK_STR(v->variant[0].value, "yes");
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
}

/* Unreadable input: TENSU_ERR_INVALID with the line and column. */
static void expect_unreadable(const char *text, tensu_chart_format fmt, int line, int column,
                              const char *words)
{
    tensu_chart *c = (tensu_chart *)1;
    tensu_error err;
    memset(&err, 0, sizeof err);
    CHECK_EQ(tensu_chart_read(text, strlen(text), "t", fmt, &c, &err), TENSU_ERR_INVALID);
    CHECK(c == NULL);
    CHECK_EQ(err.line, line);
    CHECK_EQ(err.column, column);
    CHECK(strstr(err.message, words) != NULL);
    if (strstr(err.message, words) == NULL || err.line != line || err.column != column)
        fprintf(stderr, "  for %s: %d:%d: %s\n", text, err.line, err.column, err.message);
}

/* A cell that cannot be read is an error at its place, and the reading
 * goes on: the chart reads, with a note there, and the verdict has an
 * UNREADABLE error at that line and column (issue 15). */
static void expect_noted(const char *text, tensu_chart_format fmt, int line, int column,
                         const char *words)
{
    tensu_chart *c = NULL;
    tensu_error err;
    const tensu_chart_note *n;
    tensu_verdict *v;
    int found = 0;
    memset(&err, 0, sizeof err);
    CHECK_EQ(tensu_chart_read(text, strlen(text), "t", fmt, &c, &err), TENSU_OK);
    if (c == NULL) {
        fprintf(stderr, "  for %s: refused: %s\n", text, err.message);
        return;
    }
    /* the first error noted (notes of what was inferred may come first) */
    for (size_t i = 0; (n = tensu_chart_note_at(c, i)) != NULL && !n->error; i++)
        ;
    CHECK(n != NULL && n->error && n->line == line && n->column == column &&
          strstr(n->why, words) != NULL);
    if (n == NULL || n->line != line || n->column != column || strstr(n->why, words) == NULL)
        fprintf(stderr, "  for %s: note %d:%d: %s\n", text, n ? n->line : 0, n ? n->column : 0,
                n ? n->why : "none");
    v = verify(c);
    for (size_t i = 0; v && i < v->nfindings; i++)
        found += v->findings[i].kind == TENSU_FINDING_UNREADABLE &&
                 v->findings[i].line == line && v->findings[i].column == column &&
                 v->findings[i].error;
    CHECK_EQ(found, 1);
    CHECK(v != NULL && v->errors >= 1);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

/* The chart reads, its cells of one table whose side no heading says:
 * cells cells read, and a note saying what was inferred, and why. */
static void expect_inferred(const char *text, tensu_chart_format fmt, size_t cells,
                            const char *words)
{
    tensu_chart *c = NULL;
    tensu_error err;
    int found = 0;
    memset(&err, 0, sizeof err);
    CHECK_EQ(tensu_chart_read(text, strlen(text), "t", fmt, &c, &err), TENSU_OK);
    if (c == NULL) {
        fprintf(stderr, "  for %s: refused: %s\n", text, err.message);
        return;
    }
    CHECK_EQ(tensu_chart_count(c), cells);
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        found += tensu_chart_note_at(c, i)->inferred &&
                 strstr(tensu_chart_note_at(c, i)->why, words) != NULL;
    CHECK_EQ(found, 1);
    tensu_chart_free(c);
}

static void test_unreadable(void)
{
    size_t len = 0;
    char *data = load(DATA "unreadable.csv", &len);
    if (data != NULL) {
        expect_noted(data, TENSU_CHART_AUTO, 3, 12, "number of points");
        free(data);
    }
    data = load(DATA "unreadable_grid.txt", &len);
    if (data != NULL) {
        expect_noted(data, TENSU_CHART_AUTO, 4, 37, "non-dealer cell");
        free(data);
    }
    expect_unreadable("fu,ron\n30,1000\n", TENSU_CHART_CSV, 1, 1, "header");
    expect_noted("han,fu,dealer_ron\nfoo,30,1500\n", TENSU_CHART_CSV, 2, 1, "limit name");
    expect_noted("han,fu,dealer_ron\n2,3x,1500\n", TENSU_CHART_CSV, 2, 3, "fu count");
    expect_noted("han,fu,dealer_ron\n2,30,1500,7\n", TENSU_CHART_CSV, 2, 11, "3 fields");
    expect_unreadable("", TENSU_CHART_CSV, 1, 1, "header");
    expect_unreadable("nothing here\n", TENSU_CHART_GRID, 1, 1, "no chart cell");
    expect_noted("Dealer\nfu  1 han\n30  1500 (500/700)\n", TENSU_CHART_GRID, 3, 5,
                      "one tsumo amount");
    /* a template with no block line: whose cells, inferred from them */
    expect_inferred("|2and30ron=2000\n", TENSU_CHART_WIKI, 1, "ron amounts are a non-dealer's");
    expect_noted("# Dealer block\n|2and30ron=29oo\n", TENSU_CHART_WIKI, 2, 14,
                 "number of points");
    expect_noted("30 & 1000 & x1 \\\\\n", TENSU_CHART_LATEX, 1, 13, "non-dealer cell");
}

/* Small edge cases of the readers. */
static void test_readers(void)
{
    const char *csv = "HAN,Fu,Non-dealer ron,Non-dealer tsumo,Dealer ron,Dealer tsumo\n"
                      "3,30,\"3,900\",\"1,000/2,000\",\"5,800\",\"2,000 all\"\n"
                      "4,30,7,700,2000-3900,11,600,3900\n"
                      "double yakuman,,64000,16000/32000,96000,32000\n";
    tensu_chart *c = NULL;
    tensu_error err;
    tensu_verdict *v;
    CHECK_EQ(tensu_chart_detect(csv, strlen(csv)), TENSU_CHART_CSV);
    CHECK_EQ(tensu_chart_read(csv, strlen(csv), "t", TENSU_CHART_AUTO, &c, &err), TENSU_OK);
    if (c != NULL) {
        CHECK_EQ(tensu_chart_count(c), 15);
        CHECK_EQ(tensu_chart_cell_at(c, 0)->value, 3900);
        CHECK_EQ(tensu_chart_cell_at(c, 2)->value, 2000);
        CHECK_EQ(tensu_chart_cell_at(c, 2)->pay, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER);
        CHECK_EQ(tensu_chart_cell_at(c, 5)->value, 7700);
        CHECK_EQ(tensu_chart_cell_at(c, 8)->value, 11600);
        CHECK_EQ(tensu_chart_cell_at(c, 10)->limit, TENSU_LIMIT_YAKUMAN);
        CHECK_EQ(tensu_chart_cell_at(c, 10)->yakuman, 2);
        v = verify(c);
        CHECK_EQ(v->errors, 0);
        CHECK_EQ(v->cells, 15);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    /* a transposed grid: columns of fu, rows of han; Markdown pipes */
    {
        const char *md = "## Dealer\n| han | 30 fu | 40 fu |\n|---|---|---|\n"
                         "| 1 | 1500 (500) | 2000 (700) |\n| 2 | 2900 (1000) | 3900 (1300) |\n";
        CHECK_EQ(tensu_chart_detect(md, strlen(md)), TENSU_CHART_GRID);
        CHECK_EQ(tensu_chart_read(md, strlen(md), "t", TENSU_CHART_AUTO, &c, &err), TENSU_OK);
        if (c != NULL) {
            CHECK_EQ(tensu_chart_count(c), 8);
            CHECK_EQ(tensu_chart_cell_at(c, 2)->han, 1);
            CHECK_EQ(tensu_chart_cell_at(c, 2)->fu, 40);
            CHECK_EQ(tensu_chart_cell_at(c, 2)->value, 2000);
            CHECK_EQ(tensu_chart_cell_at(c, 2)->pay, TENSU_CHART_DEALER_RON);
            v = verify(c);
            CHECK_EQ(v->errors, 0);
            tensu_verdict_free(v);
            tensu_chart_free(c);
        }
    }
    CHECK_EQ(tensu_chart_detect("{\"cells\": []}", 13), TENSU_CHART_JSON);
    CHECK_EQ(tensu_chart_detect("{{T\n|1and30ron=1000\n}}", 22), TENSU_CHART_WIKI);
    CHECK_EQ(tensu_chart_read("{}", 2, "t", TENSU_CHART_JSON, &c, &err), TENSU_ERR_INVALID);
}

/* Tables the engine builds, fed back cell by cell: clean; then one wrong
 * cell and one shifted row, each named. */
static void add_table(tensu_chart *ch, const tensu_table *t, bool all)
{
    for (int i = 0; i < t->nfu; i++)
        for (int h = 1; h <= t->han_max; h++) {
            const tensu_cell *c = &t->cells[i][h - 1];
            for (int p = 0; p < TENSU_CHART_PAYS; p++) {
                tensu_chart_cell x;
                int d = tensu_chart_pay_dealer((tensu_chart_pay)p), ts = tensu_chart_pay_tsumo(
                                                                        (tensu_chart_pay)p);
                const tensu_payment *pay = &c->pay[d][ts];
                memset(&x, 0, sizeof x);
                x.han = h;
                x.fu = c->fu;
                x.pay = (tensu_chart_pay)p;
                x.value = !ts ? pay->ron
                          : p == TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER ? pay->from_dealer
                                                                         : pay->from_non_dealer;
                x.empty = !all && !c->reachable[d][ts];
                tensu_chart_add(ch, &x, NULL);
            }
        }
    for (int l = 0; l < t->nlimits; l++)
        for (int p = 0; p < TENSU_CHART_PAYS; p++) {
            tensu_chart_cell x;
            int d = tensu_chart_pay_dealer((tensu_chart_pay)p), ts = tensu_chart_pay_tsumo(
                                                                    (tensu_chart_pay)p);
            const tensu_payment *pay = &t->limits[l].pay[d][ts];
            memset(&x, 0, sizeof x);
            x.limit = t->limits[l].limit;
            x.yakuman = t->limits[l].yakuman;
            x.pay = (tensu_chart_pay)p;
            x.value = !ts ? pay->ron
                      : p == TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER ? pay->from_dealer
                                                                     : pay->from_non_dealer;
            tensu_chart_add(ch, &x, NULL);
        }
}

static void test_engine_tables(void)
{
    static const char *const presets[] = {"tenhou", "majsoul", "ema2016", "wrc2015",
                                          "tenhou-sanma"};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        tensu_rules r, tenhou;
        tensu_table *t;
        tensu_chart *ch = tensu_chart_new("engine", TENSU_CHART_CSV);
        tensu_verdict *v = NULL;
        tensu_rules_preset(presets[i], &r, NULL);
        tensu_rules_preset("tenhou", &tenhou, NULL);
        t = tensu_table_new(&r, 13, 0, NULL);
        CHECK(t != NULL && ch != NULL);
        if (t == NULL || ch == NULL)
            continue;
        add_table(ch, t, false);
        /* given the rules: clean; inferred from tenhou (4 players): clean too */
        CHECK_EQ(tensu_verify(ch, &r, 0, 0, &v, NULL), TENSU_OK);
        CHECK_EQ(v->errors, 0);
        CHECK_EQ(v->warnings, 0);
        tensu_verdict_free(v);
        if (r.players == 4) {
            CHECK_EQ(tensu_verify(ch, &tenhou, TENSU_INFER_ALL, 0, &v, NULL), TENSU_OK);
            CHECK_EQ(v->errors, 0);
            CHECK_EQ(v->rules.kiriage, r.kiriage);
            CHECK_EQ(v->rules.kazoe, r.kazoe);
            CHECK_EQ(v->variant[0].guess, TENSU_GUESS_SURE);
            CHECK_EQ(v->variant[1].guess, TENSU_GUESS_SURE);
            CHECK_EQ(v->variant[2].guess,
                     r.multiple_yakuman ? TENSU_GUESS_SURE : TENSU_GUESS_UNDECIDED);
            tensu_verdict_free(v);
        }
        tensu_table_free(t);
        tensu_chart_free(ch);
    }
    /* with --all-cells values: warnings only */
    {
        tensu_rules r;
        tensu_table *t;
        tensu_chart *ch = tensu_chart_new("engine", TENSU_CHART_CSV);
        tensu_verdict *v = NULL;
        tensu_rules_preset("tenhou", &r, NULL);
        t = tensu_table_new(&r, 4, 0, NULL);
        if (t != NULL && ch != NULL) {
            add_table(ch, t, true);
            CHECK_EQ(tensu_verify(ch, &r, TENSU_INFER_ALL, 0, &v, NULL), TENSU_OK);
            CHECK_EQ(v->errors, 0);
            /* 20 fu ron x 4 han x 2 + 1/20, 1/25 tsumo x 3 + 2/25 tsumo x 3 + 1/25 ron x 2
             * + 1/110 tsumo x 3 */
            CHECK_EQ(count_kind(v, TENSU_FINDING_IMPOSSIBLE), 8 + 3 + 3 + 2 + 3 + 3);
            tensu_verdict_free(v);
        }
        tensu_table_free(t);
        tensu_chart_free(ch);
    }
}

/* A text chart of tsumo totals with their shares, the dealer's first
 * ("1100 [500-300]", no words say the order): the first amounts are
 * totals (three shares add up to them whichever way they are printed),
 * every cell right. */
static void test_totals_dealer_first(void)
{
    const char *txt = "Non-dealer\n"
                      "fu   1 han              2 han               3 han\n"
                      "30   1100 [500-300]     2000 [1000-500]     4000 [2000-1000]\n"
                      "40   1500 [700-400]     2700 [1300-700]     5200 [2600-1300]\n"
                      "50   1600 [800-400]     3200 [1600-800]     6400 [3200-1600]\n";
    tensu_chart *c;
    tensu_verdict *v;
    int totals = 0;
    c = chart_of_text(txt, "totals", NULL);
    if (c == NULL)
        return;
    for (size_t i = 0; i < tensu_chart_count(c); i++)
        totals += tensu_chart_cell_at(c, i)->pay == TENSU_CHART_NONDEALER_TSUMO_TOTAL;
    CHECK_EQ(totals, 9);
    v = verify(c);
    CHECK_EQ(v->errors, 0);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

/* A photo of a three-player chart whose fu tables were mostly lost: 36
 * rons (alike for three and four players) and the limits' tsumo totals
 * with their shares, under three players.  The totals decide: three
 * players, though the rons are many more (the players' margin is a tenth
 * of the cells that tell, not of all). */
static void test_players_from_few_totals(void)
{
    tensu_rules three;
    tensu_chart *c = tensu_chart_new("sanma", TENSU_CHART_PICTURE);
    tensu_verdict *v;
    static const tensu_limit lim[4] = {TENSU_LIMIT_MANGAN, TENSU_LIMIT_HANEMAN,
                                       TENSU_LIMIT_BAIMAN, TENSU_LIMIT_SANBAIMAN};
    tensu_rules_preset("tenhou-sanma", &three, NULL);
    for (int han = 1; han <= 4; han++)
        for (int fu = 30; fu <= 110; fu += 10) {
            tensu_payment p;
            tensu_chart_cell x;
            memset(&x, 0, sizeof x);
            x.han = han, x.fu = fu, x.pay = TENSU_CHART_NONDEALER_RON;
            if (tensu_pay(&three, han, fu, 0, false, false, 0, 0, &p, NULL) != TENSU_OK)
                continue;
            x.value = p.ron;
            CHECK_EQ(tensu_chart_add(c, &x, NULL), TENSU_OK);
        }
    for (int l = 0; l < 4; l++) {
        tensu_payment p;
        tensu_chart_cell x;
        memset(&x, 0, sizeof x);
        x.limit = lim[l], x.pay = TENSU_CHART_NONDEALER_TSUMO_TOTAL;
        CHECK_EQ(tensu_pay_limit(&three, lim[l], 0, false, true, 0, &p, NULL), TENSU_OK);
        x.value = p.total;
        CHECK_EQ(tensu_chart_add(c, &x, NULL), TENSU_OK);
    }
    CHECK_EQ(tensu_chart_count(c), 40);
    v = verify(c);
    CHECK_EQ(v->rules.players, 3);
    CHECK_EQ(v->errors, 0);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

/* Totals with their shares, three players, honba counters (issue 15): the
 * variants inferred, the cells read whole, the totals in their column. */
static void test_variants(void)
{
    tensu_chart *c;
    tensu_verdict *v;
    tensu_rules r;
    int totals = 0;
    c = read_chart(DATA "sanma_totals.txt", TENSU_CHART_AUTO);
    if (c != NULL) {
        v = verify(c);
        CHECK_EQ(v->cells, 140);
        CHECK_EQ(v->errors, 0);
        CHECK_EQ(v->rules.players, 3);
        CHECK_STR(v->rules.preset, "tenhou-sanma");
        CHECK_STR(v->variant[3].key, "players");
        CHECK_STR(v->variant[3].value, "3");
        CHECK_EQ(v->variant[3].guess, TENSU_GUESS_SURE);
        CHECK_STR(v->variant[4].key, "sanma");
        CHECK_STR(v->variant[4].value, "tsumo-son");
        CHECK_STR(v->variant[5].key, "honba-included");
        CHECK_STR(v->variant[5].value, "0");
        for (size_t i = 0; i < tensu_chart_count(c); i++)
            totals += tensu_chart_cell_at(c, i)->pay == TENSU_CHART_NONDEALER_TSUMO_TOTAL ||
                      tensu_chart_cell_at(c, i)->pay == TENSU_CHART_DEALER_TSUMO_TOTAL;
        CHECK_EQ(totals, 58); /* 56 amounts and the two "-" of 1 han 20 fu */
        /* "800 [500-300]": the dealer's 500, the cells in their printed order */
        for (size_t i = 0; i + 2 < tensu_chart_count(c); i++) {
            const tensu_chart_cell *x = tensu_chart_cell_at(c, i),
                                   *d = tensu_chart_cell_at(c, i + 1),
                                   *nd = tensu_chart_cell_at(c, i + 2);
            if (x->han != 1 || x->fu != 30 || x->pay != TENSU_CHART_NONDEALER_TSUMO_TOTAL)
                continue;
            CHECK_EQ(x->value, 800);
            CHECK_EQ(d->value, 500);
            CHECK_EQ(d->pay, TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER);
            CHECK_EQ(nd->value, 300);
            CHECK_EQ(nd->pay, TENSU_CHART_NONDEALER_TSUMO_FROM_NONDEALER);
            break;
        }
        tensu_verdict_free(v);
        /* as four players: every total is wrong, named as such */
        tensu_rules_preset("tenhou", &r, NULL);
        CHECK_EQ(tensu_verify(c, &r, 0, 0, &v, NULL), TENSU_OK);
        CHECK_EQ(v->errors, 56);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
    c = read_chart(DATA "honba.csv", TENSU_CHART_AUTO);
    if (c != NULL) {
        v = verify(c);
        CHECK_EQ(v->cells, 146);
        CHECK_EQ(v->errors, 0);
        CHECK_EQ(v->honba, 1);
        CHECK_EQ(v->rules.players, 4);
        CHECK_STR(v->variant[5].value, "1");
        CHECK_EQ(v->variant[5].guess, TENSU_GUESS_SURE);
        CHECK(strstr(v->variant[5].text, "every ron +300, every tsumo share +100") != NULL);
        tensu_verdict_free(v);
        tensu_rules_preset("tenhou", &r, NULL);
        CHECK_EQ(tensu_verify(c, &r, 0, 11, &v, NULL), TENSU_ERR_RANGE);
        CHECK_EQ(tensu_verify(c, &r, 0, 0, &v, NULL), TENSU_OK);
        CHECK_EQ(v->errors, 146);
        tensu_verdict_free(v);
        tensu_chart_free(c);
    }
}


/* The notes of a chart read that are errors (cells not read). */
static int note_errors(const tensu_chart *c)
{
    int errors = 0;
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        errors += tensu_chart_note_at(c, i)->error;
    return errors;
}

/* A photo's list (one row per han and fu, the han cell merged over its
 * rows): its keystone moves the fu column left down the page, so a fu
 * stands in the han column ("25"), or beside the merged han's label on
 * its middle row ("4  30"); and a rule's shadow under the table reads as
 * "Le".  Each row is read at its fu, nothing else reported. */
static void test_long_drift(void)
{
    static const struct {
        const char *t;
        double x1, x2;
    } head[] = {{"Han", 0, 40},          {"Fu", 70, 95},         {"Non-dealer", 130, 230},
                {"ron", 236, 266},       {"Non-dealer", 300, 400}, {"tsumo", 406, 460},
                {"Dealer", 500, 560},    {"ron", 566, 596},      {"Dealer", 630, 690},
                {"tsumo", 696, 750}};
    static const struct {
        const char *han, *fu, *ron, *ts, *dron, *dts;
        double fx;
    } row[] = {{NULL, "20", "-", "1300/2600", "-", "2600", 70},
               {NULL, "25", "6400", "1600/3200", "9600", "3200", 40},
               {"4", "30", "7700", "2000/3900", "11600", "3900", 36},
               {NULL, "40", "8000", "2000/4000", "12000", "4000", 30}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        add_word(w, head[i].t, head[i].x1, 0, head[i].x2);
    for (size_t r = 0; r < sizeof row / sizeof row[0]; r++) {
        double y = 40 + 40.0 * (double)r;
        if (row[r].han != NULL)
            add_word(w, row[r].han, 10, y, 22);
        add_word(w, row[r].fu, row[r].fx, y, row[r].fx + 22);
        add_word(w, row[r].ron, 220, y, 266);
        add_word(w, row[r].ts, 370, y, 460);
        add_word(w, row[r].dron, 540, y, 596);
        add_word(w, row[r].dts, 660, y, 700);
        add_word(w, "each", 706, y, 750);
    }
    add_word(w, "Le", 24, 40 + 40.0 * 4, 44);
    c = chart_of_words(w, "photo", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        CHECK_EQ(x->han, 4);
        CHECK(x->fu == 20 || x->fu == 25 || x->fu == 30 || x->fu == 40);
        if (x->fu == 25 && x->pay == TENSU_CHART_NONDEALER_RON)
            CHECK_EQ(x->value, 6400);
        if (x->fu == 30 && x->pay == TENSU_CHART_DEALER_RON)
            CHECK_EQ(x->value, 11600);
    }
    CHECK_EQ(tensu_chart_count(c), 20);
    verify_free(c, 0);
}

/* Two grids side by side on a picture, the second's corner head read
 * unsure and wrong ("fu" as "Btu", white on a dark head): it is still the
 * corner, and the first table's last cells, wider than their head
 * ("2000 (500/1000)"), are the first table's. */
static void test_side_corner(void)
{
    static const struct {
        const char *t;
        double x1, x2, y;
        float conf;
    } word[] = {
        {"Non-dealer", 0, 100, -40, 95}, {"Dealer", 400, 470, -40, 95},
        {"fu", 10, 30, 0, 95},           {"1", 100, 110, 0, 95},  {"han", 114, 144, 0, 95},
        {"2", 200, 210, 0, 95},          {"han", 214, 244, 0, 95}, {"Btu", 380, 440, -4, 49},
        {"1", 500, 510, 0, 95},          {"han", 514, 544, 0, 95}, {"2", 600, 610, 0, 95},
        {"han", 614, 644, 0, 95},        {"30", 10, 30, 40, 95},  {"1000", 100, 150, 40, 95},
        {"(300/500)", 156, 196, 40, 95}, {"2000", 200, 250, 40, 95},
        {"(500/1000)", 256, 340, 40, 95}, {"30", 410, 430, 40, 95}, {"1500", 500, 550, 40, 95},
        {"2900", 600, 650, 40, 95},      {"40", 10, 30, 80, 95},  {"1300", 100, 150, 80, 95},
        {"(400/700)", 156, 196, 80, 95}, {"2600", 200, 250, 80, 95},
        {"(700/1300)", 256, 340, 80, 95}, {"40", 410, 430, 80, 95}, {"2000", 500, 550, 80, 95},
        {"3900", 600, 650, 80, 95}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    int dealer = 0;
    for (size_t i = 0; i < sizeof word / sizeof word[0]; i++)
        add_word_at(w, word[i].t, word[i].x1, word[i].y, word[i].x2, word[i].y + 20,
                    word[i].conf);
    c = chart_of_words(w, "two", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(tensu_chart_count(c), 16);
    for (size_t i = 0; i < tensu_chart_count(c); i++)
        dealer += tensu_chart_cell_at(c, i)->pay == TENSU_CHART_DEALER_RON;
    CHECK_EQ(dealer, 4);
    verify_free(c, 0);
}

/* A photo's grid with two lines of heads: "1 han" read ": à han" (the 1
 * lost, its unit kept) or "4 han" (before "2 han"), what is left of a rule beside the corner between
 * the two lines ("Fu" then a flat "-"), and a mark of the photo's edge far
 * left of the table between two rows: the heads, the corner and the rows
 * all read, nothing else reported. */
static void photo_heads(const char *first, float first_conf);

static void test_photo_heads(void)
{
    photo_heads("\xC3\xA0", 59); /* "à" */
    photo_heads("4", 90);           /* "4 han 2 han": the 1 read as a 4 */
}

static void photo_heads(const char *first, float first_conf)
{
    static const struct {
        const char *t;
        double x1, x2, y1, y2;
        float conf;
    } word[] = {
        {":", 200, 205, 0, 16, 46},      {"à", 210, 216, 0, 16, 59},
        {"han", 220, 250, 0, 16, 97},    {"2", 400, 410, 0, 16, 97},
        {"han", 414, 444, 0, 16, 97},    {"3", 660, 670, 0, 16, 97},
        {"han", 674, 704, 0, 16, 97},    {"Fu", 10, 40, 22, 38, 97},
        {"-", 300, 330, 29, 31, 80},     {"Ron", 120, 170, 44, 60, 96},
        {"Tsumo", 250, 320, 44, 60, 91}, {"Ron", 380, 430, 44, 60, 96},
        {"Tsumo", 480, 560, 44, 60, 91}, {"Ron", 640, 690, 44, 60, 96},
        {"Tsumo", 740, 820, 44, 60, 91}, {"30", 10, 30, 88, 104, 97},
        {"3,900", 640, 690, 88, 104, 96}, {"1,000/2,000", 740, 830, 88, 104, 95},
        {"5,200", 640, 690, 132, 148, 96}, {"1,300/2,600", 740, 830, 132, 148, 95},
        {"1,000", 120, 170, 88, 104, 96}, {"300/500", 250, 320, 88, 104, 95},
        {"2,000", 380, 430, 88, 104, 96}, {"500/1,000", 480, 560, 88, 104, 95},
        {"v", -80, -70, 112, 126, 60},   {"40", 10, 30, 132, 148, 97},
        {"1,300", 120, 170, 132, 148, 96}, {"400/700", 250, 320, 132, 148, 95},
        {"2,600", 380, 430, 132, 148, 96}, {"700/1,300", 480, 560, 132, 148, 95}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    for (size_t i = 0; i < sizeof word / sizeof word[0]; i++)
        if (i != 0 || strcmp(first, "\xC3\xA0") == 0) /* the ':' speck only with the "à" */
            add_word_at(w, i == 1 ? first : word[i].t, word[i].x1, word[i].y1, word[i].x2,
                        word[i].y2, i == 1 ? first_conf : word[i].conf);
    c = chart_of_words(w, "heads", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    CHECK_EQ(tensu_chart_count(c), 18);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        CHECK(x->han >= 1 && x->han <= 3);
        if (x->han == 1 && x->fu == 40 && x->pay == TENSU_CHART_NONDEALER_RON)
            CHECK_EQ(x->value, 1300);
    }
    verify_free(c, 0);
}

/* A photo's Japanese table of limits whose names the OCR could not read
 * (bold kanji on a tint): each row's han under the 翻数 head names its
 * limit ("11 - 12 翻" sanbaiman, "13 翻 以上" the yakuman row; "8~" "1089",
 * its 翻 read as digits, baiman), a row whose han is garbled too
 * ("G~ 7#") is the limit between its neighbours, and the column
 * whose head is garbled ("子ツモ" read "ビエン") is a non-dealer's tsumo by
 * its cells.  The heading "満貫以上" ends the table above it. */
static void test_limits_by_han(void)
{
    static const struct {
        const char *t;
        double x1, x2;
    } head[] = {{"\xE7\xBF\xBB", 100, 115}, {"\xE6\x95\xB0", 117, 132}, /* 翻 数 */
                {"\xE5\xAD\x90", 200, 214}, {"\xE3\x83\xAD\xE3\x83\xB3", 232, 252}, /* 子 ロン */
                {"\xE3\x83\x93\xE3\x82\xA8\xE3\x83\xB3", 330, 370}, /* ビエン */
                {"\xE8\xA6\xAA", 430, 444}, {"\xE3\x83\xAD\xE3\x83\xB3", 462, 482}, /* 親 ロン */
                {"\xE8\xA6\xAA", 560, 574}, {"\xE3\x83\x84\xE3\x83\xA2", 590, 612}}; /* 親 ツモ */
    static const char *const name[] = {"wR", "Beit", "(Bi", "ERA", "iti"};
    static const char *const han[][3] = {{"5", "\xE7\xBF\xBB", ""},
                                         {"G~", "7#", ""},
                                         {"8~", "1089", ""},
                                         {"11 -", "12", "\xE7\xBF\xBB"},
                                         {"13", "\xE7\xBF\xBB", "\xE4\xBB\xA5\xE4\xB8\x8A"}};
    static const char *const amount[][5] = {
        {"8,000", "2,000-4,000", "12,000", "4,000", "all"},
        {"12,000", "3,000-6,000", "18,000", "6,000", "all"},
        {"16,000", "4,000-8,000", "24,000", "8,000", "all"},
        {"24,000", "6,000-12,000", "36,000", "12,000", "all"},
        {"32,000", "8,000-16,000", "48,000", "16,000", "all"}};
    static const double ax[][2] = {{200, 252}, {320, 420}, {430, 482}, {550, 600}, {606, 630}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    int inferred = 0;
    /* the last row of a table above, then the heading */
    add_word_at(w, "110", 10, -90, 40, -74, 95);
    add_word_at(w, "5,300", 200, -90, 250, -74, 95);
    add_word_at(w, "\xE6\xBA\x80\xE8\xB2\xAB", 10, -50, 40, -34, 40); /* 満貫 */
    add_word_at(w, "\xE4\xBB\xA5\xE4\xB8\x8A", 44, -50, 74, -34, 90); /* 以上 */
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        add_word_at(w, head[i].t, head[i].x1, 0, head[i].x2, 16, 90);
    for (int r = 0; r < 5; r++) {
        double y = 30 + 30 * r, x = 100;
        add_word_at(w, name[r], 10, y, 40, y + 16, 50);
        for (int k = 0; k < 3 && han[r][k][0]; k++) {
            double wd = 8.0 * (double)strlen(han[r][k]);
            add_word_at(w, han[r][k], x, y, x + wd, y + 16, 90);
            x += wd + 4;
        }
        for (int k = 0; k < 5; k++)
            add_word_at(w, amount[r][k], ax[k][0], y, ax[k][1], y + 16, 95);
    }
    c = chart_of_words(w, "limits", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    CHECK_EQ(tensu_chart_count(c), 25);
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        inferred += tensu_chart_note_at(c, i)->inferred;
    CHECK_EQ(inferred, 2); /* the column's side, the haneman row */
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        if (x->limit == TENSU_LIMIT_BAIMAN && x->pay == TENSU_CHART_NONDEALER_RON)
            CHECK_EQ(x->value, 16000);
        if (x->limit == TENSU_LIMIT_YAKUMAN && x->pay == TENSU_CHART_DEALER_RON)
            CHECK_EQ(x->value, 48000);
        if (x->limit == TENSU_LIMIT_HANEMAN && x->pay == TENSU_CHART_NONDEALER_TSUMO_FROM_DEALER)
            CHECK_EQ(x->value, 6000);
    }
    verify_free(c, 0);
}

/* A photo's fu label the OCR read as no fu ("10%" for 70符, the 7 read
 * as a 1): its row kept, its fu the one between the rows around it
 * (noted as inferred), not its lines given to the rows beside it. */
static void test_fu_between(void)
{
    static const struct {
        const char *label;
        const char *cell[2];
    } row[] = {{"30", {"1,000", "2,000"}}, {"40", {"1,300", "2,600"}},
               {"50", {"1,600", "3,200"}}, {"60", {"2,000", "3,900"}},
               {"10%", {"2,300", "4,500"}}, {"80", {"2,600", "5,200"}}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    int inferred = 0, found70 = 0;
    add_word_at(w, "Non-dealer", 10, -40, 110, -24, 95);
    add_word_at(w, "ron", 116, -40, 146, -24, 95);
    add_word_at(w, "1", 200, 0, 210, 16, 95);
    add_word_at(w, "han", 214, 0, 244, 16, 95);
    add_word_at(w, "2", 400, 0, 410, 16, 95);
    add_word_at(w, "han", 414, 0, 444, 16, 95);
    for (int r = 0; r < 6; r++) {
        double y = 30 + 30 * r;
        add_word_at(w, row[r].label, 10, y, 10 + 10 * (double)strlen(row[r].label), y + 16, 90);
        add_word_at(w, row[r].cell[0], 190, y, 250, y + 16, 95);
        add_word_at(w, row[r].cell[1], 390, y, 450, y + 16, 95);
    }
    c = chart_of_words(w, "fu", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    CHECK_EQ(tensu_chart_count(c), 12);
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        inferred += tensu_chart_note_at(c, i)->inferred &&
                    strstr(tensu_chart_note_at(c, i)->why, "the one between") != NULL;
    CHECK_EQ(inferred, 1);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        if (x->fu == 70) {
            found70++;
            CHECK_EQ(x->value, x->han == 1 ? 2300 : 4500);
        }
    }
    CHECK_EQ(found70, 2);
    verify_free(c, 0);
}

/* A photo's list (han, fu, then the four payments) whose heads the OCR
 * garbled ("Non-dealer ron" read "Nor d L"): one such column is the one
 * payment no other column gives (inferred, read); two are columns of
 * amounts not read, said so, and the verdict is not clean. */
static void list_heads(int garbled)
{
    static const char *const head[] = {"Nor d L", "Non-dealer tsumo", "Dealer ron",
                                       "Dealer tsumo"};
    static const double hx[][2] = {{200, 300}, {330, 480}, {520, 620}, {650, 780}};
    static const struct {
        int han, fu;
        const char *cell[4];
    } row[] = {{1, 30, {"1,000", "300/500", "1,500", "500 all"}},
               {1, 40, {"1,300", "400/700", "2,000", "700 all"}},
               {1, 50, {"1,600", "400/800", "2,400", "800 all"}},
               {2, 30, {"2,000", "500/1,000", "2,900", "1,000 all"}}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    tensu_verdict *v;
    int inferred = 0, errors = 0;
    add_word_at(w, "Han", 10, 0, 50, 16, 96);
    add_word_at(w, "Fu", 100, 0, 130, 16, 96);
    for (int k = 0; k < 4; k++)
        add_word_at(w, k == 0 || (k == 2 && garbled == 2) ? (k == 0 ? head[0] : "Deal 1") : head[k],
                    hx[k][0], 0, hx[k][1], 16, 90);
    for (int r = 0; r < 4; r++) {
        char h[8], f[8];
        double y = 30 + 30 * r;
        snprintf(h, sizeof h, "%d", row[r].han);
        snprintf(f, sizeof f, "%d", row[r].fu);
        add_word_at(w, h, 20, y, 30, y + 16, 96);
        add_word_at(w, f, 105, y, 125, y + 16, 96);
        for (int k = 0; k < 4; k++)
            add_word_at(w, row[r].cell[k], hx[k][1] - 70, y, hx[k][1], y + 16, 95);
    }
    c = chart_of_words(w, "list", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    for (size_t i = 0; i < tensu_chart_note_count(c); i++) {
        inferred += tensu_chart_note_at(c, i)->inferred &&
                    strstr(tensu_chart_note_at(c, i)->why, "head not read") != NULL;
        errors += tensu_chart_note_at(c, i)->error ? tensu_chart_note_at(c, i)->cells : 0;
    }
    v = verify(c);
    if (garbled == 1) {
        /* ron, tsumo (two shares), ron, tsumo: 5 cells a row */
        CHECK_EQ(tensu_chart_count(c), 20);
        CHECK_EQ(inferred, 1);
        CHECK_EQ(errors, 0);
        CHECK_EQ(v->errors, 0);
        CHECK_EQ(v->unread, 0);
    } else {
        CHECK_EQ(tensu_chart_count(c), 12);
        CHECK_EQ(errors, 8); /* two columns of four amounts */
        CHECK(v->unread >= 8);
    }
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

static void test_list_heads(void)
{
    list_heads(1);
    list_heads(2);
}

/* Limits side by side, a line of ron and a line of tsumo: a limit whose
 * tsumo line is missing is a cell not read, so the verdict is not clean. */
static void test_strip_gap(void)
{
    const char *txt =
        "NON-DEALER\n"
        "fu    1 han            2 han              3 han               4 han\n"
        "30    1000 (300/500)   2000 (500/1000)    3900 (1000/2000)    7700 (2000/3900)\n\n"
        "Mangan 8000      Haneman 12000     Baiman 16000      Sanbaiman 24000     Yakuman 32000\n"
        "       2000/4000         3000/6000         4000/8000           6000/12000\n";
    tensu_chart *c = NULL;
    tensu_error err;
    tensu_verdict *v;
    CHECK_EQ(tensu_chart_read(txt, strlen(txt), "strip", TENSU_CHART_AUTO, &c, &err), TENSU_OK);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 1);
    v = verify(c);
    CHECK_EQ(v->errors, 1);
    CHECK_EQ(v->unread, 1);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}


/* A long table's head as an OCR reads a small bold one: "Dealer ron" as
 * "D", a speck "I" and "ron", "Dealer tsumo" as "D", "1" and "tsumo" (the
 * specks unsure, set higher than the words, "ron" lower as its letters
 * have no ascender): every column named, every cell read. */
static void test_head_in_pieces(void)
{
    static const struct {
        const char *t;
        double x1, y1, x2, y2;
        float conf;
    } head[] = {{"I", 530, 0, 534, 5, 50},          {"1", 660, 0, 664, 5, 49},
                {"Han", 0, 0, 40, 20, 95},          {"Fu", 70, 0, 95, 20, 95},
                {"Non-dealer", 130, 0, 230, 20, 95}, {"ron", 236, 4, 266, 20, 60},
                {"Non-dealer", 300, 0, 400, 20, 95}, {"tsumo", 406, 0, 460, 20, 95},
                {"D", 500, 2, 510, 17, 92},         {"ron", 566, 4, 596, 20, 95},
                {"D", 630, 2, 640, 17, 92},         {"tsumo", 696, 0, 750, 20, 95}};
    static const struct {
        const char *fu, *ron, *ts, *dron, *dts;
    } row[] = {{"30", "1000", "300/500", "1500", "500"}, {"40", "1300", "400/700", "2000", "700"}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        add_word_at(w, head[i].t, head[i].x1, head[i].y1, head[i].x2, head[i].y2, head[i].conf);
    for (size_t r = 0; r < sizeof row / sizeof row[0]; r++) {
        double y = 40 + 40.0 * (double)r;
        add_word(w, "1", 10, y, 22);
        add_word(w, row[r].fu, 70, y, 92);
        add_word(w, row[r].ron, 220, y, 266);
        add_word(w, row[r].ts, 400, y, 460);
        add_word(w, row[r].dron, 550, y, 596);
        add_word(w, row[r].dts, 660, y, 690);
        add_word(w, "each", 696, y, 740);
    }
    c = chart_of_words(w, "pieces", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(tensu_chart_note_count(c), 0); /* not even a head inferred from its cells */
    CHECK_EQ(tensu_chart_count(c), 2 * 5);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        if (x->pay == TENSU_CHART_DEALER_RON)
            CHECK_EQ(x->value, x->fu == 30 ? 1500 : 2000);
        if (x->pay == TENSU_CHART_DEALER_TSUMO_EACH)
            CHECK_EQ(x->value, x->fu == 30 ? 500 : 700);
    }
    verify_free(c, 0);
}

/* A long table whose merged han cell's label the OCR could not read ("L"
 * for 1) beside a row's fu: its run of rows takes the han the run after it
 * gives less one, said as inferred; and a run whose label is read. */
static void test_han_label_lost(void)
{
    static const struct {
        const char *han, *fu, *ron;
    } row[] = {{NULL, "30", "1000"}, {"L", "40", "1300"}, {NULL, "50", "1600"},
               {"2", "30", "2000"},  {NULL, "40", "2600"}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    int inferred = 0;
    add_word(w, "Han", 0, 0, 40), add_word(w, "Fu", 70, 0, 95);
    add_word(w, "Non-dealer", 130, 0, 230), add_word(w, "ron", 236, 0, 266);
    for (size_t r = 0; r < sizeof row / sizeof row[0]; r++) {
        double y = 40 + 40.0 * (double)r;
        if (row[r].han != NULL)
            add_word(w, row[r].han, 10, y, 22);
        add_word(w, row[r].fu, 70, y, 92);
        add_word(w, row[r].ron, 220, y, 266);
    }
    /* a speck at the photo's edge, on a line of its own in a row's band */
    add_word_at(w, "FRA", -300, 40 + 40.0 * 4 - 14, -250, 40 + 40.0 * 4 - 4, 39);
    c = chart_of_words(w, "lost", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    CHECK_EQ(tensu_chart_count(c), 5);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        CHECK_EQ(x->han, x->value < 2000 ? 1 : 2);
    }
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        inferred += tensu_chart_note_at(c, i)->inferred &&
                    strstr(tensu_chart_note_at(c, i)->why, "han label not read: read as 1") != NULL;
    CHECK_EQ(inferred, 1);
    verify_free(c, 0);
}

/* A grid's han heads an OCR misread: "Than" (the 1 glued to its unit, a
 * letter), "a han" after "3 han" (the 4); a speck far left of the corner
 * on a row's line ('"a' at the photo's edge): every cell read where it
 * stands. */
static void test_misread_heads(void)
{
    static const long long want[] = {1000, 2000, 3900, 7700};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c;
    add_word(w, "Non-dealer", 0, -40, 100), add_word(w, "ron", 110, -40, 140);
    add_word(w, "fu", 10, 0, 30);
    add_word_at(w, "Than", 100, 0, 144, 20, 20);
    add_word(w, "2", 200, 0, 210), add_word(w, "han", 214, 0, 244);
    add_word(w, "3", 300, 0, 310), add_word(w, "han", 314, 0, 344);
    add_word_at(w, "a", 400, 0, 410, 20, 50), add_word(w, "han", 414, 0, 444);
    add_word_at(w, "\"a", -300, 40, -280, 60, 60);
    add_word(w, "30", 10, 40, 30);
    for (int k = 0; k < 4; k++) {
        char t[16];
        snprintf(t, sizeof t, "%lld", want[k]);
        add_word(w, t, 100 + 100.0 * k, 40, 144 + 100.0 * k);
    }
    c = chart_of_words(w, "heads", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    CHECK_EQ(tensu_chart_count(c), 4);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        CHECK(x->han >= 1 && x->han <= 4);
        if (x->han >= 1 && x->han <= 4)
            CHECK_EQ(x->value, want[x->han - 1]);
    }
    verify_free(c, 0);
}

/* A photo's dash as tall as the digits beside it, the OCR unsure of it
 * (an amount it made a "-" of): read again, not taken for an empty cell;
 * a line of amounts that lost its bracket ("600)") gets it back. */
static bool reread_left(void *ctx, int page, double x1, double y1, double x2, double y2,
                        char *text, size_t size, float *conf)
{
    (void)ctx, (void)page, (void)y1, (void)x2, (void)y2;
    *conf = 95;
    snprintf(text, size, "1500\n(500)");
    return x1 < 180; /* the first column's cell alone */
}

static void test_tall_dash(void)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_read_options opt = {0, reread_left, NULL};
    tensu_chart *c;
    add_word(w, "Dealer", 0, -40, 60);
    add_word(w, "fu", 10, 0, 30);
    add_word(w, "1", 100, 0, 110), add_word(w, "han", 114, 0, 144);
    add_word(w, "2", 200, 0, 210), add_word(w, "han", 214, 0, 244);
    add_word(w, "30", 10, 40, 30);
    add_word_at(w, "-", 100, 40, 150, 60, 60);
    add_word(w, "2900", 200, 40, 250);
    add_word_at(w, "(500)", 110, 64, 150, 84, 95);
    add_word_at(w, "1000)", 200, 64, 250, 84, 95);
    c = chart_of_words(w, "dash", TENSU_CHART_PICTURE, &opt);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    CHECK_EQ(tensu_chart_count(c), 4);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        CHECK(!x->empty);
        if (x->pay == TENSU_CHART_DEALER_RON)
            CHECK_EQ(x->value, x->han == 1 ? 1500 : 2900);
        if (x->pay == TENSU_CHART_DEALER_TSUMO_EACH)
            CHECK_EQ(x->value, x->han == 1 ? 500 : 1000);
    }
    verify_free(c, 0);
}

/* A share and its "each" set apart by a wide gap ('\t' in a cell's
 * text): one share, each payer's. */
static void test_gap_before_each(void)
{
    static const char *const text[] = {"6000\teach", "500\tall", "700\t\tchacun"};
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
        tensu_cell_text x;
        CHECK_EQ(tensu_cell_parse(text[i], strlen(text[i]), &x), 0);
        CHECK_EQ(x.shares, 1);
        CHECK(x.all);
        CHECK(!x.has_first);
    }
}

/* Limits side by side, a limit's tsumo unreadable ("3000/6O00"): read
 * again from the cell's box, which took in its label's words beside it
 * ("Haneman 12000" over "6-7 han 3000/6000"): the words before the cell's
 * own are dropped, the cell read whole.  Under the strip, a line of prose
 * with a dash between its words is no row of amounts (nor of marks). */
static void test_reread_label_words(void)
{
    const char *txt =
        "NON-DEALER\n"
        "fu    1 han            2 han              3 han               4 han\n"
        "30    1000 (300/500)   2000 (500/1000)    3900 (1000/2000)    7700 (2000/3900)\n\n"
        "Mangan 8000      Haneman 12000     Baiman 16000      Sanbaiman 24000     Yakuman 32000\n"
        "       2000/4000         3000/6O00         4000/8000           6000/12000      "
        "8000/16000\n\n"
        "                 tensu - Tenhou rules\n";
    tensu_read_options opt = {0, reread_as, (void *)"Haneman 12000\n6-7 han 3000/6000"};
    tensu_chart *c = NULL;
    tensu_verdict *v;
    c = chart_of_text(txt, "strip", &opt);
    if (c == NULL)
        return;
    CHECK_EQ(note_errors(c), 0);
    CHECK_EQ(tensu_chart_note_count(c), 0);
    CHECK_EQ(tensu_chart_count(c), 12 + 15);
    v = verify(c);
    CHECK_EQ(v->errors, 0);
    CHECK_EQ(v->unread, 0);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

/* A limit's cell with its han written after it, "à" as it may be written
 * or read: the amounts alone are the cell; a range that runs backwards is
 * no han. */
static void test_han_notes(void)
{
    static const struct {
        const char *text;
        size_t bad;
        long long first, share0, share1;
    } cell[] = {
        {"3000 / 6000 (6 \xC3\xA0 7 han)", 0, -1, 3000, 6000},
        {"3000 / 6000 (6 a 7 han)", 0, -1, 3000, 6000},
        {"3000 / 6000 (6 a7 han)", 0, -1, 3000, 6000},
        {"12000 (3000/6000) (6-7 han)", 0, 12000, 3000, 6000},
        {"3000 / 6000 (7 a 6 han)", 1, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cell / sizeof cell[0]; i++) {
        tensu_cell_text c;
        size_t bad = tensu_cell_parse(cell[i].text, strlen(cell[i].text), &c);
        CHECK_EQ(bad != 0, cell[i].bad != 0);
        if (bad != 0 || cell[i].bad != 0)
            continue;
        CHECK_EQ(c.has_first, cell[i].first >= 0);
        if (cell[i].first >= 0)
            CHECK_EQ(c.first.value, cell[i].first);
        CHECK_EQ(c.shares, 2);
        CHECK_EQ(c.share[0].value, cell[i].share0);
        CHECK_EQ(c.share[1].value, cell[i].share1);
    }
}

/* A limits table's han ranges with the OCR's 翻 misread: as signs
 * ("6—7#)"), a kanji ("6 - 7 番") or digits of the end ("8~ 1083" is
 * 8 to 10); not a tsumo's shares ("400-700"), nor a range and an amount
 * ("6-7 12"). */
static void test_han_misread(void)
{
    static const struct {
        const char *text;
        bool ok;
        int first, last;
    } label[] = {{"8~ 1083", true, 8, 10},
                 {"6\xE2\x80\x94" "7#)", true, 6, 7},
                 {"6 - 7 \xE7\x95\xAA", true, 6, 7},
                 {"11~ 1283", true, 11, 12},
                 {"8~10\xE7\xBF\xBB", true, 8, 10},
                 {"400-700", false, 0, 0},
                 {"6-7 12", false, 0, 0},
                 {"6-7 abc", false, 0, 0}};
    for (size_t i = 0; i < sizeof label / sizeof label[0]; i++) {
        tensu_label l;
        bool ok = tensu_label_parse(label[i].text, strlen(label[i].text), &l);
        CHECK_EQ(ok && l.kind == TENSU_LABEL_HAN_RANGE, label[i].ok);
        if (ok && label[i].ok) {
            CHECK_EQ(l.value, label[i].first);
            CHECK_EQ(l.last, label[i].last);
        }
    }
}

/* A picture's fu row whose line of amounts stands as many cells apart as
 * the columns ("10" and "600" of a bold "10 600" set wide, "12000",
 * "12000"), its first cell a dash set lower, on a line of its own: the
 * dash is the 1 han cell, "10" and "600" the 2 han cell's (not "10" the
 * 1 han's: a wrong cell).  Read so, two amounts where a ron is one, the
 * 2 han cell is noted as not read. */
static void test_dash_beside(void)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    tensu_verdict *v;
    static const char *const heads[] = {"1", "2", "3", "4"};
    add_word(w, "Dealer", 0, -40, 70), add_word(w, "ron", 80, -40, 110);
    add_word(w, "fu", 10, 0, 30);
    for (int i = 0; i < 4; i++)
        add_word(w, heads[i], 100 + 100 * i, 0, 110 + 100 * i),
            add_word(w, "han", 114 + 100 * i, 0, 144 + 100 * i);
    add_word(w, "30", 10, 40, 30);
    add_word(w, "1500", 100, 40, 140), add_word(w, "2900", 200, 40, 240);
    add_word(w, "5800", 300, 40, 340), add_word(w, "11600", 395, 40, 445);
    add_word(w, "110", 10, 80, 40);
    add_word_at(w, "-", 110, 94, 130, 110, 80);
    add_word(w, "10", 185, 80, 205), add_word(w, "600", 222, 80, 252);
    add_word(w, "12000", 295, 80, 345), add_word(w, "12000", 395, 80, 445);
    c = chart_of_words(w, "dash", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(tensu_chart_count(c), 7);
    CHECK_EQ(note_errors(c), 1);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        if (x->fu == 110)
            CHECK(x->han == 1 ? x->empty : x->han >= 3 && x->value == 12000);
    }
    v = verify(c);
    CHECK_EQ(v->errors, 1);
    CHECK_EQ(v->unread, 1);
    CHECK_EQ(count_kind(v, TENSU_FINDING_WRONG), 0);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

/* A photo's dealer table (the words as the OCR gave them, "1翻" read
 * "18"), its "30符" read as "30" and a "符" set lower on a line of its
 * own: the unit is the label's, the rows under it (40 fu) still the
 * table's. */
static void test_unit_alone(void)
{
    static const struct {
        const char *t;
        double x1, y1, x2, y2;
        float conf;
    } word[] = {
        {"\xE3\x81\xAE", 260, 0, 303, 63, 93},
        {"\xE8\xA6\xAA", 207, 4, 387, 46, 86},
        {"\xE7\x82\xB9\xE6\x95\xB0", 302, 4, 387, 46, 90},
        {"\xE7\xBF\xBB", 923, 115, 949, 166, 84},
        {"\xE7\xBF\xBB", 1141, 115, 1171, 166, 56},
        {"18", 454, 119, 507, 151, 74},
        {"3", 893, 119, 948, 152, 93},
        {"4", 1111, 119, 1168, 152, 93},
        {"2", 673, 120, 728, 151, 93},
        {"\xE7\xBF\xBB", 701, 120, 731, 150, 85},
        {"20", 252, 185, 329, 217, 89},
        {"\xE7\xAC\xA6", 297, 186, 330, 216, 79},
        {"all", 698, 187, 774, 226, 90},
        {"x", 470, 190, 491, 211, 85},
        {"700", 631, 191, 771, 215, 92},
        {"1300", 843, 191, 1001, 215, 92},
        {"2600", 1061, 192, 1220, 215, 92},
        {"all", 1148, 194, 1222, 214, 90},
        {"all", 930, 195, 1005, 214, 90},
        {"4800", 876, 253, 966, 282, 92},
        {"9600", 1096, 253, 1185, 282, 92},
        {"25%", 252, 269, 330, 301, 72},
        {"2400", 658, 271, 746, 299, 97},
        {"x", 471, 274, 492, 295, 85},
        {"all", 930, 289, 1005, 328, 90},
        {"1600", 843, 293, 1001, 317, 92},
        {"3200", 1062, 293, 1220, 317, 92},
        {"all", 1152, 296, 1224, 316, 90},
        {"1500", 440, 355, 526, 382, 89},
        {"2900", 659, 355, 746, 383, 88},
        {"5800", 879, 355, 966, 383, 92},
        {"11600", 1088, 355, 1196, 384, 90},
        {"30", 254, 370, 331, 402, 93},
        {"\xE7\xAC\xA6", 299, 371, 332, 401, 87},
        {"all", 479, 391, 557, 428, 90},
        {"all", 709, 391, 786, 429, 90},
        {"all", 930, 391, 1004, 429, 90},
        {"500", 413, 395, 553, 417, 90},
        {"1000", 625, 395, 782, 418, 91},
        {"2000", 843, 395, 1002, 418, 92},
        {"3900", 1062, 395, 1220, 418, 90},
        {"all", 1152, 397, 1224, 417, 90},
        {"2000", 440, 456, 527, 484, 90},
        {"3900", 660, 456, 747, 484, 97},
        {"7700", 879, 456, 967, 485, 97},
        {"12000", 1089, 456, 1197, 485, 97},
        {"40%", 254, 471, 333, 503, 8},
        {"all", 479, 492, 556, 530, 90},
        {"700", 414, 496, 553, 519, 93},
        {"1300", 626, 496, 783, 519, 91},
        {"2600", 843, 496, 1002, 519, 91},
        {"4000", 1061, 496, 1221, 519, 91},
        {"all", 930, 499, 1004, 518, 90},
        {"all", 1151, 499, 1225, 516, 90},
        {"all", 713, 500, 787, 517, 90},
    };
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    static const int64_t ron[5] = {0, 2000, 3900, 7700, 12000}; /* 40 fu, by han */
    int forty = 0;
    for (size_t i = 0; i < sizeof word / sizeof word[0]; i++)
        add_word_at(w, word[i].t, word[i].x1, word[i].y1, word[i].x2, word[i].y2, word[i].conf);
    c = chart_of_words(w, "unit", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        if (x->fu == 40 && x->pay == TENSU_CHART_DEALER_RON) {
            forty++;
            CHECK(x->han >= 1 && x->han <= 4);
            CHECK_EQ(x->value, ron[x->han >= 1 && x->han <= 4 ? x->han : 0]);
        }
    }
    CHECK_EQ(forty, 4);
    CHECK_EQ(note_errors(c), 0);
    tensu_chart_free(c);
}

/* A limits table whose first head lost its "Non-" ("Dealer ron" twice, no
 * non-dealer's ron): the column whose amounts are the non-dealer's rons
 * is the non-dealer's (noted as inferred), no five false errors. */
static void test_ron_read_twice(void)
{
    const char *txt =
        "Limit       Han     Dealer ron   Non-dealer tsumo   Dealer ron   Dealer tsumo\n"
        "Mangan      5       8000         2000/4000          12000        4000 all\n"
        "Haneman     6-7     12000        3000/6000          18000        6000 all\n"
        "Baiman      8-10    16000        4000/8000          24000        8000 all\n"
        "Sanbaiman   11-12   24000        6000/12000         36000        12000 all\n"
        "Yakuman     13+     32000        8000/16000         48000        16000 all\n";
    tensu_chart *c = NULL;
    int inferred = 0, nd = 0;
    c = chart_of_text(txt, "twice", NULL);
    if (c == NULL)
        return;
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        inferred += tensu_chart_note_at(c, i)->inferred;
    for (size_t i = 0; i < tensu_chart_count(c); i++)
        nd += tensu_chart_cell_at(c, i)->pay == TENSU_CHART_NONDEALER_RON;
    CHECK_EQ(inferred, 1);
    CHECK_EQ(nd, 5);
    CHECK_EQ(tensu_chart_count(c), 5 * 5);
    verify_free(c, 0);
}



/* The OCR's readings mended as text: オール after an amount read as signs,
 * a letter or a digit; letters among digits; specks. */
static void test_ocr_text(void)
{
    static const struct {
        const char *in, *out;
    } all[] = {{"4, 000A all", "4, 000  all"},   {"1, 6004 \xE2\x80\x94JL", "1, 600 all"},
               {"2,000 \xE3\x82\xAA \xE3\x83\xBC \xE3\x83\xAB", "2,000 all"},
               {"12, 0007 all", "12, 000  all"}, {"2, 309 all", "2, 300 all"},
               {"4,000%# all", "4,000   all"},   {"A all", "A all"},
               {"Ace all", "Ace all"},           {"2,.000", "2,000"}};
    static const struct {
        const char *in, *out;
    } word[] = {{"1O00", "1000"}, {"Lhan", "1han"}, {"16,000.", "16,000"}, {"aIl", "all"},
                {"\xE3\x83\xBC\xE3\x83\xBC", "-"}, {"{500}", "(500)"}, {"_16,000", "16,000"}};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        char t[64];
        snprintf(t, sizeof t, "%s", all[i].in);
        ocr_fix_all(t);
        CHECK_STR(t, all[i].out);
    }
    for (size_t i = 0; i < sizeof word / sizeof word[0]; i++) {
        char t[64];
        ocr_tidy(word[i].in, t, sizeof t);
        CHECK_STR(t, word[i].out);
    }
}

/* A photo's table whose 翻 the OCR read as a digit in every head ("18 28
 * 38 48") and whose 25符 it read "254": heads of 1 to 4 han, a 25 fu row;
 * every cell at its place, none wrong. */
static void test_unit_as_digit(void)
{
    static const struct {
        const char *t;
        double x1, y1, x2;
    } word[] = {
        {"Non-dealer", 0, 60, 100}, {"ron", 110, 60, 140},
        {"18", 100, 100, 130},      {"28", 200, 100, 230},   {"38", 300, 100, 330},
        {"48", 400, 100, 430},      {"254", 10, 140, 50},    {"x", 110, 140, 120},
        {"1600", 190, 140, 240},    {"3200", 290, 140, 340}, {"6400", 390, 140, 440},
        {"30", 10, 180, 40},        {"1000", 90, 180, 140},  {"2000", 190, 180, 240},
        {"3900", 290, 180, 340},    {"7700", 390, 180, 440},
    };
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    tensu_verdict *v;
    int at = 0;
    for (size_t i = 0; i < sizeof word / sizeof word[0]; i++)
        add_word_at(w, word[i].t, word[i].x1, word[i].y1, word[i].x2, word[i].y1 + 20, 80);
    c = chart_of_words(w, "unit", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    CHECK_EQ(tensu_chart_count(c), 8);
    for (size_t i = 0; i < tensu_chart_count(c); i++) {
        const tensu_chart_cell *x = tensu_chart_cell_at(c, i);
        if (x->value == 1600)
            at += x->han == 2 && x->fu == 25;
        if (x->value == 7700)
            at += x->han == 4 && x->fu == 30;
    }
    CHECK_EQ(at, 2);
    v = verify(c);
    CHECK_EQ(v->errors, 0);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

/* A photo's limits header whose dealer heads the OCR read in pieces ("r
 * ron", "D  ur tsumo"): those columns kept (a side's initial set apart is
 * its head's), read by their cells, each noted as inferred; every cell of
 * the five limits read, none wrong. */
static void test_limits_heads_in_pieces(void)
{
    static const char *const name[5] = {"Mangan", "Haneman", "Baiman", "Sanbaiman", "Yakuman"};
    static const char *const han[5] = {"5", "6-7", "8-10", "11-12", "13+"};
    static const char *const nd[5][2] = {{"8000", "2000/4000"},   {"12000", "3000/6000"},
                                         {"16000", "4000/8000"},  {"24000", "6000/12000"},
                                         {"32000", "8000/16000"}};
    static const char *const d[5][2] = {{"12000", "4000"},  {"18000", "6000"},
                                        {"24000", "8000"},  {"36000", "12000"},
                                        {"48000", "16000"}};
    static const struct {
        const char *t;
        double x1, x2;
    } head[] = {{"Limit", 10, 60},       {"Han", 100, 140},     {"Non-dealer", 180, 280},
                {"ron", 285, 315},       {"Non-dealer", 380, 480}, {"tsumo", 485, 535},
                {"r", 612, 618},         {"ron", 622, 652},     {"D", 730, 740},
                {"ur", 790, 810},        {"tsumo", 815, 865}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    tensu_verdict *v;
    int inferred = 0;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        add_word_at(w, head[i].t, head[i].x1, 100, head[i].x2, 120, 85);
    for (int r = 0; r < 5; r++) {
        double y = 140 + 40 * r;
        add_word_at(w, name[r], 10, y, 90, y + 20, 90);
        add_word_at(w, han[r], 100, y, 140, y + 20, 90);
        add_word_at(w, nd[r][0], 200, y, 260, y + 20, 90);
        add_word_at(w, nd[r][1], 390, y, 500, y + 20, 90);
        add_word_at(w, d[r][0], 600, y, 660, y + 20, 90);
        add_word_at(w, d[r][1], 760, y, 810, y + 20, 90);
        add_word_at(w, "all", 820, y, 850, y + 20, 90);
    }
    c = chart_of_words(w, "pieces", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        inferred += tensu_chart_note_at(c, i)->inferred;
    CHECK_EQ(tensu_chart_count(c), 5 * 5);
    CHECK_EQ(inferred, 2);
    v = verify(c);
    CHECK_EQ(v->errors, 0);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}





/* A photo's 110 fu label read "120": the rons of its row are 110 fu's
 * (1 han 3600, 2 han 7100; the limits both's): the row is 110 fu's, noted
 * as inferred, nothing wrong.  The same row labelled 100 stays 100 (its
 * rons fit no fu next to it better than 100's do: 3200 and 6400 are). */
static void test_fu_label_from_cells(void)
{
    static const char *const row[2][5] = {{"100", "3200", "6400", "8000", "8000"},
                                          {"120", "3600", "7100", "8000", "8000"}};
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    tensu_chart *c = NULL;
    tensu_verdict *v;
    int inferred = 0, at110 = 0;
    add_word_at(w, "Non-dealer", 0, -40, 100, -20, 90);
    add_word_at(w, "ron", 110, -40, 140, -20, 90);
    add_word_at(w, "fu", 10, 0, 30, 20, 90);
    for (int h = 0; h < 4; h++) {
        static const char *const n[4] = {"1", "2", "3", "4"};
        add_word_at(w, n[h], 100 + 100 * h, 0, 110 + 100 * h, 20, 90);
        add_word_at(w, "han", 114 + 100 * h, 0, 144 + 100 * h, 20, 90);
    }
    for (int r = 0; r < 2; r++) {
        add_word_at(w, row[r][0], 10, 40 + 40 * r, 40, 60 + 40 * r, 85);
        for (int h = 0; h < 4; h++)
            add_word_at(w, row[r][h + 1], 100 + 100 * h, 40 + 40 * r, 150 + 100 * h,
                        60 + 40 * r, 90);
    }
    c = chart_of_words(w, "fu-label", TENSU_CHART_PICTURE, NULL);
    if (c == NULL)
        return;
    for (size_t i = 0; i < tensu_chart_note_count(c); i++)
        inferred += tensu_chart_note_at(c, i)->inferred;
    for (size_t i = 0; i < tensu_chart_count(c); i++)
        at110 += tensu_chart_cell_at(c, i)->fu == 110;
    CHECK_EQ(tensu_chart_count(c), 8);
    CHECK_EQ(at110, 4);
    CHECK_EQ(inferred, 1);
    v = verify(c);
    CHECK_EQ(v->errors, 0);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}


/* The reread of a lost line: the text given only where that line stands
 * on the page (the ron over "700/1300" in lost_ron's table, x 195..260,
 * y 100..120; turned: a tent card's far face, its place turned about the
 * middle of the 400 x 400 page), else nothing. */
typedef struct lost_line {
    const char *text;
    bool turned;
} lost_line;

static bool reread_lost(void *ctx, int page, double x1, double y1, double x2, double y2,
                        char *text, size_t size, float *conf)
{
    const lost_line *l = ctx;
    double cx = (x1 + x2) / 2, cy = (y1 + y2) / 2;
    (void)page;
    if (l->turned)
        cx = 400 - cx, cy = 400 - cy;
    snprintf(text, size, "%s", cx > 195 && cx < 260 && cy > 95 && cy < 122 ? l->text : "");
    *conf = 95;
    return true;
}

/* A word of lost_ron's table, at its place in the table, printed upside
 * down on the page when turned. */
static void lost_word(tensu_words *w, bool turned, const char *text, double x1, double y1,
                      double x2, double y2)
{
    tensu_word word;
    tensu_error err;
    memset(&word, 0, sizeof word);
    word.text = text;
    word.x1 = turned ? 400 - x2 : x1, word.x2 = turned ? 400 - x1 : x2;
    word.y1 = turned ? 400 - y2 : y1, word.y2 = turned ? 400 - y1 : y2;
    word.conf = 95;
    word.flags = turned ? TENSU_WORD_TURNED : 0;
    CHECK_EQ(tensu_words_add(w, &word, &err), TENSU_OK);
}

/* A picture's cell whose ron the OCR lost ("2600" over "700/1300" read
 * as the tsumo alone) where the cells beside it give theirs: its ron's
 * line read again where it stands (here as "2600": the cell whole, the
 * verdict clean); read as nothing, noted as not read (never the tsumo
 * alone, in silence).  The same on a tent card's far face. */
static void lost_ron(const char *again, bool turned, int cells, int notes)
{
    tensu_words *w = tensu_words_new(TENSU_PLACES_PICTURE);
    lost_line l = {again, turned};
    tensu_read_options opt = {0, reread_lost, &l};
    tensu_chart *c = NULL;
    tensu_error err;
    tensu_verdict *v;
    static const struct {
        const char *text;
        double x1, y1, x2, y2;
    } words[] = {
        {"Non-dealer", 0, 40, 100, 60},
        {"fu", 10, 80, 30, 100},
        {"1", 100, 80, 110, 100}, {"han", 114, 80, 144, 100},
        {"2", 200, 80, 210, 100}, {"han", 214, 80, 244, 100},
        {"30", 10, 130, 30, 150},
        {"1000", 100, 120, 150, 136}, {"2000", 200, 120, 250, 136},
        {"300/500", 95, 140, 155, 154}, {"500/1000", 195, 140, 260, 154},
        {"40", 10, 190, 30, 210},
        {"1300", 100, 180, 150, 196},
        {"400/700", 95, 200, 155, 214}, {"700/1300", 195, 200, 260, 214},
    };
    CHECK_EQ(tensu_words_page_size(w, 0, 400, 400, &err), TENSU_OK);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        lost_word(w, turned, words[i].text, words[i].x1, words[i].y1 - 80, words[i].x2,
                  words[i].y2 - 80);
    c = chart_of_words(w, "lost", TENSU_CHART_PICTURE, &opt);
    if (c == NULL)
        return;
    CHECK_EQ(tensu_chart_count(c), (size_t)cells);
    CHECK_EQ(note_errors(c), notes);
    v = verify(c);
    CHECK_EQ(v->errors, notes); /* a cell not read: an error */
    CHECK_EQ(v->unread, notes);
    tensu_verdict_free(v);
    tensu_chart_free(c);
}

static void test_lost_ron(void)
{
    lost_ron("2600", false, 12, 0);
    lost_ron("", false, 11, 1);
    lost_ron("2600", true, 12, 0);
    lost_ron("", true, 11, 1);
}

int main(void)
{
    test_riichibook1();
    test_riichiwiki();
    test_reachy();
    test_memorize();
    test_josun();
    test_own_charts();
    test_unreadable();
    test_readers();
    test_long_drift();
    test_side_corner();
    test_photo_heads();
    test_limits_by_han();
    test_list_heads();
    test_fu_between();
    test_strip_gap();
    test_reread_label_words();
    test_head_in_pieces();
    test_han_label_lost();
    test_tall_dash();
    test_gap_before_each();
    test_misread_heads();
    test_han_notes();
    test_han_misread();
    test_dash_beside();
    test_unit_alone();
    test_unit_as_digit();
    test_limits_heads_in_pieces();
    test_fu_label_from_cells();
    test_ron_read_twice();
    test_ocr_text();
    test_lost_ron();
    test_engine_tables();
    test_variants();
    test_players_from_few_totals();
    test_totals_dealer_first();
    return harness_report("test_verify");
}
