// SPDX-License-Identifier: Apache-2.0
// SM4-GCM and SM4-CCM (SP 800-38D and 38C with SM4 as the block cipher, as
// RFC 8998 uses them) and SM4-XTS (GB/T 17964-2021 or IEEE 1619 tweaks,
// "xts_standard") through the AES mode code: the SM4 lane chosen for the
// provider instance, with the GHASH lane for GCM.  OpenSSL 3.0's default
// provider has none of them.
#include "ccm_mode.h"
#include "dispatch/cipher/xts_mode.h"
#include "dispatch/common/cipher_families.h"
#include "dispatch/common/tables.h"
#include "gcm_mode.h"

namespace armaccel::prov {

const OSSL_DISPATCH* const kSm4XtsFunctions = XtsCipher<Sm4Family, 2 * kSm4KeyBytes>::kDispatch;
const OSSL_DISPATCH* const kSm4GcmFunctions = GcmCipher<Sm4Family, kSm4KeyBytes>::kDispatch;
const OSSL_DISPATCH* const kSm4CcmFunctions = CcmCipher<Sm4Family, kSm4KeyBytes>::kDispatch;

}  // namespace armaccel::prov
