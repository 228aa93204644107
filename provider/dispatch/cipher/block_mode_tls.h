// SPDX-License-Identifier: Apache-2.0
// The TLS/SSL record mode libssl switches on with "tls-version" and
// "tls-mac-size" (docs/openssl-notes.md), for the block and stream modes of
// cipher_block_mode.h.  A block mode takes one whole CBC record per update,
// in place: padding added when encrypting; when decrypting, the padding
// checked and the MAC extracted in constant time (tls_cbc.h), with a
// secret stand-in MAC for bad padding so that a bad record cannot be told
// from a bad MAC.  A stream mode's MAC-then-encrypt record has its MAC as
// the public tail.  Ops is a BlockModeOps; lengths are in bytes.
#pragma once

#include <openssl/crypto.h>

#include <cstddef>
#include <cstdint>

#include "dispatch/common/cipher_checks.h"
#include "errors.h"
#include "tls_cbc.h"

namespace armaccel::prov {

// One TLS/SSL CBC record (ECB, CBC) per update, in place (libssl's
// contract).
template <class Ops>
int tls_block_record(typename Ops::Ctx* c, std::uint8_t* out, std::size_t* outl,
                     std::size_t outsize, const std::uint8_t* in, std::size_t inl) {
  static_assert(!Ops::kStream);
  if (in == nullptr || in != out || outsize < inl || !c->pad)
    return cipher_fail(c->prov, kErrCipherOperationFailed);
  if (c->enc) {
    inl = tls_add_padding(c->tls_version, out, inl, outsize, Ops::kBlock);
    if (inl == 0) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
  }
  if (inl % Ops::kBlock != 0) return cipher_fail(c->prov, kErrCipherOperationFailed);
  Ops::process_blocks(c, out, out, inl);
  if (c->enc) {
    *outl = inl;
    return 1;
  }
  // A secret, key-dependent stand-in MAC for records with bad padding.
  std::uint8_t fallback[kTlsMaxMacBytes] = {};
  c->kernel->ecb_decrypt(&c->schedule, fallback, fallback, kTlsMaxMacBytes / Ops::kBlock);
  std::size_t payload = 0;
  const bool ok = tls_remove_padding_and_mac(c->tls_version, out, inl, Ops::kBlock, c->tls_mac_size,
                                             fallback, c->tls_mac.bytes, &payload);
  OPENSSL_cleanse(fallback, sizeof fallback);
  if (!ok) return cipher_fail(c->prov, kErrCipherOperationFailed);
  *outl = payload;
  return 1;
}

// A stream mode's decrypted MAC-then-encrypt record of *outl bytes at out:
// its last tls_mac_size bytes are the MAC ("tls-mac"), the rest the
// payload.
template <class Ops>
int tls_stream_mac_tail(typename Ops::Ctx* c, const std::uint8_t* out, std::size_t* outl) {
  static_assert(Ops::kStream);
  if (*outl < c->tls_mac_size) return cipher_fail(c->prov, kErrCipherOperationFailed);
  *outl -= c->tls_mac_size;
  c->tls_mac.at = out + *outl;
  return 1;
}

}  // namespace armaccel::prov
