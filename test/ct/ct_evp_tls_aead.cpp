// SPDX-License-Identifier: Apache-2.0
// TLS 1.2 AEAD record modes through EVP ("tlsaad", as libssl drives them):
// AES-128/256-GCM, AES-128/256-CCM and ChaCha20-Poly1305, an intact and a
// forged record each, opened with a secret key.
#include <openssl/err.h>
#include <openssl/evp.h>

#include <cstdint>
#include <string>

#include "ct_evp.h"

namespace armaccel::ct_test {
namespace {

// A TLS 1.2 AEAD record as libssl drives it (test/provider's
// gcm_oracle_test, ccm_oracle_test, chacha_test): the fixed IV part set
// once, then per record "tlsaad" (13 bytes, its length field the payload
// when sending, the whole record when receiving) and one in-place update.
// GCM and CCM records are explicit nonce (8) || payload || tag (16),
// ChaCha20-Poly1305's payload || tag.  Returns the update's output length,
// or -1 if it failed.
enum class TlsAead { kGcm, kCcm, kChacha };

int tls_aead_record(TlsAead kind, EVP_CIPHER* cipher, bool enc, const Bytes& key, Bytes* record) {
  const Bytes fixed = from_hex("a0a1a2a3a4a5a6a7a8a9aaab");  // 4 (GCM, CCM) or 12 bytes
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  bool ok = EVP_CipherInit_ex2(ctx, cipher, nullptr, nullptr, enc ? 1 : 0, nullptr) == 1;
  if (kind == TlsAead::kCcm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr) > 0 &&
         EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, nullptr) > 0;
  ok =
      ok && EVP_CipherInit_ex2(ctx, nullptr, key.data(),
                               kind == TlsAead::kChacha ? fixed.data() : nullptr, -1, nullptr) == 1;
  Bytes f = fixed;
  if (kind != TlsAead::kChacha)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IV_FIXED, 4, f.data()) > 0;
  const std::size_t len_field = enc ? record->size() - 16 : record->size();
  std::uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 7, 23, 3, 3};
  aad[11] = static_cast<std::uint8_t>(len_field >> 8);
  aad[12] = static_cast<std::uint8_t>(len_field);
  ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16;
  int outl = -1;
  const bool update = ok && EVP_CipherUpdate(ctx, record->data(), &outl, record->data(),
                                             static_cast<int>(record->size())) == 1;
  ERR_clear_error();
  EVP_CIPHER_CTX_free(ctx);
  return update ? outl : -1;
}

}  // namespace

// Each record is sealed by the peer (key public there), then opened with
// the key secret: intact it gives the payload back, with a flipped tag bit
// it fails (and the payload is wiped, not released).
void check_tls_aead() {
  const struct {
    TlsAead kind;
    const char* name;
    std::size_t key_bytes;
  } cases[] = {{TlsAead::kGcm, "AES-128-GCM", 16},
               {TlsAead::kGcm, "AES-256-GCM", 32},
               {TlsAead::kCcm, "AES-128-CCM", 16},
               {TlsAead::kCcm, "AES-256-CCM", 32},
               {TlsAead::kChacha, "ChaCha20-Poly1305", 32}};
  for (const auto& c : cases) {
    EVP_CIPHER* cipher = fetch(c.name);
    Bytes key(c.key_bytes);
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(0x30 + i);
    const std::size_t nonce = c.kind == TlsAead::kChacha ? 0 : 8, payload = 45;
    Bytes sealed(nonce + payload + 16);
    for (std::size_t i = 0; i < payload; ++i) sealed[nonce + i] = static_cast<std::uint8_t>(i);
    const Bytes clear = sealed;
    expect_true(
        tls_aead_record(c.kind, cipher, true, key, &sealed) == static_cast<int>(sealed.size()),
        std::string(c.name) + " TLS record sealed");
    Bytes secret_key = key;
    secret(secret_key);
    for (bool forge : {false, true}) {
      Bytes record = sealed;
      if (forge) record.back() ^= 0x01;
      const int outl = tls_aead_record(c.kind, cipher, false, secret_key, &record);
      const std::string what =
          std::string(c.name) + (forge ? " forged" : " intact") + " TLS record";
      if (forge) {
        expect_true(outl == -1, what + " refused");
        expect_bytes(record.data() + nonce, payload, Bytes(payload, 0), what + " wiped");
      } else {
        expect_true(outl == static_cast<int>(payload), what + " opened");
        expect_bytes(record.data() + nonce, payload,
                     Bytes(clear.begin() + nonce, clear.begin() + nonce + payload),
                     what + " payload");
      }
      count_checks(2);
    }
    count_checks(1);
    EVP_CIPHER_free(cipher);
  }
}

}  // namespace armaccel::ct_test
