// SPDX-License-Identifier: Apache-2.0
// The portable X25519 lane: the ladder of curve25519/x25519_ladder.h, and
// the fixed-base method of curve25519/x25519_base.h for public keys, over
// ten limbs of 25.5 bits (curve25519/fe25519_radix25.h).
#include "api/x25519.h"
#include "curve25519/fe25519_radix25.h"
#include "curve25519/x25519_base.h"
#include "curve25519/x25519_ladder.h"
#include "util/wipe.h"

namespace armaccel {

namespace {

void scalarmult(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]) {
  x25519::scalarmult<fe25519::Radix25>(out, scalar, u, wipe);
}

void scalarmult_base(std::uint8_t out[32], const std::uint8_t scalar[32]) {
  x25519::scalarmult_base<fe25519::Radix25>(out, scalar, wipe);
}

void public_and_shared(std::uint8_t pub[32], std::uint8_t shared[32], const std::uint8_t scalar[32],
                       const std::uint8_t peer[32]) {
  scalarmult_base(pub, scalar);
  scalarmult(shared, scalar, peer);
}

}  // namespace

const X25519Kernel kX25519Portable = {"x25519-portable", 0, scalarmult, scalarmult_base,
                                      public_and_shared};

}  // namespace armaccel
