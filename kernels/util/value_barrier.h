// SPDX-License-Identifier: Apache-2.0
// value_barrier(v): v, with the optimiser kept from knowing how it was
// computed.  The CTR lanes pass their counter through it after each
// advance: otherwise GCC makes the counter the loop's induction variable
// (it counts in step with the blocks) and ends the loop on a comparison of
// counter values.  That branch's outcome depends on the block count alone,
// but it compares a possibly secret value (a CTR-DRBG's state), which the
// constant-time check (test/ct) rightly cannot tell apart from a leak.  An
// empty asm statement: no instruction.  Everything here is internal
// (static), so lane files built with extension flags may include it
// (docs/architecture.md, the extension-flag hazard).
#pragma once

#include "util/always_inline.h"

namespace armaccel {
namespace {

template <class T>
ARMACCEL_ALWAYS_INLINE T value_barrier(T v) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(v));
#endif
  return v;
}

}  // namespace
}  // namespace armaccel
