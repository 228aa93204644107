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
#include "key_encoder.h"
#include "mlkem_der.h"
#include "mlkem_key.h"
#include "newer_core.h"

namespace armaccel::prov {

namespace {

// ---- encoders ----------------------------------------------------------------

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

// OpenSSL 3.5's reasons: its key writer's ("not a private key", "ml kem no
// format"), then its PKCS#8 builder's (ERR_R_ASN1_LIB).  An unknown name
// in ml-kem.output_formats is armaccel's own refusal (OpenSSL skips it).
bool encode_private(const EncoderCtx* ctx, BIO* out, const MlkemKey& key, bool pem, bool encrypt,
                    OSSL_PASSPHRASE_CALLBACK* cb, void* cbarg) {
  const ProvCtx* prov = ctx->prov;
  if (!key.has_priv) {
    raise_error(prov, kErrNotAPrivateKey);
    raise_error(prov, kErrAsn1Lib);
    return false;
  }
  MlkemFormList list;
  if (!codec_format_list(prov, true, &list)) return false;
  std::size_t i = 0;
  while (i < list.count && !mlkem_key_can_give(key, list.forms[i])) ++i;
  if (i == list.count) {
    raise_error(prov, kErrNoMatchingFormat);
    raise_error(prov, kErrAsn1Lib);
    return false;
  }
  auto* der = static_cast<MlkemDer*>(OPENSSL_malloc(sizeof(MlkemDer)));
  if (der == nullptr) {
    raise_alloc_failure(prov);
    return false;
  }
  const bool ok = mlkem_pkcs8_encode(key, list.forms[i], der) &&
                  write_private_key_info(ctx, out, der->bytes, der->len, pem, encrypt, cb, cbarg);
  free_wiped(der, sizeof(MlkemDer));
  return ok;
}

// OpenSSL 3.5's reasons: its key writer's, then its SubjectPublicKeyInfo
// builder's.
bool encode_public(const ProvCtx* prov, BIO* out, const MlkemKey& key, bool pem) {
  MlkemDer der;
  if (!mlkem_spki_encode(key, &der)) {
    raise_error(prov, kErrNotAPublicKey);
    raise_error(prov, kErrX509Lib);
    return false;
  }
  return write_der_or_pem(out, pem, "PUBLIC KEY", der.bytes, der.len);
}

// ML-KEM-<Bits> for the encoder template (key_encoder.h).
template <unsigned Bits>
struct MlkemEncoding {
  using Key = MlkemKey;
  static const mlkem::Params* params() { return mlkem_params_by_bits(Bits); }
  static const char* name() { return params()->name; }
  static const char* lane(const ProvCtx* prov) { return prov->kernels.mlkem->lane; }
  static Key* from_params(ProvCtx* prov, int selection, const OSSL_PARAM params[]) {
    return codec_key_from_params(prov, MlkemEncoding::params(), selection, params);
  }
  static void free_key(Key* key) { mlkem_key_free(key); }
  static bool is_mine(const Key& key) { return key.params == params(); }
  static constexpr auto encode_public = &armaccel::prov::encode_public;
  static constexpr auto encode_private = &armaccel::prov::encode_private;
  static constexpr auto encode_text = &armaccel::prov::encode_text;
};

// ---- algorithm table ------------------------------------------------------------

const OSSL_ALGORITHM kEncoders[] = {
    ARMACCEL_KEY_ENCODERS(kNameMlkem512, MlkemEncoding<512>),
    ARMACCEL_KEY_ENCODERS(kNameMlkem768, MlkemEncoding<768>),
    ARMACCEL_KEY_ENCODERS(kNameMlkem1024, MlkemEncoding<1024>),
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

const OSSL_ALGORITHM* mlkem_encoder_algorithms() {
  return kEncoders;
}

}  // namespace armaccel::prov
