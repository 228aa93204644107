// SPDX-License-Identifier: Apache-2.0
// The KEM operation for ML-KEM-512/768/1024 keys (FIPS 203 ML-KEM.Encaps
// and ML-KEM.Decaps): EVP_PKEY_encapsulate / EVP_PKEY_decapsulate.  With
// out == NULL both report the lengths (ciphertext, 32-byte shared secret).
// "ikme" (32 bytes, OpenSSL 3.5's name) makes encapsulation deterministic:
// it is the m of ML-KEM.Encaps_internal, for tests.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>

#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/kem_dispatch.h"
#include "dispatch/common/random.h"
#include "dispatch/common/tables.h"
#include "dispatch/keymgmt/key_params.h"
#include "dispatch/keymgmt/mlkem_key.h"
#include "errors.h"
#include "newer_core.h"

namespace armaccel::prov {

namespace {

struct KemCtx {
  ProvCtx* prov;
  // The operation's key, borrowed: the EVP_PKEY_CTX holds the EVP_PKEY it
  // belongs to for as long as this context lives, and a key that holds
  // material never changes (set_params refuses), so no copy is needed.
  const MlkemKey* key;
  bool decapsulating;  // the operation init set up
  bool has_ikme;
  std::uint8_t ikme[mlkem::kSeedBytes];
};

// ML-KEM (FIPS 203) for KemDispatch: "ikme" fixes encapsulation's m.
struct MlkemKem {
  using Ctx = KemCtx;

  // "ikme", for encapsulation only (decapsulation is deterministic and
  // ignores it): 32 bytes of OCTET_STRING, else PROV_R_INVALID_SEED_LENGTH
  // after what the running libcrypto raises, as OpenSSL 3.5.
  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    auto* ctx = static_cast<KemCtx*>(vctx);
    if (params == nullptr || ctx->decapsulating) return 1;
    if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, kParamIkme); p != nullptr) {
      std::size_t len = 0;
      ctx->has_ikme = false;
      if (!octet_string_copy(p, ctx->ikme, sizeof ctx->ikme, &len) || len != mlkem::kSeedBytes) {
        OPENSSL_cleanse(ctx->ikme, sizeof ctx->ikme);
        raise_error(ctx->prov, kErrInvalidSeedLength);
        return 0;
      }
      ctx->has_ikme = true;
    }
    // "operation" (EVP_PKEY_CTX_set_kem_op) has no meaning for ML-KEM: any
    // value is accepted, as OpenSSL 3.5 does.
    return 1;
  }

  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kSettable[] = {
        OSSL_PARAM_octet_string(kParamIkme, nullptr, 0),
        OSSL_PARAM_utf8_string(OSSL_KEM_PARAM_OPERATION, nullptr, 0),
        OSSL_PARAM_END,
    };
    return kSettable;
  }

  static int get_ctx_params(void*, OSSL_PARAM*) noexcept { return 1; }
  static const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kNone[] = {OSSL_PARAM_END};
    return kNone;
  }

  static int init(KemCtx* ctx, void* keydata, const OSSL_PARAM params[], bool encapsulating) {
    auto* key = static_cast<const MlkemKey*>(keydata);
    if (key == nullptr || (encapsulating ? !key->has_pub : !key->has_priv)) {
      raise_error(ctx->prov, kErrMissingKey);
      return 0;
    }
    ctx->key = key;
    ctx->decapsulating = !encapsulating;
    OPENSSL_cleanse(ctx->ikme, sizeof ctx->ikme);
    ctx->has_ikme = false;
    trace_new_context(ctx->prov, encapsulating ? "ML-KEM encapsulate" : "ML-KEM decapsulate",
                      ctx->prov->kernels.mlkem->lane);
    return set_ctx_params(ctx, params);
  }

  // Whether the context holds a key for the operation (a public key to
  // encapsulate, a private key to decapsulate); PROV_R_MISSING_KEY when
  // it does not.
  static bool key_ready(KemCtx* ctx, bool need_private) {
    if (ctx->key != nullptr && (need_private ? ctx->key->has_priv : ctx->key->has_pub)) return true;
    raise_error(ctx->prov, kErrMissingKey);
    return false;
  }

  // As OpenSSL 3.5's: with no ciphertext buffer, the lengths (none asked
  // for: a failure without an error); else a secret buffer
  // (PROV_R_NULL_OUTPUT_BUFFER) and both lengths (PROV_R_NULL_LENGTH_POINTER),
  // each with room (PROV_R_OUTPUT_BUFFER_TOO_SMALL).  "ikme" serves one
  // encapsulation.
  static int encapsulate(void* vctx, unsigned char* out, std::size_t* outlen, unsigned char* secret,
                         std::size_t* secretlen) noexcept {
    auto* ctx = static_cast<KemCtx*>(vctx);
    if (!key_ready(ctx, /*need_private=*/false)) return 0;
    const mlkem::Params& p = *ctx->key->params;
    if (out == nullptr) {
      if (outlen == nullptr && secretlen == nullptr) return 0;
      if (outlen != nullptr) *outlen = p.ct_bytes;
      if (secretlen != nullptr) *secretlen = mlkem::kSharedSecretBytes;
      return 1;
    }
    std::uint8_t m[mlkem::kSeedBytes];
    const bool fixed = ctx->has_ikme;
    if (fixed) std::memcpy(m, ctx->ikme, sizeof m);
    OPENSSL_cleanse(ctx->ikme, sizeof ctx->ikme);
    ctx->has_ikme = false;
    const Reason refused = secret == nullptr                        ? kErrNullOutputBuffer
                           : outlen == nullptr                      ? kErrNullLengthPointer
                           : *outlen < p.ct_bytes                   ? kErrOutputBufferTooSmall
                           : secretlen == nullptr                   ? kErrNullLengthPointer
                           : *secretlen < mlkem::kSharedSecretBytes ? kErrOutputBufferTooSmall
                                                                    : kErrNone;
    if (refused != kErrNone || (!fixed && !random_bytes(ctx->prov, m, sizeof m))) {
      OPENSSL_cleanse(m, sizeof m);
      raise_error(ctx->prov, refused);
      return 0;
    }
    mlkem::encaps(p, mlkem_kernels(ctx->key), ctx->key->ek, m, out, secret);
    OPENSSL_cleanse(m, sizeof m);
    *outlen = p.ct_bytes;
    *secretlen = mlkem::kSharedSecretBytes;
    return 1;
  }

  // As OpenSSL 3.5's: with no secret buffer, its length (no pointer for
  // it: a failure without an error); a null length pointer is tolerated
  // (32 bytes of room assumed); too little room is
  // PROV_R_OUTPUT_BUFFER_TOO_SMALL; a ciphertext of another length fails
  // without an error.
  static int decapsulate(void* vctx, unsigned char* out, std::size_t* outlen,
                         const unsigned char* in, std::size_t inlen) noexcept {
    auto* ctx = static_cast<KemCtx*>(vctx);
    if (!key_ready(ctx, /*need_private=*/true)) return 0;
    const mlkem::Params& p = *ctx->key->params;
    if (out == nullptr) {
      if (outlen == nullptr) return 0;
      *outlen = mlkem::kSharedSecretBytes;
      return 1;
    }
    if (outlen != nullptr && *outlen < mlkem::kSharedSecretBytes) {
      raise_error(ctx->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (in == nullptr || inlen != p.ct_bytes) return 0;
    mlkem::decaps(p, mlkem_kernels(ctx->key), ctx->key->dk, in, out);
    if (outlen != nullptr) *outlen = mlkem::kSharedSecretBytes;
    return 1;
  }
};

}  // namespace

const OSSL_DISPATCH* const kMlkemKemFunctions = KemDispatch<MlkemKem>::kTable;

}  // namespace armaccel::prov
