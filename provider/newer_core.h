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

#include <cstddef>

#if defined(ARMACCEL_EXPECT_HEADERS_MAJOR)
static_assert(OPENSSL_VERSION_MAJOR == ARMACCEL_EXPECT_HEADERS_MAJOR &&
                  OPENSSL_VERSION_MINOR == ARMACCEL_EXPECT_HEADERS_MINOR,
              "the header build check is not compiling against the OpenSSL headers it names");
#endif

namespace armaccel::prov {

// OSSL_FUNC_DIGEST_SQUEEZE (3.3): squeeze an XOF in any number of calls.
inline constexpr int kFuncDigestSqueeze = 14;

// OSSL_CIPHER_PARAM_XTS_STANDARD (3.2): "IEEE" or "GB" ciphertext stealing.
inline constexpr char kParamXtsStandard[] = "xts_standard";
// OSSL_CIPHER_PARAM_AEAD_IV_GENERATED (3.2): whether the IV was generated.
inline constexpr char kParamIvGenerated[] = "iv-generated";
// OSSL_KEM_PARAM_IKME (3.2): input keying material for deterministic
// encapsulation.
inline constexpr char kParamIkme[] = "ikme";
// OSSL_PKEY_PARAM_DHKEM_IKM (3.2): input keying material of RFC 9180's
// DeriveKeyPair.
inline constexpr char kParamDhkemIkm[] = "dhkem-ikm";
// OSSL_PKEY_PARAM_ML_KEM_SEED (3.5): d || z, 64 bytes.
inline constexpr char kParamMlkemSeed[] = "seed";
// OSSL_PKEY_PARAM_SECURITY_CATEGORY (3.6): NIST security category.
inline constexpr char kParamSecurityCategory[] = "security-category";
// OSSL_CIPHER_PARAM_ENCRYPT_THEN_MAC (3.6): listed for every cipher.
inline constexpr char kParamEncryptThenMac[] = "encrypt-then-mac";
// OpenSSL 3.5's ML-KEM settings in a provider's config section
// (OSSL_PKEY_PARAM_ML_KEM_RETAIN_SEED, _PREFER_SEED, _INPUT_FORMATS and
// _OUTPUT_FORMATS).
inline constexpr char kParamMlkemRetainSeed[] = "ml-kem.retain_seed";
inline constexpr char kParamMlkemPreferSeed[] = "ml-kem.prefer_seed";
inline constexpr char kParamMlkemInputFormats[] = "ml-kem.input_formats";
inline constexpr char kParamMlkemOutputFormats[] = "ml-kem.output_formats";

// The header check: each name above against the header's own, grouped by
// the release that brought them, so that a header of that release or later
// must define every one (a name missing from it fails the build rather
// than going unchecked).  A pair is {ours, the header's}.
namespace newer_core_detail {
struct NamePair {
  const char* ours;
  const char* headers;
};
constexpr bool same(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}
// True when every pair is the same string.
template <std::size_t N>
constexpr bool all_same(const NamePair (&pairs)[N]) {
  for (const NamePair& p : pairs)
    if (!same(p.ours, p.headers)) return false;
  return true;
}
}  // namespace newer_core_detail

#if OPENSSL_VERSION_PREREQ(3, 2)
static_assert(newer_core_detail::all_same({
    {kParamXtsStandard, OSSL_CIPHER_PARAM_XTS_STANDARD},
    {kParamIvGenerated, OSSL_CIPHER_PARAM_AEAD_IV_GENERATED},
    {kParamIkme, OSSL_KEM_PARAM_IKME},
    {kParamDhkemIkm, OSSL_PKEY_PARAM_DHKEM_IKM},
}));
#endif
#if OPENSSL_VERSION_PREREQ(3, 3)
static_assert(kFuncDigestSqueeze == OSSL_FUNC_DIGEST_SQUEEZE);
#endif
#if OPENSSL_VERSION_PREREQ(3, 5)
static_assert(newer_core_detail::all_same({
    {kParamMlkemSeed, OSSL_PKEY_PARAM_ML_KEM_SEED},
    {kParamMlkemRetainSeed, OSSL_PKEY_PARAM_ML_KEM_RETAIN_SEED},
    {kParamMlkemPreferSeed, OSSL_PKEY_PARAM_ML_KEM_PREFER_SEED},
    {kParamMlkemInputFormats, OSSL_PKEY_PARAM_ML_KEM_INPUT_FORMATS},
    {kParamMlkemOutputFormats, OSSL_PKEY_PARAM_ML_KEM_OUTPUT_FORMATS},
}));
#endif
#if OPENSSL_VERSION_PREREQ(3, 6)
static_assert(newer_core_detail::all_same({
    {kParamSecurityCategory, OSSL_PKEY_PARAM_SECURITY_CATEGORY},
    {kParamEncryptThenMac, OSSL_CIPHER_PARAM_ENCRYPT_THEN_MAC},
}));
#endif

}  // namespace armaccel::prov
