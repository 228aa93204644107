// SPDX-License-Identifier: Apache-2.0
// Fixed test inputs: n bytes of a simple pattern, different for each salt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace armaccel::alloc_test {

inline std::vector<std::uint8_t> pattern(std::size_t n, unsigned salt) {
  std::vector<std::uint8_t> b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(i * 29 + salt * 101 + 7);
  return b;
}

}  // namespace armaccel::alloc_test
