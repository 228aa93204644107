#include "mac_cipher.h"

#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <strings.h>

#include <cstdio>

#include "../capabilities.h"
#include "../errors.h"

namespace armaccel::prov {

namespace {

struct NativeName {
  const char* name;
  unsigned mode;
  std::size_t key_bytes;
};

// Names, aliases and OIDs as in OpenSSL's providers/implementations/include/prov/names.h.
constexpr NativeName kNative[] = {
    {"AES-128-GCM", EVP_CIPH_GCM_MODE, 16},
    {"id-aes128-GCM", EVP_CIPH_GCM_MODE, 16},
    {"2.16.840.1.101.3.4.1.6", EVP_CIPH_GCM_MODE, 16},
    {"AES-192-GCM", EVP_CIPH_GCM_MODE, 24},
    {"id-aes192-GCM", EVP_CIPH_GCM_MODE, 24},
    {"2.16.840.1.101.3.4.1.26", EVP_CIPH_GCM_MODE, 24},
    {"AES-256-GCM", EVP_CIPH_GCM_MODE, 32},
    {"id-aes256-GCM", EVP_CIPH_GCM_MODE, 32},
    {"2.16.840.1.101.3.4.1.46", EVP_CIPH_GCM_MODE, 32},
    {"AES-128-CBC", EVP_CIPH_CBC_MODE, 16},
    {"AES128", EVP_CIPH_CBC_MODE, 16},
    {"2.16.840.1.101.3.4.1.2", EVP_CIPH_CBC_MODE, 16},
    {"AES-192-CBC", EVP_CIPH_CBC_MODE, 24},
    {"AES192", EVP_CIPH_CBC_MODE, 24},
    {"2.16.840.1.101.3.4.1.22", EVP_CIPH_CBC_MODE, 24},
    {"AES-256-CBC", EVP_CIPH_CBC_MODE, 32},
    {"AES256", EVP_CIPH_CBC_MODE, 32},
    {"2.16.840.1.101.3.4.1.42", EVP_CIPH_CBC_MODE, 32},
};

const NativeName* find_native(const char* name) {
  for (const NativeName& n : kNative)
    if (strcasecmp(n.name, name) == 0) return &n;
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
  EVP_CIPHER* c = EVP_CIPHER_fetch(prov->libctx, name, properties);
  if (c == nullptr) {
    raise_error(prov, kErrUnsupportedCipher);
    return false;
  }
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

bool fetched_start(FetchedCipher* f, EVP_CIPHER* cipher) {
  f->cipher = cipher;
  f->ctx = EVP_CIPHER_CTX_new();
  if (f->ctx == nullptr || !EVP_EncryptInit_ex2(f->ctx, cipher, nullptr, nullptr, nullptr)) {
    fetched_free(f);
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

bool mac_cipher_from_params(const ProvCtx* prov, const OSSL_PARAM params[], unsigned mode,
                            MacCipher* out, bool* found) {
  *found = false;
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_CIPHER);
  if (p == nullptr) return true;
  const char* name = nullptr;
  const char* properties = nullptr;
  if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
    raise_error(prov, kErrFailedToSetParameter);
    return false;
  }
  const OSSL_PARAM* q = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_PROPERTIES);
  if (q != nullptr && !OSSL_PARAM_get_utf8_string_ptr(q, &properties)) {
    raise_error(prov, kErrFailedToSetParameter);
    return false;
  }
  *found = true;
  return resolve_mac_cipher(prov, name, properties, mode, out);
}

}  // namespace armaccel::prov
