/* Tiles and the mpsz notation; checking a hand and building the context
 * every reading shares. */
#include "scorer.h"

#include <stdio.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The kinds three players play without: the characters 2 to 8 (a bit per
 * kind, 1 << kind). */
#define SANMA_ABSENT 0xFEULL

bool tensu_tile_in_play(const tensu_rules *r, int kind)
{
    return kind >= 0 && kind < TENSU_TILE_KINDS &&
           !(r->players == 3 && ((SANMA_ABSENT >> kind) & 1));
}

static const char suit_letter[4] = {'m', 'p', 's', 'z'};

const char *tensu_tile_name(int kind, bool red, char *buf)
{
    if (kind < 0 || kind >= TENSU_TILE_KINDS) {
        buf[0] = '?';
        buf[1] = '\0';
        return buf;
    }
    buf[0] = red ? '0' : (char)('1' + kind % 9);
    buf[1] = suit_letter[kind / 9];
    buf[2] = '\0';
    return buf;
}

size_t tensu_tiles_write(const int *counts, const int *red, char *buf, size_t size)
{
    size_t len = 0;
    for (int s = 0; s < 4; s++) {
        bool any = false;
        for (int k = s * 9; k < (s == 3 ? TENSU_TILE_KINDS : s * 9 + 9); k++)
            for (int n = 0; n < counts[k]; n++) {
                bool r = s < 3 && k % 9 == 4 && red != NULL && n < red[s];
                if (len + 1 < size)
                    buf[len] = r ? '0' : (char)('1' + k % 9);
                len++;
                any = true;
            }
        if (any) {
            if (len + 1 < size)
                buf[len] = suit_letter[s];
            len++;
        }
    }
    if (size > 0)
        buf[len < size ? len : size - 1] = '\0';
    return len;
}

size_t tensu_meld_write(const tensu_meld *m, char *buf, size_t size)
{
    int counts[TENSU_TILE_KINDS] = {0}, red[3] = {0, 0, 0};
    bool chi = m->type == TENSU_MELD_CHI;
    if (m->tile < 0 || m->tile >= TENSU_TILE_KINDS || (chi && (m->tile >= 27 || m->tile % 9 > 6)))
        return (size_t)snprintf(buf, size, "?");
    for (int j = 0; j < (chi || m->type == TENSU_MELD_PON ? 3 : 4); j++)
        counts[m->tile + (chi ? j : 0)]++;
    if (m->tile < 27)
        red[m->tile / 9] = m->red;
    return tensu_tiles_write(counts, red, buf, size);
}

void tensu_hand_init(tensu_hand *h)
{
    memset(h, 0, sizeof *h);
    h->win = -1;
    h->seat = TENSU_SOUTH;
    h->round = TENSU_EAST;
    h->pao = -1;
}

bool tensu_hand_open(const tensu_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != TENSU_MELD_ANKAN)
            return true;
    return false;
}

tensu_status tensu_tiles_parse(const char *text, int *kinds, bool *red, int max, int *n,
                               tensu_error *err)
{
    int count = 0, start = 0; /* tiles waiting for their suit letter */
    *n = 0;
    if (text == NULL) /* a record's field that is missing or not a string */
        return error_fill(err, TENSU_ERR_INVALID, "tiles missing");
    for (int i = 0; text[i] != '\0'; i++) {
        char ch = text[i];
        if (ch == ' ' || ch == ',')
            continue; /* between tiles, as people write them: "123m 456p", "4m,2p" */
        if (ch >= '0' && ch <= '9') {
            if (count == 0)
                start = i;
            if (*n + count >= max)
                return error_fill_at(err, TENSU_ERR_INVALID, 0, i + 1,
                                     "too many tiles (at most %d here)", max);
            kinds[*n + count] = ch - '0';
            count++;
            continue;
        }
        if (ch == 'm' || ch == 'p' || ch == 's' || ch == 'z') {
            int suit = ch == 'm' ? 0 : ch == 'p' ? 1 : ch == 's' ? 2 : 3;
            if (count == 0)
                return error_fill_at(err, TENSU_ERR_INVALID, 0, i + 1,
                                     "suit letter '%c' without tile numbers before it", ch);
            for (int j = 0; j < count; j++) {
                int d = kinds[*n + j];
                bool is_red = d == 0;
                if (suit == 3 && (d < 1 || d > 7))
                    return error_fill_at(err, TENSU_ERR_INVALID, 0, start + j + 1,
                                         "no honour tile '%dz': honours are 1z..7z", d);
                if (is_red)
                    d = 5;
                kinds[*n + j] = suit * 9 + d - 1;
                if (red != NULL)
                    red[*n + j] = is_red;
            }
            *n += count;
            count = 0;
            continue;
        }
        if ((unsigned char)ch >= 32 && (unsigned char)ch < 127)
            return error_fill_at(err, TENSU_ERR_INVALID, 0, i + 1,
                                 "unknown letter '%c': tiles are digits followed by m, p, s or z",
                                 ch);
        return error_fill_at(err, TENSU_ERR_INVALID, 0, i + 1,
                             "unknown character (byte 0x%02x): tiles are digits followed by "
                             "m, p, s or z", (unsigned)(unsigned char)ch);
    }
    if (count > 0)
        return error_fill_at(err, TENSU_ERR_INVALID, 0, start + 1,
                             "tile numbers without a suit letter (m, p, s or z) after them");
    return TENSU_OK;
}

/* Copies of kind k in the hand so far (concealed, melds, winning tile). */
static int copies(const tensu_hand *h, int k)
{
    int n = h->tiles[k];
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        if (m->type == TENSU_MELD_CHI) {
            n += k >= m->tile && k < m->tile + 3;
        } else if (k == m->tile) {
            n += m->type == TENSU_MELD_PON ? 3 : 4;
        }
    }
    if (k == 30)
        n += h->nukidora;
    return n;
}

static tensu_status add_tiles(tensu_hand *h, const char *text, int offset, tensu_error *err)
{
    int kinds[20];
    bool red[20];
    int n;
    tensu_status s = tensu_tiles_parse(text, kinds, red, 20, &n, err);
    if (s != TENSU_OK) {
        if (err != NULL && err->column > 0)
            err->column += offset;
        return s;
    }
    if (h->ntiles + n > 14)
        return error_fill_at(err, TENSU_ERR_INVALID, 0, offset + 1,
                             "too many concealed tiles: %d (at most 14)", h->ntiles + n);
    for (int i = 0, col = 0; i < n; i++) {
        int k = kinds[i];
        /* the column of the i-th digit */
        int seen = -1;
        for (col = 0; text[col] != '\0'; col++)
            if (text[col] >= '0' && text[col] <= '9' && ++seen == i)
                break;
        if (copies(h, k) >= 4) {
            char nb[4];
            return error_fill_at(err, TENSU_ERR_INVALID, 0, offset + col + 1,
                                 "a fifth copy of %s: there are only four of each tile",
                                 tensu_tile_name(k, false, nb));
        }
        h->tiles[k]++;
        h->ntiles++;
        if (red[i])
            h->red[k / 9]++;
    }
    return TENSU_OK;
}

tensu_status tensu_hand_parse(const char *text, tensu_hand *h, tensu_error *err)
{
    const char *plus;
    char part[64];
    size_t n;
    tensu_status s;

    if (text == NULL)
        return error_fill(err, TENSU_ERR_INVALID, "tiles missing");
    plus = strchr(text, '+');
    n = plus ? (size_t)(plus - text) : strlen(text);

    if (n >= sizeof part)
        return error_fill_at(err, TENSU_ERR_INVALID, 0, (int)sizeof part,
                             "hand too long: at most 14 tiles");
    memcpy(part, text, n);
    part[n] = '\0';
    s = add_tiles(h, part, 0, err);
    if (s != TENSU_OK)
        return s;
    if (plus != NULL) {
        s = tensu_hand_set_win(h, plus + 1, err);
        if (s != TENSU_OK && err != NULL && err->column > 0)
            err->column += (int)n + 1;
        return s;
    }
    return TENSU_OK;
}

tensu_status tensu_hand_set_win(tensu_hand *h, const char *tile, tensu_error *err)
{
    int kinds[2];
    bool red[2];
    int n;
    tensu_status s = tensu_tiles_parse(tile, kinds, red, 2, &n, err);
    if (s != TENSU_OK) {
        if (s == TENSU_ERR_INVALID && n == 0 && err != NULL &&
            strstr(err->message, "too many") != NULL)
            return error_fill_at(err, TENSU_ERR_INVALID, 0, 1,
                                 "the winning tile is one tile, got '%s'", tile);
        return s;
    }
    if (n != 1)
        return error_fill_at(err, TENSU_ERR_INVALID, 0, 1,
                             "the winning tile is one tile, got '%s'", tile);
    h->win = kinds[0];
    h->win_red = red[0];
    return TENSU_OK;
}

bool tensu_meld_type_parse(const char *word, tensu_meld_type *out)
{
    static const struct {
        const char *w;
        tensu_meld_type t;
    } words[] = {{"chi", TENSU_MELD_CHI},          {"pon", TENSU_MELD_PON},
                 {"minkan", TENSU_MELD_MINKAN},    {"daiminkan", TENSU_MELD_MINKAN},
                 {"ankan", TENSU_MELD_ANKAN},      {"shouminkan", TENSU_MELD_SHOUMINKAN},
                 {"kakan", TENSU_MELD_SHOUMINKAN}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(word, words[i].w) == 0) {
            *out = words[i].t;
            return true;
        }
    return false;
}

const char *tensu_meld_type_name(tensu_meld_type t)
{
    switch (t) {
    case TENSU_MELD_CHI: return "chi";
    case TENSU_MELD_PON: return "pon";
    case TENSU_MELD_MINKAN: return "minkan";
    case TENSU_MELD_ANKAN: return "ankan";
    case TENSU_MELD_SHOUMINKAN: return "shouminkan";
    }
    return "?";
}

int tensu_wind_parse(const char *w)
{
    static const char *const names[4][3] = {{"E", "east", "0"},
                                            {"S", "south", "1"},
                                            {"W", "west", "2"},
                                            {"N", "north", "3"}};
    if (w == NULL)
        return -1;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            if (strcmp(w, names[i][j]) == 0 || (j == 0 && w[0] == names[i][0][0] + 32 &&
                                                w[1] == '\0'))
                return i;
    return -1;
}

tensu_status tensu_hand_add_meld(tensu_hand *h, tensu_meld_type type, const char *tiles,
                                 tensu_error *err)
{
    int kinds[5];
    bool red[5];
    int n, want = type == TENSU_MELD_CHI || type == TENSU_MELD_PON ? 3 : 4;
    tensu_meld m;
    tensu_status s;

    if ((unsigned)type > TENSU_MELD_SHOUMINKAN)
        return error_fill(err, TENSU_ERR_INVALID, "unknown meld type %d", (int)type);
    s = tensu_tiles_parse(tiles, kinds, red, 5, &n, err);
    if (s != TENSU_OK)
        return s;
    if (h->nmelds >= 4)
        return error_fill(err, TENSU_ERR_INVALID, "more than four melds");
    if (n != want)
        return error_fill_at(err, TENSU_ERR_INVALID, 0, 1,
                             "a %s has %d tiles, got %d in '%s'", tensu_meld_type_name(type),
                             want, n, tiles);
    /* sort (3 or 4 tiles) */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && kinds[j - 1] > kinds[j]; j--) {
            int t = kinds[j];
            bool rt = red[j];
            kinds[j] = kinds[j - 1];
            kinds[j - 1] = t;
            red[j] = red[j - 1];
            red[j - 1] = rt;
        }
    memset(&m, 0, sizeof m);
    m.type = type;
    m.tile = kinds[0];
    if (type == TENSU_MELD_CHI) {
        if (kinds[0] >= 27 || kinds[1] != kinds[0] + 1 || kinds[2] != kinds[0] + 2 ||
            kinds[0] / 9 != kinds[2] / 9)
            return error_fill_at(err, TENSU_ERR_INVALID, 0, 1,
                                 "impossible chi '%s': a chi is three consecutive tiles of "
                                 "one suit", tiles);
    } else {
        for (int i = 1; i < n; i++)
            if (kinds[i] != kinds[0])
                return error_fill_at(err, TENSU_ERR_INVALID, 0, 1,
                                     "impossible %s '%s': all its tiles must be the same",
                                     tensu_meld_type_name(type), tiles);
    }
    for (int i = 0; i < n; i++) {
        m.red += red[i];
        if (copies(h, kinds[i]) + (type == TENSU_MELD_CHI ? 1 : n) > 4) {
            char nb[4];
            return error_fill_at(err, TENSU_ERR_INVALID, 0, 1,
                                 "meld '%s' makes a fifth copy of %s", tiles,
                                 tensu_tile_name(kinds[i], false, nb));
        }
    }
    h->melds[h->nmelds++] = m;
    return TENSU_OK;
}

/* The dora a tile indicates. */
static const uint8_t next_tile[TENSU_TILE_KINDS] = {
    1, 2, 3, 4, 5, 6, 7, 8, 0, 10, 11, 12, 13, 14, 15, 16, 17, 9,
    19, 20, 21, 22, 23, 24, 25, 26, 18, 28, 29, 30, 27, 32, 33, 31};

static inline int dora_after(const tensu_rules *r, int k)
{
    if (r->players == 3 && k == 0)
        return 8; /* sanma: 1m -> 9m */
    return next_tile[k];
}

int tensu_dora_tile(const tensu_rules *r, int indicator)
{
    return indicator >= 0 && indicator < TENSU_TILE_KINDS ? dora_after(r, indicator) : -1;
}

int tensu_dora_indicator(const tensu_rules *r, int dora)
{
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        if (tensu_tile_in_play(r, k) && dora_after(r, k) == dora)
            return k;
    return -1;
}

#define LOW7 0x7F7F7F7F7F7F7F7FULL
#define HIGH1 0x8080808080808080ULL

/* The high bit of each byte that is over 4. */
static inline uint64_t over4(uint64_t x)
{
    return (((x & LOW7) + 0x7B7B7B7B7B7B7B7BULL) | x) & HIGH1;
}

static tensu_status fifth_copy(const uint8_t *cnt, tensu_error *err)
{
    char nb[4];
    for (int k = 0; k < TENSU_TILE_KINDS; k++)
        if (cnt[k] > 4)
            return error_fill(err, TENSU_ERR_INVALID, "a fifth copy of %s",
                              tensu_tile_name(k, false, nb));
    return TENSU_OK;
}

/* The hand's numbers: meld count, winning tile, winds, indicators, counters. */
tensu_status check_numbers(const tensu_rules *r, const tensu_hand *h, tensu_error *err)
{
    if (h->nmelds < 0 || h->nmelds > 4)
        return error_fill(err, TENSU_ERR_INVALID, "bad meld count %d: 0..4", h->nmelds);
    if (h->win < 0 || h->win >= TENSU_TILE_KINDS)
        return error_fill(err, TENSU_ERR_INVALID, "no winning tile given");
    if (h->seat < 0 || h->seat > 3 || h->round < 0 || h->round > 3)
        return error_fill(err, TENSU_ERR_INVALID, "bad seat or round wind: E, S, W or N");
    if (h->ndora < 0 || h->ndora > TENSU_MAX_INDICATORS || h->nura < 0 ||
        h->nura > TENSU_MAX_INDICATORS)
        return error_fill(err, TENSU_ERR_INVALID, "too many dora indicators (at most %d)",
                          TENSU_MAX_INDICATORS);
    if (h->honba < 0 || h->honba > 100 || h->sticks < 0 || h->sticks > 100)
        return error_fill(err, TENSU_ERR_INVALID, "honba and riichi sticks: 0..100");
    if (h->nukidora < 0 || h->nukidora > 4 || (h->nukidora > 0 && r->players != 3))
        return error_fill(err, TENSU_ERR_INVALID,
                          "nukidora %d: only in three-player games, at most 4", h->nukidora);
    return TENSU_OK;
}

/* The 40 count bytes (34 used, the rest 0): true when one is over 4;
 * else *present gets a bit per non-zero count.  With SSE2 (every x86-64)
 * sixteen counts a compare; elsewhere eight a word, by carries. */
static inline bool scan_counts(const uint8_t *all, uint64_t *present)
{
#if defined(__SSE2__)
    const __m128i four = _mm_set1_epi8(4), zero = _mm_setzero_si128();
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)all);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(all + 16));
    __m128i d = _mm_loadl_epi64((const __m128i *)(const void *)(all + 32));
    /* a byte is at most 4 when max(byte, 4) is 4 */
    unsigned ok = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(a, four), four)) &
                  (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(b, four), four)) &
                  (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(d, four), four));
    if (ok != 0xFFFF)
        return true;
    *present = (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, zero)) & 0xFFFF) |
               (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, zero)) & 0xFFFF) << 16 |
               (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(d, zero)) & 0xFF) << 32;
    return false;
#else
    uint64_t w[5], p = 0;
    for (int i = 0; i < 5; i++)
        w[i] = load8(all + 8 * i);
    if ((over4(w[0]) | over4(w[1]) | over4(w[2]) | over4(w[3]) | over4(w[4])) != 0)
        return true;
    /* every count is 4 at most: adding 127 sets the high bit of a byte
     * that is not 0, without a carry out of it */
    for (int i = 0; i < 5; i++)
        p |= ((((w[i] + LOW7) & HIGH1) >> 7) * 0x0102040810204080ULL >> 56) << (8 * i);
    *present = p;
    return false;
#endif
}

/* The tiles: the counts (winning tile included) and the melds, checked;
 * the facts of the tile set.  red_suit gets the red fives per suit. */
tensu_status check_tiles(const tensu_rules *r, const tensu_hand *h, hctx *c, int *red_suit,
                         tensu_error *err)
{
    char nb[4];
    int expected = 13 - 3 * h->nmelds;
    uint64_t present;
    bool over;

    c->nkans = 0;
    c->meld_red[0] = c->meld_red[1] = c->meld_red[2] = 0;
    /* the counts, 40 bytes so that five words cover them */
    memcpy(c->all, h->tiles, TENSU_TILE_KINDS);
    memset(c->all + TENSU_TILE_KINDS, 0, sizeof c->all - TENSU_TILE_KINDS);
    /* and which kinds the concealed tiles hold; the winning tile and the
     * melds add theirs below */
    if (scan_counts(c->all, &present))
        return fifth_copy(c->all, err);
    for (int s = 0; s < 3; s++)
        red_suit[s] = h->red[s];
    if (h->win_red) {
        if (h->win >= 27 || h->win % 9 != 4)
            return error_fill(err, TENSU_ERR_INVALID, "a red winning tile that is not a five");
        red_suit[h->win / 9]++;
    }
    if (h->ntiles == expected) {
        c->all[h->win]++;
        present |= 1ULL << h->win;
    } else if (h->ntiles == expected + 1) {
        if (h->tiles[h->win] == 0)
            return error_fill(err, TENSU_ERR_INVALID,
                              "%d concealed tiles with %d meld%s include the winning tile, "
                              "but there is no %s among them",
                              h->ntiles, h->nmelds, h->nmelds == 1 ? "" : "s",
                              tensu_tile_name(h->win, false, nb));
        if (h->win_red)
            red_suit[h->win / 9]--; /* a suited five (checked above) */
    } else {
        return error_fill(err, TENSU_ERR_INVALID,
                          "wrong tile count: %d concealed tiles with %d meld%s; expected %d "
                          "(or %d with the winning tile)",
                          h->ntiles, h->nmelds, h->nmelds == 1 ? "" : "s", expected,
                          expected + 1);
    }
    memcpy(c->conc, c->all, sizeof c->conc);
    /* a fifth copy can only be where a tile was added (counts only grow,
     * so looking right after each addition finds them all); it is
     * reported after the melds' own errors, as it always was */
    over = c->all[h->win] > 4;
    c->menzen = true;
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        if ((unsigned)m->type > TENSU_MELD_SHOUMINKAN || m->tile < 0 ||
            m->tile >= TENSU_TILE_KINDS ||
            (m->type == TENSU_MELD_CHI && (m->tile >= 27 || m->tile % 9 > 6)))
            return error_fill(err, TENSU_ERR_INVALID, "impossible meld %d", i + 1);
        if (m->type == TENSU_MELD_CHI) {
            c->all[m->tile]++;
            c->all[m->tile + 1]++;
            c->all[m->tile + 2]++;
            over = over || c->all[m->tile] > 4 || c->all[m->tile + 1] > 4 ||
                   c->all[m->tile + 2] > 4;
            present |= 7ULL << m->tile;
            if (!tensu_chi_allowed(r))
                return error_fill(err, TENSU_ERR_INVALID, "no chi in three-player games");
        } else {
            c->all[m->tile] += m->type == TENSU_MELD_PON ? 3 : 4;
            over = over || c->all[m->tile] > 4;
            present |= 1ULL << m->tile;
        }
        if (m->type != TENSU_MELD_ANKAN)
            c->menzen = false;
        if (m->type >= TENSU_MELD_MINKAN)
            c->nkans++;
        if (m->red < 0 || m->red > 2 ||
            (m->red > 0 && !(m->tile / 9 < 3 && m->tile % 9 <= 4 &&
                             (m->type != TENSU_MELD_CHI ? m->tile % 9 == 4
                                                        : m->tile % 9 >= 2))))
            return error_fill(err, TENSU_ERR_INVALID, "a red five in meld %d without a five",
                              i + 1);
        if (m->red > 0)
            c->meld_red[m->tile / 9] += m->red;
    }
    for (int s = 0; s < 3; s++)
        red_suit[s] += c->meld_red[s];
    if (over)
        return fifth_copy(c->all, err);
    if (c->all[30] + h->nukidora > 4)
        return error_fill(err, TENSU_ERR_INVALID, "a fifth copy of 4z (with nukidora)");
    if (r->players == 3 && (present & SANMA_ABSENT)) {
        int k = 1;
        while (c->all[k] == 0)
            k++;
        return error_fill(err, TENSU_ERR_INVALID, "no %s in three-player games (only 1m and 9m)",
                          tensu_tile_name(k, false, nb));
    }
    c->all_simples = (present & MASK_OUTSIDE) == 0;
    c->all_terminal_honour = (present & ~MASK_OUTSIDE) == 0;
    c->all_honours = (present & MASK_SUITED) == 0;
    c->all_green = (present & ~MASK_GREEN) == 0;
    c->all_terminals = (present & ~MASK_TERMINALS) == 0;
    c->has_honours = (present & MASK_HONOURS) != 0;
    c->present = present;
    c->suits_used = ((present & 0x1FF) ? 1 : 0) | ((present & (0x1FFULL << 9)) ? 2 : 0) |
                    ((present & (0x1FFULL << 18)) ? 4 : 0);
    return TENSU_OK;
}

/* Copies of a kind in the hand and its melds, the North tiles set aside
 * counted with 4z. */
static inline int in_sight(const hctx *c, const tensu_hand *h, int k)
{
    return c->all[k] + (k == 30 ? h->nukidora : 0);
}

static inline int count_of(const int *kinds, int n, int k)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m += kinds[i] == k;
    return m;
}

/* The rest: red fives, seat, flags that cannot go together, dora.
 * Each refusal below names the rule of the game that makes the combination
 * impossible; tests/situations_test.sh has one case per rule. */
tensu_status check_situation(const tensu_rules *r, const tensu_hand *h, hctx *c,
                             const int *red_suit, tensu_error *err)
{
    int red_total = 0, k, seen;
    char nb[4];
    if ((red_suit[0] | red_suit[1] | red_suit[2]) != 0) {
        for (int s = 0; s < 3; s++) {
            int allowed = (s == 1 && r->aka >= 4) ? 2 : 1;
            if (red_suit[s] < 0 || red_suit[s] > allowed || red_suit[s] > c->all[s * 9 + 4])
                return error_fill(err, TENSU_ERR_INVALID, "%d red fives of %c: at most %d",
                                  red_suit[s], suit_letter[s],
                                  red_suit[s] > allowed ? allowed : c->all[s * 9 + 4]);
            red_total += red_suit[s];
        }
        if (red_total > r->aka) {
            if (r->aka == 0 && red_total == 1)
                return error_fill(err, TENSU_ERR_INVALID,
                                  "a red five, but the rules have none (set aka=N)");
            if (r->aka == 0)
                return error_fill(err, TENSU_ERR_INVALID,
                                  "%d red fives, but the rules have none (set aka=N)", red_total);
            return error_fill(err, TENSU_ERR_INVALID,
                              "%d red fives, but the rules have %d (set aka=N)", red_total,
                              r->aka);
        }
    }
    if (r->players == 3 && h->seat == TENSU_NORTH)
        return error_fill(err, TENSU_ERR_INVALID, "no North seat in three-player games");
    /* three players play an East and a South round, and a West round when
     * no one has reached the target: never a North round */
    if (r->players == 3 && h->round == TENSU_NORTH)
        return error_fill(err, TENSU_ERR_INVALID, "no North round in three-player games");

    c->win = h->win;
    c->tsumo = h->tsumo;
    c->dealer = h->seat == TENSU_EAST;
    c->riichi = h->riichi || h->double_riichi;

    /* flags that cannot go together */
#define BAD_FLAGS(cond, msg)                                           \
    do {                                                               \
        if (cond)                                                      \
            return error_fill(err, TENSU_ERR_INVALID, "%s", msg);      \
    } while (0)
    BAD_FLAGS(c->riichi && !c->menzen, "riichi with an open hand");
    if (any_special_flag(h)) {
        BAD_FLAGS(h->ippatsu && !c->riichi, "ippatsu without riichi");
        BAD_FLAGS(h->haitei && !h->tsumo, "haitei is a tsumo on the last tile (this is a ron)");
        BAD_FLAGS(h->houtei && h->tsumo, "houtei is a ron on the last discard (this is a tsumo)");
        BAD_FLAGS(h->rinshan && !h->tsumo, "rinshan is a tsumo on a kan replacement tile");
        BAD_FLAGS(h->rinshan && c->nkans == 0 && h->nukidora == 0,
                  "rinshan without a kan (or a North set aside)");
        BAD_FLAGS(h->rinshan && h->haitei, "rinshan with haitei");
        BAD_FLAGS(h->chankan && h->tsumo, "chankan is a ron on an added kan (this is a tsumo)");
        BAD_FLAGS(h->chankan && h->houtei, "chankan with houtei");
        /* chankan: another player adds the fourth copy to a pon of three;
         * that fourth copy is the winning tile, so the winner holds none */
        BAD_FLAGS(h->chankan && c->all[h->win] > 1,
                  "chankan: the kan being added to holds three copies and the fourth is the "
                  "winning tile, so the winner can hold no copy of it");
        /* any kan, one's own closed kan too, ends ippatsu before the
         * replacement tile is drawn */
        BAD_FLAGS(h->ippatsu && h->rinshan, "ippatsu with rinshan: the kan broke the ippatsu");
        BAD_FLAGS(h->tenhou && !c->dealer, "tenhou for a non-dealer (chiihou is the non-dealer's)");
        BAD_FLAGS(h->chiihou && c->dealer, "chiihou for the dealer (tenhou is the dealer's)");
        BAD_FLAGS(h->renhou && c->dealer, "renhou for the dealer");
        BAD_FLAGS((h->tenhou || h->chiihou) && !h->tsumo, "tenhou and chiihou are tsumo wins");
        BAD_FLAGS(h->renhou && h->tsumo, "renhou is a ron");
        BAD_FLAGS((h->tenhou || h->chiihou || h->renhou) && h->nmelds > 0,
                  "tenhou, chiihou and renhou come before any call or kan");
        BAD_FLAGS((h->tenhou || h->chiihou || h->renhou) && c->riichi,
                  "tenhou, chiihou and renhou come before any riichi");
        BAD_FLAGS((h->tenhou || h->chiihou || h->renhou) &&
                      (h->haitei || h->houtei || h->rinshan || h->chankan),
                  "tenhou, chiihou and renhou with a last-tile, kan or chankan win");
        /* two of tenhou, chiihou and renhou: refused above by seat or by
         * ron and tsumo (tenhou the dealer's, renhou a ron) */
        /* any call, a closed kan included, ends the first go-around: no kan
         * dora has been turned up yet */
        BAD_FLAGS((h->tenhou || h->chiihou || h->renhou) && (h->ndora > 1 || h->nura > 1),
                  "tenhou, chiihou and renhou come before any kan: one dora indicator");
    }
    /* as many ura as dora indicators (the tiles under them) */
    BAD_FLAGS(h->nura > (h->ndora > 0 ? h->ndora : TENSU_MAX_INDICATORS),
              "more ura dora indicators than dora indicators");
    if (h->pao != -1) { /* most hands have no pao */
        BAD_FLAGS(h->pao >= r->players || h->pao < -1,
                  "pao: a seat of the game (E, S, W, or N with four players)");
        BAD_FLAGS(h->pao == h->seat, "pao: the liable player cannot be the winner");
    }
#undef BAD_FLAGS

    /* Rules without kan dora turn up one indicator; without ura dora or
     * ippatsu, those do not exist to be claimed. */
    if (!r->kan_dora && h->ndora > 1)
        return error_fill(err, TENSU_ERR_INVALID,
                          "%d dora indicators: these rules have no kan dora (one indicator)",
                          h->ndora);
    if (!r->ura_dora && h->nura > 0)
        return error_fill(err, TENSU_ERR_INVALID, "ura dora given: these rules have no ura dora");
    if (!r->ippatsu && h->ippatsu)
        return error_fill(err, TENSU_ERR_INVALID, "ippatsu given: these rules have no ippatsu");

    /* Indicators the table can show: the first, then one per kan, and a
     * game has four kans at most (a fifth ends the hand), whoever made
     * them.  Each indicator is a tile of the set: with the hand, its
     * melds and the North tiles set aside, no kind is seen five times. */
    if (h->ndora > TENSU_SEEN_INDICATORS)
        return error_fill(err, TENSU_ERR_INVALID,
                          "%d dora indicators: at most %d (the first and one per kan, four "
                          "kans at most)",
                          h->ndora, TENSU_SEEN_INDICATORS);
    if (h->nura > TENSU_SEEN_INDICATORS)
        return error_fill(err, TENSU_ERR_INVALID,
                          "%d ura dora indicators: at most %d (one under each dora indicator)",
                          h->nura, TENSU_SEEN_INDICATORS);

    /* dora: each indicator checked and counted in one pass, dora then ura
     * (the order the errors have always been given in); seen is the
     * copies in the hand, its melds, the North tiles set aside and the
     * indicators up to this one */
    c->dora = h->nukidora;
    c->ura = 0;
    for (int i = 0; i < h->ndora; i++) {
        k = h->dora[i];
        if (k < 0 || k >= TENSU_TILE_KINDS)
            return error_fill(err, TENSU_ERR_INVALID, "bad dora indicator");
        seen = in_sight(c, h, k) + count_of(h->dora, i, k) + 1;
        if (seen > 4)
            goto fifth;
        c->dora += in_sight(c, h, dora_after(r, k));
    }
    for (int i = 0; i < h->nura; i++) {
        k = h->ura[i];
        if (k < 0 || k >= TENSU_TILE_KINDS)
            return error_fill(err, TENSU_ERR_INVALID, "bad dora indicator");
        seen = in_sight(c, h, k) + count_of(h->dora, h->ndora, k) + count_of(h->ura, i, k) + 1;
        if (seen > 4)
            goto fifth;
        if (c->riichi)
            c->ura += in_sight(c, h, dora_after(r, k));
    }
    c->aka = red_total;
    return TENSU_OK;

fifth:
    return error_fill(err, TENSU_ERR_INVALID,
                      "a fifth %s in sight: the set has four, and the dora indicators show it "
                      "%d more times than the hand, its melds and the North tiles set aside "
                      "leave",
                      tensu_tile_name(k, false, nb), seen - 4);
}

/* The path of every scoring: the three checks (and what they call in
 * this file) are inlined here, three calls were a twentieth of it. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((flatten))
#endif
tensu_status hand_prepare(const tensu_rules *r, const tensu_hand *h, hctx *c,
                          tensu_error *err)
{
    int red_suit[3];
    tensu_status s;

    c->r = r;
    c->h = h;
    c->consulted = NULL;
    if ((s = check_numbers(r, h, err)) != TENSU_OK ||
        (s = check_tiles(r, h, c, red_suit, err)) != TENSU_OK)
        return s;
    decompose(c);
    return check_situation(r, h, c, red_suit, err);
}
