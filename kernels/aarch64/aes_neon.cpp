// SPDX-License-Identifier: Apache-2.0
// AES, AArch64 NEON lane "aes-neon" for cores without the AES instructions
// (FIPS 197; modes SP 800-38A, SP 800-38B/C chaining, SP 800-38E).
//
// Vector-permute AES (aes_vpaes_impl.h): constant time, every lookup a TBL
// on tables held in registers, in the mode loops every AArch64 AES lane
// shares (aes_modes_impl.h).  The parallel modes (ECB, CBC decryption,
// CTR, XTS) run two blocks at once so the two lookup chains hide each
// other's latency, and long runs go to the bit-sliced eight-block code
// (aes_bitsliced_impl.h, Käsper-Schwabe), which reads the standard round
// keys; CBC encryption and CBC-MAC are sequential by definition.
//
// Key layout: bytes[0, 240) the FIPS 197 round keys (round key i at 16 i,
// in the order XORed into the state, for encryption and decryption
// schedules alike); bytes[240, 480) the vpaes-form encryption or decryption
// schedule.
//
// Built with per-file -march=armv8-a: everything here is internal except
// the lane table.
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "aes_bitsliced_impl.h"
#include "aes_by_rounds.h"
#include "aes_modes_impl.h"
#include "aes_vpaes_impl.h"
#include "api/aes.h"
#include "util/always_inline.h"

namespace armaccel {
namespace {

constexpr std::uint32_t kLaneTag = 0x414e4531;  // "ANE1"

// Runs of at least this many blocks go to the bit-sliced code
// (aes_bitsliced_impl.h) in whole batches of eight, the rest to vpaes: the
// bit-sliced code costs fewer instructions per block but spreads the round
// keys into bit planes at every call.  Measured crossovers (qemu instruction
// counts, AES-128 through EVP, cortex-a72): the cipher from 24 blocks, the
// inverse cipher from 16.
constexpr std::size_t kBitslicedMinEncrypt = 24;
constexpr std::size_t kBitslicedMinDecrypt = 16;

template <bool Encrypt>
inline std::size_t bitsliced_part(std::size_t blocks) {
  return blocks >= (Encrypt ? kBitslicedMinEncrypt : kBitslicedMinDecrypt)
             ? blocks & ~std::size_t{7}
             : 0;
}

inline std::uint32_t sub_word(std::uint32_t w) {  // SubWord (FIPS 197 §5.2)
  return vgetq_lane_u32(vreinterpretq_u32_u8(vp_sub_bytes(vreinterpretq_u8_u32(vdupq_n_u32(w)))),
                        0);
}

// KeyExpansion (§5.2) into rk->bytes[0..), SubWord through vpaes.
bool expand_standard_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  return expand_key<sub_word, kLaneTag>(rk, key, key_len);
}

// The standard schedule, then its vpaes form for the cipher or (Decrypt)
// the equivalent inverse cipher, for the schedule's round count.
template <bool Decrypt>
bool set_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  if (!expand_standard_key(rk, key, key_len)) return false;
  const auto schedule = [rk](auto nr) {
    if constexpr (Decrypt) {
      vpaes_decrypt_schedule<nr>(rk);
    } else {
      vpaes_encrypt_schedule<nr>(rk);
    }
  };
  switch (rk->rounds) {
    case 10:
      schedule(std::integral_constant<int, 10>{});
      break;
    case 12:
      schedule(std::integral_constant<int, 12>{});
      break;
    default:
      schedule(std::integral_constant<int, 14>{});
  }
  return true;
}

inline const std::uint8_t* vp_keys(const AesRoundKeys* rk) {
  return rk->bytes + kVpaesKeyOffset;
}

// The lane's block functions for the shared mode loops (aes_modes_impl.h):
// two blocks at once, so the two lookup chains hide each other's latency.
// Decrypt selects the inverse cipher's tables (only those are loaded).
template <int Nr, bool Decrypt>
struct VpBlocks {
  static constexpr int kWidth = 2;
  using Tables = std::conditional_t<Decrypt, VpDec<Nr>, VpEnc<Nr>>;
  Tables t;
  const std::uint8_t* ks;
  explicit VpBlocks(const AesRoundKeys* rk) : ks(vp_keys(rk)) {}

  void encrypt(uint8x16_t (&b)[kWidth]) const { vp_encrypt<Nr, kWidth>(b, t, ks); }
  void decrypt(uint8x16_t (&b)[kWidth]) const { vp_decrypt<Nr, kWidth>(b, t, ks); }
  uint8x16_t encrypt1(uint8x16_t x) const {
    uint8x16_t b[1] = {x};
    vp_encrypt<Nr, 1>(b, t, ks);
    return b[0];
  }
  uint8x16_t decrypt1(uint8x16_t x) const {
    uint8x16_t b[1] = {x};
    vp_decrypt<Nr, 1>(b, t, ks);
    return b[0];
  }
  // CBC: the chain is the ciphertext block itself.
  struct Chain {
    uint8x16_t c;
  };
  Chain cbc_start(uint8x16_t iv) const { return {iv}; }
  uint8x16_t cbc_step(Chain& chain, uint8x16_t p) const {
    chain.c = encrypt1(veorq_u8(p, chain.c));
    return chain.c;
  }
  uint8x16_t cbc_value(const Chain& chain) const { return chain.c; }
};

namespace aes_modes {
template <int Nr, bool Decrypt>
struct LaneBlocks {
  using type = VpBlocks<Nr, Decrypt>;
};
}  // namespace aes_modes

// The lane-table entry for a mode the bit-sliced code also runs: the first
// bitsliced_part<Encrypt>(blocks) blocks (possibly none) through
// bs(rk->bytes, rk->rounds, in, out, n, chain...), the rest through by_nr,
// the vpaes loops picked by round count (ARMACCEL_BY_ROUNDS over the
// mode's entries in aes_modes_impl.h); chain is the IV, counter or tweak of
// the modes that have one.
template <bool Encrypt, auto bs>
struct BitslicedFirst;
template <bool Encrypt, class... Chain,
          void (*bs)(const std::uint8_t*, unsigned, const std::uint8_t*, std::uint8_t*, std::size_t,
                     Chain*...)>
struct BitslicedFirst<Encrypt, bs> {
  using Entry = void(const AesRoundKeys*, const std::uint8_t*, std::uint8_t*, std::size_t,
                     Chain*...);
  template <Entry* by_nr>
  static void run(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                  std::size_t blocks, Chain*... chain) {
    if (const std::size_t n = bitsliced_part<Encrypt>(blocks)) {
      bs(rk->bytes, rk->rounds, in, out, n, chain...);
      in += 16 * n;
      out += 16 * n;
      blocks -= n;
    }
    by_nr(rk, in, out, blocks, chain...);
  }
};

}  // namespace

extern const AesKernel kAesNeon;
// clang-format off
const AesKernel kAesNeon = {
    {.lane = "aes-neon", .required = kFeatAsimd, .set_encrypt_key = set_key<false>,
     .set_decrypt_key = set_key<true>,
     .ecb_encrypt = BitslicedFirst<true, bs_ecb_encrypt>::run<ARMACCEL_BY_ROUNDS(ecb_encrypt_n)>,
     .ecb_decrypt = BitslicedFirst<false, bs_ecb_decrypt>::run<ARMACCEL_BY_ROUNDS(ecb_decrypt_n)>,
     .cbc_encrypt = ARMACCEL_BY_ROUNDS(cbc_encrypt_n),
     .cbc_decrypt = BitslicedFirst<false, bs_cbc_decrypt>::run<ARMACCEL_BY_ROUNDS(cbc_decrypt_n)>,
     .ctr_encrypt = BitslicedFirst<true, bs_ctr_encrypt>::run<ARMACCEL_BY_ROUNDS(ctr_encrypt_n)>,
     .ctr32_encrypt =
         BitslicedFirst<true, bs_ctr32_encrypt>::run<ARMACCEL_BY_ROUNDS(ctr32_encrypt_n)>,
     .cbc_mac = ARMACCEL_BY_ROUNDS(cbc_mac_n),
     .xts_encrypt = BitslicedFirst<true, bs_xts_encrypt>::run<ARMACCEL_BY_ROUNDS(xts_encrypt_n)>,
     .xts_decrypt = BitslicedFirst<false, bs_xts_decrypt>::run<ARMACCEL_BY_ROUNDS(xts_decrypt_n)>}};
// clang-format on

}  // namespace armaccel
