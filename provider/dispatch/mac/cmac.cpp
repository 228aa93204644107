// SPDX-License-Identifier: Apache-2.0
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
#include <iterator>

#include "api/aes.h"
#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/mac_dispatch.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "mac_cipher.h"
#include "modes/cmac_driver.h"
#include "prov_ctx.h"
#include "util/wipe.h"

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
    wipe(scratch, sizeof scratch);
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

// (wipe: the kernels' memset through a volatile pointer, OPENSSL_cleanse's
// guarantee at memset's speed; this runs at every keyed init, and the
// whole context is cleansed when freed.)
void drop_cipher(CmacCtx* c) {
  fetched_free(&c->fetched);
  c->native_key_bytes = c->block = 0;
  c->key_set = c->finished = false;
  wipe(&c->rk, sizeof c->rk);
  wipe(&c->s16, sizeof c->s16);
  wipe(&c->s8, sizeof c->s8);
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
  return ok;  // (no error, as CMAC_Update and CMAC_Final)
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
  if (!fetched_start(c->prov, &c->fetched, mc.fetched)) return false;
  c->block = static_cast<std::size_t>(block);
  trace_fallback(c->prov, "CMAC", c->fetched.cipher);
  return true;
}

// Errors as the default provider's CMAC (CMAC_Init over an EVP cipher
// context): none without a cipher, EVP_R_INVALID_KEY_LENGTH for a key of
// another length (EVP_CIPHER_CTX_set_key_length raises it for a fetched
// cipher).
bool key_cipher(CmacCtx* c, const unsigned char* key, std::size_t keylen) {
  if (c->block == 0) return false;
  c->key_set = c->finished = false;
  if (c->fetched.cipher == nullptr) {
    if (keylen != c->native_key_bytes) {
      raise_error(c->prov, kErrEvpInvalidKeyLength);
      return false;
    }
    if (!c->kernel->set_encrypt_key(&c->rk, key, keylen)) return false;
  } else {
    if (keylen > INT_MAX ||
        EVP_CIPHER_CTX_set_key_length(c->fetched.ctx, static_cast<int>(keylen)) <= 0)
      return false;
    if (!EVP_EncryptInit_ex2(c->fetched.ctx, nullptr, key, nullptr, nullptr) ||
        !EVP_CIPHER_CTX_set_padding(c->fetched.ctx, 0))
      return false;
  }
  if (!with_chain(c, [](auto* s, auto& chain) { cmac_init(s, chain); })) return false;
  c->key_set = true;
  return true;
}

// A keyed message in progress: without a key, update and final fail
// without an error, as CMAC_Update and CMAC_Final.
bool usable(const CmacCtx* c) {
  return mac_ready(c->prov, c->key_set, kErrNone, c->finished, kErrUpdateAfterFinal);
}

// CMAC for MacDispatch: the cipher's block size is the MAC's size.
struct Cmac {
  using Ctx = CmacCtx;
  static constexpr std::size_t kFixedSize = 0;

  static void setup(CmacCtx* c) { c->kernel = c->prov->kernels.aes; }
  static void release(CmacCtx* c) { drop_cipher(c); }
  static bool dup_members(CmacCtx* copy, const CmacCtx& src) {
    return dup_fetched_member(copy, src);
  }

  static int set_params(CmacCtx* c, const OSSL_PARAM params[]) {
    const MacCipherParams f(params, kMacCipherParamNames);
    return apply_cipher_and_key(c, f, EVP_CIPH_CBC_MODE, set_cipher, key_cipher, kErrNone) ? 1 : 0;
  }

  static bool set_key(CmacCtx* c, const unsigned char* key, std::size_t keylen) {
    return key_cipher(c, key, keylen);
  }

  static bool rekey_or_restart(CmacCtx* c) {
    if (!c->key_set) return false;  // (no error, as CMAC_Init)
    c->finished = false;
    return with_chain(c, [](auto* s, auto& chain) { cmac_restart(s, chain); });
  }

  static int update(CmacCtx* c, const unsigned char* data, std::size_t len) {
    if (!usable(c)) return 0;
    return with_chain(c, [&](auto* s, auto& chain) { cmac_update(s, chain, data, len); }) ? 1 : 0;
  }

  static int final(CmacCtx* c, unsigned char* out, std::size_t* outl, std::size_t outsize) {
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

  static int get_ctx_params(CmacCtx* c, OSSL_PARAM params[]) {
    static constexpr const char* kNames[] = {OSSL_MAC_PARAM_SIZE, OSSL_MAC_PARAM_BLOCK_SIZE};
    const ParamScan<OSSL_PARAM, std::size(kNames)> f(params, kNames);
    for (std::size_t i = 0; i < std::size(kNames); ++i) {
      OSSL_PARAM* p = f[i];
      if (p != nullptr && !OSSL_PARAM_set_size_t(p, c->block)) return 0;  // (no error)
    }
    return 1;
  }

  static const OSSL_PARAM* gettable_ctx_params() { return mac_size_gettables<std::size_t>(); }

  static const OSSL_PARAM* settable(void*) {
    static const OSSL_PARAM kList[] = {ARMACCEL_MAC_CIPHER_PARAMS, ARMACCEL_MAC_KEY_PARAM,
                                       OSSL_PARAM_END};
    return kList;
  }
};

}  // namespace

const OSSL_DISPATCH* const kCmacFunctions = MacDispatch<Cmac>::kTable;

}  // namespace armaccel::prov
