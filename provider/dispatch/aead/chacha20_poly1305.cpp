// SPDX-License-Identifier: Apache-2.0
// ChaCha20-Poly1305 (RFC 8439 §2.8) as OpenSSL's "ChaCha20-Poly1305"
// cipher: 32-byte key, 12-byte nonce (the only IV length, as in OpenSSL
// 3.0+), 16-byte tag, AAD through update with a NULL output, the tag got
// after encrypting and set before the decrypt final, and the TLS 1.2 record
// path libssl drives ("tlsivfixed", then per record "tlsaad" with the
// sequence number XORed into the nonce as RFC 7905 says, and one update over
// payload || tag).  TLS 1.3 re-inits with a new nonce per record.
//
// Deliberately stricter than OpenSSL's default provider, where it would
// accept or produce something unsafe:
//  - a decrypt final fails unless a tag was set and matches (OpenSSL 3.0
//    accepts a message whose tag was never set);
//  - only whole 16-byte tags are accepted for checking (no truncation);
//  - data or final without a nonce, or a second message under the same
//    nonce after final, is refused ("iv not set") instead of reusing it;
//  - AAD after text, a message past the 32-bit block counter
//    (2^32 - 1 blocks), partially overlapping buffers are errors.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <type_traits>

#include "capabilities.h"
#include "dispatch/common/aead_base.h"
#include "dispatch/common/cipher_base.h"
#include "dispatch/common/cipher_checks.h"
#include "dispatch/common/cipher_param_lists.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "modes/chacha20_driver.h"
#include "modes/poly1305_driver.h"
#include "prov_ctx.h"
#include "util/bytes.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

namespace {

constexpr std::size_t kNonceBytes = 12;
constexpr std::size_t kTagBytes = kPoly1305TagBytes;
constexpr std::size_t kNoTls = ~std::size_t{0};
// RFC 8439 §2.8: the 32-bit block counter starts at 1 for the text.
constexpr std::uint64_t kMaxTextBytes = (std::uint64_t{1} << 32) * kChachaBlockBytes - 64;

enum class Phase : unsigned char {
  kNoNonce,  // no nonce yet
  kReady,    // nonce set, message not started
  kAad,      // message started, AAD being absorbed
  kText,     // text being processed
  kDone,     // final done: the nonce is spent
};

enum class TagState : unsigned char { kNone, kComputed, kExpected };

class Chacha20Poly1305Cipher : public CipherBase<Chacha20Poly1305Cipher>,
                               AeadStream<Chacha20Poly1305Cipher> {
 public:
  struct Ctx {
    const ProvCtx* prov;
    const ChachaKernel* chacha;  // lanes fixed at newctx
    const Poly1305Kernel* poly;
    ChachaStream stream;  // key, and counter/nonce of the next text block
    Poly1305Mac mac;
    std::uint8_t nonce[kNonceBytes];  // from the IV or "tlsivfixed"
    std::uint8_t tag[kTagBytes];      // computed (encrypt) or expected (decrypt)
    std::uint8_t tls_aad[EVP_AEAD_TLS1_AAD_LEN];
    std::uint64_t aad_len;
    std::uint64_t text_len;
    std::size_t tls_payload;  // kNoTls outside a TLS record
    std::size_t tls_aad_pad;  // "tlsaadpad"
    std::size_t taglen;       // "taglen" as reported
    std::uint64_t bytes_in;   // given to update/cipher (ARMACCEL_TRACE reports it)
    Phase phase;
    TagState tag_state;
    bool enc;
    bool key_set;
  };

  static constexpr CipherInfo kInfo = {0, kChachaKeyBytes, kNonceBytes, 1, true, true};
  friend class CipherBase<Chacha20Poly1305Cipher>;
  friend struct AeadStream<Chacha20Poly1305Cipher>;

 private:
  static constexpr char kName[] = "ChaCha20-Poly1305";

  static void setup(Ctx* c) {
    c->chacha = c->prov->kernels.chacha20;
    c->poly = c->prov->kernels.poly1305;
    c->tls_payload = kNoTls;
    c->taglen = kTagBytes;
    c->phase = Phase::kNoNonce;
    c->tag_state = TagState::kNone;
    if (c->prov->trace) {
      char lanes[64];
      std::snprintf(lanes, sizeof lanes, "%s + %s", c->chacha->lane, c->poly->lane);
      trace_new_context(c->prov, kName, lanes);
    }
  }

  static bool init(Ctx* c, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                   std::size_t ivlen, bool enc) {
    if (iv != nullptr && ivlen != kNonceBytes) return cipher_fail(c->prov, kErrInvalidIvLength);
    if (key != nullptr && keylen != kChachaKeyBytes)
      return cipher_fail(c->prov, kErrInvalidKeyLength);
    if (c->enc != enc) c->tag_state = TagState::kNone;  // a tag belongs to one direction
    c->enc = enc;
    c->tls_payload = kNoTls;
    // A re-init ends a message in progress.  Before any text it may start
    // again under the same nonce (nothing was released); once text was
    // released under the nonce, restarting would repeat its keystream, so
    // the nonce is spent and a new one is required.
    if (c->phase == Phase::kAad) c->phase = Phase::kReady;
    if (c->phase == Phase::kText) c->phase = Phase::kDone;
    if (iv != nullptr) {
      std::memcpy(c->nonce, iv, kNonceBytes);
      c->phase = Phase::kReady;
      // An encryption tag belongs to the message of the previous nonce.
      if (c->enc && c->tag_state == TagState::kComputed) c->tag_state = TagState::kNone;
    }
    if (key != nullptr) {
      chacha_stream_set_key(&c->stream, key);
      c->key_set = true;
    }
    return true;
  }

  // Counter 0 under `nonce` gives the Poly1305 one-time key (§2.6); the
  // text starts at counter 1.
  static void start_with_nonce(Ctx* c, const std::uint8_t nonce[kNonceBytes]) {
    c->stream.iv[0] = 0;
    for (int i = 0; i < 3; ++i) c->stream.iv[1 + i] = bytes::load_le32(nonce + 4 * i);
    c->stream.left = 0;
    std::uint8_t block[kChachaBlockBytes] = {};
    c->chacha->xor_blocks(c->stream.key, c->stream.iv, block, block, 1);  // counter -> 1
    poly1305_start(c->poly, &c->mac, block);
    OPENSSL_cleanse(block, sizeof block);
    c->aad_len = 0;
    c->text_len = 0;
    c->phase = Phase::kAad;
  }

  // A message needs a key and an unspent nonce.  The default provider goes
  // on without them (an all-zero key, a repeated keystream): armaccel
  // refuses, with its reasons (docs/behaviour.md).
  static bool start_message(Ctx* c) {
    if (!c->key_set) return cipher_fail(c->prov, kErrNoKeySet);
    if (c->phase == Phase::kNoNonce || c->phase == Phase::kDone)
      return cipher_fail(c->prov, kErrIvNotSet);
    if (c->phase == Phase::kReady) start_with_nonce(c, c->nonce);
    return true;
  }
  static bool start_message_quietly(Ctx* c) {
    if (!c->key_set || c->phase == Phase::kNoNonce || c->phase == Phase::kDone) return false;
    if (c->phase == Phase::kReady) start_with_nonce(c, c->nonce);
    return true;
  }

  // Text of the message: encrypt then MAC the ciphertext, or MAC the
  // ciphertext then decrypt (in == out allowed).
  static void crypt_text_unchecked(Ctx* c, std::uint8_t* out, const std::uint8_t* in,
                                   std::size_t len) {
    if (c->phase == Phase::kAad) {
      poly1305_pad16(c->poly, &c->mac);  // pad16(AAD)
      c->phase = Phase::kText;
    }
    if (c->enc) {
      chacha_stream_xor(c->chacha, &c->stream, out, in, len);
      poly1305_update(c->poly, &c->mac, out, len);
    } else {
      poly1305_update(c->poly, &c->mac, in, len);
      chacha_stream_xor(c->chacha, &c->stream, out, in, len);
    }
    c->text_len += len;
  }

  // pad16(text), the two lengths, and the tag (§2.8).
  static void finish_tag(Ctx* c, std::uint8_t tag[kTagBytes]) {
    poly1305_pad16(c->poly, &c->mac);
    std::uint8_t lengths[16];
    bytes::store_le64(lengths, c->aad_len);
    bytes::store_le64(lengths + 8, c->text_len);
    poly1305_update(c->poly, &c->mac, lengths, sizeof lengths);
    poly1305_final(c->poly, &c->mac, tag);
    poly1305_wipe(&c->mac);
    c->phase = Phase::kDone;
  }

  // The AeadStream policy (common/aead_base.h).
  using AeadStream<Chacha20Poly1305Cipher>::final;  // final: the tag made or checked
  // Refusals the default provider does not have keep armaccel's reasons.
  static Reason reason(const Ctx*, Reason r) { return r; }
  static bool in_text(const Ctx* c) { return c->phase == Phase::kText; }
  static bool absorb_aad(Ctx* c, const std::uint8_t* in, std::size_t len) {
    poly1305_update(c->poly, &c->mac, in, len);
    c->aad_len += len;
    return true;
  }
  static bool crypt_text(Ctx* c, std::uint8_t* out, const std::uint8_t* in, std::size_t len) {
    if (c->text_len + len > kMaxTextBytes) return cipher_fail(c->prov, kErrMessageTooLong);
    crypt_text_unchecked(c, out, in, len);
    return true;
  }
  static bool tls_pending(const Ctx* c) { return c->tls_payload != kNoTls; }
  static bool tag_expected(const Ctx* c) { return c->tag_state == TagState::kExpected; }
  static void keep_tag(Ctx* c, const std::uint8_t tag[kTagBytes]) {
    std::memcpy(c->tag, tag, kTagBytes);
    c->tag_state = TagState::kComputed;
  }
  static const std::uint8_t* expected_tag(const Ctx* c) { return c->tag; }
  static std::size_t expected_tag_len(const Ctx*) { return kTagBytes; }
  static void forget_expected_tag(Ctx* c) { c->tag_state = TagState::kNone; }

  static int update(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    c->bytes_in += inl;
    *outl = 0;
    if (inl == 0) return 1;
    if (c->tls_payload != kNoTls) return tls_record(c, out, outl, outsize, in, inl);
    return AeadStream<Chacha20Poly1305Cipher>::update_data(c, out, outl, outsize, in, inl);
  }

  // One-shot EVP_Cipher: update when in != NULL, final otherwise (OpenSSL's
  // does nothing for a NULL input, leaving the tag unset or unchecked).
  static int cipher(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    if (in == nullptr) return final(c, out, outl, outsize);
    return update(c, out, outl, outsize, in, inl);
  }

  // "tlsaad": the 13-byte TLS 1.2 AAD.  Its sequence number (bytes 0..7)
  // is XORed into the last 8 bytes of the fixed nonce (RFC 7905 §2); when
  // decrypting, the record length is corrected for the tag.  Returns the
  // tag length ("tlsaadpad"), or 0 if invalid.
  static std::size_t tls_init(Ctx* c, const std::uint8_t* aad, std::size_t len) {
    if (len != EVP_AEAD_TLS1_AAD_LEN || !c->key_set || c->phase == Phase::kNoNonce) return 0;
    std::memcpy(c->tls_aad, aad, len);
    // No explicit nonce: the sequence number is in the AAD.
    return aead_tls1_payload_length(c->tls_aad, 0, kTagBytes, c->enc, &c->tls_payload) ? kTagBytes
                                                                                       : 0;
  }

  // A TLS 1.2 record: payload || tag in one update (in place or not).  As
  // in the default provider, a record of the wrong length or with a wrong
  // tag fails without an error.
  static int tls_record(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize,
                        const std::uint8_t* in, std::size_t inl) {
    const std::size_t plen = c->tls_payload;
    c->tls_payload = kNoTls;
    if (outsize < inl) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (in == nullptr || out == nullptr || (out != in && ranges_overlap(out, inl, in, inl))) {
      raise_error(c->prov, kErrInvalidTlsRecord);
      return 0;
    }
    if (inl != plen + kTagBytes) return 0;
    std::uint8_t nonce[kNonceBytes];
    std::memcpy(nonce, c->nonce, kNonceBytes);
    for (int i = 0; i < 8; ++i) nonce[4 + i] ^= c->tls_aad[i];
    start_with_nonce(c, nonce);
    poly1305_update(c->poly, &c->mac, c->tls_aad, EVP_AEAD_TLS1_AAD_LEN);
    c->aad_len = EVP_AEAD_TLS1_AAD_LEN;
    crypt_text_unchecked(c, out, in, plen);
    std::uint8_t tag[kTagBytes];
    finish_tag(c, tag);
    int ok = 1;
    if (c->enc) {
      std::memcpy(out + plen, tag, kTagBytes);
      *outl = inl;
    } else if (aead_tags_equal(tag, in + plen, kTagBytes)) {
      *outl = plen;
    } else {
      OPENSSL_cleanse(out, plen);  // release nothing of a forged record
      ok = 0;
    }
    OPENSSL_cleanse(tag, sizeof tag);
    return ok;
  }

  // The names get_ctx_params and set_ctx_params answer, each in one pass
  // (ParamScan); the order of the checks below is the order of the errors.
  static constexpr const char* kGetNames[] = {
      OSSL_CIPHER_PARAM_IVLEN, OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_AEAD_TAGLEN,
      OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, OSSL_CIPHER_PARAM_AEAD_TAG};
  static int get_ctx_params(Ctx* c, OSSL_PARAM params[]) noexcept {
    const ParamScan<OSSL_PARAM, std::size(kGetNames)> f(params, kGetNames);
    if (!put_size(f[0], kNonceBytes) || !put_size(f[1], kChachaKeyBytes) ||
        !put_size(f[2], c->taglen) || !put_size(f[3], c->tls_aad_pad))
      return cipher_get_failed(c->prov);
    if (OSSL_PARAM* p = f[4]; p != nullptr) {
      if (p->data_type != OSSL_PARAM_OCTET_STRING) return cipher_get_failed(c->prov);
      if (!c->enc || c->tag_state != TagState::kComputed)
        return cipher_fail(c->prov, kErrTagNotSet);
      const std::size_t sz = p->data != nullptr ? p->data_size : kTagBytes;
      if (sz == 0 || sz > kTagBytes) return cipher_fail(c->prov, kErrInvalidTagLength);
      if (!OSSL_PARAM_set_octet_string(p, c->tag, sz)) return cipher_get_failed(c->prov);
    }
    return 1;
  }

  static constexpr const char* kSetNames[] = {
      OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_AEAD_IVLEN, OSSL_CIPHER_PARAM_AEAD_TAG,
      OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED};
  static int set_ctx_params(Ctx* c, const OSSL_PARAM params[]) noexcept {
    const ParamScan<const OSSL_PARAM, std::size(kSetNames)> f(params, kSetNames);
    if (!fixed_size(c->prov, f[0], kChachaKeyBytes, kErrInvalidKeyLength, true) ||
        !fixed_size(c->prov, f[1], kNonceBytes, kErrInvalidIvLength, true))
      return 0;
    if (const OSSL_PARAM* p = f[2]; p != nullptr) {
      if (p->data_type != OSSL_PARAM_OCTET_STRING) return cipher_set_failed(c->prov);
      if (p->data_size == 0 || p->data_size > kTagBytes)
        return cipher_fail(c->prov, kErrInvalidTagLength);
      if (p->data == nullptr) {
        // A tag length only (EVP's SET_TAG with no buffer when encrypting).
        c->taglen = p->data_size;
      } else {
        if (c->enc) return cipher_fail(c->prov, kErrTagNotNeeded);
        // Truncated tags (the default provider takes 1..15 bytes) are refused.
        if (p->data_size != kTagBytes) return cipher_fail(c->prov, kErrInvalidTagLength);
        std::memcpy(c->tag, p->data, kTagBytes);
        c->tag_state = TagState::kExpected;
        c->taglen = kTagBytes;
      }
    }
    if (!aead_set_tls_aad<&tls_init>(c, f[3], kErrInvalidData)) return 0;
    if (const OSSL_PARAM* p = f[4]; p != nullptr) {
      if (!readable_octets(p)) return cipher_set_failed(c->prov);
      if (p->data_size != kNonceBytes) return cipher_fail(c->prov, kErrInvalidIvLength);
      std::memcpy(c->nonce, p->data, kNonceBytes);
      c->phase = Phase::kReady;
    }
    return 1;
  }

  // The context parameters (common/cipher_param_lists.h).
  static constexpr auto kGettable =
      cipher_param_list(kParamKeylen, kParamIvlen, kParamTagLen, kParamTag, kParamTlsAadPad);
  static constexpr auto kSettable =
      cipher_param_list(kParamKeylen, kParamIvlen, kParamTag, kParamTlsAad, kParamTlsIvFixed);
};

}  // namespace

const OSSL_DISPATCH* const kChacha20Poly1305Functions = Chacha20Poly1305Cipher::kDispatch;

}  // namespace armaccel::prov
