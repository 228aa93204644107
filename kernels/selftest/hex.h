// SPDX-License-Identifier: Apache-2.0
// Known-answer data written as the standards print it: hex("6bc1bee2...")
// is a Bytes<N> built at compile time (a character that is not a hex digit,
// or an odd count, does not compile).
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel::selftest {

template <std::size_t N>
struct Bytes {
  std::uint8_t b[N];
  static constexpr std::size_t size = N;
};

namespace detail {
// Not constexpr: calling it while evaluating hex() stops the compilation.
inline int not_a_hex_digit() {
  return -1;
}

consteval int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return not_a_hex_digit();
}
}  // namespace detail

// L counts the terminating NUL of the literal: L - 1 hex digits.
template <std::size_t L>
consteval Bytes<(L - 1) / 2> hex(const char (&digits)[L]) {
  static_assert((L - 1) % 2 == 0, "hex() needs an even number of digits");
  Bytes<(L - 1) / 2> out{};
  for (std::size_t i = 0; i < (L - 1) / 2; ++i)
    out.b[i] = static_cast<std::uint8_t>(detail::nibble(digits[2 * i]) * 16 +
                                         detail::nibble(digits[2 * i + 1]));
  return out;
}

// Compares a lane's output with the known answer.  The fault hook: with
// `corrupt` set, the first comparison sees its output with one bit
// flipped (as OpenSSL's self-tests do when their callback asks), so the
// test fails where it would have passed.
class KatCheck {
 public:
  explicit KatCheck(bool corrupt) : corrupt_(corrupt) {}

  void expect(std::uint8_t* got, const std::uint8_t* want, std::size_t n) {
    if (corrupt_ && n != 0) {
      got[0] ^= 1;
      corrupt_ = false;
    }
    for (std::size_t i = 0; i < n; ++i) ok_ &= got[i] == want[i];
  }
  template <std::size_t N>
  void expect(std::uint8_t* got, const Bytes<N>& want) {
    expect(got, want.b, N);
  }

  bool passed() const { return ok_ && !corrupt_; }

 private:
  bool corrupt_;
  bool ok_ = true;
};

}  // namespace armaccel::selftest
