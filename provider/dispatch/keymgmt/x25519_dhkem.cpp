// SPDX-License-Identifier: Apache-2.0
// RFC 9180 DeriveKeyPair for X25519 (x25519_dhkem.h).
#include "x25519_dhkem.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <cstring>

#include "errors.h"

namespace armaccel::prov {

namespace {

// "HPKE-v1" || suite_id, suite_id = "KEM" || I2OSP(0x0020, 2) (RFC 9180
// sections 4 and 4.1).
constexpr std::uint8_t kLabelPrefix[] = {'H', 'P', 'K', 'E', '-',  'v',
                                         '1', 'K', 'E', 'M', 0x00, 0x20};

// One HKDF step (RFC 5869) with OpenSSL's HKDF in `mode`: extract (salt
// empty, key = ikm, no info) or expand (key = prk, info).
bool hkdf(EVP_KDF* kdf, int mode, const std::uint8_t* key, std::size_t key_len,
          const std::uint8_t* info, std::size_t info_len, std::uint8_t* out, std::size_t out_len) {
  EVP_KDF_CTX* ctx = kdf != nullptr ? EVP_KDF_CTX_new(kdf) : nullptr;
  char digest[] = "SHA256";
  // Extract: no salt parameter (RFC 5869: an absent salt is HashLen zero
  // bytes, as the empty salt RFC 9180 passes).
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode),
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<std::uint8_t*>(key),
                                        key_len),
      info_len != 0 ? OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO,
                                                        const_cast<std::uint8_t*>(info), info_len)
                    : OSSL_PARAM_construct_end(),
      OSSL_PARAM_construct_end(),
  };
  const bool ok = ctx != nullptr && EVP_KDF_derive(ctx, out, out_len, params) > 0;
  EVP_KDF_CTX_free(ctx);
  return ok;
}

}  // namespace

bool x25519_dhkem_derive_private(const ProvCtx* prov, const std::uint8_t* ikm, std::size_t len,
                                 std::uint8_t sk[32]) {
  constexpr std::size_t kNsk = 32, kPrkBytes = 32;
  if (len < kNsk) {
    raise_error(prov, kErrInvalidInputLength);
    return false;
  }
  // LabeledExtract("", "dkp_prk", ikm): HKDF-Extract(salt = "",
  // "HPKE-v1" || suite_id || "dkp_prk" || ikm).
  static constexpr char kDkpPrk[] = "dkp_prk";
  const std::size_t labeled_len = sizeof kLabelPrefix + sizeof kDkpPrk - 1 + len;
  auto* labeled_ikm = static_cast<std::uint8_t*>(OPENSSL_malloc(labeled_len));
  if (labeled_ikm == nullptr) {
    raise_error(prov, kErrKeySetupFailed);
    return false;
  }
  std::size_t n = 0;
  std::memcpy(labeled_ikm, kLabelPrefix, sizeof kLabelPrefix);
  n += sizeof kLabelPrefix;
  std::memcpy(labeled_ikm + n, kDkpPrk, sizeof kDkpPrk - 1);
  n += sizeof kDkpPrk - 1;
  std::memcpy(labeled_ikm + n, ikm, len);
  n += len;
  // LabeledExpand(prk, "sk", "", 32): info = I2OSP(32, 2) || "HPKE-v1" ||
  // suite_id || "sk".
  std::uint8_t info[2 + sizeof kLabelPrefix + 2] = {0, kNsk};
  std::memcpy(info + 2, kLabelPrefix, sizeof kLabelPrefix);
  info[2 + sizeof kLabelPrefix] = 's';
  info[3 + sizeof kLabelPrefix] = 'k';
  std::uint8_t prk[kPrkBytes];
  EVP_KDF* kdf = EVP_KDF_fetch(prov->libctx, "HKDF", nullptr);
  const bool ok =
      hkdf(kdf, EVP_KDF_HKDF_MODE_EXTRACT_ONLY, labeled_ikm, n, nullptr, 0, prk, sizeof prk) &&
      hkdf(kdf, EVP_KDF_HKDF_MODE_EXPAND_ONLY, prk, sizeof prk, info, sizeof info, sk, kNsk);
  EVP_KDF_free(kdf);
  OPENSSL_clear_free(labeled_ikm, labeled_len);
  OPENSSL_cleanse(prk, sizeof prk);
  if (!ok) {
    raise_error(prov, kErrKeySetupFailed);
    return false;
  }
  sk[0] &= 248;
  sk[31] = static_cast<std::uint8_t>((sk[31] & 127) | 64);
  return true;
}

}  // namespace armaccel::prov
