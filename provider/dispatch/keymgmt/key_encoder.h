// SPDX-License-Identifier: Apache-2.0
// The encoder of one key type in one structure and output form, as an
// OSSL_DISPATCH table, for any key type described by a codec class:
//
//   struct Codec {
//     using Key = ...;
//     static const char* name();                       // "X25519", "ML-KEM-768"
//     static const char* lane(const ProvCtx*);         // for the trace
//     static Key* from_params(ProvCtx*, int selection, const OSSL_PARAM[]);
//     static void free_key(Key*);
//     static bool is_mine(const Key&);                 // this encoder's key type
//     static bool encode_public(const ProvCtx*, BIO*, const Key&, bool pem);
//     static bool encode_private(const EncoderCtx*, BIO*, const Key&, bool pem,
//                                bool encrypt, OSSL_PASSPHRASE_CALLBACK*, void*);
//     static bool encode_text(const ProvCtx*, BIO*, const Key&, int selection);
//   };
//
// The structures: SubjectPublicKeyInfo (RFC 5280), PrivateKeyInfo (RFC
// 5958; encrypted when the caller set a cipher, as OpenSSL's own encoders
// do -- PEM_write_bio_PrivateKey with a cipher asks for this structure),
// EncryptedPrivateKeyInfo (RFC 5958 section 3), and text.
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>

#include "capabilities.h"
#include "codec_util.h"
#include "dispatch/common/dispatch_util.h"
#include "errors.h"

namespace armaccel::prov {

enum class Structure { kSpki, kPki, kEpki, kText };

template <class Codec, Structure S, bool Pem>
struct KeyEncoder {
  using Key = typename Codec::Key;

  static constexpr int kMask = S == Structure::kSpki   ? OSSL_KEYMGMT_SELECT_PUBLIC_KEY
                               : S == Structure::kText ? OSSL_KEYMGMT_SELECT_ALL
                                                       : OSSL_KEYMGMT_SELECT_PRIVATE_KEY;

  static int does_selection(void*, int selection) noexcept {
    return codec_serves(selection, kMask) ? 1 : 0;
  }

  static void* import_object(void* vctx, int selection, const OSSL_PARAM params[]) noexcept {
    return Codec::from_params(static_cast<EncoderCtx*>(vctx)->prov, selection, params);
  }
  static void free_object(void* key) noexcept { Codec::free_key(static_cast<Key*>(key)); }

  static int encode(void* vctx, OSSL_CORE_BIO* cout, const void* obj,
                    const OSSL_PARAM obj_abstract[], int selection, OSSL_PASSPHRASE_CALLBACK* cb,
                    void* cbarg) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(vctx);
    const ProvCtx* prov = ctx->prov;
    if (!codec_serves(selection, kMask)) {
      raise_error(prov, kErrMissingKey);
      return 0;
    }
    // EncryptedPrivateKeyInfo without a cipher: nothing to write, and no
    // error, as the default provider's encoders do -- OpenSSL's encoder
    // chain then goes on to the plain PrivateKeyInfo when the caller named
    // no structure.
    if (S == Structure::kEpki && ctx->cipher == nullptr) return 0;
    Key* imported = nullptr;
    const auto* key = static_cast<const Key*>(obj);
    if (key == nullptr && obj_abstract != nullptr)
      key = imported = Codec::from_params(ctx->prov, selection, obj_abstract);
    if (key == nullptr || !Codec::is_mine(*key)) {
      if (key != nullptr) raise_error(prov, kErrNotAKey);
      Codec::free_key(imported);
      return 0;
    }
    BIO* out = codec_open_bio(prov, cout);
    bool ok = out != nullptr;
    if (ok) {
      switch (S) {
        case Structure::kSpki:
          ok = Codec::encode_public(prov, out, *key, Pem);
          break;
        case Structure::kPki:
        case Structure::kEpki:
          ok = Codec::encode_private(ctx, out, *key, Pem,
                                     S == Structure::kEpki || ctx->cipher != nullptr, cb, cbarg);
          break;
        case Structure::kText:
          ok = Codec::encode_text(prov, out, *key, selection);
          break;
      }
    }
    BIO_free(out);
    if (ok) trace_key_event(prov, Codec::name(), "key encoded", Codec::lane(prov));
    Codec::free_key(imported);
    return ok ? 1 : 0;
  }

  static inline const OSSL_DISPATCH kFunctions[] = {
      {OSSL_FUNC_ENCODER_NEWCTX, as_dispatch(&encoder_newctx)},
      {OSSL_FUNC_ENCODER_FREECTX, as_dispatch(&encoder_freectx)},
      {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, as_dispatch(&encoder_set_ctx_params)},
      {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, as_dispatch(&encoder_settable_ctx_params)},
      {OSSL_FUNC_ENCODER_DOES_SELECTION, as_dispatch(&does_selection)},
      {OSSL_FUNC_ENCODER_IMPORT_OBJECT, as_dispatch(&import_object)},
      {OSSL_FUNC_ENCODER_FREE_OBJECT, as_dispatch(&free_object)},
      {OSSL_FUNC_ENCODER_ENCODE, as_dispatch(&encode)},
      {0, nullptr},
  };
};

// The seven encoders of a key type, for an algorithm table: DER and PEM of
// the three structures, and text.  In the default provider's order:
// OpenSSL tries a key's encoders from the last listed back, and takes the
// first that writes, so with no structure named PrivateKeyInfo comes
// before EncryptedPrivateKeyInfo (which writes nothing without a cipher).
#define ARMACCEL_KEY_ENCODERS(name, Codec)                                                         \
  {name, "provider=armaccel,output=der,structure=EncryptedPrivateKeyInfo",                         \
   KeyEncoder<Codec, Structure::kEpki, false>::kFunctions, nullptr},                               \
      {name, "provider=armaccel,output=pem,structure=EncryptedPrivateKeyInfo",                     \
       KeyEncoder<Codec, Structure::kEpki, true>::kFunctions, nullptr},                            \
      {name, "provider=armaccel,output=der,structure=PrivateKeyInfo",                              \
       KeyEncoder<Codec, Structure::kPki, false>::kFunctions, nullptr},                            \
      {name, "provider=armaccel,output=pem,structure=PrivateKeyInfo",                              \
       KeyEncoder<Codec, Structure::kPki, true>::kFunctions, nullptr},                             \
      {name, "provider=armaccel,output=der,structure=SubjectPublicKeyInfo",                        \
       KeyEncoder<Codec, Structure::kSpki, false>::kFunctions, nullptr},                           \
      {name, "provider=armaccel,output=pem,structure=SubjectPublicKeyInfo",                        \
       KeyEncoder<Codec, Structure::kSpki, true>::kFunctions, nullptr},                            \
  {                                                                                                \
    name, "provider=armaccel,output=text", KeyEncoder<Codec, Structure::kText, false>::kFunctions, \
        nullptr                                                                                    \
  }

}  // namespace armaccel::prov
