// SPDX-License-Identifier: Apache-2.0
// The GhashKey layout (api/ghash.h, 192 bytes) of the AArch64 GHASH lanes,
// ghash-pmull (with gcm-ce) and ghash-neon, which both reduce once per up
// to eight blocks: the powers H^1..H^8 of the hash subkey, 16 bytes each
// from byte 0, then the Karatsuba middle operands mid(V) = V.hi ^ V.lo of
// the eight powers, two to a 16-byte vector, from byte 128.  The form of
// the powers and the order within a pair are each lane's
// (ghash_pmull_impl.h, ghash_neon_impl.h).  Anonymous namespace: each
// including file gets its own copy.
#pragma once

#include <cstddef>

#include "api/ghash.h"

namespace armaccel {
namespace {

constexpr int kGhashPowers = 8;
// Byte offsets in GhashKey: the powers, then the middle-operand pairs.
constexpr std::size_t kPowersOffset = 0;
constexpr std::size_t kMiddleOffset = 16 * kGhashPowers;
static_assert(kMiddleOffset + 16 * kGhashPowers / 2 == sizeof(GhashKey));

}  // namespace
}  // namespace armaccel
