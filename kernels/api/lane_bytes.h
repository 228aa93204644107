// SPDX-License-Identifier: Apache-2.0
// Lane-private state: N bytes, 16-byte aligned, laid out by the lane that
// filled them (precomputed key powers, limbs and accumulators) and only
// meaningful to it.  Tag keeps the kinds apart as types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace armaccel {

template <std::size_t N, class Tag>
struct LaneBytes {
  alignas(16) std::uint8_t bytes[N];
};

// A lane's own (trivially copyable) state struct S stored in the bytes,
// and read back.
template <class S, std::size_t N, class Tag>
inline void write_bytes(LaneBytes<N, Tag>& b, const S& s) {
  static_assert(sizeof(S) <= N);
  std::memcpy(b.bytes, &s, sizeof s);
}
template <class S, std::size_t N, class Tag>
inline S read_bytes(const LaneBytes<N, Tag>& b) {
  static_assert(sizeof(S) <= N);
  S s;
  std::memcpy(&s, b.bytes, sizeof s);
  return s;
}

}  // namespace armaccel
