// SPDX-License-Identifier: Apache-2.0
// The OSSL_DISPATCH table of an EVP_KEM implementation (OpenSSL's
// provider-kem(7) functions) and the life cycle of its plain-data context;
// each KEM supplies only what differs.
//
// K describes one KEM:
//   using Ctx = ...;   trivially copyable, with a `ProvCtx* prov` member
//                      (the key it works on is borrowed from the
//                      EVP_PKEY): newctx allocates it zeroed, dupctx is a
//                      copy, freectx wipes it (free_wiped).
//   static int init(Ctx*, void* key, const OSSL_PARAM params[],
//                   bool encapsulating);   encapsulate_init and
//                      decapsulate_init
//   encapsulate, decapsulate: OpenSSL's signatures (void* context).
// and optionally set_ctx_params, settable_ctx_params, get_ctx_params and
// gettable_ctx_params, listed when K has them.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>

#include <type_traits>

#include "dispatch_util.h"
#include "prov_ctx.h"

namespace armaccel::prov {

template <class K>
struct KemDispatch {
  using Ctx = typename K::Ctx;
  static_assert(std::is_trivially_copyable_v<Ctx>);

  static void* newctx(void* provctx) noexcept { return new_zeroed<Ctx>(provctx); }
  static void freectx(void* vctx) noexcept { free_wiped(vctx, sizeof(Ctx)); }
  static void* dupctx(void* vctx) noexcept { return OPENSSL_memdup(vctx, sizeof(Ctx)); }

  static int encapsulate_init(void* vctx, void* key, const OSSL_PARAM params[]) noexcept {
    return K::init(static_cast<Ctx*>(vctx), key, params, true);
  }
  static int decapsulate_init(void* vctx, void* key, const OSSL_PARAM params[]) noexcept {
    return K::init(static_cast<Ctx*>(vctx), key, params, false);
  }

  // The parameter entries, all four or none: {0, nullptr} (the table's
  // end) where K has none.
  static constexpr bool kParams = requires { &K::set_ctx_params; };
  static OSSL_DISPATCH param_entry(int id) {
    if constexpr (kParams) {
      switch (id) {
        case OSSL_FUNC_KEM_SET_CTX_PARAMS:
          return {id, as_dispatch(&K::set_ctx_params)};
        case OSSL_FUNC_KEM_SETTABLE_CTX_PARAMS:
          return {id, as_dispatch(&K::settable_ctx_params)};
        case OSSL_FUNC_KEM_GET_CTX_PARAMS:
          return {id, as_dispatch(&K::get_ctx_params)};
        case OSSL_FUNC_KEM_GETTABLE_CTX_PARAMS:
          return {id, as_dispatch(&K::gettable_ctx_params)};
        default:
          break;
      }
    }
    return {0, nullptr};
  }

  static const OSSL_DISPATCH kTable[];
};

template <class K>
const OSSL_DISPATCH KemDispatch<K>::kTable[] = {
    {OSSL_FUNC_KEM_NEWCTX, as_dispatch(&newctx)},
    {OSSL_FUNC_KEM_FREECTX, as_dispatch(&freectx)},
    {OSSL_FUNC_KEM_DUPCTX, as_dispatch(&dupctx)},
    {OSSL_FUNC_KEM_ENCAPSULATE_INIT, as_dispatch(&encapsulate_init)},
    {OSSL_FUNC_KEM_ENCAPSULATE, as_dispatch(&K::encapsulate)},
    {OSSL_FUNC_KEM_DECAPSULATE_INIT, as_dispatch(&decapsulate_init)},
    {OSSL_FUNC_KEM_DECAPSULATE, as_dispatch(&K::decapsulate)},
    param_entry(OSSL_FUNC_KEM_SET_CTX_PARAMS),
    param_entry(OSSL_FUNC_KEM_SETTABLE_CTX_PARAMS),
    param_entry(OSSL_FUNC_KEM_GET_CTX_PARAMS),
    param_entry(OSSL_FUNC_KEM_GETTABLE_CTX_PARAMS),
    {0, nullptr},
};

}  // namespace armaccel::prov
