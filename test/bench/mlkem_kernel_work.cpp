// SPDX-License-Identifier: Apache-2.0
// A fixed amount of ML-KEM work through the kernel API (mlkem.h on the
// Keccak and ML-KEM lanes the provider picks: the probe's features narrowed
// by ARMACCEL_DISABLE, and the core class of the MIDR or of ARMACCEL_CORE,
// as the provider takes them), for instruction counting under qemu: run with REPS =
// 1 and 1 + N and divide the difference by N for the cost of one operation
// (set-up, such as the key pair an encapsulation needs, cancels out).
//
//   mlkem_kernel_work 512|768|1024 keygen|encaps|decaps REPS
//   mlkem_kernel_work - ntt|inv_ntt|multiply_ntts|multiply_acc|rej_uniform REPS
//   mlkem_kernel_work - encodeD|decodeD|cbd2|cbd3|add|sub|keccak|keccak_x2|keccak_x4 REPS
//
// The kernel operations run one arithmetic entry REPS times (rej_uniform:
// 504 bytes of SHAKE-like input, room 256; encodeD / decodeD:
// compress_encode / decode_decompress with d = D, 1 <= D <= 12).  Prints
// the lanes used.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cpu/core_class.h"
#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "mlkem/mlkem.h"
#include "mlkem/mlkem_poly.h"

namespace {

using namespace armaccel;

// Keeps the compiler from dropping work whose result is unused.
volatile std::uint32_t g_sink;

void sink(const std::uint8_t* p, std::size_t n) {
  std::uint32_t s = 0;
  for (std::size_t i = 0; i < n; ++i) s += p[i];
  g_sink = g_sink + s;
}

int kernel_op(const KernelSet& set, const char* op, long reps) {
  const MlkemKernel* k = set.mlkem;
  std::uint64_t st[4][kKeccakLanes] = {};
  mlkem::Poly f, g, h;
  for (int i = 0; i < mlkem::kN; ++i) {
    f.c[i] = static_cast<std::uint16_t>((i * 1103 + 7) % mlkem::kQ);
    g.c[i] = static_cast<std::uint16_t>((i * 2971 + 11) % mlkem::kQ);
    h.c[i] = static_cast<std::uint16_t>((i * 419 + 5) % mlkem::kQ);
  }
  std::uint8_t buf[504];
  for (int i = 0; i < 504; ++i) buf[i] = static_cast<std::uint8_t>(i * 151 + (i >> 3));
  // The operation is looked up once, so the loop holds only the call.
  static const char* const kOps[] = {
      "ntt",  "inv_ntt", "multiply_ntts", "multiply_acc", "rej_uniform", "keccak", "keccak_x2",
      "cbd2", "cbd3",    "add",           "sub",          "keccak_x4",   "encode", "decode"};
  int which = -1;
  for (int i = 0; i < static_cast<int>(sizeof kOps / sizeof kOps[0]); ++i) {
    const std::size_t n = std::strlen(kOps[i]);
    if (i >= 12 ? std::strncmp(op, kOps[i], n) == 0 : std::strcmp(op, kOps[i]) == 0) which = i;
  }
  const auto d = static_cast<unsigned>(which >= 12 ? std::atoi(op + 6) : 0);  // encodeD, decodeD
  if (which < 0 || (which >= 12 && (d < 1 || d > 12))) return 1;
  for (long r = 0; r < reps; ++r) {
    switch (which) {
      case 0:
        k->ntt(&f);
        break;
      case 1:
        k->inv_ntt(&f);
        break;
      case 2:
        k->multiply_ntts(&h, &f, &g, false);
        break;
      case 3:
        k->multiply_ntts(&h, &f, &g, true);
        break;
      case 4:
        g_sink = g_sink + k->rej_uniform(h.c, mlkem::kN, buf, sizeof buf);
        break;
      case 5:
        set.keccak->permute(st[0]);
        break;
      case 6:
        set.keccak->permute_x2(st[0], st[1]);
        break;
      case 7:
        k->sample_cbd(&f, buf, 2);
        break;
      case 8:
        k->sample_cbd(&f, buf, 3);
        break;
      case 9:
        k->add(&f, &f, &g);
        break;
      case 10:
        k->sub(&f, &f, &g);
        break;
      case 11:
        set.keccak->permute_x4(st[0], st[1], st[2], st[3]);
        break;
      case 12:  // compress_encode with d = D
        k->compress_encode(buf, &g, d);
        break;
      default:  // decode_decompress with d = D
        k->decode_decompress(&g, buf, d);
        break;
    }
  }
  sink(reinterpret_cast<const std::uint8_t*>(st), sizeof st);
  sink(reinterpret_cast<const std::uint8_t*>(&f), sizeof f);
  sink(reinterpret_cast<const std::uint8_t*>(&h), sizeof h);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr,
                 "usage: mlkem_kernel_work 512|768|1024 keygen|encaps|decaps REPS\n"
                 "       mlkem_kernel_work - ntt|inv_ntt|multiply_ntts|multiply_acc|rej_uniform "
                 "REPS\n"
                 "       mlkem_kernel_work - encodeD|decodeD|cbd2|cbd3|add|sub REPS\n");
    return 1;
  }
  const CpuFeatures features = apply_disable(
      probe_cpu_features(), parse_disable_list(std::getenv("ARMACCEL_DISABLE")).disable);
  CoreClass core = classify_midr(probe_midr());
  if (const char* named = std::getenv("ARMACCEL_CORE"); named != nullptr && *named != '\0' &&
                                                        std::strcmp(named, "auto") != 0 &&
                                                        !parse_core_class(named, &core)) {
    std::fprintf(stderr, "unknown core class %s\n", named);
    return 1;
  }
  const KernelSet set = select_kernels(features, core);
  const mlkem::Kernels kern = {set.keccak, set.mlkem};
  const char* op = argv[2];
  const long reps = std::strtol(argv[3], nullptr, 10);
  std::printf("lanes %s %s\n", kern.keccak->lane, kern.arith->lane);
  if (std::strcmp(argv[1], "-") == 0) {
    if (kernel_op(set, op, reps) != 0) {
      std::fprintf(stderr, "unknown kernel operation %s\n", op);
      return 1;
    }
    return 0;
  }
  const mlkem::Params* p = std::strcmp(argv[1], "512") == 0    ? &mlkem::kMlkem512
                           : std::strcmp(argv[1], "768") == 0  ? &mlkem::kMlkem768
                           : std::strcmp(argv[1], "1024") == 0 ? &mlkem::kMlkem1024
                                                               : nullptr;
  if (p == nullptr) {
    std::fprintf(stderr, "unknown parameter set %s\n", argv[1]);
    return 1;
  }
  std::uint8_t d[32], z[32], m[32], ss[32], ss2[32];
  for (int i = 0; i < 32; ++i) {
    d[i] = static_cast<std::uint8_t>(i);
    z[i] = static_cast<std::uint8_t>(100 + i);
    m[i] = static_cast<std::uint8_t>(200 + i);
  }
  std::uint8_t ek[1568], dk[3168], ct[1568];
  const bool is_keygen = std::strcmp(op, "keygen") == 0;
  const bool is_encaps = std::strcmp(op, "encaps") == 0;
  const bool is_decaps = std::strcmp(op, "decaps") == 0;
  if (!is_keygen && !is_encaps && !is_decaps) {
    std::fprintf(stderr, "unknown operation %s\n", op);
    return 1;
  }
  if (!is_keygen) {
    mlkem::keygen(*p, kern, d, z, ek, dk);
    mlkem::encaps(*p, kern, ek, m, ct, ss);
  }
  for (long r = 0; r < reps; ++r) {
    if (is_keygen) {
      d[0] = static_cast<std::uint8_t>(r);  // a new matrix each time
      mlkem::keygen(*p, kern, d, z, ek, dk);
    } else if (is_encaps) {
      m[0] = static_cast<std::uint8_t>(r);
      mlkem::encaps(*p, kern, ek, m, ct, ss2);
    } else {
      mlkem::decaps(*p, kern, dk, ct, ss2);
      if (std::memcmp(ss, ss2, 32) != 0) return 2;
    }
  }
  sink(ek, p->ek_bytes);
  sink(ss2, 32);
  return 0;
}
