// SPDX-License-Identifier: Apache-2.0
// Lane lists and selection.  Each primitive (primitives.h) has a list of
// the lanes built into this binary, best first and the portable lane last,
// each entry with its facts (lane_facts.h; the lists are in
// lane_table.cpp); select_kernels() picks, per primitive, the first lane
// whose required features are all in the effective feature set and whose
// facts let it serve on the core class (core_class.h).  A pure function:
// the provider calls it once per provider instance at init and keeps the
// result read-only.
#pragma once

#include <cstddef>

#include "api/aes.h"
#include "api/chacha20.h"
#include "api/gcm.h"
#include "api/ghash.h"
#include "api/keccak.h"
#include "api/mlkem_kernel.h"
#include "api/poly1305.h"
#include "api/sha2.h"
#include "api/sm3.h"
#include "api/sm4.h"
#include "api/x25519.h"
#include "cpu/core_class.h"
#include "cpu/cpu_features.h"
#include "cpu/lane_facts.h"
#include "cpu/primitives.h"

namespace armaccel {

// The lanes chosen, one per primitive, and the fused GCM lane if any.
struct KernelSet {
#define ARMACCEL_X(Enum, name, Kernel, kind) const Kernel* name;
  ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  const GcmKernel* gcm;  // nullptr: GCM composes aes->ctr32_encrypt and ghash->update
};

template <class Kernel>
struct LaneList {
  const Kernel* const* lanes;  // best first; the last is the portable lane
  const LaneFacts* facts;      // facts[i] is lanes[i]'s
  std::size_t count;
};

#define ARMACCEL_X(Enum, name, Kernel, kind) LaneList<Kernel> name##_lanes();
ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
// Fused GCM lanes only (no portable entry: the composition is the fallback).
LaneList<GcmKernel> gcm_lanes();

// The primitive a kernel table belongs to.
#define ARMACCEL_X(Enum, name, Kernel, kind)        \
  constexpr Primitive primitive_of(const Kernel&) { \
    return Primitive::Enum;                         \
  }
ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X

// Calls f(primitive, list, chosen) for every primitive in the list's order:
// its lane list and the lane `k` holds for it.
template <class F>
void for_each_primitive(const KernelSet& k, F&& f) {
#define ARMACCEL_X(Enum, name, Kernel, kind) f(Primitive::Enum, name##_lanes(), k.name);
  ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
}

// The name of the lane `k` holds for `p` ("aes-ce").
const char* lane_name(const KernelSet& k, Primitive p);

// The facts of the lane `k` holds for `p`.
const LaneFacts& chosen_facts(const KernelSet& k, Primitive p);

// The facts of `lane` in `list`, or null if it is not there.
template <class Kernel>
const LaneFacts* facts_of(LaneList<Kernel> list, const Kernel* lane) {
  for (std::size_t i = 0; i < list.count; ++i)
    if (list.lanes[i] == lane) return &list.facts[i];
  return nullptr;
}

// Whether `lane` (any lane table: &kAesCe, ...) may serve on a core of
// class `core`; true for a lane in no list.
bool lane_suits_core(const void* lane, CoreClass core);

// Why `lane` is taken on `core` or passed over there (its CoreFit's why),
// or why it is known to suit `core` (its CoreFit's suits_why), or "" when
// its facts say nothing of `core`.
const char* core_choice_reason(const void* lane, CoreClass core);

// Lanes for a core of class kOther, or of class `core`.
KernelSet select_kernels(CpuFeatures effective);
KernelSet select_kernels(CpuFeatures effective, CoreClass core);

// The same choice, with a say for the caller: a lane is taken only if its
// required features are present and accept(lane, chosen) returns true,
// else the next in its list is considered.  The last lane of a list (the
// portable one) is taken without asking.  accept is called with a const
// reference to the lane's table (AesKernel, GhashKernel, GcmKernel, ...)
// and the KernelSet chosen so far: primitives are chosen in the order of
// primitives.h and the fused GCM lane last, so a fused GCM lane sees its
// AES and GHASH lanes and the ML-KEM lane its Keccak lane.  The provider
// passes its known-answer self-tests (selftest/self_test.h) here.
template <class Accept>
KernelSet select_kernels(CpuFeatures effective, CoreClass core, Accept&& accept);

namespace detail {
template <class Kernel, class Accept>
const Kernel* first_accepted(LaneList<Kernel> list, CpuFeatures effective, CoreClass core,
                             const KernelSet& chosen, Accept& accept) {
  for (std::size_t i = 0; i + 1 < list.count; ++i) {
    const Kernel* k = list.lanes[i];
    if ((k->required & ~effective) == 0 && suits(list.facts[i], core) && accept(*k, chosen))
      return k;
  }
  return list.lanes[list.count - 1];
}
}  // namespace detail

template <class Accept>
KernelSet select_kernels(CpuFeatures effective, CoreClass core, Accept&& accept) {
  KernelSet set = {};
#define ARMACCEL_X(Enum, name, Kernel, kind) \
  set.name = detail::first_accepted(name##_lanes(), effective, core, set, accept);
  ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  // A fused GCM lane reads the chosen lanes' keys: its AES lane must make
  // the same key schedule (an AES lane tuned for a core class shares its
  // base lane's) and its GHASH lane must be the chosen one.
  const LaneList<GcmKernel> gcm = gcm_lanes();  // no portable entry: may end empty
  for (std::size_t i = 0; i < gcm.count && set.gcm == nullptr; ++i) {
    const GcmKernel* k = gcm.lanes[i];
    if ((k->required & ~effective) == 0 && k->aes->set_encrypt_key == set.aes->set_encrypt_key &&
        k->ghash == set.ghash && suits(gcm.facts[i], core) && accept(*k, set))
      set.gcm = k;
  }
  return set;
}

}  // namespace armaccel
