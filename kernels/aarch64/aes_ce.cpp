// SPDX-License-Identifier: Apache-2.0
// AES, AArch64 crypto-extension lane "aes-ce" (FIPS 197; modes SP 800-38A).
//
// AESE/AESMC and AESD/AESIMC through arm_neon.h intrinsics, in the mode
// loops every AArch64 AES lane shares (aes_modes_impl.h).  Eight blocks
// are kept in flight for ECB, CBC decryption, CTR and XTS so the AES unit's
// latency is hidden; CBC encryption is sequential by definition, and its
// chain carries nothing but AESE/AESMC (round keys 0 and Nr folded off it).  The key
// schedule uses AESE with a zero round key as SubWord (each column of the
// duplicated word is the same, so ShiftRows has no effect).  Decryption uses
// the equivalent inverse cipher (FIPS 197 §5.3.5).
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane table (docs/architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "aes_by_rounds.h"
#include "aes_ce_impl.h"
#include "aes_modes_impl.h"
#include "api/aes.h"
#include "api/core_variant.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {

constexpr std::uint32_t kLaneTag = 0x41434531;  // "ACE1"

// SubWord of a little-endian-loaded word w (FIPS 197 §5.2).
inline std::uint32_t sub_word(std::uint32_t w) {
  const uint8x16_t v = vreinterpretq_u8_u32(vdupq_n_u32(w));
  return vgetq_lane_u32(vreinterpretq_u32_u8(vaeseq_u8(v, vdupq_n_u8(0))), 0);
}

bool expand_encrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  return expand_key<sub_word, kLaneTag>(rk, key, key_len);
}

// Equivalent inverse cipher key schedule (§5.3.5), converted in place:
// round keys in reverse order, InvMixColumns applied to the inner ones.
bool expand_decrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  if (!expand_encrypt_key(rk, key, key_len)) return false;
  const unsigned nr = rk->rounds;
  std::uint8_t* k = rk->bytes;
  unsigned i = 0, j = nr;
  for (; i < j; ++i, --j) {
    const uint8x16_t a = vld1q_u8(k + 16 * i);
    const uint8x16_t b = vld1q_u8(k + 16 * j);
    vst1q_u8(k + 16 * i, i == 0 ? b : vaesimcq_u8(b));
    vst1q_u8(k + 16 * j, j == nr ? a : vaesimcq_u8(a));
  }
  if (i == j) vst1q_u8(k + 16 * i, vaesimcq_u8(vld1q_u8(k + 16 * i)));
  return true;
}

// The lane's block functions for the shared mode loops (aes_modes_impl.h):
// eight blocks in flight, the round keys in registers.
template <int Nr>
struct CeBlocks {
  static constexpr int kWidth = 8;
  Keys<Nr> ks;
  uint8x16_t first_last;  // round keys 0 and Nr XORed: CBC's folded input key
  explicit CeBlocks(const AesRoundKeys* rk) : ks(rk), first_last(veorq_u8(ks.k[0], ks.k[Nr])) {}

  void encrypt(uint8x16_t (&b)[kWidth]) const { crypt_n<true, kWidth>(b, ks); }
  void decrypt(uint8x16_t (&b)[kWidth]) const { crypt_n<false, kWidth>(b, ks); }
  uint8x16_t encrypt1(uint8x16_t x) const { return armaccel::encrypt1(x, ks); }
  uint8x16_t decrypt1(uint8x16_t x) const { return armaccel::decrypt1(x, ks); }

  // CBC chaining with round keys 0 and Nr off the chain: the chain holds
  // t = c ^ k[Nr] (the last AESE's output), and since AESE XORs its two
  // operands first, E(p ^ c) starts as AESE(t, p ^ k[0] ^ k[Nr]).  The
  // chain's latency is then AESE/AESMC alone; c = t ^ k[Nr] is a side
  // output.
  struct Chain {
    uint8x16_t t;
  };
  Chain cbc_start(uint8x16_t iv) const { return {veorq_u8(iv, ks.k[Nr])}; }
  uint8x16_t cbc_step(Chain& chain, uint8x16_t p) const {
    uint8x16_t s = vaesmcq_u8(vaeseq_u8(chain.t, veorq_u8(p, first_last)));
    unroll<Nr - 2>([&](auto r) { s = vaesmcq_u8(vaeseq_u8(s, ks.k[r + 1])); });
    chain.t = vaeseq_u8(s, ks.k[Nr - 1]);
    return veorq_u8(chain.t, ks.k[Nr]);
  }
  uint8x16_t cbc_value(const Chain& chain) const { return veorq_u8(chain.t, ks.k[Nr]); }

  // The rounds with the last round key moved out to the caller: F(x) =
  // E(x ^ k[Nr]) ^ k[Nr], which is AESE(x, k[0] ^ k[Nr]) then the rounds
  // without the final AddRoundKey (AESD likewise for decryption).  XTS
  // holds each tweak as T ^ k[Nr], so E(p ^ T) ^ T = F(p ^ T') ^ T' with
  // T' = T ^ k[Nr], and needs neither k[0] nor k[Nr] in a register.
  uint8x16_t last_key() const { return ks.k[Nr]; }
  template <bool Encrypt>
  void crypt_folded(uint8x16_t (&b)[kWidth]) const {
    const auto round = [](uint8x16_t x, uint8x16_t k) {
      return Encrypt ? vaesmcq_u8(vaeseq_u8(x, k)) : vaesimcq_u8(vaesdq_u8(x, k));
    };
#pragma GCC unroll 8
    for (int i = 0; i < kWidth; ++i) b[i] = round(b[i], first_last);
    unroll<Nr - 2>([&](auto r) {
#pragma GCC unroll 8
      for (int i = 0; i < kWidth; ++i) b[i] = round(b[i], ks.k[r + 1]);
    });
#pragma GCC unroll 8
    for (int i = 0; i < kWidth; ++i) {
      b[i] = Encrypt ? vaeseq_u8(b[i], ks.k[Nr - 1]) : vaesdq_u8(b[i], ks.k[Nr - 1]);
    }
  }
};

namespace aes_modes {
template <int Nr, bool Decrypt>
struct LaneBlocks {
  using type = CeBlocks<Nr>;  // one class for both directions
};
}  // namespace aes_modes

}  // namespace

extern const AesKernel kAesCe;
extern const AesKernel kAesCeOoo;
// clang-format off
constexpr AesKernel kAesCe = {
    {.lane = "aes-ce", .required = kFeatAsimd | kFeatAes, .set_encrypt_key = expand_encrypt_key,
     .set_decrypt_key = expand_decrypt_key, .ecb_encrypt = ARMACCEL_BY_ROUNDS(ecb_encrypt_n),
     .ecb_decrypt = ARMACCEL_BY_ROUNDS(ecb_decrypt_n),
     .cbc_encrypt = ARMACCEL_BY_ROUNDS(cbc_encrypt_n),
     .cbc_decrypt = ARMACCEL_BY_ROUNDS(cbc_decrypt_n),
     .ctr_encrypt = ARMACCEL_BY_ROUNDS(ctr_encrypt_n),
     .ctr32_encrypt = ARMACCEL_BY_ROUNDS(ctr32_encrypt_n), .cbc_mac = ARMACCEL_BY_ROUNDS(cbc_mac_n),
     .xts_encrypt = ARMACCEL_BY_ROUNDS(xts_encrypt_n),
     .xts_decrypt = ARMACCEL_BY_ROUNDS(xts_decrypt_n)}};
// clang-format on
// The variant for out-of-order cores (cpu/lane_table.cpp): XTS with its
// tweaks in general-purpose registers.
constexpr AesKernel kAesCeOoo = core_variant(kAesCe, "aes-ce-ooo", [](AesKernel& k) {
  k.xts_encrypt = ARMACCEL_BY_ROUNDS(xts_encrypt_n, aes_modes::XtsTweaks::kGeneralRegisters);
  k.xts_decrypt = ARMACCEL_BY_ROUNDS(xts_decrypt_n, aes_modes::XtsTweaks::kGeneralRegisters);
});

}  // namespace armaccel
