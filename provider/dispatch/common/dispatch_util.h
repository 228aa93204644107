// SPDX-License-Identifier: Apache-2.0
// Small helpers shared by the dispatch files.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include <cstddef>
#include <cstring>

#include "errors.h"
#include "util/always_inline.h"  // ARMACCEL_NOINLINE: a cold path kept out of line

namespace armaccel::prov {

// The type-erased function pointer an OSSL_DISPATCH entry holds.
template <class F>
inline void (*as_dispatch(F* f))(void) {
  return reinterpret_cast<void (*)(void)>(f);
}

// Writes bytes to an OCTET_STRING or OCTET_PTR parameter (OpenSSL answers
// "iv"/"updated-iv" in either form).  The default provider of 3.6+ writes
// by the parameter's type; before 3.6 it tries one form, then the other,
// in the order its code for that cipher has (`order`) -- the same calls
// leave the same errors of the running libcrypto when neither fits.
enum class OctetOrder { kPtrFirst, kStringFirst };
bool set_octets(OSSL_PARAM* p, const void* data, std::size_t len,
                OctetOrder order = OctetOrder::kPtrFirst);

// Sets a UTF8_PTR or UTF8_STRING parameter from a NUL-terminated string.
bool set_utf8(OSSL_PARAM* p, const char* value);

// get_params / get_ctx_params writers for a parameter already found
// (ParamScan): true when p is null (not asked for) or was set.
inline bool put_size(OSSL_PARAM* p, std::size_t value) {
  return p == nullptr || OSSL_PARAM_set_size_t(p, value);
}
inline bool put_uint(OSSL_PARAM* p, unsigned value) {
  return p == nullptr || OSSL_PARAM_set_uint(p, value);
}
inline bool put_int(OSSL_PARAM* p, int value) {
  return p == nullptr || OSSL_PARAM_set_int(p, value);
}
inline bool put_octets(OSSL_PARAM* p, const void* data, std::size_t len) {
  return p == nullptr || set_octets(p, data, len);
}

// An allocation of armaccel's failed: OpenSSL's common reason
// ERR_R_MALLOC_FAILURE ("malloc failure").  OpenSSL 3.0's EVP raises
// nothing itself when a MAC's dupctx, a key's creation or an encoder's
// newctx returns NULL, so without this the caller sees a bare failure.
inline void raise_alloc_failure(const ProvCtx* prov,
                                ErrorSite where = ErrorSite::current()) noexcept {
  raise_error(prov, kErrProvMallocFailure, where);
}

// A zeroed T (a plain-data context, key or generation context with a
// `prov` member) for the provider instance `provctx` (ProvCtx*), or
// nullptr when the allocation failed, with nothing raised: for callers
// whose failure OpenSSL reports, or that report it themselves.
template <class T>
T* new_zeroed(void* provctx) noexcept {
  auto* p = static_cast<T*>(OPENSSL_zalloc(sizeof(T)));
  if (p != nullptr) p->prov = static_cast<ProvCtx*>(provctx);
  return p;
}

// new_zeroed, raising ERR_R_MALLOC_FAILURE at the caller's site when the
// allocation failed.
template <class T>
T* new_zeroed_or_raise(void* provctx, ErrorSite where = ErrorSite::current()) noexcept {
  T* p = new_zeroed<T>(provctx);
  if (p == nullptr) raise_alloc_failure(static_cast<ProvCtx*>(provctx), where);
  return p;
}

// A byte copy of the plain-data T at src (its `prov` member names the
// provider instance), or nullptr with ERR_R_MALLOC_FAILURE raised at the
// caller's site.
template <class T>
T* copy_or_raise(const T* src, ErrorSite where = ErrorSite::current()) noexcept {
  auto* copy = static_cast<T*>(OPENSSL_malloc(sizeof(T)));
  if (copy == nullptr) {
    raise_alloc_failure(src->prov, where);
    return nullptr;
  }
  std::memcpy(static_cast<void*>(copy), src, sizeof(T));
  return copy;
}

// Frees a context of n bytes at p (null: nothing) after zeroing all of it:
// keys, schedules, buffered data.  The zeroing is armaccel::wipe (memset
// called through a volatile pointer, the technique of OpenSSL's portable
// OPENSSL_cleanse in crypto/mem_clr.c) rather than OPENSSL_clear_free,
// whose AArch64 OPENSSL_cleanse stores 8 bytes per loop: for a context
// with two 496-byte AES schedules that was about 460 instructions on every
// new key, more than the message when it is short.
void free_wiped(void* p, std::size_t n) noexcept;

// Raises a provider-routines error for functions that OpenSSL calls without
// a provider context (algorithm-level get_params).
void raise_param_error_without_ctx(bool getting);

// A MAC whose output length is fixed: "size" for OSSL_FUNC_mac_get_params
// and get_ctx_params, and the gettable list naming it.
int mac_fixed_size_get_params(OSSL_PARAM params[], std::size_t size);
const OSSL_PARAM* mac_fixed_size_gettable();

// "AES-128-GCM" from "AES", 128 and "GCM" (or "SM4-ECB" from "SM4", 0 and
// "ECB"), at compile time (for tracing).
struct AlgName {
  char text[32];
};
constexpr AlgName make_alg_name(const char* family, unsigned bits, const char* mode) {
  AlgName n{};
  std::size_t i = 0;
  for (const char* p = family; *p != '\0'; ++p) n.text[i++] = *p;
  n.text[i++] = '-';
  if (bits != 0) {
    if (bits >= 100) n.text[i++] = static_cast<char>('0' + bits / 100);
    n.text[i++] = static_cast<char>('0' + bits / 10 % 10);
    n.text[i++] = static_cast<char>('0' + bits % 10);
    n.text[i++] = '-';
  }
  for (const char* p = mode; *p != '\0'; ++p) n.text[i++] = *p;
  return n;
}

// An OCTET_STRING parameter whose bytes can be read: a NULL data pointer is
// only acceptable with size 0.
inline bool readable_octets(const OSSL_PARAM* p) {
  return p->data_type == OSSL_PARAM_OCTET_STRING && (p->data != nullptr || p->data_size == 0);
}

// True when [a, a+alen) and [b, b+blen) overlap.
inline bool ranges_overlap(const void* a, std::size_t alen, const void* b, std::size_t blen) {
  const char* pa = static_cast<const char*>(a);
  const char* pb = static_cast<const char*>(b);
  if (alen == 0 || blen == 0) return false;
  return !(pa + alen <= pb || pb + blen <= pa);
}

}  // namespace armaccel::prov
