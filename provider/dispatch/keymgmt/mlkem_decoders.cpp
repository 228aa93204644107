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
#include "mlkem_der.h"
#include "mlkem_key.h"
#include "newer_core.h"

namespace armaccel::prov {

namespace {

// ---- decoders ----------------------------------------------------------------

// The whole input (PEM and encrypted forms were turned into DER before
// this point).  Anything longer than any ML-KEM structure is not ours.
constexpr std::size_t kMaxInput = 2 * kMlkemMaxDerBytes;

struct Input {
  std::uint8_t* bytes = nullptr;
  std::size_t len = 0;
  ~Input() { free_wiped(bytes, kMaxInput + 1); }
};

bool read_input(const ProvCtx* prov, OSSL_CORE_BIO* cin, Input* in) {
  BIO* bio = codec_open_bio(prov, cin);
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
    return codec_serves(selection, kMask) ? 1 : 0;
  }

  static int decode(void* vctx, OSSL_CORE_BIO* cin, int selection, OSSL_CALLBACK* data_cb,
                    void* data_cbarg, OSSL_PASSPHRASE_CALLBACK*, void*) noexcept {
    auto* prov = static_cast<ProvCtx*>(vctx);
    if (!codec_serves(selection, kMask)) return 1;  // empty-handed
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
      if (!codec_format_list(prov, false, &allowed)) return 0;
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

// ---- algorithm table ------------------------------------------------------------

#define ARMACCEL_PROPS(rest) "provider=armaccel," rest

#define ARMACCEL_MLKEM_DECODERS(bits)                                            \
  {kNameMlkem##bits, ARMACCEL_PROPS("input=der,structure=SubjectPublicKeyInfo"), \
   KeyDecoder<bits, false>::kFunctions, nullptr},                                \
  {                                                                              \
    kNameMlkem##bits, ARMACCEL_PROPS("input=der,structure=PrivateKeyInfo"),      \
        KeyDecoder<bits, true>::kFunctions, nullptr                              \
  }

const OSSL_ALGORITHM kDecoders[] = {
    ARMACCEL_MLKEM_DECODERS(512),
    ARMACCEL_MLKEM_DECODERS(768),
    ARMACCEL_MLKEM_DECODERS(1024),
    {nullptr, nullptr, nullptr, nullptr},
};

#undef ARMACCEL_MLKEM_DECODERS
#undef ARMACCEL_PROPS

}  // namespace

const OSSL_ALGORITHM* decoder_algorithms() {
  return kDecoders;
}

}  // namespace armaccel::prov
