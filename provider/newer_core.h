// SPDX-License-Identifier: Apache-2.0
// Dispatch ids and parameter names that OpenSSL introduced after 3.0.
// armaccel is built against 3.0's headers and runs in every 3.x release,
// so it spells these itself.  Built against newer headers (the OpenSSL 3.5
// header build check, scripts/test-all.sh), each one is compared with the
// header's own definition at compile time, so a wrong id or name cannot
// pass unnoticed.
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>

#include <openssl/opensslv.h>

#if defined(ARMACCEL_EXPECT_HEADERS_MAJOR)
static_assert(OPENSSL_VERSION_MAJOR == ARMACCEL_EXPECT_HEADERS_MAJOR &&
                  OPENSSL_VERSION_MINOR == ARMACCEL_EXPECT_HEADERS_MINOR,
              "the header build check is not compiling against the OpenSSL headers it names");
#endif

namespace armaccel::prov {

namespace newer_core_detail {
constexpr bool same(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}
}  // namespace newer_core_detail

// OSSL_FUNC_DIGEST_SQUEEZE (3.3): squeeze an XOF in any number of calls.
inline constexpr int kFuncDigestSqueeze = 14;
#ifdef OSSL_FUNC_DIGEST_SQUEEZE
static_assert(kFuncDigestSqueeze == OSSL_FUNC_DIGEST_SQUEEZE);
#endif

// OSSL_CIPHER_PARAM_XTS_STANDARD (3.2): "IEEE" or "GB" ciphertext stealing.
inline constexpr char kParamXtsStandard[] = "xts_standard";
#ifdef OSSL_CIPHER_PARAM_XTS_STANDARD
static_assert(newer_core_detail::same(kParamXtsStandard, OSSL_CIPHER_PARAM_XTS_STANDARD));
#endif

// OSSL_CIPHER_PARAM_AEAD_IV_GENERATED (3.2): whether the IV was generated.
inline constexpr char kParamIvGenerated[] = "iv-generated";
#ifdef OSSL_CIPHER_PARAM_AEAD_IV_GENERATED
static_assert(newer_core_detail::same(kParamIvGenerated, OSSL_CIPHER_PARAM_AEAD_IV_GENERATED));
#endif

// OSSL_KEM_PARAM_IKME (3.2): input keying material for deterministic
// encapsulation.
inline constexpr char kParamIkme[] = "ikme";
#ifdef OSSL_KEM_PARAM_IKME
static_assert(newer_core_detail::same(kParamIkme, OSSL_KEM_PARAM_IKME));
#endif

// OSSL_PKEY_PARAM_ML_KEM_SEED (3.5): d || z, 64 bytes.
inline constexpr char kParamMlkemSeed[] = "seed";
#ifdef OSSL_PKEY_PARAM_ML_KEM_SEED
static_assert(newer_core_detail::same(kParamMlkemSeed, OSSL_PKEY_PARAM_ML_KEM_SEED));
#endif

// OSSL_PKEY_PARAM_SECURITY_CATEGORY (3.5): NIST security category.
inline constexpr char kParamSecurityCategory[] = "security-category";
#ifdef OSSL_PKEY_PARAM_SECURITY_CATEGORY
static_assert(newer_core_detail::same(kParamSecurityCategory, OSSL_PKEY_PARAM_SECURITY_CATEGORY));
#endif

// OSSL_CIPHER_PARAM_ENCRYPT_THEN_MAC (3.6): listed for every cipher.
inline constexpr char kParamEncryptThenMac[] = "encrypt-then-mac";
#ifdef OSSL_CIPHER_PARAM_ENCRYPT_THEN_MAC
static_assert(newer_core_detail::same(kParamEncryptThenMac, OSSL_CIPHER_PARAM_ENCRYPT_THEN_MAC));
#endif

// OpenSSL 3.5's ML-KEM settings in a provider's config section.
inline constexpr char kParamMlkemRetainSeed[] = "ml-kem.retain_seed";
inline constexpr char kParamMlkemPreferSeed[] = "ml-kem.prefer_seed";
inline constexpr char kParamMlkemInputFormats[] = "ml-kem.input_formats";
inline constexpr char kParamMlkemOutputFormats[] = "ml-kem.output_formats";
#ifdef OSSL_PKEY_PARAM_ML_KEM_RETAIN_SEED
static_assert(newer_core_detail::same(kParamMlkemRetainSeed, OSSL_PKEY_PARAM_ML_KEM_RETAIN_SEED));
static_assert(newer_core_detail::same(kParamMlkemPreferSeed, OSSL_PKEY_PARAM_ML_KEM_PREFER_SEED));
static_assert(newer_core_detail::same(kParamMlkemInputFormats,
                                      OSSL_PKEY_PARAM_ML_KEM_INPUT_FORMATS));
static_assert(newer_core_detail::same(kParamMlkemOutputFormats,
                                      OSSL_PKEY_PARAM_ML_KEM_OUTPUT_FORMATS));
#endif

}  // namespace armaccel::prov
