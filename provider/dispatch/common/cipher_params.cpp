#include "cipher_params.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "dispatch_util.h"
#include "newer_core.h"
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

bool set_int_if(OSSL_PARAM params[], const char* name, int value) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, name);
  return p == nullptr || OSSL_PARAM_set_int(p, value);
}

bool set_size_if(OSSL_PARAM params[], const char* name, std::size_t value) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, name);
  return p == nullptr || OSSL_PARAM_set_size_t(p, value);
}

}  // namespace

int get_cipher_params(OSSL_PARAM params[], const CipherInfo& info) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE);
  const bool ok = (p == nullptr || OSSL_PARAM_set_uint(p, info.mode)) &&
                  set_int_if(params, OSSL_CIPHER_PARAM_AEAD, info.aead ? 1 : 0) &&
                  set_int_if(params, OSSL_CIPHER_PARAM_CUSTOM_IV, info.custom_iv ? 1 : 0) &&
                  set_int_if(params, OSSL_CIPHER_PARAM_CTS, 0) &&
                  set_int_if(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0) &&
                  set_int_if(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0) &&
                  set_int_if(params, kParamEncryptThenMac, 0) &&
                  set_size_if(params, OSSL_CIPHER_PARAM_KEYLEN, info.key_bytes) &&
                  set_size_if(params, OSSL_CIPHER_PARAM_BLOCK_SIZE, info.block_bytes) &&
                  set_size_if(params, OSSL_CIPHER_PARAM_IVLEN, info.iv_bytes);
  if (!ok) raise_param_error_without_ctx(true);
  return ok ? 1 : 0;
}

const OSSL_PARAM* cipher_gettable_params(const void* provctx) {
  return at_least(static_cast<const ProvCtx*>(provctx)->host, 3, 6) ? kGettable : kGettable + 1;
}

}  // namespace armaccel::prov
