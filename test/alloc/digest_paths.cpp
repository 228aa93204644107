// SPDX-License-Identifier: Apache-2.0
// Digests: EVP_MD_CTX_new, EVP_DigestInit_ex2, a first update,
// EVP_MD_CTX_copy, the rest and final (EVP_DigestFinalXOF for the XOFs) on
// both contexts.  The reference is the default provider's digest where
// OpenSSL 3.0 has it.  Updates and finals must not allocate.
#include <gtest/gtest.h>
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

constexpr std::size_t kMsg = 300, kFirst = 77, kXofOut = 50;

bool finish(EVP_MD_CTX* ctx, const Bytes& msg, Bytes& out) {
  if (!EVP_DigestUpdate(ctx, msg.data() + kFirst, msg.size() - kFirst)) return false;
  std::uint8_t md[EVP_MAX_MD_SIZE > kXofOut ? EVP_MAX_MD_SIZE : kXofOut];
  unsigned len = 0;
  const bool xof = (EVP_MD_get_flags(EVP_MD_CTX_get0_md(ctx)) & EVP_MD_FLAG_XOF) != 0;
  if (xof ? !EVP_DigestFinalXOF(ctx, md, kXofOut) : !EVP_DigestFinal_ex(ctx, md, &len))
    return false;
  out.insert(out.end(), md, md + (xof ? kXofOut : len));
  return true;
}

// The whole operation; with `stream_allocs`, counts the allocations of the
// updates and finals instead (no copy).
bool run_digest(const EVP_MD* md, Bytes& out, std::size_t* stream_allocs = nullptr) {
  const Bytes msg = pattern(kMsg, 5);
  MdCtxPtr ctx(EVP_MD_CTX_new());
  if (ctx == nullptr || !EVP_DigestInit_ex2(ctx.get(), md, nullptr)) return false;
  if (stream_allocs != nullptr) arm(Mode::kCount, Scope::kAll);
  bool ok = EVP_DigestUpdate(ctx.get(), msg.data(), kFirst);
  MdCtxPtr copy;
  if (ok && stream_allocs == nullptr) {
    copy.reset(EVP_MD_CTX_new());
    ok = copy != nullptr && EVP_MD_CTX_copy(copy.get(), ctx.get());
  }
  ok = ok && finish(ctx.get(), msg, out);
  ok = ok && (copy == nullptr || finish(copy.get(), msg, out));
  if (stream_allocs != nullptr) *stream_allocs = disarm().counted;
  return ok;
}

class DigestAlloc : public ::testing::TestWithParam<const char*> {};

TEST_P(DigestAlloc, EveryAllocationFailsCleanly) {
  MdPtr ours(EVP_MD_fetch(armaccel_ctx(), GetParam(), kArmaccel));
  ASSERT_NE(ours, nullptr) << GetParam();
  Bytes reference;
  if (MdPtr theirs(EVP_MD_fetch(oracle_ctx(), GetParam(), nullptr)); theirs != nullptr) {
    ASSERT_TRUE(run_digest(theirs.get(), reference));
  }
  ERR_clear_error();
  const EVP_MD* md = ours.get();
  sweep(
      std::string("digest ") + GetParam(), [&](Bytes& out) { return run_digest(md, out); },
      reference);
}

TEST_P(DigestAlloc, UpdateAndFinalAllocateNothing) {
  MdPtr ours(EVP_MD_fetch(armaccel_ctx(), GetParam(), kArmaccel));
  ASSERT_NE(ours, nullptr) << GetParam();
  Bytes out;
  std::size_t allocs = 1;
  ASSERT_TRUE(run_digest(ours.get(), out, &allocs));
  EXPECT_EQ(allocs, 0u) << GetParam();
}

const char* const kDigests[] = {
    "SHA2-224", "SHA2-256", "SHA2-384",  "SHA2-512",  "SHA2-512/256", "SHA3-224",
    "SHA3-256", "SHA3-512", "SHAKE-128", "SHAKE-256", "KECCAK-256",   "SM3",
};

std::string case_name(const ::testing::TestParamInfo<const char*>& info) {
  std::string s = info.param;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Digests, DigestAlloc, ::testing::ValuesIn(kDigests), case_name);

}  // namespace
}  // namespace armaccel::alloc_test
