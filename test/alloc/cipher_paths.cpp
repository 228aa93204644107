// SPDX-License-Identifier: Apache-2.0
// Ciphers and AEADs: EVP_CIPHER_CTX_new, init with key and IV (CCM: nonce
// and tag lengths first), AAD, a first update, EVP_CIPHER_CTX_copy, the
// rest of the message and final on both contexts, the tags.  The reference
// is the default provider's result where OpenSSL 3.0 has the cipher.  The
// updates and finals must not allocate at all.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <cctype>
#include <string>

#include "contexts.h"
#include "ossl_ptr.h"
#include "pattern.h"
#include "sweep.h"

namespace armaccel::alloc_test {
namespace {

enum class Kind { kPlain, kAead, kCcm, kXts };

struct CipherCase {
  const char* name;
  Kind kind;
};

constexpr std::size_t kMsg = 100, kFirst = 40, kTag = 12;

// The AAD and the first part of the message on `ctx`.
bool start(EVP_CIPHER_CTX* ctx, Kind kind, const Bytes& msg, const Bytes& aad, Bytes& ct,
           int& len) {
  int l = 0;
  len = 0;
  if (kind == Kind::kCcm && !EVP_CipherUpdate(ctx, nullptr, &l, nullptr, kMsg)) return false;
  if ((kind == Kind::kAead || kind == Kind::kCcm) &&
      !EVP_CipherUpdate(ctx, nullptr, &l, aad.data(), static_cast<int>(aad.size())))
    return false;
  if (kind == Kind::kPlain || kind == Kind::kAead) {
    if (!EVP_CipherUpdate(ctx, ct.data(), &l, msg.data(), kFirst)) return false;
    len = l;
  }
  return true;
}

// The rest of the message, final and the tag; appends the result to out.
bool finish(EVP_CIPHER_CTX* ctx, Kind kind, const Bytes& msg, Bytes ct, int len, Bytes& out) {
  const int from = kind == Kind::kPlain || kind == Kind::kAead ? static_cast<int>(kFirst) : 0;
  int l = 0;
  if (!EVP_CipherUpdate(ctx, ct.data() + len, &l, msg.data() + from, static_cast<int>(kMsg) - from))
    return false;
  len += l;
  if (!EVP_CipherFinal_ex(ctx, ct.data() + len, &l)) return false;
  len += l;
  ct.resize(static_cast<std::size_t>(len));
  if (kind == Kind::kAead || kind == Kind::kCcm) {
    std::uint8_t tag[16];
    const int taglen = kind == Kind::kCcm ? static_cast<int>(kTag) : 16;
    if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, taglen, tag) <= 0) return false;
    ct.insert(ct.end(), tag, tag + taglen);
  }
  out.insert(out.end(), ct.begin(), ct.end());
  return true;
}

// The whole operation; with `stream_allocs`, counts (unarmed before) the
// allocations of everything after init instead.
bool run_cipher(const EVP_CIPHER* cipher, Kind kind, Bytes& out,
                std::size_t* stream_allocs = nullptr) {
  const Bytes key = pattern(static_cast<std::size_t>(EVP_CIPHER_get_key_length(cipher)), 1);
  const Bytes iv = pattern(16, 2), msg = pattern(kMsg, 3), aad = pattern(13, 4);
  CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
  if (ctx == nullptr) return false;
  if (kind == Kind::kCcm) {
    std::size_t ivlen = 12;
    const OSSL_PARAM lengths[] = {
        OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
        OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, kTag),
        OSSL_PARAM_construct_end(),
    };
    if (!EVP_CipherInit_ex2(ctx.get(), cipher, nullptr, nullptr, 1, lengths)) return false;
    cipher = nullptr;
  }
  if (!EVP_CipherInit_ex2(ctx.get(), cipher, key.data(), iv.data(), 1, nullptr)) return false;
  Bytes ct(kMsg + 32);
  CipherCtxPtr copy;
  if (stream_allocs != nullptr) {
    copy.reset(EVP_CIPHER_CTX_new());
    if (copy == nullptr) return false;
    arm(Mode::kCount, Scope::kAll);
  }
  int len = 0;
  bool ok = start(ctx.get(), kind, msg, aad, ct, len);
  if (ok && stream_allocs == nullptr) {
    copy.reset(EVP_CIPHER_CTX_new());
    ok = copy != nullptr && EVP_CIPHER_CTX_copy(copy.get(), ctx.get());
  }
  ok = ok && finish(ctx.get(), kind, msg, ct, len, out);
  ok = ok && (stream_allocs != nullptr || finish(copy.get(), kind, msg, ct, len, out));
  if (stream_allocs != nullptr) *stream_allocs = disarm().counted;
  return ok;
}

class CipherAlloc : public ::testing::TestWithParam<CipherCase> {};

TEST_P(CipherAlloc, EveryAllocationFailsCleanly) {
  const CipherCase& c = GetParam();
  CipherPtr ours(EVP_CIPHER_fetch(armaccel_ctx(), c.name, kArmaccel));
  ASSERT_NE(ours, nullptr) << c.name;
  Bytes reference;
  if (CipherPtr theirs(EVP_CIPHER_fetch(oracle_ctx(), c.name, nullptr)); theirs != nullptr) {
    ASSERT_TRUE(run_cipher(theirs.get(), c.kind, reference));
  }
  ERR_clear_error();  // (a cipher the default provider lacks)
  const EVP_CIPHER* cipher = ours.get();
  sweep(
      std::string("cipher ") + c.name, [&](Bytes& out) { return run_cipher(cipher, c.kind, out); },
      reference);
}

TEST_P(CipherAlloc, UpdateAndFinalAllocateNothing) {
  const CipherCase& c = GetParam();
  CipherPtr ours(EVP_CIPHER_fetch(armaccel_ctx(), c.name, kArmaccel));
  ASSERT_NE(ours, nullptr) << c.name;
  Bytes out;
  std::size_t allocs = 1;
  ASSERT_TRUE(run_cipher(ours.get(), c.kind, out, &allocs));
  EXPECT_EQ(allocs, 0u) << c.name;
}

const CipherCase kCiphers[] = {
    {"AES-128-ECB", Kind::kPlain},
    {"AES-256-CBC", Kind::kPlain},
    {"AES-192-CTR", Kind::kPlain},
    {"ChaCha20", Kind::kPlain},
    {"SM4-CBC", Kind::kPlain},
    {"SM4-OFB", Kind::kPlain},
    {"SM4-CFB", Kind::kPlain},
    {"SM4-CTR", Kind::kPlain},
    {"AES-128-GCM", Kind::kAead},
    {"AES-256-GCM", Kind::kAead},
    {"ChaCha20-Poly1305", Kind::kAead},
    {"SM4-GCM", Kind::kAead},
    {"AES-128-CCM", Kind::kCcm},
    {"AES-256-CCM", Kind::kCcm},
    {"SM4-CCM", Kind::kCcm},
    {"AES-128-XTS", Kind::kXts},
    {"AES-256-XTS", Kind::kXts},
    {"SM4-XTS", Kind::kXts},
};

std::string case_name(const ::testing::TestParamInfo<CipherCase>& info) {
  std::string s = info.param.name;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Ciphers, CipherAlloc, ::testing::ValuesIn(kCiphers), case_name);

}  // namespace
}  // namespace armaccel::alloc_test
