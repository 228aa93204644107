// ML-KEM key encoders/decoders (mlkem_codecs.cpp): the provider's config
// settings they honour.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "../prov_ctx.h"

namespace armaccel::prov {

// Reads OpenSSL 3.5's ML-KEM settings from this instance's config section:
// ml-kem.retain_seed and ml-kem.prefer_seed (yes/no, true/false, on/off,
// 1/0), ml-kem.input_formats and ml-kem.output_formats (lists of
// private-key form names, see mlkem_der.h).  Absent or unreadable values
// leave the defaults.
void mlkem_read_config(const OSSL_CORE_HANDLE* handle,
                       OSSL_FUNC_core_get_params_fn* core_get_params, MlkemSettings* settings);

}  // namespace armaccel::prov
