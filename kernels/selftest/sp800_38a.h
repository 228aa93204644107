// SPDX-License-Identifier: Apache-2.0
// SP 800-38A appendix F's inputs: the AES-128 key, the CBC IV, the initial
// counter block of CTR and the four-block plaintext every mode's example
// enciphers.  The AES self-test runs them; OpenSSL's SM4-XTS stanzas take
// the same bytes as data key, tweak key, IV and plaintext.
#pragma once

#include "selftest/hex.h"

namespace armaccel::selftest::sp800_38a {

inline constexpr auto kKey128 = hex("2b7e151628aed2a6abf7158809cf4f3c");
inline constexpr auto kCbcIv = hex("000102030405060708090a0b0c0d0e0f");
inline constexpr auto kCtrIv = hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
inline constexpr auto kPlain =
    hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");

}  // namespace armaccel::selftest::sp800_38a
