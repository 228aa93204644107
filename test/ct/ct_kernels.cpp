// SPDX-License-Identifier: Apache-2.0
// Constant-time check of every kernel lane the running CPU has (run under
// memcheck, see ct_check.h): natively the portable lanes; in the AArch64
// cross build under qemu (preset ct-aarch64) every lane of every lane list
// whose features the CPU has, after ARMACCEL_DISABLE, as the kernel tests
// pick them (test/kernels/lanes_under_test.h).  Keys, hash subkeys,
// one-time keys, seeds, messages, plaintexts and CTR counter blocks (which
// OpenSSL's CTR-DRBG keeps as its secret state) are marked secret before
// the kernel runs; the outputs are published only when the test looks at
// them.  Any memcheck report fails the ctest registration
// (--error-exitcode).  Values asserted here come from the standards'
// examples (named at each check) and, for ML-KEM, from NIST's ACVP files in
// test/vectors/mlkem/acvp.  The lanes checked are printed, and compared
// with ARMACCEL_CT_EXPECT_LANES when CTest sets it (a configuration that
// fell back to other lanes fails).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "api/aes.h"
#include "api/chacha20.h"
#include "api/ghash.h"
#include "api/keccak.h"
#include "api/mlkem_kernel.h"
#include "api/poly1305.h"
#include "api/sha2.h"
#include "api/sm3.h"
#include "api/sm4.h"
#include "api/x25519.h"
#include "cpu/cpu_features.h"
#include "cpu/lanes.h"
#include "ct_check.h"
#include "mlkem/mlkem.h"
#include "modes/sha2_driver.h"
#include "modes/sha3_driver.h"

namespace armaccel::ct_test {
namespace {

Bytes counting(std::size_t n, std::uint8_t from = 0) {  // from, from+1, ...
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(from + i);
  return b;
}

std::vector<std::string> g_lanes_checked;

// The features the lanes may use: the probe's, narrowed by ARMACCEL_DISABLE
// as the provider narrows them (the CPU configurations' NEON-only override).
CpuFeatures effective_features() {
  const OverrideParse o = parse_disable_list(std::getenv("ARMACCEL_DISABLE"));
  if (o.unknown_tokens != 0) {
    std::fprintf(stderr, "ct_kernels: ARMACCEL_DISABLE has '%s'\n", o.first_unknown);
    std::exit(2);
  }
  return apply_disable(probe_cpu_features(), o.disable);
}

// Whether this run checks every lane the CPU has (the default) or only the
// ones the provider would choose on it (ARMACCEL_CT_LANES=selected, with the
// core class of ARMACCEL_CORE: the CPU configurations other than max, whose
// other lanes max checks already).
bool selected_only() {
  const char* mode = std::getenv("ARMACCEL_CT_LANES");
  return mode != nullptr && std::strcmp(mode, "selected") == 0;
}

const KernelSet& selected_kernels() {
  static const KernelSet set = [] {
    CoreClass core = CoreClass::kOther;
    const char* name = std::getenv("ARMACCEL_CORE");
    if (name != nullptr && *name != '\0' && !parse_core_class(name, &core)) {
      std::fprintf(stderr, "ct_kernels: ARMACCEL_CORE '%s' is no core class\n", name);
      std::exit(2);
    }
    return select_kernels(effective_features(), core);
  }();
  return set;
}

template <class Kernel>
bool chosen(const Kernel* k) {
  bool found = false;
  for_each_primitive(selected_kernels(), [&](Primitive, auto, const auto* lane) {
    found = found || static_cast<const void*>(lane) == static_cast<const void*>(k);
  });
  return found || static_cast<const void*>(selected_kernels().gcm) == static_cast<const void*>(k);
}

// The lanes of `list` to check, best first (the portable lane last), each
// recorded as checked: every lane whose features are all there, or only
// the chosen one (selected_only()).
template <class Kernel>
std::vector<const Kernel*> lanes_of(LaneList<Kernel> list) {
  const CpuFeatures cpu = effective_features();
  std::vector<const Kernel*> out;
  for (std::size_t i = 0; i < list.count; ++i) {
    const Kernel* k = list.lanes[i];
    if ((k->required & ~cpu) != 0 || (selected_only() && !chosen(k))) continue;
    out.push_back(k);
    g_lanes_checked.push_back(k->lane);
  }
  return out;
}

// The block counts the mode entries run: enough for every lane's batch
// loop and its single-block tail (aes-ce and sm4-ce eight blocks a batch,
// aes-neon's bit-sliced part from 24 blocks and two blocks a batch after
// it, the portable lanes four or sixteen).
constexpr std::size_t kModeBlocks = 27;

// A CTR counter block whose low 64 bits carry into the high 64 bits within
// the call (and whose low 32 bits wrap), for the 128-bit and inc32
// counters: ...ff ff ff fe, then 27 blocks.
Bytes carrying_counter() {
  Bytes c = counting(16, 0x80);
  for (int i = 8; i < 15; ++i) c[i] = 0xff;
  c[15] = 0xfe;
  return c;
}

// The block entries of an AES or SM4 lane (the tables have one shape)
// other than single-block ECB, run on secret data, chaining value and
// counter blocks: ECB, CBC, CTR, inc32 CTR, CBC-MAC, XTS (and SM4's GB/T
// 17964 XTS).  The counters carry within the call: afterwards the CTR
// block is +27 over 128 bits, the inc32 block +27 in its last 32 bits.
template <class Kernel, class RoundKeys>
void check_block_entries(const Kernel& k, const RoundKeys& enc, const RoundKeys& dec,
                         const std::string& name) {
  constexpr std::size_t n = kModeBlocks;
  Bytes data = counting(16 * n, 0x40), out(16 * n), chain = counting(16, 0x80), mac(16);
  Bytes ctr = carrying_counter(), ctr32 = carrying_counter();
  secret(data);
  secret(chain);
  secret(ctr);
  secret(ctr32);
  k.ecb_encrypt(&enc, data.data(), out.data(), n);
  k.ecb_decrypt(&dec, data.data(), out.data(), n);
  k.cbc_encrypt(&enc, data.data(), out.data(), n, chain.data());
  k.cbc_decrypt(&dec, data.data(), out.data(), n, chain.data());
  k.ctr_encrypt(&enc, data.data(), out.data(), n, ctr.data());
  k.ctr32_encrypt(&enc, data.data(), out.data(), n, ctr32.data());
  k.cbc_mac(&enc, data.data(), n, mac.data());
  k.xts_encrypt(&enc, data.data(), out.data(), n, chain.data());
  k.xts_decrypt(&dec, data.data(), out.data(), n, chain.data());
  if constexpr (requires { k.xts_gb_encrypt; }) {
    k.xts_gb_encrypt(&enc, data.data(), out.data(), n, chain.data());
    k.xts_gb_decrypt(&dec, data.data(), out.data(), n, chain.data());
  }
  Bytes want = carrying_counter(), want32 = carrying_counter();
  for (int i = 8; i < 15; ++i) want[i] = 0;
  want[7] = static_cast<std::uint8_t>(want[7] + 1);
  want[15] = 0x19;
  want32[12] = want32[13] = want32[14] = 0;
  want32[15] = 0x19;
  expect_bytes(ctr, want, name + " CTR counter block after a carry");
  expect_bytes(ctr32, want32, name + " inc32 counter block after a wrap");
  count_checks(5);
}

// AES-128/192/256 on each AES lane: key schedules for both directions, ECB
// encrypt/decrypt against FIPS 197 Appendix C.1-C.3, and the other block
// entries (CBC, CTR, GCTR, CBC-MAC, XTS) over secret key, plaintext and
// chaining value or counter block.
void check_aes(const AesKernel& k) {
  const Bytes pt = from_hex("00112233445566778899aabbccddeeff");
  const struct {
    std::size_t key_bytes;
    const char* ct;
  } cases[] = {{16, "69c4e0d86a7b0430d8cdb78070b4c55a"},
               {24, "dda97ca4864cdfe06eaf70a0ec0d7191"},
               {32, "8ea2b7ca516745bfeafc49904b496089"}};
  for (const auto& c : cases) {
    const std::string name = std::string(k.lane) + " AES-" + std::to_string(8 * c.key_bytes);
    Bytes key = counting(c.key_bytes);
    secret(key);
    AesRoundKeys enc{}, dec{};
    expect_true(k.set_encrypt_key(&enc, key.data(), key.size()), name + " set_encrypt_key");
    expect_true(k.set_decrypt_key(&dec, key.data(), key.size()), name + " set_decrypt_key");
    Bytes block = pt;
    secret(block);
    k.ecb_encrypt(&enc, block.data(), block.data(), 1);
    expect_bytes(block, from_hex(c.ct), name + " encrypt (FIPS 197 App. C)");
    k.ecb_decrypt(&dec, block.data(), block.data(), 1);
    expect_bytes(block, pt, name + " decrypt (FIPS 197 App. C)");

    // Every other entry on secret data and chaining value; the CTR counters
    // carry within the call.
    check_block_entries(k, enc, dec, name);
  }
}

// GHASH on each GHASH lane with a secret H and secret blocks: the GCM
// specification's test case 2 (K = 0^128, P = 0^128; McGrew and Viega,
// "The Galois/Counter Mode of Operation", Appendix B):
// T = E_K(J0) ^ GHASH_H(C || len block); then 27 more secret blocks (the
// lanes' multi-block loops).
void check_ghash(const GhashKernel& k) {
  Bytes h = from_hex("66e94bd4ef8a2c3b884cfa59ca342b2e");  // E_0(0^128)
  secret(h);
  GhashKey key{};
  k.init(&key, h.data());
  Bytes blocks = from_hex(
      "0388dace60b6a392f328c2b971b2fe78"    // C
      "00000000000000000000000000000080");  // len(A) = 0, len(C) = 128
  secret(blocks);
  Bytes xi(16);
  k.update(&key, xi.data(), blocks.data(), 2);
  const Bytes ek_j0 = from_hex("58e2fccefa7e3061367f1d57a4e7455a");  // E_0(0^96 || 1)
  for (int i = 0; i < 16; ++i) xi[i] ^= ek_j0[i];
  expect_bytes(xi, from_hex("ab6e47d42cec13bdf53a67b21257bddf"),
               std::string(k.lane) + " GHASH (GCM test case 2)");
  Bytes more = counting(16 * kModeBlocks, 0x21);
  secret(more);
  k.update(&key, xi.data(), more.data(), kModeBlocks);
  count_checks(1);
}

// Each fused GCM lane (AES-GCTR and GHASH in one loop) over a secret key,
// H, data and counter block, both directions: the GCM specification's test
// case 3 (McGrew and Viega, Appendix B: AES-128, 64 bytes, no AAD), whose
// tag is E_K(J0) ^ GHASH(C || lengths), then 27 blocks.
void check_gcm(const GcmKernel& g) {
  const std::string name = g.lane;
  Bytes key = from_hex("feffe9928665731c6d6a8f9467308308");
  secret(key);
  AesRoundKeys rk{};
  expect_true(g.aes->set_encrypt_key(&rk, key.data(), key.size()), name + " key");
  Bytes h(16);
  g.aes->ecb_encrypt(&rk, h.data(), h.data(), 1);  // H = E_K(0^128), secret
  GhashKey hkey{};
  g.ghash->init(&hkey, h.data());
  const Bytes pt = from_hex(
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255");
  const Bytes want_ct = from_hex(
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
      "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985");
  Bytes j0 = from_hex("cafebabefacedbaddecaf88800000001"), ek_j0 = j0;
  g.aes->ecb_encrypt(&rk, ek_j0.data(), ek_j0.data(), 1);
  Bytes data = pt, ctr = j0, xi(16);
  ctr[15] = 2;  // inc32(J0): the first counter block of the message
  secret(data);
  secret(ctr);
  g.encrypt(&rk, &hkey, data.data(), data.data(), 4, ctr.data(), xi.data());
  expect_bytes(data, want_ct, name + " GCM encryption (test case 3)");
  Bytes lengths(16);
  lengths[15] = 0x00, lengths[14] = 0x02;  // len(C) = 512 bits
  g.ghash->update(&hkey, xi.data(), lengths.data(), 1);
  for (int i = 0; i < 16; ++i) xi[i] ^= ek_j0[i];
  expect_bytes(xi, from_hex("4d5c2af327cd64a62cf35abd2ba6fab4"), name + " GCM tag (test case 3)");
  Bytes more = counting(16 * kModeBlocks, 0x33), out(16 * kModeBlocks), c2 = carrying_counter(),
        x2(16);
  secret(more);
  secret(c2);
  g.encrypt(&rk, &hkey, more.data(), out.data(), kModeBlocks, c2.data(), x2.data());
  g.decrypt(&rk, &hkey, more.data(), out.data(), kModeBlocks, c2.data(), x2.data());
  count_checks(3);
}

// ChaCha20 on each ChaCha20 lane, secret key, plaintext and block
// counter: RFC 8439 §2.3.2's block (counter 1) XORed onto zeros, then 11
// blocks of secret data (the six- and four-block loops and a single block).
void check_chacha20(const ChachaKernel& k) {
  Bytes key = counting(32);
  secret(key);
  std::uint32_t k32[8], iv[4] = {1, 0x09000000u, 0x4a000000u, 0};
  for (int i = 0; i < 8; ++i) std::memcpy(&k32[i], key.data() + 4 * i, 4);  // little-endian host
  Bytes zeros(64);
  secret(zeros);
  Bytes out(64 * 11);
  k.xor_blocks(k32, iv, out.data(), zeros.data(), 1);
  expect_bytes(out.data(), 64,
               from_hex("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"),
               std::string(k.lane) + " ChaCha20 block (RFC 8439 2.3.2)");
  Bytes data = counting(64 * 11);
  secret(data);
  secret(iv, sizeof iv);
  k.xor_blocks(k32, iv, out.data(), data.data(), 11);
  count_checks(1);
}

// Poly1305 on each Poly1305 lane, secret r, s and message: RFC 8439 §2.5.2
// ("Cryptographic Forum Research Group", 34 bytes: two blocks, then the
// padded rest as the mode code pads it); then 37 blocks under another
// secret key (the lanes' many-block paths).
void check_poly1305(const Poly1305Kernel& k) {
  Bytes key = from_hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
  secret(key);
  const char* text = "Cryptographic Forum Research Group";
  Bytes msg(text, text + std::strlen(text));
  secret(msg);
  Poly1305State st{};
  k.init(&st, key.data());
  k.blocks(&st, msg.data(), 2, 1);
  std::uint8_t last[16] = {};
  std::memcpy(last, msg.data() + 32, 2);
  last[2] = 1;
  k.blocks(&st, last, 1, 0);
  Bytes tag(16);
  k.finish(&st, key.data() + 16, tag.data());
  expect_bytes(tag, from_hex("a8061dc1305136c6c22b8baf0c0127a9"),
               std::string(k.lane) + " Poly1305 (RFC 8439 2.5.2)");
  Bytes key2 = counting(32, 0x5a), data = counting(16 * 37, 0x11);
  secret(key2);
  secret(data);
  k.init(&st, key2.data());
  k.blocks(&st, data.data(), 37, 1);
  k.finish(&st, key2.data() + 16, tag.data());
  count_checks(1);
}

// SM4 on each SM4 lane: key schedules, GB/T 32907-2016 example 1 (key =
// plaintext = 0123...3210), and every other entry on secret data, chaining
// value and counter block.
void check_sm4(const Sm4Kernel& k) {
  const std::string name = k.lane;
  Bytes key = from_hex("0123456789abcdeffedcba9876543210");
  secret(key);
  Sm4RoundKeys enc{}, dec{};
  expect_true(k.set_encrypt_key(&enc, key.data(), 16), name + " SM4 set_encrypt_key");
  expect_true(k.set_decrypt_key(&dec, key.data(), 16), name + " SM4 set_decrypt_key");
  Bytes block = from_hex("0123456789abcdeffedcba9876543210");
  secret(block);
  k.ecb_encrypt(&enc, block.data(), block.data(), 1);
  expect_bytes(block, from_hex("681edf34d206965e86b3e94f536e4246"),
               name + " SM4 encrypt (GB/T 32907)");
  k.ecb_decrypt(&dec, block.data(), block.data(), 1);
  expect_bytes(block, from_hex("0123456789abcdeffedcba9876543210"),
               name + " SM4 decrypt (GB/T 32907)");
  check_block_entries(k, enc, dec, name + " SM4");
}

// The padded "abc" (FIPS 180-4's and GB/T 32905-2016's first example) as
// one 64-byte block.
Bytes padded_abc64() {
  Bytes b(64);
  b[0] = 'a', b[1] = 'b', b[2] = 'c', b[3] = 0x80;
  b[63] = 24;  // length in bits
  return b;
}

// SHA-256 on each lane: FIPS 180-4's "abc" example, then 9 more secret
// blocks (HMAC keys and secret messages go through these functions).
void check_sha256(const Sha256Kernel& k) {
  Bytes b64 = padded_abc64();
  secret(b64);
  std::uint32_t s[8];
  std::memcpy(s, kSha256Iv, sizeof s);
  k.compress(s, b64.data(), 1);
  Bytes d(32);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) d[4 * i + j] = static_cast<std::uint8_t>(s[i] >> (24 - 8 * j));
  expect_bytes(d, from_hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
               std::string(k.lane) + " SHA-256 (FIPS 180-4 example)");
  Bytes more = counting(64 * 9);
  secret(more);
  k.compress(s, more.data(), 9);
  count_checks(1);
}

// SM3 on each lane: GB/T 32905-2016 example 1, then 9 more secret blocks.
void check_sm3(const Sm3Kernel& k) {
  Bytes b64 = padded_abc64();
  secret(b64);
  std::uint32_t s[8];
  std::memcpy(s, kSm3Iv, sizeof s);
  k.compress(s, b64.data(), 1);
  Bytes d(32);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) d[4 * i + j] = static_cast<std::uint8_t>(s[i] >> (24 - 8 * j));
  expect_bytes(d, from_hex("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"),
               std::string(k.lane) + " SM3 (GB/T 32905 example 1)");
  Bytes more = counting(64 * 9);
  secret(more);
  k.compress(s, more.data(), 9);
  count_checks(1);
}

// SHA-512 on each lane: FIPS 180-4's "abc" example, then 5 more blocks.
void check_sha512(const Sha512Kernel& k) {
  Bytes block(128);
  block[0] = 'a', block[1] = 'b', block[2] = 'c', block[3] = 0x80;
  block[127] = 24;
  secret(block);
  std::uint64_t s[8];
  std::memcpy(s, kSha512Iv, sizeof s);
  k.compress(s, block.data(), 1);
  Bytes d(64);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) d[8 * i + j] = static_cast<std::uint8_t>(s[i] >> (56 - 8 * j));
  expect_bytes(d,
               from_hex("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
               std::string(k.lane) + " SHA-512 (FIPS 180-4 example)");
  Bytes more = counting(128 * 5);
  secret(more);
  k.compress(s, more.data(), 5);
  count_checks(1);
}

// Keccak-f[1600] on each lane over a secret state and secret data: SHA3-256
// of "abc" through the lane-form sponge (FIPS 202 example), then permute,
// permute_x2, permute_x4 and absorb (three SHAKE128 blocks) on secret
// states.
void check_keccak(const KeccakKernel& k) {
  Bytes msg = {'a', 'b', 'c'};
  secret(msg);
  Bytes d(32);
  if (k.sponge_start != nullptr) {  // the lane-form sponge
    KeccakLaneState ls{};
    k.sponge_start(&ls, 136, kSha3Pad, msg.data(), msg.size(), nullptr, 0);
    k.sponge_squeeze(&ls, d.data(), d.size(), 136);
  } else {  // the sponge driver over permute and absorb
    SpongeState sp;
    sponge_init(&sp, 136, kSha3Pad);
    sponge_absorb(&k, &sp, msg.data(), msg.size());
    sponge_squeeze(&k, &sp, d.data(), d.size());
    sponge_wipe(&sp);
  }
  expect_bytes(d, from_hex("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
               std::string(k.lane) + " SHA3-256 (FIPS 202 example)");
  std::uint64_t a[kKeccakLanes], b[kKeccakLanes], c[kKeccakLanes], e[kKeccakLanes];
  for (std::size_t i = 0; i < kKeccakLanes; ++i)
    a[i] = b[i] = c[i] = e[i] = 0x0123456789abcdefull * (i + 1);
  secret(a, sizeof a);
  secret(b, sizeof b);
  secret(c, sizeof c);
  secret(e, sizeof e);
  k.permute(a);
  k.permute_x2(a, b);
  k.permute_x4(a, b, c, e);
  Bytes data = counting(168 * 3);
  secret(data);
  k.absorb(a, data.data(), 3, 168);
  count_checks(1);
}

const mlkem::Params* params_named(const std::string& name) {
  for (const mlkem::Params* p : {&mlkem::kMlkem512, &mlkem::kMlkem768, &mlkem::kMlkem1024})
    if (name == p->name) return p;
  return nullptr;
}

// ML-KEM-512/768/1024 on each ML-KEM lane with the best Keccak lane (each
// Keccak lane is checked alone above), one ACVP case of each kind per
// parameter set: KeyGen_internal from a secret d || z; Encaps_internal
// with a secret m; Decaps_internal with a secret dk (s-hat and z; the ek
// and H(ek) inside dk are public) for an unmodified and a modified
// ciphertext (implicit rejection).
void check_mlkem(const KeccakKernel& keccak, const MlkemKernel& arith) {
  const mlkem::Kernels kern{&keccak, &arith};
  const std::string lanes = std::string(arith.lane) + "+" + keccak.lane + " ";
  const auto keygen = nlohmann::json::parse(
      read_vector_file("mlkem/acvp/ML-KEM-keyGen-FIPS203/internalProjection.json"));
  for (const auto& g : keygen["testGroups"]) {
    const mlkem::Params* p = params_named(g["parameterSet"]);
    const auto& t = g["tests"][0];
    Bytes d = from_hex(t["d"]), z = from_hex(t["z"]);
    secret(d);
    secret(z);
    Bytes ek(p->ek_bytes), dk(p->dk_bytes);
    mlkem::keygen(*p, kern, d.data(), z.data(), ek.data(), dk.data());
    expect_bytes(ek, from_hex(t["ek"]), lanes + p->name + " keygen ek (ACVP)");
    expect_bytes(dk, from_hex(t["dk"]), lanes + p->name + " keygen dk (ACVP)");
    count_checks(2);
  }
  const auto kem = nlohmann::json::parse(
      read_vector_file("mlkem/acvp/ML-KEM-encapDecap-FIPS203/internalProjection.json"));
  for (const auto& g : kem["testGroups"]) {
    const mlkem::Params* p = params_named(g["parameterSet"]);
    const std::string name = lanes + p->name;
    if (g["function"] == "encapsulation") {
      const auto& t = g["tests"][0];
      const Bytes ek = from_hex(t["ek"]);
      Bytes m = from_hex(t["m"]);
      secret(m);
      Bytes ct(p->ct_bytes), ss(32);
      mlkem::encaps(*p, kern, ek.data(), m.data(), ct.data(), ss.data());
      expect_bytes(ct, from_hex(t["c"]), name + " encaps c (ACVP)");
      expect_bytes(ss, from_hex(t["k"]), name + " encaps K (ACVP)");
      count_checks(2);
      continue;
    }
    Bytes dk = from_hex(g["dk"]);
    secret(dk.data(), 384 * p->k);                  // dk_PKE = ByteEncode12(s-hat)
    secret(dk.data() + p->dk_bytes - 32, 32);       // z
    bool seen_good = false, seen_modified = false;  // one of each
    for (const auto& t : g["tests"]) {
      const bool modified = t["reason"] != "no modification";
      if (modified ? seen_modified : seen_good) continue;
      (modified ? seen_modified : seen_good) = true;
      const Bytes ct = from_hex(t["c"]);
      Bytes ss(32);
      mlkem::decaps(*p, kern, dk.data(), ct.data(), ss.data());
      expect_bytes(
          ss, from_hex(t["k"]),
          name + (modified ? " decaps, modified c: implicit rejection (ACVP)" : " decaps (ACVP)"));
      count_checks(1);
    }
  }
}

// X25519 on each lane, secret scalar and u-coordinate: RFC 7748 §5.2's
// first vector, §6.1's public key from Alice's secret private key, and
// §6.1's shared secret with Bob's public key (public_and_shared).
void check_x25519(const X25519Kernel& k) {
  const std::string name = k.lane;
  Bytes scalar = from_hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
  Bytes u = from_hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
  secret(scalar);
  secret(u);
  Bytes out(32);
  k.scalarmult(out.data(), scalar.data(), u.data());
  expect_bytes(out, from_hex("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
               name + " X25519 (RFC 7748 5.2)");
  Bytes alice = from_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  secret(alice);
  k.scalarmult_base(out.data(), alice.data());
  expect_bytes(out, from_hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"),
               name + " X25519 public key (RFC 7748 6.1)");
  const Bytes bob_pub =
      from_hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  Bytes pub(32), shared(32);
  k.public_and_shared(pub.data(), shared.data(), alice.data(), bob_pub.data());
  expect_bytes(pub, from_hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"),
               name + " X25519 public_and_shared public key (RFC 7748 6.1)");
  expect_bytes(shared, from_hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
               name + " X25519 shared secret (RFC 7748 6.1)");
  count_checks(4);
}

// The lanes checked against ARMACCEL_CT_EXPECT_LANES ("aes-ce,aes-portable,
// ...", any order), when set: a lane missing or extra fails the run.
void check_lanes_expected() {
  std::vector<std::string> got = g_lanes_checked;
  std::string list;
  for (const std::string& l : got) list += (list.empty() ? "" : " ") + l;
  std::printf("ct_kernels: lanes checked: %s\n", list.c_str());
  const char* env = std::getenv("ARMACCEL_CT_EXPECT_LANES");
  if (env == nullptr) return;
  std::vector<std::string> want;
  std::stringstream ss(env);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) want.push_back(item);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  std::string missing, extra;
  for (const std::string& l : want)
    if (!std::binary_search(got.begin(), got.end(), l)) missing += " " + l;
  for (const std::string& l : got)
    if (!std::binary_search(want.begin(), want.end(), l)) extra += " " + l;
  expect_true(missing.empty() && extra.empty(),
              "the lanes checked are ARMACCEL_CT_EXPECT_LANES's (missing:" + missing +
                  "; not expected:" + extra + ")");
  count_checks(1);
}

}  // namespace
}  // namespace armaccel::ct_test

int main() {
  using namespace armaccel;
  using namespace armaccel::ct_test;
  require_valgrind("ct_kernels");
  for (const AesKernel* k : lanes_of(aes_lanes())) check_aes(*k);
  for (const GhashKernel* k : lanes_of(ghash_lanes())) check_ghash(*k);
  for (const GcmKernel* k : lanes_of(gcm_lanes())) check_gcm(*k);
  for (const ChachaKernel* k : lanes_of(chacha20_lanes())) check_chacha20(*k);
  for (const Poly1305Kernel* k : lanes_of(poly1305_lanes())) check_poly1305(*k);
  for (const Sm4Kernel* k : lanes_of(sm4_lanes())) check_sm4(*k);
  for (const Sha256Kernel* k : lanes_of(sha256_lanes())) check_sha256(*k);
  for (const Sha512Kernel* k : lanes_of(sha512_lanes())) check_sha512(*k);
  for (const Sm3Kernel* k : lanes_of(sm3_lanes())) check_sm3(*k);
  const std::vector<const KeccakKernel*> keccak = lanes_of(keccak_lanes());
  for (const KeccakKernel* k : keccak) check_keccak(*k);
  for (const MlkemKernel* k : lanes_of(mlkem_lanes())) check_mlkem(*keccak.front(), *k);
  for (const X25519Kernel* k : lanes_of(x25519_lanes())) check_x25519(*k);
  check_lanes_expected();
  return finish("ct_kernels");
}
