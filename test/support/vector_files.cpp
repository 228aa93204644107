// SPDX-License-Identifier: Apache-2.0
#include "vector_files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <sstream>

namespace armaccel::test {

namespace {

const std::string kEmpty;

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Splits "Key = Value" (value may be empty); false if no '='.
bool split_assignment(const std::string& line, std::string* key, std::string* value) {
  const std::size_t eq = line.find('=');
  if (eq == std::string::npos) return false;
  *key = trim(line.substr(0, eq));
  *value = trim(line.substr(eq + 1));
  return true;
}

// Walks a file of "Key = Value" records: end_record() at each blank line and
// at the end, header(inner) for "[inner]" lines, field(key, value, line,
// has_value) for the rest ("FAIL"-style bare words have no value); '#'
// lines are comments.
struct RecordScan {
  std::function<void()> end_record;
  std::function<void(const std::string&)> header;
  std::function<void(const std::string&, const std::string&, int, bool)> field;
};

void scan_records(const std::string& path, const RecordScan& scan) {
  std::istringstream in(read_text_file(path));
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    const std::string t = trim(line);
    if (t.empty()) {
      scan.end_record();
    } else if (t[0] == '#') {
      continue;
    } else if (t.front() == '[' && t.back() == ']') {
      scan.end_record();
      scan.header(t.substr(1, t.size() - 2));
    } else {
      std::string key, value;
      const bool has_value = split_assignment(t, &key, &value);
      scan.field(has_value ? key : t, value, n, has_value);
    }
  }
  scan.end_record();
}

}  // namespace

bool Stanza::has(const std::string& key) const {
  return std::any_of(fields.begin(), fields.end(), [&](const auto& f) { return f.first == key; });
}

const std::string& Stanza::get(const std::string& key) const {
  for (const auto& f : fields)
    if (f.first == key) return f.second;
  return kEmpty;
}

std::vector<std::string> Stanza::all(const std::string& key) const {
  std::vector<std::string> out;
  for (const auto& f : fields)
    if (f.first == key) out.push_back(f.second);
  return out;
}

std::vector<Stanza> parse_evp_file(const std::string& path) {
  std::vector<Stanza> out;
  Stanza cur;
  scan_records(path,
               {[&] {
                  if (!cur.fields.empty()) out.push_back(cur);
                  cur = Stanza{};
                },
                [](const std::string&) {},
                [&](const std::string& key, const std::string& value, int line, bool has_value) {
                  if (!has_value) return;
                  if (cur.fields.empty()) cur.line = line;
                  cur.fields.emplace_back(key, value);
                }});
  return out;
}

Bytes evp_value(const std::string& value) {
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    Bytes out;
    for (std::size_t i = 1; i + 1 < value.size(); ++i) {
      char c = value[i];
      if (c == '\\' && i + 2 < value.size()) {
        const char e = value[++i];
        c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == '0' ? '\0' : e;
      }
      out.push_back(static_cast<std::uint8_t>(c));
    }
    return out;
  }
  return from_hex(value);
}

const std::string& RspRecord::get(const std::string& key) const {
  const auto it = fields.find(key);
  return it == fields.end() ? kEmpty : it->second;
}

std::vector<RspRecord> parse_rsp_file(const std::string& path) {
  std::vector<RspRecord> out;
  std::map<std::string, std::string> settings;
  RspRecord cur;
  bool last_was_setting = false;
  scan_records(path, {[&] {
                        if (!cur.fields.empty()) {
                          cur.settings = settings;
                          out.push_back(cur);
                        }
                        cur = RspRecord{};
                      },
                      [&](const std::string& inner) {
                        // Consecutive [..] lines accumulate; a new group replaces them.
                        if (!last_was_setting) settings.clear();
                        last_was_setting = true;
                        std::string key, value;
                        if (split_assignment(inner, &key, &value)) {
                          settings[upper(key)] = value;
                        } else {
                          settings[upper(trim(inner))] = "";
                        }
                      },
                      [&](const std::string& key, const std::string& value, int line, bool) {
                        last_was_setting = false;
                        if (cur.fields.empty()) cur.line = line;
                        cur.fields[upper(key)] = value;  // a bare word such as FAIL has ""
                      }});
  return out;
}

const std::string& VecRecord::get(const std::string& key) const {
  const auto it = fields.find(key);
  return it == fields.end() ? kEmpty : it->second;
}

std::vector<VecRecord> parse_vec_file(const std::string& path) {
  std::vector<VecRecord> out;
  std::string algorithm;
  VecRecord cur;
  scan_records(path,
               {[&] {
                  if (!cur.fields.empty()) {
                    cur.algorithm = algorithm;
                    out.push_back(cur);
                  }
                  cur = VecRecord{};
                },
                [&](const std::string& inner) { algorithm = inner; },
                [&](const std::string& key, const std::string& value, int line, bool has_value) {
                  if (!has_value) return;
                  if (cur.fields.empty()) cur.line = line;
                  cur.fields[key] = value;
                }});
  return out;
}

}  // namespace armaccel::test
