// A fixed amount of work through the bit-sliced NEON AES header
// (kernels/aarch64/aes_bitsliced_impl.h), for instruction counting under
// qemu: count REPS=1 and REPS=1+N and subtract.
//
//   aes_bitsliced_work MODE KEYBITS BYTES REPS
//
// MODE: ecb-enc, ecb-dec, cbc-dec, ctr, ctr32, xts-enc, xts-dec.  Each rep
// is one call over a BYTES-byte buffer (whole blocks), in place.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "aarch64/aes_bitsliced_impl.h"

int main(int argc, char** argv) {
  using namespace armaccel;
  if (argc != 5) {
    std::fprintf(stderr, "usage: aes_bitsliced_work MODE KEYBITS BYTES REPS\n");
    return 1;
  }
  const char* mode = argv[1];
  const std::size_t key_bytes = std::strtoul(argv[2], nullptr, 10) / 8;
  const std::size_t blocks = std::strtoul(argv[3], nullptr, 10) / 16;
  const long reps = std::strtol(argv[4], nullptr, 10);
  std::uint8_t key[32], rk[240], chain[16] = {1, 2, 3};
  for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(i * 7 + 1);
  const unsigned rounds = bs_expand_key(key, key_bytes, rk);
  if (rounds == 0) return 2;
  std::vector<std::uint8_t> buf(16 * blocks + 1, 0x5a);
  std::uint8_t* p = buf.data();
  for (long r = 0; r < reps; ++r) {
    if (!std::strcmp(mode, "ecb-enc")) {
      bs_ecb_encrypt(rk, rounds, p, p, blocks);
    } else if (!std::strcmp(mode, "ecb-dec")) {
      bs_ecb_decrypt(rk, rounds, p, p, blocks);
    } else if (!std::strcmp(mode, "cbc-dec")) {
      bs_cbc_decrypt(rk, rounds, p, p, blocks, chain);
    } else if (!std::strcmp(mode, "ctr")) {
      bs_ctr_encrypt(rk, rounds, p, p, blocks, chain);
    } else if (!std::strcmp(mode, "ctr32")) {
      bs_ctr32_encrypt(rk, rounds, p, p, blocks, chain);
    } else if (!std::strcmp(mode, "xts-enc")) {
      bs_xts_encrypt(rk, rounds, p, p, blocks, chain);
    } else if (!std::strcmp(mode, "xts-dec")) {
      bs_xts_decrypt(rk, rounds, p, p, blocks, chain);
    } else {
      return 1;
    }
  }
  std::printf("%02x\n", p[0]);
  return 0;
}
