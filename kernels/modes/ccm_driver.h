// SPDX-License-Identifier: Apache-2.0
// CCM driver (NIST SP 800-38C): formatting of B0 and the AAD (§A.2),
// CBC-MAC and the counter blocks, for one message whose payload length is
// fixed before any data (as CCM requires).  The block cipher kernel does
// whole blocks (cbc_mac, ctr_encrypt, ecb_encrypt).  The AAD is given in one
// call, the payload in one call.
//
// Portable-only header (inline templates): not for extension-flag lane files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "util/wipe.h"

namespace armaccel {

struct CcmState {
  std::uint8_t b0[16];   // flags || nonce || payload length
  std::uint8_t mac[16];  // CBC-MAC chaining value
  std::uint64_t payload_bytes;
  unsigned l;  // bytes of the length/counter field, 2..8 (nonce = 15 - l)
  unsigned m;  // tag bytes, 4..16 even
  bool mac_started;
  bool aad_done;
  bool payload_done;
};

// Checks the parameters and formats B0 (without the Adata flag yet).  False
// if l is outside 2..8, m outside {4, 6, .., 16}, or the length does not
// fit in l bytes.
inline bool ccm_start(CcmState* s, const std::uint8_t* nonce, unsigned l, unsigned m,
                      std::uint64_t payload_bytes) {
  if (l < 2 || l > 8 || m < 4 || m > 16 || (m & 1) != 0) return false;
  if (l < 8 && payload_bytes >> (8 * l) != 0) return false;
  std::memset(s, 0, sizeof *s);
  s->l = l;
  s->m = m;
  s->payload_bytes = payload_bytes;
  s->b0[0] = static_cast<std::uint8_t>(((m - 2) / 2) << 3 | (l - 1));
  std::memcpy(s->b0 + 1, nonce, 15 - l);
  for (unsigned i = 0; i < l; ++i)
    s->b0[15 - i] = static_cast<std::uint8_t>(payload_bytes >> (8 * i));
  return true;
}

template <class Kernel, class Schedule>
void ccm_begin_mac(const Kernel* k, const Schedule* rk, CcmState* s, bool with_aad) {
  if (s->mac_started) return;
  if (with_aad) s->b0[0] |= 0x40;  // Adata
  k->cbc_mac(rk, s->b0, 1, s->mac);
  s->mac_started = true;
}

// CBC-MAC over data zero-padded to a whole number of blocks.
template <class Kernel, class Schedule>
void ccm_mac_padded(const Kernel* k, const Schedule* rk, CcmState* s, const std::uint8_t* data,
                    std::size_t len) {
  k->cbc_mac(rk, data, len / 16, s->mac);
  if (len % 16 != 0) {
    std::uint8_t last[16] = {};
    std::memcpy(last, data + len - len % 16, len % 16);
    k->cbc_mac(rk, last, 1, s->mac);
    wipe(last, sizeof last);
  }
}

// The associated data, all of it (§A.2.2 length encoding).  Once per
// message, before the payload; false if called again or after the payload.
template <class Kernel, class Schedule>
bool ccm_aad(const Kernel* k, const Schedule* rk, CcmState* s, const std::uint8_t* aad,
             std::size_t len) {
  if (s->aad_done || s->mac_started || s->payload_done) return false;
  s->aad_done = true;
  if (len == 0) return true;
  ccm_begin_mac(k, rk, s, true);
  std::uint8_t first[16] = {};
  std::size_t prefix;
  const std::uint64_t a = len;
  if (a < 0xff00) {
    first[0] = static_cast<std::uint8_t>(a >> 8);
    first[1] = static_cast<std::uint8_t>(a);
    prefix = 2;
  } else if (a >> 32 == 0) {
    first[0] = 0xff;
    first[1] = 0xfe;
    for (int i = 0; i < 4; ++i) first[2 + i] = static_cast<std::uint8_t>(a >> (24 - 8 * i));
    prefix = 6;
  } else {
    first[0] = 0xff;
    first[1] = 0xff;
    for (int i = 0; i < 8; ++i) first[2 + i] = static_cast<std::uint8_t>(a >> (56 - 8 * i));
    prefix = 10;
  }
  const std::size_t take = len < 16 - prefix ? len : 16 - prefix;
  std::memcpy(first + prefix, aad, take);
  k->cbc_mac(rk, first, 1, s->mac);
  ccm_mac_padded(k, rk, s, aad + take, len - take);
  return true;
}

// Counter block A_i (§A.3): flags (l - 1) || nonce || i.
inline void ccm_counter(const CcmState* s, std::uint64_t i, std::uint8_t a[16]) {
  std::memcpy(a, s->b0, 16);
  a[0] = static_cast<std::uint8_t>(s->l - 1);
  for (unsigned j = 0; j < s->l; ++j) a[15 - j] = static_cast<std::uint8_t>(i >> (8 * j));
}

// The whole payload; len must equal the length given to ccm_start, and only
// one call per message (false otherwise).  Encryption MACs the plaintext
// then encrypts; decryption decrypts then MACs the result.  in == out
// allowed.
template <class Kernel, class Schedule>
bool ccm_crypt(const Kernel* k, const Schedule* rk, CcmState* s, bool encrypt,
               const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
  if (len != s->payload_bytes || s->payload_done) return false;
  s->aad_done = true;
  s->payload_done = true;
  ccm_begin_mac(k, rk, s, false);
  if (encrypt) ccm_mac_padded(k, rk, s, in, len);
  std::uint8_t ctr[16];
  ccm_counter(s, 1, ctr);
  k->ctr_encrypt(rk, in, out, len / 16, ctr);
  if (len % 16 != 0) {
    std::uint8_t ks[16] = {};
    k->ctr_encrypt(rk, ks, ks, 1, ctr);
    const std::size_t done = len - len % 16;
    for (std::size_t i = done; i < len; ++i)
      out[i] = static_cast<std::uint8_t>(in[i] ^ ks[i - done]);
    wipe(ks, sizeof ks);
  }
  if (!encrypt) ccm_mac_padded(k, rk, s, out, len);
  return true;
}

// The tag T ^ S0 (first m bytes written to tag).
template <class Kernel, class Schedule>
void ccm_tag(const Kernel* k, const Schedule* rk, CcmState* s, std::uint8_t* tag) {
  ccm_begin_mac(k, rk, s, false);
  std::uint8_t a0[16];
  ccm_counter(s, 0, a0);
  k->ecb_encrypt(rk, a0, a0, 1);
  for (unsigned i = 0; i < s->m; ++i) tag[i] = static_cast<std::uint8_t>(s->mac[i] ^ a0[i]);
  wipe(a0, sizeof a0);
}

}  // namespace armaccel
