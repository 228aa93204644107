// SPDX-License-Identifier: Apache-2.0
// Poly1305, portable lane "poly1305-portable" (RFC 8439 §2.5): one block
// per multiplication in radix 2^64 (poly1305_radix64.h).  Constant time:
// multiplications and carries only.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "api/poly1305.h"
#include "portable/poly1305_radix64.h"

namespace armaccel {

namespace {

namespace r64 = poly1305_radix64;

struct State {
  r64::R r;
  r64::H h;
};
static_assert(sizeof(State) <= sizeof(Poly1305State::bytes));

void init(Poly1305State* st, const std::uint8_t r[16]) {
  const State s{r64::clamp(r), {0, 0, 0}};
  write_bytes(*st, s);
}

void blocks(Poly1305State* st, const std::uint8_t* data, std::size_t n, std::uint32_t pad_bit) {
  State s = read_bytes<State>(*st);
  r64::absorb(s.h, s.r, data, n, pad_bit);
  write_bytes(*st, s);
}

}  // namespace

const Poly1305Kernel kPoly1305Portable = {.lane = "poly1305-portable",
                                          .required = 0,
                                          .init = init,
                                          .blocks = blocks,
                                          .finish = r64::finish<State>};

}  // namespace armaccel
