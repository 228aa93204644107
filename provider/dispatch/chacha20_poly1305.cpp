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

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "../capabilities.h"
#include "../errors.h"
#include "../prov_ctx.h"
#include "cipher_dispatch.h"
#include "cipher_params.h"
#include "dispatch_util.h"
#include "modes/chacha20_driver.h"
#include "modes/poly1305_driver.h"
#include "tables.h"
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

class Chacha20Poly1305Cipher {
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
  static_assert(std::is_trivially_copyable_v<Ctx>);

  static constexpr CipherInfo kInfo = {0, kChachaKeyBytes, kNonceBytes, 1, true, true};
  friend struct CipherDispatch<Chacha20Poly1305Cipher>;

 private:
  static constexpr char kName[] = "ChaCha20-Poly1305";

  static Ctx* self(void* vctx) { return static_cast<Ctx*>(vctx); }

  static void* newctx(void* provctx) noexcept {
    auto* prov = static_cast<const ProvCtx*>(provctx);
    auto* c = static_cast<Ctx*>(OPENSSL_zalloc(sizeof(Ctx)));
    if (c == nullptr) return nullptr;
    c->prov = prov;
    c->chacha = prov->kernels.chacha20;
    c->poly = prov->kernels.poly1305;
    c->tls_payload = kNoTls;
    c->taglen = kTagBytes;
    c->phase = Phase::kNoNonce;
    c->tag_state = TagState::kNone;
    if (prov->trace) {
      char lanes[64];
      std::snprintf(lanes, sizeof lanes, "%s + %s", c->chacha->lane, c->poly->lane);
      trace_new_context(prov, kName, lanes);
    }
    return c;
  }

  static void freectx(void* vctx) noexcept { free_cipher_ctx<Ctx>(vctx, kName); }

  static void* dupctx(void* vctx) noexcept { return dup_cipher_ctx<Ctx>(vctx); }

  static int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                  std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
    Ctx* c = self(vctx);
    if (iv != nullptr && ivlen != kNonceBytes) {
      raise_error(c->prov, kErrInvalidIvLength);
      return 0;
    }
    if (key != nullptr && keylen != kChachaKeyBytes) {
      raise_error(c->prov, kErrInvalidKeyLength);
      return 0;
    }
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
    return set_ctx_params(c, params);
  }

  static int einit(void* vctx, const unsigned char* key, std::size_t keylen,
                   const unsigned char* iv, std::size_t ivlen, const OSSL_PARAM params[]) noexcept {
    return init(vctx, key, keylen, iv, ivlen, params, true);
  }

  static int dinit(void* vctx, const unsigned char* key, std::size_t keylen,
                   const unsigned char* iv, std::size_t ivlen, const OSSL_PARAM params[]) noexcept {
    return init(vctx, key, keylen, iv, ivlen, params, false);
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

  static bool start_message(Ctx* c) {
    if (!c->key_set) {
      raise_error(c->prov, kErrNoKeySet);
      return false;
    }
    if (c->phase == Phase::kNoNonce || c->phase == Phase::kDone) {
      raise_error(c->prov, kErrIvNotSet);
      return false;
    }
    if (c->phase == Phase::kReady) start_with_nonce(c, c->nonce);
    return true;
  }

  // Text of the message: encrypt then MAC the ciphertext, or MAC the
  // ciphertext then decrypt (in == out allowed).
  static void crypt_text(Ctx* c, std::uint8_t* out, const std::uint8_t* in, std::size_t len) {
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

  static int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    c->bytes_in += inl;
    *outl = 0;
    if (inl == 0) return 1;
    if (c->tls_payload != kNoTls) return tls_record(c, out, outl, outsize, in, inl);
    if (in == nullptr) {
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    if (inl > static_cast<std::size_t>(INT_MAX)) {
      raise_error(c->prov, kErrOutputTooLong);  // EVP reports lengths as int
      return 0;
    }
    if (!start_message(c)) return 0;
    if (out == nullptr) {  // AAD
      if (c->phase == Phase::kText) {
        raise_error(c->prov, kErrAadAfterData);
        return 0;
      }
      poly1305_update(c->poly, &c->mac, in, inl);
      c->aad_len += inl;
      *outl = inl;
      return 1;
    }
    if (outsize < inl) {
      raise_error(c->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (out != in && ranges_overlap(out, inl, in, inl)) {
      raise_error(c->prov, kErrPartiallyOverlapping);
      return 0;
    }
    if (c->text_len + inl > kMaxTextBytes) {
      raise_error(c->prov, kErrMessageTooLong);
      return 0;
    }
    crypt_text(c, out, in, inl);
    *outl = inl;
    return 1;
  }

  static int final(void* vctx, unsigned char*, std::size_t* outl, std::size_t) noexcept {
    Ctx* c = self(vctx);
    *outl = 0;
    if (c->tls_payload != kNoTls) {
      raise_error(c->prov, kErrCipherOperationFailed);  // TLS records are one update each
      return 0;
    }
    if (!start_message(c)) return 0;
    if (!c->enc && c->tag_state != TagState::kExpected) {
      raise_error(c->prov, kErrTagNotSet);  // never accept a message whose tag was not checked
      return 0;
    }
    std::uint8_t tag[kTagBytes];
    finish_tag(c, tag);
    int ok = 1;
    if (c->enc) {
      std::memcpy(c->tag, tag, kTagBytes);
      c->tag_state = TagState::kComputed;
    } else {
      if (ct::declassify_value(CRYPTO_memcmp(tag, c->tag, kTagBytes) != 0)) {  // public verdict
        raise_error(c->prov, kErrTagMismatch);
        ok = 0;
      }
      c->tag_state = TagState::kNone;  // the next message needs its own tag
    }
    OPENSSL_cleanse(tag, sizeof tag);
    return ok;
  }

  // One-shot EVP_Cipher: update when in != NULL, final otherwise (OpenSSL's
  // does nothing for a NULL input, leaving the tag unset or unchecked).
  static int cipher(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    if (in == nullptr) return final(vctx, out, outl, outsize);
    return update(vctx, out, outl, outsize, in, inl);
  }

  // "tlsaad": the 13-byte TLS 1.2 AAD.  Its sequence number (bytes 0..7)
  // is XORed into the last 8 bytes of the fixed nonce (RFC 7905 §2); when
  // decrypting, the record length is corrected for the tag.  Returns the
  // tag length ("tlsaadpad"), or 0 if invalid.
  static std::size_t tls_init(Ctx* c, const std::uint8_t* aad, std::size_t len) {
    if (len != EVP_AEAD_TLS1_AAD_LEN || !c->key_set || c->phase == Phase::kNoNonce) return 0;
    std::memcpy(c->tls_aad, aad, len);
    std::size_t rec = static_cast<std::size_t>(aad[len - 2]) << 8 | aad[len - 1];
    if (!c->enc) {
      if (rec < kTagBytes) return 0;
      rec -= kTagBytes;
      c->tls_aad[len - 2] = static_cast<std::uint8_t>(rec >> 8);
      c->tls_aad[len - 1] = static_cast<std::uint8_t>(rec);
    }
    c->tls_payload = rec;
    return kTagBytes;
  }

  // A TLS 1.2 record: payload || tag in one update (in place or not).
  static int tls_record(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize,
                        const std::uint8_t* in, std::size_t inl) {
    const std::size_t plen = c->tls_payload;
    c->tls_payload = kNoTls;
    if (in == nullptr || out == nullptr || inl != plen + kTagBytes || outsize < inl ||
        (out != in && ranges_overlap(out, inl, in, inl))) {
      raise_error(c->prov, kErrInvalidTlsRecord);
      return 0;
    }
    std::uint8_t nonce[kNonceBytes];
    std::memcpy(nonce, c->nonce, kNonceBytes);
    for (int i = 0; i < 8; ++i) nonce[4 + i] ^= c->tls_aad[i];
    start_with_nonce(c, nonce);
    poly1305_update(c->poly, &c->mac, c->tls_aad, EVP_AEAD_TLS1_AAD_LEN);
    c->aad_len = EVP_AEAD_TLS1_AAD_LEN;
    crypt_text(c, out, in, plen);
    std::uint8_t tag[kTagBytes];
    finish_tag(c, tag);
    int ok = 1;
    if (c->enc) {
      std::memcpy(out + plen, tag, kTagBytes);
      *outl = inl;
    } else if (ct::declassify_value(CRYPTO_memcmp(tag, in + plen, kTagBytes) == 0)) {
      *outl = plen;
    } else {
      OPENSSL_cleanse(out, plen);  // release nothing of a forged record
      raise_error(c->prov, kErrTagMismatch);
      ok = 0;
    }
    OPENSSL_cleanse(tag, sizeof tag);
    return ok;
  }

  static int get_params(OSSL_PARAM params[]) noexcept { return get_cipher_params(params, kInfo); }

  static int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    OSSL_PARAM* p = nullptr;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != nullptr &&
        !OSSL_PARAM_set_size_t(p, kNonceBytes))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != nullptr &&
        !OSSL_PARAM_set_size_t(p, kChachaKeyBytes))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) != nullptr &&
        !OSSL_PARAM_set_size_t(p, c->taglen))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD)) != nullptr &&
        !OSSL_PARAM_set_size_t(p, c->tls_aad_pad))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG)) != nullptr) {
      if (p->data_type != OSSL_PARAM_OCTET_STRING) goto bad;
      if (!c->enc || c->tag_state != TagState::kComputed) {
        raise_error(c->prov, kErrTagNotSet);
        return 0;
      }
      const std::size_t sz = p->data != nullptr ? p->data_size : kTagBytes;
      if (sz == 0 || sz > kTagBytes) {
        raise_error(c->prov, kErrInvalidTagLength);
        return 0;
      }
      if (!OSSL_PARAM_set_octet_string(p, c->tag, sz)) goto bad;
    }
    return 1;
  bad:
    raise_error(c->prov, kErrFailedToGetParameter);
    return 0;
  }

  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    if (params == nullptr) return 1;
    const OSSL_PARAM* p = nullptr;
    std::size_t len = 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) != nullptr) {
      if (!OSSL_PARAM_get_size_t(p, &len)) goto bad;
      if (len != kChachaKeyBytes) {
        raise_error(c->prov, kErrInvalidKeyLength);
        return 0;
      }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN)) != nullptr) {
      if (!OSSL_PARAM_get_size_t(p, &len)) goto bad;
      if (len != kNonceBytes) {
        raise_error(c->prov, kErrInvalidIvLength);
        return 0;
      }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) != nullptr) {
      if (p->data_type != OSSL_PARAM_OCTET_STRING) goto bad;
      if (p->data == nullptr) {
        // A tag length only (EVP's SET_TAG with no buffer when encrypting).
        if (p->data_size == 0 || p->data_size > kTagBytes) {
          raise_error(c->prov, kErrInvalidTagLength);
          return 0;
        }
        c->taglen = p->data_size;
      } else {
        if (c->enc) {
          raise_error(c->prov, kErrTagNotNeeded);
          return 0;
        }
        if (p->data_size != kTagBytes) {
          raise_error(c->prov, kErrInvalidTagLength);
          return 0;
        }
        std::memcpy(c->tag, p->data, kTagBytes);
        c->tag_state = TagState::kExpected;
        c->taglen = kTagBytes;
      }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD)) != nullptr) {
      if (!readable_octets(p)) goto bad;
      const std::size_t pad = tls_init(c, static_cast<const std::uint8_t*>(p->data), p->data_size);
      if (pad == 0) {
        raise_error(c->prov, kErrInvalidAad);
        return 0;
      }
      c->tls_aad_pad = pad;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED)) != nullptr) {
      if (!readable_octets(p)) goto bad;
      if (p->data_size != kNonceBytes) {
        raise_error(c->prov, kErrInvalidIvLength);
        return 0;
      }
      std::memcpy(c->nonce, p->data, kNonceBytes);
      c->phase = Phase::kReady;
    }
    return 1;
  bad:
    raise_error(c->prov, kErrFailedToSetParameter);
    return 0;
  }

  static const OSSL_PARAM* gettable_params(void* provctx) noexcept {
    return cipher_gettable_params(provctx);
  }

  static const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, nullptr),
        OSSL_PARAM_END,
    };
    return kList;
  }

  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, nullptr, 0),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, nullptr, 0),
        OSSL_PARAM_END,
    };
    return kList;
  }
};

}  // namespace

const OSSL_DISPATCH* const kChacha20Poly1305Functions =
    CipherDispatch<Chacha20Poly1305Cipher>::kTable;

}  // namespace armaccel::prov
