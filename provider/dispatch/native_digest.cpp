#include "native_digest.h"

#include <strings.h>

#include <cstring>

namespace armaccel::prov {

namespace {

using K = NativeKind;

// Names, aliases and OIDs as in algorithms.cpp (OpenSSL's names.h).
constexpr NativeDigest kDigests[] = {
    {"SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4", K::kSha256, kSha224Iv, 28, 64, 0, false},
    {"SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", K::kSha256, kSha256Iv, 32, 64, 0, false},
    {"SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2", K::kSha512, kSha384Iv, 48, 128, 0, false},
    {"SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3", K::kSha512, kSha512Iv, 64, 128, 0, false},
    {"SHA2-512/224:SHA-512/224:SHA512-224:2.16.840.1.101.3.4.2.5", K::kSha512, kSha512_224Iv, 28,
     128, 0, false},
    {"SHA2-512/256:SHA-512/256:SHA512-256:2.16.840.1.101.3.4.2.6", K::kSha512, kSha512_256Iv, 32,
     128, 0, false},
    {"SHA3-224:2.16.840.1.101.3.4.2.7", K::kSponge, nullptr, 28, 144, kSha3Pad, false},
    {"SHA3-256:2.16.840.1.101.3.4.2.8", K::kSponge, nullptr, 32, 136, kSha3Pad, false},
    {"SHA3-384:2.16.840.1.101.3.4.2.9", K::kSponge, nullptr, 48, 104, kSha3Pad, false},
    {"SHA3-512:2.16.840.1.101.3.4.2.10", K::kSponge, nullptr, 64, 72, kSha3Pad, false},
    {"KECCAK-224", K::kSponge, nullptr, 28, 144, kKeccakPad, false},
    {"KECCAK-256", K::kSponge, nullptr, 32, 136, kKeccakPad, false},
    {"KECCAK-384", K::kSponge, nullptr, 48, 104, kKeccakPad, false},
    {"KECCAK-512", K::kSponge, nullptr, 64, 72, kKeccakPad, false},
    {"SHAKE-128:SHAKE128:2.16.840.1.101.3.4.2.11", K::kSponge, nullptr, 16, 168, kShakePad, true},
    {"SHAKE-256:SHAKE256:2.16.840.1.101.3.4.2.12", K::kSponge, nullptr, 32, 136, kShakePad, true},
    {"KECCAK-KMAC-128:KECCAK-KMAC128", K::kSponge, nullptr, 32, 168, kCshakePad, true},
    {"KECCAK-KMAC-256:KECCAK-KMAC256", K::kSponge, nullptr, 64, 136, kCshakePad, true},
    {"SM3:1.2.156.10197.1.401", K::kSm3, kSm3Iv, 32, 64, 0, false},
};

// True if `name` equals one of the ':'-separated entries of `list`,
// ignoring case.
bool names_match(const char* list, const char* name) {
  const std::size_t len = std::strlen(name);
  for (const char* p = list;;) {
    const char* end = std::strchr(p, ':');
    const std::size_t n = end != nullptr ? static_cast<std::size_t>(end - p) : std::strlen(p);
    if (n == len && strncasecmp(p, name, n) == 0) return true;
    if (end == nullptr) return false;
    p = end + 1;
  }
}

}  // namespace

const NativeDigest* find_native_digest(const char* name) {
  if (name == nullptr) return nullptr;
  for (const NativeDigest& d : kDigests)
    if (names_match(d.names, name)) return &d;
  return nullptr;
}

void native_digest_init(const NativeDigest* d, NativeDigestState* s) {
  switch (d->kind) {
    case K::kSha256:
    case K::kSm3:
      sha2_init(&s->sha256, static_cast<const std::uint32_t*>(d->iv));
      break;
    case K::kSha512:
      sha2_init(&s->sha512, static_cast<const std::uint64_t*>(d->iv));
      break;
    case K::kSponge:
      sponge_init(&s->sponge, d->block, d->pad);
      break;
  }
}

void native_digest_update(const ProvCtx* prov, const NativeDigest* d, NativeDigestState* s,
                          const std::uint8_t* data, std::size_t len) {
  if (len == 0) return;
  switch (d->kind) {
    case K::kSha256:
      sha2_update(&s->sha256, prov->kernels.sha256, data, len);
      break;
    case K::kSm3:
      sha2_update(&s->sha256, prov->kernels.sm3, data, len);
      break;
    case K::kSha512:
      sha2_update(&s->sha512, prov->kernels.sha512, data, len);
      break;
    case K::kSponge:
      sponge_absorb(prov->kernels.keccak, &s->sponge, data, len);
      break;
  }
}

void native_digest_final(const ProvCtx* prov, const NativeDigest* d, NativeDigestState* s,
                         std::uint8_t* out) {
  switch (d->kind) {
    case K::kSha256:
      sha2_final(&s->sha256, prov->kernels.sha256, out, d->size);
      break;
    case K::kSm3:
      sha2_final(&s->sha256, prov->kernels.sm3, out, d->size);
      break;
    case K::kSha512:
      sha2_final(&s->sha512, prov->kernels.sha512, out, d->size);
      break;
    case K::kSponge:
      sponge_squeeze(prov->kernels.keccak, &s->sponge, out, d->size);
      break;
  }
}

}  // namespace armaccel::prov
