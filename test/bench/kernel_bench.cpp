// Kernel throughput per lane and message size (16 B, 64 B, 1 KiB, 16 KiB),
// every lane the running CPU can use.  Bytes/s is wall-clock: meaningful on
// real hardware; under qemu use scripts/icount.sh (instruction
// counts) instead.  A key-schedule benchmark shows the per-message set-up.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "api/aes.h"
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
