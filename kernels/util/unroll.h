// SPDX-License-Identifier: Apache-2.0
// Compile-time unrolling: unroll<N>(f) calls f(std::integral_constant<int,
// I>{}) for I = 0 .. N-1 in that order, so that register arrays are indexed
// by constants and the calls come out in source order.
//
// Everything is in an anonymous namespace: each including file, lane files
// built with extension flags among them, gets its own internal copy
// (docs/architecture.md, extension-flag hazard).
#pragma once

#include <utility>

#include "util/always_inline.h"

namespace armaccel {
namespace {

template <typename F, int... I>
ARMACCEL_ALWAYS_INLINE void unroll_impl(F&& f, std::integer_sequence<int, I...>) {
  (f(std::integral_constant<int, I>{}), ...);
}

template <int N, typename F>
ARMACCEL_ALWAYS_INLINE void unroll(F&& f) {
  unroll_impl(f, std::make_integer_sequence<int, N>{});
}

}  // namespace
}  // namespace armaccel
