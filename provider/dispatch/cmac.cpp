// CMAC (NIST SP 800-38B) as EVP_MAC "CMAC", parameters as OpenSSL's:
// "cipher" (an AES-*-CBC on armaccel's kernels, or any CBC cipher with 8-
// or 16-byte blocks through EVP), "properties", "key"; "size" and
// "block-size" are the cipher's block size.
//
// Stricter than OpenSSL 3.0: a cipher that is not CBC is refused ("invalid
// mode", as OpenSSL 3.1+ does) rather than giving a value that is not a
// CMAC, and update or final after final needs a re-init first.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <climits>
#include <cstring>
#include <initializer_list>

#include "../capabilities.h"
#include "../errors.h"
#include "../prov_ctx.h"
#include "api/aes.h"
#include "dispatch_util.h"
#include "mac_cipher.h"
#include "modes/cmac_driver.h"
#include "tables.h"

namespace armaccel::prov {

namespace {

// CBC-MAC chaining on the AES lane: the chaining value is the driver's.
struct KernelChain {
  const AesKernel* kernel;
  const AesRoundKeys* rk;
  void reset() {}
  void absorb(const std::uint8_t* in, std::size_t blocks, std::uint8_t* mac) {
    kernel->cbc_mac(rk, in, blocks, mac);
  }
};

// CBC encryption through EVP (zero IV, no padding): the context carries the
// chaining value and the last ciphertext block is the MAC so far.
template <std::size_t B>
struct EvpChain {
  EVP_CIPHER_CTX* ctx;
  bool ok = true;
  void reset() {
    static const unsigned char kZero[EVP_MAX_IV_LENGTH] = {};
    ok = ok && EVP_EncryptInit_ex2(ctx, nullptr, nullptr, kZero, nullptr) == 1;
  }
  void absorb(const std::uint8_t* in, std::size_t blocks, std::uint8_t* mac) {
    constexpr std::size_t kPerCall = 16;
    unsigned char scratch[kPerCall * B];
    while (ok && blocks != 0) {
      const std::size_t n = blocks < kPerCall ? blocks : kPerCall;
      int outl = 0;
      ok = EVP_EncryptUpdate(ctx, scratch, &outl, in, static_cast<int>(n * B)) == 1 &&
           static_cast<std::size_t>(outl) == n * B;
      if (ok) std::memcpy(mac, scratch + (n - 1) * B, B);
      in += n * B;
      blocks -= n;
    }
    OPENSSL_cleanse(scratch, sizeof scratch);
  }
};

struct CmacCtx {
  const ProvCtx* prov;
  const AesKernel* kernel;
  AesRoundKeys rk;
  CmacState<16> s16;
  CmacState<8> s8;
  FetchedCipher fetched;         // other ciphers: driven through EVP
  std::size_t native_key_bytes;  // AES on armaccel's kernels, else 0
  std::size_t block;             // 0 until a cipher is set
  bool key_set;
  bool finished;
};

void drop_cipher(CmacCtx* c) {
  fetched_free(&c->fetched);
  c->native_key_bytes = c->block = 0;
  c->key_set = c->finished = false;
  OPENSSL_cleanse(&c->rk, sizeof c->rk);
  OPENSSL_cleanse(&c->s16, sizeof c->s16);
  OPENSSL_cleanse(&c->s8, sizeof c->s8);
}

// Runs `op(state, chain)` on the state and chain the cipher uses; false if
// an EVP step failed.
template <class Op>
bool with_chain(CmacCtx* c, Op op) {
  if (c->fetched.cipher == nullptr) {
    KernelChain chain{c->kernel, &c->rk};
    op(&c->s16, chain);
    return true;
  }
  bool ok;
  if (c->block == 16) {
    EvpChain<16> chain{c->fetched.ctx};
    op(&c->s16, chain);
    ok = chain.ok;
  } else {
    EvpChain<8> chain{c->fetched.ctx};
    op(&c->s8, chain);
    ok = chain.ok;
  }
  if (!ok) raise_error(c->prov, kErrCipherOperationFailed);
  return ok;
}

void* newctx(void* provctx) noexcept {
  auto* prov = static_cast<const ProvCtx*>(provctx);
  auto* c = static_cast<CmacCtx*>(OPENSSL_zalloc(sizeof(CmacCtx)));
  if (c == nullptr) return nullptr;
  c->prov = prov;
  c->kernel = prov->kernels.aes;
  return c;
}

void freectx(void* vctx) noexcept {
  auto* c = static_cast<CmacCtx*>(vctx);
  if (c == nullptr) return;
  drop_cipher(c);
  OPENSSL_clear_free(c, sizeof *c);
}

void* dupctx(void* vctx) noexcept {
  return dup_mac_ctx<CmacCtx>(vctx);
}

// True if `mc` is the cipher the context already has: naming it again (an
// init with the same "cipher" and no key) keeps the key, as the default
// provider's CMAC does.
bool same_cipher(const CmacCtx* c, const MacCipher& mc) {
  if (c->block == 0) return false;
  if (mc.fetched == nullptr)
    return c->fetched.cipher == nullptr && c->native_key_bytes == mc.native_key_bytes;
  return c->fetched.cipher != nullptr &&
         EVP_CIPHER_get0_provider(c->fetched.cipher) == EVP_CIPHER_get0_provider(mc.fetched) &&
         EVP_CIPHER_is_a(c->fetched.cipher, EVP_CIPHER_get0_name(mc.fetched));
}

bool set_cipher(CmacCtx* c, const MacCipher& mc) {
  if (same_cipher(c, mc)) {
    EVP_CIPHER_free(mc.fetched);
    return true;
  }
  drop_cipher(c);
  if (mc.fetched == nullptr) {
    c->native_key_bytes = mc.native_key_bytes;
    c->block = 16;
    trace_new_context(c->prov, "CMAC", c->kernel->lane);
    return true;
  }
  const int block = EVP_CIPHER_get_block_size(mc.fetched);
  if (block != 8 && block != 16) {  // SP 800-38B defines no other sizes
    EVP_CIPHER_free(mc.fetched);
    raise_error(c->prov, kErrUnsupportedCipher);
    return false;
  }
  if (!fetched_start(&c->fetched, mc.fetched)) {
    raise_error(c->prov, kErrUnsupportedCipher);
    return false;
  }
  c->block = static_cast<std::size_t>(block);
  trace_fallback(c->prov, "CMAC", c->fetched.cipher);
  return true;
}

bool set_key(CmacCtx* c, const unsigned char* key, std::size_t keylen) {
  if (c->block == 0) {
    raise_error(c->prov, kErrMissingCipher);
    return false;
  }
  c->key_set = c->finished = false;
  if (c->fetched.cipher == nullptr) {
    if (keylen != c->native_key_bytes) {
      raise_error(c->prov, kErrInvalidKeyLength);
      return false;
    }
    if (!c->kernel->set_encrypt_key(&c->rk, key, keylen)) {
      raise_error(c->prov, kErrKeySetupFailed);
      return false;
    }
  } else {
    if (keylen > INT_MAX ||
        EVP_CIPHER_CTX_set_key_length(c->fetched.ctx, static_cast<int>(keylen)) <= 0) {
      raise_error(c->prov, kErrInvalidKeyLength);
      return false;
    }
    if (!EVP_EncryptInit_ex2(c->fetched.ctx, nullptr, key, nullptr, nullptr) ||
        !EVP_CIPHER_CTX_set_padding(c->fetched.ctx, 0)) {
      raise_error(c->prov, kErrKeySetupFailed);
      return false;
    }
  }
  if (!with_chain(c, [](auto* s, auto& chain) { cmac_init(s, chain); })) return false;
  c->key_set = true;
  return true;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<CmacCtx*>(vctx);
  if (params == nullptr) return 1;
  MacCipher mc;
  bool found = false;
  if (!mac_cipher_from_params(c->prov, params, EVP_CIPH_CBC_MODE, &mc, &found)) return 0;
  if (found && !set_cipher(c, mc)) return 0;
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY);
  if (p != nullptr) {
    if (!readable_octets(p)) {
      raise_error(c->prov, kErrFailedToSetParameter);
      return 0;
    }
    if (!set_key(c, static_cast<const unsigned char*>(p->data), p->data_size)) return 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen,
         const OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<CmacCtx*>(vctx);
  if (!set_ctx_params(c, params)) return 0;
  if (key != nullptr) return set_key(c, key, keylen) ? 1 : 0;
  if (!c->key_set) {
    raise_error(c->prov, kErrNoKeySet);
    return 0;
  }
  c->finished = false;
  return with_chain(c, [](auto* s, auto& chain) { cmac_restart(s, chain); }) ? 1 : 0;
}

bool usable(const CmacCtx* c) {
  if (!c->key_set) {
    raise_error(c->prov, kErrNoKeySet);
    return false;
  }
  if (c->finished) {
    raise_error(c->prov, kErrUpdateAfterFinal);
    return false;
  }
  return true;
}

int update(void* vctx, const unsigned char* data, std::size_t len) noexcept {
  auto* c = static_cast<CmacCtx*>(vctx);
  if (!usable(c)) return 0;
  return with_chain(c, [&](auto* s, auto& chain) { cmac_update(s, chain, data, len); }) ? 1 : 0;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) noexcept {
  auto* c = static_cast<CmacCtx*>(vctx);
  *outl = 0;
  if (!usable(c)) return 0;
  if (outsize < c->block) {
    raise_error(c->prov, kErrOutputBufferTooSmall);
    return 0;
  }
  c->finished = true;
  if (!with_chain(c, [&](auto* s, auto& chain) { cmac_final(s, chain, out); })) return 0;
  *outl = c->block;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<CmacCtx*>(vctx);
  for (const char* name : {OSSL_MAC_PARAM_SIZE, OSSL_MAC_PARAM_BLOCK_SIZE}) {
    OSSL_PARAM* p = OSSL_PARAM_locate(params, name);
    if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->block)) {
      raise_error(c->prov, kErrFailedToGetParameter);
      return 0;
    }
  }
  return 1;
}

const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
  static const OSSL_PARAM kList[] = {
      OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
      OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, nullptr),
      OSSL_PARAM_END,
  };
  return kList;
}

const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
  static const OSSL_PARAM kList[] = {
      OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0),
      OSSL_PARAM_END,
  };
  return kList;
}

const OSSL_DISPATCH kCmac[] = {
    {OSSL_FUNC_MAC_NEWCTX, as_dispatch(&newctx)},
    {OSSL_FUNC_MAC_DUPCTX, as_dispatch(&dupctx)},
    {OSSL_FUNC_MAC_FREECTX, as_dispatch(&freectx)},
    {OSSL_FUNC_MAC_INIT, as_dispatch(&init)},
    {OSSL_FUNC_MAC_UPDATE, as_dispatch(&update)},
    {OSSL_FUNC_MAC_FINAL, as_dispatch(&final)},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, as_dispatch(&gettable_ctx_params)},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, as_dispatch(&get_ctx_params)},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, as_dispatch(&settable_ctx_params)},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, as_dispatch(&set_ctx_params)},
    {0, nullptr},
};

}  // namespace

const OSSL_DISPATCH* const kCmacFunctions = kCmac;

}  // namespace armaccel::prov
