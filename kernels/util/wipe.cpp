// SPDX-License-Identifier: Apache-2.0
#include "util/wipe.h"

#include <cstring>

namespace armaccel {

namespace {

// Called through a volatile pointer: the compiler cannot prove what it does,
// so it cannot drop the call as a dead store, and the C library's memset
// runs at full speed.
void* (*volatile g_memset)(void*, int, std::size_t) = std::memset;

}  // namespace

void wipe(void* p, std::size_t n) {
  g_memset(p, 0, n);
}

}  // namespace armaccel
