// Keccak-f[1600], portable lane "keccak-portable" (FIPS 202 §3.2-3.3): the
// five step mappings on 64-bit lanes, unrolled by the compiler; rotations
// by constant amounts, so nothing depends on the data.
#include <cstddef>
#include <cstdint>

#include "bytes.h"
#include "keccak.h"

namespace armaccel {

const std::uint64_t kKeccakRoundConstants[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

namespace {

// rho offsets r[x][y] (§3.2.2, Table 2) by lane index x + 5y.
constexpr unsigned kRho[25] = {
    0,  1,  62, 28, 27,  // y = 0
    36, 44, 6,  55, 20,  // y = 1
    3,  10, 43, 25, 39,  // y = 2
    41, 45, 15, 21, 8,   // y = 3
    18, 2,  61, 56, 14,  // y = 4
};

// pi (§3.2.3): the lane at x + 5y moves to y + 5((2x + 3y) mod 5).
constexpr unsigned pi_target(unsigned i) {
  const unsigned x = i % 5, y = i / 5;
  return y + 5 * ((2 * x + 3 * y) % 5);
}

inline std::uint64_t rol(std::uint64_t v, unsigned n) {
  return n == 0 ? v : (v << n) | (v >> (64 - n));
}

}  // namespace

void keccak_permute_portable(std::uint64_t a[kKeccakLanes]) {
  for (int round = 0; round < 24; ++round) {
    // theta (§3.2.1)
    std::uint64_t c[5], d[5];
    for (unsigned x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (unsigned x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
    // rho and pi (§3.2.2-3.2.3) into b
    std::uint64_t b[25];
    for (unsigned i = 0; i < 25; ++i) b[pi_target(i)] = rol(a[i] ^ d[i % 5], kRho[i]);
    // chi (§3.2.4)
    for (unsigned y = 0; y < 25; y += 5) {
      for (unsigned x = 0; x < 5; ++x)
        a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
    }
    // iota (§3.2.5)
    a[0] ^= kKeccakRoundConstants[round];
  }
}

void keccak_absorb_portable(std::uint64_t a[kKeccakLanes], const std::uint8_t* data,
                            std::size_t blocks, std::size_t rate) {
  for (; blocks > 0; --blocks, data += rate) {
    for (std::size_t w = 0; w < rate / 8; ++w) a[w] ^= bytes::load_le64(data + 8 * w);
    keccak_permute_portable(a);
  }
}

namespace {

void permute_x2(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes]) {
  keccak_permute_portable(a);
  keccak_permute_portable(b);
}

}  // namespace

const KeccakKernel kKeccakPortable = {
    "keccak-portable", 0, keccak_permute_portable, keccak_absorb_portable, permute_x2,
};

}  // namespace armaccel
