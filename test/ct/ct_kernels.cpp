// SPDX-License-Identifier: Apache-2.0
// Constant-time check of every portable kernel lane (run under memcheck,
// see ct_check.h): keys, hash subkeys, one-time keys, seeds, messages and
// plaintexts are marked secret before the kernel runs; the outputs are
// published only when the test looks at them.  Any memcheck report fails
// the ctest registration (--error-exitcode).  Values asserted here come
// from the standards' examples (named at each check) and, for ML-KEM, from
// NIST's ACVP files in test/vectors/mlkem/acvp.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <string>

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
#include "ct_check.h"
#include "mlkem/mlkem.h"
#include "modes/sha2_driver.h"

namespace armaccel::ct_test {
namespace {

Bytes counting(std::size_t n, std::uint8_t from = 0) {  // from, from+1, ...
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(from + i);
  return b;
}

// AES-128/192/256 (aes-portable): key schedules for both directions, ECB
// encrypt/decrypt against FIPS 197 Appendix C.1-C.3, and the other block
// entries (CBC, CTR, GCTR, CBC-MAC, XTS) over secret key and plaintext.
void check_aes() {
  const AesKernel& k = kAesPortable;
  const Bytes pt = from_hex("00112233445566778899aabbccddeeff");
  const struct {
    std::size_t key_bytes;
    const char* ct;
  } cases[] = {{16, "69c4e0d86a7b0430d8cdb78070b4c55a"},
               {24, "dda97ca4864cdfe06eaf70a0ec0d7191"},
               {32, "8ea2b7ca516745bfeafc49904b496089"}};
  for (const auto& c : cases) {
    const std::string name = "AES-" + std::to_string(8 * c.key_bytes);
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

    // Four blocks through every other entry, secret data and chaining value.
    Bytes data = counting(64, 0x40), out(64), chain = counting(16, 0x80), mac(16);
    secret(data);
    secret(chain);
    k.ecb_encrypt(&enc, data.data(), out.data(), 4);
    k.ecb_decrypt(&dec, data.data(), out.data(), 4);
    k.cbc_encrypt(&enc, data.data(), out.data(), 4, chain.data());
    k.cbc_decrypt(&dec, data.data(), out.data(), 4, chain.data());
    k.ctr_encrypt(&enc, data.data(), out.data(), 4, chain.data());
    k.ctr32_encrypt(&enc, data.data(), out.data(), 4, chain.data());
    k.cbc_mac(&enc, data.data(), 4, mac.data());
    k.xts_encrypt(&enc, data.data(), out.data(), 4, chain.data());
    k.xts_decrypt(&dec, data.data(), out.data(), 4, chain.data());
    count_checks(3);
  }
}

// GHASH (ghash-portable) with a secret H and secret blocks: the GCM
// specification's test case 2 (K = 0^128, P = 0^128; McGrew and Viega,
// "The Galois/Counter Mode of Operation", Appendix B):
// T = E_K(J0) ^ GHASH_H(C || len block).
void check_ghash() {
  Bytes h = from_hex("66e94bd4ef8a2c3b884cfa59ca342b2e");  // E_0(0^128)
  secret(h);
  GhashKey key{};
  kGhashPortable.init(&key, h.data());
  Bytes blocks = from_hex(
      "0388dace60b6a392f328c2b971b2fe78"    // C
      "00000000000000000000000000000080");  // len(A) = 0, len(C) = 128
  secret(blocks);
  Bytes xi(16);
  kGhashPortable.update(&key, xi.data(), blocks.data(), 2);
  const Bytes ek_j0 = from_hex("58e2fccefa7e3061367f1d57a4e7455a");  // E_0(0^96 || 1)
  for (int i = 0; i < 16; ++i) xi[i] ^= ek_j0[i];
  expect_bytes(xi, from_hex("ab6e47d42cec13bdf53a67b21257bddf"), "GHASH (GCM test case 2)");
  count_checks(1);
}

// ChaCha20 (chacha20-portable), secret key and plaintext: RFC 8439 §2.3.2's
// block (counter 1) XORed onto zeros, then one more block of secret data.
void check_chacha20() {
  Bytes key = counting(32);
  secret(key);
  std::uint32_t k32[8], iv[4] = {1, 0x09000000u, 0x4a000000u, 0};
  for (int i = 0; i < 8; ++i) std::memcpy(&k32[i], key.data() + 4 * i, 4);  // little-endian host
  Bytes zeros(64);
  secret(zeros);
  Bytes out(128);
  kChachaPortable.xor_blocks(k32, iv, out.data(), zeros.data(), 1);
  expect_bytes(out.data(), 64,
               from_hex("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"),
               "ChaCha20 block (RFC 8439 2.3.2)");
  Bytes data = counting(128);
  secret(data);
  kChachaPortable.xor_blocks(k32, iv, out.data(), data.data(), 2);
  count_checks(1);
}

// Poly1305 (poly1305-portable), secret r, s and message: RFC 8439 §2.5.2
// ("Cryptographic Forum Research Group", 34 bytes: two blocks, then the
// padded rest as the mode code pads it).
void check_poly1305() {
  Bytes key = from_hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
  secret(key);
  const char* text = "Cryptographic Forum Research Group";
  Bytes msg(text, text + std::strlen(text));
  secret(msg);
  Poly1305State st{};
  kPoly1305Portable.init(&st, key.data());
  kPoly1305Portable.blocks(&st, msg.data(), 2, 1);
  std::uint8_t last[16] = {};
  std::memcpy(last, msg.data() + 32, 2);
  last[2] = 1;
  kPoly1305Portable.blocks(&st, last, 1, 0);
  Bytes tag(16);
  kPoly1305Portable.finish(&st, key.data() + 16, tag.data());
  expect_bytes(tag, from_hex("a8061dc1305136c6c22b8baf0c0127a9"), "Poly1305 (RFC 8439 2.5.2)");
  count_checks(1);
}

// SM4 (sm4-portable): key schedules, GB/T 32907-2016 example 1 (key =
// plaintext = 0123...3210), and every other entry on secret data.
void check_sm4() {
  const Sm4Kernel& k = kSm4Portable;
  Bytes key = from_hex("0123456789abcdeffedcba9876543210");
  secret(key);
  Sm4RoundKeys enc{}, dec{};
  expect_true(k.set_encrypt_key(&enc, key.data(), 16), "SM4 set_encrypt_key");
  expect_true(k.set_decrypt_key(&dec, key.data(), 16), "SM4 set_decrypt_key");
  Bytes block = from_hex("0123456789abcdeffedcba9876543210");
  secret(block);
  k.ecb_encrypt(&enc, block.data(), block.data(), 1);
  expect_bytes(block, from_hex("681edf34d206965e86b3e94f536e4246"), "SM4 encrypt (GB/T 32907)");
  k.ecb_decrypt(&dec, block.data(), block.data(), 1);
  expect_bytes(block, from_hex("0123456789abcdeffedcba9876543210"), "SM4 decrypt (GB/T 32907)");
  Bytes data = counting(64, 0x40), out(64), chain = counting(16, 0x80), mac(16);
  secret(data);
  secret(chain);
  k.ecb_encrypt(&enc, data.data(), out.data(), 4);
  k.ecb_decrypt(&dec, data.data(), out.data(), 4);
  k.cbc_encrypt(&enc, data.data(), out.data(), 4, chain.data());
  k.cbc_decrypt(&dec, data.data(), out.data(), 4, chain.data());
  k.ctr_encrypt(&enc, data.data(), out.data(), 4, chain.data());
  k.ctr32_encrypt(&enc, data.data(), out.data(), 4, chain.data());
  k.cbc_mac(&enc, data.data(), 4, mac.data());
  k.xts_encrypt(&enc, data.data(), out.data(), 4, chain.data());
  k.xts_decrypt(&dec, data.data(), out.data(), 4, chain.data());
  k.xts_gb_encrypt(&enc, data.data(), out.data(), 4, chain.data());
  k.xts_gb_decrypt(&dec, data.data(), out.data(), 4, chain.data());
  count_checks(3);
}

// The compression functions HMAC keys and secret messages go through:
// SHA-256, SHA-512 and SM3 of the padded "abc" (FIPS 180-4 examples; GB/T
// 32905-2016 example 1).
void check_hashes() {
  Bytes block(128);
  block[0] = 'a', block[1] = 'b', block[2] = 'c', block[3] = 0x80;
  Bytes b64(block.begin(), block.begin() + 64);
  b64[63] = 24;  // length in bits
  secret(b64);
  std::uint32_t s256[8];
  std::memcpy(s256, kSha256Iv, sizeof s256);
  kSha256Portable.compress(s256, b64.data(), 1);
  Bytes d(32);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) d[4 * i + j] = static_cast<std::uint8_t>(s256[i] >> (24 - 8 * j));
  expect_bytes(d, from_hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
               "SHA-256 (FIPS 180-4 example)");
  std::uint32_t sm3[8];
  std::memcpy(sm3, kSm3Iv, sizeof sm3);
  kSm3Portable.compress(sm3, b64.data(), 1);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) d[4 * i + j] = static_cast<std::uint8_t>(sm3[i] >> (24 - 8 * j));
  expect_bytes(d, from_hex("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"),
               "SM3 (GB/T 32905 example 1)");
  block[127] = 24;
  secret(block);
  std::uint64_t s512[8];
  std::memcpy(s512, kSha512Iv, sizeof s512);
  kSha512Portable.compress(s512, block.data(), 1);
  Bytes d512(64);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      d512[8 * i + j] = static_cast<std::uint8_t>(s512[i] >> (56 - 8 * j));
  expect_bytes(d512,
               from_hex("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
               "SHA-512 (FIPS 180-4 example)");
  count_checks(3);
}

const mlkem::Params* params_named(const std::string& name) {
  for (const mlkem::Params* p : {&mlkem::kMlkem512, &mlkem::kMlkem768, &mlkem::kMlkem1024})
    if (name == p->name) return p;
  return nullptr;
}

// ML-KEM-512/768/1024 on keccak-portable + mlkem-portable, one ACVP case
// of each kind per parameter set: KeyGen_internal from a secret d || z;
// Encaps_internal with a secret m; Decaps_internal with a secret dk (s-hat
// and z; the ek and H(ek) inside dk are public) for an unmodified and a
// modified ciphertext (implicit rejection).
void check_mlkem() {
  const mlkem::Kernels kern{&kKeccakPortable, &kMlkemPortable};
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
    expect_bytes(ek, from_hex(t["ek"]), std::string(p->name) + " keygen ek (ACVP)");
    expect_bytes(dk, from_hex(t["dk"]), std::string(p->name) + " keygen dk (ACVP)");
    count_checks(2);
  }
  const auto kem = nlohmann::json::parse(
      read_vector_file("mlkem/acvp/ML-KEM-encapDecap-FIPS203/internalProjection.json"));
  for (const auto& g : kem["testGroups"]) {
    const mlkem::Params* p = params_named(g["parameterSet"]);
    const std::string name = p->name;
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

// X25519 (x25519-portable), secret scalar and u-coordinate: RFC 7748 §5.2's
// first vector, and §6.1's public key from Alice's secret private key.
void check_x25519() {
  Bytes scalar = from_hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
  Bytes u = from_hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
  secret(scalar);
  secret(u);
  Bytes out(32);
  kX25519Portable.scalarmult(out.data(), scalar.data(), u.data());
  expect_bytes(out, from_hex("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
               "X25519 (RFC 7748 5.2)");
  Bytes alice = from_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  secret(alice);
  kX25519Portable.scalarmult_base(out.data(), alice.data());
  expect_bytes(out, from_hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"),
               "X25519 public key (RFC 7748 6.1)");
  count_checks(2);
}

}  // namespace
}  // namespace armaccel::ct_test

int main() {
  using namespace armaccel::ct_test;
  require_valgrind("ct_kernels");
  check_aes();
  check_ghash();
  check_chacha20();
  check_poly1305();
  check_sm4();
  check_hashes();
  check_mlkem();
  check_x25519();
  return finish("ct_kernels");
}
