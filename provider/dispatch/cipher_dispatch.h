// The OSSL_DISPATCH table of an EVP cipher implementation, one for every
// mode template (block modes, GCM, CCM, XTS), and the life cycle of their
// plain-data contexts.  C has the static member functions named below (they
// may be private: C befriends CipherDispatch<C>).
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../capabilities.h"
#include "dispatch_util.h"

namespace armaccel::prov {

template <class C>
struct CipherDispatch {
  static const OSSL_DISPATCH kTable[];
};

template <class C>
const OSSL_DISPATCH CipherDispatch<C>::kTable[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, as_dispatch(&C::newctx)},
    {OSSL_FUNC_CIPHER_FREECTX, as_dispatch(&C::freectx)},
    {OSSL_FUNC_CIPHER_DUPCTX, as_dispatch(&C::dupctx)},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, as_dispatch(&C::einit)},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, as_dispatch(&C::dinit)},
    {OSSL_FUNC_CIPHER_UPDATE, as_dispatch(&C::update)},
    {OSSL_FUNC_CIPHER_FINAL, as_dispatch(&C::final)},
    {OSSL_FUNC_CIPHER_CIPHER, as_dispatch(&C::cipher)},
    {OSSL_FUNC_CIPHER_GET_PARAMS, as_dispatch(&C::get_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, as_dispatch(&C::get_ctx_params)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, as_dispatch(&C::set_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, as_dispatch(&C::gettable_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, as_dispatch(&C::gettable_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, as_dispatch(&C::settable_ctx_params)},
    {0, nullptr},
};

// freectx and dupctx for a trivially copyable context with `prov` and
// `bytes_in` members: a copy is a memcpy; freeing reports the bytes to
// ARMACCEL_TRACE and wipes everything (keys, schedules, buffered data).
template <class Ctx>
void free_cipher_ctx(void* vctx, const char* name) {
  static_assert(std::is_trivially_copyable_v<Ctx>);
  if (vctx == nullptr) return;
  const Ctx* c = static_cast<const Ctx*>(vctx);
  trace_free_context(c->prov, name, c->bytes_in);
  OPENSSL_clear_free(vctx, sizeof(Ctx));
}

template <class Ctx>
void* dup_cipher_ctx(const void* vctx) {
  static_assert(std::is_trivially_copyable_v<Ctx>);
  auto* copy = static_cast<Ctx*>(OPENSSL_malloc(sizeof(Ctx)));
  if (copy != nullptr) std::memcpy(copy, vctx, sizeof(Ctx));
  return copy;
}

}  // namespace armaccel::prov
