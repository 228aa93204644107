// Lane lists and selection.  Each primitive has a list of the lanes built
// into this binary, best first and the portable lane last; select_kernels()
// picks, per primitive, the first lane whose required features are all in
// the effective feature set.  A pure function: the provider calls it once
// per provider instance at init and keeps the result read-only.
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

KernelSet select_kernels(CpuFeatures effective);

}  // namespace armaccel
