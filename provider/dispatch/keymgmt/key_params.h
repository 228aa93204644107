// SPDX-License-Identifier: Apache-2.0
// Reading and writing key parameters with the OSSL_PARAM calls OpenSSL's
// own key managements make, so that a parameter of the wrong type, with a
// null buffer or too small a buffer leaves on the queue what the running
// libcrypto leaves for the default provider: OpenSSL 3.2+'s OSSL_PARAM
// functions raise ERR_LIB_CRYPTO reasons ("param of incompatible type",
// "passed a null parameter", "too small buffer"), 3.0's raise nothing.
// armaccel then adds no reason of its own where the default adds none.
#pragma once

#include <openssl/core_names.h>
#include <openssl/params.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/param_scan.h"
#include "newer_core.h"

namespace armaccel::prov {

// An OCTET_STRING parameter's bytes, in place (OSSL_PARAM_get_octet_string_ptr:
// a wrong type fails; a null buffer of size 0 is an empty string).
inline bool octet_string_view(const OSSL_PARAM* p, const std::uint8_t** data, std::size_t* len) {
  const void* v = nullptr;
  if (OSSL_PARAM_get_octet_string_ptr(p, &v, len) != 1) return false;
  *data = static_cast<const std::uint8_t*>(v);
  return true;
}

// An OCTET_STRING parameter's bytes, in place, checked as
// OSSL_PARAM_get_octet_string checks a value it copies into a buffer of its
// own: a wrong type or a null buffer fails, any length passes.
inline bool octet_string_checked(const OSSL_PARAM* p, const std::uint8_t** data, std::size_t* len) {
  if (OSSL_PARAM_get_octet_string(p, nullptr, 0, len) != 1) return false;
  *data = static_cast<const std::uint8_t*>(p->data);
  return true;
}

// An OCTET_STRING parameter copied into buf (at most `room` bytes;
// OSSL_PARAM_get_octet_string: a wrong type, a null buffer or a longer
// value fails).
inline bool octet_string_copy(const OSSL_PARAM* p, std::uint8_t* buf, std::size_t room,
                              std::size_t* len) {
  void* out = buf;
  return OSSL_PARAM_get_octet_string(p, &out, room, len) == 1;
}

// Writes `len` bytes to an OCTET_STRING parameter as OpenSSL's ML-KEM key
// management does: the size is reported (return_size) whatever happens; a
// parameter of another type or with too little room fails without an
// error; a null buffer is a size query.
inline bool octet_string_answer(OSSL_PARAM* p, const void* data, std::size_t len) {
  if (p->data_type != OSSL_PARAM_OCTET_STRING) return false;
  p->return_size = len;
  if (p->data == nullptr) return true;
  if (p->data_size < len) return false;
  std::memcpy(p->data, data, len);
  return true;
}

// The figures every key type of armaccel's answers, all int, as OpenSSL's
// key managements do: "bits", "security-bits", "security-category" (0: not
// a post-quantum set) and "max-size" (bytes: the shared secret, or the
// ciphertext of a KEM).
struct KeyFigures {
  int bits;
  int security_bits;
  int security_category;
  int max_size;
};

// Writes the figures `params` asks for through OSSL_PARAM_set_int (whose
// errors are the running libcrypto's); false at the first that fails.
inline bool put_key_figures(OSSL_PARAM params[], const KeyFigures& k) {
  static constexpr const char* kNames[] = {OSSL_PKEY_PARAM_BITS, OSSL_PKEY_PARAM_SECURITY_BITS,
                                           kParamSecurityCategory, OSSL_PKEY_PARAM_MAX_SIZE};
  const ParamScan<OSSL_PARAM, std::size(kNames)> f(params, kNames);
  return put_int(f[0], k.bits) && put_int(f[1], k.security_bits) &&
         put_int(f[2], k.security_category) && put_int(f[3], k.max_size);
}

// The figures' entries in a gettable list, in put_key_figures' order.
#define ARMACCEL_KEY_FIGURE_GETTABLES                         \
  OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, nullptr),              \
      OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, nullptr), \
      OSSL_PARAM_int(kParamSecurityCategory, nullptr),        \
      OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, nullptr)

// The key material's entries in a gettable list: "encoded-pub-key" and
// "pub" (both the public key), "priv".
#define ARMACCEL_KEY_MATERIAL_GETTABLES                                    \
  OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0), \
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),        \
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0)

}  // namespace armaccel::prov
