// SPDX-License-Identifier: Apache-2.0
// The TLS-GROUP capability: the TLS 1.3 key-exchange groups armaccel's key
// management and KEMs serve, so that libssl (3.0 onwards) negotiates them
// when an application names them (-groups / SSL_CTX_set1_groups_list).
// Codepoints from the IANA TLS Supported Groups registry (ML-KEM and
// draft-ietf-tls-ecdhe-mlkem, x25519); DTLS is offered for x25519 only.
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>

#include <cstring>

#include "tls_groups.h"

#include "dispatch/common/names.h"
#include "prov_ctx.h"

namespace armaccel::prov {

namespace {

struct Group {
  const char* name;      // the TLS name
  const char* internal;  // OpenSSL's internal name
  const char* alg;       // key management and KEM or key exchange name
  unsigned int id;
  unsigned int security_bits;
  Family family;  // offered only when armaccel registers this family
  bool ecdhe;     // a Diffie-Hellman group (TLS 1.0 onwards, DTLS too), not a KEM
};

const Group kGroups[] = {
    {"MLKEM512", "MLKEM512", "ML-KEM-512", 0x0200, 128, Family::kMlkem, false},
    {"MLKEM768", "MLKEM768", "ML-KEM-768", 0x0201, 192, Family::kMlkem, false},
    {"MLKEM1024", "MLKEM1024", "ML-KEM-1024", 0x0202, 256, Family::kMlkem, false},
    {kNameX25519Mlkem768, kNameX25519Mlkem768, kNameX25519Mlkem768, 0x11EC, 192,
     Family::kX25519Mlkem768, false},
    // RFC 8446 4.2.7 (x25519 = 0x001D; RFC 8422 for TLS 1.0-1.2).  libssl
    // 3.0-3.4 keeps a group only when the key management it fetches for it
    // comes from the provider that lists the group: with armaccel's X25519
    // preferred, the default provider's x25519 entry would be dropped.
    {"x25519", "X25519", "X25519", 0x001D, 128, Family::kX25519, true},
};

int report(const Group& g, OSSL_CALLBACK* cb, void* arg) {
  unsigned int id = g.id, bits = g.security_bits, is_kem = g.ecdhe ? 0 : 1;
  int min_tls = g.ecdhe ? TLS1_VERSION : TLS1_3_VERSION, max_tls = 0;
  int min_dtls = g.ecdhe ? DTLS1_VERSION : -1, max_dtls = g.ecdhe ? 0 : -1;
  OSSL_PARAM params[] = {
      OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, const_cast<char*>(g.name),
                             std::strlen(g.name)),
      OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, const_cast<char*>(g.internal),
                             std::strlen(g.internal)),
      OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, const_cast<char*>(g.alg),
                             std::strlen(g.alg)),
      OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
      OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &bits),
      OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &min_tls),
      OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &max_tls),
      OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &min_dtls),
      OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &max_dtls),
      OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &is_kem),
      OSSL_PARAM_END,
  };
  return cb(params, arg);
}

}  // namespace

int get_capabilities(void* provctx, const char* capability, OSSL_CALLBACK* cb, void* arg) noexcept {
  if (capability == nullptr || !names_equal(capability, "TLS-GROUP")) return 0;
  const auto* ctx = static_cast<const ProvCtx*>(provctx);
  for (const Group& g : kGroups)
    if (ctx->families.registered(g.family) && !report(g, cb, arg)) return 0;
  return 1;
}

}  // namespace armaccel::prov
