// SPDX-License-Identifier: Apache-2.0
// Known-answer self-tests of the kernel lanes, run when the provider loads
// before it trusts a lane: each runs the lane's entry points on published
// vectors and compares every byte.  A lane that computes wrong on some
// silicon, firmware or emulator then drops out for the next one in its
// list instead of serving wrong results.
//
// Each function returns true when the lane reproduced every known answer.
// `corrupt` is the fault hook for tests: the lane's first output is
// compared with one bit flipped, so a healthy lane fails.  No heap; at
// most a few KiB of stack (ML-KEM's keys); public data only, so the
// comparisons need not be constant time.  Sources of the known answers:
//   AES       SP 800-38A F.1.1-F.1.6 (ECB; AES-192 on its first block),
//             F.2.1/F.2.2 (CBC, and the CBC-MAC it implies), F.5.1 (CTR);
//             IEEE 1619-2007 annex B vector 4 (XTS)
//   GHASH     GCM specification (McGrew-Viega) test case 4
//   GCM       the same specification, test case 3 (a fused lane, both ways)
//   SHA-256   FIPS 180-4 examples (NIST CSRC): "abc", the 448-bit message
//   SHA-512   FIPS 180-4 examples: "abc", the 896-bit message
//   Keccak    FIPS 202 via SHA3-256/SHA3-512/SHAKE128 (NIST CSRC examples)
//   ChaCha20  RFC 8439 A.2 test vector 2
//   Poly1305  RFC 8439 §2.5.2; 25 blocks of 0xff under a maximal clamped r
//             (Botan's long-input carry vectors)
//   SM4       GB/T 32907-2016 example 1; draft-ribose-cfrg-sm4-10 (CBC,
//             CTR); GB/T 17964-2021 and IEEE 1619 tweak rules (OpenSSL's
//             SM4-XTS vectors)
//   SM3       GB/T 32905-2016 examples A.1 and A.2
//   ML-KEM    C2SP CCTV unlucky-sample ML-KEM-512 (final FIPS 203):
//             KeyGen_internal then Decaps_internal
//   X25519    RFC 7748 §6.1: Alice's public key and the shared secret
//             with Bob, in one call
#pragma once

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
#include "cpu/lanes.h"

namespace armaccel::selftest {

bool aes(const AesKernel& lane, bool corrupt);
bool ghash(const GhashKernel& lane, bool corrupt);
// A fused GCM lane with the AES and GHASH lanes it reads (lane.aes,
// lane.ghash).
bool gcm(const GcmKernel& lane, bool corrupt);
bool sha256(const Sha256Kernel& lane, bool corrupt);
bool sha512(const Sha512Kernel& lane, bool corrupt);
bool keccak(const KeccakKernel& lane, bool corrupt);
bool chacha20(const ChachaKernel& lane, bool corrupt);
bool poly1305(const Poly1305Kernel& lane, bool corrupt);
bool sm4(const Sm4Kernel& lane, bool corrupt);
bool sm3(const Sm3Kernel& lane, bool corrupt);
// The ML-KEM arithmetic lane, with the hash functions on `keccak`.
bool mlkem(const MlkemKernel& lane, const KeccakKernel& keccak, bool corrupt);
bool x25519(const X25519Kernel& lane, bool corrupt);

// The test of any lane table, in the shape of select_kernels' accept
// predicate (cpu/lanes.h): a fused GCM lane is tested with its own AES and
// GHASH lanes, the ML-KEM lane with the Keccak lane chosen before it.
// clang-format off
inline bool run(const AesKernel& k, const KernelSet&, bool corrupt) { return aes(k, corrupt); }
inline bool run(const GhashKernel& k, const KernelSet&, bool corrupt) { return ghash(k, corrupt); }
inline bool run(const GcmKernel& k, const KernelSet&, bool corrupt) { return gcm(k, corrupt); }
inline bool run(const Sha256Kernel& k, const KernelSet&, bool corrupt) { return sha256(k, corrupt); }
inline bool run(const Sha512Kernel& k, const KernelSet&, bool corrupt) { return sha512(k, corrupt); }
inline bool run(const KeccakKernel& k, const KernelSet&, bool corrupt) { return keccak(k, corrupt); }
inline bool run(const ChachaKernel& k, const KernelSet&, bool corrupt) { return chacha20(k, corrupt); }
inline bool run(const Poly1305Kernel& k, const KernelSet&, bool corrupt) { return poly1305(k, corrupt); }
inline bool run(const Sm4Kernel& k, const KernelSet&, bool corrupt) { return sm4(k, corrupt); }
inline bool run(const Sm3Kernel& k, const KernelSet&, bool corrupt) { return sm3(k, corrupt); }
inline bool run(const MlkemKernel& k, const KernelSet& chosen, bool corrupt) {
  return mlkem(k, *chosen.keccak, corrupt);
}
inline bool run(const X25519Kernel& k, const KernelSet&, bool corrupt) { return x25519(k, corrupt); }
// clang-format on

}  // namespace armaccel::selftest
