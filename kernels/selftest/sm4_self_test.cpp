// SPDX-License-Identifier: Apache-2.0
// Known-answer self-test of the SM4 lanes (self_test.h lists the sources).
#include <cstring>

#include "selftest/hex.h"
#include "selftest/self_test.h"

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
// key, tweak key, IV, and the first two blocks of a 56-byte unit (the ones
// ciphertext stealing leaves alone) under each tweak rule.
constexpr auto kXtsDataKey = hex("2b7e151628aed2a6abf7158809cf4f3c");
constexpr auto kXtsTweakKey = hex("000102030405060708090a0b0c0d0e0f");
constexpr auto kXtsIv = hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
constexpr auto kXtsPlain = hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51");
constexpr auto kXtsGb = hex("e9538251c71d7b80bbe4483fef497bd12c5c581bd6242fc51e08964fb4f60fdb");
constexpr auto kXtsIeee = hex("e9538251c71d7b80bbe4483fef497bd1b3db1a3e60408c575d63ff7db39f8326");

void repeat_block(const std::uint8_t block[16], std::uint8_t* out, int n) {
  for (int i = 0; i < n; ++i) std::memcpy(out + 16 * i, block, 16);
}

}  // namespace

bool sm4(const Sm4Kernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  Sm4RoundKeys enc{}, dec{};
  if (!lane.set_encrypt_key(&enc, kKey.b, 16) || !lane.set_decrypt_key(&dec, kKey.b, 16))
    return false;
  std::uint8_t in[128], out[128], want[128], chain[16];

  // ECB: the example eight times (the widest interleave), both ways.
  repeat_block(kKey.b, in, 8);
  repeat_block(kEcb.b, want, 8);
  lane.ecb_encrypt(&enc, in, out, 8);
  check.expect(out, want, 128);
  lane.ecb_decrypt(&dec, want, out, 8);
  check.expect(out, in, 128);

  std::memcpy(chain, kKey.b, 16);
  lane.cbc_encrypt(&enc, in, out, 6, chain);
  check.expect(out, kCbc);
  std::memcpy(chain, kKey.b, 16);
  lane.cbc_decrypt(&dec, kCbc.b, out, 6, chain);
  check.expect(out, in, 96);
  std::memcpy(chain, kKey.b, 16);
  lane.cbc_mac(&enc, in, 6, chain);
  check.expect(chain, kCbc.b + 80, 16);

  for (int i = 0; i < 16; ++i) chain[i] = static_cast<std::uint8_t>(i);
  lane.ctr_encrypt(&enc, kCtrPlain.b, out, 4, chain);
  check.expect(out, kCtrCipher);
  for (int i = 0; i < 16; ++i) chain[i] = static_cast<std::uint8_t>(i);
  lane.ctr32_encrypt(&enc, kCtrPlain.b, out, 4, chain);
  check.expect(out, kCtrCipher);

  // XTS: tweak = E_K2(IV), two blocks each way under each rule.
  Sm4RoundKeys tweak_key{};
  std::uint8_t tweak[16];
  if (!lane.set_encrypt_key(&tweak_key, kXtsTweakKey.b, 16) ||
      !lane.set_encrypt_key(&enc, kXtsDataKey.b, 16) ||
      !lane.set_decrypt_key(&dec, kXtsDataKey.b, 16))
    return false;
  lane.ecb_encrypt(&tweak_key, kXtsIv.b, tweak, 1);
  struct Rule {
    ChainedFn<Sm4RoundKeys> encrypt, decrypt;
    const std::uint8_t* cipher;
  };
  const Rule rules[] = {{lane.xts_gb_encrypt, lane.xts_gb_decrypt, kXtsGb.b},
                        {lane.xts_encrypt, lane.xts_decrypt, kXtsIeee.b}};
  for (const Rule& r : rules) {
    std::memcpy(chain, tweak, 16);
    r.encrypt(&enc, kXtsPlain.b, out, 2, chain);
    check.expect(out, r.cipher, 32);
    std::memcpy(chain, tweak, 16);
    r.decrypt(&dec, r.cipher, out, 2, chain);
    check.expect(out, kXtsPlain);
  }
  return check.passed();
}

}  // namespace armaccel::selftest
