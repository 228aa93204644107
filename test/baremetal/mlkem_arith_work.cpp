// A fixed amount of ML-KEM arithmetic on a Cortex-M board, for instruction
// counts under QEMU's icount plugin (not a test):
//   mlkem_arith_work LANE ENTRY REPS
// LANE is a lane name from mlkem_lanes() ("mlkem-armv7m", "mlkem-portable");
// ENTRY is ntt, inv_ntt, mul or mul_acc (multiply_ntts without / with
// accumulate).  Counting 1 and 1+N repetitions and subtracting gives one
// call.  Exit status 2 on a bad argument.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "board.h"
#include "lanes.h"
#include "mlkem_kernel.h"

namespace {

armaccel::mlkem::Poly g_a, g_b, g_h;

}  // namespace

int main(int argc, char** argv) {
  using namespace armaccel;
  if (argc < 4) {
    std::printf("usage: mlkem_arith_work LANE ntt|inv_ntt|mul|mul_acc REPS\n");
    return 2;
  }
  const MlkemKernel* k = nullptr;
  const LaneList<MlkemKernel> lanes = mlkem_lanes();
  for (std::size_t i = 0; i < lanes.count; ++i) {
    if (std::strcmp(lanes.lanes[i]->lane, argv[1]) == 0) k = lanes.lanes[i];
  }
  const char* entry = argv[2];
  const int reps = std::atoi(argv[3]);
  if (k == nullptr) {
    std::printf("no lane %s\n", argv[1]);
    return 2;
  }
  baremetal::TestRng rng(42);
  for (int i = 0; i < mlkem::kN; ++i) {
    g_a.c[i] = static_cast<std::uint16_t>(rng.below(mlkem::kQ));
    g_b.c[i] = static_cast<std::uint16_t>(rng.below(mlkem::kQ));
    g_h.c[i] = static_cast<std::uint16_t>(rng.below(mlkem::kQ));
  }
  const bool ntt = std::strcmp(entry, "ntt") == 0, inv = std::strcmp(entry, "inv_ntt") == 0;
  const bool mul = std::strcmp(entry, "mul") == 0, acc = std::strcmp(entry, "mul_acc") == 0;
  if (!ntt && !inv && !mul && !acc) {
    std::printf("no entry %s\n", entry);
    return 2;
  }
  for (int r = 0; r < reps; ++r) {
    if (ntt) k->ntt(&g_a);
    if (inv) k->inv_ntt(&g_a);
    if (mul || acc) k->multiply_ntts(&g_h, &g_a, &g_b, acc);
  }
  std::printf("%s %s x%d\n", k->lane, entry, reps);
  return 0;
}
