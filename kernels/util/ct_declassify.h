// SPDX-License-Identifier: Apache-2.0
// Declassification points for the constant-time check (test/ct): where a
// value computed from secrets is public by design (ML-KEM's rho and ek, a
// tag-comparison verdict, a padding verdict after the constant-time check),
// the code says so here before it branches on it.
//
// Normal builds: no-ops, nothing emitted.  With ARMACCEL_CT_VALGRIND (the
// `ct` CMake preset) each call is a valgrind client request that marks the
// bytes as defined for memcheck, which otherwise reports any conditional
// jump or memory index that depends on bytes the check marked as secret
// (undefined).  memcheck.h is header-only inline assembly with no libc use,
// so this header stays freestanding.  Not for lane files built with
// extension flags (docs/architecture.md): only portable kernels and the
// provider include it.
#pragma once

#include <cstddef>

#if defined(ARMACCEL_CT_VALGRIND)
#include <valgrind/memcheck.h>
#endif

namespace armaccel::ct {

// Marks p[0..n) as public from here on.
inline void declassify(const void* p, std::size_t n) {
#if defined(ARMACCEL_CT_VALGRIND)
  (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
#else
  (void)p;
  (void)n;
#endif
}

// The same for one value: returns v, public.  Use on a verdict computed in
// constant time, just before the branch that acts on it.
template <class T>
inline T declassify_value(T v) {
  declassify(&v, sizeof v);
  return v;
}

}  // namespace armaccel::ct
