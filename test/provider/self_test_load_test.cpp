// SPDX-License-Identifier: Apache-2.0
// Lane self-tests at load (provider/self_tests.h) through OpenSSL's
// self-test callback: every hardware lane armaccel picks runs its
// known-answer test (phases Start, Corrupt, Pass, with the lane as
// description), and the fault hook -- the callback answering 0 in the
// Corrupt phase -- fails one lane at a time: armaccel then drops it for the
// next lane in its list, puts one error naming it on the queue, says so in
// the self-test and lane parameters, and still computes what the default
// provider computes.  Run in every CPU configuration (natively there is no
// hardware lane, and nothing is tested).
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/self_test.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "ossl_helpers.h"

namespace armaccel::test {
namespace {

struct Event {
  std::string phase, type, lane;
};

// What the callback saw, and the lane whose test it makes fail.
struct Hook {
  std::vector<Event> events;
  std::string corrupt;
};

std::string utf8(const OSSL_PARAM params[], const char* key) {
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, key);
  const char* s = nullptr;
  return p != nullptr && OSSL_PARAM_get_utf8_string_ptr(p, &s) ? s : "";
}

int record(const OSSL_PARAM params[], void* arg) {
  auto* hook = static_cast<Hook*>(arg);
  Event e{utf8(params, OSSL_PROV_PARAM_SELF_TEST_PHASE),
          utf8(params, OSSL_PROV_PARAM_SELF_TEST_TYPE),
          utf8(params, OSSL_PROV_PARAM_SELF_TEST_DESC)};
  const bool fail = e.phase == OSSL_SELF_TEST_PHASE_CORRUPT && e.lane == hook->corrupt;
  hook->events.push_back(std::move(e));
  return fail ? 0 : 1;
}

// armaccel loaded into a new library context with the hook set first, and
// the default provider beside it.
class HookedLoad {
 public:
  explicit HookedLoad(Hook* hook) {
    ctx_ = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(ctx_, module_dir().c_str());
    OSSL_SELF_TEST_set_callback(ctx_, record, hook);
    ERR_clear_error();
    prov_ = OSSL_PROVIDER_load(ctx_, "armaccel");
    errors_ = drain_errors();
    default_ = OSSL_PROVIDER_load(ctx_, "default");
  }
  ~HookedLoad() {
    OSSL_PROVIDER_unload(default_);
    OSSL_PROVIDER_unload(prov_);
    OSSL_LIB_CTX_free(ctx_);
  }
  HookedLoad(const HookedLoad&) = delete;
  HookedLoad& operator=(const HookedLoad&) = delete;

  OSSL_LIB_CTX* ctx() const { return ctx_; }
  OSSL_PROVIDER* prov() const { return prov_; }
  const std::string& errors() const { return errors_; }
  std::string param(const char* name) const { return provider_param(prov_, name); }

 private:
  OSSL_LIB_CTX* ctx_ = nullptr;
  OSSL_PROVIDER* prov_ = nullptr;
  OSSL_PROVIDER* default_ = nullptr;
  std::string errors_;
};

// The lane-* parameter that reports a lane ("aes-ce" -> "lane-aes").
std::string lane_param(const std::string& lane) {
  return "lane-" + lane.substr(0, lane.find('-'));
}

// The lane a lane parameter names (the text before any note).
std::string lane_of(const std::string& value) {
  return value.substr(0, value.find_first_of(" ,"));
}

std::vector<std::string> tested_lanes(const Hook& hook) {
  std::vector<std::string> lanes;
  for (const Event& e : hook.events)
    if (e.phase == OSSL_SELF_TEST_PHASE_START) lanes.push_back(e.lane);
  return lanes;
}

// The phases the callback saw for `lane`, joined with spaces.
std::string phases_of(const Hook& hook, const std::string& lane) {
  std::string out;
  for (const Event& e : hook.events)
    if (e.lane == lane) {
      if (!out.empty()) out += ' ';
      out += e.phase;
    }
  return out;
}

// Encrypts (or digests, or MACs) a fixed message on armaccel's algorithm
// for the lane's primitive and on the oracle; equal output expected.
void expect_primitive_works(const HookedLoad& load, const std::string& lane) {
  const std::string p = lane.substr(0, lane.find('-'));
  Rng rng(7);
  const Bytes msg = rng.bytes(100), key = rng.bytes(32), iv = rng.bytes(16);
  auto digest = [&](const char* name) {
    MdPtr mine(EVP_MD_fetch(load.ctx(), name, "provider=armaccel"));
    MdPtr ref = oracle_md(name);
    ASSERT_NE(mine, nullptr) << name;
    unsigned char a[64], b[64];
    unsigned int al = 0, bl = 0;
    ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), a, &al, mine.get(), nullptr), 1);
    ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), b, &bl, ref.get(), nullptr), 1);
    EXPECT_EQ(to_hex(a, al), to_hex(b, bl)) << name << " after " << lane << " failed";
  };
  auto cipher = [&](const char* name, bool aead) {
    CipherPtr mine(EVP_CIPHER_fetch(load.ctx(), name, "provider=armaccel"));
    CipherPtr ref = oracle_cipher(name);
    ASSERT_NE(mine, nullptr) << name;
    std::string out[2];
    for (int i = 0; i < 2; ++i) {
      CipherCtxPtr c(EVP_CIPHER_CTX_new());
      ASSERT_EQ(EVP_EncryptInit_ex2(c.get(), i == 0 ? mine.get() : ref.get(), key.data(), iv.data(),
                                    nullptr),
                1);
      Bytes buf(msg.size() + 32);
      int n = 0, m = 0;
      ASSERT_EQ(
          EVP_EncryptUpdate(c.get(), buf.data(), &n, msg.data(), static_cast<int>(msg.size())), 1);
      ASSERT_EQ(EVP_EncryptFinal_ex(c.get(), buf.data() + n, &m), 1);
      out[i] = to_hex(buf.data(), static_cast<std::size_t>(n + m));
      if (aead) {
        unsigned char tag[16];
        ASSERT_EQ(EVP_CIPHER_CTX_ctrl(c.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag), 1);
        out[i].append("/").append(to_hex(tag, 16));
      }
    }
    EXPECT_EQ(out[0], out[1]) << name << " after " << lane << " failed";
  };
  if (p == "aes") cipher("AES-128-CBC", false);
  if (p == "ghash" || p == "gcm") cipher("AES-128-GCM", true);
  if (p == "chacha20" || p == "poly1305") cipher("ChaCha20-Poly1305", true);
  if (p == "sm4") cipher("SM4-CBC", false);
  if (p == "sha256") digest("SHA2-256");
  if (p == "sha512") digest("SHA2-512");
  if (p == "keccak") digest("SHA3-256");
  if (p == "sm3") digest("SM3");
  if (p == "mlkem") {  // a round trip on armaccel (OpenSSL 3.0 has no ML-KEM to compare)
    PkeyCtxPtr gen(EVP_PKEY_CTX_new_from_name(load.ctx(), "ML-KEM-768", "provider=armaccel"));
    EVP_PKEY* raw = nullptr;
    ASSERT_TRUE(gen != nullptr && EVP_PKEY_keygen_init(gen.get()) == 1 &&
                EVP_PKEY_generate(gen.get(), &raw) == 1);
    PkeyPtr pkey(raw);
    PkeyCtxPtr enc(EVP_PKEY_CTX_new_from_pkey(load.ctx(), pkey.get(), "provider=armaccel"));
    unsigned char ct[1088], ss1[32], ss2[32];
    std::size_t ctl = sizeof ct, l1 = 32, l2 = 32;
    ASSERT_EQ(EVP_PKEY_encapsulate_init(enc.get(), nullptr), 1);
    ASSERT_EQ(EVP_PKEY_encapsulate(enc.get(), ct, &ctl, ss1, &l1), 1);
    ASSERT_EQ(EVP_PKEY_decapsulate_init(enc.get(), nullptr), 1);
    ASSERT_EQ(EVP_PKEY_decapsulate(enc.get(), ss2, &l2, ct, ctl), 1);
    EXPECT_EQ(to_hex(ss1, l1), to_hex(ss2, l2)) << "ML-KEM-768 after " << lane << " failed";
  }
}

TEST(LaneSelfTest, EveryHardwareLaneInUseIsTestedAtLoad) {
  Hook hook;
  HookedLoad load(&hook);
  ASSERT_NE(load.prov(), nullptr) << load.errors();
  EXPECT_EQ(load.errors(), "");
  const std::vector<std::string> tested = tested_lanes(hook);
  std::string passed;
  for (const std::string& lane : tested) {
    EXPECT_EQ(phases_of(hook, lane), "Start Corrupt Pass") << lane;
    EXPECT_EQ(lane_of(load.param(lane_param(lane).c_str())), lane);
    if (!passed.empty()) passed += ' ';
    passed += lane;
  }
  for (const Event& e : hook.events) {
    const std::string want = e.lane.rfind("mlkem-", 0) == 0    ? "KAT_KEM"
                             : e.lane.rfind("x25519-", 0) == 0 ? OSSL_SELF_TEST_TYPE_KAT_KA
                             : e.lane.rfind("sha", 0) == 0 || e.lane.rfind("sm3", 0) == 0 ||
                                     e.lane.rfind("keccak", 0) == 0
                                 ? OSSL_SELF_TEST_TYPE_KAT_DIGEST
                                 : OSSL_SELF_TEST_TYPE_KAT_CIPHER;
    EXPECT_EQ(e.type, want) << e.lane;
  }
  // Every lane in use that is not a portable one was tested.
  for (const auto& [primitive, lane] : expected_lanes()) {
    if (lane.find("portable") == std::string::npos && lane != "none") {
      EXPECT_NE(std::find(tested.begin(), tested.end(), lane), tested.end()) << lane;
    }
  }
  if (tested.empty())
    EXPECT_EQ(load.param("self-test"), "none run (portable lanes only; they are not self-tested)");
  else
    EXPECT_EQ(load.param("self-test"), "passed: " + passed + "; failed: none");
  EXPECT_EQ(OSSL_PROVIDER_self_test(load.prov()), 1);
}

TEST(LaneSelfTest, EachLaneThatFailsIsReplacedAndReported) {
  Hook first;
  std::vector<std::string> tested;
  {
    HookedLoad load(&first);
    tested = tested_lanes(first);
  }
  if (tested.empty()) GTEST_SKIP() << "no hardware lane in this configuration";
  for (const std::string& lane : tested) {
    SCOPED_TRACE(lane);
    Hook hook;
    hook.corrupt = lane;
    HookedLoad load(&hook);
    ASSERT_NE(load.prov(), nullptr) << load.errors();
    EXPECT_EQ(phases_of(hook, lane), "Start Corrupt Fail");
    // One error, naming the lane and the one used instead.
    const std::string& errors = load.errors();
    EXPECT_EQ(std::count(errors.begin(), errors.end(), '\n'), 1) << errors;
    const std::string named = std::string("lane self-test failed: armaccel's ").append(lane);
    EXPECT_NE(errors.find(named), std::string::npos) << errors;
    const std::string value = load.param(lane_param(lane).c_str());
    EXPECT_NE(lane_of(value), lane) << value;
    const std::string note = std::string("(self-test failed: ").append(lane).append(")");
    EXPECT_NE(value.find(note), std::string::npos) << value;
    const std::string instead =
        lane.rfind("gcm-", 0) == 0
            ? std::string("(GCM composes ")
            : std::string("(").append(lane_of(value)).append(" serves instead)");
    EXPECT_NE(errors.find(instead), std::string::npos) << errors << " / " << value;
    const std::string report = load.param("self-test");
    EXPECT_NE(report.find("; failed: " + lane), std::string::npos) << report;
    EXPECT_EQ(report.find("passed: " + lane + " "), std::string::npos) << report;
    expect_primitive_works(load, lane);
  }
}

// OSSL_PROVIDER_self_test runs the tests of the lanes in use again (the
// fused GCM lane too), through the same callback: 1 when they pass, 0 with
// the lane named when one is made to fail.
TEST(LaneSelfTest, OnDemandTestRunsEveryLaneInUseAgain) {
  Hook hook;
  HookedLoad load(&hook);
  ASSERT_NE(load.prov(), nullptr) << load.errors();
  const std::vector<std::string> at_load = tested_lanes(hook);
  hook.events.clear();
  EXPECT_EQ(OSSL_PROVIDER_self_test(load.prov()), 1);
  EXPECT_EQ(tested_lanes(hook), at_load);
  for (const std::string& lane : at_load) {
    SCOPED_TRACE(lane);
    hook.corrupt = lane;
    hook.events.clear();
    ERR_clear_error();
    EXPECT_EQ(OSSL_PROVIDER_self_test(load.prov()), 0);
    EXPECT_EQ(phases_of(hook, lane), "Start Corrupt Fail");
    const std::string errors = drain_errors();
    EXPECT_NE(errors.find(std::string("armaccel's ").append(lane).append(" lane failed")),
              std::string::npos)
        << errors;
  }
  hook.corrupt.clear();
  EXPECT_EQ(OSSL_PROVIDER_self_test(load.prov()), 1);
}

}  // namespace
}  // namespace armaccel::test
