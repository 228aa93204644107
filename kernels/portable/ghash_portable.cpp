// SPDX-License-Identifier: Apache-2.0
// GHASH, portable lane "ghash-portable" (SP 800-38D §6.3-6.4), constant time.
//
// The 64x64 -> 128-bit carry-less products come from ordinary integer
// multiplications: each operand is split into four sets of bits spaced four
// apart (x & 0x1111..., x & 0x2222..., ...), so the integer product of two
// such sets has each sum of at most 15 one-bit terms in its own 4-bit slot;
// the carries stay in the three "holes" that the final masks drop.  That
// gives the low 64 bits; the high 64 bits are the low bits of the product of
// the bit-reversed operands, reversed.  Karatsuba makes 128x128 from three
// such products.  No branch or table index depends on data or key.
#include "api/ghash.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {
namespace {

// Low 64 bits of the carry-less product x * y.
std::uint64_t clmul_lo(std::uint64_t x, std::uint64_t y) {
  constexpr std::uint64_t m0 = 0x1111111111111111ull, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  const std::uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  const std::uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  const std::uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  const std::uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  const std::uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  const std::uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

std::uint64_t reverse_bits(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  return bytes::bswap64(x);
}

// Operand with its bit reversal, for the high half of its products.
struct Operand {
  std::uint64_t v;
  std::uint64_t rev;
};

struct U128 {
  std::uint64_t lo, hi;
};

// Full 128-bit carry-less product of two 64-bit operands.
U128 clmul(Operand a, Operand b) {
  return {clmul_lo(a.v, b.v), reverse_bits(clmul_lo(a.rev, b.rev)) >> 1};
}

// Key layout: H' = H * x^-1 as {hi, lo} words with their reversals, and the
// Karatsuba middle operand hi ^ lo.
struct PortableKey {
  Operand hi, lo, mid;
};
static_assert(sizeof(PortableKey) <= sizeof(GhashKey));

// (x_hi:x_lo) * H, reduced: both in the reflected representation.
void multiply(std::uint64_t* x_hi, std::uint64_t* x_lo, const PortableKey& k) {
  const Operand a_hi = {*x_hi, reverse_bits(*x_hi)};
  const Operand a_lo = {*x_lo, reverse_bits(*x_lo)};
  const std::uint64_t m = *x_hi ^ *x_lo;
  const Operand a_mid = {m, reverse_bits(m)};
  const U128 ll = clmul(a_lo, k.lo);
  const U128 hh = clmul(a_hi, k.hi);
  U128 mid = clmul(a_mid, k.mid);
  mid.lo ^= ll.lo ^ hh.lo;
  mid.hi ^= ll.hi ^ hh.hi;
  // The 256-bit product z3:z2:z1:z0.
  std::uint64_t z0 = ll.lo, z1 = ll.hi ^ mid.lo, z2 = hh.lo ^ mid.hi, z3 = hh.hi;
  // Clear z0 then z1 by adding multiples of the field polynomial in the
  // reflected domain: q * c with c = 0xC2 << 56 is (q << 63 | q << 62 | q << 57)
  // spread over two words.
  z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
  z2 ^= (z0 >> 1) ^ (z0 >> 2) ^ (z0 >> 7) ^ z0;
  z2 ^= (z1 << 63) ^ (z1 << 62) ^ (z1 << 57);
  z3 ^= (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7) ^ z1;
  *x_hi = z3;
  *x_lo = z2;
}

void init(GhashKey* key, const std::uint8_t h[16]) {
  std::uint64_t hi = bytes::load_be64(h), lo = bytes::load_be64(h + 8);
  // H' = H * x^-1: shift left one bit, fold the carry as 0xC2...01.
  const std::uint64_t carry = 0 - (hi >> 63);
  hi = (hi << 1) | (lo >> 63);
  lo <<= 1;
  hi ^= carry & 0xC200000000000000ull;
  lo ^= carry & 1;
  PortableKey k;
  k.hi = {hi, reverse_bits(hi)};
  k.lo = {lo, reverse_bits(lo)};
  k.mid = {hi ^ lo, reverse_bits(hi ^ lo)};
  wipe(key, sizeof *key);
  std::memcpy(key->bytes, &k, sizeof k);
  wipe(&k, sizeof k);
}

void update(const GhashKey* key, std::uint8_t xi[16], const std::uint8_t* data,
            std::size_t blocks) {
  PortableKey k;
  std::memcpy(&k, key->bytes, sizeof k);
  std::uint64_t hi = bytes::load_be64(xi), lo = bytes::load_be64(xi + 8);
  for (; blocks > 0; --blocks, data += 16) {
    hi ^= bytes::load_be64(data);
    lo ^= bytes::load_be64(data + 8);
    multiply(&hi, &lo, k);
  }
  bytes::store_be64(xi, hi);
  bytes::store_be64(xi + 8, lo);
  wipe(&k, sizeof k);
}

}  // namespace

const GhashKernel kGhashPortable = {
    .lane = "ghash-portable", .required = 0, .init = init, .update = update};

}  // namespace armaccel
