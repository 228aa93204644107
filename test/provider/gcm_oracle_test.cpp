// SPDX-License-Identifier: Apache-2.0
// AES-GCM through EVP with armaccel against OpenSSL's default provider:
// parameters, random keys/IVs/AAD/messages in random update splits, tag
// lengths, tag set early or late, wrong and missing tags, in place, copies
// mid-stream and key-only, ivlen set before/after the key or in the init
// params, generated IVs, and the TLS 1.2 record mode and IV generation as
// libssl and OpenSSH drive them.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "oracle_fixture.h"
#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

const char* const kGcm[] = {"AES-128-GCM", "AES-192-GCM", "AES-256-GCM"};

struct Message {
  Bytes key, iv, msg;
  std::vector<Bytes> aad;
  std::vector<std::size_t> splits;
};

struct Sealed {
  int rc = 0;  // 1 if every step succeeded
  Bytes out;
  Bytes tag;
  bool operator==(const Sealed&) const = default;
};

Sealed seal(EVP_CIPHER* c, const Message& m, std::size_t taglen, bool in_place = false) {
  Sealed r;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  int ok = EVP_EncryptInit_ex2(ctx.get(), c, nullptr, nullptr, nullptr);
  std::size_t ivlen = m.iv.size();
  OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                    OSSL_PARAM_construct_end()};
  ok &= EVP_CIPHER_CTX_set_params(ctx.get(), p);
  ok &= EVP_EncryptInit_ex2(ctx.get(), nullptr, m.key.data(), m.iv.data(), nullptr);
  int l = 0;
  for (const Bytes& a : m.aad)
    ok &= EVP_EncryptUpdate(ctx.get(), nullptr, &l, a.data(), static_cast<int>(a.size()));
  Bytes buf = m.msg;
  r.out.resize(m.msg.size());
  std::size_t done = 0;
  for (std::size_t part : m.splits) {
    std::uint8_t* dst = in_place ? buf.data() + done : r.out.data() + done;
    const std::uint8_t* src = in_place ? buf.data() + done : m.msg.data() + done;
    ok &= EVP_EncryptUpdate(ctx.get(), dst, &l, src, static_cast<int>(part));
    done += part;
  }
  if (in_place) r.out = buf;
  ok &= EVP_EncryptFinal_ex(ctx.get(), nullptr, &l);
  r.tag.resize(taglen);
  ok &= EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(taglen),
                            r.tag.data()) > 0;
  r.rc = ok;
  drain_errors();
  return r;
}

// Decrypts; tag set before the AAD or after it ("late").  rc is final's.
Sealed open_msg(EVP_CIPHER* c, const Message& m, const Bytes& ct, const Bytes& tag, bool late) {
  Sealed r;
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  std::size_t ivlen = m.iv.size();
  OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                    OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_DecryptInit_ex2(ctx.get(), c, m.key.data(), nullptr, p), 1);
  EXPECT_EQ(EVP_DecryptInit_ex2(ctx.get(), nullptr, nullptr, m.iv.data(), nullptr), 1);
  Bytes t = tag;
  auto set_tag = [&] {
    if (t.empty()) return;
    EXPECT_GT(
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(t.size()), t.data()),
        0);
  };
  if (!late) set_tag();
  int l = 0;
  for (const Bytes& a : m.aad)
    EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), nullptr, &l, a.data(), static_cast<int>(a.size())), 1);
  if (late) set_tag();
  r.out.resize(ct.size());
  std::size_t done = 0;
  for (std::size_t part : m.splits) {
    EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), r.out.data() + done, &l, ct.data() + done,
                                static_cast<int>(part)),
              1);
    done += part;
  }
  r.rc = EVP_DecryptFinal_ex(ctx.get(), nullptr, &l);
  drain_errors();
  return r;
}

Message random_message(Rng& rng, std::size_t key_bytes, std::size_t max_iv = 128) {
  Message m;
  m.key = rng.bytes(key_bytes);
  m.iv = rng.bytes(rng.below(3) == 0 ? 1 + rng.below(max_iv) : 12);
  for (std::size_t part : random_splits(rng, rng.below(80))) m.aad.push_back(rng.bytes(part));
  m.msg = rng.bytes(rng.below(600));
  m.splits = random_splits(rng, m.msg.size());
  return m;
}

class GcmOracle : public CipherPairTest {};

TEST_P(GcmOracle, ParametersMatchDefaultProvider) {
  expect_same_cipher_shape(mine_.get(), ref_.get());
  const auto mine_get = param_names(EVP_CIPHER_gettable_ctx_params(mine_.get()));
  for (const std::string& n : param_names(EVP_CIPHER_gettable_ctx_params(ref_.get())))
    EXPECT_TRUE(mine_get.count(n)) << "gettable " << n;
  EXPECT_EQ(param_names(EVP_CIPHER_settable_ctx_params(mine_.get())),
            param_names(EVP_CIPHER_settable_ctx_params(ref_.get())));
}

TEST_P(GcmOracle, RandomMessagesSplitsAndTagLengths) {
  Rng rng(50);
  for (int trial = 0; trial < 80; ++trial) {
    const Message m = random_message(rng, key_bytes_);
    const std::size_t taglen = 4 + rng.below(13);
    SCOPED_TRACE(::testing::Message()
                 << "trial " << trial << " iv " << m.iv.size() << " msg " << m.msg.size() << " tag "
                 << taglen << " seed " << test_seed());
    const Sealed a = seal(mine_.get(), m, taglen, rng.below(4) == 0);
    const Sealed b = seal(ref_.get(), m, taglen);
    ASSERT_EQ(a.rc, 1);
    ASSERT_EQ(a, b);
    const bool late = rng.below(2) == 0;
    const Sealed d1 = open_msg(mine_.get(), m, a.out, a.tag, late);
    EXPECT_EQ(d1.rc, 1);
    EXPECT_EQ(d1.out, m.msg);
    // Any changed bit of ciphertext, AAD or tag is rejected by both.
    Bytes bad_ct = a.out, bad_tag = a.tag;
    Message bad_m = m;
    const int what = static_cast<int>(rng.below(3));
    if (what == 0 && !bad_ct.empty()) {
      bad_ct[rng.below(bad_ct.size())] ^= static_cast<std::uint8_t>(1u << rng.below(8));
    } else if (what == 1 && !bad_m.aad.empty() && !bad_m.aad[0].empty()) {
      bad_m.aad[0][0] ^= 0x80;
    } else {
      bad_tag[rng.below(bad_tag.size())] ^= 1;
    }
    EXPECT_EQ(open_msg(mine_.get(), bad_m, bad_ct, bad_tag, late).rc, 0);
    EXPECT_EQ(open_msg(ref_.get(), bad_m, bad_ct, bad_tag, late).rc, 0);
  }
}

TEST_P(GcmOracle, DecryptWithoutTagFails) {
  Rng rng(51);
  const Message m = random_message(rng, key_bytes_);
  const Sealed a = seal(mine_.get(), m, 16);
  EXPECT_EQ(open_msg(mine_.get(), m, a.out, {}, false).rc, 0);
  EXPECT_EQ(open_msg(ref_.get(), m, a.out, {}, false).rc, 0);
}

// A context is copied part-way through the text; both copies finish the
// message and must equal an uncopied run.
TEST_P(GcmOracle, CopyMidStreamAndKeyOnlyCopy) {
  Rng rng(52);
  for (int trial = 0; trial < 20; ++trial) {
    Message m = random_message(rng, key_bytes_);
    m.splits = {m.msg.size()};
    const Sealed expect = seal(ref_.get(), m, 16);
    const std::size_t cut = rng.below(m.msg.size() + 1);
    CipherCtxPtr a(EVP_CIPHER_CTX_new()), b(EVP_CIPHER_CTX_new());
    std::size_t ivlen = m.iv.size();
    OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                      OSSL_PARAM_construct_end()};
    ASSERT_EQ(EVP_EncryptInit_ex2(a.get(), mine_.get(), m.key.data(), nullptr, p), 1);
    ASSERT_EQ(EVP_EncryptInit_ex2(a.get(), nullptr, nullptr, m.iv.data(), nullptr), 1);
    int l = 0;
    for (const Bytes& x : m.aad)
      ASSERT_EQ(EVP_EncryptUpdate(a.get(), nullptr, &l, x.data(), static_cast<int>(x.size())), 1);
    Bytes head(cut);
    ASSERT_EQ(EVP_EncryptUpdate(a.get(), head.data(), &l, m.msg.data(), static_cast<int>(cut)), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_copy(b.get(), a.get()), 1);
    for (EVP_CIPHER_CTX* ctx : {a.get(), b.get()}) {
      Bytes out = head, tail(m.msg.size() - cut);
      ASSERT_EQ(EVP_EncryptUpdate(ctx, tail.data(), &l, m.msg.data() + cut,
                                  static_cast<int>(tail.size())),
                1);
      ASSERT_EQ(EVP_EncryptFinal_ex(ctx, nullptr, &l), 1);
      out.insert(out.end(), tail.begin(), tail.end());
      Bytes tag(16);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
      EXPECT_EQ(out, expect.out);
      EXPECT_EQ(tag, expect.tag);
    }
  }
  // A context holding only a key (OpenSSL lacked this copy before 3.0.13),
  // copied, then given different IVs: each equals a fresh context.
  CipherCtxPtr base(EVP_CIPHER_CTX_new());
  const Bytes key = rng.bytes(key_bytes_);
  ASSERT_EQ(EVP_EncryptInit_ex2(base.get(), mine_.get(), key.data(), nullptr, nullptr), 1);
  for (int i = 0; i < 4; ++i) {
    CipherCtxPtr copy(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CIPHER_CTX_copy(copy.get(), base.get()), 1);
    Message m;
    m.key = key;
    m.iv = rng.bytes(12);
    m.msg = rng.bytes(50);
    m.splits = {50};
    ASSERT_EQ(EVP_EncryptInit_ex2(copy.get(), nullptr, nullptr, m.iv.data(), nullptr), 1);
    Bytes out(50), tag(16);
    int l = 0;
    ASSERT_EQ(EVP_EncryptUpdate(copy.get(), out.data(), &l, m.msg.data(), 50), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(copy.get(), nullptr, &l), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_ctrl(copy.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
    const Sealed expect = seal(ref_.get(), m, 16);
    EXPECT_EQ(out, expect.out);
    EXPECT_EQ(tag, expect.tag);
  }
}

// The orders in which an application can give the IV length, and what
// each provider then does (result of each step and the output).
TEST_P(GcmOracle, IvLengthOrdersBehaveAsDefault) {
  Rng rng(53);
  const Bytes key = rng.bytes(key_bytes_), iv16 = rng.bytes(16), msg = rng.bytes(40);
  auto trace = [&](EVP_CIPHER* c, int order) {
    std::vector<int> steps;
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    std::size_t ivlen = 16;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                      OSSL_PARAM_construct_end()};
    switch (order) {
      case 0:  // ivlen, then key and IV
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), c, nullptr, nullptr, nullptr));
        steps.push_back(EVP_CIPHER_CTX_set_params(ctx.get(), p));
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), nullptr, key.data(), iv16.data(), nullptr));
        break;
      case 1:  // key, ivlen, IV
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), c, key.data(), nullptr, nullptr));
        steps.push_back(EVP_CIPHER_CTX_set_params(ctx.get(), p));
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, iv16.data(), nullptr));
        break;
      case 2:  // key and 12-byte IV, then ivlen 16: the IV no longer fits
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), c, key.data(), iv16.data(), nullptr));
        steps.push_back(EVP_CIPHER_CTX_set_params(ctx.get(), p));
        break;
      case 3:  // ivlen inside the init params
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), c, key.data(), iv16.data(), p));
        break;
      default:  // ivlen in the params of a key-only init, then the IV
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), c, key.data(), nullptr, p));
        steps.push_back(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, iv16.data(), nullptr));
        break;
    }
    Bytes out(msg.size());
    int l = 0;
    const int upd =
        EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), static_cast<int>(msg.size()));
    steps.push_back(upd);
    steps.push_back(EVP_EncryptFinal_ex(ctx.get(), nullptr, &l));
    Bytes tag(16);
    steps.push_back(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()) > 0);
    drain_errors();
    if (upd == 1) steps.insert(steps.end(), out.begin(), out.end());
    return steps;
  };
  for (int order = 0; order <= 4; ++order)
    EXPECT_EQ(trace(mine_.get(), order), trace(ref_.get(), order)) << "order " << order;
}

// Encrypting without an IV: a random IV is generated, reported through
// "iv"/"updated-iv" and "iv-generated", and decrypts.
TEST_P(GcmOracle, GeneratedIv) {
  Rng rng(54);
  const Bytes key = rng.bytes(key_bytes_), msg = rng.bytes(33);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine_.get(), key.data(), nullptr, nullptr), 1);
  Bytes iv(12);
  ASSERT_EQ(EVP_CIPHER_CTX_get_updated_iv(ctx.get(), iv.data(), iv.size()), 1) << drain_errors();
  unsigned generated = 0;
  OSSL_PARAM p[] = {OSSL_PARAM_construct_uint("iv-generated", &generated),
                    OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_CIPHER_CTX_get_params(ctx.get(), p), 1);
  EXPECT_EQ(generated, 1u);
  Bytes out(33), tag(16);
  int l = 0;
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), 33), 1);
  ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), nullptr, &l), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
  Message m;
  m.key = key;
  m.iv = iv;
  m.splits = {33};
  const Sealed d = open_msg(ref_.get(), m, out, tag, false);
  EXPECT_EQ(d.rc, 1);
  EXPECT_EQ(d.out, msg);
  // A decrypting context never makes up an IV.
  CipherCtxPtr dctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_DecryptInit_ex2(dctx.get(), mine_.get(), key.data(), nullptr, nullptr), 1);
  EXPECT_EQ(EVP_DecryptUpdate(dctx.get(), out.data(), &l, msg.data(), 33), 0);
  drain_errors();
}

// TLS 1.2 records as libssl makes them: the fixed IV part at init, then per
// record "tlsaad" and one in-place update over explicit nonce || payload ||
// tag.  Each provider's records must open with the other's.
TEST_P(GcmOracle, TlsRecordsInterworkWithDefault) {
  Rng rng(55);
  const Bytes key = rng.bytes(key_bytes_), fixed = rng.bytes(4);
  auto make_ctx = [&](EVP_CIPHER* c, bool enc) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    EXPECT_EQ(EVP_CipherInit_ex2(ctx.get(), c, key.data(), nullptr, enc, nullptr), 1);
    Bytes f = fixed;
    EXPECT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IV_FIXED, 4, f.data()), 0);
    return ctx;
  };
  for (int sender = 0; sender < 2; ++sender) {
    EVP_CIPHER* enc_c = sender == 0 ? mine_.get() : ref_.get();
    EVP_CIPHER* dec_c = sender == 0 ? ref_.get() : mine_.get();
    CipherCtxPtr enc = make_ctx(enc_c, true), dec = make_ctx(dec_c, false);
    for (int rec = 0; rec < 20; ++rec) {
      const Bytes payload = rng.bytes(rng.below(2000));
      // libssl's AAD length field: explicit nonce + payload when sending,
      // the whole record (with the tag) when receiving.
      Bytes aad = rng.bytes(13);
      const std::size_t record_len = 8 + payload.size() + 16;
      auto with_length = [&](std::size_t n) {
        Bytes x = aad;
        x[11] = static_cast<std::uint8_t>(n >> 8);
        x[12] = static_cast<std::uint8_t>(n);
        return x;
      };
      Bytes record(record_len);
      std::copy(payload.begin(), payload.end(), record.begin() + 8);
      Bytes a = with_length(8 + payload.size());
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, a.data()), 16);
      int outl = 0;
      ASSERT_EQ(EVP_CipherUpdate(enc.get(), record.data(), &outl, record.data(),
                                 static_cast<int>(record_len)),
                1)
          << drain_errors();
      EXPECT_EQ(outl, static_cast<int>(record_len));
      Bytes d = with_length(record_len);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(dec.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, d.data()), 16);
      Bytes copy = record;
      ASSERT_EQ(EVP_CipherUpdate(dec.get(), copy.data(), &outl, copy.data(),
                                 static_cast<int>(record_len)),
                1)
          << "sender " << sender << " record " << rec;
      EXPECT_EQ(outl, static_cast<int>(payload.size()));
      EXPECT_EQ(Bytes(copy.begin() + 8, copy.begin() + 8 + static_cast<long>(payload.size())),
                payload);
      // A tampered record is refused and releases nothing.
      Bytes bad = record;
      bad[8 + rng.below(payload.size() + 16)] ^= 4;
      Bytes d2 = with_length(record_len);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(dec.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, d2.data()), 16);
      EXPECT_EQ(
          EVP_CipherUpdate(dec.get(), bad.data(), &outl, bad.data(), static_cast<int>(record_len)),
          0);
      EXPECT_EQ(Bytes(bad.begin() + 8, bad.end() - 16), Bytes(payload.size(), 0))
          << "a forged record must not release plaintext";
      drain_errors();
    }
  }
}

// OpenSSH-style IV handling: the whole IV restored with length -1, then per
// message IV_GEN hands out the invocation field and counts it up.
TEST_P(GcmOracle, IvGenerationCountsLikeDefault) {
  Rng rng(56);
  const Bytes key = rng.bytes(key_bytes_), iv = rng.bytes(12);
  std::vector<Bytes> outs[2];
  EVP_CIPHER* ciphers[2] = {mine_.get(), ref_.get()};
  for (int w = 0; w < 2; ++w) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), ciphers[w], key.data(), nullptr, nullptr), 1);
    Bytes full = iv;
    ASSERT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IV_FIXED, -1, full.data()), 0);
    for (int msg = 0; msg < 5; ++msg) {
      Bytes inv(8), data = rng.bytes(64), out(64), tag(16);
      ASSERT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_IV_GEN, 8, inv.data()), 0);
      int l = 0;
      ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, data.data(), 64), 1);
      ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), nullptr, &l), 1);
      ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
      outs[w].push_back(inv);
      outs[w].push_back(out);
      outs[w].push_back(tag);
    }
    rng = Rng(56);  // same messages for both providers
    rng.bytes(key_bytes_);
    rng.bytes(12);
  }
  EXPECT_EQ(outs[0], outs[1]);
}

// A new key in the middle of a message starts the message again under the
// new key (the same IV): the result is standard GCM of what follows.
TEST_P(GcmOracle, NewKeyMidMessageStartsAgain) {
  Rng rng(57);
  const Bytes k1 = rng.bytes(key_bytes_), k2 = rng.bytes(key_bytes_), iv = rng.bytes(12);
  const Bytes aad = rng.bytes(20), pt = rng.bytes(50);
  Message m;
  m.key = k2;
  m.iv = iv;
  m.msg = pt;
  m.splits = {pt.size()};
  const Sealed expect = seal(ref_.get(), m, 16);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  int l = 0;
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine_.get(), k1.data(), iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data(), static_cast<int>(aad.size())), 1);
  Bytes out(pt.size()), tag(16);
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, pt.data(), 10), 1);
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, k2.data(), nullptr, nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, pt.data(), static_cast<int>(pt.size())),
            1);
  ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), nullptr, &l), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag.data()), 1);
  EXPECT_EQ(out, expect.out);
  EXPECT_EQ(tag, expect.tag);
}

// A tag belongs to one message: after a decrypt final the next message
// needs its own, an encryption's tag is never an expected tag, and a
// refused SET_TAG on an encrypting context leaves the computed tag alone.
TEST_P(GcmOracle, TagLifetime) {
  Rng rng(58);
  Message m = random_message(rng, key_bytes_);
  m.iv = rng.bytes(12);
  const Sealed a = seal(mine_.get(), m, 16);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  int l = 0;
  Bytes out(m.msg.size() + 1), tag = a.tag;
  ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), mine_.get(), m.key.data(), m.iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, 16, tag.data()), 1);
  for (const Bytes& x : m.aad)
    ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), nullptr, &l, x.data(), static_cast<int>(x.size())), 1);
  ASSERT_EQ(
      EVP_DecryptUpdate(ctx.get(), out.data(), &l, a.out.data(), static_cast<int>(a.out.size())),
      1);
  ASSERT_EQ(EVP_DecryptFinal_ex(ctx.get(), nullptr, &l), 1);
  // The same message again without setting the tag: refused.
  ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), nullptr, nullptr, m.iv.data(), nullptr), 1);
  for (const Bytes& x : m.aad)
    ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), nullptr, &l, x.data(), static_cast<int>(x.size())), 1);
  ASSERT_EQ(
      EVP_DecryptUpdate(ctx.get(), out.data(), &l, a.out.data(), static_cast<int>(a.out.size())),
      1);
  EXPECT_EQ(EVP_DecryptFinal_ex(ctx.get(), nullptr, &l), 0);
  EXPECT_EQ(drain_errors(), "");  // as the default provider
  // Encrypt, then switch the context to decrypting the same ciphertext
  // without a tag: refused too.
  CipherCtxPtr e(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(e.get(), mine_.get(), m.key.data(), m.iv.data(), nullptr), 1);
  ASSERT_EQ(
      EVP_EncryptUpdate(e.get(), out.data(), &l, m.msg.data(), static_cast<int>(m.msg.size())), 1);
  ASSERT_EQ(EVP_EncryptFinal_ex(e.get(), nullptr, &l), 1);
  Bytes bogus(16, 0x55), got(16);
  EXPECT_LE(EVP_CIPHER_CTX_ctrl(e.get(), EVP_CTRL_AEAD_SET_TAG, 16, bogus.data()), 0);
  drain_errors();
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(e.get(), EVP_CTRL_AEAD_GET_TAG, 16, got.data()), 1);
  Message plain = m;
  plain.aad.clear();
  EXPECT_EQ(got, seal(ref_.get(), plain, 16).tag) << "the computed tag was overwritten";
  ASSERT_EQ(EVP_DecryptInit_ex2(e.get(), nullptr, nullptr, m.iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_DecryptUpdate(e.get(), out.data(), &l, out.data(), static_cast<int>(m.msg.size())),
            1);
  EXPECT_EQ(EVP_DecryptFinal_ex(e.get(), nullptr, &l), 0);
  drain_errors();
}

// IV generation: a request for zero bytes is refused (OpenSSL writes the
// whole IV into a buffer declared empty), and so is the whole-IV form of
// "tlsivfixed" for IVs under 8 bytes (the invocation field is 8 bytes).
TEST_P(GcmOracle, IvGenerationBounds) {
  Rng rng(59);
  const Bytes key = rng.bytes(key_bytes_);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine_.get(), key.data(), nullptr, nullptr), 1);
  Bytes iv = rng.bytes(12), out(16, 0xaa);
  ASSERT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IV_FIXED, -1, iv.data()), 0);
  EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_IV_GEN, 0, out.data()), 0);
  EXPECT_EQ(out, Bytes(16, 0xaa)) << "nothing written";
  drain_errors();
  std::size_t six = 6;
  OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &six),
                    OSSL_PARAM_construct_end()};
  CipherCtxPtr small(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(small.get(), mine_.get(), key.data(), nullptr, p), 1);
  EXPECT_LE(EVP_CIPHER_CTX_ctrl(small.get(), EVP_CTRL_GCM_SET_IV_FIXED, -1, iv.data()), 0);
  drain_errors();
}

INSTANTIATE_TEST_SUITE_P(Aes, GcmOracle, ::testing::ValuesIn(kGcm), [](const auto& info) {
  std::string s = info.param;
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
});

}  // namespace
}  // namespace armaccel::test
