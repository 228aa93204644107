// SPDX-License-Identifier: Apache-2.0
// ChaCha20, portable lane "chacha20-portable" (RFC 8439 §2.1-2.4): the
// quarter round on 32-bit words, one block at a time.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/chacha20.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

namespace {

inline std::uint32_t rotl32(std::uint32_t v, unsigned n) {
  return (v << n) | (v >> (32 - n));
}

// The quarter round QUARTERROUND(a, b, c, d) of §2.1 on state words.
inline void quarter_round(std::uint32_t x[16], int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = rotl32(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = rotl32(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = rotl32(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = rotl32(x[b] ^ x[c], 7);
}

// The block function (§2.3): 20 rounds on a copy of `state`, then the
// input added back, serialised little-endian into block[64].
void chacha_block(const std::uint32_t state[16], std::uint8_t block[kChachaBlockBytes]) {
  std::uint32_t x[16];
  std::memcpy(x, state, sizeof x);
  for (int i = 0; i < 10; ++i) {
    quarter_round(x, 0, 4, 8, 12);  // columns
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);  // diagonals
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) bytes::store_le32(block + 4 * i, x[i] + state[i]);
}

void xor_blocks(const std::uint32_t key[8], std::uint32_t iv[4], std::uint8_t* out,
                const std::uint8_t* in, std::size_t blocks) {
  std::uint32_t state[16];
  std::memcpy(state, kChachaConstants, 16);
  std::memcpy(state + 4, key, 32);
  std::memcpy(state + 12, iv, 16);
  std::uint8_t ks[kChachaBlockBytes];
  for (std::size_t j = 0; j < blocks; ++j) {
    chacha_block(state, ks);
    for (std::size_t i = 0; i < kChachaBlockBytes; ++i) out[i] = in[i] ^ ks[i];
    in += kChachaBlockBytes;
    out += kChachaBlockBytes;
    // 64-bit counter over words 12..13 (carry without a branch).
    state[12] += 1;
    state[13] += state[12] == 0;
  }
  iv[0] = state[12];
  iv[1] = state[13];
  wipe(ks, sizeof ks);
  wipe(state, sizeof state);
}

}  // namespace

const ChachaKernel kChachaPortable = {
    .lane = "chacha20-portable", .required = 0, .xor_blocks = xor_blocks};

}  // namespace armaccel
