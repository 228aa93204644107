// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600] kernels (FIPS 202 §3), one table per lane.
//
// A state is 25 64-bit lanes A[x + 5y] (x, y = 0..4); lane w holds state
// bits 64w..64w+63, i.e. state bytes 8w..8w+7 read little-endian (§3.1.2,
// Appendix B.1), so absorbing and squeezing are little-endian word XORs and
// stores.  Kernels permute whole states and absorb whole blocks; padding,
// buffering and squeezing live in the sponge driver (sha3_driver.h),
// except in the optional one-shot sponge on a lane-form state.
// Constant time: no branch or memory index depends on the state.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cpu/cpu_features.h"

namespace armaccel {

inline constexpr std::size_t kKeccakLanes = 25;
inline constexpr std::size_t kKeccakStateBytes = 200;

// A Keccak state in a lane's own form, for the lane-form sponge
// (KeccakKernel::sponge_start): opaque to callers, who wipe it after a
// secret use.
struct KeccakLaneState {
  alignas(8) std::uint32_t w[2 * kKeccakLanes];
};

struct KeccakKernel {
  const char* lane;      // "keccak-sha3", "keccak-neon", "keccak-portable"
  CpuFeatures required;  // features the lane's instructions need

  // Keccak-p[1600, 24] = Keccak-f[1600] (§3.3, §3.4) on one state, in place.
  void (*permute)(std::uint64_t a[kKeccakLanes]);

  // The sponge's absorbing loop (§4, Algorithm 8 step 6) for `blocks`
  // consecutive blocks of `rate` bytes of `data` (no alignment required):
  // XOR each block into the first rate/8 lanes, then permute.  rate is a
  // multiple of 8, at most 192 (every FIPS 202 and KMAC rate).
  void (*absorb)(std::uint64_t a[kKeccakLanes], const std::uint8_t* data, std::size_t blocks,
                 std::size_t rate);

  // Keccak-f[1600] on two independent states at once (ML-KEM's matrix
  // sampling runs two SHAKE128 streams side by side).
  void (*permute_x2)(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes]);

  // Keccak-f[1600] on four independent states at once, each in place
  // (ML-KEM's matrix and noise sampling run four SHAKE streams side by side;
  // the AArch64 lanes permute two in vector registers beside two in
  // general-purpose registers).  The four pointers are distinct.
  void (*permute_x4)(std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes],
                     std::uint64_t c[kKeccakLanes], std::uint64_t d[kKeccakLanes]);

  // Optional, both or neither (nullptr where permute works on the standard
  // lanes, so a lane gains nothing): a one-shot sponge (§4, Algorithm 8) on
  // a state kept in the lane's own form (KeccakLaneState), for lanes that
  // permute another form (keccak-armv7m's bit interleaving): only the bytes
  // absorbed and squeezed are converted, never the whole state.  For
  // ML-KEM's hashes and XOFs, which start from the zero state and are done
  // at once.
  //
  // sponge_start: the zero state absorbs a || b (alen, blen any lengths,
  // each pointer may be null with length 0) at `rate` bytes per block and
  // pads the message with pad10*1, `pad` its first byte (the domain bits,
  // sha3_driver.h's kSha3Pad, kShakePad, ...): ready to squeeze.  rate as
  // for absorb.
  void (*sponge_start)(KeccakLaneState* s, std::size_t rate, std::uint8_t pad,
                       const std::uint8_t* a, std::size_t alen, const std::uint8_t* b,
                       std::size_t blen);
  // sponge_squeeze: the next len bytes of output (len a multiple of 8, out
  // any alignment), block after block, each begun with a permutation; a
  // later call goes on with the next block, so every call but the last
  // takes whole blocks (len a multiple of rate).
  void (*sponge_squeeze)(KeccakLaneState* s, std::uint8_t* out, std::size_t len, std::size_t rate);
};

// The round constants RC[0..23] (§3.2.5, rc(t) expanded).
extern const std::uint64_t kKeccakRoundConstants[24];

// rho offsets r[x][y] (§3.2.2, Table 2) by lane index x + 5y.
inline constexpr unsigned kKeccakRho[25] = {
    0,  1,  62, 28, 27,  // y = 0
    36, 44, 6,  55, 20,  // y = 1
    3,  10, 43, 25, 39,  // y = 2
    41, 45, 15, 21, 8,   // y = 3
    18, 2,  61, 56, 14,  // y = 4
};

// pi (§3.2.3): the lane at x + 5y moves to y + 5((2x + 3y) mod 5).
constexpr int keccak_pi_target(int i) {
  return i / 5 + 5 * ((2 * (i % 5) + 3 * (i / 5)) % 5);
}

// Calls visit.template operator()<Words>() with the rate in 64-bit words
// when rate (bytes) is one of FIPS 202's or KMAC's (72, 104, 136, 144,
// 168), so a lane can specialise its absorb loop per rate; false for any
// other rate.
template <class Visit>
bool keccak_visit_rate(std::size_t rate, Visit&& visit) {
  switch (rate) {
    case 72:  // SHA3-512
      visit.template operator()<9>();
      return true;
    case 104:  // SHA3-384
      visit.template operator()<13>();
      return true;
    case 136:  // SHA3-256, SHAKE256, KMAC256
      visit.template operator()<17>();
      return true;
    case 144:  // SHA3-224
      visit.template operator()<18>();
      return true;
    case 168:  // SHAKE128, KMAC128
      visit.template operator()<21>();
      return true;
    default:
      return false;
  }
}

// The portable lane: plain 64-bit C++, the oracle for the others.  Its
// functions are named so the NEON lane can reuse the one-state ones.
extern const KeccakKernel kKeccakPortable;
void keccak_permute_portable(std::uint64_t a[kKeccakLanes]);
void keccak_absorb_portable(std::uint64_t a[kKeccakLanes], const std::uint8_t* data,
                            std::size_t blocks, std::size_t rate);

}  // namespace armaccel
