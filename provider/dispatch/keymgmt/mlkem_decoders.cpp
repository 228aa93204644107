// SPDX-License-Identifier: Apache-2.0
// ML-KEM key decoders (the list in mlkem_codecs.cpp's header comment):
// SubjectPublicKeyInfo and PrivateKeyInfo from DER.
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
#include "key_decoder.h"
#include "mlkem_der.h"
#include "mlkem_key.h"
#include "newer_core.h"

namespace armaccel::prov {

namespace {

// ---- decoders ----------------------------------------------------------------

// ML-KEM-<Bits> for the decoder template (key_decoder.h).
template <unsigned Bits>
struct MlkemDecoding {
  using Key = MlkemKey;
  // Anything longer than any ML-KEM structure is not ours.
  static constexpr std::size_t kMaxInput = 2 * kMlkemMaxDerBytes;
  static const mlkem::Params* params() { return mlkem_params_by_bits(Bits); }
  static const char* name() { return params()->name; }
  static const char* lane(const ProvCtx* prov) { return prov->kernels.mlkem->lane; }
  static void free_key(Key* key) { mlkem_key_free(key); }
  static bool is_mine(const Key& key) { return key.params == params(); }

  // As OpenSSL 3.5's decoders: input that is not a well-formed key of
  // this parameter set in an enabled form (a defect in the DER, a wrong
  // length, parameters, a disabled form, an ek failing the modulus check)
  // is stepped back from without a reason, and OpenSSL's decoder framework
  // reports "unsupported" when no decoder reads it; a private key that is
  // well-formed but not a consistent key fails the decoding with
  // PROV_R_INVALID_KEY (mlkem_key_import, as a decoded key).  The reasons
  // mlkem_der.cpp gives malformed input are not raised.
  static DecodeStatus decode(ProvCtx* prov, const std::uint8_t* der, std::size_t len, bool pkcs8,
                             Key** out) {
    const mlkem::Params& p = *params();
    MlkemDecoded d;
    if (pkcs8) {
      // Whether the input is this decoder's does not depend on the
      // enabled forms: look with all of them first.
      MlkemFormList allowed;
      mlkem_parse_formats(nullptr, &allowed);
      d = mlkem_pkcs8_decode(p, allowed, der, len);
      if (d.status != MlkemDecoded::kKey) return DecodeStatus::kNotMine;
      // An unknown name in ml-kem.input_formats: armaccel's own refusal.
      if (!codec_format_list(prov, false, &allowed)) return DecodeStatus::kFailed;
      d = mlkem_pkcs8_decode(p, allowed, der, len);
    } else {
      d = mlkem_spki_decode(p, der, len);
      if (d.status == MlkemDecoded::kKey && !mlkem::check_encapsulation_key(p, d.pub))
        return DecodeStatus::kNotMine;
    }
    if (d.status != MlkemDecoded::kKey) return DecodeStatus::kNotMine;
    MlkemKey* key = mlkem_key_new(prov, &p);
    if (key == nullptr) return DecodeStatus::kFailed;
    if (!mlkem_key_import(key, d.seed, kMlkemSeedBytes, d.priv, p.dk_bytes, d.pub, p.ek_bytes,
                          /*decoded=*/true)) {
      mlkem_key_free(key);
      return DecodeStatus::kFailed;
    }
    *out = key;
    return DecodeStatus::kKey;
  }

  static int export_key(const Key& key, OSSL_CALLBACK* cb, void* cbarg) {
    const mlkem::Params& p = *key.params;
    OSSL_PARAM out[4];
    int n = 0;
    if (key.has_seed)
      out[n++] = OSSL_PARAM_construct_octet_string(
          kParamMlkemSeed, const_cast<std::uint8_t*>(key.seed), kMlkemSeedBytes);
    if (key.has_priv)
      out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY,
                                                   const_cast<std::uint8_t*>(key.dk), p.dk_bytes);
    if (key.has_pub)
      out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY,
                                                   const_cast<std::uint8_t*>(key.ek), p.ek_bytes);
    out[n] = OSSL_PARAM_construct_end();
    return cb(out, cbarg);
  }
};

// ---- algorithm table ------------------------------------------------------------

const OSSL_ALGORITHM kDecoders[] = {
    ARMACCEL_KEY_DECODERS(kNameMlkem512, MlkemDecoding<512>),
    ARMACCEL_KEY_DECODERS(kNameMlkem768, MlkemDecoding<768>),
    ARMACCEL_KEY_DECODERS(kNameMlkem1024, MlkemDecoding<1024>),
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

const OSSL_ALGORITHM* mlkem_decoder_algorithms() {
  return kDecoders;
}

}  // namespace armaccel::prov
