// SPDX-License-Identifier: Apache-2.0
// Helpers shared by mlkem_codec_test.cpp and mlkem_codec_refusal_test.cpp (split by size).
#pragma once

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/pem.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "der_build.h"
#include "ossl_helpers.h"
#include "test_support.h"

// In a namespace of their own: each split suite has helpers of the same
// names (inline, so one definition each across the two files).
namespace armaccel::test::codec_support {

struct LibCtxFree {
  void operator()(OSSL_LIB_CTX* c) const { OSSL_LIB_CTX_free(c); }
};
using LibCtxPtr = std::unique_ptr<OSSL_LIB_CTX, LibCtxFree>;

const char* const kAlgs[] = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};

struct Sizes {
  std::size_t k, ek, dk;
};
inline Sizes sizes(const std::string& alg) {
  if (alg == "ML-KEM-512") return {2, 800, 1632};
  if (alg == "ML-KEM-768") return {3, 1184, 2400};
  return {4, 1568, 3168};
}
// The last arc of id-alg-ml-kem-N (2.16.840.1.101.3.4.4.1/2/3).
inline std::uint8_t oid_arc(const std::string& alg) {
  return static_cast<std::uint8_t>(sizes(alg).k - 1);
}

// ---- appendix C of draft-ietf-lamps-kyber-certificates -------------------

// The document's example keys, copied into test/vectors/lamps-mlkem (see the
// README there): C.1.x.1 the seed form of each size, C.1.1.2/C.1.1.3
// ML-KEM-512 in the expanded and both forms, C.2 the three public keys.
inline std::string draft_file(const std::string& name) {
  return read_text_file(std::string(ARMACCEL_SOURCE_DIR) + "/test/vectors/lamps-mlkem/" + name);
}
inline std::string bits_of(const std::string& alg) {
  return alg.substr(std::string("ML-KEM-").size());
}
inline std::string draft_seed_pem(const std::string& alg) {
  return draft_file("ml-kem-" + bits_of(alg) + "-seed.priv.pem");
}
inline std::string draft_pub_pem(const std::string& alg) {
  return draft_file("ml-kem-" + bits_of(alg) + ".pub.pem");
}
inline const std::string kDraft512ExpandedPem = draft_file("ml-kem-512-expanded.priv.pem");
inline const std::string kDraft512BothPem = draft_file("ml-kem-512-both.priv.pem");

// ---- encoding and decoding helpers ------------------------------------------------

inline std::string text_of(const Bytes& b) {
  return std::string(b.begin(), b.end());
}
inline Bytes bytes_of(const std::string& s) {
  return Bytes(s.begin(), s.end());
}

// Decodes `data` ("PEM" or "DER" input; structure may be null) in `ctx`
// with armaccel's decoders (OpenSSL 3.5+ has ML-KEM decoders of its own,
// which would otherwise be tried too); errors (if any) left in *errors.
inline PkeyPtr decode(const Bytes& data, const char* input, const char* structure, int selection,
                      std::string* errors = nullptr, OSSL_LIB_CTX* ctx = nullptr,
                      const char* propq = "provider=armaccel") {
  EVP_PKEY* pkey = nullptr;
  OSSL_DECODER_CTX* dctx = OSSL_DECODER_CTX_new_for_pkey(
      &pkey, input, structure, nullptr, selection, ctx != nullptr ? ctx : armaccel_libctx(), propq);
  EXPECT_NE(dctx, nullptr);
  const unsigned char* p = data.data();
  std::size_t len = data.size();
  const int ok = OSSL_DECODER_from_data(dctx, &p, &len);
  OSSL_DECODER_CTX_free(dctx);
  const std::string text = drain_errors();
  if (errors != nullptr) *errors = text;
  if (ok != 1) {
    EVP_PKEY_free(pkey);
    return nullptr;
  }
  return PkeyPtr(pkey);
}
inline PkeyPtr decode_pem(const std::string& pem, int selection, std::string* errors = nullptr) {
  return decode(bytes_of(pem), "PEM", nullptr, selection, errors);
}

// Encodes with armaccel's OSSL_ENCODER ("DER"/"PEM"/"TEXT", a structure or
// null); empty on failure.
inline Bytes encode(EVP_PKEY* pkey, const char* output, const char* structure, int selection,
                    std::string* errors = nullptr, const char* propq = "provider=armaccel") {
  OSSL_ENCODER_CTX* ectx = OSSL_ENCODER_CTX_new_for_pkey(pkey, selection, output, structure, propq);
  EXPECT_NE(ectx, nullptr);
  unsigned char* out = nullptr;
  std::size_t len = 0;
  const bool ok =
      OSSL_ENCODER_CTX_get_num_encoders(ectx) > 0 && OSSL_ENCODER_to_data(ectx, &out, &len) == 1;
  OSSL_ENCODER_CTX_free(ectx);
  const std::string text = drain_errors();
  if (errors != nullptr) *errors = text;
  Bytes result;
  if (ok) result.assign(out, out + len);
  OPENSSL_free(out);
  return result;
}
inline Bytes private_der(EVP_PKEY* pkey) {
  return encode(pkey, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR);
}
inline std::string private_pem(EVP_PKEY* pkey) {
  return text_of(encode(pkey, "PEM", "PrivateKeyInfo", EVP_PKEY_KEYPAIR));
}
inline std::string public_pem(EVP_PKEY* pkey) {
  return text_of(encode(pkey, "PEM", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY));
}

inline std::string print_key(EVP_PKEY* pkey, bool priv) {
  BIO* bio = BIO_new(BIO_s_mem());
  const int ok = priv ? EVP_PKEY_print_private(bio, pkey, 0, nullptr)
                      : EVP_PKEY_print_public(bio, pkey, 0, nullptr);
  EXPECT_EQ(ok, 1) << drain_errors();
  char* data = nullptr;
  const long len = BIO_get_mem_data(bio, &data);
  std::string text(data, static_cast<std::size_t>(len));
  BIO_free(bio);
  return text;
}

inline Bytes octets_param(EVP_PKEY* pkey, const char* name) {
  std::uint8_t buf[4096];
  std::size_t len = 0;
  if (EVP_PKEY_get_octet_string_param(pkey, name, buf, sizeof buf, &len) != 1) {
    drain_errors();
    return {};
  }
  return Bytes(buf, buf + len);
}

// An armaccel + default library context whose armaccel section carries
// extra settings (ml-kem.output_formats = ..., ...).
inline LibCtxPtr configured(const std::string& settings) {
  return LibCtxPtr(
      new_configured_libctx("[provider_sect]\narmaccel = armaccel_sect\ndefault = default_sect\n"
                            "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n" +
                            settings + "\n[default_sect]\nactivate = 1\n"));
}

// A library context with armaccel alone (no PEM or SPKI pre-decoders).
inline OSSL_LIB_CTX* armaccel_only() {
  static OSSL_LIB_CTX* ctx = new_configured_libctx(
      "[provider_sect]\narmaccel = armaccel_sect\n"
      "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n");
  return ctx;
}

inline PkeyPtr generate(OSSL_LIB_CTX* ctx, const std::string& alg) {
  EVP_PKEY* pkey = nullptr;
  EVP_PKEY_CTX* gctx = EVP_PKEY_CTX_new_from_name(ctx, alg.c_str(), "provider=armaccel");
  EXPECT_NE(gctx, nullptr) << drain_errors();
  if (gctx != nullptr && EVP_PKEY_keygen_init(gctx) == 1) EVP_PKEY_generate(gctx, &pkey);
  EVP_PKEY_CTX_free(gctx);
  EXPECT_NE(pkey, nullptr) << drain_errors();
  return PkeyPtr(pkey);
}

inline Bytes seed_bytes() {  // the appendix's seed 000102...3f
  Bytes s(64);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint8_t>(i);
  return s;
}

// ---- DER built from the document's structures (for the ACVP checks and the
// malformed inputs) ----------------------------------------------------------------

using der::cat;
using der::tlv;

inline Bytes alg_id(const std::string& alg) {
  return tlv(0x30, tlv(0x06, {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, oid_arc(alg)}));
}
// SubjectPublicKeyInfo (RFC 5280): SEQUENCE { AlgorithmIdentifier, BIT STRING ek }.
inline Bytes spki(const std::string& alg, const Bytes& ek) {
  return tlv(0x30, cat({alg_id(alg), tlv(0x03, cat({{0x00}, ek}))}));
}
// PrivateKeyInfo (RFC 5958) version 0 around a private-key CHOICE.
inline Bytes pkcs8(const std::string& alg, const Bytes& choice) {
  return tlv(0x30, cat({tlv(0x02, {0x00}), alg_id(alg), tlv(0x04, choice)}));
}
inline Bytes seed_choice(const Bytes& seed) {
  return tlv(0x80, seed);
}
inline Bytes expanded_choice(const Bytes& dk) {
  return tlv(0x04, dk);
}
inline Bytes both_choice(const Bytes& seed, const Bytes& dk) {
  return tlv(0x30, cat({tlv(0x04, seed), tlv(0x04, dk)}));
}

// ---- the document's examples ---------------------------------------------------------

}  // namespace armaccel::test::codec_support
