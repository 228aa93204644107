// SPDX-License-Identifier: Apache-2.0
// The DER decoder of one key type and structure (SubjectPublicKeyInfo or
// PrivateKeyInfo), as an OSSL_DISPATCH table, for any key type described
// by a codec class:
//
//   struct Codec {
//     using Key = ...;
//     static constexpr std::size_t kMaxInput;  // longer input is not ours
//     static const char* name();
//     static const char* lane(const ProvCtx*);
//     // The key in `der`: kNotMine (not this key type: the decoder leaves
//     // it to others), kKey (*out set) or kFailed (the error is raised).
//     static DecodeStatus decode(ProvCtx*, const std::uint8_t* der,
//                                std::size_t len, bool pkcs8, Key** out);
//     static void free_key(Key*);
//     static bool is_mine(const Key&);
//     static int export_key(const Key&, OSSL_CALLBACK*, void*);  // all of it
//   };
//
// Decoded keys go to the key management through OSSL_OBJECT_PARAM_REFERENCE:
// the address of a Key* that the key management's load takes over.  PEM
// and encrypted PKCS#8 reach these decoders as DER through the default
// provider's decoders.
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/params.h>

#include <cstddef>
#include <cstdint>

#include "capabilities.h"
#include "codec_util.h"
#include "dispatch/common/dispatch_util.h"
#include "errors.h"

namespace armaccel::prov {

enum class DecodeStatus { kNotMine, kKey, kFailed };

template <class Codec, bool Pkcs8>
struct KeyDecoder {
  using Key = typename Codec::Key;
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
    CodecInput in;
    if (!read_codec_input(prov, cin, Codec::kMaxInput, &in)) return 1;
    Key* key = nullptr;
    switch (Codec::decode(prov, in.bytes, in.len, Pkcs8, &key)) {
      case DecodeStatus::kNotMine:
        return 1;
      case DecodeStatus::kFailed:
        return 0;
      case DecodeStatus::kKey:
        break;
    }
    trace_key_event(prov, Codec::name(), Pkcs8 ? "private key decoded" : "public key decoded",
                    Codec::lane(prov));
    int object_type = OSSL_OBJECT_PKEY;
    OSSL_PARAM out[] = {
        OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type),
        OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE,
                                         const_cast<char*>(Codec::name()), 0),
        OSSL_PARAM_construct_utf8_string(
            OSSL_OBJECT_PARAM_DATA_STRUCTURE,
            const_cast<char*>(Pkcs8 ? "PrivateKeyInfo" : "SubjectPublicKeyInfo"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &key, sizeof key),
        OSSL_PARAM_construct_end(),
    };
    // The key management's load takes the key out of `key`; whatever is
    // left is ours to free.
    const int ok = data_cb(out, data_cbarg);
    Codec::free_key(key);
    return ok;
  }

  // For a key management of another provider: the key as parameters.
  static int export_object(void* vctx, const void* reference, std::size_t reference_sz,
                           OSSL_CALLBACK* export_cb, void* export_cbarg) noexcept {
    auto* prov = static_cast<ProvCtx*>(vctx);
    if (reference == nullptr || reference_sz != sizeof(Key*)) return 0;
    const Key* key = *static_cast<Key* const*>(reference);
    if (key == nullptr || !Codec::is_mine(*key)) {
      raise_error(prov, kErrNotAKey);
      return 0;
    }
    return Codec::export_key(*key, export_cb, export_cbarg);
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

// The key management's OSSL_FUNC_KEYMGMT_LOAD for keys these decoders
// pass: takes the Key* out of the slot whose address is the reference
// (the decoder frees what is left there); nullptr for any other reference.
template <class Key>
void* load_decoded_key(const void* reference, std::size_t reference_sz) noexcept {
  if (reference == nullptr || reference_sz != sizeof(Key*)) return nullptr;
  Key** slot = static_cast<Key**>(const_cast<void*>(reference));
  Key* key = *slot;
  *slot = nullptr;
  return key;
}

// The two decoders of a key type, for an algorithm table.
#define ARMACCEL_KEY_DECODERS(name, Codec)                             \
  {name, "provider=armaccel,input=der,structure=SubjectPublicKeyInfo", \
   KeyDecoder<Codec, false>::kFunctions, nullptr},                     \
  {                                                                    \
    name, "provider=armaccel,input=der,structure=PrivateKeyInfo",      \
        KeyDecoder<Codec, true>::kFunctions, nullptr                   \
  }

}  // namespace armaccel::prov
