/* Readings: every way to split the concealed tiles into sets and a pair
 * (plus seven pairs and thirteen orphans), and every place the winning
 * tile can take in it.  A depth-first search on the first tile left: that
 * tile is a pair, the first of a triplet, or the lowest of a run, so each
 * decomposition is found exactly once.  No heap: the state is on the stack. */
#include "scorer.h"

#include <string.h>

typedef struct search {
    const hctx *c;
    uint8_t cnt[TENSU_TILE_KINDS];
    hset sets[4];
    int nsets;
    int nfixed;        /* sets that come from melds */
    int pair;
    reading_fn fn;
    void *user;
    int count;
    bool stop;
} search;

static void emit(search *s, const reading *rd)
{
    if (s->stop)
        return;
    s->count++;
    if (!s->fn(s->c, rd, s->user))
        s->stop = true;
}

/* A complete decomposition: try the winning tile in each place it fits. */
static void emit_waits(search *s)
{
    reading rd;
    int win = s->c->win;

    rd.shape = TENSU_SHAPE_STANDARD;
    rd.nsets = 4;
    rd.pair = s->pair;
    memcpy(rd.sets, s->sets, sizeof rd.sets);
    if (s->pair == win) {
        rd.wait = TENSU_WAIT_TANKI;
        rd.win_set = -1;
        emit(s, &rd);
    }
    for (int i = s->nfixed; i < 4; i++) {
        const hset *st = &s->sets[i];
        bool dup = false;
        for (int j = s->nfixed; j < i; j++)
            if (s->sets[j].type == st->type && s->sets[j].tile == st->tile)
                dup = true;
        if (dup)
            continue;
        if (st->type == SET_PON) {
            if (st->tile != win)
                continue;
            memcpy(rd.sets, s->sets, sizeof rd.sets);
            rd.sets[i].concealed = s->c->tsumo;
            rd.wait = TENSU_WAIT_SHANPON;
        } else {
            int p = win - st->tile;
            if (p < 0 || p > 2)
                continue;
            memcpy(rd.sets, s->sets, sizeof rd.sets);
            if (p == 1)
                rd.wait = TENSU_WAIT_KANCHAN;
            else if (p == 0)
                rd.wait = st->tile % 9 == 6 ? TENSU_WAIT_PENCHAN : TENSU_WAIT_RYANMEN;
            else
                rd.wait = st->tile % 9 == 0 ? TENSU_WAIT_PENCHAN : TENSU_WAIT_RYANMEN;
        }
        rd.win_set = i;
        emit(s, &rd);
    }
}

static void dfs(search *s, int k)
{
    if (s->stop)
        return;
    while (k < 27 && s->cnt[k] == 0)
        k++;
    if (k == 27) {
        if (s->nsets == 4 && s->pair >= 0)
            emit_waits(s);
        return;
    }
    if (s->pair < 0 && s->cnt[k] >= 2) {
        s->cnt[k] -= 2;
        s->pair = k;
        dfs(s, k);
        s->pair = -1;
        s->cnt[k] += 2;
    }
    if (s->nsets == 4)
        return;
    if (s->cnt[k] >= 3) {
        hset *st = &s->sets[s->nsets++];
        st->type = SET_PON;
        st->tile = (uint8_t)k;
        st->called = false;
        st->concealed = true;
        s->cnt[k] -= 3;
        dfs(s, k);
        s->cnt[k] += 3;
        s->nsets--;
    }
    if (k < 27 && k % 9 <= 6 && s->cnt[k + 1] > 0 && s->cnt[k + 2] > 0) {
        hset *st = &s->sets[s->nsets++];
        st->type = SET_CHI;
        st->tile = (uint8_t)k;
        st->called = false;
        st->concealed = true;
        s->cnt[k]--;
        s->cnt[k + 1]--;
        s->cnt[k + 2]--;
        dfs(s, k);
        s->cnt[k]++;
        s->cnt[k + 1]++;
        s->cnt[k + 2]++;
        s->nsets--;
    }
}

int readings_each(const hctx *c, reading_fn fn, void *user)
{
    search s;
    const tensu_hand *h = c->h;

    s.c = c;
    s.fn = fn;
    s.user = user;
    s.count = 0;
    s.stop = false;
    s.pair = -1;
    s.nsets = 0;
    memcpy(s.cnt, c->conc, sizeof s.cnt);
    for (int i = 0; i < h->nmelds; i++) {
        const tensu_meld *m = &h->melds[i];
        hset *st = &s.sets[s.nsets++];
        st->tile = (uint8_t)m->tile;
        st->type = m->type == TENSU_MELD_CHI ? SET_CHI : m->type == TENSU_MELD_PON ? SET_PON
                                                                                    : SET_KAN;
        st->called = m->type != TENSU_MELD_ANKAN;
        st->concealed = m->type == TENSU_MELD_ANKAN;
    }
    s.nfixed = s.nsets;
    /* Honours are only pairs and triplets, and a suit whose tile count is
     * 1 (mod 3) cannot be sets and a pair: settle both before the search. */
    {
        bool ok = true;
        int twos = 0;
        for (int k = 27; k < TENSU_TILE_KINDS && ok; k++) {
            int n = s.cnt[k];
            if (n == 0)
                continue;
            if (n == 2 && s.pair < 0) {
                s.pair = k;
            } else if (n == 3 && s.nsets < 4) {
                hset *st = &s.sets[s.nsets++];
                st->type = SET_PON;
                st->tile = (uint8_t)k;
                st->called = false;
                st->concealed = true;
            } else {
                ok = false;
            }
        }
        for (int suit = 0; suit < 3 && ok; suit++) {
            const uint8_t *t = &s.cnt[suit * 9];
            int n = t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6] + t[7] + t[8];
            if (n % 3 == 1)
                ok = false;
            twos += n % 3 == 2;
        }
        if (ok && twos + (s.pair >= 0) == 1) {
            for (int k = 27; k < TENSU_TILE_KINDS; k++)
                s.cnt[k] = 0;
            dfs(&s, 0);
        }
        memcpy(s.cnt, c->conc, sizeof s.cnt);
        s.pair = -1;
    }

    if (h->nmelds == 0 && !s.stop) {
        int pairs = 0, orphans = 0, extra = 0;
        for (int k = 0; k < TENSU_TILE_KINDS; k++) {
            if (c->conc[k] == 2)
                pairs++;
            if (tile_is_terminal_or_honour(k)) {
                if (c->conc[k] >= 1)
                    orphans++;
                if (c->conc[k] == 2)
                    extra++;
            }
        }
        if (pairs == 7) {
            reading rd;
            memset(&rd, 0, sizeof rd);
            rd.shape = TENSU_SHAPE_CHIITOITSU;
            rd.pair = -1;
            rd.wait = TENSU_WAIT_TANKI;
            rd.win_set = -1;
            emit(&s, &rd);
        }
        if (orphans == 13 && extra == 1) {
            reading rd;
            memset(&rd, 0, sizeof rd);
            rd.shape = TENSU_SHAPE_KOKUSHI;
            rd.pair = -1;
            rd.wait = TENSU_WAIT_KOKUSHI;
            rd.win_set = -1;
            emit(&s, &rd);
        }
    }
    return s.count;
}
