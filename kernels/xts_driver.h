// XTS driver (IEEE 1619 §5.3, SP 800-38E) as a stream: a data unit is fed in
// updates of any size and finished once.  The kernel processes whole blocks
// with the tweak carried (aes.h); this file keeps back what ciphertext
// stealing may need -- the last full block and any partial one, 16..31 bytes
// once at least 16 have arrived -- and applies stealing at the end.  Any
// split of a data unit into updates gives the same bytes as one update.
//
// Portable-only header (inline templates): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "aes.h"
#include "bytes.h"
#include "wipe.h"

namespace armaccel {

// SP 800-38E / IEEE 1619-2018: at most 2^20 blocks per data unit.
inline constexpr std::uint64_t kXtsMaxDataUnitBytes = std::uint64_t{16} << 20;

struct XtsState {
  std::uint8_t tweak[16];    // tweak for the next block to process
  std::uint8_t held[32];     // bytes kept back for ciphertext stealing
  std::size_t held_len;      // 0..31
  std::uint64_t unit_bytes;  // bytes received in this data unit
  bool encrypt;
};

// Starts a data unit: tweak = E_K2(iv) (IEEE 1619 §5.3.1 step 1).
// Kernel: a 128-bit block cipher's kernel table (AesKernel, later SM4) with
// ecb_encrypt, xts_encrypt and xts_decrypt over Schedule.
template <class Kernel, class Schedule>
void xts_start(const Kernel* k, const Schedule* tweak_key, XtsState* s, const std::uint8_t iv[16],
               bool encrypt) {
  std::memset(s, 0, sizeof *s);
  s->encrypt = encrypt;
  k->ecb_encrypt(tweak_key, iv, s->tweak, 1);
}

// Bytes xts_update would write for `len` more input.
inline std::size_t xts_update_output(const XtsState* s, std::size_t len) {
  const std::size_t avail = s->held_len + len;
  return avail >= 32 ? 16 * ((avail - 16) / 16) : 0;
}

// Processes every block that is followed by at least 16 more bytes, keeps
// the rest (16..31 bytes once 16 have arrived).  Writes
// xts_update_output(s, len) bytes to out.  False if the data unit would pass
// 2^20 blocks (nothing is processed then).  out must not overlap in unless
// out == in and nothing is held.
template <class Kernel, class Schedule>
bool xts_update(const Kernel* k, const Schedule* data_key, XtsState* s, const std::uint8_t* in,
                std::uint8_t* out, std::size_t len) {
  if (len > kXtsMaxDataUnitBytes - s->unit_bytes) return false;
  s->unit_bytes += len;
  auto process = s->encrypt ? k->xts_encrypt : k->xts_decrypt;
  std::size_t blocks = xts_update_output(s, len) / 16;
  // Held bytes first: at most one full block plus a partial one.
  if (blocks != 0 && s->held_len >= 16) {
    process(data_key, s->held, out, 1, s->tweak);
    out += 16;
    --blocks;
    s->held_len -= 16;
    std::memmove(s->held, s->held + 16, s->held_len);
  }
  if (blocks != 0 && s->held_len != 0) {
    const std::size_t take = 16 - s->held_len;
    std::memcpy(s->held + s->held_len, in, take);
    process(data_key, s->held, out, 1, s->tweak);
    out += 16;
    in += take;
    len -= take;
    --blocks;
    s->held_len = 0;
  }
  if (blocks != 0) {
    process(data_key, in, out, blocks, s->tweak);
    in += 16 * blocks;
    len -= 16 * blocks;
  }
  std::memcpy(s->held + s->held_len, in, len);
  s->held_len += len;
  return true;
}

// T * alpha on a little-endian 128-bit tweak (IEEE 1619 §5.2), branch-free.
inline void xts_multiply_alpha(std::uint8_t t[16]) {
  const std::uint64_t lo = bytes::load_le64(t);
  const std::uint64_t hi = bytes::load_le64(t + 8);
  bytes::store_le64(t, (lo << 1) ^ ((0 - (hi >> 63)) & 0x87));
  bytes::store_le64(t + 8, (hi << 1) | (lo >> 63));
}

// Completes the data unit: the held 16..31 bytes, with ciphertext stealing
// when they are not a whole block (§5.3.2 / §5.4.2).  Writes held bytes to
// out and returns their count, or 0 if the unit is shorter than one block.
template <class Kernel, class Schedule>
std::size_t xts_finish(const Kernel* k, const Schedule* data_key, XtsState* s, std::uint8_t* out) {
  const std::size_t n = s->held_len;
  if (s->unit_bytes < 16 || n < 16) return 0;
  const std::size_t r = n - 16;  // bytes of the partial last block
  std::uint8_t a[16], b[16];
  if (r == 0) {
    (s->encrypt ? k->xts_encrypt : k->xts_decrypt)(data_key, s->held, out, 1, s->tweak);
  } else if (s->encrypt) {
    // CC = E_{T(m-1)}(P(m-1)); C(m) = CC[0..r); C(m-1) = E_{T(m)}(P(m) || CC[r..16)).
    k->xts_encrypt(data_key, s->held, a, 1, s->tweak);
    std::memcpy(b, s->held + 16, r);
    std::memcpy(b + r, a + r, 16 - r);
    k->xts_encrypt(data_key, b, out, 1, s->tweak);
    std::memcpy(out + 16, a, r);
  } else {
    // PP = D_{T(m)}(C(m-1)); P(m) = PP[0..r); P(m-1) = D_{T(m-1)}(C(m) || PP[r..16)).
    std::uint8_t t_last[16];
    std::memcpy(t_last, s->tweak, 16);
    xts_multiply_alpha(s->tweak);
    k->xts_decrypt(data_key, s->held, a, 1, s->tweak);
    std::memcpy(b, s->held + 16, r);
    std::memcpy(b + r, a + r, 16 - r);
    k->xts_decrypt(data_key, b, out, 1, t_last);
    std::memcpy(out + 16, a, r);
    wipe(t_last, sizeof t_last);
  }
  wipe(a, sizeof a);
  wipe(b, sizeof b);
  wipe(s->held, sizeof s->held);
  s->held_len = 0;
  return n;
}

}  // namespace armaccel
