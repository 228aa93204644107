// SPDX-License-Identifier: Apache-2.0
// The cost of loading armaccel, for the instruction counts (run with N = 1
// and 1 + n under the qemu-icount plugin and subtract; scripts/icount.sh
// load):
//   load_work selftest N   the lane self-tests of a load, N times: the
//                          lanes the probe (and ARMACCEL_DISABLE) picks,
//                          each hardware lane's known-answer test
//                          (kernels/selftest), as OSSL_provider_init runs them
//   load_work provider N   N loads and unloads of armaccel (OPENSSL_MODULES
//                          names its directory), each in a new library
//                          context with the default provider: everything a
//                          load costs, self-tests included
#include <openssl/crypto.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "selftest/self_test.h"

namespace {

using namespace armaccel;

int usage() {
  std::fprintf(stderr, "usage: load_work selftest|provider N\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return usage();
  const int n = std::atoi(argv[2]);
  if (std::strcmp(argv[1], "selftest") == 0) {
    const CpuFeatures features = apply_disable(
        probe_cpu_features(), parse_disable_list(std::getenv("ARMACCEL_DISABLE")).disable);
    int tested = 0;
    for (int i = 0; i < n; ++i) {
      tested = 0;
      select_kernels(features, classify_midr(probe_midr()),
                     [&](const auto& lane, const KernelSet& chosen) {
                       ++tested;
                       return selftest::run(lane, chosen, false);
                     });
    }
    std::printf("%d lanes tested per load\n", tested);
    return 0;
  }
  if (std::strcmp(argv[1], "provider") == 0) {
    for (int i = 0; i < n; ++i) {
      OSSL_LIB_CTX* ctx = OSSL_LIB_CTX_new();
      OSSL_PROVIDER* def = OSSL_PROVIDER_load(ctx, "default");
      OSSL_PROVIDER* prov = OSSL_PROVIDER_load(ctx, "armaccel");
      if (prov == nullptr) {
        std::fprintf(stderr, "load_work: armaccel did not load\n");
        return 1;
      }
      OSSL_PROVIDER_unload(prov);
      OSSL_PROVIDER_unload(def);
      OSSL_LIB_CTX_free(ctx);
    }
    return 0;
  }
  return usage();
}
