// SPDX-License-Identifier: Apache-2.0
// OSSL_FUNC_PROVIDER_GET_CAPABILITIES: the "TLS-GROUP" capability
// (ML-KEM-512/768/1024 and X25519MLKEM768 for TLS 1.3).
#pragma once

#include <openssl/core.h>

namespace armaccel::prov {

int get_capabilities(void* provctx, const char* capability, OSSL_CALLBACK* cb, void* arg) noexcept;

}  // namespace armaccel::prov
