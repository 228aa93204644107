// SPDX-License-Identifier: Apache-2.0
// permute_x2 and permute_x4 of the Keccak table (api/keccak.h) for a lane
// without a multi-state permutation: Keccak-f[1600] (FIPS 202 §3.3, §3.4)
// on each state in turn, with the lane's one-state permutation.  Used by
// keccak-portable and keccak-armv7m, and for keccak-neon-gpr's two states
// in general-purpose registers.  Anonymous namespace: each including
// file gets its own copy (docs/architecture.md, extension-flag hazard).
#pragma once

#include <cstdint>

#include "api/keccak.h"

namespace armaccel {
namespace {

// A lane's Keccak-f[1600] on one state of 25 lanes, in place.
using KeccakPermuteFn = void (*)(std::uint64_t a[kKeccakLanes]);

// a, then b, each permuted in place.
template <KeccakPermuteFn Permute>
void permute_each_x2(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes]) {
  Permute(a);
  Permute(b);
}

// a, b, c, then d, each permuted in place.
template <KeccakPermuteFn Permute>
void permute_each_x4(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes],
                     std::uint64_t c[kKeccakLanes], std::uint64_t d[kKeccakLanes]) {
  Permute(a);
  Permute(b);
  Permute(c);
  Permute(d);
}

}  // namespace
}  // namespace armaccel
