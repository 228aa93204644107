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
};

// Runs `op` as is (it must succeed, giving `reference`; an empty reference
// is taken from this run), then for N = 1, 2, ... with the N-th allocation
// of `scope` failing, and again with every allocation from the N-th on
// failing, until a run sees no failure injected.  Every run must fail (with
// an error on the queue when armaccel was among the failed allocation's
// callers) or succeed with the reference result, and leave exactly the
// allocations it found (all of them, and armaccel's own).
// Problems are GoogleTest failures naming N and the failed allocation; a
// summary line goes to stdout.
SweepReport sweep(const std::string& name, const Operation& op, Bytes reference,
                  Scope scope = Scope::kAll);

// Runs `op` with allocations counted and returns how many there were
// (the operation must succeed).
std::size_t count_allocations(const Operation& op, Scope scope = Scope::kAll);

}  // namespace armaccel::alloc_test
