// SPDX-License-Identifier: Apache-2.0
// One EVP_MAC computation for the MAC suites, and the checks of an
// evpmac.txt stanza's expectations.
#pragma once

#include <openssl/core.h>
#include <openssl/evp.h>

#include <cstddef>
#include <string>
#include <vector>

#include "test_support.h"
#include "vector_files.h"

namespace armaccel::test {

// EVP_MAC_init with key and params (an empty key is passed as a valid
// pointer with length 0), one EVP_MAC_update per input, EVP_MAC_final into
// out.  Returns "" or the failing step as evp_test names it
// (MAC_CREATE_ERROR, MAC_INIT_ERROR, MAC_UPDATE_ERROR, MAC_FINAL_ERROR).
// size/block, when given, receive EVP_MAC_CTX_get_mac_size/_block_size
// after init.
std::string evp_mac_run(EVP_MAC* mac, const OSSL_PARAM params[], const Bytes& key,
                        const std::vector<Bytes>& inputs, Bytes* out, std::size_t* size = nullptr,
                        std::size_t* block = nullptr);

// The stanza's "Result" (an expected failure step) or its "Output",
// "OutputSize" and "BlockSize", checked with gtest expectations; errors is
// the drained error queue, shown on failure.
void expect_mac_stanza(const Stanza& s, const std::string& err, const std::string& errors,
                       const Bytes& out, std::size_t size, std::size_t block);

}  // namespace armaccel::test
