// SPDX-License-Identifier: Apache-2.0
// Known-answer self-tests of the ChaCha20 and Poly1305 lanes (self_test.h
// lists the sources).
#include <cstring>

#include "modes/chacha20_driver.h"
#include "modes/poly1305_driver.h"
#include "selftest/hex.h"
#include "selftest/self_test.h"

namespace armaccel::selftest {

namespace {

// RFC 8439 A.2 test vector 2: key 00..01, nonce 00..02, block counter 1,
// 375 bytes of text (five whole blocks and a partial one).
constexpr auto kChachaKey = hex("0000000000000000000000000000000000000000000000000000000000000001");
constexpr auto kChachaIv = hex("01000000000000000000000000000002");  // counter, nonce
const char kChachaText[] =
    "Any submission to the IETF intended by the Contributor for publication as all or part of an "
    "IETF Internet-Draft or RFC and any statement made within the context of an IETF activity is "
    "considered an \"IETF Contribution\". Such statements include oral statements in IETF "
    "sessions, as well as written and electronic communications made at any time or place, which "
    "are addressed to";
constexpr auto kChachaCipher =
    hex("a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec"
        "2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d"
        "4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e527950"
        "42bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85a"
        "d00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259d"
        "c4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b"
        "0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6c"
        "cc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0b"
        "c39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f"
        "5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e6"
        "98ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab"
        "7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221");
static_assert(sizeof kChachaText - 1 == kChachaCipher.size);

// RFC 8439 §2.5.2.
constexpr auto kPolyKey = hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
const char kPolyText[] = "Cryptographic Forum Research Group";
constexpr auto kPolyTag = hex("a8061dc1305136c6c22b8baf0c0127a9");
// Botan's long-input carry vector: 25 blocks of 0xff, r maximal after
// clamping (the multi-block path of the vector lanes).
constexpr auto kPolyLongKey =
    hex("ffffffffffffffffffffffffffffffff101112131415161718191a1b1c1d1e1f");
constexpr auto kPolyLongTag = hex("5d89b4b324ccd1431f6d00caccf3622e");

void poly1305_tag(const Poly1305Kernel& lane, const std::uint8_t key[32], const void* msg,
                  std::size_t len, std::uint8_t tag[16]) {
  Poly1305Mac m;
  poly1305_start(&lane, &m, key);
  poly1305_update(&lane, &m, static_cast<const std::uint8_t*>(msg), len);
  poly1305_final(&lane, &m, tag);
}

}  // namespace

bool chacha20(const ChachaKernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  ChachaStream s;
  chacha_stream_set_key(&s, kChachaKey.b);
  chacha_stream_set_iv(&s, kChachaIv.b);
  std::uint8_t out[kChachaCipher.size];
  chacha_stream_xor(&lane, &s, out, reinterpret_cast<const std::uint8_t*>(kChachaText), sizeof out);
  check.expect(out, kChachaCipher);
  return check.passed();
}

bool poly1305(const Poly1305Kernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  std::uint8_t tag[16];
  poly1305_tag(lane, kPolyKey.b, kPolyText, sizeof kPolyText - 1, tag);
  check.expect(tag, kPolyTag);
  std::uint8_t ones[25 * 16];
  std::memset(ones, 0xff, sizeof ones);
  poly1305_tag(lane, kPolyLongKey.b, ones, sizeof ones, tag);
  check.expect(tag, kPolyLongTag);
  return check.passed();
}

}  // namespace armaccel::selftest
