/* Web pages as words (tensu verify page.html): the page laid out as a
 * browser would, without its styles: each heading, paragraph or caption a
 * line of its own, each table a grid whose columns are as wide as their
 * widest cell and whose rows are as tall as their tallest cell (a <br> or
 * a block inside a cell starts a line of it), a cell spanning rows or
 * columns spanning them.  Each word keeps its page line (findings name
 * it) and its cell.  Read with libxml2's HTML parser; hidden parts
 * (scripts, styles, hidden elements) are not read.  Words only: finding
 * the tables in them is the table reader's. */
#include "doc.h"
#include "words.h"
#include "../util/buf.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrcasecmp(n->name, (const xmlChar *)name) == 0;
}

/* -- The page's own styles, as far as they place text ----------------- */

/* A rule of the page's <style> that says how elements are shown:
 * "td span{display:block}", "nav{display:none}".  Simple selectors only
 * (a tag, a class, an id, and the elements they stand in); a selector
 * with states or siblings (":hover", "+") is left out, and so are the
 * rules inside @media (a screen size, or print). */
#define MAX_RULES 256
#define MAX_PARTS 6

typedef struct part {
    char tag[16], cls[32], id[32];
} part;

typedef struct css_rule {
    part p[MAX_PARTS];
    int n;
    int display; /* 1 block, 2 none, 3 inline */
} css_rule;

typedef struct css {
    css_rule r[MAX_RULES];
    int n;
} css;

static bool simple_part(const char *s, size_t n, part *out)
{
    size_t i = 0;
    memset(out, 0, sizeof *out);
    while (i < n) {
        char *dst;
        size_t cap, k = 0;
        char kind = s[i];
        if (kind == '.' || kind == '#') {
            i++;
            dst = kind == '.' ? out->cls : out->id;
            cap = kind == '.' ? sizeof out->cls : sizeof out->id;
        } else if (isalpha((unsigned char)kind) || kind == '*') {
            dst = out->tag;
            cap = sizeof out->tag;
        } else {
            return false; /* a state, an attribute, a sibling: not read */
        }
        while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '-' || s[i] == '_' ||
                         (dst == out->tag && s[i] == '*'))) {
            if (k + 1 < cap)
                dst[k++] = (char)tolower((unsigned char)s[i]);
            i++;
        }
        dst[k] = '\0';
        if (k == 0)
            return false;
    }
    return true;
}

/* Read one <style>'s rules into c. */
static void css_read(css *c, const char *s)
{
    int depth = 0;
    while (*s && c->n < MAX_RULES) {
        const char *open = strchr(s, '{'), *close;
        char sel[512], body[512];
        size_t k;
        int display = 0;
        if (open == NULL)
            break;
        close = strchr(open, '}');
        if (close == NULL)
            break;
        /* an at-rule's block (@media): skip it whole */
        k = (size_t)(open - s);
        snprintf(sel, sizeof sel, "%.*s", (int)(k < sizeof sel - 1 ? k : sizeof sel - 1), s);
        if (strchr(sel, '@') != NULL) {
            depth = 1;
            s = open + 1;
            while (*s && depth > 0) {
                if (*s == '{')
                    depth++;
                else if (*s == '}')
                    depth--;
                s++;
            }
            continue;
        }
        k = (size_t)(close - open - 1);
        snprintf(body, sizeof body, "%.*s", (int)(k < sizeof body - 1 ? k : sizeof body - 1),
                 open + 1);
        {
            char compact[512];
            size_t m = 0;
            for (const char *b = body; *b && m + 1 < sizeof compact; b++)
                if (*b != ' ' && *b != '\n' && *b != '\t')
                    compact[m++] = (char)tolower((unsigned char)*b);
            compact[m] = '\0';
            if (strstr(compact, "display:none"))
                display = 2;
            else if (strstr(compact, "display:block") || strstr(compact, "display:flex") ||
                     strstr(compact, "display:grid") || strstr(compact, "display:list-item") ||
                     strstr(compact, "display:table"))
                display = 1;
            else if (strstr(compact, "display:inline"))
                display = 3;
        }
        s = close + 1;
        if (display == 0)
            continue;
        /* each selector of the list */
        for (char *one = strtok(sel, ","); one != NULL && c->n < MAX_RULES;
             one = strtok(NULL, ",")) {
            css_rule *r = &c->r[c->n];
            bool ok = true;
            char *w = one;
            r->n = 0;
            while (*w && ok) {
                char *e;
                while (*w == ' ' || *w == '\n' || *w == '\t' || *w == '>')
                    w++;
                if (*w == '\0')
                    break;
                e = w;
                while (*e && *e != ' ' && *e != '\n' && *e != '\t' && *e != '>')
                    e++;
                if (r->n == MAX_PARTS || !simple_part(w, (size_t)(e - w), &r->p[r->n]))
                    ok = false;
                else
                    r->n++;
                w = e;
            }
            if (ok && r->n > 0) {
                r->display = display;
                c->n++;
            }
        }
    }
}

static bool has_class(const xmlNode *n, const char *cls)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)"class");
    bool found = false;
    if (v != NULL) {
        size_t k = strlen(cls);
        for (const char *p = (const char *)v; *p && !found;) {
            while (*p == ' ')
                p++;
            found = strncasecmp(p, cls, k) == 0 && (p[k] == '\0' || p[k] == ' ');
            while (*p && *p != ' ')
                p++;
        }
        xmlFree(v);
    }
    return found;
}

static bool part_match(const part *p, const xmlNode *n)
{
    if (n == NULL || n->type != XML_ELEMENT_NODE)
        return false;
    if (p->tag[0] && strcmp(p->tag, "*") != 0 && !is(n, p->tag))
        return false;
    if (p->cls[0] && !has_class(n, p->cls))
        return false;
    if (p->id[0]) {
        xmlChar *v = xmlGetProp(n, (const xmlChar *)"id");
        bool same = v != NULL && strcasecmp((const char *)v, p->id) == 0;
        xmlFree(v);
        if (!same)
            return false;
    }
    return true;
}

/* How the page's styles show n: 0 as its kind, 1 a block, 2 not at all,
 * 3 inline (the last rule that matches). */
static int css_display(const css *c, const xmlNode *n)
{
    int d = 0;
    for (int i = 0; c != NULL && i < c->n; i++) {
        const css_rule *r = &c->r[i];
        const xmlNode *a = n->parent;
        int k = r->n - 2;
        if (!part_match(&r->p[r->n - 1], n))
            continue;
        for (; k >= 0 && a != NULL; a = a->parent)
            if (part_match(&r->p[k], a))
                k--;
        if (k < 0)
            d = r->display;
    }
    return d;
}

static _Thread_local const css *styles; /* the page's, while it is read */

/* An element the page does not show: a script, a style, a template,
 * something hidden. */
static bool hidden(const xmlNode *n)
{
    static const char *const never[] = {"script", "style", "template", "noscript", "head",
                                        "svg", "select", "button", "input", "textarea"};
    xmlChar *v;
    bool h = false;
    if (n->type != XML_ELEMENT_NODE)
        return false;
    for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
        if (is(n, never[i]))
            return true;
    if (css_display(styles, n) == 2)
        return true;
    if ((v = xmlGetProp(n, (const xmlChar *)"hidden")) != NULL) {
        xmlFree(v);
        return true;
    }
    if ((v = xmlGetProp(n, (const xmlChar *)"style")) != NULL) {
        char s[256];
        size_t k = 0;
        for (const xmlChar *p = v; *p && k + 1 < sizeof s; p++)
            if (*p != ' ')
                s[k++] = (char)*p;
        s[k] = '\0';
        h = strstr(s, "display:none") != NULL || strstr(s, "visibility:hidden") != NULL;
        xmlFree(v);
    }
    if ((v = xmlGetProp(n, (const xmlChar *)"aria-hidden")) != NULL) {
        h = h || xmlStrcmp(v, (const xmlChar *)"true") == 0;
        xmlFree(v);
    }
    return h;
}

/* Elements that start a line of their own. */
static bool block(const xmlNode *n)
{
    static const char *const blocks[] = {
        "p",          "div",   "h1",     "h2",      "h3",     "h4",      "h5",     "h6",
        "li",         "dt",    "dd",     "caption", "figcaption", "blockquote", "pre",
        "section",    "article", "header", "footer", "nav",   "main",    "aside",  "ul",
        "ol",         "dl",    "figure", "details", "summary", "legend", "fieldset",
        "address",    "hr",    "form",   "label"};
    int d = css_display(styles, n);
    if (d == 1)
        return true;
    if (d == 3)
        return false;
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
        if (is(n, blocks[i]))
            return true;
    return false;
}

/* -- Lines of text ----------------------------------------------------- */

typedef struct hline {
    strbuf text;      /* its text, white space folded */
    int line;         /* the page line it starts on */
    bool bold;
} hline;

typedef struct lines_ {
    hline *l;
    size_t n, cap;
    bool bad;
} lines_;

static hline *new_line(lines_ *L, int line)
{
    if (L->n == L->cap) {
        size_t c = L->cap ? L->cap * 2 : 8;
        hline *p = realloc(L->l, c * sizeof *p);
        if (p == NULL) {
            L->bad = true;
            return NULL;
        }
        L->l = p;
        L->cap = c;
    }
    memset(&L->l[L->n], 0, sizeof L->l[0]);
    L->l[L->n].line = line;
    return &L->l[L->n++];
}

static void add_text(lines_ *L, const char *s, size_t n, int line)
{
    hline *h = L->n > 0 ? &L->l[L->n - 1] : new_line(L, line);
    if (h == NULL)
        return;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\n' || c == '\r' || c == '\t' || c == '\f')
            c = ' ';
        if (c == ' ' && (h->text.n == 0 || h->text.s[h->text.n - 1] == ' '))
            continue;
        if (h->text.n == 0 && line > 0)
            h->line = line;
        strbuf_put(&h->text, &c, 1);
        if (h->text.bad) {
            L->bad = true;
            return;
        }
    }
}

/* End the current line (the next text starts another). */
static void break_line(lines_ *L, int line)
{
    if (L->n == 0 || L->l[L->n - 1].text.n > 0)
        new_line(L, line);
}

static void lines_free(lines_ *L)
{
    for (size_t i = 0; i < L->n; i++)
        strbuf_free(&L->l[i].text);
    free(L->l);
    memset(L, 0, sizeof *L);
}

/* The text of a node, as lines: <br> and blocks break them; tables inside
 * are not its text (they are read as tables). */
static void node_lines(const xmlNode *n, lines_ *L)
{
    for (const xmlNode *c = n->children; c != NULL && !L->bad; c = c->next) {
        if (c->type == XML_TEXT_NODE && c->content != NULL) {
            add_text(L, (const char *)c->content, strlen((const char *)c->content),
                     (int)xmlGetLineNo((xmlNode *)c));
        } else if (is(c, "br")) {
            new_line(L, (int)xmlGetLineNo((xmlNode *)c));
        } else if (c->type == XML_ELEMENT_NODE && !hidden(c) && !is(c, "table")) {
            bool b = block(c);
            if (b)
                break_line(L, (int)xmlGetLineNo((xmlNode *)c));
            node_lines(c, L);
            if (b)
                break_line(L, (int)xmlGetLineNo((xmlNode *)c));
        }
    }
}

/* -- The page -------------------------------------------------------- */

typedef struct page {
    tensu_words *w;
    tensu_error *err;
    tensu_status st;
    double y;          /* the next line's top */
    int cell;          /* the last cell number given */
} page;

/* A line of words at (x, y): each word its width in characters. */
static void put_words(page *P, const char *s, double x, double y, int line, int cell, bool bold)
{
    size_t i = 0, n = strlen(s);
    while (i < n && P->st == TENSU_OK) {
        size_t j;
        tensu_word word;
        char buf[256];
        if (s[i] == ' ') {
            i++;
            x += TEXT_CHAR;
            continue;
        }
        for (j = i; j < n && s[j] != ' '; j++)
            ;
        memset(&word, 0, sizeof word);
        snprintf(buf, sizeof buf, "%.*s", (int)(j - i < 255 ? j - i : 255), s + i);
        word.text = buf;
        word.x1 = x;
        word.x2 = x + read_text_width(s + i, j - i) * TEXT_CHAR;
        word.y1 = y;
        word.y2 = y + 1;
        word.line = line;
        word.cell = cell;
        word.conf = 100;
        word.flags = bold ? TENSU_WORD_BOLD : 0;
        P->st = tensu_words_add(P->w, &word, P->err);
        x = word.x2;
        i = j;
    }
}

static void node_block(page *P, const xmlNode *n)
{
    lines_ L = {0};
    node_lines(n, &L);
    if (L.bad)
        P->st = error_fill_at(P->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    for (size_t i = 0; i < L.n && P->st == TENSU_OK; i++)
        if (L.l[i].text.n > 0 && !(L.l[i].text.n == 1 && L.l[i].text.s[0] == ' ')) {
            put_words(P, L.l[i].text.s, 0, P->y, L.l[i].line, 0, is(n, "th") || is(n, "b"));
            P->y += 1;
        }
    lines_free(&L);
}

#define MAX_COLS 64
#define MAX_ROWS 4000
#define MAX_SPAN 64

/* A cell of a table's grid. */
typedef struct gcell {
    const xmlNode *node;
    int row, col, rows, cols;
    lines_ lines;
} gcell;

static int attr_int(const xmlNode *n, const char *name, int lo, int hi)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    int x = v ? atoi((const char *)v) : 1;
    xmlFree(v);
    return x < lo ? lo : x > hi ? hi : x;
}

static size_t rows_of(const xmlNode *table, const xmlNode **rows, size_t max)
{
    size_t n = 0;
    for (const xmlNode *c = table->children; c != NULL && n < max; c = c->next) {
        if (hidden(c))
            continue;
        if (is(c, "tr")) {
            rows[n++] = c;
        } else if (is(c, "thead") || is(c, "tbody") || is(c, "tfoot")) {
            for (const xmlNode *r = c->children; r != NULL && n < max; r = r->next)
                if (is(r, "tr") && !hidden(r))
                    rows[n++] = r;
        }
    }
    return n;
}

static void walk(page *P, const xmlNode *n);
static void inner_tables(page *P, const xmlNode *n);

static void table(page *P, const xmlNode *tb)
{
    const xmlNode **rows = malloc(MAX_ROWS * sizeof *rows);
    size_t nrows, ncells = 0, cap = 0;
    gcell *cells = NULL;
    unsigned char *taken = NULL; /* [row][col]: a cell spanning into it */
    double colw[MAX_COLS] = {0}, *rowh = NULL, *rowy = NULL;
    int ncols = 0;
    if (rows == NULL) {
        P->st = error_fill_at(P->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
        return;
    }
    /* the caption above the table */
    for (const xmlNode *c = tb->children; c != NULL && P->st == TENSU_OK; c = c->next)
        if (is(c, "caption") && !hidden(c))
            node_block(P, c);
    nrows = rows_of(tb, rows, MAX_ROWS);
    taken = calloc(nrows ? nrows * MAX_COLS : 1, 1);
    rowh = calloc(nrows ? nrows : 1, sizeof *rowh);
    rowy = calloc(nrows ? nrows + 1 : 1, sizeof *rowy);
    if (taken == NULL || rowh == NULL || rowy == NULL)
        P->st = error_fill_at(P->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    /* the grid: each cell at the first column its row leaves free */
    for (size_t r = 0; r < nrows && P->st == TENSU_OK; r++) {
        int col = 0;
        for (const xmlNode *c = rows[r]->children; c != NULL; c = c->next) {
            gcell *g;
            if (!(is(c, "td") || is(c, "th")) || hidden(c))
                continue;
            while (col < MAX_COLS && taken[r * MAX_COLS + (size_t)col])
                col++;
            if (col >= MAX_COLS)
                break;
            if (ncells == cap) {
                size_t k = cap ? cap * 2 : 64;
                gcell *p = realloc(cells, k * sizeof *p);
                if (p == NULL) {
                    P->st = error_fill_at(P->err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
                    break;
                }
                cells = p;
                cap = k;
            }
            g = &cells[ncells++];
            memset(g, 0, sizeof *g);
            g->node = c;
            g->row = (int)r;
            g->col = col;
            g->cols = attr_int(c, "colspan", 1, MAX_SPAN);
            g->rows = attr_int(c, "rowspan", 1, MAX_SPAN);
            if (col + g->cols > MAX_COLS)
                g->cols = MAX_COLS - col;
            if ((size_t)g->rows > nrows - r)
                g->rows = (int)(nrows - r);
            for (int i = 0; i < g->rows; i++)
                for (int j = 0; j < g->cols; j++)
                    taken[(r + (size_t)i) * MAX_COLS + (size_t)(col + j)] = 1;
            node_lines(c, &g->lines);
            if (col + g->cols > ncols)
                ncols = col + g->cols;
            col += g->cols;
        }
    }
    if (P->st == TENSU_OK) {
        /* the columns' widths and the rows' heights, from the cells of one
         * column or row, then those spanning more */
        for (int pass = 0; pass < 2; pass++)
            for (size_t i = 0; i < ncells; i++) {
                gcell *g = &cells[i];
                double w = 0, h = 0, have = 0;
                for (size_t k = 0; k < g->lines.n; k++) {
                    const strbuf *t = &g->lines.l[k].text;
                    double lw = read_text_width(t->s, t->n) * TEXT_CHAR;
                    if (lw > w)
                        w = lw;
                    if (t->n > 0)
                        h = (double)k + 1;
                }
                w += 3 * TEXT_CHAR; /* the cell's padding */
                if ((g->cols == 1) == (pass == 0)) {
                    for (int j = 0; j < g->cols; j++)
                        have += colw[g->col + j];
                    if (w > have)
                        colw[g->col + g->cols - 1] += w - have;
                }
                if ((g->rows == 1) == (pass == 0)) {
                    have = 0;
                    for (int j = 0; j < g->rows; j++)
                        have += rowh[g->row + j];
                    if (h > have)
                        rowh[g->row + g->rows - 1] += h - have;
                }
            }
        for (size_t r = 0; r < nrows; r++) {
            if (rowh[r] < 1)
                rowh[r] = 1;
            rowy[r + 1] = rowy[r] + rowh[r];
        }
        /* the words: each cell's lines from its top left */
        for (size_t i = 0; i < ncells && P->st == TENSU_OK; i++) {
            gcell *g = &cells[i];
            double x = 0;
            int line = 0;
            for (int j = 0; j < g->col; j++)
                x += colw[j];
            P->cell++;
            for (size_t k = 0; k < g->lines.n && P->st == TENSU_OK; k++) {
                if (g->lines.l[k].text.n == 0)
                    continue;
                put_words(P, g->lines.l[k].text.s[0] == ' ' ? g->lines.l[k].text.s + 1
                                                             : g->lines.l[k].text.s,
                          x + TEXT_CHAR, P->y + rowy[g->row] + (double)k, g->lines.l[k].line,
                          P->cell, is(g->node, "th"));
                line++;
            }
        }
        P->y += rowy[nrows] + 1; /* a blank line after the table */
    }
    for (size_t i = 0; i < ncells; i++)
        lines_free(&cells[i].lines);
    free(cells);
    free(taken);
    free(rowh);
    free(rowy);
    /* tables inside the cells, after this one */
    for (size_t r = 0; r < nrows && P->st == TENSU_OK; r++)
        for (const xmlNode *c = rows[r]->children; c != NULL; c = c->next)
            if ((is(c, "td") || is(c, "th")) && !hidden(c))
                inner_tables(P, c->children);
    free(rows);
}

/* The tables inside a cell (their text is not the cell's). */
static void inner_tables(page *P, const xmlNode *n)
{
    for (const xmlNode *c = n; c != NULL && P->st == TENSU_OK; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || hidden(c))
            continue;
        if (is(c, "table"))
            table(P, c);
        else
            inner_tables(P, c->children);
    }
}

/* The page in document order: its tables, and its other text as lines. */
static void walk(page *P, const xmlNode *n)
{
    for (const xmlNode *c = n; c != NULL && P->st == TENSU_OK; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || hidden(c))
            continue;
        if (is(c, "table")) {
            table(P, c);
        } else {
            /* the text directly in it, then its children's */
            bool has_text = false, has_table = false;
            for (const xmlNode *k = c->children; k != NULL; k = k->next) {
                if (k->type == XML_TEXT_NODE && k->content != NULL) {
                    for (const xmlChar *s = k->content; *s; s++)
                        has_text |= *s != ' ' && *s != '\n' && *s != '\t' && *s != '\r';
                } else if (is(k, "table")) {
                    has_table = true;
                }
            }
            if (has_text && !has_table) {
                node_block(P, c);
                continue;
            }
            if (has_text) {
                /* text beside tables: the text, then the tables */
                node_block(P, c);
            }
            walk(P, c->children);
        }
    }
}

static void collect_styles(const xmlNode *n, css *c)
{
    for (const xmlNode *k = n; k != NULL; k = k->next) {
        if (is(k, "style")) {
            xmlChar *t = xmlNodeGetContent(k);
            if (t != NULL) {
                css_read(c, (const char *)t);
                xmlFree(t);
            }
        } else if (k->type == XML_ELEMENT_NODE) {
            collect_styles(k->children, c);
        }
    }
}

tensu_status doc_html_words(const char *data, size_t len, tensu_words **out, tensu_error *err)
{
    htmlDocPtr doc;
    page P;
    *out = NULL;
    if (len > (size_t)INT32_MAX)
        return error_fill_at(err, TENSU_ERR_RANGE, 0, 0, "a page of more than 2 GB");
    doc = htmlReadMemory(data, (int)len, NULL, "UTF-8",
                         HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                             HTML_PARSE_NONET);
    if (doc == NULL)
        return error_fill_at(err, TENSU_ERR_INVALID, 0, 0, "cannot read the HTML page");
    memset(&P, 0, sizeof P);
    P.err = err;
    P.w = tensu_words_new(TENSU_PLACES_LINES);
    if (P.w == NULL) {
        xmlFreeDoc(doc);
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    }
    {
        /* the page's styles, from its <style> elements */
        css *c = calloc(1, sizeof *c);
        if (c != NULL) {
            collect_styles(xmlDocGetRootElement(doc), c);
            styles = c;
        }
        walk(&P, xmlDocGetRootElement(doc));
        styles = NULL;
        free(c);
    }
    xmlFreeDoc(doc);
    if (P.st != TENSU_OK) {
        tensu_words_free(P.w);
        return P.st;
    }
    *out = P.w;
    return TENSU_OK;
}
