// SPDX-License-Identifier: Apache-2.0
// Constant-time check of the provider's secret-handling paths through EVP
// with armaccel loaded (run under memcheck, see ct_check.h): keys,
// plaintexts being encrypted and ML-KEM secret keys, seeds and messages are
// marked secret; ciphertexts, tags given by a peer and the records libssl
// hands in are public.  What each family checks is at the top of its file
// (ct_evp_*.cpp).
#include "ct_evp.h"

int main() {
  using namespace armaccel::ct_test;
  require_valgrind("ct_provider");
  check_provider_lanes();
  check_aead_messages();
  check_tls_aead();
  check_cbc_padding();
  check_tls_cbc();
  check_xts();
  check_macs();
  check_mlkem_evp();
  unload_armaccel();
  return finish("ct_provider");
}
