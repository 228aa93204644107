// SPDX-License-Identifier: Apache-2.0
// SHA-256 / SHA-512 compression rounds in general-purpose registers, shared
// by the AArch64 lanes "sha256-neon" and "sha512-neon" (FIPS 180-4 §6.2.2
// step 3, §6.4.2 step 3).  The message schedule is the caller's: it hands
// in W[t] + K[t] (a NEON schedule stores them to a small stack buffer).
// Anonymous namespace: each including file has its own copy.
//
// Written so that the compiler emits AArch64's rotate-in-operand forms:
// Σ(x) = ROR(x, r0) ^ ROR(x, r1) ^ ROR(x, r2) is one ROR and two EORs with a
// rotated operand.  Ch(e, f, g) = (e & f) ^ (~e & g) is an AND and a BIC (the
// two are disjoint, so they are added to T1 separately); Maj(a, b, c) =
// ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous round's a ^ b.
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel {
namespace {

template <class W>
inline W rotr(W x, int n) {
  return (x >> n) | (x << (8 * sizeof(W) - n));
}

// Rotation amounts of Σ0 and Σ1: SHA-256's (4.4), (4.5); SHA-512's
// (4.10), (4.11).
template <class W>
struct BigSigmas;
template <>
struct BigSigmas<std::uint32_t> {
  static constexpr int k0[3] = {2, 13, 22};
  static constexpr int k1[3] = {6, 11, 25};
};
template <>
struct BigSigmas<std::uint64_t> {
  static constexpr int k0[3] = {28, 34, 39};
  static constexpr int k1[3] = {14, 18, 41};
};

template <class W>
inline W big_sigma0(W x) {
  constexpr const int* r = BigSigmas<W>::k0;
  return rotr(x, r[0]) ^ rotr(x, r[1]) ^ rotr(x, r[2]);
}
template <class W>
inline W big_sigma1(W x) {
  constexpr const int* r = BigSigmas<W>::k1;
  return rotr(x, r[0]) ^ rotr(x, r[1]) ^ rotr(x, r[2]);
}

// One round t on the working variables named as in round 0 of §6.2.2:
// afterwards d holds the new e and h the new a, so the next round is called
// with the names rotated by one (h, a, b, ..., g).  `ab` carries a ^ b into
// the next round, where it is b ^ c.  wk = W[t] + K[t].
template <class W>
inline void round(W a, W b, W /* c, via ab */, W& d, W e, W f, W g, W& h, W& ab, W wk) {
  h += wk;
  h += big_sigma1(e);
  h += e & f;
  h += g & ~e;
  d += h;
  const W a_xor_b = a ^ b;
  h += big_sigma0(a);
  h += (a_xor_b & ab) ^ b;
  ab = a_xor_b;
}

// Eight rounds t .. t+7, after which the names are back in place.
template <class W>
inline void rounds8(W& a, W& b, W& c, W& d, W& e, W& f, W& g, W& h, W& ab, const W* wk) {
  W wk0 = wk[0], wk1 = wk[1];
  round(a, b, c, d, e, f, g, h, ab, wk0);
  round(h, a, b, c, d, e, f, g, ab, wk1);
  wk0 = wk[2], wk1 = wk[3];
  round(g, h, a, b, c, d, e, f, ab, wk0);
  round(f, g, h, a, b, c, d, e, ab, wk1);
  wk0 = wk[4], wk1 = wk[5];
  round(e, f, g, h, a, b, c, d, ab, wk0);
  round(d, e, f, g, h, a, b, c, ab, wk1);
  wk0 = wk[6], wk1 = wk[7];
  round(c, d, e, f, g, h, a, b, ab, wk0);
  round(b, c, d, e, f, g, h, a, ab, wk1);
}

// The compression loop (§6.2.2 / §6.4.2 steps 1 to 4) around a lane's NEON
// message schedule, `schedule` (kept in registers across blocks):
//   schedule.first16(block, wk): wk[0..15] = W[0..15] + K[0..15];
//   schedule.next8(g, wk): wk[0..7] = W[t..t+7] + K[t..t+7], t = 16 + 8g,
//   called in order g = 0, 1, ... and two groups of rounds ahead of them.
// The rounds read wk (W[t] + K[t], kRounds words: 64 or 80) from a stack
// buffer; the working variables start from the chaining value and are added
// back into it after the last round.
template <class W, int kRounds, std::size_t kBlockBytes, class Schedule>
inline void compress_blocks(W state[8], const std::uint8_t* data, std::size_t blocks,
                            Schedule& schedule) {
  constexpr int kGroups = kRounds / 8;
  W a = state[0], b = state[1], c = state[2], d = state[3];
  W e = state[4], f = state[5], g = state[6], h = state[7];
  for (; blocks > 0; --blocks, data += kBlockBytes) {
    alignas(16) W wk[kRounds];
    schedule.first16(data, wk);
    const W a0 = a, b0 = b, c0 = c, d0 = d, e0 = e, f0 = f, g0 = g, h0 = h;
    W ab = b ^ c;
#pragma GCC unroll 10
    for (int r = 0; r < kGroups; ++r) {
      if (r < kGroups - 2) schedule.next8(r, wk + 16 + 8 * r);
      rounds8(a, b, c, d, e, f, g, h, ab, wk + 8 * r);
    }
    a += a0;
    b += b0;
    c += c0;
    d += d0;
    e += e0;
    f += f0;
    g += g0;
    h += h0;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
  state[4] = e;
  state[5] = f;
  state[6] = g;
  state[7] = h;
}

}  // namespace
}  // namespace armaccel
