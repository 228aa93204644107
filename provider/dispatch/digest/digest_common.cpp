// SPDX-License-Identifier: Apache-2.0
#include "digest_common.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include <iterator>

#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/param_scan.h"
#include "errors.h"

namespace armaccel::prov {

bool digest_usable(const ProvCtx* prov, bool initialised, bool finalized) {
  if (!initialised) {
    raise_error(prov, kErrNotInitialised);
    return false;
  }
  if (finalized) {
    raise_error(prov, kErrUpdateAfterFinal);
    return false;
  }
  return true;
}

bool digest_update_ok(const ProvCtx* prov, bool initialised, bool finalized, const void* in,
                      std::size_t inl) {
  if (!digest_usable(prov, initialised, finalized)) return false;
  if (in == nullptr && inl != 0) {
    raise_error(prov, kErrNullParameter);
    return false;
  }
  return true;
}

int digest_get_params(OSSL_PARAM params[], std::size_t block_bytes, std::size_t digest_bytes,
                      bool xof, bool algid_absent) {
  static constexpr const char* kNames[] = {OSSL_DIGEST_PARAM_BLOCK_SIZE, OSSL_DIGEST_PARAM_SIZE,
                                           OSSL_DIGEST_PARAM_XOF, OSSL_DIGEST_PARAM_ALGID_ABSENT};
  const ParamScan<OSSL_PARAM, std::size(kNames)> f(params, kNames);
  const bool ok = put_size(f[0], block_bytes) && put_size(f[1], digest_bytes) &&
                  put_int(f[2], xof ? 1 : 0) && put_int(f[3], algid_absent ? 1 : 0);
  if (!ok) raise_param_error_without_ctx(true);
  return ok ? 1 : 0;
}

const OSSL_PARAM* digest_gettable_params() {
  static const OSSL_PARAM kList[] = {
      OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, nullptr),
      OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, nullptr),
      OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, nullptr),
      OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, nullptr),
      OSSL_PARAM_END,
  };
  return kList;
}

}  // namespace armaccel::prov
