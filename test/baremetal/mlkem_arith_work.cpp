// SPDX-License-Identifier: Apache-2.0
// A fixed amount of ML-KEM arithmetic on a Cortex-M board, for instruction
// counts under QEMU's icount plugin (not a test):
//   mlkem_arith_work LANE ENTRY REPS
// LANE is a lane name from mlkem_lanes() ("mlkem-armv7m", "mlkem-portable");
// ENTRY is ntt, inv_ntt, mul or mul_acc (multiply_ntts without / with
// accumulate), encD / decD (compress_encode / decode_decompress, D in 1..12,
// FIPS 203 Alg. 5/6 with §4.2.1 Compress), cbd2 / cbd3 (sample_cbd, Alg. 8),
// add, sub, or rej (rej_uniform over a 504-byte buffer with room 256,
// Alg. 7 steps 5-16).  Counting 1 and 1+N repetitions and subtracting gives one
// call.  Exit status 2 on a bad argument.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "api/mlkem_kernel.h"
#include "board.h"
#include "cpu/lanes.h"

namespace {

armaccel::mlkem::Poly g_a, g_b, g_h;
std::uint8_t g_bytes[504];

}  // namespace

int main(int argc, char** argv) {
  using namespace armaccel;
  if (argc < 4) {
    std::printf(
        "usage: mlkem_arith_work LANE ntt|inv_ntt|mul|mul_acc|encD|decD|cbd2|cbd3|add|sub|rej "
        "REPS\n");
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
  for (auto& b : g_bytes) b = static_cast<std::uint8_t>(rng.below(256));
  const bool ntt = std::strcmp(entry, "ntt") == 0, inv = std::strcmp(entry, "inv_ntt") == 0;
  const bool mul = std::strcmp(entry, "mul") == 0, acc = std::strcmp(entry, "mul_acc") == 0;
  const bool add = std::strcmp(entry, "add") == 0, sub = std::strcmp(entry, "sub") == 0;
  const bool rej = std::strcmp(entry, "rej") == 0;
  const bool enc = std::strncmp(entry, "enc", 3) == 0, dec = std::strncmp(entry, "dec", 3) == 0;
  const bool cbd = std::strncmp(entry, "cbd", 3) == 0;
  const unsigned d = (enc || dec) ? static_cast<unsigned>(std::atoi(entry + 3)) : 0;
  const unsigned eta = cbd ? static_cast<unsigned>(std::atoi(entry + 3)) : 0;
  const bool d_ok = d == 1 || d == 4 || d == 5 || d == 10 || d == 11 || d == 12;
  if (!ntt && !inv && !mul && !acc && !add && !sub && !rej && !((enc || dec) && d_ok) &&
      !(cbd && (eta == 2 || eta == 3))) {
    std::printf("no entry %s\n", entry);
    return 2;
  }
  for (int r = 0; r < reps; ++r) {
    if (ntt) k->ntt(&g_a);
    if (inv) k->inv_ntt(&g_a);
    if (mul || acc) k->multiply_ntts(&g_h, &g_a, &g_b, acc);
    if (add) k->add(&g_h, &g_a, &g_b);
    if (sub) k->sub(&g_h, &g_a, &g_b);
    if (enc) k->compress_encode(g_bytes, &g_a, d);
    if (dec) k->decode_decompress(&g_h, g_bytes, d);
    if (cbd) k->sample_cbd(&g_h, g_bytes, eta);
    if (rej) k->rej_uniform(g_h.c, mlkem::kN, g_bytes, sizeof g_bytes);
  }
  std::printf("%s %s x%d\n", k->lane, entry, reps);
  return 0;
}
