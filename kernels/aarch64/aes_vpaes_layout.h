// SPDX-License-Identifier: Apache-2.0
// The TBL index vectors of the vector-permute AES (aes_vpaes_impl.h),
// computed from their definitions: byte positions, not field arithmetic
// (aes_vpaes_tables.py's phi() and rotation(), with which it checks the
// data flow).  ShiftRows is never applied: after n encryption rounds the
// byte of FIPS 197's state at row r, column c (byte 4c + r) sits at row r,
// column c + n r, columns mod 4 ("layout n"); decryption runs through
// layout -n.  Anonymous namespace: each including file gets its own copy.
#pragma once

#include <cstdint>

namespace armaccel {
namespace {
namespace vpaes_layout {

// The byte at row r, column c (both mod 4).
constexpr std::uint8_t idx(int r, int c) {
  return static_cast<std::uint8_t>(4 * (c & 3) + (r & 3));
}

// out[n]: the TBL index that gives the standard byte order from layout n.
constexpr void to_standard(std::uint8_t out[4][16]) {
  for (int n = 0; n < 4; ++n)
    for (int q = 0; q < 16; ++q) out[n][q] = idx(q % 4, q / 4 + n * (q % 4));
}

// out[n]: the TBL index that puts at the position of (r, d) in layout
// sign * n the byte at (r + dr, d + dc): a rotation of each column's rows
// (MixColumns' and InvMixColumns' neighbours) in the drifted layout.
constexpr void rotations(std::uint8_t out[4][16], int dr, int dc, int sign) {
  for (int n = 0; n < 4; ++n) {
    const int m = sign * n;
    for (int r = 0; r < 4; ++r)
      for (int d = 0; d < 4; ++d) out[n][idx(r, d + m * r)] = idx(r + dr, d + dc + m * (r + dr));
  }
}

}  // namespace vpaes_layout
}  // namespace
}  // namespace armaccel
