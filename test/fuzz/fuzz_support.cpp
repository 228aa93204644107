// SPDX-License-Identifier: Apache-2.0
#include "fuzz_support.h"

#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstdlib>

namespace armaccel::fuzz {

namespace {

Contexts load() {
  Contexts c{OSSL_LIB_CTX_new(), OSSL_LIB_CTX_new(), OSSL_LIB_CTX_new()};
  if (c.mine == nullptr || c.ref == nullptr || c.mine_only == nullptr ||
      !OSSL_PROVIDER_set_default_search_path(c.mine, ARMACCEL_MODULE_DIR) ||
      !OSSL_PROVIDER_set_default_search_path(c.mine_only, ARMACCEL_MODULE_DIR) ||
      OSSL_PROVIDER_load(c.mine, "armaccel") == nullptr ||
      OSSL_PROVIDER_load(c.mine_only, "armaccel") == nullptr ||
      OSSL_PROVIDER_load(c.mine, "default") == nullptr ||
      OSSL_PROVIDER_load(c.ref, "default") == nullptr) {
    std::fprintf(stderr, "fuzz: cannot load armaccel from %s\n", ARMACCEL_MODULE_DIR);
    ERR_print_errors_fp(stderr);
    std::abort();
  }
  return c;
}

std::string hex(const Bytes& b) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s;
  for (std::uint8_t v : b) {
    s += kDigits[v >> 4];
    s += kDigits[v & 15];
  }
  return s;
}

}  // namespace

const Contexts& contexts() {
  static const Contexts c = load();
  return c;
}

std::vector<std::string> armaccel_names(int operation) {
  std::vector<std::string> names;
  OSSL_PROVIDER* prov = OSSL_PROVIDER_load(contexts().mine, "armaccel");
  int no_cache = 0;
  for (const OSSL_ALGORITHM* a = OSSL_PROVIDER_query_operation(prov, operation, &no_cache);
       a != nullptr && a->algorithm_names != nullptr; ++a) {
    std::string n = a->algorithm_names;
    names.push_back(n.substr(0, n.find(':')));
  }
  OSSL_PROVIDER_unload(prov);
  return names;
}

namespace {

Fetched<EVP_CIPHER> fetch_ciphers(bool aead) {
  Fetched<EVP_CIPHER> out;
  for (const std::string& n : armaccel_names(OSSL_OP_CIPHER)) {
    EVP_CIPHER* m = EVP_CIPHER_fetch(contexts().mine, n.c_str(), kMine);
    EVP_CIPHER* r = EVP_CIPHER_fetch(contexts().ref, n.c_str(), nullptr);
    if (m == nullptr || r == nullptr ||
        ((EVP_CIPHER_get_flags(m) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0) != aead) {
      EVP_CIPHER_free(m);
      EVP_CIPHER_free(r);
      continue;
    }
    out.names.push_back(n);
    out.mine.push_back(m);
    out.ref.push_back(r);
  }
  ERR_clear_error();
  return out;
}

Fetched<EVP_MD> fetch_digests() {
  Fetched<EVP_MD> out;
  for (const std::string& n : armaccel_names(OSSL_OP_DIGEST)) {
    EVP_MD* m = EVP_MD_fetch(contexts().mine, n.c_str(), kMine);
    EVP_MD* r = EVP_MD_fetch(contexts().ref, n.c_str(), nullptr);
    if (m == nullptr || r == nullptr) {
      EVP_MD_free(m);
      EVP_MD_free(r);
      continue;
    }
    out.names.push_back(n);
    out.mine.push_back(m);
    out.ref.push_back(r);
  }
  ERR_clear_error();
  return out;
}

}  // namespace

const Fetched<EVP_CIPHER>& armaccel_ciphers(bool aead) {
  static const Fetched<EVP_CIPHER> with_aead = fetch_ciphers(true), without = fetch_ciphers(false);
  return aead ? with_aead : without;
}

const Fetched<EVP_MD>& armaccel_digests() {
  static const Fetched<EVP_MD> list = fetch_digests();
  return list;
}

std::uint8_t Reader::u8() {
  return at_ < size_ ? data_[at_++] : 0;
}

std::uint16_t Reader::u16() {
  const std::uint16_t hi = u8();
  return static_cast<std::uint16_t>(hi << 8 | u8());
}

Bytes Reader::bytes(std::size_t n) {
  Bytes b(n, 0);
  for (std::size_t i = 0; i < n && at_ < size_; ++i) b[i] = data_[at_++];
  return b;
}

std::size_t Reader::choose(const std::vector<std::string>& names) {
  const Bytes text = bytes(u8() % 32);
  const std::string s(text.begin(), text.end());
  std::size_t sum = 0;
  for (std::uint8_t c : text) sum += c;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (OPENSSL_strcasecmp(names[i].c_str(), s.c_str()) == 0) return i;
  return names.empty() ? 0 : sum % names.size();
}

void finding(const char* what, const std::string& alg, const std::string& detail) {
  std::fprintf(stderr, "fuzz: %s: %s: %s\n", alg.c_str(), what, detail.c_str());
  ERR_print_errors_fp(stderr);  // what either side put on the queue
  std::abort();
}

void expect_same(const char* what, const std::string& alg, int mine, int ref) {
  if (mine != ref)
    finding(what, alg, "armaccel " + std::to_string(mine) + ", default " + std::to_string(ref));
}

void expect_same(const char* what, const std::string& alg, const Bytes& mine, const Bytes& ref) {
  if (mine != ref) finding(what, alg, "armaccel " + hex(mine) + "\n  default  " + hex(ref));
}

Errors take_errors() {
  return Errors{test::take_queued_errors(true)};
}

std::string Errors::describe() const {
  if (entries.empty()) return "(empty)";
  std::string s;
  for (const test::QueuedError& e : entries) s += (s.empty() ? "" : ", ") + test::describe(e);
  return s;
}

void expect_same_errors(const char* what, const std::string& alg, const Errors& mine,
                        const Errors& ref) {
  if (mine.entries != ref.entries)
    finding((std::string(what) + ": errors").c_str(), alg,
            "armaccel " + std::to_string(mine.entries.size()) + ": " + mine.describe() +
                "\n  default  " + std::to_string(ref.entries.size()) + ": " + ref.describe());
}

bool had_error() {
  const bool any = ERR_peek_error() != 0;
  ERR_clear_error();
  return any;
}

}  // namespace armaccel::fuzz

// Loads both providers before fuzzing starts, so libFuzzer counts the
// module's coverage from the first input (one definition for every fuzzer).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  armaccel::fuzz::contexts();
  return 0;
}
