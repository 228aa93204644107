// SPDX-License-Identifier: Apache-2.0
// The constant-time check's vocabulary (test/ct, run under valgrind's
// memcheck): secret() marks bytes as undefined, so memcheck reports every
// conditional jump and every memory address that comes to depend on them;
// publish() declassifies what the caller is entitled to see (a ciphertext,
// a tag once output, a plaintext once released, a verdict) before the test
// looks at it.  A program of this check refuses to run outside valgrind, so
// a registration that lost its valgrind prefix fails instead of passing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "util/ct_declassify.h"

namespace armaccel::ct_test {

using Bytes = std::vector<std::uint8_t>;

// Marks p[0..n) as secret (undefined for memcheck).
void secret(const void* p, std::size_t n);
inline void secret(const Bytes& b) {
  secret(b.data(), b.size());
}

// Marks p[0..n) as public (defined): armaccel::ct::declassify.
inline void publish(const void* p, std::size_t n) {
  ct::declassify(p, n);
}
inline void publish(const Bytes& b) {
  publish(b.data(), b.size());
}

// Exits with status 2 unless running under valgrind.
void require_valgrind(const char* program);

Bytes from_hex(const std::string& hex);

// Compares got[0..got_len) (published first) with want; records a failure
// with `what`.
void expect_bytes(const std::uint8_t* got, std::size_t got_len, const Bytes& want,
                  const std::string& what);
inline void expect_bytes(const Bytes& got, const Bytes& want, const std::string& what) {
  expect_bytes(got.data(), got.size(), want, what);
}
// Records a failure with `what` unless cond (published first) holds.
void expect_true(bool cond, const std::string& what);

// Counts n more checks run (for the summary line).
void count_checks(int n);

// Prints the number of checks run or the failures; returns the exit status
// (0 or 1).
int finish(const char* program);

// test/vectors/<rel> (from the project root, the tests' working
// directory) as text; exits with status 2 if unreadable.
std::string read_vector_file(const std::string& rel);

}  // namespace armaccel::ct_test
