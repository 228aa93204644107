// SPDX-License-Identifier: Apache-2.0
// The OSSL_DISPATCH table of an EVP_MAC implementation and the life cycle
// its contexts share (OpenSSL's provider-mac(7) functions); each MAC
// supplies only what differs.
//
// M describes one MAC:
//   using Ctx = ...;   the context: plain data with a `const ProvCtx* prov`
//                      member, allocated zeroed by newctx and wiped
//                      (free_wiped) by freectx.
//   static constexpr std::size_t kFixedSize;  the output length in bytes
//                      when it never changes (the MAC then answers "size"
//                      for get_params and get_ctx_params), else 0 (M has
//                      get_ctx_params and gettable_ctx_params).
//   static void setup(Ctx*);                  after newctx set `prov`
//   static int set_params(Ctx*, const OSSL_PARAM[]);    params non-null
//   static bool set_key(Ctx*, const unsigned char*, std::size_t);
//   static bool rekey_or_restart(Ctx*);       init without a key; or M
//                      has its own `static int init(Ctx*, key, keylen,
//                      params)` when the order differs.
//   static int update(Ctx*, const unsigned char*, std::size_t);
//   static int final(Ctx*, unsigned char*, std::size_t* outl, outsize);
//                      *outl is already 0.
//   static const OSSL_PARAM* settable(void* provctx);
// and, when it owns anything beyond plain data:
//   static void release(Ctx*);                frees what the context owns
//   static bool dup_members(Ctx* copy, const Ctx& src);  after the
//                      memcpy: deep-copies the owned members; on false,
//                      what was copied is released (copy's members must
//                      then be either src's copies or empty).
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "dispatch_util.h"
#include "errors.h"
#include "prov_ctx.h"

namespace armaccel::prov {

template <class M>
struct MacDispatch {
  using Ctx = typename M::Ctx;

  static void* newctx(void* provctx) noexcept {
    Ctx* c = new_zeroed<Ctx>(provctx);
    if (c != nullptr) M::setup(c);
    return c;
  }

  static void freectx(void* vctx) noexcept {
    auto* c = static_cast<Ctx*>(vctx);
    if (c == nullptr) return;
    if constexpr (requires { M::release(c); }) M::release(c);
    free_wiped(c, sizeof(Ctx));
  }

  static void* dupctx(void* vctx) noexcept {
    const auto* src = static_cast<const Ctx*>(vctx);
    Ctx* c = copy_or_raise(src);
    if (c == nullptr) return nullptr;
    if constexpr (requires { M::dup_members(c, *src); }) {
      if (!M::dup_members(c, *src)) {
        freectx(c);
        raise_alloc_failure(src->prov);
        return nullptr;
      }
    }
    return c;
  }

  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    if (params == nullptr) return 1;
    return M::set_params(static_cast<Ctx*>(vctx), params);
  }

  // The parameters, then the key or (without one) whatever the MAC does
  // to start the next message under the current key.
  static int init(void* vctx, const unsigned char* key, std::size_t keylen,
                  const OSSL_PARAM params[]) noexcept {
    auto* c = static_cast<Ctx*>(vctx);
    if constexpr (requires { M::init(c, key, keylen, params); }) {
      return M::init(c, key, keylen, params);
    } else {
      if (!set_ctx_params(c, params)) return 0;
      if (key != nullptr) return M::set_key(c, key, keylen) ? 1 : 0;
      return M::rekey_or_restart(c) ? 1 : 0;
    }
  }

  static int update(void* vctx, const unsigned char* data, std::size_t len) noexcept {
    return M::update(static_cast<Ctx*>(vctx), data, len);
  }

  static int final(void* vctx, unsigned char* out, std::size_t* outl,
                   std::size_t outsize) noexcept {
    *outl = 0;
    return M::final(static_cast<Ctx*>(vctx), out, outl, outsize);
  }

  static int get_params(OSSL_PARAM params[]) noexcept {
    return mac_fixed_size_get_params(params, M::kFixedSize);
  }

  static const OSSL_PARAM* gettable_params(void*) noexcept { return mac_fixed_size_gettable(); }

  static int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
    if constexpr (M::kFixedSize != 0) {
      (void)vctx;
      return get_params(params);
    } else {
      return M::get_ctx_params(static_cast<Ctx*>(vctx), params);
    }
  }

  static const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
    if constexpr (M::kFixedSize != 0)
      return mac_fixed_size_gettable();
    else
      return M::gettable_ctx_params();
  }

  static const OSSL_PARAM* settable_ctx_params(void*, void* provctx) noexcept {
    return M::settable(provctx);
  }

  // A MAC of variable size has no algorithm-level get_params: its table
  // ends before those two entries.
  static constexpr OSSL_DISPATCH fixed_entry(int id, void (*f)(void)) {
    return M::kFixedSize != 0 ? OSSL_DISPATCH{id, f} : OSSL_DISPATCH{0, nullptr};
  }

  static const OSSL_DISPATCH kTable[];
};

template <class M>
const OSSL_DISPATCH MacDispatch<M>::kTable[] = {
    {OSSL_FUNC_MAC_NEWCTX, as_dispatch(&newctx)},
    {OSSL_FUNC_MAC_DUPCTX, as_dispatch(&dupctx)},
    {OSSL_FUNC_MAC_FREECTX, as_dispatch(&freectx)},
    {OSSL_FUNC_MAC_INIT, as_dispatch(&init)},
    {OSSL_FUNC_MAC_UPDATE, as_dispatch(&update)},
    {OSSL_FUNC_MAC_FINAL, as_dispatch(&final)},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, as_dispatch(&gettable_ctx_params)},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, as_dispatch(&get_ctx_params)},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, as_dispatch(&settable_ctx_params)},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, as_dispatch(&set_ctx_params)},
    fixed_entry(OSSL_FUNC_MAC_GETTABLE_PARAMS, as_dispatch(&gettable_params)),
    fixed_entry(OSSL_FUNC_MAC_GET_PARAMS, as_dispatch(&get_params)),
    {0, nullptr},
};

// Reads "key" p (found by the caller's ParamScan; null when absent: true),
// an OCTET_STRING whose bytes can be read, else "failed to set parameter",
// and hands it to `set_key`.
// The "key" parameter p (null: absent): one that is not an octet string
// fails without an error, as in the default provider; one with a NULL
// buffer fails with `no_bytes` (the default provider's CMAC fails
// silently; its GMAC and HMAC take it, armaccel refuses).
template <class Ctx, class SetKey>
bool apply_found_key(Ctx* c, const OSSL_PARAM* p, SetKey set_key,
                     Reason no_bytes = kErrFailedToGetParameter) {
  if (p == nullptr) return true;
  if (p->data_type != OSSL_PARAM_OCTET_STRING) return false;
  if (!readable_octets(p)) {
    raise_error(c->prov, no_bytes);
    return false;
  }
  return set_key(c, static_cast<const unsigned char*>(p->data), p->data_size);
}

// The settable lists' shared entries: "cipher" and "properties" (CMAC,
// GMAC), "key" (all).
#define ARMACCEL_MAC_CIPHER_PARAMS                           \
  OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, nullptr, 0), \
      OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0)
#define ARMACCEL_MAC_KEY_PARAM OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0)

// Whether a MAC context may take data or finish: keyed (else `unkeyed`,
// "no key set" or why there is no key) and not yet finished (else
// `finished_reason`).  The errors record this file's line, not the
// caller's: passing the caller's site would put its constants on the hot
// path of every update and final.
ARMACCEL_ALWAYS_INLINE bool mac_ready(const ProvCtx* prov, bool keyed, Reason unkeyed,
                                      bool finished, Reason finished_reason) {
  if (!keyed) {
    raise_error(prov, unkeyed);
    return false;
  }
  if (finished) {
    raise_error(prov, finished_reason);
    return false;
  }
  return true;
}

// The gettable context parameters of a MAC whose size and block size are
// known once keyed: "size" (size_t) and "block-size" as BlockSize (size_t
// for CMAC, int for HMAC: what OpenSSL's own implementations report).
template <class BlockSize>
const OSSL_PARAM* mac_size_gettables() {
  static_assert(std::is_same_v<BlockSize, std::size_t> || std::is_same_v<BlockSize, int>);
  static const OSSL_PARAM kList[] = {
      OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
      {OSSL_MAC_PARAM_BLOCK_SIZE,
       std::is_same_v<BlockSize, int> ? OSSL_PARAM_INTEGER : OSSL_PARAM_UNSIGNED_INTEGER, nullptr,
       sizeof(BlockSize), OSSL_PARAM_UNMODIFIED},
      OSSL_PARAM_END,
  };
  return kList;
}

}  // namespace armaccel::prov
