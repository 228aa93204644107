// SPDX-License-Identifier: Apache-2.0
// Bad input and misuse: each is answered by a failure with a reason on
// OpenSSL's error queue, and nothing is written past the output buffer
// (outputs end at a guard page).  Some cases call the provider's dispatch
// functions directly, as EVP itself would never pass such arguments.
#include <gtest/gtest.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>

#include <climits>
#include <cstring>
#include <string>

#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

// The error at the top of the queue has this reason string and comes from
// `lib`: OpenSSL's provider library where the default provider raises the
// same (error_parity_*_test compare the two), armaccel's own where it is
// stricter than the default provider (docs/behaviour.md).  Drains the queue.
constexpr char kProv[] = "Provider routines";
constexpr char kOwn[] = "armaccel";
void expect_error(const char* reason, const char* lib = kProv) {
  const unsigned long e = ERR_peek_last_error();
  ASSERT_NE(e, 0u) << "no error on the queue; expected '" << reason << "'";
  const char* r = ERR_reason_error_string(e);
  EXPECT_NE(r, nullptr);
  if (r != nullptr) {
    EXPECT_NE(std::string(r).find(reason), std::string::npos) << r;
  }
  if (lib != nullptr) {
    EXPECT_STREQ(ERR_lib_error_string(e), lib);
  }
  drain_errors();
}

// The failure left the queue empty, as the default provider's does.
void expect_no_error() {
  EXPECT_EQ(ERR_peek_error(), 0u) << drain_errors();
  drain_errors();
}

template <class Fn>
Fn find_function(int operation, const char* alg_prefix, int function_id) {
  Fn f = reinterpret_cast<Fn>(find_dispatch(operation, alg_prefix, function_id));
  if (f == nullptr) ADD_FAILURE() << "no function " << function_id << " for " << alg_prefix;
  return f;
}

// A provider-level cipher context for direct calls.
struct DirectCipher {
  explicit DirectCipher(const char* name) {
    newctx =
        find_function<OSSL_FUNC_cipher_newctx_fn*>(OSSL_OP_CIPHER, name, OSSL_FUNC_CIPHER_NEWCTX);
    freectx =
        find_function<OSSL_FUNC_cipher_freectx_fn*>(OSSL_OP_CIPHER, name, OSSL_FUNC_CIPHER_FREECTX);
    einit = find_function<OSSL_FUNC_cipher_encrypt_init_fn*>(OSSL_OP_CIPHER, name,
                                                             OSSL_FUNC_CIPHER_ENCRYPT_INIT);
    update =
        find_function<OSSL_FUNC_cipher_update_fn*>(OSSL_OP_CIPHER, name, OSSL_FUNC_CIPHER_UPDATE);
    ctx = newctx(OSSL_PROVIDER_get0_provider_ctx(armaccel_provider()));
  }
  ~DirectCipher() { freectx(ctx); }
  OSSL_FUNC_cipher_newctx_fn* newctx;
  OSSL_FUNC_cipher_freectx_fn* freectx;
  OSSL_FUNC_cipher_encrypt_init_fn* einit;
  OSSL_FUNC_cipher_update_fn* update;
  void* ctx;
};

const unsigned char kKey[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
const unsigned char kIv[16] = {0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
                               0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf};

TEST(BadInput, WrongKeyLength) {
  DirectCipher d("AES-128-CBC");
  for (std::size_t len : {0, 15, 17, 24, 32}) {
    EXPECT_EQ(d.einit(d.ctx, kKey, len, kIv, 16, nullptr), 0) << len;
    expect_error("invalid key length");
  }
  // Through EVP: asking for another key length fails, at the latest at init.
  CipherPtr c = armaccel_cipher("AES-256-ECB");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), nullptr, nullptr, nullptr), 1);
  const bool set = EVP_CIPHER_CTX_set_key_length(ctx.get(), 17) == 1;
  const bool init = set && EVP_EncryptInit_ex2(ctx.get(), nullptr, kKey, nullptr, nullptr) == 1;
  EXPECT_FALSE(init);
  EXPECT_NE(ERR_peek_error(), 0u);
  drain_errors();
}

TEST(BadInput, WrongIvLength) {
  for (const char* name : {"AES-128-CBC", "AES-256-CTR"}) {
    DirectCipher d(name);
    for (std::size_t len : {0, 8, 12, 15, 17, 32}) {
      EXPECT_EQ(d.einit(d.ctx, kKey, std::strstr(name, "256") ? 32 : 16, kIv, len, nullptr), 0);
      expect_error("invalid iv length");
    }
  }
  CipherPtr c = armaccel_cipher("AES-128-CBC");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), nullptr, nullptr, nullptr), 1);
  size_t ivlen = 12;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_IVLEN, &ivlen),
                         OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_CIPHER_CTX_set_params(ctx.get(), params), 0);
  expect_error("invalid iv length");
}

TEST(BadInput, BadPaddingFailsFinal) {
  CipherPtr c = armaccel_cipher("AES-128-CBC");
  Rng rng(30);
  for (int trial = 0; trial < 20; ++trial) {
    // Encrypt, then corrupt the last block so the padding is wrong.
    Bytes msg = rng.bytes(rng.below(100));
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    Bytes ct(msg.size() + 16);
    int l1 = 0, l2 = 0;
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), kKey, kIv, nullptr), 1);
    ASSERT_EQ(
        EVP_EncryptUpdate(ctx.get(), ct.data(), &l1, msg.data(), static_cast<int>(msg.size())), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), ct.data() + l1, &l2), 1);
    ct.resize(static_cast<std::size_t>(l1 + l2));
    // Make the last plaintext byte 0 or > 16 by flipping the previous block (or IV).
    Bytes iv(kIv, kIv + 16);
    std::uint8_t* prev = ct.size() >= 32 ? &ct[ct.size() - 17] : &iv[15];
    *prev ^= static_cast<std::uint8_t>(0x20 + rng.below(0xd0));
    GuardedBuffer out(ct.size());  // room for the plaintext without padding is less
    ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), c.get(), kKey, iv.data(), nullptr), 1);
    ASSERT_EQ(EVP_DecryptUpdate(ctx.get(), out.data(), &l1, ct.data(), static_cast<int>(ct.size())),
              1);
    EXPECT_EQ(EVP_DecryptFinal_ex(ctx.get(), out.data() + l1, &l2), 0) << "trial " << trial;
    expect_error("bad decrypt");
  }
}

TEST(BadInput, WrongFinalBlockLengthWithoutPadding) {
  CipherPtr c = armaccel_cipher("AES-192-ECB");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), kKey, nullptr, nullptr), 1);
  EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
  unsigned char out[64];
  int l = 0;
  ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out, &l, kKey, 17), 1);
  EXPECT_EQ(EVP_EncryptFinal_ex(ctx.get(), out + l, &l), 0);
  expect_error("wrong final block length");
}

TEST(BadInput, UpdateAfterFinal) {
  for (const char* name : {"AES-128-CBC", "AES-128-CTR"}) {
    CipherPtr c = armaccel_cipher(name);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    unsigned char out[64];
    int l = 0;
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), kKey, kIv, nullptr), 1);
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out, &l, kKey, 20), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(ctx.get(), out, &l), 1);
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out, &l, kKey, 20), 0) << name;
    expect_error("after final", kOwn);
    EXPECT_EQ(EVP_EncryptFinal_ex(ctx.get(), out, &l), 0) << name;
    expect_error("after final", kOwn);
    // Initialising again makes the context usable.
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, kIv, nullptr), 1);
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out, &l, kKey, 20), 1);
  }
  MdPtr md = armaccel_md("SHA256");
  MdCtxPtr mctx(EVP_MD_CTX_new());
  unsigned char d[32];
  unsigned int dl = 0;
  ASSERT_EQ(EVP_DigestInit_ex2(mctx.get(), md.get(), nullptr), 1);
  ASSERT_EQ(EVP_DigestFinal_ex(mctx.get(), d, &dl), 1);
  EXPECT_EQ(EVP_DigestUpdate(mctx.get(), "x", 1), 0);
  // OpenSSL 3.5+'s EVP refuses this itself, without calling the provider
  // (3.0 leaves it to the provider); the direct call below reaches
  // armaccel in every release.
  if (runtime_at_least(3, 5)) {
    expect_error("update error", nullptr);
  } else {
    expect_error("after final", kOwn);
  }
  auto* dnew = find_function<OSSL_FUNC_digest_newctx_fn*>(OSSL_OP_DIGEST, "SHA2-256",
                                                          OSSL_FUNC_DIGEST_NEWCTX);
  auto* dinit =
      find_function<OSSL_FUNC_digest_init_fn*>(OSSL_OP_DIGEST, "SHA2-256", OSSL_FUNC_DIGEST_INIT);
  auto* dupdate = find_function<OSSL_FUNC_digest_update_fn*>(OSSL_OP_DIGEST, "SHA2-256",
                                                             OSSL_FUNC_DIGEST_UPDATE);
  auto* dfinal =
      find_function<OSSL_FUNC_digest_final_fn*>(OSSL_OP_DIGEST, "SHA2-256", OSSL_FUNC_DIGEST_FINAL);
  auto* dfree = find_function<OSSL_FUNC_digest_freectx_fn*>(OSSL_OP_DIGEST, "SHA2-256",
                                                            OSSL_FUNC_DIGEST_FREECTX);
  ASSERT_TRUE(dnew && dinit && dupdate && dfinal && dfree);
  void* raw = dnew(OSSL_PROVIDER_get0_provider_ctx(armaccel_provider()));
  std::size_t got = 0;
  ASSERT_EQ(dinit(raw, nullptr), 1);
  ASSERT_EQ(dfinal(raw, d, &got, sizeof d), 1);
  EXPECT_EQ(dupdate(raw, reinterpret_cast<const unsigned char*>("x"), 1), 0);
  expect_error("after final", kOwn);
  dfree(raw);
}

TEST(BadInput, NullKeyOnFirstInit) {
  for (const char* name : {"AES-128-ECB", "AES-256-CBC", "AES-192-CTR"}) {
    CipherPtr c = armaccel_cipher(name);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), nullptr, kIv, nullptr), 1);
    GuardedBuffer out(64);
    int l = 0;
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), out.data(), &l, kKey, 32), 0) << name;
    expect_error("no key set");
    EXPECT_EQ(EVP_EncryptFinal_ex(ctx.get(), out.data(), &l), 0) << name;
    expect_error("no key set");
  }
}

// An update whose output would pass INT_MAX (what EVP can report) is
// refused before any byte is read or written: the input here is only a few
// readable bytes followed by a guard page.
TEST(BadInput, LengthsNearIntMax) {
  for (bool enc : {true, false}) {
    CipherPtr c = armaccel_cipher("AES-128-CBC");
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_CipherInit_ex2(ctx.get(), c.get(), kKey, kIv, enc, nullptr), 1);
    EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
    GuardedBuffer in(16), out(32);
    int l = 0;
    ASSERT_EQ(EVP_CipherUpdate(ctx.get(), out.data(), &l, in.data(), 5), 1);
    EXPECT_EQ(EVP_CipherUpdate(ctx.get(), out.data(), &l, in.data(), INT_MAX - 2), 0);
    expect_error("INT_MAX", kOwn);
  }
}

TEST(BadInput, OutputBufferTooSmall) {
  DirectCipher d("AES-128-ECB");
  ASSERT_EQ(d.einit(d.ctx, kKey, 16, nullptr, 0, nullptr), 1);
  GuardedBuffer out(31);
  std::size_t outl = 0;
  unsigned char in[48] = {};
  EXPECT_EQ(d.update(d.ctx, out.data(), &outl, out.size(), in, 48), 0);
  expect_error("output buffer too small");
  DirectCipher ctr("AES-128-CTR");
  ASSERT_EQ(ctr.einit(ctr.ctx, kKey, 16, kIv, 16, nullptr), 1);
  EXPECT_EQ(ctr.update(ctr.ctx, out.data(), &outl, out.size(), in, 32), 0);
  expect_error("output buffer too small");
}

TEST(BadInput, PartiallyOverlappingBuffers) {
  for (const char* name : {"AES-128-CBC", "AES-128-CTR"}) {
    CipherPtr c = armaccel_cipher(name);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), kKey, kIv, nullptr), 1);
    unsigned char buf[128] = {};
    int l = 0;
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf + 16, &l, buf, 64), 0) << name;
    expect_error("partially overlapping", kOwn);
    EXPECT_EQ(EVP_EncryptUpdate(ctx.get(), buf, &l, buf, 64), 1) << "in place is fine";
  }
}

// "num" counts keystream bytes used in the current block.  CTR, OFB and CFB
// report a block size of 1, so like OpenSSL 3.0 only 0 is accepted: any
// other value would make the next update use a stale or zero keystream
// block (OFB and CFB: bytes of the raw IV).
TEST(BadInput, NumOutOfRange) {
  for (const char* name : {"AES-128-CTR", "AES-256-CTR", "SM4-CTR", "SM4-OFB", "SM4-CFB"}) {
    CipherPtr c = armaccel_cipher(name);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), kKey, kIv, nullptr), 1);
    for (int num : {1, 5, 15, 16}) {
      EXPECT_EQ(EVP_CIPHER_CTX_set_num(ctx.get(), num), 0) << name << " num " << num;
      expect_error("failed to get parameter");  // the default provider's reason
    }
    EXPECT_EQ(EVP_CIPHER_CTX_set_num(ctx.get(), 0), 1);
    // Still encrypts properly afterwards.
    unsigned char out[32], ref[32];
    const unsigned char zeros[32] = {};
    int l = 0;
    ASSERT_EQ(EVP_EncryptUpdate(ctx.get(), out, &l, zeros, 32), 1);
    CipherPtr o = oracle_cipher(name);
    CipherCtxPtr octx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(octx.get(), o.get(), kKey, kIv, nullptr), 1);
    ASSERT_EQ(EVP_EncryptUpdate(octx.get(), ref, &l, zeros, 32), 1);
    EXPECT_EQ(Bytes(out, out + 32), Bytes(ref, ref + 32));
  }
  CipherPtr cbc = armaccel_cipher("AES-128-CBC");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), cbc.get(), kKey, kIv, nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_set_num(ctx.get(), 15), 1);  // < block size: accepted, as OpenSSL
  EXPECT_EQ(EVP_CIPHER_CTX_set_num(ctx.get(), 16), 0);
  expect_error("failed to get parameter");
}

// Lengths the EVP layer never passes but a direct caller can: sizes near
// SIZE_MAX must not wrap the output-size arithmetic.
TEST(BadInput, HugeLengthsThroughDirectCalls) {
  for (const char* name : {"AES-128-ECB", "AES-128-CBC", "AES-128-CTR"}) {
    DirectCipher d(name);
    ASSERT_EQ(d.einit(d.ctx, kKey, 16, std::strstr(name, "ECB") ? nullptr : kIv, 16, nullptr), 1);
    GuardedBuffer out(64), in(16);
    std::size_t outl = 0;
    ASSERT_EQ(d.update(d.ctx, out.data(), &outl, out.size(), in.data(), 5), 1);
    for (std::size_t inl :
         {SIZE_MAX, SIZE_MAX - 5, SIZE_MAX - 16, static_cast<std::size_t>(INT_MAX) + 1}) {
      EXPECT_EQ(d.update(d.ctx, out.data(), &outl, out.size(), in.data(), inl), 0)
          << name << " " << inl;
      expect_error("INT_MAX", kOwn);
    }
  }
}

TEST(BadInput, OneShotNeedsWholeBlocks) {
  CipherPtr c = armaccel_cipher("AES-128-CBC");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(ctx.get(), c.get(), kKey, kIv, nullptr), 1);
  unsigned char buf[32] = {};
  EXPECT_LT(EVP_Cipher(ctx.get(), buf, buf, 20), 0);
  expect_error("wrong final block length");
}

TEST(BadInput, TlsRecordModeMisuse) {
  CipherPtr c = armaccel_cipher("AES-128-CBC");
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), c.get(), kKey, kIv, nullptr), 1);
  unsigned int version = 0x0303;
  size_t mac = 32;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_CIPHER_PARAM_TLS_VERSION, &version),
                         OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &mac),
                         OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_CIPHER_CTX_set_params(ctx.get(), params), 1);
  unsigned char in[64] = {}, out[64];
  int l = 0;
  EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), out, &l, in, 64), 0) << "not in place";
  expect_error("cipher operation failed");
  EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), in, &l, in, 40), 0) << "not whole blocks";
  expect_error("cipher operation failed");
  EXPECT_EQ(EVP_DecryptUpdate(ctx.get(), in, &l, in, 32), 0) << "shorter than IV + MAC + pad";
  expect_error("cipher operation failed");
  size_t huge = 65;
  OSSL_PARAM too_big[] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &huge),
                          OSSL_PARAM_construct_end()};
  EXPECT_EQ(EVP_CIPHER_CTX_set_params(ctx.get(), too_big), 0);
  expect_error("failed to get parameter");
}

// GCM and CCM: tag lengths outside 4..16 (CCM: odd ones too) refused when
// set or retrieved, a zero-length IV refused, and a forged GCM message
// fails at final with nothing written by final.
TEST(BadInput, AeadTagAndIvLengths) {
  for (const char* name : {"AES-128-GCM", "AES-256-CCM"}) {
    SCOPED_TRACE(name);
    const bool ccm = std::string(name).find("CCM") != std::string::npos;
    CipherPtr c = armaccel_cipher(name);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_DecryptInit_ex2(ctx.get(), c.get(), kKey, nullptr, nullptr), 1);
    unsigned char tag[32] = {};
    for (int bad : {0, 1, 3, 17, 32}) {
      EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, bad, tag), 0) << bad;
      // GCM: the default provider's reasons (an empty tag, one it cannot
      // read), and armaccel's minimum of 4 bytes.
      expect_error(ccm || (bad != 0 && bad < 4) ? "invalid tag length"
                   : bad == 0                   ? "invalid tag"
                                                : "failed to get parameter");
    }
    if (ccm) {
      EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, 5, tag), 0);
      expect_error("invalid tag length");
    }
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, 0, nullptr), 0);
    expect_error("invalid iv length");
    // After encrypting, the tag can only be read at a valid length.
    CipherCtxPtr enc(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_EncryptInit_ex2(enc.get(), c.get(), kKey, kIv, nullptr), 1);
    unsigned char buf[64] = {};
    int l = 0;
    ASSERT_EQ(EVP_EncryptUpdate(enc.get(), buf, &l, buf, 32), 1);
    ASSERT_EQ(EVP_EncryptFinal_ex(enc.get(), buf + l, &l), 1);
    EXPECT_LE(EVP_CIPHER_CTX_ctrl(enc.get(), EVP_CTRL_AEAD_GET_TAG, 17, tag), 0);
    // As the default provider: CCM fails without an error.
    if (ccm)
      expect_no_error();
    else
      expect_error("invalid tag");
  }
}

TEST(BadInput, ForgedGcmMessageFailsAtFinalWithoutOutput) {
  CipherPtr c = armaccel_cipher("AES-256-GCM");
  unsigned char pt[100], ct[100], tag[16], aad[20] = {7};
  for (unsigned i = 0; i < sizeof pt; ++i) pt[i] = static_cast<unsigned char>(i);
  int l = 0;
  CipherCtxPtr e(EVP_CIPHER_CTX_new());
  ASSERT_EQ(EVP_EncryptInit_ex2(e.get(), c.get(), kKey, kIv, nullptr), 1);
  ASSERT_EQ(EVP_EncryptUpdate(e.get(), nullptr, &l, aad, sizeof aad), 1);
  ASSERT_EQ(EVP_EncryptUpdate(e.get(), ct, &l, pt, sizeof pt), 1);
  ASSERT_EQ(EVP_EncryptFinal_ex(e.get(), ct + l, &l), 1);
  ASSERT_EQ(EVP_CIPHER_CTX_ctrl(e.get(), EVP_CTRL_AEAD_GET_TAG, 16, tag), 1);
  for (int what = 0; what < 3; ++what) {
    SCOPED_TRACE(what == 0 ? "ciphertext" : what == 1 ? "aad" : "tag");
    unsigned char c2[100], a2[20], t2[16], out[116];
    std::memcpy(c2, ct, sizeof c2);
    std::memcpy(a2, aad, sizeof a2);
    std::memcpy(t2, tag, sizeof t2);
    (what == 0 ? c2[50] : what == 1 ? a2[3] : t2[15]) ^= 1;
    CipherCtxPtr d(EVP_CIPHER_CTX_new());
    ASSERT_EQ(EVP_DecryptInit_ex2(d.get(), c.get(), kKey, kIv, nullptr), 1);
    ASSERT_EQ(EVP_CIPHER_CTX_ctrl(d.get(), EVP_CTRL_AEAD_SET_TAG, 16, t2), 1);
    ASSERT_EQ(EVP_DecryptUpdate(d.get(), nullptr, &l, a2, sizeof a2), 1);
    ASSERT_EQ(EVP_DecryptUpdate(d.get(), out, &l, c2, sizeof c2), 1);
    std::memset(out + 100, 0x5a, 16);
    int fl = -1;
    EXPECT_EQ(EVP_DecryptFinal_ex(d.get(), out + 100, &fl), 0);
    EXPECT_EQ(fl, 0);
    for (int i = 100; i < 116; ++i) EXPECT_EQ(out[i], 0x5a) << "final wrote output";
    expect_no_error();  // as the default provider: applications read it as a forgery
  }
}

TEST(BadInput, DigestMisuse) {
  using NewFn = OSSL_FUNC_digest_newctx_fn*;
  using UpdateFn = OSSL_FUNC_digest_update_fn*;
  using InitFn = OSSL_FUNC_digest_init_fn*;
  using FinalFn = OSSL_FUNC_digest_final_fn*;
  using FreeFn = OSSL_FUNC_digest_freectx_fn*;
  auto newctx = find_function<NewFn>(OSSL_OP_DIGEST, "SHA2-256", OSSL_FUNC_DIGEST_NEWCTX);
  auto init = find_function<InitFn>(OSSL_OP_DIGEST, "SHA2-256", OSSL_FUNC_DIGEST_INIT);
  auto update = find_function<UpdateFn>(OSSL_OP_DIGEST, "SHA2-256", OSSL_FUNC_DIGEST_UPDATE);
  auto final = find_function<FinalFn>(OSSL_OP_DIGEST, "SHA2-256", OSSL_FUNC_DIGEST_FINAL);
  auto freectx = find_function<FreeFn>(OSSL_OP_DIGEST, "SHA2-256", OSSL_FUNC_DIGEST_FREECTX);
  void* ctx = newctx(OSSL_PROVIDER_get0_provider_ctx(armaccel_provider()));
  EXPECT_EQ(update(ctx, reinterpret_cast<const unsigned char*>("abc"), 3), 0);
  expect_error("not initialised", kOwn);
  ASSERT_EQ(init(ctx, nullptr), 1);
  EXPECT_EQ(update(ctx, nullptr, 100), 0);
  expect_error("passed a null parameter");
  EXPECT_EQ(update(ctx, nullptr, 0), 1);
  GuardedBuffer out(31);
  std::size_t outl = 0;
  EXPECT_EQ(final(ctx, out.data(), &outl, out.size()), 0);
  expect_no_error();  // as the default provider's SHA-2
  freectx(ctx);
}

}  // namespace
}  // namespace armaccel::test
