// SPDX-License-Identifier: Apache-2.0
#include "contexts.h"

#include <openssl/crypto.h>
#include <openssl/provider.h>

namespace armaccel::alloc_test {

namespace {

OSSL_LIB_CTX* g_armaccel = nullptr;
OSSL_LIB_CTX* g_oracle = nullptr;
OSSL_PROVIDER* g_providers[3] = {};

}  // namespace

bool make_contexts() {
  g_armaccel = OSSL_LIB_CTX_new();
  g_oracle = OSSL_LIB_CTX_new();
  if (g_armaccel == nullptr || g_oracle == nullptr) return false;
  OSSL_PROVIDER_set_default_search_path(g_armaccel, ARMACCEL_MODULE_DIR);
  g_providers[0] = OSSL_PROVIDER_load(g_armaccel, "armaccel");
  g_providers[1] = OSSL_PROVIDER_load(g_armaccel, "default");
  g_providers[2] = OSSL_PROVIDER_load(g_oracle, "default");
  return g_providers[0] != nullptr && g_providers[1] != nullptr && g_providers[2] != nullptr;
}

void free_contexts() {
  for (OSSL_PROVIDER*& p : g_providers) {
    if (p != nullptr) OSSL_PROVIDER_unload(p);
    p = nullptr;
  }
  OSSL_LIB_CTX_free(g_armaccel);
  OSSL_LIB_CTX_free(g_oracle);
  g_armaccel = g_oracle = nullptr;
}

OSSL_LIB_CTX* armaccel_ctx() {
  return g_armaccel;
}

OSSL_LIB_CTX* oracle_ctx() {
  return g_oracle;
}

}  // namespace armaccel::alloc_test
