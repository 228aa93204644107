// SPDX-License-Identifier: Apache-2.0
// Feature names, their formatting, and the override grammar (cpu_features.h).
#include "cpu/cpu_features.h"

namespace armaccel {

const FeatureName kFeatureNames[] = {
    {"asimd", kFeatAsimd},   {"aes", kFeatAes},   {"pmull", kFeatPmull}, {"sha2", kFeatSha2},
    {"sha512", kFeatSha512}, {"sha3", kFeatSha3}, {"sm3", kFeatSm3},     {"sm4", kFeatSm4},
    {"sve", kFeatSve},       {"sve2", kFeatSve2},
};
const std::size_t kFeatureNameCount = sizeof(kFeatureNames) / sizeof(kFeatureNames[0]);

namespace {

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool is_separator(char c) {
  return c == ',' || c == ' ' || c == ':' || c == ';' || c == '\t' || c == '\n' || c == '\r';
}

// Case-insensitive comparison of the token [begin, begin+len) with `word`.
bool token_equals(const char* begin, std::size_t len, const char* word) {
  std::size_t i = 0;
  for (; i < len; ++i) {
    if (word[i] == '\0' || lower(begin[i]) != word[i]) return false;
  }
  return word[i] == '\0';
}

// Appends `s` to buf at *pos, keeping room for the terminator.
void append(char* buf, std::size_t size, std::size_t* pos, const char* s) {
  for (; *s != '\0' && *pos + 1 < size; ++s) buf[(*pos)++] = *s;
}

}  // namespace

std::size_t format_features(CpuFeatures features, char* buf, std::size_t size) {
  if (size == 0) return 0;
  std::size_t pos = 0;
  bool first = true;
  for (std::size_t i = 0; i < kFeatureNameCount; ++i) {
    if ((features & kFeatureNames[i].bit) == 0) continue;
    if (!first) append(buf, size, &pos, " ");
    append(buf, size, &pos, kFeatureNames[i].name);
    first = false;
  }
  if (first) append(buf, size, &pos, "none");
  buf[pos] = '\0';
  return pos;
}

OverrideParse parse_disable_list(const char* text) {
  OverrideParse result;
  if (text == nullptr) return result;
  const char* p = text;
  while (*p != '\0') {
    while (*p != '\0' && is_separator(*p)) ++p;
    if (*p == '\0') break;
    const char* begin = p;
    while (*p != '\0' && !is_separator(*p)) ++p;
    std::size_t len = static_cast<std::size_t>(p - begin);
    const char* name = begin;
    std::size_t name_len = len;
    if (name_len > 0 && name[0] == '~') {
      ++name;
      --name_len;
    }
    CpuFeatures bit = 0;
    bool known = false;
    if (token_equals(name, name_len, "all")) {
      bit = kFeatAll;
      known = true;
    } else if (token_equals(name, name_len, "none")) {
      known = true;
    } else if (token_equals(name, name_len, "neon")) {
      bit = kFeatAsimd;
      known = true;
    } else {
      for (std::size_t i = 0; i < kFeatureNameCount; ++i) {
        if (token_equals(name, name_len, kFeatureNames[i].name)) {
          bit = kFeatureNames[i].bit;
          known = true;
          break;
        }
      }
    }
    if (known) {
      result.disable |= bit;
      continue;
    }
    if (result.unknown_tokens++ == 0) {
      std::size_t n =
          len < sizeof(result.first_unknown) - 1 ? len : sizeof(result.first_unknown) - 1;
      for (std::size_t i = 0; i < n; ++i) result.first_unknown[i] = begin[i];
      result.first_unknown[n] = '\0';
    }
  }
  return result;
}

CpuFeatures apply_disable(CpuFeatures probed, CpuFeatures disable) {
  CpuFeatures effective = probed & ~disable;
  if ((effective & kFeatAsimd) == 0) effective &= ~kFeatNeedsAsimd;
  return effective;
}

}  // namespace armaccel
