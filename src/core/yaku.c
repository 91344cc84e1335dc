/* Yaku: the table of every yaku (canonical name, closed and open han,
 * yakuman units) and their tests on one reading. */
#include "scorer.h"

#include <string.h>

typedef struct yaku_def {
    const char *name;
    int8_t closed;     /* han when closed */
    int8_t open;       /* han when open; 0: closed only */
    int8_t yakuman;    /* units (1, or 2 when a double yakuman under double-yakuman=yes) */
    bool can_double;   /* counts 2 under double-yakuman=yes */
} yaku_def;

static const yaku_def defs[TENSU_YAKU_COUNT] = {
    [TENSU_YAKU_MENZEN_TSUMO] = {"menzen_tsumo", 1, 0, 0, false},
    [TENSU_YAKU_RIICHI] = {"riichi", 1, 0, 0, false},
    [TENSU_YAKU_DOUBLE_RIICHI] = {"double_riichi", 2, 0, 0, false},
    [TENSU_YAKU_IPPATSU] = {"ippatsu", 1, 0, 0, false},
    [TENSU_YAKU_HAITEI] = {"haitei", 1, 1, 0, false},
    [TENSU_YAKU_HOUTEI] = {"houtei", 1, 1, 0, false},
    [TENSU_YAKU_RINSHAN] = {"rinshan", 1, 1, 0, false},
    [TENSU_YAKU_CHANKAN] = {"chankan", 1, 1, 0, false},
    [TENSU_YAKU_TENHOU] = {"tenhou", 0, 0, 1, false},
    [TENSU_YAKU_CHIIHOU] = {"chiihou", 0, 0, 1, false},
    [TENSU_YAKU_RENHOU] = {"renhou", 0, 0, 0, false},   /* by rule */
    [TENSU_YAKU_HAKU] = {"haku", 1, 1, 0, false},
    [TENSU_YAKU_HATSU] = {"hatsu", 1, 1, 0, false},
    [TENSU_YAKU_CHUN] = {"chun", 1, 1, 0, false},
    [TENSU_YAKU_SEAT_WIND] = {"seat_wind", 1, 1, 0, false},
    [TENSU_YAKU_ROUND_WIND] = {"round_wind", 1, 1, 0, false},
    [TENSU_YAKU_PINFU] = {"pinfu", 1, 0, 0, false},
    [TENSU_YAKU_TANYAO] = {"tanyao", 1, 1, 0, false},  /* open: kuitan rule */
    [TENSU_YAKU_IIPEIKOU] = {"iipeikou", 1, 0, 0, false},
    [TENSU_YAKU_SANSHOKU] = {"sanshoku", 2, 1, 0, false},
    [TENSU_YAKU_ITTSU] = {"ittsu", 2, 1, 0, false},
    [TENSU_YAKU_CHANTA] = {"chanta", 2, 1, 0, false},
    [TENSU_YAKU_CHIITOITSU] = {"chiitoitsu", 2, 0, 0, false},
    [TENSU_YAKU_TOITOI] = {"toitoi", 2, 2, 0, false},
    [TENSU_YAKU_SANANKOU] = {"sanankou", 2, 2, 0, false},
    [TENSU_YAKU_SANKANTSU] = {"sankantsu", 2, 2, 0, false},
    [TENSU_YAKU_SANSHOKU_DOUKOU] = {"sanshoku_doukou", 2, 2, 0, false},
    [TENSU_YAKU_HONROUTOU] = {"honroutou", 2, 2, 0, false},
    [TENSU_YAKU_SHOUSANGEN] = {"shousangen", 2, 2, 0, false},
    [TENSU_YAKU_HONITSU] = {"honitsu", 3, 2, 0, false},
    [TENSU_YAKU_JUNCHAN] = {"junchan", 3, 2, 0, false},
    [TENSU_YAKU_RYANPEIKOU] = {"ryanpeikou", 3, 0, 0, false},
    [TENSU_YAKU_CHINITSU] = {"chinitsu", 6, 5, 0, false},
    [TENSU_YAKU_KOKUSHI] = {"kokushi", 0, 0, 1, false},
    [TENSU_YAKU_KOKUSHI_13] = {"kokushi_13", 0, 0, 1, true},
    [TENSU_YAKU_SUUANKOU] = {"suuankou", 0, 0, 1, false},
    [TENSU_YAKU_SUUANKOU_TANKI] = {"suuankou_tanki", 0, 0, 1, true},
    [TENSU_YAKU_DAISANGEN] = {"daisangen", 0, 0, 1, false},
    [TENSU_YAKU_DAISUUSHII] = {"daisuushii", 0, 0, 1, true},
    [TENSU_YAKU_SHOUSUUSHII] = {"shousuushii", 0, 0, 1, false},
    [TENSU_YAKU_TSUUIISOU] = {"tsuuiisou", 0, 0, 1, false},
    [TENSU_YAKU_RYUUIISOU] = {"ryuuiisou", 0, 0, 1, false},
    [TENSU_YAKU_CHINROUTOU] = {"chinroutou", 0, 0, 1, false},
    [TENSU_YAKU_SUUKANTSU] = {"suukantsu", 0, 0, 1, false},
    [TENSU_YAKU_CHUUREN] = {"chuuren", 0, 0, 1, false},
    [TENSU_YAKU_JUNSEI_CHUUREN] = {"junsei_chuuren", 0, 0, 1, true},
};

const char *tensu_yaku_name(tensu_yaku_id id)
{
    return (unsigned)id < TENSU_YAKU_COUNT ? defs[id].name : NULL;
}

int tensu_yaku_lookup(const char *name)
{
    for (int i = 0; i < TENSU_YAKU_COUNT; i++)
        if (strcmp(defs[i].name, name) == 0)
            return i;
    return -1;
}

int yaku_han_of(const hctx *c, tensu_yaku_id id)
{
    if (id == TENSU_YAKU_RENHOU)
        return c->r->renhou > 0                        ? c->r->renhou
               : c->r->renhou == TENSU_RENHOU_MANGAN ? tensu_limit_han(TENSU_LIMIT_MANGAN)
                                                     : 0;
    if (id == TENSU_YAKU_TANYAO && !c->menzen && !c->r->kuitan)
        return 0;
    return c->menzen ? defs[id].closed : defs[id].open;
}

int yaku_units_of(const hctx *c, tensu_yaku_id id)
{
    if (id == TENSU_YAKU_RENHOU)
        return c->r->renhou == TENSU_RENHOU_YAKUMAN ? 1 : 0;
    if (defs[id].can_double && c->r->double_yakuman)
        return 2;
    return defs[id].yakuman;
}

#define BIT(id) ((uint64_t)1 << (id))

int yaku_fill(const hctx *c, uint64_t mask, bool yakuman, tensu_yaku_item *items)
{
    int n = 0;
    for (uint64_t bits = mask; bits != 0 && n < TENSU_MAX_YAKU; bits &= bits - 1) {
        int id = lowest_bit(bits);
        tensu_yaku_item *it = &items[n++];
        it->id = (tensu_yaku_id)id;
        it->name = defs[id].name;
        if (yakuman) {
            it->han = 0;
            it->yakuman = yaku_units_of(c, (tensu_yaku_id)id);
        } else {
            it->han = yaku_han_of(c, (tensu_yaku_id)id);
            it->yakuman = 0;
        }
    }
    return n;
}

static const uint64_t yakuman_bits =
    BIT(TENSU_YAKU_TENHOU) | BIT(TENSU_YAKU_CHIIHOU) | BIT(TENSU_YAKU_KOKUSHI) |
    BIT(TENSU_YAKU_KOKUSHI_13) | BIT(TENSU_YAKU_SUUANKOU) | BIT(TENSU_YAKU_SUUANKOU_TANKI) |
    BIT(TENSU_YAKU_DAISANGEN) | BIT(TENSU_YAKU_DAISUUSHII) | BIT(TENSU_YAKU_SHOUSUUSHII) |
    BIT(TENSU_YAKU_TSUUIISOU) | BIT(TENSU_YAKU_RYUUIISOU) | BIT(TENSU_YAKU_CHINROUTOU) |
    BIT(TENSU_YAKU_SUUKANTSU) | BIT(TENSU_YAKU_CHUUREN) | BIT(TENSU_YAKU_JUNSEI_CHUUREN);

_Static_assert(TENSU_YAKU_HATSU == TENSU_YAKU_HAKU + 1 && TENSU_YAKU_CHUN == TENSU_YAKU_HAKU + 2,
               "haku, hatsu, chun in a row");

/* The yaku that do not depend on the reading.  The rare ones (one suit,
 * terminals and honours only, green, three kans and more) are looked at
 * behind one test each. */
void yaku_context(hctx *c)
{
    const tensu_hand *h = c->h;
    uint64_t m = 0;
    unsigned honour3 = 0; /* bit i: three or more of tile 27 + i */
    const int suits = c->suits_used;

    if (h->double_riichi)
        m |= BIT(TENSU_YAKU_DOUBLE_RIICHI);
    else if (h->riichi)
        m |= BIT(TENSU_YAKU_RIICHI);
    if (c->menzen && c->tsumo)
        m |= BIT(TENSU_YAKU_MENZEN_TSUMO);
    if (any_special_flag(h)) {
        if (h->ippatsu)
            m |= BIT(TENSU_YAKU_IPPATSU);
        if (h->haitei)
            m |= BIT(TENSU_YAKU_HAITEI);
        if (h->houtei)
            m |= BIT(TENSU_YAKU_HOUTEI);
        if (h->rinshan)
            m |= BIT(TENSU_YAKU_RINSHAN);
        if (h->chankan)
            m |= BIT(TENSU_YAKU_CHANKAN);
        if (h->renhou && c->r->renhou != TENSU_RENHOU_OFF)
            m |= BIT(TENSU_YAKU_RENHOU);
        if (h->tenhou)
            m |= BIT(TENSU_YAKU_TENHOU);
        if (h->chiihou)
            m |= BIT(TENSU_YAKU_CHIIHOU);
    }
    if (c->has_honours) {
        /* the seven honour counts at once (all[34] is 0): a byte is 3 or
         * more when adding 125 sets its high bit (counts are at most 4) */
        uint64_t x = load8(&c->all[27]);
        uint64_t t3 = ((x + 0x7D7D7D7D7D7D7D7DULL) & 0x8080808080808080ULL) >> 7;
        honour3 = (unsigned)((t3 * 0x0102040810204080ULL) >> 56);
        if (honour3 != 0) {
            /* haku, hatsu, chun are three yaku in a row, as 5z 6z 7z */
            m |= (uint64_t)((honour3 >> 4) & 7) << TENSU_YAKU_HAKU;
            m |= (uint64_t)((honour3 >> h->seat) & 1) << TENSU_YAKU_SEAT_WIND;
            m |= (uint64_t)((honour3 >> h->round) & 1) << TENSU_YAKU_ROUND_WIND;
            if ((honour3 & 0x70) == 0x70)
                m |= BIT(TENSU_YAKU_DAISANGEN);
            if ((honour3 & 0x0F) == 0x0F)
                m |= BIT(TENSU_YAKU_DAISUUSHII);
        }
    }
    if (c->all_simples && !c->menzen)
        consult(c, KEY_KUITAN);
    if (c->all_simples && (c->menzen || c->r->kuitan))
        m |= BIT(TENSU_YAKU_TANYAO);
    if ((suits & (suits - 1)) == 0) {
        /* one suit (or none) */
        if (suits != 0)
            m |= c->has_honours ? BIT(TENSU_YAKU_HONITSU) : BIT(TENSU_YAKU_CHINITSU);
        if (h->nmelds == 0 && suits != 0 && !c->has_honours) {
            int s = suits == 1 ? 0 : suits == 2 ? 1 : 2;
            const uint8_t *t = &c->conc[s * 9];
            static const uint8_t need[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
            bool ok = true, pure = true;
            for (int i = 0; i < 9; i++) {
                if (t[i] < need[i])
                    ok = false;
                if (t[i] - (s * 9 + i == c->win) != need[i])
                    pure = false;
            }
            if (ok)
                m |= pure ? BIT(TENSU_YAKU_JUNSEI_CHUUREN) : BIT(TENSU_YAKU_CHUUREN);
        }
    }
    if (c->all_terminal_honour) {
        if (c->has_honours && suits != 0)
            m |= BIT(TENSU_YAKU_HONROUTOU);
        if (c->all_honours)
            m |= BIT(TENSU_YAKU_TSUUIISOU);
        if (c->all_terminals)
            m |= BIT(TENSU_YAKU_CHINROUTOU);
    }
    if (c->all_green)
        m |= BIT(TENSU_YAKU_RYUUIISOU);
    if (c->nkans >= 3)
        m |= c->nkans == 3 ? BIT(TENSU_YAKU_SANKANTSU) : BIT(TENSU_YAKU_SUUKANTSU);
    if (h->renhou && c->r->renhou == TENSU_RENHOU_YAKUMAN)
        m |= BIT(TENSU_YAKU_RENHOU);
    c->base_mask = m;
    c->base_yakuman = m & yakuman_bits;
    if (h->renhou && c->r->renhou == TENSU_RENHOU_YAKUMAN)
        c->base_yakuman |= BIT(TENSU_YAKU_RENHOU);
    c->base_plain = 0;
    c->base_han = 0;
    for (uint64_t b = m; b != 0; b &= b - 1) {
        int id = lowest_bit(b);
        int hh = yaku_han_of(c, (tensu_yaku_id)id);
        if (hh != 0)
            c->base_plain |= BIT(id);
        c->base_han += hh;
    }
}

static bool value_pair(const hctx *c, int k)
{
    return k >= 31 || k == 27 + c->h->seat || k == 27 + c->h->round;
}

/* The yakuman of a mask: units per the rules. */
static void yakuman_result(const hctx *c, uint64_t ym, yaku_eval *out)
{
    int units = 0;
    if (c->h->tenhou && c->r->tenhou_double) {
        /* a dealer's tenhou holds all its waits at once: the double versions */
        static const struct {
            tensu_yaku_id single, twice;
        } up[] = {{TENSU_YAKU_KOKUSHI, TENSU_YAKU_KOKUSHI_13},
                  {TENSU_YAKU_SUUANKOU, TENSU_YAKU_SUUANKOU_TANKI},
                  {TENSU_YAKU_CHUUREN, TENSU_YAKU_JUNSEI_CHUUREN}};
        for (size_t i = 0; i < sizeof up / sizeof up[0]; i++)
            if (ym & BIT(up[i].single))
                ym = (ym & ~BIT(up[i].single)) | BIT(up[i].twice);
    }
    for (uint64_t b = ym; b != 0; b &= b - 1)
        units += yaku_units_of(c, (tensu_yaku_id)lowest_bit(b));
    out->mask = ym;
    out->han = 0;
    out->yakuman = units;
}

/* Seven pairs and thirteen orphans: the base yaku, adjusted. */
static void yaku_special(const hctx *c, const reading *rd, yaku_eval *out)
{
    uint64_t m = c->base_mask;
    uint64_t ym;
    int han = 0;

    if (rd->shape == TENSU_SHAPE_KOKUSHI) {
        m &= BIT(TENSU_YAKU_TENHOU) | BIT(TENSU_YAKU_CHIIHOU) | BIT(TENSU_YAKU_RENHOU);
        m |= c->conc[c->win] == 2 ? BIT(TENSU_YAKU_KOKUSHI_13) : BIT(TENSU_YAKU_KOKUSHI);
    } else {
        /* no triplets: drop the yaku that need sets */
        m &= ~(BIT(TENSU_YAKU_CHUUREN) | BIT(TENSU_YAKU_JUNSEI_CHUUREN) |
               BIT(TENSU_YAKU_RYUUIISOU) | BIT(TENSU_YAKU_CHINROUTOU));
        m |= BIT(TENSU_YAKU_CHIITOITSU);
    }
    ym = m & yakuman_bits;
    if (c->h->renhou && c->r->renhou == TENSU_RENHOU_YAKUMAN)
        ym |= BIT(TENSU_YAKU_RENHOU);
    if (ym != 0) {
        yakuman_result(c, ym, out);
        return;
    }
    for (uint64_t b = m; b != 0; b &= b - 1) {
        int id = lowest_bit(b);
        int hh = yaku_han_of(c, (tensu_yaku_id)id);
        if (hh == 0)
            m &= ~BIT(id);
        han += hh;
    }
    out->mask = m;
    out->han = han;
    out->yakuman = 0;
}

/* Every yaku of a reading: the hand's base yaku (yaku_context) and those of
 * the sets, pair and wait.  The sets are read once into masks (a bit per
 * tile kind a run starts at, a bit per tile kind of a triplet or kan:
 * no two triplets of a reading share a kind) and the yaku are tests on
 * the masks. */
void yaku_reading(const hctx *c, const reading *rd, yaku_eval *out)
{
    uint64_t e = 0;           /* the reading's own yaku */
    int eh = 0;               /* and their han */
    int nchi = 0, nankou = 0, peikou = 0;
    uint32_t chi_mask = 0;    /* bit per tile kind a run starts at (27 bits) */
    uint32_t chi_odd = 0;     /* the same, for the runs seen an odd number of times */
    uint64_t trip = 0;        /* bit per tile kind of a triplet or kan */
    unsigned dragons3, winds3;
    bool outside;
    const bool closed = c->menzen;

    if (rd->shape != TENSU_SHAPE_STANDARD) {
        yaku_special(c, rd, out);
        return;
    }
    for (int i = 0; i < 4; i++) {
        const hset *s = &rd->sets[i];
        uint32_t b = 1u << (s->tile & 31);
        if (s->type == SET_CHI) {
            nchi++;
            /* a run equal to an unpaired earlier one makes a peikou */
            peikou += (chi_odd & b) != 0;
            chi_odd ^= b;
            chi_mask |= b;
        } else {
            trip |= 1ULL << s->tile;
            nankou += s->concealed;
        }
    }
    /* a terminal or honour in every set and the pair: runs 123 and 789,
     * outside triplets, an outside pair */
    outside = (chi_mask & ~0x1048241u) == 0 && (trip & ~MASK_OUTSIDE) == 0 &&
              tile_is_terminal_or_honour(rd->pair);
    /* a yaku and its han (closed or open; none: not counted) */
#define ADD(id)                                                                 \
    do {                                                                        \
        int h_ = closed ? defs[id].closed : defs[id].open;                      \
        if (h_ != 0) {                                                          \
            e |= BIT(id);                                                       \
            eh += h_;                                                           \
        }                                                                       \
    } while (0)
    /* four runs, a pair worth no fu, a two-sided wait: no fu but the base */
    if (nchi == 4 && closed && c->h->nmelds == 0 && rd->wait == TENSU_WAIT_RYANMEN &&
        !value_pair(c, rd->pair))
        ADD(TENSU_YAKU_PINFU);
    if (peikou != 0 && closed) {
        if (peikou == 2)
            ADD(TENSU_YAKU_RYANPEIKOU);
        else
            ADD(TENSU_YAKU_IIPEIKOU);
    }
    if (nchi != 0) {
        if (chi_mask & (chi_mask >> 9) & (chi_mask >> 18) & 0x1FF)
            ADD(TENSU_YAKU_SANSHOKU);
        /* runs from 1, 4 and 7 of one suit */
        if (chi_mask & (chi_mask >> 3) & (chi_mask >> 6) & ((1u << 0) | (1u << 9) | (1u << 18)))
            ADD(TENSU_YAKU_ITTSU);
        if (outside) {
            if (c->has_honours)
                ADD(TENSU_YAKU_CHANTA);
            else
                ADD(TENSU_YAKU_JUNCHAN);
        }
    }
    if (nchi <= 1) {
        uint32_t suited = (uint32_t)(trip & MASK_SUITED);
        if (suited & (suited >> 9) & (suited >> 18) & 0x1FF)
            ADD(TENSU_YAKU_SANSHOKU_DOUKOU);
        if (nchi == 0)
            ADD(TENSU_YAKU_TOITOI);
        if (nankou == 4)
            e |= rd->wait == TENSU_WAIT_TANKI ? BIT(TENSU_YAKU_SUUANKOU_TANKI)
                                              : BIT(TENSU_YAKU_SUUANKOU);
        else if (nankou == 3)
            ADD(TENSU_YAKU_SANANKOU);
        /* three of the four winds: 0111, 1011, 1101, 1110 */
        winds3 = (unsigned)(trip >> 27) & 15;
        if (((0x6880u >> winds3) & 1) && rd->pair >= 27 && rd->pair <= 30)
            e |= BIT(TENSU_YAKU_SHOUSUUSHII);
    }
    /* two of the three dragons: 011, 101, 110 */
    dragons3 = (unsigned)(trip >> 31) & 7;
    if (((0x68u >> dragons3) & 1) && rd->pair >= 31)
        ADD(TENSU_YAKU_SHOUSANGEN);
#undef ADD

    if ((c->base_yakuman | (e & yakuman_bits)) != 0) {
        yakuman_result(c, c->base_yakuman | (e & yakuman_bits), out);
        return;
    }
    out->mask = c->base_plain | e;
    out->han = c->base_han + eh;
    out->yakuman = 0;
}

bool tensu_yaku_value(const tensu_rules *r, tensu_yaku_id id, int *closed, int *open,
                      int *yakuman)
{
    int c = 0, o = 0, y = 0;
    if ((unsigned)id >= TENSU_YAKU_COUNT || r->family != TENSU_FAMILY_RIICHI)
        return false;
    if (id == TENSU_YAKU_IPPATSU && !r->ippatsu)
        return false;
    if (id == TENSU_YAKU_RENHOU) {
        /* by rule: off, a limit, or so many han; closed only */
        if (r->renhou == TENSU_RENHOU_OFF)
            return false;
        if (r->renhou == TENSU_RENHOU_YAKUMAN)
            y = 1;
        else
            c = r->renhou == TENSU_RENHOU_MANGAN ? tensu_limit_han(TENSU_LIMIT_MANGAN) : r->renhou;
    } else {
        c = defs[id].closed;
        o = defs[id].open;
        y = defs[id].can_double && r->double_yakuman ? 2 : defs[id].yakuman;
        if (id == TENSU_YAKU_TANYAO && !r->kuitan)
            o = 0;
    }
    if (closed)
        *closed = c;
    if (open)
        *open = o;
    if (yakuman)
        *yakuman = y;
    return true;
}

bool tensu_yaku_worth_less_open(const tensu_rules *r, tensu_yaku_id id)
{
    int c, o, y;
    return tensu_yaku_value(r, id, &c, &o, &y) && y == 0 && o > 0 && o < c;
}
