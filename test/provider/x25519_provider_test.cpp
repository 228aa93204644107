// SPDX-License-Identifier: Apache-2.0
// X25519 (RFC 7748) through the EVP API on armaccel's key management, key
// exchange, encoders and decoders, against outside values:
//  - RFC 7748 section 6.1's key pairs and shared secret;
//  - Wycheproof's x25519_test.json through EVP_PKEY_derive (the all-zero
//    results refused with "failed during derivation", as the default
//    provider refuses them);
//  - the default provider (OpenSSL's own X25519): the same key parameters,
//    the same DER, PEM and text of the same key, keys made by one read by
//    the other, the same key from HPKE's "dhkem-ikm" (and RFC 9180 A.1.1's
//    public keys);
//  - libssl's way of driving a TLS 1.3 X25519 share (paramgen and
//    encoded-pub-key on the server side).

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "mlkem_codec_support.h"
#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {
using namespace codec_support;

constexpr const char* kArmaccel = "provider=armaccel";

// RFC 7748 section 6.1.
const Bytes kAlicePriv =
    from_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
const Bytes kAlicePub =
    from_hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
const Bytes kBobPriv = from_hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
const Bytes kBobPub = from_hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
const char kShared[] = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";

PkeyPtr raw_private(OSSL_LIB_CTX* ctx, const Bytes& priv, const char* propq) {
  return PkeyPtr(EVP_PKEY_new_raw_private_key_ex(ctx, "X25519", propq, priv.data(), priv.size()));
}
PkeyPtr raw_public(OSSL_LIB_CTX* ctx, const Bytes& pub, const char* propq) {
  return PkeyPtr(EVP_PKEY_new_raw_public_key_ex(ctx, "X25519", propq, pub.data(), pub.size()));
}

std::string provider_of(const EVP_PKEY* key) {
  return OSSL_PROVIDER_get0_name(EVP_PKEY_get0_provider(key));
}

Bytes raw_public_of(const EVP_PKEY* key) {
  Bytes out(32);
  std::size_t len = out.size();
  EXPECT_EQ(EVP_PKEY_get_raw_public_key(key, out.data(), &len), 1) << drain_errors();
  out.resize(len);
  return out;
}

// The shared secret of `own` with `peer` in ctx/propq; empty on failure
// (the errors left on the queue).
Bytes derive(OSSL_LIB_CTX* ctx, EVP_PKEY* own, EVP_PKEY* peer, const char* propq) {
  PkeyCtxPtr dctx(EVP_PKEY_CTX_new_from_pkey(ctx, own, propq));
  if (dctx == nullptr || EVP_PKEY_derive_init(dctx.get()) != 1 ||
      EVP_PKEY_derive_set_peer(dctx.get(), peer) != 1)
    return {};
  std::size_t len = 0;
  if (EVP_PKEY_derive(dctx.get(), nullptr, &len) != 1 || len != 32) return {};
  Bytes out(len);
  if (EVP_PKEY_derive(dctx.get(), out.data(), &len) != 1) return {};
  out.resize(len);
  return out;
}

PkeyPtr generate_x25519(OSSL_LIB_CTX* ctx, const char* propq, const Bytes* ikm = nullptr) {
  PkeyCtxPtr gen(EVP_PKEY_CTX_new_from_name(ctx, "X25519", propq));
  if (gen == nullptr || EVP_PKEY_keygen_init(gen.get()) != 1) return nullptr;
  if (ikm != nullptr) {
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string("dhkem-ikm", const_cast<std::uint8_t*>(ikm->data()),
                                          ikm->size()),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_CTX_set_params(gen.get(), params) != 1) return nullptr;
  }
  EVP_PKEY* key = nullptr;
  if (EVP_PKEY_generate(gen.get(), &key) != 1) return nullptr;
  return PkeyPtr(key);
}

TEST(X25519Evp, Rfc7748Section61OnArmaccel) {
  PkeyPtr alice = raw_private(armaccel_libctx(), kAlicePriv, kArmaccel);
  PkeyPtr bob = raw_private(armaccel_libctx(), kBobPriv, kArmaccel);
  ASSERT_NE(alice, nullptr) << drain_errors();
  ASSERT_NE(bob, nullptr) << drain_errors();
  EXPECT_EQ(provider_of(alice.get()), "armaccel");
  EXPECT_EQ(to_hex(raw_public_of(alice.get())), to_hex(kAlicePub));
  EXPECT_EQ(to_hex(raw_public_of(bob.get())), to_hex(kBobPub));
  PkeyPtr bob_pub = raw_public(armaccel_libctx(), kBobPub, kArmaccel);
  PkeyPtr alice_pub = raw_public(armaccel_libctx(), kAlicePub, kArmaccel);
  EXPECT_EQ(to_hex(derive(armaccel_libctx(), alice.get(), bob_pub.get(), kArmaccel)), kShared)
      << drain_errors();
  EXPECT_EQ(to_hex(derive(armaccel_libctx(), bob.get(), alice_pub.get(), kArmaccel)), kShared)
      << drain_errors();
  // The key exchange itself is armaccel's.
  PkeyCtxPtr dctx(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), alice.get(), kArmaccel));
  ASSERT_EQ(EVP_PKEY_derive_init(dctx.get()), 1);
  EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_PKEY_CTX_get0_provider(dctx.get())), "armaccel");
  // A public key alone cannot derive: as with the default provider, the
  // exchange starts and the derivation fails with "missing key".
  PkeyCtxPtr pub_only(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), bob_pub.get(), kArmaccel));
  ASSERT_EQ(EVP_PKEY_derive_init(pub_only.get()), 1);
  ASSERT_EQ(EVP_PKEY_derive_set_peer(pub_only.get(), alice_pub.get()), 1);
  std::size_t len = 0;
  EXPECT_NE(EVP_PKEY_derive(pub_only.get(), nullptr, &len), 1);
  EXPECT_NE(drain_errors().find("missing key"), std::string::npos);
}

TEST(X25519Evp, WycheproofThroughDerive) {
  const auto doc =
      nlohmann::json::parse(read_text_file(vectors_dir() + "/wycheproof/x25519_test.json"));
  int count = 0, refused = 0;
  for (const auto& group : doc["testGroups"]) {
    for (const auto& t : group["tests"]) {
      SCOPED_TRACE("tcId " + std::to_string(t["tcId"].get<int>()));
      const std::string shared = t["shared"].get<std::string>();
      PkeyPtr own =
          raw_private(armaccel_libctx(), from_hex(t["private"].get<std::string>()), kArmaccel);
      PkeyPtr peer =
          raw_public(armaccel_libctx(), from_hex(t["public"].get<std::string>()), kArmaccel);
      ASSERT_NE(own, nullptr);
      ASSERT_NE(peer, nullptr);
      const Bytes got = derive(armaccel_libctx(), own.get(), peer.get(), kArmaccel);
      const std::string errors = drain_errors();
      if (shared == std::string(64, '0')) {
        EXPECT_TRUE(got.empty());
        EXPECT_NE(errors.find("failed during derivation"), std::string::npos) << errors;
        ++refused;
      } else {
        EXPECT_EQ(to_hex(got), shared) << errors;
      }
      ++count;
    }
  }
  EXPECT_EQ(count, 518);
  EXPECT_GT(refused, 0);
}

TEST(X25519Evp, KeysCrossBetweenArmaccelAndTheDefaultProvider) {
  // Made on armaccel, used with the default provider, and back.
  PkeyPtr a = generate_x25519(armaccel_libctx(), kArmaccel);
  ASSERT_NE(a, nullptr) << drain_errors();
  EXPECT_EQ(provider_of(a.get()), "armaccel");
  PkeyPtr b = generate_x25519(oracle_libctx(), "provider=default");
  ASSERT_NE(b, nullptr) << drain_errors();
  // Generated keys are stored clamped, as OpenSSL stores them.
  Bytes priv(32);
  std::size_t len = priv.size();
  ASSERT_EQ(EVP_PKEY_get_raw_private_key(a.get(), priv.data(), &len), 1);
  EXPECT_EQ(priv[0] & 7, 0);
  EXPECT_EQ(priv[31] & 0xc0, 0x40);
  PkeyPtr a_in_default = raw_private(oracle_libctx(), priv, "provider=default");
  PkeyPtr b_pub_here = raw_public(armaccel_libctx(), raw_public_of(b.get()), kArmaccel);
  PkeyPtr a_pub_there = raw_public(oracle_libctx(), raw_public_of(a.get()), "provider=default");
  const Bytes s1 = derive(armaccel_libctx(), a.get(), b_pub_here.get(), kArmaccel);
  const Bytes s2 = derive(oracle_libctx(), b.get(), a_pub_there.get(), "provider=default");
  ASSERT_EQ(s1.size(), 32u) << drain_errors();
  EXPECT_EQ(to_hex(s1), to_hex(s2));
  EXPECT_EQ(to_hex(raw_public_of(a_in_default.get())), to_hex(raw_public_of(a.get())));

  // Same key, same parameters as the default provider reports.
  for (const char* name : {"bits", "security-bits", "max-size"}) {
    int ours = -1, theirs = -2;
    EXPECT_EQ(EVP_PKEY_get_int_param(a.get(), name, &ours), 1) << name;
    EXPECT_EQ(EVP_PKEY_get_int_param(a_in_default.get(), name, &theirs), 1) << name;
    EXPECT_EQ(ours, theirs) << name;
  }
  EXPECT_EQ(EVP_PKEY_get_bits(a.get()), 253);
  EXPECT_EQ(EVP_PKEY_get_security_bits(a.get()), 128);
  EXPECT_EQ(EVP_PKEY_get_size(a.get()), 32);
  // Every parameter the default provider's key management answers is
  // answered here too.
  std::set<std::string> ours;
  for (const OSSL_PARAM* p = EVP_PKEY_gettable_params(a.get()); p->key != nullptr; ++p)
    ours.insert(p->key);
  for (const OSSL_PARAM* p = EVP_PKEY_gettable_params(a_in_default.get()); p->key != nullptr; ++p)
    EXPECT_TRUE(ours.count(p->key) == 1) << p->key;

  // Checks and comparisons.
  PkeyCtxPtr check(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), a.get(), kArmaccel));
  EXPECT_EQ(EVP_PKEY_check(check.get()), 1);
  EXPECT_EQ(EVP_PKEY_public_check(check.get()), 1);
  EXPECT_EQ(EVP_PKEY_private_check(check.get()), 1);
  PkeyPtr a_pub_here = raw_public(armaccel_libctx(), raw_public_of(a.get()), kArmaccel);
  EXPECT_EQ(EVP_PKEY_eq(a.get(), a_pub_here.get()), 1);
  EXPECT_EQ(EVP_PKEY_eq(a.get(), b_pub_here.get()), 0);
  EXPECT_EQ(EVP_PKEY_eq(a.get(), a_in_default.get()), 1);  // across providers
  // A pair whose public key is not its private key's fails the check.
  OSSL_PARAM mismatched[] = {
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv.data(), priv.size()),
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY,
                                        const_cast<std::uint8_t*>(kBobPub.data()), 32),
      OSSL_PARAM_construct_end(),
  };
  PkeyCtxPtr fromdata(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "X25519", kArmaccel));
  ASSERT_EQ(EVP_PKEY_fromdata_init(fromdata.get()), 1);
  EVP_PKEY* odd = nullptr;
  ASSERT_EQ(EVP_PKEY_fromdata(fromdata.get(), &odd, EVP_PKEY_KEYPAIR, mismatched), 1);
  PkeyPtr odd_owner(odd);
  PkeyCtxPtr odd_check(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), odd, kArmaccel));
  EXPECT_NE(EVP_PKEY_pairwise_check(odd_check.get()), 1);
  drain_errors();
  // A 31-byte key is refused, with the errors the default provider leaves
  // (EVP's "key setup failed" alone).
  const Bytes short_key(31, 1);
  EXPECT_EQ(raw_private(armaccel_libctx(), short_key, kArmaccel), nullptr);
  const std::string refusal = drain_errors();
  EXPECT_EQ(raw_private(oracle_libctx(), short_key, "provider=default"), nullptr);
  EXPECT_EQ(refusal, drain_errors());
  EXPECT_NE(refusal.find("key setup failed"), std::string::npos) << refusal;
}

TEST(X25519Evp, EncodingsEqualTheDefaultProviders) {
  PkeyPtr ours = raw_private(armaccel_libctx(), kAlicePriv, kArmaccel);
  PkeyPtr theirs = raw_private(oracle_libctx(), kAlicePriv, "provider=default");
  ASSERT_NE(ours, nullptr);
  ASSERT_NE(theirs, nullptr);
  for (const char* output : {"DER", "PEM"}) {
    SCOPED_TRACE(output);
    const Bytes spki = encode(ours.get(), output, "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY);
    const Bytes pki = encode(ours.get(), output, "PrivateKeyInfo", EVP_PKEY_KEYPAIR);
    EXPECT_EQ(spki, encode(theirs.get(), output, "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY,
                           nullptr, "provider=default"));
    EXPECT_EQ(pki, encode(theirs.get(), output, "PrivateKeyInfo", EVP_PKEY_KEYPAIR, nullptr,
                          "provider=default"));
    ASSERT_FALSE(spki.empty());
    // Read back with both providers loaded (OpenSSL may pick either
    // provider's decoder), and by the default provider alone.
    std::string errors;
    PkeyPtr back = decode(pki, output, "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors);
    ASSERT_NE(back, nullptr) << errors;
    EXPECT_EQ(to_hex(raw_public_of(back.get())), to_hex(kAlicePub));
    PkeyPtr pub = decode(spki, output, "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY, &errors);
    ASSERT_NE(pub, nullptr) << errors;
    EXPECT_EQ(EVP_PKEY_eq(pub.get(), ours.get()), 1);
    PkeyPtr there = decode(pki, output, "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors,
                           oracle_libctx(), "provider=default");
    ASSERT_NE(there, nullptr) << errors;
    EXPECT_EQ(EVP_PKEY_eq(there.get(), ours.get()), 1);
  }
  // armaccel's own decoders (armaccel alone: no PEM step, no other
  // decoder) read the default provider's DER.
  for (const bool priv : {true, false}) {
    const char* structure = priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo";
    const int selection = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
    std::string errors;
    PkeyPtr mine =
        decode(encode(theirs.get(), "DER", structure, selection, nullptr, "provider=default"),
               "DER", structure, selection, &errors, armaccel_only());
    ASSERT_NE(mine, nullptr) << errors;
    EXPECT_EQ(provider_of(mine.get()), "armaccel");
    EXPECT_EQ(to_hex(raw_public_of(mine.get())), to_hex(kAlicePub));
    Bytes raw(32);
    std::size_t raw_len = raw.size();
    EXPECT_EQ(EVP_PKEY_get_raw_private_key(mine.get(), raw.data(), &raw_len) == 1, priv);
    drain_errors();
  }
  // The DER is RFC 8410's: id-X25519 with the parameters absent.
  EXPECT_EQ(to_hex(encode(ours.get(), "DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY)),
            "302a300506032b656e032100" + to_hex(kAlicePub));
  EXPECT_EQ(to_hex(encode(ours.get(), "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR)),
            "302e020100300506032b656e04220420" + to_hex(kAlicePriv));
  // Text: the default provider's layout, byte for byte.
  EXPECT_EQ(text_of(encode(ours.get(), "TEXT", nullptr, EVP_PKEY_KEYPAIR)),
            text_of(encode(theirs.get(), "TEXT", nullptr, EVP_PKEY_KEYPAIR, nullptr,
                           "provider=default")));
  EXPECT_EQ(text_of(encode(ours.get(), "TEXT", nullptr, EVP_PKEY_PUBLIC_KEY)),
            text_of(encode(theirs.get(), "TEXT", nullptr, EVP_PKEY_PUBLIC_KEY, nullptr,
                           "provider=default")));
  EXPECT_EQ(print_key(ours.get(), true), print_key(theirs.get(), true));

  // Encrypted PKCS#8 from armaccel, opened by the default provider.
  BIO* bio = BIO_new(BIO_s_mem());
  char pass[] = "armaccel";
  ASSERT_EQ(PEM_write_bio_PrivateKey_ex(bio, ours.get(), EVP_aes_256_cbc(), nullptr, 0, nullptr,
                                        pass, armaccel_libctx(), kArmaccel),
            1)
      << drain_errors();
  EVP_PKEY* opened =
      PEM_read_bio_PrivateKey_ex(bio, nullptr, nullptr, pass, oracle_libctx(), "provider=default");
  BIO_free(bio);
  ASSERT_NE(opened, nullptr) << drain_errors();
  PkeyPtr opened_owner(opened);
  EXPECT_EQ(to_hex(raw_public_of(opened)), to_hex(kAlicePub));
}

// DER RFC 8410 does not allow, given to armaccel's decoders alone: each
// is refused (armaccel's decoder steps back, leaving OpenSSL's "unsupported"
// when no other decoder reads it; see LaxDerTheDefaultProviderReadsStillDecodes).
TEST(X25519Evp, MalformedDerIsRefusedByArmaccelsDecoders) {
  const std::string pub = to_hex(kAlicePub);
  struct Case {
    const char* what;
    std::string der;
    const char* structure;
  };
  const Case cases[] = {
      {"parameters present", "302c300706032b656e0500032100" + pub, "SubjectPublicKeyInfo"},
      {"31-byte public key", "3029300506032b656e032000" + pub.substr(0, 62),
       "SubjectPublicKeyInfo"},
      {"unused bits", "302a300506032b656e032101" + pub, "SubjectPublicKeyInfo"},
      {"private key not in an OCTET STRING",
       "302c020100300506032b656e04200420" + to_hex(kAlicePriv).substr(0, 60), "PrivateKeyInfo"},
      {"publicKey not the private key's",
       "3051020101300506032b656e04220420" + to_hex(kAlicePriv) + "812100" + to_hex(kBobPub),
       "PrivateKeyInfo"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    std::string errors;
    PkeyPtr key = decode(
        from_hex(c.der), "DER", c.structure,
        std::string(c.structure) == "PrivateKeyInfo" ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
        &errors, armaccel_only());
    EXPECT_EQ(key, nullptr);
    EXPECT_NE(errors.find("unsupported"), std::string::npos) << errors;
  }
  // A version-1 key whose publicKey is its own is read.
  std::string errors;
  PkeyPtr v1 =
      decode(from_hex("3051020101300506032b656e04220420" + to_hex(kAlicePriv) + "812100" + pub),
             "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, &errors, armaccel_only());
  ASSERT_NE(v1, nullptr) << errors;
  EXPECT_EQ(to_hex(raw_public_of(v1.get())), pub);
}

TEST(X25519Evp, DhkemIkmGivesTheDefaultProvidersKey) {
  if (!runtime_at_least(3, 2)) GTEST_SKIP() << "dhkem-ikm came with OpenSSL 3.2";
  // RFC 9180 A.1.1 (DHKEM(X25519, HKDF-SHA256)): ikmE and ikmR, and the
  // public keys they derive.
  const struct {
    const char* ikm;
    const char* pk;
  } cases[] = {
      {"7268600d403fce431561aef583ee1613527cff655c1343f29812e66706df3234",
       "37fda3567bdbd628e88668c3c8d7e97d1d1253b6d4ea6d44c150f741f1bf4431"},
      {"6db9df30aa07dd42ee5e8181afdb977e538f5e1fec8a06223f33f7013e525037",
       "3948cfe0ad1ddb695d780e59077195da6c56506b027329794ab02bca80815c4d"},
  };
  for (const auto& c : cases) {
    const Bytes ikm = from_hex(c.ikm);
    PkeyPtr ours = generate_x25519(armaccel_libctx(), kArmaccel, &ikm);
    PkeyPtr theirs = generate_x25519(oracle_libctx(), "provider=default", &ikm);
    ASSERT_NE(ours, nullptr) << drain_errors();
    ASSERT_NE(theirs, nullptr) << drain_errors();
    EXPECT_EQ(to_hex(raw_public_of(ours.get())), c.pk);
    Bytes a(32), b(32);
    std::size_t la = 32, lb = 32;
    ASSERT_EQ(EVP_PKEY_get_raw_private_key(ours.get(), a.data(), &la), 1);
    ASSERT_EQ(EVP_PKEY_get_raw_private_key(theirs.get(), b.data(), &lb), 1);
    EXPECT_EQ(to_hex(a), to_hex(b));
  }
  // Too short an ikm is refused, as by the default provider.
  const Bytes short_ikm(31, 7);
  EXPECT_EQ(generate_x25519(armaccel_libctx(), kArmaccel, &short_ikm), nullptr);
  EXPECT_NE(drain_errors().find("invalid input length"), std::string::npos);
}

TEST(X25519Evp, AsLibsslDrivesATls13Share) {
  // Client: a key pair for group x25519.
  PkeyCtxPtr gen(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "X25519", kArmaccel));
  ASSERT_EQ(EVP_PKEY_keygen_init(gen.get()), 1);
  ASSERT_EQ(EVP_PKEY_CTX_set_group_name(gen.get(), "x25519"), 1) << drain_errors();
  EVP_PKEY* client = nullptr;
  ASSERT_EQ(EVP_PKEY_keygen(gen.get(), &client), 1) << drain_errors();
  PkeyPtr client_owner(client);
  unsigned char* share = nullptr;
  ASSERT_EQ(EVP_PKEY_get1_encoded_public_key(client, &share), 32u);
  const Bytes client_share(share, share + 32);
  OPENSSL_free(share);
  // Server: an empty key from paramgen takes the client's share.
  PkeyCtxPtr pgen(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "X25519", kArmaccel));
  ASSERT_EQ(EVP_PKEY_paramgen_init(pgen.get()), 1);
  EVP_PKEY* peer = nullptr;
  ASSERT_EQ(EVP_PKEY_paramgen(pgen.get(), &peer), 1) << drain_errors();
  PkeyPtr peer_owner(peer);
  ASSERT_EQ(EVP_PKEY_set1_encoded_public_key(peer, client_share.data(), client_share.size()), 1)
      << drain_errors();
  PkeyPtr server = generate_x25519(armaccel_libctx(), kArmaccel);
  ASSERT_NE(server, nullptr);
  const Bytes server_secret = derive(armaccel_libctx(), server.get(), peer, kArmaccel);
  PkeyPtr server_pub = raw_public(armaccel_libctx(), raw_public_of(server.get()), kArmaccel);
  const Bytes client_secret = derive(armaccel_libctx(), client, server_pub.get(), kArmaccel);
  ASSERT_EQ(server_secret.size(), 32u) << drain_errors();
  EXPECT_EQ(server_secret, client_secret);
  // Another group name, and a share of the wrong length, are refused.
  PkeyCtxPtr other(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "X25519", kArmaccel));
  ASSERT_EQ(EVP_PKEY_keygen_init(other.get()), 1);
  EXPECT_NE(EVP_PKEY_CTX_set_group_name(other.get(), "x448"), 1);
  drain_errors();
  // The share of the wrong length fails without a reason, as with the
  // default provider.
  EXPECT_NE(EVP_PKEY_set1_encoded_public_key(peer, client_share.data(), 31), 1);
  EXPECT_EQ(drain_errors(), "");
}

// What OpenSSL's encoder man page does: no structure named.  The plain
// PrivateKeyInfo comes out (OpenSSL tries the structures in the provider's
// order), and the parameters' text is the public key alone.
TEST(X25519Evp, EncoderWithoutAStructureAndParameterTextAsTheDefaultProvider) {
  PkeyPtr ours = raw_private(armaccel_libctx(), kAlicePriv, kArmaccel);
  PkeyPtr theirs = raw_private(oracle_libctx(), kAlicePriv, "provider=default");
  for (const char* output : {"PEM", "DER"}) {
    SCOPED_TRACE(output);
    std::string errors;
    const Bytes got = encode(ours.get(), output, nullptr, EVP_PKEY_KEYPAIR, &errors);
    EXPECT_FALSE(got.empty()) << errors;
    EXPECT_EQ(got,
              encode(theirs.get(), output, nullptr, EVP_PKEY_KEYPAIR, nullptr, "provider=default"));
  }
  auto params_text = [](EVP_PKEY* key) {
    BIO* bio = BIO_new(BIO_s_mem());
    EXPECT_EQ(EVP_PKEY_print_params(bio, key, 0, nullptr), 1);
    char* data = nullptr;
    const long len = BIO_get_mem_data(bio, &data);
    std::string text(data, static_cast<std::size_t>(len));
    BIO_free(bio);
    return text;
  };
  EXPECT_EQ(params_text(ours.get()), params_text(theirs.get()));
  EXPECT_EQ(print_key(ours.get(), false), print_key(theirs.get(), false));
  // An import of parameters alone (X25519 has none) is refused, as by the
  // default provider.
  PkeyCtxPtr fromdata(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "X25519", kArmaccel));
  ASSERT_EQ(EVP_PKEY_fromdata_init(fromdata.get()), 1);
  OSSL_PARAM pub[] = {
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY,
                                        const_cast<std::uint8_t*>(kAlicePub.data()), 32),
      OSSL_PARAM_construct_end(),
  };
  EVP_PKEY* none = nullptr;
  EXPECT_NE(EVP_PKEY_fromdata(fromdata.get(), &none, EVP_PKEY_KEY_PARAMETERS, pub), 1);
  EVP_PKEY_free(none);
  drain_errors();
}

// DER armaccel's decoders refuse but the default provider's read (a BIT
// STRING with unused bits) still decodes with both loaded, in either order:
// armaccel's decoder steps back instead of ending the decoding.
TEST(X25519Evp, LaxDerTheDefaultProviderReadsStillDecodes) {
  const Bytes der = from_hex("302a300506032b656e032101" + to_hex(kAlicePub));
  for (const bool default_first : {true, false}) {
    SCOPED_TRACE(default_first ? "default, then armaccel" : "armaccel, then default");
    LibCtxPtr ctx(OSSL_LIB_CTX_new());
    ASSERT_TRUE(OSSL_PROVIDER_set_default_search_path(ctx.get(), module_dir().c_str()));
    const char* order[2] = {"default", "armaccel"};
    if (!default_first) std::swap(order[0], order[1]);
    OSSL_PROVIDER* first = OSSL_PROVIDER_load(ctx.get(), order[0]);
    OSSL_PROVIDER* second = OSSL_PROVIDER_load(ctx.get(), order[1]);
    ASSERT_NE(first, nullptr);
    ASSERT_NE(second, nullptr);
    std::string errors;
    PkeyPtr key = decode(der, "DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY, &errors,
                         ctx.get(), nullptr);
    EXPECT_NE(key, nullptr) << errors;
    key.reset();
    OSSL_PROVIDER_unload(second);
    OSSL_PROVIDER_unload(first);
  }
}

// The x25519 entry of a provider's TLS-GROUP capability: every field.
struct GroupEntry {
  std::string internal, alg;
  unsigned id = 0, bits = 0, kem = 0;  // OpenSSL 3.0 lists no is-kem: not a KEM
  int min_tls = 0, max_tls = 0, min_dtls = 0, max_dtls = 0;
  bool found = false;
  bool operator==(const GroupEntry&) const = default;
};
int collect_x25519(const OSSL_PARAM params[], void* arg) {
  auto* out = static_cast<GroupEntry*>(arg);
  const char *name = nullptr, *internal = nullptr, *alg = nullptr;
  OSSL_PARAM_get_utf8_string_ptr(OSSL_PARAM_locate_const(params, "tls-group-name"), &name);
  if (name == nullptr || std::string(name) != "x25519") return 1;
  OSSL_PARAM_get_utf8_string_ptr(OSSL_PARAM_locate_const(params, "tls-group-name-internal"),
                                 &internal);
  OSSL_PARAM_get_utf8_string_ptr(OSSL_PARAM_locate_const(params, "tls-group-alg"), &alg);
  out->internal = internal != nullptr ? internal : "";
  out->alg = alg != nullptr ? alg : "";
  OSSL_PARAM_get_uint(OSSL_PARAM_locate_const(params, "tls-group-id"), &out->id);
  OSSL_PARAM_get_uint(OSSL_PARAM_locate_const(params, "tls-group-sec-bits"), &out->bits);
  OSSL_PARAM_get_uint(OSSL_PARAM_locate_const(params, "tls-group-is-kem"), &out->kem);
  OSSL_PARAM_get_int(OSSL_PARAM_locate_const(params, "tls-min-tls"), &out->min_tls);
  OSSL_PARAM_get_int(OSSL_PARAM_locate_const(params, "tls-max-tls"), &out->max_tls);
  OSSL_PARAM_get_int(OSSL_PARAM_locate_const(params, "tls-min-dtls"), &out->min_dtls);
  OSSL_PARAM_get_int(OSSL_PARAM_locate_const(params, "tls-max-dtls"), &out->max_dtls);
  out->found = true;
  return 1;
}

// libssl 3.0-3.4 keeps a group only when the key management it fetches
// comes from the provider listing the group: armaccel lists x25519 itself,
// with the default provider's figures.
TEST(X25519Evp, TlsGroupCapabilityListsX25519AsTheDefaultProviderDoes) {
  GroupEntry ours, theirs;
  ASSERT_EQ(OSSL_PROVIDER_get_capabilities(armaccel_provider(), "TLS-GROUP", collect_x25519, &ours),
            1);
  OSSL_PROVIDER* def = OSSL_PROVIDER_load(oracle_libctx(), "default");
  ASSERT_NE(def, nullptr);
  ASSERT_EQ(OSSL_PROVIDER_get_capabilities(def, "TLS-GROUP", collect_x25519, &theirs), 1);
  OSSL_PROVIDER_unload(def);
  ASSERT_TRUE(ours.found);
  ASSERT_TRUE(theirs.found);
  EXPECT_EQ(ours.id, 0x1Du);  // RFC 8446 4.2.7
  EXPECT_EQ(ours.kem, 0u);
  EXPECT_EQ(ours.alg, theirs.alg);
  EXPECT_EQ(ours.id, theirs.id);
  EXPECT_EQ(ours.bits, theirs.bits);
  EXPECT_EQ(ours.kem, theirs.kem);
  EXPECT_EQ(ours.min_tls, theirs.min_tls);
  EXPECT_EQ(ours.max_tls, theirs.max_tls);
  EXPECT_EQ(ours.min_dtls, theirs.min_dtls);
  EXPECT_EQ(ours.max_dtls, theirs.max_dtls);
}

}  // namespace
}  // namespace armaccel::test
