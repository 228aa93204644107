// SPDX-License-Identifier: Apache-2.0
// Kernel throughput per lane and message size (16 B, 64 B, 1 KiB, 16 KiB;
// whole blocks of the primitive), every lane the running CPU can use: AES
// modes and key schedules, GHASH, ChaCha20, Poly1305, SHA-256, SHA-512,
// Keccak absorbing at SHA3-256's rate, SM4-CTR, SM3.  Bytes/s is wall-clock: meaningful on
// real hardware; under qemu use scripts/icount.sh (instruction
// counts) instead.  A key-schedule benchmark shows the per-message set-up.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "api/aes.h"
#include "api/chacha20.h"
#include "api/ghash.h"
#include "api/keccak.h"
#include "api/poly1305.h"
#include "api/sm3.h"
#include "api/sm4.h"
#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "modes/sha2_driver.h"

namespace armaccel {
namespace {

const std::vector<std::int64_t> kSizes = {16, 64, 1024, 16384};

template <class Kernel>
std::vector<const Kernel*> usable(LaneList<Kernel> list) {
  const CpuFeatures cpu = probe_cpu_features();
  std::vector<const Kernel*> out;
  for (std::size_t i = 0; i < list.count; ++i)
    if ((list.lanes[i]->required & ~cpu) == 0) out.push_back(list.lanes[i]);
  return out;
}

enum class AesOp { kEcbEncrypt, kCbcEncrypt, kCbcDecrypt, kCtr };

void bench_aes(benchmark::State& state, const AesKernel* k, AesOp op, std::size_t key_bytes) {
  const std::size_t len = static_cast<std::size_t>(state.range(0));
  std::vector<std::uint8_t> buf(len, 0x5a), key(key_bytes, 0x11), iv(16, 0x22);
  AesRoundKeys rk;
  if (op == AesOp::kCbcDecrypt) {
    k->set_decrypt_key(&rk, key.data(), key_bytes);
  } else {
    k->set_encrypt_key(&rk, key.data(), key_bytes);
  }
  for (auto _ : state) {
    switch (op) {
      case AesOp::kEcbEncrypt:
        k->ecb_encrypt(&rk, buf.data(), buf.data(), len / 16);
        break;
      case AesOp::kCbcEncrypt:
        k->cbc_encrypt(&rk, buf.data(), buf.data(), len / 16, iv.data());
        break;
      case AesOp::kCbcDecrypt:
        k->cbc_decrypt(&rk, buf.data(), buf.data(), len / 16, iv.data());
        break;
      case AesOp::kCtr:
        k->ctr_encrypt(&rk, buf.data(), buf.data(), len / 16, iv.data());
        break;
    }
    benchmark::DoNotOptimize(buf.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

void bench_aes_key_schedule(benchmark::State& state, const AesKernel* k, bool decrypt) {
  const std::size_t key_bytes = static_cast<std::size_t>(state.range(0));
  std::vector<std::uint8_t> key(key_bytes, 0x33);
  AesRoundKeys rk;
  for (auto _ : state) {
    if (decrypt) {
      k->set_decrypt_key(&rk, key.data(), key_bytes);
    } else {
      k->set_encrypt_key(&rk, key.data(), key_bytes);
    }
    benchmark::DoNotOptimize(&rk);
  }
}

template <class Word>
void bench_sha2(benchmark::State& state, const typename Sha2Traits<Word>::Kernel* k, const Word* iv,
                std::size_t digest_bytes) {
  const std::size_t len = static_cast<std::size_t>(state.range(0));
  std::vector<std::uint8_t> msg(len, 0x61);
  std::uint8_t out[64];
  for (auto _ : state) {
    Sha2State<Word> s;
    sha2_init(&s, iv);
    sha2_update(&s, k, msg.data(), len);
    sha2_final(&s, k, out, digest_bytes);
    benchmark::DoNotOptimize(out);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

// One kernel call over the message's whole blocks of `block` bytes per
// iteration; bytes/s counts those blocks.  run(data, blocks).
template <class Run>
void bench_blocks(benchmark::State& state, std::size_t block, const Run& run) {
  const std::size_t blocks = static_cast<std::size_t>(state.range(0)) / block;
  std::vector<std::uint8_t> buf(blocks * block, 0x5a);
  for (auto _ : state) {
    run(buf.data(), blocks);
    benchmark::DoNotOptimize(buf.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * blocks * block));
}

// make(k) is called once per benchmark run (key set-up outside the timed
// loop) and gives the runner for bench_blocks.
template <class Kernel, class Make>
void register_blocks(LaneList<Kernel> lanes, const char* op, std::size_t block,
                     const std::vector<std::int64_t>& sizes, Make make) {
  for (const Kernel* k : usable(lanes)) {
    benchmark::RegisterBenchmark(
        (std::string(k->lane) + "/" + op).c_str(),
        [k, block, make](benchmark::State& state) { bench_blocks(state, block, make(k)); })
        ->ArgsProduct({sizes});
  }
}

struct GhashRun {
  const GhashKernel* k;
  GhashKey key;
  void operator()(const std::uint8_t* d, std::size_t n) const {
    std::uint8_t xi[16] = {};
    k->update(&key, xi, d, n);
    benchmark::DoNotOptimize(xi);
  }
};

struct Sm4CtrRun {
  const Sm4Kernel* k;
  Sm4RoundKeys rk;
  void operator()(std::uint8_t* d, std::size_t n) const {
    std::uint8_t counter[16] = {};
    k->ctr_encrypt(&rk, d, d, n, counter);
  }
};

void register_other_primitives() {
  const std::vector<std::int64_t> from64 = {64, 1024, 16384};
  register_blocks(ghash_lanes(), "ghash", 16, kSizes, [](const GhashKernel* k) {
    GhashRun run{k, {}};
    const std::uint8_t h[16] = {0x66, 0xe9, 0x4b, 0xd4, 0xef, 0x8a, 0x2c, 0x3b};
    k->init(&run.key, h);
    return run;
  });
  register_blocks(chacha20_lanes(), "chacha20", 64, from64, [](const ChachaKernel* k) {
    return [k](std::uint8_t* d, std::size_t n) {
      const std::uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8};
      std::uint32_t iv[4] = {0, 9, 10, 11};
      k->xor_blocks(key, iv, d, d, n);
    };
  });
  register_blocks(poly1305_lanes(), "poly1305", 16, kSizes, [](const Poly1305Kernel* k) {
    return [k](const std::uint8_t* d, std::size_t n) {
      const std::uint8_t r[16] = {0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33};
      std::uint8_t tag[16];
      Poly1305State st;
      k->init(&st, r);
      k->blocks(&st, d, n, 1);
      k->finish(&st, r, tag);
      benchmark::DoNotOptimize(tag);
    };
  });
  register_blocks(keccak_lanes(), "keccak-absorb-r136", 136, {1024, 16384},
                  [](const KeccakKernel* k) {
                    return [k](const std::uint8_t* d, std::size_t n) {
                      std::uint64_t a[kKeccakLanes] = {};
                      k->absorb(a, d, n, 136);
                      benchmark::DoNotOptimize(a);
                    };
                  });
  register_blocks(sm4_lanes(), "sm4-ctr", 16, kSizes, [](const Sm4Kernel* k) {
    Sm4CtrRun run{k, {}};
    const std::uint8_t key[16] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
    k->set_encrypt_key(&run.rk, key, 16);
    return run;
  });
  register_blocks(sm3_lanes(), "sm3", kSm3BlockBytes, from64, [](const Sm3Kernel* k) {
    return [k](const std::uint8_t* d, std::size_t n) {
      std::uint32_t v[8];
      for (int i = 0; i < 8; ++i) v[i] = kSm3Iv[i];
      k->compress(v, d, n);
      benchmark::DoNotOptimize(v);
    };
  });
}

void register_all() {
  for (const AesKernel* k : usable(aes_lanes())) {
    const std::string lane = k->lane;
    const struct {
      const char* name;
      AesOp op;
      std::size_t key;
    } ops[] = {{"aes128-ecb-enc", AesOp::kEcbEncrypt, 16},
               {"aes128-cbc-enc", AesOp::kCbcEncrypt, 16},
               {"aes128-cbc-dec", AesOp::kCbcDecrypt, 16},
               {"aes128-ctr", AesOp::kCtr, 16},
               {"aes256-ctr", AesOp::kCtr, 32}};
    for (const auto& o : ops) {
      benchmark::RegisterBenchmark((lane + "/" + o.name).c_str(), bench_aes, k, o.op, o.key)
          ->ArgsProduct({kSizes});
    }
    benchmark::RegisterBenchmark((lane + "/key-schedule-enc").c_str(), bench_aes_key_schedule, k,
                                 false)
        ->Arg(16)
        ->Arg(32);
    benchmark::RegisterBenchmark((lane + "/key-schedule-dec").c_str(), bench_aes_key_schedule, k,
                                 true)
        ->Arg(16)
        ->Arg(32);
  }
  for (const Sha256Kernel* k : usable(sha256_lanes())) {
    benchmark::RegisterBenchmark((std::string(k->lane) + "/sha256").c_str(),
                                 bench_sha2<std::uint32_t>, k, kSha256Iv, 32)
        ->ArgsProduct({kSizes});
  }
  for (const Sha512Kernel* k : usable(sha512_lanes())) {
    benchmark::RegisterBenchmark((std::string(k->lane) + "/sha512").c_str(),
                                 bench_sha2<std::uint64_t>, k, kSha512Iv, 64)
        ->ArgsProduct({kSizes});
  }
  register_other_primitives();
  // X25519 (RFC 7748): per operation, not per byte.
  for (const X25519Kernel* k : usable(x25519_lanes())) {
    const std::string lane = k->lane;
    benchmark::RegisterBenchmark((lane + "/x25519").c_str(), [k](benchmark::State& state) {
      std::uint8_t s[32] = {0x77, 0x07, 0x6d}, u[32] = {9};
      for (auto _ : state) {
        k->scalarmult(s, s, u);
        benchmark::DoNotOptimize(s);
      }
    });
    benchmark::RegisterBenchmark((lane + "/x25519-public-key").c_str(),
                                 [k](benchmark::State& state) {
                                   std::uint8_t s[32] = {0x77, 0x07, 0x6d};
                                   for (auto _ : state) {
                                     k->scalarmult_base(s, s);
                                     benchmark::DoNotOptimize(s);
                                   }
                                 });
  }
}

}  // namespace
}  // namespace armaccel

int main(int argc, char** argv) {
  armaccel::register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
