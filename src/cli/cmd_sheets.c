/* tensu sheets: the printable sheets (club card, study sheet) as PDF, SVG
 * or PNG, from the templates and string catalogs in <prefix>/share/tensu. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../render/render.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *const layouts[] = {"sheet", "tent", "pocket", "poster", "large", NULL};
#define NLAYOUTS (sizeof layouts / sizeof layouts[0] - 1)

/* The template of a sheet in a layout: "card", "card-pocket" ... */
static void layout_template(const char *sheet, const char *layout, char *name, size_t size)
{
    if (strcmp(layout, "sheet") == 0)
        snprintf(name, size, "%s", sheet);
    else
        snprintf(name, size, "%s-%s", sheet, layout);
}

/* The papers each sheet and layout takes, read from the templates (so that
 * the help never promises a paper no template fills). */
static void help_papers(void)
{
    static const char *const sheets[] = {"card", "study", "yaku", "classical-card",
                                         "classical-study"};
    char dbuf[1200], takes[200], name[300];
    const char *dir = cli_data_dir(dbuf, sizeof dbuf);
    if (dir == NULL)
        return;
    printf("\nPapers (--paper; the first is the layout's own, the default):\n");
    for (size_t s = 0; s < sizeof sheets / sizeof sheets[0]; s++) {
        tensu_sheet_papers(dir, sheets[s], NULL, takes, sizeof takes);
        printf("  %-26s %s\n", sheets[s], takes);
    }
    for (size_t l = 1; l < NLAYOUTS; l++) {
        char what[64];
        layout_template("card", layouts[l], name, sizeof name);
        tensu_sheet_papers(dir, name, NULL, takes, sizeof takes);
        snprintf(what, sizeof what, "card --layout %s", layouts[l]);
        printf("  %-26s %s\n", what, takes);
    }
}

static void help(void)
{
    printf("usage: tensu sheets [--template NAME] [--lang LANG] [--format pdf|svg|png|html]...\n"
           "                    [--layout sheet|tent|pocket|poster|large] [--honba N]\n"
           "                    [--paper PAPER] [--rules NAME|FILE] [--set K=V]... [-o DIR]\n"
           "                    [--jp-font FILE|none] [--dpi N (300)] [--with-scorer]\n\n"
           "Printable sheets: 'card' (the club-table point card, A4/Letter landscape),\n"
           "'study' (the three-page study sheet) and 'yaku' (every yaku with an example\n"
           "hand).  Without options: the three sheets, in French and English, as PDF\n"
           "and SVG (and the card as an HTML page), preset tenhou, into output/.  With --rules\n"
           "classical: the classical game's 'classical-card' and 'classical-study'.\n"
           "--format may be given more than once; SVG and PNG write one file per page;\n"
           "html writes the card as one self-contained page for a phone (default set:\n"
           "PDF, SVG, and the card's HTML page; the classical sheets have none).\n"
           "--with-scorer puts in the HTML page a\n"
           "scorer that works offline: tap the tiles of a hand and its situation, it\n"
           "shows the reading, yaku, fu and payment from the engine of tensu score\n"
           "built to WebAssembly (only when emcc was there at build time).\n"
           "The templates and catalogs are the .json files of\n"
           "<prefix>/share/tensu/templates (or $TENSU_DATA_DIR/templates): a new\n"
           "language is a new catalog file there.\n");
    help_papers();
}

/* --paper for a sheet that is not made for it: refused before anything is
 * written, saying what the sheet takes and what is made for that paper:
 * the layouts of the same sheet, else any sheet, else none. */
static int paper_refused(const char *dir, const char *sheet, const char *base,
                         const char *paper, const char *takes)
{
    static const char *const others[] = {"card", "study", "yaku", "classical-card",
                                          "classical-study"};
    char name[300], other[200], hint[600] = "";
    size_t len = 0;
    /* first the layouts of this sheet, then those of every sheet */
    for (int pass = 0; pass < 2 && len == 0; pass++)
        for (size_t o = 0; o < (pass ? sizeof others / sizeof others[0] : 1); o++)
            for (size_t l = 0; l < NLAYOUTS; l++) {
                struct stat st;
                char path[1600], how[120];
                const char *b = pass ? others[o] : base;
                layout_template(b, layouts[l], name, sizeof name);
                snprintf(path, sizeof path, "%s/templates/%s.json", dir, name);
                if (strcmp(name, sheet) == 0 || stat(path, &st) != 0 ||
                    !tensu_sheet_papers(dir, name, paper, other, sizeof other))
                    continue;
                /* said as the options that make it */
                if (pass == 0)
                    snprintf(how, sizeof how, "--layout %s", layouts[l]);
                else if (l == 0)
                    snprintf(how, sizeof how, "%s", b);
                else
                    snprintf(how, sizeof how, "%s --layout %s", b, layouts[l]);
                len += (size_t)snprintf(hint + len, len < sizeof hint ? sizeof hint - len : 0,
                                        "%s%s", len ? ", " : "", how);
            }
    return cli_error("sheets", "--paper %s: %s is made for %s, not %s; %s%s (tensu sheets "
                               "--help lists the papers)",
                     paper, sheet, takes, paper, len ? "made for it: " : "",
                     len ? hint : "no sheet of tensu sheets is made for it");
}

/* Is the paper asked for the one the template is drawn for (its first
 * "papers", a4 by default)?  Only another paper goes into a file name. */
static bool paper_is_design(const tensu_sheet_opts *o)
{
    char path[1400];
    json_t *root, *first;
    bool same;
    snprintf(path, sizeof path, "%s/templates/%s.json", o->data_dir, o->sheet);
    root = json_load_file(path, 0, NULL);
    first = json_array_get(json_object_get(root, "papers"), 0);
    same = strcmp(o->paper, json_is_string(first) ? json_string_value(first) : "a4") == 0;
    json_decref(root);
    return same;
}

/* The phone page of the card, built from its template. */
typedef struct html_source {
    const tensu_sheet_opts *o;
    const tensu_rules *r;
} html_source;

static char *html_page(const void *source, size_t *len, tensu_error *err)
{
    const html_source *h = source;
    return tensu_html_build(h->o, h->r, len, err);
}

static int render(const tensu_sheet_opts *o, const tensu_rules *r, int formats, int dpi,
                  const char *dir, bool named_preset, int *count)
{
    tensu_error err;
    tensu_doc *d = NULL;
    char stem[256];
    html_source html = {o, r};
    int st;
    if (formats & (CLI_PDF | CLI_SVG | CLI_PNG)) {
        d = tensu_sheet_build(o, r, &err);
        if (d == NULL)
            return cli_core_error("sheets", &err);
    }
    /* "classical-card" under --rules classical: the name already says it */
    if (named_preset && strncmp(o->sheet, r->preset, strlen(r->preset)) == 0 &&
        o->sheet[strlen(r->preset)] == '-')
        named_preset = false;
    {
        /* a sheet whose rules were changed by --set never takes the name of
         * the standard one: the preset and each change are in its name */
        const char *changed[32];
        char tag[200];
        size_t len;
        if (tensu_rules_changed(r, changed, 32) > 0 &&
            strncmp(o->sheet, r->preset, strlen(r->preset)) != 0)
            named_preset = true;
        cli_rules_tag(r, named_preset, tag, sizeof tag);
        len = (size_t)snprintf(stem, sizeof stem, "%s-%s%s", o->sheet, o->lang, tag);
        if (len < sizeof stem && o->honba > 0)
            len += (size_t)snprintf(stem + len, sizeof stem - len, "-honba-%d", o->honba);
        if (len < sizeof stem && o->paper != NULL && !paper_is_design(o))
            snprintf(stem + len, sizeof stem - len, "-%s", o->paper);
    }
    st = cli_write_doc(&(cli_doc_files){"sheets", dir, stem, formats, dpi, html_page, &html,
                                        o->scorer_js != NULL ? "-scorer" : NULL},
                       d, count);
    tensu_doc_free(d);
    return st;
}

/* --lang: a language is a catalog, refused before anything is written. */
static int lang_of(const cli_args *a, const cli_opt *o, const char *v)
{
    json_t *strings, *cat = cli_catalog(a->cmd, v, &strings);
    if (cat == NULL)
        return CLI_USAGE;
    json_decref(cat);
    *(const char **)o->out = v;
    return CLI_OK;
}

static int paper_of(const cli_args *a, const cli_opt *o, const char *v)
{
    double pw, ph;
    if (!tensu_paper_size(v, &pw, &ph))
        return cli_error(a->cmd, "bad paper '%s': allowed a6, a5, a4, letter, a3, a2", v);
    *(const char **)o->out = v;
    return CLI_OK;
}

/* --jp-font FILE, or none */
static int jp_font(const cli_args *a, const cli_opt *o, const char *v)
{
    (void)a;
    *(const char **)o->out = strcmp(v, "none") == 0 ? "" : v;
    return CLI_OK;
}

int cmd_sheets(int argc, char **argv)
{
    tensu_rules r;
    char name[160];
    const char *sheet = NULL, *lang = NULL, *paper = NULL, *out = "output", *jp = NULL;
    const char *layout;
    int formats = 0, dpi = 300, count = 0, st, honba = 0, li = 0;
    char dbuf[1200];
    const char *dir;
    bool named_preset = false, with_scorer = false;
    char *scorer_js = NULL;
    struct timespec t0, t1;
    static const char *const format_words[] = {"pdf", "svg", "png", "html", NULL};
    const cli_opt options[] = {
        {"--template", CLI_TEXT, &sheet},
        {"--lang", CLI_CALL, &lang, .call = lang_of},
        {"--format", CLI_BITS, &formats, .words = format_words, .what = "format"},
        {"--paper", CLI_CALL, &paper, .call = paper_of},
        {"--layout", CLI_WORD, &li, .words = layouts, .what = "layout"},
        {"--honba", CLI_INT, &honba, 0, 100},
        {"-o", CLI_TEXT, &out},
        {"--output", CLI_TEXT, &out},
        {"--jp-font", CLI_CALL, &jp, .call = jp_font},
        {"--dpi", CLI_INT, &dpi, 20, 600},
        {"--with-scorer", CLI_FLAG, &with_scorer},
        {NULL}};
    const cli_command cmd = {"sheets", help, options};

    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--rules", 7) == 0)
            named_preset = true;
    if ((st = cli_start(&cmd, argc, argv, &r)) != CLI_OK)
        return st;
    if (strcmp(r.preset, tensu_default_preset()) == 0)
        named_preset = false;
    layout = layouts[li];
    if (with_scorer && formats != 0 && !(formats & CLI_HTML))
        return cli_error("sheets", "--with-scorer is for the HTML page: add --format html");
    dir = cli_data_dir(dbuf, sizeof dbuf);
    if (dir == NULL)
        return cli_no_data_dir("sheets");

    /* the classical sheets have no HTML page: asked for, it is refused
     * rather than nothing written */
    bool html_ok = strcmp(layout, "sheet") != 0 ||
                   (r.family != TENSU_FAMILY_CLASSICAL &&
                    (sheet == NULL || tensu_html_has_page(dir, sheet)));
    if (formats == 0) /* HTML only for a template that has an HTML page */
        formats = CLI_PDF | CLI_SVG | (html_ok ? CLI_HTML : 0);
    else if ((formats & CLI_HTML) && !html_ok)
        return cli_error("sheets", "--format html: the %s sheet%s no HTML page (only the "
                                   "riichi card, with its point tables, has one): use pdf, "
                                   "svg or png",
                         sheet ? sheet : "classical", sheet ? " has" : "s have");
    if (with_scorer && !html_ok)
        return cli_error("sheets", "--with-scorer: the %s sheet has no HTML page", sheet);

    if ((st = cli_out_dir("sheets", out)) != CLI_OK)
        return st;
    if (access(out, W_OK | X_OK) != 0)
        return cli_error("sheets", "cannot write into %s: %s", out, strerror(errno));

    clock_gettime(CLOCK_MONOTONIC, &t0);
    {
        static const char *const all_sheets[] = {"card", "study", "yaku"};
        /* the classical game has its own sheets (issue 7) */
        static const char *const classical_sheets[] = {"classical-card", "classical-study"};
        bool classical = r.family == TENSU_FAMILY_CLASSICAL;
        char cname[300];
        if (classical && sheet && strncmp(sheet, "classical-", 10) != 0) {
            char path[1600];
            struct stat cs;
            snprintf(cname, sizeof cname, "classical-%s", sheet);
            snprintf(path, sizeof path, "%s/templates/%s.json", dir, cname);
            if (stat(path, &cs) == 0)
                sheet = cname;
        }
        static const char *const all_langs[] = {"fr", "en"};
        /* the classical game has no yaku sheet */
        size_t ns = sheet ? 1 : classical ? 2 : 3, nl = lang ? 1 : 2;
        char lname[300];
        if (strcmp(layout, "sheet") != 0) {
            /* a layout is a template of its own: card-pocket, card-tent ... */
            char path[1600];
            struct stat ls;
            snprintf(lname, sizeof lname, "%s-%s", sheet ? sheet : "card", layout);
            snprintf(path, sizeof path, "%s/templates/%s.json", dir, lname);
            if (stat(path, &ls) != 0)
                return cli_error("sheets", "the %s sheet has no %s layout (layouts are made for "
                                           "the card)",
                                 sheet ? sheet : "card", layout);
            sheet = lname;
            ns = 1;
            if (formats & CLI_HTML)
                formats &= ~CLI_HTML; /* the phone page is one, whatever the layout */
            if (formats == 0)
                formats = CLI_PDF;
        }
        if (honba > 0 && classical) /* its card takes no honba: the same card, renamed */
            return cli_error("sheets", "--honba: the classical sheets print no honba (the riichi "
                                       "card does, under a riichi preset)");
        if (honba > 0 && sheet != NULL && strncmp(sheet, "card", 4) != 0)
            return cli_error("sheets", "--honba: only the card prints its amounts with honba "
                                       "included (use --template card)");
        bool card_only = honba > 0 && sheet == NULL;
        if (card_only)
            ns = 1; /* the card alone */
        if (with_scorer && !(formats & CLI_HTML))
            return cli_error("sheets", "--with-scorer: the %s layout has no HTML page", layout);
        for (size_t s = 0; paper != NULL && s < ns; s++) {
            const char *one = sheet ? sheet : classical ? classical_sheets[s] : all_sheets[s];
            char takes[200];
            if (!tensu_sheet_papers(dir, one, paper, takes, sizeof takes))
                return paper_refused(dir, one, strncmp(one, "classical-card", 14) == 0
                                                   ? "classical-card"
                                                   : strncmp(one, "card", 4) == 0 ? "card"
                                                                                   : one,
                                     paper, takes);
        }
        if (with_scorer && (scorer_js = cli_scorer_js("sheets", dir)) == NULL)
            return CLI_USAGE;
        printf("tensu sheets: rules %s, paper %s, into %s/\n", cli_rules_name(&r, name, sizeof name),
               paper ? paper : "as the layout", out);
        if (card_only) /* without --template: say what was left out, and why */
            printf("tensu sheets: --honba %d: the card only, its amounts with %d honba (the "
                   "study and yaku sheets print no honba: not made)\n", honba, honba);
        for (size_t s = 0; s < ns; s++)
            for (size_t l = 0; l < nl; l++) {
                tensu_sheet_opts o = {dir, sheet ? sheet : classical ? classical_sheets[s]
                                                                     : all_sheets[s],
                                      lang ? lang : all_langs[l], paper, jp, honba};
                o.scorer_js = scorer_js;
                /* the HTML page is the card's (other sheets have no HTML form
                 * unless asked for by name, which then says why not) */
                int f = formats;
                if (sheet == NULL && strcmp(o.sheet, "card") != 0)
                    f &= ~CLI_HTML;
                if (f == 0)
                    continue;
                st = render(&o, &r, f, dpi, out, named_preset, &count);
                if (st != CLI_OK) {
                    free(scorer_js);
                    return st;
                }
            }
    }
    free(scorer_js);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("wrote %d file%s in %.2f s\n", count, count == 1 ? "" : "s",
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    return CLI_OK;
}
