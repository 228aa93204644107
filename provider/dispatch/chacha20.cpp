// ChaCha20 as OpenSSL's "ChaCha20" cipher (RFC 8439 §2.4 with OpenSSL's IV
// layout): 32-byte key, 16-byte IV = block counter (little-endian) then
// the 12-byte nonce, the counter carrying from its first 32-bit word into
// the second as OpenSSL's does, so every call pattern gives the default
// provider's bytes.  As there: a key-only re-init keeps the counter (and
// drops the rest of a partial block), a missing IV means the all-zero IV,
// and "updated-iv" (OpenSSL 3.5+) reports the counter and nonce of the next
// keystream block.  Stricter: update after final (before a re-init),
// partially overlapping buffers and lengths beyond INT_MAX are errors.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../capabilities.h"
#include "../errors.h"
#include "../prov_ctx.h"
#include "cipher_dispatch.h"
#include "cipher_params.h"
#include "dispatch_util.h"
#include "modes/chacha20_driver.h"
#include "tables.h"
#include "util/bytes.h"

namespace armaccel::prov {

namespace {

class Chacha20Cipher {
 public:
  struct Ctx {
    const ProvCtx* prov;
    const ChachaKernel* kernel;  // fixed at newctx: a stream never changes lane
    ChachaStream stream;
    std::uint64_t bytes_in;  // given to update/cipher (ARMACCEL_TRACE reports it)
    bool enc;
    bool key_set;
    bool finalized;
  };
  static_assert(std::is_trivially_copyable_v<Ctx>);

  static constexpr CipherInfo kInfo = {0, kChachaKeyBytes, kChachaIvBytes, 1, false, true};
  friend struct CipherDispatch<Chacha20Cipher>;

 private:
  static constexpr char kName[] = "ChaCha20";

  static Ctx* self(void* vctx) { return static_cast<Ctx*>(vctx); }

  static void* newctx(void* provctx) noexcept {
    auto* prov = static_cast<const ProvCtx*>(provctx);
    auto* c = static_cast<Ctx*>(OPENSSL_zalloc(sizeof(Ctx)));
    if (c == nullptr) return nullptr;
    c->prov = prov;
    c->kernel = prov->kernels.chacha20;
    trace_new_context(prov, kName, c->kernel->lane);
    return c;
  }

  static void freectx(void* vctx) noexcept { free_cipher_ctx<Ctx>(vctx, kName); }

  static void* dupctx(void* vctx) noexcept { return dup_cipher_ctx<Ctx>(vctx); }

  static int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                  std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
    Ctx* c = self(vctx);
    c->enc = enc;
    c->finalized = false;
    if (iv != nullptr) {
      if (ivlen != kChachaIvBytes) {
        raise_error(c->prov, kErrInvalidIvLength);
        return 0;
      }
      chacha_stream_set_iv(&c->stream, iv);
    }
    if (key != nullptr) {
      if (keylen != kChachaKeyBytes) {
        raise_error(c->prov, kErrInvalidKeyLength);
        return 0;
      }
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

  static int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    c->bytes_in += inl;
    if (!c->key_set) {
      raise_error(c->prov, kErrNoKeySet);
      return 0;
    }
    if (c->finalized) {
      raise_error(c->prov, kErrUpdateAfterFinal);
      return 0;
    }
    if (inl == 0) {
      *outl = 0;
      return 1;
    }
    if (inl > static_cast<std::size_t>(INT_MAX)) {
      raise_error(c->prov, kErrOutputTooLong);  // EVP reports lengths as int
      return 0;
    }
    if (in == nullptr || out == nullptr) {
      raise_error(c->prov, kErrNullParameter);
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
    chacha_stream_xor(c->kernel, &c->stream, out, in, inl);
    *outl = inl;
    return 1;
  }

  static int final(void* vctx, unsigned char*, std::size_t* outl, std::size_t) noexcept {
    Ctx* c = self(vctx);
    if (!c->key_set) {
      raise_error(c->prov, kErrNoKeySet);
      return 0;
    }
    c->finalized = true;
    *outl = 0;
    return 1;
  }

  static int cipher(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    return update(vctx, out, outl, outsize, in, inl);
  }

  static int get_params(OSSL_PARAM params[]) noexcept { return get_cipher_params(params, kInfo); }

  static int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    OSSL_PARAM* p = nullptr;
    bool ok = true;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != nullptr)
      ok = ok && OSSL_PARAM_set_size_t(p, kChachaIvBytes);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != nullptr)
      ok = ok && OSSL_PARAM_set_size_t(p, kChachaKeyBytes);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) != nullptr) {
      std::uint8_t iv[kChachaIvBytes];
      for (int i = 0; i < 4; ++i) bytes::store_le32(iv + 4 * i, c->stream.iv[i]);
      ok = ok && set_octets(p, iv, sizeof iv);
    }
    if (!ok) raise_error(c->prov, kErrFailedToGetParameter);
    return ok ? 1 : 0;
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
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_IVLEN)) != nullptr) {
      if (!OSSL_PARAM_get_size_t(p, &len)) goto bad;
      if (len != kChachaIvBytes) {
        raise_error(c->prov, kErrInvalidIvLength);
        return 0;
      }
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
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
        OSSL_PARAM_END,
    };
    return kList;
  }

  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
        OSSL_PARAM_END,
    };
    return kList;
  }
};

}  // namespace

const OSSL_DISPATCH* const kChacha20Functions = CipherDispatch<Chacha20Cipher>::kTable;

}  // namespace armaccel::prov
