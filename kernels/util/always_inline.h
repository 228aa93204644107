// SPDX-License-Identifier: Apache-2.0
// ARMACCEL_NOINLINE keeps a function out of line (its stack frame then
// exists only while it runs, instead of being added to every caller's).
//
// ARMACCEL_ALWAYS_INLINE: forces inlining of the small helpers the kernels
// are built from (intrinsic wrappers, unrolled steps), so that GCC, Clang
// and MSVC all keep the state in registers across them.
#pragma once

#if defined(_MSC_VER) && !defined(__clang__)
#define ARMACCEL_ALWAYS_INLINE __forceinline
#define ARMACCEL_NOINLINE __declspec(noinline)
#else
#define ARMACCEL_ALWAYS_INLINE inline __attribute__((always_inline))
#define ARMACCEL_NOINLINE __attribute__((noinline))
#endif
