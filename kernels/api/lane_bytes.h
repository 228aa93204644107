// Lane-private state: N bytes, 16-byte aligned, laid out by the lane that
// filled them (precomputed key powers, limbs and accumulators) and only
// meaningful to it.  Tag keeps the kinds apart as types.
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel {

template <std::size_t N, class Tag>
struct LaneBytes {
  alignas(16) std::uint8_t bytes[N];
};

}  // namespace armaccel
