// Capability probe for AArch64 FreeBSD: elf_aux_info(3) reads AT_HWCAP and
// AT_HWCAP2, whose bits FreeBSD keeps identical to Linux's.
#include <sys/auxv.h>

#include "cpu/cpu_features.h"

namespace armaccel {
namespace {

constexpr unsigned long kHwcapAsimd = 1ul << 1;
constexpr unsigned long kHwcapAes = 1ul << 3;
constexpr unsigned long kHwcapPmull = 1ul << 4;
constexpr unsigned long kHwcapSha2 = 1ul << 6;
constexpr unsigned long kHwcapSha3 = 1ul << 17;
constexpr unsigned long kHwcapSm3 = 1ul << 18;
constexpr unsigned long kHwcapSm4 = 1ul << 19;
constexpr unsigned long kHwcapSha512 = 1ul << 21;
constexpr unsigned long kHwcapSve = 1ul << 22;
constexpr unsigned long kHwcap2Sve2 = 1ul << 1;

}  // namespace

CpuFeatures probe_cpu_features() {
  unsigned long hwcap = 0;
  unsigned long hwcap2 = 0;
  if (elf_aux_info(AT_HWCAP, &hwcap, sizeof hwcap) != 0) hwcap = 0;
  if (elf_aux_info(AT_HWCAP2, &hwcap2, sizeof hwcap2) != 0) hwcap2 = 0;
  CpuFeatures f = 0;
  if (hwcap & kHwcapAsimd) f |= kFeatAsimd;
  if (hwcap & kHwcapAes) f |= kFeatAes;
  if (hwcap & kHwcapPmull) f |= kFeatPmull;
  if (hwcap & kHwcapSha2) f |= kFeatSha2;
  if (hwcap & kHwcapSha512) f |= kFeatSha512;
  if (hwcap & kHwcapSha3) f |= kFeatSha3;
  if (hwcap & kHwcapSm3) f |= kFeatSm3;
  if (hwcap & kHwcapSm4) f |= kFeatSm4;
  if (hwcap & kHwcapSve) f |= kFeatSve;
  if (hwcap2 & kHwcap2Sve2) f |= kFeatSve2;
  return f;
}

}  // namespace armaccel
