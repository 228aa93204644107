// SPDX-License-Identifier: Apache-2.0
// The sponge's absorbing loop for one rate (FIPS 202 §4, Algorithm 8 step
// 6), shared by the portable Keccak lane and the AArch64 scalar lane
// (aarch64/keccak_scalar_impl.h): the state stays in 25 locals across
// blocks and the rate, Words 64-bit words, is a template parameter, so
// every lane index is a constant.  Anonymous namespace: each including
// file, lane files built with extension flags among them, gets its own
// copy (docs/architecture.md, extension-flag hazard).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "api/keccak.h"
#include "util/always_inline.h"
#include "util/bytes.h"

namespace armaccel {
namespace {
namespace keccak_absorb {

template <int... I>
ARMACCEL_ALWAYS_INLINE void copy_lanes(std::uint64_t to[25], const std::uint64_t from[25],
                                       std::integer_sequence<int, I...>) {
  ((to[I] = from[I]), ...);
}

template <int... W>
ARMACCEL_ALWAYS_INLINE void xor_block(std::uint64_t s[25], const std::uint8_t* data,
                                      std::integer_sequence<int, W...>) {
  ((s[W] ^= bytes::load_le64(data + 8 * W)), ...);
}

// `blocks` blocks of 8 Words bytes at data XORed into a[25] and permuted,
// one after the other, with permute(s) the lane's Keccak-f[1600] on 25
// locals.
template <int Words, class Permute>
ARMACCEL_ALWAYS_INLINE void absorb_words(std::uint64_t a[kKeccakLanes], const std::uint8_t* data,
                                         std::size_t blocks, Permute&& permute) {
  constexpr auto kLanes = std::make_integer_sequence<int, 25>{};
  std::uint64_t s[25];
  copy_lanes(s, a, kLanes);
  for (; blocks > 0; --blocks, data += 8 * Words) {
    xor_block(s, data, std::make_integer_sequence<int, Words>{});
    permute(s);
  }
  copy_lanes(a, s, kLanes);
}

}  // namespace keccak_absorb
}  // namespace
}  // namespace armaccel
