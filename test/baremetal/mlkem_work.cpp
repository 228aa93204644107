// SPDX-License-Identifier: Apache-2.0
// A fixed amount of ML-KEM work on a Cortex-M board, for instruction
// counts under QEMU's icount plugin (scripts/icount.sh cortex-m4):
//   mlkem_work BITS keygen|encaps|decaps REPS [portable]
// runs the operation REPS times on the best lanes (or the portable ones);
// counting 1 and 1+N repetitions and subtracting gives one operation.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu/lanes.h"
#include "mlkem/mlkem.h"

namespace {

std::uint8_t g_ek[1568], g_dk[3168], g_ct[1568], g_ss[32], g_seed[64], g_m[32];

}  // namespace

int main(int argc, char** argv) {
  using namespace armaccel;
  if (argc < 4) {
    std::printf("usage: mlkem_work BITS keygen|encaps|decaps REPS [portable]\n");
    return 2;
  }
  const unsigned bits = static_cast<unsigned>(std::atoi(argv[1]));
  const mlkem::Params& p = bits == 512   ? mlkem::kMlkem512
                           : bits == 768 ? mlkem::kMlkem768
                                         : mlkem::kMlkem1024;
  const int reps = std::atoi(argv[3]);
  const bool portable = argc > 4 && std::strcmp(argv[4], "portable") == 0;
  const KernelSet best = select_kernels(probe_cpu_features());
  const mlkem::Kernels kern = portable ? mlkem::Kernels{&kKeccakPortable, &kMlkemPortable}
                                       : mlkem::Kernels{best.keccak, best.mlkem};
  for (int i = 0; i < 64; ++i) g_seed[i] = static_cast<std::uint8_t>(i);
  for (int i = 0; i < 32; ++i) g_m[i] = static_cast<std::uint8_t>(0x80 + i);
  mlkem::keygen(p, kern, g_seed, g_seed + 32, g_ek, g_dk);
  mlkem::encaps(p, kern, g_ek, g_m, g_ct, g_ss);
  const char* op = argv[2];
  for (int r = 0; r < reps; ++r) {
    if (std::strcmp(op, "keygen") == 0) mlkem::keygen(p, kern, g_seed, g_seed + 32, g_ek, g_dk);
    if (std::strcmp(op, "encaps") == 0) mlkem::encaps(p, kern, g_ek, g_m, g_ct, g_ss);
    if (std::strcmp(op, "decaps") == 0) mlkem::decaps(p, kern, g_dk, g_ct, g_ss);
  }
  std::printf("%s ML-KEM-%u %s x%d on %s + %s\n", portable ? "portable" : "best", bits, op, reps,
              kern.arith->lane, kern.keccak->lane);
  return 0;
}
