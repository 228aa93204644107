// The algorithms armaccel offers, per operation, with OpenSSL's names,
// aliases and OIDs and the property "provider=armaccel".  The tables are
// static and shared by every provider instance (OpenSSL may cache them);
// which lane runs is decided per instance at newctx time.
#pragma once

#include <openssl/core.h>

#include "host_version.h"

namespace armaccel::prov {

inline constexpr char kProperties[] = "provider=armaccel";

const OSSL_ALGORITHM* cipher_algorithms();
// OpenSSL 3.4 took the default output length away from SHAKE-128/256 (an
// XOF length must be set); the digest list follows the host's release.
const OSSL_ALGORITHM* digest_algorithms(const HostVersion& host);
const OSSL_ALGORITHM* mac_algorithms();
const OSSL_ALGORITHM* keymgmt_algorithms();
const OSSL_ALGORITHM* kem_algorithms();
// Encoders and decoders of ML-KEM keys (dispatch/mlkem_codecs.cpp).
const OSSL_ALGORITHM* encoder_algorithms();
const OSSL_ALGORITHM* decoder_algorithms();

}  // namespace armaccel::prov
