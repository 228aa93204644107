// SPDX-License-Identifier: Apache-2.0
// The bit-sliced NEON AES of kernels/aarch64/aes_bitsliced_impl.h, included
// the way its lane includes it: FIPS 197 appendix A and C examples, and
// every function against the portable lane (its own key layout) for every
// block count 0..64 and some large ones, random splits across calls, in
// place, unaligned buffers, and counter / tweak carries.  AArch64 only;
// built with -march=armv8-a (no AES instructions).
#include <gtest/gtest.h>

#include <cstring>

#include "aarch64/aes_bitsliced_impl.h"
#include "api/aes.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

using BsFn = void (*)(const std::uint8_t* rk, unsigned rounds, const std::uint8_t* in,
                      std::uint8_t* out, std::size_t blocks, std::uint8_t chain[16]);
using RefFn = void (*)(const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t blocks, std::uint8_t chain[16]);

struct Mode {
  const char* name;
  bool decrypt_schedule;  // the portable lane's schedule for it
  BsFn bs;
  RefFn ref;
};

const Mode kModes[] = {
    {"ecb_encrypt", false,
     [](const std::uint8_t* rk, unsigned r, const std::uint8_t* in, std::uint8_t* out,
        std::size_t n, std::uint8_t*) { bs_ecb_encrypt(rk, r, in, out, n); },
     [](const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
        std::uint8_t*) { kAesPortable.ecb_encrypt(rk, in, out, n); }},
    {"ecb_decrypt", true,
     [](const std::uint8_t* rk, unsigned r, const std::uint8_t* in, std::uint8_t* out,
        std::size_t n, std::uint8_t*) { bs_ecb_decrypt(rk, r, in, out, n); },
     [](const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
        std::uint8_t*) { kAesPortable.ecb_decrypt(rk, in, out, n); }},
    {"cbc_decrypt", true, bs_cbc_decrypt,
     [](const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
        std::uint8_t* c) { kAesPortable.cbc_decrypt(rk, in, out, n, c); }},
    {"ctr_encrypt", false, bs_ctr_encrypt,
     [](const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
        std::uint8_t* c) { kAesPortable.ctr_encrypt(rk, in, out, n, c); }},
    {"ctr32_encrypt", false, bs_ctr32_encrypt,
     [](const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
        std::uint8_t* c) { kAesPortable.ctr32_encrypt(rk, in, out, n, c); }},
    {"xts_encrypt", false, bs_xts_encrypt,
     [](const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
        std::uint8_t* c) { kAesPortable.xts_encrypt(rk, in, out, n, c); }},
    {"xts_decrypt", true, bs_xts_decrypt,
     [](const AesRoundKeys* rk, const std::uint8_t* in, std::uint8_t* out, std::size_t n,
        std::uint8_t* c) { kAesPortable.xts_decrypt(rk, in, out, n, c); }},
};

struct Keys {
  alignas(16) std::uint8_t rk[240];
  unsigned rounds;
  AesRoundKeys ref;
};

Keys make_keys(const Bytes& key, bool decrypt_schedule) {
  Keys k;
  k.rounds = bs_expand_key(key.data(), key.size(), k.rk);
  EXPECT_EQ(k.rounds, key.size() / 4 + 6);
  EXPECT_TRUE(decrypt_schedule ? kAesPortable.set_decrypt_key(&k.ref, key.data(), key.size())
                               : kAesPortable.set_encrypt_key(&k.ref, key.data(), key.size()));
  return k;
}

TEST(AesBitsliced, ExpandKeyFips197AppendixA) {
  std::uint8_t rk[240];
  EXPECT_EQ(bs_expand_key(from_hex("2b7e151628aed2a6abf7158809cf4f3c").data(), 16, rk), 10u);
  EXPECT_EQ(to_hex(rk + 160, 16), "d014f9a8c9ee2589e13f0cc8b6630ca6");
  EXPECT_EQ(
      bs_expand_key(from_hex("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b").data(), 24, rk),
      12u);
  EXPECT_EQ(to_hex(rk + 192, 16), "e98ba06f448c773c8ecc720401002202");
  EXPECT_EQ(bs_expand_key(
                from_hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4").data(),
                32, rk),
            14u);
  EXPECT_EQ(to_hex(rk + 224, 16), "fe4890d1e6188d0b046df344706c631e");
  for (std::size_t bad : {0u, 8u, 15u, 17u, 20u, 31u, 33u, 64u}) {
    std::uint8_t key[64] = {};
    EXPECT_EQ(bs_expand_key(key, bad, rk), 0u) << bad;
  }
}

// FIPS 197 appendix C.1-C.3, one block and the same block in every slot
// of a full batch.
TEST(AesBitsliced, Fips197AppendixC) {
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
    const Keys k = make_keys(from_hex(c.key), false);
    for (std::size_t n : {1u, 8u, 9u}) {
      Bytes in, want;
      for (std::size_t i = 0; i < n; ++i) {
        in.insert(in.end(), pt.begin(), pt.end());
        const Bytes ct = from_hex(c.ct);
        want.insert(want.end(), ct.begin(), ct.end());
      }
      Bytes out(in.size());
      bs_ecb_encrypt(k.rk, k.rounds, in.data(), out.data(), n);
      EXPECT_EQ(to_hex(out), to_hex(want)) << c.key << " n=" << n;
      bs_ecb_decrypt(k.rk, k.rounds, want.data(), out.data(), n);
      EXPECT_EQ(to_hex(out), to_hex(in)) << c.key << " n=" << n;
    }
  }
}

// SP 800-38A appendix F.2.2 / F.2.6 (CBC decryption), F.5.1 / F.5.5 (CTR),
// and IEEE 1619-2007 XTS-AES-128 vector 2 (tweak E_K2(data unit 0x3333333333)).
TEST(AesBitsliced, ModesKnownAnswers) {
  const Bytes pt = from_hex(
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  const struct {
    const char* key;
    const char* cbc;
    const char* ctr;
  } cases[] = {
      {"2b7e151628aed2a6abf7158809cf4f3c",
       "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
       "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
       "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
       "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
      {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
       "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
       "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
       "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
       "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
  };
  for (const auto& c : cases) {
    const Keys k = make_keys(from_hex(c.key), false);
    Bytes out(pt.size());
    Bytes iv = from_hex("000102030405060708090a0b0c0d0e0f");
    bs_cbc_decrypt(k.rk, k.rounds, from_hex(c.cbc).data(), out.data(), 4, iv.data());
    EXPECT_EQ(to_hex(out), to_hex(pt)) << "CBC " << c.key;
    EXPECT_EQ(to_hex(iv), std::string(c.cbc).substr(96)) << "CBC " << c.key;
    Bytes counter = from_hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    bs_ctr_encrypt(k.rk, k.rounds, pt.data(), out.data(), 4, counter.data());
    EXPECT_EQ(to_hex(out), c.ctr) << "CTR " << c.key;
    EXPECT_EQ(to_hex(counter), "f0f1f2f3f4f5f6f7f8f9fafbfcfdff03") << "CTR " << c.key;
    counter = from_hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    // No carry leaves the last 32 bits here, so inc32 gives the same blocks.
    bs_ctr32_encrypt(k.rk, k.rounds, pt.data(), out.data(), 4, counter.data());
    EXPECT_EQ(to_hex(out), c.ctr) << "CTR32 " << c.key;
    EXPECT_EQ(to_hex(counter), "f0f1f2f3f4f5f6f7f8f9fafbfcfdff03") << "CTR32 " << c.key;
  }
  const Keys k1 = make_keys(from_hex("11111111111111111111111111111111"), false);
  const Keys k2 = make_keys(from_hex("22222222222222222222222222222222"), false);
  Bytes tweak = from_hex("33333333330000000000000000000000");
  bs_ecb_encrypt(k2.rk, k2.rounds, tweak.data(), tweak.data(), 1);
  const Bytes tweak0 = tweak;
  const Bytes ptx(32, 0x44);
  Bytes ctx(32), back(32);
  bs_xts_encrypt(k1.rk, k1.rounds, ptx.data(), ctx.data(), 2, tweak.data());
  EXPECT_EQ(to_hex(ctx), "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0");
  tweak = tweak0;
  bs_xts_decrypt(k1.rk, k1.rounds, ctx.data(), back.data(), 2, tweak.data());
  EXPECT_EQ(back, ptx);
}

// One call against the portable lane, out of place with unaligned
// buffers, then in place.
void check_one(const Mode& m, const Keys& k, const Bytes& chain0, const Bytes& msg,
               std::size_t offset, const std::string& what) {
  const std::size_t n = msg.size() / 16;
  Bytes want(msg.size()), ref_chain = chain0;
  m.ref(&k.ref, msg.data(), want.data(), n, ref_chain.data());

  Bytes in_store(msg.size() + 16), out_store(msg.size() + 16), chain_store(32);
  std::uint8_t* in = in_store.data() + offset;
  std::uint8_t* out = out_store.data() + (offset * 7 + 3) % 16;
  std::uint8_t* chain = chain_store.data() + (offset + 5) % 16;
  if (!msg.empty()) std::memcpy(in, msg.data(), msg.size());
  std::memcpy(chain, chain0.data(), 16);
  m.bs(k.rk, k.rounds, in, out, n, chain);
  EXPECT_EQ(to_hex(out, msg.size()), to_hex(want)) << what;
  EXPECT_EQ(to_hex(chain, 16), to_hex(ref_chain)) << what << " chain";

  std::memcpy(chain, chain0.data(), 16);
  m.bs(k.rk, k.rounds, in, in, n, chain);
  EXPECT_EQ(to_hex(in, msg.size()), to_hex(want)) << what << " in place";
  EXPECT_EQ(to_hex(chain, 16), to_hex(ref_chain)) << what << " in place chain";
}

TEST(AesBitsliced, EveryBlockCountAgainstPortable) {
  Rng rng(0xb5ae5);
  std::vector<std::size_t> counts;
  for (std::size_t n = 0; n <= 64; ++n) counts.push_back(n);
  for (std::size_t n : {127u, 128u, 129u, 263u, 1024u}) counts.push_back(n);
  for (const Mode& m : kModes) {
    for (std::size_t key_bytes : {16u, 24u, 32u}) {
      const Keys k = make_keys(rng.bytes(key_bytes), m.decrypt_schedule);
      for (std::size_t n : counts) {
        const Bytes msg = rng.bytes(16 * n);
        const Bytes chain = rng.bytes(16);
        check_one(m, k, chain, msg, n % 16,
                  std::string(m.name) + " key=" + std::to_string(key_bytes) +
                      " blocks=" + std::to_string(n));
      }
    }
  }
}

// A message in random pieces gives the bytes and chaining value of one call.
TEST(AesBitsliced, RandomSplitsAgainstPortable) {
  Rng rng(0x5b1175);
  for (const Mode& m : kModes) {
    for (int trial = 0; trial < 6; ++trial) {
      const Keys k = make_keys(rng.bytes(16 + 8 * (trial % 3)), m.decrypt_schedule);
      const std::size_t n = 1 + rng.below(90);
      const Bytes msg = rng.bytes(16 * n);
      const Bytes chain0 = rng.bytes(16);
      Bytes want(msg.size()), ref_chain = chain0;
      m.ref(&k.ref, msg.data(), want.data(), n, ref_chain.data());
      Bytes got(msg.size()), chain = chain0;
      std::size_t done = 0;
      for (std::size_t piece : random_splits(rng, n)) {
        m.bs(k.rk, k.rounds, msg.data() + 16 * done, got.data() + 16 * done, piece, chain.data());
        done += piece;
      }
      ASSERT_EQ(done, n);
      EXPECT_EQ(to_hex(got), to_hex(want)) << m.name << " trial " << trial;
      EXPECT_EQ(to_hex(chain), to_hex(ref_chain)) << m.name << " trial " << trial;
    }
  }
}

// Counters and tweaks whose carries cross 64-bit halves, 32-bit words and
// the 2^128 / 2^32 wrap inside one batch.
TEST(AesBitsliced, CounterAndTweakCarries) {
  Rng rng(0xca77);
  const char* chains[] = {
      "00000000000000000000000000000000", "0000000000000000fffffffffffffffa",
      "fffffffffffffffffffffffffffffffb", "0123456789abcdef01234567fffffffd",
      "ffffffffffffffffffffffffffffffff", "8000000000000000800000000000007f",
      "ffffffffffffff7fffffffffffffffff", "00000000000000800000000000000080",
  };
  for (const Mode& m : kModes) {
    const Keys k = make_keys(rng.bytes(32), m.decrypt_schedule);
    for (const char* c : chains) {
      for (std::size_t n : {1u, 7u, 8u, 9u, 17u}) {
        check_one(m, k, from_hex(c), rng.bytes(16 * n), 3,
                  std::string(m.name) + " chain=" + c + " blocks=" + std::to_string(n));
      }
    }
  }
}

}  // namespace
}  // namespace armaccel::test
