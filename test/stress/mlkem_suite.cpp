// SPDX-License-Identifier: Apache-2.0
// ML-KEM-768 share of the stress workload, on NIST ACVP's known answers
// (OpenSSL 3.0 has no ML-KEM to compare with).  Shared: one server key
// pair (the ACVP decapsulation group's dk) and the encapsulation keys of
// the ACVP encapsulation cases.  Each operation, with its own
// EVP_PKEY_CTX as a TLS handshake has: a deterministic encapsulation
// ("ikme") that must give ACVP's ciphertext and secret, a decapsulation of
// an ACVP ciphertext (some modified: the implicit-rejection secret), and a
// random encapsulation to the shared server key (or, one time in four, to
// a key pair the thread generates) whose secret the decapsulation must
// recover.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "stress.h"

namespace armaccel::test::stress {
namespace {

constexpr const char* kAlg = "ML-KEM-768";
constexpr const char* kPropq = "provider=armaccel";

Bytes hex(const nlohmann::json& v) {
  return from_hex(v.get<std::string>());
}

PkeyPtr key_from(OSSL_LIB_CTX* lib, int selection, const char* param, const Bytes& value) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(lib, kAlg, kPropq));
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(
                             param, const_cast<std::uint8_t*>(value.data()), value.size()),
                         OSSL_PARAM_construct_end()};
  EVP_PKEY* pkey = nullptr;
  const bool ok = ctx != nullptr && EVP_PKEY_fromdata_init(ctx.get()) == 1 &&
                  EVP_PKEY_fromdata(ctx.get(), &pkey, selection, params) == 1;
  EXPECT_TRUE(ok) << kAlg << " key: " << drain_errors();
  return PkeyPtr(ok ? pkey : nullptr);
}

bool encapsulate(OSSL_LIB_CTX* lib, EVP_PKEY* pkey, const Bytes* m, Bytes* ct, Bytes* secret) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(lib, pkey, kPropq));
  OSSL_PARAM params[] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
  if (m != nullptr)
    params[0] =
        OSSL_PARAM_construct_octet_string("ikme", const_cast<std::uint8_t*>(m->data()), m->size());
  std::size_t ctlen = 1088, slen = 32;
  ct->assign(ctlen, 0);
  secret->assign(slen, 0);
  return ctx != nullptr && EVP_PKEY_encapsulate_init(ctx.get(), params) == 1 &&
         EVP_PKEY_encapsulate(ctx.get(), ct->data(), &ctlen, secret->data(), &slen) == 1 &&
         ctlen == ct->size() && slen == secret->size();
}

PkeyPtr generate(OSSL_LIB_CTX* lib) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(lib, kAlg, kPropq));
  EVP_PKEY* pkey = nullptr;
  if (ctx == nullptr || EVP_PKEY_keygen_init(ctx.get()) != 1 ||
      EVP_PKEY_generate(ctx.get(), &pkey) != 1)
    return nullptr;
  return PkeyPtr(pkey);
}

bool decapsulate(OSSL_LIB_CTX* lib, EVP_PKEY* pkey, const Bytes& ct, Bytes* secret) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(lib, pkey, kPropq));
  std::size_t slen = 32;
  secret->assign(slen, 0);
  return ctx != nullptr && EVP_PKEY_decapsulate_init(ctx.get(), nullptr) == 1 &&
         EVP_PKEY_decapsulate(ctx.get(), secret->data(), &slen, ct.data(), ct.size()) == 1 &&
         slen == secret->size();
}

class MlkemSuite : public Suite {
 public:
  explicit MlkemSuite(OSSL_LIB_CTX* lib) : lib_(lib) {
    std::ifstream in(vectors_dir() +
                     "/mlkem/acvp/ML-KEM-encapDecap-FIPS203/internalProjection.json");
    EXPECT_TRUE(in.good()) << "ML-KEM ACVP encapDecap";
    if (!in.good()) return;
    const nlohmann::json doc = nlohmann::json::parse(in);
    for (const auto& g : doc["testGroups"]) {
      if (g["parameterSet"] != kAlg) continue;
      if (g["function"] == "encapsulation") {
        for (const auto& t : g["tests"])
          encaps_.push_back(
              {key_from(lib, EVP_PKEY_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY, hex(t["ek"])),
               hex(t["m"]), hex(t["c"]), hex(t["k"])});
      } else {
        server_ = key_from(lib, EVP_PKEY_KEYPAIR, OSSL_PKEY_PARAM_PRIV_KEY, hex(g["dk"]));
        for (const auto& t : g["tests"]) decaps_.push_back({hex(t["c"]), hex(t["k"])});
      }
    }
    EXPECT_EQ(encaps_.size(), 25u);
    EXPECT_EQ(decaps_.size(), 10u);
    EXPECT_NE(server_, nullptr);
  }
  std::string name() const override { return kAlg; }
  std::size_t cases() const override { return encaps_.empty() || decaps_.empty() ? 0 : 50; }

  void run(std::size_t index, ThreadContexts&, Rng&, Tally& tally) const override {
    const Encap& e = encaps_[index % encaps_.size()];
    Bytes ct, secret;
    if (tally.check(encapsulate(lib_, e.ek.get(), &e.m, &ct, &secret), kAlg, index,
                    "encapsulation with ikme failed")) {
      tally.check(ct == e.c, kAlg, index, "wrong ciphertext (ACVP encapsulation)");
      tally.check(secret == e.k, kAlg, index, "wrong secret (ACVP encapsulation)");
    }
    const Decap& d = decaps_[index % decaps_.size()];
    if (tally.check(decapsulate(lib_, server_.get(), d.c, &secret), kAlg, index,
                    "decapsulation failed"))
      tally.check(secret == d.k, kAlg, index, "wrong secret (ACVP decapsulation)");
    PkeyPtr fresh = index % 4 == 0 ? generate(lib_) : nullptr;
    EVP_PKEY* key = index % 4 == 0 ? fresh.get() : server_.get();
    if (!tally.check(key != nullptr, kAlg, index, "key generation failed")) return;
    Bytes recovered;
    if (tally.check(
            encapsulate(lib_, key, nullptr, &ct, &secret) && decapsulate(lib_, key, ct, &recovered),
            kAlg, index, "random encapsulation round trip failed"))
      tally.check(recovered == secret, kAlg, index, "decapsulation did not recover the secret");
  }

 private:
  struct Encap {
    PkeyPtr ek;
    Bytes m, c, k;
  };
  struct Decap {
    Bytes c, k;
  };
  OSSL_LIB_CTX* lib_;
  PkeyPtr server_;
  std::vector<Encap> encaps_;
  std::vector<Decap> decaps_;
};

}  // namespace

void add_mlkem_suite(Suites& out, OSSL_LIB_CTX* lib) {
  out.push_back(std::make_unique<MlkemSuite>(lib));
}

}  // namespace armaccel::test::stress
