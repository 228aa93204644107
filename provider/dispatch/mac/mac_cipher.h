// SPDX-License-Identifier: Apache-2.0
// The "cipher" and "properties" parameters of GMAC and CMAC.
//
// AES in the MAC's mode (GCM for GMAC, CBC for CMAC) runs on armaccel's own
// kernels; names are matched as OpenSSL matches them (case-insensitive,
// aliases and OIDs), and "properties" does not change that (the
// application chose armaccel's MAC; the bytes are the same).  Any other
// cipher is fetched with "properties" from the provider's child library
// context and driven through EVP, as OpenSSL's own GMAC and CMAC would, so
// an application that prefers armaccel keeps working with, say, CMAC over
// DES-EDE3-CBC or GMAC over ARIA-128-GCM.
#pragma once

#include <openssl/core.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <cstddef>
#include <iterator>

#include "dispatch/common/dispatch_util.h"
#include "dispatch/common/mac_dispatch.h"
#include "dispatch/common/param_scan.h"
#include "prov_ctx.h"

namespace armaccel::prov {

struct MacCipher {
  std::size_t native_key_bytes = 0;  // AES-128/192/256 on armaccel's kernels, else 0
  EVP_CIPHER* fetched = nullptr;     // otherwise the cipher to drive through EVP (owned)
};

// Resolves `name` for a MAC that needs cipher mode `mode`
// (EVP_CIPH_GCM_MODE or EVP_CIPH_CBC_MODE); `properties` (may be null or
// empty) applies to ciphers fetched through EVP.  On failure raises
// "unsupported cipher" or "invalid mode" and returns false.
bool resolve_mac_cipher(const ProvCtx* prov, const char* name, const char* properties,
                        unsigned mode, MacCipher* out);

// The parameters GMAC and CMAC set, found in one pass over the caller's
// array: MacCipherParams f(params, kMacCipherParamNames); f[kMacCipherName]...
// (CMAC has no "iv": that entry stays null for it, as OpenSSL's CMAC
// ignores one.)
inline constexpr const char* kMacCipherParamNames[] = {
    OSSL_MAC_PARAM_CIPHER, OSSL_MAC_PARAM_PROPERTIES, OSSL_MAC_PARAM_KEY, OSSL_MAC_PARAM_IV};
enum MacCipherParam : std::size_t { kMacCipherName, kMacProperties, kMacKey, kMacIv };
using MacCipherParams = ParamScan<const OSSL_PARAM, std::size(kMacCipherParamNames)>;

// Reads the found "cipher" and "properties" (either may be null); true with
// *found = false if "cipher" is absent.  Raises an error for a malformed
// parameter.
bool mac_cipher_from_params(const ProvCtx* prov, const MacCipherParams& f, unsigned mode,
                            MacCipher* out, bool* found);

// A cipher from another provider with its encryption context (the MACs'
// EVP path).  Plain data: a MAC context copies it with fetched_copy.
struct FetchedCipher {
  EVP_CIPHER* cipher = nullptr;
  EVP_CIPHER_CTX* ctx = nullptr;
};

// Takes `cipher` (owned) and starts an encryption context for it; false,
// with everything freed, on failure: EVP's errors on the queue, or
// ERR_R_MALLOC_FAILURE where EVP raised none (OpenSSL 3.0's
// EVP_CIPHER_CTX_new when it cannot allocate).
bool fetched_start(const ProvCtx* prov, FetchedCipher* f, EVP_CIPHER* cipher);
void fetched_free(FetchedCipher* f);
// A deep copy of src into the empty *dst; false (dst empty) on failure.
bool fetched_copy(FetchedCipher* dst, const FetchedCipher& src);

// MacDispatch's dup_members for a MAC context that is plain data but for
// its FetchedCipher member `fetched`.
template <class Ctx>
bool dup_fetched_member(Ctx* copy, const Ctx& src) {
  return src.fetched.cipher == nullptr || fetched_copy(&copy->fetched, src.fetched);
}

// "cipher" and "properties" (the cipher resolved for `mode` and handed to
// set_cipher), then "key" (apply_found_key): the parameters GMAC and CMAC
// share, in that order.
template <class Ctx, class SetCipher, class SetKey>
bool apply_cipher_and_key(Ctx* c, const MacCipherParams& f, unsigned mode, SetCipher set_cipher,
                          SetKey set_key, Reason key_without_bytes) {
  MacCipher mc;
  bool found = false;
  if (!mac_cipher_from_params(c->prov, f, mode, &mc, &found)) return false;
  if (found && !set_cipher(c, mc)) return false;
  return apply_found_key(c, f[kMacKey], set_key, key_without_bytes);
}

// With ARMACCEL_TRACE: "armaccel: <mac> on EVP <cipher> (<provider>)" for a
// MAC whose cipher runs outside armaccel.
void trace_fallback(const ProvCtx* prov, const char* mac, const EVP_CIPHER* cipher);

}  // namespace armaccel::prov
