// SPDX-License-Identifier: Apache-2.0
// Poly1305 (RFC 8439 §2.5) as EVP_MAC "POLY1305": a 32-byte one-time key
// (r || s) through init or the "key" parameter, "size" 16.  As OpenSSL's:
// a re-init without a key is accepted only while nothing was MACed under
// the current key.  Stricter: a key of the wrong size, update or final
// after final (the one-time key is spent) and an output buffer under 16
// bytes are errors on the queue.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>
#include <type_traits>

#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/mac_dispatch.h"
#include "dispatch/common/tables.h"
#include "errors.h"
#include "modes/poly1305_driver.h"
#include "prov_ctx.h"

namespace armaccel::prov {

namespace {

struct PolyCtx {
  const ProvCtx* prov;
  const Poly1305Kernel* kernel;  // fixed at newctx
  Poly1305Mac mac;
  bool key_set;
  bool used;   // data or a tag under the current key
  bool spent;  // final done: the key may not be used again
};
static_assert(std::is_trivially_copyable_v<PolyCtx>);

bool key_poly(PolyCtx* c, const unsigned char* key, std::size_t keylen) {
  if (key == nullptr || keylen != kPoly1305KeyBytes) {
    raise_error(c->prov, kErrInvalidKeyLength);
    return false;
  }
  poly1305_start(c->kernel, &c->mac, key);
  c->key_set = true;
  c->used = c->spent = false;
  return true;
}

// Update and final need a fresh key.  The default provider takes data
// without a key and a second final; armaccel refuses them.
bool ready(PolyCtx* c) {
  return mac_ready(c->prov, c->key_set, kErrNoKeySet, c->spent, kErrKeyAlreadyUsed);
}

// Poly1305 for MacDispatch: a 16-byte tag, plain-data context.
struct PolyMac {
  using Ctx = PolyCtx;
  static constexpr std::size_t kFixedSize = kPoly1305TagBytes;

  static void setup(PolyCtx* c) {
    c->kernel = c->prov->kernels.poly1305;
    trace_new_context(c->prov, "POLY1305", c->kernel->lane);
  }

  // "key": its bytes, whatever the parameter's type, as the default
  // provider takes them (a NULL one is a key of the wrong size).
  static int set_params(PolyCtx* c, const OSSL_PARAM params[]) {
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY);
    if (p == nullptr) return 1;
    return key_poly(c, static_cast<const unsigned char*>(p->data), p->data_size) ? 1 : 0;
  }

  static bool set_key(PolyCtx* c, const unsigned char* key, std::size_t keylen) {
    return key_poly(c, key, keylen);
  }

  // A one-time key must not MAC a second message (no error, as the
  // default provider).
  static bool rekey_or_restart(PolyCtx* c) { return !c->used; }

  static int update(PolyCtx* c, const unsigned char* data, std::size_t len) {
    if (!ready(c)) return 0;
    c->used = true;
    if (len == 0) return 1;
    if (data == nullptr) {
      raise_error(c->prov, kErrNullParameter);
      return 0;
    }
    poly1305_update(c->kernel, &c->mac, data, len);
    return 1;
  }

  static int final(PolyCtx* c, unsigned char* out, std::size_t* outl, std::size_t outsize) {
    if (!ready(c)) return 0;
    if (out == nullptr || outsize < kPoly1305TagBytes) {
      raise_error(c->prov, kErrOutputBufferTooSmall);
      return 0;
    }
    poly1305_final(c->kernel, &c->mac, out);
    poly1305_wipe(&c->mac);
    c->used = c->spent = true;
    *outl = kPoly1305TagBytes;
    return 1;
  }

  static const OSSL_PARAM* settable(void*) {
    static const OSSL_PARAM kList[] = {ARMACCEL_MAC_KEY_PARAM, OSSL_PARAM_END};
    return kList;
  }
};

}  // namespace

const OSSL_DISPATCH* const kPoly1305Functions = MacDispatch<PolyMac>::kTable;

}  // namespace armaccel::prov
