// SPDX-License-Identifier: Apache-2.0
// Per-instance provider context: the core's error functions, the kernel
// lanes chosen for this instance (frozen after init) and the capability
// report shown through provider parameters and armaccel-info.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/types.h>

#include <cstddef>

#include "algorithms.h"
#include "child_context.h"
#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "host_version.h"
#include "step_aside.h"

namespace armaccel::prov {

// What the lane self-tests at load found (self_tests.h).  Lane names point
// at the kernel tables' static strings.
struct SelfTestReport {
  char passed[384] = {};  // lanes whose known-answer test passed, space separated
  char failed[192] = {};  // lanes whose test failed
  struct Failure {
    std::size_t slot;  // the Primitive's index; kPrimitiveCount for the fused GCM lane
    const char* lane;
  };
  Failure failures[16] = {};
  std::size_t failure_count = 0;
};

struct CapabilityReport {
  CpuFeatures probed = 0;     // what the CPU reported
  CpuFeatures disabled = 0;   // union of the environment and config overrides
  CpuFeatures effective = 0;  // probed minus disabled (closed under asimd)
  char probed_text[128] = {};
  char effective_text[128] = {};
  char disabled_text[128] = {};
  char source[32] = {};                // "none", "environment", "config", "environment+config"
  char lanes_built[512] = {};          // every lane compiled into this module
  bool force_lanes = false;            // ARMACCEL_FORCE_LANES / force_lanes: no family deferred
  char force_source[32] = {};          // "none", "environment", "config", "environment+config"
  std::uint32_t midr = 0;              // MIDR_EL1 as read (0: the OS gave none)
  CoreClass core = CoreClass::kOther;  // the class the lanes are chosen for
  char core_text[96] = {};             // the core parameter
  // Per family: its lanes, or why it is deferred (format_families).
  char families_text[8192] = {};
  // The lane-* parameters' values: the lane, and ", deferred to the default
  // provider (<reason>)" when every family led by it is deferred.  Indexed
  // by Primitive (kernels/cpu/primitives.h).
  char lane_text[kPrimitiveCount][512] = {};
  char gcm_lane_text[192] = {};  // the lane-gcm parameter
  SelfTestReport self_test;
  char self_test_text[640] = {};  // the self-test parameter
};

// The ML-KEM settings OpenSSL 3.5 reads from the provider's config section
// (ml-kem.retain_seed, ml-kem.prefer_seed, ml-kem.input_formats,
// ml-kem.output_formats).  Format lists are empty for "all, in the default
// order".
struct MlkemSettings {
  bool retain_seed = true;  // keep d || z with a key generated or imported from it
  bool prefer_seed = true;  // with both seed and expanded key at import, use the seed
  char input_formats[256] = {};
  char output_formats[256] = {};
};

// The application's self-test callback for the library context armaccel
// is loaded into, if it set one (read from the core at init; self_tests.h).
struct SelfTestHook {
  OSSL_CALLBACK* cb = nullptr;
  void* arg = nullptr;
};

struct ProvCtx {
  const OSSL_CORE_HANDLE* handle = nullptr;
  HostVersion host;  // the OpenSSL release loaded into (same major as the build)
  // A child of the application's library context: ciphers armaccel lacks
  // (GMAC/CMAC over other ciphers).  Never used on the paths the default
  // provider's DRBG drives, and never for random numbers (a DRBG living in
  // a provider's own child context keeps OpenSSL 3.0 from ever tearing the
  // provider down).
  OSSL_LIB_CTX* libctx = nullptr;
  ChildContext child;  // libctx's owner (child_context.h)
  OSSL_FUNC_core_new_error_fn* core_new_error = nullptr;
  OSSL_FUNC_core_set_error_debug_fn* core_set_error_debug = nullptr;
  OSSL_FUNC_core_vset_error_fn* core_vset_error = nullptr;
  // Entropy from the core for the library context armaccel is loaded in
  // (random_bytes in dispatch/random.h).
  OSSL_FUNC_get_entropy_fn* core_get_entropy = nullptr;
  OSSL_FUNC_cleanup_entropy_fn* core_cleanup_entropy = nullptr;
  KernelSet kernels = {};
  FamilyDecisions families;     // which algorithm families this instance registers
  AlgorithmTables tables = {};  // the algorithms of those families, per operation
  CapabilityReport caps;
  MlkemSettings mlkem;
  SelfTestHook self_test_hook;  // for OSSL_PROVIDER_self_test
  bool trace = false;           // ARMACCEL_TRACE set at load: log each new context to stderr
  bool starting = true;         // inside OSSL_provider_init (errors are traced too)
};

}  // namespace armaccel::prov
