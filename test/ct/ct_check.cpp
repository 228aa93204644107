// SPDX-License-Identifier: Apache-2.0
#include "ct_check.h"

#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace armaccel::ct_test {

namespace {
int g_failures = 0;
int g_checks = 0;
}  // namespace

void count_checks(int n) {
  g_checks += n;
}

void secret(const void* p, std::size_t n) {
  (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

void require_valgrind(const char* program) {
  if (RUNNING_ON_VALGRIND == 0) {
    std::fprintf(stderr, "%s: must run under valgrind --tool=memcheck (see test/ct)\n", program);
    std::exit(2);
  }
}

Bytes from_hex(const std::string& hex) {
  Bytes out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}

void expect_bytes(const std::uint8_t* got, std::size_t got_len, const Bytes& want,
                  const std::string& what) {
  publish(got, got_len);
  if (got_len != want.size()) {
    ++g_failures;
    std::fprintf(stderr, "FAIL %s: %zu bytes, expected %zu\n", what.c_str(), got_len, want.size());
  } else if (std::memcmp(got, want.data(), want.size()) != 0) {
    ++g_failures;
    std::fprintf(stderr, "FAIL %s: wrong bytes\n", what.c_str());
  }
}

void expect_true(bool cond, const std::string& what) {
  if (!ct::declassify_value(cond)) {
    ++g_failures;
    std::fprintf(stderr, "FAIL %s\n", what.c_str());
  }
}

int finish(const char* program) {
  if (g_failures != 0) {
    std::fprintf(stderr, "%s: %d of %d checks failed\n", program, g_failures, g_checks);
    return 1;
  }
  std::printf("%s: %d checks ok (memcheck reports, if any, are above)\n", program, g_checks);
  return 0;
}

std::string read_vector_file(const std::string& rel) {
  const std::string path = "test/vectors/" + rel;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s (run from the project root)\n", path.c_str());
    std::exit(2);
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace armaccel::ct_test
