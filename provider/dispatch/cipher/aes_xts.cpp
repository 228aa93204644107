// SPDX-License-Identifier: Apache-2.0
// AES-128-XTS and AES-256-XTS (IEEE 1619, SP 800-38E) on the AES lane chosen
// for the provider instance (its multi-block XTS kernels).
#include "dispatch/common/cipher_families.h"
#include "dispatch/common/tables.h"
#include "xts_mode.h"

namespace armaccel::prov {

const OSSL_DISPATCH* const kAes128XtsFunctions = XtsCipher<AesFamily, 32>::kDispatch;
const OSSL_DISPATCH* const kAes256XtsFunctions = XtsCipher<AesFamily, 64>::kDispatch;

}  // namespace armaccel::prov
