// SPDX-License-Identifier: Apache-2.0
// Capability probe, override and lane selection for one provider instance.
#pragma once

#include <cstdint>

#include "prov_ctx.h"
#include "self_tests.h"
#include "trace.h"  // the trace functions, for the dispatch files

namespace armaccel::prov {

// Name of the environment variable and of the provider config key that turn
// CPU features off (grammar: parse_disable_list in kernels/cpu/cpu_features.h).
inline constexpr char kDisableEnv[] = "ARMACCEL_DISABLE";
inline constexpr char kDisableConfigKey[] = "disable";

// Name of the environment variable and of the provider config key that
// force armaccel's lanes for every family, even where they count more
// instructions than the host OpenSSL's code (step_aside.h): for tests, and
// for users who want the constant-time portable code.  Values: yes/no
// (parse_force_setting).
inline constexpr char kForceEnv[] = "ARMACCEL_FORCE_LANES";
inline constexpr char kForceConfigKey[] = "force_lanes";

// Name of the environment variable and of the provider config key that set
// the core class lanes are chosen for (kernels/cpu/core_class.h) instead of
// the one read from the core's MIDR_EL1: a class name as core_class_name()
// spells it (cortex-a72, neoverse-n1, ..., c1-premium, other) or "auto"
// (the default).
// For a core the table does not list that behaves like one it does, and for
// tests.  The environment wins over the config.
inline constexpr char kCoreEnv[] = "ARMACCEL_CORE";
inline constexpr char kCoreConfigKey[] = "core";

// Probes the CPU, narrows the features by the union of the environment
// override and `config_disable` (the instance's config value, may be null),
// takes the core class from ARMACCEL_CORE, `config_core` or the core's
// MIDR_EL1, selects a kernel lane per primitive (each hardware lane after its
// known-answer self-test, self_tests.h, with the application's self-test
// callback `self_test_hook`), decides which families to register
// (step_aside.h; forced by the environment or `config_force`) and fills
// ctx->kernels, ctx->families, ctx->tables and ctx->caps.  ctx->host must be
// set.  False, with "unknown cpu feature name" on the error queue naming
// the source and the name, if either override names an unknown feature (a
// typo there must not leave a feature on unnoticed, so the instance is
// refused), and with "invalid force_lanes value" for a force setting that
// is neither yes nor no, and "invalid config value" for a core class that
// is not one of the names above.
bool probe_and_select(ProvCtx* ctx, const char* config_disable, const char* config_force,
                      const char* config_core, const SelfTestHook& self_test_hook);

}  // namespace armaccel::prov
