#include "vector_files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
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
  std::istringstream in(read_text_file(path));
  std::vector<Stanza> out;
  Stanza cur;
  std::string line;
  int n = 0;
  auto flush = [&] {
    if (!cur.fields.empty()) out.push_back(cur);
    cur = Stanza{};
  };
  while (std::getline(in, line)) {
    ++n;
    const std::string t = trim(line);
    if (t.empty()) {
      flush();
      continue;
    }
    if (t[0] == '#') continue;
    std::string key, value;
    if (!split_assignment(t, &key, &value)) continue;
    if (cur.fields.empty()) cur.line = n;
    cur.fields.emplace_back(key, value);
  }
  flush();
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
  std::istringstream in(read_text_file(path));
  std::vector<RspRecord> out;
  std::map<std::string, std::string> settings;
  RspRecord cur;
  std::string line;
  int n = 0;
  bool last_was_setting = false;
  auto flush = [&] {
    if (!cur.fields.empty()) {
      cur.settings = settings;
      out.push_back(cur);
    }
    cur = RspRecord{};
  };
  while (std::getline(in, line)) {
    ++n;
    const std::string t = trim(line);
    if (t.empty()) {
      flush();
      continue;
    }
    if (t[0] == '#') continue;
    if (t.front() == '[' && t.back() == ']') {
      flush();
      if (!last_was_setting) settings.clear();
      last_was_setting = true;
      std::string key, value;
      const std::string inner = t.substr(1, t.size() - 2);
      if (split_assignment(inner, &key, &value)) {
        settings[upper(key)] = value;
      } else {
        settings[upper(trim(inner))] = "";
      }
      continue;
    }
    last_was_setting = false;
    std::string key, value;
    if (!split_assignment(t, &key, &value)) {
      cur.fields[upper(t)] = "";  // a bare word such as FAIL
      continue;
    }
    if (cur.fields.empty()) cur.line = n;
    cur.fields[upper(key)] = value;
  }
  flush();
  return out;
}

const std::string& VecRecord::get(const std::string& key) const {
  const auto it = fields.find(key);
  return it == fields.end() ? kEmpty : it->second;
}

std::vector<VecRecord> parse_vec_file(const std::string& path) {
  std::istringstream in(read_text_file(path));
  std::vector<VecRecord> out;
  std::string algorithm;
  VecRecord cur;
  std::string line;
  int n = 0;
  auto flush = [&] {
    if (!cur.fields.empty()) {
      cur.algorithm = algorithm;
      out.push_back(cur);
    }
    cur = VecRecord{};
  };
  while (std::getline(in, line)) {
    ++n;
    const std::string t = trim(line);
    if (t.empty()) {
      flush();
      continue;
    }
    if (t[0] == '#') continue;
    if (t.front() == '[' && t.back() == ']') {
      flush();
      algorithm = t.substr(1, t.size() - 2);
      continue;
    }
    std::string key, value;
    if (!split_assignment(t, &key, &value)) continue;
    if (cur.fields.empty()) cur.line = n;
    cur.fields[key] = value;
  }
  flush();
  return out;
}

}  // namespace armaccel::test
