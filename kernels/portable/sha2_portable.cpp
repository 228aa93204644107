// SPDX-License-Identifier: Apache-2.0
// SHA-256 and SHA-512 compression functions, portable lanes
// "sha256-portable" (FIPS 180-4 §6.2.2) and "sha512-portable" (§6.4.2).
// One template: the two differ only in word type, round count, round
// constants and the rotation/shift amounts of Σ0, Σ1, σ0, σ1 (§4.1.2,
// §4.1.3).  Data-independent by construction.
#include "api/sha2.h"
#include "util/bytes.h"

namespace armaccel {
namespace {

// Rotation/shift amounts: Σ0, Σ1 rotate thrice; σ0, σ1 rotate twice and
// shift.  SHA-256's from (4.4)-(4.7), SHA-512's from (4.10)-(4.13).
struct Sigmas {
  int big0[3], big1[3], small0[3], small1[3];
};
constexpr Sigmas kSha256Sigmas = {{2, 13, 22}, {6, 11, 25}, {7, 18, 3}, {17, 19, 10}};
constexpr Sigmas kSha512Sigmas = {{28, 34, 39}, {14, 18, 41}, {1, 8, 7}, {19, 61, 6}};

template <class W>
inline W rotr(W x, int n) {
  return (x >> n) | (x << (8 * sizeof(W) - n));
}

// The rotate-rotate-rotate sum Σ and the rotate-rotate-shift sum σ.
template <class W>
inline W big_sigma(W x, const int (&r)[3]) {
  return rotr(x, r[0]) ^ rotr(x, r[1]) ^ rotr(x, r[2]);
}
template <class W>
inline W small_sigma(W x, const int (&r)[3]) {
  return rotr(x, r[0]) ^ rotr(x, r[1]) ^ (x >> r[2]);
}

// Steps 1-4 for `blocks` blocks of 16 words W (big-endian) each.
template <class W, int Rounds, const W (&K)[Rounds], const Sigmas& S>
void compress(W state[8], const std::uint8_t* data, std::size_t blocks) {
  for (; blocks > 0; --blocks, data += 16 * sizeof(W)) {
    W w[Rounds];  // message schedule W0..W(Rounds-1) (step 1)
    for (int t = 0; t < 16; ++t) {
      if constexpr (sizeof(W) == 4) {
        w[t] = bytes::load_be32(data + 4 * t);
      } else {
        w[t] = bytes::load_be64(data + 8 * t);
      }
    }
    for (int t = 16; t < Rounds; ++t) {
      w[t] =
          w[t - 16] + small_sigma(w[t - 15], S.small0) + w[t - 7] + small_sigma(w[t - 2], S.small1);
    }
    W a = state[0], b = state[1], c = state[2], d = state[3];
    W e = state[4], f = state[5], g = state[6], h = state[7];
    for (int t = 0; t < Rounds; ++t) {
      const W t1 = h + big_sigma(e, S.big1) + ((e & f) ^ (~e & g)) + K[t] + w[t];
      const W t2 = big_sigma(a, S.big0) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
  }
}

}  // namespace

const Sha256Kernel kSha256Portable = {
    .lane = "sha256-portable",
    .required = 0,
    .compress = compress<std::uint32_t, 64, kSha256K, kSha256Sigmas>};
const Sha512Kernel kSha512Portable = {
    .lane = "sha512-portable",
    .required = 0,
    .compress = compress<std::uint64_t, 80, kSha512K, kSha512Sigmas>};

}  // namespace armaccel
