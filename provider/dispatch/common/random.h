// SPDX-License-Identifier: Apache-2.0
// Random bytes for armaccel's own needs (the random part of GCM IVs): the
// core's entropy upcall (OSSL_FUNC_GET_ENTROPY) for the library context
// armaccel is loaded in -- in OpenSSL 3.0 the operating system's entropy
// source, as the default provider's DRBGs are seeded from.  Not a DRBG in
// armaccel's child library context: OpenSSL 3.0 cannot free a provider
// whose child context holds DRBG state (the provider would leak at exit).
#pragma once

#include <cstddef>
#include <cstdint>

#include "prov_ctx.h"

namespace armaccel::prov {

// False (with "random number generation failed" queued) if no random
// bytes could be had.
bool random_bytes(const ProvCtx* prov, std::uint8_t* out, std::size_t len);

}  // namespace armaccel::prov
