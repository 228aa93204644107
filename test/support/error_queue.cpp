// SPDX-License-Identifier: Apache-2.0
#include "error_queue.h"

#include <openssl/err.h>

namespace armaccel::test {

std::vector<QueuedError> take_queued_errors(bool with_where) {
  std::vector<QueuedError> out;
  const char *file = nullptr, *func = nullptr;
  int line = 0;
  for (unsigned long e; (e = ERR_get_error_all(&file, &line, &func, nullptr, nullptr)) != 0;) {
    QueuedError q{ERR_GET_LIB(e), ERR_GET_REASON(e), {}};
    if (with_where) {
      q.where.append(file != nullptr ? file : "?").append(":").append(std::to_string(line));
      if (func != nullptr && *func != '\0') q.where.append(" ").append(func);
    }
    out.push_back(std::move(q));
  }
  return out;
}

std::string describe(const QueuedError& e) {
  const unsigned long code = ERR_PACK(e.lib, 0, e.reason);
  const char* lib = ERR_lib_error_string(code);
  const char* reason = ERR_reason_error_string(code);
  std::string s;
  s.append(lib != nullptr ? lib : "lib").append("(").append(std::to_string(e.lib)).append("):");
  s.append(reason != nullptr ? reason : "reason").append("(").append(std::to_string(e.reason));
  s.append(")");
  if (!e.where.empty()) s.append(" at ").append(e.where);
  return s;
}

}  // namespace armaccel::test
