// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the test suites: hex, files (plain or .gz), a seeded
// random source, and buffers that end at an inaccessible page so an
// over-read or over-write faults at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace armaccel::test {

using Bytes = std::vector<std::uint8_t>;

Bytes from_hex(std::string_view hex);
std::string to_hex(const std::uint8_t* data, std::size_t len);
inline std::string to_hex(const Bytes& b) {
  return to_hex(b.data(), b.size());
}

// test/vectors, resolved from the project root.
std::string vectors_dir();

// Whole file as text; *.gz files are decompressed (gzip -dc).  Carriage
// returns are dropped (NIST files use CRLF).  Fails the test if unreadable.
std::string read_text_file(const std::string& path);

// Deterministic randomness: the seed comes from ARMACCEL_TEST_SEED when set
// (to replay a failure), else a fixed default; tests print it on failure.
std::uint64_t test_seed();
class Rng {
 public:
  explicit Rng(std::uint64_t salt = 0) : engine_(test_seed() ^ (salt * 0x9E3779B97F4A7C15ull)) {}
  std::uint64_t next() { return engine_(); }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
  Bytes bytes(std::size_t n);
  void fill(std::uint8_t* p, std::size_t n);

 private:
  std::mt19937_64 engine_;
};

// ARMACCEL_EXPECT_LANES ("aes=aes-ce,sha256=sha256-ce,...", set by CTest for
// each emulated CPU) as a map; empty when unset.
std::map<std::string, std::string> expected_lanes();

// The lane a core variant belongs to (kernels/cpu/lane_table.cpp's
// CoreVariant names: the lane's name and "-ooo", "-ooo-gpr", "-vec" or
// "-gpr"):
// "chacha20-neon-ooo-gpr" and "keccak-neon-vec" give "chacha20-neon" and
// "keccak-neon"; any other name is returned as it is.
std::string variant_lane(const std::string& lane);

// A lane-* parameter's lane name: the text without the core table's note
// ("chacha20-neon-ooo (for cortex-a72: ...)" gives "chacha20-neon-ooo").
std::string lane_name(const std::string& lane_param);

// True under qemu (CTest sets QEMU_CPU for the emulated runs): long loops
// are thinned there.
bool emulated();

// Splits `total` into random chunk sizes (some 0 and 1, some large).
std::vector<std::size_t> random_splits(Rng& rng, std::size_t total);

// msg cut at random_splits' sizes, as separate pieces.
std::vector<Bytes> random_pieces(Rng& rng, const Bytes& msg);

// `size` bytes whose last byte sits just before a PROT_NONE page (or whose
// first byte sits just after one, with at_end = false).
class GuardedBuffer {
 public:
  explicit GuardedBuffer(std::size_t size, bool at_end = true);
  ~GuardedBuffer();
  GuardedBuffer(const GuardedBuffer&) = delete;
  GuardedBuffer& operator=(const GuardedBuffer&) = delete;
  std::uint8_t* data() { return data_; }
  std::size_t size() const { return size_; }

 private:
  void* mapping_ = nullptr;
  std::size_t mapping_size_ = 0;
  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace armaccel::test
