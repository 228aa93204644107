// SPDX-License-Identifier: Apache-2.0
// Core classes: the cores whose best lanes differ from what their feature
// bits alone would pick, known by their identity, the Main ID Register
// MIDR_EL1 (Arm ARM D23.2.122: implementer [31:24], variant [23:20],
// architecture [19:16], part number [15:4], revision [3:0]).  Lane
// selection (lanes.h) takes the class; the table of which class gets which
// lane, and the figure that says why, is in lane_table.cpp.  Freestanding apart
// from the probe.
#pragma once

#include <cstdint>

namespace armaccel {

// The first four classes are the cores armaccel has cycle figures for (the
// estimated cycles of docs/performance.md); every table of lane_table.cpp
// and slower_on_core.cpp may name them.  The classes after them are newer
// Arm cores (part numbers as Linux lists them in
// arch/arm64/include/asm/cputype.h) known only for the Keccak choice, from
// where Arm's Software Optimization Guides issue the SHA3 instructions
// (lane_table.cpp, kSha3OnOnePipe and kSha3OnEveryPipe); every other table
// treats them as kOther.  A core not listed here, and a core the OS does
// not identify, is kOther and gets the features-only choice.
enum class CoreClass : std::uint8_t {
  kOther,
  kCortexA72,   // Arm Cortex-A72 (part 0xd08)
  kNeoverseN1,  // Arm Neoverse N1 (part 0xd0c)
  kNeoverseV1,  // Arm Neoverse V1 (part 0xd40)
  kNeoverseV2,  // Arm Neoverse V2 (part 0xd4f)
  // Known for the Keccak choice only.
  kNeoverseN2,  // Arm Neoverse N2 (part 0xd49; Microsoft's Cobalt 100, 0x6d/0xd49)
  kNeoverseN3,  // Arm Neoverse N3 (part 0xd8e)
  kNeoverseV3,  // Arm Neoverse V3 (part 0xd84)
  kCortexA76,   // Arm Cortex-A76 (part 0xd0b)
  kCortexA78,   // Arm Cortex-A78 (part 0xd41)
  kCortexA78C,  // Arm Cortex-A78C (part 0xd4b)
  kCortexX1,    // Arm Cortex-X1 (part 0xd44)
  kCortexX2,    // Arm Cortex-X2 (part 0xd48)
  kCortexX3,    // Arm Cortex-X3 (part 0xd4e)
  kCortexX4,    // Arm Cortex-X4 (part 0xd82)
  kCortexX925,  // Arm Cortex-X925 (part 0xd85)
  kCortexA710,  // Arm Cortex-A710 (part 0xd47)
  kCortexA715,  // Arm Cortex-A715 (part 0xd4d)
  kCortexA720,  // Arm Cortex-A720 (part 0xd81)
  kCortexA725,  // Arm Cortex-A725 (part 0xd87)
  kC1Ultra,     // Arm C1-Ultra (part 0xd8c)
  kC1Premium,   // Arm C1-Premium (part 0xd90)
};

// How many classes there are: CoreClass values run from 0 to this minus 1.
inline constexpr unsigned kCoreClassCount = static_cast<unsigned>(CoreClass::kC1Premium) + 1;

// A set of classes, one bit each.
using CoreClassSet = std::uint32_t;
static_assert(kCoreClassCount <= 32, "a CoreClassSet holds one bit per class");
constexpr CoreClassSet core_bit(CoreClass c) {
  return CoreClassSet{1} << static_cast<unsigned>(c);
}

// The class of the core whose MIDR_EL1 value is `midr` (any variant and
// revision); kOther for 0 (unknown) and for cores not listed above.
CoreClass classify_midr(std::uint32_t midr);

// The class's name as armaccel reports it: "cortex-a72", "neoverse-n1",
// "neoverse-v1", "neoverse-v2" (as scripts/icount/models.sh names their core
// models), "neoverse-n2", ..., "c1-premium" (the enumerator's name in lower
// case, words joined by '-'), or "other".
const char* core_class_name(CoreClass c);

// Parses a class name as core_class_name() spells it (case-insensitive);
// false if `text` is none of them.
bool parse_core_class(const char* text, CoreClass* out);

// MIDR_EL1 of the core the caller runs on, or 0 where the OS offers no way
// to read it (then every core is kOther).  On a system with several kinds
// of core this is the one the provider was loaded on, as for OpenSSL's own
// MIDR checks.  Implemented once per OS in cpu_probe_<os>.cpp.
std::uint32_t probe_midr();

}  // namespace armaccel
