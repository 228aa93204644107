// SPDX-License-Identifier: Apache-2.0
// MIDR_EL1 to core class (core_class.h).
#include "cpu/core_class.h"

namespace armaccel {
namespace {

constexpr std::uint32_t kImplementerArm = 0x41;
constexpr std::uint32_t kImplementerMicrosoft = 0x6d;

struct KnownCore {
  std::uint32_t implementer;  // MIDR_EL1 [31:24]
  std::uint32_t part;         // MIDR_EL1 [15:4]
  CoreClass cls;
};

// Implementer and part numbers as Linux lists them in
// arch/arm64/include/asm/cputype.h (ARM_CPU_PART_*, from each core's
// Technical Reference Manual, MIDR_EL1 reset value).
constexpr KnownCore kKnownCores[] = {
    {kImplementerArm, 0xd08, CoreClass::kCortexA72},
    {kImplementerArm, 0xd0c, CoreClass::kNeoverseN1},
    {kImplementerArm, 0xd40, CoreClass::kNeoverseV1},
    {kImplementerArm, 0xd4f, CoreClass::kNeoverseV2},
    {kImplementerArm, 0xd49, CoreClass::kNeoverseN2},
    // MICROSOFT_CPU_PART_AZURE_COBALT_100: "Based on r0p0 of ARM Neoverse N2".
    {kImplementerMicrosoft, 0xd49, CoreClass::kNeoverseN2},
    {kImplementerArm, 0xd8e, CoreClass::kNeoverseN3},
    {kImplementerArm, 0xd84, CoreClass::kNeoverseV3},
    {kImplementerArm, 0xd0b, CoreClass::kCortexA76},
    {kImplementerArm, 0xd41, CoreClass::kCortexA78},
    {kImplementerArm, 0xd4b, CoreClass::kCortexA78C},
    {kImplementerArm, 0xd44, CoreClass::kCortexX1},
    {kImplementerArm, 0xd48, CoreClass::kCortexX2},
    {kImplementerArm, 0xd4e, CoreClass::kCortexX3},
    {kImplementerArm, 0xd82, CoreClass::kCortexX4},
    {kImplementerArm, 0xd85, CoreClass::kCortexX925},
    {kImplementerArm, 0xd47, CoreClass::kCortexA710},
    {kImplementerArm, 0xd4d, CoreClass::kCortexA715},
    {kImplementerArm, 0xd81, CoreClass::kCortexA720},
    {kImplementerArm, 0xd87, CoreClass::kCortexA725},
    {kImplementerArm, 0xd8c, CoreClass::kC1Ultra},
    {kImplementerArm, 0xd90, CoreClass::kC1Premium},
};

// Indexed by CoreClass.
constexpr const char* kNames[] = {
    "other",       "cortex-a72",  "neoverse-n1", "neoverse-v1", "neoverse-v2", "neoverse-n2",
    "neoverse-n3", "neoverse-v3", "cortex-a76",  "cortex-a78",  "cortex-a78c", "cortex-x1",
    "cortex-x2",   "cortex-x3",   "cortex-x4",   "cortex-x925", "cortex-a710", "cortex-a715",
    "cortex-a720", "cortex-a725", "c1-ultra",    "c1-premium"};
static_assert(sizeof kNames / sizeof kNames[0] == kCoreClassCount, "a name for every class");

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool same_name(const char* a, const char* b) {
  for (; *a != '\0' && *b != '\0'; ++a, ++b)
    if (lower(*a) != *b) return false;
  return *a == '\0' && *b == '\0';
}

}  // namespace

CoreClass classify_midr(std::uint32_t midr) {
  const std::uint32_t implementer = midr >> 24;
  const std::uint32_t part = (midr >> 4) & 0xfff;
  for (const KnownCore& k : kKnownCores)
    if (k.implementer == implementer && k.part == part) return k.cls;
  return CoreClass::kOther;
}

const char* core_class_name(CoreClass c) {
  const unsigned i = static_cast<unsigned>(c);
  return i < kCoreClassCount ? kNames[i] : "other";
}

bool parse_core_class(const char* text, CoreClass* out) {
  if (text == nullptr) return false;
  for (unsigned i = 0; i < kCoreClassCount; ++i) {
    if (same_name(text, kNames[i])) {
      *out = static_cast<CoreClass>(i);
      return true;
    }
  }
  return false;
}

}  // namespace armaccel
