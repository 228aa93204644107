// SPDX-License-Identifier: Apache-2.0
// Differential fuzzer: armaccel's X25519 lanes (every lane this CPU can
// run, called directly) against the X25519 of OpenSSL's default provider
// through EVP.  The input is a 32-byte scalar and a 32-byte u-coordinate
// (short inputs are padded with zeros), so the fuzzer reaches u at and
// above p, the low-order points and the twist.  Where OpenSSL derives a
// shared secret every lane must give the same bytes; where OpenSSL refuses
// (an all-zero result, RFC 7748 §6.1) every lane must give all zeros.
#include <openssl/evp.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "fuzz_support.h"

namespace armaccel::fuzz {
namespace {

// OpenSSL's X25519(scalar, u) in the default provider; false when it
// refuses to derive.
bool reference(const std::uint8_t scalar[32], const std::uint8_t u[32], std::uint8_t out[32]) {
  EVP_PKEY* own = EVP_PKEY_new_raw_private_key_ex(contexts().ref, "X25519", nullptr, scalar, 32);
  EVP_PKEY* peer = EVP_PKEY_new_raw_public_key_ex(contexts().ref, "X25519", nullptr, u, 32);
  EVP_PKEY_CTX* ctx =
      own != nullptr ? EVP_PKEY_CTX_new_from_pkey(contexts().ref, own, nullptr) : nullptr;
  std::size_t len = 32;
  const bool ok = ctx != nullptr && peer != nullptr && EVP_PKEY_derive_init(ctx) > 0 &&
                  EVP_PKEY_derive_set_peer(ctx, peer) > 0 && EVP_PKEY_derive(ctx, out, &len) > 0 &&
                  len == 32;
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_free(peer);
  EVP_PKEY_free(own);
  had_error();  // drain the refusal, if any
  return ok;
}

void run(const std::uint8_t* data, std::size_t size) {
  std::uint8_t in[64] = {};
  std::memcpy(in, data, size < sizeof in ? size : sizeof in);
  const std::uint8_t* scalar = in;
  const std::uint8_t* u = in + 32;
  std::uint8_t want[32];
  const bool derived = reference(scalar, u, want);
  if (!derived) std::memset(want, 0, sizeof want);
  const CpuFeatures cpu = probe_cpu_features();
  const LaneList<X25519Kernel> lanes = x25519_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) {
    const X25519Kernel* k = lanes.lanes[i];
    if ((k->required & ~cpu) != 0) continue;
    std::uint8_t got[32];
    k->scalarmult(got, scalar, u);
    if (std::memcmp(got, want, 32) != 0) {
      std::fprintf(stderr, "fuzz_x25519: %s differs from OpenSSL (%s)\n", k->lane,
                   derived ? "derived" : "refused: all-zero result expected");
      std::abort();
    }
  }
}

}  // namespace
}  // namespace armaccel::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  armaccel::fuzz::run(data, size);
  return 0;
}
