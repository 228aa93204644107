// SPDX-License-Identifier: Apache-2.0
#include "random.h"

#include <openssl/crypto.h>

#include <cstring>

#include "errors.h"

namespace armaccel::prov {

bool random_bytes(const ProvCtx* prov, std::uint8_t* out, std::size_t len) {
  if (len == 0) return true;
  unsigned char* got = nullptr;
  std::size_t n = 0;
  if (prov->core_get_entropy != nullptr && len <= 4096)
    n = prov->core_get_entropy(prov->handle, &got, static_cast<int>(8 * len), len, len);
  const bool ok = got != nullptr && n == len;
  if (ok) std::memcpy(out, got, len);
  if (got != nullptr && prov->core_cleanup_entropy != nullptr)
    prov->core_cleanup_entropy(prov->handle, got, n);
  if (!ok) raise_error(prov, kErrRandomFailed);
  return ok;
}

}  // namespace armaccel::prov
