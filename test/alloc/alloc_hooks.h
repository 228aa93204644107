// SPDX-License-Identifier: Apache-2.0
// OpenSSL's allocator replaced (CRYPTO_set_mem_functions) by one that can
// count allocations and fail chosen ones, and that tracks the live blocks,
// so a test can fail the N-th allocation of an operation and check that
// nothing it allocated outlives it.  install() must run before libcrypto's
// first allocation (first thing in main).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace armaccel::alloc_test {

// Which allocations count: all of them, or only those made by armaccel's
// own code (OPENSSL_malloc from the provider's sources, whose file names
// start with "provider/" as the module is built with -ffile-prefix-map).
enum class Scope { kAll, kArmaccel };

// How counted allocations are treated once armed.
enum class Mode {
  kCount,     // all succeed (counted)
  kFailNth,   // the N-th fails, the others succeed
  kFailFrom,  // the N-th and every later one fail
};

bool install();

void arm(Mode mode, Scope scope, std::size_t n = 0);
// Where an allocation was made: its file and line, and a hash of its
// callers' return addresses (the same for each turn of a loop).
struct Site {
  const char* file;
  int line;
  std::size_t stack;
};
struct Tally {
  std::size_t counted = 0;   // allocations of the scope while armed
  std::size_t injected = 0;  // of them, how many were made to fail
  std::string first_failed;  // "file:line" of the first failed one
  // A function of the armaccel module was among the callers of a failed
  // allocation (armaccel then owes an error on the queue if the call
  // fails; where it was not, the failure is libcrypto's alone).
  bool armaccel_on_stack = false;
  std::vector<Site> sites;  // of each counted allocation (Mode::kCount)
};
Tally disarm();

// Blocks allocated through OpenSSL and not yet freed: all of them (but the
// error queue's, which keeps buffers from one error to the next), and
// those from armaccel's sources.
std::size_t live_blocks();
std::size_t live_armaccel_blocks();

// True for a file name of armaccel's provider sources.
bool is_armaccel_file(const char* file);

// Suspends counting and injection for its lifetime (for checking results
// inside an operation under test).
class Pause {
 public:
  Pause();
  ~Pause();
  Pause(const Pause&) = delete;
  Pause& operator=(const Pause&) = delete;

 private:
  bool was_armed_;
};

}  // namespace armaccel::alloc_test
