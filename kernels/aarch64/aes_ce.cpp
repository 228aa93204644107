// AES, AArch64 crypto-extension lane "aes-ce" (FIPS 197; modes SP 800-38A).
//
// AESE/AESMC and AESD/AESIMC through arm_neon.h intrinsics.  Eight blocks
// are kept in flight for ECB, CBC decryption and CTR so the AES unit's
// latency is hidden; CBC encryption is sequential by definition.  The key
// schedule uses AESE with a zero round key as SubWord (each column of the
// duplicated word is the same, so ShiftRows has no effect).  Decryption uses
// the equivalent inverse cipher (FIPS 197 §5.3.5).
//
// Built with per-file -march=armv8-a+crypto: everything here is internal
// except the lane table (architecture.md, extension-flag hazard).
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../aes.h"

namespace armaccel {
namespace {

constexpr std::uint32_t kLaneTag = 0x41434531;  // "ACE1"

std::uint8_t* key_bytes(AesRoundKeys* rk) {
  return reinterpret_cast<std::uint8_t*>(rk->words);
}
const std::uint8_t* key_bytes(const AesRoundKeys* rk) {
  return reinterpret_cast<const std::uint8_t*>(rk->words);
}

// SubWord of a little-endian-loaded word w (FIPS 197 §5.2).
std::uint32_t sub_word(std::uint32_t w) {
  const uint8x16_t v = vreinterpretq_u8_u32(vdupq_n_u32(w));
  return vgetq_lane_u32(vreinterpretq_u32_u8(vaeseq_u8(v, vdupq_n_u8(0))), 0);
}

std::uint32_t ror32(std::uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

// KeyExpansion (§5.2) into byte round keys.
bool expand_encrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  if (key_len != 16 && key_len != 24 && key_len != 32) return false;
  const unsigned nk = static_cast<unsigned>(key_len / 4);
  const unsigned nr = nk + 6;
  const unsigned total = 4 * (nr + 1);
  std::uint32_t w[60];
  std::memcpy(w, key, key_len);  // words as little-endian loads of the key bytes
  std::uint32_t rcon = 1;
  for (unsigned i = nk; i < total; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % nk == 0) {
      t = ror32(sub_word(t), 8) ^ rcon;  // SubWord(RotWord(t)) ^ Rcon
      rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
    } else if (nk > 6 && i % nk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  std::memcpy(key_bytes(rk), w, 4 * total);
  volatile std::uint32_t* vw = w;
  for (unsigned i = 0; i < total; ++i) vw[i] = 0;
  rk->rounds = nr;
  rk->lane_tag = kLaneTag;
  return true;
}

// Equivalent inverse cipher key schedule (§5.3.5): reversed order, with
// InvMixColumns applied to the inner round keys.
bool expand_decrypt_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_len) {
  AesRoundKeys enc;
  if (!expand_encrypt_key(&enc, key, key_len)) return false;
  const unsigned nr = enc.rounds;
  const std::uint8_t* ek = key_bytes(&enc);
  std::uint8_t* dk = key_bytes(rk);
  vst1q_u8(dk, vld1q_u8(ek + 16 * nr));
  for (unsigned i = 1; i < nr; ++i)
    vst1q_u8(dk + 16 * i, vaesimcq_u8(vld1q_u8(ek + 16 * (nr - i))));
  vst1q_u8(dk + 16 * nr, vld1q_u8(ek));
  volatile std::uint8_t* v = key_bytes(&enc);
  for (unsigned i = 0; i < 16 * (nr + 1); ++i) v[i] = 0;
  rk->rounds = nr;
  rk->lane_tag = kLaneTag;
  return true;
}

template <int Nr>
struct Keys {
  uint8x16_t k[Nr + 1];
  explicit Keys(const AesRoundKeys* rk) {
    const std::uint8_t* p = key_bytes(rk);
    for (int i = 0; i <= Nr; ++i) k[i] = vld1q_u8(p + 16 * i);
  }
};

template <int Nr>
inline uint8x16_t encrypt1(uint8x16_t s, const Keys<Nr>& ks) {
  for (int r = 0; r < Nr - 1; ++r) s = vaesmcq_u8(vaeseq_u8(s, ks.k[r]));
  return veorq_u8(vaeseq_u8(s, ks.k[Nr - 1]), ks.k[Nr]);
}

template <int Nr>
inline uint8x16_t decrypt1(uint8x16_t s, const Keys<Nr>& ks) {
  for (int r = 0; r < Nr - 1; ++r) s = vaesimcq_u8(vaesdq_u8(s, ks.k[r]));
  return veorq_u8(vaesdq_u8(s, ks.k[Nr - 1]), ks.k[Nr]);
}

// Eight blocks through all rounds, round by round so the eight independent
// AESE/AESMC chains interleave.
template <int Nr>
inline void encrypt8(uint8x16_t b[8], const Keys<Nr>& ks) {
  for (int r = 0; r < Nr - 1; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) b[i] = vaesmcq_u8(vaeseq_u8(b[i], ks.k[r]));
  }
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) b[i] = veorq_u8(vaeseq_u8(b[i], ks.k[Nr - 1]), ks.k[Nr]);
}

template <int Nr>
inline void decrypt8(uint8x16_t b[8], const Keys<Nr>& ks) {
  for (int r = 0; r < Nr - 1; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) b[i] = vaesimcq_u8(vaesdq_u8(b[i], ks.k[r]));
  }
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) b[i] = veorq_u8(vaesdq_u8(b[i], ks.k[Nr - 1]), ks.k[Nr]);
}

template <int Nr>
void ecb_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks) {
  const Keys<Nr> ks(rk);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = vld1q_u8(in + 16 * i);
    encrypt8(b, ks);
    for (int i = 0; i < 8; ++i) vst1q_u8(out + 16 * i, b[i]);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) vst1q_u8(out, encrypt1(vld1q_u8(in), ks));
}

template <int Nr>
void ecb_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks) {
  const Keys<Nr> ks(rk);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = vld1q_u8(in + 16 * i);
    decrypt8(b, ks);
    for (int i = 0; i < 8; ++i) vst1q_u8(out + 16 * i, b[i]);
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) vst1q_u8(out, decrypt1(vld1q_u8(in), ks));
}

// CBC encryption: the IV/previous ciphertext is XORed into the plaintext,
// which then enters AESE (whose own XOR adds round key 0).
template <int Nr>
void cbc_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t iv[16]) {
  const Keys<Nr> ks(rk);
  uint8x16_t chain = vld1q_u8(iv);
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    chain = encrypt1(veorq_u8(vld1q_u8(in), chain), ks);
    vst1q_u8(out, chain);
  }
  vst1q_u8(iv, chain);
}

template <int Nr>
void cbc_decrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t iv[16]) {
  const Keys<Nr> ks(rk);
  uint8x16_t chain = vld1q_u8(iv);
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t c[8], b[8];
    for (int i = 0; i < 8; ++i) b[i] = c[i] = vld1q_u8(in + 16 * i);
    decrypt8(b, ks);
    vst1q_u8(out, veorq_u8(b[0], chain));
    for (int i = 1; i < 8; ++i) vst1q_u8(out + 16 * i, veorq_u8(b[i], c[i - 1]));
    chain = c[7];
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t c = vld1q_u8(in);
    vst1q_u8(out, veorq_u8(decrypt1(c, ks), chain));
    chain = c;
  }
  vst1q_u8(iv, chain);
}

// The counter block as a native (high, low) pair of 64-bit halves.
struct Counter128 {
  std::uint64_t hi;
  std::uint64_t lo;
};

Counter128 load_counter(const std::uint8_t c[16]) {
  const uint64x2_t v = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(c)));
  return {vgetq_lane_u64(v, 0), vgetq_lane_u64(v, 1)};
}

// Counter block bytes (big-endian hi || lo) from native halves.
inline uint8x16_t counter_block(uint64x2_t native) {
  return vrev64q_u8(vreinterpretq_u8_u64(native));
}

inline uint64x2_t native_counter(Counter128 c) {
  return vcombine_u64(vcreate_u64(c.hi), vcreate_u64(c.lo));
}

template <int Nr>
void ctr_encrypt_n(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                   std::size_t blocks, std::uint8_t counter[16]) {
  const Keys<Nr> ks(rk);
  Counter128 ctr = load_counter(counter);
  const uint64x2_t one = vcombine_u64(vcreate_u64(0), vcreate_u64(1));
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    if (ctr.lo <= ~std::uint64_t{0} - 8) {
      // No carry out of the low half within these eight blocks.
      uint64x2_t n = native_counter(ctr);
      for (int i = 0; i < 8; ++i) {
        b[i] = counter_block(n);
        n = vaddq_u64(n, one);
      }
      ctr.lo += 8;
    } else {
      for (int i = 0; i < 8; ++i) {
        b[i] = counter_block(native_counter(ctr));
        ctr.lo += 1;
        ctr.hi += (ctr.lo == 0) ? 1 : 0;
      }
    }
    encrypt8(b, ks);
    for (int i = 0; i < 8; ++i) vst1q_u8(out + 16 * i, veorq_u8(vld1q_u8(in + 16 * i), b[i]));
  }
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    const uint8x16_t k = encrypt1(counter_block(native_counter(ctr)), ks);
    vst1q_u8(out, veorq_u8(vld1q_u8(in), k));
    ctr.lo += 1;
    ctr.hi += (ctr.lo == 0) ? 1 : 0;
  }
  vst1q_u8(counter, counter_block(native_counter(ctr)));
}

// Dispatch on the round count recorded in the schedule.
#define ARMACCEL_AES_BY_ROUNDS(fn, ...) \
  switch (rk->rounds) {                 \
    case 10:                            \
      return fn<10>(__VA_ARGS__);       \
    case 12:                            \
      return fn<12>(__VA_ARGS__);       \
    default:                            \
      return fn<14>(__VA_ARGS__);       \
  }

void ecb_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks) {
  ARMACCEL_AES_BY_ROUNDS(ecb_encrypt_n, rk, in, out, blocks)
}
void ecb_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks) {
  ARMACCEL_AES_BY_ROUNDS(ecb_decrypt_n, rk, in, out, blocks)
}
void cbc_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  ARMACCEL_AES_BY_ROUNDS(cbc_encrypt_n, rk, in, out, blocks, iv)
}
void cbc_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  ARMACCEL_AES_BY_ROUNDS(cbc_decrypt_n, rk, in, out, blocks, iv)
}
void ctr_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t counter[16]) {
  ARMACCEL_AES_BY_ROUNDS(ctr_encrypt_n, rk, in, out, blocks, counter)
}

#undef ARMACCEL_AES_BY_ROUNDS

}  // namespace

extern const AesKernel kAesCe;
const AesKernel kAesCe = {
    "aes-ce",    kFeatAsimd | kFeatAes, expand_encrypt_key, expand_decrypt_key, ecb_encrypt,
    ecb_decrypt, cbc_encrypt,           cbc_decrypt,        ctr_encrypt,
};

}  // namespace armaccel
