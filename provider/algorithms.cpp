#include "algorithms.h"

#include <array>
#include <iterator>

#include "dispatch/common/names.h"
#include "dispatch/common/tables.h"

namespace armaccel::prov {

namespace {

const OSSL_ALGORITHM kCiphers[] = {
    {kNameAes256Ecb, kProperties, kAes256EcbFunctions, nullptr},
    {kNameAes192Ecb, kProperties, kAes192EcbFunctions, nullptr},
    {kNameAes128Ecb, kProperties, kAes128EcbFunctions, nullptr},
    {kNameAes256Cbc, kProperties, kAes256CbcFunctions, nullptr},
    {kNameAes192Cbc, kProperties, kAes192CbcFunctions, nullptr},
    {kNameAes128Cbc, kProperties, kAes128CbcFunctions, nullptr},
    {kNameAes256Ctr, kProperties, kAes256CtrFunctions, nullptr},
    {kNameAes192Ctr, kProperties, kAes192CtrFunctions, nullptr},
    {kNameAes128Ctr, kProperties, kAes128CtrFunctions, nullptr},
    {kNameAes256Gcm, kProperties, kAes256GcmFunctions, nullptr},
    {kNameAes192Gcm, kProperties, kAes192GcmFunctions, nullptr},
    {kNameAes128Gcm, kProperties, kAes128GcmFunctions, nullptr},
    {kNameAes256Ccm, kProperties, kAes256CcmFunctions, nullptr},
    {kNameAes192Ccm, kProperties, kAes192CcmFunctions, nullptr},
    {kNameAes128Ccm, kProperties, kAes128CcmFunctions, nullptr},
    {kNameAes256Xts, kProperties, kAes256XtsFunctions, nullptr},
    {kNameAes128Xts, kProperties, kAes128XtsFunctions, nullptr},
    {kNameChacha20, kProperties, kChacha20Functions, nullptr},
    {kNameChacha20Poly1305, kProperties, kChacha20Poly1305Functions, nullptr},
    {kNameSm4Ecb, kProperties, kSm4EcbFunctions, nullptr},
    {kNameSm4Cbc, kProperties, kSm4CbcFunctions, nullptr},
    {kNameSm4Ctr, kProperties, kSm4CtrFunctions, nullptr},
    {kNameSm4Ofb, kProperties, kSm4OfbFunctions, nullptr},
    {kNameSm4Cfb, kProperties, kSm4CfbFunctions, nullptr},
    {kNameSm4Gcm, kProperties, kSm4GcmFunctions, nullptr},
    {kNameSm4Ccm, kProperties, kSm4CcmFunctions, nullptr},
    {kNameSm4Xts, kProperties, kSm4XtsFunctions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kDigests[] = {
    {kNameSha224, kProperties, kSha224Functions, nullptr},
    {kNameSha256, kProperties, kSha256Functions, nullptr},
    {kNameSha384, kProperties, kSha384Functions, nullptr},
    {kNameSha512, kProperties, kSha512Functions, nullptr},
    {kNameSha512_224, kProperties, kSha512_224Functions, nullptr},
    {kNameSha512_256, kProperties, kSha512_256Functions, nullptr},
    {kNameSha3_224, kProperties, kSha3_224Functions, nullptr},
    {kNameSha3_256, kProperties, kSha3_256Functions, nullptr},
    {kNameSha3_384, kProperties, kSha3_384Functions, nullptr},
    {kNameSha3_512, kProperties, kSha3_512Functions, nullptr},
    {kNameShake128, kProperties, kShake128Functions, nullptr},
    {kNameShake256, kProperties, kShake256Functions, nullptr},
    {kNameKeccak224, kProperties, kKeccak224Functions, nullptr},
    {kNameKeccak256, kProperties, kKeccak256Functions, nullptr},
    {kNameKeccak384, kProperties, kKeccak384Functions, nullptr},
    {kNameKeccak512, kProperties, kKeccak512Functions, nullptr},
    {kNameKeccakKmac128, kProperties, kKeccakKmac128Functions, nullptr},
    {kNameKeccakKmac256, kProperties, kKeccakKmac256Functions, nullptr},
    {kNameSm3, kProperties, kSm3Functions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kMacs[] = {
    {kNameGmac, kProperties, kGmacFunctions, nullptr},
    {kNameCmac, kProperties, kCmacFunctions, nullptr},
    {kNameHmac, kProperties, kHmacFunctions, nullptr},
    {kNamePoly1305, kProperties, kPoly1305Functions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

// ML-KEM (FIPS 203) and the X25519MLKEM768 hybrid TLS group (key
// management and KEM by one name).
const OSSL_ALGORITHM kKeymgmt[] = {
    {kNameMlkem512, kProperties, kMlkem512KeymgmtFunctions, nullptr},
    {kNameMlkem768, kProperties, kMlkem768KeymgmtFunctions, nullptr},
    {kNameMlkem1024, kProperties, kMlkem1024KeymgmtFunctions, nullptr},
    {kNameX25519Mlkem768, kProperties, kX25519Mlkem768KeymgmtFunctions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kKems[] = {
    {kNameMlkem512, kProperties, kMlkemKemFunctions, nullptr},
    {kNameMlkem768, kProperties, kMlkemKemFunctions, nullptr},
    {kNameMlkem1024, kProperties, kMlkemKemFunctions, nullptr},
    {kNameX25519Mlkem768, kProperties, kX25519Mlkem768KemFunctions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

const OSSL_ALGORITHM* keymgmt_algorithms() {
  return kKeymgmt;
}
const OSSL_ALGORITHM* kem_algorithms() {
  return kKems;
}
const OSSL_ALGORITHM* mac_algorithms() {
  return kMacs;
}
const OSSL_ALGORITHM* cipher_algorithms() {
  return kCiphers;
}
const OSSL_ALGORITHM* digest_algorithms(const HostVersion& host) {
  if (!at_least(host, 3, 4)) return kDigests;
  // The same list with SHAKE-128/256 without a default length.
  static const auto kDigests34 = [] {
    std::array<OSSL_ALGORITHM, std::size(kDigests)> list{};
    for (std::size_t i = 0; i < list.size(); ++i) {
      list[i] = kDigests[i];
      if (list[i].implementation == kShake128Functions)
        list[i].implementation = kShake128NoDefaultFunctions;
      if (list[i].implementation == kShake256Functions)
        list[i].implementation = kShake256NoDefaultFunctions;
    }
    return list;
  }();
  return kDigests34.data();
}

}  // namespace armaccel::prov
