// SPDX-License-Identifier: Apache-2.0
// OSSL_provider_init refuses a core of another major release (and one
// whose version it cannot read) with a reason and a message, before it
// creates anything: called here directly with a stand-in core that answers
// "openssl-version" as told and records the error it is handed.  (The real
// OpenSSL 4.0 binary is test/cli/major_version_test.sh.)  Under the
// ASan + UBSan preset LeakSanitizer checks that a refused init leaves no
// allocation behind.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/opensslv.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>

#include "ossl_helpers.h"

namespace armaccel::test {
namespace {

struct FakeCore {
  const char* version = nullptr;  // nullptr: the core does not answer
  int errors = 0;
  unsigned reason = 0;
  std::string message;
};
FakeCore* g_core = nullptr;

int core_get_params(const OSSL_CORE_HANDLE*, OSSL_PARAM params[]) {
  for (OSSL_PARAM* p = params; p->key != nullptr; ++p) {
    if (std::strcmp(p->key, OSSL_PROV_PARAM_CORE_VERSION) == 0 && g_core->version != nullptr) {
      *static_cast<const char**>(p->data) = g_core->version;
      p->return_size = std::strlen(g_core->version);
    }
  }
  return 1;
}
void core_new_error(const OSSL_CORE_HANDLE*) {
  ++g_core->errors;
}
void core_set_error_debug(const OSSL_CORE_HANDLE*, const char*, int, const char*) {}
void core_vset_error(const OSSL_CORE_HANDLE*, uint32_t reason, const char* fmt, va_list args) {
  g_core->reason = reason;
  if (fmt != nullptr) {
    char buf[512];
    std::vsnprintf(buf, sizeof buf, fmt, args);
    g_core->message = buf;
  }
}

using InitFn = int (*)(const OSSL_CORE_HANDLE*, const OSSL_DISPATCH*, const OSSL_DISPATCH**,
                       void**);

// Runs OSSL_provider_init against the stand-in core.
int init_with(FakeCore* core) {
  const std::string path = module_dir() + "/armaccel.so";
  void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  EXPECT_NE(lib, nullptr) << dlerror();
  if (lib == nullptr) return -1;
  auto init = reinterpret_cast<InitFn>(dlsym(lib, "OSSL_provider_init"));
  EXPECT_NE(init, nullptr);
  const OSSL_DISPATCH in[] = {
      {OSSL_FUNC_CORE_GET_PARAMS, reinterpret_cast<void (*)(void)>(&core_get_params)},
      {OSSL_FUNC_CORE_NEW_ERROR, reinterpret_cast<void (*)(void)>(&core_new_error)},
      {OSSL_FUNC_CORE_SET_ERROR_DEBUG, reinterpret_cast<void (*)(void)>(&core_set_error_debug)},
      {OSSL_FUNC_CORE_VSET_ERROR, reinterpret_cast<void (*)(void)>(&core_vset_error)},
      {0, nullptr},
  };
  g_core = core;
  const OSSL_DISPATCH* out = nullptr;
  void* provctx = reinterpret_cast<void*>(0x1);
  static int handle_storage;
  const int rc = init != nullptr ? init(reinterpret_cast<const OSSL_CORE_HANDLE*>(&handle_storage),
                                        in, &out, &provctx)
                                 : -1;
  EXPECT_EQ(out, nullptr);
  g_core = nullptr;
  dlclose(lib);
  return rc;
}

// armaccel's own reason 22, kErrUnsupportedHostVersion (provider/errors.h),
// in armaccel's own library (a dynamic one, not OpenSSL's ERR_LIB_PROV:
// the default provider has no such condition).
constexpr int kUnsupportedHostVersion = 22;
void expect_unsupported_host(unsigned reason) {
  EXPECT_GE(ERR_GET_LIB(reason), ERR_LIB_USER) << reason;
  EXPECT_EQ(ERR_GET_REASON(reason), kUnsupportedHostVersion) << reason;
}

TEST(HostVersion, AnotherMajorReleaseIsRefused) {
  for (const char* version : {"4.0.3", "4.0.0-dev", "2.9.9", "40.1.0"}) {
    FakeCore core;
    core.version = version;
    EXPECT_EQ(init_with(&core), 0) << version;
    EXPECT_EQ(core.errors, 1) << version;
    expect_unsupported_host(core.reason);
    EXPECT_NE(core.message.find(std::string("cannot run in OpenSSL ") + version), std::string::npos)
        << core.message;
    EXPECT_NE(core.message.find("built for OpenSSL " + std::to_string(OPENSSL_VERSION_MAJOR) +
                                ".x (headers " OPENSSL_VERSION_STR ")"),
              std::string::npos)
        << core.message;
  }
}

TEST(HostVersion, AnUnreadableVersionIsRefused) {
  const char* const versions[] = {"", "3", "3.5", "three.five.nine", "3.5.x", nullptr};
  for (const char* version : versions) {
    FakeCore core;
    core.version = version;
    EXPECT_EQ(init_with(&core), 0) << (version ? version : "(none)");
    EXPECT_EQ(core.errors, 1);
    expect_unsupported_host(core.reason);
    EXPECT_NE(core.message.find("did not report a readable OpenSSL version"), std::string::npos)
        << core.message;
  }
}

// And the release the suites run on is accepted (the provider loaded into
// this process's library contexts is the proof; its core said so).
TEST(HostVersion, TheRunningReleaseIsAccepted) {
  EXPECT_NE(armaccel_provider(), nullptr);
  EXPECT_EQ(OPENSSL_version_major(), static_cast<unsigned>(OPENSSL_VERSION_MAJOR));
}

}  // namespace
}  // namespace armaccel::test
