// SPDX-License-Identifier: Apache-2.0
// Endian-explicit loads and stores for the portable kernels and drivers:
// one unaligned load/store plus a byte swap on little-endian hosts.
//
// Not for lane files in kernels/aarch64 (or any file built with extension
// flags): these are inline functions, and an out-of-line copy emitted from
// such a file could be the one the linker keeps (see docs/architecture.md,
// extension-flag hazard).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(_MSC_VER) && !defined(__clang__)
#include <stdlib.h>
#endif

#include "util/always_inline.h"

namespace armaccel::bytes {

// v with its bytes in the opposite order; T is uint32_t or uint64_t.
template <class T>
inline T bswap(T v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
#if defined(__GNUC__) || defined(__clang__)
  if constexpr (sizeof(T) == 4) {
    return __builtin_bswap32(v);
  } else {
    return __builtin_bswap64(v);
  }
#elif defined(_MSC_VER)
  if constexpr (sizeof(T) == 4) {
    return _byteswap_ulong(v);
  } else {
    return _byteswap_uint64(v);
  }
#else
  T r = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) r = (r << 8) | ((v >> (8 * i)) & 0xff);
  return r;
#endif
}

inline std::uint64_t bswap64(std::uint64_t v) {
  return bswap(v);
}

// v converted between the native byte order and `order` (either way: a byte
// swap is its own inverse).
template <std::endian order, class T>
inline T to_order(T v) {
  if constexpr (std::endian::native == order) {
    return v;
  } else {
    return bswap(v);
  }
}

template <class T>
inline T to_big(T v) {
  return to_order<std::endian::big>(v);
}

template <class T>
inline T to_little(T v) {
  return to_order<std::endian::little>(v);
}

// A T (uint32_t or uint64_t) from sizeof(T) bytes at p in byte order `order`.
template <std::endian order, class T>
inline T load(const std::uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return to_order<order>(v);
}

// v as sizeof(T) bytes at p in byte order `order`.
template <std::endian order, class T>
inline void store(std::uint8_t* p, T v) {
  v = to_order<order>(v);
  std::memcpy(p, &v, sizeof v);
}

inline std::uint32_t load_be32(const std::uint8_t* p) {
  return load<std::endian::big, std::uint32_t>(p);
}
inline std::uint64_t load_be64(const std::uint8_t* p) {
  return load<std::endian::big, std::uint64_t>(p);
}
inline std::uint32_t load_le32(const std::uint8_t* p) {
  return load<std::endian::little, std::uint32_t>(p);
}
inline std::uint64_t load_le64(const std::uint8_t* p) {
  return load<std::endian::little, std::uint64_t>(p);
}
inline void store_be32(std::uint8_t* p, std::uint32_t v) {
  store<std::endian::big>(p, v);
}
inline void store_be64(std::uint8_t* p, std::uint64_t v) {
  store<std::endian::big>(p, v);
}
inline void store_le32(std::uint8_t* p, std::uint32_t v) {
  store<std::endian::little>(p, v);
}
inline void store_le64(std::uint8_t* p, std::uint64_t v) {
  store<std::endian::little>(p, v);
}

// The streaming drivers' buffer top-up: moves min(len, cap - used) bytes
// from in to buf + used and advances used, in and len past them.
template <class N>
ARMACCEL_ALWAYS_INLINE void top_up(std::uint8_t* buf, N& used, std::size_t cap,
                                   const std::uint8_t*& in, std::size_t& len) {
  const std::size_t take = len < cap - used ? len : cap - used;
  std::memcpy(buf + used, in, take);
  used += static_cast<N>(take);
  in += take;
  len -= take;
}

}  // namespace armaccel::bytes
