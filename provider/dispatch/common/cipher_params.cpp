// SPDX-License-Identifier: Apache-2.0
#include "cipher_params.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include <iterator>

#include "dispatch_util.h"
#include "newer_core.h"
#include "param_scan.h"
#include "prov_ctx.h"

namespace armaccel::prov {

namespace {

// OpenSSL 3.6+ lists "encrypt-then-mac" for every cipher; older hosts get
// the list from its second entry on.
const OSSL_PARAM kGettable[] = {
    OSSL_PARAM_int(kParamEncryptThenMac, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, nullptr),
    OSSL_PARAM_END,
};

}  // namespace

int get_cipher_params(OSSL_PARAM params[], const CipherInfo& info) {
  static constexpr const char* kNames[] = {OSSL_CIPHER_PARAM_MODE,
                                           OSSL_CIPHER_PARAM_AEAD,
                                           OSSL_CIPHER_PARAM_CUSTOM_IV,
                                           OSSL_CIPHER_PARAM_CTS,
                                           OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK,
                                           OSSL_CIPHER_PARAM_HAS_RAND_KEY,
                                           kParamEncryptThenMac,
                                           OSSL_CIPHER_PARAM_KEYLEN,
                                           OSSL_CIPHER_PARAM_BLOCK_SIZE,
                                           OSSL_CIPHER_PARAM_IVLEN};
  const ParamScan<OSSL_PARAM, std::size(kNames)> f(params, kNames);
  const bool ok = put_uint(f[0], info.mode) && put_int(f[1], info.aead ? 1 : 0) &&
                  put_int(f[2], info.custom_iv ? 1 : 0) && put_int(f[3], 0) && put_int(f[4], 0) &&
                  put_int(f[5], 0) && put_int(f[6], 0) && put_size(f[7], info.key_bytes) &&
                  put_size(f[8], info.block_bytes) && put_size(f[9], info.iv_bytes);
  if (!ok) raise_param_error_without_ctx(true);
  return ok ? 1 : 0;
}

const OSSL_PARAM* cipher_gettable_params(const void* provctx) {
  return at_least(static_cast<const ProvCtx*>(provctx)->host, 3, 6) ? kGettable : kGettable + 1;
}

}  // namespace armaccel::prov
