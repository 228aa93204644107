// SPDX-License-Identifier: Apache-2.0
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
//  - malformed input refused with OpenSSL 3.5's reasons, other algorithms'
//    keys left to other decoders, ml-kem.input_formats honoured.

#include "mlkem_codec_support.h"

namespace armaccel::test {
namespace {
using namespace codec_support;

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
}  // namespace
}  // namespace armaccel::test
