// SPDX-License-Identifier: Apache-2.0
// XTS through the streaming driver (kernels/modes/xts_driver.h), every AES lane
// the running CPU can use: IEEE 1619 vectors as OpenSSL's evp_test file,
// NIST CAVS XTSGenAES, Botan and Wycheproof carry them (ciphertext stealing
// for every tail 1..15; Wycheproof also has AES-192 keys, which only the
// kernel offers), and streaming equal to one-shot for every data-unit length
// 16..600 under 50 random chunkings each.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lanes_under_test.h"
#include "modes/xts_driver.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class XtsLane : public ::testing::TestWithParam<const AesKernel*> {
 protected:
  // One data unit; key = data key || tweak key; chunks as given.  Returns
  // false (and no output) if the driver refuses (unit shorter than 16).
  bool run(bool encrypt, const Bytes& key, const Bytes& tweak, const Bytes& in, Bytes* out,
           const std::vector<std::size_t>& chunks) const {
    return run_with(GetParam(), encrypt, key, tweak, in, out, chunks);
  }
  static bool run_with(const AesKernel* k, bool encrypt, const Bytes& key, const Bytes& tweak,
                       const Bytes& in, Bytes* out, const std::vector<std::size_t>& chunks) {
    const std::size_t half = key.size() / 2;
    AesRoundKeys data_key, tweak_key;
    EXPECT_TRUE(encrypt ? k->set_encrypt_key(&data_key, key.data(), half)
                        : k->set_decrypt_key(&data_key, key.data(), half));
    EXPECT_TRUE(k->set_encrypt_key(&tweak_key, key.data() + half, half));
    XtsState s;
    xts_start(k, &tweak_key, &s, tweak.data(), encrypt);
    out->assign(in.size() + 32, 0);
    std::size_t read = 0, written = 0;
    for (std::size_t c : chunks) {
      const std::size_t expect = xts_update_output(&s, c);
      EXPECT_TRUE(xts_update(k, &data_key, &s, in.data() + read, out->data() + written, c));
      read += c;
      written += expect;
    }
    const std::size_t last = xts_finish(k, &data_key, &s, out->data() + written);
    out->resize(written + last);
    return last != 0;
  }
  bool run(bool encrypt, const Bytes& key, const Bytes& tweak, const Bytes& in, Bytes* out) const {
    return run(encrypt, key, tweak, in, out, {in.size()});
  }
  void check(const Bytes& key, const Bytes& tweak, const Bytes& pt, const Bytes& ct,
             const std::string& where) const {
    Bytes out;
    ASSERT_TRUE(run(true, key, tweak, pt, &out)) << where;
    EXPECT_EQ(to_hex(out), to_hex(ct)) << where;
    ASSERT_TRUE(run(false, key, tweak, ct, &out)) << where;
    EXPECT_EQ(to_hex(out), to_hex(pt)) << where;
  }
};

TEST_P(XtsLane, Ieee1619FromOpensslEvpFile) {
  int n = 0;
  for (const Stanza& st : parse_evp_file(vectors_dir() + "/openssl-evp/evpciph_aes_common.txt")) {
    std::string name = st.get("Cipher");
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name.find("-xts") == std::string::npos || st.has("Result")) continue;
    const Bytes key = evp_value(st.get("Key"));
    check(key, evp_value(st.get("IV")), evp_value(st.get("Plaintext")),
          evp_value(st.get("Ciphertext")), name + " line " + std::to_string(st.line));
    ++n;
  }
  EXPECT_GE(n, 40);
}

TEST_P(XtsLane, NistCavsXtsGen) {
  int n = 0;
  for (const char* file : {"XTSGenAES128-dataunitseqno.rsp", "XTSGenAES256-dataunitseqno.rsp"}) {
    for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/nist/aes-xts/" + file)) {
      if (std::stoul(r.get("DATAUNITLEN")) % 8 != 0) continue;  // bit-granular units
      Bytes tweak(16, 0);
      unsigned long long seq = std::stoull(r.get("DATAUNITSEQNUMBER"));
      for (int i = 0; i < 8; ++i) tweak[i] = static_cast<std::uint8_t>(seq >> (8 * i));
      const bool enc = r.settings.count("ENCRYPT") != 0;
      const Bytes key = from_hex(r.get("KEY")), pt = from_hex(r.get("PT")),
                  ct = from_hex(r.get("CT"));
      Bytes out;
      ASSERT_TRUE(run(enc, key, tweak, enc ? pt : ct, &out));
      EXPECT_EQ(to_hex(out), to_hex(enc ? ct : pt)) << file << ":" << r.line;
      ++n;
    }
  }
  EXPECT_GE(n, 1400);  // the byte-aligned records of both files
}

TEST_P(XtsLane, BotanVectors) {
  int n = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/modes/xts.vec")) {
    if (r.algorithm != "AES-128/XTS" && r.algorithm != "AES-256/XTS") continue;
    Bytes tweak = from_hex(r.get("Nonce"));
    tweak.resize(16, 0);
    check(from_hex(r.get("Key")), tweak, from_hex(r.get("In")), from_hex(r.get("Out")),
          r.algorithm + " line " + std::to_string(r.line));
    ++n;
  }
  EXPECT_GE(n, 100);
}

TEST_P(XtsLane, WycheproofIncludingAes192) {
  std::ifstream in(vectors_dir() + "/wycheproof/aes_xts_test.json");
  ASSERT_TRUE(in);
  const nlohmann::json doc = nlohmann::json::parse(in);
  int n = 0;
  for (const auto& group : doc["testGroups"]) {
    for (const auto& t : group["tests"]) {
      Bytes tweak = from_hex(t["iv"].get<std::string>());
      tweak.resize(16, 0);  // shorter IVs are right-padded (test/vectors/SOURCES.md)
      ASSERT_EQ(t["result"].get<std::string>(), "valid");
      check(from_hex(t["key"].get<std::string>()), tweak, from_hex(t["msg"].get<std::string>()),
            from_hex(t["ct"].get<std::string>()), "tcId " + std::to_string(t["tcId"].get<int>()));
      ++n;
    }
  }
  EXPECT_GE(n, 100);
}

// Streaming equals one-shot: every unit length 16..600, 50 random chunkings
// each (chunks 1..64 bytes), both directions; and long units in 1 KiB..64 KiB
// chunks.
TEST_P(XtsLane, StreamingEqualsOneShot) {
  Rng rng(11);
  for (std::size_t len = 16; len <= 600; ++len) {
    const Bytes key = rng.bytes(rng.below(2) ? 64 : 32);
    const Bytes tweak = rng.bytes(16), msg = rng.bytes(len);
    for (bool enc : {true, false}) {
      Bytes whole, pieces;
      ASSERT_TRUE(run(enc, key, tweak, msg, &whole));
      for (int trial = 0; trial < 50; ++trial) {
        std::vector<std::size_t> chunks;
        for (std::size_t left = len; left > 0;) {
          std::size_t c = 1 + rng.below(64);
          if (c > left) c = left;
          chunks.push_back(c);
          left -= c;
        }
        ASSERT_TRUE(run(enc, key, tweak, msg, &pieces, chunks));
        ASSERT_EQ(pieces, whole) << "len " << len << " seed " << test_seed();
      }
    }
  }
  for (std::size_t len : {70000, 200003}) {
    const Bytes key = rng.bytes(64), tweak = rng.bytes(16), msg = rng.bytes(len);
    Bytes whole, pieces;
    ASSERT_TRUE(run(true, key, tweak, msg, &whole));
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<std::size_t> chunks;
      for (std::size_t left = len; left > 0;) {
        std::size_t c = 1024 + rng.below(64 * 1024 - 1024 + 1);
        if (c > left) c = left;
        chunks.push_back(c);
        left -= c;
      }
      ASSERT_TRUE(run(true, key, tweak, msg, &pieces, chunks));
      ASSERT_EQ(pieces, whole) << "len " << len;
    }
  }
}

// Each lane against the portable lane through the driver: every data-unit
// length 16..1024 bytes (whole blocks and every ciphertext-stealing tail),
// AES-128 and AES-256 keys, both directions, in one call and in random
// chunks, so the lanes' short and long block runs are all crossed.
TEST_P(XtsLane, MatchesPortableEveryLength) {
  if (GetParam() == &kAesPortable) GTEST_SKIP() << "portable is the reference";
  Rng rng(13);
  for (std::size_t len = 16; len <= 1024; ++len) {
    const Bytes key = rng.bytes(rng.below(2) ? 64 : 32);
    const Bytes tweak = rng.bytes(16), msg = rng.bytes(len);
    std::vector<std::size_t> chunks;
    for (std::size_t left = len; left > 0;) {
      std::size_t c = 1 + rng.below(512);
      if (c > left) c = left;
      chunks.push_back(c);
      left -= c;
    }
    for (bool enc : {true, false}) {
      Bytes mine, pieces, ref;
      ASSERT_TRUE(run(enc, key, tweak, msg, &mine));
      ASSERT_TRUE(run(enc, key, tweak, msg, &pieces, chunks));
      ASSERT_TRUE(run_with(&kAesPortable, enc, key, tweak, msg, &ref, {len}));
      ASSERT_EQ(mine, ref) << "len " << len << (enc ? " encrypt" : " decrypt");
      ASSERT_EQ(pieces, ref) << "len " << len << (enc ? " encrypt" : " decrypt") << ", chunked";
    }
  }
}

TEST_P(XtsLane, DataUnitLimits) {
  const AesKernel* k = GetParam();
  const Bytes key(32, 7), tweak(16, 1);
  AesRoundKeys dk, tk;
  ASSERT_TRUE(k->set_encrypt_key(&dk, key.data(), 16));
  ASSERT_TRUE(k->set_encrypt_key(&tk, key.data() + 16, 16));
  XtsState s;
  xts_start(k, &tk, &s, tweak.data(), true);
  std::uint8_t buf[64] = {};
  ASSERT_TRUE(xts_update(k, &dk, &s, buf, buf, 15));
  EXPECT_EQ(xts_finish(k, &dk, &s, buf), 0u) << "shorter than one block";
  // 2^20 blocks exactly is accepted, one byte more is not (counted, not run).
  xts_start(k, &tk, &s, tweak.data(), true);
  s.unit_bytes = kXtsMaxDataUnitBytes - 16;
  EXPECT_TRUE(xts_update(k, &dk, &s, buf, buf + 32, 16));
  EXPECT_FALSE(xts_update(k, &dk, &s, buf, buf + 32, 1));
}

// Tweak arithmetic: dividing by alpha undoes multiplying (the decryption
// side of ciphertext stealing steps the tweak back); checked on the IEEE
// 1619 reduction edge (top bit set, bit 0 set) and on random tweaks.
TEST(XtsTweak, DivideUndoesMultiply) {
  Rng rng(12);
  std::vector<Bytes> tweaks = {Bytes(16, 0), Bytes(16, 0xff)};
  Bytes top(16, 0);
  top[15] = 0x80;  // x^127: multiplying folds 0x87 in
  tweaks.push_back(top);
  Bytes low(16, 0);
  low[0] = 0x87;  // what that fold produces
  tweaks.push_back(low);
  for (int i = 0; i < 200; ++i) tweaks.push_back(rng.bytes(16));
  for (const Bytes& t : tweaks) {
    Bytes a = t;
    xts_multiply_alpha(a.data());
    xts_divide_alpha(a.data());
    EXPECT_EQ(to_hex(a), to_hex(t));
    xts_divide_alpha(a.data());
    xts_multiply_alpha(a.data());
    EXPECT_EQ(to_hex(a), to_hex(t));
  }
  Bytes folded = top;
  xts_multiply_alpha(folded.data());
  EXPECT_EQ(to_hex(folded), "87000000000000000000000000000000");
}

INSTANTIATE_TEST_SUITE_P(Lanes, XtsLane, ::testing::ValuesIn(usable_lanes(aes_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
