// SPDX-License-Identifier: Apache-2.0
// The thread and fork stress workload: one Suite per algorithm holds what a
// server shares between its threads (a library context with armaccel, the
// pre-fetched EVP_CIPHER/EVP_MD/EVP_MAC, keys, keyed template contexts) and
// the expected results, computed beforehand by OpenSSL's default provider
// in its own library context or taken from known-answer vectors.  Any
// number of threads then run operations on it, each with its own
// contexts, and count every wrong result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ossl_helpers.h"
#include "test_support.h"

namespace armaccel::test::stress {

// One thread's results: operations per suite and the failures seen.
struct Tally {
  std::map<std::string, std::size_t> operations;
  std::size_t failures = 0;
  std::string first_failure;
  // Counts a failure unless ok; the first one's text is kept.
  bool check(bool ok, const std::string& suite, std::size_t index, const char* what);
  void merge(const Tally& other);
  std::size_t total() const;
};

// A thread's own contexts, reused from operation to operation.
struct ThreadContexts {
  CipherCtxPtr cipher{EVP_CIPHER_CTX_new()};
  MdCtxPtr md{EVP_MD_CTX_new()};
  MdCtxPtr md_copy{EVP_MD_CTX_new()};
  MacCtxPtr mac;  // made from the shared EVP_MAC at first use
};

class Suite {
 public:
  virtual ~Suite() = default;
  virtual std::string name() const = 0;
  virtual std::size_t cases() const = 0;
  // Runs case `index` through armaccel with the calling thread's contexts
  // (the way of calling it chosen by rng) and checks every result.
  virtual void run(std::size_t index, ThreadContexts& mine, Rng& rng, Tally& tally) const = 0;
};
using Suites = std::vector<std::unique_ptr<Suite>>;

// `lib` has armaccel loaded (operations fetch provider=armaccel), `oracle`
// only the default provider.
void add_aead_suites(Suites& out, OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle);
void add_digest_suites(Suites& out, OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle);
void add_mlkem_suite(Suites& out, OSSL_LIB_CTX* lib);
// All of the above: AES-256-GCM, ChaCha20-Poly1305, SM4-GCM, SHA2-256,
// SHA2-512, SHA3-256, HMAC-SHA256, HMAC-SHA1, ML-KEM-768.
Suites make_suites(OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle);

// Runs `threads` threads (started together), each doing `operations`
// operations cycling through the suites (thread t starts at suite t, so
// different algorithms run side by side) on random cases.  With
// `premade`, thread t uses (*premade)[t] instead of fresh contexts.
Tally run_threads(const Suites& suites, unsigned threads, std::size_t operations,
                  std::uint64_t salt, std::vector<ThreadContexts>* premade = nullptr);

// Operations per thread: ARMACCEL_STRESS_OPS when set, else `native`, or
// `emulated` under qemu, or `sanitized` in a ThreadSanitizer or
// AddressSanitizer build (the asan preset is also unoptimised).
std::size_t operations_per_thread(std::size_t native, std::size_t emulated, std::size_t sanitized);

}  // namespace armaccel::test::stress
