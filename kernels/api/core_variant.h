// SPDX-License-Identifier: Apache-2.0
// A lane's variant for some core classes: the same lane (same key
// schedule, same required features, same results) with a few of its
// entries replaced by code scheduled for other cores, e.g. "aes-ce-ooo",
// aes-ce with the XTS tweaks in general-purpose registers for out-of-order
// cores.  The lane file defines the variant from its lane's table, so the
// two cannot drift apart in anything the variant does not replace:
//
//   constexpr AesKernel kAesCeOoo = core_variant(kAesCe, "aes-ce-ooo", [](AesKernel& k) {
//     k.xts_encrypt = xts_encrypt_gpr;
//   });
//
// and the lane list (cpu/lane_table.cpp) names the variant with the core
// classes it is chosen on (CoreVariant, cpu/lane_facts.h).  Evaluated at
// compile time: nothing of it is emitted into the lane file.
#pragma once

namespace armaccel {

// `lane`'s table (any kernel table with a `lane` name), renamed `name`,
// with the entries `replace(table&)` sets.
template <class Kernel, class Replace>
constexpr Kernel core_variant(const Kernel& lane, const char* name, Replace replace) {
  Kernel variant = lane;
  variant.lane = name;
  replace(variant);
  return variant;
}

}  // namespace armaccel
