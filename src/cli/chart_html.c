/* Charts on web pages (tensu verify page.html): the tables of an HTML page
 * (or of Markdown holding HTML tables), read with libxml2's HTML parser,
 * turned into the grid text the core's chart reader reads: one line per
 * table row, cells separated by '|', a cell spanning rows or columns
 * repeated in each (rowspan, colspan), <br> a space; the headings and
 * captions before a table as lines of their own ("Dealer", "Table 6.12:
 * Scores for dealer"); a blank line between tables.  Each text line keeps
 * the line of the page it comes from, so that findings name the page's
 * lines.  Extraction only: the grammar of cells is the core's. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "cli.h"
#include "extract.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <stdlib.h>
#include <string.h>

static bool is(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && xmlStrcasecmp(n->name, (const xmlChar *)name) == 0;
}

/* The text of a node: text nodes joined, <br> and block ends as spaces,
 * runs of white space as one, '|' (our cell separator) as '/'. */
static void text_of(const xmlNode *n, extract *t)
{
    for (const xmlNode *c = n->children; c != NULL; c = c->next) {
        if (c->type == XML_TEXT_NODE && c->content != NULL) {
            for (const xmlChar *p = c->content; *p; p++) {
                char ch = *p == '|' ? '/' : (char)*p;
                if (ch == '\n' || ch == '\r' || ch == '\t' || ch == '\f')
                    ch = ' ';
                if (ch == ' ' && (t->n == 0 || t->s[t->n - 1] == ' '))
                    continue;
                extract_add(t, &ch, 1);
            }
        } else if (is(c, "br")) {
            if (t->n > 0 && t->s[t->n - 1] != ' ')
                extract_add(t, " ", 1);
        } else if (c->type == XML_ELEMENT_NODE && !is(c, "table") && !is(c, "script") &&
                   !is(c, "style")) {
            text_of(c, t);
        }
    }
}

static int attr_int(const xmlNode *n, const char *name, int lo, int hi)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    int x = v ? atoi((const char *)v) : 1;
    xmlFree(v);
    return x < lo ? lo : x > hi ? hi : x;
}

#define MAX_COLS 40
#define MAX_SPAN 60

/* The rows of a table, in order (thead, tbody, tfoot or directly). */
static size_t rows_of(const xmlNode *table, const xmlNode **rows, size_t max)
{
    size_t n = 0;
    for (const xmlNode *c = table->children; c != NULL && n < max; c = c->next) {
        if (is(c, "tr")) {
            rows[n++] = c;
        } else if (is(c, "thead") || is(c, "tbody") || is(c, "tfoot")) {
            for (const xmlNode *r = c->children; r != NULL && n < max; r = r->next)
                if (is(r, "tr"))
                    rows[n++] = r;
        }
    }
    return n;
}

/* A cell spanning rows: its text and how many rows it still covers. */
typedef struct pending {
    char *text;
    int left;
} pending;

static void table(const xmlNode *tb, extract *o)
{
    const xmlNode *rows[2000];
    size_t nrows = rows_of(tb, rows, sizeof rows / sizeof rows[0]);
    pending down[MAX_COLS];
    memset(down, 0, sizeof down);
    for (const xmlNode *c = tb->children; c != NULL; c = c->next)
        if (is(c, "caption")) {
            extract t = {0};
            text_of(c, &t);
            if (t.n > 0) {
                extract_add(o, t.s, t.n);
                extract_line(o, (int)xmlGetLineNo(c));
            }
            free(t.s);
        }
    for (size_t r = 0; r < nrows && !o->bad; r++) {
        const xmlNode *cell = rows[r]->children;
        int col = 0;
        bool any = false;
        while (col < MAX_COLS) {
            const char *text;
            extract t = {0};
            int cs = 1, rs = 1;
            if (down[col].left > 0) {
                text = down[col].text;
                down[col].left--;
            } else {
                while (cell != NULL && !is(cell, "td") && !is(cell, "th"))
                    cell = cell->next;
                if (cell == NULL)
                    break;
                text_of(cell, &t);
                cs = attr_int(cell, "colspan", 1, MAX_COLS);
                rs = attr_int(cell, "rowspan", 1, MAX_SPAN);
                text = t.s ? t.s : "";
                cell = cell->next;
            }
            for (int k = 0; k < cs && col < MAX_COLS; k++, col++) {
                if (any)
                    extract_add(o, " | ", 3);
                extract_add(o, text, strlen(text));
                any = true;
                if (rs > 1) {
                    free(down[col].text);
                    down[col].text = strdup(text);
                    down[col].left = rs - 1;
                    if (down[col].text == NULL)
                        o->bad = true;
                }
            }
            free(t.s);
        }
        if (any)
            extract_line(o, (int)xmlGetLineNo((xmlNode *)rows[r]));
    }
    for (int c = 0; c < MAX_COLS; c++)
        free(down[c].text);
    extract_line(o, (int)xmlGetLineNo((xmlNode *)tb));
}

/* The page in document order: headings and paragraphs as lines, tables
 * as rows (a table inside a table cell is read with that cell's text). */
static void walk(const xmlNode *n, extract *o)
{
    for (const xmlNode *c = n; c != NULL && !o->bad; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is(c, "table")) {
            table(c, o);
        } else if (is(c, "h1") || is(c, "h2") || is(c, "h3") || is(c, "h4") || is(c, "h5") ||
                   is(c, "h6") || is(c, "p") || is(c, "caption") || is(c, "figcaption") ||
                   is(c, "dt") || is(c, "li")) {
            extract t = {0};
            text_of(c, &t);
            if (t.n > 0) {
                extract_add(o, t.s, t.n);
                extract_line(o, (int)xmlGetLineNo((xmlNode *)c));
            }
            free(t.s);
            /* tables inside (rare in these) are read too */
            for (const xmlNode *x = c->children; x != NULL; x = x->next)
                if (is(x, "table"))
                    table(x, o);
        } else if (!is(c, "script") && !is(c, "style") && !is(c, "head")) {
            walk(c->children, o);
        }
    }
}

char *cli_html_tables(const char *data, size_t len, int **map, size_t *nlines)
{
    htmlDocPtr doc;
    extract o = {0};
    if (len > (size_t)INT32_MAX)
        return NULL;
    doc = htmlReadMemory(data, (int)len, NULL, "UTF-8",
                         HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                             HTML_PARSE_NONET);
    if (doc == NULL)
        return NULL;
    walk(xmlDocGetRootElement(doc), &o);
    xmlFreeDoc(doc);
    if (o.bad || o.s == NULL) {
        extract_free(&o);
        return NULL;
    }
    *map = o.from;
    *nlines = o.lines;
    return o.s;
}
