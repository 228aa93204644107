// SPDX-License-Identifier: Apache-2.0
// Keccak-f[1600] lanes and the sponge driver (sha3_driver.h), every lane the
// running CPU can use: the permutation of the zero state (the Keccak team's
// published intermediate values), each lane against the portable lane on
// random states (one and two at a time, absorbing at every FIPS 202 rate
// and at rates the fast paths do not cover, the sponge at every message
// length up to 1 KiB), and SHA-3 / SHAKE through the sponge against NIST's
// SHA3VS files (ShortMsg, LongMsg, VariableOut), with
// the message and the output split into random calls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "api/keccak.h"
#include "lanes_under_test.h"
#include "modes/sha3_driver.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class KeccakLane : public ::testing::TestWithParam<const KeccakKernel*> {};

std::vector<std::uint64_t> random_state(Rng& rng) {
  std::vector<std::uint64_t> a(kKeccakLanes);
  for (auto& w : a) w = rng.next();
  return a;
}

TEST_P(KeccakLane, ZeroStatePermutation) {
  // Keccak-f[1600] of the all-zero state, lanes 0..4 and 24.
  std::uint64_t a[kKeccakLanes] = {};
  GetParam()->permute(a);
  EXPECT_EQ(a[0], 0xf1258f7940e1dde7ull);
  EXPECT_EQ(a[1], 0x84d5ccf933c0478aull);
  EXPECT_EQ(a[2], 0xd598261ea65aa9eeull);
  EXPECT_EQ(a[3], 0xbd1547306f80494dull);
  EXPECT_EQ(a[4], 0x8b284e056253d057ull);
  EXPECT_EQ(a[24], 0xeaf1ff7b5ceca249ull);
  // Twice: the second permutation of the published chain.
  std::uint64_t b[kKeccakLanes] = {}, c[kKeccakLanes] = {};
  GetParam()->permute_x2(b, c);
  for (std::size_t i = 0; i < kKeccakLanes; ++i) {
    EXPECT_EQ(b[i], a[i]) << i;
    EXPECT_EQ(c[i], a[i]) << i;
  }
  // Four zero states at once: each the published value.
  std::uint64_t z[4][kKeccakLanes] = {};
  GetParam()->permute_x4(z[0], z[1], z[2], z[3]);
  for (int x = 0; x < 4; ++x) {
    EXPECT_EQ(z[x][0], 0xf1258f7940e1dde7ull) << x;
    EXPECT_EQ(z[x][24], 0xeaf1ff7b5ceca249ull) << x;
  }
}

TEST_P(KeccakLane, MatchesPortableOnRandomStates) {
  const KeccakKernel* k = GetParam();
  Rng rng(20);
  for (int trial = 0; trial < 50; ++trial) {
    auto a = random_state(rng), b = random_state(rng);
    auto ra = a, rb = b;
    k->permute(a.data());
    kKeccakPortable.permute(ra.data());
    ASSERT_EQ(a, ra) << "permute, trial " << trial;
    a = ra;
    k->permute_x2(a.data(), b.data());
    kKeccakPortable.permute(ra.data());
    kKeccakPortable.permute(rb.data());
    ASSERT_EQ(a, ra) << "permute_x2 first state, trial " << trial;
    ASSERT_EQ(b, rb) << "permute_x2 second state, trial " << trial;
  }
}

TEST_P(KeccakLane, PermuteX4MatchesPortableOnRandomStates) {
  // Four different random states each time, every one checked: a lane that
  // permuted one state twice or swapped two would fail.
  const KeccakKernel* k = GetParam();
  Rng rng(22);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<std::uint64_t> s[4], want[4];
    for (int x = 0; x < 4; ++x) {
      s[x] = random_state(rng);
      want[x] = s[x];
      kKeccakPortable.permute(want[x].data());
    }
    k->permute_x4(s[0].data(), s[1].data(), s[2].data(), s[3].data());
    for (int x = 0; x < 4; ++x)
      ASSERT_EQ(s[x], want[x]) << "permute_x4 state " << x << ", trial " << trial;
  }
}

TEST_P(KeccakLane, AbsorbMatchesPortableAtEveryRate) {
  const KeccakKernel* k = GetParam();
  Rng rng(21);
  for (std::size_t rate : {72u, 104u, 136u, 144u, 168u, 8u, 64u, 192u}) {
    for (std::size_t blocks = 0; blocks <= 5; ++blocks) {
      auto a = random_state(rng);
      auto ref = a;
      // One byte of slack before the data: no alignment assumed.
      const Bytes data = rng.bytes(rate * blocks + 1);
      k->absorb(a.data(), data.data() + 1, blocks, rate);
      kKeccakPortable.absorb(ref.data(), data.data() + 1, blocks, rate);
      ASSERT_EQ(a, ref) << "rate " << rate << " blocks " << blocks;
    }
  }
}

// Every message length 0..1024 bytes at every FIPS 202 rate through the
// sponge: the message in random splits from an unaligned copy, absorbed and
// squeezed (two blocks and a part, in random splits) by the lane, against
// the portable lane on the whole message.
TEST_P(KeccakLane, SpongeMatchesPortableAtEveryLength) {
  const KeccakKernel* k = GetParam();
  Rng rng(24);
  for (std::size_t rate : {72u, 104u, 136u, 144u, 168u}) {
    const std::uint8_t pad = rate == 168 ? kShakePad : kSha3Pad;
    for (std::size_t len = 0; len <= 1024; ++len) {
      const Bytes msg = rng.bytes(len);
      const std::size_t shift = 1 + rng.below(7);
      Bytes copy(len + shift);
      std::copy(msg.begin(), msg.end(), copy.begin() + static_cast<std::ptrdiff_t>(shift));
      SpongeState s, ref;
      sponge_init(&s, rate, pad);
      sponge_init(&ref, rate, pad);
      std::size_t at = 0;
      for (std::size_t part : random_splits(rng, len)) {
        ASSERT_TRUE(sponge_absorb(k, &s, copy.data() + shift + at, part));
        at += part;
      }
      ASSERT_TRUE(sponge_absorb(&kKeccakPortable, &ref, msg.data(), len));
      const std::size_t out_len = 2 * rate + 5;
      Bytes out(out_len + 1), want(out_len);
      std::size_t got = 0;
      for (std::size_t part : random_splits(rng, out_len)) {
        sponge_squeeze(k, &s, out.data() + 1 + got, part);
        got += part;
      }
      sponge_squeeze(&kKeccakPortable, &ref, want.data(), out_len);
      ASSERT_EQ(to_hex(Bytes(out.begin() + 1, out.end())), to_hex(want))
          << "rate " << rate << " length " << len;
    }
  }
}

// The lane-form sponge (optional, both entries or neither; keccak-armv7m
// has it, no x86 or AArch64 lane does): messages in two pieces, output in
// whole blocks and then the rest, against the sponge driver on the
// portable lane.
TEST_P(KeccakLane, LaneFormSpongeMatchesDriver) {
  const KeccakKernel* k = GetParam();
  ASSERT_EQ(k->sponge_start == nullptr, k->sponge_squeeze == nullptr) << k->lane;
  if (k->sponge_start == nullptr) GTEST_SKIP() << k->lane << " has no lane-form sponge";
  Rng rng(23);
  for (std::size_t rate : {72u, 104u, 136u, 144u, 168u}) {
    for (std::size_t len : {std::size_t{0}, std::size_t{34}, rate - 1, rate, 2 * rate + 3}) {
      const Bytes msg = rng.bytes(len + 1);
      const std::size_t split = len / 3;
      SpongeState ref;
      sponge_init(&ref, rate, kShakePad);
      ASSERT_TRUE(sponge_absorb(&kKeccakPortable, &ref, msg.data() + 1, len));
      const std::size_t out_len = 2 * rate + 16;
      Bytes want(out_len), out(out_len + 1);
      sponge_squeeze(&kKeccakPortable, &ref, want.data(), out_len);
      KeccakLaneState st;
      k->sponge_start(&st, rate, kShakePad, msg.data() + 1, split, msg.data() + 1 + split,
                      len - split);
      k->sponge_squeeze(&st, out.data() + 1, 2 * rate, rate);
      k->sponge_squeeze(&st, out.data() + 1 + 2 * rate, 16, rate);
      ASSERT_EQ(to_hex(Bytes(out.begin() + 1, out.end())), to_hex(want))
          << "rate " << rate << " length " << len;
    }
  }
}

struct Sha3File {
  const char* file;
  std::size_t rate;
  std::uint8_t pad;
  bool xof;
};

// Runs a SHA3VS file through the sponge: whole, and in random splits.
void run_file(const KeccakKernel* k, const Sha3File& f, Rng& rng, int* count) {
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/nist/" + f.file)) {
    if (!r.has("MSG")) continue;
    const std::size_t bits =
        r.has("LEN") ? std::stoul(r.get("LEN")) : 8 * from_hex(r.get("MSG")).size();
    if (bits % 8 != 0) continue;  // bit-oriented messages: not a byte API
    Bytes msg = from_hex(r.get("MSG"));
    msg.resize(bits / 8);
    const Bytes expect = from_hex(r.has("MD") ? r.get("MD") : r.get("OUTPUT"));
    for (int split = 0; split < 2; ++split) {
      SpongeState s;
      sponge_init(&s, f.rate, f.pad);
      std::size_t at = 0;
      for (std::size_t part :
           split ? random_splits(rng, msg.size()) : std::vector<std::size_t>{msg.size()}) {
        ASSERT_TRUE(sponge_absorb(k, &s, msg.data() + at, part));
        at += part;
      }
      Bytes out(expect.size());
      std::size_t got = 0;
      for (std::size_t part :
           split&& f.xof ? random_splits(rng, out.size()) : std::vector<std::size_t>{out.size()}) {
        sponge_squeeze(k, &s, out.data() + got, part);
        got += part;
      }
      ASSERT_EQ(to_hex(out), to_hex(expect)) << f.file << " line " << r.line << " split " << split;
    }
    ++*count;
  }
}

TEST_P(KeccakLane, NistSha3AndShakeThroughTheSponge) {
  const bool emulated = std::getenv("QEMU_CPU") != nullptr;
  const Sha3File files[] = {
      {"sha3/SHA3_224ShortMsg.rsp", 144, kSha3Pad, false},
      {"sha3/SHA3_256ShortMsg.rsp", 136, kSha3Pad, false},
      {"sha3/SHA3_384ShortMsg.rsp", 104, kSha3Pad, false},
      {"sha3/SHA3_512ShortMsg.rsp", 72, kSha3Pad, false},
      {"sha3/SHA3_256LongMsg.rsp.gz", 136, kSha3Pad, false},
      {"sha3/SHA3_512LongMsg.rsp", 72, kSha3Pad, false},
      {"shake/SHAKE128ShortMsg.rsp", 168, kShakePad, true},
      {"shake/SHAKE256ShortMsg.rsp", 136, kShakePad, true},
      {"shake/SHAKE128VariableOut.rsp", 168, kShakePad, true},
      {"shake/SHAKE256VariableOut.rsp", 136, kShakePad, true},
  };
  Rng rng(22);
  int count = 0;
  for (const Sha3File& f : files) {
    if (emulated && std::string(f.file).find("LongMsg") != std::string::npos) continue;
    run_file(GetParam(), f, rng, &count);
  }
  EXPECT_GT(count, 1000);
}

TEST(SpongeDriver, RefusesInputAfterOutput) {
  SpongeState s;
  sponge_init(&s, 168, kShakePad);
  std::uint8_t out[4], in[1] = {0};
  sponge_squeeze(&kKeccakPortable, &s, out, sizeof out);
  EXPECT_FALSE(sponge_absorb(&kKeccakPortable, &s, in, 1));
}

INSTANTIATE_TEST_SUITE_P(Lanes, KeccakLane, ::testing::ValuesIn(usable_lanes(keccak_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
