// SPDX-License-Identifier: Apache-2.0
// The override grammar, feature narrowing, lane selection for every feature
// mask, and -- when the test environment says what to expect
// (ARMACCEL_EXPECT_LANES, set per emulated CPU by CTest) -- the lanes the
// probe leads to on this CPU.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "test_support.h"

namespace armaccel {
namespace {

TEST(OverrideGrammar, NamesAliasesSeparatorsAndCase) {
  EXPECT_EQ(parse_disable_list(nullptr).disable, 0u);
  EXPECT_EQ(parse_disable_list("").disable, 0u);
  EXPECT_EQ(parse_disable_list("none").disable, 0u);
  EXPECT_EQ(parse_disable_list("aes").disable, kFeatAes);
  EXPECT_EQ(parse_disable_list("AES,Sha512").disable, kFeatAes | kFeatSha512);
  EXPECT_EQ(parse_disable_list(" sha2 ; pmull:sm4\tsm3 ").disable,
            kFeatSha2 | kFeatPmull | kFeatSm4 | kFeatSm3);
  EXPECT_EQ(parse_disable_list("~sha3,~sve2").disable, kFeatSha3 | kFeatSve2);
  EXPECT_EQ(parse_disable_list("neon").disable, kFeatAsimd);
  EXPECT_EQ(parse_disable_list("all").disable, kFeatAll);
  EXPECT_EQ(parse_disable_list("asimd").unknown_tokens, 0u);
}

TEST(OverrideGrammar, UnknownTokensAreReportedNotApplied) {
  const OverrideParse p = parse_disable_list("aes,frobnicate,sha512x");
  EXPECT_EQ(p.disable, kFeatAes);
  EXPECT_EQ(p.unknown_tokens, 2u);
  EXPECT_STREQ(p.first_unknown, "frobnicate");
}

TEST(OverrideGrammar, OnlyNarrows) {
  const CpuFeatures probed = kFeatAsimd | kFeatAes | kFeatPmull | kFeatSha2;
  EXPECT_EQ(apply_disable(probed, kFeatSha512), probed);  // absent feature: no effect
  EXPECT_EQ(apply_disable(probed, kFeatAes), probed & ~kFeatAes);
  EXPECT_EQ(apply_disable(probed, kFeatAsimd), 0u);  // everything needs SIMD registers
  EXPECT_EQ(apply_disable(0, kFeatAll), 0u);
  for (CpuFeatures d = 0; d <= kFeatAll; ++d) {
    EXPECT_EQ(apply_disable(probed, d) & ~probed, 0u) << d;
  }
}

TEST(OverrideGrammar, FormatListsNamesInOrder) {
  char buf[128];
  format_features(0, buf, sizeof buf);
  EXPECT_STREQ(buf, "none");
  format_features(kFeatSha512 | kFeatAsimd | kFeatAes, buf, sizeof buf);
  EXPECT_STREQ(buf, "asimd aes sha512");
  format_features(kFeatAll, buf, 8);
  EXPECT_EQ(std::string(buf).size(), 7u);  // truncated, terminated
}

// The chosen lane needs no absent feature, and no lane before it in the
// list was both usable and fit for the core class.
template <class Kernel>
void check_selection(LaneList<Kernel> list, const Kernel* chosen, CpuFeatures features,
                     CoreClass core) {
  ASSERT_NE(chosen, nullptr);
  EXPECT_EQ(chosen->required & ~features, 0u) << chosen->lane << " needs absent features";
  for (std::size_t i = 0; i < list.count; ++i) {
    if (list.lanes[i] == chosen) return;
    EXPECT_FALSE((list.lanes[i]->required & ~features) == 0 && lane_suits_core(list.lanes[i], core))
        << "a better usable lane " << list.lanes[i]->lane << " was passed over";
  }
  ADD_FAILURE() << "chosen lane not in the list";
}

TEST(LaneSelection, EveryFeatureMaskPicksTheBestUsableLane) {
  for (unsigned c = 0; c < kCoreClassCount; ++c) {
    const auto core = static_cast<CoreClass>(c);
    for (CpuFeatures f = 0; f <= kFeatAll; ++f) {
      const KernelSet set = select_kernels(f, core);
      check_selection(aes_lanes(), set.aes, f, core);
      check_selection(ghash_lanes(), set.ghash, f, core);
      if (set.gcm != nullptr) {
        // A fused lane only with an AES lane of the key schedule it reads
        // and the very GHASH lane.
        EXPECT_EQ(set.gcm->aes->set_encrypt_key, set.aes->set_encrypt_key);
        EXPECT_EQ(set.gcm->ghash, set.ghash);
        EXPECT_EQ(set.gcm->required & ~f, 0u);
      } else {
        for (std::size_t i = 0; i < gcm_lanes().count; ++i) {
          const GcmKernel* g = gcm_lanes().lanes[i];
          EXPECT_FALSE((g->required & ~f) == 0 &&
                       g->aes->set_encrypt_key == set.aes->set_encrypt_key && g->ghash == set.ghash)
              << g->lane << " usable but not chosen";
        }
      }
      check_selection(sha256_lanes(), set.sha256, f, core);
      check_selection(sha512_lanes(), set.sha512, f, core);
      check_selection(keccak_lanes(), set.keccak, f, core);
    }
  }
  // With nothing, the portable lanes.
  const KernelSet none = select_kernels(0);
  EXPECT_STREQ(none.aes->lane, "aes-portable");
  EXPECT_STREQ(none.sha256->lane, "sha256-portable");
  EXPECT_STREQ(none.sha512->lane, "sha512-portable");
  EXPECT_STREQ(none.ghash->lane, "ghash-portable");
  EXPECT_EQ(none.gcm, nullptr);
  EXPECT_STREQ(none.chacha20->lane, "chacha20-portable");
  EXPECT_STREQ(none.poly1305->lane, "poly1305-portable");
  EXPECT_STREQ(none.sm4->lane, "sm4-portable");
  EXPECT_STREQ(none.sm3->lane, "sm3-portable");
  EXPECT_STREQ(none.mlkem->lane, "mlkem-portable");
}

TEST(LaneSelection, PortableLaneIsLastAndNeedsNothing) {
  EXPECT_EQ(aes_lanes().lanes[aes_lanes().count - 1], &kAesPortable);
  EXPECT_EQ(sha256_lanes().lanes[sha256_lanes().count - 1], &kSha256Portable);
  EXPECT_EQ(sha512_lanes().lanes[sha512_lanes().count - 1], &kSha512Portable);
  EXPECT_EQ(keccak_lanes().lanes[keccak_lanes().count - 1], &kKeccakPortable);
  EXPECT_EQ(chacha20_lanes().lanes[chacha20_lanes().count - 1], &kChachaPortable);
  EXPECT_EQ(poly1305_lanes().lanes[poly1305_lanes().count - 1], &kPoly1305Portable);
  EXPECT_EQ(sm4_lanes().lanes[sm4_lanes().count - 1], &kSm4Portable);
  EXPECT_EQ(sm3_lanes().lanes[sm3_lanes().count - 1], &kSm3Portable);
  EXPECT_EQ(mlkem_lanes().lanes[mlkem_lanes().count - 1], &kMlkemPortable);
  EXPECT_EQ(kMlkemPortable.required, 0u);
  EXPECT_EQ(kAesPortable.required, 0u);
  EXPECT_EQ(kKeccakPortable.required, 0u);
  EXPECT_EQ(kChachaPortable.required, 0u);
  EXPECT_EQ(kPoly1305Portable.required, 0u);
}

TEST(LaneSelection, ThisCpuGivesTheExpectedLanes) {
  const auto expect = test::expected_lanes();
  if (expect.empty()) GTEST_SKIP() << "ARMACCEL_EXPECT_LANES not set";
  const CpuFeatures effective = apply_disable(
      probe_cpu_features(), parse_disable_list(std::getenv("ARMACCEL_DISABLE")).disable);
  // The core class as the provider reads it (qemu's cortex-a72 reports
  // that core's MIDR_EL1, so the core table applies).
  const KernelSet set = select_kernels(effective, classify_midr(probe_midr()));
  EXPECT_EQ(expect.at("aes"), set.aes->lane);
  EXPECT_EQ(expect.at("sha256"), set.sha256->lane);
  EXPECT_EQ(expect.at("sha512"), set.sha512->lane);
  EXPECT_EQ(expect.at("ghash"), set.ghash->lane);
  EXPECT_EQ(expect.at("gcm"), set.gcm != nullptr ? set.gcm->lane : "none");
  EXPECT_EQ(expect.at("keccak"), set.keccak->lane);
  EXPECT_EQ(expect.at("chacha20"), set.chacha20->lane);
  EXPECT_EQ(expect.at("poly1305"), set.poly1305->lane);
  EXPECT_EQ(expect.at("sm4"), set.sm4->lane);
  EXPECT_EQ(expect.at("sm3"), set.sm3->lane);
  EXPECT_EQ(expect.at("mlkem"), set.mlkem->lane);
}

}  // namespace
}  // namespace armaccel
