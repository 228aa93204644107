// SPDX-License-Identifier: Apache-2.0
// ML-KEM-512/768/1024 through EVP with a secret decapsulation key (s-hat
// and z marked; the ek and H(ek) inside dk are public), secret m and seeds:
// EVP_PKEY_fromdata from priv (the provider's key checks: modulus check of
// s-hat, hash check, pairwise consistency) and from seed (key generation),
// EVP_PKEY_encapsulate with ikme, EVP_PKEY_decapsulate of unmodified and
// modified ciphertexts (implicit rejection), against NIST ACVP.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <string>

#include "ct_evp.h"

namespace armaccel::ct_test {
namespace {

EVP_PKEY* mlkem_from_data(const std::string& alg, const char* name, const Bytes& value) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(libctx(), alg.c_str(), kPropq);
  EVP_PKEY* pkey = nullptr;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string(
                             name, const_cast<std::uint8_t*>(value.data()), value.size()),
                         OSSL_PARAM_construct_end()};
  if (ctx == nullptr || EVP_PKEY_fromdata_init(ctx) <= 0 ||
      EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEYPAIR, params) <= 0)
    pkey = nullptr;
  EVP_PKEY_CTX_free(ctx);
  return pkey;
}

Bytes mlkem_decapsulate(EVP_PKEY* pkey, const Bytes& ct) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(libctx(), pkey, kPropq);
  Bytes ss(32);
  std::size_t len = ss.size();
  if (ctx == nullptr || EVP_PKEY_decapsulate_init(ctx, nullptr) <= 0 ||
      EVP_PKEY_decapsulate(ctx, ss.data(), &len, ct.data(), ct.size()) <= 0)
    ss.clear();
  EVP_PKEY_CTX_free(ctx);
  return ss;
}

// dk with its secret parts marked: ByteEncode12(s-hat) first, z last (the
// ek and H(ek) between are public).
Bytes secret_dk(const Bytes& dk, unsigned k) {
  Bytes out = dk;
  secret(out.data(), 384 * k);
  secret(out.data() + out.size() - 32, 32);
  return out;
}

unsigned mlkem_k(const std::string& alg) {
  return alg == "ML-KEM-512" ? 2 : alg == "ML-KEM-768" ? 3 : 4;
}

}  // namespace

void check_mlkem_evp() {
  const auto kem = read_json("mlkem/acvp/ML-KEM-encapDecap-FIPS203/internalProjection.json");
  for (const auto& g : kem["testGroups"]) {
    const std::string alg = g["parameterSet"];
    const unsigned k = mlkem_k(alg);
    if (g["function"] == "encapsulation") {
      // The key from priv (the provider's key checks run on the secret dk),
      // then encapsulation with a secret m and decapsulation of the result.
      const auto& t = g["tests"][0];
      EVP_PKEY* pkey = mlkem_from_data(alg, OSSL_PKEY_PARAM_PRIV_KEY, secret_dk(hex(t["dk"]), k));
      expect_true(pkey != nullptr, alg + " fromdata priv");
      if (pkey == nullptr) continue;
      Bytes m = hex(t["m"]);
      secret(m);
      EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(libctx(), pkey, kPropq);
      OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string("ikme", m.data(), m.size()),
                             OSSL_PARAM_construct_end()};
      Bytes ct(hex(t["c"]).size()), ss(32);
      std::size_t ctlen = ct.size(), sslen = ss.size();
      expect_true(ctx != nullptr && EVP_PKEY_encapsulate_init(ctx, params) > 0 &&
                      EVP_PKEY_encapsulate(ctx, ct.data(), &ctlen, ss.data(), &sslen) > 0,
                  alg + " encapsulate");
      EVP_PKEY_CTX_free(ctx);
      expect_bytes(ct, hex(t["c"]), alg + " encapsulate c (ACVP)");
      expect_bytes(ss, hex(t["k"]), alg + " encapsulate K (ACVP)");
      expect_bytes(mlkem_decapsulate(pkey, hex(t["c"])), hex(t["k"]), alg + " decapsulate (ACVP)");
      EVP_PKEY_free(pkey);
      count_checks(5);
      continue;
    }
    // Decapsulation: one unmodified and one modified ciphertext (implicit
    // rejection).
    EVP_PKEY* pkey = mlkem_from_data(alg, OSSL_PKEY_PARAM_PRIV_KEY, secret_dk(hex(g["dk"]), k));
    expect_true(pkey != nullptr, alg + " fromdata priv (decapsulation group)");
    if (pkey == nullptr) continue;
    bool seen_good = false, seen_modified = false;
    for (const auto& t : g["tests"]) {
      const bool modified = t["reason"] != "no modification";
      if (modified ? seen_modified : seen_good) continue;
      (modified ? seen_modified : seen_good) = true;
      expect_bytes(mlkem_decapsulate(pkey, hex(t["c"])), hex(t["k"]),
                   alg + (modified ? " decapsulate modified c: implicit rejection (ACVP)"
                                   : " decapsulate unmodified c (ACVP)"));
      count_checks(1);
    }
    EVP_PKEY_free(pkey);
    count_checks(1);
  }
  // Key generation from a secret seed d || z (EVP_PKEY_fromdata "seed").
  const auto keygen = read_json("mlkem/acvp/ML-KEM-keyGen-FIPS203/internalProjection.json");
  for (const auto& g : keygen["testGroups"]) {
    const std::string alg = g["parameterSet"];
    const auto& t = g["tests"][0];
    Bytes seed = hex(t["d"]);
    const Bytes z = hex(t["z"]);
    seed.insert(seed.end(), z.begin(), z.end());
    secret(seed);
    EVP_PKEY* pkey = mlkem_from_data(alg, "seed", seed);
    expect_true(pkey != nullptr, alg + " fromdata seed");
    if (pkey == nullptr) continue;
    Bytes ek(hex(t["ek"]).size());
    std::size_t len = 0;
    expect_true(EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, ek.data(),
                                                ek.size(), &len) == 1,
                alg + " encoded-pub-key");
    expect_bytes(ek, hex(t["ek"]), alg + " ek from seed (ACVP)");
    // The key comparison (match) and the key checks (validate: the hash
    // check, and the seed's key generated again and compared with dk).
    EVP_PKEY* again = mlkem_from_data(alg, "seed", seed);
    expect_true(again != nullptr && EVP_PKEY_eq(pkey, again) == 1, alg + " EVP_PKEY_eq");
    EVP_PKEY_free(again);
    EVP_PKEY_CTX* check = EVP_PKEY_CTX_new_from_pkey(libctx(), pkey, kPropq);
    expect_true(check != nullptr && EVP_PKEY_pairwise_check(check) == 1 &&
                    EVP_PKEY_private_check(check) == 1,
                alg + " EVP_PKEY_pairwise_check, EVP_PKEY_private_check");
    EVP_PKEY_CTX_free(check);
    EVP_PKEY_free(pkey);
    count_checks(5);
  }
}

}  // namespace armaccel::ct_test
