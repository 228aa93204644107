// SPDX-License-Identifier: Apache-2.0
// XTS and the MACs through EVP with secret keys (and secret data):
// AES-128/256-XTS one data unit each way and streamed (xts_streaming,
// ciphertext stealing), the key-halves check at init included; HMAC over
// SHA-256, SHA3-256 and SM3 (keys longer than a block too), CMAC and GMAC
// with AES-128/256, Poly1305.  Values from Wycheproof and RFC 8439 §2.5.2.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <array>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>

#include "ct_evp.h"

namespace armaccel::ct_test {
namespace {

// One data unit of c.msg under a secret key: encrypted whole, encrypted
// streamed in two updates and a final, and decrypted whole.
void xts_unit(const std::string& name, const Bytes& key_in, const Bytes& iv, const Bytes& msg,
              const Bytes& ct) {
  EVP_CIPHER* cipher = fetch(name);
  for (int pass = 0; pass < 3; ++pass) {
    const bool enc = pass < 2, stream = pass == 1;
    Bytes key = key_in, in = enc ? msg : ct, out(msg.size() + 32);
    secret(key);
    if (enc) secret(in);
    int on = 1, n = 0, n2 = 0, m = 0;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_int("xts_streaming", &on),
                           OSSL_PARAM_construct_end()};
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    bool ok = EVP_CipherInit_ex2(ctx, cipher, key.data(), iv.data(), enc ? 1 : 0,
                                 stream ? params : nullptr) == 1;
    const int first = stream ? 7 : static_cast<int>(in.size());
    ok = ok && EVP_CipherUpdate(ctx, out.data(), &n, in.data(), first) == 1;
    if (stream)
      ok = ok && EVP_CipherUpdate(ctx, out.data() + n, &n2, in.data() + first,
                                  static_cast<int>(in.size()) - first) == 1;
    ok = ok && EVP_CipherFinal_ex(ctx, out.data() + n + n2, &m) == 1;
    const std::string what = name + (stream ? " streamed" : "") + (enc ? " encrypt" : " decrypt");
    expect_true(ok, what);
    expect_bytes(out.data(), static_cast<std::size_t>(n + n2 + m), enc ? ct : msg, what + " bytes");
    count_checks(2);
    EVP_CIPHER_CTX_free(ctx);
  }
  EVP_CIPHER_free(cipher);
}

void check_xts_vectors() {
  const auto doc = read_json("wycheproof/aes_xts_test.json");
  for (const auto& [bits, name] : {std::pair{256, "AES-128-XTS"}, std::pair{512, "AES-256-XTS"}}) {
    bool done = false;
    for (const auto& g : doc["testGroups"]) {
      if (done || g["keySize"] != bits) continue;
      for (const auto& t : g["tests"]) {
        const Bytes msg = hex(t["msg"]);
        if (t["result"] != "valid" || msg.size() < 17 || msg.size() % 16 == 0) continue;
        Bytes iv = hex(t["iv"]);
        iv.resize(16);  // shorter Wycheproof tweaks are right-padded with zeros
        xts_unit(name, hex(t["key"]), iv, msg, hex(t["ct"]));
        done = true;
        break;
      }
    }
    expect_true(done, std::string(name) + ": a Wycheproof case with a partial block was found");
  }
}

// EVP_MAC `mac` with the given parameters over msg under a secret key.
Bytes run_mac(const char* mac_name, const Bytes& key_in, const Bytes& msg, OSSL_PARAM* params,
              std::size_t size) {
  EVP_MAC* mac = EVP_MAC_fetch(libctx(), mac_name, kPropq);
  EVP_MAC_CTX* ctx = mac != nullptr ? EVP_MAC_CTX_new(mac) : nullptr;
  Bytes key = key_in, out(64);
  secret(key);
  std::size_t outl = 0;
  const bool ok = ctx != nullptr && EVP_MAC_init(ctx, key.data(), key.size(), params) == 1 &&
                  EVP_MAC_update(ctx, msg.data(), msg.size()) == 1 &&
                  EVP_MAC_final(ctx, out.data(), &outl, out.size()) == 1;
  EVP_MAC_CTX_free(ctx);
  EVP_MAC_free(mac);
  if (!ok) return {};
  out.resize(outl < size ? outl : size);  // Wycheproof tags may be truncated
  return out;
}

// The first valid Wycheproof case with a message for each key size.
template <class Params>
void wycheproof_mac(const char* file, const char* mac_name, int key_bits, const std::string& what,
                    Params&& make_params) {
  const auto doc = read_json(std::string("wycheproof/") + file);
  for (const auto& g : doc["testGroups"]) {
    if (g["keySize"] != key_bits) continue;
    if (g.contains("ivSize") && g["ivSize"] != 96) continue;
    for (const auto& t : g["tests"]) {
      if (t["result"] != "valid" || t["msg"] == "") continue;
      const Bytes tag = hex(t["tag"]);
      Bytes iv = t.contains("iv") ? hex(t["iv"]) : Bytes();
      auto params = make_params(iv);
      expect_bytes(run_mac(mac_name, hex(t["key"]), hex(t["msg"]), params.data(), tag.size()), tag,
                   what + " (Wycheproof)");
      count_checks(1);
      return;
    }
  }
  expect_true(false, what + ": no Wycheproof case found");
}

}  // namespace

void check_xts() {
  check_xts_vectors();
}

void check_macs() {
  for (const auto& [file, digest] :
       {std::pair{"hmac_sha256_test.json", "SHA2-256"},
        std::pair{"hmac_sha3_256_test.json", "SHA3-256"}, std::pair{"hmac_sm3_test.json", "SM3"}}) {
    for (int bits : {256, 520}) {  // a key shorter and one longer than the block
      wycheproof_mac(file, "HMAC", bits, std::string("HMAC-") + digest, [&](Bytes&) {
        return std::array{
            OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>(digest), 0),
            OSSL_PARAM_construct_end()};
      });
    }
  }
  for (const auto& [bits, cbc, gcm] : {std::tuple{128, "AES-128-CBC", "AES-128-GCM"},
                                       std::tuple{256, "AES-256-CBC", "AES-256-GCM"}}) {
    wycheproof_mac("aes_cmac_test.json", "CMAC", bits, std::string("CMAC ") + cbc, [&](Bytes&) {
      return std::array{
          OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>(cbc), 0),
          OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
    });
    wycheproof_mac("aes_gmac_test.json", "GMAC", bits, std::string("GMAC ") + gcm, [&](Bytes& iv) {
      return std::array{
          OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>(gcm), 0),
          OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, iv.data(), iv.size()),
          OSSL_PARAM_construct_end()};
    });
  }
  // Poly1305, RFC 8439 §2.5.2.
  const char* text = "Cryptographic Forum Research Group";
  OSSL_PARAM none[] = {OSSL_PARAM_construct_end()};
  expect_bytes(run_mac("POLY1305",
                       from_hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"),
                       Bytes(text, text + std::strlen(text)), none, 16),
               from_hex("a8061dc1305136c6c22b8baf0c0127a9"), "POLY1305 (RFC 8439 2.5.2)");
  count_checks(1);
}

}  // namespace armaccel::ct_test
