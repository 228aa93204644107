// SPDX-License-Identifier: Apache-2.0
// Capability probe for targets without an ARM feature query (x86-64 hosts,
// bare-metal builds): no hardware lanes, so the portable kernels serve every
// primitive.
#include "cpu/core_class.h"
#include "cpu/cpu_features.h"

namespace armaccel {

CpuFeatures probe_cpu_features() {
  return 0;
}

// No core identity from this OS: every core is CoreClass::kOther.
std::uint32_t probe_midr() {
  return 0;
}

}  // namespace armaccel
