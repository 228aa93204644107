// SPDX-License-Identifier: Apache-2.0
#include "test_support.h"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace armaccel::test {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Bytes from_hex(std::string_view hex) {
  Bytes out;
  int high = -1;
  for (char c : hex) {
    const int v = hex_digit(c);
    if (v < 0) continue;  // tolerate spaces and separators
    if (high < 0) {
      high = v;
    } else {
      out.push_back(static_cast<std::uint8_t>(high << 4 | v));
      high = -1;
    }
  }
  EXPECT_LT(high, 0) << "odd number of hex digits in " << hex;
  return out;
}

std::string to_hex(const std::uint8_t* data, std::size_t len) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s;
  s.reserve(2 * len);
  for (std::size_t i = 0; i < len; ++i) {
    s.push_back(kDigits[data[i] >> 4]);
    s.push_back(kDigits[data[i] & 15]);
  }
  return s;
}

std::string vectors_dir() {
  return std::string(ARMACCEL_SOURCE_DIR) + "/test/vectors";
}

std::string read_text_file(const std::string& path) {
  std::string text;
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
    const std::string cmd = "gzip -dc '" + path + "'";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (pipe == nullptr) {
      ADD_FAILURE() << "cannot run " << cmd;
      return {};
    }
    char buf[65536];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) text.append(buf, n);
    if (pclose(pipe) != 0) ADD_FAILURE() << cmd << " failed";
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      ADD_FAILURE() << "cannot read " << path;
      return {};
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    if (c != '\r') out.push_back(c);
  return out;
}

std::uint64_t test_seed() {
  static const std::uint64_t seed = [] {
    const char* env = std::getenv("ARMACCEL_TEST_SEED");
    return env != nullptr ? std::strtoull(env, nullptr, 0) : 0x61726d616363656cull;
  }();
  return seed;
}

Bytes Rng::bytes(std::size_t n) {
  Bytes b(n);
  fill(b.data(), n);
  return b;
}

void Rng::fill(std::uint8_t* p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(next());
}

std::map<std::string, std::string> expected_lanes() {
  std::map<std::string, std::string> out;
  const char* env = std::getenv("ARMACCEL_EXPECT_LANES");
  if (env == nullptr) return out;
  std::stringstream ss(env);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto eq = item.find('=');
    if (eq != std::string::npos) out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return out;
}

std::string variant_lane(const std::string& lane) {
  for (const char* suffix : {"-ooo-gpr", "-ooo", "-vec", "-gpr"})
    if (lane.ends_with(suffix)) return lane.substr(0, lane.size() - std::strlen(suffix));
  return lane;
}

std::string lane_name(const std::string& lane_param) {
  const auto note = lane_param.find(" (for ");
  return note == std::string::npos ? lane_param : lane_param.substr(0, note);
}

bool emulated() {
  return std::getenv("QEMU_CPU") != nullptr;
}

std::vector<std::size_t> random_splits(Rng& rng, std::size_t total) {
  std::vector<std::size_t> parts;
  std::size_t left = total;
  while (left > 0) {
    std::size_t n;
    switch (rng.below(6)) {
      case 0:
        n = 0;
        break;
      case 1:
        n = 1;
        break;
      case 2:
        n = 1 + rng.below(16);
        break;
      case 3:
        n = 16 * (1 + rng.below(4));
        break;
      default:
        n = 1 + rng.below(left);
        break;
    }
    if (n > left) n = left;
    parts.push_back(n);
    left -= n;
  }
  return parts;
}

std::vector<Bytes> random_pieces(Rng& rng, const Bytes& msg) {
  std::vector<Bytes> pieces;
  std::size_t at = 0;
  for (std::size_t part : random_splits(rng, msg.size())) {
    pieces.emplace_back(msg.begin() + static_cast<std::ptrdiff_t>(at),
                        msg.begin() + static_cast<std::ptrdiff_t>(at + part));
    at += part;
  }
  return pieces;
}

GuardedBuffer::GuardedBuffer(std::size_t size, bool at_end) : size_(size) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t data_pages = (size + page - 1) / page;
  mapping_size_ = (data_pages + 2) * page;
  mapping_ = mmap(nullptr, mapping_size_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) {
    mapping_ = nullptr;
    ADD_FAILURE() << "mmap failed";
    return;
  }
  auto* base = static_cast<std::uint8_t*>(mapping_);
  if (data_pages > 0) mprotect(base + page, data_pages * page, PROT_READ | PROT_WRITE);
  data_ = at_end ? base + page + data_pages * page - size : base + page;
}

GuardedBuffer::~GuardedBuffer() {
  if (mapping_ != nullptr) munmap(mapping_, mapping_size_);
}

}  // namespace armaccel::test
