// SPDX-License-Identifier: Apache-2.0
#include "names.h"

#include <cstring>

namespace armaccel::prov {

namespace {

// a and b the same character but for ASCII case.  The exact match is the
// common case and costs one compare.
constexpr bool same_char(char a, char b) {
  if (a == b) return true;
  const char la = static_cast<char>(a | 0x20);
  return la == static_cast<char>(b | 0x20) && la >= 'a' && la <= 'z';
}

constexpr bool segment_end(char c) {
  return c == ':' || c == '\0';
}

}  // namespace

bool names_equal(const char* a, const char* b) {
  for (;; ++a, ++b) {
    if (!same_char(*a, *b)) return false;
    if (*a == '\0') return true;
  }
}

bool name_is_primary(const char* list, const char* name) {
  const char* q = name;
  for (const char* p = list; !segment_end(*p); ++p, ++q)
    if (!same_char(*p, *q)) return false;
  return *q == '\0';
}

// Each entry's end found with strchr, its characters compared only when its
// length is the name's (most entries differ in length; OIDs are long).
// This runs in every MAC init that names its cipher or digest.
bool names_match(const char* list, const char* name) {
  const std::size_t len = std::strlen(name);
  for (const char* p = list;;) {
    const char* end = std::strchr(p, ':');
    const std::size_t n = end != nullptr ? static_cast<std::size_t>(end - p) : std::strlen(p);
    if (n == len) {
      std::size_t i = 0;
      while (i < n && same_char(p[i], name[i])) ++i;
      if (i == n) return true;
    }
    if (end == nullptr) return false;
    p = end + 1;
  }
}

}  // namespace armaccel::prov
