// SPDX-License-Identifier: Apache-2.0
// GCM driver (NIST SP 800-38D §7): J0 from the IV, AAD and text in any
// number of calls of any length, tag.  The block cipher, GHASH and optional
// fused kernels do the work on whole blocks; this file handles partial
// blocks, lengths and ordering.  Plain data, so a context copy is a memcpy.
//
// Portable-only header (inline templates): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/aes.h"
#include "api/gcm.h"
#include "api/ghash.h"
#include "api/sm4.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

// SP 800-38D §5.2.1.1 limits: plaintext at most 2^39 - 256 bits, AAD below
// 2^64 bits.
inline constexpr std::uint64_t kGcmMaxTextBytes = (std::uint64_t{1} << 36) - 32;
inline constexpr std::uint64_t kGcmMaxAadBytes = (std::uint64_t{1} << 61) - 1;

// The kernels one GCM key uses.  Block is a 128-bit block cipher's kernel
// table (AesKernel, Sm4Kernel) with set_encrypt_key, ecb_encrypt and
// ctr32_encrypt over its Schedule; Fused a matching fused kernel table.
template <class Block, class Schedule, class Fused>
struct GcmLanesT {
  using BlockKernel = Block;
  using ScheduleType = Schedule;
  const Block* block;
  const GhashKernel* ghash;
  const Fused* fused;  // may be null
};

template <class Schedule>
struct GcmKeyT {
  Schedule rk;    // encryption schedule
  GhashKey hkey;  // from H = E_K(0^128)
};

// The Fused type of a block cipher that has no fused GCM lane (the pointer
// is always null).
template <class Schedule>
struct NoFusedGcm {
  const char* lane;
  GcmFusedFn<Schedule> encrypt;
  GcmFusedFn<Schedule> decrypt;
};

using GcmLanes = GcmLanesT<AesKernel, AesRoundKeys, GcmKernel>;
using GcmKey = GcmKeyT<AesRoundKeys>;
using Sm4GcmLanes = GcmLanesT<Sm4Kernel, Sm4RoundKeys, NoFusedGcm<Sm4RoundKeys>>;

struct GcmState {
  std::uint8_t counter[16];  // next counter block (inc32 from J0)
  std::uint8_t xi[16];       // GHASH accumulator
  std::uint8_t ek_j0[16];    // E_K(J0), the tag mask
  std::uint8_t keystream[16];
  std::uint8_t partial[16];  // bytes of the current AAD or ciphertext block
  std::uint64_t aad_bytes;
  std::uint64_t text_bytes;
  unsigned partial_len;  // 0..15
  bool in_text;          // AAD is closed once text has started
};

// Expands the key and derives H.  key_bytes 16, 24 or 32.
template <class Lanes>
bool gcm_set_key(const Lanes& lanes, GcmKeyT<typename Lanes::ScheduleType>* key,
                 const std::uint8_t* k, std::size_t key_bytes) {
  if (!lanes.block->set_encrypt_key(&key->rk, k, key_bytes)) return false;
  std::uint8_t h[16] = {};
  lanes.block->ecb_encrypt(&key->rk, h, h, 1);
  lanes.ghash->init(&key->hkey, h);
  wipe(h, sizeof h);
  return true;
}

// Starts a message with an IV of any length >= 1 (§7.1 step 2): 96-bit IVs
// give J0 = IV || 0^31 || 1, others J0 = GHASH(IV || pad || [len(IV)]_64).
template <class Lanes>
void gcm_start(const Lanes& lanes, const GcmKeyT<typename Lanes::ScheduleType>* key, GcmState* s,
               const std::uint8_t* iv, std::size_t iv_bytes) {
  std::memset(s, 0, sizeof *s);
  std::uint8_t j0[16] = {};
  if (iv_bytes == 12) {
    std::memcpy(j0, iv, 12);
    j0[15] = 1;
  } else {
    const std::size_t whole = iv_bytes / 16;
    lanes.ghash->update(&key->hkey, j0, iv, whole);
    std::uint8_t last[16] = {};
    if (iv_bytes % 16 != 0) {
      std::memcpy(last, iv + 16 * whole, iv_bytes % 16);
      lanes.ghash->update(&key->hkey, j0, last, 1);
    }
    std::memset(last, 0, sizeof last);
    bytes::store_be64(last + 8, static_cast<std::uint64_t>(iv_bytes) * 8);
    lanes.ghash->update(&key->hkey, j0, last, 1);
  }
  // E_K(J0) for the tag; the counter continues from inc32(J0).
  std::memcpy(s->counter, j0, 16);
  std::uint8_t zero[16] = {};
  lanes.block->ctr32_encrypt(&key->rk, zero, s->ek_j0, 1, s->counter);
  wipe(j0, sizeof j0);  // derived from H for IVs other than 96 bits
}

// Feeds the block collected in `partial` (zero padded) to GHASH.
template <class Lanes>
void gcm_flush_partial(const Lanes& lanes, const GcmKeyT<typename Lanes::ScheduleType>* key,
                       GcmState* s) {
  if (s->partial_len == 0) return;
  std::memset(s->partial + s->partial_len, 0, 16 - s->partial_len);
  lanes.ghash->update(&key->hkey, s->xi, s->partial, 1);
  s->partial_len = 0;
}

// Additional authenticated data; false once text has started or past the
// AAD length limit.
template <class Lanes>
bool gcm_aad(const Lanes& lanes, const GcmKeyT<typename Lanes::ScheduleType>* key, GcmState* s,
             const std::uint8_t* aad, std::size_t len) {
  if (s->in_text || len > kGcmMaxAadBytes - s->aad_bytes) return false;
  if (len == 0) return true;  // (aad may then be null)
  s->aad_bytes += len;
  if (s->partial_len != 0) {
    bytes::top_up(s->partial, s->partial_len, 16, aad, len);
    if (s->partial_len < 16) return true;
    lanes.ghash->update(&key->hkey, s->xi, s->partial, 1);
    s->partial_len = 0;
  }
  const std::size_t whole = len / 16;
  lanes.ghash->update(&key->hkey, s->xi, aad, whole);
  aad += 16 * whole;
  len -= 16 * whole;
  std::memcpy(s->partial, aad, len);
  s->partial_len = static_cast<unsigned>(len);
  return true;
}

// Encrypts (encrypt = true) or decrypts len bytes; in == out allowed.
// False past the plaintext length limit (nothing is processed then).
template <class Lanes>
bool gcm_crypt(const Lanes& lanes, const GcmKeyT<typename Lanes::ScheduleType>* key, GcmState* s,
               bool encrypt, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
  if (!s->in_text) {
    gcm_flush_partial(lanes, key, s);
    s->in_text = true;
  }
  if (len > kGcmMaxTextBytes - s->text_bytes) return false;
  s->text_bytes += len;
  // Finish the current block with its remaining keystream (partial_len
  // is 1..15 here; the bound is spelled out for GCC's overflow warning).
  while (s->partial_len != 0 && s->partial_len < 16 && len != 0) {
    const std::uint8_t c_in = *in++;
    const std::uint8_t c_out = static_cast<std::uint8_t>(c_in ^ s->keystream[s->partial_len]);
    *out++ = c_out;
    s->partial[s->partial_len++] = encrypt ? c_out : c_in;
    --len;
    if (s->partial_len == 16) {
      lanes.ghash->update(&key->hkey, s->xi, s->partial, 1);
      s->partial_len = 0;
    }
  }
  const std::size_t whole = len / 16;
  if (whole != 0) {
    if (lanes.fused != nullptr) {
      (encrypt ? lanes.fused->encrypt : lanes.fused->decrypt)(&key->rk, &key->hkey, in, out, whole,
                                                              s->counter, s->xi);
    } else if (encrypt) {
      lanes.block->ctr32_encrypt(&key->rk, in, out, whole, s->counter);
      lanes.ghash->update(&key->hkey, s->xi, out, whole);
    } else {
      lanes.ghash->update(&key->hkey, s->xi, in, whole);
      lanes.block->ctr32_encrypt(&key->rk, in, out, whole, s->counter);
    }
    in += 16 * whole;
    out += 16 * whole;
    len -= 16 * whole;
  }
  if (len != 0) {
    std::uint8_t zero[16] = {};
    lanes.block->ctr32_encrypt(&key->rk, zero, s->keystream, 1, s->counter);
    for (std::size_t i = 0; i < len; ++i) {
      const std::uint8_t c_out = static_cast<std::uint8_t>(in[i] ^ s->keystream[i]);
      s->partial[i] = encrypt ? c_out : in[i];
      out[i] = c_out;
    }
    s->partial_len = static_cast<unsigned>(len);
  }
  return true;
}

// The full 16-byte tag (§7.1 steps 5-6); callers truncate.
template <class Lanes>
void gcm_tag(const Lanes& lanes, const GcmKeyT<typename Lanes::ScheduleType>* key, GcmState* s,
             std::uint8_t tag[16]) {
  gcm_flush_partial(lanes, key, s);
  std::uint8_t lengths[16];
  bytes::store_be64(lengths, s->aad_bytes * 8);
  bytes::store_be64(lengths + 8, s->text_bytes * 8);
  lanes.ghash->update(&key->hkey, s->xi, lengths, 1);
  for (int i = 0; i < 16; ++i) tag[i] = static_cast<std::uint8_t>(s->xi[i] ^ s->ek_j0[i]);
}

}  // namespace armaccel
