// SPDX-License-Identifier: Apache-2.0
// Lane lists and selection.  Each primitive has a list of the lanes built
// into this binary, best first and the portable lane last; select_kernels()
// picks, per primitive, the first lane whose required features are all in
// the effective feature set and that suits the core class (core_class.h):
// a few lanes are for some classes only, or not for some, by the table in
// lanes.cpp that gives each such choice its measured reason.  A pure
// function: the provider calls it once per provider instance at init and
// keeps the result read-only.
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
#include "cpu/core_class.h"
#include "cpu/cpu_features.h"

namespace armaccel {

struct KernelSet {
  const AesKernel* aes;
  const GhashKernel* ghash;
  const GcmKernel* gcm;  // nullptr: GCM composes aes->ctr32_encrypt and ghash->update
  const Sha256Kernel* sha256;
  const Sha512Kernel* sha512;
  const KeccakKernel* keccak;
  const ChachaKernel* chacha20;
  const Poly1305Kernel* poly1305;
  const Sm4Kernel* sm4;
  const Sm3Kernel* sm3;
  const MlkemKernel* mlkem;
};

template <class Kernel>
struct LaneList {
  const Kernel* const* lanes;  // best first; the last is the portable lane
  std::size_t count;
};

LaneList<AesKernel> aes_lanes();
LaneList<GhashKernel> ghash_lanes();
// Fused GCM lanes only (no portable entry: the composition is the fallback).
LaneList<GcmKernel> gcm_lanes();
LaneList<Sha256Kernel> sha256_lanes();
LaneList<Sha512Kernel> sha512_lanes();
LaneList<KeccakKernel> keccak_lanes();
LaneList<ChachaKernel> chacha20_lanes();
LaneList<Poly1305Kernel> poly1305_lanes();
LaneList<Sm4Kernel> sm4_lanes();
LaneList<Sm3Kernel> sm3_lanes();
LaneList<MlkemKernel> mlkem_lanes();

// Whether the core table lets `lane` (any lane table: &kAesCe, ...) serve
// on a core of class `core`; true for a lane the table does not name.
bool lane_suits_core(const void* lane, CoreClass core);

// The core table's reason for `lane` on `core` (why it is taken there, or
// passed over), or "" when the table says nothing of that lane and class.
const char* core_choice_reason(const void* lane, CoreClass core);

// Lanes for a core of class kOther, or of class `core`.
KernelSet select_kernels(CpuFeatures effective);
KernelSet select_kernels(CpuFeatures effective, CoreClass core);

// The same choice, with a say for the caller: a lane is taken only if its
// required features are present and accept(lane, chosen) returns true,
// else the next in its list is considered.  The last lane of a list (the
// portable one) is taken without asking.  accept is called with a const
// reference to the lane's table (AesKernel, GhashKernel, GcmKernel, ...)
// and the KernelSet chosen so far: primitives are chosen in KernelSet's
// order, so a fused GCM lane sees its AES and GHASH lanes and the ML-KEM
// lane its Keccak lane.  The provider passes its known-answer self-tests
// (selftest/self_test.h) here.
template <class Accept>
KernelSet select_kernels(CpuFeatures effective, CoreClass core, Accept&& accept);

namespace detail {
template <class Kernel, class Accept>
const Kernel* first_accepted(LaneList<Kernel> list, CpuFeatures effective, CoreClass core,
                             const KernelSet& chosen, Accept& accept) {
  for (std::size_t i = 0; i + 1 < list.count; ++i) {
    const Kernel* k = list.lanes[i];
    if ((k->required & ~effective) == 0 && lane_suits_core(k, core) && accept(*k, chosen)) return k;
  }
  return list.lanes[list.count - 1];
}
}  // namespace detail

template <class Accept>
KernelSet select_kernels(CpuFeatures effective, CoreClass core, Accept&& accept) {
  KernelSet set = {};
  set.aes = detail::first_accepted(aes_lanes(), effective, core, set, accept);
  set.ghash = detail::first_accepted(ghash_lanes(), effective, core, set, accept);
  // A fused GCM lane reads the chosen lanes' keys: its AES lane must make
  // the same key schedule (an AES lane tuned for a core class shares its
  // base lane's) and its GHASH lane must be the chosen one.
  const LaneList<GcmKernel> gcm = gcm_lanes();  // no portable entry: may end empty
  for (std::size_t i = 0; i < gcm.count && set.gcm == nullptr; ++i) {
    const GcmKernel* k = gcm.lanes[i];
    if ((k->required & ~effective) == 0 && k->aes->set_encrypt_key == set.aes->set_encrypt_key &&
        k->ghash == set.ghash && lane_suits_core(k, core) && accept(*k, set))
      set.gcm = k;
  }
  set.sha256 = detail::first_accepted(sha256_lanes(), effective, core, set, accept);
  set.sha512 = detail::first_accepted(sha512_lanes(), effective, core, set, accept);
  set.keccak = detail::first_accepted(keccak_lanes(), effective, core, set, accept);
  set.chacha20 = detail::first_accepted(chacha20_lanes(), effective, core, set, accept);
  set.poly1305 = detail::first_accepted(poly1305_lanes(), effective, core, set, accept);
  set.sm4 = detail::first_accepted(sm4_lanes(), effective, core, set, accept);
  set.sm3 = detail::first_accepted(sm3_lanes(), effective, core, set, accept);
  set.mlkem = detail::first_accepted(mlkem_lanes(), effective, core, set, accept);
  return set;
}

}  // namespace armaccel
