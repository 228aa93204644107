// SPDX-License-Identifier: Apache-2.0
// The lanes a kernel test runs: every lane built into this binary whose
// required CPU features the running CPU has (portable always).
#pragma once

#include <string>
#include <vector>

#include "cpu/cpu_features.h"
#include "cpu/lanes.h"

namespace armaccel::test {

template <class Kernel>
std::vector<const Kernel*> usable_lanes(LaneList<Kernel> list) {
  const CpuFeatures cpu = probe_cpu_features();
  std::vector<const Kernel*> out;
  for (std::size_t i = 0; i < list.count; ++i) {
    if ((list.lanes[i]->required & ~cpu) == 0) out.push_back(list.lanes[i]);
  }
  return out;
}

// GoogleTest parameter name for a lane ("aes-ce" -> "aes_ce").
template <class Kernel>
std::string lane_test_name(const Kernel* k) {
  std::string s = k->lane;
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
}

}  // namespace armaccel::test
