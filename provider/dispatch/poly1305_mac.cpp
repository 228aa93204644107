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

#include "../capabilities.h"
#include "../errors.h"
#include "../prov_ctx.h"
#include "dispatch_util.h"
#include "modes/poly1305_driver.h"
#include "tables.h"

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

void* newctx(void* provctx) noexcept {
  auto* prov = static_cast<const ProvCtx*>(provctx);
  auto* c = static_cast<PolyCtx*>(OPENSSL_zalloc(sizeof(PolyCtx)));
  if (c == nullptr) return nullptr;
  c->prov = prov;
  c->kernel = prov->kernels.poly1305;
  trace_new_context(prov, "POLY1305", c->kernel->lane);
  return c;
}

void freectx(void* vctx) noexcept {
  if (vctx != nullptr) OPENSSL_clear_free(vctx, sizeof(PolyCtx));
}

void* dupctx(void* vctx) noexcept {
  auto* copy = static_cast<PolyCtx*>(OPENSSL_malloc(sizeof(PolyCtx)));
  if (copy == nullptr)
    raise_alloc_failure(static_cast<const PolyCtx*>(vctx)->prov);
  else
    std::memcpy(copy, vctx, sizeof(PolyCtx));
  return copy;
}

bool set_key(PolyCtx* c, const unsigned char* key, std::size_t keylen) {
  if (key == nullptr || keylen != kPoly1305KeyBytes) {
    raise_error(c->prov, kErrInvalidKeyLength);
    return false;
  }
  poly1305_start(c->kernel, &c->mac, key);
  c->key_set = true;
  c->used = c->spent = false;
  return true;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<PolyCtx*>(vctx);
  if (params == nullptr) return 1;
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY);
  if (p != nullptr) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
      raise_error(c->prov, kErrFailedToSetParameter);
      return 0;
    }
    if (!set_key(c, static_cast<const unsigned char*>(p->data), p->data_size)) return 0;
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen,
         const OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<PolyCtx*>(vctx);
  if (!set_ctx_params(c, params)) return 0;
  if (key != nullptr) return set_key(c, key, keylen) ? 1 : 0;
  if (c->used) {  // a one-time key must not MAC a second message
    raise_error(c->prov, kErrKeyAlreadyUsed);
    return 0;
  }
  return 1;
}

bool ready(PolyCtx* c) {
  if (!c->key_set) {
    raise_error(c->prov, kErrNoKeySet);
    return false;
  }
  if (c->spent) {
    raise_error(c->prov, kErrKeyAlreadyUsed);
    return false;
  }
  return true;
}

int update(void* vctx, const unsigned char* data, std::size_t len) noexcept {
  auto* c = static_cast<PolyCtx*>(vctx);
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

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) noexcept {
  auto* c = static_cast<PolyCtx*>(vctx);
  *outl = 0;
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

int get_params(OSSL_PARAM params[]) noexcept {
  return mac_fixed_size_get_params(params, kPoly1305TagBytes);
}

int get_ctx_params(void*, OSSL_PARAM params[]) noexcept {
  return get_params(params);
}

const OSSL_PARAM* gettable_params(void*) noexcept {
  return mac_fixed_size_gettable();
}

const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
  return gettable_params(nullptr);
}

const OSSL_PARAM* settable_ctx_params(void*, void*) noexcept {
  static const OSSL_PARAM kList[] = {OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0),
                                     OSSL_PARAM_END};
  return kList;
}

const OSSL_DISPATCH kPoly1305[] = {
    {OSSL_FUNC_MAC_NEWCTX, as_dispatch(&newctx)},
    {OSSL_FUNC_MAC_DUPCTX, as_dispatch(&dupctx)},
    {OSSL_FUNC_MAC_FREECTX, as_dispatch(&freectx)},
    {OSSL_FUNC_MAC_INIT, as_dispatch(&init)},
    {OSSL_FUNC_MAC_UPDATE, as_dispatch(&update)},
    {OSSL_FUNC_MAC_FINAL, as_dispatch(&final)},
    {OSSL_FUNC_MAC_GETTABLE_PARAMS, as_dispatch(&gettable_params)},
    {OSSL_FUNC_MAC_GET_PARAMS, as_dispatch(&get_params)},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, as_dispatch(&gettable_ctx_params)},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, as_dispatch(&get_ctx_params)},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, as_dispatch(&settable_ctx_params)},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, as_dispatch(&set_ctx_params)},
    {0, nullptr},
};

}  // namespace

const OSSL_DISPATCH* const kPoly1305Functions = kPoly1305;

}  // namespace armaccel::prov
