// SPDX-License-Identifier: Apache-2.0
#include "mac_cipher.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <cstdio>

#include "capabilities.h"
#include "dispatch/common/names.h"
#include "errors.h"

namespace armaccel::prov {

namespace {

// An AES cipher armaccel runs itself: all its names (names.h), its mode and
// key size in bytes.
struct NativeName {
  const char* names;
  unsigned mode;
  std::size_t key_bytes;
};

constexpr NativeName kNative[] = {
    {kNameAes128Gcm, EVP_CIPH_GCM_MODE, 16}, {kNameAes192Gcm, EVP_CIPH_GCM_MODE, 24},
    {kNameAes256Gcm, EVP_CIPH_GCM_MODE, 32}, {kNameAes128Cbc, EVP_CIPH_CBC_MODE, 16},
    {kNameAes192Cbc, EVP_CIPH_CBC_MODE, 24}, {kNameAes256Cbc, EVP_CIPH_CBC_MODE, 32},
};

// Canonical names first (what applications pass, cheap to compare), then
// every alias and OID.  A name belongs to one cipher, so the order cannot
// change the answer.
const NativeName* find_native(const char* name) {
  for (const NativeName& n : kNative)
    if (name_is_primary(n.names, name)) return &n;
  for (const NativeName& n : kNative)
    if (names_match(n.names, name)) return &n;
  return nullptr;
}

}  // namespace

bool resolve_mac_cipher(const ProvCtx* prov, const char* name, const char* properties,
                        unsigned mode, MacCipher* out) {
  *out = MacCipher{};
  if (const NativeName* native = find_native(name); native != nullptr) {
    if (native->mode != mode) {
      raise_error(prov, kErrInvalidMode);
      return false;
    }
    out->native_key_bytes = native->key_bytes;
    return true;
  }
  // The child context never yields armaccel's own algorithms (provider.cpp).
  // An unknown name: the fetch's own error, as with the default provider.
  EVP_CIPHER* c = EVP_CIPHER_fetch(prov->libctx, name, properties);
  if (c == nullptr) return false;
  // Plain CBC only for CMAC: not the ciphertext-stealing or stitched
  // (AEAD-flagged) variants, whose updates do not chain block by block.
  const unsigned long odd = EVP_CIPH_FLAG_CTS | EVP_CIPH_FLAG_AEAD_CIPHER;
  if (static_cast<unsigned>(EVP_CIPHER_get_mode(c)) != mode ||
      (mode == EVP_CIPH_CBC_MODE && (EVP_CIPHER_get_flags(c) & odd) != 0)) {
    EVP_CIPHER_free(c);
    raise_error(prov, kErrInvalidMode);
    return false;
  }
  out->fetched = c;
  return true;
}

bool fetched_start(const ProvCtx* prov, FetchedCipher* f, EVP_CIPHER* cipher) {
  f->cipher = cipher;
  f->ctx = EVP_CIPHER_CTX_new();
  if (f->ctx == nullptr || !EVP_EncryptInit_ex2(f->ctx, cipher, nullptr, nullptr, nullptr)) {
    fetched_free(f);
    if (ERR_peek_error() == 0) raise_alloc_failure(prov);
    return false;
  }
  return true;
}

void fetched_free(FetchedCipher* f) {
  EVP_CIPHER_CTX_free(f->ctx);
  EVP_CIPHER_free(f->cipher);
  *f = FetchedCipher{};
}

bool fetched_copy(FetchedCipher* dst, const FetchedCipher& src) {
  *dst = FetchedCipher{};
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  if (ctx == nullptr || !EVP_CIPHER_CTX_copy(ctx, src.ctx) || !EVP_CIPHER_up_ref(src.cipher)) {
    EVP_CIPHER_CTX_free(ctx);
    return false;
  }
  dst->cipher = src.cipher;
  dst->ctx = ctx;
  return true;
}

void trace_fallback(const ProvCtx* prov, const char* mac, const EVP_CIPHER* cipher) {
  if (!prov->trace) return;
  char lane[96];
  const OSSL_PROVIDER* from = EVP_CIPHER_get0_provider(cipher);
  std::snprintf(lane, sizeof lane, "EVP %s (%s)", EVP_CIPHER_get0_name(cipher),
                from != nullptr ? OSSL_PROVIDER_get0_name(from) : "?");
  trace_new_context(prov, mac, lane);
}

bool mac_cipher_from_params(const ProvCtx* prov, const MacCipherParams& f, unsigned mode,
                            MacCipher* out, bool* found) {
  *found = false;
  const OSSL_PARAM* p = f[kMacCipherName];
  if (p == nullptr) return true;
  const char* name = nullptr;
  const char* properties = nullptr;
  // Names that are not strings fail without an error, as the default
  // provider's.
  if (p->data_type != OSSL_PARAM_UTF8_STRING || !OSSL_PARAM_get_utf8_string_ptr(p, &name))
    return false;
  const OSSL_PARAM* q = f[kMacProperties];
  if (q != nullptr &&
      (q->data_type != OSSL_PARAM_UTF8_STRING || !OSSL_PARAM_get_utf8_string_ptr(q, &properties)))
    return false;
  *found = true;
  return resolve_mac_cipher(prov, name, properties, mode, out);
}

}  // namespace armaccel::prov
