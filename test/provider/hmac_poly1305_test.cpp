// SPDX-License-Identifier: Apache-2.0
// HMAC and Poly1305 through EVP_MAC with armaccel: OpenSSL's evp HMAC
// stanzas, RFC 4231, NIST's HMAC.rsp (truncated MACs), Wycheproof hmac_*
// (every case, incl. HMAC-SM3 on a digest armaccel drives through EVP),
// RFC 8439 §2.5.2 and Appendix A.3 for Poly1305; random keys of every
// length class (empty, below, at and above the block size), messages and
// update splits against OpenSSL's default provider for every digest both
// have (and for digests only the default provider has); copies, re-init,
// the "tls-data-size" record check libssl uses, parameter lists, misuse.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mac_runner.h"
#include "ossl_helpers.h"
#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {
namespace {

// One HMAC (digest != "") or Poly1305 computation; "" or the failing step
// (evp_test's names).
std::string run_mac(EVP_MAC* mac, const std::string& digest, const Bytes& key,
                    const std::vector<Bytes>& inputs, Bytes* out, std::size_t* size = nullptr,
                    std::size_t* block = nullptr) {
  OSSL_PARAM params[] = {digest.empty()
                             ? OSSL_PARAM_construct_end()
                             : OSSL_PARAM_construct_utf8_string(
                                   OSSL_MAC_PARAM_DIGEST, const_cast<char*>(digest.c_str()), 0),
                         OSSL_PARAM_construct_end()};
  return evp_mac_run(mac, params, key, inputs, out, size, block);
}

Bytes must_mac(EVP_MAC* mac, const std::string& digest, const Bytes& key,
               const std::vector<Bytes>& inputs) {
  Bytes out;
  const std::string err = run_mac(mac, digest, key, inputs, &out);
  EXPECT_EQ(err, "") << digest << " " << drain_errors();
  return out;
}

bool oracle_has_digest(const std::string& name) {
  MdPtr md(EVP_MD_fetch(oracle_libctx(), name.c_str(), "provider=default"));
  drain_errors();
  return md != nullptr;
}

TEST(OpensslEvpFiles, HmacStanzas) {
  MacPtr hmac = armaccel_mac("HMAC");
  int run = 0;
  for (const Stanza& s : parse_evp_file(vectors_dir() + "/openssl-evp/evpmac_common.txt")) {
    if (s.get("MAC") != "HMAC") continue;  // "HMAC by EVP_PKEY" is not EVP_MAC
    const std::string digest = s.get("Algorithm");
    if (!s.has("Result") && !oracle_has_digest(digest)) continue;  // SHA256-192: OpenSSL 3.2+
    std::vector<Bytes> inputs;
    for (const std::string& in : s.all("Input")) inputs.push_back(evp_value(in));
    SCOPED_TRACE(::testing::Message() << digest << " line " << s.line);
    Bytes out;
    std::size_t size = 0, block = 0;
    const std::string err =
        run_mac(hmac.get(), digest, evp_value(s.get("Key")), inputs, &out, &size, &block);
    const std::string errors = drain_errors();
    expect_mac_stanza(s, err, errors, out, size, block);
    ++run;
  }
  // The SHA256-192 stanzas run where the runtime has that digest (3.2+).
  EXPECT_EQ(run, runtime_at_least(3, 2) ? 33 : 30);
}

TEST(Rfc4231, HmacSha2Cases) {
  MacPtr hmac = armaccel_mac("HMAC");
  int run = 0;
  for (const char* bits : {"224", "256", "384", "512"}) {
    const std::string file = vectors_dir() + "/rfc/HMAC/rfc-4231-sha" + bits + ".txt";
    for (const RspRecord& r : parse_rsp_file(file)) {
      const Bytes md = from_hex(r.get("MD"));
      EXPECT_EQ(to_hex(must_mac(hmac.get(), std::string("SHA") + bits, from_hex(r.get("KEY")),
                                {from_hex(r.get("MSG"))})),
                to_hex(md))
          << file << " line " << r.line;
      ++run;
    }
  }
  EXPECT_EQ(run, 24);
}

TEST(NistCavs, HmacRspWithTruncatedMacs) {
  MacPtr hmac = armaccel_mac("HMAC");
  int run = 0;
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/nist/hmac/HMAC.rsp")) {
    if (!r.has("MAC")) continue;
    const std::string l = r.settings.at("L");
    const std::string digest = l == "20"   ? "SHA1"
                               : l == "28" ? "SHA224"
                               : l == "32" ? "SHA256"
                               : l == "48" ? "SHA384"
                                           : "SHA512";
    Bytes out = must_mac(hmac.get(), digest, from_hex(r.get("KEY")), {from_hex(r.get("MSG"))});
    out.resize(std::stoul(r.get("TLEN")));
    EXPECT_EQ(to_hex(out), to_hex(from_hex(r.get("MAC")))) << "line " << r.line;
    ++run;
  }
  EXPECT_GT(run, 1000);
}

// Wycheproof: valid cases give the tag (truncated to tagSize); invalid ones
// (modified tags) differ from it.
TEST(Wycheproof, HmacEveryCase) {
  const std::pair<const char*, const char*> files[] = {
      {"hmac_sha256_test.json", "SHA2-256"},
      {"hmac_sha384_test.json", "SHA2-384"},
      {"hmac_sha512_224_test.json", "SHA2-512/224"},
      {"hmac_sha512_256_test.json", "SHA2-512/256"},
      {"hmac_sha3_224_test.json", "SHA3-224"},
      {"hmac_sha3_256_test.json", "SHA3-256"},
      {"hmac_sha3_384_test.json", "SHA3-384"},
      {"hmac_sha3_512_test.json", "SHA3-512"},
      {"hmac_sm3_test.json", "SM3"},
  };
  MacPtr hmac = armaccel_mac("HMAC");
  for (const auto& [file, digest] : files) {
    std::ifstream in(vectors_dir() + "/wycheproof/" + file);
    ASSERT_TRUE(in.good()) << file;
    const nlohmann::json doc = nlohmann::json::parse(in);
    int valid = 0, invalid = 0;
    for (const auto& group : doc["testGroups"]) {
      const std::size_t tag_bytes = group["tagSize"].get<std::size_t>() / 8;
      for (const auto& t : group["tests"]) {
        SCOPED_TRACE(::testing::Message() << file << " tcId " << t["tcId"]);
        Bytes out = must_mac(hmac.get(), digest, from_hex(t["key"].get<std::string>()),
                             {from_hex(t["msg"].get<std::string>())});
        out.resize(tag_bytes);
        const std::string tag = to_hex(from_hex(t["tag"].get<std::string>()));
        if (t["result"] == "valid") {
          EXPECT_EQ(to_hex(out), tag);
          ++valid;
        } else {
          EXPECT_NE(to_hex(out), tag);
          ++invalid;
        }
      }
    }
    EXPECT_EQ(valid, 66) << file;
    EXPECT_GT(invalid, 100) << file;
  }
}

// Every digest of armaccel's (HMAC-able) and some only the default provider
// has, against the default provider's HMAC.
class HmacOracle : public ::testing::TestWithParam<const char*> {};

TEST_P(HmacOracle, RandomKeysMessagesSplitsAndCopies) {
  const std::string digest = GetParam();
  MacPtr mine = armaccel_mac("HMAC"), ref = oracle_mac("HMAC");
  Rng rng(60 + digest.size());
  MdPtr md = fetch_md(oracle_libctx(), digest, "provider=default");
  ASSERT_NE(md, nullptr);
  const std::size_t block = static_cast<std::size_t>(EVP_MD_get_block_size(md.get()));
  const std::size_t key_lengths[] = {0, 1, 20, block - 1, block, block + 1, 3 * block + 5};
  for (std::size_t klen : key_lengths) {
    for (int trial = 0; trial < 6; ++trial) {
      const Bytes key = rng.bytes(klen), msg = rng.bytes(rng.below(3 * block + 40));
      const std::vector<Bytes> parts = random_pieces(rng, msg);
      ASSERT_EQ(to_hex(must_mac(mine.get(), digest, key, parts)),
                to_hex(must_mac(ref.get(), digest, key, {msg})))
          << "key " << klen << " msg " << msg.size();
    }
  }
  // A copy mid-message, and a re-init without a key, give the same MAC.
  const Bytes key = rng.bytes(block + 3), head = rng.bytes(50), tail = rng.bytes(90);
  const Bytes expect = must_mac(ref.get(), digest, key, {head, tail});
  MacCtxPtr ctx(EVP_MAC_CTX_new(mine.get()));
  OSSL_PARAM p[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>(digest.c_str()), 0),
      OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_MAC_init(ctx.get(), key.data(), key.size(), p), 1);
  ASSERT_EQ(EVP_MAC_update(ctx.get(), head.data(), head.size()), 1);
  MacCtxPtr copy(EVP_MAC_CTX_dup(ctx.get()));
  ASSERT_NE(copy, nullptr);
  for (EVP_MAC_CTX* x : {ctx.get(), copy.get()}) {
    Bytes out(64);
    std::size_t outl = 0;
    ASSERT_EQ(EVP_MAC_update(x, tail.data(), tail.size()), 1);
    ASSERT_EQ(EVP_MAC_final(x, out.data(), &outl, out.size()), 1);
    out.resize(outl);
    EXPECT_EQ(to_hex(out), to_hex(expect));
    ASSERT_EQ(EVP_MAC_init(x, nullptr, 0, nullptr), 1);  // same key, new message
    ASSERT_EQ(EVP_MAC_update(x, head.data(), head.size()), 1);
    ASSERT_EQ(EVP_MAC_update(x, tail.data(), tail.size()), 1);
    ASSERT_EQ(EVP_MAC_final(x, out.data(), &outl, out.size()), 1);
    EXPECT_EQ(to_hex(out.data(), outl), to_hex(expect));
  }
}

INSTANTIATE_TEST_SUITE_P(Digests, HmacOracle,
                         ::testing::Values("SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512",
                                           "SHA2-512/224", "SHA2-512/256", "SHA3-224", "SHA3-256",
                                           "SHA3-384", "SHA3-512", "SHA1", "MD5", "SM3",
                                           "BLAKE2S-256"),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (char& c : s)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return s;
                         });

// libssl's MAC check of a MAC-then-encrypt CBC record: the key set once,
// a copy per record, "tls-data-size" = the record's maximal data length,
// then the 13-byte header and the data (of secret length) as two updates.
TEST(Hmac, TlsDataSizeRecordCheckMatchesDefault) {
  MacPtr mine = armaccel_mac("HMAC"), ref = oracle_mac("HMAC");
  Rng rng(61);
  int checked = 0, refused = 0;
  for (const char* digest : {"SHA1", "SHA256", "SHA384"}) {
    const Bytes key = rng.bytes(32);
    const std::size_t md_size = std::string(digest) == "SHA1" ? 20 : digest[3] == '2' ? 32 : 48;
    for (std::size_t orig_len : {64u, 300u, 1000u}) {
      // The record is data || MAC || padding (1..256 bytes).
      for (std::size_t pad : {1u, 16u, 100u, 256u}) {
        if (orig_len < md_size + pad) continue;
        const std::size_t data_len = orig_len - md_size - pad;
        const Bytes header = rng.bytes(13), data = rng.bytes(orig_len);
        Bytes results[2];
        int ok[2] = {0, 0};
        for (int which = 0; which < 2; ++which) {
          MacCtxPtr keyed(EVP_MAC_CTX_new(which == 0 ? mine.get() : ref.get()));
          OSSL_PARAM p[] = {
              OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>(digest), 0),
              OSSL_PARAM_construct_end()};
          ASSERT_EQ(EVP_MAC_init(keyed.get(), key.data(), key.size(), p), 1);
          MacCtxPtr rec(EVP_MAC_CTX_dup(keyed.get()));
          std::size_t size = orig_len;
          OSSL_PARAM t[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &size),
                            OSSL_PARAM_construct_end()};
          ASSERT_EQ(EVP_MAC_CTX_set_params(rec.get(), t), 1) << drain_errors();
          results[which].assign(64, 0);
          std::size_t outl = 0;
          ok[which] = EVP_MAC_update(rec.get(), header.data(), 13) == 1 &&
                      EVP_MAC_update(rec.get(), data.data(), data_len) == 1 &&
                      EVP_MAC_final(rec.get(), results[which].data(), &outl, 64) == 1;
          results[which].resize(ok[which] ? outl : 0);
          drain_errors();
        }
        // Records the default provider's check refuses are refused alike.
        ASSERT_EQ(ok[0], ok[1]) << digest << " " << orig_len << " " << data_len;
        if (!ok[0]) {
          ++refused;
          continue;
        }
        ++checked;
        EXPECT_EQ(to_hex(results[0]), to_hex(results[1])) << digest << " " << data_len;
        // And it is the plain HMAC of header || data.
        Bytes plain(header);
        plain.insert(plain.end(), data.begin(), data.begin() + static_cast<long>(data_len));
        EXPECT_EQ(to_hex(results[0]), to_hex(must_mac(ref.get(), digest, key, {plain})));
      }
    }
  }
  EXPECT_GE(checked, 20);
  EXPECT_LE(refused, 3);
}

// "tls-data-size" given to EVP_MAC_init itself (on a fresh context, with a
// new key, or with no key) puts the message it starts in TLS mode, as with
// the default provider: the record check runs (a 12-byte first update is
// refused) and the MAC equals the default provider's.
TEST(Hmac, TlsDataSizeGivenToInit) {
  MacPtr mine = armaccel_mac("HMAC"), ref = oracle_mac("HMAC");
  Rng rng(63);
  const Bytes k1 = rng.bytes(32), k2 = rng.bytes(32), header = rng.bytes(13), data = rng.bytes(300);
  char digest[] = "SHA256";
  std::size_t size = data.size();
  const OSSL_PARAM d[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                          OSSL_PARAM_construct_end()};
  const OSSL_PARAM dt[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                           OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &size),
                           OSSL_PARAM_construct_end()};
  const OSSL_PARAM t[] = {OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_TLS_DATA_SIZE, &size),
                          OSSL_PARAM_construct_end()};
  for (int how = 0; how < 3; ++how) {
    Bytes out[2];
    for (int which = 0; which < 2; ++which) {
      EVP_MAC* mac = which == 0 ? mine.get() : ref.get();
      for (bool short_header : {true, false}) {
        MacCtxPtr c(EVP_MAC_CTX_new(mac));
        bool ok = false;
        if (how == 0) ok = EVP_MAC_init(c.get(), k2.data(), k2.size(), dt) == 1;
        if (how == 1)
          ok = EVP_MAC_init(c.get(), k1.data(), k1.size(), d) == 1 &&
               EVP_MAC_init(c.get(), k2.data(), k2.size(), t) == 1;
        if (how == 2)
          ok = EVP_MAC_init(c.get(), k2.data(), k2.size(), d) == 1 &&
               EVP_MAC_init(c.get(), nullptr, 0, t) == 1;
        ASSERT_TRUE(ok) << how << " " << which << " " << drain_errors();
        if (short_header) {
          EXPECT_EQ(EVP_MAC_update(c.get(), header.data(), 12), 0) << how << " " << which;
          drain_errors();
          continue;
        }
        out[which].assign(64, 0);
        std::size_t outl = 0;
        ASSERT_EQ(EVP_MAC_update(c.get(), header.data(), 13), 1) << how;
        ASSERT_EQ(EVP_MAC_update(c.get(), data.data(), 200), 1) << how;
        ASSERT_EQ(EVP_MAC_final(c.get(), out[which].data(), &outl, 64), 1) << how;
        out[which].resize(outl);
      }
    }
    EXPECT_EQ(to_hex(out[0]), to_hex(out[1])) << how;
  }
}

// A refused "digest" leaves the MAC as it was (key and digest), and a long
// "properties" query is taken whole.
TEST(Hmac, RefusedDigestKeepsStateAndLongProperties) {
  MacPtr mine = armaccel_mac("HMAC"), ref = oracle_mac("HMAC");
  Rng rng(64);
  const Bytes key = rng.bytes(20), msg = rng.bytes(77);
  const Bytes expect = must_mac(ref.get(), "SHA256", key, {msg});
  MacCtxPtr c(EVP_MAC_CTX_new(mine.get()));
  char sha256[] = "SHA256", nope[] = "NOPE", shake[] = "SHAKE128";
  const OSSL_PARAM d[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, sha256, 0),
                          OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_MAC_init(c.get(), key.data(), key.size(), d), 1);
  for (char* bad : {nope, shake}) {
    const OSSL_PARAM b[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, bad, 0),
                            OSSL_PARAM_construct_end()};
    EXPECT_EQ(EVP_MAC_CTX_set_params(c.get(), b), 0) << bad;
    drain_errors();
    EXPECT_EQ(EVP_MAC_CTX_get_mac_size(c.get()), 32u) << bad;
    Bytes out(64);
    std::size_t outl = 0;
    ASSERT_EQ(EVP_MAC_init(c.get(), nullptr, 0, nullptr), 1) << bad << " " << drain_errors();
    ASSERT_EQ(EVP_MAC_update(c.get(), msg.data(), msg.size()), 1);
    ASSERT_EQ(EVP_MAC_final(c.get(), out.data(), &outl, out.size()), 1);
    out.resize(outl);
    EXPECT_EQ(to_hex(out), to_hex(expect)) << bad;
  }
  // A 150-character query (optional clauses the default provider ignores).
  std::string props = "provider=default";
  while (props.size() < 150) props += ",?armaccel-test-" + std::to_string(props.size()) + "=1";
  const OSSL_PARAM sm3[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>("SM3"), 0),
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_PROPERTIES, props.data(), 0),
      OSSL_PARAM_construct_end()};
  MacCtxPtr m(EVP_MAC_CTX_new(mine.get()));
  ASSERT_EQ(EVP_MAC_init(m.get(), key.data(), key.size(), sm3), 1) << drain_errors();
  Bytes out(64);
  std::size_t outl = 0;
  ASSERT_EQ(EVP_MAC_update(m.get(), msg.data(), msg.size()), 1);
  ASSERT_EQ(EVP_MAC_final(m.get(), out.data(), &outl, out.size()), 1);
  out.resize(outl);
  EXPECT_EQ(to_hex(out), to_hex(must_mac(ref.get(), "SM3", key, {msg})));
  // No digest yet: the size is 0, with EVP's reason (as the default
  // provider's HMAC, which asks EVP_MD_get_size of no digest).
  MacCtxPtr empty(EVP_MAC_CTX_new(mine.get()));
  EXPECT_EQ(EVP_MAC_CTX_get_mac_size(empty.get()), 0u);
  EXPECT_NE(drain_errors().find("message digest is null"), std::string::npos);
}

std::vector<std::string> names(const OSSL_PARAM* q) {
  std::vector<std::string> v;
  for (; q != nullptr && q->key != nullptr; ++q) v.emplace_back(q->key);
  return v;
}

TEST(Hmac, ParametersAsDefault) {
  MacPtr mine = armaccel_mac("HMAC"), ref = oracle_mac("HMAC");
  EXPECT_EQ(names(EVP_MAC_settable_ctx_params(mine.get())),
            names(EVP_MAC_settable_ctx_params(ref.get())));
  EXPECT_EQ(names(EVP_MAC_gettable_ctx_params(mine.get())),
            names(EVP_MAC_gettable_ctx_params(ref.get())));
  for (const char* digest : {"SHA256", "SHA3-224", "SHA512"}) {
    Bytes out;
    std::size_t size[2], block[2];
    ASSERT_EQ(run_mac(mine.get(), digest, Bytes(5, 1), {}, &out, &size[0], &block[0]), "");
    ASSERT_EQ(run_mac(ref.get(), digest, Bytes(5, 1), {}, &out, &size[1], &block[1]), "");
    EXPECT_EQ(size[0], size[1]) << digest;
    EXPECT_EQ(block[0], block[1]) << digest;
  }
}

TEST(Hmac, BadInput) {
  MacPtr mine = armaccel_mac("HMAC");
  // As the default provider: an unknown digest leaves the fetch's error
  // ("unsupported"), an XOF none (error_parity_mac_digest_test compares).
  const std::pair<const char*, const char*> cases[] = {
      {"NO-SUCH-DIGEST", "unsupported"},
      {"SHAKE128", ""},
      {"SHAKE-256", ""},
      {"KECCAK-KMAC-128", ""},
  };
  for (const auto& [digest, reason] : cases) {
    Bytes out;
    EXPECT_EQ(run_mac(mine.get(), digest, Bytes(16, 1), {Bytes(3, 2)}, &out), "MAC_INIT_ERROR");
    const std::string errors = drain_errors();
    if (*reason != '\0')
      EXPECT_NE(errors.find(reason), std::string::npos) << digest;
    else
      EXPECT_EQ(errors, "") << digest;
  }
  MacCtxPtr ctx(EVP_MAC_CTX_new(mine.get()));
  const Bytes key(16, 1), msg(10, 2);
  EXPECT_EQ(EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr), 0);  // no digest
  EXPECT_EQ(drain_errors(), "");
  OSSL_PARAM p[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>("SHA256"), 0),
      OSSL_PARAM_construct_end()};
  ASSERT_EQ(EVP_MAC_CTX_set_params(ctx.get(), p), 1);
  EXPECT_EQ(EVP_MAC_update(ctx.get(), msg.data(), msg.size()), 0);  // no key
  EXPECT_EQ(drain_errors(), "");
  ASSERT_EQ(EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr), 1);
  Bytes out(32);
  std::size_t outl = 0;
  EXPECT_EQ(EVP_MAC_final(ctx.get(), out.data(), &outl, 31), 0);
  drain_errors();  // (EVP itself refuses a short buffer)
  ASSERT_EQ(EVP_MAC_final(ctx.get(), out.data(), &outl, 32), 1);
  EXPECT_EQ(EVP_MAC_update(ctx.get(), msg.data(), msg.size()), 0);
  EXPECT_NE(drain_errors().find("update called after final"), std::string::npos);
}

TEST(Poly1305Mac, Rfc8439Vectors) {
  MacPtr mine = armaccel_mac("POLY1305");
  const std::string text = "Cryptographic Forum Research Group";
  EXPECT_EQ(
      to_hex(must_mac(mine.get(), "",
                      from_hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"),
                      {Bytes(text.begin(), text.end())})),
      "a8061dc1305136c6c22b8baf0c0127a9");
  int run = 0;
  for (const RspRecord& r : parse_rsp_file(vectors_dir() + "/rfc/poly1305/rfc7539.txt")) {
    EXPECT_EQ(to_hex(must_mac(mine.get(), "", from_hex(r.get("KEY")), {from_hex(r.get("MSG"))})),
              to_hex(from_hex(r.get("TAG"))))
        << "line " << r.line;
    ++run;
  }
  EXPECT_EQ(run, 11);
}

TEST(Poly1305Mac, OracleSplitsAndCopies) {
  MacPtr mine = armaccel_mac("POLY1305"), ref = oracle_mac("POLY1305");
  Rng rng(62);
  for (int trial = 0; trial < 100; ++trial) {
    const Bytes key = rng.bytes(32), msg = rng.bytes(trial < 40 ? trial : rng.below(2000));
    const std::vector<Bytes> parts = random_pieces(rng, msg);
    ASSERT_EQ(to_hex(must_mac(mine.get(), "", key, parts)),
              to_hex(must_mac(ref.get(), "", key, {msg})))
        << "trial " << trial;
  }
  const Bytes key = rng.bytes(32), head = rng.bytes(21), tail = rng.bytes(50);
  const Bytes expect = must_mac(ref.get(), "", key, {head, tail});
  MacCtxPtr ctx(EVP_MAC_CTX_new(mine.get()));
  ASSERT_EQ(EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr), 1);
  ASSERT_EQ(EVP_MAC_update(ctx.get(), head.data(), head.size()), 1);
  MacCtxPtr copy(EVP_MAC_CTX_dup(ctx.get()));
  for (EVP_MAC_CTX* x : {ctx.get(), copy.get()}) {
    Bytes out(16);
    std::size_t outl = 0;
    ASSERT_EQ(EVP_MAC_update(x, tail.data(), tail.size()), 1);
    ASSERT_EQ(EVP_MAC_final(x, out.data(), &outl, 16), 1);
    EXPECT_EQ(to_hex(out), to_hex(expect));
  }
  EXPECT_EQ(names(EVP_MAC_settable_ctx_params(mine.get())),
            names(EVP_MAC_settable_ctx_params(ref.get())));
}

TEST(Poly1305Mac, OneTimeKeyRules) {
  MacPtr mine = armaccel_mac("POLY1305");
  const Bytes key(32, 1), msg(10, 2);
  Bytes out;
  for (std::size_t bad : {0u, 16u, 31u, 33u}) {
    EXPECT_EQ(run_mac(mine.get(), "", Bytes(bad, 1), {msg}, &out), "MAC_INIT_ERROR");
    EXPECT_NE(drain_errors().find("invalid key length"), std::string::npos) << bad;
  }
  MacCtxPtr ctx(EVP_MAC_CTX_new(mine.get()));
  EXPECT_EQ(EVP_MAC_update(ctx.get(), msg.data(), msg.size()), 0);
  EXPECT_NE(drain_errors().find("no key set"), std::string::npos);
  ASSERT_EQ(EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr), 1);
  ASSERT_EQ(EVP_MAC_init(ctx.get(), nullptr, 0, nullptr), 1);  // nothing MACed yet
  ASSERT_EQ(EVP_MAC_update(ctx.get(), msg.data(), msg.size()), 1);
  EXPECT_EQ(EVP_MAC_init(ctx.get(), nullptr, 0, nullptr), 0);  // the key is in use
  EXPECT_EQ(ERR_peek_error(), 0u) << drain_errors();           // (no error, as the default)
  out.assign(16, 0);
  std::size_t outl = 0;
  ASSERT_EQ(EVP_MAC_final(ctx.get(), out.data(), &outl, 16), 1);
  EXPECT_EQ(EVP_MAC_final(ctx.get(), out.data(), &outl, 16), 0);
  EXPECT_NE(drain_errors().find("one-time key"), std::string::npos);
  ASSERT_EQ(EVP_MAC_init(ctx.get(), key.data(), key.size(), nullptr), 1);  // a new key
  ASSERT_EQ(EVP_MAC_final(ctx.get(), out.data(), &outl, 16), 1);
}

}  // namespace
}  // namespace armaccel::test
