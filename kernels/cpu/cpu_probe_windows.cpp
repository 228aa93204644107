// SPDX-License-Identifier: Apache-2.0
// Capability probe for Windows on ARM64: IsProcessorFeaturePresent.  The
// v8 crypto flag covers AES, PMULL and SHA-1/SHA-256 together; SHA-512 and
// SHA-3 flags exist only in newer SDKs, so their values are spelled out.
#include <windows.h>

#include "cpu/core_class.h"
#include "cpu/cpu_features.h"

namespace armaccel {
namespace {

constexpr DWORD kPfArmNeon = 19;      // PF_ARM_NEON_INSTRUCTIONS_AVAILABLE
constexpr DWORD kPfArmV8Crypto = 30;  // PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE
constexpr DWORD kPfArmSha3 = 64;      // PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE
constexpr DWORD kPfArmSha512 = 65;    // PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE

}  // namespace

CpuFeatures probe_cpu_features() {
  CpuFeatures f = 0;
  if (IsProcessorFeaturePresent(kPfArmNeon)) f |= kFeatAsimd;
  if (IsProcessorFeaturePresent(kPfArmV8Crypto)) f |= kFeatAes | kFeatPmull | kFeatSha2;
  if (IsProcessorFeaturePresent(kPfArmSha512)) f |= kFeatSha512;
  if (IsProcessorFeaturePresent(kPfArmSha3)) f |= kFeatSha3;
  return f;
}

// No core identity from this OS: every core is CoreClass::kOther.
std::uint32_t probe_midr() {
  return 0;
}

}  // namespace armaccel
