/* The chart model: a list of cells (han/fu or limit row, payment column,
 * value or empty mark, position) and the notes of what could not be read.
 * The readers of each format fill it (chart_read.c and the chart_*.c it
 * calls); JSON charts are parsed by the caller and fed in with
 * tensu_chart_add.  No I/O: the bytes come in memory. */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tensu_chart {
    char name[256];
    tensu_chart_format format;
    tensu_chart_cell *cells;
    size_t n, cap;
    bool has_rules;
    tensu_rules rules;
    tensu_chart_note *notes;
    size_t nnotes, notes_cap;
    int players, players_line; /* what the chart's words say (0: nothing) */
    char players_word[24];
    tensu_places places;
};

/* ------------------------------------------------------------------ */
/* The model                                                           */
/* ------------------------------------------------------------------ */

static const char *const format_names[] = {"auto", "csv",  "grid", "json", "wiki",
                                           "latex", "html", "pdf",  "svg",  "picture"};

const char *tensu_chart_format_name(tensu_chart_format f)
{
    if ((int)f < 0 || (size_t)f >= sizeof format_names / sizeof format_names[0])
        return "?";
    return format_names[f];
}

bool tensu_chart_format_parse(const char *name, tensu_chart_format *out)
{
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (strcmp(name, format_names[i]) == 0) {
            *out = (tensu_chart_format)i;
            return true;
        }
    if (strcmp(name, "text") == 0 || strcmp(name, "md") == 0 || strcmp(name, "markdown") == 0) {
        *out = TENSU_CHART_GRID;
        return true;
    }
    if (strcmp(name, "htm") == 0) {
        *out = TENSU_CHART_HTML;
        return true;
    }
    if (strcmp(name, "png") == 0 || strcmp(name, "jpeg") == 0 || strcmp(name, "jpg") == 0) {
        *out = TENSU_CHART_PICTURE;
        return true;
    }
    if (strcmp(name, "tex") == 0 || strcmp(name, "mediawiki") == 0) {
        *out = name[0] == 't' ? TENSU_CHART_LATEX : TENSU_CHART_WIKI;
        return true;
    }
    return false;
}

static const char *const pay_keys[TENSU_CHART_COLUMNS] = {
    "nondealer_ron", "nondealer_tsumo_from_nondealer", "nondealer_tsumo_from_dealer",
    "dealer_ron", "dealer_tsumo_each", "nondealer_tsumo_total", "dealer_tsumo_total"};
static const char *const pay_texts[TENSU_CHART_COLUMNS] = {
    "non-dealer ron", "non-dealer tsumo, each non-dealer's share",
    "non-dealer tsumo, the dealer's share", "dealer ron", "dealer tsumo, each payer's share",
    "non-dealer tsumo, the total", "dealer tsumo, the total"};

const char *tensu_chart_pay_key(tensu_chart_pay p)
{
    return (unsigned)p < TENSU_CHART_COLUMNS ? pay_keys[p] : "?";
}

const char *tensu_chart_pay_text(tensu_chart_pay p)
{
    return (unsigned)p < TENSU_CHART_COLUMNS ? pay_texts[p] : "?";
}

bool tensu_chart_pay_dealer(tensu_chart_pay p)
{
    return p == TENSU_CHART_DEALER_RON || p == TENSU_CHART_DEALER_TSUMO_EACH ||
           p == TENSU_CHART_DEALER_TSUMO_TOTAL;
}

bool tensu_chart_pay_tsumo(tensu_chart_pay p)
{
    return p != TENSU_CHART_NONDEALER_RON && p != TENSU_CHART_DEALER_RON;
}

tensu_chart *tensu_chart_new(const char *name, tensu_chart_format format)
{
    tensu_chart *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    snprintf(c->name, sizeof c->name, "%s", name ? name : "chart");
    c->format = format;
    return c;
}

void tensu_chart_free(tensu_chart *c)
{
    if (c == NULL)
        return;
    free(c->cells);
    free(c->notes);
    free(c);
}

/* Room for one more element in a growing array (*items, n used of *cap). */
static tensu_status grow(void **items, size_t n, size_t *cap, size_t size, size_t first,
                         tensu_error *err)
{
    if (n == *cap) {
        size_t c = *cap ? *cap * 2 : first;
        void *p = realloc(*items, c * size);
        if (p == NULL)
            return error_fill(err, TENSU_ERR_NOMEM, "out of memory");
        *items = p;
        *cap = c;
    }
    return TENSU_OK;
}

tensu_status tensu_chart_note_add(tensu_chart *c, const tensu_chart_note *n, tensu_error *err)
{
    if (c->nnotes >= TENSU_CHART_MAX_NOTES)
        return TENSU_OK; /* the last kept says that more were left out */
    if (grow((void **)&c->notes, c->nnotes, &c->notes_cap, sizeof *c->notes, 16, err) !=
        TENSU_OK)
        return TENSU_ERR_NOMEM;
    c->notes[c->nnotes] = *n;
    if (++c->nnotes == TENSU_CHART_MAX_NOTES)
        snprintf(c->notes[c->nnotes - 1].why, sizeof c->notes[0].why,
                 "and more: a chart keeps %d notes at most", TENSU_CHART_MAX_NOTES);
    return TENSU_OK;
}

size_t tensu_chart_note_count(const tensu_chart *c)
{
    return c->nnotes;
}

const tensu_chart_note *tensu_chart_note_at(const tensu_chart *c, size_t i)
{
    return i < c->nnotes ? &c->notes[i] : NULL;
}

tensu_status tensu_chart_add(tensu_chart *c, const tensu_chart_cell *cell, tensu_error *err)
{
    if (cell->han <= 0 && cell->limit == TENSU_LIMIT_NONE)
        return error_fill_at(err, TENSU_ERR_RANGE, cell->line, cell->column,
                             "a cell needs a han count or a limit row");
    if ((unsigned)cell->pay >= TENSU_CHART_COLUMNS)
        return error_fill(err, TENSU_ERR_RANGE, "bad payment column %d", (int)cell->pay);
    if (c->n >= TENSU_CHART_MAX_CELLS)
        return error_fill_at(err, TENSU_ERR_RANGE, cell->line, cell->column,
                             "more than %d cells: the most a chart may have (a full point "
                             "table has about 700)",
                             TENSU_CHART_MAX_CELLS);
    if (grow((void **)&c->cells, c->n, &c->cap, sizeof *c->cells, 64, err) != TENSU_OK)
        return TENSU_ERR_NOMEM;
    c->cells[c->n++] = *cell;
    return TENSU_OK;
}

void tensu_chart_set_rules(tensu_chart *c, const tensu_rules *r)
{
    c->has_rules = r != NULL;
    if (r != NULL)
        c->rules = *r;
}

const tensu_rules *tensu_chart_rules(const tensu_chart *c)
{
    return c->has_rules ? &c->rules : NULL;
}

size_t tensu_chart_count(const tensu_chart *c)
{
    return c->n;
}

const tensu_chart_cell *tensu_chart_cell_at(const tensu_chart *c, size_t i)
{
    return i < c->n ? &c->cells[i] : NULL;
}

const char *tensu_chart_name(const tensu_chart *c)
{
    return c->name;
}

tensu_chart_format tensu_chart_format_of(const tensu_chart *c)
{
    return c->format;
}

void tensu_chart_set_players(tensu_chart *c, int players, int line, const char *word)
{
    c->players = players == 3 ? 3 : 0;
    c->players_line = line;
    snprintf(c->players_word, sizeof c->players_word, "%s", word ? word : "");
}

int tensu_chart_players(const tensu_chart *c, int *line, char *word)
{
    if (line != NULL)
        *line = c->players_line;
    if (word != NULL)
        snprintf(word, 24, "%s", c->players_word);
    return c->players;
}

void tensu_chart_set_places(tensu_chart *c, tensu_places places)
{
    c->places = places;
}

tensu_places tensu_chart_places(const tensu_chart *c)
{
    return c->places;
}

tensu_chart_cell *chart_cell_edit(tensu_chart *c, size_t i)
{
    return i < c->n ? &c->cells[i] : NULL;
}

int tensu_chart_row_yakuman(int han, tensu_limit limit, int yakuman)
{
    if (limit == TENSU_LIMIT_YAKUMAN)
        return yakuman > 0 ? yakuman : 1;
    if (limit == TENSU_LIMIT_NONE && han > TENSU_AOTENJOU_YAKUMAN_HAN &&
        han % TENSU_AOTENJOU_YAKUMAN_HAN == 0)
        return han / TENSU_AOTENJOU_YAKUMAN_HAN;
    return 0;
}

tensu_status tensu_chart_row_pay(const tensu_rules *r, int han, int fu, tensu_limit limit,
                                 int yakuman, bool dealer, bool tsumo, int honba,
                                 tensu_payment *out, tensu_error *err)
{
    int yk = tensu_chart_row_yakuman(han, limit, yakuman);
    if (yk > 0)
        return tensu_pay(r, 0, 30, yk, dealer, tsumo, honba, 0, out, err);
    if (limit == TENSU_LIMIT_KAZOE_YAKUMAN)
        return tensu_pay(r, tensu_limit_han(limit), 30, 0, dealer, tsumo, honba, 0, out, err);
    if (limit != TENSU_LIMIT_NONE)
        return tensu_pay_limit(r, limit, 0, dealer, tsumo, honba, out, err);
    return tensu_pay(r, han, fu ? fu : 30, 0, dealer, tsumo, honba, 0, out, err);
}
