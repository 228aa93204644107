// Zeroising of secrets in freestanding code (kernels/).  The provider uses
// OPENSSL_cleanse; kernels cannot depend on OpenSSL, so they use this.
#pragma once

#include <cstddef>

namespace armaccel {

// Overwrites n bytes at p with zeros (memset called through a volatile
// function pointer, so the stores are not removed as dead).  Defined out of line (wipe.cpp) so lane
// files built with extension flags do not instantiate it.
void wipe(void* p, std::size_t n);

}  // namespace armaccel
