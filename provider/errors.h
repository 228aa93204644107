// SPDX-License-Identifier: Apache-2.0
// armaccel's error reasons and how they reach OpenSSL's error queue.
//
// Reasons are raised through the core's error functions (core_new_error,
// core_set_error_debug, core_vset_error), so applications see them with
// ERR_get_error()/ERR_print_errors() under the library name "armaccel" and
// the reason strings below (returned to the core by get_reason_strings).
// The wording follows OpenSSL's own provider reasons where one exists.
#pragma once

#include <openssl/core.h>

#include "prov_ctx.h"

namespace armaccel::prov {

enum Reason : int {
  kErrInvalidKeyLength = 1,
  kErrInvalidIvLength,
  kErrNoKeySet,
  kErrOutputBufferTooSmall,
  kErrWrongFinalBlockLength,
  kErrBadDecrypt,
  kErrCipherOperationFailed,
  kErrFailedToGetParameter,
  kErrFailedToSetParameter,
  kErrUpdateAfterFinal,
  kErrPartiallyOverlapping,
  kErrOutputTooLong,
  kErrInvalidTlsRecord,
  kErrKeySetupFailed,
  kErrInvalidDigestSize,
  kErrNotInitialised,
  kErrInvalidNumValue,
  kErrNullParameter,
  kErrInvalidTag,
  kErrTagNotSet,
  kErrTagNotNeeded,
  kErrInvalidTagLength,
  kErrTagMismatch,
  kErrInvalidAad,
  kErrTooManyRecords,
  kErrIvNotSet,
  kErrRandomFailed,
  kErrAadAfterData,
  kErrMessageTooLong,
  kErrLengthMismatch,
  kErrXtsDuplicatedKeys,
  kErrXtsDataUnitTooLarge,
  kErrXtsDataUnitTooShort,
  kErrInvalidMode,
  kErrUnsupportedCipher,
  kErrInvalidKey,
  kErrXtsUnitInProgress,
  kErrMissingCipher,
  kErrInvalidDigest,
  kErrXofDigestsNotAllowed,
  kErrMissingDigest,
  kErrKeyAlreadyUsed,
  kErrInvalidCiphertextLength,
  kErrKeyCannotBeMutated,
  kErrNotAKey,
  kErrMissingKey,
  kErrBadEncoding,
  kErrUnexpectedKeyParameters,
  kErrNoMatchingFormat,
  kErrUnknownKeyFormat,
  kErrUnableToGetPassphrase,
  kErrEncryptFailed,
  kErrSqueezeStarted,
  kErrUnsupportedHostVersion,
  kErrSqueezeAfterFinal,
  kErrUnknownFeatureName,
  kErrInvalidConfigValue,
  kErrLaneSelfTestFailed,
  kErrFailedDuringDerivation,
};

// Where an error is raised: the file and line of the call, as
// ErrorSite gives them, from the builtins GCC, Clang and MSVC
// share (Clang 14, which builds the fuzzers, has no ErrorSite).
class ErrorSite {
 public:
  static constexpr ErrorSite current(const char* file = __builtin_FILE(),
                                     int line = __builtin_LINE()) noexcept {
    return ErrorSite(file, line);
  }
  constexpr const char* file_name() const noexcept { return file_; }
  constexpr int line() const noexcept { return line_; }

 private:
  constexpr ErrorSite(const char* file, int line) noexcept : file_(file), line_(line) {}
  const char* file_;
  int line_;
};

// The {reason, string} table for OSSL_FUNC_PROVIDER_GET_REASON_STRINGS.
const OSSL_ITEM* reason_strings();

// Puts `reason` on the calling thread's error queue, recording the caller's
// file, line and function.  Safe with prov == nullptr (does nothing).
void raise_error(const ProvCtx* prov, Reason reason,
                 ErrorSite where = ErrorSite::current()) noexcept;

// raise_error with a printf-style message as the error's data (shown after
// the reason by ERR_print_errors).
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void raise_error_message(const ProvCtx* prov, Reason reason, ErrorSite where,
                         const char* fmt, ...) noexcept;

}  // namespace armaccel::prov
