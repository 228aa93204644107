// SPDX-License-Identifier: Apache-2.0
// ML-KEM key encoders and decoders (continued from mlkem_codec_test.cpp):
// the text output, malformed public and private keys refused with the reasons
// OpenSSL 3.5's decoders leave, other algorithms' keys left to other
// decoders, ml-kem.input_formats honoured.

#include "mlkem_codec_support.h"

namespace armaccel::test {
namespace {
using namespace codec_support;

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

// What OpenSSL 3.5's decoders leave (and so armaccel's): for input that is
// not a well-formed key -- a defect in the DER, a wrong length, parameters,
// an ek failing the modulus check -- the decoder steps back and OpenSSL's
// decoder framework says "unsupported"; a well-formed private key that is
// not a consistent key is "invalid key" (twice when dk does not parse).
constexpr const char* kUnsupported = "DECODER routines::unsupported";
constexpr const char* kInvalidKey = "Provider routines::invalid key";

// Expects `der` refused with `reason` in the errors.
void expect_refused(const Bytes& der, const char* structure, int selection, const char* reason) {
  std::string errors;
  PkeyPtr key = decode(der, "DER", structure, selection, &errors);
  EXPECT_EQ(key, nullptr);
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
    expect_refused(spki(alg, Bytes(ek.begin(), ek.end() - 1)), s, sel, kUnsupported);
    expect_refused(spki(alg, cat({ek, {0x00}})), s, sel, kUnsupported);
    // A coefficient >= q (FIPS 203 7.2 modulus check): the first 12 bits all ones.
    Bytes big = ek;
    big[0] = 0xff;
    big[1] |= 0x0f;
    expect_refused(spki(alg, big), s, sel, kUnsupported);
    // Parameters present (NULL) with the ML-KEM OID.
    Bytes with_null = alg_id(alg);
    with_null = tlv(0x30, cat({Bytes(with_null.begin() + 2, with_null.end()), {0x05, 0x00}}));
    expect_refused(tlv(0x30, cat({with_null, tlv(0x03, cat({{0x00}, ek}))})), s, sel, kUnsupported);
    // Unused bits in the BIT STRING, truncation.
    expect_refused(tlv(0x30, cat({alg_id(alg), tlv(0x03, cat({{0x01}, ek}))})), s, sel,
                   kUnsupported);
    const Bytes full = spki(alg, ek);
    expect_refused(Bytes(full.begin(), full.end() - 10), s, sel, kUnsupported);
    // Bytes after the SubjectPublicKeyInfo are not looked at, as by
    // OpenSSL's d2i functions: with the default provider's pre-decoders
    // (which pass on one DER object) and by armaccel's decoder alone.
    const Bytes trailing = cat({spki(alg, ek), {0x00}});
    for (OSSL_LIB_CTX* ctx : {armaccel_libctx(), armaccel_only()}) {
      std::string errors;
      PkeyPtr cut = decode(trailing, "DER", s, sel, &errors, ctx);
      ASSERT_NE(cut, nullptr) << errors;
      EXPECT_EQ(EVP_PKEY_eq(cut.get(), key.get()), 1);
    }
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
                   kUnsupported);
    expect_refused(pkcs8(alg, seed_choice(Bytes(seed.begin(), seed.end() - 1))), s, sel,
                   kUnsupported);
    // Bad H(ek) inside dk (FIPS 203 7.3 hash check).
    Bytes bad = dk;
    bad[768 * sz.k + 32] ^= 0x40;
    expect_refused(pkcs8(alg, expanded_choice(bad)), s, sel, kInvalidKey);
    // A coefficient >= q in the ek inside dk.
    bad = dk;
    bad[384 * sz.k] = 0xff;
    bad[384 * sz.k + 1] |= 0x0f;
    expect_refused(pkcs8(alg, expanded_choice(bad)), s, sel, kInvalidKey);
    // Seed and expanded key that do not belong together.
    Bytes other_seed = seed;
    other_seed[0] ^= 0x01;
    expect_refused(pkcs8(alg, both_choice(other_seed, dk)), s, sel, kInvalidKey);
    // Parameters with the OID, truncation, an unknown CHOICE.
    const Bytes good = pkcs8(alg, expanded_choice(dk));
    expect_refused(Bytes(good.begin(), good.end() - 100), s, sel, kUnsupported);
    expect_refused(pkcs8(alg, tlv(0x0c, seed)), s, sel, kUnsupported);
    Bytes with_null = alg_id(alg);
    with_null = tlv(0x30, cat({Bytes(with_null.begin() + 2, with_null.end()), {0x05, 0x00}}));
    expect_refused(tlv(0x30, cat({tlv(0x02, {0x00}), with_null, tlv(0x04, expanded_choice(dk))})),
                   s, sel, kUnsupported);
    // Trailing bytes are not looked at (see MalformedPublicKeysRefused).
    std::string errors;
    PkeyPtr cut = decode(cat({good, {0x00, 0x00}}), "DER", s, sel, &errors, armaccel_only());
    ASSERT_NE(cut, nullptr) << errors;
    EXPECT_EQ(EVP_PKEY_eq(cut.get(), key.get()), 1);
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
  // A form not enabled is stepped back from, as OpenSSL 3.5's decoders do.
  EXPECT_EQ(expanded, nullptr);
  EXPECT_NE(errors.find(kUnsupported), std::string::npos) << errors;

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
