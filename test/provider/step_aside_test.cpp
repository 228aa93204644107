// SPDX-License-Identifier: Apache-2.0
// Stepping aside (provider/step_aside.h): loaded without ARMACCEL_FORCE_LANES,
// armaccel registers a family only where its lane for this CPU beats the
// host OpenSSL's code, or where the host's default provider lacks the
// family; the rest falls through to the default provider.  The lanes of the
// CPU configuration come from CTest (ARMACCEL_EXPECT_LANES), the facts
// asserted from issue 15's measurements: only the portable lanes (no NEON)
// leave AES, GCM, SHA-2, SHA-3, SM3, SM4 and ChaCha20 to the default
// provider; OpenSSL 3.0 lacks SM4-GCM, KECCAK-256 and ML-KEM, so they stay;
// sm4-ce counts fewer than OpenSSL 3.5's SM4 on the same instructions (issue
// 16), so it stays in every release.
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstdlib>
#include <string>

#include "ossl_helpers.h"
#include "scoped_env.h"

namespace armaccel::test {
namespace {

constexpr char kConfig[] =
    "[provider_sect]\ndefault = default_sect\narmaccel = armaccel_sect\n"
    "[default_sect]\nactivate = 1\n"
    "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n";

// The lane CTest expects for `primitive` in this configuration.
// The lane a core of no class gets (the tests below set ARMACCEL_CORE=other):
// the expected lane, a core variant's own lane (variant_lane).
std::string lane(const char* primitive) {
  const auto lanes = expected_lanes();
  const auto it = lanes.find(primitive);
  return variant_lane(it != lanes.end() ? it->second : std::string(primitive) + "-portable");
}

bool has_cipher(OSSL_LIB_CTX* ctx, const char* name) {
  EVP_CIPHER* c = EVP_CIPHER_fetch(ctx, name, "provider=armaccel");
  EVP_CIPHER_free(c);
  drain_errors();
  return c != nullptr;
}
bool has_md(OSSL_LIB_CTX* ctx, const char* name) {
  EVP_MD* m = EVP_MD_fetch(ctx, name, "provider=armaccel");
  EVP_MD_free(m);
  drain_errors();
  return m != nullptr;
}
bool has_mac(OSSL_LIB_CTX* ctx, const char* name) {
  EVP_MAC* m = EVP_MAC_fetch(ctx, name, "provider=armaccel");
  EVP_MAC_free(m);
  drain_errors();
  return m != nullptr;
}
bool has_kem(OSSL_LIB_CTX* ctx, const char* name) {
  EVP_KEM* k = EVP_KEM_fetch(ctx, name, "provider=armaccel");
  EVP_KEM_free(k);
  drain_errors();
  return k != nullptr;
}

std::string armaccel_param(OSSL_LIB_CTX* ctx, const char* name) {
  OSSL_PROVIDER* prov = OSSL_PROVIDER_load(ctx, "armaccel");  // the active one, up-ref'd
  std::string v = prov != nullptr ? provider_param(prov, name) : "";
  OSSL_PROVIDER_unload(prov);
  return v;
}

// The instruction-count rule, on a core of no class (the core classes'
// cycle rule: CoreClassLoad.ChoosesTheLanesOfThisCore).
TEST(StepAside, UnforcedRegistersFasterLanesAndWhatTheDefaultLacks) {
  ScopedEnv unforced("ARMACCEL_FORCE_LANES", nullptr);
  ScopedEnv no_class("ARMACCEL_CORE", "other");
  OSSL_LIB_CTX* ctx = new_configured_libctx(kConfig);
  ASSERT_NE(ctx, nullptr);
  ASSERT_EQ(OSSL_PROVIDER_available(ctx, "armaccel"), 1) << drain_errors();

  const bool aes = lane("aes") == "aes-ce" || lane("aes") == "aes-neon";
  const bool ghash = lane("ghash") == "ghash-pmull" || lane("ghash") == "ghash-neon";
  EXPECT_EQ(has_cipher(ctx, "AES-128-CBC"), aes);
  EXPECT_EQ(has_cipher(ctx, "AES-256-CTR"), aes);
  EXPECT_EQ(has_cipher(ctx, "AES-128-XTS"), aes);
  EXPECT_EQ(has_mac(ctx, "CMAC"), aes);
  EXPECT_EQ(has_cipher(ctx, "AES-128-GCM"), aes && ghash);
  EXPECT_EQ(has_mac(ctx, "GMAC"), aes && ghash);
  const bool sha256 = lane("sha256") == "sha256-ce-ooo" || lane("sha256") == "sha256-ce" ||
                      lane("sha256") == "sha256-neon";
  EXPECT_EQ(has_md(ctx, "SHA256"), sha256);
  EXPECT_EQ(has_mac(ctx, "HMAC"), sha256);
  EXPECT_EQ(has_md(ctx, "SHA512"),
            lane("sha512") == "sha512-ce" || lane("sha512") == "sha512-neon");
  EXPECT_EQ(has_md(ctx, "SHA3-256"),
            lane("keccak") == "keccak-sha3" || lane("keccak") == "keccak-neon");
  EXPECT_EQ(has_md(ctx, "SM3"), lane("sm3") == "sm3-ce" || lane("sm3") == "sm3-scalar");
  EXPECT_EQ(has_cipher(ctx, "SM4-CBC"), lane("sm4") == "sm4-ce" || lane("sm4") == "sm4-neon");
  EXPECT_EQ(has_cipher(ctx, "ChaCha20"), lane("chacha20") == "chacha20-neon");
  // What the host's default provider lacks stays, on any lane.
  EXPECT_TRUE(runtime_at_least(3, 1) || has_cipher(ctx, "SM4-GCM"));
  EXPECT_TRUE(runtime_at_least(3, 2) || has_md(ctx, "KECCAK-256"));
  EXPECT_EQ(has_kem(ctx, "ML-KEM-768"), !runtime_at_least(3, 5) || lane("mlkem") == "mlkem-neon");

  // The reports say so, with the reason.
  const std::string lane_aes = armaccel_param(ctx, "lane-aes");
  EXPECT_EQ(lane_aes.find("deferred to the default provider") != std::string::npos, !aes)
      << lane_aes;
  const std::string families = armaccel_param(ctx, "algorithm-families");
  EXPECT_EQ(
      families.find("aes-cbc: deferred to the default provider (no NEON: aes-portable counts") !=
          std::string::npos,
      !aes)
      << families;
  EXPECT_EQ(armaccel_param(ctx, "force-lanes"), "none");
  if (lane("sm4") == "sm4-ce") {
    EXPECT_EQ(armaccel_param(ctx, "lane-sm4"), "sm4-ce");
    EXPECT_NE(families.find("sm4: sm4-ce"), std::string::npos) << families;
  }

  // ?provider=armaccel falls through to the default provider.
  EVP_CIPHER* cbc = EVP_CIPHER_fetch(ctx, "AES-128-CBC", "?provider=armaccel");
  ASSERT_NE(cbc, nullptr);
  EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(cbc)),
               aes ? "armaccel" : "default");
  EVP_CIPHER_free(cbc);
  OSSL_LIB_CTX_free(ctx);
}

// HMAC stays with SHA-256; a digest it would run on a deferred lane
// (SHA-512 without the SHA-512 instructions) comes from the default
// provider and still gives RFC 4231's answer (test case 2).
TEST(StepAside, HmacWithADeferredDigestIsStillRight) {
  ScopedEnv unforced("ARMACCEL_FORCE_LANES", nullptr);
  OSSL_LIB_CTX* ctx = new_configured_libctx(kConfig);
  ASSERT_NE(ctx, nullptr);
  if (!has_mac(ctx, "HMAC")) {
    OSSL_LIB_CTX_free(ctx);
    GTEST_SKIP() << "HMAC is deferred on this CPU";
  }
  EVP_MAC* mac = EVP_MAC_fetch(ctx, "HMAC", "provider=armaccel");
  ASSERT_NE(mac, nullptr);
  EVP_MAC_CTX* m = EVP_MAC_CTX_new(mac);
  char digest[] = "SHA512";
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string("digest", digest, 0),
                               OSSL_PARAM_construct_end()};
  const std::string key = "Jefe", data = "what do ya want for nothing?";
  unsigned char out[64];
  std::size_t len = 0;
  ASSERT_EQ(EVP_MAC_init(m, reinterpret_cast<const unsigned char*>(key.data()), key.size(), params),
            1);
  ASSERT_EQ(EVP_MAC_update(m, reinterpret_cast<const unsigned char*>(data.data()), data.size()), 1);
  ASSERT_EQ(EVP_MAC_final(m, out, &len, sizeof out), 1);
  EXPECT_EQ(to_hex(out, len),
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
            "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737");
  EVP_MAC_CTX_free(m);
  EVP_MAC_free(mac);
  OSSL_LIB_CTX_free(ctx);
}

TEST(StepAside, ForceLanesInTheConfigRegistersEveryFamily) {
  ScopedEnv unforced("ARMACCEL_FORCE_LANES", nullptr);
  OSSL_LIB_CTX* ctx = new_configured_libctx(std::string(kConfig) + "force_lanes = yes\n");
  ASSERT_NE(ctx, nullptr);
  for (const char* c : {"AES-128-CBC", "AES-128-GCM", "ChaCha20", "SM4-CBC", "SM4-XTS"})
    EXPECT_TRUE(has_cipher(ctx, c)) << c;
  for (const char* d : {"SHA256", "SHA512", "SHA3-256", "SM3", "KECCAK-256"})
    EXPECT_TRUE(has_md(ctx, d)) << d;
  for (const char* m : {"HMAC", "CMAC", "GMAC", "POLY1305"}) EXPECT_TRUE(has_mac(ctx, m)) << m;
  EXPECT_TRUE(has_kem(ctx, "ML-KEM-768"));
  EXPECT_EQ(armaccel_param(ctx, "force-lanes"), "config");
  EXPECT_EQ(armaccel_param(ctx, "lane-aes"), lane("aes"));
  OSSL_LIB_CTX_free(ctx);
}

// A force setting that is neither yes nor no refuses the instance, as an
// unknown `disable` name does.
TEST(StepAside, InvalidForceSettingRefusesActivation) {
  ScopedEnv unforced("ARMACCEL_FORCE_LANES", nullptr);
  OSSL_LIB_CTX* ctx = new_configured_libctx(std::string(kConfig) + "force_lanes = maybe\n", false);
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(OSSL_PROVIDER_available(ctx, "armaccel"), 0);
  drain_errors();
  OSSL_LIB_CTX_free(ctx);

  ScopedEnv bad("ARMACCEL_FORCE_LANES", "perhaps");
  OSSL_LIB_CTX* plain = OSSL_LIB_CTX_new();
  ASSERT_EQ(OSSL_PROVIDER_set_default_search_path(plain, module_dir().c_str()), 1);
  OSSL_PROVIDER* refused = OSSL_PROVIDER_load(plain, "armaccel");
  const std::string errors = drain_errors();
  EXPECT_EQ(refused, nullptr);
  EXPECT_NE(errors.find("ARMACCEL_FORCE_LANES must be yes or no (1/0, on/off, true/false), not "
                        "'perhaps'"),
            std::string::npos)
      << errors;
  OSSL_PROVIDER_unload(refused);
  OSSL_LIB_CTX_free(plain);
}

}  // namespace
}  // namespace armaccel::test
