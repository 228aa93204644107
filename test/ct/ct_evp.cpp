// SPDX-License-Identifier: Apache-2.0
#include "ct_evp.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace armaccel::ct_test {

namespace {
OSSL_LIB_CTX* g_libctx = nullptr;
}  // namespace

OSSL_LIB_CTX* libctx() {
  if (g_libctx != nullptr) return g_libctx;
  g_libctx = OSSL_LIB_CTX_new();
  OSSL_PROVIDER_set_default_search_path(g_libctx, ARMACCEL_MODULE_DIR);
  if (OSSL_PROVIDER_load(g_libctx, "armaccel") == nullptr ||
      OSSL_PROVIDER_load(g_libctx, "default") == nullptr) {
    std::fprintf(stderr, "cannot load armaccel from %s\n", ARMACCEL_MODULE_DIR);
    ERR_print_errors_fp(stderr);
    std::exit(2);
  }
  return g_libctx;
}

void check_provider_lanes() {
  const char* env = std::getenv("ARMACCEL_EXPECT_LANES");
  if (env == nullptr || *env == '\0') return;
  OSSL_PROVIDER* prov = OSSL_PROVIDER_load(libctx(), "armaccel");  // one more reference
  std::stringstream ss(env);
  for (std::string item; std::getline(ss, item, ',');) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = "lane-" + item.substr(0, eq), want = item.substr(eq + 1);
    char* got = nullptr;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_ptr(key.c_str(), &got, 0),
                           OSSL_PARAM_construct_end()};
    std::string lane = OSSL_PROVIDER_get_params(prov, params) == 1 && got != nullptr ? got : "";
    lane = lane.substr(0, lane.find(" ("));  // without the core class's note
    expect_true(lane == want, key + " is " + want + " (the provider reports '" + lane + "')");
    count_checks(1);
  }
  OSSL_PROVIDER_unload(prov);
  std::printf("ct_provider: the provider's lanes are ARMACCEL_EXPECT_LANES's: %s\n", env);
}

void unload_armaccel() {
  OSSL_LIB_CTX_free(g_libctx);
  g_libctx = nullptr;
}

EVP_CIPHER* fetch(const std::string& name) {
  EVP_CIPHER* c = EVP_CIPHER_fetch(libctx(), name.c_str(), kPropq);
  if (c == nullptr) {
    std::fprintf(stderr, "armaccel has no %s\n", name.c_str());
    std::exit(2);
  }
  return c;
}

Bytes hex(const nlohmann::json& v) {
  return from_hex(v.get<std::string>());
}

nlohmann::json read_json(const std::string& rel) {
  return nlohmann::json::parse(read_vector_file(rel));
}

}  // namespace armaccel::ct_test
