// SPDX-License-Identifier: Apache-2.0
// The step-aside facts (lane_facts.h, SlowerOnCore): every family in which
// a lane faster than OpenSSL's code elsewhere is slower on a core class,
// with the estimate that says so, as data.  The provider words each into
// the reason a user reads (provider/step_aside.cpp, format_slower).
//
// Figures are estimated cycles per byte (scripts/icount/cycles.sh: the
// qemu run traced per block, each block costed by llvm-mca-19 with the
// core's scheduling model), the lane against OpenSSL 3.5.9's default
// provider in the same libcrypto, the worst of 64 B, 1 KiB and 16 KiB
// (docs/report).  kAfter30: faster than OpenSSL 3.0's code on that core,
// slower than 3.5's (3.1 to 3.4, not measured, count as 3.5).  Three
// entries are within the estimate's 5% noise (poly1305 on neoverse-n1,
// sm3 on neoverse-v1/v2) and defer all the same: the promise is never
// slower.  The lanes' other measurements are in lane_table.cpp.
#include "cpu/lane_facts.h"

namespace armaccel {

namespace {

constexpr CoreClass kA72 = CoreClass::kCortexA72;
constexpr CoreClass kN1 = CoreClass::kNeoverseN1;
constexpr CoreClass kV1 = CoreClass::kNeoverseV1;
constexpr CoreClass kV2 = CoreClass::kNeoverseV2;
constexpr int kAll = kEveryReleaseFrom;

// aes-neon on a Cortex-A72 without the crypto extensions (the Raspberry
// Pi 4 class; against OPENSSL_armcap=1): the serial modes run one
// vector-permute block at a time where OpenSSL's vpaes interleaves its
// table lookups better, and the parallel modes lose to OpenSSL's
// bit-sliced code.  ECB and CBC decryption win (ECB 9.85 against 31.7 at
// 16 KiB).  CTR, XTS and GCM win against OpenSSL 3.0's code there (CTR
// 10.5 against 37.8, XTS 10.6 against 32.5 at 16 KiB, GCM 13.1 against
// 44.1).  CCM is CTR and CBC-MAC, each slower (CBC-MAC is the CBC
// encryption chain).
//
// keccak-neon's single sponge keeps fewer integer pipes busy than OpenSSL's
// scalar Keccak on the Cortex-A72 (it wins on Neoverse N1, V1, V2); its
// variant there, keccak-neon-vec, permutes one state in vector registers,
// bound by the two vector pipes (SHA3-256 16.2 against 12.5 at 1 KiB; the
// general-register code took 17.1 at 16 KiB).
// sm4-neon's rounds are serial (TBL then three dependent TBX) where
// OpenSSL does four independent lookups.

}  // namespace

extern const SlowerOnCore kSlowerOnCore[];
// clang-format off
const SlowerOnCore kSlowerOnCore[] = {
    // lane               families                   core  release  operation, message bytes, est. cycles/byte: lane, OpenSSL 3.5
    {"aes-neon",          "aes-cbc aes-ccm",         kA72, kAll,    {"AES-128-CBC encryption", 16384, 36.2, 33.0}},  // CCM: its CBC-MAC
    {"aes-neon",          "aes-ctr",                 kA72, kAfter30, {"AES-128-CTR", 16384, 10.5, 9.45}},
    {"aes-neon",          "aes-xts",                 kA72, kAfter30, {"AES-128-XTS", 64, 69.2, 57.4}},
    {"aes-neon",          "cmac",                    kA72, kAll,    {"AES-128 CMAC", 16384, 50.9, 46.3}},
    {"aes-neon",          "aes-gcm",                 kA72, kAfter30, {"AES-128-GCM, a new key each", 64, 85.6, 78.8}},
    // ghash-pmull (with gcm-ce-ooo): on neoverse-n1 the per-record work
    // around the bulk loop (the tag, the length block, each a GHASH
    // reduction of its own) loses at 64 B; on neoverse-v1/v2 the AES and
    // PMULL instructions share two pipes and OpenSSL's loop takes fewer
    // cycles.  Against 3.0 armaccel wins on all of them (neoverse-n1 64 B
    // records 12.4 against 16.3, neoverse-v1 16 KiB 0.43 against 0.48).
    {"ghash-pmull",       "aes-gcm",                 kN1,  kAfter30, {"AES-128-GCM records", 64, 11.1, 10.5}},
    {"ghash-pmull",       "aes-gcm",                 kV1,  kAfter30, {"AES-128-GCM records", 16384, 0.43, 0.39}},
    {"ghash-pmull",       "aes-gcm",                 kV2,  kAfter30, {"AES-128-GCM records", 16384, 0.43, 0.40}},
    {"keccak-neon-vec",   "sha3 keccak keccak-kmac", kA72, kAll,    {"SHA3-256", 16384, 14.8, 11.5}},
    // On Neoverse V1/V2 OpenSSL runs ChaCha20 on SVE; chacha20-neon-ooo is
    // bound by the latency of the quarter round's chain there.
    {"chacha20-neon-ooo", "chacha20",                kV1,  kAll,    {"ChaCha20", 16384, 1.66, 1.39}},
    {"chacha20-neon-ooo", "chacha20",                kV2,  kAll,    {"ChaCha20", 16384, 1.65, 1.12}},
    {"chacha20-neon-ooo", "chacha20-poly1305",       kV1,  kAll,    {"ChaCha20-Poly1305 records", 16384, 2.28, 1.97}},
    {"chacha20-neon-ooo", "chacha20-poly1305",       kV2,  kAll,    {"ChaCha20-Poly1305 records", 16384, 2.16, 1.60}},
    // poly1305-neon-ooo: on all but the Cortex-A72 the per-key powers and
    // the radix-2^26 loop lose at some size.
    {"poly1305-neon-ooo", "poly1305",                kN1,  kAll,    {"Poly1305, a new key each", 1024, 1.35, 1.29}},
    {"poly1305-neon-ooo", "poly1305",                kV1,  kAll,    {"Poly1305", 16384, 0.62, 0.57}},
    {"poly1305-neon-ooo", "poly1305",                kV2,  kAll,    {"Poly1305", 16384, 0.51, 0.47}},
    {"sm4-ce",            "sm4-gcm",                 kV1,  kAll,    {"SM4-GCM records", 64, 8.55, 7.44}},
    {"sm4-ce",            "sm4-gcm",                 kV2,  kAll,    {"SM4-GCM records", 64, 8.14, 6.49}},
    {"sm4-neon",          "sm4 sm4-ccm sm4-xts",     kA72, kAll,    {"SM4-CBC encryption", 16384, 174, 32.2}},
    {"sm4-neon",          "sm4 sm4-ccm sm4-xts",     kN1,  kAll,    {"SM4-CBC encryption", 16384, 70.0, 51.9}},
    {"sm4-neon",          "sm4-gcm",                 kA72, kAll,    {"SM4-GCM records", 64, 108, 54.3}},
    {"sm4-neon",          "sm4-gcm",                 kN1,  kAll,    {"SM4-GCM records", 64, 50.0, 37.6}},
    // sm3-ce and OpenSSL's code (3.5) run the same chain of SM3
    // instructions (5.06 against 5.05 at 16 KiB on neoverse-v1); OpenSSL's
    // per-message path costs less at 64 B and 1 KiB.  Against 3.0's C code
    // sm3-ce wins (5.49 against 8.51 at 1 KiB on neoverse-v1).
    {"sm3-ce",            "sm3",                     kV1,  kAfter30, {"SM3", 1024, 5.49, 5.23}},
    {"sm3-ce",            "sm3",                     kV2,  kAfter30, {"SM3", 1024, 5.48, 5.30}},
    {"sm3-scalar",        "sm3",                     kA72, kAll,    {"SM3", 16384, 13.8, 12.2}},
    {nullptr, nullptr, CoreClass::kOther, 0, {}},
};
// clang-format on

}  // namespace armaccel
