// SPDX-License-Identifier: Apache-2.0
// Bare-metal test helpers (board.h).
#include "board.h"

namespace armaccel::baremetal {

namespace {

int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr std::uint32_t kPaint = 0xA5C3A5C3u;
// How far below the caller stack_used() paints (more than any operation
// measured here may take; newlib's crt0 puts the stack at the top of the
// RAM QEMU reports through semihosting, with far more than this below).
constexpr std::size_t kPaintBytes = 48 * 1024;

// Paints [bottom, just below its own frame) and returns; out of line, so
// its frame is gone when the measured call runs.
__attribute__((noinline)) void paint(std::uint32_t* bottom) {
  auto* top = static_cast<std::uint32_t*>(__builtin_frame_address(0)) - 16;
  for (volatile std::uint32_t* p = bottom; p < top; ++p) *p = kPaint;
}

}  // namespace

std::size_t from_hex(const char* hex, std::uint8_t* out, std::size_t capacity) {
  std::size_t n = 0;
  for (; hex[0] != '\0' && hex[1] != '\0' && n < capacity; hex += 2)
    out[n++] = static_cast<std::uint8_t>(nibble(hex[0]) << 4 | nibble(hex[1]));
  return n;
}

std::uint64_t TestRng::next() {
  state_ ^= state_ >> 12;
  state_ ^= state_ << 25;
  state_ ^= state_ >> 27;
  return state_ * 0x2545F4914F6CDD1Dull;
}

void TestRng::fill(std::uint8_t* out, std::size_t len) {
  for (std::size_t i = 0; i < len; ++i) out[i] = static_cast<std::uint8_t>(next() >> 56);
}

std::size_t stack_used(void (*fn)(void*), void* arg) {
  // fn's frames start just below this function's frame; the figure
  // includes this frame's few words.
  const auto* here = static_cast<const char*>(__builtin_frame_address(0));
  auto* bottom = reinterpret_cast<std::uint32_t*>(
      (reinterpret_cast<std::uintptr_t>(here) - kPaintBytes) & ~std::uintptr_t{7});
  paint(bottom);
  fn(arg);
  const volatile std::uint32_t* p = bottom;
  while (reinterpret_cast<const volatile char*>(p) < here && *p == kPaint) ++p;
  // Still painted at the very bottom means the call stayed inside; a
  // call that used the whole window is reported as the window.
  return static_cast<std::size_t>(here - reinterpret_cast<const volatile char*>(p));
}

}  // namespace armaccel::baremetal
