// SPDX-License-Identifier: Apache-2.0
// Tally, the thread runner and the operation counts of the stress workload.
#include <cstdlib>
#include <latch>
#include <thread>

#include "stress.h"

namespace armaccel::test::stress {

bool Tally::check(bool ok, const std::string& suite, std::size_t index, const char* what) {
  if (ok) return true;
  if (failures++ == 0) {
    first_failure = suite + " case " + std::to_string(index) + ": " + what;
    const std::string errors = drain_errors();
    if (!errors.empty()) first_failure += "\n" + errors;
  }
  return false;
}

void Tally::merge(const Tally& other) {
  for (const auto& [suite, n] : other.operations) operations[suite] += n;
  if (failures == 0 && other.failures != 0) first_failure = other.first_failure;
  failures += other.failures;
}

std::size_t Tally::total() const {
  std::size_t n = 0;
  for (const auto& [suite, count] : operations) n += count;
  return n;
}

Suites make_suites(OSSL_LIB_CTX* lib, OSSL_LIB_CTX* oracle) {
  Suites suites;
  add_aead_suites(suites, lib, oracle);
  add_digest_suites(suites, lib, oracle);
  add_mlkem_suite(suites, lib);
  return suites;
}

Tally run_threads(const Suites& suites, unsigned threads, std::size_t operations,
                  std::uint64_t salt, std::vector<ThreadContexts>* premade) {
  std::vector<Tally> tallies(threads);
  std::vector<std::thread> workers;
  std::latch start(threads);
  for (unsigned t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      ThreadContexts fresh;
      ThreadContexts& mine = premade != nullptr ? (*premade)[t] : fresh;
      Rng rng(salt * 64 + t);
      start.arrive_and_wait();
      for (std::size_t i = 0; i < operations; ++i) {
        const Suite& suite = *suites[(t + i) % suites.size()];
        if (!tallies[t].check(suite.cases() != 0, suite.name(), 0, "no cases")) continue;
        suite.run(rng.below(suite.cases()), mine, rng, tallies[t]);
        ++tallies[t].operations[suite.name()];
      }
      ERR_clear_error();
    });
  }
  for (auto& w : workers) w.join();
  Tally all;
  for (const auto& t : tallies) all.merge(t);
  return all;
}

std::size_t operations_per_thread(std::size_t native, std::size_t emulated, std::size_t sanitized) {
  if (const char* env = std::getenv("ARMACCEL_STRESS_OPS"); env != nullptr && *env != '\0')
    return std::strtoull(env, nullptr, 0);
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
  (void)native;
  (void)emulated;
  return sanitized;
#else
  (void)sanitized;
  return armaccel::test::emulated() ? emulated : native;
#endif
}

}  // namespace armaccel::test::stress
