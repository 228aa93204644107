// SPDX-License-Identifier: Apache-2.0
// The entries of the ciphers' gettable/settable context-parameter lists,
// each written once, and cipher_param_list(...), which makes an
// OSSL_PARAM_END-terminated list of them at compile time:
//
//   static constexpr auto kGettable = cipher_param_list(kParamKeylen, kParamIvlen);
//
// Each entry names a parameter and its type (no data: these are lists, not
// requests); the lengths are the OpenSSL conventions (size_t for lengths,
// uint/int for flags, octet strings for IVs and tags).
#pragma once

#include <openssl/core.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <array>
#include <cstddef>

#include "newer_core.h"

namespace armaccel::prov {

// One entry of a list (no data), built as OSSL_PARAM_DEFN does.
constexpr OSSL_PARAM cipher_list_entry(const char* key, unsigned type, std::size_t size) {
  return OSSL_PARAM{key, type, nullptr, size, OSSL_PARAM_UNMODIFIED};
}

// Every cipher's, then the block modes' ("tls-mac" an octet pointer).
inline constexpr OSSL_PARAM kParamKeylen = OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr);
inline constexpr OSSL_PARAM kParamIvlen = OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr);
inline constexpr OSSL_PARAM kParamPadding = OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr);
inline constexpr OSSL_PARAM kParamNum = OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, nullptr);
inline constexpr OSSL_PARAM kParamIv = OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0);
inline constexpr OSSL_PARAM kParamUpdatedIv =
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0);
inline constexpr OSSL_PARAM kParamTlsMac =
    OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, nullptr, 0);
inline constexpr OSSL_PARAM kParamUseBits = OSSL_PARAM_uint(OSSL_CIPHER_PARAM_USE_BITS, nullptr);
inline constexpr OSSL_PARAM kParamTlsVersion =
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, nullptr);
inline constexpr OSSL_PARAM kParamTlsMacSize =
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, nullptr);

// The AEADs'.
inline constexpr OSSL_PARAM kParamTagLen =
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr);
inline constexpr OSSL_PARAM kParamTag =
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0);
inline constexpr OSSL_PARAM kParamTlsAadPad =
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, nullptr);
inline constexpr OSSL_PARAM kParamTlsAad =
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, nullptr, 0);
inline constexpr OSSL_PARAM kParamTlsIvFixed =
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, nullptr, 0);
inline constexpr OSSL_PARAM kParamTlsIvGen =
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, nullptr, 0);
inline constexpr OSSL_PARAM kParamTlsIvInv =
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, nullptr, 0);
inline constexpr OSSL_PARAM kParamIvGeneratedEntry = OSSL_PARAM_uint(kParamIvGenerated, nullptr);

// OSSL_PARAM_END.
inline constexpr OSSL_PARAM kCipherParamListEnd = OSSL_PARAM_END;

// The entries given, then OSSL_PARAM_END.
template <class... Entries>
constexpr std::array<OSSL_PARAM, sizeof...(Entries) + 1> cipher_param_list(Entries... entries) {
  return {entries..., kCipherParamListEnd};
}

}  // namespace armaccel::prov
