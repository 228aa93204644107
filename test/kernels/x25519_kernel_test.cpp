// SPDX-License-Identifier: Apache-2.0
// X25519 lanes (api/x25519.h), every lane the running CPU can use (public
// keys by the fixed-base method checked against the ladder): RFC 7748
// §5.2 (the two vectors, and the function iterated 1 and 1,000 times; the
// 1,000,000 iterations in the long runs: ARMACCEL_X25519_MILLION=1), the
// §6.1 exchange, Wycheproof's x25519_test.json (twist points, low-order
// points, non-canonical u, edge-case arithmetic), and each lane against the
// portable lane on random scalars with random and edge u-coordinates.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/x25519.h"
#include "lanes_under_test.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class X25519Lane : public ::testing::TestWithParam<const X25519Kernel*> {};

Bytes x25519(const X25519Kernel* k, const Bytes& scalar, const Bytes& u) {
  Bytes out(32);
  k->scalarmult(out.data(), scalar.data(), u.data());
  return out;
}

Bytes public_key(const X25519Kernel* k, const Bytes& scalar) {
  Bytes out(32);
  k->scalarmult_base(out.data(), scalar.data());
  return out;
}

// RFC 7748 §5.2's iteration: k, u = X25519(k, u), k, starting from k = u = 9.
Bytes iterate(const X25519Kernel* k, long times) {
  Bytes scalar(32, 0), u(32, 0);
  scalar[0] = u[0] = 9;
  for (long i = 0; i < times; ++i) {
    Bytes next = x25519(k, scalar, u);
    u = scalar;
    scalar = next;
  }
  return scalar;
}

TEST_P(X25519Lane, Rfc7748Section52) {
  int count = 0;
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/rfc/X25519/rfc7748.txt")) {
    EXPECT_EQ(
        to_hex(x25519(GetParam(), from_hex(r.get("INPUT_SCALAR")), from_hex(r.get("INPUT_U")))),
        r.get("OUTPUT_U"))
        << "line " << r.line;
    ++count;
  }
  EXPECT_EQ(count, 3);
}

TEST_P(X25519Lane, Rfc7748Section52Iterated) {
  EXPECT_EQ(to_hex(iterate(GetParam(), 1)),
            "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
  EXPECT_EQ(to_hex(iterate(GetParam(), 1000)),
            "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
}

TEST_P(X25519Lane, Rfc7748Section52MillionIterations) {
  const char* run = std::getenv("ARMACCEL_X25519_MILLION");
  if (run == nullptr || std::strcmp(run, "1") != 0)
    GTEST_SKIP() << "the long runs set ARMACCEL_X25519_MILLION=1 (scripts/long-runs.sh)";
  EXPECT_EQ(to_hex(iterate(GetParam(), 1000000)),
            "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424");
}

TEST_P(X25519Lane, Rfc7748Section61) {
  const X25519Kernel* k = GetParam();
  const Bytes alice = from_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  const Bytes bob = from_hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  const Bytes alice_pub = public_key(k, alice), bob_pub = public_key(k, bob);
  EXPECT_EQ(to_hex(alice_pub), "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  EXPECT_EQ(to_hex(bob_pub), "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  const std::string shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
  EXPECT_EQ(to_hex(x25519(k, alice, bob_pub)), shared);
  EXPECT_EQ(to_hex(x25519(k, bob, alice_pub)), shared);
  // Both of one side's results at once.
  Bytes pub(32), secret(32);
  k->public_and_shared(pub.data(), secret.data(), alice.data(), bob_pub.data());
  EXPECT_EQ(to_hex(pub), to_hex(alice_pub));
  EXPECT_EQ(to_hex(secret), shared);
}

// Every Wycheproof case: valid and "acceptable" (twist points, low-order
// points with the all-zero result, non-canonical u) give the stated shared
// value; the function itself has no invalid input.
TEST_P(X25519Lane, Wycheproof) {
  const auto doc =
      nlohmann::json::parse(read_text_file(vectors_dir() + "/wycheproof/x25519_test.json"));
  int count = 0, zero = 0;
  for (const auto& group : doc["testGroups"]) {
    for (const auto& t : group["tests"]) {
      const Bytes pub = from_hex(t["public"].get<std::string>());
      const Bytes priv = from_hex(t["private"].get<std::string>());
      const std::string shared = t["shared"].get<std::string>();
      ASSERT_EQ(pub.size(), 32u) << "tcId " << t["tcId"];
      ASSERT_EQ(priv.size(), 32u) << "tcId " << t["tcId"];
      EXPECT_EQ(to_hex(x25519(GetParam(), priv, pub)), shared) << "tcId " << t["tcId"];
      zero += shared == std::string(64, '0');
      ++count;
    }
  }
  EXPECT_EQ(count, doc["numberOfTests"].get<int>());
  EXPECT_GT(zero, 0) << "the low-order cases give the all-zero result";
}

// u-coordinates at the edges: the low-order points of Curve25519 (0, 1,
// p - 1 and the two of order 8), non-canonical values (p, p + 1, p + 9,
// 2^255 - 1), 9, and some with the top bit set (masked on decoding).
std::vector<Bytes> edge_us() {
  std::vector<Bytes> us;
  const char* hexes[] = {
      "0000000000000000000000000000000000000000000000000000000000000000",  // 0
      "0100000000000000000000000000000000000000000000000000000000000000",  // 1
      "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",  // order 8
      "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",  // order 8
      "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p - 1, order 2
      "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p: 0
      "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p + 1: 1
      "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p + 9: 9
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // 2^255 - 1: 18
      "0900000000000000000000000000000000000000000000000000000000000000",  // 9
      "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",  // order 8, top bit
      "0100000000000000000000000000000000000000000000000000000000000080",  // 1, top bit
      "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",  // p, top bit
  };
  for (const char* h : hexes) us.push_back(from_hex(h));
  return us;
}

TEST_P(X25519Lane, MatchesPortable) {
  const X25519Kernel* k = GetParam();
  Rng rng(25519);
  const std::vector<Bytes> edges = edge_us();
  for (int trial = 0; trial < 120; ++trial) {
    const Bytes scalar = rng.bytes(32);
    const Bytes u = trial < static_cast<int>(edges.size()) ? edges[trial] : rng.bytes(32);
    EXPECT_EQ(to_hex(x25519(k, scalar, u)), to_hex(x25519(&kX25519Portable, scalar, u)))
        << "scalar " << to_hex(scalar) << " u " << to_hex(u);
    const Bytes nine = from_hex("0900000000000000000000000000000000000000000000000000000000000000");
    EXPECT_EQ(to_hex(public_key(k, scalar)), to_hex(x25519(&kX25519Portable, scalar, nine)));
    Bytes pub(32), secret(32);
    k->public_and_shared(pub.data(), secret.data(), scalar.data(), u.data());
    EXPECT_EQ(to_hex(pub), to_hex(x25519(&kX25519Portable, scalar, nine)));
    EXPECT_EQ(to_hex(secret), to_hex(x25519(&kX25519Portable, scalar, u)));
  }
  // Scalars at the edges of clamping (all zeros, all ones) and of the
  // fixed-base method's signed digits (every digit 8, -8 or 7).
  const Bytes nine = from_hex("0900000000000000000000000000000000000000000000000000000000000000");
  for (const std::uint8_t fill : {0x00, 0xff, 0x88, 0x78, 0x87, 0x77, 0x08, 0x80}) {
    const Bytes scalar(32, fill);
    EXPECT_EQ(to_hex(public_key(k, scalar)), to_hex(x25519(&kX25519Portable, scalar, nine)))
        << "scalar fill " << int{fill};
    for (const Bytes& u : edges)
      EXPECT_EQ(to_hex(x25519(k, scalar, u)), to_hex(x25519(&kX25519Portable, scalar, u)));
  }
}

// The output may be written over either input.
TEST_P(X25519Lane, InPlace) {
  const X25519Kernel* k = GetParam();
  Rng rng(7748);
  const Bytes scalar = rng.bytes(32), u = rng.bytes(32);
  const Bytes want = x25519(k, scalar, u);
  Bytes a = scalar, b = u;
  k->scalarmult(a.data(), a.data(), b.data());
  EXPECT_EQ(to_hex(a), to_hex(want));
  a = scalar;
  k->scalarmult(b.data(), a.data(), b.data());
  EXPECT_EQ(to_hex(b), to_hex(want));
}

INSTANTIATE_TEST_SUITE_P(Lanes, X25519Lane, ::testing::ValuesIn(usable_lanes(x25519_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
