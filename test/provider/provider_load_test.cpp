// SPDX-License-Identifier: Apache-2.0
// Loading armaccel into OpenSSL: provider parameters, the lanes reported for
// this CPU (asserted against ARMACCEL_EXPECT_LANES from CTest), per-context
// overrides from openssl.cnf, names/aliases/OIDs, reason strings, and clean
// load/unload cycles.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/proverr.h>

#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

#include "ossl_helpers.h"

namespace armaccel::test {
namespace {

TEST(ProviderLoad, StandardParameters) {
  OSSL_PROVIDER* prov = armaccel_provider();
  ASSERT_NE(prov, nullptr);
  EXPECT_STREQ(OSSL_PROVIDER_get0_name(prov), "armaccel");
  EXPECT_EQ(provider_param(prov, OSSL_PROV_PARAM_NAME), "armaccel ARM crypto provider");
  EXPECT_EQ(provider_param(prov, OSSL_PROV_PARAM_VERSION), ARMACCEL_VERSION);
  EXPECT_NE(provider_param(prov, OSSL_PROV_PARAM_BUILDINFO).find("armaccel " ARMACCEL_VERSION),
            std::string::npos);
  int status = 0;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_int(OSSL_PROV_PARAM_STATUS, &status),
                         OSSL_PARAM_construct_end()};
  ASSERT_EQ(OSSL_PROVIDER_get_params(prov, params), 1);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(OSSL_PROVIDER_self_test(prov), 1);
}

// The suites run in several OpenSSL releases (the runtimes' launchers pick
// the libcrypto); CTest says which one this run must be on, so a launcher
// that silently fell back to the build's own libcrypto fails here.
TEST(ProviderLoad, RunsOnTheExpectedOpensslRelease) {
  const char* expect = std::getenv("ARMACCEL_EXPECT_RUNTIME");
  if (expect == nullptr || *expect == '\0') GTEST_SKIP() << "ARMACCEL_EXPECT_RUNTIME not set";
  EXPECT_STREQ(OpenSSL_version(OPENSSL_VERSION_STRING), expect);
}

std::string lane_of(OSSL_PROVIDER* prov, const char* name) {
  return lane_name(provider_param(prov, name));
}

// Every lane-* parameter the provider offers (one per primitive of
// kernels/cpu/primitives.h, and lane-gcm) has an expectation for this CPU,
// and reports it.
TEST(ProviderLoad, ReportsTheExpectedLanesForThisCpu) {
  const auto expect = expected_lanes();
  if (expect.empty()) GTEST_SKIP() << "ARMACCEL_EXPECT_LANES not set";
  OSSL_PROVIDER* prov = armaccel_provider();
  int lanes = 0;
  for (const OSSL_PARAM* p = OSSL_PROVIDER_gettable_params(prov); p->key != nullptr; ++p) {
    const std::string key = p->key;
    if (!key.starts_with("lane-")) continue;
    ++lanes;
    const auto it = expect.find(key.substr(5));
    if (it == expect.end()) {
      ADD_FAILURE() << key << " has no expectation in ARMACCEL_EXPECT_LANES";
      continue;
    }
    EXPECT_EQ(lane_of(prov, key.c_str()), it->second) << key;
  }
  EXPECT_EQ(lanes, static_cast<int>(expect.size())) << "an expectation without a lane-* parameter";
  const std::string built = provider_param(prov, "lanes-built");
  for (const auto& [primitive, lane] : expect) {
    if (lane == "none") continue;
    EXPECT_NE(built.find(lane), std::string::npos) << lane;
  }
}

TEST(ProviderLoad, CapabilityReportIsConsistent) {
  OSSL_PROVIDER* prov = armaccel_provider();
  const std::string probed = provider_param(prov, "cpu-features");
  const std::string effective = provider_param(prov, "effective-features");
  ASSERT_FALSE(probed.empty());
  ASSERT_FALSE(effective.empty());
  // Every effective feature was probed: the override only narrows.
  if (effective != "none") {
    std::string word;
    for (std::size_t i = 0; i <= effective.size(); ++i) {
      if (i == effective.size() || effective[i] == ' ') {
        EXPECT_NE((" " + probed + " ").find(" " + word + " "), std::string::npos) << word;
        word.clear();
      } else {
        word += effective[i];
      }
    }
  }
  const char* env = std::getenv("ARMACCEL_DISABLE");
  const bool env_given = env != nullptr && env[0] != '\0';
  EXPECT_EQ(provider_param(prov, "override-source"), env_given ? "environment" : "none");
}

// A typo in a security setting refuses the instance, with the name given:
// an unknown feature in the config's `disable` or in ARMACCEL_DISABLE, and
// an ML-KEM yes/no setting with another value (OpenSSL 3.5 would fall back
// to its default silently).  OpenSSL's config loader drops the reason, so
// the config cases check that no armaccel is active; ARMACCEL_DISABLE shows
// the reason on the error queue.
TEST(ProviderLoad, UnknownSettingsRefuseActivation) {
  for (const char* setting : {"disable = aes, bogus, @@@", "disable = sha512x",
                              "ml-kem.retain_seed = maybe", "ml-kem.prefer_seed = 2"}) {
    SCOPED_TRACE(setting);
    OSSL_LIB_CTX* ctx = new_configured_libctx(
        std::string("[provider_sect]\narmaccel = armaccel_sect\n[armaccel_sect]\nmodule = "
                    "@MODULE@\nactivate = 1\n") +
            setting + "\n",
        false);
    ASSERT_NE(ctx, nullptr);
    EXPECT_EQ(OSSL_PROVIDER_available(ctx, "armaccel"), 0);
    drain_errors();
    OSSL_LIB_CTX_free(ctx);
  }
  const char* saved = std::getenv("ARMACCEL_DISABLE");
  const std::string keep = saved != nullptr ? saved : "";
  ASSERT_EQ(setenv("ARMACCEL_DISABLE", "aes,bogus,@@@", 1), 0);
  OSSL_LIB_CTX* ctx = OSSL_LIB_CTX_new();
  ASSERT_EQ(OSSL_PROVIDER_set_default_search_path(ctx, module_dir().c_str()), 1);
  OSSL_PROVIDER* refused = OSSL_PROVIDER_load(ctx, "armaccel");
  const std::string errors = drain_errors();
  if (saved != nullptr) {
    setenv("ARMACCEL_DISABLE", keep.c_str(), 1);
  } else {
    unsetenv("ARMACCEL_DISABLE");
  }
  EXPECT_EQ(refused, nullptr);
  EXPECT_NE(errors.find("unknown CPU feature name 'bogus' (and others) in ARMACCEL_DISABLE"),
            std::string::npos)
      << errors;
  OSSL_PROVIDER_unload(refused);
  OSSL_LIB_CTX_free(ctx);
  // The known names with the accepted separators and spellings still load.
  OSSL_LIB_CTX* fine = new_configured_libctx(
      "[provider_sect]\narmaccel = armaccel_sect\n[armaccel_sect]\nmodule = @MODULE@\n"
      "activate = 1\ndisable = ~AES; neon:sha512 none\nml-kem.retain_seed = Off\n");
  ASSERT_NE(fine, nullptr);
  EXPECT_EQ(OSSL_PROVIDER_available(fine, "armaccel"), 1) << drain_errors();
  OSSL_LIB_CTX_free(fine);
}

// Two library contexts in one process, each with its own openssl.cnf: one
// turns every feature off, the other adds nothing to the environment's
// override.  Lane choice is per provider instance, and both compute the same.
TEST(ProviderLoad, PerContextOverrideFromConfig) {
  OSSL_LIB_CTX* portable = new_configured_libctx(
      "[provider_sect]\narmaccel = armaccel_sect\n"
      "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\ndisable = all\n");
  OSSL_LIB_CTX* plain = new_configured_libctx(
      "[provider_sect]\narmaccel = armaccel_sect\n"
      "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n");
  ASSERT_NE(portable, nullptr);
  ASSERT_NE(plain, nullptr);
  OSSL_PROVIDER* p1 = OSSL_PROVIDER_load(portable, "armaccel");
  OSSL_PROVIDER* p2 = OSSL_PROVIDER_load(plain, "armaccel");
  ASSERT_NE(p1, nullptr) << drain_errors();
  ASSERT_NE(p2, nullptr) << drain_errors();

  EXPECT_EQ(provider_param(p1, "lane-aes"), "aes-portable");
  EXPECT_EQ(provider_param(p1, "lane-sha256"), "sha256-portable");
  EXPECT_EQ(provider_param(p1, "lane-sha512"), "sha512-portable");
  EXPECT_EQ(provider_param(p1, "effective-features"), "none");
  EXPECT_NE(provider_param(p1, "override-source").find("config"), std::string::npos);
  const auto expect = expected_lanes();
  if (!expect.empty()) {
    EXPECT_EQ(provider_param(p2, "lane-aes"), expect.at("aes"));
    EXPECT_EQ(provider_param(p2, "lane-sha512"), expect.at("sha512"));
  }

  // Same results from both lanes.
  const unsigned char key[32] = {1, 2, 3, 4, 5};
  const unsigned char iv[16] = {9, 8, 7};
  unsigned char msg[1000];
  for (std::size_t i = 0; i < sizeof msg; ++i) msg[i] = static_cast<unsigned char>(i * 31);
  std::string outputs[2];
  OSSL_LIB_CTX* ctxs[2] = {portable, plain};
  for (int i = 0; i < 2; ++i) {
    CipherPtr c = fetch_cipher(ctxs[i], "AES-256-CBC", "provider=armaccel");
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    unsigned char out[1100];
    int l1 = 0, l2 = 0;
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), key, iv, nullptr), 1);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out, &l1, msg, sizeof msg), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), out + l1, &l2), 1);
    MdPtr md = fetch_md(ctxs[i], "SHA512", "provider=armaccel");
    unsigned char dgst[64];
    unsigned int dl = 0;
    ASSERT_EQ(EVP_Digest(msg, sizeof msg, dgst, &dl, md.get(), nullptr), 1);
    outputs[i] = std::string(reinterpret_cast<char*>(out), l1 + l2) +
                 std::string(reinterpret_cast<char*>(dgst), dl);
  }
  EXPECT_EQ(outputs[0], outputs[1]);
  OSSL_PROVIDER_unload(p1);
  OSSL_PROVIDER_unload(p2);
  OSSL_LIB_CTX_free(portable);
  OSSL_LIB_CTX_free(plain);
}

TEST(ProviderLoad, NamesAliasesAndOidsResolveToArmaccel) {
  const char* ciphers[] = {"AES-128-ECB",
                           "AES-192-ECB",
                           "AES-256-ECB",
                           "AES-128-CBC",
                           "AES-192-CBC",
                           "AES-256-CBC",
                           "AES-128-CTR",
                           "AES-192-CTR",
                           "AES-256-CTR",
                           "AES128",
                           "AES192",
                           "AES256",
                           "aes-128-cbc",
                           "2.16.840.1.101.3.4.1.2",
                           "2.16.840.1.101.3.4.1.41"};
  for (const char* name : ciphers) {
    CipherPtr c = armaccel_cipher(name);
    ASSERT_NE(c, nullptr) << name;
    EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c.get())), "armaccel") << name;
  }
  const char* digests[] = {"SHA2-224",
                           "SHA-224",
                           "SHA224",
                           "SHA2-256",
                           "SHA-256",
                           "SHA256",
                           "SHA2-384",
                           "SHA384",
                           "SHA2-512",
                           "SHA-512",
                           "SHA512",
                           "SHA2-512/224",
                           "SHA-512/224",
                           "SHA512-224",
                           "SHA2-512/256",
                           "SHA512-256",
                           "2.16.840.1.101.3.4.2.1",
                           "2.16.840.1.101.3.4.2.3"};
  for (const char* name : digests) {
    MdPtr m = armaccel_md(name);
    ASSERT_NE(m, nullptr) << name;
    EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(m.get())), "armaccel") << name;
  }
  // Nothing outside armaccel's list.
  EXPECT_EQ(EVP_CIPHER_fetch(armaccel_libctx(), "AES-128-OCB", "provider=armaccel"), nullptr);
  drain_errors();
}

// Errors the default provider also has come as its own (OpenSSL's provider
// library, ERR_LIB_PROV); armaccel's own reasons come with their strings
// under the library name "armaccel".
TEST(ProviderLoad, ReasonStringsReachTheErrorQueue) {
  CipherPtr c = armaccel_cipher("AES-128-CBC");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), nullptr, nullptr, nullptr), 1);
  unsigned char out[64];
  int outl = 0;
  drain_errors();
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out, &outl, out, 16), 0);
  unsigned long e = ERR_peek_error();
  ASSERT_NE(e, 0u);
  EXPECT_EQ(ERR_GET_LIB(e), ERR_LIB_PROV);
  EXPECT_EQ(ERR_GET_REASON(e), PROV_R_NO_KEY_SET);
  EXPECT_STREQ(ERR_reason_error_string(e), "no key set");
  EXPECT_STREQ(ERR_lib_error_string(e), "Provider routines");
  drain_errors();
  const unsigned char key[16] = {};
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, key, key, nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out + 8, &outl, out, 32), 0);  // partly overlapping
  e = ERR_peek_error();
  ASSERT_NE(e, 0u);
  EXPECT_GE(ERR_GET_LIB(e), ERR_LIB_USER);
  EXPECT_STREQ(ERR_reason_error_string(e), "partially overlapping buffers");
  EXPECT_STREQ(ERR_lib_error_string(e), "armaccel");
  drain_errors();
}

TEST(ProviderLoad, LoadUnloadCyclesAreClean) {
  for (int i = 0; i < 25; ++i) {
    OSSL_LIB_CTX* ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(ctx, module_dir().c_str());
    OSSL_PROVIDER* prov = OSSL_PROVIDER_load(ctx, "armaccel");
    ASSERT_NE(prov, nullptr) << drain_errors();
    EVP_MD* md = EVP_MD_fetch(ctx, "SHA256", nullptr);
    ASSERT_NE(md, nullptr);
    unsigned char d[32];
    unsigned int dl;
    ASSERT_EQ(EVP_Digest("abc", 3, d, &dl, md, nullptr), 1);
    EVP_MD_free(md);
    ASSERT_EQ(OSSL_PROVIDER_unload(prov), 1);
    OSSL_LIB_CTX_free(ctx);
  }
}

}  // namespace
}  // namespace armaccel::test
