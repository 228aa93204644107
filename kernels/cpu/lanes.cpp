// SPDX-License-Identifier: Apache-2.0
// Lane lists (which lanes this build has) and selection (lanes.h).
#include "cpu/lanes.h"

namespace armaccel {

#if ARMACCEL_HAVE_AES_CE
extern const AesKernel kAesCe;
#endif
#if ARMACCEL_HAVE_AES_NEON
extern const AesKernel kAesNeon;
#endif
#if ARMACCEL_HAVE_GHASH_PMULL
extern const GhashKernel kGhashPmull;
#endif
#if ARMACCEL_HAVE_GHASH_NEON
extern const GhashKernel kGhashNeon;
#endif
#if ARMACCEL_HAVE_GCM_CE
extern const GcmKernel kGcmCe;
#endif
#if ARMACCEL_HAVE_SHA256_CE
extern const Sha256Kernel kSha256Ce;
#endif
#if ARMACCEL_HAVE_SHA512_CE
extern const Sha512Kernel kSha512Ce;
#endif
#if ARMACCEL_HAVE_SHA256_NEON
extern const Sha256Kernel kSha256Neon;
#endif
#if ARMACCEL_HAVE_SHA512_NEON
extern const Sha512Kernel kSha512Neon;
#endif
#if ARMACCEL_HAVE_KECCAK_ARMV7M
extern const KeccakKernel kKeccakArmv7m;
#endif
#if ARMACCEL_HAVE_KECCAK_SHA3
extern const KeccakKernel kKeccakSha3;
#endif
#if ARMACCEL_HAVE_KECCAK_NEON
extern const KeccakKernel kKeccakNeon;
#endif
#if ARMACCEL_HAVE_CHACHA20_NEON
extern const ChachaKernel kChachaNeon;
#endif
#if ARMACCEL_HAVE_POLY1305_NEON
extern const Poly1305Kernel kPoly1305Neon;
#endif
#if ARMACCEL_HAVE_SM4_CE
extern const Sm4Kernel kSm4Ce;
#endif
#if ARMACCEL_HAVE_SM4_NEON
extern const Sm4Kernel kSm4Neon;
#endif
#if ARMACCEL_HAVE_SM3_CE
extern const Sm3Kernel kSm3Ce;
#endif
#if ARMACCEL_HAVE_SM3_SCALAR
extern const Sm3Kernel kSm3Scalar;
#endif
#if ARMACCEL_HAVE_MLKEM_NEON
extern const MlkemKernel kMlkemNeon;
#endif
#if ARMACCEL_HAVE_MLKEM_ARMV7M
extern const MlkemKernel kMlkemArmv7m;
#endif

namespace {

const AesKernel* const kAesLanes[] = {
#if ARMACCEL_HAVE_AES_CE
    &kAesCe,
#endif
#if ARMACCEL_HAVE_AES_NEON
    &kAesNeon,
#endif
    &kAesPortable,
};

const GhashKernel* const kGhashLanes[] = {
#if ARMACCEL_HAVE_GHASH_PMULL
    &kGhashPmull,
#endif
#if ARMACCEL_HAVE_GHASH_NEON
    &kGhashNeon,
#endif
    &kGhashPortable,
};

const GcmKernel* const kGcmLanes[] = {
#if ARMACCEL_HAVE_GCM_CE
    &kGcmCe,
#endif
    nullptr,  // sentinel: no fused lane usable
};

const Sha256Kernel* const kSha256Lanes[] = {
#if ARMACCEL_HAVE_SHA256_CE
    &kSha256Ce,
#endif
#if ARMACCEL_HAVE_SHA256_NEON
    &kSha256Neon,
#endif
    &kSha256Portable,
};

const Sha512Kernel* const kSha512Lanes[] = {
#if ARMACCEL_HAVE_SHA512_CE
    &kSha512Ce,
#endif
#if ARMACCEL_HAVE_SHA512_NEON
    &kSha512Neon,
#endif
    &kSha512Portable,
};

const KeccakKernel* const kKeccakKernels[] = {
#if ARMACCEL_HAVE_KECCAK_ARMV7M
    &kKeccakArmv7m,
#endif
#if ARMACCEL_HAVE_KECCAK_SHA3
    &kKeccakSha3,
#endif
#if ARMACCEL_HAVE_KECCAK_NEON
    &kKeccakNeon,
#endif
    &kKeccakPortable,
};

const ChachaKernel* const kChachaKernels[] = {
#if ARMACCEL_HAVE_CHACHA20_NEON
    &kChachaNeon,
#endif
    &kChachaPortable,
};

const Poly1305Kernel* const kPoly1305Kernels[] = {
#if ARMACCEL_HAVE_POLY1305_NEON
    &kPoly1305Neon,
#endif
    &kPoly1305Portable,
};

const Sm4Kernel* const kSm4Kernels[] = {
#if ARMACCEL_HAVE_SM4_CE
    &kSm4Ce,
#endif
#if ARMACCEL_HAVE_SM4_NEON
    &kSm4Neon,
#endif
    &kSm4Portable,
};

const Sm3Kernel* const kSm3Kernels[] = {
#if ARMACCEL_HAVE_SM3_CE
    &kSm3Ce,
#endif
#if ARMACCEL_HAVE_SM3_SCALAR
    &kSm3Scalar,
#endif
    &kSm3Portable,
};

const MlkemKernel* const kMlkemKernels[] = {
#if ARMACCEL_HAVE_MLKEM_ARMV7M
    &kMlkemArmv7m,
#endif
#if ARMACCEL_HAVE_MLKEM_NEON
    &kMlkemNeon,
#endif
    &kMlkemPortable,
};

}  // namespace

LaneList<AesKernel> aes_lanes() {
  return {kAesLanes, sizeof kAesLanes / sizeof kAesLanes[0]};
}
LaneList<GhashKernel> ghash_lanes() {
  return {kGhashLanes, sizeof kGhashLanes / sizeof kGhashLanes[0]};
}
LaneList<GcmKernel> gcm_lanes() {
  return {kGcmLanes, sizeof kGcmLanes / sizeof kGcmLanes[0] - 1};
}
LaneList<Sha256Kernel> sha256_lanes() {
  return {kSha256Lanes, sizeof kSha256Lanes / sizeof kSha256Lanes[0]};
}
LaneList<Sha512Kernel> sha512_lanes() {
  return {kSha512Lanes, sizeof kSha512Lanes / sizeof kSha512Lanes[0]};
}

LaneList<KeccakKernel> keccak_lanes() {
  return {kKeccakKernels, sizeof kKeccakKernels / sizeof kKeccakKernels[0]};
}

LaneList<ChachaKernel> chacha20_lanes() {
  return {kChachaKernels, sizeof kChachaKernels / sizeof kChachaKernels[0]};
}

LaneList<Poly1305Kernel> poly1305_lanes() {
  return {kPoly1305Kernels, sizeof kPoly1305Kernels / sizeof kPoly1305Kernels[0]};
}

LaneList<Sm4Kernel> sm4_lanes() {
  return {kSm4Kernels, sizeof kSm4Kernels / sizeof kSm4Kernels[0]};
}

LaneList<Sm3Kernel> sm3_lanes() {
  return {kSm3Kernels, sizeof kSm3Kernels / sizeof kSm3Kernels[0]};
}

LaneList<MlkemKernel> mlkem_lanes() {
  return {kMlkemKernels, sizeof kMlkemKernels / sizeof kMlkemKernels[0]};
}

KernelSet select_kernels(CpuFeatures effective) {
  return select_kernels(effective, [](const auto&, const KernelSet&) { return true; });
}

}  // namespace armaccel
