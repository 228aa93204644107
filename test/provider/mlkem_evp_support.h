// SPDX-License-Identifier: Apache-2.0
// Helpers shared by mlkem_provider_test.cpp and mlkem_tls_group_test.cpp (split by size).
#pragma once

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/pem.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "ossl_helpers.h"
#include "test_support.h"

// In a namespace of their own: each split suite has helpers of the same
// names (inline, so one definition each across the two files).
namespace armaccel::test::mlkem_evp_support {

constexpr const char* kPropq = "provider=armaccel";

struct Sizes {
  std::size_t ek, dk, ct;
};
inline Sizes sizes(const std::string& alg) {
  if (alg == "ML-KEM-512") return {800, 1632, 768};
  if (alg == "ML-KEM-768") return {1184, 2400, 1088};
  return {1568, 3168, 1568};
}

inline nlohmann::json load_acvp(const std::string& dir) {
  std::ifstream in(vectors_dir() + "/mlkem/acvp/" + dir + "/internalProjection.json");
  EXPECT_TRUE(in.good()) << dir;
  return nlohmann::json::parse(in);
}
inline Bytes hex(const nlohmann::json& v) {
  return from_hex(v.get<std::string>());
}

// A key from parameters (EVP_PKEY_fromdata); nullptr when armaccel refuses.
inline PkeyPtr from_data(const std::string& alg, int selection, const char* name,
                         const Bytes& value, const char* name2 = nullptr,
                         const Bytes& value2 = {}) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg.c_str(), kPropq));
  if (ctx == nullptr || EVP_PKEY_fromdata_init(ctx.get()) <= 0) return nullptr;
  OSSL_PARAM params[3] = {
      OSSL_PARAM_construct_octet_string(name, const_cast<std::uint8_t*>(value.data()),
                                        value.size()),
      OSSL_PARAM_construct_end(),
      OSSL_PARAM_construct_end(),
  };
  if (name2 != nullptr)
    params[1] = OSSL_PARAM_construct_octet_string(name2, const_cast<std::uint8_t*>(value2.data()),
                                                  value2.size());
  EVP_PKEY* pkey = nullptr;
  if (EVP_PKEY_fromdata(ctx.get(), &pkey, selection, params) <= 0) return nullptr;
  return PkeyPtr(pkey);
}

inline PkeyPtr keygen(const std::string& alg, const Bytes* seed = nullptr) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_libctx(), alg.c_str(), kPropq));
  EXPECT_NE(ctx, nullptr) << alg;
  if (ctx == nullptr || EVP_PKEY_keygen_init(ctx.get()) <= 0) return nullptr;
  if (seed != nullptr) {
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string("seed", const_cast<std::uint8_t*>(seed->data()),
                                          seed->size()),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_PKEY_CTX_set_params(ctx.get(), params) <= 0) return nullptr;
  }
  EVP_PKEY* pkey = nullptr;
  if (EVP_PKEY_generate(ctx.get(), &pkey) <= 0) return nullptr;
  return PkeyPtr(pkey);
}

inline Bytes octets(EVP_PKEY* pkey, const char* name) {
  std::size_t len = 0;
  if (!EVP_PKEY_get_octet_string_param(pkey, name, nullptr, 0, &len)) return {};
  Bytes out(len);
  if (!EVP_PKEY_get_octet_string_param(pkey, name, out.data(), out.size(), &len)) return {};
  out.resize(len);
  return out;
}

struct Encapsulation {
  Bytes ct, secret;
};

// EVP_PKEY_encapsulate, deterministic when m is given ("ikme").
inline bool encapsulate(EVP_PKEY* pkey, Encapsulation* out, const Bytes* m = nullptr) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), pkey, kPropq));
  OSSL_PARAM params[] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
  if (m != nullptr)
    params[0] =
        OSSL_PARAM_construct_octet_string("ikme", const_cast<std::uint8_t*>(m->data()), m->size());
  if (ctx == nullptr || EVP_PKEY_encapsulate_init(ctx.get(), params) <= 0) return false;
  std::size_t ctlen = 0, slen = 0;
  if (EVP_PKEY_encapsulate(ctx.get(), nullptr, &ctlen, nullptr, &slen) <= 0) return false;
  out->ct.assign(ctlen, 0);
  out->secret.assign(slen, 0);
  if (EVP_PKEY_encapsulate(ctx.get(), out->ct.data(), &ctlen, out->secret.data(), &slen) <= 0)
    return false;
  out->ct.resize(ctlen);
  out->secret.resize(slen);
  return true;
}

inline bool decapsulate(EVP_PKEY* pkey, const Bytes& ct, Bytes* secret) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(armaccel_libctx(), pkey, kPropq));
  if (ctx == nullptr || EVP_PKEY_decapsulate_init(ctx.get(), nullptr) <= 0) return false;
  std::size_t len = 0;
  if (EVP_PKEY_decapsulate(ctx.get(), nullptr, &len, ct.data(), ct.size()) <= 0) return false;
  secret->assign(len, 0);
  if (EVP_PKEY_decapsulate(ctx.get(), secret->data(), &len, ct.data(), ct.size()) <= 0)
    return false;
  secret->resize(len);
  return true;
}

// SHAKE256(z || c) to 32 bytes on OpenSSL's default provider: FIPS 203's J.
inline Bytes oracle_j(const Bytes& z, const Bytes& c) {
  MdPtr md = oracle_md("SHAKE256");
  MdCtxPtr ctx(EVP_MD_CTX_new());
  Bytes out(32);
  EXPECT_TRUE(EVP_DigestInit_ex(ctx.get(), md.get(), nullptr));
  EXPECT_TRUE(EVP_DigestUpdate(ctx.get(), z.data(), z.size()));
  EXPECT_TRUE(EVP_DigestUpdate(ctx.get(), c.data(), c.size()));
  EXPECT_TRUE(EVP_DigestFinalXOF(ctx.get(), out.data(), out.size()));
  return out;
}

// Every nth case under emulation, all natively.
inline int stride() {
  return emulated() ? 3 : 1;
}

}  // namespace armaccel::test::mlkem_evp_support
