// SPDX-License-Identifier: Apache-2.0
// The error-parity harness: a scenario of EVP (or direct dispatch) calls
// runs once on armaccel and once on OpenSSL's default provider of the
// running release; each step's return value, and the library and reason of
// every error the step left on the queue, must be the same.  Applications
// branch on those (pyca/cryptography turns PROV_R_BAD_DECRYPT into
// ValueError and an empty queue after a failed AEAD final into InvalidTag),
// so armaccel must answer bad input as the default provider does.
#pragma once

#include <gtest/gtest.h>
#include <openssl/core_dispatch.h>
#include <openssl/evp.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "error_queue.h"
#include "ossl_helpers.h"

namespace armaccel::test {

// Where a scenario's algorithms come from.
struct Side {
  const char* name;  // "armaccel" or "default"
  OSSL_LIB_CTX* libctx;
  const char* propq;
  OSSL_PROVIDER* provider;

  CipherPtr cipher(const char* alg) const { return fetch_cipher(libctx, alg, propq); }
  MdPtr md(const char* alg) const { return fetch_md(libctx, alg, propq); }
  MacPtr mac(const char* alg) const { return MacPtr(EVP_MAC_fetch(libctx, alg, propq)); }
  // EVP_PKEY_CTX for algorithm `alg` (key generation, import).
  PkeyCtxPtr pkey_ctx(const char* alg) const {
    return PkeyCtxPtr(EVP_PKEY_CTX_new_from_name(libctx, alg, propq));
  }
  PkeyCtxPtr pkey_ctx(EVP_PKEY* key) const {
    return PkeyCtxPtr(EVP_PKEY_CTX_new_from_pkey(libctx, key, propq));
  }
  // The provider's own function `id` of algorithm `alg` (names starting
  // with it) for operation `op`, for the calls EVP never makes.
  template <class Fn>
  Fn* fn(int op, const char* alg, int id) const {
    return reinterpret_cast<Fn*>(find_dispatch_in(provider, op, alg, id));
  }
  void* provctx() const { return OSSL_PROVIDER_get0_provider_ctx(provider); }
};

// What a scenario did on one side: each step's name, return value and the
// errors it left.
class Trace {
 public:
  // Records a step: `ret` and the errors on the queue (drained).  Returns
  // ret, so a scenario can branch on it as both sides do.
  long step(const std::string& what, long ret);
  // A step where armaccel refuses what the default provider lets through
  // (docs/behaviour.md, "Stricter answers": it would produce wrong bytes or
  // crash).  armaccel must fail it with an error on the queue; the default
  // provider's answer is not compared.
  long stricter(const std::string& what, long ret);
  // The same for a refusal that, as a failed tag check, leaves the queue
  // empty (an application reads that as a forged message).
  long stricter_silent(const std::string& what, long ret);
  // A step whose value is a byte string or size (compared too).
  void value(const std::string& what, const std::string& v) { values_.push_back(what + "=" + v); }

  struct Step {
    std::string what;
    long ret;
    std::vector<QueuedError> errors;
    bool stricter = false;
    bool silent = false;  // stricter, and without an error
  };
  const std::vector<Step>& steps() const { return steps_; }
  const std::vector<std::string>& values() const { return values_; }

 private:
  std::vector<Step> steps_;
  std::vector<std::string> values_;
};

using Scenario = std::function<void(const Side&, Trace&)>;

// True when the default provider of the running release has the cipher
// (SM4-XTS, SM4-GCM and SM4-CCM came with OpenSSL 3.2; ML-KEM with 3.5):
// scenarios over algorithms it lacks are left out there.
bool default_has_cipher(const char* alg);
bool default_has_keymgmt(const char* alg);

// armaccel's side and the default provider's.
const Side& armaccel_side();
const Side& default_side();

// Runs `scenario` on both sides (the queue emptied before each) and
// records a test failure for every step that differs in its return value
// or in its errors' libraries and reasons (printed with their strings).
void expect_parity(const Scenario& scenario);

}  // namespace armaccel::test
