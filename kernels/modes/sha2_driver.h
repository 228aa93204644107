// SPDX-License-Identifier: Apache-2.0
// Merkle-Damgard driver for SHA-2 (FIPS 180-4 §5.1.1, §5.1.2, §6): buffers a
// partial block, counts the message length, pads and writes the digest.  The
// compression itself is the lane's kernel (sha2.h), passed per call, so the
// state is plain data (copyable at any point, e.g. for TLS transcripts).
//
// Portable-only header (inline templates): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/sha2.h"
#include "util/bytes.h"
#include "util/wipe.h"

namespace armaccel {

// Initial hash values (FIPS 180-4 §5.3).
extern const std::uint32_t kSha224Iv[8];
extern const std::uint32_t kSha256Iv[8];
extern const std::uint64_t kSha384Iv[8];
extern const std::uint64_t kSha512Iv[8];
extern const std::uint64_t kSha512_224Iv[8];
extern const std::uint64_t kSha512_256Iv[8];

template <class Word>
struct Sha2Traits;

template <>
struct Sha2Traits<std::uint32_t> {
  static constexpr std::size_t kBlockBytes = kSha256BlockBytes;
  static constexpr std::size_t kLengthBytes = 8;  // 64-bit bit count (§5.1.1)
  using Kernel = Sha256Kernel;
};

template <>
struct Sha2Traits<std::uint64_t> {
  static constexpr std::size_t kBlockBytes = kSha512BlockBytes;
  static constexpr std::size_t kLengthBytes = 16;  // 128-bit bit count (§5.1.2)
  using Kernel = Sha512Kernel;
};

// Running state of one SHA-2 computation.  Trivially copyable.
template <class Word>
struct Sha2State {
  static constexpr std::size_t kBlockBytes = Sha2Traits<Word>::kBlockBytes;
  Word h[8];                         // intermediate hash value H
  std::uint8_t buffer[kBlockBytes];  // bytes not yet compressed
  std::size_t buffered;              // 0 .. kBlockBytes - 1
  std::uint64_t length_lo;           // message length in bytes, 128-bit
  std::uint64_t length_hi;
};

// Zeroises the whole state (wipe: the C library's memset, not removable).
template <class Word>
void sha2_wipe(Sha2State<Word>* s) {
  wipe(s, sizeof *s);
}

template <class Word>
void sha2_init(Sha2State<Word>* s, const Word iv[8]) {
  std::memcpy(s->h, iv, sizeof s->h);
  s->buffered = 0;
  s->length_lo = 0;
  s->length_hi = 0;
}

// Absorbs len bytes (any length, any split).  Kernel: a table whose
// compress(Word state[8], data, blocks) takes whole blocks (the SHA-2 lanes,
// and SM3's, which has SHA-256's block size, word size and padding).
template <class Word, class Kernel>
void sha2_update(Sha2State<Word>* s, const Kernel* kernel, const std::uint8_t* data,
                 std::size_t len) {
  constexpr std::size_t kBlock = Sha2State<Word>::kBlockBytes;
  const std::uint64_t before = s->length_lo;
  s->length_lo += len;
  s->length_hi += (s->length_lo < before) ? 1 : 0;
  if (s->buffered != 0) {
    bytes::top_up(s->buffer, s->buffered, kBlock, data, len);
    if (s->buffered < kBlock) return;
    kernel->compress(s->h, s->buffer, 1);
    s->buffered = 0;
  }
  const std::size_t blocks = len / kBlock;
  if (blocks != 0) {
    kernel->compress(s->h, data, blocks);
    data += blocks * kBlock;
    len -= blocks * kBlock;
  }
  if (len != 0) {
    std::memcpy(s->buffer, data, len);
    s->buffered = len;
  }
}

// Pads (a 1 bit, zeros, the bit length big-endian), compresses the last
// block(s) and writes the first digest_bytes bytes of H big-endian
// (truncation as §6.5-6.7).  digest_bytes <= 8 * sizeof(Word).
template <class Word, class Kernel>
void sha2_final(Sha2State<Word>* s, const Kernel* kernel, std::uint8_t* digest,
                std::size_t digest_bytes) {
  constexpr std::size_t kBlock = Sha2State<Word>::kBlockBytes;
  constexpr std::size_t kLen = Sha2Traits<Word>::kLengthBytes;
  std::size_t n = s->buffered;
  s->buffer[n++] = 0x80;
  if (n > kBlock - kLen) {
    std::memset(s->buffer + n, 0, kBlock - n);
    kernel->compress(s->h, s->buffer, 1);
    n = 0;
  }
  std::memset(s->buffer + n, 0, kBlock - n);
  const std::uint64_t bits_lo = s->length_lo << 3;
  const std::uint64_t bits_hi = (s->length_hi << 3) | (s->length_lo >> 61);
  bytes::store_be64(s->buffer + kBlock - 8, bits_lo);
  if (kLen == 16) bytes::store_be64(s->buffer + kBlock - 16, bits_hi);
  kernel->compress(s->h, s->buffer, 1);
  constexpr std::size_t kWord = sizeof(Word);
  const std::size_t whole = digest_bytes / kWord;
  for (std::size_t i = 0; i < whole; ++i) {
    if constexpr (kWord == 4) {
      bytes::store_be32(digest + 4 * i, s->h[i]);
    } else {
      bytes::store_be64(digest + 8 * i, s->h[i]);
    }
  }
  if (digest_bytes % kWord != 0) {  // SHA-512/224: half of the fourth word
    std::uint8_t last[kWord];
    if constexpr (kWord == 4) {
      bytes::store_be32(last, s->h[whole]);
    } else {
      bytes::store_be64(last, s->h[whole]);
    }
    std::memcpy(digest + kWord * whole, last, digest_bytes % kWord);
  }
  s->buffered = 0;
}

}  // namespace armaccel
