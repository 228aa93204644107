#include "random.h"

#include <openssl/rand.h>

#include "../errors.h"

namespace armaccel::prov {

bool random_bytes(const ProvCtx* prov, std::uint8_t* out, std::size_t len) {
  if (RAND_bytes_ex(prov->libctx, out, len, 0) > 0) return true;
  raise_error(prov, kErrRandomFailed);
  return false;
}

}  // namespace armaccel::prov
