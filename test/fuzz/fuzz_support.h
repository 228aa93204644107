// SPDX-License-Identifier: Apache-2.0
// Shared by the differential fuzzers: the two library contexts (armaccel
// preferred, and OpenSSL's default provider alone), armaccel's algorithm
// names per operation, a reader that turns fuzzer input into choices, and
// the verdict helpers that abort (a libFuzzer finding) when armaccel and
// the default provider disagree where they must not: in return values,
// lengths, bytes, or the errors a call left on the queue.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "error_queue.h"

namespace armaccel::fuzz {

using Bytes = std::vector<std::uint8_t>;

struct Contexts {
  OSSL_LIB_CTX* mine;       // armaccel and default loaded; fetch with kMine
  OSSL_LIB_CTX* ref;        // the default provider alone
  OSSL_LIB_CTX* mine_only;  // armaccel alone (its decoders without others')
};
inline constexpr char kMine[] = "provider=armaccel";

// Loaded once per process (armaccel from ARMACCEL_MODULE_DIR).
const Contexts& contexts();

// The names armaccel implements for an operation (OSSL_OP_CIPHER,
// OSSL_OP_DIGEST, OSSL_OP_MAC), first name of each, in the provider's order.
std::vector<std::string> armaccel_names(int operation);

// armaccel's algorithms of one kind fetched from both contexts, with their
// names (for Reader::choose); those either context lacks are left out.
template <class Alg>
struct Fetched {
  std::vector<std::string> names;
  std::vector<Alg*> mine, ref;
};
// aead: the AEAD ciphers only, else the others.
const Fetched<EVP_CIPHER>& armaccel_ciphers(bool aead);
const Fetched<EVP_MD>& armaccel_digests();

// Fuzzer input as a stream of choices, read from the front; past the end
// every read gives zeros, so any input is a complete program.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool done() const { return at_ >= size_; }
  std::uint8_t u8();
  std::uint16_t u16();
  std::size_t below(std::size_t n) { return n == 0 ? 0 : u16() % n; }
  Bytes bytes(std::size_t n);
  // An algorithm: a length byte and a name (exact, any case, so seed
  // inputs name theirs); other bytes pick one by their sum.
  std::size_t choose(const std::vector<std::string>& names);

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

// Aborts with both sides printed unless the two agree.
void expect_same(const char* what, const std::string& alg, int mine, int ref);
void expect_same(const char* what, const std::string& alg, const Bytes& mine, const Bytes& ref);
[[noreturn]] void finding(const char* what, const std::string& alg, const std::string& detail);

// The errors a call left on this thread's queue: the library and reason of
// each (ERR_GET_LIB, ERR_GET_REASON), oldest first, with where each was
// raised (printed, not compared).  Applications branch on the library and
// reason (docs/behaviour.md, "Errors"), so where the fuzzers compare a
// call's return value they compare these too.
struct Errors {
  std::vector<test::QueuedError> entries;
  // The queue's library and reason pairs, as text ("(empty)" for none).
  std::string describe() const;
};

// Takes (and clears) what is on this thread's error queue.
Errors take_errors();

// Aborts with both queues printed unless they hold the same number of
// errors with the same library and reason, in the same order.
void expect_same_errors(const char* what, const std::string& alg, const Errors& mine,
                        const Errors& ref);

// Clears this thread's error queue; true if it held an error.
bool had_error();

}  // namespace armaccel::fuzz
