// Poly1305, portable lane "poly1305-portable" (RFC 8439 §2.5): the 130-bit
// accumulator h in three 64-bit limbs (h2 holds the top few bits), the
// clamped r in two, and 64x64->128-bit products.  Because clamping clears
// the low two bits of r1, h1*r1*2^128 = h1*(r1/4)*2^130 = 5*h1*(r1/4)
// (mod 2^130 - 5), so the product folds with s1 = r1 + r1/4 and needs no
// separate reduction multiply.  After each block h is only partially
// reduced (h < 2^131); finish() reduces fully.  Multiplications and
// carries only: nothing branches on or indexes by r, s, h or the message.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "bytes.h"
#include "poly1305.h"

#if defined(_MSC_VER) && !defined(__clang__) && (defined(_M_X64) || defined(_M_ARM64))
#include <intrin.h>
#endif

namespace armaccel {

namespace {

// An unsigned 128-bit value as two limbs.
struct U128 {
  std::uint64_t lo, hi;
};

inline U128 mul64(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__)
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
  return {static_cast<std::uint64_t>(p), static_cast<std::uint64_t>(p >> 64)};
#elif defined(_MSC_VER) && defined(_M_X64)
  U128 r;
  r.lo = _umul128(a, b, &r.hi);
  return r;
#elif defined(_MSC_VER) && defined(_M_ARM64)
  return {a * b, __umulh(a, b)};
#else
  // Schoolbook on 32-bit halves.
  const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return {(mid << 32) | (p00 & 0xffffffffu), p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32)};
#endif
}

inline U128 add(U128 a, U128 b) {
  const std::uint64_t lo = a.lo + b.lo;
  return {lo, a.hi + b.hi + (lo < b.lo)};
}

// Adds b to a in place and returns the carry out (0 or 1).
inline std::uint64_t add_carry(std::uint64_t& a, std::uint64_t b) {
  a += b;
  return a < b;
}

struct State {
  std::uint64_t r0, r1, s1;  // clamped r; s1 = r1 + (r1 >> 2)
  std::uint64_t h0, h1, h2;  // accumulator, h < 2^131 between blocks
};
static_assert(sizeof(State) <= sizeof(Poly1305State::bytes));

void init(Poly1305State* st, const std::uint8_t r[16]) {
  State s{};
  s.r0 = bytes::load_le64(r) & 0x0ffffffc0fffffffull;
  s.r1 = bytes::load_le64(r + 8) & 0x0ffffffc0ffffffcull;
  s.s1 = s.r1 + (s.r1 >> 2);
  std::memcpy(st->bytes, &s, sizeof s);
}

void blocks(Poly1305State* st, const std::uint8_t* data, std::size_t n, std::uint32_t pad_bit) {
  State s;
  std::memcpy(&s, st->bytes, sizeof s);
  const std::uint64_t r0 = s.r0, r1 = s.r1, s1 = s.s1;
  std::uint64_t h0 = s.h0, h1 = s.h1, h2 = s.h2;
  for (; n > 0; --n, data += kPoly1305BlockBytes) {
    // h += m + pad_bit * 2^128
    const std::uint64_t c0 = add_carry(h0, bytes::load_le64(data));
    std::uint64_t c1 = add_carry(h1, bytes::load_le64(data + 8));
    c1 += add_carry(h1, c0);
    h2 += c1 + pad_bit;
    // d = h * r, folded mod 2^130 - 5 (h2 <= 7, so h2 * s1 and h2 * r0 fit 64 bits)
    const U128 d0 = add(mul64(h0, r0), mul64(h1, s1));
    U128 d1 = add(add(mul64(h0, r1), mul64(h1, r0)), U128{h2 * s1, 0});
    std::uint64_t d2 = h2 * r0;
    d1 = add(d1, U128{d0.hi, 0});
    d2 += d1.hi;
    h0 = d0.lo;
    h1 = d1.lo;
    // Partial reduction: the bits from 2^130 up times 5 go back to the bottom.
    const std::uint64_t c = (d2 >> 2) + (d2 & ~std::uint64_t{3});
    h2 = d2 & 3;
    const std::uint64_t k = add_carry(h0, c);
    h2 += add_carry(h1, k);
  }
  s.h0 = h0;
  s.h1 = h1;
  s.h2 = h2;
  std::memcpy(st->bytes, &s, sizeof s);
}

void finish(const Poly1305State* st, const std::uint8_t key_s[16], std::uint8_t tag[16]) {
  State s;
  std::memcpy(&s, st->bytes, sizeof s);
  // g = h + 5; h >= p exactly when g reaches 2^130, and then h mod p is g
  // minus 2^130, whose low 128 bits are g's.  Select without a branch.
  std::uint64_t g0 = s.h0, g1 = s.h1;
  const std::uint64_t c0 = add_carry(g0, 5);
  const std::uint64_t c1 = add_carry(g1, c0);
  const std::uint64_t g2 = s.h2 + c1;
  const std::uint64_t take_g = 0 - (g2 >> 2);  // all ones or zero (g2 <= 7)
  std::uint64_t t0 = (g0 & take_g) | (s.h0 & ~take_g);
  std::uint64_t t1 = (g1 & take_g) | (s.h1 & ~take_g);
  // + s mod 2^128
  const std::uint64_t c = add_carry(t0, bytes::load_le64(key_s));
  t1 += bytes::load_le64(key_s + 8) + c;
  bytes::store_le64(tag, t0);
  bytes::store_le64(tag + 8, t1);
}

}  // namespace

const Poly1305Kernel kPoly1305Portable = {"poly1305-portable", 0, init, blocks, finish};

}  // namespace armaccel
