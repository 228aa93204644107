// SPDX-License-Identifier: Apache-2.0
// This thread's OpenSSL error queue as data, for the tests that compare
// armaccel's errors with the default provider's (test/provider's
// error_parity, test/fuzz): each error's library and reason, which
// applications branch on (docs/behaviour.md, "Errors"), and where it was
// raised (printed, never compared).
#pragma once

#include <string>
#include <vector>

namespace armaccel::test {

struct QueuedError {
  int lib;            // ERR_GET_LIB
  int reason;         // ERR_GET_REASON
  std::string where;  // "file:line function", or empty when not asked for
  // Library and reason only.
  bool operator==(const QueuedError& o) const { return lib == o.lib && reason == o.reason; }
};

// Takes (and clears) what is on this thread's error queue, oldest first;
// `with_where`: each error's file, line and function too.
std::vector<QueuedError> take_queued_errors(bool with_where = false);

// "Provider routines(57):bad decrypt(100)", and " at <where>" when known.
std::string describe(const QueuedError& e);

}  // namespace armaccel::test
