// SPDX-License-Identifier: Apache-2.0
// Readers for the external test-vector formats in test/vectors (origins in
// test/vectors/SOURCES.md): OpenSSL evp_test stanzas, NIST CAVP .rsp files, Botan .vec files.
// Wycheproof JSON is read with nlohmann-json directly.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "test_support.h"

namespace armaccel::test {

// One evp_test stanza: its Key = Value lines in order (keys may repeat).
struct Stanza {
  std::vector<std::pair<std::string, std::string>> fields;
  int line = 0;  // where it starts, for messages

  bool has(const std::string& key) const;
  const std::string& get(const std::string& key) const;  // first value; "" if absent
  std::vector<std::string> all(const std::string& key) const;
};

std::vector<Stanza> parse_evp_file(const std::string& path);

// An evp_test value: hex, "quoted ASCII" (C escapes) or empty.
Bytes evp_value(const std::string& value);

// One NIST .rsp record with the bracketed settings in force ([ENCRYPT],
// [L = 32], ...).  Keys are upper-cased.
struct RspRecord {
  std::map<std::string, std::string> fields;
  std::map<std::string, std::string> settings;  // "ENCRYPT" -> "", "L" -> "32"
  int line = 0;
  const std::string& get(const std::string& key) const;
  bool has(const std::string& key) const { return fields.count(key) != 0; }
};

std::vector<RspRecord> parse_rsp_file(const std::string& path);

// One Botan .vec record under its [Algorithm] header.
struct VecRecord {
  std::string algorithm;
  std::map<std::string, std::string> fields;
  int line = 0;
  const std::string& get(const std::string& key) const;
  bool has(const std::string& key) const { return fields.count(key) != 0; }
};

std::vector<VecRecord> parse_vec_file(const std::string& path);

}  // namespace armaccel::test
