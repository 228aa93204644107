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
  Contexts c{OSSL_LIB_CTX_new(), OSSL_LIB_CTX_new()};
  if (c.mine == nullptr || c.ref == nullptr ||
      !OSSL_PROVIDER_set_default_search_path(c.mine, ARMACCEL_MODULE_DIR) ||
      OSSL_PROVIDER_load(c.mine, "armaccel") == nullptr ||
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

bool had_error() {
  const bool any = ERR_peek_error() != 0;
  ERR_clear_error();
  return any;
}

}  // namespace armaccel::fuzz
