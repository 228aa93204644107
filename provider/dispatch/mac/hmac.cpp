// SPDX-License-Identifier: Apache-2.0
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
#include <iterator>

#include "capabilities.h"
#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/mac_dispatch.h"
#include "dispatch/common/param_scan.h"
#include "dispatch/common/tables.h"
#include "dispatch/digest/native_digest.h"
#include "errors.h"
#include "prov_ctx.h"
#include "util/wipe.h"

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
  EVP_MAC_CTX* tls;  // the "tls-data-size" delegate, when active
  // The "digest" name that last resolved to `native` (when it fits), so
  // that an init naming it again skips the lookup.
  char native_name[24];
  std::uint8_t key0[kMaxBlock];  // K0 (§4 of FIPS 198-1) without its zero padding
  std::size_t key0_len;
  std::size_t size, block;
  bool key_set;
  bool finalized;
  bool xof_named;  // an XOF was named as the digest (and refused)
};

bool has_digest(const HmacCtx* c) {
  return c->native != nullptr || c->md != nullptr;
}

void drop_key(HmacCtx* c) {
  EVP_MAC_CTX_free(c->tls);
  c->tls = nullptr;
  // (wipe, the kernels' memset through a volatile pointer, is
  // OPENSSL_cleanse's guarantee at memset's speed: this runs at every keyed
  // init; the whole context is cleansed when freed.)
  wipe(c->key0, sizeof c->key0);
  wipe(&c->inner_start, sizeof c->inner_start);
  wipe(&c->outer_start, sizeof c->outer_start);
  wipe(&c->inner, sizeof c->inner);
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
  c->native_name[0] = '\0';
  c->size = c->block = 0;
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

// The copy's owned members after the memcpy: each is the copy of src's or
// empty.  The reference is the copy's as soon as it is taken, so that a
// release returns it when another part of the copy failed.
bool dup_owned(HmacCtx* c, const HmacCtx& src) {
  c->md = nullptr;
  c->fetched_inner_start = copy_md_ctx(src.fetched_inner_start);
  c->fetched_outer_start = copy_md_ctx(src.fetched_outer_start);
  c->fetched_inner = copy_md_ctx(src.fetched_inner);
  c->tls = src.tls != nullptr ? EVP_MAC_CTX_dup(src.tls) : nullptr;
  if (src.md != nullptr && EVP_MD_up_ref(src.md)) c->md = src.md;
  return (c->md != nullptr) == (src.md != nullptr) &&
         (c->fetched_inner_start != nullptr) == (src.fetched_inner_start != nullptr) &&
         (c->fetched_outer_start != nullptr) == (src.fetched_outer_start != nullptr) &&
         (c->fetched_inner != nullptr) == (src.fetched_inner != nullptr) &&
         (c->tls != nullptr) == (src.tls != nullptr);
}

// The three hash states of an HMAC (FIPS 198-1 §4): after K0 ^ ipad, after
// K0 ^ opad, and the message in progress.
enum class Slot : unsigned char { kInnerStart, kOuterStart, kInner };

// The context's digest behind one interface, one struct a path: each
// operation works on a Slot and returns false when an EVP step failed
// (armaccel's own digests cannot fail).
struct NativePath {
  HmacCtx* c;
  NativeDigestState* at(Slot s) const {
    return s == Slot::kInnerStart   ? &c->inner_start
           : s == Slot::kOuterStart ? &c->outer_start
                                    : &c->inner;
  }
  bool begin(Slot s) const {
    native_digest_init(c->native, at(s));
    return true;
  }
  bool absorb(Slot s, const std::uint8_t* data, std::size_t len) const {
    native_digest_update(c->prov, c->native, at(s), data, len);
    return true;
  }
  bool finish(Slot s, std::uint8_t* out) const {
    native_digest_final(c->prov, c->native, at(s), out);
    return true;
  }
  bool copy(Slot to, Slot from) const {
    *at(to) = *at(from);
    return true;
  }
  // The message state after a one-shot hash held data of the key.
  void wipe_inner() const { wipe(&c->inner, sizeof c->inner); }
  // H(K0 ^ opad || inner) into out from the outer start state; the message
  // state is wiped.
  bool outer(const std::uint8_t* inner, std::uint8_t* out) const {
    NativeDigestState o = c->outer_start;
    native_digest_update(c->prov, c->native, &o, inner, c->size);
    native_digest_final(c->prov, c->native, &o, out);
    wipe(&o, sizeof o);
    wipe(&c->inner, sizeof c->inner);
    return true;
  }
  // The digest's ':'-separated names (the first is its canonical one).
  const char* names() const { return c->native->names; }
  // For ARMACCEL_TRACE: the lane the digest runs on.
  const char* lane(char*, std::size_t) const {
    const auto& k = c->prov->kernels;
    return c->native->kind == NativeKind::kSha256   ? k.sha256->lane
           : c->native->kind == NativeKind::kSha512 ? k.sha512->lane
           : c->native->kind == NativeKind::kSm3    ? k.sm3->lane
                                                    : k.keccak->lane;
  }
};

struct EvpPath {
  HmacCtx* c;
  EVP_MD_CTX* at(Slot s) const {
    return s == Slot::kInnerStart   ? c->fetched_inner_start
           : s == Slot::kOuterStart ? c->fetched_outer_start
                                    : c->fetched_inner;
  }
  bool begin(Slot s) const { return EVP_DigestInit_ex2(at(s), c->md, nullptr) == 1; }
  bool absorb(Slot s, const std::uint8_t* data, std::size_t len) const {
    return EVP_DigestUpdate(at(s), data, len) == 1;
  }
  bool finish(Slot s, std::uint8_t* out) const {
    return EVP_DigestFinal_ex(at(s), out, nullptr) == 1;
  }
  bool copy(Slot to, Slot from) const { return EVP_MD_CTX_copy_ex(at(to), at(from)) == 1; }
  void wipe_inner() const {}
  bool outer(const std::uint8_t* inner, std::uint8_t* out) const {
    return copy(Slot::kInner, Slot::kOuterStart) && absorb(Slot::kInner, inner, c->size) &&
           finish(Slot::kInner, out);
  }
  const char* names() const { return EVP_MD_get0_name(c->md); }
  const char* lane(char* buf, std::size_t n) const {
    const OSSL_PROVIDER* from = EVP_MD_get0_provider(c->md);
    std::snprintf(buf, n, "EVP %s (%s)", EVP_MD_get0_name(c->md),
                  from != nullptr ? OSSL_PROVIDER_get0_name(from) : "?");
    return buf;
  }
};

// Runs `op(path)` on the path the context's digest takes.
template <class Op>
auto with_path(HmacCtx* c, Op op) {
  if (c->native != nullptr) return op(NativePath{c});
  return op(EvpPath{c});
}

void trace_digest(HmacCtx* c) {
  if (!c->prov->trace) return;
  char buf[96];
  trace_new_context(c->prov, "HMAC",
                    with_path(c, [&](const auto& d) { return d.lane(buf, sizeof buf); }));
}

// Resolves the digest first and replaces the context's only when that
// worked: a refused "digest" leaves the MAC as it was, and naming the digest
// it already has (an init with the same "digest" and no key) keeps the key,
// as the default provider's HMAC does.
bool set_digest(HmacCtx* c, const char* name, const char* properties) {
  if (c->native != nullptr && name != nullptr && std::strcmp(name, c->native_name) == 0)
    return true;
  if (const NativeDigest* d = find_native_digest(name);
      d != nullptr && native_digest_registered(c->prov, d)) {
    if (d->xof) {  // (no error, as the default provider's HMAC_Init_ex)
      c->xof_named = true;
      return false;
    }
    if (c->native != d) {
      drop_digest(c);
      c->native = d;
      c->xof_named = false;
      c->size = d->size;
      c->block = d->block;
      trace_digest(c);
    }
    if (const std::size_t n = std::strlen(name); n < sizeof c->native_name)
      std::memcpy(c->native_name, name, n + 1);
    return true;
  }
  // The child context never yields armaccel's own algorithms (provider.cpp).
  // An unknown name: the fetch's own error, as with the default provider.
  EVP_MD* md = EVP_MD_fetch(c->prov->libctx, name, properties);
  if (md == nullptr) return false;
  if (c->md != nullptr && EVP_MD_get0_provider(c->md) == EVP_MD_get0_provider(md) &&
      EVP_MD_is_a(c->md, EVP_MD_get0_name(md))) {
    EVP_MD_free(md);
    return true;
  }
  const int size = EVP_MD_get_size(md), block = EVP_MD_get_block_size(md);
  if ((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0) {  // (no error, as the default)
    EVP_MD_free(md);
    c->xof_named = true;
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
  c->xof_named = false;
  c->fetched_inner_start = ctxs[0];
  c->fetched_outer_start = ctxs[1];
  c->fetched_inner = ctxs[2];
  c->size = static_cast<std::size_t>(size);
  c->block = static_cast<std::size_t>(block);
  trace_digest(c);
  return true;
}

// H(data) with the context's digest into out (c->size bytes), in the
// message slot.
template <class Path>
bool hash_once(const Path& d, const std::uint8_t* data, std::size_t len, std::uint8_t* out) {
  const bool ok =
      d.begin(Slot::kInner) && d.absorb(Slot::kInner, data, len) && d.finish(Slot::kInner, out);
  d.wipe_inner();
  return ok;
}

// The keyed start states: H(K0 ^ ipad ...) and H(K0 ^ opad ...) (FIPS 198-1 §4).
bool key_digest(HmacCtx* c, const std::uint8_t* key, std::size_t keylen) {
  if (!has_digest(c)) return false;  // (no error, as the default provider)
  drop_key(c);
  std::uint8_t ipad[kMaxBlock], opad[kMaxBlock];
  const bool ok = with_path(c, [&](const auto& d) {
    bool hashed = true;
    if (keylen > c->block) {
      hashed = hash_once(d, key, keylen, c->key0);
      c->key0_len = c->size;
    } else {
      if (keylen != 0) std::memcpy(c->key0, key, keylen);
      c->key0_len = keylen;
    }
    for (std::size_t i = 0; i < c->block; ++i) {
      const std::uint8_t k = i < c->key0_len ? c->key0[i] : 0;
      ipad[i] = k ^ kIpad;
      opad[i] = k ^ kOpad;
    }
    return hashed && d.begin(Slot::kInnerStart) && d.absorb(Slot::kInnerStart, ipad, c->block) &&
           d.begin(Slot::kOuterStart) && d.absorb(Slot::kOuterStart, opad, c->block) &&
           d.copy(Slot::kInner, Slot::kInnerStart);
  });
  wipe(ipad, sizeof ipad);
  wipe(opad, sizeof opad);
  if (!ok) {
    drop_key(c);
    return false;
  }
  c->key_set = true;
  c->finalized = false;
  return true;
}

// A new message under the current key.
bool restart(HmacCtx* c) {
  if (!c->key_set) return false;  // (no error, as HMAC_Init_ex)
  EVP_MAC_CTX_free(c->tls);
  c->tls = nullptr;
  if (!with_path(c, [](const auto& d) { return d.copy(Slot::kInner, Slot::kInnerStart); }))
    return false;
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
  std::snprintf(name, sizeof name, "%s", with_path(c, [](const auto& d) { return d.names(); }));
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

// The settable parameters, found in one pass (ParamScan).
constexpr const char* kSetNames[] = {OSSL_MAC_PARAM_DIGEST,        OSSL_MAC_PARAM_PROPERTIES,
                                     OSSL_MAC_PARAM_DIGEST_NOINIT, OSSL_MAC_PARAM_DIGEST_ONESHOT,
                                     OSSL_MAC_PARAM_KEY,           OSSL_MAC_PARAM_TLS_DATA_SIZE};
using HmacParams = ParamScan<const OSSL_PARAM, std::size(kSetNames)>;
enum HmacParam { kDigest, kProperties, kNoinit, kOneshot, kKey, kTlsDataSize };

// Every settable parameter except "tls-data-size".
bool set_params_but_tls(HmacCtx* c, const HmacParams& f) {
  if (const OSSL_PARAM* p = f[kDigest]; p != nullptr) {
    const char* name = nullptr;
    const char* properties = nullptr;
    const OSSL_PARAM* q = f[kProperties];
    // Names that are not strings fail without an error, as the default.
    if (p->data_type != OSSL_PARAM_UTF8_STRING || !OSSL_PARAM_get_utf8_string_ptr(p, &name) ||
        (q != nullptr && (q->data_type != OSSL_PARAM_UTF8_STRING ||
                          !OSSL_PARAM_get_utf8_string_ptr(q, &properties))))
      return 0;
    if (!set_digest(c, name, properties)) return 0;
  }
  for (const OSSL_PARAM* p : {f[kNoinit], f[kOneshot]}) {
    int v = 0;
    if (p != nullptr && !OSSL_PARAM_get_int(p, &v)) return 0;  // (no error, as the default)
  }
  return apply_found_key(c, f[kKey], key_digest);
}

// "tls-data-size", which applies to the key in place once the rest is set.
bool set_tls_data_size(HmacCtx* c, const OSSL_PARAM* p) {
  if (p == nullptr) return true;
  std::size_t size = 0;
  if (!OSSL_PARAM_get_size_t(p, &size)) return false;  // (no error, as the default)
  return size == 0 || start_tls_delegate(c, size);
}

// A keyed message in progress (update and final).  Without a digest or
// key they fail without an error, as HMAC_Update and HMAC_Final.
bool usable(const HmacCtx* c) {
  return mac_ready(c->prov, c->key_set, kErrNone, c->finalized, kErrUpdateAfterFinal);
}

// HMAC for MacDispatch: the digest's size is the MAC's.
struct Hmac {
  using Ctx = HmacCtx;
  static constexpr std::size_t kFixedSize = 0;

  static void setup(HmacCtx*) {}
  static void release(HmacCtx* c) { drop_digest(c); }
  static bool dup_members(HmacCtx* copy, const HmacCtx& src) { return dup_owned(copy, src); }

  static int set_params(HmacCtx* c, const OSSL_PARAM params[]) {
    const HmacParams f(params, kSetNames);
    return set_params_but_tls(c, f) && set_tls_data_size(c, f[kTlsDataSize]) ? 1 : 0;
  }

  // The parameters first, then the key (or a restart under the current
  // one), then "tls-data-size", so that a TLS record check given to
  // EVP_MAC_init applies to the message this init starts.
  static int init(HmacCtx* c, const unsigned char* key, std::size_t keylen,
                  const OSSL_PARAM params[]) {
    const HmacParams f(params, kSetNames);
    if (!set_params_but_tls(c, f)) return 0;
    if (key != nullptr ? !key_digest(c, key, keylen) : !restart(c)) return 0;
    return set_tls_data_size(c, f[kTlsDataSize]) ? 1 : 0;
  }

  static int update(HmacCtx* c, const unsigned char* data, std::size_t len) {
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
    if (!with_path(c, [&](const auto& d) { return d.absorb(Slot::kInner, data, len); })) {
      raise_error(c->prov, kErrCipherOperationFailed);
      return 0;
    }
    return 1;
  }

  static int final(HmacCtx* c, unsigned char* out, std::size_t* outl, std::size_t outsize) {
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
    const bool ok = with_path(
        c, [&](const auto& d) { return d.finish(Slot::kInner, inner) && d.outer(inner, out); });
    wipe(inner, sizeof inner);
    if (!ok) {
      raise_error(c->prov, kErrCipherOperationFailed);
      return 0;
    }
    *outl = c->size;
    return 1;
  }

  static int get_ctx_params(HmacCtx* c, OSSL_PARAM params[]) {
    OSSL_PARAM* p = nullptr;
    // As the default provider (HMAC_size of a context without a digest):
    // size 0, with EVP's "message digest is null" -- except after an XOF
    // was named, which that context keeps.
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) != nullptr) {
      if (!has_digest(c) && !c->xof_named) raise_error(c->prov, kErrEvpMessageDigestIsNull);
      if (!OSSL_PARAM_set_size_t(p, has_digest(c) ? c->size : 0)) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) != nullptr &&
        !OSSL_PARAM_set_int(p, static_cast<int>(c->block)))
      return 0;
    return 1;
  }

  static const OSSL_PARAM* gettable_ctx_params() { return mac_size_gettables<int>(); }

  // OpenSSL 3.6 no longer lists the (ignored) digest flags.  The lists keep
  // the default provider's order (the tests compare them in order).
  static const OSSL_PARAM* settable(void* provctx) {
    static const OSSL_PARAM kList[] = {
        OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, nullptr, 0),
        OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0),
        ARMACCEL_MAC_KEY_PARAM,
        OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_NOINIT, nullptr),
        OSSL_PARAM_int(OSSL_MAC_PARAM_DIGEST_ONESHOT, nullptr),
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, nullptr),
        OSSL_PARAM_END,
    };
    static const OSSL_PARAM kList36[] = {
        OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_DIGEST, nullptr, 0),
        OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, nullptr, 0),
        ARMACCEL_MAC_KEY_PARAM,
        OSSL_PARAM_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, nullptr),
        OSSL_PARAM_END,
    };
    return at_least(static_cast<const ProvCtx*>(provctx)->host, 3, 6) ? kList36 : kList;
  }
};

}  // namespace

const OSSL_DISPATCH* const kHmacFunctions = MacDispatch<Hmac>::kTable;

}  // namespace armaccel::prov
