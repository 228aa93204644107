// SPDX-License-Identifier: Apache-2.0
// AEAD share of the stress workload: AES-256-GCM and ChaCha20-Poly1305 on
// random messages whose ciphertexts and tags the default provider computed,
// and SM4-GCM on Wycheproof's valid 96-bit-IV cases (OpenSSL 3.0's default
// provider has no SM4-GCM).  Shared: the fetched EVP_CIPHER, the keys and
// one key-only EVP_CIPHER_CTX per key; a thread either initialises its own
// context with the key or copies the shared keyed one and gives the nonce.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "stress.h"

namespace armaccel::test::stress {
namespace {

struct AeadCase {
  std::size_t key = 0;
  Bytes iv, aad, plaintext, ciphertext, tag;
};

// Encrypts (enc) or decrypts c's text with ctx, already keyed and given
// its nonce (and, to decrypt, its tag); the text in two updates cut at
// `split`.  False if a call fails.
bool crypt(EVP_CIPHER_CTX* ctx, bool enc, const Bytes& aad, const Bytes& in, std::size_t split,
           Bytes* out) {
  int len = 0;
  if (!aad.empty() && EVP_CipherUpdate(ctx, nullptr, &len, aad.data(), int(aad.size())) != 1)
    return false;
  out->assign(in.size() + 16, 0);
  int done = 0;
  const std::pair<std::size_t, std::size_t> parts[] = {{0, split}, {split, in.size()}};
  for (const auto& [from, to] : parts) {
    if (to == from) continue;
    if (EVP_CipherUpdate(ctx, out->data() + done, &len, in.data() + from, int(to - from)) != 1)
      return false;
    done += len;
  }
  const int final_ok = enc ? EVP_EncryptFinal_ex(ctx, out->data() + done, &len)
                           : EVP_DecryptFinal_ex(ctx, out->data() + done, &len);
  if (final_ok != 1) return false;
  out->resize(done + len);
  return true;
}

bool seal(EVP_CIPHER_CTX* ctx, const AeadCase& c, std::size_t split, Bytes* ct, Bytes* tag) {
  if (!crypt(ctx, true, c.aad, c.plaintext, split, ct)) return false;
  tag->assign(c.tag.empty() ? 16 : c.tag.size(), 0);
  return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, int(tag->size()), tag->data()) == 1;
}

class AeadSuite : public Suite {
 public:
  AeadSuite(OSSL_LIB_CTX* lib, std::string name) : name_(std::move(name)) {
    cipher_ = fetch_cipher(lib, name_, "provider=armaccel");
  }
  std::string name() const override { return name_; }
  std::size_t cases() const override { return cases_.size(); }

  // Keys and their shared key-only contexts.
  void add_key(const Bytes& key) {
    keys_.push_back(key);
    keyed_.emplace_back(EVP_CIPHER_CTX_new());
    EXPECT_EQ(EVP_EncryptInit_ex2(keyed_.back().get(), cipher_.get(), key.data(), nullptr, nullptr),
              1)
        << name_ << ": " << drain_errors();
  }
  void add_case(AeadCase c) { cases_.push_back(std::move(c)); }
  std::size_t keys() const { return keys_.size(); }

  void run(std::size_t index, ThreadContexts& mine, Rng& rng, Tally& tally) const override {
    const AeadCase& c = cases_[index];
    EVP_CIPHER_CTX* ctx = mine.cipher.get();
    const std::size_t split = rng.below(c.plaintext.size() + 1);
    // Encryption.
    Bytes ct, tag;
    if (!tally.check(begin(ctx, c, true, rng) && seal(ctx, c, split, &ct, &tag), name_, index,
                     "encryption failed"))
      return;
    tally.check(ct == c.ciphertext, name_, index, "wrong ciphertext");
    tally.check(tag == c.tag, name_, index, "wrong tag");
    // Decryption, sometimes with a corrupted tag that must be refused.
    const bool corrupt = rng.below(8) == 0;
    Bytes want_tag = c.tag;
    if (corrupt) want_tag[rng.below(want_tag.size())] ^= 1 << rng.below(8);
    Bytes pt;
    const bool ok = begin(ctx, c, false, rng) &&
                    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, int(want_tag.size()),
                                        want_tag.data()) == 1 &&
                    crypt(ctx, false, c.aad, c.ciphertext, split, &pt);
    if (corrupt) {
      tally.check(!ok, name_, index, "a corrupted tag was accepted");
      ERR_clear_error();
    } else if (tally.check(ok, name_, index, "decryption failed")) {
      tally.check(pt == c.plaintext, name_, index, "wrong plaintext");
    }
  }

 private:
  // Keys ctx for c: the thread's own init with the key, or a copy of the
  // shared keyed context; then the nonce and the direction.
  bool begin(EVP_CIPHER_CTX* ctx, const AeadCase& c, bool enc, Rng& rng) const {
    if (rng.below(2) == 0)
      return EVP_CipherInit_ex2(ctx, cipher_.get(), keys_[c.key].data(), c.iv.data(), enc,
                                nullptr) == 1;
    return EVP_CIPHER_CTX_copy(ctx, keyed_[c.key].get()) == 1 &&
           EVP_CipherInit_ex2(ctx, nullptr, nullptr, c.iv.data(), enc, nullptr) == 1;
  }

  std::string name_;
  CipherPtr cipher_;
  std::vector<Bytes> keys_;
  std::vector<CipherCtxPtr> keyed_;
  std::vector<AeadCase> cases_;
};

// Random messages under a few keys, sealed by the default provider.
std::unique_ptr<AeadSuite> oracle_suite(OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle,
                                        const std::string& name, std::uint64_t salt) {
  auto suite = std::make_unique<AeadSuite>(lib, name);
  const CipherPtr reference = fetch_cipher(oracle, name, "provider=default");
  Rng rng(salt);
  std::vector<Bytes> keys;
  for (int k = 0; k < 4; ++k) {
    keys.push_back(rng.bytes(32));
    suite->add_key(keys.back());
  }
  static constexpr std::size_t kLengths[] = {0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 1024, 4099};
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  for (std::size_t i = 0; i < 48; ++i) {
    AeadCase c;
    c.key = i % keys.size();
    c.iv = rng.bytes(12);
    c.aad = rng.bytes(rng.below(3) == 0 ? 0 : 1 + rng.below(40));
    c.plaintext = rng.bytes(i < std::size(kLengths) ? kLengths[i] : rng.below(2048));
    c.tag.assign(16, 0);
    const bool ok = EVP_EncryptInit_ex2(ctx.get(), reference.get(), keys[c.key].data(), c.iv.data(),
                                        nullptr) == 1 &&
                    seal(ctx.get(), c, c.plaintext.size() / 2, &c.ciphertext, &c.tag);
    EXPECT_TRUE(ok) << "default provider's " << name << ": " << drain_errors();
    suite->add_case(std::move(c));
  }
  return suite;
}

std::unique_ptr<AeadSuite> sm4_gcm_suite(OSSL_LIB_CTX* lib) {
  auto suite = std::make_unique<AeadSuite>(lib, "SM4-GCM");
  std::ifstream in(vectors_dir() + "/wycheproof/sm4_gcm_test.json");
  EXPECT_TRUE(in.good()) << "sm4_gcm_test.json";
  if (!in.good()) return suite;
  const nlohmann::json doc = nlohmann::json::parse(in);
  std::map<std::string, std::size_t> key_index;
  for (const auto& group : doc["testGroups"]) {
    if (group["ivSize"] != 96 || group["tagSize"] != 128) continue;
    for (const auto& t : group["tests"]) {
      if (t["result"] != "valid") continue;
      const std::string key = t["key"];
      if (key_index.emplace(key, suite->keys()).second) suite->add_key(from_hex(key));
      AeadCase c;
      c.key = key_index[key];
      c.iv = from_hex(t["iv"].get<std::string>());
      c.aad = from_hex(t["aad"].get<std::string>());
      c.plaintext = from_hex(t["msg"].get<std::string>());
      c.ciphertext = from_hex(t["ct"].get<std::string>());
      c.tag = from_hex(t["tag"].get<std::string>());
      suite->add_case(std::move(c));
    }
  }
  EXPECT_GE(suite->cases(), 30u) << "SM4-GCM known answers";
  return suite;
}

}  // namespace

void add_aead_suites(Suites& out, OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle) {
  out.push_back(oracle_suite(lib, oracle, "AES-256-GCM", 1));
  out.push_back(oracle_suite(lib, oracle, "ChaCha20-Poly1305", 2));
  out.push_back(sm4_gcm_suite(lib));
}

}  // namespace armaccel::test::stress
