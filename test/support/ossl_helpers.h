// SPDX-License-Identifier: Apache-2.0
// OpenSSL-side helpers for the provider and CLI tests: library contexts with
// armaccel (under test) and with OpenSSL's default provider (the oracle),
// owning pointers, provider parameters and the error queue.
#pragma once

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <memory>
#include <string>

#include "test_support.h"

namespace armaccel::test {

struct CipherFree {
  void operator()(EVP_CIPHER* c) const { EVP_CIPHER_free(c); }
};
struct CipherCtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
struct MdFree {
  void operator()(EVP_MD* m) const { EVP_MD_free(m); }
};
struct MdCtxFree {
  void operator()(EVP_MD_CTX* m) const { EVP_MD_CTX_free(m); }
};
using CipherPtr = std::unique_ptr<EVP_CIPHER, CipherFree>;
using CipherCtxPtr = std::unique_ptr<EVP_CIPHER_CTX, CipherCtxFree>;
using MdPtr = std::unique_ptr<EVP_MD, MdFree>;
using MdCtxPtr = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;
struct MacFree {
  void operator()(EVP_MAC* m) const { EVP_MAC_free(m); }
};
struct MacCtxFree {
  void operator()(EVP_MAC_CTX* c) const { EVP_MAC_CTX_free(c); }
};
using MacPtr = std::unique_ptr<EVP_MAC, MacFree>;
struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct PkeyCtxFree {
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyFree>;
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree>;
using MacCtxPtr = std::unique_ptr<EVP_MAC_CTX, MacCtxFree>;

// Directory holding the armaccel module under test (the build tree).
std::string module_dir();

// A library context with armaccel and (for random numbers) the default
// provider loaded, shared by a test process; fetch with provider=armaccel.
OSSL_LIB_CTX* armaccel_libctx();
OSSL_PROVIDER* armaccel_provider();
// A library context with only OpenSSL's default provider: the oracle.
OSSL_LIB_CTX* oracle_libctx();
OSSL_PROVIDER* oracle_provider();

// A new library context configured from `config_body` (the provider
// sections of an openssl.cnf; the caller frees it).  "@MODULE@" in the text
// is replaced by the module's path.  With expect_loaded, loading the config
// must succeed (OpenSSL 3.5+ fails it when a provider does not activate).
OSSL_LIB_CTX* new_configured_libctx(const std::string& config_body, bool expect_loaded = true);

CipherPtr fetch_cipher(OSSL_LIB_CTX* ctx, const std::string& name, const char* propq);
MdPtr fetch_md(OSSL_LIB_CTX* ctx, const std::string& name, const char* propq);
inline CipherPtr armaccel_cipher(const std::string& name) {
  return fetch_cipher(armaccel_libctx(), name, "provider=armaccel");
}
inline CipherPtr oracle_cipher(const std::string& name) {
  return fetch_cipher(oracle_libctx(), name, "provider=default");
}
inline MdPtr armaccel_md(const std::string& name) {
  return fetch_md(armaccel_libctx(), name, "provider=armaccel");
}
inline MdPtr oracle_md(const std::string& name) {
  return fetch_md(oracle_libctx(), name, "provider=default");
}

inline MacPtr armaccel_mac(const char* name) {
  return MacPtr(EVP_MAC_fetch(armaccel_libctx(), name, "provider=armaccel"));
}
inline MacPtr oracle_mac(const char* name) {
  return MacPtr(EVP_MAC_fetch(oracle_libctx(), name, "provider=default"));
}

// A UTF8 provider parameter ("" if not reported).
std::string provider_param(OSSL_PROVIDER* prov, const char* name);

// Drains the calling thread's error queue into text ("" when empty): one
// line per error, its string then ": " and its data when it has some.
std::string drain_errors();

// The function `function_id` of armaccel's implementation whose names
// start with `alg_prefix` for `operation` (OSSL_OP_*), for calling the
// provider directly (misuse EVP never passes on, or entries an older EVP
// does not know); nullptr if there is none.
void (*find_dispatch(int operation, const char* alg_prefix, int function_id))(void);
// The same in any loaded provider (the default provider, for comparisons).
void (*find_dispatch_in(OSSL_PROVIDER* prov, int operation, const char* alg_prefix,
                        int function_id))(void);

// True when the libcrypto the test runs on (the runtime, not the headers
// it was built with) is at least major.minor.  The suites run in Debian's
// OpenSSL 3.0, 3.5 and 3.6 (scripts/fetch-runtimes.sh); where EVP or the
// default provider changed between them, the expectation names the release.
bool runtime_at_least(int major, int minor);

}  // namespace armaccel::test
