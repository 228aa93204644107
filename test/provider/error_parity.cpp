// SPDX-License-Identifier: Apache-2.0
#include "error_parity.h"

#include <openssl/err.h>

#include <sstream>

namespace armaccel::test {

namespace {

std::string describe(const Trace::Step& step) {
  std::ostringstream s;
  s << step.what << " -> " << step.ret << " [";
  for (std::size_t i = 0; i < step.errors.size(); ++i)
    s << (i ? ", " : "") << describe(step.errors[i]);
  s << "]";
  return s.str();
}

}  // namespace

long Trace::step(const std::string& what, long ret) {
  steps_.push_back(Step{what, ret, take_queued_errors()});
  return ret;
}

bool default_has_cipher(const char* alg) {
  EVP_CIPHER* c = EVP_CIPHER_fetch(oracle_libctx(), alg, "provider=default");
  EVP_CIPHER_free(c);
  ERR_clear_error();
  return c != nullptr;
}

bool default_has_keymgmt(const char* alg) {
  EVP_KEYMGMT* k = EVP_KEYMGMT_fetch(oracle_libctx(), alg, "provider=default");
  EVP_KEYMGMT_free(k);
  ERR_clear_error();
  return k != nullptr;
}

long Trace::stricter(const std::string& what, long ret) {
  step(what, ret);
  steps_.back().stricter = true;
  return ret;
}

long Trace::stricter_silent(const std::string& what, long ret) {
  stricter(what, ret);
  steps_.back().silent = true;
  return ret;
}

const Side& armaccel_side() {
  static const Side side{"armaccel", armaccel_libctx(), "provider=armaccel", armaccel_provider()};
  return side;
}

const Side& default_side() {
  static const Side side{"default", oracle_libctx(), "provider=default", oracle_provider()};
  return side;
}

void expect_parity(const Scenario& scenario) {
  Trace mine, ref;
  ERR_clear_error();
  scenario(armaccel_side(), mine);
  mine.step("(left on the queue)", 0);
  ERR_clear_error();
  scenario(default_side(), ref);
  ref.step("(left on the queue)", 0);
  ERR_clear_error();
  const auto& a = mine.steps();
  const auto& b = ref.steps();
  EXPECT_EQ(a.size(), b.size()) << "the scenario took other steps on the two sides";
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i].stricter) {
      EXPECT_TRUE(a[i].ret <= 0 && a[i].errors.empty() == a[i].silent)
          << "step " << i << ", where armaccel is stricter, must fail"
          << (a[i].silent ? " without" : " with") << " an error\n  armaccel: " << describe(a[i])
          << "\n  default:  " << describe(b[i]);
      continue;
    }
    const bool same = a[i].what == b[i].what && a[i].ret == b[i].ret && a[i].errors == b[i].errors;
    EXPECT_TRUE(same) << "step " << i << "\n  armaccel: " << describe(a[i])
                      << "\n  default:  " << describe(b[i]);
  }
  EXPECT_EQ(mine.values(), ref.values());
}

}  // namespace armaccel::test
