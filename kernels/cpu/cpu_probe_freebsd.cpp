// SPDX-License-Identifier: Apache-2.0
// Capability probe for AArch64 FreeBSD: elf_aux_info(3) reads AT_HWCAP and
// AT_HWCAP2, whose bits FreeBSD keeps identical to Linux's.
#include <sys/auxv.h>

#include "cpu/core_class.h"
#include "cpu/cpu_features.h"
#include "cpu/hwcap.h"

namespace armaccel {

CpuFeatures probe_cpu_features() {
  unsigned long hwcap = 0;
  unsigned long hwcap2 = 0;
  if (elf_aux_info(AT_HWCAP, &hwcap, sizeof hwcap) != 0) hwcap = 0;
  if (elf_aux_info(AT_HWCAP2, &hwcap2, sizeof hwcap2) != 0) hwcap2 = 0;
  return hwcap::to_features(hwcap, hwcap2);
}

// No core identity from this OS: every core is CoreClass::kOther.
std::uint32_t probe_midr() {
  return 0;
}

}  // namespace armaccel
