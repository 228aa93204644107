// SPDX-License-Identifier: Apache-2.0
// X25519 kernels (RFC 7748 §5), one table per lane: the scalar
// multiplication on the Montgomery form of Curve25519, u-coordinates only,
// over the field of p = 2^255 - 19.
//
// Encodings are RFC 7748's: 32-byte little-endian strings.  A scalar is
// clamped as decodeScalar25519 does (bits 0-2 and 255 cleared, bit 254
// set); a u-coordinate has its top bit masked (decodeUCoordinate), and a
// value at or above p is accepted and reduced, as §5 requires of
// non-canonical input.  The result is the canonical encoding of
// x2 * z2^(p - 2); a low-order input gives the all-zero string, which the
// caller checks (§6.1: the key exchange refuses it).  Constant time: the
// Montgomery ladder swaps by mask, and no branch or memory index depends
// on the scalar or u.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cpu/cpu_features.h"

namespace armaccel {

inline constexpr std::size_t kX25519Bytes = 32;

struct X25519Kernel {
  const char* lane;      // "x25519-portable", ...
  CpuFeatures required;  // features the lane's instructions need

  // out[32] = X25519(scalar[32], u[32]) (RFC 7748 §5).  out may alias
  // either input.
  void (*scalarmult)(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]);

  // out[32] = X25519(scalar[32], 9): the public key of a private key
  // (§6.1).  A lane may use a fixed-base method; the result is the same.
  void (*scalarmult_base)(std::uint8_t out[32], const std::uint8_t scalar[32]);

  // pub[32] = X25519(scalar, 9) and shared[32] = X25519(scalar, peer[32]):
  // one side's whole exchange with an ephemeral key (§6.1), as a TLS 1.3
  // server answers a key share.  A lane may share work between the two
  // (one inversion).  The outputs must not alias the inputs.
  void (*public_and_shared)(std::uint8_t pub[32], std::uint8_t shared[32],
                            const std::uint8_t scalar[32], const std::uint8_t peer[32]);
};

// The portable lane (ten limbs of 25.5 bits, 32x32->64-bit products, so
// it also builds for 32-bit cores): the oracle for the others.
extern const X25519Kernel kX25519Portable;

}  // namespace armaccel
