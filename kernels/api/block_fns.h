// SPDX-License-Identifier: Apache-2.0
// What the block-cipher kernel tables (aes.h, sm4.h) share, over the
// cipher's key schedule type S: the entry types, and the table of the
// entries every 16-byte block cipher has.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cpu/cpu_features.h"

namespace armaccel {

// Key expansion from key_bytes bytes of key: false (rk unspecified) for an
// unsupported length.
template <class S>
using SetKeyFn = bool (*)(S* rk, const std::uint8_t* key, std::size_t key_bytes);

// Independent blocks: `blocks` 16-byte blocks from in to out.
template <class S>
using BlocksFn = void (*)(const S* rk, const std::uint8_t* in, std::uint8_t* out,
                          std::size_t blocks);

// Blocks with a 16-byte chaining value carried in and out: the CBC IV, the
// CTR counter block or the XTS tweak.
template <class S>
using ChainedFn = void (*)(const S* rk, const std::uint8_t* in, std::uint8_t* out,
                           std::size_t blocks, std::uint8_t chain[16]);

// CBC-MAC chaining: mac = E(mac ^ block) for each of `blocks` blocks of in.
template <class S>
using CbcMacFn = void (*)(const S* rk, const std::uint8_t* in, std::size_t blocks,
                          std::uint8_t mac[16]);

// The table a lane of a 16-byte block cipher fills (AesKernel and
// Sm4Kernel build on it), so the mode templates of provider/dispatch
// (ECB/CBC/CTR, GCM, CCM, XTS) serve every cipher alike.  A lane expands a
// key into S in its own private layout, so a key schedule must only be
// used with the lane that made it.  Kernels take whole blocks and carry the
// chaining value (CBC IV, CTR counter block, XTS tweak) in and out, so
// splitting a message into several calls gives the same bytes as one call;
// padding, partial blocks and buffering live in the mode code above.
//
// Common contract of the block functions:
//   - `blocks` is a count of 16-byte blocks; 0 is allowed and does nothing;
//   - `in == out` (in place) is allowed; other overlap is not;
//   - no alignment is required of in, out or the chaining value;
//   - constant time with respect to keys and data.
template <class S>
struct BlockCipherKernel {
  const char* lane;      // e.g. "aes-ce", "sm4-portable"
  CpuFeatures required;  // features the lane's instructions need

  // Key expansion for encryption, and for decryption (the cipher's header
  // gives the standard and the key lengths); for an unsupported key length
  // returns false and leaves `rk` unspecified.
  SetKeyFn<S> set_encrypt_key;
  SetKeyFn<S> set_decrypt_key;

  // ECB (SP 800-38A §6.1): each block independently, with an encryption or
  // a decryption schedule respectively.
  BlocksFn<S> ecb_encrypt;
  BlocksFn<S> ecb_decrypt;

  // CBC (SP 800-38A §6.2).  iv[16] holds the chaining value in and the last
  // ciphertext block out.
  ChainedFn<S> cbc_encrypt;  // iv[16]
  ChainedFn<S> cbc_decrypt;  // iv[16]

  // CTR (SP 800-38A §6.5) with the whole 16-byte counter block taken as one
  // 128-bit big-endian integer, incremented once per block and wrapping
  // modulo 2^128 (OpenSSL's AES-*-CTR and SM4-CTR).  counter[16] is
  // advanced by `blocks`.  Encryption schedule.
  ChainedFn<S> ctr_encrypt;  // counter[16]

  // GCTR as GCM uses it (SP 800-38D §6.5, inc32): only the last 32 bits of
  // the counter block are incremented, big-endian, modulo 2^32; the first 96
  // bits never change.  counter[16] is advanced by `blocks`.  Encryption
  // schedule.
  ChainedFn<S> ctr32_encrypt;  // counter[16]

  // CBC-MAC chaining (SP 800-38B §6.2, SP 800-38C §6.1): for each block,
  // mac = E(mac ^ block).  No output is written.  Encryption schedule.
  CbcMacFn<S> cbc_mac;

  // XTS on whole blocks (IEEE 1619 §5.3.1, SP 800-38E):
  // out_j = E_K1(in_j ^ T) ^ T (decryption: D_K1), then T = T * alpha in
  // GF(2^128) with the tweak as a little-endian 128-bit value.  tweak[16] is
  // the encrypted tweak (E_K2(i) for the data unit) in, and the tweak for
  // the next block out, so a data unit can be processed in any number of
  // calls.  Ciphertext stealing lives in the mode code (xts_driver.h).
  // The schedule is the data key's: encryption schedule for xts_encrypt,
  // decryption schedule for xts_decrypt.
  ChainedFn<S> xts_encrypt;  // tweak[16]
  ChainedFn<S> xts_decrypt;  // tweak[16]
};

}  // namespace armaccel
