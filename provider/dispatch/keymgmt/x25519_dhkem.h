// SPDX-License-Identifier: Apache-2.0
// DeriveKeyPair of DHKEM(X25519, HKDF-SHA256) (RFC 9180 section 7.1.3,
// KEM id 0x0020): the private key HPKE derives from input keying material,
// which OpenSSL's key generation takes as "dhkem-ikm".
#pragma once

#include <cstddef>
#include <cstdint>

#include "prov_ctx.h"

namespace armaccel::prov {

// sk[32] = LabeledExpand(LabeledExtract("", "dkp_prk", ikm), "sk", "", 32)
// with suite_id "KEM" || 0x0020, then clamped as OpenSSL stores X25519
// private keys.  ikm must be at least 32 bytes (PROV_R_INVALID_INPUT_LENGTH,
// as the default provider), of any length above.
// HKDF-SHA256 is fetched from the application's providers through
// armaccel's child library context.
bool x25519_dhkem_derive_private(const ProvCtx* prov, const std::uint8_t* ikm, std::size_t len,
                                 std::uint8_t sk[32]);

}  // namespace armaccel::prov
