// Per-instance provider context: the core's error functions, the kernel
// lanes chosen for this instance (frozen after init) and the capability
// report shown through provider parameters and armaccel-info.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/types.h>

#include "cpu_features.h"
#include "lanes.h"

namespace armaccel::prov {

struct CapabilityReport {
  CpuFeatures probed = 0;     // what the CPU reported
  CpuFeatures disabled = 0;   // union of the environment and config overrides
  CpuFeatures effective = 0;  // probed minus disabled (closed under asimd)
  char probed_text[128] = {};
  char effective_text[128] = {};
  char disabled_text[128] = {};
  char source[32] = {};        // "none", "environment", "config", "environment+config"
  char warnings[192] = {};     // unknown override tokens, or empty
  char lanes_built[256] = {};  // every lane compiled into this module
};

struct ProvCtx {
  const OSSL_CORE_HANDLE* handle = nullptr;
  // A child of the application's library context: random bytes for GCM IV
  // generation, and ciphers armaccel lacks (GMAC/CMAC over other ciphers).
  // Never used on the paths the default provider's DRBG drives.
  OSSL_LIB_CTX* libctx = nullptr;
  OSSL_FUNC_core_new_error_fn* core_new_error = nullptr;
  OSSL_FUNC_core_set_error_debug_fn* core_set_error_debug = nullptr;
  OSSL_FUNC_core_vset_error_fn* core_vset_error = nullptr;
  KernelSet kernels = {};
  CapabilityReport caps;
  bool trace = false;  // ARMACCEL_TRACE set at load: log each new context to stderr
};

}  // namespace armaccel::prov
