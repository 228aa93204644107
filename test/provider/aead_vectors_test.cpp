// SPDX-License-Identifier: Apache-2.0
// External AEAD and XTS vectors through EVP with armaccel
// (test/vectors): OpenSSL's evp_test stanzas for GCM, CCM and XTS
// (incl. the CAVS CCM file and the expected failures), Wycheproof AES-GCM
// and AES-XTS (every case: valid ones encrypt and decrypt to the listed
// values, invalid ones are rejected), NIST CAVP GCM and XTSGen files,
// Botan's GCM, CCM (RFC 3610, SP 800-38C examples 1-3) and XTS sets, and
// SP 800-38C example 4 (64 KiB of AAD).
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evp_cipher_runner.h"
#include "ossl_helpers.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

bool is_aead_or_xts_name(const std::string& upper_name) {
  if (upper_name == "SM4-GCM" || upper_name == "SM4-CCM" || upper_name == "SM4-XTS") return true;
  return upper_name.rfind("AES-", 0) == 0 && (upper_name.find("-GCM") != std::string::npos ||
                                              upper_name.find("-CCM") != std::string::npos ||
                                              upper_name.find("-XTS") != std::string::npos);
}

// Runs every GCM, CCM and XTS stanza of an evp_test file the way evp_test
// does (whole, in place, misaligned, and for GCM in pieces); returns how
// many ran.
int run_evp_aead_file(const std::string& file) {
  int run = 0;
  for (const Stanza& s : parse_evp_file(vectors_dir() + "/openssl-evp/" + file)) {
    if (!s.has("Cipher") || s.get("Availablein") == "fips") continue;
    const CipherCase c = cipher_case(s);
    if (!is_aead_or_xts_name(c.cipher)) continue;
    CipherPtr cipher = armaccel_cipher(c.cipher);
    EXPECT_NE(cipher, nullptr) << c.cipher;
    if (cipher == nullptr) continue;
    check_cipher_case(cipher.get(), c, s.line);
    ++run;
  }
  return run;
}

TEST(OpensslEvpFiles, GcmCcmAndXtsStanzas) {
  EXPECT_GE(run_evp_aead_file("evpciph_aes_common.txt"), 210);
}

TEST(OpensslEvpFiles, Sm4GcmCcmAndXtsStanzas) {
  // RFC 8998 A.1 and A.2; GB/T 17964-2021 (default and explicit GB), IEEE
  // 1619 tweaks, and a 17-byte unit (stealing).
  EXPECT_EQ(run_evp_aead_file("evpciph_sm4.txt"), 6);
}

TEST(OpensslEvpFiles, CcmCavsStanzas) {
  EXPECT_GE(run_evp_aead_file("evpciph_aes_ccm_cavs.txt"), 2800);
}

std::string aes_name(std::size_t key_bytes, const char* mode) {
  return "AES-" + std::to_string(key_bytes * 8) + "-" + mode;
}

TEST(Wycheproof, AesGcmEveryCase) {
  std::ifstream in(vectors_dir() + "/wycheproof/aes_gcm_test.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    for (const auto& t : group["tests"]) {
      AeadOp op;
      op.key = from_hex(t["key"].get<std::string>());
      op.cipher = aes_name(op.key.size(), "GCM");
      op.iv = from_hex(t["iv"].get<std::string>());
      op.aad = from_hex(t["aad"].get<std::string>());
      const Bytes msg = from_hex(t["msg"].get<std::string>());
      const Bytes ct = from_hex(t["ct"].get<std::string>());
      op.tag = from_hex(t["tag"].get<std::string>());
      op.taglen = op.tag.size();
      const bool ok = t["result"] != "invalid";
      SCOPED_TRACE(::testing::Message() << "tcId " << t["tcId"] << " " << t["comment"]);
      Bytes out, tag;
      if (ok) {
        op.in = msg;
        ASSERT_EQ(aead_encrypt(op, &out, &tag), "") << drain_errors();
        EXPECT_EQ(to_hex(out), to_hex(ct));
        EXPECT_EQ(to_hex(tag), to_hex(op.tag));
        ++valid;
      } else {
        ++invalid;
      }
      op.in = ct;
      const std::string err = aead_decrypt(op, &out);
      drain_errors();
      if (ok) {
        EXPECT_EQ(err, "");
        EXPECT_EQ(to_hex(out), to_hex(msg));
      } else {
        // A zero-length IV is refused when set; anything else at final.
        EXPECT_EQ(err, op.iv.empty() ? "INVALID_IV_LENGTH" : "CIPHERFINAL_ERROR");
      }
    }
  }
  EXPECT_EQ(valid, 229);
  EXPECT_EQ(invalid, 87);
}

// Wycheproof SM4-GCM and SM4-CCM: valid cases give ciphertext and tag and
// decrypt; invalid ones (bad tags, and nonce or tag sizes the mode does
// not allow) fail, at the parameter or at final.
void run_wycheproof_sm4(const std::string& file, const char* cipher, int valid_expected,
                        int invalid_expected) {
  std::ifstream in(vectors_dir() + "/wycheproof/" + file);
  ASSERT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    for (const auto& t : group["tests"]) {
      AeadOp op;
      op.cipher = cipher;
      op.key = from_hex(t["key"].get<std::string>());
      op.iv = from_hex(t["iv"].get<std::string>());
      op.aad = from_hex(t["aad"].get<std::string>());
      const Bytes msg = from_hex(t["msg"].get<std::string>());
      const Bytes ct = from_hex(t["ct"].get<std::string>());
      op.tag = from_hex(t["tag"].get<std::string>());
      op.taglen = group["tagSize"].get<std::size_t>() / 8;
      SCOPED_TRACE(::testing::Message() << file << " tcId " << t["tcId"] << " " << t["comment"]);
      Bytes out, tag;
      op.in = ct;
      const std::string err = aead_decrypt(op, &out);
      drain_errors();
      if (t["result"] == "invalid") {
        EXPECT_NE(err, "");
        ++invalid;
        continue;
      }
      EXPECT_EQ(err, "");
      EXPECT_EQ(to_hex(out), to_hex(msg));
      op.in = msg;
      ASSERT_EQ(aead_encrypt(op, &out, &tag), "") << drain_errors();
      EXPECT_EQ(to_hex(out), to_hex(ct));
      EXPECT_EQ(to_hex(tag), to_hex(op.tag));
      ++valid;
    }
  }
  EXPECT_EQ(valid, valid_expected);
  EXPECT_EQ(invalid, invalid_expected);
}

TEST(Wycheproof, Sm4GcmEveryCase) {
  run_wycheproof_sm4("sm4_gcm_test.json", "SM4-GCM", 75, 29);
}

TEST(Wycheproof, Sm4CcmEveryCase) {
  run_wycheproof_sm4("sm4_ccm_test.json", "SM4-CCM", 135, 49);
}

// Emulated runs (QEMU_CPU set by CTest) take every 8th NIST record.
std::size_t nist_stride() {
  return std::getenv("QEMU_CPU") != nullptr ? 8 : 1;
}

TEST(NistCavs, GcmEncryptAndDecryptThroughEvp) {
  std::size_t enc = 0, dec = 0, fail = 0;
  for (const char* file : {"gcmEncryptExtIV128.rsp.gz", "gcmDecrypt128.rsp.gz"}) {
    const bool decrypt_file = std::string(file).find("Decrypt") != std::string::npos;
    std::size_t index = 0;
    for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/nist/aes-gcm/" + file)) {
      if (index++ % nist_stride() != 0) continue;
      AeadOp op;
      op.key = from_hex(r.get("KEY"));
      op.cipher = aes_name(op.key.size(), "GCM");
      op.iv = from_hex(r.get("IV"));
      op.aad = from_hex(r.get("AAD"));
      op.tag = from_hex(r.get("TAG"));
      op.taglen = op.tag.size();
      const Bytes ct = from_hex(r.get("CT"));
      SCOPED_TRACE(::testing::Message() << file << " line " << r.line);
      Bytes out, tag;
      if (!decrypt_file) {
        op.in = from_hex(r.get("PT"));
        ASSERT_EQ(aead_encrypt(op, &out, &tag), "") << drain_errors();
        EXPECT_EQ(to_hex(out), to_hex(ct));
        EXPECT_EQ(to_hex(tag), to_hex(op.tag));
        ++enc;
        continue;
      }
      op.in = ct;
      const std::string err = aead_decrypt(op, &out);
      drain_errors();
      if (r.has("FAIL")) {
        EXPECT_EQ(err, "CIPHERFINAL_ERROR");
        ++fail;
      } else {
        EXPECT_EQ(err, "");
        EXPECT_EQ(to_hex(out), r.get("PT"));
      }
      ++dec;
    }
  }
  EXPECT_GE(enc, 7875u / nist_stride());
  EXPECT_GE(dec, 7875u / nist_stride());
  EXPECT_GT(fail, 0u);
}

// "[AES-128/GCM(12)]" -> tag bytes 12; "[AES-128/CCM(8,2)]" -> 8 (L = 2).
std::size_t botan_tag_bytes(const std::string& algorithm) {
  const auto open = algorithm.find('(');
  return open == std::string::npos ? 16 : std::stoul(algorithm.substr(open + 1));
}

// Botan's AES (or, with sm4, SM4) records of an AEAD file; *run counts
// them.
void run_botan_aead(const std::string& file, const char* mode, bool sm4, int* run) {
  *run = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/aead/" + file)) {
    if (r.algorithm.rfind(sm4 ? "SM4/" : "AES-", 0) != 0) continue;
    AeadOp op;
    op.key = from_hex(r.get("Key"));
    op.cipher = sm4 ? std::string("SM4-") + mode : aes_name(op.key.size(), mode);
    op.iv = from_hex(r.get("Nonce"));
    op.aad = from_hex(r.get("AD"));
    op.taglen = botan_tag_bytes(r.algorithm);
    const Bytes expected = from_hex(r.get("Out"));
    ASSERT_GE(expected.size(), op.taglen);
    const Bytes ct(expected.begin(), expected.end() - static_cast<long>(op.taglen));
    op.tag.assign(expected.end() - static_cast<long>(op.taglen), expected.end());
    SCOPED_TRACE(::testing::Message() << file << " line " << r.line << " " << r.algorithm);
    Bytes out, tag;
    op.in = from_hex(r.get("In"));
    ASSERT_EQ(aead_encrypt(op, &out, &tag), "") << drain_errors();
    EXPECT_EQ(to_hex(out), to_hex(ct));
    EXPECT_EQ(to_hex(tag), to_hex(op.tag));
    const Bytes pt = op.in;
    op.in = ct;
    ASSERT_EQ(aead_decrypt(op, &out), "") << drain_errors();
    EXPECT_EQ(to_hex(out), to_hex(pt));
    ++*run;
  }
}

TEST(Botan, GcmVectors) {
  int run = 0;
  run_botan_aead("gcm.vec", "GCM", false, &run);
  EXPECT_GE(run, 20);
}

TEST(Botan, CcmVectorsWithRfc3610AndSp80038cExamples) {
  int run = 0;
  run_botan_aead("ccm.vec", "CCM", false, &run);
  EXPECT_GE(run, 20);
}

TEST(Botan, Sm4GcmAndCcmVectors) {
  int run = 0;
  run_botan_aead("gcm.vec", "GCM", true, &run);
  EXPECT_EQ(run, 3);
  run_botan_aead("ccm.vec", "CCM", true, &run);
  EXPECT_EQ(run, 1);
}

// SP 800-38C Appendix C, Example 4: 2^16 bytes of associated data (the
// bytes 00..ff repeated), which exercises the 0xfffe length encoding.
TEST(Sp80038c, Example4LongAssociatedData) {
  AeadOp op;
  op.cipher = "AES-128-CCM";
  op.key = from_hex("404142434445464748494a4b4c4d4e4f");
  op.iv = from_hex("101112131415161718191a1b1c");
  for (int i = 0; i < 65536; ++i) op.aad.push_back(static_cast<std::uint8_t>(i));
  op.in = from_hex("202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f");
  op.taglen = 14;
  Bytes ct, tag;
  ASSERT_EQ(aead_encrypt(op, &ct, &tag), "") << drain_errors();
  EXPECT_EQ(to_hex(ct) + to_hex(tag),
            "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72"
            "b4ac6bec93e8598e7f0dadbcea5b");
}

// One XTS data unit through EVP; "" or the failing step.
std::string xts_crypt(bool enc, const Bytes& key, const Bytes& tweak, const Bytes& in, Bytes* out) {
  CipherCase c;
  c.cipher = aes_name(key.size() / 2, "XTS");
  c.key = key;
  c.iv = tweak;
  c.has_iv = true;
  (enc ? c.plaintext : c.ciphertext) = in;
  CipherPtr cipher = armaccel_cipher(c.cipher);
  return run_cipher_case(cipher.get(), c, enc, Variant::kWhole, out);
}

// Vectors with equal key halves (IEEE 1619 vector 1) only decrypt: the
// key is refused for encryption, as by OpenSSL.
void check_xts(const Bytes& key, const Bytes& tweak, const Bytes& pt, const Bytes& ct) {
  Bytes out;
  const std::size_t half = key.size() / 2;
  if (std::equal(key.begin(), key.begin() + static_cast<long>(half),
                 key.begin() + static_cast<long>(half))) {
    EXPECT_EQ(xts_crypt(true, key, tweak, pt, &out), "KEY_SET_ERROR");
    drain_errors();
  } else {
    ASSERT_EQ(xts_crypt(true, key, tweak, pt, &out), "") << drain_errors();
    EXPECT_EQ(to_hex(out), to_hex(ct));
  }
  ASSERT_EQ(xts_crypt(false, key, tweak, ct, &out), "") << drain_errors();
  EXPECT_EQ(to_hex(out), to_hex(pt));
}

// Wycheproof AES-XTS: AES-128 and AES-256 (OpenSSL has no AES-192-XTS; the
// kernel tests cover it).  Short IVs are right-padded with zeros.
TEST(Wycheproof, AesXtsEveryCase) {
  std::ifstream in(vectors_dir() + "/wycheproof/aes_xts_test.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  int run = 0;
  for (const auto& group : doc["testGroups"]) {
    if (group["keySize"] == 384) continue;
    for (const auto& t : group["tests"]) {
      SCOPED_TRACE(::testing::Message() << "tcId " << t["tcId"]);
      ASSERT_EQ(t["result"], "valid");
      Bytes iv = from_hex(t["iv"].get<std::string>());
      iv.resize(16, 0);
      check_xts(from_hex(t["key"].get<std::string>()), iv, from_hex(t["msg"].get<std::string>()),
                from_hex(t["ct"].get<std::string>()));
      ++run;
    }
  }
  EXPECT_EQ(run, 82);
}

// NIST XTSGen: the tweak is the data unit sequence number, little-endian.
// Units that are not whole bytes are outside what a byte API can express.
TEST(NistCavs, XtsGenThroughEvp) {
  int run = 0;
  for (const char* file : {"XTSGenAES128-dataunitseqno.rsp", "XTSGenAES256-dataunitseqno.rsp"}) {
    std::size_t index = 0;
    for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/nist/aes-xts/" + file)) {
      if (std::stoul(r.get("DATAUNITLEN")) % 8 != 0) continue;
      if (index++ % nist_stride() != 0) continue;
      Bytes tweak(16, 0);
      unsigned long long seq = std::stoull(r.get("DATAUNITSEQNUMBER"));
      for (std::size_t i = 0; i < 8; ++i) tweak[i] = static_cast<std::uint8_t>(seq >> (8 * i));
      SCOPED_TRACE(::testing::Message() << file << " line " << r.line);
      check_xts(from_hex(r.get("KEY")), tweak, from_hex(r.get("PT")), from_hex(r.get("CT")));
      ++run;
    }
  }
  EXPECT_GE(run, 400 / static_cast<int>(nist_stride()));
}

TEST(Botan, XtsVectors) {
  int run = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/modes/xts.vec")) {
    if (r.algorithm != "AES-128/XTS" && r.algorithm != "AES-256/XTS") continue;
    Bytes tweak = from_hex(r.get("Nonce"));
    tweak.resize(16, 0);
    SCOPED_TRACE(::testing::Message() << "line " << r.line << " " << r.algorithm);
    check_xts(from_hex(r.get("Key")), tweak, from_hex(r.get("In")), from_hex(r.get("Out")));
    ++run;
  }
  EXPECT_GE(run, 100);
}

}  // namespace
}  // namespace armaccel::test
