// SPDX-License-Identifier: Apache-2.0
// The life cycle every armaccel EVP cipher shares, written once: the
// OSSL_DISPATCH table, newctx/freectx/dupctx, einit/dinit, get_params and
// gettable_params.  CipherBase<D> is a CRTP base; the mode class D (block
// modes, GCM, CCM, XTS, ChaCha20, ChaCha20-Poly1305) supplies only what
// differs:
//
//   struct Ctx;                       trivially copyable, with members
//                                     `const ProvCtx* prov` and
//                                     `std::uint64_t bytes_in`
//   static constexpr CipherInfo kInfo;    algorithm parameters
//   static constexpr kName;           "AES-128-CBC" (an AlgName or a
//                                     string; for tracing)
//   static void setup(Ctx*);          fills a zeroed context after newctx
//                                     (prov already set) and traces it
//   static bool init(Ctx*, key, keylen, iv, ivlen, bool enc);
//                                     key and IV; false with an error
//                                     queued (the parameters are then not
//                                     applied)
//   static constexpr kGettable, kSettable;   the context-parameter lists
//                                     (cipher_param_list)
//   update, final, cipher, get_ctx_params, set_ctx_params with the
//   OSSL_FUNC_cipher_* signatures but a Ctx* first (set_ctx_params never
//   sees a NULL list).  D befriends CipherBase<D>; all may be private.
//
// Contexts are plain data: dupctx is a memcpy, freectx reports the bytes to
// ARMACCEL_TRACE and wipes the whole context (keys, schedules, buffered
// data) with free_wiped.  No exception crosses the C ABI: every
// entry point is noexcept.
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "capabilities.h"
#include "cipher_params.h"
#include "dispatch_util.h"
#include "prov_ctx.h"

namespace armaccel::prov {

// "AES-128-GCM" (or "SM4-GCM") for a mode of a block-cipher family
// (Traits: kName, kKeyBitsInName; cipher_families.h), for tracing.
template <class Traits>
constexpr AlgName family_alg_name(std::size_t key_bytes, const char* mode) {
  return make_alg_name(Traits::kName, Traits::kKeyBitsInName ? key_bytes * 8 : 0, mode);
}

template <class D>
class CipherBase {
 public:
  // The table a cipher's algorithm entry points at.
  static const OSSL_DISPATCH kDispatch[];

  static void* newctx(void* provctx) noexcept {
    using Ctx = typename D::Ctx;
    static_assert(std::is_trivially_copyable_v<Ctx>);
    Ctx* c = new_zeroed<Ctx>(provctx);
    if (c != nullptr) D::setup(c);
    return c;
  }

  static void freectx(void* vctx) noexcept {
    if (vctx == nullptr) return;
    const auto* c = static_cast<const typename D::Ctx*>(vctx);
    trace_free_context(c->prov, name_text(D::kName), c->bytes_in);
    free_wiped(vctx, sizeof(typename D::Ctx));
  }

  static void* dupctx(void* vctx) noexcept {
    auto* copy = OPENSSL_malloc(sizeof(typename D::Ctx));
    if (copy != nullptr) std::memcpy(copy, vctx, sizeof(typename D::Ctx));
    return copy;
  }

  static int einit(void* vctx, const unsigned char* key, std::size_t keylen,
                   const unsigned char* iv, std::size_t ivlen, const OSSL_PARAM params[]) noexcept {
    return init_then_params(vctx, key, keylen, iv, ivlen, params, true);
  }

  static int dinit(void* vctx, const unsigned char* key, std::size_t keylen,
                   const unsigned char* iv, std::size_t ivlen, const OSSL_PARAM params[]) noexcept {
    return init_then_params(vctx, key, keylen, iv, ivlen, params, false);
  }

  static int get_params(OSSL_PARAM params[]) noexcept {
    return get_cipher_params(params, D::kInfo);
  }

  static const OSSL_PARAM* gettable_params(void* provctx) noexcept {
    return cipher_gettable_params(provctx);
  }

 private:
  static const char* name_text(const AlgName& name) { return name.text; }
  static const char* name_text(const char* name) { return name; }
  static auto* self(void* vctx) { return static_cast<typename D::Ctx*>(vctx); }

  // The entry points taking the untyped context.
  static int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    return D::update(self(vctx), out, outl, outsize, in, inl);
  }
  static int final(void* vctx, unsigned char* out, std::size_t* outl,
                   std::size_t outsize) noexcept {
    return D::final(self(vctx), out, outl, outsize);
  }
  static int cipher(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    return D::cipher(self(vctx), out, outl, outsize, in, inl);
  }
  static int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
    return D::get_ctx_params(self(vctx), params);
  }
  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    if (params == nullptr) return 1;
    return D::set_ctx_params(self(vctx), params);
  }
  static const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
    return D::kGettable.data();
  }
  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    return D::kSettable.data();
  }

  static int init_then_params(void* vctx, const unsigned char* key, std::size_t keylen,
                              const unsigned char* iv, std::size_t ivlen, const OSSL_PARAM params[],
                              bool enc) {
    if (!D::init(self(vctx), key, keylen, iv, ivlen, enc)) return 0;
    return set_ctx_params(vctx, params);
  }
};

template <class D>
const OSSL_DISPATCH CipherBase<D>::kDispatch[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, as_dispatch(&CipherBase<D>::newctx)},
    {OSSL_FUNC_CIPHER_FREECTX, as_dispatch(&CipherBase<D>::freectx)},
    {OSSL_FUNC_CIPHER_DUPCTX, as_dispatch(&CipherBase<D>::dupctx)},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, as_dispatch(&CipherBase<D>::einit)},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, as_dispatch(&CipherBase<D>::dinit)},
    {OSSL_FUNC_CIPHER_UPDATE, as_dispatch(&CipherBase<D>::update)},
    {OSSL_FUNC_CIPHER_FINAL, as_dispatch(&CipherBase<D>::final)},
    {OSSL_FUNC_CIPHER_CIPHER, as_dispatch(&CipherBase<D>::cipher)},
    {OSSL_FUNC_CIPHER_GET_PARAMS, as_dispatch(&CipherBase<D>::get_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, as_dispatch(&CipherBase<D>::get_ctx_params)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, as_dispatch(&CipherBase<D>::set_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, as_dispatch(&CipherBase<D>::gettable_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, as_dispatch(&CipherBase<D>::gettable_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, as_dispatch(&CipherBase<D>::settable_ctx_params)},
    {0, nullptr},
};

}  // namespace armaccel::prov
