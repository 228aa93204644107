// SPDX-License-Identifier: Apache-2.0
// External test vectors through EVP with armaccel (test/vectors):
// OpenSSL's evp_test files (AES ECB/CBC/CTR with NextIV; SHA-2 with
// Ncopy/Count), NIST AESAVS and SHAVS, Wycheproof AES-CBC-PKCS5, and Botan's
// CTR-BE and SHA-2 sets.  Cipher stanzas are rerun as OpenSSL's evp_test
// does: whole, in 1-byte fragments, in place, and misaligned.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "evp_cipher_runner.h"
#include "ossl_helpers.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Emulated runs (QEMU_CPU set by CTest) use fewer Monte Carlo records.
int monte_records() {
  return std::getenv("QEMU_CPU") != nullptr ? 10 : 100;
}

// One operation through the evp_test-order runner; false if any step fails.
bool evp_crypt(EVP_CIPHER* c, bool enc, const Bytes& key, const Bytes& iv, bool pad,
               const Bytes& in, Variant how, Bytes* out) {
  CipherCase cc;
  cc.key = key;
  cc.has_iv = !iv.empty();
  cc.iv = iv;
  cc.padding = pad;
  (enc ? cc.plaintext : cc.ciphertext) = in;
  return run_cipher_case(c, cc, enc, how, out).empty();
}

TEST(OpensslEvpFiles, AesCipherStanzas) {
  int run = 0;
  for (const Stanza& s : parse_evp_file(vectors_dir() + "/openssl-evp/evpciph_aes_common.txt")) {
    if (!s.has("Cipher")) continue;
    const std::string name = upper(s.get("Cipher"));
    if (name.rfind("AES-", 0) != 0 ||
        (name.find("-ECB") == std::string::npos && name.find("-CBC") == std::string::npos &&
         name.find("-CTR") == std::string::npos))
      continue;
    if (s.get("Availablein") == "fips") continue;
    CipherPtr c = armaccel_cipher(name);
    ASSERT_NE(c, nullptr) << name;
    check_cipher_case(c.get(), cipher_case(s), s.line);
    ++run;
  }
  EXPECT_GE(run, 40);
}

// OpenSSL's SM4 stanzas for the modes armaccel has as plain ciphers
// (ECB, CBC, CTR; GCM, CCM and XTS come with their mode code).
TEST(OpensslEvpFiles, Sm4CipherStanzas) {
  int run = 0;
  for (const Stanza& s : parse_evp_file(vectors_dir() + "/openssl-evp/evpciph_sm4.txt")) {
    const std::string name = s.get("Cipher");
    if (name != "SM4-ECB" && name != "SM4-CBC" && name != "SM4-CTR" && name != "SM4-OFB" &&
        name != "SM4-CFB")
      continue;
    CipherPtr c = armaccel_cipher(name);
    ASSERT_NE(c, nullptr) << name;
    check_cipher_case(c.get(), cipher_case(s), s.line);
    ++run;
  }
  EXPECT_EQ(run, 7);
}

// Runs the digest stanzas of an evp_test file on armaccel's digests (others
// are skipped); *run counts them.
void run_digest_stanzas(const std::string& file, int* run) {
  *run = 0;
  for (const Stanza& s : parse_evp_file(vectors_dir() + "/openssl-evp/" + file)) {
    if (!s.has("Digest") || s.get("Availablein") == "fips") continue;
    EVP_MD* raw = EVP_MD_fetch(armaccel_libctx(), s.get("Digest").c_str(), "provider=armaccel");
    if (raw == nullptr) {  // SHA-1, SHA256-192, ...: not armaccel's
      drain_errors();
      continue;
    }
    MdPtr md(raw);
    // Build the update sequence: each Input line is one buffer; Ncopy and
    // Count modify the buffer just above them.
    std::vector<std::pair<Bytes, long>> updates;
    for (const auto& [k, v] : s.fields) {
      if (k == "Input") {
        updates.emplace_back(evp_value(v), 1);
      } else if (k == "Ncopy" && !updates.empty()) {
        Bytes rep;
        for (long i = 0; i < std::stol(v); ++i)
          rep.insert(rep.end(), updates.back().first.begin(), updates.back().first.end());
        updates.back().first = rep;
      } else if (k == "Count" && !updates.empty()) {
        updates.back().second = std::stol(v);
      }
    }
    MdCtxPtr ctx(EVP_MD_CTX_new());
    ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
    for (const auto& [buf, count] : updates)
      for (long i = 0; i < count; ++i)
        ASSERT_EQ(EVP_DigestUpdate(ctx.get(), buf.data(), buf.size()), 1);
    const Bytes expect = evp_value(s.get("Output"));
    Bytes d(expect.size() + EVP_MAX_MD_SIZE);
    unsigned int dl = 0;
    if ((EVP_MD_get_flags(md.get()) & EVP_MD_FLAG_XOF) != 0) {  // output length = len(Output)
      ASSERT_EQ(EVP_DigestFinalXOF(ctx.get(), d.data(), expect.size()), 1);
      dl = static_cast<unsigned>(expect.size());
    } else {
      ASSERT_EQ(EVP_DigestFinal_ex(ctx.get(), d.data(), &dl), 1);
    }
    EXPECT_EQ(to_hex(d.data(), dl), to_hex(expect)) << s.get("Digest") << " line " << s.line;
    ++*run;
  }
}

TEST(OpensslEvpFiles, DigestStanzas) {
  int run = 0;
  run_digest_stanzas("evpmd_sha.txt", &run);
  EXPECT_GE(run, 60);
}

TEST(OpensslEvpFiles, Sm3Stanzas) {
  int run = 0;
  run_digest_stanzas("evpmd_sm3.txt", &run);
  EXPECT_EQ(run, 10);
}

// The OSCCA examples (GB/T 32905 A.1, A.2 and the Linux test manager's).
TEST(Oscca, Sm3Examples) {
  MdPtr md = armaccel_md("SM3");
  ASSERT_NE(md, nullptr);
  int run = 0;
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/rfc/SM3/oscca.txt")) {
    const std::size_t bits = std::stoul(r.get("LEN"));
    Bytes msg = from_hex(r.get("MSG"));
    msg.resize(bits / 8);
    unsigned char d[32];
    unsigned int dl = 0;
    ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), d, &dl, md.get(), nullptr), 1);
    EXPECT_EQ(to_hex(d, dl), to_hex(from_hex(r.get("MD")))) << "line " << r.line;
    ++run;
  }
  EXPECT_EQ(run, 6);
}

TEST(NistAesavs, MultiBlockAndMonteCarloThroughEvp) {
  for (const char* mode : {"ECB", "CBC"}) {
    for (const char* bits : {"128", "192", "256"}) {
      const std::string name = std::string("AES-") + bits + "-" + mode;
      CipherPtr c = armaccel_cipher(name);
      const bool cbc = std::strcmp(mode, "CBC") == 0;
      for (const RspRecord& r :
           parse_rsp_file(vectors_dir() + "/nist/aes-ecb-cbc/" + mode + "MMT" + bits + ".rsp")) {
        const bool enc = r.settings.count("ENCRYPT") != 0;
        Bytes out;
        ASSERT_TRUE(evp_crypt(
            c.get(), enc, from_hex(r.get("KEY")), cbc ? from_hex(r.get("IV")) : Bytes{}, false,
            from_hex(enc ? r.get("PLAINTEXT") : r.get("CIPHERTEXT")), Variant::kWhole, &out));
        EXPECT_EQ(to_hex(out), to_hex(from_hex(r.get(enc ? "CIPHERTEXT" : "PLAINTEXT"))))
            << name << " MMT line " << r.line;
      }
      int n = 0;
      for (const RspRecord& r :
           parse_rsp_file(vectors_dir() + "/nist/aes-ecb-cbc/" + mode + "MCT" + bits + ".rsp")) {
        if (++n > 2 * monte_records()) break;
        const bool enc = r.settings.count("ENCRYPT") != 0;
        CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
        const Bytes key = from_hex(r.get("KEY"));
        const Bytes iv = cbc ? from_hex(r.get("IV")) : Bytes{};
        ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), c.get(), key.data(), cbc ? iv.data() : nullptr, enc,
                                     nullptr),
                  1);
        EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
        Bytes x = from_hex(r.get(enc ? "PLAINTEXT" : "CIPHERTEXT")), out(16), prev = iv;
        int outl = 0;
        for (int j = 0; j < 1000; ++j) {
          ASSERT_EQ(EVP_CipherUpdate(ctx.get(), out.data(), &outl, x.data(), 16), 1);
          if (cbc) {
            const Bytes next = j == 0 ? iv : prev;  // AESAVS CBC chaining of inputs
            prev = out;
            x = next;
          } else {
            x = out;
          }
        }
        EXPECT_EQ(to_hex(out), to_hex(from_hex(r.get(enc ? "CIPHERTEXT" : "PLAINTEXT"))))
            << name << " MCT line " << r.line;
      }
    }
  }
}

TEST(NistShavs, ShortLongAndMonteThroughEvp) {
  const struct {
    const char* file;
    const char* digest;
  } sets[] = {{"SHA224", "SHA2-224"},         {"SHA256", "SHA2-256"},
              {"SHA384", "SHA2-384"},         {"SHA512", "SHA2-512"},
              {"SHA512_224", "SHA2-512/224"}, {"SHA512_256", "SHA2-512/256"}};
  const std::string dir = vectors_dir() + "/nist/sha2/";
  for (const auto& set : sets) {
    MdPtr md = armaccel_md(set.digest);
    int checked = 0;
    for (const char* kind : {"ShortMsg.rsp", "LongMsg.rsp", "LongMsg.rsp.gz"}) {
      const std::string path = dir + set.file + kind;
      if (!std::ifstream(path)) continue;
      for (const RspRecord& r : parse_rsp_file(path)) {
        Bytes msg = from_hex(r.get("MSG"));
        msg.resize(std::stoul(r.get("LEN")) / 8);
        unsigned char d[64];
        unsigned int dl = 0;
        ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), d, &dl, md.get(), nullptr), 1);
        EXPECT_EQ(to_hex(d, dl), r.get("MD")) << path << ":" << r.line;
        ++checked;
      }
    }
    EXPECT_GT(checked, 100) << set.file;
    const auto monte = parse_rsp_file(dir + set.file + "Monte.rsp");
    Bytes seed = from_hex(monte.at(0).get("SEED"));
    int rounds = 0;
    MdCtxPtr ctx(EVP_MD_CTX_new());
    for (const RspRecord& r : monte) {
      if (!r.has("MD")) continue;
      if (++rounds > monte_records()) break;
      Bytes m[3] = {seed, seed, seed};
      for (int i = 0; i < 1000; ++i) {
        unsigned char d[64];
        unsigned int dl = 0;
        ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
        for (const Bytes& part : m)
          ASSERT_EQ(EVP_DigestUpdate(ctx.get(), part.data(), part.size()), 1);
        ASSERT_EQ(EVP_DigestFinal_ex(ctx.get(), d, &dl), 1);
        m[0] = m[1];
        m[1] = m[2];
        m[2].assign(d, d + dl);
      }
      EXPECT_EQ(to_hex(m[2]), r.get("MD")) << set.file << " Monte " << r.get("COUNT");
      seed = m[2];
    }
  }
}

TEST(Wycheproof, AesCbcPkcs5) {
  std::ifstream in(vectors_dir() + "/wycheproof/aes_cbc_pkcs5_test.json");
  ASSERT_TRUE(in);
  const nlohmann::json doc = nlohmann::json::parse(in);
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    const int bits = group["keySize"].get<int>();
    CipherPtr c = armaccel_cipher("AES-" + std::to_string(bits) + "-CBC");
    for (const auto& t : group["tests"]) {
      const Bytes key = from_hex(t["key"].get<std::string>());
      const Bytes iv = from_hex(t["iv"].get<std::string>());
      const Bytes msg = from_hex(t["msg"].get<std::string>());
      const Bytes ct = from_hex(t["ct"].get<std::string>());
      const std::string result = t["result"].get<std::string>();
      SCOPED_TRACE(::testing::Message() << "tcId " << t["tcId"].get<int>() << " " << result);
      Bytes out;
      const bool ok = evp_crypt(c.get(), false, key, iv, true, ct, Variant::kWhole, &out);
      drain_errors();
      if (result == "valid") {
        ASSERT_TRUE(ok);
        EXPECT_EQ(out, msg);
        ASSERT_TRUE(evp_crypt(c.get(), true, key, iv, true, msg, Variant::kWhole, &out));
        EXPECT_EQ(out, ct);
        ++valid;
      } else if (result == "invalid") {
        EXPECT_FALSE(ok) << "accepted a bad padding";
        ++invalid;
      }
    }
  }
  EXPECT_GT(valid, 50);
  EXPECT_GT(invalid, 100);
}

TEST(Botan, CtrBigEndianCounters) {
  int run = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/stream/ctr.vec")) {
    std::string name;
    if (r.algorithm == "CTR-BE(AES-128)") name = "AES-128-CTR";
    if (r.algorithm == "CTR-BE(AES-192)") name = "AES-192-CTR";
    if (r.algorithm == "CTR-BE(AES-256)") name = "AES-256-CTR";
    const Bytes nonce = from_hex(r.get("Nonce"));
    if (name.empty() || nonce.size() != 16) continue;  // narrow counters are not OpenSSL's CTR
    const Bytes expect = from_hex(r.get("Out"));
    // "Seek" starts that many bytes into the keystream: advance the 128-bit
    // counter by Seek / 16 blocks, then run the Seek % 16 bytes before.
    const std::uint64_t seek_bytes = r.has("Seek") ? std::stoull(r.get("Seek")) : 0;
    Bytes counter = nonce;
    std::uint64_t add = seek_bytes / 16;
    for (int i = 15; i >= 0 && add != 0; --i) {
      const std::uint64_t v = counter[static_cast<std::size_t>(i)] + (add & 0xff);
      counter[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
      add = (add >> 8) + (v >> 8);
    }
    const std::size_t seek = static_cast<std::size_t>(seek_bytes % 16);
    Bytes msg(seek, 0);
    const Bytes in = r.has("In") ? from_hex(r.get("In")) : Bytes(expect.size(), 0);
    msg.insert(msg.end(), in.begin(), in.end());
    CipherPtr c = armaccel_cipher(name);
    Bytes out;
    for (Variant how : {Variant::kWhole, Variant::kPieces, Variant::kInPlace}) {
      ASSERT_TRUE(evp_crypt(c.get(), true, from_hex(r.get("Key")), counter, false, msg, how, &out));
      out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(seek));
      EXPECT_EQ(to_hex(out), to_hex(expect)) << r.algorithm << " line " << r.line;
    }
    ++run;
  }
  EXPECT_GE(run, 100);
}

TEST(Botan, Sha2Hashes) {
  int run = 0;
  for (const char* file : {"/botan/hash/sha2_32.vec", "/botan/hash/sha2_64.vec"}) {
    for (const VecRecord& r : parse_vec_file(vectors_dir() + file)) {
      std::string name = r.algorithm;  // SHA-224 ... SHA-512-256
      if (name == "SHA-512-256") name = "SHA2-512/256";
      MdPtr md = armaccel_md(name);
      const Bytes msg = from_hex(r.get("In"));
      unsigned char d[64];
      unsigned int dl = 0;
      ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), d, &dl, md.get(), nullptr), 1);
      EXPECT_EQ(to_hex(d, dl), to_hex(from_hex(r.get("Out")))) << r.algorithm << " line " << r.line;
      ++run;
    }
  }
  EXPECT_GE(run, 500);
}

}  // namespace
}  // namespace armaccel::test
