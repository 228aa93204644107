// SPDX-License-Identifier: Apache-2.0
#include "errors.h"

#include <openssl/crypto.h>

#include "trace.h"

#include <cstdarg>
#include <cstdio>
#include <mutex>

namespace armaccel::prov {

namespace {

// ERR_load_strings patches the library into each entry's code, so the
// tables are writable.  Entry 0 names the library.
ERR_STRING_DATA kOwnStrings[] = {
    {0, "armaccel"},  // set to the library's code before loading
    {kErrUpdateAfterFinal, "update called after final; initialise again"},
    {kErrPartiallyOverlapping, "partially overlapping buffers"},
    {kErrOutputTooLong, "output would exceed INT_MAX bytes"},
    {kErrInvalidTlsRecord, "invalid tls record"},
    {kErrNotInitialised, "not initialised"},
    {kErrIvNotSet, "iv not set"},
    {kErrRandomFailed, "random number generation failed"},
    {kErrAadAfterData, "aad after data"},
    {kErrMessageTooLong, "message too long"},
    {kErrXtsDataUnitTooShort, "xts data unit is too short"},
    {kErrUnsupportedCipher, "unsupported cipher"},
    {kErrXtsUnitInProgress, "xts data unit in progress"},
    {kErrKeyAlreadyUsed, "one-time key already used; set a new key"},
    {kErrNotAKey, "not a key of this type"},
    {kErrUnknownKeyFormat, "unknown ml-kem key format in the configuration"},
    {kErrEncryptFailed, "private key encryption failed"},
    {kErrSqueezeStarted, "output already squeezed: only squeeze may follow; initialise again"},
    {kErrUnsupportedHostVersion, "unsupported OpenSSL version"},
    {kErrSqueezeAfterFinal, "squeeze called after final; initialise again"},
    {kErrUnknownFeatureName, "unknown cpu feature name"},
    {kErrInvalidConfigValue, "invalid config value"},
    {kErrLaneSelfTestFailed, "lane self-test failed"},
    {0, nullptr},
};

// OpenSSL's own strings for the PROV_R_* reasons armaccel raises that
// OpenSSL 3.0's libcrypto does not know yet (3.5's wording), loaded only
// where the running libcrypto lacks them.
ERR_STRING_DATA kNewerProvStrings[] = {
    {ERR_PACK(ERR_LIB_PROV, 0, kProvRMlKemNoFormat), "ml kem no format"},
    {ERR_PACK(ERR_LIB_PROV, 0, kProvRUnexpectedKeyParameters), "unexpected key parameters"},
    {ERR_PACK(ERR_LIB_PROV, 0, kProvRWrongCiphertextSize), "wrong ciphertext size"},
    {ERR_PACK(ERR_LIB_PROV, 0, kProvRNullLengthPointer), "null length pointer"},
    {ERR_PACK(ERR_LIB_PROV, 0, kProvRNullOutputBuffer), "null output buffer"},
    {0, nullptr},
};

struct OwnErrors {
  std::mutex lock;
  int users = 0;       // provider instances alive
  int lib = 0;         // armaccel's library number, for the process
  bool newer = false;  // kNewerProvStrings loaded
};

OwnErrors& own() {
  static OwnErrors o;
  return o;
}

// The library number, or 0 before the first acquire.
int own_lib() {
  OwnErrors& o = own();
  std::lock_guard<std::mutex> hold(o.lock);
  return o.lib;
}

std::uint32_t packed(Reason reason) {
  if (ERR_GET_LIB(reason) != 0) return reason;
  return static_cast<std::uint32_t>(ERR_PACK(own_lib(), 0, reason));
}

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

// core_vset_error takes a va_list; this forwards an empty one.
void set_error(const ProvCtx* prov, std::uint32_t code, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  prov->core_vset_error(prov->handle, code, fmt, args);
  va_end(args);
}

}  // namespace

bool openssl_stopped() noexcept {
  // Asks for nothing new: 1 at once while libcrypto runs, 0 once
  // OPENSSL_cleanup() has run (the error it then raises has no queue to go
  // to).
  return OPENSSL_init_crypto(0, nullptr) == 0;
}

bool own_errors_acquire() noexcept {
  OwnErrors& o = own();
  std::lock_guard<std::mutex> hold(o.lock);
  if (o.lib == 0) {
    o.lib = ERR_get_next_error_library();
    if (o.lib <= 0 || o.lib > ERR_LIB_MASK) {
      o.lib = 0;
      return false;
    }
  }
  if (o.users++ == 0) {
    kOwnStrings[0].error = ERR_PACK(o.lib, 0, 0);  // the library's name
    ERR_load_strings(o.lib, kOwnStrings);
    o.newer = ERR_reason_error_string(ERR_PACK(ERR_LIB_PROV, 0, kProvRMlKemNoFormat)) == nullptr;
    if (o.newer) ERR_load_strings(ERR_LIB_PROV, kNewerProvStrings);
  }
  return true;
}

void own_errors_release() noexcept {
  OwnErrors& o = own();
  std::lock_guard<std::mutex> hold(o.lock);
  if (o.users == 0 || --o.users > 0) return;
  // After OPENSSL_cleanup() the string table and its lock are gone (and
  // our entries with them); OpenSSL 3.0's ERR_unload_strings would use the
  // freed lock.
  if (openssl_stopped()) return;
  ERR_unload_strings(o.lib, kOwnStrings);
  if (o.newer) ERR_unload_strings(ERR_LIB_PROV, kNewerProvStrings);
  o.newer = false;
}

unsigned long packed_reason(Reason reason) noexcept {
  return packed(reason);
}

void raise_error(const ProvCtx* prov, Reason reason, ErrorSite where) noexcept {
  if (reason != kErrNone && begin_error(prov, where)) set_error(prov, packed(reason), nullptr);
}

void raise_error_message(const ProvCtx* prov, Reason reason, ErrorSite where, const char* fmt,
                         ...) noexcept {
  if (reason == kErrNone || !begin_error(prov, where)) return;
  va_list args;
  va_start(args, fmt);
  if (prov->trace && prov->starting) {  // trace.h
    char text[480];
    va_list copy;
    va_copy(copy, args);
    std::vsnprintf(text, sizeof text, fmt, copy);
    va_end(copy);
    trace_line(prov, "at load: %s", text);
  }
  prov->core_vset_error(prov->handle, packed(reason), fmt, args);
  va_end(args);
}

}  // namespace armaccel::prov
