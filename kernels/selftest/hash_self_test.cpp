// SPDX-License-Identifier: Apache-2.0
// Known-answer self-tests of the SHA-256, SHA-512, SM3 and Keccak lanes
// (self_test.h lists the sources).
#include <cstring>

#include "modes/sha2_driver.h"
#include "modes/sha3_driver.h"
#include "selftest/hex.h"
#include "selftest/self_test.h"
#include "util/bytes.h"

namespace armaccel::selftest {

namespace {

const std::uint8_t kAbc[] = {'a', 'b', 'c'};
// FIPS 180-4's two-block examples (448 and 896 bits).
const char kMsg448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const char kMsg896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlm"
    "nopqrsmnopqrstnopqrstu";

// GB/T 32905-2016 A.2's message: "abcd" sixteen times.
const char kAbcd16[] = "abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcd";

// A Merkle-Damgard digest's known answer: a message and its digest, as
// long as the state (8 words: N bytes).
template <std::size_t N>
struct MdKat {
  const void* msg;
  std::size_t len;
  Bytes<N> digest;
};

// FIPS 180-4 examples: "abc" and the 448-bit message (SHA-256), the
// 896-bit message (SHA-512).
constexpr MdKat<32> kSha256Kats[] = {
    {kAbc, sizeof kAbc, hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")},
    {kMsg448, sizeof kMsg448 - 1,
     hex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")}};
constexpr MdKat<64> kSha512Kats[] = {
    {kAbc, sizeof kAbc,
     hex("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
         "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")},
    {kMsg896, sizeof kMsg896 - 1,
     hex("8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
         "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909")}};
// GB/T 32905-2016 A.1 ("abc") and A.2.
constexpr MdKat<32> kSm3Kats[] = {
    {kAbc, sizeof kAbc, hex("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0")},
    {kAbcd16, sizeof kAbcd16 - 1,
     hex("debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732")}};
// FIPS 202 (NIST's examples): SHA3-256 of "" , of "abc" and of 200 bytes
// of 0xa3; SHA3-512 of "abc"; the first 32 bytes of SHAKE128("").
constexpr auto kSha3_256Empty =
    hex("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
constexpr auto kSha3_256Abc =
    hex("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
constexpr auto kSha3_256A3x200 =
    hex("79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787");
constexpr auto kSha3_512Abc =
    hex("b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
        "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
constexpr auto kShake128Empty =
    hex("7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");

constexpr std::size_t kSha3_256Rate = 136;
constexpr std::size_t kSha3_512Rate = 72;
constexpr std::size_t kShake128Rate = 168;

template <class Word, class Kernel>
void md_digest(const Kernel& lane, const Word iv[8], const void* msg, std::size_t len,
               std::uint8_t* digest, std::size_t digest_bytes) {
  Sha2State<Word> s;
  sha2_init(&s, iv);
  sha2_update(&s, &lane, static_cast<const std::uint8_t*>(msg), len);
  sha2_final(&s, &lane, digest, digest_bytes);
}

// Each known answer's message hashed with the lane from `iv`, against its
// digest.
template <class Word, class Kernel, std::size_t N>
bool md_kats(const Kernel& lane, const Word iv[8], const MdKat<N> (&kats)[2], bool corrupt) {
  static_assert(N == 8 * sizeof(Word));
  KatCheck check(corrupt);
  std::uint8_t d[N];
  for (const MdKat<N>& kat : kats) {
    md_digest(lane, iv, kat.msg, kat.len, d, N);
    check.expect(d, kat.digest);
  }
  return check.passed();
}

void sponge_digest(const KeccakKernel& lane, std::size_t rate, std::uint8_t pad, const void* msg,
                   std::size_t len, std::uint8_t* out, std::size_t out_len) {
  SpongeState s;
  sponge_init(&s, rate, pad);
  sponge_absorb(&lane, &s, static_cast<const std::uint8_t*>(msg), len);
  sponge_squeeze(&lane, &s, out, out_len);
}

// A state holding SHA3-256's one padded block of `msg` (under 136 bytes),
// before its permutation.
void padded_sha3_256_state(std::uint64_t a[kKeccakLanes], const std::uint8_t* msg,
                           std::size_t len) {
  std::uint8_t block[kSha3_256Rate] = {};
  if (len != 0) std::memcpy(block, msg, len);
  block[len] ^= kSha3Pad;
  block[kSha3_256Rate - 1] ^= 0x80;
  std::memset(a, 0, kKeccakLanes * 8);
  for (std::size_t w = 0; w < kSha3_256Rate / 8; ++w) a[w] = bytes::load_le64(block + 8 * w);
}

void first_32_bytes(const std::uint64_t a[kKeccakLanes], std::uint8_t out[32]) {
  for (int w = 0; w < 4; ++w) bytes::store_le64(out + 8 * w, a[w]);
}

}  // namespace

bool sha256(const Sha256Kernel& lane, bool corrupt) {
  return md_kats(lane, kSha256Iv, kSha256Kats, corrupt);
}

bool sha512(const Sha512Kernel& lane, bool corrupt) {
  return md_kats(lane, kSha512Iv, kSha512Kats, corrupt);
}

bool sm3(const Sm3Kernel& lane, bool corrupt) {
  return md_kats(lane, kSm3Iv, kSm3Kats, corrupt);
}

bool keccak(const KeccakKernel& lane, bool corrupt) {
  KatCheck check(corrupt);
  std::uint8_t d[64];
  std::uint8_t a3[200];
  std::memset(a3, 0xa3, sizeof a3);
  // absorb (a whole block, then the padded one) at two rates.
  sponge_digest(lane, kSha3_256Rate, kSha3Pad, a3, sizeof a3, d, 32);
  check.expect(d, kSha3_256A3x200);
  sponge_digest(lane, kSha3_512Rate, kSha3Pad, kAbc, sizeof kAbc, d, 64);
  check.expect(d, kSha3_512Abc);
  // permute, and permute_x2 on two different states.
  std::uint64_t s1[kKeccakLanes], s2[kKeccakLanes];
  padded_sha3_256_state(s1, nullptr, 0);
  lane.permute(s1);
  first_32_bytes(s1, d);
  check.expect(d, kSha3_256Empty);
  padded_sha3_256_state(s1, kAbc, sizeof kAbc);
  padded_sha3_256_state(s2, nullptr, 0);
  lane.permute_x2(s1, s2);
  first_32_bytes(s1, d);
  check.expect(d, kSha3_256Abc);
  first_32_bytes(s2, d);
  check.expect(d, kSha3_256Empty);
  // permute_x4 on four states, the vector and general-register halves of
  // the AArch64 lanes each with a different message.
  std::uint64_t s3[kKeccakLanes], s4[kKeccakLanes];
  padded_sha3_256_state(s1, nullptr, 0);
  padded_sha3_256_state(s2, kAbc, sizeof kAbc);
  padded_sha3_256_state(s3, kAbc, sizeof kAbc);
  padded_sha3_256_state(s4, nullptr, 0);
  lane.permute_x4(s1, s2, s3, s4);
  const std::uint64_t* const x4_states[] = {s1, s2, s3, s4};
  for (int x = 0; x < 4; ++x) {
    first_32_bytes(x4_states[x], d);
    check.expect(d, x % 3 == 0 ? kSha3_256Empty : kSha3_256Abc);
  }
  // The lane-form sponge, where the lane has one.
  if (lane.sponge_start != nullptr) {
    KeccakLaneState ls;
    lane.sponge_start(&ls, kSha3_256Rate, kSha3Pad, kAbc, 2, kAbc + 2, 1);
    lane.sponge_squeeze(&ls, d, 32, kSha3_256Rate);
    check.expect(d, kSha3_256Abc);
    lane.sponge_start(&ls, kShake128Rate, kShakePad, nullptr, 0, nullptr, 0);
    lane.sponge_squeeze(&ls, d, 32, kShake128Rate);
    check.expect(d, kShake128Empty);
  }
  return check.passed();
}

}  // namespace armaccel::selftest
