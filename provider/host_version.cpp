// SPDX-License-Identifier: Apache-2.0
#include "host_version.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include <atomic>
#include <cstring>

namespace armaccel::prov {

namespace {

// Reads a decimal number of at most 4 digits; advances *p.
bool read_number(const char** p, int* out) {
  int value = 0;
  int digits = 0;
  while (**p >= '0' && **p <= '9' && digits < 4) {
    value = value * 10 + (**p - '0');
    ++*p;
    ++digits;
  }
  *out = value;
  return digits > 0 && !(**p >= '0' && **p <= '9');
}

}  // namespace

bool parse_host_version(const char* text, HostVersion* out) {
  if (text == nullptr) return false;
  HostVersion v;
  const char* p = text;
  if (!read_number(&p, &v.major) || *p++ != '.') return false;
  if (!read_number(&p, &v.minor) || *p++ != '.') return false;
  if (!read_number(&p, &v.patch)) return false;
  *out = v;
  return true;
}

bool read_host_version(const OSSL_CORE_HANDLE* handle,
                       OSSL_FUNC_core_get_params_fn* core_get_params, HostVersion* out, char* text,
                       unsigned size) {
  if (size != 0) text[0] = '\0';
  if (core_get_params == nullptr) return false;
  char* value = nullptr;
  OSSL_PARAM request[] = {
      OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_CORE_VERSION, &value, 0),
      OSSL_PARAM_construct_end(),
  };
  if (!core_get_params(handle, request) || value == nullptr) return false;
  if (size != 0) {
    std::strncpy(text, value, size - 1);
    text[size - 1] = '\0';
  }
  return parse_host_version(value, out);
}

namespace {
std::atomic<int> g_running_major{0}, g_running_minor{0};
}  // namespace

void set_running_host(const HostVersion& v) noexcept {
  g_running_minor.store(v.minor);
  g_running_major.store(v.major);
}

HostVersion running_host() noexcept {
  HostVersion v;
  v.major = g_running_major.load();
  v.minor = g_running_minor.load();
  return v;
}

}  // namespace armaccel::prov
