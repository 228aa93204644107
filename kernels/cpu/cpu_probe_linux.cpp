// SPDX-License-Identifier: Apache-2.0
// Capability probe for AArch64 Linux (and Android): the kernel reports CPU
// features in the auxiliary vector, AT_HWCAP and AT_HWCAP2, and, when
// AT_HWCAP has CPUID, emulates EL0 reads of MIDR_EL1 (Linux
// Documentation/arch/arm64/cpu-feature-registers.rst).  No SIGILL
// probing: a provider must not install signal handlers in its host.
#include <sys/auxv.h>

#include <cstdint>

#if defined(__clang__)
#include <arm_acle.h>
#endif

#include "cpu/core_class.h"
#include "cpu/cpu_features.h"
#include "cpu/hwcap.h"

namespace armaccel {

CpuFeatures probe_cpu_features() {
  return hwcap::to_features(getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
}

std::uint32_t probe_midr() {
  if ((getauxval(AT_HWCAP) & hwcap::kCpuid) == 0) return 0;
  std::uint64_t midr = 0;
#if defined(__clang__)
  midr = __arm_rsr64("MIDR_EL1");
#else
  // GCC before 14 has no __arm_rsr64; the one system-register read, here in
  // the probe (the lanes themselves stay intrinsics only).
  __asm__ volatile("mrs %0, MIDR_EL1" : "=r"(midr));
#endif
  return static_cast<std::uint32_t>(midr);
}

}  // namespace armaccel
