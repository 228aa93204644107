// SPDX-License-Identifier: Apache-2.0
// Capability probe for Apple silicon (macOS/iOS): sysctlbyname reports each
// architectural feature as hw.optional.arm.FEAT_* (1 when present).  Every
// Apple arm64 core has Advanced SIMD.
#include <sys/sysctl.h>
#include <sys/types.h>

#include "cpu/core_class.h"
#include "cpu/cpu_features.h"

namespace armaccel {
namespace {

bool has(const char* name) {
  int value = 0;
  size_t size = sizeof value;
  return sysctlbyname(name, &value, &size, nullptr, 0) == 0 && value != 0;
}

}  // namespace

CpuFeatures probe_cpu_features() {
  CpuFeatures f = kFeatAsimd;
  if (has("hw.optional.arm.FEAT_AES")) f |= kFeatAes;
  if (has("hw.optional.arm.FEAT_PMULL")) f |= kFeatPmull;
  if (has("hw.optional.arm.FEAT_SHA256")) f |= kFeatSha2;
  if (has("hw.optional.arm.FEAT_SHA512")) f |= kFeatSha512;
  if (has("hw.optional.arm.FEAT_SHA3")) f |= kFeatSha3;
  return f;
}

// No core identity from this OS: every core is CoreClass::kOther.
std::uint32_t probe_midr() {
  return 0;
}

}  // namespace armaccel
