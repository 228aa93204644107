// SPDX-License-Identifier: Apache-2.0
// A fixed amount of X25519 work on s2n-bignum (an outside anchor, built by
// scripts/icount/anchors.sh from its pinned commit; only its public
// functions are called), for counting under qemu: run with REPS = 1 and
// 1 + N and divide the difference by N.  The inputs are those of
// test/bench/x25519_work (RFC 7748 §6.1's keys, each result the next
// scalar).
//
//   s2n_x25519_work scalarmult|scalarmult-alt|base|base-alt REPS
//
// scalarmult: curve25519_x25519_byte (-alt: _byte_alt); base:
// curve25519_x25519base_byte (-alt: _byte_alt).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void curve25519_x25519_byte(uint8_t res[32], const uint8_t scalar[32], const uint8_t point[32]);
void curve25519_x25519_byte_alt(uint8_t res[32], const uint8_t scalar[32], const uint8_t point[32]);
void curve25519_x25519base_byte(uint8_t res[32], const uint8_t scalar[32]);
void curve25519_x25519base_byte_alt(uint8_t res[32], const uint8_t scalar[32]);

static const uint8_t kPrivate[32] = {
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
static const uint8_t kPublic[32] = {
    0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
    0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: s2n_x25519_work scalarmult|scalarmult-alt|base|base-alt REPS\n");
    return 2;
  }
  const char* op = argv[1];
  const long reps = strtol(argv[2], NULL, 10);
  uint8_t scalar[32], out[32];
  memcpy(scalar, kPrivate, 32);
  for (long i = 0; i < reps; ++i) {
    if (strcmp(op, "scalarmult") == 0)
      curve25519_x25519_byte(out, scalar, kPublic);
    else if (strcmp(op, "scalarmult-alt") == 0)
      curve25519_x25519_byte_alt(out, scalar, kPublic);
    else if (strcmp(op, "base") == 0)
      curve25519_x25519base_byte(out, scalar);
    else if (strcmp(op, "base-alt") == 0)
      curve25519_x25519base_byte_alt(out, scalar);
    else {
      fprintf(stderr, "unknown operation %s\n", op);
      return 2;
    }
    memcpy(scalar, out, 32);
  }
  printf("s2n-bignum %s: %02x%02x...\n", op, scalar[0], scalar[1]);
  return 0;
}
