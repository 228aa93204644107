// SPDX-License-Identifier: Apache-2.0
// Zeroising of secrets: freestanding code (kernels/) cannot use OpenSSL's
// OPENSSL_cleanse, and the provider uses this too for contexts it frees
// (free_wiped) and per-message state, at memset's speed.
#pragma once

#include <cstddef>

namespace armaccel {

// Overwrites n bytes at p with zeros (memset called through a volatile
// function pointer, so the stores are not removed as dead).  Defined out of line (wipe.cpp) so lane
// files built with extension flags do not instantiate it.
void wipe(void* p, std::size_t n);

}  // namespace armaccel
