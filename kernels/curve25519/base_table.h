// SPDX-License-Identifier: Apache-2.0
// The precomputed multiples of the edwards25519 base point that X25519's
// fixed-base scalar multiplication adds (x25519_base.h; generated into
// base_table.cpp by gen_base_table.py).  Public data: it is scanned whole
// for each digit, never indexed by a secret.
#pragma once

#include <cstdint>

namespace armaccel::curve25519 {

// A point (x, y) as (y + x, y - x, 2 d x y) mod p, each a canonical
// 32-byte little-endian encoding.
struct BasePrecomp {
  std::uint8_t ypx[32], ymx[32], xy2d[32];
};

// kBaseTable[i][j - 1] = j * 16^(2i) * B, i = 0..31, j = 1..8.
extern const BasePrecomp kBaseTable[32][8];

}  // namespace armaccel::curve25519
