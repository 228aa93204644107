// SPDX-License-Identifier: Apache-2.0
// The lane lists' facts (kernels/cpu/lane_table.cpp) against the provider's
// step-aside rule (provider/step_aside.cpp), built into one program with
// the rule's source: every list ends with its portable lane and only that
// lane is listed as never faster than OpenSSL's code; every family a lane's
// slower-on-core entry names is a family the rule has, so a misspelt name
// cannot silently keep a family registered where it was measured slower;
// and the rule defers what those entries say, on the core and release they
// say, and nothing else.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "cpu/lanes.h"
#include "step_aside.h"

namespace armaccel::test {
namespace {

using prov::Decision;
using prov::Family;
using prov::FamilyDecisions;
using prov::HostVersion;

// Every class (kernels/cpu/core_class.h).
constexpr auto kClasses = [] {
  std::array<CoreClass, kCoreClassCount> all{};
  for (unsigned i = 0; i < kCoreClassCount; ++i) all[i] = static_cast<CoreClass>(i);
  return all;
}();

// The space-separated words of `list`.
std::vector<std::string> words(const char* list) {
  std::vector<std::string> out;
  std::istringstream in(list);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Calls f(lane name, facts, is the list's last entry) for every lane built.
template <class F>
void for_each_lane(F&& f) {
  const KernelSet none = {};
  for_each_primitive(none, [&](Primitive, auto list, auto) {
    for (std::size_t i = 0; i < list.count; ++i)
      f(std::string(list.lanes[i]->lane), list.facts[i], i + 1 == list.count);
  });
  const LaneList<GcmKernel> gcm = gcm_lanes();
  for (std::size_t i = 0; i < gcm.count; ++i)
    f(std::string(gcm.lanes[i]->lane), gcm.facts[i], false);
}

TEST(LaneFacts, OnlyThePortableLaneOfEachListIsNeverFaster) {
  for_each_lane([](const std::string& lane, const LaneFacts& f, bool last) {
    EXPECT_EQ(f.measured.below_minor == kPortableLane.below_minor, last) << lane;
    EXPECT_EQ(lane.ends_with("-portable"), last) << lane;
  });
}

TEST(LaneFacts, SlowerOnCoreEntriesNameFamiliesOfTheRule) {
  int entries = 0;
  for (const SlowerOnCore* s = kSlowerOnCore; s->lane != nullptr; ++s, ++entries) {
    const std::string where = std::string(s->lane) + " " + s->families;
    for (const std::string& family : words(s->families))
      EXPECT_TRUE(prov::is_family_name(family.c_str())) << where << ": " << family;
    EXPECT_NE(s->core, CoreClass::kOther) << where;
#if ARMACCEL_TEST_AARCH64_LANES
    // Every lane it names is built (a misspelt lane would never apply).
    bool listed = false;
    for_each_lane(
        [&](const std::string& lane, const LaneFacts&, bool) { listed |= lane == s->lane; });
    EXPECT_TRUE(listed) << where;
#endif
    // A figure that says slower: the lane's estimate above OpenSSL's, at
    // a measured size.  (Three are within the estimate's 5% noise:
    // deferred all the same, the promise being never slower.)
    const CycleFigure& c = s->figure;
    EXPECT_GT(c.lane, c.openssl) << where;
    EXPECT_TRUE(c.message_bytes == 64 || c.message_bytes == 1024 || c.message_bytes == 16384)
        << where;
    EXPECT_NE(std::string(c.operation), "") << where;
  }
  EXPECT_GT(entries, 0);
}

// Each slower-on-core entry of a lane chosen on its core takes its family
// off that lane there from its release on, and (with every AArch64 lane
// built) no family is deferred on a core class without an entry saying so.
TEST(LaneFacts, TheRuleDefersExactlyWhatTheEntriesSay) {
  for (const CoreClass core : kClasses) {
    for (const int minor : {0, 5}) {
      const HostVersion host{3, minor, 0};
      const KernelSet k = select_kernels(kFeatAll, core);
      const FamilyDecisions d = prov::decide_families(k, host, core, false);
      for (std::size_t i = 0; i < prov::kFamilyCount; ++i) {
        const auto family = static_cast<Family>(i);
        const char* name = prov::family_name(family);
        bool said = false;
        for_each_primitive(k, [&](Primitive p, auto, auto) {
          for (const SlowerOnCore* s = kSlowerOnCore; s->lane != nullptr; ++s)
            if (std::string(s->lane) == lane_name(k, p) && s->core == core &&
                minor >= s->from_minor && std::ranges::count(words(s->families), name) > 0)
              said = true;
        });
        // Deferred, or kept only because this release's default lacks it.
        if (said) {
          EXPECT_NE(d.of[i], Decision::kLane)
              << name << " on " << core_class_name(core) << " in 3." << minor;
        } else {
#if ARMACCEL_TEST_AARCH64_LANES
          EXPECT_NE(d.of[i], Decision::kDeferred)
              << name << " on " << core_class_name(core) << " in 3." << minor;
#endif
        }
      }
    }
  }
}

}  // namespace
}  // namespace armaccel::test
