// ECB, CBC and CTR for any 16-byte block cipher whose kernel table has the
// shape of AesKernel (kernels/api/aes.h), with the EVP semantics of OpenSSL's
// default provider (ciphercommon.c): partial blocks buffered across
// updates, PKCS#7 padding on/off, the last block held back when decrypting
// with padding, re-init with a NULL key keeping the key, "iv"/"updated-iv",
// "num", and the TLS CBC record mode libssl switches on with "tls-version".
//
// Stricter than the default provider where it would silently give wrong
// bytes or overrun: update after final, partially overlapping buffers and
// outputs beyond INT_MAX (what EVP can report) fail with an error instead.
//
// Traits supplies: Kernel, Schedule, kernel(const ProvCtx*), kName ("AES"),
// kKeyBitsInName (AES-128-CBC, but SM4-CBC).
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
#include <type_traits>

#include "../capabilities.h"
#include "../errors.h"
#include "../prov_ctx.h"
#include "cipher_dispatch.h"
#include "cipher_params.h"
#include "dispatch_util.h"
#include "tls_cbc.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

enum class BlockMode : unsigned {
  kEcb = EVP_CIPH_ECB_MODE,
  kCbc = EVP_CIPH_CBC_MODE,
  kCtr = EVP_CIPH_CTR_MODE,
  kOfb = EVP_CIPH_OFB_MODE,
  kCfb = EVP_CIPH_CFB_MODE,  // 128-bit feedback (CFB128)
};

// The state of one cipher operation.  Plain data, so dupctx is a copy; the
// key, schedule and buffered data are wiped when it is freed.
template <class Traits>
struct BlockModeCtx {
  const ProvCtx* prov;
  const typename Traits::Kernel* kernel;  // copied at newctx: a stream never changes lane
  typename Traits::Schedule schedule;     // round keys for `schedule_encrypts`' direction
  std::uint8_t key[32];                   // kept to re-expand if the direction changes
  std::uint8_t iv[16];                    // chaining value (CBC) or counter block (CTR)
  std::uint8_t oiv[16];                   // the IV given at init ("iv" parameter)
  std::uint8_t buf[16];                   // partial block (ECB/CBC) or keystream block (CTR)
  std::uint8_t tls_mac[kTlsMaxMacBytes];  // MAC of the last TLS record decrypted
  std::size_t buf_len;
  std::size_t tls_mac_size;
  unsigned tls_version;
  unsigned num;  // keystream bytes of buf already used (CTR)
  bool enc;
  bool pad;
  bool key_set;
  bool iv_set;
  bool schedule_encrypts;
  bool finalized;
  bool use_bits;
  std::uint64_t bytes_in;  // given to update/cipher (ARMACCEL_TRACE reports it)
};

template <class Traits, BlockMode Mode, std::size_t KeyBytes>
class BlockModeCipher {
 public:
  using Ctx = BlockModeCtx<Traits>;
  static_assert(std::is_trivially_copyable_v<Ctx>);
  static_assert(KeyBytes <= sizeof(Ctx::key));

  static constexpr std::size_t kBlock = 16;
  static constexpr bool kStream =
      Mode == BlockMode::kCtr || Mode == BlockMode::kOfb || Mode == BlockMode::kCfb;
  static constexpr std::size_t kIvBytes = Mode == BlockMode::kEcb ? 0 : 16;
  static constexpr CipherInfo kInfo = {static_cast<unsigned>(Mode), KeyBytes, kIvBytes,
                                       kStream ? 1u : kBlock,       false,    false};

  static constexpr const OSSL_DISPATCH* kDispatch = CipherDispatch<BlockModeCipher>::kTable;
  friend struct CipherDispatch<BlockModeCipher>;

 private:
  static constexpr AlgName kName =
      make_alg_name(Traits::kName, Traits::kKeyBitsInName ? KeyBytes * 8 : 0,
                    Mode == BlockMode::kEcb   ? "ECB"
                    : Mode == BlockMode::kCbc ? "CBC"
                    : Mode == BlockMode::kOfb ? "OFB"
                    : Mode == BlockMode::kCfb ? "CFB"
                                              : "CTR");

  static Ctx* self(void* vctx) { return static_cast<Ctx*>(vctx); }

  static void* newctx(void* provctx) noexcept {
    auto* prov = static_cast<const ProvCtx*>(provctx);
    auto* c = static_cast<Ctx*>(OPENSSL_zalloc(sizeof(Ctx)));
    if (c == nullptr) return nullptr;
    c->prov = prov;
    c->kernel = Traits::kernel(prov);
    c->pad = true;
    trace_new_context(prov, kName.text, c->kernel->lane);
    return c;
  }

  static void freectx(void* vctx) noexcept { free_cipher_ctx<Ctx>(vctx, kName.text); }

  static void* dupctx(void* vctx) noexcept { return dup_cipher_ctx<Ctx>(vctx); }

  // ECB and CBC decryption run the inverse cipher; everything else the
  // forward cipher.
  static bool wants_encrypt_schedule(const Ctx* c) { return kStream || c->enc; }

  static bool expand_schedule(Ctx* c) {
    const bool encrypts = wants_encrypt_schedule(c);
    const bool ok = encrypts ? c->kernel->set_encrypt_key(&c->schedule, c->key, KeyBytes)
                             : c->kernel->set_decrypt_key(&c->schedule, c->key, KeyBytes);
    c->schedule_encrypts = encrypts;
    return ok;
  }

  static int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                  std::size_t ivlen, const OSSL_PARAM params[], bool enc) {
    Ctx* c = self(vctx);
    c->num = 0;
    c->buf_len = 0;
    c->enc = enc;
    c->finalized = false;
    if (iv != nullptr && Mode != BlockMode::kEcb) {
      if (ivlen != kIvBytes) {
        raise_error(c->prov, kErrInvalidIvLength);
        return 0;
      }
      std::memcpy(c->iv, iv, kIvBytes);
      std::memcpy(c->oiv, iv, kIvBytes);
      c->iv_set = true;
    } else if (iv == nullptr && c->iv_set &&
               (Mode == BlockMode::kCbc || Mode == BlockMode::kOfb || Mode == BlockMode::kCfb)) {
      std::memcpy(c->iv, c->oiv, kIvBytes);  // restart the chain, as OpenSSL does
    }
    if (key != nullptr) {
      if (keylen != KeyBytes) {
        raise_error(c->prov, kErrInvalidKeyLength);
        return 0;
      }
      std::memcpy(c->key, key, KeyBytes);
      c->key_set = false;
      if (!expand_schedule(c)) {
        raise_error(c->prov, kErrKeySetupFailed);
        return 0;
      }
      c->key_set = true;
    } else if (c->key_set && c->schedule_encrypts != wants_encrypt_schedule(c)) {
      expand_schedule(c);  // same key, other direction
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

  // OFB and CFB (SP 800-38A §6.4, §6.3 with s = 128) over any length, as
  // OpenSSL's: iv holds the current keystream (OFB) or feedback (CFB)
  // block, num the bytes of it used.  Each block needs the one before, so
  // one kernel block at a time.
  static void feedback_process(Ctx* c, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
    for (; len != 0; --len) {
      if (c->num == 0) c->kernel->ecb_encrypt(&c->schedule, c->iv, c->iv, 1);
      const std::uint8_t x = *in++;
      const std::uint8_t y = static_cast<std::uint8_t>(x ^ c->iv[c->num]);
      *out++ = y;
      if constexpr (Mode == BlockMode::kCfb) c->iv[c->num] = c->enc ? y : x;  // the ciphertext
      c->num = (c->num + 1) % kBlock;
    }
  }

  // Whole blocks through the mode (len a multiple of 16; in == out allowed).
  static void process_blocks(Ctx* c, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
    const std::size_t blocks = len / kBlock;
    const auto* k = c->kernel;
    if constexpr (Mode == BlockMode::kEcb) {
      (c->enc ? k->ecb_encrypt : k->ecb_decrypt)(&c->schedule, in, out, blocks);
    } else if constexpr (Mode == BlockMode::kCbc) {
      (c->enc ? k->cbc_encrypt : k->cbc_decrypt)(&c->schedule, in, out, blocks, c->iv);
    } else if constexpr (Mode == BlockMode::kOfb || Mode == BlockMode::kCfb) {
      feedback_process(c, in, out, len);
    } else {
      k->ctr_encrypt(&c->schedule, in, out, blocks, c->iv);
    }
  }

  // The stream modes over any length.  CTR: leftover keystream first,
  // whole blocks, then a new keystream block for the tail; OFB and CFB:
  // feedback_process.
  static void stream_process(Ctx* c, const std::uint8_t* in, std::uint8_t* out, std::size_t len) {
    if constexpr (Mode == BlockMode::kOfb || Mode == BlockMode::kCfb) {
      feedback_process(c, in, out, len);
      return;
    }
    for (; c->num != 0 && len != 0; --len) {
      *out++ = static_cast<std::uint8_t>(*in++ ^ c->buf[c->num]);
      c->num = (c->num + 1) % kBlock;
    }
    const std::size_t whole = len - len % kBlock;
    if (whole != 0) {
      process_blocks(c, in, out, whole);
      in += whole;
      out += whole;
      len -= whole;
    }
    if (len != 0) {
      std::memset(c->buf, 0, kBlock);
      c->kernel->ctr_encrypt(&c->schedule, c->buf, c->buf, 1, c->iv);
      for (std::size_t i = 0; i < len; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ c->buf[i]);
      c->num = static_cast<unsigned>(len);
    }
  }

  static bool check_ready(Ctx* c) {
    if (!c->key_set) {
      raise_error(c->prov, kErrNoKeySet);
      return false;
    }
    if (c->finalized) {
      raise_error(c->prov, kErrUpdateAfterFinal);
      return false;
    }
    return true;
  }

  // One TLS/SSL record per update, in place (libssl's contract).
  static int tls_update(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize,
                        const std::uint8_t* in, std::size_t inl) {
    if (in == nullptr || in != out || outsize < inl || !c->pad) {
      raise_error(c->prov, kErrCipherOperationFailed);
      return 0;
    }
    if (c->enc) {
      inl = tls_add_padding(c->tls_version, out, inl, outsize, kBlock);
      if (inl == 0) {
        raise_error(c->prov, kErrOutputBufferTooSmall);
        return 0;
      }
    }
    if (inl % kBlock != 0) {
      raise_error(c->prov, kErrInvalidTlsRecord);
      return 0;
    }
    process_blocks(c, out, out, inl);
    if (c->enc) {
      *outl = inl;
      return 1;
    }
    // A secret, key-dependent stand-in MAC for records with bad padding.
    std::uint8_t fallback[kTlsMaxMacBytes] = {};
    c->kernel->ecb_decrypt(&c->schedule, fallback, fallback, kTlsMaxMacBytes / kBlock);
    std::size_t payload = 0;
    const bool ok = tls_remove_padding_and_mac(c->tls_version, out, inl, kBlock, c->tls_mac_size,
                                               fallback, c->tls_mac, &payload);
    OPENSSL_cleanse(fallback, sizeof fallback);
    if (!ok) {
      raise_error(c->prov, kErrInvalidTlsRecord);
      return 0;
    }
    *outl = payload;
    return 1;
  }

  static int block_update(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize,
                          const std::uint8_t* in, std::size_t inl) {
    if (c->tls_version > 0) return tls_update(c, out, outl, outsize, in, inl);
    if (in == nullptr && inl != 0) {
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    // inl == 0 still runs the plan below: with padding now off, a block held
    // back by an earlier update is released, as in OpenSSL.
    // Plan the call before touching anything.
    const std::size_t fill =
        c->buf_len != 0 ? (inl < kBlock - c->buf_len ? inl : kBlock - c->buf_len) : 0;
    const std::size_t rest = inl - fill;
    const bool buf_full = c->buf_len != 0 && c->buf_len + fill == kBlock;
    const bool flush = buf_full && (c->enc || rest > 0 || !c->pad);
    std::size_t whole = rest - rest % kBlock;
    if (!c->enc && c->pad && whole != 0 && whole == rest)
      whole -= kBlock;  // hold the last block back
    const std::size_t trailing = rest - whole;
    const std::size_t out_len = (flush ? kBlock : 0) + whole;
    if (out_len > outsize || (out_len != 0 && out == nullptr)) {
      raise_error(c->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (out_len > static_cast<std::size_t>(INT_MAX)) {
      raise_error(c->prov, kErrOutputTooLong);
      return 0;
    }
    // Output must either stream in step with the input (in place) or not
    // touch the input still to be read.
    const std::uint8_t* read_from = in + fill;
    const std::uint8_t* write_from = out + (flush ? kBlock : 0);
    if (read_from != write_from && ranges_overlap(out, out_len, read_from, whole + trailing)) {
      raise_error(c->prov, kErrPartiallyOverlapping);
      return 0;
    }

    if (fill != 0) {
      std::memcpy(c->buf + c->buf_len, in, fill);
      c->buf_len += fill;
      in += fill;
    }
    if (flush) {
      process_blocks(c, c->buf, out, kBlock);
      out += kBlock;
      c->buf_len = 0;
    }
    if (whole != 0) {
      process_blocks(c, in, out, whole);
      in += whole;
    }
    if (trailing != 0) {
      std::memcpy(c->buf, in, trailing);
      c->buf_len = trailing;
    }
    *outl = out_len;
    return 1;
  }

  static int stream_update(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize,
                           const std::uint8_t* in, std::size_t inl) {
    if (inl == 0) {
      *outl = 0;
      return 1;
    }
    if (in == nullptr || out == nullptr || outsize < inl) {
      raise_error(c->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (out != in && ranges_overlap(out, inl, in, inl)) {
      raise_error(c->prov, kErrPartiallyOverlapping);
      return 0;
    }
    stream_process(c, in, out, inl);
    *outl = inl;
    if (!c->enc && c->tls_version > 0 && c->tls_mac_size > 0) {
      // A MAC-then-encrypt record under a stream mode: the MAC is the tail.
      if (*outl < c->tls_mac_size) {
        raise_error(c->prov, kErrInvalidTlsRecord);
        return 0;
      }
      *outl -= c->tls_mac_size;
      std::memcpy(c->tls_mac, out + *outl, c->tls_mac_size);
    }
    return 1;
  }

  // EVP reports output lengths as int; refusing longer inputs up front also
  // keeps the size arithmetic below far from wrapping.
  static bool check_length(Ctx* c, std::size_t inl) {
    if (inl > static_cast<std::size_t>(INT_MAX)) {
      raise_error(c->prov, kErrOutputTooLong);
      return false;
    }
    return true;
  }

  static int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    c->bytes_in += inl;
    if (!check_ready(c) || !check_length(c, inl)) return 0;
    return kStream ? stream_update(c, out, outl, outsize, in, inl)
                   : block_update(c, out, outl, outsize, in, inl);
  }

  // PKCS#7 check of the last decrypted block without branching on its
  // bytes: returns the number of plaintext bytes, or -1.  The verdict and
  // the length are public once computed (final fails or returns them).
  static int unpad_block(const std::uint8_t block[kBlock]) {
    const unsigned n = block[kBlock - 1];
    unsigned bad = ((n - 1u) >> 8) & 1u;  // n == 0
    bad |= ((16u - n) >> 8) & 1u;         // n > 16
    for (unsigned i = 0; i < kBlock; ++i) {
      const unsigned in_pad = (((15u - i) - n) >> 8) & 1u;  // i >= 16 - n
      const unsigned differs = (((block[i] ^ n) + 0xFFu) >> 8) & 1u;
      bad |= in_pad & differs;
    }
    return ct::declassify_value(bad) != 0 ? -1 : static_cast<int>(kBlock - ct::declassify_value(n));
  }

  static int final(void* vctx, unsigned char* out, std::size_t* outl,
                   std::size_t outsize) noexcept {
    Ctx* c = self(vctx);
    if (!check_ready(c)) return 0;
    c->finalized = true;
    *outl = 0;
    if constexpr (kStream) {
      return 1;
    } else {
      if (c->tls_version > 0) {
        raise_error(c->prov, kErrCipherOperationFailed);  // TLS records are never finalised
        return 0;
      }
      if (c->enc) {
        if (c->pad) {
          const std::size_t n = kBlock - c->buf_len;
          std::memset(c->buf + c->buf_len, static_cast<int>(n), n);
        } else if (c->buf_len == 0) {
          return 1;
        } else {
          raise_error(c->prov, kErrWrongFinalBlockLength);
          return 0;
        }
        if (outsize < kBlock || out == nullptr) {
          raise_error(c->prov, kErrOutputBufferTooSmall);
          return 0;
        }
        process_blocks(c, c->buf, out, kBlock);
        c->buf_len = 0;
        *outl = kBlock;
        return 1;
      }
      if (c->buf_len != kBlock) {
        if (c->buf_len == 0 && !c->pad) return 1;
        raise_error(c->prov, kErrWrongFinalBlockLength);
        return 0;
      }
      process_blocks(c, c->buf, c->buf, kBlock);
      c->buf_len = 0;
      int n = kBlock;
      if (c->pad) {
        n = unpad_block(c->buf);
        if (n < 0) {
          OPENSSL_cleanse(c->buf, kBlock);
          raise_error(c->prov, kErrBadDecrypt);
          return 0;
        }
      }
      if (outsize < static_cast<std::size_t>(n) || (n != 0 && out == nullptr)) {
        OPENSSL_cleanse(c->buf, kBlock);
        raise_error(c->prov, kErrOutputBufferTooSmall);
        return 0;
      }
      std::memcpy(out, c->buf, static_cast<std::size_t>(n));
      OPENSSL_cleanse(c->buf, kBlock);
      *outl = static_cast<std::size_t>(n);
      return 1;
    }
  }

  // One-shot (EVP_Cipher): no buffering; block modes need whole blocks.
  static int cipher(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    Ctx* c = self(vctx);
    c->bytes_in += inl;
    if (!check_ready(c) || !check_length(c, inl)) return 0;
    if (outsize < inl || (inl != 0 && (in == nullptr || out == nullptr))) {
      raise_error(c->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (out != in && ranges_overlap(out, inl, in, inl)) {
      raise_error(c->prov, kErrPartiallyOverlapping);
      return 0;
    }
    if constexpr (kStream) {
      stream_process(c, in, out, inl);
    } else {
      if (inl % kBlock != 0) {
        raise_error(c->prov, kErrWrongFinalBlockLength);
        return 0;
      }
      process_blocks(c, in, out, inl);
    }
    *outl = inl;
    return 1;
  }

  static int get_params(OSSL_PARAM params[]) noexcept { return get_cipher_params(params, kInfo); }

  static int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    OSSL_PARAM* p = nullptr;
    bool ok = true;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != nullptr)
      ok = ok && OSSL_PARAM_set_size_t(p, kIvBytes);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != nullptr)
      ok = ok && OSSL_PARAM_set_size_t(p, KeyBytes);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_PADDING)) != nullptr)
      ok = ok && OSSL_PARAM_set_uint(p, c->pad ? 1 : 0);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_NUM)) != nullptr)
      ok = ok && OSSL_PARAM_set_uint(p, c->num);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) != nullptr)
      ok = ok && set_octets(p, c->oiv, kIvBytes);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) != nullptr)
      ok = ok && set_octets(p, c->iv, kIvBytes);
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS_MAC)) != nullptr)
      ok = ok && OSSL_PARAM_set_octet_ptr(p, c->tls_mac, c->tls_mac_size);
    if (!ok) raise_error(c->prov, kErrFailedToGetParameter);
    return ok ? 1 : 0;
  }

  static int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
    Ctx* c = self(vctx);
    if (params == nullptr) return 1;
    const OSSL_PARAM* p = nullptr;
    unsigned u = 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING)) != nullptr) {
      if (!OSSL_PARAM_get_uint(p, &u)) goto bad;
      c->pad = u != 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_USE_BITS)) != nullptr) {
      if (!OSSL_PARAM_get_uint(p, &u)) goto bad;
      c->use_bits = u != 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_TLS_VERSION)) != nullptr) {
      if (!OSSL_PARAM_get_uint(p, &u)) goto bad;
      c->tls_version = u;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_TLS_MAC_SIZE)) != nullptr) {
      std::size_t size = 0;
      if (!OSSL_PARAM_get_size_t(p, &size) || size > kTlsMaxMacBytes) goto bad;
      c->tls_mac_size = size;
    }
    // Key and IV lengths are fixed: a request for another length is an error
    // here rather than a silent no-op that would make EVP read past a
    // caller's shorter buffer.
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) != nullptr) {
      std::size_t len = 0;
      if (!OSSL_PARAM_get_size_t(p, &len)) goto bad;
      if (len != KeyBytes) {
        raise_error(c->prov, kErrInvalidKeyLength);
        return 0;
      }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_IVLEN)) != nullptr) {
      std::size_t len = 0;
      if (!OSSL_PARAM_get_size_t(p, &len)) goto bad;
      if (len != kIvBytes) {
        raise_error(c->prov, kErrInvalidIvLength);
        return 0;
      }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_NUM)) != nullptr) {
      if (!OSSL_PARAM_get_uint(p, &u)) goto bad;
      // Below the reported block size, as OpenSSL 3.0: for the stream modes
      // (block size 1) only 0, since any other value would use a stale or
      // not yet encrypted keystream block (OFB, CFB: the raw IV).
      if (u >= kInfo.block_bytes) {
        raise_error(c->prov, kErrInvalidNumValue);
        return 0;
      }
      c->num = u;
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
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, nullptr),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
        OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, nullptr, 0),
        OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, nullptr, 0),
        OSSL_PARAM_END,
    };
    return kList;
  }

  static const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, nullptr),
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_USE_BITS, nullptr),
        OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, nullptr),
        OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, nullptr),
        OSSL_PARAM_END,
    };
    return kList;
  }
};

}  // namespace armaccel::prov
