// SPDX-License-Identifier: Apache-2.0
// A fixed amount of work through the bit-sliced NEON AES header
// (kernels/aarch64/aes_bitsliced_impl.h), for instruction counting under
// qemu: count REPS=1 and REPS=1+N and subtract.
//
//   aes_bitsliced_work MODE KEYBITS BYTES REPS
//
// MODE: ecb-enc, ecb-dec, cbc-dec, ctr, ctr32, xts-enc, xts-dec, or
// key-spread (only the per-call bit-slicing and wiping of the round keys).
// Each rep is one call over a BYTES-byte buffer (whole blocks), in place.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "aarch64/aes_bitsliced_impl.h"

namespace {

using Fn = void (*)(const std::uint8_t* rk, unsigned rounds, std::uint8_t* p, std::size_t blocks,
                    std::uint8_t chain[16]);

struct Mode {
  const char* name;
  Fn fn;
};

const Mode kModes[] = {
    {"ecb-enc", [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t n,
                   std::uint8_t*) { armaccel::bs_ecb_encrypt(rk, r, p, p, n); }},
    {"ecb-dec", [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t n,
                   std::uint8_t*) { armaccel::bs_ecb_decrypt(rk, r, p, p, n); }},
    {"cbc-dec", [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t n,
                   std::uint8_t* c) { armaccel::bs_cbc_decrypt(rk, r, p, p, n, c); }},
    {"ctr", [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t n,
               std::uint8_t* c) { armaccel::bs_ctr_encrypt(rk, r, p, p, n, c); }},
    {"ctr32", [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t n,
                 std::uint8_t* c) { armaccel::bs_ctr32_encrypt(rk, r, p, p, n, c); }},
    {"xts-enc", [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t n,
                   std::uint8_t* c) { armaccel::bs_xts_encrypt(rk, r, p, p, n, c); }},
    {"xts-dec", [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t n,
                   std::uint8_t* c) { armaccel::bs_xts_decrypt(rk, r, p, p, n, c); }},
    {"key-spread",
     [](const std::uint8_t* rk, unsigned r, std::uint8_t* p, std::size_t, std::uint8_t*) {
       armaccel::BsRoundKeys ks;
       armaccel::bs_load_round_keys(&ks, rk, r, false);
       p[0] = static_cast<std::uint8_t>(p[0] ^ vgetq_lane_u8(ks.r[r].k[0], 0));
       armaccel::bs_wipe_round_keys(&ks);
     }},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: aes_bitsliced_work MODE KEYBITS BYTES REPS\n");
    return 1;
  }
  Fn fn = nullptr;
  for (const Mode& m : kModes)
    if (!std::strcmp(argv[1], m.name)) fn = m.fn;
  if (fn == nullptr) return 1;
  const std::size_t key_bytes = std::strtoul(argv[2], nullptr, 10) / 8;
  const std::size_t blocks = std::strtoul(argv[3], nullptr, 10) / 16;
  const long reps = std::strtol(argv[4], nullptr, 10);
  std::uint8_t key[32], rk[240], chain[16] = {1, 2, 3};
  for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(i * 7 + 1);
  const unsigned rounds = armaccel::bs_expand_key(key, key_bytes, rk);
  if (rounds == 0) return 2;
  std::vector<std::uint8_t> buf(16 * blocks + 1, 0x5a);
  for (long r = 0; r < reps; ++r) fn(rk, rounds, buf.data(), blocks, chain);
  std::printf("%02x\n", buf[0]);
  return 0;
}
