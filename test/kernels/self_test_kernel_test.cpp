// SPDX-License-Identifier: Apache-2.0
// The lane self-tests (kernels/selftest/self_test.h) on every lane the
// running CPU can use: each passes on a healthy lane (the portable lanes
// are held to the outside vectors by the other kernel tests, so a known
// answer that passes there is right), fails with the fault hook, and fails
// on a lane with one entry broken; the ML-KEM test reaches every entry of
// the arithmetic table.
#include <gtest/gtest.h>

#include <cstring>

#include "cpu/lanes.h"
#include "lanes_under_test.h"
#include "selftest/self_test.h"

namespace armaccel::test {
namespace {

template <class Kernel>
class SelfTestLane : public ::testing::TestWithParam<const Kernel*> {};

#define ARMACCEL_SELF_TEST_SUITE(Suite, Kernel, lanes_fn, run)                          \
  using Suite = SelfTestLane<Kernel>;                                                   \
  TEST_P(Suite, PassesOnTheLane) {                                                      \
    EXPECT_TRUE(run(*GetParam(), false));                                               \
  }                                                                                     \
  TEST_P(Suite, FailsWithTheFaultHook) {                                                \
    EXPECT_FALSE(run(*GetParam(), true));                                               \
  }                                                                                     \
  INSTANTIATE_TEST_SUITE_P(Lanes, Suite, ::testing::ValuesIn(usable_lanes(lanes_fn())), \
                           [](const auto& info) { return lane_test_name(info.param); })

ARMACCEL_SELF_TEST_SUITE(AesSelfTest, AesKernel, aes_lanes, selftest::aes);
ARMACCEL_SELF_TEST_SUITE(GhashSelfTest, GhashKernel, ghash_lanes, selftest::ghash);
ARMACCEL_SELF_TEST_SUITE(Sha256SelfTest, Sha256Kernel, sha256_lanes, selftest::sha256);
ARMACCEL_SELF_TEST_SUITE(Sha512SelfTest, Sha512Kernel, sha512_lanes, selftest::sha512);
ARMACCEL_SELF_TEST_SUITE(KeccakSelfTest, KeccakKernel, keccak_lanes, selftest::keccak);
ARMACCEL_SELF_TEST_SUITE(ChachaSelfTest, ChachaKernel, chacha20_lanes, selftest::chacha20);
ARMACCEL_SELF_TEST_SUITE(Poly1305SelfTest, Poly1305Kernel, poly1305_lanes, selftest::poly1305);
ARMACCEL_SELF_TEST_SUITE(Sm4SelfTest, Sm4Kernel, sm4_lanes, selftest::sm4);
ARMACCEL_SELF_TEST_SUITE(Sm3SelfTest, Sm3Kernel, sm3_lanes, selftest::sm3);

bool mlkem_with_portable_keccak(const MlkemKernel& lane, bool corrupt) {
  return selftest::mlkem(lane, kKeccakPortable, corrupt);
}
ARMACCEL_SELF_TEST_SUITE(MlkemSelfTest, MlkemKernel, mlkem_lanes, mlkem_with_portable_keccak);
ARMACCEL_SELF_TEST_SUITE(X25519SelfTest, X25519Kernel, x25519_lanes, selftest::x25519);

// A lane whose shared secret comes out of the ladder with the wrong scalar
// (the public key stays right) fails.
TEST(X25519SelfTestBroken, FailsOnAWrongSharedSecret) {
  X25519Kernel broken = kX25519Portable;
  broken.public_and_shared = [](std::uint8_t pub[32], std::uint8_t shared[32],
                                const std::uint8_t scalar[32], const std::uint8_t peer[32]) {
    kX25519Portable.scalarmult_base(pub, scalar);
    std::uint8_t other[32];
    std::memcpy(other, scalar, 32);
    other[0] ^= 8;
    kX25519Portable.scalarmult(shared, other, peer);
  };
  EXPECT_TRUE(selftest::x25519(kX25519Portable, false));
  EXPECT_FALSE(selftest::x25519(broken, false));
}

// The fused GCM lanes this CPU can run (none off AArch64).
std::vector<const GcmKernel*> usable_gcm_lanes() {
  return usable_lanes(gcm_lanes());
}
TEST(GcmSelfTest, PassesAndFailsWithTheHookOnEveryFusedLane) {
  for (const GcmKernel* k : usable_gcm_lanes()) {
    EXPECT_TRUE(selftest::gcm(*k, false)) << k->lane;
    EXPECT_FALSE(selftest::gcm(*k, true)) << k->lane;
  }
}

// A portable lane with one entry swapped for a wrong one: the test must
// notice each.  (CTR counting as CTR32 past a 32-bit wrap would pass: the
// known answer has no wrap; the kernel tests cover that.)
void wrong_blocks(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                  std::size_t blocks) {
  kAesPortable.ecb_encrypt(rk, in, out, blocks);
  if (blocks > 1) out[16 * blocks - 1] ^= 0x80;  // the last block only
}
void wrong_chain(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t chain[16]) {
  kAesPortable.xts_encrypt(rk, in, out, blocks, chain);
  out[0] ^= 1;
}

TEST(AesSelfTest, NoticesABrokenEntry) {
  AesKernel broken = kAesPortable;
  broken.ecb_encrypt = wrong_blocks;
  EXPECT_FALSE(selftest::aes(broken, false)) << "ecb_encrypt";
  broken = kAesPortable;
  broken.xts_encrypt = wrong_chain;
  EXPECT_FALSE(selftest::aes(broken, false)) << "xts_encrypt";
  broken = kAesPortable;
  broken.cbc_decrypt = kAesPortable.cbc_encrypt;
  EXPECT_FALSE(selftest::aes(broken, false)) << "cbc_decrypt";
  broken = kAesPortable;
  broken.ctr32_encrypt = kAesPortable.cbc_encrypt;
  EXPECT_FALSE(selftest::aes(broken, false)) << "ctr32_encrypt";
  broken = kAesPortable;
  broken.set_decrypt_key = [](AesRoundKeys* rk, const std::uint8_t* key, std::size_t bytes) {
    std::uint8_t other[32];
    std::memcpy(other, key, bytes);
    other[bytes - 1] ^= 1;  // the schedule of a neighbouring key
    return kAesPortable.set_decrypt_key(rk, other, bytes);
  };
  EXPECT_FALSE(selftest::aes(broken, false)) << "set_decrypt_key";
}

TEST(Sm4SelfTest, NoticesABrokenEntry) {
  Sm4Kernel broken = kSm4Portable;
  broken.xts_gb_encrypt = kSm4Portable.xts_encrypt;  // the IEEE rule where GB/T's is asked
  EXPECT_FALSE(selftest::sm4(broken, false)) << "xts_gb_encrypt";
  broken = kSm4Portable;
  broken.cbc_mac = [](const Sm4RoundKeys*, const std::uint8_t*, std::size_t, std::uint8_t*) {};
  EXPECT_FALSE(selftest::sm4(broken, false)) << "cbc_mac";
}

TEST(KeccakSelfTest, NoticesABrokenTwoStatePermutation) {
  KeccakKernel broken = kKeccakPortable;
  broken.permute_x2 = [](std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes]) {
    kKeccakPortable.permute(a);
    kKeccakPortable.permute(a);  // b left alone
    (void)b;
  };
  EXPECT_FALSE(selftest::keccak(broken, false));
}

TEST(KeccakSelfTest, NoticesABrokenFourStatePermutation) {
  // Each of the four states left alone in turn (the general-register half
  // of the AArch64 lanes is the third and fourth).
  for (int skip = 0; skip < 4; ++skip) {
    SCOPED_TRACE(skip);
    KeccakKernel broken = kKeccakPortable;
    static int g_skip;
    g_skip = skip;
    broken.permute_x4 = [](std::uint64_t a[kKeccakLanes], std::uint64_t b[kKeccakLanes],
                           std::uint64_t c[kKeccakLanes], std::uint64_t d[kKeccakLanes]) {
      std::uint64_t* const s[] = {a, b, c, d};
      for (int x = 0; x < 4; ++x)
        if (x != g_skip) kKeccakPortable.permute(s[x]);
    };
    EXPECT_FALSE(selftest::keccak(broken, false));
  }
  EXPECT_TRUE(selftest::keccak(kKeccakPortable, false));
}

// Counts the calls of each ML-KEM entry, passing them on to the portable lane.
int g_calls[9];
MlkemKernel counting_mlkem() {
  MlkemKernel k = kMlkemPortable;
  k.lane = "mlkem-counting";
  k.ntt = [](mlkem::Poly* f) { ++g_calls[0], kMlkemPortable.ntt(f); };
  k.inv_ntt = [](mlkem::Poly* f) { ++g_calls[1], kMlkemPortable.inv_ntt(f); };
  k.multiply_ntts = [](mlkem::Poly* h, const mlkem::Poly* f, const mlkem::Poly* g, bool acc) {
    ++g_calls[acc ? 2 : 3];
    kMlkemPortable.multiply_ntts(h, f, g, acc);
  };
  k.rej_uniform = [](std::uint16_t* out, unsigned room, const std::uint8_t* buf, std::size_t len) {
    ++g_calls[4];
    return kMlkemPortable.rej_uniform(out, room, buf, len);
  };
  k.compress_encode = [](std::uint8_t* out, const mlkem::Poly* f, unsigned d) {
    ++g_calls[5], kMlkemPortable.compress_encode(out, f, d);
  };
  k.decode_decompress = [](mlkem::Poly* f, const std::uint8_t* in, unsigned d) {
    ++g_calls[6], kMlkemPortable.decode_decompress(f, in, d);
  };
  k.sample_cbd = [](mlkem::Poly* f, const std::uint8_t* bytes, unsigned eta) {
    ++g_calls[7], kMlkemPortable.sample_cbd(f, bytes, eta);
  };
  k.add = [](mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b) {
    ++g_calls[8], kMlkemPortable.add(r, a, b);
  };
  return k;
}

TEST(MlkemSelfTest, ReachesEveryArithmeticEntry) {
  std::memset(g_calls, 0, sizeof g_calls);
  static int sub_calls;
  sub_calls = 0;
  MlkemKernel k = counting_mlkem();
  k.sub = [](mlkem::Poly* r, const mlkem::Poly* a, const mlkem::Poly* b) {
    ++sub_calls, kMlkemPortable.sub(r, a, b);
  };
  ASSERT_TRUE(selftest::mlkem(k, kKeccakPortable, false));
  const char* names[] = {
      "ntt",         "inv_ntt",         "multiply_ntts (accumulate)", "multiply_ntts",
      "rej_uniform", "compress_encode", "decode_decompress",          "sample_cbd",
      "add"};
  for (int i = 0; i < 9; ++i) EXPECT_GT(g_calls[i], 0) << names[i];
  EXPECT_GT(sub_calls, 0) << "sub";
}

// A lane with multiply_ntts_sum (mlkem-neon) has it run by the load
// self-test, with and without accumulation.
TEST(MlkemSelfTest, ReachesMultiplySum) {
  static int sum_calls[2];
  sum_calls[0] = sum_calls[1] = 0;
  MlkemKernel k = kMlkemPortable;
  k.lane = "mlkem-counting-sum";
  k.multiply_ntts_sum = [](mlkem::Poly* h, const mlkem::Poly* const* f, const mlkem::Poly* const* g,
                           unsigned n, bool acc) {
    ++sum_calls[acc ? 1 : 0];
    for (unsigned j = 0; j < n; ++j) kMlkemPortable.multiply_ntts(h, f[j], g[j], acc || j != 0);
  };
  ASSERT_TRUE(selftest::mlkem(k, kKeccakPortable, false));
  EXPECT_GT(sum_calls[0], 0) << "multiply_ntts_sum";
  EXPECT_GT(sum_calls[1], 0) << "multiply_ntts_sum (accumulate)";
}

}  // namespace
}  // namespace armaccel::test
