#include "algorithms.h"

#include <array>
#include <iterator>

#include "dispatch/tables.h"

namespace armaccel::prov {

namespace {

// Names as in OpenSSL's providers/implementations/include/prov/names.h.
const OSSL_ALGORITHM kCiphers[] = {
    {"AES-256-ECB:2.16.840.1.101.3.4.1.41", kProperties, kAes256EcbFunctions, nullptr},
    {"AES-192-ECB:2.16.840.1.101.3.4.1.21", kProperties, kAes192EcbFunctions, nullptr},
    {"AES-128-ECB:2.16.840.1.101.3.4.1.1", kProperties, kAes128EcbFunctions, nullptr},
    {"AES-256-CBC:AES256:2.16.840.1.101.3.4.1.42", kProperties, kAes256CbcFunctions, nullptr},
    {"AES-192-CBC:AES192:2.16.840.1.101.3.4.1.22", kProperties, kAes192CbcFunctions, nullptr},
    {"AES-128-CBC:AES128:2.16.840.1.101.3.4.1.2", kProperties, kAes128CbcFunctions, nullptr},
    {"AES-256-CTR", kProperties, kAes256CtrFunctions, nullptr},
    {"AES-192-CTR", kProperties, kAes192CtrFunctions, nullptr},
    {"AES-128-CTR", kProperties, kAes128CtrFunctions, nullptr},
    {"AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46", kProperties, kAes256GcmFunctions,
     nullptr},
    {"AES-192-GCM:id-aes192-GCM:2.16.840.1.101.3.4.1.26", kProperties, kAes192GcmFunctions,
     nullptr},
    {"AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", kProperties, kAes128GcmFunctions, nullptr},
    {"AES-256-CCM:id-aes256-CCM:2.16.840.1.101.3.4.1.47", kProperties, kAes256CcmFunctions,
     nullptr},
    {"AES-192-CCM:id-aes192-CCM:2.16.840.1.101.3.4.1.27", kProperties, kAes192CcmFunctions,
     nullptr},
    {"AES-128-CCM:id-aes128-CCM:2.16.840.1.101.3.4.1.7", kProperties, kAes128CcmFunctions, nullptr},
    {"AES-256-XTS:1.3.111.2.1619.0.1.2", kProperties, kAes256XtsFunctions, nullptr},
    {"AES-128-XTS:1.3.111.2.1619.0.1.1", kProperties, kAes128XtsFunctions, nullptr},
    {"ChaCha20", kProperties, kChacha20Functions, nullptr},
    {"ChaCha20-Poly1305", kProperties, kChacha20Poly1305Functions, nullptr},
    {"SM4-ECB:1.2.156.10197.1.104.1", kProperties, kSm4EcbFunctions, nullptr},
    {"SM4-CBC:SM4:1.2.156.10197.1.104.2", kProperties, kSm4CbcFunctions, nullptr},
    {"SM4-CTR:1.2.156.10197.1.104.7", kProperties, kSm4CtrFunctions, nullptr},
    {"SM4-OFB:SM4-OFB128:1.2.156.10197.1.104.3", kProperties, kSm4OfbFunctions, nullptr},
    {"SM4-CFB:SM4-CFB128:1.2.156.10197.1.104.4", kProperties, kSm4CfbFunctions, nullptr},
    {"SM4-GCM:1.2.156.10197.1.104.8", kProperties, kSm4GcmFunctions, nullptr},
    {"SM4-CCM:1.2.156.10197.1.104.9", kProperties, kSm4CcmFunctions, nullptr},
    {"SM4-XTS:1.2.156.10197.1.104.10", kProperties, kSm4XtsFunctions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kDigests[] = {
    {"SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4", kProperties, kSha224Functions, nullptr},
    {"SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", kProperties, kSha256Functions, nullptr},
    {"SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2", kProperties, kSha384Functions, nullptr},
    {"SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3", kProperties, kSha512Functions, nullptr},
    {"SHA2-512/224:SHA-512/224:SHA512-224:2.16.840.1.101.3.4.2.5", kProperties,
     kSha512_224Functions, nullptr},
    {"SHA2-512/256:SHA-512/256:SHA512-256:2.16.840.1.101.3.4.2.6", kProperties,
     kSha512_256Functions, nullptr},
    {"SHA3-224:2.16.840.1.101.3.4.2.7", kProperties, kSha3_224Functions, nullptr},
    {"SHA3-256:2.16.840.1.101.3.4.2.8", kProperties, kSha3_256Functions, nullptr},
    {"SHA3-384:2.16.840.1.101.3.4.2.9", kProperties, kSha3_384Functions, nullptr},
    {"SHA3-512:2.16.840.1.101.3.4.2.10", kProperties, kSha3_512Functions, nullptr},
    {"SHAKE-128:SHAKE128:2.16.840.1.101.3.4.2.11", kProperties, kShake128Functions, nullptr},
    {"SHAKE-256:SHAKE256:2.16.840.1.101.3.4.2.12", kProperties, kShake256Functions, nullptr},
    {"KECCAK-224", kProperties, kKeccak224Functions, nullptr},
    {"KECCAK-256", kProperties, kKeccak256Functions, nullptr},
    {"KECCAK-384", kProperties, kKeccak384Functions, nullptr},
    {"KECCAK-512", kProperties, kKeccak512Functions, nullptr},
    {"KECCAK-KMAC-128:KECCAK-KMAC128", kProperties, kKeccakKmac128Functions, nullptr},
    {"KECCAK-KMAC-256:KECCAK-KMAC256", kProperties, kKeccakKmac256Functions, nullptr},
    {"SM3:1.2.156.10197.1.401", kProperties, kSm3Functions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kMacs[] = {
    {"GMAC:1.0.9797.3.4", kProperties, kGmacFunctions, nullptr},
    {"CMAC", kProperties, kCmacFunctions, nullptr},
    {"HMAC", kProperties, kHmacFunctions, nullptr},
    {"POLY1305", kProperties, kPoly1305Functions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

// ML-KEM (FIPS 203) under OpenSSL 3.5's names, aliases and OIDs, and the
// X25519MLKEM768 hybrid TLS group (key management and KEM by one name).
#define ARMACCEL_MLKEM_NAMES(bits, arc) \
  "ML-KEM-" #bits ":MLKEM" #bits ":id-alg-ml-kem-" #bits ":2.16.840.1.101.3.4.4." #arc
const OSSL_ALGORITHM kKeymgmt[] = {
    {ARMACCEL_MLKEM_NAMES(512, 1), kProperties, kMlkem512KeymgmtFunctions, nullptr},
    {ARMACCEL_MLKEM_NAMES(768, 2), kProperties, kMlkem768KeymgmtFunctions, nullptr},
    {ARMACCEL_MLKEM_NAMES(1024, 3), kProperties, kMlkem1024KeymgmtFunctions, nullptr},
    {"X25519MLKEM768", kProperties, kX25519Mlkem768KeymgmtFunctions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};

const OSSL_ALGORITHM kKems[] = {
    {ARMACCEL_MLKEM_NAMES(512, 1), kProperties, kMlkemKemFunctions, nullptr},
    {ARMACCEL_MLKEM_NAMES(768, 2), kProperties, kMlkemKemFunctions, nullptr},
    {ARMACCEL_MLKEM_NAMES(1024, 3), kProperties, kMlkemKemFunctions, nullptr},
    {"X25519MLKEM768", kProperties, kX25519Mlkem768KemFunctions, nullptr},
    {nullptr, nullptr, nullptr, nullptr},
};
#undef ARMACCEL_MLKEM_NAMES

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
