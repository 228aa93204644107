// SPDX-License-Identifier: Apache-2.0
// The block modes' (ECB, CBC) buffering and PKCS#7 padding, with the EVP
// semantics of OpenSSL's default provider (ciphercommon.c): partial blocks
// buffered across updates, padding on or off ("padding"), the last block
// held back when decrypting with padding, and the final block padded
// (encrypt) or checked and stripped in constant time (decrypt, "bad
// decrypt").  Ops is a BlockModeOps (cipher_block_mode.h); lengths are in
// bytes, blocks 16 bytes.
#pragma once

#include <openssl/crypto.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "dispatch/common/cipher_checks.h"
#include "dispatch/common/dispatch_util.h"
#include "errors.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

template <class Ops>
struct BlockPadding {
  using Ctx = typename Ops::Ctx;
  static constexpr std::size_t kBlock = Ops::kBlock;

  // One update outside the TLS record mode.  inl == 0 still runs the plan
  // below: with padding now off, a block held back by an earlier update is
  // released, as in OpenSSL.
  static int update(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize,
                    const std::uint8_t* in, std::size_t inl) {
    if (in == nullptr && inl != 0) return cipher_fail(c->prov, kErrNullParameter);
    // Plan the call before touching anything.
    const std::size_t fill =
        c->buf_len != 0 ? (inl < kBlock - c->buf_len ? inl : kBlock - c->buf_len) : 0;
    const std::size_t rest = inl - fill;
    const bool buf_full = c->buf_len != 0 && c->buf_len + fill == kBlock;
    const bool flush = buf_full && (c->enc || rest > 0 || !c->pad);
    std::size_t whole = rest - rest % kBlock;
    if (!c->enc && c->pad && whole != 0 && whole == rest)
      whole -= kBlock;  // hold the last block back
    const std::size_t trailing = rest - whole;
    const std::size_t out_len = (flush ? kBlock : 0) + whole;
    if (out_len > outsize || (out_len != 0 && out == nullptr))
      return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (out_len > static_cast<std::size_t>(INT_MAX)) return cipher_fail(c->prov, kErrOutputTooLong);
    // Output must either stream in step with the input (in place) or not
    // touch the input still to be read.
    const std::uint8_t* read_from = in + fill;
    const std::uint8_t* write_from = out + (flush ? kBlock : 0);
    if (read_from != write_from && ranges_overlap(out, out_len, read_from, whole + trailing))
      return cipher_fail(c->prov, kErrPartiallyOverlapping);

    if (fill != 0) {
      std::memcpy(c->buf + c->buf_len, in, fill);
      c->buf_len += fill;
      in += fill;
    }
    if (flush) {
      Ops::process_blocks(c, c->buf, out, kBlock);
      out += kBlock;
      c->buf_len = 0;
    }
    if (whole != 0) {
      Ops::process_blocks(c, in, out, whole);
      in += whole;
    }
    if (trailing != 0) {
      std::memcpy(c->buf, in, trailing);
      c->buf_len = trailing;
    }
    *outl = out_len;
    return 1;
  }

  // PKCS#7 check of the last decrypted block without branching on its
  // bytes: returns the number of plaintext bytes, or -1.  The verdict and
  // the length are public once computed (final fails or returns them).
  static int unpad_block(const std::uint8_t block[kBlock]) {
    const unsigned n = block[kBlock - 1];
    unsigned bad = ((n - 1u) >> 8) & 1u;  // n == 0
    bad |= ((16u - n) >> 8) & 1u;         // n > 16
    for (unsigned i = 0; i < kBlock; ++i) {
      const unsigned in_pad = (((15u - i) - n) >> 8) & 1u;  // i >= 16 - n
      const unsigned differs = (((block[i] ^ n) + 0xFFu) >> 8) & 1u;
      bad |= in_pad & differs;
    }
    return ct::declassify_value(bad) != 0 ? -1 : static_cast<int>(kBlock - ct::declassify_value(n));
  }

  // The last block: padded and encrypted, or decrypted, checked and
  // stripped.  *outl is 0 on entry.
  static int final(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize) {
    if (c->enc) {
      if (c->pad) {
        const std::size_t n = kBlock - c->buf_len;
        std::memset(c->buf + c->buf_len, static_cast<int>(n), n);
      } else if (c->buf_len == 0) {
        return 1;
      } else {
        return cipher_fail(c->prov, kErrWrongFinalBlockLength);
      }
      if (outsize < kBlock || out == nullptr) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
      Ops::process_blocks(c, c->buf, out, kBlock);
      c->buf_len = 0;
      *outl = kBlock;
      return 1;
    }
    if (c->buf_len != kBlock) {
      if (c->buf_len == 0 && !c->pad) return 1;
      return cipher_fail(c->prov, kErrWrongFinalBlockLength);
    }
    Ops::process_blocks(c, c->buf, c->buf, kBlock);
    c->buf_len = 0;
    int n = kBlock;
    if (c->pad) {
      n = unpad_block(c->buf);
      if (n < 0) {
        OPENSSL_cleanse(c->buf, kBlock);
        return cipher_fail(c->prov, kErrBadDecrypt);
      }
    }
    if (outsize < static_cast<std::size_t>(n) || (n != 0 && out == nullptr)) {
      OPENSSL_cleanse(c->buf, kBlock);
      return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    }
    std::memcpy(out, c->buf, static_cast<std::size_t>(n));
    OPENSSL_cleanse(c->buf, kBlock);
    *outl = static_cast<std::size_t>(n);
    return 1;
  }
};

}  // namespace armaccel::prov
