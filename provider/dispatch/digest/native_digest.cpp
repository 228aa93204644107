// SPDX-License-Identifier: Apache-2.0
#include "native_digest.h"

#include "dispatch/common/names.h"

namespace armaccel::prov {

namespace {

using K = NativeKind;

// Names, aliases and OIDs as the algorithm list registers them (names.h).
constexpr NativeDigest kDigests[] = {
    {kNameSha224, K::kSha256, kSha224Iv, 28, 64, 0, false},
    {kNameSha256, K::kSha256, kSha256Iv, 32, 64, 0, false},
    {kNameSha384, K::kSha512, kSha384Iv, 48, 128, 0, false},
    {kNameSha512, K::kSha512, kSha512Iv, 64, 128, 0, false},
    {kNameSha512_224, K::kSha512, kSha512_224Iv, 28, 128, 0, false},
    {kNameSha512_256, K::kSha512, kSha512_256Iv, 32, 128, 0, false},
    {kNameSha3_224, K::kSponge, nullptr, 28, 144, kSha3Pad, false},
    {kNameSha3_256, K::kSponge, nullptr, 32, 136, kSha3Pad, false},
    {kNameSha3_384, K::kSponge, nullptr, 48, 104, kSha3Pad, false},
    {kNameSha3_512, K::kSponge, nullptr, 64, 72, kSha3Pad, false},
    {kNameKeccak224, K::kSponge, nullptr, 28, 144, kKeccakPad, false},
    {kNameKeccak256, K::kSponge, nullptr, 32, 136, kKeccakPad, false},
    {kNameKeccak384, K::kSponge, nullptr, 48, 104, kKeccakPad, false},
    {kNameKeccak512, K::kSponge, nullptr, 64, 72, kKeccakPad, false},
    {kNameShake128, K::kSponge, nullptr, 16, 168, kShakePad, true},
    {kNameShake256, K::kSponge, nullptr, 32, 136, kShakePad, true},
    {kNameKeccakKmac128, K::kSponge, nullptr, 32, 168, kCshakePad, true},
    {kNameKeccakKmac256, K::kSponge, nullptr, 64, 136, kCshakePad, true},
    {kNameSm3, K::kSm3, kSm3Iv, 32, 64, 0, false},
};

}  // namespace

const NativeDigest* find_native_digest(const char* name) {
  if (name == nullptr) return nullptr;
  for (const NativeDigest& d : kDigests)
    if (names_match(d.names, name)) return &d;
  return nullptr;
}

bool native_digest_registered(const ProvCtx* prov, const NativeDigest* d) {
  const Family f = d->kind == K::kSha256   ? Family::kSha256
                   : d->kind == K::kSha512 ? Family::kSha512
                   : d->kind == K::kSm3    ? Family::kSm3
                   : d->pad == kKeccakPad  ? Family::kKeccak
                                           : Family::kSha3;
  return prov->families.registered(f);
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
