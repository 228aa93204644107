// SPDX-License-Identifier: Apache-2.0
// CBC through EVP: the PKCS#7 check of EVP_DecryptFinal_ex (AES-128/192/
// 256-CBC, Wycheproof good and bad padding) and the TLS 1.x CBC record mode
// with its constant-time padding and MAC removal (TLS 1.0 and 1.2, MACs of
// 20, 32 and 48 bytes and encrypt-then-MAC; good and bad padding).
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "ct_evp.h"

namespace armaccel::ct_test {

// AES-CBC with PKCS#7 padding: EVP_DecryptFinal_ex's padding check for a
// good (Wycheproof "valid") and a bad ("BadPadding") message per key size.
void check_cbc_padding() {
  const auto doc = read_json("wycheproof/aes_cbc_pkcs5_test.json");
  for (const auto& g : doc["testGroups"]) {
    const std::string name = "AES-" + std::to_string(g["keySize"].get<int>()) + "-CBC";
    bool good = false, bad = false;
    for (const auto& t : g["tests"]) {
      const bool valid = t["result"] == "valid";
      const bool bad_padding = !t["flags"].empty() && t["flags"][0] == "BadPadding";
      if (valid ? (good || t["msg"].get<std::string>().size() < 40) : (bad || !bad_padding))
        continue;
      (valid ? good : bad) = true;
      EVP_CIPHER* cipher = fetch(name);
      EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
      Bytes key = hex(t["key"]), ct = hex(t["ct"]), out(ct.size() + 16);
      secret(key);
      int n = 0, m = 0;
      const bool ok =
          EVP_DecryptInit_ex2(ctx, cipher, key.data(), hex(t["iv"]).data(), nullptr) &&
          EVP_DecryptUpdate(ctx, out.data(), &n, ct.data(), static_cast<int>(ct.size()));
      const bool final = ok && EVP_DecryptFinal_ex(ctx, out.data() + n, &m) == 1;
      ERR_clear_error();
      if (valid) {
        expect_true(final, name + " good padding accepted");
        expect_bytes(out.data(), static_cast<std::size_t>(n + m), hex(t["msg"]),
                     name + " good padding plaintext");
      } else {
        expect_true(ok && !final, name + " bad padding refused at final");
      }
      count_checks(valid ? 2 : 1);
      EVP_CIPHER_CTX_free(ctx);
      EVP_CIPHER_free(cipher);
    }
  }
}

namespace {

// One TLS CBC record through the provider's record mode (as libssl drives
// it: tls-version and tls-mac-size, one in-place update per record; see
// test/provider/tls_record_test.cpp).  The record is built in the clear as
// RFC 5246 §6.2.3.2 lays it out -- explicit IV block (TLS 1.1+), payload,
// MAC, padding of pad+1 bytes of value pad -- and CBC-encrypted without
// padding; with bad_padding one padding byte is wrong.  The key is secret;
// the payload length and the MAC the provider returns are secret too until
// libssl's own MAC check, so they are published only to compare them.
void tls_cbc_record(unsigned version, std::size_t mac_bytes, bool bad_padding) {
  const std::string name = "AES-128-CBC";
  const std::size_t iv_block = version == TLS1_VERSION ? 0 : 16, payload = 37, pad = 10;
  Bytes clear;
  for (std::size_t i = 0; i < iv_block + payload + mac_bytes; ++i)
    clear.push_back(static_cast<std::uint8_t>(i * 7 + 1));
  std::size_t pad_len = pad;
  while ((clear.size() + pad_len + 1) % 16 != 0) ++pad_len;
  for (std::size_t i = 0; i <= pad_len; ++i) clear.push_back(static_cast<std::uint8_t>(pad_len));
  if (bad_padding) clear[clear.size() - 3] ^= 0x40;
  const Bytes key = from_hex("000102030405060708090a0b0c0d0e0f");
  const Bytes iv = from_hex("f0e0d0c0b0a090807060504030201000");
  EVP_CIPHER* cipher = fetch(name);
  // The record on the wire: encrypted with plain CBC (key not secret here;
  // this is the peer's side).
  Bytes record(clear.size() + 16);
  int n = 0;
  EVP_CIPHER_CTX* enc = EVP_CIPHER_CTX_new();
  bool ok = EVP_EncryptInit_ex2(enc, cipher, key.data(), iv.data(), nullptr) &&
            EVP_CIPHER_CTX_set_padding(enc, 0) &&
            EVP_EncryptUpdate(enc, record.data(), &n, clear.data(), static_cast<int>(clear.size()));
  record.resize(clear.size());
  EVP_CIPHER_CTX_free(enc);

  Bytes secret_key = key;
  secret(secret_key);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
                         OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &mac_bytes),
                         OSSL_PARAM_construct_end()};
  ok = ok && EVP_DecryptInit_ex2(ctx, cipher, secret_key.data(), iv.data(), nullptr) &&
       EVP_CIPHER_CTX_set_params(ctx, params);
  int outl = 0;
  const bool update = ok && EVP_DecryptUpdate(ctx, record.data(), &outl, record.data(),
                                              static_cast<int>(record.size())) == 1;
  ERR_clear_error();
  char what[96];
  std::snprintf(what, sizeof what, "TLS CBC record version %x mac %zu %s padding", version,
                mac_bytes, bad_padding ? "bad" : "good");
  if (mac_bytes == 0) {
    // Encrypt-then-MAC: the MAC was checked first, the padding verdict is
    // public and a bad one fails the update.
    expect_true(update == !bad_padding, std::string(what) + ": verdict");
    if (!bad_padding)
      expect_bytes(record.data() + iv_block, static_cast<std::size_t>(outl),
                   Bytes(clear.begin() + iv_block, clear.begin() + iv_block + payload),
                   std::string(what) + ": payload");
  } else {
    expect_true(update, std::string(what) + ": record accepted for the MAC check");
    void* mac = nullptr;
    OSSL_PARAM get[] = {OSSL_PARAM_construct_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, &mac, mac_bytes),
                        OSSL_PARAM_construct_end()};
    expect_true(EVP_CIPHER_CTX_get_params(ctx, get) == 1 && mac != nullptr,
                std::string(what) + ": tls-mac");
    // libssl's MAC check, whose verdict is public: published here.
    publish(&outl, sizeof outl);
    publish(mac, mac_bytes);
    const Bytes want_mac(clear.begin() + iv_block + payload,
                         clear.begin() + iv_block + payload + mac_bytes);
    if (bad_padding) {
      expect_true(std::memcmp(mac, want_mac.data(), mac_bytes) != 0,
                  std::string(what) + ": the stand-in MAC, not the record's");
    } else {
      expect_true(static_cast<std::size_t>(outl) == payload, std::string(what) + ": length");
      expect_bytes(static_cast<std::uint8_t*>(mac), mac_bytes, want_mac,
                   std::string(what) + ": MAC");
    }
  }
  count_checks(2);
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
}

}  // namespace

void check_tls_cbc() {
  for (bool bad : {false, true}) {
    tls_cbc_record(TLS1_VERSION, 32, bad);
    tls_cbc_record(TLS1_2_VERSION, 20, bad);
    tls_cbc_record(TLS1_2_VERSION, 48, bad);
    tls_cbc_record(TLS1_2_VERSION, 0, bad);
  }
}

}  // namespace armaccel::ct_test
