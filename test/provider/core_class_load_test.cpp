// SPDX-License-Identifier: Apache-2.0
// The core class at load (provider/capabilities.h): the core parameter, the
// ARMACCEL_CORE / `core` override, and -- where CTest runs this suite under
// a core identity QEMU models (ARMACCEL_EXPECT_CORE, with the lanes that
// core must get in ARMACCEL_EXPECT_CORE_LANES and the families it leaves to
// the default provider in ARMACCEL_EXPECT_CORE_DEFERRED) -- the lanes chosen
// (kernels/cpu/lane_table.cpp: the lanes' core fits) and the families registered on that
// core (the lanes' slower-on-core entries, kernels/cpu/lane_table.cpp).
#include <gtest/gtest.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "ossl_helpers.h"
#include "scoped_env.h"

namespace armaccel::test {
namespace {

constexpr char kConfig[] =
    "[provider_sect]\ndefault = default_sect\narmaccel = armaccel_sect\n"
    "[default_sect]\nactivate = 1\n"
    "[armaccel_sect]\nmodule = @MODULE@\nactivate = 1\n";

std::string param(OSSL_LIB_CTX* ctx, const char* name) {
  OSSL_PROVIDER* prov = OSSL_PROVIDER_load(ctx, "armaccel");  // the active one, up-ref'd
  std::string v = prov != nullptr ? provider_param(prov, name) : "";
  OSSL_PROVIDER_unload(prov);
  return v;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// "aes=aes-ce-ooo,keccak=keccak-neon" as a map.
std::map<std::string, std::string> parse_lanes(const char* text) {
  std::map<std::string, std::string> out;
  std::stringstream in(text != nullptr ? text : "");
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto eq = item.find('=');
    if (eq != std::string::npos) out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return out;
}

// The algorithm-families parameter ("aes-cbc: aes-ce; sha3: deferred to
// ...") as family -> its text.
std::map<std::string, std::string> parse_families(const std::string& text) {
  std::map<std::string, std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find("; ", at);
    // A reason may hold "; " only inside its parentheses.
    for (std::size_t open = text.find('(', at); open != std::string::npos && open < end;
         open = text.find('(', open + 1)) {
      const std::size_t close = text.find(')', open);
      if (close != std::string::npos && close > end) end = text.find("; ", close);
    }
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(at, end - at);
    const auto colon = item.find(": ");
    if (colon != std::string::npos) out[item.substr(0, colon)] = item.substr(colon + 2);
    at = end + 2;
  }
  return out;
}

std::set<std::string> split_commas(const char* text) {
  std::set<std::string> out;
  std::stringstream in(text != nullptr ? text : "");
  std::string item;
  while (std::getline(in, item, ',')) out.insert(item);
  return out;
}

// The families deferred under the OpenSSL this test runs in: "FAMILY" is
// deferred on every release, "FAMILY@N" from 3.N on (kernels/cpu/lane_table.cpp's
// kAfter30 entries).
std::set<std::string> deferred_here(const char* text) {
  std::set<std::string> out;
  for (const std::string& item : split_commas(text)) {
    const std::size_t at = item.find('@');
    if (at == std::string::npos) {
      out.insert(item);
    } else if (OPENSSL_version_major() > 3 ||
               static_cast<int>(OPENSSL_version_minor()) >= std::stoi(item.substr(at + 1))) {
      out.insert(item.substr(0, at));
    }
  }
  return out;
}

bool served_by_armaccel(OSSL_LIB_CTX* ctx, const char* cipher, const char* md) {
  EVP_CIPHER* c = cipher != nullptr ? EVP_CIPHER_fetch(ctx, cipher, "provider=armaccel") : nullptr;
  EVP_MD* m = md != nullptr ? EVP_MD_fetch(ctx, md, "provider=armaccel") : nullptr;
  const bool ok = (cipher == nullptr || c != nullptr) && (md == nullptr || m != nullptr);
  EVP_CIPHER_free(c);
  EVP_MD_free(m);
  drain_errors();
  return ok;
}

// Under a core identity: the class read from MIDR_EL1, its lanes with the
// table's reason, and (unforced) its families on armaccel.
TEST(CoreClassLoad, ChoosesTheLanesOfThisCore) {
  const char* expect = std::getenv("ARMACCEL_EXPECT_CORE");
  if (expect == nullptr) GTEST_SKIP() << "CTest runs this under each core identity";
  ScopedEnv unforced("ARMACCEL_FORCE_LANES", nullptr);
  ScopedEnv auto_core("ARMACCEL_CORE", nullptr);
  OSSL_LIB_CTX* ctx = new_configured_libctx(kConfig);
  ASSERT_NE(ctx, nullptr);
  const std::string core = param(ctx, "core");
  EXPECT_TRUE(starts_with(core, std::string(expect) + " (MIDR_EL1 0x")) << core;
  for (const auto& [primitive, lane] : parse_lanes(std::getenv("ARMACCEL_EXPECT_CORE_LANES"))) {
    const std::string text = param(ctx, ("lane-" + primitive).c_str());
    // The lane, then its core note or why its families are deferred.
    EXPECT_TRUE(text == lane || starts_with(text, lane + " ") || starts_with(text, lane + ", "))
        << primitive << ": " << text;
  }
  const std::string aes = param(ctx, "lane-aes");
  if (starts_with(aes, "aes-ce-ooo")) {
    EXPECT_NE(aes.find(std::string("(for ") + expect + ": XTS tweaks in general-purpose registers"),
              std::string::npos)
        << aes;
  }

  // Every family is registered but those the core's figures defer, and
  // those say which class and the figure (or, on an older host, that its
  // default provider lacks the family, which keeps it on armaccel).
  const std::set<std::string> deferred =
      deferred_here(std::getenv("ARMACCEL_EXPECT_CORE_DEFERRED"));
  const auto families = parse_families(param(ctx, "algorithm-families"));
  ASSERT_GE(families.size(), 20u) << param(ctx, "algorithm-families");
  for (const auto& [family, text] : families) {
    if (deferred.count(family) != 0 && text.find(" lacks it)") != std::string::npos) {
      continue;
    } else if (deferred.count(family) != 0) {
      EXPECT_TRUE(starts_with(text, "deferred to the default provider ("))
          << family << ": " << text;
      EXPECT_NE(text.find(std::string("(on ") + expect), std::string::npos)
          << family << ": " << text;
      EXPECT_NE(text.find(" an estimated "), std::string::npos) << family << ": " << text;
    } else {
      EXPECT_FALSE(starts_with(text, "deferred")) << family << ": " << text;
    }
  }
  for (const std::string& family : deferred)
    EXPECT_EQ(families.count(family), 1u) << "no family " << family;
  EXPECT_EQ(served_by_armaccel(ctx, "AES-128-XTS", nullptr), deferred.count("aes-xts") == 0);
  EXPECT_EQ(served_by_armaccel(ctx, "AES-256-GCM", nullptr), deferred.count("aes-gcm") == 0);
  EXPECT_EQ(served_by_armaccel(ctx, nullptr, "SHA3-256"), deferred.count("sha3") == 0);
  EXPECT_EQ(served_by_armaccel(ctx, "SM4-CBC", nullptr), deferred.count("sm4") == 0);
  OSSL_LIB_CTX_free(ctx);
}

// ARMACCEL_CORE names the class whatever the core is; the lanes follow.
TEST(CoreClassLoad, EnvironmentSetsTheClass) {
  ScopedEnv core("ARMACCEL_CORE", "Neoverse-V1");
  OSSL_LIB_CTX* ctx = new_configured_libctx(kConfig);
  ASSERT_NE(ctx, nullptr);
  EXPECT_TRUE(starts_with(param(ctx, "core"), "neoverse-v1 (from environment; "))
      << param(ctx, "core");
  const auto lanes = expected_lanes();  // this configuration's features-only choice
  const std::string aes = param(ctx, "lane-aes");
  if (lanes.at("aes") == "aes-ce")
    EXPECT_TRUE(starts_with(aes, "aes-ce-ooo (for neoverse-v1: ")) << aes;
  else
    EXPECT_TRUE(starts_with(aes, lanes.at("aes"))) << aes;
  const std::string keccak = param(ctx, "lane-keccak");
  if (lanes.at("keccak") == "keccak-sha3")
    EXPECT_TRUE(starts_with(keccak, "keccak-neon (keccak-sha3 passed over on neoverse-v1: "))
        << keccak;
  else
    EXPECT_TRUE(starts_with(keccak, variant_lane(lanes.at("keccak")))) << keccak;
  OSSL_LIB_CTX_free(ctx);

  ScopedEnv other("ARMACCEL_CORE", "other");
  ctx = new_configured_libctx(kConfig);
  ASSERT_NE(ctx, nullptr);
  EXPECT_TRUE(starts_with(param(ctx, "lane-aes"), lanes.at("aes") + "")) << param(ctx, "lane-aes");
  EXPECT_EQ(param(ctx, "lane-aes").find("aes-ce-ooo"), std::string::npos);
  OSSL_LIB_CTX_free(ctx);
}

// ARMACCEL_CORE=<class> for every class: the core parameter names it, and
// where this configuration's features-only Keccak lane is keccak-sha3, the
// Keccak lane is the class's form with its reason (kernels/cpu/lane_table.cpp,
// kSha3OnOnePipe and kSha3OnEveryPipe): keccak-neon, keccak-sha3 passed over,
// on the cores that issue the SHA3 instructions to one vector pipe;
// keccak-sha3, saying so, on those that issue them to every vector pipe;
// keccak-sha3 and nothing more elsewhere.  Without keccak-sha3 (no SHA3
// instructions) every class keeps the features-only lane, but for
// keccak-neon's variant on the Cortex-A72 (keccak-neon-vec).
TEST(CoreClassLoad, KeccakFormOfEachClass) {
  const std::string one_pipe = "the SHA3 instructions issue to one vector pipe on this core";
  const std::string every_pipe = "the SHA3 instructions issue to every vector pipe on this core";
  const std::map<std::string, std::string> forms = {
      {"other", ""},
      {"cortex-a72", ""},
      {"neoverse-n1", ""},
      {"neoverse-v1", one_pipe},
      {"neoverse-v2", one_pipe},
      {"neoverse-n2", one_pipe},
      {"neoverse-n3", every_pipe},
      {"neoverse-v3", every_pipe},
      {"cortex-a76", ""},
      {"cortex-a78", ""},
      {"cortex-a78c", ""},
      {"cortex-x1", ""},
      {"cortex-x2", ""},
      {"cortex-x3", one_pipe},
      {"cortex-x4", every_pipe},
      {"cortex-x925", ""},
      {"cortex-a710", one_pipe},
      {"cortex-a715", one_pipe},
      {"cortex-a720", every_pipe},
      {"cortex-a725", ""},
      {"c1-ultra", every_pipe},
      {"c1-premium", every_pipe},
  };
  const auto lanes = expected_lanes();  // this configuration's features-only choice
  const auto features_only = lanes.find("keccak");
  for (const auto& [name, why] : forms) {
    SCOPED_TRACE(name);
    ScopedEnv core("ARMACCEL_CORE", name.c_str());
    OSSL_LIB_CTX* ctx = new_configured_libctx(kConfig);
    ASSERT_NE(ctx, nullptr);
    EXPECT_TRUE(starts_with(param(ctx, "core"), name + " (from environment; "))
        << param(ctx, "core");
    const std::string keccak = param(ctx, "lane-keccak");
    if (features_only == lanes.end() || features_only->second != "keccak-sha3") {
      if (features_only != lanes.end()) {
        EXPECT_TRUE(starts_with(keccak, variant_lane(features_only->second))) << keccak;
      }
      // keccak-neon's variants say why they were taken.
      const bool gpr = name == "neoverse-n1" || name == "neoverse-v2";
      if (name == "cortex-a72" && keccak.starts_with("keccak-neon")) {
        EXPECT_TRUE(starts_with(keccak, "keccak-neon-vec (for cortex-a72: ")) << keccak;
      } else if (gpr && keccak.starts_with("keccak-neon")) {
        EXPECT_TRUE(starts_with(keccak, "keccak-neon-gpr (for " + name + ": two states")) << keccak;
      } else {
        EXPECT_EQ(keccak.find("(for "), std::string::npos) << keccak;
      }
    } else if (why == one_pipe) {
      // keccak-sha3 passed over; on neoverse-v2 keccak-neon's variant, with
      // both reasons.
      const std::string lane = name == "neoverse-v2" ? "keccak-neon-gpr" : "keccak-neon";
      EXPECT_TRUE(starts_with(
          keccak, lane + " (keccak-sha3 passed over on " + name + ": " + one_pipe + "; "))
          << keccak;
      if (name == "neoverse-v2") {
        EXPECT_NE(keccak.find("; for neoverse-v2: two states"), std::string::npos) << keccak;
      }
    } else if (why == every_pipe) {
      EXPECT_EQ(keccak, "keccak-sha3 (for " + name + ": " + every_pipe + ")");
    } else {
      EXPECT_EQ(keccak, "keccak-sha3");
    }
    OSSL_LIB_CTX_free(ctx);
  }
}

TEST(CoreClassLoad, ConfigSetsTheClassAndEnvironmentWins) {
  ScopedEnv unset("ARMACCEL_CORE", nullptr);
  OSSL_LIB_CTX* ctx = new_configured_libctx(std::string(kConfig) + "core = neoverse-n1\n");
  ASSERT_NE(ctx, nullptr);
  EXPECT_TRUE(starts_with(param(ctx, "core"), "neoverse-n1 (from config; ")) << param(ctx, "core");
  OSSL_LIB_CTX_free(ctx);

  ctx = new_configured_libctx(std::string(kConfig) + "core = auto\n");
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(param(ctx, "core").find("(from "), std::string::npos) << param(ctx, "core");
  OSSL_LIB_CTX_free(ctx);

  ScopedEnv env("ARMACCEL_CORE", "cortex-a72");
  ctx = new_configured_libctx(std::string(kConfig) + "core = neoverse-n1\n");
  ASSERT_NE(ctx, nullptr);
  EXPECT_TRUE(starts_with(param(ctx, "core"), "cortex-a72 (from environment; "))
      << param(ctx, "core");
  OSSL_LIB_CTX_free(ctx);
}

TEST(CoreClassLoad, UnknownClassRefusesTheInstance) {
  ScopedEnv unset("ARMACCEL_CORE", nullptr);
  OSSL_LIB_CTX* ctx = new_configured_libctx(std::string(kConfig) + "core = neoverse-n9\n", false);
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(OSSL_PROVIDER_available(ctx, "armaccel"), 0);
  drain_errors();
  OSSL_LIB_CTX_free(ctx);

  ScopedEnv bad("ARMACCEL_CORE", "graviton");
  OSSL_LIB_CTX* plain = OSSL_LIB_CTX_new();
  ASSERT_EQ(OSSL_PROVIDER_set_default_search_path(plain, module_dir().c_str()), 1);
  OSSL_PROVIDER* refused = OSSL_PROVIDER_load(plain, "armaccel");
  const std::string errors = drain_errors();
  EXPECT_EQ(refused, nullptr);
  EXPECT_NE(errors.find("ARMACCEL_CORE must be auto, cortex-a72, neoverse-n1, neoverse-v1, "
                        "neoverse-v2, neoverse-n2, neoverse-n3, neoverse-v3, cortex-a76, "
                        "cortex-a78, cortex-a78c, cortex-x1, cortex-x2, cortex-x3, cortex-x4, "
                        "cortex-x925, cortex-a710, cortex-a715, cortex-a720, cortex-a725, "
                        "c1-ultra, c1-premium, or other, not 'graviton'"),
            std::string::npos)
      << errors;
  OSSL_PROVIDER_unload(refused);
  OSSL_LIB_CTX_free(plain);
}

}  // namespace
}  // namespace armaccel::test
