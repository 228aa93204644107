// SPDX-License-Identifier: Apache-2.0
// Provider-level parameters (OSSL_PROVIDER_get_params): OpenSSL's standard
// name/version/buildinfo/status, and armaccel's capability report.
#pragma once

#include <openssl/core.h>

#include "prov_ctx.h"

namespace armaccel::prov {

// armaccel's own parameter names (all UTF8 strings).
inline constexpr char kParamCpuFeatures[] = "cpu-features";              // probed
inline constexpr char kParamEffectiveFeatures[] = "effective-features";  // after the override
inline constexpr char kParamDisabledFeatures[] = "disabled-features";    // the override itself
inline constexpr char kParamOverrideSource[] = "override-source";
// lane-<primitive> (primitives.h: lane-aes, lane-ghash, ...): the lane
// chosen and its notes (CapabilityReport::lane_text).
#define ARMACCEL_X(Enum, name, Kernel, kind) \
  inline constexpr char kParamLane_##name[] = "lane-" #name;
ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
inline constexpr char kParamLaneGcm[] = "lane-gcm";  // fused lane, or "none" (composed)
inline constexpr char kParamLanesBuilt[] = "lanes-built";
// The lane self-tests at load: "passed: LANE ...; failed: LANE ..." (each
// list "none" when empty).
inline constexpr char kParamSelfTest[] = "self-test";
// Per algorithm family, its lanes or why it is left to the default provider
// ("aes-cbc: aes-ce; sha512: deferred to the default provider (...)"), and
// where forcing came from ("none", "environment", "config").
inline constexpr char kParamFamilies[] = "algorithm-families";
inline constexpr char kParamForceLanes[] = "force-lanes";
// The core class the lanes were chosen for, its source and the MIDR_EL1 read.
inline constexpr char kParamCore[] = "core";

const OSSL_PARAM* provider_gettable_params(void* provctx) noexcept;
int provider_get_params(void* provctx, OSSL_PARAM params[]) noexcept;

}  // namespace armaccel::prov
