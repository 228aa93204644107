// SPDX-License-Identifier: Apache-2.0
// The one list of primitives.  Everything that exists once per primitive is
// made from it: KernelSet's members and the lane lists (lanes.h), the
// provider's lane-* parameters and their report slots, the lanes-built
// list, the self-tests run again on demand and armaccel-info's lines.  A
// primitive's lanes, with what each was measured to do, are in
// lane_table.cpp; docs/adding-a-lane.md walks through adding one.
//
// X(Enum, name, Kernel, kind), in the order lanes are chosen (a lane's
// self-test may use the lanes chosen before it: ML-KEM's uses Keccak's):
//   Enum   the Primitive enumerator;
//   name   the lowercase name: KernelSet's member, <name>_lanes(), the
//          lane-<name> parameter;
//   Kernel the kernel table type of its lanes (kernels/api);
//   kind   what its known-answer self-test is for OpenSSL's self-test
//          callback: kCipher, kDigest, kKem or kKex (key exchange;
//          PrimitiveKind).
// The fused GCM lanes are not a primitive: they compose an AES and a GHASH
// lane (lanes.h) and have a list of their own.
// Freestanding: no includes, so armaccel-info can read the list too.
#pragma once

// clang-format off
#define ARMACCEL_PRIMITIVES(X)                    \
  X(kAes, aes, AesKernel, kCipher)                 \
  X(kGhash, ghash, GhashKernel, kCipher)           \
  X(kSha256, sha256, Sha256Kernel, kDigest)        \
  X(kSha512, sha512, Sha512Kernel, kDigest)        \
  X(kKeccak, keccak, KeccakKernel, kDigest)        \
  X(kChacha20, chacha20, ChachaKernel, kCipher)    \
  X(kPoly1305, poly1305, Poly1305Kernel, kCipher)  \
  X(kSm4, sm4, Sm4Kernel, kCipher)                 \
  X(kSm3, sm3, Sm3Kernel, kDigest)                 \
  X(kMlkem, mlkem, MlkemKernel, kKem)             \
  X(kX25519, x25519, X25519Kernel, kKex)
// clang-format on

#ifdef __cplusplus
namespace armaccel {

enum class Primitive : unsigned char {
#define ARMACCEL_X(Enum, name, Kernel, kind) Enum,
  ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
};

enum class PrimitiveKind : unsigned char { kCipher, kDigest, kKem, kKex };

inline constexpr unsigned kPrimitiveCount = 0
#define ARMACCEL_X(Enum, name, Kernel, kind) +1
    ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
    ;

// The primitive's lowercase name ("aes"), as in lane-aes.
constexpr const char* primitive_name(Primitive p) {
  switch (p) {
#define ARMACCEL_X(Enum, name, Kernel, kind) \
  case Primitive::Enum:                      \
    return #name;
    ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  }
  return "";
}

constexpr PrimitiveKind primitive_kind(Primitive p) {
  switch (p) {
#define ARMACCEL_X(Enum, name, Kernel, kind) \
  case Primitive::Enum:                      \
    return PrimitiveKind::kind;
    ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  }
  return PrimitiveKind::kCipher;
}

}  // namespace armaccel
#endif
