// SHA-512 compression function, portable lane "sha512-portable"
// (FIPS 180-4 §6.4.2).  Data-independent by construction.
#include "api/sha2.h"
#include "util/bytes.h"

namespace armaccel {
namespace {

inline std::uint64_t rotr(std::uint64_t x, int n) {
  return (x >> n) | (x << (64 - n));
}

void compress(std::uint64_t state[8], const std::uint8_t* data, std::size_t blocks) {
  for (; blocks > 0; --blocks, data += kSha512BlockBytes) {
    std::uint64_t w[80];  // message schedule W0..W79 (§6.4.2 step 1)
    for (int t = 0; t < 16; ++t) w[t] = bytes::load_be64(data + 8 * t);
    for (int t = 16; t < 80; ++t) {
      const std::uint64_t s0 = rotr(w[t - 15], 1) ^ rotr(w[t - 15], 8) ^ (w[t - 15] >> 7);
      const std::uint64_t s1 = rotr(w[t - 2], 19) ^ rotr(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    std::uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    std::uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int t = 0; t < 80; ++t) {
      const std::uint64_t t1 =
          h + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + ((e & f) ^ (~e & g)) + kSha512K[t] + w[t];
      const std::uint64_t t2 =
          (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
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

const Sha512Kernel kSha512Portable = {"sha512-portable", 0, compress};

}  // namespace armaccel
