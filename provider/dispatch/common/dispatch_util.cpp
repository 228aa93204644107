// SPDX-License-Identifier: Apache-2.0
#include "dispatch_util.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

#include "host_version.h"
#include "util/wipe.h"

namespace armaccel::prov {

bool set_octets(OSSL_PARAM* p, const void* data, std::size_t len, OctetOrder order) {
  if (at_least(running_host(), 3, 6)) {
    if (p->data_type == OSSL_PARAM_OCTET_PTR) return OSSL_PARAM_set_octet_ptr(p, data, len) != 0;
    return OSSL_PARAM_set_octet_string(p, data, len) != 0;
  }
  if (order == OctetOrder::kStringFirst)
    return OSSL_PARAM_set_octet_string(p, data, len) != 0 ||
           OSSL_PARAM_set_octet_ptr(p, data, len) != 0;
  return OSSL_PARAM_set_octet_ptr(p, data, len) != 0 ||
         OSSL_PARAM_set_octet_string(p, data, len) != 0;
}

bool set_utf8(OSSL_PARAM* p, const char* value) {
  if (p->data_type == OSSL_PARAM_UTF8_PTR) return OSSL_PARAM_set_utf8_ptr(p, value) != 0;
  return OSSL_PARAM_set_utf8_string(p, value) != 0;
}

void free_wiped(void* p, std::size_t n) noexcept {
  if (p == nullptr) return;
  wipe(p, n);
  OPENSSL_free(p);
}

void raise_param_error_without_ctx(bool getting) {
  // Named, as OpenSSL does, after the OSSL_PARAM call that failed: a get
  // fails to set the caller's parameter.
  ERR_raise(ERR_LIB_PROV,
            getting ? PROV_R_FAILED_TO_SET_PARAMETER : PROV_R_FAILED_TO_GET_PARAMETER);
}

int mac_fixed_size_get_params(OSSL_PARAM params[], std::size_t size) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE);
  if (p != nullptr && !OSSL_PARAM_set_size_t(p, size)) {
    raise_param_error_without_ctx(true);
    return 0;
  }
  return 1;
}

const OSSL_PARAM* mac_fixed_size_gettable() {
  static const OSSL_PARAM kList[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
                                     OSSL_PARAM_END};
  return kList;
}

}  // namespace armaccel::prov
