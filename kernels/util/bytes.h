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
#include <cstdint>
#include <cstring>

#if defined(_MSC_VER) && !defined(__clang__)
#include <stdlib.h>
#endif

#include "util/always_inline.h"

namespace armaccel::bytes {

inline std::uint32_t bswap32(std::uint32_t v) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_bswap32(v);
#elif defined(_MSC_VER)
  return _byteswap_ulong(v);
#else
  return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
#endif
}

inline std::uint64_t bswap64(std::uint64_t v) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_bswap64(v);
#elif defined(_MSC_VER)
  return _byteswap_uint64(v);
#else
  return (std::uint64_t{bswap32(static_cast<std::uint32_t>(v))} << 32) |
         bswap32(static_cast<std::uint32_t>(v >> 32));
#endif
}

template <class T>
inline T to_big(T v) {
  if constexpr (std::endian::native == std::endian::big) {
    return v;
  } else if constexpr (sizeof(T) == 4) {
    return bswap32(v);
  } else {
    return bswap64(v);
  }
}

template <class T>
inline T to_little(T v) {
  if constexpr (std::endian::native == std::endian::little) {
    return v;
  } else if constexpr (sizeof(T) == 4) {
    return bswap32(v);
  } else {
    return bswap64(v);
  }
}

inline std::uint32_t load_be32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return to_big(v);
}

inline std::uint64_t load_be64(const std::uint8_t* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return to_big(v);
}

inline std::uint32_t load_le32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return to_little(v);
}

inline std::uint64_t load_le64(const std::uint8_t* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return to_little(v);
}

inline void store_be32(std::uint8_t* p, std::uint32_t v) {
  v = to_big(v);
  std::memcpy(p, &v, 4);
}

inline void store_be64(std::uint8_t* p, std::uint64_t v) {
  v = to_big(v);
  std::memcpy(p, &v, 8);
}

inline void store_le32(std::uint8_t* p, std::uint32_t v) {
  v = to_little(v);
  std::memcpy(p, &v, 4);
}

inline void store_le64(std::uint8_t* p, std::uint64_t v) {
  v = to_little(v);
  std::memcpy(p, &v, 8);
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
