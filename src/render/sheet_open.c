/* What a sheet is built from: the files of templates/ (a template, a
 * catalog, the phone page's script; the list of sheets and catalogs), the
 * fonts, the placeholders from the rules and the engine, the papers a
 * template fills, and the sheet's context opened and closed
 * (sheet_ctx_open, sheet_ctx_close).  The pages are laid out in layout.c. */
#define _POSIX_C_SOURCE 200809L
#include "sheet.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static double num(json_t *b, const char *key, double dflt)
{
    json_t *v = json_object_get(b, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}


/* The text of DIR/templates/FILE (a template, a catalog, the phone page's
 * script): malloc'd, NULL with c failed.  At most TEMPLATE_MAX_BYTES:
 * bounded work.  "what" names the file in messages. */
char *data_file_text(sheet_ctx *c, const char *dir, const char *file, const char *what,
                     const char *name, char *path, size_t path_size)
{
    FILE *fp;
    long n = -1;
    char *text = NULL;
    snprintf(path, path_size, "%s/templates/%s", dir, file);
    fp = fopen(path, "rb");
    if (fp == NULL) {
        if (name != NULL)
            ctx_fail(c, TENSU_ERR_UNKNOWN, "no %s '%s' (no file %s)", what, name, path);
        else
            ctx_fail(c, TENSU_ERR_UNKNOWN, "no %s (no file %s)", what, path);
        return NULL;
    }
    if (fseek(fp, 0, SEEK_END) == 0)
        n = ftell(fp);
    if (n > TEMPLATE_MAX_BYTES) {
        fclose(fp);
        ctx_fail(c, TENSU_ERR_INVALID, "%s: larger than %d MB, the most a %s may be", path,
                 TEMPLATE_MAX_BYTES >> 20, what);
        return NULL;
    }
    if (n >= 0 && fseek(fp, 0, SEEK_SET) == 0) {
        text = malloc((size_t)n + 1);
        if (text && fread(text, 1, (size_t)n, fp) == (size_t)n) {
            text[n] = '\0';
        } else {
            free(text);
            text = NULL;
        }
    }
    fclose(fp);
    if (text == NULL)
        ctx_fail(c, TENSU_ERR_INVALID, "%s: cannot read", path);
    return text;
}

/* Read DIR/templates/NAME.json into f (a template or a catalog: "what"
 * names it in messages). */
bool json_file_load(sheet_ctx *c, json_file *f, const char *dir, const char *name,
                    const char *what)
{
    json_error_t je;
    char file[300];
    snprintf(file, sizeof file, "%s.json", name);
    f->text = data_file_text(c, dir, file, what, name, f->path, sizeof f->path);
    if (f->text == NULL)
        return false;
    f->root = json_loads(f->text, JSON_REJECT_DUPLICATES, &je);
    if (f->root == NULL) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:%d:%d: %s", f->path, je.line, je.column, je.text);
        return false;
    }
    if (!json_is_object(f->root)) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:1: the file must hold a JSON object", f->path);
        return false;
    }
    return true;
}

static const char *jp_candidates[] = {
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
};

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static void load_fonts(sheet_ctx *c, const tensu_sheet_opts *o)
{
    json_t *fonts = json_object_get(c->tmpl.root, "fonts");
    char path[1024];
    if (!json_is_object(fonts)) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s: no \"fonts\" object", c->tmpl.path);
        return;
    }
    for (int r = 0; r < TENSU_FONT_COUNT && c->status == TENSU_OK; r++) {
        const char *name = json_string_value(json_object_get(fonts, tensu_font_role_name(r)));
        if (r == TENSU_FONT_JP)
            continue;
        if (r == TENSU_FONT_TILES && name == NULL)
            continue; /* only the sheets that draw hands name it */
        if (name == NULL) {
            ctx_fail(c, TENSU_ERR_INVALID, "%s: \"fonts\" has no \"%s\"", c->tmpl.path,
                     tensu_font_role_name(r));
            return;
        }
        snprintf(path, sizeof path, "%s/fonts/%s", o->data_dir, name);
        tensu_fontset_load(c->doc->fonts, r, path, c->err);
        if (c->err && c->err->status != TENSU_OK)
            c->status = c->err->status;
        else if (!tensu_fontset_has(c->doc->fonts, r))
            c->status = TENSU_ERR_INVALID;
    }
    if (c->status != TENSU_OK)
        return;
    /* Japanese: optional, found at run time (see FONTS in tensu-sheets(1)). */
    if (o->jp_font != NULL) {
        if (o->jp_font[0] && tensu_fontset_load(c->doc->fonts, TENSU_FONT_JP, o->jp_font,
                                                c->err) != TENSU_OK)
            c->status = c->err ? c->err->status : TENSU_ERR_INVALID;
        return;
    }
    snprintf(path, sizeof path, "%s/fonts/ipag.ttf", o->data_dir);
    if (file_exists(path) && tensu_fontset_load(c->doc->fonts, TENSU_FONT_JP, path, NULL) ==
                                 TENSU_OK)
        return;
    for (size_t i = 0; i < sizeof jp_candidates / sizeof jp_candidates[0]; i++)
        if (file_exists(jp_candidates[i]) &&
            tensu_fontset_load(c->doc->fonts, TENSU_FONT_JP, jp_candidates[i], NULL) ==
                TENSU_OK)
            return;
}

/* The amounts the rule sentences quote, from the engine: with the honba
 * counters the sheet includes (--honba), as its tables, so that the rules
 * box beside a table never gives another figure for the same hand. */
void vars_amounts(sheet_ctx *c)
{
    const tensu_rules *r = c->rules;
    tensu_payment p;
    json_t *vars = c->vars;
    int hb = c->honba, kh[4], kf[4], nk = tensu_kiriage_cells(r, kh, kf, 4);

    /* the cells kiriage rounds up, under these rules: {kiriage_ron_1} (4 han
     * 30 fu), {kiriage_ron_1_d} for the dealer, then {kiriage_ron_2} ... */
    for (int i = 0; i < nk; i++)
        for (int d = 0; d < 2; d++) {
            char name[32];
            if (tensu_pay(r, kh[i], kf[i], 0, d, false, hb, 0, &p, NULL) != TENSU_OK)
                continue;
            snprintf(name, sizeof name, "kiriage_ron_%d%s", i + 1, d ? "_d" : "");
            var_amount(c, vars, name, p.ron_honba);
        }
    if (tensu_pay_limit(r, TENSU_LIMIT_MANGAN, 0, false, false, hb, &p, NULL) ==
        TENSU_OK) {
        var_amount(c, vars, "mangan", p.ron_honba);
        var_amount(c, vars, "mangan_base", p.value.base);
    }
    if (tensu_pay_limit(r, TENSU_LIMIT_MANGAN, 0, true, false, hb, &p, NULL) == TENSU_OK)
        var_amount(c, vars, "mangan_d", p.ron_honba);
    /* 13 han: a counted yakuman, or sanbaiman under kazoe=sanbaiman */
    if (tensu_pay(r, tensu_limit_han(TENSU_LIMIT_KAZOE_YAKUMAN), 30, 0, false, false, hb, 0, &p,
                  NULL) == TENSU_OK)
        var_amount(c, vars, "ron_13", p.ron_honba);
    /* one and two yakuman, non-dealer and dealer ron; under aotenjou the
     * engine counts them as han at some fu, and the sentences say which */
    for (int n = 1; n <= 2; n++)
        for (int d = 0; d < 2; d++) {
            char name[32];
            if (tensu_pay(r, 0, 0, n, d, false, hb, 0, &p, NULL) != TENSU_OK || p.big)
                continue;
            snprintf(name, sizeof name, "yakuman_%d%s", n, d ? "_d" : "");
            var_amount(c, vars, name, p.ron_honba);
            if (d == 0 && p.value.yakuman == 0) {
                snprintf(name, sizeof name, "yakuman_%d_han", n);
                var_set(vars, name, "%d", p.value.han);
                var_set(vars, "yakuman_fu", "%d", p.value.fu);
            }
        }
    /* an aotenjou yakuman is paid as so many han at 30 fu */
    var_set(vars, "yakuman_han", "%d", TENSU_AOTENJOU_YAKUMAN_HAN);
}

/* Placeholders every string may use, from the rules and the engine. */
static void make_vars(sheet_ctx *c)
{
    const tensu_rules *r = c->rules;
    tensu_payment p;
    char buf[512];
    size_t len = 0;
    json_t *vars = c->vars;
    const char *word_yes = cat_str(c, "word.yes"), *word_no = cat_str(c, "word.no");

    vars_rules(c);
    var_set(vars, "honba_count", "%d", c->honba);
    if (tensu_pay(r, 1, 30, 0, false, true, c->honba, 0, &p, NULL) == TENSU_OK) {
        var_amount(c, vars, "honba_ron", tensu_honba_points(r, c->honba));
        var_amount(c, vars, "honba_each", p.honba_each);
    }
    /* how a formula's ron is rounded, and the counters it leaves out when
     * the amounts include them: "rounded up to 100, then +600 for honba" */
    {
        json_t *x = json_object();
        char *t;
        var_amount(c, x, "ron", tensu_honba_points(r, c->honba));
        t = cat_expand(c, c->honba > 0 ? "fmt.rounded.honba" : "fmt.rounded", x);
        var_set(vars, "rounded", "%s", t);
        free(t);
        json_decref(x);
    }
    /* the rules' name without the counters, for a sheet that states them
     * in a line of its own (the pocket card) */
    var_set(vars, "rules_plain", "%s", json_string_value(json_object_get(vars, "rules_title")));
    if (c->honba > 0) {
        /* the amounts include the counters: the title says so, the short one too */
        static const char *const keys[] = {"rules_title", "rules_short", "rules_base"};
        for (size_t k = 0; k < 3; k++) {
            json_t *x = json_object();
            char *t;
            var_set(x, "title", "%s", json_string_value(json_object_get(vars, keys[k])));
            var_set(x, "n", "%d", c->honba);
            var_amount(c, x, "ron", tensu_honba_points(r, c->honba));
            t = cat_expand(c, c->honba == 1 ? "fmt.rules.honba.1" : "fmt.rules.honba", x);
            var_set(vars, keys[k], "%s", t);
            free(t);
            json_decref(x);
        }
    }
    var_set(vars, "players", "%d", r->players);
    var_set(vars, "payers", "%d", tensu_dealer_tsumo_payers(r));
    /* who pays the non-dealer's share of a non-dealer's tsumo: each of the
     * two others, or with three players the one other */
    var_set(vars, "nd_payer", "%s", nd_payer_word(c, false));
    /* the same, in fewer words, where the dealer is named beside it (the
     * French card's legend on Letter: "chaque autre / le donneur") */
    var_set(vars, "nd_payer_short", "%s", nd_payer_word(c, true));
    var_amount(c, vars, "honba", r->honba);
    if (tensu_pay(r, 1, 30, 0, false, true, 1, 0, &p, NULL) == TENSU_OK)
        var_amount(c, vars, "honba_tsumo", p.honba_each);
    var_amount(c, vars, "stick", r->riichi_stick);
    var_set(vars, "aka", "%d", r->aka);
    var_set(vars, "double_wind_fu", "%d", r->double_wind_fu);
    var_set(vars, "open_pinfu_fu", "%d", r->open_pinfu_fu);
    var_set(vars, "pinfu_tsumo_fu", "%d", r->pinfu_tsumo_fu);
    var_set(vars, "rinshan_fu", "%d", r->rinshan_fu);
    var_set(vars, "kiriage", "%s", r->kiriage ? word_yes : word_no);
    var_set(vars, "aotenjou", "%s", r->aotenjou ? word_yes : word_no);
    var_set(vars, "multiple_yakuman", "%s", r->multiple_yakuman ? word_yes : word_no);
    var_set(vars, "double_yakuman", "%s", r->double_yakuman ? word_yes : word_no);
    var_set(vars, "kazoe", "%s",
            cat_str(c, r->kazoe == TENSU_KAZOE_YAKUMAN ? "word.kazoe.yakuman"
                                                       : "word.kazoe.sanbaiman"));
    /* mangan before 5 han: the lowest fu of each han column paid as mangan */
    len = 0;
    buf[0] = '\0';
    for (int han = 1; han <= tensu_fu_han_max(); han++)
        for (int i = 0; i < c->table->nfu; i++) {
            const tensu_cell *cell = &c->table->cells[i][han - 1];
            if (cell->pay[0][0].value.limit == TENSU_LIMIT_MANGAN && cell->reachable[0][0]) {
                json_t *x = json_object();
                char *t;
                var_set(x, "han", "%d", han);
                var_set(x, "fu", "%d", cell->fu);
                t = cat_expand(c, "fmt.cell", x);
                len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
                                        len ? cat_str(c, "fmt.list.sep") : "", t);
                free(t);
                json_decref(x);
                break;
            }
        }
    var_set(vars, "mangan_cells", "%s", buf); /* empty under aotenjou: a sentence using it fails */
    vars_amounts(c);
    {
        /* the lowest fu row paid as mangan at the last two han where the fu
         * count (3 and 4): {mangan_from_below_max}, {mangan_from_max} */
        for (int han = tensu_fu_han_max() - 1; han <= tensu_fu_han_max(); han++)
            for (int i = 0; i < c->table->nfu; i++) {
                const tensu_cell *cell = &c->table->cells[i][han - 1];
                bool all = true;
                for (int j = i; j < c->table->nfu; j++)
                    for (int d = 0; d < 2; d++)
                        for (int ts = 0; ts < 2; ts++)
                            if (c->table->cells[j][han - 1].reachable[d][ts] &&
                                c->table->cells[j][han - 1].pay[d][ts].value.limit ==
                                    TENSU_LIMIT_NONE)
                                all = false;
                if (all && (cell->reachable[0][0] || cell->reachable[0][1])) {
                    var_set(vars,
                            han == tensu_fu_han_max() ? "mangan_from_max" : "mangan_from_below_max",
                            "%d", cell->fu);
                    break;
                }
            }
    }
}

static const struct {
    const char *name;
    double w, h;
} papers[] = {
    {"a6", 297.638, 419.528}, {"a5", 419.528, 595.276}, {"a4", 595.276, 841.890},
    {"letter", 612, 792},     {"a3", 841.890, 1190.551}, {"a2", 1190.551, 1683.780},
};

bool tensu_paper_size(const char *name, double *w, double *h)
{
    for (size_t i = 0; i < sizeof papers / sizeof papers[0]; i++)
        if (strcmp(papers[i].name, name) == 0) {
            *w = papers[i].w;
            *h = papers[i].h;
            return true;
        }
    return false;
}

/* The papers a template fills ("papers", a4 and letter by default) in
 * words ("a6, or a4 (n-up)"), and whether it takes paper (on its own or
 * n-up: *imposed then names the n-up paper's object). */
static bool template_papers(json_t *root, const char *paper, char *allowed, size_t size,
                            json_t **imposed)
{
    json_t *list = json_object_get(root, "papers"), *imp = json_object_get(root, "impose"), *p;
    const char *ip = json_string_value(json_object_get(imp, "paper"));
    bool ok = list == NULL && paper && (strcmp(paper, "a4") == 0 || strcmp(paper, "letter") == 0);
    size_t i, len = 0;
    allowed[0] = '\0';
    *imposed = NULL;
    json_array_foreach(list, i, p) {
        const char *n = json_string_value(p);
        if (n && paper && strcmp(n, paper) == 0)
            ok = true;
        len += (size_t)snprintf(allowed + len, len < size ? size - len : 0, "%s%s",
                                len ? ", " : "", n ? n : "?");
    }
    if (list == NULL)
        len = (size_t)snprintf(allowed, size, "a4, letter");
    if (ip)
        snprintf(allowed + (len < size ? len : size - 1), len < size ? size - len : 1,
                 ", or %s (n-up)", ip);
    if (!ok && ip && paper && strcmp(ip, paper) == 0 &&
        json_string_value(json_array_get(list, 0))) {
        *imposed = imp;
        ok = true;
    }
    return ok;
}

bool tensu_sheet_papers(const char *data_dir, const char *sheet, const char *paper,
                        char *takes, size_t size)
{
    char path[1400];
    json_t *root, *imp;
    bool ok;
    snprintf(path, sizeof path, "%s/templates/%s.json", data_dir, sheet);
    root = json_load_file(path, 0, NULL);
    if (root == NULL) { /* a template that does not load fails later, saying why */
        snprintf(takes, size, "?");
        return true;
    }
    ok = template_papers(root, paper, takes, size, &imp);
    json_decref(root);
    return ok;
}

/* The template says which papers it fills well ("papers", a4 and letter
 * by default), which paper its sizes are drawn for ("design", the first
 * of them; a larger one scales every size up when "scale_to_paper" is
 * true), and the paper its pages may be set n-up on ("impose": {"paper",
 * "across", "down"}).  Any other paper is refused: a layout never shrinks
 * its text to fit. */
static bool choose_paper(sheet_ctx *c, const char *paper)
{
    json_t *list = json_object_get(c->tmpl.root, "papers"), *imp;
    const char *design = json_string_value(json_array_get(list, 0));
    char allowed[200];
    if (!template_papers(c->tmpl.root, paper, allowed, sizeof allowed, &imp)) {
        ctx_fail(c, TENSU_ERR_RANGE,
                 "%s: this layout fills %s; not %s (its text is never shrunk to fit a paper)",
                 c->tmpl.path, allowed, paper);
        return false;
    }
    if (imp != NULL) {
        /* drawn on the design paper, then set n-up on this one */
        c->impose_across = (int)num(imp, "across", 2);
        c->impose_down = (int)num(imp, "down", 2);
        tensu_paper_size(paper, &c->impose_w, &c->impose_h);
        tensu_paper_size(design, &c->paper_w, &c->paper_h);
        return true;
    }
    if (design && json_is_true(json_object_get(c->tmpl.root, "scale_to_paper"))) {
        double dw = 0, dh = 0;
        if (tensu_paper_size(design, &dw, &dh) && dw > 0)
            c->paper_scale = c->paper_w / dw;
    }
    return true;
}

/* Open everything a sheet is built from: template, catalog, fonts (when
 * with_fonts), the table and the placeholders.  On error c->status is set
 * and the message is in err; sheet_ctx_close() frees in every case. */
tensu_status sheet_ctx_open(sheet_ctx *c, const tensu_sheet_opts *o, const tensu_rules *r,
                            bool with_fonts, tensu_error *err)
{
    json_t *num_fmt;
    const char *paper = o->paper ? o->paper : "a4", *orient;
    tensu_doc *d;

    memset(c, 0, sizeof *c);
    c->rules = r;
    c->err = err;
    if (err)
        memset(err, 0, sizeof *err);
    c->scale = 1;
    c->unfit_page = -1;
    d = calloc(1, sizeof *d);
    if (d == NULL || (d->fonts = tensu_fontset_new()) == NULL) {
        free(d);
        error_fill(err, TENSU_ERR_NOMEM, "out of memory");
        c->status = TENSU_ERR_NOMEM;
        return c->status;
    }
    c->doc = d;
    c->vars = json_object();
    snprintf(d->sheet, sizeof d->sheet, "%s", o->sheet);
    snprintf(d->lang, sizeof d->lang, "%s", o->lang);

    c->paper_scale = 1;
    c->honba = o->honba;
    c->data_dir = o->data_dir;
    if (!json_file_load(c, &c->tmpl, o->data_dir, o->sheet, "template") ||
        !json_file_load(c, &c->cat, o->data_dir, o->lang, "language"))
        return c->status;
    if (o->paper == NULL) /* the paper the template is drawn for */
        paper = json_string_value(json_array_get(json_object_get(c->tmpl.root, "papers"), 0))
                    ? json_string_value(
                          json_array_get(json_object_get(c->tmpl.root, "papers"), 0))
                    : "a4";
    if (!tensu_paper_size(paper, &c->paper_w, &c->paper_h)) {
        ctx_fail(c, TENSU_ERR_RANGE, "bad paper '%s': allowed a6, a5, a4, letter, a3, a2", paper);
        return c->status;
    }
    if (!choose_paper(c, paper))
        return c->status;
    if (!json_is_string(json_object_get(c->tmpl.root, "kind")) ||
        strcmp(json_string_value(json_object_get(c->tmpl.root, "kind")), "sheet") != 0) {
        ctx_fail(c, TENSU_ERR_INVALID, "%s:1: not a sheet template (\"kind\": \"sheet\")",
                 c->tmpl.path);
        return c->status;
    }
    c->strings = json_object_get(c->cat.root, "strings");
    num_fmt = json_object_get(c->cat.root, "number");
    if (!json_is_object(c->strings) || !json_is_object(num_fmt)) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:1: not a string catalog (needs \"strings\" and \"number\" objects)",
                 c->cat.path);
        return c->status;
    }
    snprintf(c->group, sizeof c->group, "%s",
             json_string_value(json_object_get(num_fmt, "group"))
                 ? json_string_value(json_object_get(num_fmt, "group"))
                 : ",");
    snprintf(c->decimal, sizeof c->decimal, "%s",
             json_string_value(json_object_get(num_fmt, "decimal"))
                 ? json_string_value(json_object_get(num_fmt, "decimal"))
                 : ".");
    c->group_min = (int)num(num_fmt, "group_min", 1000);
    orient = json_string_value(json_object_get(c->tmpl.root, "orientation"));
    if (orient && strcmp(orient, "landscape") == 0) {
        double t = c->paper_w;
        c->paper_w = c->paper_h;
        c->paper_h = t;
    }
    {
        /* a sheet is drawn for one rule family ("family", riichi by default) */
        const char *fam = json_string_value(json_object_get(c->tmpl.root, "family"));
        bool classical = fam != NULL && strcmp(fam, "classical") == 0;
        if (classical != (r->family == TENSU_FAMILY_CLASSICAL)) {
            if (classical)
                ctx_fail(c, TENSU_ERR_INVALID,
                         "%s: this sheet is for the classical game, and the rules %s are "
                         "riichi rules (use --rules classical)",
                         c->tmpl.path, r->preset);
            else
                ctx_fail(c, TENSU_ERR_INVALID,
                         "%s: this sheet is for riichi rules, and the rules %s are classical "
                         "rules (classical sheets: classical-card, classical-study)",
                         c->tmpl.path, r->preset);
            return c->status;
        }
    }
    if (with_fonts) {
        load_fonts(c, o);
        if (c->status != TENSU_OK)
            return c->status;
    }
    if (r->family == TENSU_FAMILY_CLASSICAL) {
        c->ctable = tensu_classical_table_new(r, err);
        if (c->ctable == NULL) {
            c->status = err ? err->status : TENSU_ERR_INVALID;
            return c->status;
        }
        classical_vars(c);
    } else {
        c->table = tensu_table_new(r, o->han_max > 0 ? o->han_max : tensu_fu_han_max(),
                                   o->honba, err);
        if (c->table == NULL) {
            c->status = err ? err->status : TENSU_ERR_INVALID;
            return c->status;
        }
        make_vars(c);
        if (c->table != NULL) /* "beyond {table_han} han" under aotenjou */
            var_set(c->vars, "table_han", "%d", c->table->han_max);
        if (o->hand != NULL) {
            /* the score card's hand, scored once for every block */
            c->hand = o->hand;
            if (tensu_score(r, o->hand, &c->score, err) != TENSU_OK) {
                c->status = err ? err->status : TENSU_ERR_INVALID;
                return c->status;
            }
        }
        if (o->quiz != NULL) {
            c->quiz = calloc((size_t)(o->quiz->count > 0 ? o->quiz->count : 1), sizeof *c->quiz);
            if (c->quiz == NULL) {
                ctx_fail(c, TENSU_ERR_NOMEM, "out of memory");
                return c->status;
            }
            if (tensu_quiz_make(r, o->quiz->kind, o->quiz->level, o->quiz->count, o->quiz->seed,
                                c->quiz, err) != TENSU_OK) {
                c->status = err ? err->status : TENSU_ERR_RANGE;
                return c->status;
            }
            c->nquiz = o->quiz->count;
            c->quiz_spec = o->quiz;
            quiz_vars(c, o->quiz);
        }
    }
    {
        const char *tk = json_string_value(json_object_get(c->tmpl.root, "title"));
        char *t = cat_expand(c, tk ? tk : "title", NULL);
        snprintf(d->title, sizeof d->title, "%s", t);
        free(t);
    }
    return c->status;
}

/* Free what sheet_ctx_open() made, but the doc (the caller's, or freed
 * here when c->status is an error). */
void sheet_ctx_close(sheet_ctx *c)
{
    free(c->quiz);
    c->quiz = NULL;
    tensu_table_free(c->table);
    tensu_classical_table_free(c->ctable);
    json_decref(c->vars);
    json_decref(c->tmpl.root);
    json_decref(c->cat.root);
    free(c->tmpl.text);
    free(c->cat.text);
    if (c->status != TENSU_OK) {
        if (c->err && c->err->status == TENSU_OK)
            error_fill(c->err, c->status, "cannot build the sheet");
        tensu_doc_free(c->doc);
        c->doc = NULL;
    }
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t tensu_sheet_list(const char *data_dir, bool catalogs, char **names, size_t max)
{
    /* Every templates/NAME.json whose "kind" is "sheet" (or "catalog"):
     * a new language is one new file, found here. */
    char dir[1024], path[1400];
    DIR *dp;
    struct dirent *e;
    size_t n = 0;
    snprintf(dir, sizeof dir, "%s/templates", data_dir);
    dp = opendir(dir);
    if (dp == NULL)
        return 0;
    while ((e = readdir(dp)) != NULL && n < max) {
        size_t len = strlen(e->d_name);
        json_t *root;
        const char *kind;
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0 || e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        root = json_load_file(path, 0, NULL);
        kind = json_string_value(json_object_get(root, "kind"));
        if (kind && strcmp(kind, catalogs ? "catalog" : "sheet") == 0) {
            names[n] = malloc(len - 4);
            if (names[n]) {
                memcpy(names[n], e->d_name, len - 5);
                names[n++][len - 5] = '\0';
            }
        }
        json_decref(root);
    }
    closedir(dp);
    qsort(names, n, sizeof names[0], cmp_names);
    return n;
}
