// SPDX-License-Identifier: Apache-2.0
// The OSSL_DISPATCH table of a key management (OpenSSL's
// provider-keymgmt(7) functions) and what armaccel's key types do alike:
// "has" and the start of a generation.  Each key type supplies only what
// differs.
//
// K describes one key type:
//   using Key = ...;     with `bool has_pub` and `bool has_priv`
//   using GenCtx = ...;  plain data with `ProvCtx* prov` and
//                        `int selection` (OSSL_KEYMGMT_SELECT_*)
//   static constexpr bool kGenInitRaisesAllocFailure;  whether gen_init
//                        raises ERR_R_MALLOC_FAILURE when it cannot
//                        allocate the GenCtx (else nothing is raised)
//   create, destroy, dup, match, validate, get_params, set_params,
//   gen_set_params, gen_cleanup: OpenSSL's signatures (static functions,
//   or constexpr pointers to them);
//   kGettable, kSettable, kGenSettable: the parameter lists get_params,
//   set_params and gen_set_params take (static constexpr OSSL_PARAM[]);
//   Key* new_key(GenCtx*): an empty key for a generation, or nullptr;
//   bool generate(GenCtx*, Key*): fills it with a key pair.
// and optionally import with the key-pair parameter list both import and
// export give (kKeyPairTypes: the private-key parameters first,
// kPrivateTypeCount of them, then the public key, then the end) and
// export_parts(const Key&, int selection, OSSL_PARAM out[4]), writing the
// parts `selection` names, all four or none: a key type with them is
// exported here and also loaded from the decoders (OSSL_FUNC_KEYMGMT_LOAD,
// load_decoded_key).
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "dispatch/common/dispatch_util.h"
#include "errors.h"
#include "key_decoder.h"
#include "prov_ctx.h"

namespace armaccel::prov {

template <class K>
struct KeymgmtDispatch {
  using Key = typename K::Key;
  using GenCtx = typename K::GenCtx;

  // Whether the key has every part `selection` names (none: 1).
  static int has(const void* keydata, int selection) noexcept {
    const auto* key = static_cast<const Key*>(keydata);
    if (key == nullptr) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !key->has_pub) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !key->has_priv) return 0;
    return 1;
  }

  // A zeroed GenCtx for `selection` with `params` applied (K's
  // gen_set_params), or nullptr (the context cleaned up) when they fail.
  static void* gen_init(void* provctx, int selection, const OSSL_PARAM params[]) noexcept {
    GenCtx* gen = K::kGenInitRaisesAllocFailure ? new_zeroed_or_raise<GenCtx>(provctx)
                                                : new_zeroed<GenCtx>(provctx);
    if (gen == nullptr) return nullptr;
    gen->selection = selection;
    if (!K::gen_set_params(gen, params)) {
      K::gen_cleanup(gen);
      return nullptr;
    }
    return gen;
  }

  static const OSSL_PARAM* gettable_params(void*) noexcept { return K::kGettable; }
  static const OSSL_PARAM* settable_params(void*) noexcept { return K::kSettable; }
  static const OSSL_PARAM* gen_settable_params(void*, void*) noexcept { return K::kGenSettable; }

  // An empty key when `selection` names no key pair (paramgen's), else a
  // generated one; nullptr (the key freed) when generation fails.
  static void* gen(void* genctx, OSSL_CALLBACK*, void*) noexcept {
    auto* g = static_cast<GenCtx*>(genctx);
    Key* key = K::new_key(g);
    if (key == nullptr || (g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return key;
    if (!K::generate(g, key)) {
      K::destroy(key);
      return nullptr;
    }
    return key;
  }

  // The import and export parameters for `selection`: the key pair's,
  // the public key's, or none.
  static const OSSL_PARAM* keypair_types(int selection) noexcept {
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) return K::kKeyPairTypes;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0)
      return K::kKeyPairTypes + K::kPrivateTypeCount;
    return K::kKeyPairTypes + K::kPrivateTypeCount + 1;
  }

  // Key material only.  A key without a public key (an empty one:
  // paramgen's) has nothing to give: PROV_R_MISSING_KEY, as OpenSSL 3.5's
  // ML-KEM (the default provider's X25519 exports 32 zero bytes; armaccel
  // refuses, docs/behaviour.md).
  static int export_key(void* keydata, int selection, OSSL_CALLBACK* cb, void* cbarg) noexcept {
    const auto* key = static_cast<const Key*>(keydata);
    if (key == nullptr || cb == nullptr || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 0;
    if (!key->has_pub) {
      raise_error(key->prov, kErrMissingKey);
      return 0;
    }
    OSSL_PARAM out[4];
    K::export_parts(*key, selection, out);
    return cb(out, cbarg);
  }

  // The import and export entries and load, all five or none: {0,
  // nullptr} (the table's end) where K has no import.
  static constexpr bool kImportExport = requires { K::import; };
  static OSSL_DISPATCH import_export_entry(int id) {
    if constexpr (kImportExport) {
      switch (id) {
        case OSSL_FUNC_KEYMGMT_IMPORT:
          return {id, as_dispatch(K::import)};
        case OSSL_FUNC_KEYMGMT_IMPORT_TYPES:
        case OSSL_FUNC_KEYMGMT_EXPORT_TYPES:
          return {id, as_dispatch(&keypair_types)};
        case OSSL_FUNC_KEYMGMT_EXPORT:
          return {id, as_dispatch(&export_key)};
        case OSSL_FUNC_KEYMGMT_LOAD:
          return {id, as_dispatch(&load_decoded_key<Key>)};
        default:
          break;
      }
    }
    return {0, nullptr};
  }

  static const OSSL_DISPATCH kTable[];
};

template <class K>
const OSSL_DISPATCH KeymgmtDispatch<K>::kTable[] = {
    {OSSL_FUNC_KEYMGMT_NEW, as_dispatch(K::create)},
    {OSSL_FUNC_KEYMGMT_FREE, as_dispatch(K::destroy)},
    {OSSL_FUNC_KEYMGMT_DUP, as_dispatch(K::dup)},
    {OSSL_FUNC_KEYMGMT_HAS, as_dispatch(&has)},
    {OSSL_FUNC_KEYMGMT_MATCH, as_dispatch(K::match)},
    {OSSL_FUNC_KEYMGMT_VALIDATE, as_dispatch(K::validate)},
    {OSSL_FUNC_KEYMGMT_GET_PARAMS, as_dispatch(K::get_params)},
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, as_dispatch(&gettable_params)},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, as_dispatch(K::set_params)},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, as_dispatch(&settable_params)},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, as_dispatch(&gen_init)},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, as_dispatch(K::gen_set_params)},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, as_dispatch(&gen_settable_params)},
    {OSSL_FUNC_KEYMGMT_GEN, as_dispatch(&gen)},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, as_dispatch(K::gen_cleanup)},
    import_export_entry(OSSL_FUNC_KEYMGMT_IMPORT),
    import_export_entry(OSSL_FUNC_KEYMGMT_IMPORT_TYPES),
    import_export_entry(OSSL_FUNC_KEYMGMT_EXPORT),
    import_export_entry(OSSL_FUNC_KEYMGMT_EXPORT_TYPES),
    import_export_entry(OSSL_FUNC_KEYMGMT_LOAD),
    {0, nullptr},
};

}  // namespace armaccel::prov
