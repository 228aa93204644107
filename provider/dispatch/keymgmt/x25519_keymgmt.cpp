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
#include "key_params.h"
#include "keymgmt_dispatch.h"
#include "newer_core.h"
#include "util/ct_declassify.h"
#include "x25519_dhkem.h"
#include "x25519_key.h"

namespace armaccel::prov {

namespace {

struct X25519GenCtx {
  ProvCtx* prov;
  int selection;
  std::uint8_t* ikm;  // dhkem-ikm (OPENSSL_malloc'd), or null: random
  std::size_t ikm_len;
};

X25519Key* as_key(void* keydata) {
  return static_cast<X25519Key*>(keydata);
}
const X25519Key* as_key(const void* keydata) {
  return static_cast<const X25519Key*>(keydata);
}

// X25519 for KeymgmtDispatch.
struct X25519Keymgmt {
  using Key = X25519Key;
  using GenCtx = X25519GenCtx;
  static constexpr bool kGenInitRaisesAllocFailure = true;

  static void* create(void* provctx) noexcept {
    return x25519_key_new(static_cast<ProvCtx*>(provctx));
  }
  static void destroy(void* key) noexcept { x25519_key_free(as_key(key)); }
  static void* dup(const void* key, int selection) noexcept {
    return x25519_key_dup(as_key(key), selection);
  }

  // As the default provider: the public keys decide when both keys have
  // one, else the private keys when asked for and both have one; keys with
  // nothing to compare do not match.
  static int match(const void* a, const void* b, int selection) noexcept {
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
  static int validate(const void* keydata, int selection, int) noexcept {
    const X25519Key* key = as_key(keydata);
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !key->has_pub) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !key->has_priv) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != OSSL_KEYMGMT_SELECT_KEYPAIR) return 1;
    return x25519_key_pair_matches(*key) ? 1 : 0;
  }

  // Key material as x25519_key_import takes it.  A selection without key
  // material imports nothing, without an error (the default provider alike).
  static int import(void* keydata, int selection, const OSSL_PARAM params[]) noexcept {
    X25519Key* key = as_key(keydata);
    if (key == nullptr || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 0;
    return x25519_key_import(key, selection, params) ? 1 : 0;
  }

  static constexpr OSSL_PARAM kKeyPairTypes[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };
  static constexpr std::size_t kPrivateTypeCount = 1;

  // The public key always, the private key when selected and present.
  static void export_parts(const X25519Key& key, int selection, OSSL_PARAM out[4]) noexcept {
    int n = 0;
    out[n++] = OSSL_PARAM_construct_octet_string(
        OSSL_PKEY_PARAM_PUB_KEY, const_cast<std::uint8_t*>(key.pub), kX25519KeyBytes);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key.has_priv)
      out[n++] = OSSL_PARAM_construct_octet_string(
          OSSL_PKEY_PARAM_PRIV_KEY, const_cast<std::uint8_t*>(key.priv), kX25519KeyBytes);
    out[n] = OSSL_PARAM_construct_end();
  }

  // As the default provider: values through OSSL_PARAM_set_int and
  // OSSL_PARAM_set_octet_string, whose failures (and the running
  // libcrypto's reasons for them) are the only errors.  The public key of an
  // empty key is left unanswered, where the default provider answers 32 zero
  // bytes.
  static int get_params(void* keydata, OSSL_PARAM params[]) noexcept {
    const X25519Key* key = as_key(keydata);
    if (!put_key_figures(params,
                         {kX25519Bits, kX25519SecurityBits, 0, static_cast<int>(kX25519KeyBytes)}))
      return 0;
    static constexpr const char* kNames[] = {OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                             OSSL_PKEY_PARAM_PUB_KEY, OSSL_PKEY_PARAM_PRIV_KEY};
    const ParamScan<OSSL_PARAM, std::size(kNames)> f(params, kNames);
    for (OSSL_PARAM* q : {f[0], f[1]}) {
      if (q != nullptr && key->has_pub &&
          !OSSL_PARAM_set_octet_string(q, key->pub, kX25519KeyBytes))
        return 0;
    }
    if (f[2] != nullptr && key->has_priv &&
        !OSSL_PARAM_set_octet_string(f[2], key->priv, kX25519KeyBytes))
      return 0;
    return 1;
  }

  static constexpr OSSL_PARAM kGettable[] = {
      ARMACCEL_KEY_FIGURE_GETTABLES,
      ARMACCEL_KEY_MATERIAL_GETTABLES,
      OSSL_PARAM_END,
  };

  // "encoded-pub-key" replaces the key with that public key (the default
  // provider drops the private key alike); "properties" is accepted.  As the
  // default provider: another length, or another type, fails without a
  // reason of armaccel's (OSSL_PARAM_get_octet_string's, of the running
  // libcrypto, for the type).
  static int set_params(void* keydata, const OSSL_PARAM params[]) noexcept {
    X25519Key* key = as_key(keydata);
    if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
        p != nullptr) {
      std::uint8_t pub[57];  // OpenSSL's room (X448's)
      std::size_t len = 0;
      if (p->data_size != kX25519KeyBytes || !octet_string_copy(p, pub, sizeof pub, &len) ||
          !x25519_key_set_public(key, pub, len))
        return 0;
    }
    const OSSL_PARAM* q = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PROPERTIES);
    return q == nullptr || q->data_type == OSSL_PARAM_UTF8_STRING ? 1 : 0;
  }

  static constexpr OSSL_PARAM kSettable[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_END,
  };

  static void gen_cleanup(void* genctx) noexcept {
    auto* gen = static_cast<X25519GenCtx*>(genctx);
    if (gen == nullptr) return;
    OPENSSL_clear_free(gen->ikm, gen->ikm_len);
    free_wiped(gen, sizeof(X25519GenCtx));
  }

  // As the default provider: a group other than "x25519" (any case) is
  // ERR_R_PASSED_INVALID_ARGUMENT; "properties" must be text; a non-empty
  // "dhkem-ikm" of any length is kept (too short a one fails at generation),
  // an empty one changes nothing.
  static int gen_set_params(void* genctx, const OSSL_PARAM params[]) noexcept {
    auto* gen = static_cast<X25519GenCtx*>(genctx);
    if (params == nullptr) return 1;
    static constexpr const char* kNames[] = {OSSL_PKEY_PARAM_GROUP_NAME, OSSL_KDF_PARAM_PROPERTIES,
                                             kParamDhkemIkm};
    const ParamScan<const OSSL_PARAM, std::size(kNames)> f(params, kNames);
    if (const OSSL_PARAM* p = f[0]; p != nullptr) {
      if (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == nullptr ||
          !names_equal(static_cast<const char*>(p->data), "x25519")) {
        raise_error(gen->prov, kErrPassedInvalidArgument);
        return 0;
      }
    }
    if (f[1] != nullptr && f[1]->data_type != OSSL_PARAM_UTF8_STRING) return 0;
    if (const OSSL_PARAM* p = f[2]; p != nullptr && p->data_size != 0 && p->data != nullptr) {
      const std::uint8_t* ikm = nullptr;
      std::size_t len = 0;
      OPENSSL_clear_free(gen->ikm, gen->ikm_len);
      gen->ikm = nullptr;
      gen->ikm_len = 0;
      if (!octet_string_checked(p, &ikm, &len)) return 0;
      gen->ikm = static_cast<std::uint8_t*>(OPENSSL_memdup(ikm, len));
      if (gen->ikm == nullptr) {
        raise_alloc_failure(gen->prov);
        return 0;
      }
      gen->ikm_len = len;
    }
    return 1;
  }

  static constexpr OSSL_PARAM kGenSettable[] = {
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_octet_string(kParamDhkemIkm, nullptr, 0),
      OSSL_PARAM_END,
  };

  static X25519Key* new_key(X25519GenCtx* g) noexcept { return x25519_key_new(g->prov); }

  static bool generate(X25519GenCtx* g, X25519Key* key) noexcept {
    trace_key_event(g->prov, "X25519", "key generation", x25519_lane(g->prov));
    bool ok;
    if (g->ikm != nullptr) {
      std::uint8_t priv[kX25519KeyBytes];
      ok = x25519_dhkem_derive_private(g->prov, g->ikm, g->ikm_len, priv) &&
           x25519_key_set_private(key, priv, sizeof priv, nullptr);
      OPENSSL_cleanse(priv, sizeof priv);
    } else {
      ok = x25519_key_generate(key);
    }
    return ok;
  }
};

}  // namespace

const OSSL_DISPATCH* const kX25519KeymgmtFunctions = KeymgmtDispatch<X25519Keymgmt>::kTable;

}  // namespace armaccel::prov
