// SPDX-License-Identifier: Apache-2.0
// The block-cipher modes of SP 800-38A (ECB, CBC, CTR, OFB, CFB128) over a
// 16-byte block cipher whose kernel table has the shape of AesKernel
// (kernels/api/aes.h): the context of one operation and the mode's data
// path, BlockModeOps.  Buffering and padding (cipher_block_pad.h), TLS
// records (cipher_block_tls.h) and the EVP entry points (block_modes.h) are
// built on it.
//
// Traits supplies: Kernel, Schedule, kernel(const ProvCtx*), kName ("AES"),
// kKeyBitsInName (AES-128-CBC, but SM4-CBC).
#pragma once

#include <openssl/evp.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "prov_ctx.h"
#include "tls_cbc.h"

namespace armaccel::prov {

enum class BlockMode : unsigned {
  kEcb = EVP_CIPH_ECB_MODE,
  kCbc = EVP_CIPH_CBC_MODE,
  kCtr = EVP_CIPH_CTR_MODE,
  kOfb = EVP_CIPH_OFB_MODE,
  kCfb = EVP_CIPH_CFB_MODE,  // 128-bit feedback (CFB128)
};

constexpr bool is_stream_mode(BlockMode m) {
  return m == BlockMode::kCtr || m == BlockMode::kOfb || m == BlockMode::kCfb;
}

// "tls-mac" of the block modes, which take whole TLS CBC records
// (tls_cbc.h): the MAC of the last record decrypted, copied out in
// constant time, so the context holds it (kTlsMaxMacBytes).
struct TlsMacCopy {
  std::uint8_t bytes[kTlsMaxMacBytes];
  const std::uint8_t* data() const { return bytes; }
};

// "tls-mac" of the stream modes: a MAC-then-encrypt record's MAC is its
// public tail, so it is pointed at in the caller's output, as OpenSSL's
// default provider does; all zeros before any record.
struct TlsMacRef {
  const std::uint8_t* at;
  const std::uint8_t* data() const {
    static constexpr std::uint8_t kNone[kTlsMaxMacBytes] = {};
    return at != nullptr ? at : kNone;
  }
};

// The state of one cipher operation.  Plain data, so dupctx is a copy; the
// key, schedule and buffered data are wiped when it is freed.
template <class Traits, BlockMode Mode>
struct BlockModeCtx {
  const ProvCtx* prov;
  const typename Traits::Kernel* kernel;  // copied at newctx: a stream never changes lane
  typename Traits::Schedule schedule;     // round keys for `schedule_encrypts`' direction
  std::uint8_t key[32];                   // kept to re-expand if the direction changes
  std::uint8_t iv[16];                    // chaining value (CBC) or counter block (CTR)
  std::uint8_t oiv[16];                   // the IV given at init ("iv" parameter)
  std::uint8_t buf[16];                   // partial block (ECB/CBC) or keystream block (CTR)
  std::conditional_t<is_stream_mode(Mode), TlsMacRef, TlsMacCopy> tls_mac;
  std::size_t buf_len;
  std::size_t tls_mac_size;
  unsigned tls_version;
  unsigned num;  // keystream bytes of buf already used (CTR)
  bool enc;
  bool pad;
  bool key_set;
  bool iv_set;
  bool schedule_encrypts;
  bool finalized;
  bool use_bits;
  std::uint64_t bytes_in;  // given to update/cipher (ARMACCEL_TRACE reports it)
};

// The data path of one mode: key schedule and whole blocks (ECB, CBC) or
// any length (stream modes).  Lengths in bytes; in == out allowed.
template <class Traits, BlockMode Mode, std::size_t KeyBytes>
struct BlockModeOps {
  using Ctx = BlockModeCtx<Traits, Mode>;
  static_assert(KeyBytes <= sizeof(Ctx::key));

  static constexpr std::size_t kBlock = 16;
  // Blocks of OFB/CFB keystream made per kernel call (stack buffers).
  static constexpr std::size_t kFeedbackBlocks = 16;
  static constexpr bool kStream = is_stream_mode(Mode);
  static constexpr bool kFeedback = Mode == BlockMode::kOfb || Mode == BlockMode::kCfb;
  static constexpr std::size_t kIvBytes = Mode == BlockMode::kEcb ? 0 : 16;

  // ECB and CBC decryption run the inverse cipher; everything else the
  // forward cipher.
  static bool wants_encrypt_schedule(const Ctx* c) { return kStream || c->enc; }

  static bool expand_schedule(Ctx* c) {
    const bool encrypts = wants_encrypt_schedule(c);
    const bool ok = encrypts ? c->kernel->set_encrypt_key(&c->schedule, c->key, KeyBytes)
                             : c->kernel->set_decrypt_key(&c->schedule, c->key, KeyBytes);
    c->schedule_encrypts = encrypts;
    return ok;
  }

  // OFB and CFB (SP 800-38A §6.4, §6.3 with s = 128) over any length, as
  // OpenSSL's: iv holds the current keystream (OFB) or feedback (CFB)
  // block, num the bytes of it used.  Whole blocks go through the kernel's
  // chained modes, up to kFeedbackBlocks per call: the OFB keystream is the
  // CBC encryption of zero blocks; in CFB encryption keystream block i+1 is
  // the CBC encryption of plaintext block i chained on keystream block i
  // (the first that of a zero block chained on the feedback block); in CFB
  // decryption the keystream is the ECB encryption of the previous
  // ciphertext blocks.
  static void feedback_process(Ctx* c, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
    // The rest of the current block, byte by byte.
    for (; c->num != 0 && len != 0; --len) feedback_byte(c, *in++, out++);
    if (len >= kBlock) {
      std::uint8_t x[kFeedbackBlocks * kBlock], ks[kFeedbackBlocks * kBlock];
      while (len >= kBlock) {
        const std::size_t blocks = std::min(len / kBlock, kFeedbackBlocks), n = blocks * kBlock;
        feedback_keystream(c, in, x, ks, blocks);
        if constexpr (Mode == BlockMode::kCfb) {
          // The next feedback block: the last ciphertext block.
          std::memcpy(c->iv, c->enc ? ks + n - kBlock : in + n - kBlock, kBlock);
          if (c->enc)
            for (std::size_t i = 0; i < kBlock; ++i) c->iv[i] ^= in[n - kBlock + i];
        }
        for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i]);
        in += n;
        out += n;
        len -= n;
      }
      OPENSSL_cleanse(x, sizeof x);
      OPENSSL_cleanse(ks, sizeof ks);
    }
    for (; len != 0; --len) feedback_byte(c, *in++, out++);
  }

  // Keystream for `blocks` whole blocks of `in` from a block boundary into
  // ks (x: room for the kernel's input).  OFB advances c->iv to the last
  // keystream block; CFB leaves the feedback block to the caller.
  static void feedback_keystream(Ctx* c, const std::uint8_t* in, std::uint8_t* x, std::uint8_t* ks,
                                 std::size_t blocks) {
    const auto* k = c->kernel;
    const std::size_t n = blocks * kBlock;
    if constexpr (Mode == BlockMode::kOfb) {
      std::memset(x, 0, n);
      k->cbc_encrypt(&c->schedule, x, ks, blocks, c->iv);
    } else if (c->enc) {
      std::uint8_t chain[kBlock];
      std::memcpy(chain, c->iv, kBlock);
      std::memset(x, 0, kBlock);
      k->cbc_encrypt(&c->schedule, x, ks, 1, chain);
      if (blocks > 1) {
        std::memcpy(chain, ks, kBlock);
        k->cbc_encrypt(&c->schedule, in, ks + kBlock, blocks - 1, chain);
      }
    } else {
      std::memcpy(x, c->iv, kBlock);
      std::memcpy(x + kBlock, in, n - kBlock);
      k->ecb_encrypt(&c->schedule, x, ks, blocks);
    }
  }

  // One byte of OFB/CFB: a new keystream block first when the last one is used up.
  static void feedback_byte(Ctx* c, std::uint8_t x, std::uint8_t* out) {
    if (c->num == 0) c->kernel->ecb_encrypt(&c->schedule, c->iv, c->iv, 1);
    const std::uint8_t y = static_cast<std::uint8_t>(x ^ c->iv[c->num]);
    *out = y;
    if constexpr (Mode == BlockMode::kCfb) c->iv[c->num] = c->enc ? y : x;  // the ciphertext
    c->num = (c->num + 1) % kBlock;
  }

  // Whole blocks through the mode (len a multiple of 16; in == out allowed).
  static void process_blocks(Ctx* c, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
    const std::size_t blocks = len / kBlock;
    const auto* k = c->kernel;
    if constexpr (Mode == BlockMode::kEcb) {
      (c->enc ? k->ecb_encrypt : k->ecb_decrypt)(&c->schedule, in, out, blocks);
    } else if constexpr (Mode == BlockMode::kCbc) {
      (c->enc ? k->cbc_encrypt : k->cbc_decrypt)(&c->schedule, in, out, blocks, c->iv);
    } else if constexpr (kFeedback) {
      feedback_process(c, in, out, len);
    } else {
      k->ctr_encrypt(&c->schedule, in, out, blocks, c->iv);
    }
  }

  // The stream modes over any length.  CTR: leftover keystream first,
  // whole blocks, then a new keystream block for the tail; OFB and CFB:
  // feedback_process.
  static void stream_process(Ctx* c, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
    if constexpr (kFeedback) {
      feedback_process(c, in, out, len);
      return;
    }
    for (; c->num != 0 && len != 0; --len) {
      *out++ = static_cast<std::uint8_t>(*in++ ^ c->buf[c->num]);
      c->num = (c->num + 1) % kBlock;
    }
    const std::size_t whole = len - len % kBlock;
    if (whole != 0) {
      process_blocks(c, in, out, whole);
      in += whole;
      out += whole;
      len -= whole;
    }
    if (len != 0) {
      std::memset(c->buf, 0, kBlock);
      c->kernel->ctr_encrypt(&c->schedule, c->buf, c->buf, 1, c->iv);
      for (std::size_t i = 0; i < len; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ c->buf[i]);
      c->num = static_cast<unsigned>(len);
    }
  }
};

}  // namespace armaccel::prov
