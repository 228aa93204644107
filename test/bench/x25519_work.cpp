// SPDX-License-Identifier: Apache-2.0
// A fixed amount of X25519 work for instruction counting under qemu (run
// with REPS = 1 and 1 + N, divide the difference by N): REPS scalar
// multiplications (RFC 7748 §5) on armaccel's X25519 lane the probe picks
// (narrowed by ARMACCEL_DISABLE as the provider does; X25519_LANE names
// another lane of the build), or REPS shared-secret
// derivations through EVP on the OpenSSL the program runs in (its default
// provider) with one key pair.
//
//   x25519_work lane|evp|lane-base|evp-base|lane-server|evp-server REPS
//
// lane-base / evp-base: REPS public keys from a private key (X25519 with
// the base point 9): the lane's scalarmult_base, or a raw private key
// imported into the default provider (which computes its public key).
// lane-server / evp-server: REPS times a TLS 1.3 server's X25519 work for
// one handshake, an ephemeral key pair and its shared secret with the
// client's share: the lane's public_and_shared, or a raw private key
// imported (its public key computed) and a derivation through EVP.
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu/cpu_features.h"
#include "cpu/lanes.h"

namespace {

using namespace armaccel;

// RFC 7748 §6.1: Alice's private key and Bob's public key.
constexpr std::uint8_t kPrivate[32] = {
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
constexpr std::uint8_t kPublic[32] = {
    0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
    0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};

// The lane named by X25519_LANE if set, else the probe's choice.
const X25519Kernel* chosen_lane() {
  if (const char* name = std::getenv("X25519_LANE")) {
    const LaneList<X25519Kernel> list = x25519_lanes();
    for (std::size_t i = 0; i < list.count; ++i)
      if (std::strcmp(list.lanes[i]->lane, name) == 0) return list.lanes[i];
  }
  const CpuFeatures effective = apply_disable(
      probe_cpu_features(), parse_disable_list(std::getenv("ARMACCEL_DISABLE")).disable);
  return select_kernels(effective, classify_midr(probe_midr())).x25519;
}

int base_on_lane(long reps) {
  const X25519Kernel* k = chosen_lane();
  std::uint8_t scalar[32];
  std::memcpy(scalar, kPrivate, 32);
  for (long i = 0; i < reps; ++i) k->scalarmult_base(scalar, scalar);
  std::printf("lane %s base: %02x%02x...\n", k->lane, scalar[0], scalar[1]);
  return 0;
}

int base_through_evp(long reps) {
  std::uint8_t scalar[32];
  std::memcpy(scalar, kPrivate, 32);
  for (long i = 0; i < reps; ++i) {
    EVP_PKEY* key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, scalar, 32);
    std::size_t len = 32;
    if (key == nullptr || !EVP_PKEY_get_raw_public_key(key, scalar, &len)) return 1;
    EVP_PKEY_free(key);
  }
  std::printf("evp base: %02x%02x...\n", scalar[0], scalar[1]);
  return 0;
}

int server_on_lane(long reps) {
  const X25519Kernel* k = chosen_lane();
  std::uint8_t scalar[32], pub[32];
  std::memcpy(scalar, kPrivate, 32);
  for (long i = 0; i < reps; ++i) k->public_and_shared(pub, scalar, scalar, kPublic);
  std::printf("lane %s server: %02x%02x...\n", k->lane, scalar[0], pub[0]);
  return 0;
}

int server_through_evp(long reps) {
  std::uint8_t scalar[32], pub[32];
  std::memcpy(scalar, kPrivate, 32);
  EVP_PKEY* peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr, kPublic, 32);
  if (peer == nullptr) return 1;
  for (long i = 0; i < reps; ++i) {
    EVP_PKEY* own = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, scalar, 32);
    EVP_PKEY_CTX* ctx = own != nullptr ? EVP_PKEY_CTX_new(own, nullptr) : nullptr;
    std::size_t len = 32, publen = 32;
    if (ctx == nullptr || !EVP_PKEY_get_raw_public_key(own, pub, &publen) ||
        EVP_PKEY_derive_init(ctx) <= 0 || EVP_PKEY_derive_set_peer(ctx, peer) <= 0 ||
        EVP_PKEY_derive(ctx, scalar, &len) <= 0)
      return 1;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(own);
  }
  EVP_PKEY_free(peer);
  std::printf("evp server: %02x%02x...\n", scalar[0], pub[0]);
  return 0;
}

int on_lane(long reps) {
  const X25519Kernel* k = chosen_lane();
  std::uint8_t scalar[32];
  std::memcpy(scalar, kPrivate, 32);
  for (long i = 0; i < reps; ++i) k->scalarmult(scalar, scalar, kPublic);
  std::printf("lane %s: %02x%02x...\n", k->lane, scalar[0], scalar[1]);
  return 0;
}

int through_evp(long reps) {
  EVP_PKEY* own = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, kPrivate, 32);
  EVP_PKEY* peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr, kPublic, 32);
  EVP_PKEY_CTX* ctx = own != nullptr ? EVP_PKEY_CTX_new(own, nullptr) : nullptr;
  if (ctx == nullptr || peer == nullptr || EVP_PKEY_derive_init(ctx) <= 0 ||
      EVP_PKEY_derive_set_peer(ctx, peer) <= 0)
    return 1;
  std::uint8_t secret[32];
  for (long i = 0; i < reps; ++i) {
    std::size_t len = sizeof secret;
    if (EVP_PKEY_derive(ctx, secret, &len) <= 0) return 1;
  }
  std::printf("evp: %02x%02x...\n", secret[0], secret[1]);
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_free(peer);
  EVP_PKEY_free(own);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr,
                 "usage: x25519_work lane|evp|lane-base|evp-base|lane-server|evp-server REPS\n");
    return 2;
  }
  const long reps = std::atol(argv[2]);
  // No clean-up at exit: a provider loaded by the configuration stays
  // mapped, so the block profiler (read at exit) finds its code.
  OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_LOAD_CONFIG, nullptr);
  if (std::strcmp(argv[1], "lane") == 0) return on_lane(reps);
  if (std::strcmp(argv[1], "evp") == 0) return through_evp(reps);
  if (std::strcmp(argv[1], "lane-base") == 0) return base_on_lane(reps);
  if (std::strcmp(argv[1], "evp-base") == 0) return base_through_evp(reps);
  if (std::strcmp(argv[1], "lane-server") == 0) return server_on_lane(reps);
  if (std::strcmp(argv[1], "evp-server") == 0) return server_through_evp(reps);
  return 2;
}
