// SPDX-License-Identifier: Apache-2.0
// Capability probe for AArch64 Linux (and Android): the kernel reports CPU
// features in the auxiliary vector, AT_HWCAP and AT_HWCAP2.  No SIGILL
// probing: a provider must not install signal handlers in its host.
#include <sys/auxv.h>

#include "cpu/cpu_features.h"
#include "cpu/hwcap.h"

namespace armaccel {

CpuFeatures probe_cpu_features() {
  return hwcap::to_features(getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
}

}  // namespace armaccel
