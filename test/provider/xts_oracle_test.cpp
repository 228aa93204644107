// SPDX-License-Identifier: Apache-2.0
// AES-XTS through EVP with armaccel: the default behaviour against OpenSSL's
// default provider (every data-unit length 16..600, then up to 4096, in
// place, equal key halves, the 2^20-block limit, parameters), and the
// opt-in streaming behaviour ("xts_streaming") against one-shot for every
// length 16..600 under 50 random chunkings of 1..64 bytes, for long units
// in chunks of 1 KiB..64 KiB, walking one buffer in place, and its misuse.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "oracle_fixture.h"
#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

const char* const kXts[] = {"AES-128-XTS", "AES-256-XTS"};
constexpr char kStreaming[] = "xts_streaming";

bool emulated() {
  return std::getenv("QEMU_CPU") != nullptr;
}

// One data unit with one update (the OpenSSL behaviour).  rc 0 if any step
// fails.
int one_shot(EVP_CIPHER* c, bool enc, const Bytes& key, const Bytes& iv, const Bytes& in,
             Bytes* out, bool in_place = false) {
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  if (EVP_CipherInit_ex2(ctx.get(), c, key.data(), iv.data(), enc, nullptr) != 1) return 0;
  Bytes buf = in;
  buf.resize(in.size() + 32);
  out->assign(in.size() + 32, 0);
  std::uint8_t* dst = in_place ? buf.data() : out->data();
  int l = 0, f = 0;
  if (EVP_CipherUpdate(ctx.get(), dst, &l, buf.data(), static_cast<int>(in.size())) != 1) return 0;
  if (EVP_CipherFinal_ex(ctx.get(), dst + l, &f) != 1) return 0;
  if (in_place) *out = buf;
  out->resize(static_cast<std::size_t>(l + f));
  return 1;
}

CipherCtxPtr streaming_ctx(EVP_CIPHER* c, bool enc, const Bytes& key, const Bytes& iv) {
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  int on = 1;
  OSSL_PARAM p[] = {OSSL_PARAM_construct_int(kStreaming, &on), OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_CipherInit_ex2(ctx.get(), c, key.data(), iv.data(), enc, p), 1) << drain_errors();
  return ctx;
}

// One data unit fed in `chunks`; out gets exactly what the updates and
// final return, each written where the previous output ended.
int streamed(EVP_CIPHER_CTX* ctx, const Bytes& in, const std::vector<std::size_t>& chunks,
             Bytes* out) {
  out->assign(in.size() + 64, 0xee);
  std::size_t fed = 0, got = 0;
  for (std::size_t n : chunks) {
    int l = 0;
    if (EVP_CipherUpdate(ctx, out->data() + got, &l, in.data() + fed, static_cast<int>(n)) != 1)
      return 0;
    // Holds back 16..31 bytes once 16 have arrived, never more.
    fed += n;
    got += static_cast<std::size_t>(l);
    const std::size_t held = fed - got;
    if (fed >= 16 && (held < 16 || held > 31)) return 0;
  }
  int f = 0;
  if (EVP_CipherFinal_ex(ctx, out->data() + got, &f) != 1) return 0;
  out->resize(got + static_cast<std::size_t>(f));
  return 1;
}

std::vector<std::size_t> chunking(Rng& rng, std::size_t total, std::size_t lo, std::size_t hi) {
  std::vector<std::size_t> parts;
  for (std::size_t left = total; left > 0;) {
    const std::size_t n = std::min(left, lo + rng.below(hi - lo + 1));
    parts.push_back(n);
    left -= n;
  }
  return parts;
}

class XtsOracle : public CipherPairTest {
 protected:
  Bytes random_key(Rng& rng) const {
    Bytes k = rng.bytes(key_bytes_);
    k[0] = static_cast<std::uint8_t>(k[key_bytes_ / 2] ^ 1);  // halves differ
    return k;
  }
};

TEST_P(XtsOracle, ParametersMatchDefaultProvider) {
  expect_same_cipher_shape(mine_.get(), ref_.get());
  // The default provider also lists the generic "tls-mac", which XTS never
  // has; armaccel adds its streaming switch.
  std::set<std::string> ref_get = param_names(EVP_CIPHER_gettable_ctx_params(ref_.get()));
  ref_get.erase(OSSL_CIPHER_PARAM_TLS_MAC);
  ref_get.insert(kStreaming);
  EXPECT_EQ(param_names(EVP_CIPHER_gettable_ctx_params(mine_.get())), ref_get);
  std::set<std::string> ref_set = param_names(EVP_CIPHER_settable_ctx_params(ref_.get()));
  ref_set.insert(kStreaming);
  EXPECT_EQ(param_names(EVP_CIPHER_settable_ctx_params(mine_.get())), ref_set);
}

TEST_P(XtsOracle, OneShotMatchesDefaultForEveryLength) {
  Rng rng(70);
  const std::size_t step_after_600 = emulated() ? 61 : 7;
  for (std::size_t len = 16; len <= 4096; len += len < 600 ? 1 : step_after_600) {
    const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(len);
    SCOPED_TRACE(::testing::Message() << "len " << len);
    Bytes a, b, back;
    ASSERT_EQ(one_shot(mine_.get(), true, key, iv, msg, &a, len % 3 == 0), 1) << drain_errors();
    ASSERT_EQ(one_shot(ref_.get(), true, key, iv, msg, &b), 1);
    ASSERT_EQ(a, b);
    ASSERT_EQ(one_shot(mine_.get(), false, key, iv, a, &back, len % 5 == 0), 1);
    ASSERT_EQ(back, msg);
  }
}

// Each update is its own data unit with the IV as tweak; final adds nothing.
TEST_P(XtsOracle, EachUpdateIsADataUnitLikeDefault) {
  Rng rng(71);
  const Bytes key = random_key(rng), iv = rng.bytes(16);
  Bytes outs[2];
  EVP_CIPHER* ciphers[2] = {mine_.get(), ref_.get()};
  for (int w = 0; w < 2; ++w) {
    Rng msgs(72);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), ciphers[w], key.data(), iv.data(), nullptr), 1);
    for (int unit = 0; unit < 6; ++unit) {
      const Bytes msg = msgs.bytes(16 + msgs.below(100));
      Bytes out(msg.size());
      int l = 0;
      ASSERT_EQ(
          EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), static_cast<int>(msg.size())),
          1);
      EXPECT_EQ(l, static_cast<int>(msg.size()));
      outs[w].insert(outs[w].end(), out.begin(), out.end());
    }
    int f = -1;
    std::uint8_t spare[32];
    ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), spare, &f), 1);
    EXPECT_EQ(f, 0);
  }
  EXPECT_EQ(outs[0], outs[1]);
}

// Equal key halves: encrypt init refused with XTS_DUPLICATED_KEYS (armaccel's
// reason), decrypt allowed and equal to the default provider's.
TEST_P(XtsOracle, EqualKeyHalves) {
  Rng rng(73);
  Bytes key = rng.bytes(key_bytes_ / 2);
  key.insert(key.end(), key.begin(), key.end());
  const Bytes iv = rng.bytes(16), ct = rng.bytes(100);
  for (EVP_CIPHER* c : {mine_.get(), ref_.get()}) {
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    EXPECT_EQ(EVP_EncryptInit_ex2(ctx.get(), c, key.data(), iv.data(), nullptr), 0);
    const std::string errors = drain_errors();
    if (c == mine_.get()) {
      EXPECT_NE(errors.find("xts duplicated keys"), std::string::npos) << errors;
    }
  }
  Bytes a, b;
  ASSERT_EQ(one_shot(mine_.get(), false, key, iv, ct, &a), 1);
  ASSERT_EQ(one_shot(ref_.get(), false, key, iv, ct, &b), 1);
  EXPECT_EQ(a, b);
  // A decrypting context with such a key cannot be turned to encrypting,
  // and a refused key leaves nothing to encrypt with (even after a good
  // key before it).
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), mine_.get(), key.data(), iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, iv.data(), nullptr), 0);
  drain_errors();
  Bytes out(100);
  int l = 0;
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, ct.data(), 100), 0);
  EXPECT_NE(drain_errors().find("cipher operation failed"), std::string::npos);
  CipherCtxPtr fresh(EVP_CIPHER_CTX_new());
  const Bytes good = random_key(rng);
  ASSERT_EQ(EVP_EncryptInit_ex2(fresh.get(), mine_.get(), good.data(), iv.data(), nullptr), 1);
  EXPECT_EQ(EVP_EncryptInit_ex2(fresh.get(), nullptr, key.data(), iv.data(), nullptr), 0);
  drain_errors();
  EXPECT_EQ(EVP_EncryptUpdate(fresh.get(), out.data(), &l, ct.data(), 100), 0);
  drain_errors();
}

// Re-initialising for the other direction without a key uses the kept key.
TEST_P(XtsOracle, DirectionChangeWithoutNewKey) {
  Rng rng(74);
  const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(77);
  Bytes ct;
  ASSERT_EQ(one_shot(ref_.get(), true, key, iv, msg, &ct), 1);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine_.get(), key.data(), iv.data(), nullptr), 1);
  ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), nullptr, nullptr, iv.data(), nullptr), 1);
  Bytes out(msg.size());
  int l = 0;
  ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), out.data(), &l, ct.data(), static_cast<int>(ct.size())),
            1);
  EXPECT_EQ(out, msg);
}

// SP 800-38E: at most 2^20 blocks per data unit.  Exactly 16 MiB passes (and
// equals the default provider), 16 bytes more fail, in both behaviours.
TEST_P(XtsOracle, DataUnitLimit) {
  Rng rng(75);
  const Bytes key = random_key(rng), iv = rng.bytes(16);
  const std::size_t limit = std::size_t{16} << 20;
  Bytes msg(limit + 16);
  rng.fill(msg.data(), 4096);  // the rest stays zero: cheap, still checked
  const Bytes exact(msg.begin(), msg.begin() + static_cast<long>(limit));
  Bytes a, b;
  ASSERT_EQ(one_shot(mine_.get(), true, key, iv, exact, &a), 1) << drain_errors();
  ASSERT_EQ(one_shot(ref_.get(), true, key, iv, exact, &b), 1);
  EXPECT_TRUE(a == b);
  EXPECT_EQ(one_shot(mine_.get(), true, key, iv, msg, &a), 0);
  EXPECT_NE(drain_errors().find("xts data unit is too large"), std::string::npos);
  // Streaming: the update that would pass the limit fails and processes
  // nothing; what came before can still be finished.
  CipherCtxPtr ctx = streaming_ctx(mine_.get(), true, key, iv);
  Bytes out(limit + 64);
  int l = 0, total = 0;
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), static_cast<int>(limit - 16)),
            1);
  total += l;
  EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out.data() + total, &l, msg.data() + limit - 16, 32), 0);
  drain_errors();
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data() + total, &l, msg.data() + limit - 16, 16), 1);
  total += l;
  ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), out.data() + total, &l), 1);
  total += l;
  ASSERT_EQ(total, static_cast<int>(limit));
  out.resize(limit);
  EXPECT_TRUE(out == b);
}

TEST_P(XtsOracle, StreamingEqualsOneShotForEveryLength) {
  Rng rng(76);
  const int chunkings = 50;
  for (std::size_t len = 16; len <= 600; ++len) {
    const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(len);
    Bytes whole;
    ASSERT_EQ(one_shot(ref_.get(), true, key, iv, msg, &whole), 1);
    for (bool enc : {true, false}) {
      const Bytes& in = enc ? msg : whole;
      const Bytes& expect = enc ? whole : msg;
      // One context for all chunkings: final starts the next data unit.
      CipherCtxPtr ctx = streaming_ctx(mine_.get(), enc, key, iv);
      for (int t = 0; t < chunkings; ++t) {
        Bytes out;
        const auto chunks = chunking(rng, len, 1, 64);
        ASSERT_EQ(streamed(ctx.get(), in, chunks, &out), 1)
            << "len " << len << " chunking " << t << " " << drain_errors();
        ASSERT_EQ(out, expect) << "len " << len << (enc ? " enc" : " dec") << " chunking " << t;
      }
    }
  }
}

TEST_P(XtsOracle, StreamingLongUnitsInLargeChunks) {
  Rng rng(77);
  const int units = emulated() ? 3 : 12;
  for (int u = 0; u < units; ++u) {
    const std::size_t len = (64 << 10) + rng.below(1 << 20);
    const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(len);
    Bytes whole, out;
    ASSERT_EQ(one_shot(ref_.get(), true, key, iv, msg, &whole), 1);
    CipherCtxPtr enc = streaming_ctx(mine_.get(), true, key, iv);
    ASSERT_EQ(streamed(enc.get(), msg, chunking(rng, len, 1024, 64 << 10), &out), 1);
    ASSERT_TRUE(out == whole) << "len " << len;
    CipherCtxPtr dec = streaming_ctx(mine_.get(), false, key, iv);
    ASSERT_EQ(streamed(dec.get(), whole, chunking(rng, len, 1024, 64 << 10), &out), 1);
    ASSERT_TRUE(out == msg) << "len " << len;
  }
}

// One buffer walked in place: output written where the previous output
// ended, input read where the previous input ended.
TEST_P(XtsOracle, StreamingInPlaceWalk) {
  Rng rng(78);
  for (int t = 0; t < 200; ++t) {
    const std::size_t len = 16 + rng.below(700);
    const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(len);
    Bytes whole;
    ASSERT_EQ(one_shot(ref_.get(), true, key, iv, msg, &whole), 1);
    CipherCtxPtr ctx = streaming_ctx(mine_.get(), true, key, iv);
    Bytes buf = msg;
    buf.resize(len + 32);
    std::size_t fed = 0, got = 0;
    for (std::size_t n : chunking(rng, len, 1, 90)) {
      int l = 0;
      ASSERT_EQ(
          EVP_EncryptUpdate(ctx.get(), buf.data() + got, &l, buf.data() + fed, static_cast<int>(n)),
          1)
          << drain_errors();
      fed += n;
      got += static_cast<std::size_t>(l);
    }
    int f = 0;
    ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), buf.data() + got, &f), 1);
    buf.resize(got + static_cast<std::size_t>(f));
    ASSERT_EQ(buf, whole) << "len " << len;
  }
}

// A streaming context copied mid-unit: both copies finish it identically.
TEST_P(XtsOracle, StreamingCopyMidUnit) {
  Rng rng(79);
  const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(333);
  Bytes whole;
  ASSERT_EQ(one_shot(ref_.get(), true, key, iv, msg, &whole), 1);
  CipherCtxPtr a = streaming_ctx(mine_.get(), true, key, iv);
  Bytes head(200);
  int l = 0;
  ASSERT_EQ(EVP_EncryptUpdate(a.get(), head.data(), &l, msg.data(), 150), 1);
  head.resize(static_cast<std::size_t>(l));
  CipherCtxPtr b(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_CIPHER_CTX_copy(b.get(), a.get()), 1);
  for (EVP_CIPHER_CTX* x : {a.get(), b.get()}) {
    Bytes tail(300);
    int n = 0, f = 0;
    ASSERT_EQ(EVP_EncryptUpdate(x, tail.data(), &n, msg.data() + 150, 183), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(x, tail.data() + n, &f), 1);
    tail.resize(static_cast<std::size_t>(n + f));
    Bytes all = head;
    all.insert(all.end(), tail.begin(), tail.end());
    EXPECT_EQ(all, whole);
  }
}

TEST_P(XtsOracle, StreamingMisuse) {
  Rng rng(80);
  const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(100);
  Bytes out(200);
  int l = 0;
  {  // final with fewer than 16 bytes in the unit
    CipherCtxPtr ctx = streaming_ctx(mine_.get(), true, key, iv);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), 15), 1);
    EXPECT_EQ(l, 0);
    EXPECT_EQ(EVP_EncryptFinal_ex(ctx.get(), out.data(), &l), 0);
    EXPECT_NE(drain_errors().find("xts data unit is too short"), std::string::npos);
    // The context starts a fresh unit afterwards.
    Bytes got, whole;
    ASSERT_EQ(streamed(ctx.get(), msg, {60, 40}, &got), 1);
    ASSERT_EQ(one_shot(ref_.get(), true, key, iv, msg, &whole), 1);
    EXPECT_EQ(got, whole);
  }
  {  // empty updates open no unit: final is then a no-op, as without
     // streaming (found by the differential fuzzer), and the switch may
     // still be turned
    CipherCtxPtr ctx = streaming_ctx(mine_.get(), true, key, iv);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), 0), 1);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, nullptr, 0), 1);
    EXPECT_EQ(EVP_EncryptFinal_ex(ctx.get(), out.data(), &l), 1) << drain_errors();
    EXPECT_EQ(l, 0);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), 0), 1);
    int off = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_int(kStreaming, &off), OSSL_PARAM_construct_end()};
    EXPECT_EQ(EVP_CIPHER_CTX_set_params(ctx.get(), p), 1) << drain_errors();
  }
  {  // switching the behaviour inside a data unit
    CipherCtxPtr ctx = streaming_ctx(mine_.get(), true, key, iv);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, msg.data(), 40), 1);
    int off = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_int(kStreaming, &off), OSSL_PARAM_construct_end()};
    EXPECT_EQ(EVP_CIPHER_CTX_set_params(ctx.get(), p), 0);
    EXPECT_NE(drain_errors().find("xts data unit in progress"), std::string::npos);
    int on = -1;
    OSSL_PARAM g[] = {OSSL_PARAM_construct_int(kStreaming, &on), OSSL_PARAM_construct_end()};
    ASSERT_EQ(EVP_CIPHER_CTX_get_params(ctx.get(), g), 1);
    EXPECT_EQ(on, 1);
  }
  {  // the first block's provisional output may not land on unread input
    CipherCtxPtr ctx = streaming_ctx(mine_.get(), true, key, iv);
    Bytes buf = msg;
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data() + 4, &l, buf.data(), 20), 0);
    EXPECT_NE(drain_errors().find("partially overlapping"), std::string::npos);
  }
  {  // output ahead of unread input in the same buffer
    CipherCtxPtr ctx = streaming_ctx(mine_.get(), true, key, iv);
    Bytes buf = msg;
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, buf.data(), 20), 1);
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data() + 20, &l, buf.data() + 20, 60), 0);
    EXPECT_NE(drain_errors().find("partially overlapping"), std::string::npos);
  }
  {  // bad values for the switch
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    int two = 2;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_int(kStreaming, &two), OSSL_PARAM_construct_end()};
    EXPECT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine_.get(), key.data(), iv.data(), p), 0);
    drain_errors();
  }
}

TEST_P(XtsOracle, OneShotMisuse) {
  Rng rng(81);
  const Bytes key = random_key(rng), iv = rng.bytes(16), msg = rng.bytes(64);
  Bytes out;
  for (EVP_CIPHER* c : {mine_.get(), ref_.get()}) {
    SCOPED_TRACE(c == mine_.get() ? "armaccel" : "default");
    for (std::size_t n : {0u, 1u, 15u})
      EXPECT_EQ(one_shot(c, true, key, iv, Bytes(msg.begin(), msg.begin() + n), &out), 0) << n;
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    EXPECT_EQ(EVP_EncryptInit_ex2(ctx.get(), c, key.data(), nullptr, nullptr), 1);
    Bytes buf(64);
    int l = 0;
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf.data(), &l, msg.data(), 64), 0) << "no IV";
    drain_errors();
  }
  EXPECT_EQ(one_shot(mine_.get(), true, key, iv, Bytes(msg.begin(), msg.begin() + 15), &out), 0);
  // (one_shot's update: the default provider's "cipher operation failed")
  EXPECT_NE(drain_errors().find("cipher operation failed"), std::string::npos);
  // Wrong key and IV lengths.
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), mine_.get(), nullptr, nullptr, nullptr), 1);
  EXPECT_LE(EVP_CIPHER_CTX_set_key_length(ctx.get(), static_cast<int>(key_bytes_ / 2)), 0);
  drain_errors();
}

// SM4-XTS has no oracle in OpenSSL 3.0.  For both tweak standards and every
// unit length 16..100: decryption restores the plaintext (with ciphertext
// stealing, which runs the tweak division), streaming in random chunks
// equals one update, and the two standards differ from the second block on.
Bytes sm4_xts(const Bytes& key, const Bytes& iv, const Bytes& in, bool enc, const char* standard,
              const std::vector<std::size_t>& chunks) {
  CipherPtr c = armaccel_cipher("SM4-XTS");
  EXPECT_NE(c, nullptr);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  int streaming = chunks.size() > 1 ? 1 : 0;
  std::string std_name = standard;
  const OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("xts_standard", std_name.data(), 0),
                          OSSL_PARAM_construct_int("xts_streaming", &streaming),
                          OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_CipherInit_ex2(ctx.get(), c.get(), key.data(), iv.data(), enc ? 1 : 0, p), 1)
      << drain_errors();
  Bytes out(in.size() + 32);
  std::size_t at = 0, done = 0;
  for (std::size_t n : chunks) {
    int l = 0;
    EXPECT_EQ(
        EVP_CipherUpdate(ctx.get(), out.data() + done, &l, in.data() + at, static_cast<int>(n)), 1);
    at += n;
    done += static_cast<std::size_t>(l);
  }
  int l = 0;
  EXPECT_EQ(EVP_CipherFinal_ex(ctx.get(), out.data() + done, &l), 1);
  out.resize(done + static_cast<std::size_t>(l));
  return out;
}

TEST(Sm4Xts, BothStandardsRoundTripStreamAndDiffer) {
  Rng rng(90);
  for (std::size_t len = 16; len <= 100; ++len) {
    const Bytes key = rng.bytes(32), iv = rng.bytes(16), pt = rng.bytes(len);
    Bytes ct[2];
    const char* standards[2] = {"GB", "IEEE"};
    for (int s = 0; s < 2; ++s) {
      ct[s] = sm4_xts(key, iv, pt, true, standards[s], {len});
      EXPECT_EQ(ct[s].size(), len);
      EXPECT_EQ(sm4_xts(key, iv, ct[s], false, standards[s], {len}), pt) << standards[s] << len;
      std::vector<std::size_t> chunks = random_splits(rng, len);
      if (chunks.size() < 2) chunks.push_back(0);
      EXPECT_EQ(sm4_xts(key, iv, pt, true, standards[s], chunks), ct[s]) << standards[s] << len;
      EXPECT_EQ(sm4_xts(key, iv, ct[s], false, standards[s], chunks), pt) << standards[s] << len;
    }
    // The first block's tweak is E_K2(iv) under both rules (unless stealing
    // rewrites that block: units of 17..31 bytes).
    if (len == 16 || len >= 32) {
      EXPECT_TRUE(std::equal(ct[0].begin(), ct[0].begin() + 16, ct[1].begin())) << len;
    }
    if (len > 16) {
      EXPECT_NE(ct[0], ct[1]) << len;
    }
  }
  // Misuse: equal key halves accepted (OpenSSL's SM4-XTS does not check
  // them), a unit under 16 bytes refused, a wrong key length refused.
  {
    CipherPtr c = armaccel_cipher("SM4-XTS");
    Bytes same = rng.bytes(16);
    same.insert(same.end(), same.begin(), same.end());
    const Bytes iv = rng.bytes(16), msg = rng.bytes(40);
    CipherCtxPtr e(EVP_CIPHER_CTX_new());
    EXPECT_EQ(EVP_EncryptInit_ex2(e.get(), c.get(), same.data(), iv.data(), nullptr), 1);
    CipherCtxPtr d(EVP_CIPHER_CTX_new());
    EXPECT_EQ(EVP_DecryptInit_ex2(d.get(), c.get(), same.data(), iv.data(), nullptr), 1);
    const Bytes key = rng.bytes(32);
    CipherCtxPtr s15(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(s15.get(), c.get(), key.data(), iv.data(), nullptr), 1);
    Bytes out(64);
    int l = 0;
    EXPECT_EQ(EVP_EncryptUpdate(s15.get(), out.data(), &l, msg.data(), 15), 0);
    drain_errors();
    CipherCtxPtr kl(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(kl.get(), c.get(), nullptr, nullptr, nullptr), 1);
    EXPECT_EQ(EVP_CIPHER_CTX_set_key_length(kl.get(), 16), 0);
    EXPECT_NE(drain_errors().find("invalid key length"), std::string::npos);
  }
  // Unknown standard names are refused.
  CipherPtr c = armaccel_cipher("SM4-XTS");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  char bad[] = "ISO";
  const OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("xts_standard", bad, 0),
                          OSSL_PARAM_construct_end()};
  const Bytes key = rng.bytes(32), iv = rng.bytes(16);
  EXPECT_EQ(EVP_CipherInit_ex2(ctx.get(), c.get(), key.data(), iv.data(), 1, p), 0);
  EXPECT_NE(drain_errors().find("failed to set parameter"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Aes, XtsOracle, ::testing::ValuesIn(kXts), [](const auto& info) {
  std::string s = info.param;
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
});

}  // namespace
}  // namespace armaccel::test
