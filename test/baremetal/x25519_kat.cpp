// SPDX-License-Identifier: Apache-2.0
// X25519 (RFC 7748) on a Cortex-M board under QEMU, every X25519 lane this
// build has: §5.2's two vectors and the function iterated once, §6.1's key
// pairs and shared secret (public keys by the fixed-base method, and both
// of one side's results at once), then the stack a scalar multiplication
// and a public key take, measured by painting.  Exit status: the number of
// failures.
#include <cstdio>
#include <cstring>

#include "board.h"
#include "cpu/lanes.h"

namespace armaccel::baremetal {
namespace {

int failures = 0;

void expect_equal(const char* what, const char* lane, const std::uint8_t* got,
                  const char* want_hex) {
  std::uint8_t want[32];
  from_hex(want_hex, want, sizeof want);
  if (std::memcmp(got, want, 32) != 0) {
    std::printf("FAIL %s on %s\n", what, lane);
    ++failures;
  }
}

struct Vector {
  const char *scalar, *u, *out;
};
// RFC 7748 §5.2.
constexpr Vector kVectors[] = {
    {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
    {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
    {"0900000000000000000000000000000000000000000000000000000000000000",  // iterated once
     "0900000000000000000000000000000000000000000000000000000000000000",
     "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"},
};
// RFC 7748 §6.1.
constexpr char kAlice[] = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
constexpr char kAlicePub[] = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
constexpr char kBob[] = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
constexpr char kBobPub[] = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
constexpr char kShared[] = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";

// Buffers outside the stack, so the stack figures are the kernels'.
std::uint8_t g_a[32], g_b[32], g_out[32], g_out2[32];
const X25519Kernel* g_lane;

void run(const X25519Kernel& k) {
  for (const Vector& v : kVectors) {
    from_hex(v.scalar, g_a, 32);
    from_hex(v.u, g_b, 32);
    k.scalarmult(g_out, g_a, g_b);
    expect_equal("RFC 7748 5.2", k.lane, g_out, v.out);
  }
  from_hex(kAlice, g_a, 32);
  k.scalarmult_base(g_out, g_a);
  expect_equal("RFC 7748 6.1 Alice's public key", k.lane, g_out, kAlicePub);
  from_hex(kBob, g_a, 32);
  k.scalarmult_base(g_out, g_a);
  expect_equal("RFC 7748 6.1 Bob's public key", k.lane, g_out, kBobPub);
  from_hex(kAlice, g_a, 32);
  from_hex(kBobPub, g_b, 32);
  k.public_and_shared(g_out, g_out2, g_a, g_b);
  expect_equal("RFC 7748 6.1 public key and shared secret", k.lane, g_out, kAlicePub);
  expect_equal("RFC 7748 6.1 shared secret", k.lane, g_out2, kShared);
}

void one_scalarmult(void*) {
  g_lane->scalarmult(g_out, g_a, g_b);
}
void one_public_key(void*) {
  g_lane->scalarmult_base(g_out, g_a);
}

}  // namespace
}  // namespace armaccel::baremetal

int main() {
  using namespace armaccel;
  using namespace armaccel::baremetal;
  const LaneList<X25519Kernel> lanes = x25519_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) {
    g_lane = lanes.lanes[i];
    run(*g_lane);
    std::printf("%s: scalar multiplication %u bytes of stack, public key %u\n", g_lane->lane,
                static_cast<unsigned>(stack_used(one_scalarmult, nullptr)),
                static_cast<unsigned>(stack_used(one_public_key, nullptr)));
  }
  std::printf("x25519_kat: %d failure(s)\n", failures);
  return failures;
}
