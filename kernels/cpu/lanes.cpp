// SPDX-License-Identifier: Apache-2.0
// Lane lists (which lanes this build has) and selection (lanes.h).
#include "cpu/lanes.h"

namespace armaccel {

#if ARMACCEL_HAVE_AES_CE
extern const AesKernel kAesCeOoo;
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
#if ARMACCEL_HAVE_GCM_CE_OOO
extern const GcmKernel kGcmCeOoo;
#endif
#if ARMACCEL_HAVE_SHA256_CE
extern const Sha256Kernel kSha256Ce;
extern const Sha256Kernel kSha256CeOoo;
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
extern const ChachaKernel kChachaNeonOoo;
extern const ChachaKernel kChachaNeonOooGpr;
#endif
#if ARMACCEL_HAVE_POLY1305_NEON
extern const Poly1305Kernel kPoly1305Neon;
extern const Poly1305Kernel kPoly1305NeonOoo;
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
    &kAesCeOoo,
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
#if ARMACCEL_HAVE_GCM_CE_OOO
    &kGcmCeOoo,
#endif
#if ARMACCEL_HAVE_GCM_CE
    &kGcmCe,
#endif
    nullptr,  // sentinel: no fused lane usable
};

const Sha256Kernel* const kSha256Lanes[] = {
#if ARMACCEL_HAVE_SHA256_CE
    &kSha256CeOoo,
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
    &kChachaNeonOoo,
    &kChachaNeonOooGpr,
    &kChachaNeon,
#endif
    &kChachaPortable,
};

const Poly1305Kernel* const kPoly1305Kernels[] = {
#if ARMACCEL_HAVE_POLY1305_NEON
    &kPoly1305NeonOoo,
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

// The core table: lanes for some core classes only, or not for some, each
// with the figure that decided it (estimated cycles per byte at 16 KiB,
// armaccel in Debian 13's OpenSSL 3.5 on the qemu-icount core models:
// scripts/icount/cycles.sh, docs/performance.md).  A class without an
// entry gets the features-only choice.
struct CoreChoice {
  const void* lane;
  CoreClassSet only_on;  // 0: any class
  CoreClassSet not_on;
  const char* why;
};

[[maybe_unused]] constexpr CoreClassSet kOutOfOrder =
    core_bit(CoreClass::kCortexA72) | core_bit(CoreClass::kNeoverseN1) |
    core_bit(CoreClass::kNeoverseV1) | core_bit(CoreClass::kNeoverseV2);

const CoreChoice kCoreChoices[] = {
#if ARMACCEL_HAVE_AES_CE
    // AES-128-XTS records, aes-ce-ooo against aes-ce (OpenSSL 3.5):
    // cortex-a72 0.689 against 0.687 (0.769), neoverse-n1 0.685 against
    // 0.723 (0.724), neoverse-v1 0.247 against 0.300 (0.302), neoverse-v2
    // 0.254 against 0.307 (0.302).  aes-ce's vector tweaks take fewer
    // instructions (1.84 against 2.03 a byte on the reference CPU), which
    // is what in-order cores run on.
    {&kAesCeOoo, kOutOfOrder, 0,
     "XTS tweaks in general-purpose registers: fewer cycles on this out-of-order core"},
#endif
#if ARMACCEL_HAVE_GCM_CE_OOO
    // AES-128-GCM records, gcm-ce-ooo against gcm-ce (OpenSSL 3.5), 16 KiB:
    // cortex-a72 0.904 against 0.980 (0.940), neoverse-n1 0.885 against
    // 0.946 (0.931), neoverse-v1 0.431 against 0.494 (0.390), neoverse-v2
    // 0.429 against 0.492 (0.396); 64 B cortex-a72 15.5 against 16.0
    // (16.3).  gcm-ce takes fewer instructions (2.63 against 2.74 a byte).
    {&kGcmCeOoo, kOutOfOrder, 0,
     "eight blocks per iteration: fewer cycles on this out-of-order core"},
#endif
#if ARMACCEL_HAVE_SHA256_CE
    // SHA-256 at 16 KiB, sha256-ce-ooo against sha256-ce (OpenSSL 3.5):
    // cortex-a72 2.094 against 2.445 (2.106), neoverse-n1 1.301 against
    // 1.55 (1.313), neoverse-v1 1.298 against 1.54 (1.295), neoverse-v2
    // 1.298 against 1.54 (1.296).  sha256-ce takes fewer instructions (1.611
    // against 1.99 a byte on the reference CPU).
    {&kSha256CeOoo, kOutOfOrder, 0,
     "the copy of ABCD off the SHA256H recurrence: fewer cycles on this out-of-order core"},
#endif
#if ARMACCEL_HAVE_CHACHA20_NEON
    // ChaCha20 at 16 KiB (OpenSSL 3.5 in brackets), six blocks per
    // iteration: four NEON blocks in columns with a NEON block in rows and
    // a scalar block (chacha20-neon-ooo), or with two scalar blocks
    // (chacha20-neon-ooo-gpr), against chacha20-neon: cortex-a72 2.99 /
    // 3.39 / 3.87 (3.20): A72 decodes three instructions a cycle and the
    // second scalar block fills them; neoverse-n1 2.31 / 2.04 / 2.72 (2.30):
    // N1's third integer pipe and wider front end take it.  chacha20-neon
    // takes the fewest instructions (5.31 a byte at 16 KiB on the reference
    // CPU).
    {&kChachaNeonOoo, kOutOfOrder & ~core_bit(CoreClass::kNeoverseN1), 0,
     "a NEON block in rows and a scalar block beside every four NEON blocks: fewer cycles on "
     "this out-of-order core"},
    {&kChachaNeonOooGpr, core_bit(CoreClass::kNeoverseN1), 0,
     "two scalar blocks beside every four NEON blocks, on the integer pipes: fewer cycles on "
     "this out-of-order core"},
#endif
#if ARMACCEL_HAVE_POLY1305_NEON
    // Poly1305 at 16 KiB, poly1305-neon-ooo against poly1305-neon (OpenSSL
    // 3.5): cortex-a72 0.944 against 1.204 (1.000), neoverse-n1 0.968
    // against 1.154 (0.975), neoverse-v1 0.617 against 0.901 (0.565),
    // neoverse-v2 0.506 against 0.720 (0.472).  poly1305-neon takes fewer
    // instructions (1.58 against 1.62 a byte on the reference CPU).
    {&kPoly1305NeonOoo, kOutOfOrder, 0,
     "the products of the next blocks first, those with the accumulator last: fewer cycles on "
     "this out-of-order core"},
#endif
#if ARMACCEL_HAVE_KECCAK_SHA3 && ARMACCEL_HAVE_KECCAK_NEON
    // SHA3-256, keccak-neon against keccak-sha3 (OpenSSL 3.5): neoverse-v1
    // 4.62 against 11.5 (5.78), neoverse-v2 3.26 against 11.5 (4.00).
    {&kKeccakSha3, 0, core_bit(CoreClass::kNeoverseV1) | core_bit(CoreClass::kNeoverseV2),
     "the SHA3 instructions issue to one vector pipe on this core; the scalar keccak-neon "
     "takes fewer cycles"},
#endif
    {nullptr, 0, 0, ""},  // keeps the table non-empty on any build
};

const CoreChoice* core_choice(const void* lane) {
  for (const CoreChoice& c : kCoreChoices)
    if (c.lane != nullptr && c.lane == lane) return &c;
  return nullptr;
}

}  // namespace

bool lane_suits_core(const void* lane, CoreClass core) {
  const CoreChoice* c = core_choice(lane);
  if (c == nullptr) return true;
  const CoreClassSet bit = core_bit(core);
  return (c->only_on == 0 || (c->only_on & bit) != 0) && (c->not_on & bit) == 0;
}

const char* core_choice_reason(const void* lane, CoreClass core) {
  const CoreChoice* c = core_choice(lane);
  if (c == nullptr) return "";
  const CoreClassSet bit = core_bit(core);
  return (c->only_on & bit) != 0 || (c->not_on & bit) != 0 ? c->why : "";
}

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
  return select_kernels(effective, CoreClass::kOther);
}

KernelSet select_kernels(CpuFeatures effective, CoreClass core) {
  return select_kernels(effective, core, [](const auto&, const KernelSet&) { return true; });
}

}  // namespace armaccel
