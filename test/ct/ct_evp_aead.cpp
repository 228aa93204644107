// SPDX-License-Identifier: Apache-2.0
// AEAD messages through EVP: AES-128/192/256-GCM, AES-128/192/256-CCM,
// ChaCha20-Poly1305 and SM4-GCM, each encrypted (secret key and plaintext:
// ciphertext and tag checked) and decrypted with its good tag and with a
// forged one (secret key; the verdict must be declassified by the provider
// where it is made: GCM and ChaCha20-Poly1305 at final, CCM at the payload
// update).  Values from Wycheproof and OpenSSL's evp_test copy of NIST's
// CCM CAVS file.
#include <openssl/err.h>
#include <openssl/evp.h>

#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "ct_evp.h"

namespace armaccel::ct_test {
namespace {

// One AEAD message: key, nonce, AAD, plaintext, ciphertext, tag.
struct AeadCase {
  std::string cipher;
  Bytes key, iv, aad, msg, ct, tag;
};

// Encrypts c.msg (secret) under c.key (secret); checks ciphertext and tag.
void aead_encrypt(const AeadCase& c, bool ccm) {
  EVP_CIPHER* cipher = fetch(c.cipher);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes key = c.key, msg = c.msg, out(c.msg.size() + 16), tag(c.tag.size());
  secret(key);
  secret(msg);
  int n = 0, m = 0;
  bool ok = EVP_EncryptInit_ex2(ctx, cipher, nullptr, nullptr, nullptr) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(c.iv.size()),
                                nullptr) == 1;
  if (ccm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(c.tag.size()),
                                   nullptr) == 1;
  ok = ok && EVP_EncryptInit_ex2(ctx, nullptr, key.data(), c.iv.data(), nullptr) == 1;
  if (ccm) ok = ok && EVP_EncryptUpdate(ctx, nullptr, &n, nullptr, static_cast<int>(msg.size()));
  ok = ok && EVP_EncryptUpdate(ctx, nullptr, &n, c.aad.data(), static_cast<int>(c.aad.size()));
  ok = ok && EVP_EncryptUpdate(ctx, out.data(), &n, msg.data(), static_cast<int>(msg.size()));
  ok = ok && EVP_EncryptFinal_ex(ctx, out.data() + n, &m);
  ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag.size()),
                                 tag.data()) == 1;
  expect_true(ok, c.cipher + " encrypt");
  expect_bytes(out.data(), static_cast<std::size_t>(n + m), c.ct, c.cipher + " ciphertext");
  expect_bytes(tag, c.tag, c.cipher + " tag");
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  count_checks(3);
}

// Decrypts c.ct with tag (public) under c.key (secret).  The verdict is what
// the provider reports: GCM and ChaCha20-Poly1305 at final, CCM at the
// payload update.  A good tag must give c.msg, a forged one a failure.
void aead_decrypt(const AeadCase& c, bool ccm, bool forge) {
  EVP_CIPHER* cipher = fetch(c.cipher);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes key = c.key, tag = c.tag, out(c.ct.size() + 16);
  if (forge) tag[tag.size() - 1] ^= 0x01;
  secret(key);
  int n = 0, m = 0;
  bool ok = EVP_DecryptInit_ex2(ctx, cipher, nullptr, nullptr, nullptr) == 1 &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(c.iv.size()),
                                nullptr) == 1;
  // CCM takes the tag (and so its length) before the key, the others after.
  if (ccm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()),
                                   tag.data()) == 1;
  ok = ok && EVP_DecryptInit_ex2(ctx, nullptr, key.data(), c.iv.data(), nullptr) == 1;
  if (!ccm)
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag.size()),
                                   tag.data()) == 1;
  if (ccm) ok = ok && EVP_DecryptUpdate(ctx, nullptr, &n, nullptr, static_cast<int>(c.ct.size()));
  ok = ok && EVP_DecryptUpdate(ctx, nullptr, &n, c.aad.data(), static_cast<int>(c.aad.size()));
  expect_true(ok, c.cipher + " decrypt set-up");
  const bool update =
      EVP_DecryptUpdate(ctx, out.data(), &n, c.ct.data(), static_cast<int>(c.ct.size())) == 1;
  const bool final = update && EVP_DecryptFinal_ex(ctx, out.data() + n, &m) == 1;
  ERR_clear_error();
  const std::string what = c.cipher + (forge ? " forged tag" : " good tag");
  if (forge) {
    expect_true(!final && (ccm ? !update : update), what + " refused where expected");
  } else {
    expect_true(final, what + " accepted");
    expect_bytes(out.data(), static_cast<std::size_t>(n + m), c.msg, what + " plaintext");
  }
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  count_checks(2);
}

void check_aead(const AeadCase& c, bool ccm) {
  aead_encrypt(c, ccm);
  aead_decrypt(c, ccm, false);
  aead_decrypt(c, ccm, true);
}

// The first valid Wycheproof case with a 96-bit IV, a 128-bit tag and
// non-empty text and AAD, for each (key bits, cipher name).
struct Named {
  int bits;
  const char* cipher;
};
void check_wycheproof_aead(const char* file, std::initializer_list<Named> ciphers) {
  const auto doc = read_json(std::string("wycheproof/") + file);
  for (const Named& n : ciphers) {
    bool done = false;
    for (const auto& g : doc["testGroups"]) {
      if (done || g["keySize"] != n.bits || g["ivSize"] != 96 || g["tagSize"] != 128) continue;
      for (const auto& t : g["tests"]) {
        if (t["result"] != "valid" || t["msg"] == "" || t["aad"] == "") continue;
        check_aead({n.cipher, hex(t["key"]), hex(t["iv"]), hex(t["aad"]), hex(t["msg"]),
                    hex(t["ct"]), hex(t["tag"])},
                   false);
        done = true;
        break;
      }
    }
    expect_true(done, std::string(n.cipher) + ": a Wycheproof case was found");
  }
}

// evp_test stanzas (Key = Value lines, blank-line separated).
std::vector<std::vector<std::pair<std::string, std::string>>> stanzas(const std::string& text) {
  std::vector<std::vector<std::pair<std::string, std::string>>> out(1);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      if (!out.back().empty()) out.emplace_back();
      continue;
    }
    if (line[0] == '#') continue;
    const auto eq = line.find(" = ");
    std::string key = eq == std::string::npos ? line : line.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : line.substr(eq + 3);
    if (!value.empty() && value.back() == '=') value.clear();
    out.back().emplace_back(key, value);
  }
  return out;
}

// AES-128/192/256-CCM: the first valid NIST CAVS stanza with AAD and
// payload for each key size.
void check_ccm() {
  const auto all = stanzas(read_vector_file("openssl-evp/evpciph_aes_ccm_cavs.txt"));
  for (const char* name : {"aes-128-ccm", "aes-192-ccm", "aes-256-ccm"}) {
    for (const auto& s : all) {
      std::map<std::string, std::string> f(s.begin(), s.end());
      if (f["Cipher"] != name || f.count("Result") != 0 || f["Plaintext"].empty() ||
          f["AAD"].empty())
        continue;
      check_aead({name, from_hex(f["Key"]), from_hex(f["IV"]), from_hex(f["AAD"]),
                  from_hex(f["Plaintext"]), from_hex(f["Ciphertext"]), from_hex(f["Tag"])},
                 true);
      break;
    }
  }
}

}  // namespace

void check_aead_messages() {
  check_wycheproof_aead("aes_gcm_test.json",
                        {{128, "AES-128-GCM"}, {192, "AES-192-GCM"}, {256, "AES-256-GCM"}});
  check_ccm();
  check_wycheproof_aead("chacha20_poly1305_test.json", {{256, "ChaCha20-Poly1305"}});
  check_wycheproof_aead("sm4_gcm_test.json", {{128, "SM4-GCM"}});
}

}  // namespace armaccel::ct_test
