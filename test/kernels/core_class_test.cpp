// SPDX-License-Identifier: Apache-2.0
// Core classes (kernels/cpu/core_class.h): MIDR_EL1 values of real cores
// to classes, the class names, and the core table's lane choices
// (kernels/cpu/lane_table.cpp) for every class with every feature.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <ostream>
#include <set>
#include <string>

#include "cpu/core_class.h"
#include "cpu/lanes.h"

namespace armaccel {

// Failures name the class (GoogleTest finds this by argument-dependent lookup).
void PrintTo(CoreClass c, std::ostream* os) {
  *os << core_class_name(c);
}

namespace {

// MIDR_EL1 reset values from each core's Technical Reference Manual (and
// QEMU's models of them), and cores the table does not list.
TEST(CoreClass, MidrOfEachListedCore) {
  EXPECT_EQ(classify_midr(0x410fd083), CoreClass::kCortexA72);   // Cortex-A72 r0p3
  EXPECT_EQ(classify_midr(0x414fd0c1), CoreClass::kNeoverseN1);  // Neoverse N1 r4p1
  EXPECT_EQ(classify_midr(0x411fd401), CoreClass::kNeoverseV1);  // Neoverse V1 r1p1
  EXPECT_EQ(classify_midr(0x410fd4f0), CoreClass::kNeoverseV2);  // Neoverse V2 r0p0
  EXPECT_EQ(classify_midr(0x410fd034), CoreClass::kOther);       // Cortex-A53 r0p4
  EXPECT_EQ(classify_midr(0x000f0510), CoreClass::kOther);       // QEMU's max
  EXPECT_EQ(classify_midr(0x610f0220), CoreClass::kOther);       // Apple, part 0x022
  EXPECT_EQ(classify_midr(0x500fd0c0), CoreClass::kOther);       // N1's part, not Arm's
  EXPECT_EQ(classify_midr(0), CoreClass::kOther);
}

// The newer cores, with the part numbers Linux lists in
// arch/arm64/include/asm/cputype.h (ARM_CPU_IMP_ARM 0x41 with
// ARM_CPU_PART_NEOVERSE_N2 0xD49, ..., ARM_CPU_PART_C1_PREMIUM 0xD90;
// ARM_CPU_IMP_MICROSOFT 0x6D with MICROSOFT_CPU_PART_AZURE_COBALT_100
// 0xD49), as MIDR_CPU_MODEL builds them (architecture 0xf), at revision
// r0p0 and at another variant and revision: the class ignores both.
TEST(CoreClass, MidrOfEachNewerCore) {
  struct Known {
    std::uint32_t implementer, part;
    CoreClass cls;
  };
  constexpr Known kFromLinux[] = {
      {0x41, 0xd49, CoreClass::kNeoverseN2}, {0x6d, 0xd49, CoreClass::kNeoverseN2},
      {0x41, 0xd8e, CoreClass::kNeoverseN3}, {0x41, 0xd84, CoreClass::kNeoverseV3},
      {0x41, 0xd0b, CoreClass::kCortexA76},  {0x41, 0xd41, CoreClass::kCortexA78},
      {0x41, 0xd4b, CoreClass::kCortexA78C}, {0x41, 0xd44, CoreClass::kCortexX1},
      {0x41, 0xd48, CoreClass::kCortexX2},   {0x41, 0xd4e, CoreClass::kCortexX3},
      {0x41, 0xd82, CoreClass::kCortexX4},   {0x41, 0xd85, CoreClass::kCortexX925},
      {0x41, 0xd47, CoreClass::kCortexA710}, {0x41, 0xd4d, CoreClass::kCortexA715},
      {0x41, 0xd81, CoreClass::kCortexA720}, {0x41, 0xd87, CoreClass::kCortexA725},
      {0x41, 0xd8c, CoreClass::kC1Ultra},    {0x41, 0xd90, CoreClass::kC1Premium},
  };
  for (const Known& k : kFromLinux) {
    const std::uint32_t r0p0 = k.implementer << 24 | 0xfu << 16 | k.part << 4;
    EXPECT_EQ(classify_midr(r0p0), k.cls) << std::hex << r0p0;
    EXPECT_EQ(classify_midr(r0p0 | 2u << 20 | 3u), k.cls) << std::hex << r0p0;  // r2p3
  }
  EXPECT_EQ(classify_midr(0x414fd0b1), CoreClass::kCortexA76);   // QEMU's cortex-a76, r4p1
  EXPECT_EQ(classify_midr(0x6d0fd490), CoreClass::kNeoverseN2);  // Azure Cobalt 100
}

// Cores the table does not list stay kOther, with today's features-only
// choice: Arm parts Linux lists that have no class, parts no one lists, and
// the listed parts under another implementer.
TEST(CoreClass, UnknownMidrIsOther) {
  for (const std::uint32_t midr : {
           0x410fd8b0u,  // C1-Pro (ARM_CPU_PART_C1_PRO 0xD8B)
           0x410fd830u,  // Neoverse V3AE (ARM_CPU_PART_NEOVERSE_V3AE 0xD83)
           0x410fd0d0u,  // Cortex-A77 (0xD0D)
           0x410fd800u,  // Cortex-A520 (0xD80)
           0x410fd460u,  // Cortex-A510 (0xD46)
           0x410fd4c0u,  // Cortex-X1C (0xD4C)
           0x410fd890u,  // Cortex-A720AE (0xD89)
           0x410fdff0u,  // no Arm part
           0x6d0fd0c0u,  // Microsoft, N1's part
           0x6d0fd840u,  // Microsoft, V3's part
           0x510fd490u,  // Qualcomm, N2's part
           0xc00fac30u,  // Ampere-1
       })
    EXPECT_EQ(classify_midr(midr), CoreClass::kOther) << std::hex << midr;
}

TEST(CoreClass, NamesRoundTrip) {
  std::set<std::string> names;
  for (unsigned i = 0; i < kCoreClassCount; ++i) {
    const auto c = static_cast<CoreClass>(i);
    CoreClass parsed = CoreClass::kOther;
    ASSERT_TRUE(parse_core_class(core_class_name(c), &parsed)) << core_class_name(c);
    EXPECT_EQ(parsed, c);
    EXPECT_TRUE(names.insert(core_class_name(c)).second) << core_class_name(c);
  }
  EXPECT_STREQ(core_class_name(CoreClass::kNeoverseV1), "neoverse-v1");
  EXPECT_STREQ(core_class_name(CoreClass::kNeoverseN2), "neoverse-n2");
  EXPECT_STREQ(core_class_name(CoreClass::kCortexX925), "cortex-x925");
  EXPECT_STREQ(core_class_name(CoreClass::kC1Premium), "c1-premium");
  EXPECT_STREQ(core_class_name(static_cast<CoreClass>(kCoreClassCount)), "other");
  CoreClass parsed = CoreClass::kOther;
  EXPECT_TRUE(parse_core_class("Neoverse-N1", &parsed));
  EXPECT_EQ(parsed, CoreClass::kNeoverseN1);
  EXPECT_TRUE(parse_core_class("C1-Ultra", &parsed));
  EXPECT_EQ(parsed, CoreClass::kC1Ultra);
  EXPECT_FALSE(parse_core_class("neoverse-n", &parsed));
  EXPECT_FALSE(parse_core_class("neoverse-n1x", &parsed));
  EXPECT_FALSE(parse_core_class("cortex-a77", &parsed));
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
    EXPECT_STREQ(set.keccak->lane, c == CoreClass::kNeoverseV2 ? "keccak-neon-gpr"
                                   : v                         ? "keccak-neon"
                                                               : "keccak-sha3");
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

// The Keccak form of each class with every feature: a core that issues
// the SHA3 instructions to one vector pipe passes keccak-sha3 over for
// keccak-neon and says why; a core that issues them to every vector pipe
// keeps keccak-sha3 and says why; every other class takes the features-only
// choice and says nothing.  Without the SHA3 instructions every class takes
// keccak-neon.  (kernels/cpu/lane_table.cpp, kSha3OnOnePipe and
// kSha3OnEveryPipe; every class is listed here, so a new one must be.)
TEST(CoreClass, KeccakFormOfEachClass) {
  if (!built(keccak_lanes(), "keccak-sha3") || !built(keccak_lanes(), "keccak-neon"))
    GTEST_SKIP() << "the AArch64 lanes are not built here";
  enum Form { kFeaturesOnly, kOnePipe, kEveryPipe };
  const std::map<CoreClass, Form> forms = {
      {CoreClass::kOther, kFeaturesOnly},      {CoreClass::kCortexA72, kFeaturesOnly},
      {CoreClass::kNeoverseN1, kFeaturesOnly}, {CoreClass::kNeoverseV1, kOnePipe},
      {CoreClass::kNeoverseV2, kOnePipe},      {CoreClass::kNeoverseN2, kOnePipe},
      {CoreClass::kNeoverseN3, kEveryPipe},    {CoreClass::kNeoverseV3, kEveryPipe},
      {CoreClass::kCortexA76, kFeaturesOnly},  {CoreClass::kCortexA78, kFeaturesOnly},
      {CoreClass::kCortexA78C, kFeaturesOnly}, {CoreClass::kCortexX1, kFeaturesOnly},
      {CoreClass::kCortexX2, kFeaturesOnly},   {CoreClass::kCortexX3, kOnePipe},
      {CoreClass::kCortexX4, kEveryPipe},      {CoreClass::kCortexX925, kFeaturesOnly},
      {CoreClass::kCortexA710, kOnePipe},      {CoreClass::kCortexA715, kOnePipe},
      {CoreClass::kCortexA720, kEveryPipe},    {CoreClass::kCortexA725, kFeaturesOnly},
      {CoreClass::kC1Ultra, kEveryPipe},       {CoreClass::kC1Premium, kEveryPipe},
  };
  ASSERT_EQ(forms.size(), kCoreClassCount);
  const KernelSet other = select_kernels(kFeatAll);
  ASSERT_STREQ(other.keccak->lane, "keccak-sha3");
  for (const auto& [c, form] : forms) {
    SCOPED_TRACE(core_class_name(c));
    const KernelSet set = select_kernels(kFeatAll, c);
    EXPECT_STREQ(set.keccak->lane, form != kOnePipe              ? "keccak-sha3"
                                   : c == CoreClass::kNeoverseV2 ? "keccak-neon-gpr"
                                                                 : "keccak-neon");
    const std::string why = core_choice_reason(other.keccak, c);
    if (form == kOnePipe) {
      EXPECT_EQ(why.find("the SHA3 instructions issue to one vector pipe on this core"), 0u) << why;
    } else if (form == kEveryPipe) {
      EXPECT_EQ(why, "the SHA3 instructions issue to every vector pipe on this core");
    } else {
      EXPECT_EQ(why, "");
    }
    EXPECT_EQ(why.find_first_of("()"), std::string::npos) << why;  // armaccel-info -json
    if (set.keccak->lane == std::string("keccak-neon-gpr"))        // the variant says why
      EXPECT_EQ(std::string(core_choice_reason(set.keccak, c)).find("two states"), 0u);
    else
      EXPECT_STREQ(core_choice_reason(set.keccak, c), form == kOnePipe ? "" : why.c_str());
    // Without the SHA3 instructions: keccak-neon, or its variants for the
    // Cortex-A72 and for Neoverse N1 and V2.
    EXPECT_STREQ(select_kernels(kFeatAll & ~kFeatSha3, c).keccak->lane,
                 c == CoreClass::kCortexA72                                   ? "keccak-neon-vec"
                 : c == CoreClass::kNeoverseN1 || c == CoreClass::kNeoverseV2 ? "keccak-neon-gpr"
                                                                              : "keccak-neon");
  }
}

// The classes known for the Keccak choice only get, for every feature
// mask, the lanes a core of no class gets in every other primitive: the
// variants, fits and step-aside facts measured on the first four classes
// do not reach them.
TEST(CoreClass, NewerClassesAreOtherButForKeccak) {
  for (unsigned i = static_cast<unsigned>(CoreClass::kNeoverseN2); i < kCoreClassCount; ++i) {
    const auto c = static_cast<CoreClass>(i);
    SCOPED_TRACE(core_class_name(c));
    for (CpuFeatures f = 0; f <= kFeatAll; ++f) {
      const KernelSet other = select_kernels(f);
      const KernelSet set = select_kernels(f, c);
#define ARMACCEL_X(Enum, name, Kernel, kind)              \
  if (Primitive::Enum != Primitive::kKeccak) {            \
    EXPECT_EQ(set.name, other.name) << #name << " " << f; \
  }
      ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
      EXPECT_EQ(set.gcm, other.gcm) << f;
    }
    for (const SlowerOnCore* s = kSlowerOnCore; s->lane != nullptr; ++s)
      EXPECT_NE(s->core, c) << s->lane << " " << s->families;
  }
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
