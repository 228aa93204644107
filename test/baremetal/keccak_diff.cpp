// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600] lanes on a Cortex-M board under QEMU: the Keccak team's
// known answer for the all-zero state (XKCP
// tests/TestVectors/KeccakF-1600-IntermediateValues.txt, the state after the
// first and second permutation), then every lane in keccak_lanes() against
// the portable lane bit for bit: permute on random states, absorb for every
// FIPS 202 / KMAC rate with 1..4 blocks at unaligned data offsets,
// permute_x2, permute_x4, and the lane-form sponge (for lanes that have it) against
// the sponge written out byte by byte.  Prints each failure; exit
// status: the number of failures (at most 255).
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "api/keccak.h"
#include "board.h"
#include "cpu/lanes.h"

namespace armaccel::baremetal {
namespace {

int failures = 0;

// Keccak-f[1600] of the all-zero state: all 25 lanes after one
// permutation, lane 0 after a second (XKCP's intermediate values).
constexpr std::uint64_t kZeroOnce[25] = {
    0xF1258F7940E1DDE7ull, 0x84D5CCF933C0478Aull, 0xD598261EA65AA9EEull, 0xBD1547306F80494Dull,
    0x8B284E056253D057ull, 0xFF97A42D7F8E6FD4ull, 0x90FEE5A0A44647C4ull, 0x8C5BDA0CD6192E76ull,
    0xAD30A6F71B19059Cull, 0x30935AB7D08FFC64ull, 0xEB5AA93F2317D635ull, 0xA9A6E6260D712103ull,
    0x81A57C16DBCF555Full, 0x43B831CD0347C826ull, 0x01F22F1A11A5569Full, 0x05E5635A21D9AE61ull,
    0x64BEFEF28CC970F2ull, 0x613670957BC46611ull, 0xB87C5A554FD00ECBull, 0x8C3EE88A1CCF32C8ull,
    0x940C7922AE3A2614ull, 0x1841F924A2C509E4ull, 0x16F53526E70465C2ull, 0x75F644E97F30A13Bull,
    0xEAF1FF7B5CECA249ull,
};
constexpr std::uint64_t kZeroTwiceLane0 = 0x2D5C954DF96ECB3Cull;

void fail(const char* lane, const char* what, unsigned a, unsigned b) {
  std::printf("FAIL %s: %s (%u, %u)\n", lane, what, a, b);
  ++failures;
}

bool same(const std::uint64_t* x, const std::uint64_t* y) {
  return std::memcmp(x, y, kKeccakStateBytes) == 0;
}

void random_state(TestRng& rng, std::uint64_t s[25]) {
  for (int i = 0; i < 25; ++i) s[i] = rng.next();
}

void known_answer(const KeccakKernel& k) {
  std::uint64_t s[25] = {};
  k.permute(s);
  for (unsigned i = 0; i < 25; ++i)
    if (s[i] != kZeroOnce[i]) fail(k.lane, "zero state, first permutation, lane", i, 0);
  k.permute(s);
  if (s[0] != kZeroTwiceLane0) fail(k.lane, "zero state, second permutation, lane", 0, 0);
}

void against_portable(const KeccakKernel& k) {
  TestRng rng(0x4B656363616B3136ull);
  std::uint64_t want[25], got[25], want2[25], got2[25];
  for (unsigned t = 0; t < 16; ++t) {
    random_state(rng, want);
    std::memcpy(got, want, sizeof got);
    kKeccakPortable.permute(want);
    k.permute(got);
    if (!same(want, got)) fail(k.lane, "permute, random state", t, 0);
  }
  static constexpr unsigned kRates[] = {72, 104, 136, 144, 168};
  static std::uint8_t data[4 * 168 + 8];
  for (unsigned rate : kRates) {
    for (unsigned blocks = 1; blocks <= 4; ++blocks) {
      for (unsigned offset = 0; offset < 4; ++offset) {
        const unsigned misalign = offset == 0 ? 0 : 2 * offset - 1;  // 0, 1, 3, 5
        rng.fill(data, sizeof data);
        random_state(rng, want);
        std::memcpy(got, want, sizeof got);
        kKeccakPortable.absorb(want, data + misalign, blocks, rate);
        k.absorb(got, data + misalign, blocks, rate);
        if (!same(want, got)) fail(k.lane, "absorb (rate, blocks)", rate, blocks);
      }
    }
  }
  // No blocks: the state stays as it was.
  random_state(rng, want);
  std::memcpy(got, want, sizeof got);
  k.absorb(got, data, 0, 168);
  if (!same(want, got)) fail(k.lane, "absorb of no blocks", 0, 0);
  for (unsigned t = 0; t < 4; ++t) {
    random_state(rng, want);
    random_state(rng, want2);
    std::memcpy(got, want, sizeof got);
    std::memcpy(got2, want2, sizeof got2);
    kKeccakPortable.permute(want);
    kKeccakPortable.permute(want2);
    k.permute_x2(got, got2);
    if (!same(want, got) || !same(want2, got2)) fail(k.lane, "permute_x2", t, 0);
  }
  for (unsigned t = 0; t < 2; ++t) {
    std::uint64_t want4[4][25], got4[4][25];
    for (unsigned x = 0; x < 4; ++x) {
      random_state(rng, want4[x]);
      std::memcpy(got4[x], want4[x], sizeof got4[x]);
      kKeccakPortable.permute(want4[x]);
    }
    k.permute_x4(got4[0], got4[1], got4[2], got4[3]);
    for (unsigned x = 0; x < 4; ++x)
      if (!same(want4[x], got4[x])) fail(k.lane, "permute_x4", t, x);
  }
}

// The sponge (FIPS 202 §4) byte by byte on the portable permutation: the
// reference for the lane-form sponge.
void reference_sponge(std::size_t rate, std::uint8_t pad, const std::uint8_t* msg, std::size_t len,
                      std::uint8_t* out, std::size_t outlen) {
  std::uint64_t a[25] = {};
  const auto put = [&](std::size_t i, std::uint8_t v) {
    a[i / 8] ^= static_cast<std::uint64_t>(v) << 8 * (i % 8);
  };
  std::size_t at = 0;
  for (std::size_t i = 0; i < len; ++i) {
    put(at, msg[i]);
    if (++at == rate) {
      kKeccakPortable.permute(a);
      at = 0;
    }
  }
  put(at, pad);
  put(rate - 1, 0x80);
  for (std::size_t o = 0; o < outlen; ++o) {
    if (o % rate == 0) kKeccakPortable.permute(a);
    out[o] = static_cast<std::uint8_t>(a[o % rate / 8] >> 8 * (o % 8));
  }
}

// sponge_start / sponge_squeeze (keccak.h) against the reference: every
// rate keccak.h allows at its extremes and FIPS 202's, messages split in
// two at every kind of place (empty halves, block and lane edges, the
// padding byte in the block's last byte), unaligned input and output, the
// output squeezed in whole blocks and then the rest, the bytes around it
// untouched.
void sponge_against_reference(const KeccakKernel& k) {
  if (k.sponge_start == nullptr) return;
  TestRng rng(0x53706F6E67652121ull);
  static constexpr unsigned kRates[] = {72, 104, 136, 144, 168, 8, 192};
  static std::uint8_t msg[3 * 192 + 8], want[4 * 192 + 16], got[4 * 192 + 16];
  for (unsigned rate : kRates) {
    const unsigned lens[] = {0, 1, 7, 32, 34, rate - 1, rate, rate + 1, 2 * rate + 5};
    for (unsigned len : lens) {
      for (unsigned split : {0u, 1u, len / 2, len}) {
        if (split > len) continue;
        for (std::uint8_t pad : {std::uint8_t{0x06}, std::uint8_t{0x1f}}) {
          const unsigned misalign = (len + split) % 4;
          const unsigned outlen = 8 * ((len + split) % 4) + 8 + rate * (split % 3);
          rng.fill(msg, sizeof msg);
          rng.fill(want, sizeof want);
          std::memcpy(got, want, sizeof got);
          reference_sponge(rate, pad, msg + misalign, len, want + misalign, outlen);
          KeccakLaneState st;
          k.sponge_start(&st, rate, pad, split == 0 ? nullptr : msg + misalign, split,
                         split == len ? nullptr : msg + misalign + split, len - split);
          const unsigned whole = outlen / rate * rate;
          if (whole != 0) k.sponge_squeeze(&st, got + misalign, whole, rate);
          if (outlen != whole) k.sponge_squeeze(&st, got + misalign + whole, outlen - whole, rate);
          if (std::memcmp(want, got, sizeof got) != 0)
            fail(k.lane, "lane-form sponge (rate, length)", rate, len);
        }
      }
    }
  }
}

}  // namespace
}  // namespace armaccel::baremetal

int main() {
  using namespace armaccel;
  using namespace armaccel::baremetal;
  const LaneList<KeccakKernel> lanes = keccak_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) {
    const KeccakKernel& k = *lanes.lanes[i];
    const int before = failures;
    known_answer(k);
    against_portable(k);
    sponge_against_reference(k);
    std::printf("%s: %s\n", k.lane, failures == before ? "ok" : "FAILED");
  }
  std::printf("keccak_diff: %d failure(s)\n", failures);
  return failures < 255 ? failures : 255;  // an exit status keeps 8 bits
}
