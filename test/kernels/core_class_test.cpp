// SPDX-License-Identifier: Apache-2.0
// Core classes (kernels/cpu/core_class.h): MIDR_EL1 values of real cores
// to classes, the class names, and the core table's lane choices
// (kernels/cpu/lane_table.cpp) for every class with every feature.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "cpu/core_class.h"
#include "cpu/lanes.h"

namespace armaccel {
namespace {

// MIDR_EL1 reset values from each core's Technical Reference Manual (and
// QEMU's models of them), and cores the table does not list.
TEST(CoreClass, MidrOfEachListedCore) {
  EXPECT_EQ(classify_midr(0x410fd083), CoreClass::kCortexA72);   // Cortex-A72 r0p3
  EXPECT_EQ(classify_midr(0x414fd0c1), CoreClass::kNeoverseN1);  // Neoverse N1 r4p1
  EXPECT_EQ(classify_midr(0x411fd401), CoreClass::kNeoverseV1);  // Neoverse V1 r1p1
  EXPECT_EQ(classify_midr(0x410fd4f0), CoreClass::kNeoverseV2);  // Neoverse V2 r0p0
  EXPECT_EQ(classify_midr(0x410fd034), CoreClass::kOther);       // Cortex-A53 r0p4
  EXPECT_EQ(classify_midr(0x410fd0b1), CoreClass::kOther);       // Cortex-A76 r0p1
  EXPECT_EQ(classify_midr(0x000f0510), CoreClass::kOther);       // QEMU's max
  EXPECT_EQ(classify_midr(0x610f0220), CoreClass::kOther);       // Apple, part 0x022
  EXPECT_EQ(classify_midr(0x500fd0c0), CoreClass::kOther);       // N1's part, not Arm's
  EXPECT_EQ(classify_midr(0), CoreClass::kOther);
}

TEST(CoreClass, NamesRoundTrip) {
  for (CoreClass c : {CoreClass::kOther, CoreClass::kCortexA72, CoreClass::kNeoverseN1,
                      CoreClass::kNeoverseV1, CoreClass::kNeoverseV2}) {
    CoreClass parsed = CoreClass::kOther;
    ASSERT_TRUE(parse_core_class(core_class_name(c), &parsed)) << core_class_name(c);
    EXPECT_EQ(parsed, c);
  }
  EXPECT_STREQ(core_class_name(CoreClass::kNeoverseV1), "neoverse-v1");
  CoreClass parsed = CoreClass::kOther;
  EXPECT_TRUE(parse_core_class("Neoverse-N1", &parsed));
  EXPECT_EQ(parsed, CoreClass::kNeoverseN1);
  EXPECT_FALSE(parse_core_class("neoverse-n", &parsed));
  EXPECT_FALSE(parse_core_class("neoverse-n1x", &parsed));
  EXPECT_FALSE(parse_core_class("", &parsed));
  EXPECT_FALSE(parse_core_class(nullptr, &parsed));
}

template <class Kernel>
bool built(LaneList<Kernel> list, const char* name) {
  for (std::size_t i = 0; i < list.count; ++i)
    if (std::strcmp(list.lanes[i]->lane, name) == 0) return true;
  return false;
}

// With every feature: the out-of-order classes take the -ooo lanes of AES,
// AES-GCM (fused with aes-ce-ooo, which shares aes-ce's key schedule),
// SHA-256, ChaCha20 and Poly1305; V1 and V2 pass over keccak-sha3; every
// other choice is the features-only one.
TEST(CoreClass, TableChoosesByClass) {
  if (!built(aes_lanes(), "aes-ce") || !built(keccak_lanes(), "keccak-sha3"))
    GTEST_SKIP() << "the AArch64 lanes are not built here";
  const KernelSet other = select_kernels(kFeatAll);
  EXPECT_STREQ(other.aes->lane, "aes-ce");
  EXPECT_STREQ(other.sha256->lane, "sha256-ce");
  ASSERT_NE(other.gcm, nullptr);
  EXPECT_STREQ(other.gcm->lane, "gcm-ce");
  EXPECT_STREQ(other.chacha20->lane, "chacha20-neon");
  EXPECT_STREQ(other.poly1305->lane, "poly1305-neon");
  EXPECT_STREQ(other.keccak->lane, "keccak-sha3");
  for (CoreClass c : {CoreClass::kCortexA72, CoreClass::kNeoverseN1, CoreClass::kNeoverseV1,
                      CoreClass::kNeoverseV2}) {
    SCOPED_TRACE(core_class_name(c));
    const KernelSet set = select_kernels(kFeatAll, c);
    EXPECT_STREQ(set.aes->lane, "aes-ce-ooo");
    EXPECT_STREQ(set.sha256->lane, "sha256-ce-ooo");
    EXPECT_STREQ(set.chacha20->lane,
                 c == CoreClass::kNeoverseN1 ? "chacha20-neon-ooo-gpr" : "chacha20-neon-ooo");
    EXPECT_STREQ(set.poly1305->lane, "poly1305-neon-ooo");
    EXPECT_NE(std::string(core_choice_reason(set.sha256, c)), "");
    ASSERT_NE(set.gcm, nullptr);
    EXPECT_STREQ(set.gcm->lane, "gcm-ce-ooo");
    const bool v = c == CoreClass::kNeoverseV1 || c == CoreClass::kNeoverseV2;
    EXPECT_STREQ(set.keccak->lane, v ? "keccak-neon" : "keccak-sha3");
    EXPECT_NE(std::string(core_choice_reason(set.aes, c)), "");
    EXPECT_EQ(std::string(core_choice_reason(other.keccak, c)).empty(), !v);
    // Everything else as for a core of no class.
    EXPECT_EQ(set.ghash, other.ghash);
    EXPECT_EQ(set.sha512, other.sha512);
    EXPECT_EQ(set.sm4, other.sm4);
    EXPECT_EQ(set.sm3, other.sm3);
    EXPECT_EQ(set.mlkem, other.mlkem);
  }
  EXPECT_EQ(std::string(core_choice_reason(other.aes, CoreClass::kOther)), "");
  // Without the AES instructions no class gets an AES-instruction lane.
  EXPECT_STREQ(select_kernels(kFeatAll & ~kFeatAes, CoreClass::kNeoverseN1).aes->lane, "aes-neon");
}

// Lanes the table does not name suit every class.
TEST(CoreClass, UnlistedLanesSuitEveryClass) {
  const KernelSet portable = select_kernels(0, CoreClass::kNeoverseV1);
  EXPECT_TRUE(lane_suits_core(portable.aes, CoreClass::kNeoverseV1));
  EXPECT_TRUE(lane_suits_core(portable.keccak, CoreClass::kCortexA72));
  EXPECT_STREQ(core_choice_reason(portable.keccak, CoreClass::kNeoverseV2), "");
}

}  // namespace
}  // namespace armaccel
