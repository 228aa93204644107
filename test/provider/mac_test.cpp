// SPDX-License-Identifier: Apache-2.0
// GMAC and CMAC through EVP_MAC with armaccel: OpenSSL's evp MAC stanzas,
// Wycheproof aes_gmac and aes_cmac (every case), the SP 800-38B examples,
// Botan's CMAC set (AES on armaccel's kernels; ARIA through the fallback),
// random messages and splits against OpenSSL's default provider (incl.
// ciphers armaccel drives through EVP), copies, re-init, and misuse.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "mac_runner.h"
#include "ossl_helpers.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

struct MacJob {
  std::string cipher;
  Bytes key, iv;
  std::vector<Bytes> inputs;
  bool has_iv = false;
};

// "" or the failing step, named as evp_test names it.
std::string run_mac(EVP_MAC* mac, const MacJob& j, Bytes* out, std::size_t* size = nullptr,
                    std::size_t* block = nullptr) {
  std::vector<OSSL_PARAM> params;
  params.push_back(OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
                                                    const_cast<char*>(j.cipher.c_str()), 0));
  Bytes iv = j.iv;
  iv.push_back(0);  // a valid pointer even for an empty IV
  if (j.has_iv)
    params.push_back(OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, iv.data(), j.iv.size()));
  params.push_back(OSSL_PARAM_construct_end());
  return evp_mac_run(mac, params.data(), j.key, j.inputs, out, size, block);
}

TEST(OpensslEvpFiles, GmacAndCmacStanzas) {
  int run = 0;
  for (const Stanza& s : parse_evp_file(vectors_dir() + "/openssl-evp/evpmac_common.txt")) {
    const std::string name = s.get("MAC");
    if (name != "GMAC" && name != "CMAC") continue;  // "CMAC by EVP_PKEY" is not EVP_MAC
    MacPtr mac = armaccel_mac(name.c_str());
    ASSERT_NE(mac, nullptr);
    MacJob j;
    j.cipher = s.get("Algorithm");
    j.key = evp_value(s.get("Key"));
    j.has_iv = s.has("IV");
    j.iv = evp_value(s.get("IV"));
    for (const std::string& in : s.all("Input")) j.inputs.push_back(evp_value(in));
    SCOPED_TRACE(::testing::Message() << name << " " << j.cipher << " line " << s.line);
    Bytes out;
    std::size_t size = 0, block = 0;
    const std::string err = run_mac(mac.get(), j, &out, &size, &block);
    const std::string errors = drain_errors();
    expect_mac_stanza(s, err, errors, out, size, block);
    ++run;
  }
  EXPECT_EQ(run, 13);
}

// Wycheproof: valid cases give the listed tag; invalid ones either fail at
// init (key sizes AES has not) or give a different tag (modified tags).
void run_wycheproof_mac(const char* file, const char* mac_name, const char* mode) {
  std::ifstream in(vectors_dir() + "/wycheproof/" + file);
  ASSERT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  MacPtr mac = armaccel_mac(mac_name);
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    const std::size_t tag_bytes = group["tagSize"].get<std::size_t>() / 8;
    for (const auto& t : group["tests"]) {
      MacJob j;
      j.key = from_hex(t["key"].get<std::string>());
      const int bits = static_cast<int>(j.key.size() * 8);
      // An AES name of the key's size where one exists, else AES-128.
      j.cipher = "AES-" + std::to_string(bits == 192 || bits == 256 ? bits : 128) + "-" + mode;
      j.has_iv = t.contains("iv");
      if (j.has_iv) j.iv = from_hex(t["iv"].get<std::string>());
      j.inputs.push_back(from_hex(t["msg"].get<std::string>()));
      const Bytes tag = from_hex(t["tag"].get<std::string>());
      SCOPED_TRACE(::testing::Message() << file << " tcId " << t["tcId"] << " " << t["comment"]);
      Bytes out;
      const std::string err = run_mac(mac.get(), j, &out);
      drain_errors();
      const bool aes_key = j.key.size() == 16 || j.key.size() == 24 || j.key.size() == 32;
      if (t["result"] == "valid") {
        ASSERT_EQ(err, "");
        out.resize(tag_bytes);
        EXPECT_EQ(to_hex(out), to_hex(tag));
        ++valid;
      } else {
        if (!aes_key) {
          EXPECT_EQ(err, "MAC_INIT_ERROR");
        } else {
          ASSERT_EQ(err, "");
          out.resize(tag_bytes);
          EXPECT_NE(to_hex(out), to_hex(tag));
        }
        ++invalid;
      }
    }
  }
  EXPECT_GT(valid, 50);
  EXPECT_GT(invalid, 100);
}

TEST(Wycheproof, AesGmacEveryCase) {
  run_wycheproof_mac("aes_gmac_test.json", "GMAC", "GCM");
}

TEST(Wycheproof, AesCmacEveryCase) {
  run_wycheproof_mac("aes_cmac_test.json", "CMAC", "CBC");
}

TEST(Sp80038b, AesCmacExamples) {
  MacPtr mac = armaccel_mac("CMAC");
  int run = 0;
  for (const char* bits : {"128", "192", "256"}) {
    for (const RspRecord& r :
         parse_rsp_file(vectors_dir() + "/nist/aes-cmac/nist-800-38b-aes" + bits + ".txt")) {
      MacJob j;
      j.cipher = std::string("AES-") + bits + "-CBC";
      j.key = from_hex(r.get("KEY"));
      j.inputs.push_back(from_hex(r.get("MESSAGE")));
      Bytes out;
      ASSERT_EQ(run_mac(mac.get(), j, &out), "") << drain_errors();
      EXPECT_EQ(to_hex(out), r.get("OUTPUT")) << bits << " count " << r.get("COUNT");
      ++run;
    }
  }
  EXPECT_EQ(run, 12);
}

// Botan's CMAC set: AES on armaccel's kernels, ARIA through the EVP
// fallback (Blowfish and Threefish are not in OpenSSL's default provider).
TEST(Botan, CmacVectors) {
  MacPtr mac = armaccel_mac("CMAC");
  int aes = 0, aria = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/mac/cmac.vec")) {
    std::string cipher;
    if (r.algorithm.rfind("CMAC(AES-", 0) == 0) cipher = r.algorithm.substr(5, 7) + "-CBC";
    if (r.algorithm == "CMAC(ARIA-128)") cipher = "ARIA-128-CBC";
    if (cipher.empty()) continue;
    MacJob j;
    j.cipher = cipher;
    j.key = from_hex(r.get("Key"));
    j.inputs.push_back(from_hex(r.get("In")));
    Bytes out;
    ASSERT_EQ(run_mac(mac.get(), j, &out), "") << cipher << " " << drain_errors();
    EXPECT_EQ(to_hex(out), to_hex(from_hex(r.get("Out")))) << r.algorithm << " line " << r.line;
    (cipher[0] == 'A' && cipher[1] == 'E' ? aes : aria)++;
  }
  EXPECT_GE(aes, 10);
  EXPECT_GE(aria, 1);
}

struct OracleCase {
  const char* mac;
  const char* cipher;
  std::size_t key_bytes;
};

const OracleCase kOracle[] = {
    {"GMAC", "AES-128-GCM", 16},  {"GMAC", "AES-192-GCM", 24},  {"GMAC", "AES-256-GCM", 32},
    {"GMAC", "ARIA-128-GCM", 16}, {"CMAC", "AES-128-CBC", 16},  {"CMAC", "AES-192-CBC", 24},
    {"CMAC", "AES-256-CBC", 32},  {"CMAC", "DES-EDE3-CBC", 24}, {"CMAC", "ARIA-256-CBC", 32},
};

void PrintTo(const OracleCase& c, std::ostream* os) {
  *os << c.mac << "/" << c.cipher;
}

class MacOracle : public ::testing::TestWithParam<OracleCase> {};

// Random keys, IVs and messages in random update splits; equal to the
// default provider's MAC, also after a copy mid-message.
TEST_P(MacOracle, RandomMessagesSplitsAndCopies) {
  const OracleCase& oc = GetParam();
  MacPtr mine = armaccel_mac(oc.mac), ref = oracle_mac(oc.mac);
  ASSERT_NE(mine, nullptr);
  Rng rng(90 + oc.key_bytes);
  const bool gmac = std::string(oc.mac) == "GMAC";
  for (int trial = 0; trial < 60; ++trial) {
    MacJob j;
    j.cipher = oc.cipher;
    j.key = rng.bytes(oc.key_bytes);
    j.has_iv = gmac;
    if (gmac) j.iv = rng.bytes(rng.below(3) == 0 ? 1 + rng.below(64) : 12);
    const Bytes msg = rng.bytes(rng.below(1000));
    j.inputs = random_pieces(rng, msg);
    Bytes a, b;
    ASSERT_EQ(run_mac(mine.get(), j, &a), "") << oc.cipher << " " << drain_errors();
    ASSERT_EQ(run_mac(ref.get(), j, &b), "");
    ASSERT_EQ(a, b) << oc.cipher << " trial " << trial << " msg " << msg.size();
  }
  // A copy taken mid-message finishes identically to the original.
  MacJob j;
  j.cipher = oc.cipher;
  j.key = rng.bytes(oc.key_bytes);
  j.has_iv = gmac;
  j.iv = rng.bytes(12);
  const Bytes head = rng.bytes(37), tail = rng.bytes(70);
  j.inputs = {head, tail};
  Bytes expect;
  ASSERT_EQ(run_mac(ref.get(), j, &expect), "");
  MacCtxPtr ctx(EVP_MAC_CTX_new(mine.get()));
  OSSL_PARAM p[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>(oc.cipher), 0),
      gmac ? OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, j.iv.data(), j.iv.size())
           : OSSL_PARAM_construct_end(),
      OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_MAC_init(ctx.get(), j.key.data(), j.key.size(), p), 1);
  ASSERT_EQ(EVP_MAC_update(ctx.get(), head.data(), head.size()), 1);
  MacCtxPtr copy(EVP_MAC_CTX_dup(ctx.get()));
  ASSERT_NE(copy, nullptr);
  for (EVP_MAC_CTX* x : {ctx.get(), copy.get()}) {
    Bytes out(64);
    std::size_t outl = 0;
    ASSERT_EQ(EVP_MAC_update(x, tail.data(), tail.size()), 1);
    ASSERT_EQ(EVP_MAC_final(x, out.data(), &outl, out.size()), 1);
    out.resize(outl);
    EXPECT_EQ(out, expect);
  }
}

INSTANTIATE_TEST_SUITE_P(Macs, MacOracle, ::testing::ValuesIn(kOracle), [](const auto& info) {
  std::string s = std::string(info.param.mac) + "_" + info.param.cipher;
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
});

// Parameters as OpenSSL reports them.
TEST(Macs, SizesAndParameterLists) {
  MacPtr gmac = armaccel_mac("GMAC"), cmac = armaccel_mac("CMAC");
  MacPtr ref_cmac = oracle_mac("CMAC");
  MacCtxPtr g(EVP_MAC_CTX_new(gmac.get())), c(EVP_MAC_CTX_new(cmac.get()));
  EXPECT_EQ(EVP_MAC_CTX_get_mac_size(g.get()), 16u);
  EXPECT_EQ(EVP_MAC_CTX_get_mac_size(c.get()), 0u) << "no cipher yet";
  OSSL_PARAM p[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>("des-ede3-cbc"), 0),
      OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_MAC_CTX_set_params(c.get(), p), 1) << drain_errors();
  EXPECT_EQ(EVP_MAC_CTX_get_mac_size(c.get()), 8u);
  EXPECT_EQ(EVP_MAC_CTX_get_block_size(c.get()), 8u);
  auto names = [](const OSSL_PARAM* q) {
    std::vector<std::string> v;
    for (; q != nullptr && q->key != nullptr; ++q) v.emplace_back(q->key);
    return v;
  };
  EXPECT_EQ(names(EVP_MAC_settable_ctx_params(cmac.get())),
            names(EVP_MAC_settable_ctx_params(ref_cmac.get())));
  EXPECT_EQ(names(EVP_MAC_gettable_ctx_params(cmac.get())),
            names(EVP_MAC_gettable_ctx_params(ref_cmac.get())));
  MacPtr ref_gmac = oracle_mac("GMAC");
  EXPECT_EQ(names(EVP_MAC_settable_ctx_params(gmac.get())),
            names(EVP_MAC_settable_ctx_params(ref_gmac.get())));
}

// Each GMAC needs a fresh IV; CMAC re-init without a key restarts with the
// same key.
TEST(Macs, ReinitSemantics) {
  MacPtr gmac = armaccel_mac("GMAC"), cmac = armaccel_mac("CMAC");
  const Bytes key(16, 7), iv(12, 9), msg = {1, 2, 3};
  Bytes out(16), first(16);
  std::size_t outl = 0;
  MacCtxPtr g(EVP_MAC_CTX_new(gmac.get()));
  OSSL_PARAM gp[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>("AES-128-GCM"), 0),
      OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, const_cast<std::uint8_t*>(iv.data()),
                                        iv.size()),
      OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_MAC_init(g.get(), key.data(), key.size(), gp), 1);
  ASSERT_EQ(EVP_MAC_update(g.get(), msg.data(), msg.size()), 1);
  ASSERT_EQ(EVP_MAC_final(g.get(), first.data(), &outl, 16), 1);
  ASSERT_EQ(EVP_MAC_init(g.get(), nullptr, 0, nullptr), 1);
  EXPECT_EQ(EVP_MAC_update(g.get(), msg.data(), msg.size()), 0) << "the IV is spent";
  EXPECT_NE(drain_errors().find("iv not set"), std::string::npos);
  ASSERT_EQ(EVP_MAC_init(g.get(), nullptr, 0, gp + 1), 1);  // the same IV again, set anew
  ASSERT_EQ(EVP_MAC_update(g.get(), msg.data(), msg.size()), 1);
  ASSERT_EQ(EVP_MAC_final(g.get(), out.data(), &outl, 16), 1);
  EXPECT_EQ(out, first);

  MacCtxPtr c(EVP_MAC_CTX_new(cmac.get()));
  OSSL_PARAM cp[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>("AES-128-CBC"), 0),
      OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_MAC_init(c.get(), nullptr, 0, cp), 0) << "no key yet";
  drain_errors();
  ASSERT_EQ(EVP_MAC_init(c.get(), key.data(), key.size(), cp), 1);
  ASSERT_EQ(EVP_MAC_update(c.get(), msg.data(), msg.size()), 1);
  ASSERT_EQ(EVP_MAC_final(c.get(), first.data(), &outl, 16), 1);
  EXPECT_EQ(EVP_MAC_update(c.get(), msg.data(), msg.size()), 0) << "update after final";
  EXPECT_NE(drain_errors().find("update called after final"), std::string::npos);
  ASSERT_EQ(EVP_MAC_init(c.get(), nullptr, 0, nullptr), 1);
  ASSERT_EQ(EVP_MAC_update(c.get(), msg.data(), msg.size()), 1);
  ASSERT_EQ(EVP_MAC_final(c.get(), out.data(), &outl, 16), 1);
  EXPECT_EQ(out, first);
  // Naming the same cipher (CMAC) or digest (HMAC) again without a key
  // also restarts with the key (found by the differential fuzzer: armaccel
  // used to drop the key), on armaccel's kernels and through the fallback
  // alike, as the default does.
  struct Restart {
    const char* mac;
    const char* param;
    const char* name;
    std::size_t key_bytes;
  };
  for (const Restart& r : {Restart{"CMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", 16},
                           Restart{"CMAC", OSSL_MAC_PARAM_CIPHER, "DES-EDE3-CBC", 24},
                           Restart{"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA3-512", 40},
                           Restart{"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA1", 7}}) {
    SCOPED_TRACE(r.name);
    const Bytes k(r.key_bytes, 5);
    OSSL_PARAM np[] = {OSSL_PARAM_construct_utf8_string(r.param, const_cast<char*>(r.name), 0),
                       OSSL_PARAM_construct_end()};
    Bytes results[2];
    MacPtr mine_mac = armaccel_mac(r.mac), ref_mac = oracle_mac(r.mac);
    EVP_MAC* macs[2] = {mine_mac.get(), ref_mac.get()};
    for (int i = 0; i < 2; ++i) {
      MacCtxPtr x(EVP_MAC_CTX_new(macs[i]));
      ASSERT_EQ(EVP_MAC_init(x.get(), k.data(), k.size(), np), 1);
      ASSERT_EQ(EVP_MAC_update(x.get(), msg.data(), 2), 1);
      ASSERT_EQ(EVP_MAC_init(x.get(), nullptr, 0, np), 1) << drain_errors();
      ASSERT_EQ(EVP_MAC_update(x.get(), msg.data(), msg.size()), 1);
      results[i].assign(64, 0);
      ASSERT_EQ(EVP_MAC_final(x.get(), results[i].data(), &outl, 64), 1);
      results[i].resize(outl);
    }
    EXPECT_EQ(results[0], results[1]);
  }
}

// Misuse gets a clear reason on the error queue.
TEST(Macs, BadInput) {
  struct Case {
    const char* mac;
    const char* cipher;
    std::size_t key_bytes;
    std::size_t iv_bytes;  // GMAC; ~0 = no IV
    const char* reason;
  };
  const Case cases[] = {
      {"GMAC", "AES-128-CBC", 16, 12, "invalid mode"},
      {"GMAC", "AES-128-GCM", 15, 12, "invalid key length"},
      {"GMAC", "AES-128-GCM", 16, 0, "invalid iv length"},
      {"GMAC", "AES-128-GCM", 16, ~std::size_t{0}, "iv not set"},
      {"GMAC", "NO-SUCH-CIPHER", 16, 12, "unsupported"},
      {"CMAC", "AES-128-ECB", 16, ~std::size_t{0}, "invalid mode"},
      {"CMAC", "AES-256-GCM", 32, ~std::size_t{0}, "invalid mode"},
      {"CMAC", "AES-256-CBC", 16, ~std::size_t{0}, "invalid key length"},
      {"CMAC", "AES-128-CBC", 0, ~std::size_t{0}, "invalid key length"},
      {"CMAC", "NO-SUCH-CIPHER", 16, ~std::size_t{0}, "unsupported"},
      {"CMAC", "AES-128-CBC-CTS", 16, ~std::size_t{0}, "invalid mode"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::Message() << c.mac << " " << c.cipher << " key " << c.key_bytes);
    MacPtr mac = armaccel_mac(c.mac);
    MacJob j;
    j.cipher = c.cipher;
    j.key.assign(c.key_bytes, 1);
    j.has_iv = c.iv_bytes != ~std::size_t{0};
    if (j.has_iv) j.iv.assign(c.iv_bytes, 2);
    j.inputs.push_back(Bytes(20, 3));
    Bytes out;
    EXPECT_NE(run_mac(mac.get(), j, &out), "");
    const std::string errors = drain_errors();
    EXPECT_NE(errors.find(c.reason), std::string::npos) << errors;
  }
  // Key or IV parameters that claim bytes but have none.
  for (const char* name : {"GMAC", "CMAC"}) {
    MacPtr mac = armaccel_mac(name);
    MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
    const bool gmac = std::string(name) == "GMAC";
    Bytes iv(12, 2);
    for (const char* which : {"key", "iv"}) {
      if (!gmac && std::string(which) == "iv") continue;
      OSSL_PARAM p[] = {
          OSSL_PARAM_construct_utf8_string(
              OSSL_MAC_PARAM_CIPHER, const_cast<char*>(gmac ? "AES-128-GCM" : "AES-128-CBC"), 0),
          OSSL_PARAM_construct_octet_string(which, nullptr, 16), OSSL_PARAM_construct_end()};
      EXPECT_EQ(EVP_MAC_init(ctx.get(), nullptr, 0, p), 0) << name << " " << which;
      // The default provider's CMAC fails without an error; its GMAC takes
      // the NULL bytes, which armaccel refuses.
      const std::string errors = drain_errors();
      if (gmac)
        EXPECT_NE(errors.find("failed to get parameter"), std::string::npos) << errors;
      else
        EXPECT_EQ(errors, "");
    }
  }
  // Output buffers shorter than the MAC.
  for (const char* name : {"GMAC", "CMAC"}) {
    MacPtr mac = armaccel_mac(name);
    MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
    const bool gmac = std::string(name) == "GMAC";
    Bytes key(16, 1), iv(12, 2), out(16);
    OSSL_PARAM p[] = {
        OSSL_PARAM_construct_utf8_string(
            OSSL_MAC_PARAM_CIPHER, const_cast<char*>(gmac ? "AES-128-GCM" : "AES-128-CBC"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, iv.data(), iv.size()),
        OSSL_PARAM_construct_end()};
    if (!gmac) p[1] = OSSL_PARAM_construct_end();
    ASSERT_EQ(EVP_MAC_init(ctx.get(), key.data(), key.size(), p), 1);
    std::size_t outl = 0;
    EXPECT_EQ(EVP_MAC_final(ctx.get(), out.data(), &outl, 15), 0) << name;
    drain_errors();
  }
}

}  // namespace
}  // namespace armaccel::test
