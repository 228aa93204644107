// SPDX-License-Identifier: Apache-2.0
// What a lane's entry in its list (lane_table.cpp) says of it, besides the
// lane itself: how it was measured against OpenSSL's own code for the same
// work, which the provider's step-aside rule (provider/step_aside.cpp)
// decides from, and which core classes it is for (core_class.h).  Kept with
// the lane so a new lane cannot be listed without saying how it stands: a
// lane entry has no constructor without a Measured.
//
// Figures behind each entry are guest instructions per byte on the
// reference CPU (scripts/icount/vs.sh) and estimated cycles per byte per
// core model (scripts/icount/cycles.sh); they are in lane_table.cpp beside
// the entry and in docs/report.
#pragma once

#include "cpu/core_class.h"

namespace armaccel {

// How the lane compares with the code of the OpenSSL 3.x release it is
// loaded into, for every family it serves: at or below that code in every
// release before 3.<below_minor>, or (0) never: a portable lane, which the
// provider registers only where the default provider lacks the family or
// the user forces armaccel's lanes.
struct Measured {
  int below_minor;
};
inline constexpr Measured kFasterEveryRelease{99};
inline constexpr Measured kPortableLane{0};

// From which release an entry of SlowerOnCore holds.
inline constexpr int kEveryReleaseFrom = 0;
// Measured faster than OpenSSL 3.0's code on that core and slower than
// 3.5's, in the same run; 3.1 to 3.4, not measured, count as 3.5.
inline constexpr int kAfter30 = 1;

// One algorithm family (provider/step_aside.cpp's names: "aes-cbc") in
// which a lane faster than OpenSSL's code elsewhere is slower on some core
// classes: there the provider leaves the family to the default provider and
// gives `reason`, with the estimated figure.
struct SlowerOnCore {
  const char* family;  // null ends a list
  CoreClassSet cores;
  int from_minor;      // slower against OpenSSL 3.<from_minor> and later
  const char* reason;  // shown when deferred
};

// Which core classes a lane is chosen on (features permitting): only on
// `only_on` (0: any), never on `not_on`; `why` is reported where the choice
// differs from the features-only one.
struct CoreFit {
  CoreClassSet only_on = 0;
  CoreClassSet not_on = 0;
  const char* why = "";
};

struct LaneFacts {
  Measured measured;
  CoreFit fit;
  const SlowerOnCore* slower;  // null, or a list ended by a null family
};

// One entry of a lane list: the lane's kernel table and its facts.  No
// default: every entry states how the lane was measured.
template <class Kernel>
struct Lane {
  constexpr Lane(const Kernel* k, Measured m, CoreFit f = {}, const SlowerOnCore* s = nullptr)
      : kernel(k), facts{m, f, s} {}
  const Kernel* kernel;
  LaneFacts facts;
};

// Whether the facts let the lane serve on a core of class `core`.
constexpr bool suits(const LaneFacts& f, CoreClass core) {
  const CoreClassSet bit = core_bit(core);
  return (f.fit.only_on == 0 || (f.fit.only_on & bit) != 0) && (f.fit.not_on & bit) == 0;
}

}  // namespace armaccel
