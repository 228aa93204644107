// SPDX-License-Identifier: Apache-2.0
#include "armaccel_info_check.h"

#include <elf.h>
#include <openssl/conf.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/provider.h>
#include <openssl/rand.h>
#include <unistd.h>

#include <climits>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "armaccel_info_config.h"

namespace armaccel_info {

namespace {

// The config file to check and where the choice came from.
struct ConfigChoice {
  std::string path;
  std::string source;
};

ConfigChoice choose_config(const char* given) {
  if (given != nullptr) return {given, "given on the command line"};
  const char* env = std::getenv("OPENSSL_CONF");
  if (env != nullptr && env[0] != '\0') return {env, "from OPENSSL_CONF"};
  if (env != nullptr) return {"", "OPENSSL_CONF is set but empty"};
  char* def = CONF_get1_default_config_file();
  ConfigChoice choice{def != nullptr ? def : "", "OpenSSL's default; OPENSSL_CONF is not set"};
  OPENSSL_free(def);
  return choice;
}

// Where OpenSSL looks for a module without a path: -provider-path, else
// OPENSSL_MODULES, else its MODULESDIR.
std::string module_dir(const char* provider_path) {
  if (provider_path != nullptr) return provider_path;
  const char* env = std::getenv("OPENSSL_MODULES");
  if (env != nullptr && env[0] != '\0') return env;
  // "MODULESDIR: \"/usr/lib/x86_64-linux-gnu/ossl-modules\""
  std::string text = OpenSSL_version(OPENSSL_MODULES_DIR);
  const std::size_t open = text.find('"');
  const std::size_t close = text.rfind('"');
  if (open != std::string::npos && close > open) return text.substr(open + 1, close - open - 1);
  return text;
}

// The file OpenSSL loads for the configured provider: an absolute module
// line as it is, a relative one inside the module directory, none: the
// provider's name there with ".so".
std::string module_file(const ConfiguredProvider& c, const char* provider_path) {
  std::string m = c.module.empty() ? c.name : c.module;
  if (!m.empty() && m[0] == '/') return m;
  if (c.module.empty()) m += ".so";
  return module_dir(provider_path) + "/" + m;
}

// What the module file is, read from its ELF headers.
struct ModuleFile {
  bool exists = false;
  bool elf64 = false;
  unsigned machine = 0;     // e_machine
  int libcrypto_major = 0;  // from DT_NEEDED libcrypto.so.N; 0 if none
};

template <class T>
bool read_at(std::FILE* f, long offset, T* out, std::size_t count = 1) {
  return std::fseek(f, offset, SEEK_SET) == 0 && std::fread(out, sizeof(T), count, f) == count;
}

ModuleFile inspect_module(const std::string& path) {
  ModuleFile m;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return m;
  m.exists = true;
  Elf64_Ehdr eh;
  if (!read_at(f, 0, &eh) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr)) {
    std::fclose(f);
    return m;
  }
  m.elf64 = true;
  m.machine = eh.e_machine;
  std::vector<Elf64_Shdr> sections(eh.e_shnum);
  if (eh.e_shnum == 0 ||
      !read_at(f, static_cast<long>(eh.e_shoff), sections.data(), sections.size())) {
    std::fclose(f);
    return m;
  }
  for (const Elf64_Shdr& sh : sections) {
    if (sh.sh_type != SHT_DYNAMIC || sh.sh_link >= sections.size()) continue;
    const Elf64_Shdr& strtab = sections[sh.sh_link];
    std::vector<Elf64_Dyn> dyn(sh.sh_size / sizeof(Elf64_Dyn));
    std::vector<char> strings(strtab.sh_size + 1, '\0');
    if (!read_at(f, static_cast<long>(sh.sh_offset), dyn.data(), dyn.size()) ||
        !read_at(f, static_cast<long>(strtab.sh_offset), strings.data(), strtab.sh_size))
      break;
    for (const Elf64_Dyn& d : dyn) {
      if (d.d_tag != DT_NEEDED || d.d_un.d_val >= strtab.sh_size) continue;
      const char* needed = strings.data() + d.d_un.d_val;
      if (std::strncmp(needed, "libcrypto.so.", 13) == 0)
        m.libcrypto_major = std::atoi(needed + 13);
    }
  }
  std::fclose(f);
  return m;
}

const char* machine_name(unsigned machine) {
  switch (machine) {
    case EM_X86_64:
      return "x86-64 (amd64)";
    case EM_AARCH64:
      return "AArch64 (arm64)";
    case EM_386:
      return "32-bit x86";
    case EM_ARM:
      return "32-bit ARM";
    default:
      return "another architecture";
  }
}

#if defined(__x86_64__)
constexpr unsigned kOwnMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr unsigned kOwnMachine = EM_AARCH64;
#else
constexpr unsigned kOwnMachine = 0;  // not compared
#endif

// Collects what the process writes to stderr (file descriptor 2) while it
// runs: armaccel's "at load" trace lines.
class StderrCapture {
 public:
  StderrCapture() {
    std::fflush(stderr);
    file_ = std::tmpfile();
    saved_ = file_ != nullptr ? dup(2) : -1;
    if (saved_ >= 0) dup2(fileno(file_), 2);
  }
  // Restores stderr and returns the lines written meanwhile.
  std::vector<std::string> finish() {
    std::vector<std::string> lines;
    if (saved_ < 0) return lines;
    std::fflush(stderr);
    dup2(saved_, 2);
    close(saved_);
    saved_ = -1;
    std::rewind(file_);
    char buf[1024];
    while (std::fgets(buf, sizeof buf, file_) != nullptr) {
      std::string line(buf);
      if (!line.empty() && line.back() == '\n') line.pop_back();
      lines.push_back(line);
    }
    std::fclose(file_);
    file_ = nullptr;
    return lines;
  }
  ~StderrCapture() {
    if (saved_ >= 0) finish();
  }

 private:
  std::FILE* file_ = nullptr;
  int saved_ = -1;
};

constexpr char kAtLoad[] = "armaccel: at load: ";

std::vector<std::string> at_load_lines(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& l : lines)
    if (l.rfind(kAtLoad, 0) == 0) out.push_back(l.substr(sizeof kAtLoad - 1));
  return out;
}

// The errors on the queue as "reason: data" lines (cleared).
std::vector<std::string> drain_errors() {
  std::vector<std::string> out;
  const char* data = nullptr;
  int flags = 0;
  unsigned long e;
  while ((e = ERR_get_error_all(nullptr, nullptr, nullptr, &data, &flags)) != 0) {
    const char* reason = ERR_reason_error_string(e);
    std::string line = reason != nullptr ? reason : "error";
    if (data != nullptr && (flags & ERR_TXT_STRING) != 0 && data[0] != '\0')
      line += std::string(": ") + data;
    out.push_back(line);
  }
  return out;
}

// Prints the verdict: the reason, the lines behind it (indented) and what
// to do.  Returns the exit status.
int not_active(std::FILE* out, const ConfigChoice& cfg, const std::string& why,
               const std::string& fix, const std::vector<std::string>& details = {}) {
  if (cfg.path.empty())
    std::fprintf(out, "armaccel is NOT active: %s.\n", why.c_str());
  else
    std::fprintf(out, "armaccel is NOT active under %s: %s.\n", cfg.path.c_str(), why.c_str());
  for (const std::string& l : details) std::fprintf(out, "  %s\n", l.c_str());
  if (!fix.empty()) std::fprintf(out, "%s\n", fix.c_str());
  return 1;
}

// Why the configured armaccel did not start, from what can be seen
// outside OpenSSL's config loader (which drops the error queue).
int explain(std::FILE* out, const ConfigChoice& cfg, const ConfiguredProvider& c,
            const char* provider_path, const std::vector<std::string>& at_load) {
  const std::string file = module_file(c, provider_path);
  const std::string where = c.module.empty()
                                ? " (no module line in [" + c.section + "], so OpenSSL looks there)"
                                : " (the module line of [" + c.section + "])";
  const ModuleFile m = inspect_module(file);
  if (!m.exists)
    return not_active(out, cfg, "the module was not found at " + file + where,
                      !c.module.empty() && c.module[0] != '/'
                          ? "A module line without a leading '/' is looked up in the module "
                            "directory: give armaccel.so's absolute path."
                          : "Install armaccel, or set its section's module line to armaccel.so's "
                            "absolute path.");
  if (!m.elf64)
    return not_active(out, cfg, "the file at " + file + where + " is not a 64-bit shared library",
                      "Point the module line at armaccel.so.");
  if (kOwnMachine != 0 && m.machine != kOwnMachine)
    return not_active(out, cfg,
                      "the module at " + file + " is built for " + machine_name(m.machine) +
                          ", and this OpenSSL runs on " + machine_name(kOwnMachine),
                      "Install the armaccel build for this machine's architecture.");
  const int own_major = static_cast<int>(OPENSSL_version_major());
  if (m.libcrypto_major != 0 && m.libcrypto_major != own_major)
    return not_active(out, cfg,
                      "the module at " + file + " was built for OpenSSL " +
                          std::to_string(m.libcrypto_major) + " (it needs libcrypto.so." +
                          std::to_string(m.libcrypto_major) + "), and this is OpenSSL " +
                          OpenSSL_version(OPENSSL_VERSION_STRING),
                      "Install (or build) armaccel for OpenSSL " + std::to_string(own_major) + ".");
  if (!at_load.empty()) {
    for (const char* var : {"ARMACCEL_DISABLE", "ARMACCEL_FORCE_LANES", "ARMACCEL_CORE"}) {
      for (const std::string& l : at_load) {
        if (l.find(var) == std::string::npos) continue;
        return not_active(out, cfg,
                          std::string("armaccel refused to start because of the environment "
                                      "variable ") +
                              var + " (the config is not at fault)",
                          std::string("Correct or unset ") + var + ".", at_load);
      }
    }
    return not_active(out, cfg,
                      "armaccel refused to start with the settings of [" + c.section + "]",
                      "Correct that setting in [" + c.section + "].", at_load);
  }
  // Load the module alone: the loader's own error says what is wrong.
  OSSL_LIB_CTX* scratch = OSSL_LIB_CTX_new();
  ERR_clear_error();
  OSSL_PROVIDER* alone = scratch != nullptr ? OSSL_PROVIDER_load(scratch, file.c_str()) : nullptr;
  const std::vector<std::string> errors = drain_errors();
  if (alone != nullptr) OSSL_PROVIDER_unload(alone);
  OSSL_LIB_CTX_free(scratch);
  return not_active(out, cfg, "OpenSSL could not start the module at " + file, "", errors);
}

// The provider's parameters armaccel-info shows in the verdict.
std::string provider_param(OSSL_LIB_CTX* libctx, const char* name, const char* param) {
  OSSL_PROVIDER* prov = OSSL_PROVIDER_load(libctx, name);  // a reference to the active one
  if (prov == nullptr) return "";
  char* value = nullptr;
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_ptr(param, &value, 0),
                         OSSL_PARAM_construct_end()};
  std::string out = OSSL_PROVIDER_get_params(prov, params) && value != nullptr ? value : "";
  OSSL_PROVIDER_unload(prov);
  return out;
}

}  // namespace

int check_config(const char* config, const char* provider_path, std::FILE* out) {
  const ConfigChoice cfg = choose_config(config);
  if (cfg.path.empty())
    return not_active(out, cfg,
                      "OPENSSL_CONF is set but empty, so OpenSSL loads no config file and nothing "
                      "loads armaccel",
                      "Unset OPENSSL_CONF, or set it to the config's path.");
  // Name the file itself where the path goes through a symbolic link
  // (Debian's /usr/lib/ssl/openssl.cnf is /etc/ssl/openssl.cnf).
  char resolved[PATH_MAX], cwd[PATH_MAX];
  std::string absolute = cfg.path;
  if (absolute[0] != '/' && getcwd(cwd, sizeof cwd) != nullptr)
    absolute = std::string(cwd) + "/" + absolute;
  const bool linked = realpath(cfg.path.c_str(), resolved) != nullptr && absolute != resolved;
  std::fprintf(out, "Checking %s (%s%s%s).\n", cfg.path.c_str(), cfg.source.c_str(),
               linked ? "; the file is " : "", linked ? resolved : "");
  for (const std::string& inc : find_configured(cfg.path.c_str()).missing_includes)
    std::fprintf(out, "Note: it includes %s, which does not exist (a removed package?).\n",
                 inc.c_str());
  std::FILE* probe = std::fopen(cfg.path.c_str(), "r");
  if (probe == nullptr)
    return not_active(out, cfg,
                      std::string("the file cannot be read (") + std::strerror(errno) + ")",
                      "Give the path of the openssl.cnf your applications use.");
  std::fclose(probe);
  const ConfiguredProvider c = find_configured(cfg.path.c_str());
  if (!c.readable)
    return not_active(
        out, cfg,
        "the file is not a valid OpenSSL config" +
            (c.error_line > 0 ? " (OpenSSL stops at line " + std::to_string(c.error_line) + ")"
                              : std::string()),
        "openssl.cnf.example shows the sections armaccel needs.");
  if (!c.named)
    return not_active(out, cfg, "the config does not load armaccel",
                      c.missing_includes.empty()
                          ? "Add its sections as in openssl.cnf.example (or '.include "
                            "/etc/ssl/armaccel.cnf' at the end of the file)."
                          : "Install armaccel again, or remove the .include line of the file "
                            "that is gone.");
  if (!c.activate)
    return not_active(out, cfg, "armaccel is configured in [" + c.section + "] but not activated",
                      "Add 'activate = 1' to that section.");
  const bool activate_off = activate_is_off(c.activate_value);
  if (activate_off && OPENSSL_version_major() == 3 && OPENSSL_version_minor() >= 3)
    return not_active(
        out, cfg,
        "armaccel's section [" + c.section + "] says 'activate = " + c.activate_value + "'",
        "Set 'activate = 1' in that section to turn armaccel on.");

  // Load the config as an application would, with armaccel's load-time
  // trace captured (the loader drops the error queue).
  if (std::getenv("ARMACCEL_TRACE") == nullptr) setenv("ARMACCEL_TRACE", "1", 0);
  OSSL_LIB_CTX* libctx = OSSL_LIB_CTX_new();
  if (libctx == nullptr)
    return not_active(out, cfg, "OpenSSL could not make a library context", "");
  if (provider_path != nullptr) OSSL_PROVIDER_set_default_search_path(libctx, provider_path);
  StderrCapture capture;
  ERR_set_mark();
  const bool loaded = OSSL_LIB_CTX_load_config(libctx, cfg.path.c_str()) == 1;
  const std::vector<std::string> load_errors = loaded ? std::vector<std::string>{} : drain_errors();
  const bool active = OSSL_PROVIDER_available(libctx, c.name.c_str()) == 1;
  unsigned char random[16];
  const bool rng = active && RAND_bytes_ex(libctx, random, sizeof random, 0) == 1;
  const std::string version = active ? provider_param(libctx, c.name.c_str(), "version") : "";
  const std::string self_test = active ? provider_param(libctx, c.name.c_str(), "self-test") : "";
  ERR_pop_to_mark();
  const std::vector<std::string> at_load = at_load_lines(capture.finish());
  OSSL_LIB_CTX_free(libctx);

  if (!active) return explain(out, cfg, c, provider_path, at_load);
  std::fprintf(out, "armaccel %s is active under %s (provider '%s', module %s).\n", version.c_str(),
               cfg.path.c_str(), c.name.c_str(), module_file(c, provider_path).c_str());
  if (!loaded) {
    std::fprintf(out, "Note: OpenSSL reported an error elsewhere in this config:\n");
    for (const std::string& l : load_errors) std::fprintf(out, "  %s\n", l.c_str());
  }
  if (activate_off)
    std::fprintf(out,
                 "Note: 'activate = %s' still activates armaccel in this OpenSSL (before 3.3); "
                 "comment the line out to turn it off.\n",
                 c.activate_value.c_str());
  if (c.module.empty() && provider_path != nullptr)
    std::fprintf(out,
                 "Note: found only through -provider-path %s; programs need "
                 "OPENSSL_MODULES=%s too, or a module line in [%s].\n",
                 provider_path, provider_path, c.section.c_str());
  for (const std::string& l : at_load) std::fprintf(out, "Note: %s\n", l.c_str());
  if (!self_test.empty()) std::fprintf(out, "Lane self-tests: %s.\n", self_test.c_str());
  if (c.default_properties.find("provider=armaccel") != std::string::npos)
    std::fprintf(out, "Applications prefer armaccel (default_properties = %s).\n",
                 c.default_properties.c_str());
  else
    std::fprintf(out,
                 "Applications use armaccel only where they ask for it: no default_properties "
                 "preferring it (openssl.cnf.example sets '?provider=armaccel').\n");
  if (!rng) {
    std::fprintf(out,
                 "But no random-number generator works under this config%s: key generation, TLS "
                 "and most applications fail.\n",
                 c.default_activated ? "" : " (the default provider is not activated)");
    std::fprintf(out,
                 "Activate the default provider as openssl.cnf.example does "
                 "('default = default_sect' with 'activate = 1').\n");
    return 1;
  }
  std::fprintf(out, "Random numbers: available%s.\n",
               c.default_activated ? " (the default provider is active)" : "");
  return 0;
}

}  // namespace armaccel_info
