// SPDX-License-Identifier: Apache-2.0
// Stepping aside: which algorithm families armaccel registers on the running
// CPU.  armaccel promises never to make an algorithm slower than the code of
// the OpenSSL it is loaded into, so a family is registered only when the
// lanes selected for this CPU were measured at or below OpenSSL's own code
// (guest instruction counts, scripts/icount/vs.sh, and estimated cycles
// per core class, scripts/icount/cycles.sh: each lane's facts in
// kernels/cpu/lane_table.cpp), or when the host's
// default provider lacks the family (nothing to fall back to), or when the
// user forces armaccel's lanes (ARMACCEL_FORCE_LANES / `force_lanes`, for
// tests and for the constant-time portable code).  A family that is not
// registered is left to the default provider: `?provider=armaccel` falls
// through to it.  The decision is made once per provider instance at init
// (decide_families) and reported through the provider parameters and
// armaccel-info.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cpu/lanes.h"
#include "host_version.h"

namespace armaccel::prov {

// Algorithm families, each a set of algorithm names that share lanes and a
// decision (the table in step_aside.cpp says which names).
enum class Family : std::uint8_t {
  kAesEcb,
  kAesCbc,
  kAesCtr,
  kAesXts,
  kAesCcm,
  kAesGcm,
  kCmac,
  kGmac,
  kChacha20,
  kChacha20Poly1305,
  kPoly1305,
  kSha256,
  kSha512,
  kHmac,
  kSha3,
  kKeccak,
  kKeccakKmac,
  kSm3,
  kSm4,
  kSm4Gcm,
  kSm4Ccm,
  kSm4Xts,
  kMlkem,
  kX25519Mlkem768,
  kX25519,
  kCount,
};

inline constexpr std::size_t kFamilyCount = static_cast<std::size_t>(Family::kCount);

// Why a family is or is not registered on this instance.
enum class Decision : std::uint8_t {
  kLane,          // its selected lanes beat OpenSSL's code here
  kDefaultLacks,  // the host's default provider does not have it
  kForced,        // ARMACCEL_FORCE_LANES / force_lanes
  kDeferred,      // left to the default provider
};

struct FamilyDecisions {
  Decision of[kFamilyCount] = {};
  bool registered(Family f) const { return of[static_cast<std::size_t>(f)] != Decision::kDeferred; }
};

// Decides every family for one instance from its selected kernels, the
// host's OpenSSL release and the force setting.
// A lane the table lists as slower on the instance's core class
// (`core`, kernels/cpu/core_class.h) defers the family there.
FamilyDecisions decide_families(const KernelSet& kernels, const HostVersion& host, CoreClass core,
                                bool force);

// The family's name as reports show it ("aes-cbc").
const char* family_name(Family f);

// One line per family, "aes-cbc: aes-ce" or "aes-cbc: deferred to the
// default provider (no NEON: ...)", joined by "; ", into buf
// (NUL-terminated, truncated at size - 1).  Returns the length written.
std::size_t format_families(const FamilyDecisions& d, const KernelSet& kernels,
                            const HostVersion& host, CoreClass core, char* buf, std::size_t size);

// The longest reason a deferred family gives (format_families,
// lane_deferral), with its NUL.
inline constexpr std::size_t kReasonSize = 256;

// For a lane-* parameter: the reason every family led by that primitive is
// deferred (the first family's, or that the host release's own code counts
// fewer instructions when the lane is faster only before that release), or
// "" when one of them is registered; into buf (NUL-terminated, truncated at
// size - 1; kReasonSize holds any).
void lane_deferral(const FamilyDecisions& d, const KernelSet& kernels, const HostVersion& host,
                   CoreClass core, Primitive primitive, char* buf, std::size_t size);

// Whether `name` is a family's name as family_name() gives it (the lane
// facts of kernels/cpu/lane_table.cpp name families so).
bool is_family_name(const char* name);

// Parses the force setting (environment or config): "1", "yes", "on",
// "true" force; "0", "no", "off", "false" or empty (or null) do not,
// case-insensitive.  False for anything else (the caller refuses the
// instance, as for an unknown `disable` name).
bool parse_force_setting(const char* text, bool* force);

}  // namespace armaccel::prov
