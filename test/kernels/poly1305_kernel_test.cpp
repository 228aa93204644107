// SPDX-License-Identifier: Apache-2.0
// Poly1305 lanes and the MAC driver (poly1305_driver.h), every lane the
// running CPU can use: RFC 8439 §2.5.2 and Appendix A.3 (incl. the carry
// edge cases), Botan's Poly1305 vectors, and each lane against the portable
// lane on random and extreme keys and messages (all-ones r and data, which
// push every limb to its bound), whole and in random splits.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "api/poly1305.h"
#include "lanes_under_test.h"
#include "modes/poly1305_driver.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class Poly1305Lane : public ::testing::TestWithParam<const Poly1305Kernel*> {};

Bytes mac(const Poly1305Kernel* k, const Bytes& key, const Bytes& msg,
          const std::vector<std::size_t>& splits) {
  Poly1305Mac m;
  poly1305_start(k, &m, key.data());
  std::size_t at = 0;
  for (std::size_t part : splits) {
    poly1305_update(k, &m, msg.data() + at, part);
    at += part;
  }
  Bytes tag(16);
  poly1305_final(k, &m, tag.data());
  return tag;
}

Bytes mac(const Poly1305Kernel* k, const Bytes& key, const Bytes& msg) {
  return mac(k, key, msg, {msg.size()});
}

TEST_P(Poly1305Lane, Rfc8439Section252) {
  const std::string text = "Cryptographic Forum Research Group";
  const Bytes key = from_hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
  EXPECT_EQ(to_hex(mac(GetParam(), key, Bytes(text.begin(), text.end()))),
            "a8061dc1305136c6c22b8baf0c0127a9");
}

TEST_P(Poly1305Lane, RfcAppendixA3) {
  Rng rng(40);
  int count = 0;
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/rfc/poly1305/rfc7539.txt")) {
    const Bytes key = from_hex(r.get("KEY")), msg = from_hex(r.get("MSG"));
    EXPECT_EQ(to_hex(mac(GetParam(), key, msg)), to_hex(from_hex(r.get("TAG"))))
        << "line " << r.line;
    EXPECT_EQ(to_hex(mac(GetParam(), key, msg, random_splits(rng, msg.size()))),
              to_hex(from_hex(r.get("TAG"))))
        << "line " << r.line << " split";
    ++count;
  }
  EXPECT_EQ(count, 11);
}

TEST_P(Poly1305Lane, BotanVectors) {
  int count = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/mac/poly1305.vec")) {
    const Bytes key = from_hex(r.get("Key")), msg = from_hex(r.get("In"));
    Bytes expect = from_hex(r.get("Out"));
    EXPECT_EQ(to_hex(mac(GetParam(), key, msg)), to_hex(expect)) << "poly1305.vec:" << r.line;
    ++count;
  }
  EXPECT_GE(count, 50);
}

TEST_P(Poly1305Lane, MatchesPortable) {
  const Poly1305Kernel* k = GetParam();
  Rng rng(41);
  for (int trial = 0; trial < 300; ++trial) {
    Bytes key = rng.bytes(32);
    Bytes msg = rng.bytes(trial < 200 ? static_cast<std::size_t>(trial) : rng.below(3000));
    if (trial % 5 == 1) std::fill(key.begin(), key.begin() + 16, 0xff);  // r at its clamp maximum
    if (trial % 5 == 2) std::fill(msg.begin(), msg.end(), 0xff);
    if (trial % 5 == 3) {
      std::fill(key.begin(), key.end(), 0xff);
      std::fill(msg.begin(), msg.end(), 0xff);
    }
    const Bytes ref = mac(&kPoly1305Portable, key, msg);
    ASSERT_EQ(to_hex(mac(k, key, msg)), to_hex(ref)) << "trial " << trial << " len " << msg.size();
    ASSERT_EQ(to_hex(mac(k, key, msg, random_splits(rng, msg.size()))), to_hex(ref))
        << "trial " << trial << " split";
  }
}

TEST_P(Poly1305Lane, BlocksCallsCompose) {
  // Any split of whole blocks into kernel calls gives the same tag, and an
  // unaligned data pointer is fine.
  const Poly1305Kernel* k = GetParam();
  Rng rng(42);
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
    const Bytes key = rng.bytes(32), data = rng.bytes(16 * blocks + 1);
    Poly1305State one, parts;
    k->init(&one, key.data());
    k->init(&parts, key.data());
    k->blocks(&one, data.data() + 1, blocks, 1);
    std::size_t done = 0;
    while (done < blocks) {
      const std::size_t n = 1 + rng.below(blocks - done);
      k->blocks(&parts, data.data() + 1 + 16 * done, n, 1);
      done += n;
    }
    std::uint8_t t1[16], t2[16], t3[16];
    k->finish(&one, key.data() + 16, t1);
    k->finish(&parts, key.data() + 16, t2);
    Poly1305State ref;
    kPoly1305Portable.init(&ref, key.data());
    kPoly1305Portable.blocks(&ref, data.data() + 1, blocks, 1);
    kPoly1305Portable.finish(&ref, key.data() + 16, t3);
    ASSERT_EQ(to_hex(t1, 16), to_hex(t3, 16)) << blocks;
    ASSERT_EQ(to_hex(t2, 16), to_hex(t3, 16)) << blocks;
  }
}

TEST_P(Poly1305Lane, BlocksWithoutPadBit) {
  // pad_bit = 0 (blocks the caller padded itself) on runs long enough for
  // every lane's multi-block path, extreme and random data.
  const Poly1305Kernel* k = GetParam();
  Rng rng(43);
  for (int trial = 0; trial < 40; ++trial) {
    Bytes key = rng.bytes(32);
    const std::size_t blocks = rng.below(64);
    Bytes data = rng.bytes(16 * blocks);
    if (trial % 2 == 0) {
      std::fill(key.begin(), key.end(), 0xff);
      std::fill(data.begin(), data.end(), 0xff);
    }
    Poly1305State st, ref;
    k->init(&st, key.data());
    kPoly1305Portable.init(&ref, key.data());
    k->blocks(&st, data.data(), blocks, 0);
    kPoly1305Portable.blocks(&ref, data.data(), blocks, 0);
    std::uint8_t t1[16], t2[16];
    k->finish(&st, key.data() + 16, t1);
    kPoly1305Portable.finish(&ref, key.data() + 16, t2);
    ASSERT_EQ(to_hex(t1, 16), to_hex(t2, 16)) << "trial " << trial << " blocks " << blocks;
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, Poly1305Lane, ::testing::ValuesIn(usable_lanes(poly1305_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
