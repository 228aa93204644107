// SPDX-License-Identifier: Apache-2.0
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

#include "capabilities.h"
#include "dispatch/common/cipher_base.h"
#include "dispatch/common/cipher_checks.h"
#include "dispatch/common/cipher_param_lists.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "modes/chacha20_driver.h"
#include "prov_ctx.h"
#include "util/bytes.h"

namespace armaccel::prov {

namespace {

class Chacha20Cipher : public CipherBase<Chacha20Cipher> {
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
  friend class CipherBase<Chacha20Cipher>;

 private:
  static constexpr char kName[] = "ChaCha20";

  static void setup(Ctx* c) {
    c->kernel = c->prov->kernels.chacha20;
    trace_new_context(c->prov, kName, c->kernel->lane);
  }

  static bool init(Ctx* c, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                   std::size_t ivlen, bool enc) {
    c->enc = enc;
    c->finalized = false;
    if (iv != nullptr) {
      if (ivlen != kChachaIvBytes) return cipher_fail(c->prov, kErrInvalidIvLength);
      chacha_stream_set_iv(&c->stream, iv);
    }
    if (key != nullptr) {
      if (keylen != kChachaKeyBytes) return cipher_fail(c->prov, kErrInvalidKeyLength);
      chacha_stream_set_key(&c->stream, key);
      c->key_set = true;
    }
    return true;
  }

  static int update(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    c->bytes_in += inl;
    if (!c->key_set) return cipher_fail(c->prov, kErrNoKeySet);
    if (c->finalized) return cipher_fail(c->prov, kErrUpdateAfterFinal);
    if (inl == 0) {
      *outl = 0;
      return 1;
    }
    if (!cipher_length_fits(c->prov, inl)) return 0;
    if (in == nullptr || out == nullptr) return cipher_fail(c->prov, kErrNullParameter);
    if (!cipher_output_fits(c->prov, out, outsize, in, inl)) return 0;
    chacha_stream_xor(c->kernel, &c->stream, out, in, inl);
    *outl = inl;
    return 1;
  }

  static int final(Ctx* c, unsigned char*, std::size_t* outl, std::size_t) noexcept {
    if (!c->key_set) return cipher_fail(c->prov, kErrNoKeySet);
    c->finalized = true;
    *outl = 0;
    return 1;
  }

  static int cipher(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    return update(c, out, outl, outsize, in, inl);
  }

  // "ivlen", "keylen", "updated-iv": each found in one pass (ParamScan).
  static constexpr const char* kParamNames[] = {OSSL_CIPHER_PARAM_IVLEN, OSSL_CIPHER_PARAM_KEYLEN,
                                                OSSL_CIPHER_PARAM_UPDATED_IV};

  // "updated-iv" as an OCTET_STRING only, as the default provider answers
  // it from 3.6 (before, it does not answer it): trying OCTET_PTR first
  // left libcrypto's "param of incompatible type" (3.2+) on a success.
  static int get_ctx_params(Ctx* c, OSSL_PARAM params[]) noexcept {
    const ParamScan<OSSL_PARAM, std::size(kParamNames)> f(params, kParamNames);
    std::uint8_t iv[kChachaIvBytes];
    for (int i = 0; i < 4; ++i) bytes::store_le32(iv + 4 * i, c->stream.iv[i]);
    if (!put_size(f[0], kChachaIvBytes) || !put_size(f[1], kChachaKeyBytes) ||
        (f[2] != nullptr && !OSSL_PARAM_set_octet_string(f[2], iv, sizeof iv)))
      return cipher_get_failed(c->prov);
    return 1;
  }

  // "keylen" is checked before "ivlen" (the order of the errors).
  static int set_ctx_params(Ctx* c, const OSSL_PARAM params[]) noexcept {
    const ParamScan<const OSSL_PARAM, 2> f(params, kParamNames);
    return fixed_size(c->prov, f[1], kChachaKeyBytes, kErrInvalidKeyLength, true) &&
           fixed_size(c->prov, f[0], kChachaIvBytes, kErrInvalidIvLength, true);
  }

  // The context parameters (common/cipher_param_lists.h).
  static constexpr auto kGettable = cipher_param_list(kParamKeylen, kParamIvlen, kParamUpdatedIv);
  static constexpr auto kSettable = cipher_param_list(kParamKeylen, kParamIvlen);
};

}  // namespace

const OSSL_DISPATCH* const kChacha20Functions = Chacha20Cipher::kDispatch;

}  // namespace armaccel::prov
