// SPDX-License-Identifier: Apache-2.0
// Key exchange X25519 (RFC 7748 section 6.1) with the default provider's
// behaviour: init and set_peer take any X25519 key; derive needs a private
// key and a peer (PROV_R_MISSING_KEY) and gives the 32-byte shared secret
// X25519(private, peer), or its length when asked with no buffer.  An
// all-zero result (a low-order peer key, or a peer without a public key)
// is refused with "failed during derivation", as section 6.1 allows and
// OpenSSL does.  The context holds copies of the
// keys, wiped when it is freed.  No context parameters (the default
// provider's X25519 exchange has none).
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include <cstring>

#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/tables.h"
#include "dispatch/keymgmt/x25519_key.h"
#include "errors.h"
#include "util/ct_declassify.h"

namespace armaccel::prov {

namespace {

struct ExchangeCtx {
  ProvCtx* prov;
  bool has_key;
  bool has_peer;
  std::uint8_t priv[kX25519KeyBytes];
  std::uint8_t peer[kX25519KeyBytes];
};

void* newctx(void* provctx) noexcept {
  return new_zeroed_or_raise<ExchangeCtx>(provctx);
}

void freectx(void* vctx) noexcept {
  free_wiped(vctx, sizeof(ExchangeCtx));
}

void* dupctx(void* vctx) noexcept {
  return copy_or_raise(static_cast<const ExchangeCtx*>(vctx));
}

int init(void* vctx, void* keydata, const OSSL_PARAM[]) noexcept {
  auto* ctx = static_cast<ExchangeCtx*>(vctx);
  const auto* key = static_cast<const X25519Key*>(keydata);
  if (key == nullptr) {
    raise_error(ctx->prov, kErrInternalError);
    return 0;
  }
  OPENSSL_cleanse(ctx->priv, kX25519KeyBytes);
  if (key->has_priv) std::memcpy(ctx->priv, key->priv, kX25519KeyBytes);
  ctx->has_key = key->has_priv;
  return 1;
}

// The peer's public key (32 zero bytes for an empty key, as OpenSSL's
// holds them).
int set_peer(void* vctx, void* peerdata) noexcept {
  auto* ctx = static_cast<ExchangeCtx*>(vctx);
  const auto* peer = static_cast<const X25519Key*>(peerdata);
  if (peer == nullptr) {
    raise_error(ctx->prov, kErrInternalError);
    return 0;
  }
  std::memcpy(ctx->peer, peer->pub, kX25519KeyBytes);
  ctx->has_peer = true;
  return 1;
}

int derive(void* vctx, unsigned char* secret, std::size_t* secretlen, std::size_t outlen) noexcept {
  auto* ctx = static_cast<ExchangeCtx*>(vctx);
  if (!ctx->has_key || !ctx->has_peer) {
    raise_error(ctx->prov, kErrMissingKey);
    return 0;
  }
  if (secret == nullptr) {
    *secretlen = kX25519KeyBytes;
    return 1;
  }
  if (outlen < kX25519KeyBytes) {
    raise_error(ctx->prov, kErrOutputBufferTooSmall);
    return 0;
  }
  trace_key_event(ctx->prov, "X25519", "key exchange", ctx->prov->kernels.x25519->lane);
  std::uint8_t shared[kX25519KeyBytes];
  ctx->prov->kernels.x25519->scalarmult(shared, ctx->priv, ctx->peer);
  std::uint8_t any = 0;
  for (std::uint8_t b : shared) any |= b;
  // Whether the result is zero depends on the peer's key, which is public.
  if (ct::declassify_value(any) == 0) {
    OPENSSL_cleanse(shared, sizeof shared);
    raise_error(ctx->prov, kErrFailedDuringDerivation);
    return 0;
  }
  std::memcpy(secret, shared, kX25519KeyBytes);
  OPENSSL_cleanse(shared, sizeof shared);
  *secretlen = kX25519KeyBytes;
  return 1;
}

const OSSL_DISPATCH kFunctions[] = {
    {OSSL_FUNC_KEYEXCH_NEWCTX, as_dispatch(&newctx)},
    {OSSL_FUNC_KEYEXCH_INIT, as_dispatch(&init)},
    {OSSL_FUNC_KEYEXCH_SET_PEER, as_dispatch(&set_peer)},
    {OSSL_FUNC_KEYEXCH_DERIVE, as_dispatch(&derive)},
    {OSSL_FUNC_KEYEXCH_FREECTX, as_dispatch(&freectx)},
    {OSSL_FUNC_KEYEXCH_DUPCTX, as_dispatch(&dupctx)},
    {0, nullptr},
};

}  // namespace

const OSSL_DISPATCH* const kX25519KeyexchFunctions = kFunctions;

}  // namespace armaccel::prov
