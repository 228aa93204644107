// SPDX-License-Identifier: Apache-2.0
// Eight threads share one library context with armaccel, its pre-fetched
// algorithms, keys and keyed contexts (as a server's worker threads do)
// and run thousands of operations of AES-256-GCM, ChaCha20-Poly1305,
// SM4-GCM, SHA2-256, SHA2-512, SHA3-256, HMAC-SHA256, HMAC-SHA1 and
// ML-KEM-768 side by side, each result checked against the default
// provider's or a known answer.  Registered for every CPU configuration (natively, and under
// qemu-aarch64 on the crypto-extension, NEON-only and portable lanes) and
// built with ThreadSanitizer by the tsan preset.
#include <gtest/gtest.h>

#include "stress.h"

namespace armaccel::test::stress {
namespace {

constexpr unsigned kThreads = 8;

// The lanes this run must be on (CTest's ARMACCEL_EXPECT_LANES), so a
// registration cannot silently test another lane.
TEST(ThreadStress, RunsOnTheExpectedLanes) {
  const auto expect = expected_lanes();
  if (expect.empty()) GTEST_SKIP() << "ARMACCEL_EXPECT_LANES not set";
  for (const char* primitive : {"aes", "ghash", "gcm", "sha256", "sha512", "keccak", "chacha20",
                                "poly1305", "sm4", "mlkem"})
    EXPECT_EQ(
        lane_name(provider_param(armaccel_provider(), (std::string("lane-") + primitive).c_str())),
        expect.at(primitive))
        << primitive;
}

TEST(ThreadStress, EightThreadsShareAlgorithmsAndKeys) {
  const Suites suites = make_suites(armaccel_libctx(), oracle_libctx());
  ASSERT_FALSE(HasFailure());
  const std::size_t ops = operations_per_thread(10000, 2000, 1000);
  const Tally tally = run_threads(suites, kThreads, ops, 1);
  EXPECT_EQ(tally.failures, 0u) << tally.first_failure;
  EXPECT_EQ(tally.total(), kThreads * ops);
  for (const auto& suite : suites) {
    EXPECT_GE(tally.operations.at(suite->name()), kThreads * ops / suites.size()) << suite->name();
    std::printf("%-18s %zu operations\n", suite->name().c_str(),
                tally.operations.at(suite->name()));
  }
  std::printf("%u threads x %zu operations, %zu failures\n", kThreads, ops, tally.failures);
}

}  // namespace
}  // namespace armaccel::test::stress
