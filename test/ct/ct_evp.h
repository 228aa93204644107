// SPDX-License-Identifier: Apache-2.0
// The EVP half of the constant-time check (ct_provider): one library
// context with armaccel loaded, fetching from it, the vector files, and the
// checks, one file per family.
#pragma once

#include <openssl/evp.h>

#include <nlohmann/json.hpp>
#include <string>

#include "ct_check.h"

namespace armaccel::ct_test {

inline constexpr const char* kPropq = "provider=armaccel";

// The library context with armaccel (and, for what armaccel lacks, the
// default provider) loaded; exits with status 2 if armaccel does not load.
OSSL_LIB_CTX* libctx();
void unload_armaccel();

// When ARMACCEL_EXPECT_LANES is set ("aes=aes-ce,gcm=gcm-ce,...", as for the
// test suites), checks that armaccel reports those lanes (its lane-*
// parameters): a CPU configuration that fell back to other lanes fails.
void check_provider_lanes();

// armaccel's cipher of that name; exits with status 2 if there is none.
EVP_CIPHER* fetch(const std::string& name);

Bytes hex(const nlohmann::json& v);
nlohmann::json read_json(const std::string& rel);  // test/vectors/<rel>

void check_aead_messages();  // ct_evp_aead.cpp
void check_tls_aead();       // ct_evp_tls_aead.cpp
void check_cbc_padding();    // ct_evp_cbc.cpp
void check_tls_cbc();        // ct_evp_cbc.cpp
void check_xts();            // ct_evp_xts_mac.cpp
void check_macs();           // ct_evp_xts_mac.cpp
void check_mlkem_evp();      // ct_evp_mlkem.cpp

}  // namespace armaccel::ct_test
