// SPDX-License-Identifier: Apache-2.0
// AES, portable lane "aes-portable": bit-sliced, constant time (FIPS 197).
//
// Four blocks are processed at once in eight 64-bit planes: plane b holds
// bit b of all 64 state bytes, at bit position 16*block + 4*column + row.
// ShiftRows and MixColumns become shifts and masks inside each 16-bit block
// group; SubBytes is the Boyar-Peralta circuit (aes_bitslice.h).  Round keys
// are stored pre-sliced, one 16-bit group per plane (replicated over the four
// block groups when used), so the same 240-byte schedule serves encryption
// and the inverse cipher.  Sequential CBC encryption uses one of the four
// block slots.
#include <cstring>

#include "api/aes.h"
#include "modes/xts_driver.h"
#include "portable/aes_bitslice.h"
#include "portable/bitslice8.h"
#include "util/batch.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {
namespace {

using aes_bitslice::inv_sub_bytes;
using aes_bitslice::sub_bytes;
using aes_bitslice::xtime;
using bitslice8::slice;
using bitslice8::unslice;

constexpr std::uint32_t kLaneTag = 0x41505254;  // "APRT"

// Masks replicated over the four 16-bit block groups.
constexpr std::uint64_t rep(std::uint64_t group) {
  return group | (group << 16) | (group << 32) | (group << 48);
}

// ShiftRows (§5.1.2): row r of each block rotates left by r columns, i.e. the
// bit at nibble c comes from nibble c + r.
inline std::uint64_t shift_rows_plane(std::uint64_t x) {
  return (x & rep(0x1111)) | ((x >> 4) & rep(0x0222)) | ((x << 12) & rep(0x2000)) |
         ((x >> 8) & rep(0x0044)) | ((x << 8) & rep(0x4400)) | ((x >> 12) & rep(0x0008)) |
         ((x << 4) & rep(0x8880));
}

// InvShiftRows (§5.3.1): the bit at nibble c comes from nibble c - r.
inline std::uint64_t inv_shift_rows_plane(std::uint64_t x) {
  return (x & rep(0x1111)) | ((x << 4) & rep(0x2220)) | ((x >> 12) & rep(0x0002)) |
         ((x >> 8) & rep(0x0044)) | ((x << 8) & rep(0x4400)) | ((x >> 4) & rep(0x0888)) |
         ((x << 12) & rep(0x8000));
}

// Row rotations inside each column nibble: result row r = input row r + k.
inline std::uint64_t rot_rows1(std::uint64_t x) {
  return ((x >> 1) & rep(0x7777)) | ((x << 3) & rep(0x8888));
}
inline std::uint64_t rot_rows2(std::uint64_t x) {
  return ((x >> 2) & rep(0x3333)) | ((x << 2) & rep(0xCCCC));
}

// MixColumns (§5.1.3): out = 2·(a ^ rot1 a) ^ rot1 a ^ rot2(a ^ rot1 a).
void mix_columns(std::uint64_t q[8]) {
  std::uint64_t r1[8], s[8], s2[8];
  for (int b = 0; b < 8; ++b) {
    r1[b] = rot_rows1(q[b]);
    s[b] = q[b] ^ r1[b];
  }
  xtime(s, s2);
  for (int b = 0; b < 8; ++b) q[b] = s2[b] ^ r1[b] ^ rot_rows2(s[b]);
}

// InvMixColumns (§5.3.3) as MixColumns after multiplying each column by
// {04}x^2 + {05}: u = a ^ 4·(a ^ rot2 a).
void inv_mix_columns(std::uint64_t q[8]) {
  std::uint64_t t[8];
  for (int b = 0; b < 8; ++b) t[b] = q[b] ^ rot_rows2(q[b]);
  xtime(t, t);
  xtime(t, t);
  for (int b = 0; b < 8; ++b) q[b] ^= t[b];
  mix_columns(q);
}

// Round key `round` as eight 16-bit planes (one block group) in rk->bytes.
inline std::uint16_t key_plane(const AesRoundKeys* rk, unsigned round, int b) {
  std::uint16_t v;
  std::memcpy(&v, rk->bytes + 16 * round + 2 * b, 2);
  return v;
}

// XORs round key `round`, replicated over the four block groups.
inline void add_round_key(std::uint64_t q[8], const AesRoundKeys* rk, unsigned round) {
  for (int b = 0; b < 8; ++b) q[b] ^= key_plane(rk, round, b) * 0x0001000100010001ull;
}

void encrypt_planes(const AesRoundKeys* rk, std::uint64_t q[8]) {
  const unsigned nr = rk->rounds;
  add_round_key(q, rk, 0);
  for (unsigned round = 1; round < nr; ++round) {
    sub_bytes(q);
    for (int b = 0; b < 8; ++b) q[b] = shift_rows_plane(q[b]);
    mix_columns(q);
    add_round_key(q, rk, round);
  }
  sub_bytes(q);
  for (int b = 0; b < 8; ++b) q[b] = shift_rows_plane(q[b]);
  add_round_key(q, rk, nr);
}

void decrypt_planes(const AesRoundKeys* rk, std::uint64_t q[8]) {
  const unsigned nr = rk->rounds;
  add_round_key(q, rk, nr);
  for (unsigned round = nr - 1; round >= 1; --round) {
    for (int b = 0; b < 8; ++b) q[b] = inv_shift_rows_plane(q[b]);
    inv_sub_bytes(q);
    add_round_key(q, rk, round);
    inv_mix_columns(q);
  }
  for (int b = 0; b < 8; ++b) q[b] = inv_shift_rows_plane(q[b]);
  inv_sub_bytes(q);
  add_round_key(q, rk, 0);
}

// Four blocks in a 64-byte buffer, in place, through the cipher (Encrypt)
// or the inverse cipher.
template <bool Encrypt>
void crypt4(const AesRoundKeys* rk, std::uint8_t buf[64]) {
  std::uint64_t q[8];
  slice(buf, q);
  if constexpr (Encrypt) {
    encrypt_planes(rk, q);
  } else {
    decrypt_planes(rk, q);
  }
  unslice(q, buf);
  wipe(q, sizeof q);
}

// SubWord (§5.2) on a 4-byte word held as bytes w[0..3], by the same circuit
// on 32-bit planes (bit k of plane b = bit b of w[k]).
void sub_word(std::uint8_t w[4]) {
  std::uint32_t q[8];
  for (int b = 0; b < 8; ++b) {
    std::uint32_t plane = 0;
    for (int k = 0; k < 4; ++k) plane |= std::uint32_t{(w[k] >> b) & 1u} << k;
    q[b] = plane;
  }
  sub_bytes(q);
  for (int k = 0; k < 4; ++k) {
    std::uint8_t v = 0;
    for (int b = 0; b < 8; ++b) v = static_cast<std::uint8_t>(v | (((q[b] >> k) & 1u) << b));
    w[k] = v;
  }
  wipe(q, sizeof q);
}

// KeyExpansion (§5.2) to byte round keys w[0 .. 16*(Nr+1)), then slicing of
// each round key replicated over the four block slots.
bool set_key(AesRoundKeys* rk, const std::uint8_t* key, std::size_t key_bytes) {
  if (key_bytes != 16 && key_bytes != 24 && key_bytes != 32) return false;
  const unsigned nk = static_cast<unsigned>(key_bytes / 4);
  const unsigned nr = nk + 6;
  const unsigned total_words = 4 * (nr + 1);
  std::uint8_t w[240];
  std::memcpy(w, key, key_bytes);
  std::uint8_t rcon = 0x01;
  for (unsigned i = nk; i < total_words; ++i) {
    std::uint8_t temp[4];
    std::memcpy(temp, w + 4 * (i - 1), 4);
    if (i % nk == 0) {
      const std::uint8_t t0 = temp[0];  // RotWord
      temp[0] = temp[1];
      temp[1] = temp[2];
      temp[2] = temp[3];
      temp[3] = t0;
      sub_word(temp);
      temp[0] ^= rcon;
      rcon = static_cast<std::uint8_t>((rcon << 1) ^ ((rcon >> 7) * 0x1B));
    } else if (nk > 6 && i % nk == 4) {
      sub_word(temp);
    }
    for (int k = 0; k < 4; ++k) w[4 * i + k] = w[4 * (i - nk) + k] ^ temp[k];
    wipe(temp, sizeof temp);
  }
  // Slice each round key in block slot 0; keep its 16-bit group per plane.
  std::uint8_t one[64] = {};
  std::uint64_t q[8];
  for (unsigned round = 0; round <= nr; ++round) {
    std::memcpy(one, w + 16 * round, 16);
    slice(one, q);
    for (int b = 0; b < 8; ++b) {
      const std::uint16_t plane = static_cast<std::uint16_t>(q[b]);
      std::memcpy(rk->bytes + 16 * round + 2 * b, &plane, 2);
    }
  }
  rk->rounds = nr;
  rk->lane_tag = kLaneTag;
  wipe(w, sizeof w);
  wipe(one, sizeof one);
  wipe(q, sizeof q);
  return true;
}

// ECB, four blocks a pass, with the encryption or the decryption schedule.
template <bool Encrypt>
void ecb(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  std::uint8_t buf[64];
  std::uint64_t q[8];
  while (blocks > 0) {
    const std::size_t n = blocks < 4 ? blocks : 4;
    std::memset(buf, 0, sizeof buf);
    std::memcpy(buf, in, 16 * n);
    slice(buf, q);
    if (Encrypt) {
      encrypt_planes(rk, q);
    } else {
      decrypt_planes(rk, q);
    }
    unslice(q, buf);
    std::memcpy(out, buf, 16 * n);
    advance_blocks(in, out, blocks, n);
  }
  wipe(buf, sizeof buf);
  wipe(q, sizeof q);
}

void cbc_encrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  std::uint8_t buf[64] = {};
  std::uint64_t q[8];
  std::uint8_t chain[16];
  std::memcpy(chain, iv, 16);
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    for (int i = 0; i < 16; ++i) buf[i] = static_cast<std::uint8_t>(in[i] ^ chain[i]);
    slice(buf, q);
    encrypt_planes(rk, q);
    unslice(q, buf);
    std::memcpy(chain, buf, 16);
    std::memcpy(out, buf, 16);
  }
  std::memcpy(iv, chain, 16);
  wipe(buf, sizeof buf);
  wipe(q, sizeof q);
}

void cbc_decrypt(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  std::uint8_t buf[64];
  std::uint8_t cipher[64];
  std::uint64_t q[8];
  std::uint8_t chain[16];
  std::memcpy(chain, iv, 16);
  while (blocks > 0) {
    const std::size_t n = blocks < 4 ? blocks : 4;
    std::memset(cipher, 0, sizeof cipher);
    std::memcpy(cipher, in, 16 * n);  // keep the ciphertext: in may equal out
    slice(cipher, q);
    decrypt_planes(rk, q);
    unslice(q, buf);
    for (std::size_t b = 0; b < n; ++b) {
      const std::uint8_t* prev = b == 0 ? chain : cipher + 16 * (b - 1);
      for (int i = 0; i < 16; ++i)
        out[16 * b + i] = static_cast<std::uint8_t>(buf[16 * b + i] ^ prev[i]);
    }
    std::memcpy(chain, cipher + 16 * (n - 1), 16);
    advance_blocks(in, out, blocks, n);
  }
  std::memcpy(iv, chain, 16);
  wipe(buf, sizeof buf);
  wipe(q, sizeof q);
}

// Adds 1 to the 128-bit big-endian counter block, without data-dependent
// branches: the counter may be secret (OpenSSL's CTR-DRBG keeps its state
// V there).
void increment_be128(std::uint8_t c[16]) {
  unsigned carry = 1;
  for (int i = 15; i >= 0; --i) {
    const unsigned v = c[i] + carry;
    c[i] = static_cast<std::uint8_t>(v);
    carry = v >> 8;
  }
}

// inc32 (SP 800-38D §6.2): the last four bytes as a big-endian counter.
void increment_be32(std::uint8_t c[16]) {
  bytes::store_be32(c + 12, bytes::load_be32(c + 12) + 1);
}

// CTR over whole counter blocks, four to a batch: the counter block is
// advanced by Inc once per block, increment_be128 for CTR (SP 800-38A
// §6.5), increment_be32 for GCM's GCTR (SP 800-38D §6.5).
template <void (*Inc)(std::uint8_t c[16])>
void ctr_generic(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t counter[16]) {
  std::uint8_t ks[64];
  std::uint64_t q[8];
  while (blocks > 0) {
    const std::size_t n = blocks < 4 ? blocks : 4;
    for (std::size_t b = 0; b < 4; ++b) {
      std::memcpy(ks + 16 * b, counter, 16);
      if (b < n) Inc(counter);
    }
    slice(ks, q);
    encrypt_planes(rk, q);
    unslice(q, ks);
    for (std::size_t i = 0; i < 16 * n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
    advance_blocks(in, out, blocks, n);
  }
  wipe(ks, sizeof ks);
  wipe(q, sizeof q);
}

void cbc_mac(const AesRoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
             std::uint8_t mac[16]) {
  std::uint8_t buf[64] = {};
  for (; blocks > 0; --blocks, in += 16) {
    for (int i = 0; i < 16; ++i) buf[i] = static_cast<std::uint8_t>(mac[i] ^ in[i]);
    crypt4<true>(rk, buf);
    std::memcpy(mac, buf, 16);
  }
  wipe(buf, sizeof buf);
}

template <bool Encrypt>
void xts_blocks(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                std::size_t blocks, std::uint8_t tweak[16]) {
  xts_batches<4, xts_multiply_alpha>(
      in, out, blocks, tweak, [rk](std::uint8_t* buf, std::size_t) { crypt4<Encrypt>(rk, buf); });
}

}  // namespace

// clang-format off
const AesKernel kAesPortable = {
    {.lane = "aes-portable", .required = 0, .set_encrypt_key = set_key, .set_decrypt_key = set_key,
     .ecb_encrypt = ecb<true>, .ecb_decrypt = ecb<false>, .cbc_encrypt = cbc_encrypt,
     .cbc_decrypt = cbc_decrypt, .ctr_encrypt = ctr_generic<increment_be128>,
     .ctr32_encrypt = ctr_generic<increment_be32>,
     .cbc_mac = cbc_mac, .xts_encrypt = xts_blocks<true>, .xts_decrypt = xts_blocks<false>}};
// clang-format on

}  // namespace armaccel
