// SPDX-License-Identifier: Apache-2.0
#include "tls_cbc.h"

#include <openssl/prov_ssl.h>

#include "util/ct_declassify.h"

namespace armaccel::prov {

namespace {

constexpr int kWordBits = sizeof(std::size_t) * 8;

// Constant-time masks: all ones when the condition holds, zero otherwise.
inline std::size_t msb_mask(std::size_t x) {
  return 0 - (x >> (kWordBits - 1));
}
inline std::size_t mask_lt(std::size_t a, std::size_t b) {
  return msb_mask(a ^ ((a ^ b) | ((a - b) ^ b)));
}
inline std::size_t mask_ge(std::size_t a, std::size_t b) {
  return ~mask_lt(a, b);
}
inline std::size_t mask_eq(std::size_t a, std::size_t b) {
  const std::size_t x = a ^ b;
  return msb_mask(~x & (x - 1));
}

// x, opaque to the optimiser (no instruction).  For the public loop
// counters that meet a secret in a mask: without it GCC 12 shares one
// induction variable between the two and forms the loop's public
// addresses from it, e.g. record[len - 1 - i] as (record + len - pad) +
// (pad - i), so the address is computed from the secret padding length
// even though the sum is not (seen by the constant-time check, test/ct).
inline std::size_t opaque(std::size_t x) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(x));
#endif
  return x;
}

// Copies the mac_bytes bytes that end at offset mac_end of record[0..len)
// into out, reading every byte of the window the MAC can lie in (its
// position varies with the secret padding length by at most 255 + 1).
void copy_mac(const std::uint8_t* record, std::size_t len, std::size_t mac_end,
              std::size_t mac_bytes, std::uint8_t* out) {
  std::uint8_t rotated[kTlsMaxMacBytes] = {};
  const std::size_t mac_start = mac_end - mac_bytes;
  const std::size_t scan_start = len > mac_bytes + 256 ? len - (mac_bytes + 256) : 0;
  std::size_t in_mac = 0;
  std::size_t rotate_offset = 0;
  std::size_t j = 0;
  for (std::size_t i = scan_start; i < len; ++i) {
    const std::size_t at = opaque(i);
    const std::size_t started = mask_eq(at, mac_start);
    in_mac |= started;
    in_mac &= mask_lt(at, mac_end);
    rotate_offset |= j & started;
    rotated[j] = static_cast<std::uint8_t>(rotated[j] | (record[i] & in_mac));
    ++j;
    j &= mask_lt(j, mac_bytes);
  }
  // out[m] = rotated[(rotate_offset + m) mod mac_bytes], without a secret index.
  for (std::size_t m = 0; m < mac_bytes; ++m) {
    std::size_t idx = rotate_offset + opaque(m);
    idx -= mac_bytes & mask_ge(idx, mac_bytes);
    std::uint8_t v = 0;
    for (std::size_t k = 0; k < mac_bytes; ++k) {
      v = static_cast<std::uint8_t>(v | (rotated[k] & mask_eq(k, idx)));
    }
    out[m] = v;
  }
}

}  // namespace

std::size_t tls_add_padding(unsigned version, std::uint8_t* record, std::size_t len,
                            std::size_t capacity, std::size_t block_bytes) {
  const std::size_t pad_count = block_bytes - (len % block_bytes);  // 1 .. block_bytes
  if (capacity < len || capacity - len < pad_count) return 0;
  const std::uint8_t pad_value = static_cast<std::uint8_t>(pad_count - 1);
  for (std::size_t i = 0; i < pad_count; ++i) {
    record[len + i] = version == SSL3_VERSION ? 0 : pad_value;
  }
  record[len + pad_count - 1] = pad_value;
  return len + pad_count;
}

bool tls_remove_padding_and_mac(unsigned version, const std::uint8_t* record, std::size_t len,
                                std::size_t block_bytes, std::size_t mac_bytes,
                                const std::uint8_t* fallback_mac, std::uint8_t* mac_out,
                                std::size_t* payload_len) {
  if (mac_bytes > kTlsMaxMacBytes || block_bytes < 2) return false;
  bool ssl3 = false;
  switch (version) {
    case SSL3_VERSION:
      ssl3 = true;
      break;
    case TLS1_VERSION:
      break;
    case TLS1_1_VERSION:
    case TLS1_2_VERSION:
    case DTLS1_VERSION:
    case DTLS1_2_VERSION:
    case DTLS1_BAD_VER:
      if (len < block_bytes) return false;  // explicit IV
      record += block_bytes;
      len -= block_bytes;
      break;
    default:
      return false;
  }
  const std::size_t overhead = 1 + mac_bytes;  // padding length byte + MAC
  if (len < overhead) return false;

  const std::size_t pad = record[len - 1];
  std::size_t good = mask_ge(len, overhead + pad);
  if (ssl3) {
    good &= mask_ge(block_bytes, pad + 1);  // SSL 3.0: minimal padding, any pad bytes
  } else {
    // Check the maximum possible padding (256 bytes, or the whole record):
    // every byte at distance <= pad from the end must equal pad.
    const std::size_t to_check = len < 256 ? len : 256;
    for (std::size_t i = 0; i < to_check; ++i) {
      const std::size_t in_padding = mask_ge(pad, opaque(i));
      good &= ~(in_padding & (pad ^ record[len - 1 - i]));
    }
    good = mask_eq(0xff, good & 0xff);
  }
  const std::size_t unpadded = len - (good & (pad + 1));

  if (mac_bytes == 0) {
    // Encrypt-then-MAC: the MAC was checked before decryption, so a bad
    // padding here is no oracle and may fail publicly, and the payload
    // length is the authenticated record's.
    if (ct::declassify_value(good) == 0) return false;
    *payload_len = ct::declassify_value(unpadded);
    return true;
  }
  std::uint8_t mac[kTlsMaxMacBytes];
  copy_mac(record, len, unpadded, mac_bytes, mac);
  const std::uint8_t keep = static_cast<std::uint8_t>(good);
  for (std::size_t i = 0; i < mac_bytes; ++i) {
    mac_out[i] = static_cast<std::uint8_t>((mac[i] & keep) | (fallback_mac[i] & ~keep));
  }
  *payload_len = unpadded - mac_bytes;
  return true;
}

}  // namespace armaccel::prov
