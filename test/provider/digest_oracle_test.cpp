// SPDX-License-Identifier: Apache-2.0
// SHA-2, SHA-3, SHAKE and the KMAC sponge through EVP with armaccel against
// the default provider: random
// messages in random update splits, EVP_MD_CTX_copy_ex mid-stream (TLS
// transcripts depend on it), parameters and flags, and EVP_Digest.
#include <gtest/gtest.h>
#include <openssl/core_names.h>

#include <set>
#include <string>

#include "oracle_fixture.h"
#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test {
namespace {

const char* const kDigests[] = {"SHA2-224",        "SHA2-256",        "SHA2-384",  "SHA2-512",
                                "SHA2-512/224",    "SHA2-512/256",    "SHA3-224",  "SHA3-256",
                                "SHA3-384",        "SHA3-512",        "SHAKE-128", "SHAKE-256",
                                "KECCAK-KMAC-128", "KECCAK-KMAC-256", "SM3"};

// An XOF without a default length (SHAKE in OpenSSL 3.4+, from either
// provider) is given one here; every other digest runs with its own.
constexpr std::size_t kXofLength = 40;
bool needs_length(const EVP_MD* md) {
  return (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0 && EVP_MD_get_size(md) == 0;
}
// Initialises ctx for md (nullptr: again for its digest, `kind`).
int begin(EVP_MD_CTX* ctx, const EVP_MD* md, const EVP_MD* kind = nullptr) {
  std::size_t len = kXofLength;
  const OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &len),
                          OSSL_PARAM_construct_end()};
  return EVP_DigestInit_ex2(ctx, md, needs_length(md != nullptr ? md : kind) ? p : nullptr);
}

Bytes digest(EVP_MD* md, const Bytes& msg, const std::vector<std::size_t>& splits) {
  MdCtxPtr ctx(EVP_MD_CTX_new());
  EXPECT_EQ(begin(ctx.get(), md), 1);
  std::size_t done = 0;
  for (std::size_t part : splits) {
    EXPECT_EQ(EVP_DigestUpdate(ctx.get(), msg.data() + done, part), 1);
    done += part;
  }
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned int len = 0;
  EXPECT_EQ(EVP_DigestFinal_ex(ctx.get(), out.data(), &len), 1);
  out.resize(len);
  return out;
}

class DigestOracle : public MdPairTest {};

TEST_P(DigestOracle, ParametersMatchDefaultProvider) {
  EXPECT_STREQ(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(mine_.get())), "armaccel");
  EXPECT_EQ(EVP_MD_get_size(mine_.get()), EVP_MD_get_size(ref_.get()));
  EXPECT_EQ(EVP_MD_get_block_size(mine_.get()), EVP_MD_get_block_size(ref_.get()));
  EXPECT_EQ(EVP_MD_get_flags(mine_.get()), EVP_MD_get_flags(ref_.get()));
  EXPECT_EQ(EVP_MD_get_type(mine_.get()), EVP_MD_get_type(ref_.get()));
  EXPECT_EQ(param_names(EVP_MD_gettable_params(mine_.get())),
            param_names(EVP_MD_gettable_params(ref_.get())));
  EXPECT_EQ(param_names(EVP_MD_settable_ctx_params(mine_.get())),
            param_names(EVP_MD_settable_ctx_params(ref_.get())));
  EXPECT_EQ(param_names(EVP_MD_gettable_ctx_params(mine_.get())),
            param_names(EVP_MD_gettable_ctx_params(ref_.get())));
}

TEST_P(DigestOracle, RandomMessagesAndSplits) {
  Rng rng(20);
  for (int trial = 0; trial < 80; ++trial) {
    const Bytes msg = rng.bytes(rng.below(trial < 40 ? 300 : 5000));
    const auto splits = random_splits(rng, msg.size());
    EXPECT_EQ(digest(mine_.get(), msg, splits), digest(ref_.get(), msg, {msg.size()}))
        << "len " << msg.size() << " seed " << test_seed();
  }
}

TEST_P(DigestOracle, CopyMidStream) {
  Rng rng(21);
  for (int trial = 0; trial < 30; ++trial) {
    const Bytes msg = rng.bytes(rng.below(600));
    const std::size_t cut = rng.below(msg.size() + 1);
    MdCtxPtr a(EVP_MD_CTX_new()), b(EVP_MD_CTX_new());
    ASSERT_EQ(begin(a.get(), mine_.get()), 1);
    ASSERT_EQ(EVP_DigestUpdate(a.get(), msg.data(), cut), 1);
    ASSERT_EQ(EVP_MD_CTX_copy_ex(b.get(), a.get()), 1);
    // Transcript-style: finalise the copy on the prefix, continue the original.
    unsigned char d1[64], d2[64];
    unsigned int l1 = 0, l2 = 0;
    ASSERT_EQ(EVP_DigestFinal_ex(b.get(), d1, &l1), 1);
    ASSERT_EQ(EVP_DigestUpdate(a.get(), msg.data() + cut, msg.size() - cut), 1);
    ASSERT_EQ(EVP_DigestFinal_ex(a.get(), d2, &l2), 1);
    EXPECT_EQ(Bytes(d1, d1 + l1), digest(ref_.get(), Bytes(msg.begin(), msg.begin() + cut), {cut}));
    EXPECT_EQ(Bytes(d2, d2 + l2), digest(ref_.get(), msg, {msg.size()}));
  }
}

TEST_P(DigestOracle, OneShotAndReinit) {
  const Bytes msg(1000, 0x5a);
  unsigned char d[64];
  unsigned int l = 0;
  if (needs_length(ref_.get())) {
    // No length, no one-shot digest: both providers refuse (3.4+ SHAKE).
    ASSERT_TRUE(needs_length(mine_.get()));
    EXPECT_EQ(EVP_Digest(msg.data(), msg.size(), d, &l, mine_.get(), nullptr), 0);
    EXPECT_EQ(EVP_Digest(msg.data(), msg.size(), d, &l, ref_.get(), nullptr), 0);
    drain_errors();
  } else {
    ASSERT_EQ(EVP_Digest(msg.data(), msg.size(), d, &l, mine_.get(), nullptr), 1);
    EXPECT_EQ(Bytes(d, d + l), digest(ref_.get(), msg, {msg.size()}));
  }
  // A finished context can be initialised again and reused.
  MdCtxPtr ctx(EVP_MD_CTX_new());
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(begin(ctx.get(), i == 0 ? mine_.get() : nullptr, mine_.get()), 1);
    ASSERT_EQ(EVP_DigestUpdate(ctx.get(), msg.data(), msg.size()), 1);
    ASSERT_EQ(EVP_DigestFinal_ex(ctx.get(), d, &l), 1);
    EXPECT_EQ(Bytes(d, d + l), digest(ref_.get(), msg, {msg.size()}));
  }
}

INSTANTIATE_TEST_SUITE_P(Digests, DigestOracle, ::testing::ValuesIn(kDigests),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (char& c : s)
                             if (c == '-' || c == '/') c = '_';
                           return s;
                         });

}  // namespace
}  // namespace armaccel::test
