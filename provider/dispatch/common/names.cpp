#include "names.h"

#include <cstring>

namespace armaccel::prov {

namespace {

constexpr char fold(char ch) {
  return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
}

// The first n characters of a and b equal but for ASCII case (neither
// shorter than n).
bool equal_n(const char* a, const char* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (fold(a[i]) != fold(b[i])) return false;
  return true;
}

}  // namespace

bool names_equal(const char* a, const char* b) {
  const std::size_t n = std::strlen(a);
  return std::strlen(b) == n && equal_n(a, b, n);
}

bool names_match(const char* list, const char* name) {
  const std::size_t len = std::strlen(name);
  for (const char* p = list;;) {
    const char* end = std::strchr(p, ':');
    const std::size_t n = end != nullptr ? static_cast<std::size_t>(end - p) : std::strlen(p);
    if (n == len && equal_n(p, name, n)) return true;
    if (end == nullptr) return false;
    p = end + 1;
  }
}

}  // namespace armaccel::prov
