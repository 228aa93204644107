// SPDX-License-Identifier: Apache-2.0
// ML-KEM arithmetic lanes (mlkem_kernel.h), every lane the running CPU can
// use, against the portable lane bit for bit: NTT, inverse NTT and
// MultiplyNTTs (with and without accumulate) on zero, single-coefficient,
// all-(q-1), extreme-mixed and random canonical polynomials, in place and
// with h aliasing an input; rejection sampling on random bytes (also with
// many rejections and every room/length split), plus the FIPS 203 facts
// the portable lane itself is checked on (NTT round trip, multiplication
// matching the schoolbook product mod X^256 + 1), and the portable word-wise
// ByteEncode/ByteDecode/SamplePolyCBD against FIPS 203's bit definitions.
// The coding entries (compress_encode, decode_decompress for d = 1, 4, 5,
// 10, 11, 12), sample_cbd (eta 2, 3) and add/sub likewise against the
// portable lane: every value 0..q-1 for every d (all the rounding
// boundaries of Compress_d), zero, all q-1, random and extreme
// polynomials; random, all-0, all-1 bytes and, for d = 12, 12-bit values
// >= q for the decoders; CBD on random and fixed bit patterns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "api/mlkem_kernel.h"
#include "lanes_under_test.h"
#include "mlkem/mlkem_poly.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

using mlkem::kN;
using mlkem::kQ;
using mlkem::Poly;

class MlkemLane : public ::testing::TestWithParam<const MlkemKernel*> {};

// Random trials: qemu runs these fast enough to keep most of them.
int iterations(int native) {
  return emulated() ? native / 2 : native;
}

Poly random_poly(Rng& rng) {
  Poly f;
  for (auto& c : f.c) c = static_cast<std::uint16_t>(rng.below(kQ));
  return f;
}

// Inputs with the extremes the reductions have to survive: 0, 1, q-1,
// (q-1)/2, (q+1)/2 in random mixtures, and the fixed shapes below.
Poly extreme_poly(Rng& rng) {
  static constexpr std::uint16_t kValues[] = {0, 1, kQ - 1, kQ - 2, (kQ - 1) / 2, (kQ + 1) / 2};
  Poly f;
  for (auto& c : f.c) c = kValues[rng.below(sizeof kValues / sizeof kValues[0])];
  return f;
}

std::vector<Poly> special_polys() {
  std::vector<Poly> out;
  Poly f{};
  out.push_back(f);  // zero
  for (auto& c : f.c) c = kQ - 1;
  out.push_back(f);  // all q-1
  for (int i = 0; i < kN; ++i) f.c[i] = (i & 1) ? kQ - 1 : 0;
  out.push_back(f);
  for (int i = 0; i < kN; ++i) f.c[i] = (i & 1) ? 0 : kQ - 1;
  out.push_back(f);
  for (int pos : {0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 200, 254, 255}) {
    for (std::uint16_t v : {std::uint16_t{1}, std::uint16_t{kQ - 1}}) {
      Poly s{};
      s.c[pos] = v;
      out.push_back(s);  // single coefficient
    }
  }
  return out;
}

std::string diff(const Poly& got, const Poly& want) {
  for (int i = 0; i < kN; ++i) {
    if (got.c[i] != want.c[i])
      return "coefficient " + std::to_string(i) + ": " + std::to_string(got.c[i]) +
             " != " + std::to_string(want.c[i]);
  }
  return "";
}

bool canonical(const Poly& f) {
  for (auto c : f.c)
    if (c >= kQ) return false;
  return true;
}

void check_ntt(const MlkemKernel* k, const Poly& in, const std::string& what) {
  Poly got = in, want = in;
  k->ntt(&got);
  kMlkemPortable.ntt(&want);
  ASSERT_EQ(diff(got, want), "") << "ntt, " << what;
  got = in;
  want = in;
  k->inv_ntt(&got);
  kMlkemPortable.inv_ntt(&want);
  ASSERT_EQ(diff(got, want), "") << "inv_ntt, " << what;
}

void check_multiply(const MlkemKernel* k, const Poly& f, const Poly& g, const Poly& h0,
                    const std::string& what) {
  for (bool acc : {false, true}) {
    Poly got = h0, want = h0;
    k->multiply_ntts(&got, &f, &g, acc);
    kMlkemPortable.multiply_ntts(&want, &f, &g, acc);
    ASSERT_EQ(diff(got, want), "") << "multiply_ntts acc=" << acc << ", " << what;
    ASSERT_TRUE(canonical(got));
  }
}

TEST_P(MlkemLane, NttMatchesPortableOnSpecialInputs) {
  for (const Poly& f : special_polys()) check_ntt(GetParam(), f, "special");
}

TEST_P(MlkemLane, NttMatchesPortableOnRandomInputs) {
  Rng rng(203);
  const int n = iterations(2000);
  for (int i = 0; i < n; ++i) {
    check_ntt(GetParam(), random_poly(rng), "random #" + std::to_string(i));
    check_ntt(GetParam(), extreme_poly(rng), "extreme #" + std::to_string(i));
  }
}

TEST_P(MlkemLane, NttRoundTrip) {
  const MlkemKernel* k = GetParam();
  Rng rng(204);
  for (int i = 0; i < 50; ++i) {
    const Poly f = random_poly(rng);
    Poly g = f;
    k->ntt(&g);
    k->inv_ntt(&g);
    ASSERT_EQ(diff(g, f), "") << "round trip #" << i;
  }
}

// multiply_ntts_sum, where the lane has it, against n of the portable
// lane's multiply_ntts; extreme inputs push the lane's 32-bit sums to
// their bound.
TEST_P(MlkemLane, MultiplySumMatchesPortable) {
  const MlkemKernel* k = GetParam();
  if (k->multiply_ntts_sum == nullptr) GTEST_SKIP() << k->lane << " has no multiply_ntts_sum";
  Rng rng(206);
  const int iters = iterations(500);
  for (int i = 0; i < iters; ++i) {
    const bool ext = (i & 1) != 0;
    Poly f[4], g[4];
    const Poly* fp[4];
    const Poly* gp[4];
    for (int j = 0; j < 4; ++j) {
      f[j] = ext ? extreme_poly(rng) : random_poly(rng);
      g[j] = ext ? extreme_poly(rng) : random_poly(rng);
      fp[j] = &f[j];
      gp[j] = &g[j];
    }
    const Poly h0 = ext ? extreme_poly(rng) : random_poly(rng);
    for (unsigned n = 1; n <= 4; ++n) {
      for (bool acc : {false, true}) {
        Poly got = h0, want = h0;
        k->multiply_ntts_sum(&got, fp, gp, n, acc);
        for (unsigned j = 0; j < n; ++j) {
          kMlkemPortable.multiply_ntts(&want, &f[j], &g[j], acc || j != 0);
        }
        ASSERT_EQ(diff(got, want), "")
            << "multiply_ntts_sum n=" << n << " acc=" << acc << ", #" << i;
        ASSERT_TRUE(canonical(got));
      }
    }
  }
}

TEST_P(MlkemLane, MultiplyMatchesPortable) {
  const MlkemKernel* k = GetParam();
  const std::vector<Poly> special = special_polys();
  for (const Poly& f : special) {
    for (const Poly& g : {special[0], special[1], special[2], special[5], special[6]})
      check_multiply(k, f, g, special[1], "special");
  }
  Rng rng(205);
  const int n = iterations(2000);
  for (int i = 0; i < n; ++i) {
    const bool ext = (i & 1) != 0;
    const Poly f = ext ? extreme_poly(rng) : random_poly(rng);
    const Poly g = ext ? extreme_poly(rng) : random_poly(rng);
    const Poly h = ext ? extreme_poly(rng) : random_poly(rng);
    check_multiply(k, f, g, h, "random #" + std::to_string(i));
  }
}

TEST_P(MlkemLane, MultiplyInPlace) {
  const MlkemKernel* k = GetParam();
  Rng rng(206);
  for (int i = 0; i < 50; ++i) {
    const Poly f = random_poly(rng), g = random_poly(rng);
    for (bool acc : {false, true}) {
      Poly want = f;
      kMlkemPortable.multiply_ntts(&want, &f, &g, acc);
      Poly h = f;  // h is f
      k->multiply_ntts(&h, &h, &g, acc);
      ASSERT_EQ(diff(h, want), "") << "h = f, acc=" << acc;
      want = g;
      kMlkemPortable.multiply_ntts(&want, &f, &g, acc);
      h = g;  // h is g
      k->multiply_ntts(&h, &f, &h, acc);
      ASSERT_EQ(diff(h, want), "") << "h = g, acc=" << acc;
    }
  }
}

// NTT^-1(NTT(f) x NTT(g)) is the product in Z_q[X]/(X^256 + 1) (§4.3).
TEST_P(MlkemLane, MultiplyIsRingProduct) {
  const MlkemKernel* k = GetParam();
  Rng rng(207);
  for (int i = 0; i < 5; ++i) {
    const Poly f = random_poly(rng), g = random_poly(rng);
    std::int64_t prod[kN] = {};
    for (int a = 0; a < kN; ++a)
      for (int b = 0; b < kN; ++b) {
        const std::int64_t t = std::int64_t{f.c[a]} * g.c[b];
        if (a + b < kN)
          prod[a + b] += t;
        else
          prod[a + b - kN] -= t;
      }
    Poly want;
    for (int j = 0; j < kN; ++j) want.c[j] = static_cast<std::uint16_t>(((prod[j] % kQ) + kQ) % kQ);
    Poly fh = f, gh = g, h;
    k->ntt(&fh);
    k->ntt(&gh);
    k->multiply_ntts(&h, &fh, &gh, false);
    k->inv_ntt(&h);
    ASSERT_EQ(diff(h, want), "") << "#" << i;
  }
}

std::vector<std::uint16_t> rej(const MlkemKernel* k, unsigned room, const Bytes& buf,
                               unsigned* count) {
  std::vector<std::uint16_t> out(room + 16, 0xbeef);  // guard beyond room
  *count = k->rej_uniform(out.data(), room, buf.data(), buf.size());
  return out;
}

void check_rej(const MlkemKernel* k, unsigned room, const Bytes& buf, const std::string& what) {
  unsigned got_n = 0, want_n = 0;
  const auto got = rej(k, room, buf, &got_n);
  const auto want = rej(&kMlkemPortable, room, buf, &want_n);
  ASSERT_EQ(got_n, want_n) << what;
  ASSERT_LE(got_n, room) << what;
  for (unsigned i = 0; i < got_n; ++i) ASSERT_EQ(got[i], want[i]) << what << ", index " << i;
  for (unsigned i = room; i < got.size(); ++i)
    ASSERT_EQ(got[i], 0xbeef) << what << ": wrote past room";
}

TEST_P(MlkemLane, RejectionSamplingMatchesPortable) {
  const MlkemKernel* k = GetParam();
  Rng rng(208);
  const int n = iterations(3000);
  for (int i = 0; i < n; ++i) {
    const std::size_t len = 3 * (1 + rng.below(i % 4 == 0 ? 20 : 200));
    Bytes buf = rng.bytes(len);
    if (i % 3 == 1) {
      // Many rejections: force most candidates to >= q (high nibbles set).
      for (std::size_t b = 0; b < len; ++b)
        if (rng.below(4) != 0) buf[b] |= (b % 3 == 1) ? 0xff : 0xf0;
    }
    const unsigned room = static_cast<unsigned>(rng.below(i % 2 ? 40 : 300));
    check_rej(k, room, buf,
              "trial " + std::to_string(i) + " len " + std::to_string(len) + " room " +
                  std::to_string(room));
  }
}

TEST_P(MlkemLane, RejectionSamplingBoundaries) {
  const MlkemKernel* k = GetParam();
  // Candidates q-1, q, 4095 and 0 in every lane position.
  for (std::uint16_t v :
       {std::uint16_t{0}, std::uint16_t{kQ - 1}, std::uint16_t{kQ}, std::uint16_t{4095}}) {
    Bytes buf(168);
    for (std::size_t t = 0; t < buf.size(); t += 3) {
      const std::uint16_t d1 = static_cast<std::uint16_t>((t / 3) % 2 ? v : kQ - 1 - (t % 7));
      const std::uint16_t d2 = v;
      buf[t] = static_cast<std::uint8_t>(d1);
      buf[t + 1] = static_cast<std::uint8_t>((d1 >> 8) | (d2 << 4));
      buf[t + 2] = static_cast<std::uint8_t>(d2 >> 4);
    }
    for (unsigned room : {0u, 1u, 15u, 16u, 17u, 31u, 32u, 100u, 256u})
      check_rej(k, room, buf, "value " + std::to_string(v) + " room " + std::to_string(room));
  }
}

constexpr unsigned kCodingD[] = {1, 4, 5, 10, 11, 12};

// Polynomials holding every value 0..q-1 (3329 = 13 * 256 + 1): poly t
// has values 256 t + i (the last one wraps around to small values), and
// the same set in reverse order and interleaved with q-1 - x.
std::vector<Poly> every_value_polys() {
  std::vector<Poly> out;
  for (int t = 0; t * kN < kQ; ++t) {
    Poly f, r, m;
    for (int i = 0; i < kN; ++i) {
      const auto x = static_cast<std::uint16_t>((t * kN + i) % kQ);
      f.c[i] = x;
      r.c[kN - 1 - i] = x;
      m.c[i] = (i & 1) ? static_cast<std::uint16_t>(kQ - 1 - x) : x;
    }
    out.push_back(f);
    out.push_back(r);
    out.push_back(m);
  }
  return out;
}

std::string bytes_diff(const Bytes& got, const Bytes& want) {
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (got[i] != want[i])
      return "byte " + std::to_string(i) + ": " + std::to_string(got[i]) +
             " != " + std::to_string(want[i]);
  }
  return "";
}

void check_encode(const MlkemKernel* k, const Poly& f, unsigned d, const std::string& what) {
  Bytes got(32 * d + 16, 0xa5), want(32 * d + 16, 0xa5);  // guard bytes past the end
  const Poly keep = f;
  k->compress_encode(got.data(), &f, d);
  kMlkemPortable.compress_encode(want.data(), &f, d);
  ASSERT_EQ(bytes_diff(got, want), "") << "compress_encode d=" << d << ", " << what;
  ASSERT_EQ(diff(f, keep), "") << "compress_encode changed its input, d=" << d;
}

void check_decode(const MlkemKernel* k, const Bytes& in, unsigned d, const std::string& what) {
  Poly got, want;
  k->decode_decompress(&got, in.data(), d);
  kMlkemPortable.decode_decompress(&want, in.data(), d);
  ASSERT_EQ(diff(got, want), "") << "decode_decompress d=" << d << ", " << what;
  ASSERT_TRUE(canonical(got)) << "d=" << d << ", " << what;
}

TEST_P(MlkemLane, CompressEncodeMatchesPortable) {
  const MlkemKernel* k = GetParam();
  for (unsigned d : kCodingD) {
    for (const Poly& f : every_value_polys()) check_encode(k, f, d, "every value");
    for (const Poly& f : special_polys()) check_encode(k, f, d, "special");
    Rng rng(211 + d);
    const int n = iterations(200);
    for (int i = 0; i < n; ++i) {
      check_encode(k, random_poly(rng), d, "random #" + std::to_string(i));
      check_encode(k, extreme_poly(rng), d, "extreme #" + std::to_string(i));
    }
  }
}

TEST_P(MlkemLane, DecodeDecompressMatchesPortable) {
  const MlkemKernel* k = GetParam();
  for (unsigned d : kCodingD) {
    const std::size_t len = 32 * d;
    check_decode(k, Bytes(len, 0x00), d, "all 0");
    check_decode(k, Bytes(len, 0xff), d, "all 1");
    for (std::uint8_t b : {0x55, 0xaa, 0x0f, 0xf0, 0x01, 0x80}) {
      check_decode(k, Bytes(len, b), d, "pattern " + std::to_string(b));
    }
    // Encodings of every value (and of every compressed value).
    for (const Poly& f : every_value_polys()) {
      Bytes in(len);
      kMlkemPortable.compress_encode(in.data(), &f, d);
      check_decode(k, in, d, "encoded every value");
    }
    Rng rng(221 + d);
    const int n = iterations(400);
    for (int i = 0; i < n; ++i) check_decode(k, rng.bytes(len), d, "random #" + std::to_string(i));
  }
  // d = 12: every 12-bit value, q..4095 in particular (reduced mod q).
  Poly f;
  for (int start = 0; start < 4096; start += kN) {
    for (int i = 0; i < kN; ++i) f.c[i] = static_cast<std::uint16_t>(start + i);
    Bytes in(384);
    mlkem::byte_encode(in.data(), &f, 12);  // raw 12-bit fields, not reduced
    check_decode(k, in, 12, "12-bit values from " + std::to_string(start));
  }
  Rng rng(230);
  for (int i = 0; i < 50; ++i) {
    for (auto& c : f.c) c = static_cast<std::uint16_t>(kQ + rng.below(4096 - kQ));
    Bytes in(384);
    mlkem::byte_encode(in.data(), &f, 12);
    check_decode(k, in, 12, ">= q #" + std::to_string(i));
  }
}

TEST_P(MlkemLane, SampleCbdMatchesPortable) {
  const MlkemKernel* k = GetParam();
  Rng rng(231);
  for (unsigned eta : {2u, 3u}) {
    const std::size_t len = 64 * eta;
    std::vector<Bytes> inputs;
    for (std::uint8_t b : {0x00, 0xff, 0x0f, 0xf0, 0x55, 0xaa, 0x33, 0xcc, 0x07, 0x38, 0xc7})
      inputs.emplace_back(len, b);
    const int n = iterations(1000);
    for (int i = 0; i < n; ++i) inputs.push_back(rng.bytes(len));
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      Poly got, want;
      k->sample_cbd(&got, inputs[i].data(), eta);
      kMlkemPortable.sample_cbd(&want, inputs[i].data(), eta);
      ASSERT_EQ(diff(got, want), "") << "eta " << eta << " input #" << i;
    }
  }
}

TEST_P(MlkemLane, AddSubMatchPortable) {
  const MlkemKernel* k = GetParam();
  const std::vector<Poly> special = special_polys();
  std::vector<std::pair<Poly, Poly>> pairs;
  for (const Poly& a : special)
    for (const Poly& b : {special[0], special[1], special[2], special[3], special[6]})
      pairs.emplace_back(a, b);
  Rng rng(232);
  const int n = iterations(500);
  for (int i = 0; i < n; ++i) {
    const bool ext = (i & 1) != 0;
    pairs.emplace_back(ext ? extreme_poly(rng) : random_poly(rng),
                       ext ? extreme_poly(rng) : random_poly(rng));
  }
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Poly& a = pairs[i].first;
    const Poly& b = pairs[i].second;
    for (int op = 0; op < 2; ++op) {
      const auto fk = op == 0 ? k->add : k->sub;
      const auto fp = op == 0 ? kMlkemPortable.add : kMlkemPortable.sub;
      const char* name = op == 0 ? "add" : "sub";
      Poly got, want;
      fk(&got, &a, &b);
      fp(&want, &a, &b);
      ASSERT_EQ(diff(got, want), "") << name << " #" << i;
      got = a;  // r is a
      fk(&got, &got, &b);
      ASSERT_EQ(diff(got, want), "") << name << " r = a, #" << i;
      got = b;  // r is b
      fk(&got, &a, &got);
      ASSERT_EQ(diff(got, want), "") << name << " r = b, #" << i;
    }
  }
}

// The portable coders and CBD sampler work on words; check them against
// FIPS 203's bit-by-bit definitions (Algorithms 5, 6, 8; BitsToBytes).
int bit(const std::uint8_t* b, std::size_t i) {
  return (b[i / 8] >> (i % 8)) & 1;
}

TEST(MlkemPortableCoding, ByteEncodeDecodeMatchBitDefinitions) {
  Rng rng(209);
  for (unsigned d = 1; d <= 12; ++d) {
    for (int trial = 0; trial < 20; ++trial) {
      Poly f;
      const std::uint32_t m = d == 12 ? kQ : (1u << d);
      for (auto& c : f.c) c = static_cast<std::uint16_t>(trial == 0 ? m - 1 : rng.below(m));
      std::vector<std::uint8_t> got(32 * d), want(32 * d, 0);
      mlkem::byte_encode(got.data(), &f, d);
      for (int i = 0; i < kN; ++i)
        for (unsigned j = 0; j < d; ++j)
          want[(i * d + j) / 8] |=
              static_cast<std::uint8_t>(((f.c[i] >> j) & 1) << ((i * d + j) % 8));
      ASSERT_EQ(got, want) << "encode d=" << d;
      const Bytes bytes = rng.bytes(32 * d);
      Poly g;
      mlkem::byte_decode(&g, bytes.data(), d);
      for (int i = 0; i < kN; ++i) {
        std::uint32_t v = 0;
        for (unsigned j = 0; j < d; ++j)
          v |= static_cast<std::uint32_t>(bit(bytes.data(), i * d + j)) << j;
        ASSERT_EQ(g.c[i], v % m) << "decode d=" << d << " i=" << i;
      }
    }
  }
}

TEST(MlkemPortableCoding, SampleCbdMatchesBitDefinition) {
  Rng rng(210);
  for (unsigned eta : {2u, 3u}) {
    for (int trial = 0; trial < 50; ++trial) {
      Bytes bytes = rng.bytes(64 * eta);
      if (trial == 0) std::fill(bytes.begin(), bytes.end(), 0xff);
      if (trial == 1) std::fill(bytes.begin(), bytes.end(), 0x0f);
      Poly f;
      mlkem::sample_cbd(&f, bytes.data(), eta);
      for (int i = 0; i < kN; ++i) {
        int x = 0, y = 0;
        for (unsigned j = 0; j < eta; ++j) {
          x += bit(bytes.data(), 2 * i * eta + j);
          y += bit(bytes.data(), 2 * i * eta + eta + j);
        }
        ASSERT_EQ(f.c[i], (x - y + kQ) % kQ) << "eta " << eta << " i " << i;
      }
    }
  }
}

// The fused portable entries equal the separate steps (Compress_d then
// ByteEncode_d; ByteDecode_d then Decompress_d), every d, every value.
TEST(MlkemPortableCoding, FusedEntriesMatchSeparateSteps) {
  Rng rng(233);
  std::vector<Poly> polys = every_value_polys();
  for (int i = 0; i < 20; ++i) polys.push_back(random_poly(rng));
  for (unsigned d = 1; d <= 12; ++d) {
    for (const Poly& f : polys) {
      Bytes got(32 * d), want(32 * d);
      mlkem::compress_encode(got.data(), &f, d);
      Poly c = f;
      if (d < 12) mlkem::compress(&c, d);
      mlkem::byte_encode(want.data(), &c, d);
      ASSERT_EQ(got, want) << "encode d=" << d;
    }
    for (int i = 0; i < 20; ++i) {
      const Bytes in = rng.bytes(32 * d);
      Poly got, want;
      mlkem::decode_decompress(&got, in.data(), d);
      mlkem::byte_decode(&want, in.data(), d);
      if (d < 12) mlkem::decompress(&want, d);
      ASSERT_EQ(diff(got, want), "") << "decode d=" << d;
    }
  }
}

// Compress_d is exact rounding (§4.2.1) for every x, checked with
// integers: round(2^d x / q) mod 2^d.
TEST(MlkemPortableCoding, CompressIsExactRounding) {
  for (unsigned d = 1; d <= 11; ++d) {
    for (int x0 = 0; x0 < kQ; x0 += kN) {
      Poly f;
      for (int i = 0; i < kN; ++i) f.c[i] = static_cast<std::uint16_t>((x0 + i) % kQ);
      Poly c = f;
      mlkem::compress(&c, d);
      for (int i = 0; i < kN; ++i) {
        const std::uint32_t x = f.c[i];
        const std::uint32_t want = (((x << (d + 1)) + kQ) / (2 * kQ)) % (1u << d);
        ASSERT_EQ(c.c[i], want) << "d=" << d << " x=" << x;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, MlkemLane, ::testing::ValuesIn(usable_lanes(mlkem_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
