// HMAC (RFC 2104, FIPS 198-1) as EVP_MAC "HMAC", parameters as OpenSSL's:
// "digest" (by name, alias or OID), "properties", "key" (any length, also
// empty), "size" and "block-size"; "digest-noinit"/"digest-oneshot" are
// accepted and have no effect.  armaccel's own digests (SHA-2, SHA-3,
// Keccak) run on its lanes, whatever "properties" says (the application
// chose armaccel's HMAC; the bytes are the same); any other digest is
// fetched with "properties" from the application's library context (the
// provider's child context, which never yields armaccel) and driven
// through EVP, as OpenSSL's HMAC would.
//
// "tls-data-size": libssl's constant-time MAC check of a MAC-then-encrypt
// CBC record (the Lucky 13 countermeasure) is delegated to the HMAC of the
// application's library context with the same digest and key; every other
// use is armaccel's.
//
// Stricter than OpenSSL: an unknown digest name, an XOF, an output buffer
// shorter than the MAC, data or final without a key, and update after
// final are errors on the queue; a new digest needs a new key.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "../capabilities.h"
#include "../errors.h"
#include "../prov_ctx.h"
#include "dispatch_util.h"
#include "native_digest.h"
#include "tables.h"

namespace armaccel::prov {

namespace {

constexpr std::size_t kMaxBlock = 168;
constexpr std::size_t kMaxDigest = 64;
constexpr std::uint8_t kIpad = 0x36, kOpad = 0x5c;

struct HmacCtx {
  const ProvCtx* prov;
  // armaccel's digest: the states after K0 ^ ipad / K0 ^ opad, and the
  // message in progress.
  const NativeDigest* native;
  NativeDigestState inner_start, outer_start, inner;
  // Another provider's digest, through EVP (all owned).
  EVP_MD* md;
  EVP_MD_CTX* fetched_inner_start;
  EVP_MD_CTX* fetched_outer_start;
  EVP_MD_CTX* fetched_inner;
  EVP_MAC_CTX* tls;              // the "tls-data-size" delegate, when active
  std::uint8_t key0[kMaxBlock];  // K0 (§4 of FIPS 198-1) without its zero padding
  std::size_t key0_len;
  std::size_t size, block;
  bool key_set;
  bool finalized;
};

bool has_digest(const HmacCtx* c) {
  return c->native != nullptr || c->md != nullptr;
}

void drop_key(HmacCtx* c) {
  EVP_MAC_CTX_free(c->tls);
  c->tls = nullptr;
  OPENSSL_cleanse(c->key0, sizeof c->key0);
  OPENSSL_cleanse(&c->inner_start, sizeof c->inner_start);
  OPENSSL_cleanse(&c->outer_start, sizeof c->outer_start);
  OPENSSL_cleanse(&c->inner, sizeof c->inner);
  c->key0_len = 0;
  c->key_set = false;
}

void drop_digest(HmacCtx* c) {
  drop_key(c);
  EVP_MD_CTX_free(c->fetched_inner_start);
  EVP_MD_CTX_free(c->fetched_outer_start);
  EVP_MD_CTX_free(c->fetched_inner);
  EVP_MD_free(c->md);
  c->fetched_inner_start = c->fetched_outer_start = c->fetched_inner = nullptr;
  c->md = nullptr;
  c->native = nullptr;
  c->size = c->block = 0;
}

void* newctx(void* provctx) noexcept {
  auto* c = static_cast<HmacCtx*>(OPENSSL_zalloc(sizeof(HmacCtx)));
  if (c != nullptr) c->prov = static_cast<const ProvCtx*>(provctx);
  return c;
}

void freectx(void* vctx) noexcept {
  auto* c = static_cast<HmacCtx*>(vctx);
  if (c == nullptr) return;
  drop_digest(c);
  OPENSSL_clear_free(c, sizeof *c);
}

EVP_MD_CTX* copy_md_ctx(const EVP_MD_CTX* src) {
  if (src == nullptr) return nullptr;
  EVP_MD_CTX* dst = EVP_MD_CTX_new();
  if (dst != nullptr && !EVP_MD_CTX_copy_ex(dst, src)) {
    EVP_MD_CTX_free(dst);
    return nullptr;
  }
  return dst;
}

void* dupctx(void* vctx) noexcept {
  const auto* src = static_cast<const HmacCtx*>(vctx);
  auto* c = static_cast<HmacCtx*>(OPENSSL_malloc(sizeof(HmacCtx)));
  if (c == nullptr) {
    raise_alloc_failure(src->prov);
    return nullptr;
  }
  std::memcpy(static_cast<void*>(c), src, sizeof *c);
  c->md = nullptr;
  c->fetched_inner_start = copy_md_ctx(src->fetched_inner_start);
  c->fetched_outer_start = copy_md_ctx(src->fetched_outer_start);
  c->fetched_inner = copy_md_ctx(src->fetched_inner);
  c->tls = src->tls != nullptr ? EVP_MAC_CTX_dup(src->tls) : nullptr;
  // The reference is the copy's as soon as it is taken, so that freectx
  // returns it when another part of the copy failed.
  if (src->md != nullptr && EVP_MD_up_ref(src->md)) c->md = src->md;
  const bool ok = (c->md != nullptr) == (src->md != nullptr) &&
                  (c->fetched_inner_start != nullptr) == (src->fetched_inner_start != nullptr) &&
                  (c->fetched_outer_start != nullptr) == (src->fetched_outer_start != nullptr) &&
                  (c->fetched_inner != nullptr) == (src->fetched_inner != nullptr) &&
                  (c->tls != nullptr) == (src->tls != nullptr);
  if (!ok) {
    freectx(c);
    raise_alloc_failure(src->prov);
    return nullptr;
  }
  return c;
}

void trace_digest(const HmacCtx* c) {
  if (!c->prov->trace) return;
  if (c->native != nullptr) {
    const auto& k = c->prov->kernels;
    trace_new_context(c->prov, "HMAC",
                      c->native->kind == NativeKind::kSha256   ? k.sha256->lane
                      : c->native->kind == NativeKind::kSha512 ? k.sha512->lane
                      : c->native->kind == NativeKind::kSm3    ? k.sm3->lane
                                                               : k.keccak->lane);
    return;
  }
  char lane[96];
  const OSSL_PROVIDER* from = EVP_MD_get0_provider(c->md);
  std::snprintf(lane, sizeof lane, "EVP %s (%s)", EVP_MD_get0_name(c->md),
                from != nullptr ? OSSL_PROVIDER_get0_name(from) : "?");
  trace_new_context(c->prov, "HMAC", lane);
}

// Resolves the digest first and replaces the context's only when that
// worked: a refused "digest" leaves the MAC as it was, and naming the digest
// it already has (an init with the same "digest" and no key) keeps the key,
// as the default provider's HMAC does.
bool set_digest(HmacCtx* c, const char* name, const char* properties) {
  if (const NativeDigest* d = find_native_digest(name); d != nullptr) {
    if (d->xof) {
      raise_error(c->prov, kErrXofDigestsNotAllowed);
      return false;
    }
    if (c->native == d) return true;
    drop_digest(c);
    c->native = d;
    c->size = d->size;
    c->block = d->block;
    trace_digest(c);
    return true;
  }
  // The child context never yields armaccel's own algorithms (provider.cpp).
  EVP_MD* md = EVP_MD_fetch(c->prov->libctx, name, properties);
  if (md == nullptr) {
    raise_error(c->prov, kErrInvalidDigest);
    return false;
  }
  if (c->md != nullptr && EVP_MD_get0_provider(c->md) == EVP_MD_get0_provider(md) &&
      EVP_MD_is_a(c->md, EVP_MD_get0_name(md))) {
    EVP_MD_free(md);
    return true;
  }
  const int size = EVP_MD_get_size(md), block = EVP_MD_get_block_size(md);
  if ((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0) {
    EVP_MD_free(md);
    raise_error(c->prov, kErrXofDigestsNotAllowed);
    return false;
  }
  EVP_MD_CTX* ctxs[3] = {EVP_MD_CTX_new(), EVP_MD_CTX_new(), EVP_MD_CTX_new()};
  if (size <= 0 || block <= 0 || static_cast<std::size_t>(size) > kMaxDigest ||
      static_cast<std::size_t>(block) > kMaxBlock || size > block || ctxs[0] == nullptr ||
      ctxs[1] == nullptr || ctxs[2] == nullptr) {
    for (EVP_MD_CTX* x : ctxs) EVP_MD_CTX_free(x);
    EVP_MD_free(md);
    raise_error(c->prov, kErrInvalidDigest);
    return false;
  }
  drop_digest(c);
  c->md = md;
  c->fetched_inner_start = ctxs[0];
  c->fetched_outer_start = ctxs[1];
  c->fetched_inner = ctxs[2];
  c->size = static_cast<std::size_t>(size);
  c->block = static_cast<std::size_t>(block);
  trace_digest(c);
  return true;
}

// H(data) with the context's digest into out (c->size bytes).
bool hash_once(HmacCtx* c, const std::uint8_t* data, std::size_t len, std::uint8_t* out) {
  if (c->native != nullptr) {
    NativeDigestState s;
    native_digest_init(c->native, &s);
    native_digest_update(c->prov, c->native, &s, data, len);
    native_digest_final(c->prov, c->native, &s, out);
    OPENSSL_cleanse(&s, sizeof s);
    return true;
  }
  return EVP_DigestInit_ex2(c->fetched_inner, c->md, nullptr) &&
         EVP_DigestUpdate(c->fetched_inner, data, len) &&
         EVP_DigestFinal_ex(c->fetched_inner, out, nullptr);
}

// The keyed start states: H(K0 ^ ipad ...) and H(K0 ^ opad ...) (FIPS 198-1 §4).
bool set_key(HmacCtx* c, const std::uint8_t* key, std::size_t keylen) {
  if (!has_digest(c)) {
    raise_error(c->prov, kErrMissingDigest);
    return false;
  }
  drop_key(c);
  bool ok = true;
  if (keylen > c->block) {
    ok = hash_once(c, key, keylen, c->key0);
    c->key0_len = c->size;
  } else {
    if (keylen != 0) std::memcpy(c->key0, key, keylen);
    c->key0_len = keylen;
  }
  std::uint8_t ipad[kMaxBlock], opad[kMaxBlock];
  for (std::size_t i = 0; i < c->block; ++i) {
    const std::uint8_t k = i < c->key0_len ? c->key0[i] : 0;
    ipad[i] = k ^ kIpad;
    opad[i] = k ^ kOpad;
  }
  if (c->native != nullptr) {
    native_digest_init(c->native, &c->inner_start);
    native_digest_update(c->prov, c->native, &c->inner_start, ipad, c->block);
    native_digest_init(c->native, &c->outer_start);
    native_digest_update(c->prov, c->native, &c->outer_start, opad, c->block);
    c->inner = c->inner_start;
  } else {
    ok = ok && EVP_DigestInit_ex2(c->fetched_inner_start, c->md, nullptr) &&
         EVP_DigestUpdate(c->fetched_inner_start, ipad, c->block) &&
         EVP_DigestInit_ex2(c->fetched_outer_start, c->md, nullptr) &&
         EVP_DigestUpdate(c->fetched_outer_start, opad, c->block) &&
         EVP_MD_CTX_copy_ex(c->fetched_inner, c->fetched_inner_start);
  }
  OPENSSL_cleanse(ipad, sizeof ipad);
  OPENSSL_cleanse(opad, sizeof opad);
  if (!ok) {
    drop_key(c);
    raise_error(c->prov, kErrKeySetupFailed);
    return false;
  }
  c->key_set = true;
  c->finalized = false;
  return true;
}

// A new message under the current key.
bool restart(HmacCtx* c) {
  if (!c->key_set) {
    raise_error(c->prov, kErrNoKeySet);
    return false;
  }
  EVP_MAC_CTX_free(c->tls);
  c->tls = nullptr;
  if (c->native != nullptr) {
    c->inner = c->inner_start;
  } else if (!EVP_MD_CTX_copy_ex(c->fetched_inner, c->fetched_inner_start)) {
    raise_error(c->prov, kErrKeySetupFailed);
    return false;
  }
  c->finalized = false;
  return true;
}

// "tls-data-size": hands this MAC to the application context's HMAC.
bool start_tls_delegate(HmacCtx* c, std::size_t data_size) {
  if (!c->key_set) {
    raise_error(c->prov, kErrNoKeySet);
    return false;
  }
  EVP_MAC_CTX_free(c->tls);
  c->tls = nullptr;
  EVP_MAC* mac = EVP_MAC_fetch(c->prov->libctx, "HMAC", nullptr);
  EVP_MAC_CTX* m = mac != nullptr ? EVP_MAC_CTX_new(mac) : nullptr;
  EVP_MAC_free(mac);
  char name[64];
  std::snprintf(name, sizeof name, "%s",
                c->native != nullptr ? c->native->names : EVP_MD_get0_name(c->md));
  if (char* colon = std::strchr(name, ':'); colon != nullptr) *colon = '\0';
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, name, 0),
      OSSL_PARAM_construct_end(),
  };
  const OSSL_PARAM tls[] = {
      OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &data_size),
      OSSL_PARAM_construct_end(),
  };
  if (m == nullptr || !EVP_MAC_CTX_set_params(m, params) ||
      !EVP_MAC_init(m, c->key0, c->key0_len, nullptr) || !EVP_MAC_CTX_set_params(m, tls)) {
    EVP_MAC_CTX_free(m);
    raise_error(c->prov, kErrFailedToSetParameter);
    return false;
  }
  c->tls = m;
  c->finalized = false;
  return true;
}

// Every settable parameter except "tls-data-size".
bool set_params_but_tls(HmacCtx* c, const OSSL_PARAM params[]) {
  const OSSL_PARAM* p = nullptr;
  if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_DIGEST)) != nullptr) {
    const char* name = nullptr;
    const char* properties = nullptr;
    const OSSL_PARAM* q = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_PROPERTIES);
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name) ||
        (q != nullptr && !OSSL_PARAM_get_utf8_string_ptr(q, &properties))) {
      raise_error(c->prov, kErrFailedToSetParameter);
      return 0;
    }
    if (!set_digest(c, name, properties)) return 0;
  }
  for (const char* flag : {OSSL_MAC_PARAM_DIGEST_NOINIT, OSSL_MAC_PARAM_DIGEST_ONESHOT}) {
    int v = 0;
    if ((p = OSSL_PARAM_locate_const(params, flag)) != nullptr && !OSSL_PARAM_get_int(p, &v)) {
      raise_error(c->prov, kErrFailedToSetParameter);
      return 0;
    }
  }
  if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY)) != nullptr) {
    if (!readable_octets(p)) {
      raise_error(c->prov, kErrFailedToSetParameter);
      return 0;
    }
    if (!set_key(c, static_cast<const std::uint8_t*>(p->data), p->data_size)) return 0;
  }
  return 1;
}

// "tls-data-size", which applies to the key in place once the rest is set.
bool set_tls_data_size(HmacCtx* c, const OSSL_PARAM params[]) {
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_TLS_DATA_SIZE);
  if (p == nullptr) return true;
  std::size_t size = 0;
  if (!OSSL_PARAM_get_size_t(p, &size)) {
    raise_error(c->prov, kErrFailedToSetParameter);
    return false;
  }
  return size == 0 || start_tls_delegate(c, size);
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<HmacCtx*>(vctx);
  if (params == nullptr) return 1;
  return set_params_but_tls(c, params) && set_tls_data_size(c, params) ? 1 : 0;
}

// The parameters first, then the key (or a restart under the current one),
// then "tls-data-size", so that a TLS record check given to EVP_MAC_init
// applies to the message this init starts.
int init(void* vctx, const unsigned char* key, std::size_t keylen,
         const OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<HmacCtx*>(vctx);
  if (params != nullptr && !set_params_but_tls(c, params)) return 0;
  if (key != nullptr ? !set_key(c, key, keylen) : !restart(c)) return 0;
  return params == nullptr || set_tls_data_size(c, params) ? 1 : 0;
}

// A keyed message in progress (update and final); raises why not.
bool usable(const HmacCtx* c) {
  if (!c->key_set) {
    raise_error(c->prov, !has_digest(c) ? kErrMissingDigest : kErrNoKeySet);
    return false;
  }
  if (c->finalized) {
    raise_error(c->prov, kErrUpdateAfterFinal);
    return false;
  }
  return true;
}

int update(void* vctx, const unsigned char* data, std::size_t len) noexcept {
  auto* c = static_cast<HmacCtx*>(vctx);
  if (!usable(c)) return 0;
  if (c->tls != nullptr) {  // (an empty record's data is an update too)
    if (!EVP_MAC_update(c->tls, data, len)) {
      raise_error(c->prov, kErrInvalidTlsRecord);
      return 0;
    }
    return 1;
  }
  if (len == 0) return 1;
  if (data == nullptr) {
    raise_error(c->prov, kErrNullParameter);
    return 0;
  }
  if (c->native != nullptr) {
    native_digest_update(c->prov, c->native, &c->inner, data, len);
    return 1;
  }
  if (!EVP_DigestUpdate(c->fetched_inner, data, len)) {
    raise_error(c->prov, kErrCipherOperationFailed);
    return 0;
  }
  return 1;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) noexcept {
  auto* c = static_cast<HmacCtx*>(vctx);
  *outl = 0;
  if (!usable(c)) return 0;
  if (out == nullptr || outsize < c->size) {
    raise_error(c->prov, kErrOutputBufferTooSmall);
    return 0;
  }
  c->finalized = true;
  if (c->tls != nullptr) {
    if (!EVP_MAC_final(c->tls, out, outl, outsize)) {
      raise_error(c->prov, kErrInvalidTlsRecord);
      return 0;
    }
    return 1;
  }
  std::uint8_t inner[kMaxDigest];
  bool ok = true;
  if (c->native != nullptr) {
    native_digest_final(c->prov, c->native, &c->inner, inner);
    NativeDigestState outer = c->outer_start;
    native_digest_update(c->prov, c->native, &outer, inner, c->size);
    native_digest_final(c->prov, c->native, &outer, out);
    OPENSSL_cleanse(&outer, sizeof outer);
    OPENSSL_cleanse(&c->inner, sizeof c->inner);
  } else {
    ok = EVP_DigestFinal_ex(c->fetched_inner, inner, nullptr) &&
         EVP_MD_CTX_copy_ex(c->fetched_inner, c->fetched_outer_start) &&
         EVP_DigestUpdate(c->fetched_inner, inner, c->size) &&
         EVP_DigestFinal_ex(c->fetched_inner, out, nullptr);
  }
  OPENSSL_cleanse(inner, sizeof inner);
  if (!ok) {
    raise_error(c->prov, kErrCipherOperationFailed);
    return 0;
  }
  *outl = c->size;
  return 1;
}

int get_ctx_params(void* vctx, OSSL_PARAM params[]) noexcept {
  auto* c = static_cast<HmacCtx*>(vctx);
  OSSL_PARAM* p = nullptr;
  if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) != nullptr) {
    if (!has_digest(c)) {
      raise_error(c->prov, kErrMissingDigest);
      return 0;
    }
    if (!OSSL_PARAM_set_size_t(p, c->size)) {
      raise_error(c->prov, kErrFailedToGetParameter);
      return 0;
    }
  }
  if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) != nullptr &&
      !OSSL_PARAM_set_int(p, static_cast<int>(c->block))) {
    raise_error(c->prov, kErrFailedToGetParameter);
    return 0;
  }
  return 1;
}

const OSSL_PARAM* gettable_ctx_params(void*, void*) noexcept {
  static const OSSL_PARAM kList[] = {
      OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
      OSSL_PARAM_int(OSSL_MAC_PARAM_BLOCK_SIZE, nullptr),
      OSSL_PARAM_END,
  };
  return kList;
}

// OpenSSL 3.6 no longer lists the (ignored) digest flags.  The lists keep
// the default provider's order (the tests compare them in order).
const OSSL_PARAM* settable_ctx_params(void*, void* provctx) noexcept {
  static const OSSL_PARAM kList[] = {
      OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0),
      OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_NOINIT, nullptr),
      OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_ONESHOT, nullptr),
      OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, nullptr),
      OSSL_PARAM_END,
  };
  static const OSSL_PARAM kList36[] = {
      OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, nullptr, 0),
      OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0),
      OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0),
      OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, nullptr),
      OSSL_PARAM_END,
  };
  return at_least(static_cast<const ProvCtx*>(provctx)->host, 3, 6) ? kList36 : kList;
}

const OSSL_DISPATCH kHmac[] = {
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

const OSSL_DISPATCH* const kHmacFunctions = kHmac;

}  // namespace armaccel::prov
