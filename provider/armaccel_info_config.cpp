// SPDX-License-Identifier: Apache-2.0
#include "armaccel_info_config.h"

#include <openssl/conf.h>
#include <openssl/err.h>

#include <cstring>

namespace armaccel_info {

bool module_is_armaccel(const char* module) {
  const char* slash = std::strrchr(module, '/');
  const char* base = slash != nullptr ? slash + 1 : module;
  return std::strncmp(base, "armaccel", 8) == 0;
}

ConfiguredProvider find_configured(const char* file) {
  ConfiguredProvider found;
  CONF* conf = NCONF_new(nullptr);
  long line = 0;
  if (conf == nullptr || NCONF_load(conf, file, &line) <= 0) {
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
