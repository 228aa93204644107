// SPDX-License-Identifier: Apache-2.0
// armaccel's own digests behind one small interface, for algorithms built
// on a hash (HMAC): lookup by any name, alias or OID OpenSSL accepts for
// it (case-insensitive), and init/update/final over a plain-data state on
// the lanes chosen for the provider instance.
#pragma once

#include <cstddef>
#include <cstdint>

#include "api/sm3.h"
#include "modes/sha2_driver.h"
#include "modes/sha3_driver.h"
#include "prov_ctx.h"

namespace armaccel::prov {

enum class NativeKind : unsigned char { kSha256, kSha512, kSponge, kSm3 };

struct NativeDigest {
  const char* names;  // ':'-separated, as in the algorithm list
  NativeKind kind;
  const void* iv;     // SHA-2: the initial hash value (uint32_t[8] or uint64_t[8])
  std::size_t size;   // digest bytes
  std::size_t block;  // block bytes (the rate for a sponge)
  std::uint8_t pad;   // sponge: first padding byte
  bool xof;
};

union NativeDigestState {
  Sha2State<std::uint32_t> sha256;
  Sha2State<std::uint64_t> sha512;
  SpongeState sponge;
};

// The digest `name` names, or nullptr if armaccel has none by that name.
const NativeDigest* find_native_digest(const char* name);

// True when the digest's family is registered on this instance (step_aside.h):
// a user of a digest inside armaccel (HMAC) takes a deferred one from the
// default provider instead.
bool native_digest_registered(const ProvCtx* prov, const NativeDigest* d);

void native_digest_init(const NativeDigest* d, NativeDigestState* s);
void native_digest_update(const ProvCtx* prov, const NativeDigest* d, NativeDigestState* s,
                          const std::uint8_t* data, std::size_t len);
// Writes d->size bytes (fixed-length digests only).
void native_digest_final(const ProvCtx* prov, const NativeDigest* d, NativeDigestState* s,
                         std::uint8_t* out);

}  // namespace armaccel::prov
