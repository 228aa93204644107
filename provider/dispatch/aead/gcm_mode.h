// SPDX-License-Identifier: Apache-2.0
// GCM (NIST SP 800-38D) as an EVP cipher, with the semantics of OpenSSL's
// default provider (ciphercommon_gcm.c): IV states (buffered until the first
// update, finished after final so an IV is never reused by accident), ivlen
// set before or after the key, AAD through update with a NULL output, tags
// got after encryption and set before decrypting, a random IV when
// encrypting without one, and the TLS 1.2 record mode and IV generation that
// libssl drives ("tlsaad", "tlsivfixed", "tlsivgen", "tlsivinv").
//
// Errors as the default provider's: an update that cannot run fails with
// PROV_R_CIPHER_OPERATION_FAILED, a final that fails (a forged message, no
// tag set) leaves the queue empty.  Deliberate differences, all additive
// or stricter: IVs up to 288 bytes (OpenSSL: 128); tags of 4..16 bytes only
// (SP 800-38D §5.2.1.2; OpenSSL also takes 1..3); "iv-generated" is
// reported as in OpenSSL 3.2+; "iv" read before an encryption's first
// update gives the IV it will use (OpenSSL fails).
//
// Traits supplies: Lanes (a GcmLanesT), lanes(const ProvCtx*), kName,
// kKeyBitsInName (AES-128-GCM, but SM4-GCM).
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <climits>
#include <cstddef>
#include <cstdint>
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
#include "dispatch/common/random.h"
#include "errors.h"
#include "modes/gcm_driver.h"
#include "newer_core.h"
#include "prov_ctx.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

inline constexpr std::size_t kGcmMaxIvBytes = 288;
inline constexpr std::size_t kGcmDefaultIvBytes = 12;
inline constexpr std::size_t kGcmMinTagBytes = 4;
inline constexpr std::size_t kUnset = ~std::size_t{0};

enum class GcmIvState : unsigned char {
  kUninitialised,  // no IV yet: one is generated when encrypting
  kBuffered,       // IV stored, J0 not yet derived
  kCopied,         // message in progress
  kFinished,       // final done (or ivlen changed): a new IV is needed
};

template <class Traits, std::size_t KeyBytes>
class GcmCipher : public CipherBase<GcmCipher<Traits, KeyBytes>>,
                  AeadStream<GcmCipher<Traits, KeyBytes>> {
 public:
  using Lanes = typename Traits::Lanes;
  using Key = GcmKeyT<typename Lanes::ScheduleType>;

  struct Ctx {
    const ProvCtx* prov;
    Lanes lanes;  // fixed at newctx: a message never changes lane
    Key key;
    GcmState state;
    std::uint8_t iv[kGcmMaxIvBytes];
    std::uint8_t buf[16];  // computed tag (encrypt), expected tag (decrypt), or TLS AAD
    std::size_t ivlen;
    std::size_t taglen;       // kUnset until known
    std::size_t tls_aad_len;  // kUnset outside the TLS record mode
    std::size_t tls_aad_pad;  // "tlsaadpad"
    std::uint64_t tls_enc_records;
    std::uint64_t bytes_in;  // given to update/cipher (ARMACCEL_TRACE reports it)
    GcmIvState iv_state;
    bool enc;
    bool key_set;
    bool iv_gen;       // TLS fixed/invocation IV in use
    bool iv_gen_rand;  // the IV (or its invocation field) came from the DRBG
  };

  static constexpr CipherInfo kInfo = {
      EVP_CIPH_GCM_MODE, KeyBytes, kGcmDefaultIvBytes, 1, true, true};
  friend class CipherBase<GcmCipher>;
  friend struct AeadStream<GcmCipher>;

 private:
  static constexpr AlgName kName = family_alg_name<Traits>(KeyBytes, "GCM");

  static void setup(Ctx* c) {
    c->lanes = Traits::lanes(c->prov);
    c->ivlen = kGcmDefaultIvBytes;
    c->taglen = kUnset;
    c->tls_aad_len = kUnset;
    c->iv_state = GcmIvState::kUninitialised;
    trace_new_context(c->prov, kName.text,
                      c->lanes.fused != nullptr ? c->lanes.fused->lane : c->lanes.block->lane);
  }

  static bool init(Ctx* c, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                   std::size_t ivlen, bool enc) {
    if (c->enc && !enc) c->taglen = kUnset;  // an encryption's tag is no expected tag
    c->enc = enc;
    if (iv != nullptr) {
      if (ivlen == 0 || ivlen > kGcmMaxIvBytes) return cipher_fail(c->prov, kErrInvalidIvLength);
      c->iv_gen_rand = false;
      c->ivlen = ivlen;
      std::memcpy(c->iv, iv, ivlen);
      c->iv_state = GcmIvState::kBuffered;
    }
    if (key != nullptr) {
      if (keylen != KeyBytes) return cipher_fail(c->prov, kErrInvalidKeyLength);
      if (!gcm_set_key(c->lanes, &c->key, key, keylen))
        return cipher_fail(c->prov, kErrKeySetupFailed);
      c->key_set = true;
      c->tls_enc_records = 0;
      // A message in progress cannot continue under another key: it starts
      // again (the same IV, nothing of what came before).
      if (c->iv_state == GcmIvState::kCopied) c->iv_state = GcmIvState::kBuffered;
    }
    return true;
  }

  // A random IV (SP 800-38D §8.2.2), at least 96 bits, when encrypting
  // without one.
  static bool generate_iv(Ctx* c, std::size_t offset) {
    if (c->ivlen < kGcmDefaultIvBytes || offset >= c->ivlen) return false;
    if (!random_bytes(c->prov, c->iv + offset, c->ivlen - offset)) return false;
    c->iv_state = GcmIvState::kBuffered;
    c->iv_gen_rand = true;
    return true;
  }

  // Derives J0 from a buffered IV (or a generated one) before the first
  // AAD or text of a message; false if there is no key or IV for it.
  static bool start_message_quietly(Ctx* c) {
    if (!c->key_set || c->iv_state == GcmIvState::kFinished) return false;
    if (c->iv_state == GcmIvState::kUninitialised && (!c->enc || !generate_iv(c, 0))) return false;
    if (c->iv_state == GcmIvState::kBuffered) {
      gcm_start(c->lanes, &c->key, &c->state, c->iv, c->ivlen);
      c->iv_state = GcmIvState::kCopied;
    }
    return true;
  }
  static bool start_message(Ctx* c) {
    return start_message_quietly(c) || cipher_fail(c->prov, kErrCipherOperationFailed);
  }

  // The AeadStream policy (common/aead_base.h).  Every update that cannot
  // run fails with PROV_R_CIPHER_OPERATION_FAILED, as the default
  // provider's.
  using AeadStream<GcmCipher>::final;  // final: the tag made or checked
  static Reason reason(const Ctx*, Reason) { return kErrCipherOperationFailed; }
  static bool in_text(const Ctx* c) { return c->state.in_text; }
  static bool absorb_aad(Ctx* c, const std::uint8_t* in, std::size_t len) {
    if (gcm_aad(c->lanes, &c->key, &c->state, in, len)) return true;
    return cipher_fail(c->prov, kErrCipherOperationFailed);  // over 2^64 - 1 bits
  }
  static bool crypt_text(Ctx* c, std::uint8_t* out, const std::uint8_t* in, std::size_t len) {
    if (gcm_crypt(c->lanes, &c->key, &c->state, c->enc, in, out, len)) return true;
    return cipher_fail(c->prov, kErrCipherOperationFailed);  // over 2^39 - 256 bits
  }
  static bool tls_pending(const Ctx* c) { return c->tls_aad_len != kUnset; }
  static bool tag_expected(const Ctx* c) { return c->taglen != kUnset; }
  static void finish_tag(Ctx* c, std::uint8_t tag[16]) {
    gcm_tag(c->lanes, &c->key, &c->state, tag);
    c->iv_state = GcmIvState::kFinished;  // don't reuse the IV
  }
  static void keep_tag(Ctx* c, const std::uint8_t tag[16]) {
    std::memcpy(c->buf, tag, 16);
    c->taglen = 16;
  }
  static const std::uint8_t* expected_tag(const Ctx* c) { return c->buf; }
  static std::size_t expected_tag_len(const Ctx* c) { return c->taglen; }
  static void forget_expected_tag(Ctx* c) { c->taglen = kUnset; }

  static int update(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    c->bytes_in += inl;
    if (inl == 0) {
      *outl = 0;
      return 1;
    }
    if (c->tls_aad_len != kUnset) {
      if (outsize < inl) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
      return tls_record(c, out, outl, in, inl) || cipher_fail(c->prov, kErrCipherOperationFailed);
    }
    return AeadStream<GcmCipher>::update_data(c, out, outl, outsize, in, inl);
  }

  // One-shot EVP_Cipher: update when in != NULL, final otherwise.  Like
  // OpenSSL's, it reports the input length on success (EVP_Cipher returns
  // it), also for TLS records (libssl itself uses update, which reports the
  // payload), and a failure leaves no error of its own.
  static int cipher(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    if (outsize < inl) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (in == nullptr) return final(c, out, outl, outsize);
    c->bytes_in += inl;
    if (c->tls_aad_len != kUnset) {
      if (!tls_record(c, out, outl, in, inl)) return 0;
    } else if (inl != 0) {
      if (in == nullptr || inl > static_cast<std::size_t>(INT_MAX) ||
          (out != nullptr && out != in && ranges_overlap(out, inl, in, inl)) ||
          !start_message_quietly(c))
        return 0;
      const bool ok = out == nullptr
                          ? gcm_aad(c->lanes, &c->key, &c->state, in, inl)
                          : gcm_crypt(c->lanes, &c->key, &c->state, c->enc, in, out, inl);
      if (!ok) return 0;
    }
    *outl = inl;
    return 1;
  }

  // The invocation field (last 8 bytes) counts up per record (§8.2.1).
  static void increment_invocation(Ctx* c) {
    std::uint8_t* p = c->iv + c->ivlen - 8;
    for (int i = 7; i >= 0; --i) {
      if (++p[i] != 0) break;
    }
  }

  // "tlsivgen": start a message with the current IV, hand out its last
  // `len` bytes (all if more than the IV), then count the invocation field
  // up.  A zero-length request is refused: OpenSSL would write the whole IV
  // into a buffer declared empty.
  static bool get_iv_gen(Ctx* c, std::uint8_t* out, std::size_t len) {
    if (!c->iv_gen || !c->key_set || len == 0) return false;  // (never more than asked for)
    gcm_start(c->lanes, &c->key, &c->state, c->iv, c->ivlen);
    if (len > c->ivlen) len = c->ivlen;
    std::memcpy(out, c->iv + c->ivlen - len, len);
    increment_invocation(c);
    c->iv_state = GcmIvState::kCopied;
    return true;
  }

  // "tlsivinv": the peer's invocation field, when decrypting.
  static bool set_iv_inv(Ctx* c, const std::uint8_t* in, std::size_t len) {
    if (!c->iv_gen || !c->key_set || c->enc || len > c->ivlen) return false;
    std::memcpy(c->iv + c->ivlen - len, in, len);
    gcm_start(c->lanes, &c->key, &c->state, c->iv, c->ivlen);
    c->iv_state = GcmIvState::kCopied;
    return true;
  }

  // "tlsaad": the 13-byte TLS 1.2 AAD; its length field is corrected for
  // the explicit nonce (and the tag when decrypting).  Returns the tag length
  // as the record's extra room ("tlsaadpad"), or 0 if invalid.
  static std::size_t tls_init(Ctx* c, const std::uint8_t* aad, std::size_t len) {
    if (len != EVP_AEAD_TLS1_AAD_LEN) return 0;
    std::memcpy(c->buf, aad, len);
    c->tls_aad_len = len;
    std::size_t payload = 0;
    return aead_tls1_payload_length(c->buf, EVP_GCM_TLS_EXPLICIT_IV_LEN, EVP_GCM_TLS_TAG_LEN,
                                    c->enc, &payload)
               ? EVP_GCM_TLS_TAG_LEN
               : 0;
  }

  // "tlsivfixed": the fixed field (4 bytes) of the IV; when encrypting, the
  // invocation field starts from random bytes.  Length ~0 restores the whole
  // IV.
  static bool tls_set_fixed(Ctx* c, const std::uint8_t* fixed, std::size_t len) {
    if (len == ~std::size_t{0}) {
      // The whole IV; generation then counts its last 8 bytes up.
      if (c->ivlen < EVP_GCM_TLS_EXPLICIT_IV_LEN) return false;
      std::memcpy(c->iv, fixed, c->ivlen);
      c->iv_gen = true;
      c->iv_state = GcmIvState::kBuffered;
      return true;
    }
    if (len < EVP_GCM_TLS_FIXED_IV_LEN || len > c->ivlen ||
        c->ivlen - len < EVP_GCM_TLS_EXPLICIT_IV_LEN)
      return false;
    std::memcpy(c->iv, fixed, len);
    if (c->enc) {
      if (!random_bytes(c->prov, c->iv + len, c->ivlen - len)) return false;
      c->iv_gen_rand = true;
    }
    c->iv_gen = true;
    c->iv_state = GcmIvState::kBuffered;
    return true;
  }

  // A TLS 1.2 record in place: explicit nonce (8) || payload || tag (16).
  // False if it cannot be run or its tag is wrong: the caller adds the
  // default provider's error (none for EVP_Cipher).
  static bool tls_record(Ctx* c, std::uint8_t* out, std::size_t* outl, const std::uint8_t* in,
                         std::size_t len) {
    bool ok = false;
    std::size_t plen = 0;
    constexpr std::size_t kNonce = EVP_GCM_TLS_EXPLICIT_IV_LEN, kTag = EVP_GCM_TLS_TAG_LEN;
    if (!c->key_set || in == nullptr || out != in || len < kNonce + kTag) {
      // (no error of its own)
    } else if (c->enc && ++c->tls_enc_records == 0) {
      raise_error(c->prov, kErrTooManyRecords);  // SP 800-38D §8.3 key usage limit
    } else if (c->enc ? !get_iv_gen(c, out, kNonce) : !set_iv_inv(c, out, kNonce)) {
      // (no error of its own)
    } else {
      std::uint8_t* payload = out + kNonce;
      const std::size_t n = len - kNonce - kTag;
      std::uint8_t tag[16];
      gcm_aad(c->lanes, &c->key, &c->state, c->buf, c->tls_aad_len);
      gcm_crypt(c->lanes, &c->key, &c->state, c->enc, payload, payload, n);
      gcm_tag(c->lanes, &c->key, &c->state, tag);
      if (c->enc) {
        std::memcpy(payload + n, tag, kTag);
        plen = len;
        ok = true;
      } else if (aead_tags_equal(tag, payload + n, kTag)) {
        plen = n;
        ok = true;
      } else {
        OPENSSL_cleanse(payload, n);  // release nothing of a forged record
      }
      OPENSSL_cleanse(tag, sizeof tag);
    }
    c->iv_state = GcmIvState::kFinished;
    c->tls_aad_len = kUnset;
    *outl = plen;
    return ok;
  }

  // The names get_ctx_params and set_ctx_params answer, each in one pass
  // (ParamScan); the order of the checks below is the order of the errors.
  static constexpr const char* kGetNames[] = {OSSL_CIPHER_PARAM_IVLEN,
                                              OSSL_CIPHER_PARAM_KEYLEN,
                                              OSSL_CIPHER_PARAM_AEAD_TAGLEN,
                                              OSSL_CIPHER_PARAM_IV,
                                              OSSL_CIPHER_PARAM_UPDATED_IV,
                                              OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
                                              OSSL_CIPHER_PARAM_AEAD_TAG,
                                              OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN,
                                              kParamIvGenerated};
  static int get_ctx_params(Ctx* c, OSSL_PARAM params[]) noexcept {
    const ParamScan<OSSL_PARAM, std::size(kGetNames)> f(params, kGetNames);
    if (!put_size(f[0], c->ivlen) || !put_size(f[1], KeyBytes) ||
        !put_size(f[2], c->taglen != kUnset ? c->taglen : 16))
      return cipher_get_failed(c->prov);
    for (OSSL_PARAM* p : {f[3], f[4]}) {
      if (p == nullptr) continue;
      // Encrypting without an IV: generate it now, so the caller sees the
      // IV the message will use (the default provider fails, silently).
      if (c->iv_state == GcmIvState::kUninitialised &&
          (c->tls_aad_len != kUnset || !c->enc || !generate_iv(c, 0)))
        return 0;
      if (!aead_put_iv(c->prov, p, c->iv, c->ivlen)) return 0;
    }
    if (!put_size(f[5], c->tls_aad_pad)) return cipher_get_failed(c->prov);
    if (OSSL_PARAM* p = f[6]; p != nullptr) {
      // The default provider's checks, then a length of at least 4 bytes.
      const std::size_t sz = p->data != nullptr ? p->data_size : c->taglen;
      if (!c->enc || c->taglen == kUnset || sz == 0 || sz > 16)
        return cipher_fail(c->prov, kErrInvalidTag);
      if (sz < kGcmMinTagBytes) return cipher_fail(c->prov, kErrInvalidTagLength);
      if (!OSSL_PARAM_set_octet_string(p, c->buf, sz)) return cipher_get_failed(c->prov);
    }
    if (OSSL_PARAM* p = f[7];
        p != nullptr && (p->data == nullptr || p->data_type != OSSL_PARAM_OCTET_STRING ||
                         !get_iv_gen(c, static_cast<std::uint8_t*>(p->data), p->data_size)))
      return 0;
    if (!put_uint(f[8], c->iv_gen_rand ? 1 : 0)) return 0;
    return 1;
  }

  static constexpr const char* kSetNames[] = {
      OSSL_CIPHER_PARAM_AEAD_TAG, OSSL_CIPHER_PARAM_AEAD_IVLEN, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
      OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV};
  static int set_ctx_params(Ctx* c, const OSSL_PARAM params[]) noexcept {
    const ParamScan<const OSSL_PARAM, std::size(kSetNames)> f(params, kSetNames);
    if (const OSSL_PARAM* p = f[0]; p != nullptr) {
      // Read aside first: buf may hold the computed tag.
      std::uint8_t tag[16];
      void* dst = tag;
      std::size_t sz = 0;
      if (!OSSL_PARAM_get_octet_string(p, &dst, sizeof tag, &sz)) return cipher_set_failed(c->prov);
      if (sz == 0 || c->enc) return cipher_fail(c->prov, kErrInvalidTag);
      if (sz < kGcmMinTagBytes) return cipher_fail(c->prov, kErrInvalidTagLength);
      std::memcpy(c->buf, tag, sz);
      c->taglen = sz;
    }
    if (const OSSL_PARAM* p = f[1]; p != nullptr) {
      std::size_t sz = 0;
      if (!OSSL_PARAM_get_size_t(p, &sz)) return cipher_set_failed(c->prov);
      if (sz == 0 || sz > kGcmMaxIvBytes) return cipher_fail(c->prov, kErrInvalidIvLength);
      if (sz != c->ivlen) {
        // An IV already set or generated no longer fits: a new one is needed.
        if (c->iv_state != GcmIvState::kUninitialised) c->iv_state = GcmIvState::kFinished;
        c->ivlen = sz;
      }
    }
    if (!aead_set_tls_aad<&tls_init>(c, f[2])) return 0;
    if (const OSSL_PARAM* p = f[3];
        p != nullptr &&
        (!readable_octets(p) ||
         !tls_set_fixed(c, static_cast<const std::uint8_t*>(p->data), p->data_size)))
      return cipher_set_failed(c->prov);
    if (const OSSL_PARAM* p = f[4];
        p != nullptr && (p->data == nullptr || p->data_type != OSSL_PARAM_OCTET_STRING ||
                         !set_iv_inv(c, static_cast<const std::uint8_t*>(p->data), p->data_size)))
      return 0;  // (no error, as the default provider)
    return 1;
  }

  // The context parameters (common/cipher_param_lists.h).
  static constexpr auto kGettable =
      cipher_param_list(kParamKeylen, kParamIvlen, kParamTagLen, kParamIv, kParamUpdatedIv,
                        kParamTag, kParamTlsAadPad, kParamTlsIvGen, kParamIvGeneratedEntry);
  static constexpr auto kSettable =
      cipher_param_list(kParamIvlen, kParamTag, kParamTlsAad, kParamTlsIvFixed, kParamTlsIvInv);
};

}  // namespace armaccel::prov
