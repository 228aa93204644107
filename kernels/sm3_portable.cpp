// SM3, portable lane "sm3-portable" (GB/T 32905-2016 §5): rotations,
// additions and Boolean functions on 32-bit words, nothing indexed by data.
#include <bit>
#include <cstddef>
#include <cstdint>

#include "bytes.h"
#include "sm3.h"
#include "wipe.h"

namespace armaccel {

const std::uint32_t kSm3Iv[8] = {0x7380166fu, 0x4914b2b9u, 0x172442d7u, 0xda8a0600u,
                                 0xa96f30bcu, 0x163138aau, 0xe38dee4du, 0xb0fb0e4eu};

namespace {

inline std::uint32_t p0(std::uint32_t x) {
  return x ^ std::rotl(x, 9) ^ std::rotl(x, 17);
}
inline std::uint32_t p1(std::uint32_t x) {
  return x ^ std::rotl(x, 15) ^ std::rotl(x, 23);
}

void compress(std::uint32_t v[8], const std::uint8_t* data, std::size_t blocks) {
  std::uint32_t w[68];
  for (; blocks > 0; --blocks, data += kSm3BlockBytes) {
    // Message expansion (§5.3.2): W0..W67; W'j = Wj ^ Wj+4 is formed below.
    for (int j = 0; j < 16; ++j) w[j] = bytes::load_be32(data + 4 * j);
    for (int j = 16; j < 68; ++j)
      w[j] =
          p1(w[j - 16] ^ w[j - 9] ^ std::rotl(w[j - 3], 15)) ^ std::rotl(w[j - 13], 7) ^ w[j - 6];
    std::uint32_t a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
    // One round (§5.3.3); FF and GG are XOR in rounds 0..15, majority and
    // choice after, and T_j <<< j advances by one bit a round.
    auto round = [&](int j, std::uint32_t tj, std::uint32_t ff, std::uint32_t gg) {
      const std::uint32_t a12 = std::rotl(a, 12);
      const std::uint32_t ss1 = std::rotl(a12 + e + tj, 7);
      const std::uint32_t ss2 = ss1 ^ a12;
      const std::uint32_t tt1 = ff + d + ss2 + (w[j] ^ w[j + 4]);
      const std::uint32_t tt2 = gg + h + ss1 + w[j];
      d = c;
      c = std::rotl(b, 9);
      b = a;
      a = tt1;
      h = g;
      g = std::rotl(f, 19);
      f = e;
      e = p0(tt2);
    };
    std::uint32_t t = 0x79cc4519u;
    for (int j = 0; j < 16; ++j, t = std::rotl(t, 1)) round(j, t, a ^ b ^ c, e ^ f ^ g);
    t = 0x9d8a7a87u;  // 0x7a879d8a <<< 16
    for (int j = 16; j < 64; ++j, t = std::rotl(t, 1))
      round(j, t, (a & b) | (a & c) | (b & c), (e & f) | (~e & g));
    v[0] ^= a;
    v[1] ^= b;
    v[2] ^= c;
    v[3] ^= d;
    v[4] ^= e;
    v[5] ^= f;
    v[6] ^= g;
    v[7] ^= h;
  }
  wipe(w, sizeof w);
}

}  // namespace

const Sm3Kernel kSm3Portable = {"sm3-portable", 0, compress};

}  // namespace armaccel
