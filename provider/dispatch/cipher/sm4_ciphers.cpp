// SPDX-License-Identifier: Apache-2.0
// SM4 in ECB, CBC, CTR, OFB and CFB (128-bit feedback) (GB/T 32907-2016
// with SP 800-38A's modes) on the SM4 lane chosen for the provider
// instance, through the same mode code as AES (block_modes.h).
#include "block_modes.h"
#include "dispatch/common/cipher_families.h"
#include "dispatch/common/tables.h"

namespace armaccel::prov {

namespace {

template <BlockMode Mode>
using Sm4 = BlockModeCipher<Sm4Family, Mode, kSm4KeyBytes>;

}  // namespace

const OSSL_DISPATCH* const kSm4EcbFunctions = Sm4<BlockMode::kEcb>::kDispatch;
const OSSL_DISPATCH* const kSm4CbcFunctions = Sm4<BlockMode::kCbc>::kDispatch;
const OSSL_DISPATCH* const kSm4CtrFunctions = Sm4<BlockMode::kCtr>::kDispatch;
const OSSL_DISPATCH* const kSm4OfbFunctions = Sm4<BlockMode::kOfb>::kDispatch;
const OSSL_DISPATCH* const kSm4CfbFunctions = Sm4<BlockMode::kCfb>::kDispatch;

}  // namespace armaccel::prov
