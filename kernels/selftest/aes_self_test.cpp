// SPDX-License-Identifier: Apache-2.0
// Known-answer self-tests of the AES, GHASH and fused GCM lanes
// (self_test.h lists the sources).
#include <cstring>

#include "modes/gcm_driver.h"
#include "selftest/block_cipher_kat.h"
#include "selftest/hex.h"
#include "selftest/self_test.h"
#include "selftest/sp800_38a.h"

namespace armaccel::selftest {

namespace {

// SP 800-38A appendix F: the keys, the four-block plaintext shared by every
// mode (sp800_38a.h), and each mode's ciphertext.
using sp800_38a::kCbcIv;
using sp800_38a::kCtrIv;
using sp800_38a::kKey128;
using sp800_38a::kPlain;
constexpr auto kKey192 = hex("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b");
constexpr auto kKey256 = hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4");
constexpr auto kEcb128 = hex(  // F.1.1
    "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
    "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4");
constexpr auto kEcb192First = hex("bd334f1d6e45f25ff712a214571fa5cc");  // F.1.3, block 1
constexpr auto kEcb256 = hex(                                           // F.1.5
    "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
    "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7");
constexpr auto kCbc128 = hex(  // F.2.1
    "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
    "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7");
constexpr auto kCtr128 = hex(  // F.5.1
    "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
    "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee");

// IEEE 1619-2007 annex B, vector 4: data key, tweak key, data unit 0,
// plaintext 00 01 .. ff twice.
constexpr auto kXtsDataKey = hex("27182818284590452353602874713526");
constexpr auto kXtsTweakKey = hex("31415926535897932384626433832795");
constexpr auto kXtsCipher =
    hex("27a7479befa1d476489f308cd4cfa6e2a96e4bbe3208ff25287dd3819616e89c"
        "c78cf7f5e543445f8333d8fa7f56000005279fa5d8b5e4ad40e736ddb4d35412"
        "328063fd2aab53e5ea1e0a9f332500a5df9487d07a5c92cc512c8866c7e860ce"
        "93fdf166a24912b422976146ae20ce846bb7dc9ba94a767aaef20c0d61ad0265"
        "5ea92dc4c4e41a8952c651d33174be51a10c421110e6d81588ede82103a252d8"
        "a750e8768defffed9122810aaeb99f9172af82b604dc4b8e51bcb08235a6f434"
        "1332e4ca60482a4ba1a03b3e65008fc5da76b70bf1690db4eae29c5f1badd03c"
        "5ccf2a55d705ddcd86d449511ceb7ec30bf12b1fa35b913f9f747a8afd1b130e"
        "94bff94effd01a91735ca1726acd0b197c4e5b03393697e126826fb6bbde8ecc"
        "1e08298516e2c9ed03ff3c1b7860f6de76d4cecd94c8119855ef5297ca67e9f3"
        "e7ff72b1e99785ca0a7e7720c5b36dc6d72cac9574c8cbbc2f801e23e56fd344"
        "b07f22154beba0f08ce8891e643ed995c94d9a69c9f1b5f499027a78572aeebd"
        "74d20cc39881c213ee770b1010e4bea718846977ae119f7a023ab58cca0ad752"
        "afe656bb3c17256a9f6e9bf19fdd5a38fc82bbe872c5539edb609ef4f79c203e"
        "bb140f2e583cb2ad15b4aa5b655016a8449277dbd477ef2c8d6c017db738b18d"
        "eb4a427d1923ce3ff262735779a418f20a282df920147beabe421ee5319d0568");

// GCM specification test cases 3 and 4: key, IV, plaintext (test case 4
// uses its first 60 bytes), H, the AAD and GHASH of test case 4, and test
// case 3's ciphertext and tag.
constexpr auto kGcmKey = hex("feffe9928665731c6d6a8f9467308308");
constexpr auto kGcmIv = hex("cafebabefacedbaddecaf888");
constexpr auto kGcmPlain =
    hex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255");
constexpr auto kGcmCipher =
    hex("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
        "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985");
constexpr auto kGcmTag3 = hex("4d5c2af327cd64a62cf35abd2ba6fab4");
constexpr auto kGcmH = hex("b83b533708bf535d0aa6e52980d53b78");
constexpr auto kGcmAad4 = hex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
constexpr auto kGhash4 = hex("698e57f70e6ecc7fd9463b7260a9ae5f");

// 16 * n bytes of `b` repeated (ECB's blocks are independent, so the four
// SP 800-38A blocks twice are eight known answers: the widest interleave).
template <std::size_t N>
void twice(const Bytes<N>& b, std::uint8_t out[2 * N]) {
  std::memcpy(out, b.b, N);
  std::memcpy(out + N, b.b, N);
}

// One 64-byte GCM message under test case 3's IV: text and tag.
void gcm_message(const GcmLanes& lanes, const GcmKey& key, bool encrypt, const std::uint8_t* in,
                 std::uint8_t out[64], std::uint8_t tag[16]) {
  GcmState s;
  gcm_start(lanes, &key, &s, kGcmIv.b, 12);
  gcm_crypt(lanes, &key, &s, encrypt, in, out, 64);
  gcm_tag(lanes, &key, &s, tag);
}

void xts_plaintext(std::uint8_t p[512]) {
  for (int i = 0; i < 512; ++i) p[i] = static_cast<std::uint8_t>(i);
}

}  // namespace

bool aes(const AesKernel& lane, bool corrupt) {
  BlockCipherKats<AesKernel, AesRoundKeys> kats(lane, corrupt);
  std::uint8_t in[128], want[128];

  if (!kats.set_key(kKey128.b, 16)) return false;
  twice(kPlain, in);
  twice(kEcb128, want);
  kats.ecb(in, want, 8);
  kats.cbc(kCbcIv.b, kPlain.b, kCbc128.b, 4);
  kats.ctr(kCtrIv.b, kPlain.b, kCtr128.b, 4);

  if (!kats.set_key(kKey192.b, 24)) return false;
  kats.ecb(kPlain.b, kEcb192First.b, 1);

  if (!kats.set_key(kKey256.b, 32)) return false;
  kats.ecb(kPlain.b, kEcb256.b, 4);

  // XTS: tweak = E_K2(data unit number 0), 32 blocks each way.
  const std::uint8_t unit0[16] = {};
  std::uint8_t tweak[16], xts_plain[512];
  if (!kats.encrypt_tweak(kXtsTweakKey.b, 16, unit0, tweak) || !kats.set_key(kXtsDataKey.b, 16))
    return false;
  xts_plaintext(xts_plain);
  kats.xts(lane.xts_encrypt, lane.xts_decrypt, tweak, xts_plain, kXtsCipher.b, 32);
  return kats.passed();
}

bool ghash(const GhashKernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  // Test case 4's GHASH input: A and C zero padded, then the bit lengths.
  std::uint8_t blocks[7 * 16] = {};
  std::memcpy(blocks, kGcmAad4.b, kGcmAad4.size);
  std::memcpy(blocks + 32, kGcmCipher.b, 60);
  blocks[7 * 16 - 9] = 160;   // len(A) = 0xa0 bits
  blocks[7 * 16 - 2] = 0x01;  // len(C) = 0x1e0 bits
  blocks[7 * 16 - 1] = 0xe0;
  GhashKey key{};
  lane.init(&key, kGcmH.b);
  std::uint8_t xi[16] = {};
  lane.update(&key, xi, blocks, 7);
  check.expect(xi, kGhash4);
  std::memset(xi, 0, 16);  // the same in two calls: Xi carries over
  lane.update(&key, xi, blocks, 3);
  lane.update(&key, xi, blocks + 48, 4);
  check.expect(xi, kGhash4);
  return check.passed();
}

bool gcm(const GcmKernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  const GcmLanes lanes{lane.aes, lane.ghash, &lane};
  GcmKey key{};
  if (!gcm_set_key(lanes, &key, kGcmKey.b, 16)) return false;
  std::uint8_t out[64], tag[16];
  gcm_message(lanes, key, true, kGcmPlain.b, out, tag);
  check.expect(out, kGcmCipher);
  check.expect(tag, kGcmTag3);
  gcm_message(lanes, key, false, kGcmCipher.b, out, tag);
  check.expect(out, kGcmPlain);
  check.expect(tag, kGcmTag3);
  return check.passed();
}

}  // namespace armaccel::selftest
