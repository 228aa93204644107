// SPDX-License-Identifier: Apache-2.0
// The AArch64 AT_HWCAP / AT_HWCAP2 bits the lanes need, and their mapping
// to CpuFeatures.  Shared by the Linux (and Android) and FreeBSD probes:
// FreeBSD keeps the bits identical to Linux's.
#pragma once

#include "cpu/cpu_features.h"

namespace armaccel {
namespace hwcap {

// Bit positions from the Linux UAPI header arch/arm64/include/uapi/asm/hwcap.h
// (stable ABI); spelled out so the probes build against any libc headers.
inline constexpr unsigned long kAsimd = 1ul << 1;
inline constexpr unsigned long kAes = 1ul << 3;
inline constexpr unsigned long kPmull = 1ul << 4;
inline constexpr unsigned long kSha2 = 1ul << 6;
inline constexpr unsigned long kSha3 = 1ul << 17;
inline constexpr unsigned long kCpuid = 1ul << 11;  // EL0 reads of MIDR_EL1 emulated
inline constexpr unsigned long kSm3 = 1ul << 18;
inline constexpr unsigned long kSm4 = 1ul << 19;
inline constexpr unsigned long kSha512 = 1ul << 21;
inline constexpr unsigned long kSve = 1ul << 22;
inline constexpr unsigned long k2Sve2 = 1ul << 1;  // in AT_HWCAP2

// The features that the AT_HWCAP word `hwcap` and the AT_HWCAP2 word
// `hwcap2` report.
inline CpuFeatures to_features(unsigned long hwcap, unsigned long hwcap2) {
  CpuFeatures f = 0;
  if (hwcap & kAsimd) f |= kFeatAsimd;
  if (hwcap & kAes) f |= kFeatAes;
  if (hwcap & kPmull) f |= kFeatPmull;
  if (hwcap & kSha2) f |= kFeatSha2;
  if (hwcap & kSha512) f |= kFeatSha512;
  if (hwcap & kSha3) f |= kFeatSha3;
  if (hwcap & kSm3) f |= kFeatSm3;
  if (hwcap & kSm4) f |= kFeatSm4;
  if (hwcap & kSve) f |= kFeatSve;
  if (hwcap2 & k2Sve2) f |= kFeatSve2;
  return f;
}

}  // namespace hwcap
}  // namespace armaccel
