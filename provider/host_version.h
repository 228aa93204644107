// SPDX-License-Identifier: Apache-2.0
// The OpenSSL release armaccel is loaded into: the core's "openssl-version"
// (OSSL_PROV_PARAM_CORE_VERSION, e.g. "3.5.9"), read once at init.  The
// module is built against one major version's headers and libcrypto (the
// soname carries the major: libcrypto.so.3), so it refuses to run in
// another major release; within 3.x it adapts the few behaviours the
// default provider changed between releases (see uses of at_least).
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

namespace armaccel::prov {

struct HostVersion {
  int major = 0;
  int minor = 0;
  int patch = 0;
};

// Parses "MAJOR.MINOR.PATCH" with an optional suffix ("3.6.0-dev",
// "3.5.9+quic"); false if the text does not start that way.
bool parse_host_version(const char* text, HostVersion* out);

// Asks the core for its version; false if it does not answer or the answer
// does not parse.  `text` receives the raw string (up to size-1 bytes) for
// messages.
bool read_host_version(const OSSL_CORE_HANDLE* handle,
                       OSSL_FUNC_core_get_params_fn* core_get_params, HostVersion* out, char* text,
                       unsigned size);

// The release of the running libcrypto, for code that has no provider
// context (OSSL_PARAM writers, algorithm-level get_params).  One per
// process, as every instance runs on the same libcrypto; recorded by
// OSSL_provider_init before anything else runs.
void set_running_host(const HostVersion& v) noexcept;
HostVersion running_host() noexcept;

// True when the host is at least major.minor.
constexpr bool at_least(const HostVersion& v, int major, int minor) {
  return v.major > major || (v.major == major && v.minor >= minor);
}

}  // namespace armaccel::prov
