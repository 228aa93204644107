// SPDX-License-Identifier: Apache-2.0
// Key management for X25519 (RFC 7748) under OpenSSL's name and
// parameters, as the default provider offers it: "pub" and
// "encoded-pub-key" (the 32-byte u-coordinate), "priv" (32 bytes),
// "bits" (253), "security-bits" (128), "max-size" (32, the shared secret),
// and OpenSSL 3.5's "security-category" (0: not a post-quantum set).
// Generation takes libssl's "group" ("x25519"), "properties" and
// HPKE's "dhkem-ikm" (RFC 9180 DeriveKeyPair, x25519_dhkem.cpp).
// Generation without the key-pair selection gives an empty key, which
// libssl fills with the peer's share through "encoded-pub-key".
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>
#include <iterator>

#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/names.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "key_decoder.h"
#include "util/ct_declassify.h"
#include "x25519_dhkem.h"
#include "x25519_key.h"

namespace armaccel::prov {

namespace {

// OSSL_PKEY_PARAM_DHKEM_IKM and OSSL_PKEY_PARAM_SECURITY_CATEGORY, spelt
// out: OpenSSL 3.0's headers lack them.
constexpr char kParamDhkemIkm[] = "dhkem-ikm";
constexpr char kParamSecurityCategoryName[] = "security-category";

struct GenCtx {
  ProvCtx* prov;
  int selection;
  std::size_t ikm_len;  // 0: random
  std::uint8_t ikm[kDhkemMaxIkmBytes];
};

X25519Key* as_key(void* keydata) {
  return static_cast<X25519Key*>(keydata);
}
const X25519Key* as_key(const void* keydata) {
  return static_cast<const X25519Key*>(keydata);
}

void* create(void* provctx) noexcept {
  return x25519_key_new(static_cast<ProvCtx*>(provctx));
}
void destroy(void* key) noexcept {
  x25519_key_free(as_key(key));
}
void* dup(const void* key, int selection) noexcept {
  return x25519_key_dup(as_key(key), selection);
}

int has(const void* keydata, int selection) noexcept {
  const X25519Key* key = as_key(keydata);
  if (key == nullptr) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !key->has_pub) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !key->has_priv) return 0;
  return 1;
}

// As the default provider: the public keys decide when both keys have
// one, else the private keys when asked for and both have one; keys with
// nothing to compare do not match.
int match(const void* a, const void* b, int selection) noexcept {
  const X25519Key* k1 = as_key(a);
  const X25519Key* k2 = as_key(b);
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && k1->has_pub && k2->has_pub)
    return std::memcmp(k1->pub, k2->pub, kX25519KeyBytes) == 0 ? 1 : 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && k1->has_priv && k2->has_priv) {
    const bool same = CRYPTO_memcmp(k1->priv, k2->priv, kX25519KeyBytes) == 0;
    return ct::declassify_value(same) ? 1 : 0;  // public verdict
  }
  return 0;
}

// The parts asked for must be there; with both, the public key must be
// the private key's (the default provider's pairwise check).
int validate(const void* keydata, int selection, int) noexcept {
  const X25519Key* key = as_key(keydata);
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !key->has_pub) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !key->has_priv) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != OSSL_KEYMGMT_SELECT_KEYPAIR) return 1;
  return x25519_key_pair_matches(*key) ? 1 : 0;
}

// Key material as x25519_key_import takes it.  A selection without key
// material is refused.
int import(void* keydata, int selection, const OSSL_PARAM params[]) noexcept {
  X25519Key* key = as_key(keydata);
  if (key == nullptr) return 0;
  // An X25519 key has no domain parameters: only key material imports (the
  // default provider refuses other selections alike).
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) {
    raise_error(key->prov, kErrMissingKey);
    return 0;
  }
  return x25519_key_import(key, selection, params) ? 1 : 0;
}

const OSSL_PARAM* import_types(int selection) noexcept {
  static const OSSL_PARAM kKeyPair[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) return kKeyPair;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) return kKeyPair + 1;
  return kKeyPair + 2;
}

int export_key(void* keydata, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
  const X25519Key* key = as_key(keydata);
  if (key == nullptr || cb == nullptr) return 0;
  OSSL_PARAM out[3];
  int n = 0;
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 && key->has_pub)
    out[n++] = OSSL_PARAM_construct_octet_string(
        OSSL_PKEY_PARAM_PUB_KEY, const_cast<std::uint8_t*>(key->pub), kX25519KeyBytes);
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->has_priv)
    out[n++] = OSSL_PARAM_construct_octet_string(
        OSSL_PKEY_PARAM_PRIV_KEY, const_cast<std::uint8_t*>(key->priv), kX25519KeyBytes);
  if (n == 0 && (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0) return 0;
  out[n] = OSSL_PARAM_construct_end();
  return cb(out, cbarg);
}

const OSSL_PARAM* export_types(int selection) noexcept {
  return import_types(selection);
}

int fail_get(const X25519Key* key) {
  raise_error(key->prov, kErrFailedToGetParameter);
  return 0;
}

int get_params(void* keydata, OSSL_PARAM params[]) noexcept {
  const X25519Key* key = as_key(keydata);
  static constexpr const char* kNames[] = {
      OSSL_PKEY_PARAM_BITS,     OSSL_PKEY_PARAM_SECURITY_BITS,      kParamSecurityCategoryName,
      OSSL_PKEY_PARAM_MAX_SIZE, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY,
      OSSL_PKEY_PARAM_PRIV_KEY};
  const ParamScan<OSSL_PARAM, std::size(kNames)> f(params, kNames);
  if (!put_int(f[0], kX25519Bits) || !put_int(f[1], kX25519SecurityBits) || !put_int(f[2], 0) ||
      !put_int(f[3], static_cast<int>(kX25519KeyBytes)))
    return fail_get(key);
  // Key material the key does not have is left unanswered.
  for (OSSL_PARAM* q : {f[4], f[5]}) {
    if (q != nullptr && key->has_pub && !OSSL_PARAM_set_octet_string(q, key->pub, kX25519KeyBytes))
      return fail_get(key);
  }
  if (f[6] != nullptr && key->has_priv &&
      !OSSL_PARAM_set_octet_string(f[6], key->priv, kX25519KeyBytes))
    return fail_get(key);
  return 1;
}

const OSSL_PARAM* gettable_params(void*) noexcept {
  static const OSSL_PARAM kGettable[] = {
      OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, nullptr),
      OSSL_PARAM_int(kParamSecurityCategoryName, nullptr),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, nullptr),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };
  return kGettable;
}

// "encoded-pub-key" replaces the key with that public key (the default
// provider drops the private key alike); "properties" is accepted.
int set_params(void* keydata, const OSSL_PARAM params[]) noexcept {
  X25519Key* key = as_key(keydata);
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
  if (p == nullptr) return 1;
  if (!readable_octets(p)) {
    raise_error(key->prov, kErrFailedToSetParameter);
    return 0;
  }
  return x25519_key_set_public(key, static_cast<const std::uint8_t*>(p->data), p->data_size) ? 1
                                                                                             : 0;
}

const OSSL_PARAM* settable_params(void*) noexcept {
  static const OSSL_PARAM kSettable[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_END,
  };
  return kSettable;
}

void gen_cleanup(void* genctx) noexcept {
  if (genctx != nullptr) free_wiped(genctx, sizeof(GenCtx));
}

int gen_set_params(void* genctx, const OSSL_PARAM params[]) noexcept {
  auto* gen = static_cast<GenCtx*>(genctx);
  if (params == nullptr) return 1;
  static constexpr const char* kNames[] = {OSSL_PKEY_PARAM_GROUP_NAME, kParamDhkemIkm};
  const ParamScan<const OSSL_PARAM, std::size(kNames)> f(params, kNames);
  if (const OSSL_PARAM* p = f[0]; p != nullptr) {
    const char* name = nullptr;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) || name == nullptr ||
        !names_equal(name, "x25519")) {
      raise_error(gen->prov, kErrFailedToSetParameter);
      return 0;
    }
  }
  if (const OSSL_PARAM* p = f[1]; p != nullptr) {
    if (!readable_octets(p) || p->data_size > sizeof gen->ikm) {
      raise_error(gen->prov, kErrFailedToSetParameter);
      return 0;
    }
    OPENSSL_cleanse(gen->ikm, sizeof gen->ikm);
    std::memcpy(gen->ikm, p->data, p->data_size);
    gen->ikm_len = p->data_size;
  }
  return 1;
}

void* gen_init(void* provctx, int selection, const OSSL_PARAM params[]) noexcept {
  auto* gen = static_cast<GenCtx*>(OPENSSL_zalloc(sizeof(GenCtx)));
  if (gen == nullptr) {
    raise_alloc_failure(static_cast<ProvCtx*>(provctx));
    return nullptr;
  }
  gen->prov = static_cast<ProvCtx*>(provctx);
  gen->selection = selection;
  if (!gen_set_params(gen, params)) {
    gen_cleanup(gen);
    return nullptr;
  }
  return gen;
}

const OSSL_PARAM* gen_settable_params(void*, void*) noexcept {
  static const OSSL_PARAM kSettable[] = {
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_octet_string(kParamDhkemIkm, nullptr, 0),
      OSSL_PARAM_END,
  };
  return kSettable;
}

void* gen(void* genctx, OSSL_CALLBACK*, void*) noexcept {
  auto* g = static_cast<GenCtx*>(genctx);
  X25519Key* key = x25519_key_new(g->prov);
  if (key == nullptr) return nullptr;
  if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return key;  // empty (paramgen)
  trace_key_event(g->prov, "X25519", "key generation", x25519_lane(g->prov));
  bool ok;
  if (g->ikm_len != 0) {
    std::uint8_t priv[kX25519KeyBytes];
    ok = x25519_dhkem_derive_private(g->prov, g->ikm, g->ikm_len, priv) &&
         x25519_key_set_private(key, priv, sizeof priv, nullptr);
    OPENSSL_cleanse(priv, sizeof priv);
  } else {
    ok = x25519_key_generate(key);
  }
  if (!ok) {
    x25519_key_free(key);
    return nullptr;
  }
  return key;
}

const OSSL_DISPATCH kFunctions[] = {
    {OSSL_FUNC_KEYMGMT_NEW, as_dispatch(&create)},
    {OSSL_FUNC_KEYMGMT_FREE, as_dispatch(&destroy)},
    {OSSL_FUNC_KEYMGMT_DUP, as_dispatch(&dup)},
    {OSSL_FUNC_KEYMGMT_HAS, as_dispatch(&has)},
    {OSSL_FUNC_KEYMGMT_MATCH, as_dispatch(&match)},
    {OSSL_FUNC_KEYMGMT_VALIDATE, as_dispatch(&validate)},
    {OSSL_FUNC_KEYMGMT_IMPORT, as_dispatch(&import)},
    {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, as_dispatch(&import_types)},
    {OSSL_FUNC_KEYMGMT_EXPORT, as_dispatch(&export_key)},
    {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, as_dispatch(&export_types)},
    {OSSL_FUNC_KEYMGMT_GET_PARAMS, as_dispatch(&get_params)},
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, as_dispatch(&gettable_params)},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, as_dispatch(&set_params)},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, as_dispatch(&settable_params)},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, as_dispatch(&gen_init)},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, as_dispatch(&gen_set_params)},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, as_dispatch(&gen_settable_params)},
    {OSSL_FUNC_KEYMGMT_GEN, as_dispatch(&gen)},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, as_dispatch(&gen_cleanup)},
    {OSSL_FUNC_KEYMGMT_LOAD, as_dispatch(&load_decoded_key<X25519Key>)},
    {0, nullptr},
};

}  // namespace

const OSSL_DISPATCH* const kX25519KeymgmtFunctions = kFunctions;

}  // namespace armaccel::prov
