// SPDX-License-Identifier: Apache-2.0
// Selection helpers over the lane lists (lanes.h; the lists themselves are
// in lane_table.cpp).
#include "cpu/lanes.h"

namespace armaccel {

namespace {

// The facts of `lane` in whichever list holds it, or null.
const LaneFacts* find_facts(const void* lane) {
  const LaneFacts* found = nullptr;
  const auto look = [&](auto list) {
    for (std::size_t i = 0; i < list.count && found == nullptr; ++i)
      if (static_cast<const void*>(list.lanes[i]) == lane) found = &list.facts[i];
  };
#define ARMACCEL_X(Enum, name, Kernel, kind) look(name##_lanes());
  ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  look(gcm_lanes());
  return found;
}

}  // namespace

const char* lane_name(const KernelSet& k, Primitive p) {
  switch (p) {
#define ARMACCEL_X(Enum, name, Kernel, kind) \
  case Primitive::Enum:                      \
    return k.name->lane;
    ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  }
  return "";
}

const LaneFacts& chosen_facts(const KernelSet& k, Primitive p) {
  // Every chosen lane is in its list (select_kernels takes only list
  // entries); the portable entry's facts stand in for a lane from elsewhere.
  switch (p) {
#define ARMACCEL_X(Enum, name, Kernel, kind)               \
  case Primitive::Enum: {                                  \
    const LaneList<Kernel> list = name##_lanes();          \
    const LaneFacts* f = facts_of(list, k.name);           \
    return f != nullptr ? *f : list.facts[list.count - 1]; \
  }
    ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  }
  return aes_lanes().facts[aes_lanes().count - 1];
}

bool lane_suits_core(const void* lane, CoreClass core) {
  const LaneFacts* f = find_facts(lane);
  return f == nullptr || suits(*f, core);
}

const char* core_choice_reason(const void* lane, CoreClass core) {
  const LaneFacts* f = find_facts(lane);
  if (f == nullptr) return "";
  const CoreClassSet bit = core_bit(core);
  if ((f->fit.only_on & bit) != 0 || (f->fit.not_on & bit) != 0) return f->fit.why;
  return (f->fit.suits_on & bit) != 0 ? f->fit.suits_why : "";
}

KernelSet select_kernels(CpuFeatures effective) {
  return select_kernels(effective, CoreClass::kOther);
}

KernelSet select_kernels(CpuFeatures effective, CoreClass core) {
  return select_kernels(effective, core, [](const auto&, const KernelSet&) { return true; });
}

}  // namespace armaccel
