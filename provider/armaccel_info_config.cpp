// SPDX-License-Identifier: Apache-2.0
#include "armaccel_info_config.h"

#include <openssl/conf.h>
#include <openssl/err.h>

#include <sys/stat.h>

#include <cctype>
#include <cstring>
#include <fstream>

namespace armaccel_info {

bool module_is_armaccel(const char* module) {
  const char* slash = std::strrchr(module, '/');
  const char* base = slash != nullptr ? slash + 1 : module;
  return std::strncmp(base, "armaccel", 8) == 0;
}

bool activate_is_off(const std::string& value) {
  std::string v;
  for (const char ch : value) v += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return v == "0" || v == "no" || v == "false" || v == "off";
}

namespace {

// The absolute .include targets of `file` (its own lines only) that do not
// exist: a purged package leaves its include line behind.
std::vector<std::string> missing_includes(const char* file) {
  std::vector<std::string> missing;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t at = line.find_first_not_of(" \t");
    if (at == std::string::npos || line.compare(at, 8, ".include") != 0) continue;
    std::string target = line.substr(at + 8);
    target.erase(0, target.find_first_not_of(" \t="));
    target.erase(target.find_last_not_of(" \t\r") + 1);
    struct stat st;
    if (!target.empty() && target[0] == '/' && stat(target.c_str(), &st) != 0)
      missing.push_back(target);
  }
  return missing;
}

}  // namespace

ConfiguredProvider find_configured(const char* file) {
  ConfiguredProvider found;
  found.missing_includes = missing_includes(file);
  CONF* conf = NCONF_new(nullptr);
  long line = 0;
  if (conf == nullptr || NCONF_load(conf, file, &line) <= 0) {
    found.error_line = line;
    NCONF_free(conf);
    ERR_clear_error();
    return found;
  }
  found.readable = true;
  const char* init = NCONF_get_string(conf, nullptr, "openssl_conf");
  const char* providers = init != nullptr ? NCONF_get_string(conf, init, "providers") : nullptr;
  STACK_OF(CONF_VALUE)* list = providers != nullptr ? NCONF_get_section(conf, providers) : nullptr;
  for (int i = 0; list != nullptr && i < sk_CONF_VALUE_num(list); ++i) {
    const CONF_VALUE* entry = sk_CONF_VALUE_value(list, i);
    const char* identity = NCONF_get_string(conf, entry->value, "identity");
    const char* module = NCONF_get_string(conf, entry->value, "module");
    const char* name = identity != nullptr ? identity : entry->name;
    const bool activate = NCONF_get_string(conf, entry->value, "activate") != nullptr;
    if (std::strcmp(name, "default") == 0) found.default_activated = activate;
    if (found.named ||
        (std::strcmp(name, "armaccel") != 0 && (module == nullptr || !module_is_armaccel(module))))
      continue;
    found.named = true;
    found.name = name;
    found.section = entry->value;
    found.module = module != nullptr ? module : "";
    found.activate = activate;
    if (activate) found.activate_value = NCONF_get_string(conf, entry->value, "activate");
  }
  const char* algs = init != nullptr ? NCONF_get_string(conf, init, "alg_section") : nullptr;
  const char* props =
      algs != nullptr ? NCONF_get_string(conf, algs, "default_properties") : nullptr;
  if (props != nullptr) found.default_properties = props;
  ERR_clear_error();  // lookups of absent keys leave errors behind
  NCONF_free(conf);
  return found;
}

}  // namespace armaccel_info
