// SPDX-License-Identifier: Apache-2.0
// The batch loops of the block-mode kernels: after a batch of n 16-byte
// blocks, in and out move on by 16 n bytes and n fewer blocks remain.
// Unnamed namespace: every including file, lane files built with extension
// flags among them, gets its own copy (nothing shared to pick up).
#pragma once

#include <cstddef>
#include <cstdint>

#include "util/always_inline.h"

namespace armaccel {
namespace {

ARMACCEL_ALWAYS_INLINE void advance_blocks(const std::uint8_t*& in, std::uint8_t*& out,
                                           std::size_t& blocks, std::size_t n) {
  in += 16 * n;
  out += 16 * n;
  blocks -= n;
}

}  // namespace
}  // namespace armaccel
