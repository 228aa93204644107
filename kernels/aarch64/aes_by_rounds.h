// SPDX-License-Identifier: Apache-2.0
// A lane table entry over AES round-count instances: the mode loops are
// templates on Nr (10, 12 or 14 rounds: AES-128/192/256, FIPS 197 §5),
// and the entry picks the instance from the round count the key schedule
// recorded (AesRoundKeys::rounds; 14 for anything else, which a schedule
// never records).  ARMACCEL_BY_ROUNDS(fn, extra...) names the entry for
// fn<Nr, extra...>:
//
//   .ecb_encrypt = ARMACCEL_BY_ROUNDS(ecb_encrypt_n),
//   .encrypt = ARMACCEL_BY_ROUNDS(gcm_n, true),
//
// its parameters are deduced from the table member it initialises.  Used
// only with a lane file's own functions, so each instance stays inside
// that file (docs/architecture.md, extension-flag hazard).
#pragma once

#include "api/aes.h"

namespace armaccel {

template <auto F10, auto F12, auto F14, class... Args>
void by_rounds(const AesRoundKeys* rk, Args... args) {
  switch (rk->rounds) {
    case 10:
      return F10(rk, args...);
    case 12:
      return F12(rk, args...);
    default:
      return F14(rk, args...);
  }
}

}  // namespace armaccel

#define ARMACCEL_BY_ROUNDS(fn, ...)                                                           \
  ::armaccel::by_rounds<fn<10 __VA_OPT__(, ) __VA_ARGS__>, fn<12 __VA_OPT__(, ) __VA_ARGS__>, \
                        fn<14 __VA_OPT__(, ) __VA_ARGS__>>
