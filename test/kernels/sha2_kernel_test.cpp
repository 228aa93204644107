// SPDX-License-Identifier: Apache-2.0
// SHA-2 compression kernels through the Merkle-Damgard driver, every lane
// the running CPU can use: FIPS 180-4 examples (NIST "Examples with
// intermediate values"), the NIST SHAVS response files (short, long and
// Monte Carlo), and each lane against the portable lane.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "lanes_under_test.h"
#include "modes/sha2_driver.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

const char kMsg448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const char kMsg896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
    "lmnopqrsmnopqrstnopqrstu";

template <class Word>
Bytes digest(const typename Sha2Traits<Word>::Kernel* k, const Word* iv, std::size_t out_len,
             const std::uint8_t* msg, std::size_t len) {
  Sha2State<Word> s;
  sha2_init(&s, iv);
  sha2_update(&s, k, msg, len);
  Bytes out(out_len);
  sha2_final(&s, k, out.data(), out_len);
  return out;
}

template <class Word>
Bytes digest_str(const typename Sha2Traits<Word>::Kernel* k, const Word* iv, std::size_t out_len,
                 const std::string& msg) {
  return digest<Word>(k, iv, out_len, reinterpret_cast<const std::uint8_t*>(msg.data()),
                      msg.size());
}

class Sha256Lane : public ::testing::TestWithParam<const Sha256Kernel*> {};
class Sha512Lane : public ::testing::TestWithParam<const Sha512Kernel*> {};

TEST_P(Sha256Lane, Fips180Examples) {
  const Sha256Kernel* k = GetParam();
  const std::string million(1000000, 'a');
  EXPECT_EQ(to_hex(digest_str<std::uint32_t>(k, kSha256Iv, 32, "abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(to_hex(digest_str<std::uint32_t>(k, kSha256Iv, 32, kMsg448)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(to_hex(digest_str<std::uint32_t>(k, kSha256Iv, 32, million)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_EQ(to_hex(digest_str<std::uint32_t>(k, kSha224Iv, 28, "abc")),
            "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  EXPECT_EQ(to_hex(digest_str<std::uint32_t>(k, kSha224Iv, 28, kMsg448)),
            "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525");
  EXPECT_EQ(to_hex(digest_str<std::uint32_t>(k, kSha224Iv, 28, million)),
            "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67");
}

TEST_P(Sha512Lane, Fips180Examples) {
  const Sha512Kernel* k = GetParam();
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha512Iv, 64, "abc")),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha512Iv, 64, kMsg896)),
            "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
            "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha384Iv, 48, "abc")),
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
            "8086072ba1e7cc2358baeca134c825a7");
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha384Iv, 48, kMsg896)),
            "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
            "fcc7c71a557e2db966c3e9fa91746039");
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha512_224Iv, 28, "abc")),
            "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa");
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha512_224Iv, 28, kMsg896)),
            "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9");
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha512_256Iv, 32, "abc")),
            "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23");
  EXPECT_EQ(to_hex(digest_str<std::uint64_t>(k, kSha512_256Iv, 32, kMsg896)),
            "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a");
}

// SHAVS short and long messages; Monte Carlo per test/vectors/SOURCES.md:
// M0 = M1 = M2 = Seed, MD_i = H(M_{i-3} || M_{i-2} || M_{i-1}), 1000 times.
template <class Word>
void run_shavs(const typename Sha2Traits<Word>::Kernel* k, const Word* iv, std::size_t out_len,
               const std::string& name) {
  int checked = 0;
  const std::string dir = vectors_dir() + "/nist/sha2/";
  for (const char* kind : {"ShortMsg.rsp", "LongMsg.rsp", "LongMsg.rsp.gz"}) {
    const std::string path = dir + name + kind;
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
      std::fclose(f);
    } else {
      continue;
    }
    for (const RspRecord& r : parse_rsp_file(path)) {
      const std::size_t bits = std::stoul(r.get("LEN"));
      Bytes msg = from_hex(r.get("MSG"));
      msg.resize(bits / 8);  // "Msg = 00" for Len = 0
      EXPECT_EQ(to_hex(digest<Word>(k, iv, out_len, msg.data(), msg.size())), r.get("MD"))
          << path << ":" << r.line;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100) << name;
  const std::vector<RspRecord> monte = parse_rsp_file(dir + name + "Monte.rsp");
  ASSERT_FALSE(monte.empty());
  Bytes seed = from_hex(monte[0].get("SEED"));
  int rounds = 0;
  for (const RspRecord& r : monte) {
    if (!r.has("MD")) continue;
    if (++rounds > 10) break;  // keep emulated runs short
    Bytes m0 = seed, m1 = seed, m2 = seed;
    for (int i = 0; i < 1000; ++i) {
      Bytes cat = m0;
      cat.insert(cat.end(), m1.begin(), m1.end());
      cat.insert(cat.end(), m2.begin(), m2.end());
      m0 = m1;
      m1 = m2;
      m2 = digest<Word>(k, iv, out_len, cat.data(), cat.size());
    }
    EXPECT_EQ(to_hex(m2), r.get("MD")) << name << " Monte COUNT " << r.get("COUNT");
    seed = m2;
  }
}

TEST_P(Sha256Lane, NistShavs) {
  run_shavs<std::uint32_t>(GetParam(), kSha224Iv, 28, "SHA224");
  run_shavs<std::uint32_t>(GetParam(), kSha256Iv, 32, "SHA256");
}

TEST_P(Sha512Lane, NistShavs) {
  run_shavs<std::uint64_t>(GetParam(), kSha384Iv, 48, "SHA384");
  run_shavs<std::uint64_t>(GetParam(), kSha512Iv, 64, "SHA512");
  run_shavs<std::uint64_t>(GetParam(), kSha512_224Iv, 28, "SHA512_224");
  run_shavs<std::uint64_t>(GetParam(), kSha512_256Iv, 32, "SHA512_256");
}

// Every length 0..1024, unaligned, at a guard page, fed in random pieces,
// against the portable lane fed in one piece.
template <class Word>
void differential(const typename Sha2Traits<Word>::Kernel* k,
                  const typename Sha2Traits<Word>::Kernel* ref, const Word* iv) {
  Rng rng(3);
  for (std::size_t len = 0; len <= 1024; ++len) {
    SCOPED_TRACE(::testing::Message() << "len " << len << " seed " << test_seed());
    const std::size_t offset = rng.below(16);
    GuardedBuffer buf(len + offset);
    std::uint8_t* msg = buf.data() + offset;
    rng.fill(msg, len);
    const Bytes expect = digest<Word>(ref, iv, 8 * sizeof(Word), msg, len);
    Sha2State<Word> s;
    sha2_init(&s, iv);
    std::size_t done = 0;
    for (std::size_t part : random_splits(rng, len)) {
      sha2_update(&s, k, msg + done, part);
      done += part;
    }
    Bytes got(8 * sizeof(Word));
    sha2_final(&s, k, got.data(), got.size());
    ASSERT_EQ(got, expect);
  }
}

TEST_P(Sha256Lane, MatchesPortableEveryLength) {
  differential<std::uint32_t>(GetParam(), &kSha256Portable, kSha256Iv);
}

TEST_P(Sha512Lane, MatchesPortableEveryLength) {
  differential<std::uint64_t>(GetParam(), &kSha512Portable, kSha512Iv);
}

// The compression function itself against the portable lane: random H,
// 0..40 blocks per call, the data at every offset 0..15 and against a
// guard page at either end, one call and the same blocks split over
// several calls.  The data must be left as it was.
template <class Word>
void compress_differential(const typename Sha2Traits<Word>::Kernel* k,
                           const typename Sha2Traits<Word>::Kernel* ref) {
  constexpr std::size_t kBlock = Sha2Traits<Word>::kBlockBytes;
  Rng rng(5);
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
    for (std::size_t offset = 0; offset < 16; ++offset) {
      SCOPED_TRACE(::testing::Message()
                   << "blocks " << blocks << " offset " << offset << " seed " << test_seed());
      const bool at_end = (offset & 1) == 0;
      GuardedBuffer buf(blocks * kBlock + offset, at_end);
      std::uint8_t* data = buf.data() + offset;
      rng.fill(buf.data(), buf.size());
      const Bytes before(buf.data(), buf.data() + buf.size());
      Word h0[8];
      rng.fill(reinterpret_cast<std::uint8_t*>(h0), sizeof h0);
      Word expect[8], got[8], split[8];
      std::memcpy(expect, h0, sizeof h0);
      std::memcpy(got, h0, sizeof h0);
      std::memcpy(split, h0, sizeof h0);
      ref->compress(expect, data, blocks);
      k->compress(got, data, blocks);
      ASSERT_EQ(0, std::memcmp(got, expect, sizeof got));
      std::size_t done = 0;
      while (done < blocks) {
        const std::size_t part = 1 + rng.below(blocks - done);
        k->compress(split, data + done * kBlock, part);
        done += part;
      }
      ASSERT_EQ(0, std::memcmp(split, expect, sizeof split));
      ASSERT_EQ(Bytes(buf.data(), buf.data() + buf.size()), before);
    }
  }
}

TEST_P(Sha256Lane, CompressMatchesPortableEveryBlockCount) {
  compress_differential<std::uint32_t>(GetParam(), &kSha256Portable);
}

TEST_P(Sha512Lane, CompressMatchesPortableEveryBlockCount) {
  compress_differential<std::uint64_t>(GetParam(), &kSha512Portable);
}

INSTANTIATE_TEST_SUITE_P(Lanes, Sha256Lane, ::testing::ValuesIn(usable_lanes(sha256_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });
INSTANTIATE_TEST_SUITE_P(Lanes, Sha512Lane, ::testing::ValuesIn(usable_lanes(sha512_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
