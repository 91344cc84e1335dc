/* A document's words, where they stand (tensu.h): what every format's
 * reader makes and the table reader reads.  The texts live in blocks that
 * never move, so that a word's text pointer stays good. */
#include "words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tensu_words *tensu_words_new(tensu_places places)
{
    tensu_words *w = calloc(1, sizeof *w);
    if (w != NULL)
        w->places = places;
    return w;
}

void tensu_words_free(tensu_words *w)
{
    if (w == NULL)
        return;
    while (w->blocks != NULL) {
        text_block *b = w->blocks;
        w->blocks = b->next;
        free(b);
    }
    free(w->words);
    free(w->pages);
    free(w->notes);
    free(w);
}

tensu_status tensu_words_add(tensu_words *w, const tensu_word *word, tensu_error *err)
{
    size_t len;
    if (word->text == NULL || word->text[0] == '\0' || !(word->x2 >= word->x1) ||
        !(word->y2 > word->y1))
        return error_fill_at(err, TENSU_ERR_INVALID, 0, 0, "a word needs a text and a box");
    if (w->n >= TENSU_WORDS_MAX)
        return error_fill_at(err, TENSU_ERR_RANGE, 0, 0,
                          "more than %d words: the most a chart is read from (a page of "
                          "tables has a few thousand)",
                          TENSU_WORDS_MAX);
    len = strlen(word->text);
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 256;
        tensu_word *p = realloc(w->words, cap * sizeof *p);
        if (p == NULL)
            return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
        w->words = p;
        w->cap = cap;
    }
    if (w->blocks == NULL || w->blocks->used + len + 1 > w->blocks->size) {
        size_t size = len + 1 > TEXT_BLOCK ? len + 1 : TEXT_BLOCK;
        text_block *b = malloc(sizeof *b + size);
        if (b == NULL)
            return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
        b->next = w->blocks;
        b->size = size;
        b->used = 0;
        w->blocks = b;
    }
    w->words[w->n] = *word;
    w->words[w->n].text = w->blocks->text + w->blocks->used;
    memcpy(w->blocks->text + w->blocks->used, word->text, len + 1);
    w->blocks->used += len + 1;
    w->n++;
    return TENSU_OK;
}

size_t tensu_words_count(const tensu_words *w)
{
    return w->n;
}

const tensu_word *tensu_words_at(const tensu_words *w, size_t i)
{
    return i < w->n ? &w->words[i] : NULL;
}

tensu_status tensu_words_page_size(tensu_words *w, int page, double width, double height,
                                   tensu_error *err)
{
    if (page < 0 || page > 100000 || !(width > 0) || !(height > 0))
        return error_fill_at(err, TENSU_ERR_RANGE, 0, 0, "bad page size");
    if ((size_t)page >= w->npages) {
        size_t n = (size_t)page + 1;
        page_size *p = realloc(w->pages, n * sizeof *p);
        if (p == NULL)
            return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
        memset(p + w->npages, 0, (n - w->npages) * sizeof *p);
        w->pages = p;
        w->npages = n;
    }
    w->pages[page].w = width;
    w->pages[page].h = height;
    return TENSU_OK;
}

tensu_places tensu_words_places(const tensu_words *w)
{
    return w->places;
}

void tensu_words_set_rules(tensu_words *w, const tensu_rules *r)
{
    w->has_rules = r != NULL;
    if (r != NULL)
        w->rules = *r;
}

tensu_status read_words_note(tensu_words *w, int line, int column, int cells, const char *text,
                             const char *why, tensu_error *err)
{
    word_note *p, *n;
    if (w->nnotes >= TENSU_CHART_MAX_NOTES)
        return TENSU_OK;
    p = realloc(w->notes, (w->nnotes + 1) * sizeof *p);
    if (p == NULL)
        return error_fill_at(err, TENSU_ERR_NOMEM, 0, 0, "out of memory");
    w->notes = p;
    n = &p[w->nnotes++];
    n->line = line;
    n->column = column;
    n->cells = cells;
    snprintf(n->text, sizeof n->text, "%s", text);
    snprintf(n->why, sizeof n->why, "%s", why);
    return TENSU_OK;
}
