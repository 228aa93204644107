// SPDX-License-Identifier: Apache-2.0
// AES-CCM through EVP with armaccel against OpenSSL's default provider:
// parameters, random keys, nonce lengths 7..13, tag lengths 4..16, AAD and
// messages (in place or not), forged messages (update fails, no plaintext
// released), context copies after the AAD, TLS 1.2 records (CCM and CCM_8)
// both ways, and misuse the default provider also refuses.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <algorithm>
#include <set>
#include <string>

#include "oracle_fixture.h"
#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

const char* const kCcm[] = {"AES-128-CCM", "AES-192-CCM", "AES-256-CCM"};

struct Message {
  Bytes key, nonce, aad, msg;
  std::size_t taglen = 16;
};

struct Result {
  int rc = 0;
  Bytes out, tag;
  bool operator==(const Result&) const = default;
};

// The order OpenSSL documents for CCM: nonce length and tag length, then
// key and nonce, the payload length, the AAD, the payload, the tag.
CipherCtxPtr start(EVP_CIPHER* c, const Message& m, bool enc, const Bytes* tag) {
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  bool ok = EVP_CipherInit_ex(ctx.get(), c, nullptr, nullptr, nullptr, enc) == 1;
  ok = ok && EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN,
                                 static_cast<int>(m.nonce.size()), nullptr) > 0;
  Bytes t = tag != nullptr ? *tag : Bytes{};
  ok = ok && EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(m.taglen),
                                 tag != nullptr ? t.data() : nullptr) > 0;
  ok = ok && EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, m.key.data(), m.nonce.data(), -1) == 1;
  return ok ? std::move(ctx) : nullptr;
}

Result seal(EVP_CIPHER* c, const Message& m, bool in_place = false) {
  Result r;
  CipherCtxPtr ctx = start(c, m, true, nullptr);
  if (ctx == nullptr) return r;
  int l = 0;
  bool ok = EVP_EncryptUpdate(ctx.get(), nullptr, &l, nullptr, static_cast<int>(m.msg.size())) == 1;
  if (!m.aad.empty())
    ok = ok && EVP_EncryptUpdate(ctx.get(), nullptr, &l, m.aad.data(),
                                 static_cast<int>(m.aad.size())) == 1;
  Bytes buf = m.msg;
  buf.push_back(0);  // never a NULL data pointer
  r.out.assign(m.msg.size() + 1, 0);
  ok = ok && EVP_EncryptUpdate(ctx.get(), in_place ? buf.data() : r.out.data(), &l, buf.data(),
                               static_cast<int>(m.msg.size())) == 1;
  if (in_place) r.out = buf;
  r.out.resize(m.msg.size());
  ok = ok && EVP_EncryptFinal_ex(ctx.get(), buf.data(), &l) == 1 && l == 0;
  r.tag.assign(m.taglen, 0);
  ok = ok && EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(m.taglen),
                                 r.tag.data()) > 0;
  r.rc = ok ? 1 : 0;
  drain_errors();
  return r;
}

// rc is the payload update's result (CCM checks the tag there).
Result open_msg(EVP_CIPHER* c, const Message& m, const Bytes& ct, const Bytes& tag) {
  Result r;
  CipherCtxPtr ctx = start(c, m, false, &tag);
  if (ctx == nullptr) return r;
  int l = 0;
  EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), nullptr, &l, nullptr, static_cast<int>(ct.size())), 1);
  if (!m.aad.empty()) {
    EXPECT_EQ(
        EVP_DecryptUpdate(ctx.get(), nullptr, &l, m.aad.data(), static_cast<int>(m.aad.size())), 1);
  }
  Bytes in = ct;
  in.push_back(0);
  r.out.assign(ct.size() + 1, 0xee);
  r.rc = EVP_DecryptUpdate(ctx.get(), r.out.data(), &l, in.data(), static_cast<int>(ct.size()));
  r.out.resize(ct.size());
  drain_errors();
  return r;
}

Message random_message(Rng& rng, std::size_t key_bytes) {
  Message m;
  m.key = rng.bytes(key_bytes);
  m.nonce = rng.bytes(7 + rng.below(7));
  m.taglen = 4 + 2 * rng.below(7);
  m.aad = rng.bytes(rng.below(4) == 0 ? 0 : rng.below(300));
  m.msg = rng.bytes(rng.below(600));
  return m;
}

class CcmOracle : public CipherPairTest {};

TEST_P(CcmOracle, ParametersMatchDefaultProvider) {
  expect_same_cipher_shape(mine_.get(), ref_.get());
  // The default provider lists GCM's IV-generation parameters for CCM too
  // but ignores them (3.5's CCM leaves "iv-generated" unanswered); armaccel
  // lists what CCM uses.
  std::set<std::string> ref_set = param_names(EVP_CIPHER_settable_ctx_params(ref_.get()));
  ref_set.erase(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV);
  EXPECT_EQ(param_names(EVP_CIPHER_settable_ctx_params(mine_.get())), ref_set);
  std::set<std::string> ref_get = param_names(EVP_CIPHER_gettable_ctx_params(ref_.get()));
  ref_get.erase(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN);
  ref_get.erase("iv-generated");  // listed by OpenSSL 3.2+, never answered for CCM
  EXPECT_EQ(param_names(EVP_CIPHER_gettable_ctx_params(mine_.get())), ref_get);
  // A fresh context: 7-byte nonce (L = 8), 12-byte tag.
  CipherCtxPtr a(EVP_CIPHER_CTX_new()), b(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(a.get(), mine_.get(), nullptr, nullptr, nullptr), 1);
  ASSERT_EQ(EVP_EncryptInit_ex2(b.get(), ref_.get(), nullptr, nullptr, nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_get_iv_length(a.get()), EVP_CIPHER_CTX_get_iv_length(b.get()));
  EXPECT_EQ(EVP_CIPHER_CTX_get_tag_length(a.get()), EVP_CIPHER_CTX_get_tag_length(b.get()));
}

TEST_P(CcmOracle, RandomMessagesNonceAndTagLengths) {
  Rng rng(60);
  for (int trial = 0; trial < 120; ++trial) {
    const Message m = random_message(rng, key_bytes_);
    SCOPED_TRACE(::testing::Message()
                 << "trial " << trial << " nonce " << m.nonce.size() << " tag " << m.taglen
                 << " aad " << m.aad.size() << " msg " << m.msg.size() << " seed " << test_seed());
    const Result a = seal(mine_.get(), m, rng.below(3) == 0);
    const Result b = seal(ref_.get(), m);
    ASSERT_EQ(a.rc, 1);
    ASSERT_EQ(a, b);
    const Result d = open_msg(mine_.get(), m, a.out, a.tag);
    EXPECT_EQ(d.rc, 1);
    EXPECT_EQ(d.out, m.msg);
    // A changed bit of ciphertext, AAD or tag fails the update, and the
    // output holds no plaintext.
    Bytes bad_ct = a.out, bad_tag = a.tag;
    Message bad_m = m;
    const int what = static_cast<int>(rng.below(3));
    if (what == 0 && !bad_ct.empty()) {
      bad_ct[rng.below(bad_ct.size())] ^= static_cast<std::uint8_t>(1u << rng.below(8));
    } else if (what == 1 && !bad_m.aad.empty()) {
      bad_m.aad[rng.below(bad_m.aad.size())] ^= 0x10;
    } else {
      bad_tag[rng.below(bad_tag.size())] ^= 1;
    }
    const Result forged = open_msg(mine_.get(), bad_m, bad_ct, bad_tag);
    EXPECT_EQ(forged.rc, 0);
    EXPECT_EQ(open_msg(ref_.get(), bad_m, bad_ct, bad_tag).rc, 0);
    EXPECT_EQ(forged.out, Bytes(m.msg.size(), 0)) << "a forged message must not release plaintext";
  }
}

// Associated data over 0xff00 bytes takes the six-byte length encoding.
TEST_P(CcmOracle, LongAssociatedData) {
  Rng rng(61);
  Message m = random_message(rng, key_bytes_);
  m.aad = rng.bytes(0xff00 + rng.below(300));
  const Result a = seal(mine_.get(), m);
  ASSERT_EQ(a.rc, 1);
  EXPECT_EQ(a, seal(ref_.get(), m));
}

// Copies after the AAD: both finish the message with the same result.
TEST_P(CcmOracle, CopyAfterAssociatedData) {
  Rng rng(62);
  for (int trial = 0; trial < 10; ++trial) {
    const Message m = random_message(rng, key_bytes_);
    const Result expect = seal(ref_.get(), m);
    CipherCtxPtr a = start(mine_.get(), m, true, nullptr);
    ASSERT_NE(a, nullptr);
    int l = 0;
    ASSERT_EQ(EVP_EncryptUpdate(a.get(), nullptr, &l, nullptr, static_cast<int>(m.msg.size())), 1);
    Bytes aad = m.aad;
    aad.push_back(0);
    ASSERT_EQ(EVP_EncryptUpdate(a.get(), nullptr, &l, aad.data(), static_cast<int>(m.aad.size())),
              1);
    CipherCtxPtr b(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CIPHER_CTX_copy(b.get(), a.get()), 1);
    for (EVP_CIPHER_CTX* x : {a.get(), b.get()}) {
      Bytes in = m.msg, out(m.msg.size() + 1), tag(m.taglen);
      in.push_back(0);
      ASSERT_EQ(EVP_EncryptUpdate(x, out.data(), &l, in.data(), static_cast<int>(m.msg.size())), 1);
      out.resize(m.msg.size());
      ASSERT_EQ(EVP_EncryptFinal_ex(x, out.data(), &l), 1);
      ASSERT_GT(
          EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, static_cast<int>(m.taglen), tag.data()), 0);
      EXPECT_EQ(out, expect.out);
      EXPECT_EQ(tag, expect.tag);
    }
  }
}

// Misuse both providers refuse: payload longer or shorter than announced,
// the decrypt tag missing, a second payload, a nonce too long for the length
// field, odd or out-of-range tag and nonce lengths.
TEST_P(CcmOracle, MisuseRefusedLikeDefault) {
  Rng rng(63);
  Message m = random_message(rng, key_bytes_);
  m.msg = rng.bytes(40);
  for (EVP_CIPHER* c : {mine_.get(), ref_.get()}) {
    SCOPED_TRACE(c == mine_.get() ? "armaccel" : "default");
    Bytes out(64), in = m.msg;
    int l = 0;
    {  // announced 41, given 40
      CipherCtxPtr ctx = start(c, m, true, nullptr);
      ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, nullptr, 41), 1);
      EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, in.data(), 40), 0);
    }
    {  // a second payload update
      CipherCtxPtr ctx = start(c, m, true, nullptr);
      ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, in.data(), 20), 1);
      EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, in.data(), 20), 0);
    }
    {  // decrypt without a tag
      CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
      ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), c, m.key.data(), nullptr, nullptr), 1);
      ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), nullptr, nullptr, m.nonce.data(), nullptr), 1);
      EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), out.data(), &l, in.data(), 40), 0);
    }
    {  // 13-byte nonce leaves L = 2: a 65536-byte payload does not fit.
      // armaccel refuses the length at once; the default provider takes it
      // and fails the payload update.
      Message n = m;
      n.nonce = rng.bytes(13);
      CipherCtxPtr ctx = start(c, n, true, nullptr);
      ASSERT_NE(ctx, nullptr);
      const int rc = EVP_EncryptUpdate(ctx.get(), nullptr, &l, nullptr, 65536);
      if (c == mine_.get()) {
        EXPECT_EQ(rc, 0);
      }
      Bytes big(65536);
      EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), big.data(), &l, big.data(), 65536), 0);
      CipherCtxPtr fits = start(c, n, true, nullptr);
      EXPECT_EQ(EVP_EncryptUpdate(fits.get(), big.data(), &l, big.data(), 65535), 1);
    }
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c, nullptr, nullptr, nullptr), 1);
    for (int bad : {2, 3, 5, 15, 18})
      EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, bad, nullptr), 0) << bad;
    for (int bad : {6, 14, 16})
      EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, bad, nullptr), 0) << bad;
    Bytes tag(16);
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, 16, tag.data()), 0)
        << "a tag value when encrypting";
    drain_errors();
  }
}

// TLS 1.2 records as libssl drives CCM: 12-byte nonce, 4 fixed bytes, the
// tag length (16, or 8 for the CCM_8 suites), "tlsaad" then one in-place
// EVP_CipherUpdate per record.
TEST_P(CcmOracle, TlsRecordsInterworkWithDefault) {
  Rng rng(64);
  for (int taglen : {16, 8}) {
    const Bytes key = rng.bytes(key_bytes_), fixed = rng.bytes(4);
    auto make_ctx = [&](EVP_CIPHER* c, bool enc) {
      CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
      Bytes f = fixed;
      EXPECT_EQ(EVP_CipherInit_ex(ctx.get(), c, nullptr, nullptr, nullptr, enc), 1);
      EXPECT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr), 0);
      EXPECT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, taglen, nullptr), 0);
      EXPECT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_CCM_SET_IV_FIXED, 4, f.data()), 0);
      EXPECT_EQ(EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, key.data(), nullptr, -1), 1);
      return ctx;
    };
    for (int sender = 0; sender < 2; ++sender) {
      EVP_CIPHER* enc_c = sender == 0 ? mine_.get() : ref_.get();
      EVP_CIPHER* dec_c = sender == 0 ? ref_.get() : mine_.get();
      CipherCtxPtr enc = make_ctx(enc_c, true), dec = make_ctx(dec_c, false);
      for (int rec = 0; rec < 20; ++rec) {
        SCOPED_TRACE(::testing::Message()
                     << "tag " << taglen << " sender " << sender << " record " << rec);
        const Bytes payload = rng.bytes(rng.below(2000));
        Bytes aad = rng.bytes(13);
        const std::size_t record_len = 8 + payload.size() + static_cast<std::size_t>(taglen);
        auto with_length = [&](std::size_t n) {
          Bytes x = aad;
          x[11] = static_cast<std::uint8_t>(n >> 8);
          x[12] = static_cast<std::uint8_t>(n);
          return x;
        };
        Bytes record(record_len);
        std::copy(payload.begin(), payload.end(), record.begin() + 8);
        Bytes a = with_length(8 + payload.size());
        ASSERT_EQ(EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, a.data()), taglen);
        int outl = 0;
        ASSERT_EQ(EVP_CipherUpdate(enc.get(), record.data(), &outl, record.data(),
                                   static_cast<int>(record_len)),
                  1)
            << drain_errors();
        EXPECT_EQ(outl, static_cast<int>(record_len));
        // The explicit nonce is the record's sequence number (AAD bytes 0..7).
        EXPECT_EQ(Bytes(record.begin(), record.begin() + 8), Bytes(aad.begin(), aad.begin() + 8));
        Bytes d = with_length(record_len);
        ASSERT_EQ(EVP_CIPHER_CTX_ctrl(dec.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, d.data()), taglen);
        Bytes copy = record;
        ASSERT_EQ(EVP_CipherUpdate(dec.get(), copy.data(), &outl, copy.data(),
                                   static_cast<int>(record_len)),
                  1);
        EXPECT_EQ(outl, static_cast<int>(payload.size()));
        EXPECT_EQ(Bytes(copy.begin() + 8, copy.begin() + 8 + static_cast<long>(payload.size())),
                  payload);
        Bytes bad = record;
        bad[8 + rng.below(payload.size() + static_cast<std::size_t>(taglen))] ^= 4;
        Bytes d2 = with_length(record_len);
        ASSERT_EQ(EVP_CIPHER_CTX_ctrl(dec.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, d2.data()), taglen);
        EXPECT_EQ(EVP_CipherUpdate(dec.get(), bad.data(), &outl, bad.data(),
                                   static_cast<int>(record_len)),
                  0);
        EXPECT_EQ(Bytes(bad.begin() + 8, bad.end() - taglen), Bytes(payload.size(), 0))
            << "a forged record must not release plaintext";
        drain_errors();
      }
    }
  }
}

// Length changes at the wrong moment: a new nonce length voids the nonce
// already given (a fresh one is needed; armaccel never pads or truncates
// it), a tag length change after the payload length is refused, and empty
// AAD updates are accepted at any point, as by the default provider.
TEST_P(CcmOracle, LengthChangesAndEmptyAad) {
  Rng rng(65);
  const Bytes key = rng.bytes(key_bytes_), nonce = rng.bytes(12), pt = rng.bytes(24);
  Bytes out(64), tag(16);
  int l = 0;
  {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine_.get(), key.data(), nonce.data(), nullptr), 1);
    ASSERT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, 12, nullptr), 0);
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, pt.data(), 24), 0);
    EXPECT_NE(drain_errors().find("cipher operation failed"), std::string::npos);
    // Given again at the new length, it is the standard CCM of that nonce.
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, nonce.data(), nullptr), 1);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, pt.data(), 24), 1);
    ASSERT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 12, tag.data()), 0);
    Message m;
    m.key = key;
    m.nonce = nonce;
    m.msg = pt;
    m.taglen = 12;
    const Result ref = seal(ref_.get(), m);
    EXPECT_EQ(Bytes(out.begin(), out.begin() + 24), ref.out);
    EXPECT_EQ(Bytes(tag.begin(), tag.begin() + 12), ref.tag);
  }
  {
    Message m;
    m.key = key;
    m.nonce = rng.bytes(7);
    m.taglen = 12;
    m.msg = pt;
    CipherCtxPtr ctx = start(mine_.get(), m, true, nullptr);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, nullptr, 24), 1);
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, 16, nullptr), 0)
        << "B0 already carries the tag length";
    EXPECT_NE(drain_errors().find("invalid tag length"), std::string::npos);
    // Empty AAD before and after the real AAD changes nothing.
    Bytes aad = rng.bytes(9);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data(), 0), 1);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data(), 9), 1);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, aad.data(), 0), 1);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, pt.data(), 24), 1);
    ASSERT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 12, tag.data()), 0);
    m.aad = aad;
    const Result ref = seal(ref_.get(), m);
    EXPECT_EQ(Bytes(out.begin(), out.begin() + 24), ref.out);
    EXPECT_EQ(Bytes(tag.begin(), tag.begin() + 12), ref.tag);
  }
}

// Decrypt final succeeds only after a payload whose tag matched: code that
// checks final alone (as for GCM) never accepts a forged message.
TEST_P(CcmOracle, DecryptFinalReflectsTheTagCheck) {
  Rng rng(66);
  Message m = random_message(rng, key_bytes_);
  m.msg = rng.bytes(40);
  const Result a = seal(mine_.get(), m);
  for (int forge = 0; forge < 3; ++forge) {
    Bytes tag = a.tag;
    if (forge == 1) tag[0] ^= 1;
    CipherCtxPtr ctx = start(mine_.get(), m, false, &tag);
    int l = 0;
    Bytes out(41), in = a.out;
    in.push_back(0);
    if (forge != 2) {  // 2: no payload update at all
      ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), nullptr, &l, nullptr, 40), 1);
      if (!m.aad.empty()) {
        ASSERT_EQ(
            EVP_DecryptUpdate(ctx.get(), nullptr, &l, m.aad.data(), static_cast<int>(m.aad.size())),
            1);
      }
      EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), out.data(), &l, in.data(), 40), forge == 0 ? 1 : 0);
    }
    EXPECT_EQ(EVP_DecryptFinal_ex(ctx.get(), out.data() + 40, &l), forge == 0 ? 1 : 0) << forge;
    drain_errors();
  }
}

// An empty payload that never comes in an update (its length announced with
// a NULL input before the AAD, or no update at all): final makes the
// SP 800-38C tag, and decrypting checks it there, as the default provider
// does.  A non-zero length announced but never given fails at final.
TEST_P(CcmOracle, EmptyPayloadFinishedAtFinal) {
  Rng rng(67);
  for (const bool with_aad : {true, false}) {
    SCOPED_TRACE(with_aad ? "13 bytes of AAD" : "no AAD, no update");
    Message m;
    m.key = rng.bytes(key_bytes_);
    m.nonce = rng.bytes(12);
    m.taglen = 12;
    if (with_aad) m.aad = rng.bytes(13);
    Bytes tags[2];
    int finals[2] = {};
    EVP_CIPHER* ciphers[2] = {mine_.get(), ref_.get()};
    for (int i = 0; i < 2; ++i) {
      CipherCtxPtr ctx = start(ciphers[i], m, true, nullptr);
      ASSERT_NE(ctx, nullptr);
      int l = 0;
      if (with_aad) {
        ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, nullptr, 0), 1);
        ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, m.aad.data(), 13), 1);
      }
      Bytes out(16);
      finals[i] = EVP_EncryptFinal_ex(ctx.get(), out.data(), &l);
      tags[i].assign(12, 0);
      EXPECT_GT(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 12, tags[i].data()), 0)
          << drain_errors();
    }
    EXPECT_EQ(finals[0], 1);
    EXPECT_EQ(finals[1], 1);
    EXPECT_EQ(to_hex(tags[0]), to_hex(tags[1]));
    // The same tag from an empty payload update with a valid pointer.
    EXPECT_EQ(to_hex(seal(mine_.get(), m).tag), to_hex(tags[1]));
    for (const bool forged : {false, true}) {
      Bytes tag = tags[1];
      if (forged) tag[3] ^= 0x10;
      CipherCtxPtr ctx = start(mine_.get(), m, false, &tag);
      int l = 0;
      if (with_aad) {
        ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), nullptr, &l, nullptr, 0), 1);
        ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), nullptr, &l, m.aad.data(), 13), 1);
      }
      Bytes out(16);
      EXPECT_EQ(EVP_DecryptFinal_ex(ctx.get(), out.data(), &l), forged ? 0 : 1) << drain_errors();
      drain_errors();
    }
  }
  Message m;
  m.key = rng.bytes(key_bytes_);
  m.nonce = rng.bytes(12);
  CipherCtxPtr ctx = start(mine_.get(), m, true, nullptr);
  int l = 0;
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), nullptr, &l, nullptr, 24), 1);
  Bytes out(16);
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx.get(), out.data(), &l), 0);
  EXPECT_EQ(drain_errors(), "");  // a final fails without an error, as the default
}

INSTANTIATE_TEST_SUITE_P(Aes, CcmOracle, ::testing::ValuesIn(kCcm), [](const auto& info) {
  std::string s = info.param;
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
});

}  // namespace
}  // namespace armaccel::test
