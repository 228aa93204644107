// SPDX-License-Identifier: Apache-2.0
// Error parity for the MACs (HMAC, CMAC, GMAC, Poly1305) and digests
// (SHA-2, SHA-3, SHAKE): the bad input of mac_test, hmac_poly1305_test,
// sha3_test, squeeze_test and bad_input_test, run on armaccel and on the
// default provider.
#include <openssl/core_names.h>

#include <string>
#include <vector>

#include "error_parity.h"

namespace armaccel::test {
namespace {

using Bytes = std::vector<unsigned char>;

// EVP_MAC_init with `cipher`/`digest` (whichever is non-null), a key of
// key_bytes and, unless iv_bytes < 0, an IV.
long mac_init(Trace& t, EVP_MAC_CTX* ctx, const char* cipher, const char* digest,
              std::size_t key_bytes, long iv_bytes, bool stricter = false) {
  const Bytes key(key_bytes, 1), iv(iv_bytes > 0 ? std::size_t(iv_bytes) : 1, 2);
  OSSL_PARAM p[4];
  int n = 0;
  if (cipher != nullptr)
    p[n++] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>(cipher), 0);
  if (digest != nullptr)
    p[n++] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>(digest), 0);
  if (iv_bytes >= 0)
    p[n++] = OSSL_PARAM_construct_octet_string(
        OSSL_MAC_PARAM_IV, const_cast<unsigned char*>(iv.data()), std::size_t(iv_bytes));
  p[n] = OSSL_PARAM_construct_end();
  const int rc = EVP_MAC_init(ctx, key.data(), key.size(), p);
  return stricter ? t.stricter("init", rc) : t.step("init", rc);
}

void mac_run(Trace& t, EVP_MAC_CTX* ctx, bool stricter = false) {
  const Bytes msg(20, 3);
  Bytes out(64);
  std::size_t outl = 0;
  const int u = EVP_MAC_update(ctx, msg.data(), msg.size());
  stricter ? t.stricter("update", u) : t.step("update", u);
  const int f = EVP_MAC_final(ctx, out.data(), &outl, out.size());
  stricter ? t.stricter("final", f) : t.step("final", f);
}

TEST(ErrorParity, CmacAndGmacBadInput) {
  struct Case {
    const char* mac;
    const char* cipher;
    std::size_t key_bytes;
    long iv_bytes;  // GMAC; -1 = no IV
  };
  const Case cases[] = {
      {"GMAC", "AES-128-CBC", 16, 12},    {"GMAC", "AES-128-GCM", 15, 12},
      {"GMAC", "AES-128-GCM", 16, 0},     {"GMAC", "AES-128-GCM", 16, -1},
      {"GMAC", "NO-SUCH-CIPHER", 16, 12}, {"GMAC", nullptr, 16, 12},
      {"CMAC", "AES-128-ECB", 16, -1},    {"CMAC", "AES-256-GCM", 32, -1},
      {"CMAC", "AES-256-CBC", 16, -1},    {"CMAC", "AES-128-CBC", 0, -1},
      {"CMAC", "NO-SUCH-CIPHER", 16, -1}, {"CMAC", "AES-128-CBC-CTS", 16, -1},
      {"CMAC", nullptr, 16, -1},          {"CMAC", "DES-EDE3-CBC", 7, -1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::Message() << c.mac << " " << (c.cipher ? c.cipher : "(none)") << " key "
                                      << c.key_bytes << " iv " << c.iv_bytes);
    expect_parity([&c](const Side& s, Trace& t) {
      MacPtr mac = s.mac(c.mac);
      MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
      // CMAC over a cipher that is not plain CBC: refused by OpenSSL 3.1+
      // for other modes and by armaccel for CBC-CTS too (docs/behaviour.md);
      // what follows a refused init is not compared.
      const std::string cipher = c.cipher != nullptr ? c.cipher : "";
      const bool cmac = std::string(c.mac) == "CMAC";
      const bool odd =
          cmac &&
          (cipher == "AES-128-CBC-CTS" ||
           ((cipher == "AES-128-ECB" || cipher == "AES-256-GCM") && !runtime_at_least(3, 1)));
      if (odd) {
        mac_init(t, ctx.get(), c.cipher, nullptr, c.key_bytes, c.iv_bytes, true);
        return;
      }
      mac_init(t, ctx.get(), c.cipher, nullptr, c.key_bytes, c.iv_bytes);
      // GMAC without an IV: the default provider MACs over a random one.
      mac_run(t, ctx.get(), !cmac && cipher == "AES-128-GCM" && c.iv_bytes < 0);
    });
  }
}

TEST(ErrorParity, CmacAndGmacParameters) {
  for (const char* name : {"GMAC", "CMAC"}) {
    SCOPED_TRACE(name);
    expect_parity([name](const Side& s, Trace& t) {
      MacPtr mac = s.mac(name);
      const bool gmac = std::string(name) == "GMAC";
      const char* cipher = gmac ? "AES-128-GCM" : "AES-128-CBC";
      for (const char* which : {"key", "iv"}) {
        MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
        OSSL_PARAM p[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, const_cast<char*>(cipher), 0),
            OSSL_PARAM_construct_octet_string(which, nullptr, 16), OSSL_PARAM_construct_end()};
        // A NULL key or IV of 16 bytes: the default provider's GMAC takes it.
        const std::string what = std::string("init with a null ") + which;
        if (gmac)
          t.stricter(what, EVP_MAC_init(ctx.get(), nullptr, 0, p));
        else
          t.step(what, EVP_MAC_init(ctx.get(), nullptr, 0, p));
      }
      MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
      const unsigned char byte = 0;
      t.step("update before init", EVP_MAC_update(ctx.get(), &byte, 1));
      mac_init(t, ctx.get(), cipher, nullptr, 16, gmac ? 12 : -1);
      Bytes out(16);
      std::size_t outl = 0;
      t.step("final into 15", EVP_MAC_final(ctx.get(), out.data(), &outl, 15));
      int i = 0;
      OSSL_PARAM q[] = {OSSL_PARAM_construct_int(OSSL_MAC_PARAM_CIPHER, &i),
                        OSSL_PARAM_construct_end()};
      t.step("cipher as int", EVP_MAC_CTX_set_params(ctx.get(), q));
    });
  }
}

TEST(ErrorParity, HmacBadInput) {
  for (const char* digest : {"NO-SUCH-DIGEST", "SHAKE128", "SHAKE-256", "KECCAK-KMAC-128"}) {
    SCOPED_TRACE(digest);
    expect_parity([digest](const Side& s, Trace& t) {
      MacPtr mac = s.mac("HMAC");
      MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
      mac_init(t, ctx.get(), nullptr, digest, 16, -1);
      mac_run(t, ctx.get());
    });
  }
  expect_parity([](const Side& s, Trace& t) {
    MacPtr mac = s.mac("HMAC");
    MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
    const Bytes key(16, 1), msg(10, 2);
    t.step("init without digest", EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr));
    OSSL_PARAM p[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>("SHA256"), 0),
        OSSL_PARAM_construct_end()};
    t.step("digest", EVP_MAC_CTX_set_params(ctx.get(), p));
    t.step("update without key", EVP_MAC_update(ctx.get(), msg.data(), msg.size()));
    t.step("init", EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr));
    Bytes out(32);
    std::size_t outl = 0;
    t.step("final into 31", EVP_MAC_final(ctx.get(), out.data(), &outl, 31));
    int size = 0;
    OSSL_PARAM q[] = {OSSL_PARAM_construct_int(OSSL_MAC_PARAM_DIGEST, &size),
                      OSSL_PARAM_construct_end()};
    t.step("digest as int", EVP_MAC_CTX_set_params(ctx.get(), q));
  });
}

TEST(ErrorParity, Poly1305KeyRules) {
  expect_parity([](const Side& s, Trace& t) {
    MacPtr mac = s.mac("POLY1305");
    const Bytes msg(10, 2);
    for (std::size_t bad : {0u, 16u, 31u, 33u}) {
      MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
      const Bytes key(bad, 1);
      t.step("init key " + std::to_string(bad), EVP_MAC_init(ctx.get(), key.data(), bad, nullptr));
    }
    MacCtxPtr ctx(EVP_MAC_CTX_new(mac.get()));
    const Bytes key(32, 1);
    t.step("init", EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr));
    Bytes out(16);
    std::size_t outl = 0;
    t.step("final into 15", EVP_MAC_final(ctx.get(), out.data(), &outl, 15));
  });
}

TEST(ErrorParity, DigestMisuse) {
  for (const char* alg : {"SHA2-256", "SHA2-512", "SHA3-256", "SHAKE-128"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg](const Side& s, Trace& t) {
      auto* newctx = s.fn<OSSL_FUNC_digest_newctx_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_NEWCTX);
      auto* init = s.fn<OSSL_FUNC_digest_init_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_INIT);
      auto* update = s.fn<OSSL_FUNC_digest_update_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_UPDATE);
      auto* final = s.fn<OSSL_FUNC_digest_final_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_FINAL);
      auto* freectx =
          s.fn<OSSL_FUNC_digest_freectx_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_FREECTX);
      ASSERT_TRUE(newctx && init && update && final && freectx) << s.name;
      void* ctx = newctx(s.provctx());
      t.step("init", init(ctx, nullptr));
      t.step("update nothing", update(ctx, nullptr, 0));
      unsigned char out[64];
      std::size_t outl = 0;
      // The default provider's SHA-3 writes 32 bytes into the 15.
      if (std::string(alg) == "SHA3-256")
        t.stricter("final into 15", final(ctx, out, &outl, 15));
      else
        t.step("final into 15", final(ctx, out, &outl, 15));
      freectx(ctx);
      // Through EVP: an XOF length on a fixed-length digest, a final
      // into a short XOF request.
      MdPtr md = s.md(alg);
      MdCtxPtr m(EVP_MD_CTX_new());
      t.step("EVP init", EVP_DigestInit_ex2(m.get(), md.get(), nullptr));
      size_t xoflen = 100;
      OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &xoflen),
                        OSSL_PARAM_construct_end()};
      t.step("set xoflen", EVP_MD_CTX_set_params(m.get(), p));
      char text[] = "1";
      OSSL_PARAM q[] = {OSSL_PARAM_construct_utf8_string(OSSL_DIGEST_PARAM_XOFLEN, text, 0),
                        OSSL_PARAM_construct_end()};
      t.step("xoflen as text", EVP_MD_CTX_set_params(m.get(), q));
    });
  }
}

// An XOF's output length, set by "xoflen" or EVP_DigestFinalXOF, stays for
// the next message when the same context is initialised again: the default
// provider's init restarts the sponge, not the length.  Through the
// provider's functions in every release; through EVP where it initialises
// the same context again (OpenSSL 3.5; 3.0 makes a new one).
TEST(ErrorParity, XofLengthKeptAcrossInit) {
  const auto hex = [](const unsigned char* p, std::size_t n) {
    static const char kDigits[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < n; ++i) (out += kDigits[p[i] >> 4]) += kDigits[p[i] & 15];
    return out;
  };
  for (const char* alg : {"SHAKE-128", "SHAKE-256", "KECCAK-KMAC-256"}) {
    SCOPED_TRACE(alg);
    expect_parity([alg, &hex](const Side& s, Trace& t) {
      unsigned char out[1024];
      auto* newctx = s.fn<OSSL_FUNC_digest_newctx_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_NEWCTX);
      auto* init = s.fn<OSSL_FUNC_digest_init_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_INIT);
      auto* set = s.fn<OSSL_FUNC_digest_set_ctx_params_fn>(OSSL_OP_DIGEST, alg,
                                                           OSSL_FUNC_DIGEST_SET_CTX_PARAMS);
      auto* final = s.fn<OSSL_FUNC_digest_final_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_FINAL);
      auto* freectx =
          s.fn<OSSL_FUNC_digest_freectx_fn>(OSSL_OP_DIGEST, alg, OSSL_FUNC_DIGEST_FREECTX);
      ASSERT_TRUE(newctx && init && set && final && freectx) << s.name;
      void* ctx = newctx(s.provctx());
      std::size_t xoflen = 3, outl = 0;
      OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &xoflen),
                        OSSL_PARAM_construct_end()};
      t.step("init", init(ctx, nullptr));
      t.step("xoflen 3", set(ctx, p));
      t.step("final", final(ctx, out, &outl, sizeof out));
      t.step("init again", init(ctx, nullptr));
      if (t.step("final again", final(ctx, out, &outl, sizeof out)) == 1)
        t.value("output", hex(out, outl));
      freectx(ctx);
      MdPtr md = s.md(alg);
      MdCtxPtr m(EVP_MD_CTX_new());
      t.step("EVP init", EVP_DigestInit_ex2(m.get(), md.get(), nullptr));
      t.step("EVP final xof 2", EVP_DigestFinalXOF(m.get(), out, 2));
      t.step("EVP init again", EVP_DigestInit_ex2(m.get(), md.get(), nullptr));
      t.step("EVP update", EVP_DigestUpdate(m.get(), "abc", 3));
      unsigned int len = 0;
      if (t.step("EVP final", EVP_DigestFinal_ex(m.get(), out, &len)) == 1)
        t.value("EVP output", hex(out, len));
    });
  }
}

}  // namespace
}  // namespace armaccel::test
