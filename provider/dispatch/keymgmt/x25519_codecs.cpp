// SPDX-License-Identifier: Apache-2.0
// X25519 key encoders and decoders (x25519_codecs.h).
#include "x25519_codecs.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>

#include "codec_util.h"
#include "dispatch/common/names.h"
#include "errors.h"
#include "host_version.h"
#include "key_decoder.h"
#include "key_encoder.h"
#include "x25519_der.h"
#include "x25519_key.h"

namespace armaccel::prov {

namespace {

struct X25519Codec {
  using Key = X25519Key;
  // Anything longer than the longest form (a version-1 PrivateKeyInfo
  // with attributes) is not an X25519 key.
  static constexpr std::size_t kMaxInput = 1024;

  static const char* name() { return "X25519"; }
  static const char* lane(const ProvCtx* prov) { return x25519_lane(prov); }
  static void free_key(Key* key) { x25519_key_free(key); }
  static bool is_mine(const Key&) { return true; }

  // "priv" and "pub", as the key management imports them.
  static Key* from_params(ProvCtx* prov, int selection, const OSSL_PARAM params[]) {
    Key* key = x25519_key_new(prov);
    if (key != nullptr && !x25519_key_import(key, selection, params)) {
      x25519_key_free(key);
      return nullptr;
    }
    return key;
  }

  static bool encode_public(const ProvCtx* prov, BIO* out, const Key& key, bool pem) {
    std::uint8_t der[kX25519SpkiBytes];
    if (!x25519_spki_encode(key, der)) {
      raise_error(prov, kErrMissingKey);
      return false;
    }
    return write_der_or_pem(out, pem, "PUBLIC KEY", der, sizeof der);
  }

  // A key without a private key: the default provider's reasons, its
  // key writer's and then its PKCS#8 builder's (ERR_R_MALLOC_FAILURE up to
  // OpenSSL 3.1, ERR_R_ASN1_LIB from 3.2).
  static bool encode_private(const EncoderCtx* ctx, BIO* out, const Key& key, bool pem,
                             bool encrypt, OSSL_PASSPHRASE_CALLBACK* cb, void* cbarg) {
    std::uint8_t der[kX25519Pkcs8Bytes];
    if (!x25519_pkcs8_encode(key, der)) {
      raise_error(ctx->prov, kErrNullParameter);
      raise_error(ctx->prov, at_least(ctx->prov->host, 3, 2) ? kErrAsn1Lib : kErrProvMallocFailure);
      return false;
    }
    const bool ok = write_private_key_info(ctx, out, der, sizeof der, pem, encrypt, cb, cbarg);
    OPENSSL_cleanse(der, sizeof der);
    return ok;
  }

  // The default provider's layout: the private key under its heading when
  // the selection asks for it, else the public key's heading when asked
  // for (none for the parameters alone); the public key always.  Its
  // reasons for a missing part: "not a private key", "not a public key".
  static bool encode_text(const ProvCtx* prov, BIO* out, const Key& key, int selection) {
    const bool priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    if (priv && !key.has_priv) {
      raise_error(prov, kErrNotAPrivateKey);
      return false;
    }
    if (!key.has_pub) {
      // The parameters alone of an empty key: the default provider prints
      // a public key of zeros; armaccel refuses.
      raise_error(prov, (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 ? kErrNotAPublicKey
                                                                          : kErrMissingKey);
      return false;
    }
    if (priv) {
      if (BIO_printf(out, "X25519 Private-Key:\n") <= 0 ||
          !print_labeled(out, "priv:", key.priv, kX25519KeyBytes))
        return false;
    } else if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 &&
               BIO_printf(out, "X25519 Public-Key:\n") <= 0) {
      return false;
    }
    return print_labeled(out, "pub:", key.pub, kX25519KeyBytes);
  }

  static DecodeStatus decode(ProvCtx* prov, const std::uint8_t* der, std::size_t len, bool pkcs8,
                             Key** out) {
    const X25519Decoded d = pkcs8 ? x25519_pkcs8_decode(der, len) : x25519_spki_decode(der, len);
    // id-X25519 in a structure RFC 8410 does not allow: the decoder steps
    // back (without a reason, as the default provider's decoders step back
    // from what they cannot read) rather than ending the decoding, since
    // the default provider's decoders (in every release) may read what
    // armaccel's refuse.
    if (d.status != X25519Decoded::kKey) return DecodeStatus::kNotMine;
    Key* key = x25519_key_new(prov);
    if (key == nullptr) return DecodeStatus::kFailed;
    bool ok = d.priv != nullptr ? x25519_key_set_private(key, d.priv, kX25519KeyBytes, nullptr)
                                : x25519_key_set_public(key, d.pub, kX25519KeyBytes);
    // A PrivateKeyInfo's publicKey field must be the private key's; if not,
    // step back as for malformed DER.
    if (ok && d.priv != nullptr && d.pub != nullptr &&
        std::memcmp(key->pub, d.pub, kX25519KeyBytes) != 0) {
      x25519_key_free(key);
      return DecodeStatus::kNotMine;
    }
    if (!ok) {
      x25519_key_free(key);
      return DecodeStatus::kFailed;
    }
    *out = key;
    return DecodeStatus::kKey;
  }

  static int export_key(const Key& key, OSSL_CALLBACK* cb, void* cbarg) {
    OSSL_PARAM out[3];
    int n = 0;
    if (key.has_priv)
      out[n++] = OSSL_PARAM_construct_octet_string(
          OSSL_PKEY_PARAM_PRIV_KEY, const_cast<std::uint8_t*>(key.priv), kX25519KeyBytes);
    if (key.has_pub)
      out[n++] = OSSL_PARAM_construct_octet_string(
          OSSL_PKEY_PARAM_PUB_KEY, const_cast<std::uint8_t*>(key.pub), kX25519KeyBytes);
    out[n] = OSSL_PARAM_construct_end();
    return cb(out, cbarg);
  }
};

const OSSL_ALGORITHM kEncoders[] = {
    ARMACCEL_KEY_ENCODERS(kNameX25519, X25519Codec),
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kDecoders[] = {
    ARMACCEL_KEY_DECODERS(kNameX25519, X25519Codec),
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

const OSSL_ALGORITHM* x25519_encoder_algorithms() {
  return kEncoders;
}

const OSSL_ALGORITHM* x25519_decoder_algorithms() {
  return kDecoders;
}

}  // namespace armaccel::prov
