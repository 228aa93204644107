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
//   create, destroy, dup, match, validate, get_params, gettable_params,
//   set_params, settable_params, gen_set_params, gen_settable_params, gen,
//   gen_cleanup: OpenSSL's signatures (static functions, or constexpr
//   pointers to them).
// and optionally import, import_types, export_key and export_types, all
// four or none: a key type with them is also loaded from the decoders
// (OSSL_FUNC_KEYMGMT_LOAD, load_decoded_key).
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "dispatch/common/dispatch_util.h"
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

  // The import and export entries and load, all five or none: {0,
  // nullptr} (the table's end) where K has no import.
  static constexpr bool kImportExport = requires { K::import; };
  static OSSL_DISPATCH import_export_entry(int id) {
    if constexpr (kImportExport) {
      switch (id) {
        case OSSL_FUNC_KEYMGMT_IMPORT:
          return {id, as_dispatch(K::import)};
        case OSSL_FUNC_KEYMGMT_IMPORT_TYPES:
          return {id, as_dispatch(K::import_types)};
        case OSSL_FUNC_KEYMGMT_EXPORT:
          return {id, as_dispatch(K::export_key)};
        case OSSL_FUNC_KEYMGMT_EXPORT_TYPES:
          return {id, as_dispatch(K::export_types)};
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
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, as_dispatch(K::gettable_params)},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, as_dispatch(K::set_params)},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, as_dispatch(K::settable_params)},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, as_dispatch(&gen_init)},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, as_dispatch(K::gen_set_params)},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, as_dispatch(K::gen_settable_params)},
    {OSSL_FUNC_KEYMGMT_GEN, as_dispatch(K::gen)},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, as_dispatch(K::gen_cleanup)},
    import_export_entry(OSSL_FUNC_KEYMGMT_IMPORT),
    import_export_entry(OSSL_FUNC_KEYMGMT_IMPORT_TYPES),
    import_export_entry(OSSL_FUNC_KEYMGMT_EXPORT),
    import_export_entry(OSSL_FUNC_KEYMGMT_EXPORT_TYPES),
    import_export_entry(OSSL_FUNC_KEYMGMT_LOAD),
    {0, nullptr},
};

}  // namespace armaccel::prov
