// SPDX-License-Identifier: Apache-2.0
#include "ossl_helpers.h"

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace armaccel::test {

std::string module_dir() {
  return ARMACCEL_MODULE_DIR;
}

namespace {

struct Contexts {
  OSSL_LIB_CTX* armaccel = nullptr;
  OSSL_PROVIDER* armaccel_prov = nullptr;
  OSSL_LIB_CTX* oracle = nullptr;
  OSSL_PROVIDER* default_prov = nullptr;
  OSSL_PROVIDER* armaccel_default = nullptr;
  void create() {
    if (armaccel != nullptr) return;
    armaccel = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(armaccel, module_dir().c_str());
    armaccel_prov = OSSL_PROVIDER_load(armaccel, "armaccel");
    // The default provider supplies the DRBG (armaccel draws GCM IVs from
    // it); every fetch in the tests asks for provider=armaccel explicitly.
    armaccel_default = OSSL_PROVIDER_load(armaccel, "default");
    oracle = OSSL_LIB_CTX_new();
    default_prov = OSSL_PROVIDER_load(oracle, "default");
  }
  void destroy() {
    if (armaccel == nullptr) return;
    OSSL_PROVIDER_unload(armaccel_prov);
    OSSL_PROVIDER_unload(armaccel_default);
    OSSL_PROVIDER_unload(default_prov);
    OSSL_LIB_CTX_free(armaccel);
    OSSL_LIB_CTX_free(oracle);
    *this = Contexts{};
  }
};

Contexts& contexts() {
  static Contexts c;
  c.create();
  return c;
}

// Frees the shared contexts after the last test, before exit() runs
// OpenSSL's own cleanup (freeing them after that would touch freed state).
class ContextsEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { contexts().destroy(); }
};
[[maybe_unused]] ::testing::Environment* const kContextsEnvironment =
    ::testing::AddGlobalTestEnvironment(new ContextsEnvironment);

}  // namespace

OSSL_LIB_CTX* armaccel_libctx() {
  EXPECT_NE(contexts().armaccel_prov, nullptr) << "armaccel did not load: " << drain_errors();
  return contexts().armaccel;
}

OSSL_PROVIDER* armaccel_provider() {
  armaccel_libctx();
  return contexts().armaccel_prov;
}

OSSL_LIB_CTX* oracle_libctx() {
  return contexts().oracle;
}

OSSL_PROVIDER* oracle_provider() {
  return contexts().default_prov;
}

OSSL_LIB_CTX* new_configured_libctx(const std::string& config_body, bool expect_loaded) {
  std::string text =
      "openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n" + config_body;
  const std::string module = module_dir() + "/armaccel.so";
  for (std::size_t at; (at = text.find("@MODULE@")) != std::string::npos;)
    text.replace(at, 8, module);
  char path[] = "/tmp/armaccel-test-XXXXXX";
  const int fd = mkstemp(path);
  EXPECT_GE(fd, 0);
  if (fd < 0) return nullptr;
  const ssize_t written = write(fd, text.data(), text.size());
  close(fd);
  EXPECT_EQ(written, static_cast<ssize_t>(text.size()));
  OSSL_LIB_CTX* ctx = OSSL_LIB_CTX_new();
  const int ok = OSSL_LIB_CTX_load_config(ctx, path);
  unlink(path);
  if (expect_loaded) {
    EXPECT_EQ(ok, 1) << "config:\n" << text << "\n" << drain_errors();
  }
  return ctx;
}

CipherPtr fetch_cipher(OSSL_LIB_CTX* ctx, const std::string& name, const char* propq) {
  CipherPtr c(EVP_CIPHER_fetch(ctx, name.c_str(), propq));
  EXPECT_NE(c, nullptr) << "fetching " << name << " (" << propq << "): " << drain_errors();
  return c;
}

MdPtr fetch_md(OSSL_LIB_CTX* ctx, const std::string& name, const char* propq) {
  MdPtr m(EVP_MD_fetch(ctx, name.c_str(), propq));
  EXPECT_NE(m, nullptr) << "fetching " << name << " (" << propq << "): " << drain_errors();
  return m;
}

std::string provider_param(OSSL_PROVIDER* prov, const char* name) {
  char* value = nullptr;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_ptr(name, &value, 0),
                         OSSL_PARAM_construct_end()};
  if (prov == nullptr || !OSSL_PROVIDER_get_params(prov, params) || value == nullptr) return "";
  return value;
}

std::string drain_errors() {
  std::string text;
  const char* file = nullptr;
  const char* func = nullptr;
  const char* data = nullptr;
  int line = 0, flags = 0;
  unsigned long e;
  while ((e = ERR_get_error_all(&file, &line, &func, &data, &flags)) != 0) {
    char buf[256];
    ERR_error_string_n(e, buf, sizeof buf);
    text += buf;
    if ((flags & ERR_TXT_STRING) != 0 && data != nullptr && *data != '\0') {
      text += ": ";
      text += data;
    }
    text += "\n";
  }
  return text;
}

void (*find_dispatch(int operation, const char* alg_prefix, int function_id))(void) {
  return find_dispatch_in(armaccel_provider(), operation, alg_prefix, function_id);
}

void (*find_dispatch_in(OSSL_PROVIDER* prov, int operation, const char* alg_prefix,
                        int function_id))(void) {
  int no_cache = 0;
  const OSSL_ALGORITHM* algs = OSSL_PROVIDER_query_operation(prov, operation, &no_cache);
  const std::size_t n = std::strlen(alg_prefix);
  const OSSL_ALGORITHM* found = nullptr;
  for (const OSSL_ALGORITHM* a = algs; a != nullptr && a->algorithm_names != nullptr; ++a) {
    // An implementation with exactly this name wins over the first whose
    // names merely start with it (AES-128-CBC before AES-128-CBC-CTS).
    const std::string names = std::string(":") + a->algorithm_names + ":";
    if (names.find(std::string(":") + alg_prefix + ":") != std::string::npos) {
      found = a;
      break;
    }
    if (found == nullptr && std::strncmp(a->algorithm_names, alg_prefix, n) == 0) found = a;
  }
  if (found == nullptr) return nullptr;
  for (const OSSL_DISPATCH* d = found->implementation; d->function_id != 0; ++d)
    if (d->function_id == function_id) return d->function;
  return nullptr;
}

bool runtime_at_least(int major, int minor) {
  const unsigned long have_major = OPENSSL_version_major(), have_minor = OPENSSL_version_minor();
  return have_major > static_cast<unsigned long>(major) ||
         (have_major == static_cast<unsigned long>(major) &&
          have_minor >= static_cast<unsigned long>(minor));
}

}  // namespace armaccel::test
