// SPDX-License-Identifier: Apache-2.0
// ChaCha20 and ChaCha20-Poly1305 through EVP with armaccel: OpenSSL's evp
// file (RFC 8439 vectors, long counters, wrong IV lengths), RFC 8439 §2.8.2
// and BoringSSL's AEAD set, Wycheproof chacha20_poly1305 (every case),
// Botan's 12-byte-nonce set; random keys, nonces, AAD and messages in
// random update splits against OpenSSL's default provider (counters near
// 2^32, in place, copies mid-stream, key-only copies, key-only re-init);
// the TLS 1.2 record path both ways against the default provider; misuse.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "evp_cipher_runner.h"
#include "ossl_helpers.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

constexpr char kAead[] = "ChaCha20-Poly1305";

TEST(OpensslEvpFiles, ChachaStanzas) {
  int run = 0;
  for (const Stanza& s : parse_evp_file(vectors_dir() + "/openssl-evp/evpciph_chacha.txt")) {
    if (!s.has("Cipher")) continue;
    CipherPtr c = armaccel_cipher(s.get("Cipher"));
    ASSERT_NE(c, nullptr) << s.get("Cipher");
    check_cipher_case(c.get(), cipher_case(s), s.line);
    ++run;
  }
  EXPECT_EQ(run, 27);
}

// Seals and opens `pt`; checks ciphertext and tag, then that a flipped tag
// bit is refused.
void check_aead(const Bytes& key, const Bytes& nonce, const Bytes& aad, const Bytes& pt,
                const Bytes& ct, const Bytes& tag, const std::string& where) {
  SCOPED_TRACE(where);
  AeadOp op;
  op.cipher = kAead;
  op.key = key;
  op.iv = nonce;
  op.aad = aad;
  op.in = pt;
  Bytes out, got_tag;
  ASSERT_EQ(aead_encrypt(op, &out, &got_tag), "") << drain_errors();
  EXPECT_EQ(to_hex(out), to_hex(ct));
  EXPECT_EQ(to_hex(got_tag), to_hex(tag));
  op.in = ct;
  op.tag = tag;
  ASSERT_EQ(aead_decrypt(op, &out), "") << drain_errors();
  EXPECT_EQ(to_hex(out), to_hex(pt));
  op.tag[15] ^= 1;
  EXPECT_EQ(aead_decrypt(op, &out), "CIPHERFINAL_ERROR");
  drain_errors();
}

TEST(Rfc8439, AeadSection282) {
  const std::string text =
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
      "future, sunscreen would be it.";
  check_aead(from_hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"),
             from_hex("070000004041424344454647"), from_hex("50515253c0c1c2c3c4c5c6c7"),
             Bytes(text.begin(), text.end()),
             from_hex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
                      "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692"
                      "ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4"
                      "def08e4b7a9de576d26586cec64b6116"),
             from_hex("1ae10b594f09e26a7e902ecbd0600691"), "RFC 8439 2.8.2");
}

TEST(BoringSsl, AeadVectors) {
  int run = 0;
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/rfc/ChaCha20Poly1305/boringssl.txt")) {
    check_aead(evp_value(r.get("KEY")), evp_value(r.get("NONCE")), evp_value(r.get("AD")),
               evp_value(r.get("IN")), evp_value(r.get("CT")), evp_value(r.get("TAG")),
               "boringssl.txt line " + std::to_string(r.line));
    ++run;
  }
  EXPECT_EQ(run, 66);
}

TEST(Wycheproof, ChaCha20Poly1305EveryCase) {
  std::ifstream in(vectors_dir() + "/wycheproof/chacha20_poly1305_test.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    for (const auto& t : group["tests"]) {
      AeadOp op;
      op.cipher = kAead;
      op.key = from_hex(t["key"].get<std::string>());
      op.iv = from_hex(t["iv"].get<std::string>());
      op.aad = from_hex(t["aad"].get<std::string>());
      const Bytes msg = from_hex(t["msg"].get<std::string>());
      const Bytes ct = from_hex(t["ct"].get<std::string>());
      op.tag = from_hex(t["tag"].get<std::string>());
      SCOPED_TRACE(::testing::Message() << "tcId " << t["tcId"] << " " << t["comment"]);
      Bytes out, tag;
      if (t["result"] == "valid") {
        op.in = msg;
        ASSERT_EQ(aead_encrypt(op, &out, &tag), "") << drain_errors();
        EXPECT_EQ(to_hex(out), to_hex(ct));
        EXPECT_EQ(to_hex(tag), to_hex(op.tag));
        op.in = ct;
        ASSERT_EQ(aead_decrypt(op, &out), "") << drain_errors();
        EXPECT_EQ(to_hex(out), to_hex(msg));
        ++valid;
      } else {
        op.in = ct;
        // Nonces of other lengths are refused when set; bad tags at final.
        EXPECT_EQ(aead_decrypt(op, &out),
                  op.iv.size() != 12 ? "INVALID_IV_LENGTH" : "CIPHERFINAL_ERROR");
        drain_errors();
        ++invalid;
      }
    }
  }
  EXPECT_EQ(valid, 256);
  EXPECT_EQ(invalid, 69);
}

TEST(Botan, ChaCha20Poly1305Vectors) {
  int run = 0;
  for (const VecRecord& r : parse_vec_file(vectors_dir() + "/botan/aead/chacha20poly1305.vec")) {
    const Bytes nonce = from_hex(r.get("Nonce"));
    if (nonce.size() != 12) continue;  // 8-byte (draft) and 24-byte (XChaCha) nonces
    const Bytes out = from_hex(r.get("Out"));
    ASSERT_GE(out.size(), 16u);
    check_aead(from_hex(r.get("Key")), nonce, from_hex(r.get("AD")), from_hex(r.get("In")),
               Bytes(out.begin(), out.end() - 16), Bytes(out.end() - 16, out.end()),
               "chacha20poly1305.vec line " + std::to_string(r.line));
    ++run;
  }
  EXPECT_EQ(run, 140);
}

// Feeds `in` through EVP_CipherUpdate in the given splits into out.
bool update_in_splits(EVP_CIPHER_CTX* ctx, std::uint8_t* out, const std::uint8_t* in,
                      const std::vector<std::size_t>& splits) {
  std::size_t at = 0;
  for (std::size_t part : splits) {
    int l = 0;
    if (EVP_CipherUpdate(ctx, out + at, &l, in + at, static_cast<int>(part)) != 1 ||
        l != static_cast<int>(part))
      return false;
    at += part;
  }
  return true;
}

// ChaCha20 against the default provider: counters at and below 2^32 and
// 2^64 (the carry into the second counter word), random splits, in place.
TEST(ChachaOracle, RandomCountersAndSplits) {
  CipherPtr mine = armaccel_cipher("ChaCha20"), ref = oracle_cipher("ChaCha20");
  Rng rng(50);
  for (int trial = 0; trial < 120; ++trial) {
    const Bytes key = rng.bytes(32);
    Bytes iv = rng.bytes(16);
    if (trial % 3 == 0) std::memset(iv.data(), 0xff, 4);  // counter word at 2^32 - 1
    if (trial % 3 == 1) {
      iv[0] = static_cast<std::uint8_t>(0xff - rng.below(8));
      std::memset(iv.data() + 1, 0xff, 7);  // 64-bit counter just below 2^64
    }
    const Bytes pt = rng.bytes(rng.below(1500));
    Bytes expect(pt.size() + 1), got(pt.size() + 1);
    CipherCtxPtr a(EVP_CIPHER_CTX_new()), b(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(b.get(), ref.get(), key.data(), iv.data(), nullptr), 1);
    ASSERT_TRUE(update_in_splits(b.get(), expect.data(), pt.data(), {pt.size()}));
    ASSERT_EQ(EVP_EncryptInit_ex2(a.get(), mine.get(), key.data(), iv.data(), nullptr), 1);
    Bytes buf = pt;
    buf.push_back(0);
    const bool in_place = trial % 2 == 0;
    ASSERT_TRUE(update_in_splits(a.get(), in_place ? buf.data() : got.data(), buf.data(),
                                 random_splits(rng, pt.size())))
        << drain_errors();
    const Bytes& result = in_place ? buf : got;
    ASSERT_EQ(to_hex(result.data(), pt.size()), to_hex(expect.data(), pt.size()))
        << "trial " << trial << " iv " << to_hex(iv);
  }
}

// A copy mid-stream continues like the original.  A key-only re-init keeps
// the counter and drops the rest of a partial block, as OpenSSL 3.5 does:
// the next bytes come from the block after the partial one (3.0.x restarts
// the partial block itself under the new key, so a re-init with the same
// key would repeat keystream).
TEST(ChachaOracle, CopiesAndReinit) {
  CipherPtr mine = armaccel_cipher("ChaCha20"), ref = oracle_cipher("ChaCha20");
  Rng rng(51);
  const Bytes key = rng.bytes(32), key2 = rng.bytes(32), pt = rng.bytes(300);
  Bytes iv = rng.bytes(16);
  iv[0] = 0xfe;
  std::memset(iv.data() + 1, 0xff, 3);  // counter word 2^32 - 2: the re-init lands past the carry
  iv[4] = 0x10;                         // (and the carry stays in the second word's low byte)
  for (bool copy : {false, true}) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new()), oracle(EVP_CIPHER_CTX_new());
    Bytes out(pt.size()), expect(pt.size());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine.get(), key.data(), iv.data(), nullptr), 1);
    ASSERT_EQ(EVP_EncryptInit_ex2(oracle.get(), ref.get(), key.data(), iv.data(), nullptr), 1);
    ASSERT_TRUE(update_in_splits(ctx.get(), out.data(), pt.data(), {70}));
    ASSERT_TRUE(update_in_splits(oracle.get(), expect.data(), pt.data(), {70}));
    if (copy) {
      CipherCtxPtr dup(EVP_CIPHER_CTX_new());
      ASSERT_EQ(EVP_CIPHER_CTX_copy(dup.get(), ctx.get()), 1);
      ASSERT_TRUE(update_in_splits(dup.get(), out.data() + 70, pt.data() + 70, {30}));
      ASSERT_TRUE(update_in_splits(ctx.get(), expect.data() + 70, pt.data() + 70, {30}));
      EXPECT_EQ(to_hex(out.data(), 100), to_hex(expect.data(), 100));
      ctx = std::move(dup);
    }
    // 70 bytes used blocks 0 and 1 (counter 2^32 - 2 and - 1); block 2 is
    // counter word 0 with a carry into the next word.
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, key2.data(), nullptr, nullptr), 1);
    const std::size_t from = copy ? 100 : 70;
    ASSERT_TRUE(update_in_splits(ctx.get(), out.data() + from, pt.data() + from, {200}));
    Bytes iv2 = iv;
    std::memset(iv2.data(), 0, 4);
    iv2[4] = static_cast<std::uint8_t>(iv2[4] + 1);
    CipherCtxPtr fresh(EVP_CIPHER_CTX_new());
    Bytes after(200);
    ASSERT_EQ(EVP_EncryptInit_ex2(fresh.get(), ref.get(), key2.data(), iv2.data(), nullptr), 1);
    ASSERT_TRUE(update_in_splits(fresh.get(), after.data(), pt.data() + from, {200}));
    EXPECT_EQ(to_hex(out.data() + from, 200), to_hex(after)) << "copy " << copy;
  }
}

// "updated-iv" (OpenSSL 3.5+) is the counter and nonce of the next block.
TEST(Chacha20, UpdatedIvCarriesIntoTheSecondWord) {
  CipherPtr mine = armaccel_cipher("ChaCha20");
  const Bytes key(32, 1);
  const Bytes iv = from_hex("feffffff000000000102030405060708");  // counter 2^32 - 2
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine.get(), key.data(), iv.data(), nullptr), 1);
  Bytes pt(130), out(130);
  ASSERT_TRUE(update_in_splits(ctx.get(), out.data(), pt.data(), {130}));  // 3 blocks started
  Bytes next(16);
  ASSERT_EQ(EVP_CIPHER_CTX_get_updated_iv(ctx.get(), next.data(), next.size()), 1);
  EXPECT_EQ(to_hex(next), "01000000010000000102030405060708");
}

struct AeadRun {
  Bytes out, tag;
  bool ok = false;
};

// One AEAD message on `cipher` with AAD and text in the given splits.
AeadRun aead_message(EVP_CIPHER* cipher, bool enc, const Bytes& key, const Bytes& nonce,
                     const Bytes& aad, const std::vector<std::size_t>& aad_splits, const Bytes& in,
                     const std::vector<std::size_t>& splits, const Bytes& tag, bool in_place) {
  AeadRun r;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  if (EVP_CipherInit_ex2(ctx.get(), cipher, key.data(), nonce.data(), enc ? 1 : 0, nullptr) != 1)
    return r;
  std::size_t at = 0;
  for (std::size_t part : aad_splits) {
    int l = 0;
    if (EVP_CipherUpdate(ctx.get(), nullptr, &l, aad.data() + at, static_cast<int>(part)) != 1)
      return r;
    at += part;
  }
  if (!enc && EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, 16,
                                  const_cast<std::uint8_t*>(tag.data())) != 1)
    return r;
  r.out = in;
  r.out.push_back(0);
  Bytes src = r.out;
  if (!update_in_splits(ctx.get(), r.out.data(), in_place ? r.out.data() : src.data(), splits))
    return r;
  r.out.pop_back();
  int l = 0;
  if (EVP_CipherFinal_ex(ctx.get(), nullptr, &l) != 1) return r;
  if (enc) {
    r.tag.assign(16, 0);
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, r.tag.data()) != 1) return r;
  }
  r.ok = true;
  return r;
}

TEST(AeadOracle, RandomMessagesSplitsBothWays) {
  CipherPtr mine = armaccel_cipher(kAead), ref = oracle_cipher(kAead);
  Rng rng(52);
  for (int trial = 0; trial < 150; ++trial) {
    const Bytes key = rng.bytes(32), nonce = rng.bytes(12);
    const Bytes aad = rng.bytes(trial % 4 == 0 ? 0 : rng.below(100));
    const Bytes pt = rng.bytes(trial < 64 ? static_cast<std::size_t>(trial) : rng.below(3000));
    const bool in_place = trial % 2 == 1;
    const AeadRun expect =
        aead_message(ref.get(), true, key, nonce, aad, {aad.size()}, pt, {pt.size()}, {}, false);
    ASSERT_TRUE(expect.ok);
    const AeadRun got =
        aead_message(mine.get(), true, key, nonce, aad, random_splits(rng, aad.size()), pt,
                     random_splits(rng, pt.size()), {}, in_place);
    ASSERT_TRUE(got.ok) << drain_errors();
    ASSERT_EQ(to_hex(got.out), to_hex(expect.out)) << "trial " << trial;
    ASSERT_EQ(to_hex(got.tag), to_hex(expect.tag)) << "trial " << trial;
    // Each side opens the other's message.
    const AeadRun opened =
        aead_message(mine.get(), false, key, nonce, aad, random_splits(rng, aad.size()), expect.out,
                     random_splits(rng, pt.size()), expect.tag, in_place);
    ASSERT_TRUE(opened.ok) << drain_errors();
    ASSERT_EQ(opened.out, pt);
    const AeadRun theirs = aead_message(ref.get(), false, key, nonce, aad, {aad.size()}, got.out,
                                        {pt.size()}, got.tag, false);
    ASSERT_TRUE(theirs.ok);
  }
}

// Copies mid-AAD and mid-text finish like the original; a key-only context
// copied before any nonce works for each copy (OpenSSL lacked it until
// 3.0.13).
TEST(AeadOracle, CopiesMidStreamAndKeyOnlyCopy) {
  CipherPtr mine = armaccel_cipher(kAead), ref = oracle_cipher(kAead);
  Rng rng(53);
  const Bytes key = rng.bytes(32), nonce = rng.bytes(12), aad = rng.bytes(40), pt = rng.bytes(200);
  const AeadRun expect =
      aead_message(ref.get(), true, key, nonce, aad, {aad.size()}, pt, {pt.size()}, {}, false);
  for (int where = 0; where < 2; ++where) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine.get(), key.data(), nonce.data(), nullptr), 1);
    int l = 0;
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data(), 17), 1);
    Bytes out(pt.size());
    if (where == 1) {
      ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data() + 17, 23), 1);
      ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, pt.data(), 33), 1);
    }
    CipherCtxPtr dup(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CIPHER_CTX_copy(dup.get(), ctx.get()), 1);
    for (EVP_CIPHER_CTX* x : {ctx.get(), dup.get()}) {
      Bytes o = out, tag(16);
      if (where == 0) {
        ASSERT_EQ(EVP_EncryptUpdate(x, nullptr, &l, aad.data() + 17, 23), 1);
      }
      const std::size_t from = where == 1 ? 33 : 0;
      ASSERT_EQ(EVP_EncryptUpdate(x, o.data() + from, &l, pt.data() + from,
                                  static_cast<int>(pt.size() - from)),
                1);
      ASSERT_EQ(EVP_EncryptFinal_ex(x, nullptr, &l), 1);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
      EXPECT_EQ(o, expect.out);
      EXPECT_EQ(tag, expect.tag);
    }
  }
  CipherCtxPtr keyed(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(keyed.get(), mine.get(), key.data(), nullptr, nullptr), 1);
  for (int copy = 0; copy < 2; ++copy) {
    CipherCtxPtr dup(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CIPHER_CTX_copy(dup.get(), keyed.get()), 1);
    ASSERT_EQ(EVP_EncryptInit_ex2(dup.get(), nullptr, nullptr, nonce.data(), nullptr), 1);
    int l = 0;
    Bytes o(pt.size()), tag(16);
    ASSERT_EQ(EVP_EncryptUpdate(dup.get(), nullptr, &l, aad.data(), 40), 1);
    ASSERT_EQ(EVP_EncryptUpdate(dup.get(), o.data(), &l, pt.data(), 200), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(dup.get(), nullptr, &l), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_ctrl(dup.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
    EXPECT_EQ(o, expect.out);
    EXPECT_EQ(tag, expect.tag);
  }
}

// TLS 1.2 (RFC 7905) as libssl drives it: key and 12-byte fixed IV at
// init, per record "tlsaad" (sequence number XORed into the nonce), then
// one in-place update over payload || tag.
int tls_record(EVP_CIPHER* c, bool enc, const Bytes& key, const Bytes& fixed, std::uint64_t seq,
               Bytes* record, std::size_t payload) {
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  EXPECT_EQ(EVP_CipherInit_ex2(ctx.get(), c, key.data(), fixed.data(), enc ? 1 : 0, nullptr), 1);
  std::uint8_t aad[13];
  for (int i = 0; i < 8; ++i) aad[i] = static_cast<std::uint8_t>(seq >> (56 - 8 * i));
  aad[8] = 23;
  aad[9] = 3;
  aad[10] = 3;
  const std::size_t len_field = enc ? payload : payload + 16;
  aad[11] = static_cast<std::uint8_t>(len_field >> 8);
  aad[12] = static_cast<std::uint8_t>(len_field);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, aad), 16);
  int outl = -1;
  const int rc = EVP_CipherUpdate(ctx.get(), record->data(), &outl, record->data(),
                                  static_cast<int>(payload + 16));
  return rc == 1 ? outl : -1;
}

TEST(AeadTls12, RecordsInteroperateWithDefault) {
  CipherPtr mine = armaccel_cipher(kAead), ref = oracle_cipher(kAead);
  Rng rng(54);
  const Bytes key = rng.bytes(32), fixed = rng.bytes(12);
  for (std::uint64_t seq : {0ull, 1ull, 0x0102030405060708ull, ~0ull}) {
    for (std::size_t payload : {0u, 1u, 15u, 16u, 64u, 65u, 300u, 16384u}) {
      const Bytes pt = rng.bytes(payload);
      Bytes a = pt, b = pt;
      a.resize(payload + 16);
      b.resize(payload + 16);
      ASSERT_EQ(tls_record(mine.get(), true, key, fixed, seq, &a, payload),
                static_cast<int>(payload + 16))
          << drain_errors();
      ASSERT_EQ(tls_record(ref.get(), true, key, fixed, seq, &b, payload),
                static_cast<int>(payload + 16));
      ASSERT_EQ(to_hex(a), to_hex(b)) << "seq " << seq << " payload " << payload;
      // Our record opens on the default provider and vice versa.
      Bytes c = a;
      ASSERT_EQ(tls_record(ref.get(), false, key, fixed, seq, &c, payload),
                static_cast<int>(payload));
      ASSERT_EQ(tls_record(mine.get(), false, key, fixed, seq, &b, payload),
                static_cast<int>(payload))
          << drain_errors();
      ASSERT_EQ(to_hex(b.data(), payload), to_hex(pt));
      // A forged record fails and releases no plaintext.
      if (payload > 0) {
        Bytes d = a;
        d[payload - 1] ^= 0x40;
        EXPECT_EQ(tls_record(mine.get(), false, key, fixed, seq, &d, payload), -1);
        EXPECT_EQ(drain_errors(), "");  // as the default provider
        EXPECT_EQ(to_hex(d.data(), payload), to_hex(Bytes(payload, 0)));
        Bytes e = a;  // the right record under another sequence number
        EXPECT_EQ(tls_record(mine.get(), false, key, fixed, seq + 1, &e, payload), -1);
        drain_errors();
      }
    }
  }
}

std::string last_errors() {
  return drain_errors();
}

TEST(AeadMisuse, TagRules) {
  CipherPtr mine = armaccel_cipher(kAead);
  const Bytes key(32, 1), nonce(12, 2), pt(40, 3);
  const AeadRun sealed =
      aead_message(mine.get(), true, key, nonce, {}, {}, pt, {pt.size()}, {}, false);
  ASSERT_TRUE(sealed.ok);
  int l = 0;
  Bytes out(pt.size());
  // Decrypting without ever setting a tag fails at final (OpenSSL accepts
  // it), as a forged message does: without an error, so that applications
  // read it as one (pyca/cryptography's InvalidTag).
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), mine.get(), key.data(), nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), out.data(), &l, sealed.out.data(), 40), 1);
  EXPECT_EQ(EVP_DecryptFinal_ex(ctx.get(), nullptr, &l), 0);
  EXPECT_EQ(last_errors(), "");
  // A wrong tag fails at final, without an error, as in the default provider.
  Bytes bad = sealed.tag;
  bad[0] ^= 1;
  EXPECT_FALSE(
      aead_message(mine.get(), false, key, nonce, {}, {}, sealed.out, {40}, bad, false).ok);
  EXPECT_EQ(last_errors(), "");
  // Truncated tags are not accepted for checking.
  ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), mine.get(), key.data(), nonce.data(), nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, 8,
                                const_cast<std::uint8_t*>(sealed.tag.data())),
            0);
  EXPECT_NE(last_errors().find("invalid tag length"), std::string::npos);
  // Setting a tag when encrypting, or getting one before final, fails.
  CipherCtxPtr enc(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(enc.get(), mine.get(), key.data(), nonce.data(), nullptr), 1);
  Bytes tag(16);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_AEAD_SET_TAG, 16, tag.data()), 0);
  EXPECT_NE(last_errors().find("tag not needed"), std::string::npos);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 0);
  EXPECT_NE(last_errors().find("tag not set"), std::string::npos);
  // A new nonce starts a new message: the last message's tag is gone.
  ASSERT_EQ(EVP_EncryptUpdate(enc.get(), out.data(), &l, pt.data(), 40), 1);
  ASSERT_EQ(EVP_EncryptFinal_ex(enc.get(), nullptr, &l), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
  const Bytes other_nonce(12, 9);
  ASSERT_EQ(EVP_EncryptInit_ex2(enc.get(), nullptr, nullptr, other_nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(enc.get(), out.data(), &l, pt.data(), 40), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 0);
  EXPECT_NE(last_errors().find("tag not set"), std::string::npos);
}

TEST(AeadMisuse, NonceAndOrderRules) {
  CipherPtr mine = armaccel_cipher(kAead);
  const Bytes key(32, 1), nonce(12, 2), aad(5, 4);
  Bytes buf(64, 3);
  int l = 0;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  // No nonce: refused rather than encrypting under an all-zero one.
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine.get(), key.data(), nullptr, nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), 16), 0);
  EXPECT_NE(last_errors().find("iv not set"), std::string::npos);
  // AAD after text.
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), 16), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data(), 5), 0);
  EXPECT_NE(last_errors().find("aad after data"), std::string::npos);
  // After final the nonce is spent.
  ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), nullptr, &l), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), 16), 0);
  EXPECT_NE(last_errors().find("iv not set"), std::string::npos);
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, nonce.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), 16), 1);
  // Partially overlapping buffers.
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data() + 1, &l, buf.data(), 16), 0);
  EXPECT_NE(last_errors().find("overlapping"), std::string::npos);
  // A key-only re-init after text was released spends the nonce (a restart
  // would repeat its keystream; OpenSSL 3.0 restarts) ...
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, key.data(), nullptr, nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), 16), 0);
  EXPECT_NE(last_errors().find("iv not set"), std::string::npos);
  // ... while during the AAD nothing was released and the message restarts.
  const AeadRun expect =
      aead_message(mine.get(), true, key, nonce, aad, {aad.size()}, Bytes(16, 3), {16}, {}, false);
  ASSERT_TRUE(expect.ok);
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, nonce.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, Bytes(7, 8).data(), 7), 1);
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, key.data(), nullptr, nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data(), 5), 1);
  Bytes ct(16), pt16(16, 3), tag(16);
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), ct.data(), &l, pt16.data(), 16), 1);
  ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), nullptr, &l), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
  EXPECT_EQ(ct, expect.out);
  EXPECT_EQ(tag, expect.tag);
}

// A NULL input or output with a length is refused with its own reason
// (OpenSSL 3.0's ChaCha20 dereferences it).
TEST(Chacha20, NullBuffersRefused) {
  CipherPtr mine = armaccel_cipher("ChaCha20");
  const Bytes key(32, 1), iv(16, 2);
  Bytes buf(32, 3);
  int l = 0;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine.get(), key.data(), iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, nullptr, 16), 0);
  EXPECT_NE(last_errors().find("passed a null parameter"), std::string::npos);
}

TEST(AeadMisuse, KeyAndNonceLengths) {
  for (const char* name : {"ChaCha20", kAead}) {
    SCOPED_TRACE(name);
    CipherPtr mine = armaccel_cipher(name);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine.get(), nullptr, nullptr, nullptr), 1);
    EXPECT_EQ(EVP_CIPHER_CTX_set_key_length(ctx.get(), 16), 0);
    EXPECT_NE(last_errors().find("invalid key length"), std::string::npos);
    for (std::size_t ivlen : {8u, 13u}) {
      OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &ivlen),
                        OSSL_PARAM_construct_end()};
      EXPECT_EQ(EVP_CIPHER_CTX_set_params(ctx.get(), p), 0);
      EXPECT_NE(last_errors().find("invalid iv length"), std::string::npos);
    }
    // Data before any key.
    Bytes buf(16);
    int l = 0;
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), 16), 0);
    EXPECT_NE(last_errors().find("no key set"), std::string::npos);
  }
}

TEST(AeadParams, ShapeMatchesDefault) {
  for (const char* name : {"ChaCha20", kAead}) {
    CipherPtr mine = armaccel_cipher(name), ref = oracle_cipher(name);
    EXPECT_EQ(EVP_CIPHER_get_flags(mine.get()), EVP_CIPHER_get_flags(ref.get())) << name;
    EXPECT_EQ(EVP_CIPHER_get_iv_length(mine.get()), EVP_CIPHER_get_iv_length(ref.get()));
    EXPECT_EQ(EVP_CIPHER_get_key_length(mine.get()), EVP_CIPHER_get_key_length(ref.get()));
    EXPECT_EQ(EVP_CIPHER_get_block_size(mine.get()), EVP_CIPHER_get_block_size(ref.get()));
    EXPECT_EQ(EVP_CIPHER_get_mode(mine.get()), EVP_CIPHER_get_mode(ref.get()));
    EXPECT_EQ(EVP_CIPHER_get_nid(mine.get()), EVP_CIPHER_get_nid(ref.get()));
  }
}

}  // namespace
}  // namespace armaccel::test
