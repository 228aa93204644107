// SPDX-License-Identifier: Apache-2.0
// Differential test of the ML-KEM arithmetic lanes on a Cortex-M board:
// every lane in mlkem_lanes() against the portable reference
// (kMlkemPortable) for NTT (FIPS 203 Alg. 9), inverse NTT (Alg. 10) and
// MultiplyNTTs (Alg. 11) with and without accumulate, h separate and h
// aliasing f, bit for bit; add / sub (r separate, r == a, r == b, all
// three one); compress_encode (Alg. 5 after §4.2.1 Compress) for d = 1, 4,
// 5, 10, 11, 12 into misaligned buffers with guard bytes, over every value
// 0..q-1 and the polynomial inputs.  Inputs: extreme polynomials (all 0,
// all q-1, single non-zero coefficients, alternating 0 / q-1, ...) and
// random canonical ones.  Byte inputs (run_bytes): decode_decompress
// (Alg. 6 then Decompress) for the same d from random, all-0 / all-1 and
// patterned bytes (d = 12 with 12-bit fields >= q), sample_cbd (Alg. 8)
// eta 2 and 3, rej_uniform (Alg. 7 steps 5-16) over every length multiple
// of 3 up to 504 and rooms 0..256 with guard values past room.  Exit
// status: the number of failures (at most 255).
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "api/mlkem_kernel.h"
#include "board.h"
#include "cpu/lanes.h"

namespace armaccel::baremetal {
namespace {

using mlkem::kN;
using mlkem::kQ;
using mlkem::Poly;

int failures = 0;
int checks = 0;

void compare(const char* what, const char* lane, const char* input, const Poly& got,
             const Poly& want) {
  ++checks;
  for (int i = 0; i < kN; ++i) {
    if (got.c[i] != want.c[i]) {
      if (failures < 20) {
        std::printf("FAIL %s on %s (%s): coefficient %d is %u, want %u\n", what, lane, input, i,
                    got.c[i], want.c[i]);
      }
      ++failures;
      return;
    }
  }
}

void fail(const char* what, const char* lane, const char* input, unsigned detail) {
  if (failures < 20) std::printf("FAIL %s on %s (%s): at %u\n", what, lane, input, detail);
  ++failures;
}

constexpr unsigned kDs[6] = {1, 4, 5, 10, 11, 12};

// compress_encode(f, d) for every d, into a buffer at offset 1..3 from a
// word boundary with guard bytes either side.
void check_encode(const MlkemKernel& k, const char* input, const Poly& f) {
  const MlkemKernel& ref = kMlkemPortable;
  for (unsigned d : kDs) {
    const unsigned n = 32 * d, off = 1 + d % 3;
    alignas(4) std::uint8_t got[32 * 12 + 8], want[32 * 12 + 8];
    std::memset(got, 0xa5, sizeof got);
    std::memset(want, 0xa5, sizeof want);
    k.compress_encode(got + off, &f, d);
    ref.compress_encode(want + off, &f, d);
    ++checks;
    for (unsigned i = 0; i < sizeof got; ++i) {
      if (got[i] != want[i]) {
        char what[32];
        std::snprintf(what, sizeof what, "compress_encode d=%u%s", d,
                      i < off || i >= off + n ? " guard" : "");
        fail(what, k.lane, input, i);
        break;
      }
    }
  }
}

// add and sub, r separate and aliasing a, b or both.
void check_add_sub(const MlkemKernel& k, const char* input, const Poly& a, const Poly& b) {
  const MlkemKernel& ref = kMlkemPortable;
  for (int op = 0; op < 2; ++op) {
    auto lane = op == 0 ? k.add : k.sub;
    auto want_op = op == 0 ? ref.add : ref.sub;
    const char* name = op == 0 ? "add" : "sub";
    char what[32];
    Poly got, want;
    lane(&got, &a, &b);
    want_op(&want, &a, &b);
    compare(name, k.lane, input, got, want);
    got = a, want = a;
    lane(&got, &got, &b);
    want_op(&want, &want, &b);
    std::snprintf(what, sizeof what, "%s r == a", name);
    compare(what, k.lane, input, got, want);
    got = b, want = b;
    lane(&got, &a, &got);
    want_op(&want, &a, &want);
    std::snprintf(what, sizeof what, "%s r == b", name);
    compare(what, k.lane, input, got, want);
    got = a, want = a;
    lane(&got, &got, &got);
    want_op(&want, &want, &want);
    std::snprintf(what, sizeof what, "%s r == a == b", name);
    compare(what, k.lane, input, got, want);
  }
}

void check_lane(const MlkemKernel& k, const char* input, const Poly& a, const Poly& b,
                const Poly& h0) {
  check_encode(k, input, a);
  check_add_sub(k, input, a, b);

  const MlkemKernel& ref = kMlkemPortable;
  Poly got, want;

  got = a, want = a;
  k.ntt(&got);
  ref.ntt(&want);
  compare("ntt", k.lane, input, got, want);

  got = a, want = a;
  k.inv_ntt(&got);
  ref.inv_ntt(&want);
  compare("inv_ntt", k.lane, input, got, want);

  for (bool acc : {false, true}) {
    const char* what = acc ? "multiply_ntts accumulate" : "multiply_ntts";
    got = h0, want = h0;
    k.multiply_ntts(&got, &a, &b, acc);
    ref.multiply_ntts(&want, &a, &b, acc);
    compare(what, k.lane, input, got, want);

    // h == f (and, with accumulate, h's old value is f itself).
    got = a, want = a;
    k.multiply_ntts(&got, &got, &b, acc);
    ref.multiply_ntts(&want, &want, &b, acc);
    compare(acc ? "multiply_ntts accumulate h == f" : "multiply_ntts h == f", k.lane, input, got,
            want);

    // h == g.
    got = b, want = b;
    k.multiply_ntts(&got, &a, &got, acc);
    ref.multiply_ntts(&want, &a, &want, acc);
    compare(acc ? "multiply_ntts accumulate h == g" : "multiply_ntts h == g", k.lane, input, got,
            want);
  }

  // A round trip through the lane alone: inv_ntt(ntt(a)) == a.
  got = a;
  k.ntt(&got);
  k.inv_ntt(&got);
  compare("inv_ntt(ntt(a))", k.lane, input, got, a);
}

Poly filled(std::uint16_t v) {
  Poly p;
  for (auto& c : p.c) c = v;
  return p;
}

Poly random_poly(TestRng& rng) {
  Poly p;
  for (auto& c : p.c) c = static_cast<std::uint16_t>(rng.below(kQ));
  return p;
}

void run_lane(const MlkemKernel& k) {
  const int before = failures, checks_before = checks;
  const Poly zero = filled(0), top = filled(kQ - 1);
  Poly alt = zero, alt2 = zero;
  for (int i = 0; i < kN; ++i) {
    alt.c[i] = (i & 1) ? kQ - 1 : 0;
    alt2.c[i] = (i & 2) ? kQ - 1 : 0;
  }
  check_lane(k, "all 0", zero, zero, zero);
  check_lane(k, "all q-1", top, top, top);
  check_lane(k, "all q-1 x all 0", top, zero, top);
  check_lane(k, "alternating 0/q-1", alt, alt2, top);
  check_lane(k, "alternating q-1/0", alt2, alt, alt);
  check_lane(k, "all (q-1)/2", filled((kQ - 1) / 2), filled((kQ + 1) / 2), filled(1));
  // Single coefficients: 0 elsewhere, q-1, 1 or (q+1)/2 at position i.
  for (int i = 0; i < kN; ++i) {
    Poly one = zero;
    one.c[i] = (i % 3 == 0) ? kQ - 1 : (i % 3 == 1) ? 1 : (kQ + 1) / 2;
    Poly other = top;
    other.c[(i * 37) % kN] = 0;
    check_lane(k, "single coefficient", one, other, one);
  }
  TestRng rng(0x6d6c6b656d617277ull);
  for (int it = 0; it < 300; ++it) {
    const Poly a = random_poly(rng), b = random_poly(rng), h = random_poly(rng);
    check_lane(k, "random", a, b, h);
  }
  // Random polynomials with every coefficient in {0, 1, q-2, q-1}.
  for (int it = 0; it < 100; ++it) {
    Poly a, b, h;
    static constexpr std::uint16_t kEdge[4] = {0, 1, kQ - 2, kQ - 1};
    for (int i = 0; i < kN; ++i) {
      a.c[i] = kEdge[rng.below(4)];
      b.c[i] = kEdge[rng.below(4)];
      h.c[i] = kEdge[rng.below(4)];
    }
    check_lane(k, "random edge values", a, b, h);
  }
  // Every value 0..q-1 through compress_encode: value 256 p + i at
  // coefficient i of polynomial p (the last one wraps to small values).
  for (int p = 0; p * kN < kQ; ++p) {
    Poly f;
    for (int i = 0; i < kN; ++i) f.c[i] = static_cast<std::uint16_t>((p * kN + i) % kQ);
    check_encode(k, "every value", f);
  }
  std::printf("%s: %d comparisons, %d failure(s)\n", k.lane, checks - checks_before,
              failures - before);
}

// decode_decompress for every d and sample_cbd for eta 2, 3 from `bytes`
// (384 of them; inputs read from a misaligned copy).
void check_bytes(const MlkemKernel& k, const char* input, const std::uint8_t* bytes) {
  const MlkemKernel& ref = kMlkemPortable;
  alignas(4) std::uint8_t in[32 * 12 + 4];
  for (unsigned d : kDs) {
    const unsigned off = 1 + d % 3;
    std::memcpy(in + off, bytes, 32 * d);
    Poly got = filled(7), want = filled(7);
    k.decode_decompress(&got, in + off, d);
    ref.decode_decompress(&want, in + off, d);
    char what[32];
    std::snprintf(what, sizeof what, "decode_decompress d=%u", d);
    compare(what, k.lane, input, got, want);
  }
  for (unsigned eta : {2u, 3u}) {
    const unsigned off = eta;
    std::memcpy(in + off, bytes, 64 * eta);
    Poly got = filled(7), want = filled(7);
    k.sample_cbd(&got, in + off, eta);
    ref.sample_cbd(&want, in + off, eta);
    compare(eta == 2 ? "sample_cbd eta=2" : "sample_cbd eta=3", k.lane, input, got, want);
  }
}

// rej_uniform over the first len bytes (misaligned by off) with `room`
// slots, the output array's slots past room holding a guard value.
void check_rej(const MlkemKernel& k, const char* input, const std::uint8_t* bytes, unsigned len,
               unsigned room, unsigned off) {
  const MlkemKernel& ref = kMlkemPortable;
  alignas(4) std::uint8_t in[504 + 4];
  std::memcpy(in + off, bytes, len);
  std::uint16_t got[kN + 8], want[kN + 8];
  for (unsigned i = 0; i < kN + 8; ++i) got[i] = want[i] = static_cast<std::uint16_t>(0xbeef + i);
  const unsigned n_got = k.rej_uniform(got + 1, room, in + off, len);
  const unsigned n_want = ref.rej_uniform(want + 1, room, in + off, len);
  ++checks;
  if (n_got != n_want) return fail("rej_uniform count", k.lane, input, n_got);
  for (unsigned i = 0; i < kN + 8; ++i) {
    if (got[i] != want[i]) return fail("rej_uniform output/guard", k.lane, input, i);
  }
}

void run_bytes(const MlkemKernel& k) {
  const int before = failures, checks_before = checks;
  std::uint8_t bytes[504];
  for (int pattern : {0x00, 0xff, 0x55, 0xaa, 0x0f, 0xf0}) {
    std::memset(bytes, pattern, sizeof bytes);
    check_bytes(k, "constant bytes", bytes);
    for (unsigned room : {0u, 1u, 2u, 7u, 8u, 9u, 255u, 256u})
      check_rej(k, "constant", bytes, 504, room, 1);
  }
  // 12-bit fields q - 1, q, q + 1, 4095 in turn (d = 12 at and over q).
  for (int i = 0; i < 128; ++i) {
    static constexpr std::uint16_t kF[4] = {kQ - 1, kQ, kQ + 1, 4095};
    const std::uint32_t v = kF[(2 * i) % 4] | (std::uint32_t{kF[(2 * i + 1) % 4]} << 12);
    bytes[3 * i] = static_cast<std::uint8_t>(v);
    bytes[3 * i + 1] = static_cast<std::uint8_t>(v >> 8);
    bytes[3 * i + 2] = static_cast<std::uint8_t>(v >> 16);
  }
  check_bytes(k, "fields around q", bytes);
  check_rej(k, "fields around q", bytes, 384, 256, 2);
  TestRng rng(0x636f64696e67ull);
  for (int it = 0; it < 300; ++it) {
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng.below(256));
    check_bytes(k, "random", bytes);
    check_rej(k, "random", bytes, 504, 256, it % 4);
    check_rej(k, "random", bytes, 3 * static_cast<unsigned>(rng.below(169)),
              static_cast<unsigned>(rng.below(kN + 1)), it % 4);
    check_rej(k, "random small room", bytes, 504, static_cast<unsigned>(rng.below(20)), it % 4);
  }
  for (unsigned len = 0; len <= 504; len += 3) {
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng.below(256));
    for (unsigned room : {0u, 1u, 8u, 9u, 17u, 100u, 256u})
      check_rej(k, "every len", bytes, len, room, len % 4);
  }
  std::printf("%s bytes: %d comparisons, %d failure(s)\n", k.lane, checks - checks_before,
              failures - before);
}

}  // namespace
}  // namespace armaccel::baremetal

int main() {
  using namespace armaccel;
  const LaneList<MlkemKernel> lanes = mlkem_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) {
    baremetal::run_lane(*lanes.lanes[i]);
    baremetal::run_bytes(*lanes.lanes[i]);
  }
  std::printf("%d failure(s)\n", baremetal::failures);
  // An exit status is 8 bits: 256 failures must not read as success.
  return baremetal::failures > 255 ? 255 : baremetal::failures;
}
