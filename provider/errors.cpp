// SPDX-License-Identifier: Apache-2.0
#include "errors.h"

#include <cstdarg>
#include <cstdio>

namespace armaccel::prov {

namespace {

const OSSL_ITEM kReasonStrings[] = {
    {kErrInvalidKeyLength, const_cast<char*>("invalid key length")},
    {kErrInvalidIvLength, const_cast<char*>("invalid iv length")},
    {kErrNoKeySet, const_cast<char*>("no key set")},
    {kErrOutputBufferTooSmall, const_cast<char*>("output buffer too small")},
    {kErrWrongFinalBlockLength, const_cast<char*>("wrong final block length")},
    {kErrBadDecrypt, const_cast<char*>("bad decrypt")},
    {kErrCipherOperationFailed, const_cast<char*>("cipher operation failed")},
    {kErrFailedToGetParameter, const_cast<char*>("failed to get parameter")},
    {kErrFailedToSetParameter, const_cast<char*>("failed to set parameter")},
    {kErrUpdateAfterFinal, const_cast<char*>("update called after final; initialise again")},
    {kErrPartiallyOverlapping, const_cast<char*>("partially overlapping buffers")},
    {kErrOutputTooLong, const_cast<char*>("output would exceed INT_MAX bytes")},
    {kErrInvalidTlsRecord, const_cast<char*>("invalid tls record")},
    {kErrKeySetupFailed, const_cast<char*>("key setup failed")},
    {kErrInvalidDigestSize, const_cast<char*>("invalid digest size")},
    {kErrNotInitialised, const_cast<char*>("not initialised")},
    {kErrInvalidNumValue, const_cast<char*>("invalid num value")},
    {kErrNullParameter, const_cast<char*>("passed a null parameter")},
    {kErrInvalidTag, const_cast<char*>("invalid tag")},
    {kErrTagNotSet, const_cast<char*>("tag not set")},
    {kErrTagNotNeeded, const_cast<char*>("tag not needed")},
    {kErrInvalidTagLength, const_cast<char*>("invalid tag length")},
    {kErrTagMismatch, const_cast<char*>("tag mismatch")},
    {kErrInvalidAad, const_cast<char*>("invalid aad")},
    {kErrTooManyRecords, const_cast<char*>("too many records")},
    {kErrIvNotSet, const_cast<char*>("iv not set")},
    {kErrRandomFailed, const_cast<char*>("random number generation failed")},
    {kErrAadAfterData, const_cast<char*>("aad after data")},
    {kErrMessageTooLong, const_cast<char*>("message too long")},
    {kErrLengthMismatch, const_cast<char*>("length mismatch")},
    {kErrXtsDuplicatedKeys, const_cast<char*>("xts duplicated keys")},
    {kErrXtsDataUnitTooLarge, const_cast<char*>("xts data unit is too large")},
    {kErrXtsDataUnitTooShort, const_cast<char*>("xts data unit is too short")},
    {kErrInvalidMode, const_cast<char*>("invalid mode")},
    {kErrUnsupportedCipher, const_cast<char*>("unsupported cipher")},
    {kErrInvalidKey, const_cast<char*>("invalid key")},
    {kErrXtsUnitInProgress, const_cast<char*>("xts data unit in progress")},
    {kErrMissingCipher, const_cast<char*>("missing cipher")},
    {kErrInvalidDigest, const_cast<char*>("invalid digest")},
    {kErrXofDigestsNotAllowed, const_cast<char*>("xof digests not allowed")},
    {kErrMissingDigest, const_cast<char*>("missing message digest")},
    {kErrKeyAlreadyUsed, const_cast<char*>("one-time key already used; set a new key")},
    {kErrInvalidCiphertextLength, const_cast<char*>("invalid ciphertext length")},
    {kErrKeyCannotBeMutated, const_cast<char*>("keys cannot be mutated")},
    {kErrNotAKey, const_cast<char*>("not a key of this type")},
    {kErrMissingKey, const_cast<char*>("missing key")},
    {kErrBadEncoding, const_cast<char*>("bad encoding")},
    {kErrUnexpectedKeyParameters, const_cast<char*>("unexpected key parameters")},
    {kErrNoMatchingFormat, const_cast<char*>("no matching enabled ml-kem private key format")},
    {kErrUnknownKeyFormat, const_cast<char*>("unknown ml-kem key format in the configuration")},
    {kErrUnableToGetPassphrase, const_cast<char*>("unable to get passphrase")},
    {kErrEncryptFailed, const_cast<char*>("private key encryption failed")},
    {kErrSqueezeStarted,
     const_cast<char*>("output already squeezed: only squeeze may follow; initialise again")},
    {kErrUnsupportedHostVersion, const_cast<char*>("unsupported OpenSSL version")},
    {kErrSqueezeAfterFinal, const_cast<char*>("squeeze called after final; initialise again")},
    {kErrUnknownFeatureName, const_cast<char*>("unknown cpu feature name")},
    {kErrInvalidConfigValue, const_cast<char*>("invalid config value")},
    {kErrLaneSelfTestFailed, const_cast<char*>("lane self-test failed")},
    {kErrFailedDuringDerivation, const_cast<char*>("failed during derivation")},
    {0, nullptr},
};

// core_vset_error takes a va_list; this forwards an empty one.
void set_error(const ProvCtx* prov, int reason, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  prov->core_vset_error(prov->handle, static_cast<uint32_t>(reason), fmt, args);
  va_end(args);
}

}  // namespace

const OSSL_ITEM* reason_strings() {
  return kReasonStrings;
}

namespace {

bool begin_error(const ProvCtx* prov, const ErrorSite& where) {
  if (prov == nullptr || prov->core_new_error == nullptr || prov->core_vset_error == nullptr)
    return false;
  prov->core_new_error(prov->handle);
  // The file is kept (relative to the project, see -ffile-prefix-map); the
  // function is left out: C++ signatures of the dispatch templates are long
  // and OpenSSL keeps only a pointer to the string.
  if (prov->core_set_error_debug != nullptr) {
    prov->core_set_error_debug(prov->handle, where.file_name(), where.line(), nullptr);
  }
  return true;
}

}  // namespace

void raise_error(const ProvCtx* prov, Reason reason, ErrorSite where) noexcept {
  if (begin_error(prov, where)) set_error(prov, reason, nullptr);
}

void raise_error_message(const ProvCtx* prov, Reason reason, ErrorSite where, const char* fmt,
                         ...) noexcept {
  if (!begin_error(prov, where)) return;
  va_list args;
  va_start(args, fmt);
  if (prov->trace && prov->starting) {  // capabilities.h, kTraceEnv
    va_list copy;
    va_copy(copy, args);
    std::fputs("armaccel: at load: ", stderr);
    std::vfprintf(stderr, fmt, copy);
    std::fputc('\n', stderr);
    va_end(copy);
  }
  prov->core_vset_error(prov->handle, static_cast<uint32_t>(reason), fmt, args);
  va_end(args);
}

}  // namespace armaccel::prov
