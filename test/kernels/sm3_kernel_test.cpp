// SPDX-License-Identifier: Apache-2.0
// SM3 lanes, every lane the running CPU can use, through the Merkle-Damgard
// driver: the OSCCA examples (GB/T 32905-2016 A.1, A.2 and more), and each
// lane against the portable lane for every message length 0..1024 bytes
// (one call and random splits, from an unaligned pointer) and on
// whole-block runs from an unaligned pointer and up to a guard page.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "api/sm3.h"
#include "lanes_under_test.h"
#include "modes/sha2_driver.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class Sm3Lane : public ::testing::TestWithParam<const Sm3Kernel*> {};

Bytes sm3(const Sm3Kernel* k, const std::uint8_t* msg, const std::vector<std::size_t>& splits) {
  Sha2State<std::uint32_t> s;
  sha2_init(&s, kSm3Iv);
  std::size_t at = 0;
  for (std::size_t n : splits) {
    sha2_update(&s, k, msg + at, n);
    at += n;
  }
  Bytes out(kSm3DigestBytes);
  sha2_final(&s, k, out.data(), out.size());
  return out;
}

TEST_P(Sm3Lane, OsccaExamples) {
  int run = 0;
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/rfc/SM3/oscca.txt")) {
    Bytes msg = from_hex(r.get("MSG"));
    msg.resize(std::stoul(r.get("LEN")) / 8);
    EXPECT_EQ(to_hex(sm3(GetParam(), msg.data(), {msg.size()})), to_hex(from_hex(r.get("MD"))))
        << "line " << r.line;
    ++run;
  }
  EXPECT_EQ(run, 6);
}

TEST_P(Sm3Lane, MatchesPortable) {
  const Sm3Kernel* k = GetParam();
  Rng rng(80);
  for (std::size_t len = 0; len <= 1024; ++len) {
    const Bytes buf = rng.bytes(len + 1);
    const std::uint8_t* msg = buf.data() + 1;  // unaligned
    const Bytes ref = sm3(&kSm3Portable, msg, {len});
    ASSERT_EQ(to_hex(sm3(k, msg, {len})), to_hex(ref)) << len;
    ASSERT_EQ(to_hex(sm3(k, msg, random_splits(rng, len))), to_hex(ref)) << len << " split";
  }
  for (std::size_t blocks = 1; blocks <= 20; ++blocks) {
    const Bytes data = rng.bytes(64 * blocks + 1);
    std::uint32_t a[8], b[8];
    for (int i = 0; i < 8; ++i) a[i] = b[i] = static_cast<std::uint32_t>(rng.below(1u << 31)) * 2u;
    k->compress(a, data.data() + 1, blocks);
    kSm3Portable.compress(b, data.data() + 1, blocks);
    for (int i = 0; i < 8; ++i) ASSERT_EQ(a[i], b[i]) << blocks << " word " << i;
  }
  // Whole blocks ending at an unreadable page: no read past the input.
  for (std::size_t blocks : {1, 2, 5}) {
    GuardedBuffer g(64 * blocks);
    const Bytes data = rng.bytes(64 * blocks);
    std::copy(data.begin(), data.end(), g.data());
    std::uint32_t a[8], b[8];
    for (int i = 0; i < 8; ++i) a[i] = b[i] = kSm3Iv[i];
    k->compress(a, g.data(), blocks);
    kSm3Portable.compress(b, data.data(), blocks);
    for (int i = 0; i < 8; ++i) ASSERT_EQ(a[i], b[i]) << "guarded " << blocks << " word " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, Sm3Lane, ::testing::ValuesIn(usable_lanes(sm3_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
