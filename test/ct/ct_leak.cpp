// SPDX-License-Identifier: Apache-2.0
// The constant-time check's own test: code that leaks on purpose, so the
// ctest registrations can assert that memcheck reports it (and where).
//   ct_leak branch        a conditional jump on a secret key byte
//   ct_leak index         a table lookup indexed by a secret key byte
//   ct_leak declassified  the same branch after ct::declassify: must pass,
//                         which also proves the declassification points
//                         are live in this build (ARMACCEL_CT_VALGRIND)
#include <cstdio>
#include <cstring>

#include "ct_check.h"

namespace {

using armaccel::ct_test::Bytes;

// Kept out of line and with side effects the optimiser cannot turn into a
// conditional move, so the binary really branches / really indexes.
__attribute__((noinline)) int leak_branch(const std::uint8_t* key) {
  volatile int taken = 0;
  if (key[0] & 1) taken = 1;  // secret-dependent branch
  return taken;
}

__attribute__((noinline)) int leak_index(const std::uint8_t* key) {
  static volatile std::uint8_t sbox[256];
  return sbox[key[0]];  // secret-dependent memory index
}

}  // namespace

int main(int argc, char** argv) {
  using namespace armaccel::ct_test;
  require_valgrind("ct_leak");
  const char* mode = argc > 1 ? argv[1] : "";
  Bytes key = from_hex("2b7e151628aed2a6abf7158809cf4f3c");  // SP 800-38A's AES-128 key
  secret(key);
  int r = 0;
  if (std::strcmp(mode, "branch") == 0) {
    r = leak_branch(key.data());
  } else if (std::strcmp(mode, "index") == 0) {
    r = leak_index(key.data());
  } else if (std::strcmp(mode, "declassified") == 0) {
    publish(key);
    r = leak_branch(key.data()) + leak_index(key.data());
  } else {
    std::fprintf(stderr, "usage: ct_leak branch|index|declassified\n");
    return 2;
  }
  std::printf("ct_leak %s: ran\n", mode);
  return r > 1 ? 3 : 0;  // (r is public: 0 or 1)
}
