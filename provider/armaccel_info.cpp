// SPDX-License-Identifier: Apache-2.0
// armaccel-info: loads armaccel into a fresh library context and prints what
// its capability probe found, what the override turned off and which lane
// serves each primitive -- the first thing to run to see what armaccel
// picked on this machine.  (`openssl list -providers -verbose` shows only
// name, version, status and buildinfo.)
//
//   armaccel-info [-provider-path DIR] [-config FILE] [-json] [-corrupt_desc LANE]
//   armaccel-info --check [CONFIG] [-provider-path DIR]
//
// --check (armaccel_info_check.h) says whether armaccel is active under an
// OpenSSL config and, if not, why; exit status 0 only when it is.
// -corrupt_desc LANE makes that lane's self-test at load fail (through
// OpenSSL's self-test callback, as `openssl fipsinstall -corrupt_desc`
// does), to see how armaccel reports it.
//
// -json (also --json) prints the same facts as one JSON object
// (armaccel_info.h gives its shape) for monitoring and scripts.
//
// Without -provider-path the module is found where OpenSSL looks for
// providers (OPENSSL_MODULES, else its MODULESDIR).  -config loads an
// openssl.cnf into the context first, so a `disable` setting there applies;
// when that config activates armaccel (a provider named armaccel, or whose
// module is armaccel's), the report is of the instance it activated, and if
// OpenSSL could not activate it -- a misspelled module path, an unknown
// `disable` name -- armaccel-info fails naming the configured module and
// saying why (as --check does), as every application under that config
// runs without armaccel.
#include "armaccel_info.h"
#include "armaccel_info_check.h"
#include "armaccel_info_config.h"

#include <openssl/conf.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/self_test.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "cpu/primitives.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: armaccel-info [-provider-path DIR] [-config FILE] [-json] "
               "[-corrupt_desc LANE]\n"
               "       armaccel-info --check [CONFIG] [-provider-path DIR]\n");
  return 2;
}

int fail(const char* what) {
  std::fprintf(stderr, "armaccel-info: %s failed\n", what);
  ERR_print_errors_fp(stderr);
  return 1;
}

using armaccel_info::ConfiguredProvider;
using armaccel_info::Field;
using armaccel_info::find_configured;
using armaccel_info::Report;

constexpr Field kHeadFields[] = {
    {OSSL_PROV_PARAM_NAME, "name"},
    {OSSL_PROV_PARAM_VERSION, "version"},
    {OSSL_PROV_PARAM_BUILDINFO, "buildinfo"},
    {"cpu-features", "cpu features"},
    {"disabled-features", "disabled"},
    {"override-source", "override from"},
    {"effective-features", "effective features"},
    {"core", "core class"},
};
// One lane line per primitive (kernels/cpu/primitives.h).
constexpr Field kLaneFields[] = {
#define ARMACCEL_X(Enum, name, Kernel, kind) {"lane-" #name, "lane " #name},
    ARMACCEL_PRIMITIVES(ARMACCEL_X)
#undef ARMACCEL_X
};
constexpr Field kGcmField = {"lane-gcm", "lane gcm"};  // shown after lane ghash
constexpr Field kTailFields[] = {
    {"lanes-built", "lanes built"},
    {"self-test", "self-test"},
    {"force-lanes", "forced lanes from"},
    {"algorithm-families", "families"},
};

constexpr auto kFieldList = [] {
  std::array<Field, std::size(kHeadFields) + std::size(kLaneFields) + 1 + std::size(kTailFields)>
      all{};
  std::size_t n = 0;
  for (const Field& f : kHeadFields) all[n++] = f;
  for (std::size_t i = 0; i < std::size(kLaneFields); ++i) {
    all[n++] = kLaneFields[i];
    if (i == static_cast<std::size_t>(armaccel::Primitive::kGhash)) all[n++] = kGcmField;
  }
  for (const Field& f : kTailFields) all[n++] = f;
  return all;
}();
const Field* const kFields = kFieldList.data();
constexpr std::size_t kFieldCount = kFieldList.size();

// Prints the "algorithm-families" value one family per line.
void print_families(const char* label, const char* text) {
  std::printf("%s:\n", label);
  for (const char* p = text; *p != '\0';) {
    const char* end = std::strstr(p, "; ");
    const int n = end != nullptr ? static_cast<int>(end - p) : static_cast<int>(std::strlen(p));
    std::printf("  %.*s\n", n, p);
    p += n + (end != nullptr ? 2 : 0);
  }
}

// The first name of each algorithm armaccel registers for `operation`.
std::vector<std::string> algorithm_names(OSSL_PROVIDER* prov, int operation) {
  std::vector<std::string> names;
  int no_cache = 0;
  const OSSL_ALGORITHM* algs = OSSL_PROVIDER_query_operation(prov, operation, &no_cache);
  for (const OSSL_ALGORITHM* a = algs; a != nullptr && a->algorithm_names != nullptr; ++a) {
    const char* all = a->algorithm_names;
    const char* colon = std::strchr(all, ':');
    names.emplace_back(all,
                       colon != nullptr ? static_cast<std::size_t>(colon - all) : std::strlen(all));
  }
  OSSL_PROVIDER_unquery_operation(prov, operation, algs);
  return names;
}

void print_names(const char* label, const std::vector<std::string>& names) {
  std::printf("%-19s:", label);
  for (const std::string& n : names) std::printf(" %s", n.c_str());
  std::printf("\n");
}

void print_text(const Report& report) {
  for (const auto& [field, value] : report.fields) {
    if (std::strcmp(field.param, "algorithm-families") == 0 && value)
      print_families(field.label, value->c_str());
    else
      std::printf("%-19s: %s\n", field.label, value ? value->c_str() : "(not reported)");
  }
  print_names("ciphers", report.ciphers);
  print_names("digests", report.digests);
  print_names("macs", report.macs);
}

// The self-test callback of -corrupt_desc: fails the named lane's test,
// and notes that it saw it (only hardware lanes are self-tested).
struct Corruption {
  const char* lane;
  bool seen = false;
  std::string tested;  // the lanes whose tests ran
};

int corrupt_lane(const OSSL_PARAM params[], void* arg) {
  auto* c = static_cast<Corruption*>(arg);
  const OSSL_PARAM* phase = OSSL_PARAM_locate_const(params, OSSL_PROV_PARAM_SELF_TEST_PHASE);
  const OSSL_PARAM* desc = OSSL_PARAM_locate_const(params, OSSL_PROV_PARAM_SELF_TEST_DESC);
  if (phase == nullptr || desc == nullptr || phase->data == nullptr || desc->data == nullptr)
    return 1;
  const char* lane = static_cast<const char*>(desc->data);
  if (std::strcmp(static_cast<const char*>(phase->data), OSSL_SELF_TEST_PHASE_START) == 0)
    c->tested.append(c->tested.empty() ? "" : " ").append(lane);
  if (std::strcmp(static_cast<const char*>(phase->data), OSSL_SELF_TEST_PHASE_CORRUPT) != 0 ||
      std::strcmp(lane, c->lane) != 0)
    return 1;
  c->seen = true;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const char* path = nullptr;
  const char* config = nullptr;
  const char* corrupt = nullptr;
  bool json = false;
  bool check = false;
  const char* check_config = nullptr;
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (std::strcmp(arg, "--check") == 0 || std::strcmp(arg, "-check") == 0) {
      check = true;
    } else if (std::strcmp(arg, "-corrupt_desc") == 0 && has_value) {
      corrupt = argv[++i];
    } else if (std::strcmp(arg, "-provider-path") == 0 && has_value) {
      path = argv[++i];
    } else if (std::strcmp(arg, "-config") == 0 && has_value) {
      config = argv[++i];
    } else if (std::strcmp(arg, "-json") == 0 || std::strcmp(arg, "--json") == 0) {
      json = true;
    } else if (check && check_config == nullptr && arg[0] != '-') {
      check_config = arg;  // --check's CONFIG, wherever it stands
    } else {
      std::fprintf(
          stderr, "armaccel-info: %s '%s'\n",
          arg[0] == '-' && !has_value ? "unknown option, or no value after," : "unexpected", arg);
      return usage();
    }
  }
  if (check) {
    if (config != nullptr || json || corrupt != nullptr) {
      std::fprintf(stderr, "armaccel-info: --check takes [CONFIG] and -provider-path only\n");
      return usage();
    }
    return armaccel_info::check_config(check_config, path);
  }
  OSSL_LIB_CTX* libctx = OSSL_LIB_CTX_new();
  if (libctx == nullptr) return fail("OSSL_LIB_CTX_new");
  Corruption corruption{corrupt, false, {}};
  if (corrupt != nullptr) OSSL_SELF_TEST_set_callback(libctx, corrupt_lane, &corruption);
  // The search path first: a config that names armaccel without a module
  // line must find it there.
  if (path != nullptr && !OSSL_PROVIDER_set_default_search_path(libctx, path))
    return fail("setting the provider search path");
  const ConfiguredProvider configured =
      config != nullptr ? find_configured(config) : ConfiguredProvider{};
  // OpenSSL 3.5+ fails the whole config when a provider does not activate;
  // 3.0 carries on without it.  Either way, say which provider it was.
  const bool loaded = config == nullptr || OSSL_LIB_CTX_load_config(libctx, config) == 1;
  const char* name = configured.named ? configured.name.c_str() : "armaccel";
  if (configured.activate && !OSSL_PROVIDER_available(libctx, name)) {
    std::fprintf(stderr,
                 "armaccel-info: %s activates provider %s (module %s) but OpenSSL could not "
                 "activate it: applications under this config run without armaccel\n",
                 config, name,
                 configured.module.empty() ? "from the search path" : configured.module.c_str());
    // Says why, as --check does (on stderr when stdout is for JSON).
    armaccel_info::check_config(config, path, json ? stderr : stdout);
    return 1;
  }
  if (!loaded) return fail("loading the config file");
  ERR_clear_error();
  OSSL_PROVIDER* prov = OSSL_PROVIDER_load(libctx, name);
  if (prov == nullptr) {
    std::fprintf(stderr,
                 "armaccel-info: could not load the armaccel provider from %s: give its "
                 "directory with -provider-path DIR (or OPENSSL_MODULES=DIR), or install it "
                 "there\n",
                 path != nullptr                  ? path
                 : std::getenv("OPENSSL_MODULES") ? std::getenv("OPENSSL_MODULES")
                                                  : OpenSSL_version(OPENSSL_MODULES_DIR));
    return fail("loading the armaccel provider");
  }
  if (corrupt != nullptr && !corruption.seen) {
    std::fprintf(stderr,
                 "armaccel-info: no self-test of lane '%s' ran (only the hardware lanes in use "
                 "are self-tested; here: %s)\n",
                 corrupt, corruption.tested.empty() ? "none" : corruption.tested.c_str());
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(libctx);
    return 2;
  }

  char* values[kFieldCount] = {};
  OSSL_PARAM params[kFieldCount + 1];
  for (std::size_t i = 0; i < kFieldCount; ++i)
    params[i] = OSSL_PARAM_construct_utf8_ptr(kFields[i].param, &values[i], 0);
  params[kFieldCount] = OSSL_PARAM_construct_end();
  if (!OSSL_PROVIDER_get_params(prov, params)) return fail("OSSL_PROVIDER_get_params");

  Report report;
  for (std::size_t i = 0; i < kFieldCount; ++i)
    report.fields.emplace_back(
        kFields[i], values[i] != nullptr ? std::optional<std::string>(values[i]) : std::nullopt);
  report.ciphers = algorithm_names(prov, OSSL_OP_CIPHER);
  report.digests = algorithm_names(prov, OSSL_OP_DIGEST);
  report.macs = algorithm_names(prov, OSSL_OP_MAC);
  int rc = 0;
  if (json) {
    if (!armaccel_info::print_json(report, stdout)) {
      std::fprintf(stderr, "armaccel-info: writing the JSON report failed\n");
      rc = 1;
    }
  } else {
    print_text(report);
  }

  OSSL_PROVIDER_unload(prov);
  OSSL_LIB_CTX_free(libctx);
  return rc;
}
