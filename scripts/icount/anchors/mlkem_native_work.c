// SPDX-License-Identifier: Apache-2.0
// A fixed amount of ML-KEM-768 work on mlkem-native (an outside anchor,
// built by scripts/icount/anchors.sh from its pinned commit; only its
// public API is called), for counting under qemu: run with REPS = 1 and
// 1 + N and divide the difference by N.  The inputs are those of
// test/bench/mlkem_kernel_work (d = 0..31 with d[0] the repetition,
// z = 100..131, m = 200..231 with m[0] the repetition), so both sides
// compute the same keys and ciphertexts.
//
//   mlkem_native_work keygen|encaps|decaps|check_pk|check_sk REPS
//
// encaps and decaps include mlkem-native's per-call input checks
// (check_pk, check_sk), which armaccel runs once, at key import; the
// script measures them alone and subtracts them.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem_native.h"

static volatile uint32_t g_sink;

static void sink(const uint8_t* p, size_t n) {
  uint32_t s = 0;
  for (size_t i = 0; i < n; ++i) s += p[i];
  g_sink = g_sink + s;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: mlkem_native_work keygen|encaps|decaps|check_pk|check_sk REPS\n");
    return 2;
  }
  const char* op = argv[1];
  const long reps = strtol(argv[2], NULL, 10);
  uint8_t coins[64], m[32], ss[32], ss2[32];
  static uint8_t pk[MLKEM768_PUBLICKEYBYTES], sk[MLKEM768_SECRETKEYBYTES],
      ct[MLKEM768_CIPHERTEXTBYTES];
  for (int i = 0; i < 32; ++i) {
    coins[i] = (uint8_t)i;               // d
    coins[32 + i] = (uint8_t)(100 + i);  // z
    m[i] = (uint8_t)(200 + i);
  }
  if (strcmp(op, "keygen") != 0 &&
      (mlkem_keypair_derand(pk, sk, coins) != 0 || mlkem_enc_derand(ct, ss, pk, m) != 0))
    return 1;
  for (long r = 0; r < reps; ++r) {
    int rc;
    if (strcmp(op, "keygen") == 0) {
      coins[0] = (uint8_t)r;  // a new matrix each time
      rc = mlkem_keypair_derand(pk, sk, coins);
    } else if (strcmp(op, "encaps") == 0) {
      m[0] = (uint8_t)r;
      rc = mlkem_enc_derand(ct, ss2, pk, m);
    } else if (strcmp(op, "decaps") == 0) {
      rc = mlkem_dec(ss2, ct, sk) != 0 || memcmp(ss, ss2, 32) != 0;
    } else if (strcmp(op, "check_pk") == 0) {
      rc = mlkem_check_pk(pk);
    } else if (strcmp(op, "check_sk") == 0) {
      rc = mlkem_check_sk(sk);
    } else {
      fprintf(stderr, "unknown operation %s\n", op);
      return 2;
    }
    if (rc != 0) return 1;
  }
  sink(pk, sizeof pk);
  sink(ct, sizeof ct);
  printf("mlkem-native %s: %02x%02x...\n", op, pk[0], ct[0]);
  return 0;
}
