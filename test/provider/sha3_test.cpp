// SPDX-License-Identifier: Apache-2.0
// SHA-3, SHAKE, Keccak and the KMAC sponge through EVP with armaccel:
// NIST SHA3VS (ShortMsg, LongMsg, Monte for SHA-3; ShortMsg, LongMsg,
// VariableOut for SHAKE), XOF lengths (0, one byte, many blocks, set by
// EVP_DigestFinalXOF or by "xoflen") against the default provider, OpenSSL's
// KMAC (the default provider's) running on armaccel's KECCAK-KMAC digests
// against KMAC on the default provider alone, and misuse.
#include <gtest/gtest.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "ossl_helpers.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

Bytes xof(EVP_MD* md, const Bytes& msg, std::size_t len) {
  MdCtxPtr ctx(EVP_MD_CTX_new());
  Bytes out(len + 1);
  EXPECT_EQ(EVP_DigestInit_ex2(ctx.get(), md, nullptr), 1);
  EXPECT_EQ(EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()), 1);
  EXPECT_EQ(EVP_DigestFinalXOF(ctx.get(), out.data(), len), 1);
  out.resize(len);
  return out;
}

TEST(NistSha3vs, Sha3ShortLongAndMonte) {
  const char* const names[] = {"224", "256", "384", "512"};
  const std::string dir = vectors_dir() + "/nist/sha3/";
  for (const char* bits : names) {
    MdPtr md = armaccel_md(std::string("SHA3-") + bits);
    ASSERT_NE(md, nullptr);
    int checked = 0;
    for (const char* kind : {"ShortMsg.rsp", "LongMsg.rsp", "LongMsg.rsp.gz"}) {
      const std::string path = dir + "SHA3_" + bits + kind;
      if (!std::ifstream(path)) continue;
      int index = 0;
      for (const RspRecord& r : parse_rsp_file(path)) {
        const std::size_t len = std::stoul(r.get("LEN"));
        if (len % 8 != 0 || (emulated() && index++ % 4 != 0)) continue;
        Bytes msg = from_hex(r.get("MSG"));
        msg.resize(len / 8);
        unsigned char d[64];
        unsigned int dl = 0;
        ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), d, &dl, md.get(), nullptr), 1);
        EXPECT_EQ(to_hex(d, dl), r.get("MD")) << path << ":" << r.line;
        ++checked;
      }
    }
    EXPECT_GT(checked, emulated() ? 30 : 140) << bits;
    // SHA3VS Monte Carlo: MD_i = H(MD_{i-1}), 1000 per checkpoint.
    const auto monte = parse_rsp_file(dir + "SHA3_" + bits + "Monte.rsp");
    Bytes md_i = from_hex(monte.at(0).get("SEED"));
    int rounds = 0;
    for (const RspRecord& r : monte) {
      if (!r.has("MD")) continue;
      if (++rounds > (emulated() ? 5 : 100)) break;
      for (int i = 0; i < 1000; ++i) {
        unsigned char d[64];
        unsigned int dl = 0;
        ASSERT_EQ(EVP_Digest(md_i.data(), md_i.size(), d, &dl, md.get(), nullptr), 1);
        md_i.assign(d, d + dl);
      }
      EXPECT_EQ(to_hex(md_i), r.get("MD")) << "SHA3-" << bits << " Monte " << r.get("COUNT");
    }
  }
}

TEST(NistSha3vs, ShakeShortLongAndVariableOut) {
  const std::string dir = vectors_dir() + "/nist/shake/";
  for (const char* bits : {"128", "256"}) {
    MdPtr md = armaccel_md(std::string("SHAKE") + bits);
    ASSERT_NE(md, nullptr);
    int checked = 0;
    for (const char* kind : {"ShortMsg.rsp", "LongMsg.rsp.gz", "VariableOut.rsp"}) {
      int index = 0;
      for (const RspRecord& r : parse_rsp_file(dir + "SHAKE" + bits + kind)) {
        if (!r.has("MSG") || !r.has("OUTPUT")) continue;
        if (r.has("LEN") && std::stoul(r.get("LEN")) % 8 != 0) continue;
        if (emulated() && index++ % 4 != 0) continue;
        Bytes msg = from_hex(r.get("MSG"));
        if (r.has("LEN")) msg.resize(std::stoul(r.get("LEN")) / 8);
        const Bytes expect = from_hex(r.get("OUTPUT"));
        EXPECT_EQ(to_hex(xof(md.get(), msg, expect.size())), to_hex(expect))
            << "SHAKE" << bits << kind << ":" << r.line;
        ++checked;
      }
    }
    EXPECT_GT(checked, emulated() ? 100 : 400) << bits;
  }
}

class XofOracle : public ::testing::TestWithParam<const char*> {};

// Any output length, by EVP_DigestFinalXOF or by "xoflen" then
// EVP_DigestFinal_ex, equals the default provider's.
TEST_P(XofOracle, LengthsAndParameters) {
  MdPtr mine = armaccel_md(GetParam()), ref = oracle_md(GetParam());
  ASSERT_NE(mine, nullptr);
  Rng rng(30);
  for (std::size_t len : {0u, 1u, 31u, 32u, 33u, 167u, 168u, 169u, 1000u, 10000u}) {
    const Bytes msg = rng.bytes(rng.below(400));
    EXPECT_EQ(xof(mine.get(), msg, len), xof(ref.get(), msg, len)) << GetParam() << " " << len;
    if (len > EVP_MAX_MD_SIZE) continue;
    // "xoflen" then EVP_DigestFinal_ex: the same answer as the default
    // provider's (a zero length fails in OpenSSL 3.5+'s EVP, for both).
    int rc[2] = {};
    Bytes out[2];
    for (int which = 0; which < 2; ++which) {
      MdCtxPtr ctx(EVP_MD_CTX_new());
      std::size_t xoflen = len;
      const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &xoflen),
                              OSSL_PARAM_construct_end()};
      ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), which == 0 ? mine.get() : ref.get(), p), 1);
      ASSERT_EQ(EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()), 1);
      out[which].assign(len + 1, 0);
      unsigned int got = 0;
      rc[which] = EVP_DigestFinal_ex(ctx.get(), out[which].data(), &got);
      out[which].resize(rc[which] == 1 ? got : 0);
      drain_errors();
    }
    EXPECT_EQ(rc[0], rc[1]) << GetParam() << " " << len;
    EXPECT_EQ(rc[0], len == 0 && runtime_at_least(3, 5) ? 0 : 1) << GetParam() << " " << len;
    EXPECT_EQ(out[0], out[1]) << GetParam() << " " << len;
    if (rc[0] == 1) {
      EXPECT_EQ(out[0], xof(ref.get(), msg, len));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sha3, XofOracle,
                         ::testing::Values("SHAKE-128", "SHAKE-256", "KECCAK-KMAC-128",
                                           "KECCAK-KMAC-256"),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (char& c : s)
                             if (c == '-') c = '_';
                           return s;
                         });

// OpenSSL's KMAC (a default-provider MAC) fetches KECCAK-KMAC-* from its
// library context: with armaccel preferred it runs on armaccel's sponge and
// must still give KMAC's values.
TEST(Kmac, DefaultProviderKmacOnArmaccelSponge) {
  OSSL_LIB_CTX* ctx = OSSL_LIB_CTX_new();
  ASSERT_NE(ctx, nullptr);
  ASSERT_EQ(OSSL_PROVIDER_set_default_search_path(ctx, module_dir().c_str()), 1);
  OSSL_PROVIDER* arm = OSSL_PROVIDER_load(ctx, "armaccel");
  OSSL_PROVIDER* def = OSSL_PROVIDER_load(ctx, "default");
  ASSERT_NE(arm, nullptr);
  ASSERT_NE(def, nullptr);
  ASSERT_EQ(EVP_set_default_properties(ctx, "?provider=armaccel"), 1);
  ASSERT_NE(ctx, nullptr);
  Rng rng(31);
  for (const char* name : {"KMAC-128", "KMAC-256"}) {
    const Bytes key = rng.bytes(32), msg = rng.bytes(700);
    Bytes outs[2];
    OSSL_LIB_CTX* libs[2] = {ctx, oracle_libctx()};
    for (int w = 0; w < 2; ++w) {
      EVP_MAC* mac = EVP_MAC_fetch(libs[w], name, nullptr);
      ASSERT_NE(mac, nullptr);
      EVP_MAC_CTX* m = EVP_MAC_CTX_new(mac);
      char custom[] = "armaccel";
      OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, custom, 8),
                        OSSL_PARAM_construct_end()};
      outs[w].resize(64);
      std::size_t outl = 0;
      ASSERT_EQ(EVP_MAC_init(m, key.data(), key.size(), p), 1);
      ASSERT_EQ(EVP_MAC_update(m, msg.data(), msg.size()), 1);
      ASSERT_EQ(EVP_MAC_final(m, outs[w].data(), &outl, outs[w].size()), 1);
      outs[w].resize(outl);
      EVP_MAC_CTX_free(m);
      EVP_MAC_free(mac);
    }
    EXPECT_EQ(outs[0], outs[1]) << name;
  }
  // And the sponge it used was armaccel's.
  EVP_MD* md = EVP_MD_fetch(ctx, "KECCAK-KMAC-128", nullptr);
  ASSERT_NE(md, nullptr);
  EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)), "armaccel");
  EVP_MD_free(md);
  OSSL_PROVIDER_unload(def);
  OSSL_PROVIDER_unload(arm);
  OSSL_LIB_CTX_free(ctx);
}

// Long squeezes (1 MiB, by EVP_DigestFinalXOF) equal the default provider's;
// an "xoflen" larger than EVP_DigestFinal_ex may write (EVP_MAX_MD_SIZE) is
// refused there with an error instead of overrunning the caller's buffer,
// up to SIZE_MAX.
TEST(XofLengths, HugeSqueezeAndOversizedFinal) {
  Rng rng(32);
  const Bytes msg = rng.bytes(200);
  for (const char* name : {"SHAKE-128", "SHAKE-256"}) {
    MdPtr mine = armaccel_md(name), ref = oracle_md(name);
    ASSERT_NE(mine, nullptr);
    const std::size_t big = std::size_t{1} << 20;
    EXPECT_EQ(xof(mine.get(), msg, big), xof(ref.get(), msg, big)) << name;
    if (runtime_at_least(3, 5)) {
      // OpenSSL 3.5+'s EVP_DigestFinal_ex writes "xoflen" bytes (it asks
      // the context for its length), as with the default provider, and
      // itself refuses a length beyond INT_MAX without calling the provider.
      for (std::size_t xoflen : {std::size_t{EVP_MAX_MD_SIZE + 1}, SIZE_MAX}) {
        Bytes outs[2];
        for (int which = 0; which < 2; ++which) {
          MdCtxPtr ctx(EVP_MD_CTX_new());
          const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &xoflen),
                                  OSSL_PARAM_construct_end()};
          ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), which == 0 ? mine.get() : ref.get(), p), 1);
          ASSERT_EQ(EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()), 1);
          outs[which].assign(EVP_MAX_MD_SIZE + 16, 0xa5);
          unsigned int got = 0;
          const int ok = EVP_DigestFinal_ex(ctx.get(), outs[which].data(), &got);
          EXPECT_EQ(ok, xoflen == SIZE_MAX ? 0 : 1) << name << " " << xoflen << " " << which;
          if (ok == 1) {
            EXPECT_EQ(got, xoflen) << name;
          }
          drain_errors();
        }
        EXPECT_EQ(outs[0], outs[1]) << name << " " << xoflen;
      }
      continue;
    }
    for (std::size_t xoflen : {std::size_t{EVP_MAX_MD_SIZE + 1}, std::size_t{1} << 20, SIZE_MAX}) {
      MdCtxPtr ctx(EVP_MD_CTX_new());
      const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &xoflen),
                              OSSL_PARAM_construct_end()};
      ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), mine.get(), p), 1);
      ASSERT_EQ(EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()), 1);
      Bytes out(EVP_MAX_MD_SIZE + 16, 0xa5);
      unsigned int got = 0;
      EXPECT_EQ(EVP_DigestFinal_ex(ctx.get(), out.data(), &got), 0) << name << " " << xoflen;
      // "invalid digest size"; for SIZE_MAX, which OpenSSL 3.4+ reads as "no
      // length set", the default provider's "invalid digest length".
      EXPECT_NE(drain_errors().find("invalid digest "), std::string::npos);
      for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], 0xa5) << name << " byte " << i;
    }
  }
}

// A fixed-length digest has no "xoflen": EVP_DigestFinalXOF and setting it
// fail (as with the default provider), and nothing is written.
TEST(Sha3Misuse, FixedLengthDigestsAreNotXofs) {
  for (const char* name : {"SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "KECCAK-256"}) {
    MdPtr md = armaccel_md(name);
    ASSERT_NE(md, nullptr);
    MdCtxPtr ctx(EVP_MD_CTX_new());
    ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
    ASSERT_EQ(EVP_DigestUpdate(ctx.get(), "abc", 3), 1);
    Bytes out(100, 0xaa);
    EXPECT_EQ(EVP_DigestFinalXOF(ctx.get(), out.data(), out.size()), 0) << name;
    drain_errors();
    EXPECT_EQ(out, Bytes(100, 0xaa)) << name;
    std::size_t len = 10;
    const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &len),
                            OSSL_PARAM_construct_end()};
    // Refused without an error, as EVP refuses it for the default
    // provider's SHA-3, which has no settable parameters.
    EXPECT_EQ(EVP_MD_CTX_set_params(ctx.get(), p), 0) << name;
    EXPECT_EQ(ERR_peek_error(), 0u) << drain_errors();
  }
}

// A refused length does not stick: EVP_DigestFinal_ex (which asks for the
// digest size) still gives the digest, as with the default provider; only
// a final asked for the refused length fails.
TEST(Sha3Misuse, RefusedLengthOnlyFailsThatLength) {
  MdPtr md = armaccel_md("SHA3-256"), ref = oracle_md("SHA3-256");
  const Bytes msg = Rng(33).bytes(77);
  unsigned char want[32];
  unsigned int want_len = 0;
  ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), want, &want_len, ref.get(), nullptr), 1);
  std::size_t len = 64;
  const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &len),
                          OSSL_PARAM_construct_end()};
  MdCtxPtr ctx(EVP_MD_CTX_new());
  ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
  ASSERT_EQ(EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()), 1);
  EXPECT_EQ(EVP_MD_CTX_set_params(ctx.get(), p), 0);
  drain_errors();
  unsigned char got[64];
  unsigned int got_len = 0;
  ASSERT_EQ(EVP_DigestFinal_ex(ctx.get(), got, &got_len), 1) << drain_errors();
  EXPECT_EQ(Bytes(got, got + got_len), Bytes(want, want + want_len));
  // The refused length itself fails in final (what 3.4+'s
  // EVP_DigestFinalXOF does after the setting failed), through the
  // provider's entries.
  auto* dnew = reinterpret_cast<OSSL_FUNC_digest_newctx_fn*>(
      find_dispatch(OSSL_OP_DIGEST, "SHA3-256", OSSL_FUNC_DIGEST_NEWCTX));
  auto* dinit = reinterpret_cast<OSSL_FUNC_digest_init_fn*>(
      find_dispatch(OSSL_OP_DIGEST, "SHA3-256", OSSL_FUNC_DIGEST_INIT));
  auto* dset = reinterpret_cast<OSSL_FUNC_digest_set_ctx_params_fn*>(
      find_dispatch(OSSL_OP_DIGEST, "SHA3-256", OSSL_FUNC_DIGEST_SET_CTX_PARAMS));
  auto* dfinal = reinterpret_cast<OSSL_FUNC_digest_final_fn*>(
      find_dispatch(OSSL_OP_DIGEST, "SHA3-256", OSSL_FUNC_DIGEST_FINAL));
  auto* dfree = reinterpret_cast<OSSL_FUNC_digest_freectx_fn*>(
      find_dispatch(OSSL_OP_DIGEST, "SHA3-256", OSSL_FUNC_DIGEST_FREECTX));
  ASSERT_TRUE(dnew && dinit && dset && dfinal && dfree);
  void* raw = dnew(OSSL_PROVIDER_get0_provider_ctx(armaccel_provider()));
  ASSERT_EQ(dinit(raw, nullptr), 1);
  EXPECT_EQ(dset(raw, p), 0);
  drain_errors();
  std::size_t outl = 0;
  EXPECT_EQ(dfinal(raw, got, &outl, sizeof got), 0);
  EXPECT_NE(drain_errors().find("invalid digest size"), std::string::npos);
  dfree(raw);
}

TEST(Sha3Misuse, FinalBufferTooSmallAndUpdateAfterFinal) {
  MdPtr md = armaccel_md("SHA3-256");
  MdCtxPtr ctx(EVP_MD_CTX_new());
  ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
  unsigned char d[64];
  unsigned int l = 0;
  ASSERT_EQ(EVP_DigestFinal_ex(ctx.get(), d, &l), 1);
  EXPECT_EQ(EVP_DigestUpdate(ctx.get(), d, 1), 0);
  // OpenSSL 3.5+'s EVP refuses the update itself ("update error").
  EXPECT_NE(
      drain_errors().find(runtime_at_least(3, 5) ? "update error" : "update called after final"),
      std::string::npos);
  // SHA3-256 is not an XOF: EVP refuses FinalXOF (no provider call).
  ASSERT_EQ(EVP_DigestInit_ex2(ctx.get(), md.get(), nullptr), 1);
  EXPECT_EQ(EVP_DigestFinalXOF(ctx.get(), d, 16), 0);
  drain_errors();
}

}  // namespace
}  // namespace armaccel::test
