// SM4-GCM and SM4-CCM (SP 800-38D and 38C with SM4 as the block cipher, as
// RFC 8998 uses them) and SM4-XTS (GB/T 17964-2021 or IEEE 1619 tweaks,
// "xts_standard") through the AES mode code: the SM4 lane chosen for the
// provider instance, with the GHASH lane for GCM.  OpenSSL 3.0's default
// provider has none of them.
#include "api/sm4.h"
#include "ccm_mode.h"
#include "gcm_mode.h"
#include "tables.h"
#include "xts_mode.h"

namespace armaccel::prov {

namespace {

struct Sm4GcmTraits {
  using Lanes = Sm4GcmLanes;
  static Lanes lanes(const ProvCtx* prov) {
    return {prov->kernels.sm4, prov->kernels.ghash, nullptr};
  }
  static constexpr char kName[] = "SM4";
  static constexpr bool kKeyBitsInName = false;
};

struct Sm4CcmTraits {
  using Kernel = Sm4Kernel;
  using Schedule = Sm4RoundKeys;
  static const Kernel* kernel(const ProvCtx* prov) { return prov->kernels.sm4; }
  static constexpr char kName[] = "SM4";
  static constexpr bool kKeyBitsInName = false;
};

struct Sm4XtsTraits {
  using Kernel = Sm4Kernel;
  using Schedule = Sm4RoundKeys;
  static const Kernel* kernel(const ProvCtx* prov) { return prov->kernels.sm4; }
  static constexpr char kName[] = "SM4";
  static constexpr bool kKeyBitsInName = false;
  static constexpr bool kGbStandard = true;
};

}  // namespace

const OSSL_DISPATCH* const kSm4XtsFunctions = XtsCipher<Sm4XtsTraits, 2 * kSm4KeyBytes>::kDispatch;
const OSSL_DISPATCH* const kSm4GcmFunctions = GcmCipher<Sm4GcmTraits, kSm4KeyBytes>::kDispatch;
const OSSL_DISPATCH* const kSm4CcmFunctions = CcmCipher<Sm4CcmTraits, kSm4KeyBytes>::kDispatch;

}  // namespace armaccel::prov
