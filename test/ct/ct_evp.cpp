// SPDX-License-Identifier: Apache-2.0
#include "ct_evp.h"

#include <openssl/err.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstdlib>

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
