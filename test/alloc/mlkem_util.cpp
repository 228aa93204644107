// SPDX-License-Identifier: Apache-2.0
#include "mlkem_util.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "contexts.h"
#include "pattern.h"

namespace armaccel::alloc_test {

bool mlkem_keygen(const char* alg, unsigned salt, PkeyPtr& key) {
  Bytes seed = pattern(64, salt);
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_octet_string("seed", seed.data(), seed.size()),
      OSSL_PARAM_construct_end(),
  };
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_ctx(), alg, kArmaccel));
  EVP_PKEY* made = nullptr;
  const bool ok = ctx != nullptr && EVP_PKEY_keygen_init(ctx.get()) > 0 &&
                  EVP_PKEY_CTX_set_params(ctx.get(), params) > 0 &&
                  EVP_PKEY_keygen(ctx.get(), &made) > 0;
  key.reset(made);
  return ok && made != nullptr;
}

bool key_bytes(const EVP_PKEY* key, Bytes& out) {
  bool pub = true;
  for (const char* name : {OSSL_PKEY_PARAM_PUB_KEY, OSSL_PKEY_PARAM_PRIV_KEY}) {
    std::uint8_t buf[4096];
    std::size_t len = 0;
    if (EVP_PKEY_get_octet_string_param(key, name, buf, sizeof buf, &len) == 1)
      out.insert(out.end(), buf, buf + len);
    else if (pub)
      return false;
    pub = false;
  }
  return true;
}

bool encapsulate(EVP_PKEY* pub, const Bytes* ikme, Bytes& ct, Bytes& secret) {
  OSSL_PARAM params[2] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
  if (ikme != nullptr)
    params[0] = OSSL_PARAM_construct_octet_string("ikme", const_cast<std::uint8_t*>(ikme->data()),
                                                  ikme->size());
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_ctx(), pub, kArmaccel));
  std::size_t ctlen = 0, sslen = 0;
  if (ctx == nullptr || EVP_PKEY_encapsulate_init(ctx.get(), params) <= 0 ||
      EVP_PKEY_encapsulate(ctx.get(), nullptr, &ctlen, nullptr, &sslen) <= 0)
    return false;
  ct.resize(ctlen);
  secret.resize(sslen);
  if (EVP_PKEY_encapsulate(ctx.get(), ct.data(), &ctlen, secret.data(), &sslen) <= 0) return false;
  ct.resize(ctlen);
  secret.resize(sslen);
  return true;
}

bool decapsulate(EVP_PKEY* priv, const Bytes& ct, Bytes& secret) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_ctx(), priv, kArmaccel));
  std::size_t sslen = 0;
  if (ctx == nullptr || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) <= 0 ||
      EVP_PKEY_decapsulate(ctx.get(), nullptr, &sslen, ct.data(), ct.size()) <= 0)
    return false;
  secret.resize(sslen);
  if (EVP_PKEY_decapsulate(ctx.get(), secret.data(), &sslen, ct.data(), ct.size()) <= 0)
    return false;
  secret.resize(sslen);
  return true;
}

}  // namespace armaccel::alloc_test
