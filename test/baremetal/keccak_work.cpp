// SPDX-License-Identifier: Apache-2.0
// A fixed amount of Keccak work on a Cortex-M board, for instruction counts
// (run with N = 1 and 1 + n under ../shared/tools/qemu-icount's plugin and
// subtract):
//
//   keccak_work LANE OP N [RATE]
//     LANE  a lane name (keccak-armv7m, keccak-portable) or "best"
//     OP    permute   N permute calls (SHAKE squeezing: one call per block)
//           x2        N permute_x2 calls (two states each)
//           absorb    one absorb call of N blocks of RATE bytes (long input)
//           absorb1   N absorb calls of one block each
//           squeeze   one 34-byte message, then N blocks of RATE bytes out
//           squeeze1  N one-shot sponges: a 34-byte message, one block out
//                     (ML-KEM's PRF and hashes)
//           squeeze3  N one-shot sponges of three blocks out (ML-KEM's
//                     SampleNTT: 3 * N blocks)
//           (the lane-form sponge, keccak.h; lanes without it: the state
//           loaded, then permute and copy the rate bytes out per block,
//           what the drivers do instead)
//     RATE  bytes per block, default 168 (SHAKE128)
//
// Without arguments it runs one of each on every lane and exits 0 (a smoke
// test for CTest).  Exit status: 0, or 2 for bad arguments.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include "api/keccak.h"
#include "cpu/lanes.h"

namespace {

using armaccel::KeccakKernel;

std::uint64_t g_a[25], g_b[25];
std::uint8_t g_data[200 * 64];

// A 34-byte message (seed || two index bytes) absorbed, then `blocks`
// blocks squeezed: the lane-form sponge, or the standard state loaded and
// per block permuted and copied out.
void sponge(const KeccakKernel& k, std::uint8_t* out, std::size_t blocks, std::size_t rate) {
  if (k.sponge_start != nullptr) {
    armaccel::KeccakLaneState st;
    k.sponge_start(&st, rate, 0x1f, g_data, 34, nullptr, 0);
    k.sponge_squeeze(&st, out, blocks * rate, rate);
    std::memcpy(g_a, st.w, 8);  // something of the state to print
    return;
  }
  std::memset(g_a, 0, sizeof g_a);
  std::memcpy(g_a, g_data, 34);
  for (; blocks > 0; --blocks, out += rate) {
    k.permute(g_a);
    std::memcpy(out, g_a, rate);
  }
}

bool run(const KeccakKernel& k, const char* op, unsigned long n, std::size_t rate) {
  const unsigned long max_blocks = sizeof g_data / rate;
  if (std::strcmp(op, "permute") == 0) {
    for (unsigned long i = 0; i < n; ++i) k.permute(g_a);
  } else if (std::strcmp(op, "x2") == 0) {
    for (unsigned long i = 0; i < n; ++i) k.permute_x2(g_a, g_b);
  } else if (std::strcmp(op, "absorb") == 0) {
    // Long inputs: whole buffers of blocks per call, then the rest.
    for (; n > max_blocks; n -= max_blocks) k.absorb(g_a, g_data, max_blocks, rate);
    k.absorb(g_a, g_data, n, rate);
  } else if (std::strcmp(op, "absorb1") == 0) {
    for (unsigned long i = 0; i < n; ++i) k.absorb(g_a, g_data + i % max_blocks * rate, 1, rate);
  } else if (std::strcmp(op, "squeeze") == 0) {
    static std::uint8_t out[200 * 64];
    if (n > sizeof out / rate) return false;
    sponge(k, out, n, rate);
  } else if (std::strcmp(op, "squeeze1") == 0) {
    for (unsigned long i = 0; i < n; ++i) sponge(k, g_data + 64, 1, rate);
  } else if (std::strcmp(op, "squeeze3") == 0) {
    for (unsigned long i = 0; i < n; ++i) sponge(k, g_data + 64, 3, rate);
  } else {
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const armaccel::LaneList<KeccakKernel> lanes = armaccel::keccak_lanes();
  for (std::size_t i = 0; i < sizeof g_data; ++i) g_data[i] = static_cast<std::uint8_t>(i * 7);
  if (argc < 4) {
    for (std::size_t i = 0; i < lanes.count; ++i)
      for (const char* op :
           {"permute", "x2", "absorb", "absorb1", "squeeze", "squeeze1", "squeeze3"})
        run(*lanes.lanes[i], op, 1, 168);
    std::printf("keccak_work: smoke run done (usage: keccak_work LANE OP N [RATE])\n");
    return 0;
  }
  const KeccakKernel* k = nullptr;
  for (std::size_t i = 0; i < lanes.count; ++i)
    if (std::strcmp(argv[1], "best") == 0 ? i == 0
                                          : std::strcmp(argv[1], lanes.lanes[i]->lane) == 0)
      k = lanes.lanes[i];
  const unsigned long n = std::strtoul(argv[3], nullptr, 10);
  const std::size_t rate = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 168;
  if (k == nullptr || rate == 0 || rate % 8 != 0 || rate > 192 || !run(*k, argv[2], n, rate)) {
    std::printf("keccak_work: bad arguments\n");
    return 2;
  }
  std::printf("%s %s %lu: lane 0 = %08lx\n", k->lane, argv[2], n,
              static_cast<unsigned long>(g_a[0]));
  return 0;
}
