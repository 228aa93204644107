// armaccel-info: loads armaccel into a fresh library context and prints what
// its capability probe found, what the override turned off and which lane
// serves each primitive -- the first thing to run to see what armaccel
// picked on this machine.  (`openssl list -providers -verbose` shows only
// name, version, status and buildinfo.)
//
//   armaccel-info [-provider-path DIR] [-config FILE]
//
// Without -provider-path the module is found where OpenSSL looks for
// providers (OPENSSL_MODULES, else its MODULESDIR).  -config loads an
// openssl.cnf into the context first, so a `disable` setting there applies.
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <cstdio>
#include <cstring>

namespace {

int usage() {
  std::fprintf(stderr, "usage: armaccel-info [-provider-path DIR] [-config FILE]\n");
  return 2;
}

int fail(const char* what) {
  std::fprintf(stderr, "armaccel-info: %s failed\n", what);
  ERR_print_errors_fp(stderr);
  return 1;
}

struct Field {
  const char* param;
  const char* label;
};

const Field kFields[] = {
    {OSSL_PROV_PARAM_NAME, "name"},
    {OSSL_PROV_PARAM_VERSION, "version"},
    {OSSL_PROV_PARAM_BUILDINFO, "buildinfo"},
    {"cpu-features", "cpu features"},
    {"disabled-features", "disabled"},
    {"override-source", "override from"},
    {"effective-features", "effective features"},
    {"lane-aes", "lane aes"},
    {"lane-ghash", "lane ghash"},
    {"lane-gcm", "lane gcm"},
    {"lane-sha256", "lane sha256"},
    {"lane-sha512", "lane sha512"},
    {"lane-keccak", "lane keccak"},
    {"lane-chacha20", "lane chacha20"},
    {"lane-poly1305", "lane poly1305"},
    {"lane-sm4", "lane sm4"},
    {"lane-sm3", "lane sm3"},
    {"lane-mlkem", "lane mlkem"},
    {"lanes-built", "lanes built"},
    {"override-warnings", "warnings"},
};

void print_algorithms(OSSL_PROVIDER* prov, int operation, const char* label) {
  int no_cache = 0;
  const OSSL_ALGORITHM* algs = OSSL_PROVIDER_query_operation(prov, operation, &no_cache);
  std::printf("%-19s:", label);
  for (; algs != nullptr && algs->algorithm_names != nullptr; ++algs) {
    const char* names = algs->algorithm_names;
    const char* colon = std::strchr(names, ':');
    const int len =
        colon != nullptr ? static_cast<int>(colon - names) : static_cast<int>(std::strlen(names));
    std::printf(" %.*s", len, names);
  }
  std::printf("\n");
  OSSL_PROVIDER_unquery_operation(prov, operation, algs);
}

}  // namespace

int main(int argc, char** argv) {
  const char* path = nullptr;
  const char* config = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-provider-path") == 0 && i + 1 < argc) {
      path = argv[++i];
    } else if (std::strcmp(argv[i], "-config") == 0 && i + 1 < argc) {
      config = argv[++i];
    } else {
      return usage();
    }
  }
  OSSL_LIB_CTX* libctx = OSSL_LIB_CTX_new();
  if (libctx == nullptr) return fail("OSSL_LIB_CTX_new");
  // The search path first: a config that names armaccel without a module
  // line must find it there.
  if (path != nullptr && !OSSL_PROVIDER_set_default_search_path(libctx, path))
    return fail("setting the provider search path");
  if (config != nullptr && !OSSL_LIB_CTX_load_config(libctx, config))
    return fail("loading the config file");
  OSSL_PROVIDER* prov = OSSL_PROVIDER_load(libctx, "armaccel");
  if (prov == nullptr) return fail("loading the armaccel provider");

  char* values[sizeof kFields / sizeof kFields[0]] = {};
  OSSL_PARAM params[sizeof kFields / sizeof kFields[0] + 1];
  for (std::size_t i = 0; i < sizeof kFields / sizeof kFields[0]; ++i)
    params[i] = OSSL_PARAM_construct_utf8_ptr(kFields[i].param, &values[i], 0);
  params[sizeof kFields / sizeof kFields[0]] = OSSL_PARAM_construct_end();
  if (!OSSL_PROVIDER_get_params(prov, params)) return fail("OSSL_PROVIDER_get_params");

  for (std::size_t i = 0; i < sizeof kFields / sizeof kFields[0]; ++i) {
    const char* v = values[i] != nullptr ? values[i] : "(not reported)";
    if (std::strcmp(kFields[i].label, "warnings") == 0 && v[0] == '\0') continue;
    std::printf("%-19s: %s\n", kFields[i].label, v);
  }
  print_algorithms(prov, OSSL_OP_CIPHER, "ciphers");
  print_algorithms(prov, OSSL_OP_DIGEST, "digests");
  print_algorithms(prov, OSSL_OP_MAC, "macs");

  OSSL_PROVIDER_unload(prov);
  OSSL_LIB_CTX_free(libctx);
  return 0;
}
