// SPDX-License-Identifier: Apache-2.0
// MACs: EVP_MAC_CTX_new, EVP_MAC_init with the key and the MAC's
// parameters (HMAC's digest, CMAC's cipher, GMAC's cipher and IV), a first
// update, EVP_MAC_CTX_dup, the rest and final on both contexts.  HMAC-SHA1
// and CMAC over DES-EDE3-CBC take armaccel's paths through the child
// library context (a digest or cipher armaccel does not have).  The
// reference is the default provider's MAC.  Updates and finals must not
// allocate.
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

struct MacCase {
  const char* label;
  const char* mac;
  const char* param;  // the digest or cipher parameter's name, if any
  const char* value;
  std::size_t keylen;
  // HMAC over another provider's digest restarts the outer hash at final
  // with EVP_MD_CTX_copy_ex, which allocates the digest's context (as
  // OpenSSL's own HMAC does); armaccel's digests allocate nothing.
  bool final_copies_md = false;
};

constexpr std::size_t kMsg = 200, kFirst = 33;

bool finish(EVP_MAC_CTX* ctx, const Bytes& msg, Bytes& out) {
  std::uint8_t tag[EVP_MAX_MD_SIZE];
  std::size_t len = 0;
  if (!EVP_MAC_update(ctx, msg.data() + kFirst, msg.size() - kFirst) ||
      !EVP_MAC_final(ctx, tag, &len, sizeof tag))
    return false;
  out.insert(out.end(), tag, tag + len);
  return true;
}

bool run_mac(EVP_MAC* mac, const MacCase& c, Bytes& out, std::size_t* stream_allocs = nullptr) {
  const Bytes key = pattern(c.keylen, 6), iv = pattern(12, 7), msg = pattern(kMsg, 8);
  OSSL_PARAM params[3];
  std::size_t n = 0;
  if (c.param != nullptr)
    params[n++] = OSSL_PARAM_construct_utf8_string(c.param, const_cast<char*>(c.value), 0);
  if (std::string(c.mac) == "GMAC")
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV,
                                                    const_cast<std::uint8_t*>(iv.data()), 12);
  params[n] = OSSL_PARAM_construct_end();
  MacCtxPtr ctx(EVP_MAC_CTX_new(mac));
  if (ctx == nullptr || !EVP_MAC_init(ctx.get(), key.data(), key.size(), params)) return false;
  if (stream_allocs != nullptr) arm(Mode::kCount, Scope::kAll);
  bool ok = EVP_MAC_update(ctx.get(), msg.data(), kFirst);
  MacCtxPtr copy;
  if (ok && stream_allocs == nullptr) {
    copy.reset(EVP_MAC_CTX_dup(ctx.get()));
    ok = copy != nullptr;
  }
  ok = ok && finish(ctx.get(), msg, out);
  ok = ok && (copy == nullptr || finish(copy.get(), msg, out));
  if (stream_allocs != nullptr) *stream_allocs = disarm().counted;
  return ok;
}

class MacAlloc : public ::testing::TestWithParam<MacCase> {};

TEST_P(MacAlloc, EveryAllocationFailsCleanly) {
  const MacCase& c = GetParam();
  MacPtr ours(EVP_MAC_fetch(armaccel_ctx(), c.mac, kArmaccel));
  MacPtr theirs(EVP_MAC_fetch(oracle_ctx(), c.mac, nullptr));
  ASSERT_NE(ours, nullptr);
  ASSERT_NE(theirs, nullptr);
  Bytes reference;
  ASSERT_TRUE(run_mac(theirs.get(), c, reference));
  EVP_MAC* mac = ours.get();
  sweep(
      std::string("mac ") + c.label, [&](Bytes& out) { return run_mac(mac, c, out); }, reference);
}

TEST_P(MacAlloc, UpdateAndFinalAllocateNothing) {
  const MacCase& c = GetParam();
  MacPtr ours(EVP_MAC_fetch(armaccel_ctx(), c.mac, kArmaccel));
  ASSERT_NE(ours, nullptr);
  Bytes out;
  std::size_t allocs = 1;
  ASSERT_TRUE(run_mac(ours.get(), c, out, &allocs));
  EXPECT_EQ(allocs, c.final_copies_md ? 1u : 0u) << c.label;
}

const MacCase kMacs[] = {
    {"HMAC-SHA2-256", "HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-256", 20},
    {"HMAC-SHA3-512", "HMAC", OSSL_MAC_PARAM_DIGEST, "SHA3-512", 100},
    {"HMAC-SM3", "HMAC", OSSL_MAC_PARAM_DIGEST, "SM3", 64},
    {"HMAC-SHA1", "HMAC", OSSL_MAC_PARAM_DIGEST, "SHA1", 90, true},
    {"CMAC-AES-128-CBC", "CMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-CBC", 16},
    {"CMAC-AES-256-CBC", "CMAC", OSSL_MAC_PARAM_CIPHER, "AES-256-CBC", 32},
    {"CMAC-DES-EDE3-CBC", "CMAC", OSSL_MAC_PARAM_CIPHER, "DES-EDE3-CBC", 24},
    {"GMAC-AES-128-GCM", "GMAC", OSSL_MAC_PARAM_CIPHER, "AES-128-GCM", 16},
    {"GMAC-AES-256-GCM", "GMAC", OSSL_MAC_PARAM_CIPHER, "AES-256-GCM", 32},
    {"POLY1305", "POLY1305", nullptr, nullptr, 32},
};

std::string case_name(const ::testing::TestParamInfo<MacCase>& info) {
  std::string s = info.param.label;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Macs, MacAlloc, ::testing::ValuesIn(kMacs), case_name);

}  // namespace
}  // namespace armaccel::alloc_test
