// SPDX-License-Identifier: Apache-2.0
// Lane self-tests at load: every hardware lane the probe would choose runs
// its known-answer test (kernels/selftest/self_test.h) before the
// provider trusts it; a lane that fails is passed over for the next one in
// its list, with one error naming it on OpenSSL's error queue.  The
// portable lanes, last in every list, are not tested here (nothing follows
// them; the test suite holds them to outside vectors).
//
// Fault injection follows OpenSSL's self-test convention: a callback set
// with OSSL_SELF_TEST_set_callback() on the library context armaccel loads
// into sees, for each lane tested, the phases "Start", "Corrupt", then
// "Pass" or "Fail", with the type ("KAT_Cipher", "KAT_Digest", "KAT_KEM")
// and the lane's name as description; returning 0 in "Corrupt" makes that
// lane's known-answer test fail.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "cpu/lanes.h"
#include "prov_ctx.h"

namespace armaccel::prov {

// Reads the hook through the core functions OpenSSL offers every provider
// (OSSL_FUNC_SELF_TEST_CB with OSSL_FUNC_CORE_GET_LIBCTX); an empty hook if
// either is missing.
SelfTestHook read_self_test_hook(const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in);

// select_kernels(effective) with every candidate hardware lane
// self-tested.  Fills ctx->caps.self_test (what passed and what failed) and
// raises "lane self-test failed" once per failing lane, naming it and the
// lane used instead.
KernelSet select_self_tested(ProvCtx* ctx, CpuFeatures effective, CoreClass core,
                             const SelfTestHook& hook);

// OSSL_FUNC_PROVIDER_SELF_TEST (OSSL_PROVIDER_self_test): runs the
// known-answer tests of the hardware lanes in use again, the fused GCM lane
// included, telling the callback read at load; 0, with "lane self-test
// failed" naming the lane, if one fails now (the lanes are frozen at load,
// so it cannot be replaced any more).
int provider_self_test(void* provctx) noexcept;

}  // namespace armaccel::prov
