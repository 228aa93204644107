// SPDX-License-Identifier: Apache-2.0
// TLS/SSL CBC record handling that libssl leaves to a provided cipher once
// it has set "tls-version" (docs/openssl-notes.md): padding on encryption, and on
// decryption the explicit-IV skip, the padding check and the MAC extraction,
// all in constant time (no branch or index on the padding length), so that
// a bad record cannot be told from a bad MAC (Lucky 13, padding oracles).
// RFC 5246 §6.2.3.2 (TLS 1.2), RFC 4346 (1.1), RFC 2246 (1.0), RFC 6101
// (SSL 3.0), RFC 6347 (DTLS).
#pragma once

#include <cstddef>
#include <cstdint>

namespace armaccel::prov {

inline constexpr std::size_t kTlsMaxMacBytes = 64;

// Appends minimal CBC padding to record[0..len): TLS and DTLS use pad_len+1
// bytes of value pad_len; SSL 3.0 leaves the pad bytes free and OpenSSL
// writes zeros there, then the length byte.  Returns the padded length, or 0
// if it would exceed capacity.  Public lengths only.
std::size_t tls_add_padding(unsigned version, std::uint8_t* record, std::size_t len,
                            std::size_t capacity, std::size_t block_bytes);

// For a decrypted CBC record of `len` bytes (explicit IV first for TLS 1.1+
// and DTLS), computes the payload length and extracts the MAC into
// mac_out[mac_bytes].  If the padding is bad, the length keeps the padding
// and mac_out gets `fallback_mac` instead (an unpredictable value), so the
// caller's MAC check fails the same way it would for a bad MAC.
// Returns false only for records that are publicly malformed (too short, or
// an unknown version); then nothing is written.  mac_bytes <= 64.
// On success *payload_len is the length of the payload, which starts after
// the explicit IV (TLS 1.1+/DTLS) or at the record start (SSL 3.0, TLS 1.0).
bool tls_remove_padding_and_mac(unsigned version, const std::uint8_t* record, std::size_t len,
                                std::size_t block_bytes, std::size_t mac_bytes,
                                const std::uint8_t* fallback_mac, std::uint8_t* mac_out,
                                std::size_t* payload_len);

}  // namespace armaccel::prov
