// SPDX-License-Identifier: Apache-2.0
// Known-answer self-test of the X25519 lanes (self_test.h lists the
// sources).
#include "selftest/hex.h"
#include "selftest/self_test.h"

namespace armaccel::selftest {

namespace {

// RFC 7748 §5.2, the first test vector: a scalar and a u-coordinate whose
// top bit is set (masked on decoding).
constexpr auto kScalar = hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
constexpr auto kU = hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
constexpr auto kOut = hex("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
// RFC 7748 §6.1: Alice's private key and public key.
constexpr auto kAlicePrivate =
    hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
constexpr auto kAlicePublic =
    hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
// §6.1: Bob's public key and the shared secret.
constexpr auto kBobPublic = hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
constexpr auto kShared = hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");

}  // namespace

bool x25519(const X25519Kernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  std::uint8_t out[32];
  lane.scalarmult(out, kScalar.b, kU.b);
  check.expect(out, kOut);
  lane.scalarmult_base(out, kAlicePrivate.b);
  check.expect(out, kAlicePublic);
  std::uint8_t pub[32], shared[32];
  lane.public_and_shared(pub, shared, kAlicePrivate.b, kBobPublic.b);
  check.expect(pub, kAlicePublic);
  check.expect(shared, kShared);
  return check.passed();
}

}  // namespace armaccel::selftest
