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
    OSSL_PARAM_utf8_ptr(kParamLaneAes, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneGhash, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneGcm, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneSha256, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneSha512, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneKeccak, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneChacha20, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLanePoly1305, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneSm4, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneSm3, nullptr, 0),
    OSSL_PARAM_utf8_ptr(kParamLaneMlkem, nullptr, 0),
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
            set_if(params, kParamOverrideSource, caps.source) &&
            set_if(params, kParamLaneAes, caps.lane_text[0]) &&
            set_if(params, kParamLaneGhash, caps.lane_text[1]) &&
            set_if(params, kParamLaneGcm, caps.gcm_lane_text) &&
            set_if(params, kParamLaneSha256, caps.lane_text[2]) &&
            set_if(params, kParamLaneSha512, caps.lane_text[3]) &&
            set_if(params, kParamLaneKeccak, caps.lane_text[4]) &&
            set_if(params, kParamLaneChacha20, caps.lane_text[5]) &&
            set_if(params, kParamLanePoly1305, caps.lane_text[6]) &&
            set_if(params, kParamLaneSm4, caps.lane_text[7]) &&
            set_if(params, kParamLaneSm3, caps.lane_text[8]) &&
            set_if(params, kParamLaneMlkem, caps.lane_text[9]) &&
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
