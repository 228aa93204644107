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

// Only cores armaccel has cycle figures for get a class (the estimated
// cycles of docs/performance.md); every other core, and a core the OS does
// not identify, is kOther and gets the features-only choice.
enum class CoreClass : std::uint8_t {
  kOther,
  kCortexA72,   // Arm Cortex-A72 (part 0xd08)
  kNeoverseN1,  // Arm Neoverse N1 (part 0xd0c)
  kNeoverseV1,  // Arm Neoverse V1 (part 0xd40)
  kNeoverseV2,  // Arm Neoverse V2 (part 0xd4f)
};

// A set of classes, one bit each.
using CoreClassSet = std::uint32_t;
constexpr CoreClassSet core_bit(CoreClass c) {
  return CoreClassSet{1} << static_cast<unsigned>(c);
}

// The class of the core whose MIDR_EL1 value is `midr` (any variant and
// revision); kOther for 0 (unknown) and for cores not listed above.
CoreClass classify_midr(std::uint32_t midr);

// The class's name as armaccel reports it and as scripts/icount/models.sh
// names the core model: "cortex-a72", "neoverse-n1", "neoverse-v1",
// "neoverse-v2", or "other".
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
