// SPDX-License-Identifier: Apache-2.0
// CCM (NIST SP 800-38C) as an EVP cipher with the semantics of OpenSSL's
// default provider (ciphercommon_ccm.c): nonce of 7..13 bytes through
// "ivlen" (L = 15 - nonce length), tag length 4..16 even through the tag
// parameter (with a NULL buffer when encrypting), the payload length given
// first (an update with NULL input and output) when there is AAD, one AAD
// update, one payload update (an empty payload may be left out: final then
// makes or checks the tag), the tag checked in the decrypting update (no
// plaintext released on failure), and the TLS record mode ("tlsaad",
// "tlsivfixed").  Errors as the default provider's: an update that cannot
// run fails with PROV_R_CIPHER_OPERATION_FAILED, a final that fails leaves
// the queue empty.  Stricter (with armaccel's reasons): a second AAD update,
// which OpenSSL would silently mix in wrongly, and a payload longer than the
// length field can count.
//
// Traits supplies: Kernel, Schedule, kernel(const ProvCtx*), kName,
// kKeyBitsInName (AES-128-CCM, but SM4-CCM).
#pragma once

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

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
#include "errors.h"
#include "modes/ccm_driver.h"
#include "prov_ctx.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

template <class Traits, std::size_t KeyBytes>
class CcmCipher : public CipherBase<CcmCipher<Traits, KeyBytes>> {
 public:
  using Kernel = typename Traits::Kernel;
  using Schedule = typename Traits::Schedule;
  static constexpr std::size_t kUnsetLen = ~std::size_t{0};

  struct Ctx {
    const ProvCtx* prov;
    const Kernel* kernel;
    Schedule rk;  // encryption schedule
    CcmState state;
    std::uint8_t nonce[15];
    std::uint8_t buf[16];     // expected tag (decrypt) or TLS AAD
    std::size_t tls_aad_len;  // kUnsetLen outside the TLS record mode
    std::size_t tls_aad_pad;
    unsigned l;  // length field bytes: nonce is 15 - l
    unsigned m;  // tag bytes
    bool enc;
    bool key_set;
    bool iv_set;
    bool len_set;            // state started for this message
    bool tag_set;            // decrypt: expected tag given; encrypt: tag ready
    bool verified;           // decrypt: the last payload's tag matched
    std::uint64_t bytes_in;  // given to update/cipher (ARMACCEL_TRACE reports it)
  };

  static constexpr CipherInfo kInfo = {EVP_CIPH_CCM_MODE, KeyBytes, 12, 1, true, true};
  friend class CipherBase<CcmCipher>;

 private:
  static constexpr AlgName kName = family_alg_name<Traits>(KeyBytes, "CCM");
  static std::size_t nonce_len(const Ctx* c) { return 15 - c->l; }

  static void setup(Ctx* c) {
    c->kernel = Traits::kernel(c->prov);
    c->l = 8;
    c->m = 12;
    c->tls_aad_len = kUnsetLen;
    trace_new_context(c->prov, kName.text, c->kernel->lane);
  }

  static bool init(Ctx* c, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                   std::size_t ivlen, bool enc) {
    c->enc = enc;
    if (iv != nullptr) {
      if (ivlen != nonce_len(c)) return cipher_fail(c->prov, kErrInvalidIvLength);
      std::memcpy(c->nonce, iv, ivlen);
      c->iv_set = true;
      c->len_set = false;
      c->verified = false;
    }
    if (key != nullptr) {
      if (keylen != KeyBytes) return cipher_fail(c->prov, kErrInvalidKeyLength);
      if (!c->kernel->set_encrypt_key(&c->rk, key, keylen))
        return cipher_fail(c->prov, kErrKeySetupFailed);
      c->key_set = true;
    }
    return true;
  }

  // The outcomes of a step of the message: done, failed as the default
  // provider fails (its update then adds PROV_R_CIPHER_OPERATION_FAILED),
  // or refused with armaccel's own reason already queued.
  enum Step : int { kRefused = -1, kFailed = 0, kDone = 1 };

  static Step set_length(Ctx* c, std::size_t len) {
    if (!ccm_start(&c->state, c->nonce, c->l, c->m, len)) {
      raise_error(c->prov, kErrMessageTooLong);  // the length field cannot count it
      return kRefused;
    }
    c->len_set = true;
    return kDone;
  }

  // The payload in one call, tag handled as the mode requires.
  static Step payload(Ctx* c, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
    if (!c->len_set) {
      if (const Step s = set_length(c, len); s != kDone) return s;
    }
    if (!c->enc && !c->tag_set) return kFailed;
    if (!ccm_crypt(c->kernel, &c->rk, &c->state, c->enc, in, out, len)) return kFailed;
    if (c->enc) {
      c->tag_set = true;
      return kDone;
    }
    std::uint8_t tag[16];
    ccm_tag(c->kernel, &c->rk, &c->state, tag);
    const bool ok = aead_tags_equal(tag, c->buf, c->m);
    OPENSSL_cleanse(tag, sizeof tag);
    // Finished either way: a new nonce is needed.
    c->iv_set = c->tag_set = c->len_set = false;
    c->verified = ok;
    if (!ok) OPENSSL_cleanse(out, len);  // release nothing of a forged message
    return ok ? kDone : kFailed;
  }

  // One update's work (outside the output-room check).
  static Step run(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                  const unsigned char* in, std::size_t inl) {
    if (!c->key_set) return kFailed;
    if (c->tls_aad_len != kUnsetLen) return tls_record(c, out, outl, in, inl) ? kDone : kFailed;
    if (in == nullptr && out != nullptr) return kDone;  // final: CCM returns nothing more
    if (!c->iv_set) return kFailed;
    if (!cipher_length_fits(c->prov, inl)) return kRefused;
    if (out == nullptr) {
      if (in == nullptr) {
        const Step s = set_length(c, inl);
        if (s == kDone) *outl = inl;
        return s;
      }
      if (inl == 0) return kDone;  // empty AAD: nothing to do, at any point
      // AAD: the payload length must be known first (B0 carries it).
      if (!c->len_set) return kFailed;
      if (!ccm_aad(c->kernel, &c->rk, &c->state, in, inl)) {
        raise_error(c->prov, kErrAadAfterData);  // a second AAD update
        return kRefused;
      }
      *outl = inl;
      return kDone;
    }
    if (!cipher_output_fits(c->prov, out, outsize, in, inl)) return kRefused;
    const Step s = payload(c, in, out, inl);
    if (s == kDone) *outl = inl;
    return s;
  }

  static int update(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    if (in != nullptr) c->bytes_in += inl;  // not the payload length announcement
    *outl = 0;
    if (outsize < inl) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    const Step s = run(c, out, outl, outsize, in, inl);
    if (s == kFailed) raise_error(c->prov, kErrCipherOperationFailed);
    return s == kDone ? 1 : 0;
  }

  // CCM returns no data at final.  A message whose payload never came (an
  // empty payload announced with a NULL input, or no update at all) is
  // finished here as the empty payload (SP 800-38C with Plen = 0): the tag
  // is made, or checked, as the default provider does.  When decrypting,
  // final succeeds only after a payload whose tag matched, so code that
  // checks final alone (as it would for GCM) never accepts a forged or
  // unchecked message.  A final that fails leaves the queue empty.
  static int final(Ctx* c, unsigned char*, std::size_t* outl, std::size_t) noexcept {
    *outl = 0;
    if (!c->key_set) return 0;
    if (c->tls_aad_len != kUnsetLen) return 1;
    const bool payload_pending = c->iv_set && (c->enc ? !c->tag_set : !c->verified);
    if (payload_pending) {
      static constexpr std::uint8_t kNone[1] = {};
      std::uint8_t none[1];
      if (payload(c, kNone, none, 0) != kDone) return 0;
    }
    return c->enc || c->verified ? 1 : 0;
  }

  // One-shot EVP_Cipher: a failure leaves no error of its own.
  static int cipher(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    if (outsize < inl) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (in != nullptr) c->bytes_in += inl;
    *outl = 0;
    if (run(c, out, outl, outsize, in, inl) != kDone) return 0;
    *outl = inl;
    return 1;
  }

  // "tlsaad": 13 bytes; the length field is corrected for the explicit nonce
  // (and the tag when decrypting); the record's extra room is the tag length.
  static std::size_t tls_init(Ctx* c, const std::uint8_t* aad, std::size_t len) {
    if (len != EVP_AEAD_TLS1_AAD_LEN) return 0;
    std::memcpy(c->buf, aad, len);
    c->tls_aad_len = len;
    std::size_t payload = 0;
    return aead_tls1_payload_length(c->buf, EVP_CCM_TLS_EXPLICIT_IV_LEN, c->m, c->enc, &payload)
               ? c->m
               : 0;
  }

  // A TLS record in place: explicit nonce (8) || payload || tag (m).  When
  // encrypting, the explicit nonce is the record's sequence number (the
  // first 8 AAD bytes), as OpenSSL writes it.  False, without an error of
  // its own, if the record cannot be run or its tag is wrong.
  static bool tls_record(Ctx* c, std::uint8_t* out, std::size_t* outl, const std::uint8_t* in,
                         std::size_t len) {
    constexpr std::size_t kNonce = EVP_CCM_TLS_EXPLICIT_IV_LEN;
    bool ok = false;
    std::size_t olen = 0;
    if (in != nullptr && out == in && len >= kNonce + c->m) {
      if (c->enc) std::memcpy(out, c->buf, kNonce);
      std::memcpy(c->nonce + EVP_CCM_TLS_FIXED_IV_LEN, in, kNonce);
      const std::size_t n = len - kNonce - c->m;
      std::uint8_t* payload_at = out + kNonce;
      if (ccm_start(&c->state, c->nonce, c->l, c->m, n) &&
          ccm_aad(c->kernel, &c->rk, &c->state, c->buf, c->tls_aad_len)) {
        if (c->enc) {
          ccm_crypt(c->kernel, &c->rk, &c->state, true, payload_at, payload_at, n);
          ccm_tag(c->kernel, &c->rk, &c->state, payload_at + n);
          olen = len;
          ok = true;
        } else {
          std::uint8_t tag[16];
          ccm_crypt(c->kernel, &c->rk, &c->state, false, payload_at, payload_at, n);
          ccm_tag(c->kernel, &c->rk, &c->state, tag);
          if (aead_tags_equal(tag, payload_at + n, c->m)) {
            olen = n;
            ok = true;
          } else {
            OPENSSL_cleanse(payload_at, n);
          }
          OPENSSL_cleanse(tag, sizeof tag);
        }
      }
    }
    *outl = olen;
    return ok;
  }

  // The names get_ctx_params and set_ctx_params answer, each in one pass
  // (ParamScan); the order of the checks below is the order of the errors.
  static constexpr const char* kGetNames[] = {
      OSSL_CIPHER_PARAM_IVLEN,   OSSL_CIPHER_PARAM_AEAD_TAGLEN,
      OSSL_CIPHER_PARAM_IV,      OSSL_CIPHER_PARAM_UPDATED_IV,
      OSSL_CIPHER_PARAM_KEYLEN,  OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD,
      OSSL_CIPHER_PARAM_AEAD_TAG};
  static int get_ctx_params(Ctx* c, OSSL_PARAM params[]) noexcept {
    const ParamScan<OSSL_PARAM, std::size(kGetNames)> f(params, kGetNames);
    if (!put_size(f[0], nonce_len(c)) || !put_size(f[1], c->m)) return cipher_get_failed(c->prov);
    for (OSSL_PARAM* p : {f[2], f[3]})
      if (p != nullptr && !aead_put_iv(c->prov, p, c->nonce, nonce_len(c))) return 0;
    if (!put_size(f[4], KeyBytes) || !put_size(f[5], c->tls_aad_pad))
      return cipher_get_failed(c->prov);
    if (OSSL_PARAM* p = f[6]; p != nullptr) {
      if (!c->enc || !c->tag_set) return cipher_fail(c->prov, kErrTagNotSet);
      if (p->data_type != OSSL_PARAM_OCTET_STRING) return cipher_get_failed(c->prov);
      if (p->data == nullptr || p->data_size != c->m) return 0;  // (no error, as the default)
      ccm_tag(c->kernel, &c->rk, &c->state, static_cast<std::uint8_t*>(p->data));
      p->return_size = c->m;
      c->tag_set = c->iv_set = c->len_set = false;
    }
    return 1;
  }

  static constexpr const char* kSetNames[] = {
      OSSL_CIPHER_PARAM_AEAD_TAG, OSSL_CIPHER_PARAM_AEAD_IVLEN, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD,
      OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED};
  static int set_ctx_params(Ctx* c, const OSSL_PARAM params[]) noexcept {
    const ParamScan<const OSSL_PARAM, std::size(kSetNames)> f(params, kSetNames);
    if (const OSSL_PARAM* p = f[0]; p != nullptr) {
      if (p->data_type != OSSL_PARAM_OCTET_STRING) return cipher_set_failed(c->prov);
      if ((p->data_size & 1) != 0 || p->data_size < 4 || p->data_size > 16 ||
          (c->len_set && p->data_size != c->state.m))  // B0 already carries the length
        return cipher_fail(c->prov, kErrInvalidTagLength);
      if (p->data != nullptr && c->enc) return cipher_fail(c->prov, kErrTagNotNeeded);
      if (p->data != nullptr) {
        std::memcpy(c->buf, p->data, p->data_size);
        c->tag_set = true;
      }
      c->m = static_cast<unsigned>(p->data_size);
    }
    if (const OSSL_PARAM* p = f[1]; p != nullptr) {
      std::size_t sz = 0;
      if (!OSSL_PARAM_get_size_t(p, &sz)) return cipher_set_failed(c->prov);
      if (sz < 7 || sz > 13) return cipher_fail(c->prov, kErrInvalidIvLength);
      if (15 - sz != c->l) {  // a nonce of the old length is no nonce now
        c->l = static_cast<unsigned>(15 - sz);
        c->iv_set = c->len_set = false;
      }
    }
    if (!aead_set_tls_aad<&tls_init>(c, f[2], kErrInvalidData)) return 0;
    if (const OSSL_PARAM* p = f[3]; p != nullptr) {
      if (!readable_octets(p)) return cipher_set_failed(c->prov);
      if (p->data_size != EVP_CCM_TLS_FIXED_IV_LEN)
        return cipher_fail(c->prov, kErrInvalidIvLength);
      std::memcpy(c->nonce, p->data, EVP_CCM_TLS_FIXED_IV_LEN);
    }
    return 1;
  }

  // The context parameters (common/cipher_param_lists.h).
  static constexpr auto kGettable =
      cipher_param_list(kParamKeylen, kParamIvlen, kParamTagLen, kParamIv, kParamUpdatedIv,
                        kParamTag, kParamTlsAadPad);
  static constexpr auto kSettable =
      cipher_param_list(kParamIvlen, kParamTag, kParamTlsAad, kParamTlsIvFixed);
};

}  // namespace armaccel::prov
