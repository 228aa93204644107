// SPDX-License-Identifier: Apache-2.0
// SM4, portable lane "sm4-portable": bit-sliced, constant time
// (GB/T 32907-2016).
//
// Up to sixteen blocks go through the 32 rounds together.  Each of the
// four state words X0..X3 is held as eight 64-bit planes: bit 4*j + k of
// plane b is bit 8k + b of the word of block j (byte k counted from the
// least significant end).  In this layout the word rotations of the linear
// transform L (§6.2) are plane renamings plus a rotation inside each 4-bit
// group, and the round key is a per-plane mask.
//
// The S-box (§6.2, the 256-entry table) is computed without a table from
// its algebraic form S(x) = A(I(A(x) + c) ) + c, I the inversion in
// GF(2^8) modulo x^8+x^7+x^6+x^5+x^4+x^2+1, A the circulant matrix of
// 0xA7, c = 0xD3 (Liu et al., "Reversely constructing the SMS4 S-box").
// Mapping that field onto AES's by an isomorphism turns I into the AES
// inversion, so the S-box becomes
//   S(x) = N * S_AES(M * x + c1) + c2
// with S_AES the bit-sliced Boyar-Peralta AES S-box circuit of the AES
// lane (aes_bitslice.h), and M, N, c1, c2 the 8x8 bit matrices and
// constants below (M = Phi A, N = A Phi^-1 A_AES^-1 for the isomorphism
// Phi taking the SM4 field's generator to 0x23; checked against the
// standard table for all 256 inputs by the tests).
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/sm4.h"
#include "modes/xts_driver.h"
#include "portable/aes_bitslice.h"
#include "portable/bitslice8.h"
#include "util/batch.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {
namespace {

constexpr std::size_t kBatch = 16;  // blocks per bit-sliced pass

// Row i: which input bits feed output bit i.
constexpr std::uint8_t kPreRows[8] = {0x4c, 0x28, 0x7d, 0xb9, 0x1a, 0x22, 0x50, 0x5d};
constexpr std::uint8_t kPreConst = 0x3e;
constexpr std::uint8_t kPostRows[8] = {0x48, 0x0e, 0x4c, 0x47, 0x65, 0x1d, 0xba, 0xd3};
constexpr std::uint8_t kPostConst = 0x6c;

// out = rows * in + c on bit planes (public constants only).
template <class W>
inline void affine(const W in[8], W out[8], const std::uint8_t rows[8], std::uint8_t c) {
  for (int i = 0; i < 8; ++i) {
    W acc = ((c >> i) & 1) != 0 ? static_cast<W>(~W{0}) : W{0};
    for (int j = 0; j < 8; ++j)
      if (((rows[i] >> j) & 1) != 0) acc ^= in[j];
    out[i] = acc;
  }
}

// The S-box on every byte slot of the planes q[0..7].
template <class W>
inline void sbox_planes(W q[8]) {
  W t[8];
  affine(q, t, kPreRows, kPreConst);
  aes_bitslice::sub_bytes(t);
  affine(t, q, kPostRows, kPostConst);
}

// tau (§6.2): the S-box on the four bytes of a word (key schedule).
std::uint32_t tau(std::uint32_t x) {
  std::uint32_t q[8];
  for (int b = 0; b < 8; ++b) q[b] = (x >> b) & 0x01010101u;
  sbox_planes(q);
  std::uint32_t out = 0;
  for (int b = 0; b < 8; ++b) out |= (q[b] & 0x01010101u) << b;
  return out;
}

inline std::uint32_t rotl32(std::uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

// Rotates every 4-bit group of x left by s (0..3).
inline std::uint64_t nibble_rotl(std::uint64_t x, int s) {
  constexpr std::uint64_t kOnes = 0x1111111111111111ull;
  if (s == 0) return x;
  const std::uint64_t hi = kOnes * ((0xFu << s) & 0xFu);  // bits that stay in the group
  return ((x << s) & hi) | ((x >> (4 - s)) & ~hi);
}

// out ^= (the word in planes `in`) rotated left by R bits.
template <int R>
inline void xor_rotated(const std::uint64_t in[8], std::uint64_t out[8]) {
  for (int b = 0; b < 8; ++b) {
    const int to = (b + R % 8) % 8;
    const int byte_shift = (R / 8 + (b + R % 8) / 8) % 4;
    out[to] ^= nibble_rotl(in[b], byte_shift);
  }
}

// The round key word as plane masks: plane b gets bit 8k + b of rk in bit
// k of every 4-bit group.
inline std::uint64_t round_key_plane(std::uint32_t rk, int b) {
  const std::uint64_t n =
      ((rk >> b) & 1) | ((rk >> (7 + b)) & 2) | ((rk >> (14 + b)) & 4) | ((rk >> (21 + b)) & 8);
  return n * 0x1111111111111111ull;
}

// One round on the planes (§7.1): x0 ^= T(x1 ^ x2 ^ x3 ^ rk).
inline void round(std::uint64_t x0[8], const std::uint64_t x1[8], const std::uint64_t x2[8],
                  const std::uint64_t x3[8], std::uint32_t rk) {
  std::uint64_t t[8];
  for (int b = 0; b < 8; ++b) t[b] = x1[b] ^ x2[b] ^ x3[b] ^ round_key_plane(rk, b);
  sbox_planes(t);
  // L(B) = B ^ (B <<< 2) ^ (B <<< 10) ^ (B <<< 18) ^ (B <<< 24)
  for (int b = 0; b < 8; ++b) x0[b] ^= t[b];
  xor_rotated<2>(t, x0);
  xor_rotated<10>(t, x0);
  xor_rotated<18>(t, x0);
  xor_rotated<24>(t, x0);
}

// Encrypts (or, with a decryption schedule, decrypts) n <= 16 blocks of
// in[] into out[] (§7.1; the output is the reversed final words R).
void crypt_blocks(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                  std::size_t n) {
  std::uint64_t x[4][8];
  std::uint8_t buf[64];
  for (int w = 0; w < 4; ++w) {
    std::memset(buf, 0, sizeof buf);
    for (std::size_t j = 0; j < n; ++j)
      bytes::store_le32(buf + 4 * j, bytes::load_be32(in + 16 * j + 4 * w));
    bitslice8::slice(buf, x[w]);
  }
  for (int r = 0; r < 32; r += 4) {
    round(x[0], x[1], x[2], x[3], rk->rk[r]);
    round(x[1], x[2], x[3], x[0], rk->rk[r + 1]);
    round(x[2], x[3], x[0], x[1], rk->rk[r + 2]);
    round(x[3], x[0], x[1], x[2], rk->rk[r + 3]);
  }
  // R(X32..X35) = (X35, X34, X33, X32): x[3], x[2], x[1], x[0].
  for (int w = 0; w < 4; ++w) {
    bitslice8::unslice(x[3 - w], buf);
    for (std::size_t j = 0; j < n; ++j)
      bytes::store_be32(out + 16 * j + 4 * w, bytes::load_le32(buf + 4 * j));
  }
  wipe(x, sizeof x);
  wipe(buf, sizeof buf);
}

bool expand(Sm4RoundKeys* out, const std::uint8_t* key, std::size_t key_bytes, bool reverse) {
  if (key_bytes != kSm4KeyBytes) return false;
  std::uint32_t k[4];
  for (int i = 0; i < 4; ++i) k[i] = bytes::load_be32(key + 4 * i) ^ kSm4Fk[i];
  for (int i = 0; i < 32; ++i) {
    const std::uint32_t b = tau(k[(i + 1) % 4] ^ k[(i + 2) % 4] ^ k[(i + 3) % 4] ^ kSm4Ck.v[i]);
    k[i % 4] ^= b ^ rotl32(b, 13) ^ rotl32(b, 23);  // T' = L'(tau(.))
    out->rk[reverse ? 31 - i : i] = k[i % 4];
  }
  wipe(k, sizeof k);
  return true;
}

void ecb(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  while (blocks > 0) {
    const std::size_t n = blocks < kBatch ? blocks : kBatch;
    crypt_blocks(rk, in, out, n);
    advance_blocks(in, out, blocks, n);
  }
}

inline void xor16(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b) {
  for (int i = 0; i < 16; ++i) out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

void cbc_encrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  for (; blocks > 0; --blocks, in += 16, out += 16) {
    xor16(iv, iv, in);
    crypt_blocks(rk, iv, iv, 1);
    std::memcpy(out, iv, 16);
  }
}

void cbc_decrypt(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t iv[16]) {
  std::uint8_t ct[16 * kBatch], pt[16 * kBatch];
  while (blocks > 0) {
    const std::size_t n = blocks < kBatch ? blocks : kBatch;
    std::memcpy(ct, in, 16 * n);  // in place: keep the ciphertext for chaining
    crypt_blocks(rk, ct, pt, n);
    xor16(out, pt, iv);
    for (std::size_t j = 1; j < n; ++j) xor16(out + 16 * j, pt + 16 * j, ct + 16 * (j - 1));
    std::memcpy(iv, ct + 16 * (n - 1), 16);
    advance_blocks(in, out, blocks, n);
  }
  wipe(pt, sizeof pt);
}

// Keystream for n counter blocks, XORed into out; Inc advances a counter.
template <void (*Inc)(std::uint8_t*)>
void ctr_generic(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                 std::size_t blocks, std::uint8_t counter[16]) {
  std::uint8_t ctrs[16 * kBatch], ks[16 * kBatch];
  while (blocks > 0) {
    const std::size_t n = blocks < kBatch ? blocks : kBatch;
    for (std::size_t j = 0; j < n; ++j) {
      std::memcpy(ctrs + 16 * j, counter, 16);
      Inc(counter);
    }
    crypt_blocks(rk, ctrs, ks, n);
    for (std::size_t i = 0; i < 16 * n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
    advance_blocks(in, out, blocks, n);
  }
  wipe(ks, sizeof ks);
}

void increment_be128(std::uint8_t c[16]) {
  const std::uint64_t lo = bytes::load_be64(c + 8) + 1;
  bytes::store_be64(c + 8, lo);
  bytes::store_be64(c, bytes::load_be64(c) + (lo == 0 ? 1 : 0));
}

void increment_be32(std::uint8_t c[16]) {
  bytes::store_be32(c + 12, bytes::load_be32(c + 12) + 1);
}

void cbc_mac(const Sm4RoundKeys* rk, const std::uint8_t* in, std::size_t blocks,
             std::uint8_t mac[16]) {
  for (; blocks > 0; --blocks, in += 16) {
    xor16(mac, mac, in);
    crypt_blocks(rk, mac, mac, 1);
  }
}

template <void (*Double)(std::uint8_t*)>
void xts(const Sm4RoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
         std::uint8_t tweak[16]) {
  xts_batches<kBatch, Double>(in, out, blocks, tweak, [rk](std::uint8_t* buf, std::size_t n) {
    crypt_blocks(rk, buf, buf, n);
  });
}

}  // namespace

// clang-format off
const Sm4Kernel kSm4Portable = {
    {.lane = "sm4-portable", .required = 0, .set_encrypt_key = sm4_set_key<expand, false>,
     .set_decrypt_key = sm4_set_key<expand, true>, .ecb_encrypt = ecb, .ecb_decrypt = ecb,
     .cbc_encrypt = cbc_encrypt, .cbc_decrypt = cbc_decrypt,
     .ctr_encrypt = ctr_generic<increment_be128>, .ctr32_encrypt = ctr_generic<increment_be32>,
     .cbc_mac = cbc_mac, .xts_encrypt = xts<xts_multiply_alpha>,
     .xts_decrypt = xts<xts_multiply_alpha>},
    /*xts_gb_encrypt=*/xts<xts_gb_multiply_alpha>, /*xts_gb_decrypt=*/xts<xts_gb_multiply_alpha>};
// clang-format on

}  // namespace armaccel
