// SPDX-License-Identifier: Apache-2.0
// The TLS groups armaccel registers (tls_groups.cpp), driven as libssl 3.0
// drives a KEM group: the client makes its key (EVP_PKEY_CTX_new_from_name
// with the group's algorithm, keygen with the group name) and sends the
// encoded public key; the server makes an empty key (paramgen), sets the
// peer's share (EVP_PKEY_set1_encoded_public_key) and encapsulates; the
// client decapsulates.  Keys and ciphertexts are random: the client and
// server steps are checked by completing the exchange without failures
// (under Pause), the client's decapsulation against the server's secret.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <cctype>
#include <string>

#include "contexts.h"
#include "mlkem_util.h"
#include "sweep.h"

namespace armaccel::alloc_test {
namespace {

struct Group {
  const char* name;  // the TLS group name (and libssl's internal name)
  const char* alg;   // the key management algorithm
};

bool client_keygen(const Group& g, PkeyPtr& key, Bytes& share) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_ctx(), g.alg, kArmaccel));
  EVP_PKEY* made = nullptr;
  const bool ok = ctx != nullptr && EVP_PKEY_keygen_init(ctx.get()) > 0 &&
                  EVP_PKEY_CTX_set_group_name(ctx.get(), g.name) > 0 &&
                  EVP_PKEY_keygen(ctx.get(), &made) > 0;
  key.reset(made);
  if (!ok || made == nullptr) return false;
  unsigned char* encoded = nullptr;
  const std::size_t len = EVP_PKEY_get1_encoded_public_key(made, &encoded);
  if (len == 0 || encoded == nullptr) return false;
  share.assign(encoded, encoded + len);
  OPENSSL_free(encoded);
  return true;
}

bool server_encapsulate(const Group& g, const Bytes& share, Bytes& ct, Bytes& secret) {
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(armaccel_ctx(), g.alg, kArmaccel));
  EVP_PKEY* made = nullptr;
  const bool ok = ctx != nullptr && EVP_PKEY_paramgen_init(ctx.get()) > 0 &&
                  EVP_PKEY_CTX_set_group_name(ctx.get(), g.name) > 0 &&
                  EVP_PKEY_paramgen(ctx.get(), &made) > 0;
  PkeyPtr key(made);
  return ok && made != nullptr &&
         EVP_PKEY_set1_encoded_public_key(made, share.data(), share.size()) == 1 &&
         encapsulate(made, nullptr, ct, secret);
}

class TlsGroupAlloc : public ::testing::TestWithParam<Group> {};

TEST_P(TlsGroupAlloc, EveryAllocationFailsCleanly) {
  const Group& g = GetParam();
  const Bytes ok_verdict = {'o', 'k'};
  sweep(
      std::string("tls ") + g.name + " client keygen",
      [&](Bytes& out) {
        PkeyPtr key;
        Bytes share;
        if (!client_keygen(g, key, share)) return false;
        Pause unarmed;
        Bytes ct, theirs, ours;
        if (server_encapsulate(g, share, ct, theirs) && decapsulate(key.get(), ct, ours) &&
            ours == theirs)
          out = ok_verdict;
        return true;
      },
      ok_verdict);

  PkeyPtr client;
  Bytes share;
  ASSERT_TRUE(client_keygen(g, client, share));
  sweep(
      std::string("tls ") + g.name + " server encapsulate",
      [&](Bytes& out) {
        Bytes ct, theirs, ours;
        if (!server_encapsulate(g, share, ct, theirs)) return false;
        Pause unarmed;
        if (decapsulate(client.get(), ct, ours) && ours == theirs) out = ok_verdict;
        return true;
      },
      ok_verdict);

  Bytes ct, secret;
  ASSERT_TRUE(server_encapsulate(g, share, ct, secret));
  sweep(
      std::string("tls ") + g.name + " client decapsulate",
      [&](Bytes& out) { return decapsulate(client.get(), ct, out); }, secret);
}

const Group kGroups[] = {
    {"MLKEM512", "ML-KEM-512"},
    {"MLKEM768", "ML-KEM-768"},
    {"MLKEM1024", "ML-KEM-1024"},
    {"X25519MLKEM768", "X25519MLKEM768"},
};

std::string case_name(const ::testing::TestParamInfo<Group>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Groups, TlsGroupAlloc, ::testing::ValuesIn(kGroups), case_name);

}  // namespace
}  // namespace armaccel::alloc_test
