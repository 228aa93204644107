// SPDX-License-Identifier: Apache-2.0
// GHASH kernels, every lane the running CPU can use: GHASH is checked
// through GCM known answers in gcm_kernel_test.cpp; here each lane against
// the portable lane on random subkeys, accumulators and lengths (every
// length 0..1024 bytes, and runs long enough for every lane's multi-block
// paths), split into random calls, on unaligned buffers, plus a known
// GHASH value and algebraic identities of the field multiplication.
#include <gtest/gtest.h>

#include <vector>

#include "api/ghash.h"
#include "lanes_under_test.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

class GhashLane : public ::testing::TestWithParam<const GhashKernel*> {};

// Blocks 0..64 (every length 0..1024 bytes), then longer runs; data and Xi
// at random offsets from 16-byte alignment.
TEST_P(GhashLane, MatchesPortableOnRandomInput) {
  Rng rng(7);
  std::vector<std::size_t> lengths;
  for (std::size_t blocks = 0; blocks <= 64; ++blocks) lengths.push_back(blocks);
  for (std::size_t blocks : {65, 100, 127, 128, 129, 257, 1024}) lengths.push_back(blocks);
  for (std::size_t blocks : lengths) {
    const Bytes h = rng.bytes(16);
    const std::size_t offset = rng.below(16), xi_offset = rng.below(16);
    Bytes buffer = rng.bytes(16 * blocks + 16);
    const std::uint8_t* data = buffer.data() + offset;
    GhashKey mine, ref;
    GetParam()->init(&mine, h.data());
    kGhashPortable.init(&ref, h.data());
    Bytes x1 = rng.bytes(16 + 16), x2(x1.begin() + xi_offset, x1.begin() + xi_offset + 16);
    std::uint8_t* xi = x1.data() + xi_offset;
    kGhashPortable.update(&ref, x2.data(), data, blocks);
    std::size_t done = 0;
    for (std::size_t part : random_splits(rng, blocks)) {
      GetParam()->update(&mine, xi, data + 16 * done, part);
      done += part;
    }
    ASSERT_EQ(to_hex(Bytes(xi, xi + 16)), to_hex(x2))
        << "blocks " << blocks << " offset " << offset << " seed " << test_seed();
  }
}

// The same message in one call and block by block: multi-block paths agree
// with the lane's own single-block path too.
TEST_P(GhashLane, OneCallMatchesBlockByBlock) {
  Rng rng(11);
  for (std::size_t blocks = 1; blocks <= 40; ++blocks) {
    const Bytes h = rng.bytes(16), data = rng.bytes(16 * blocks);
    GhashKey key;
    GetParam()->init(&key, h.data());
    Bytes a = rng.bytes(16), b = a;
    GetParam()->update(&key, a.data(), data.data(), blocks);
    for (std::size_t i = 0; i < blocks; ++i) GetParam()->update(&key, b.data(), &data[16 * i], 1);
    ASSERT_EQ(to_hex(a), to_hex(b)) << "blocks " << blocks;
  }
}

// GHASH_H(C || len(A) || len(C)) of the GCM specification's test case 2
// (McGrew and Viega, "The Galois/Counter Mode of Operation", Appendix B:
// K = 0^128, P = 0^128).
TEST_P(GhashLane, SpecTestCase2) {
  const Bytes h = from_hex("66e94bd4ef8a2c3b884cfa59ca342b2e");
  const Bytes blocks = from_hex(
      "0388dace60b6a392f328c2b971b2fe78"
      "00000000000000000000000000000080");
  GhashKey key;
  GetParam()->init(&key, h.data());
  Bytes xi(16, 0);
  GetParam()->update(&key, xi.data(), blocks.data(), 2);
  EXPECT_EQ(to_hex(xi), "f38cbb1ad69223dcc3457ae5b6b0f885");
}

// With Xi = 0 and one block X, GHASH gives X * H: multiplying by the unit
// (the block 0x80 00 .. 00, i.e. x^0 in GCM's bit order) returns H, and the
// product is commutative.
TEST_P(GhashLane, FieldIdentities) {
  Rng rng(8);
  for (int trial = 0; trial < 50; ++trial) {
    const Bytes h = rng.bytes(16), y = rng.bytes(16);
    Bytes one(16, 0);
    one[0] = 0x80;
    GhashKey kh, ky;
    GetParam()->init(&kh, h.data());
    GetParam()->init(&ky, y.data());
    Bytes x(16, 0);
    GetParam()->update(&kh, x.data(), one.data(), 1);
    EXPECT_EQ(x, h) << "1 * H";
    Bytes a(16, 0), b(16, 0);
    GetParam()->update(&kh, a.data(), y.data(), 1);  // Y * H
    GetParam()->update(&ky, b.data(), h.data(), 1);  // H * Y
    EXPECT_EQ(a, b) << "commutative";
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, GhashLane, ::testing::ValuesIn(usable_lanes(ghash_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
