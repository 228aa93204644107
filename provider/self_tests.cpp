// SPDX-License-Identifier: Apache-2.0
#include "self_tests.h"

#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/self_test.h>

#include <cstdio>
#include <cstring>

#include "errors.h"
#include "selftest/self_test.h"

namespace armaccel::prov {

namespace {

// OpenSSL 3.5's name for a KEM known-answer test (3.0's headers lack it).
constexpr char kTypeKatKem[] = "KAT_KEM";

// Where a lane's outcome is reported: its primitive's index
// (primitives.h), the fused GCM lane after them.
constexpr std::size_t kGcmSlot = kPrimitiveCount;

struct LaneKind {
  std::size_t slot;
  const char* type;  // OSSL_SELF_TEST_TYPE_*
};

const char* self_test_type(PrimitiveKind kind) {
  switch (kind) {
    case PrimitiveKind::kCipher:
      return OSSL_SELF_TEST_TYPE_KAT_CIPHER;
    case PrimitiveKind::kDigest:
      return OSSL_SELF_TEST_TYPE_KAT_DIGEST;
    case PrimitiveKind::kKem:
      return kTypeKatKem;
    case PrimitiveKind::kKex:
      return OSSL_SELF_TEST_TYPE_KAT_KA;
  }
  return OSSL_SELF_TEST_TYPE_KAT_CIPHER;
}

template <class Kernel>
LaneKind kind_of(const Kernel& lane) {
  const Primitive p = primitive_of(lane);
  return {static_cast<std::size_t>(p), self_test_type(primitive_kind(p))};
}
LaneKind kind_of(const GcmKernel&) {
  return {kGcmSlot, OSSL_SELF_TEST_TYPE_KAT_CIPHER};
}

void append_word(char* buf, std::size_t size, const char* word) {
  const std::size_t used = std::strlen(buf);
  std::snprintf(buf + used, size - used, "%s%s", used ? " " : "", word);
}

// Tells the application's callback about one phase of one lane's test;
// returns the callback's answer (true where there is none).
bool tell(const SelfTestHook& hook, const char* phase, const char* type, const char* lane) {
  if (hook.cb == nullptr) return true;
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_PROV_PARAM_SELF_TEST_PHASE, const_cast<char*>(phase),
                                       0),
      OSSL_PARAM_construct_utf8_string(OSSL_PROV_PARAM_SELF_TEST_TYPE, const_cast<char*>(type), 0),
      OSSL_PARAM_construct_utf8_string(OSSL_PROV_PARAM_SELF_TEST_DESC, const_cast<char*>(lane), 0),
      OSSL_PARAM_construct_end(),
  };
  return hook.cb(params, hook.arg) != 0;
}

// The accept predicate of select_kernels: runs the known-answer test of
// each candidate lane and records the outcome.
class SelfTester {
 public:
  SelfTester(SelfTestReport* report, const SelfTestHook& hook) : report_(report), hook_(hook) {}

  template <class Kernel>
  bool operator()(const Kernel& lane, const KernelSet& chosen) {
    const LaneKind kind = kind_of(lane);
    tell(hook_, OSSL_SELF_TEST_PHASE_START, kind.type, lane.lane);
    const bool corrupt = !tell(hook_, OSSL_SELF_TEST_PHASE_CORRUPT, kind.type, lane.lane);
    const bool passed = selftest::run(lane, chosen, corrupt);
    tell(hook_, passed ? OSSL_SELF_TEST_PHASE_PASS : OSSL_SELF_TEST_PHASE_FAIL, kind.type,
         lane.lane);
    if (passed) {
      append_word(report_->passed, sizeof report_->passed, lane.lane);
    } else {
      append_word(report_->failed, sizeof report_->failed, lane.lane);
      if (report_->failure_count < sizeof report_->failures / sizeof report_->failures[0])
        report_->failures[report_->failure_count++] = {kind.slot, lane.lane};
    }
    return passed;
  }

 private:
  SelfTestReport* report_;
  SelfTestHook hook_;
};

// What serves a report slot instead of a failed lane: "<lane> serves
// instead", or, for the fused GCM slot without a fused lane, the
// composition of the chosen AES and GHASH lanes.
void replacement(const KernelSet& k, std::size_t slot, char* buf, std::size_t size) {
  if (slot == kGcmSlot && k.gcm == nullptr) {
    std::snprintf(buf, size, "GCM composes %s and %s instead", k.aes->lane, k.ghash->lane);
    return;
  }
  std::snprintf(buf, size, "%s serves instead",
                slot == kGcmSlot ? k.gcm->lane : lane_name(k, static_cast<Primitive>(slot)));
}

// True when `lane` is the last (portable) entry of its list.
template <class Kernel>
bool is_last(LaneList<Kernel> list, const Kernel* lane) {
  return list.count != 0 && list.lanes[list.count - 1] == lane;
}

// Runs the known-answer test of a lane in use again (with the callback's
// phases, as at load); true without a test for a portable lane and an
// absent fused GCM lane.
template <class Kernel>
bool retest(const ProvCtx* ctx, const Kernel* lane, bool portable) {
  if (lane == nullptr || portable) return true;
  const LaneKind kind = kind_of(*lane);
  tell(ctx->self_test_hook, OSSL_SELF_TEST_PHASE_START, kind.type, lane->lane);
  const bool corrupt =
      !tell(ctx->self_test_hook, OSSL_SELF_TEST_PHASE_CORRUPT, kind.type, lane->lane);
  const bool passed = selftest::run(*lane, ctx->kernels, corrupt);
  tell(ctx->self_test_hook, passed ? OSSL_SELF_TEST_PHASE_PASS : OSSL_SELF_TEST_PHASE_FAIL,
       kind.type, lane->lane);
  if (!passed)
    raise_error_message(ctx, kErrLaneSelfTestFailed, ErrorSite::current(),
                        "armaccel's %s lane failed its known-answer self-test on demand",
                        lane->lane);
  return passed;
}

}  // namespace

int provider_self_test(void* provctx) noexcept {
  const auto* ctx = static_cast<const ProvCtx*>(provctx);
  const KernelSet& k = ctx->kernels;
  bool ok = true;
  for_each_primitive(k, [&](Primitive, auto list, auto lane) {
    ok = retest(ctx, lane, is_last(list, lane)) && ok;
  });
  ok = retest(ctx, k.gcm, false) && ok;  // last, as at load; its list has no portable entry
  return ok ? 1 : 0;
}

SelfTestHook read_self_test_hook(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in) {
  OSSL_FUNC_core_get_libctx_fn* get_libctx = nullptr;
  OSSL_FUNC_self_test_cb_fn* get_callback = nullptr;
  for (const OSSL_DISPATCH* f = in; f != nullptr && f->function_id != 0; ++f) {
    if (f->function_id == OSSL_FUNC_CORE_GET_LIBCTX)
      get_libctx = reinterpret_cast<OSSL_FUNC_core_get_libctx_fn*>(f->function);
    else if (f->function_id == OSSL_FUNC_SELF_TEST_CB)
      get_callback = reinterpret_cast<OSSL_FUNC_self_test_cb_fn*>(f->function);
  }
  SelfTestHook hook;
  if (get_libctx != nullptr && get_callback != nullptr)
    get_callback(get_libctx(handle), &hook.cb, &hook.arg);
  return hook;
}

KernelSet select_self_tested(ProvCtx* ctx, CpuFeatures effective, CoreClass core,
                             const SelfTestHook& hook) {
  ctx->self_test_hook = hook;
  SelfTestReport& report = ctx->caps.self_test;
  report = SelfTestReport{};
  const KernelSet chosen = select_kernels(effective, core, SelfTester(&report, hook));
  for (std::size_t i = 0; i < report.failure_count; ++i) {
    const SelfTestReport::Failure& f = report.failures[i];
    char instead[96];
    replacement(chosen, f.slot, instead, sizeof instead);
    raise_error_message(ctx, kErrLaneSelfTestFailed, ErrorSite::current(),
                        "armaccel's %s lane failed its known-answer self-test and is not used "
                        "(%s)",
                        f.lane, instead);
  }
  return chosen;
}

}  // namespace armaccel::prov
