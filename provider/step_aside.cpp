// SPDX-License-Identifier: Apache-2.0
// The step-aside table: per algorithm family, the lanes measured at or below
// the code of the OpenSSL armaccel is loaded into, the first 3.x release
// whose default provider has the family, and the measured reason shown when
// armaccel leaves the family to the default provider.
//
// Figures are guest instructions per byte at 16 KiB under qemu-aarch64
// (scripts/icount/vs.sh; the performance proxy, not speed), armaccel's lane
// against OpenSSL 3.0 (Debian 12) / 3.5.9 (Debian 13) restricted the same way
// (OPENSSL_armcap), in one run.  "no crypto extensions" is -cpu cortex-a72
// with ARMACCEL_DISABLE=aes,pmull,sha2,sha512,sha3,sm3,sm4 and
// OPENSSL_armcap=1; the SHA-512/SHA-3/SM rows are -cpu cortex-a53 (AES, PMULL
// and SHA-256 only).  The releases are those of OpenSSL's release notes
// (3.0, 3.5 and 3.6 are tested).
#include "step_aside.h"

#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "dispatch/common/names.h"

namespace armaccel::prov {

namespace {

enum class Primitive : std::uint8_t {
  kNone,
  kAes,
  kGhash,
  kSha256,
  kSha512,
  kKeccak,
  kChacha20,
  kPoly1305,
  kSm4,
  kSm3,
  kMlkem
};

const char* primitive_name(Primitive p) {
  switch (p) {
    case Primitive::kAes:
      return "aes";
    case Primitive::kGhash:
      return "ghash";
    case Primitive::kSha256:
      return "sha256";
    case Primitive::kSha512:
      return "sha512";
    case Primitive::kKeccak:
      return "keccak";
    case Primitive::kChacha20:
      return "chacha20";
    case Primitive::kPoly1305:
      return "poly1305";
    case Primitive::kSm4:
      return "sm4";
    case Primitive::kSm3:
      return "sm3";
    case Primitive::kMlkem:
      return "mlkem";
    case Primitive::kNone:
      break;
  }
  return "";
}

const char* selected_lane(const KernelSet& k, Primitive p) {
  switch (p) {
    case Primitive::kAes:
      return k.aes->lane;
    case Primitive::kGhash:
      return k.ghash->lane;
    case Primitive::kSha256:
      return k.sha256->lane;
    case Primitive::kSha512:
      return k.sha512->lane;
    case Primitive::kKeccak:
      return k.keccak->lane;
    case Primitive::kChacha20:
      return k.chacha20->lane;
    case Primitive::kPoly1305:
      return k.poly1305->lane;
    case Primitive::kSm4:
      return k.sm4->lane;
    case Primitive::kSm3:
      return k.sm3->lane;
    case Primitive::kMlkem:
      return k.mlkem->lane;
    case Primitive::kNone:
      break;
  }
  return "";
}

// A lane measured at or below OpenSSL's code in every 3.x release before
// 3.<below_minor>.
struct FasterLane {
  const char* lane;
  int below_minor;
};
constexpr int kEveryRelease = 99;

// A primitive and its lanes measured at or below OpenSSL's code.
struct LaneNeed {
  Primitive primitive;
  const FasterLane* faster;  // ends with a null lane
};

// A lane that is faster than OpenSSL's code on most cores but not on some
// core classes (kernels/cpu/core_class.h): there the family is left to the
// default provider, with a reason that carries the measured figure
// (estimated cycles per byte, scripts/icount/cycles.sh).
struct SlowerOnCore {
  const char* lane;    // a lane of one of the rule's needs
  CoreClassSet cores;  // where it is slower
  int from_minor;      // slower against OpenSSL 3.<from_minor> and later
  const char* reason;  // shown when deferred, figure included
};
// Slower against every release.
constexpr int kEveryReleaseFrom = 0;
// Measured faster than OpenSSL 3.0's code on that core and slower than
// 3.5's, in the same run; 3.1 to 3.4, not measured, count as 3.5.
constexpr int kAfter30 = 1;

struct Rule {
  Family family;
  const char* name;
  int default_since_minor;  // the default provider has the family from 3.<this>
  LaneNeed needs[2];        // every one must be met (kNone: unused)
  const char* reason;       // shown when deferred
  const SlowerOnCore* slower_on_core = nullptr;  // ends with a null lane
};

// aes-neon (vector-permute AES, bit-sliced for long runs) on a core without
// the AES instructions, against OpenSSL 3.0 / 3.5 (vpaes, bsaes) at 16 KiB:
// AES-128 ECB 14.8 (21.8 / 22.0), CBC encryption 16.6 (20.7 / 20.8), CBC
// decryption 17.7 (21.0 / 19.1), CTR 15.5 (29.5 / 16.8), AES-256-CTR 21.0
// (37.5 / 23.0), XTS encryption 15.5 (23.2 / 17.2), XTS decryption 18.0
// (25.4 / 19.5), CMAC 23.0 (39.6 / 29.1), CCM 31.7 (44.7 / 44.7); at 1 KiB
// and at 64 bytes with a new key per message too (CBC decryption 69.1
// against 88.7 in 3.0, 71.0 against 121.7 in 3.5).
constexpr FasterLane kAesFaster[] = {{"aes-ce-ooo", kEveryRelease},
                                     {"aes-ce", kEveryRelease},
                                     {"aes-neon", kEveryRelease},
                                     {nullptr, 0}};
// ghash-neon: GMAC 5.39 instructions/byte at 16 KiB (9.44 at 1 KiB) against
// OpenSSL's 26.6 (35.3-37.8) on a core without AES and PMULL; AES-128-GCM
// records (key kept) with aes-neon 20.5 (24.9 at 1 KiB, 89.3 at 64 bytes)
// against 48.4 / 42.9 (53.0 / 46.3, 122.1 / 123.9).
constexpr FasterLane kGhashFaster[] = {
    {"ghash-pmull", kEveryRelease}, {"ghash-neon", kEveryRelease}, {nullptr, 0}};
// sha256-neon / sha512-neon on a core without the SHA instructions, against
// OpenSSL 3.0 / 3.5 (its NEON and scalar assembly): SHA-256 24.7 (26.3 /
// 26.3) at 16 KiB, 27.2 (28.9 / 28.6) at 1 KiB; SHA-512 17.2 (18.8 / 18.7),
// 20.4 (22.0 / 21.6); HMAC-SHA256 25.2 (27.1 / 26.9), 34.5 (40.8 / 38.3).
constexpr FasterLane kSha256Faster[] = {{"sha256-ce-ooo", kEveryRelease},
                                        {"sha256-ce", kEveryRelease},
                                        {"sha256-neon", kEveryRelease},
                                        {nullptr, 0}};
constexpr FasterLane kSha512Faster[] = {
    {"sha512-ce", kEveryRelease}, {"sha512-neon", kEveryRelease}, {nullptr, 0}};
// keccak-neon's one-state Keccak in general registers, on cortex-a53
// (cortex-a72 alike), against OpenSSL 3.0 / 3.5's scalar assembly: SHA3-256
// 19.5 (24.2 / 24.2) at 16 KiB, 22.0 (26.8 / 26.3) at 1 KiB; SHAKE128 15.8
// (19.7 / 19.7), 19.6 (23.9 / 23.4); SHA3-512 36.3 (45.2 / 45.1).
constexpr FasterLane kKeccakFaster[] = {
    {"keccak-sha3", kEveryRelease}, {"keccak-neon", kEveryRelease}, {nullptr, 0}};
constexpr FasterLane kChachaFaster[] = {{"chacha20-neon-ooo", kEveryRelease},
                                        {"chacha20-neon-ooo-gpr", kEveryRelease},
                                        {"chacha20-neon", kEveryRelease},
                                        {nullptr, 0}};
constexpr FasterLane kPoly1305Faster[] = {
    {"poly1305-neon-ooo", kEveryRelease}, {"poly1305-neon", kEveryRelease}, {nullptr, 0}};
// sm4-ce on -cpu max,sve-default-vector-length=16 at 16 KiB, loaded into
// OpenSSL 3.5 against its own SM4 on the SM4 instructions: ECB 0.879
// (1.064), CBC encryption 1.044 (1.162), CBC decryption 0.954 (1.149), CTR
// 1.071 (1.267), OFB 1.925 (2.867), CFB 2.281 (3.118), SM4-GCM 1.913
// (2.072), SM4-XTS 1.511 (3.208), SM4-CCM records 1.906 (4.564); at 1 KiB
// and 64 B too.
// sm4-neon on cortex-a53 (cortex-a72 alike), at 16 KiB against OpenSSL 3.0
// / 3.5: ECB 17.1 (40.5 / 38.7), CBC encryption 35.5 (41.1 / 39.4), CBC
// decryption 17.8 (41.1 / 39.3), CTR 18.2 (48.1 / 46.5), OFB 36.2 (41.7 /
// 39.7), CFB 36.6 (41.8 / 40.0), SM4-GCM 19.1 (- / 40.3), SM4-XTS 18.6 (- /
// 40.1); at 1 KiB too.
constexpr FasterLane kSm4Faster[] = {
    {"sm4-ce", kEveryRelease}, {"sm4-neon", kEveryRelease}, {nullptr, 0}};
// sm3-scalar: 30.7 (33.6 at 1 KiB) against OpenSSL's 32.2-32.4 (35.0-35.1).
constexpr FasterLane kSm3Faster[] = {
    {"sm3-ce", kEveryRelease}, {"sm3-scalar", kEveryRelease}, {nullptr, 0}};
constexpr FasterLane kMlkemFaster[] = {{"mlkem-neon", kEveryRelease}, {nullptr, 0}};

constexpr LaneNeed kNoNeed = {Primitive::kNone, nullptr};

// Slower on a core class: estimated cycles per byte (scripts/icount/
// cycles.sh: the qemu run traced per block, each block costed by
// llvm-mca-19 with the core's scheduling model), armaccel against OpenSSL
// 3.5.9's default provider in the same libcrypto, the worst of 64 B, 1 KiB
// and 16 KiB (docs/report).  Rows within about 5% are the estimate's
// noise and do not defer a family.  The reasons carry the figure, as the
// estimate is of that core.
constexpr CoreClassSet kA72 = core_bit(CoreClass::kCortexA72);
constexpr CoreClassSet kN1 = core_bit(CoreClass::kNeoverseN1);
constexpr CoreClassSet kV1 = core_bit(CoreClass::kNeoverseV1);
constexpr CoreClassSet kV2 = core_bit(CoreClass::kNeoverseV2);

// aes-neon on a Cortex-A72 without the crypto extensions (the Raspberry Pi
// 4 class; cortex-a72 model, ARMACCEL_DISABLE=aes,pmull,sha2,sha512,sha3,
// sm3,sm4 against OPENSSL_armcap=1): the serial modes run one vector-permute
// block at a time where OpenSSL's vpaes interleaves its table lookups
// better, and the parallel modes lose to OpenSSL's bit-sliced code.  ECB
// and CBC decryption win (ECB 9.85 against 31.7 at 16 KiB).
constexpr SlowerOnCore kAesCbcSlower[] = {
    {"aes-neon", kA72, kEveryReleaseFrom,
     "on cortex-a72 without the AES instructions, AES-128-CBC encryption takes an estimated "
     "36.2 cycles/byte against OpenSSL 3.5's 33.0 at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
// CTR and XTS win against OpenSSL 3.0's code there (CTR 10.5 against
// 37.8, XTS 10.6 against 32.5 at 16 KiB), hence kAfter30.
constexpr SlowerOnCore kAesCtrSlower[] = {
    {"aes-neon", kA72, kAfter30,
     "on cortex-a72 without the AES instructions, AES-128-CTR takes an estimated 10.5 "
     "cycles/byte against OpenSSL 3.5's 9.45 at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
constexpr SlowerOnCore kAesXtsSlower[] = {
    {"aes-neon", kA72, kAfter30,
     "on cortex-a72 without the AES instructions, 64-byte AES-128-XTS messages take an "
     "estimated 69.2 cycles/byte against OpenSSL 3.5's 57.4"},
    {nullptr, 0, 0, nullptr}};
// CCM is CTR and CBC-MAC, each slower (CBC-MAC is the CBC encryption chain).
constexpr SlowerOnCore kAesCcmSlower[] = {
    {"aes-neon", kA72, kEveryReleaseFrom,
     "on cortex-a72 without the AES instructions, CCM's CBC-MAC and CTR are each slower: "
     "AES-128-CBC encryption takes an estimated 36.2 cycles/byte against OpenSSL 3.5's 33.0"},
    {nullptr, 0, 0, nullptr}};
constexpr SlowerOnCore kCmacSlower[] = {
    {"aes-neon", kA72, kEveryReleaseFrom,
     "on cortex-a72 without the AES instructions, AES-128 CMAC takes an estimated 50.9 "
     "cycles/byte against OpenSSL 3.5's 46.3 at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
// gcm-ce-ooo (eight blocks per iteration) wins on cortex-a72 (AES-128-GCM
// records 0.904 against 0.940 at 16 KiB, 15.5 against 16.3 at 64 B;
// AES-256 1.146 against 1.157).  On neoverse-n1 the per-record work around
// the bulk loop (the tag, the length block, each a GHASH reduction of its
// own) loses at 64 B; on neoverse-v1/v2 the AES and PMULL instructions
// share two pipes and OpenSSL's loop takes fewer cycles.  Against OpenSSL
// 3.0 armaccel wins on all of them (neoverse-n1 64 B records 12.4 against
// 16.3, neoverse-v1 16 KiB 0.43 against 0.48; cortex-a72 without the AES
// instructions 13.1 against 44.1 at 16 KiB), hence kAfter30.
constexpr SlowerOnCore kGcmSlower[] = {
    {"aes-neon", kA72, kAfter30,
     "on cortex-a72 without the AES instructions, 64-byte AES-128-GCM messages (a new key "
     "each) take an estimated 85.6 cycles/byte against OpenSSL 3.5's 78.8"},
    {"ghash-pmull", kN1, kAfter30,
     "on neoverse-n1, 64-byte AES-128-GCM records take an estimated 11.1 cycles/byte against "
     "OpenSSL 3.5's 10.5"},
    {"ghash-pmull", kV1, kAfter30,
     "on neoverse-v1, AES-128-GCM records take an estimated 0.43 cycles/byte against OpenSSL "
     "3.5's 0.39 at 16 KiB"},
    {"ghash-pmull", kV2, kAfter30,
     "on neoverse-v2, AES-128-GCM records take an estimated 0.43 cycles/byte against OpenSSL "
     "3.5's 0.40 at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
// On Neoverse V1/V2 OpenSSL runs ChaCha20 on SVE; chacha20-neon-ooo (four
// NEON blocks with a row block and a scalar one) is bound by the latency
// of the quarter round's chain there.  The six-block lanes win on
// cortex-a72 (chacha20-neon-ooo 2.99 against 3.20 at 16 KiB, 21.3 against
// 27.6 at 64 B) and neoverse-n1 (chacha20-neon-ooo-gpr 2.04 against 2.30).
constexpr SlowerOnCore kChachaSlower[] = {
    {"chacha20-neon-ooo", kV1, kEveryReleaseFrom,
     "on neoverse-v1, ChaCha20 takes an estimated 1.66 cycles/byte against OpenSSL 3.5's 1.39 "
     "at 16 KiB"},
    {"chacha20-neon-ooo", kV2, kEveryReleaseFrom,
     "on neoverse-v2, ChaCha20 takes an estimated 1.65 cycles/byte against OpenSSL 3.5's 1.12 "
     "at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
// ChaCha20-Poly1305 records: cortex-a72 4.04 against 4.23 at 16 KiB
// (5.75 against 6.27 at 1 KiB, 31.4 against 41.4 at 64 B), neoverse-n1
// 3.13 against 3.30 (4.42 / 4.66, 23.1 / 28.4): registered there.
constexpr SlowerOnCore kChachaPolySlower[] = {
    {"chacha20-neon-ooo", kV1, kEveryReleaseFrom,
     "on neoverse-v1, ChaCha20-Poly1305 records take an estimated 2.28 cycles/byte against "
     "OpenSSL 3.5's 1.97 at 16 KiB"},
    {"chacha20-neon-ooo", kV2, kEveryReleaseFrom,
     "on neoverse-v2, ChaCha20-Poly1305 records take an estimated 2.16 cycles/byte against "
     "OpenSSL 3.5's 1.60 at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
// poly1305-neon-ooo (the products with the accumulator last): cortex-a72
// 0.944 against 1.000 at 16 KiB, 1.40 against 1.42 at 1 KiB; on the others
// the per-key powers and the radix-2^26 loop lose at some size.
constexpr SlowerOnCore kPolySlower[] = {
    {"poly1305-neon-ooo", kN1, kEveryReleaseFrom,
     "on neoverse-n1, Poly1305 with a new key per 1 KiB message takes an estimated 1.35 "
     "cycles/byte against OpenSSL 3.5's 1.29"},
    {"poly1305-neon-ooo", kV1, kEveryReleaseFrom,
     "on neoverse-v1, Poly1305 takes an estimated 0.62 cycles/byte against OpenSSL 3.5's 0.57 "
     "at 16 KiB"},
    {"poly1305-neon-ooo", kV2, kEveryReleaseFrom,
     "on neoverse-v2, Poly1305 takes an estimated 0.51 cycles/byte against OpenSSL 3.5's 0.47 "
     "at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
// keccak-neon's single sponge keeps fewer integer pipes busy than
// OpenSSL's scalar Keccak on the Cortex-A72 (it wins on Neoverse N1, V1,
// V2).
constexpr SlowerOnCore kKeccakSlower[] = {
    {"keccak-neon", kA72, kEveryReleaseFrom,
     "on cortex-a72, SHA3-256 takes an estimated 17.1 cycles/byte against OpenSSL 3.5's 11.5 at "
     "16 KiB"},
    {nullptr, 0, 0, nullptr}};
// On neoverse-v1/v2 sm3-ce and OpenSSL's code (3.5) run the same chain of
// SM3 instructions (5.06 against 5.05 cycles/byte at 16 KiB); OpenSSL's
// per-message path costs less at 64 B and 1 KiB.  Against OpenSSL 3.0's C
// code sm3-ce wins (5.49 against 8.51 at 1 KiB on neoverse-v1).
constexpr SlowerOnCore kSm3Slower[] = {
    {"sm3-scalar", kA72, kEveryReleaseFrom,
     "on cortex-a72, SM3 takes an estimated 13.8 cycles/byte against OpenSSL 3.5's 12.2 at 16 "
     "KiB"},
    {"sm3-ce", kV1, kAfter30,
     "on neoverse-v1, SM3 takes an estimated 5.49 cycles/byte against OpenSSL 3.5's 5.23 at 1 "
     "KiB"},
    {"sm3-ce", kV2, kAfter30,
     "on neoverse-v2, SM3 takes an estimated 5.48 cycles/byte against OpenSSL 3.5's 5.30 at 1 "
     "KiB"},
    {nullptr, 0, 0, nullptr}};
// sm4-neon's rounds are serial (TBL then three dependent TBX); OpenSSL
// does four independent lookups.
constexpr SlowerOnCore kSm4Slower[] = {
    {"sm4-neon", kA72, kEveryReleaseFrom,
     "on cortex-a72, SM4-CBC encryption takes an estimated 174 cycles/byte against OpenSSL "
     "3.5's 32.2 at 16 KiB"},
    {"sm4-neon", kN1, kEveryReleaseFrom,
     "on neoverse-n1, SM4-CBC encryption takes an estimated 70.0 cycles/byte against OpenSSL "
     "3.5's 51.9 at 16 KiB"},
    {nullptr, 0, 0, nullptr}};
constexpr SlowerOnCore kSm4GcmSlower[] = {
    {"sm4-neon", kA72, kEveryReleaseFrom,
     "on cortex-a72, 64-byte SM4-GCM records take an estimated 108 cycles/byte against OpenSSL "
     "3.5's 54.3"},
    {"sm4-neon", kN1, kEveryReleaseFrom,
     "on neoverse-n1, 64-byte SM4-GCM records take an estimated 50.0 cycles/byte against "
     "OpenSSL 3.5's 37.6"},
    {"sm4-ce", kV1, kEveryReleaseFrom,
     "on neoverse-v1, 64-byte SM4-GCM records take an estimated 8.55 cycles/byte against "
     "OpenSSL 3.5's 7.44"},
    {"sm4-ce", kV2, kEveryReleaseFrom,
     "on neoverse-v2, 64-byte SM4-GCM records take an estimated 8.14 cycles/byte against "
     "OpenSSL 3.5's 6.49"},
    {nullptr, 0, 0, nullptr}};

// The reasons given to users carry no figure (they would be AArch64 qemu
// counts shown on every machine); the measurements behind each are in the
// comments here and in docs/report.
// aes-portable: 63.6 (ECB) to 250 (CBC encryption) instructions/byte
// against OpenSSL's 16.8-22.0; the portable AES-128-GCM 90.2 against
// 43.1-48.6 (qemu, reference CPU with NEON and the AES instructions turned
// off for both).
#define ARMACCEL_NO_AES "no NEON: aes-portable counts several times OpenSSL's instructions"
#define ARMACCEL_NO_GHASH                             \
  "no NEON: the portable AES-GCM counts about twice " \
  "OpenSSL's instructions"

constexpr Rule kRules[] = {
    {Family::kAesEcb, "aes-ecb", 0, {{Primitive::kAes, kAesFaster}, kNoNeed}, ARMACCEL_NO_AES},
    {Family::kAesCbc,
     "aes-cbc",
     0,
     {{Primitive::kAes, kAesFaster}, kNoNeed},
     ARMACCEL_NO_AES,
     kAesCbcSlower},
    {Family::kAesCtr,
     "aes-ctr",
     0,
     {{Primitive::kAes, kAesFaster}, kNoNeed},
     ARMACCEL_NO_AES,
     kAesCtrSlower},
    {Family::kAesXts,
     "aes-xts",
     0,
     {{Primitive::kAes, kAesFaster}, kNoNeed},
     ARMACCEL_NO_AES,
     kAesXtsSlower},
    {Family::kAesCcm,
     "aes-ccm",
     0,
     {{Primitive::kAes, kAesFaster}, kNoNeed},
     ARMACCEL_NO_AES,
     kAesCcmSlower},
    {Family::kAesGcm,
     "aes-gcm",
     0,
     {{Primitive::kAes, kAesFaster}, {Primitive::kGhash, kGhashFaster}},
     ARMACCEL_NO_GHASH,
     kGcmSlower},
    {Family::kCmac,
     "cmac",
     0,
     {{Primitive::kAes, kAesFaster}, kNoNeed},
     ARMACCEL_NO_AES,
     kCmacSlower},
    {Family::kGmac,
     "gmac",
     0,
     {{Primitive::kAes, kAesFaster}, {Primitive::kGhash, kGhashFaster}},
     ARMACCEL_NO_GHASH},
    {Family::kChacha20,
     "chacha20",
     0,
     {{Primitive::kChacha20, kChachaFaster}, kNoNeed},
     "no NEON: chacha20-portable is plain C++",
     kChachaSlower},
    {Family::kChacha20Poly1305,
     "chacha20-poly1305",
     0,
     {{Primitive::kChacha20, kChachaFaster}, {Primitive::kPoly1305, kPoly1305Faster}},
     "no NEON: the portable ChaCha20 and Poly1305 are plain C++",
     kChachaPolySlower},
    {Family::kPoly1305,
     "poly1305",
     0,
     {{Primitive::kPoly1305, kPoly1305Faster}, kNoNeed},
     "no NEON: poly1305-portable is plain C++",
     kPolySlower},
    {Family::kSha256,
     "sha256",
     0,
     {{Primitive::kSha256, kSha256Faster}, kNoNeed},
     // 51.0 instructions/byte against OpenSSL's 26.3.
     "sha256-portable counts about twice OpenSSL's instructions"},
    {Family::kSha512,
     "sha512",
     0,
     {{Primitive::kSha512, kSha512Faster}, kNoNeed},
     // 28.6 instructions/byte against OpenSSL's 18.8.
     "sha512-portable counts more instructions than OpenSSL's code"},
    // HMAC follows SHA-256, its most used digest; a digest whose family is
    // deferred is taken from the default provider inside armaccel's HMAC.
    {Family::kHmac,
     "hmac",
     0,
     {{Primitive::kSha256, kSha256Faster}, kNoNeed},
     // 51.8 instructions/byte against OpenSSL's 26.9-27.1.
     "on sha256-portable HMAC-SHA256 counts about twice OpenSSL's instructions"},
    {Family::kSha3,
     "sha3",
     0,
     {{Primitive::kKeccak, kKeccakFaster}, kNoNeed},
     "no NEON: keccak-portable is plain C++",
     kKeccakSlower},
    {Family::kKeccak,
     "keccak",
     2,
     {{Primitive::kKeccak, kKeccakFaster}, kNoNeed},
     "no NEON: keccak-portable is plain C++",
     kKeccakSlower},
    {Family::kKeccakKmac,
     "keccak-kmac",
     0,
     {{Primitive::kKeccak, kKeccakFaster}, kNoNeed},
     "no NEON: keccak-portable is plain C++",
     kKeccakSlower},
    {Family::kSm3,
     "sm3",
     0,
     {{Primitive::kSm3, kSm3Faster}, kNoNeed},
     // 36.4 instructions/byte against OpenSSL's 32.2.
     "sm3-portable counts more instructions than OpenSSL's code",
     kSm3Slower},
    {Family::kSm4,
     "sm4",
     0,
     {{Primitive::kSm4, kSm4Faster}, kNoNeed},
     "no NEON: sm4-portable is plain C++",
     kSm4Slower},
    {Family::kSm4Gcm,
     "sm4-gcm",
     1,
     {{Primitive::kSm4, kSm4Faster}, {Primitive::kGhash, kGhashFaster}},
     "no NEON: sm4-portable and ghash-portable are plain C++",
     kSm4GcmSlower},
    {Family::kSm4Ccm,
     "sm4-ccm",
     1,
     {{Primitive::kSm4, kSm4Faster}, kNoNeed},
     "no NEON: sm4-portable is plain C++",
     kSm4Slower},
    {Family::kSm4Xts,
     "sm4-xts",
     2,
     {{Primitive::kSm4, kSm4Faster}, kNoNeed},
     "no NEON: sm4-portable is plain C++",
     kSm4Slower},
    {Family::kMlkem,
     "ml-kem",
     5,
     {{Primitive::kMlkem, kMlkemFaster}, kNoNeed},
     "no NEON: mlkem-portable is plain C++"},
    {Family::kX25519Mlkem768,
     "x25519mlkem768",
     5,
     {{Primitive::kMlkem, kMlkemFaster}, kNoNeed},
     "no NEON: mlkem-portable is plain C++"},
};
constexpr bool rules_in_family_order() {
  if (sizeof kRules / sizeof kRules[0] != kFamilyCount) return false;
  for (std::size_t i = 0; i < kFamilyCount; ++i)
    if (static_cast<std::size_t>(kRules[i].family) != i) return false;
  return true;
}
static_assert(rules_in_family_order(), "one rule per family, in the order of enum Family");

#undef ARMACCEL_NO_AES
#undef ARMACCEL_NO_GHASH

// Whether the lanes selected for a rule beat the host OpenSSL's code.
enum class Standing { kFaster, kSlower, kSlowerThanThisRelease, kSlowerOnThisCore };

// The rule's entry that makes one of its selected lanes slower on `core`
// against the host's release, or null.
const SlowerOnCore* slower_on(const Rule& r, const KernelSet& k, const HostVersion& host,
                              CoreClass core) {
  if (r.slower_on_core == nullptr) return nullptr;
  for (const SlowerOnCore* s = r.slower_on_core; s->lane != nullptr; ++s) {
    if ((s->cores & core_bit(core)) == 0 || !at_least(host, 3, s->from_minor)) continue;
    for (const LaneNeed& need : r.needs)
      if (need.primitive != Primitive::kNone &&
          std::strcmp(selected_lane(k, need.primitive), s->lane) == 0)
        return s;
  }
  return nullptr;
}

Standing standing(const Rule& r, const KernelSet& k, const HostVersion& host, CoreClass core) {
  Standing result = Standing::kFaster;
  for (const LaneNeed& need : r.needs) {
    if (need.primitive == Primitive::kNone) continue;
    const char* lane = selected_lane(k, need.primitive);
    const FasterLane* f = need.faster;
    while (f->lane != nullptr && std::strcmp(f->lane, lane) != 0) ++f;
    if (f->lane == nullptr) return Standing::kSlower;
    if (at_least(host, 3, f->below_minor)) result = Standing::kSlowerThanThisRelease;
  }
  if (result == Standing::kFaster && slower_on(r, k, host, core) != nullptr)
    return Standing::kSlowerOnThisCore;
  return result;
}

// The reason a deferred rule gives.
const char* deferral_reason(const Rule& r, const KernelSet& k, const HostVersion& host,
                            CoreClass core) {
  const SlowerOnCore* s = slower_on(r, k, host, core);
  return s != nullptr ? s->reason : r.reason;
}

const Rule& rule_of(Family f) {
  return kRules[static_cast<std::size_t>(f)];
}

}  // namespace

FamilyDecisions decide_families(const KernelSet& kernels, const HostVersion& host, CoreClass core,
                                bool force) {
  FamilyDecisions d;
  for (std::size_t i = 0; i < kFamilyCount; ++i) {
    const Rule& r = kRules[i];
    d.of[i] = standing(r, kernels, host, core) == Standing::kFaster ? Decision::kLane
              : !at_least(host, 3, r.default_since_minor)           ? Decision::kDefaultLacks
              : force                                               ? Decision::kForced
                                                                    : Decision::kDeferred;
  }
  return d;
}

const char* family_name(Family f) {
  return rule_of(f).name;
}

std::size_t format_families(const FamilyDecisions& d, const KernelSet& kernels,
                            const HostVersion& host, CoreClass core, char* buf, std::size_t size) {
  if (size == 0) return 0;
  buf[0] = '\0';
  std::size_t used = 0;
  for (std::size_t i = 0; i < kFamilyCount && used + 1 < size; ++i) {
    const Rule& r = kRules[i];
    const char* lane = selected_lane(kernels, r.needs[0].primitive);
    char second[48] = "";
    if (r.needs[1].primitive != Primitive::kNone)
      std::snprintf(second, sizeof second, "+%s", selected_lane(kernels, r.needs[1].primitive));
    int n = 0;
    switch (d.of[i]) {
      case Decision::kLane:
        n = std::snprintf(buf + used, size - used, "%s%s: %s%s", used ? "; " : "", r.name, lane,
                          second);
        break;
      case Decision::kDefaultLacks:
        n = std::snprintf(buf + used, size - used,
                          "%s%s: %s%s (the default provider of OpenSSL %d.%d lacks it)",
                          used ? "; " : "", r.name, lane, second, host.major, host.minor);
        break;
      case Decision::kForced:
        n = std::snprintf(buf + used, size - used, "%s%s: %s%s (forced)", used ? "; " : "", r.name,
                          lane, second);
        break;
      case Decision::kDeferred:
        if (standing(r, kernels, host, core) == Standing::kSlowerThanThisRelease)
          n = std::snprintf(buf + used, size - used,
                            "%s%s: deferred to the default provider (OpenSSL %d.%d's own code "
                            "counts fewer instructions than %s%s)",
                            used ? "; " : "", r.name, host.major, host.minor, lane, second);
        else
          n = std::snprintf(buf + used, size - used, "%s%s: deferred to the default provider (%s)",
                            used ? "; " : "", r.name, deferral_reason(r, kernels, host, core));
        break;
    }
    if (n < 0) break;
    used = static_cast<std::size_t>(n) >= size - used ? size - 1 : used + n;
  }
  return used;
}

const char* lane_deferral(const FamilyDecisions& d, const KernelSet& kernels,
                          const HostVersion& host, CoreClass core, const char* primitive) {
  const Rule* first = nullptr;
  for (std::size_t i = 0; i < kFamilyCount; ++i) {
    const Rule& r = kRules[i];
    if (std::strcmp(primitive_name(r.needs[0].primitive), primitive) != 0) continue;
    if (d.of[i] != Decision::kDeferred) return "";
    if (first == nullptr) first = &r;
  }
  if (first == nullptr) return "";
  return standing(*first, kernels, host, core) == Standing::kSlowerThanThisRelease
             ? "this OpenSSL release's own code counts fewer instructions"
             : deferral_reason(*first, kernels, host, core);
}

bool parse_force_setting(const char* text, bool* force) {
  *force = false;
  if (text == nullptr || text[0] == '\0') return true;
  for (const char* yes : {"1", "yes", "on", "true"})
    if (names_equal(text, yes)) return *force = true;
  for (const char* no : {"0", "no", "off", "false"})
    if (names_equal(text, no)) return true;
  return false;
}

}  // namespace armaccel::prov
