// SPDX-License-Identifier: Apache-2.0
// The failing-allocation sweep over one operation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "alloc_hooks.h"

namespace armaccel::alloc_test {

using Bytes = std::vector<std::uint8_t>;

// One whole operation: it makes every object it needs, frees all of them
// whatever happens, and returns whether it succeeded, with its result in
// `out`.  It must be deterministic (a random result is checked inside the
// operation, under Pause, and reported as a fixed verdict).
using Operation = std::function<bool(Bytes& out)>;

struct SweepReport {
  std::size_t allocations = 0;           // in one clean run
  std::size_t armaccel_allocations = 0;  // of all, armaccel's own
  std::size_t runs = 0;                  // with a failure injected
  std::size_t failed = 0;                // of them, the operation failed
  std::size_t tolerated = 0;             // succeeded anyway (result checked)
  // Failed with no error on the queue where no armaccel function was among
  // the failed allocation's callers (OpenSSL 3.0's EVP_*_new raise none).
  std::size_t silent_libcrypto = 0;
  std::size_t skipped = 0;  // N left out by max_per_site
  // Runs after which libcrypto held more or fewer blocks than before
  // (its caches: names, methods); LeakSanitizer judges those at exit.
  std::size_t libcrypto_cache_changes = 0;
};

// Runs `op` as is (it must succeed, giving `reference`; an empty reference
// is taken from this run), then for N = 1, 2, ... with the N-th allocation
// of `scope` failing, and again with every allocation from the N-th on
// failing, until a run sees no failure injected.  Every run must fail (with
// an error on the queue when armaccel was among the failed allocation's
// callers) or succeed with the reference result, and leave exactly as many
// of armaccel's blocks live as it found (libcrypto's caches may change;
// LeakSanitizer, in the ASan build, finds any block left at exit).
// Problems are GoogleTest failures naming N and the failed allocation; a
// summary line goes to stdout.
struct SweepOptions {
  Scope scope = Scope::kAll;
  // When not 0: an allocation made from the same call stack (Site) as
  // one already failed this many times in the sweep is not failed again
  // (for paths that allocate in loops: PBKDF2's 2048 HMAC copies, the
  // decoder chain built over every decoder of every provider).
  std::size_t max_per_site = 0;
};
SweepReport sweep(const std::string& name, const Operation& op, Bytes reference,
                  SweepOptions options = {});

// Runs `op` with allocations counted and returns how many there were
// (the operation must succeed).
Tally count_allocations(const Operation& op, Scope scope = Scope::kAll);

}  // namespace armaccel::alloc_test
