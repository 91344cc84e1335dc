/* tensu verify: read a published chart, check every cell against the
 * payment engine, name the rule variant it follows. */
#include "cli.h"
#include "say.h"
#include "verify_annotate.h"

#include "../read/doc.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

enum { R_TEXT, R_JSON }; /* --report */

static void help(void)
{
    printf("usage: tensu verify FILE [--format auto|csv|grid|json|wiki|latex|html|pdf|picture]\n"
           "                    [--pages FIRST-LAST] [--rules NAME|FILE]\n"
           "                    [--set KEY=VALUE]... [--honba N] [--report text|json]\n"
           "                    [--lang en|fr] [--annotate OUT.pdf|OUT.svg [--paper a4|letter]]\n\n"
           "Checks every cell of a published point chart against the payment engine and\n"
           "names each wrong cell with the likely cause.  Without --rules, the kiriage,\n"
           "13-han and multiple-yakuman rules, and four or three players (and the\n"
           "three-player tsumo) are inferred from the chart's cells; honba counters\n"
           "included in every amount are inferred unless --honba N gives them.\n"
           "FILE '-' reads standard input.  Exit status: 0 clean (every cell read and right;\n"
           "warnings allowed), 1 wrong cells found, 2 unreadable input, 3 incomplete (some\n"
           "cells the chart prints were not read, none read is wrong).\n"
           "--lang fr says the report in French (the JSON report stays English).\n"
           "--annotate writes the chart redrawn as a sheet: each wrong value white on\n"
           "black with the expected value and the likely cause beneath it (PDF or SVG by\n"
           "the extension; an SVG is one page: OUT-1.svg, OUT-2.svg ... when there are\n"
           "several; written whatever the verdict, exit status 2 if it cannot be).\n"
           "A web page (html) and a PDF are read by their tables: a PDF's text with its\n"
           "positions, rebuilt into lines and cells, every table of every page (--pages\n"
           "to look at some); findings then name FILE:page N.\n"
           "A picture (PNG or JPEG: a screenshot, a scan, a photograph taken square on)\n"
           "is read by OCR (tesseract), its words rebuilt into lines and cells; a word\n"
           "the OCR is not sure of (confidence under %d of 100) leaves its cell\n"
           "unreadable, never guessed; findings then name FILE:row R (x=X, y=Y), in the\n"
           "picture's pixels.\n",
           DOC_PICTURE_MIN_CONFIDENCE);
}

/* The whole file (or stdin) in memory. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (f == NULL)
        return NULL;
    for (;;) {
        size_t got;
        if (n == cap) {
            char *p;
            cap = cap ? cap * 2 : 65536;
            if (cap > ((size_t)64 << 20)) {
                errno = EFBIG;
                break;
            }
            p = realloc(buf, cap + 1);
            if (p == NULL)
                break;
            buf = p;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                break;
            if (f != stdin)
                fclose(f);
            buf[n] = '\0';
            *len = n;
            return buf;
        }
    }
    if (f != stdin)
        fclose(f);
    free(buf);
    return NULL;
}

static bool is_opt(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static void rules_line(const tensu_verdict *verdict, char *en, size_t size)
{
    static const char *const shown[] = {"kiriage", "kazoe", "multiple-yakuman", "players",
                                        "sanma", "double-wind-fu", "open-pinfu", "pinfu-tsumo"};
    const tensu_rules *r = &verdict->rules;
    size_t len = r->club[0] ? (size_t)snprintf(en, size, "the rules of %s (club rules on %s):",
                                                 r->club, r->preset)
                            : (size_t)snprintf(en, size, "rules %s:", r->preset);
    for (size_t i = 0; i < sizeof shown / sizeof shown[0] && len < size; i++) {
        char v[32];
        if (strcmp(shown[i], "sanma") == 0 && r->players != 3)
            continue;
        tensu_rules_get(r, shown[i], v, sizeof v);
        len += (size_t)snprintf(en + len, size - len, " %s=%s", shown[i], v);
    }
    if (verdict->honba > 0 && len < size)
        snprintf(en + len, size - len, ", %d honba included", verdict->honba);
}

/* How the chart names its places (text lines, a spreadsheet's cells,
 * pages, a picture's pixels). */
static tensu_places places;

/* A spreadsheet's column letters: 1 A, 26 Z, 27 AA. */
static void column_letters(int col, char *buf, size_t size)
{
    char rev[8];
    int n = 0;
    while (col > 0 && n < 7) {
        rev[n++] = (char)('A' + (col - 1) % 26);
        col = (col - 1) / 26;
    }
    for (int i = 0; i < n && (size_t)i + 1 < size; i++)
        buf[i] = rev[n - 1 - i];
    buf[n < (int)size ? n : (int)size - 1] = '\0';
}

/* Where a finding is, as a person finds it: a text's line and column, a
 * spreadsheet's cell, a page's table, row and column, a picture's table,
 * row and column and pixels.  True when it ends in words ("cell D33"), not
 * in a line and column. */
static bool position(const char *file, int line, int column, int table, const tensu_place *pl,
                     const char *lang, char *buf, size_t size)
{
    char cell[96] = "", en[64], page[32], fr[96];
    if (table > 0 && pl->row > 0 && pl->col > 0)
        snprintf(en, sizeof en, "table %d, row %d, column %d", table, pl->row, pl->col);
    else if (table > 0)
        snprintf(en, sizeof en, "table %d", table);
    else
        en[0] = '\0';
    snprintf(cell, sizeof cell, "%s", say(lang, en, fr, sizeof fr));
    switch (places) {
    case TENSU_PLACES_CSV:
        if (pl->row > 0 && pl->col > 0) {
            char letters[8];
            column_letters(pl->col, letters, sizeof letters);
            snprintf(en, sizeof en, "cell %s%d", letters, pl->row);
            snprintf(buf, size, "%s:%d:%d: %s", file, line, column, say(lang, en, fr, sizeof fr));
            return true;
        }
        break;
    case TENSU_PLACES_PAGES:
        if (pl->page > 0) {
            snprintf(en, sizeof en, "page %d", pl->page);
            snprintf(page, sizeof page, "%s", say(lang, en, fr, sizeof fr));
            snprintf(buf, size, "%s: %s%s%s", file, page, cell[0] ? ", " : "", cell);
            return true;
        }
        break;
    case TENSU_PLACES_PICTURE:
        if (cell[0] && (pl->x2 > pl->x1)) {
            snprintf(buf, size, "%s: %s (x=%d, y=%d)", file, cell, (int)pl->x1, (int)pl->y1);
            return true;
        }
        if (pl->x2 > pl->x1) {
            snprintf(buf, size, "%s: x=%d, y=%d", file, (int)pl->x1, (int)pl->y1);
            return true;
        }
        snprintf(buf, size, "%s", file);
        return false;
    case TENSU_PLACES_LINES:
        if (line > 0) {
            snprintf(buf, size, "%s:%d%s%s%s", file, line, cell[0] ? " (" : "", cell,
                     cell[0] ? ")" : "");
            return cell[0] != '\0';
        }
        break;
    default:
        break;
    }
    if (line > 0 && column > 0)
        snprintf(buf, size, "%s:%d:%d", file, line, column);
    else if (line > 0)
        snprintf(buf, size, "%s:%d", file, line);
    else
        snprintf(buf, size, "%s", file);
    return false;
}

/* The format named in the report when it is not the chart's own ("html",
 * "pdf": a document read into grid text). */
static const char *shown_format;

/* Whose payments a table gives, in words. */
static const char *table_side(unsigned pays)
{
    /* (say.c says them in French) */
    bool nd = (pays & 7u) != 0, d = (pays & 24u) != 0;
    return nd && d ? "non-dealer and dealer" : d ? "dealer" : "non-dealer";
}

/* The errors that are wrong cells (not cells left unread). */
static int wrong_cells(const tensu_verdict *v)
{
    int n = 0;
    for (size_t i = 0; i < v->nfindings; i++)
        n += v->findings[i].error && v->findings[i].kind != TENSU_FINDING_UNREADABLE;
    return n;
}

/* The verdict: "clean" only when every cell the chart prints was read and
 * is right; "incomplete" when none read is wrong but some were not read;
 * else "wrong". */
static const char *verdict_of(const tensu_verdict *v)
{
    return wrong_cells(v) > 0 ? "wrong" : v->unread > 0 ? "incomplete" : "clean";
}

/* The verdict line of the text report. */
static void print_verdict(const tensu_verdict *v, const char *lang)
{
    int wrong = wrong_cells(v);
    char en[256], said[512];
    if (wrong > 0 && v->unread > 0)
        snprintf(en, sizeof en, "verdict: %d wrong, and %d cell%s not read (not checked)", wrong,
                 v->unread, v->unread == 1 ? "" : "s");
    else if (wrong > 0)
        snprintf(en, sizeof en, "verdict: %d wrong", wrong);
    else if (v->unread > 0)
        snprintf(en, sizeof en,
                 "verdict: incomplete: %d cell%s of the chart not read (not checked); the %d "
                 "read are right",
                 v->unread, v->unread == 1 ? "" : "s", v->cells);
    else
        snprintf(en, sizeof en, "verdict: clean: every cell read, and right");
    puts(say(lang, en, said, sizeof said));
}

/* A finding as a line of the text report. */
static void print_finding(const char *file, const tensu_finding *f, const char *lang)
{
    char buf[512], kind[32], where[512], msg[1024], en[96], fr[160];
    /* French sets its colons apart */
    const char *sep = strcmp(lang, "fr") == 0 ? " : " : ": ";
    /* after words ("case D33", "(x=12, y=40)"), French sets the colon
     * apart too; after a file's line and column, as a compiler does */
    const char *psep =
        position(file, f->line, f->column, f->table, &f->place, lang, buf, sizeof buf) ? sep
                                                                                        : ": ";
    snprintf(kind, sizeof kind, "%s",
             say(lang, f->kind == TENSU_FINDING_WRONG || f->error ? "error" : "warning", fr,
                 sizeof fr));
    snprintf(where, sizeof where, "%s", say(lang, f->where, msg, sizeof msg));
    if (f->kind == TENSU_FINDING_WRONG) {
        snprintf(en, sizeof en, "found %lld, expected %lld", (long long)f->found,
                 (long long)f->expected);
        printf("%s%s%s%s%s%s%s%s%s", buf, psep, kind, sep, where, sep, say(lang, en, fr, sizeof fr), sep,
               say(lang, f->message, msg, sizeof msg));
        if (f->also[0]) {
            char also[600], *cut;
            snprintf(also, sizeof also, "also fits: %s", f->also);
            /* the causes cut short where the core's text ended: the whole
             * ones, and "..." */
            if (strlen(f->also) + 1 >= sizeof f->also && (cut = strrchr(also, ';')) != NULL)
                snprintf(cut, sizeof also - (size_t)(cut - also), "; ...");
            printf(" (%s)", say(lang, also, msg, sizeof msg));
        }
        putchar('\n');
    } else if (f->found >= 0) {
        printf("%s%s%s%s%s%s%lld%s%s\n", buf, psep, kind, sep, where, sep, (long long)f->found, sep,
               say(lang, f->message, msg, sizeof msg));
    } else {
        printf("%s%s%s%s%s%s%s\n", buf, psep, kind, sep, where, sep,
               say(lang, f->message, msg, sizeof msg));
    }
}

/* A line of the text report: en said in lang. */
static void say_line(const char *lang, const char *en)
{
    char said[1024];
    puts(say(lang, en, said, sizeof said));
}

static void print_text(const char *file, const tensu_chart *chart, const tensu_verdict *v,
                       const char *lang)
{
    char buf[512], en[1024], said[1024];
    rules_line(v, buf, sizeof buf);
    snprintf(en, sizeof en, "%s: %s chart, %d cells checked against %s", file,
             shown_format ? shown_format : tensu_chart_format_name(tensu_chart_format_of(chart)),
             v->cells, buf);
    say_line(lang, en);
    say_line(lang, "rule variant:");
    for (int i = 0; i < TENSU_VERIFY_VARIANTS; i++) {
        char kv[64], kvs[128];
        size_t w;
        if (strcmp(v->variant[i].key, "sanma") == 0 && v->rules.players != 3)
            continue; /* no North's share to lose or split */
        if (strcmp(v->variant[i].key, "honba-included") != 0)
            snprintf(kv, sizeof kv, "%s=%s", v->variant[i].key, v->variant[i].value);
        else if (strcmp(v->variant[i].value, "0") == 0) /* not a rule key: said in words */
            snprintf(kv, sizeof kv, "honba: none included");
        else
            snprintf(kv, sizeof kv, "honba: %s included", v->variant[i].value);
        snprintf(kvs, sizeof kvs, "%s", say(lang, kv, said, sizeof said));
        w = say_width(kvs);
        printf("  %s%*s %s\n", kvs, w < 24 ? (int)(24 - w) : 0, "",
               say(lang, v->variant[i].text, said, sizeof said));
    }
    /* errors first, then warnings, each in the chart's order */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < v->nfindings; i++)
            if (v->findings[i].error == (pass == 0))
                print_finding(file, &v->findings[i], lang);
    {
        /* never "0 errors" without what was read */
        int full = 0, covered = 0;
        char of[16];
        snprintf(of, sizeof of, "%s", say(lang, "of", said, sizeof said));
        say_line(lang, "read of a full table (han 1-4 at every fu that can occur, and 5 limits):");
        char pays[TENSU_CHART_PAYS][128], none[64];
        size_t wide = 48; /* the payments' column: as wide as the longest name */
        snprintf(none, sizeof none, "  %s", say(lang, "(not in the chart)", buf, sizeof buf));
        for (int p = 0; p < TENSU_CHART_PAYS; p++) {
            size_t w;
            snprintf(pays[p], sizeof pays[p], "%s",
                     say(lang, tensu_chart_pay_text((tensu_chart_pay)p), said, sizeof said));
            w = say_width(pays[p]);
            wide = w > wide ? w : wide;
        }
        for (int p = 0; p < TENSU_CHART_PAYS; p++) {
            printf("  %s%*s %3d %s %3d%s\n", pays[p], (int)(wide - say_width(pays[p])), "",
                   v->covered[p], of, v->full[p], v->covered[p] == 0 ? none : "");
            full += v->full[p];
            covered += v->covered[p];
        }
        if (v->ntables > 1) {
            say_line(lang, "tables:");
            for (size_t t = 0; t < v->ntables; t++) {
                const struct tensu_table_read *tr = &v->tables[t];
                char where[64];
                if (tr->line <= 0 || places == TENSU_PLACES_PICTURE)
                    where[0] = '\0';
                else
                    snprintf(where, sizeof where, ", %s %d",
                             places == TENSU_PLACES_PAGES ? "page" : "line", tr->line);
                snprintf(en, sizeof en, "table %zu%s (%s): %d of %d cells read", t + 1, where,
                         table_side(tr->pays), tr->read, tr->full);
                printf("  %s\n", say(lang, en, said, sizeof said));
            }
        }
        snprintf(en, sizeof en,
                 "summary: %d cells checked, %d of %d cells of a full table read, %d error%s, "
                 "%d warning%s",
                 v->cells, covered, full, v->errors, v->errors == 1 ? "" : "s", v->warnings,
                 v->warnings == 1 ? "" : "s");
        say_line(lang, en);
    }
    print_verdict(v, lang);
}

static json_t *jint(int64_t x)
{
    return x < 0 ? json_null() : json_integer((json_int_t)x);
}

/* A finding's place as JSON fields: "line" and "col" of a text (and the
 * "cell" of a spreadsheet), "page" of a PDF, the "table" and its
 * "table_row" and "table_col", and "x", "y" on a page or picture. */
static void place_json(json_t *o, int line, int column, int table, const tensu_place *pl)
{
    if (places != TENSU_PLACES_PICTURE && places != TENSU_PLACES_PAGES) {
        json_object_set_new(o, "line", line > 0 ? json_integer(line) : json_null());
        json_object_set_new(o, "col", column > 0 ? json_integer(column) : json_null());
    }
    if (places == TENSU_PLACES_CSV && pl->row > 0 && pl->col > 0) {
        char letters[8], cell[24];
        column_letters(pl->col, letters, sizeof letters);
        snprintf(cell, sizeof cell, "%s%d", letters, pl->row);
        json_object_set_new(o, "cell", json_string(cell));
        return;
    }
    if (places == TENSU_PLACES_PAGES)
        json_object_set_new(o, "page", pl->page > 0 ? json_integer(pl->page) : json_null());
    json_object_set_new(o, "table", table > 0 ? json_integer(table) : json_null());
    json_object_set_new(o, "table_row", pl->row > 0 ? json_integer(pl->row) : json_null());
    json_object_set_new(o, "table_col", pl->col > 0 ? json_integer(pl->col) : json_null());
    if (places == TENSU_PLACES_PICTURE || places == TENSU_PLACES_PAGES) {
        bool at = pl->x2 > pl->x1;
        json_object_set_new(o, "x", at ? json_integer((json_int_t)pl->x1) : json_null());
        json_object_set_new(o, "y", at ? json_integer((json_int_t)pl->y1) : json_null());
    }
}

static int print_json(const char *file, const tensu_chart *chart, const tensu_verdict *v)
{
    json_t *root = json_object(), *errors = json_array(), *warnings = json_array(),
           *variant = json_object(), *rules = json_object(), *summary = json_object();
    char val[64];

    json_object_set_new(root, "file", json_string(file));
    json_object_set_new(root, "format",
                        json_string(shown_format ? shown_format
                                                 : tensu_chart_format_name(
                                                       tensu_chart_format_of(chart))));
    json_object_set_new(rules, "preset", json_string(v->rules.preset));
    if (v->rules.club[0])
        json_object_set_new(rules, "club", json_string(v->rules.club));
    for (size_t i = 0; i < tensu_rule_key_count(); i++) {
        const tensu_rule_key *k = tensu_rule_key_at(i);
        if (tensu_rules_get(&v->rules, k->name, val, sizeof val))
            json_object_set_new(rules, k->name, json_string(val));
    }
    for (int i = 0; i < TENSU_VERIFY_VARIANTS; i++) {
        const tensu_variant *x = &v->variant[i];
        json_t *o = json_object();
        json_object_set_new(o, "value", json_string(x->value));
        json_object_set_new(o, "guess", json_string(tensu_guess_name(x->guess)));
        json_object_set_new(o, "agree", json_integer(x->agree));
        json_object_set_new(o, "disagree", json_integer(x->disagree));
        json_object_set_new(o, "neither", json_integer(x->neither));
        json_object_set_new(o, "text", json_string(x->text));
        json_object_set_new(variant, x->key, o);
    }
    for (size_t i = 0; i < v->nfindings; i++) {
        const tensu_finding *f = &v->findings[i];
        const tensu_chart_cell *c = f->cell >= 0 ? tensu_chart_cell_at(chart, (size_t)f->cell)
                                                 : NULL;
        json_t *o = json_object();
        json_object_set_new(o, "kind", json_string(tensu_finding_kind_name(f->kind)));
        json_object_set_new(o, "where", json_string(f->where));
        if (c != NULL) {
            json_object_set_new(o, "han", c->han ? json_integer(c->han) : json_null());
            json_object_set_new(o, "fu", c->fu ? json_integer(c->fu) : json_null());
            if (c->limit != TENSU_LIMIT_NONE) {
                json_object_set_new(o, "limit", json_string(tensu_limit_name(c->limit)));
                if (c->limit == TENSU_LIMIT_YAKUMAN)
                    json_object_set_new(o, "yakuman", json_integer(c->yakuman));
            }
            json_object_set_new(o, "dealer", json_boolean(tensu_chart_pay_dealer(c->pay)));
            json_object_set_new(o, "tsumo", json_boolean(tensu_chart_pay_tsumo(c->pay)));
            json_object_set_new(o, "column", json_string(tensu_chart_pay_key(c->pay)));
        }
        place_json(o, f->line, f->column, f->table, &f->place);
        json_object_set_new(o, "found", jint(f->found));
        json_object_set_new(o, "expected", jint(f->expected));
        if (f->kind == TENSU_FINDING_WRONG) {
            json_object_set_new(o, "cause", json_string(tensu_cause_name(f->cause)));
            json_object_set_new(o, "explanation", json_string(f->message));
            json_object_set_new(o, "also", json_string(f->also));
        } else {
            json_object_set_new(o, "message", json_string(f->message));
        }
        json_array_append_new(f->error ? errors : warnings, o);
    }
    json_object_set_new(summary, "cells", json_integer(v->cells));
    {
        json_t *cov = json_object();
        int full = 0, covered = 0;
        for (int p = 0; p < TENSU_CHART_PAYS; p++) {
            json_object_set_new(cov, tensu_chart_pay_key((tensu_chart_pay)p),
                                json_pack("{s:i,s:i}", "read", v->covered[p], "of", v->full[p]));
            full += v->full[p];
            covered += v->covered[p];
        }
        json_object_set_new(summary, "full_table", json_pack("{s:i,s:i,s:o}", "read", covered,
                                                             "of", full, "by_payment", cov));
        {
            json_t *tabs = json_array();
            for (size_t t = 0; t < v->ntables; t++) {
                const struct tensu_table_read *tr = &v->tables[t];
                json_array_append_new(
                    tabs, json_pack("{s:i,s:s,s:i,s:i}",
                                    places == TENSU_PLACES_PAGES     ? "page"
                                    : places == TENSU_PLACES_PICTURE ? "row"
                                                                     : "line",
                                    tr->line, "side", table_side(tr->pays), "read", tr->read,
                                    "of", tr->full));
            }
            json_object_set_new(summary, "tables", tabs);
        }
    }
    json_object_set_new(summary, "errors", json_integer(v->errors));
    json_object_set_new(summary, "warnings", json_integer(v->warnings));
    json_object_set_new(summary, "wrong", json_integer(wrong_cells(v)));
    json_object_set_new(summary, "unread", json_integer(v->unread));
    json_object_set_new(summary, "complete", json_boolean(v->unread == 0));
    json_object_set_new(summary, "verdict", json_string(verdict_of(v)));
    json_object_set_new(root, "rules", rules);
    json_object_set_new(root, "variant", variant);
    json_object_set_new(root, "errors", errors);
    json_object_set_new(root, "warnings", warnings);
    json_object_set_new(root, "summary", summary);
    return cli_json_print("verify", root);
}

/* --format: a chart format of the core, or a picture, read by OCR. */
typedef struct format_opt {
    tensu_chart_format format;
    const char *pic_kind; /* png, jpeg, picture */
} format_opt;

static int format_of(const cli_args *a, const cli_opt *o, const char *v)
{
    format_opt *f = o->out;
    f->pic_kind = NULL;
    if (strcmp(v, "png") == 0 || strcmp(v, "jpeg") == 0 || strcmp(v, "jpg") == 0 ||
        strcmp(v, "picture") == 0)
        f->pic_kind = v[1] == 'p' ? "jpeg" : v; /* read by OCR, not by the core */
    else if (!tensu_chart_format_parse(v, &f->format))
        return cli_error(a->cmd,
                         "bad format '%s': allowed auto, csv, grid, json, wiki, latex, "
                         "html, pdf, picture (png, jpeg)",
                         v);
    return CLI_OK;
}

static int annotate_of(const cli_args *a, const cli_opt *o, const char *v)
{
    if (cli_annotate_kind(v) == 0)
        return cli_error(a->cmd, "--annotate %s: the name must end in .pdf or .svg", v);
    *(const char **)o->out = v;
    return CLI_OK;
}

static int lang_of(const cli_args *a, const cli_opt *o, const char *v)
{
    if (v[0] == '\0' || strchr(v, '/') || strchr(v, '.'))
        return cli_error(a->cmd, "bad language '%s' (a catalog name: en, fr ...)", v);
    *(const char **)o->out = v;
    return CLI_OK;
}

/* --pages FIRST-LAST: pages[0], pages[1]. */
static int pages_of(const cli_args *a, const cli_opt *o, const char *v)
{
    int *pages = o->out;
    char *end;
    pages[0] = (int)strtol(v, &end, 10);
    pages[1] = *end == '-' ? (int)strtol(end + 1, &end, 10) : pages[0];
    if (*end != '\0' || pages[0] < 1 || pages[1] < pages[0] || pages[1] > 100000)
        return cli_error(a->cmd, "bad --pages '%s': FIRST-LAST, as 170-180", v);
    return CLI_OK;
}

/* The keys inferred from a chart unless --set gives them. */
static const struct {
    const char *set; /* "kiriage=" */
    unsigned infer;
} inferred[] = {{"kiriage=", TENSU_INFER_KIRIAGE},
                {"kazoe=", TENSU_INFER_KAZOE},
                {"multiple-yakuman=", TENSU_INFER_MULTIPLE_YAKUMAN},
                {"players=", TENSU_INFER_PLAYERS},
                {"sanma=", TENSU_INFER_SANMA},
                {"double-wind-fu=", TENSU_INFER_DOUBLE_WIND}};

int cmd_verify(int argc, char **argv)
{
    tensu_rules r, base;
    tensu_error err;
    tensu_chart *chart = NULL;
    tensu_verdict *verdict = NULL;
    format_opt fo = {TENSU_CHART_AUTO, NULL}; /* --format */
    tensu_chart_format format;
    const char *pic_kind;
    int rep = R_TEXT, paper = 0;
    static const char *const reports[] = {"text", "json", NULL};
    static const char *const papers[] = {"a4", "letter", NULL};
    const char *file = NULL, *annotate = NULL, *lang = NULL;
    const char *sets[64];
    int nsets = 0, st;
    bool given = false, honba_given = false;
    int honba = 0;
    unsigned infer = TENSU_INFER_ALL;
    char *data;
    int pages[2] = {1, 0}; /* --pages FIRST-LAST, 0: to the end */
    doc_picture *pic = NULL;
    tensu_words *words = NULL;
    tensu_read_options ro;
    size_t len = 0;
    const cli_opt options[] = {
        {"--format", CLI_CALL, &fo, .call = format_of},
        {"--report", CLI_WORD, &rep, .words = reports, .what = "report"},
        {"--honba", CLI_INT, &honba, 0, TENSU_VERIFY_MAX_HONBA, .seen = &honba_given},
        {"--annotate", CLI_CALL, &annotate, .call = annotate_of},
        {"--lang", CLI_CALL, &lang, .call = lang_of},
        {"--pages", CLI_CALL, pages, .call = pages_of},
        {"--paper", CLI_WORD, &paper, .words = papers, .what = "paper"},
        {NULL}};
    const cli_command cmd = {"verify", help, options, .operand = &file, .operand_name = "chart"};

    /* What the user fixed: --rules turns inference off, --set KEY keeps KEY. */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (is_opt(argv[i], "--rules"))
            given = true;
        if (is_opt(argv[i], "--set") && nsets < 64) {
            const char *v = argv[i][5] == '=' ? argv[i] + 6 : (i + 1 < argc ? argv[i + 1] : "");
            sets[nsets++] = v;
            for (size_t k = 0; k < sizeof inferred / sizeof inferred[0]; k++)
                if (strncmp(v, inferred[k].set, strlen(inferred[k].set)) == 0)
                    infer &= ~inferred[k].infer;
        }
    }
    if ((st = cli_start(&cmd, argc, argv, &r)) != CLI_OK)
        return st;
    lang = cli_lang(lang, "en");
    format = fo.format;
    pic_kind = fo.pic_kind;
    if (file == NULL)
        return cli_error("verify", "no chart file given (usage: tensu verify FILE)");

    data = slurp(file, &len);
    if (data == NULL && errno == EFBIG)
        return cli_error("verify", "%s: larger than 64 MB, the most tensu verify reads (a point "
                         "table is a few KB)", file);
    if (data == NULL)
        return cli_error("verify", "%s: cannot read: %s", file, strerror(errno ? errno : EIO));
    if (format == TENSU_CHART_AUTO && pic_kind == NULL)
        pic_kind = doc_picture_kind(data, len);
    if (format == TENSU_CHART_PICTURE && pic_kind == NULL)
        pic_kind = "picture";
    if (format == TENSU_CHART_AUTO && pic_kind == NULL)
        format = tensu_chart_detect(data, len);
    if (pic_kind != NULL)
        format = TENSU_CHART_PICTURE;
    shown_format = pic_kind != NULL ? (strcmp(pic_kind, "picture") == 0
                                           ? (doc_picture_kind(data, len) ? doc_picture_kind(data, len)
                                                                          : "picture")
                                           : pic_kind)
                                    : tensu_chart_format_name(format);
    memset(&err, 0, sizeof err);
    memset(&ro, 0, sizeof ro);
    /* the document's words, where they stand */
    {
        char why[600]; /* a missing library's message holds dlerror's */
        int npages = 0;
        why[0] = '\0';
        switch (format) {
        case TENSU_CHART_PICTURE:
            /* read whole here: its words and its chart */
            places = TENSU_PLACES_PICTURE;
            cli_ocr_threads();
            st = doc_picture_chart(data, len, file, &ro, &chart, &pic, &err, why, sizeof why);
            break;
        case TENSU_CHART_PDF:
            st = doc_pdf_words(data, len, pages[0], pages[1], &words, &npages, why,
                               sizeof why);
            break;
        case TENSU_CHART_JSON: st = doc_json_words(data, len, &words, &err); break;
        case TENSU_CHART_HTML: st = doc_html_words(data, len, &words, &err); break;
        case TENSU_CHART_SVG: st = doc_svg_words(data, len, &words, &err); break;
        default: st = tensu_words_from_text(data, len, format, &words, &err); break;
        }
        if (st != TENSU_OK && why[0]) {
            free(data);
            doc_picture_free(pic);
            return cli_error("verify", "%s: %s", file, why);
        }
    }
    free(data);
    /* its tables, their cells read */
    if (st == TENSU_OK && format != TENSU_CHART_PICTURE) {
        places = tensu_words_places(words);
        st = tensu_chart_from_words(words, file, format, &ro, &chart, &err);
    }
    tensu_words_free(words);
    if (st != TENSU_OK) {
        doc_picture_free(pic);
        if (format == TENSU_CHART_PDF && err.line > 0)
            return cli_error("verify", "%s:page %d: %s", file, err.line, err.message);
        if (format == TENSU_CHART_PICTURE || format == TENSU_CHART_PDF)
            return cli_error("verify", "%s: %s", file, err.message);
        if (err.line > 0 && err.column > 0)
            return cli_error("verify", "%s:%d:%d: %s", file, err.line, err.column, err.message);
        if (err.line > 0)
            return cli_error("verify", "%s:%d: %s", file, err.line, err.message);
        return cli_error("verify", "%s: %s", file, err.message);
    }

    /* The base: --rules (nothing inferred), else what the chart states,
     * else the default preset; --set on top either way. */
    base = r;
    if (given) {
        infer = TENSU_INFER_HONBA; /* honba counters are no rule */
    } else if (tensu_chart_rules(chart) != NULL) {
        base = *tensu_chart_rules(chart);
        for (int i = 0; i < nsets; i++)
            tensu_rules_assign(&base, sets[i], NULL);
    }
    if (honba_given)
        infer &= ~(unsigned)TENSU_INFER_HONBA;
    tensu_verify(chart, &base, infer, honba, &verdict, &err);
    if (verdict == NULL) {
        doc_picture_free(pic);
        tensu_chart_free(chart);
        return cli_core_error("verify", &err);
    }
    if (pic != NULL) {
        /* a wrong amount in a picture: the OCR's other opinions first
         * (larger, smaller, the cell's own crop) */
        tensu_read_options again[3] = {ro, ro, ro};
        again[0].reread = doc_picture_confirm;
        again[1].reread = doc_picture_confirm2;
        again[2].reread = doc_picture_reread;
        tensu_verdict_confirm(verdict, chart, again, 3);
        /* the places in the picture as it is, not as it was straightened */
        for (size_t i = 0; i < verdict->nfindings; i++) {
            tensu_place *pl = &verdict->findings[i].place;
            if (pl->x2 > pl->x1)
                doc_picture_place(pic, &pl->x1, &pl->y1, &pl->x2, &pl->y2);
        }
        doc_picture_free(pic);
        pic = NULL;
    }
    if (rep == R_JSON)
        st = print_json(file, chart, verdict);
    else
        print_text(file, chart, verdict, lang), st = CLI_OK;
    if (st == CLI_OK && annotate != NULL)
        st = cli_annotate_write(annotate, lang, papers[paper], file, chart, verdict);
    if (st == CLI_OK && wrong_cells(verdict) > 0)
        st = CLI_FOUND;
    else if (st == CLI_OK && verdict->unread > 0)
        st = CLI_INCOMPLETE;
    tensu_verdict_free(verdict);
    tensu_chart_free(chart);
    return st;
}
