// SPDX-License-Identifier: Apache-2.0
// armaccel's error reasons and how they reach OpenSSL's error queue.
//
// Applications match errors by library and reason (pyca/cryptography turns
// PROV_R_WRONG_FINAL_BLOCK_LENGTH into ValueError, an empty queue after a
// failed AEAD final into InvalidTag), so armaccel raises what OpenSSL's
// default provider raises for the same failure: OpenSSL's provider library
// (ERR_LIB_PROV) and its PROV_R_* / ERR_R_* reason, or nothing where the
// default provider leaves the queue empty (a wrong AEAD tag).  Only for
// conditions the default provider does not have (docs/behaviour.md,
// "Errors") does armaccel raise its own reasons, under its own library
// "armaccel".  Both go through the core's error functions (core_new_error,
// core_set_error_debug, core_vset_error); the core passes a reason that
// carries a library on as that library's.
//
// armaccel registers its own library's strings itself rather than through
// OSSL_FUNC_PROVIDER_GET_REASON_STRINGS: OpenSSL 3.0's core unloads those
// when the provider object is freed, and crashes when that happens after
// OPENSSL_cleanup() (an EVP_MD freed by an atexit handler); see
// own_errors_acquire/own_errors_release.
#pragma once

#include <openssl/core.h>
#include <openssl/err.h>
#include <openssl/evperr.h>
#include <openssl/proverr.h>

#include <cstdint>

#include "prov_ctx.h"

namespace armaccel::prov {

// A reason of OpenSSL's provider library, as core_vset_error takes it.
constexpr std::uint32_t prov_reason(std::uint32_t reason) {
  return (static_cast<std::uint32_t>(ERR_LIB_PROV) << ERR_LIB_OFFSET) | (reason & ERR_REASON_MASK);
}

// A reason of OpenSSL's EVP library: where the default provider's MACs
// fail inside EVP calls (GMAC and CMAC drive an EVP cipher, HMAC reads its
// digest's size), armaccel raises what those calls raise.
constexpr std::uint32_t evp_reason(std::uint32_t reason) {
  return (static_cast<std::uint32_t>(ERR_LIB_EVP) << ERR_LIB_OFFSET) | (reason & ERR_REASON_MASK);
}

// PROV_R_* reasons added after OpenSSL 3.0 (the numbers are OpenSSL's,
// stable across releases; <openssl/proverr.h> of 3.0 lacks the names).
inline constexpr std::uint32_t kProvRMlKemNoFormat = 246;            // 3.5
inline constexpr std::uint32_t kProvRUnexpectedKeyParameters = 249;  // 3.5
inline constexpr std::uint32_t kProvRWrongCiphertextSize = 251;      // 3.5
inline constexpr std::uint32_t kProvRNullLengthPointer = 247;        // 3.5
inline constexpr std::uint32_t kProvRNullOutputBuffer = 248;         // 3.5

enum Reason : std::uint32_t {
  // No error: the failure the default provider reports with an empty queue
  // (raise_error does nothing with it).
  kErrNone = 0,

  // OpenSSL's provider reasons, raised where the default provider raises
  // them for the same condition.
  kErrInvalidKeyLength = prov_reason(PROV_R_INVALID_KEY_LENGTH),
  kErrInvalidIvLength = prov_reason(PROV_R_INVALID_IV_LENGTH),
  kErrNoKeySet = prov_reason(PROV_R_NO_KEY_SET),
  kErrOutputBufferTooSmall = prov_reason(PROV_R_OUTPUT_BUFFER_TOO_SMALL),
  kErrWrongFinalBlockLength = prov_reason(PROV_R_WRONG_FINAL_BLOCK_LENGTH),
  kErrBadDecrypt = prov_reason(PROV_R_BAD_DECRYPT),
  kErrCipherOperationFailed = prov_reason(PROV_R_CIPHER_OPERATION_FAILED),
  kErrFailedToGetParameter = prov_reason(PROV_R_FAILED_TO_GET_PARAMETER),
  kErrFailedToSetParameter = prov_reason(PROV_R_FAILED_TO_SET_PARAMETER),
  kErrKeySetupFailed = prov_reason(PROV_R_KEY_SETUP_FAILED),
  kErrInvalidDigestSize = prov_reason(PROV_R_INVALID_DIGEST_SIZE),
  kErrInvalidDigestLength = prov_reason(PROV_R_INVALID_DIGEST_LENGTH),
  kErrNullParameter = prov_reason(ERR_R_PASSED_NULL_PARAMETER),
  kErrInvalidTag = prov_reason(PROV_R_INVALID_TAG),
  kErrTagNotSet = prov_reason(PROV_R_TAG_NOT_SET),
  kErrTagNotNeeded = prov_reason(PROV_R_TAG_NOT_NEEDED),
  kErrInvalidTagLength = prov_reason(PROV_R_INVALID_TAG_LENGTH),
  kErrInvalidAad = prov_reason(PROV_R_INVALID_AAD),
  kErrInvalidData = prov_reason(PROV_R_INVALID_DATA),
  kErrTooManyRecords = prov_reason(PROV_R_TOO_MANY_RECORDS),
  kErrXtsDuplicatedKeys = prov_reason(PROV_R_XTS_DUPLICATED_KEYS),
  kErrXtsDataUnitTooLarge = prov_reason(PROV_R_XTS_DATA_UNIT_IS_TOO_LARGE),
  kErrInvalidMode = prov_reason(PROV_R_INVALID_MODE),
  kErrInvalidKey = prov_reason(PROV_R_INVALID_KEY),
  kErrMissingCipher = prov_reason(PROV_R_MISSING_CIPHER),
  kErrInvalidDigest = prov_reason(PROV_R_INVALID_DIGEST),
  kErrXofDigestsNotAllowed = prov_reason(PROV_R_XOF_DIGESTS_NOT_ALLOWED),
  kErrMissingDigest = prov_reason(PROV_R_MISSING_MESSAGE_DIGEST),
  kErrMissingKey = prov_reason(PROV_R_MISSING_KEY),
  kErrBadEncoding = prov_reason(PROV_R_BAD_ENCODING),
  kErrUnableToGetPassphrase = prov_reason(PROV_R_UNABLE_TO_GET_PASSPHRASE),
  kErrFailedDuringDerivation = prov_reason(PROV_R_FAILED_DURING_DERIVATION),
  kErrInvalidCiphertextLength = prov_reason(kProvRWrongCiphertextSize),
  kErrUnexpectedKeyParameters = prov_reason(kProvRUnexpectedKeyParameters),
  kErrNoMatchingFormat = prov_reason(kProvRMlKemNoFormat),
  // EVP's reasons, as the default provider's MACs leave them.
  kErrEvpNoCipherSet = evp_reason(EVP_R_NO_CIPHER_SET),
  kErrEvpInvalidOperation = evp_reason(EVP_R_INVALID_OPERATION),
  kErrEvpInvalidKeyLength = evp_reason(EVP_R_INVALID_KEY_LENGTH),
  kErrEvpMessageDigestIsNull = evp_reason(EVP_R_MESSAGE_DIGEST_IS_NULL),
  // The key families' (ML-KEM, X25519, X25519MLKEM768): keys, KEMs, key
  // exchange, encoders.
  kErrInvalidSeedLength = prov_reason(PROV_R_INVALID_SEED_LENGTH),
  kErrInvalidInputLength = prov_reason(PROV_R_INVALID_INPUT_LENGTH),
  kErrKeyTypeOperationNotSupported = prov_reason(PROV_R_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE),
  kErrNotAPrivateKey = prov_reason(PROV_R_NOT_A_PRIVATE_KEY),
  kErrNotAPublicKey = prov_reason(PROV_R_NOT_A_PUBLIC_KEY),
  kErrNullLengthPointer = prov_reason(kProvRNullLengthPointer),
  kErrNullOutputBuffer = prov_reason(kProvRNullOutputBuffer),
  kErrPassedInvalidArgument = prov_reason(ERR_R_PASSED_INVALID_ARGUMENT),
  kErrInternalError = prov_reason(ERR_R_INTERNAL_ERROR),
  kErrProvMallocFailure = prov_reason(ERR_R_MALLOC_FAILURE),  // OpenSSL 3.0/3.1's encoders
  kErrAsn1Lib = prov_reason(ERR_R_ASN1_LIB),
  kErrX509Lib = prov_reason(ERR_R_X509_LIB),

  // armaccel's own reasons (library "armaccel"), for conditions the default
  // provider does not have: it accepts the input (and produces wrong
  // bytes, or crashes), or the condition is armaccel's (its configuration,
  // its lanes).
  // The numbers are kept (docs/behaviour.md, "Errors" lists them).
  kErrUpdateAfterFinal = 1,
  kErrPartiallyOverlapping = 2,
  kErrOutputTooLong = 3,
  kErrInvalidTlsRecord = 4,
  kErrNotInitialised = 5,
  kErrIvNotSet = 8,
  kErrRandomFailed = 9,
  kErrAadAfterData = 10,
  kErrMessageTooLong = 11,
  kErrXtsDataUnitTooShort = 13,
  kErrUnsupportedCipher = 14,
  kErrXtsUnitInProgress = 15,
  kErrKeyAlreadyUsed = 16,
  kErrNotAKey = 18,
  kErrUnknownKeyFormat = 19,
  kErrEncryptFailed = 20,
  kErrSqueezeStarted = 21,
  kErrUnsupportedHostVersion = 22,
  kErrSqueezeAfterFinal = 23,
  kErrUnknownFeatureName = 24,
  kErrInvalidConfigValue = 25,
  kErrLaneSelfTestFailed = 26,
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

// armaccel's own error library: a library number for the process and its
// strings ("armaccel" and the reasons above), loaded by the first provider
// instance (acquire, in OSSL_provider_init) and unloaded when the last one
// is torn down (release) -- unless OpenSSL's clean-up has already freed
// every error string, in which case release does nothing.  Both are
// thread-safe.  acquire returns false if no library number was left.
bool own_errors_acquire() noexcept;
void own_errors_release() noexcept;

// True when OPENSSL_cleanup() has run in this process (libcrypto then
// refuses to initialise again; OPENSSL_init_crypto's documented answer).
bool openssl_stopped() noexcept;

// The packed error code an armaccel reason reaches the queue with (the
// library and the reason, as ERR_peek_error gives it).  For tests.
unsigned long packed_reason(Reason reason) noexcept;

// Puts `reason` on the calling thread's error queue, recording the caller's
// file and line.  Safe with prov == nullptr (does nothing).
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
