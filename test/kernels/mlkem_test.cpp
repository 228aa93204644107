// ML-KEM core (FIPS 203) on the portable arithmetic and the Keccak lanes:
// NIST ACVP keyGen (75 cases) and encapDecap (75 encapsulations, 30
// decapsulations incl. the modified ciphertexts that must yield the
// implicit-rejection key), the key checks on valid keys and on keys broken
// the ways §7.2/7.3 look for, and NTT round trips.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "lanes.h"
#include "mlkem.h"
#include "mlkem_poly.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

const mlkem::Params& params(const std::string& name) {
  if (name == "ML-KEM-512") return mlkem::kMlkem512;
  if (name == "ML-KEM-768") return mlkem::kMlkem768;
  return mlkem::kMlkem1024;
}

nlohmann::json load(const std::string& dir) {
  std::ifstream in(vectors_dir() + "/mlkem/acvp/" + dir + "/internalProjection.json");
  EXPECT_TRUE(in.good());
  return nlohmann::json::parse(in);
}

Bytes hex(const nlohmann::json& v) {
  return from_hex(v.get<std::string>());
}

const KeccakKernel* keccak() {
  return select_kernels(probe_cpu_features()).keccak;
}

TEST(MlkemAcvp, KeyGen) {
  int run = 0;
  const nlohmann::json doc = load("ML-KEM-keyGen-FIPS203");
  for (const auto& g : doc["testGroups"]) {
    const mlkem::Params& p = params(g["parameterSet"]);
    for (const auto& t : g["tests"]) {
      Bytes ek(p.ek_bytes), dk(p.dk_bytes);
      mlkem::keygen(p, keccak(), hex(t["d"]).data(), hex(t["z"]).data(), ek.data(), dk.data());
      ASSERT_EQ(to_hex(ek), to_hex(hex(t["ek"]))) << p.name << " tcId " << t["tcId"];
      ASSERT_EQ(to_hex(dk), to_hex(hex(t["dk"]))) << p.name << " tcId " << t["tcId"];
      EXPECT_TRUE(mlkem::check_encapsulation_key(p, ek.data()));
      EXPECT_TRUE(mlkem::check_decapsulation_key(p, keccak(), dk.data()));
      ++run;
    }
  }
  EXPECT_EQ(run, 75);
}

TEST(MlkemAcvp, EncapsulationAndDecapsulation) {
  int enc = 0, dec = 0, rejected = 0;
  const nlohmann::json doc = load("ML-KEM-encapDecap-FIPS203");
  for (const auto& g : doc["testGroups"]) {
    const mlkem::Params& p = params(g["parameterSet"]);
    const bool encaps = g["function"] == "encapsulation";
    for (const auto& t : g["tests"]) {
      Bytes ss(32);
      if (encaps) {
        const Bytes ek = hex(t["ek"]);
        Bytes ct(p.ct_bytes);
        mlkem::encaps(p, keccak(), ek.data(), hex(t["m"]).data(), ct.data(), ss.data());
        ASSERT_EQ(to_hex(ct), to_hex(hex(t["c"]))) << p.name << " tcId " << t["tcId"];
        ASSERT_EQ(to_hex(ss), to_hex(hex(t["k"]))) << p.name << " tcId " << t["tcId"];
        // The decapsulation key of the same case recovers K.
        Bytes back(32);
        mlkem::decaps(p, keccak(), hex(t["dk"]).data(), ct.data(), back.data());
        EXPECT_EQ(back, ss) << p.name << " tcId " << t["tcId"];
        ++enc;
      } else {
        mlkem::decaps(p, keccak(), hex(g["dk"]).data(), hex(t["c"]).data(), ss.data());
        EXPECT_EQ(to_hex(ss), to_hex(hex(t["k"]))) << p.name << " tcId " << t["tcId"];
        if (t["reason"] != "no modification") ++rejected;
        ++dec;
      }
    }
  }
  EXPECT_EQ(enc, 75);
  EXPECT_EQ(dec, 30);
  EXPECT_GT(rejected, 0);
}

TEST(MlkemKeyChecks, ModulusAndHash) {
  Rng rng(100);
  for (const mlkem::Params* p : {&mlkem::kMlkem512, &mlkem::kMlkem768, &mlkem::kMlkem1024}) {
    const Bytes d = rng.bytes(32), z = rng.bytes(32);
    Bytes ek(p->ek_bytes), dk(p->dk_bytes);
    mlkem::keygen(*p, keccak(), d.data(), z.data(), ek.data(), dk.data());
    // A coefficient >= q (the 12-bit value 0xfff at coefficient 0).
    Bytes bad = ek;
    bad[0] = 0xff;
    bad[1] = static_cast<std::uint8_t>(bad[1] | 0x0f);
    EXPECT_FALSE(mlkem::check_encapsulation_key(*p, bad.data())) << p->name;
    // Exactly q is also out of range; q - 1 is fine.
    bad[0] = 3329 & 0xff;
    bad[1] = static_cast<std::uint8_t>((bad[1] & 0xf0) | (3329 >> 8));
    EXPECT_FALSE(mlkem::check_encapsulation_key(*p, bad.data())) << p->name;
    bad[0] = 3328 & 0xff;
    EXPECT_TRUE(mlkem::check_encapsulation_key(*p, bad.data())) << p->name;
    // A decapsulation key whose stored H(ek) does not match.
    Bytes bad_dk = dk;
    bad_dk[p->dk_bytes - 64] ^= 1;
    EXPECT_FALSE(mlkem::check_decapsulation_key(*p, keccak(), bad_dk.data())) << p->name;
  }
}

TEST(MlkemPoly, NttRoundTripAndReduce) {
  Rng rng(101);
  for (int trial = 0; trial < 20; ++trial) {
    mlkem::Poly f, g;
    for (auto& c : f.c) c = static_cast<std::uint16_t>(rng.below(mlkem::kQ));
    g = f;
    mlkem::ntt(&g);
    mlkem::inv_ntt(&g);
    for (int i = 0; i < mlkem::kN; ++i) ASSERT_EQ(g.c[i], f.c[i]) << trial << " " << i;
  }
  for (std::uint32_t a : {0u, 1u, 3328u, 3329u, 6657u, 6658u, (1u << 30) - 1, 3329u * 3328u})
    EXPECT_EQ(mlkem::reduce(a), a % mlkem::kQ) << a;
}

}  // namespace
}  // namespace armaccel::test
