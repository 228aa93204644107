// SPDX-License-Identifier: Apache-2.0
// Key management for ML-KEM-512/768/1024 (FIPS 203) under OpenSSL 3.5's
// names and parameters: "seed" (d || z, 64 bytes), "pub" and
// "encoded-pub-key" (ek), "priv" (dk), "bits", "security-bits",
// "security-category", "max-size" (the ciphertext length).  Generation
// takes an optional "seed"; libssl's "group" is accepted (it names the
// same parameter set).  Generation without the key-pair selection gives
// an empty key, which libssl's server side fills from the peer's share
// through "encoded-pub-key".
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <iterator>

#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/names.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "key_params.h"
#include "keymgmt_dispatch.h"
#include "mlkem_key.h"
#include "newer_core.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

namespace {

struct MlkemGenCtx {
  ProvCtx* prov;
  int selection;
  bool has_seed;
  std::uint8_t seed[kMlkemSeedBytes];
};

unsigned security_bits(const mlkem::Params& p) {
  return p.k == 2 ? 128 : p.k == 3 ? 192 : 256;
}

// ML-KEM-<Bits> for KeymgmtDispatch.
template <unsigned Bits>
struct MlkemKeymgmt {
  using Key = MlkemKey;
  using GenCtx = MlkemGenCtx;
  static constexpr bool kGenInitRaisesAllocFailure = false;

  static const mlkem::Params* params() { return mlkem_params_by_bits(Bits); }

  static void* create(void* provctx) noexcept {
    return mlkem_key_new(static_cast<ProvCtx*>(provctx), params());
  }
  static void destroy(void* key) noexcept { mlkem_key_free(static_cast<MlkemKey*>(key)); }
  static void* dup(const void* key, int selection) noexcept {
    return mlkem_key_dup(static_cast<const MlkemKey*>(key), selection);
  }

  static int match(const void* a, const void* b, int selection) noexcept {
    const auto* k1 = static_cast<const MlkemKey*>(a);
    const auto* k2 = static_cast<const MlkemKey*>(b);
    if (k1->params != k2->params) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    // Both key halves are determined by ek for matching purposes (as in
    // OpenSSL 3.5); two keys without public parts match only if neither
    // has material.
    if (!k1->has_pub || !k2->has_pub) return !k1->has_pub && !k2->has_pub ? 1 : 0;
    if (std::memcmp(k1->ek, k2->ek, k1->params->ek_bytes) != 0) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && k1->has_priv && k2->has_priv) {
      const bool same = CRYPTO_memcmp(k1->dk, k2->dk, k1->params->dk_bytes) == 0;
      return ct::declassify_value(same) ? 1 : 0;  // public verdict
    }
    return 1;
  }

  static int validate(const void* keydata, int selection, int) noexcept {
    const auto* key = static_cast<const MlkemKey*>(keydata);
    const mlkem::Params& p = *key->params;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 &&
        (!key->has_pub || !mlkem::check_encapsulation_key(p, key->ek)))
      return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
      if (!key->has_priv || !mlkem::check_decapsulation_key(p, key->prov->kernels.keccak, key->dk))
        return 0;
      if (std::memcmp(key->dk + 384 * p.k, key->ek, p.ek_bytes) != 0) return 0;
      if (key->has_seed) {
        MlkemKey* again = mlkem_key_new(key->prov, key->params);
        if (again == nullptr) return 0;
        mlkem_key_from_seed(again, key->seed);
        const bool same = ct::declassify_value(CRYPTO_memcmp(again->dk, key->dk, p.dk_bytes) == 0);
        mlkem_key_free(again);
        if (!same) return 0;
      }
    }
    return 1;
  }

  // As OpenSSL 3.5's: key material only (another selection imports
  // nothing, without an error), into a key that has none; the reasons are
  // mlkem_key_import's.  A parameter of the wrong type fails with what the
  // running libcrypto raises for it.
  static int import(void* keydata, int selection, const OSSL_PARAM params[]) noexcept {
    auto* key = static_cast<MlkemKey*>(keydata);
    if (key == nullptr || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 0;
    if (key->has_pub || key->has_priv) return 0;
    const std::uint8_t *seed = nullptr, *priv = nullptr, *pub = nullptr;
    std::size_t seed_len = 0, priv_len = 0, pub_len = 0;
    static constexpr const char* kNames[] = {kParamMlkemSeed, OSSL_PKEY_PARAM_PRIV_KEY,
                                             OSSL_PKEY_PARAM_PUB_KEY};
    const ParamScan<const OSSL_PARAM, std::size(kNames)> f(params, kNames);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
      if (f[0] != nullptr && !octet_string_view(f[0], &seed, &seed_len)) return 0;
      if (f[1] != nullptr && !octet_string_view(f[1], &priv, &priv_len)) return 0;
    }
    // The public key is read whatever the selection (OpenSSL 3.5 alike).
    if (f[2] != nullptr && !octet_string_view(f[2], &pub, &pub_len)) return 0;
    return mlkem_key_import(key, seed, seed_len, priv, priv_len, pub, pub_len) ? 1 : 0;
  }

  static constexpr OSSL_PARAM kKeyPairTypes[] = {
      OSSL_PARAM_octet_string(kParamMlkemSeed, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };
  static constexpr std::size_t kPrivateTypeCount = 2;

  // The seed (when kept) and the decapsulation key, the encapsulation key.
  static void export_parts(const MlkemKey& key, int selection, OSSL_PARAM out[4]) noexcept {
    const mlkem::Params& p = *key.params;
    int n = 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key.has_priv) {
      if (key.has_seed)
        out[n++] = OSSL_PARAM_construct_octet_string(
            kParamMlkemSeed, const_cast<std::uint8_t*>(key.seed), kMlkemSeedBytes);
      out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY,
                                                   const_cast<std::uint8_t*>(key.dk), p.dk_bytes);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0)
      out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY,
                                                   const_cast<std::uint8_t*>(key.ek), p.ek_bytes);
    out[n] = OSSL_PARAM_construct_end();
  }

  // As OpenSSL 3.5's: the figures through OSSL_PARAM_set_int (whose
  // errors are the running libcrypto's); key material the key has into an
  // OCTET_STRING of enough room (else a failure without an error), key
  // material it does not have left unanswered.
  static int get_params(void* keydata, OSSL_PARAM params[]) noexcept {
    const auto* key = static_cast<const MlkemKey*>(keydata);
    const mlkem::Params& p = *key->params;
    if (!put_key_figures(params, {static_cast<int>(Bits), static_cast<int>(security_bits(p)),
                                  static_cast<int>(2 * p.k - 3), static_cast<int>(p.ct_bytes)}))
      return 0;
    static constexpr const char* kNames[] = {OSSL_PKEY_PARAM_PUB_KEY,
                                             OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                             OSSL_PKEY_PARAM_PRIV_KEY, kParamMlkemSeed};
    const ParamScan<OSSL_PARAM, std::size(kNames)> f(params, kNames);
    for (OSSL_PARAM* q : {f[0], f[1]}) {
      if (q != nullptr && key->has_pub && !octet_string_answer(q, key->ek, p.ek_bytes)) return 0;
    }
    if (f[2] != nullptr && key->has_priv && !octet_string_answer(f[2], key->dk, p.dk_bytes))
      return 0;
    if (f[3] != nullptr && key->has_seed && !octet_string_answer(f[3], key->seed, kMlkemSeedBytes))
      return 0;
    return 1;
  }

  static constexpr OSSL_PARAM kGettable[] = {
      ARMACCEL_KEY_FIGURE_GETTABLES,
      ARMACCEL_KEY_MATERIAL_GETTABLES,
      OSSL_PARAM_octet_string(kParamMlkemSeed, nullptr, 0),
      OSSL_PARAM_END,
  };

  // libssl's server side: an empty key takes the peer's ek.  As OpenSSL
  // 3.5: an encoded-pub-key that is not ek_bytes of OCTET_STRING is
  // PROV_R_INVALID_KEY; a key that has a public key is not changed under
  // its users (PROV_R_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE); then the
  // modulus check.
  static int set_params(void* keydata, const OSSL_PARAM params[]) noexcept {
    auto* key = static_cast<MlkemKey*>(keydata);
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    if (p == nullptr) return 1;
    const std::uint8_t* ek = nullptr;
    std::size_t len = 0;
    if (!octet_string_view(p, &ek, &len) || len != key->params->ek_bytes) {
      raise_error(key->prov, kErrInvalidKey);
      return 0;
    }
    if (key->has_pub || key->has_priv) {
      raise_error(key->prov, kErrKeyTypeOperationNotSupported);
      return 0;
    }
    return mlkem_key_set_public(key, ek, len) ? 1 : 0;
  }

  static constexpr OSSL_PARAM kSettable[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };

  static int gen_set_params(void* genctx, const OSSL_PARAM params[]) noexcept {
    auto* gen = static_cast<GenCtx*>(genctx);
    if (params == nullptr) return 1;
    static constexpr const char* kNames[] = {kParamMlkemSeed, OSSL_PKEY_PARAM_GROUP_NAME};
    const ParamScan<const OSSL_PARAM, std::size(kNames)> f(params, kNames);
    // A seed of another length (or type) is PROV_R_INVALID_SEED_LENGTH,
    // after what the running libcrypto raises for it, as OpenSSL 3.5's.
    if (const OSSL_PARAM* p = f[0]; p != nullptr) {
      std::size_t len = 0;
      gen->has_seed = false;
      if (!octet_string_copy(p, gen->seed, kMlkemSeedBytes, &len) || len != kMlkemSeedBytes) {
        OPENSSL_cleanse(gen->seed, sizeof gen->seed);
        raise_error(gen->prov, kErrInvalidSeedLength);
        return 0;
      }
      gen->has_seed = true;
    }
    if (const OSSL_PARAM* p = f[1]; p != nullptr) {
      const char* name = nullptr;
      if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) || !mlkem_group_matches(name, Bits)) {
        raise_error(gen->prov, kErrFailedToSetParameter);
        return 0;
      }
    }
    return 1;
  }

  static constexpr OSSL_PARAM kGenSettable[] = {
      OSSL_PARAM_octet_string(kParamMlkemSeed, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, nullptr, 0),
      OSSL_PARAM_END,
  };

  static MlkemKey* new_key(GenCtx* g) noexcept { return mlkem_key_new(g->prov, params()); }

  static bool generate(GenCtx* g, MlkemKey* key) noexcept {
    trace_key_event(g->prov, params()->name, "key generation", g->prov->kernels.mlkem->lane);
    const bool ok = g->has_seed ? mlkem_key_from_seed(key, g->seed) : mlkem_key_generate(key);
    // A seed makes one key: the next generation on this context is random.
    OPENSSL_cleanse(g->seed, sizeof g->seed);
    g->has_seed = false;
    return ok;
  }

  static void gen_cleanup(void* genctx) noexcept {
    if (genctx != nullptr) free_wiped(genctx, sizeof(GenCtx));
  }
};

}  // namespace

bool mlkem_group_matches(const char* name, unsigned bits) {
  if (name == nullptr) return false;
  char expect_dash[16], expect_tls[16];
  std::snprintf(expect_dash, sizeof expect_dash, "ML-KEM-%u", bits);
  std::snprintf(expect_tls, sizeof expect_tls, "MLKEM%u", bits);
  return names_equal(name, expect_dash) || names_equal(name, expect_tls);
}

const OSSL_DISPATCH* const kMlkem512KeymgmtFunctions = KeymgmtDispatch<MlkemKeymgmt<512>>::kTable;
const OSSL_DISPATCH* const kMlkem768KeymgmtFunctions = KeymgmtDispatch<MlkemKeymgmt<768>>::kTable;
const OSSL_DISPATCH* const kMlkem1024KeymgmtFunctions = KeymgmtDispatch<MlkemKeymgmt<1024>>::kTable;

}  // namespace armaccel::prov
