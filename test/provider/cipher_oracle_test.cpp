// SPDX-License-Identifier: Apache-2.0
// AES-ECB/CBC/CTR and SM4-ECB/CBC/CTR through EVP with armaccel, against OpenSSL's default
// provider as the oracle: parameters, random messages in random update
// splits (1-byte updates included), padding on and off, in place, context
// copies mid-stream and with a key only, re-init with a NULL key, the
// one-shot EVP_Cipher path, "updated-iv"/"num", and CTR counters crossing the
// 2^32, 2^64 and 2^128 boundaries.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "oracle_fixture.h"
#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

const char* const kCiphers[] = {"AES-128-ECB", "AES-192-ECB", "AES-256-ECB", "AES-128-CBC",
                                "AES-192-CBC", "AES-256-CBC", "AES-128-CTR", "AES-192-CTR",
                                "AES-256-CTR", "SM4-ECB",     "SM4-CBC",     "SM4-CTR",
                                "SM4-OFB",     "SM4-CFB"};

struct Op {
  bool enc = true;
  Bytes key;
  Bytes iv;
  bool pad = true;
};

// Everything a caller can observe of one EVP encryption or decryption.
struct Trace {
  Bytes out;
  std::vector<int> update_lens;
  int final_rc = 0;
  Bytes updated_iv;
  unsigned num = 0;
  bool operator==(const Trace&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Trace& t) {
  os << "out=" << to_hex(t.out) << " final_rc=" << t.final_rc << " lens=";
  for (int l : t.update_lens) os << l << ",";
  return os << " updated_iv=" << to_hex(t.updated_iv) << " num=" << t.num;
}

void read_state(EVP_CIPHER_CTX* ctx, Trace* t) {
  unsigned char iv[16] = {};
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, iv, sizeof iv),
      OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_NUM, &t->num), OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_CIPHER_CTX_get_params(ctx, params), 1);
  t->updated_iv.assign(iv, iv + params[0].return_size);
}

Trace run(EVP_CIPHER* cipher, const Op& op, const Bytes& msg,
          const std::vector<std::size_t>& splits, bool in_place = false, bool do_final = true) {
  Trace t;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  EXPECT_EQ(EVP_CipherInit_ex2(ctx.get(), cipher, op.key.data(),
                               op.iv.empty() ? nullptr : op.iv.data(), op.enc ? 1 : 0, nullptr),
            1);
  EXPECT_EQ(EVP_CIPHER_CTX_set_padding(ctx.get(), op.pad ? 1 : 0), 1);
  Bytes buf(msg.size() + 32);
  if (in_place) std::copy(msg.begin(), msg.end(), buf.begin());
  std::size_t in_pos = 0, out_pos = 0;
  for (std::size_t part : splits) {
    int outl = -1;
    const std::uint8_t* in = in_place ? buf.data() + in_pos : msg.data() + in_pos;
    const int rc =
        EVP_CipherUpdate(ctx.get(), buf.data() + out_pos, &outl, in, static_cast<int>(part));
    EXPECT_EQ(rc, 1) << drain_errors();
    t.update_lens.push_back(outl);
    in_pos += part;
    out_pos += static_cast<std::size_t>(outl);
  }
  if (do_final) {
    int outl = 0;
    t.final_rc = EVP_CipherFinal_ex(ctx.get(), buf.data() + out_pos, &outl);
    if (t.final_rc == 1) out_pos += static_cast<std::size_t>(outl);
    drain_errors();
  }
  t.out.assign(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(out_pos));
  read_state(ctx.get(), &t);
  return t;
}

// ECB and CBC (padding, whole blocks); CTR, OFB and CFB are stream modes.
bool is_block_mode(const std::string& name) {
  return name.find("ECB") != std::string::npos || name.find("CBC") != std::string::npos;
}
bool has_iv(const std::string& name) {
  return name.find("ECB") == std::string::npos;
}

Op random_op(Rng& rng, EVP_CIPHER* c, const std::string& name) {
  Op op;
  op.key = rng.bytes(static_cast<std::size_t>(EVP_CIPHER_get_key_length(c)));
  if (has_iv(name)) op.iv = rng.bytes(16);
  op.pad = rng.below(2) == 0;
  op.enc = rng.below(2) == 0;
  return op;
}

class CipherOracle : public CipherPairTest {};

TEST_P(CipherOracle, AlgorithmParametersMatchDefaultProvider) {
  expect_same_cipher_shape(mine_.get(), ref_.get());
  EXPECT_EQ(param_names(EVP_CIPHER_gettable_params(mine_.get())),
            param_names(EVP_CIPHER_gettable_params(ref_.get())));
  EXPECT_EQ(param_names(EVP_CIPHER_gettable_ctx_params(mine_.get())),
            param_names(EVP_CIPHER_gettable_ctx_params(ref_.get())));
  EXPECT_EQ(param_names(EVP_CIPHER_settable_ctx_params(mine_.get())),
            param_names(EVP_CIPHER_settable_ctx_params(ref_.get())));
}

TEST_P(CipherOracle, RandomMessagesAndSplits) {
  Rng rng(10);
  for (int trial = 0; trial < 60; ++trial) {
    Op op = random_op(rng, mine_.get(), name());
    std::size_t len = rng.below(700);
    if (is_block_mode(name()) && (!op.pad || !op.enc)) len -= len % 16;
    Bytes msg = rng.bytes(len);
    if (!op.enc && op.pad && is_block_mode(name())) {
      // Decrypt a properly padded ciphertext most of the time.
      Op e = op;
      e.enc = true;
      if (rng.below(4) != 0) msg = run(ref_.get(), e, rng.bytes(rng.below(600)), {}).out;
      if (msg.empty()) msg = rng.bytes(16);
    }
    const auto splits = random_splits(rng, msg.size());
    SCOPED_TRACE(::testing::Message() << "trial " << trial << " enc " << op.enc << " pad " << op.pad
                                      << " len " << msg.size() << " seed " << test_seed());
    EXPECT_EQ(run(mine_.get(), op, msg, splits), run(ref_.get(), op, msg, splits));
  }
}

TEST_P(CipherOracle, OneByteUpdates) {
  Rng rng(11);
  for (bool enc : {true, false}) {
    Op op = random_op(rng, mine_.get(), name());
    op.enc = enc;
    op.pad = !is_block_mode(name()) || enc;
    Bytes msg = rng.bytes(enc || !is_block_mode(name()) ? 131 : 128);
    if (!enc && is_block_mode(name())) op.pad = false;
    const std::vector<std::size_t> ones(msg.size(), 1);
    EXPECT_EQ(run(mine_.get(), op, msg, ones), run(ref_.get(), op, msg, ones));
  }
}

TEST_P(CipherOracle, InPlace) {
  Rng rng(12);
  for (int trial = 0; trial < 20; ++trial) {
    Op op = random_op(rng, mine_.get(), name());
    op.pad = false;  // whole blocks: output stays in step with the input
    Bytes msg = rng.bytes(16 * rng.below(40) + (is_block_mode(name()) ? 0 : rng.below(16)));
    std::vector<std::size_t> splits;
    for (std::size_t left = msg.size(); left > 0;) {
      std::size_t n = is_block_mode(name()) ? 16 * (1 + rng.below(8)) : 1 + rng.below(50);
      if (n > left) n = left;
      splits.push_back(n);
      left -= n;
    }
    const Trace expect = run(ref_.get(), op, msg, splits);
    EXPECT_EQ(run(mine_.get(), op, msg, splits, /*in_place=*/true), expect);
  }
}

// Copy a context part-way through; the copy and the original each finish
// the stream and must equal an uncopied run.
TEST_P(CipherOracle, CopyMidStream) {
  Rng rng(13);
  for (int trial = 0; trial < 20; ++trial) {
    Op op = random_op(rng, mine_.get(), name());
    op.enc = true;
    op.pad = true;
    const Bytes msg = rng.bytes(rng.below(500));
    const std::size_t cut = rng.below(msg.size() + 1);
    const Trace expect = run(ref_.get(), op, msg, {cut, msg.size() - cut});

    CipherCtxPtr a(EVP_CIPHER_CTX_new()), b(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CipherInit_ex2(a.get(), mine_.get(), op.key.data(),
                                 op.iv.empty() ? nullptr : op.iv.data(), 1, nullptr),
              1);
    EVP_CIPHER_CTX_set_padding(a.get(), op.pad);
    Bytes head(cut + 32);
    int l0 = 0;
    ASSERT_EQ(EVP_CipherUpdate(a.get(), head.data(), &l0, msg.data(), static_cast<int>(cut)), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_copy(b.get(), a.get()), 1);
    for (EVP_CIPHER_CTX* ctx : {a.get(), b.get()}) {
      Bytes out(head.begin(), head.begin() + l0);
      Bytes tail(msg.size() - cut + 32);
      int l1 = 0, l2 = 0;
      ASSERT_EQ(EVP_CipherUpdate(ctx, tail.data(), &l1, msg.data() + cut,
                                 static_cast<int>(msg.size() - cut)),
                1);
      ASSERT_EQ(EVP_CipherFinal_ex(ctx, tail.data() + l1, &l2), 1) << drain_errors();
      out.insert(out.end(), tail.begin(), tail.begin() + l1 + l2);
      EXPECT_EQ(out, expect.out);
    }
  }
}

// A context holding only a key, copied, then re-initialised with different
// IVs: each result equals a fresh context's.
TEST_P(CipherOracle, KeyOnlyCopyThenIvs) {
  Rng rng(14);
  Op op = random_op(rng, mine_.get(), name());
  op.enc = true;
  op.pad = true;
  CipherCtxPtr base(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_CipherInit_ex2(base.get(), mine_.get(), op.key.data(), nullptr, 1, nullptr), 1);
  for (int i = 0; i < 4; ++i) {
    CipherCtxPtr copy(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CIPHER_CTX_copy(copy.get(), base.get()), 1);
    Op fresh = op;
    if (has_iv(name())) fresh.iv = rng.bytes(16);
    ASSERT_EQ(EVP_CipherInit_ex2(copy.get(), nullptr, nullptr,
                                 fresh.iv.empty() ? nullptr : fresh.iv.data(), 1, nullptr),
              1);
    EVP_CIPHER_CTX_set_padding(copy.get(), fresh.pad);
    const Bytes msg = rng.bytes(100);
    Bytes out(200);
    int l1 = 0, l2 = 0;
    ASSERT_EQ(EVP_CipherUpdate(copy.get(), out.data(), &l1, msg.data(), 100), 1);
    ASSERT_EQ(EVP_CipherFinal_ex(copy.get(), out.data() + l1, &l2), 1);
    out.resize(static_cast<std::size_t>(l1 + l2));
    EXPECT_EQ(out, run(ref_.get(), fresh, msg, {msg.size()}).out) << i;
  }
}

// Re-init with a NULL key keeps the key: CBC restarts from the original IV,
// CTR continues from the current counter (as OpenSSL does), and switching
// direction with the same key decrypts correctly.
TEST_P(CipherOracle, ReinitWithNullKey) {
  Rng rng(15);
  Op op = random_op(rng, mine_.get(), name());
  op.pad = true;
  const Bytes msg = rng.bytes(77);
  std::vector<Bytes> results[2];
  EVP_CIPHER* ciphers[2] = {mine_.get(), ref_.get()};
  for (int which = 0; which < 2; ++which) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), ciphers[which], op.key.data(),
                                 op.iv.empty() ? nullptr : op.iv.data(), 1, nullptr),
              1);
    for (int round = 0; round < 3; ++round) {
      Bytes out(msg.size() + 32);
      int l1 = 0, l2 = 0;
      ASSERT_EQ(
          EVP_CipherUpdate(ctx.get(), out.data(), &l1, msg.data(), static_cast<int>(msg.size())),
          1);
      ASSERT_EQ(EVP_CipherFinal_ex(ctx.get(), out.data() + l1, &l2), 1);
      out.resize(static_cast<std::size_t>(l1 + l2));
      results[which].push_back(out);
      ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), nullptr, nullptr, nullptr, 1, nullptr), 1);
    }
  }
  EXPECT_EQ(results[0], results[1]);

  // Encrypt, then decrypt on the same context with the key kept.
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), mine_.get(), op.key.data(),
                               op.iv.empty() ? nullptr : op.iv.data(), 1, nullptr),
            1);
  Bytes ct(msg.size() + 32), pt(msg.size() + 32);
  int l1 = 0, l2 = 0;
  ASSERT_EQ(EVP_CipherUpdate(ctx.get(), ct.data(), &l1, msg.data(), static_cast<int>(msg.size())),
            1);
  ASSERT_EQ(EVP_CipherFinal_ex(ctx.get(), ct.data() + l1, &l2), 1);
  ct.resize(static_cast<std::size_t>(l1 + l2));
  ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), nullptr, nullptr, op.iv.empty() ? nullptr : op.iv.data(),
                               0, nullptr),
            1);
  ASSERT_EQ(EVP_CipherUpdate(ctx.get(), pt.data(), &l1, ct.data(), static_cast<int>(ct.size())), 1);
  ASSERT_EQ(EVP_CipherFinal_ex(ctx.get(), pt.data() + l1, &l2), 1) << drain_errors();
  pt.resize(static_cast<std::size_t>(l1 + l2));
  EXPECT_EQ(pt, msg);
}

TEST_P(CipherOracle, OneShotEvpCipher) {
  Rng rng(16);
  for (int trial = 0; trial < 10; ++trial) {
    Op op = random_op(rng, mine_.get(), name());
    const Bytes msg = rng.bytes(16 * rng.below(20) + (is_block_mode(name()) ? 0 : rng.below(16)));
    Bytes outs[2];
    EVP_CIPHER* ciphers[2] = {mine_.get(), ref_.get()};
    for (int w = 0; w < 2; ++w) {
      CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
      ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), ciphers[w], op.key.data(),
                                   op.iv.empty() ? nullptr : op.iv.data(), op.enc, nullptr),
                1);
      outs[w].resize(msg.size());
      const int rc =
          EVP_Cipher(ctx.get(), outs[w].data(), msg.data(), static_cast<unsigned>(msg.size()));
      EXPECT_EQ(rc, static_cast<int>(msg.size()));
    }
    EXPECT_EQ(outs[0], outs[1]);
  }
}

TEST_P(CipherOracle, IvParametersMatch) {
  if (!has_iv(name())) GTEST_SKIP();
  Rng rng(17);
  Op op = random_op(rng, mine_.get(), name());
  const Bytes msg = rng.bytes(45);
  for (EVP_CIPHER* c : {mine_.get(), ref_.get()}) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), c, op.key.data(), op.iv.data(), 1, nullptr), 1);
    Bytes out(100);
    int l = 0;
    ASSERT_EQ(EVP_CipherUpdate(ctx.get(), out.data(), &l, msg.data(), 45), 1);
    unsigned char oiv[16], uiv[16];
    ASSERT_EQ(EVP_CIPHER_CTX_get_original_iv(ctx.get(), oiv, 16), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_get_updated_iv(ctx.get(), uiv, 16), 1);
    EXPECT_EQ(Bytes(oiv, oiv + 16), op.iv);
    EXPECT_EQ(EVP_CIPHER_CTX_get_num(ctx.get()), is_block_mode(name()) ? 0 : 13);
    EXPECT_EQ(EVP_CIPHER_CTX_get_iv_length(ctx.get()), 16);
  }
}

// Padding switched off mid-stream while a block is held back: a zero-length
// update then releases it, and the final call sees what is left, exactly as
// in the default provider.
TEST_P(CipherOracle, PaddingToggledMidStream) {
  if (!is_block_mode(name())) GTEST_SKIP();
  Rng rng(19);
  const Bytes key = rng.bytes(static_cast<std::size_t>(EVP_CIPHER_get_key_length(mine_.get())));
  const Bytes iv = rng.bytes(16);
  const Bytes msg = rng.bytes(48);
  std::vector<int> trace[2];
  EVP_CIPHER* ciphers[2] = {mine_.get(), ref_.get()};
  for (int w = 0; w < 2; ++w) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), ciphers[w], key.data(),
                                  has_iv(name()) ? iv.data() : nullptr, nullptr),
              1);
    unsigned char out[128];
    int l = 0;
    trace[w].push_back(EVP_DecryptUpdate(ctx.get(), out, &l, msg.data(), 48));
    trace[w].push_back(l);
    EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
    trace[w].push_back(EVP_DecryptUpdate(ctx.get(), out, &l, msg.data(), 0));
    trace[w].push_back(l);
    EVP_CIPHER_CTX_set_padding(ctx.get(), 1);
    trace[w].push_back(EVP_DecryptFinal_ex(ctx.get(), out, &l));
    drain_errors();
  }
  EXPECT_EQ(trace[0], trace[1]);
}

INSTANTIATE_TEST_SUITE_P(BlockCiphers, CipherOracle, ::testing::ValuesIn(kCiphers),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (char& c : s)
                             if (c == '-') c = '_';
                           return s;
                         });

// The counter is one 128-bit big-endian integer: carries out of the low 32
// and 64 bits, and the wrap of the whole block to zero, as OpenSSL.
TEST(CtrCounter, CarriesAcrossWordBoundariesAndWraps) {
  Rng rng(18);
  const char* starts[] = {
      "000102030405060708090a0bfffffff0",  // 2^32 carry
      "00010203040506077ffffffffffffffd",  // carry into bit 63
      "0001020304050607fffffffffffffffa",  // 2^64 carry
      "fffffffffffffffffffffffffffffff8",  // 2^128 wrap
      "00000000000000000000000000000000",
  };
  for (const char* name : {"AES-128-CTR", "AES-256-CTR"}) {
    CipherPtr mine = armaccel_cipher(name), ref = oracle_cipher(name);
    for (const char* start : starts) {
      for (int trial = 0; trial < 5; ++trial) {
        Op op;
        op.key = rng.bytes(static_cast<std::size_t>(EVP_CIPHER_get_key_length(mine.get())));
        op.iv = from_hex(start);
        const Bytes msg = rng.bytes(16 * 20 + rng.below(16));
        const auto splits = random_splits(rng, msg.size());
        EXPECT_EQ(run(mine.get(), op, msg, splits), run(ref.get(), op, msg, splits))
            << name << " from " << start;
      }
    }
  }
}

}  // namespace
}  // namespace armaccel::test
