// AES-128/192/256-CCM (SP 800-38C) on the AES lane chosen for the provider
// instance (CBC-MAC and CTR kernels).
#include "api/aes.h"
#include "ccm_mode.h"
#include "tables.h"

namespace armaccel::prov {

namespace {

struct AesCcmTraits {
  using Kernel = AesKernel;
  using Schedule = AesRoundKeys;
  static const Kernel* kernel(const ProvCtx* prov) { return prov->kernels.aes; }
  static constexpr char kName[] = "AES";
  static constexpr bool kKeyBitsInName = true;
};

template <std::size_t KeyBytes>
using AesCcm = CcmCipher<AesCcmTraits, KeyBytes>;

}  // namespace

const OSSL_DISPATCH* const kAes128CcmFunctions = AesCcm<16>::kDispatch;
const OSSL_DISPATCH* const kAes192CcmFunctions = AesCcm<24>::kDispatch;
const OSSL_DISPATCH* const kAes256CcmFunctions = AesCcm<32>::kDispatch;

}  // namespace armaccel::prov
