// SPDX-License-Identifier: Apache-2.0
// AES-128/192/256-CCM (SP 800-38C) on the AES lane chosen for the provider
// instance (CBC-MAC and CTR kernels).
#include "ccm_mode.h"
#include "dispatch/common/cipher_families.h"
#include "dispatch/common/tables.h"

namespace armaccel::prov {

const OSSL_DISPATCH* const kAes128CcmFunctions = CcmCipher<AesFamily, 16>::kDispatch;
const OSSL_DISPATCH* const kAes192CcmFunctions = CcmCipher<AesFamily, 24>::kDispatch;
const OSSL_DISPATCH* const kAes256CcmFunctions = CcmCipher<AesFamily, 32>::kDispatch;

}  // namespace armaccel::prov
