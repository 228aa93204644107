// SPDX-License-Identifier: Apache-2.0
// What the AEAD ciphers (GCM, SP 800-38D; CCM, SP 800-38C;
// ChaCha20-Poly1305, RFC 8439) share, written once: the TLS 1.2 "tlsaad"
// record-length fix-up and its parameter (RFC 5288, RFC 6655, RFC 7905),
// the "iv" output, the tag comparison, and (for the streaming AEADs, GCM
// and ChaCha20-Poly1305) the update and final of a message.  Their
// parameter-list entries are in cipher_param_lists.h.
//
// AeadStream<P> is a policy-based mixin giving update_data (an update with
// data, AAD or text) and final (the OSSL_FUNC_cipher_final entry): P is
// the cipher class, whose Ctx has `prov` and `enc`, and which supplies
//   start_message(c)            derive the per-message state; false with
//                               an error queued
//   start_message_quietly(c)    the same without an error (for final)
//   reason(c, r)                the reason to raise for condition r (the
//                               default provider's for that cipher)
//   in_text(c)                  text has been processed (no more AAD)
//   absorb_aad(c, in, n)        false with an error queued
//   crypt_text(c, out, in, n)   false with an error queued
//   tls_pending(c)              a "tlsaad" record is awaiting its update
//   tag_expected(c)             decrypting: an expected tag was set
//   finish_tag(c, tag[16])      the message's tag; the IV or nonce is spent
//   keep_tag(c, tag)            encrypting: store it for "tag"
//   expected_tag(c), expected_tag_len(c), forget_expected_tag(c)
// Tags are at most 16 bytes; their comparison is constant time and only
// its verdict is made public.
#pragma once

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstddef>
#include <cstdint>

#include "cipher_checks.h"
#include "dispatch_util.h"
#include "errors.h"
#include "util/always_inline.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

inline constexpr std::size_t kAeadMaxTagBytes = 16;

// Constant-time tag check; the verdict is public (the message is accepted
// or refused).
inline bool aead_tags_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t len) {
  return ct::declassify_value(CRYPTO_memcmp(a, b, len) == 0);
}

// The 13-byte TLS 1.2 AAD's record length (its last two bytes, big-endian)
// less the explicit nonce and, when decrypting, the tag: the payload
// length, written back into aad.  False if the record is too short for them
// (aad is then left as it was).
inline bool aead_tls1_payload_length(std::uint8_t aad[EVP_AEAD_TLS1_AAD_LEN],
                                     std::size_t explicit_iv, std::size_t tag, bool enc,
                                     std::size_t* payload) {
  constexpr std::size_t kLen = EVP_AEAD_TLS1_AAD_LEN;
  std::size_t rec = static_cast<std::size_t>(aad[kLen - 2]) << 8 | aad[kLen - 1];
  if (rec < explicit_iv) return false;
  rec -= explicit_iv;
  if (!enc) {
    if (rec < tag) return false;
    rec -= tag;
  }
  aad[kLen - 2] = static_cast<std::uint8_t>(rec >> 8);
  aad[kLen - 1] = static_cast<std::uint8_t>(rec);
  *payload = rec;
  return true;
}

// The "tlsaad" parameter p (found by the caller's ParamScan; null when
// absent): TlsInit(c, data, size) returns the record's extra room (stored
// in c->tls_aad_pad, "tlsaadpad") or 0 for an invalid AAD (`invalid`:
// PROV_R_INVALID_AAD for GCM and CCM, PROV_R_INVALID_DATA for
// ChaCha20-Poly1305, as the default provider); a parameter that is not an
// octet string is PROV_R_FAILED_TO_GET_PARAMETER.
template <auto TlsInit, class Ctx>
ARMACCEL_ALWAYS_INLINE bool aead_set_tls_aad(Ctx* c, const OSSL_PARAM* p,
                                             Reason invalid = kErrInvalidAad) {
  if (p == nullptr) return true;
  if (!readable_octets(p)) return cipher_set_failed(c->prov);
  const std::size_t room = TlsInit(c, static_cast<const std::uint8_t*>(p->data), p->data_size);
  if (room == 0) return cipher_fail(c->prov, invalid);
  c->tls_aad_pad = room;
  return true;
}

// "iv" / "updated-iv": the len bytes of iv, into a parameter with room for
// them (else PROV_R_INVALID_IV_LENGTH) or an OCTET_PTR; false with an error
// queued.
inline bool aead_put_iv(const ProvCtx* prov, OSSL_PARAM* p, const std::uint8_t* iv,
                        std::size_t len) {
  if (p->data != nullptr && len > p->data_size) return cipher_fail(prov, kErrInvalidIvLength);
  if (!set_octets(p, iv, len, OctetOrder::kStringFirst)) return cipher_get_failed(prov);
  return true;
}

template <class P>
struct AeadStream {
  // An update with data (inl != 0, outside a TLS record): AAD when out is
  // NULL, else text.  A message that cannot go on (no key or IV, AAD after
  // text, too long) fails with P::kCannotContinue, the reason the default
  // provider's update gives (GCM: PROV_R_CIPHER_OPERATION_FAILED), or
  // armaccel's own where the default provider goes on regardless
  // (ChaCha20-Poly1305: kErrNone is never used there).
  template <class Ctx>
  static int update_data(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                         const unsigned char* in, std::size_t inl) {
    if (in == nullptr) return cipher_fail(c->prov, kErrNullParameter);
    if (!cipher_length_fits(c->prov, inl)) return 0;  // EVP reports lengths as int
    if (outsize < inl) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (!P::start_message(c)) return 0;
    if (out == nullptr) {  // AAD
      if (P::in_text(c)) return cipher_fail(c->prov, P::reason(c, kErrAadAfterData));
      if (!P::absorb_aad(c, in, inl)) return 0;
      *outl = inl;
      return 1;
    }
    if (!cipher_output_fits(c->prov, out, outsize, in, inl)) return 0;
    if (!P::crypt_text(c, out, in, inl)) return 0;
    *outl = inl;
    return 1;
  }

  // The tag: made and kept when encrypting; checked against the expected
  // one when decrypting, which must have been set (a message whose tag was
  // never checked is never accepted).  As in the default provider, a final
  // that fails leaves the error queue empty: applications read that as a
  // forged message (pyca/cryptography's InvalidTag).
  template <class Ctx>
  static int final(Ctx* c, unsigned char*, std::size_t* outl, std::size_t) noexcept {
    *outl = 0;
    if (P::tls_pending(c)) return 0;  // TLS records are one update each
    if (!P::start_message_quietly(c)) return 0;
    if (!c->enc && !P::tag_expected(c)) return 0;
    std::uint8_t tag[kAeadMaxTagBytes];
    P::finish_tag(c, tag);
    int ok = 1;
    if (c->enc) {
      P::keep_tag(c, tag);
    } else {
      ok = aead_tags_equal(tag, P::expected_tag(c), P::expected_tag_len(c)) ? 1 : 0;
      P::forget_expected_tag(c);  // the next message needs its own tag
    }
    OPENSSL_cleanse(tag, sizeof tag);
    return ok;
  }
};

}  // namespace armaccel::prov
