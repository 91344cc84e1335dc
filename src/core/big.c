/* Fixed-size unsigned big integers, only what aotenjou payments need. */
#include "internal.h"

#include <string.h>

void big_set(big *b, uint64_t v)
{
    memset(b, 0, sizeof *b);
    b->w[0] = (uint32_t)v;
    b->w[1] = (uint32_t)(v >> 32);
}

bool big_shl(big *b, unsigned bits)
{
    while (bits >= 32) {
        if (b->w[BIG_LIMBS - 1] != 0)
            return false;
        memmove(&b->w[1], &b->w[0], (BIG_LIMBS - 1) * sizeof b->w[0]);
        b->w[0] = 0;
        bits -= 32;
    }
    if (bits > 0) {
        if (b->w[BIG_LIMBS - 1] >> (32 - bits))
            return false;
        for (int i = BIG_LIMBS - 1; i > 0; i--)
            b->w[i] = (b->w[i] << bits) | (b->w[i - 1] >> (32 - bits));
        b->w[0] <<= bits;
    }
    return true;
}

bool big_mul_small(big *b, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        uint64_t x = (uint64_t)b->w[i] * m + carry;
        b->w[i] = (uint32_t)x;
        carry = x >> 32;
    }
    return carry == 0;
}

bool big_add_small(big *b, uint32_t a)
{
    uint64_t carry = a;
    for (int i = 0; i < BIG_LIMBS && carry; i++) {
        uint64_t x = (uint64_t)b->w[i] + carry;
        b->w[i] = (uint32_t)x;
        carry = x >> 32;
    }
    return carry == 0;
}

uint32_t big_div_small(big *b, uint32_t d)
{
    uint64_t rem = 0;
    for (int i = BIG_LIMBS - 1; i >= 0; i--) {
        uint64_t x = (rem << 32) | b->w[i];
        b->w[i] = (uint32_t)(x / d);
        rem = x % d;
    }
    return (uint32_t)rem;
}

bool big_fits_i64(const big *b)
{
    for (int i = 2; i < BIG_LIMBS; i++)
        if (b->w[i])
            return false;
    return (b->w[1] & 0x80000000u) == 0;
}

int64_t big_to_i64(const big *b)
{
    return (int64_t)(((uint64_t)b->w[1] << 32) | b->w[0]);
}

void big_to_dec(const big *b, char *buf, size_t size)
{
    char tmp[TENSU_BIG_DIGITS];
    size_t n = 0;
    big x = *b;
    bool zero;
    do {
        tmp[n++] = (char)('0' + big_div_small(&x, 10));
        zero = true;
        for (int i = 0; i < BIG_LIMBS; i++)
            zero = zero && x.w[i] == 0;
    } while (!zero && n < sizeof tmp);
    if (size == 0)
        return;
    if (n >= size)
        n = size - 1;
    for (size_t i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
}

bool big_round_up_100(big *b)
{
    big q = *b;
    uint32_t r = big_div_small(&q, 100);
    if (r != 0 && !big_add_small(&q, 1))
        return false;
    if (!big_mul_small(&q, 100))
        return false;
    *b = q;
    return true;
}
