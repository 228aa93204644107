// GHASH kernels, every lane the running CPU can use: GHASH is checked
// through GCM known answers in gcm_kernel_test.cpp; here each lane against
// the portable lane on random subkeys, accumulators and lengths, split into
// random calls, plus algebraic identities of the field multiplication.
#include <gtest/gtest.h>

#include "api/ghash.h"
#include "lanes_under_test.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

class GhashLane : public ::testing::TestWithParam<const GhashKernel*> {};

TEST_P(GhashLane, MatchesPortableOnRandomInput) {
  Rng rng(7);
  for (std::size_t blocks = 0; blocks <= 70; ++blocks) {
    const Bytes h = rng.bytes(16);
    const Bytes data = rng.bytes(16 * blocks);
    GhashKey mine, ref;
    GetParam()->init(&mine, h.data());
    kGhashPortable.init(&ref, h.data());
    Bytes x1 = rng.bytes(16), x2 = x1;
    kGhashPortable.update(&ref, x2.data(), data.data(), blocks);
    std::size_t done = 0;
    for (std::size_t part : random_splits(rng, blocks)) {
      GetParam()->update(&mine, x1.data(), data.data() + 16 * done, part);
      done += part;
    }
    ASSERT_EQ(to_hex(x1), to_hex(x2)) << "blocks " << blocks;
  }
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
