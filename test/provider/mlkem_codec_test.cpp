// ML-KEM key encoders and decoders on armaccel through OpenSSL's
// OSSL_ENCODER / OSSL_DECODER and PEM APIs:
//  - outside values: the example keys of the IETF LAMPS document
//    draft-ietf-lamps-kyber-certificates, appendix C (seed 000102...3f):
//    the three public keys (C.2), the ML-KEM-512 private key in the seed,
//    expanded and both forms (C.1.1), inconsistent keys built as C.4
//    describes them; and NIST ACVP keyGen cases (seed d || z -> ek, dk)
//    wrapped in the DER the document specifies;
//  - round trips in DER and PEM for the three sizes and every private-key
//    form, chosen through the provider's ml-kem.output_formats setting,
//    encrypted PKCS#8 and the text output;
//  - malformed input refused with armaccel's reasons, other algorithms'
//    keys left to other decoders, ml-kem.input_formats honoured.
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

#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

struct LibCtxFree {
  void operator()(OSSL_LIB_CTX* c) const { OSSL_LIB_CTX_free(c); }
};
using LibCtxPtr = std::unique_ptr<OSSL_LIB_CTX, LibCtxFree>;

const char* const kAlgs[] = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};

struct Sizes {
  std::size_t k, ek, dk;
};
Sizes sizes(const std::string& alg) {
  if (alg == "ML-KEM-512") return {2, 800, 1632};
  if (alg == "ML-KEM-768") return {3, 1184, 2400};
  return {4, 1568, 3168};
}
// The last arc of id-alg-ml-kem-N (2.16.840.1.101.3.4.4.1/2/3).
std::uint8_t oid_arc(const std::string& alg) {
  return static_cast<std::uint8_t>(sizes(alg).k - 1);
}

// ---- appendix C of draft-ietf-lamps-kyber-certificates -------------------

// The document's example keys, copied into test/data/lamps-mlkem (see the
// README there): C.1.x.1 the seed form of each size, C.1.1.2/C.1.1.3
// ML-KEM-512 in the expanded and both forms, C.2 the three public keys.
std::string draft_file(const std::string& name) {
  return read_text_file(std::string(ARMACCEL_SOURCE_DIR) + "/test/data/lamps-mlkem/" + name);
}
std::string bits_of(const std::string& alg) {
  return alg.substr(std::string("ML-KEM-").size());
}
std::string draft_seed_pem(const std::string& alg) {
  return draft_file("ml-kem-" + bits_of(alg) + "-seed.priv.pem");
}
std::string draft_pub_pem(const std::string& alg) {
  return draft_file("ml-kem-" + bits_of(alg) + ".pub.pem");
}
const std::string kDraft512ExpandedPem = draft_file("ml-kem-512-expanded.priv.pem");
const std::string kDraft512BothPem = draft_file("ml-kem-512-both.priv.pem");

// ---- encoding and decoding helpers ------------------------------------------------

std::string text_of(const Bytes& b) {
  return std::string(b.begin(), b.end());
}
Bytes bytes_of(const std::string& s) {
  return Bytes(s.begin(), s.end());
}

// Decodes `data` ("PEM" or "DER" input; structure may be null) in `ctx`
// with armaccel's decoders (OpenSSL 3.5+ has ML-KEM decoders of its own,
// which would otherwise be tried too); errors (if any) left in *errors.
PkeyPtr decode(const Bytes& data, const char* input, const char* structure, int selection,
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
PkeyPtr decode_pem(const std::string& pem, int selection, std::string* errors = nullptr) {
  return decode(bytes_of(pem), "PEM", nullptr, selection, errors);
}

// Encodes with armaccel's OSSL_ENCODER ("DER"/"PEM"/"TEXT", a structure or
// null); empty on failure.
Bytes encode(EVP_PKEY* pkey, const char* output, const char* structure, int selection,
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
Bytes private_der(EVP_PKEY* pkey) {
  return encode(pkey, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR);
}
std::string private_pem(EVP_PKEY* pkey) {
  return text_of(encode(pkey, "PEM", "PrivateKeyInfo", EVP_PKEY_KEYPAIR));
}
std::string public_pem(EVP_PKEY* pkey) {
  return text_of(encode(pkey, "PEM", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY));
}

std::string print_key(EVP_PKEY* pkey, bool priv) {
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

Bytes octets_param(EVP_PKEY* pkey, const char* name) {
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
LibCtxPtr configured(const std::string& settings) {
  return LibCtxPtr(
      new_configured_libctx("[provider_sect]\narmaccel = armaccel_sect\ndefault = default_sect\n"
                            "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n" +
                            settings + "\n[default_sect]\nactivate = 1\n"));
}

// A library context with armaccel alone (no PEM or SPKI pre-decoders).
OSSL_LIB_CTX* armaccel_only() {
  static OSSL_LIB_CTX* ctx = new_configured_libctx(
      "[provider_sect]\narmaccel = armaccel_sect\n"
      "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n");
  return ctx;
}

PkeyPtr generate(OSSL_LIB_CTX* ctx, const std::string& alg) {
  EVP_PKEY* pkey = nullptr;
  EVP_PKEY_CTX* gctx = EVP_PKEY_CTX_new_from_name(ctx, alg.c_str(), "provider=armaccel");
  EXPECT_NE(gctx, nullptr) << drain_errors();
  if (gctx != nullptr && EVP_PKEY_keygen_init(gctx) == 1) EVP_PKEY_generate(gctx, &pkey);
  EVP_PKEY_CTX_free(gctx);
  EXPECT_NE(pkey, nullptr) << drain_errors();
  return PkeyPtr(pkey);
}

Bytes seed_bytes() {  // the appendix's seed 000102...3f
  Bytes s(64);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint8_t>(i);
  return s;
}

// ---- DER built from the document's structures (for the ACVP checks and the
// malformed inputs) ----------------------------------------------------------------

void put_header(Bytes& out, std::uint8_t tag, std::size_t len) {
  out.push_back(tag);
  if (len < 0x80) {
    out.push_back(static_cast<std::uint8_t>(len));
  } else if (len < 0x100) {
    out.push_back(0x81);
    out.push_back(static_cast<std::uint8_t>(len));
  } else {
    out.push_back(0x82);
    out.push_back(static_cast<std::uint8_t>(len >> 8));
    out.push_back(static_cast<std::uint8_t>(len));
  }
}
Bytes tlv(std::uint8_t tag, const Bytes& content) {
  Bytes out;
  put_header(out, tag, content.size());
  out.insert(out.end(), content.begin(), content.end());
  return out;
}
Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}
Bytes alg_id(const std::string& alg) {
  return tlv(0x30, tlv(0x06, {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, oid_arc(alg)}));
}
// SubjectPublicKeyInfo (RFC 5280): SEQUENCE { AlgorithmIdentifier, BIT STRING ek }.
Bytes spki(const std::string& alg, const Bytes& ek) {
  return tlv(0x30, cat({alg_id(alg), tlv(0x03, cat({{0x00}, ek}))}));
}
// PrivateKeyInfo (RFC 5958) version 0 around a private-key CHOICE.
Bytes pkcs8(const std::string& alg, const Bytes& choice) {
  return tlv(0x30, cat({tlv(0x02, {0x00}), alg_id(alg), tlv(0x04, choice)}));
}
Bytes seed_choice(const Bytes& seed) {
  return tlv(0x80, seed);
}
Bytes expanded_choice(const Bytes& dk) {
  return tlv(0x04, dk);
}
Bytes both_choice(const Bytes& seed, const Bytes& dk) {
  return tlv(0x30, cat({tlv(0x04, seed), tlv(0x04, dk)}));
}

// ---- the document's examples ---------------------------------------------------------

TEST(MlkemCodec, DraftSeedKeysGiveTheDraftPublicKeys) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    std::string errors;
    PkeyPtr key = decode_pem(draft_seed_pem(alg), EVP_PKEY_KEYPAIR, &errors);
    ASSERT_NE(key, nullptr) << errors;
    EXPECT_TRUE(EVP_PKEY_is_a(key.get(), alg));
    EXPECT_EQ(public_pem(key.get()), draft_pub_pem(alg));
    EXPECT_EQ(octets_param(key.get(), "seed"), seed_bytes());
    // The seed-priv form is written when the seed is known.
    const Bytes der = private_der(key.get());
    ASSERT_GT(der.size(), 100u);
    PkeyPtr back = decode(der, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
    ASSERT_NE(back, nullptr) << errors;
    EXPECT_EQ(EVP_PKEY_eq(key.get(), back.get()), 1);
    // The public key read back from the document.
    PkeyPtr pub = decode_pem(draft_pub_pem(alg), EVP_PKEY_PUBLIC_KEY, &errors);
    ASSERT_NE(pub, nullptr) << errors;
    EXPECT_EQ(EVP_PKEY_eq(key.get(), pub.get()), 1);
    EXPECT_EQ(public_pem(pub.get()), draft_pub_pem(alg));
  }
}

TEST(MlkemCodec, DraftMlkem512PrivateFormsByteExact) {
  std::string errors;
  PkeyPtr from_seed = decode_pem(draft_seed_pem("ML-KEM-512"), EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(from_seed, nullptr) << errors;
  // Default output (OpenSSL 3.5's seed-priv) is the document's "both".
  EXPECT_EQ(private_pem(from_seed.get()), kDraft512BothPem);

  PkeyPtr both = decode_pem(kDraft512BothPem, EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(both, nullptr) << errors;
  EXPECT_EQ(EVP_PKEY_eq(from_seed.get(), both.get()), 1);
  EXPECT_EQ(private_pem(both.get()), kDraft512BothPem);

  // The expanded key alone has no seed: written back as priv-only, which is
  // the document's expanded form.
  PkeyPtr expanded = decode_pem(kDraft512ExpandedPem, EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(expanded, nullptr) << errors;
  EXPECT_EQ(EVP_PKEY_eq(from_seed.get(), expanded.get()), 1);
  EXPECT_TRUE(octets_param(expanded.get(), "seed").empty());
  EXPECT_EQ(private_pem(expanded.get()), kDraft512ExpandedPem);
  EXPECT_EQ(octets_param(expanded.get(), OSSL_PKEY_PARAM_PRIV_KEY),
            octets_param(from_seed.get(), OSSL_PKEY_PARAM_PRIV_KEY));

  // With output_formats chosen in the config, each form is the document's.
  struct Case {
    const char* formats;
    std::string expected;
  } cases[] = {
      {"priv-only", kDraft512ExpandedPem},
      {"seed-only", draft_seed_pem("ML-KEM-512")},
      {"seed-priv, priv-only", kDraft512BothPem},
      {"bare-seed, seed-only", ""},  // checked below: the bare seed
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.formats);
    LibCtxPtr ctx = configured(std::string("ml-kem.output_formats = ") + c.formats);
    ASSERT_NE(ctx, nullptr);
    PkeyPtr key = decode(bytes_of(draft_seed_pem("ML-KEM-512")), "PEM", nullptr, EVP_PKEY_KEYPAIR,
                         &errors, ctx.get());
    ASSERT_NE(key, nullptr) << errors;
    if (!c.expected.empty()) {
      EXPECT_EQ(private_pem(key.get()), c.expected);
    } else {
      EXPECT_EQ(private_der(key.get()),
                pkcs8("ML-KEM-512", seed_bytes()));  // bare-seed: the 64 bytes
    }
  }
}

// Appendix C.4's inconsistent keys, built from the good ones as C.4
// describes them.
TEST(MlkemCodec, DraftInconsistentKeysRefused) {
  std::string errors;
  PkeyPtr good = decode_pem(kDraft512ExpandedPem, EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(good, nullptr) << errors;
  const Bytes dk = octets_param(good.get(), OSSL_PKEY_PARAM_PRIV_KEY);
  ASSERT_EQ(dk.size(), 1632u);

  // 1. Both forms, the seed's z half changed (21 22 ... 40): the expanded key
  // is not the seed's.
  Bytes seed = seed_bytes();
  for (std::size_t i = 32; i < 64; ++i) seed[i] = static_cast<std::uint8_t>(i + 1);
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", both_choice(seed, dk)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("armaccel"), std::string::npos) << errors;
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;

  // 2. Expanded form with s-hat's first coefficient changed and H(ek) left
  // valid: only the pairwise consistency check notices.
  Bytes bad_s = dk;
  bad_s[0] ^= 0x01;
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", expanded_choice(bad_s)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;

  // 3. Expanded form with H(ek) changed: the FIPS 203 hash check fails.
  Bytes bad_hash = dk;
  bad_hash[768 * 2 + 32] ^= 0x01;
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", expanded_choice(bad_hash)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;

  // 4. Both forms with the z inside the expanded key changed.
  Bytes bad_z = dk;
  bad_z[1632 - 1] ^= 0x80;
  EXPECT_EQ(decode(pkcs8("ML-KEM-512", both_choice(seed_bytes(), bad_z)), "DER", "PrivateKeyInfo",
                   EVP_PKEY_KEYPAIR, &errors),
            nullptr);
  EXPECT_NE(errors.find("invalid key"), std::string::npos) << errors;
}

// ---- NIST ACVP keyGen: seed d || z -> ek, dk, in the document's DER -----------------

TEST(MlkemCodec, AcvpKeysInTheDocumentsDer) {
  std::ifstream in(vectors_dir() + "/mlkem/acvp/ML-KEM-keyGen-FIPS203/internalProjection.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  int checked = 0;
  for (const auto& group : doc["testGroups"]) {
    const std::string alg = group["parameterSet"];
    for (std::size_t t = 0; t < 2 && t < group["tests"].size(); ++t) {
      const auto& test = group["tests"][t];
      SCOPED_TRACE(alg + " tcId " + std::to_string(test["tcId"].get<int>()));
      Bytes seed = from_hex(test["d"].get<std::string>());
      const Bytes z = from_hex(test["z"].get<std::string>());
      seed.insert(seed.end(), z.begin(), z.end());
      const Bytes ek = from_hex(test["ek"].get<std::string>());
      const Bytes dk = from_hex(test["dk"].get<std::string>());
      std::string errors;
      PkeyPtr key =
          decode(pkcs8(alg, seed_choice(seed)), "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
      ASSERT_NE(key, nullptr) << errors;
      EXPECT_EQ(encode(key.get(), "DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY),
                spki(alg, ek));
      EXPECT_EQ(private_der(key.get()), pkcs8(alg, both_choice(seed, dk)));
      // The expanded and both forms read back to the same key.
      for (const Bytes& der :
           {pkcs8(alg, expanded_choice(dk)), pkcs8(alg, both_choice(seed, dk))}) {
        PkeyPtr other = decode(der, "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
        ASSERT_NE(other, nullptr) << errors;
        EXPECT_EQ(EVP_PKEY_eq(key.get(), other.get()), 1);
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 6);
}

// ---- round trips ---------------------------------------------------------------------------

TEST(MlkemCodec, RoundTripsEveryFormDerAndPem) {
  const char* const forms[] = {"seed-priv",  "priv-only", "seed-only",
                               "oqskeypair", "bare-priv", "bare-seed"};
  for (const char* form : forms) {
    LibCtxPtr ctx = configured(std::string("ml-kem.output_formats = ") + form);
    ASSERT_NE(ctx, nullptr);
    for (const char* alg : kAlgs) {
      SCOPED_TRACE(std::string(alg) + " " + form);
      PkeyPtr key = generate(ctx.get(), alg);
      ASSERT_NE(key, nullptr);
      const bool has_seed = std::string(form).find("seed") != std::string::npos;
      for (const char* output : {"DER", "PEM"}) {
        std::string errors;
        const Bytes data = encode(key.get(), output, "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
        ASSERT_FALSE(data.empty()) << errors;
        if (std::string(output) == "PEM") {
          EXPECT_EQ(text_of(data).rfind("-----BEGIN PRIVATE KEY-----\n", 0), 0u);
        }
        // Read back in a context with every input form enabled.
        PkeyPtr back = decode(data, output, nullptr, EVP_PKEY_KEYPAIR, &errors);
        ASSERT_NE(back, nullptr) << errors;
        EXPECT_EQ(EVP_PKEY_eq(key.get(), back.get()), 1);
        EXPECT_EQ(octets_param(back.get(), OSSL_PKEY_PARAM_PRIV_KEY),
                  octets_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY));
        EXPECT_EQ(!octets_param(back.get(), "seed").empty(), has_seed);
        if (has_seed) {
          EXPECT_EQ(octets_param(back.get(), "seed"), octets_param(key.get(), "seed"));
        }
      }
      // Public key, DER and PEM.
      for (const char* output : {"DER", "PEM"}) {
        std::string errors;
        const Bytes data =
            encode(key.get(), output, "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY, &errors);
        ASSERT_FALSE(data.empty()) << errors;
        PkeyPtr pub = decode(data, output, nullptr, EVP_PKEY_PUBLIC_KEY, &errors);
        ASSERT_NE(pub, nullptr) << errors;
        EXPECT_EQ(EVP_PKEY_eq(key.get(), pub.get()), 1);
        EXPECT_EQ(octets_param(pub.get(), OSSL_PKEY_PARAM_PUB_KEY),
                  octets_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY));
      }
    }
  }
}

TEST(MlkemCodec, EncryptedPkcs8RoundTrip) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    PkeyPtr key = generate(armaccel_libctx(), alg);
    ASSERT_NE(key, nullptr);
    BIO* bio = BIO_new(BIO_s_mem());
    char pass[] = "correct horse";
    ASSERT_EQ(PEM_write_bio_PrivateKey_ex(bio, key.get(), EVP_aes_256_cbc(), nullptr, 0, nullptr,
                                          pass, armaccel_libctx(), nullptr),
              1)
        << drain_errors();
    char* data = nullptr;
    const long pem_len = BIO_get_mem_data(bio, &data);
    const std::string pem(data, static_cast<std::size_t>(pem_len));
    BIO_free(bio);
    EXPECT_EQ(pem.rfind("-----BEGIN ENCRYPTED PRIVATE KEY-----\n", 0), 0u) << pem;

    BIO* in = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
    PkeyPtr back(
        PEM_read_bio_PrivateKey_ex(in, nullptr, nullptr, pass, armaccel_libctx(), nullptr));
    BIO_free(in);
    ASSERT_NE(back, nullptr) << drain_errors();
    EXPECT_EQ(EVP_PKEY_eq(key.get(), back.get()), 1);
    EXPECT_EQ(octets_param(back.get(), "seed"), octets_param(key.get(), "seed"));

    char wrong[] = "wrong horse";
    in = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
    PkeyPtr none(
        PEM_read_bio_PrivateKey_ex(in, nullptr, nullptr, wrong, armaccel_libctx(), nullptr));
    BIO_free(in);
    EXPECT_EQ(none, nullptr);
    drain_errors();

    // EncryptedPrivateKeyInfo asked for by structure, in DER.
    OSSL_ENCODER_CTX* ectx = OSSL_ENCODER_CTX_new_for_pkey(key.get(), EVP_PKEY_KEYPAIR, "DER",
                                                           "EncryptedPrivateKeyInfo", nullptr);
    ASSERT_EQ(OSSL_ENCODER_CTX_set_cipher(ectx, "AES-128-CBC", nullptr), 1) << drain_errors();
    ASSERT_EQ(OSSL_ENCODER_CTX_set_passphrase(ectx, reinterpret_cast<const unsigned char*>(pass),
                                              sizeof pass - 1),
              1);
    unsigned char* out = nullptr;
    std::size_t len = 0;
    ASSERT_EQ(OSSL_ENCODER_to_data(ectx, &out, &len), 1) << drain_errors();
    OSSL_ENCODER_CTX_free(ectx);
    const Bytes der(out, out + len);
    OPENSSL_free(out);
    EVP_PKEY* pkey = nullptr;
    OSSL_DECODER_CTX* dctx = OSSL_DECODER_CTX_new_for_pkey(
        &pkey, "DER", nullptr, nullptr, EVP_PKEY_KEYPAIR, armaccel_libctx(), nullptr);
    OSSL_DECODER_CTX_set_passphrase(dctx, reinterpret_cast<const unsigned char*>(pass),
                                    sizeof pass - 1);
    const unsigned char* p = der.data();
    std::size_t left = der.size();
    EXPECT_EQ(OSSL_DECODER_from_data(dctx, &p, &left), 1) << drain_errors();
    OSSL_DECODER_CTX_free(dctx);
    PkeyPtr from_der(pkey);
    ASSERT_NE(from_der, nullptr);
    EXPECT_EQ(EVP_PKEY_eq(key.get(), from_der.get()), 1);
  }
}

// OpenSSL 3.5's text layout: heading, "seed:", "dk:", "ek:", 15 bytes a
// line after four spaces, lower-case hex joined by colons.
TEST(MlkemCodec, TextOutput) {
  std::string errors;
  PkeyPtr key = decode_pem(draft_seed_pem("ML-KEM-512"), EVP_PKEY_KEYPAIR, &errors);
  ASSERT_NE(key, nullptr) << errors;
  const std::string text = print_key(key.get(), true);
  const std::string expected_start =
      "ML-KEM-512 Private-Key:\n"
      "seed:\n"
      "    00:01:02:03:04:05:06:07:08:09:0a:0b:0c:0d:0e:\n"
      "    0f:10:11:12:13:14:15:16:17:18:19:1a:1b:1c:1d:\n"
      "    1e:1f:20:21:22:23:24:25:26:27:28:29:2a:2b:2c:\n"
      "    2d:2e:2f:30:31:32:33:34:35:36:37:38:39:3a:3b:\n"
      "    3c:3d:3e:3f\n"
      "dk:\n"
      "    70:55:4f:d4:36:34:4f:27:85:b1:b3:b1:ba:c1:84:\n";  // C.1.1.2's expandedKey
  EXPECT_EQ(text.substr(0, expected_start.size()), expected_start) << text;
  // The whole text, laid out from the key's bytes (checked against the
  // document above and in the other tests).
  auto block = [](const char* label, const Bytes& b) {
    std::string out = std::string(label) + "\n";
    for (std::size_t i = 0; i < b.size(); ++i) {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%02x", b[i]);
      if (i % 15 == 0) out += i == 0 ? "    " : "\n    ";
      out += hex;
      if (i + 1 < b.size()) out += ":";
    }
    return out + "\n";
  };
  const Bytes ek = octets_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY);
  EXPECT_EQ(text, "ML-KEM-512 Private-Key:\n" + block("seed:", seed_bytes()) +
                      block("dk:", octets_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY)) +
                      block("ek:", ek));
  EXPECT_EQ(text.substr(text.find("ek:\n"), 4 + 50),
            "ek:\n    39:95:81:5e:59:7d:10:43:55:cf:29:aa:53:33:c9:\n");
  const std::string pub = print_key(key.get(), false);
  EXPECT_EQ(pub.rfind("ML-KEM-512 Public-Key:\nek:\n    39:95:81:5e:", 0), 0u) << pub;
  EXPECT_EQ(pub.find("seed:"), std::string::npos);
  EXPECT_EQ(pub.find("dk:"), std::string::npos);
}

// ---- malformed input ---------------------------------------------------------------------------

// Expects `der` refused with an armaccel reason containing `reason`.
void expect_refused(const Bytes& der, const char* structure, int selection, const char* reason) {
  std::string errors;
  PkeyPtr key = decode(der, "DER", structure, selection, &errors);
  EXPECT_EQ(key, nullptr);
  EXPECT_NE(errors.find("armaccel"), std::string::npos) << errors;
  EXPECT_NE(errors.find(reason), std::string::npos) << "want \"" << reason << "\" in\n" << errors;
}

TEST(MlkemCodec, MalformedPublicKeysRefused) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    PkeyPtr key = generate(armaccel_libctx(), alg);
    const Bytes ek = octets_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY);
    ASSERT_EQ(spki(alg, ek), encode(key.get(), "DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY));
    const char* s = "SubjectPublicKeyInfo";
    const int sel = EVP_PKEY_PUBLIC_KEY;
    // Wrong length: one byte short, one byte long.
    expect_refused(spki(alg, Bytes(ek.begin(), ek.end() - 1)), s, sel, "invalid key length");
    expect_refused(spki(alg, cat({ek, {0x00}})), s, sel, "invalid key length");
    // A coefficient >= q (FIPS 203 7.2 modulus check): the first 12 bits all ones.
    Bytes big = ek;
    big[0] = 0xff;
    big[1] |= 0x0f;
    expect_refused(spki(alg, big), s, sel, "invalid key");
    // Parameters present (NULL) with the ML-KEM OID.
    Bytes with_null = alg_id(alg);
    with_null = tlv(0x30, cat({Bytes(with_null.begin() + 2, with_null.end()), {0x05, 0x00}}));
    expect_refused(tlv(0x30, cat({with_null, tlv(0x03, cat({{0x00}, ek}))})), s, sel,
                   "unexpected key parameters");
    // Unused bits in the BIT STRING, trailing garbage, truncation.
    expect_refused(tlv(0x30, cat({alg_id(alg), tlv(0x03, cat({{0x01}, ek}))})), s, sel,
                   "bad encoding");
    // Bytes after the SubjectPublicKeyInfo: with the default provider loaded
    // OpenSSL's SPKI pre-decoder passes on exactly one DER object, so they
    // never reach armaccel (as for every key type); armaccel alone refuses
    // them.
    const Bytes trailing = cat({spki(alg, ek), {0x00}});
    PkeyPtr cut = decode(trailing, "DER", s, sel);
    if (cut != nullptr) {
      EXPECT_EQ(EVP_PKEY_eq(cut.get(), key.get()), 1);
    }
    std::string errors;
    EXPECT_EQ(decode(trailing, "DER", s, sel, &errors, armaccel_only()), nullptr);
    EXPECT_NE(errors.find("bad encoding"), std::string::npos) << errors;
    const Bytes full = spki(alg, ek);
    expect_refused(Bytes(full.begin(), full.end() - 10), s, sel, "bad encoding");
  }
}

TEST(MlkemCodec, MalformedPrivateKeysRefused) {
  for (const char* alg : kAlgs) {
    SCOPED_TRACE(alg);
    PkeyPtr key = generate(armaccel_libctx(), alg);
    const Bytes dk = octets_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY);
    const Bytes seed = octets_param(key.get(), "seed");
    const Sizes sz = sizes(alg);
    ASSERT_EQ(dk.size(), sz.dk);
    ASSERT_EQ(private_der(key.get()), pkcs8(alg, both_choice(seed, dk)));
    const char* s = "PrivateKeyInfo";
    const int sel = EVP_PKEY_KEYPAIR;
    // Wrong lengths of the expanded key and the seed.
    expect_refused(pkcs8(alg, expanded_choice(Bytes(dk.begin(), dk.end() - 1))), s, sel,
                   "invalid key length");
    expect_refused(pkcs8(alg, seed_choice(Bytes(seed.begin(), seed.end() - 1))), s, sel,
                   "invalid key length");
    // Bad H(ek) inside dk (FIPS 203 7.3 hash check).
    Bytes bad = dk;
    bad[768 * sz.k + 32] ^= 0x40;
    expect_refused(pkcs8(alg, expanded_choice(bad)), s, sel, "invalid key");
    // A coefficient >= q in the ek inside dk.
    bad = dk;
    bad[384 * sz.k] = 0xff;
    bad[384 * sz.k + 1] |= 0x0f;
    expect_refused(pkcs8(alg, expanded_choice(bad)), s, sel, "invalid key");
    // Seed and expanded key that do not belong together.
    Bytes other_seed = seed;
    other_seed[0] ^= 0x01;
    expect_refused(pkcs8(alg, both_choice(other_seed, dk)), s, sel, "invalid key");
    // Parameters with the OID, trailing garbage, truncation, an unknown CHOICE.
    const Bytes good = pkcs8(alg, expanded_choice(dk));
    expect_refused(cat({good, {0x00, 0x00}}), s, sel, "bad encoding");
    expect_refused(Bytes(good.begin(), good.end() - 100), s, sel, "bad encoding");
    expect_refused(pkcs8(alg, tlv(0x0c, seed)), s, sel, "bad encoding");
    Bytes with_null = alg_id(alg);
    with_null = tlv(0x30, cat({Bytes(with_null.begin() + 2, with_null.end()), {0x05, 0x00}}));
    expect_refused(tlv(0x30, cat({tlv(0x02, {0x00}), with_null, tlv(0x04, expanded_choice(dk))})),
                   s, sel, "unexpected key parameters");
  }
  // A truncated PEM (base64 cut short) gives no key.
  std::string pem = kDraft512BothPem;
  pem.erase(pem.find("Pj8=\n"), 5);
  pem.erase(200, 300);
  std::string errors;
  EXPECT_EQ(decode_pem(pem, EVP_PKEY_KEYPAIR, &errors), nullptr);
  EXPECT_FALSE(errors.empty());
}

// Other algorithms' keys go to other decoders; ML-KEM keys of another size
// to that size's decoder.
TEST(MlkemCodec, OtherKeysLeftToOtherDecoders) {
  EVP_PKEY* ec = EVP_PKEY_Q_keygen(armaccel_libctx(), nullptr, "EC", "P-256");
  ASSERT_NE(ec, nullptr) << drain_errors();
  PkeyPtr ec_key(ec);
  for (const char* structure : {"PrivateKeyInfo", "SubjectPublicKeyInfo"}) {
    const bool priv = std::string(structure) == "PrivateKeyInfo";
    const int sel = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
    // Any provider's encoders and decoders (armaccel's must stay silent).
    const Bytes der = encode(ec_key.get(), "DER", structure, sel, nullptr, nullptr);
    ASSERT_FALSE(der.empty());
    std::string errors;
    PkeyPtr back = decode(der, "DER", structure, sel, &errors, nullptr, nullptr);
    ASSERT_NE(back, nullptr) << errors;
    EXPECT_TRUE(EVP_PKEY_is_a(back.get(), "EC"));
    EXPECT_EQ(errors.find("armaccel"), std::string::npos) << errors;
  }
  for (const char* alg : kAlgs) {
    PkeyPtr key = generate(armaccel_libctx(), alg);
    PkeyPtr back = decode(private_der(key.get()), "DER", nullptr, EVP_PKEY_KEYPAIR);
    ASSERT_NE(back, nullptr);
    EXPECT_TRUE(EVP_PKEY_is_a(back.get(), alg));
  }
}

TEST(MlkemCodec, InputFormatsHonoured) {
  LibCtxPtr ctx = configured("ml-kem.input_formats = seed-only, seed-priv");
  ASSERT_NE(ctx, nullptr);
  std::string errors;
  PkeyPtr seed_key = decode(bytes_of(draft_seed_pem("ML-KEM-512")), "PEM", nullptr,
                            EVP_PKEY_KEYPAIR, &errors, ctx.get());
  EXPECT_NE(seed_key, nullptr) << errors;
  PkeyPtr both =
      decode(bytes_of(kDraft512BothPem), "PEM", nullptr, EVP_PKEY_KEYPAIR, &errors, ctx.get());
  EXPECT_NE(both, nullptr) << errors;
  PkeyPtr expanded =
      decode(bytes_of(kDraft512ExpandedPem), "PEM", nullptr, EVP_PKEY_KEYPAIR, &errors, ctx.get());
  EXPECT_EQ(expanded, nullptr);
  EXPECT_NE(errors.find("no matching enabled ml-kem private key format"), std::string::npos)
      << errors;

  LibCtxPtr unknown = configured("ml-kem.output_formats = seed-priv, frobnicated");
  ASSERT_NE(unknown, nullptr);
  PkeyPtr key = decode(bytes_of(draft_seed_pem("ML-KEM-512")), "PEM", nullptr, EVP_PKEY_KEYPAIR,
                       &errors, unknown.get());
  ASSERT_NE(key, nullptr) << errors;
  EXPECT_TRUE(encode(key.get(), "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors).empty());
  EXPECT_NE(errors.find("unknown ml-kem key format"), std::string::npos) << errors;

  // A key without its seed (retain_seed = no) cannot give seed-only.
  LibCtxPtr no_seed = configured("ml-kem.retain_seed = no\nml-kem.output_formats = seed-only");
  ASSERT_NE(no_seed, nullptr);
  PkeyPtr generated = generate(no_seed.get(), "ML-KEM-768");
  ASSERT_NE(generated, nullptr);
  EXPECT_TRUE(octets_param(generated.get(), "seed").empty());
  EXPECT_TRUE(private_der(generated.get()).empty());
  drain_errors();
}

}  // namespace
}  // namespace armaccel::test
