// SPDX-License-Identifier: Apache-2.0
// X25519 keys (x25519_key.h).
#include "x25519_key.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>
#include <iterator>

#include "api/x25519.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/random.h"
#include "dispatch/keymgmt/key_params.h"
#include "errors.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

X25519Key* x25519_key_new(ProvCtx* prov) {
  return new_zeroed_or_raise<X25519Key>(prov);
}

void x25519_key_free(X25519Key* key) {
  free_wiped(key, sizeof(X25519Key));
}

X25519Key* x25519_key_dup(const X25519Key* key, int selection) {
  if (key == nullptr) return nullptr;
  X25519Key* copy = x25519_key_new(key->prov);
  if (copy == nullptr) return nullptr;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key->has_pub) {
    std::memcpy(copy->pub, key->pub, kX25519KeyBytes);
    copy->has_pub = true;
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->has_priv) {
    std::memcpy(copy->priv, key->priv, kX25519KeyBytes);
    copy->has_priv = true;
  }
  return copy;
}

bool x25519_key_set_private(X25519Key* key, const std::uint8_t* priv, std::size_t len,
                            const std::uint8_t* pub) {
  if (len != kX25519KeyBytes) return false;
  std::memcpy(key->priv, priv, kX25519KeyBytes);
  if (pub != nullptr)
    std::memcpy(key->pub, pub, kX25519KeyBytes);
  else
    key->prov->kernels.x25519->scalarmult_base(key->pub, key->priv);
  // The public key is public, whatever it was computed from.
  ct::declassify(key->pub, kX25519KeyBytes);
  key->has_priv = key->has_pub = true;
  return true;
}

bool x25519_key_set_public(X25519Key* key, const std::uint8_t* pub, std::size_t len) {
  if (len != kX25519KeyBytes) return false;
  std::memcpy(key->pub, pub, kX25519KeyBytes);
  OPENSSL_cleanse(key->priv, kX25519KeyBytes);
  key->has_priv = false;
  key->has_pub = true;
  return true;
}

bool x25519_key_import(X25519Key* key, int selection, const OSSL_PARAM params[]) {
  static constexpr const char* kNames[] = {OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PKEY_PARAM_PUB_KEY};
  const ParamScan<const OSSL_PARAM, std::size(kNames)> f(params, kNames);
  const OSSL_PARAM* priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 ? f[0] : nullptr;
  const OSSL_PARAM* pub = f[1];
  if (priv == nullptr && pub == nullptr) return false;
  const std::uint8_t* priv_bytes = nullptr;
  std::size_t priv_len = 0, pub_len = 0;
  if (priv != nullptr &&
      (!octet_string_checked(priv, &priv_bytes, &priv_len) || priv_len != kX25519KeyBytes))
    return false;
  // OpenSSL reads the public key into room for X448's (57 bytes).
  std::uint8_t pub_bytes[57];
  if (pub != nullptr && (!octet_string_copy(pub, pub_bytes, sizeof pub_bytes, &pub_len) ||
                         pub_len != kX25519KeyBytes))
    return false;
  return priv != nullptr ? x25519_key_set_private(key, priv_bytes, priv_len,
                                                  pub != nullptr ? pub_bytes : nullptr)
                         : x25519_key_set_public(key, pub_bytes, pub_len);
}

bool x25519_key_generate(X25519Key* key) {
  std::uint8_t priv[kX25519KeyBytes];
  if (!random_bytes(key->prov, priv, sizeof priv)) return false;
  priv[0] &= 248;
  priv[31] = static_cast<std::uint8_t>((priv[31] & 127) | 64);
  const bool ok = x25519_key_set_private(key, priv, sizeof priv, nullptr);
  OPENSSL_cleanse(priv, sizeof priv);
  return ok;
}

bool x25519_key_pair_matches(const X25519Key& key) {
  if (!key.has_priv || !key.has_pub) return false;
  std::uint8_t expect[kX25519KeyBytes];
  key.prov->kernels.x25519->scalarmult_base(expect, key.priv);
  const bool same = ct::declassify_value(CRYPTO_memcmp(expect, key.pub, kX25519KeyBytes) == 0);
  OPENSSL_cleanse(expect, sizeof expect);
  return same;
}

const char* x25519_lane(const ProvCtx* prov) {
  return prov->kernels.x25519->lane;
}

}  // namespace armaccel::prov
