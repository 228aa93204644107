// SPDX-License-Identifier: Apache-2.0
// XTS driver (IEEE 1619 §5.3, SP 800-38E) as a stream: a data unit is fed in
// updates of any size and finished once.  The kernel processes whole blocks
// with the tweak carried (aes.h); this file keeps back what ciphertext
// stealing may need and applies stealing at the end.  Any split of a data
// unit into updates gives the same bytes as one update.
//
// Every full block is processed as soon as its 16 bytes have arrived, in
// one kernel call per update where the bytes allow (the multi-block path).
// The output of the last full block is held back until more data proves it
// is not the one ciphertext stealing rewrites, together with that block's
// input (decryption needs it) and the 0..15 bytes after it: at most 31
// bytes of a unit are held, 16..31 once 16 have arrived.
//
// Portable-only header (inline templates): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/aes.h"
#include "util/batch.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

// SP 800-38E / IEEE 1619-2018: at most 2^20 blocks per data unit.
inline constexpr std::uint64_t kXtsMaxDataUnitBytes = std::uint64_t{16} << 20;

struct XtsState {
  std::uint8_t tweak[16];     // tweak for the next block to process
  std::uint8_t last_out[16];  // output of the last full block, held back
  std::uint8_t last_in[16];   // that block's input (decryption)
  std::uint8_t part[16];      // bytes after it, not yet a whole block
  std::size_t part_len;       // 0..15
  std::uint64_t unit_bytes;   // bytes received in this data unit
  bool encrypt;
  bool gb;  // GB/T 17964-2021's tweak update instead of IEEE 1619's
};

// Starts a data unit: tweak = E_K2(iv) (IEEE 1619 §5.3.1 step 1).
// Kernel: a 128-bit block cipher's kernel table (AesKernel, Sm4Kernel) with
// ecb_encrypt, xts_encrypt and xts_decrypt over Schedule.
// gb selects GB/T 17964-2021's tweak update (kernels that have it: SM4).
template <class Kernel, class Schedule>
void xts_start(const Kernel* k, const Schedule* tweak_key, XtsState* s, const std::uint8_t iv[16],
               bool encrypt, bool gb = false) {
  std::memset(s, 0, sizeof *s);
  s->encrypt = encrypt;
  s->gb = gb;
  k->ecb_encrypt(tweak_key, iv, s->tweak, 1);
}

// The kernel function for the unit's direction and tweak rule.
template <class Kernel>
auto xts_process(const Kernel* k, const XtsState* s, bool encrypt) {
  if constexpr (requires { k->xts_gb_encrypt; }) {
    if (s->gb) return encrypt ? k->xts_gb_encrypt : k->xts_gb_decrypt;
  }
  return encrypt ? k->xts_encrypt : k->xts_decrypt;
}

// Bytes of the unit received but not yet output (0..31).
inline std::size_t xts_held_bytes(const XtsState* s) {
  return (s->unit_bytes >= 16 ? 16 : 0) + s->part_len;
}

// Bytes xts_update reports (and writes in order) for `len` more input.
inline std::size_t xts_update_output(const XtsState* s, std::size_t len) {
  const std::size_t blocks = (s->part_len + len) / 16;
  if (blocks == 0) return 0;
  return (s->unit_bytes >= 16 ? 16 : 0) + 16 * (blocks - 1);
}

// Bytes xts_update may write at out for `len` more input: its output and
// the provisional held-back block (0 when no block completes).
inline std::size_t xts_update_extent(const XtsState* s, std::size_t len) {
  return (s->part_len + len) / 16 == 0 ? 0 : xts_update_output(s, len) + 16;
}

// Processes every block completed by `in`, emits all but the last full
// block (xts_update_output(s, len) bytes at out), and keeps the rest.
// False if the data unit would pass 2^20 blocks (nothing is processed then).
//
// Besides the bytes it reports, it may write the 16 bytes that follow them
// (the held-back block, provisionally): out needs room for
// xts_update_output(s, len) + 16 bytes, which is never more than the space
// the rest of the unit's output occupies when outputs are laid end to end.
// out must not overlap in, except trailing it by at least
// xts_held_bytes(s) (in place: out = start + bytes emitted so far, in =
// start + bytes fed so far).
template <class Kernel, class Schedule>
bool xts_update(const Kernel* k, const Schedule* data_key, XtsState* s, const std::uint8_t* in,
                std::uint8_t* out, std::size_t len) {
  if (len > kXtsMaxDataUnitBytes - s->unit_bytes) return false;
  std::size_t blocks = (s->part_len + len) / 16;
  const bool held_block = s->unit_bytes >= 16;
  s->unit_bytes += len;
  if (blocks == 0) {
    if (len != 0) std::memcpy(s->part + s->part_len, in, len);  // (in may be null if len is 0)
    s->part_len += len;
    return true;
  }
  auto process = xts_process(k, s, s->encrypt);
  if (held_block) {
    std::memcpy(out, s->last_out, 16);  // not the last block after all
    out += 16;
  }
  if (s->part_len != 0) {
    // Complete the partial block from the input and process it on its own.
    const std::size_t take = 16 - s->part_len;
    std::memcpy(s->part + s->part_len, in, take);
    in += take;
    len -= take;
    s->part_len = 0;
    if (!s->encrypt) std::memcpy(s->last_in, s->part, 16);
    process(data_key, s->part, out, 1, s->tweak);
    out += 16;
    --blocks;
  }
  if (blocks != 0) {
    // Decryption keeps the last block's input for stealing (before an
    // in-place call overwrites it).
    if (!s->encrypt) std::memcpy(s->last_in, in + 16 * (blocks - 1), 16);
    process(data_key, in, out, blocks, s->tweak);
    out += 16 * blocks;
    in += 16 * blocks;
    len -= 16 * blocks;
  }
  std::memcpy(s->last_out, out - 16, 16);
  if (len != 0) std::memcpy(s->part, in, len);
  s->part_len = len;
  return true;
}

// T * alpha on a little-endian 128-bit tweak (IEEE 1619 §5.2), branch-free.
inline void xts_multiply_alpha(std::uint8_t t[16]) {
  const std::uint64_t lo = bytes::load_le64(t);
  const std::uint64_t hi = bytes::load_le64(t + 8);
  bytes::store_le64(t, (lo << 1) ^ ((0 - (hi >> 63)) & 0x87));
  bytes::store_le64(t + 8, (hi << 1) | (lo >> 63));
}

// T / alpha, the inverse: bit 0 tells whether 0x87 was folded in.
inline void xts_divide_alpha(std::uint8_t t[16]) {
  std::uint64_t lo = bytes::load_le64(t);
  const std::uint64_t hi = bytes::load_le64(t + 8);
  const std::uint64_t folded = 0 - (lo & 1);
  lo ^= folded & 0x87;
  bytes::store_le64(t, (lo >> 1) | (hi << 63));
  bytes::store_le64(t + 8, (hi >> 1) | (folded << 63));
}

// GB/T 17964-2021's T * alpha: the tweak a big-endian value in GCM's bit
// order, shifted right by one with 0xE1 folded into the first byte when
// the last bit was set; branch-free.
inline void xts_gb_multiply_alpha(std::uint8_t t[16]) {
  const std::uint64_t hi = bytes::load_be64(t);
  const std::uint64_t lo = bytes::load_be64(t + 8);
  const std::uint64_t fold = (0 - (lo & 1)) & 0xe100000000000000ull;
  bytes::store_be64(t, (hi >> 1) ^ fold);
  bytes::store_be64(t + 8, (lo >> 1) | (hi << 63));
}

// GB/T 17964-2021's T / alpha: the fold is visible in the top bit.
inline void xts_gb_divide_alpha(std::uint8_t t[16]) {
  std::uint64_t hi = bytes::load_be64(t);
  const std::uint64_t lo = bytes::load_be64(t + 8);
  const std::uint64_t folded = 0 - (hi >> 63);
  hi ^= folded & 0xe100000000000000ull;
  bytes::store_be64(t, (hi << 1) | (lo >> 63));
  bytes::store_be64(t + 8, (lo << 1) | (folded & 1));
}

// Completes the data unit: the held block, with ciphertext stealing when
// 1..15 bytes follow it (§5.3.2 / §5.4.2).  Writes 16..31 bytes to out and
// returns their count, or 0 if the unit is shorter than one block.
// A portable lane's XTS on whole blocks (IEEE 1619 §5.3.1; GB/T 17964-2021
// with Double = xts_gb_multiply_alpha), kBatch blocks to a pass: out_j =
// C(in_j ^ T) ^ T, then T = Double(T), where crypt_batch(buf, n) runs the
// cipher or its inverse (C) in place on the first n blocks of buf[16
// kBatch] (the rest is zero).  tweak[16] in and out as ChainedFn's chain.
template <std::size_t kBatch, void (*Double)(std::uint8_t t[16]), class CryptBatch>
void xts_batches(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                 std::uint8_t tweak[16], CryptBatch&& crypt_batch) {
  std::uint8_t buf[16 * kBatch], tweaks[16 * kBatch];
  while (blocks > 0) {
    const std::size_t n = blocks < kBatch ? blocks : kBatch;
    for (std::size_t j = 0; j < n; ++j) {
      std::memcpy(tweaks + 16 * j, tweak, 16);
      for (int i = 0; i < 16; ++i)
        buf[16 * j + i] = static_cast<std::uint8_t>(in[16 * j + i] ^ tweak[i]);
      Double(tweak);
    }
    if (n < kBatch) std::memset(buf + 16 * n, 0, 16 * (kBatch - n));
    crypt_batch(buf, n);
    for (std::size_t i = 0; i < 16 * n; ++i) out[i] = static_cast<std::uint8_t>(buf[i] ^ tweaks[i]);
    advance_blocks(in, out, blocks, n);
  }
  wipe(buf, sizeof buf);
  wipe(tweaks, sizeof tweaks);
}

template <class Kernel, class Schedule>
std::size_t xts_finish(const Kernel* k, const Schedule* data_key, XtsState* s, std::uint8_t* out) {
  if (s->unit_bytes < 16) return 0;
  const std::size_t r = s->part_len;
  if (r == 0) {
    std::memcpy(out, s->last_out, 16);
  } else if (s->encrypt) {
    // CC = E_{T(m-1)}(P(m-1)) is the held output; C(m) = CC[0..r),
    // C(m-1) = E_{T(m)}(P(m) || CC[r..16)).
    std::uint8_t b[16];
    std::memcpy(b, s->part, r);
    std::memcpy(b + r, s->last_out + r, 16 - r);
    xts_process(k, s, true)(data_key, b, out, 1, s->tweak);
    std::memcpy(out + 16, s->last_out, r);
    wipe(b, sizeof b);
  } else {
    // PP = D_{T(m)}(C(m-1)); P(m) = PP[0..r); P(m-1) = D_{T(m-1)}(C(m) || PP[r..16)).
    // The held output used T(m-1); the current tweak is T(m).
    std::uint8_t a[16], b[16], t_prev[16];
    std::memcpy(t_prev, s->tweak, 16);
    if (s->gb) {
      xts_gb_divide_alpha(t_prev);
    } else {
      xts_divide_alpha(t_prev);
    }
    const auto decrypt = xts_process(k, s, false);
    decrypt(data_key, s->last_in, a, 1, s->tweak);
    std::memcpy(b, s->part, r);
    std::memcpy(b + r, a + r, 16 - r);
    decrypt(data_key, b, out, 1, t_prev);
    std::memcpy(out + 16, a, r);
    wipe(a, sizeof a);
    wipe(b, sizeof b);
    wipe(t_prev, sizeof t_prev);
  }
  const std::size_t n = 16 + r;
  wipe(s, sizeof *s);
  return n;
}

}  // namespace armaccel
