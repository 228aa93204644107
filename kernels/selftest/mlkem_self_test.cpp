// SPDX-License-Identifier: Apache-2.0
// Known-answer self-test of the ML-KEM arithmetic lanes (self_test.h lists
// the source): FIPS 203 KeyGen_internal and Decaps_internal of ML-KEM-512
// on C2SP CCTV's "unlucky sample" vector, whose rho makes SampleNTT reject
// so often that it reads more than 575 bytes of SHAKE128.  Between them
// they run every entry of the arithmetic table: NTT and inverse NTT,
// MultiplyNTTs with and without accumulation, rejection sampling, CBD,
// add and sub, Compress+ByteEncode and ByteDecode+Decompress; a lane's
// multiply_ntts_sum with accumulation is checked against its
// multiply_ntts.
#include <cstring>

#include "mlkem/mlkem.h"
#include "selftest/hex.h"
#include "selftest/self_test.h"

namespace armaccel::selftest {

namespace {

constexpr auto kD = hex("2d391adbf4f7e004b09449c48dca574e590c59bd1c8e8095c942b7dd99f7b5da");
constexpr auto kZ = hex("8476013560151d986dc7834dcb57c75f845f8d7ee71558d0955f3f4feb723cf2");
// H(ek), the 32 bytes after ek in the vector's dk.
constexpr auto kEkHash = hex("f7b83eaa3f1d52b697b73e8df67ee32a7d6c9f9fd7ffdb4fd6b1269f0a7e350e");
constexpr auto kCiphertext =
    hex("a10e9652929a9bcee465a0bbc90959e6fc6cf887f3dad2d4ade3970fd4b2d497"
        "df11bb98b1bc2f8b2d12caa099bfe563c80f4465ef031096539b3963aa864ad2"
        "15eecc77feca2b37b00efda11cd0554999fe6941390ef72bcd0ff5c67a6df604"
        "b346bb1d62d02fbdd968a1e560416615485beb36f16e115d44385cbe1083e908"
        "3bbc41ffa1b109d3658012642f24d151cecbbb5882394f5a32be6e7814a2ae5a"
        "320088660a50707f8f24ccdca237ed3fff0742cf418dd250034e988abffb079b"
        "0c5ad5f79e430d92a3edb81fa22bac8f6e64871030878f5411ad82e930fb18c4"
        "08758c13c69bdb4cb9b70d5c37b0e37b74a9cf47ca415e97e3c4d27fde0b321e"
        "2f5b94c0fe66307c196408c28a3901df85d05fba017ac8c845a182f8c9a4d9cb"
        "5837197b035e6c940c77b9c7922e706ed9f138f9571907fe3824db26e18f5c5e"
        "4b55335625fa414731bc765286458f94fe83e9549980bf95a75b08bfefefb520"
        "61be2108faaec1d571ec3b584675bd56a858bf1b2bd23110963a761a706d77aa"
        "f82e50c9cea725c3fe8d0b256616762b8ac54efac25142fd7eb65259c5f1fae9"
        "48d9d9caaa77cd5dc0e3559bf0b9b6c81dca849a8a8d61ff5fed575b738ea386"
        "9a6ba2f4cd84b1e9ed4bdfd342b6f14586e70102a41bc9941841da42ace36f94"
        "af3b82264f05107c14aee11809480066d9f1116f24d3281360a4621b2db84b11"
        "ac4adefae9033d08189a848e7b3d291b6d4572c293d0c04d8677270a673ace71"
        "1ed16e4ea9f30e6dda558c9cf10e9d633b7e7f9737c458f0acd41296833d4042"
        "e7ef430ec61cb95e53f6a40091b6664740bce02654dfa1e334e4c21c727c9f13"
        "4f829fa2f1715c750d40d4a408898e8a040e81eeb9a0e4e1abeed031d4b47d0f"
        "1bed2b0209524f3766102fc05cdc7125bef440d594e5d5f39883c86924dcbc19"
        "d493a5fee9a44f45b1ca234fa34cc0070332e607042cace8eaa192e0a21b4dc0"
        "b25a30da7e3774957f128aa0ab8e56ddc3e7205961f09e06bc18a13e7bfbd192"
        "de11dac193b9678ffa1e17295b60a50a8d366ba552ad24dc01960ab4ea1807ab");
constexpr auto kSharedSecret =
    hex("1fbae951c9bc549639ea851d44e21da5fb9bd25407e09c1a888a309ca00b5f43");

}  // namespace

bool mlkem(const MlkemKernel& lane, const KeccakKernel& keccak, bool corrupt) {
  KatCheck check(corrupt);
  const mlkem::Params& p = mlkem::kMlkem512;
  static_assert(kCiphertext.size == 768);
  const mlkem::Kernels kern{&keccak, &lane};
  std::uint8_t ek[800], dk[1632], ss[32];
  mlkem::keygen(p, kern, kD.b, kZ.b, ek, dk);
  check.expect(dk + 768 + 800, kEkHash);
  mlkem::decaps(p, kern, dk, kCiphertext.b, ss);
  check.expect(ss, kSharedSecret);
  // multiply_ntts_sum's accumulating form, which ML-KEM-512 never takes
  // (a row's two entries come in one batch): h += t-hat_0 s-hat_0 +
  // t-hat_1 s-hat_1 against two calls of the lane's multiply_ntts, whose
  // both forms the known answers above have run.
  if (lane.multiply_ntts_sum != nullptr) {
    mlkem::Poly t[2], s[2], got, want;
    for (int j = 0; j < 2; ++j) {  // ByteDecode_12 of the keys' first 384-byte polynomials
      lane.decode_decompress(&t[j], ek + 384 * j, 12);
      lane.decode_decompress(&s[j], dk + 384 * j, 12);
    }
    got = s[1];
    want = s[1];
    const mlkem::Poly* const tp[2] = {&t[0], &t[1]};
    const mlkem::Poly* const sp[2] = {&s[0], &s[1]};
    lane.multiply_ntts_sum(&got, tp, sp, 2, true);
    lane.multiply_ntts(&want, &t[0], &s[0], true);
    lane.multiply_ntts(&want, &t[1], &s[1], true);
    check.expect(reinterpret_cast<std::uint8_t*>(got.c),
                 reinterpret_cast<const std::uint8_t*>(want.c), sizeof got.c);
  }
  return check.passed();
}

}  // namespace armaccel::selftest
