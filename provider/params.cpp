// SPDX-License-Identifier: Apache-2.0
#include "params.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

#include <cstdio>
#include <cstring>

#include "dispatch/common/dispatch_util.h"
#include "errors.h"

#ifndef ARMACCEL_VERSION
#define ARMACCEL_VERSION "0.0.0"
#endif

namespace armaccel::prov {

namespace {

const OSSL_PARAM kGettable[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, nullptr, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, nullptr, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, nullptr, 0),
    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, nullptr),
    OSSL_PARAM_utf8_ptr(kParamCpuFeatures, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamEffectiveFeatures, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamDisabledFeatures, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamOverrideSource, nullptr, 0),
#define ARMACCEL_X(Enum, name, Kernel, kind) OSSL_PARAM_utf8_ptr(kParamLane_##name, nullptr, 0),
    ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
        OSSL_PARAM_utf8_ptr(kParamLaneGcm, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLanesBuilt, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamSelfTest, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamFamilies, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamForceLanes, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamCore, nullptr, 0),
    OSSL_PARAM_END,
};

#if defined(__clang__)
#define ARMACCEL_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define ARMACCEL_COMPILER "gcc " __VERSION__
#elif defined(_MSC_VER)
#define ARMACCEL_COMPILER "msvc"
#else
#define ARMACCEL_COMPILER "unknown compiler"
#endif

#if defined(__aarch64__) || defined(_M_ARM64)
#define ARMACCEL_TARGET "aarch64"
#elif defined(__x86_64__) || defined(_M_X64)
#define ARMACCEL_TARGET "x86_64"
#elif defined(__arm__)
#define ARMACCEL_TARGET "arm"
#else
#define ARMACCEL_TARGET "other"
#endif

bool set_if(OSSL_PARAM params[], const char* name, const char* value) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, name);
  return p == nullptr || set_utf8(p, value);
}

// The lane-* parameters asked for.
bool lanes_set(OSSL_PARAM params[], const CapabilityReport& caps) {
  bool ok = set_if(params, kParamLaneGcm, caps.gcm_lane_text);
#define ARMACCEL_X(Enum, name, Kernel, kind) \
  ok = ok &&                                 \
       set_if(params, kParamLane_##name, caps.lane_text[static_cast<unsigned>(Primitive::Enum)]);
  ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
  return ok;
}

}  // namespace

const OSSL_PARAM* provider_gettable_params(void*) noexcept {
  return kGettable;
}

int provider_get_params(void* provctx, OSSL_PARAM params[]) noexcept {
  const auto* ctx = static_cast<const ProvCtx*>(provctx);
  const CapabilityReport& caps = ctx->caps;
  bool ok = set_if(params, OSSL_PROV_PARAM_NAME, "armaccel ARM crypto provider") &&
            set_if(params, OSSL_PROV_PARAM_VERSION, ARMACCEL_VERSION) &&
            set_if(params, OSSL_PROV_PARAM_BUILDINFO,
                   "armaccel " ARMACCEL_VERSION " (" ARMACCEL_COMPILER ", " ARMACCEL_TARGET ")") &&
            set_if(params, kParamCpuFeatures, caps.probed_text) &&
            set_if(params, kParamEffectiveFeatures, caps.effective_text) &&
            set_if(params, kParamDisabledFeatures, caps.disabled_text) &&
            set_if(params, kParamOverrideSource, caps.source) && lanes_set(params, caps) &&
            set_if(params, kParamLanesBuilt, caps.lanes_built) &&
            set_if(params, kParamSelfTest, caps.self_test_text) &&
            set_if(params, kParamFamilies, caps.families_text) &&
            set_if(params, kParamForceLanes, caps.force_source) &&
            set_if(params, kParamCore, caps.core_text);
  OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
  ok = ok && (p == nullptr || OSSL_PARAM_set_int(p, 1));
  if (!ok) raise_error(ctx, kErrFailedToGetParameter);
  return ok ? 1 : 0;
}

}  // namespace armaccel::prov
