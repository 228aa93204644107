// SPDX-License-Identifier: Apache-2.0
// ML-KEM key objects: allocation, wiping, and the checked setters
// (mlkem_key.h).
#include "mlkem_key.h"

#include <openssl/crypto.h>

#include <cstring>

#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/random.h"
#include "errors.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

const mlkem::Params* mlkem_params_by_bits(unsigned bits) {
  switch (bits) {
    case 512:
      return &mlkem::kMlkem512;
    case 768:
      return &mlkem::kMlkem768;
    case 1024:
      return &mlkem::kMlkem1024;
    default:
      return nullptr;
  }
}

MlkemKey* mlkem_key_new(ProvCtx* prov, const mlkem::Params* params) {
  MlkemKey* key = new_zeroed_or_raise<MlkemKey>(prov);
  if (key != nullptr) key->params = params;
  return key;
}

void mlkem_key_free(MlkemKey* key) {
  if (key != nullptr) free_wiped(key, sizeof *key);
}

MlkemKey* mlkem_key_dup(const MlkemKey* key, int selection) {
  MlkemKey* copy = mlkem_key_new(key->prov, key->params);
  if (copy == nullptr) return nullptr;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key->has_pub) {
    std::memcpy(copy->ek, key->ek, sizeof key->ek);
    copy->has_pub = true;
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->has_priv) {
    std::memcpy(copy->dk, key->dk, sizeof key->dk);
    std::memcpy(copy->seed, key->seed, sizeof key->seed);
    copy->has_priv = true;
    copy->has_seed = key->has_seed;
  }
  return copy;
}

mlkem::Kernels mlkem_kernels(const MlkemKey* key) {
  return {key->prov->kernels.keccak, key->prov->kernels.mlkem};
}

namespace {

void forget_material(MlkemKey* key) {
  OPENSSL_cleanse(key->seed, sizeof key->seed);
  OPENSSL_cleanse(key->dk, sizeof key->dk);
  key->has_pub = key->has_priv = key->has_seed = false;
}

}  // namespace

bool mlkem_key_from_seed(MlkemKey* key, const std::uint8_t seed[kMlkemSeedBytes]) {
  forget_material(key);
  mlkem::keygen(*key->params, mlkem_kernels(key), seed, seed + 32, key->ek, key->dk);
  key->has_pub = key->has_priv = true;
  if (key->prov->mlkem.retain_seed) {
    std::memcpy(key->seed, seed, kMlkemSeedBytes);
    key->has_seed = true;
  }
  return true;
}

bool mlkem_key_set_public(MlkemKey* key, const std::uint8_t* ek, std::size_t len) {
  if (len != key->params->ek_bytes) return false;  // as OpenSSL: no reason of its own
  if (!mlkem::check_encapsulation_key(*key->params, ek)) {
    raise_error(key->prov, kErrInvalidKey);
    return false;
  }
  forget_material(key);
  std::memcpy(key->ek, ek, len);
  key->has_pub = true;
  return true;
}

bool mlkem_key_set_private(MlkemKey* key, const std::uint8_t* dk, std::size_t len, bool decoded) {
  const mlkem::Params& p = *key->params;
  if (len != p.dk_bytes) return false;  // as OpenSSL: no reason of its own
  const std::uint8_t* ek = dk + 384 * p.k;
  // dk starts with ByteEncode12(s-hat), laid out as ek's t-hat: the
  // modulus check of §7.2 applies to it too (a coefficient >= q is not an
  // encoding ML-KEM.KeyGen can produce; OpenSSL 3.5 refuses it as well).
  if (!mlkem::check_decapsulation_key(p, key->prov->kernels.keccak, dk) ||
      !mlkem::check_encapsulation_key(p, ek) || !mlkem::check_encapsulation_key(p, dk)) {
    raise_error(key->prov, kErrInvalidKey);
    if (decoded) raise_error(key->prov, kErrInvalidKey);  // OpenSSL's load: "error parsing"
    return false;
  }
  // Pairwise consistency (as the LAMPS ML-KEM draft's inconsistent-key
  // examples expect, and OpenSSL checks at import): a secret s-hat that
  // does not belong to the ek beside it passes the hash check but
  // decapsulates a fresh encapsulation to the implicit-rejection key
  // instead of the encapsulated one.
  std::uint8_t m[mlkem::kSeedBytes], ct[kMlkemMaxCtBytes], k1[32], k2[32];
  if (!random_bytes(key->prov, m, sizeof m)) return false;
  const mlkem::Kernels kern = mlkem_kernels(key);
  mlkem::encaps(p, kern, ek, m, ct, k1);
  mlkem::decaps(p, kern, dk, ct, k2);
  // The verdict is public (the key is refused or taken).
  const bool consistent = ct::declassify_value(CRYPTO_memcmp(k1, k2, sizeof k1) == 0);
  OPENSSL_cleanse(m, sizeof m);
  OPENSSL_cleanse(k1, sizeof k1);
  OPENSSL_cleanse(k2, sizeof k2);
  if (!consistent) {
    raise_error(key->prov, kErrInvalidKey);
    return false;
  }
  forget_material(key);
  std::memcpy(key->dk, dk, len);
  std::memcpy(key->ek, ek, p.ek_bytes);
  key->has_pub = key->has_priv = true;
  return true;
}

bool mlkem_key_generate(MlkemKey* key) {
  std::uint8_t seed[kMlkemSeedBytes];
  if (!random_bytes(key->prov, seed, sizeof seed)) return false;
  const bool ok = mlkem_key_from_seed(key, seed);
  OPENSSL_cleanse(seed, sizeof seed);
  return ok;
}

bool mlkem_key_import(MlkemKey* key, const std::uint8_t* seed, std::size_t seed_len,
                      const std::uint8_t* priv, std::size_t priv_len, const std::uint8_t* pub,
                      std::size_t pub_len, bool decoded) {
  const mlkem::Params& p = *key->params;
  if (seed == nullptr) seed_len = 0;
  if (priv == nullptr) priv_len = 0;
  if (pub == nullptr) pub_len = 0;
  if (seed_len != 0 && seed_len != kMlkemSeedBytes) {
    raise_error(key->prov, kErrInvalidSeedLength);
    return false;
  }
  if (priv_len != 0 && priv_len != p.dk_bytes) {
    raise_error(key->prov, kErrInvalidKeyLength);
    return false;
  }
  if (pub_len != 0 && pub_len != p.ek_bytes) {
    raise_error(key->prov, kErrInvalidKeyLength);
    return false;
  }
  if (seed_len == 0 && priv_len == 0 && pub_len == 0) {
    raise_error(key->prov, kErrMissingKey);
    return false;
  }
  // The ek inside dk = s-hat || ek || H(ek) || z.
  if (pub_len != 0 && priv_len != 0 && std::memcmp(pub, priv + 384 * p.k, p.ek_bytes) != 0) {
    raise_error(key->prov, kErrInvalidKey);
    return false;
  }
  MlkemKey* next = mlkem_key_new(key->prov, key->params);
  if (next == nullptr) return false;
  // z, the implicit-rejection secret: the seed's second half, dk's last 32
  // bytes.
  auto same_z = [&] {
    return ct::declassify_value(CRYPTO_memcmp(seed + 32, priv + p.dk_bytes - 32, 32) == 0);
  };
  bool ok;
  if (seed_len != 0 && (priv_len == 0 || key->prov->mlkem.prefer_seed)) {
    ok = priv_len == 0 || same_z();
    ok = ok && mlkem_key_from_seed(next, seed);
    // The expanded key given beside the seed must be the one it makes; a
    // public key given with it alone must be its ek (armaccel's check).
    if (ok && priv_len != 0)
      ok = ct::declassify_value(CRYPTO_memcmp(next->dk, priv, p.dk_bytes) == 0);
    if (ok && priv_len == 0 && pub_len != 0) ok = std::memcmp(next->ek, pub, p.ek_bytes) == 0;
    if (!ok) raise_error(key->prov, kErrInvalidKey);
  } else if (priv_len != 0) {
    ok = mlkem_key_set_private(next, priv, priv_len, decoded);
    // With the seed not preferred, the expanded key is used as it is, but
    // the implicit-rejection secret z must still be the seed's (armaccel's
    // check).
    if (ok && seed_len != 0 && !same_z()) {
      raise_error(key->prov, kErrInvalidKey);
      ok = false;
    }
  } else {
    ok = mlkem_key_set_public(next, pub, pub_len);
  }
  if (ok) std::memcpy(key, next, sizeof *key);
  mlkem_key_free(next);
  return ok;
}

}  // namespace armaccel::prov
