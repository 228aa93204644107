// AES-128/192/256-GCM (SP 800-38D) on the AES, GHASH and fused GCM lanes
// chosen for the provider instance.
#include "api/aes.h"
#include "gcm_mode.h"
#include "tables.h"

namespace armaccel::prov {

namespace {

struct AesGcmTraits {
  using Lanes = GcmLanes;
  static Lanes lanes(const ProvCtx* prov) {
    return {prov->kernels.aes, prov->kernels.ghash, prov->kernels.gcm};
  }
  static constexpr char kName[] = "AES";
  static constexpr bool kKeyBitsInName = true;
};

template <std::size_t KeyBytes>
using AesGcm = GcmCipher<AesGcmTraits, KeyBytes>;

}  // namespace

const OSSL_DISPATCH* const kAes128GcmFunctions = AesGcm<16>::kDispatch;
const OSSL_DISPATCH* const kAes192GcmFunctions = AesGcm<24>::kDispatch;
const OSSL_DISPATCH* const kAes256GcmFunctions = AesGcm<32>::kDispatch;

}  // namespace armaccel::prov
