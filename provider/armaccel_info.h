// SPDX-License-Identifier: Apache-2.0
// What armaccel-info collects from a loaded armaccel and prints, as text
// (armaccel_info.cpp) or as JSON (armaccel_info_json.cpp).  Part of the
// armaccel-info program only, not of the module.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace armaccel_info {

// One provider parameter armaccel-info asks for: its OSSL_PARAM name (also
// the JSON key) and the label of the text output.
struct Field {
  const char* param;
  const char* label;
};

// The answers: each field's value (empty when the provider did not report
// it) and the first name of each algorithm armaccel registers, per
// operation.
struct Report {
  std::vector<std::pair<Field, std::optional<std::string>>> fields;
  std::vector<std::string> ciphers;
  std::vector<std::string> digests;
  std::vector<std::string> macs;
};

// Writes `report` to `out` as one JSON object (nlohmann-json), keys in the
// text output's order:
//   name, version, buildinfo, override-source, force-lanes   strings
//   cpu-features, disabled-features, effective-features,
//   lanes-built                                              string arrays
//   core        {"class": "neoverse-v1", "from": "midr", "environment" or
//                "config", "midr": "0x410fd401" or null (not read)}
//   lanes       {"aes": {"kernel": "aes-neon" or null (none),
//                        "core-choice": "for neoverse-n1: why" or null (the
//                        core table's say), "self-test-failed": ["aes-ce"]
//                        (lanes dropped at load), "deferred": false,
//                        "detail": "..."}, ...}
//   self-test   {"passed": [lanes], "failed": [lanes]} (both empty: no
//                hardware lane was tested)
//   families    {"aes-gcm": {"served-by": "gcm-ce" or null,
//                            "deferred": false, "detail": "..."}, ...}
//   ciphers, digests, macs                                   string arrays
// "detail" is the text after the kernel name (why a family defers, or which
// OpenSSL lacks it) and is left out when there is none; a field the provider
// did not report is null.  Returns false when writing fails.
bool print_json(const Report& report, std::FILE* out);

}  // namespace armaccel_info
