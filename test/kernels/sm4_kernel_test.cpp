// SPDX-License-Identifier: Apache-2.0
// SM4 lanes, every lane the running CPU can use: GB/T 32907-2016 examples 1
// and 2 (10^6 encryptions; natively, thinned under qemu), the
// draft-ribose-cfrg-sm4 ECB/CBC/CTR vectors, Botan's multi-block SM4
// vectors, the S-box against the standard's table through one-round
// differences, and each lane against the portable lane for every length
// 0..1024 bytes in every mode (unaligned, in place, split into calls).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "api/sm4.h"
#include "lanes_under_test.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class Sm4Lane : public ::testing::TestWithParam<const Sm4Kernel*> {};

Sm4RoundKeys schedule(const Sm4Kernel* k, const Bytes& key, bool encrypt) {
  Sm4RoundKeys rk;
  EXPECT_TRUE(encrypt ? k->set_encrypt_key(&rk, key.data(), key.size())
                      : k->set_decrypt_key(&rk, key.data(), key.size()));
  return rk;
}

Bytes ecb(const Sm4Kernel* k, const Bytes& key, const Bytes& in, bool encrypt) {
  const Sm4RoundKeys rk = schedule(k, key, encrypt);
  Bytes out(in.size());
  (encrypt ? k->ecb_encrypt : k->ecb_decrypt)(&rk, in.data(), out.data(), in.size() / 16);
  return out;
}

TEST_P(Sm4Lane, GbtExample1AndKeyLength) {
  const Sm4Kernel* k = GetParam();
  const Bytes key = from_hex("0123456789abcdeffedcba9876543210");
  EXPECT_EQ(to_hex(ecb(k, key, key, true)), "681edf34d206965e86b3e94f536e4246");
  EXPECT_EQ(to_hex(ecb(k, key, from_hex("681edf34d206965e86b3e94f536e4246"), false)),
            "0123456789abcdeffedcba9876543210");
  Sm4RoundKeys rk;
  EXPECT_FALSE(k->set_encrypt_key(&rk, key.data(), 15));
  EXPECT_FALSE(k->set_decrypt_key(&rk, key.data(), 32));
}

// GB/T 32907-2016 example 2: the block encrypted 1,000,000 times.
TEST_P(Sm4Lane, GbtExample2MillionEncryptions) {
  const Sm4Kernel* k = GetParam();
  if (emulated() && std::string(k->lane) != "sm4-ce")
    GTEST_SKIP() << "10^6 encryptions without the SM4 instructions take too long under qemu; "
                    "run natively (portable) and under -cpu max (sm4-ce)";
  const Bytes key = from_hex("0123456789abcdeffedcba9876543210");
  const Sm4RoundKeys rk = schedule(k, key, true);
  std::uint8_t block[16];
  std::memcpy(block, key.data(), 16);
  for (int i = 0; i < 1000000; ++i) k->ecb_encrypt(&rk, block, block, 1);
  EXPECT_EQ(to_hex(block, 16), "595298c7c6fd271f0402f804c33d3f66");
}

TEST_P(Sm4Lane, DraftRiboseVectors) {
  const Sm4Kernel* k = GetParam();
  const std::string dir = vectors_dir() + "/rfc/SM4/draft-ribose-cfrg-sm4-10-";
  int count = 0;
  for (const char* mode : {"ecb", "cbc", "ctr"}) {
    for (const RspRecord& r : parse_rsp_file(dir + mode + ".txt")) {
      const Bytes key = from_hex(r.get("KEY")), pt = from_hex(r.get("PLAINTEXT"));
      const Bytes ct = from_hex(r.get("CIPHERTEXT"));
      const Sm4RoundKeys enc = schedule(k, key, true), dec = schedule(k, key, false);
      Bytes out(pt.size()), back(pt.size());
      const std::size_t blocks = pt.size() / 16;
      if (std::string(mode) == "ecb") {
        k->ecb_encrypt(&enc, pt.data(), out.data(), blocks);
        k->ecb_decrypt(&dec, ct.data(), back.data(), blocks);
      } else {
        Bytes iv = from_hex(r.get("IV")), iv2 = iv;
        if (std::string(mode) == "cbc") {
          k->cbc_encrypt(&enc, pt.data(), out.data(), blocks, iv.data());
          k->cbc_decrypt(&dec, ct.data(), back.data(), blocks, iv2.data());
        } else {
          k->ctr_encrypt(&enc, pt.data(), out.data(), blocks, iv.data());
          k->ctr_encrypt(&enc, ct.data(), back.data(), blocks, iv2.data());
        }
      }
      EXPECT_EQ(to_hex(out), to_hex(ct)) << mode << " line " << r.line;
      EXPECT_EQ(to_hex(back), to_hex(pt)) << mode << " line " << r.line;
      ++count;
    }
  }
  EXPECT_EQ(count, 8);  // ECB 4, CBC 2, CTR 2
}

TEST_P(Sm4Lane, BotanVectors) {
  const Sm4Kernel* k = GetParam();
  int count = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/block/sm4.vec")) {
    const Bytes key = from_hex(r.get("Key")), in = from_hex(r.get("In"));
    if (r.has("Iterations")) continue;  // example 2, above
    EXPECT_EQ(to_hex(ecb(k, key, in, true)), to_hex(from_hex(r.get("Out")))) << "line " << r.line;
    EXPECT_EQ(to_hex(ecb(k, key, from_hex(r.get("Out")), false)), to_hex(in)) << "line " << r.line;
    ++count;
  }
  EXPECT_GE(count, 20);
}

// Each mode of the lane against the portable lane for every length up to
// 1024 bytes (64 blocks), from an unaligned buffer, in place and split
// into two calls; chaining values must come out equal too.
TEST_P(Sm4Lane, MatchesPortableInEveryMode) {
  const Sm4Kernel* k = GetParam();
  const Sm4Kernel* ref = &kSm4Portable;
  Rng rng(70);
  const Bytes key = rng.bytes(16);
  const Sm4RoundKeys ek = schedule(k, key, true), dk = schedule(k, key, false);
  const Sm4RoundKeys rek = schedule(ref, key, true), rdk = schedule(ref, key, false);
  for (std::size_t blocks = 0; blocks <= 64; ++blocks) {
    const Bytes in = rng.bytes(16 * blocks + 1);
    Bytes iv = rng.bytes(16);
    if (blocks % 7 == 3) std::memset(iv.data() + 8, 0xff, 8);  // 2^64 counter carry
    if (blocks % 7 == 5) std::memset(iv.data() + 12, 0xff, 4);
    const std::size_t split = blocks == 0 ? 0 : rng.below(blocks + 1);
    for (int mode = 0; mode < 10; ++mode) {
      // a: the oracle's buffer; b: the lane's, in place from an odd address,
      // with an odd-addressed chaining value too.
      Bytes a(in.begin() + 1, in.end()), b = in, chain_store(17);
      std::uint8_t* out_b = b.data() + 1;
      std::copy(iv.begin(), iv.end(), chain_store.begin() + 1);
      Bytes chain_a = iv;
      std::uint8_t* chain_b = chain_store.data() + 1;
      auto run = [&](const Sm4Kernel* kk, const Sm4RoundKeys* e, const Sm4RoundKeys* d,
                     std::uint8_t* buf, std::uint8_t* chain, std::size_t n) {
        switch (mode) {
          case 0:
            kk->ecb_encrypt(e, buf, buf, n);
            break;
          case 1:
            kk->ecb_decrypt(d, buf, buf, n);
            break;
          case 2:
            kk->cbc_encrypt(e, buf, buf, n, chain);
            break;
          case 3:
            kk->cbc_decrypt(d, buf, buf, n, chain);
            break;
          case 4:
            kk->ctr_encrypt(e, buf, buf, n, chain);
            break;
          case 5:
            kk->ctr32_encrypt(e, buf, buf, n, chain);
            break;
          case 6:
            kk->xts_encrypt(e, buf, buf, n, chain);
            break;
          case 7:
            kk->xts_decrypt(d, buf, buf, n, chain);
            break;
          case 8:
            kk->xts_gb_encrypt(e, buf, buf, n, chain);
            break;
          default:
            kk->xts_gb_decrypt(d, buf, buf, n, chain);
            break;
        }
      };
      run(ref, &rek, &rdk, a.data(), chain_a.data(), blocks);
      run(k, &ek, &dk, out_b, chain_b, split);
      run(k, &ek, &dk, out_b + 16 * split, chain_b, blocks - split);
      ASSERT_EQ(to_hex(out_b, a.size()), to_hex(a))
          << k->lane << " mode " << mode << " blocks " << blocks;
      ASSERT_EQ(to_hex(chain_b, 16), to_hex(chain_a)) << "mode " << mode << " blocks " << blocks;
    }
    std::uint8_t mac_a[16] = {}, mac_b[16] = {};
    ref->cbc_mac(&rek, in.data() + 1, blocks, mac_a);
    k->cbc_mac(&ek, in.data() + 1, split, mac_b);
    k->cbc_mac(&ek, in.data() + 1 + 16 * split, blocks - split, mac_b);
    ASSERT_EQ(to_hex(mac_b, 16), to_hex(mac_a, 16)) << "cbc-mac blocks " << blocks;
  }
}

// Decryption inverts encryption in every mode that has an inverse.
TEST_P(Sm4Lane, RoundTrips) {
  const Sm4Kernel* k = GetParam();
  Rng rng(71);
  for (int trial = 0; trial < 20; ++trial) {
    const Bytes key = rng.bytes(16), pt = rng.bytes(16 * (1 + rng.below(40)));
    const Sm4RoundKeys ek = schedule(k, key, true), dk = schedule(k, key, false);
    const Bytes iv = rng.bytes(16);
    const std::size_t n = pt.size() / 16;
    Bytes ct(pt.size()), back(pt.size()), c1 = iv, c2 = iv;
    k->cbc_encrypt(&ek, pt.data(), ct.data(), n, c1.data());
    k->cbc_decrypt(&dk, ct.data(), back.data(), n, c2.data());
    EXPECT_EQ(back, pt);
    c1 = iv;
    c2 = iv;
    k->xts_encrypt(&ek, pt.data(), ct.data(), n, c1.data());
    k->xts_decrypt(&dk, ct.data(), back.data(), n, c2.data());
    EXPECT_EQ(back, pt);
    c1 = iv;
    c2 = iv;
    k->xts_gb_encrypt(&ek, pt.data(), ct.data(), n, c1.data());
    k->xts_gb_decrypt(&dk, ct.data(), back.data(), n, c2.data());
    EXPECT_EQ(back, pt);
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, Sm4Lane, ::testing::ValuesIn(usable_lanes(sm4_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
