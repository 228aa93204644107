// SPDX-License-Identifier: Apache-2.0
// MIDR_EL1 to core class (core_class.h).
#include "cpu/core_class.h"

namespace armaccel {
namespace {

constexpr std::uint32_t kImplementerArm = 0x41;

struct KnownCore {
  std::uint32_t part;  // MIDR_EL1 [15:4]
  CoreClass cls;
};

// Part numbers from each core's Technical Reference Manual (MIDR_EL1
// reset value).
constexpr KnownCore kArmCores[] = {
    {0xd08, CoreClass::kCortexA72},
    {0xd0c, CoreClass::kNeoverseN1},
    {0xd40, CoreClass::kNeoverseV1},
    {0xd4f, CoreClass::kNeoverseV2},
};

constexpr const char* kNames[] = {"other", "cortex-a72", "neoverse-n1", "neoverse-v1",
                                  "neoverse-v2"};

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
  if ((midr >> 24) != kImplementerArm) return CoreClass::kOther;
  const std::uint32_t part = (midr >> 4) & 0xfff;
  for (const KnownCore& k : kArmCores)
    if (k.part == part) return k.cls;
  return CoreClass::kOther;
}

const char* core_class_name(CoreClass c) {
  const unsigned i = static_cast<unsigned>(c);
  return i < sizeof kNames / sizeof kNames[0] ? kNames[i] : "other";
}

bool parse_core_class(const char* text, CoreClass* out) {
  if (text == nullptr) return false;
  for (unsigned i = 0; i < sizeof kNames / sizeof kNames[0]; ++i) {
    if (same_name(text, kNames[i])) {
      *out = static_cast<CoreClass>(i);
      return true;
    }
  }
  return false;
}

}  // namespace armaccel
