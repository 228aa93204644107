// SPDX-License-Identifier: Apache-2.0
// The algorithms armaccel offers, per operation, with OpenSSL's names,
// aliases and OIDs and the property "provider=armaccel".  Each provider
// instance keeps its own tables, built once at init from the full lists
// with only the families it registers on this CPU (step_aside.h), and
// returns them for the instance's life (OpenSSL may cache them).
#pragma once

#include <openssl/core.h>

#include "host_version.h"
#include "step_aside.h"

namespace armaccel::prov {

inline constexpr char kProperties[] = "provider=armaccel";

// Room for every entry of the full lists plus the end marker
// (algorithms.cpp checks the sizes at compile time).
struct AlgorithmTables {
  OSSL_ALGORITHM ciphers[28];
  OSSL_ALGORITHM digests[20];
  OSSL_ALGORITHM macs[5];
  OSSL_ALGORITHM keymgmt[6];
  OSSL_ALGORITHM kems[5];
  OSSL_ALGORITHM keyexch[2];
  OSSL_ALGORITHM encoders[3 * 7 + 7 + 1];  // ML-KEM's three sizes, X25519
  OSSL_ALGORITHM decoders[3 * 2 + 2 + 1];
};

// Fills `out` with the algorithms of the registered families.  OpenSSL 3.4
// took the default output length away from SHAKE-128/256 (an XOF length
// must be set); the digest table follows the host's release.
void build_algorithm_tables(const FamilyDecisions& d, const HostVersion& host,
                            AlgorithmTables* out);

// Encoders and decoders of ML-KEM keys (dispatch/keymgmt/mlkem_*coders.cpp),
// null-terminated.
const OSSL_ALGORITHM* mlkem_encoder_algorithms();
const OSSL_ALGORITHM* mlkem_decoder_algorithms();

}  // namespace armaccel::prov
