// SPDX-License-Identifier: Apache-2.0
// armaccel's entry point: OSSL_provider_init, the only symbol the module
// exports.  Each load (each OSSL_LIB_CTX) gets its own ProvCtx: the core's
// error functions, the probed CPU features narrowed by the overrides, and the
// kernel lanes selected from them, read-only from then on.
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <new>

#include "algorithms.h"
#include "capabilities.h"
#include "child_context.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/kem/tls_groups.h"
#include "dispatch/keymgmt/mlkem_codecs.h"
#include "errors.h"
#include "params.h"
#include "prov_ctx.h"
#include "self_tests.h"
#include "trace.h"

namespace armaccel::prov {

namespace {

// Frees a context whose init failed or that the core tears down.
void free_prov_ctx(ProvCtx* ctx) noexcept {
  child_context_free(&ctx->child);
  if (ctx->trace) trace_release();
  ctx->~ProvCtx();
  OPENSSL_clear_free(ctx, sizeof *ctx);
  own_errors_release();
}

void teardown(void* provctx) noexcept {
  if (provctx != nullptr) free_prov_ctx(static_cast<ProvCtx*>(provctx));
}

const OSSL_ALGORITHM* query_operation(void* provctx, int operation_id, int* no_cache) noexcept {
  *no_cache = 0;
  const AlgorithmTables& t = static_cast<const ProvCtx*>(provctx)->tables;
  switch (operation_id) {
    case OSSL_OP_CIPHER:
      return t.ciphers;
    case OSSL_OP_DIGEST:
      return t.digests;
    case OSSL_OP_MAC:
      return t.macs;
    case OSSL_OP_KEYMGMT:
      return t.keymgmt;
    case OSSL_OP_KEM:
      return t.kems;
    case OSSL_OP_KEYEXCH:
      return t.keyexch;
    case OSSL_OP_ENCODER:
      return t.encoders;
    case OSSL_OP_DECODER:
      return t.decoders;
    default:
      return nullptr;
  }
}

// Stores the core's function `f` in `slot` when it is the one numbered `id`
// (what the OSSL_FUNC_core_* accessors of <openssl/core_dispatch.h> do).
template <class Fn>
void take_core_function(const OSSL_DISPATCH* f, int id, Fn*& slot) {
  if (f->function_id == id) slot = reinterpret_cast<Fn*>(f->function);
}

const OSSL_DISPATCH kProviderFunctions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, as_dispatch(&teardown)},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, as_dispatch(&provider_gettable_params)},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, as_dispatch(&provider_get_params)},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, as_dispatch(&query_operation)},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, as_dispatch(&get_capabilities)},
    {OSSL_FUNC_PROVIDER_SELF_TEST, as_dispatch(&provider_self_test)},
    {0, nullptr},
};

// Reads this instance's value of `key` (`disable`, `force_lanes`) from its
// config section, if any.  The string belongs to the core and is only used
// during init.
const char* config_value(const OSSL_CORE_HANDLE* handle,
                         OSSL_FUNC_core_get_params_fn* core_get_params, const char* key) {
  if (core_get_params == nullptr) return nullptr;
  char* value = nullptr;
  OSSL_PARAM request[] = {
      OSSL_PARAM_utf8_ptr(key, &value, 0),
      OSSL_PARAM_END,
  };
  if (!core_get_params(handle, request) || !OSSL_PARAM_modified(&request[0])) return nullptr;
  return value;
}

// True when the core is the OpenSSL major release this module was built
// for.  A module built for 3.x pulls libcrypto.so.3 into a 4.0 process
// beside libcrypto.so.4; running there, its child library context would be
// freed by the 3.x library after that library's own clean-up (a crash at
// exit), so it refuses, with nothing allocated but the context the caller
// frees.
bool host_supported(ProvCtx* ctx, OSSL_FUNC_core_get_params_fn* core_get_params) {
  char text[64];
  if (!read_host_version(ctx->handle, core_get_params, &ctx->host, text, sizeof text)) {
    raise_error_message(ctx, kErrUnsupportedHostVersion, ErrorSite::current(),
                        "armaccel %s: the core did not report a readable OpenSSL version ('%s')",
                        ARMACCEL_VERSION, text);
    return false;
  }
  if (ctx->host.major != OPENSSL_VERSION_MAJOR) {
    raise_error_message(ctx, kErrUnsupportedHostVersion, ErrorSite::current(),
                        "armaccel %s was built for OpenSSL %d.x (headers %s) and cannot run in "
                        "OpenSSL %s; build armaccel against OpenSSL %d",
                        ARMACCEL_VERSION, OPENSSL_VERSION_MAJOR, OPENSSL_VERSION_STR, text,
                        ctx->host.major);
    return false;
  }
  set_running_host(ctx->host);
  return true;
}

}  // namespace

}  // namespace armaccel::prov

#if defined(_WIN32)
#define ARMACCEL_EXPORT __declspec(dllexport)
#else
#define ARMACCEL_EXPORT __attribute__((visibility("default")))
#endif

// Not declared noexcept: <openssl/core.h> declares it without (Clang
// refuses the mismatch); the module is built without exceptions anyway.
extern "C" ARMACCEL_EXPORT int OSSL_provider_init(const OSSL_CORE_HANDLE* handle,
                                                  const OSSL_DISPATCH* in,
                                                  const OSSL_DISPATCH** out, void** provctx) {
  using namespace armaccel::prov;
  if (!own_errors_acquire()) return 0;
  void* memory = OPENSSL_zalloc(sizeof(ProvCtx));
  if (memory == nullptr) {
    own_errors_release();
    return 0;
  }
  auto* ctx = new (memory) ProvCtx();
  ctx->handle = handle;
  ctx->trace = trace_acquire();
  OSSL_FUNC_core_get_params_fn* core_get_params = nullptr;
  for (const OSSL_DISPATCH* f = in; f != nullptr && f->function_id != 0; ++f) {
    take_core_function(f, OSSL_FUNC_CORE_GET_PARAMS, core_get_params);
    take_core_function(f, OSSL_FUNC_CORE_NEW_ERROR, ctx->core_new_error);
    take_core_function(f, OSSL_FUNC_CORE_SET_ERROR_DEBUG, ctx->core_set_error_debug);
    take_core_function(f, OSSL_FUNC_CORE_VSET_ERROR, ctx->core_vset_error);
    take_core_function(f, OSSL_FUNC_GET_ENTROPY, ctx->core_get_entropy);
    take_core_function(f, OSSL_FUNC_CLEANUP_ENTROPY, ctx->core_cleanup_entropy);
  }
  if (!host_supported(ctx, core_get_params)) {
    free_prov_ctx(ctx);
    return 0;
  }
  // The child library context mirrors the application's providers --
  // armaccel included -- and serves ciphers armaccel lacks.  Nothing of
  // armaccel's own may be cached there (armaccel's AES names never go
  // through it; no DRBG lives in it): an armaccel method held by its own
  // child context would keep the provider active for ever.  The default
  // query below is a second guard, until the application changes its
  // default properties (which the child then follows).
  if (!child_context_new(handle, in, &ctx->child)) {
    free_prov_ctx(ctx);
    return 0;
  }
  ctx->libctx = ctx->child.libctx;
  if (!probe_and_select(ctx, config_value(handle, core_get_params, kDisableConfigKey),
                        config_value(handle, core_get_params, kForceConfigKey),
                        config_value(handle, core_get_params, kCoreConfigKey),
                        read_self_test_hook(handle, in)) ||
      !mlkem_read_config(ctx, core_get_params)) {
    free_prov_ctx(ctx);
    return 0;
  }
  ctx->starting = false;
  *out = kProviderFunctions;
  *provctx = ctx;
  return 1;
}
