// SPDX-License-Identifier: Apache-2.0
// CPU feature bits that select armaccel's kernel lanes, and the override
// grammar that narrows them.
//
// The probe (cpu_probe_*.cpp, one file per OS) reports what the CPU has; an
// override (environment variable ARMACCEL_DISABLE or the provider config key
// `disable`) can only turn features off, never on.  Lane selection
// (lanes.h) then picks, per primitive, the first lane whose required
// features are all present.  Freestanding: no heap, no libc beyond
// memcpy/memset, so the kernel library also builds bare-metal.
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel {

using CpuFeatures = std::uint32_t;

// One bit per architectural feature armaccel can use.  Names follow the
// Linux AArch64 HWCAP names (/proc/cpuinfo "Features" line).
enum : CpuFeatures {
  kFeatAsimd = 1u << 0,   // Advanced SIMD (NEON)
  kFeatAes = 1u << 1,     // AESE/AESD/AESMC/AESIMC
  kFeatPmull = 1u << 2,   // PMULL/PMULL2 on 64-bit lanes
  kFeatSha2 = 1u << 3,    // SHA256H/SHA256H2/SHA256SU0/SHA256SU1
  kFeatSha512 = 1u << 4,  // SHA512H/SHA512H2/SHA512SU0/SHA512SU1
  kFeatSha3 = 1u << 5,    // EOR3/RAX1/XAR/BCAX
  kFeatSm3 = 1u << 6,     // SM3SS1/SM3TT*/SM3PARTW*
  kFeatSm4 = 1u << 7,     // SM4E/SM4EKEY
  kFeatSve = 1u << 8,     // Scalable Vector Extension
  kFeatSve2 = 1u << 9,    // SVE2
};

// Every feature bit above; `disable = all` clears these.
inline constexpr CpuFeatures kFeatAll = (1u << 10) - 1;

// Features that need Advanced SIMD registers: turning asimd off turns these
// off too.
inline constexpr CpuFeatures kFeatNeedsAsimd = kFeatAll & ~kFeatAsimd;

struct FeatureName {
  const char* name;
  CpuFeatures bit;
};

// The feature names in bit order, for reports and for parsing overrides.
extern const FeatureName kFeatureNames[];
extern const std::size_t kFeatureNameCount;

// Probes the running CPU.  Returns 0 where the OS offers no way to ask or on
// non-ARM builds (the portable lanes then serve every primitive).  Implemented
// once per OS in cpu_probe_<os>.cpp; cheap, with no side effects.
CpuFeatures probe_cpu_features();

// Writes the names of the features in `features` into `buf` as a
// space-separated, NUL-terminated list ("none" when empty).  Returns the
// length written, truncating at size - 1.
std::size_t format_features(CpuFeatures features, char* buf, std::size_t size);

// Result of parsing an override: which features to turn off, and the first
// token that was not understood (empty when none).
struct OverrideParse {
  CpuFeatures disable = 0;
  unsigned unknown_tokens = 0;
  char first_unknown[24] = {};
};

// Parses the override grammar shared by ARMACCEL_DISABLE and the provider
// config key `disable`:
//   list  := token { (',' | ' ' | ':' | ';') token }
//   token := feature-name | "neon" (alias of asimd) | "all" | "none"
// with an optional leading '~' on a token, accepted for OPENSSL_armcap-style
// spelling ("~sha512").  Names are case-insensitive.  "all" disables every
// hardware feature (portable lanes only); "none" disables nothing.  Unknown
// tokens are counted and the first one is kept for the error (the provider
// refuses an override that has one); they never widen anything.  `text` may
// be null (nothing disabled).
OverrideParse parse_disable_list(const char* text);

// Applies a disable mask to probed features.  Turning asimd off also turns
// off every feature that needs it.  The result is always a subset of
// `probed`.
CpuFeatures apply_disable(CpuFeatures probed, CpuFeatures disable);

}  // namespace armaccel
