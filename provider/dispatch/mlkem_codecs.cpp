// Encoders and decoders of ML-KEM-512/768/1024 keys, in the formats of the
// IETF LAMPS ML-KEM certificates document and OpenSSL 3.5 (mlkem_der.h):
//
//   encoders  output=der|pem, structure=SubjectPublicKeyInfo (RFC 5280)
//             output=der|pem, structure=PrivateKeyInfo (RFC 5958; encrypted
//                             when the caller set a cipher, as OpenSSL's
//                             own encoders do -- PEM_write_bio_PrivateKey
//                             with a cipher asks for this structure)
//             output=der|pem, structure=EncryptedPrivateKeyInfo (RFC 5958
//                             section 3, PBES2 of RFC 8018 with PBKDF2-
//                             HMAC-SHA256)
//             output=text     OpenSSL 3.5's layout ("ML-KEM-768
//                             Private-Key:", "seed:", "dk:", "ek:")
//   decoders  input=der, structure=SubjectPublicKeyInfo / PrivateKeyInfo;
//             PEM and encrypted PKCS#8 reach them as DER through the
//             default provider's decoders.
//
// A decoder handed input that does not carry its parameter set's OID
// returns empty-handed (other decoders go on); input with its OID but a
// defect fails with an armaccel error (and stops the decoding).  Decoded
// keys go to the key management through OSSL_OBJECT_PARAM_REFERENCE: the
// address of a MlkemKey* that its load function takes over.
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

#include "../algorithms.h"
#include "../capabilities.h"
#include "../errors.h"
#include "../newer_core.h"
#include "dispatch_util.h"
#include "mlkem_der.h"
#include "mlkem_key.h"
#include "random.h"

namespace armaccel::prov {

namespace {

// ---- selections -------------------------------------------------------------

// Whether an implementation covering `mask` serves `selection`, with
// OpenSSL's reading of selections as levels (private key, then public key,
// then parameters; the highest one asked for decides).  0 means "guess".
bool serves(int selection, int mask) {
  if (selection == 0) return true;
  for (int level : {OSSL_KEYMGMT_SELECT_PRIVATE_KEY, OSSL_KEYMGMT_SELECT_PUBLIC_KEY,
                    OSSL_KEYMGMT_SELECT_ALL_PARAMETERS}) {
    if ((selection & level) != 0) return (mask & level) != 0;
  }
  return false;
}

// ---- config and format lists ----------------------------------------------------

bool format_list(const ProvCtx* prov, bool output, MlkemFormList* list) {
  const char* text = output ? prov->mlkem.output_formats : prov->mlkem.input_formats;
  if (!mlkem_parse_formats(text, list)) {
    raise_error(prov, kErrUnknownKeyFormat);
    return false;
  }
  return true;
}

// ---- keys from parameters (encoders' import_object, decoders' export) --------

const OSSL_PARAM* octets_param(const OSSL_PARAM params[], const char* name) {
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, name);
  return p != nullptr && readable_octets(p) ? p : nullptr;
}

MlkemKey* key_from_params(ProvCtx* prov, const mlkem::Params* set, int selection,
                          const OSSL_PARAM params[]) {
  const OSSL_PARAM *seed = nullptr, *priv = nullptr, *pub = nullptr;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
    seed = octets_param(params, kParamMlkemSeed);
    priv = octets_param(params, OSSL_PKEY_PARAM_PRIV_KEY);
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0)
    pub = octets_param(params, OSSL_PKEY_PARAM_PUB_KEY);
  MlkemKey* key = mlkem_key_new(prov, set);
  if (key == nullptr) return nullptr;
  auto data = [](const OSSL_PARAM* p) {
    return p == nullptr ? nullptr : static_cast<const std::uint8_t*>(p->data);
  };
  auto size = [](const OSSL_PARAM* p) { return p == nullptr ? std::size_t{0} : p->data_size; };
  if (!mlkem_key_import(key, data(seed), size(seed), data(priv), size(priv), data(pub),
                        size(pub))) {
    mlkem_key_free(key);
    return nullptr;
  }
  return key;
}

// ---- output helpers ----------------------------------------------------------

// A libcrypto BIO over the core's; nullptr on failure.
BIO* open_bio(const ProvCtx* prov, OSSL_CORE_BIO* cbio) {
  return BIO_new_from_core_bio(prov->libctx, cbio);
}

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
  if (!format_list(prov, true, &list)) return false;
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
  OPENSSL_clear_free(der, sizeof(MlkemDer));
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
    return serves(selection, mask()) ? 1 : 0;
  }

  static void* import_object(void* vctx, int selection, const OSSL_PARAM params[]) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(vctx);
    return key_from_params(ctx->prov, KeyEncoder::params(), selection, params);
  }
  static void free_object(void* key) noexcept { mlkem_key_free(static_cast<MlkemKey*>(key)); }

  static int encode(void* vctx, OSSL_CORE_BIO* cout, const void* obj,
                    const OSSL_PARAM obj_abstract[], int selection, OSSL_PASSPHRASE_CALLBACK* cb,
                    void* cbarg) noexcept {
    auto* ctx = static_cast<EncoderCtx*>(vctx);
    const ProvCtx* prov = ctx->prov;
    if (!serves(selection, mask())) {
      raise_error(prov, kErrMissingKey);
      return 0;
    }
    MlkemKey* imported = nullptr;
    const auto* key = static_cast<const MlkemKey*>(obj);
    if (key == nullptr && obj_abstract != nullptr)
      key = imported = key_from_params(ctx->prov, params(), selection, obj_abstract);
    if (key == nullptr || key->params != params()) {
      if (key != nullptr) raise_error(prov, kErrNotAKey);
      mlkem_key_free(imported);
      return 0;
    }
    BIO* out = open_bio(prov, cout);
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

// ---- decoders ----------------------------------------------------------------

// The whole input (PEM and encrypted forms were turned into DER before
// this point).  Anything longer than any ML-KEM structure is not ours.
constexpr std::size_t kMaxInput = 2 * kMlkemMaxDerBytes;

struct Input {
  std::uint8_t* bytes = nullptr;
  std::size_t len = 0;
  ~Input() { OPENSSL_clear_free(bytes, kMaxInput + 1); }
};

bool read_input(const ProvCtx* prov, OSSL_CORE_BIO* cin, Input* in) {
  BIO* bio = open_bio(prov, cin);
  if (bio == nullptr) return false;
  in->bytes = static_cast<std::uint8_t*>(OPENSSL_malloc(kMaxInput + 1));
  bool ok = in->bytes != nullptr;
  if (!ok) raise_alloc_failure(prov);
  while (ok && in->len <= kMaxInput) {
    const int n = BIO_read(bio, in->bytes + in->len, static_cast<int>(kMaxInput + 1 - in->len));
    if (n <= 0) break;
    in->len += static_cast<std::size_t>(n);
  }
  BIO_free(bio);
  return ok && in->len <= kMaxInput;
}

template <unsigned Bits, bool Pkcs8>
struct KeyDecoder {
  static const mlkem::Params* params() { return mlkem_params_by_bits(Bits); }
  static constexpr int kMask =
      Pkcs8 ? OSSL_KEYMGMT_SELECT_PRIVATE_KEY : OSSL_KEYMGMT_SELECT_PUBLIC_KEY;

  static void* newctx(void* provctx) noexcept { return provctx; }
  static void freectx(void*) noexcept {}

  static int does_selection(void*, int selection) noexcept {
    return serves(selection, kMask) ? 1 : 0;
  }

  static int decode(void* vctx, OSSL_CORE_BIO* cin, int selection, OSSL_CALLBACK* data_cb,
                    void* data_cbarg, OSSL_PASSPHRASE_CALLBACK*, void*) noexcept {
    auto* prov = static_cast<ProvCtx*>(vctx);
    if (!serves(selection, kMask)) return 1;  // empty-handed
    Input in;
    if (!read_input(prov, cin, &in)) return 1;
    const mlkem::Params& p = *params();
    MlkemDecoded d;
    if constexpr (Pkcs8) {
      // Whether the input is this decoder's does not depend on the
      // enabled forms: look with all of them first.
      MlkemFormList allowed;
      mlkem_parse_formats(nullptr, &allowed);
      d = mlkem_pkcs8_decode(p, allowed, in.bytes, in.len);
      if (d.status == MlkemDecoded::kNotMine) return 1;
      if (!format_list(prov, false, &allowed)) return 0;
      d = mlkem_pkcs8_decode(p, allowed, in.bytes, in.len);
    } else {
      d = mlkem_spki_decode(p, in.bytes, in.len);
    }
    if (d.status == MlkemDecoded::kNotMine) return 1;
    if (d.status == MlkemDecoded::kMalformed) {
      raise_error(prov, d.reason);
      return 0;
    }
    MlkemKey* key = mlkem_key_new(prov, &p);
    if (key == nullptr) return 0;
    if (!mlkem_key_import(key, d.seed, kMlkemSeedBytes, d.priv, p.dk_bytes, d.pub, p.ek_bytes)) {
      mlkem_key_free(key);
      return 0;
    }
    trace_key_event(prov, p.name, Pkcs8 ? "private key decoded" : "public key decoded",
                    prov->kernels.mlkem->lane);
    int object_type = OSSL_OBJECT_PKEY;
    OSSL_PARAM out[] = {
        OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type),
        OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, const_cast<char*>(p.name), 0),
        OSSL_PARAM_construct_utf8_string(
            OSSL_OBJECT_PARAM_DATA_STRUCTURE,
            const_cast<char*>(Pkcs8 ? "PrivateKeyInfo" : "SubjectPublicKeyInfo"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &key, sizeof key),
        OSSL_PARAM_construct_end(),
    };
    // The key management's load takes the key out of `key` (see
    // mlkem_keymgmt.cpp); whatever is left is ours to free.
    const int ok = data_cb(out, data_cbarg);
    mlkem_key_free(key);
    return ok;
  }

  // For a key management of another provider: the key as parameters.
  static int export_object(void* vctx, const void* reference, std::size_t reference_sz,
                           OSSL_CALLBACK* export_cb, void* export_cbarg) noexcept {
    auto* prov = static_cast<ProvCtx*>(vctx);
    if (reference == nullptr || reference_sz != sizeof(MlkemKey*)) return 0;
    const MlkemKey* key = *static_cast<MlkemKey* const*>(reference);
    if (key == nullptr || key->params != params()) {
      raise_error(prov, kErrNotAKey);
      return 0;
    }
    const mlkem::Params& p = *key->params;
    OSSL_PARAM out[4];
    int n = 0;
    if (key->has_seed)
      out[n++] = OSSL_PARAM_construct_octet_string(
          kParamMlkemSeed, const_cast<std::uint8_t*>(key->seed), kMlkemSeedBytes);
    if (key->has_priv)
      out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY,
                                                   const_cast<std::uint8_t*>(key->dk), p.dk_bytes);
    if (key->has_pub)
      out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY,
                                                   const_cast<std::uint8_t*>(key->ek), p.ek_bytes);
    out[n] = OSSL_PARAM_construct_end();
    return export_cb(out, export_cbarg);
  }

  static inline const OSSL_DISPATCH kFunctions[] = {
      {OSSL_FUNC_DECODER_NEWCTX, as_dispatch(&newctx)},
      {OSSL_FUNC_DECODER_FREECTX, as_dispatch(&freectx)},
      {OSSL_FUNC_DECODER_DOES_SELECTION, as_dispatch(&does_selection)},
      {OSSL_FUNC_DECODER_DECODE, as_dispatch(&decode)},
      {OSSL_FUNC_DECODER_EXPORT_OBJECT, as_dispatch(&export_object)},
      {0, nullptr},
  };
};

// ---- algorithm tables ------------------------------------------------------------

#define ARMACCEL_MLKEM_NAMES(bits, arc) \
  "ML-KEM-" #bits ":MLKEM" #bits ":id-alg-ml-kem-" #bits ":2.16.840.1.101.3.4.4." #arc

#define ARMACCEL_PROPS(rest) "provider=armaccel," rest

#define ARMACCEL_MLKEM_ENCODERS(bits, arc)                                                       \
  {ARMACCEL_MLKEM_NAMES(bits, arc), ARMACCEL_PROPS("output=der,structure=SubjectPublicKeyInfo"), \
   KeyEncoder<bits, Structure::kSpki, false>::kFunctions, nullptr},                              \
      {ARMACCEL_MLKEM_NAMES(bits, arc),                                                          \
       ARMACCEL_PROPS("output=pem,structure=SubjectPublicKeyInfo"),                              \
       KeyEncoder<bits, Structure::kSpki, true>::kFunctions, nullptr},                           \
      {ARMACCEL_MLKEM_NAMES(bits, arc), ARMACCEL_PROPS("output=der,structure=PrivateKeyInfo"),   \
       KeyEncoder<bits, Structure::kPki, false>::kFunctions, nullptr},                           \
      {ARMACCEL_MLKEM_NAMES(bits, arc), ARMACCEL_PROPS("output=pem,structure=PrivateKeyInfo"),   \
       KeyEncoder<bits, Structure::kPki, true>::kFunctions, nullptr},                            \
      {ARMACCEL_MLKEM_NAMES(bits, arc),                                                          \
       ARMACCEL_PROPS("output=der,structure=EncryptedPrivateKeyInfo"),                           \
       KeyEncoder<bits, Structure::kEpki, false>::kFunctions, nullptr},                          \
      {ARMACCEL_MLKEM_NAMES(bits, arc),                                                          \
       ARMACCEL_PROPS("output=pem,structure=EncryptedPrivateKeyInfo"),                           \
       KeyEncoder<bits, Structure::kEpki, true>::kFunctions, nullptr},                           \
  {                                                                                              \
    ARMACCEL_MLKEM_NAMES(bits, arc), ARMACCEL_PROPS("output=text"),                              \
        KeyEncoder<bits, Structure::kText, false>::kFunctions, nullptr                           \
  }

#define ARMACCEL_MLKEM_DECODERS(bits, arc)                                                      \
  {ARMACCEL_MLKEM_NAMES(bits, arc), ARMACCEL_PROPS("input=der,structure=SubjectPublicKeyInfo"), \
   KeyDecoder<bits, false>::kFunctions, nullptr},                                               \
  {                                                                                             \
    ARMACCEL_MLKEM_NAMES(bits, arc), ARMACCEL_PROPS("input=der,structure=PrivateKeyInfo"),      \
        KeyDecoder<bits, true>::kFunctions, nullptr                                             \
  }

const OSSL_ALGORITHM kEncoders[] = {
    ARMACCEL_MLKEM_ENCODERS(512, 1),
    ARMACCEL_MLKEM_ENCODERS(768, 2),
    ARMACCEL_MLKEM_ENCODERS(1024, 3),
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kDecoders[] = {
    ARMACCEL_MLKEM_DECODERS(512, 1),
    ARMACCEL_MLKEM_DECODERS(768, 2),
    ARMACCEL_MLKEM_DECODERS(1024, 3),
    {nullptr, nullptr, nullptr, nullptr},
};

#undef ARMACCEL_MLKEM_DECODERS
#undef ARMACCEL_MLKEM_ENCODERS
#undef ARMACCEL_PROPS
#undef ARMACCEL_MLKEM_NAMES

// "yes"/"no" and the other spellings OpenSSL's config accepts; -1 if none.
int config_bool(const char* value) {
  if (value == nullptr) return -1;
  for (const char* yes : {"1", "yes", "true", "on"})
    if (OPENSSL_strcasecmp(value, yes) == 0) return 1;
  for (const char* no : {"0", "no", "false", "off"})
    if (OPENSSL_strcasecmp(value, no) == 0) return 0;
  return -1;
}

}  // namespace

const OSSL_ALGORITHM* encoder_algorithms() {
  return kEncoders;
}
const OSSL_ALGORITHM* decoder_algorithms() {
  return kDecoders;
}

bool mlkem_read_config(ProvCtx* prov, OSSL_FUNC_core_get_params_fn* core_get_params) {
  if (core_get_params == nullptr) return true;
  MlkemSettings* settings = &prov->mlkem;
  char *retain = nullptr, *prefer = nullptr, *input = nullptr, *output = nullptr;
  OSSL_PARAM request[] = {
      OSSL_PARAM_utf8_ptr(kParamMlkemRetainSeed, &retain, 0),
      OSSL_PARAM_utf8_ptr(kParamMlkemPreferSeed, &prefer, 0),
      OSSL_PARAM_utf8_ptr(kParamMlkemInputFormats, &input, 0),
      OSSL_PARAM_utf8_ptr(kParamMlkemOutputFormats, &output, 0),
      OSSL_PARAM_END,
  };
  if (!core_get_params(prov->handle, request)) return true;
  // A yes/no setting: set it, or refuse with the value named.
  auto flag = [prov](const OSSL_PARAM& given, const char* name, const char* value, bool* out) {
    if (!OSSL_PARAM_modified(&given)) return true;
    const int b = config_bool(value);
    if (b < 0) {
      raise_error_message(prov, kErrInvalidConfigValue, ErrorSite::current(),
                          "invalid config value %s = '%s': expected yes/no, true/false, on/off or "
                          "1/0",
                          name, value != nullptr ? value : "");
      return false;
    }
    *out = b == 1;
    return true;
  };
  if (!flag(request[0], kParamMlkemRetainSeed, retain, &settings->retain_seed) ||
      !flag(request[1], kParamMlkemPreferSeed, prefer, &settings->prefer_seed))
    return false;
  // A list that does not fit is not cut (a cut name would disable every
  // form): it is marked unusable, and the codecs then refuse with "unknown
  // ml-kem key format in the configuration".
  auto copy_list = [](char* dst, std::size_t size, const char* value) {
    if (std::strlen(value) >= size) {
      std::snprintf(dst, size, "%s", "(list too long)");
      return;
    }
    std::snprintf(dst, size, "%s", value);
  };
  if (OSSL_PARAM_modified(&request[2]) && input != nullptr)
    copy_list(settings->input_formats, sizeof settings->input_formats, input);
  if (OSSL_PARAM_modified(&request[3]) && output != nullptr)
    copy_list(settings->output_formats, sizeof settings->output_formats, output);
  return true;
}

}  // namespace armaccel::prov
