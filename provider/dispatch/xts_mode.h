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
// Stricter than the default provider: a data unit shorter than 16 bytes,
// partially overlapping buffers and more than 2^20 blocks are reported with
// their own reasons; re-initialising for the other direction without a new
// key re-expands the kept key instead of using the wrong schedule.
//
// Traits supplies: Kernel, Schedule, kernel(const ProvCtx*), kName,
// kKeyBitsInName (AES-128-XTS, but SM4-XTS), kGbStandard (the cipher has
// GB/T 17964-2021's tweak rule, chosen by "xts_standard").
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
#include <type_traits>

#include "../capabilities.h"
#include "../errors.h"
#include "../newer_core.h"
#include "../prov_ctx.h"
#include "cipher_dispatch.h"
#include "cipher_params.h"
#include "dispatch_util.h"
#include "modes/xts_driver.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

// The name of the streaming switch (an integer context parameter).
inline constexpr char kXtsStreamingParam[] = "xts_streaming";
// kParamXtsStandard (OpenSSL 3.2's OSSL_CIPHER_PARAM_XTS_STANDARD,
// newer_core.h): "GB" (GB/T 17964-2021, the default) or "IEEE" (IEEE
// 1619), for SM4-XTS.

template <class Traits, std::size_t KeyBytes>
class XtsCipher {
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
  static_assert(std::is_trivially_copyable_v<Ctx>);

  static constexpr CipherInfo kInfo = {EVP_CIPH_XTS_MODE, KeyBytes, 16, 1, false, true};
  static constexpr const OSSL_DISPATCH* kDispatch = CipherDispatch<XtsCipher>::kTable;
  friend struct CipherDispatch<XtsCipher>;

 private:
  static constexpr AlgName kName =
      make_alg_name(Traits::kName, Traits::kKeyBitsInName ? kHalf * 8 : 0, "XTS");
  static Ctx* self(void* vctx) { return static_cast<Ctx*>(vctx); }

  static void* newctx(void* provctx) noexcept {
    auto* prov = static_cast<const ProvCtx*>(provctx);
    auto* c = static_cast<Ctx*>(OPENSSL_zalloc(sizeof(Ctx)));
    if (c == nullptr) return nullptr;
    c->prov = prov;
    c->kernel = Traits::kernel(prov);
    c->gb = Traits::kGbStandard;  // OpenSSL's default for SM4-XTS is GB
    trace_new_context(prov, kName.text, c->kernel->lane);
    return c;
  }

  static void freectx(void* vctx) noexcept { free_cipher_ctx<Ctx>(vctx, kName.text); }

  static void* dupctx(void* vctx) noexcept { return dup_cipher_ctx<Ctx>(vctx); }

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

  static int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                  std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
    Ctx* c = self(vctx);
    c->enc = enc;
    c->unit_open = false;
    if (iv != nullptr) {
      if (ivlen != 16) {
        raise_error(c->prov, kErrInvalidIvLength);
        return 0;
      }
      std::memcpy(c->iv, iv, 16);
      c->iv_set = true;
    }
    if (key != nullptr) {
      if (keylen != KeyBytes) {
        raise_error(c->prov, kErrInvalidKeyLength);
        return 0;
      }
      std::memcpy(c->key, key, KeyBytes);
      // Public verdict: such a key is refused for encryption.
      c->halves_equal = ct::declassify_value(CRYPTO_memcmp(key, key + kHalf, kHalf) == 0);
      c->key_set = true;
    }
    if (c->key_set) {
      // SP 800-38E / IEEE 1619-2018 §5.1: key1 and key2 must differ.  Old
      // data written with equal halves can still be decrypted.
      // A refused key leaves no usable key behind.
      if (enc && c->halves_equal) {
        OPENSSL_cleanse(c->key, sizeof c->key);
        OPENSSL_cleanse(&c->data_key, sizeof c->data_key);
        OPENSSL_cleanse(&c->tweak_key, sizeof c->tweak_key);
        c->key_set = false;
        raise_error(c->prov, kErrXtsDuplicatedKeys);
        return 0;
      }
      if ((key != nullptr || c->data_key_encrypts != enc) && !expand(c)) {
        c->key_set = false;
        return 0;
      }
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

  static bool ready(const Ctx* c) {
    if (!c->key_set) {
      raise_error(c->prov, kErrNoKeySet);
      return false;
    }
    if (!c->iv_set) {
      raise_error(c->prov, kErrIvNotSet);
      return false;
    }
    return true;
  }

  // One whole data unit (the default behaviour and EVP_Cipher).
  ARMACCEL_NOINLINE static int one_unit(Ctx* c, unsigned char* out, std::size_t* outl,
                                        std::size_t outsize, const unsigned char* in,
                                        std::size_t inl) {
    if (inl < 16) {
      raise_error(c->prov, kErrXtsDataUnitTooShort);
      return 0;
    }
    if (inl > kXtsMaxDataUnitBytes) {
      raise_error(c->prov, kErrXtsDataUnitTooLarge);
      return 0;
    }
    if (outsize < inl) {
      raise_error(c->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (out != in && ranges_overlap(out, inl, in, inl)) {
      raise_error(c->prov, kErrPartiallyOverlapping);
      return 0;
    }
    XtsState s;
    xts_start(c->kernel, &c->tweak_key, &s, c->iv, c->enc, c->gb);
    const std::size_t head = xts_update_output(&s, inl);  // all but the last 16..31 bytes
    xts_update(c->kernel, &c->data_key, &s, in, out, inl);
    xts_finish(c->kernel, &c->data_key, &s, out + head);
    OPENSSL_cleanse(&s, sizeof s);
    *outl = inl;
    return 1;
  }

  ARMACCEL_NOINLINE static int stream_update(Ctx* c, unsigned char* out, std::size_t* outl,
                                             const unsigned char* in, std::size_t inl) {
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
        out + xts_held_bytes(&c->state) > in) {
      raise_error(c->prov, kErrPartiallyOverlapping);
      return 0;
    }
    if (!xts_update(c->kernel, &c->data_key, &c->state, in, out, inl)) {
      raise_error(c->prov, kErrXtsDataUnitTooLarge);
      return 0;
    }
    *outl = n;
    return 1;
  }

  static int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    c->bytes_in += inl;
    *outl = 0;
    if (!ready(c)) return 0;
    if (inl > static_cast<std::size_t>(INT_MAX) - 15) {
      raise_error(c->prov, kErrOutputTooLong);
      return 0;
    }
    if (inl != 0 && (in == nullptr || out == nullptr)) {
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    if (c->streaming) return stream_update(c, out, outl, in, inl);
    return one_unit(c, out, outl, outsize, in, inl);
  }

  static int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t) noexcept {
    Ctx* c = self(vctx);
    *outl = 0;
    if (!c->key_set) {
      raise_error(c->prov, kErrNoKeySet);
      return 0;
    }
    if (!c->streaming || !c->unit_open) return 1;
    c->unit_open = false;
    if (c->state.unit_bytes < 16) {
      OPENSSL_cleanse(&c->state, sizeof c->state);
      raise_error(c->prov, kErrXtsDataUnitTooShort);
      return 0;
    }
    if (out == nullptr) {
      OPENSSL_cleanse(&c->state, sizeof c->state);
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    *outl = xts_finish(c->kernel, &c->data_key, &c->state, out);
    OPENSSL_cleanse(&c->state, sizeof c->state);
    return 1;
  }

  static int cipher(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    c->bytes_in += inl;
    *outl = 0;
    if (!ready(c)) return 0;
    if (in == nullptr || out == nullptr) {
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    return one_unit(c, out, outl, outsize, in, inl);
  }

  static int get_params(OSSL_PARAM params[]) noexcept { return get_cipher_params(params, kInfo); }

  static int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    OSSL_PARAM* p = nullptr;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != nullptr &&
        !OSSL_PARAM_set_size_t(p, KeyBytes))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != nullptr &&
        !OSSL_PARAM_set_size_t(p, 16))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_PADDING)) != nullptr &&
        !OSSL_PARAM_set_uint(p, 1))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_NUM)) != nullptr &&
        !OSSL_PARAM_set_uint(p, 0))
      goto bad;
    if ((p = OSSL_PARAM_locate(params, kXtsStreamingParam)) != nullptr &&
        !OSSL_PARAM_set_int(p, c->streaming ? 1 : 0))
      goto bad;
    // The tweak IV does not change as data is processed.
    for (const char* name : {OSSL_CIPHER_PARAM_IV, OSSL_CIPHER_PARAM_UPDATED_IV}) {
      if ((p = OSSL_PARAM_locate(params, name)) != nullptr && !set_octets(p, c->iv, 16)) goto bad;
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
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) != nullptr) {
      std::size_t keylen = 0;
      if (!OSSL_PARAM_get_size_t(p, &keylen)) {
        raise_error(c->prov, kErrFailedToSetParameter);
        return 0;
      }
      if (keylen != KeyBytes) {  // XTS key lengths are fixed
        raise_error(c->prov, kErrInvalidKeyLength);
        return 0;
      }
    }
    if ((p = OSSL_PARAM_locate_const(params, kXtsStreamingParam)) != nullptr) {
      int on = 0;
      if (!OSSL_PARAM_get_int(p, &on) || (on != 0 && on != 1)) {
        raise_error(c->prov, kErrFailedToSetParameter);
        return 0;
      }
      if (c->unit_open && (on == 1) != c->streaming) {
        raise_error(c->prov, kErrXtsUnitInProgress);
        return 0;
      }
      c->streaming = on == 1;
    }
    if constexpr (Traits::kGbStandard) {
      if ((p = OSSL_PARAM_locate_const(params, kParamXtsStandard)) != nullptr) {
        const char* v = nullptr;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &v) ||
            (OPENSSL_strcasecmp(v, "GB") != 0 && OPENSSL_strcasecmp(v, "IEEE") != 0)) {
          raise_error(c->prov, kErrFailedToSetParameter);
          return 0;
        }
        if (c->unit_open) {
          raise_error(c->prov, kErrXtsUnitInProgress);
          return 0;
        }
        c->gb = OPENSSL_strcasecmp(v, "GB") == 0;
      }
    }
    return 1;
  }

  static const OSSL_PARAM* gettable_params(void* provctx) noexcept {
    return cipher_gettable_params(provctx);
  }

  static const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, nullptr),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
        OSSL_PARAM_int(kXtsStreamingParam, nullptr),
        OSSL_PARAM_END,
    };
    return kList;
  }

  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
        OSSL_PARAM_int(kXtsStreamingParam, nullptr),
        OSSL_PARAM_END,
    };
    static const OSSL_PARAM kWithStandard[] = {
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
        OSSL_PARAM_int(kXtsStreamingParam, nullptr),
        OSSL_PARAM_utf8_string(kParamXtsStandard, nullptr, 0),
        OSSL_PARAM_END,
    };
    return Traits::kGbStandard ? kWithStandard : kList;
  }
};

}  // namespace armaccel::prov
