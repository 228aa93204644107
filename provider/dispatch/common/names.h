// SPDX-License-Identifier: Apache-2.0
// Every algorithm name armaccel registers, written once: the names,
// aliases and OIDs of each algorithm as one ':'-separated list, the form an
// OSSL_ALGORITHM's algorithm_names takes (spelled as in OpenSSL's
// providers/implementations/include/prov/names.h and OpenSSL 3.5's ML-KEM
// names), for the algorithm lists (algorithms.cpp, the ML-KEM codecs) and
// the lookups by name (HMAC's digests, GMAC's and CMAC's ciphers).
//
// Names compare as OpenSSL compares them: ASCII case-insensitive, whatever
// the locale.
#pragma once

#include <cstddef>

namespace armaccel::prov {

inline constexpr char kNameAes256Ecb[] = "AES-256-ECB:2.16.840.1.101.3.4.1.41";
inline constexpr char kNameAes192Ecb[] = "AES-192-ECB:2.16.840.1.101.3.4.1.21";
inline constexpr char kNameAes128Ecb[] = "AES-128-ECB:2.16.840.1.101.3.4.1.1";
inline constexpr char kNameAes256Cbc[] = "AES-256-CBC:AES256:2.16.840.1.101.3.4.1.42";
inline constexpr char kNameAes192Cbc[] = "AES-192-CBC:AES192:2.16.840.1.101.3.4.1.22";
inline constexpr char kNameAes128Cbc[] = "AES-128-CBC:AES128:2.16.840.1.101.3.4.1.2";
inline constexpr char kNameAes256Ctr[] = "AES-256-CTR";
inline constexpr char kNameAes192Ctr[] = "AES-192-CTR";
inline constexpr char kNameAes128Ctr[] = "AES-128-CTR";
inline constexpr char kNameAes256Gcm[] = "AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46";
inline constexpr char kNameAes192Gcm[] = "AES-192-GCM:id-aes192-GCM:2.16.840.1.101.3.4.1.26";
inline constexpr char kNameAes128Gcm[] = "AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6";
inline constexpr char kNameAes256Ccm[] = "AES-256-CCM:id-aes256-CCM:2.16.840.1.101.3.4.1.47";
inline constexpr char kNameAes192Ccm[] = "AES-192-CCM:id-aes192-CCM:2.16.840.1.101.3.4.1.27";
inline constexpr char kNameAes128Ccm[] = "AES-128-CCM:id-aes128-CCM:2.16.840.1.101.3.4.1.7";
inline constexpr char kNameAes256Xts[] = "AES-256-XTS:1.3.111.2.1619.0.1.2";
inline constexpr char kNameAes128Xts[] = "AES-128-XTS:1.3.111.2.1619.0.1.1";
inline constexpr char kNameChacha20[] = "ChaCha20";
inline constexpr char kNameChacha20Poly1305[] = "ChaCha20-Poly1305";
inline constexpr char kNameSm4Ecb[] = "SM4-ECB:1.2.156.10197.1.104.1";
inline constexpr char kNameSm4Cbc[] = "SM4-CBC:SM4:1.2.156.10197.1.104.2";
inline constexpr char kNameSm4Ctr[] = "SM4-CTR:1.2.156.10197.1.104.7";
inline constexpr char kNameSm4Ofb[] = "SM4-OFB:SM4-OFB128:1.2.156.10197.1.104.3";
inline constexpr char kNameSm4Cfb[] = "SM4-CFB:SM4-CFB128:1.2.156.10197.1.104.4";
inline constexpr char kNameSm4Gcm[] = "SM4-GCM:1.2.156.10197.1.104.8";
inline constexpr char kNameSm4Ccm[] = "SM4-CCM:1.2.156.10197.1.104.9";
inline constexpr char kNameSm4Xts[] = "SM4-XTS:1.2.156.10197.1.104.10";
inline constexpr char kNameSha224[] = "SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4";
inline constexpr char kNameSha256[] = "SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1";
inline constexpr char kNameSha384[] = "SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2";
inline constexpr char kNameSha512[] = "SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3";
inline constexpr char kNameSha512_224[] =
    "SHA2-512/224:SHA-512/224:SHA512-224:2.16.840.1.101.3.4.2.5";
inline constexpr char kNameSha512_256[] =
    "SHA2-512/256:SHA-512/256:SHA512-256:2.16.840.1.101.3.4.2.6";
inline constexpr char kNameSha3_224[] = "SHA3-224:2.16.840.1.101.3.4.2.7";
inline constexpr char kNameSha3_256[] = "SHA3-256:2.16.840.1.101.3.4.2.8";
inline constexpr char kNameSha3_384[] = "SHA3-384:2.16.840.1.101.3.4.2.9";
inline constexpr char kNameSha3_512[] = "SHA3-512:2.16.840.1.101.3.4.2.10";
inline constexpr char kNameShake128[] = "SHAKE-128:SHAKE128:2.16.840.1.101.3.4.2.11";
inline constexpr char kNameShake256[] = "SHAKE-256:SHAKE256:2.16.840.1.101.3.4.2.12";
inline constexpr char kNameKeccak224[] = "KECCAK-224";
inline constexpr char kNameKeccak256[] = "KECCAK-256";
inline constexpr char kNameKeccak384[] = "KECCAK-384";
inline constexpr char kNameKeccak512[] = "KECCAK-512";
inline constexpr char kNameKeccakKmac128[] = "KECCAK-KMAC-128:KECCAK-KMAC128";
inline constexpr char kNameKeccakKmac256[] = "KECCAK-KMAC-256:KECCAK-KMAC256";
inline constexpr char kNameSm3[] = "SM3:1.2.156.10197.1.401";
inline constexpr char kNameGmac[] = "GMAC:1.0.9797.3.4";
inline constexpr char kNameCmac[] = "CMAC";
inline constexpr char kNameHmac[] = "HMAC";
inline constexpr char kNamePoly1305[] = "POLY1305";
inline constexpr char kNameX25519Mlkem768[] = "X25519MLKEM768";
inline constexpr char kNameX25519[] = "X25519:1.3.101.110";
inline constexpr char kNameMlkem512[] =
    "ML-KEM-512:MLKEM512:id-alg-ml-kem-512:2.16.840.1.101.3.4.4.1";
inline constexpr char kNameMlkem768[] =
    "ML-KEM-768:MLKEM768:id-alg-ml-kem-768:2.16.840.1.101.3.4.4.2";
inline constexpr char kNameMlkem1024[] =
    "ML-KEM-1024:MLKEM1024:id-alg-ml-kem-1024:2.16.840.1.101.3.4.4.3";

// a and b equal but for the case of ASCII letters (the C locale's
// strcasecmp; OPENSSL_strcasecmp came only with OpenSSL 3.0.3).
bool names_equal(const char* a, const char* b);

// True if `name` (not null) is one of the ':'-separated entries of `list`,
// ignoring ASCII case.
bool names_match(const char* list, const char* name);

// True if `name` (not null) is the first entry of `list` (its canonical
// name), ignoring ASCII case: a compare that stops at the first difference,
// for lookups that try every table's canonical name before the aliases.
bool name_is_primary(const char* list, const char* name);

}  // namespace armaccel::prov
