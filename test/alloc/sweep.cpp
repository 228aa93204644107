// SPDX-License-Identifier: Apache-2.0
#include "sweep.h"

#include <gtest/gtest.h>
#include <openssl/err.h>

#include <cstdio>
#include <map>

namespace armaccel::alloc_test {

namespace {

// Sweeps stop reporting details after this many problems.
constexpr std::size_t kMaxReported = 8;
// No operation here makes anywhere near this many allocations.
constexpr std::size_t kMaxN = 50000;

std::string errors_text() {
  std::string text;
  char buf[256];
  for (unsigned long e; (e = ERR_get_error()) != 0;) {
    ERR_error_string_n(e, buf, sizeof buf);
    text += "\n    ";
    text += buf;
  }
  return text;
}

std::string hex_prefix(const Bytes& b) {
  std::string s;
  char buf[4];
  for (std::size_t i = 0; i < b.size() && i < 24; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", b[i]);
    s += buf;
  }
  return s + (b.size() > 24 ? "..." : "") + " (" + std::to_string(b.size()) + " bytes)";
}

class Problems {
 public:
  explicit Problems(const std::string& name) : name_(name) {}
  ~Problems() {
    if (count_ > kMaxReported)
      ADD_FAILURE() << name_ << ": " << count_ - kMaxReported << " more problems not shown";
  }
  void add(const std::string& what) {
    if (++count_ <= kMaxReported) ADD_FAILURE() << name_ << ": " << what;
  }

 private:
  std::string name_;
  std::size_t count_ = 0;
};

}  // namespace

Tally count_allocations(const Operation& op, Scope scope) {
  Bytes out;
  ERR_clear_error();
  arm(Mode::kCount, scope);
  const bool ok = op(out);
  const Tally t = disarm();
  EXPECT_TRUE(ok) << errors_text();
  return t;
}

SweepReport sweep(const std::string& name, const Operation& op, Bytes reference,
                  SweepOptions options) {
  const Scope scope = options.scope;
  SweepReport report;
  Problems problems(name);
  ERR_clear_error();
  {
    Bytes out;
    if (!op(out)) {  // the warm-up also fills libcrypto's caches
      problems.add("fails without any failure injected:" + errors_text());
      return report;
    }
    if (reference.empty()) reference = out;
    if (out != reference)
      problems.add("result " + hex_prefix(out) + " differs from the reference " +
                   hex_prefix(reference));
  }
  report.allocations = count_allocations(op, Scope::kAll).counted;
  report.armaccel_allocations = count_allocations(op, Scope::kArmaccel).counted;
  const std::vector<Site> sites = count_allocations(op, scope).sites;
  for (const Mode mode : {Mode::kFailNth, Mode::kFailFrom}) {
    const char* mode_name = mode == Mode::kFailNth ? "only allocation " : "allocations from ";
    std::map<std::size_t, std::size_t> failed_at;
    for (std::size_t n = 1; n <= kMaxN; ++n) {
      if (options.max_per_site != 0 && n <= sites.size()) {
        const Site& site = sites[n - 1];
        if (failed_at[site.stack]++ >= options.max_per_site) {
          ++report.skipped;
          continue;
        }
      }
      const std::size_t live = live_blocks(), live_ours = live_armaccel_blocks();
      ERR_clear_error();
      Bytes out;
      arm(mode, scope, n);
      const bool ok = op(out);
      const Tally t = disarm();
      const bool error_queued = ERR_peek_error() != 0;
      const std::string errors = errors_text();
      const std::string at =
          std::string(mode_name) + std::to_string(n) + " failing (first at " + t.first_failed + ")";
      if (t.injected == 0) {
        if (!ok || out != reference)
          problems.add(
              "with no failure left to inject the operation did not give the "
              "reference result" +
              errors);
        break;
      }
      ++report.runs;
      if (ok) {
        ++report.tolerated;
        if (out != reference)
          problems.add(at + ": succeeded with " + hex_prefix(out) + " instead of " +
                       hex_prefix(reference));
      } else {
        ++report.failed;
        if (!error_queued && t.armaccel_on_stack)
          problems.add(at + ": failed with no error on the queue");
        else if (!error_queued)
          ++report.silent_libcrypto;
      }
      if (live_armaccel_blocks() != live_ours)
        problems.add(at + ": armaccel's live blocks went from " + std::to_string(live_ours) +
                     " to " + std::to_string(live_armaccel_blocks()));
      if (live_blocks() != live) ++report.libcrypto_cache_changes;
    }
  }
  std::string note = scope == Scope::kArmaccel ? " (armaccel's failed only)" : "";
  if (report.skipped != 0)
    note += " (" + std::to_string(report.skipped) + " N skipped: call stack failed " +
            std::to_string(options.max_per_site) + "x already)";
  if (report.libcrypto_cache_changes != 0)
    note += " (libcrypto's block count changed in " +
            std::to_string(report.libcrypto_cache_changes) + " runs)";
  std::printf(
      "[alloc] %-40s %5zu allocations (%3zu armaccel's), %5zu runs: %5zu failed (%zu "
      "without an error, in libcrypto alone), %zu succeeded%s\n",
      name.c_str(), report.allocations, report.armaccel_allocations, report.runs, report.failed,
      report.silent_libcrypto, report.tolerated, note.c_str());
  std::fflush(stdout);
  return report;
}

}  // namespace armaccel::alloc_test
