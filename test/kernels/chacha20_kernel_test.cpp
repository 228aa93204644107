// SPDX-License-Identifier: Apache-2.0
// ChaCha20 lanes and the keystream driver (chacha20_driver.h), every lane
// the running CPU can use: RFC 8439 §2.3.2 and §2.4.2, the RFC's Appendix
// A.2 vectors and the 64-bit counter carry vectors (test/vectors/rfc),
// Botan's ChaCha(20) vectors (incl. seek offsets), and each lane against
// the portable lane for every block count 0..20 at counters around 2^32
// and 2^64, in place, unaligned, and through the driver in random splits.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "api/chacha20.h"
#include "lanes_under_test.h"
#include "modes/chacha20_driver.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

class ChachaLane : public ::testing::TestWithParam<const ChachaKernel*> {};

// Encrypts `in` with key/iv through the driver in the given splits.
Bytes run_stream(const ChachaKernel* k, const Bytes& key, const Bytes& iv, const Bytes& in,
                 const std::vector<std::size_t>& splits) {
  ChachaStream s;
  chacha_stream_set_key(&s, key.data());
  chacha_stream_set_iv(&s, iv.data());
  Bytes out(in.size());
  std::size_t at = 0;
  for (std::size_t part : splits) {
    chacha_stream_xor(k, &s, out.data() + at, in.data() + at, part);
    at += part;
  }
  return out;
}

Bytes run_stream(const ChachaKernel* k, const Bytes& key, const Bytes& iv, const Bytes& in) {
  return run_stream(k, key, iv, in, {in.size()});
}

// OpenSSL's 16-byte IV: 64-bit little-endian counter over words 12..13 and
// an 8-byte nonce, or a 32-bit counter and a 12-byte nonce.
Bytes iv_from(std::uint64_t counter, const Bytes& nonce) {
  Bytes iv(16, 0);
  const std::size_t counter_bytes = nonce.size() == 8 ? 8 : 4;
  for (std::size_t i = 0; i < counter_bytes; ++i)
    iv[i] = static_cast<std::uint8_t>(counter >> (8 * i));
  std::memcpy(iv.data() + 16 - nonce.size(), nonce.data(), nonce.size());
  return iv;
}

TEST_P(ChachaLane, Rfc8439BlockFunction) {
  // §2.3.2: key 00..1f, nonce 00:00:00:09:00:00:00:4a:00:00:00:00, counter 1.
  const Bytes key = from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const Bytes out =
      run_stream(GetParam(), key, from_hex("01000000000000090000004a00000000"), Bytes(64, 0));
  EXPECT_EQ(to_hex(out),
            "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
            "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
}

TEST_P(ChachaLane, Rfc8439Encryption) {
  // §2.4.2: the "sunscreen" plaintext, counter 1, nonce 00..00:4a:00:00:00:00.
  const std::string text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
      "future, sunscreen would be it.";
  const Bytes key = from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const Bytes out = run_stream(GetParam(), key, from_hex("01000000000000000000004a00000000"),
                               Bytes(text.begin(), text.end()));
  EXPECT_EQ(to_hex(out),
            "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
            "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
            "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
            "5af90bbf74a35be6b40b8eedf2785e42874d");
}

TEST_P(ChachaLane, RfcFiles) {
  Rng rng(30);
  int count = 0;
  for (const char* file : {"rfc7539.txt", "counter-overflow.txt"}) {
    for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/rfc/ChaCha20/" + file)) {
      const Bytes key = from_hex(r.get("KEY")), nonce = from_hex(r.get("NONCE"));
      const Bytes pt = from_hex(r.get("PLAINTEXT")), ct = from_hex(r.get("CIPHERTEXT"));
      const Bytes iv = iv_from(std::stoull(r.get("INITIAL_BLOCK_COUNTER")), nonce);
      EXPECT_EQ(to_hex(run_stream(GetParam(), key, iv, pt)), to_hex(ct)) << file << ":" << r.line;
      EXPECT_EQ(to_hex(run_stream(GetParam(), key, iv, pt, random_splits(rng, pt.size()))),
                to_hex(ct))
          << file << ":" << r.line << " split";
      ++count;
    }
  }
  EXPECT_GE(count, 10);
}

TEST_P(ChachaLane, BotanVectors) {
  int count = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/stream/chacha.vec")) {
    if (r.algorithm != "ChaCha(20)") continue;
    const Bytes key = from_hex(r.get("Key"));
    const Bytes nonce = r.has("Nonce") ? from_hex(r.get("Nonce")) : Bytes(8, 0);
    if (key.size() != 32 || (nonce.size() != 8 && nonce.size() != 12))
      continue;  // 128-bit keys, XChaCha
    const Bytes expect = from_hex(r.get("Out"));
    const Bytes in = r.has("In") ? from_hex(r.get("In")) : Bytes(expect.size(), 0);
    const std::uint64_t seek = r.has("Seek") ? std::stoull(r.get("Seek")) : 0;
    // Seek to a byte offset: start at its block and drop the bytes before it.
    Bytes padded(seek % 64, 0);
    padded.insert(padded.end(), in.begin(), in.end());
    Bytes out = run_stream(GetParam(), key, iv_from(seek / 64, nonce), padded);
    out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(seek % 64));
    EXPECT_EQ(to_hex(out), to_hex(expect)) << "chacha.vec:" << r.line;
    ++count;
  }
  EXPECT_GE(count, 20);
}

TEST_P(ChachaLane, MatchesPortableAroundCounterWraps) {
  const ChachaKernel* k = GetParam();
  Rng rng(31);
  const std::uint32_t lows[] = {0,           1,           0x7fffffffu, 0xfffffffbu,
                                0xfffffffdu, 0xfffffffeu, 0xffffffffu};
  for (std::uint32_t low : lows) {
    for (std::uint32_t high : {0u, 0x12345678u, 0xffffffffu}) {
      for (std::size_t blocks = 0; blocks <= 20; ++blocks) {
        std::uint32_t key[8], iv[4] = {low, high, static_cast<std::uint32_t>(rng.next()),
                                       static_cast<std::uint32_t>(rng.next())};
        for (auto& w : key) w = static_cast<std::uint32_t>(rng.next());
        std::uint32_t ref_iv[4];
        std::memcpy(ref_iv, iv, sizeof iv);
        // One byte of slack in front: unaligned input and output.
        const Bytes in = rng.bytes(64 * blocks + 1);
        Bytes out(in.size()), ref(in.size());
        k->xor_blocks(key, iv, out.data() + 1, in.data() + 1, blocks);
        kChachaPortable.xor_blocks(key, ref_iv, ref.data() + 1, in.data() + 1, blocks);
        ASSERT_EQ(out, ref) << "low " << low << " high " << high << " blocks " << blocks;
        ASSERT_EQ(0, std::memcmp(iv, ref_iv, sizeof iv)) << "counter after " << blocks;
        // The counter is 64 bits over words 12..13.
        const std::uint64_t next = ((std::uint64_t{high} << 32) | low) + blocks;
        ASSERT_EQ(iv[0], static_cast<std::uint32_t>(next));
        ASSERT_EQ(iv[1], static_cast<std::uint32_t>(next >> 32));
        // In place.
        Bytes inplace = in;
        std::uint32_t iv2[4] = {low, high, ref_iv[2], ref_iv[3]};
        k->xor_blocks(key, iv2, inplace.data() + 1, inplace.data() + 1, blocks);
        inplace[0] = ref[0];  // the slack byte
        ASSERT_EQ(inplace, ref) << "in place, blocks " << blocks;
      }
    }
  }
}

TEST_P(ChachaLane, SplitsMatchOneCall) {
  Rng rng(32);
  for (int trial = 0; trial < 40; ++trial) {
    const Bytes key = rng.bytes(32);
    Bytes iv = rng.bytes(16);
    if (trial % 2) iv[0] = iv[1] = iv[2] = iv[3] = 0xff;  // wrap inside the message
    const Bytes pt = rng.bytes(rng.below(2000));
    const Bytes one = run_stream(&kChachaPortable, key, iv, pt);
    ASSERT_EQ(run_stream(GetParam(), key, iv, pt, random_splits(rng, pt.size())), one)
        << "trial " << trial;
  }
}

TEST_P(ChachaLane, GuardedBuffersExactLength) {
  // The lane reads and writes exactly its blocks: buffers end at a PROT_NONE page.
  Rng rng(33);
  for (std::size_t blocks : {1u, 3u, 4u, 5u, 8u, 9u}) {
    GuardedBuffer in(64 * blocks), out(64 * blocks, false);
    rng.fill(in.data(), in.size());
    std::uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, iv[4] = {0, 0, 0, 0};
    GetParam()->xor_blocks(key, iv, out.data(), in.data(), blocks);
    EXPECT_EQ(iv[0], blocks);
  }
}

INSTANTIATE_TEST_SUITE_P(Lanes, ChachaLane, ::testing::ValuesIn(usable_lanes(chacha20_lanes())),
                         [](const auto& info) { return lane_test_name(info.param); });

}  // namespace
}  // namespace armaccel::test
