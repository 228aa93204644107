// SPDX-License-Identifier: Apache-2.0
#include "algorithms.h"

#include "dispatch/common/names.h"
#include "dispatch/common/tables.h"
#include "dispatch/keymgmt/x25519_codecs.h"

namespace armaccel::prov {

namespace {

// An algorithm and the family that decides whether it is registered.
struct Entry {
  OSSL_ALGORITHM alg;
  Family family;
};

const Entry kCiphers[] = {
    {{kNameAes256Ecb, kProperties, kAes256EcbFunctions, nullptr}, Family::kAesEcb},
    {{kNameAes192Ecb, kProperties, kAes192EcbFunctions, nullptr}, Family::kAesEcb},
    {{kNameAes128Ecb, kProperties, kAes128EcbFunctions, nullptr}, Family::kAesEcb},
    {{kNameAes256Cbc, kProperties, kAes256CbcFunctions, nullptr}, Family::kAesCbc},
    {{kNameAes192Cbc, kProperties, kAes192CbcFunctions, nullptr}, Family::kAesCbc},
    {{kNameAes128Cbc, kProperties, kAes128CbcFunctions, nullptr}, Family::kAesCbc},
    {{kNameAes256Ctr, kProperties, kAes256CtrFunctions, nullptr}, Family::kAesCtr},
    {{kNameAes192Ctr, kProperties, kAes192CtrFunctions, nullptr}, Family::kAesCtr},
    {{kNameAes128Ctr, kProperties, kAes128CtrFunctions, nullptr}, Family::kAesCtr},
    {{kNameAes256Gcm, kProperties, kAes256GcmFunctions, nullptr}, Family::kAesGcm},
    {{kNameAes192Gcm, kProperties, kAes192GcmFunctions, nullptr}, Family::kAesGcm},
    {{kNameAes128Gcm, kProperties, kAes128GcmFunctions, nullptr}, Family::kAesGcm},
    {{kNameAes256Ccm, kProperties, kAes256CcmFunctions, nullptr}, Family::kAesCcm},
    {{kNameAes192Ccm, kProperties, kAes192CcmFunctions, nullptr}, Family::kAesCcm},
    {{kNameAes128Ccm, kProperties, kAes128CcmFunctions, nullptr}, Family::kAesCcm},
    {{kNameAes256Xts, kProperties, kAes256XtsFunctions, nullptr}, Family::kAesXts},
    {{kNameAes128Xts, kProperties, kAes128XtsFunctions, nullptr}, Family::kAesXts},
    {{kNameChacha20, kProperties, kChacha20Functions, nullptr}, Family::kChacha20},
    {{kNameChacha20Poly1305, kProperties, kChacha20Poly1305Functions, nullptr},
     Family::kChacha20Poly1305},
    {{kNameSm4Ecb, kProperties, kSm4EcbFunctions, nullptr}, Family::kSm4},
    {{kNameSm4Cbc, kProperties, kSm4CbcFunctions, nullptr}, Family::kSm4},
    {{kNameSm4Ctr, kProperties, kSm4CtrFunctions, nullptr}, Family::kSm4},
    {{kNameSm4Ofb, kProperties, kSm4OfbFunctions, nullptr}, Family::kSm4},
    {{kNameSm4Cfb, kProperties, kSm4CfbFunctions, nullptr}, Family::kSm4},
    {{kNameSm4Gcm, kProperties, kSm4GcmFunctions, nullptr}, Family::kSm4Gcm},
    {{kNameSm4Ccm, kProperties, kSm4CcmFunctions, nullptr}, Family::kSm4Ccm},
    {{kNameSm4Xts, kProperties, kSm4XtsFunctions, nullptr}, Family::kSm4Xts},
    {{nullptr, nullptr, nullptr, nullptr}, Family::kCount},
};

const Entry kDigests[] = {
    {{kNameSha224, kProperties, kSha224Functions, nullptr}, Family::kSha256},
    {{kNameSha256, kProperties, kSha256Functions, nullptr}, Family::kSha256},
    {{kNameSha384, kProperties, kSha384Functions, nullptr}, Family::kSha512},
    {{kNameSha512, kProperties, kSha512Functions, nullptr}, Family::kSha512},
    {{kNameSha512_224, kProperties, kSha512_224Functions, nullptr}, Family::kSha512},
    {{kNameSha512_256, kProperties, kSha512_256Functions, nullptr}, Family::kSha512},
    {{kNameSha3_224, kProperties, kSha3_224Functions, nullptr}, Family::kSha3},
    {{kNameSha3_256, kProperties, kSha3_256Functions, nullptr}, Family::kSha3},
    {{kNameSha3_384, kProperties, kSha3_384Functions, nullptr}, Family::kSha3},
    {{kNameSha3_512, kProperties, kSha3_512Functions, nullptr}, Family::kSha3},
    {{kNameShake128, kProperties, kShake128Functions, nullptr}, Family::kSha3},
    {{kNameShake256, kProperties, kShake256Functions, nullptr}, Family::kSha3},
    {{kNameKeccak224, kProperties, kKeccak224Functions, nullptr}, Family::kKeccak},
    {{kNameKeccak256, kProperties, kKeccak256Functions, nullptr}, Family::kKeccak},
    {{kNameKeccak384, kProperties, kKeccak384Functions, nullptr}, Family::kKeccak},
    {{kNameKeccak512, kProperties, kKeccak512Functions, nullptr}, Family::kKeccak},
    {{kNameKeccakKmac128, kProperties, kKeccakKmac128Functions, nullptr}, Family::kKeccakKmac},
    {{kNameKeccakKmac256, kProperties, kKeccakKmac256Functions, nullptr}, Family::kKeccakKmac},
    {{kNameSm3, kProperties, kSm3Functions, nullptr}, Family::kSm3},
    {{nullptr, nullptr, nullptr, nullptr}, Family::kCount},
};

const Entry kMacs[] = {
    {{kNameGmac, kProperties, kGmacFunctions, nullptr}, Family::kGmac},
    {{kNameCmac, kProperties, kCmacFunctions, nullptr}, Family::kCmac},
    {{kNameHmac, kProperties, kHmacFunctions, nullptr}, Family::kHmac},
    {{kNamePoly1305, kProperties, kPoly1305Functions, nullptr}, Family::kPoly1305},
    {{nullptr, nullptr, nullptr, nullptr}, Family::kCount},
};

// ML-KEM (FIPS 203) and the X25519MLKEM768 hybrid TLS group (key
// management and KEM by one name).
const Entry kKeymgmt[] = {
    {{kNameMlkem512, kProperties, kMlkem512KeymgmtFunctions, nullptr}, Family::kMlkem},
    {{kNameMlkem768, kProperties, kMlkem768KeymgmtFunctions, nullptr}, Family::kMlkem},
    {{kNameMlkem1024, kProperties, kMlkem1024KeymgmtFunctions, nullptr}, Family::kMlkem},
    {{kNameX25519Mlkem768, kProperties, kX25519Mlkem768KeymgmtFunctions, nullptr},
     Family::kX25519Mlkem768},
    {{kNameX25519, kProperties, kX25519KeymgmtFunctions, nullptr}, Family::kX25519},
    {{nullptr, nullptr, nullptr, nullptr}, Family::kCount},
};

const Entry kKeyexch[] = {
    {{kNameX25519, kProperties, kX25519KeyexchFunctions, nullptr}, Family::kX25519},
    {{nullptr, nullptr, nullptr, nullptr}, Family::kCount},
};

const Entry kKems[] = {
    {{kNameMlkem512, kProperties, kMlkemKemFunctions, nullptr}, Family::kMlkem},
    {{kNameMlkem768, kProperties, kMlkemKemFunctions, nullptr}, Family::kMlkem},
    {{kNameMlkem1024, kProperties, kMlkemKemFunctions, nullptr}, Family::kMlkem},
    {{kNameX25519Mlkem768, kProperties, kX25519Mlkem768KemFunctions, nullptr},
     Family::kX25519Mlkem768},
    {{nullptr, nullptr, nullptr, nullptr}, Family::kCount},
};

// Copies the entries of `all` whose family is registered, then the end
// marker, into `out` (sized for all of them).
template <std::size_t N, std::size_t M>
void keep_registered(const Entry (&all)[N], const FamilyDecisions& d, OSSL_ALGORITHM (&out)[M]) {
  static_assert(M >= N, "a table holds every entry of its list");
  std::size_t n = 0;
  for (const Entry& e : all)
    if (e.alg.algorithm_names != nullptr && d.registered(e.family)) out[n++] = e.alg;
  out[n] = OSSL_ALGORITHM{nullptr, nullptr, nullptr, nullptr};
}

// Appends the null-terminated `list` to `out` (n entries so far) when
// `keep`.
template <std::size_t M>
void append_list(bool keep, const OSSL_ALGORITHM* list, OSSL_ALGORITHM (&out)[M], std::size_t* n) {
  for (; keep && list->algorithm_names != nullptr; ++list)
    if (*n + 1 < M) out[(*n)++] = *list;
  out[*n] = OSSL_ALGORITHM{nullptr, nullptr, nullptr, nullptr};
}

}  // namespace

void build_algorithm_tables(const FamilyDecisions& d, const HostVersion& host,
                            AlgorithmTables* out) {
  keep_registered(kCiphers, d, out->ciphers);
  keep_registered(kDigests, d, out->digests);
  keep_registered(kMacs, d, out->macs);
  keep_registered(kKeymgmt, d, out->keymgmt);
  keep_registered(kKems, d, out->kems);
  keep_registered(kKeyexch, d, out->keyexch);
  std::size_t encoders = 0, decoders = 0;
  append_list(d.registered(Family::kMlkem), mlkem_encoder_algorithms(), out->encoders, &encoders);
  append_list(d.registered(Family::kX25519), x25519_encoder_algorithms(), out->encoders, &encoders);
  append_list(d.registered(Family::kMlkem), mlkem_decoder_algorithms(), out->decoders, &decoders);
  append_list(d.registered(Family::kX25519), x25519_decoder_algorithms(), out->decoders, &decoders);
  // OpenSSL 3.4 took the default output length away from SHAKE-128/256.
  if (!at_least(host, 3, 4)) return;
  for (OSSL_ALGORITHM& a : out->digests) {
    if (a.implementation == kShake128Functions) a.implementation = kShake128NoDefaultFunctions;
    if (a.implementation == kShake256Functions) a.implementation = kShake256NoDefaultFunctions;
  }
}

}  // namespace armaccel::prov
