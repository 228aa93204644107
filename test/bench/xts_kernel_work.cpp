// SPDX-License-Identifier: Apache-2.0
// A fixed amount of XTS work through the kernel API (xts_driver.h on the
// AES lane the probe picks), for instruction counting under qemu
// (scripts/icount.sh): the streaming cost of the driver and kernels
// themselves, without EVP's per-call cost.
//
//   xts_kernel_work KEYBITS BYTES CHUNK REPS
//
// Each rep encrypts one data unit of BYTES bytes with AES-KEYBITS-XTS
// (128 or 256), in one xts_update when CHUNK is 0, else in CHUNK-byte
// updates, then xts_finish.  Prints the lane used.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cpu/lanes.h"
#include "modes/xts_driver.h"

int main(int argc, char** argv) {
  using namespace armaccel;
  if (argc != 5) {
    std::fprintf(stderr, "usage: xts_kernel_work KEYBITS BYTES CHUNK REPS\n");
    return 1;
  }
  const std::size_t half = std::strtoul(argv[1], nullptr, 10) / 8;
  const std::size_t bytes = std::strtoul(argv[2], nullptr, 10);
  const std::size_t chunk = std::strtoul(argv[3], nullptr, 10);
  const long reps = std::strtol(argv[4], nullptr, 10);
  const AesKernel* k = select_kernels(probe_cpu_features()).aes;
  std::uint8_t key[64], iv[16] = {4, 5, 6};
  for (int i = 0; i < 64; ++i) key[i] = static_cast<std::uint8_t>(i * 7 + 1);
  AesRoundKeys data_key, tweak_key;
  if (!k->set_encrypt_key(&data_key, key, half) ||
      !k->set_encrypt_key(&tweak_key, key + half, half))
    return 2;
  std::vector<std::uint8_t> in(bytes), out(bytes + 32);
  for (long r = 0; r < reps; ++r) {
    XtsState s;
    xts_start(k, &tweak_key, &s, iv, true);
    std::size_t written = 0;
    const std::size_t step = chunk != 0 ? chunk : bytes;
    for (std::size_t done = 0; done < bytes; done += step) {
      const std::size_t n = bytes - done < step ? bytes - done : step;
      const std::size_t emitted = xts_update_output(&s, n);
      if (!xts_update(k, &data_key, &s, in.data() + done, out.data() + written, n)) return 2;
      written += emitted;
    }
    if (written + xts_finish(k, &data_key, &s, out.data() + written) != bytes) return 2;
  }
  std::printf("lane %s\n", k->lane);
  return 0;
}
