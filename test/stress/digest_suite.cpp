// SPDX-License-Identifier: Apache-2.0
// Digest and MAC share of the stress workload: SHA2-256, SHA2-512 and
// SHA3-256 (the shared pre-fetched EVP_MD; a thread's own context, EVP's
// one-shot EVP_Digest, or a copy taken mid-message and both finished) and
// HMAC-SHA256 and HMAC-SHA1 (SHA-1 is not armaccel's: its HMAC fetches it
// through its child library context) with the shared EVP_MAC and keyed
// template contexts (a thread's own context initialised with the key, or
// a dup of the shared keyed one), on random messages digested beforehand
// by the default provider.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include "stress.h"

namespace armaccel::test::stress {
namespace {

struct MessageCase {
  std::size_t key = 0;  // HMAC only
  Bytes message, expected;
};

constexpr std::size_t kLengths[] = {0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 135, 136, 137};

std::vector<Bytes> random_messages(Rng& rng) {
  std::vector<Bytes> out;
  for (std::size_t len : kLengths) out.push_back(rng.bytes(len));
  for (int i = 0; i < 34; ++i) out.push_back(rng.bytes(rng.below(3000)));
  return out;
}

bool absorb(EVP_MD_CTX* ctx, const Bytes& m, std::size_t from, std::size_t to) {
  return to == from || EVP_DigestUpdate(ctx, m.data() + from, to - from) == 1;
}

bool finish(EVP_MD_CTX* ctx, Bytes* out) {
  unsigned int len = 0;
  out->assign(EVP_MAX_MD_SIZE, 0);
  if (EVP_DigestFinal_ex(ctx, out->data(), &len) != 1) return false;
  out->resize(len);
  return true;
}

class DigestSuite : public Suite {
 public:
  DigestSuite(OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle, const char* name, std::uint64_t salt)
      : name_(name), md_(fetch_md(lib, name, "provider=armaccel")) {
    const MdPtr reference = fetch_md(oracle, name, "provider=default");
    Rng rng(salt);
    for (Bytes& m : random_messages(rng)) {
      MessageCase c{0, std::move(m), Bytes(EVP_MAX_MD_SIZE)};
      unsigned int len = 0;
      EXPECT_EQ(EVP_Digest(c.message.data(), c.message.size(), c.expected.data(), &len,
                           reference.get(), nullptr),
                1)
          << name << ": " << drain_errors();
      c.expected.resize(len);
      cases_.push_back(std::move(c));
    }
  }
  std::string name() const override { return name_; }
  std::size_t cases() const override { return cases_.size(); }

  void run(std::size_t index, ThreadContexts& mine, Rng& rng, Tally& tally) const override {
    const MessageCase& c = cases_[index];
    const Bytes& m = c.message;
    const std::size_t split = rng.below(m.size() + 1);
    Bytes out;
    switch (rng.below(3)) {
      case 0: {  // the thread's own context, the message in two updates
        EVP_MD_CTX* ctx = mine.md.get();
        const bool ok = EVP_DigestInit_ex2(ctx, md_.get(), nullptr) == 1 &&
                        absorb(ctx, m, 0, split) && absorb(ctx, m, split, m.size()) &&
                        finish(ctx, &out);
        if (tally.check(ok, name_, index, "digest failed"))
          tally.check(out == c.expected, name_, index, "wrong digest");
        break;
      }
      case 1: {  // one shot
        out.assign(EVP_MAX_MD_SIZE, 0);
        unsigned int len = 0;
        const bool ok = EVP_Digest(m.data(), m.size(), out.data(), &len, md_.get(), nullptr) == 1;
        out.resize(len);
        if (tally.check(ok, name_, index, "one-shot digest failed"))
          tally.check(out == c.expected, name_, index, "wrong one-shot digest");
        break;
      }
      default: {  // copied mid-message, both copies finished
        EVP_MD_CTX* ctx = mine.md.get();
        EVP_MD_CTX* copy = mine.md_copy.get();
        Bytes copied;
        const bool ok = EVP_DigestInit_ex2(ctx, md_.get(), nullptr) == 1 &&
                        absorb(ctx, m, 0, split) && EVP_MD_CTX_copy_ex(copy, ctx) == 1 &&
                        absorb(ctx, m, split, m.size()) && absorb(copy, m, split, m.size()) &&
                        finish(copy, &copied) && finish(ctx, &out);
        if (tally.check(ok, name_, index, "digest with a copy failed")) {
          tally.check(out == c.expected, name_, index, "wrong digest (copied from)");
          tally.check(copied == c.expected, name_, index, "wrong digest (the copy)");
        }
        break;
      }
    }
  }

 private:
  std::string name_;
  MdPtr md_;
  std::vector<MessageCase> cases_;
};

OSSL_PARAM digest_param(const char* digest) {
  return OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>(digest), 0);
}

bool mac(EVP_MAC_CTX* ctx, const Bytes& m, std::size_t split, Bytes* out) {
  std::size_t len = 0;
  out->assign(EVP_MAX_MD_SIZE, 0);
  const bool ok =
      (split == 0 || EVP_MAC_update(ctx, m.data(), split) == 1) &&
      (split == m.size() || EVP_MAC_update(ctx, m.data() + split, m.size() - split) == 1) &&
      EVP_MAC_final(ctx, out->data(), &len, out->size()) == 1;
  out->resize(len);
  return ok;
}

class HmacSuite : public Suite {
 public:
  HmacSuite(OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle, const char* digest, std::uint64_t salt)
      : name_(std::string("HMAC-") + digest),
        digest_(digest),
        mac_(EVP_MAC_fetch(lib, "HMAC", "provider=armaccel")) {
    EXPECT_NE(mac_, nullptr) << drain_errors();
    const MacPtr reference(EVP_MAC_fetch(oracle, "HMAC", "provider=default"));
    Rng rng(salt);
    // Keys shorter than, equal to and longer than the digest's block.
    for (std::size_t len : {16, 32, 64, 65, 131}) {
      keys_.push_back(rng.bytes(len));
      OSSL_PARAM params[] = {digest_param(digest_), OSSL_PARAM_construct_end()};
      keyed_.emplace_back(EVP_MAC_CTX_new(mac_.get()));
      EXPECT_EQ(EVP_MAC_init(keyed_.back().get(), keys_.back().data(), len, params), 1)
          << drain_errors();
    }
    MacCtxPtr ctx(EVP_MAC_CTX_new(reference.get()));
    std::size_t i = 0;
    for (Bytes& m : random_messages(rng)) {
      MessageCase c{i++ % keys_.size(), std::move(m), {}};
      OSSL_PARAM params[] = {digest_param(digest_), OSSL_PARAM_construct_end()};
      const bool ok =
          EVP_MAC_init(ctx.get(), keys_[c.key].data(), keys_[c.key].size(), params) == 1 &&
          mac(ctx.get(), c.message, 0, &c.expected);
      EXPECT_TRUE(ok) << "default provider's HMAC: " << drain_errors();
      cases_.push_back(std::move(c));
    }
  }
  std::string name() const override { return name_; }
  std::size_t cases() const override { return cases_.size(); }

  void run(std::size_t index, ThreadContexts& mine, Rng& rng, Tally& tally) const override {
    const MessageCase& c = cases_[index];
    const std::size_t split = rng.below(c.message.size() + 1);
    Bytes out;
    bool ok;
    if (rng.below(2) == 0) {  // the thread's own context, given the key
      if (mine.mac == nullptr) mine.mac.reset(EVP_MAC_CTX_new(mac_.get()));
      OSSL_PARAM params[] = {digest_param(digest_), OSSL_PARAM_construct_end()};
      ok = mine.mac != nullptr &&
           EVP_MAC_init(mine.mac.get(), keys_[c.key].data(), keys_[c.key].size(), params) == 1 &&
           mac(mine.mac.get(), c.message, split, &out);
    } else {  // a dup of the shared keyed context
      MacCtxPtr dup(EVP_MAC_CTX_dup(keyed_[c.key].get()));
      ok = dup != nullptr && EVP_MAC_init(dup.get(), nullptr, 0, nullptr) == 1 &&
           mac(dup.get(), c.message, split, &out);
    }
    if (tally.check(ok, name(), index, "HMAC failed"))
      tally.check(out == c.expected, name(), index, "wrong HMAC");
  }

 private:
  std::string name_;
  const char* digest_;
  MacPtr mac_;
  std::vector<Bytes> keys_;
  std::vector<MacCtxPtr> keyed_;
  std::vector<MessageCase> cases_;
};

}  // namespace

void add_digest_suites(Suites& out, OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle) {
  out.push_back(std::make_unique<DigestSuite>(lib, oracle, "SHA2-256", 5));
  out.push_back(std::make_unique<DigestSuite>(lib, oracle, "SHA2-512", 6));
  out.push_back(std::make_unique<DigestSuite>(lib, oracle, "SHA3-256", 7));
  out.push_back(std::make_unique<HmacSuite>(lib, oracle, "SHA256", 4));
  out.push_back(std::make_unique<HmacSuite>(lib, oracle, "SHA1", 8));
}

}  // namespace armaccel::test::stress
