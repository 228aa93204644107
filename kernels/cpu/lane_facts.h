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

#include <cstddef>

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

// One estimate behind a slower-on-core fact: the lane and the default
// provider of OpenSSL 3.5.9 (kFiguresAgainst), in the same run, for one
// operation at one message size on one core model (scripts/icount/
// cycles.sh; docs/report).  The provider formats the reason a user reads
// from it (provider/step_aside.cpp), so every reason reads alike.
struct CycleFigure {
  const char* operation;   // "AES-128-CBC encryption", "AES-128-GCM records"
  unsigned message_bytes;  // the message size measured: 64, 1024 or 16384
  double lane;             // the lane's estimated cycles per byte
  double openssl;          // OpenSSL's, the same way
};
inline constexpr const char* kFiguresAgainst = "3.5";

// One algorithm family (provider/step_aside.cpp's names: "aes-cbc") in
// which a lane (or variant) faster than OpenSSL's code elsewhere is slower
// on a core class: where that lane is chosen on that class, the provider
// leaves the family to the default provider and gives the figure as its
// reason.  All of them are one table, kSlowerOnCore.
struct SlowerOnCore {
  const char* lane;      // the lane's name, as its table spells it; null ends the table
  const char* families;  // the families it is slower in, by name, separated by spaces
  CoreClass core;
  int from_minor;  // slower against OpenSSL 3.<from_minor> and later
  CycleFigure figure;
};

// Every slower-on-core fact, ended by an entry with a null lane
// (slower_on_core.cpp, with the measurements behind each).  A lane this
// build lacks is never chosen, so its entries never apply.
extern const SlowerOnCore kSlowerOnCore[];

// Which core classes a lane is chosen on (features permitting): only on
// `only_on` (0: any), never on `not_on`; `why` is reported where the choice
// differs from the features-only one.  `suits_on` names classes the lane is
// known to suit, for `suits_why`: reported where the lane is chosen on them,
// it changes no choice (the features-only choice stands there).  Reasons
// hold no parenthesis (armaccel-info -json finds the note's end by it).
struct CoreFit {
  CoreClassSet only_on = 0;
  CoreClassSet not_on = 0;
  const char* why = "";
  CoreClassSet suits_on = 0;
  const char* suits_why = "";
};

struct LaneFacts {
  Measured measured;
  CoreFit fit;
};

// A lane's variant for some core classes (api/core_variant.h: the lane's
// table with a few entries replaced): chosen instead of the lane on
// `cores`, with `why` reported there, and measured as the lane is.
template <class Kernel>
struct CoreVariant {
  const Kernel* kernel;
  CoreClassSet cores;
  const char* why;
};

// One entry of a lane list: the lane's kernel table, its facts and its
// variants per core class, if any.  No default: every entry states how the
// lane was measured.  The list the selection walks (lane_table.cpp) has
// each variant just before its lane, as a lane chosen only on its cores.
template <class Kernel>
struct Lane {
  constexpr Lane(const Kernel* k, Measured m, CoreFit f = {}) : kernel(k), facts{m, f} {}
  template <std::size_t N>
  constexpr Lane(const Kernel* k, Measured m, const CoreVariant<Kernel> (&v)[N])
      : kernel(k), facts{m, {}}, variants(v), variant_count(N) {}
  const Kernel* kernel;
  LaneFacts facts;
  const CoreVariant<Kernel>* variants = nullptr;
  std::size_t variant_count = 0;

  // The facts of variant i: the lane's measurement, its cores and reasons.
  constexpr LaneFacts variant_facts(std::size_t i) const {
    return {facts.measured, {variants[i].cores, 0, variants[i].why}};
  }
};

// Whether the facts let the lane serve on a core of class `core`.
constexpr bool suits(const LaneFacts& f, CoreClass core) {
  const CoreClassSet bit = core_bit(core);
  return (f.fit.only_on == 0 || (f.fit.only_on & bit) != 0) && (f.fit.not_on & bit) == 0;
}

}  // namespace armaccel
