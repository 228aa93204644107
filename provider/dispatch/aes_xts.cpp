// AES-128-XTS and AES-256-XTS (IEEE 1619, SP 800-38E) on the AES lane chosen
// for the provider instance (its multi-block XTS kernels).
#include "api/aes.h"
#include "tables.h"
#include "xts_mode.h"

namespace armaccel::prov {

namespace {

struct AesXtsTraits {
  using Kernel = AesKernel;
  using Schedule = AesRoundKeys;
  static const Kernel* kernel(const ProvCtx* prov) { return prov->kernels.aes; }
  static constexpr char kName[] = "AES";
  static constexpr bool kKeyBitsInName = true;
  static constexpr bool kGbStandard = false;
};

}  // namespace

const OSSL_DISPATCH* const kAes128XtsFunctions = XtsCipher<AesXtsTraits, 32>::kDispatch;
const OSSL_DISPATCH* const kAes256XtsFunctions = XtsCipher<AesXtsTraits, 64>::kDispatch;

}  // namespace armaccel::prov
