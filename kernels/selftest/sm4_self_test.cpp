// SPDX-License-Identifier: Apache-2.0
// Known-answer self-test of the SM4 lanes (self_test.h lists the sources).
#include <cstring>

#include "selftest/block_cipher_kat.h"
#include "selftest/hex.h"
#include "selftest/self_test.h"
#include "selftest/sp800_38a.h"

namespace armaccel::selftest {

namespace {

// GB/T 32907-2016 example 1: this value is key and plaintext at once.
constexpr auto kKey = hex("0123456789abcdeffedcba9876543210");
constexpr auto kEcb = hex("681edf34d206965e86b3e94f536e4246");
// draft-ribose-cfrg-sm4-10 (OpenSSL's SM4 stanzas): CBC with the key as IV
// over the key block six times.
constexpr auto kCbc =
    hex("2677f46b09c122cc975533105bd4a22af6125f7275ce552c3a2bbcf533de8a3b"
        "fff5a4f208092c0901ba02d5772977369915e3fa2356c9f4eb6460ecc457e7f8"
        "e3cfa3deebfe9883e3a48bcf7c4a11aa3ec9e0d317c5d319be72a5cdddec640c");
// draft-ribose-cfrg-sm4-10, the first CTR example: counter 00 01 .. 0f.
constexpr auto kCtrPlain =
    hex("aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccdddddddddddddddd"
        "eeeeeeeeeeeeeeeeffffffffffffffffaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb");
constexpr auto kCtrCipher =
    hex("ac3236cb970cc20791364c395a1342d1a3cbc1878c6f30cd074cce385cdd70c7"
        "f234bc0e24c11980fd1286310ce37b926e02fcd0faa0baf38b2933851d824514");
// SM4-XTS (OpenSSL's stanzas after GB/T 17964-2021 and IEEE 1619): data
// key, tweak key, IV and plaintext are SP 800-38A's AES-128 key, CBC IV,
// initial counter block and plaintext (sp800_38a.h); the first two blocks
// of a 56-byte unit (the ones ciphertext stealing leaves alone) under each
// tweak rule.
constexpr auto& kXtsDataKey = sp800_38a::kKey128;
constexpr auto& kXtsTweakKey = sp800_38a::kCbcIv;
constexpr auto& kXtsIv = sp800_38a::kCtrIv;
constexpr auto& kXtsPlain = sp800_38a::kPlain;
constexpr auto kXtsGb = hex("e9538251c71d7b80bbe4483fef497bd12c5c581bd6242fc51e08964fb4f60fdb");
constexpr auto kXtsIeee = hex("e9538251c71d7b80bbe4483fef497bd1b3db1a3e60408c575d63ff7db39f8326");

void repeat_block(const std::uint8_t block[16], std::uint8_t* out, int n) {
  for (int i = 0; i < n; ++i) std::memcpy(out + 16 * i, block, 16);
}

}  // namespace

bool sm4(const Sm4Kernel& lane, bool corrupt) {
  BlockCipherKats<Sm4Kernel, Sm4RoundKeys> kats(lane, corrupt);
  if (!kats.set_key(kKey.b, 16)) return false;
  std::uint8_t in[128], want[128], counter[16];

  // ECB: the example eight times (the widest interleave), both ways; CBC
  // over the first six of them.
  repeat_block(kKey.b, in, 8);
  repeat_block(kEcb.b, want, 8);
  kats.ecb(in, want, 8);
  kats.cbc(kKey.b, in, kCbc.b, 6);
  for (int i = 0; i < 16; ++i) counter[i] = static_cast<std::uint8_t>(i);
  kats.ctr(counter, kCtrPlain.b, kCtrCipher.b, 4);

  // XTS: tweak = E_K2(IV), two blocks each way under each rule.
  std::uint8_t tweak[16];
  if (!kats.encrypt_tweak(kXtsTweakKey.b, 16, kXtsIv.b, tweak) || !kats.set_key(kXtsDataKey.b, 16))
    return false;
  kats.xts(lane.xts_gb_encrypt, lane.xts_gb_decrypt, tweak, kXtsPlain.b, kXtsGb.b, 2);
  kats.xts(lane.xts_encrypt, lane.xts_decrypt, tweak, kXtsPlain.b, kXtsIeee.b, 2);
  return kats.passed();
}

}  // namespace armaccel::selftest
