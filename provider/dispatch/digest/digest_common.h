// SPDX-License-Identifier: Apache-2.0
// Pieces every armaccel digest shares (OSSL_OP_DIGEST): the state checks of
// update and final, and the algorithm parameters EVP_MD reads.
#pragma once

#include <openssl/core.h>

#include <cstddef>

#include "prov_ctx.h"

namespace armaccel::prov {

// True when a digest context may take input or give its value; otherwise
// raises "not initialised" or "update called after final".
bool digest_usable(const ProvCtx* prov, bool initialised, bool finalized);

// digest_usable, plus update's input check: a NULL input with a non-zero
// length raises "passed a null parameter".
bool digest_update_ok(const ProvCtx* prov, bool initialised, bool finalized, const void* in,
                      std::size_t inl);

// The algorithm parameters of OSSL_FUNC_digest_get_params ("blocksize",
// "size", "xof", "algid-absent"), and their gettable list.
int digest_get_params(OSSL_PARAM params[], std::size_t block_bytes, std::size_t digest_bytes,
                      bool xof, bool algid_absent);
const OSSL_PARAM* digest_gettable_params();

}  // namespace armaccel::prov
