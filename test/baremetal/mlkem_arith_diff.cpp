// Differential test of the ML-KEM arithmetic lanes on a Cortex-M board:
// every lane in mlkem_lanes() against the portable reference
// (kMlkemPortable) for NTT (FIPS 203 Alg. 9), inverse NTT (Alg. 10) and
// MultiplyNTTs (Alg. 11) with and without accumulate, h separate and h
// aliasing f, bit for bit.  Inputs: extreme polynomials (all 0, all q-1,
// single non-zero coefficients, alternating 0 / q-1, ...) and random
// canonical ones.  Exit status: the number of failures (at most 255).
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "board.h"
#include "lanes.h"
#include "mlkem_kernel.h"

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

void check_lane(const MlkemKernel& k, const char* input, const Poly& a, const Poly& b,
                const Poly& h0) {
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
  std::printf("%s: %d comparisons, %d failure(s)\n", k.lane, checks - checks_before,
              failures - before);
}

}  // namespace
}  // namespace armaccel::baremetal

int main() {
  using namespace armaccel;
  const LaneList<MlkemKernel> lanes = mlkem_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) baremetal::run_lane(*lanes.lanes[i]);
  std::printf("%d failure(s)\n", baremetal::failures);
  // An exit status is 8 bits: 256 failures must not read as success.
  return baremetal::failures > 255 ? 255 : baremetal::failures;
}
