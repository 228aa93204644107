// SPDX-License-Identifier: Apache-2.0
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
// A decoder handed input that is not a well-formed key of its parameter
// set returns empty-handed without a reason (other decoders go on), as
// OpenSSL 3.5's do; a well-formed private key that is not a consistent key
// fails with PROV_R_INVALID_KEY (and stops the decoding).  Decoded
// keys go to the key management through OSSL_OBJECT_PARAM_REFERENCE: the
// address of a MlkemKey* that its load function takes over.
//
// This file: what the encoders (mlkem_encoders.cpp) and decoders
// (mlkem_decoders.cpp) share, and the provider's ML-KEM config settings.
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

const OSSL_PARAM* octets_param(const OSSL_PARAM params[], const char* name) {
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, name);
  return p != nullptr && readable_octets(p) ? p : nullptr;
}

// "yes"/"no" and the other spellings OpenSSL's config accepts; -1 if none.
int config_bool(const char* value) {
  if (value == nullptr) return -1;
  for (const char* yes : {"1", "yes", "true", "on"})
    if (names_equal(value, yes)) return 1;
  for (const char* no : {"0", "no", "false", "off"})
    if (names_equal(value, no)) return 0;
  return -1;
}

}  // namespace

// ---- config and format lists ----------------------------------------------------

bool codec_format_list(const ProvCtx* prov, bool output, MlkemFormList* list) {
  const char* text = output ? prov->mlkem.output_formats : prov->mlkem.input_formats;
  if (!mlkem_parse_formats(text, list)) {
    raise_error(prov, kErrUnknownKeyFormat);
    return false;
  }
  return true;
}

// ---- keys from parameters (encoders' import_object, decoders' export) --------

MlkemKey* codec_key_from_params(ProvCtx* prov, const mlkem::Params* set, int selection,
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
