// SPDX-License-Identifier: Apache-2.0
// ECB, CBC, CTR, OFB and CFB128 (SP 800-38A) for any 16-byte block cipher
// whose kernel table has the shape of AesKernel (kernels/api/aes.h), with
// the EVP semantics of OpenSSL's default provider (ciphercommon.c): re-init
// with a NULL key keeping the key (re-expanded if the direction changes),
// "iv"/"updated-iv", "num", "padding", and the TLS record mode libssl
// switches on with "tls-version".  The jobs are in common/: the mode's data
// path (cipher_block_mode.h), buffering and PKCS#7 padding
// (cipher_block_pad.h), TLS records (cipher_block_tls.h), the life cycle
// (cipher_base.h).
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
#include <openssl/params.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "block_mode_data.h"
#include "block_mode_pad.h"
#include "block_mode_tls.h"
#include "capabilities.h"
#include "dispatch/common/cipher_base.h"
#include "dispatch/common/cipher_checks.h"
#include "dispatch/common/cipher_param_lists.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/param_scan.h"
#include "errors.h"
#include "prov_ctx.h"

namespace armaccel::prov {

template <class Traits, BlockMode Mode, std::size_t KeyBytes>
class BlockModeCipher : public CipherBase<BlockModeCipher<Traits, Mode, KeyBytes>> {
  using Ops = BlockModeOps<Traits, Mode, KeyBytes>;
  using Padding = BlockPadding<Ops>;

 public:
  using Ctx = typename Ops::Ctx;

  static constexpr std::size_t kBlock = Ops::kBlock;
  static constexpr bool kStream = Ops::kStream;
  static constexpr std::size_t kIvBytes = Ops::kIvBytes;
  static constexpr CipherInfo kInfo = {static_cast<unsigned>(Mode), KeyBytes, kIvBytes,
                                       kStream ? 1u : kBlock,       false,    false};
  friend class CipherBase<BlockModeCipher>;

 private:
  static constexpr AlgName kName =
      family_alg_name<Traits>(KeyBytes, Mode == BlockMode::kEcb   ? "ECB"
                                        : Mode == BlockMode::kCbc ? "CBC"
                                        : Mode == BlockMode::kOfb ? "OFB"
                                        : Mode == BlockMode::kCfb ? "CFB"
                                                                  : "CTR");

  static void setup(Ctx* c) {
    c->kernel = Traits::kernel(c->prov);
    c->pad = true;
    trace_new_context(c->prov, kName.text, c->kernel->lane);
  }

  static bool init(Ctx* c, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                   std::size_t ivlen, bool enc) {
    c->num = 0;
    c->buf_len = 0;
    c->enc = enc;
    c->finalized = false;
    if (iv != nullptr && Mode != BlockMode::kEcb) {
      if (ivlen != kIvBytes) return cipher_fail(c->prov, kErrInvalidIvLength);
      std::memcpy(c->iv, iv, kIvBytes);
      std::memcpy(c->oiv, iv, kIvBytes);
      c->iv_set = true;
    } else if (iv == nullptr && c->iv_set &&
               (Mode == BlockMode::kCbc || Mode == BlockMode::kOfb || Mode == BlockMode::kCfb)) {
      std::memcpy(c->iv, c->oiv, kIvBytes);  // restart the chain, as OpenSSL does
    }
    if (key != nullptr) {
      if (keylen != KeyBytes) return cipher_fail(c->prov, kErrInvalidKeyLength);
      std::memcpy(c->key, key, KeyBytes);
      c->key_set = false;
      if (!Ops::expand_schedule(c)) return cipher_fail(c->prov, kErrKeySetupFailed);
      c->key_set = true;
    } else if (c->key_set && c->schedule_encrypts != Ops::wants_encrypt_schedule(c)) {
      Ops::expand_schedule(c);  // same key, other direction
    }
    return true;
  }

  static bool check_ready(Ctx* c) {
    if (!c->key_set) return cipher_fail(c->prov, kErrNoKeySet);
    if (c->finalized) return cipher_fail(c->prov, kErrUpdateAfterFinal);
    return true;
  }

  static int stream_update(Ctx* c, std::uint8_t* out, std::size_t* outl, std::size_t outsize,
                           const std::uint8_t* in, std::size_t inl) {
    if (inl == 0) {
      *outl = 0;
      return 1;
    }
    if (in == nullptr || out == nullptr || outsize < inl)
      return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (out != in && ranges_overlap(out, inl, in, inl))
      return cipher_fail(c->prov, kErrPartiallyOverlapping);
    Ops::stream_process(c, in, out, inl);
    *outl = inl;
    // A MAC-then-encrypt record under a stream mode: the MAC is the tail.
    if (!c->enc && c->tls_version > 0 && c->tls_mac_size > 0)
      return tls_stream_mac_tail<Ops>(c, out, outl);
    return 1;
  }

  // EVP reports output lengths as int; refusing longer inputs up front also
  // keeps the size arithmetic far from wrapping.
  static int update(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    c->bytes_in += inl;
    if (!check_ready(c) || !cipher_length_fits(c->prov, inl)) return 0;
    if constexpr (kStream) {
      return stream_update(c, out, outl, outsize, in, inl);
    } else {
      if (c->tls_version > 0) return tls_block_record<Ops>(c, out, outl, outsize, in, inl);
      return Padding::update(c, out, outl, outsize, in, inl);
    }
  }

  static int final(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize) noexcept {
    if (!check_ready(c)) return 0;
    c->finalized = true;
    *outl = 0;
    if constexpr (kStream) {
      return 1;
    } else {
      // TLS records are never finalised.
      if (c->tls_version > 0) return cipher_fail(c->prov, kErrCipherOperationFailed);
      return Padding::final(c, out, outl, outsize);
    }
  }

  // One-shot (EVP_Cipher): no buffering; block modes need whole blocks.
  static int cipher(Ctx* c, unsigned char* out, std::size_t* outl, std::size_t outsize,
                    const unsigned char* in, std::size_t inl) noexcept {
    c->bytes_in += inl;
    if (!check_ready(c) || !cipher_length_fits(c->prov, inl)) return 0;
    if (outsize < inl || (inl != 0 && (in == nullptr || out == nullptr)))
      return cipher_fail(c->prov, kErrOutputBufferTooSmall);
    if (out != in && ranges_overlap(out, inl, in, inl))
      return cipher_fail(c->prov, kErrPartiallyOverlapping);
    if constexpr (kStream) {
      Ops::stream_process(c, in, out, inl);
    } else {
      if (inl % kBlock != 0) return cipher_fail(c->prov, kErrWrongFinalBlockLength);
      Ops::process_blocks(c, in, out, inl);
    }
    *outl = inl;
    return 1;
  }

  // The names get_ctx_params answers, in one pass (ParamScan).
  static constexpr const char* kGetNames[] = {
      OSSL_CIPHER_PARAM_IVLEN,  OSSL_CIPHER_PARAM_KEYLEN, OSSL_CIPHER_PARAM_PADDING,
      OSSL_CIPHER_PARAM_NUM,    OSSL_CIPHER_PARAM_IV,     OSSL_CIPHER_PARAM_UPDATED_IV,
      OSSL_CIPHER_PARAM_TLS_MAC};
  static int get_ctx_params(Ctx* c, OSSL_PARAM params[]) noexcept {
    const ParamScan<OSSL_PARAM, std::size(kGetNames)> f(params, kGetNames);
    if (!put_size(f[0], kIvBytes) || !put_size(f[1], KeyBytes) || !put_uint(f[2], c->pad ? 1 : 0) ||
        !put_uint(f[3], c->num) || !put_octets(f[4], c->oiv, kIvBytes) ||
        !put_octets(f[5], c->iv, kIvBytes) ||
        (f[6] != nullptr && !OSSL_PARAM_set_octet_ptr(f[6], c->tls_mac.data(), c->tls_mac_size)))
      return cipher_get_failed(c->prov);
    return 1;
  }

  // A uint parameter, if present; false (cipher_set_failed) if it cannot be
  // read.
  static bool get_uint(const Ctx* c, const OSSL_PARAM* p, bool* found, unsigned* value) {
    *found = p != nullptr;
    if (p == nullptr || OSSL_PARAM_get_uint(p, value)) return true;
    return cipher_set_failed(c->prov);
  }

  static constexpr const char* kSetNames[] = {
      OSSL_CIPHER_PARAM_PADDING,      OSSL_CIPHER_PARAM_USE_BITS, OSSL_CIPHER_PARAM_TLS_VERSION,
      OSSL_CIPHER_PARAM_TLS_MAC_SIZE, OSSL_CIPHER_PARAM_KEYLEN,   OSSL_CIPHER_PARAM_IVLEN,
      OSSL_CIPHER_PARAM_NUM};
  static int set_ctx_params(Ctx* c, const OSSL_PARAM params[]) noexcept {
    const ParamScan<const OSSL_PARAM, std::size(kSetNames)> f(params, kSetNames);
    bool found = false;
    unsigned u = 0;
    if (!get_uint(c, f[0], &found, &u)) return 0;
    if (found) c->pad = u != 0;
    if (!get_uint(c, f[1], &found, &u)) return 0;
    if (found) c->use_bits = u != 0;
    if (!get_uint(c, f[2], &found, &u)) return 0;
    if (found) c->tls_version = u;
    if (f[3] != nullptr) {
      std::size_t size = 0;
      if (!OSSL_PARAM_get_size_t(f[3], &size) || size > kTlsMaxMacBytes)
        return cipher_set_failed(c->prov);
      c->tls_mac_size = size;
    }
    // Key and IV lengths are fixed.
    if (!fixed_size(c->prov, f[4], KeyBytes, kErrInvalidKeyLength, false) ||
        !fixed_size(c->prov, f[5], kIvBytes, kErrInvalidIvLength, false))
      return 0;
    if (!get_uint(c, f[6], &found, &u)) return 0;
    if (found) {
      // Below the reported block size, as OpenSSL 3.0: for the stream modes
      // (block size 1) only 0, since any other value would use a stale or
      // not yet encrypted keystream block (OFB, CFB: the raw IV).
      if (u >= kInfo.block_bytes) return cipher_set_failed(c->prov);
      c->num = u;
    }
    return 1;
  }

  // The context parameters (common/cipher_param_lists.h).
  static constexpr auto kGettable = cipher_param_list(
      kParamKeylen, kParamIvlen, kParamPadding, kParamNum, kParamIv, kParamUpdatedIv, kParamTlsMac);
  static constexpr auto kSettable = cipher_param_list(kParamPadding, kParamNum, kParamUseBits,
                                                      kParamTlsVersion, kParamTlsMacSize);
};

}  // namespace armaccel::prov
