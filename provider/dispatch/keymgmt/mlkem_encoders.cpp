// SPDX-License-Identifier: Apache-2.0
// ML-KEM key encoders (the list in mlkem_codecs.cpp's header comment):
// SubjectPublicKeyInfo, PrivateKeyInfo and EncryptedPrivateKeyInfo as DER
// or PEM, and OpenSSL 3.5's text form.
#include "mlkem_codecs.h"

#include <openssl/bio.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "algorithms.h"
#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/names.h"
#include "dispatch/common/random.h"
#include "errors.h"
#include "mlkem_der.h"
#include "mlkem_key.h"
#include "newer_core.h"

namespace armaccel::prov {

namespace {

// ---- output helpers ----------------------------------------------------------

bool write_der_or_pem(BIO* out, bool pem, const char* pem_name, const std::uint8_t* der,
                      std::size_t len) {
  if (pem) return PEM_write_bio(out, pem_name, "", der, static_cast<long>(len)) > 0;
  return BIO_write(out, der, static_cast<int>(len)) == static_cast<int>(len);
}

// "label:" and the bytes as lower-case hex pairs joined by colons, 15 a
// line after four spaces (OpenSSL's ossl_bio_print_labeled_buf layout).
// A lower-case hex digit by arithmetic, not a table lookup: the bytes
// printed are secret (seed, dk).
char hex_digit(unsigned nibble) {
  // nibble + '0', plus ('a' - '0' - 10) when nibble > 9, selected by mask.
  const unsigned above9 = 0u - ((9u - nibble) >> 31);
  return static_cast<char>(nibble + '0' + (above9 & ('a' - '0' - 10)));
}

bool print_labeled(BIO* out, const char* label, const std::uint8_t* buf, std::size_t len) {
  if (BIO_printf(out, "%s\n", label) <= 0) return false;
  constexpr std::size_t kPerLine = 15;
  for (std::size_t i = 0; i < len; i += kPerLine) {
    char line[4 + 3 * kPerLine + 2];
    std::size_t n = 0;
    std::memcpy(line, "    ", 4);
    n = 4;
    for (std::size_t j = i; j < len && j < i + kPerLine; ++j) {
      line[n++] = hex_digit(buf[j] >> 4);
      line[n++] = hex_digit(buf[j] & 15);
      if (j + 1 < len) line[n++] = ':';
    }
    line[n++] = '\n';
    const bool ok = BIO_write(out, line, static_cast<int>(n)) == static_cast<int>(n);
    OPENSSL_cleanse(line, sizeof line);
    if (!ok) return false;
  }
  return true;
}

// ---- encoders ----------------------------------------------------------------

enum class Structure { kSpki, kPki, kEpki, kText };

struct EncoderCtx {
  ProvCtx* prov;
  EVP_CIPHER* cipher;  // set through "cipher": private keys are encrypted
};

// PKCS#8 encryption (RFC 5958 section 3 EncryptedPrivateKeyInfo) with
// PBES2: PBKDF2-HMAC-SHA256, 2048 iterations, a 16-byte salt, the chosen
// cipher with a random IV.  Salt and IV come from armaccel's entropy
// source so that nothing draws random numbers from its child library
// context (see random.h).
X509_SIG* encrypt_pkcs8(const EncoderCtx* ctx, const MlkemDer& der, OSSL_PASSPHRASE_CALLBACK* cb,
                        void* cbarg) {
  const ProvCtx* prov = ctx->prov;
  char pass[1024];
  std::size_t pass_len = 0;
  if (cb == nullptr || !cb(pass, sizeof pass, &pass_len, nullptr, cbarg)) {
    raise_error(prov, kErrUnableToGetPassphrase);
    return nullptr;
  }
  X509_SIG* sig = nullptr;
  std::uint8_t salt[16], iv[EVP_MAX_IV_LENGTH];
  const int iv_len = EVP_CIPHER_get_iv_length(ctx->cipher);
  const unsigned char* p = der.bytes;
  PKCS8_PRIV_KEY_INFO* p8 = d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, static_cast<long>(der.len));
  if (p8 != nullptr && iv_len >= 0 && iv_len <= EVP_MAX_IV_LENGTH &&
      random_bytes(prov, salt, sizeof salt) &&
      random_bytes(prov, iv, static_cast<std::size_t>(iv_len))) {
    X509_ALGOR* pbe = PKCS5_pbe2_set_iv_ex(ctx->cipher, PKCS5_DEFAULT_ITER, salt, sizeof salt, iv,
                                           NID_hmacWithSHA256, prov->libctx);
    if (pbe != nullptr) {
      sig = PKCS8_set0_pbe_ex(pass, static_cast<int>(pass_len), p8, pbe, prov->libctx, nullptr);
      if (sig == nullptr) X509_ALGOR_free(pbe);
    }
  }
  PKCS8_PRIV_KEY_INFO_free(p8);
  OPENSSL_cleanse(pass, sizeof pass);
  if (sig == nullptr) raise_error(prov, kErrEncryptFailed);
  return sig;
}

bool encode_text(const ProvCtx* prov, BIO* out, const MlkemKey& key, int selection) {
  const mlkem::Params& p = *key.params;
  bool printed = false;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && (key.has_priv || key.has_seed)) {
    if (BIO_printf(out, "%s Private-Key:\n", p.name) <= 0) return false;
    if (key.has_seed && !print_labeled(out, "seed:", key.seed, kMlkemSeedBytes)) return false;
    if (key.has_priv && !print_labeled(out, "dk:", key.dk, p.dk_bytes)) return false;
    printed = true;
  }
  // The public key is printed whatever the selection (as OpenSSL 3.5).
  if (key.has_pub) {
    if (!printed && BIO_printf(out, "%s Public-Key:\n", p.name) <= 0) return false;
    if (!print_labeled(out, "ek:", key.ek, p.ek_bytes)) return false;
    printed = true;
  }
  if (!printed) raise_error(prov, kErrMissingKey);
  return printed;
}

bool encode_private(const EncoderCtx* ctx, BIO* out, const MlkemKey& key, bool pem, bool encrypt,
                    OSSL_PASSPHRASE_CALLBACK* cb, void* cbarg) {
  const ProvCtx* prov = ctx->prov;
  if (!key.has_priv) {
    raise_error(prov, kErrMissingKey);
    return false;
  }
  if (encrypt && ctx->cipher == nullptr) {
    raise_error(prov, kErrMissingCipher);
    return false;
  }
  MlkemFormList list;
  if (!codec_format_list(prov, true, &list)) return false;
  std::size_t i = 0;
  while (i < list.count && !mlkem_key_can_give(key, list.forms[i])) ++i;
  if (i == list.count) {
    raise_error(prov, kErrNoMatchingFormat);
    return false;
  }
  auto* der = static_cast<MlkemDer*>(OPENSSL_malloc(sizeof(MlkemDer)));
  if (der == nullptr) {
    raise_alloc_failure(prov);
    return false;
  }
  bool ok = mlkem_pkcs8_encode(key, list.forms[i], der);
  if (ok && !encrypt) {
    ok = write_der_or_pem(out, pem, "PRIVATE KEY", der->bytes, der->len);
  } else if (ok) {
    X509_SIG* sig = encrypt_pkcs8(ctx, *der, cb, cbarg);
    ok = sig != nullptr && (pem ? PEM_write_bio_PKCS8(out, sig) > 0 : i2d_PKCS8_bio(out, sig) > 0);
    X509_SIG_free(sig);
  }
  free_wiped(der, sizeof(MlkemDer));
  return ok;
}

bool encode_public(const ProvCtx* prov, BIO* out, const MlkemKey& key, bool pem) {
  MlkemDer der;
  if (!mlkem_spki_encode(key, &der)) {
    raise_error(prov, kErrMissingKey);
    return false;
  }
  return write_der_or_pem(out, pem, "PUBLIC KEY", der.bytes, der.len);
}

template <unsigned Bits, Structure S, bool Pem>
struct KeyEncoder {
  static const mlkem::Params* params() { return mlkem_params_by_bits(Bits); }

  static int mask() {
    switch (S) {
      case Structure::kSpki:
        return OSSL_KEYMGMT_SELECT_PUBLIC_KEY;
      case Structure::kPki:
      case Structure::kEpki:
        return OSSL_KEYMGMT_SELECT_PRIVATE_KEY;
      case Structure::kText:
        break;
    }
    return OSSL_KEYMGMT_SELECT_ALL;
  }

  static void* newctx(void* provctx) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(OPENSSL_zalloc(sizeof(EncoderCtx)));
    if (ctx != nullptr)
      ctx->prov = static_cast<ProvCtx*>(provctx);
    else
      raise_alloc_failure(static_cast<ProvCtx*>(provctx));
    return ctx;
  }
  static void freectx(void* vctx) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(vctx);
    if (ctx == nullptr) return;
    EVP_CIPHER_free(ctx->cipher);
    OPENSSL_free(ctx);
  }

  // "cipher" (a name; empty or null: no encryption) and "properties" to
  // fetch it with, from the application's providers.
  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(vctx);
    const OSSL_PARAM* c = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
    if (c == nullptr) return 1;
    const char* name = nullptr;
    const char* propq = nullptr;
    const OSSL_PARAM* q = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES);
    if (!OSSL_PARAM_get_utf8_string_ptr(c, &name) ||
        (q != nullptr && !OSSL_PARAM_get_utf8_string_ptr(q, &propq))) {
      raise_error(ctx->prov, kErrFailedToSetParameter);
      return 0;
    }
    EVP_CIPHER_free(ctx->cipher);
    ctx->cipher = nullptr;
    if (name == nullptr || *name == '\0') return 1;
    ctx->cipher = EVP_CIPHER_fetch(ctx->prov->libctx, name, propq);
    if (ctx->cipher == nullptr) {
      raise_error(ctx->prov, kErrUnsupportedCipher);
      return 0;
    }
    return 1;
  }
  static const OSSL_PARAM* settable_ctx_params(void*) noexcept {
    static const OSSL_PARAM kSettable[] = {
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, nullptr, 0),
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, nullptr, 0),
        OSSL_PARAM_END,
    };
    return kSettable;
  }

  static int does_selection(void*, int selection) noexcept {
    return codec_serves(selection, mask()) ? 1 : 0;
  }

  static void* import_object(void* vctx, int selection, const OSSL_PARAM params[]) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(vctx);
    return codec_key_from_params(ctx->prov, KeyEncoder::params(), selection, params);
  }
  static void free_object(void* key) noexcept { mlkem_key_free(static_cast<MlkemKey*>(key)); }

  static int encode(void* vctx, OSSL_CORE_BIO* cout, const void* obj,
                    const OSSL_PARAM obj_abstract[], int selection, OSSL_PASSPHRASE_CALLBACK* cb,
                    void* cbarg) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(vctx);
    const ProvCtx* prov = ctx->prov;
    if (!codec_serves(selection, mask())) {
      raise_error(prov, kErrMissingKey);
      return 0;
    }
    MlkemKey* imported = nullptr;
    const auto* key = static_cast<const MlkemKey*>(obj);
    if (key == nullptr && obj_abstract != nullptr)
      key = imported = codec_key_from_params(ctx->prov, params(), selection, obj_abstract);
    if (key == nullptr || key->params != params()) {
      if (key != nullptr) raise_error(prov, kErrNotAKey);
      mlkem_key_free(imported);
      return 0;
    }
    BIO* out = codec_open_bio(prov, cout);
    bool ok = out != nullptr;
    if (ok) {
      switch (S) {
        case Structure::kSpki:
          ok = encode_public(prov, out, *key, Pem);
          break;
        case Structure::kPki:
        case Structure::kEpki:
          ok = encode_private(ctx, out, *key, Pem, S == Structure::kEpki || ctx->cipher != nullptr,
                              cb, cbarg);
          break;
        case Structure::kText:
          ok = encode_text(prov, out, *key, selection);
          break;
      }
    }
    BIO_free(out);
    if (ok) trace_key_event(prov, params()->name, "key encoded", prov->kernels.mlkem->lane);
    mlkem_key_free(imported);
    return ok ? 1 : 0;
  }

  static inline const OSSL_DISPATCH kFunctions[] = {
      {OSSL_FUNC_ENCODER_NEWCTX, as_dispatch(&newctx)},
      {OSSL_FUNC_ENCODER_FREECTX, as_dispatch(&freectx)},
      {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, as_dispatch(&set_ctx_params)},
      {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, as_dispatch(&settable_ctx_params)},
      {OSSL_FUNC_ENCODER_DOES_SELECTION, as_dispatch(&does_selection)},
      {OSSL_FUNC_ENCODER_IMPORT_OBJECT, as_dispatch(&import_object)},
      {OSSL_FUNC_ENCODER_FREE_OBJECT, as_dispatch(&free_object)},
      {OSSL_FUNC_ENCODER_ENCODE, as_dispatch(&encode)},
      {0, nullptr},
  };
};

// ---- algorithm table ------------------------------------------------------------

#define ARMACCEL_PROPS(rest) "provider=armaccel," rest

#define ARMACCEL_MLKEM_ENCODERS(bits)                                                    \
  {kNameMlkem##bits, ARMACCEL_PROPS("output=der,structure=SubjectPublicKeyInfo"),        \
   KeyEncoder<bits, Structure::kSpki, false>::kFunctions, nullptr},                      \
      {kNameMlkem##bits, ARMACCEL_PROPS("output=pem,structure=SubjectPublicKeyInfo"),    \
       KeyEncoder<bits, Structure::kSpki, true>::kFunctions, nullptr},                   \
      {kNameMlkem##bits, ARMACCEL_PROPS("output=der,structure=PrivateKeyInfo"),          \
       KeyEncoder<bits, Structure::kPki, false>::kFunctions, nullptr},                   \
      {kNameMlkem##bits, ARMACCEL_PROPS("output=pem,structure=PrivateKeyInfo"),          \
       KeyEncoder<bits, Structure::kPki, true>::kFunctions, nullptr},                    \
      {kNameMlkem##bits, ARMACCEL_PROPS("output=der,structure=EncryptedPrivateKeyInfo"), \
       KeyEncoder<bits, Structure::kEpki, false>::kFunctions, nullptr},                  \
      {kNameMlkem##bits, ARMACCEL_PROPS("output=pem,structure=EncryptedPrivateKeyInfo"), \
       KeyEncoder<bits, Structure::kEpki, true>::kFunctions, nullptr},                   \
  {                                                                                      \
    kNameMlkem##bits, ARMACCEL_PROPS("output=text"),                                     \
        KeyEncoder<bits, Structure::kText, false>::kFunctions, nullptr                   \
  }

const OSSL_ALGORITHM kEncoders[] = {
    ARMACCEL_MLKEM_ENCODERS(512),
    ARMACCEL_MLKEM_ENCODERS(768),
    ARMACCEL_MLKEM_ENCODERS(1024),
    {nullptr, nullptr, nullptr, nullptr},
};

#undef ARMACCEL_MLKEM_ENCODERS
#undef ARMACCEL_PROPS

}  // namespace

const OSSL_ALGORITHM* encoder_algorithms() {
  return kEncoders;
}

}  // namespace armaccel::prov
