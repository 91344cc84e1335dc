/* The scorer for the phone page (tensu sheets --format html --with-scorer),
 * built to WebAssembly by emscripten: the same engine as the command line,
 * a hand in as lines of KEY=VALUE, the result line of tensu score --jsonl
 * out (score_write.c).  Built only when emcc is found (CMakeLists.txt).
 *
 * Input, one per line (the page's script writes it from a hands.md record):
 *   rules=PRESET      set=KEY=VALUE (any number)
 *   hand=TILES        win=TILE      meld=TYPE TILES (any number)
 *   tsumo=0|1         seat=E|S|W|N  round=E|S|W|N   pao=E|S|W|N
 *   dora=TILES        ura=TILES     flag=NAME (riichi, ippatsu ...)
 *   honba=N           sticks=N      nukidora=N
 */
#include "../render/score_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

static char out[16384];

static const char *fail(tensu_status s, const char *why)
{
    score_write_error(out, sizeof out, NULL, s, why);
    return out;
}

static int number(const char *v, int hi)
{
    char *end;
    long n = strtol(v, &end, 10);
    return (*v == '\0' || *end != '\0' || n < 0 || n > hi) ? -1 : (int)n;
}

static bool set_flag(tensu_hand *h, const char *name)
{
    static const char *const names[] = {"riichi",  "double_riichi", "ippatsu", "haitei",
                                        "houtei",  "rinshan",       "chankan", "tenhou",
                                        "chiihou", "renhou"};
    bool *f[] = {&h->riichi,  &h->double_riichi, &h->ippatsu, &h->haitei,  &h->houtei,
                 &h->rinshan, &h->chankan,       &h->tenhou,  &h->chiihou, &h->renhou};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return *f[i] = true;
    return false;
}

/* The indicators of a "dora" or "ura" line. */
static tensu_status indicators(const char *v, int *kinds, int *n, tensu_error *e)
{
    bool red[TENSU_MAX_INDICATORS];
    return tensu_tiles_parse(v, kinds, red, TENSU_MAX_INDICATORS, n, e);
}

/* Score the hand described by text; returns the result line (JSON), valid
 * until the next call. */
EMSCRIPTEN_KEEPALIVE const char *tensu_wasm_score(const char *text)
{
    tensu_rules r;
    tensu_hand h;
    tensu_score_result res;
    tensu_error e;
    char line[512], why[400];
    const char *hand = NULL, *p = text;
    static char hand_text[64], melds[4][32], win[8];
    int nmelds = 0;

    memset(&e, 0, sizeof e);
    win[0] = '\0';
    tensu_hand_init(&h);
    if (tensu_rules_preset(tensu_default_preset(), &r, &e) != TENSU_OK)
        return fail(e.status, e.message);
    while (*p) {
        size_t n = strcspn(p, "\n");
        char *v;
        if (n >= sizeof line)
            return fail(TENSU_ERR_INVALID, "a line longer than 511 bytes");
        memcpy(line, p, n);
        line[n] = '\0';
        p += n + (p[n] == '\n');
        if (line[0] == '\0')
            continue;
        v = strchr(line, '=');
        if (v == NULL) {
            snprintf(why, sizeof why, "'%s': KEY=VALUE expected", line);
            return fail(TENSU_ERR_INVALID, why);
        }
        *v++ = '\0';
        if (strcmp(line, "rules") == 0) {
            if (tensu_rules_preset(v, &r, &e) != TENSU_OK)
                return fail(TENSU_ERR_INVALID, e.message);
        } else if (strcmp(line, "set") == 0) {
            if (tensu_rules_assign(&r, v, &e) != TENSU_OK)
                return fail(TENSU_ERR_INVALID, e.message);
        } else if (strcmp(line, "hand") == 0) {
            snprintf(hand_text, sizeof hand_text, "%s", v);
            hand = hand_text;
        } else if (strcmp(line, "meld") == 0) {
            if (nmelds == 4)
                return fail(TENSU_ERR_INVALID, "meld: four at most");
            snprintf(melds[nmelds++], sizeof melds[0], "%s", v);
        } else if (strcmp(line, "win") == 0) {
            snprintf(win, sizeof win, "%s", v);
        } else if (strcmp(line, "tsumo") == 0) {
            h.tsumo = strcmp(v, "1") == 0;
        } else if (strcmp(line, "seat") == 0 || strcmp(line, "round") == 0 ||
                   strcmp(line, "pao") == 0) {
            int w = tensu_wind_parse(v);
            if (w < 0) {
                snprintf(why, sizeof why, "%s: E, S, W or N", line);
                return fail(TENSU_ERR_INVALID, why);
            }
            *(line[0] == 's' ? &h.seat : line[0] == 'r' ? &h.round : &h.pao) = w;
        } else if (strcmp(line, "dora") == 0 || strcmp(line, "ura") == 0) {
            bool dora = line[0] == 'd';
            if (indicators(v, dora ? h.dora : h.ura, dora ? &h.ndora : &h.nura, &e) != TENSU_OK)
                return fail(TENSU_ERR_INVALID, e.message);
        } else if (strcmp(line, "flag") == 0) {
            if (!set_flag(&h, v)) {
                snprintf(why, sizeof why, "flag: no situation '%s'", v);
                return fail(TENSU_ERR_INVALID, why);
            }
        } else if (strcmp(line, "honba") == 0 || strcmp(line, "sticks") == 0 ||
                   strcmp(line, "nukidora") == 0) {
            int k = number(v, line[0] == 'n' ? 4 : 100);
            if (k < 0) {
                snprintf(why, sizeof why, "%s: a number 0..%d", line, line[0] == 'n' ? 4 : 100);
                return fail(TENSU_ERR_INVALID, why);
            }
            *(line[0] == 'h' ? &h.honba : line[0] == 's' ? &h.sticks : &h.nukidora) = k;
        } else {
            snprintf(why, sizeof why, "unknown key '%s'", line);
            return fail(TENSU_ERR_INVALID, why);
        }
    }
    /* the tiles in the order of the JSONL reader: the concealed tiles, the
     * melds, then the winning tile */
    if (hand == NULL)
        return fail(TENSU_ERR_INVALID, "hand: the concealed tiles are required");
    if (tensu_hand_parse(hand, &h, &e) != TENSU_OK) {
        snprintf(why, sizeof why, "hand, column %d: %s", e.column, e.message);
        return fail(TENSU_ERR_INVALID, why);
    }
    for (int i = 0; i < nmelds; i++) {
        char *tiles = strchr(melds[i], ' ');
        tensu_meld_type t;
        if (tiles == NULL)
            return fail(TENSU_ERR_INVALID, "meld: TYPE TILES expected");
        *tiles++ = '\0';
        if (!tensu_meld_type_parse(melds[i], &t))
            return fail(TENSU_ERR_INVALID, "meld: type is chi, pon, minkan, ankan or shouminkan");
        if (tensu_hand_add_meld(&h, t, tiles, &e) != TENSU_OK)
            return fail(TENSU_ERR_INVALID, e.message);
    }
    if (win[0] != '\0' && tensu_hand_set_win(&h, win, &e) != TENSU_OK)
        return fail(TENSU_ERR_INVALID, e.message);
    if (h.win < 0)
        return fail(TENSU_ERR_INVALID, "win: the winning tile is required");
    if (tensu_score(&r, &h, &res, &e) != TENSU_OK)
        return fail(e.status, e.message);
    score_write_result(out, sizeof out, NULL, &h, &res);
    return out;
}
