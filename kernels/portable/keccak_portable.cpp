// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600], portable lane "keccak-portable" (FIPS 202 §3.2-3.3): the
// five step mappings on 64-bit lanes; rotations by constant amounts, so
// nothing depends on the data.  Absorbing is specialised per rate so the
// state never leaves registers between blocks.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "api/keccak.h"
#include "portable/keccak_absorb_impl.h"
#include "portable/keccak_permute_each.h"
#include "util/always_inline.h"
#include "util/bytes.h"

namespace armaccel {

const std::uint64_t kKeccakRoundConstants[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

namespace {

// Every step over constant lane indices (fold expressions over integer
// sequences, no loops): the compiler keeps the 25 lanes in registers
// (AArch64 has 31) and the rotations become single instructions.
template <int... X>
ARMACCEL_ALWAYS_INLINE void theta(std::uint64_t s[25], std::integer_sequence<int, X...>) {
  std::uint64_t c[5], d[5];
  ((c[X] = s[X] ^ s[X + 5] ^ s[X + 10] ^ s[X + 15] ^ s[X + 20]), ...);
  ((d[X] = c[(X + 4) % 5] ^ std::rotl(c[(X + 1) % 5], 1)), ...);
  ((s[X] ^= d[X], s[X + 5] ^= d[X], s[X + 10] ^= d[X], s[X + 15] ^= d[X], s[X + 20] ^= d[X]), ...);
}

template <int... I>
ARMACCEL_ALWAYS_INLINE void rho_pi(const std::uint64_t s[25], std::uint64_t b[25],
                                   std::integer_sequence<int, I...>) {
  ((b[keccak_pi_target(I)] = std::rotl(s[I], static_cast<int>(kKeccakRho[I]))), ...);
}

template <int... I>
ARMACCEL_ALWAYS_INLINE void chi(std::uint64_t s[25], const std::uint64_t b[25],
                                std::integer_sequence<int, I...>) {
  ((s[I] = b[I] ^ (~b[I / 5 * 5 + (I % 5 + 1) % 5] & b[I / 5 * 5 + (I % 5 + 2) % 5])), ...);
}

// One round (§3.3: Rnd = iota(chi(pi(rho(theta(A)))))).
ARMACCEL_ALWAYS_INLINE void round(std::uint64_t s[25], std::uint64_t rc) {
  std::uint64_t b[25];
  theta(s, std::make_integer_sequence<int, 5>{});
  rho_pi(s, b, std::make_integer_sequence<int, 25>{});
  chi(s, b, std::make_integer_sequence<int, 25>{});
  s[0] ^= rc;
}

ARMACCEL_ALWAYS_INLINE void rounds(std::uint64_t s[25]) {
  for (int r = 0; r < 24; ++r) round(s, kKeccakRoundConstants[r]);
}

}  // namespace

void keccak_permute_portable(std::uint64_t a[kKeccakLanes]) {
  std::uint64_t s[25];
  std::memcpy(s, a, sizeof s);
  rounds(s);
  std::memcpy(a, s, sizeof s);
}

void keccak_absorb_portable(std::uint64_t a[kKeccakLanes], const std::uint8_t* data,
                            std::size_t blocks, std::size_t rate) {
  struct Permute {
    ARMACCEL_ALWAYS_INLINE void operator()(std::uint64_t s[25]) const { rounds(s); }
  };
  if (keccak_visit_rate(rate, [&]<int Words>() {
        keccak_absorb::absorb_words<Words>(a, data, blocks, Permute{});
      }))
    return;
  for (; blocks > 0; --blocks, data += rate) {
    for (std::size_t w = 0; w < rate / 8; ++w) a[w] ^= bytes::load_le64(data + 8 * w);
    keccak_permute_portable(a);
  }
}

// No lane-form sponge: nothing to convert, the standard lanes are its own
// clang-format off
const KeccakKernel kKeccakPortable = {
    .lane = "keccak-portable", .required = 0, .permute = keccak_permute_portable,
    .absorb = keccak_absorb_portable, .permute_x2 = permute_each_x2<keccak_permute_portable>,
    .permute_x4 = permute_each_x4<keccak_permute_portable>,
    .sponge_start = nullptr,
    .sponge_squeeze = nullptr};
// clang-format on

}  // namespace armaccel
