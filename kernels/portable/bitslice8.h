// SPDX-License-Identifier: Apache-2.0
// Byte-to-bit-plane transposition for the bit-sliced portable lanes (AES,
// SM4): 64 bytes become eight 64-bit planes, plane b holding bit b of every
// byte (bit n of the plane = bit b of byte n), and back.
//
// Portable-only header (inline functions): not for extension-flag lane files.
#pragma once

#include <cstdint>

#include "util/bytes.h"

namespace armaccel::bitslice8 {

// Exchanges the bits of `a` selected by mask << shift with the bits of `b`
// selected by mask.
inline void swap_move(std::uint64_t& a, std::uint64_t& b, std::uint64_t mask, int shift) {
  const std::uint64_t t = ((a >> shift) ^ b) & mask;
  b ^= t;
  a ^= t << shift;
}

// Transposes the 8x8 bit matrix held in x (byte r = row r, bit c = column c).
inline std::uint64_t transpose_bits8x8(std::uint64_t x) {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
  return x;
}

// Transposes the 8x8 byte matrix x[word][byte] in place.
inline void transpose_bytes8x8(std::uint64_t x[8]) {
  for (int j = 0; j < 8; j += 2) swap_move(x[j], x[j + 1], 0x00FF00FF00FF00FFull, 8);
  for (int j = 0; j < 8; j += 4) {
    swap_move(x[j], x[j + 2], 0x0000FFFF0000FFFFull, 16);
    swap_move(x[j + 1], x[j + 3], 0x0000FFFF0000FFFFull, 16);
  }
  for (int j = 0; j < 4; ++j) swap_move(x[j], x[j + 4], 0x00000000FFFFFFFFull, 32);
}

// 64 bytes (four blocks) -> planes: q[b] bit n = bit b of in[n].
inline void slice(const std::uint8_t in[64], std::uint64_t q[8]) {
  for (int j = 0; j < 8; ++j) q[j] = transpose_bits8x8(bytes::load_le64(in + 8 * j));
  transpose_bytes8x8(q);
}

// Inverse of slice().
inline void unslice(std::uint64_t q[8], std::uint8_t out[64]) {
  transpose_bytes8x8(q);
  for (int j = 0; j < 8; ++j) bytes::store_le64(out + 8 * j, transpose_bits8x8(q[j]));
}

}  // namespace armaccel::bitslice8
