// SPDX-License-Identifier: Apache-2.0
// Known-answer self-test of the X25519 lanes (self_test.h lists the
// sources).
#include "selftest/hex.h"
#include "selftest/self_test.h"

namespace armaccel::selftest {

namespace {

// RFC 7748 §6.1: Alice's private key and public key.
constexpr auto kAlicePrivate =
    hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
constexpr auto kAlicePublic =
    hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
// §6.1: Bob's public key and the shared secret.
constexpr auto kBobPublic = hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
constexpr auto kShared = hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");

}  // namespace

// One call that runs the ladder, the fixed-base method and the shared
// inversion (a scalar multiplication costs about 300,000 instructions, so
// a load runs one pair, not each entry apart; the test suite covers the
// entries one by one).
bool x25519(const X25519Kernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  std::uint8_t pub[32], shared[32];
  lane.public_and_shared(pub, shared, kAlicePrivate.b, kBobPublic.b);
  check.expect(shared, kShared);
  check.expect(pub, kAlicePublic);
  return check.passed();
}

}  // namespace armaccel::selftest
