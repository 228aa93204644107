// SPDX-License-Identifier: Apache-2.0
// armaccel-info --json: the report as one JSON object (armaccel_info.h has
// its shape), for monitoring and scripts.  The provider's parameters are
// text made for people; this splits them into fields on the separators the
// provider writes (provider/capabilities.cpp, provider/step_aside.cpp).
#include "armaccel_info.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <string_view>

namespace armaccel_info {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::string_view kDeferred = "deferred to the default provider (";
constexpr std::string_view kSelfTestFailed = " (self-test failed: ";

// "asimd aes pmull" -> ["asimd", "aes", "pmull"]; "none" -> [].
Json word_list(std::string_view text) {
  Json list = Json::array();
  if (text == "none") return list;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    if (!word.empty()) list.push_back(std::string(word));
    if (space == std::string_view::npos) break;
    text.remove_prefix(space + 1);
  }
  return list;
}

// The text inside the outer parentheses that `text` ends with, from `open`.
std::string inside(std::string_view text, std::size_t open) {
  std::string_view rest = text.substr(open + 1);
  if (!rest.empty() && rest.back() == ')') rest.remove_suffix(1);
  return std::string(rest);
}

// "aes-neon", "aes-neon (self-test failed: aes-ce)" or "aes-portable,
// deferred to the default provider (why)" (capabilities.cpp).
Json lane(std::string_view text) {
  Json out = Json::object();
  const std::size_t end = text.find_first_of(" ,");
  const std::string_view kernel = text.substr(0, end);
  out["kernel"] = kernel == "none" ? Json(nullptr) : Json(std::string(kernel));
  std::string_view rest = end == std::string_view::npos ? "" : text.substr(end);
  // " (for CLASS: why)" or " (LANE passed over on CLASS: why)": the core
  // table's say (kernels/cpu/lane_table.cpp; its reasons hold no parenthesis).
  out["core-choice"] = nullptr;
  if (rest.starts_with(" (") && !rest.starts_with(kSelfTestFailed)) {
    const std::size_t close = rest.find(')');
    out["core-choice"] = std::string(rest.substr(2, close - 2));
    rest.remove_prefix(close == std::string_view::npos ? rest.size() : close + 1);
  }
  Json failed = Json::array();
  if (rest.starts_with(kSelfTestFailed)) {
    const std::size_t close = rest.find(')');
    failed = word_list(rest.substr(kSelfTestFailed.size(), close - kSelfTestFailed.size()));
    rest.remove_prefix(close + 1);
  }
  out["self-test-failed"] = failed;
  const bool deferred = rest.starts_with(", ") && rest.substr(2).starts_with(kDeferred);
  out["deferred"] = deferred;
  if (deferred) out["detail"] = inside(rest, 2 + kDeferred.size() - 1);
  return out;
}

// "passed: LANE ...; failed: LANE ..." -> {"passed": [...], "failed": [...]};
// "none run (...)" -> both empty.
Json self_test(std::string_view text) {
  Json out = {{"passed", Json::array()}, {"failed", Json::array()}};
  const std::size_t semi = text.find("; failed: ");
  if (!text.starts_with("passed: ") || semi == std::string_view::npos) return out;
  out["passed"] = word_list(text.substr(8, semi - 8));
  out["failed"] = word_list(text.substr(semi + 10));
  return out;
}

// "LANE[+LANE]", "LANE (why)" or "deferred to the default provider (why)".
Json family(std::string_view text) {
  Json out = Json::object();
  if (text.starts_with(kDeferred)) {
    out["served-by"] = nullptr;
    out["deferred"] = true;
    out["detail"] = inside(text, kDeferred.size() - 1);
    return out;
  }
  const std::size_t paren = text.find(" (");
  out["served-by"] = std::string(text.substr(0, paren));
  out["deferred"] = false;
  if (paren != std::string_view::npos) out["detail"] = inside(text, paren + 1);
  return out;
}

// "aes-ecb: ...; aes-cbc: ..." -> {"aes-ecb": {...}, "aes-cbc": {...}}.
Json families(std::string_view text) {
  Json out = Json::object();
  while (!text.empty()) {
    const std::size_t end = text.find("; ");
    const std::string_view entry = text.substr(0, end);
    const std::size_t colon = entry.find(": ");
    if (colon != std::string_view::npos)
      out[std::string(entry.substr(0, colon))] = family(entry.substr(colon + 2));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 2);
  }
  return out;
}

// "CLASS (MIDR_EL1 0x...)", "CLASS (no MIDR_EL1 from the OS)" or "CLASS
// (from environment|config; ...)" -> {"class", "from", "midr"}.
Json core(std::string_view text) {
  Json out = Json::object();
  const std::size_t paren = text.find(" (");
  out["class"] = std::string(text.substr(0, paren));
  std::string_view rest = paren == std::string_view::npos ? "" : text.substr(paren + 2);
  out["from"] = "midr";
  for (const char* from : {"environment", "config"}) {
    const std::string prefix = std::string("from ") + from + "; ";
    if (rest.starts_with(prefix)) {
      out["from"] = from;
      rest.remove_prefix(prefix.size());
    }
  }
  constexpr std::string_view kMidr = "MIDR_EL1 ";
  out["midr"] = rest.starts_with(kMidr)
                    ? Json(std::string(rest.substr(kMidr.size(), rest.find(')') - kMidr.size())))
                    : Json(nullptr);
  return out;
}

bool is_list(std::string_view param) {
  return param == "cpu-features" || param == "disabled-features" || param == "effective-features" ||
         param == "lanes-built";
}

}  // namespace

bool print_json(const Report& report, std::FILE* out) {
  Json doc = Json::object();
  Json lanes = Json::object();
  for (const auto& [field, value] : report.fields) {
    const std::string_view param = field.param;
    if (param.starts_with("lane-")) {
      lanes[std::string(param.substr(5))] = value ? lane(*value) : Json(nullptr);
      continue;
    }
    if (!lanes.empty() && !doc.contains("lanes")) doc["lanes"] = lanes;
    const std::string key(param == "algorithm-families" ? "families" : param);
    if (!value)
      doc[key] = nullptr;
    else if (is_list(param))
      doc[key] = word_list(*value);
    else if (param == "algorithm-families")
      doc[key] = families(*value);
    else if (param == "self-test")
      doc[key] = self_test(*value);
    else if (param == "core")
      doc[key] = core(*value);
    else
      doc[key] = *value;
  }
  if (!lanes.empty() && !doc.contains("lanes")) doc["lanes"] = lanes;
  doc["ciphers"] = report.ciphers;
  doc["digests"] = report.digests;
  doc["macs"] = report.macs;
  const std::string text = doc.dump(2) + "\n";
  return std::fwrite(text.data(), 1, text.size(), out) == text.size() && std::fflush(out) == 0;
}

}  // namespace armaccel_info
