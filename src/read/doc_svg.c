/* SVG pictures as words (tensu verify card.svg): the text of the picture
 * where it stands, its <text> and <tspan> elements placed by their x and
 * y, their size, their anchor and the transforms of the groups around
 * them; text turned upside down (a tent card's far face) marked so.  A
 * word's width is the text's own length (textLength) shared among its
 * characters, else about half its size a character.  An SVG whose text is
 * all outlines has no words to read: tensu's own SVGs carry their text
 * unseen, where it stands.  Read with libxml2, without the network or
 * entities. */
#include "doc.h"
#include "words.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <ctype.h>
#include <math.h>

#define PI 3.14159265358979323846
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A space's width, of a character's. */
#define SPACE 0.45

/* An affine transform: x' = a x + c y + e, y' = b x + d y + f. */
typedef struct mat {
    double a, b, c, d, e, f;
} mat;

static mat mul(mat m, mat n) /* m then n: n(m(p)) */
{
    mat r;
    r.a = n.a * m.a + n.c * m.b;
    r.b = n.b * m.a + n.d * m.b;
    r.c = n.a * m.c + n.c * m.d;
    r.d = n.b * m.c + n.d * m.d;
    r.e = n.a * m.e + n.c * m.f + n.e;
    r.f = n.b * m.e + n.d * m.f + n.f;
    return r;
}

static const char *numbers(const char *s, double *v, int max, int *n)
{
    *n = 0;
    while (*s && *s != ')' && *n < max) {
        char *end;
        double x;
        while (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n')
            s++;
        if (*s == ')' || *s == '\0')
            break;
        x = strtod(s, &end);
        if (end == s)
            break;
        v[(*n)++] = x;
        s = end;
    }
    return s;
}

/* A transform attribute: translate, scale, rotate, matrix, in order. */
static mat parse_transform(const char *s)
{
    mat m = {1, 0, 0, 1, 0, 0};
    while (s != NULL && *s) {
        double v[6];
        int n;
        mat t = {1, 0, 0, 1, 0, 0};
        while (*s && !isalpha((unsigned char)*s))
            s++;
        if (strncmp(s, "translate", 9) == 0) {
            s = numbers(strchr(s, '(') ? strchr(s, '(') + 1 : s + 9, v, 6, &n);
            t.e = n > 0 ? v[0] : 0;
            t.f = n > 1 ? v[1] : 0;
        } else if (strncmp(s, "scale", 5) == 0) {
            s = numbers(strchr(s, '(') ? strchr(s, '(') + 1 : s + 5, v, 6, &n);
            t.a = n > 0 ? v[0] : 1;
            t.d = n > 1 ? v[1] : t.a;
        } else if (strncmp(s, "rotate", 6) == 0) {
            double r;
            s = numbers(strchr(s, '(') ? strchr(s, '(') + 1 : s + 6, v, 6, &n);
            r = n > 0 ? v[0] * PI / 180 : 0;
            t.a = cos(r), t.b = sin(r), t.c = -sin(r), t.d = cos(r);
            if (n >= 3) {
                /* about a point: translate, rotate, translate back */
                mat to = {1, 0, 0, 1, -v[1], -v[2]}, back = {1, 0, 0, 1, v[1], v[2]};
                t = mul(mul(to, t), back);
            }
        } else if (strncmp(s, "matrix", 6) == 0) {
            s = numbers(strchr(s, '(') ? strchr(s, '(') + 1 : s + 6, v, 6, &n);
            if (n == 6)
                t = (mat){v[0], v[1], v[2], v[3], v[4], v[5]};
        } else if (*s) {
            s++;
            continue;
        }
        /* each transform applies to what the later ones give */
        m = mul(t, m);
        if (*s == ')')
            s++;
    }
    return m;
}

typedef struct svg {
    tensu_words *w;
    tensu_error *err;
    tensu_status st;
    int depth;
} svg;

static double attr_num(const xmlNode *n, const char *name, double fallback)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    double x = fallback;
    if (v != NULL) {
        char *end;
        double y = strtod((const char *)v, &end);
        if (end != (char *)v)
            x = y;
        xmlFree(v);
    }
    return x;
}

/* A style property's value ("font-size:12px" in style="..."), or the
 * attribute of that name. */
static bool style(const xmlNode *n, const char *name, char *buf, size_t size)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)"style");
    bool found = false;
    if (v != NULL) {
        const char *p = strstr((const char *)v, name);
        if (p != NULL && (p = strchr(p, ':')) != NULL) {
            size_t k = 0;
            p++;
            while (*p == ' ')
                p++;
            while (*p && *p != ';' && k + 1 < size)
                buf[k++] = *p++;
            buf[k] = '\0';
            found = true;
        }
        xmlFree(v);
    }
    if (!found && (v = xmlGetProp(n, (const xmlChar *)name)) != NULL) {
        snprintf(buf, size, "%s", (const char *)v);
        xmlFree(v);
        found = true;
    }
    return found;
}

/* Inherited text properties. */
typedef struct props {
    mat m;
    double size;
    int anchor;   /* 0 start, 1 middle, 2 end */
    bool bold;
} props;

static props inherit(const xmlNode *n, props p)
{
    char v[64];
    xmlChar *t = xmlGetProp(n, (const xmlChar *)"transform");
    if (t != NULL) {
        p.m = mul(parse_transform((const char *)t), p.m);
        xmlFree(t);
    }
    if (style(n, "font-size", v, sizeof v) && atof(v) > 0)
        p.size = atof(v);
    if (style(n, "text-anchor", v, sizeof v))
        p.anchor = strstr(v, "middle") ? 1 : strstr(v, "end") ? 2 : 0;
    if (style(n, "font-weight", v, sizeof v))
        p.bold = strstr(v, "bold") != NULL || atoi(v) >= 600;
    return p;
}

/* The words of a run of text at (x, y) (its baseline), each character
 * advance wide. */
static void put_run(svg *S, const char *text, double x, double y, double advance, props p,
                    int line)
{
    size_t n = strlen(text), i = 0;
    double width, chars = 0;
    for (size_t k = 0; k < n; k++)
        if (((unsigned char)text[k] & 0xC0) != 0x80)
            chars += text[k] == ' ' ? SPACE : 1;
    width = advance * chars;
    if (p.anchor == 1)
        x -= width / 2;
    else if (p.anchor == 2)
        x -= width;
    while (i < n && S->st == TENSU_OK) {
        size_t j;
        double x1, x2, pts[4][2];
        tensu_word word;
        char buf[256];
        size_t before = 0;
        if (isspace((unsigned char)text[i])) {
            i++;
            x += SPACE * advance;
            continue;
        }
        for (j = i; j < n && !isspace((unsigned char)text[j]); j++)
            before += ((unsigned char)text[j] & 0xC0) != 0x80;
        x1 = x;
        x2 = x + advance * (double)before;
        /* the word's box, through the transform */
        {
            double bx[2] = {x1, x2}, by[2] = {y - 0.8 * p.size, y + 0.2 * p.size};
            for (int c = 0; c < 4; c++) {
                double px = bx[c & 1], py = by[c >> 1];
                pts[c][0] = p.m.a * px + p.m.c * py + p.m.e;
                pts[c][1] = p.m.b * px + p.m.d * py + p.m.f;
            }
        }
        memset(&word, 0, sizeof word);
        snprintf(buf, sizeof buf, "%.*s", (int)(j - i < 255 ? j - i : 255), text + i);
        word.text = buf;
        word.x1 = word.x2 = pts[0][0];
        word.y1 = word.y2 = pts[0][1];
        for (int c = 1; c < 4; c++) {
            word.x1 = pts[c][0] < word.x1 ? pts[c][0] : word.x1;
            word.x2 = pts[c][0] > word.x2 ? pts[c][0] : word.x2;
            word.y1 = pts[c][1] < word.y1 ? pts[c][1] : word.y1;
            word.y2 = pts[c][1] > word.y2 ? pts[c][1] : word.y2;
        }
        if (word.x2 <= word.x1 || word.y2 <= word.y1) {
            i = j;
            x = x2;
            continue;
        }
        word.line = line;
        word.conf = 100;
        /* upside down: the transform turns right to left and down to up */
        if (p.m.a < 0 && p.m.d < 0)
            word.flags |= TENSU_WORD_TURNED;
        if (p.bold)
            word.flags |= TENSU_WORD_BOLD;
        S->st = tensu_words_add(S->w, &word, S->err);
        i = j;
        x = x2;
    }
}

/* A <text>'s own text and its <tspan>s, each where it says. */
static void text_element(svg *S, const xmlNode *t, props p, double x, double y)
{
    double length = attr_num(t, "textLength", -1);
    for (const xmlNode *c = t->children; c != NULL && S->st == TENSU_OK; c = c->next) {
        if (c->type == XML_TEXT_NODE && c->content != NULL) {
            const char *s = (const char *)c->content;
            double chars = 0, adv;
            /* a space is about half a character wide */
            for (const char *k = s; *k; k++)
                if (((unsigned char)*k & 0xC0) != 0x80)
                    chars += *k == ' ' ? SPACE : 1;
            adv = length > 0 && chars > 0 ? length / chars : 0.55 * p.size;
            put_run(S, s, x, y, adv, p, (int)xmlGetLineNo((xmlNode *)c));
            x += adv * chars;
        } else if (c->type == XML_ELEMENT_NODE &&
                   xmlStrcmp(c->name, (const xmlChar *)"tspan") == 0) {
            props q = inherit(c, p);
            text_element(S, c, q, attr_num(c, "x", x), attr_num(c, "y", y));
        }
    }
}

static void walk(svg *S, const xmlNode *n, props p)
{
    if (++S->depth > 200) {
        S->depth--;
        return; /* bounded work on a document nested without end */
    }
    for (const xmlNode *c = n; c != NULL && S->st == TENSU_OK; c = c->next) {
        props q;
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (xmlStrcmp(c->name, (const xmlChar *)"defs") == 0 ||
            xmlStrcmp(c->name, (const xmlChar *)"title") == 0 ||
            xmlStrcmp(c->name, (const xmlChar *)"desc") == 0 ||
            xmlStrcmp(c->name, (const xmlChar *)"metadata") == 0 ||
            xmlStrcmp(c->name, (const xmlChar *)"style") == 0)
            continue;
        q = inherit(c, p);
        if (xmlStrcmp(c->name, (const xmlChar *)"text") == 0)
            text_element(S, c, q, attr_num(c, "x", 0), attr_num(c, "y", 0));
        else
            walk(S, c->children, q);
    }
    S->depth--;
}

tensu_status doc_svg_words(const char *data, size_t len, tensu_words **out, tensu_error *err)
{
    xmlDocPtr doc;
    xmlNode *root;
    svg S;
    props p = {{1, 0, 0, 1, 0, 0}, 16, 0, false};
    double vb[4] = {0, 0, 0, 0};
    *out = NULL;
    if (len > (size_t)INT32_MAX)
        return error_fill_at(err, TENSU_ERR_RANGE, 0, 0, "an SVG of more than 2 GB");
    doc = xmlReadMemory(data, (int)len, NULL, NULL,
                        XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                            XML_PARSE_RECOVER);
    if (doc == NULL || (root = xmlDocGetRootElement(doc)) == NULL ||
        xmlStrcmp(root->name, (const xmlChar *)"svg") != 0) {
        xmlFreeDoc(doc);
        return error_fill_at(err, TENSU_ERR_INVALID, 0, 0, "not an SVG picture libxml2 can read");
    }
    memset(&S, 0, sizeof S);
    S.err = err;
    S.w = tensu_words_new(TENSU_PLACES_LINES);
    if (S.w == NULL) {
        xmlFreeDoc(doc);
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    }
    {
        /* the page: its viewBox, else its width and height */
        xmlChar *v = xmlGetProp(root, (const xmlChar *)"viewBox");
        int n = 0;
        if (v != NULL) {
            numbers((const char *)v, vb, 4, &n);
            xmlFree(v);
        }
        if (n < 4 || vb[2] <= 0 || vb[3] <= 0) {
            vb[2] = attr_num(root, "width", 0);
            vb[3] = attr_num(root, "height", 0);
        }
        if (vb[2] > 0 && vb[3] > 0)
            tensu_words_page_size(S.w, 0, vb[2], vb[3], NULL);
    }
    p = inherit(root, p);
    walk(&S, root->children, p);
    xmlFreeDoc(doc);
    if (S.st == TENSU_OK && tensu_words_count(S.w) == 0)
        S.st = error_fill_at(err, TENSU_ERR_INVALID, 0, 0,
                             "no text in the SVG (its text is drawn as outlines): give the chart "
                             "as a PDF or a picture");
    if (S.st != TENSU_OK) {
        tensu_words_free(S.w);
        return S.st;
    }
    *out = S.w;
    return TENSU_OK;
}
