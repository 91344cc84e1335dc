/* The payment engine: base points, limits, and who pays what.  The one
 * place where the formula lives. */
#include "internal.h"

#include <string.h>

#define MAX_AOTENJOU_HAN 400
/* The base points kiriage rounds up to mangan's: 4 han 30 fu, 3 han 60 fu */
#define KIRIAGE_BASE 1920

const char *tensu_limit_name(tensu_limit l)
{
    switch (l) {
    case TENSU_LIMIT_NONE: return NULL;
    case TENSU_LIMIT_MANGAN: return "mangan";
    case TENSU_LIMIT_HANEMAN: return "haneman";
    case TENSU_LIMIT_BAIMAN: return "baiman";
    case TENSU_LIMIT_SANBAIMAN: return "sanbaiman";
    case TENSU_LIMIT_KAZOE_YAKUMAN: return "kazoe_yakuman";
    case TENSU_LIMIT_YAKUMAN: return "yakuman";
    }
    return NULL;
}

int64_t tensu_round_up_100(int64_t x)
{
    return (x + TENSU_PAY_UNIT - 1) / TENSU_PAY_UNIT * TENSU_PAY_UNIT;
}

bool tensu_fu_valid(int fu)
{
    return fu == 25 || (fu >= 20 && fu <= TENSU_FU_MAX && fu % 10 == 0);
}

/* Each limit's base points (one yakuman for YAKUMAN) and the least
 * counted han that reaches it by itself: the one place for both. */
static const struct {
    int64_t base;
    int han;
} limits[] = {
    [TENSU_LIMIT_NONE] = {0, 0},         [TENSU_LIMIT_MANGAN] = {2000, 5},
    [TENSU_LIMIT_HANEMAN] = {3000, 6},   [TENSU_LIMIT_BAIMAN] = {4000, 8},
    [TENSU_LIMIT_SANBAIMAN] = {6000, 11}, [TENSU_LIMIT_KAZOE_YAKUMAN] = {8000, 13},
    [TENSU_LIMIT_YAKUMAN] = {8000, 0},
};
#define NLIMITS ((int)(sizeof limits / sizeof limits[0]))

int64_t tensu_limit_base(tensu_limit l)
{
    return (int)l >= 0 && (int)l < NLIMITS ? limits[l].base : 0;
}

int tensu_limit_han(tensu_limit l)
{
    return (int)l >= 0 && (int)l < NLIMITS ? limits[l].han : 0;
}

int tensu_fu_han_max(void)
{
    return limits[TENSU_LIMIT_MANGAN].han - 1;
}

/* The limit that a number of counted han reaches by itself (5 han and up). */
static tensu_limit limit_of_han(const tensu_rules *r, int han)
{
    if (han >= limits[TENSU_LIMIT_KAZOE_YAKUMAN].han)
        return r->kazoe == TENSU_KAZOE_YAKUMAN ? TENSU_LIMIT_KAZOE_YAKUMAN
                                               : TENSU_LIMIT_SANBAIMAN;
    if (han >= limits[TENSU_LIMIT_SANBAIMAN].han)
        return TENSU_LIMIT_SANBAIMAN;
    if (han >= limits[TENSU_LIMIT_BAIMAN].han)
        return TENSU_LIMIT_BAIMAN;
    if (han >= limits[TENSU_LIMIT_HANEMAN].han)
        return TENSU_LIMIT_HANEMAN;
    if (han >= limits[TENSU_LIMIT_MANGAN].han)
        return TENSU_LIMIT_MANGAN;
    return TENSU_LIMIT_NONE;
}

void limit_han_range(const tensu_rules *r, tensu_limit l, int yakuman, int *from, int *to)
{
    const int kazoe = limits[TENSU_LIMIT_KAZOE_YAKUMAN].han;
    tensu_limit top = limit_of_han(r, kazoe); /* what the most han reach */
    *from = *to = 0;
    if (l == TENSU_LIMIT_YAKUMAN || l == TENSU_LIMIT_KAZOE_YAKUMAN) {
        if (top == TENSU_LIMIT_KAZOE_YAKUMAN && (l == TENSU_LIMIT_KAZOE_YAKUMAN || yakuman == 1))
            *from = kazoe;
        return;
    }
    if (l < TENSU_LIMIT_MANGAN || l > TENSU_LIMIT_SANBAIMAN)
        return;
    *from = limits[l].han;
    if (l != top)
        *to = limits[l + 1].han - 1;
}

/* Aotenjou: the exact formula at any han, out of line (its big number
 * would otherwise take a frame on every evaluation). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static tensu_status aotenjou_value(tensu_value *v, int han, int fu, tensu_value *out,
                                   tensu_error *err)
{
    big b;
    if (han > MAX_AOTENJOU_HAN)
        return error_fill(err, TENSU_ERR_OVERFLOW, "han %d is beyond what tensu computes (%d)",
                          han, MAX_AOTENJOU_HAN);
    big_set(&b, (uint64_t)fu);
    big_shl(&b, (unsigned)tensu_base_exponent(han));
    v->base = big_fits_i64(&b) ? big_to_i64(&b) : -1;
    v->raw_base = v->base;
    *out = *v;
    return TENSU_OK;
}

int tensu_yakuman_paid(const tensu_rules *r, int units)
{
    return units > 1 && !r->multiple_yakuman ? 1 : units;
}

tensu_status tensu_evaluate(const tensu_rules *r, int han, int fu, int yakuman,
                            tensu_value *out, tensu_error *err)
{
    tensu_value v;
    memset(&v, 0, sizeof v);

    if (r->family != TENSU_FAMILY_RIICHI)
        return error_fill(err, TENSU_ERR_RANGE,
                          "these are classical rules: they pay basic points and doubles, "
                          "not han and fu");
    if (yakuman < 0)
        return error_fill(err, TENSU_ERR_RANGE, "bad yakuman count %d: must be 0 or more",
                          yakuman);
    if (yakuman > 0) {
        yakuman = tensu_yakuman_paid(r, yakuman);
        if (r->aotenjou) {
            /* No limits: each yakuman counts 13 han on top of the hand's han. */
            han = (han > 0 ? han : 0) + TENSU_AOTENJOU_YAKUMAN_HAN * yakuman;
            if (!tensu_fu_valid(fu))
                fu = 30;
            yakuman = 0;
        } else {
            if (yakuman > 100)
                return error_fill(err, TENSU_ERR_RANGE, "bad yakuman count %d: at most 100",
                                  yakuman);
            v.han = han;
            v.fu = fu;
            v.yakuman = yakuman;
            v.limit = TENSU_LIMIT_YAKUMAN;
            v.base = tensu_limit_base(TENSU_LIMIT_YAKUMAN) * yakuman;
            v.raw_base = v.base;
            *out = v;
            return TENSU_OK;
        }
    }
    if (han < 1)
        return error_fill(err, TENSU_ERR_RANGE, "bad han %d: a hand has 1 han or more", han);
    if (!tensu_fu_valid(fu))
        return error_fill(err, TENSU_ERR_RANGE,
                          "bad fu %d: fu is 20, 25, or a multiple of 10 from 30 to %d", fu,
                          TENSU_FU_MAX);
    v.han = han;
    v.fu = fu;

    if (r->aotenjou)
        return aotenjou_value(&v, han, fu, out, err);

    if (han < limits[TENSU_LIMIT_MANGAN].han) {
        /* under 5 han the amount decides: mangan from 2000 base points,
         * or 1920 (30 fu 4 han, 60 fu 3 han) under kiriage */
        v.raw_base = (int64_t)fu << tensu_base_exponent(han);
        if (v.raw_base >= tensu_limit_base(TENSU_LIMIT_MANGAN)) {
            v.limit = TENSU_LIMIT_MANGAN;
        } else if (r->kiriage && v.raw_base == KIRIAGE_BASE) {
            v.limit = TENSU_LIMIT_MANGAN;
            v.kiriage = true;
        }
    } else {
        /* 2^(han+2) grows fast; above 13 han only the limit matters. */
        v.raw_base = han <= 40 ? (int64_t)fu << tensu_base_exponent(han) : -1;
        v.limit = limit_of_han(r, han);
    }
    v.base = v.limit == TENSU_LIMIT_NONE ? v.raw_base : tensu_limit_base(v.limit);
    *out = v;
    return TENSU_OK;
}

/* Multipliers of the base point for each payer, in halves so that
 * north-bisection's half shares stay exact. */
typedef struct shares {
    int ron2;             /* ron */
    int dealer2;          /* non-dealer tsumo: the dealer's share */
    int non_dealer2;      /* tsumo: each non-dealer's share */
    int non_dealer_payers;
} shares;

int64_t tensu_honba_points(const tensu_rules *r, int honba)
{
    return (int64_t)honba * r->honba;
}

int tensu_ron_multiplier(bool dealer)
{
    return dealer ? 6 : 4;
}

int tensu_dealer_tsumo_payers(const tensu_rules *r)
{
    return r->players - 1;
}

int tensu_base_exponent(int han)
{
    return han + 2;
}

bool tensu_kiriage_cell(const tensu_rules *r, int han, int fu)
{
    return r->family == TENSU_FAMILY_RIICHI && !r->aotenjou && han >= 1 &&
           han < limits[TENSU_LIMIT_MANGAN].han && tensu_fu_valid(fu) &&
           ((int64_t)fu << tensu_base_exponent(han)) == KIRIAGE_BASE;
}

static shares shares_for(const tensu_rules *r, bool dealer, bool tsumo)
{
    shares s = {0, 0, 0, 0};
    if (!tsumo) {
        s.ron2 = 2 * tensu_ron_multiplier(dealer);
        return s;
    }
    if (dealer) {
        s.non_dealer2 = 4;
        s.non_dealer_payers = tensu_dealer_tsumo_payers(r);
        if (r->players == 3 && r->sanma == TENSU_SANMA_NORTH_BISECTION)
            s.non_dealer2 = 4 + 2; /* the missing 2B split in two */
    } else {
        s.dealer2 = 4;
        s.non_dealer2 = 2;
        s.non_dealer_payers = r->players - 2;
        if (r->players == 3 && r->sanma == TENSU_SANMA_NORTH_BISECTION) {
            s.dealer2 = 4 + 1;      /* the missing B split in two */
            s.non_dealer2 = 2 + 1;
        }
    }
    return s;
}

int tensu_tsumo_share_x2(const tensu_rules *r, bool dealer_wins, bool dealer_pays)
{
    shares s = shares_for(r, dealer_wins, true);
    return dealer_pays ? s.dealer2 : s.non_dealer2;
}

static int64_t share(int64_t base, int mult2, int64_t *raw)
{
    int64_t x = base * mult2;  /* twice the unrounded share */
    *raw = (x + 1) / 2;
    return mult2 == 0 ? 0 : tensu_round_up_100((x + 1) / 2);
}

/* Aotenjou amounts above int64: the same arithmetic on big integers. */
static tensu_status pay_big(const tensu_value *v, shares s, tensu_payment *p,
                            tensu_error *err)
{
    big b, x, total;
    big_set(&b, (uint64_t)v->fu);
    big_shl(&b, (unsigned)tensu_base_exponent(v->han));
    big_to_dec(&b, p->exact.base, sizeof p->exact.base);
    big_set(&total, 0);
#define BIG_SHARE(mult2, dst, count)                                              \
    do {                                                                          \
        x = b;                                                                    \
        if (!big_mul_small(&x, (uint32_t)(mult2)) || !big_add_small(&x, 1))       \
            return error_fill(err, TENSU_ERR_OVERFLOW, "payment too large");      \
        big_div_small(&x, 2);                                                     \
        if ((mult2) == 0)                                                         \
            big_set(&x, 0);                                                       \
        if (!big_round_up_100(&x))                                                \
            return error_fill(err, TENSU_ERR_OVERFLOW, "payment too large");      \
        big_to_dec(&x, dst, sizeof(dst));                                         \
        for (int k_ = 0; k_ < (count); k_++) {                                    \
            uint64_t c_ = 0;                                                      \
            for (int i_ = 0; i_ < BIG_LIMBS; i_++) {                              \
                uint64_t t_ = (uint64_t)total.w[i_] + x.w[i_] + c_;               \
                total.w[i_] = (uint32_t)t_;                                       \
                c_ = t_ >> 32;                                                    \
            }                                                                     \
            if (c_)                                                               \
                return error_fill(err, TENSU_ERR_OVERFLOW, "payment too large");  \
        }                                                                         \
    } while (0)
    BIG_SHARE(s.ron2, p->exact.ron, p->tsumo ? 0 : 1);
    BIG_SHARE(s.dealer2, p->exact.from_dealer, p->tsumo && !p->dealer ? 1 : 0);
    BIG_SHARE(s.non_dealer2, p->exact.from_non_dealer, p->tsumo ? s.non_dealer_payers : 0);
#undef BIG_SHARE
    big_to_dec(&total, p->exact.total, sizeof p->exact.total);
    p->big = true;
    p->ron = p->from_dealer = p->from_non_dealer = p->total = -1;
    p->ron_raw = p->from_dealer_raw = p->from_non_dealer_raw = -1;
    p->ron_honba = p->from_dealer_honba = p->from_non_dealer_honba = -1;
    p->total_honba = p->total_with_sticks = -1;
    return TENSU_OK;
}

/* Aotenjou amounts past 2^52, rare: built aside, *out written only on
 * success.  Kept out of line, so that the usual path needs no frame for
 * a whole payment and the big numbers' scratch. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static tensu_status pay_value_big(const tensu_rules *r, const tensu_value *v, bool dealer,
                                  bool tsumo, int honba, int sticks, shares s,
                                  tensu_payment *out, tensu_error *err)
{
    tensu_payment p;
    tensu_status st;
    memset(&p, 0, offsetof(tensu_payment, exact));
    p.value = *v;
    p.dealer = dealer;
    p.tsumo = tsumo;
    p.players = r->players;
    p.honba = honba;
    p.sticks = sticks;
    p.non_dealer_payers = tsumo ? s.non_dealer_payers : 0;
    st = pay_big(v, s, &p, err);
    if (st != TENSU_OK)
        return st;
    *out = p;
    return TENSU_OK;
}

tensu_status tensu_pay_value(const tensu_rules *r, const tensu_value *v, bool dealer,
                             bool tsumo, int honba, int sticks, tensu_payment *out,
                             tensu_error *err)
{
    shares s;
    int64_t base, honba_total;

    if (honba < 0 || honba > 100)
        return error_fill(err, TENSU_ERR_RANGE, "bad honba count %d: allowed 0..100", honba);
    if (sticks < 0 || sticks > 100)
        return error_fill(err, TENSU_ERR_RANGE, "bad riichi stick count %d: allowed 0..100",
                          sticks);
    s = shares_for(r, dealer, tsumo);

    if (v->base < 0 || v->base > ((int64_t)1 << 52))
        return pay_value_big(r, v, dealer, tsumo, honba, sticks, s, out, err);

    /* The usual case cannot fail: each field is written once, in place
     * (the scorer calls this once per hand; a copy through a local and a
     * memset of the 200 bytes were a tenth of its time).  The value is
     * copied byte for byte, its padding too (callers compare it whole). */
    base = v->base;
    if (&out->value != v)
        memcpy(&out->value, v, sizeof *v);
    out->dealer = dealer;
    out->tsumo = tsumo;
    out->players = r->players;
    out->honba = honba;
    out->sticks = sticks;
    out->non_dealer_payers = tsumo ? s.non_dealer_payers : 0;
    out->ron = share(base, s.ron2, &out->ron_raw);
    out->from_dealer = share(base, s.dealer2, &out->from_dealer_raw);
    out->from_non_dealer = share(base, s.non_dealer2, &out->from_non_dealer_raw);
    honba_total = tensu_honba_points(r, honba);
    if (!tsumo) {
        out->total = out->ron;
        out->honba_each = honba_total;
        out->ron_honba = out->ron + honba_total;
        out->from_dealer_honba = out->from_non_dealer_honba = 0;
        out->total_honba = out->ron_honba;
    } else {
        int payers = s.non_dealer_payers + (dealer ? 0 : 1);
        out->total = out->from_dealer + out->from_non_dealer * s.non_dealer_payers;
        /* by a constant in the usual four-player case (a division by a
         * variable costs tens of cycles) */
        out->honba_each = r->players == 4 ? honba_total / 3 : honba_total / (r->players - 1);
        out->ron_honba = 0;
        out->from_dealer_honba = dealer ? 0 : out->from_dealer + out->honba_each;
        out->from_non_dealer_honba = out->from_non_dealer + out->honba_each;
        out->total_honba = out->total + out->honba_each * payers;
    }
    out->total_with_sticks = out->total_honba + (int64_t)sticks * r->riichi_stick;
    out->big = false;
    /* the decimal texts are only for big amounts */
    out->exact.base[0] = out->exact.ron[0] = out->exact.from_dealer[0] = '\0';
    out->exact.from_non_dealer[0] = out->exact.total[0] = '\0';
    return TENSU_OK;
}

tensu_status tensu_pay(const tensu_rules *r, int han, int fu, int yakuman, bool dealer,
                       bool tsumo, int honba, int sticks, tensu_payment *out,
                       tensu_error *err)
{
    tensu_value v;
    tensu_status s = tensu_evaluate(r, han, fu, yakuman, &v, err);
    if (s != TENSU_OK)
        return s;
    return tensu_pay_value(r, &v, dealer, tsumo, honba, sticks, out, err);
}

tensu_status tensu_pay_limit(const tensu_rules *r, tensu_limit limit, int yakuman,
                             bool dealer, bool tsumo, int honba, tensu_payment *out,
                             tensu_error *err)
{
    tensu_value v;
    memset(&v, 0, sizeof v);
    v.limit = limit;
    v.fu = 0;
    switch (limit) {
    case TENSU_LIMIT_NONE:
        return error_fill(err, TENSU_ERR_RANGE, "no limit given");
    case TENSU_LIMIT_MANGAN:
    case TENSU_LIMIT_HANEMAN:
    case TENSU_LIMIT_BAIMAN:
    case TENSU_LIMIT_SANBAIMAN:
    case TENSU_LIMIT_KAZOE_YAKUMAN: v.han = limits[limit].han; break;
    case TENSU_LIMIT_YAKUMAN:
        if (yakuman < 1 || yakuman > 100)
            return error_fill(err, TENSU_ERR_RANGE, "bad yakuman count %d", yakuman);
        v.yakuman = yakuman;
        break;
    }
    v.base = tensu_limit_base(limit) * (limit == TENSU_LIMIT_YAKUMAN ? yakuman : 1);
    v.raw_base = v.base;
    return tensu_pay_value(r, &v, dealer, tsumo, honba, 0, out, err);
}
