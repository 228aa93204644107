// SPDX-License-Identifier: Apache-2.0
// X25519MLKEM768, the hybrid TLS 1.3 group of draft-ietf-tls-ecdhe-mlkem
// (codepoint 0x11EC): key management and KEM under one name, as libssl
// drives a KEM group.
//
// Layout (ML-KEM first): the client's share is ek (1184 bytes) || X25519
// public key (32); the server's "ciphertext" is the ML-KEM ciphertext
// (1088) || its ephemeral X25519 public key (32); the shared secret is the
// ML-KEM shared secret (32) || the X25519 shared secret (32).
//
// ML-KEM runs on armaccel's kernels, and so does X25519 where armaccel's
// X25519 lane is not the portable one (x25519-neon: a scalar
// multiplication 309,070 instructions on the reference CPU against OpenSSL
// 3.5's 426,523, a public key 109,448 against 378,409; x25519-portable
// counts 901,471 a scalar multiplication).  With the portable lane
// X25519 runs in the application's providers through armaccel's child
// library context; armaccel draws the X25519 private keys from its own
// entropy source and imports them raw, so nothing in the child context
// ever needs a DRBG.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstring>
#include <iterator>

#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/kem_dispatch.h"
#include "dispatch/common/names.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/random.h"
#include "dispatch/common/tables.h"
#include "dispatch/keymgmt/key_params.h"
#include "dispatch/keymgmt/keymgmt_dispatch.h"
#include "dispatch/keymgmt/mlkem_key.h"
#include "errors.h"
#include "newer_core.h"

namespace armaccel::prov {

namespace {

constexpr std::size_t kX25519Bytes = 32;
constexpr std::size_t kShareBytes = 1184 + kX25519Bytes;       // client share
constexpr std::size_t kCiphertextBytes = 1088 + kX25519Bytes;  // server share
constexpr std::size_t kSecretBytes = 32 + kX25519Bytes;

struct HybridKey {
  ProvCtx* prov;
  MlkemKey* mlkem;
  EVP_PKEY* x25519;  // the private key when has_priv and X25519 is not on the lane
  bool has_pub;
  bool has_priv;
  std::uint8_t x25519_pub[kX25519Bytes];
  std::uint8_t x25519_priv[kX25519Bytes];  // the private key when it is on the lane
};

// Whether X25519 runs on armaccel's lane (see the file comment): a pointer
// comparison, as it is asked once per operation.
bool x25519_on_lane(const ProvCtx* prov) {
  return prov->kernels.x25519 != &kX25519Portable;
}

HybridKey* key_new(ProvCtx* prov) {
  auto* key = new_zeroed_or_raise<HybridKey>(prov);
  if (key == nullptr) return nullptr;
  key->mlkem = mlkem_key_new(prov, &mlkem::kMlkem768);
  if (key->mlkem == nullptr) {
    OPENSSL_free(key);
    return nullptr;
  }
  return key;
}

void key_free(void* vkey) noexcept {
  auto* key = static_cast<HybridKey*>(vkey);
  if (key == nullptr) return;
  mlkem_key_free(key->mlkem);
  EVP_PKEY_free(key->x25519);
  free_wiped(key, sizeof *key);
}

void* key_create(void* provctx) noexcept {
  return key_new(static_cast<ProvCtx*>(provctx));
}

// A fresh X25519 key pair from armaccel's entropy into key (x25519_pub,
// and x25519_priv or x25519).
bool x25519_generate(ProvCtx* prov, HybridKey* key) {
  std::uint8_t priv[kX25519Bytes];
  if (!random_bytes(prov, priv, sizeof priv)) return false;
  if (x25519_on_lane(prov)) {
    std::memcpy(key->x25519_priv, priv, sizeof priv);
    prov->kernels.x25519->scalarmult_base(key->x25519_pub, priv);
    OPENSSL_cleanse(priv, sizeof priv);
    return true;
  }
  EVP_PKEY* pkey = EVP_PKEY_new_raw_private_key_ex(prov->libctx, "X25519", nullptr, priv, 32);
  OPENSSL_cleanse(priv, sizeof priv);
  std::size_t len = kX25519Bytes;
  if (pkey == nullptr || !EVP_PKEY_get_raw_public_key(pkey, key->x25519_pub, &len) ||
      len != kX25519Bytes) {
    EVP_PKEY_free(pkey);
    raise_error(prov, kErrKeySetupFailed);
    return false;
  }
  EVP_PKEY_free(key->x25519);
  key->x25519 = pkey;
  return true;
}

// X25519(own private, peer public) into out (32 bytes); fails on a
// low-order peer key (all-zero result), as RFC 7748 §6.1 allows, with
// PROV_R_FAILED_DURING_DERIVATION, what OpenSSL's X25519 key exchange
// raises (and all its hybrid leaves).
bool x25519_derive(ProvCtx* prov, const HybridKey* own, const std::uint8_t peer_pub[kX25519Bytes],
                   std::uint8_t out[kX25519Bytes]) {
  bool ok;
  if (x25519_on_lane(prov)) {
    prov->kernels.x25519->scalarmult(out, own->x25519_priv, peer_pub);
    std::uint8_t any = 0;
    for (std::size_t i = 0; i < kX25519Bytes; ++i) any |= out[i];
    ok = any != 0;
  } else {
    // The child library context's errors are replaced by armaccel's one.
    ERR_set_mark();
    EVP_PKEY* peer =
        EVP_PKEY_new_raw_public_key_ex(prov->libctx, "X25519", nullptr, peer_pub, kX25519Bytes);
    EVP_PKEY_CTX* ctx = peer != nullptr && own->x25519 != nullptr
                            ? EVP_PKEY_CTX_new_from_pkey(prov->libctx, own->x25519, nullptr)
                            : nullptr;
    std::size_t len = kX25519Bytes;
    ok = ctx != nullptr && EVP_PKEY_derive_init(ctx) > 0 &&
         EVP_PKEY_derive_set_peer(ctx, peer) > 0 && EVP_PKEY_derive(ctx, out, &len) > 0 &&
         len == kX25519Bytes;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    ERR_pop_to_mark();
  }
  if (!ok) raise_error(prov, kErrFailedDuringDerivation);
  return ok;
}

// An ephemeral X25519 key pair from armaccel's entropy and its shared
// secret with peer_pub: pub and shared (32 bytes each).  On the lane both
// come from one call (one inversion).
bool x25519_ephemeral(ProvCtx* prov, const std::uint8_t peer_pub[kX25519Bytes],
                      std::uint8_t pub[kX25519Bytes], std::uint8_t shared[kX25519Bytes]) {
  if (!x25519_on_lane(prov)) {
    HybridKey eph = {};
    eph.prov = prov;
    const bool ok = x25519_generate(prov, &eph) && x25519_derive(prov, &eph, peer_pub, shared);
    std::memcpy(pub, eph.x25519_pub, kX25519Bytes);
    EVP_PKEY_free(eph.x25519);
    OPENSSL_cleanse(&eph, sizeof eph);
    return ok;
  }
  std::uint8_t priv[kX25519Bytes];
  if (!random_bytes(prov, priv, sizeof priv)) return false;
  prov->kernels.x25519->public_and_shared(pub, shared, priv, peer_pub);
  OPENSSL_cleanse(priv, sizeof priv);
  std::uint8_t any = 0;
  for (std::size_t i = 0; i < kX25519Bytes; ++i) any |= shared[i];
  // A low-order peer key (RFC 7748 §6.1).
  if (any == 0) raise_error(prov, kErrFailedDuringDerivation);
  return any != 0;
}

int key_match(const void* a, const void* b, int selection) noexcept {
  const auto* k1 = static_cast<const HybridKey*>(a);
  const auto* k2 = static_cast<const HybridKey*>(b);
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
  if (!k1->has_pub || !k2->has_pub) return 0;
  return std::memcmp(k1->mlkem->ek, k2->mlkem->ek, 1184) == 0 &&
                 std::memcmp(k1->x25519_pub, k2->x25519_pub, kX25519Bytes) == 0
             ? 1
             : 0;
}

// As OpenSSL 3.5 reports its hybrids: the ML-KEM part's figures; the
// share (ek || X25519 public key) of a key that has one, into an
// OCTET_STRING of enough room (PROV_R_OUTPUT_BUFFER_TOO_SMALL, another
// type fails without an error).
int key_get_params(void* vkey, OSSL_PARAM params[]) noexcept {
  auto* key = static_cast<HybridKey*>(vkey);
  if (!put_key_figures(params, {768, 192, 3, static_cast<int>(kCiphertextBytes)})) return 0;
  OSSL_PARAM* q = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
  if (q == nullptr || !key->has_pub) return 1;
  if (q->data_type != OSSL_PARAM_OCTET_STRING) return 0;
  q->return_size = kShareBytes;
  if (q->data == nullptr) return 1;
  if (q->data_size < kShareBytes) {
    raise_error(key->prov, kErrOutputBufferTooSmall);
    return 0;
  }
  auto* share = static_cast<std::uint8_t*>(q->data);
  std::memcpy(share, key->mlkem->ek, 1184);
  std::memcpy(share + 1184, key->x25519_pub, kX25519Bytes);
  return 1;
}

// The server side: the client's share into an empty key.  As OpenSSL
// 3.5: a key that has a public key is not changed under its users
// (PROV_R_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE); a share of another
// length is PROV_R_INVALID_KEY, and so is an ek that fails the modulus
// check.
int key_set_params(void* vkey, const OSSL_PARAM params[]) noexcept {
  auto* key = static_cast<HybridKey*>(vkey);
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
  if (p == nullptr) return 1;
  if (key->has_pub || key->has_priv) {
    raise_error(key->prov, kErrKeyTypeOperationNotSupported);
    return 0;
  }
  const std::uint8_t* share = nullptr;
  std::size_t len = 0;
  if (!octet_string_view(p, &share, &len)) return 0;
  if (len != kShareBytes) {
    raise_error(key->prov, kErrInvalidKey);
    return 0;
  }
  if (!mlkem_key_set_public(key->mlkem, share, 1184)) return 0;
  EVP_PKEY_free(key->x25519);
  key->x25519 = nullptr;
  OPENSSL_cleanse(key->x25519_priv, kX25519Bytes);
  std::memcpy(key->x25519_pub, share + 1184, kX25519Bytes);
  key->has_pub = true;
  key->has_priv = false;
  return 1;
}

void* key_dup(const void* vkey, int selection) noexcept {
  const auto* key = static_cast<const HybridKey*>(vkey);
  HybridKey* copy = key_new(key->prov);
  if (copy == nullptr) return nullptr;
  mlkem_key_free(copy->mlkem);
  copy->mlkem = mlkem_key_dup(key->mlkem, selection);
  if (copy->mlkem == nullptr) {
    key_free(copy);
    return nullptr;
  }
  const bool pub = (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key->has_pub;
  const bool priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->has_priv;
  if (pub) std::memcpy(copy->x25519_pub, key->x25519_pub, kX25519Bytes);
  if (priv && pub) std::memcpy(copy->x25519_priv, key->x25519_priv, kX25519Bytes);
  if (priv && pub && key->x25519 != nullptr) {
    // The private X25519 key (it carries the public one).
    if (!EVP_PKEY_up_ref(key->x25519)) {
      key_free(copy);
      return nullptr;
    }
    copy->x25519 = key->x25519;
  }
  copy->has_pub = pub;
  copy->has_priv = priv && pub;
  return copy;
}

// The ML-KEM half's checks (§7.2/7.3); the X25519 half is checked when it
// is used (a low-order point fails the derivation).
int key_validate(const void* vkey, int selection, int) noexcept {
  const auto* key = static_cast<const HybridKey*>(vkey);
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 &&
      (!key->has_pub || !mlkem::check_encapsulation_key(mlkem::kMlkem768, key->mlkem->ek)))
    return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 &&
      (!key->has_priv || (!x25519_on_lane(key->prov) && key->x25519 == nullptr) ||
       !mlkem::check_decapsulation_key(mlkem::kMlkem768, key->prov->kernels.keccak,
                                       key->mlkem->dk)))
    return 0;
  return 1;
}

struct HybridGenCtx {
  ProvCtx* prov;
  int selection;
};

int gen_set_params(void* vgen, const OSSL_PARAM params[]) noexcept {
  auto* gen = static_cast<HybridGenCtx*>(vgen);
  const OSSL_PARAM* p =
      params != nullptr ? OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME) : nullptr;
  if (p == nullptr) return 1;
  const char* name = nullptr;
  if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) || !names_equal(name, kNameX25519Mlkem768)) {
    raise_error(gen->prov, kErrFailedToSetParameter);
    return 0;
  }
  return 1;
}

void gen_cleanup(void* vgen) noexcept {
  OPENSSL_free(vgen);
}

HybridKey* new_key(HybridGenCtx* g) noexcept {
  return key_new(g->prov);
}

bool generate(HybridGenCtx* g, HybridKey* key) noexcept {
  if (!mlkem_key_generate(key->mlkem) || !x25519_generate(g->prov, key)) return false;
  key->has_pub = key->has_priv = true;
  return true;
}

// The KEM.
struct KemCtx {
  ProvCtx* prov;
  HybridKey* key;  // borrowed from the EVP_PKEY, which outlives the operation
};

// The hybrid for KemDispatch (no context parameters), with OpenSSL 3.5's
// hybrid KEM's reasons (see mlkem_kem.cpp for the buffer rules; a
// ciphertext of another length is PROV_R_WRONG_CIPHERTEXT_SIZE here).
struct HybridKem {
  using Ctx = KemCtx;

  static int init(KemCtx* ctx, void* vkey, const OSSL_PARAM*, bool encapsulating) {
    auto* key = static_cast<HybridKey*>(vkey);
    if (key == nullptr || (encapsulating ? !key->has_pub : !key->has_priv)) {
      raise_error(ctx->prov, kErrMissingKey);
      return 0;
    }
    ctx->key = key;
    trace_new_context(ctx->prov,
                      encapsulating ? "X25519MLKEM768 encapsulate" : "X25519MLKEM768 decapsulate",
                      ctx->prov->kernels.mlkem->lane);
    return 1;
  }
  static int encapsulate(void* vctx, unsigned char* out, std::size_t* outlen, unsigned char* secret,
                         std::size_t* secretlen) noexcept {
    auto* ctx = static_cast<KemCtx*>(vctx);
    if (ctx->key == nullptr || !ctx->key->has_pub) {
      raise_error(ctx->prov, kErrMissingKey);
      return 0;
    }
    if (out == nullptr) {
      if (outlen == nullptr && secretlen == nullptr) return 0;
      if (outlen != nullptr) *outlen = kCiphertextBytes;
      if (secretlen != nullptr) *secretlen = kSecretBytes;
      return 1;
    }
    const Reason refused = secret == nullptr            ? kErrNullOutputBuffer
                           : outlen == nullptr          ? kErrNullLengthPointer
                           : *outlen < kCiphertextBytes ? kErrOutputBufferTooSmall
                           : secretlen == nullptr       ? kErrNullLengthPointer
                           : *secretlen < kSecretBytes  ? kErrOutputBufferTooSmall
                                                        : kErrNone;
    if (refused != kErrNone) {
      raise_error(ctx->prov, refused);
      return 0;
    }
    std::uint8_t m[mlkem::kSeedBytes];
    if (!random_bytes(ctx->prov, m, sizeof m)) return 0;
    const bool ok = x25519_ephemeral(ctx->prov, ctx->key->x25519_pub, out + 1088, secret + 32);
    if (ok)
      mlkem::encaps(mlkem::kMlkem768, mlkem_kernels(ctx->key->mlkem), ctx->key->mlkem->ek, m, out,
                    secret);
    OPENSSL_cleanse(m, sizeof m);
    if (!ok) {
      OPENSSL_cleanse(secret, kSecretBytes);
      return 0;
    }
    *outlen = kCiphertextBytes;
    *secretlen = kSecretBytes;
    return 1;
  }

  static int decapsulate(void* vctx, unsigned char* out, std::size_t* outlen,
                         const unsigned char* in, std::size_t inlen) noexcept {
    auto* ctx = static_cast<KemCtx*>(vctx);
    if (ctx->key == nullptr || !ctx->key->has_priv) {
      raise_error(ctx->prov, kErrMissingKey);
      return 0;
    }
    if (out == nullptr) {
      if (outlen == nullptr) return 0;
      *outlen = kSecretBytes;
      return 1;
    }
    if (outlen != nullptr && *outlen < kSecretBytes) {
      raise_error(ctx->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (in == nullptr || inlen != kCiphertextBytes) {
      raise_error(ctx->prov, kErrInvalidCiphertextLength);
      return 0;
    }
    if (!x25519_derive(ctx->prov, ctx->key, in + 1088, out + 32)) {
      OPENSSL_cleanse(out, kSecretBytes);
      return 0;
    }
    mlkem::decaps(mlkem::kMlkem768, mlkem_kernels(ctx->key->mlkem), ctx->key->mlkem->dk, in, out);
    if (outlen != nullptr) *outlen = kSecretBytes;
    return 1;
  }
};

// The hybrid's key management for KeymgmtDispatch (no import or export).
struct HybridKeymgmt {
  using Key = HybridKey;
  using GenCtx = HybridGenCtx;
  static constexpr bool kGenInitRaisesAllocFailure = false;
  static constexpr auto create = key_create;
  static constexpr auto destroy = key_free;
  static constexpr auto dup = key_dup;
  static constexpr auto match = key_match;
  static constexpr auto validate = key_validate;
  static constexpr auto get_params = key_get_params;
  static constexpr OSSL_PARAM kGettable[] = {
      ARMACCEL_KEY_FIGURE_GETTABLES,
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };
  static constexpr auto set_params = key_set_params;
  static constexpr OSSL_PARAM kSettable[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };
  static constexpr auto gen_set_params = prov::gen_set_params;
  static constexpr OSSL_PARAM kGenSettable[] = {
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, nullptr, 0),
      OSSL_PARAM_END,
  };
  static constexpr auto new_key = prov::new_key;
  static constexpr auto generate = prov::generate;
  static constexpr auto gen_cleanup = prov::gen_cleanup;
};

}  // namespace

const OSSL_DISPATCH* const kX25519Mlkem768KeymgmtFunctions = KeymgmtDispatch<HybridKeymgmt>::kTable;
const OSSL_DISPATCH* const kX25519Mlkem768KemFunctions = KemDispatch<HybridKem>::kTable;

}  // namespace armaccel::prov
