// SPDX-License-Identifier: Apache-2.0
// AES kernels, every lane the running CPU can use: FIPS 197 appendix C and
// SP 800-38A appendix F examples, the NIST AESAVS response files (KAT, MMT,
// Monte Carlo) for ECB and CBC, and each lane against the portable lane.
#include <gtest/gtest.h>

#include <cstring>

#include "api/aes.h"
#include "lanes_under_test.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class AesLane : public ::testing::TestWithParam<const AesKernel*> {
 protected:
  const AesKernel& k() const { return *GetParam(); }

  Bytes ecb(const Bytes& key, const Bytes& in, bool enc) const {
    AesRoundKeys rk;
    EXPECT_TRUE(enc ? k().set_encrypt_key(&rk, key.data(), key.size())
                    : k().set_decrypt_key(&rk, key.data(), key.size()));
    Bytes out(in.size());
    (enc ? k().ecb_encrypt : k().ecb_decrypt)(&rk, in.data(), out.data(), in.size() / 16);
    return out;
  }
  Bytes cbc(const Bytes& key, Bytes iv, const Bytes& in, bool enc) const {
    AesRoundKeys rk;
    EXPECT_TRUE(enc ? k().set_encrypt_key(&rk, key.data(), key.size())
                    : k().set_decrypt_key(&rk, key.data(), key.size()));
    Bytes out(in.size());
    (enc ? k().cbc_encrypt : k().cbc_decrypt)(&rk, in.data(), out.data(), in.size() / 16,
                                              iv.data());
    return out;
  }
  Bytes ctr(const Bytes& key, Bytes counter, const Bytes& in) const {
    AesRoundKeys rk;
    EXPECT_TRUE(k().set_encrypt_key(&rk, key.data(), key.size()));
    Bytes out(in.size());
    k().ctr_encrypt(&rk, in.data(), out.data(), in.size() / 16, counter.data());
    return out;
  }
};

// FIPS 197 appendix C.1-C.3: key 000102..., plaintext 00112233...ff.
TEST_P(AesLane, Fips197AppendixC) {
  const Bytes pt = from_hex("00112233445566778899aabbccddeeff");
  const struct {
    const char* key;
    const char* ct;
  } cases[] = {
      {"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
      {"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
      {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
       "8ea2b7ca516745bfeafc49904b496089"},
  };
  for (const auto& c : cases) {
    const Bytes key = from_hex(c.key);
    EXPECT_EQ(to_hex(ecb(key, pt, true)), c.ct) << c.key;
    EXPECT_EQ(ecb(key, from_hex(c.ct), false), pt) << c.key;
  }
}

// SP 800-38A appendix F: F.1 ECB, F.2 CBC, F.5 CTR for AES-128/192/256.
struct Sp80038aKey {
  const char* key;
  const char* ecb;
  const char* cbc;
  const char* ctr;
};
const char kSp80038aPlaintext[] =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
const Sp80038aKey kSp80038a[] = {
    {"2b7e151628aed2a6abf7158809cf4f3c",
     "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
     "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
     "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
     "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
    {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
     "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e",
     "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
     "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
     "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
     "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
    {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
     "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
     "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
     "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
     "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
};

TEST_P(AesLane, Sp80038aAppendixF) {
  const Bytes pt = from_hex(kSp80038aPlaintext);
  const Bytes iv = from_hex("000102030405060708090a0b0c0d0e0f");
  const Bytes counter = from_hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  for (const auto& v : kSp80038a) {
    const Bytes key = from_hex(v.key);
    EXPECT_EQ(to_hex(ecb(key, pt, true)), v.ecb) << "ECB " << v.key;
    EXPECT_EQ(ecb(key, from_hex(v.ecb), false), pt) << "ECB dec " << v.key;
    EXPECT_EQ(to_hex(cbc(key, iv, pt, true)), v.cbc) << "CBC " << v.key;
    EXPECT_EQ(cbc(key, iv, from_hex(v.cbc), false), pt) << "CBC dec " << v.key;
    EXPECT_EQ(to_hex(ctr(key, counter, pt)), v.ctr) << "CTR " << v.key;
  }
}

TEST_P(AesLane, RejectsBadKeyLengths) {
  AesRoundKeys rk;
  const Bytes key(64, 0x11);
  for (std::size_t len : {0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 64}) {
    EXPECT_FALSE(k().set_encrypt_key(&rk, key.data(), len)) << len;
    EXPECT_FALSE(k().set_decrypt_key(&rk, key.data(), len)) << len;
  }
}

// NIST AESAVS known-answer and multi-block files, ECB and CBC, both ways.
TEST_P(AesLane, NistKnownAnswerAndMultiBlock) {
  int checked = 0;
  for (const char* mode : {"ECB", "CBC"}) {
    for (const char* kind : {"GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"}) {
      for (const char* bits : {"128", "192", "256"}) {
        const std::string file = vectors_dir() + "/nist/aes-ecb-cbc/" + mode + kind + bits + ".rsp";
        for (const RspRecord& r : parse_rsp_file(file)) {
          const bool enc = r.settings.count("ENCRYPT") != 0;
          const Bytes key = from_hex(r.get("KEY"));
          const Bytes pt = from_hex(r.get("PLAINTEXT"));
          const Bytes ct = from_hex(r.get("CIPHERTEXT"));
          const bool cbc_mode = std::strcmp(mode, "CBC") == 0;
          const Bytes iv = cbc_mode ? from_hex(r.get("IV")) : Bytes{};
          if (enc) {
            EXPECT_EQ(cbc_mode ? cbc(key, iv, pt, true) : ecb(key, pt, true), ct)
                << file << ":" << r.line;
          } else {
            EXPECT_EQ(cbc_mode ? cbc(key, iv, ct, false) : ecb(key, ct, false), pt)
                << file << ":" << r.line;
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 3000);
}

// AESAVS Monte Carlo (1000 chained encryptions per record, test/vectors/SOURCES.md).
TEST_P(AesLane, NistMonteCarlo) {
  for (const char* mode : {"ECB", "CBC"}) {
    for (const char* bits : {"128", "192", "256"}) {
      const std::string file = vectors_dir() + "/nist/aes-ecb-cbc/" + mode + "MCT" + bits + ".rsp";
      const bool cbc_mode = std::strcmp(mode, "CBC") == 0;
      int n = 0;
      for (const RspRecord& r : parse_rsp_file(file)) {
        if (++n > 10) break;  // 10 records per file and direction keep emulated runs short
        const bool enc = r.settings.count("ENCRYPT") != 0;
        const Bytes key = from_hex(r.get("KEY"));
        AesRoundKeys rk;
        ASSERT_TRUE(enc ? k().set_encrypt_key(&rk, key.data(), key.size())
                        : k().set_decrypt_key(&rk, key.data(), key.size()));
        Bytes x = from_hex(enc ? r.get("PLAINTEXT") : r.get("CIPHERTEXT"));
        Bytes expect = from_hex(enc ? r.get("CIPHERTEXT") : r.get("PLAINTEXT"));
        if (!cbc_mode) {
          for (int j = 0; j < 1000; ++j)
            (enc ? k().ecb_encrypt : k().ecb_decrypt)(&rk, x.data(), x.data(), 1);
          EXPECT_EQ(x, expect) << file << ":" << r.line;
        } else {
          // Output_j = CBC(Input_j); Input_{j+1} = (j == 0 ? IV : Output_{j-1}).
          Bytes chain = from_hex(r.get("IV"));
          Bytes prev_out = chain, out(16);
          for (int j = 0; j < 1000; ++j) {
            (enc ? k().cbc_encrypt : k().cbc_decrypt)(&rk, x.data(), out.data(), 1, chain.data());
            const Bytes next_in = j == 0 ? from_hex(r.get("IV")) : prev_out;
            prev_out = out;
            x = next_in;
          }
          EXPECT_EQ(out, expect) << file << ":" << r.line;
        }
      }
    }
  }
}

// Each lane against the portable lane: random keys and data for every
// length 0..1024 bytes (whole blocks), unaligned and in place, ending at a
// guard page, and split into random calls.
TEST_P(AesLane, MatchesPortableEveryLength) {
  if (GetParam() == &kAesPortable) GTEST_SKIP() << "portable is the reference";
  const AesKernel& ref = kAesPortable;
  Rng rng(1);
  for (std::size_t blocks = 0; blocks <= 64; ++blocks) {
    for (std::size_t key_len : {16, 24, 32}) {
      SCOPED_TRACE(::testing::Message()
                   << "blocks " << blocks << " key " << key_len << " seed " << test_seed());
      const Bytes key = rng.bytes(key_len);
      const std::size_t len = 16 * blocks;
      const std::size_t offset = rng.below(16);
      GuardedBuffer in_buf(len + offset), out_buf(len + offset);
      std::uint8_t* in = in_buf.data() + offset;
      std::uint8_t* out = out_buf.data() + offset;
      rng.fill(in, len);
      Bytes expect(len);
      AesRoundKeys rk_ref, rk;
      ASSERT_TRUE(ref.set_encrypt_key(&rk_ref, key.data(), key_len));
      ASSERT_TRUE(k().set_encrypt_key(&rk, key.data(), key_len));

      ref.ecb_encrypt(&rk_ref, in, expect.data(), blocks);
      k().ecb_encrypt(&rk, in, out, blocks);
      EXPECT_EQ(0, std::memcmp(out, expect.data(), len)) << "ECB encrypt";

      Bytes iv = rng.bytes(16), iv_ref = iv;
      ref.cbc_encrypt(&rk_ref, in, expect.data(), blocks, iv_ref.data());
      k().cbc_encrypt(&rk, in, out, blocks, iv.data());
      EXPECT_EQ(0, std::memcmp(out, expect.data(), len)) << "CBC encrypt";
      EXPECT_EQ(iv, iv_ref) << "CBC encrypt chaining value";

      // Counter blocks near the 2^32, 2^64 and 2^128 carries.
      Bytes counter = rng.bytes(16);
      const std::size_t near = rng.below(4);
      if (near >= 1) std::memset(counter.data() + 12, 0xff, 4);
      if (near >= 2) std::memset(counter.data() + 8, 0xff, 8);
      if (near >= 3) std::memset(counter.data(), 0xff, 16);
      if (near >= 1) counter[15] = static_cast<std::uint8_t>(0xff - rng.below(8));
      Bytes ctr_ref = counter;
      ref.ctr_encrypt(&rk_ref, in, expect.data(), blocks, ctr_ref.data());
      k().ctr_encrypt(&rk, in, out, blocks, counter.data());
      EXPECT_EQ(0, std::memcmp(out, expect.data(), len)) << "CTR";
      EXPECT_EQ(counter, ctr_ref) << "CTR counter after";

      ASSERT_TRUE(ref.set_decrypt_key(&rk_ref, key.data(), key_len));
      ASSERT_TRUE(k().set_decrypt_key(&rk, key.data(), key_len));
      ref.ecb_decrypt(&rk_ref, in, expect.data(), blocks);
      k().ecb_decrypt(&rk, in, out, blocks);
      EXPECT_EQ(0, std::memcmp(out, expect.data(), len)) << "ECB decrypt";

      iv = rng.bytes(16);
      iv_ref = iv;
      ref.cbc_decrypt(&rk_ref, in, expect.data(), blocks, iv_ref.data());
      // In place, in random pieces: the chaining value carries across calls.
      std::memcpy(out, in, len);
      std::size_t done = 0;
      for (std::size_t part : random_splits(rng, blocks)) {
        k().cbc_decrypt(&rk, out + 16 * done, out + 16 * done, part, iv.data());
        done += part;
      }
      EXPECT_EQ(0, std::memcmp(out, expect.data(), len)) << "CBC decrypt in place, split";
      EXPECT_EQ(iv, iv_ref) << "CBC decrypt chaining value";
    }
  }
}

// Every block entry of each lane against the portable lane, for every
// length 0..1024 bytes: in place on an unaligned buffer ending at a guard
// page, the message cut into random calls so the chaining value (IV,
// counter, MAC, tweak) carries across them and every run length of the
// lane's inner loops (one, two, eight-block groups) is crossed.
TEST_P(AesLane, EveryEntryInPlaceSplitMatchesPortable) {
  if (GetParam() == &kAesPortable) GTEST_SKIP() << "portable is the reference";
  const AesKernel& ref = kAesPortable;
  Rng rng(7);
  using Chained = ChainedFn<AesRoundKeys>;
  const struct {
    const char* name;
    Chained ref_fn, fn;
    bool encrypt_key;
  } entries[] = {
      {"CBC encrypt", ref.cbc_encrypt, k().cbc_encrypt, true},
      {"CBC decrypt", ref.cbc_decrypt, k().cbc_decrypt, false},
      {"CTR", ref.ctr_encrypt, k().ctr_encrypt, true},
      {"CTR32", ref.ctr32_encrypt, k().ctr32_encrypt, true},
      {"XTS encrypt", ref.xts_encrypt, k().xts_encrypt, true},
      {"XTS decrypt", ref.xts_decrypt, k().xts_decrypt, false},
  };
  for (std::size_t blocks = 0; blocks <= 64; ++blocks) {
    for (std::size_t key_len : {16, 24, 32}) {
      SCOPED_TRACE(::testing::Message()
                   << "blocks " << blocks << " key " << key_len << " seed " << test_seed());
      const Bytes key = rng.bytes(key_len);
      const std::size_t len = 16 * blocks;
      const std::size_t offset = 1 + rng.below(15);
      GuardedBuffer buf(len + offset);
      std::uint8_t* p = buf.data() + offset;
      const Bytes msg = rng.bytes(len);
      AesRoundKeys ek_ref, dk_ref, ek, dk;
      ASSERT_TRUE(ref.set_encrypt_key(&ek_ref, key.data(), key_len));
      ASSERT_TRUE(ref.set_decrypt_key(&dk_ref, key.data(), key_len));
      ASSERT_TRUE(k().set_encrypt_key(&ek, key.data(), key_len));
      ASSERT_TRUE(k().set_decrypt_key(&dk, key.data(), key_len));

      for (bool enc : {true, false}) {
        Bytes expect(len);
        (enc ? ref.ecb_encrypt : ref.ecb_decrypt)(enc ? &ek_ref : &dk_ref, msg.data(),
                                                  expect.data(), blocks);
        std::memcpy(p, msg.data(), len);
        std::size_t done = 0;
        for (std::size_t part : random_splits(rng, blocks)) {
          (enc ? k().ecb_encrypt : k().ecb_decrypt)(enc ? &ek : &dk, p + 16 * done, p + 16 * done,
                                                    part);
          done += part;
        }
        EXPECT_EQ(0, std::memcmp(p, expect.data(), len)) << (enc ? "ECB encrypt" : "ECB decrypt");
      }

      for (const auto& e : entries) {
        Bytes chain = rng.bytes(16);
        if (rng.below(2)) std::memset(chain.data() + 8, 0xff, 8);  // near CTR's carries
        Bytes chain_ref = chain, expect(len);
        e.ref_fn(e.encrypt_key ? &ek_ref : &dk_ref, msg.data(), expect.data(), blocks,
                 chain_ref.data());
        std::memcpy(p, msg.data(), len);
        std::size_t done = 0;
        for (std::size_t part : random_splits(rng, blocks)) {
          e.fn(e.encrypt_key ? &ek : &dk, p + 16 * done, p + 16 * done, part, chain.data());
          done += part;
        }
        EXPECT_EQ(0, std::memcmp(p, expect.data(), len)) << e.name;
        EXPECT_EQ(chain, chain_ref) << e.name << " chaining value";
      }

      Bytes mac = rng.bytes(16), mac_ref = mac;
      ref.cbc_mac(&ek_ref, msg.data(), blocks, mac_ref.data());
      std::memcpy(p, msg.data(), len);
      std::size_t done = 0;
      for (std::size_t part : random_splits(rng, blocks)) {
        k().cbc_mac(&ek, p + 16 * done, part, mac.data());
        done += part;
      }
      EXPECT_EQ(mac, mac_ref) << "CBC-MAC";
    }
  }
}

TEST_P(AesLane, SplitCallsEqualOneCall) {
  Rng rng(2);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t blocks = rng.below(80);
    const Bytes key = rng.bytes(16 + 8 * rng.below(3));
    const Bytes msg = rng.bytes(16 * blocks);
    AesRoundKeys rk;
    ASSERT_TRUE(k().set_encrypt_key(&rk, key.data(), key.size()));
    Bytes counter = rng.bytes(16), whole(msg.size()), pieces(msg.size());
    Bytes c1 = counter, c2 = counter;
    k().ctr_encrypt(&rk, msg.data(), whole.data(), blocks, c1.data());
    Bytes iv1 = rng.bytes(16), iv2 = iv1;
    Bytes cbc_whole(msg.size()), cbc_pieces(msg.size());
    k().cbc_encrypt(&rk, msg.data(), cbc_whole.data(), blocks, iv1.data());
    std::size_t done = 0;
    for (std::size_t part : random_splits(rng, blocks)) {
      k().ctr_encrypt(&rk, msg.data() + 16 * done, pieces.data() + 16 * done, part, c2.data());
      k().cbc_encrypt(&rk, msg.data() + 16 * done, cbc_pieces.data() + 16 * done, part, iv2.data());
      done += part;
    }
    EXPECT_EQ(whole, pieces);
    EXPECT_EQ(c1, c2);
    EXPECT_EQ(cbc_whole, cbc_pieces);
    EXPECT_EQ(iv1, iv2);
  }
}

// inc32 (SP 800-38D §6.2): only the last 32 bits count, big-endian, and
// wrap to zero without touching the first 96 bits.  Reference: ECB of the
// explicit counter blocks.
TEST_P(AesLane, Ctr32IsGcmInc32) {
  Rng rng(4);
  for (const std::uint32_t start : {0u, 1u, 0x7ffffffeu, 0xfffffff9u, 0xffffffffu}) {
    const Bytes key = rng.bytes(16 + 8 * rng.below(3));
    AesRoundKeys rk;
    ASSERT_TRUE(k().set_encrypt_key(&rk, key.data(), key.size()));
    Bytes counter = rng.bytes(16);
    counter[12] = static_cast<std::uint8_t>(start >> 24);
    counter[13] = static_cast<std::uint8_t>(start >> 16);
    counter[14] = static_cast<std::uint8_t>(start >> 8);
    counter[15] = static_cast<std::uint8_t>(start);
    const std::size_t blocks = 20;
    Bytes blocks_in(16 * blocks);
    for (std::size_t i = 0; i < blocks; ++i) {
      const std::uint32_t v = start + static_cast<std::uint32_t>(i);
      std::memcpy(&blocks_in[16 * i], counter.data(), 12);
      blocks_in[16 * i + 12] = static_cast<std::uint8_t>(v >> 24);
      blocks_in[16 * i + 13] = static_cast<std::uint8_t>(v >> 16);
      blocks_in[16 * i + 14] = static_cast<std::uint8_t>(v >> 8);
      blocks_in[16 * i + 15] = static_cast<std::uint8_t>(v);
    }
    Bytes keystream(blocks_in.size()), out(blocks_in.size());
    k().ecb_encrypt(&rk, blocks_in.data(), keystream.data(), blocks);
    const Bytes msg = rng.bytes(blocks_in.size());
    Bytes c = counter;
    k().ctr32_encrypt(&rk, msg.data(), out.data(), blocks, c.data());
    for (std::size_t i = 0; i < msg.size(); ++i) ASSERT_EQ(out[i], msg[i] ^ keystream[i]) << start;
    EXPECT_EQ(Bytes(c.begin(), c.begin() + 12), Bytes(counter.begin(), counter.begin() + 12));
    const std::uint32_t after = start + static_cast<std::uint32_t>(blocks);
    EXPECT_EQ(c[12], static_cast<std::uint8_t>(after >> 24));
    EXPECT_EQ(c[15], static_cast<std::uint8_t>(after));
  }
}

TEST_P(AesLane, CbcMacIsLastCbcBlock) {
  Rng rng(5);
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
    const Bytes key = rng.bytes(16 + 8 * rng.below(3));
    AesRoundKeys rk;
    ASSERT_TRUE(k().set_encrypt_key(&rk, key.data(), key.size()));
    const Bytes msg = rng.bytes(16 * blocks);
    Bytes iv = rng.bytes(16), mac = iv, out(msg.size());
    k().cbc_mac(&rk, msg.data(), blocks, mac.data());
    k().cbc_encrypt(&rk, msg.data(), out.data(), blocks, iv.data());
    EXPECT_EQ(mac, iv) << blocks;  // the CBC chaining value is the last block
  }
}

// XTS on whole blocks against its definition, block by block with ECB:
// C_j = E(P_j ^ T) ^ T, T = T * alpha (IEEE 1619 §5.3.1).
TEST_P(AesLane, XtsBlocksMatchDefinition) {
  Rng rng(6);
  for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
    const Bytes key = rng.bytes(rng.below(2) ? 32 : 16);
    AesRoundKeys ek, dk;
    ASSERT_TRUE(k().set_encrypt_key(&ek, key.data(), key.size()));
    ASSERT_TRUE(k().set_decrypt_key(&dk, key.data(), key.size()));
    const Bytes msg = rng.bytes(16 * blocks);
    const Bytes tweak0 = rng.bytes(16);
    Bytes expect(msg.size()), t = tweak0;
    for (std::size_t j = 0; j < blocks; ++j) {
      std::uint8_t x[16];
      for (int i = 0; i < 16; ++i) x[i] = static_cast<std::uint8_t>(msg[16 * j + i] ^ t[i]);
      k().ecb_encrypt(&ek, x, x, 1);
      for (int i = 0; i < 16; ++i) expect[16 * j + i] = static_cast<std::uint8_t>(x[i] ^ t[i]);
      const std::uint8_t carry = t[15] >> 7;  // little-endian doubling, reduce by 0x87
      for (int i = 15; i > 0; --i) t[i] = static_cast<std::uint8_t>((t[i] << 1) | (t[i - 1] >> 7));
      t[0] = static_cast<std::uint8_t>((t[0] << 1) ^ (carry ? 0x87 : 0));
    }
    Bytes out(msg.size()), tw = tweak0;
    // In random pieces: the tweak carries across calls.
    std::size_t done = 0;
    for (std::size_t part : random_splits(rng, blocks)) {
      k().xts_encrypt(&ek, msg.data() + 16 * done, out.data() + 16 * done, part, tw.data());
      done += part;
    }
    EXPECT_EQ(out, expect) << blocks;
    EXPECT_EQ(tw, t);
    Bytes back(msg.size()), tw2 = tweak0;
    k().xts_decrypt(&dk, out.data(), back.data(), blocks, tw2.data());
    EXPECT_EQ(back, msg);
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, AesLane, ::testing::ValuesIn(usable_lanes(aes_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
