// SPDX-License-Identifier: Apache-2.0
// XTS (IEEE 1619, NIST SP 800-38E) as an EVP cipher for any 16-byte block
// cipher whose kernel table has the shape of AesKernel, on the streaming
// driver in kernels/modes/xts_driver.h.
//
// Default behaviour, as OpenSSL's default provider (cipher_aes_xts.c): one
// EVP_CipherUpdate is one whole data unit of 16 bytes to 2^20 blocks whose
// tweak is the IV, output in full; EVP_CipherFinal_ex adds nothing.  The key
// is key1 || key2 (data key, tweak key); equal halves are refused when
// encrypting (XTS_DUPLICATED_KEYS) and accepted when decrypting, so legacy
// data stays readable.
//
// Streaming, opt-in with the context parameter "xts_streaming" (integer,
// 1 = on, 0 = off; set it at init or before a data unit's first update): a
// data unit is fed in updates of any size and completed by
// EVP_CipherFinal_ex.  Each update emits every block that is followed by at
// least 16 more bytes and holds back the rest (16..31 bytes, what
// ciphertext stealing needs); final emits those.  So an update returns up
// to inl + 15 bytes and final up to 31; an update may also write the 16
// bytes after what it returns (provisional output the next call
// overwrites).  Give each update room for inl + 31 bytes and final 31, or
// lay the outputs end to end in a buffer the size of the data unit (EVP
// passes the provider a nominal size only, as XTS reports block size 1).
// In place works with the output pointer trailing the input by what is held
// back (out = start + bytes emitted so far, in = start + bytes fed), the
// natural way to walk one buffer.  After final the next update starts a new
// data unit with the same IV, as in the default behaviour.
//
// Errors as the default provider's (a unit it cannot run fails with
// PROV_R_CIPHER_OPERATION_FAILED); stricter than it: partially overlapping
// buffers fail with armaccel's reason, and re-initialising for the other
// direction without a new key re-expands the kept key instead of using the
// wrong schedule.  SM4-XTS takes equal key halves, as OpenSSL's does.
//
// Traits supplies: Kernel, Schedule, kernel(const ProvCtx*), kName,
// kKeyBitsInName (AES-128-XTS, but SM4-XTS), kGbStandard (the cipher has
// GB/T 17964-2021's tweak rule, chosen by "xts_standard"),
// kRefusesEqualHalves (an encryption key with key1 == key2 is refused).
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
#include <iterator>
#include <type_traits>

#include "capabilities.h"
#include "dispatch/common/cipher_base.h"
#include "dispatch/common/cipher_checks.h"
#include "dispatch/common/cipher_param_lists.h"
#include "dispatch/common/names.h"
#include "dispatch/common/param_scan.h"
#include "errors.h"
#include "modes/xts_driver.h"
#include "newer_core.h"
#include "prov_ctx.h"
#include "util/ct_declassify.h"
#include "util/wipe.h"

namespace armaccel::prov {

// The name of the streaming switch (an integer context parameter).
inline constexpr char kXtsStreamingParam[] = "xts_streaming";
inline constexpr OSSL_PARAM kStreamingEntry =
    cipher_list_entry(kXtsStreamingParam, OSSL_PARAM_INTEGER, sizeof(int));
inline constexpr OSSL_PARAM kStandardEntry =
    cipher_list_entry(kParamXtsStandard, OSSL_PARAM_UTF8_STRING, 0);
// kParamXtsStandard (OpenSSL 3.2's OSSL_CIPHER_PARAM_XTS_STANDARD,
// newer_core.h): "GB" (GB/T 17964-2021, the default) or "IEEE" (IEEE
// 1619), for SM4-XTS.

template <class Traits, std::size_t KeyBytes>
class XtsCipher : public CipherBase<XtsCipher<Traits, KeyBytes>> {
 public:
  using Kernel = typename Traits::Kernel;
  using Schedule = typename Traits::Schedule;
  static constexpr std::size_t kHalf = KeyBytes / 2;

  struct Ctx {
    const ProvCtx* prov;
    const Kernel* kernel;
    Schedule data_key;   // key1, for `data_key_encrypts`' direction
    Schedule tweak_key;  // key2, encryption schedule
    XtsState state;      // the streaming data unit in progress
    std::uint8_t key[KeyBytes];
    std::uint8_t iv[16];
    bool enc;
    bool key_set;
    bool iv_set;
    bool data_key_encrypts;
    bool halves_equal;
    bool streaming;
    bool gb;                 // "xts_standard" GB (GB/T 17964-2021), for ciphers that have it
    bool unit_open;          // streaming: an update since the last final
    std::uint64_t bytes_in;  // given to update/cipher (ARMACCEL_TRACE reports it)
  };

  static constexpr CipherInfo kInfo = {EVP_CIPH_XTS_MODE, KeyBytes, 16, 1, false, true};
  friend class CipherBase<XtsCipher>;

 private:
  static constexpr AlgName kName = family_alg_name<Traits>(kHalf, "XTS");

  static void setup(Ctx* c) {
    c->kernel = Traits::kernel(c->prov);
    c->gb = Traits::kGbStandard;  // OpenSSL's default for SM4-XTS is GB
    trace_new_context(c->prov, kName.text, c->kernel->lane);
  }

  static bool expand(Ctx* c) {
    const bool ok = (c->enc ? c->kernel->set_encrypt_key : c->kernel->set_decrypt_key)(
                        &c->data_key, c->key, kHalf) &&
                    c->kernel->set_encrypt_key(&c->tweak_key, c->key + kHalf, kHalf);
    if (!ok) {
      raise_error(c->prov, kErrKeySetupFailed);
      return false;
    }
    c->data_key_encrypts = c->enc;
    return true;
  }

  static bool init(Ctx* c, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                   std::size_t ivlen, bool enc) {
    c->enc = enc;
    c->unit_open = false;
    if (iv != nullptr) {
      if (ivlen != 16) return cipher_fail(c->prov, kErrInvalidIvLength);
      std::memcpy(c->iv, iv, 16);
      c->iv_set = true;
    }
    if (key != nullptr) {
      if (keylen != KeyBytes) return cipher_fail(c->prov, kErrInvalidKeyLength);
      std::memcpy(c->key, key, KeyBytes);
      // Public verdict: such a key is refused for encryption.
      c->halves_equal = ct::declassify_value(CRYPTO_memcmp(key, key + kHalf, kHalf) == 0);
      c->key_set = true;
    }
    if (c->key_set) {
      // SP 800-38E / IEEE 1619-2018 §5.1: key1 and key2 must differ.  Old
      // data written with equal halves can still be decrypted.
      // A refused key leaves no usable key behind.
      if (Traits::kRefusesEqualHalves && enc && c->halves_equal) {
        OPENSSL_cleanse(c->key, sizeof c->key);
        OPENSSL_cleanse(&c->data_key, sizeof c->data_key);
        OPENSSL_cleanse(&c->tweak_key, sizeof c->tweak_key);
        c->key_set = false;
        return cipher_fail(c->prov, kErrXtsDuplicatedKeys);
      }
      if ((key != nullptr || c->data_key_encrypts != enc) && !expand(c)) {
        c->key_set = false;
        return false;
      }
    }
    return true;
  }

  // One whole data unit (the default behaviour and EVP_Cipher), as the
  // default provider answers: a unit it cannot run (no key or IV, a null
  // buffer, under 16 bytes) fails without an error of its own (the update
  // adds PROV_R_CIPHER_OPERATION_FAILED), one over 2^20 blocks with
  // PROV_R_XTS_DATA_UNIT_IS_TOO_LARGE.
  ARMACCEL_NOINLINE static int one_unit(Ctx* c, unsigned char* out, std::size_t* outl,
                                        std::size_t outsize, const unsigned char* in,
                                        std::size_t inl) {
    if (!c->key_set || !c->iv_set || out == nullptr || in == nullptr || inl < 16) return 0;
    if (inl > kXtsMaxDataUnitBytes) return cipher_fail(c->prov, kErrXtsDataUnitTooLarge);
    if (!cipher_output_fits(c->prov, out, outsize, in, inl)) return 0;
    XtsState s;
    xts_start(c->kernel, &c->tweak_key, &s, c->iv, c->enc, c->gb);
    const std::size_t head = xts_update_output(&s, inl);  // all but the last 16..31 bytes
    xts_update(c->kernel, &c->data_key, &s, in, out, inl);
    xts_finish(c->kernel, &c->data_key, &s, out + head);
    wipe(&s, sizeof s);
    *outl = inl;
    return 1;
  }

  ARMACCEL_NOINLINE static int stream_update(Ctx* c, unsigned char* out, std::size_t* outl,
                                             const unsigned char* in, std::size_t inl) {
    if (!c->key_set) return cipher_fail(c->prov, kErrNoKeySet);
    if (!c->iv_set) return cipher_fail(c->prov, kErrIvNotSet);
    if (inl != 0 && (in == nullptr || out == nullptr))
      return cipher_fail(c->prov, kErrNullParameter);
    // An empty update opens no data unit: init then final with nothing in
    // between is no unit at all, as without streaming.
    if (inl == 0 && !c->unit_open) return 1;
    if (!c->unit_open) {
      xts_start(c->kernel, &c->tweak_key, &c->state, c->iv, c->enc, c->gb);
      c->unit_open = true;
    }
    const std::size_t n = xts_update_output(&c->state, inl);
    // What the update writes: its output and the provisional block after
    // it.  The output may trail the input by at least what is held back, or
    // be apart from it; anything else would overwrite input not yet read.
    const std::size_t written = xts_update_extent(&c->state, inl);
    if (written != 0 && ranges_overlap(out, written, in, inl) &&
        out + xts_held_bytes(&c->state) > in)
      return cipher_fail(c->prov, kErrPartiallyOverlapping);
    if (!xts_update(c->kernel, &c->data_key, &c->state, in, out, inl))
      return cipher_fail(c->prov, kErrXtsDataUnitTooLarge);
    *outl = n;
    return 1;
  }

  static int update(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    c->bytes_in += inl;
    *outl = 0;
    if (inl > static_cast<std::size_t>(INT_MAX) - 15)
      return cipher_fail(c->prov, kErrOutputTooLong);
    if (c->streaming) return stream_update(c, out, outl, in, inl);
    if (outsize < inl) return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (!one_unit(c, out, outl, outsize, in, inl))
      return cipher_fail(c->prov, kErrCipherOperationFailed);
    return 1;
  }

  static int final(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t) noexcept {
    *outl = 0;
    if (!c->streaming || !c->unit_open) return 1;  // whole units: nothing is left
    c->unit_open = false;
    // The unit is over either way: its state is wiped.
    const bool too_short = c->state.unit_bytes < 16;
    if (!too_short && out != nullptr) *outl = xts_finish(c->kernel, &c->data_key, &c->state, out);
    wipe(&c->state, sizeof c->state);
    if (too_short) return cipher_fail(c->prov, kErrXtsDataUnitTooShort);
    if (out == nullptr) return cipher_fail(c->prov, kErrNullParameter);
    return 1;
  }

  static int cipher(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    c->bytes_in += inl;
    *outl = 0;
    return one_unit(c, out, outl, outsize, in, inl);
  }

  static constexpr const char* kGetNames[] = {OSSL_CIPHER_PARAM_KEYLEN,    OSSL_CIPHER_PARAM_IVLEN,
                                              OSSL_CIPHER_PARAM_PADDING,   OSSL_CIPHER_PARAM_NUM,
                                              kXtsStreamingParam,          OSSL_CIPHER_PARAM_IV,
                                              OSSL_CIPHER_PARAM_UPDATED_IV};
  static int get_ctx_params(Ctx* c, OSSL_PARAM params[]) noexcept {
    const ParamScan<OSSL_PARAM, std::size(kGetNames)> f(params, kGetNames);
    // The tweak IV does not change as data is processed.
    if (!put_size(f[0], KeyBytes) || !put_size(f[1], 16) || !put_uint(f[2], 1) ||
        !put_uint(f[3], 0) || !put_int(f[4], c->streaming ? 1 : 0) ||
        !put_octets(f[5], c->iv, 16) || !put_octets(f[6], c->iv, 16))
      return cipher_get_failed(c->prov);
    return 1;
  }

  static constexpr const char* kSetNames[] = {OSSL_CIPHER_PARAM_KEYLEN, kXtsStreamingParam,
                                              kParamXtsStandard};
  static int set_ctx_params(Ctx* c, const OSSL_PARAM params[]) noexcept {
    const ParamScan<const OSSL_PARAM, std::size(kSetNames)> f(params, kSetNames);
    // XTS key lengths are fixed.
    // AES-XTS lists "keylen" and refuses another silently (the default
    // provider); SM4-XTS ignores it there, and armaccel refuses it.
    if (!fixed_size(c->prov, f[0], KeyBytes, Traits::kGbStandard ? kErrInvalidKeyLength : kErrNone,
                    !Traits::kGbStandard))
      return 0;
    const OSSL_PARAM* p = nullptr;
    if ((p = f[1]) != nullptr) {
      int on = 0;
      if (!OSSL_PARAM_get_int(p, &on) || (on != 0 && on != 1)) return cipher_set_failed(c->prov);
      if (c->unit_open && (on == 1) != c->streaming)
        return cipher_fail(c->prov, kErrXtsUnitInProgress);
      c->streaming = on == 1;
    }
    if constexpr (Traits::kGbStandard) {
      if ((p = f[2]) != nullptr) {
        // As the default provider: another type fails without an error, an
        // unreadable value with PROV_R_FAILED_TO_GET_PARAMETER, an unknown
        // one with PROV_R_FAILED_TO_SET_PARAMETER.
        const char* v = nullptr;
        if (p->data_type != OSSL_PARAM_UTF8_STRING) return 0;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &v)) return cipher_set_failed(c->prov);
        if (!names_equal(v, "GB") && !names_equal(v, "IEEE"))
          return cipher_fail(c->prov, kErrFailedToSetParameter);
        if (c->unit_open) return cipher_fail(c->prov, kErrXtsUnitInProgress);
        c->gb = names_equal(v, "GB");
      }
    }
    return 1;
  }

  // The context parameters (common/cipher_param_lists.h); "xts_standard"
  // only for the ciphers that have it (else the list ends one entry early).
  static constexpr auto kGettable =
      cipher_param_list(kParamKeylen, kParamIvlen, kParamPadding, kParamNum, kParamIv,
                        kParamUpdatedIv, kStreamingEntry);
  static constexpr auto kSettable = cipher_param_list(
      kParamKeylen, kStreamingEntry, Traits::kGbStandard ? kStandardEntry : kCipherParamListEnd);
};

}  // namespace armaccel::prov
