// SPDX-License-Identifier: Apache-2.0
// AES-128/192/256-GCM (SP 800-38D) on the AES, GHASH and fused GCM lanes
// chosen for the provider instance.
#include "dispatch/common/cipher_families.h"
#include "dispatch/common/tables.h"
#include "gcm_mode.h"

namespace armaccel::prov {

const OSSL_DISPATCH* const kAes128GcmFunctions = GcmCipher<AesFamily, 16>::kDispatch;
const OSSL_DISPATCH* const kAes192GcmFunctions = GcmCipher<AesFamily, 24>::kDispatch;
const OSSL_DISPATCH* const kAes256GcmFunctions = GcmCipher<AesFamily, 32>::kDispatch;

}  // namespace armaccel::prov
