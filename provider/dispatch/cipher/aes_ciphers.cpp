// SPDX-License-Identifier: Apache-2.0
// AES-128/192/256 in ECB, CBC and CTR (FIPS 197, SP 800-38A) on the AES lane
// chosen for the provider instance.
#include "block_modes.h"
#include "dispatch/common/cipher_families.h"
#include "dispatch/common/tables.h"

namespace armaccel::prov {

namespace {

template <BlockMode Mode, std::size_t KeyBytes>
using Aes = BlockModeCipher<AesFamily, Mode, KeyBytes>;

}  // namespace

const OSSL_DISPATCH* const kAes128EcbFunctions = Aes<BlockMode::kEcb, 16>::kDispatch;
const OSSL_DISPATCH* const kAes192EcbFunctions = Aes<BlockMode::kEcb, 24>::kDispatch;
const OSSL_DISPATCH* const kAes256EcbFunctions = Aes<BlockMode::kEcb, 32>::kDispatch;
const OSSL_DISPATCH* const kAes128CbcFunctions = Aes<BlockMode::kCbc, 16>::kDispatch;
const OSSL_DISPATCH* const kAes192CbcFunctions = Aes<BlockMode::kCbc, 24>::kDispatch;
const OSSL_DISPATCH* const kAes256CbcFunctions = Aes<BlockMode::kCbc, 32>::kDispatch;
const OSSL_DISPATCH* const kAes128CtrFunctions = Aes<BlockMode::kCtr, 16>::kDispatch;
const OSSL_DISPATCH* const kAes192CtrFunctions = Aes<BlockMode::kCtr, 24>::kDispatch;
const OSSL_DISPATCH* const kAes256CtrFunctions = Aes<BlockMode::kCtr, 32>::kDispatch;

}  // namespace armaccel::prov
