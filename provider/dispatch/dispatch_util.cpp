#include "dispatch_util.h"

#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>

namespace armaccel::prov {

bool set_octets(OSSL_PARAM* p, const void* data, std::size_t len) {
  if (p->data_type == OSSL_PARAM_OCTET_PTR) return OSSL_PARAM_set_octet_ptr(p, data, len) != 0;
  return OSSL_PARAM_set_octet_string(p, data, len) != 0;
}

bool set_utf8(OSSL_PARAM* p, const char* value) {
  if (p->data_type == OSSL_PARAM_UTF8_PTR) return OSSL_PARAM_set_utf8_ptr(p, value) != 0;
  return OSSL_PARAM_set_utf8_string(p, value) != 0;
}

void raise_param_error_without_ctx(bool getting) {
  ERR_raise(ERR_LIB_PROV,
            getting ? PROV_R_FAILED_TO_GET_PARAMETER : PROV_R_FAILED_TO_SET_PARAMETER);
}

}  // namespace armaccel::prov
