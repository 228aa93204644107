// SPDX-License-Identifier: Apache-2.0
// Helpers for the bare-metal test images (QEMU MPS2 boards, semihosting
// stdio): hex decoding, a small deterministic random generator, and stack
// measurement by painting.
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel::baremetal {

// Decodes `hex` (upper or lower case) into out; returns the byte count.
std::size_t from_hex(const char* hex, std::uint8_t* out, std::size_t capacity);

// xorshift64*: reproducible test data, not cryptographic.
class TestRng {
 public:
  explicit TestRng(std::uint64_t seed) : state_(seed | 1) {}
  std::uint64_t next();
  void fill(std::uint8_t* out, std::size_t len);
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

 private:
  std::uint64_t state_;
};

// Runs fn(arg) with the 48 KiB below the caller painted and returns the
// bytes of stack it used below the caller's frame (the deepest word no
// longer holding the paint).
std::size_t stack_used(void (*fn)(void*), void* arg);

}  // namespace armaccel::baremetal
