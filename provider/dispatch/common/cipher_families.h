// SPDX-License-Identifier: Apache-2.0
// The block-cipher families the mode templates are instantiated with (the
// Traits of block_modes.h, gcm_mode.h, ccm_mode.h and xts_mode.h): AES
// (FIPS 197) and SM4 (GB/T 32907-2016), each on the lane chosen for the
// provider instance.  Kernel/Schedule: the 16-byte block cipher's kernel
// table and round keys; Lanes/lanes(): the block, GHASH and (AES only)
// fused GCM lanes; kName and kKeyBitsInName: "AES-128-…" but "SM4-…";
// kGbStandard: XTS has GB/T 17964-2021's tweak rule ("xts_standard").
// kRefusesEqualHalves: XTS refuses an encryption key whose halves are equal.
#pragma once

#include "api/aes.h"
#include "api/sm4.h"
#include "modes/gcm_driver.h"
#include "prov_ctx.h"

namespace armaccel::prov {

// In an unnamed namespace, as the traits were in each instantiating file:
// every mode instantiated with them stays internal to its file, so the
// compiler may inline as before.
namespace {

// A family: kernel table K with round keys S, the KernelSet member holding
// the instance's lane, and GCM lanes L (with the fused GCM lane when
// Fused, else the block lane and GHASH only).
template <class K, class S, class L, const K* KernelSet::*Lane, bool Fused>
struct BlockFamily {
  using Kernel = K;
  using Schedule = S;
  using Lanes = L;
  static const Kernel* kernel(const ProvCtx* prov) { return prov->kernels.*Lane; }
  static Lanes lanes(const ProvCtx* prov) {
    if constexpr (Fused) {
      return {kernel(prov), prov->kernels.ghash, prov->kernels.gcm};
    } else {
      return {kernel(prov), prov->kernels.ghash, nullptr};
    }
  }
};

struct AesFamily : BlockFamily<AesKernel, AesRoundKeys, GcmLanes, &KernelSet::aes, true> {
  static constexpr char kName[] = "AES";
  static constexpr bool kKeyBitsInName = true;
  static constexpr bool kGbStandard = false;
  static constexpr bool kRefusesEqualHalves = true;  // IEEE 1619-2018 §5.1
};

struct Sm4Family : BlockFamily<Sm4Kernel, Sm4RoundKeys, Sm4GcmLanes, &KernelSet::sm4, false> {
  static constexpr char kName[] = "SM4";
  static constexpr bool kKeyBitsInName = false;
  static constexpr bool kGbStandard = true;           // OpenSSL's default for SM4-XTS
  static constexpr bool kRefusesEqualHalves = false;  // as OpenSSL's SM4-XTS
};

}  // namespace

}  // namespace armaccel::prov
