// SPDX-License-Identifier: Apache-2.0
// GMAC (NIST SP 800-38D: GCM with all data as AAD) as EVP_MAC "GMAC",
// parameters as OpenSSL's: "cipher" (an AES-*-GCM, or any GCM cipher
// through EVP), "properties", "key", "iv"; "size" is 16.
//
// Each MAC needs its own IV: after final, a new "iv" must be set before
// the next update or final (OpenSSL behaves the same).  Stricter than
// OpenSSL: a MAC without any IV is refused ("iv not set") instead of being
// computed over a random IV nobody can verify.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <climits>
#include <cstring>
#include <type_traits>

#include "capabilities.h"
#include "dispatch/aead/gcm_mode.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/mac_dispatch.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "mac_cipher.h"
#include "modes/gcm_driver.h"
#include "prov_ctx.h"
#include "util/wipe.h"

namespace armaccel::prov {

namespace {

constexpr std::size_t kGmacBytes = 16;

struct GmacCtx {
  const ProvCtx* prov;
  GcmLanes lanes;
  GcmKey key;             // native AES
  GcmState state;         // native AES, message in progress
  FetchedCipher fetched;  // other ciphers: driven through EVP
  std::uint8_t iv[kGcmMaxIvBytes];
  std::size_t iv_len;
  std::size_t native_key_bytes;  // 0 when no native cipher is set
  bool key_set;
  bool iv_fresh;  // an IV not yet used for a MAC
  bool started;   // a message is in progress
};

bool has_cipher(const GmacCtx* c) {
  return c->native_key_bytes != 0 || c->fetched.cipher != nullptr;
}

// (wipe: the kernels' memset through a volatile pointer, OPENSSL_cleanse's
// guarantee at memset's speed; this runs at every keyed init, and the
// whole context is cleansed when freed.)
void drop_cipher(GmacCtx* c) {
  fetched_free(&c->fetched);
  c->native_key_bytes = 0;
  c->key_set = c->started = false;
  wipe(&c->key, sizeof c->key);
}

bool set_cipher(GmacCtx* c, const MacCipher& mc) {
  drop_cipher(c);
  if (mc.fetched == nullptr) {
    c->native_key_bytes = mc.native_key_bytes;
    trace_new_context(c->prov, "GMAC", c->lanes.ghash->lane);
    return true;
  }
  if (!fetched_start(c->prov, &c->fetched, mc.fetched)) return false;
  trace_fallback(c->prov, "GMAC", c->fetched.cipher);
  return true;
}

// Errors as the default provider's GMAC (an EVP GCM context): EVP's
// EVP_R_NO_CIPHER_SET without a cipher, PROV_R_INVALID_KEY_LENGTH for a
// key of another length.
bool key_cipher(GmacCtx* c, const unsigned char* key, std::size_t keylen) {
  if (!has_cipher(c)) {
    raise_error(c->prov, kErrEvpNoCipherSet);
    return false;
  }
  c->started = false;
  if (c->fetched.cipher != nullptr) {
    if (keylen != static_cast<std::size_t>(EVP_CIPHER_CTX_get_key_length(c->fetched.ctx))) {
      raise_error(c->prov, kErrInvalidKeyLength);
      return false;
    }
    if (!EVP_EncryptInit_ex2(c->fetched.ctx, nullptr, key, nullptr, nullptr)) return false;
  } else {
    if (keylen != c->native_key_bytes) {
      raise_error(c->prov, kErrInvalidKeyLength);
      return false;
    }
    if (!gcm_set_key(c->lanes, &c->key, key, keylen)) return false;
  }
  c->key_set = true;
  return true;
}

// Starts the message on the stored IV (once per IV).  What the default
// provider's EVP GCM context answers when it cannot: EVP_R_INVALID_OPERATION
// without a cipher, `unkeyed` without a key (its update:
// PROV_R_CIPHER_OPERATION_FAILED; its final: nothing).  Without an IV the
// default provider MACs over a random one; armaccel refuses.
bool start(GmacCtx* c, Reason unkeyed) {
  if (c->started) return true;
  if (!has_cipher(c)) {
    raise_error(c->prov, kErrEvpInvalidOperation);
    return false;
  }
  if (!c->key_set) {
    raise_error(c->prov, unkeyed);
    return false;
  }
  if (!c->iv_fresh) {
    raise_error(c->prov, kErrIvNotSet);
    return false;
  }
  if (c->fetched.cipher != nullptr) {
    std::size_t ivlen = c->iv_len;
    const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                            OSSL_PARAM_construct_end()};
    if (!EVP_CIPHER_CTX_set_params(c->fetched.ctx, p) ||
        !EVP_EncryptInit_ex2(c->fetched.ctx, nullptr, nullptr, c->iv, nullptr)) {
      raise_error(c->prov, kErrInvalidIvLength);
      return false;
    }
  } else {
    gcm_start(c->lanes, &c->key, &c->state, c->iv, c->iv_len);
  }
  c->iv_fresh = false;
  c->started = true;
  return true;
}

// A new "iv": the next update or final starts a message on it.
bool set_iv(GmacCtx* c, const OSSL_PARAM* p) {
  if (p->data_type != OSSL_PARAM_OCTET_STRING) return false;  // (no error, as the default)
  if (!readable_octets(p)) {
    raise_error(c->prov, kErrFailedToGetParameter);  // (the default takes it)
    return false;
  }
  if (p->data_size == 0 || p->data_size > kGcmMaxIvBytes) {
    raise_error(c->prov, kErrInvalidIvLength);
    return false;
  }
  std::memcpy(c->iv, p->data, p->data_size);
  c->iv_len = p->data_size;
  c->iv_fresh = true;
  c->started = false;
  return true;
}

// GMAC for MacDispatch: a 16-byte tag.
struct Gmac {
  using Ctx = GmacCtx;
  static constexpr std::size_t kFixedSize = kGmacBytes;

  static void setup(GmacCtx* c) {
    const auto& k = c->prov->kernels;
    c->lanes = {k.aes, k.ghash, k.gcm};
  }
  static void release(GmacCtx* c) { drop_cipher(c); }
  static bool dup_members(GmacCtx* copy, const GmacCtx& src) {
    return dup_fetched_member(copy, src);
  }

  static int set_params(GmacCtx* c, const OSSL_PARAM params[]) {
    const MacCipherParams f(params, kMacCipherParamNames);
    if (!apply_cipher_and_key(c, f, EVP_CIPH_GCM_MODE, set_cipher, key_cipher,
                              kErrFailedToGetParameter))
      return 0;
    return f[kMacIv] == nullptr || set_iv(c, f[kMacIv]) ? 1 : 0;
  }

  static bool set_key(GmacCtx* c, const unsigned char* key, std::size_t keylen) {
    return key_cipher(c, key, keylen);
  }
  // Without a key, init keeps the key and the IV as they are.
  static bool rekey_or_restart(GmacCtx*) { return true; }

  static int update(GmacCtx* c, const unsigned char* data, std::size_t len) {
    if (len == 0) return 1;
    if (!start(c, kErrCipherOperationFailed)) return 0;
    if (c->fetched.cipher != nullptr) {
      for (std::size_t done = 0; done < len;) {
        const std::size_t n = len - done < INT_MAX ? len - done : INT_MAX;
        int outl = 0;
        if (!EVP_EncryptUpdate(c->fetched.ctx, nullptr, &outl, data + done, static_cast<int>(n))) {
          raise_error(c->prov, kErrCipherOperationFailed);
          return 0;
        }
        done += n;
      }
      return 1;
    }
    if (!gcm_aad(c->lanes, &c->key, &c->state, data, len)) {
      raise_error(c->prov, kErrMessageTooLong);
      return 0;
    }
    return 1;
  }

  static int final(GmacCtx* c, unsigned char* out, std::size_t* outl, std::size_t outsize) {
    if (outsize < kGmacBytes) {
      raise_error(c->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    if (!start(c, kErrNone)) return 0;
    c->started = false;  // the IV is spent either way
    if (c->fetched.cipher != nullptr) {
      int l = 0;
      if (!EVP_EncryptFinal_ex(c->fetched.ctx, out, &l) ||
          EVP_CIPHER_CTX_ctrl(c->fetched.ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(kGmacBytes),
                              out) <= 0) {
        raise_error(c->prov, kErrCipherOperationFailed);
        return 0;
      }
    } else {
      gcm_tag(c->lanes, &c->key, &c->state, out);
      wipe(&c->state, sizeof c->state);
    }
    *outl = kGmacBytes;
    return 1;
  }

  static const OSSL_PARAM* settable(void*) {
    static const OSSL_PARAM kList[] = {ARMACCEL_MAC_CIPHER_PARAMS, ARMACCEL_MAC_KEY_PARAM,
                                       OSSL_PARAM_octet_string(OSSL_MAC_PARAM_IV, nullptr, 0),
                                       OSSL_PARAM_END};
    return kList;
  }
};

}  // namespace

const OSSL_DISPATCH* const kGmacFunctions = MacDispatch<Gmac>::kTable;

}  // namespace armaccel::prov
