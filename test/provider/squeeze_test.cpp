// SPDX-License-Identifier: Apache-2.0
// Squeezing the XOFs in several calls (OSSL_FUNC_DIGEST_SQUEEZE, which
// OpenSSL 3.3+ reaches through EVP_DigestSqueeze and 3.5's ML-DSA, ML-KEM
// and SLH-DSA use): pieces of any length equal one long output of the
// default provider (FIPS 202 defines the output as one stream), the state
// rules, copies mid-squeeze, and misuse.  The provider's squeeze entry is
// called directly as well, so the rules are checked on OpenSSL 3.0 too,
// whose EVP has no EVP_DigestSqueeze.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>

#include <string>
#include <vector>

#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

constexpr int kFuncDigestSqueeze = 14;  // OSSL_FUNC_DIGEST_SQUEEZE (3.3+ headers)

// EVP_DigestSqueeze from the running libcrypto (3.3+), or nullptr.
using EvpSqueezeFn = int (*)(EVP_MD_CTX*, unsigned char*, std::size_t);
EvpSqueezeFn evp_squeeze() {
  return reinterpret_cast<EvpSqueezeFn>(dlsym(RTLD_DEFAULT, "EVP_DigestSqueeze"));
}

const char* const kXofs[] = {"SHAKE-128", "SHAKE-256", "KECCAK-KMAC-128", "KECCAK-KMAC-256"};

// The first `len` output bytes of `name` over msg, from the default provider.
Bytes reference_output(const char* name, const Bytes& msg, std::size_t len) {
  MdPtr md = oracle_md(name);
  MdCtxPtr ctx(EVP_MD_CTX_new());
  Bytes out(len);
  EXPECT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
  EXPECT_EQ(EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()), 1);
  EXPECT_EQ(EVP_DigestFinalXOF(ctx.get(), out.data(), len), 1);
  return out;
}

// armaccel's digest functions for direct calls.
struct Direct {
  explicit Direct(const char* name) {
    newctx = reinterpret_cast<OSSL_FUNC_digest_newctx_fn*>(
        find_dispatch(OSSL_OP_DIGEST, name, OSSL_FUNC_DIGEST_NEWCTX));
    freectx = reinterpret_cast<OSSL_FUNC_digest_freectx_fn*>(
        find_dispatch(OSSL_OP_DIGEST, name, OSSL_FUNC_DIGEST_FREECTX));
    dupctx = reinterpret_cast<OSSL_FUNC_digest_dupctx_fn*>(
        find_dispatch(OSSL_OP_DIGEST, name, OSSL_FUNC_DIGEST_DUPCTX));
    init = reinterpret_cast<OSSL_FUNC_digest_init_fn*>(
        find_dispatch(OSSL_OP_DIGEST, name, OSSL_FUNC_DIGEST_INIT));
    update = reinterpret_cast<OSSL_FUNC_digest_update_fn*>(
        find_dispatch(OSSL_OP_DIGEST, name, OSSL_FUNC_DIGEST_UPDATE));
    final = reinterpret_cast<OSSL_FUNC_digest_final_fn*>(
        find_dispatch(OSSL_OP_DIGEST, name, OSSL_FUNC_DIGEST_FINAL));
    squeeze = reinterpret_cast<SqueezeFn>(find_dispatch(OSSL_OP_DIGEST, name, kFuncDigestSqueeze));
  }
  bool complete() const {
    return newctx && freectx && dupctx && init && update && final && squeeze;
  }
  void* fresh(const Bytes& msg) const {
    void* c = newctx(OSSL_PROVIDER_get0_provider_ctx(armaccel_provider()));
    EXPECT_EQ(init(c, nullptr), 1);
    EXPECT_EQ(update(c, msg.data(), msg.size()), 1);
    return c;
  }
  using SqueezeFn = int (*)(void*, unsigned char*, std::size_t*, std::size_t);
  OSSL_FUNC_digest_newctx_fn* newctx = nullptr;
  OSSL_FUNC_digest_freectx_fn* freectx = nullptr;
  OSSL_FUNC_digest_dupctx_fn* dupctx = nullptr;
  OSSL_FUNC_digest_init_fn* init = nullptr;
  OSSL_FUNC_digest_update_fn* update = nullptr;
  OSSL_FUNC_digest_final_fn* final = nullptr;
  SqueezeFn squeeze = nullptr;
};

// The error on the queue contains `reason` (armaccel's own for the
// squeeze rules the default provider does not have, OpenSSL's provider
// reasons for the rest); drains it.
void expect_armaccel_error(const char* reason) {
  const std::string errors = drain_errors();
  EXPECT_NE(errors.find(reason), std::string::npos) << "want '" << reason << "' in " << errors;
}

class Squeeze : public ::testing::TestWithParam<const char*> {};

// The pieces the issue names (1, 7, 136, 1000 bytes), every rate, and
// random lengths, through the provider's entry; concatenated they equal
// the default provider's single output.
TEST_P(Squeeze, PiecesEqualOneLongOutput) {
  Direct d(GetParam());
  ASSERT_TRUE(d.complete()) << GetParam() << " has no squeeze entry";
  Rng rng(90);
  const Bytes msg = rng.bytes(333);
  std::vector<std::vector<std::size_t>> patterns = {
      {1, 1, 1, 7, 7, 136, 1000, 1}, {136, 136, 136}, {168, 168, 1, 167}, {1000}, {0, 5, 0, 200}};
  for (int i = 0; i < 20; ++i) {
    std::vector<std::size_t> p;
    for (int j = 0; j < 8; ++j) p.push_back(rng.below(400));
    patterns.push_back(p);
  }
  for (const auto& pieces : patterns) {
    void* c = d.fresh(msg);
    Bytes got;
    for (std::size_t n : pieces) {
      Bytes part(n + 1, 0xee);
      std::size_t outl = 99;
      ASSERT_EQ(d.squeeze(c, part.data(), &outl, n), 1) << drain_errors();
      EXPECT_EQ(outl, n);
      EXPECT_EQ(part[n], 0xee) << "wrote past " << n;
      got.insert(got.end(), part.begin(), part.begin() + static_cast<std::ptrdiff_t>(n));
    }
    EXPECT_EQ(got, reference_output(GetParam(), msg, got.size())) << GetParam();
    d.freectx(c);
  }
}

// Through EVP_DigestSqueeze (OpenSSL 3.3+), for armaccel and -- where the
// default provider can squeeze it (SHAKE) -- for both, piece by piece.
TEST_P(Squeeze, ThroughEvpDigestSqueeze) {
  const EvpSqueezeFn squeeze = evp_squeeze();
  if (squeeze == nullptr) GTEST_SKIP() << "no EVP_DigestSqueeze in OpenSSL " << OpenSSL_version(0);
  MdPtr mine = armaccel_md(GetParam()), ref = oracle_md(GetParam());
  const Bytes msg = Rng(91).bytes(100);
  const bool ref_squeezes = std::string(GetParam()).rfind("SHAKE", 0) == 0;
  MdCtxPtr a(EVP_MD_CTX_new()), b(EVP_MD_CTX_new());
  ASSERT_EQ(EVP_DigestInit_ex2(a.get(), mine.get(), nullptr), 1);
  ASSERT_EQ(EVP_DigestUpdate(a.get(), msg.data(), msg.size()), 1);
  ASSERT_EQ(EVP_DigestInit_ex2(b.get(), ref.get(), nullptr), 1);
  ASSERT_EQ(EVP_DigestUpdate(b.get(), msg.data(), msg.size()), 1);
  Bytes all;
  for (std::size_t n : {1, 7, 136, 1000}) {
    Bytes x(n), y(n);
    ASSERT_EQ(squeeze(a.get(), x.data(), n), 1) << drain_errors();
    if (ref_squeezes) {
      ASSERT_EQ(squeeze(b.get(), y.data(), n), 1);
      EXPECT_EQ(x, y) << GetParam() << " piece " << n;
    }
    all.insert(all.end(), x.begin(), x.end());
  }
  EXPECT_EQ(all, reference_output(GetParam(), msg, all.size()));
  // An update after squeezing is refused (the default provider takes it
  // and corrupts the output that follows).
  EXPECT_EQ(EVP_DigestUpdate(a.get(), "x", 1), 0);
  drain_errors();
  // A squeeze on a fixed-length digest: EVP has no squeeze to call.
  MdPtr sha3 = armaccel_md("SHA3-256");
  MdCtxPtr c(EVP_MD_CTX_new());
  ASSERT_EQ(EVP_DigestInit_ex2(c.get(), sha3.get(), nullptr), 1);
  unsigned char out[8];
  EXPECT_EQ(squeeze(c.get(), out, sizeof out), 0);
  EXPECT_NE(drain_errors().find("method not supported"), std::string::npos);
}

// Absorbing -> squeezing -> ... : an update or final after a squeeze, and a
// squeeze after final (successful or failed), are refused with a reason.
TEST_P(Squeeze, StateRules) {
  Direct d(GetParam());
  ASSERT_TRUE(d.complete());
  const Bytes msg = Rng(92).bytes(50);
  unsigned char out[300];
  std::size_t outl = 0;

  void* c = d.fresh(msg);
  ASSERT_EQ(d.squeeze(c, out, &outl, 10), 1);
  EXPECT_EQ(d.update(c, msg.data(), 1), 0);
  expect_armaccel_error("already squeezed");
  EXPECT_EQ(d.final(c, out, &outl, sizeof out), 0);
  expect_armaccel_error("already squeezed");
  // ... while more squeezes carry on the same stream.
  ASSERT_EQ(d.squeeze(c, out + 10, &outl, 20), 1);
  EXPECT_EQ(Bytes(out, out + 30), reference_output(GetParam(), msg, 30));
  // A new init starts over.
  ASSERT_EQ(d.init(c, nullptr), 1);
  ASSERT_EQ(d.update(c, msg.data(), msg.size()), 1);
  ASSERT_EQ(d.squeeze(c, out, &outl, 5), 1);
  EXPECT_EQ(Bytes(out, out + 5), reference_output(GetParam(), msg, 5));
  d.freectx(c);

  // A zero-length squeeze changes nothing: input may follow.
  c = d.fresh(msg);
  ASSERT_EQ(d.squeeze(c, out, &outl, 0), 1);
  EXPECT_EQ(outl, 0u);
  ASSERT_EQ(d.update(c, msg.data(), msg.size()), 1);
  ASSERT_EQ(d.squeeze(c, out, &outl, 40), 1);
  Bytes twice = msg;
  twice.insert(twice.end(), msg.begin(), msg.end());
  EXPECT_EQ(Bytes(out, out + 40), reference_output(GetParam(), twice, 40));
  d.freectx(c);

  // Squeeze after a successful final.
  c = d.fresh(msg);
  std::size_t len = 32;
  const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &len),
                          OSSL_PARAM_construct_end()};
  ASSERT_EQ(d.init(c, p), 1);
  ASSERT_EQ(d.final(c, out, &outl, sizeof out), 1);
  EXPECT_EQ(d.squeeze(c, out, &outl, 10), 0);
  expect_armaccel_error("squeeze called after final");
  d.freectx(c);

  // Squeeze after a failed final (an "xoflen" above what
  // EVP_DigestFinal_ex may write into a buffer of EVP_MAX_MD_SIZE).
  c = d.fresh(msg);
  len = 1000;
  ASSERT_EQ(d.init(c, p), 1);
  EXPECT_EQ(d.final(c, out, &outl, EVP_MAX_MD_SIZE), 0);
  expect_armaccel_error("invalid digest size");
  EXPECT_EQ(d.squeeze(c, out, &outl, 10), 0);
  expect_armaccel_error("squeeze called after final");
  d.freectx(c);
}

// A NULL buffer with a length is refused (OpenSSL 3.5's own SHAKE crashes
// on it); NULL with no length is a no-op.
TEST_P(Squeeze, NullBuffer) {
  Direct d(GetParam());
  ASSERT_TRUE(d.complete());
  void* c = d.fresh(Bytes(3, 1));
  std::size_t outl = 7;
  EXPECT_EQ(d.squeeze(c, nullptr, &outl, 5), 0);
  expect_armaccel_error("null parameter");
  EXPECT_EQ(d.squeeze(c, nullptr, &outl, 0), 1);
  unsigned char out[16];
  ASSERT_EQ(d.squeeze(c, out, &outl, sizeof out), 1);
  EXPECT_EQ(Bytes(out, out + sizeof out), reference_output(GetParam(), Bytes(3, 1), sizeof out));
  d.freectx(c);
  if (const EvpSqueezeFn squeeze = evp_squeeze()) {
    MdPtr md = armaccel_md(GetParam());
    MdCtxPtr ctx(EVP_MD_CTX_new());
    ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
    EXPECT_EQ(squeeze(ctx.get(), nullptr, 5), 0);
    expect_armaccel_error("null parameter");
  }
}

// A copy taken mid-squeeze continues the same stream (dupctx is a plain
// copy of the sponge, its output block included).
TEST_P(Squeeze, CopyMidSqueeze) {
  Direct d(GetParam());
  ASSERT_TRUE(d.complete());
  const Bytes msg = Rng(93).bytes(77);
  for (std::size_t first : {1, 100, 168, 200}) {
    void* c = d.fresh(msg);
    Bytes out(first + 300);
    std::size_t outl = 0;
    ASSERT_EQ(d.squeeze(c, out.data(), &outl, first), 1);
    void* copy = d.dupctx(c);
    ASSERT_NE(copy, nullptr);
    Bytes x(300), y(300);
    ASSERT_EQ(d.squeeze(c, x.data(), &outl, x.size()), 1);
    ASSERT_EQ(d.squeeze(copy, y.data(), &outl, y.size()), 1);
    EXPECT_EQ(x, y) << first;
    std::copy(x.begin(), x.end(), out.begin() + static_cast<std::ptrdiff_t>(first));
    EXPECT_EQ(out, reference_output(GetParam(), msg, out.size())) << first;
    d.freectx(c);
    d.freectx(copy);
  }
}

INSTANTIATE_TEST_SUITE_P(Xofs, Squeeze, ::testing::ValuesIn(kXofs), [](const auto& info) {
  std::string s = info.param;
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
});

// The fixed-length digests have no squeeze entry (EVP then answers "method
// not supported", as for the default provider's).
TEST(SqueezeEntry, OnlyTheXofsHaveOne) {
  for (const char* name :
       {"SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "KECCAK-256", "SHA2-256", "SM3"}) {
    EXPECT_NE(find_dispatch(OSSL_OP_DIGEST, name, OSSL_FUNC_DIGEST_NEWCTX), nullptr) << name;
    EXPECT_EQ(find_dispatch(OSSL_OP_DIGEST, name, kFuncDigestSqueeze), nullptr) << name;
  }
  for (const char* name : kXofs)
    EXPECT_NE(find_dispatch(OSSL_OP_DIGEST, name, kFuncDigestSqueeze), nullptr) << name;
}

}  // namespace
}  // namespace armaccel::test
