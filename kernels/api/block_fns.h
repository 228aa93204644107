// SPDX-License-Identifier: Apache-2.0
// The entry types the block-cipher kernel tables (aes.h, sm4.h) share,
// over the cipher's key schedule type S.  Each table's comments give the
// contract of its entries.
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel {

// Key expansion from key_bytes bytes of key: false (rk unspecified) for an
// unsupported length.
template <class S>
using SetKeyFn = bool (*)(S* rk, const std::uint8_t* key, std::size_t key_bytes);

// Independent blocks: `blocks` 16-byte blocks from in to out.
template <class S>
using BlocksFn = void (*)(const S* rk, const std::uint8_t* in, std::uint8_t* out,
                          std::size_t blocks);

// Blocks with a 16-byte chaining value carried in and out: the CBC IV, the
// CTR counter block or the XTS tweak.
template <class S>
using ChainedFn = void (*)(const S* rk, const std::uint8_t* in, std::uint8_t* out,
                           std::size_t blocks, std::uint8_t chain[16]);

// CBC-MAC chaining: mac = E(mac ^ block) for each of `blocks` blocks of in.
template <class S>
using CbcMacFn = void (*)(const S* rk, const std::uint8_t* in, std::size_t blocks,
                          std::uint8_t mac[16]);

}  // namespace armaccel
