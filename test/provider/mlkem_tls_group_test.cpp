// SPDX-License-Identifier: Apache-2.0
// ML-KEM through EVP as libssl drives it (continued from mlkem_provider_test.cpp):
// X25519MLKEM768 and the pure ML-KEM groups' key exchange, and the TLS-GROUP
// capability with IANA code points.

#include "mlkem_evp_support.h"

namespace armaccel::test {
namespace {
using namespace mlkem_evp_support;

TEST(MlkemEvp, X25519Mlkem768AsLibsslDrivesIt) {
  PkeyCtxPtr gen(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "X25519MLKEM768", kPropq));
  ASSERT_NE(gen, nullptr);
  ASSERT_EQ(EVP_PKEY_keygen_init(gen.get()), 1);
  ASSERT_EQ(EVP_PKEY_CTX_set_group_name(gen.get(), "X25519MLKEM768"), 1);
  EVP_PKEY* client = nullptr;
  ASSERT_EQ(EVP_PKEY_keygen(gen.get(), &client), 1) << drain_errors();
  PkeyPtr client_owner(client);
  unsigned char* share = nullptr;
  const std::size_t share_len = EVP_PKEY_get1_encoded_public_key(client, &share);
  ASSERT_EQ(share_len, 1216u);
  const Bytes client_share(share, share + share_len);
  OPENSSL_free(share);

  PkeyCtxPtr pgen(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), "X25519MLKEM768", kPropq));
  ASSERT_EQ(EVP_PKEY_paramgen_init(pgen.get()), 1);
  EVP_PKEY* server = nullptr;
  ASSERT_EQ(EVP_PKEY_paramgen(pgen.get(), &server), 1);
  PkeyPtr server_owner(server);
  ASSERT_EQ(EVP_PKEY_set1_encoded_public_key(server, client_share.data(), client_share.size()), 1)
      << drain_errors();
  Encapsulation e;
  ASSERT_TRUE(encapsulate(server, &e)) << drain_errors();
  EXPECT_EQ(e.ct.size(), 1120u);
  EXPECT_EQ(e.secret.size(), 64u);
  Bytes back;
  ASSERT_TRUE(decapsulate(client, e.ct, &back)) << drain_errors();
  EXPECT_EQ(back, e.secret);

  // The ML-KEM half is ML-KEM-768 on the client's ek: the server's first
  // 1088 bytes decapsulate, under the client's ML-KEM key, to the first 32
  // bytes of the secret -- checked by swapping the X25519 half: only the
  // second half of the secret may change, and it must fail for a
  // low-order point.
  Bytes other_x = e.ct;
  Bytes zero_point(32, 0);
  std::copy(zero_point.begin(), zero_point.end(), other_x.begin() + 1088);
  EXPECT_FALSE(decapsulate(client, other_x, &back));
  drain_errors();

  // As OpenSSL 3.5 reports the hybrid: the ML-KEM part's figures.
  EXPECT_EQ(EVP_PKEY_get_bits(client), 768);
  EXPECT_EQ(EVP_PKEY_get_security_bits(client), 192);
  EXPECT_EQ(EVP_PKEY_get_size(client), 1120);
  int category = 0;
  EXPECT_EQ(EVP_PKEY_get_int_param(client, "security-category", &category), 1);
  EXPECT_EQ(category, 3);  // ML-KEM-768's (FIPS 203 §8)
  // Copies work and decapsulate alike; checks pass on the full key and
  // fail on an empty one; a key in use takes no new share.
  PkeyPtr copy(EVP_PKEY_dup(client));
  ASSERT_NE(copy, nullptr) << drain_errors();
  Bytes again;
  ASSERT_TRUE(decapsulate(copy.get(), e.ct, &again));
  EXPECT_EQ(again, e.secret);
  PkeyCtxPtr check(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), client, kPropq));
  EXPECT_EQ(EVP_PKEY_check(check.get()), 1);
  EVP_PKEY* blank = nullptr;
  ASSERT_EQ(EVP_PKEY_paramgen(pgen.get(), &blank), 1);
  PkeyPtr blank_owner(blank);
  PkeyCtxPtr blank_check(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), blank, kPropq));
  EXPECT_NE(EVP_PKEY_public_check(blank_check.get()), 1);
  EXPECT_FALSE(EVP_PKEY_set1_encoded_public_key(client, client_share.data(), client_share.size()));
  EXPECT_NE(drain_errors().find("operation not supported for this keytype"), std::string::npos);

  // Malformed client shares: wrong length, ML-KEM coefficient >= q.
  PkeyPtr empty(EVP_PKEY_new());
  EVP_PKEY* server2 = nullptr;
  ASSERT_EQ(EVP_PKEY_paramgen(pgen.get(), &server2), 1);
  PkeyPtr server2_owner(server2);
  EXPECT_FALSE(EVP_PKEY_set1_encoded_public_key(server2, client_share.data(), 1215));
  EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
  Bytes bad = client_share;
  bad[0] = 0xff;
  bad[1] |= 0x0f;  // first 12-bit coefficient 4095
  EXPECT_FALSE(EVP_PKEY_set1_encoded_public_key(server2, bad.data(), bad.size()));
  EXPECT_NE(drain_errors().find("invalid key"), std::string::npos);
  // A low-order X25519 share: the server's encapsulation fails.
  Bytes low = client_share;
  std::fill(low.begin() + 1184, low.end(), 0);
  EVP_PKEY* server3 = nullptr;
  ASSERT_EQ(EVP_PKEY_paramgen(pgen.get(), &server3), 1);
  PkeyPtr server3_owner(server3);
  ASSERT_EQ(EVP_PKEY_set1_encoded_public_key(server3, low.data(), low.size()), 1);
  Encapsulation none;
  EXPECT_FALSE(encapsulate(server3, &none));
  EXPECT_NE(drain_errors().find("failed during derivation"), std::string::npos);
}

TEST(MlkemEvp, PureMlkemGroupAsLibsslDrivesIt) {
  for (const auto& [group, alg] :
       {std::pair{"MLKEM512", "ML-KEM-512"}, std::pair{"MLKEM768", "ML-KEM-768"},
        std::pair{"MLKEM1024", "ML-KEM-1024"}}) {
    PkeyCtxPtr gen(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg, kPropq));
    ASSERT_EQ(EVP_PKEY_keygen_init(gen.get()), 1);
    ASSERT_EQ(EVP_PKEY_CTX_set_group_name(gen.get(), group), 1) << drain_errors();
    EVP_PKEY* client = nullptr;
    ASSERT_EQ(EVP_PKEY_keygen(gen.get(), &client), 1);
    PkeyPtr client_owner(client);
    unsigned char* share = nullptr;
    const std::size_t len = EVP_PKEY_get1_encoded_public_key(client, &share);
    PkeyCtxPtr pgen(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg, kPropq));
    ASSERT_EQ(EVP_PKEY_paramgen_init(pgen.get()), 1);
    EVP_PKEY* server = nullptr;
    ASSERT_EQ(EVP_PKEY_paramgen(pgen.get(), &server), 1);
    PkeyPtr server_owner(server);
    ASSERT_EQ(EVP_PKEY_set1_encoded_public_key(server, share, len), 1);
    OPENSSL_free(share);
    Encapsulation e;
    ASSERT_TRUE(encapsulate(server, &e));
    Bytes back;
    ASSERT_TRUE(decapsulate(client, e.ct, &back));
    EXPECT_EQ(back, e.secret) << group;
    // Another parameter set's group name is refused at generation.
    PkeyCtxPtr wrong(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg, kPropq));
    ASSERT_EQ(EVP_PKEY_keygen_init(wrong.get()), 1);
    EXPECT_LE(EVP_PKEY_CTX_set_group_name(wrong.get(), "X25519"), 0);
    drain_errors();
  }
}

int collect_group(const OSSL_PARAM params[], void* arg) {
  auto* out = static_cast<std::map<std::string, std::pair<unsigned, std::string>>*>(arg);
  const char* name = nullptr;
  const char* alg = nullptr;
  unsigned id = 0, kem = 0;
  OSSL_PARAM_get_utf8_string_ptr(OSSL_PARAM_locate_const(params, "tls-group-name"), &name);
  OSSL_PARAM_get_utf8_string_ptr(OSSL_PARAM_locate_const(params, "tls-group-alg"), &alg);
  OSSL_PARAM_get_uint(OSSL_PARAM_locate_const(params, "tls-group-id"), &id);
  OSSL_PARAM_get_uint(OSSL_PARAM_locate_const(params, "tls-group-is-kem"), &kem);
  if (name != nullptr && alg != nullptr && kem == 1) (*out)[name] = {id, alg};
  return 1;
}

TEST(MlkemEvp, TlsGroupCapabilityListsTheGroupsWithIanaCodepoints) {
  std::map<std::string, std::pair<unsigned, std::string>> groups;
  ASSERT_EQ(
      OSSL_PROVIDER_get_capabilities(armaccel_provider(), "TLS-GROUP", collect_group, &groups), 1);
  ASSERT_EQ(groups.size(), 4u);
  EXPECT_EQ(groups.at("MLKEM512"), std::make_pair(0x0200u, std::string("ML-KEM-512")));
  EXPECT_EQ(groups.at("MLKEM768"), std::make_pair(0x0201u, std::string("ML-KEM-768")));
  EXPECT_EQ(groups.at("MLKEM1024"), std::make_pair(0x0202u, std::string("ML-KEM-1024")));
  EXPECT_EQ(groups.at("X25519MLKEM768"), std::make_pair(0x11ECu, std::string("X25519MLKEM768")));
  // Each group's algorithm has key management and a KEM on armaccel.
  for (const auto& [name, g] : groups) {
    EVP_KEYMGMT* km = EVP_KEYMGMT_fetch(armaccel_libctx(), g.second.c_str(), kPropq);
    EVP_KEM* kem = EVP_KEM_fetch(armaccel_libctx(), g.second.c_str(), kPropq);
    EXPECT_NE(km, nullptr) << name;
    EXPECT_NE(kem, nullptr) << name;
    EVP_KEYMGMT_free(km);
    EVP_KEM_free(kem);
  }
}

}  // namespace
}  // namespace armaccel::test
