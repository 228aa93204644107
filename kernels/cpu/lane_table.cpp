// SPDX-License-Identifier: Apache-2.0
// The lane lists: per primitive (primitives.h), the lanes this build has,
// best first and the portable lane last, each with its facts
// (lane_facts.h): how it was measured against OpenSSL's own code, which
// core classes it is for, and where it is slower on a core class.
//
// Instruction figures are guest instructions per byte at 16 KiB under
// qemu-aarch64 (scripts/icount/vs.sh; the performance proxy, not speed),
// armaccel's lane against OpenSSL 3.0 (Debian 12) / 3.5.9 (Debian 13)
// restricted the same way (OPENSSL_armcap), in one run.  "no crypto
// extensions" is -cpu cortex-a72 with ARMACCEL_DISABLE=aes,pmull,sha2,
// sha512,sha3,sm3,sm4 and OPENSSL_armcap=1; the SHA-512/SHA-3/SM rows are
// -cpu cortex-a53 (AES, PMULL and SHA-256 only).  Cycle figures are
// estimated cycles per byte (scripts/icount/cycles.sh: the qemu run traced
// per block, each block costed by llvm-mca-19 with the core's scheduling
// model), armaccel against OpenSSL 3.5.9's default provider in the same
// libcrypto, the worst of 64 B, 1 KiB and 16 KiB unless a size is named
// (docs/report); rows within about 5% are the estimate's noise and defer
// nothing.  Where a lane is slower than OpenSSL's code on a core class is
// one table of its own, figures as data (slower_on_core.cpp).  A lane's
// variants per core class (CoreVariant: its table with a few entries
// replaced, api/core_variant.h) are listed with it.
#include <cstddef>

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
extern const KeccakKernel kKeccakNeonVec;
extern const KeccakKernel kKeccakNeonGpr;
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
#if ARMACCEL_HAVE_X25519_NEON
extern const X25519Kernel kX25519Neon;
#endif

namespace {

// A list's storage: the lanes and their facts side by side, each lane's
// core variants just before it (lane_facts.h).
template <class Kernel, std::size_t N>
struct LaneStore {
  const Kernel* lanes[N];
  LaneFacts facts[N];
  static constexpr std::size_t kCount = N;
};
template <class Kernel, std::size_t M>
constexpr std::size_t lanes_and_variants(const Lane<Kernel> (&entries)[M]) {
  std::size_t n = 0;
  for (const Lane<Kernel>& e : entries) n += 1 + e.variant_count;
  return n;
}
template <std::size_t N, class Kernel, std::size_t M>
constexpr LaneStore<Kernel, N> store(const Lane<Kernel> (&entries)[M]) {
  LaneStore<Kernel, N> s{};
  std::size_t n = 0;
  for (const Lane<Kernel>& e : entries) {
    for (std::size_t v = 0; v < e.variant_count; ++v, ++n) {
      s.lanes[n] = e.variants[v].kernel;
      s.facts[n] = e.variant_facts(v);
    }
    s.lanes[n] = e.kernel;
    s.facts[n++] = e.facts;
  }
  return s;
}
#define ARMACCEL_STORE(entries) store<lanes_and_variants(entries)>(entries)

[[maybe_unused]] constexpr CoreClassSet kA72 = core_bit(CoreClass::kCortexA72);
[[maybe_unused]] constexpr CoreClassSet kN1 = core_bit(CoreClass::kNeoverseN1);
[[maybe_unused]] constexpr CoreClassSet kV1 = core_bit(CoreClass::kNeoverseV1);
[[maybe_unused]] constexpr CoreClassSet kV2 = core_bit(CoreClass::kNeoverseV2);
[[maybe_unused]] constexpr CoreClassSet kOutOfOrder = kA72 | kN1 | kV1 | kV2;

// Where a core issues the SHA3 instructions (EOR3, RAX1, XAR, BCAX: "Crypto
// SHA3 ops" in the Cryptography extensions table of each core's Software
// Optimization Guide; latency 2 on all of these).  Only the Keccak lists
// name these sets: every other list and slower_on_core.cpp treat the newer
// classes as kOther.
//   One vector pipe, V0, one a cycle: neoverse-v1 and neoverse-v2 (V2 guide
//   109898 issue 3.0; both measured, below); cortex-x3, cortex-a710 (its
//   Table 3-39) and cortex-a715, the same row as quoted from their guides;
//   neoverse-n2, LLVM's Neoverse N2 scheduling model (llvm-mca-19
//   -mcpu=neoverse-n2 puts them on V0 alone; the guide's text not found),
//   and measured, below.
//   Every vector pipe: cortex-x4 (guide PJDOC-1505342170-538636 issue 3.0:
//   four a cycle on V, FP/ASIMD 0-3), cortex-a720 (guide 109720 issue 7.0:
//   two a cycle on V, "SHA3 ops are executed from the ALU pipeline");
//   neoverse-v3 (LLVM's model from guide 109678 issue 3.0), neoverse-n3,
//   c1-ultra (LLVM's model from guide 111079 issue 3.0) and c1-premium: the V
//   group of LLVM's scheduling model of each.
//   Neither: cortex-a76, -a78, -a78c and -x1 have no SHA3 instructions
//   (Armv8.2-A with the AES/SHA-1/SHA-256 Cryptographic Extension), so the
//   features decide; for cortex-x2, -x925 and -a725 no guide text was found,
//   and the features-only choice (keccak-sha3) stands.
[[maybe_unused]] constexpr CoreClassSet kSha3OnOnePipe =
    kV1 | kV2 | core_bit(CoreClass::kNeoverseN2) | core_bit(CoreClass::kCortexX3) |
    core_bit(CoreClass::kCortexA710) | core_bit(CoreClass::kCortexA715);
[[maybe_unused]] constexpr CoreClassSet kSha3OnEveryPipe =
    core_bit(CoreClass::kCortexX4) | core_bit(CoreClass::kCortexA720) |
    core_bit(CoreClass::kNeoverseV3) | core_bit(CoreClass::kNeoverseN3) |
    core_bit(CoreClass::kC1Ultra) | core_bit(CoreClass::kC1Premium);
static_assert((kSha3OnOnePipe & kSha3OnEveryPipe) == 0);

// ---- AES ----

#if ARMACCEL_HAVE_AES_CE
// AES-128-XTS records, aes-ce-ooo against aes-ce (OpenSSL 3.5): cortex-a72
// 0.689 against 0.687 (0.769), neoverse-n1 0.685 against 0.723 (0.724),
// neoverse-v1 0.247 against 0.300 (0.302), neoverse-v2 0.254 against 0.307
// (0.302).  aes-ce's vector tweaks take fewer instructions (1.84 against
// 2.03 a byte on the reference CPU), which is what in-order cores run on.
constexpr CoreVariant<AesKernel> kAesCeVariants[] = {
    {&kAesCeOoo, kOutOfOrder,
     "XTS tweaks in general-purpose registers: fewer cycles on this out-of-order core"}};
#endif

// aes-neon (vector-permute AES, bit-sliced for long runs) on a core without
// the AES instructions, against OpenSSL 3.0 / 3.5 (vpaes, bsaes) at 16 KiB:
// AES-128 ECB 14.8 (21.8 / 22.0), CBC encryption 16.6 (20.7 / 20.8), CBC
// decryption 17.7 (21.0 / 19.1), CTR 15.5 (29.5 / 16.8), AES-256-CTR 21.0
// (37.5 / 23.0), XTS encryption 15.5 (23.2 / 17.2), XTS decryption 18.0
// (25.4 / 19.5), CMAC 23.0 (39.6 / 29.1), CCM 31.7 (44.7 / 44.7); at 1 KiB
// and at 64 bytes with a new key per message too (CBC decryption 69.1
// against 88.7 in 3.0, 71.0 against 121.7 in 3.5).  Slower in cycles on a
// Cortex-A72 without the crypto extensions: slower_on_core.cpp.

// aes-portable: 63.6 (ECB) to 250 (CBC encryption) instructions/byte
// against OpenSSL's 16.8-22.0 (reference CPU with NEON and the AES
// instructions turned off for both).
constexpr Lane<AesKernel> aes_entries[] = {
#if ARMACCEL_HAVE_AES_CE
    {&kAesCe, kFasterEveryRelease, kAesCeVariants},
#endif
#if ARMACCEL_HAVE_AES_NEON
    {&kAesNeon, kFasterEveryRelease},
#endif
    {&kAesPortable, kPortableLane},
};

// ---- GHASH ----

// ghash-pmull with gcm-ce-ooo (eight blocks per iteration) wins on
// cortex-a72 (AES-128-GCM records 0.904 against 0.940 at 16 KiB, 15.5
// against 16.3 at 64 B; AES-256 1.146 against 1.157); on the Neoverse
// cores see slower_on_core.cpp.

// ghash-neon: GMAC 5.39 instructions/byte at 16 KiB (9.44 at 1 KiB) against
// OpenSSL's 26.6 (35.3-37.8) on a core without AES and PMULL; AES-128-GCM
// records (key kept) with aes-neon 20.5 (24.9 at 1 KiB, 89.3 at 64 bytes)
// against 48.4 / 42.9 (53.0 / 46.3, 122.1 / 123.9).  The portable AES-GCM
// counts 90.2 against 43.1-48.6.
constexpr Lane<GhashKernel> ghash_entries[] = {
#if ARMACCEL_HAVE_GHASH_PMULL
    {&kGhashPmull, kFasterEveryRelease},
#endif
#if ARMACCEL_HAVE_GHASH_NEON
    {&kGhashNeon, kFasterEveryRelease},
#endif
    {&kGhashPortable, kPortableLane},
};

// ---- fused GCM (no portable entry) ----

#if ARMACCEL_HAVE_GCM_CE
// AES-128-GCM records, gcm-ce-ooo against gcm-ce (OpenSSL 3.5), 16 KiB:
// cortex-a72 0.904 against 0.980 (0.940), neoverse-n1 0.885 against 0.946
// (0.931), neoverse-v1 0.431 against 0.494 (0.390), neoverse-v2 0.429
// against 0.492 (0.396); 64 B cortex-a72 15.5 against 16.0 (16.3).  gcm-ce
// takes fewer instructions (2.63 against 2.74 a byte).
constexpr CoreVariant<GcmKernel> kGcmCeVariants[] = {
    {&kGcmCeOoo, kOutOfOrder,
     "eight blocks per iteration: fewer cycles on this out-of-order core"}};
#endif

constexpr Lane<GcmKernel> gcm_entries[] = {
#if ARMACCEL_HAVE_GCM_CE
    {&kGcmCe, kFasterEveryRelease, kGcmCeVariants},
#endif
    {nullptr, kPortableLane},  // sentinel: no fused lane usable
};

// ---- SHA-256 ----

#if ARMACCEL_HAVE_SHA256_CE
// SHA-256 at 16 KiB, sha256-ce-ooo against sha256-ce (OpenSSL 3.5):
// cortex-a72 2.094 against 2.445 (2.106), neoverse-n1 1.301 against 1.55
// (1.313), neoverse-v1 1.298 against 1.54 (1.295), neoverse-v2 1.298
// against 1.54 (1.296).  sha256-ce takes fewer instructions (1.611 against
// 1.99 a byte on the reference CPU).
constexpr CoreVariant<Sha256Kernel> kSha256CeVariants[] = {
    {&kSha256CeOoo, kOutOfOrder,
     "the copy of ABCD off the SHA256H recurrence: fewer cycles on this out-of-order core"}};
#endif

// sha256-neon on a core without the SHA instructions, against OpenSSL 3.0 /
// 3.5 (its NEON and scalar assembly): SHA-256 24.7 (26.3 / 26.3) at 16 KiB,
// 27.2 (28.9 / 28.6) at 1 KiB; HMAC-SHA256 25.2 (27.1 / 26.9), 34.5 (40.8 /
// 38.3).  sha256-portable: 51.0 against OpenSSL's 26.3 (HMAC 51.8 against
// 26.9-27.1).
constexpr Lane<Sha256Kernel> sha256_entries[] = {
#if ARMACCEL_HAVE_SHA256_CE
    {&kSha256Ce, kFasterEveryRelease, kSha256CeVariants},
#endif
#if ARMACCEL_HAVE_SHA256_NEON
    {&kSha256Neon, kFasterEveryRelease},
#endif
    {&kSha256Portable, kPortableLane},
};

// ---- SHA-512 ----

// sha512-neon: SHA-512 17.2 (18.8 / 18.7) at 16 KiB, 20.4 (22.0 / 21.6) at
// 1 KiB.  sha512-portable: 28.6 against OpenSSL's 18.8.
constexpr Lane<Sha512Kernel> sha512_entries[] = {
#if ARMACCEL_HAVE_SHA512_CE
    {&kSha512Ce, kFasterEveryRelease},
#endif
#if ARMACCEL_HAVE_SHA512_NEON
    {&kSha512Neon, kFasterEveryRelease},
#endif
    {&kSha512Portable, kPortableLane},
};

// ---- Keccak ----

#if ARMACCEL_HAVE_KECCAK_SHA3
// Reported where keccak-sha3 is chosen on a core that runs the SHA3
// instructions on every vector pipe (kSha3OnEveryPipe).
constexpr const char* kSha3EveryPipe =
    "the SHA3 instructions issue to every vector pipe on this core";
#endif
#if ARMACCEL_HAVE_KECCAK_SHA3 && ARMACCEL_HAVE_KECCAK_NEON
// SHA3-256, keccak-neon against keccak-sha3 (OpenSSL 3.5): neoverse-v1 4.62
// against 11.5 (5.78), neoverse-v2 3.26 against 11.5 (4.00), neoverse-n2
// 4.66 against 11.5 (6.86; at 1 KiB 5.16 against 12.5 (7.53), at 64 B 13.2
// against 28.4 (18.2); scripts/icount/cycles.sh neoverse-n2, keccak-sha3
// with ARMACCEL_CORE=other).  keccak-sha3 costs the same on all three: one
// SHA3 instruction a cycle bounds it.  The other one-pipe cores (cortex-x3,
// -a710, -a715) are passed over for that cause, unmeasured.
constexpr CoreFit kKeccakSha3Fit = {
    0, kSha3OnOnePipe,
    "the SHA3 instructions issue to one vector pipe on this core; on such cores the scalar "
    "keccak-neon takes fewer cycles",
    kSha3OnEveryPipe, kSha3EveryPipe};
#elif ARMACCEL_HAVE_KECCAK_SHA3
constexpr CoreFit kKeccakSha3Fit = {0, 0, "", kSha3OnEveryPipe, kSha3EveryPipe};
#endif

// keccak-neon's one-state Keccak in general registers, on cortex-a53
// (cortex-a72 alike), against OpenSSL 3.0 / 3.5's scalar assembly: SHA3-256
// 19.5 (24.2 / 24.2) at 16 KiB, 22.0 (26.8 / 26.3) at 1 KiB; SHAKE128 15.8
// (19.7 / 19.7), 19.6 (23.9 / 23.4); SHA3-512 36.3 (45.2 / 45.1).  In
// cycles it wins on Neoverse N1, V1, V2 and N2 (above), not on the
// Cortex-A72 (slower_on_core.cpp).

#if ARMACCEL_HAVE_KECCAK_NEON
// Four states (ML-KEM's batches), permute_x4: two in vector registers
// beside two in general-purpose registers, estimated cycles a call
// (mlkem_kernel_work - keccak_x4), against two vector pairs: neoverse-n1
// 2,351 against 4,618, neoverse-v1 1,300 against 2,266, neoverse-v2 1,204
// against 2,298; on cortex-a72 4,774 against 3,994, where the rotated
// operands of the scalar rounds all take the one multi-cycle pipe
// (keccak-neon-vec, which also permutes one state in vector registers:
// 1,987 against 2,305).  Two states (permute_x2), the vector pair against
// two general-register permutations: neoverse-n1 2,313 against 1,682,
// neoverse-v2 1,151 against 874 (keccak-neon-gpr), neoverse-v1 1,131
// against 1,244.
constexpr CoreVariant<KeccakKernel> kKeccakNeonVariants[] = {
    {&kKeccakNeonVec, kA72,
     "logical instructions with a rotated operand take the one multi-cycle pipe of this core: "
     "every state goes in vector registers"},
    {&kKeccakNeonGpr, kN1 | kV2,
     "two states take fewer cycles as two permutations in general-purpose registers than as a "
     "vector pair on this core"}};
#endif

constexpr Lane<KeccakKernel> keccak_entries[] = {
#if ARMACCEL_HAVE_KECCAK_ARMV7M
    {&kKeccakArmv7m, kFasterEveryRelease},
#endif
#if ARMACCEL_HAVE_KECCAK_SHA3
    {&kKeccakSha3, kFasterEveryRelease, kKeccakSha3Fit},
#endif
#if ARMACCEL_HAVE_KECCAK_NEON
    {&kKeccakNeon, kFasterEveryRelease, kKeccakNeonVariants},
#endif
    {&kKeccakPortable, kPortableLane},
};

// ---- ChaCha20 ----

#if ARMACCEL_HAVE_CHACHA20_NEON
// ChaCha20 at 16 KiB (OpenSSL 3.5 in brackets), six blocks per iteration:
// four NEON blocks in columns with a NEON block in rows and a scalar block
// (chacha20-neon-ooo), or with two scalar blocks (chacha20-neon-ooo-gpr),
// against chacha20-neon: cortex-a72 2.99 / 3.39 / 3.87 (3.20): A72 decodes
// three instructions a cycle and the second scalar block fills them;
// neoverse-n1 2.31 / 2.04 / 2.72 (2.30): N1's third integer pipe and wider
// front end take it.  chacha20-neon takes the fewest instructions (5.31 a
// byte at 16 KiB on the reference CPU).  The six-block variants
// win on cortex-a72 (chacha20-neon-ooo 2.99 against 3.20 at 16 KiB, 21.3
// against 27.6 at 64 B) and neoverse-n1 (chacha20-neon-ooo-gpr 2.04 against
// 2.30).  ChaCha20-Poly1305 records: cortex-a72 4.04 against 4.23 at 16 KiB
// (5.75 against 6.27 at 1 KiB, 31.4 against 41.4 at 64 B), neoverse-n1 3.13
// against 3.30 (4.42 / 4.66, 23.1 / 28.4): registered there; not on
// Neoverse V1/V2 (slower_on_core.cpp).
constexpr CoreVariant<ChachaKernel> kChachaNeonVariants[] = {
    {&kChachaNeonOoo, kOutOfOrder & ~kN1,
     "a NEON block in rows and a scalar block beside every four NEON blocks: fewer cycles on "
     "this out-of-order core"},
    {&kChachaNeonOooGpr, kN1,
     "two scalar blocks beside every four NEON blocks, on the integer pipes: fewer cycles on "
     "this out-of-order core"}};
#endif

constexpr Lane<ChachaKernel> chacha20_entries[] = {
#if ARMACCEL_HAVE_CHACHA20_NEON
    {&kChachaNeon, kFasterEveryRelease, kChachaNeonVariants},
#endif
    {&kChachaPortable, kPortableLane},
};

// ---- Poly1305 ----

#if ARMACCEL_HAVE_POLY1305_NEON
// Poly1305 at 16 KiB, poly1305-neon-ooo against poly1305-neon (OpenSSL
// 3.5): cortex-a72 0.944 against 1.204 (1.000), neoverse-n1 0.968 against
// 1.154 (0.975), neoverse-v1 0.617 against 0.901 (0.565), neoverse-v2 0.506
// against 0.720 (0.472).  poly1305-neon takes fewer instructions (1.58
// against 1.62 a byte on the reference CPU).
// poly1305-neon-ooo wins on cortex-a72 (0.944 against 1.000 at 16 KiB,
// 1.40 against 1.42 at 1 KiB); on the others it loses at some size
// (slower_on_core.cpp).
constexpr CoreVariant<Poly1305Kernel> kPoly1305NeonVariants[] = {
    {&kPoly1305NeonOoo, kOutOfOrder,
     "the products of the next blocks first, those with the accumulator last: fewer cycles on "
     "this out-of-order core"}};
#endif

constexpr Lane<Poly1305Kernel> poly1305_entries[] = {
#if ARMACCEL_HAVE_POLY1305_NEON
    {&kPoly1305Neon, kFasterEveryRelease, kPoly1305NeonVariants},
#endif
    {&kPoly1305Portable, kPortableLane},
};

// ---- SM4 ----

// sm4-ce on -cpu max,sve-default-vector-length=16 at 16 KiB, loaded into
// OpenSSL 3.5 against its own SM4 on the SM4 instructions: ECB 0.879
// (1.064), CBC encryption 1.044 (1.162), CBC decryption 0.954 (1.149), CTR
// 1.217 (1.268; 1.064 before its counter went branch-free), OFB 1.925
// (2.867), CFB 2.281 (3.118), SM4-GCM 1.913 (2.072), SM4-XTS 1.511
// (3.208), SM4-CCM records 1.906 (4.564); at 1 KiB and 64 B too.

// sm4-neon on cortex-a53 (cortex-a72 alike), at 16 KiB against OpenSSL 3.0
// / 3.5: ECB 17.1 (40.5 / 38.7), CBC encryption 35.5 (41.1 / 39.4), CBC
// decryption 17.8 (41.1 / 39.3), CTR 18.2 (48.1 / 46.5), OFB 36.2 (41.7 /
// 39.7), CFB 36.6 (41.8 / 40.0), SM4-GCM 19.1 (- / 40.3), SM4-XTS 18.6 (- /
// 40.1); at 1 KiB too.  In cycles slower on cortex-a72 and neoverse-n1
// (slower_on_core.cpp).

constexpr Lane<Sm4Kernel> sm4_entries[] = {
#if ARMACCEL_HAVE_SM4_CE
    {&kSm4Ce, kFasterEveryRelease},
#endif
#if ARMACCEL_HAVE_SM4_NEON
    {&kSm4Neon, kFasterEveryRelease},
#endif
    {&kSm4Portable, kPortableLane},
};

// ---- SM3 ----

// sm3-scalar: 30.7 instructions/byte (33.6 at 1 KiB) against OpenSSL's
// 32.2-32.4 (35.0-35.1); sm3-portable 36.4 against 32.2.  Where each is
// slower in cycles: slower_on_core.cpp.

constexpr Lane<Sm3Kernel> sm3_entries[] = {
#if ARMACCEL_HAVE_SM3_CE
    {&kSm3Ce, kFasterEveryRelease},
#endif
#if ARMACCEL_HAVE_SM3_SCALAR
    {&kSm3Scalar, kFasterEveryRelease},
#endif
    {&kSm3Portable, kPortableLane},
};

// ---- ML-KEM ----

// mlkem-neon: ML-KEM-768 keygen, encapsulation and decapsulation each at
// about a quarter of OpenSSL 3.5's instructions (docs/report).  The
// Cortex-M lane is for bare-metal builds, which have no provider.
constexpr Lane<MlkemKernel> mlkem_entries[] = {
#if ARMACCEL_HAVE_MLKEM_ARMV7M
    {&kMlkemArmv7m, kFasterEveryRelease},
#endif
#if ARMACCEL_HAVE_MLKEM_NEON
    {&kMlkemNeon, kFasterEveryRelease},
#endif
    {&kMlkemPortable, kPortableLane},
};

// ---- X25519 ----

// The x25519 family (key management and key exchange) and X25519MLKEM768's
// X25519 half (dispatch/kem/mlkem_hybrid.cpp, on the lane unless it is the
// portable one).  scripts/icount/x25519.sh, x25519-neon through EVP in
// OpenSSL 3.5 against 3.5's own code (3.0's in brackets).  One scalar
// multiplication: 309,187 instructions on the reference CPU against
// 426,523 (438,012); estimated cycles cortex-a72 150,691 against 185,980
// (189,364), neoverse-n1 131,913 against 365,311, neoverse-v1 63,730
// against 107,773, neoverse-v2 63,526 against 86,868.  A public key (fixed
// base): 121,994 against 378,409 (406,045); cortex-a72 74,887 against
// 187,606, neoverse-n1 60,727 against 121,697.  Four 64-bit limbs with
// MUL/UMULH and carry chains, compiled by GCC 12 (tried, not kept):
// 554,241 instructions a scalar multiplication, cortex-a72 245,641,
// neoverse-n1 327,040, neoverse-v1 143,954 estimated cycles.  Faster on
// every modelled core, so no step-aside entry.
constexpr Lane<X25519Kernel> x25519_entries[] = {
#if ARMACCEL_HAVE_X25519_NEON
    {&kX25519Neon, kFasterEveryRelease},
#endif
    {&kX25519Portable, kPortableLane},
};

// The stores, <primitive>_store from <primitive>_entries, for the list
// functions below.
#define ARMACCEL_X(Enum, name, Kernel, kind) \
  constexpr auto name##_store = ARMACCEL_STORE(name##_entries);
ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
constexpr auto gcm_store = ARMACCEL_STORE(gcm_entries);

}  // namespace

#define ARMACCEL_X(Enum, name, Kernel, kind)                              \
  LaneList<Kernel> name##_lanes() {                                       \
    return {name##_store.lanes, name##_store.facts, name##_store.kCount}; \
  }
ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X

LaneList<GcmKernel> gcm_lanes() {
  return {gcm_store.lanes, gcm_store.facts, gcm_store.kCount - 1};  // without the sentinel
}

}  // namespace armaccel
