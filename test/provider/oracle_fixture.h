// SPDX-License-Identifier: Apache-2.0
// Fixtures for the oracle tests: the algorithm named by the test parameter
// from armaccel (mine_) and from OpenSSL's default provider (ref_), and the
// comparisons of their fixed parameters.
#pragma once

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstddef>
#include <set>
#include <string>

#include "ossl_helpers.h"

namespace armaccel::test {

inline std::set<std::string> param_names(const OSSL_PARAM* p) {
  std::set<std::string> s;
  for (; p != nullptr && p->key != nullptr; ++p) s.insert(p->key);
  return s;
}

// Mode, flags, key/IV/block lengths and NID equal the default provider's,
// and armaccel implements it.
inline void expect_same_cipher_shape(const EVP_CIPHER* mine, const EVP_CIPHER* ref) {
  EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(mine)), "armaccel");
  EXPECT_EQ(EVP_CIPHER_get_mode(mine), EVP_CIPHER_get_mode(ref));
  EXPECT_EQ(EVP_CIPHER_get_flags(mine), EVP_CIPHER_get_flags(ref));
  EXPECT_EQ(EVP_CIPHER_get_key_length(mine), EVP_CIPHER_get_key_length(ref));
  EXPECT_EQ(EVP_CIPHER_get_iv_length(mine), EVP_CIPHER_get_iv_length(ref));
  EXPECT_EQ(EVP_CIPHER_get_block_size(mine), EVP_CIPHER_get_block_size(ref));
  EXPECT_EQ(EVP_CIPHER_get_nid(mine), EVP_CIPHER_get_nid(ref));
}

class CipherPairTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    mine_ = armaccel_cipher(GetParam());
    ref_ = oracle_cipher(GetParam());
    ASSERT_NE(mine_, nullptr);
    ASSERT_NE(ref_, nullptr);
    key_bytes_ = static_cast<std::size_t>(EVP_CIPHER_get_key_length(mine_.get()));
  }
  std::string name() const { return GetParam(); }
  CipherPtr mine_, ref_;
  std::size_t key_bytes_ = 0;
};

class MdPairTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    mine_ = armaccel_md(GetParam());
    ref_ = oracle_md(GetParam());
    ASSERT_NE(mine_, nullptr);
    ASSERT_NE(ref_, nullptr);
  }
  MdPtr mine_, ref_;
};

}  // namespace armaccel::test
