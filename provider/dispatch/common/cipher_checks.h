// SPDX-License-Identifier: Apache-2.0
// The input, output and parameter checks every armaccel cipher makes, each
// written once.  Each check queues its own reason and returns false (or 0,
// the OSSL_FUNC_cipher_* failure value) so that a caller reads as a list of
// conditions; the error keeps the caller's file and line (ErrorSite).
//
// Lengths are in bytes.  EVP reports output lengths as int, so no input
// longer than INT_MAX is taken (kErrOutputTooLong); an output must have room
// for the input (kErrOutputBufferTooSmall) and either be the input itself or
// not overlap it (kErrPartiallyOverlapping).
#pragma once

#include <openssl/core.h>
#include <openssl/params.h>

#include <climits>
#include <cstddef>
#include <cstdint>

#include "dispatch_util.h"
#include "errors.h"
#include "prov_ctx.h"

namespace armaccel::prov {

// Queues `reason` and returns 0: `return cipher_fail(c->prov, kErr...);`.
// Cold and out of line, so that the paths to it are laid out (and their
// arguments set up) away from the hot path.
#if defined(__GNUC__) || defined(__clang__)
__attribute__((cold, noinline))
#endif
inline int
cipher_fail(const ProvCtx* prov, Reason reason, ErrorSite where = ErrorSite::current()) noexcept {
  raise_error(prov, reason, where);
  return 0;
}

// inl <= INT_MAX, else kErrOutputTooLong.
inline bool cipher_length_fits(const ProvCtx* prov, std::size_t inl) noexcept {
  if (inl <= static_cast<std::size_t>(INT_MAX)) return true;
  return cipher_fail(prov, kErrOutputTooLong);
}

// outsize >= inl (else kErrOutputBufferTooSmall), and out either is in or
// does not overlap in[0..inl) (else kErrPartiallyOverlapping).
inline bool cipher_output_fits(const ProvCtx* prov, const void* out, std::size_t outsize,
                               const void* in, std::size_t inl) noexcept {
  if (outsize < inl) return cipher_fail(prov, kErrOutputBufferTooSmall);
  if (out != in && ranges_overlap(out, inl, in, inl))
    return cipher_fail(prov, kErrPartiallyOverlapping);
  return true;
}

// The failure of a get_ctx_params whose parameter could not be written, and
// of a set_ctx_params whose parameter could not be read.  OpenSSL names
// these after the OSSL_PARAM call that failed: getting a context parameter
// fails to *set* the caller's OSSL_PARAM (PROV_R_FAILED_TO_SET_PARAMETER),
// setting one fails to *get* its value (PROV_R_FAILED_TO_GET_PARAMETER).
inline int cipher_get_failed(const ProvCtx* prov, ErrorSite where = ErrorSite::current()) {
  return cipher_fail(prov, kErrFailedToSetParameter, where);
}
inline int cipher_set_failed(const ProvCtx* prov, ErrorSite where = ErrorSite::current()) {
  return cipher_fail(prov, kErrFailedToGetParameter, where);
}

// A length parameter ("keylen", "ivlen") of a cipher whose length is fixed:
// absent or equal to `fixed`; another length fails with `wrong` (kErrNone:
// without an error, as the default provider's XTS) -- an error even where
// the default provider ignores the parameter, after which EVP reports the
// length asked for and a caller reads past its shorter buffer.  A value
// that is not a number fails with PROV_R_FAILED_TO_GET_PARAMETER where the
// default provider reads the parameter (`listed`: it is settable there),
// and is left alone where it ignores it (OpenSSL 3.5+'s EVP then refuses
// it itself).
inline bool fixed_size(const ProvCtx* prov, const OSSL_PARAM* p, std::size_t fixed, Reason wrong,
                       bool listed) {
  if (p == nullptr) return true;
  std::size_t len = 0;
  if (!listed && p->data_type != OSSL_PARAM_INTEGER && p->data_type != OSSL_PARAM_UNSIGNED_INTEGER)
    return true;
  if (!OSSL_PARAM_get_size_t(p, &len)) return cipher_fail(prov, kErrFailedToGetParameter);
  if (len != fixed) return cipher_fail(prov, wrong);
  return true;
}

}  // namespace armaccel::prov
