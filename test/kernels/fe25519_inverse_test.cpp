// SPDX-License-Identifier: Apache-2.0
// Inversion modulo p = 2^255 - 19 by divsteps (curve25519/fe25519_safegcd.h)
// against Fermat's little theorem (x^(p - 2), computed here with the
// portable field's squarings and products): 0 and the smallest and largest
// residues, 2 (whose inverse is (p + 1) / 2), elements with long runs of
// equal bits, inputs that need many divsteps, and random elements; each
// result also times x is 1.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "curve25519/fe25519_radix25.h"
#include "curve25519/fe25519_safegcd.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

using fe25519::Radix25;

void no_wipe(void*, std::size_t) {}

// x^(p - 2) mod p by square-and-multiply over the exponent's bits
// (p - 2 = 2^255 - 21: bits 254..5 set, then 01011).
Bytes fermat_inverse(const Bytes& x) {
  Radix25::Elem base, acc;
  Radix25::from_bytes(base, x.data());
  Radix25::one(acc);
  for (int bit = 254; bit >= 0; --bit) {
    Radix25::sqr(acc, acc);
    const bool set = bit >= 5 || ((0x0B >> bit) & 1);
    if (set) Radix25::mul(acc, acc, base);
  }
  Bytes out(32);
  Radix25::to_bytes(out.data(), acc);
  return out;
}

Bytes divsteps_inverse(const Bytes& x) {
  Bytes out(32);
  fe25519::invert_mod_p(out.data(), x.data(), no_wipe);
  return out;
}

Bytes times(const Bytes& a, const Bytes& b) {
  Radix25::Elem fa, fb;
  Radix25::from_bytes(fa, a.data());
  Radix25::from_bytes(fb, b.data());
  Radix25::mul(fa, fa, fb);
  Bytes out(32);
  Radix25::to_bytes(out.data(), fa);
  return out;
}

// x reduced below p (the inversion takes canonical encodings).
Bytes canonical(const Bytes& x) {
  Radix25::Elem e;
  Radix25::from_bytes(e, x.data());
  Bytes out(32);
  Radix25::to_bytes(out.data(), e);
  return out;
}

const char kOne[] = "0100000000000000000000000000000000000000000000000000000000000000";

TEST(Fe25519Inverse, KnownValues) {
  const Bytes zero(32, 0);
  EXPECT_EQ(to_hex(divsteps_inverse(zero)), to_hex(zero));  // RFC 7748: 0^(p - 2) = 0
  EXPECT_EQ(to_hex(divsteps_inverse(from_hex(kOne))), kOne);
  // 2^-1 = (p + 1) / 2 = 2^254 - 9.
  EXPECT_EQ(to_hex(divsteps_inverse(
                from_hex("0200000000000000000000000000000000000000000000000000000000000000"))),
            "f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f");
  // (p - 1)^-1 = p - 1.
  const Bytes minus_one =
      from_hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
  EXPECT_EQ(to_hex(divsteps_inverse(minus_one)), to_hex(minus_one));
}

TEST(Fe25519Inverse, MatchesFermat) {
  std::vector<Bytes> inputs;
  for (const std::uint8_t fill : {0x01, 0x55, 0xaa, 0x80, 0x7f, 0xfe, 0xff})
    inputs.push_back(canonical(Bytes(32, fill)));
  for (int bit = 0; bit < 255; bit += 7) {  // single bits and their complements
    Bytes x(32, 0);
    x[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
    inputs.push_back(x);
    Bytes y(32, 0xff);
    y[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    inputs.push_back(canonical(y));
  }
  // Inputs that need more than 600 divsteps when delta is updated as in
  // the original divstep rather than the half-delta one (found by a beam
  // search over g's low bits; 609..619 steps there, 507..516 here).
  for (const char* hard : {"698d3d938516301ee839afc85350a0b533b97487f217298a35f12dd56fe9ec7f",
                           "0afdbd0b1bf2f96a54dad2364ef7553d271a62754407b3386d7e648603a6245c",
                           "99e99595184f38facb2feec95ed9a84f02d476bff62e857d12dd071847338861"})
    inputs.push_back(from_hex(hard));
  Rng rng(0x1ff);
  for (int i = 0; i < 300; ++i) inputs.push_back(canonical(rng.bytes(32)));
  for (const Bytes& x : inputs) {
    const Bytes inverse = divsteps_inverse(x);
    EXPECT_EQ(to_hex(inverse), to_hex(fermat_inverse(x))) << "x " << to_hex(x);
    EXPECT_EQ(to_hex(times(inverse, x)), kOne) << "x " << to_hex(x);
  }
}

}  // namespace
}  // namespace armaccel::test
