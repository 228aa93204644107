// SPDX-License-Identifier: Apache-2.0
// SM3, portable lane "sm3-portable" (GB/T 32905-2016 §5): rotations,
// additions and Boolean functions on 32-bit words, nothing indexed by data.
#include <bit>
#include <cstddef>
#include <cstdint>

#include "api/sm3.h"
#include "util/always_inline.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

const std::uint32_t kSm3Iv[8] = {0x7380166fu, 0x4914b2b9u, 0x172442d7u, 0xda8a0600u,
                                 0xa96f30bcu, 0x163138aau, 0xe38dee4du, 0xb0fb0e4eu};

namespace {
constexpr Sm3RoundConstants make_round_constants() {
  Sm3RoundConstants c{};
  for (int j = 0; j < 64; ++j) c.t[j] = std::rotl(j < 16 ? 0x79cc4519u : 0x7a879d8au, j % 32);
  return c;
}
}  // namespace

constinit const Sm3RoundConstants kSm3RoundConstants = make_round_constants();

namespace {

inline std::uint32_t p0(std::uint32_t x) {
  return x ^ std::rotl(x, 9) ^ std::rotl(x, 17);
}
inline std::uint32_t p1(std::uint32_t x) {
  return x ^ std::rotl(x, 15) ^ std::rotl(x, 23);
}

// One round (§5.3.3) with the renaming trick: only A and E are new, so the
// new A goes into D's variable and the new E into H's, B and F are rotated
// in place, and the next round takes the variables in rotated order.  FF and
// GG are XOR in rounds 0..15 (Late = false), majority and choice after; t
// is T_j <<< j and advances by one bit.
template <bool Late>
ARMACCEL_ALWAYS_INLINE void round(std::uint32_t a, std::uint32_t& b, std::uint32_t c,
                                  std::uint32_t& d, std::uint32_t e, std::uint32_t& f,
                                  std::uint32_t g, std::uint32_t& h, std::uint32_t& t,
                                  const std::uint32_t w[68], int j) {
  const std::uint32_t a12 = std::rotl(a, 12);
  const std::uint32_t ss1 = std::rotl(a12 + e + t, 7);
  const std::uint32_t ss2 = ss1 ^ a12;
  const std::uint32_t ff = Late ? (a & b) | (a & c) | (b & c) : a ^ b ^ c;
  const std::uint32_t gg = Late ? (e & f) | (~e & g) : e ^ f ^ g;
  d = ff + d + ss2 + (w[j] ^ w[j + 4]);  // the new A
  h = p0(gg + h + ss1 + w[j]);           // the new E
  b = std::rotl(b, 9);
  f = std::rotl(f, 19);
  t = std::rotl(t, 1);
}

// GCC would vectorise the message expansion with shift pairs for the
// rotations, which costs more than the scalar rotate-and-XOR forms.
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize")))
#endif
void compress(std::uint32_t v[8], const std::uint8_t* data, std::size_t blocks) {
  std::uint32_t w[68];
  for (; blocks > 0; --blocks, data += kSm3BlockBytes) {
    // Message expansion (§5.3.2): W0..W67; W'j = Wj ^ Wj+4 is formed below.
    for (int j = 0; j < 16; ++j) w[j] = bytes::load_be32(data + 4 * j);
    for (int j = 16; j < 68; ++j)
      w[j] =
          p1(w[j - 16] ^ w[j - 9] ^ std::rotl(w[j - 3], 15)) ^ std::rotl(w[j - 13], 7) ^ w[j - 6];
    std::uint32_t a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
    std::uint32_t t = 0x79cc4519u;
    for (int j = 0; j < 16; j += 4) {
      round<false>(a, b, c, d, e, f, g, h, t, w, j);
      round<false>(d, a, b, c, h, e, f, g, t, w, j + 1);
      round<false>(c, d, a, b, g, h, e, f, t, w, j + 2);
      round<false>(b, c, d, a, f, g, h, e, t, w, j + 3);
    }
    t = 0x9d8a7a87u;  // 0x7a879d8a <<< 16
    for (int j = 16; j < 64; j += 4) {
      round<true>(a, b, c, d, e, f, g, h, t, w, j);
      round<true>(d, a, b, c, h, e, f, g, t, w, j + 1);
      round<true>(c, d, a, b, g, h, e, f, t, w, j + 2);
      round<true>(b, c, d, a, f, g, h, e, t, w, j + 3);
    }
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

const Sm3Kernel kSm3Portable = {.lane = "sm3-portable", .required = 0, .compress = compress};

}  // namespace armaccel
