// SPDX-License-Identifier: Apache-2.0
// The OSSL_DISPATCH table of an EVP_MD implementation (OpenSSL's
// provider-digest(7) functions) and the life cycle of its plain-data
// context; each digest family supplies only what differs.
//
// D describes one digest:
//   using Ctx = ...;   trivially copyable, with a `const ProvCtx* prov`
//                      member: newctx allocates it zeroed, dupctx is a
//                      memcpy (EVP_MD_CTX_copy_ex of a TLS transcript),
//                      freectx wipes it (free_wiped).
//   static void setup(Ctx*);   after newctx set `prov` (lanes, tracing)
//   init, update, final, get_params: OpenSSL's signatures (void* context),
//                      called straight from the table (no wrapper on the
//                      update path).
// and optionally:
//   set_ctx_params, settable_ctx_params: listed when D has them.
//   static constexpr bool kXof: true for an XOF, which lists D's squeeze
//                      (OpenSSL 3.3+), get_ctx_params and
//                      gettable_ctx_params; a fixed-length digest lists
//                      none of them (EVP_DigestSqueeze then answers
//                      "method not supported", as the default provider's
//                      do).
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>

#include <cstring>
#include <type_traits>

#include "dispatch/digest/digest_common.h"
#include "dispatch_util.h"
#include "newer_core.h"
#include "prov_ctx.h"

namespace armaccel::prov {

template <class D>
struct DigestDispatch {
  using Ctx = typename D::Ctx;
  static_assert(std::is_trivially_copyable_v<Ctx>);

  static void* newctx(void* provctx) noexcept {
    Ctx* c = new_zeroed<Ctx>(provctx);
    if (c != nullptr) D::setup(c);
    return c;
  }

  static void freectx(void* vctx) noexcept { free_wiped(vctx, sizeof(Ctx)); }

  static void* dupctx(void* vctx) noexcept {
    auto* copy = static_cast<Ctx*>(OPENSSL_malloc(sizeof(Ctx)));
    if (copy != nullptr) std::memcpy(copy, vctx, sizeof(Ctx));
    return copy;
  }

  static const OSSL_PARAM* gettable_params(void*) noexcept { return digest_gettable_params(); }

  static constexpr bool xof() {
    if constexpr (requires { D::kXof; })
      return D::kXof;
    else
      return false;
  }

  // The optional entries; {0, nullptr} (the table's end) where D has none.
  static OSSL_DISPATCH set_ctx_entry() {
    if constexpr (requires { &D::set_ctx_params; })
      return {OSSL_FUNC_DIGEST_SET_CTX_PARAMS, as_dispatch(&D::set_ctx_params)};
    else
      return {0, nullptr};
  }
  static OSSL_DISPATCH settable_ctx_entry() {
    if constexpr (requires { &D::settable_ctx_params; })
      return {OSSL_FUNC_DIGEST_SETTABLE_CTX_PARAMS, as_dispatch(&D::settable_ctx_params)};
    else
      return {0, nullptr};
  }
  static OSSL_DISPATCH squeeze_entry() {
    if constexpr (xof()) return {kFuncDigestSqueeze, as_dispatch(&D::squeeze)};
    return {0, nullptr};
  }
  static OSSL_DISPATCH get_ctx_entry() {
    if constexpr (xof()) return {OSSL_FUNC_DIGEST_GET_CTX_PARAMS, as_dispatch(&D::get_ctx_params)};
    return {0, nullptr};
  }
  static OSSL_DISPATCH gettable_ctx_entry() {
    if constexpr (xof())
      return {OSSL_FUNC_DIGEST_GETTABLE_CTX_PARAMS, as_dispatch(&D::gettable_ctx_params)};
    return {0, nullptr};
  }

  static const OSSL_DISPATCH kTable[];
};

template <class D>
const OSSL_DISPATCH DigestDispatch<D>::kTable[] = {
    {OSSL_FUNC_DIGEST_NEWCTX, as_dispatch(&newctx)},
    {OSSL_FUNC_DIGEST_FREECTX, as_dispatch(&freectx)},
    {OSSL_FUNC_DIGEST_DUPCTX, as_dispatch(&dupctx)},
    {OSSL_FUNC_DIGEST_INIT, as_dispatch(&D::init)},
    {OSSL_FUNC_DIGEST_UPDATE, as_dispatch(&D::update)},
    {OSSL_FUNC_DIGEST_FINAL, as_dispatch(&D::final)},
    {OSSL_FUNC_DIGEST_GET_PARAMS, as_dispatch(&D::get_params)},
    {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, as_dispatch(&gettable_params)},
    set_ctx_entry(),
    settable_ctx_entry(),
    squeeze_entry(),
    get_ctx_entry(),
    gettable_ctx_entry(),
    {0, nullptr},
};

}  // namespace armaccel::prov
