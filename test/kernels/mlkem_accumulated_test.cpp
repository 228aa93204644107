// SPDX-License-Identifier: Apache-2.0
// C2SP CCTV's "accumulated" ML-KEM test (test/vectors/mlkem/cctv/
// accumulated-10k.txt): 10 000 key generations, encapsulations,
// decapsulations and implicit rejections from a SHAKE-128 stream, all
// outputs absorbed into a second SHAKE-128 whose first 32 bytes must equal
// the published hash for final FIPS 203.  Runs on this CPU's lanes (the
// best ones, or the ones ARMACCEL_DISABLE leaves).  Under emulation only
// ML-KEM-512 runs (the three together take minutes there).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

#include "cpu/lanes.h"
#include "mlkem/mlkem.h"
#include "modes/sha3_driver.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

std::map<std::string, std::string> expected_hashes() {
  std::ifstream in(vectors_dir() + "/mlkem/cctv/accumulated-10k.txt");
  EXPECT_TRUE(in.good());
  std::map<std::string, std::string> out;
  std::string name, hash;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("ML-KEM-", 0) != 0) continue;  // comments and the ipd values
    const auto space = line.find(' ');
    out[line.substr(0, space)] = line.substr(line.find_first_not_of(' ', space));
  }
  return out;
}

std::string accumulate(const mlkem::Params& p, const mlkem::Kernels& kern, int iterations) {
  const KeccakKernel* k = kern.keccak;
  SpongeState rng, acc;
  sponge_init(&rng, 168, kShakePad);
  sponge_init(&acc, 168, kShakePad);
  Bytes d(32), z(32), m(32), ct_bad(p.ct_bytes), ek(p.ek_bytes), dk(p.dk_bytes), ct(p.ct_bytes);
  std::uint8_t key[32], back[32], key_bad[32];
  for (int i = 0; i < iterations; ++i) {
    sponge_squeeze(k, &rng, d.data(), 32);
    sponge_squeeze(k, &rng, z.data(), 32);
    sponge_squeeze(k, &rng, m.data(), 32);
    sponge_squeeze(k, &rng, ct_bad.data(), ct_bad.size());
    mlkem::keygen(p, kern, d.data(), z.data(), ek.data(), dk.data());
    mlkem::encaps(p, kern, ek.data(), m.data(), ct.data(), key);
    mlkem::decaps(p, kern, dk.data(), ct.data(), back);
    EXPECT_EQ(0, std::memcmp(key, back, 32)) << p.name << " iteration " << i;
    mlkem::decaps(p, kern, dk.data(), ct_bad.data(), key_bad);
    sponge_absorb(k, &acc, ek.data(), ek.size());
    sponge_absorb(k, &acc, dk.data(), dk.size());
    sponge_absorb(k, &acc, ct.data(), ct.size());
    sponge_absorb(k, &acc, key, 32);
    sponge_absorb(k, &acc, key_bad, 32);
  }
  std::uint8_t out[32];
  sponge_squeeze(k, &acc, out, sizeof out);
  return to_hex(out, sizeof out);
}

mlkem::Kernels lanes_here() {
  const KernelSet set = select_kernels(apply_disable(
      probe_cpu_features(), parse_disable_list(std::getenv("ARMACCEL_DISABLE")).disable));
  return {set.keccak, set.mlkem};
}

TEST(MlkemAccumulated, TenThousandIterationsMatchCctv) {
  const auto expect = expected_hashes();
  ASSERT_EQ(expect.size(), 3u);
  for (const mlkem::Params* p : {&mlkem::kMlkem512, &mlkem::kMlkem768, &mlkem::kMlkem1024}) {
    if (emulated() && p != &mlkem::kMlkem512) continue;
    EXPECT_EQ(accumulate(*p, lanes_here(), 10000), expect.at(p->name)) << p->name;
  }
}

}  // namespace
}  // namespace armaccel::test
