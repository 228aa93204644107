// SPDX-License-Identifier: Apache-2.0
// What an openssl.cnf says about armaccel, read as OpenSSL's config loader
// reads it (openssl_conf -> providers -> one section per provider;
// alg_section -> default_properties).  Part of armaccel-info only.
#pragma once

#include <string>
#include <vector>

namespace armaccel_info {

struct ConfiguredProvider {
  bool readable = false;                      // the file parsed as a config
  bool named = false;                         // its providers section loads armaccel
  bool activate = false;                      // with an activate line
  bool default_activated = false;             // the default provider has one too
  std::string name;                           // armaccel's provider name there
  std::string section;                        // armaccel's section
  std::string module;                         // its module line, or empty
  std::string default_properties;             // the algorithm section's, or empty
  std::string activate_value;                 // armaccel's activate line, as written
  long error_line = 0;                        // where parsing failed (not readable), if known
  std::vector<std::string> missing_includes;  // .include targets that do not exist
};

// True for an activate value that OpenSSL 3.3+ reads as "do not activate"
// (0, no, false, off); earlier releases activate whatever the value.
bool activate_is_off(const std::string& value);

// True for a module path whose file name starts with "armaccel".
bool module_is_armaccel(const char* module);

// Reads `file` and finds armaccel's entry (a provider named armaccel, or
// whose module is armaccel's), if any.  Leaves no error on the queue.
ConfiguredProvider find_configured(const char* file);

}  // namespace armaccel_info
