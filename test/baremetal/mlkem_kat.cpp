// SPDX-License-Identifier: Apache-2.0
// ML-KEM (FIPS 203) on a Cortex-M board under QEMU, every ML-KEM lane this
// build has: a subset of NIST ACVP keyGen and encapsulation cases and every
// ACVP decapsulation case (incl. the modified ciphertexts that must give
// the implicit-rejection key), generated into acvp_subset.h at build time.
// Then the stack each operation takes, measured by painting.  Exit status:
// the number of failures.
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "acvp_subset.h"
#include "board.h"
#include "cpu/lanes.h"
#include "mlkem/mlkem.h"

namespace armaccel::baremetal {
namespace {

int failures = 0;

void expect_equal(const char* what, unsigned bits, const char* lane, const std::uint8_t* got,
                  const char* want_hex) {
  static std::uint8_t want[3168];
  const std::size_t n = from_hex(want_hex, want, sizeof want);
  if (std::memcmp(got, want, n) != 0) {
    std::printf("FAIL %s ML-KEM-%u on %s\n", what, bits, lane);
    ++failures;
  }
}

const mlkem::Params& params(unsigned bits) {
  return bits == 512 ? mlkem::kMlkem512 : bits == 768 ? mlkem::kMlkem768 : mlkem::kMlkem1024;
}

// Buffers live outside the stack so the stack figures are the kernels'.
std::uint8_t g_ek[1568], g_dk[3168], g_ct[1568], g_ss[32], g_seed[64], g_m[32];

void run_acvp(const mlkem::Kernels& kern) {
  const char* lane = kern.arith->lane;
  int keygens = 0, encaps = 0, decaps = 0;
  for (const KeyGenCase& t : kKeyGenCases) {
    from_hex(t.d, g_seed, 32);
    from_hex(t.z, g_seed + 32, 32);
    mlkem::keygen(params(t.bits), kern, g_seed, g_seed + 32, g_ek, g_dk);
    expect_equal("keyGen ek", t.bits, lane, g_ek, t.ek);
    expect_equal("keyGen dk", t.bits, lane, g_dk, t.dk);
    ++keygens;
  }
  for (const EncapsCase& t : kEncapsCases) {
    from_hex(t.ek, g_ek, sizeof g_ek);
    from_hex(t.m, g_m, 32);
    mlkem::encaps(params(t.bits), kern, g_ek, g_m, g_ct, g_ss);
    expect_equal("encapsulation c", t.bits, lane, g_ct, t.c);
    expect_equal("encapsulation K", t.bits, lane, g_ss, t.k);
    ++encaps;
  }
  for (const DecapsCase& t : kDecapsCases) {
    from_hex(t.dk, g_dk, sizeof g_dk);
    from_hex(t.c, g_ct, sizeof g_ct);
    mlkem::decaps(params(t.bits), kern, g_dk, g_ct, g_ss);
    expect_equal(t.modified ? "decapsulation (implicit rejection)" : "decapsulation", t.bits, lane,
                 g_ss, t.k);
    ++decaps;
  }
  std::printf("%s: keyGen %d, encapsulation %d, decapsulation %d cases (ACVP, CCTV unlucky)\n",
              lane, keygens, encaps, decaps);
}

struct Op {
  const mlkem::Params* p;
  mlkem::Kernels kern;
  int which;  // 0 keygen, 1 encaps, 2 decaps
};

void run_op(void* arg) {
  const Op& op = *static_cast<const Op*>(arg);
  if (op.which == 0) mlkem::keygen(*op.p, op.kern, g_seed, g_seed + 32, g_ek, g_dk);
  if (op.which == 1) mlkem::encaps(*op.p, op.kern, g_ek, g_m, g_ct, g_ss);
  if (op.which == 2) mlkem::decaps(*op.p, op.kern, g_dk, g_ct, g_ss);
}

void report_stack(const mlkem::Kernels& kern) {
  for (const mlkem::Params* p : {&mlkem::kMlkem512, &mlkem::kMlkem768, &mlkem::kMlkem1024}) {
    std::size_t used[3];
    for (int which = 0; which < 3; ++which) {
      Op op{p, kern, which};
      used[which] = stack_used(run_op, &op);
    }
    std::printf("stack %s on %s: keygen %u, encaps %u, decaps %u bytes\n", p->name,
                kern.arith->lane, static_cast<unsigned>(used[0]), static_cast<unsigned>(used[1]),
                static_cast<unsigned>(used[2]));
  }
}

}  // namespace
}  // namespace armaccel::baremetal

int main() {
  using namespace armaccel;
  const KernelSet best = select_kernels(probe_cpu_features());
  const LaneList<MlkemKernel> lanes = mlkem_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) {
    const mlkem::Kernels kern{best.keccak, lanes.lanes[i]};
    baremetal::run_acvp(kern);
    baremetal::report_stack(kern);
  }
  std::printf("%d failure(s)\n", baremetal::failures);
  return baremetal::failures;
}
