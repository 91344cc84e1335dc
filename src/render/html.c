/* The HTML back end: a sheet's template as one self-contained page for a
 * phone at the table.  It reads the same template and catalog as the PDF
 * and SVG sheets, but walks the blocks for what they mean (a point table is
 * a <table>, the rules box a list) instead of drawing positioned text.  No
 * external file, font or request: the style and a few lines of script are
 * in the page, and without the script every table is shown. */
#include "sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* strbuf_put for html_scorer.c */
static void hb_emit(void *b, const char *s, size_t n)
{
    strbuf_put(b, s, n);
}

/* Text into HTML: escaped, and the catalog's '*' bold marks as <b>. */
static void hb_text(strbuf *b, const char *s, bool marks)
{
    bool bold = false;
    for (; *s; s++) {
        switch (*s) {
        case '&': strbuf_puts(b, "&amp;"); break;
        case '<': strbuf_puts(b, "&lt;"); break;
        case '>': strbuf_puts(b, "&gt;"); break;
        case '"': strbuf_puts(b, "&quot;"); break;
        case '*':
            if (marks) {
                strbuf_puts(b, bold ? "</b>" : "<b>");
                bold = !bold;
            } else {
                strbuf_puts(b, "*");
            }
            break;
        default: strbuf_put(b, s, 1);
        }
    }
    if (bold)
        strbuf_puts(b, "</b>");
}

/* A catalog string, expanded, as HTML text. */
static void hb_cat(strbuf *b, sheet_ctx *c, const char *key, json_t *v, bool marks)
{
    char *t = cat_expand(c, key, v);
    hb_text(b, t, marks);
    free(t);
}

static const char style[] =
    ":root{color-scheme:light dark;--fg:#111;--bg:#fff;--line:#888;--head:#1f1f1f;"
    "--headfg:#fff;--lim:#cfcfcf;--fu:#f0f0f0;--hl:#ffe08a;--hlfg:#111;--muted:#333}"
    "@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#121212;--line:#777;"
    "--head:#3a3a3a;--headfg:#fff;--lim:#4a4a4a;--fu:#1e1e1e;--hl:#7a5d00;--hlfg:#fff;"
    "--muted:#ccc}}"
    "*{box-sizing:border-box}"
    "body{margin:0;padding:8px;font:16px/1.35 system-ui,-apple-system,'Segoe UI',Roboto,"
    "sans-serif;color:var(--fg);background:var(--bg)}"
    "h1{font-size:1.15rem;margin:.2rem 0 .5rem}h2{font-size:1.05rem;margin:.8rem 0 .3rem}"
    "nav{display:flex;flex-wrap:wrap;gap:4px;margin:.4rem 0}"
    "nav button{flex:1 1 45%;font:inherit;font-size:.95rem;padding:.5rem .3rem;"
    "border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}"
    "nav button[aria-selected=true]{background:var(--head);color:var(--headfg);"
    "font-weight:bold}"
    "table{border-collapse:collapse;width:100%;max-width:40rem;margin:.3rem 0 .8rem;"
    "table-layout:fixed}thead th:first-child{width:19%}"
    ".tw{overflow-x:auto}table.wide{table-layout:auto;width:auto;max-width:none}"
    "table.wide caption{text-align:left}table.wide th{white-space:nowrap}"
    "caption{text-align:left;font-weight:bold;padding:.2rem 0}"
    "caption small{display:block;font-weight:normal;color:var(--muted)}"
    "th,td{border:1px solid var(--line);padding:.3rem .15rem;text-align:center;"
    "font-variant-numeric:tabular-nums}"
    "thead th{background:var(--head);color:var(--headfg)}"
    "tbody th{background:var(--fu);white-space:nowrap}"
    "td{font-weight:bold;white-space:nowrap}td span{display:block}"
    "td span+span{font-weight:normal}"
    "td.lim{background:var(--lim)}td.no{font-weight:normal;color:var(--muted)}"
    ".hl{background:var(--hl)!important;color:var(--hlfg)!important}"
    "tr.limrow th{white-space:normal;font-size:.85rem;text-align:left}"
    "tr.limrow td{text-align:left;padding-left:.5rem}tr.limrow small{font-weight:normal;"
    "color:var(--muted)}tr.limrow th,tr.limrow td{border-top-width:2px}"
    "@media (max-width:30rem){tr.limrow small{display:block}}"
    "ul{padding-left:1.2rem;margin:.3rem 0}li{margin:.15rem 0}"
    "footer{font-size:.8rem;color:var(--muted);margin-top:1rem}"
    "@media (min-width:56rem){.cases{display:grid;grid-template-columns:1fr 1fr;gap:0 1.5rem}"
    ".case{display:block!important}nav{display:none!important}}"
    "@media print{@page{size:A4 landscape;margin:8mm}body{font-size:9pt;padding:0}"
    "nav,footer{display:none}.cases{display:grid;grid-template-columns:1fr 1fr;gap:0 8mm}"
    ".case{display:block!important}table{margin:0 0 2mm}th,td{padding:1px}"
    "h2{margin:1mm 0}}";

/* Show one case at a time (every table stays shown without the script);
 * the han and fu of a tapped cell stay highlighted. */
static const char script[] =
    "(function(){var cs=document.querySelectorAll('.case'),"
    "bs=document.querySelectorAll('nav button');"
    "function show(id){for(var i=0;i<cs.length;i++)cs[i].hidden=cs[i].id!==id;"
    "for(var j=0;j<bs.length;j++)bs[j].setAttribute('aria-selected',"
    "bs[j].getAttribute('aria-controls')===id?'true':'false');}"
    "for(var k=0;k<bs.length;k++)bs[k].addEventListener('click',function(){"
    "show(this.getAttribute('aria-controls'));});"
    "document.querySelector('nav').hidden=false;if(cs.length)show(cs[0].id);"
    "document.addEventListener('click',function(e){var td=e.target.closest('td[data-han]');"
    "if(!td)return;var t=td.closest('table'),o=t.querySelectorAll('.hl');"
    "for(var i=0;i<o.length;i++)o[i].classList.remove('hl');var r=td.parentNode;"
    "r.querySelector('th').classList.add('hl');td.classList.add('hl');"
    "var hs=t.querySelectorAll('thead th');hs[td.cellIndex].classList.add('hl');});"
    "})();";

typedef struct html_ctx {
    sheet_ctx *c;
    strbuf b;
    bool titled;   /* the page's <h1> is written once */
    int ncases;
    int max_yakuman;   /* limit rows shown: up to this many yakuman */
} html_ctx;

static void cell_label(html_ctx *h, int han, int fu, const char *case_key, const char *value)
{
    json_t *v = json_object();
    var_set(v, "han", "%d", han);
    var_set(v, "fu", "%d", fu);
    var_set(v, "case", "%s", cat_str(h->c, case_key));
    var_set(v, "value", "%s", value);
    strbuf_puts(&h->b, " aria-label=\"");
    hb_cat(&h->b, h->c, "html.cell", v, false);
    strbuf_puts(&h->b, "\"");
    json_decref(v);
}

/* One case of a side (ron or tsumo) as a table. */
static void point_case(html_ctx *h, int dealer, int tsumo)
{
    sheet_ctx *c = h->c;
    const tensu_table *t = c->table;
    static const char *const ids[2][2] = {{"nd-ron", "nd-tsumo"}, {"d-ron", "d-tsumo"}};
    char key[64], buf[64], buf2[64];
    snprintf(key, sizeof key, "html.case.%s", ids[dealer][tsumo]);
    strbuf_printf(&h->b, "<section class=\"case\" id=\"%s\" aria-label=\"", ids[dealer][tsumo]);
    hb_cat(&h->b, c, key, NULL, false);
    /* more han than a phone's width: the table scrolls sideways in its box,
     * each column as wide as its amounts */
    strbuf_puts(&h->b, t->han_max > tensu_fu_han_max()
                           ? "\"><div class=\"tw\"><table class=\"wide\"><caption>"
                           : "\"><div class=\"tw\"><table><caption>");
    hb_cat(&h->b, c, key, NULL, false);
    snprintf(key, sizeof key, "html.legend.%s", ids[dealer][tsumo]);
    strbuf_puts(&h->b, "<small>");
    hb_cat(&h->b, c, key, NULL, true);
    strbuf_puts(&h->b, "</small></caption><thead><tr><th scope=\"col\">");
    hb_cat(&h->b, c, "table.corner", NULL, false);
    strbuf_puts(&h->b, "</th>");
    for (int han = 1; han <= t->han_max; han++) {
        json_t *v = json_object();
        var_set(v, "han", "%d", han);
        strbuf_puts(&h->b, "<th scope=\"col\">");
        hb_cat(&h->b, c, "fmt.han", v, false);
        strbuf_puts(&h->b, "</th>");
        json_decref(v);
    }
    strbuf_puts(&h->b, "</tr></thead><tbody>");
    snprintf(key, sizeof key, "html.case.%s", ids[dealer][tsumo]);
    for (int i = 0; i < t->nfu; i++) {
        json_t *v = json_object();
        var_set(v, "fu", "%d", t->fu[i]);
        strbuf_puts(&h->b, "<tr><th scope=\"row\">");
        hb_cat(&h->b, c, "fmt.fu", v, false);
        strbuf_puts(&h->b, "</th>");
        json_decref(v);
        for (int han = 1; han <= t->han_max; han++) {
            const tensu_cell *cell = &t->cells[i][han - 1];
            const tensu_payment *p = &cell->pay[dealer][tsumo];
            char label[160];
            if (!cell->reachable[dealer][tsumo]) {
                strbuf_printf(&h->b,
                              "<td class=\"no\" data-han=\"%d\" data-fu=\"%d\" data-v=\"\"",
                              han, cell->fu);
                cell_label(h, han, cell->fu, key, cat_str(c, "html.impossible"));
                strbuf_puts(&h->b, ">\xe2\x80\x94</td>");
                continue;
            }
            strbuf_printf(&h->b, "<td%s data-han=\"%d\" data-fu=\"%d\" ",
                          p->value.limit != TENSU_LIMIT_NONE ? " class=\"lim\"" : "", han,
                          cell->fu);
            if (!tsumo) {
                strbuf_printf(&h->b, "data-v=\"%lld\"", (long long)p->ron_honba);
                fmt_amount(c, p->ron_honba, buf, sizeof buf);
                cell_label(h, han, cell->fu, key, buf);
                strbuf_printf(&h->b, "><span>%s</span></td>", buf);
            } else if (dealer) {
                json_t *v2 = json_object();
                char *lt;
                strbuf_printf(&h->b, "data-v=\"%lld\"", (long long)p->from_non_dealer_honba);
                fmt_amount(c, p->from_non_dealer_honba, buf, sizeof buf);
                var_set(v2, "each", "%s", buf);
                lt = cat_expand(c, "fmt.tsumo.dealer", v2);
                cell_label(h, han, cell->fu, key, lt);
                free(lt);
                json_decref(v2);
                strbuf_printf(&h->b, "><span>%s</span></td>", buf);
            } else {
                json_t *v2 = json_object();
                char *lt;
                strbuf_printf(&h->b, "data-v=\"%lld/%lld\"", (long long)p->from_non_dealer_honba,
                              (long long)p->from_dealer_honba);
                fmt_amount(c, p->from_non_dealer_honba, buf, sizeof buf);
                fmt_amount(c, p->from_dealer_honba, buf2, sizeof buf2);
                var_set(v2, "nd", "%s", buf);
                var_set(v2, "d", "%s", buf2);
                lt = cat_expand(c, "html.tsumo.nondealer", v2);
                snprintf(label, sizeof label, "%s", lt);
                free(lt);
                json_decref(v2);
                cell_label(h, han, cell->fu, key, label);
                strbuf_printf(&h->b, "><span>%s</span><span>%s</span></td>", buf, buf2);
            }
        }
        strbuf_puts(&h->b, "</tr>");
    }
    /* the limits of this case, under its rows: one table per case on the phone */
    for (int l = 0; l < t->nlimits; l++) {
        const tensu_limit_row *row = &t->limits[l];
        const tensu_payment *p = &row->pay[dealer][tsumo];
        json_t *v;
        char *range;
        int name_span = t->han_max > 1 ? 2 : 1;
        if (row->limit == TENSU_LIMIT_YAKUMAN && row->yakuman > h->max_yakuman)
            continue;
        v = limit_row_vars(row);
        limit_name_key(row, key, sizeof key);
        /* the name over two columns when there are: "Sanbaiman" and "2× yakuman"
         * whole on a phone; the amount over the rest */
        strbuf_printf(&h->b, "<tr class=\"limrow\" data-limit=\"%s\" data-yakuman=\"%d\">"
                      "<th scope=\"row\" colspan=\"%d\">", tensu_limit_name(row->limit),
                      row->yakuman, name_span);
        hb_cat(&h->b, c, key, v, false);
        strbuf_puts(&h->b, "</th>");
        if (!tsumo) {
            strbuf_printf(&h->b, "<td colspan=\"%d\" data-v=\"%lld\">%s",
                          t->han_max + 1 - name_span, (long long)p->ron_honba,
                          fmt_amount(c, p->ron_honba, buf, sizeof buf));
        } else if (dealer) {
            strbuf_printf(&h->b, "<td colspan=\"%d\" data-v=\"%lld\">%s",
                          t->han_max + 1 - name_span, (long long)p->from_non_dealer_honba,
                          fmt_amount(c, p->from_non_dealer_honba, buf, sizeof buf));
        } else {
            strbuf_printf(&h->b, "<td colspan=\"%d\" data-v=\"%lld/%lld\">%s / ",
                          t->han_max + 1 - name_span, (long long)p->from_non_dealer_honba,
                          (long long)p->from_dealer_honba,
                          fmt_amount(c, p->from_non_dealer_honba, buf, sizeof buf));
            strbuf_puts(&h->b, fmt_amount(c, p->from_dealer_honba, buf2, sizeof buf2));
        }
        limit_range_key(row, "html.range", key, sizeof key);
        range = cat_expand(c, key, v);
        if (*range) {
            strbuf_puts(&h->b, " <small>");
            hb_text(&h->b, range, false);
            strbuf_puts(&h->b, "</small>");
        }
        free(range);
        strbuf_puts(&h->b, "</td></tr>");
        json_decref(v);
    }
    strbuf_puts(&h->b, "</tbody></table></div></section>");
    h->ncases++;
}

static void blocks(html_ctx *h, json_t *list);

static void block(html_ctx *h, json_t *b)
{
    sheet_ctx *c = h->c;
    const char *type = json_string_value(json_object_get(b, "type"));
    const char *text = json_string_value(json_object_get(b, "text"));
    size_t i;
    json_t *it;
    if (type == NULL || !when_ok(c, b))
        return;
    if (strcmp(type, "title") == 0) {
        if (h->titled)
            return;
        strbuf_puts(&h->b, "<h1>");
        if (c->rules->club[0]) {
            /* a club: its name, then in a smaller line the title its rules
             * give (four lines on a phone as one) */
            json_t *x = json_object();
            json_object_set(x, "rules_title", json_object_get(c->vars, "rules_base"));
            hb_text(&h->b, c->rules->club, false);
            strbuf_puts(&h->b, "<small style=\"display:block;font-size:.8rem;"
                               "font-weight:normal\">");
            hb_cat(&h->b, c, text ? text : "title", x, false);
            strbuf_puts(&h->b, "</small>");
            json_decref(x);
        } else {
            hb_cat(&h->b, c, text ? text : "title", NULL, false);
        }
        strbuf_puts(&h->b, "</h1>");
        h->titled = true;
        /* the switch between cases, shown by the script */
        strbuf_puts(&h->b, "<nav hidden aria-label=\"");
        hb_cat(&h->b, c, "html.nav", NULL, false);
        strbuf_puts(&h->b, "\">");
        {
            static const char *const ids[] = {"nd-ron", "nd-tsumo", "d-ron", "d-tsumo"};
            for (int k = 0; k < 4; k++) {
                char key[64];
                snprintf(key, sizeof key, "html.case.%s", ids[k]);
                strbuf_printf(&h->b, "<button type=\"button\" aria-controls=\"%s\">", ids[k]);
                hb_cat(&h->b, c, key, NULL, false);
                strbuf_puts(&h->b, "</button>");
            }
        }
        strbuf_puts(&h->b, "</nav>");
    } else if (strcmp(type, "row") == 0) {
        json_t *cols = json_object_get(b, "columns");
        bool tables = false;
        json_array_foreach(cols, i, it) {
            json_t *first = json_array_get(it, 0);
            const char *ft = json_string_value(json_object_get(first, "type"));
            if (ft && strcmp(ft, "point-table") == 0)
                tables = true;
        }
        if (tables)
            strbuf_puts(&h->b, "<div class=\"cases\">");
        json_array_foreach(cols, i, it)
            blocks(h, it);
        if (tables) {
            /* ron tables, then tsumo tables: the order of the switch */
            strbuf_puts(&h->b, "</div>");
        }
    } else if (strcmp(type, "point-table") == 0) {
        const char *side = json_string_value(json_object_get(b, "side"));
        int dealer = side && strcmp(side, "dealer") == 0;
        point_case(h, dealer, 0);
        point_case(h, dealer, 1);
    } else if (strcmp(type, "limit-table") == 0) {
        /* the limits are rows of each case's table on the phone */
    } else if (strcmp(type, "paragraph") == 0 || strcmp(type, "heading") == 0) {
        /* "KEY.html" when the page needs other words than the paper */
        char hk[128];
        snprintf(hk, sizeof hk, "%s.html", text ? text : "paragraph");
        strbuf_puts(&h->b, type[0] == 'h' ? "<h2>" : "<p>");
        hb_cat(&h->b, c, cat_has(c, hk) ? hk : text ? text : "paragraph", NULL, true);
        strbuf_puts(&h->b, type[0] == 'h' ? "</h2>" : "</p>");
    } else if (strcmp(type, "rules-box") == 0) {
        const char *title = json_string_value(json_object_get(b, "title"));
        char *texts[64];
        int n = rules_box_texts(c, b, texts, 64);
        if (n > 0) {
            strbuf_puts(&h->b, "<section class=\"rules\">");
            if (title) {
                strbuf_puts(&h->b, "<h2>");
                hb_cat(&h->b, c, title, NULL, false);
                strbuf_puts(&h->b, "</h2>");
            }
            strbuf_puts(&h->b, "<ul>");
        }
        for (int k = 0; k < n; k++) {
            strbuf_puts(&h->b, "<li>");
            /* the club's note is its own text, not a catalog string */
            hb_text(&h->b, texts[k], !(k == n - 1 && c->rules_notes && texts[k] != NULL &&
                                       strcmp(texts[k], c->rules_notes) == 0));
            strbuf_puts(&h->b, "</li>");
            free(texts[k]);
        }
        if (n > 0)
            strbuf_puts(&h->b, "</ul></section>");
    } else if (strcmp(type, "bullets") == 0) {
        strbuf_puts(&h->b, "<ul>");
        json_array_foreach(json_object_get(b, "items"), i, it) {
            const char *k = json_is_object(it) ? json_string_value(json_object_get(it, "text"))
                                               : json_string_value(it);
            char *t = when_ok(c, it) && k ? cat_expand(c, k, NULL) : NULL;
            if (t == NULL)
                continue;
            strbuf_puts(&h->b, "<li>");
            hb_text(&h->b, t, true);
            strbuf_puts(&h->b, "</li>");
            free(t);
        }
        strbuf_puts(&h->b, "</ul>");
    } else if (strcmp(type, "yaku-list") == 0) {
        /* the yaku in brief: per group, names and values */
        tensu_yaku_entry list[TENSU_YAKU_COUNT];
        const char *order[16];
        size_t n = 0, gi, norder;
        tensu_error err;
        if (tensu_yaku_list(c->data_dir, c->rules, list, TENSU_YAKU_COUNT, &n, &err) != TENSU_OK) {
            ctx_fail(c, err.status, "%s: %s", c->tmpl.path, err.message);
            return;
        }
        norder = yaku_group_order(list, n, json_object_get(b, "groups"), order, 16);
        strbuf_puts(&h->b, "<section class=\"yaku\">");
        for (gi = 0; gi < norder; gi++) {
            bool head = false;
            for (size_t j = 0; j < n; j++) {
                char key[64], *v;
                if (strcmp(tensu_yaku_group_name(list[j].group), order[gi]) != 0)
                    continue;
                if (!head) {
                    /* the group's value ("Mangan", "5 han" for renhou) */
                    json_t *hv = json_object();
                    var_set(hv, "han", "%d", list[j].closed);
                    strbuf_puts(&h->b, "<h2>");
                    hb_cat(&h->b, c, tensu_yaku_group_key(c->rules, &list[j], key, sizeof key),
                           hv, false);
                    strbuf_puts(&h->b, "</h2><ul>");
                    json_decref(hv);
                    head = true;
                }
                snprintf(key, sizeof key, "yaku.%s", tensu_yaku_name(list[j].id));
                strbuf_puts(&h->b, "<li><b>");
                hb_cat(&h->b, c, key, NULL, false);
                strbuf_puts(&h->b, "</b> – ");
                v = yaku_value_text(c, &list[j]);
                hb_text(&h->b, v, false);
                free(v);
                strbuf_puts(&h->b, "</li>");
            }
            if (head)
                strbuf_puts(&h->b, "</ul>");
        }
        strbuf_puts(&h->b, "</section>");
        tensu_yaku_list_free(list, n);
    } else if (strcmp(type, "spacer") != 0) {
        ctx_fail(c, TENSU_ERR_INVALID,
                 "%s:%d: block type \"%s\" has no HTML form (the page takes title, row, "
                 "point-table, limit-table, paragraph, heading, bullets, rules-box, spacer)",
                 c->tmpl.path, json_file_line(&c->tmpl, type), type);
    }
}

static void blocks(html_ctx *h, json_t *list)
{
    size_t i;
    json_t *b;
    json_array_foreach(list, i, b) {
        if (h->c->status != TENSU_OK)
            return;
        block(h, b);
    }
}

/* Does the template hold a point table anywhere (the HTML page is built
 * from its point tables: the card has one, the study and yaku sheets
 * none)? */
static bool has_point_table(json_t *v)
{
    size_t i;
    const char *k;
    json_t *x;
    if (json_is_object(v)) {
        const char *t = json_string_value(json_object_get(v, "type"));
        if (t && strcmp(t, "point-table") == 0)
            return true;
        json_object_foreach(v, k, x)
            if (has_point_table(x))
                return true;
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            if (has_point_table(x))
                return true;
    }
    return false;
}

bool tensu_html_has_page(const char *data_dir, const char *sheet)
{
    char path[1400];
    json_t *root;
    bool yes;
    snprintf(path, sizeof path, "%s/templates/%s.json", data_dir, sheet);
    root = json_load_file(path, 0, NULL);
    yes = root == NULL || has_point_table(json_object_get(root, "pages"));
    json_decref(root); /* a template that does not load fails later, saying why */
    return yes;
}

char *tensu_html_build(const tensu_sheet_opts *o, const tensu_rules *r, size_t *len,
                       tensu_error *err)
{
    sheet_ctx c;
    html_ctx h;
    size_t i;
    json_t *pg;
    memset(&h, 0, sizeof h);
    h.c = &c;
    h.max_yakuman = 2;
    if (sheet_ctx_open(&c, o, r, false, err) == TENSU_OK) {
        if (c.table == NULL)
            ctx_fail(&c, TENSU_ERR_INVALID,
                     "%s: the HTML page is for riichi tables (the classical game has none yet)",
                     c.tmpl.path);
    }
    if (c.status == TENSU_OK) {
        strbuf_puts(&h.b, "<!DOCTYPE html>\n<html lang=\"");
        hb_text(&h.b, o->lang, false);
        strbuf_puts(&h.b, "\"><head><meta charset=\"utf-8\">"
                     "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
                     "<meta name=\"generator\" content=\"tensu\"><title>");
        hb_text(&h.b, c.doc->title, false);
        strbuf_puts(&h.b, "</title><style>");
        strbuf_puts(&h.b, style);
        strbuf_puts(&h.b, "</style></head><body><main>");
        if (o->scorer_js != NULL) {
            /* the scorer is far down the page: a way to it from the top,
             * a target a thumb can tap */
            strbuf_puts(&h.b, "<p><a href=\"#scorer\" style=\"display:inline-block;"
                              "min-height:44px;padding:12px 16px 0 0;color:inherit\">");
            hb_text(&h.b, cat_str(&c, "scorer.title"), false);
            strbuf_puts(&h.b, " \xE2\x86\x93</a></p>");
        }
        json_array_foreach(json_object_get(c.tmpl.root, "pages"), i, pg) {
            if (!when_ok(&c, pg))
                continue;
            blocks(&h, json_object_get(pg, "blocks"));
            if (c.status != TENSU_OK)
                break;
        }
        if (o->scorer_js != NULL && c.status == TENSU_OK)
            html_scorer(&c, r, o->scorer_js, hb_emit, &h.b);
        strbuf_puts(&h.b, "</main><footer>");
        {
            const char *f = json_string_value(
                json_object_get(json_array_get(json_object_get(c.tmpl.root, "pages"), 0),
                                "footer"));
            if (f)
                hb_cat(&h.b, &c, f, NULL, false);
        }
        strbuf_puts(&h.b, "</footer><script>");
        strbuf_puts(&h.b, script);
        strbuf_puts(&h.b, "</script></body></html>\n");
        if (h.ncases == 0 && c.status == TENSU_OK)
            ctx_fail(&c, TENSU_ERR_INVALID, "%s: no point-table block for the HTML page",
                     c.tmpl.path);
        if (h.b.bad && c.status == TENSU_OK)
            ctx_fail(&c, TENSU_ERR_NOMEM, "out of memory");
    }
    sheet_ctx_close(&c);
    tensu_doc_free(c.doc);
    if (c.status != TENSU_OK) {
        free(h.b.s);
        return NULL;
    }
    if (len)
        *len = h.b.n;
    return h.b.s;
}

/* ---- a document's pages as one page (worksheets) ---- */

static const char pages_style[] =
    "html{background:#e8e8e8}body{margin:0;padding:8px;font-family:sans-serif}"
    "h1{font-size:1.1rem;margin:0 auto 8px;max-width:210mm;color:#222}"
    ".page{max-width:210mm;margin:0 auto 12px;background:#fff;"
    "box-shadow:0 1px 4px rgba(0,0,0,.35)}"
    ".page svg{display:block;width:100%;height:auto}"
    "@media (prefers-color-scheme:dark){html{background:#202020}h1{color:#ddd}}"
    "@media print{html{background:none}body{padding:0}h1{display:none}"
    ".page{max-width:none;margin:0;box-shadow:none;break-after:page}}";

char *tensu_html_pages(const tensu_doc *d, size_t *len, tensu_error *err)
{
    strbuf b;
    memset(&b, 0, sizeof b);
    strbuf_puts(&b, "<!DOCTYPE html>\n<html lang=\"");
    hb_text(&b, d->lang, false);
    strbuf_puts(&b, "\"><head><meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
               "<meta name=\"generator\" content=\"tensu\"><title>");
    hb_text(&b, d->title, false);
    strbuf_puts(&b, "</title><style>");
    strbuf_puts(&b, pages_style);
    strbuf_printf(&b, "@page{size:%.0fpt %.0fpt;margin:0}", d->npages ? d->pages[0].width : 595,
                  d->npages ? d->pages[0].height : 842);
    strbuf_puts(&b, "</style></head><body><h1>");
    hb_text(&b, d->title, false);
    strbuf_puts(&b, "</h1>\n");
    for (size_t p = 0; p < d->npages; p++) {
        char idp[24];
        size_t n = 0;
        char *svg;
        /* every page's glyph ids apart: "p2a17" */
        snprintf(idp, sizeof idp, "p%zu", p + 1);
        svg = tensu_svg_build(d, p, idp, &n, err);
        if (svg == NULL) {
            free(b.s);
            return NULL;
        }
        strbuf_puts(&b, "<div class=\"page\">");
        strbuf_put(&b, svg, n);
        strbuf_puts(&b, "</div>\n");
        free(svg);
    }
    strbuf_puts(&b, "</body></html>\n");
    if (b.bad) {
        free(b.s);
        error_fill(err, TENSU_ERR_NOMEM, "out of memory");
        return NULL;
    }
    if (len)
        *len = b.n;
    return b.s;
}
